"""Home: the games on this laptop to resume, delete, export or import, and a new game.

The host (the laptop, or a browser already the table of a game) sees the games a page at a
time; a guest's phone sees only where to type the table's code, and the seats it holds.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_babel import format_timedelta
from flask_babel import gettext as _
from werkzeug.utils import secure_filename
from werkzeug.wrappers import Response

import companion.engine as engine
from companion import store
from companion.i18n import locale
from companion.web import auth
from companion.web.auth import (
    forget_table_cookie,
    from_loopback,
    held_tables,
    is_host,
    require_host,
    require_table,
    set_table_cookie,
)
from companion.web.responses import fragment_wanted, respond, table_url

bp = Blueprint("home", __name__)

MAX_SAVE_BYTES = 32 * 1024 * 1024
"""The largest save file accepted (a long game's log is well under a megabyte)."""
JUST_NOW = timedelta(minutes=1)
PAGE_SIZE = 10
"""Games on one page of the home page."""


def last_played(updated: str, now: datetime | None = None) -> str:
    """How long ago a game last changed, in words of the reader's language."""
    try:
        when = datetime.fromisoformat(updated)
    except (TypeError, ValueError):
        return ""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    ago = (now or datetime.now(UTC)) - when
    if ago < JUST_NOW:
        return _("just now")
    return format_timedelta(-ago, add_direction=True)


def page_number() -> int:
    """The page asked for (``?page=``, from 1); anything unreadable is the first."""
    text = request.args.get("page", "")
    if text.isascii() and text.isdigit() and len(text) <= 6:
        return max(1, int(text))
    return 1


def shown_games(page: int) -> tuple[list[dict[str, Any]], int, int]:
    """One page of the games this host may resume, the page shown and how many pages there are:
    every game for the laptop, the games it is the table of for another browser."""
    db = store.get_db()
    if from_loopback():
        pages = max(1, math.ceil(store.count_games(db) / PAGE_SIZE))
        page = min(page, pages)
        return store.list_games(db, PAGE_SIZE, (page - 1) * PAGE_SIZE), page, pages
    held = sorted((store.get_game(db, game_id) for game_id in held_tables()), key=lambda g: g["id"])
    held.sort(key=lambda g: g["updated"], reverse=True)
    pages = max(1, math.ceil(len(held) / PAGE_SIZE))
    page = min(page, pages)
    return held[(page - 1) * PAGE_SIZE : page * PAGE_SIZE], page, pages


def games_context(page: int = 1) -> dict[str, Any]:
    """The games list as the page shows it, most recently played first, one page of it."""
    games, page, pages = shown_games(page)
    for game in games:
        game["last_played"] = last_played(game["updated"])
        game["url"] = table_url(game["id"])
    return {"games": games, "page": page, "pages": pages}


def held_seats() -> list[dict[str, Any]]:
    """The games this phone holds a seat in by its seat cookies: each game's name and the
    phone's page in it."""
    db = store.get_db()
    found = []
    for game_id in auth.held_seats():
        try:
            game = store.get_game(db, game_id)
        except store.UnknownGame:  # deleted since
            continue
        found.append({"game": game["name"], "url": url_for("phone.page", game_id=game_id)})
    return found


def home_page(error: str = "", status: int = 200) -> Response:
    """The home page, with an import error shown when there is one."""
    body = render_template("home/index.html", error=error, **games_context(page_number()))
    return respond(body, status)


def guest_page() -> Response:
    """What a guest's phone sees at home: ask the table for the code; its own seats."""
    return respond(render_template("home/guest.html", held=held_seats()), private=True)


def find_game(game_id: str) -> dict[str, Any]:
    """A game's list fields, or 404."""
    try:
        return store.get_game(store.get_db(), game_id)
    except store.UnknownGame:
        abort(404, description=_("There is no such game: it may have been deleted."))


@bp.get("/")
def index() -> Response:
    """The games to resume (only the list when htmx asks); a guest's phone, where to join."""
    if not is_host():
        return guest_page()
    if fragment_wanted():
        body = render_template("partials/home/games.html", **games_context(page_number()))
        return respond(body)
    return home_page()


@bp.get("/games/<game_id>/export")
@require_table
def export(game_id: str) -> Response:
    """Say that a save file holds every secret (a page, or a dialog for htmx); with
    ``confirm=yes``, the save file as a JSON download (the table's only)."""
    if request.args.get("confirm") != "yes":
        game = find_game(game_id)
        fragment = fragment_wanted()
        template = "partials/home/confirm_export.html" if fragment else "home/confirm_export.html"
        return respond(render_template(template, game=game))
    try:
        save = store.export_game(store.get_db(), game_id)
    except store.UnknownGame:
        abort(404, description=_("There is no such game: it may have been deleted."))
    stem = secure_filename(save["name"]) or "game"
    response = current_app.response_class(
        json.dumps(save, ensure_ascii=False, indent=1) + "\n", mimetype="application/json"
    )
    response.headers["Content-Disposition"] = (
        f'attachment; filename="dead-of-winter-{stem}-{game_id}-SECRET.json"'
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
@require_table
def delete(game_id: str) -> Response:
    """Ask before deleting a game (GET, or a POST without confirm=yes); delete on confirm."""
    game = find_game(game_id)
    fragment = fragment_wanted()
    if request.method == "GET" or request.form.get("confirm") != "yes":
        template = "partials/home/confirm_delete.html" if fragment else "home/confirm_delete.html"
        return respond(render_template(template, game=game))
    try:
        store.delete_game(store.get_db(), game_id)
    except store.UnknownGame:
        abort(404, description=_("There is no such game: it may have been deleted."))
    if fragment:
        body = render_template("partials/home/deleted.html", deleted=game, **games_context())
        response = respond(body)
    else:
        response = redirect(url_for("home.index"), code=303)
    return forget_table_cookie(response, game_id)


def save_refusal(exc: store.BadSaveFile) -> str:
    """Why a save file was refused, in this device's language (an action the rules refused
    in the engine's words)."""
    params = dict(exc.params)
    if isinstance(exc.cause, engine.RuleError):
        params["why"] = engine.render_error(exc.cause, locale())
    try:
        return _(exc.template).format(**params) if params else _(exc.template)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
        return exc.reason


@bp.post("/games/import")
@require_host
def import_save() -> Response:
    """Load a save file as a new game; a file the store refuses comes back with its reason."""
    upload = request.files.get("save")
    if upload is None or not upload.filename:
        return home_page(_("Choose a save file to import."), 400)
    data = upload.stream.read(MAX_SAVE_BYTES + 1)
    if len(data) > MAX_SAVE_BYTES:
        return home_page(_("This save file is too large to be a game."), 400)
    try:
        game_id = store.import_game(store.get_db(), data)
    except store.BadSaveFile as exc:
        message = _("This save file cannot be loaded: %(reason)s", reason=save_refusal(exc))
        return home_page(message, 400)
    response = redirect(table_url(game_id), code=303)
    return set_table_cookie(response, game_id)
