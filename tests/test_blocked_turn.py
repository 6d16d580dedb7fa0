"""A blocked turn says why (issue 21, point 4): What now names what must happen first and
offers that control right there; the engine's ``waiting`` says what blocks."""

from __future__ import annotations

import re

import pytest
from helpers.table import HX, current, make_game

import companion.engine as engine
from companion import store
from companion.engine.views import waiting_for


def exiled_game(app):
    """A 4-seat game in s1's turn just after s2 was exiled with survivors in the colony."""
    game_id = make_game(app, 4)
    with app.app_context():
        db = store.get_db()
        for action in (
            {"type": "reveal_crisis"},
            {"type": "start_turn"},
        ):
            store.act(db, game_id, {"by": "table", **action}, version=current(app, game_id).version)
        state = current(app, game_id).state
        active = state["turn"]["seat"]
        target = next(s["id"] for s in state["seats"] if s["id"] != active)
        votes = {s["id"]: True for s in state["seats"]}
        store.act(
            db,
            game_id,
            {
                "type": "call_exile_vote",
                "by": "table",
                "caller": active,
                "target": target,
                "votes": votes,
            },
            version=current(app, game_id).version,
        )
    return game_id, target


def test_waiting_names_who_must_leave_the_colony_first(app):
    game_id, target = exiled_game(app)
    state = current(app, game_id).state
    leaving = [
        s["id"] for s in state["survivors"] if s["owner"] == target and s["location"] == "colony"
    ]
    assert leaving, "the exiled player has survivors in the colony"
    waiting = waiting_for(state)
    assert waiting["kind"] == "turn" and waiting["must_leave_colony"] == leaving
    assert "end_turn" not in engine.table_view(state)["legal"]["table"]


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "{name} must leave the colony before the turn can end."),
        ("pt_BR", "{name} precisa sair da colônia antes que o turno possa terminar."),
    ],
)
def test_what_now_says_why_and_offers_the_move(app, client, lang, sentence):
    game_id, target = exiled_game(app)
    state = current(app, game_id).state
    first = next(
        s for s in state["survivors"] if s["owner"] == target and s["location"] == "colony"
    )
    client.set_cookie("lang", lang)
    page = client.get(f"/games/{game_id}", headers=HX).get_data(as_text=True)
    whatnow = re.search(r'<section class="whatnow.*?</section>', page, re.S).group(0)
    assert sentence.format(name=first["name"]) in whatnow
    move = re.search(r"<form[^>]*ctl-move_survivor.*?</form>", whatnow, re.S)
    assert move and f'name="survivor_id" value="{first["id"]}"' in move.group(0)
