"""Joining a game from a phone: the QR link or short code, the seat picker, the seat cookie;
and the table screen's join panel, where the table releases a seat to a new phone.

A seat is bound to a phone by a random token in its seat cookie (companion/web/auth.py); games.db
keeps only its SHA-256 (companion/store/seats.py). The join secret travels in the QR link's path;
the token never travels in a URL.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

import companion.engine as engine
from companion import store
from companion.store import seats
from companion.web import qr, responses, throttle
from companion.web.auth import from_loopback, require_table, seat_held, set_seat_cookie
from companion.web.responses import fragment_wanted, refused, table_url

bp = Blueprint("join", __name__)


def respond(body: str, status: int = 200) -> Response:
    """Every join page: it may name a seat, so it is never cached."""
    return responses.respond(body, status, private=True)


def no_game() -> Response:
    """The page for a game that does not exist (any more)."""
    return refused(
        404,
        _("No such game"),
        _("There is no such game: it may have been deleted. Scan the code on the table screen."),
    )


def bad_secret() -> Response:
    """The page for a join link whose secret is not this game's."""
    return refused(
        403,
        _("This join link does not work"),
        _("The code in this link is not the one on the table screen. Scan the QR code again."),
    )


def guesser() -> str | None:
    """The address whose wrong codes are counted (None: the laptop, which shows every code)."""
    return None if from_loopback() else (request.remote_addr or "?")


def too_many_wrong_codes() -> int:
    """Seconds this address must wait before trying a code again (0: it may try now)."""
    address = guesser()
    return 0 if address is None else throttle.throttle().wait(address)


def wrong_code() -> None:
    """Count a wrong code against this address."""
    address = guesser()
    if address is not None:
        throttle.throttle().wrong(address)


def slow_down_message(seconds: int) -> str:
    """The sentence saying why a code is not checked now, and when it will be."""
    return _(
        "Too many wrong codes from this device: after %(burst)s, it may try %(rate)s a minute. "
        "Try again in %(seconds)s seconds.",
        burst=throttle.BURST,
        rate=throttle.PER_MINUTE,
        seconds=seconds,
    )


def slowed(response: Response, seconds: int) -> Response:
    """A 429 answer, with when to try again."""
    response.headers["Retry-After"] = str(seconds)
    return response


def game_seats(game_id: str) -> list[dict[str, Any]] | None:
    """The game's seats as the table view shows them (id, name, exiled...), or None."""
    try:
        current = store.current(store.get_db(), game_id)
    except store.UnknownGame:
        return None
    return engine.table_view(current.state)["seats"]


def picker(
    game_id: str, secret: str, all_seats: list[dict[str, Any]], error: str = "", status: int = 200
) -> Response:
    """The seat picker: every seat of the game, the ones held by a phone marked as taken."""
    held = seats.held_seats(store.get_db(), game_id)
    body = render_template(
        "join/pick.html",
        game_id=game_id,
        game=store.get_game(store.get_db(), game_id),
        secret=secret,
        seats=all_seats,
        held=held,
        error=error,
    )
    return respond(body, status)


def to_phone(game_id: str) -> Response:
    """Send this phone to its seat's page."""
    return redirect(url_for("phone.page", game_id=game_id), code=303)


@bp.get("/j")
def enter_code() -> Response:
    """A form to type the short code shown on the table screen (or go to it when given)."""
    code = request.args.get("code", "")
    if code.strip():
        return redirect(url_for("join.code", code=seats.normalise_code(code)), code=303)
    return respond(render_template("join/code.html", error=""))


@bp.get("/j/<code>")
def code(code: str) -> Response:
    """A short code typed by hand: on to that game's seat picker (wrong codes are throttled)."""
    wait = too_many_wrong_codes()
    if wait:
        body = render_template("join/code.html", error=slow_down_message(wait))
        return slowed(respond(body, 429), wait)
    db = store.get_db()
    game_id = seats.game_for_code(db, code)
    if game_id is None:
        wrong_code()
        body = render_template(
            "join/code.html", error=_("No game has this code. Check it on the table screen.")
        )
        return respond(body, 404)
    return redirect(
        url_for("join.join", game_id=game_id, secret=seats.normalise_code(code)), code=303
    )


