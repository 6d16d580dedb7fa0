"""A development preview of the table-screen board, drawn from sample views built in code.

Registered only for development and tests (see the app factory); no game data is read.
``GET /dev/board`` shows the sample game, ``?sample=crowded`` five players with long names and
full entrances, ``?sample=start`` the first round before any crisis.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, render_template, request
from markupsafe import Markup

from companion.engine.views import free_entrance_spaces
from companion.web.chart import morale_chart

bp = Blueprint("preview", __name__, url_prefix="/dev")

LOCATIONS = [
    ("police", "Police Station", 1, 3),
    ("grocery", "Grocery Store", 2, 3),
    ("school", "School", 3, 4),
    ("library", "Library", 4, 3),
    ("hospital", "Hospital", 5, 4),
    ("gas", "Gas Station", 6, 2),
]
"""Sample locations: id, name, d6 number, entrance spaces."""


def _plain_gettext(text: str, **variables: Any) -> str:
    """Stand-in for Flask-Babel's ``_`` when no translations are set up: English, formatted."""
    return text % variables if variables else text


@bp.record_once
def _ensure_gettext(state: Any) -> None:
    """Give templates a ``_`` when the app has none yet (Flask-Babel replaces it when present)."""
    state.app.jinja_env.globals.setdefault("_", _plain_gettext)


def _entrance(spaces: int, zombies: int = 0, barricades: int = 0, traps: int = 0, number: int = 1):
    """One entrance dict of the state's shape."""
    return {
        "number": number,
        "spaces": spaces,
        "zombies": zombies,
        "barricades": barricades,
        "traps": traps,
    }


def _survivor(
    sid: str,
    name: str,
    influence: int,
    owner: str | None,
    place: str,
    leader: bool = False,
    wounds: int = 0,
    frostbite: int = 0,
    despair: int = 0,
) -> dict[str, Any]:
    """One survivor dict of the state's shape."""
    return {
        "id": sid,
        "name": name,
        "influence": influence,
        "attack": 3,
        "search": 4,
        "owner": owner,
        "leader": leader,
        "location": place,
        "wounds": wounds,
        "frostbite": frostbite,
        "despair": despair,
    }


def sample_view(kind: str = "sample") -> dict[str, Any]:
    """A realistic table view (the shape of ``engine.table_view``) for previews and tests."""
    if kind == "crowded":
        return _crowded_view()
    if kind == "start":
        return _start_view()
    pieces = {  # location id: zombies, barricades, traps, noise, bandits
        "police": (2, 1, 0, 1, 0),
        "grocery": (3, 0, 0, 3, 0),
        "school": (1, 0, 1, 0, 0),
        "library": (0, 0, 0, 0, 1),
        "hospital": (2, 0, 0, 2, 0),
        "gas": (0, 1, 0, 4, 0),
    }
    colony = [(1, 1, 0), (2, 0, 0), (0, 2, 0), (0, 0, 0), (3, 0, 0), (1, 0, 1)]
    seats = [
        {"id": "s1", "name": "Ana", "exiled": False, "eliminated": False, "needs_survivor": False},
        {
            "id": "s2",
            "name": "Bruno",
            "exiled": False,
            "eliminated": False,
            "needs_survivor": False,
        },
        {"id": "s3", "name": "Carla", "exiled": True, "eliminated": False, "needs_survivor": False},
    ]
    survivors = [
        _survivor("v1", "Mara Quinn", 62, "s1", "colony", leader=True),
        _survivor("v2", "Tobias Reed", 31, "s1", "hospital", wounds=1, frostbite=1),
        _survivor("v3", "Old Hank", 58, "s2", "police", leader=True),
        _survivor("v4", "Ruth Okafor", 44, "s2", "colony", wounds=2),
        _survivor("v5", "Dex", 12, "s2", "grocery"),
        _survivor("v6", "June Albright", 50, "s3", "gas", leader=True, despair=1),
        _survivor("v7", "Sal the Dog", 9, "s3", "gas", wounds=1),
    ]
    return _view(
        round_=3,
        round_track=4,
        track_total=6,
        morale=5,
        food=4,
        starvation=1,
        waste=7,
        helpless=(3, 1),
        colony_entrances=colony,
        pieces=pieces,
        seats=seats,
        survivors=survivors,
        crisis={
            "id": "preview.frozen-pipes",
            "name": "Frozen Pipes",
            "prevent": ["fuel", "tool"],
            "fail_text": "Lose 1 morale and each player adds 1 frostbite to a survivor.",
            "bonus_text": "Gain 1 morale.",
            "contributions": 2,
        },
        numbers={
            "colonists": 10,
            "food_needed": 5,
            "zombies_to_colony": 5,
            "crisis_target": 3,
            "crisis_cards": 2,
        },
        turn={"seat": "s2", "crossroads_holder": "s1"},
        first_player="s1",
    )


