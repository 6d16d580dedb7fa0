"""Every card effect on tracked state applied by the engine, and every choice a card leaves to a
player asked of that player (board/card_choices.py), checked card by card from cards.db."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from factory import Scripted, make_state, put_survivors, with_cards
from hypothesis import given, settings
from hypothesis import strategies as st_

import companion.engine as engine
from companion.cards.load import load_cards
from companion.engine.core import decisions
from companion.engine.core.errors import RuleError
from companion.engine.core.state import COLONY
from companion.engine.legal import legal_actions
from companion.engine.modules.improvements.rules import place_improvement
from companion.engine.sentences import render_step
from companion.engine.views import seat_view, table_view

ROOT = Path(__file__).resolve().parent.parent
CARDS = load_cards(ROOT / "cards.db")
CROSSROADS = {c["id"]: c for c in CARDS["crossroads"]}
CRISES = {c["id"]: c for c in CARDS["crises"]}
SOURCES = sorted((ROOT / "cards").glob("*/*.toml"))

TRACKED_WORDS = (
    "wound",
    "frostbite",
    "despair",
    "zombie",
    "barricade",
    "bandit",
    "hideout",
    "advancement",
    "crisis",
    "morale",
    "helpless",
    "noise",
    "food token",
)
"""Words of a manual step that would name something the companion tracks."""
PHYSICAL = {
    # (card, option): why its manual step is physical though it names a tracked word
    ("companion.counting-the-pile", 1): "the active player's words to the table",
    ("companion.red-taped-arrows", 1): "the card picked from the Hideout's pile is in a hand",
}


def manual_steps():
    """(card id, option or field, text) of every manual effect in the card sources."""
    out = []
    for path in SOURCES:
        for card in tomllib.loads(path.read_text()).get("card", []):
            lists = [(n, o.get("effects", [])) for n, o in enumerate(card.get("option", []), 1)]
            lists += [(key, card.get(key, [])) for key in ("fail_effects", "bonus_effects")]
            for where, effects in lists:
                out += [(card["id"], where, e["text"]) for e in effects if e["kind"] == "manual"]
    return out


def test_no_manual_step_names_a_tracked_change():
    """A manual step names only cards in hand, item decks and action dice (docs/engine.md)."""
    steps = manual_steps()
    assert len(steps) == 45
    for card, where, text in steps:
        if (card, where) in PHYSICAL:
            continue
        named = [w for w in TRACKED_WORDS if w in text.lower()]
        assert not named, (card, where, text, named)


# --- the table's front door: a crisis and a crossroads card asking where ---


def act(st, by, **args):
    """One action through engine.apply, naming the open question it answers."""
    key = decisions.question_key(args["type"], {"seat_id": args.get("seat_id", by)})
    action = {"by": by, "seed": 1, "decision": decisions.open_id(st, key), **args}
    return engine.apply(st, action)


def crisis_failing(card_id, seats=3):
    """A state whose crisis (from cards.db) is revealed and will fail, with decision ids."""
    st = with_cards(make_state(seats), crises=[CRISES[card_id]])
    for sid in ("s1", "s2", "s3")[:seats]:
        put_survivors(st, [40], owner=sid)
    st, _ = engine.reveal_crisis(st, card_id)
    return decisions.refreshed(st)


def test_sprung_hinges_asks_the_first_player_which_entrance_loses_each_barricade():
    st = crisis_failing("companion.sprung-hinges")
    ents = st["colony"]["entrances"]
    ents[0]["barricades"], ents[2]["barricades"], ents[4]["barricades"] = 2, 1, 1
    st, steps = engine.apply(st, {"type": "resolve_crisis", "by": "table", "seed": 3})
    st = decisions.refreshed(st)
    asked = st["pending"]
    assert asked["kind"] == "card_choice" and asked["ask"] == "barricade_remove"
    assert asked["seat"] == st["first_player"] == "s1"
    assert asked["options"] == ["1", "3", "5"] and asked["left"] == 2
    # Nothing has come off yet, and the zombies of the card wait for the answers.
    assert [e["barricades"] for e in ents] == [2, 0, 1, 0, 1, 0]
    assert sum(e["zombies"] for e in st["colony"]["entrances"]) == 0
    assert legal_actions(st)["s1"] == {"choose_for_card": {"answer": ["1", "3", "5"]}}
    assert legal_actions(st)["s2"] == {} and legal_actions(st)["table"] == {
        "finish_reveal": {},  # the failed crisis is still being turned over (legal.py)
        "choose_for_card": {"seat_id": ["s1"], "answer": ["1", "3", "5"]},
    }
    # The phone asks once the table has turned the failed crisis over.
    assert seat_view(st, "s1")["mine"]["card_choice"] is None
    st, _ = engine.apply(st, {"type": "finish_reveal", "by": "table"})
    st = decisions.refreshed(st)
    assert seat_view(st, "s1")["mine"]["card_choice"]["options"] == ["1", "3", "5"]
    assert seat_view(st, "s2")["mine"]["card_choice"] is None
    assert table_view(st)["waiting"]["kind"] == "card_choice"
    opened = next(s for s in steps if s["kind"] == "card_choice_opened")
    assert render_step(opened, st) == (
        "Sprung Hinges: Ana chooses which colony entrance loses a barricade."
    )
    with pytest.raises(RuleError, match="Bruno is not the player this card asks: Ana chooses"):
        act(st, "s2", type="choose_for_card", seat_id="s2", answer="3")
    with pytest.raises(RuleError, match="not one of the answers"):
        act(st, "s1", type="choose_for_card", answer="2")
    st, steps = act(st, "s1", type="choose_for_card", answer="3")
    assert [e["barricades"] for e in st["colony"]["entrances"]] == [2, 0, 0, 0, 1, 0]
    assert st["pending"]["options"] == ["1", "5"] and st["pending"]["left"] == 1
    # The table answers the second for Ana (a player without a phone).
    st, steps = act(st, "table", type="choose_for_card", seat_id="s1", answer="5")
    assert st["pending"] is None
    assert [e["barricades"] for e in st["colony"]["entrances"]] == [2, 0, 0, 0, 0, 0]
    added = [s for s in steps if s["kind"] == "zombie_placed"]
    assert len(added) == 2  # the card's 2 zombies come after the barricades


def test_sprung_hinges_takes_the_only_answer_without_asking():
    st = crisis_failing("companion.sprung-hinges")
    st["colony"]["entrances"][3]["barricades"] = 2
    st, steps = engine.apply(st, {"type": "resolve_crisis", "by": "table", "seed": 3})
    assert st["pending"] is None
    assert [e["barricades"] for e in st["colony"]["entrances"]] == [0] * 6
    assert [s["entrance"] for s in steps if s["kind"] == "barricade_removed"] == [4, 4]


def test_sprung_hinges_in_the_colony_phase_waits_and_carries_on():
    st = crisis_failing("companion.sprung-hinges")
    ents = st["colony"]["entrances"]
    ents[0]["barricades"], ents[1]["barricades"], ents[2]["barricades"] = 1, 1, 1
    st["phase"] = "colony"
    st, _ = engine.run_colony_phase(st, Scripted([1, 1, 1]))
    assert st["pending"]["ask"] == "barricade_remove"
    assert st["colony_step"] == "add_zombies"
    st, _ = engine.choose_for_card(st, "s1", "2", Scripted())
    st, _ = engine.choose_for_card(st, "s1", "1", Scripted())
    assert [e["barricades"] for e in st["colony"]["entrances"]] == [0, 0, 1, 0, 0, 0]
    assert st["pending"] is None and st["colony_step"] == "add_zombies"


def crossroads_turn(card_id, seats=3, *, survivors=None, ruleset="base", **settings):
    """Ana's turn with her survivors, Carla holding and revealing the card (from cards.db)."""
    st = with_cards(
        make_state(seats, ruleset=ruleset, **settings), crossroads=[CROSSROADS[card_id]]
    )
    ids = {}
    for sid in [s["id"] for s in st["seats"]]:
        ids[sid] = put_survivors(st, [40 + len(st["survivors"])], owner=sid)
    for name, (owner, place) in (survivors or {}).items():
        new = put_survivors(st, [10 + len(st["survivors"])], owner=owner, place=place)[0]
        next(s for s in st["survivors"] if s["id"] == new)["name"] = name
        ids[name] = new
    st["decks"]["crossroads"] = [card_id]
    st, _ = engine.start_turn(st)
    st, _ = engine.reveal_crossroads(st, "s3")
    return decisions.refreshed(st), ids


