"""An answer to an open decision goes to the engine at the newest version, whatever version it
was made at: the engine, not the store, says whether its decision is still open (issue 27.2)."""

from __future__ import annotations

import pytest
from helpers.toy_store import NEW, RuleError, dump, toy_apply

from companion import store


@pytest.fixture
def db(tmp_path):
    database = store.open_db(tmp_path / "games.db")
    yield database
    database.close()


def deciding(seen, open_id="q1"):
    """A stand-in engine that records what it is given and refuses a decision but ``open_id``."""

    def apply(state, action):
        seen.append((state["total"], dict(action)))
        if "decision" in action and action["decision"] != open_id:
            raise RuleError("too late")
        return toy_apply(state, {k: v for k, v in action.items() if k != "decision"})

    return apply


def act(db, game_id, version, n=1, **extra):
    action = {"type": "add", "by": "table", "n": n, **extra}
    return store.act(db, game_id, action, version=version, apply=toy_apply)


def test_an_answer_made_at_an_old_version_goes_to_the_engine_at_the_newest(db):
    game = store.create_game(db, "Vote", NEW, apply=toy_apply)
    act(db, game, 1)
    act(db, game, 2)
    seen = []
    action = {"type": "add", "by": "s1", "n": 5, "decision": "q1"}
    result = store.act(db, game, action, version=1, apply=deciding(seen))
    assert seen == [(2, {**action, "seed": result.action["seed"]})]  # the head state, once
    assert (result.version, result.head, result.state["total"]) == (4, 4, 7)
    assert "decision" not in result.action  # not logged, as the version is not
    assert "decision" not in store.log(db, game)[-1]["action"]


def test_a_stale_answer_is_refused_by_the_engine_and_writes_nothing(db):
    game = store.create_game(db, "Vote", NEW, apply=toy_apply)
    act(db, game, 1)
    before = dump(db)
    seen = []
    for version in (1, 2, 7, True):
        action = {"type": "add", "by": "s1", "n": 5, "decision": "q0"}
        with pytest.raises(RuleError):
            store.act(db, game, action, version=version, apply=deciding(seen))
    assert len(seen) == 4 and dump(db) == before


def test_any_other_action_at_an_old_version_is_still_stale(db):
    game = store.create_game(db, "Vote", NEW, apply=toy_apply)
    act(db, game, 1)
    before = dump(db)
    for stale in (1, 3, True):
        with pytest.raises(store.StaleVersion):
            act(db, game, stale)
        with pytest.raises(store.StaleVersion):
            act(db, game, stale, decision=None)  # naming no decision is not answering one
    assert dump(db) == before
