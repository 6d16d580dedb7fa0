"""The table screen of one game: the board, the round as the rulebook runs it, undo and log.

Views parse, call, store and render: what is legal and every number come from
``engine.table_view(state)``; what changes the game is one engine action through the store.
Each URL serves a full page, or its fragment when htmx asks (``Vary: HX-Request``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

import companion.engine as engine
from companion import store
from companion.engine.preview import colony_preview as next_confirm
from companion.engine.words.card_texts import card_words
from companion.i18n import locale
from companion.store import get_db
from companion.web import forms, heads, history, live, qr, randomness
from companion.web.auth import require_table, table_credential
from companion.web.chart import DEFAULT_LABELS, morale_chart
from companion.web.responses import fragment_wanted, page, respond, rule_message
from companion.web.wording import names

bp = Blueprint("game", __name__, url_prefix="/games")

RECENT_ROWS = 6
"""How many of the latest actions the table screen lists under "Just now"."""
FOLDED_GROUPS = ("board", "survivors", "corrections")
"""The groups of controls the table screen shows folded (partials/game/controls.html)."""
OPEN_GROUPS_HEADER = "X-Open-Groups"
"""The folded groups the table screen shows open, named in its requests (static/game.js)."""


def load(game_id: str) -> store.Current:
    """The game's head state, version and head (404 for an unknown game)."""
    try:
        return store.current(get_db(), game_id)
    except store.UnknownGame:
        abort(404, description=_("There is no such game: it may have been deleted."))


def lines(pairs: Iterable[tuple[dict[str, Any], str]]) -> list[dict[str, Any]]:
    """(step, sentence) pairs as the templates read a log line: its kind, step and text."""
    return [{"kind": s["kind"], "step": s, "text": text} for s, text in pairs]


def rendered(steps: list[dict[str, Any]], state: dict[str, Any]) -> list[dict[str, Any]]:
    """The public steps as sentences in this device's language, each with its step."""
    shown = engine.visible_steps(steps, None)
    return lines(zip(shown, engine.render_steps(shown, state, locale()), strict=True))


def choices(
    state: dict[str, Any], legal: dict[str, Any], kind: str, arg: str
) -> list[tuple[str, str]]:
    """A legal action's card ids with their names in this device's language (the game's
    catalogue, card_texts.py), sorted by name (none if not legal)."""
    if kind not in legal:
        return []
    lang = locale()
    pairs = [(cid, card_words(state, cid, "name", lang)) for cid in legal[kind].get(arg, [])]
    return sorted(pairs, key=lambda pair: pair[1].casefold())


def colony_preview(
    state: dict[str, Any], view: dict[str, Any], seed: Callable[[], int]
) -> dict[str, Any] | None:
    """The engine's preview of the next colony-phase Confirm (engine/preview.py), drawn with
    the seed that Confirm will get (``seed()``: store.next_seed), its steps and refusal in this
    device's words."""
    preview = next_confirm(state, view, seed)
    if preview is None:
        return None
    if "refused" in preview:
        preview["error"] = rule_message(preview.pop("refused"))
    if "steps" in preview:
        preview["steps"] = rendered(preview["steps"], preview.pop("after"))
    return preview


def recent(
    game_id: str, current: store.Current, rows: int | None = RECENT_ROWS
) -> list[dict[str, Any]]:
    """The latest log rows (``None``: all of them), newest first, each with its action type and
    public sentences (the devices' shared ``heads.LOG_ROWS`` when as few are asked for)."""
    read = None if rows is None else max(rows, heads.LOG_ROWS)
    log = heads.log_sentences(game_id, current, read, locale())
    return [
        {
            "seq": row["seq"],
            "type": row["type"],
            "created": row["created"],
            "lines": lines(heads.visible_lines(row, None)),
        }
        for row in reversed(log if rows is None else log[-rows:])
    ]


def chart_for(game_id: str) -> Markup:
    """The morale, food and colonists chart of the whole game so far (trusted SVG, escaped)."""
    labels = {key: _(text) for key, text in DEFAULT_LABELS.items()}
    points = history.round_points(get_db(), game_id)
    return Markup(morale_chart(points, labels, chart_id="game-chart"))


