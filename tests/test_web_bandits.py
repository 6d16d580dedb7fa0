"""The Bandits module on the screens: the Hideout on the board, the table's bandit controls, and
the bandit leader's placement on the leader's phone alone (000:759)."""

from __future__ import annotations

import html
import re

import pytest
from helpers.phones import forms_on, head, new_game, post, table_act, take_seat
from werkzeug.datastructures import MultiDict

import companion.engine as engine
from companion.engine.modules.bandits.rules import HIDEOUT_ID

pytestmark = pytest.mark.seed(3)


@pytest.fixture
def game(app):
    return new_game(app, deal=False, ruleset="long_night", settings={"modules": ["bandits"]})


def innocent(state: dict) -> str:
    """A seat whose secret objective is not a betrayal one."""
    cards = state["cards"]["objectives"]
    return next(
        s["id"]
        for s in state["seats"]
        if cards[state["secrets"][s["id"]]["objective"]]["kind"] == "normal"
        and s["id"] != state["first_player"]
    )


def exile_an_innocent(app, game) -> str:
    """Round 1: the first player's turn exiles a non-betrayer; the round and the colony phase
    run to the next round's crisis, where that player leads the bandits."""
    table_act(app, game, type="reveal_crisis", seed=1)
    table_act(app, game, type="start_turn", seed=2)
    state, _ = head(app, game)
    target = innocent(state)
    mine = [s for s in state["survivors"] if s["owner"] == target]
    room = [loc["id"] for loc in state["locations"] if loc["survivor_spaces"] >= 2]
    table_act(
        app,
        game,
        type="call_exile_vote",
        caller=state["turn"]["seat"],
        target=target,
        votes={s["id"]: True for s in state["seats"]},
        destinations={s["id"]: room[0] for s in mine},
        seed=3,
    )
    for n in range(len(state["seats"])):
        state, _ = head(app, game)
        if state["turn"]:
            table_act(app, game, type="end_turn", seed=10 + n)
        state, _ = head(app, game)
        if "start_turn" in engine.table_view(state)["legal"]["table"]:
            table_act(app, game, type="start_turn", seed=20 + n)
    state, _ = head(app, game)
    if state["turn"]:
        table_act(app, game, type="end_turn", seed=30)
    table_act(app, game, type="run_colony_phase", seed=31)
    table_act(app, game, type="reveal_crisis", seed=32)
    return target


def test_the_hideout_is_on_the_board_with_its_cards(app, table, game):
    page = table.get(f"/games/{game}").text
    assert f'id="board-loc-{HIDEOUT_ID}"' in page
    assert 'data-hideout-cards="0"' in page
    table.set_cookie("lang", "pt_BR")
    assert "Espólios no Esconderijo" in table.get(f"/games/{game}").text


def test_the_leader_places_bandits_on_their_phone_and_the_table_sees_the_result(app, table, game):
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    leader = exile_an_innocent(app, game)
    state, _ = head(app, game)
    assert state["pending"]["kind"] == "bandit_placement" and state["pending"]["seat"] == leader
    count = state["pending"]["count"]
    page = table.get(f"/games/{game}").text
    assert "The bandit leader places bandits" in page
    assert "lead_bandits" not in forms_on(page)
    for sid, client in phones.items():
        forms = forms_on(client.get(f"/phone/{game}").text)
        assert ("lead_bandits" in forms) is (sid == leader), sid
    room = engine.seat_view(state, leader)["legal"][leader]["lead_bandits"]["room"]
    where = next(loc for loc, free in room.items() if free >= count)
    before = next(loc["bandits"] for loc in state["locations"] if loc["id"] == where)
    other = next(sid for sid in phones if sid != leader)
    refused = post(phones[other], game, type="lead_bandits", locations=[where] * count)
    assert refused.status_code in (403, 422)
    response = post(phones[leader], game, type="lead_bandits", locations=[where] * count)
    assert response.status_code == 200, response.text
    state, _ = head(app, game)
    assert state["pending"] is None
    assert next(loc["bandits"] for loc in state["locations"] if loc["id"] == where) == (
        before + count
    )
    log = table.get(f"/games/{game}/log").text
    name = next(s["name"] for s in state["seats"] if s["id"] == leader)
    assert f"The bandit leader, {name}, places" in log


