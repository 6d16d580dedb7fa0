"""The Long Night's turn entered on the active player's phone: an attack on a special zombie and
its death, an attack on another player's survivor, an explosive trap, a heal, a move and an
attack on a bandit, each posted by that phone as its seat; the dice as face buttons with none
chosen; another phone sees none of these controls and is refused them; a refusal comes back in
the phone's language."""

from __future__ import annotations

import re

import pytest
from helpers.phones import forms_on, head, last_action, new_game, post, table_act, take_seat

MODULES = ["bandits", "raxxon", "improvements"]
BANDITS_AT = "base.police-station"


def long_night_turn(app, table, special_at: str = "colony"):
    """A Long Night game with the three modules, three seated phones, the special zombie Hunter
    at ``special_at``, a bandit at the Police Station, round 2's first turn started: (game,
    phones, active seat)."""
    game = new_game(app, 3, deal=False, ruleset="long_night", settings={"modules": MODULES})
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    table_act(app, game, type="enter_experiment", code=[3, 5], zombies=["Hunter"])
    table_act(app, game, type="add_food", count=20)
    table_act(app, game, type="start_colony_phase")
    table_act(app, game, type="place_special_zombies", places=[special_at])
    table_act(app, game, type="enter_experiment", code=[1, 4], zombies=["Claw"])
    table_act(app, game, type="run_colony_phase", seed=4)
    table_act(app, game, type="set_bandits", location_id=BANDITS_AT, count=1)
    table_act(app, game, type="reveal_crisis", seed=2)
    table_act(app, game, type="start_turn")
    state, _ = head(app, game)
    assert state["round"] == 2 and state.get("pending") is None
    return game, phones, state["turn"]["seat"]


def _mine(state, seat):
    return [s["id"] for s in state["survivors"] if s["owner"] == seat]


def _acted(app, game, phones, seat, **fields):
    """Post one action from the active phone: accepted, logged as that seat's."""
    answer = post(phones[seat], game, **fields)
    assert answer.status_code == 200, re.findall(r'role="alert">(.*?)<', answer.text)
    action = last_action(app, game)
    assert (action["type"], action["by"]) == (fields["type"], seat)
    return answer.text


@pytest.fixture
def turn(app, table):
    return long_night_turn(app, table)


def test_a_long_night_turn_is_entered_on_the_active_phone(app, turn):
    game, phones, seat = turn
    state, _ = head(app, game)
    first, second = _mine(state, seat)
    page = phones[seat].get(f"/phone/{game}").text
    offered = forms_on(page)
    assert {"attack_special_zombie", "add_trap", "move_special_zombie"} <= offered
    # a special zombie there is attacked first (000:805): no survivor attack offered yet
    assert "attack_survivor" not in offered
    # both dice as faces, none chosen first, each with "Roll it for me"
    special = re.search(r"<form[^>]*turn-special.*?</form>", page, re.S).group(0)
    for face in ("blank", "wound", "frostbite", "bite", "roll"):
        assert f'name="exposure" value="{face}"' in special
    for face in ("1", "2", "3", "4", "5", "6", "roll"):
        assert f'name="encounter" value="{face}"' in special
    assert not re.search(r'name="(exposure|encounter)"[^>]*checked', special)

    _acted(
        app,
        game,
        phones,
        seat,
        type="attack_special_zombie",
        survivor_id=first,
        _survivor=first,
        zombie="Hunter",
        exposure="blank",
        encounter="4",
    )
    page = phones[seat].get(f"/phone/{game}").text
    assert "Hunter dies to the attack" in page
    _acted(
        app,
        game,
        phones,
        seat,
        type="remove_special_zombie",
        place="colony",
        zombie="Hunter",
        entrance=str(head(app, game)[0]["turn"]["special_attacks"][0].get("entrance") or ""),
    )
    page = phones[seat].get(f"/phone/{game}").text
    assert "attack_survivor" in forms_on(page)
    target = next(s["id"] for s in state["survivors"] if s["owner"] != seat)
    _acted(
        app,
        game,
        phones,
        seat,
        type="attack_survivor",
        survivor_id=first,
        target_id=target,
        roll="1",
    )
    assert next(s for s in head(app, game)[0]["survivors"] if s["id"] == target)["wounds"] == 1
    _acted(app, game, phones, seat, type="add_trap", place="colony", entrance="2")
    assert head(app, game)[0]["colony"]["entrances"][1]["traps"] == 1
    _acted(
        app,
        game,
        phones,
        seat,
        type="move_survivor",
        survivor_id=second,
        to=BANDITS_AT,
        exposure="wound",
    )
    page = phones[seat].get(f"/phone/{game}").text
    assert f'name="survivor_id" value="{second}"' in page and "Heal: Wound" in page
    _acted(app, game, phones, seat, type="heal_survivor", survivor_id=second, wound="wound")
    _acted(app, game, phones, seat, type="attack_bandit", survivor_id=second, roll="roll")
    # the other player's wounded survivor: healed from the folded list
    page = phones[seat].get(f"/phone/{game}").text
    assert 'id="turn-heal-others"' in page
    _acted(app, game, phones, seat, type="heal_survivor", survivor_id=target, wound="wound")


