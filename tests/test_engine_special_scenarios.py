"""The Long Night's special scenarios (000:863-1002): Raxxon R1-R3 and Bandit Blitz B1-B3.

Each test names the rulebook lines it holds the engine to. Games are set up through the front
door (``engine.apply``) as the new-game page does, with test cards (factory.py).
"""

from __future__ import annotations

import json

import pytest
from factory import COLONY_CARD, LOCATIONS, make_setup, objective_cards
from helpers.junk import JUNK
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

import companion.engine as engine
from companion.engine import RuleError
from companion.engine.core.state import free_survivor_spaces
from companion.engine.legal import legal_for_table
from companion.engine.modules.bandits import rules as bandits
from companion.engine.modules.raxxon import rules as raxxon
from companion.engine.scenarios import chapters as scenarios
from companion.engine.scenarios import named
from companion.engine.words import labels
from companion.engine.words.translation import translator

RAXXON = {
    "id": "long_night.raxxon",
    "name": "Raxxon",
    "number": 7,
    "entrance_spaces": 3,
    "survivor_spaces": 3,
    "module": "raxxon",
}
HIDEOUT = {
    "id": "long_night.bandits-hideout",
    "name": "Bandits' Hideout",
    "number": 8,
    "entrance_spaces": 3,
    "survivor_spaces": 3,
    "module": "bandits",
}
BANDIT_BETRAYAL = {
    "id": "long_night.bandit-betrayal",
    "name": "Bandit Betrayal",
    "kind": "bandit_betrayal",
    "module": "bandits",
    "goal": "-",
}


def scenario_setup(name: str, chapter: int = 1, players: int = 3, **extra) -> dict:
    """A Long Night setup for a scenario, its module on, with Raxxon and the Hideout."""
    module = scenarios.SCENARIOS[name]["module"]
    setup = make_setup(
        players,
        ruleset="long_night",
        settings={"modules": [module]},
        locations=[COLONY_CARD, *LOCATIONS, RAXXON if module == "raxxon" else HIDEOUT],
        objectives=[*objective_cards(), BANDIT_BETRAYAL],
        scenario={"name": name, "chapter": chapter},
    )
    setup.update(extra)
    return setup


def new(setup: dict) -> tuple[dict, list]:
    return engine.apply(None, {"type": "new_game", "by": "table", "setup": setup, "seed": 3})


def kinds(steps: list) -> list[str]:
    return [s["kind"] for s in steps]


def tasks(steps: list) -> list[str]:
    return [s["task"] for s in steps if s["kind"] == "scenario_task"]


def act(st: dict | None, action: dict, log: list | None = None) -> tuple[dict, list]:
    """Apply one seeded table action by the front door, keeping it in ``log`` when given."""
    action = {"by": "table", "seed": 1, **action}
    if log is not None:
        log.append(action)
    return engine.apply(st, action)


def to_step_five(st: dict, log: list | None = None) -> dict:
    """Run colony steps 1-4 by the front door (after R2, the containment check opens the colony
    phase, 000:930)."""
    if raxxon.containment_due(st) and st["phase"] != "colony":
        st, _ = act(st, {"type": "start_colony_phase"}, log)
        if (st["pending"] or {}).get("kind") == "top_experiment":  # the check asks (000:792)
            code = {"type": "enter_experiment", "code": [1, 2], "zombies": ["Hunter"]}
            st, _ = act(st, code, log)
            st, _ = act(st, {"type": "place_special_zombies"}, log)
            if (st["pending"] or {}).get("next"):  # the next one, asked at once (000:769)
                st, _ = act(st, {**code, "code": [3, 4]}, log)
    for action in ("pay_food", "check_waste", "resolve_crisis", "add_colony_phase_zombies"):
        if engine.revealing(st):  # the table finishes turning cards over first (reveal.py)
            st, _ = act(st, {"type": "finish_reveal"}, log)
        st, _ = act(st, {"type": action}, log)
        assert not st["ended"], action
    if engine.revealing(st):
        st, _ = act(st, {"type": "finish_reveal"}, log)
    return st


def follow_r1(st: dict, log: list | None = None, **typed) -> tuple[dict, list]:
    """R1's completion steps as the table follows them: the reader's first survivor at Raxxon,
    the first zombies the colony holds, Blue's numbers typed (named.follow_r1_completion)."""
    choices = legal_for_table(st)["follow_r1_completion"]
    action = {
        "type": "follow_r1_completion",
        "survivor_id": (choices["survivor_id"] or [None])[0],
        "entrances": choices["entrances"][: choices["zombies"]],
        **({"influence": 20, "attack": 3, "search": 4} if choices["numbers"] else {}),
        **typed,
    }
    return act(st, action, log)


def finish_round(st: dict, met: bool, log: list | None = None) -> tuple[dict, list]:
    """Colony steps 5-7: the table answers step 5 (and follows R1's completion steps when
    they wait); the round track moves; the token passes."""
    st = to_step_five(st, log)
    st, steps = act(st, {"type": "check_main_objective", "met": met}, log)
    if st["ended"]:
        return st, steps
    if (st["pending"] or {}).get("kind") == named.R1_COMPLETION:
        st, more = follow_r1(st, log)
        steps += more
    for action in ("move_round_track", "pass_first_player"):
        st, more = act(st, {"type": action}, log)
        steps += more
    return st, steps


# --- setup ---


