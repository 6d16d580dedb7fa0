"""The Bandits module (Long Night 000:721-761) and Bandit Blitz B1-B3 (000:938-1002)."""

from __future__ import annotations

import pytest

import companion.engine as engine
from companion.engine.colony.crisis import reveal_crisis
from companion.engine.colony.steps import add_colony_phase_zombies
from companion.engine.core.errors import RuleError, render_error
from companion.engine.legal import legal_for_seat, legal_for_table
from companion.engine.modules.bandits import rules as bandits
from companion.engine.scenarios import special_exile
from companion.engine.sentences import render_step
from companion.engine.setup.new_game import new_game
from companion.engine.views import seat_view, table_view
from tests.factory import (
    FUEL_SHORTAGE,
    Scripted,
    make_setup,
    make_state,
    objective_cards,
    put_survivors,
    with_cards,
)

HIDEOUT = {
    "id": bandits.HIDEOUT_ID,
    "name": "Bandits' Hideout",
    "number": 8,
    "entrance_spaces": 3,
    "survivor_spaces": 3,
}
CARD = {**FUEL_SHORTAGE, "id": "test.bandit-crisis", "bandits": [1, 4]}
NORMAL = {"id": "t.normal", "name": "Normal", "kind": "normal", "goal": "-"}
TRAITOR = {"id": "t.traitor", "name": "Traitor", "kind": "betrayal", "goal": "-"}


def bandit_state(players: int = 3, **settings) -> dict:
    """A game with the Bandits module, the test locations and a crisis card with placements."""
    st = make_state(players, modules=["bandits"], **settings)
    st["locations"].append(engine.core.state.new_location(HIDEOUT))
    with_cards(st, crises=[CARD], objectives=[NORMAL, TRAITOR])
    for sid in ("s1", "s2", "s3")[:players]:
        st["secrets"][sid]["objective"] = "t.normal"
    return st


def loc(st: dict, loc_id: str) -> dict:
    return next(x for x in st["locations"] if x["id"] == loc_id)


def kinds(steps: list[dict]) -> list[str]:
    return [s["kind"] for s in steps]


# --- placing bandits (000:735-737) ------------------------------------------------------------


def test_bandits_go_only_where_a_survivor_space_is_free():
    # 000:735: "if there are no available survivor spaces, do not place that bandit."
    st = bandit_state()
    put_survivors(st, [10, 20, 30], place="police")  # the Police Station (1) is full
    new, steps = reveal_crisis(st, "test.bandit-crisis")
    assert loc(new, "police")["bandits"] == 0
    assert loc(new, "library")["bandits"] == 1
    assert kinds(steps)[1:] == ["bandit_not_placed", "bandit_placed"]
    assert "every survivor space there is taken" in render_step(steps[1], new)


def test_a_typed_crisis_takes_its_card_s_bandit_numbers():
    # 000:140: the bandit placement is location numbers printed on the crisis card.
    st = bandit_state()
    new, steps = reveal_crisis(st, name="Typed", prevent=["food"], bandits=[5, 5, 9])
    assert loc(new, "hospital")["bandits"] == 2
    assert kinds(steps)[1:] == ["bandit_placed", "bandit_placed", "bandit_not_placed"]
    with pytest.raises(RuleError, match="location numbers 1 to 12"):
        reveal_crisis(st, name="Typed", prevent=["food"], bandits=[0])
    with pytest.raises(RuleError, match="only with a typed-in crisis"):
        reveal_crisis(st, "test.bandit-crisis", bandits=[1])


BASE_CARD = {**FUEL_SHORTAGE, "id": "test.no-placement", "bandits": []}
"""A crisis card from the original Dead of Winter: no bandit placement on it (000:737)."""


def test_a_card_without_placement_places_2_bandits_at_random_locations():
    # 000:737: "you may place 2 bandits at random locations when a crisis card without them
    # is revealed."
    st = with_cards(bandit_state(), crises=[BASE_CARD])
    new, steps = reveal_crisis(st, "test.no-placement", Scripted([5, 6]))
    assert kinds(steps)[1:] == ["bandits_rolled", "bandit_placed", "bandit_placed"]
    assert loc(new, "hospital")["bandits"] == 1 and loc(new, "gas")["bandits"] == 1