def trigger(st, option, **args):
    """The active player takes an option through the front door."""
    return act(st, "s1", type="trigger_crossroads", option=option, **args)


def survivor(st, sid):
    return next(s for s in st["survivors"] if s["id"] == sid)


def test_jury_rigged_asks_the_active_player_where_the_barricade_goes():
    st, _ = crossroads_turn("companion.jury-rigged")
    st["colony"]["entrances"][0]["zombies"] = 3  # entrance 1 is full
    waste = st["waste"]
    st, steps = trigger(st, 2)
    assert st["pending"]["seat"] == "s1" and st["pending"]["ask"] == "barricade_add"
    assert st["pending"]["options"] == ["2", "3", "4", "5", "6"]
    assert not any(e["barricades"] for e in st["colony"]["entrances"])
    assert st["waste"] == waste  # the card's later effects wait for the answer
    st = decisions.refreshed(st)
    st, steps = act(st, "s1", type="choose_for_card", answer="4")
    assert [e["barricades"] for e in st["colony"]["entrances"]] == [0, 0, 0, 1, 0, 0]
    assert st["waste"] == waste + 1 and st["pending"] is None
    by_hand = next(s for s in steps if s["kind"] == "effect_by_hand")
    assert by_hand["to_do"] == "s1" and "Gas Station" in by_hand["text"]