def test_a_scenario_names_its_chapter_card_and_where_to_read():
    """000:878 "use Special Objective card R1"; 000:880 "read the italicized text aloud"."""
    st, steps = new(scenario_setup("raxxon"))
    assert st["scenario"] == {"name": "raxxon", "chapter": 1, "completed": False}
    assert st["main_objective"]["name"] == "R1"
    assert st["main_objective"]["id"] == "scenario.r1"
    setup_step = next(s for s in steps if s["kind"] == "scenario_set_up")
    assert setup_step["code"] == "R1"
    text = engine.render_step(setup_step, st)
    assert "The Chimp and the Code" in text and "page 20" in text
    assert "O Código e a Chimpanzé" in engine.render_step(setup_step, st, "pt_BR")


def test_the_setup_numbers_are_the_ones_the_table_typed():
    """The rulebook prints no setup numbers for R1-B3 (cards/long_night/NOTES.md): the table
    types the card's own, and the game is set up with them."""
    setup = scenario_setup("bandit_blitz")
    setup["main_objective"] = {
        **setup["main_objective"],
        "standard": {"morale": 5, "round_track": 7, "zombies_per_location": 0, "food": 4},
    }
    st, _ = new(setup)
    assert (st["morale"], st["round_track"], st["food"]) == (5, 7, 4)
    assert st["main_objective"]["name"] == "B1"


def test_r1_barricades_raxxon_and_closes_its_survivor_spaces():
    """000:873: "Place barricades on every entrance and survivor space on the Raxxon location.
    Survivors may not move to Raxxon at the beginning of the game." """
    st, steps = new(scenario_setup("raxxon"))
    rax = next(loc for loc in st["locations"] if loc["id"] == RAXXON["id"])
    gate = rax["entrance"]
    assert gate["barricades"] + gate["zombies"] + gate["traps"] == gate["spaces"]
    assert gate["barricades"] >= 1
    assert free_survivor_spaces(st, RAXXON["id"]) == 0
    assert "raxxon_sealed" in kinds(steps)
    survivor = st["survivors"][0]["id"]
    with pytest.raises(RuleError):
        engine.apply(
            st,
            {"type": "move_survivor", "by": "table", "survivor_id": survivor,
             "to": RAXXON["id"], "exposure": "blank", "free": True},
        )  # fmt: skip
    legal = engine.table_view(st)["legal"]["table"].get("move_survivor", {})
    assert RAXXON["id"] not in str(legal)


def test_r1_tells_the_rest_as_checklist_steps():
    """000:873-884: Blue and Emma Han set aside; no pill or containment rules; Emma joins."""
    _, steps = new(scenario_setup("raxxon"))
    assert tasks(steps) == ["set_aside_blue_emma", "emma_joins", "no_pills_yet"]
    assert "raxxon_sealed" in kinds(steps)  # the engine seals Raxxon itself (raxxon.py)


def test_bandit_blitz_deals_the_bandit_betrayal_instead_of_a_random_one():
    """000:944: "instead of adding 1 random betrayal secret objective card, add the BANDIT
    BETRAYAL secret objective"."""
    dealt = []
    for seed in range(12):
        setup = {"type": "new_game", "by": "table", "setup": scenario_setup("bandit_blitz")}
        st, steps = engine.apply(None, {**setup, "seed": seed})
        dealt += [st["secrets"][s]["objective"] for s in st["secrets"]]
    assert BANDIT_BETRAYAL["id"] in dealt
    assert not any(d.startswith("t.betrayal") for d in dealt)
    assert "bandit_betrayal_dealt" in kinds(steps)
    public = [s for s in engine.visible_steps(steps) if s["kind"] == "bandit_betrayal_dealt"]
    assert public == [{"kind": "bandit_betrayal_dealt"}]  # it names no seat


def test_without_the_scenario_the_bandit_betrayal_is_never_dealt():
    """002 "Game Setup" 4: a random betrayal card; the Bandit Betrayal is the scenario's only."""
    for seed in range(8):
        setup = make_setup(3, objectives=[*objective_cards(), BANDIT_BETRAYAL])
        st, _ = engine.apply(
            None, {"type": "new_game", "by": "table", "setup": setup, "seed": seed}
        )
        assert BANDIT_BETRAYAL["id"] not in [st["secrets"][s]["objective"] for s in st["secrets"]]


def test_bandit_blitz_without_its_betrayal_card_is_refused():
    setup = scenario_setup("bandit_blitz", objectives=objective_cards())
    with pytest.raises(RuleError, match="Bandit Betrayal"):
        new(setup)


def test_co_op_bandit_blitz_deals_no_objectives():
    """000:614 co-op: no secret objectives, so no betrayal to replace."""
    st, steps = new(scenario_setup("bandit_blitz", variant="coop"))
    assert all(st["secrets"][s]["objective"] is None for s in st["secrets"])
    assert "bandit_betrayal_dealt" not in kinds(steps)