def context(game_id: str, current: store.Current, **extra: Any) -> dict[str, Any]:
    """Everything the table screen's templates read, from one ``engine.table_view`` of the
    head (heads.table_view)."""
    # The view names cards by id and hands their records whole: the templates show each text
    # in this device's language (the ``words`` global, card_texts.py).
    view = heads.table_view(game_id, current)
    log_rows = recent(game_id, current)
    head_row = log_rows[0] if log_rows else None
    ctx: dict[str, Any] = {
        "game_id": game_id,
        "act_url": url_for("game.act", game_id=game_id),
        "game": store.get_game(get_db(), game_id),
        "version": current.version,
        "head": current.head,
        "history": store.undo_redo(get_db(), game_id, current.head),
        "view": view,
        "legal": view["legal"]["table"],
        "names": names(view),
        "recent": log_rows,
        "reveal": head_row
        if head_row and view["revealing"] and head_row["seq"] == current.head
        else None,
        "controls": table_credential(game_id),
        "last_move": heads.last_move(game_id, current),
        "alert": None,
        "notice": None,
        "chart": chart_for(game_id)
        if view["waiting"]["kind"] in ("over", "declare_winners")
        else None,
    }
    ctx.update(extra)
    if ctx["notice"] is None and ctx["last_move"] and fragment_wanted():
        # Every table screen following the game is told what was undone or redone when it
        # comes; a page loaded afterwards (a reload, a language chosen) has it in its log only.
        ctx["notice"] = ctx["last_move"]
    return ctx


def with_choices(ctx: dict[str, Any], current: store.Current) -> dict[str, Any]:
    """The context with what the controls offer: the colony step's preview (worked out with the
    seed its Confirm gets) and the crisis and survivor cards by name."""
    view, legal, state = ctx["view"], ctx["legal"], current.state
    game_id = ctx["game_id"]
    return {
        **ctx,
        "preview": colony_preview(
            state,
            view,
            lambda: store.next_seed(get_db(), game_id, current.head, "run_colony_steps"),
        ),
        "crisis_choices": choices(state, legal, "reveal_crisis", "crisis"),
        "survivor_choices": choices(state, legal, "add_survivor", "survivor_id"),
        "improvement_choices": choices(state, legal, "place_improvement", "improvement"),
    }


def screen(
    game_id: str, status: int = 200, current: store.Current | None = None, **extra: Any
) -> Response:
    """The table screen (page or #game fragment) at the game's head (``current``, when the
    caller has just written it, else read), with the join panel for the table only."""
    current = current or load(game_id)
    ctx = with_choices(context(game_id, current, **extra), current)
    ctx["join"] = qr.join_panel(game_id) if ctx["controls"] else None
    # A fragment leaves the folded groups of controls the table shows closed empty: each fetches
    # its controls when the table unfolds it (folded_group), so a swap carries only what is in
    # view; an open one keeps its controls, fresh, through the morph.
    ctx.setdefault("folded_fetch", fragment_wanted())
    ctx.setdefault("folded_later", folded_later())
    response = page("game/table.html", "partials/game/screen.html", ctx, status)
    response.vary.add(OPEN_GROUPS_HEADER)
    return response


def folded_later() -> tuple[str, ...]:
    """The folded groups a fragment leaves empty: those the table does not show open (game.js
    names the open ones in the ``X-Open-Groups`` header); none in a page."""
    if not fragment_wanted():
        return ()
    shown = set(request.headers.get(OPEN_GROUPS_HEADER, "").split())
    return tuple(group for group in FOLDED_GROUPS if group not in shown)


def back_to_table(game_id: str) -> Response:
    """After a plain form post: see the table screen (303)."""
    response = redirect(url_for("game.table", game_id=game_id), code=303)
    response.vary.add("HX-Request")
    return response


@bp.get("/<game_id>")
def table(game_id: str) -> Response:
    """The table screen: the board, what the game waits for, the controls and the latest log."""
    return screen(game_id)


