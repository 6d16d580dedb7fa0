"""Crash and restart: a real `companion serve` killed with SIGKILL at random moments, again and
again, while a scripted game is played over HTTP (issue 13, point 2).

The game is driven like tests/play.py: its head is read from games.db (read-only, a separate
connection) and the next action is picked from the engine's own legal lists; the table posts
its actions to /games/<id>/act (with a seed, so each is known in the log), each seat's phone
(joined through the QR link, its cookie kept across restarts) to /phone/<id>/act; now and then
the table undoes or redoes. Some kills land between requests, most while a POST is in flight
(sent on a thread, killed after a random short delay). After every restart:

- every stored state equals ``engine.apply`` replayed over the stored actions up to it, and the
  head state equals the replay of the log up to the head (``to_json`` equal), and is valid;
- every action, undo or redo whose response the client had (2xx or 303) is in the log where
  the model of the game says (none lost), and the stored version and head match the model;
- the action killed in flight is either fully in (version + 1, its row exactly as sent) or
  fully out (version, log and head as before).

Default: 50 kills (COMPANION_KILLS=n for another number); ``-m long``: 500.
"""

from __future__ import annotations

import http.client
import os
import random
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import play
import pytest
from live_server import (
    ACCEPTED,
    PHONE_DROPS,
    Device,
    LiveServer,
    Model,
    Op,
    Replayer,
    check_log,
    head,
    join,
    read_only,
    send,
)

from companion import store

KILLS = int(os.environ.get("COMPANION_KILLS", "50"))
QUICK_KILLS = 5
"""The default run's crash test (the full one is marked ``proof``)."""
LONG_KILLS = 500
PLAYERS = 3
ACKED_PER_LIFE = (0, 4)
"""How many answered requests each server life gets before the kill (a random count)."""
IN_FLIGHT_SHARE = 0.8
"""How often the kill lands while a POST is in flight (else between requests)."""
KILL_SPAN = 1.0
"""The kill comes a random time after the in-flight POST is sent: up to this many times the
usual answer's time lately (so before the commit, between it and the answer, and after)."""
HTMX_SHARE = 0.5
"""How often a request is sent as htmx sends it (the answer is the fragment, rendered after the
commit: a wider window for a kill between the commit and the answer)."""
UNDO_SHARE = 0.08
REDO_SHARE = 0.05
PAGE_EVERY = 5
"""Every this many restarts a device loads its page (the first page costs a server ~1 s)."""

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sends SIGKILL")


def make_game(data: Path, seed: int) -> str:
    """A real three-seat game in ``data``/games.db (made through the store, as the form does)."""
    db = store.open_db(data / "games.db")
    try:
        setup = play.setup_for(PLAYERS)
        action = {"type": "new_game", "by": "table", "setup": setup, "seed": seed}
        return store.create_game(db, "Crash test", action)
    finally:
        db.close()


def choose(state: dict[str, Any], model: Model, rng: random.Random) -> Op:
    """The next request: an undo or redo now and then, else a legal action of some actor."""
    roll = rng.random()
    if roll < UNDO_SHARE and model.head > 1:
        return Op("undo")
    if roll < UNDO_SHARE + REDO_SHARE and model.head < len(model.actions):
        return Op("redo")
    try:
        action = play.next_action(state, rng)
    except AssertionError:  # nothing left to do (the game is over): step back
        return Op("undo") if model.head > 1 else Op("redo")
    if action["by"] == "table":
        return Op("act", action, "table")
    # A phone never chooses its own dice (the store gives the seed), and its seat comes from
    # its cookie: the fields naming its own seat are checked, then left out of the action.
    fields = {k: v for k, v in action.items() if k != "seed"}
    logged = {k: v for k, v in fields.items() if k not in PHONE_DROPS}
    return Op("act", logged, action["by"], fields)


