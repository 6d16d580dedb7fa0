"""Phones that call their owners (issue 29, point 7), in a real browser against a real server.

Every page records, from before its scripts run, each ``navigator.vibrate`` call (with the
moments it showed then, and whether the page had been touched) and the first time it showed each
moment id (``data-must-do``, must_do.py): kept in the tab's sessionStorage, so a reload keeps it.
At every point the game's devices are in step, each page's title starts with "● " exactly while
it shows a moment. At the end each phone must have vibrated once for every moment of its own that
arrived after its first tap (never before one, never twice, never for nothing new, never for
another seat's), the phone whose player turned vibration off never, and the table never.
A console error fails any browser test (conftest).

The default run plays the start of a round; the ``proof`` run a whole game (3 rounds, a
crossroads card, an exile vote, the end's objectives: helpers/e2e.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers.e2e import (
    NAMES,
    PHONE_VIEWPORT,
    ROUNDS,
    SAFE_FOOD,
    SAFE_MORALE,
    TABLE_VIEWPORT,
    WAIT_MS,
    Game,
    Phone,
    Shots,
    Table,
    colony_phase,
    correct_counter,
    create_game,
    end_game,
    join,
    join_link,
    keep_survivors,
    new_device,
    play_turn,
    reveal_crisis,
    wait_until_joined,
)

RECORD_JS = """(() => {
  const KEY = "e2e-nudges";
  const load = () => {
    try { return JSON.parse(sessionStorage.getItem(KEY)) || { calls: [], shown: {}, early: [] }; }
    catch (e) { return { calls: [], shown: {}, early: [] }; }
  };
  const save = (log) => sessionStorage.setItem(KEY, JSON.stringify(log));
  const ids = () => {
    const holder = document.querySelector("[data-must-do]");
    return holder ? holder.getAttribute("data-must-do").split(" ").filter(Boolean) : [];
  };
  const touched = () => navigator.userActivation.hasBeenActive;
  let marked = null;
  const look = () => {
    if (document.title.startsWith("\u25cf ") !== marked) {
      /* Said on the console, so a test can wait for it without evaluating in the page: the
         title gained or lost its mark (live.js's nudge sets it, then vibrates if it will). */
      marked = document.title.startsWith("\u25cf ");
      console.debug(marked ? "e2e: the title has its mark" : "e2e: the title has no mark");
    }
    const log = load();
    let changed = false;
    for (const id of ids()) {
      if (!(id in log.shown)) {
        log.shown[id] = { call: log.calls.length, active: touched() };
        changed = true;
      }
    }
    if (changed) { save(log); }
  };
  Object.defineProperty(Navigator.prototype, "vibrate", {
    configurable: true,
    writable: true,
    value: function (pattern) {
      look();
      const log = load();
      if (!touched()) { log.early.push(ids().join(" ")); }
      log.calls.push({ ids: ids(), pattern: pattern });
      save(log);
      return true;
    },
  });
  document.addEventListener("DOMContentLoaded", () => {
    look();
    new MutationObserver(look).observe(document.documentElement,
      { subtree: true, childList: true, attributes: true, attributeFilter: ["data-must-do"] });
  });
})();"""
LOG_JS = "() => JSON.parse(sessionStorage.getItem('e2e-nudges'))"
MARK = "\u25cf "
TITLE_MARKED = "e2e: the title has its mark"
"""The console line of a page's recorder (RECORD_JS) once its title gains the mark."""
TITLE_MATCHES_JS = """mark => {
  const holder = document.querySelector("[data-must-do]");
  const waiting = !!holder && holder.getAttribute("data-must-do").trim() !== "";
  return document.title.startsWith(mark) === waiting;
}"""


class NudgeGame(Game):
    """A game whose every sync also checks each page's title mark; ``quiet``: the phone whose
    player turned vibration off, and how many times it had vibrated before."""

    quiet: tuple[Phone, int]

    def sync(self) -> int:
        newest = super().sync()
        for page in [self.table.page] + [p.page for p in self.phones]:
            page.wait_for_function(TITLE_MATCHES_JS, arg=MARK, timeout=WAIT_MS)
        return newest


def device(browser: Any, contexts: list[Any], viewport: dict[str, int], lang: str = "") -> Any:
    """A new page (helpers/e2e.new_device) recording its vibrations and moments."""
    page = new_device(browser, contexts, viewport, lang)
    page.context.add_init_script(RECORD_JS)
    return page


