"""Survivors at setup: entered by the table, or dealt 4 each to keep 2 (3 in two-player);
starting items; a survivor joining later by id (002 "Game Setup" 9-11, "2 Player Variant")."""

from __future__ import annotations

import json

import pytest

import companion.engine as engine
from tests import play


def dealt_game(players=3, variant="standard"):
    """A game whose survivors the companion deals."""
    state, _ = play.start(players, 5, deal=True, variant=variant)
    return state


def test_each_seat_is_dealt_four_in_secret_and_the_game_waits():
    state = dealt_game()
    assert state["phase"] == "setup" and state["survivors"] == []
    hands = [state["secrets"][s["id"]]["dealt_survivors"] for s in state["seats"]]
    assert all(len(h) == 4 for h in hands)
    assert len({c for h in hands for c in h}) == 12
    table = engine.table_view(state)
    assert table["waiting"] == {"kind": "keep_survivors", "seats": ["s1", "s2", "s3"]}
    text = json.dumps(table)
    for hand in hands:
        assert not any(card in text for card in hand)
    mine = engine.seat_view(state, "s1")
    assert [c["id"] for c in mine["mine"]["dealt_survivors"]] == hands[0]
    assert mine["legal"]["s1"] == {"keep_survivors": {"survivors": hands[0], "keep": 2}}
    assert not any(card in json.dumps(engine.seat_view(state, "s2")) for card in hands[0])


def test_keeping_places_them_returns_the_rest_and_then_picks_the_first_player():
    state = dealt_game()
    deck_before = len(state["decks"]["survivors"])
    for n, s in enumerate(state["seats"]):
        hand = state["secrets"][s["id"]]["dealt_survivors"]
        state, steps = engine.apply(
            state, {"type": "keep_survivors", "by": s["id"], "survivors": hand[1:3], "seed": n}
        )
        mine = [v for v in state["survivors"] if v["owner"] == s["id"]]
        assert [v["id"] for v in mine] == hand[1:3]
        assert mine[0]["leader"] and not mine[1]["leader"]
        assert state["secrets"][s["id"]]["dealt_survivors"] == []
    assert state["phase"] == "player_turns"
    assert len(state["decks"]["survivors"]) == deck_before + 3 * 2
    assert any(s["kind"] == "first_player_chosen" for s in steps)
    assert engine.table_view(state)["waiting"]["kind"] == "reveal_crisis"


def test_two_player_games_keep_three_and_take_seven_items():
    setup = play.setup_for(2, deal=True, variant="two_player")
    state, steps = engine.apply(
        None, {"type": "new_game", "by": "table", "setup": setup, "seed": 5}
    )
    assert next(s for s in steps if s["kind"] == "starting_items")["count"] == 7
    hand = state["secrets"]["s1"]["dealt_survivors"]
    with pytest.raises(engine.RuleError, match="keep 3"):
        engine.apply(state, {"type": "keep_survivors", "by": "s1", "survivors": hand[:2]})
    state, _ = engine.apply(state, {"type": "keep_survivors", "by": "s1", "survivors": hand[:3]})
    assert len([v for v in state["survivors"] if v["owner"] == "s1"]) == 3


def test_standard_games_take_five_items():
    setup = play.setup_for(3)
    _, steps = engine.apply(None, {"type": "new_game", "by": "table", "setup": setup, "seed": 5})
    assert next(s for s in steps if s["kind"] == "starting_items")["count"] == 5


def test_a_seat_keeps_only_its_own_hand_once_and_only_itself():
    state = dealt_game()
    mine = state["secrets"]["s1"]["dealt_survivors"]
    theirs = state["secrets"]["s2"]["dealt_survivors"]
    with pytest.raises(engine.RuleError, match="was not dealt"):
        engine.apply(state, {"type": "keep_survivors", "by": "s1", "survivors": theirs[:2]})
    with pytest.raises(engine.RuleError, match="keep 2 different"):
        engine.apply(state, {"type": "keep_survivors", "by": "s1", "survivors": [mine[0]] * 2})
    with pytest.raises(engine.RuleError, match="may not"):
        engine.apply(
            state, {"type": "keep_survivors", "by": "s2", "seat_id": "s1", "survivors": mine[:2]}
        )
    with pytest.raises(engine.RuleError, match="may not"):
        engine.apply(
            state, {"type": "keep_survivors", "by": "table", "seat_id": "s1", "survivors": mine[:2]}
        )
    state, _ = engine.apply(state, {"type": "keep_survivors", "by": "s1", "survivors": mine[:2]})
    with pytest.raises(engine.RuleError, match="already kept"):
        engine.apply(state, {"type": "keep_survivors", "by": "s1", "survivors": mine[2:]})
    with pytest.raises(engine.RuleError):
        engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})


def test_a_survivor_joins_later_by_id_and_not_into_a_full_colony():
    state, _ = play.start(3, 5)
    newcomer = state["decks"]["survivors"][0]
    state, _ = engine.apply(state, {"type": "add_survivor", "by": "s2", "survivor_id": newcomer})
    assert any(v["id"] == newcomer and v["owner"] == "s2" for v in state["survivors"])
    assert newcomer not in state["decks"]["survivors"]
    with pytest.raises(engine.RuleError, match="already in play"):
        engine.apply(state, {"type": "add_survivor", "by": "s1", "survivor_id": newcomer})
    with pytest.raises(engine.RuleError, match="unknown survivor"):
        engine.apply(state, {"type": "add_survivor", "by": "s1", "survivor_id": "base.nobody"})
    full = engine.apply(
        state, {"type": "set_capacity", "by": "table", "place": "colony", "survivor_spaces": 7}
    )[0]
    other = full["decks"]["survivors"][0]
    with pytest.raises(engine.RuleError, match="no empty survivor space"):
        engine.apply(full, {"type": "add_survivor", "by": "s1", "survivor_id": other})
    assert "add_survivor" not in engine.seat_view(full, "s1")["legal"]["s1"]


def test_the_survivors_offered_to_join_never_show_the_deck_order():
    state, _ = play.start(3, 5)
    offered = engine.seat_view(state, "s1")["legal"]["s1"]["add_survivor"]["survivor_id"]
    names = [state["cards"]["survivors"][c]["name"] for c in offered]
    assert names == sorted(names)
    assert sorted(offered) == sorted(state["decks"]["survivors"])
