"""How the files under static/ travel: compressed when the browser accepts it, and cached.

Flask-Compress compresses text answers (pages, fragments, scripts, styles) in the encoding the
browser prefers; the event stream (text/event-stream) is not among its types, so it goes out
unbuffered as before. A vendored file with its version in its name (``htmx-2.0.11.min.js``)
never changes, so a phone may keep it for a year; the companion's own files are checked again
on each load (a 304 when unchanged), so an upgraded companion is never served stale.
"""

from __future__ import annotations

import re

from flask import Flask, request
from flask_compress import Compress
from werkzeug.wrappers import Response

PINNED = re.compile(r"-\d+\.\d+\.\d+\.")
"""A file name that carries its version (vendored libraries)."""
YEAR = 365 * 24 * 3600

compress = Compress()


def init_app(app: Flask) -> None:
    """Compress the app's text answers and give static files their cache headers."""
    compress.init_app(app)
    app.after_request(cache_headers)


def cache_headers(response: Response) -> Response:
    """A pinned static file is kept a year; the others are revalidated on every load."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename", "")
    if PINNED.search(filename):
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
        response.cache_control.no_cache = None
    else:
        response.cache_control.no_cache = True
    return response
