"""Shared pieces of the benchmarks: a real `companion serve` on loopback run from a given source
tree, a game and its phones made through the companion's own pages, and a lean asyncio
HTTP/1.1 client.

Everything talks to 127.0.0.1 only, and every wait here is bounded in time.
"""

from __future__ import annotations

import asyncio
import gzip
import html
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
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
# The version a page or fragment shows (live.js's marks, the action forms' hidden field).
VERSION_RE = re.compile(rb'data-(?:live-)?version="(\d+)"|name="version" value="(\d+)"')
SEAT_COOKIE = re.compile(r"(seat_[^=]+)=([^;]+)")
HX = {"HX-Request": "true"}


def _decoders() -> dict[str, Callable[[bytes], bytes]]:
    """The content encodings this client can read, in the order chromium names them."""
    out: dict[str, Callable[[bytes], bytes]] = {"gzip": gzip.decompress, "deflate": zlib.decompress}
    try:
        import brotli

        out["br"] = brotli.decompress
    except ImportError:
        pass
    try:
        from backports import zstd
    except ImportError:
        try:
            from compression import zstd  # type: ignore[no-redef]
        except ImportError:
            return out
    out["zstd"] = zstd.decompress
    return out


DECODERS = _decoders()
# What a browser says it accepts (chromium: gzip, deflate, br, zstd), as far as this Python can
# read it: a server that compresses pays for it here as it would with a phone.
BROWSER = {"Accept-Encoding": ", ".join(DECODERS)}


def version_of(body: bytes) -> int | None:
    """The newest version marked in a page or fragment (None: no mark)."""
    found = [int(a or b) for a, b in VERSION_RE.findall(body)]
    return max(found) if found else None


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) of values by the nearest-rank method (nan when empty)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def summary_ms(values: list[float]) -> dict[str, float]:
    """Count, p50, p95 and max of a list of seconds, in milliseconds."""
    return {
        "n": len(values),
        "p50": percentile(values, 50) * 1000,
        "p95": percentile(values, 95) * 1000,
        "max": (max(values) * 1000) if values else float("nan"),
    }


def fmt(stats: dict[str, float]) -> str:
    """A summary_ms dict on one line."""
    return f"n={stats['n']} p50={stats['p50']:.1f} p95={stats['p95']:.1f} max={stats['max']:.1f} ms"


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
    """The 1, 5 and 15 minute load averages (other processes share the cores)."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far, in seconds (10 ms ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_python(tree: Path) -> str:
    """The interpreter for a source tree: its own .venv if it has one, else this one."""
    own = tree / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def tree_env(tree: Path) -> dict[str, str]:
    """The environment that makes `python -m companion` import the tree's own code."""
    return dict(os.environ, PYTHONPATH=str(tree), PYTHONUNBUFFERED="1")


def check_tree(tree: Path) -> str:
    """Fail unless `python -m companion` with the tree's environment imports the tree's code;
    the package's path."""
    out = subprocess.run(
        [tree_python(tree), "-c", "import companion; print(companion.__file__)"],
        capture_output=True,
        text=True,
        env=tree_env(tree),
        cwd=tree,
        timeout=60,
        check=True,
    ).stdout.strip()
    if not Path(out).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"{tree}: `import companion` gives {out}, not the tree's own code")
    return out


class Server:
    """`python -m companion serve --host 127.0.0.1` from a source tree, on a free port and a
    data folder of its own."""

    def __init__(self, tree: Path = ROOT, data: Path | None = None) -> None:
        self.tree = Path(tree).resolve()
        self.data = Path(data) if data else Path(tempfile.mkdtemp(prefix="companion-bench-"))
        self.own_data = data is None
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.started = 0.0
        self.ready_after = float("nan")
        self.cpu_at_ready = float("nan")

    def start(self, path: str = "/health") -> float:
        """Start the server; return seconds from spawn to the first 200 on ``path``."""
        cmd = [tree_python(self.tree), "-m", "companion", "serve", "--host", HOST]
        cmd += ["--port", str(self.port), "--data", str(self.data)]
        log = open(self.data / "serve.log", "ab")  # noqa: SIM115 (kept for the process's life)
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            cmd, stdout=log, stderr=subprocess.STDOUT, env=tree_env(self.tree), cwd=self.tree
        )
        log.close()
        self.ready_after = self.wait_ready(path)
        self.cpu_at_ready = self.cpu()
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

    def cpu(self) -> float:
        """CPU seconds the server has used so far."""
        return cpu_seconds(self.pid)

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
    """The new game form for ``players`` seats with survivors typed in from this tree's cards.db
    (for the in-process benchmark, which runs this tree's app)."""
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


