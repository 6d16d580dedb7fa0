"""A games.db and a save file made by the code at 86a4e21 (tests/data/make_86a4e21.py) load.

The old file kept every state zlib-compressed against a keyframe, the card catalogue inside
every keyframe and the new_game action's card lists in its row; m004 moves it to plain JSON
with the catalogue once per game, and the game must resume exactly where it was.
"""

from __future__ import annotations

import copy
import gzip
import hashlib
import json
import random
import shutil
from pathlib import Path

import pytest
from play import next_action

import companion.engine as engine
from companion import store
from companion.store import codec, schema, seats

DATA = Path(__file__).parent / "data"
OLD_DB = DATA / "games-86a4e21.db.gz"
EXPECTED = json.loads((DATA / "games-86a4e21.expected.json").read_text(encoding="utf-8"))
OLD_SAVE = DATA / "game-86a4e21.json"
PLAYED = "tZfzTqEw"  # 45 rows (two keyframes), head 42: three undone rows wait for redo
DEALT = "LMr-otgW"  # a two-seat game with survivors dealt, 6 rows


def digest(value) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def state_digest(state) -> str:
    return digest(engine.to_json(state))


def action_digest(action) -> str:
    return digest(json.dumps(action, sort_keys=True))


@pytest.fixture
def old_path(tmp_path):
    path = tmp_path / "games.db"
    with gzip.open(OLD_DB) as packed, path.open("wb") as plain:
        shutil.copyfileobj(packed, plain)
    return path


@pytest.fixture
def db(old_path):
    database = store.open_db(old_path)
    yield database
    database.close()


def stored_states(db, game_id):
    rows = db.execute("select seq from actions where game_id = ? order by seq", [game_id])
    return [store.games.log_row(db, game_id, seq)["state"] for (seq,) in rows.fetchall()]


def test_the_fixture_is_the_old_layout(old_path):
    old = schema.connect(old_path)
    try:
        columns = {c.name for c in old["actions"].columns}
        assert {"state_zlib", "base_seq"} <= columns
        assert "game_cards" not in old.table_names()
        assert schema.applied_migrations(old) == ["m001_games", "m002_actions", "m003_seat_claims"]
    finally:
        old.close()


def test_the_migration_gives_the_new_layout(db, tmp_path):
    assert schema.applied_migrations(db) == [fn.__name__ for fn in store.MIGRATIONS]
    fresh = store.open_db(tmp_path / "fresh.db")
    assert {t.name: t.schema for t in fresh.tables} == {t.name: t.schema for t in db.tables}
    fresh.close()
    assert db["game_cards"].count == 2
    for text, state in db.execute("select action, state from actions").fetchall():
        assert '"crossroads":[{' not in text and '"cards"' not in state


@pytest.mark.parametrize("game_id", [PLAYED, DEALT])
def test_every_row_reads_back_as_the_old_code_stored_it(db, game_id):
    expected = EXPECTED[game_id]
    assert [state_digest(s) for s in stored_states(db, game_id)] == expected["states"]
    assert store.get_game(db, game_id) == expected["game"]
    exported = store.export_game(db, game_id)["actions"]
    assert action_digest(exported) == expected["export_actions"]
    log = store.log(db, game_id)
    assert [(r["seq"], r["steps"], r["created"]) for r in log] == [
        (r["seq"], r["steps"], r["created"]) for r in expected["log"]
    ]
    assert [action_digest(a) for a in exported[: len(log)]] == [
        r["action"] for r in expected["log"]
    ]
    assert [r["action"] for r in log] == [codec.split_action(a) for a in exported[: len(log)]]


def test_the_migrated_game_resumes_undoes_redoes_and_plays_on(db):
    states = EXPECTED[PLAYED]["states"]
    now = store.current(db, PLAYED)
    assert (now.head, now.version) == (42, EXPECTED[PLAYED]["game"]["version"])
    assert state_digest(now.state) == states[41]
    back = store.undo(db, PLAYED, version=now.version)
    assert state_digest(back.state) == states[40]
    forward = store.redo(db, PLAYED, version=back.version)
    assert state_digest(forward.state) == states[41]
    tail = store.redo(db, PLAYED, version=forward.version)  # an undone row of the old code
    assert (tail.head, state_digest(tail.state)) == (43, states[42])
    rng = random.Random(5)
    for _ in range(50):
        try:
            done = store.act(db, PLAYED, next_action(tail.state, rng), version=tail.version)
            break
        except engine.RuleError:
            continue
    assert done.head == 44 and done.state["cards"] == tail.state["cards"]
    assert store.current(db, PLAYED).state == done.state
    assert [r["seq"] for r in store.log(db, PLAYED)][-2:] == [43, 44]


def test_seats_and_join_codes_survive(db):
    assert seats.held_seats(db, PLAYED).keys() == {"s1"}
    code = db.execute("select join_secret from games where id = ?", [PLAYED]).fetchone()[0]
    assert code and seats.game_for_code(db, code) == PLAYED


