"""A new game: the form the table fills in with the box open, and the setup checklist after it.

The form's values are read into one plain dict (``read_values``) that the page renders back, so
a refused form comes back as the table typed it. Choices come from cards.db; every rule (seat
counts, names, survivors per seat, setup numbers) is the engine's, checked when
``store.create_game`` applies the new_game action.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

import companion.engine as engine
from companion import store
from companion.cards.game import (
    LONG_NIGHT_SETS,
    SIDE_NUMBERS,
    game_setup,
    set_rulesets,
    sets_for_ruleset,
    typed_main_objective,
)
from companion.cards.load import load_cards
from companion.cards.names import close_names
from companion.cards.schema import MODULES
from companion.engine.core.state import RULESETS, VARIANTS
from companion.engine.core.vocabulary import COUNTED_THINGS
from companion.engine.scenarios import chapters as scenarios
from companion.web import live, qr, randomness
from companion.web.auth import require_host, require_table, set_table_cookie, table_credential
from companion.web.cardsdb import cards_db_path
from companion.web.forms import whole_number
from companion.web.responses import fragment_wanted, locale, respond, table_url
from companion.web.wording import label

bp = Blueprint("newgame", __name__, url_prefix="/games")

SURVIVOR_MODES = ("entered", "dealt")
SURVIVOR_FIELDS = ("survivor_1", "survivor_2", "survivor_3")
FIRST_ROWS = 2
MAX_ROWS = 5
MAX_TEXT = 200
TYPED = "typed"


class FormError(Exception):
    """A field the form cannot read (the message is shown above the form)."""


class FieldErrors(FormError):
    """Fields the form cannot read, each marked beside itself: ``fields`` maps a field's id
    to its message and the names it may have meant (the first one's message is shown above)."""

    def __init__(self, message: str, fields: dict[str, dict[str, Any]]) -> None:
        super().__init__(message)
        self.fields = fields


def survivor_field(row: int, number: int) -> str:
    """The id of one survivor field of the seat rows (row from 0, survivor from 1)."""
    return f"survivor-{row}-{number}"


def load_choices() -> dict[str, Any]:
    """What the form offers, from cards.db: sets, modules, main objectives and survivors."""
    path = cards_db_path()
    if path is None:
        return {"built": False, "sets": [], "modules": [], "objectives": [], "survivors": []}
    cards = load_cards(path, locale=locale())
    set_names = {s["id"]: s["name"] for s in cards["sets"]}
    objectives = [
        {
            "id": card["id"],
            "name": card["name"],
            "set": set_names.get(card["set"], card["set"]),
            "module": card["module"],
            "standard": card["standard"],
            "hardcore": card["hardcore"],
        }
        for card in cards["main_objectives"]
    ]
    survivors = sorted(
        (
            {
                "id": card["id"],
                "name": card["name"],
                "influence": card["influence"],
                "occupation": card.get("occupation") or "",
            }
            for card in cards["survivors"]
            if not card.get("set_aside")  # Blue, Emma Han: the scenario puts them in play
        ),
        key=lambda card: card["name"].casefold(),
    )
    return {
        "built": True,
        "sets": [{**s, "rulesets": set_rulesets(s["id"])} for s in cards["sets"]],
        "modules": list(MODULES[1:]),
        "objectives": objectives,
        "survivors": survivors,
    }


def default_values(choices: dict[str, Any]) -> dict[str, Any]:
    """The form as it first opens: four empty seats, the base game, every set, mature cards in."""
    return {
        "name": "",
        "seats": [blank_seat() for _ in range(FIRST_ROWS)],
        "ruleset": "base",
        "variant": "standard",
        "player_elimination": False,
        "noise_entered": False,
        "sets": sets_for_ruleset((s["id"] for s in choices["sets"]), "base"),
        "modules": [],
        "mature": True,
        "objective": choices["objectives"][0]["id"] if choices["objectives"] else TYPED,
        "typed": {"name": "", **{key: "" for key in SIDE_NUMBERS}, "counts": "", "per_player": ""},
        "survivor_mode": "entered",
        "scenario": "",
    }


def blank_seat() -> dict[str, Any]:
    """An empty seat row."""
    return {"name": "", "survivors": ["" for _ in SURVIVOR_FIELDS]}


def _text(form: MultiDict, key: str) -> str:
    """One text field, spaces tidied and cut to a sane length."""
    return " ".join(form.get(key, "").split())[:MAX_TEXT]


def _column(form: MultiDict, key: str, rows: int) -> list[str]:
    """A repeated field read as one value per seat row (missing ones empty)."""
    values = [" ".join(v.split())[:MAX_TEXT] for v in form.getlist(key)]
    return (values + [""] * rows)[:rows]


def read_values(form: MultiDict) -> dict[str, Any]:
    """Every field of a posted form, as typed, in the shape ``default_values`` returns."""
    names = [" ".join(v.split())[:MAX_TEXT] for v in form.getlist("seat_name")]
    rows = min(len(names), MAX_ROWS * 2)
    columns = [_column(form, key, rows) for key in SURVIVOR_FIELDS]
    seats = [
        {"name": names[i], "survivors": [column[i] for column in columns]} for i in range(rows)
    ]
    return {
        "name": _text(form, "name"),
        "seats": seats,
        "ruleset": form.get("ruleset", ""),
        "variant": form.get("variant", ""),
        "player_elimination": form.get("player_elimination") == "on",
        "noise_entered": form.get("noise_entered") == "on",
        "sets": form.getlist("sets"),
        "modules": form.getlist("modules"),
        "mature": form.get("mature") == "on",
        "objective": form.get("objective", ""),
        "typed": {
            "name": _text(form, "typed_name"),
            **{key: form.get(f"typed_{key}", "").strip()[:10] for key in SIDE_NUMBERS},
            "counts": form.get("typed_counts", "").strip()[:20],
            "per_player": form.get("typed_per_player", "").strip()[:10],
        },
        "survivor_mode": form.get("survivor_mode", "entered"),
        "scenario": form.get("scenario", "")[:40],
    }


def edit_seats(values: dict[str, Any], edit: str) -> dict[str, Any]:
    """The values with a seat row added ("add_seat") or removed ("remove_seat:<index>");
    FormError for a row that is not there."""
    seats = list(values["seats"])
    if edit == "add_seat" and len(seats) < MAX_ROWS:
        seats.append(blank_seat())
    elif edit.startswith("remove_seat:") and len(seats) > 1:
        index = whole_number(edit.partition(":")[2])
        if index is None or index >= len(seats):
            raise FormError(_("There is no such player to remove."))
        del seats[index]
    return {**values, "seats": seats}


def survivor_id(entry: str, survivors: list[dict[str, Any]]) -> str | None:
    """The card id of a survivor typed by name (or id), None when no card has it."""
    wanted = entry.casefold()
    for card in survivors:
        if wanted in (card["name"].casefold(), card["id"].casefold()):
            return card["id"]
    return None


def seat_survivors(values: dict[str, Any], choices: dict[str, Any]) -> list[dict[str, Any]]:
    """The filled seat rows as the engine's seats (name and survivor ids); FieldErrors marking
    every survivor name that matches no card, each with the names it may mean."""
    dealt = values["survivor_mode"] == "dealt"
    names = [card["name"] for card in choices["survivors"]]
    seats, wrong, first = [], {}, ""
    number = 0
    for row, seat in enumerate(values["seats"]):
        if not (seat["name"] or any(seat["survivors"])):
            continue  # an empty row is not a player
        number += 1
        ids = []
        for n, entry in enumerate(seat["survivors"], start=1):
            if dealt or not entry:
                continue
            found = survivor_id(entry, choices["survivors"])
            if found is None:
                wrong[survivor_field(row, n)] = {
                    "message": _("No survivor card is called “%(name)s”.") % {"name": entry},
                    "suggestions": close_names(entry, names),
                }
                first = first or (
                    _("Seat %(seat)s: there is no survivor called “%(name)s” in the card database.")
                    % {"seat": number, "name": entry}
                )
            else:
                ids.append(found)
        seats.append({"name": seat["name"], "survivors": ids})
    if wrong:
        raise FieldErrors(first, wrong)
    return seats


def typed_numbers(typed: dict[str, str]) -> dict[str, int]:
    """The typed-in main objective's setup numbers as whole numbers, else FormError."""
    numbers = {}
    for key in SIDE_NUMBERS:
        number = whole_number(typed[key])
        if number is None:
            raise FormError(
                _("%(field)s of the typed-in main objective must be a whole number.")
                % {"field": label("side_numbers", key)}
            )
        numbers[key] = number
    return numbers


def typed_counts(typed: dict[str, str]) -> dict[str, Any] | None:
    """What the typed-in main objective counts and how many per player, as typed (the engine
    checks both: objective_progress.check_counts); None when it counts nothing."""
    if not typed.get("counts"):
        return None
    per_player = whole_number(typed.get("per_player", ""))
    if per_player is None:
        raise FormError(
            _("Say how many the typed-in main objective needs for each player, as a whole number.")
        )
    return {"what": typed["counts"], "per_player": per_player}


def main_objective(values: dict[str, Any], choices: dict[str, Any]) -> str | dict[str, Any]:
    """The chosen main objective: a card id, or the card the table typed in."""
    if values["objective"] == TYPED:
        typed = values["typed"]
        if not typed["name"]:
            raise FormError(_("Give the typed-in main objective a name."))
        return typed_main_objective(typed["name"], typed_numbers(typed), typed_counts(typed))
    if values["objective"] not in {o["id"] for o in choices["objectives"]}:
        raise FormError(_("Choose a main objective, or type one in."))
    return values["objective"]


def chosen_scenario(values: dict[str, Any]) -> dict[str, Any] | None:
    """The special scenario chosen ("raxxon:1"...), or None; FormError for an unknown one."""
    if not values["scenario"]:
        return None
    for chapter in scenarios.every_chapter():
        if values["scenario"] == scenario_value(chapter):
            return {"name": chapter["name"], "chapter": chapter["chapter"]}
    raise FormError(_("Choose a special scenario from the list, or none."))


def scenario_value(chapter: dict[str, Any]) -> str:
    """A chapter's value in the form: "raxxon:1"."""
    return f"{chapter['name']}:{chapter['chapter']}"


def scenario_objective(values: dict[str, Any], scenario: dict[str, Any]) -> dict[str, Any]:
    """A scenario's main objective: its card is in the box, so its numbers are typed in."""
    code = scenarios.card_code(scenario["name"], scenario["chapter"])
    typed = values["typed"]
    if not all(typed[key] for key in SIDE_NUMBERS):
        raise FormError(
            _(
                "Special Main Objective %(code)s is in the box: type the setup numbers printed "
                "on it in the main objective's typed-in row."
            )
            % {"code": code}
        )
    return typed_main_objective(code, typed_numbers(typed), typed_counts(typed))


def build_setup(values: dict[str, Any], choices: dict[str, Any]) -> dict[str, Any]:
    """The new_game setup for these values (FormError for a field that cannot be read).

    A special scenario plays The Long Night with its module turned on (scenarios.py).
    """
    scenario = chosen_scenario(values)
    if scenario is not None:
        ruleset, modules = scenarios.played_with(scenario["name"], values["modules"])
        # The card sets follow the rulebook: a scenario's Long Night brings its sets along.
        sets = [*values["sets"], *sets_for_ruleset(LONG_NIGHT_SETS, ruleset)]
        values = {**values, "ruleset": ruleset, "modules": modules, "sets": sets}
    if not values["name"]:
        raise FormError(_("Give the game a name."))
    if values["ruleset"] not in RULESETS:
        raise FormError(_("Choose a rulebook."))
    if values["variant"] not in VARIANTS:
        raise FormError(_("Choose a variant."))
    if values["survivor_mode"] not in SURVIVOR_MODES:
        raise FormError(_("Choose how the survivors are chosen."))
    known_sets = {s["id"] for s in choices["sets"]}
    sets = [s for s in values["sets"] if s in known_sets]
    if not sets:
        raise FormError(_("Choose at least one set of cards."))
    dealt = values["survivor_mode"] == "dealt"
    seats = seat_survivors(values, choices)
    setup = game_setup(
        cards_db_path(),
        seats=seats,
        main_objective=(
            main_objective(values, choices)
            if scenario is None
            else scenario_objective(values, scenario)
        ),
        ruleset=values["ruleset"],
        variant=values["variant"],
        settings={
            "sets": sets,
            "modules": values["modules"],
            "player_elimination": values["player_elimination"],
            "mature": values["mature"],
            "noise_dice": "entered" if values["noise_entered"] else "rolled",
        },
        deal_survivors=dealt,
    )
    if scenario is not None:
        setup["scenario"] = scenario
    return setup


def labels() -> dict[str, dict[str, str]]:
    """Translated names of the form's codes (rulebooks, variants, modules, objective numbers)."""
    return {
        "ruleset": {code: label("rulesets", code) for code in RULESETS},
        "variant": {code: label("variants", code) for code in VARIANTS},
        "module": {code: label("module_titles", code) for code in MODULES[1:]},
        "numbers": {key: label("side_numbers", key) for key in SIDE_NUMBERS},
        "counted": {code: label("counted", code) for code in COUNTED_THINGS},
    }


def render_form(
    values: dict[str, Any],
    choices: dict[str, Any],
    error: str = "",
    fields: dict[str, dict[str, Any]] | None = None,
) -> str:
    """The new game page; ``fields``: the fields to mark, by id, with their messages."""
    context = {
        "values": values,
        "choices": choices,
        "labels": labels(),
        "error": error,
        "fields": fields or {},
        "side_numbers": SIDE_NUMBERS,
        "max_rows": MAX_ROWS,
        "typed": TYPED,
        "chapters": [{**c, "value": scenario_value(c)} for c in scenarios.every_chapter()],
    }
    return render_template("newgame/index.html", **context)


@bp.get("/new")
@require_host
def form() -> Response:
    """The new game form, empty (the host's: a guest's phone cannot start games)."""
    choices = load_choices()
    return respond(render_form(default_values(choices), choices))


@bp.post("/new")
@require_host
def create() -> Response:
    """Create the game the form describes, or bring the form back with what is wrong (400).

    A seat button ("edit") only adds or removes a row: the page (or, for htmx, the seat rows)
    comes back with the values kept and nothing created.
    """
    choices = load_choices()
    values = read_values(request.form)
    edit = request.form.get("edit", "")
    if edit:
        try:
            values = edit_seats(values, edit)
        except FormError as exc:
            return respond(render_form(values, choices, str(exc)), 400)
        if fragment_wanted():
            body = render_template(
                "partials/newgame/seats.html",
                values=values,
                choices=choices,
                fields={},
                max_rows=MAX_ROWS,
            )
            return respond(body)
        return respond(render_form(values, choices))
    if not choices["built"]:
        return respond(render_form(values, choices, _("The card database is not built.")), 400)
    try:
        setup = build_setup(values, choices)
        action = randomness.seeded({"type": "new_game", "by": "table", "setup": setup})
        game_id = store.create_game(store.get_db(), values["name"], action)
    except FieldErrors as exc:
        return respond(render_form(values, choices, str(exc), exc.fields), 400)
    except FormError as exc:
        return respond(render_form(values, choices, str(exc)), 400)
    except KeyError as exc:
        return respond(render_form(values, choices, str(exc.args[0] if exc.args else exc)), 400)
    except (engine.RuleError, ValueError) as exc:
        message = engine.render_error(exc, locale())
        return respond(render_form(values, choices, message), 400)
    response = redirect(url_for("newgame.setup", game_id=game_id), code=303)
    set_table_cookie(response, game_id)
    return response


def checklist_context(game_id: str) -> dict[str, Any]:
    """What the setup page shows: the engine's checklist (setup/checklist.py) with each step's
    words, the table view, and the join panel for the table only (it holds the join secret)."""
    db = store.get_db()
    try:
        game = store.get_game(db, game_id)
        state = store.current(db, game_id).state
        first = store.log(db, game_id)[0]
    except store.UnknownGame:
        abort(404, description=_("There is no such game: it may have been deleted."))
    lang = locale()
    public = engine.visible_steps(first["steps"], None)
    items = [
        {
            "id": item["id"],
            "done": item["done"],
            "texts": engine.render_steps(item["steps"], state, lang),
            "details": engine.render_steps(item["details"], state, lang),
        }
        for item in engine.setup_checklist(state, public)
    ]
    table = table_credential(game_id)
    view = engine.table_view(state)
    return {
        "game": game,
        "game_id": game_id,
        "items": items,
        "view": view,
        "seats": view["seats"],
        "table": table,
        "join": qr.join_panel(game_id) if table else None,
        "play_url": table_url(game_id),
    }


@bp.get("/<game_id>/setup")
def setup(game_id: str) -> Response:
    """The setup checklist: the engine's checklist, to follow with the box, then play."""
    return respond(render_template("newgame/setup.html", **checklist_context(game_id)))


@bp.post("/<game_id>/setup/tick")
@require_table
def tick(game_id: str) -> Response:
    """Tick or untick one step of the setup checklist (the engine's tick_setup_step, kept in the
    game's log); htmx gets the step back, a plain form the page at that step (303)."""
    item = request.form.get("item", "")[:MAX_TEXT]
    action = {
        "type": "tick_setup_step",
        "by": "table",
        "item": item,
        "done": request.form.get("done") == "1",
    }
    db = store.get_db()
    try:
        head = store.current(db, game_id)
        result = store.act(db, game_id, action, version=head.version, known=head)
    except store.UnknownGame:
        abort(404, description=_("There is no such game: it may have been deleted."))
    except store.StaleVersion:
        abort(409, description=_("The table moved on: here is the new board."))
    except engine.RuleError as exc:
        abort(422, description=engine.render_error(exc, locale()))
    live.committed(game_id, result.version)
    if not fragment_wanted():
        target = url_for("newgame.setup", game_id=game_id, _anchor=f"step-{item}")
        return redirect(target, code=303)
    ctx = checklist_context(game_id)
    chosen = next(i for i in ctx["items"] if i["id"] == item)
    body = render_template("partials/newgame/setup_step.html", item=chosen, **ctx)
    return respond(body)