# --- each changed card: the state after its option equals the box ---


def test_tent_needle_removes_the_wound_just_taken_and_adds_the_waste_card():
    st, ids = crossroads_turn("companion.tent-needle")
    hurt = ids["s1"][0]
    survivor(st, hurt)["wounds"] = 1  # the exposure roll's wound
    waste = st["waste"]
    st, steps = trigger(st, 1, chosen=hurt)
    assert survivor(st, hurt)["wounds"] == 0 and st["waste"] == waste + 1
    assert [s["kind"] for s in steps if s["kind"] in ("wound_healed", "effect_by_hand")] == [
        "wound_healed",
        "effect_by_hand",
    ]
    # A later wound no longer kills one wound early: two more leave it alive.
    st, _ = engine.wound_survivor(st, hurt)
    st, _ = engine.wound_survivor(st, hurt)
    assert survivor(st, hurt)["wounds"] == 2


@pytest.mark.parametrize(
    ("card", "option"),
    [
        ("companion.lost-property-box", 1),
        ("companion.movie-night", 2),
        ("companion.dead-white-fingers", 1),
    ],
)
def test_a_frostbite_comes_off_the_survivor_chosen(card, option):
    st, ids = crossroads_turn(card)
    cold = ids["s1"][0]
    survivor(st, cold)["frostbite"] = 1
    st, _ = trigger(st, option, chosen=cold)
    assert survivor(st, cold)["frostbite"] == 0


def test_dead_white_fingers_turns_the_frostbite_into_a_wound():
    st, ids = crossroads_turn("companion.dead-white-fingers")
    cold = ids["s1"][0]
    survivor(st, cold)["frostbite"] = 1
    morale = st["morale"]
    st, _ = trigger(st, 2, chosen=cold)
    assert (survivor(st, cold)["frostbite"], survivor(st, cold)["wounds"]) == (0, 1)
    assert st["morale"] == morale - 1


def test_wound_or_frostbite_asks_which_only_when_the_survivor_carries_both():
    st, ids = crossroads_turn("companion.the-seamstress")
    hurt = ids["s1"][0]
    survivor(st, hurt)["frostbite"] = 1
    st["food"] = 3
    one, _ = trigger(st, 1, chosen=hurt)
    assert survivor(one, hurt)["frostbite"] == 0 and one["food"] == 2 and one["pending"] is None
    survivor(st, hurt)["wounds"] = 1
    both, _ = trigger(st, 1, chosen=hurt)
    assert both["pending"]["ask"] == "heal_token" and both["pending"]["options"] == [
        "wound",
        "frostbite",
    ]
    assert both["food"] == 3
    done, _ = engine.choose_for_card(both, "s1", "wound")
    assert (survivor(done, hurt)["wounds"], survivor(done, hurt)["frostbite"]) == (0, 1)
    assert done["food"] == 2


@pytest.mark.parametrize("card", ["companion.her-old-locker", "companion.blue-vials"])
def test_the_other_wound_or_frostbite_cards_heal_the_survivor_chosen(card):
    st, ids = crossroads_turn(card, ruleset="long_night", modules=["raxxon"])
    hurt = ids["s1"][0]
    survivor(st, hurt)["wounds"] = 1
    option = 1
    if card.endswith("locker"):  # a survivor at the Hospital (the board's id in cards.db)
        option = 2
        next(loc for loc in st["locations"] if loc["id"] == "hospital")["id"] = "base.hospital"
        with pytest.raises(RuleError, match="is not at Hospital: this card heals a survivor"):
            trigger(st, option, chosen=hurt)
        survivor(st, hurt)["location"] = "base.hospital"
    st, _ = trigger(st, option, chosen=hurt)
    assert survivor(st, hurt)["wounds"] == 0


