"""The games store's transactions, with a small deterministic stand-in for the engine."""

from __future__ import annotations

import json
import multiprocessing
import random
import re
import threading
import time

import pytest
from helpers.toy_store import NEW, RuleError, dump, toy_apply

from companion import store
from companion.store import codec


def slow_apply(state, action):
    """toy_apply, slowly enough for two threads to overlap inside the write transaction."""
    time.sleep(0.05)
    return toy_apply(state, action)


MOVED_ON = "The table moved on: here is the new board."


@pytest.fixture
def path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture
def db(path):
    database = store.open_db(path)
    yield database
    database.close()


@pytest.fixture
def game(db):
    return store.create_game(db, "Friday night", NEW, apply=toy_apply)


def act(db, game_id, action, version):
    return store.act(db, game_id, {"by": "table", **action}, version=version, apply=toy_apply)


def test_create_game_writes_the_new_game_row(db, game):
    state, version, head = store.current(db, game)
    assert (version, head) == (1, 1)
    assert state["seats"][0]["name"] == "Ana"
    rows = store.log(db, game)
    assert [r["seq"] for r in rows] == [1]
    assert rows[0]["action"]["type"] == "new_game"
    assert isinstance(rows[0]["action"]["seed"], int)
    assert rows[0]["steps"] == [{"kind": "setup", "seats": 3}]
    assert len(game) == 8 and all(c.isalnum() or c in "-_" for c in game)


def test_create_game_tidies_the_name_and_refuses_a_blank_one(db):
    game = store.create_game(db, "  Snow   day ", NEW, apply=toy_apply)
    assert store.get_game(db, game)["name"] == "Snow day"
    with pytest.raises(ValueError, match="name"):
        store.create_game(db, "   ", NEW, apply=toy_apply)
    with pytest.raises(ValueError, match="new_game"):
        store.create_game(db, "x", {"type": "add", "n": 1}, apply=toy_apply)
    assert db["games"].count == 1


def test_act_appends_bumps_version_and_head(db, game):
    result = act(db, game, {"type": "add", "n": 3}, version=1)
    assert (result.version, result.head) == (2, 2)
    assert result.state["total"] == 3
    assert result.steps == [{"kind": "added", "n": 3}]
    assert result.action["type"] == "add" and result.action["by"] == "table"
    assert isinstance(result.action["seed"], int)
    assert store.current(db, game) == (result.state, 2, 2)
    rows = store.log(db, game)
    assert [r["seq"] for r in rows] == [1, 2]
    assert rows[1]["action"] == result.action


def test_act_keeps_a_seed_it_was_given_and_adds_one_otherwise(db, game):
    given = act(db, game, {"type": "roll", "seed": 42}, version=1)
    assert given.action["seed"] == 42
    assert given.state["rolls"] == [random.Random(42).randint(1, 6)]
    fresh = act(db, game, {"type": "roll"}, version=2)
    assert 0 <= fresh.action["seed"] < 2**63


def test_act_does_not_change_the_callers_action(db, game):
    action = {"type": "add", "n": 1}
    act(db, game, action, version=1)
    assert action == {"type": "add", "n": 1}


def test_undo_and_redo_move_between_stored_states(db, game):
    first = act(db, game, {"type": "add", "n": 2}, version=1)
    second = act(db, game, {"type": "roll"}, version=2)
    back = store.undo(db, game, version=3)
    assert (back.version, back.head) == (4, 2)
    assert back.state == first.state
    assert back.steps == []
    assert back.action == second.action
    assert [r["seq"] for r in store.log(db, game)] == [1, 2]
    again = store.redo(db, game, version=4)
    assert (again.version, again.head) == (5, 3)
    assert again.state == second.state
    assert again.steps == second.steps
    assert again.action == second.action
    assert store.current(db, game) == (second.state, 5, 3)


def test_undo_never_rerolls(db, game):
    rolled = act(db, game, {"type": "roll"}, version=1)
    store.undo(db, game, version=2)
    redone = store.redo(db, game, version=3)
    assert redone.state["rolls"] == rolled.state["rolls"]
    assert redone.action["seed"] == rolled.action["seed"]


def test_setup_cannot_be_undone_and_nothing_to_redo(db, game):
    with pytest.raises(store.NothingToUndo, match="Nothing to undo"):
        store.undo(db, game, version=1)
    with pytest.raises(store.NothingToRedo, match="Nothing to redo"):
        store.redo(db, game, version=1)
    assert store.current(db, game)[1:] == (1, 1)


