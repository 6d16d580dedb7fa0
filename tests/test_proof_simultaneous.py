"""Simultaneous decisions all land: five phones keeping survivors, then five phones voting, at
the same moment against a real `companion serve` process on loopback (issue 21, point 5).

Each phone reads its page (one version for all five), then all five post together (a barrier).
Every post is answered as accepted, none as stale: each form names the decision it answers
(its ``decision`` id, one per open question: engine/core/decisions.py), the store hands it to the
engine at the newest version, and the engine accepts it while that decision is still open.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import play
import pytest
from live_server import Answer, Device, LiveServer, head, join, read_only

from companion import store

PLAYERS = 5
FORM_RE = re.compile(r"<form\b.*?</form>", re.S)
HIDDEN_RE = re.compile(r'type="hidden" name="([^"]+)" value="([^"]*)"')
ACCEPTED = (200, 303)

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a real server process")


def hidden_fields(page: str, kind: str) -> list[tuple[str, str]]:
    """The hidden fields of the page's form for ``kind`` (its version and decision)."""
    for form in FORM_RE.findall(page):
        if f'name="type" value="{kind}"' in form:
            return HIDDEN_RE.findall(form)
    raise AssertionError(f"the page has no form for {kind}")


def all_at_once(posts: dict[str, tuple[Device, str, list[tuple[str, str]]]]) -> dict[str, Answer]:
    """Send every post on its own thread, released together; the answers by name."""
    barrier = threading.Barrier(len(posts))
    answers: dict[str, Answer] = {}

    def send(name: str) -> None:
        device, path, fields = posts[name]
        barrier.wait(30)
        answers[name] = device.post(path, fields, headers={"HX-Request": "true"})

    threads = [threading.Thread(target=send, args=(name,), daemon=True) for name in posts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(answers) == len(posts), "a post did not come back"
    return answers


def table_act(table: Device, game_id: str, db_path: Path, **fields: str) -> None:
    """The table makes one action at the stored version."""
    conn = read_only(db_path)
    try:
        _state, version, _head = head(conn, game_id)
    finally:
        conn.close()
    answer = table.post(f"/games/{game_id}/act", {**fields, "version": str(version)})
    assert answer.status in ACCEPTED, (fields, answer.status, answer.alert())


def every_phone_at_once(phones, game_id, kind, extra) -> None:
    """Each phone reads its page, then all post its form for ``kind`` together (``extra(sid)``
    adds the fields); every answer is 200, none refused as stale."""
    pages = {sid: phone.get(f"/phone/{game_id}").text for sid, phone in phones.items()}
    fields = {sid: hidden_fields(pages[sid], kind) for sid in phones}
    assert all(dict(hidden)["decision"] for hidden in fields.values())
    posts = {
        sid: (phone, f"/phone/{game_id}/act", [*fields[sid], *extra(sid)])
        for sid, phone in phones.items()
    }
    answers = all_at_once(posts)
    assert {sid: a.status for sid, a in answers.items()} == dict.fromkeys(phones, 200), {
        sid: a.alert() for sid, a in answers.items()
    }


def test_five_phones_deciding_at_once_all_land(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    db = store.open_db(data / "games.db")
    try:
        setup = play.setup_for(PLAYERS, deal=True)
        game_id = store.create_game(
            db, "Together", {"type": "new_game", "by": "table", "setup": setup, "seed": 21}
        )
        dealt = {
            sid: hand["dealt_survivors"]
            for sid, hand in store.current(db, game_id).state["secrets"].items()
        }
    finally:
        db.close()
    db_path = data / "games.db"
    with LiveServer(data, threads=16) as server:
        table = Device(server, "table")
        phones = {f"s{n}": Device(server, f"s{n}") for n in range(1, PLAYERS + 1)}
        for sid, phone in phones.items():
            join(table, phone, game_id, sid)

        # Five phones keep their survivors at the same moment, each from the same version.
        every_phone_at_once(
            phones,
            game_id,
            "keep_survivors",
            lambda sid: [("survivors", s) for s in dealt[sid][:2]],
        )
        conn = read_only(db_path)
        try:
            state, version, _ = head(conn, game_id)
        finally:
            conn.close()
        assert state["phase"] == "player_turns" and version == 1 + PLAYERS

        # The table opens a vote to exile; five phones vote at the same moment.
        table_act(table, game_id, db_path, type="reveal_crisis")
        active = state["first_player"]
        table_act(table, game_id, db_path, type="start_turn", seat_id=active)
        target = next(sid for sid in phones if sid != active)
        table_act(table, game_id, db_path, type="call_exile_vote", caller=active, target=target)
        every_phone_at_once(phones, game_id, "cast_vote", lambda sid: [("up", "false")])
        conn = read_only(db_path)
        try:
            state, _version, _ = head(conn, game_id)
            logged = [
                row[0]
                for row in conn.execute(
                    "select json_extract(action, '$.by') from actions where game_id = ?"
                    " and json_extract(action, '$.type') = 'cast_vote'",
                    [game_id],
                )
            ]
        finally:
            conn.close()
        assert sorted(logged) == sorted(phones)
        assert state["pending"] is None  # the fifth vote settled it
        assert not any(s["exiled"] for s in state["seats"])