@pytest.mark.parametrize(
    ("scenario", "modules", "error"),
    [
        ({"name": "raxxon", "chapter": 1}, [], "needs the Raxxon module"),
        ({"name": "bandit_blitz", "chapter": 1}, ["raxxon"], "needs the Bandits module"),
        ({"name": "tribute", "chapter": 1}, ["raxxon"], "scenario must be one of"),
        ({"name": "raxxon", "chapter": 4}, ["raxxon"], "chapter is 1, 2 or 3"),
        ({"name": "raxxon", "chapter": True}, ["raxxon"], "chapter is 1, 2 or 3"),
        ({"name": "raxxon", "chapter": 1.0}, ["raxxon"], "must be a whole number"),
        ({"name": ["raxxon"], "chapter": 1}, ["raxxon"], "scenario must be one of"),
        ({"name": "raxxon", "extra": 1}, ["raxxon"], "a record with a name and a chapter"),
        ("raxxon", ["raxxon"], "a record with a name and a chapter"),
    ],
)
def test_a_bad_scenario_is_refused_with_a_sentence(scenario, modules, error):
    """000:871, 000:940: each scenario is set up with its module."""
    setup = scenario_setup("raxxon")
    setup["settings"] = {"modules": modules}
    setup["locations"] = [COLONY_CARD, *LOCATIONS]
    setup["scenario"] = scenario
    with pytest.raises(RuleError, match=error):
        new(setup)


def test_a_scenario_is_played_by_the_long_night_rules():
    """000:863: the special scenarios are The Long Night's."""
    with pytest.raises(RuleError, match="The Long Night's rules"):
        new(scenario_setup("raxxon", ruleset="base"))


def test_choosing_a_scenario_says_which_modules_it_turns_on():
    assert scenarios.modules_needed("raxxon") == ["raxxon"]
    assert scenarios.modules_needed("bandit_blitz") == ["bandits"]
    assert scenarios.played_with("bandit_blitz", ["raxxon"]) == (
        "long_night",
        ["raxxon", "bandits"],
    )
    assert scenarios.played_with("raxxon", ["raxxon"]) == ("long_night", ["raxxon"])


# --- the module rules in force, chapter by chapter ---


def test_module_rules_come_on_chapter_by_chapter():
    """000:873 (R1: no pills, no containment), 000:906 (R2: pills, no containment), 000:930
    (R3: containment); 000:954 (B1: placing, scavenging, adding zombies only), 000:972 (attack
    and Hideout after B1), 000:988 (the bandit leader after B2)."""
    st, _ = new(scenario_setup("raxxon"))
    assert not raxxon.containment_due(st)
    st, _ = finish_round(st, met=True)  # R1 completed: R2 in play, still no containment
    assert st["scenario"]["chapter"] == 2 and not raxxon.containment_due(st)
    st = to_step_five(st)
    st, _ = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    assert not raxxon.containment_due(st)  # R2 completed: containment from the next round on
    assert st["raxxon"]["containment_from"] == st["round"] + 1
    st["round"] += 1
    assert raxxon.containment_due(st)
    st, _ = new(scenario_setup("bandit_blitz"))
    assert bandits.rule_on(st, "placing") and bandits.rule_on(st, "zombies")
    assert bandits.rule_on(st, "scavenge")
    assert not bandits.rule_on(st, "attack") and not bandits.rule_on(st, "hideout")
    st = to_step_five(st)
    st, _ = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    assert bandits.rule_on(st, "attack") and bandits.rule_on(st, "hideout")
    assert "raxxon" not in st  # Raxxon is not in this game
    assert not raxxon.containment_due(st)


def test_without_a_scenario_every_rule_of_a_module_in_play_applies():
    """000:640 "The Long Night Modules": a module is played whole outside the scenarios."""
    setup = make_setup(3, ruleset="long_night", settings={"modules": ["raxxon", "bandits"]})
    st, _ = engine.apply(None, {"type": "new_game", "by": "table", "setup": setup, "seed": 1})
    assert "scenario" not in st
    assert raxxon.containment_due(st)
    assert all(bandits.rule_on(st, r) for r in bandits.RULES)
    st["settings"]["modules"] = []
    assert not raxxon.containment_due(st)
    assert not any(bandits.rule_on(st, r) for r in bandits.RULES)


# --- completing a chapter at colony step 5 ---


def test_completing_r1_does_not_end_the_game_and_r2_follows_next_round():
    """RULES.md ruling: a chapter's completion at step 5 does not end the game; 000:886 "read
    once R1 has been completed"; 000:904 "At the beginning of the next round, remove R1 ... and
    place the Special Main Objective R2 card on the colony board"."""
    st, _ = new(scenario_setup("raxxon"))
    st, steps = finish_round(st, met=True)
    assert st["ended"] is None
    assert st["round"] == 2
    assert st["scenario"] == {"name": "raxxon", "chapter": 2, "completed": False}
    assert st["main_objective"]["name"] == "R2"
    order = kinds(steps)
    assert order.index("chapter_completed") < order.index("round_track_moved")
    assert order.index("round_began") < order.index("chapter_began")
    began = next(s for s in steps if s["kind"] == "chapter_began")
    assert (began["previous"], began["code"], began["last"]) == ("R1", "R2", False)


def test_completing_r1_opens_raxxon_and_names_the_reader():
    """000:886: the player with the fewest survivors in their following reads (tie: the one
    with the highest-influence survivor); 000:892: "Remove all barricades from the Raxxon
    location card"."""
    st, _ = new(scenario_setup("raxxon"))
    st["survivors"][0]["location"] = "police"  # still Ana's; she keeps two survivors
    st["graveyard"].append(st["survivors"].pop(3))  # Bruno is down to one survivor
    st = to_step_five(st)
    st, steps = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    done = next(s for s in steps if s["kind"] == "chapter_completed")
    assert done["reader"] == "s2"
    rax = next(loc for loc in st["locations"] if loc["id"] == RAXXON["id"])
    assert rax["entrance"]["barricades"] == 0
    assert free_survivor_spaces(st, RAXXON["id"]) > 0
    assert "raxxon_opened" in kinds(steps)
    # without Blue's card (a setup from an older cards.db) her joining stays the table's task;
    # the placing and the zombies are R1's completion steps' own control (named.py)
    assert tasks(steps) == ["blue_joins", "pills_now"]
    assert st["pending"] == {"kind": "r1_completion", "seat": "s2"}


