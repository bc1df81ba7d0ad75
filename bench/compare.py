#!/usr/bin/env python3
"""`make bench`: Chirper beside mpg123 and mpv, in one run, on the same files and the same sound server.

Starts its own PulseAudio daemon (three null sinks) and the demo catalog's benchmark set
(`chirper serve-demo --catalog bench`) on 127.0.0.1, measures, prints one table and writes it to
bench/results.md. Needs the release build of chirper and ChirperBench (the Makefile builds them), and
mpg123, mpv, hyperfine, parec and a Python venv with the API clients (the Makefile installs them).
Nothing here asserts: the table says where each figure stands against its target.
"""

import datetime
import json
import os
import platform
import queue
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHIRPER = ROOT / ".build/release/chirper"
CHIRPER_BENCH = ROOT / ".build/release/ChirperBench"
VENV_PYTHON = ROOT / ".build/bench-venv/bin/python"
RESULTS = ROOT / "bench/results.md"

RATE = 48_000  # the null sinks' rate; the monitors are recorded at it, mono
SINKS = ["bench_a", "bench_b", "bench_c"]
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))  # 60 s playback rounds (each plays every player at once)
FIRST_SOUND_TRIALS = int(os.environ.get("BENCH_FIRST_SOUND_TRIALS", "9"))
SOUND = 1_000  # |sample| at or above this is sound (the files peak at 16,383)
SILENCE = 200  # |sample| below this is silence, in the queue gap


