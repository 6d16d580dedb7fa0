"""A real `companion serve` process on loopback for proof tests, and small HTTP devices for it.

``LiveServer`` starts ``python -m companion serve --host 127.0.0.1 --port <free> --data <dir>``,
waits (bounded) until /health answers, and stops it: SIGKILL for crash tests, SIGINT otherwise.
``Device`` is one browser: its own cookie jar, no redirects followed, every request to
127.0.0.1 only. On a real server every request comes from 127.0.0.1, which the companion counts
as the table (companion/web/auth.py ``from_loopback``); a phone is told apart by its seat cookie
alone (companion/web/phone.py ``seat_of_phone``), so a loopback Device with a seat cookie is a
phone on the /phone routes, and the table on the table's routes.

Also here: reading a game from games.db read-only (a separate connection, as a device never
could), turning an engine action into the form fields a control posts, and the state
invariants every stored state must keep.
"""

from __future__ import annotations

import contextlib
import http.client
import http.cookiejar
import json
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import companion.engine as engine
from companion.store.codec import join_action, join_state

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
ALERT_RE = re.compile(r'role="alert">\s*(?:<p>)?([^<]*[^<\s][^<]*)<')
VERSION_RE = re.compile(r'data-(?:live-)?version="(\d+)"')
CODE_RE = re.compile(r'class="jp-code">([0-9A-Z]{4}-[0-9A-Z]{4})<')


def free_port() -> int:
    """A loopback TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class LiveServer:
    """One `companion serve` subprocess on a free loopback port, over a data folder."""

    def __init__(
        self,
        data: Path,
        *,
        threads: int = 24,
        port: int | None = None,
        seed: int | None = None,
    ) -> None:
        self.data = Path(data)
        self.threads = threads
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = self.data / "serve.log"
        if seed is not None:  # the data folder's config.py, read by `companion serve`
            (self.data / "config.py").write_text(f"RANDOM_SEED = {int(seed)}\n")

    def url(self, path: str) -> str:
        """The full loopback URL of a path."""
        return f"http://{HOST}:{self.port}{path}"

    def start(self, timeout: float = START_TIMEOUT) -> float:
        """Start the process and wait until /health answers 200; the seconds it took."""
        assert self.process is None or self.process.poll() is not None, "already running"
        began = time.monotonic()
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "companion",
                    "serve",
                    "--host",
                    HOST,
                    "--port",
                    str(self.port),
                    "--data",
                    str(self.data),
                    "--threads",
                    str(self.threads),
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=ROOT,
            )
        if wait_until(self.ready, timeout, 0.03):
            return time.monotonic() - began
        self.kill()
        raise AssertionError(f"companion serve did not answer in {timeout} s: {self.tail()}")

    def ready(self) -> bool:
        """Whether /health answers 200 now (raises once the process has exited)."""
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"companion serve exited: {self.tail()}")
        with contextlib.suppress(OSError, http.client.HTTPException):
            conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
            try:
                conn.request("GET", "/health")
                return conn.getresponse().status == 200
            finally:
                conn.close()
        return False

    def tail(self, chars: int = 3000) -> str:
        """The end of the server's output (for failure messages)."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def kill(self) -> None:
        """SIGKILL: the process dies at once, wherever it is (a power cut for the process)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(STOP_TIMEOUT)

    def stop(self) -> None:
        """Ctrl-C (SIGINT), then SIGKILL if it has not stopped in time."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()

    def __enter__(self) -> LiveServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Answer:
    """One HTTP answer: status, headers and body text."""

    status: int
    headers: dict[str, str]
    text: str

    def alert(self) -> str | None:
        """The text of the page's alert (what went wrong), if it shows one."""
        found = ALERT_RE.search(self.text)
        return found.group(1).strip() if found else None

    def version(self) -> int | None:
        """The game version a page or fragment was made from (data-version), if it says."""
        found = VERSION_RE.search(self.text)
        return int(found.group(1)) if found else None


