"""What each device may see: the table screen sees the public view, a phone also its own secrets.

DESIGN.md "Secrets stay on their phone": no view made for one device carries another seat's
objective, exiled objective, crossroads card, or who contributed which crisis card. The decks'
order is hidden from everyone (only their sizes are shown). Pending decisions are public.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.engine.state import State, seat
from companion.engine.steps import Step


def _contribution_count(contributions: Any) -> int:
    """How many cards were contributed to the crisis (the records say who gave which symbol)."""
    return len(contributions) if isinstance(contributions, list | tuple) else 0


def public_view(state: State) -> dict[str, Any]:
    """The state as the table screen may show it: no secrets, deck sizes, a contribution count."""
    view = {k: copy.deepcopy(v) for k, v in state.items() if k != "secrets"}
    view["decks"] = {name: len(cards) for name, cards in state.get("decks", {}).items()}
    crisis = view.get("crisis")
    if isinstance(crisis, dict) and "contributions" in crisis:
        crisis["contributions"] = _contribution_count(crisis["contributions"])
    return view


def seat_view(state: State, seat_id: str) -> dict[str, Any]:
    """The public view plus this seat's own secrets under "mine" (and its id under "seat").

    "mine" holds the seat's ``objective``, ``exiled_objective`` and ``crossroads`` (as in
    ``state["secrets"]``) and ``crisis_contributions``: its own ``{"seat", "symbol"}`` records
    in the current crisis.
    """
    seat(state, seat_id)
    view = public_view(state)
    view["seat"] = seat_id
    mine = copy.deepcopy(state["secrets"][seat_id])
    crisis = state.get("crisis")
    pile = crisis.get("contributions") if isinstance(crisis, dict) else None
    mine["crisis_contributions"] = [
        copy.deepcopy(c)
        for c in (pile if isinstance(pile, list) else [])
        if isinstance(c, dict) and c.get("seat") == seat_id
    ]
    view["mine"] = mine
    return view


def visible_steps(steps: list[Step], seat_id: str | None = None) -> list[Step]:
    """The steps a device may see: every public step, plus the private ones of its own seat."""
    return [s for s in steps if s.get("private") is None or (seat_id and s["private"] == seat_id)]
