"""The game's draws on the web side: from the app's RANDOM_SEED when set, else the system's."""

from __future__ import annotations

from contextlib import closing

import pytest
from live_server import Device, head, read_only, rows

from companion import create_app, store


def new_game_over_the_web(app, form) -> tuple[int, dict]:
    """Create a game through the new-game form; its stored seed and its first state."""
    response = app.test_client().post("/games/new", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    game_id = response.headers["Location"].split("/")[-2]
    with app.app_context():
        db = store.get_db()
        (row,) = store.log(db, game_id)
        return row["action"]["seed"], store.current(db, game_id).state


def test_the_same_random_seed_deals_the_same_game(tmp_path, game_form):
    form = game_form(3)
    games = [
        new_game_over_the_web(
            create_app({"TESTING": True, "RANDOM_SEED": 7}, data_dir=tmp_path / name), form
        )
        for name in ("first", "second")
    ]
    assert games[0] == games[1]
    other = create_app({"TESTING": True, "RANDOM_SEED": 8}, data_dir=tmp_path / "other")
    seed, state = new_game_over_the_web(other, form)
    assert seed != games[0][0] and state["decks"] != games[0][1]["decks"]  # other shuffles


def test_without_a_random_seed_the_draws_are_the_systems(tmp_path, game_form):
    form = game_form(3)
    seeds = {
        new_game_over_the_web(create_app({"TESTING": True}, data_dir=tmp_path / name), form)[0]
        for name in ("first", "second")
    }
    assert len(seeds) == 2  # two 63-bit draws from the OS's source


@pytest.mark.seed(5)
def test_the_seed_marker_seeds_the_test_app(app):
    assert app.config["RANDOM_SEED"] == 5


@pytest.mark.seed(11)
def test_the_browser_tests_server_draws_from_its_seed(companion_server, tmp_path, game_form):
    """`companion serve` reads RANDOM_SEED from its data folder's config.py: the browser tests'
    server deals what an app with the same seed deals, so their play-throughs repeat."""
    form = game_form(3)
    answer = Device(companion_server).post("/games/new", form)
    assert answer.status == 303, answer.text[:300]
    game_id = answer.headers["Location"].split("/")[-2]
    with closing(read_only(companion_server.data / "games.db")) as conn:
        served = rows(conn, game_id)[0]["action"]["seed"], head(conn, game_id)[0]
    same = create_app({"TESTING": True, "RANDOM_SEED": 11}, data_dir=tmp_path / "same")
    assert served == new_game_over_the_web(same, form)