def log(text):
    print(text, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------- set-up

class SoundServer:
    """A PulseAudio daemon of the benchmark's own, in a temporary runtime folder, with three null sinks."""

    def __init__(self):
        self.runtime = tempfile.mkdtemp(prefix="chirper-bench-pulse.")
        self.env = dict(os.environ, PULSE_RUNTIME_PATH=self.runtime)
        self.env.pop("PULSE_SERVER", None)
        loads = [f"--load=module-null-sink sink_name={sink} rate={RATE}" for sink in SINKS]
        subprocess.run(["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "--disallow-exit", "-n",
                        "--use-pid-file=yes", *loads, "--load=module-native-protocol-unix"],
                       env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        for _ in range(50):
            if subprocess.run(["pactl", "info"], env=self.env, capture_output=True).returncode == 0:
                break
            time.sleep(0.1)
        else:
            raise SystemExit("bench: could not start a PulseAudio daemon")
        subprocess.run(["pactl", "set-default-sink", SINKS[0]], env=self.env, check=True)

    def stop(self):
        try:
            pid = int(Path(self.runtime, "pid").read_text().split()[0])
            os.kill(pid, signal.SIGTERM)
        except (OSError, ValueError):
            pass
        shutil.rmtree(self.runtime, ignore_errors=True)


class DemoCatalog:
    """`chirper serve-demo --catalog bench` on a port the system picks."""

    def __init__(self, env, extra=()):
        self.process = subprocess.Popen([str(CHIRPER), "serve-demo", "--catalog", "bench", *extra], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        first = self.process.stdout.readline().strip()  # "Demo catalog: http://127.0.0.1:PORT/api/3"
        if "http://" not in first:
            raise SystemExit(f"bench: the demo catalog did not start: {first!r}")
        self.api = first.split(": ", 1)[1]
        self.origin = self.api.rsplit("/api/3", 1)[0]

    def sound(self, number, origin=None):
        return f"{origin or self.origin}/sounds/XC{number}.mp3"

    def stop(self):
        self.process.terminate()
        self.process.wait()


class DelayedLink:
    """A relay on 127.0.0.1 that holds every piece of data ONE_WAY seconds in each direction, and a new
    connection's first request one round trip more (the TCP handshake a real link costs): a 50 ms round
    trip to the demo catalog. This kernel has no netem qdisc (`tc qdisc add … netem` answers "unknown
    qdisc"), so the delay is made in user space; no address leaves the loopback."""

    def __init__(self, upstream, one_way=0.025):
        self.upstream = upstream  # (host, port)
        self.ONE_WAY = one_way
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.running = True
        threading.Thread(target=self._accept, daemon=True).start()

    def origin(self):
        return f"http://127.0.0.1:{self.port}"

    def _accept(self):
        while self.running:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            for sock in (client, server):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._relay(client, server, handshake=2 * self.ONE_WAY)
            self._relay(server, client, handshake=0)

    def _relay(self, source, target, handshake):
        """Two threads a direction: one reads and stamps, one sends each piece when its time comes."""
        pieces = queue.Queue()

        def read():
            first = True
            while True:
                try:
                    data = source.recv(65536)
                except OSError:
                    data = b""
                due = time.monotonic() + self.ONE_WAY + (handshake if first else 0)
                first = False
                pieces.put((due, data))
                if not data:
                    return

        def send():
            while True:
                due, data = pieces.get()
                time.sleep(max(0, due - time.monotonic()))
                try:
                    if not data:
                        target.shutdown(socket.SHUT_WR)
                        return
                    target.sendall(data)
                except OSError:
                    return

        threading.Thread(target=read, daemon=True).start()
        threading.Thread(target=send, daemon=True).start()

    def stop(self):
        self.running = False
        self.listener.close()


# ------------------------------------------------------------------------------------------ measuring

def start_measured(command, env, stop_after=None, cwd=None):
    """Starts a command under GNU time for `collect`, which waits for its end (or interrupts it after
    `stop_after` s). GNU time, not wait4 here: a child forked from this process inherits its peak RSS
    (the kernel keeps the largest of the pre-exec image and the program), and this process holds
    minutes of recorded sound."""
    report = tempfile.NamedTemporaryFile(prefix="chirper-bench-time.", delete=False)
    report.close()
    start = time.monotonic()
    process = subprocess.Popen(["/usr/bin/time", "-f", "%e %U %S %M %x", "-o", report.name, *command], env=env,
                               cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return start, process, stop_after, report.name


def collect(start, process, stop_after, report):
    """Wall seconds, user+sys seconds, peak RSS (MB) and exit status of what `start_measured` started.
    The CPU seconds are the kernel's count in microseconds (wait4 on GNU time, which holds its child's:
    the player's and about a millisecond of time's own, alike for every player); GNU time prints them
    to the hundredth, which at 0.1 s of a play moved the ratio by a tenth."""
    if stop_after is not None:
        time.sleep(max(0, start + stop_after - time.monotonic()))
        # GNU time ignores SIGINT while it waits: the player, its child, gets it.
        for child in Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split():
            os.kill(int(child), signal.SIGINT)
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped here; the player's own status is in the report
    words = Path(report).read_text().split()[-5:]
    os.unlink(report)
    wall, _, _, peak, status = words
    return {"wall": float(wall), "cpu": usage.ru_utime + usage.ru_stime, "rss": int(peak) / 1024, "status": int(status)}


class Monitor:
    """Records a sink's monitor with parec, keeping every sample and when each block arrived."""

    def __init__(self, sink, env):
        self.process = subprocess.Popen(
            ["parec", "-d", f"{sink}.monitor", "--raw", "--format=s16le", f"--rate={RATE}", "--channels=1",
             "--latency-msec=1"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.samples = array("h")
        self.arrivals = []  # (monotonic time a block arrived, samples received up to its end)
        self.lock = threading.Lock()
        self.pending = b""
        threading.Thread(target=self._read, daemon=True).start()
        while self.count() < RATE // 2:  # half a second flowing: the sink is running
            time.sleep(0.05)

    def _read(self):
        while True:
            block = os.read(self.process.stdout.fileno(), 4096)
            now = time.monotonic()
            if not block:
                return
            data = self.pending + block
            whole = len(data) - len(data) % 2
            self.pending = data[whole:]
            with self.lock:
                self.samples.frombytes(data[:whole])
                self.arrivals.append((now, len(self.samples)))

    def count(self):
        with self.lock:
            return len(self.samples)

    def first_sound_after(self, index, timeout):
        """The index of the first sample at or above SOUND from `index` on, waiting up to `timeout` s."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                end = len(self.samples)
                for position in range(index, end):
                    if abs(self.samples[position]) >= SOUND:
                        return position
            index = end
            time.sleep(0.001)
        return None

    def time_of(self, index, since):
        """When sample `index` left the sink: the earliest clock consistent with every arrival since `since`
        (a block cannot arrive before its last sample was rendered). Returns the time and the spread of
        the arrivals around that clock (how late blocks came: the method's error)."""
        with self.lock:
            recent = [(t, n) for t, n in self.arrivals if t >= since]
        offsets = [t - n / RATE for t, n in recent]
        origin = min(offsets)
        lateness = sorted(o - origin for o in offsets)
        return origin + index / RATE, lateness[len(lateness) // 2]

    def longest_silence_ms(self, start):
        """The longest run below SILENCE between the first and the last sound from `start` on, in ms."""
        with self.lock:
            samples = self.samples[start:]
        loud = [i for i in range(len(samples)) if abs(samples[i]) >= SILENCE]
        if len(loud) < 2:
            return None
        longest = 0
        previous = loud[0]
        for i in loud[1:]:
            longest = max(longest, i - previous - 1)
            previous = i
        return longest * 1000 / RATE

    def stop(self):
        self.process.terminate()
        self.process.wait()


def players(url, sink):
    return {
        "chirper": [str(CHIRPER), "play", "--no-cache", "--device", sink, url],
        "mpg123": ["mpg123", "-q", "-o", "pulse", "-a", sink, url],
        "mpv": ["mpv", "--no-config", "--no-video", "--really-quiet", "--ao=pulse", f"--audio-device=pulse/{sink}", url],
    }


def hyperfine(commands, runs, shell=False, cwd=None):
    """Median wall seconds of each named command, by hyperfine."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        arguments = ["hyperfine", "--runs", str(runs), "--warmup", "1", "--export-json", out.name, "--style", "none"]
        if not shell:
            arguments.append("-N")
        for name, command in commands.items():
            arguments += ["-n", name, command]
        subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL, cwd=cwd)
        results = json.load(open(out.name))["results"]
    return {result["command"]: result["median"] for result in results}


# ------------------------------------------------------------------------------------------- figures

def decode_throughput(catalog, env, work):
    path = Path(work, "ten-minutes.mp3")
    urllib.request.urlretrieve(catalog.sound(catalog_ids["tenMinutes"]), path)
    log("decode throughput: the 10-minute file, 15 runs each (hyperfine)")
    medians = hyperfine({"chirper": f"{CHIRPER} decode {path}", "mpg123": f"mpg123 -q -t {path}"}, runs=15)
    peak = {name: collect(*start_measured(command, env))["rss"] for name, command in
            {"chirper": [str(CHIRPER), "decode", str(path)], "mpg123": ["mpg123", "-q", "-t", str(path)]}.items()}
    return medians, peak


def playback(catalog, env):
    """Every player at once on its own sink, the 60 s file whole and the 10-minute file for 60 s."""
    minute, ten = catalog.sound(catalog_ids["minuteCall"]), catalog.sound(catalog_ids["tenMinutes"])
    results = {name: {"cpu": [], "rss": [], "rss10": []} for name in ["chirper", "mpg123", "mpv"]}
    for round_number in range(ROUNDS):
        log(f"playback round {round_number + 1} of {ROUNDS}: 60 s, every player at once")
        running = []
        for sink, name in zip(SINKS, results):
            running.append((name, "cpu", start_measured(players(minute, sink)[name], env)))
            running.append((name, "rss10", start_measured(players(ten, sink)[name], env, stop_after=60)))
        for name, kind, started in running:
            figures = collect(*started)
            if kind == "cpu":
                if figures["status"] != 0:
                    log(f"  {name} exited {figures['status']} playing the 60 s file")
                results[name]["cpu"].append(figures["cpu"])
                results[name]["rss"].append(figures["rss"])
            else:
                results[name]["rss10"].append(figures["rss"])
    return {name: {kind: statistics.median(values) for kind, values in kinds.items()} for name, kinds in results.items()}


def slow_playback(catalog, env):
    """CPU of the 60 s file at half speed (two minutes heard): chirper with the pitch kept (Rubber Band) and
    on tape, beside mpv --speed=0.5 (pitch kept by its scaletempo filter), all at once on their own sinks;
    the median of ROUNDS runs (one run's figures moved by a fifth on this shared machine)."""
    minute = catalog.sound(catalog_ids["minuteCall"])
    commands = {
        "chirper": [str(CHIRPER), "play", "--no-cache", "--speed", "0.5", "--device", SINKS[0], minute],
        "chirperTape": [str(CHIRPER), "play", "--no-cache", "--speed", "0.5", "--tape", "--device", SINKS[1], minute],
        "mpv": ["mpv", "--no-config", "--no-video", "--really-quiet", "--ao=pulse", "--speed=0.5",
                f"--audio-device=pulse/{SINKS[2]}", minute],
    }
    runs = {name: {"cpu": [], "wall": []} for name in commands}
    for round_number in range(ROUNDS):
        log(f"half speed: the 60 s file, 120 s heard, the three at once (round {round_number + 1} of {ROUNDS})")
        started = {name: start_measured(command, env) for name, command in commands.items()}
        figures = {name: collect(*run) for name, run in started.items()}
        for name, run in figures.items():
            if run["status"] != 0:
                log(f"  {name} exited {run['status']} at half speed")
            runs[name]["cpu"].append(run["cpu"])
            runs[name]["wall"].append(run["wall"])
    return {name: {kind: statistics.median(values) for kind, values in kinds.items()} for name, kinds in runs.items()}


def first_sound_of(monitor, command, env, timeout):
    """Starts `command`, dates its first sample at or above SOUND on the monitor and stops it: the ms from
    start to that sample and the method's error in ms, or None when nothing was heard within `timeout` s."""
    time.sleep(0.3)
    index = monitor.count()
    start = time.monotonic()
    process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    heard = monitor.first_sound_after(index, timeout=timeout)
    time.sleep(0.05)
    process.terminate()
    process.wait()
    if heard is None:
        return None
    at, lateness = monitor.time_of(heard, since=start - 1)
    return (at - start) * 1000, lateness * 1000


def first_sounds_counted(commands, env, front, trials):
    """Each command's time to first sound (median of `trials`, after one warm-up) with the connections and
    requests `front` counted for it. `commands`: name → (command, environment it adds)."""
    monitor = Monitor(SINKS[0], env)
    figures = {}
    for name, (command, extra) in commands.items():
        log(f"  {name}: {trials} trials")
        times, connections, requests = [], [], []
        for trial in range(trials + 1):
            front.reset()
            heard = first_sound_of(monitor, command, dict(env, **extra), timeout=20)
            if heard is None:
                log(f"    {name}: no sound within 20 s")
            elif trial > 0:
                times.append(heard[0])
                connections.append(front.counts()[0])
                requests.append(front.counts()[1])
        if times:
            figures[name] = {"ms": statistics.median(times), "connections": statistics.median(connections),
                             "requests": statistics.median(requests)}
    monitor.stop()
    return figures


def first_sound(catalog, env, origin=None, label="time to first sound"):
    """Process start to the first sample at or above SOUND on the monitor, median of the trials.
    `origin`: reach the catalog there instead (the delayed link)."""
    monitor = Monitor(SINKS[0], env)
    url = catalog.sound(catalog_ids["minuteCall"], origin)
    times = {name: [] for name in ["chirper", "mpg123", "mpv"]}
    errors = []
    log(f"{label}: {FIRST_SOUND_TRIALS} trials each, one player at a time")
    for trial in range(FIRST_SOUND_TRIALS + 1):  # the first trial warms caches and is not counted
        for name, command in players(url, SINKS[0]).items():
            heard = first_sound_of(monitor, command, env, timeout=10)
            if heard is None:
                log(f"  {name}: no sound within 10 s")
            elif trial > 0:
                times[name].append(heard[0])
                errors.append(heard[1])
        time.sleep(0.5)  # the monitor goes quiet before the next trial
    monitor.stop()
    return {name: statistics.median(values) for name, values in times.items() if values}, statistics.median(errors)


def queue_gap(catalog, env, origin=None, label="queue gap"):
    """The longest silence between two queued tones. `origin`: reach the catalog there instead."""
    first, second = (catalog.sound(number, origin) for number in catalog_ids["gapPair"])
    api = (origin + "/api/3") if origin else catalog.api
    return longest_gaps({
        "chirper": ([str(CHIRPER), "queue", "--api-url", api, "--key", "demo", "--gap", "0", "--no-cache",
                     "--device", SINKS[0], "gen:Lacuna"], {}),
        "mpg123": (["mpg123", "-q", "-o", "pulse", "-a", SINKS[0], first, second], {}),
        "mpv": (["mpv", "--no-config", "--no-video", "--really-quiet", "--gapless-audio=yes", "--ao=pulse",
                 f"--audio-device=pulse/{SINKS[0]}", first, second], {}),
    }, env, f"{label}: two 4 s tones")


def longest_gaps(commands, env, label):
    """Each command's longest silence between queued tracks on the monitor, median of 3 runs.
    `commands`: name → (command, environment it adds)."""
    monitor = Monitor(SINKS[0], env)
    gaps = {name: [] for name in commands}
    log(f"{label}, 3 runs each")
    for _ in range(3):
        for name, (command, extra) in commands.items():
            time.sleep(0.3)
            start = monitor.count()
            subprocess.run(command, env=dict(env, **extra), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=120)
            time.sleep(0.3)
            gap = monitor.longest_silence_ms(start)
            if gap is not None:
                gaps[name].append(gap)
    monitor.stop()
    return {name: statistics.median(values) for name, values in gaps.items() if values}


PYTHON_CLIENTS = {
    # xc-api-py: its Client keeps the API's address in a class attribute.
    "xc-api-py": """
import sys
from xeno_canto.client.client import Client
Client._XC_API_BASE_URL = sys.argv[1]
count = sum(1 for _ in Client('demo')._search({'gen': 'Turdus'}, limit=1500))
assert count == 1500, count
""",
    # No xeno-canto client of its own: three GETs and json.loads with requests, the floor for Python.
    # (PyPI's "xcapi" is an unrelated library, and xcpy 0.2 does not import: a syntax error in its api.py.)
    "python requests": """
import sys, requests
count = sum(len(requests.get(sys.argv[1] + '/recordings', params={'query': 'gen:Turdus', 'key': 'demo', 'per_page': 500, 'page': page}).json()['recordings']) for page in (1, 2, 3))
assert count == 1500, count
""",
}


def search_end_to_end(catalog, work):
    log("search end to end: 3 pages of 500, 5 runs each (hyperfine)")
    commands = {"chirper": f"{CHIRPER} search --json --api-url {catalog.api} --key demo --per-page 500 --pages 3 gen:Turdus > /dev/null"}
    for name, script in PYTHON_CLIENTS.items():
        path = Path(work, "client-" + name.replace(" ", "-") + ".py")
        path.write_text(script)
        # A new folder each run: xc-api-py keeps a response cache in the working folder.
        commands[name] = f"cd $(mktemp -d) && {VENV_PYTHON} {path} {catalog.api}"
    return hyperfine(commands, runs=5, shell=True, cwd=work)


def names_figures(work):
    """Reading names offline: a list of 500 names as birders write them (English names of each authority,
    codes, scientific names in lower case, a typo in every tenth) through `chirper names --species`, and
    one prefix completed as bash asks for it. Both start a process and read the taxonomy file."""
    log("names: 500 names read offline, a completion prefix (hyperfine, 15 runs each)")
    lines = [line.split("\t") for line in Path(ROOT, "build/taxonomy.tsv").read_text().splitlines() if not line.startswith("#")]
    names = []
    for index, fields in enumerate(lines[:: max(1, len(lines) // 500)][:500]):
        kinds = [fields[2], fields[3] or fields[2], fields[0].lower(), fields[5] or fields[2]]
        name = kinds[index % len(kinds)]
        if index % 10 == 9 and len(name) > 8:
            name = name[:3] + name[4] + name[3] + name[5:]  # two letters swapped
        names.append(name)
    listed = Path(work, "names-500.txt")
    listed.write_text("\n".join(names) + "\n")
    commands = {
        "names": f"{CHIRPER} names --species {listed} > /dev/null; true",
        "completion": f"{CHIRPER} ---completion search -- positional@0 2 4 chirper search blac > /dev/null",
    }
    return hyperfine(commands, runs=15, shell=True, cwd=work)


def in_process(work):
    """ChirperBench's medians, three times over; each figure's lowest median (a neighbour's load on a
    shared machine only ever slows a run down)."""
    log("search page and browse frame: ChirperBench, in process, 3 runs")
    out = Path(work, "in-process.json")
    runs = []
    for _ in range(3):
        subprocess.run([str(CHIRPER_BENCH), "--json", str(out)], check=True, stdout=subprocess.DEVNULL)
        runs.append(json.loads(out.read_text()))
    return {name: min(run[name] for run in runs) for name in runs[0]}


def https_figures(env, work):
    """The HTTPS link's rows: first sound of play XC, of the /download URL and of the MP3 URL, search, and
    the queue gap, through a TLS front and a 200 ms round trip, with the front's counts."""
    import https_link
    ca = https_link.TestCA(work)
    catalog = DemoCatalog(env, ["--public-scheme", "https"])
    host, port = catalog.origin.split("//", 1)[1].split(":")
    front = https_link.TLSFront((host, int(port)), ca)
    link = DelayedLink(("127.0.0.1", front.port), one_way=https_link.RTT / 2)
    base = f"https://localhost:{link.port}"
    sink = SINKS[0]
    trust, wget = {"SSL_CERT_FILE": ca.ca}, {"WGETRC": ca.wgetrc}
    number = catalog_ids["minuteCall"]
    download, mp3 = f"{base}/{number}/download", f"{base}/sounds/XC{number}.mp3"

    def mpv(*urls):
        return ["mpv", "--no-config", "--no-video", "--really-quiet", "--ao=pulse", f"--audio-device=pulse/{sink}",
                f"--tls-ca-file={ca.ca}", "--tls-verify=yes", "--gapless-audio=yes", *urls]
    api = ["--api-url", base + "/api/3", "--key", "demo"]
    log(f"https: the demo catalog behind a TLS front, {https_link.RTT * 1000:.0f} ms round trip, at {base}")
    try:
        first = first_sounds_counted({
            "play XC · chirper": ([str(CHIRPER), "play", "--no-cache", "--device", sink, *api, number], trust),
            "play /download · chirper": (players(download, sink)["chirper"], trust),
            "play /download · mpg123": (players(download, sink)["mpg123"], wget),
            "play /download · mpv": (mpv(download), {}),
            "play MP3 URL · chirper": (players(mp3, sink)["chirper"], trust),
            "play MP3 URL · mpg123": (players(mp3, sink)["mpg123"], wget),
            "play MP3 URL · mpv": (mpv(mp3), {}),
        }, env, front, https_link.TRIALS)
        search = https_link.command_rows({"search · chirper": [str(CHIRPER), "search", *api, "gen:Lacuna"]},
                                         dict(env, **trust), front, log)
        log(f"  https, {https_link.RTT * 1000:.0f} ms round trip: browse, G on page 1 once page 2 is there")
        browse = https_link.browse_next_page([str(CHIRPER), "browse", *api, "--per-page", "50", "grp:birds"],
                                             dict(env, **trust), front)
        short = [f"{base}/sounds/XC{n}.mp3" for n in catalog_ids["shortTracks"]]
        gap = longest_gaps({
            "chirper": ([str(CHIRPER), "queue", *api, "--gap", "0", "--no-cache", "--device", sink, "gen:Brevis"], trust),
            "mpg123": (["mpg123", "-q", "-o", "pulse", "-a", sink, *short], wget),
            "mpv": (mpv(*short), {}),
        }, env, "https, 200 ms round trip: queue gap of four 1–1.6 s tracks")
    finally:
        link.stop()
        front.stop()
        catalog.stop()
    return {"firstSound": first, "search": search, "gap": gap, "browse": browse}


catalog_ids = {"minuteCall": "910001", "tenMinutes": "910002", "gapPair": ["910004", "910005"],
               "shortTracks": ["910006", "910007", "910008", "910009"]}


# -------------------------------------------------------------------------------------------- the table

def version(command):
    try:
        output = subprocess.run(command, capture_output=True, text=True, timeout=10)
        return (output.stdout or output.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return "?"


def machine():
    model = "?"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    return (f"{platform.node()}: {model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
            f"{version(['swift', '--version'])}; {version(['mpg123', '--version'])}; "
            f"{version(['mpv', '--version'])}; {version(['hyperfine', '--version'])}")


def table(f):
    """The rows: figure, how measured, chirper, alternatives, ratio to the best alternative, target, met."""
    rows = []
    best = min(f["decode"]["mpg123"], 10**9)
    ratio = best / f["decode"]["chirper"]
    rows.append(("decode throughput", "10-min 128 kbps stereo MP3 to nothing, median of 15",
                 f"{f['decode']['chirper']:.3f} s", f"mpg123 -t {f['decode']['mpg123']:.3f} s",
                 f"{ratio:.2f}× the speed", "≥ 1.0×", ratio >= 1.0))
    p = f["playback"]
    ratio = p["chirper"]["cpu"] / p["mpg123"]["cpu"]
    rows.append(("playback CPU", f"user+sys, 60 s file from its URL to a null sink, median of {ROUNDS}",
                 f"{p['chirper']['cpu']:.3f} s", f"mpg123 {p['mpg123']['cpu']:.3f} s · mpv {p['mpv']['cpu']:.3f} s",
                 f"{ratio:.2f}× mpg123", "≤ 0.7× mpg123", ratio <= 0.7))
    for kind, label in [("rss", "60 s file, played whole"), ("rss10", "10-min file, first 60 s played")]:
        rows.append((f"peak RSS, {label.split(',')[0]}", label,
                     f"{p['chirper'][kind]:.1f} MB", f"mpg123 {p['mpg123'][kind]:.1f} MB · mpv {p['mpv'][kind]:.1f} MB",
                     f"{p['chirper'][kind] / p['mpg123'][kind]:.1f}× mpg123", "≤ 20 MB", p["chirper"][kind] <= 20))
    h = f["slow"]
    ratio = h["chirper"]["cpu"] / h["mpv"]["cpu"]
    rows.append(("half-speed CPU, pitch kept", "user+sys, 60 s file at --speed 0.5 (120 s heard), to a null sink",
                 f"{h['chirper']['cpu']:.3f} s (tape: {h['chirperTape']['cpu']:.3f} s)", f"mpv --speed=0.5 {h['mpv']['cpu']:.3f} s",
                 f"{ratio:.2f}× mpv", "≤ 1.0× mpv", ratio <= 1.0))
    d = f["decodeRSS"]
    rows.append(("peak RSS, whole 10-min file", "decoded to nothing (the decode runs above)",
                 f"{d['chirper']:.1f} MB", f"mpg123 -t {d['mpg123']:.1f} MB", f"{d['chirper'] / d['mpg123']:.1f}× mpg123",
                 "≤ 20 MB, flat with length", d["chirper"] <= 20))
    def players_ms(figures):
        return f"mpg123 {figures.get('mpg123', float('nan')):.1f} ms · mpv {figures.get('mpv', float('nan')):.1f} ms"

    relay = "through a relay that holds data 25 ms each way (and a new connection's first request 50 ms more)"
    for key, figure, how, limit in [
            ("firstSound", "time to first sound", "process start → first sample ≥ {SOUND} on the monitor", 0.8),
            ("firstSoundLink", "time to first sound, 50 ms round trip", "as above, " + relay, 1.0)]:
        s, error = f[key]
        ratio = s["chirper"] / s["mpg123"]
        rows.append((figure, f"{how.format(SOUND=SOUND)}, median of {FIRST_SOUND_TRIALS}, ±{error:.1f} ms", f"{s['chirper']:.1f} ms",
                     players_ms(s), f"{ratio:.2f}× mpg123", f"≤ {limit}× mpg123", ratio <= limit))
    g = f["gap"]
    rows.append(("queue gap", "longest silence between two tracks on the monitor, median of 3",
                 f"{g['chirper']:.1f} ms", players_ms(g), "—", "≤ 20 ms", g["chirper"] <= 20))
    g = f["gapLink"]
    rows.append(("queue gap, 50 ms round trip", "as the queue gap, " + relay + " (chirper queue; mpg123 URL1 URL2)",
                 f"{g['chirper']:.1f} ms", players_ms(g), "—", "≤ 20 ms and below mpg123",
                 g["chirper"] <= 20 and g["chirper"] < g.get("mpg123", float("inf"))))
    if "pack" in f:
        ms = f["pack"]["ms"]
        rows.append(("browse --pack, 1,000 recordings", "start → first screen of rows, 120×40 pseudo-terminal, median of 7",
                     "—" if ms is None else f"{ms:.1f} ms", "—", "—", "≤ 50 ms", ms is not None and ms <= 50))
    if "https" in f:
        rows += https_rows(f["https"])
    if "names" in f:
        n = f["names"]
        rows.append(("names: a 500-name list", "chirper names --species (process start, taxonomy read, 500 names resolved), median of 15",
                     f"{n['names'] * 1000:.0f} ms", "—", "—", "≤ 100 ms", n["names"] <= 0.1))
        rows.append(("names: a completion prefix", "bash's call for `chirper search blac⇥` (process start, taxonomy read), median of 15",
                     f"{n['completion'] * 1000:.0f} ms", "—", "—", "≤ 50 ms", n["completion"] <= 0.05))
    i = f["inProcess"]
    rows.append(("search page", "decode + render 500 recordings, in process, lowest of 3 medians of 21",
                 f"{i['searchPage500']:.1f} ms ({i['searchPage500'] * 1000 / 500:.0f} µs/recording)", "—", "—", "≤ 20 ms",
                 i["searchPage500"] <= 20))
    flat = i["frame10000"] / i["frame100"]
    rows.append(("browse frame", "one 100×50 frame of 100 / 1,000 / 10,000 rows, lowest of 3 medians of 201",
                 f"{i['frame100']:.2f} / {i['frame1000']:.2f} / {i['frame10000']:.2f} ms", "—",
                 f"{flat:.2f}× from 100 to 10,000", "≤ 1.5×", flat <= 1.5))
    e = f["search"]
    alternatives = {name: seconds for name, seconds in e.items() if name != "chirper"}
    best_name = min(alternatives, key=alternatives.get)
    ratio = e["chirper"] / alternatives[best_name]
    rows.append(("search end to end", "3 pages of 500 as JSON from the demo catalog, median of 5",
                 f"{e['chirper']:.2f} s", " · ".join(f"{name} {seconds:.2f} s" for name, seconds in alternatives.items()),
                 f"{ratio:.2f}× {best_name}", "(chirper waits 1 s between requests, as xeno-canto asks)", None))
    return rows


def https_rows(h):
    """The HTTPS link's rows: round trips (RTT) are the time over the 200 ms round trip."""
    import https_link
    rtt = https_link.RTT * 1000
    how = "process start → first sound, TLS 1.3 front with a test CA, 200 ms round trip, median of 7"
    rows = []

    def cell(figure):
        return f"{figure['ms']:.0f} ms = {figure['ms'] / rtt:.1f} RTT ({figure['connections']:.0f} conn., {figure['requests']:.0f} req.)"

    first = h["firstSound"]
    for label, target in [("play XC", 4.5), ("play /download", 4.2), ("play MP3 URL", 3.2)]:
        ours = first.get(f"{label} · chirper")
        theirs = {name: first.get(f"{label} · {name}") for name in ["mpg123", "mpv"]}
        others = " · ".join(f"{name} {cell(figure)}" for name, figure in theirs.items() if figure) or "—"
        if ours is None:
            rows.append((f"{label} over HTTPS", how, "no sound", others, "—", f"≤ {target} RTT", False))
            continue
        met = ours["ms"] / rtt <= target
        if label == "play /download" and theirs.get("mpg123"):
            met = met and ours["ms"] <= theirs["mpg123"]["ms"]
        ratio = f"{ours['ms'] / theirs['mpg123']['ms']:.2f}× mpg123" if theirs.get("mpg123") else "—"
        rows.append((f"{label} over HTTPS", how, cell(ours), others, ratio,
                     f"≤ {target} RTT" + (" and ≤ mpg123" if label == "play /download" else ""), met))
    search = h["search"]["search · chirper"]
    rows.append(("search over HTTPS", "start → exit (the first page printed), 200 ms round trip, median of 5",
                 cell(search), "—", "—", "≤ 3.2 RTT", search["ms"] / rtt <= 3.2))
    browse = h.get("browse")
    how_browse = "browse of a 3-page query: G pressed once page 2 was asked for ahead → its last row drawn, median of 5"
    if browse is None:
        rows.append(("browse next page over HTTPS", how_browse, "not drawn", "—", "—", "nothing to wait for", False))
    else:
        count = (f" ({browse['connections']:.0f} conn., {browse['requests']:.0f} req. for 3 pages)"
                 if browse["connections"] is not None else "")
        rows.append(("browse next page over HTTPS", how_browse, f"{browse['ms']:.0f} ms{count}", "—", "—",
                     "nothing to wait for (< 0.1 RTT); 1 connection", browse["ms"] < rtt * 0.1 and browse["connections"] == 1))
    gap = h["gap"]
    theirs = " · ".join(f"{name} {gap[name]:.0f} ms" for name in ["mpg123", "mpv"] if name in gap)
    if "chirper" in gap:
        rows.append(("queue gap over HTTPS", "longest silence in a queue of four 1–1.6 s tracks, 200 ms round trip, median of 3",
                     f"{gap['chirper']:.1f} ms", theirs or "—", "—", "≤ 20 ms", gap["chirper"] <= 20))
    return rows


def render(rows, when, where):
    lines = [
        "# `make bench`: Chirper beside mpg123 and mpv",
        "",
        f"Run {when} on {where}.",
        "",
        "| figure | how it is measured | chirper | alternatives | ratio | target | met |",
        "|---|---|---|---|---|---|---|",
    ]
    for figure, how, ours, theirs, ratio, target, met in rows:
        verdict = "—" if met is None else ("yes" if met else "**no**")
        lines.append(f"| {figure} | {how} | {ours} | {theirs} | {ratio} | {target} | {verdict} |")
    lines += [
        "",
        "Time to first sound: the monitor of a null sink is recorded with `parec --latency-msec=1`; each block's",
        "arrival time fixes the sink's clock (the earliest clock every block is consistent with), which dates the",
        "first loud sample. The ± figure is the median lateness of blocks against that clock.",
        "Playback rows run the three players at once, each on its own null sink; CPU is the process's own",
        "user+sys time, so the others' load changes it little. The 10-minute file's row stops each player",
        "with SIGINT after 60 s.",
    ]
    return "\n".join(lines) + "\n"


def main():
    for binary in (CHIRPER, CHIRPER_BENCH):
        if not binary.exists():
            raise SystemExit(f"bench: {binary} is missing: run make bench")
    when = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    where = machine()
    work = tempfile.mkdtemp(prefix="chirper-bench.")
    server = SoundServer()
    env = dict(server.env, CHIRPER_CACHE=str(Path(work, "cache")), XDG_DATA_HOME=str(Path(work, "data")), XDG_CACHE_HOME=os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache")))
    catalog = DemoCatalog(env)
    try:
        log(f"demo catalog at {catalog.api}; encoding the benchmark files on first use")
        for number in ["910001", "910002", "910004", "910005", *catalog_ids["shortTracks"]]:
            urllib.request.urlopen(catalog.sound(number)).read()
        figures = {}
        # `compare.py firstSound gap`: only those, printed raw (for working on one figure).
        wanted = set(sys.argv[1:]) or {"inProcess", "decode", "search", "firstSound", "gap", "link", "https", "playback", "slow", "pack", "names"}
        if "names" in wanted:
            figures["names"] = names_figures(work)
        if "inProcess" in wanted:
            figures["inProcess"] = in_process(work)
        if "decode" in wanted:
            figures["decode"], figures["decodeRSS"] = decode_throughput(catalog, env, work)
        if "search" in wanted:
            figures["search"] = search_end_to_end(catalog, work)
        if "pack" in wanted:
            import pack_screen
            log("browse --pack of 1,000 recordings: start → first screen of rows, in a pseudo-terminal, median of 7")
            figures["pack"] = pack_screen.browse_pack(CHIRPER, env, work)
        if "firstSound" in wanted:
            figures["firstSound"] = first_sound(catalog, env)
        if "gap" in wanted:
            figures["gap"] = queue_gap(catalog, env)
        if "link" in wanted:
            host, port = catalog.origin.split("//", 1)[1].split(":")
            link = DelayedLink((host, int(port)))
            try:
                figures["firstSoundLink"] = first_sound(catalog, env, link.origin(), "time to first sound over a 50 ms round trip")
                figures["gapLink"] = queue_gap(catalog, env, link.origin(), "queue gap over a 50 ms round trip")
            finally:
                link.stop()
        if "https" in wanted:
            figures["https"] = https_figures(env, work)
        if "playback" in wanted:
            figures["playback"] = playback(catalog, env)
        if "slow" in wanted:
            figures["slow"] = slow_playback(catalog, env)
    finally:
        catalog.stop()
        server.stop()
    if sys.argv[1:]:
        print(json.dumps(figures, indent=1))
        return
    rows = table(figures)
    text = render(rows, when, where)
    RESULTS.write_text(text)
    Path(work, "figures.json").write_text(json.dumps(figures, indent=1))
    print(text)
    print(f"Written to {RESULTS.relative_to(ROOT)}; raw figures in {work}/figures.json")


if __name__ == "__main__":
    main()