@dataclass
class Device:
    """One browser on loopback: its own cookies, redirects not followed."""

    server: LiveServer
    name: str = "device"
    timeout: float = 30.0
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def __post_init__(self) -> None:
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def request(
        self,
        method: str,
        path: str,
        fields: list[tuple[str, str]] | dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """Send one request (a urlencoded form for a POST); the answer, whatever its status."""
        body = urlencode(fields or {}, doseq=True).encode() if method == "POST" else None
        req = urllib.request.Request(self.server.url(path), data=body, method=method)
        if body is not None:
            req.add_header("Content-Type", "application/x-www-form-urlencoded")
        for key, value in (headers or {}).items():
            req.add_header(key, value)
        try:
            with self.opener.open(req, timeout=self.timeout) as got:
                return Answer(got.status, dict(got.headers), got.read().decode("utf-8", "replace"))
        except urllib.error.HTTPError as got:
            with got:
                text = got.read().decode("utf-8", "replace")
            return Answer(got.code, dict(got.headers), text)

    def get(self, path: str, **kw: Any) -> Answer:
        """GET a path."""
        return self.request("GET", path, **kw)

    def post(self, path: str, fields: Any = None, **kw: Any) -> Answer:
        """POST a form to a path."""
        return self.request("POST", path, fields, **kw)

    def has_cookie(self, prefix: str) -> bool:
        """Whether this device holds a cookie whose name starts with ``prefix``."""
        return any(c.name.startswith(prefix) for c in self.jar)


def join(table: Device, phone: Device, game_id: str, seat_id: str) -> Answer:
    """``phone`` takes ``seat_id`` the way a player does: the code from the table's join panel,
    then the QR link's seat picker (the seat cookie lands in the phone's jar)."""
    panel = table.get(f"/games/{game_id}/join")
    assert panel.status == 200, (panel.status, panel.text[:300])
    code = CODE_RE.search(panel.text)
    assert code, "the join panel shows no short code"
    to_picker = phone.get(f"/j/{code.group(1)}")
    assert to_picker.status == 303, to_picker.status
    path = urlsplit(to_picker.headers["Location"]).path
    taken = phone.post(path, {"seat": seat_id})
    assert taken.status == 303, (taken.status, taken.text[:300])
    return taken


# --- the store, read-only -------------------------------------------------------------------


def read_only(db_path: Path) -> sqlite3.Connection:
    """A read-only connection to games.db (it never writes, so it cannot change what it tests)."""
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=10)
    conn.execute("PRAGMA busy_timeout = 10000")
    return conn


def head(conn: sqlite3.Connection, game_id: str) -> tuple[dict[str, Any], int, int]:
    """(state, version, head) of a game, read in one statement."""
    row = conn.execute(
        "select a.state, c.cards, g.version, g.head from games g"
        " join actions a on a.game_id = g.id and a.seq = g.head"
        " join game_cards c on c.game_id = g.id where g.id = ?",
        [game_id],
    ).fetchone()
    assert row is not None, f"no game {game_id}"
    return stored_state(row[0], row[1]), row[2], row[3]


def stored_state(state: str, cards: str | None) -> dict[str, Any]:
    """A state as stored, with the game's catalogue put back (docs/store.md)."""
    return join_state(json.loads(state), None if cards is None else json.loads(cards))


def rows(conn: sqlite3.Connection, game_id: str) -> list[dict[str, Any]]:
    """Every stored log row of a game (the redo tail too): seq, action, state; oldest first."""
    found = conn.execute(
        "select a.seq, a.action, a.state, c.cards from actions a"
        " join game_cards c on c.game_id = a.game_id where a.game_id = ? order by a.seq",
        [game_id],
    ).fetchall()
    return [
        {"seq": seq, "action": json.loads(action), "state": stored_state(state, cards)}
        for seq, action, state, cards in found
    ]


# --- forms ------------------------------------------------------------------------------------


