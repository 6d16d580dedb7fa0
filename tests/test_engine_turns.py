"""Player turns: order, the crossroads draw by the right-hand neighbour, frostbite."""

from __future__ import annotations

import play
import pytest
from factory import make_state, put_survivors
from hypothesis import given
from hypothesis import strategies as st_

import companion.engine as engine
from companion.engine.colony.steps import pass_first_player
from companion.engine.core.errors import RuleError
from companion.engine.core.state import active_seat_id
from companion.engine.sentences import render_step
from companion.engine.turns.turn import end_turn, start_turn, turn_order


def kinds(steps):
    return [s["kind"] for s in steps]


def with_deck(seats=3, deck=("c1", "c2", "c3")):
    st = make_state(seats)
    st["decks"]["crossroads"] = list(deck)
    for sid in [s["id"] for s in st["seats"]]:
        put_survivors(st, [40], owner=sid)
    return st


def test_right_neighbour_draws_secretly():
    st = with_deck(3)
    st, steps = start_turn(st)
    assert active_seat_id(st) == "s1" and "active_player" not in st
    assert st["turn"] == {
        "seat": "s1",
        "crossroads_drawer": "s3",
        "exile_vote_called": False,
        "crossroads_revealed": False,
        "moved": [],
    }
    assert st["secrets"]["s3"]["crossroads"] == "c1"
    assert st["decks"]["crossroads"] == ["c2", "c3"]
    assert kinds(steps) == ["turn_started", "crossroads_drawn", "crossroads_secret"]
    public = [s for s in steps if "private" not in s]
    assert all("c1" not in render_step(s) and "c1" not in s.values() for s in public)
    secret = steps[2]
    assert secret["private"] == "s3" and secret["card"] == "c1"
    assert render_step(steps[1]) == (
        "Carla draws a crossroads card for Ana's turn and keeps it hidden."
    )


def test_second_seat_is_drawn_for_by_the_first():
    st, _ = start_turn(with_deck(3))
    st, _ = end_turn(st)
    st, _ = start_turn(st)
    assert active_seat_id(st) == "s2"
    assert st["turn"]["crossroads_drawer"] == "s1"


def test_order_starts_at_first_player_and_goes_left():
    st = with_deck(4, deck=())
    st["first_player"] = "s3"
    assert turn_order(st) == ["s3", "s4", "s1", "s2"]
    seen = []
    for _ in range(4):
        st, _ = start_turn(st)
        seen.append(active_seat_id(st))
        st, steps = end_turn(st)
    assert seen == ["s3", "s4", "s1", "s2"]
    assert kinds(steps)[-1] == "turns_over"
    with pytest.raises(RuleError, match="colony phase"):
        start_turn(st)


def test_new_round_starts_fresh_when_round_moves_on():
    st = with_deck(2, deck=())
    for _ in range(2):
        st, _ = start_turn(st)
        st, _ = end_turn(st)
    st["round"] += 1
    st["first_player"] = "s2"
    st, _ = start_turn(st)
    assert active_seat_id(st) == "s2"
    assert st["turns_taken"] == {"round": 2, "seats": ["s2"]}


def test_eliminated_seat_is_skipped():
    st = with_deck(3, deck=())
    st["seats"][1]["eliminated"] = True
    st, _ = start_turn(st)
    st, _ = end_turn(st)
    st, _ = start_turn(st)
    assert active_seat_id(st) == "s3"
    assert st["turn"]["crossroads_drawer"] == "s1"


def test_seat_id_must_be_the_next_one():
    st = with_deck(3)
    with pytest.raises(RuleError, match="it is Ana's turn, not Bruno's"):
        start_turn(st, "s2")
    with pytest.raises(RuleError, match="unknown seat"):
        start_turn(st, "s9")
    st2, _ = start_turn(st, "s1")
    assert active_seat_id(st2) == "s1"


def test_cannot_start_twice_or_end_without_a_turn():
    st = with_deck(3)
    with pytest.raises(RuleError, match="no player's turn"):
        end_turn(st)
    st, _ = start_turn(st)
    with pytest.raises(RuleError, match="Ana's turn is still in progress"):
        start_turn(st)


def test_empty_deck_draws_nothing():
    st = with_deck(3, deck=())
    st, steps = start_turn(st)
    assert kinds(steps) == ["turn_started", "crossroads_deck_empty"]
    assert st["secrets"]["s3"]["crossroads"] is None
    st, steps = end_turn(st)
    assert kinds(steps) == ["turn_ended"]


def test_untriggered_card_goes_to_the_bottom():
    st, _ = start_turn(with_deck(3))
    st, steps = end_turn(st)
    assert st["decks"]["crossroads"] == ["c2", "c3", "c1"]
    assert st["secrets"]["s3"]["crossroads"] is None
    assert st["turn"] is None and active_seat_id(st) is None
    assert kinds(steps) == ["crossroads_returned", "turn_ended"]
    assert "c1" not in render_step(steps[0])


def test_frostbite_adds_exactly_one_wound():
    """002:1430: one wound per frostbitten survivor, however many frostbite tokens it has."""
    st = with_deck(3, deck=())
    second = put_survivors(st, [30], owner="s1")[0]
    st["survivors"][0]["frostbite"] = 1
    st["survivors"][-1]["frostbite"] = 1
    st["survivors"][-1]["despair"] = 0
    st, steps = start_turn(st)
    first = st["survivors"][0]
    assert (first["wounds"], first["frostbite"]) == (1, 1)
    assert [s["survivor"] for s in steps if s["kind"] == "wound_added"] == ["surv-40-0", second]
    assert [s["total"] for s in steps if s["kind"] == "wound_added"] == [2, 2]
    assert kinds(steps)[2:] == ["frostbite_hurts", "wound_added", "frostbite_hurts", "wound_added"]
    assert (
        render_step(steps[2]) == "Frostbite: Survivor 40 takes 1 more wound as Ana's turn begins."
    )


