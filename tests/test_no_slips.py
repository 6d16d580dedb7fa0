"""No slips (issue 21, point 3): a leader who is not kept is refused with a sentence that says
what to do, refusals name what to do, and the first player shows only once the leaders decide."""

from __future__ import annotations

import re

import play
import pytest
from helpers.phones import new_game, open_db, take_seat

import companion.engine as engine
from companion import create_app, store

pytestmark = pytest.mark.seed(3)
NOT_KEPT = "is not kept, so cannot lead: mark one of the survivors you keep as leader"


def dealt_game():
    state, _ = play.start(3, deal=True)
    return state


def test_the_leader_must_be_one_of_the_kept_survivors():
    state = dealt_game()
    hand = state["secrets"]["s1"]["dealt_survivors"]
    name = state["cards"]["survivors"][hand[3]]["name"]
    action = {"type": "keep_survivors", "by": "s1", "survivors": hand[:2], "leader": hand[3]}
    with pytest.raises(engine.RuleError) as refused:
        engine.apply(state, action)
    assert str(refused.value) == f"{name} {NOT_KEPT}"
    assert engine.render_error(refused.value, "pt_BR").startswith(f"{name} não ficou no seu grupo")
    after, _ = engine.apply(state, {**action, "leader": hand[1]})
    ours = {s["id"]: s["leader"] for s in after["survivors"] if s["owner"] == "s1"}
    assert ours == {hand[1]: True, hand[0]: False}


def test_the_first_player_shows_once_the_leaders_decide():
    state = dealt_game()
    assert engine.table_view(state)["first_player"] is None
    assert engine.seat_view(state, "s2")["first_player"] is None
    for sid in ("s1", "s2", "s3"):
        hand = state["secrets"][sid]["dealt_survivors"]
        state, _ = engine.apply(
            state, {"type": "keep_survivors", "by": sid, "survivors": hand[:2], "seed": 1}
        )
    assert engine.table_view(state)["first_player"] == state["first_player"] is not None


@pytest.mark.parametrize(
    ("action", "english"),
    [
        (
            {"type": "keep_survivors", "by": "s1"},
            "keep survivors needs survivors: choose or type it in, then send it again",
        ),
        (
            {"type": "contribute_to_crisis", "by": "s1", "symbols": ["food"]},
            "no crisis has been revealed: reveal this round's crisis first",
        ),
    ],
)
def test_refusals_name_what_to_do(action, english):
    with pytest.raises(engine.RuleError) as refused:
        engine.apply(
            dealt_game() if action["type"] == "keep_survivors" else play.start(3)[0], action
        )
    assert str(refused.value) == english
    assert engine.render_error(refused.value, "pt_BR") != english


@pytest.fixture
def app(app_config, tmp_path):
    return create_app({**app_config, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


def test_a_phone_marking_a_leader_it_does_not_keep_is_refused(app):
    table = app.test_client()
    game = new_game(app)
    phone = take_seat(app, table, game, "s1")
    db = open_db(app)
    try:
        before = store.current(db, game)
    finally:
        db.close()
    hand = before.state["secrets"]["s1"]["dealt_survivors"]
    page = phone.get(f"/phone/{game}").text
    decision = re.search(r'name="decision" value="([^"]*)"', page).group(1)
    fields = {
        "type": "keep_survivors",
        "version": str(before.version),
        "decision": decision,
        "survivors": hand[:2],
        "_leader": hand[2],
    }
    answer = phone.post(f"/phone/{game}/act", data=fields, headers={"HX-Request": "true"})
    assert answer.status_code == 422
    name = before.state["cards"]["survivors"][hand[2]]["name"]
    assert f"{name} {NOT_KEPT}." in answer.get_data(as_text=True).replace("&#39;", "'")
    db = open_db(app)
    try:
        assert store.current(db, game).version == before.version
    finally:
        db.close()
