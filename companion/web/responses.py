"""What every blueprint answers with: pages or their htmx fragments, the device's language, the
engine's refusals in words, and the page saying why a phone cannot go on.

Each URL serves a full page, or its fragment when htmx asks, so every answer varies on
HX-Request. An answer that may name a seat (a phone's) is never cached.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, render_template, url_for
from flask_babel import gettext as _
from werkzeug.routing import BuildError
from werkzeug.wrappers import Response

import companion.engine as engine
from companion.extensions import htmx
from companion.i18n import locale

REFUSED_TEMPLATE = "join/refused.html"
REFUSED_FRAGMENT = "partials/join/refused.html"


def fragment_wanted() -> bool:
    """Whether htmx (or phone.js, which speaks its header) asked for a fragment (a history
    restore wants the whole page)."""
    return bool(htmx) and not htmx.history_restore_request


def respond(body: str, status: int = 200, *, private: bool = False) -> Response:
    """A response that varies on HX-Request; ``private`` (it may name a seat): never cached."""
    response = current_app.make_response((body, status))
    response.vary.add("HX-Request")
    if private:
        response.headers["Cache-Control"] = "no-store"
    return response


def page(full: str, part: str, ctx: dict[str, Any], status: int = 200) -> Response:
    """The full page, or its fragment when htmx asks."""
    template = part if fragment_wanted() else full
    return respond(render_template(template, **ctx), status)


def rule_message(exc: engine.RuleError) -> str:
    """The engine's refusal as a sentence, in this device's language (its cards and places
    too)."""
    text = engine.render_error(exc, locale()).strip()
    text = text[:1].upper() + text[1:] if text else _("The rules do not allow this.")
    return text if text.endswith((".", "!", "?")) else text + "."


def refused(status: int, title: str, message: str, *, rejoin: bool = True) -> Response:
    """A clear page (or fragment) saying why this phone cannot go on, and what to do."""
    template = REFUSED_FRAGMENT if fragment_wanted() else REFUSED_TEMPLATE
    body = render_template(template, title=title, message=message, rejoin=rejoin)
    return respond(body, status, private=True)


def table_url(game_id: str) -> str:
    """The table screen of a game (``game.table``), or its plain path while that is not built."""
    try:
        return url_for("game.table", game_id=game_id)
    except BuildError:
        return f"/games/{game_id}"
