"""Concurrency: the table and six phones send conflicting actions at once to a real
`companion serve` process on loopback (issue 13, point 3).

A five-seat game with dealt survivors; five phones join through the QR link (one seat each) and
a sixth phone tries to join a held seat and then acts without a seat. Every device runs on its
own thread for a bounded time and count: it reads the head from games.db (read-only) as its
page would show it, picks a legal action of its own (the table: its legal list, undo, redo; a
phone: its seat's legal list), and posts it, all devices together round after round (a
barrier), so most posts race for the same version. Now and then a device posts on purpose with
a version it already knows is stale. Each device also keeps its live stream open.

Afterwards:

- no lost update: the answered changes (2xx/303) carry the versions 1..final-1 exactly once
  each, and playing them in version order through a model of the store gives exactly the
  stored log, head and version; every stored state equals the engine's replay of the log up
  to it and is valid (counters >= 0, pieces fit their spaces, views can be made);
- every stale post is refused with HTTP 409 and the clear message, and its page shows a newer
  version; rules refusals are 422; the phone without a seat is refused (403) with a message
  every time and changes nothing;
- every device ends on the final version: its page (data-version) and its live stream.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import play
import pytest
from live_server import (
    ACCEPTED,
    CODE_RE,
    PHONE_DROPS,
    Answer,
    Device,
    EventStream,
    LiveServer,
    Model,
    Op,
    Replayer,
    check_log,
    head,
    join,
    read_only,
    send,
    wait_until,
)

import companion.engine as engine
from companion import store

PLAYERS = 5
ROUNDS = int(os.environ.get("COMPANION_ROUNDS", "120"))
LONG_ROUNDS = 600
SECONDS = float(os.environ.get("COMPANION_SECONDS", "20"))
LONG_SECONDS = 120.0
QUICK_ROUNDS, QUICK_SECONDS = 12, 10.0
"""The default run's storm (the full one is marked ``proof``)."""
STALE_SHARE = 0.1
UNDO_SHARE = 0.06
REDO_SHARE = 0.04
OVER_UNDO_SHARE = 0.7
"""Once the winners are declared the table mostly undoes (declaring again is legal, to correct
them, but a long run would declare them hundreds of times)."""
TABLE_STALE = "The table moved on: here is the new board."
PHONE_STALE = "The game moved on: here is what it shows now."
NO_SEAT = "This phone has no seat here"
SEAT_TAKEN = "Another phone already holds this seat."
BARRIER_WAIT = 30.0
LAST_WORD_TRIES = 120

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a real server process")


def make_game(data: Path) -> str:
    """A five-seat game whose survivors are dealt on the phones (made through the store)."""
    db = store.open_db(data / "games.db")
    try:
        setup = play.setup_for(PLAYERS, deal=True)
        return store.create_game(
            db, "Concurrency", {"type": "new_game", "by": "table", "setup": setup, "seed": 13}
        )
    finally:
        db.close()


def own_action(state: dict[str, Any], actor: str, rng: random.Random) -> dict[str, Any] | None:
    """A legal action of ``actor`` now, built like tests/play.py builds them (None: none)."""
    if actor == "table":
        legal = engine.table_view(state)["legal"]["table"]
    else:
        legal = engine.seat_view(state, actor)["legal"][actor]
    kinds = [k for k in legal if k in play.BOARD or k in play.FLOW]
    rng.shuffle(kinds)
    for kind in kinds:
        args = play.build(kind, legal[kind], rng)
        if args is not None:
            return {"type": kind, "by": actor, **args}
    return None


def choose(state: dict[str, Any], head_seq: int, last: int, actor: str, rng) -> Op:
    """This device's next post: its own legal action, an undo/redo (table), or a refused one."""
    if actor == "table":
        roll = rng.random()
        over = state["ended"] and state["ended"]["winners"] is not None
        if over and head_seq > 1 and roll < OVER_UNDO_SHARE:  # keep the game going
            return Op("undo")
        if roll < UNDO_SHARE and head_seq > 1:
            return Op("undo")
        if roll < UNDO_SHARE + REDO_SHARE and head_seq < last:
            return Op("redo")
    action = own_action(state, actor, rng)
    if action is None:  # nothing to do now: a turn that is not this seat's (the rules refuse)
        action = {"type": "end_turn", "by": actor}
    if actor == "table":
        action["seed"] = rng.randrange(2**63)
        return Op("act", action, "table")
    logged = {k: v for k, v in action.items() if k not in PHONE_DROPS}
    return Op("act", logged, actor, action)


