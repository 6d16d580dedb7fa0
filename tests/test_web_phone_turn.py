"""A player enters their own turn on their phone: the survivors' actions the engine offers that
seat, the exposure die as face buttons with none chosen, "End my turn" starting the next
player's; another phone may not act for them, nor out of its turn, and a refusal comes back to
the phone in its language."""

from __future__ import annotations

import re

import pytest
from helpers.phones import (
    forms_on,
    head,
    last_action,
    new_game,
    open_db,
    post,
    seated_and_kept,
    table_act,
    take_seat,
)
from play import setup_for

import companion.engine as engine
from companion import store


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


def test_the_next_player_starts_their_turn_on_their_phone(app, table):
    game, phones = seated_and_kept(app, table)
    table_act(app, game, type="reveal_crisis", seed=2)
    state, _ = head(app, game)
    seat = engine.table_view(state)["waiting"]["seat"]
    other = next(s for s in phones if s != seat)
    assert "Start my turn" not in phones[other].get(f"/phone/{game}").text
    page = phones[seat].get(f"/phone/{game}").text
    answer = post(phones[seat], game, page=page, type="start_turn", seat_id=seat)
    assert answer.status_code == 200, answer.text
    assert last_action(app, game)["by"] == seat
    assert "End my turn" in answer.text


def _crossroads_naming_a_survivor(app) -> tuple[str, str]:
    """A game whose first turn's crossroads card has a first option naming a survivor: (game,
    the active seat)."""
    for seed in range(1, 60):
        game = new_game(app, 3, deal=False, seed=seed)
        table_act(app, game, type="reveal_crisis", seed=2)
        table_act(app, game, type="start_turn")
        state, _ = head(app, game)
        drawer = state["turn"]["crossroads_drawer"]
        card_id = state["secrets"][drawer]["crossroads"] if drawer else None
        card = state["cards"]["crossroads"].get(card_id) if card_id else None
        if card and not card.get("vote"):
            effects = card["options"][0].get("effects", [])
            if any(e.get("target") == "chosen" for e in effects):
                return game, engine.table_view(state)["waiting"]["seat"]
    raise AssertionError("no seed deals such a crossroads card")


def test_the_crossroads_option_and_its_survivor_are_chosen_on_the_active_phone(app, table):
    game, seat = _crossroads_naming_a_survivor(app)
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    state, _ = head(app, game)
    drawer = state["turn"]["crossroads_drawer"]
    assert post(phones[drawer], game, type="reveal_crossroads").status_code == 200
    page = phones[seat].get(f"/phone/{game}").text
    assert 'id="turn-crossroads"' in page
    others = [s for s in phones if s != seat]
    assert all('id="turn-crossroads"' not in phones[s].get(f"/phone/{game}").text for s in others)
    survivor = _mine(state, seat)[0]["id"]
    assert f'name="chosen" value="{survivor}"' in page
    answer = post(
        phones[seat], game, page=page, type="trigger_crossroads", option="1", chosen=survivor
    )
    assert answer.status_code == 200, answer.text
    action = last_action(app, game)
    assert (action["type"], action["by"], action["chosen"]) == (
        "trigger_crossroads",
        seat,
        survivor,
    )


def _survivor_form(page: str, kind: str, survivor: str) -> str:
    """The phone's form for ``kind`` in ``survivor``'s group."""
    forms = re.findall(r"<form\b.*?</form>", page, re.S)
    return next(
        f for f in forms if f'value="{kind}"' in f and f'name="_survivor" value="{survivor}"' in f
    )


def test_zombies_attracted_to_the_colony_from_the_phone_are_accepted(app, turn):
    """002:1253: to empty entrance spaces at the survivor's location; at the colony the phone
    asks which entrance (the engine refuses an attract there that names none)."""
    game, phones, seat = turn
    state, _ = head(app, game)
    survivor = _mine(state, seat)[0]
    assert survivor["location"] == "colony"
    place = state["locations"][0]["id"]
    table_act(app, game, type="add_zombies_by_hand", place=place, count=2)
    page = phones[seat].get(f"/phone/{game}").text
    form = _survivor_form(page, "attract_zombies", survivor["id"])
    fields = dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form))
    to = re.findall(r'name="to_place\|to_entrance" value="([^"]*)"', form)
    assert to == [f"colony|{n}" for n in range(1, 7)]
    # a button per source and count: as many as stand there, 2 at most (one tap sends)
    sent = re.findall(r'name="from_place\|from_entrance\|count" value="([^"]*)"', form)
    locations = head(app, game)[0]["locations"]
    assert sorted(sent) == sorted(
        f"{x['id']}||{n}" for x in locations for n in range(1, min(2, x["entrance"]["zombies"]) + 1)
    )
    assert f"{place}||2" in sent and not any(f.startswith("colony") for f in sent)
    fields.update({"to_place|to_entrance": to[3], "from_place|from_entrance|count": f"{place}||2"})
    answer = post(phones[seat], game, page=page, **fields)
    assert answer.status_code == 200, re.findall(r'role="alert">(.*?)<', answer.text)
    after, _ = head(app, game)
    assert after["colony"]["entrances"][3]["zombies"] == 2
    assert (last_action(app, game)["type"], last_action(app, game)["by"]) == (
        "attract_zombies",
        seat,
    )


def test_a_crossroads_option_the_player_cannot_meet_has_its_text_and_no_button(app, table, turn):
    """Her Old Locker's second option heals a survivor of theirs at the Hospital: with none
    there, the active phone reads both options but offers only the first (002:1480-1482); with
    one there, both."""
    game, _phones, seat = turn
    state, _ = head(app, game)
    drawer = state["turn"]["crossroads_drawer"] or seat
    state["turn"]["crossroads_drawer"] = drawer
    state["secrets"][drawer]["crossroads"] = "companion.her-old-locker"
    state["turn"]["crossroads_revealed"] = True
    mine = _mine(state, seat)
    assert mine and all(s["location"] != "base.hospital" for s in mine)
    for there, shown in ((False, ["1"]), (True, ["1", "2"])):
        if there:
            mine[0]["location"] = "base.hospital"
        db = open_db(app)
        try:
            action = {"type": "new_game", "by": "table", "setup": setup_for(3), "seed": 1}
            made = store.create_game(db, "Locker", action, apply=lambda s, a: (state, []))
        finally:
            db.close()
        page = take_seat(app, table, made, seat).get(f"/phone/{made}").text
        assert re.findall(r'name="option" value="(\d)"', page) == shown
        unmet = "Option 2: none of your survivors can take it now."
        assert (unmet in page) is not there
        assert page.count('crossroads-option"') == 2  # both options read, button or not