def test_the_table_may_play_a_round_without_bandits_000_737():
    # 000:737: "You may also not place bandits during that round for easier play." (001:2090
    # "Também é possível não colocar nenhum bandido nessa rodada para a partida ficar mais
    # fácil.")
    st = with_cards(bandit_state(), crises=[BASE_CARD])
    assert legal_for_table(st)["reveal_crisis"]["without_bandits"] == [False, True]
    action = {"type": "reveal_crisis", "by": "table", "crisis": "test.no-placement"}
    new, steps = engine.apply(st, {**action, "without_bandits": True})  # no die is rolled
    assert all(x["bandits"] == 0 for x in new["locations"])
    assert kinds(steps) == ["crisis_revealed", "bandits_skipped"]
    assert render_step(steps[1], new) == (
        "This crisis card has no bandit placement and the table plays this round without "
        "bandits: none are placed (000:737)."
    )
    assert render_step(steps[1], new, "pt_BR") == (
        "Esta carta de crise não tem colocação de bandidos e a mesa joga esta rodada sem "
        "bandidos: nenhum é colocado (000:737)."
    )
    _, steps = reveal_crisis(st, name="Typed", prevent=["food"], without_bandits=True)
    assert kinds(steps)[1:] == ["bandits_skipped"]
    led, steps = reveal_crisis(exiled(st), "test.no-placement", without_bandits=True)
    assert led["pending"] is None and kinds(steps)[1:] == ["bandits_skipped"]


def test_a_card_with_its_placement_places_its_bandits_all_the_same():
    # 000:737: the note is for "a crisis card without them"; a card's own placement stands.
    new, steps = reveal_crisis(bandit_state(), "test.bandit-crisis", without_bandits=True)
    assert loc(new, "police")["bandits"] == 1 and loc(new, "library")["bandits"] == 1
    assert kinds(steps)[1:] == ["bandits_by_the_card", "bandit_placed", "bandit_placed"]
    en, pt = render_step(steps[1], new), render_step(steps[1], new, "pt_BR")
    assert "its 2 bandits are placed all the same" in en
    assert "seus 2 bandidos são colocados mesmo assim" in pt


def test_without_the_module_there_is_no_round_without_bandits():
    st = with_cards(make_state(3), crises=[BASE_CARD])
    assert "without_bandits" not in legal_for_table(st)["reveal_crisis"]
    with pytest.raises(RuleError, match="without the Bandits module") as err:
        reveal_crisis(st, "test.no-placement", without_bandits=True)
    assert render_error(err.value, "pt_BR") == "esta partida é jogada sem o modo dos Bandidos"


def test_the_companion_s_own_crises_carry_bandit_placements():
    # 000:140: every crisis card of the Long Night names its bandit placement; ours do too.
    import tomllib
    from pathlib import Path

    text = (Path(__file__).parent.parent / "cards/companion/crises.toml").read_text()
    cards = tomllib.loads(text)["card"]
    assert cards and all(1 <= len(c["bandits"]) <= 3 for c in cards)
    assert all(1 <= n <= 6 for c in cards for n in c["bandits"])


# --- the bandit leader (000:759) --------------------------------------------------------------


def exiled(st: dict, seat_id: str = "s3", objective: str = "t.normal") -> dict:
    st["seats"][int(seat_id[1:]) - 1]["exiled"] = True
    st["secrets"][seat_id]["objective"] = objective
    return st


def test_an_exiled_non_betrayer_leads_the_bandits_from_their_phone():
    # 000:759: "the exiled player decides where to place those bandits."
    st = exiled(bandit_state())
    new, steps = reveal_crisis(st, "test.bandit-crisis")
    assert new["pending"] == {"kind": "bandit_placement", "seat": "s3", "count": 2}
    assert all(x["bandits"] == 0 for x in new["locations"])
    assert kinds(steps)[-1] == "bandit_leader_decides"
    # the table waits; only the leader's phone has the choice
    assert legal_for_table(new) == {}
    assert legal_for_seat(new, "s1") == {}
    choices = legal_for_seat(new, "s3")["lead_bandits"]
    assert choices["count"] == 2 and "gas" in choices["room"]
    assert table_view(new)["waiting"]["kind"] == "bandit_leader"
    placed, steps = engine.apply(
        new, {"type": "lead_bandits", "by": "s3", "locations": ["gas", "gas"]}
    )
    assert loc(placed, "gas")["bandits"] == 2 and placed["pending"] is None
    assert kinds(steps) == ["bandits_led", "bandit_placed", "bandit_placed"]


