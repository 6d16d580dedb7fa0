"""Home: the games on this laptop to resume, delete, export or import, and a new game."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_timedelta
from flask_babel import gettext as _
from werkzeug.routing import BuildError
from werkzeug.utils import secure_filename
from werkzeug.wrappers import Response

from companion import store
from companion.extensions import htmx
from companion.web.auth import (
    forget_table_cookie,
    require_laptop,
    require_table,
    set_table_cookie,
)

bp = Blueprint("home", __name__)

MAX_SAVE_BYTES = 32 * 1024 * 1024
"""The largest save file accepted (a long game's log is well under a megabyte)."""
JUST_NOW = timedelta(minutes=1)


def game_url(game_id: str) -> str:
    """The table screen of a game (``game.table``), or its plain path while that is not built."""
    try:
        return url_for("game.table", game_id=game_id)
    except BuildError:
        return f"/games/{game_id}"


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


def games_context() -> dict[str, Any]:
    """The games list as the page shows it, most recently played first."""
    games = store.list_games(store.get_db())
    for game in games:
        game["last_played"] = last_played(game["updated"])
        game["url"] = game_url(game["id"])
    return {"games": games}


def respond(body: str, status: int = 200) -> Response:
    """A response that varies on HX-Request (the same URL serves pages and fragments)."""
    response = current_app.make_response((body, status))
    response.vary.add("HX-Request")
    return response


def home_page(error: str = "", status: int = 200) -> Response:
    """The home page, with an import error shown when there is one."""
    return respond(render_template("home/index.html", error=error, **games_context()), status)


def find_game(game_id: str) -> dict[str, Any]:
    """A game's list fields, or 404."""
    try:
        return store.get_game(store.get_db(), game_id)
    except store.UnknownGame:
        abort(404, description=_("There is no such game: it may have been deleted."))


@bp.get("/")
def index() -> Response:
    """The games to resume; only the list when htmx asks."""
    if htmx and not htmx.history_restore_request:
        return respond(render_template("partials/home/games.html", **games_context()))
    return home_page()


@bp.get("/games/<game_id>/export")
@require_table
def export(game_id: str) -> Response:
    """The game's save file as a JSON download (it holds every secret: the table's only)."""
    try:
        save = store.export_game(store.get_db(), game_id)
    except store.UnknownGame:
        abort(404, description=_("There is no such game: it may have been deleted."))
    stem = secure_filename(save["name"]) or "game"
    response = current_app.response_class(
        json.dumps(save, ensure_ascii=False, indent=1) + "\n", mimetype="application/json"
    )
    response.headers["Content-Disposition"] = (
        f'attachment; filename="dead-of-winter-{stem}-{game_id}.json"'
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
@require_table
def delete(game_id: str) -> Response:
    """Ask before deleting a game (GET, or a POST without confirm=yes); delete on confirm."""
    game = find_game(game_id)
    fragment = bool(htmx) and not htmx.history_restore_request
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


@bp.post("/games/import")
@require_laptop
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
        message = _("This save file cannot be loaded: %(reason)s", reason=exc.reason)
        return home_page(message, 400)
    response = redirect(game_url(game_id), code=303)
    return set_table_cookie(response, game_id)
