"""Requests that change anything must come from this companion's own pages.

A form or htmx request made by another site (a page on the internet the laptop's browser has
open) is refused before any view runs: browsers say where a request comes from in
``Sec-Fetch-Site``, older ones in ``Origin``. Cookies are SameSite too (companion/web/auth.py).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, abort, request

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SAME_SITE = frozenset({"same-origin", "none"})


def cross_site() -> bool:
    """Whether a state-changing request was sent by a page of another origin."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site not in SAME_SITE
    origin = request.headers.get("Origin")
    if origin is None or origin == "null":
        return origin == "null"
    return urlsplit(origin).netloc != request.host


def refuse_cross_site() -> None:
    """Refuse (403) a state-changing request from another site."""
    if request.method not in SAFE_METHODS and cross_site():
        abort(403, description="This request came from another site and was refused.")


def init_app(app: Flask) -> None:
    """Check every request before its view runs."""
    app.before_request(refuse_cross_site)
