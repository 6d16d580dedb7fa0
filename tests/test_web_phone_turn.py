"""A player enters their own turn on their phone: the survivors' actions the engine offers that
seat, the exposure die as face buttons with none chosen, "End my turn" starting the next
player's; another phone may not act for them, nor out of its turn, and a refusal comes back to
the phone in its language."""

from __future__ import annotations

import re

import pytest
from helpers.phones import forms_on, head, last_action, post, seated_and_kept, table_act

import companion.engine as engine


@pytest.fixture
def turn(app, table):
    """Three seated phones, the crisis revealed, the first player's turn started by the table:
    (game, phones, active seat)."""
    game, phones = seated_and_kept(app, table)
    table_act(app, game, type="reveal_crisis", seed=2)
    state, _ = head(app, game)
    seat = state["first_player"]
    table_act(app, game, type="start_turn")
    return game, phones, seat


def _mine(state, seat):
    return [s for s in state["survivors"] if s["owner"] == seat]


def test_the_active_phone_offers_its_survivors_actions_and_others_do_not(turn):
    game, phones, seat = turn
    page = phones[seat].get(f"/phone/{game}").text
    assert 'id="my-turn"' in page
    assert {"move_survivor", "end_turn"} <= forms_on(page)
    # the die: big face buttons, none pressed first, and the companion's roll
    for face in ("blank", "wound", "frostbite", "bite", "roll"):
        assert f'name="exposure" value="{face}"' in page
    assert not re.search(r'name="exposure"[^>]*checked', page)
    other = next(s for s in phones if s != seat)
    assert 'id="my-turn"' not in phones[other].get(f"/phone/{game}").text


def test_a_move_entered_on_the_phone_is_the_seats_own_and_keeps_its_survivor_open(app, turn):
    game, phones, seat = turn
    state, _ = head(app, game)
    survivor = _mine(state, seat)[0]["id"]
    page = phones[seat].get(f"/phone/{game}").text
    answer = post(
        phones[seat],
        game,
        page=page,
        type="move_survivor",
        survivor_id=survivor,
        _survivor=survivor,
        to="base.police-station",
        exposure="wound",
    )
    assert answer.status_code == 200, answer.text
    action = last_action(app, game)
    assert action["by"] == seat and action["type"] == "move_survivor"
    state, _ = head(app, game)
    moved = next(s for s in state["survivors"] if s["id"] == survivor)
    assert moved["location"] == "base.police-station" and moved["wounds"] == 1
    group = re.search(
        r'<details class="turn-survivor"[^>]*>\s*<summary><span class="s-name">', answer.text
    )
    assert group and " open" in group.group(0)
    assert "Search here" in answer.text


def test_a_move_without_a_face_is_refused_and_changes_nothing(app, turn):
    game, phones, seat = turn
    state, version = head(app, game)
    survivor = _mine(state, seat)[0]["id"]
    answer = post(
        phones[seat],
        game,
        type="move_survivor",
        survivor_id=survivor,
        to="base.police-station",
        _required="exposure",
    )
    assert answer.status_code == 422
    assert 'role="alert"' in answer.text
    assert head(app, game)[1] == version


def test_another_phone_may_not_act_for_the_active_players_survivor(app, turn):
    game, phones, seat = turn
    state, version = head(app, game)
    survivor = _mine(state, seat)[0]["id"]
    other = next(s for s in phones if s != seat)
    page = phones[other].get(f"/phone/{game}").text
    answer = post(
        phones[other],
        game,
        page=page,
        type="move_survivor",
        survivor_id=survivor,
        to="base.police-station",
        exposure="blank",
    )
    assert answer.status_code == 422
    assert head(app, game)[1] == version
    # nor for its own survivors out of its turn
    own = _mine(state, other)[0]["id"]
    answer = post(
        phones[other],
        game,
        page=page,
        type="move_survivor",
        survivor_id=own,
        to="base.police-station",
        exposure="blank",
    )
    assert answer.status_code == 422
    assert head(app, game)[1] == version
    # nor end the turn, nor name the active seat as its actor
    assert post(phones[other], game, page=page, type="end_turn").status_code == 422
    assert post(phones[other], game, page=page, type="end_turn", by=seat).status_code == 403
    assert head(app, game)[1] == version


def test_a_refusal_comes_back_in_the_phones_language(app, turn):
    game, phones, seat = turn
    phones[seat].get(f"/lang/pt_BR?next=/phone/{game}")
    state, version = head(app, game)
    survivor = _mine(state, seat)[0]["id"]
    answer = post(
        phones[seat],
        game,
        type="move_survivor",
        survivor_id=survivor,
        to="colony",
        exposure="blank",
    )
    assert answer.status_code == 422
    alert = re.search(r'<p class="alert" role="alert">(.*?)</p>', answer.text, re.S).group(1)
    assert alert.strip()
    english = phones[seat].get(f"/lang/en?next=/phone/{game}")
    assert english.status_code in (302, 303)
    again = post(
        phones[seat],
        game,
        type="move_survivor",
        survivor_id=survivor,
        to="colony",
        exposure="blank",
    )
    alert_en = re.search(r'<p class="alert" role="alert">(.*?)</p>', again.text, re.S).group(1)
    assert alert != alert_en
    assert head(app, game)[1] == version


def test_end_my_turn_starts_the_next_players(app, turn):
    game, phones, seat = turn
    page = phones[seat].get(f"/phone/{game}").text
    assert "End my turn" in page
    answer = post(phones[seat], game, page=page, type="end_turn", start_next="true")
    assert answer.status_code == 200, answer.text
    state, _ = head(app, game)
    waiting = engine.table_view(state)["waiting"]
    assert waiting["kind"] == "turn" and waiting["seat"] != seat
    nxt = waiting["seat"]
    assert 'id="my-turn"' in phones[nxt].get(f"/phone/{game}").text
    assert 'id="my-turn"' not in phones[seat].get(f"/phone/{game}").text