def test_undo_back_across_many_rows_then_redo_all(db, game):
    # 70 rows, all read back.
    states = [store.current(db, game).state]
    version = 1
    for i in range(70):
        action = {"type": "roll"} if i % 3 else {"type": "add", "n": i}
        result = act(db, game, action, version=version)
        states.append(result.state)
        version = result.version
    for head in range(70, 0, -1):
        result = store.undo(db, game, version=version)
        version = result.version
        assert result.head == head
        assert result.state == states[head - 1]
    with pytest.raises(store.NothingToUndo):
        store.undo(db, game, version=version)
    for head in range(2, 72):
        result = store.redo(db, game, version=version)
        version = result.version
        assert result.head == head
        assert result.state == states[head - 1]
    with pytest.raises(store.NothingToRedo):
        store.redo(db, game, version=version)
    assert version == 1 + 70 * 3


def test_a_new_action_after_undo_drops_the_redo_tail(db, game):
    act(db, game, {"type": "add", "n": 1}, version=1)
    act(db, game, {"type": "add", "n": 2}, version=2)
    act(db, game, {"type": "add", "n": 4}, version=3)
    store.undo(db, game, version=4)
    store.undo(db, game, version=5)
    result = act(db, game, {"type": "add", "n": 10}, version=6)
    assert result.head == 3 and result.state["total"] == 11
    assert db.execute("select max(seq), count(*) from actions").fetchone() == (3, 3)
    assert [r["action"].get("n") for r in store.log(db, game)] == [None, 1, 10]
    with pytest.raises(store.NothingToRedo):
        store.redo(db, game, version=7)


def test_a_stale_version_is_refused_and_nothing_changes(db, game):
    act(db, game, {"type": "add", "n": 1}, version=1)
    act(db, game, {"type": "add", "n": 1}, version=2)
    store.undo(db, game, version=3)
    before = dump(db)
    for stale in (1, 2, 3, 5, "4", None, True):
        with pytest.raises(store.StaleVersion, match=re.escape(MOVED_ON)):
            act(db, game, {"type": "add", "n": 5}, version=stale)
        with pytest.raises(store.StaleVersion):
            store.undo(db, game, version=stale)
        with pytest.raises(store.StaleVersion):
            store.redo(db, game, version=stale)
    assert dump(db) == before


def test_a_double_submitted_action_is_applied_once(db, game):
    act(db, game, {"type": "add", "n": 7}, version=1)
    with pytest.raises(store.StaleVersion) as caught:
        act(db, game, {"type": "add", "n": 7}, version=1)
    assert caught.value.version == 2
    assert store.current(db, game).state["total"] == 7
    assert db["actions"].count == 2


def test_a_refused_engine_action_writes_nothing(db, game):
    act(db, game, {"type": "add", "n": 1}, version=1)
    act(db, game, {"type": "add", "n": 1}, version=2)
    store.undo(db, game, version=3)  # a redo tail that a refused action must not drop
    before = dump(db)
    with pytest.raises(RuleError, match="negative"):
        act(db, game, {"type": "add", "n": -1}, version=4)
    with pytest.raises(RuleError, match="unknown action"):
        act(db, game, {"type": "teleport"}, version=4)
    assert dump(db) == before
    assert not db.conn.in_transaction
    assert store.redo(db, game, version=4).state["total"] == 2


def test_restart_resumes_the_last_answered_state(path):
    db = store.open_db(path)
    game = store.create_game(db, "Long one", NEW, apply=toy_apply)
    version = 1
    for n in range(40):
        last = act(db, game, {"type": "roll"} if n % 2 else {"type": "add", "n": n}, version)
        version = last.version
    last = store.undo(db, game, version=version)
    db.close()
    again = store.open_db(path)
    try:
        assert store.current(again, game) == (last.state, last.version, last.head)
        assert store.redo(again, game, version=last.version).head == last.head + 1
    finally:
        again.close()


def test_two_threads_racing_with_the_same_version_one_wins(path, game):
    for round_ in range(3):
        check = store.connect(path)
        version = store.game_version(check, game)
        check.close()
        barrier = threading.Barrier(2)
        outcomes: list = []

        def submit(n, version=version, barrier=barrier, outcomes=outcomes):
            conn = store.connect(path)
            try:
                barrier.wait(timeout=5)
                result = store.act(
                    conn, game, {"type": "add", "n": n}, version=version, apply=slow_apply
                )
                outcomes.append(result)
            except store.StaleVersion as exc:
                outcomes.append(exc)
            finally:
                conn.close()

        threads = [threading.Thread(target=submit, args=(n,)) for n in (1, 100)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=10)
        wins = [o for o in outcomes if isinstance(o, store.Result)]
        losses = [o for o in outcomes if isinstance(o, store.StaleVersion)]
        assert len(wins) == 1 and len(losses) == 1, (round_, outcomes)
        assert wins[0].version == version + 1
        check = store.connect(path)
        assert store.current(check, game) == (wins[0].state, version + 1, wins[0].head)
        assert check["actions"].count == 2 + round_
        check.close()


