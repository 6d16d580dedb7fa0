"""What puts the companion on a phone's home screen: the favicon and the web app manifest.

The icons are drawn by ``scripts/make_icons.py`` into static/. The manifest names no start
page, so a phone that adds its seat's page to the home screen opens that page again.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, send_from_directory, url_for
from flask.blueprints import BlueprintSetupState
from flask_babel import gettext as _
from werkzeug.wrappers import Response

bp = Blueprint("homescreen", __name__)

THEME_COLOUR = "#0e1116"
"""The dark ground: the manifest's and every page's theme-color (a phone's title bar and
splash) read this one value."""
ICON_SIZES = (192, 512)


@bp.record_once
def _theme_colour(state: BlueprintSetupState) -> None:
    """Give the templates the theme colour (base.html and phone/base.html read it)."""
    state.app.jinja_env.globals["theme_colour"] = THEME_COLOUR


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
            "description": _(
                "The table screen and the players' phones for a game of Dead of Winter."
            ),
            "display": "standalone",
            "theme_color": THEME_COLOUR,
            "background_color": THEME_COLOUR,
            "icons": icons,
        }
    )
    response.mimetype = "application/manifest+json"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response
