"""Every browser test fails on a console error: what each page logged, and the check after the test.

The ``browser`` fixture (conftest.py) hands out a `WatchedBrowser`: every context and page it opens
reports its console errors and uncaught exceptions here. After the test's body (conftest's
``pytest_runtest_call``) `ConsoleWatch.check` fails the test on any of them, except a resource
load refused with a 4xx status the test names with ``@pytest.mark.refusals(409, ...)`` (the
browser logs every such answer, even one the page expects and shows as a message). A test that
stops or floods the server on purpose may also name a 5xx status or a network error
(``"ERR_CONNECTION_REFUSED"``): the browser logs each stream it retries against it, and htmx
logs each of those streams' failures (``STREAM_FAILED``).
"""

from __future__ import annotations

import re
from typing import Any

REFUSED = re.compile(
    r"^Failed to load resource: (?:the server responded with a status of (\d{3})\b|net::(\w+))"
)
"""How chromium logs a resource answered with an error status, or not answered at all."""
STREAM_FAILED = "[object Event]"
"""How htmx logs the sse extension's ``htmx:sseError``: a stream refused or dropped (a stream
that ends on schedule closes on its "close" event and logs nothing)."""


class ConsoleWatch:
    """The console errors and page errors of one test's pages, until the test's body ends."""

    def __init__(self, refusals: tuple[int | str, ...] = ()) -> None:
        self.refusals = frozenset(refusals)
        # A test that refuses a stream (a 5xx) or stops the server names it: the page's stream
        # then fails, and htmx logs it.
        self.streams_may_fail = any(isinstance(r, str) or r >= 500 for r in self.refusals)
        self.errors: list[str] = []
        self.open = True

    def _note(self, text: str) -> None:
        if self.open:
            self.errors.append(text)

    def console(self, message: Any) -> None:
        """Note a console message of type error (a page's ``console.error``, a failed load)."""
        if message.type != "error":
            return
        if message.text == STREAM_FAILED and self.streams_may_fail:
            return
        refused = REFUSED.match(message.text)
        if refused and (
            (refused.group(1) and int(refused.group(1)) in self.refusals)
            or (refused.group(2) and refused.group(2) in self.refusals)
        ):
            return
        where = message.location or {}
        self._note(f"{message.text} ({where.get('url', '?')}:{where.get('lineNumber', '?')})")

    def page_error(self, error: Any) -> None:
        """Note an exception a page's script did not catch."""
        self._note(f"uncaught: {getattr(error, 'error', error)}")

    def watch(self, context: Any) -> Any:
        """Listen to every page of a browser context, present and future; return it."""
        context.on("console", self.console)
        context.on("weberror", self.page_error)
        return context

    def check(self) -> None:
        """Stop listening (what a page logs while the test's servers stop is not the test's) and
        fail on what was noted."""
        self.open = False
        assert not self.errors, "console errors in the browser:\n" + "\n".join(self.errors)


REDUCED_MOTION = "reduce"
"""What the contexts of the browser tests prefer unless a test says otherwise. A pulse of the
screen (the table's "waiting on", the phone's "must do" and crossroads hints, 4-6 s each) has
headless chromium paint the whole page at 60 frames a second until it ends: a table page opened
costs about 0.7 s of CPU for it alone, and the browser files took 18-36% less CPU without it
(measured per file on the 2-core machine, chromium included). No test looks at a pulse; the
tests of motion itself (the reveal's slide, the working spinner) ask for ``no-preference``."""


class WatchedBrowser:
    """The session's chromium, with every context and page it opens watched by a `ConsoleWatch`."""

    def __init__(self, browser: Any, watch: ConsoleWatch) -> None:
        self._browser = browser
        self._watch = watch

    def new_context(self, *args: Any, **kwargs: Any) -> Any:
        """A new context, watched, its pages preferring reduced motion unless the test names
        ``reduced_motion`` (or calls ``page.emulate_media``): see REDUCED_MOTION."""
        kwargs.setdefault("reduced_motion", REDUCED_MOTION)
        return self._watch.watch(self._browser.new_context(*args, **kwargs))

    def new_page(self, *args: Any, **kwargs: Any) -> Any:
        """A new page in its own context (closed with the others after the test), watched."""
        return self.new_context(*args, **kwargs).new_page()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)
