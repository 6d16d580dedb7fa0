"""The colony phase's noise dice and first player votes at the front door: the legal list says
which values are legal now, and the door refuses any other.

Add Zombies (002:1613-1617): one action die for each noise token at each location; The Long
Night flips each token like a coin (000:490). A first player vote takes one vote from each
player who may vote (000:660, 002:1764).
"""

from __future__ import annotations

import play
import pytest

import companion.engine as engine
from companion.engine.actions import door
from companion.engine.colony.phases import STEP_ACTIONS
from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError
from companion.engine.legal import legal_for

TABLE = {"by": "table"}
NOISY = ("run_colony_steps", "add_colony_phase_zombies", "run_colony_phase")
"""The actions that resolve the noise tokens when Add Zombies is due."""


def at_add_zombies(tokens: int, ruleset: str = "base", noise_dice: str = "entered") -> dict:
    """A game whose Add Zombies is due, with ``tokens`` noise at the first location."""
    kw = {"settings": {"noise_dice": noise_dice}}
    if ruleset == "long_night":
        kw["ruleset"] = "long_night"
    state, _ = play.start(3, **kw)
    state, _ = engine.apply(state, {"type": "reveal_crisis", **TABLE, "seed": 1})
    first = min(state["locations"], key=lambda loc: loc["number"])["id"]
    if tokens:
        state, _ = engine.apply(
            state, {"type": "add_noise", **TABLE, "location_id": first, "count": tokens}
        )
    state, _ = engine.apply(state, {"type": "start_colony_phase", **TABLE})
    for _ in range(4):
        if state.get("reveal"):
            state, _ = engine.apply(state, {"type": "finish_reveal", **TABLE})
        if state["colony_step"] == "add_zombies":
            return state
        kind = STEP_ACTIONS[state["colony_step"]]
        state, _ = engine.apply(state, {"type": kind, **TABLE, "seed": 2})
    raise AssertionError("Add Zombies never came due")


def first_place(state: dict) -> str:
    return min(state["locations"], key=lambda loc: loc["number"])["id"]


@pytest.mark.parametrize("kind", NOISY)
@pytest.mark.parametrize("tokens", [0, 1])
def test_the_list_names_a_die_per_token_and_the_door_takes_exactly_that(kind, tokens):
    state = at_add_zombies(tokens)
    assert state["settings"]["listed_only"]
    listed = legal_for(state, "table")[kind]["noise"]
    assert listed == {
        "places": [first_place(state)] * tokens,
        "faces": [1, 2, 3, 4, 5, 6],
        "names": [1, 2, 3, 4, 5, 6],
    }
    declared = act.REGISTRY[kind]
    exact = [3] * tokens
    assert act.outside(declared, {"noise": listed}, {"noise": exact}) is None
    assert act.outside(declared, {"noise": listed}, {"noise": [*exact, 3]}) == (
        "noise",
        [*exact, 3],
    )
    left_out = act.outside(declared, {"noise": listed}, {})
    assert left_out == (None if tokens == 0 else ("noise", None))
    _, steps = engine.apply(state, {"type": kind, **TABLE, "seed": 3, "noise": exact})
    assert [s["roll"] for s in steps if s["kind"] == "noise_resolved"] == exact
    before = repr(state)
    with pytest.raises(RuleError, match=f"to resolve now: {tokens}; give one face for each"):
        engine.apply(state, {"type": kind, **TABLE, "seed": 3, "noise": [*exact, 3]})
    assert repr(state) == before


@pytest.mark.parametrize(
    ("ruleset", "good", "bad"), [("base", [1, 6], [0, 7]), ("long_night", [0, 1], [2, -1])]
)
def test_a_face_no_die_shows_is_outside_the_list(ruleset, good, bad):
    state = at_add_zombies(1, ruleset)
    listed = legal_for(state, "table")["run_colony_steps"]
    declared = act.REGISTRY["run_colony_steps"]
    for face in good:
        assert act.outside(declared, listed, {"noise": [face]}) is None
    for face in [*bad, True]:
        assert act.outside(declared, listed, {"noise": [face]}) == ("noise", [face])


def test_the_door_says_why_in_both_languages():
    state = at_add_zombies(1)
    shut = door(state, "run_colony_steps", "table", {"noise": [3, 3]})
    assert str(shut) == (
        "the table may not run colony steps with noise [3, 3]: it is not among the choices now"
    )
    assert shut.template in _catalogue_ids()


def _catalogue_ids() -> set[str]:
    """The msgids the pt-BR catalogue translates."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    path = Path(engine.__file__).resolve().parents[1] / "translations/pt_BR/LC_MESSAGES"
    with (path / "messages.po").open("rb") as po:
        return {m.id for m in read_po(po) if m.id and m.string}


def test_a_table_the_companion_rolls_for_lists_no_dice():
    state = at_add_zombies(1, noise_dice="rolled")
    for kind in NOISY:
        listed = legal_for(state, "table").get(kind)
        if listed is not None:
            assert "noise" not in listed
            assert act.outside(act.REGISTRY[kind], listed, {"noise": [3]}) == ("noise", [3])
            assert act.outside(act.REGISTRY[kind], listed, {}) is None


def test_the_whole_phase_lists_no_dice_before_add_zombies_at_a_table_that_enters_them():
    state, _ = play.start(3, settings={"noise_dice": "entered"})
    state, _ = engine.apply(state, {"type": "reveal_crisis", **TABLE, "seed": 1})
    assert "run_colony_phase" not in legal_for(state, "table")
    listed = legal_for(state, "table")["run_colony_steps"]
    assert "noise" not in listed  # its first Confirm stops before Add Zombies
    rolled, _ = play.start(3)
    rolled, _ = engine.apply(rolled, {"type": "reveal_crisis", **TABLE, "seed": 1})
    assert "noise" not in legal_for(rolled, "table")["run_colony_phase"]


def test_a_first_player_vote_takes_one_vote_from_each_player_who_may_vote():
    state, _ = play.start(3, ruleset="long_night")
    state, _ = engine.apply(state, {"type": "reveal_crisis", **TABLE, "seed": 1})
    state["seats"][2]["exiled"] = True  # an exiled player cannot vote (002:1764)
    listed = legal_for(state, "table")["run_colony_phase"]
    assert listed["voters"] == ["s1", "s2"]
    declared = act.REGISTRY["run_colony_phase"]
    every = {"s1": True, "s2": False}
    assert act.outside(declared, listed, {"first_player_votes": every}) is None
    for wrong in ({"s1": True}, {**every, "s3": True}, {}):
        assert act.outside(declared, listed, {"first_player_votes": wrong}) == (
            "first_player_votes",
            wrong,
        )


def test_the_base_game_lists_no_first_player_vote():
    state, _ = play.start(3)
    state, _ = engine.apply(state, {"type": "reveal_crisis", **TABLE, "seed": 1})
    listed = legal_for(state, "table")["run_colony_phase"]
    assert "voters" not in listed
    votes = {"s1": True, "s2": True, "s3": True}
    assert act.outside(act.REGISTRY["run_colony_phase"], listed, {"first_player_votes": votes})
    with pytest.raises(RuleError, match="only the Long Night rules let a vote keep"):
        engine.apply(
            state, {"type": "run_colony_phase", **TABLE, "seed": 1, "first_player_votes": votes}
        )
