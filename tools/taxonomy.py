#!/usr/bin/env python3
"""Makes Chirper's taxonomy file from the tables the `birdnames` package ships.

    tools/taxonomy.py OUT.tsv [WHEEL]

Without WHEEL, pip downloads birdnames at the version and hash pinned below into a temporary folder.
Only the wheel's data tables are read (no code of the package runs). The output has one line per
species, tab-separated:

    scientific  family  english(AviList)  english(eBird, when it differs)  other English names (|)
    eBird code  banding code (4 letters)  banding code (6 letters)  other scientific names (|)

A species eBird files under another scientific name than AviList (another genus, an ending that agrees
with another gender) is one species when its English name is AviList's: eBird's scientific name is kept
as another name of it.

Lines starting with # say where the data came from. To refresh: raise BIRDNAMES_VERSION and
BIRDNAMES_SHA256 to a newer release, run `make taxonomy`, and check docs/names.md's credits.
"""

import csv
import hashlib
import io
import os
import subprocess
import sys
import tempfile
import zipfile

BIRDNAMES_VERSION = "0.1.3"
BIRDNAMES_SHA256 = "4a02aa53dd2cf78fb4d0a0b5cb2c7b3bf98780ec9ef2f2bd1aaf5b384f302400"
TABLES = {
    "avilist": "birdnames/data/processed/avilist_2025_taxonomy.csv",
    "ebird": "birdnames/data/processed/ebird_2024_taxonomy.csv",
    "ibp": "birdnames/data/processed/ibp_2024_taxonomy.csv",
    "bbl": "birdnames/data/processed/bbl_2025_taxonomy.csv",
}
SOURCES = [
    "AviList Core Team. 2025. AviList: The Global Avian Checklist, v2025. https://doi.org/10.2173/avilist.v2025 (CC BY 4.0)",
    "eBird/Clements Checklist of Birds of the World, v2024, Cornell Lab of Ornithology (names and species codes)",
    "Institute for Bird Populations, 2024 alpha codes (4- and 6-letter banding codes)",
    "USGS Bird Banding Laboratory, 2025 alpha codes (a work of the US government)",
    "as packaged by birdnames %s (Sam Lapp, MIT licence), https://pypi.org/project/birdnames/" % BIRDNAMES_VERSION,
]


def wheel_path(work):
    """The wheel, fetched by pip (which follows the machine's index settings), else straight from PyPI."""
    fetched = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                              "birdnames==" + BIRDNAMES_VERSION, "-d", work])
    names = [n for n in os.listdir(work) if n.endswith(".whl")]
    if fetched.returncode == 0 and len(names) == 1:
        return os.path.join(work, names[0])
    print("taxonomy: pip could not fetch birdnames; asking PyPI's index directly", file=sys.stderr)
    import re
    import urllib.request
    wheel = "birdnames-%s-py3-none-any.whl" % BIRDNAMES_VERSION
    with urllib.request.urlopen("https://pypi.org/simple/birdnames/", timeout=60) as answer:
        links = re.findall(r'href="([^"#]*/%s)[#"]' % re.escape(wheel), answer.read().decode("utf-8", "replace"))
    if not links:
        sys.exit("taxonomy: PyPI's index lists no %s" % wheel)
    path = os.path.join(work, wheel)
    with urllib.request.urlopen(links[0], timeout=120) as answer, open(path, "wb") as out:
        out.write(answer.read())
    return path


def rows(wheel, member):
    with wheel.open(member) as raw:
        yield from csv.DictReader(io.TextIOWrapper(raw, encoding="utf-8"))


def clean(text):
    """One line of text: no tabs, newlines or bars, which the file uses as separators."""
    return " ".join((text or "").replace("|", " ").split())


def key(name):
    return " ".join("".join(c if c.isalnum() else " " for c in name.lower().replace("'", "")).split())


def species_table(wheel):
    species = {}  # scientific name -> fields, in AviList's order, then eBird's additions
    synonyms = {}  # another scientific name -> the one species is kept under

    def entry(scientific):
        return species.setdefault(scientific, {"family": "", "avilist": "", "ebird": "", "other": [],
                                               "code": "", "alpha4": "", "alpha6": "", "synonyms": []})

    for row in rows(wheel, TABLES["avilist"]):
        if row["avilist_taxon_rank"] != "species":
            continue
        item = entry(clean(row["scientific_name"]))
        item["family"] = clean(row["avilist_family"])
        item["avilist"] = clean(row["avilist_common_name"])
    by_english = {key(item["avilist"]): scientific for scientific, item in species.items() if item["avilist"]}
    for row in rows(wheel, TABLES["ebird"]):
        scientific = clean(row["scientific_name"])
        if len(scientific.split()) != 2:
            continue  # eBird's slashes, spuhs, hybrids and forms are not species
        english = clean(row["ebird_common_name"])
        same = by_english.get(key(english))
        if scientific not in species and same and not species[same]["code"]:
            species[same]["synonyms"].append(scientific)
            synonyms[scientific] = same
            scientific = same
        item = entry(scientific)
        item["ebird"] = english
        item["code"] = clean(row["ebird_ebird_code"])
        item["family"] = item["family"] or clean(row["ebird_family"])
    for table, alpha in (("bbl", "bbl_alpha"), ("ibp", "ibp_alpha")):
        for row in rows(wheel, TABLES[table]):
            scientific = clean(row["scientific_name"])
            item = species.get(synonyms.get(scientific, scientific))
            if item is None:
                continue
            item["other"].append(clean(row[table + "_common_name"]))
            item["alpha4"] = item["alpha4"] or clean(row[alpha])
            if table == "ibp":
                item["alpha6"] = clean(row["ibp_alpha6"])
    return species


def lines(species):
    for scientific, item in species.items():
        english = item["avilist"] or item["ebird"]
        if not english:
            continue
        ebird = item["ebird"] if item["ebird"] != english else ""
        other = []
        for name in item["other"]:
            if name and name not in (english, ebird) and name not in other:
                other.append(name)
        yield "\t".join([scientific, item["family"], english, ebird, "|".join(other),
                         item["code"], item["alpha4"], item["alpha6"], "|".join(item["synonyms"])])


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        path = sys.argv[2] if len(sys.argv) == 3 else wheel_path(work)
        with open(path, "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
        if digest != BIRDNAMES_SHA256:
            sys.exit("taxonomy: %s has SHA-256 %s, not the %s pinned for birdnames %s"
                     % (path, digest, BIRDNAMES_SHA256, BIRDNAMES_VERSION))
        with zipfile.ZipFile(path) as wheel:
            body = list(lines(species_table(wheel)))
    header = ["# Chirper's bird names: %d species. Sources:" % len(body)] + ["#   " + s for s in SOURCES]
    header.append("# scientific\tfamily\tenglish\tebird-english\tother-english\tebird-code\tbanding-4\tbanding-6\tother-scientific")
    partial = out + ".part"
    with open(partial, "w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(header + body) + "\n")
    os.replace(partial, out)


if __name__ == "__main__":
    main()
