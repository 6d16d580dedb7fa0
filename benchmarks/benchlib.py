"""Shared pieces of the benchmarks: a real `companion serve` on loopback, games and phones
made through its own pages, and a lean asyncio HTTP/1.1 client (one thread for every device).

Everything talks to 127.0.0.1 only, and every wait here is bounded in time.
"""

from __future__ import annotations

import asyncio
import http.client
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from bisect import bisect_left
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
VERSION_RE = re.compile(rb'data-(?:live-)?version="(\d+)"')
SEAT_COOKIE = re.compile(r"(seat_[^=]+)=([^;]+)")


def add_run_options(parser: Any, *, patches: bool = True) -> None:
    """The options every server benchmark takes: waiting for a quiet machine, niceness, candidate
    fixes (``patches``) and a JSON-lines file for the results."""
    parser.add_argument(
        "--quiet",
        type=float,
        default=0.3,
        help="before each phase wait until other processes keep fewer cores busy than this",
    )
    parser.add_argument("--patience", type=float, default=120.0, help="...for at most seconds")
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="niceness of server and load generator (e.g. -10 as root on a shared machine)",
    )
    if patches:
        parser.add_argument(
            "--patches",
            default="",
            help="candidate fixes to patch in (benchmarks/patched_serve.py)",
        )
    parser.add_argument("--json", help="append the results to this file (JSON lines)")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) of values by the nearest-rank method (nan when empty)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def summary_ms(values: list[float]) -> dict[str, float]:
    """p50, p95, p99, max and count of a list of seconds, in milliseconds."""
    return {
        "n": len(values),
        "p50": percentile(values, 50) * 1000,
        "p95": percentile(values, 95) * 1000,
        "p99": percentile(values, 99) * 1000,
        "max": (max(values) * 1000) if values else float("nan"),
    }


def fmt(stats: dict[str, float]) -> str:
    """A summary_ms dict on one line."""
    return (
        f"n={stats['n']} p50={stats['p50']:.1f} p95={stats['p95']:.1f} "
        f"p99={stats['p99']:.1f} max={stats['max']:.1f} ms"
    )


def machine() -> dict[str, str]:
    """The machine the figures come from: cores, memory, Python, CPU model, load average."""
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    free = subprocess.run(["free", "-h"], capture_output=True, text=True, check=False).stdout
    return {
        "nproc": str(os.cpu_count()),
        "cpu": model,
        "python": platform.python_version(),
        "kernel": platform.release(),
        "free": free.strip(),
        "loadavg": Path("/proc/loadavg").read_text().strip(),
    }


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages (other processes share the 2 cores)."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def busy_cores(seconds: float = 2.0) -> float:
    """How many cores the whole machine kept busy over ``seconds`` (from /proc/stat)."""

    def sample() -> tuple[int, int]:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = values[3] + values[4]
        return sum(values) - idle, sum(values)

    busy0, total0 = sample()
    time.sleep(seconds)
    busy1, total1 = sample()
    return (busy1 - busy0) / max(1, total1 - total0) * (os.cpu_count() or 1)


def wait_quiet(limit: float, patience: float) -> float:
    """Wait (up to ``patience`` seconds) until other processes keep fewer than ``limit`` cores
    busy; return the last reading (the benchmark runs anyway, and says so)."""
    deadline = time.monotonic() + patience
    reading = busy_cores()
    while reading >= limit and time.monotonic() < deadline:
        reading = busy_cores()
    return reading


def prioritise(nice: int) -> None:
    """Run this process (the load generator) at ``nice`` (negative needs root); a shared
    machine then gives the benchmark the CPU a laptop running only the companion would."""
    if nice:
        os.nice(nice)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def companion_command() -> list[str]:
    """How to start the `companion` command of this interpreter's environment."""
    script = Path(sys.executable).with_name("companion")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "companion"]


