"""docs/state.md matches the state the engine makes, and save files round-trip."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_
from test_engine_setup import make_setup

from companion.engine.crisis import contribute_to_crisis, reveal_crisis
from companion.engine.deaths import kill_survivor
from companion.engine.errors import RuleError
from companion.engine.setup import new_game
from companion.engine.state import SCHEMA, from_json, to_json
from companion.engine.turns import start_turn

DOC = Path(__file__).resolve().parent.parent / "docs" / "state.md"
# Card data copied into the state as it is (their inner shape is card-sources.md's, not ours).
OPAQUE = {"crisis.fail_effects", "crisis.bonus_effects"}
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
            name = "<seat>" if prefix == "secrets" else key
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


def reference_states():
    """A state fresh from setup, and one a turn later with a crisis, a contribution and a death."""
    setup = make_setup(3, settings={"modules": ["bandits"], "sets": ["t"]})
    fresh, _ = new_game(setup, random.Random(7))
    later, _ = start_turn(fresh)
    crisis = {
        "id": "t.crisis-x",
        "name": "Crisis X",
        "prevent": ["food"],
        "fail_text": "Lose 1 morale.",
        "fail_effects": [{"kind": "morale", "amount": -1}],
        "bandits": [1],
    }
    later, _ = reveal_crisis(later, crisis)
    later, _ = contribute_to_crisis(later, later["turn"]["seat"], ["food"])
    steps: list = []
    kill_survivor(later, steps, later["survivors"][-1]["id"], "test")
    return fresh, later


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
    assert "secrets.<seat>.objective.kind" in documented
    assert "colony.entrances[].traps" in documented


def test_doc_names_the_schema_version():
    assert f"`schema` is `{SCHEMA}`" in DOC.read_text(encoding="utf-8")


def test_save_file_round_trip_of_a_game_in_progress():
    for state in reference_states():
        assert from_json(to_json(state)) == state


def test_bad_save_files():
    with pytest.raises(RuleError, match="not a saved game"):
        from_json("{nope")
    with pytest.raises(RuleError, match="schema"):
        from_json('{"schema": 99}')


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
