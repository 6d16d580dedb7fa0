"""What each device may see: no other seat's secret reaches any view."""

from __future__ import annotations

import copy
import json
import random
import re

import play
import pytest
from factory import make_setup
from hypothesis import given, settings
from hypothesis import strategies as st_

import companion.engine as engine
from companion.engine.core.errors import RuleError
from companion.engine.setup.new_game import new_game
from companion.engine.views import public_view, seat_view, table_view, visible_steps
from companion.engine.words.steps import step


def game(players=3, seed=1, **kw):
    return new_game(make_setup(players, **kw), random.Random(seed))


def with_secrets(st):
    """A state a few turns in: every seat holds a crossroads card id, s1 an exiled objective id
    (drawn from the decks as turns.py and exile.py do), and each seat has added a crisis card."""
    st = copy.deepcopy(st)
    deck = st["decks"]["crossroads"]
    for s in st["seats"]:
        st["secrets"][s["id"]]["crossroads"] = deck.pop(0) if deck else f"t.held-{s['id']}"
    exiled = st["decks"]["exiled_objectives"]
    st["secrets"]["s1"]["exiled_objective"] = exiled.pop(0)
    st["crisis"] = {
        "id": "t.crisis-1",
        "name": "Crisis 1",
        "prevent": ["food"],
        "fail_text": "",
        "fail_effects": [],
        "bonus_text": "",
        "bonus_effects": [],
        "contributions": [
            {"seat": s["id"], "symbol": sym}
            for s, sym in zip(
                st["seats"], ["food", "fuel", "tool", "weapon", "medicine"], strict=False
            )
        ],
    }
    return st


KIND_OF = {"objective": "objectives", "exiled_objective": "objectives", "crossroads": "crossroads"}


def secret_tokens(st, seat_id):
    """Quoted JSON strings that name this seat's secrets: card ids and, from the catalogue,
    the names of those cards."""
    secrets = st["secrets"][seat_id]
    tokens = []
    for key, kind in KIND_OF.items():
        card_id = secrets[key]
        if card_id:
            tokens.append(json.dumps(card_id))
            card = st["cards"][kind].get(card_id)
            if card:
                tokens.append(json.dumps(card["name"]))
    return tokens


def test_public_view_hides_secrets_and_deck_order():
    st, _ = game()
    st = with_secrets(st)
    view = public_view(st)
    assert "secrets" not in view and "cards" not in view
    assert view["decks"] == {
        "crossroads": len(st["decks"]["crossroads"]),
        "exiled_objectives": len(st["decks"]["exiled_objectives"]),
        "crises": len(st["decks"]["crises"]),
        "survivors": len(st["decks"]["survivors"]),
    }
    assert view["crisis"]["contributions"] == 3
    assert view["crisis"]["name"] == "Crisis 1"
    assert view["seats"] == st["seats"] and view["morale"] == st["morale"]


def test_public_view_keeps_pending_and_does_not_touch_the_state():
    st, _ = game()
    st["pending"] = {
        "kind": "bite_spread",
        "seat": "s1",
        "survivor": "t.surv-0",
        "location": "colony",
    }
    before = copy.deepcopy(st)
    view = public_view(st)
    assert view["pending"] == st["pending"]
    view["pending"]["seat"] = "s9"
    view["survivors"].clear()
    assert st == before


def test_an_open_vote_shows_who_voted_never_how():
    st, _ = game()
    st["pending"] = {
        "kind": "vote",
        "seat": None,
        "subject": "exile",
        "votes": {"s1": True, "s3": False},
        "target": "s2",
        "destinations": None,
    }
    shown = {
        "kind": "vote",
        "seat": None,
        "subject": "exile",
        "target": "s2",
        "destinations": None,
        "voted": ["s1", "s3"],
    }
    assert public_view(st)["pending"] == shown
    assert table_view(st)["pending"] == shown
    for sid, ballot in (("s1", True), ("s2", None), ("s3", False)):
        view = seat_view(st, sid)
        assert view["pending"] == shown and view["mine"]["ballot"] is ballot
    assert st["pending"]["votes"] == {"s1": True, "s3": False}