def submit_from_another_process(path, game, version, n, barrier, answers):
    """A child process: wait for the other, then act at `version`; report what happened."""
    db = store.connect(path)
    try:
        barrier.wait(timeout=20)
        result = store.act(db, game, {"type": "add", "n": n}, version=version, apply=slow_apply)
        answers.put(("won", result.version, result.state["total"]))
    except store.StaleVersion as exc:
        answers.put(("stale", exc.version, None))
    except BaseException as exc:  # reported to the parent, which fails the test
        answers.put(("error", repr(exc), None))
    finally:
        db.close()


def test_two_processes_racing_with_the_same_version_one_wins(path, game):
    # Separate processes share no Python lock: only SQLite's BEGIN IMMEDIATE serialises them.
    spawn = multiprocessing.get_context("spawn")
    barrier = spawn.Barrier(2)
    answers = spawn.Queue()
    children = [
        spawn.Process(
            target=submit_from_another_process, args=(str(path), game, 1, n, barrier, answers)
        )
        for n in (1, 100)
    ]
    for child in children:
        child.start()
    got = sorted(answers.get(timeout=60) for _ in children)
    for child in children:
        child.join(timeout=20)
    assert [g[0] for g in got] == ["stale", "won"], got
    assert got[0][1] == 2 and got[1][1] == 2
    db = store.connect(path)
    assert store.current(db, game).state["total"] == got[1][2]
    assert db["actions"].count == 2
    db.close()


def test_list_games_shows_the_summary_of_the_head_state(db, game):
    other = store.create_game(db, "Second table", {**NEW, "names": ["Duda"]}, apply=toy_apply)
    act(db, game, {"type": "next_round"}, version=1)
    act(db, game, {"type": "add", "n": 1}, version=2)
    listed = {g["id"]: g for g in store.list_games(db)}
    assert set(listed) == {game, other}
    mine = listed[game]
    assert mine["name"] == "Friday night"
    assert mine["seat_names"] == ["Ana", "Bea", "Caio"]
    assert (mine["players"], mine["round"], mine["phase"]) == (3, 2, "player_turns")
    assert (mine["version"], mine["head"]) == (3, 3)
    assert "table_token_hash" not in mine and "join_secret" not in mine
    store.undo(db, game, version=3)
    store.undo(db, game, version=4)
    assert (store.get_game(db, game)["round"], store.get_game(db, game)["phase"]) == (1, "setup")
    assert listed[other]["seat_names"] == ["Duda"]


def test_times_are_iso_utc_and_updated_moves(db, game):
    row = db["games"].get(game)
    assert row["created"].endswith("+00:00") and "T" in row["created"]
    assert row["updated"] >= row["created"]


def test_unknown_games(db, game):
    for call in (
        lambda: store.current(db, "nope"),
        lambda: store.log(db, "nope"),
        lambda: store.get_game(db, "nope"),
        lambda: store.game_version(db, "nope"),
        lambda: store.export_game(db, "nope"),
        lambda: store.delete_game(db, "nope"),
        lambda: act(db, "nope", {"type": "add", "n": 1}, version=1),
        lambda: store.undo(db, "nope", version=1),
        lambda: store.redo(db, "nope", version=1),
    ):
        with pytest.raises(store.UnknownGame, match="There is no game 'nope'"):
            call()


def test_delete_game_removes_it_and_its_log(db, game):
    keep = store.create_game(db, "Keep me", NEW, apply=toy_apply)
    act(db, game, {"type": "add", "n": 1}, version=1)
    store.delete_game(db, game)
    assert [g["id"] for g in store.list_games(db)] == [keep]
    assert db.execute("select distinct game_id from actions").fetchall() == [(keep,)]
    with pytest.raises(store.UnknownGame):
        store.current(db, game)


def test_errors_are_store_errors_with_sentences():
    for error in (
        store.UnknownGame("x"),
        store.StaleVersion("x", 2, 1),
        store.NothingToUndo(),
        store.NothingToRedo(),
        store.BadSaveFile("it is empty"),
    ):
        assert isinstance(error, store.StoreError)
        assert str(error)[0].isupper() and len(str(error).split()) >= 4


