"""No spoilers (issue 21, point 2): while the table turns the crisis cards or the zombies over,
every device shows the game from before the reveal until the table finishes or skips it, and
the phones say the reveal is happening on the table."""

from __future__ import annotations

import play
import pytest
from helpers.phones import new_game, open_db, take_seat

import companion.engine as engine
from companion import create_app, store
from companion.web import heads

pytestmark = pytest.mark.seed(5)


def to_colony_phase():
    """A 3-seat game whose three turns are over, nobody having added a card to the crisis."""
    state, _ = play.start(3)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    for _ in range(3):
        state, _ = engine.apply(state, {"type": "start_turn", "by": "table", "seed": 1})
        state, _ = engine.apply(state, {"type": "end_turn", "by": "table"})
    state, _ = engine.apply(state, {"type": "start_colony_phase", "by": "table"})
    return state


def run_until(state, kind):
    """Confirm colony steps up to and including ``kind``; the state before it and after it."""
    while True:
        due = engine.table_view(state)["waiting"]["action"]
        before = state
        state, _ = engine.apply(state, {"type": due, "by": "table", "seed": 3})
        if due == kind:
            return before, state


def test_the_reveal_opens_and_the_views_show_the_state_before_it():
    before, after = run_until(to_colony_phase(), "resolve_crisis")
    assert engine.revealing(after) == {"action": "resolve_crisis"}
    assert after["crisis"] is None and after["colony"] != before["colony"]  # it failed
    view = engine.table_view(after, before)
    assert view["crisis"]["name"] == before["crisis"]["name"]
    assert view["colony"] == before["colony"] and view["morale"] == before["morale"]
    assert view["revealing"] == {"action": "resolve_crisis"}
    assert "finish_reveal" in view["legal"]["table"]
    assert engine.seat_view(after, "s2", view)["colony"] == before["colony"]
    # The next colony step is still the one due; it is not offered, nor taken, until the
    # table has finished turning this one over (the legal list is the only door).
    assert view["waiting"] == engine.table_view(after)["waiting"]
    nxt = engine.table_view(after)["waiting"]["action"]
    assert nxt not in view["legal"]["table"]
    with pytest.raises(engine.RuleError, match="still turning the last step over"):
        engine.apply(after, {"type": nxt, "by": "table", "seed": 3})
    done, _ = engine.apply(after, {"type": "finish_reveal", "by": "table"})
    assert (
        not engine.revealing(done) and engine.table_view(done, after)["morale"] == after["morale"]
    )
    with pytest.raises(engine.RuleError, match="nothing is being turned over"):
        engine.apply(done, {"type": "finish_reveal", "by": "table"})
    moved_on, _ = engine.apply(done, {"type": nxt, "by": "table", "seed": 3})
    assert engine.revealing(moved_on) == ({"action": nxt} if nxt in engine.REVEALED else None)
    with pytest.raises(engine.RuleError):
        engine.apply(after, {"type": "finish_reveal", "by": "s1"})


@pytest.fixture
def app(app_config, tmp_path):
    return create_app({**app_config, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


def test_every_device_waits_for_the_table_to_finish(app):
    table = app.test_client()
    game_id = new_game(app, deal=False)
    phone = take_seat(app, table, game_id, "s2")
    db = open_db(app)
    try:
        for action in (
            {"type": "reveal_crisis"},
            *[a for _ in range(3) for a in ({"type": "start_turn"}, {"type": "end_turn"})],
            {"type": "start_colony_phase"},
        ):
            store.act(
                db,
                game_id,
                {"by": "table", "seed": 1, **action},
                version=store.current(db, game_id).version,
            )
        while True:
            head = store.current(db, game_id)
            due = engine.table_view(head.state)["waiting"]["action"]
            result = store.act(
                db, game_id, {"type": due, "by": "table", "seed": 3}, version=head.version
            )
            if due == "resolve_crisis":
                break
        outcome = {"crisis_failed", "crisis_prevented", "crisis_none"}
        failed = [
            engine.render_step(x, result.state, "en") for x in result.steps if x["kind"] in outcome
        ]
        assert failed
    finally:
        db.close()

    def phone_page(lang="en"):
        phone.set_cookie("lang", lang)
        return phone.get(f"/phone/{game_id}").get_data(as_text=True)

    page = phone_page()
    assert "The table is turning the crisis cards over one at a time" in page
    assert "Being turned over on the table." in page
    assert not any(line in page for line in failed)
    assert "A mesa está revelando as cartas da crise" in phone_page("pt_BR")
    with app.test_request_context():
        db = store.get_db()
        view = heads.table_view(game_id, store.current(db, game_id))
        assert view["crisis"] is not None and view["revealing"]
    screen = table.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="reveal"' in screen and 'value="finish_reveal"' in screen

    done = table.post(
        f"/games/{game_id}/act",
        data={"type": "finish_reveal", "version": str(result.version)},
        headers={"HX-Request": "true"},
    )
    assert done.status_code == 200
    page = phone_page()
    assert "turning the crisis cards over" not in page
    assert any(line in page for line in failed)
    assert 'id="reveal"' not in table.get(f"/games/{game_id}").get_data(as_text=True)
