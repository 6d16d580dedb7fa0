"""Live streams against a real `companion serve` process on loopback: many devices, real changes.

One game is made in the data folder through the store (one legal action played); the table
changes it over HTTP (undo and redo in turn: the table screen's routes, whatever the rules allow
next); every open stream must see each new version. Prints the time from each change's HTTP
response to the last stream's event.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest
from live_server import wait_until

from companion import store
from companion.web import live

STREAMS = 30
CHANGES = 24
START = 2  # the game's version once made: created, then one action
THREADS = 48  # live.stream_limit(48) == 40 streams, 8 threads kept for actions
ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def make_game(data: Path) -> str:
    """A real three-seat game in ``data``/games.db with one legal action played (so undo works)."""
    import play  # tests/play.py: real setups from cards.db and legal actions from the engine

    db = store.open_db(data / "games.db")
    try:
        new_game = {"type": "new_game", "by": "table", "setup": play.setup_for(3)}
        game = store.create_game(db, "Stream test", new_game)
        state = store.current(db, game).state
        store.act(db, game, play.next_action(state, random.Random(7)), version=1)
        return game
    finally:
        db.close()


class Stream:
    """One device's event stream read on its own thread: every version event and when it came."""

    def __init__(self, port: int, game_id: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.connect()
        self.sock = self.conn.sock  # the response keeps it after the connection lets it go
        self.conn.request(
            "GET", f"/games/{game_id}/events", headers={"Accept": "text/event-stream"}
        )
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.versions: list[tuple[int, float]] = []
        self.ended = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self.thread.start()
        else:
            self.body = self.response.read().decode()
            self.ended.set()

    def _read(self) -> None:
        try:
            for _ in range(100_000):  # bounded: a stream in this test sends far fewer lines
                line = self.response.readline()
                if not line:
                    break
                if line.startswith(b"data: "):
                    self.versions.append((int(line[6:]), time.monotonic()))
        except (OSError, ValueError, http.client.HTTPException):
            pass
        finally:
            self.ended.set()

    def seen(self, version: int) -> float | None:
        """When this stream received ``version`` (None: not yet)."""
        for got, when in list(self.versions):
            if got == version:
                return when
        return None

    def close(self) -> None:
        """Hang up like a phone whose tab was closed."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.ended.wait(5)  # the reader sees the end first, then the objects go
        self.response.close()
        self.conn.close()
        self.sock.close()


def get_json(port: int, path: str) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        assert answer.status == 200, answer.status
        return json.loads(answer.read())
    finally:
        conn.close()


def post(port: int, path: str, fields: dict) -> tuple[int, float, float]:
    """POST a plain form as the table (loopback); status, send time and response time."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        sent = time.monotonic()
        conn.request(
            "POST",
            path,
            body=urlencode(fields),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        answer = conn.getresponse()
        answer.read()
        return answer.status, sent, time.monotonic()
    finally:
        conn.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def launch(data: Path, port: int, threads: int = THREADS) -> subprocess.Popen:
    """Start `companion serve` on loopback and wait (bounded) until it answers /health."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data",
            str(data),
            "--threads",
            str(threads),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )

    def up() -> bool:
        if process.poll() is not None:
            return True
        try:
            return get_json(port, "/health")["streams"] == 0
        except (OSError, AssertionError, http.client.HTTPException):
            return False

    if not wait_until(up, 20, 0.1) or process.poll() is not None:
        stop(process)
        raise AssertionError(f"companion serve did not start: {process.communicate(timeout=5)}")
    return process


def stop(process: subprocess.Popen) -> tuple[str, str]:
    """Ctrl-C the server (kill it if it hangs); its output."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    try:
        return process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.communicate(timeout=10)


@pytest.fixture
def server(tmp_path):
    """A real `companion serve` on a free loopback port with one game; (process, port, game)."""
    data = tmp_path / "data"
    data.mkdir()
    game = make_game(data)
    port = free_port()
    process = launch(data, port)
    try:
        yield process, port, game
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=10)


def test_many_streams_follow_every_change_and_free_their_place(server):
    process, port, game = server
    limit = live.stream_limit(THREADS)
    streams = [Stream(port, game) for _ in range(STREAMS)]
    try:
        assert [s.status for s in streams] == [200] * STREAMS
        assert wait_until(lambda: all(s.seen(START) is not None for s in streams), 5)
        assert get_json(port, "/health")["streams"] == STREAMS

        version = START
        after_response: list[float] = []
        after_request: list[float] = []
        path = "undo"
        spread: list[float] = []
        for change in range(CHANGES):
            status, sent, answered = post(port, f"/games/{game}/{path}", {"version": str(version)})
            assert status in (200, 303), (change, path, status)
            version += 1
            assert wait_until(lambda v=version: all(s.seen(v) for s in streams), 5), (
                f"version {version} did not reach every stream"
            )
            arrived = [s.seen(version) for s in streams]
            after_response.append(max(arrived) - answered)
            after_request.append(max(arrived) - sent)
            spread.append(max(arrived) - min(arrived))
            path = "redo" if path == "undo" else "undo"
        assert all([v for v, _ in s.versions] == list(range(START, version + 1)) for s in streams)

        def ms(values: list[float]) -> str:
            return (
                f"p50 {statistics.median(values) * 1000:.2f} ms, "
                f"p95 {percentile(values, 0.95) * 1000:.2f} ms, max {max(values) * 1000:.2f} ms"
            )

        # The server publishes right after the commit, before it renders its answer, so the
        # last stream usually has the version before the table has its response (negative).
        print(
            f"\n{STREAMS} streams, {CHANGES} changes (ms, negative = before the response):\n"
            f"  change's response -> last stream: {ms(after_response)}\n"
            f"  request sent -> last stream:      {ms(after_request)}\n"
            f"  first stream -> last stream:      {ms(spread)}"
        )

        # Fill up to the limit: the next device is told to come back later, and the table can
        # still act because threads are kept free for actions.
        extra = [Stream(port, game) for _ in range(limit - STREAMS)]
        streams += extra
        assert [s.status for s in extra] == [200] * len(extra)
        assert wait_until(lambda: get_json(port, "/health")["streams"] == limit, 5)
        refused = Stream(port, game)
        assert refused.status == 503
        assert refused.response.getheader("Retry-After") == "5"
        assert "data:" not in refused.body
        refused.close()
        status, sent, answered = post(port, f"/games/{game}/{path}", {"version": str(version)})
        assert status in (200, 303)
        version += 1
        assert wait_until(lambda: all(s.seen(version) for s in streams), 5)
        print(
            f"At the limit ({limit} streams): the table's {path} answered in "
            f"{(answered - sent) * 1000:.1f} ms; the last stream had it "
            f"{(max(s.seen(version) for s in streams) - answered) * 1000:.2f} ms later"
        )

        # Devices that hang up free their places at once (waitress tells the stream).
        gone = streams[:10]
        start = time.monotonic()
        for stream in gone:
            stream.close()
        assert wait_until(lambda: get_json(port, "/health")["streams"] == limit - 10, 5, 0.05)
        print(f"10 closed streams freed in {(time.monotonic() - start) * 1000:.0f} ms")
        back = Stream(port, game)
        streams.append(back)
        assert back.status == 200
        assert wait_until(lambda: back.seen(version) is not None, 5)
    finally:
        for stream in streams:
            stream.close()

    assert wait_until(lambda: get_json(port, "/health")["streams"] == 0, 5, 0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=15)
    assert process.returncode == 0, err
    assert "Traceback" not in out + err
    assert out.rstrip().endswith("Stopped.")


def test_the_server_stops_cleanly_with_streams_still_open(server):
    process, port, game = server
    streams = [Stream(port, game) for _ in range(10)]
    try:
        assert wait_until(lambda: all(s.seen(START) is not None for s in streams), 5)
        start = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
        took = time.monotonic() - start
    finally:
        for stream in streams:
            stream.close()
    assert process.returncode == 0, err
    assert "Traceback" not in out + err
    assert "still running" not in err  # waitress found every thread free: the streams ended
    assert out.rstrip().endswith("Stopped.")
    print(f"\nStopped with 10 open streams in {took * 1000:.0f} ms")
    assert all(wait_until(s.ended.is_set, 5) for s in streams)


# -- static/live.js in a real browser -----------------------------------------------------------

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--no-sandbox",
]
FAKE_PAGE = """
([events, version]) => {
  document.body.innerHTML =
    '<p id="live-status" data-label-ok="OK!" data-label-lost="LOST!"></p>' +
    '<div id="fragment" data-live-version="' + version + '"></div>';
  window.refreshes = 0;
  window.serverVersion = version;
  // What a page's refresh does: fetch, then show the fragment of the version it got.
  window.companionRefresh = () => {
    window.refreshes += 1;
    return fetch("/health").then(() => {
      document.getElementById("fragment").setAttribute("data-live-version", window.serverVersion);
    });
  };
  const script = document.createElement("script");
  script.src = "/static/live.js";
  script.setAttribute("data-events", events);
  script.setAttribute("data-version", String(version));
  document.head.appendChild(script);
}
"""
SET_VISIBILITY = """
(state) => {
  Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
}
"""