class Record:
    """Everything one device sent and got back."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sent: list[tuple[Op, int, bool, Answer]] = []  # op, version, knowingly stale
        self.errors: list[str] = []


def drive(
    name: str,
    devices: dict[str, Device],
    game_id: str,
    db_path: Path,
    barrier: threading.Barrier,
    stop: threading.Event,
    record: Record,
    seed: int,
    rounds: int,
) -> None:
    """One device's loop: read the head, wait for the others, post; bounded by the barrier's
    rounds and the stop event."""
    rng = random.Random(seed)
    conn = read_only(db_path)
    try:
        for _ in range(rounds):
            if stop.is_set():
                return
            state, version, head_seq = head(conn, game_id)
            last = conn.execute(
                "select max(seq) from actions where game_id = ?", [game_id]
            ).fetchone()[0]
            actor = "s1" if name == "stranger" else name
            op = choose(state, head_seq, last, actor, rng)
            stale = version > 1 and rng.random() < STALE_SHARE
            sent_version = rng.randint(1, version - 1) if stale else version
            try:
                barrier.wait(BARRIER_WAIT)
            except threading.BrokenBarrierError:
                return
            answer = send(devices, game_id, op, sent_version, device=name)
            record.sent.append((op, sent_version, stale, answer))
    except Exception as exc:  # reported by the test, never swallowed
        record.errors.append(repr(exc))
        barrier.abort()
    finally:
        conn.close()


def run(tmp_path: Path, rounds: int, seconds: float) -> dict[str, Any]:
    """The whole storm; counts and timings."""
    data = tmp_path / "data"
    data.mkdir()
    game_id = make_game(data)
    db_path = data / "games.db"
    server = LiveServer(data, threads=32)
    server.start()
    streams: list[EventStream] = []
    try:
        table = Device(server, "table")
        devices: dict[str, Device] = {"table": table}
        for n in range(1, PLAYERS + 1):
            devices[f"s{n}"] = Device(server, f"s{n}")
            join(table, devices[f"s{n}"], game_id, f"s{n}")
        stranger = devices["stranger"] = Device(server, "stranger")
        # The sixth phone cannot take a seat another phone holds.
        code = CODE_RE.search(table.get(f"/games/{game_id}/join").text).group(1)
        picker = stranger.get(f"/j/{code}").headers["Location"]
        taken = stranger.post(picker, {"seat": "s1"})
        assert taken.status == 409 and SEAT_TAKEN in taken.text, taken.status
        assert not stranger.has_cookie("seat_")

        streams = [EventStream(server, game_id) for _ in devices]
        assert [s.status for s in streams] == [200] * len(devices)

        names = sorted(devices)
        barrier = threading.Barrier(len(names))
        stop = threading.Event()
        records = {name: Record(name) for name in names}
        threads = [
            threading.Thread(
                target=drive,
                args=(name, devices, game_id, db_path, barrier, stop, records[name], n, rounds),
                daemon=True,
            )
            for n, name in enumerate(names)
        ]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        deadline = began + seconds
        for thread in threads:  # the storm ends when every device is done, or at the deadline
            thread.join(max(0.0, deadline - time.monotonic()))
        stop.set()
        barrier.abort()  # release anyone waiting for a round that will not come
        for thread in threads:
            thread.join(60)
        storm = time.monotonic() - began
        assert not any(t.is_alive() for t in threads), "a device did not stop"
        errors = {name: r.errors for name, r in records.items() if r.errors}
        assert not errors, errors

        counts = check(records, game_id, db_path)
        counts["storm_seconds"] = round(storm, 1)
        counts["requests_per_second"] = round(counts["requests"] / storm, 1)

        last_word_from_a_phone(devices, game_id, db_path, counts)
        print(f"\nconcurrency: {counts}")
        # Every device ends on the same version: its page and its live stream.
        final = counts["final_version"]
        for name, device in devices.items():
            if name == "stranger":
                page = device.get(f"/phone/{game_id}")
                assert page.status == 403 and NO_SEAT in page.text
                continue
            where = "games" if name == "table" else "phone"
            page = device.get(f"/{where}/{game_id}")
            assert page.status == 200, (name, page.status)
            assert page.version() == final, (name, page.version(), final)
        got = wait_until(lambda: all(s.last == final for s in streams), 5)
        assert got, f"streams ended on {[s.last for s in streams]}, the game is at {final}"
        for s in streams:
            assert s.versions == sorted(s.versions), "a stream went back in time"
        return counts
    finally:
        for s in streams:
            s.close()
        server.stop()


def last_word_from_a_phone(
    devices: dict[str, Device], game_id: str, db_path: Path, counts: dict[str, Any]
) -> None:
    """After the storm, one more change made by a phone (the table plays on, or undoes, until a
    seat has something to do: a bounded number of tries), so the final version is a phone's."""
    rng = random.Random(99)
    tried: list[tuple[Any, ...]] = []
    conn = read_only(db_path)
    try:
        for _ in range(LAST_WORD_TRIES):
            state, version, _head = head(conn, game_id)
            for seat in (f"s{n}" for n in range(1, PLAYERS + 1)):
                action = own_action(state, seat, rng)
                if action is None or action["type"] == "call_exile_vote":
                    continue
                logged = {k: v for k, v in action.items() if k not in PHONE_DROPS}
                answer = send(devices, game_id, Op("act", logged, seat, action), version)
                if answer.status in ACCEPTED:
                    counts["final_version"] = version + 1
                    counts["last_word"] = (seat, action["type"])
                    return
            # The table plays on, or steps back once the game is over (declaring the winners
            # again is legal, to correct them, but gives the phones nothing to do).
            action = None if state["ended"] else own_action(state, "table", rng)
            op = Op("act", action, "table") if action else Op("undo")
            answer = send(devices, game_id, op, version)
            assert answer.status in (*ACCEPTED, 422), answer.status
            tried.append((op.kind, action and action["type"], answer.status, answer.alert()))
        raise AssertionError(f"no phone had anything to do; the table tried {tried}")
    finally:
        conn.close()


