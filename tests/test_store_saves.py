"""Save files: export, import by replay, and bad files refused with nothing written."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from helpers.toy_store import NEW, dump, toy_apply

from companion import store

REAL_SAVE = Path(__file__).parent / "data" / "game-86a4e21.json"


@pytest.fixture
def db(tmp_path):
    database = store.open_db(tmp_path / "games.db")
    yield database
    database.close()


@pytest.fixture
def played(db):
    """A game with six actions, two of them undone (a redo tail)."""
    game = store.create_game(db, "Saved table", NEW, apply=toy_apply)
    version = 1
    for action in (
        {"type": "add", "n": 2},
        {"type": "roll"},
        {"type": "next_round"},
        {"type": "roll"},
        {"type": "add", "n": 5},
        {"type": "roll"},
    ):
        version = store.act(db, game, action, version=version, apply=toy_apply).version
    store.undo(db, game, version=version)
    store.undo(db, game, version=version + 1)
    return game


def states(db, game):
    """Every stored state of a game in log order (the redo tail included)."""
    rows = db.execute("select seq from actions where game_id = ? order by seq", [game])
    return [store.games.log_row(db, game, seq)["state"] for (seq,) in rows.fetchall()]


def test_export_holds_format_name_head_and_the_whole_log(db, played):
    save = store.export_game(db, played)
    assert save["format"] == store.FORMAT and save["format_version"] == store.FORMAT_VERSION
    assert save["name"] == "Saved table"
    assert save["head"] == 5
    assert len(save["actions"]) == 7
    assert save["actions"][0]["type"] == "new_game"
    assert all(isinstance(a["seed"], int) for a in save["actions"])
    assert json.loads(json.dumps(save)) == save


def test_export_then_import_gives_the_same_game(db, played):
    text = json.dumps(store.export_game(db, played))
    copy = store.import_game(db, text, apply=toy_apply)
    assert copy != played
    original, copied = store.current(db, played), store.current(db, copy)
    assert copied.state == original.state and copied.head == original.head
    assert copied.version == 1

    def entries(game):
        return [(r["seq"], r["action"], r["steps"]) for r in store.log(db, game)]

    assert entries(copy) == entries(played)
    assert states(db, copy) == states(db, played)
    redone = store.redo(db, played, version=original.version)
    assert store.redo(db, copy, version=1).state == redone.state
    assert store.get_game(db, copy)["name"] == "Saved table"


def test_import_accepts_a_dict_and_bytes(db, played):
    save = store.export_game(db, played)
    a = store.import_game(db, save, apply=toy_apply)
    b = store.import_game(db, json.dumps(save).encode("utf-8"), apply=toy_apply)
    assert store.current(db, a).state == store.current(db, b).state


def refuses(db, save, reason, apply=toy_apply):
    """Importing `save` raises BadSaveFile matching `reason` and leaves the db untouched."""
    before = (dump(db), db.execute("select * from game_cards").fetchall())
    with pytest.raises(store.BadSaveFile, match=reason) as caught:
        store.import_game(db, save, apply=apply)
    assert str(caught.value).startswith("This save file cannot be loaded: ")
    assert len(str(caught.value)) < 500
    assert (dump(db), db.execute("select * from game_cards").fetchall()) == before
    assert not db.conn.in_transaction


def test_files_that_are_not_a_json_object(db, played):
    text = json.dumps(store.export_game(db, played))
    refuses(db, text[: len(text) // 2], "not valid JSON")
    refuses(db, "", "not valid JSON")
    refuses(db, b"\xff\xfe\x00", "not valid JSON")
    refuses(db, "[1, 2, 3]", "not a JSON object")
    refuses(db, "42", "not a JSON object")
    refuses(db, [store.export_game(db, played)], "not a JSON object")


def test_files_of_another_format(db, played):
    save = store.export_game(db, played)
    refuses(db, {**save, "format": "something-else"}, "format marker")
    refuses(db, {k: v for k, v in save.items() if k != "format"}, "format marker")
    refuses(db, {**save, "format_version": 2}, "newer companion")
    refuses(db, {**save, "format_version": "1"}, "format_version")
    refuses(db, {**save, "format_version": True}, "format_version")


def test_files_with_bad_fields(db, played):
    save = store.export_game(db, played)
    refuses(db, {**save, "name": ""}, "name")
    refuses(db, {**save, "name": 7}, "name")
    refuses(db, {**save, "actions": []}, "no action log")
    refuses(db, {**save, "actions": "new_game"}, "no action log")
    refuses(db, {**save, "actions": [*save["actions"][:2], 5]}, "action 3 is not an action")
    refuses(db, {**save, "actions": save["actions"][1:]}, "does not start with a new_game")
    refuses(db, {**save, "head": 0}, "head")
    refuses(db, {**save, "head": True}, "head")
    refuses(db, {**save, "head": "5"}, "head")


def test_a_truncated_log_is_refused(db, played):
    save = store.export_game(db, played)
    refuses(db, {**save, "actions": save["actions"][:3]}, "head must be a whole number from 1 to 3")


def test_a_log_the_engine_refuses(db, played):
    save = store.export_game(db, played)
    bad = [*save["actions"][:3], {"type": "add", "n": -4, "seed": 1}, *save["actions"][3:]]
    refuses(db, {**save, "actions": bad}, r"action 4 \(add\) is refused.*negative")
    refuses(db, {**save, "actions": [save["actions"][0], NEW], "head": 1}, r"action 2 \(new_game\)")


def test_an_engine_bug_is_not_called_a_bad_save_file(db, played):
    """Only the rules' refusal (RuleError) refuses the file: any other error from the engine
    is its bug and goes on as itself, with nothing written."""
    save = store.export_game(db, played)
    before = dump(db)

    def broken(state, action):
        if action["type"] == "roll":
            raise KeyError("a bug")
        return toy_apply(state, action)

    with pytest.raises(KeyError, match="a bug"):
        store.import_game(db, save, apply=broken)
    assert dump(db) == before
    assert not db.conn.in_transaction


def test_nothing_is_written_when_the_last_action_is_refused(db, played):
    save = store.export_game(db, played)
    bad = [*save["actions"], {"type": "teleport", "seed": 3}]
    refuses(db, {**save, "actions": bad}, "unknown action")


def nest(levels):
    """A list inside a list ... ``levels`` deep."""
    value = []
    for _ in range(levels - 1):
        value = [value]
    return value


def test_deep_brackets_are_refused_with_a_sentence(db, played):
    deep = "too deep|more than 100 levels deep"
    refuses(db, "[" * 5000 + "]" * 5000, deep)
    save = store.export_game(db, played)
    text = json.dumps(save)
    refuses(db, text.replace('"head"', '"deep": ' + "[" * 5000 + "]" * 5000 + ', "head"'), deep)
    refuses(db, text.replace('"head"', '"deep": ' + "[" * 150 + "]" * 150 + ', "head"'), deep)
    refuses(db, {**save, "deep": nest(5000)}, deep)
    actions = [save["actions"][0], {"type": "add", "n": nest(101), "seed": 1}]
    refuses(db, {**save, "actions": actions, "head": 2}, deep)


def test_a_real_save_with_long_strings_or_foreign_digits_is_refused(db):
    """Through the real engine: each refusal is a short sentence and stores nothing."""
    save = json.loads(REAL_SAVE.read_text(encoding="utf-8"))
    real = store.engine_apply

    def changed(edit):
        copied = copy.deepcopy(save)
        edit(copied)
        return copied

    long = "x" * 100_000
    refuses(db, {**save, "name": long}, "name must be text", real)
    refuses(db, changed(lambda s: s["actions"][1].update(type=long)), r"action 2 \(xxx", real)
    seat_name = changed(lambda s: s["actions"][0]["setup"]["seats"][0].update(name=long))
    refuses(db, seat_name, r"action 1 \(new_game\) is refused.*too long", real)
    refuses(db, changed(lambda s: s["actions"][3].update(note=long)), "action 4", real)
    refuses(db, {**save, "head": "٤٢"}, "head must be a whole number", real)
    refuses(db, {**save, "format_version": "١"}, "format_version", real)
    refuses(db, json.dumps(save).replace('"head": 42', '"head": ٤٢'), "not valid JSON", real)
    refuses(db, changed(lambda s: s["actions"][0].update(seed="١١")), "seed", real)
    at = next(n for n, a in enumerate(save["actions"]) if "entrance" in a)
    entrance = changed(lambda s: s["actions"][at].update(entrance="٢"))
    refuses(db, entrance, f"action {at + 1} .*entrance must be", real)
    assert db["games"].count == 0
    assert store.current(db, store.import_game(db, save)).head == save["head"]  # the file is good