def test_only_the_leader_places_and_only_where_there_is_room():
    new, _ = reveal_crisis(exiled(bandit_state()), "test.bandit-crisis")
    with pytest.raises(RuleError, match="only their own phone"):
        engine.apply(new, {"type": "lead_bandits", "by": "table", "seat_id": "s3", "locations": []})
    with pytest.raises(RuleError, match="does not lead the bandits"):
        engine.apply(new, {"type": "lead_bandits", "by": "s1", "locations": ["gas", "gas"]})
    with pytest.raises(RuleError, match="exactly 2"):
        engine.apply(new, {"type": "lead_bandits", "by": "s3", "locations": ["gas"]})
    crowded = {**new, "survivors": []}
    put_survivors(crowded, [10], place="gas")  # the Gas Station's 2 spaces: 1 survivor + 1 bandit
    with pytest.raises(RuleError, match="no survivor space is free at Gas Station"):
        engine.apply(crowded, {"type": "lead_bandits", "by": "s3", "locations": ["gas", "gas"]})
    with pytest.raises(RuleError, match="never placed in the colony"):
        engine.apply(new, {"type": "lead_bandits", "by": "s3", "locations": ["colony", "gas"]})
    with pytest.raises(RuleError, match="waiting for a decision"):
        engine.apply(new, {"type": "start_turn", "by": "table"})


def test_an_exiled_betrayer_does_not_lead_the_bandits():
    # 000:759: only "an exiled player who was not the betrayer" leads them.
    st = exiled(bandit_state(), objective="t.traitor")
    new, steps = reveal_crisis(st, "test.bandit-crisis")
    assert new["pending"] is None and "bandit_leader_decides" not in kinds(steps)
    assert loc(new, "police")["bandits"] == 1 and loc(new, "library")["bandits"] == 1


def test_the_leader_places_a_cardless_crisis_s_two_bandits_without_a_roll():
    # 000:737 with 000:759: 2 bandits, and the leader chooses where instead of the die.
    st = exiled(bandit_state())
    with_cards(st, crises=[{**FUEL_SHORTAGE, "bandits": []}])
    new, steps = reveal_crisis(st, "test.fuel-shortage")
    assert new["pending"]["count"] == 2 and "bandits_rolled" not in kinds(steps)


def test_the_leader_places_no_more_than_there_is_room_for():
    st = exiled(bandit_state())
    for x in st["locations"]:
        x["bandits"] = x["survivor_spaces"]
    loc(st, "gas")["bandits"] = 1  # one space left on the whole board
    new, _ = reveal_crisis(st, "test.bandit-crisis")
    assert new["pending"]["count"] == 1
    loc(st, "gas")["bandits"] = 2
    new, steps = reveal_crisis(st, "test.bandit-crisis")
    assert new["pending"] is None and kinds(steps)[-1] == "bandits_no_room"


# --- attacking a bandit (000:741, 000:320-322) ------------------------------------------------


def attack_state() -> tuple[dict, str]:
    st = bandit_state()
    (sid,) = put_survivors(st, [30], place="school")
    loc(st, "school")["bandits"] = 2
    return st, sid


@pytest.mark.parametrize(("roll", "hit"), [(1, True), (4, True), (5, False), (6, False)])
def test_attacking_a_bandit_hits_on_4_or_less(roll, hit):
    # 000:741: attack a bandit as a survivor with attack value 4; 000:320: the spent die is
    # rolled, and a result equal to or less than the attack value hits.
    st, sid = attack_state()
    new, steps = bandits.attack_bandit(st, sid, roll)
    assert loc(new, "school")["bandits"] == (1 if hit else 2)
    assert kinds(steps) == ["bandit_attacked"] and steps[0]["hit"] is hit
    # 000:322: no exposure die when attacking a survivor, so none here either
    assert new["survivors"] == st["survivors"]


