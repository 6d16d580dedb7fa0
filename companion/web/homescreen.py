"""What puts the companion on a phone's home screen: the favicon and the web app manifest.

The icons are drawn by ``scripts/make_icons.py`` into static/. The manifest names no start
page, so a phone that adds its seat's page to the home screen opens that page again.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from flask import Blueprint, current_app, jsonify, request, send_from_directory, url_for
from flask.blueprints import BlueprintSetupState
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.engine.words.steps import N_
from companion.i18n import translations_dir

bp = Blueprint("homescreen", __name__)

THEME_COLOUR = "#0e1116"
"""The dark ground: the manifest's and every page's theme-color (a phone's title bar and
splash) read this one value."""
ICON_SIZES = (192, 512)
DESCRIPTION = N_("The table screen and the players' phones for a game of Dead of Winter.")
"""What the companion is, in one sentence: the manifest's and every page's description."""


@bp.record_once
def _theme_colour(state: BlueprintSetupState) -> None:
    """Give the templates the theme colour (base.html and phone/base.html read it)."""
    state.app.jinja_env.globals["theme_colour"] = THEME_COLOUR
    state.app.jinja_env.globals["page_description"] = DESCRIPTION


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The favicon where browsers look for it by default."""
    return send_from_directory(
        current_app.static_folder or "static", "favicon.ico", mimetype="image/vnd.microsoft.icon"
    )


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, in this device's language."""
    icons = [
        {
            "src": url_for("static", filename=f"icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any",
        }
        for size in ICON_SIZES
    ]
    icons.append(
        {"src": url_for("static", filename="favicon.svg"), "sizes": "any", "type": "image/svg+xml"}
    )
    response = jsonify(
        {
            "name": _("Dead of Winter companion"),
            "short_name": _("Dead of Winter"),
            "description": _(DESCRIPTION),
            "display": "standalone",
            "theme_color": THEME_COLOUR,
            "background_color": THEME_COLOUR,
            "icons": icons,
        }
    )
    response.mimetype = "application/manifest+json"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    # Revalidated on every load, as the companion's own static files are: a 304 when unchanged.
    response.cache_control.no_cache = True
    response.add_etag()
    response.last_modified = manifest_modified()
    return response.make_conditional(request)


def manifest_modified() -> datetime:
    """When what the manifest says last changed: this module or a compiled catalogue."""
    files = [Path(__file__), *translations_dir().glob("*/LC_MESSAGES/*.mo")]
    newest = max(f.stat().st_mtime for f in files)
    return datetime.fromtimestamp(int(newest), tz=UTC)
