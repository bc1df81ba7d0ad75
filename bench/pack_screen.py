"""`make bench`'s pack rows (#31): `browse --pack` of a pack of 1,000 recordings, from the process's start to its
first screen of rows, in a pseudo-terminal. The pack is made by the bench in its own XDG_DATA_HOME: a
pack.json of 1,000 recordings shaped as the API sends them and a small file for each."""

import fcntl
import json
import os
import pty
import re
import select
import statistics
import struct
import termios
import time
from pathlib import Path

SPECIES = [("Parus", "major", "Great Tit"), ("Turdus", "merula", "Common Blackbird"), ("Erithacus", "rubecula", "European Robin"),
           ("Fringilla", "coelebs", "Common Chaffinch"), ("Sylvia", "atricapilla", "Eurasian Blackcap")]


def make_pack(data_home, name="big", count=1000):
    folder = Path(data_home, "chirper", "packs", name)
    folder.mkdir(parents=True, exist_ok=True)
    recordings = []
    for index in range(count):
        number = str(800000 + index)
        genus, species, english = SPECIES[index % len(SPECIES)]
        recordings.append({
            "id": number, "gen": genus, "sp": species, "en": english, "rec": "Bench Recordist", "cnt": "France",
            "type": ["song", "call"][index % 2], "q": "ABCDE"[index % 5], "length": f"0:{10 + index % 50:02d}",
            "file": f"https://xeno-canto.org/{number}/download", "lic": "//creativecommons.org/licenses/by-nc-sa/4.0/",
            "url": f"//xeno-canto.org/{number}", "date": "2024-05-01", "also": [],
        })
        (folder / f"XC{number}.mp3").write_bytes(b"\xff")
    document = {"format": "chirper-pack 1", "name": name, "source": "bench", "built": "2026-11-25", "recordings": recordings}
    (folder / "pack.json").write_text(json.dumps(document))
    return name


def first_screen_ms(command, env, pattern=rb"row 1 of \d+", timeout=10):
    """ms from the start of `command` in a 120×40 pseudo-terminal to the first output holding `pattern`."""
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command, dict(env, TERM="xterm-256color", LINES="40", COLUMNS="120"))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    screen, shown = b"", None
    try:
        while time.monotonic() - start < timeout:
            ready, _, _ = select.select([fd], [], [], 0.005)
            if ready:
                try:
                    screen += os.read(fd, 65536)
                except OSError:
                    break
                if re.search(pattern, screen):
                    shown = (time.monotonic() - start) * 1000
                    break
    finally:
        end_in_pty(pid, fd)
    return shown


def end_in_pty(pid, fd):
    """q, then SIGTERM if the program is still there; the child reaped and the terminal closed."""
    try:
        os.write(fd, b"q")
    except OSError:
        pass
    time.sleep(0.3)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)


def browse_pack(chirper, env, work, runs=7):
    data_home = str(Path(work, "pack-data"))
    name = make_pack(data_home)
    env = dict(env, XDG_DATA_HOME=data_home)
    times = [first_screen_ms([str(chirper), "browse", "--pack", name], env) for _ in range(runs + 1)][1:]
    times = [t for t in times if t is not None]
    return {"ms": statistics.median(times) if times else None, "runs": len(times)}
