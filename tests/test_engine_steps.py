"""Steps carry codes, ids, names and numbers; their sentences come from one gettext catalogue."""

from __future__ import annotations

import ast
import random
import re
from typing import Any

import pytest
from helpers.sources import engine_sources
from play import setup_for

import companion.engine as engine
from companion.engine import sentences
from companion.engine.sentences import RENDERERS, render_step
from companion.engine.words import fill as sentences_fill
from companion.engine.words import labels as steps_module
from companion.engine.words import translation
from companion.engine.words.labels import NP_, Plural
from companion.engine.words.steps import step
from companion.engine.words.translation import translator

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@pytest.fixture(scope="module", autouse=True)
def pt_br():
    """The engine reads the project's own pt_BR catalogue; it must hold the engine's messages."""
    assert translator("pt_BR").gettext("the colony") != "the colony"
    yield


# --- one sample step of every kind --------------------------------------------------------

ANA = {"seat": "s1", "seat_name": "Ana"}
SAMPLES: dict[str, dict[str, Any]] = {
    "morale_changed": {"amount": -1, "reason": "survivor_died", "morale": 5, "name": "Bo"},
    "survivor_died": {
        "survivor": "v1",
        "name": "Bo",
        "location": "colony",
        "cause": "overrun",
        "place": "colony",
        "place_name": "",
        "costs_morale": True,
        "owner": "s1",
        "owner_name": "Ana",
    },
    "survivor_removed": {"survivor": "v1", "name": "Bo", "cause": "card", "source": "Raid"},
    "helpless_died": {"unruly": True, "cause": "overrun", "place": "colony"},
    "wound_added": {"survivor": "v1", "name": "Bo", "wound": "frostbite", "total": 2},
    "leader_promoted": {**ANA, "survivor": "v1", "name": "Bo"},
    "last_survivor_lost": ANA,
    "replacement_drawn": {**ANA, "survivor": "v1", "name": "Bo"},
    "player_eliminated": ANA,
    "tie_broken": {"names": "Bo, Cy", "influence": 20, "chosen": "Bo", "survivors": ["v1", "v2"]},
    "game_ended": {"reason": "two_exiled"},
    "zombies_to_add": {"where": "police", "location_name": "Police", "count": 2, "reason": "setup"},
    "zombie_placed": {"where": "colony", "entrance": 3, "k": 3, "location_name": ""},
    "barricade_broken": {"where": "colony", "entrance": 1, "k": 1, "location_name": ""},
    "trap_fired": {
        "where": "police",
        "entrance": 1,
        "k": 2,
        "location_name": "Police",
        "cleared": 3,
    },
    "overrun": {"where": "police", "entrance": 1, "k": 1, "location_name": "Police"},
    "overrun_nobody": {"where": "police"},
    "bandits_removed": {"location": "police", "location_name": "Police", "count": 2},
    "turn_started": {**ANA, "round": 2},
    "crossroads_drawn": {**ANA, "drawer": "s3", "drawer_name": "Cy"},
    "crossroads_secret": {**ANA, "private": "s3", "card": "x.cold", "drawer": "s3"},
    "crossroads_deck_empty": {**ANA, "drawer": "s3", "drawer_name": "Cy"},
    "frostbite_hurts": {**ANA, "survivor": "v1", "name": "Bo"},
    "crossroads_returned": {"drawer": "s3", "drawer_name": "Cy"},
    "turn_ended": ANA,
    "turns_over": {},
    "crossroads_revealed": {
        "drawer": "s3",
        "drawer_name": "Cy",
        "card": "x.cold",
        "name": "Cold",
        "trigger": "When it snows.",
    },
    "crossroads_option_chosen": {
        **ANA,
        "card": "x.cold",
        "option": 1,
        "text": "Sing.",
        "by_vote": False,
    },
    "crossroads_removed": {"card": "x.cold", "name": "Cold"},
    "crossroads_no_option": {"card": "x.cold", "name": "Cold"},
    "vote_opened": {"subject": "exile", "voters": ["s1", "s2"], "target": "s2"},
    "vote_cast": {**ANA, "subject": "exile"},
    "survivor_choice_opened": {
        "seats": ["s1", "s2"],
        "seat_names": "Ana, Di",
        "target": "each_player_chooses_in_colony",
        "source": "White Fingers",
    },
    "survivor_choice_none": {**ANA, "source": "White Fingers"},
    "survivor_choice_only": {**ANA, "survivor": "v1", "name": "Bo", "source": "White Fingers"},
    "survivor_chosen": ANA,
    "survivor_choice_made": {**ANA, "survivor": "v1", "name": "Bo"},
    "vote_tally": {"subject": "first_player", "up": 1, "down": 1, "passed": True},
    "vote_tie_broken": {"breaker": "s2", "breaker_name": "Di", "ruling": True, "passed": False},
    "exile_vote_called": {
        "caller": "s1",
        "caller_name": "Ana",
        "target": "s2",
        "target_name": "Di",
    },
    "exile_refused": {"target": "s2", "target_name": "Di"},
    "player_exiled": {"target": "s2", "target_name": "Di"},
    "exiled_objective_drawn": ANA,
    "exiled_objective_secret": {**ANA, "private": "s1", "card": "x.alone"},
    "exiled_objectives_empty": ANA,
    "exiled_survivor_moved": {"survivor": "v1", "name": "Bo", "to": "police", "location_name": "P"},
    "exiled_must_move": {**ANA, "survivors": ["v1", "v2"], "names": "Bo, Cy"},
    "objective_marked": ANA,
    "objective_not_counted": ANA,
    "winners_declared": {
        "coop": False,
        "reason": "morale",
        "winners": ["s1"],
        "winner_names": ["Ana"],
        "loser_names": ["Di"],
    },
    "game_set_up": {
        "players": 3,
        "main_objective": "Samples",
        "side": "hardcore",
        "morale": 6,
        "round_track": 6,
        "food": 1,
        "helpless": 0,
    },
    "setup_extra": {"extra": "Shuffle twice."},
    "starting_items": {"count": 5},
    "survivors_dealt": {"count": 4, "keep": 2},
    "survivors_dealt_private": {"private": "s1", "survivors": ["v1", "v2"]},
    "survivors_kept": {**ANA, "survivors": ["v1", "v2"], "names": ["Bo", "Cy"]},
    "survivors_returned": {"deck": 1},
    "objective_received": {"private": "s1", "seat": "s1", "objective": "x.o", "name": "Hoard"},
    "objectives_dealt": {"players": 3},
    "no_secret_objectives": {"reason": "none_given"},
    "decks_built": {"crossroads": 10, "crises": 5, "exiled_objectives": 0},
    "first_player_chosen": {**ANA, "leader": "Bo", "influence": 60, "tied_with": "Di"},
    "exposure_rolled": {"survivor": "v1", "name": "Bo", "result": "frostbite", "rolled": True},
    "exposure_skipped": {"survivor": "v1", "name": "Bo", "reason": "card_says_skip"},
    "bite_spreads": {
        "survivor": "v2",
        "name": "Cy",
        "seat": None,
        "owner_name": "",
        "where": "colony",
        "location_name": "",
    },
    "bite_stops_nobody": {"where": "police", "location_name": "Police"},
    "bite_kill_chosen": {"survivor": "v2", "name": "Cy"},
    "bite_roll": {"survivor": "v2", "name": "Cy", "result": "wound", "rolled": False},
    "bite_survived": {"survivor": "v2", "name": "Cy"},
    "survivor_moved": {
        "survivor": "v1",
        "name": "Bo",
        "came_from": "colony",
        "from_name": "",
        "to": "police",
        "to_name": "Police",
        "free": True,
    },
    "zombies_killed": {
        "count": 1,
        "by": "",
        "where": "police",
        "entrance": 1,
        "location_name": "P",
    },
    "barricade_added": {"where": "colony", "entrance": 2, "location_name": ""},
    "barricade_removed": {"where": "colony", "entrance": 2, "location_name": ""},
    "trap_added": {"where": "police", "entrance": 1, "location_name": "Police"},
    "trap_removed": {"where": "police", "entrance": 1, "location_name": "Police"},
    "zombie_attracted": {
        "from_where": "police",
        "from_entrance": 1,
        "from_location_name": "Police",
        "where": "colony",
        "entrance": 4,
        "location_name": "",
    },
    "noise_added": {"count": 2, "location_name": "Police", "noise": 3},
    "noise_removed": {"count": 1, "location_name": "Police", "noise": 0},
    "cards_played": {**ANA, "count": 2, "removed": "exiled", "waste": 4},
    "waste_cleaned": {**ANA, "removed": 3, "waste": 1},
    "waste_added": {"count": 1, "waste": 5},
    "food_spent": {**ANA, "count": 2, "food": 3},
    "food_added": {"count": 1, "food": 4},
    "helpless_added": {"count": 2, "unruly": False, "left_out": 1},
    "helpless_not_added": {**ANA, "count": 1},
    "unruly_calmed": {**ANA, "wasted": True, "waste": 3},
    "wound_healed": {"survivor": "v1", "name": "Bo", "wound": "wound"},
    "despair_removed": {"survivor": "v1", "name": "Bo"},
    "survivor_added": {
        **ANA,
        "survivor": "v3",
        "name": "Ed",
        "where": "colony",
        "location_name": "",
    },
    "counter_set": {"counter": "round_track", "old": 3, "value": 4},
    "capacity_set": {
        "where": "colony",
        "location_name": "",
        "what": "entrance_spaces",
        "entrance": 2,
        "value": 4,
    },
    "effect_by_hand": {"need": "active_player", "target": "group_leader", "source": "Raid"},
    "food_changed": {"amount": -2, "wanted": -3, "food": 0, "source": "Raid"},
    "starvation_changed": {"amount": 1, "wanted": 1, "starvation": 2, "source": ""},
    "waste_changed": {"amount": 2, "wanted": 2, "waste": 7, "source": "Raid"},
    "round_track_changed": {"amount": -1, "round_track": 3, "source": "Raid"},
    "helpless_removed": {"count": 1, "wanted": 2, "normal": 0, "unruly_now": 0},
    "helpless_turned": {"count": -1, "wanted": -1, "normal": 2, "unruly_now": 0},
    "zombies_removed": {"where": "colony", "location_name": "", "count": 2, "source": "Raid"},
    "effect_place_missing": {"where": "x.moon", "source": "Raid"},
    "random_location": {"roll": 4, "location": "library", "location_name": "Library"},
    "random_location_none": {"roll": 6},
    "helpless_no_room": {"count": 2, "source": "Raid"},
    "noise_lost": {"count": 1, "location_name": "Police", "noise": 4},
    "noise_not_at_colony": {"source": "Raid"},
    "defence_lost": {"where": "police", "location_name": "Police", "what": "trap"},
    "defence_missing": {"where": "colony", "location_name": "", "what": "barricade"},
    "effect_no_target": {"target": "each_in_colony", "source": "Raid"},
    "crisis_revealed": {
        "crisis": "x.c",
        "name": "Blizzard",
        "prevent": ["fuel", "food"],
        "fail_text": "Lose 2 morale.",
        "bonus_text": "",
        "target": 3,
    },
    "bandits_rolled": {"rolls": [2, 5]},
    "bandit_placed": {"number": 2, "location": "grocery", "location_name": "Grocery", "bandits": 1},
    "bandit_not_placed": {"number": 9, "location_name": "", "full": False},
    "crisis_card_added": {**ANA, "count": 1, "total": 3},
    "crisis_contribution_private": {"private": "s1", "symbols": ["tool", "weapon"], "total": 4},
    "crisis_cards_entered": {"count": 2, "total": 5},
    "crisis_cards_withdrawn": {**ANA, "count": 1, "total": 2},
    "crisis_none": {},
    "crisis_resolving": {"name": "Blizzard", "count": 4, "target": 3},
    "crisis_card_revealed": {"k": 2, "symbol": "education", "points": -1, "total": 0},
    "crisis_failed": {"name": "Blizzard", "total": 1, "target": 3, "fail_text": "Lose 2 morale."},
    "crisis_prevented": {"name": "Blizzard", "total": 5, "target": 3},
    "crisis_bonus": {
        "name": "Blizzard",
        "total": 5,
        "target": 3,
        "bonus_text": "",
        "default_bonus": True,
    },
    "crisis_cards_removed": {"count": 4},
    "colony_phase_began": {"round": 2},
    "colony_phase_paused": {"next_step": "add_zombies"},
    "food_paid": {"colonists": 7, "need": 4, "food": 1},
    "colony_starves": {"colonists": 1, "need": 1, "food": 0, "starvation": 1},
    "waste_checked": {"waste": 12, "loss": 1},
    "noise_resolved": {"location": "police", "location_name": "Police", "hit": True, "coin": "!!!"},
    "main_objective_checked": {"met": False},
    "round_track_moved": {"round_track": 1},
    "first_player_kept": ANA,
    "first_player_passed": ANA,
    "round_began": {"round": 3, "round_track": 4},
    # searching and the Raxxon module
    "searched": {
        "survivor": "v1",
        "name": "Bo",
        "location": "police",
        "location_name": "Police",
        "noise": 1,
    },
    "raxxon_dice_placed": {"seat": "s1", "seat_name": "Ana", "faces": [3], "dice": [3, 5]},
    "raxxon_dice_removed": {"count": 2},
    "experiment_entered": {"code": [3, 5], "zombies": ["Hunter", "Hunter"]},
    "containment_experiment_asked": {"dice": [2, 2]},
    "next_experiment_asked": {},
    "special_zombies_stay": {
        "zombies": ["Claw"],
        "where": "police",
        "entrance": 1,
        "location_name": "Police",
    },
    "containment_checked": {"code": [3, 5], "dice": [3], "match": False},
    "experiment_discarded": {"reason": "contained"},
    "containment_place_asked": ANA,
    "containment_place_chosen": {"where": "colony", "location_name": "", "count": 3},
    "containment_fewer_zombies": {
        "where": "police",
        "location_name": "Police",
        "before": 4,
        "count": 1,
    },
    "special_zombie_rolled": {
        "zombie": "Claw",
        "k": 1,
        "roll": 2,
        "location": "police",
        "location_name": "Police",
    },
    "special_zombie_placed": {
        "zombie": "Claw",
        "k": 1,
        "where": "colony",
        "entrance": 1,
        "location_name": "",
    },
    "special_zombie_not_placed": {
        "zombie": "Claw",
        "k": 1,
        "where": "police",
        "entrance": 1,
        "location_name": "Police",
    },
    "experiment_encounter": {"zombies": ["Claw"], "placed": 1},
    "special_zombie_attacked": {
        "survivor": "v1",
        "name": "Bo",
        "zombie": "Claw",
        "where": "police",
        "location_name": "Police",
    },
    "encounter_rolled": {
        "zombie": "Claw",
        "roll": 4,
        "rolled": True,
        "survivor": "v1",
        "name": "Bo",
    },
    "special_zombie_removed": {
        "zombie": "Claw",
        "where": "police",
        "entrance": 1,
        "location_name": "Police",
        "left": 0,
    },
    "special_zombie_moved": {
        "zombie": "Claw",
        "where": "police",
        "entrance": 1,
        "location_name": "Police",
        "to": "colony",
        "to_entrance": 2,
        "to_name": "",
    },
    "side_effect_equipped": {"survivor": "v1", "name": "Bo", "card": "Twitch"},
    "side_effect_die": {
        "survivor": "v1",
        "name": "Bo",
        "face": 2,
        "rolled": True,
        "equips": True,
        "at_most": 2,
        "source": "Blue Vials",
    },
    "containment_from_round": {"round": 4, "experiments": 2},
    "raxxon_sealed": {"location": "rx", "location_name": "Raxxon", "barricades": 3},
    "raxxon_opened": {"location": "rx", "location_name": "Raxxon", "barricades": 3},
    # the Bandits module and Bandit Blitz (engine/modules/bandits/rules.py)
    "bandits_no_room": {"count": 2},
    "bandits_skipped": {},
    "bandits_by_the_card": {"count": 2},
    "bandit_leader_decides": {**ANA, "count": 2},
    "bandits_led": {**ANA, "count": 1},
    "bandit_attacked": {
        "survivor": "v1",
        "name": "Bo",
        "location": "police",
        "location_name": "Police",
        "roll": 3,
        "hit": True,
        "bandits": 1,
    },
    "survivor_attacked": {
        "survivor": "v1",
        "name": "Bo",
        "target": "v2",
        "target_survivor": "Cy",
        "location": "colony",
        "location_name": "",
        "roll": 2,
        "attack": 2,
        "hit": True,
        **ANA,
        "owner": "s2",
        "owner_name": "Bruno",
    },
    "bandits_stay_home": {"count": 1},
    "bandits_scavenge": {"location": "police", "location_name": "Police", "count": 2},
    "hideout_cards": {"added": 2, "cards": 5},
    "hideout_cards_taken": {"survivor": "v1", "name": "Ana", "count": 1, "cards": 4},
    "hideout_cards_set": {"cards": 3},
    "bandits_set": {"location": "police", "location_name": "Police", "bandits": 2},
    "bandit_rules": {"chapter": "B1", "rules": ["placing", "zombies", "scavenge"]},
    "blitz_food_lost": {"food": 3},
    "blitz_runs_home": {"survivor": "v1", "name": "Bo", "wounded": True, "wounds": 1},
    # the special scenarios (scenarios.py)
    "scenario_set_up": {"scenario": "raxxon", "chapter": 2, "code": "R2"},
    "bandit_betrayal_dealt": {},
    # B2's special exile phase (special_exile.py)
    "special_exile_began": {"seat": "s1", "seat_name": "Ana"},
    "special_exile_vote_skipped": ANA,
    "special_exile_nobody_left": ANA,
    "special_exile_leads": {"private": "s1", "seat_name": "Ana"},
    "special_exile_betrayer_leaves": {"private": "s1", "seat_name": "Ana"},
    "betrayer_may_reveal": {},
    "bandit_betrayal_revealed": ANA,
    "betrayal_requirement_added": {"private": "s1", "requirement": "morale_at_zero"},
    "special_exile_ended": {},
    "scenario_task": {"scenario": "raxxon", "chapter": 2, "task": "blue_joins"},
    "chapter_completed": {
        "scenario": "raxxon",
        "chapter": 1,
        "code": "R1",
        "next_code": "R2",
        "last": False,
        "reader": "s1",
    },
    "scenario_sent_home": {
        "survivor": "v1",
        "name": "Bo",
        "came_from": "rx",
        "from_name": "Raxxon",
    },
    # The Chimp and the Code's named survivors and R1's completion steps (named.py)
    "named_survivors_set_aside": {
        "survivors": ["long_night.emma-han", "long_night.blue"],
        "names": ["Emma Han", "Blue"],
    },
    "named_survivor_joined": {
        "survivor": "long_night.blue",
        "name": "Blue",
        "seat": "s1",
        "seat_name": "Ana",
        "where": "rx",
        "location_name": "Raxxon",
        "wounds": 1,
        "equip": "raxxon_blueprints",
        "typed": ["attack", "influence", "search"],
    },
    "r1_completion_asked": {"seat": "s1", "seat_name": "Ana", "zombies": 3},
    "scenario_placed": {
        "survivor": "v1",
        "name": "Bo",
        "came_from": "colony",
        "from_name": "",
        "to": "rx",
        "to_name": "Raxxon",
    },
    "scenario_zombies_moved": {"count": 3, "entrances": [1, 1, 4], "to": "rx", "to_name": "Raxxon"},
    "scenario_exiled_stays": {
        "survivor": "v1",
        "name": "Bo",
        "came_from": "rx",
        "from_name": "Raxxon",
    },
    "chapter_began": {
        "scenario": "bandit_blitz",
        "chapter": 3,
        "previous": "B2",
        "code": "B3",
        "last": True,
    },
    "module_setup": {"module": "raxxon", "part": "experiments"},
    "setup_board": {"locations": ["base.police-station", "base.school"], "graveyard": True},
    "setup_reference_sheets": {},
    "setup_join": {"players": 3},
    "decks_set_aside": {"decks": ["crises", "crossroads", "secret_objectives"]},
    "decks_on_table": {"decks": ["survivors", "starting_items", "item_decks"]},
    "setup_item_decks": {},
    "setup_survivors": {},
    "setup_standees": {},
    "first_player_after_keeping": {},
    "setup_step_ticked": {"item": "join", "done": True},
    "improvement_placed": {"improvement": "typed.greenhouse", "name": "Greenhouse", "needs": 3},
    "improvement_removed": {"improvement": "typed.greenhouse", "name": "Greenhouse"},
    "advancement_changed": {
        "improvement": "typed.greenhouse",
        "name": "Greenhouse",
        "amount": -1,
        "tokens": 1,
        "needs": 3,
    },
    "improvement_built": {
        "improvement": "typed.greenhouse",
        "name": "Greenhouse",
        "tokens": 3,
        "needs": 3,
    },
    "objective_progress_changed": {"what": "zombies", "amount": 1, "progress": 4, "target": 9},
    "main_objective_counted": {"what": "cards", "count": 5, "target": 6, "met": False},
    # a card's question of one player (card_choices.py) and the effects that ask it
    "card_choice_opened": {**ANA, "ask": "barricade_remove", "count": 2, "source": "Hinges"},
    "card_choice_nothing": {"ask": "improvement", "count": 1, "source": "Plans"},
    "zombie_removed_at": {"where": "colony", "entrance": 2, "location_name": "", "source": "Siren"},
    "heal_nothing": {"survivor": "v1", "name": "Bo", "wound": "frostbite"},
    "card_player_picked": {**ANA, "source": "Notches"},
    "card_given_instead": {**ANA, "source": "Notches"},
    "card_not_given": {**ANA, "survivor": "v1", "name": "Bo"},
    "effect_module_missing": {"module": "bandits", "source": "Arrows"},
    "hideout_empty": {"source": "Arrows"},
    "to_colony_no_room": {"survivor": "v1", "name": "Bo", "came_from": "x", "source": "Seeds"},
    "crisis_effect_no_crisis": {"source": "Swapped"},
    "crisis_card_none": {**ANA, "source": "Swapped"},
    "crisis_cards_looked_at": {**ANA, "count": 2},
    "crisis_cards_seen": {"private": "s1", "symbols": ["fuel", "food"], "prevent": ["fuel"]},
    "crisis_cards_taken": {**ANA, "count": 1, "total": 3},
    "crisis_cards_taken_private": {"private": "s1", "symbols": ["tool"]},
}


