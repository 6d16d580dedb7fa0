"""docs/state.md matches the state the engine makes, and save files round-trip."""

from __future__ import annotations

import ast
import copy
import json
import random
import re
from pathlib import Path

import pytest
from factory import SURVIVORS, make_setup
from helpers.sources import ENGINE, parsed
from hypothesis import given, settings
from hypothesis import strategies as st_

from companion.engine.board import set_counter
from companion.engine.board.deaths import kill_survivor
from companion.engine.board.exposure import record_exposure
from companion.engine.colony.crisis import contribute_to_crisis, reveal_crisis
from companion.engine.colony.ending import mark_objective
from companion.engine.core.errors import RuleError
from companion.engine.core.saved import from_json, to_json
from companion.engine.core.state import SCHEMA
from companion.engine.modules.bandits import rules as bandits
from companion.engine.modules.improvements.rules import place_improvement
from companion.engine.sentences import render_step
from companion.engine.setup.new_game import new_game
from companion.engine.turns.crossroads import reveal_crossroads
from companion.engine.turns.exile import call_exile_vote
from companion.engine.turns.turn import start_turn
from companion.engine.turns.votes import cast_vote
from companion.engine.views import seat_view, table_view
from companion.engine.words.card_texts import TEXT_FIELDS

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "state.md"
SCHEMA_1_SAVE = ROOT / "tests" / "data" / "save-schema1.json"
SCHEMA_2_SAVE = ROOT / "tests" / "data" / "save-schema2.json"
"""A state saved with ``to_json`` by the code at 86a4e21 (tests/data/make_86a4e21.py)."""
# Card data copied into the state as it is (their inner shape is card-sources.md's, not ours).
OPAQUE = {
    "crisis.fail_effects",
    "crisis.bonus_effects",
    "cards.crossroads.<id>.options[].effects",
    "cards.crises.<id>.fail_effects",
    "cards.crises.<id>.bonus_effects",
    "scenario.set_aside.<id>",  # a survivor card record as the setup gave it (named.py)
}
# Maps keyed by something other than a field name: seat ids, card ids.
KEYED = {
    "secrets": "<seat>",
    "pending.votes": "<seat>",
    "cards.crossroads": "<id>",
    "cards.objectives": "<id>",
    "cards.crises": "<id>",
    "cards.survivors": "<id>",
    "cards.improvements": "<id>",
    "raxxon.side_effects": "<survivor>",
    "scenario.set_aside": "<id>",
    "decisions.open": "<question>",
}
ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|")