def rss_kb(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of a process, in kB, from /proc/<pid>/status."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM", "Threads"):
            out[key] = int(value.split()[0])
    return out


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    """A `companion serve --host 127.0.0.1` process on a free port and a data folder."""

    def __init__(
        self,
        data: Path | None = None,
        port: int | None = None,
        cpus: set | None = None,
        nice: int = 0,
        patches: str = "",
    ):
        self.nice = nice
        self.patches = patches
        self.data = Path(data) if data else Path(tempfile.mkdtemp(prefix="companion-bench-"))
        self.own_data = data is None
        self.port = port or free_port()
        self.cpus = cpus
        self.proc: subprocess.Popen | None = None
        self.started = 0.0
        self.ready_after = float("nan")
        self.cpu_at_ready = float("nan")

    def start(self, path: str = "/health") -> float:
        """Start the server; return seconds from spawn to the first 200 on ``path``."""
        if self.patches:
            front = [sys.executable, str(ROOT / "benchmarks" / "patched_serve.py"), self.patches]
        else:
            front = companion_command()
        cmd = [
            *front,
            "serve",
            "--host",
            HOST,
            "--port",
            str(self.port),
            "--data",
            str(self.data),
        ]
        log = open(self.data / "serve.log", "ab")  # noqa: SIM115 (kept for the process's life)
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.started = time.perf_counter()
        nice = self.nice
        self.proc = subprocess.Popen(
            cmd,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=ROOT,
            preexec_fn=(lambda: os.nice(nice)) if nice else None,
        )
        log.close()
        if self.cpus:
            os.sched_setaffinity(self.proc.pid, self.cpus)
        self.ready_after = self.wait_ready(path)
        self.cpu_at_ready = cpu_seconds(self.proc.pid)
        return self.ready_after

    def wait_ready(self, path: str) -> float:
        """Poll ``path`` every 5 ms until it answers 200 (bounded); seconds since spawn."""
        deadline = self.started + READY_TIMEOUT
        while time.perf_counter() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"companion serve exited: see {self.data / 'serve.log'}")
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                conn.request("GET", path)
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    return time.perf_counter() - self.started
            except OSError:
                pass
            time.sleep(0.005)
        raise TimeoutError(f"companion serve did not answer 200 on {path} in {READY_TIMEOUT}s")

    @property
    def pid(self) -> int:
        """The server's process id."""
        assert self.proc is not None
        return self.proc.pid

    def stop(self) -> None:
        """Ctrl-C the server (as a person would), kill it if it does not stop in time."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(STOP_TIMEOUT)

    def cleanup(self) -> None:
        """Stop the server and remove the data folder if this object made it."""
        self.stop()
        if self.own_data:
            shutil.rmtree(self.data, ignore_errors=True)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cleanup()


# --- setup through the companion's own pages (plain http.client, before any load) ----------


def request(
    port: int,
    method: str,
    path: str,
    form: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """One blocking request on loopback: status, headers (lower-case names, last wins), body."""
    body = urllib.parse.urlencode(form, doseq=True).encode() if form is not None else None
    sent = dict(headers or {})
    if body is not None:
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=sent)
        response = conn.getresponse()
        data = response.read()
        got = {k.lower(): v for k, v in response.getheaders()}
        got["set-cookie"] = "; ".join(response.msg.get_all("Set-Cookie") or [])
        return response.status, got, data
    finally:
        conn.close()


def new_game_form(name: str, players: int) -> dict[str, Any]:
    """The new game form for ``players`` seats with survivors typed in from cards.db."""
    sys.path.insert(0, str(ROOT))
    from companion.cards.load import load_cards

    cards = load_cards(ROOT / "cards.db")
    pool = [card["name"] for card in sorted(cards["survivors"], key=lambda c: c["id"])]
    form: dict[str, Any] = {
        "name": name,
        "seat_name": [f"Player {n}" for n in range(1, players + 1)],
        "ruleset": "base",
        "variant": "standard",
        "sets": [s["id"] for s in cards["sets"]],
        "objective": cards["main_objectives"][0]["id"],
        "survivor_mode": "entered",
        "mature": "on",
    }
    for k in (1, 2):
        form[f"survivor_{k}"] = [pool[n * 2 + k - 1] for n in range(players)]
    form["survivor_3"] = ["" for _ in range(players)]
    return form


def create_game(port: int, name: str, players: int = 5) -> str:
    """Create a game with POST /games/new from loopback; its id."""
    status, headers, body = request(port, "POST", "/games/new", new_game_form(name, players))
    if status != 303:
        raise RuntimeError(f"POST /games/new answered {status}: {body[:300]!r}")
    return headers["location"].rstrip("/").split("/")[-2]


def join_secret(data: Path, game_id: str) -> str:
    """The game's join secret, read from games.db through the store (as the join panel does)."""
    sys.path.insert(0, str(ROOT))
    from companion.store import seats
    from companion.store.schema import connect

    db = connect(data / "games.db")
    try:
        return seats.join_secret(db, game_id)
    finally:
        db.close()


def join_phone(port: int, game_id: str, secret: str, seat_id: str) -> str:
    """Take a seat through /join/<game>/<secret>; the ``seat_<game>=<token>`` cookie pair."""
    status, headers, body = request(port, "POST", f"/join/{game_id}/{secret}", {"seat": seat_id})
    match = SEAT_COOKIE.search(headers.get("set-cookie", ""))
    if status != 303 or not match:
        raise RuntimeError(f"joining {game_id}/{seat_id} answered {status}: {body[:300]!r}")
    return f"{match.group(1)}={match.group(2)}"