def test_another_phone_is_offered_none_of_it_and_refused(app, turn):
    game, phones, seat = turn
    state, version = head(app, game)
    first = _mine(state, seat)[0]
    other = next(s for s in phones if s != seat)
    page = phones[other].get(f"/phone/{game}").text
    assert not {"attack_special_zombie", "add_trap", "heal_survivor"} & forms_on(page)
    attempts = [
        {
            "type": "attack_special_zombie",
            "survivor_id": first,
            "zombie": "Hunter",
            "exposure": "blank",
            "encounter": "4",
        },
        {"type": "add_trap", "place": "colony", "entrance": "2"},
        {"type": "move_special_zombie", "zombie": "Hunter", "place": "colony", "to": BANDITS_AT},
    ]
    for fields in attempts:
        assert post(phones[other], game, page=page, **fields).status_code == 422
    own = _mine(state, other)[0]
    answer = post(
        phones[other],
        game,
        page=page,
        type="attack_special_zombie",
        survivor_id=own,
        zombie="Hunter",
        exposure="blank",
        encounter="4",
    )
    assert answer.status_code == 422
    assert head(app, game)[1] == version


def test_an_encounter_left_unchosen_is_refused_in_the_phones_language(app, turn):
    game, phones, seat = turn
    state, version = head(app, game)
    first = _mine(state, seat)[0]
    phones[seat].get(f"/lang/pt_BR?next=/phone/{game}")
    answer = post(
        phones[seat],
        game,
        type="attack_special_zombie",
        survivor_id=first,
        zombie="Hunter",
        exposure="blank",
        _required="encounter",
    )
    assert answer.status_code == 422
    alert = re.search(r'<p class="alert" role="alert">(.*?)</p>', answer.text, re.S).group(1)
    assert "o dado de confronto" in alert and "nada é registrado sem jogar o dado" in alert
    assert head(app, game)[1] == version


