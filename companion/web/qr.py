"""The join panel's data: the QR code (inline SVG from qrcode's SVG path factory), the links it
stands for, the short code and the seats held. Only the table's views pass it to a page."""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import current_app, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from companion import store
from companion.store import seats
from companion.store.seats import format_code


def base_url() -> str:
    """Where phones reach this laptop: ``PUBLIC_URL`` (set by ``companion serve``), else the
    address this request came in on."""
    public = current_app.config.get("PUBLIC_URL") or request.host_url
    return public.rstrip("/")


def join_url(game_id: str, secret: str) -> str:
    """The full join link of a game (what the QR code holds)."""
    return base_url() + url_for("join.join", game_id=game_id, secret=secret)


def short_url(secret: str) -> str:
    """The link a player types when the camera will not scan: host, port and short code."""
    parts = urlsplit(base_url())
    path = url_for("join.code", code=format_code(secret))
    return f"{parts.netloc}{parts.path.rstrip('/')}{path}"


@lru_cache(maxsize=64)
def qr_svg(data: str) -> str:
    """The QR code of ``data`` as an SVG element (no XML prologue), scaled by its viewBox."""
    image = qrcode.make(
        data,
        image_factory=qrcode.image.svg.SvgPathImage,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=2,
    )
    text = image.to_string(encoding="unicode")
    # Sized by CSS: drop the fixed millimetre size qrcode writes.
    head, _sep, rest = text.partition(">")
    head = " ".join(part for part in head.split(" ") if not part.startswith(("width=", "height=")))
    return f'{head} role="img" focusable="false">{rest}'


def qr_markup(data: str, label: str) -> Markup:
    """The QR code as trusted inline SVG with an accessible name (the label is escaped)."""
    svg = qr_svg(data)
    svg = svg.replace('role="img"', Markup('role="img" aria-label="{}"').format(label), 1)
    # Trusted: qrcode drew it from our own URL (only paths inside), and the label is escaped.
    return Markup(svg)


def join_panel(game_id: str) -> dict[str, Any] | None:
    """What the join panel shows: the QR code, links, short code and the seats held now (None
    for an unknown game). It holds the join secret: only a view of the table passes it on."""
    db = store.get_db()
    try:
        secret = seats.join_secret(db, game_id)
    except store.UnknownGame:
        return None
    url = join_url(game_id, secret)
    return {
        "game_id": game_id,
        "url": url,
        "short_url": short_url(secret),
        "code": format_code(secret),
        "qr": qr_markup(url, _("QR code to join this game")),
        "held": seats.held_seats(db, game_id),
        "seats_version": seats.seats_version(db, game_id),
    }
