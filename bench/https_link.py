"""`make bench`'s HTTPS link (#30): the demo catalog behind a TLS front with a CA of the bench's own, through
a relay that adds a round trip of RTT seconds, and a count of the connections and requests each command
makes. Chirper trusts the CA through SSL_CERT_FILE, mpg123 (which fetches https through wget) through a
wgetrc, mpv through --tls-ca-file. Every address is on the loopback."""

import os
import socket
import ssl
import statistics
import subprocess
import threading
import time
from pathlib import Path

RTT = 0.2  # seconds
TRIALS = int(os.environ.get("BENCH_HTTPS_TRIALS", "7"))


class TestCA:
    """A CA and a certificate it signed for localhost and 127.0.0.1, made by openssl in `work`."""

    def __init__(self, work):
        self.folder = Path(work, "https-ca")
        self.folder.mkdir(exist_ok=True)
        path = lambda name: str(self.folder / name)
        Path(path("ext")).write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
        ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for arguments in (
                ["req", "-x509", *ec, "-days", "2", "-keyout", path("ca.key"), "-out", path("ca.pem"), "-subj", "/CN=Chirper bench CA"],
                ["req", *ec, "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=localhost"],
                ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                 "-CAcreateserial", "-days", "2", "-out", path("server.pem"), "-extfile", path("ext")]):
            subprocess.run(["openssl", *arguments], check=True, capture_output=True)
        self.ca, self.certificate, self.key = path("ca.pem"), path("server.pem"), path("server.key")
        Path(path("wgetrc")).write_text(f"ca_certificate = {self.ca}\n")
        self.wgetrc = path("wgetrc")


class TLSFront:
    """Ends TLS on 127.0.0.1 and relays the plain bytes to `upstream`, counting connections and requests
    (request lines the clients sent)."""

    def __init__(self, upstream, ca):
        self.upstream = upstream
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.minimum_version = ssl.TLSVersion.TLSv1_3
        self.context.load_cert_chain(ca.certificate, ca.key)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.connections = self.requests = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def counts(self):
        with self.lock:
            return self.connections, self.requests

    def reset(self):
        with self.lock:
            self.connections = self.requests = 0

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client):
        try:
            secure = self.context.wrap_socket(client, server_side=True)
        except (OSError, ssl.SSLError):
            client.close()
            return
        with self.lock:
            self.connections += 1
        server = socket.create_connection(self.upstream)
        threading.Thread(target=self._pipe, args=(secure, server, True), daemon=True).start()
        self._pipe(server, secure, False)

    def _pipe(self, source, target, counting):
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                for sock in (source, target):
                    try:
                        sock.close()
                    except OSError:
                        pass
                return
            if counting:
                with self.lock:
                    self.requests += data.count(b"GET /")
            try:
                target.sendall(data)
            except OSError:
                return

    def stop(self):
        self.listener.close()


def rtts(ms):
    return ms / (RTT * 1000)


def command_rows(commands, env, front, log, runs=5):
    """Each command's wall time to its exit (median of `runs`), with the front's counts."""
    figures = {}
    for name, command in commands.items():
        log(f"  https, {RTT * 1000:.0f} ms round trip: {name}, {runs} runs")
        times, connections, requests = [], [], []
        for _ in range(runs + 1):
            front.reset()
            start = time.monotonic()
            subprocess.run(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append((time.monotonic() - start) * 1000)
            counted = front.counts()
            connections.append(counted[0])
            requests.append(counted[1])
        figures[name] = {"ms": statistics.median(times[1:]), "connections": statistics.median(connections[1:]),
                         "requests": statistics.median(requests[1:])}
    return figures


def browse_next_page(command, env, front, runs=5):
    """Browse in a pseudo-terminal: page 1 of a query of three pages or more drawn, then, once the screen says the rows
    of page 2 are there, G pressed; the ms from G to the screen at the last row of page 2 (what a reader waits
    for when the page was asked for ahead), and the connections and requests of the whole browse to page 3."""
    import fcntl
    import pty
    import re
    import select
    import struct
    import termios

    waits, connections, requests = [], [], []
    for _ in range(runs):
        front.reset()
        pid, fd = pty.fork()
        if pid == 0:
            os.execvpe(command[0], command, dict(env, TERM="xterm-256color"))
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        screen = b""

        def wait_for(pattern, timeout):
            nonlocal screen
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                if re.search(pattern, screen):
                    return time.monotonic()
                ready, _, _ = select.select([fd], [], [], 0.01)
                if ready:
                    try:
                        screen += os.read(fd, 65536)
                    except OSError:
                        return None
            return None

        try:
            if wait_for(rb"row 1 of \d+ \S+ pages 1\S+2 of ", 20) is None:
                continue
            loaded = re.findall(rb"row 1 of (\d+) \S+ pages 1\S+2 of ", screen)[-1]
            screen = b""
            pressed = time.monotonic()
            os.write(fd, b"G")
            shown = wait_for(rb"row " + loaded + rb" of \d+ ", 10)
            if shown is not None:
                waits.append((shown - pressed) * 1000)
            if wait_for(rb"pages 1\S+3 of ", 20) is not None:
                counted = front.counts()
                connections.append(counted[0])
                requests.append(counted[1])
        finally:
            from pack_screen import end_in_pty
            end_in_pty(pid, fd)
    if not waits:
        return None
    return {"ms": statistics.median(waits), "connections": statistics.median(connections) if connections else None,
            "requests": statistics.median(requests) if requests else None}
