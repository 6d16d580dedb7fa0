"""The engine's labels (companion/engine/labels.py) in this device's language, for templates.

Registered as Jinja globals where the app is created: ``label("symbols", "food")`` and
``colony_step_heading(view.waiting)``. No label is written here: each table lives in labels.py.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from companion.engine import labels


def label(table: str, code: Any, capital: bool = True) -> str:
    """A code's words from one of labels.TABLES, translated, first letter capitalised."""
    return labels.label(table, code, gettext, capital=capital)


def colony_step_heading(due: dict[str, Any]) -> str:
    """ "Step 1 of 7: the colony eats" for the colony step a view says is due."""
    return labels.colony_step_heading(due["step"], due["number"], due["of"], gettext)


def names(view: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Display names by id for a view: seats, survivors and places (the colony in words)."""
    places = {"colony": label("places", "colony")}
    places.update({loc["id"]: loc["name"] for loc in view["locations"]})
    return {
        "seats": {s["id"]: s["name"] for s in view["seats"]},
        "survivors": {s["id"]: s["name"] for s in view["survivors"]},
        "places": places,
    }


GLOBALS = {"label": label, "colony_step_heading": colony_step_heading}
"""What create_app adds to the templates' globals."""