def test_every_kind_has_a_sample():
    assert set(SAMPLES) == set(RENDERERS)


def made_kinds() -> dict[str, str]:
    """Every step kind the engine's code makes (``step("kind", ...)``), with a file making it."""
    kinds = {}
    for path, tree in engine_sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "step"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                kinds[node.args[0].value] = path.name
    return kinds


def test_every_kind_the_engine_makes_has_a_sentence():
    """Steps are data (steps.step needs no renderer); each kind made has one all the same."""
    made = made_kinds()
    assert len(made) > 100
    assert {kind: path for kind, path in made.items() if kind not in RENDERERS} == {}
    built_by_name = {  # step(f"{token}_added") in board/pieces.py, step(kind) in effects.py
        *(f"{token}_{done}" for token in ("barricade", "trap") for done in ("added", "removed")),
        *(f"{counter}_changed" for counter in ("food", "starvation", "waste")),
        "defence_lost",
        "defence_missing",
    }
    assert set(RENDERERS) - set(made) == built_by_name


def renderer_tables() -> dict[str, list[str]]:
    """Each renderer or message table written in the engine's sentence modules (a dict literal
    assigned to a name ending in RENDERERS or MESSAGES), with its keys as written, repeats
    included."""
    tables = {}
    for path, tree in engine_sources("*sentences.py"):
        for node in tree.body:
            target = node.target if isinstance(node, ast.AnnAssign) else None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
            if (
                isinstance(target, ast.Name)
                and target.id.endswith(("RENDERERS", "MESSAGES"))
                and isinstance(node.value, ast.Dict)
            ):
                keys = [k.value for k in node.value.keys if isinstance(k, ast.Constant)]
                tables[f"{path.parent.name}.{path.stem}.{target.id}"] = keys
    return tables


