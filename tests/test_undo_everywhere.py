"""Every device says briefly what was undone or redone (issue 21, point 6, the server side):
the phones and every table screen, in the notice and at the top of the log, in both languages."""

from __future__ import annotations

import pytest
from helpers.phones import new_game, open_db, take_seat

import companion.engine as engine
from companion import create_app, store

pytestmark = pytest.mark.seed(3)
LIVE = {"HX-Request": "true"}
"""The live refresh a phone makes when the stream says the game changed (a fragment)."""


@pytest.fixture
def app(app_config, tmp_path):
    return create_app({**app_config, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


def version(app, game):
    db = open_db(app)
    try:
        return store.current(db, game).version
    finally:
        db.close()


def test_undo_and_redo_are_said_on_every_device_until_the_next_action(app):
    table = app.test_client()
    game = new_game(app, deal=False)
    phone = take_seat(app, table, game, "s1")
    other_table = app.test_client()
    table.post(f"/games/{game}/act", data={"type": "reveal_crisis", "version": version(app, game)})
    table.post(f"/games/{game}/undo", data={"version": version(app, game)})

    page = phone.get(f"/phone/{game}", headers=LIVE).get_data(as_text=True)
    assert page.count("Undone: reveal crisis") == 2  # the notice and the log's first line
    assert 'class="notice moved" role="status">Undone: reveal crisis' in page
    screen = other_table.get(f"/games/{game}", headers=LIVE).get_data(as_text=True)
    assert 'role="status">Undone: reveal crisis' in screen and "moved" in screen
    # A table screen loaded afterwards has it in its log, not as a notice of a past moment.
    screen = other_table.get(f"/games/{game}").get_data(as_text=True)
    assert 'role="status">Undone: reveal crisis' not in screen
    assert '<span class="log-action">Undone: reveal crisis' in screen

    # issue 29: a page loaded anew (here a language switch) comes after that moment: the
    # log still says it, no notice announces it
    phone.set_cookie("lang", "pt_BR")
    page = phone.get(f"/phone/{game}").get_data(as_text=True)
    assert page.count("Desfeito: revelar a crise") == 1 and "notice moved" not in page

    table.post(f"/games/{game}/redo", data={"version": version(app, game)})
    live = phone.get(f"/phone/{game}", headers=LIVE).get_data(as_text=True)
    assert 'class="notice moved" role="status">Refeito: revelar a crise' in live
    page = phone.get(f"/phone/{game}").get_data(as_text=True)
    assert page.count("Refeito: revelar a crise") == 1 and "notice moved" not in page
    assert "Redone: reveal crisis" in other_table.get(f"/games/{game}").get_data(as_text=True)

    table.post(f"/games/{game}/act", data={"type": "start_turn", "version": version(app, game)})
    page = phone.get(f"/phone/{game}", headers=LIVE).get_data(as_text=True)
    assert "Refeito" not in page and "Desfeito" not in page
    assert "Redone" not in other_table.get(f"/games/{game}").get_data(as_text=True)


def test_the_store_keeps_the_last_move_with_its_version(tmp_path):
    import play

    db = store.open_db(tmp_path / "games.db")
    try:
        setup = play.setup_for(3)
        game = store.create_game(db, "G", {"type": "new_game", "by": "table", "setup": setup})
        assert store.last_move(db, game) is None
        done = store.act(db, game, {"type": "add_food", "by": "table", "count": 1}, version=1)
        assert store.last_move(db, game) is None
        undone = store.undo(db, game, version=done.version)
        assert store.last_move(db, game) == {
            "kind": "undone",
            "type": "add_food",
            "version": undone.version,
        }
        redone = store.redo(db, game, version=undone.version)
        assert store.last_move(db, game) == {
            "kind": "redone",
            "type": "add_food",
            "version": redone.version,
        }
    finally:
        db.close()


def _post(client, app, game, **data):
    response = client.post(f"/games/{game}/act", data={**data, "version": version(app, game)})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]


def _state(app, game):
    db = open_db(app)
    try:
        return store.current(db, game).state
    finally:
        db.close()


def test_the_combined_actions_of_half_the_taps_are_undone_in_one_step(app):
    """Issue 29.4: an End that starts the next turn and a Confirm that runs several colony steps
    are one action each: one undo takes the whole of it back, one redo brings it again."""
    table = app.test_client()
    game = new_game(app, deal=False)
    _post(table, app, game, type="reveal_crisis")
    _post(table, app, game, type="start_turn")
    first = _state(app, game)
    _post(table, app, game, type="end_turn", start_next="true")
    second = _state(app, game)
    assert second["turn"]["seat"] != first["turn"]["seat"]
    table.post(f"/games/{game}/undo", data={"version": version(app, game)})
    assert _state(app, game) == first
    table.post(f"/games/{game}/redo", data={"version": version(app, game)})
    assert _state(app, game) == second
    while _state(app, game)["turn"]:
        ends = engine.table_view(_state(app, game))["legal"]["table"]["end_turn"]
        nobody_next = ends["start_next"] == [False]  # the flag is refused where it does nothing
        _post(table, app, game, type="end_turn", start_next="false" if nobody_next else "true")
    before = _state(app, game)
    _post(table, app, game, type="run_colony_steps")
    after = _state(app, game)
    assert before["round"] == 1 and after["round"] == 2  # seven steps in one Confirm
    table.post(f"/games/{game}/undo", data={"version": version(app, game)})
    assert _state(app, game) == before
    screen = table.get(f"/games/{game}").get_data(as_text=True)
    assert "Undone: run colony steps" in screen
    table.post(f"/games/{game}/redo", data={"version": version(app, game)})
    assert _state(app, game) == after