# --- Blue Vials: the die and the side effect card, asked (000:780-784) ---


def vials(first_player="s2"):
    """Ana takes Blue Vials' first option for her wounded survivor; Bruno is the first
    player. Returns the state waiting for the die, and the survivor's id."""
    st, ids = crossroads_turn("companion.blue-vials", ruleset="long_night", modules=["raxxon"])
    st["first_player"] = first_player
    hurt = ids["s1"][0]
    survivor(st, hurt)["wounds"] = 1
    st, _ = trigger(st, 1, chosen=hurt)
    return decisions.refreshed(st), hurt


def test_blue_vials_asks_the_active_player_for_the_die():
    st, hurt = vials()
    assert survivor(st, hurt)["wounds"] == 0  # the heal first
    q = st["pending"]
    assert (q["ask"], q["seat"], q["survivor"]) == ("side_effect_die", "s1", hurt)
    assert q["options"] == ["1", "2", "3", "4", "5", "6", "roll"]
    assert legal_actions(st)["s1"] == {"choose_for_card": {"answer": q["options"]}}


@pytest.mark.parametrize(("face", "equips"), [("2", True), ("3", False)])
def test_blue_vials_equips_a_side_effect_on_a_1_or_2(face, equips):
    st, hurt = vials()
    st, steps = act(st, "s1", type="choose_for_card", answer=face)
    die = next(s for s in steps if s["kind"] == "side_effect_die")
    assert (die["face"], die["equips"], die["rolled"]) == (int(face), equips, False)
    if not equips:
        assert st["pending"] is None and st["raxxon"]["side_effects"] == {}
        return
    q = decisions.refreshed(st)["pending"]
    assert (q["ask"], q["seat"], q["typed"], q["options"]) == ("side_effect_card", "s2", True, [])
    assert "choose_for_card" not in legal_actions(st)["s1"]
    st = decisions.refreshed(st)
    with pytest.raises(RuleError, match="may not answer a card's question for another player"):
        act(st, "s1", type="choose_for_card", seat_id="s2", answer="Shakes")
    with pytest.raises(RuleError, match="1 to 40 characters"):
        act(st, "s2", type="choose_for_card", answer="  ")
    st, steps = act(st, "s2", type="choose_for_card", answer="Shakes")
    assert st["raxxon"]["side_effects"] == {hurt: ["Shakes"]} and st["pending"] is None
    assert [s["kind"] for s in steps].count("side_effect_equipped") == 1


def test_blue_vials_refuses_a_side_effect_card_a_survivor_already_carries():
    """Side effect cards never come off (000:784): the same card cannot be equipped twice."""
    st, _ = vials()
    other = next(s["id"] for s in st["survivors"] if s["owner"] == "s2")
    st["raxxon"]["side_effects"] = {other: ["Shakes"]}
    st, _ = act(st, "s1", type="choose_for_card", answer="1")
    st = decisions.refreshed(st)
    with pytest.raises(RuleError, match="Survivor 41 carries the side effect shakes"):
        act(st, "s2", type="choose_for_card", answer="shakes")
    assert st["raxxon"]["side_effects"] == {other: ["Shakes"]}


@pytest.mark.parametrize(("rolled", "equips"), [(2, True), (3, False)])
def test_blue_vials_die_rolled_by_the_companion(rolled, equips):
    st, _ = vials()
    st, steps = engine.choose_for_card(st, "s1", "roll", Scripted([rolled]))
    die = next(s for s in steps if s["kind"] == "side_effect_die")
    assert (die["face"], die["equips"], die["rolled"]) == (rolled, equips, True)
    assert (st["pending"] or {}).get("ask") == ("side_effect_card" if equips else None)


def test_blue_vials_die_is_the_same_when_taken_again_with_the_same_seed():
    """Dice fixed once rolled: the action's seed (store.next_seed) gives the same face."""
    st, _ = vials()
    faces = {
        next(
            s
            for s in act(st, "s1", type="choose_for_card", answer="roll")[1]
            if s["kind"] == "side_effect_die"
        )["face"]
        for _ in range(3)
    }
    assert len(faces) == 1


def test_blue_vials_without_the_raxxon_module_rolls_nothing():
    st, ids = crossroads_turn("companion.blue-vials")
    hurt = ids["s1"][0]
    survivor(st, hurt)["wounds"] = 1
    st, steps = trigger(st, 1, chosen=hurt)
    assert st["pending"] is None and survivor(st, hurt)["wounds"] == 0
    assert any(s["kind"] == "effect_module_missing" and s["module"] == "raxxon" for s in steps)