def test_no_two_renderer_tables_share_a_kind():
    """One sentence per step kind: no kind is written twice, in one renderer table or across
    the tables merged into RENDERERS (a later table would silently replace the sentence)."""
    tables = renderer_tables()
    assert len(tables) >= 20
    seen: dict[str, str] = {}
    shared = []
    for name, keys in tables.items():
        for kind in keys:
            if kind in seen:
                shared.append((kind, seen[kind], name))
            seen[kind] = name
    assert shared == []
    assert set(seen) == set(RENDERERS)


def test_a_message_fills_only_placeholders_it_has():
    """A message table's own fillers name placeholders of its msgid (a filler for a placeholder
    the sentence lacks would be a slip that shows nowhere), and each msgid is a ``str``."""
    entries = [
        (kind, message) for domain in sentences.DOMAINS for kind, message in domain.MESSAGES.items()
    ]
    assert len(entries) > 80
    stray = {}
    for kind, message in entries:
        msgid, count, fillers = sentences_fill.parts(message)
        if isinstance(msgid, Plural):
            assert all(isinstance(form, str) for form in msgid), kind
            assert isinstance(count, str), kind
        else:
            assert isinstance(msgid, str) and count is None, kind
        extra = set(fillers) - set(sentences_fill.placeholders(msgid))
        if extra:
            stray[kind] = extra
    assert stray == {}