def test_attacking_a_bandit_rolls_the_game_s_die_when_none_is_given():
    st, sid = attack_state()
    new, steps = bandits.attack_bandit(st, sid, rng=Scripted([3]))
    assert steps[0]["roll"] == 3 and loc(new, "school")["bandits"] == 1


def test_an_attack_needs_a_bandit_at_the_survivor_s_location():
    st, sid = attack_state()
    loc(st, "school")["bandits"] = 0
    with pytest.raises(RuleError, match="no bandit to attack"):
        bandits.attack_bandit(st, sid, 2)
    st, sid = attack_state()
    with pytest.raises(RuleError, match="1 to 6"):
        bandits.attack_bandit(st, sid, 7)
    plain = make_state(3)
    put_survivors(plain, [30], place="school")
    with pytest.raises(RuleError, match="without the Bandits module"):
        bandits.attack_bandit(plain, plain["survivors"][0]["id"], 2)


def test_attack_is_offered_to_the_active_player_beside_a_bandit():
    st, sid = attack_state()
    st["turn"] = {
        "seat": "s1",
        "crossroads_drawer": None,
        "exile_vote_called": False,
        "crossroads_revealed": False,
        "moved": [],
    }
    assert legal_for_table(st)["attack_bandit"]["survivor_id"] == [sid]
    assert legal_for_seat(st, "s1")["attack_bandit"]["roll"] == [1, 2, 3, 4, 5, 6]
    assert "attack_bandit" not in legal_for_seat(st, "s2")
    new, _ = engine.apply(st, {"type": "attack_bandit", "by": "s1", "survivor_id": sid, "roll": 2})
    assert loc(new, "school")["bandits"] == 1
    with pytest.raises(RuleError, match="may not"):
        engine.apply(st, {"type": "attack_bandit", "by": "s2", "survivor_id": sid, "roll": 2})


# --- adding zombies and scavenging (000:745, 000:749) -----------------------------------------


def test_the_add_zombies_numbers_say_whose_zombies_they_are_000_745():
    """000:745: "Each bandit counts as a survivor for the purpose of adding zombies": a
    location with only bandits draws zombies for its bandits, one with both for both."""
    st = bandit_state()
    loc(st, "school")["bandits"] = 2
    put_survivors(st, [30], place="police")
    loc(st, "police")["bandits"] = 1
    due = table_view(st)["numbers"]["zombies_due"]
    assert due["school"] == {"survivors": 0, "bandits": 2, "fewer": 0}
    assert due["police"] == {"survivors": 1, "bandits": 1, "fewer": 0}
    assert table_view(st)["numbers"]["zombies_to_locations"]["school"] == 2
    st["settings"]["modules"] = []  # without the module bandits draw none
    assert table_view(st)["numbers"]["zombies_due"]["school"]["bandits"] == 0


def colony_state() -> dict:
    st = bandit_state()
    put_survivors(st, [10], place="colony")
    st["phase"] = "colony"
    st["colony_step"] = "add_zombies"
    return st


def test_bandits_scavenge_after_add_zombies_onto_the_hideout():
    # 000:749: after Add Zombies each bandit draws one card of its location's search deck
    # face up onto the Hideout; 000:726: the Hideout has no search deck.
    st = colony_state()
    loc(st, "police")["bandits"] = 2
    loc(st, "hospital")["bandits"] = 1
    loc(st, bandits.HIDEOUT_ID)["bandits"] = 1
    new, steps = add_colony_phase_zombies(st, Scripted([]))
    scavenge = [s for s in steps if s["kind"] == "bandits_scavenge"]
    assert [(s["location"], s["count"]) for s in scavenge] == [("police", 2), ("hospital", 1)]
    assert new["bandits"]["hideout_cards"] == 3
    assert kinds(steps)[-1] == "hideout_cards" and "bandits_stay_home" in kinds(steps)
    i = kinds(steps).index("bandits_scavenge")
    assert "zombies_to_add" not in kinds(steps)[i:]  # after every zombie is placed
    text = render_step(scavenge[0], new)
    assert text.startswith("Bandits scavenge: draw 2 cards from the Police Station search deck")
    pt = render_step(scavenge[0], new, "pt_BR")
    assert "Esconderijo dos Bandidos" in pt


