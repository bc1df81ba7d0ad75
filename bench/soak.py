#!/usr/bin/env python3
"""`make soak`: a queue of 200 short tracks, a fifth of them with a fault (a dropped connection, a stall, a
503, an HTML page), played to a null sink. The process's open file descriptors and RSS after the first 10
tracks must equal those at the end within 10 %: nothing leaks per track, whatever happened to it.
Exits 1 when they do not (about 5 minutes; not part of `make test`).
"""

import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import CHIRPER, SoundServer  # noqa: E402  (the benchmark's daemon with null sinks)

TRACKS = 200
FAULT_SHARE = "0.2"


def sample(pid):
    """Open descriptors and resident memory (kB) of a running process."""
    descriptors = len(os.listdir(f"/proc/{pid}/fd"))
    rss = next(int(line.split()[1]) for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS:"))
    return descriptors, rss


def main():
    if not CHIRPER.exists():
        raise SystemExit(f"soak: {CHIRPER} is missing: run make soak")
    server = SoundServer()
    env = dict(server.env, CHIRPER_CACHE=os.path.join(server.runtime, "cache"))
    catalog = subprocess.Popen([str(CHIRPER), "serve-demo", "--catalog", "soak", "--random-faults", FAULT_SHARE],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        lines = [catalog.stdout.readline().strip() for _ in range(5)]
        api = lines[0].split(": ", 1)[1]
        print(lines[4] if len(lines) > 4 else "no faults", flush=True)
        queue = subprocess.Popen([str(CHIRPER), "queue", "gen:Soak", "--per-page", str(TRACKS), "--gap", "0",
                                  "--api-url", api, "--key", "demo"],
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        started = time.monotonic()
        after_ten = at_end = None
        output = []
        for line in queue.stdout:
            output.append(line.rstrip("\n"))
            if line.startswith(f"11/{TRACKS} ") and after_ten is None:
                after_ten = sample(queue.pid)
                print(f"after 10 tracks: {after_ten[0]} descriptors, {after_ten[1]} kB resident", flush=True)
            if line.startswith(f"{TRACKS}/{TRACKS} "):
                at_end = sample(queue.pid)
                print(f"at track {TRACKS}: {at_end[0]} descriptors, {at_end[1]} kB resident", flush=True)
        status = queue.wait()
        summary = next((line for line in reversed(output) if line.startswith("Played")), "no summary")
        print(f"{summary} (exit {status}, {time.monotonic() - started:.0f} s)")
    finally:
        catalog.terminate()
        catalog.wait()
        server.stop()
    if after_ten is None or at_end is None:
        print("\n".join(output[-20:]))
        raise SystemExit("soak: the queue did not reach its 11th and last tracks")
    failures = [f"{name}: {first} after 10 tracks, {last} at the end"
                for name, first, last in [("descriptors", after_ten[0], at_end[0]), ("RSS (kB)", after_ten[1], at_end[1])]
                if abs(last - first) > 0.1 * first]
    if failures:
        raise SystemExit("soak: grew: " + "; ".join(failures))
    print("soak: descriptors and RSS flat within 10 %")


if __name__ == "__main__":
    main()