def _crowded_view() -> dict[str, Any]:
    """Five players with long names, four survivors each, and a full board."""
    names = [
        "Anastácia Guimarães",
        "Bartholomew",
        "Chidinma Okonkwo-Bell",
        "Dmitri",
        "Evangelina",
    ]
    seats = [
        {
            "id": f"s{i}",
            "name": name,
            "exiled": i == 4,
            "eliminated": False,
            "needs_survivor": i == 5,
        }
        for i, name in enumerate(names, start=1)
    ]
    places = ["colony", "police", "grocery", "school", "library", "hospital", "gas"]
    survivors = []
    for i in range(1, 6):
        for j in range(4):
            n = (i - 1) * 4 + j
            survivors.append(
                _survivor(
                    f"c{n}",
                    f"Survivor with a long name {n}",
                    70 - n * 3,
                    f"s{i}",
                    places[n % len(places)],
                    leader=j == 0,
                    wounds=n % 3,
                    frostbite=1 if n % 5 == 0 else 0,
                    despair=1 if n % 7 == 0 else 0,
                )
            )
    pieces = {loc: (spaces - 1, 1, 0, 4, 2) for loc, _, _, spaces in LOCATIONS}
    return _view(
        round_=9,
        round_track=1,
        track_total=10,
        morale=1,
        food=12,
        starvation=5,
        waste=18,
        helpless=(6, 2),
        colony_entrances=[(3, 0, 0), (2, 1, 0), (1, 1, 1), (0, 3, 0), (2, 0, 1), (3, 0, 0)],
        pieces=pieces,
        seats=seats,
        survivors=survivors,
        crisis={
            "id": "preview.long",
            "name": "A Very Long Crisis Name For Layout Checks",
            "prevent": ["food", "fuel", "medicine", "tool", "weapon", "education", "survivor"],
            "fail_text": "Lose 2 morale; every survivor outside the colony takes 1 wound.",
            "bonus_text": "",
            "contributions": 11,
        },
        numbers={
            "colonists": 23,
            "food_needed": 12,
            "zombies_to_colony": 12,
            "crisis_target": 5,
            "crisis_cards": 11,
        },
        turn={"seat": "s5", "crossroads_holder": "s4"},
        first_player="s2",
        ruleset="long_night",
        modules=["bandits"],
    )


def _start_view() -> dict[str, Any]:
    """Round 1 before the first crisis: two players, a quiet board."""
    seats = [
        {"id": "s1", "name": "Ana", "exiled": False, "eliminated": False, "needs_survivor": False},
        {
            "id": "s2",
            "name": "Bruno",
            "exiled": False,
            "eliminated": False,
            "needs_survivor": False,
        },
    ]
    survivors = [
        _survivor("v1", "Mara Quinn", 62, "s1", "colony", leader=True),
        _survivor("v2", "Tobias Reed", 31, "s1", "colony"),
        _survivor("v3", "Old Hank", 58, "s2", "colony", leader=True),
        _survivor("v4", "Ruth Okafor", 44, "s2", "colony"),
    ]
    pieces = {loc: (1, 0, 0, 0, 0) for loc, *_ in LOCATIONS}
    return _view(
        round_=1,
        round_track=6,
        track_total=6,
        morale=6,
        food=4,
        starvation=0,
        waste=0,
        helpless=(2, 0),
        colony_entrances=[(1, 0, 0)] * 2 + [(0, 0, 0)] * 4,
        pieces=pieces,
        seats=seats,
        survivors=survivors,
        crisis=None,
        numbers={
            "colonists": 6,
            "food_needed": 3,
            "zombies_to_colony": 3,
            "crisis_target": 2,
            "crisis_cards": 0,
        },
        turn=None,
        first_player="s1",
    )