def start(browser: Any, companion_server: Any, contexts: list[Any], lang: str) -> NudgeGame:
    """The game created on the table, three phones joined, each touched once (its player's
    first tap on the page), the last one with vibration turned off; survivors kept."""
    shots = Shots(f"nudge-{lang}")
    base = companion_server.url("").rstrip("/")
    table = Table(device(browser, contexts, TABLE_VIEWPORT))
    assert create_game(table.page, base, lang, shots)
    phones = [Phone(device(browser, contexts, PHONE_VIEWPORT, lang), name) for name in NAMES]
    g = NudgeGame(table, phones, lang, shots)
    link = join_link(table)
    for phone in phones:
        join(phone, link, g)
    wait_until_joined(table, phones)
    g.sync()
    for phone in phones:
        switch = phone.page.locator("#nudge-vibrate")
        assert switch.is_visible() and switch.is_checked()
        assert phone.page.locator(".nudge-switch").inner_text().strip() == g._(
            "Vibrate when the game calls me"
        )
        assert phone.page.title().startswith(MARK)  # survivors to keep
        phone.page.locator("#phone h1").click()
    # a seat picked on the join page counts as touching the phone page it leads to (chromium),
    # so the keep may have vibrated already: the switch counts from here
    g.quiet = (phones[-1], len(phones[-1].page.evaluate(LOG_JS)["calls"]))
    phones[-1].page.locator("#nudge-vibrate").uncheck()
    phones[-1].page.reload()  # the choice is kept on this phone
    phones[-1].page.wait_for_selector("#live-status[data-state=ok]", timeout=WAIT_MS)
    assert not phones[-1].page.locator("#nudge-vibrate").is_checked()
    phones[-1].page.locator("#phone h1").click()
    keep_survivors(g)
    return g


def kinds_shown(log: dict[str, Any]) -> list[str]:
    return sorted(i.split(":")[0] for i in log["shown"])


def check_nudges(g: NudgeGame) -> dict[str, list[str]]:
    """Each phone vibrated exactly once for each of its own moments that came after its first
    tap (none with vibration off); the table never. The kinds each phone was nudged for."""
    table_log = g.table.page.evaluate(LOG_JS)
    assert table_log["calls"] == [], "the table vibrated"
    assert table_log["shown"], "the table never showed whom it waits for"
    nudged = {}
    for phone in g.phones:
        log = phone.page.evaluate(LOG_JS)
        quiet = phone is g.quiet[0]
        assert phone.page.locator("#nudge-vibrate").is_checked() != quiet
        assert log["early"] == [], f"{phone.name}'s phone vibrated before its first tap"
        assert all(f":{phone.seat_id}:" in i for i in log["shown"]), (phone.name, log["shown"])
        fresh = {i: seen["call"] for i, seen in log["shown"].items() if seen["active"]}
        calls = log["calls"]
        if quiet:
            assert len(calls) == g.quiet[1], f"{phone.name} turned vibration off, yet it vibrated"
            fresh = {i: at for i, at in fresh.items() if at < g.quiet[1]}
        for n, call in enumerate(calls):
            new = [i for i, at in fresh.items() if at == n]
            assert new, f"{phone.name}'s vibration {n} came for nothing new: {call['ids']}"
            assert all(i in call["ids"] for i in new), (phone.name, n, new, call)
        if not quiet:
            for i, at in fresh.items():
                assert at < len(calls) and i in calls[at]["ids"], f"{phone.name}: no nudge for {i}"
        nudged[phone.name] = sorted(i.split(":")[0] for i in fresh)
    return nudged


