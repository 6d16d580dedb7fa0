"""The browser tests' console check (helpers/console.py) fails on what it must, and only on that."""

from __future__ import annotations

import pytest
from helpers.console import ConsoleWatch, WatchedBrowser

ORIGIN = "http://127.0.0.1:9"  # never contacted: every request below is answered by the route


def page_with(chromium_process, watch: ConsoleWatch, body: str, status: int = 200):
    """A watched page showing ``body``, whose picture is answered with ``status``."""
    page = WatchedBrowser(chromium_process, watch).new_page()
    page.route(
        f"{ORIGIN}/**",
        lambda route: route.fulfill(
            status=200 if route.request.resource_type == "document" else status,
            content_type="text/html",
            body=body,
        ),
    )
    page.goto(f"{ORIGIN}/")
    return page


def test_a_console_error_or_an_uncaught_exception_fails(chromium_process):
    watch = ConsoleWatch()
    page = page_with(chromium_process, watch, "<p>x</p>")
    try:
        page.evaluate("console.error('boom')")
        page.evaluate("setTimeout(() => { throw new Error('bang'); }, 0)")
        page.wait_for_function("() => new Promise((r) => setTimeout(() => r(true), 50))")
        with pytest.raises(AssertionError, match=r"(?s)boom.*bang"):
            watch.check()
    finally:
        page.context.close()


@pytest.mark.parametrize(("expected", "fails"), [((), True), ((409,), False), ((422,), True)])
def test_a_refused_load_fails_unless_the_test_expects_its_status(chromium_process, expected, fails):
    watch = ConsoleWatch(expected)
    page = page_with(chromium_process, watch, '<img src="/missing.png" alt="">', status=409)
    try:
        page.wait_for_function("() => document.images[0].complete")
        page.wait_for_function("() => new Promise((r) => setTimeout(() => r(true), 50))")
        if fails:
            with pytest.raises(AssertionError, match="status of 409"):
                watch.check()
        else:
            watch.check()
    finally:
        page.context.close()


def test_what_comes_after_the_check_is_not_counted(chromium_process):
    watch = ConsoleWatch()
    page = page_with(chromium_process, watch, "<p>x</p>")
    try:
        watch.check()
        page.evaluate("console.error('after the test, while its servers stop')")
        watch.check()
    finally:
        page.context.close()