def form_fields(action: dict[str, Any], version: int) -> list[tuple[str, str]]:
    """The fields a control posts for an engine action (``by`` is the device's, never a field)."""
    out: list[tuple[str, str]] = [("type", action["type"]), ("version", str(version))]
    for key, value in action.items():
        if key in ("type", "by"):
            continue
        if isinstance(value, dict):
            out.extend((f"{key}.{k}", _text(v)) for k, v in value.items())
        elif isinstance(value, list):
            out.extend((key, _text(v)) for v in value)
            if not value:
                out.append((key, ""))
        else:
            out.append((key, _text(value)))
    return out


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def same_action(stored: dict[str, Any], sent: dict[str, Any]) -> bool:
    """Whether a logged action is the one sent (the store adds a seed when none was sent)."""
    if "seed" in sent:
        return stored == sent
    return {k: v for k, v in stored.items() if k != "seed"} == sent


# --- invariants -------------------------------------------------------------------------------

COUNTERS = ("morale", "round", "round_track", "food", "starvation", "waste")


def assert_valid_state(st: dict[str, Any]) -> None:
    """A state every screen can show: whole non-negative counters, pieces that fit their spaces,
    survivors owned by seats and standing in real places, and views that can be made."""
    json.dumps(st)
    for key in COUNTERS:
        assert type(st[key]) is int and st[key] >= 0, (key, st[key])
    for kind in ("normal", "unruly"):
        assert type(st["helpless"][kind]) is int and st["helpless"][kind] >= 0, kind
    places = {loc["id"]: loc for loc in st["locations"]}
    for ent in st["colony"]["entrances"] + [loc["entrance"] for loc in st["locations"]]:
        for key in ("zombies", "barricades", "traps"):
            assert type(ent[key]) is int and ent[key] >= 0, (key, ent)
        assert ent["zombies"] + ent["barricades"] + ent["traps"] <= ent["spaces"], ent
    seat_ids = {s["id"] for s in st["seats"]}
    here: dict[str, int] = {}
    for surv in st["survivors"]:
        assert surv["owner"] in seat_ids, surv
        assert surv["location"] == "colony" or surv["location"] in places, surv
        here[surv["location"]] = here.get(surv["location"], 0) + 1
        tokens = (surv["wounds"], surv["frostbite"], surv["despair"])
        assert all(type(t) is int and t >= 0 for t in tokens) and sum(tokens) < 3, surv
    for loc in st["locations"]:
        assert type(loc["noise"]) is int and loc["noise"] >= 0, loc["id"]
        assert here.get(loc["id"], 0) + loc["bandits"] <= loc["survivor_spaces"], loc["id"]
    leaders = [s["owner"] for s in st["survivors"] if s["leader"]]
    assert len(leaders) == len(set(leaders)), "a seat with two group leaders"
    ids = [s["id"] for s in st["survivors"]]
    assert len(ids) == len(set(ids)), "a survivor twice in play"
    engine.table_view(st)
    for seat_id in seat_ids:
        engine.seat_view(st, seat_id)


