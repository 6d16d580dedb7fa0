"""The live stream of one game: server-sent events carrying only its version number.

Each device (the table screen, every phone) opens one stream and, when a newer version arrives,
fetches the fragments of its own view. A stream sends the current version at once, then every
new version, a comment as a heartbeat, and ends after a while with a ``close`` event (the page
opens the next stream). It carries no game content, so it needs no credential and leaks no secret.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from functools import cache
from importlib import metadata

from flask import Blueprint, abort, current_app, jsonify
from flask import request as flask_request
from flask.blueprints import BlueprintSetupState
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import store
from companion.web import live
from companion.web.auth import from_loopback

bp = Blueprint("events", __name__)

DEFAULTS = {
    "LIVE_MAX_STREAMS": live.stream_limit(live.THREADS),  # serve derives it from --threads
    "LIVE_MAX_PER_ADDRESS": live.PER_ADDRESS,  # streams one phone (client address) may hold
    "LIVE_HEARTBEAT": 20.0,  # seconds of silence before a comment keeps the line open
    "LIVE_LIFETIME": 600.0,  # seconds before a stream ends and the browser reconnects
    "LIVE_POLL": 0.5,  # seconds between checks that the device is still there
    "LIVE_RETRY_MS": 2000,  # how long a browser waits before reconnecting
    "LIVE_RETRY_AFTER": 5,  # seconds a refused device is told to wait
    # Read by static/live.js from the page's [data-live] (game/table.html, phone/index.html):
    "LIVE_LOST_AFTER_MS": 3000,  # how long a stream is down before the page says "Reconnecting"
}
HEARTBEAT = b": still here\n\n"
CLOSING = b"event: close\ndata: end\n\n"
"""The last event of a stream that ends on schedule (or as the server stops): the page's sse
extension closes it without an error (``sse-close="close"``) and static/live.js opens the next."""


@bp.record_once
def _setup(state: BlueprintSetupState) -> None:
    """Give the app its hub and the stream settings it has not set itself."""
    live.init_app(state.app)
    for key, value in DEFAULTS.items():
        state.app.config.setdefault(key, value)


def version_event(version: int, retry_ms: int | None = None) -> bytes:
    """One ``version`` event (its id is the version, so a reconnect says what it last saw)."""
    retry = f"retry: {retry_ms}\n" if retry_ms is not None else ""
    return f"{retry}event: version\nid: {version}\ndata: {version}\n\n".encode("ascii")


def stream(
    hub: live.Hub,
    game_id: str,
    version: int,
    *,
    heartbeat: float,
    lifetime: float,
    poll: float,
    retry_ms: int,
    gone: Callable[[], bool],
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[bytes]:
    """The events of one stream: the version now, each newer one, heartbeats, until it ends."""
    yield version_event(version, retry_ms)
    end = clock() + lifetime
    beat = clock() + heartbeat
    while True:
        now = clock()
        if gone():
            return
        if now >= end or hub.closing:
            yield CLOSING
            return
        newer = hub.wait(game_id, version, min(end, beat, now + poll) - now)
        if newer is not None:
            version = newer
            yield version_event(version)
            beat = clock() + heartbeat
        elif clock() >= beat:
            yield HEARTBEAT
            beat = clock() + heartbeat


def _released(events: Iterator[bytes], slot: live.Slot) -> Iterator[bytes]:
    """The events, giving the stream's place back however they end."""
    try:
        yield from events
    finally:
        slot.release()


def _never_gone() -> bool:
    return False


@bp.get("/games/<game_id>/events")
def events(game_id: str) -> Response:
    """The game's live stream (text/event-stream); past the limits, with Retry-After, 429 for a
    device that holds its share of streams already and 503 when all are taken (the laptop's own
    streams are never refused)."""
    try:
        version = store.game_version(store.get_db(), game_id)
    except store.UnknownGame:
        abort(404)
    config = current_app.config
    if flask_request.method == "HEAD":  # waitress would run the stream only to discard it
        return _stream_headers(Response(mimetype="text/event-stream"))
    hub = live.hub()
    address = None if from_loopback() else str(flask_request.remote_addr)
    per_address = int(config["LIVE_MAX_PER_ADDRESS"])
    slot = hub.open_stream(int(config["LIVE_MAX_STREAMS"]), address, per_address)
    if slot is None:
        # 429: this device holds its share already (a phone needs one or two); 503: all are taken.
        mine = address is not None and hub.held_by(address) >= per_address
        refused = Response(
            _("Too many devices are following this table right now; trying again shortly."),
            status=429 if mine else 503,
            mimetype="text/plain",
        )
        refused.headers["Retry-After"] = str(config["LIVE_RETRY_AFTER"])
        refused.headers["Cache-Control"] = "no-store"
        return refused
    lifetime = float(config["LIVE_LIFETIME"])
    body = stream(
        hub,
        game_id,
        version,
        heartbeat=float(config["LIVE_HEARTBEAT"]),
        # Up to a tenth shorter, so devices that connected together do not all reconnect together.
        lifetime=lifetime * random.uniform(0.9, 1.0),
        poll=float(config["LIVE_POLL"]),
        retry_ms=int(config["LIVE_RETRY_MS"]),
        gone=flask_request.environ.get("waitress.client_disconnected", _never_gone),
    )
    response = Response(_released(body, slot), mimetype="text/event-stream")
    response.call_on_close(slot.release)
    return _stream_headers(response)


def _stream_headers(response: Response) -> Response:
    """Headers that keep caches and proxies from holding the stream back."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@cache
def companion_version() -> str:
    """The installed companion's version ("unknown" when it runs from an uninstalled tree); read
    once, as it cannot change while the process runs."""
    try:
        return metadata.version("companion")
    except metadata.PackageNotFoundError:
        return "unknown"


@bp.get("/health")
def health() -> Response:
    """Open streams and the companion's version, for the laptop itself only (403 elsewhere)."""
    if not from_loopback():
        abort(403)
    hub = live.hub()
    answer = jsonify(
        streams=hub.streams,
        max_streams=int(current_app.config["LIVE_MAX_STREAMS"]),
        version=companion_version(),
    )
    answer.headers["Cache-Control"] = "no-store"
    return answer
