"""Saved games survive upgrades: a schema-1 save made by the engine before schema 2 loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import companion.engine as engine
from companion.cards.load import load_cards
from companion.engine.core.upgrades import UPGRADES

SAVE_1 = Path(__file__).parent / "data" / "save-schema1.json"
CARDS_DB = Path(__file__).resolve().parent.parent / "cards.db"


def known_cards() -> dict:
    """cards.db's cards as a catalogue (kind -> id -> facts)."""
    cards = load_cards(CARDS_DB)
    return {
        kind: {c["id"]: c for c in cards[kind]} for kind in ("crossroads", "objectives", "crises")
    }


def test_the_committed_save_is_schema_1():
    old = json.loads(SAVE_1.read_text())
    assert old["schema"] == 1
    assert isinstance(old["secrets"]["s1"]["objective"], dict)
    assert "active_player" in old


def test_a_schema_1_save_loads_as_schema_2_with_card_facts():
    state = engine.from_json(SAVE_1.read_text(), known_cards())
    old = json.loads(SAVE_1.read_text())
    assert state["schema"] == engine.SCHEMA == 2
    assert "active_player" not in state
    for sid, mine in old["secrets"].items():
        assert state["secrets"][sid]["objective"] == mine["objective"]["id"]
        card = state["cards"]["objectives"][mine["objective"]["id"]]
        assert card["name"] == mine["objective"]["name"] and card["goal"]
    for card_id in old["decks"]["crossroads"]:
        assert state["cards"]["crossroads"][card_id]["options"]
    assert state["crisis"] == old["crisis"]
    assert state["turn"]["seat"] == old["active_player"]
    assert state["turn"]["crossroads_revealed"] is False


def test_an_upgraded_save_plays_on_through_the_front_door():
    state = engine.from_json(SAVE_1.read_text(), known_cards())
    active = state["turn"]["seat"]
    state, _ = engine.apply(state, {"type": "end_turn", "by": active})
    while state["turn"] is None and engine.table_view(state)["waiting"]["kind"] == "start_turn":
        state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
        state, _ = engine.apply(state, {"type": "end_turn", "by": "table"})
    state, steps = engine.apply(state, {"type": "run_colony_phase", "by": "table", "seed": 3})
    assert any(s["kind"] == "crisis_resolving" for s in steps)
    assert engine.to_json(engine.from_json(engine.to_json(state))) == engine.to_json(state)


def test_without_cards_db_an_old_save_still_loads_with_stand_in_names():
    state = engine.from_json(SAVE_1.read_text())
    objective = state["secrets"]["s1"]["objective"]
    assert state["cards"]["objectives"][objective]["name"]
    some = next(iter(state["cards"]["crossroads"].values()))
    assert some["missing"] is True and some["name"]


def test_upgrades_are_ordered_and_unknown_schemas_refused():
    assert [start for start, _ in UPGRADES] == list(range(1, engine.SCHEMA))
    for bad in ('{"schema": 99}', '{"schema": 0}', '{"schema": "2"}', "[]", "nonsense"):
        with pytest.raises(engine.RuleError):
            engine.from_json(bad)