def plural_entries() -> dict[str, tuple[Any, ...]]:
    """Every plural entry of the sentence modules (``parts``), by where it is written: the
    MESSAGES tables and the tables and tuples that ``choice`` and the renderers read."""
    found = {}
    for domain in sentences.DOMAINS:
        for name, value in vars(domain).items():
            if not name.isupper():
                continue
            items = value.items() if isinstance(value, dict) else enumerate([value])
            if isinstance(value, tuple) and not isinstance(value[0], Plural):
                items = enumerate(value)
            for key, message in items:
                if isinstance(message, tuple) and message and isinstance(message[0], Plural):
                    found[f"{domain.__name__}.{name}[{key}]"] = sentences_fill.parts(message)
    return found


def test_a_plural_counts_by_a_field_of_its_own_sentence():
    """A plural entry's counting field is one of its placeholders (the number the sentence
    shows), and both English forms have the same placeholders."""
    plurals = plural_entries()
    assert len(plurals) > 60
    wrong = {
        kind: count
        for kind, (msgid, count, _) in plurals.items()
        if count not in sentences_fill.placeholders(msgid)
        or set(sentences_fill.placeholders(msgid.singular))
        != set(sentences_fill.placeholders(msgid.plural))
    }
    assert wrong == {}


def test_the_convention_fills_a_placeholder_by_its_name():
    """``{seat_name}`` is the player, ``{name}`` the survivor, ``{amount}`` signed, ``{where}``
    a colony entrance; any other placeholder is the step's field as it is."""
    s = step("x", seat="s1", seat_name="Ana", name="Bo", amount=2, where="colony", entrance=2, k=7)
    names = sentences.Names(None, translator("en"))
    message = "{seat_name}|{name}|{amount}|{where}|{k}"
    assert (
        sentences_fill.fill(message, s, names, translator("en")) == "Ana|Bo|+2|colony entrance 2|7"
    )
    own = (message, {"name": sentences_fill.field("seat")})
    assert sentences_fill.fill(own, s, names, translator("en")) == "Ana|s1|+2|colony entrance 2|7"