def test_the_rest_of_a_turn_s_entries_are_on_the_active_phone(app, turn):
    """Food, waste, helpless survivors, an exposure roll a card asks for, a vote to exile and
    zombies attracted: each from the active phone, as its seat."""
    game, phones, seat = turn
    state, _ = head(app, game)
    first = _mine(state, seat)[0]
    page = phones[seat].get(f"/phone/{game}").text
    assert 'id="turn-more"' in page
    assert {"add_food", "spend_food", "add_waste", "add_helpless", "record_exposure"} <= forms_on(
        page
    )
    food = head(app, game)[0]["food"]
    _acted(app, game, phones, seat, type="add_food", count="2")
    _acted(app, game, phones, seat, type="spend_food", count="1")
    assert head(app, game)[0]["food"] == food + 1
    _acted(app, game, phones, seat, type="add_waste", count="1")
    _acted(app, game, phones, seat, type="add_helpless", count="1", unruly="true")
    _acted(app, game, phones, seat, type="calm_unruly")
    _acted(app, game, phones, seat, type="record_exposure", survivor_id=first, result="blank")
    _acted(
        app,
        game,
        phones,
        seat,
        type="move_survivor",
        survivor_id=first,
        to=BANDITS_AT,
        exposure="blank",
    )
    table_act(app, game, type="add_zombies_by_hand", place="base.school", count=2)
    page = phones[seat].get(f"/phone/{game}").text
    assert "turn-attract" in page
    _acted(
        app,
        game,
        phones,
        seat,
        type="attract_zombies",
        survivor_id=first,
        _survivor=first,
        **{"from_place|from_entrance|count": "base.school||1"},
    )
    # to the survivor's own location, the form's (its single entrance: no choice to make)
    assert last_action(app, game)["to_place"] == BANDITS_AT
    target = next(s["id"] for s in state["seats"] if s["id"] != seat)
    _acted(app, game, phones, seat, type="call_exile_vote", target=target)
    assert head(app, game)[0]["pending"]["kind"] == "vote"


PHONE_LIMIT = 36_000
"""Bytes of the active phone's fragment in a Long Night turn with the three modules, in
Brazilian Portuguese (the longer words), uncompressed: every refresh fetches it again."""


def test_the_active_phone_s_long_night_turn_fragment_stays_light(app, turn):
    game, phones, seat = turn
    phones[seat].get(f"/lang/pt_BR?next=/phone/{game}")
    fragment = phones[seat].get(f"/phone/{game}", headers={"HX-Request": "true"}).get_data()
    assert b'id="my-turn"' in fragment and b"attack_special_zombie" in fragment
    assert len(fragment) <= PHONE_LIMIT, len(fragment)


def test_the_modules_other_turn_entries_are_on_the_active_phone(app, turn):
    """A special zombie moved by its encounter card, a pill's side effect, despair removed,
    cards taken from the Bandits' Hideout and a die placed on Raxxon: each offered to the active
    phone and taken as its seat."""
    game, phones, seat = turn
    state, _ = head(app, game)
    first, second = _mine(state, seat)
    page = phones[seat].get(f"/phone/{game}").text
    assert {"move_special_zombie", "equip_side_effect"} <= forms_on(page)
    _acted(
        app,
        game,
        phones,
        seat,
        type="move_special_zombie",
        zombie="Hunter",
        place="colony",
        to=BANDITS_AT,
    )
    _acted(app, game, phones, seat, type="equip_side_effect", survivor_id=first, card="Twitch")
    _acted(app, game, phones, seat, type="wound_survivor", survivor_id=first, wound="despair")
    assert "remove_despair" in forms_on(phones[seat].get(f"/phone/{game}").text)
    _acted(app, game, phones, seat, type="remove_despair", survivor_id=first)
    table_act(app, game, type="set_hideout_cards", count=2)
    _acted(
        app,
        game,
        phones,
        seat,
        type="move_survivor",
        survivor_id=first,
        to="long_night.bandits-hideout",
        exposure="blank",
    )
    _acted(app, game, phones, seat, type="take_from_hideout", survivor_id=first, count="2")
    assert head(app, game)[0]["bandits"]["hideout_cards"] == 0
    _acted(
        app,
        game,
        phones,
        seat,
        type="move_survivor",
        survivor_id=second,
        to="long_night.raxxon",
        exposure="blank",
    )
    page = phones[seat].get(f"/phone/{game}").text
    assert "place_raxxon_dice" in forms_on(page)
    _acted(app, game, phones, seat, type="place_raxxon_dice", faces="4")
    assert head(app, game)[0]["raxxon"]["dice"] == [4]
