"""Whole games from the shipped cards.db, driven only through the engine's public API."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import companion.engine as engine
from companion.cards.game import game_setup
from companion.cards.load import load_cards
from companion.engine.board.player_choices import still_choosing
from companion.engine.core.objective_needs import unmet_need

CARDS_DB = Path(__file__).resolve().parent.parent / "cards.db"
SURVIVORS = [
    ["base.brian-lee", "base.sparky"],
    ["base.daniel-smith", "base.andrew-evans"],
    ["base.thomas-heart", "base.forest-plum"],
    ["base.olivia-brown", "base.john-price"],
]
SECRET_FIELDS = ("objective", "exiled_objective", "crossroads")


def setup_for(players: int, variant: str = "standard", **settings):
    """A We Need More Samples setup for `players` seats from cards.db."""
    seats = [{"name": f"P{i + 1}", "survivors": SURVIVORS[i]} for i in range(players)]
    return game_setup(
        CARDS_DB,
        seats=seats,
        main_objective="base.we-need-more-samples",
        variant=variant,
        settings=settings,
    )


def test_the_catalogue_knows_sparky_is_not_human():
    # B1's completion asks for "the human survivor with the lowest influence" (000:960):
    # cards.db's survivor fact reaches the game's catalogue.
    st, _ = engine.new_game(setup_for(2), random.Random(1))
    survivors = st["cards"]["survivors"]
    assert survivors["base.sparky"]["human"] is False
    assert survivors["base.brian-lee"]["human"] is True
    sparky = next(v for v in st["survivors"] if v["id"] == "base.sparky")
    assert not engine.core.state.is_human(st, sparky)


KIND_OF = {"objective": "objectives", "exiled_objective": "objectives", "crossroads": "crossroads"}


def secrets_of(st, seat_id):
    """Every secret card id a seat holds, and the names of those cards from the catalogue."""
    mine = st["secrets"][seat_id]
    out = []
    for key in SECRET_FIELDS:
        card_id = mine[key]
        if card_id:
            out += [card_id, st["cards"][KIND_OF[key]][card_id]["name"]]
    return out


def assert_views_keep_secrets(st):
    """The table sees no secret; each phone sees its own and nobody else's."""
    public = json.dumps(engine.public_view(st))
    table = json.dumps(engine.table_view(st))
    for seat in st["seats"]:
        for secret in secrets_of(st, seat["id"]):
            assert secret not in public and secret not in table
            for other in st["seats"]:
                if other["id"] != seat["id"]:
                    assert secret not in json.dumps(engine.seat_view(st, other["id"]))


def play_round(st, rng):
    """Every seat takes a turn and adds one card to the crisis; then the colony phase."""
    st, _ = engine.reveal_crisis(st, rng=rng)
    while True:
        try:
            st, _ = engine.start_turn(st)
        except engine.RuleError as exc:
            assert "colony phase" in str(exc)
            break
        if st["ended"]:  # frostbite killed a survivor at the start of the turn: morale 0
            return st, []
        active = st["turn"]["seat"]
        drawer = st["turn"]["crossroads_drawer"]
        ring = [s["id"] for s in st["seats"]]
        assert drawer == ring[ring.index(active) - 1]
        if not st["seats"][ring.index(active)]["exiled"]:
            symbol = rng.choice(["food", "fuel", "weapon", "medicine"])
            st, _ = engine.contribute_to_crisis(st, active, [symbol])
        st, _ = engine.end_turn(st)
    st, steps = engine.run_colony_phase(st, rng)
    while st["pending"] and st["pending"]["kind"] == "survivor_choice":  # White Fingers failed
        for seat_id, ids in still_choosing(st).items():
            st, more = engine.choose_survivor(st, seat_id, rng.choice(ids), rng)
            steps += more
        if not st["ended"]:
            st, more = engine.run_colony_phase(st, rng)
            steps += more
    return st, steps