@pytest.mark.parametrize("at_most", [0, 6])
def test_a_side_effect_roll_equips_on_a_face_from_1_to_5(at_most):
    with pytest.raises(RuleError, match="a die face from 1 to 5"):
        engine.apply_card_effects(
            make_state(3),
            [{"kind": "side_effect_roll", "target": "chosen", "at_most": at_most}],
            Scripted(),
        )


@pytest.mark.parametrize(
    ("card", "option", "name"),
    [
        ("companion.santas-sack", 2, "Forest Plum"),
        ("companion.overdue-fines", 2, "Alexis Grey"),
        ("companion.the-dispatch-log", 1, "Carla Thompson"),
        ("companion.her-old-locker", 1, "Janet Taylor"),
    ],
)
def test_the_survivor_the_card_names_takes_the_despair(card, option, name):
    st, ids = crossroads_turn(card, survivors={name: ("s1", COLONY)})
    st, _ = trigger(st, option)  # nobody to name on the form: the card names the survivor
    assert survivor(st, ids[name])["despair"] == 1
    assert survivor(st, ids["s1"][0])["despair"] == 0


def test_the_soldiers_rules_thumbs_down_gives_thomas_heart_the_despair():
    st, ids = crossroads_turn(
        "companion.the-soldiers-rules", survivors={"Thomas Heart": ("s1", COLONY)}
    )
    st, _ = engine.trigger_crossroads(st, votes={"s1": False, "s2": False, "s3": True})
    assert survivor(st, ids["Thomas Heart"])["despair"] == 1


def test_seed_packets_brings_andrew_evans_home_with_an_exposure_roll():
    st, ids = crossroads_turn(
        "companion.seed-packets", survivors={"Andrew Evans": ("s1", "grocery")}
    )
    andrew = ids["Andrew Evans"]
    st, steps = engine.trigger_crossroads(st, 1, Scripted([12]))  # the exposure die: a bite face
    kinds = [s["kind"] for s in steps]
    assert kinds.index("survivor_moved") < kinds.index("exposure_rolled")
    moved = next(s for s in steps if s["kind"] == "survivor_moved")
    assert moved["free"] is True and moved["to"] == COLONY
    assert andrew not in {s["id"] for s in st["survivors"]}  # the bite killed him


@pytest.mark.parametrize(
    ("card", "left"),
    [("companion.cruiser-at-the-curb", 2), ("companion.pressed-against-the-boards", 3)],
)
def test_zombies_removed_from_the_colony_are_asked_entrance_by_entrance(card, left):
    st, _ = crossroads_turn(card)
    ents = st["colony"]["entrances"]
    ents[0]["zombies"], ents[1]["zombies"] = 2, 2
    if card.endswith("boards"):
        st, _ = engine.trigger_crossroads(st, votes={"s1": True, "s2": True, "s3": True})
    else:
        st, _ = trigger(st, 1)
    assert st["pending"]["ask"] == "zombies_remove" and st["pending"]["left"] == left
    st, _ = engine.choose_for_card(st, "s1", "2")
    st, _ = engine.choose_for_card(st, "s1", "2")
    if left == 3:  # only entrance 1 holds zombies now: the third is taken there
        assert st["pending"] is None
    assert [e["zombies"] for e in st["colony"]["entrances"]][:2] == [2 - (left - 2), 0]


def test_red_taped_arrows_places_a_bandit_and_takes_from_the_hideout():
    st, ids = crossroads_turn(
        "companion.red-taped-arrows", ruleset="long_night", modules=["bandits"]
    )
    st["bandits"]["hideout_cards"] = 2
    took, _ = engine.trigger_crossroads(st, 1, Scripted([1]), chosen=ids["s1"][0])
    assert took["bandits"]["hideout_cards"] == 1
    placed, _ = engine.trigger_crossroads(st, 2, Scripted([4]))
    library = next(loc for loc in placed["locations"] if loc["id"] == "library")
    assert library["bandits"] == 1


def test_blueprints_in_the_wall_asks_which_improvement():
    st, _ = crossroads_turn(
        "companion.blueprints-in-the-wall", ruleset="long_night", modules=["improvements"]
    )
    for name in ("Forge", "Greenhouse"):
        st, _ = place_improvement(st, name=name, needs=2)
    st["food"] = 2
    st, _ = trigger(st, 1)
    assert st["pending"]["ask"] == "improvement" and len(st["pending"]["options"]) == 2
    st, _ = engine.choose_for_card(st, "s1", st["pending"]["options"][1])
    assert [imp["tokens"] for imp in st["improvements"]] == [0, 1] and st["food"] == 0


