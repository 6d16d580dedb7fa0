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
from collections.abc import Iterator
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
            "GET",
            f"/games/{game_id}/events",
            # What chromium sends: the stream must still come unbuffered and uncompressed.
            headers={"Accept": "text/event-stream", "Accept-Encoding": "gzip, deflate, br, zstd"},
        )
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.encoding = self.response.getheader("Content-Encoding")
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
        try:  # any answer: a phone left open may already have its stream back
            return "streams" in get_json(port, "/health")
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


def serving(tmp_path: Path, config: str = "") -> Iterator[tuple[subprocess.Popen, int, str]]:
    """A real `companion serve` on a free loopback port with one game (and ``config`` as the
    data folder's config.py); (process, port, game), killed afterwards if still running."""
    data = tmp_path / "data"
    data.mkdir()
    if config:
        (data / "config.py").write_text(config)
    game = make_game(data)
    port = free_port()
    process = launch(data, port)
    try:
        yield process, port, game
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=10)


@pytest.fixture
def server(tmp_path):
    """A real `companion serve` on a free loopback port with one game; (process, port, game)."""
    yield from serving(tmp_path)


# A shorter wait for static/live.js (the page carries it, from the app's config): a page says
# "Reconnecting" once its stream has been down 2 s (3 s by default). The sse extension retries
# a stream it was refused or could not reach after 0.5, 1, 2, 4 ... s, so "Reconnecting" falls
# in the wait before the fourth retry.
QUICK = "LIVE_LOST_AFTER_MS = 2000\n"
SHORT_LIVED = QUICK + "LIVE_LIFETIME = 0.5\n"
"""Streams that end on schedule every half second."""


@pytest.fixture
def quick_server(tmp_path):
    """``server`` whose pages give up on a stream and retry a refused one sooner (``QUICK``)."""
    yield from serving(tmp_path, QUICK)


def test_many_streams_follow_every_change_and_free_their_place(server):
    process, port, game = server
    limit = live.stream_limit(THREADS)
    streams = [Stream(port, game) for _ in range(STREAMS)]
    try:
        assert [s.status for s in streams] == [200] * STREAMS
        assert [s.encoding for s in streams] == [None] * STREAMS
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

        # Fill past the limit: these streams come from the laptop itself (loopback), which is
        # never refused (a device on the network is: tests/test_web_live.py), and the table can
        # still act because threads are kept free for actions.
        extra = [Stream(port, game) for _ in range(limit + 2 - STREAMS)]
        streams += extra
        assert [s.status for s in extra] == [200] * len(extra)
        assert wait_until(lambda: get_json(port, "/health")["streams"] == limit + 2, 5)
        status, sent, answered = post(port, f"/games/{game}/{path}", {"version": str(version)})
        assert status in (200, 303)
        version += 1
        assert wait_until(lambda: all(s.seen(version) for s in streams), 5)
        print(
            f"Past the limit ({limit + 2} streams): the table's {path} answered in "
            f"{(answered - sent) * 1000:.1f} ms; the last stream had it "
            f"{(max(s.seen(version) for s in streams) - answered) * 1000:.2f} ms later"
        )

        # Devices that hang up free their places at once (waitress tells the stream).
        gone = streams[:10]
        start = time.monotonic()
        for stream in gone:
            stream.close()
        assert wait_until(lambda: get_json(port, "/health")["streams"] == limit - 8, 5, 0.05)
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


# -- static/live.js, htmx and its sse extension on a real phone page -------------------------

SET_VISIBILITY = """
(state) => {
  Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
}
"""
LATER = "ms => { const now = Date.now; Date.now = () => now() + ms; }"


