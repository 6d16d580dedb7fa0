"""The browser tests' chromium (helpers/browser.py): Playwright's own disabled features stay off
with the ones the tests add (chromium keeps only the last --disable-features switch)."""

from __future__ import annotations

from helpers.browser import DISABLED_FEATURES, command_line, disabled_on, in_effect_disabled


def test_playwright_s_disabled_features_and_ours_are_all_off(chromium_process):
    switches = command_line(chromium_process)
    given = [s for s in switches if s.startswith("--disable-features=")]
    assert len(given) == 2, given  # Playwright's, then ours
    playwrights = disabled_on(given[:1])
    assert "MediaRouter" in playwrights  # one Playwright has long turned off
    off = in_effect_disabled(chromium_process)
    assert set(playwrights) <= off
    assert set(DISABLED_FEATURES) <= off