def test_deleting_a_migrated_game_deletes_its_cards(db):
    store.delete_game(db, DEALT)
    assert db.execute("select count(*) from game_cards where game_id = ?", [DEALT]).fetchone() == (
        0,
    )


ADDED_SINCE = {  # fields the state gained after 86a4e21, with what a replayed old game holds
    "improvements": [],  # the Improvements module's row (engine/modules/improvements/rules.py)
}
ADDED_CARDS = {"improvements": {}}
ADDED_MAIN_OBJECTIVE = {"counts": None, "progress": 0}  # engine/colony/objective_progress.py


def as_old_code_made_it(state: dict, made: dict, kind: str, triggers: dict) -> dict:
    """A state replayed by this code with the fields added since 86a4e21 taken out, after
    checking each holds exactly what an old game (which never used them) gives it; and, for
    what the engine keeps since then whatever the game (issue 21), after checking each holds
    what this engine makes replaying the save's actions (``made``, after an action of type
    ``kind``): an open reveal exactly after an action that opens one, a holder's hint, the
    ids of the open decisions (issue 27), and the crossroads cards' structured triggers as the
    save's own cards carry them (``triggers``: card id -> (trigger_kind, trigger_params))."""
    old = copy.deepcopy(state)
    for key, empty in ADDED_SINCE.items():
        assert old.pop(key) == empty, key
    for key, empty in ADDED_CARDS.items():
        assert old["cards"].pop(key) == empty, key
    for key, empty in ADDED_MAIN_OBJECTIVE.items():
        assert old["main_objective"].pop(key) == empty, key
    assert old.pop("decisions") == made["decisions"], kind
    reveal = old.pop("reveal", None)
    assert reveal == made.get("reveal"), kind
    assert reveal == ({"action": kind} if kind in engine.REVEALED else None), kind
    for seat_id, secrets in old["secrets"].items():
        hint = secrets.pop("crossroads_hint", None)
        assert hint == made["secrets"][seat_id].get("crossroads_hint"), seat_id
    for card_id, card in old["cards"]["crossroads"].items():
        trigger = (card.pop("trigger_kind", None), card.pop("trigger_params", None))
        engine_card = made["cards"]["crossroads"][card_id]
        assert trigger == (engine_card.get("trigger_kind"), engine_card.get("trigger_params"))
        assert trigger == triggers[card_id], card_id
    for card_id, card in old["cards"]["survivors"].items():  # whether human (issue 28)
        assert card.pop("human") == made["cards"]["survivors"][card_id]["human"], card_id
    # The setup checklist's steps (issue 29), none ticked in an old game; the crises revealed.
    checklist = old.pop("setup_checklist")
    assert checklist == made["setup_checklist"] and checklist["done"] == [], kind
    assert old.pop("crises_revealed", None) == made.get("crises_revealed"), kind
    # A game saved before the crossroads card held its turn open replays without that rule.
    assert old["settings"].pop("end_waits_for_crossroads") is False, kind
    # Nor the front door that takes only listed actions: it replays as it was played.
    assert old["settings"].pop("listed_only") is False, kind
    # Nor with the end's objective rule or the last survivor's replacement; its
    # noise dice are rolled by the companion, as every game's were; its survivors' deck is said.
    assert old["settings"].pop("end_checks_objectives") is False, kind
    assert old["settings"].pop("replaces_last_survivor") is False, kind
    assert old["settings"].pop("noise_dice") == "rolled", kind
    deck = old.pop("survivor_deck")
    assert deck == made["survivor_deck"] and deck in ("box", "companion"), kind
    return old


def test_a_save_file_of_the_old_code_imports(tmp_path):
    db = store.open_db(tmp_path / "new.db")
    try:
        save = OLD_SAVE.read_bytes()
        actions = json.loads(save)["actions"]
        assert json.loads(save)["format_version"] == 1
        game_id = store.import_game(db, save)
        triggers = {
            card["id"]: (card.get("trigger_kind"), card.get("trigger_params"))
            for card in actions[0]["setup"]["crossroads"]
        }
        assert any(kind for kind, _ in triggers.values())  # the save's cards carry triggers
        made, state = [], None
        for action in actions:  # the current engine's own replay of the save
            state, _ = engine.apply(state, action)
            made.append(state)
        stored = stored_states(db, game_id)
        assert len(stored) == len(actions)
        states = [
            state_digest(as_old_code_made_it(s, m, a["type"], triggers))
            for s, m, a in zip(stored, made, actions, strict=True)
        ]
        assert states == EXPECTED[PLAYED]["states"]
        assert any(m.get("reveal") for m in made)  # the replay does open reveals
        assert store.current(db, game_id).head == 42
        exported = store.export_game(db, game_id)
        assert action_digest(exported["actions"]) == EXPECTED[PLAYED]["export_actions"]
    finally:
        db.close()
