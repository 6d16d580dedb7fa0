"""Live updates: the in-process hub, and the event stream through the Flask test client."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from helpers.toy_store import NEW, toy_apply
from live_server import wait_until

from companion import create_app, store
from companion.web import events, live

# -- the hub ---------------------------------------------------------------------------------


def waiter(hub: live.Hub, game_id: str, after: int, timeout: float, out: list) -> threading.Thread:
    """A thread that waits on the hub and records what it got and how long it took."""

    def run() -> None:
        start = time.monotonic()
        out.append((hub.wait(game_id, after, timeout), time.monotonic() - start))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def waiting(hub: live.Hub, *game_ids: str) -> int:
    """How many threads are asleep on the hub's conditions of these games right now."""
    with hub._lock:
        return sum(len(hub._condition(g)._waiters) for g in game_ids)  # type: ignore[attr-defined]


def test_publish_wakes_every_waiter_of_that_game_at_once():
    hub = live.Hub()
    got: list = []
    threads = [waiter(hub, "g1", 3, 10.0, got) for _ in range(5)]
    assert wait_until(lambda: waiting(hub, "g1") == 5, 5)
    assert got == []
    hub.publish("g1", 4)
    for thread in threads:
        thread.join(5)
    assert [version for version, _ in got] == [4] * 5
    assert max(took for _, took in got) < 2.0


def test_a_waiter_of_another_game_keeps_waiting():
    hub = live.Hub()
    got: list = []
    thread = waiter(hub, "g2", 0, 0.5, got)
    hub.publish("g1", 7)
    thread.join(5)
    assert got[0][0] is None
    assert got[0][1] >= 0.45


def test_wait_times_out_with_none():
    hub = live.Hub()
    start = time.monotonic()
    assert hub.wait("g1", 0, 0.2) is None
    assert 0.18 <= time.monotonic() - start < 2.0
    assert hub.wait("g1", 0, 0) is None
    assert hub.wait("g1", 0, -1) is None


def test_wait_returns_at_once_when_a_newer_version_is_already_known():
    hub = live.Hub()
    hub.publish("g1", 5)
    start = time.monotonic()
    assert hub.wait("g1", 2, 10.0) == 5
    assert time.monotonic() - start < 0.5
    assert hub.wait("g1", 5, 0.05) is None


def test_an_older_version_never_replaces_a_newer_one():
    hub = live.Hub()
    hub.publish("g1", 9)
    hub.publish("g1", 4)
    assert hub.version("g1") == 9
    assert hub.version("nope") is None


def test_open_streams_are_counted_and_refused_past_the_limit():
    hub = live.Hub()
    slots = [hub.open_stream(3, f"192.168.1.{n}") for n in range(3)]
    assert all(slots) and hub.streams == 3
    assert hub.open_stream(3, "192.168.1.9") is None
    assert hub.streams == 3
    slots[0].release()
    slots[0].release()  # twice counts once
    assert hub.streams == 2
    again = hub.open_stream(3, "192.168.1.9")
    assert again is not None and hub.streams == 3
    assert hub.open_stream(0, "192.168.1.10") is None


def test_one_address_holds_at_most_its_share_of_streams():
    hub = live.Hub()
    phone = [hub.open_stream(40, "192.168.1.23", per_address=4) for _ in range(4)]
    assert all(phone)
    assert hub.open_stream(40, "192.168.1.23", per_address=4) is None
    assert hub.held_by("192.168.1.23") == 4 and hub.streams == 4
    assert hub.open_stream(40, "192.168.1.24", per_address=4) is not None
    phone[0].release()
    phone[0].release()
    assert hub.held_by("192.168.1.23") == 3
    assert hub.open_stream(40, "192.168.1.23", per_address=4) is not None


def test_the_laptop_itself_is_never_refused():
    hub = live.Hub()
    full = [hub.open_stream(2, f"192.168.1.{n}") for n in range(2)]
    assert all(full) and hub.open_stream(2, "192.168.1.7") is None
    laptop = [hub.open_stream(2) for _ in range(10)]  # no address: loopback
    assert all(laptop) and hub.streams == 12
    for slot in laptop:
        slot.release()
    assert hub.streams == 2
    hub.close_all()
    assert hub.open_stream(2) is None  # only a stopping server turns the laptop away


