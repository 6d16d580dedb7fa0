"""Crossroads hints (issue 21, point 8): a step or state that matches the held card's structured
trigger lights up its holder's phone, and only that phone. One test per trigger kind of
cards.db, over steps as the engine makes them (``searched`` built by hand: another task adds
the search action), and the whole path through apply and the views."""

from __future__ import annotations

import json
import sqlite3

import play
import pytest

import companion.engine as engine
from companion.cards.schema import TRIGGER_KINDS
from companion.engine.turns.crossroads_hints import MATCHERS, hint_for, may_trigger

ACTIVE = "s1"


def game():
    """A 3-seat game in s1's turn: s1 has Brian Lee and Sparky, s2 Daniel Smith and Andrew
    Evans, s3 Thomas Heart and Forest Plum, all in the colony."""
    state, _ = play.start(3)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table", "seed": 1})
    assert state["turn"]["seat"] == ACTIVE
    return state


def card(kind, **params):
    return {"id": "test.card", "trigger_kind": kind, "trigger_params": params}


def step(kind, **fields):
    return {"kind": kind, **fields}


def cards_db_kinds():
    conn = sqlite3.connect(play.CARDS_DB)
    try:
        return {row[0] for row in conn.execute("select distinct trigger_kind from crossroads")}
    finally:
        conn.close()


def test_every_trigger_kind_has_a_matcher():
    assert cards_db_kinds() <= set(MATCHERS)
    assert set(TRIGGER_KINDS) == set(MATCHERS)


