"""One table, six devices, on a real `companion serve` from a given source tree: the six figures.

The scenario: start `python -m companion serve --host 127.0.0.1` from the tree (timed from spawn
to the home page's first 200), create a 5-seat game through /games/new, take every seat through
the seat picker the table screen shows, then open six devices as a browser would: the table
screen (/games/<id>) and five phones (/phone/<id>, each with its seat cookie). Each device reads
from its own page how it follows the game (see ``Live``) and holds the live stream. The table
screen then plays: counter corrections posted one at a time to POST /games/<id>/act with
HX-Request, as its buttons do; after each answer the run waits until every device shows the new
version (bounded), then a short pause, then the next action. Then everything sits idle for a
while, and a headless chromium loads a phone's page with a fresh cache.

The six figures (targets of issue 17 point 8):
- view: from the action's answer until the last of the six devices has its new view, p95
  (the table screen's view is the answer itself, unless the stream made it fetch again);
- round trip of the action, p95;
- server CPU per action (its six views included): the server's CPU over the play / actions;
- phone first load: bytes chromium moved for the phone page and its assets (headers included),
  plus what the phone's live stream carried on connecting;
- idle traffic per device-hour: bytes on the streams (and any polling) while nothing happens,
  plus one reconnect per stream lifetime, plus TCP/IP headers;
- cold start: spawn to the first 200 on / (median of the spawns).

    python benchmarks/table.py [--tree DIR] [--actions 200] [--idle 60] [--cold 3]
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import re
import statistics
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchlib import (
    BROWSER,
    HX,
    ROOT,
    Conn,
    Server,
    check_tree,
    create_game,
    fmt,
    join_path,
    join_phone,
    loadavg,
    percentile,
    request,
    summary_ms,
    version_of,
)

PLAYERS = 5
VIEW_TIMEOUT = 5.0  # seconds an action waits for all six views before it counts them missing
CONNECT_TIMEOUT = 30.0
REQUEST_TIMEOUT = 30.0  # seconds any one request may take before the run gives up on it
TCP_IP_HEADER = 52  # IPv4 (20) + TCP with timestamps (32) bytes per segment
DEFAULT_LIFETIME = 600.0  # companion/web/events.py LIVE_LIFETIME when a tree does not say
# The table screen's corrections, in turn: (counter, the two values it flips between).
MOVES = (("food", (5, 6)), ("waste", (0, 1)))
TAG = re.compile(rb"<[a-zA-Z][^>]*>")
ATTR = re.compile(rb'([\w:-]+)="([^"]*)"')


@dataclass
class Live:
    """How a device's page follows the game, read from the page itself.

    - ``version-refetch`` (static/live.js, ``data-events``): the stream carries version numbers;
      a version newer than the view makes the page fetch its fragment again with HX-Request.
    - ``htmx-sse`` (htmx-ext-sse, ``sse-connect``): an event named in an ``sse-swap`` attribute
      carries the view itself; an event named in an ``hx-trigger="sse:<name>"`` makes that
      element fetch its ``hx-get`` again; a version the page already shows is not fetched
      (static/live.js's ``htmx:confirm`` check), and one that comes while the page's own request
      is under way waits for it (``hx-sync``: one request at a time, one refresh queued), then
      is checked again.
    Any ``hx-trigger="every <n>s"`` with an ``hx-get`` is polled as well.
    """

    mode: str
    events: str
    refetch: str = ""
    swaps: set[str] = field(default_factory=set)
    triggers: dict[str, str] = field(default_factory=dict)
    polls: dict[str, float] = field(default_factory=dict)


def read_live(page: bytes, refetch: str) -> Live:
    """The live plan of a full page (``refetch``: its fragment's address for live.js)."""
    swaps: set[str] = set()
    triggers: dict[str, str] = {}
    polls: dict[str, float] = {}
    connect = ""
    for tag in TAG.findall(page):
        attrs = {k.decode(): html.unescape(v.decode()) for k, v in ATTR.findall(tag)}
        connect = connect or attrs.get("sse-connect", "")
        swaps.update(n.strip() for n in attrs.get("sse-swap", "").split(",") if n.strip())
        trigger, get = attrs.get("hx-trigger", ""), attrs.get("hx-get", "")
        if get:
            for name in re.findall(r"sse:([\w.-]+)", trigger):
                triggers[name] = get
            every = re.search(r"every\s+([\d.]+)(ms|s)", trigger)
            if every:
                polls[get] = float(every.group(1)) / (1000 if every.group(2) == "ms" else 1)
    if connect:
        return Live("htmx-sse", connect, swaps=swaps, triggers=triggers, polls=polls)
    legacy = re.search(rb'data-events="([^"]+)"', page)
    if legacy:
        events = html.unescape(legacy.group(1).decode())
        return Live("version-refetch", events, refetch=refetch, polls=polls)
    raise RuntimeError("the page has neither sse-connect nor live.js's data-events")


@dataclass
class Device:
    """One device of the table: its page's live plan, its stream, and every view it got."""

    port: int
    kind: str  # "table" or "phone"
    page: str
    cookie: str = ""
    live: Live | None = None
    shown: int = 0
    latest: int = 0
    views: list[tuple[int | None, float]] = field(default_factory=list)
    fetch_times: list[float] = field(default_factory=list)
    stream_in: int = 0
    stream_out: int = 0
    reads: int = 0
    poll_bytes: int = 0
    fetch_bytes: int = 0
    streams: int = 0
    errors: list[str] = field(default_factory=list)
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    conns: list[Conn] = field(default_factory=list)
    fetch_conn: Conn | None = None
    fetching: bool = False
    again: bool = False
    acting: bool = False  # the device's own action is under way (its refresh queues behind it)

    def headers(self) -> dict[str, str]:
        """What this device sends with every request: the encodings a browser accepts, and
        its seat cookie if a phone."""
        return {**BROWSER, "Cookie": self.cookie} if self.cookie else dict(BROWSER)

    def open_page(self) -> None:
        """Load the full page once (not timed) and read its live plan and version."""
        cookie = {"Cookie": self.cookie} if self.cookie else {}
        status, _, body = request(self.port, "GET", self.page, headers=cookie)
        if status != 200:
            raise RuntimeError(f"{self.page} answered {status}")
        self.live = read_live(body, self.page)
        self.shown = self.latest = version_of(body) or 0

    def saw(self, version: int | None, when: float) -> None:
        """Record a new view (its version when the view shows one)."""
        if version is not None:
            self.shown = max(self.shown, version)
        self.views.append((version, when))
        self.changed.set()

    async def follow(self, stop: asyncio.Event) -> None:
        """Hold the stream until ``stop``, reconnecting as a browser does when it ends."""
        pollers = [
            asyncio.create_task(self.poll(path, every, stop))
            for path, every in (self.live.polls.items() if self.live else ())
        ]
        try:
            while not stop.is_set():
                await self.stream_once(stop)
                if not stop.is_set():
                    await asyncio.sleep(0.05)
        finally:
            for task in pollers:
                task.cancel()

    async def stream_once(self, stop: asyncio.Event) -> None:
        """One stream, read until it ends or the run closes it."""
        assert self.live is not None
        conn = Conn(self.port)
        self.conns.append(conn)
        try:
            headers = {**self.headers(), "Accept": "text/event-stream", "Cache-Control": "no-cache"}
            self.stream_out += await conn.send("GET", self.live.events, headers)
            status, got, n = await conn.head()
            self.stream_in += n
            if status != 200:
                self.errors.append(f"stream {status}")
                await asyncio.sleep(1.0)
                return
            chunked = got.get("transfer-encoding", "").lower() == "chunked"
            self.streams += 1
            self.connected.set()
            buffer = b""
            while not stop.is_set():
                data, n = await conn.chunk(chunked)
                now = time.perf_counter()
                self.stream_in += n
                self.reads += 1
                if not data:
                    return
                buffer += data.replace(b"\r\n", b"\n")
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    self.on_event(event, now)
        except (OSError, asyncio.IncompleteReadError, AssertionError) as exc:
            if not stop.is_set():
                self.errors.append(f"stream {type(exc).__name__}")
        finally:
            conn.close()
            self.conns.remove(conn)

    def on_event(self, event: bytes, now: float) -> None:
        """Act on one server-sent event as the device's page does."""
        assert self.live is not None
        name, lines = "message", []
        for line in event.split(b"\n"):
            if line.startswith(b"event:"):
                name = line[6:].strip().decode()
            elif line.startswith(b"data:"):
                lines.append(line[5:].removeprefix(b" "))
        if not lines:
            return  # a comment (heartbeat) or a bare retry/id
        data = b"\n".join(lines)
        if self.live.mode == "version-refetch":
            if name == "version" and data.strip().isdigit():
                self.latest = max(self.latest, int(data))
                if self.latest > self.shown:
                    self.refetch(self.live.refetch)
        elif name in self.live.swaps:
            self.saw(version_of(data), now)
        elif name in self.live.triggers:
            # static/live.js: a version the page already shows is not fetched; one that arrives
            # while the page's own request is under way is queued behind it (hx-sync) and
            # checked again once the answer is in (see play()).
            if data.strip().isdigit():
                self.latest = max(self.latest, int(data))
                if self.latest <= self.shown or self.acting:
                    return
            self.refetch(self.live.triggers[name])

    def refetch(self, path: str) -> None:
        """Fetch the view again, one fetch at a time (once more if asked meanwhile)."""
        if self.fetching:
            self.again = True
        else:
            asyncio.get_running_loop().create_task(self.fetch(path))

    async def fetch(self, path: str) -> None:
        """Fetch a fragment (HX-Request) as often as newer events call for, on the device's
        one kept-alive connection for fetches (chromium reuses its connection for a phone's
        fetches: benchmarks/README.md), opened again if the server closed it."""
        self.fetching = True
        if self.fetch_conn is None:
            self.fetch_conn = Conn(self.port)
            self.conns.append(self.fetch_conn)
        conn = self.fetch_conn
        try:
            while True:
                self.again = False
                asked = time.perf_counter()
                status, body, n = await asyncio.wait_for(
                    conn.request("GET", path, {**self.headers(), **HX}), REQUEST_TIMEOUT
                )
                now = time.perf_counter()
                self.fetch_times.append(now - asked)
                self.fetch_bytes += n
                if status != 200:
                    self.errors.append(f"view {status}")
                    return
                self.saw(version_of(body), now)
                # The refresh queued meanwhile (hx-sync "queue first"; live.js's own flag) is
                # checked again on its turn: not sent if this answer is as new.
                behind = self.latest > self.shown
                if not (self.again and behind):
                    return
        except (OSError, asyncio.IncompleteReadError, AssertionError) as exc:
            self.errors.append(f"view {type(exc).__name__}")
            conn.close()  # the next fetch connects again
        finally:
            self.fetching = False

    async def poll(self, path: str, every: float, stop: asyncio.Event) -> None:
        """A polling element of the page (hx-trigger="every ..."), bounded by ``stop``."""
        conn = Conn(self.port)
        try:
            while not stop.is_set():
                await asyncio.sleep(every)
                _, _, n = await asyncio.wait_for(
                    conn.request("GET", path, {**self.headers(), **HX}), REQUEST_TIMEOUT
                )
                self.poll_bytes += n
                self.reads += 4  # request, answer and their ACKs, roughly
        except (OSError, asyncio.IncompleteReadError, AssertionError) as exc:
            self.errors.append(f"poll {type(exc).__name__}")
        finally:
            conn.close()

    def close(self) -> None:
        """Close every connection of this device."""
        for conn in list(self.conns):
            conn.close()

    def view_since(self, version: int | None, since: float) -> float | None:
        """When the device first showed ``version`` or newer; with no version to go by (an
        answer or a view without a version mark), its first view after ``since``. None: not
        yet."""
        for shown, when in self.views:
            if when < since and (version is None or shown is None):
                continue
            if version is None or shown is None or shown >= version:
                return when
        return None


def setup(server: Server) -> tuple[str, list[Device]]:
    """A 5-seat game with every seat taken; its table screen and five phones, pages loaded."""
    game_id = create_game(server.port, "One table", PLAYERS)
    join = join_path(server.port, game_id)
    cookies = [join_phone(server.port, join, f"s{n}") for n in range(1, PLAYERS + 1)]
    devices = [Device(server.port, "table", f"/games/{game_id}")]
    devices += [Device(server.port, "phone", f"/phone/{game_id}", c) for c in cookies]
    for device in devices:
        device.open_page()
    return game_id, devices


async def play(
    server: Server, game_id: str, devices: list[Device], actions: int, gap: float, idle: float
) -> dict[str, Any]:
    """Connect the six devices, play ``actions`` corrections from the table screen, then sit
    idle for ``idle`` seconds; the figures."""
    table = devices[0]
    stop = asyncio.Event()
    followers = [asyncio.create_task(d.follow(stop)) for d in devices]
    await asyncio.wait_for(asyncio.gather(*(d.connected.wait() for d in devices)), CONNECT_TIMEOUT)
    await asyncio.sleep(0.5)  # every first event is in
    connect_bytes = [d.stream_in + d.stream_out for d in devices]
    conn = Conn(server.port)
    trips, views, missing, refused = [], [], 0, 0
    per_device: list[float] = []
    load_before = loadavg()
    cpu0, t0 = server.cpu(), time.perf_counter()
    for k in range(actions):
        name, values = MOVES[k % len(MOVES)]
        value = values[(k // len(MOVES)) % 2 == 0]
        form = {"type": "set_counter", "name": name, "value": value, "version": table.shown}
        body = urllib.parse.urlencode(form).encode()
        sent = time.perf_counter()
        headers = {**table.headers(), **HX}
        table.acting = True
        try:
            status, reply, _ = await asyncio.wait_for(
                conn.request("POST", f"/games/{game_id}/act", headers, body), REQUEST_TIMEOUT
            )
        finally:
            table.acting = False
        answered = time.perf_counter()
        version = version_of(reply)
        if not 200 <= status < 300:
            refused += 1
            table.errors.append(f"act {status}")
            await asyncio.sleep(gap)
            continue
        trips.append(answered - sent)
        if version is not None:
            table.saw(version, answered)  # the answer is the table screen's new view
        if table.live and table.live.triggers and table.latest > table.shown:
            table.refetch(next(iter(table.live.triggers.values())))  # the queued refresh
        deadline = answered + VIEW_TIMEOUT
        while True:
            seen = [d.view_since(version, sent) for d in devices]
            if all(t is not None for t in seen) or time.perf_counter() > deadline:
                break
            for d in devices:
                d.changed.clear()
            waits = [asyncio.create_task(d.changed.wait()) for d in devices]
            await asyncio.wait(waits, timeout=0.05, return_when=asyncio.FIRST_COMPLETED)
            for w in waits:
                w.cancel()
        if any(t is None for t in seen):
            missing += 1
        else:
            views.append(max(0.0, max(seen) - answered))  # type: ignore[type-var]
            per_device += [max(0.0, t - answered) for t in seen]  # type: ignore[operator]
        await asyncio.sleep(gap)
    elapsed, cpu = time.perf_counter() - t0, server.cpu() - cpu0
    conn.close()
    load_after = loadavg()
    await asyncio.sleep(1.0)  # late fetches finish
    before = [(d.stream_in + d.stream_out, d.poll_bytes, d.streams) for d in devices]
    reads0 = sum(d.reads for d in devices)
    idle_cpu0, idle_t0 = server.cpu(), time.perf_counter()
    await asyncio.sleep(idle)
    idle_elapsed = time.perf_counter() - idle_t0
    idle_cpu = server.cpu() - idle_cpu0
    idle_bytes = [
        d.stream_in + d.stream_out + d.poll_bytes - s - p
        for d, (s, p, _) in zip(devices, before, strict=True)
    ]
    idle_reads = (sum(d.reads for d in devices) - reads0) / len(devices)
    stop.set()
    for device in devices:
        device.close()
    await asyncio.wait_for(asyncio.gather(*followers, return_exceptions=True), CONNECT_TIMEOUT)
    done = len(trips)
    return {
        "mode": {d.kind: d.live.mode for d in devices if d.live},
        "actions": actions,
        "answered": done,
        "refused": refused,
        "missing_views": missing,
        "trips": trips,
        "views": views,
        "views_per_device": per_device,
        "fetches": [t for d in devices for t in d.fetch_times],
        "cpu_s": cpu,
        "play_s": elapsed,
        "idle_s": idle_elapsed,
        "idle_cpu_s": idle_cpu,
        "idle_bytes": idle_bytes,
        "idle_reads": idle_reads,
        "connect_bytes": connect_bytes,
        "reconnects_during_idle": sum(d.streams for d in devices) - sum(s for *_, s in before),
        "errors": sorted({e for d in devices for e in d.errors}),
        "load_before": load_before,
        "load_after": load_after,
    }


def stream_lifetime(tree: Path) -> tuple[float, str]:
    """Seconds a stream lasts before the browser reconnects, as the tree's settings say (else
    today's 600 s), and where the figure came from."""
    source = tree / "companion" / "web" / "events.py"
    try:
        match = re.search(r'"LIVE_LIFETIME":\s*([\d.]+)', source.read_text())
    except OSError:
        match = None
    if match:
        return float(match.group(1)), "companion/web/events.py"
    return DEFAULT_LIFETIME, "assumed: no LIVE_LIFETIME in companion/web/events.py"


def idle_per_hour(result: dict[str, Any], lifetime: float) -> float:
    """Mean bytes per device-hour while idle: the streams' traffic, one reconnect per
    lifetime (each stream ends after 0.9-1.0 of it), TCP/IP headers of each segment."""
    per_device = sum(result["idle_bytes"]) / len(result["idle_bytes"])
    per_hour = per_device * 3600 / result["idle_s"]
    reconnects = 3600 / (lifetime * 0.95)
    connect = sum(result["connect_bytes"]) / len(result["connect_bytes"])
    # Each idle read is one segment and its ACK; a reconnect about 10 segments (handshake,
    # request, ACKs, response head, first event, close).
    segments = result["idle_reads"] * 3600 / result["idle_s"] * 2 + reconnects * 10
    return per_hour + reconnects * connect + segments * TCP_IP_HEADER


def cold_starts(tree: Path, spawns: int) -> list[tuple[float, float]]:
    """Seconds from spawning `companion serve` (new data folder) to its first 200 on /, and
    the CPU seconds it used by then (which other processes hardly change)."""
    out = []
    for _ in range(spawns):
        with Server(tree) as server:
            out.append((server.start("/"), server.cpu_at_ready))
    return out


def run(
    tree: Path,
    actions: int = 200,
    gap: float = 0.1,
    idle: float = 60.0,
    cold: int = 3,
    browser: bool = True,
) -> dict[str, Any]:
    """The whole scenario once against ``tree``: raw samples for the six figures."""
    tree = Path(tree).resolve()
    check_tree(tree)
    result: dict[str, Any] = {"tree": str(tree)}
    with Server(tree) as server:
        first = server.start("/")
        game_id, devices = setup(server)
        result.update(asyncio.run(play(server, game_id, devices, actions, gap, idle)))
        if browser:
            from first_load import browser_load

            loaded = browser_load(server.port, f"/phone/{game_id}", devices[1].cookie)
            result["first_load_bytes"] = loaded["wire_bytes"]
            result["first_load_blocked"] = loaded["blocked"]
    starts = [(first, server.cpu_at_ready), *cold_starts(tree, cold)]
    result["cold"] = [wall for wall, _ in starts]
    result["cold_cpu"] = [cpu for _, cpu in starts]
    result["lifetime"], result["lifetime_from"] = stream_lifetime(tree)
    return result


def first_load(result: dict[str, Any]) -> float:
    """A phone's first load in bytes: the page and its assets in chromium, plus what a phone's
    live stream carried on connecting (request, head, first events; a view if it pushes one)."""
    phones = result["connect_bytes"][1:]
    return result["first_load_bytes"] + sum(phones) / len(phones)


def figures(results: list[dict[str, Any]]) -> dict[str, float]:
    """The six figures from one or more runs of the same tree (samples pooled)."""
    trips = [t for r in results for t in r["trips"]]
    views = [t for r in results for t in r["views"]]
    answered = sum(r["answered"] for r in results)
    loads = [first_load(r) for r in results if "first_load_bytes" in r]
    return {
        "view_p95_ms": percentile(views, 95) * 1000,
        "trip_p95_ms": percentile(trips, 95) * 1000,
        "cpu_ms_per_action": sum(r["cpu_s"] for r in results) / max(1, answered) * 1000,
        "first_load_kb": (max(loads) / 1000) if loads else float("nan"),
        "idle_mb_per_device_hour": statistics.mean(idle_per_hour(r, r["lifetime"]) for r in results)
        / 1e6,
        "cold_start_s": statistics.median(t for r in results for t in r["cold"]),
    }


TARGETS = {
    "view_p95_ms": ("every device's new view after the answer, p95", "≤ 30 ms", 30.0),
    "trip_p95_ms": ("action round trip, p95", "≤ 30 ms", 30.0),
    "cpu_ms_per_action": ("server CPU per action, six views included", "≤ 20 ms", 20.0),
    "first_load_kb": ("phone first load (kB = 1000 B)", "≤ 40 kB", 40.0),
    "idle_mb_per_device_hour": ("idle traffic per device-hour", "≤ 0.05 MB", 0.05),
    "cold_start_s": ("`companion serve` to its first 200 on /, median", "≤ 1 s", 1.0),
}
DIGITS = {"idle_mb_per_device_hour": 4, "cold_start_s": 2}


def show_value(key: str, value: float) -> str:
    """A figure with its unit's usual digits ("-" when not measured)."""
    if value != value:
        return "-"
    return f"{value:.{DIGITS.get(key, 1)}f}"


def details(result: dict[str, Any]) -> str:
    """The lines behind one run's figures."""
    idle_cores = result["idle_cpu_s"] / result["idle_s"]
    lines = [
        f"tree {result['tree']}: live mode {result['mode']}",
        f"  actions {result['answered']}/{result['actions']} answered, refused "
        f"{result['refused']}, views missing {result['missing_views']}, errors {result['errors']}",
        f"  round trip            {fmt(summary_ms(result['trips']))}",
        f"  last of six views     {fmt(summary_ms(result['views']))}",
        f"  each device's view    {fmt(summary_ms(result['views_per_device']))}",
        f"  each fragment fetch   {fmt(summary_ms(result['fetches']))}",
        f"  server CPU {result['cpu_s']:.2f} s over {result['play_s']:.1f} s of play; idle "
        f"{idle_cores * 1000:.1f} ms/s; idle bytes per device {result['idle_bytes']} in "
        f"{result['idle_s']:.0f} s; connect bytes {result['connect_bytes']}; stream lifetime "
        f"{result['lifetime']:.0f} s ({result.get('lifetime_from', '')})",
        f"  cold starts (s) {[round(t, 2) for t in result['cold']]}, server CPU by then "
        f"{[round(t, 2) for t in result['cold_cpu']]}; first load "
        f"{result.get('first_load_bytes', 'not measured')} B, blocked "
        f"{result.get('first_load_blocked', '-')}",
        f"  load average before play {result['load_before']}, after {result['load_after']}",
    ]
    return "\n".join(lines)


def main() -> None:
    """Run the scenario once and print the six figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_options(parser)
    parser.add_argument("--tree", type=Path, default=ROOT, help="source tree (default: this one)")
    args = parser.parse_args()
    result = run(args.tree, args.actions, args.gap, args.idle, args.cold, args.browser)
    print(details(result))
    for key, value in figures([result]).items():
        label, target, _ = TARGETS[key]
        print(f"{label:<52} {target:>10}  {show_value(key, value)}")
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(json.dumps(result) + "\n")


def add_options(parser: argparse.ArgumentParser) -> None:
    """The scenario's options (shared with compare.py)."""
    parser.add_argument("--actions", type=int, default=200, help="actions per run")
    parser.add_argument("--gap", type=float, default=0.1, help="seconds between actions")
    parser.add_argument("--idle", type=float, default=60.0, help="seconds of idle measured")
    parser.add_argument("--cold", type=int, default=3, help="extra cold starts per run")
    parser.add_argument("--no-browser", dest="browser", action="store_false")
    parser.add_argument("--json", help="append the raw results to this file (JSON lines)")


if __name__ == "__main__":
    main()