@bp.route("/join/<game_id>/<secret>", methods=["GET", "POST"])
def join(game_id: str, secret: str) -> Response:
    """The QR code's link: pick a seat (GET), take it (POST); a phone with a seat goes to it."""
    wait = too_many_wrong_codes()
    if wait:
        page = refused(429, _("Too many wrong codes"), slow_down_message(wait), rejoin=False)
        return slowed(page, wait)
    db = store.get_db()
    all_seats = game_seats(game_id)
    if all_seats is None:
        wrong_code()
        return no_game()
    if not seats.secret_matches(db, game_id, secret):
        wrong_code()
        return bad_secret()
    secret = seats.normalise_code(secret)
    if seat_held(game_id):
        return to_phone(game_id)
    if request.method == "GET":
        return picker(game_id, secret, all_seats)
    seat_id = request.form.get("seat", "")
    if seat_id not in {s["id"] for s in all_seats}:
        return picker(game_id, secret, all_seats, _("Choose one of the seats below."), 400)
    try:
        token = seats.claim_seat(db, game_id, seat_id)
    except seats.SeatTaken:
        message = _(
            "Another phone already holds this seat. If that phone is lost, "
            "the table screen can release the seat."
        )
        return picker(game_id, secret, all_seats, message, 409)
    return set_seat_cookie(to_phone(game_id), game_id, token)


@bp.get("/games/<game_id>/join/qr-<code>.svg")
@require_table
def qr_image(game_id: str, code: str) -> Response:
    """The join QR code as an image: the panel, swapped with the table screen on every change,
    carries a link to it, not its drawing. The code in the address changes with the secret, so
    the browser may keep the image."""
    try:
        secret = seats.join_secret(store.get_db(), game_id)
    except store.UnknownGame:
        abort(404)
    if code != seats.format_code(secret):
        abort(404)
    response = current_app.response_class(
        qr.qr_svg(qr.join_url(game_id, secret)), mimetype="image/svg+xml"
    )
    response.cache_control.private = True
    response.cache_control.max_age = 3600
    return response


@bp.get("/games/<game_id>/join")
@require_table
def panel(game_id: str) -> Response:
    """The join panel: a fragment for htmx, else a page of its own (a big QR for a TV)."""
    all_seats = game_seats(game_id)
    if all_seats is None:
        abort(404, description=_("There is no such game: it may have been deleted."))
    template = "partials/join/panel_only.html" if fragment_wanted() else "join/sheet.html"
    game = store.get_game(store.get_db(), game_id)
    back = "sheet" if request.args.get("back") == "sheet" or not fragment_wanted() else ""
    body = render_template(
        template,
        game=game,
        game_id=game_id,
        seats=all_seats,
        join=qr.join_panel(game_id),
        back=back,
        table_url=table_url(game_id),
    )
    return respond(body)


@bp.post("/games/<game_id>/seats/<seat_id>/release")
@require_table
def release(game_id: str, seat_id: str) -> Response:
    """Free a seat for a new phone (a dead battery): the old phone's token stops working."""
    all_seats = game_seats(game_id)
    if all_seats is None:
        abort(404, description=_("There is no such game: it may have been deleted."))
    if seat_id not in {s["id"] for s in all_seats}:
        abort(404, description=_("This game has no such seat."))
    seats.release_seat(store.get_db(), game_id, seat_id)
    if fragment_wanted():
        return panel(game_id=game_id)
    back = request.form.get("_back", "")
    target = url_for("join.panel", game_id=game_id) if back == "sheet" else table_url(game_id)
    return redirect(target, code=303)
