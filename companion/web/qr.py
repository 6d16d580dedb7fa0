"""The join QR code (inline SVG drawn from qrcode's module matrix) and the links it stands for."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlsplit

import qrcode
import qrcode.constants
from flask import current_app, request, url_for

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


@lru_cache(maxsize=64)
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
