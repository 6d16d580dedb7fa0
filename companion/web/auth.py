"""Who is the table: the laptop itself, or the browser that created (or imported) the game.

The laptop running the companion (a loopback request) is always the table. Any other device is
the table of a game only when it carries that game's table cookie: a random token made with
``secrets`` when the game was created there, sent back HttpOnly and SameSite=Strict, and kept
in games.db only as its SHA-256 hash (``games.table_token_hash``). Phones never get it.

Creating and importing games are the host's: the laptop, or a browser that already holds a
valid table cookie (so a LAN guest cannot fill the laptop with games). Since only the host can
create a game, only the laptop can make a new table device: by creating a game in a browser
that is the table (its cookie then reaches the home page and the new-game form, path ``/``).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import abort, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import store
from companion.store.schema import write_transaction

COOKIE_PREFIX = "table_"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365
TOKEN_BYTES = 32
MAX_TABLE_COOKIES = 32
"""The most table cookies of one request that are checked (a forged flood costs one query)."""

View = TypeVar("View", bound=Callable[..., Any])


def cookie_name(game_id: str) -> str:
    """The name of a game's table cookie (game ids are url-safe, so valid in a cookie name)."""
    return f"{COOKIE_PREFIX}{game_id}"


def token_hash(token: str) -> str:
    """The hex SHA-256 of a table token: what games.db keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def from_loopback() -> bool:
    """True when this request comes from the machine running the companion (127.0.0.0/8, ::1)."""
    try:
        address = ipaddress.ip_address((request.remote_addr or "").split("%")[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def stored_hash(game_id: str) -> str | None:
    """The table token hash kept for a game (None: no game, or no browser holds its cookie)."""
    row = (
        store.get_db()
        .execute("select table_token_hash from games where id = ?", [game_id])
        .fetchone()
    )
    return row[0] if row else None


def table_credential(game_id: str) -> bool:
    """Whether this request may act as the table of ``game_id``: loopback, or its table cookie."""
    if from_loopback():
        return True
    token = request.cookies.get(cookie_name(game_id))
    if not token:
        return False
    kept = stored_hash(game_id)
    return bool(kept) and hmac.compare_digest(kept, token_hash(token))


def held_tables() -> list[str]:
    """The games this browser is the table of by its cookies (loopback aside), at most
    ``MAX_TABLE_COOKIES`` of them looked at."""
    tokens = {
        name[len(COOKIE_PREFIX) :]: token
        for name, token in request.cookies.items()
        if name.startswith(COOKIE_PREFIX) and token
    }
    wanted = sorted(tokens)[:MAX_TABLE_COOKIES]
    if not wanted:
        return []
    marks = ", ".join("?" for _ in wanted)
    rows = store.get_db().execute(
        f"select id, table_token_hash from games where id in ({marks})", wanted
    )
    return [
        game_id
        for game_id, kept in rows.fetchall()
        if kept and hmac.compare_digest(kept, token_hash(tokens[game_id]))
    ]


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
    token = secrets.token_urlsafe(TOKEN_BYTES)
    db = store.get_db()
    with write_transaction(db):
        db.execute(
            "update games set table_token_hash = ? where id = ?", [token_hash(token), game_id]
        )
    response.set_cookie(
        cookie_name(game_id),
        token,
        max_age=COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="Strict",
        secure=request.is_secure,
    )
    return response


def forget_table_cookie(response: Response, game_id: str) -> Response:
    """Drop a deleted game's table cookie from this browser (also one set before it was sent
    to the whole site, path ``/games/<id>``)."""
    for path in ("/", f"/games/{game_id}"):
        response.delete_cookie(cookie_name(game_id), path=path, httponly=True, samesite="Strict")
    return response