def test_the_convention_fills_a_plural_by_its_counting_field():
    """A plural entry is its ``NP_`` pair and the step's field that counts: the form follows
    that field, the placeholders follow the same convention, the entry's own fillers win."""
    plural = NP_(
        "{seat_name} keeps {count} card of {cards}.", "{seat_name} keeps {count} cards of {cards}."
    )
    assert plural == Plural(
        "{seat_name} keeps {count} card of {cards}.", "{seat_name} keeps {count} cards of {cards}."
    )
    names = sentences.Names(None, translator("en"))
    en = translator("en")
    one = step("x", seat="s1", seat_name="Ana", count=1, cards=3)
    assert sentences_fill.fill((plural, "count"), one, names, en) == "Ana keeps 1 card of 3."
    two = {**one, "count": 2}
    assert sentences_fill.fill((plural, "count"), two, names, en) == "Ana keeps 2 cards of 3."
    assert sentences_fill.fill((plural, "cards"), two, names, en) == "Ana keeps 2 cards of 3."
    by_cards = {**one, "cards": 1}
    assert sentences_fill.fill((plural, "cards"), by_cards, names, en) == "Ana keeps 1 card of 1."
    own = (plural, "count", {"seat_name": sentences_fill.field("seat")})
    assert sentences_fill.fill(own, one, names, en) == "s1 keeps 1 card of 3."


