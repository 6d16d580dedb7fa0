"""Choosing this device's language: a cookie, then back to the page it came from."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.i18n import COOKIE, COOKIE_MAX_AGE, LANGUAGES

bp = Blueprint("lang", __name__)


def safe_next(target: str | None) -> str:
    """``target`` when it is a path on this site, else "/" (never a redirect elsewhere)."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return "/"
    if "\\" in target or any(ord(ch) < 32 or ord(ch) == 127 for ch in target):
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    return target


@bp.get("/lang/<code>")
def choose(code: str) -> Response:
    """Remember ``code`` as this device's language for a year and go back to ``next``."""
    if code not in LANGUAGES:
        abort(404, description=_("This language is not available."))
    response = redirect(safe_next(request.args.get("next")), code=303)
    response.set_cookie(
        COOKIE,
        code,
        max_age=COOKIE_MAX_AGE,
        samesite="Lax",
        httponly=True,
        path="/",
        secure=request.is_secure,
    )
    return response
