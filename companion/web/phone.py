"""A player's phone: its seat's private page, and the actions it makes for that seat only.

Everything shown comes from ``engine.seat_view(state, seat)``; every control is one of its
``legal[seat]`` actions, and every action posted is ``{"by": seat, ...}`` through the store, so
the engine decides (companion/engine/permissions.py). The seat comes from the phone's cookie,
never from the form: a form naming another seat is refused.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

import companion.engine as engine
from companion import store
from companion.engine.words.card_texts import card_words
from companion.i18n import locale
from companion.web import forms, heads, live, randomness, responses
from companion.web.auth import seat_claim
from companion.web.responses import fragment_wanted, refused, rule_message
from companion.web.wording import names

bp = Blueprint("phone", __name__, url_prefix="/phone")

RECENT_ROWS = heads.LOG_ROWS
"""How many of the latest log rows the phone lists (the rows every device reads)."""
LOG_SHOWN = 2
"""The latest log rows a phone shows open; the older of RECENT_ROWS fold under "Earlier" (a
short page at 390 px)."""
SEAT_FIELDS = ("by", "seat_id", "caller")
"""Form fields that would name an actor: a phone may only name its own seat (or leave them)."""
DROPPED = (*SEAT_FIELDS, "seed")
"""Fields a phone's form never passes on: the actor comes from its cookie, and the dice from
the store (a phone choosing its own seed could choose its exposure roll)."""


class Refusal(Exception):
    """A request this phone may not make; carries the response that says why."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status)
        self.response = response


def seat_of_phone(game_id: str) -> tuple[str, store.Current]:
    """This phone's seat in the game and the game's head, or a Refusal saying why not."""
    db = store.get_db()
    try:
        current = store.current(db, game_id)
    except store.UnknownGame:
        raise Refusal(
            refused(
                404,
                _("No such game"),
                _("There is no such game: it may have been deleted."),
            )
        ) from None
    claim = seat_claim(game_id)
    if claim is None:
        raise Refusal(
            refused(
                403,
                _("This phone has no seat here"),
                _("Scan the QR code on the table screen to take your seat."),
            )
        )
    if claim.released is not None:
        raise Refusal(
            refused(
                403,
                _("Your seat was given to another phone"),
                _(
                    "The table screen released this seat for another phone. If that was a "
                    "mistake, scan the QR code again and pick a free seat."
                ),
            )
        )
    return claim.seat_id, current


def rendered_log(
    game_id: str, seat_id: str, current: store.Current, lang: str
) -> list[dict[str, Any]]:
    """The latest log rows, newest first: public steps and this seat's private ones, as text
    in ``lang``."""
    out = []
    for row in heads.log_sentences(game_id, current, RECENT_ROWS, lang)[::-1]:
        lines = [
            {
                "text": text,
                "private": s.get("private") is not None,
                "to_do": s.get("to_do") == seat_id,
            }
            for s, text in heads.visible_lines(row, seat_id)
        ]
        if row["seq"] == current.head and engine.revealing(current.state):  # no spoilers
            lines = [{"text": _("Being turned over on the table."), "private": False}]
        if lines:
            out.append({"seq": row["seq"], "lines": lines})
    return out


def survivor_choices(
    state: dict[str, Any], view: dict[str, Any], legal: dict[str, Any], lang: str
) -> list[tuple[str, str]]:
    """The survivors this seat may add, as (id, name in ``lang``) sorted by name (never in deck
    order); none unless its view says one may join now (engine ``survivor_may_join``)."""
    if not view["mine"]["survivor_may_join"]:
        return []
    ids = legal["add_survivor"].get("survivor_id", [])
    pairs = [(sid, card_words(state, sid, "name", lang)) for sid in ids]
    return sorted(pairs, key=lambda pair: (pair[1].casefold(), pair[0]))


def context(game_id: str, seat_id: str, current: store.Current, **extra: Any) -> dict[str, Any]:
    """Everything the phone's templates read, from this seat's view of the head state."""
    state, lang = current.state, locale()
    seen = engine.seat_view(state, seat_id, heads.table_view(game_id, current))
    view = seen
    legal = view["legal"][seat_id]
    me = next(s for s in view["seats"] if s["id"] == seat_id)
    decisions = view["decisions"][seat_id]
    log = rendered_log(game_id, seat_id, current, lang)
    ctx: dict[str, Any] = {
        "game_id": game_id,
        "seat_id": seat_id,
        "me": me,
        "version": current.version,
        "view": view,
        "mine": view["mine"],
        "legal": legal,
        "names": names(view),
        "my_survivors": [s for s in view["survivors"] if s["owner"] == seat_id],
        "survivor_choices": survivor_choices(state, view, legal, lang),
        "keep_count": legal["keep_survivors"]["keep"] if "keep_survivors" in legal else 0,
        "log": log[:LOG_SHOWN],
        "log_earlier": log[LOG_SHOWN:],
        "last_move": heads.last_move(game_id, current),
        "moved_now": False,  # whether this answer brings that undo or redo (its notice)
        "alert": None,
        "notice": None,
        "decisions": decisions,
        # the survivor whose group a turn's form was sent from stays open (turn.html)
        "picked": request.form.get("_survivor") if request.method == "POST" else None,
        "post": {  # where and how this seat's forms post (ui.html form_open)
            "url": url_for("phone.act", game_id=game_id),
            "version": current.version,
            "decisions": decisions,
        },
    }
    ctx.update(extra)
    return ctx


