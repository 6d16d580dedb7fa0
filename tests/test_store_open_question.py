"""A decision made at an older version lands while its question is still open (issue 21.5)."""

from __future__ import annotations

import pytest
from helpers.toy_store import NEW, dump, toy_apply

from companion import store


@pytest.fixture
def db(tmp_path):
    database = store.open_db(tmp_path / "games.db")
    yield database
    database.close()


def act(db, game_id, version, still_open=None, n=1):
    action = {"type": "add", "by": "table", "n": n}
    return store.act(db, game_id, action, version=version, apply=toy_apply, still_open=still_open)


def test_an_open_question_is_answered_at_the_newest_version(db):
    game = store.create_game(db, "Vote", NEW, apply=toy_apply)
    act(db, game, 1)
    act(db, game, 2)
    seen = []

    def same_round(state):
        seen.append(state["total"])
        return state["round"] == 1

    result = act(db, game, 1, still_open=same_round, n=5)
    assert seen == [2]  # asked once, of the stored head, inside the write
    assert (result.version, result.head, result.state["total"]) == (4, 4, 7)


def test_a_closed_question_is_still_refused_as_stale(db):
    game = store.create_game(db, "Vote", NEW, apply=toy_apply)
    act(db, game, 1)
    before = dump(db)
    for stale in (1, 3, True):
        with pytest.raises(store.StaleVersion):
            act(db, game, stale, still_open=lambda state: False)
    assert dump(db) == before
    with pytest.raises(store.StaleVersion):
        act(db, game, 1)  # no question asked: any older version is stale
    assert dump(db) == before
