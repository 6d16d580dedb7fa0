"""The colony phase's preview (companion/engine/preview.py): what the next Confirm would do, worked
out in memory with one seed, and exactly what that Confirm then does with the same seed."""

from __future__ import annotations

import random

import play

import companion.engine as engine
from companion.engine.preview import colony_preview


def first_colony_state(seed: int) -> dict:
    """A three-player game played at random until the colony phase waits for a Confirm (the
    next seed's game when one ends first)."""
    for tried in range(seed, seed + 20):
        setup = play.setup_for(3)
        state, _ = engine.apply(
            None, {"type": "new_game", "by": "table", "setup": setup, "seed": tried}
        )
        rng = random.Random(tried)
        for _ in range(2000):
            waiting = engine.table_view(state)["waiting"]
            if waiting["kind"] == "colony_phase" and not waiting["asks"]:
                return state
            if waiting["kind"] in ("over", "declare_winners"):
                break
            state, _ = engine.apply(state, play.next_action(state, rng))
    raise AssertionError("no colony phase in 20 random games")


def test_no_preview_outside_the_colony_phase():
    state, _ = engine.apply(
        None, {"type": "new_game", "by": "table", "setup": play.setup_for(3), "seed": 1}
    )
    drawn = []
    assert colony_preview(state, engine.table_view(state), lambda: drawn.append(1) or 7) is None
    assert drawn == []  # no seed drawn for nothing


def test_the_preview_is_what_the_confirm_does_with_its_seed():
    state = first_colony_state(11)
    view = engine.table_view(state)
    preview = colony_preview(state, view, lambda: 12345)
    assert preview["kind"] == "run_colony_steps" and preview["seed"] == 12345
    assert [h["step"] for h in preview["headings"]] == view["waiting"]["run"]
    after, steps = engine.apply(state, {"type": "run_colony_steps", "by": "table", "seed": 12345})
    assert steps and preview["after"] == after and preview["steps"] == steps
    again = colony_preview(state, view, lambda: 12345)
    assert again["steps"] == steps  # worked out in memory: the state given is left as it was