def screen(game_id: str, seat_id: str, current: store.Current, status: int = 200, **extra: Any):
    """The phone page, or its #phone fragment when asked (only the page's title names the
    game)."""
    ctx = context(game_id, seat_id, current, **extra)
    if fragment_wanted():
        body = render_template("partials/phone/body.html", **ctx)
        return responses.respond(body, status, private=True)
    game_name = store.get_game(store.get_db(), game_id)["name"]
    body = render_template("phone/index.html", game_name=game_name, **ctx)
    return responses.respond(body, status, private=True)


@bp.get("/<game_id>")
def page(game_id: str) -> Response:
    """This phone's seat: what the game waits for, its secrets and its controls."""
    try:
        seat_id, current = seat_of_phone(game_id)
    except Refusal as refusal:
        return refusal.response
    # Only the live refresh that brings an undo or redo announces it: a page loaded anew (a
    # reload, a language switch) comes after that moment (the log's first line still says it).
    return screen(game_id, seat_id, current, moved_now=fragment_wanted())


def own_form(form: MultiDict, seat_id: str) -> MultiDict:
    """The form without its actor fields (which may only name this seat, else Refusal) and
    without a seed."""
    for field in SEAT_FIELDS:
        for value in form.getlist(field):
            if value not in ("", seat_id):
                raise Refusal(
                    refused(
                        403,
                        _("Not your seat"),
                        _("A phone acts only for its own seat."),
                        rejoin=False,
                    )
                )
    kept = MultiDict()
    for name, value in form.items(multi=True):
        if name not in DROPPED:
            kept.add(name, value)
    return kept


def leader_first(form: MultiDict) -> MultiDict:
    """keep_survivors: the survivor chosen to lead (``_leader``) first, as the engine reads it,
    and named as its ``leader`` (which the engine refuses when that survivor is not kept)."""
    leader = form.get("_leader")
    if not leader or form.get("type") != "keep_survivors":
        return form
    kept = form.getlist("survivors")
    out = MultiDict([(k, v) for k, v in form.items(multi=True) if k not in ("survivors", "leader")])
    if leader in kept:
        kept = [leader] + [s for s in kept if s != leader]
    for sid in kept:
        out.add("survivors", sid)
    out.add("leader", leader)
    return out


@bp.post("/<game_id>/act")
def act(game_id: str) -> Response:
    """One action for this phone's seat: an answer to one of its open decisions goes to the
    engine whatever the version (a decision no longer open is refused by the rules), any other
    at the version it saw (stale -> 409 with the fresh view); refused by the rules -> 422,
    unreadable -> 400, another seat -> 403."""
    try:
        seat_id, current = seat_of_phone(game_id)
        form = leader_first(own_form(request.form, seat_id))
    except Refusal as refusal:
        return refusal.response
    db = store.get_db()
    try:
        version = forms.read_version(form)
        action = store.with_seed(forms.action_from_form(form, by=seat_id), randomness.source())
    except forms.FormError as exc:
        return screen(game_id, seat_id, current, 400, alert=responses.rule_message(exc))
    try:
        result = store.act(db, game_id, action, version=version, known=current)
    except store.StaleVersion:
        fresh = store.current(db, game_id)
        message = _("The game moved on: here is what it shows now.")
        return screen(game_id, seat_id, fresh, 409, alert=message)
    except engine.RuleError as exc:
        latest = store.current(db, game_id)
        return screen(game_id, seat_id, latest, 422, alert=rule_message(exc))
    written = store.Current(result.state, result.version, result.head)
    try:  # the reply first, then the version goes live (as the table screen's, game.py)
        if fragment_wanted():
            return screen(game_id, seat_id, written, notice=action["type"])
        return redirect(url_for("phone.page", game_id=game_id), code=303)
    finally:
        live.committed(game_id, result.version)