class PhonePage:
    """Seat s1's phone page in its own browser context, counting what it asks the server."""

    def __init__(self, browser, port: int, game: str, refuse: int = 0) -> None:
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.game = game
        self.fetches = 0  # htmx fetches of the phone's fragment
        self.streams = 0  # event streams asked for
        self.refused = refuse  # how many streams to answer 503 first (a full server)
        self.page.on("request", self._count)
        if refuse:
            self.page.route(f"**/games/{game}/events", self._maybe_refuse)
        base = f"http://127.0.0.1:{port}"
        self.page.goto(f"{base}/games/{game}/join")
        code = self.page.text_content(".jp-code")
        self.page.goto(f"{base}/j/{code}")
        self.page.click("form.seat-list button[value=s1]")
        self.page.wait_for_url(f"**/phone/{game}")

    def _count(self, request) -> None:
        if request.url.endswith(f"/phone/{self.game}") and request.headers.get("hx-request"):
            self.fetches += 1
        if "/events" in request.url:
            self.streams += 1

    def _maybe_refuse(self, route) -> None:
        if self.refused > 0:
            self.refused -= 1
            route.fulfill(status=503, headers={"Retry-After": "5"}, body="full")
        else:
            route.continue_()

    def mark(self) -> str | None:
        """The live mark's state."""
        return self.page.get_attribute("#live-status", "data-state")

    def wait_mark(self, state: str, timeout: int = 8000) -> None:
        """Wait until the live mark says ``state``."""
        self.page.wait_for_selector(f"#live-status[data-state={state}]", timeout=timeout)

    def version(self) -> int:
        """The version the phone shows."""
        return int(self.page.get_attribute("#phone [data-live-version]", "data-live-version"))

    def close(self) -> None:
        """Close the page and its context."""
        self.context.close()


@pytest.mark.proof  # a real server stopped and started again (14 s): the proof run
@pytest.mark.refusals("ERR_CONNECTION_REFUSED", "ERR_CONNECTION_RESET")  # the server stops
def test_the_phone_follows_changes_reconnects_and_says_so(tmp_path, browser):
    data = tmp_path / "data"
    data.mkdir()
    # Streams end every 2 s and the browser reopens them 0.3 s later; QUICK's waits.
    (data / "config.py").write_text("LIVE_LIFETIME = 2.0\nLIVE_RETRY_MS = 300\n" + QUICK)
    game = make_game(data)
    port = free_port()
    process = launch(data, port)
    try:
        phone = PhonePage(browser, port, game)
        phone.wait_mark("ok")
        assert phone.page.text_content("#live-status") == "Up to date"
        version = phone.version()
        assert phone.fetches == 0  # the stream's first version is the one shown: no fetch

        # Another device changes the game: the phone fetches its view once and shows it.
        assert post(port, f"/games/{game}/undo", {"version": str(version)})[0] in (200, 303)
        phone.page.wait_for_function(
            f"() => document.querySelector('#phone [data-live-version=\"{version + 1}\"]')",
            timeout=5000,
        )
        assert phone.fetches == 1

        # The stream ends on schedule (2 s here) and comes back: no fetch, still up to date.
        if phone.streams < 2:  # wait for the second stream's request, not for a set time
            phone.page.wait_for_event(
                "request", lambda request: "/events" in request.url, timeout=5000
            )
        assert phone.fetches == 1 and phone.streams >= 2
        assert phone.mark() == "ok"
        assert wait_until(lambda: get_json(port, "/health")["streams"] == 1, 3)

        # Back from sleep (hidden for more than 10 s): a fresh stream, the old one closed.
        before = phone.streams
        phone.page.evaluate(SET_VISIBILITY, "hidden")
        phone.page.evaluate(LATER, 11_000)
        phone.page.evaluate(SET_VISIBILITY, "visible")
        phone.page.wait_for_function("() => true")
        assert wait_until(lambda: phone.streams == before + 1, 5)
        phone.wait_mark("ok")
        assert wait_until(lambda: get_json(port, "/health")["streams"] == 1, 5)
        assert phone.fetches == 1

        # The server goes away: the mark says so; a change made meanwhile is fetched on return.
        out, err = stop(process)
        assert "Traceback" not in out + err
        phone.wait_mark("lost")
        assert phone.page.text_content("#live-status") == "Reconnecting…"
        db = store.open_db(data / "games.db")
        try:
            assert store.redo(db, game, version=version + 1).version == version + 2
        finally:
            db.close()
        process = launch(data, port)
        phone.wait_mark("ok", timeout=15000)
        phone.page.wait_for_function(
            f"() => document.querySelector('#phone [data-live-version=\"{version + 2}\"]')",
            timeout=5000,
        )
        assert phone.fetches == 2
        phone.close()
        assert wait_until(lambda: get_json(port, "/health")["streams"] == 0, 5, 0.05)
    finally:
        stop(process)


