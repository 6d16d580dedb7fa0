"""How the files under static/ travel: compressed when the browser accepts it, and cached.

Flask-Compress compresses text answers (pages, fragments, scripts, styles) in the encoding the
browser prefers; the event stream (text/event-stream) is not among its types, so it goes out
unbuffered as before. A file under static/ goes out in zstd at its best level where the
browser takes zstd (chromium does, on the laptop's own address too): about 40 ms of CPU for a
phone's files, once per phone (they are cached or revalidated after), for 2.8 kB less on its
first load; pages and fragments, made on every change, keep Flask-Compress's quick level. A
vendored file with its version in its name (``htmx-2.0.11.min.js``)
never changes, so a phone may keep it for a year; the companion's own files are checked again
on each load (a 304 when unchanged), so an upgraded companion is never served stale.
The sprite's address (``sprite_url``) is built once a request: a table screen draws about 50
pieces and symbols from it.
"""

from __future__ import annotations

import re

from flask import Flask, current_app, g, request, url_for
from flask_compress import Compress
from werkzeug.wrappers import Response

try:  # Python 3.14 has zstd in the standard library
    from compression import zstd
except ImportError:  # pragma: no cover - depends on the Python version
    from backports import zstd

PINNED = re.compile(r"-\d+\.\d+\.\d+\.")
"""A file name that carries its version (vendored libraries)."""
YEAR = 365 * 24 * 3600
STATIC_ZSTD_LEVEL = 19
"""zstd's best level short of its memory-hungry "ultra" ones."""

compress = Compress()


def init_app(app: Flask) -> None:
    """Compress the app's text answers and give static files their cache headers."""
    compress.init_app(app)
    app.after_request(cache_headers)
    # Registered last, so it runs before Flask-Compress, which leaves an encoded answer alone.
    app.after_request(compress_static)
    app.jinja_env.globals["sprite_url"] = sprite_url


def sprite_url() -> str:
    """The address of the icons' sprite, static/icons.svg (``url_for``), kept on ``g`` for the
    request (its prefix may differ from one request to the next, behind a proxy)."""
    try:
        return g.companion_sprite_url
    except AttributeError:
        g.companion_sprite_url = url = url_for("static", filename="icons.svg")
        return url


def compress_static(response: Response) -> Response:
    """A text file under static/ in zstd at its best level, when the browser takes zstd.

    Its ETag gets the encoding's name (as Flask-Compress does) and the request's conditions are
    checked again against it, so a revalidation still gets its 304.
    """
    if (
        request.endpoint != "static"
        or response.status_code != 200
        or request.accept_encodings["zstd"] <= 0
        or response.mimetype not in current_app.config["COMPRESS_MIMETYPES"]
    ):
        return response
    response.direct_passthrough = False
    response.set_data(zstd.compress(response.get_data(), STATIC_ZSTD_LEVEL))
    response.headers["Content-Encoding"] = "zstd"
    response.headers.pop("Accept-Ranges", None)  # its bytes are the encoded ones: no ranges
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}:zstd", weak=weak)
    return response.make_conditional(request)


def cache_headers(response: Response) -> Response:
    """A pinned static file is kept a year; the others are revalidated on every load. None is a
    download, so none says so (werkzeug's ``Content-Disposition: inline``)."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    response.headers.pop("Content-Disposition", None)
    filename = (request.view_args or {}).get("filename", "")
    if PINNED.search(filename):
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
        response.cache_control.no_cache = None
    else:
        response.cache_control.no_cache = True
    return response