def _view(
    *,
    round_: int,
    round_track: int,
    track_total: int,
    morale: int,
    food: int,
    starvation: int,
    waste: int,
    helpless: tuple[int, int],
    colony_entrances: list[tuple[int, int, int]],
    pieces: dict[str, tuple[int, int, int, int, int]],
    seats: list[dict[str, Any]],
    survivors: list[dict[str, Any]],
    crisis: dict[str, Any] | None,
    numbers: dict[str, int],
    turn: dict[str, Any] | None,
    first_player: str,
    ruleset: str = "base",
    modules: list[str] | None = None,
) -> dict[str, Any]:
    """Assemble a table view from the parts of a sample."""
    locations = []
    for loc_id, name, number, spaces in LOCATIONS:
        zombies, barricades, traps, noise, bandits = pieces[loc_id]
        locations.append(
            {
                "id": loc_id,
                "name": name,
                "number": number,
                "survivor_spaces": spaces,
                "entrance": _entrance(spaces, zombies, barricades, traps),
                "noise": noise,
                "bandits": bandits,
            }
        )
    view = {
        "schema": 1,
        "ruleset": ruleset,
        "variant": "standard",
        "settings": {
            "modules": modules or [],
            "player_elimination": False,
            "mature": True,
            "barricade_before_trap": True,
            "sets": [],
        },
        "main_objective": {
            "id": "preview.supplies",
            "name": "Stock Up for the Thaw",
            "side": "standard",
            "time": "medium",
            "goal": "Hold enough food and fuel when the track runs out.",
            "setup": {
                "morale": 6,
                "round_track": track_total,
                "zombies_per_location": 1,
                "colony_zombies": 2,
                "food": 4,
                "helpless": 2,
                "extra": "",
            },
        },
        "phase": "player_turns",
        "round": round_,
        "round_track": round_track,
        "morale": morale,
        "food": food,
        "starvation": starvation,
        "waste": waste,
        "helpless": {"normal": helpless[0], "unruly": helpless[1]},
        "colony": {
            "survivor_spaces": 30,
            "entrances": [
                _entrance(3, z, b, t, number=i) for i, (z, b, t) in enumerate(colony_entrances, 1)
            ],
        },
        "locations": locations,
        "survivors": survivors,
        "graveyard": [],
        "seats": seats,
        "first_player": first_player,
        "active_player": (turn or {}).get("seat"),
        "crisis": crisis,
        "pending": None,
        "ended": None,
        "decks": {"crossroads": 20, "exiled_objectives": 4, "crises": 12},
        "numbers": numbers,  # free entrance spaces added below, by the engine's rule
        "turn": turn,
        "waiting": {"kind": "turn"},
        "legal": {},
    }
    view["numbers"] = {**numbers, "free_entrance_spaces": free_entrance_spaces(view)}
    return view


def sample_rounds() -> list[dict[str, int]]:
    """A sample history of the colony's morale, food and colonists, one entry per round."""
    return [
        {"round": 1, "morale": 6, "food": 4, "colonists": 8},
        {"round": 2, "morale": 6, "food": 2, "colonists": 9},
        {"round": 3, "morale": 5, "food": 4, "colonists": 10},
    ]


def N_(text: str) -> str:
    """Mark ``text`` for the message catalogue; it is translated later, per request."""
    return text


CHART_LABELS = {
    "title": N_("Morale, food and colonists by round"),
    "round": N_("Round"),
    "morale": N_("Morale"),
    "food": N_("Food"),
    "colonists": N_("Colonists"),
    "empty": N_("No rounds yet"),
}
"""The chart's labels in English, translated per request by ``chart_labels``."""


def chart_labels() -> dict[str, str]:
    """The chart labels in this request's language (English when Flask-Babel is not set up)."""
    if "babel" in current_app.extensions:
        from flask_babel import gettext
    else:
        gettext = _plain_gettext
    return {key: str(gettext(text)) for key, text in CHART_LABELS.items()}


@bp.get("/board")
def board() -> str:
    """Show the board partials with a sample view (``?sample=`` sample, crowded or start)."""
    kind = request.args.get("sample", "sample")
    if kind not in ("sample", "crowded", "start"):
        abort(404)
    rounds = [] if kind == "start" else sample_rounds()
    chart = Markup(morale_chart(rounds, chart_labels()))
    return render_template("dev/board.html", view=sample_view(kind), chart=chart, sample=kind)
