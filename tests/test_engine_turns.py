"""Player turns: order, the crossroads draw by the right-hand neighbour, frostbite."""

from __future__ import annotations

import pytest
from companion.engine.sentences import render_step
from factory import make_state, put_survivors
from hypothesis import given
from hypothesis import strategies as st_

from companion.engine.colony.steps import pass_first_player
from companion.engine.core.errors import RuleError
from companion.engine.core.state import active_seat_id
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