def form_values(page: bytes, name: str) -> list[str]:
    """The values of the inputs called ``name`` in a page, in order."""
    pattern = rb'name="' + re.escape(name.encode()) + rb'" value="([^"]+)"'
    return [v.decode() for v in re.findall(pattern, page)]


def create_game(port: int, name: str, players: int = 5) -> str:
    """Create a game as a person does: open /games/new, keep every set and the first main
    objective it offers, type two survivors per seat from its list, submit; the game's id."""
    status, _, page = request(port, "GET", "/games/new")
    sets, objectives = form_values(page, "sets"), form_values(page, "objective")
    listed = page.split(b'id="survivor-names"', 1)[-1].split(b"</datalist>", 1)[0]
    pool = [html.unescape(v.decode()) for v in re.findall(rb'<option value="([^"]+)"', listed)]
    if status != 200 or not sets or not objectives or len(pool) < 2 * players:
        raise RuntimeError(f"GET /games/new answered {status} without sets, objectives, survivors")
    form: dict[str, Any] = {
        "name": name,
        "seat_name": [f"Player {n}" for n in range(1, players + 1)],
        "ruleset": "base",
        "variant": "standard",
        "sets": sets,
        "objective": objectives[0],
        "survivor_mode": "entered",
        "mature": "on",
        "survivor_1": pool[0:players],
        "survivor_2": pool[players : 2 * players],
        "survivor_3": ["" for _ in range(players)],
    }
    status, headers, body = request(port, "POST", "/games/new", form)
    if status != 303:
        raise RuntimeError(f"POST /games/new answered {status}: {body[:300]!r}")
    return headers["location"].rstrip("/").split("/")[-2]


def join_path(port: int, game_id: str) -> str:
    """The seat picker's address, reached as a player without a camera does: the short code
    the table screen shows (from loopback), typed as /j/<code>."""
    status, _, page = request(port, "GET", f"/games/{game_id}")
    match = re.search(rb'class="jp-code">([^<]+)<', page)
    if status != 200 or not match:
        raise RuntimeError(f"the table screen of {game_id} ({status}) shows no join code")
    code = urllib.parse.quote(html.unescape(match.group(1).decode()).strip())
    status, headers, _ = request(port, "GET", f"/j/{code}")
    if status != 303:
        raise RuntimeError(f"/j/{code} answered {status}")
    return urllib.parse.urlsplit(headers["location"]).path


def join_phone(port: int, join: str, seat_id: str) -> str:
    """Take a seat through the seat picker; the ``seat_<game>=<token>`` cookie pair."""
    status, headers, body = request(port, "POST", join, {"seat": seat_id})
    match = SEAT_COOKIE.search(headers.get("set-cookie", ""))
    if status != 303 or not match:
        raise RuntimeError(f"joining {join} as {seat_id} answered {status}: {body[:300]!r}")
    return f"{match.group(1)}={match.group(2)}"


# --- the lean asyncio client ------------------------------------------------------------------


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

    async def chunk(self, chunked: bool = True) -> tuple[bytes, int]:
        """The next piece of a streamed body (b"" at its end) and the bytes read for it: one
        chunk of a chunked body, else whatever has arrived."""
        assert self.reader is not None
        if not chunked:
            data = await self.reader.read(65536)
            return data, len(data)
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
    ) -> tuple[int, bytes, int]:
        """One request and its whole response: status, body (decoded), bytes on the wire both
        ways."""
        sent = await self.send(method, path, headers, body)
        status, got, head_bytes = await self.head()
        data, body_bytes = await self.body(got)
        if got.get("connection", "").lower() == "close":
            self.close()
        encoding = got.get("content-encoding", "identity").lower()
        if encoding != "identity":
            data = DECODERS[encoding](data)
        return status, data, sent + head_bytes + body_bytes