def test_the_reader_tie_goes_to_the_highest_influence():
    """000:886: every player has 2 survivors; the highest influence among them reads."""
    st, _ = new(scenario_setup("raxxon"))
    top = max(st["survivors"], key=lambda v: v["influence"])
    assert scenarios.fewest_survivors_reader(st)["id"] == top["owner"]


@pytest.mark.parametrize(("players", "count"), [(2, 2), (3, 2), (4, 3), (5, 3)])
def test_r2_completed_draws_2_or_3_experiments_by_non_exiled_players(players, count):
    """000:930: "If there are 2-3 non-exiled players, immediately draw 2 Raxxon experiment
    cards ... If there are 4 or more non-exiled players, immediately draw 3"."""
    st, _ = new(scenario_setup("raxxon", chapter=2, players=players))
    st = to_step_five(st)
    st, steps = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    told = next(s for s in steps if s["kind"] == "containment_from_round")
    assert told["experiments"] == count
    assert raxxon.experiments_for_r3(st) == count


def test_an_exiled_player_does_not_count_for_the_experiments():
    """000:930 counts non-exiled players: 4 players with 1 exiled draw 2."""
    st, _ = new(scenario_setup("raxxon", chapter=2, players=4))
    st["seats"][3]["exiled"] = True
    assert raxxon.experiments_for_r3(st) == 2


def test_r2_completed_brings_everyone_home_from_raxxon():
    """000:917: "Take all survivor standees from Raxxon and place them at the colony" (not a
    move: no exposure roll); an exiled player's survivors never enter the colony (002 Exile)."""
    st, _ = new(scenario_setup("raxxon", chapter=2))
    ana, bruno = st["survivors"][0], st["survivors"][2]
    ana["location"] = bruno["location"] = RAXXON["id"]
    st["seats"][1]["exiled"] = True
    st = to_step_five(st)
    st, steps = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    where = {v["id"]: v["location"] for v in st["survivors"]}
    assert where[ana["id"]] == "colony"
    assert where[bruno["id"]] == RAXXON["id"]
    assert {"scenario_sent_home", "scenario_exiled_stays"} <= set(kinds(steps))
    assert "exposure_rolled" not in kinds(steps)
    assert tasks(steps) == []  # the dice, the survivors and the experiments: raxxon.py


def test_b1_completed_empties_the_food_supply():
    """000:962: "Remove all food from the food supply"; the rest is told (000:962-972)."""
    st, _ = new(scenario_setup("bandit_blitz"))
    st = to_step_five(st)
    st["food"] = 5
    st, steps = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    assert st["food"] == 0
    assert next(s for s in steps if s["kind"] == "blitz_food_lost")["food"] == 5
    assert "survivor_died" in kinds(steps)  # 000:968, bandits.py
    assert tasks(steps) == []  # the reader, the death, the wound and the way home: bandits.py


def blitz_with_a_dog() -> dict:
    """Bandit Blitz at B1's step 5: Ana's Survivor 1 (influence 10, the lowest) is a dog."""
    setup = scenario_setup("bandit_blitz")
    setup["seats"][0]["survivors"][1]["human"] = False
    st, _ = new(setup)
    return to_step_five(st)


def test_b1_completed_wounds_the_human_survivor_with_the_lowest_influence_000_968():
    """000:958: the section "should be read and followed by the player who controls the human
    survivor with the lowest influence"; 000:960 "Place the survivor with the highest influence
    and the human survivor with the lowest influence at the Bandits' Hideout"; 000:968 "Kill
    the survivor with the highest influence ... Add a wound to the human survivor with the
    lowest influence unless that survivor already has 2 wounds. Place that survivor back at the
    colony." The dog (influence 10) is not human: Bruno's Survivor 3 (20) is."""
    st = blitz_with_a_dog()
    assert not st["cards"]["survivors"]["t.surv-1"]["human"]
    assert st["cards"]["survivors"]["t.surv-3"]["human"]
    st, steps = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    done = next(s for s in steps if s["kind"] == "chapter_completed")
    assert done["reader"] == "s2"
    assert engine.render_step(done, st).endswith(
        "Bruno reads it and follows it (they control the human survivor with the lowest influence)."
    )
    assert engine.render_step(done, st, "pt_BR").endswith(
        "Bruno lê e segue as instruções (controla o sobrevivente humano com a menor influência)."
    )
    dead = next(s for s in steps if s["kind"] == "survivor_died")
    assert dead["survivor"] == "t.surv-2" and dead["cause"] == "bandit_ambush"  # influence 64
    hurt = next(v for v in st["survivors"] if v["id"] == "t.surv-3")
    assert hurt["wounds"] == 1 and hurt["location"] == "colony"
    dog = next(v for v in st["survivors"] if v["id"] == "t.surv-1")
    assert dog["wounds"] == 0
    ran = next(s for s in steps if s["kind"] == "blitz_runs_home")
    assert engine.render_step(ran, st) == (
        "Survivor 3, the human survivor with the lowest influence, is shot while running from "
        "the bandits and takes a wound."
    )
    assert engine.render_step(ran, st, "pt_BR") == (
        "Survivor 3, o sobrevivente humano com a menor influência, leva um tiro ao fugir dos "
        "bandidos e recebe um ferimento."
    )
    home = next(s for s in steps if s["kind"] == "scenario_sent_home")
    assert home["survivor"] == "t.surv-3" and home["came_from"] == HIDEOUT["id"]
    assert "exposure_rolled" not in kinds(steps)