def test_bandits_draw_zombies_and_an_overrun_drives_them_off():
    # 000:745: a bandit counts as a survivor for Add Zombies; an overrun at a location with no
    # survivors removes its bandits.
    st = colony_state()
    x = loc(st, "gas")
    x["bandits"] = 2
    x["entrance"]["zombies"] = 1  # 2 spaces: the second zombie overruns
    new, steps = add_colony_phase_zombies(st, Scripted([]))
    assert loc(new, "gas")["bandits"] == 0
    assert "bandits_removed" in kinds(steps)
    assert "bandits_scavenge" not in kinds(steps)  # gone before they could scavenge


def test_no_scavenging_without_the_rule_or_after_the_game_ended():
    st = colony_state()
    loc(st, "police")["bandits"] = 1
    st["bandits"]["rules"] = ["placing", "zombies"]
    new, steps = add_colony_phase_zombies(st, Scripted([]))
    assert new["bandits"]["hideout_cards"] == 0 and "bandits_scavenge" not in kinds(steps)
    st["bandits"]["rules"] = list(bandits.RULES)
    st["morale"] = 1
    put_survivors(st, [5], place="gas")
    loc(st, "gas")["entrance"]["zombies"] = 2  # the overrun at the Gas Station ends the game
    new, steps = add_colony_phase_zombies(st, Scripted([]))
    assert new["ended"] and "bandits_scavenge" not in kinds(steps)


def test_the_hideout_s_cards_are_taken_and_corrected():
    # 000:755: the Hideout's card says how cards leave it; the table records how many.
    st = bandit_state()
    st["bandits"]["hideout_cards"] = 3
    st["turn"] = {"seat": "s1", "crossroads_drawer": None}
    put_survivors(st, [40], owner="s1", place=bandits.HIDEOUT_ID)
    taker = st["survivors"][-1]
    new, steps = bandits.take_from_hideout(st, 2)
    assert new["bandits"]["hideout_cards"] == 1
    assert steps == [
        {"kind": "hideout_cards_taken", "survivor": taker["id"], "name": taker["name"],
         "count": 2, "cards": 1}
    ]  # fmt: skip
    with pytest.raises(RuleError, match="holds 3 card"):
        bandits.take_from_hideout(st, 4)
    new, _ = bandits.set_hideout_cards(st, 7)
    assert new["bandits"]["hideout_cards"] == 7
    new, _ = bandits.set_bandits(st, "gas", 2)
    assert loc(new, "gas")["bandits"] == 2
    with pytest.raises(RuleError, match="room for 2 bandit"):
        bandits.set_bandits(st, "gas", 3)


def test_an_old_save_without_the_bandit_record_still_plays():
    st = bandit_state()
    del st["bandits"]
    assert bandits.rule_on(st, "leader")
    new, _ = bandits.set_hideout_cards(st, 2)
    assert new["bandits"] == {"hideout_cards": 2, "rules": list(bandits.RULES)}


BANDIT_BETRAYAL_ID = "long_night.bandit-betrayal"  # cards/long_night/objectives.toml


# --- Bandit Blitz (000:938-1002) --------------------------------------------------------------


def test_bandit_blitz_deals_the_bandit_betrayal_objective():
    # 000:943: the Bandit Betrayal objective replaces the random betrayal objective (the
    # scenario framework deals it: scenarios.betrayal_for).
    blitz = {
        "ruleset": "long_night",
        "settings": {"modules": ["bandits"]},
        "scenario": {"name": "bandit_blitz", "chapter": 1},
    }
    betrayal = {
        "id": BANDIT_BETRAYAL_ID,
        "name": "Bandit Betrayal",
        "kind": "bandit_betrayal",
        "module": "bandits",
        "goal": "-",
    }
    setup = make_setup(3, objectives=[*objective_cards(), betrayal], **blitz)

    class Reversing(Scripted):
        def shuffle(self, x):
            x.reverse()  # the set-aside cards end with the betrayal card: it is dealt first

    st, _ = new_game(setup, Reversing([]))
    dealt = [st["secrets"][s]["objective"] for s in ("s1", "s2", "s3")]
    assert dealt[0] == BANDIT_BETRAYAL_ID
    assert not any(d.startswith("t.betrayal") for d in dealt)
    assert st["settings"]["modules"] == ["bandits"]


