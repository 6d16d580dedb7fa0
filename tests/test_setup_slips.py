"""Slips of issue 29 around setup and the crisis: a crisis already revealed is neither offered
nor accepted again, and a typed-in crisis (no fail text) never says an empty "If it fails:"."""

from __future__ import annotations

import play
import pytest

import companion.engine as engine


def _round_over(state):
    """The same game after its crisis was resolved, between rounds (resolve_crisis clears it)."""
    return {**state, "crisis": None}


def test_a_resolved_crisis_is_not_offered_or_accepted_again():
    state, _ = play.start(3)
    revealed, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 2})
    first = revealed["crisis"]["id"]
    offered = engine.table_view(state)["legal"]["table"]["reveal_crisis"]["crisis"]
    assert first in offered
    later = _round_over(revealed)
    offered = engine.table_view(later)["legal"]["table"]["reveal_crisis"]["crisis"]
    assert first not in offered
    assert sorted(offered) == sorted(later["decks"]["crises"])
    with pytest.raises(engine.RuleError, match="already revealed this game"):
        engine.apply(later, {"type": "reveal_crisis", "by": "table", "crisis": first})
    other = offered[0]
    after, _ = engine.apply(later, {"type": "reveal_crisis", "by": "table", "crisis": other})
    assert after["crisis"]["id"] == other and other not in after["decks"]["crises"]


@pytest.mark.parametrize("locale", ["en", "pt_BR"])
def test_a_typed_in_crisis_never_says_an_empty_if_it_fails(locale):
    state, _ = play.start(3)
    typed = {"type": "reveal_crisis", "by": "table", "name": "Cold Snap", "prevent": ["fuel"]}
    _, steps = engine.apply(state, typed)
    revealed = next(s for s in steps if s["kind"] == "crisis_revealed")
    text = engine.render_step(revealed, state, locale)
    assert "Cold Snap" in text
    assert not text.rstrip().endswith(":"), text
    assert "fails" not in text and "falhar" not in text.casefold(), text
    failed = {"kind": "crisis_failed", "crisis": "typed", "name": "Cold Snap"}
    text = engine.render_step({**failed, "total": 0, "target": 3, "fail_text": ""}, state, locale)
    assert not text.rstrip().endswith(":") and "Cold Snap" in text, text
    card = engine.render_step({**revealed, "fail_text": "Lose 1 morale."}, state, "en")
    assert card.endswith("If it fails: Lose 1 morale.")
