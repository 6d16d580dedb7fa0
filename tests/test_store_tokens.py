"""Both kinds of token in the store, side by side: the table's and the seats' (store/seats.py)."""

from __future__ import annotations

import pytest
from helpers.toy_store import NEW, toy_apply

from companion import store
from companion.store import seats


@pytest.fixture
def db(tmp_path):
    database = store.open_db(tmp_path / "games.db")
    yield database
    database.close()


@pytest.fixture
def game(db):
    return store.create_game(db, "Friday night", NEW, apply=toy_apply)


def kept_hash(db, game_id):
    return db.execute("select table_token_hash from games where id = ?", [game_id]).fetchone()[0]


def test_a_table_token_is_kept_only_as_its_hash(db, game):
    assert kept_hash(db, game) is None
    assert not seats.is_table_token(db, game, "anything")
    token = seats.new_table_token(db, game)
    assert len(token) >= 43  # 32 bytes, url-safe base 64
    assert kept_hash(db, game) == seats.token_hash(token) != token
    assert seats.is_table_token(db, game, token)
    for wrong in (None, "", token + "x", token[:-1]):
        assert not seats.is_table_token(db, game, wrong)
    assert not seats.is_table_token(db, "no-such-game", token)
    assert not db.conn.in_transaction


def test_a_new_table_token_replaces_the_old(db, game):
    old = seats.new_table_token(db, game)
    new = seats.new_table_token(db, game)
    assert old != new
    assert seats.is_table_token(db, game, new) and not seats.is_table_token(db, game, old)


def test_tables_of_names_only_the_games_whose_token_is_given(db, game):
    other = store.create_game(db, "Second table", {**NEW, "names": ["Duda"]}, apply=toy_apply)
    bare = store.create_game(db, "No token", {**NEW, "names": ["Eli"]}, apply=toy_apply)
    mine, theirs = seats.new_table_token(db, game), seats.new_table_token(db, other)
    assert seats.tables_of(db, {}) == []
    assert seats.tables_of(db, {game: mine}) == [game]
    assert seats.tables_of(db, {game: theirs, other: mine}) == []  # a token is one game's
    assert sorted(seats.tables_of(db, {game: mine, other: theirs, bare: "x"})) == sorted(
        [game, other]
    )
    assert seats.tables_of(db, {"no-such-game": mine, game: ""}) == []


def test_a_table_token_is_not_a_seat_token(db, game):
    table = seats.new_table_token(db, game)
    seat = seats.claim_seat(db, game, "s1")
    assert seats.claim_for_token(db, game, table) is None
    assert not seats.is_table_token(db, game, seat)
    assert seats.held_seat(db, game, seat) == "s1"