def with_crisis(st, cards):
    """The crisis of the round with these cards in it, each (seat, symbol)."""
    st["crisis"] = {
        "id": "typed",
        "name": "Test",
        "prevent": ["fuel"],
        "contributions": [{"seat": s, "symbol": x} for s, x in cards],
        "fail_effects": [],
        "bonus_effects": [],
    }
    return st


def test_swapped_in_the_pile_takes_one_at_random_and_asks_for_one_privately():
    st, _ = crossroads_turn("companion.swapped-in-the-pile")
    with_crisis(st, [("s2", "fuel"), ("s3", "food")])
    st, steps = engine.trigger_crossroads(st, 1, Scripted([1]))
    pile = st["crisis"]["contributions"]
    assert pile == [{"seat": "s2", "symbol": "fuel"}]
    taken = next(s for s in steps if s["kind"] == "crisis_cards_taken_private")
    assert taken["private"] == "s1" and taken["symbols"] == ["food"]
    assert st["pending"]["ask"] == "crisis_card" and st["pending"]["seat"] == "s1"
    answers = table_view(st)["pending"]["answers"]
    assert answers[0] == {"value": "food", "kind": "symbol"} and answers[-1]["kind"] == "code"
    st, steps = engine.choose_for_card(st, "s1", "weapon")
    assert st["crisis"]["contributions"][-1] == {"seat": "s1", "symbol": "weapon"}
    public = [s for s in engine.visible_steps(steps) if "weapon" in str(s)]
    assert public == []


def test_swapped_in_the_pile_asks_for_another_player_who_adds_or_has_none():
    st, _ = crossroads_turn("companion.swapped-in-the-pile")
    with_crisis(st, [])
    st, _ = trigger(st, 2)
    assert st["pending"]["ask"] == "player" and st["pending"]["options"] == ["s2", "s3"]
    st, _ = engine.choose_for_card(st, "s1", "s3")
    assert st["pending"]["ask"] == "crisis_card" and st["pending"]["seat"] == "s3"
    st, _ = engine.choose_for_card(st, "s3", "none")
    assert st["crisis"]["contributions"] == [] and st["pending"] is None


def test_the_quartermaster_asks_for_one_more_card():
    st, _ = crossroads_turn("companion.the-quartermaster-asks")
    with_crisis(st, [("s1", "fuel")])
    st, _ = trigger(st, 1)
    st, _ = engine.choose_for_card(st, "s1", "fuel")
    assert len(st["crisis"]["contributions"]) == 2


def test_counting_the_pile_shows_the_crisis_cards_to_the_active_player_alone():
    st, _ = crossroads_turn("companion.counting-the-pile")
    with_crisis(st, [("s2", "fuel"), ("s3", "tool")])
    st, steps = engine.trigger_crossroads(st, votes={"s1": True, "s2": True, "s3": True})
    seen = next(s for s in steps if s["kind"] == "crisis_cards_seen")
    assert seen["private"] == "s1" and seen["symbols"] == ["fuel", "tool"]
    assert all(s["kind"] != "crisis_cards_seen" for s in engine.visible_steps(steps, "s2"))


def test_notches_on_the_handle_a_wound_when_the_player_has_no_weapon():
    st, ids = crossroads_turn("companion.notches-on-the-handle")
    bruno_two = put_survivors(st, [12], owner="s2")[0]
    st, _ = trigger(st, 1)
    st, _ = engine.choose_for_card(st, "s1", "s2")
    assert st["pending"]["seat"] == "s2"
    assert st["pending"]["options"] == ["gave", ids["s2"][0], bruno_two]
    gave, _ = engine.choose_for_card(st, "s2", "gave")
    assert all(s["wounds"] == 0 for s in gave["survivors"])
    st, _ = engine.choose_for_card(st, "s2", bruno_two)
    assert survivor(st, bruno_two)["wounds"] == 1


def test_every_new_step_reads_in_both_languages():
    st, _ = crossroads_turn("companion.notches-on-the-handle")
    st, steps = trigger(st, 1)
    st, more = engine.choose_for_card(st, "s1", "s2")
    for made in steps + more:
        for locale in ("en", "pt_BR"):
            assert render_step(made, st, locale)


