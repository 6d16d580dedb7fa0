"""Board actions recorded during player turns, and table corrections."""

from __future__ import annotations

import copy

import pytest
from factory import Scripted, make_state, put_survivors, with_cards
from hypothesis import given
from hypothesis import strategies as st_

import companion.engine as engine
from companion.engine import board
from companion.engine.core.errors import RuleError
from companion.engine.core.state import free_spaces
from companion.engine.legal import legal_actions
from companion.engine.sentences import render_steps


def kinds(steps):
    return [s["kind"] for s in steps]


def by_id(st, sid):
    return next(s for s in st["survivors"] if s["id"] == sid)


def colony_entrance(st, n):
    return st["colony"]["entrances"][n - 1]


def loc(st, lid):
    return next(x for x in st["locations"] if x["id"] == lid)


def refused(fn, state, *args, match, **kwargs):
    """Call an entry point that must refuse; the caller's state must not change."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match=match):
        fn(state, *args, **kwargs)
    assert state == before


def table(seats=3, **kw):
    """Ana (s1) with 30 and 20 in the colony, Bruno (s2) with 10 at the police station."""
    st = make_state(seats, **kw)
    ana = put_survivors(st, [30, 20], owner="s1")
    bruno = put_survivors(st, [10], owner="s2", place="police")
    return st, ana, bruno


def with_turn(st, seat="s1"):
    st["turn"] = {
        "seat": seat,
        "crossroads_drawer": None,
        "exile_vote_called": False,
        "crossroads_revealed": False,
        "moved": [],
    }
    return st


# --- moving ---


def test_move_then_exposure_wound():
    st, ana, _ = table()
    new, steps = board.move_survivor(st, ana[0], "school", exposure="wound")
    assert kinds(steps) == ["survivor_moved", "exposure_rolled", "wound_added"]
    assert by_id(new, ana[0])["location"] == "school"
    assert by_id(new, ana[0])["wounds"] == 1
    assert by_id(st, ana[0])["location"] == "colony"


def test_move_rolls_with_rng_or_skips():
    st, ana, _ = table()
    new, steps = board.move_survivor(st, ana[0], "school", rng=Scripted([12]))
    assert steps[1]["result"] == "bite" and steps[1]["rolled"] is True
    assert ana[0] not in [s["id"] for s in new["survivors"]]
    new, steps = board.move_survivor(st, ana[0], "school", exposure="skip")
    assert kinds(steps) == ["survivor_moved", "exposure_skipped"]


def test_move_recorded_once_per_turn():
    st, ana, _ = table()
    with_turn(st)
    st, _ = board.move_survivor(st, ana[0], "school", exposure="blank")
    assert st["turn"]["moved"] == [ana[0]]
    refused(board.move_survivor, st, ana[0], "library", "blank", match="already moved this turn")
    new, steps = board.move_survivor(st, ana[0], "library", "blank", free=True)
    assert new["turn"]["moved"] == [ana[0]]
    assert steps[0]["free"] is True


def test_move_without_turn_is_not_recorded():
    st, ana, _ = table()
    new, _ = board.move_survivor(st, ana[0], "school", exposure="blank")
    assert new["turn"] is None


def test_move_into_full_location_refused():
    st, ana, _ = table()
    put_survivors(st, [1, 2], owner="s3", place="gas")
    refused(board.move_survivor, st, ana[0], "gas", "blank", match="Gas Station has no empty")


def test_bandits_take_survivor_spaces():
    st, ana, _ = table(modules=["bandits"])
    put_survivors(st, [1], owner="s3", place="gas")
    loc(st, "gas")["bandits"] = 1
    refused(board.move_survivor, st, ana[0], "gas", "blank", match="no empty survivor space")


def test_move_into_full_colony_refused():
    st, _, bruno = table()
    st["colony"]["survivor_spaces"] = 3
    st["helpless"]["normal"] = 1
    refused(board.move_survivor, st, bruno[0], "colony", "blank", match="the colony has no empty")
    st["helpless"]["normal"] = 0
    new, _ = board.move_survivor(st, bruno[0], "colony", "blank")
    assert by_id(new, bruno[0])["location"] == "colony"


def test_exiled_survivor_may_not_enter_colony():
    st, _, bruno = table()
    st["seats"][1]["exiled"] = True
    refused(board.move_survivor, st, bruno[0], "colony", "blank", match="Bruno is exiled")


@pytest.mark.parametrize(
    ("sid", "to", "exposure", "match"),
    [
        ("ghost", "school", "blank", "unknown survivor"),
        (None, "mall", "blank", "unknown location"),
        (None, "colony", "blank", "already at the colony"),
        (None, "school", "scratch", "exposure result is one of"),
        (None, "school", None, "enter the exposure die's result"),
    ],
)
def test_move_refusals(sid, to, exposure, match):
    st, ana, _ = table()
    refused(board.move_survivor, st, sid or ana[0], to, exposure, match=match)


# --- killing zombies ---


def test_kill_zombies_with_exposure_per_kill():
    st, _, bruno = table()
    loc(st, "police")["entrance"]["zombies"] = 3
    new, steps = board.kill_zombies(
        st, "police", 2, survivor_id=bruno[0], exposure=["blank", "frostbite"]
    )
    assert loc(new, "police")["entrance"]["zombies"] == 1
    assert kinds(steps) == ["zombies_killed", "exposure_rolled", "exposure_rolled", "wound_added"]
    assert by_id(new, bruno[0])["frostbite"] == 1


def test_kill_zombies_rolls_with_rng_and_stops_when_killer_dies():
    st, _, bruno = table()
    loc(st, "police")["entrance"]["zombies"] = 3
    # bite on the first roll: the other two rolls never happen
    new, steps = board.kill_zombies(st, "police", 3, survivor_id=bruno[0], rng=Scripted([12]))
    assert [s["result"] for s in steps if s["kind"] == "exposure_rolled"] == ["bite"]
    assert loc(new, "police")["entrance"]["zombies"] == 0


def test_kill_zombies_at_colony_entrance_skip_exposure():
    st, ana, _ = table()
    colony_entrance(st, 4)["zombies"] = 2
    new, steps = board.kill_zombies(st, "colony", 2, 4, ana[0], exposure="skip")
    assert colony_entrance(new, 4)["zombies"] == 0
    assert kinds(steps) == ["zombies_killed", "exposure_skipped"]
    assert render_steps(steps)[0] == "2 zombies killed at colony entrance 4 by Survivor 30."


def test_kill_zombies_by_card_no_exposure():
    st, _, _ = table()
    colony_entrance(st, 1)["zombies"] = 1
    new, steps = board.kill_zombies(st, "colony", entrance=1)
    assert kinds(steps) == ["zombies_killed"]
    assert colony_entrance(new, 1)["zombies"] == 0


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        (("colony", 1), {}, "say which colony entrance"),
        (("colony", 1, 7), {}, "entrances 1-6, not 7"),
        (("colony", 3, 2), {}, "entrance 2 of the colony holds 1 zombie"),
        (("colony", 0, 2), {}, "at least 1"),
        (("colony", -1, 2), {}, "at least 1"),
        (("police", 1, 2), {}, "single entrance"),
        (("mall", 1), {}, "unknown location"),
        (("colony", 1, 2), {"survivor_id": "ghost", "exposure": "blank"}, "unknown survivor"),
        (("colony", 1, 2), {"exposure": "blank"}, "needs the survivor"),
        (("colony", 1, 2), {"survivor_id": "surv-10-2", "exposure": "blank"}, "is at Police"),
    ],
)
def test_kill_zombies_refusals(args, kwargs, match):
    st, _, _ = table()
    colony_entrance(st, 2)["zombies"] = 1
    refused(board.kill_zombies, st, *args, match=match, **kwargs)


def test_kill_zombies_needs_one_result_per_kill():
    st, ana, _ = table()
    colony_entrance(st, 2)["zombies"] = 2
    refused(
        board.kill_zombies, st, "colony", 2, 2, ana[0], "blank", match="one exposure result per"
    )


# --- barricades and traps ---


def test_barricade_on_empty_space():
    st, _, _ = table()
    colony_entrance(st, 2)["zombies"] = 2
    new, steps = board.add_barricade(st, "colony", 2)
    assert colony_entrance(new, 2) == {
        "number": 2,
        "spaces": 3,
        "zombies": 2,
        "barricades": 1,
        "traps": 0,
    }
    assert kinds(steps) == ["barricade_added"]
    new, _ = board.add_barricade(new, "police")
    assert loc(new, "police")["entrance"]["barricades"] == 1
    new, steps = board.remove_barricade(new, "colony", 2)
    assert colony_entrance(new, 2)["barricades"] == 0


def test_barricade_on_full_entrance_refused():
    st, _, _ = table()
    colony_entrance(st, 2).update(zombies=2, barricades=1)
    refused(
        board.add_barricade,
        st,
        "colony",
        2,
        match="entrance 2 of the colony is full: no room for a barricade",
    )
    loc(st, "gas")["entrance"]["zombies"] = 2
    refused(board.add_barricade, st, "gas", match="the entrance of the Gas Station is full")
    refused(board.add_barricade, st, "colony", match="say which colony entrance")
    refused(board.remove_barricade, st, "colony", 3, match="has no barricade")


def test_trap_only_in_long_night():
    st, _, _ = table()
    refused(board.add_trap, st, "colony", 1, match="Long Night")
    st, _, _ = table(ruleset="long_night")
    new, steps = board.add_trap(st, "school")
    assert loc(new, "school")["entrance"]["traps"] == 1
    assert kinds(steps) == ["trap_added"]
    new, _ = board.add_trap(new, "colony", 6)
    assert colony_entrance(new, 6)["traps"] == 1
    new, _ = board.remove_trap(new, "colony", 6)
    assert colony_entrance(new, 6)["traps"] == 0
    loc(st, "gas")["entrance"]["barricades"] = 2
    refused(board.add_trap, st, "gas", match="full: no room for a trap")


# --- adding and attracting zombies ---


def test_add_zombies_by_hand_uses_placement_rules():
    st, _, _ = table()
    new, steps = board.add_zombies_by_hand(st, "colony", 7)
    assert [e["zombies"] for e in new["colony"]["entrances"]] == [2, 1, 1, 1, 1, 1]
    assert steps[0]["kind"] == "zombies_to_add"
    new, _ = board.add_zombies_by_hand(st, "school", 2)
    assert loc(new, "school")["entrance"]["zombies"] == 2
    refused(board.add_zombies_by_hand, st, "colony", 0, match="at least 1")
    refused(board.add_zombies_by_hand, st, "mall", 1, match="unknown location")


def test_attract_to_a_location():
    st, _, bruno = table()
    loc(st, "school")["entrance"]["zombies"] = 3
    loc(st, "police")["entrance"]["zombies"] = 1
    new, steps = board.attract_zombies(st, "school", "police", survivor_id=bruno[0])
    assert loc(new, "school")["entrance"]["zombies"] == 1
    assert loc(new, "police")["entrance"]["zombies"] == 3
    assert kinds(steps) == ["zombie_attracted", "zombie_attracted"]


def test_attract_only_into_empty_spaces():
    st, _, _ = table()
    loc(st, "school")["entrance"]["zombies"] = 3
    loc(st, "police")["entrance"].update(zombies=1, barricades=1)
    refused(board.attract_zombies, st, "school", "police", match="no empty space")
    new, _ = board.attract_zombies(st, "school", "police", count=1)
    assert loc(new, "police")["entrance"] == {
        "number": 1,
        "spaces": 3,
        "zombies": 2,
        "barricades": 1,
        "traps": 0,
    }


def test_attract_to_colony_entrances_of_choice():
    st, _, _ = table()
    loc(st, "library")["entrance"]["zombies"] = 2
    new, _ = board.attract_zombies(st, "library", "colony", to_entrance=[5, 6])
    assert [e["zombies"] for e in new["colony"]["entrances"]] == [0, 0, 0, 0, 1, 1]
    new, _ = board.attract_zombies(st, "library", "colony", to_entrance=3)
    assert colony_entrance(new, 3)["zombies"] == 2
    colony_entrance(st, 3)["zombies"] = 2
    refused(
        board.attract_zombies,
        st,
        "library",
        "colony",
        to_entrance=3,
        match="entrance 3 of the colony has no empty space",
    )


def test_attract_from_colony_entrance():
    st, _, _ = table()
    colony_entrance(st, 1)["zombies"] = 2
    new, _ = board.attract_zombies(st, "colony", "police", from_entrance=1)
    assert colony_entrance(new, 1)["zombies"] == 0
    assert loc(new, "police")["entrance"]["zombies"] == 2


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        (("school", "police", 3), {}, "at most 2"),
        (("school", "police", 0), {}, "at least 1"),
        (("library", "police", 2), {}, "holds 0 zombie"),
        (("school", "school", 1), {}, "from another place"),
        (("school", "colony", 2), {}, "say which colony entrance"),
        (("school", "colony", 2), {"to_entrance": [1, 2, 3]}, "one colony entrance per"),
        (("school", "colony", 2), {"to_entrance": 9}, "not 9"),
        (("colony", "police", 2), {}, "say which colony entrance"),
        (("school", "police", 2), {"survivor_id": "surv-30-0"}, "is not at Police Station"),
    ],
)
def test_attract_refusals(args, kwargs, match):
    st, _, _ = table()
    loc(st, "school")["entrance"]["zombies"] = 2
    refused(board.attract_zombies, st, *args, match=match, **kwargs)


# --- noise ---


def test_noise_up_to_four():
    st, _, _ = table()
    st, _ = board.add_noise(st, "police", 3)
    new, steps = board.add_noise(st, "police")
    assert loc(new, "police")["noise"] == 4
    assert render_steps(steps) == ["1 noise token placed at the Police Station (4 of 4 there now)."]
    refused(board.add_noise, new, "police", match="at most 4")
    refused(board.add_noise, st, "police", 2, match="at most 4")
    refused(board.add_noise, st, "colony", match="the colony has no noise")
    refused(board.add_noise, st, "police", -1, match="at least 1")
    new, _ = board.remove_noise(new, "police", 4)
    assert loc(new, "police")["noise"] == 0
    refused(board.remove_noise, new, "police", match="has 0 noise")


# --- cards and waste ---


def test_played_cards_go_to_waste():
    st, _, _ = table()
    new, steps = board.play_cards(st, "s1", 2)
    assert new["waste"] == 2
    assert steps[0]["removed"] == ""


def test_event_cards_leave_the_game():
    st, _, _ = table()
    new, steps = board.play_cards(st, "s1", 1, event=True)
    assert new["waste"] == 0
    assert steps[0]["removed"] == "event"


def test_exiled_players_cards_leave_the_game():
    st, _, _ = table()
    st["seats"][1]["exiled"] = True
    new, steps = board.play_cards(st, "s2", 3)
    assert new["waste"] == 0
    assert steps[0]["removed"] == "exiled"
    refused(board.play_cards, st, "s9", match="unknown seat 's9'")
    refused(board.play_cards, st, "s1", 0, match="at least 1")


def test_clean_waste_removes_three_or_what_there_is():
    st, _, _ = table()
    st["waste"] = 7
    new, steps = board.clean_waste(st, "s1")
    assert new["waste"] == 4
    assert steps[0]["removed"] == 3
    st["waste"] = 2
    new, steps = board.clean_waste(st, "s1")
    assert new["waste"] == 0 and steps[0]["removed"] == 2
    # Bruno's only survivor is at the police station
    refused(board.clean_waste, st, "s2", match="no survivor in the colony")
    st["waste"] = 0
    refused(board.clean_waste, st, "s1", match="waste pile is empty")


def test_add_and_set_waste():
    st, _, _ = table()
    new, _ = board.add_waste(st, 4)
    assert new["waste"] == 4
    new, steps = board.set_waste(new, 11)
    assert new["waste"] == 11
    assert steps[0] == {"kind": "counter_set", "counter": "waste", "old": 4, "value": 11}
    refused(board.add_waste, st, -2, match="at least 1")


# --- food ---


def test_spend_food():
    st, _, _ = table()
    st["food"] = 5
    new, steps = board.spend_food(st, "s1", 2)
    assert new["food"] == 3
    assert steps[0]["count"] == 2
    refused(board.spend_food, st, "s1", 6, match="holds 5 food tokens, not 6")
    refused(board.spend_food, st, "s1", 0, match="at least 1")
    st["seats"][1]["exiled"] = True
    refused(board.spend_food, st, "s2", 1, match="Bruno is exiled and cannot spend food")


def test_add_food():
    st, _, _ = table()
    new, _ = board.add_food(st, 3)
    assert new["food"] == 3
    refused(board.add_food, st, 0, match="at least 1")
    refused(board.add_food, st, "2", match="whole number")


# --- helpless ---


def test_add_helpless():
    st, _, _ = table()
    new, steps = board.add_helpless(st, 2, seat_id="s1")
    assert new["helpless"] == {"normal": 2, "unruly": 0}
    assert steps[0]["left_out"] == 0


def test_exiled_seat_adds_no_helpless():
    st, _, _ = table()
    st["seats"][0]["exiled"] = True
    new, steps = board.add_helpless(st, 2, seat_id="s1")
    assert new["helpless"] == {"normal": 0, "unruly": 0}
    assert kinds(steps) == ["helpless_not_added"]


def test_helpless_only_into_free_spaces():
    st, _, _ = table()
    st["colony"]["survivor_spaces"] = 4
    new, steps = board.add_helpless(st, 3)
    assert new["helpless"]["normal"] == 2
    assert steps[0]["left_out"] == 1
    st["helpless"]["normal"] = 2
    refused(board.add_helpless, st, 1, match="the colony has no empty survivor space")


def test_unruly_and_calming():
    st, _, _ = table(ruleset="long_night")
    with_turn(st, "s1")
    st, _ = board.add_helpless(st, 1, unruly=True)
    assert st["helpless"] == {"normal": 0, "unruly": 1}
    refused(board.calm_unruly, st, "s2", match="only the active player")
    new, steps = board.calm_unruly(st, "s1")
    assert new["helpless"] == {"normal": 1, "unruly": 0}
    assert new["waste"] == 1
    refused(board.calm_unruly, new, "s1", match="no unruly helpless")
    st["seats"][0]["exiled"] = True
    new, steps = board.calm_unruly(st, "s1")
    assert new["waste"] == 0 and steps[0]["wasted"] is False


def test_unruly_needs_long_night():
    st, _, _ = table()
    refused(board.add_helpless, st, 1, unruly=True, match="Long Night")


def test_kill_helpless_by_card():
    st, _, _ = table(ruleset="long_night")
    st["helpless"] = {"normal": 1, "unruly": 1}
    new, steps = board.kill_helpless_by_card(st)
    assert kinds(steps) == ["helpless_died", "morale_changed"]
    assert new["helpless"] == {"normal": 0, "unruly": 1}
    assert new["morale"] == 5
    new, _ = board.kill_helpless_by_card(st, unruly=True)
    assert new["helpless"] == {"normal": 1, "unruly": 0}
    st["helpless"] = {"normal": 0, "unruly": 0}
    refused(board.kill_helpless_by_card, st, match="no helpless survivor")


# --- wounds ---


def test_wound_and_heal():
    st, ana, _ = table(ruleset="long_night")
    st, _ = board.wound_survivor(st, ana[0], "despair")
    st, _ = board.wound_survivor(st, ana[0], "frostbite")
    new, steps = board.heal_survivor(st, ana[0], "frostbite")
    assert (by_id(new, ana[0])["frostbite"], by_id(new, ana[0])["despair"]) == (0, 1)
    assert kinds(steps) == ["wound_healed"]
    refused(board.heal_survivor, st, ana[0], "despair", match="despair cannot be removed")
    refused(board.heal_survivor, st, ana[0], "wound", match="has no wound token")
    refused(board.heal_survivor, st, ana[0], "scratch", match="one of wound, frostbite")
    refused(board.wound_survivor, st, ana[0], "scratch", match="a wound is one of")
    refused(board.wound_survivor, st, "ghost", match="unknown survivor")
    new, _ = board.remove_despair(st, ana[0])
    assert by_id(new, ana[0])["despair"] == 0
    refused(board.remove_despair, new, ana[0], match="no despair token")


def test_third_wound_kills():
    st, ana, _ = table()
    st["survivors"][0]["wounds"] = 2
    new, steps = board.wound_survivor(st, ana[0])
    assert "survivor_died" in kinds(steps)
    assert new["morale"] == 5


# --- survivors ---

CARD = {"id": "new-1", "name": "Newcomer", "influence": 44, "attack": 3, "search": 4}
OTHER = {"id": "new-2", "name": "Second Newcomer", "influence": 12}


def known_table(seats=3, **kw):
    """table() with the newcomers (and the survivors in play) in the card catalogue."""
    st, ana, bruno = table(seats, **kw)
    in_play = [{k: s[k] for k in ("id", "name", "influence")} for s in st["survivors"]]
    with_cards(st, survivors=[CARD, OTHER, *in_play])
    st["decks"]["survivors"] = ["new-2", "new-1"]
    return st, ana, bruno


def test_add_survivor_to_colony():
    st, _, _ = known_table()
    new, steps = board.add_survivor(st, "s1", "new-1")
    added = by_id(new, "new-1")
    assert (added["location"], added["owner"], added["leader"]) == ("colony", "s1", False)
    assert (added["name"], added["influence"], added["attack"], added["search"]) == (
        "Newcomer",
        44,
        3,
        4,
    )
    assert kinds(steps) == ["survivor_added"]
    # The card leaves the survivor deck; the caller's state keeps it.
    assert new["decks"]["survivors"] == ["new-2"]
    assert st["decks"]["survivors"] == ["new-2", "new-1"]


def test_add_survivor_not_in_the_deck_joins_all_the_same():
    st, _, _ = known_table()
    st["decks"]["survivors"] = ["new-2"]
    new, _ = board.add_survivor(st, "s1", "new-1")
    assert by_id(new, "new-1")["owner"] == "s1" and new["decks"]["survivors"] == ["new-2"]


def test_add_survivor_after_last_lost_becomes_leader():
    st, _, bruno = known_table()
    st, _ = board.kill_survivor_by_card(st, bruno[0])
    assert st["seats"][1]["needs_survivor"] is True
    new, steps = board.add_survivor(st, "s2", "new-1")
    assert by_id(new, "new-1")["leader"] is True
    assert new["seats"][1]["needs_survivor"] is False
    assert kinds(steps) == ["survivor_added", "leader_promoted"]


def test_seat_without_survivors_gets_a_leader():
    st, _, _ = known_table()
    new, _ = board.add_survivor(st, "s3", "new-1")
    assert by_id(new, "new-1")["leader"] is True


def test_exiled_new_survivor_goes_to_a_location():
    st, _, _ = known_table()
    st["seats"][1]["exiled"] = True
    refused(board.add_survivor, st, "s2", "new-1", match="Bruno is exiled")
    refused(board.add_survivor, st, "s2", "new-1", "colony", match="not the colony")
    new, _ = board.add_survivor(st, "s2", "new-1", "school")
    assert by_id(new, "new-1")["location"] == "school"


def test_add_survivor_refusals():
    st, ana, bruno = known_table()
    refused(board.add_survivor, st, "s1", ana[0], match="Survivor 30 is already in play")
    refused(board.add_survivor, st, "s1", "x", match="unknown survivor card 'x'")
    refused(board.add_survivor, st, "s1", "new-1", "school", match="joins at the colony")
    refused(board.add_survivor, st, "s9", "new-1", match="unknown seat")
    dead, _ = board.kill_survivor_by_card(st, bruno[0])
    refused(board.add_survivor, dead, "s2", bruno[0], match="Survivor 10 is dead and cannot join")
    st["colony"]["survivor_spaces"] = 2
    refused(board.add_survivor, st, "s1", "new-1", match="the colony has no empty survivor space")
    # A card without an influence never reaches the catalogue.
    with pytest.raises(RuleError, match="influence must be a whole number"):
        with_cards(make_state(2), survivors=[{"id": "x", "name": "X"}])


def test_set_group_leader():
    st, ana, _ = table()
    new, steps = board.set_group_leader(st, "s1", ana[1])
    assert (by_id(new, ana[0])["leader"], by_id(new, ana[1])["leader"]) == (False, True)
    assert kinds(steps) == ["leader_promoted"]
    refused(board.set_group_leader, st, "s2", ana[1], match="not in Bruno's group")
    refused(board.set_group_leader, st, "s1", ana[0], match="already leads")


def test_kill_and_remove_by_card():
    st, ana, _ = table()
    new, steps = board.kill_survivor_by_card(st, ana[0])
    assert new["morale"] == 5
    assert by_id(new, ana[1])["leader"] is True
    new, steps = board.remove_survivor_by_card(st, ana[0])
    assert new["morale"] == 6
    assert kinds(steps) == ["survivor_removed", "leader_promoted"]
    refused(board.kill_survivor_by_card, st, "ghost", match="unknown survivor")
    refused(board.remove_survivor_by_card, st, "ghost", match="unknown survivor")


# --- corrections ---


def test_set_counter():
    st, _, _ = table()
    new, steps = board.set_counter(st, "food", 9)
    assert new["food"] == 9
    assert render_steps(steps) == ["Table correction: food set from 0 to 9."]
    new, _ = board.set_counter(st, "starvation", 2)
    assert new["starvation"] == 2
    refused(board.set_counter, st, "zombies", 1, match="a counter is one of")
    refused(board.set_counter, st, "morale", -1, match="at least 0")
    refused(board.set_counter, st, "morale", 2.5, match="whole number")


@pytest.mark.parametrize("name", ["morale", "round_track"])
def test_correction_to_zero_ends_the_game(name):
    st, _, _ = table()
    new, steps = board.set_counter(st, name, 0)
    assert new["ended"] == {"reason": name, "winners": None}
    assert kinds(steps) == ["counter_set", "game_ended"]


def test_set_capacity():
    st, _, _ = table()
    new, steps = board.set_capacity(st, "police", survivor_spaces=5, entrance_spaces=4)
    assert loc(new, "police")["survivor_spaces"] == 5
    assert loc(new, "police")["entrance"]["spaces"] == 4
    assert kinds(steps) == ["capacity_set", "capacity_set"]
    new, _ = board.set_capacity(st, "colony", entrance_spaces=4)
    assert [e["spaces"] for e in new["colony"]["entrances"]] == [4] * 6
    new, _ = board.set_capacity(st, "colony", entrance_spaces=2, entrance=5)
    assert [e["spaces"] for e in new["colony"]["entrances"]] == [3, 3, 3, 3, 2, 3]


def test_set_capacity_refuses_below_what_stands_there():
    st, _, _ = table()
    colony_entrance(st, 3).update(zombies=2, barricades=1)
    refused(board.set_capacity, st, "colony", entrance_spaces=2, match="entrance 3 of the colony")
    refused(board.set_capacity, st, "colony", survivor_spaces=1, match="holds 2 survivor")
    refused(board.set_capacity, st, "police", match="give survivor spaces")
    refused(board.set_capacity, st, "police", 0, match="at least 1")
    refused(board.set_capacity, st, "mall", 3, match="unknown location")


def test_finished_game_refuses_actions():
    st, _, _ = table()
    st, _ = board.set_counter(st, "morale", 0)
    refused(board.add_food, st, 1, match="the game has ended")


# --- properties ---

ACTIONS = st_.lists(
    st_.tuples(
        st_.sampled_from(
            ["barricade", "unbarricade", "trap", "untrap", "zombies", "kill", "attract"]
        ),
        st_.sampled_from(["colony", "police", "gas"]),
        st_.integers(1, 6),
        st_.integers(1, 4),
    ),
    max_size=40,
)


def apply(st, action, place, number, count):
    """One random board action; the colony needs an entrance number, a location does not."""
    ent = number if place == "colony" else None
    if action == "barricade":
        return board.add_barricade(st, place, ent)
    if action == "unbarricade":
        return board.remove_barricade(st, place, ent)
    if action == "trap":
        return board.add_trap(st, place, ent)
    if action == "untrap":
        return board.remove_trap(st, place, ent)
    if action == "zombies":
        return board.add_zombies_by_hand(st, place, count)
    if action == "kill":
        return board.kill_zombies(st, place, count, ent)
    return board.attract_zombies(st, "school", place, min(count, 2), to_entrance=ent)


def must_succeed(st, action, place, number, count):
    """Whether the rules allow this board action here and now (an oracle for the property)."""
    ent = colony_entrance(st, number) if place == "colony" else loc(st, place)["entrance"]
    if action in ("barricade", "trap"):
        return free_spaces(ent) > 0
    if action == "unbarricade":
        return ent["barricades"] > 0
    if action == "untrap":
        return ent["traps"] > 0
    if action == "zombies":
        return True
    if action == "kill":
        return ent["zombies"] >= count
    moved = min(count, 2)  # attract from the school's entrance into this entrance
    return loc(st, "school")["entrance"]["zombies"] >= moved and free_spaces(ent) >= moved


@given(ACTIONS)
def test_tokens_never_overfill_an_entrance(actions):
    """Random barricade / trap / zombie actions never leave an entrance with negative room.

    Each action is legal exactly when the oracle says so: a legal one must succeed and an
    illegal one must be refused, so refusals cannot hide a broken action.
    """
    st = make_state(2, ruleset="long_night")
    put_survivors(st, [10, 20, 30, 40])
    put_survivors(st, [15], owner="s2", place="gas")
    loc(st, "school")["entrance"]["zombies"] = 4
    st["morale"] = 999
    for action in actions:
        if must_succeed(st, *action):
            st, steps = apply(st, *action)
            assert steps
        else:
            with pytest.raises(RuleError):
                apply(st, *action)
        if st["ended"]:
            break
        ents = list(st["colony"]["entrances"]) + [x["entrance"] for x in st["locations"]]
        for e in ents:
            assert free_spaces(e) >= 0
            assert min(e["zombies"], e["barricades"], e["traps"]) >= 0


def test_the_board_oracle_sees_legal_and_illegal_actions():
    """The property above exercises both branches: these fixed actions go each way."""
    st = make_state(2, ruleset="long_night")
    loc(st, "school")["entrance"]["zombies"] = 4
    assert must_succeed(st, "barricade", "gas", 1, 1)
    assert not must_succeed(st, "unbarricade", "gas", 1, 1)
    assert must_succeed(st, "attract", "police", 1, 4)
    assert not must_succeed(st, "kill", "police", 1, 1)
    st, _ = apply(st, "barricade", "gas", 1, 1)
    st, _ = apply(st, "trap", "gas", 1, 1)
    assert not must_succeed(st, "barricade", "gas", 1, 1)
    assert not must_succeed(st, "attract", "gas", 1, 1)


@pytest.mark.parametrize(
    "tokens,listed",
    [((1, 0), [False]), ((0, 1), [True]), ((2, 1), [False, True]), ((0, 0), None)],
)
def test_a_card_killing_a_helpless_survivor_lists_the_kinds_the_colony_has(tokens, listed):
    """The kind of token is listed only while the colony holds one: a listed kind is taken,
    the other refused (not offered, then refused: the legal list and apply disagreed)."""
    st, _, _ = table(ruleset="long_night")
    st["helpless"] = dict(zip(("normal", "unruly"), tokens, strict=True))
    st["settings"]["listed_only"] = True
    offered = legal_actions(st)["table"].get("kill_helpless_by_card")
    assert (offered and offered["unruly"]) == listed
    action = {"type": "kill_helpless_by_card", "by": "table"}
    for unruly in (False, True):
        if listed and unruly in listed:
            new, _ = engine.apply(st, {**action, "unruly": unruly})
            assert new["morale"] == st["morale"] - 1
        else:
            with pytest.raises(engine.RuleError, match=r"no .*helpless survivor in the colony"):
                engine.apply(st, {**action, "unruly": unruly})
    if listed:
        new, _ = engine.apply(st, action)  # left out: a normal one first (the ruling)
        assert new["helpless"]["normal"] == max(tokens[0] - 1, 0)