def test_the_count_holds_under_many_threads():
    hub = live.Hub()
    taken: list = []
    lock = threading.Lock()

    def grab() -> None:
        for _ in range(50):
            slot = hub.open_stream(40, f"10.0.0.{len(taken) % 200}", per_address=1000)
            if slot is not None:
                with lock:
                    taken.append(slot)

    threads = [threading.Thread(target=grab) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(taken) == 40 == hub.streams
    for slot in taken:
        slot.release()
    assert hub.streams == 0


def test_close_all_ends_every_wait_and_refuses_new_streams():
    hub = live.Hub()
    got: list = []
    threads = [waiter(hub, f"g{i % 2}", 0, 30.0, got) for i in range(4)]
    assert wait_until(lambda: waiting(hub, "g0", "g1") == 4, 5)
    hub.close_all()
    for thread in threads:
        thread.join(5)
    assert [version for version, _ in got] == [None] * 4
    assert max(took for _, took in got) < 2.0
    assert hub.closing
    assert hub.open_stream(10, "192.168.1.23") is None
    assert hub.wait("g9", 0, 30.0) is None


@pytest.mark.parametrize(
    ("threads", "limit"), [(8, 4), (24, 20), (64, 54), (240, 200), (1000, 834)]
)
def test_the_stream_limit_leaves_threads_for_actions(threads, limit):
    assert live.stream_limit(threads) == limit
    assert threads - limit >= max(4, threads // 6)


def test_too_few_threads_are_refused():
    with pytest.raises(ValueError, match="at least 8"):
        live.stream_limit(7)


# -- the stream generator on its own -----------------------------------------------------------


def test_stream_yields_the_version_at_once_then_newer_ones():
    hub = live.Hub()
    body = events.stream(
        hub, "g1", 3, heartbeat=60, lifetime=60, poll=0.05, retry_ms=1500, gone=lambda: False
    )
    assert next(body) == b"retry: 1500\nevent: version\nid: 3\ndata: 3\n\n"
    hub.publish("g1", 4)
    assert next(body) == b"event: version\nid: 4\ndata: 4\n\n"
    hub.publish("g1", 6)
    assert next(body) == b"event: version\nid: 6\ndata: 6\n\n"
    body.close()


def test_stream_stops_when_the_server_stops():
    hub = live.Hub()
    body = events.stream(
        hub, "g1", 1, heartbeat=60, lifetime=60, poll=30, retry_ms=1000, gone=lambda: False
    )
    next(body)
    threading.Timer(0.2, hub.close_all).start()
    start = time.monotonic()
    assert list(body) == [events.CLOSING]  # the page's extension closes it without an error
    assert time.monotonic() - start < 2.0


def test_stream_stops_when_the_device_has_gone():
    hub = live.Hub()
    gone = threading.Event()
    body = events.stream(
        hub, "g1", 1, heartbeat=60, lifetime=60, poll=0.05, retry_ms=1000, gone=gone.is_set
    )
    next(body)
    threading.Timer(0.2, gone.set).start()
    start = time.monotonic()
    assert list(body) == []
    assert time.monotonic() - start < 2.0


# -- the stream through Flask -------------------------------------------------------------------


@pytest.fixture
def live_app(tmp_path):
    """An app with quick live settings and one game (version 1) in a real games.db."""
    app = create_app(
        {
            "TESTING": True,
            "GAMES_DB": str(tmp_path / "games.db"),
            "LIVE_HEARTBEAT": 0.2,
            "LIVE_LIFETIME": 30.0,
            "LIVE_POLL": 0.05,
            "LIVE_MAX_STREAMS": 3,
        },
        data_dir=tmp_path,
    )
    with app.app_context():
        app.config["GAME"] = store.create_game(store.get_db(), "Live", NEW, apply=toy_apply)
    return app


def commit(app, version: int) -> int:
    """Change the game through the store and tell the hub, as a view does; the new version."""
    with app.app_context():
        game = app.config["GAME"]
        result = store.act(
            store.get_db(),
            game,
            {"type": "add", "by": "table", "n": 1},
            version=version,
            apply=toy_apply,
        )
        live.committed(game, result.version)
    return result.version


def open_stream(app, address: str = "127.0.0.1"):
    """A streamed (not buffered) response of the game's events and an iterator of its chunks,
    as the device at ``address`` (default: the laptop itself) asks for it."""
    response = app.test_client().get(
        f"/games/{app.config['GAME']}/events",
        environ_base={"REMOTE_ADDR": address},
        buffered=False,
    )
    return response, iter(response.response)


def test_the_first_event_is_the_current_version_at_once(live_app):
    response, chunks = open_stream(live_app)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    start = time.monotonic()
    assert next(chunks) == b"retry: 2000\nevent: version\nid: 1\ndata: 1\n\n"
    assert time.monotonic() - start < 0.5
    response.close()


def test_a_commit_reaches_an_open_stream(live_app):
    live_app.config["LIVE_HEARTBEAT"] = 30  # a slow commit (a synced disk) meets no heartbeat
    response, chunks = open_stream(live_app)
    next(chunks)
    threading.Timer(0.1, commit, (live_app, 1)).start()
    start = time.monotonic()
    assert next(chunks) == b"event: version\nid: 2\ndata: 2\n\n"
    assert time.monotonic() - start < 0.2 + 0.5  # woken by the commit, not by a heartbeat
    assert commit(live_app, 2) == 3
    assert next(chunks) == b"event: version\nid: 3\ndata: 3\n\n"
    response.close()


def test_an_open_stream_holds_no_transaction_and_blocks_no_writer(live_app):
    live_app.config["LIVE_HEARTBEAT"] = 30
    response, chunks = open_stream(live_app)
    assert next(chunks).endswith(b"id: 1\ndata: 1\n\n")
    assert commit(live_app, 1) == 2  # a writer commits while the stream waits...
    other = sqlite3.connect(live_app.config["GAMES_DB"])
    try:  # ...and no reader's snapshot holds the WAL back (a full checkpoint is not busy)
        busy, _, _ = other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        other.close()
    assert busy == 0
    assert next(chunks) == b"event: version\nid: 2\ndata: 2\n\n"
    response.close()


def test_a_stream_opened_after_a_commit_starts_from_the_stored_version(live_app):
    commit(live_app, 1)
    commit(live_app, 2)
    response, chunks = open_stream(live_app)
    assert next(chunks).endswith(b"id: 3\ndata: 3\n\n")
    response.close()


def test_silence_is_broken_by_a_heartbeat_comment(live_app):
    response, chunks = open_stream(live_app)
    next(chunks)
    start = time.monotonic()
    assert next(chunks) == events.HEARTBEAT
    assert next(chunks) == events.HEARTBEAT
    took = time.monotonic() - start
    assert 0.35 <= took < 2.0
    response.close()


def test_a_stream_ends_after_its_lifetime(live_app):
    live_app.config["LIVE_LIFETIME"] = 0.5
    live_app.config["LIVE_HEARTBEAT"] = 60
    response, chunks = open_stream(live_app)
    start = time.monotonic()
    body = b"".join(chunks)
    took = time.monotonic() - start
    assert body == b"retry: 2000\nevent: version\nid: 1\ndata: 1\n\nevent: close\ndata: end\n\n"
    assert 0.4 <= took < 2.0
    assert live.hub(live_app).streams == 0
    response.close()


def test_the_stream_carries_nothing_but_versions(live_app):
    response, chunks = open_stream(live_app)
    commit(live_app, 1)
    text = (next(chunks) + next(chunks) + next(chunks)).decode()
    response.close()
    for line in filter(None, text.splitlines()):
        field, _, value = line.partition(": ")
        assert field in {"retry", "event", "id", "data", ""}, line
        assert value == "version" or value.isdigit() or field == "", line
    for secret in ("Ana", "Bea", "Caio", "Live", "total"):
        assert secret not in text


def test_past_the_limit_a_device_is_told_to_come_back_later(live_app):
    opened = [open_stream(live_app, f"192.168.1.{n}") for n in range(3)]
    for _, chunks in opened:
        next(chunks)
    assert live.hub(live_app).streams == 3
    refused, _ = open_stream(live_app, "192.168.1.9")
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == "5"
    assert refused.mimetype == "text/plain"
    assert "data:" not in refused.get_data(as_text=True)
    opened[0][0].close()
    assert live.hub(live_app).streams == 2
    again, chunks = open_stream(live_app, "192.168.1.9")
    assert again.status_code == 200
    next(chunks)
    again.close()
    for response, _ in opened[1:]:
        response.close()
    assert live.hub(live_app).streams == 0


def test_one_phone_cannot_take_the_table_s_streams(live_app):
    """Issue 18: 260 streams from one phone took every place, so the table and the other
    phones got 503. Now that phone keeps its share (4 here) and the rest get 200."""
    live_app.config["LIVE_MAX_STREAMS"] = 20
    greedy = [open_stream(live_app, "192.168.1.66") for _ in range(260)]
    statuses = [response.status_code for response, _ in greedy]
    assert statuses == [200] * 4 + [429] * 256
    assert greedy[-1][0].headers["Retry-After"] == "5"
    others = [open_stream(live_app, f"192.168.1.{n}") for n in (11, 12, 13, 14)]
    table = open_stream(live_app)
    assert [response.status_code for response, _ in [*others, table]] == [200] * 5
    version = commit(live_app, 1)
    for response, chunks in [*greedy[:4], *others, table]:
        assert next(chunks).endswith(b"data: 1\n\n")
        assert next(chunks) == f"event: version\nid: {version}\ndata: {version}\n\n".encode()
        response.close()
    for response, _ in greedy[4:]:
        response.close()
    assert live.hub(live_app).streams == 0


def test_the_laptop_s_streams_are_never_refused(live_app):
    full = [open_stream(live_app, f"192.168.1.{n}") for n in range(3)]
    assert [response.status_code for response, _ in full] == [200] * 3
    assert open_stream(live_app, "192.168.1.9")[0].status_code == 503
    laptop = [open_stream(live_app, address) for address in ["127.0.0.1"] * 6 + ["::1"]]
    assert [response.status_code for response, _ in laptop] == [200] * 7
    assert live.hub(live_app).streams == 10
    for response, _ in [*full, *laptop]:
        response.close()
    assert live.hub(live_app).streams == 0


def test_a_response_closed_before_it_was_read_frees_its_place(live_app):
    response, _ = open_stream(live_app)
    assert live.hub(live_app).streams == 1
    response.close()
    assert live.hub(live_app).streams == 0


def test_a_head_request_opens_no_stream(live_app):
    answer = live_app.test_client().head(f"/games/{live_app.config['GAME']}/events")
    assert answer.status_code == 200
    assert answer.mimetype == "text/event-stream"
    assert answer.data == b""
    assert live.hub(live_app).streams == 0
    assert live_app.test_client().head("/games/nosuchgm/events").status_code == 404


def test_an_unknown_game_has_no_stream(live_app):
    answer = live_app.test_client().get("/games/nosuchgm/events")
    assert answer.status_code == 404
    assert live.hub(live_app).streams == 0


def test_health_counts_streams_on_loopback_only(live_app):
    client = live_app.test_client()
    assert client.get("/health").json["streams"] == 0
    response, chunks = open_stream(live_app)
    next(chunks)
    health = client.get("/health")
    assert health.status_code == 200
    assert health.json == {"streams": 1, "max_streams": 3, "version": events.companion_version()}
    response.close()
    assert client.get("/health").json["streams"] == 0
    lan = client.get("/health", environ_base={"REMOTE_ADDR": "192.168.1.23"})
    assert lan.status_code == 403


def test_any_device_on_the_network_may_follow_the_version(live_app):
    answer = live_app.test_client().get(
        f"/games/{live_app.config['GAME']}/events",
        environ_base={"REMOTE_ADDR": "192.168.1.23"},
        buffered=False,
    )
    assert answer.status_code == 200
    assert next(iter(answer.response)).endswith(b"data: 1\n\n")
    answer.close()


def test_defaults_are_the_issue_s_numbers(tmp_path):
    app = create_app({"TESTING": True}, data_dir=tmp_path)
    assert app.config["LIVE_HEARTBEAT"] == 20.0
    assert 15 <= app.config["LIVE_HEARTBEAT"] <= 25
    assert app.config["LIVE_LIFETIME"] == 600.0
    assert app.config["LIVE_MAX_STREAMS"] == live.stream_limit(live.THREADS) == 20
    assert app.config["LIVE_MAX_PER_ADDRESS"] == 4
    assert app.config["LIVE_LOST_AFTER_MS"] == 3000  # static/live.js's "Reconnecting" after 3 s
    assert "LIVE_REFUSED_BACKOFF_MS" not in app.config  # the sse extension's own retries
    assert live.hub(app) is app.extensions[live.EXTENSION]