# Each case: kind, params, steps that match, steps that do not (with the same state).
SURVIVOR = "base.brian-lee"  # s1's, the active player's
OTHERS = "base.daniel-smith"  # s2's
CASES = {
    "start-of-turn": ({}, [step("turn_started", seat=ACTIVE)], [step("turn_ended")]),
    "any-time": ({}, [step("turn_started", seat=ACTIVE)], [step("noise_added")]),
    "moves-to": (
        {"location": "base.hospital"},
        [step("survivor_moved", survivor=SURVIVOR, to="base.hospital")],
        [step("survivor_moved", survivor=SURVIVOR, to="base.school")],
    ),
    "searches-at": (
        {"location": "base.grocery-store"},
        [step("searched", survivor=SURVIVOR, location="base.grocery-store")],
        [step("searched", survivor=SURVIVOR, location="base.library")],
    ),
    "kills-zombie": (
        {"location": "base.colony"},
        [step("zombies_killed", where="colony", entrance=2, count=1)],
        [step("zombies_killed", where="base.school", entrance=None, count=1)],
    ),
    "attacks-survivor": (
        {},
        [step("wound_added", survivor=OTHERS, wound="wound", total=1)],
        [
            step("exposure_rolled", survivor=OTHERS, result="wound"),
            step("wound_added", survivor=OTHERS, wound="wound", total=1),
        ],
    ),
    "barricades": (
        {"location": "base.school"},
        [step("barricade_added", where="base.school", entrance=None)],
        [step("barricade_added", where="colony", entrance=1)],
    ),
    "cleans-waste": ({}, [step("waste_cleaned", seat=ACTIVE)], [step("waste_added")]),
    "adds-to-crisis": (
        {},
        [step("crisis_card_added", seat=ACTIVE, count=1)],
        [step("crisis_card_added", seat="s2", count=1)],
    ),
    "plays-card": (
        {"symbol": "food"},
        [step("cards_played", seat=ACTIVE, count=1)],
        [step("cards_played", seat="s3", count=1)],
    ),
    "spends-food": (
        {},
        [step("food_spent", seat=ACTIVE, count=1)],
        [step("food_added", count=1)],
    ),
    "requests": ({}, [], [step("cards_played", seat=ACTIVE, count=1)]),
    "calls-exile-vote": (
        {},
        [step("exile_vote_called", caller=ACTIVE, target="s2")],
        [step("vote_opened")],
    ),
    "exposure-result": (
        {"result": "bite"},
        [step("exposure_rolled", survivor=SURVIVOR, result="bite")],
        [step("exposure_rolled", survivor=SURVIVOR, result="blank")],
    ),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_step_that_matches_the_trigger_lights_it(kind):
    st = game()
    params, matching, other = CASES[kind]
    if kind == "requests":  # the table records no request: nothing ever lights it
        assert may_trigger(card(kind), other, st, ACTIVE) is None
        return
    assert may_trigger(card(kind, **params), matching, st, ACTIVE)
    assert may_trigger(card(kind, **params), other, st, ACTIVE) is None


def test_a_kill_anywhere_matches_a_card_naming_no_place():
    st = game()
    killed = [step("zombies_killed", where="base.school", entrance=None, count=1)]
    assert may_trigger(card("kills-zombie"), killed, st, ACTIVE)


def test_a_kill_outside_the_colony_lights_only_for_a_kill_at_a_location():
    """Red-Taped Arrows triggers on a kill "at a location other than the colony": a kill at
    colony entrance 1 leaves it dark, a kill at a location lights it."""
    st = game()
    conn = sqlite3.connect(play.CARDS_DB)
    try:
        kind, params = conn.execute(
            "select trigger_kind, trigger_params from crossroads where id = ?",
            ("companion.red-taped-arrows",),
        ).fetchone()
    finally:
        conn.close()
    arrows = {"id": "companion.red-taped-arrows", "trigger_kind": kind}
    arrows["trigger_params"] = json.loads(params)
    assert arrows["trigger_params"] == {"outside_colony": True}
    at_colony = [step("zombies_killed", where="colony", entrance=1, count=1)]
    at_school = [step("zombies_killed", where="base.school", entrance=None, count=1)]
    assert may_trigger(arrows, at_colony, st, ACTIVE) is None
    assert may_trigger(arrows, at_school, st, ACTIVE) == "zombies_killed"
    assert may_trigger(card("kills-zombie", outside_colony=False), at_colony, st, ACTIVE)


# Kinds read from the state after the action: (kind, params, change making it true).
def _set(key, value):
    def change(st):
        st[key] = value

    return change


def _zombies(count):
    def change(st):
        st["colony"]["entrances"][0]["zombies"] = count

    return change


def _helpless(count):
    def change(st):
        st["helpless"]["normal"] = count

    return change


def _survivor(field, value, sid=SURVIVOR):
    def change(st):
        next(s for s in st["survivors"] if s["id"] == sid)[field] = value

    return change


STATE_CASES = {
    "morale-at-most": ({"value": 3}, _set("morale", 3), _set("morale", 4)),
    "food-at-most": ({"value": 1}, _set("food", 1), _set("food", 2)),
    "waste-at-least": ({"value": 8}, _set("waste", 8), _set("waste", 7)),
    "helpless-at-least": ({"value": 1}, _helpless(1), _helpless(0)),
    "colony-zombies-at-least": ({"value": 4}, _zombies(4), _zombies(3)),
    "controls-survivor": (
        {"survivor": "Sparky"},
        _survivor("owner", ACTIVE, "base.sparky"),
        _survivor("owner", "s2", "base.sparky"),
    ),
    "survivor-at": (
        {"survivor": "Brian Lee", "location": "base.library"},
        _survivor("location", "base.library"),
        _survivor("location", "base.school"),
    ),
    "wounded-survivor": ({}, _survivor("wounds", 1), _survivor("wounds", 0)),
}


@pytest.mark.parametrize("kind", sorted(STATE_CASES))
def test_a_state_that_matches_the_trigger_lights_it(kind):
    params, make_true, make_false = STATE_CASES[kind]
    st = game()
    make_true(st)
    assert may_trigger(card(kind, **params), [step("noise_added")], st, ACTIVE)
    make_false(st)
    assert may_trigger(card(kind, **params), [step("noise_added")], st, ACTIVE) is None


def test_the_cases_cover_every_kind():
    assert set(CASES) | set(STATE_CASES) == set(MATCHERS)


def holding(kind_and_params):
    """A game at s1's turn start whose drawer holds a cards.db card of that trigger."""
    state, _ = play.start(3)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    kind, params = kind_and_params
    chosen = next(
        cid
        for cid, c in state["cards"]["crossroads"].items()
        if c.get("trigger_kind") == kind and c.get("trigger_params") == params
    )
    deck = state["decks"]["crossroads"]
    deck.remove(chosen)
    deck.insert(0, chosen)
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table", "seed": 1})
    return state, state["turn"]["crossroads_drawer"]


def test_through_apply_only_the_holder_is_told():
    state, drawer = holding(("moves-to", {"location": "base.hospital"}))
    assert not hint_for(state, drawer)
    move = {
        "type": "move_survivor",
        "by": "table",
        "survivor_id": SURVIVOR,
        "to": "base.hospital",
        "exposure": "blank",
    }
    after, _ = engine.apply(state, move)
    assert engine.seat_view(after, drawer)["mine"]["crossroads_hint"] is True
    for sid in ("s1", "s2", "s3"):
        if sid != drawer:
            assert engine.seat_view(after, sid)["mine"]["crossroads_hint"] is False
    assert "crossroads_hint" not in json.dumps(engine.table_view(after))
    assert "crossroads_hint" not in json.dumps(engine.public_view(after))
    revealed, _ = engine.apply(after, {"type": "reveal_crossroads", "by": drawer})
    assert engine.seat_view(revealed, drawer)["mine"]["crossroads_hint"] is False


def test_a_card_that_may_be_revealed_from_the_start_lights_at_the_draw():
    state, drawer = holding(("start-of-turn", {}))
    assert hint_for(state, drawer)


# --- only that phone: through the web pages --------------------------------------------------

HINT = {
    "en": "This may trigger your card",
    "pt_BR": "Isto pode ser o gatilho da sua carta",
}
OPENING = [
    {"type": "reveal_crisis", "by": "table", "seed": 1},
    {"type": "start_turn", "by": "table", "seed": 1},
]


def lit_at_the_draw():
    """A new_game seed whose first turn's drawer holds a card that lights at the draw."""
    for seed in range(1, 400):
        state, _ = engine.apply(
            None, {"type": "new_game", "by": "table", "setup": play.setup_for(3), "seed": seed}
        )
        for action in OPENING:
            state, _ = engine.apply(state, action)
        if hint_for(state, state["turn"]["crossroads_drawer"]):
            return seed, state["turn"]["crossroads_drawer"]
    raise AssertionError("no seed draws a card that lights at once")


@pytest.fixture
def app(app_config, tmp_path):
    from companion import create_app

    return create_app({**app_config, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


def test_only_the_holders_phone_lights_up(app):
    from helpers.phones import open_db, take_seat

    from companion import store

    seed, drawer = lit_at_the_draw()
    db = open_db(app)
    try:
        new = {"type": "new_game", "by": "table", "setup": play.setup_for(3), "seed": seed}
        game_id = store.create_game(db, "Hints", new)
        for action in OPENING:
            store.act(db, game_id, action, version=store.current(db, game_id).version)
    finally:
        db.close()
    table = app.test_client()
    phones = {sid: take_seat(app, table, game_id, sid) for sid in ("s1", "s2", "s3")}
    for lang, words in HINT.items():
        for sid, phone in phones.items():
            phone.set_cookie("lang", lang)
            page = phone.get(f"/phone/{game_id}").get_data(as_text=True)
            assert (words in page) is (sid == drawer), (sid, lang)
        table.set_cookie("lang", lang)
        assert words not in table.get(f"/games/{game_id}").get_data(as_text=True)