def test_seat_view_adds_only_its_own_secrets():
    st, _ = game()
    st = with_secrets(st)
    view = seat_view(st, "s2")
    assert view["seat"] == "s2"
    mine = st["secrets"]["s2"]
    assert view["mine"] == {
        "objective": st["cards"]["objectives"][mine["objective"]],
        "exiled_objective": None,
        "crossroads": st["cards"]["crossroads"][mine["crossroads"]],
        "dealt_survivors": [],
        "crisis_contributions": ["fuel"],
        "objective_complete": None,
        "objective_completable": True,
        "objective_out": None,
        "ballot": None,
        "survivor_choice": None,
        "card_choice": None,
        "crossroads_hint": False,
        "added_requirement": None,
        "survivor_may_join": False,
        "new_survivor_due": False,
    }
    assert set(view["legal"]) == {"s2"}
    assert view["crisis"]["contributions"] == 3
    assert "secrets" not in view and "cards" not in view
    # s1 also holds an exiled objective: its phone shows its facts.
    s1 = seat_view(st, "s1")["mine"]
    exiled_id = st["secrets"]["s1"]["exiled_objective"]
    assert s1["exiled_objective"] == st["cards"]["objectives"][exiled_id]
    assert s1["exiled_objective"]["kind"] == "exiled"


def test_seat_view_of_an_unknown_seat():
    st, _ = game()
    with pytest.raises(RuleError, match="unknown seat 's9'"):
        seat_view(st, "s9")


def test_visible_steps():
    steps = [
        step("objectives_dealt", players=2),
        step("objective_received", private="s1", seat="s1", objective="a", name="A"),
        step("objective_received", private="s2", seat="s2", objective="b", name="B"),
    ]
    assert visible_steps(steps) == [steps[0]]
    assert visible_steps(steps, "s1") == steps[:2]
    assert visible_steps(steps, "s2") == [steps[0], steps[2]]
    assert visible_steps(steps, "s3") == [steps[0]]


def test_setup_steps_for_the_table_name_no_objective():
    st, steps = game(4)
    table = json.dumps(visible_steps(steps))
    for s in st["seats"]:
        for token in secret_tokens(st, s["id"]):
            assert token not in table
    mine = visible_steps(steps, "s3")
    assert [s["kind"] for s in mine if s.get("private")] == ["objective_received"]


@settings(max_examples=40, deadline=None)
@given(
    players=st_.integers(min_value=2, max_value=5),
    variant=st_.sampled_from(["standard", "betrayer", "hardcore"]),
    seed=st_.integers(min_value=0, max_value=100_000),
    later=st_.booleans(),
)
def test_no_view_leaks_another_seats_secret(players, variant, seed, later):
    st, steps = game(players, seed, variant=variant)
    if later:
        st = with_secrets(st)
    table = json.dumps(public_view(st)) + json.dumps(table_view(st))
    table_steps = json.dumps(visible_steps(steps))
    seat_ids = [s["id"] for s in st["seats"]]
    for owner in seat_ids:
        tokens = secret_tokens(st, owner)
        assert tokens, "every seat holds a secret objective"
        for token in tokens:
            assert token not in table
            assert token not in table_steps
        for other in seat_ids:
            if other == owner:
                continue
            view = seat_view(st, other)
            text = json.dumps(view)
            their_steps = json.dumps(visible_steps(steps, other))
            for token in tokens:
                assert token not in text
                assert token not in their_steps
            pile = st["crisis"]["contributions"] if st["crisis"] else []
            theirs = [c["symbol"] for c in pile if c["seat"] == other]
            assert view["mine"]["crisis_contributions"] == theirs
        own = json.dumps(seat_view(st, owner))
        assert all(token in own for token in tokens)


def test_the_table_view_counts_the_empty_spaces_of_every_entrance():
    """The board draws an entrance's empty spaces from the engine's count, not its own."""
    from companion.engine.views import table_view
    from tests.factory import make_state

    state = make_state(3)
    state["colony"]["entrances"][1].update(zombies=1, barricades=1)
    police = next(loc for loc in state["locations"] if loc["id"] == "police")
    police["entrance"].update(zombies=2, traps=0)
    free = table_view(state)["numbers"]["free_entrance_spaces"]
    colony = state["colony"]["entrances"]
    assert free["colony"] == [
        e["spaces"] - e["zombies"] - e["barricades"] - e["traps"] for e in colony
    ]
    assert free["colony"][1] == colony[1]["spaces"] - 2
    assert free["police"] == police["entrance"]["spaces"] - 2 - police["entrance"]["barricades"]
    assert set(free) == {"colony"} | {loc["id"] for loc in state["locations"]}