def test_b1_brings_in_placing_zombies_and_scavenging_only():
    # 000:954: "Read and apply the Reveal Crisis, Bandits Scavenge, and Adding Zombies rules
    # ... Other Bandit module rules do not yet apply." A player exiled in B1 leads nobody.
    st = exiled(bandit_state())
    steps: list[dict] = []
    bandits.setup_chapter(st, steps, "B1")
    assert st["bandits"]["rules"] == ["placing", "zombies", "scavenge"]
    assert kinds(steps) == ["bandit_rules"]
    new, _ = reveal_crisis(st, "test.bandit-crisis")
    assert new["pending"] is None and loc(new, "police")["bandits"] == 1
    (sid,) = put_survivors(st, [30], place="police")
    loc(st, "police")["bandits"] = 1
    with pytest.raises(RuleError, match="has not brought in that bandit rule"):
        bandits.attack_bandit(st, sid, 1)
    st["bandits"]["hideout_cards"] = 1
    with pytest.raises(RuleError, match="has not brought in"):
        bandits.take_from_hideout(st, 1)


def test_b2_begins_with_the_ambush():
    # 000:960-972: all food leaves the supply, the survivor with the highest influence dies
    # (morale as usual); attacking bandits and the Hideout come in, the leader not yet.
    st = bandit_state()
    st["food"] = 4
    put_survivors(st, [30, 60], owner="s1")
    put_survivors(st, [50, 20], owner="s2")
    steps: list[dict] = []
    bandits.setup_chapter(st, steps, "B2")
    assert st["food"] == 0
    assert st["graveyard"][0]["name"] == "Survivor 60"
    assert st["morale"] == 5
    assert {"attack", "hideout"} <= set(st["bandits"]["rules"])
    assert "leader" not in st["bandits"]["rules"]
    assert kinds(steps)[:3] == ["bandit_rules", "blitz_food_lost", "survivor_died"]
    assert "ambush" in render_step(steps[2], st)


def test_b3_brings_the_hideout_s_survivors_home_but_not_the_exiled():
    # 000:992: after the special exile phase, survivors at the Hideout of non-exiled players go
    # back to the colony: when that phase ends (special_exile.py), not when B2 is completed.
    st = exiled(bandit_state())
    (mine,) = put_survivors(st, [30], owner="s1", place=bandits.HIDEOUT_ID)
    (theirs,) = put_survivors(st, [40], owner="s3", place=bandits.HIDEOUT_ID)
    steps: list[dict] = []
    bandits.setup_chapter(st, steps, "B3")
    assert all(s["location"] == bandits.HIDEOUT_ID for s in st["survivors"])
    assert st["bandits"]["rules"] == list(bandits.RULES)
    special_exile.non_exiled_come_home_from_hideout(st, steps)
    where = {s["id"]: s["location"] for s in st["survivors"]}
    assert where == {mine: "colony", theirs: bandits.HIDEOUT_ID}
    assert {"scenario_sent_home", "scenario_exiled_stays"} <= set(kinds(steps))
    with pytest.raises(RuleError, match="unknown Bandit Blitz chapter"):
        bandits.setup_chapter(st, [], "B4")
    with pytest.raises(RuleError, match="unknown Bandit Blitz chapter"):
        bandits.setup_chapter(st, [], 1)


def test_a_player_exiled_during_b2_does_not_lead_the_bandits():
    """000:982-988: once B2 has been completed, "If a non-betrayer is exiled ... The exiled
    player becomes leader of the bandits": the rule starts there, not during B1 or B2."""
    st = bandit_state()
    bandits.setup_chapter(st, [], "B2")
    exiled(st, "s3")  # exiled during B2
    assert not bandits.bandit_leader_rule_active(st)
    new, steps = reveal_crisis(st, "test.bandit-crisis")
    assert new["pending"] is None and "bandit_leader_decides" not in kinds(steps)
    bandits.setup_chapter(st, [], "B3")  # B2 completed: the rule comes in
    assert bandits.bandit_leader_rule_active(st)
    assert st["bandits"]["exiled_before_leader"] == ["s3"]
    assert bandits.bandit_leader(st) is None
    new, _ = reveal_crisis(st, "test.bandit-crisis")
    assert new["pending"] is None and loc(new, "police")["bandits"] == 1