@pytest.mark.proof  # 9 s of refused streams: the proof run
@pytest.mark.refusals(503)  # the four streams the server refuses on purpose
def test_the_phone_comes_back_after_being_refused(quick_server, browser):
    _, port, game = quick_server
    # The first four streams are answered 503 (a full server, as a phone on the network may be
    # told): the sse extension tries again, waiting longer each time.
    phone = PhonePage(browser, port, game, refuse=4)
    phone.wait_mark("lost")
    phone.wait_mark("ok", timeout=20000)
    assert phone.streams == 5
    assert phone.fetches == 0
    assert get_json(port, "/health")["streams"] == 1
    phone.close()


@pytest.fixture
def short_lived_server(tmp_path):
    """``server`` whose streams end every half second (``SHORT_LIVED``)."""
    yield from serving(tmp_path, SHORT_LIVED)


def test_a_stream_that_ends_on_schedule_is_followed_quietly(short_lived_server, browser):
    """A stream ends with its "close" event: the page opens the next at once, stays "Up to
    date" and logs nothing (the browser fixture fails the test on any console error)."""
    _, port, game = short_lived_server
    phone = PhonePage(browser, port, game)
    phone.wait_mark("ok")
    phone.page.wait_for_timeout(3000)  # playwright counts the requests while it waits
    assert phone.streams >= 4
    assert phone.mark() == "ok"
    assert get_json(port, "/health")["streams"] <= 1
    phone.close()


CSP = "script-src 'self'; frame-ancestors 'none'"  # issue 18's policy, as far as scripts go
INLINE = """
() => {
  const found = [];
  document.querySelectorAll("script:not([src])").forEach(s => found.push("inline <script>"));
  document.querySelectorAll("style").forEach(s => {
    if (s.textContent.includes("htmx-indicator")) found.push("htmx's own <style>");
  });
  document.querySelectorAll("*").forEach(el => {
    for (const a of el.attributes) {
      if (/^(on|hx-on|data-hx-on)/i.test(a.name)) found.push(el.tagName + " " + a.name);
    }
  });
  return found;
}
"""


def with_csp(page) -> list[str]:
    """Serve the page's documents with a strict script policy; the violations it reports."""

    def add_header(route) -> None:
        if route.request.resource_type != "document":
            route.continue_()
            return
        answer = route.fetch()
        route.fulfill(response=answer, headers={**answer.headers, "content-security-policy": CSP})

    violations: list[str] = []
    page.route("**/*", add_header)
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return violations


def test_pages_run_no_inline_script_under_a_strict_policy(server, browser):
    """Issue 18: no inline script, no on*= or hx-on attribute, no style htmx injects, on the
    table screen and a phone, before and after a live swap, under script-src 'self'."""
    _, port, game = server
    phone = PhonePage(browser, port, game)
    phone_violations = with_csp(phone.page)
    phone.page.reload()
    phone.wait_mark("ok")
    table = browser.new_page()
    table_violations = with_csp(table)
    # the event that says the table's stream is open (htmx-ext-sse fires it on connecting)
    table.add_init_script(
        "document.addEventListener('htmx:sseOpen', () => { window.streamOpen = true; });"
    )
    table.goto(f"http://127.0.0.1:{port}/games/{game}")
    version = phone.version()
    table.wait_for_function("() => window.streamOpen === true", timeout=5000)
    assert post(port, f"/games/{game}/undo", {"version": str(version)})[0] in (200, 303)
    for page, root in ((phone.page, "#phone [data-live-version]"), (table, "#game")):
        page.wait_for_function(
            f"() => document.querySelector('{root}')"
            f".getAttribute('data-live-version') === '{version + 1}'",
            timeout=5000,
        )
        assert page.evaluate(INLINE) == []
        assert page.evaluate("() => htmx.config.includeIndicatorStyles") is False
    assert phone_violations == [] and table_violations == []
    table.close()
    phone.close()