@pytest.mark.parametrize(
    ("count", "english", "portuguese"),
    [
        (
            1,
            "The Bandits' Hideout now holds 1 card.",
            "O Esconderijo dos Bandidos agora tem 1 carta.",
        ),
        (
            2,
            "The Bandits' Hideout now holds 2 cards.",
            "O Esconderijo dos Bandidos agora tem 2 cartas.",
        ),
    ],
)
def test_a_plural_entry_is_translated_by_its_count(count, english, portuguese):
    """A table's plural goes through the catalogue's plural forms in each language."""
    s = step("hideout_cards", added=1, cards=count)
    assert render_step(s, locale="en") == english
    assert render_step(s, locale="pt_BR") == portuguese


def test_a_choice_writes_the_message_its_pick_names():
    """``choice``: a kind whose sentence is one of a table's messages, picked from the step."""
    render = sentences_fill.choice(
        lambda s: s["count"] > 1, {True: (NP_("{count} x", "{count} xs"), "count"), False: "none"}
    )
    names = sentences.Names(None, translator("en"))
    assert render(step("x", count=3), names, translator("en")) == "3 xs"
    assert render(step("x", count=0), names, translator("en")) == "none"


@pytest.mark.parametrize("locale", ["en", "pt_BR"])
@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_kind_renders_whole(kind, locale):
    text = render_step(step(kind, **SAMPLES[kind]), locale=locale)
    assert text.strip() and text == text.strip()
    assert not PLACEHOLDER.search(text), text


def test_portuguese_is_not_english():
    same = [
        k
        for k in SAMPLES
        if render_step(step(k, **SAMPLES[k]), locale="pt_BR") == render_step(step(k, **SAMPLES[k]))
    ]
    assert same == []


# --- exact sentences in both languages -----------------------------------------------------

EXACT = [
    (
        {"kind": "zombie_placed", "where": "colony", "entrance": 3, "k": 3, "location_name": ""},
        "Zombie 3 → colony entrance 3: placed.",
        "Zumbi 3 → entrada 3 da colônia: colocado.",
    ),
    (
        {
            "kind": "barricade_broken",
            "where": "police",
            "entrance": 1,
            "k": 2,
            "location_name": "Police Station",
        },
        "Zombie 2 → Police Station is full: destroy its barricade; the zombie is not placed.",
        "Zumbi 2 → Police Station: sem espaço; destrua a barricada ali; o zumbi não é colocado.",
    ),
    (
        {"kind": "overrun", "where": "colony", "entrance": 6, "k": 6, "location_name": ""},
        "Zombie 6 → colony entrance 6 is full and unprotected: overrun!",
        "Zumbi 6 → entrada 6 da colônia: sem espaço e sem proteção: invasão!",
    ),
    (
        {
            **SAMPLES["survivor_died"],
            "kind": "survivor_died",
            "place": "police",
            "place_name": "Police Station",
        },
        "Bo dies (overrun at Police Station).",
        "Bo morre (invasão: Police Station).",
    ),
    (
        {"kind": "survivor_died", **{**SAMPLES["survivor_died"], "costs_morale": False}},
        "Bo dies (overrun at the colony); Ana is exiled, so no morale is lost.",
        "Bo morre (invasão: a colônia); Ana está no exílio, então o moral não cai.",
    ),
    (
        {"kind": "morale_changed", "amount": -2, "reason": "starvation", "morale": 4},
        "Morale -2 (starvation): now 4.",
        "Moral -2 (fome): agora 4.",
    ),
    (
        {"kind": "crisis_card_revealed", "k": 1, "symbol": "fuel", "points": 1, "total": 1},
        "Card 1: fuel (+1), total 1.",
        "Carta 1: combustível (+1), total 1.",
    ),
    (
        {"kind": "game_ended", "reason": "morale"},
        "Morale has reached 0: the game ends now.",
        "O moral chegou a 0: a partida termina agora.",
    ),
    (
        {"kind": "game_ended", "reason": "round_track"},
        "The round track has reached 0: the game ends now.",
        "O marcador da rodada chegou a 0: a partida termina agora.",
    ),
    (
        {"kind": "game_ended", "reason": "main_objective"},
        "The main objective is complete: the game ends now.",
        "O objetivo principal foi cumprido: a partida termina agora.",
    ),
    (
        {"kind": "game_ended", "reason": "two_exiled"},
        "Two players are exiled and neither held a betrayal objective: morale drops to 0 and the "
        "game ends now.",
        "Dois jogadores estão exilados e nenhum tinha objetivo com traição: o moral cai para 0 e "
        "a partida termina agora.",
    ),
    (
        {"kind": "vote_tally", "subject": "exile", "up": 2, "down": 1, "passed": True},
        "Vote on the exile: 2 thumbs up, 1 down: it passes.",
        "Votação sobre o exílio: 2 polegares para cima, 1 para baixo: aprovada.",
    ),
    (
        {"kind": "vote_tally", "subject": "first_player", "up": 1, "down": 2, "passed": False},
        "Vote on keeping the first player token: 1 thumb up, 2 down: it fails.",
        "Votação sobre manter a ficha de primeiro jogador: 1 polegar para cima, 2 para baixo: "
        "rejeitada.",
    ),
    (
        {**SAMPLES["bite_spreads"], "kind": "bite_spreads", "seat": "s2", "owner_name": "Di"},
        "The bite spreads to Cy, the lowest influence left at the colony: Di kills them or rolls "
        "the exposure die for them.",
        "A mordida se alastra para Cy, a menor influência que restou ali (a colônia): Di mata "
        "esse sobrevivente ou joga o dado de exposição para ele.",
    ),
    (
        {"kind": "food_paid", "colonists": 7, "need": 4, "food": 1},
        "7 colonists eat 4 food; 1 left.",
        "7 sobreviventes na colônia: a colônia paga 4 de comida; o estoque fica com 1.",
    ),
    (
        {"kind": "colony_starves", "colonists": 1, "need": 1, "food": 0, "starvation": 2},
        "1 colonist needs 1 food but the supply holds 0: none is paid and a starvation token is "
        "added (2 now).",
        "1 sobrevivente na colônia pede 1 de comida, mas o estoque tem 0: nada é pago e entra "
        "uma ficha de fome (agora 2).",
    ),
    (
        {
            "kind": "zombies_to_add",
            "where": "colony",
            "location_name": "",
            "count": 1,
            "reason": "colony_phase",
        },
        "1 zombie to add at the colony (colony phase).",
        "1 zumbi a adicionar: a colônia (fase da colônia).",
    ),
    # issue 29.8: a count of 1 and a colony entrance read as a Brazilian table says them
    (
        {"kind": "bandit_placed", "location": "grocery", "location_name": "Grocery", "bandits": 1},
        "A bandit moves into Grocery (1 bandit there now).",
        "Um bandido chega ao local Grocery (agora há 1 bandido ali).",
    ),
    (
        {"kind": "bandit_placed", "location": "grocery", "location_name": "Grocery", "bandits": 2},
        "A bandit moves into Grocery (2 bandits there now).",
        "Um bandido chega ao local Grocery (agora há 2 bandidos ali).",
    ),
    (
        {"kind": "bandits_set", "location": "police", "location_name": "Police", "bandits": 1},
        "Correction: Police has 1 bandit.",
        "Correção: o local Police tem 1 bandido.",
    ),
    (
        {"kind": "hideout_cards_set", "cards": 1},
        "Correction: the Bandits' Hideout holds 1 card.",
        "Correção: o Esconderijo dos Bandidos tem 1 carta.",
    ),
    (
        {
            "kind": "special_zombie_removed",
            "zombie": "Claw",
            "where": "colony",
            "entrance": 2,
            "location_name": "",
            "left": 1,
        },
        "The special zombie Claw at colony entrance 2 is killed.",
        "O zumbi especial Claw na entrada 2 da colônia morre.",
    ),
    (
        {
            "kind": "special_zombie_attacked",
            "survivor": "v1",
            "name": "Bo",
            "zombie": "Claw",
            "where": "police",
            "location_name": "Police",
        },
        "Bo attacks the special zombie Claw at Police.",
        "Bo ataca o zumbi especial Claw no local Police.",
    ),
]


