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
from companion.cards.game import game_setup
from companion.cards.load import load_cards, set_header
from companion.cards.names import close_names
from companion.cards.schema import MODULES
from companion.engine.core.state import RULESETS, VARIANTS
from companion.engine.core.vocabulary import COUNTED_THINGS, SIDE_NUMBERS
from companion.engine.scenarios import chapters as scenarios
from companion.engine.setup.chosen import (
    TYPED,
    ChoiceError,
    chosen_setup,
    scenario_value,
    set_rulesets,
    sets_for_ruleset,
)
from companion.engine.words.card_texts import words
from companion.i18n import locale
from companion.web import live, qr, randomness
from companion.web.auth import require_host, require_table, set_table_cookie, table_credential
from companion.web.cardsdb import cards_db_path
from companion.web.forms import whole_number
from companion.web.responses import fragment_wanted, respond, table_url
from companion.web.wording import label

bp = Blueprint("newgame", __name__, url_prefix="/games")

SURVIVOR_FIELDS = ("survivor_1", "survivor_2", "survivor_3")
FIRST_ROWS = 2
MAX_ROWS = 5
MAX_TEXT = 200


class SetupError(Exception):
    """A field of the new-game page the page cannot read (the message is shown above the form)."""


class FieldErrors(SetupError):
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
    cards = load_cards(path)
    lang = locale()
    set_names = {s["id"]: words(s, "name", lang) for s in cards["sets"]}
    objectives = [
        {
            "id": card["id"],
            "name": words(card, "name", lang),
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
                "name": words(card, "name", lang),
                "influence": card["influence"],
                "occupation": words(card, "occupation", lang),
            }
            for card in cards["survivors"]
            if not card.get("set_aside")  # Blue, Emma Han: the scenario puts them in play
        ),
        key=lambda card: card["name"].casefold(),
    )
    return {
        "built": True,
        "sets": [{**set_header(s, lang), "rulesets": set_rulesets(s["id"])} for s in cards["sets"]],
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
    SetupError for a row that is not there."""
    seats = list(values["seats"])
    if edit == "add_seat" and len(seats) < MAX_ROWS:
        seats.append(blank_seat())
    elif edit.startswith("remove_seat:") and len(seats) > 1:
        index = whole_number(edit.partition(":")[2])
        if index is None or index >= len(seats):
            raise SetupError(_("There is no such player to remove."))
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


def without_empty_rows(values: dict[str, Any]) -> dict[str, Any]:
    """The values with only the seat rows something was typed in (at least ``FIRST_ROWS``):
    a form that comes back with an error shows the players as they were set."""
    filled = [s for s in values["seats"] if s["name"] or any(s["survivors"])]
    seats = filled + [blank_seat() for _ in range(FIRST_ROWS - len(filled))]
    return {**values, "seats": seats}


def build_setup(values: dict[str, Any], choices: dict[str, Any]) -> dict[str, Any]:
    """The new_game setup for these values: the engine's options for them (setup/chosen.py),
    the seats' survivors matched against cards.db, and the cards (ChoiceError, FieldErrors)."""
    options = chosen_setup(
        values,
        sets={s["id"] for s in choices["sets"]},
        objectives={o["id"] for o in choices["objectives"]},
    )
    setup = game_setup(
        cards_db_path(),
        seats=seat_survivors(values, choices),
        main_objective=options["main_objective"],
        ruleset=options["ruleset"],
        variant=options["variant"],
        settings=options["settings"],
        deal_survivors=options["deal_survivors"],
    )
    if options["scenario"] is not None:
        setup["scenario"] = options["scenario"]
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
        except SetupError as exc:
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
    values = without_empty_rows(values)
    if not choices["built"]:
        return respond(render_form(values, choices, _("The card database is not built.")), 400)
    try:
        setup = build_setup(values, choices)
        action = store.with_seed(
            {"type": "new_game", "by": "table", "setup": setup}, randomness.source()
        )
        game_id = store.create_game(store.get_db(), values["name"], action)
    except FieldErrors as exc:
        return respond(render_form(values, choices, str(exc), exc.fields), 400)
    except ChoiceError as exc:
        message = engine.render_error(exc, locale())
        return respond(
            render_form(values, choices, message, {exc.field: {"message": message}}), 400
        )
    except SetupError as exc:
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