@dataclass
class Table:
    """One game under test: its id, its version as last seen, and its phones' cookies."""

    game_id: str
    version: int = 0
    phones: list[str] = field(default_factory=list)
    lock: asyncio.Lock | None = None
    busy: bool = False
    value: int = 5


def hold_db(data: Path):
    """Open (and keep open) one idle connection to games.db from this process.

    SQLite checkpoints the WAL and deletes it whenever the last connection to a database
    closes; the server opens and closes one connection per request, so without another one
    open every request after a write pays for that (fsyncs included). This connection is what
    a server-side keeper connection would be, without touching the server. It reads one row in
    autocommit mode and then holds no transaction, so it blocks no checkpoint.
    """
    import sqlite3

    conn = sqlite3.connect(str(data / "games.db"), isolation_level=None)
    conn.execute("select count(*) from games").fetchall()
    return conn


def make_tables(server: Server, tables: int, players: int = 5) -> list[Table]:
    """Create ``tables`` games with ``players`` seats and a phone joined to every seat."""
    out = []
    for n in range(tables):
        game_id = create_game(server.port, f"Bench table {n + 1}", players)
        secret = join_secret(server.data, game_id)
        phones = [join_phone(server.port, game_id, secret, f"s{s}") for s in range(1, players + 1)]
        status, _, body = request(server.port, "GET", f"/games/{game_id}", headers=HX)
        match = VERSION_RE.search(body)
        if status != 200 or not match:
            raise RuntimeError(f"table screen of {game_id} answered {status}")
        out.append(Table(game_id, int(match.group(1)), phones))
    return out


HX = {"HX-Request": "true"}


# --- the lean asyncio client ------------------------------------------------------------------


@dataclass
class Reply:
    """One HTTP response: status, headers, body, and bytes on the wire both ways."""

    status: int
    headers: dict[str, str]
    body: bytes
    sent: int
    received: int


class Conn:
    """One keep-alive HTTP/1.1 connection to the server (requests one at a time)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        """Connect (again)."""
        self.close()
        self.reader, self.writer = await asyncio.open_connection(HOST, self.port)

    def close(self) -> None:
        """Close the socket if open."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def send(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b""
    ) -> int:
        """Write one request; bytes sent."""
        if self.writer is None:
            await self.open()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        for key, value in (headers or {}).items():
            lines.append(f"{key}: {value}")
        if body or method == "POST":
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append(f"Content-Length: {len(body)}")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        assert self.writer is not None
        self.writer.write(raw)
        await self.writer.drain()
        return len(raw)

    async def head(self) -> tuple[int, dict[str, str], int]:
        """Read a status line and headers: status, headers (lower-case), bytes read."""
        assert self.reader is not None
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                key, _, value = line.partition(":")
                headers[key.strip().lower()] = value.strip()
        return status, headers, len(raw)

    async def chunk(self) -> tuple[bytes, int]:
        """One chunk of a chunked body (b"" at its end) and the bytes read for it."""
        assert self.reader is not None
        line = await self.reader.readuntil(b"\r\n")
        size = int(line.split(b";")[0], 16)
        data = await self.reader.readexactly(size + 2)
        return data[:-2], len(line) + size + 2

    async def body(self, headers: dict[str, str]) -> tuple[bytes, int]:
        """A whole body by Content-Length or chunks; body and bytes read."""
        assert self.reader is not None
        if "content-length" in headers:
            data = await self.reader.readexactly(int(headers["content-length"]))
            return data, len(data)
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts, total = [], 0
            while True:
                data, n = await self.chunk()
                total += n
                if not data:
                    await self.reader.readuntil(b"\r\n")
                    return b"".join(parts), total + 2
                parts.append(data)
        data = await self.reader.read()
        self.close()
        return data, len(data)

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b""
    ) -> Reply:
        """One request and its whole response."""
        sent = await self.send(method, path, headers, body)
        status, got, head_bytes = await self.head()
        data, body_bytes = await self.body(got)
        if got.get("connection", "").lower() == "close":
            self.close()
        return Reply(status, got, data, sent, head_bytes + body_bytes)