@pytest.mark.parametrize("counts", [True, False])
def test_waiting_names_each_colony_step_its_number_of_seven_and_whether_it_asks(counts):
    """002:1579 "resolve the following 7 effects in order"; only step 5 (002:1621, "Check Main
    Objective") waits for the table's answer, and only for a main objective that does not count
    (We Need More Samples counts zombies, 002:44). Each step is run by the action ``waiting``
    names."""
    state, _ = play.start(3, 4)
    if not counts:
        state["main_objective"] = {**state["main_objective"], "counts": None}
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 2})
    assert table_view(state)["waiting"] == {"kind": "start_turn", "seat": state["first_player"]}
    state, _ = engine.apply(state, {"type": "start_colony_phase", "by": "table"})
    seen = []
    while table_view(state)["waiting"]["kind"] == "colony_phase":
        view = table_view(state)
        due = view["waiting"]
        assert due["begun"] and due["of"] == 7
        if view["revealing"]:  # the next step is not offered while the table turns one over
            assert due["action"] not in view["legal"]["table"]
            state, _ = engine.apply(state, {"type": "finish_reveal", "by": "table"})
            view = table_view(state)
        assert due["action"] in view["legal"]["table"]
        seen.append((due["number"], due["step"], due["action"], due["asks"]))
        answer = {"met": False} if due["asks"] else {}
        state, _ = engine.apply(state, {"type": due["action"], "by": "table", "seed": 5, **answer})
    assert seen == [
        (1, "pay_food", "pay_food", False),
        (2, "check_waste", "check_waste", False),
        (3, "resolve_crisis", "resolve_crisis", False),
        (4, "add_zombies", "add_colony_phase_zombies", False),
        (5, "check_main_objective", "check_main_objective", not counts),
        (6, "move_round_track", "move_round_track", False),
        (7, "pass_first_player", "pass_first_player", False),
    ]
    assert state["round"] == 2 and state["phase"] == "player_turns"


def test_waiting_for_the_colony_phase_before_it_begins_names_its_first_step():
    state, _ = play.start(2, 3)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 2})
    for _ in range(2):
        seat = table_view(state)["waiting"]["seat"]
        state, _ = engine.apply(state, {"type": "start_turn", "by": seat})
        state, _ = engine.apply(state, {"type": "end_turn", "by": seat})
    due = table_view(state)["waiting"]
    assert due == {
        "kind": "colony_phase",
        "step": "pay_food",
        "number": 1,
        "of": 7,
        "action": "pay_food",
        "asks": False,
        "begun": False,
        "noise": None,
        "run": [  # one Confirm runs all seven: the main objective counts
            "pay_food",
            "check_waste",
            "resolve_crisis",
            "add_zombies",
            "check_main_objective",
            "move_round_track",
            "pass_first_player",
        ],
        "containment": False,
    }
    assert "start_colony_phase" in table_view(state)["legal"]["table"]


def test_a_seat_view_built_on_the_shared_table_view_leaves_it_untouched():
    """A phone's seat view is built on the table view (companion/web/phone.py): building it
    must not write that seat's secrets into the table view, and must equal a view built alone."""
    st = with_secrets(game(players=4)[0])
    table = table_view(st)
    before = copy.deepcopy(table)
    for seat_id in ("s1", "s2", "s3", "s4"):
        assert seat_view(st, seat_id, table) == seat_view(st, seat_id)
    assert table == before
    assert "mine" not in table


CARD_TEXT = re.compile(r'"(trigger|goal|fail_text|bonus_text|story|text|\w+_pt_BR)":')
"""A card's text field in JSON (a legal choice's own ``name`` is a counter's argument)."""


