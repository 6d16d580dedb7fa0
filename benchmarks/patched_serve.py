"""`companion serve` with candidate fixes patched in, to measure what each would gain.

Runs the real `companion.cli` command after monkeypatching the named fixes into the imported
modules; nothing in the tree changes. The fixes (each one the lead may make in the named file):

- keep_db (companion/store/flask.py): keep one idle games.db connection open for the life of
  the process, so closing a request's connection never checkpoints and deletes the WAL.
- defer_publish (companion/web/live.py ``committed``): tell the streams about a new version when
  the acting device's response is done, so the six view fetches it triggers do not compete
  (for the GIL) with rendering that response.
- cached_gettext (companion/i18n.py): look the request's translations up once per request
  instead of once per translated string in templates.
- render_gate (companion/__init__.py or companion/cli.py): let at most two requests other than
  event streams run the app at once (a semaphore around ``app.wsgi_app``), so a burst of view
  fetches queues instead of a dozen threads trading the GIL.

- view_stream (companion/web/events.py): design (b) of docs/live.md, measured by
  benchmarks/live_designs.py: each event stream carries its device's rendered view (the page
  named by ``?view=``, rendered for the stream's own cookie and language) instead of the
  version number alone.

keep_db and cached_gettext are in the tree since commits 4e902d0 and d8e7ee0 (patching them in
again changes nothing worth measuring).

    python benchmarks/patched_serve.py keep_db,defer_publish serve --host 127.0.0.1 --port 5001

benchlib's ``Server(patches=...)`` starts it this way; live_load.py and log_length.py take
``--patches``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PATCHES = ("keep_db", "defer_publish", "cached_gettext", "render_gate", "view_stream")
GATE = 2


def keep_db() -> None:
    """Open an idle keeper connection to games.db when the app is set up."""
    from companion import store
    from companion.store import flask as store_flask
    from companion.store.schema import connect

    original = store_flask.init_app

    def init_app(app: Any) -> None:
        original(app)
        keeper = connect(app.config["GAMES_DB"])
        keeper.execute("select 1").fetchall()
        app.extensions["bench_keeper_db"] = keeper

    store_flask.init_app = init_app
    store.init_app = init_app


def defer_publish() -> None:
    """Publish a committed version once the response that committed it is closed."""
    from flask import after_this_request, has_request_context

    from companion.web import live

    publish = live.publish

    def committed(game_id: str, version: int) -> None:
        if not has_request_context():
            publish(game_id, version)
            return
        hub = live.hub()

        @after_this_request
        def later(response: Any) -> Any:
            response.call_on_close(lambda: hub.publish(game_id, version))
            return response

    live.committed = committed


def cached_gettext() -> None:
    """Template gettext that finds the request's translations once, on ``g``."""
    import companion

    create_app = companion.create_app

    def patched(*args: Any, **kwargs: Any) -> Any:
        from flask import g, has_request_context
        from flask_babel import get_translations

        app = create_app(*args, **kwargs)

        def tr() -> Any:
            if not has_request_context():
                return get_translations()
            found = g.get("_bench_tr")
            if found is None:
                found = g._bench_tr = get_translations()
            return found

        app.jinja_env.install_gettext_callables(
            gettext=lambda s: tr().ugettext(s),
            ngettext=lambda s, p, n: tr().ungettext(s, p, n),
            newstyle=True,
        )
        return app

    companion.create_app = patched


def render_gate() -> None:
    """At most GATE requests (event streams excepted) inside the app at once."""
    import threading

    import companion

    create_app = companion.create_app

    def patched(*args: Any, **kwargs: Any) -> Any:
        app = create_app(*args, **kwargs)
        inner = app.wsgi_app
        gate = threading.BoundedSemaphore(GATE)

        def gated(environ: dict[str, Any], start_response: Any) -> Any:
            if environ.get("PATH_INFO", "").endswith("/events"):
                return inner(environ, start_response)
            with gate:
                body = inner(environ, start_response)
                if isinstance(body, list):
                    return body
                # Read the body inside the gate, then close it (its on-close callbacks run).
                try:
                    return list(body)
                finally:
                    close = getattr(body, "close", None)
                    if close is not None:
                        close()

        app.wsgi_app = gated
        return app

    companion.create_app = patched


def view_stream() -> None:
    """Each stream renders its device's fragment on every version and sends it as the event."""
    import re

    from flask import current_app, request

    from companion.web import events

    plain = events.stream
    version_id = re.compile(rb"^id: (\d+)$", re.M)

    def stream(*args: Any, **kwargs: Any) -> Any:
        app = current_app._get_current_object()
        path = request.args.get("view", "")
        headers = {
            "Cookie": request.headers.get("Cookie", ""),
            "Accept-Language": request.headers.get("Accept-Language", ""),
            "HX-Request": "true",
        }
        base = {"REMOTE_ADDR": request.remote_addr}
        host = request.host

        def rendered(chunk: bytes) -> bytes:
            found = version_id.search(chunk)
            if found is None or not path:
                return chunk
            with app.test_request_context(
                path, base_url=f"http://{host}", headers=headers, environ_base=base
            ):
                body = app.full_dispatch_request().get_data(as_text=True)
            retry = chunk.split(b"\n", 1)[0] + b"\n" if chunk.startswith(b"retry") else b""
            data = "".join(f"data: {line}\n" for line in body.split("\n"))
            return retry + f"event: view\nid: {found.group(1).decode()}\n{data}\n".encode()

        return (rendered(chunk) for chunk in plain(*args, **kwargs))

    events.stream = stream


def main() -> None:
    """Apply the patches named in argv[1] (comma separated), then run the companion command."""
    names = [n for n in sys.argv[1].split(",") if n]
    for name in names:
        if name not in PATCHES:
            raise SystemExit(f"unknown patch {name!r}; known: {', '.join(PATCHES)}")
        globals()[name]()
    from companion.cli import main as companion_main

    sys.argv = ["companion", *sys.argv[2:]]
    companion_main()


if __name__ == "__main__":
    main()
