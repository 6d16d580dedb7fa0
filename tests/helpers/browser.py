"""What the browser tests run in the page: a count of requests under way, and "settled"."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

IN_FLIGHT_JS = """(() => {
  /* Count this page's requests under way (htmx's XHRs, phone.js's fetches) until their answer
     has been handled, so a wait can tell a screen that is still changing from a settled one. */
  let n = 0;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    n += 1;
    this.addEventListener("loadend", () => { setTimeout(() => { n -= 1; }, 0); });
    return send.apply(this, args);
  };
  const fetched = window.fetch;
  window.fetch = function (...args) {
    n += 1;
    const done = () => { setTimeout(() => { n -= 1; }, 0); };
    return fetched.apply(this, args).then((r) => { r.clone().text().then(done, done); return r; },
      (e) => { done(); throw e; });
  };
  Object.defineProperty(window, "e2eInFlight", { get: () => n });
})();"""
SETTLED_JS = """() => window.e2eInFlight === 0
  && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, form.busy')"""

SSE_SEEN_JS = """document.addEventListener("htmx:sseMessage", (event) => {
  /* Note every message the page's event stream delivers (its data: a game version). */
  (window.e2eSeen = window.e2eSeen || []).push(String(event.detail && event.detail.data));
}, true);"""

CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium (never a downloaded browser)."""
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--no-sandbox",
]


def browser_missing(reason: str) -> None:
    """Skip for a missing browser, except under CI=true, where it is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run)")
    pytest.skip(reason)


WAIT_MS = 5000
"""The longest a browser test of the default run waits for one thing on a page."""
MIN_FONT_PX = 12
"""The smallest text a device may show (issue 21)."""
GLANCE_JS = (Path(__file__).resolve().parent / "glance.js").read_text(encoding="utf-8")
"""The glance measure: what lies out of view, under MIN_FONT_PX or wider than the window."""


def version_is(page: Any, n: int) -> None:
    """Wait until the table screen shows game version n."""
    page.wait_for_function(
        f"() => document.querySelector('#game').dataset.liveVersion == '{n}'", timeout=WAIT_MS
    )