def test_b1_adds_no_wound_to_a_survivor_who_already_has_2_000_968():
    """000:968: "Add a wound ... unless that survivor already has 2 wounds" (001 "a menos que
    ele já tenha 2 ferimentos"); frostbite and despair count as wounds (000:536)."""
    st = blitz_with_a_dog()
    hurt = next(v for v in st["survivors"] if v["id"] == "t.surv-3")
    hurt["wounds"], hurt["frostbite"] = 1, 1
    st, steps = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    hurt = next(v for v in st["survivors"] if v["id"] == "t.surv-3")
    assert (hurt["wounds"], hurt["frostbite"]) == (1, 1)
    ran = next(s for s in steps if s["kind"] == "blitz_runs_home")
    assert ran["wounded"] is False and "wound_added" not in kinds(steps)
    assert engine.render_step(ran, st) == (
        "Survivor 3, the human survivor with the lowest influence, runs from the bandits and "
        "takes no wound: they already have 2."
    )
    assert engine.render_step(ran, st, "pt_BR") == (
        "Survivor 3, o sobrevivente humano com a menor influência, foge dos bandidos e não "
        "recebe ferimento: já tem 2."
    )


def test_an_exiled_player_s_survivor_stays_at_the_hideout_after_b1():
    """000:968 "Place that survivor back at the colony", but an exiled player's survivors may
    not enter the colony (002:1736, the ruling of ``state.send_home``)."""
    st = blitz_with_a_dog()
    st["seats"][1]["exiled"] = True
    st, steps = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    hurt = next(v for v in st["survivors"] if v["id"] == "t.surv-3")
    assert hurt["location"] == HIDEOUT["id"] and hurt["wounds"] == 1
    assert "scenario_exiled_stays" in kinds(steps)


def test_pay_food_still_counts_a_survivor_who_is_not_human():
    """002:1581: every survivor in the colony eats, the dog included (RULES.md Pay Food):
    6 survivors, 3 food; being human is asked by B1 alone."""
    setup = scenario_setup("bandit_blitz")
    setup["seats"][0]["survivors"][1]["human"] = False
    st, _ = new(setup)
    st["food"] = 5
    st, _ = act(st, {"type": "pay_food"})
    assert st["food"] == 2


def test_after_b2_s_special_exile_phase_the_non_exiled_come_home_from_the_hideout():
    """000:992: "After the special Exile Phase, unless the game is over ... Place all survivors
    from the Bandit Hideout belonging to non-exiled players back at the colony"; the B3 card
    follows next round (000:994). The engine plays the phase now (special_exile.py), so the
    table is told no task by hand."""
    st, _ = new(scenario_setup("bandit_blitz", chapter=2))
    ana, bruno = st["survivors"][0], st["survivors"][2]
    ana["location"] = bruno["location"] = HIDEOUT["id"]
    st = to_step_five(st)
    st, steps = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    assert tasks(steps) == [] and st["pending"]["kind"] == "special_exile"
    assert all(v["location"] == HIDEOUT["id"] for v in (st["survivors"][0], st["survivors"][2]))
    st["seats"][1]["exiled"] = True  # exiled in the special exile phase
    while st["pending"]["kind"] == "special_exile":
        caller = st["pending"]["seat"]
        st, _ = engine.apply(st, {"type": "skip_special_exile_vote", "by": caller})
    st, _ = engine.apply(st, {"type": "pass_betrayal_reveal", "by": "table"})
    where = {v["id"]: v["location"] for v in st["survivors"]}
    assert where[ana["id"]] == "colony" and where[bruno["id"]] == HIDEOUT["id"]
    for action in ("move_round_track", "pass_first_player"):
        st, _ = engine.apply(st, {"type": action, "by": "table"})
    assert st["scenario"]["chapter"] == 3 and st["main_objective"]["name"] == "B3"


def test_completing_the_last_chapter_wins():
    """000:934 "Complete the objective to end the game": the colony's main objective is met."""
    st, _ = new(scenario_setup("raxxon", chapter=3))
    st, steps = finish_round(st, met=True)
    assert st["ended"]["reason"] == "main_objective"
    done = next(s for s in steps if s["kind"] == "chapter_completed")
    assert done["last"] is True
    assert "Complete it to end the game." in engine.render_step(
        {"kind": "chapter_began", "scenario": "raxxon", "chapter": 3, "previous": "R2",
         "code": "R3", "last": True})  # fmt: skip