def run(tmp_path: Path, kills: int, seed: int) -> dict[str, Any]:
    """Play and kill ``kills`` times; the counts seen."""
    rng = random.Random(seed)
    data = tmp_path / "data"
    data.mkdir()
    game_id = make_game(data, seed)
    server = LiveServer(data, threads=16)
    counts = {
        "kills": 0,
        "in_flight": 0,
        "in_flight_in": 0,
        "in_flight_out": 0,
        "in_flight_answered": 0,
        "answered": 0,
        "refused": 0,
        "pages": 0,
        "starts": [],
    }
    conn = read_only(data / "games.db")
    replayer = Replayer()
    init = replayer.check(conn, game_id)
    model = Model(init, 1, 1)
    devices: dict[str, Device] = {"table": Device(server, "table")}
    latencies: list[float] = []
    began = time.monotonic()
    try:
        counts["starts"].append(server.start())
        for seat in range(1, PLAYERS + 1):
            phone = Device(server, f"s{seat}")
            join(devices["table"], phone, game_id, f"s{seat}")
            devices[f"s{seat}"] = phone
        for life in range(kills):
            for _ in range(rng.randint(*ACKED_PER_LIFE)):
                state, version, _h = head(conn, game_id)
                assert version == model.version
                op = choose(state, model, rng)
                sent = time.monotonic()
                answer = send(devices, game_id, op, version, fragment=rng.random() < HTMX_SHARE)
                latencies.append(time.monotonic() - sent)
                if answer.status in ACCEPTED:
                    model.apply(op)
                    counts["answered"] += 1
                else:
                    assert answer.status in (409, 422), (op, answer.status, answer.text[:300])
                    counts["refused"] += 1
                    after = head(conn, game_id)
                    assert after[1:] == (model.version, model.head), "a refusal changed the game"
            pending: Op | None = None
            result: dict[str, Any] = {}
            if rng.random() < IN_FLIGHT_SHARE:
                state, version, _h = head(conn, game_id)
                pending = choose(state, model, rng)

                fragment = rng.random() < HTMX_SHARE

                def post(
                    op: Op = pending, v: int = version, out: dict = result, htmx: bool = fragment
                ) -> None:
                    try:
                        out["answer"] = send(devices, game_id, op, v, fragment=htmx)
                    except (OSError, http.client.HTTPException) as exc:  # the server died
                        out["error"] = exc  # under it (an answer cut short: IncompleteRead)

                thread = threading.Thread(target=post, daemon=True)
                thread.start()
                # Anywhere from the request's start to about the time a usual answer takes.
                usual = statistics.median(latencies[-9:]) if latencies else 0.05
                time.sleep(rng.uniform(0.0, KILL_SPAN * usual))
                server.kill()
                thread.join(30)
                assert not thread.is_alive(), "a request outlived its server by 30 s"
                counts["in_flight"] += 1
            else:
                server.kill()
            counts["kills"] += 1
            stored = replayer.check(conn, game_id)  # the file as the dead server left it
            if pending is not None:
                answer = result.get("answer")
                if answer is not None and answer.status in ACCEPTED:
                    counts["in_flight_answered"] += 1
                    model.apply(pending)  # it was answered: it must be in
                elif answer is None:
                    _s, version, _h = head(conn, game_id)
                    assert version in (model.version, model.version + 1), (version, model)
                    if version == model.version + 1:
                        model.apply(pending)
                        counts["in_flight_in"] += 1
                    else:
                        counts["in_flight_out"] += 1
                else:
                    assert answer.status in (409, 422), (pending, answer.status)
            check_log(stored, model, game_id, conn)
            counts["starts"].append(server.start())
            if life % PAGE_EVERY == 0:  # the restarted server shows the head it left on disk
                who = rng.choice(sorted(devices))
                where = "games" if who == "table" else "phone"
                page = devices[who].get(f"/{where}/{game_id}")
                assert page.status == 200 and page.version() == model.version, page.status
                counts["pages"] += 1
    finally:
        server.kill()
        conn.close()
    counts["seconds"] = round(time.monotonic() - began, 1)
    counts["log_rows"] = len(model.actions)
    counts["head"] = model.head
    counts["states_compared"] = replayer.states_compared
    starts = counts.pop("starts")
    counts["start_seconds_max"] = round(max(starts), 2)
    counts["start_seconds_mean"] = round(sum(starts) / len(starts), 2)
    return counts


@pytest.mark.parametrize("kills", [QUICK_KILLS, pytest.param(KILLS, marks=pytest.mark.proof)])
def test_kill_and_restart_keeps_every_answered_action(tmp_path, kills):
    counts = run(tmp_path, kills, seed=kills)
    print(f"\ncrash test: {counts}")
    assert counts["kills"] == kills
    assert counts["in_flight"] >= kills // 2
    assert counts["answered"] > 0


@pytest.mark.long
def test_kill_and_restart_500_times(tmp_path):
    counts = run(tmp_path, LONG_KILLS, seed=LONG_KILLS)
    print(f"\ncrash test (long): {counts}")
    assert counts["kills"] == LONG_KILLS