def test_a_tie_for_the_lowest_influence_is_asked_of_the_first_player():
    """000:584: the first player breaks a tie; with one lowest survivor nobody is asked."""
    st = make_state(3)
    low = put_survivors(st, [20], owner="s2") + put_survivors(st, [20], owner="s3")
    put_survivors(st, [50], owner="s1")
    effect = {"kind": "wound", "target": "lowest_influence_in_colony", "amount": 1}
    st, _ = engine.apply_card_effects(st, [effect, {"kind": "morale", "amount": -1}], Scripted())
    morale = st["morale"]
    assert st["pending"]["ask"] == "tied_survivor" and st["pending"]["seat"] == "s1"
    assert st["pending"]["options"] == low
    st, _ = engine.choose_for_card(st, "s1", low[1])
    assert [survivor(st, sid)["wounds"] for sid in low] == [0, 1]
    assert st["morale"] == morale - 1
    survivor(st, low[0])["influence"] = 21  # no tie: the lowest is taken
    st, _ = engine.apply_card_effects(st, [effect], Scripted())
    assert st["pending"] is None and survivor(st, low[1])["wounds"] == 2


def test_the_smell_carries_counts_each_players_discard_onto_the_waste_pile():
    st, _ = crossroads_turn("companion.the-smell-carries")
    st["waste"] = 12
    st, _ = engine.trigger_crossroads(st, votes={"s1": True, "s2": True, "s3": True})
    assert st["waste"] == 12 - 3 + 3  # 3 cleaned, 1 from each of the 3 players


def test_what_the_dog_brought_rolls_for_sparky():
    st, ids = crossroads_turn(
        "companion.what-the-dog-brought", survivors={"Sparky": ("s1", "police")}
    )
    st, steps = engine.trigger_crossroads(st, 1, Scripted([7]))  # a wound face
    rolled = next(s for s in steps if s["kind"] == "exposure_rolled")
    assert rolled["survivor"] == ids["Sparky"] and survivor(st, ids["Sparky"])["wounds"] == 1


def test_a_question_while_another_decision_waits_is_left_to_the_table_and_said():
    st = make_state(3)
    put_survivors(st, [40], owner="s1")
    st["pending"] = {"kind": "bite_spread", "seat": "s1", "survivor": "x", "location": COLONY}
    st["colony"]["entrances"][0]["barricades"] = 1
    st["colony"]["entrances"][1]["barricades"] = 1
    from companion.engine.board.effects import apply_effects

    steps = []
    effect = {"kind": "barricade", "where": "colony", "amount": -1}
    apply_effects(st, steps, [effect], Scripted(), strict=False)
    assert [s["kind"] for s in steps] == ["effect_by_hand"] and steps[0]["need"] == "card_choice"
    for locale in ("en", "pt_BR"):
        assert "None" not in render_step(steps[0], st, locale)
    steps = []
    apply_effects(st, steps, [{"kind": "crisis_add", "amount": 1}], Scripted(), strict=False)
    assert steps[0]["need"] == "active_players_part"


def test_a_crisis_bonus_barricade_is_placed_where_the_first_player_says():
    st = crisis_failing("companion.sprung-hinges")
    prevent = st["crisis"]["prevent"][0]
    st, _ = engine.contribute_to_crisis(st, None, [prevent] * 6)  # 3 needed: beaten by 2+
    st, _ = engine.resolve_crisis(st, Scripted())
    assert st["pending"]["ask"] == "barricade_add" and st["pending"]["seat"] == "s1"
    assert st["pending"]["options"] == list("123456")
    st, _ = engine.choose_for_card(st, "s1", "6")
    assert [e["barricades"] for e in st["colony"]["entrances"]] == [0, 0, 0, 0, 0, 1]


def test_an_exiled_player_is_not_offered_to_add_to_the_crisis():
    st, _ = crossroads_turn("companion.swapped-in-the-pile")
    with_crisis(st, [])
    next(s for s in st["seats"] if s["id"] == "s2")["exiled"] = True
    st, _ = trigger(st, 2)  # only Carla may add: she is asked without Ana picking
    assert st["pending"]["ask"] == "crisis_card" and st["pending"]["seat"] == "s3"


def test_a_vote_settled_on_the_phones_opens_the_cards_question():
    st, _ = crossroads_turn("companion.pressed-against-the-boards")
    st["colony"]["entrances"][0]["zombies"], st["colony"]["entrances"][3]["zombies"] = 2, 2
    st, _ = engine.trigger_crossroads(st)  # the vote opens on the phones
    for sid in ("s1", "s2", "s3"):
        st, _ = engine.cast_vote(st, sid, True)
    assert st["pending"]["kind"] == "card_choice" and st["pending"]["seat"] == "s1"
    assert st["pending"]["options"] == ["1", "4"] and st["pending"]["left"] == 3