CATALOGUE = {"crises": {f"c{n}": {"id": f"c{n}", "text": f"crisis {n} " * 20} for n in range(50)}}
SETUP = {"crises": list(CATALOGUE["crises"].values()), "survivors": [{"id": "s"}], "seats": 2}


def carded_apply(state, action):
    """toy_apply whose states carry a card catalogue made from the new_game setup's cards;
    a "reprint" action changes the catalogue (the engine never does)."""
    if state is None:
        start = {"seats": [], "round": 1, "phase": "setup", "total": 0, "rolls": []}
        cards = {"crises": {c["id"]: c for c in action["setup"]["crises"]}}
        return {**start, "cards": cards}, [{"kind": "setup"}]
    if action.get("type") == "reprint":
        st = json.loads(json.dumps(state))
        st["cards"]["crises"]["c0"]["text"] = "reprinted"
        return st, []
    st, steps = toy_apply({k: v for k, v in state.items() if k != "cards"}, action)
    return {**st, "cards": state["cards"]}, steps


def test_the_card_catalogue_is_stored_once_per_game(db):
    new = {"type": "new_game", "by": "table", "setup": SETUP, "seed": 1}
    game = store.create_game(db, "Cards", new, apply=carded_apply)
    version = 1
    for n in range(40):
        action = {"type": "add", "n": n, "by": "table"}
        version = store.act(db, game, action, version=version, apply=carded_apply).version
    cards, setup_cards = db.execute(
        "select cards, setup_cards from game_cards where game_id = ?", [game]
    ).fetchone()
    assert json.loads(cards) == CATALOGUE
    assert json.loads(setup_cards) == {"crises": SETUP["crises"], "survivors": SETUP["survivors"]}
    rows = db.execute("select action, state from actions where game_id = ?", [game]).fetchall()
    assert len(rows) == 41 and all("crisis 1" not in a and "crisis 1" not in s for a, s in rows)
    assert json.loads(rows[0][0])["setup"] == {"seats": 2}
    state = store.current(db, game).state
    assert state["cards"] == CATALOGUE and state["total"] == sum(range(40))
    assert store.log(db, game)[0]["action"] == {**new, "setup": {"seats": 2}}
    assert store.export_game(db, game)["actions"][0] == new
    back = store.undo(db, game, version=version)
    assert back.state["cards"] == CATALOGUE and back.state["total"] == sum(range(39))
    again = store.redo(db, game, version=back.version)
    assert again.state == state


def test_a_state_whose_catalogue_changed_keeps_its_own(db):
    new = {"type": "new_game", "by": "table", "setup": SETUP, "seed": 1}
    game = store.create_game(db, "Cards", new, apply=carded_apply)
    result = store.act(db, game, {"type": "reprint", "by": "table"}, version=1, apply=carded_apply)
    assert store.current(db, game).state == result.state
    assert result.state["cards"]["crises"]["c0"]["text"] == "reprinted"
    assert store.undo(db, game, version=2).state["cards"] == CATALOGUE


def test_codec_splits_and_joins_states_and_actions():
    state = {"round": 2, "cards": CATALOGUE}
    stored = codec.split_state(state, CATALOGUE)
    assert stored == {"round": 2}
    assert codec.join_state(stored, CATALOGUE) == state
    assert codec.split_state(state, None) == state
    assert codec.split_state(state, {"crises": {}}) == state
    assert codec.join_state({"round": 2}, None) == {"round": 2}
    new = {"type": "new_game", "setup": SETUP}
    cards = codec.setup_cards(new)
    assert sorted(cards) == ["crises", "survivors"]
    assert codec.join_action(codec.split_action(new), cards) == new
    other = {"type": "add", "setup": SETUP}
    assert codec.setup_cards(other) == {} and codec.split_action(other) is other
    assert json.loads(codec.dumps({"b": "ç", "a": 1})) == {"a": 1, "b": "ç"}
    assert codec.dumps({"b": "ç", "a": 1}) == '{"a":1,"b":"ç"}'


def test_a_reader_cannot_spoil_the_next_read(db, game):
    act(db, game, {"type": "add", "n": 1}, version=1)
    first = store.current(db, game).state
    first["seats"].append({"id": "s9", "name": "Intruder"})
    first["round"] = 99
    assert store.current(db, game).state["round"] == 1
    assert len(store.current(db, game).state["seats"]) == 3