@pytest.mark.parametrize(("fields", "english", "portuguese"), EXACT)
def test_exact_sentences(fields, english, portuguese):
    s = step(**fields)
    assert render_step(s) == english
    assert render_step(s, locale="en") == english
    assert render_step(s, locale="pt_BR") == portuguese


def test_names_come_from_the_state_when_a_step_has_only_ids():
    st = {
        "seats": [{"id": "s1", "name": "Ana"}],
        "survivors": [],
        "graveyard": [{"id": "v9", "name": "Gus", "owner": "s1"}],
        "locations": [{"id": "police", "name": "Police Station"}],
        "cards": {"crossroads": {"x.cold": {"id": "x.cold", "name": "Cold Snap"}}},
    }
    moved = step("survivor_moved", survivor="v9", came_from="police", to="colony", free=False)
    assert render_step(moved, st) == "Gus moves from Police Station to the colony."
    assert render_step(moved, st, "pt_BR") == "Gus se move: Police Station → a colônia."
    secret = step("crossroads_secret", private="s1", card="x.cold", seat="s1")
    assert render_step(secret, st) == (
        "Your crossroads card for Ana's turn is Cold Snap: watch for its trigger."
    )


def test_a_missing_catalogue_falls_back_to_english(tmp_path, monkeypatch):
    monkeypatch.setattr(translation, "LOCALEDIR", tmp_path)
    translator.cache_clear()
    try:
        s = step("game_ended", reason="morale")
        assert render_step(s, locale="pt_BR") == "Morale has reached 0: the game ends now."
    finally:
        monkeypatch.undo()
        translator.cache_clear()


def test_words_typed_at_the_table_are_shown_as_typed():
    s = step(
        "survivor_died", survivor="v1", name="Bo", cause="fell off the roof", costs_morale=True
    )
    assert render_step(s) == "Bo dies (fell off the roof)."
    assert render_step(s, locale="pt_BR") == "Bo morre (fell off the roof)."


# --- a whole game: no English phrase in any step or pending decision -------------------------

CODES = {
    "",
    "!!!",
    "card",
    "coop",
    "none_given",
    "event",
    "exiled",
    "colony",
    "barricade",
    "trap",
    "survivor_spaces",
    "entrance_spaces",
    "bite_spread",
    "vote",
    "kill",
    "roll",
    *RENDERERS,
    *steps_module.MORALE_REASONS,
    *steps_module.DEATH_CAUSES,
    *steps_module.WOUND_CAUSES,
    *steps_module.ZOMBIE_REASONS,
    *steps_module.VOTE_SUBJECTS,
    *steps_module.SKIP_REASONS,
    *steps_module.WOUND_NAMES,
    *steps_module.EXPOSURE_FACES,
    *steps_module.SYMBOL_NAMES,
    *steps_module.SIDES,
    *steps_module.COUNTER_NAMES,
    *steps_module.COLONY_STEP_NAMES,
    *steps_module.TARGET_NAMES,
    *steps_module.BY_HAND_NEEDS,
    *steps_module.END_SENTENCES,
    *engine.core.vocabulary.EFFECT_KINDS,
    *engine.core.vocabulary.WHERES,
}
"""Every code a step or a pending decision may carry (docs/engine.md "Step codes")."""


def strings_in(value: Any) -> list[str]:
    """Every string inside a value (dict values, list items), not dict keys (field names)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings_in(v)]
    return []


def known_data(setup: dict[str, Any], states: list[dict[str, Any]]) -> set[str]:
    """Ids, names and card texts of one game: everything the setup and the states hold as data."""
    data = set(strings_in(setup))
    for st in states:
        data |= set(strings_in(st.get("cards", {})))
        data |= set(strings_in(st["seats"])) | set(strings_in(st["locations"]))
        data |= set(strings_in(st["survivors"])) | set(strings_in(st["graveyard"]))
    return data


def english_phrases(records: list[Any], allowed: set[str]) -> set[str]:
    """The strings of steps / pending decisions that are neither codes nor the game's data."""
    bad = set()
    for record in records:
        for text in strings_in(record):
            if text in allowed or all(part in allowed for part in text.split(", ")):
                continue
            bad.add(text)
    return bad