class EventStream:
    """One device's live stream (GET /games/<id>/events) read on a thread: the versions it got."""

    MAX_LINES = 200_000

    def __init__(self, server: LiveServer, game_id: str) -> None:
        self.conn = http.client.HTTPConnection(HOST, server.port, timeout=60)
        self.conn.connect()
        self.sock = self.conn.sock
        self.conn.request("GET", f"/games/{game_id}/events")
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.versions: list[int] = []
        self.ended = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self.thread.start()
        else:
            self.ended.set()

    def _read(self) -> None:
        try:
            for _ in range(self.MAX_LINES):
                line = self.response.readline()
                if not line:
                    break
                if line.startswith(b"data: "):
                    self.versions.append(int(line[6:]))
        except (OSError, ValueError, http.client.HTTPException):
            pass
        finally:
            self.ended.set()

    @property
    def last(self) -> int | None:
        """The newest version this stream was told (None: none yet)."""
        return self.versions[-1] if self.versions else None

    def close(self) -> None:
        """Hang up."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.ended.wait(5)
        self.response.close()
        self.conn.close()
        self.sock.close()


def wait_until(check: Any, seconds: float, step: float = 0.05) -> Any:
    """Poll ``check`` until it is truthy or ``seconds`` pass; its last value.

    The tests' one waiting loop: a condition asked every ``step`` seconds, never longer than
    ``seconds`` in all (what cannot be observed as an event: a port, a file, another process).
    """
    deadline = time.monotonic() + seconds
    value = check()
    while not value and time.monotonic() < deadline:
        time.sleep(step)
        value = check()
    return value


# --- the model of a game's log ------------------------------------------------------------------

ACCEPTED = (200, 303)
"""A change the server answered as done (a fragment, or a plain form's redirect)."""
PHONE_DROPS = ("seat_id", "caller")
"""Fields a phone's form may name (its own seat only) that never reach the logged action."""


@dataclass
class Op:
    """One request sent: an action (``action``) or an undo/redo (``kind``)."""

    kind: str  # "act", "undo" or "redo"
    action: dict[str, Any] | None = None  # as the log must hold it
    device: str = "table"
    sent: dict[str, Any] | None = None  # as posted, when it differs


@dataclass
class Model:
    """What the store must hold: every log row's action (the redo tail too), head and version."""

    actions: list[dict[str, Any]]
    head: int
    version: int

    def apply(self, op: Op) -> None:
        """The store's effect of an accepted op."""
        if op.kind == "act":
            self.actions = [*self.actions[: self.head], op.action]
            self.head += 1
        elif op.kind == "undo":
            assert self.head > 1
            self.head -= 1
        else:
            assert self.head < len(self.actions)
            self.head += 1
        self.version += 1


@dataclass
class Replayer:
    """Replays the stored log with the engine, remembering the prefix it already replayed."""

    done: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)
    checked: dict[int, str] = field(default_factory=dict)
    states_compared: int = 0

    def check(self, conn, game_id: str) -> list[dict[str, Any]]:
        """Compare every stored row's state with the engine's replay; the stored actions."""
        raw = conn.execute(
            "select seq, action, state from actions where game_id = ? order by seq", [game_id]
        ).fetchall()
        assert [r[0] for r in raw] == list(range(1, len(raw) + 1)), "log rows are not 1..n"
        cards, setup_cards = conn.execute(
            "select cards, setup_cards from game_cards where game_id = ?", [game_id]
        ).fetchone()
        keep = 0
        while keep < min(len(raw), len(self.done)) and self.done[keep][0] == raw[keep][1]:
            keep += 1
        self.done = self.done[:keep]
        for seq, action, _state in raw[keep:]:
            before = self.done[-1][1] if self.done else None
            whole = join_action(json.loads(action), json.loads(setup_cards))
            state, _steps = engine.apply(before, whole)
            self.done.append((action, state, engine.to_json(state)))
            self.checked.pop(seq, None)
        for seq, _action, text in raw:
            if self.checked.get(seq) == text:
                continue
            stored = stored_state(text, cards)
            assert engine.to_json(stored) == self.done[seq - 1][2], f"row {seq} != its replay"
            assert_valid_state(stored)
            self.checked[seq] = text
            self.states_compared += 1
        return [json.loads(r[1]) for r in raw]


def send(
    devices: dict[str, Device],
    game_id: str,
    op: Op,
    version: int,
    device: str | None = None,
    fragment: bool = False,
) -> Answer:
    """Post one op the way its device's control does: the table's to /games/<id>/..., a
    phone's to /phone/<id>/act (``device`` names another sender); a plain form (answered 303)
    or an htmx request (``fragment``: answered 200 with the fragment, rendered after the commit).
    """
    sender = devices[device or op.device]
    headers = {"HX-Request": "true"} if fragment else None
    if op.kind != "act":
        path = f"/games/{game_id}/{op.kind}"
        return sender.post(path, {"version": str(version)}, headers=headers)
    assert op.action is not None
    fields = form_fields(op.sent or op.action, version)
    if op.device == "table":
        return sender.post(f"/games/{game_id}/act", fields, headers=headers)
    return sender.post(f"/phone/{game_id}/act", fields, headers=headers)


def check_log(stored: list[dict[str, Any]], model: Model, game_id: str, conn) -> None:
    """The stored log, head and version are exactly the model's."""
    _state, version, head_seq = head(conn, game_id)
    assert (version, head_seq) == (model.version, model.head)
    assert len(stored) == len(model.actions), (len(stored), len(model.actions))
    for seq, (got, sent) in enumerate(zip(stored, model.actions, strict=True), start=1):
        assert same_action(got, sent), (seq, got, sent)