@pytest.mark.parametrize(
    ("name", "chapter", "met"),
    [
        ("raxxon", 1, {"outcome": "next_chapter", "code": "R1", "next_code": "R2"}),
        ("raxxon", 2, {"outcome": "next_chapter", "code": "R2", "next_code": "R3"}),
        ("bandit_blitz", 1, {"outcome": "next_chapter", "code": "B1", "next_code": "B2"}),
        ("raxxon", 3, {"outcome": "game_ends"}),
    ],
)
def test_step_five_says_what_a_met_chapter_does_000_886(name, chapter, met):
    """000:886 "The next section should be read once Special Main Objective R1 has been
    completed"; 000:904 "At the beginning of the next round, remove the Special Main Objective
    R1 card from the game and place the Special Main Objective R2 card": a met chapter goes on
    to the next one; only the last ends the game (000:934)."""
    st, _ = new(scenario_setup(name, chapter=chapter))
    while raxxon.experiments_to_draw(st):  # R3 begins with its draws (000:930)
        st, _ = act(st, {"type": "enter_experiment", "code": [1, 2], "zombies": ["Hunter"]})
        st, _ = act(st, {"type": "place_special_zombies"})
    if (st["pending"] or {}).get("next"):  # then the next top experiment (000:769)
        st, _ = act(st, {"type": "enter_experiment", "code": [3, 4], "zombies": ["Claw"]})
    st = to_step_five(st)
    waiting = engine.table_view(st)["waiting"]
    assert waiting["step"] == "check_main_objective" and waiting["met"] == met
    done, _ = engine.apply(st, {"type": "check_main_objective", "by": "table", "met": True})
    assert bool(done["ended"]) is (met["outcome"] == "game_ends")


def test_the_met_answer_reads_in_both_languages():
    en = {"outcome": "next_chapter", "code": "R1", "next_code": "R2"}
    assert labels.met_answer(en, lambda m: m) == (
        "Met: R1 is complete; read its section now, R2 begins next round"
    )
    pt = translator("pt_BR").gettext
    assert labels.met_answer(en, pt) == (
        "Cumprido: R1 está completo; leiam a seção dele agora, R2 começa na próxima rodada"
    )
    assert labels.met_answer({"outcome": "game_ends"}, pt) == "Cumprido: o jogo acaba"


def test_without_a_scenario_met_ends_the_game_002_1621():
    """002:1621: "If it has been achieved the game immediately ends"."""
    st, _ = engine.apply(
        None, {"type": "new_game", "by": "table", "setup": make_setup(3), "seed": 1}
    )
    assert scenarios.objective_met_means(st) == {"outcome": "game_ends"}


def test_a_chapter_not_met_changes_nothing():
    st, _ = new(scenario_setup("bandit_blitz"))
    st, steps = finish_round(st, met=False)
    assert st["scenario"]["chapter"] == 1 and not st["scenario"]["completed"]
    assert "chapter_completed" not in kinds(steps)


def test_a_whole_scenario_played_through_three_chapters_replays_identically():
    """Three completions in three rounds: R1 -> R2 -> R3 -> the win; replay gives the same."""
    log: list = []
    st, _ = act(None, {"type": "new_game", "setup": scenario_setup("raxxon")}, log)
    for chapter in (1, 2, 3):
        assert st["scenario"]["chapter"] == chapter
        st, _ = act(st, {"type": "add_food", "count": 9}, log)
        st, _ = finish_round(st, met=True, log=log)
    assert st["ended"]["reason"] == "main_objective"
    assert engine.replay(log) == st


def test_the_scenario_is_public_and_survives_a_save():
    st, _ = new(scenario_setup("bandit_blitz"))
    shown = {**st["scenario"], "next_card": False}  # the view adds whether a next card comes
    assert engine.table_view(st)["scenario"] == shown
    assert engine.seat_view(st, "s1")["scenario"] == shown
    assert engine.from_json(engine.to_json(st)) == st


def test_a_game_without_a_scenario_has_no_scenario_field():
    """Games without a scenario keep the state they had before scenarios existed (the store's
    migration test holds their digests); a met objective ends them as before (002:1621)."""
    st, _ = engine.apply(
        None, {"type": "new_game", "by": "table", "setup": make_setup(3), "seed": 1}
    )
    assert "scenario" not in st
    st["food"] = 9
    st, _ = finish_round(st, met=True)
    assert st["ended"]["reason"] == "main_objective" and "scenario" not in st


# --- the front door: junk in a scenario setup is refused with a sentence, never a crash ---


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st_.data())
def test_junk_in_a_scenario_setup_is_refused_cleanly(data):
    """A scenario setup whose scenario, modules, ruleset or objectives are junk: RuleError or a
    game whose state is plain JSON and whose views work."""
    setup = scenario_setup(data.draw(st_.sampled_from(sorted(scenarios.SCENARIOS))))
    key = data.draw(st_.sampled_from(["scenario", "settings", "ruleset", "betrayal_id", "card"]))
    if key == "card":
        # A copy: the listed cards are shared with the other tests (BANDIT_BETRAYAL, the catalogue).
        where = data.draw(st_.sampled_from(range(len(setup["objectives"]))))
        card = setup["objectives"][where] = dict(setup["objectives"][where])
        card[data.draw(st_.sampled_from(sorted(card)))] = data.draw(JUNK)
    elif key == "scenario":
        setup["scenario"] = data.draw(
            JUNK | st_.fixed_dictionaries({"name": JUNK, "chapter": JUNK})
        )
    else:
        setup[key] = data.draw(JUNK)
    try:
        state, _ = new(setup)
    except RuleError as exc:
        assert engine.render_error(exc, "pt_BR")
        return
    json.dumps(state)
    engine.table_view(state)
    engine.seat_view(state, "s1")