def table_post(table, game, data: MultiDict):
    """A table form post at the game's current version, as the table screen sends it."""
    page = table.get(f"/games/{game}").text
    data.add("version", re.search(r'name="version" value="(\d+)"', page).group(1))
    return table.post(f"/games/{game}/act", data=data)


@pytest.mark.parametrize(("numbers", "placed"), [(["5", "", ""], 1), (["", "", ""], 2)])
def test_a_typed_crisis_takes_its_bandit_numbers_from_the_form(app, table, game, numbers, placed):
    # 000:140: the numbers printed on the card; none typed: 2 random locations (000:737).
    page = table.get(f"/games/{game}").text
    assert 'name="bandits"' in page
    data = MultiDict([("type", "reveal_crisis"), ("name", "Typed"), ("prevent", "food")])
    data.setlist("bandits", numbers)
    state, before = head(app, game)
    response = table_post(table, game, data)
    assert response.status_code in (200, 303), response.text
    state, after = head(app, game)
    assert after == before + 1 and state["crisis"]["name"] == "Typed"
    assert sum(loc["bandits"] for loc in state["locations"]) == placed
    if numbers[0]:
        assert next(loc for loc in state["locations"] if loc["number"] == 5)["bandits"] == 1


def test_the_table_may_reveal_a_round_without_bandits(app, table, game):
    # 000:737: "You may also not place bandits during that round for easier play": a check
    # box in each reveal form of the table screen, and nowhere on the phones.
    page = table.get(f"/games/{game}").text
    assert page.count('name="without_bandits"') == 2
    assert "no bandits this round (instead of 2 at random locations)" in page
    phone = take_seat(app, table, game, "s1")
    assert 'name="without_bandits"' not in phone.get(f"/phone/{game}").text
    table.set_cookie("lang", "pt_BR")
    assert "nenhum bandido nesta rodada" in table.get(f"/games/{game}").text
    table.set_cookie("lang", "en")
    data = MultiDict(
        [
            ("type", "reveal_crisis"),
            ("name", "Typed"),
            ("prevent", "food"),
            ("bandits", ""),
            ("without_bandits", "true"),
        ]
    )
    response = table_post(table, game, data)
    assert response.status_code in (200, 303), response.text
    state, _ = head(app, game)
    assert state["crisis"]["name"] == "Typed"
    assert sum(loc["bandits"] for loc in state["locations"]) == 0
    assert "the table plays this round without bandits" in table.get(f"/games/{game}/log").text


def test_without_the_module_the_reveal_offers_no_round_without_bandits(app, table):
    plain = new_game(app, deal=False, ruleset="long_night")
    assert 'name="without_bandits"' not in table.get(f"/games/{plain}").text


def test_the_add_zombies_preview_says_bandits_where_only_bandits_stand(app, table, game):
    """000:745: "Each bandit counts as a survivor for the purpose of adding zombies": the
    preview names whose the zombies are, bandits where only bandits stand."""
    state, _ = head(app, game)
    place = next(loc for loc in state["locations"] if loc["id"] != HIDEOUT_ID)
    table_act(app, game, type="set_bandits", location_id=place["id"], count=2)
    for kind in ("reveal_crisis", "start_colony_phase", "pay_food", "check_waste"):
        table_act(app, game, type=kind, seed=40)
    table_act(app, game, type="resolve_crisis", seed=41)
    table_act(app, game, type="finish_reveal")  # no colony step is asked during a reveal
    state, _ = head(app, game)
    assert engine.table_view(state)["waiting"]["step"] == "add_zombies"
    page = html.unescape(table.get(f"/games/{game}").text)
    assert "2 zombies for the bandits there" in page
    assert "for the survivors there" not in page  # everyone is still in the colony
    table.set_cookie("lang", "pt_BR")
    page = html.unescape(table.get(f"/games/{game}").text)
    assert "2 zumbis pelos bandidos ali" in page