@pytest.mark.parametrize(
    "effect",
    [
        {"kind": "wound", "target": "named", "amount": 1},
        {"kind": "wound", "target": "chosen", "amount": 1, "survivor": "Sparky"},
        {"kind": "heal", "target": "chosen", "amount": 0},
        {"kind": "heal", "target": "chosen", "amount": 1, "wound": "despair"},
        {"kind": "crisis_add", "amount": 1, "who": "everyone"},
    ],
)
def test_an_effect_table_the_vocabulary_refuses(effect):
    with pytest.raises(RuleError):
        engine.apply_card_effects(make_state(2), [effect], Scripted(), seat="s1")


def test_every_card_a_manual_step_puts_on_the_waste_pile_is_counted_beside_it():
    """The waste pile's count is tracked: a step that puts cards there has a waste effect."""
    for path in SOURCES:
        for card in tomllib.loads(path.read_text()).get("card", []):
            for option in card.get("option", []):
                effects = option.get("effects", [])
                onto = [e for e in effects if e["kind"] == "manual" and "waste pile" in e["text"]]
                if onto:
                    assert any(e["kind"] == "waste" and e["amount"] > 0 for e in effects), card


EFFECTS = [
    {"kind": "barricade", "where": "colony", "amount": 2},
    {"kind": "barricade", "where": "colony", "amount": -2},
    {"kind": "trap", "where": "colony", "amount": 1},
    {"kind": "zombies", "where": "colony", "amount": -3},
    {"kind": "zombies", "where": "colony", "amount": 2},
    {"kind": "heal", "target": "chosen", "amount": 1, "wound": "wound_or_frostbite"},
    {"kind": "heal", "target": "each_in_colony", "amount": 2, "wound": "frostbite"},
    {"kind": "wound", "target": "lowest_influence_in_colony", "amount": 1},
    {"kind": "wound", "target": "named", "survivor": "Survivor 40", "amount": 1},
    {"kind": "to_colony", "target": "chosen"},
    {"kind": "exposure", "target": "chosen"},
    {"kind": "advancement", "amount": 2},
    {"kind": "bandits", "where": "random_location", "amount": 1},
    {"kind": "hideout", "amount": -1},
    {"kind": "crisis_look"},
    {"kind": "crisis_take", "amount": 2},
    {"kind": "crisis_add", "amount": 1, "who": "other_player"},
    {"kind": "give_or_wound", "who": "other_player"},
    {"kind": "morale", "amount": -1},
]


@settings(max_examples=150, deadline=None)
@given(
    picks=st_.lists(st_.sampled_from(EFFECTS), min_size=1, max_size=5),
    seed=st_.integers(min_value=0, max_value=10_000),
)
def test_any_list_of_effects_is_applied_or_asked_until_done(picks, seed):
    """Every question a card opens is answered (a random answer each time) and the card goes
    on to its end: nothing but a RuleError escapes, and no question is left open."""
    rng = random.Random(seed)
    st = make_state(3, ruleset="long_night", modules=["improvements", "bandits"])
    for sid in ("s1", "s2", "s3"):
        put_survivors(st, [40, 20 + rng.randint(0, 1)], owner=sid)
    for s in st["survivors"]:
        s["wounds"], s["frostbite"] = rng.randint(0, 1), rng.randint(0, 1)
        s["location"] = rng.choice([COLONY, COLONY, "police"])
    st["seats"][rng.randint(0, 2)]["exiled"] = rng.random() < 0.3
    if rng.random() < 0.3:
        st["colony"]["survivor_spaces"] = 0  # full
    for ent in st["colony"]["entrances"]:
        ent["zombies"], ent["barricades"] = rng.randint(0, 1), rng.randint(0, 1)
    for name in ("Forge", "Greenhouse"):
        st, _ = place_improvement(st, name=name, needs=3)
    st["bandits"]["hideout_cards"] = rng.randint(0, 2)
    with_crisis(st, [("s2", "fuel"), ("s3", "tool")])
    chosen = next(s["id"] for s in st["survivors"] if s["owner"] == "s1")
    try:
        st, _ = engine.apply_card_effects(st, picks, rng, seat="s1", chosen=chosen)
    except RuleError:
        return
    for _ in range(40):
        pending = st["pending"]
        if pending is None or pending["kind"] != "card_choice":
            break
        st, _ = engine.choose_for_card(st, pending["seat"], rng.choice(pending["options"]), rng)
    assert st["pending"] is None or st["pending"]["kind"] == "bite_spread"