def check(records: dict[str, Record], game_id: str, db_path: Path) -> dict[str, Any]:
    """The assertions on what was sent and what was stored; the counts."""
    statuses: Counter[tuple[str, int]] = Counter()
    accepted: dict[int, tuple[str, Op]] = {}
    for name, record in records.items():
        for op, version, stale, answer in record.sent:
            statuses[(name, answer.status)] += 1
            request = (name, op.kind, op.action, version, answer.status)
            if name == "stranger":
                assert answer.status == 403 and NO_SEAT in answer.text, request
                continue
            if answer.status in ACCEPTED:
                assert not stale, ("a knowingly stale post was accepted", request)
                assert version not in accepted, (
                    "two changes accepted at one version",
                    request,
                    accepted[version],
                )
                accepted[version] = (name, op)
            elif answer.status == 409:
                message = TABLE_STALE if name == "table" else PHONE_STALE
                assert answer.alert() == message, (request, answer.alert())
                shown = answer.version()
                assert shown is not None and shown > version, (request, shown)
            else:
                assert not stale, ("a stale post was not answered 409", request)
                assert answer.status == 422, (request, answer.text[:500])
                assert answer.alert(), ("a refusal without a reason", request)
    conn = read_only(db_path)
    try:
        replayer = Replayer()
        stored = replayer.check(conn, game_id)
        _state, final, _head = head(conn, game_id)
        assert sorted(accepted) == list(range(1, final)), (
            "the answered changes are not the versions 1..final-1 exactly once",
            sorted(accepted),
            final,
        )
        model = Model([stored[0]], 1, 1)
        for version in range(1, final):
            model.apply(accepted[version][1])
        check_log(stored, model, game_id, conn)
    finally:
        conn.close()
    by_status = Counter()
    for (_name, status), n in statuses.items():
        by_status[status] += n
    per_device = {
        name: dict(sorted((s, n) for (d, s), n in statuses.items() if d == name))
        for name in records
    }
    return {
        "requests": sum(statuses.values()),
        "final_version": final,
        "accepted": len(accepted),
        "by_status": dict(sorted(by_status.items())),
        "knowingly_stale": sum(stale for r in records.values() for _o, _v, stale, _a in r.sent),
        "per_device": per_device,
        "states_compared": replayer.states_compared,
        "log_rows": len(stored),
    }


@pytest.mark.parametrize(
    ("rounds", "seconds"),
    [(QUICK_ROUNDS, QUICK_SECONDS), pytest.param(ROUNDS, SECONDS, marks=pytest.mark.proof)],
)
def test_table_and_six_phones_at_once(tmp_path, rounds, seconds):
    counts = run(tmp_path, rounds, seconds)
    assert counts["accepted"] > 0
    assert counts["by_status"].get(409, 0) > 0


@pytest.mark.long
def test_table_and_six_phones_at_once_long(tmp_path):
    counts = run(tmp_path, LONG_ROUNDS, LONG_SECONDS)
    assert counts["accepted"] > 0
