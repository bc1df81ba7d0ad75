#!/usr/bin/env python3
"""`make hot-functions`: which functions a play runs, listed for the linker to lay side by side.

The release build links with `--symbol-ordering-file=link/hot-functions.order` (Package.swift)
and compiles every module with `-function-sections` (the Makefile's RELEASE), so lld lays the functions a
play runs side by side at the start of .text. The kernel maps a binary's code in whole runs of pages
around each one touched; with the hot functions scattered over the 14 MB of .text (the Swift runtime,
FoundationEssentials, NIO, ArgumentParser and Chirper), a play kept about 10 MB of it resident.

This runs the release `chirper` under `valgrind --tool=callgrind --dump-instr=yes` against the demo
catalog and a PulseAudio daemon of its own (null sink), maps every instruction it ran in the chirper
binary to the symbol whose code holds it, and lists those symbols by scenario: plays by URL first (what
`make bench` measures), then a play by XC number through the API, a queue, and a search. lld matches the
names; names that no longer exist after an edit are skipped, so a stale file costs only layout, never a
build. Regenerate after large changes; the file is generated, never edited.
"""

import bisect
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import CHIRPER, ROOT, DemoCatalog, SoundServer, log  # noqa: E402

ORDER_FILE = ROOT / "link/hot-functions.order"
# Seconds under valgrind before a run still playing gets Ctrl-C (the 4 s tones end well before).
INTERRUPT_AFTER = 20


def scenarios(catalog):
    """The runs, most important first: a function is listed where it first ran."""
    api = ["--api-url", catalog.api, "--key", "demo"]
    return [
        # A 4 s tone: a play runs the same code as the 60 s one; two, for more of the timing's paths.
        ["play", "--no-cache", catalog.sound("910004")],
        ["play", "--no-cache", catalog.sound("910005")],
        # The 10-minute stereo file, stopped by Ctrl-C after a few seconds (as `make bench` stops it).
        ["play", "--no-cache", catalog.sound("910002")],
        ["play", "--no-cache", *api, "910005"],
        ["queue", "--no-cache", *api, "gen:Lacuna"],
        ["search", *api, "gen:Turdus"],
    ]


def symbols(binary):
    """The binary's code symbols as (address, names at it), sorted: what lld can order."""
    by_address = {}
    listing = subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            by_address.setdefault(int(parts[0], 16), []).append(parts[2])
    return sorted(by_address.items())


def functions_run(profile, binary_name, code):
    """Names of the functions of `binary_name` that ran, in the order callgrind lists their code. From the
    instruction addresses (`--dump-instr=yes`), not callgrind's names: where several symbols share code,
    callgrind picks one, and the section lld moves may be another's."""
    starts = [address for address, _ in code]
    names, current = [], None
    for line in profile.read_text(errors="replace").splitlines():
        if line.startswith("ob="):
            current = line[3:]
        elif line.startswith("0x") and current and current.endswith(binary_name):
            index = bisect.bisect_right(starts, int(line.split()[0], 16)) - 1
            if index >= 0:
                names += code[index][1]
    return names


def main():
    if not CHIRPER.exists():
        raise SystemExit("hot-functions: build the release chirper first (make build)")
    work = Path(tempfile.mkdtemp(prefix="chirper-hot."))
    # valgrind 3.19 cannot read the release build's DWARF 5; the symbol table is all this needs.
    binary = work / "chirper"
    subprocess.run(["strip", "--strip-debug", "-o", str(binary), str(CHIRPER)], check=True)
    code = symbols(CHIRPER)
    order, listed = [], set()
    server = SoundServer()
    catalog = None
    try:
        env = dict(server.env, CHIRPER_CACHE=str(work / "cache"))
        catalog = DemoCatalog(env)
        for number, arguments in enumerate(scenarios(catalog)):
            profile = work / f"callgrind.{number}"
            log(f"hot-functions: chirper {' '.join(arguments)}")
            run = subprocess.Popen(["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=yes",
                                    "--compress-pos=no", "--compress-strings=no", f"--callgrind-out-file={profile}",
                                    str(binary), *arguments], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
            try:
                status = run.wait(timeout=INTERRUPT_AFTER)
            except subprocess.TimeoutExpired:
                run.send_signal(signal.SIGINT)  # a long play: stopped as a listener (and the benchmark) stops it
                try:
                    status = run.wait(timeout=120)
                except subprocess.TimeoutExpired:
                    run.kill()
                    raise SystemExit(f"hot-functions: chirper {' '.join(arguments)} did not stop")
                status = 0 if status in (130, -signal.SIGINT) else status
            if status != 0 or not profile.exists():
                raise SystemExit(f"hot-functions: chirper {' '.join(arguments)} exited {status}")
            for name in functions_run(profile, binary.name, code):
                if name not in listed:
                    listed.add(name)
                    order.append(name)
    finally:
        if catalog:
            catalog.stop()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    if len(order) < 1000:
        raise SystemExit(f"hot-functions: only {len(order)} functions ran; is valgrind working?")
    # The list before is kept after the new one: which paths a play takes on its threads depends on
    # timing, and a function that ran once but is missing costs its 64 KB of neighbours resident (the
    # union of two runs left a play 0.8 MB smaller than either alone). Names no longer in the binary are
    # dropped, so the list does not only grow.
    if ORDER_FILE.exists():
        present = {name for _, names in code for name in names}
        order += [name for name in ORDER_FILE.read_text().split() if name not in listed and name in present]
    ORDER_FILE.write_text("\n".join(order) + "\n")
    log(f"hot-functions: {len(order)} functions written to {ORDER_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
