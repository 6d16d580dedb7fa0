"""Every request is checked before its view runs, and every answer says how it may be shown.

- The Host header must name this companion: a loopback name, one of this laptop's own
  addresses, or the host of the phones' address (``PUBLIC_URL``, from ``--url``). A page of
  another site whose name was made to point at this laptop (DNS rebinding) sends its own name
  and is refused (400), so it cannot read the table or act as it.
- A form or htmx request made by another site (a page on the internet the laptop's browser has
  open) is refused (403): browsers say where a request comes from in ``Sec-Fetch-Site``, older
  ones in ``Origin``. Cookies are SameSite too (companion/web/auth.py).
- Answers may not be framed by another page, and load scripts, styles and images only from the
  companion itself (``X-Frame-Options`` and the Content-Security-Policy). Scripts and style
  sheets are not documents: those two headers and the referrer policy mean nothing on them and
  are left off (a phone's first load carries about 300 B less per file); every answer says
  ``nosniff``, so a script or a style is never read as anything else.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import lan

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SAME_SITE = frozenset({"same-origin", "none"})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
LAPTOP_ADDRESSES = "companion_laptop_addresses"

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        # No 'unsafe-inline': the templates carry no style attributes and no <style> elements
        # (the reveal's stagger and the join panel's look live in static/*.css).
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def host_name(host: str) -> str | None:
    """The name in a Host header, lowercased, without port or IPv6 brackets (None: unreadable)."""
    try:
        name = urlsplit("//" + host).hostname
    except ValueError:
        return None
    return name.rstrip(".") if name else None


def laptop_addresses() -> frozenset[str]:
    """This machine's own IPv4 addresses (read once per app from its network interfaces)."""
    found = current_app.extensions.get(LAPTOP_ADDRESSES)
    if found is None:
        try:
            found = frozenset(ip for _name, ip in lan.list_adapters())
        except OSError:
            found = frozenset()
        current_app.extensions[LAPTOP_ADDRESSES] = found
    return found


def allowed_hosts(extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names this companion answers to: loopback, this laptop's addresses, the host
    of ``PUBLIC_URL`` (``--url``) and ``ALLOWED_HOSTS`` (set by ``companion serve``)."""
    names = set(LOOPBACK_NAMES) | laptop_addresses()
    public = current_app.config.get("PUBLIC_URL")
    configured = current_app.config.get("ALLOWED_HOSTS") or ()
    for host in [*configured, *extra, *([urlsplit(public).netloc] if public else [])]:
        name = host_name(host)
        if name:
            names.add(name)
    return frozenset(names)


def refuse_unknown_host() -> None:
    """Refuse (400) a request whose Host header names anything but this companion."""
    name = host_name(request.headers.get("Host", ""))
    if name is None or name not in allowed_hosts():
        abort(
            400,
            description=_(
                "This address is not the companion's. Open the address the companion printed "
                "when it started, or scan its QR code."
            ),
        )


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
        abort(403, description=_("This request came from another site and was refused."))


NOT_DOCUMENTS = frozenset({"text/javascript", "text/css"})
"""Answers that are never shown as a page (no framing, no policy of their own)."""


def protect(response: Response) -> Response:
    """Forbid framing and anything loaded from outside the companion, on every document."""
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if response.mimetype in NOT_DOCUMENTS:
        return response
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def init_app(app: Flask) -> None:
    """Check every request before its view runs (after i18n's hook, so refusals are
    translated; no other hook comes first); mark every answer."""
    app.before_request(refuse_unknown_host)
    app.before_request(refuse_cross_site)
    app.after_request(protect)
