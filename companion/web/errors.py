"""Error pages in the reader's language: every 4xx the companion answers, as a page of its own.

A view that refuses with ``abort(code, description=_("..."))`` keeps its own sentence; a refusal
without one (Werkzeug's English default) gets ours for that status. Nothing here decides a
refusal: it only words it.
"""

from __future__ import annotations

from flask import Flask, render_template
from flask.globals import request_ctx
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, default_exceptions
from werkzeug.wrappers import Response

from companion.engine.words.steps import N_
from companion.web.responses import fragment_wanted

TITLES = {
    400: N_("The companion could not read this request"),
    403: N_("Not allowed"),
    404: N_("Not found"),
    405: N_("Not this way"),
    409: N_("The game moved on"),
    413: N_("Too large"),
    422: N_("The rules do not allow this"),
    429: N_("Too many tries"),
}
"""Each status's heading."""

SENTENCES = {
    400: N_("Something in the request was missing or could not be read. Go back and try again."),
    403: N_("This device may not do this."),
    404: N_("There is nothing at this address. Go back to the home page."),
    405: N_("This page cannot be used like that: go back and use its buttons."),
    409: N_("Something changed meanwhile. Reload the page to see it as it is now."),
    413: N_("What was sent is too large for the companion."),
    422: N_("The companion understood the request but cannot do it now."),
    429: N_("Wait a minute before you try again."),
}
"""Each status's sentence, for a refusal that gave none of its own."""


def _sentence(error: HTTPException) -> str:
    """The refusal's own sentence, or ours when it kept Werkzeug's English default."""
    code = error.code or 400
    default = getattr(default_exceptions.get(code), "description", None)
    own = error.description
    if own and own != default:
        return str(own)
    return _(SENTENCES.get(code, SENTENCES[400]))


def error_page(error: HTTPException) -> Response | HTTPException:
    """The page (or, for htmx, the fragment) saying what went wrong, with the same status."""
    code = error.code or 400
    if code not in TITLES or request_ctx.url_adapter is None:
        return error  # no page can be built for a request Flask could not route (a bad Host)
    fragment = fragment_wanted()
    body = render_template(
        "partials/errors/error.html" if fragment else "errors/error.html",
        code=code,
        title=_(TITLES[code]),
        sentence=_sentence(error),
    )
    response = Response(body, status=code, mimetype="text/html")
    response.vary.add("HX-Request")  # a page or its fragment, as htmx asks
    if error.response is not None:  # e.g. 405's Allow header, 429's Retry-After
        for key, value in error.response.headers.items():
            if key.lower() not in ("content-type", "content-length"):
                response.headers[key] = value
    allowed = getattr(error, "valid_methods", None)
    if allowed:
        response.headers["Allow"] = ", ".join(allowed)
    return response


def init_app(app: Flask) -> None:
    """Word every 4xx the companion answers."""
    app.register_error_handler(HTTPException, error_page)