@pytest.mark.parametrize("seed", range(8))
def test_whole_game_reaches_an_end_and_keeps_secrets(seed):
    rng = random.Random(seed)
    st, steps = engine.new_game(setup_for(3 + seed % 2), rng)
    assert st["morale"] == 6 and st["round_track"] == 6
    assert all(loc["entrance"]["zombies"] >= 1 for loc in st["locations"])
    dealt = [st["secrets"][s["id"]]["objective"] for s in st["seats"]]
    kinds = {st["cards"]["objectives"][card_id]["kind"] for card_id in dealt}
    assert kinds <= {"normal", "betrayal"}
    # Every crisis in the deck is in the catalogue, so the deck can be drawn without cards.db.
    assert set(st["decks"]["crises"]) == set(st["cards"]["crises"])
    rounds = 0
    while not st["ended"]:
        before = json.loads(engine.to_json(st))
        st, steps = play_round(st, rng)
        rounds += 1
        assert all(isinstance(engine.render_step(s), str) for s in steps)
        assert engine.from_json(engine.to_json(st)) == st
        assert_views_keep_secrets(st)
        assert before["round_track"] - st["round_track"] in (0, 1)
        assert rounds <= 6
    assert st["ended"]["reason"] in ("morale", "round_track")
    assert st["phase"] == "ended"
    with pytest.raises(engine.RuleError):
        engine.start_turn(st)
    # A morale or round-track end completes no normal objective (002:1813-1818): only a
    # betrayer whose card's tracked parts hold (objective_needs.py) wins. The table may tick
    # any seat (which objective is out stays its owner's secret), but a ticked seat the board
    # shows out does not win, and the log says so once the winners are public.
    betrayers = [
        sid for sid, card in zip(ids(st), dealt, strict=True) if kind(st, card) != "normal"
    ]
    holding = [sid for sid in betrayers if unmet_need(st, sid) is None]
    ended, steps = engine.declare_winners(st, ids(st))
    assert ended["ended"]["winners"] == holding
    not_counted = {s["seat"] for s in steps if s["kind"] == "objective_not_counted"}
    assert not_counted == set(ids(st)) - set(holding)


def ids(st: dict) -> list[str]:
    return [s["id"] for s in st["seats"]]


def kind(st: dict, card_id: str) -> str:
    return st["cards"]["objectives"][card_id]["kind"]


def test_coop_setup_from_cards_db_has_no_secrets_or_non_coop_cards():
    st, _ = engine.new_game(setup_for(2, variant="coop"), random.Random(1))
    assert all(st["secrets"][s["id"]]["objective"] is None for s in st["seats"])
    non_coop = {c["id"] for c in load_cards(CARDS_DB)["crossroads"] if c["non_coop"]}
    assert non_coop and not non_coop & set(st["decks"]["crossroads"])
    assert st["round_track"] == 5  # the hardcore side of We Need More Samples


def test_mature_cards_left_out_when_the_table_says_so():
    st, _ = engine.new_game(setup_for(3, mature=False), random.Random(2))
    mature = {c["id"] for c in load_cards(CARDS_DB)["crossroads"] if c["mature"]}
    assert mature and not mature & set(st["decks"]["crossroads"])


def test_actions_apply_like_entry_points():
    rng = random.Random(3)
    st, _ = engine.new_game(setup_for(3), rng)
    barricade = {"type": "add_barricade", "by": "table", "place": "colony", "entrance": 2}
    via_apply, _ = engine.apply(st, barricade)
    direct, _ = engine.add_barricade(st, "colony", 2)
    assert via_apply == direct
    with pytest.raises(engine.RuleError, match="unknown action"):
        engine.apply(st, {"type": "teleport", "by": "table"})
    with pytest.raises(engine.RuleError, match="takes no argument"):
        engine.apply(st, {**barricade, "colour": "red"})
    with pytest.raises(engine.RuleError, match="names its actor"):
        engine.apply(st, {k: v for k, v in barricade.items() if k != "by"})
    # Between turns a seat may not act on the board: only the table may.
    with pytest.raises(engine.RuleError, match="between turns: only the active player or the"):
        engine.apply(st, {**barricade, "by": "s1"})
