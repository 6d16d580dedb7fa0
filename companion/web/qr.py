"""The join panel's data: the QR code (an SVG image drawn from qrcode's module matrix), the
links it stands for, the short code and the seats held. Only the table's views pass it on."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.constants
from flask import current_app, request, url_for

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


def dark_runs(matrix: list[list[bool]]) -> list[tuple[int, int, int]]:
    """The QR code's dark modules as runs along each row: (x, y, length)."""
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append((start, y, x - start))
            else:
                x += 1
    return runs


def qr_svg(data: str) -> str:
    """The QR code of ``data`` as an SVG image: one rectangle a run of dark modules along a row
    (a path a third the size of one square a module)."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    path = "".join(f"M{x} {y}h{n}v1h-{n}z" for x, y, n in dark_runs(matrix))
    size = len(matrix)
    return (
        f'<svg viewBox="0 0 {size} {size}" xmlns="http://www.w3.org/2000/svg">'
        f'<path d="{path}"/></svg>'
    )


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
        "qr_src": url_for("join.qr_image", game_id=game_id, code=format_code(secret)),
        "held": seats.held_seats(db, game_id),
        "seats_version": seats.seats_version(db, game_id),
    }