@bp.get("/<game_id>/controls/<group>")
@require_table
def folded_group(game_id: str, group: str) -> Response:
    """The controls of a group the table screen folds (board, survivors, corrections), fetched when
    the table unfolds it."""
    if group not in FOLDED_GROUPS:
        abort(404)
    current = load(game_id)
    ctx = with_choices(context(game_id, current), current)
    return respond(render_template("partials/game/folded_group.html", group=group, **ctx))


@bp.post("/<game_id>/act")
@require_table
def act(game_id: str) -> Response:
    """Apply the action a control posted; stale -> 409, refused -> 422, unreadable -> 400."""
    head = load(game_id)
    try:
        version = forms.read_version(request.form)
        action = store.with_seed(
            forms.action_from_form(request.form, by="table"), randomness.source()
        )
    except forms.FormError as exc:
        return screen(game_id, 400, head, alert=rule_message(exc))
    if version != head.version:
        return screen(game_id, 409, head, alert=_("The table moved on: here is the new board."))
    if action["type"] not in heads.table_view(game_id, head)["legal"]["table"]:
        message = _("This cannot be done now: the screen shows what can.")
        return screen(game_id, 422, head, alert=message)
    try:
        result = store.act(get_db(), game_id, action, version=version, known=head)
    except store.StaleVersion:
        return screen(game_id, 409, alert=_("The table moved on: here is the new board."))
    except engine.RuleError as exc:  # nothing was written: the head read above is still it
        return screen(game_id, 422, head, alert=rule_message(exc))
    notice = {"kind": "done", "type": action["type"]}
    return answer_written(game_id, result, notice)


def answer_written(game_id: str, result: store.Result, notice: dict[str, Any]) -> Response:
    """The reply to a committed write: the new screen with its notice (or a redirect), and
    then the new version goes live.

    The reply is rendered first, so the devices' fetches do not slow the acting screen down.
    The version goes live even if the rendering fails: the write is committed.
    """
    written = store.Current(result.state, result.version, result.head)
    try:
        if fragment_wanted():
            return screen(game_id, current=written, notice=notice)
        return back_to_table(game_id)
    finally:
        live.committed(game_id, result.version)


def _move(game_id: str, how: Callable[..., store.Result], done: str) -> Response:
    """Undo or redo one action at the version the form was made from."""
    load(game_id)
    try:
        version = forms.read_version(request.form)
    except forms.FormError as exc:
        return screen(game_id, 400, alert=rule_message(exc))
    try:
        result = how(get_db(), game_id, version=version)
    except store.StaleVersion:
        return screen(game_id, 409, alert=_("The table moved on: here is the new board."))
    except store.NothingToUndo:
        return screen(game_id, 409, alert=_("Nothing to undo: the game is at its setup."))
    except store.NothingToRedo:
        return screen(game_id, 409, alert=_("Nothing to redo: no undone action is waiting."))
    return answer_written(game_id, result, {"kind": done, "type": result.action.get("type")})


@bp.post("/<game_id>/undo")
@require_table
def undo(game_id: str) -> Response:
    """Step back one action (never past the setup)."""
    return _move(game_id, store.undo, "undone")


@bp.post("/<game_id>/redo")
@require_table
def redo(game_id: str) -> Response:
    """Bring back the last undone action."""
    return _move(game_id, store.redo, "redone")


@bp.get("/<game_id>/colony")
def colony(game_id: str) -> Response:
    """A preview of the colony step that is due, with a Confirm form carrying its seed."""
    current = load(game_id)
    ctx = with_choices(context(game_id, current), current)
    return page("game/colony.html", "partials/game/colony.html", ctx)


@bp.get("/<game_id>/log")
def game_log(game_id: str) -> Response:
    """The whole game in plain words, newest first (public steps only)."""
    current = load(game_id)
    ctx = context(game_id, current)
    ctx["entries"] = recent(game_id, current, rows=None)
    return page("game/log.html", "partials/game/log.html", ctx)


@bp.get("/<game_id>/end")
def end(game_id: str) -> Response:
    """The end: why it ended, the objectives once revealed, the winners and the chart."""
    ctx = context(game_id, load(game_id))
    ctx["chart"] = chart_for(game_id)
    return page("game/end.html", "partials/game/end.html", ctx)