@dataclass
class Device:
    """One device of a table: the table screen or a phone, with its event stream and views.

    It behaves as static/live.js and the pages' refresh functions do: one stream; on a version
    newer than the view it shows, it fetches its fragment again (one fetch at a time, then once
    more if a newer version came meanwhile).
    """

    port: int
    table: Table
    kind: str  # "table" or "phone"
    cookie: str = ""
    refetch: bool = True
    events: list[tuple[int, float]] = field(default_factory=list)
    views: list[tuple[int, float]] = field(default_factory=list)
    shown: int = 0
    latest: int = 0
    fetching: bool = False
    again: bool = False
    stream_bytes: int = 0
    stream_sent: int = 0
    heartbeats: int = 0
    fetch_bytes: int = 0
    fetch_times: list[float] = field(default_factory=list)
    connects: int = 0
    ends: int = 0
    errors: list[str] = field(default_factory=list)
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    conns: list[Conn] = field(default_factory=list)

    def headers(self) -> dict[str, str]:
        """The request headers this device sends (its seat cookie, if a phone)."""
        out = {}
        if self.cookie:
            out["Cookie"] = self.cookie
        return out

    @property
    def view_path(self) -> str:
        """The fragment this device fetches on a new version."""
        game_id = self.table.game_id
        return f"/games/{game_id}" if self.kind == "table" else f"/phone/{game_id}"

    @property
    def stream_path(self) -> str:
        """The event stream this device holds."""
        return f"/games/{self.table.game_id}/events"

    async def follow(self, stop: asyncio.Event) -> None:
        """Hold the event stream until ``stop`` is set, reconnecting as a browser does when the
        server ends it on schedule; record each version with the time it arrived."""
        fetcher = Conn(self.port)
        self.conns.append(fetcher)
        try:
            while not stop.is_set():
                await self.stream_once(stop, fetcher)
                if not stop.is_set():
                    await asyncio.sleep(0.05)
        finally:
            fetcher.close()

    async def stream_once(self, stop: asyncio.Event, fetcher: Conn) -> None:
        """One stream, read until it ends or the benchmark closes it."""
        conn = Conn(self.port)
        self.conns.append(conn)
        try:
            headers = {**self.headers(), "Accept": "text/event-stream"}
            self.stream_sent += await conn.send("GET", self.stream_path, headers)
            status, _, n = await conn.head()
            self.stream_bytes += n
            if status != 200:
                self.errors.append(f"stream {status}")
                await asyncio.sleep(1.0)
                return
            self.connects += 1
            self.connected.set()
            buffer = b""
            while not stop.is_set():
                data, n = await conn.chunk()
                now = time.perf_counter()
                self.stream_bytes += n
                if not data:
                    self.ends += 1
                    return
                buffer += data
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    self.on_event(event, now, fetcher)
        except (OSError, asyncio.IncompleteReadError, AssertionError) as exc:
            if not stop.is_set():
                self.errors.append(f"stream {type(exc).__name__}")
        finally:
            conn.close()
            self.conns.remove(conn)

    def close(self) -> None:
        """Close every connection of this device (ends its reads at once)."""
        for conn in list(self.conns):
            conn.close()

    def on_event(self, event: bytes, now: float, fetcher: Conn) -> None:
        """Record a version event and start a fetch when the view is behind."""
        if event.startswith(b":"):
            self.heartbeats += 1
            return
        version = None
        for line in event.split(b"\n"):
            if line.startswith(b"data:"):
                version = int(line[5:].strip())
        if version is None:
            return
        self.events.append((version, now))
        self.latest = max(self.latest, version)
        if self.refetch and version > self.shown:
            if self.fetching:
                self.again = True
            else:
                asyncio.get_running_loop().create_task(self.fetch(fetcher))

    async def fetch(self, fetcher: Conn) -> None:
        """Fetch this device's fragment (HX-Request), as often as newer versions call for."""
        self.fetching = True
        try:
            while True:
                self.again = False
                asked = time.perf_counter()
                reply = await fetcher.request("GET", self.view_path, {**self.headers(), **HX})
                now = time.perf_counter()
                self.fetch_times.append(now - asked)
                self.fetch_bytes += reply.received
                match = VERSION_RE.search(reply.body)
                if reply.status != 200 or not match:
                    self.errors.append(f"view {reply.status}")
                    return
                self.shown = max(self.shown, int(match.group(1)))
                self.views.append((self.shown, now))
                if not (self.again and self.latest > self.shown):
                    return
        except (OSError, asyncio.IncompleteReadError, AssertionError) as exc:
            self.errors.append(f"view {type(exc).__name__}")
        finally:
            self.fetching = False


def first_at(records: list[tuple[int, float]], version: int) -> float | None:
    """When a device first had ``version`` or a newer one (None: never in this run)."""
    versions = [v for v, _ in records]
    i = bisect_left(versions, version)
    return records[i][1] if i < len(records) else None


def devices_for(port: int, tables: list[Table], refetch: bool = True) -> list[Device]:
    """The table screen and one phone per seat of every table."""
    out = []
    for table in tables:
        out.append(Device(port, table, "table", refetch=refetch, shown=table.version))
        out.extend(
            Device(port, table, "phone", cookie, refetch=refetch, shown=table.version)
            for cookie in table.phones
        )
    return out