def test_legal_actions_carry_no_card_text_to_translate():
    """Every legal choice is an id, a number or a flag: a screen names a card it offers by id
    (card_texts.card_words), so ``legal`` holds no card record and no translation."""
    for seed, kw in (
        (1, {}),
        (
            2,
            {
                "ruleset": "long_night",
                "settings": {"modules": ["bandits", "raxxon", "improvements"]},
            },
        ),
    ):
        state, _ = play.start(4, seed=seed, **kw)
        rng = random.Random(seed)
        for _ in range(150):
            legal = table_view(state)["legal"]
            assert not CARD_TEXT.search(json.dumps(legal)), legal
            if state.get("ended"):
                break
            state, _ = engine.apply(state, play.next_action(state, rng))


def test_the_unruly_count_shows_where_the_rule_is_played_or_a_token_is_anyway():
    """Unruly helpless survivors are a Long Night rule (000:684-692): the table view says to
    show their count in every Long Night game, and in a base game only while one is there."""
    base, _ = game(ruleset="base")
    assert table_view(base)["tokens_shown"]["unruly"] is False
    base["helpless"]["unruly"] = 1
    assert table_view(base)["tokens_shown"]["unruly"] is True
    long_night, _ = game(ruleset="long_night")
    assert long_night["helpless"]["unruly"] == 0
    assert table_view(long_night)["tokens_shown"]["unruly"] is True


def test_the_despair_token_is_explained_where_the_rule_is_played_or_one_is_anyway():
    """Despair is a Long Night rule (000:676-682): the table view says to explain its token in
    every Long Night game, and in a base game only while a survivor carries one (a correction)."""
    base, _ = game(ruleset="base")
    assert table_view(base)["tokens_shown"]["despair"] is False
    base["survivors"][0]["despair"] = 1
    assert table_view(base)["tokens_shown"]["despair"] is True
    long_night, _ = game(ruleset="long_night")
    assert not any(s["despair"] for s in long_night["survivors"])
    assert table_view(long_night)["tokens_shown"]["despair"] is True


def test_a_survivor_may_join_only_its_players_group_on_that_players_turn():
    """survivor_may_join (002:1716-1729): on the seat's own turn, while the survivor deck has a
    card; never off turn (the table adds one then)."""
    st, _ = game()
    st = with_secrets(st)
    st["decks"]["survivors"] = [next(iter(st["cards"]["survivors"]))]
    assert not any(seat_view(st, s)["mine"]["survivor_may_join"] for s in ("s1", "s2", "s3"))
    st["turn"] = {
        "seat": "s2",
        "crossroads_drawer": "s1",
        "exile_vote_called": False,
        "crossroads_revealed": False,
        "moved": [],
    }
    assert [seat_view(st, s)["mine"]["survivor_may_join"] for s in ("s1", "s2", "s3")] == [
        False,
        True,
        False,
    ]
    st["decks"]["survivors"] = []
    assert not seat_view(st, "s2")["mine"]["survivor_may_join"]


def test_the_screens_name_the_colony_phase_once_each_player_has_had_a_turn():
    """002:992-994: once each player has taken a turn the colony phase begins; the screens name
    it from then (``phase_named``), before the table begins it and while its first steps are
    turned over, though the board shown is still the one before them."""
    state, _ = play.start(2, 4)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    assert table_view(state)["phase_named"] == "player_turns"
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    state, _ = engine.apply(state, {"type": "end_turn", "by": "table"})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    assert table_view(state)["phase_named"] == "player_turns"  # the last turn is still on
    state, _ = engine.apply(state, {"type": "end_turn", "by": "table"})
    view = table_view(state)
    assert (view["waiting"]["kind"], view["phase"], view["phase_named"]) == (
        "colony_phase",
        "player_turns",
        "colony",
    )
    state, _ = engine.apply(state, {"type": "run_colony_steps", "by": "table", "seed": 2})
    view = table_view(state)
    assert view["revealing"] and view["phase"] == "player_turns"  # the board before the steps
    assert view["phase_named"] == "colony"
    assert seat_view(state, "s1", view)["phase_named"] == "colony"
    assert (
        state["round"] == 2
    )  # the steps ran to the next round: named once the table has read them
    state, _ = engine.apply(state, {"type": "finish_reveal", "by": "table"})
    assert table_view(state)["phase_named"] == "player_turns"