def test_a_player_exiled_after_b2_s_completion_leads_the_bandits():
    """000:988: a non-betrayer exiled in the special exile phase after B2 "becomes leader of
    the bandits" and reads Becoming Leader of the Bandits (000:759)."""
    st = bandit_state()
    bandits.setup_chapter(st, [], "B2")
    bandits.setup_chapter(st, [], "B3")  # B2 completed; then the special exile phase
    exiled(st, "s3")
    assert bandits.bandit_leader(st) == "s3"
    new, _ = reveal_crisis(st, "test.bandit-crisis")
    assert new["pending"] == {"kind": "bandit_placement", "seat": "s3", "count": 2}


def test_the_hideout_has_no_search_deck():
    """000:726: "The Bandits' Hideout does not have a search deck." Neither the table nor a
    phone is offered a search there; one asked for is refused by the rule, and makes no noise."""
    st = bandit_state()
    st["turn"] = {
        "seat": "s1",
        "crossroads_drawer": None,
        "exile_vote_called": False,
        "crossroads_revealed": False,
        "moved": [],
    }
    (sid,) = put_survivors(st, [30], owner="s1", place=bandits.HIDEOUT_ID)
    (other,) = put_survivors(st, [40], owner="s1", place="police")
    for offered in (legal_for_table(st), legal_for_seat(st, "s1")):
        assert set(offered["search_location"]["survivor_id"]) == {other}
    for by in ("table", "s1"):
        with pytest.raises(RuleError, match=r"Hideout has no search deck.*\(000:726\)") as err:
            engine.apply(st, {"type": "search_location", "by": by, "survivor_id": sid, "noise": 2})
        pt = render_error(err.value, "pt_BR")
        assert pt == (
            "o Esconderijo dos Bandidos não tem baralho de itens: ninguém explora lá (000:726)"
        )
    assert loc(st, bandits.HIDEOUT_ID)["noise"] == 0
    searched, _ = engine.apply(st, {"type": "search_location", "by": "s1", "survivor_id": other})
    assert searched["turn"]["seat"] == "s1"


# --- every new sentence, in both languages -----------------------------------------------------


def test_every_bandit_step_reads_in_english_and_portuguese():
    st = bandit_state()
    st["food"] = 2
    put_survivors(st, [30], owner="s1", place=bandits.HIDEOUT_ID)
    put_survivors(st, [31], owner="s2")
    steps: list[dict] = []
    for chapter in ("B1", "B2", "B3"):
        bandits.setup_chapter(st, steps, chapter)
    exiled(st)  # in the special exile phase after B2's completion (000:988)
    special_exile.non_exiled_come_home_from_hideout(st, steps)
    pending, more = reveal_crisis(st, "test.bandit-crisis")
    steps += more
    _, more = bandits.lead_bandits(pending, "s3", ["gas", "gas"])
    steps += more
    seen = {s["kind"] for s in steps}
    assert {"bandit_rules", "blitz_food_lost", "scenario_sent_home"} <= seen
    assert {"bandit_leader_decides", "bandits_led"} <= seen
    for s in steps:
        en, pt = render_step(s, st), render_step(s, st, "pt_BR")
        assert en and pt
    samples = [
        {"kind": "bandits_no_room", "count": 2},
        {"kind": "bandits_stay_home", "count": 1},
        {"kind": "hideout_cards", "added": 1, "cards": 4},
        {"kind": "hideout_cards_taken", "count": 1, "cards": 3},
        {"kind": "hideout_cards_set", "cards": 3},
        {"kind": "bandits_set", "location": "gas", "location_name": "Gas Station", "bandits": 1},
    ]
    for s in samples:
        assert render_step(s, st) != render_step(s, st, "pt_BR")


def test_the_leader_s_choices_reach_only_the_leader_s_phone():
    new, _ = reveal_crisis(exiled(bandit_state()), "test.bandit-crisis")
    assert "lead_bandits" in seat_view(new, "s3")["legal"]["s3"]
    assert "lead_bandits" not in str(seat_view(new, "s2")["legal"])
    assert "lead_bandits" not in str(table_view(new)["legal"])