def test_a_typed_in_chapter_card_that_counts_is_checked_from_its_count_000_886():
    """Issue 28.17: "the special scenario cards are typed in, so a typed objective may say what
    it counts (cards, zombies, survivors) and get the counter". R1 typed in as counting 1 card
    per player: the counter reaches 3 for 3 players, step 5 finds it met (000:886 "once Special
    Main Objective R1 has been completed"), and R2, whose count was never typed, is asked."""
    setup = scenario_setup("raxxon")
    setup["main_objective"] = {
        **setup["main_objective"],
        "counts": {"what": "cards", "per_player": 1},
    }
    st, _ = new(setup)
    assert st["main_objective"]["counts"] == {"what": "cards", "per_player": 1}
    st, _ = act(st, {"type": "add_objective_progress", "count": 2})
    st = to_step_five(st)
    with pytest.raises(RuleError, match="checked from its count"):
        act(st, {"type": "check_main_objective", "met": True})
    st, steps = act(st, {"type": "check_main_objective"})
    counted = next(s for s in steps if s["kind"] == "main_objective_counted")
    assert (counted["count"], counted["target"], counted["met"]) == (2, 3, False)
    assert st["scenario"]["completed"] is False
    for action in ("move_round_track", "pass_first_player"):
        st, _ = act(st, {"type": action})
    st, _ = act(st, {"type": "add_objective_progress", "count": 1})
    st, steps = act(to_step_five(st), {"type": "check_main_objective"})
    assert next(s for s in steps if s["kind"] == "main_objective_counted")["met"] is True
    assert st["scenario"]["completed"] is True and st["ended"] is None
    st, _ = follow_r1(st)  # R1's completion steps wait first (named.py, 000:892)
    for action in ("move_round_track", "pass_first_player"):
        st, _ = act(st, {"type": action})
    assert st["main_objective"]["name"] == "R2"
    assert (st["main_objective"]["counts"], st["main_objective"]["progress"]) == (None, 0)
    assert "add_objective_progress" not in legal_for_table(st)


# --- The Chimp and the Code's named survivors and R1's completion steps (named.py) ---

EMMA = {
    "id": "long_night.emma-han",
    "name": "Emma Han",
    "occupation": "Student",
    "influence": 33,
    "attack": 5,
    "search": 3,
    "set_aside": True,
}
BLUE = {"id": "long_night.blue", "name": "Blue", "human": False, "set_aside": True}


def raxxon_card(st: dict) -> dict:
    return next(loc for loc in st["locations"] if loc["id"] == RAXXON["id"])


def chimp_and_code(**extra) -> dict:
    return scenario_setup("raxxon", set_aside=[dict(EMMA), dict(BLUE)], **extra)


def test_cards_db_holds_the_named_survivors_set_aside_out_of_the_deck():
    """000:874 "Remove Blue and Emma Han from the survivor deck and set them aside"; Emma Han's
    card as the Portuguese book prints it (001:796: 33, 5, 3, "Estudante"); Blue is a chimp."""
    from companion.cards.game import game_setup
    from companion.cards.load import load_cards
    from companion.paths import project_root

    cards = {s["id"]: s for s in load_cards(project_root() / "cards.db")["survivors"]}
    emma, blue = cards[named.EMMA], cards[named.BLUE]
    assert (emma["influence"], emma["attack"], emma["search"]) == (33, 5, 3)
    assert emma["occupation_pt_BR"] == "Estudante" and emma["human"] is True
    assert (blue["influence"], blue["attack"], blue["search"]) == (None, None, None)
    assert blue["human"] is False and blue["set_aside"] and emma["set_aside"]
    setup = game_setup(
        project_root() / "cards.db",
        seats=[{"name": "A"}],
        main_objective="base.we-need-more-samples",
    )
    assert {s["id"] for s in setup["set_aside"]} == set(named.NAMED)
    assert not set(named.NAMED) & {s["id"] for s in setup["survivors"]}


def test_emma_han_joins_the_first_players_following_in_the_colony_000_882():
    """000:882 "Add Emma Han's standee to the colony and add her survivor card to the following
    of the first player. Then, find the Raxxon Blueprints in the Raxxon search deck and equip
    them to Emma." Blue stays set aside."""
    st, steps = new(chimp_and_code())
    emma = next(v for v in st["survivors"] if v["id"] == named.EMMA)
    assert (emma["owner"], emma["location"], emma["leader"]) == (
        st["first_player"],
        "colony",
        False,
    )
    assert (emma["influence"], emma["attack"], emma["search"]) == (33, 5, 3)
    assert list(st["scenario"]["set_aside"]) == [named.BLUE]
    joined = next(s for s in steps if s["kind"] == "named_survivor_joined")
    assert joined["equip"] == "raxxon_blueprints"
    assert kinds(steps).index("first_player_chosen") < kinds(steps).index("named_survivor_joined")
    assert "set_aside_blue_emma" not in tasks(steps) and "emma_joins" not in tasks(steps)
    text = engine.render_step(joined, st)
    assert "Raxxon Blueprints" in text and "Emma Han joins" in text
    assert "Planta da Raxxon" in engine.render_step(joined, st, "pt_BR")


def test_emma_joins_once_every_dealt_player_has_kept_their_survivors():
    """000:882 "the following of the first player": known once survivors are kept (002 "Game
    Setup" 14)."""
    setup = chimp_and_code(deal_survivors=True)
    setup["survivors"] = [v for seat in setup["seats"] for v in seat["survivors"]]
    setup["survivors"] += [dict(v, id=f"{v['id']}-b") for v in setup["survivors"]]
    for seat in setup["seats"]:
        seat["survivors"] = []
    st, _ = new(setup)
    assert not any(v["id"] == named.EMMA for v in st["survivors"])
    for sid in [s["id"] for s in st["seats"]]:
        hand = st["secrets"][sid]["dealt_survivors"]
        st, _ = engine.apply(
            st, {"type": "keep_survivors", "by": sid, "survivors": hand[:2], "seed": 1}
        )
    emma = next(v for v in st["survivors"] if v["id"] == named.EMMA)
    assert emma["owner"] == st["first_player"]