@pytest.mark.proof  # a whole round in chromium (33 s): the proof run
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_a_round_s_start_calls_each_phone_for_its_own_moments(browser, companion_server, lang):
    contexts: list[Any] = []
    try:
        g = start(browser, companion_server, contexts, lang)
        # The first phone opened again in a new tab and not touched: the crisis comes and it
        # does not vibrate. Nothing is evaluated in that tab meanwhile (Playwright evaluates as
        # a user gesture, which would count as a touch).
        # What it waits for comes from the browser, not from the page: its stream's answer, then
        # the console line its recorder writes when the nudge marks the title.
        untouched = g.phones[0]
        fresh_tab = untouched.page.context.new_page()
        with fresh_tab.expect_response(lambda r: r.url.endswith("/events"), timeout=WAIT_MS):
            fresh_tab.goto(untouched.page.url, wait_until="load")
        untouched.page.close()
        untouched.page = fresh_tab
        with fresh_tab.expect_console_message(lambda m: m.text == TITLE_MARKED, timeout=WAIT_MS):
            g.table.act(g.table.control("reveal_crisis", ".ctl-main").locator("button"))
        log = fresh_tab.evaluate(LOG_JS)
        assert log["calls"] == [], "a phone vibrated before its page was touched"
        (crisis,) = [i for i in log["shown"] if i.startswith("crisis:")]
        assert log["shown"][crisis]["active"] is False
        assert fresh_tab.title().startswith(MARK)
        g.sync()
        symbol = g.table.page.locator("#board-crisis .crisis-prevent li.sym").first
        symbol = (symbol.get_attribute("class") or "").split("sym-")[1].split()[0]
        first = g.first_player()
        untouched.page.locator("#phone h1").click()
        for phone in g.phones:
            shown = kinds_shown(phone.page.evaluate(LOG_JS))
            now = ["crisis"] + (["turn"] if phone.seat_id == first else [])
            before = ["keep_survivors"] if phone is not untouched else []  # a new tab since
            assert shown == sorted(now + before), (phone.name, shown)
            pulse = phone.page.locator("#phone .must-do-item")
            assert pulse.count() == len(now)
            assert pulse.first.is_visible()
        waiting = g.table.page.locator("#game .waiting-on")
        assert waiting.is_visible() and g.phone_of(first).name in waiting.inner_text()
        play_turn(g, 1, 0, symbol)  # the drawer's card is triggered (helpers/e2e.TRIGGER_AT)
        nudged = check_nudges(g)
        following = g.clockwise_from(first)[1]
        # End starts the following turn at once (issue 29.4), so its drawer holds a card too
        drawers = {g.right_of(first).seat_id, g.right_of(following).seat_id}
        for phone in g.phones:
            if phone is g.quiet[0]:
                continue
            expected = {"crisis"} if phone is not untouched else set()
            if phone.seat_id == following or (phone.seat_id == first and phone is not untouched):
                expected |= {"turn"}
            expected |= {"crossroads"} if phone.seat_id in drawers else set()
            assert expected <= set(nudged[phone.name]), (phone.name, nudged[phone.name])
            assert ("crossroads" in nudged[phone.name]) == (phone.seat_id in drawers)
            if phone.seat_id == first:  # "your turn is next" with the crisis, then its start
                turns = nudged[phone.name].count("turn")
                assert turns == (1 if phone is untouched else 2), (phone.name, nudged[phone.name])
    finally:
        for context in contexts:
            context.close()


@pytest.mark.proof
def test_a_whole_game_calls_each_phone_once_for_each_of_its_moments(browser, companion_server):
    contexts: list[Any] = []
    try:
        g = start(browser, companion_server, contexts, "en")
        correct_counter(g, "morale", SAFE_MORALE)
        correct_counter(g, "food", SAFE_FOOD)
        firsts = []  # the round's first player is called twice: next, then started
        for rnd in range(1, ROUNDS + 1):
            symbol = reveal_crisis(g, rnd)
            firsts.append(g.first_player())
            for turn in range(len(g.phones)):
                play_turn(g, rnd, turn, symbol)
            colony_phase(g, rnd, met=rnd == ROUNDS)
        end_game(g)
        nudged = check_nudges(g)
        for phone in g.phones:
            shown = kinds_shown(phone.page.evaluate(LOG_JS))
            turns = ROUNDS + firsts.count(phone.seat_id)
            assert shown.count("turn") == turns, (phone.name, firsts, shown)
            asked = phone.name not in g.objectives_out  # an unmet part: not asked, not called
            assert shown.count("objective") == int(asked) and "vote" in shown, (phone.name, shown)
            assert "crossroads" in shown, (phone.name, shown)
        for phone in g.phones[:-1]:
            asked = phone.name not in g.objectives_out
            assert ("objective" in nudged[phone.name]) == asked and "vote" in nudged[phone.name]
    finally:
        for context in contexts:
            context.close()