def test_frostbite_third_wound_kills():
    st = with_deck(3, deck=())
    extra = put_survivors(st, [10], owner="s1")[0]
    st["survivors"][-1]["frostbite"] = 2
    st["survivors"][-1]["wounds"] = 0
    morale = st["morale"]
    st, steps = start_turn(st)
    assert extra not in [s["id"] for s in st["survivors"]]
    assert kinds(steps).count("wound_added") == 1
    assert "survivor_died" in kinds(steps)
    assert st["morale"] == morale - 1


def test_frostbite_only_for_the_active_players_survivors():
    st = with_deck(3, deck=())
    st["survivors"][1]["frostbite"] = 1  # s2's survivor
    st, steps = start_turn(st)
    assert st["survivors"][1]["wounds"] == 0
    assert "frostbite_hurts" not in kinds(steps)


def test_caller_state_untouched():
    st = with_deck(3)
    before = repr(st)
    start_turn(st)
    assert repr(st) == before


@given(st_.integers(2, 5), st_.data())
def test_drawer_is_always_the_previous_seat(seats, data):
    st = make_state(seats)
    ids = [s["id"] for s in st["seats"]]
    st["first_player"] = data.draw(st_.sampled_from(ids))
    st["decks"]["crossroads"] = [f"c{i}" for i in range(seats)]
    for _ in range(seats):
        st, _ = start_turn(st)
        active = active_seat_id(st)
        drawer = st["turn"]["crossroads_drawer"]
        assert drawer != active
        assert drawer == ids[(ids.index(active) - 1) % seats]
        st, _ = end_turn(st)
    assert len(st["decks"]["crossroads"]) == seats


def test_round_after_the_colony_phase_starts_with_the_new_first_player():
    """Colony step 7 passes the token right (002:1629); turns then start from the new holder."""
    st = with_deck(3, deck=())
    for _ in range(3):
        st, _ = start_turn(st)
        st, _ = end_turn(st)
    st, _ = pass_first_player(st)
    assert st["first_player"] == "s3"
    st, _ = start_turn(st)
    assert (st["round"], active_seat_id(st)) == (2, "s3")
    assert st["turn"]["crossroads_drawer"] == "s2"


def test_an_end_that_starts_the_next_turn_is_one_action_and_stops_at_the_last_turn():
    """``end_turn(start_next=True)`` ends the turn and starts the next player's (002:983) in one
    action; after the last turn of the round nobody is next, and the flag is refused."""

    state, _ = play.start(3, 2)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    order = engine.table_view(state)["waiting"]
    seats = [order["seat"]]
    for _ in range(2):
        following = engine.table_view(state)["waiting"]["next"]
        state, steps = engine.apply(state, {"type": "end_turn", "by": "table", "start_next": True})
        kinds = [s["kind"] for s in steps]
        assert kinds.index("turn_ended") < kinds.index("turn_started")
        assert state["turn"]["seat"] == following
        seats.append(following)
    assert len(set(seats)) == 3
    assert engine.table_view(state)["waiting"]["next"] is None
    assert engine.table_view(state)["legal"]["table"]["end_turn"] == {"start_next": [False]}
    last = {"type": "end_turn", "by": "table", "start_next": True}
    with pytest.raises(engine.RuleError, match="start next True: it is not among the choices"):
        engine.apply(state, last)  # nobody is next: the flag would do nothing
    state, steps = engine.apply(state, {**last, "start_next": False})
    assert state["turn"] is None and steps[-1]["kind"] == "turns_over"
    assert engine.table_view(state)["waiting"]["kind"] == "colony_phase"


def test_the_turn_cannot_end_while_a_revealed_crossroads_card_waits_for_its_option():
    """Issue 29.8: once the drawer reveals the card, the active player takes an option
    (000:458); End is refused and not offered until then."""

    state, _ = play.start(3, 2)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    drawer = state["turn"]["crossroads_drawer"]
    state, _ = engine.apply(state, {"type": "reveal_crossroads", "by": drawer})
    view = engine.table_view(state)
    assert view["waiting"]["crossroads_waits"] is True
    assert "end_turn" not in view["legal"]["table"]
    with pytest.raises(engine.RuleError, match="waits for its option"):
        engine.apply(state, {"type": "end_turn", "by": "table"})


def test_a_game_saved_before_the_rule_replays_its_turn_ending_as_it_was_played():
    """A save whose setup leaves ``end_waits_for_crossroads`` out (the companion before the
    rule) ends that turn as it did then: the card goes under its deck (000:458)."""
    state, _ = play.start(3, 2, settings={"end_waits_for_crossroads": False})
    assert state["settings"]["end_waits_for_crossroads"] is False
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    drawer = state["turn"]["crossroads_drawer"]
    state, _ = engine.apply(state, {"type": "reveal_crossroads", "by": drawer})
    assert "end_turn" in engine.table_view(state)["legal"]["table"]
    state, steps = engine.apply(state, {"type": "end_turn", "by": "table"})
    assert "crossroads_returned" in kinds(steps) and state["turn"] is None