def test_r1_completion_steps_are_followed_by_the_reader_with_emma_counted_000_892():
    """000:886 "read and followed by the player with the fewest survivors in their following"
    (Emma Han counted: the first player has 3); 000:892 "Place a survivor you control at
    Raxxon ... Remove any 3 zombies from the colony and place them at Raxxon"; 000:900 "Add
    Blue's survivor card to your following and place her standee at Raxxon ... Add 1 wound to
    her card"."""
    st, _ = new(chimp_and_code())
    first = st["first_player"]
    st = to_step_five(st)
    for ent in st["colony"]["entrances"]:
        ent["zombies"] = 0
    st["colony"]["entrances"][0]["zombies"] = 2
    st["colony"]["entrances"][3]["zombies"] = 2
    raxxon_card(st)["entrance"]["zombies"] = 0
    st, steps = act(st, {"type": "check_main_objective", "met": True})
    reader = next(s for s in steps if s["kind"] == "chapter_completed")["reader"]
    assert reader != first  # the first player has 3 survivors with Emma
    assert st["pending"] == {"kind": "r1_completion", "seat": reader}
    with pytest.raises(RuleError, match="R1's completion steps"):
        act(st, {"type": "move_round_track"})
    choices = legal_for_table(st)
    assert list(choices) == ["follow_r1_completion", "tick_setup_step"]  # ticks: any phase
    follow = choices["follow_r1_completion"]
    assert follow["zombies"] == 3 and follow["numbers"] == ["influence", "attack", "search"]
    mine = follow["survivor_id"]
    assert mine == [v["id"] for v in st["survivors"] if v["owner"] == reader]
    base = {"type": "follow_r1_completion", "survivor_id": mine[0], "entrances": [1, 1, 4]}
    with pytest.raises(RuleError, match="type Blue's influence, attack and search"):
        act(st, base)
    blue = {"influence": 12, "attack": 3, "search": 5}
    with pytest.raises(RuleError, match="name the colony entrance of each zombie"):
        act(st, {**base, **blue, "entrances": [1]})
    with pytest.raises(RuleError, match="holds no more zombies"):
        act(st, {**base, **blue, "entrances": [1, 1, 1]})
    other = next(v["id"] for v in st["survivors"] if v["owner"] != reader)
    with pytest.raises(RuleError, match="not the reader's"):
        act(st, {**base, **blue, "survivor_id": other})
    st, steps = act(st, {**base, **blue})
    rax = raxxon_card(st)
    placed = next(v for v in st["survivors"] if v["id"] == mine[0])
    assert placed["location"] == RAXXON["id"]
    assert "exposure_rolled" not in kinds(steps) and "survivor_moved" not in kinds(steps)
    assert [e["zombies"] for e in st["colony"]["entrances"]][:4] == [0, 0, 0, 1]
    assert rax["entrance"]["zombies"] == 3
    chimp = next(v for v in st["survivors"] if v["id"] == named.BLUE)
    assert (chimp["owner"], chimp["location"], chimp["wounds"]) == (reader, RAXXON["id"], 1)
    assert (chimp["influence"], chimp["attack"], chimp["search"]) == (12, 3, 5)
    assert st["cards"]["survivors"][named.BLUE]["human"] is False
    assert st["pending"] is None and st["scenario"]["set_aside"] == {}
    st, _ = act(st, {"type": "move_round_track"})  # the colony phase goes on


def test_with_no_room_for_blue_the_first_player_sends_one_back_000_900():
    """000:900-904 "(If there isn't enough room for her, move a survivor of the first player's
    choice back to the colony. This does not count as move.)\""""
    rax_card = {**RAXXON, "survivor_spaces": 1}
    setup = chimp_and_code()
    setup["locations"] = [COLONY_CARD, *LOCATIONS, rax_card]
    st, _ = new(setup)
    st = to_step_five(st)
    raxxon_card(st)["entrance"]["zombies"] = 0  # no overrun there when the 3 come
    st, _ = act(st, {"type": "check_main_objective", "met": True})
    follow = legal_for_table(st)["follow_r1_completion"]
    mine = follow["survivor_id"][0]
    assert mine in follow["home"]
    base = {
        "type": "follow_r1_completion",
        "survivor_id": mine,
        "entrances": follow["entrances"][: follow["zombies"]],
        "influence": 12,
        "attack": 3,
        "search": 5,
    }
    with pytest.raises(RuleError, match="Raxxon has no room for Blue"):
        act(st, base)
    st, steps = act(st, {**base, "home": mine})
    assert next(v for v in st["survivors"] if v["id"] == mine)["location"] == "colony"
    assert "scenario_sent_home" in kinds(steps)
    assert next(v for v in st["survivors"] if v["id"] == named.BLUE)["location"] == RAXXON["id"]


def test_a_game_started_at_r2_has_emma_and_leaves_blue_to_the_table():
    """000:882 (Emma Han joins at R1's setup, which a later chapter assumes followed); Blue joins
    only as R1's section is followed (000:900), so a game started at R2 tells the table."""
    st, steps = new(chimp_and_code(scenario={"name": "raxxon", "chapter": 2}))
    assert any(v["id"] == named.EMMA for v in st["survivors"])
    assert not any(v["id"] == named.BLUE for v in st["survivors"])
    assert tasks(steps) == ["blue_joins", "pills_now"]
