"""What the browser tests run in the page: a count of requests under way, and "settled"."""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Callable
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
DISABLED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
"""Chromium features turned off besides Playwright's own: the address bar's popup, a WebUI page
chromium 156 renders in a renderer of its own (no test page has an address bar). Measured on
the 2-core machine: a context with two pages opens and loads in about 300-420 ms instead of
370-490, and six browser test files take 37 s instead of 45 (``-n 1``)."""


def on_version_page(browser: Any, read: Callable[[Any], Any]) -> Any:
    """What ``read`` takes from a launched chromium's chrome://version page (in a context of its
    own, closed after)."""
    page = browser.new_page()
    try:
        page.goto("chrome://version")
        return read(page)
    finally:
        page.context.close()


def command_line(browser: Any) -> list[str]:
    """The switches a launched chromium runs with, as its chrome://version page shows them."""
    return on_version_page(browser, lambda page: page.inner_text("#command_line").split())


def disabled_on(switches: list[str]) -> list[str]:
    """The features of every --disable-features switch, in order, each once."""
    values = [s.split("=", 1)[1] for s in switches if s.startswith("--disable-features=")]
    return list(dict.fromkeys(f for value in values for f in value.split(",") if f))


def in_effect_disabled(browser: Any) -> set[str]:
    """The features a launched chromium actually has off (chrome://version's command-line
    variations, which it decodes from its switches: a later --disable-features replaces an
    earlier one)."""
    encoded = on_version_page(
        browser, lambda page: page.get_attribute("#variations-cmd", "data-value") or ""
    )
    disabled = json.loads(base64.b64decode(encoded) or "{}").get("disable-features", "")
    return {f for f in disabled.split(",") if f}


def launch_chromium(playwright: Any) -> Any:
    """Chromium launched through Playwright with CHROMIUM_ARGS and DISABLED_FEATURES.

    Playwright passes a --disable-features switch of its own and chromium keeps only the last
    one, so ours repeats Playwright's list, whatever its version passes: read from a chromium it
    launches first, which tells its switches over CDP because it runs with --enable-automation
    (a third of a second, once per test process)."""
    probe = playwright.chromium.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--enable-automation"]
    )
    try:
        cdp = probe.new_browser_cdp_session()
        theirs = disabled_on(cdp.send("Browser.getBrowserCommandLine")["arguments"])
    finally:
        probe.close()
    features = ",".join(dict.fromkeys([*theirs, *DISABLED_FEATURES]))
    return playwright.chromium.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, f"--disable-features={features}"]
    )


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