@pytest.fixture
def chromium():
    """Headless Debian chromium through playwright (skipped where absent, unless CI=true)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("playwright is not installed")
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            raise AssertionError(f"{CHROMIUM} is missing")
        pytest.skip("chromium is not installed")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def live_page(browser, port: int, game: str, version: int):
    """A page of the companion's origin running live.js with a counting companionRefresh."""
    page = browser.new_page()
    page.goto(f"http://127.0.0.1:{port}/health")
    page.evaluate(FAKE_PAGE, [f"/games/{game}/events", version])
    return page


def status(page) -> tuple[str | None, str]:
    """The live mark's state and words."""
    return tuple(
        page.evaluate(
            "() => { const m = document.getElementById('live-status');"
            " return [m.getAttribute('data-state'), m.textContent]; }"
        )
    )


def test_live_js_follows_changes_reconnects_and_says_so(tmp_path, chromium):
    data = tmp_path / "data"
    data.mkdir()
    (data / "config.py").write_text("LIVE_LIFETIME = 2.0\nLIVE_RETRY_MS = 300\n")
    game = make_game(data)
    port = free_port()
    process = launch(data, port)
    try:
        page = live_page(chromium, port, game, START)
        page.wait_for_function(
            "() => document.getElementById('live-status').dataset.state === 'ok'"
        )
        assert status(page) == ("ok", "OK!")
        assert page.evaluate("window.refreshes") == 0

        # Another device changes the game: the page refreshes once and shows the new version.
        page.evaluate("v => { window.serverVersion = v; }", START + 1)
        assert post(port, f"/games/{game}/undo", {"version": str(START)})[0] in (200, 303)
        page.wait_for_function("() => window.refreshes === 1", timeout=5000)
        assert page.get_attribute("#fragment", "data-live-version") == str(START + 1)

        # The stream ends on schedule (2 s here) and comes back: no refresh, still up to date.
        page.wait_for_timeout(3500)
        assert page.evaluate("window.refreshes") == 1
        assert status(page) == ("ok", "OK!")
        assert wait_until(lambda: get_json(port, "/health")["streams"] == 1, 3)

        # Waking up (visible again) fetches a fresh view.
        page.evaluate(SET_VISIBILITY, "hidden")
        page.evaluate(SET_VISIBILITY, "visible")
        page.wait_for_function("() => window.refreshes === 2", timeout=5000)

        # The server goes away: the mark says so; a change made meanwhile is fetched on return.
        out, err = stop(process)
        assert "Traceback" not in out + err
        page.wait_for_function(
            "() => document.getElementById('live-status').dataset.state === 'lost'", timeout=8000
        )
        assert status(page) == ("lost", "LOST!")
        db = store.open_db(data / "games.db")
        try:
            assert store.redo(db, game, version=START + 1).version == START + 2
        finally:
            db.close()
        page.evaluate("v => { window.serverVersion = v; }", START + 2)
        process = launch(data, port)
        page.wait_for_function(
            "() => document.getElementById('live-status').dataset.state === 'ok'", timeout=15000
        )
        page.wait_for_function("() => window.refreshes === 3", timeout=5000)
        assert page.get_attribute("#fragment", "data-live-version") == str(START + 2)
        page.close()
        assert wait_until(lambda: get_json(port, "/health")["streams"] == 0, 5, 0.05)
    finally:
        stop(process)


def test_live_js_comes_back_after_being_refused(tmp_path, chromium):
    data = tmp_path / "data"
    data.mkdir()
    game = make_game(data)
    port = free_port()
    process = launch(data, port, threads=8)  # 4 streams at most
    held = [Stream(port, game) for _ in range(live.stream_limit(8))]
    try:
        assert [s.status for s in held] == [200] * len(held)
        page = live_page(chromium, port, game, START)
        page.wait_for_function(
            "() => document.getElementById('live-status').dataset.state === 'lost'", timeout=8000
        )
        for stream in held:
            stream.close()
        page.wait_for_function(
            "() => document.getElementById('live-status').dataset.state === 'ok'", timeout=20000
        )
        assert page.evaluate("window.refreshes") == 0
        assert get_json(port, "/health")["streams"] == 1
        page.close()
    finally:
        for stream in held:
            stream.close()
        stop(process)