class Game:
    """A game driven through ``engine.apply``; keeps every step, state and pending decision."""

    def __init__(self, setup: dict[str, Any], seed: int) -> None:
        self.rng = random.Random(seed)
        self.setup = setup
        self.steps: list[dict[str, Any]] = []
        self.states: list[dict[str, Any]] = []
        self.pendings: list[dict[str, Any]] = []
        self.st = None
        self.act("new_game", "table", setup=setup)

    def act(self, kind: str, by: str, **args: Any) -> bool:
        """Apply one action; False when the rules refuse it (then nothing changed)."""
        action = {"type": kind, "by": by, **args, "seed": self.rng.randrange(2**32)}
        try:
            self.st, new = engine.apply(self.st, action)
        except engine.RuleError:
            return False
        self.steps += new
        self.states.append(self.st)
        if self.st.get("pending"):
            self.pendings.append(self.st["pending"])
        return True

    def voters(self) -> list[str]:
        return [s["id"] for s in self.st["seats"] if not s["exiled"] and not s.get("eliminated")]

    def settle(self) -> None:
        """Answer whatever decision waits: a spreading bite is rolled for, a vote passes."""
        for _ in range(20):
            pending = self.st.get("pending")
            if not pending or self.st.get("ended"):
                return
            if pending["kind"] == "bite_spread":
                self.act("resolve_bite", "table", choice="roll")
            elif pending["kind"] == "vote":
                self.act("record_votes", "table", votes=dict.fromkeys(self.voters(), True))
            else:  # pragma: no cover - a decision this test does not know
                raise AssertionError(f"unexpected decision {pending['kind']}")

    def keep_survivors(self) -> None:
        for s in self.st["seats"]:
            dealt = self.st["secrets"][s["id"]].get("dealt_survivors") or []
            if dealt:
                self.act("keep_survivors", s["id"], seat_id=s["id"], survivors=dealt[:2])

    def turn(self, active: str) -> None:
        """A busy turn: moves, kills, barricades, cards, the crisis, sometimes an exile vote."""
        mine = [v for v in self.st["survivors"] if v["owner"] == active]
        places = [loc["id"] for loc in self.st["locations"]] + ["colony"]
        for v in mine:
            self.act("move_survivor", "table", survivor_id=v["id"], to=self.rng.choice(places))
            self.settle()
        for v in [v for v in self.st["survivors"] if v["owner"] == active]:
            if v["location"] != "colony":
                loc = next(x for x in self.st["locations"] if x["id"] == v["location"])
                if loc["entrance"]["zombies"]:
                    self.act("kill_zombies", "table", place=loc["id"], survivor_id=v["id"])
                    self.settle()
        self.act("add_barricade", "table", place="colony", entrance=self.rng.randint(1, 6))
        self.act("play_cards", "table", seat_id=active, count=self.rng.randint(1, 3))
        self.act("spend_food", "table", seat_id=active, count=1)
        self.act("contribute_to_crisis", active, seat_id=active, symbols=["food", "fuel"])
        others = [sid for sid in self.voters() if sid != active]
        if others and self.rng.random() < 0.3:
            self.act("call_exile_vote", "table", caller=active, target=self.rng.choice(others))
            self.settle()
        for v in self.st.get("must_leave_colony") or []:
            there = [x["id"] for x in self.st["locations"]]
            self.act("move_survivor", "table", survivor_id=v, to=self.rng.choice(there), free=True)
            self.settle()

    def play(self, rounds: int = 8) -> None:
        self.keep_survivors()
        self.rounds(rounds)
        if self.st["ended"]:
            for k, s in enumerate(self.st["seats"]):
                self.act("mark_objective", s["id"], seat_id=s["id"], complete=k % 2 == 0)

    def rounds(self, rounds: int) -> None:
        for _ in range(rounds):
            if self.st["ended"]:
                return
            self.act("reveal_crisis", "table")
            for _ in range(len(self.st["seats"]) + 1):
                if self.st["ended"] or not self.act("start_turn", "table"):
                    break
                self.turn(self.st["turn"]["seat"])
                self.settle()
                if self.st["ended"]:
                    return
                self.act("end_turn", "table")
            for _ in range(5):
                if self.st["ended"] or not self.act("run_colony_phase", "table"):
                    break
                self.settle()
                if self.st["ended"] or self.st["phase"] == "player_turns":
                    break


@pytest.mark.parametrize("seed", range(4))
def test_a_whole_game_puts_no_english_phrase_in_steps_or_decisions(seed):
    setup = setup_for(3 + seed % 2)
    game = Game(setup, seed)
    game.play()
    kinds = {s["kind"] for s in game.steps}
    assert {"zombies_to_add", "zombie_placed", "survivor_moved", "morale_changed"} <= kinds
    assert {"game_ended", "survivor_died", "crisis_revealed"} <= kinds
    allowed = CODES | known_data(setup, game.states)
    assert english_phrases(game.steps, allowed) == set()
    assert english_phrases(game.pendings, allowed) == set()
    for s in game.steps:
        for locale in ("en", "pt_BR"):
            text = render_step(s, game.st, locale)
            assert text and not PLACEHOLDER.search(text), (s, text)


def test_the_checker_catches_an_english_phrase():
    old = [{"kind": "zombies_to_add", "reason": "colony phase", "count": 1, "where": "colony"}]
    assert english_phrases(old, CODES) == {"colony phase"}
    assert english_phrases([{"kind": "morale_changed", "reason": "Bo died"}], CODES | {"Bo"}) == {
        "Bo died"
    }
