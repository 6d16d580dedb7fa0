"""Who a request is: the table of a game, a phone holding one of its seats, or neither.

A credential maps to an actor here, and the tokens themselves live in the store
(companion/store/seats.py, side by side): this module reads cookies and asks the store.

The laptop running the companion (a loopback request) is always the table. Any other device is
the table of a game only when it carries that game's table cookie: a random token made when the
game was created there, sent back HttpOnly and SameSite=Strict, and kept in games.db only as
its SHA-256. Phones never get it.

A phone holds a seat by its seat cookie: the token the store made when it took the seat, in an
HttpOnly, SameSite=Lax cookie (Lax, so the first visit from a scanned QR code carries it). The
token never travels in a URL.

Creating and importing games are the host's: the laptop, or a browser that already holds a
valid table cookie (so a LAN guest cannot fill the laptop with games). Since only the host can
create a game, only the laptop can make a new table device: by creating a game in a browser
that is the table (its cookie then reaches the home page and the new-game form, path ``/``).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import abort, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import store
from companion.store import seats

COOKIE_PREFIX = "table_"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365
MAX_TABLE_COOKIES = 32
"""The most table cookies of one request that are checked (a forged flood costs one query)."""
SEAT_COOKIE_PREFIX = "seat_"
SEAT_COOKIE_MAX_AGE = 60 * 60 * 24 * 30
MAX_SEAT_COOKIES = 16
"""The most seat cookies of one phone looked at for its home page."""

View = TypeVar("View", bound=Callable[..., Any])


def cookie_name(game_id: str) -> str:
    """The name of a game's table cookie (game ids are url-safe, so valid in a cookie name)."""
    return f"{COOKIE_PREFIX}{game_id}"


def cookies(prefix: str) -> list[tuple[str, str]]:
    """This request's cookies named ``prefix`` + a game id: (game id, token), sorted by id."""
    return sorted(
        (name[len(prefix) :], token)
        for name, token in request.cookies.items()
        if name.startswith(prefix) and token
    )


def from_loopback() -> bool:
    """True when this request comes from the machine running the companion (127.0.0.0/8, ::1)."""
    try:
        address = ipaddress.ip_address((request.remote_addr or "").split("%")[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def table_credential(game_id: str) -> bool:
    """Whether this request may act as the table of ``game_id``: loopback, or its table cookie."""
    if from_loopback():
        return True
    return seats.is_table_token(store.get_db(), game_id, request.cookies.get(cookie_name(game_id)))


def held_tables() -> list[str]:
    """The games this browser is the table of by its cookies (loopback aside), at most
    ``MAX_TABLE_COOKIES`` of them looked at."""
    tokens = dict(cookies(COOKIE_PREFIX)[:MAX_TABLE_COOKIES])
    return seats.tables_of(store.get_db(), tokens) if tokens else []


def is_host() -> bool:
    """Whether this request comes from the host: the laptop, or a browser already the table of
    a game. Everyone else is a guest (a phone)."""
    return from_loopback() or bool(held_tables())


def require_host(view: View) -> View:
    """Refuse (403) a view to guests: only the laptop, or a browser already a game's table."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if not is_host():
            abort(
                403,
                description=_(
                    "Only the laptop running the companion, or a screen that is already the "
                    "table of a game, may do this."
                ),
            )
        return view(*args, **kwargs)

    return guarded  # type: ignore[return-value]


def require_table(view: View) -> View:
    """Refuse (403) a view of one game (``game_id`` argument) to anyone but that game's table."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if not table_credential(kwargs["game_id"]):
            abort(403, description=_("Only the table screen of this game may do this."))
        return view(*args, **kwargs)

    return guarded  # type: ignore[return-value]


def set_table_cookie(response: Response, game_id: str) -> Response:
    """Make this browser the table of ``game_id``: a fresh token, its hash kept, the cookie set.

    The cookie is sent to the whole site (path ``/``), so the home page and the new-game form
    know this browser is a table (``is_host``); it is HttpOnly and SameSite=Strict. A later
    call replaces the kept hash, so only the newest cookie of a game works.
    """
    token = seats.new_table_token(store.get_db(), game_id)
    return _set_token_cookie(response, cookie_name(game_id), token, COOKIE_MAX_AGE, "Strict")


def forget_table_cookie(response: Response, game_id: str) -> Response:
    """Drop a deleted game's table cookie from this browser (also one set before it was sent
    to the whole site, path ``/games/<id>``)."""
    for path in ("/", f"/games/{game_id}"):
        response.delete_cookie(cookie_name(game_id), path=path, httponly=True, samesite="Strict")
    return response


# --- a phone's seat -------------------------------------------------------------------------


def seat_cookie_name(game_id: str) -> str:
    """The name of the cookie holding this phone's seat token for one game."""
    return f"{SEAT_COOKIE_PREFIX}{game_id}"


def phone_token(game_id: str) -> str | None:
    """The seat token this request carries for a game, if any."""
    return request.cookies.get(seat_cookie_name(game_id)) or None


def seat_claim(game_id: str) -> seats.Claim | None:
    """What this phone's seat cookie stands for in a game: its claim (held, or released by the
    table), or None (no cookie, or a token the game never gave)."""
    return seats.claim_for_token(store.get_db(), game_id, phone_token(game_id))


def seat_held(game_id: str) -> str | None:
    """The seat this phone holds now in a game (None: none, or it was released)."""
    return seats.held_seat(store.get_db(), game_id, phone_token(game_id))


def held_seats() -> dict[str, str]:
    """The games this phone holds a seat in by its seat cookies (game id -> seat id), at most
    ``MAX_SEAT_COOKIES`` of them looked at (a deleted game's claims are deleted with it)."""
    db = store.get_db()
    found = {}
    for game_id, token in cookies(SEAT_COOKIE_PREFIX)[:MAX_SEAT_COOKIES]:
        seat_id = seats.held_seat(db, game_id, token)
        if seat_id:
            found[game_id] = seat_id
    return found


def set_seat_cookie(response: Response, game_id: str, token: str) -> Response:
    """Give this phone its seat token: HttpOnly, SameSite=Lax, whole site, a month long."""
    return _set_token_cookie(response, seat_cookie_name(game_id), token, SEAT_COOKIE_MAX_AGE, "Lax")


def _set_token_cookie(
    response: Response, name: str, token: str, max_age: int, samesite: str
) -> Response:
    """Set a table's or a seat's token cookie: whole site, HttpOnly, Secure over HTTPS."""
    response.set_cookie(
        name,
        token,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite=samesite,
        secure=request.is_secure,
    )
    return response