def documented_paths() -> list[str]:
    """The key paths of the "Field list" table of docs/state.md."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Field list", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for line in section.splitlines() if (m := ROW.match(line))]


def walk(value, prefix: str, found: dict[str, list]) -> None:
    """Record every key path of a state with the values seen there."""
    if prefix in OPAQUE:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            name = KEYED.get(prefix, key)
            path = f"{prefix}.{name}" if prefix else name
            found.setdefault(path, []).append(inner)
            walk(inner, path, found)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                walk(item, prefix + "[]", found)


def ancestors(path: str) -> list[str]:
    """'a.b[].c' -> ['a.b[]', 'a.b', 'a'] (nearest first)."""
    out = []
    while True:
        cut = max(path.rfind("."), path.rfind("[]"))
        if cut <= 0:
            return out
        path = path[:cut]
        out.append(path)


def in_portuguese(setup: dict) -> dict:
    """The setup with a Portuguese translation (`<field>_pt_BR`) beside every card text it
    has, and a trigger, a story and a setup instruction to translate (card_texts.py)."""
    setup = copy.deepcopy(setup)
    for card in setup["crossroads"]:
        card.update(trigger="When it snows.", story="It snows.")
    setup["main_objective"]["standard"]["extra"] = "Shuffle the deck."

    def translate(value):
        if isinstance(value, dict):
            for key in [k for k in value if k in TEXT_FIELDS and value[k]]:
                value[f"{key}_pt_BR"] = f"PT {value[key]}"
            for inner in value.values():
                translate(inner)
        elif isinstance(value, list):
            for item in value:
                translate(item)

    for key in ("crossroads", "objectives", "crises", "locations", "main_objective"):
        translate(setup[key])
    return setup


def reference_states():
    """States that between them fill every field: fresh from setup; a turn later with a crisis,
    a contribution, a revealed crossroads card and a death; an open vote; a spreading bite;
    survivors dealt at setup; a finished game with its winners declared."""
    setup = make_setup(3, settings={"modules": ["bandits", "improvements"], "sets": ["t"]})
    setup["improvements"] = [{"id": "t.greenhouse", "name": "Greenhouse", "needs": 2}]
    setup["main_objective"]["counts"] = {"what": "zombies", "per_player": 2}
    for card in setup["objectives"]:  # the parts of a goal the companion checks at the end
        card["requires"] = [
            {"check": "morale", "at_least": 1, "at_most": 9},
            {"check": "end", "reasons": ["morale"]},
            {"check": "survivors", "at": "colony", "away_from": "police", "at_most": 4},
            {"check": "food", "at_least": 1, "per_player": True},
            {"check": "group_tokens", "wound": "frostbite", "at_most": 0},
        ]
    setup["locations"][1]["pt_BR_gender"] = "f"  # the Portuguese name's gender (a Delegacia)
    crisis = {
        "id": "t.crisis-x",
        "name": "Crisis X",
        "prevent": ["food"],
        "fail_text": "Lose 1 morale.",
        "fail_effects": [{"kind": "morale", "amount": -1}],
        "bonus_text": "Gain 1 morale.",
        "bandits": [1],
    }
    setup["crises"].append(crisis)
    fresh, _ = new_game(in_portuguese(setup), random.Random(7))
    later, _ = start_turn(fresh)
    active, drawer = later["turn"]["seat"], later["turn"]["crossroads_drawer"]
    assert later["secrets"][drawer]["crossroads"], "the drawer holds a card to reveal"
    later, _ = reveal_crossroads(later, drawer)
    later, _ = reveal_crisis(later, "t.crisis-x")
    later, _ = contribute_to_crisis(later, active, ["food"])
    later, _ = place_improvement(later, "t.greenhouse")
    steps: list = []
    kill_survivor(later, steps, later["survivors"][-1]["id"], "test")
    target = next(s["id"] for s in later["seats"] if s["id"] != active)
    voting, _ = call_exile_vote(later, active, target)
    voting, _ = cast_vote(voting, target, False)
    bitten = next(s for s in later["survivors"] if s["location"] == "colony")
    biting, _ = record_exposure(later, bitten["id"], "bite")
    assert biting["pending"]["kind"] == "bite_spread"
    dealing = make_setup(3, survivors=SURVIVORS, deal_survivors=True)
    dealing.update(  # and the Raxxon scenario's first chapter (docs/state.md `scenario`)
        ruleset="long_night",
        settings={"modules": ["raxxon"]},
        scenario={"name": "raxxon", "chapter": 1},
        locations=[*dealing["locations"], {"id": "long_night.raxxon", "name": "Raxxon",
                   "number": 7, "entrance_spaces": 3, "survivor_spaces": 3, "module": "raxxon"}],
        set_aside=[{"id": "long_night.blue", "name": "Blue", "human": False}],  # named.py
    )  # fmt: skip
    for seat in dealing["seats"]:
        seat["survivors"] = []
    dealt, _ = new_game(dealing, random.Random(7))
    assert dealt["phase"] == "setup" and dealt["secrets"]["s1"]["dealt_survivors"]
    ended, _ = set_counter(fresh, "morale", 0)
    for sid, complete in (("s1", True), ("s2", False), ("s3", True)):
        ended, _ = mark_objective(ended, sid, complete)
    assert ended["ended"]["winners"] == ["s1", "s3"]
    blitz = copy.deepcopy(later)  # Bandit Blitz once B2 is completed: the leader rule comes in
    blitz["bandits"]["rules"] = list(bandits.CHAPTERS["B2"])
    bandits.setup_chapter(blitz, [], "B3")
    return fresh, later, voting, biting, dealt, ended, raxxon_state(), blitz, special_exile()


def special_exile():
    """Bandit Blitz in B2's special exile phase, an exile vote open; the betrayer's card
    already holds its added requirement (tests/test_engine_special_exile.py builds it)."""
    import companion.engine as engine
    from tests.test_engine_special_exile import b2_completed

    st = b2_completed()
    st, _ = engine.apply(st, {"type": "call_special_exile_vote", "by": "s1", "target": "s3"})
    st["secrets"]["s2"]["added_requirement"] = "morale_at_zero"
    return st


def raxxon_state():
    """A Raxxon game: special zombies in the colony and at a location, a side effect, an
    experiment entered and a thumbs-down place chosen (tests/test_engine_raxxon.py builds it)."""
    from companion.engine.modules.raxxon import rules as raxxon
    from tests.test_engine_board import with_turn
    from tests.test_engine_raxxon import rax_state, with_experiment

    st = with_experiment(rax_state(), zombies=("Claw", "Tank"))
    st["pending"] = {"kind": "special_zombies", "seat": None}
    st, _ = raxxon.place_special_zombies(st, ["colony", "police"])
    assert st["pending"]["next"]  # the next experiment, asked at once
    st = with_experiment(st, zombies=("Siren",))
    st, _ = raxxon.equip_side_effect(st, st["survivors"][0]["id"], "Twitch")
    st["raxxon"]["dice"] = [2]
    st["raxxon"]["reduced"] = {"place": "colony", "round": 1}
    st = with_turn(st)  # s1's survivor attacks the Tank at the police station and lives
    st["survivors"][0]["location"] = "police"
    st, _ = raxxon.attack_special_zombie(st, st["survivors"][0]["id"], "Tank", "blank", 3)
    return st


def test_state_doc_lists_exactly_the_fields_of_a_state():
    documented = documented_paths()
    assert len(documented) == len(set(documented)), "a path is documented twice"
    found: dict[str, list] = {}
    for state in reference_states():
        walk(state, "", found)
    undocumented = sorted(set(found) - set(documented))
    assert not undocumented, f"fields missing from docs/state.md: {undocumented}"
    # A documented path must exist, unless it lies under a field that is null or an empty list
    # in the reference states (e.g. pending, ended, secrets.<seat>.crossroads).
    nullish = {p for p, values in found.items() if any(v is None or v == [] for v in values)}
    for path in documented:
        if path in found:
            continue
        assert any(a in nullish for a in ancestors(path)), f"{path} is documented but not made"


def test_doc_parser_sees_the_table():
    documented = documented_paths()
    assert documented[0] == "schema"
    assert "secrets.<seat>.objective" in documented
    assert "cards.objectives.<id>.kind" in documented
    assert "colony.entrances[].traps" in documented


def test_doc_names_the_schema_version():
    assert f"`schema` is `{SCHEMA}`" in DOC.read_text(encoding="utf-8")


def test_save_file_round_trip_of_a_game_in_progress():
    for state in reference_states():
        assert from_json(to_json(state)) == state


def test_bad_save_files():
    with pytest.raises(RuleError, match="not a saved game"):
        from_json("{nope")
    with pytest.raises(RuleError, match="not a saved game: it has no schema number"):
        from_json('{"morale": 3}')
    with pytest.raises(RuleError, match="schema 99 cannot be read"):
        from_json('{"schema": 99}')
    with pytest.raises(RuleError, match="schema 0 cannot be read"):
        from_json('{"schema": 0}')


def test_a_schema_1_save_is_upgraded_to_the_documented_shape():
    """upgrades.schema_1_to_2: secrets hold ids, a catalogue appears, no active_player."""
    text = SCHEMA_1_SAVE.read_text(encoding="utf-8")
    old = json.loads(text)
    assert old["schema"] == 1 and "active_player" in old
    st = from_json(text)
    assert st["schema"] == SCHEMA == 2 and "active_player" not in st
    assert st["turn"]["seat"] == old["active_player"]
    assert st["turn"]["crossroads_revealed"] is False
    assert st["decks"]["survivors"] == []
    for sid, mine in old["secrets"].items():
        new = st["secrets"][sid]
        assert new["objective"] == mine["objective"]["id"]
        facts = st["cards"]["objectives"][mine["objective"]["id"]]
        assert (facts["name"], facts["kind"]) == (mine["objective"]["name"], "normal")
        assert new["crossroads"] == mine["crossroads"]
        assert (new["dealt_survivors"], new["objective_complete"]) == ([], None)
    assert set(st["cards"]["crises"]) == set(old["decks"]["crises"])
    held = [m["crossroads"] for m in old["secrets"].values() if m["crossroads"]]
    assert set(st["cards"]["crossroads"]) == set(old["decks"]["crossroads"] + held)
    assert {s["id"] for s in old["survivors"]} == set(st["cards"]["survivors"])
    # Without a catalogue to draw on, a card an old save only names by id gets a stand-in.
    assert st["cards"]["crossroads"]["companion.dead-white-fingers"] == {
        "id": "companion.dead-white-fingers",
        "name": "Dead White Fingers",
        "missing": True,
    }
    # With one (the shell passes cards.db's), the facts come from there.
    known = {"crossroads": {"companion.dead-white-fingers": {"id": "x", "name": "Known"}}}
    assert from_json(text, known)["cards"]["crossroads"]["companion.dead-white-fingers"] == {
        "id": "x",
        "name": "Known",
    }
    assert from_json(to_json(st)) == st
    # The upgraded document uses only documented fields.
    found: dict[str, list] = {}
    walk(st, "", found)
    documented = set(documented_paths())
    stand_ins = {p for p in found if p.endswith(".missing")}
    assert not sorted(set(found) - documented - stand_ins)


def test_a_schema_2_save_of_the_older_code_loads_as_it_was():
    text = SCHEMA_2_SAVE.read_text(encoding="utf-8")
    st = from_json(text)
    assert st == json.loads(text) and st["schema"] == SCHEMA == 2
    assert to_json(st) == text
    found: dict[str, list] = {}
    walk(st, "", found)
    assert not sorted(set(found) - set(documented_paths()))
    assert st["ended"] == {"reason": "morale", "winners": ["s3"]}  # that game was over
    shown = table_view(st)
    assert shown["objectives"] and "cards" not in shown and "secrets" not in shown
    mine = seat_view(st, "s1")["mine"]
    assert mine["objective"] == st["cards"]["objectives"][st["secrets"]["s1"]["objective"]]


def test_the_save_document_functions_import_no_circle():
    """saved.py imports state and upgrades; neither of them imports saved or each other back."""
    imports = {}
    for name in ("state", "upgrades", "saved"):
        tree = parsed(ENGINE / "core" / f"{name}.py")
        imports[name] = {
            node.module.rsplit(".", 1)[-1]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion")
        }
    assert imports["saved"] >= {"state", "upgrades"}
    assert not imports["state"] & {"upgrades", "saved"}
    assert "saved" not in imports["upgrades"]


@settings(max_examples=40, deadline=None)
@given(
    players=st_.integers(min_value=2, max_value=5),
    variant=st_.sampled_from(["standard", "betrayer", "hardcore", "coop", "two_player"]),
    seed=st_.integers(min_value=0, max_value=100_000),
    names=st_.lists(
        st_.text(min_size=1, max_size=40).filter(lambda s: s.strip()),
        min_size=5,
        max_size=5,
        unique_by=lambda s: " ".join(s.split()).casefold(),
    ),
)
def test_json_round_trip_of_random_setups(players, variant, seed, names):
    if variant == "two_player":
        players = 2
    setup = make_setup(players, variant=variant)
    for seat, name in zip(setup["seats"], names, strict=False):
        seat["name"] = name
    state, _ = new_game(setup, random.Random(seed))
    assert from_json(to_json(state)) == state


def test_the_setup_steps_name_the_main_objective_by_id_and_read_in_each_language():
    state, steps = new_game(in_portuguese(make_setup(3)), random.Random(7))
    main = state["main_objective"]
    by_kind = {s["kind"]: s for s in steps}
    assert by_kind["game_set_up"]["objective"] == by_kind["setup_extra"]["objective"] == main["id"]
    pt = [render_step(by_kind[k], state, "pt_BR") for k in ("game_set_up", "setup_extra")]
    assert f"PT {main['name']}" in pt[0]
    assert "PT Shuffle the deck." in pt[1]
    assert "Shuffle the deck." in render_step(by_kind["setup_extra"], state, "en")
