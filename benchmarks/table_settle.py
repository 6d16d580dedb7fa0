"""The table screen's click-to-settled time in headless chromium, against one or two source trees.

A 5-seat game made through the app's own pages, every seat taken; the table screen opened in
Debian's chromium (/usr/bin/chromium through Playwright, 1366x768) with its live stream open.
Then the table corrects a counter by hand ``--clicks`` times (food 5, 6, 5, ...: the corrections
group's select, number field and button, as a person does). Each time is measured inside the
page: from the click until htmx has swapped and settled the answer (``htmx:afterSettle`` on
``#game`` with the new version) and the browser has drawn the next frame after it (style, layout
and paint of the new table included). Every run is bounded (clicks, and a time limit on each).

    python benchmarks/table_settle.py --tree DIR [--tree DIR ...] [--clicks 40] [--rounds 2]

With two trees the runs alternate (a, b, a, b ...) so a busy machine weighs on both alike.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import Any

from benchlib import HOST, ROOT, Server, check_tree, create_game, join_path, join_phone, loadavg
from first_load import CHROMIUM, CHROMIUM_ARGS

PLAYERS = 5
VIEWPORT = {"width": 1366, "height": 768}
CLICK_TIMEOUT_MS = 10_000
OPEN_JS = "document.addEventListener('htmx:sseOpen', () => { window.benchOpen = true; });"
CLICK_JS = """(limitMs) => new Promise((resolve, reject) => {
  const game = document.querySelector('#game');
  const before = +game.dataset.liveVersion;
  const form = game.querySelector('form.ctl-set_counter');
  const value = form.querySelector('input[name=value]');
  form.querySelector('select[name=name]').value = 'food';
  value.value = value.value === '5' ? '6' : '5';
  const limit = setTimeout(() => reject(new Error('no settle in time')), limitMs);
  const marks = {};
  const mark = (name) => () => { if (!(name in marks)) marks[name] = performance.now() - start; };
  const answered = mark('answer'), swapped = mark('swap');
  document.addEventListener('htmx:beforeSwap', answered);
  document.addEventListener('htmx:afterSwap', swapped);
  const settled = () => {
    const now = document.querySelector('#game');
    if (!now || +now.dataset.liveVersion <= before) return;
    document.removeEventListener('htmx:afterSettle', settled);
    document.removeEventListener('htmx:beforeSwap', answered);
    document.removeEventListener('htmx:afterSwap', swapped);
    // the next frame drawn after the swap: the new table styled, laid out and painted
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(limit);
      marks.settled = performance.now() - start;
      resolve(marks);
    }, 0));
  };
  document.addEventListener('htmx:afterSettle', settled);
  const start = performance.now();
  form.querySelector('button[type=submit]').click();
})"""


def run(tree: Path, clicks: int, browser: Any) -> list[dict[str, float]]:
    """One server from ``tree``, one game, ``clicks`` corrections; for each, the ms from the
    click to the answer (htmx:beforeSwap), to the swap done (htmx:afterSwap) and to settled."""
    with Server(tree) as server:
        server.start()
        game_id = create_game(server.port, "Settle", PLAYERS)
        join = join_path(server.port, game_id)
        for n in range(1, PLAYERS + 1):
            join_phone(server.port, join, f"s{n}")
        context = browser.new_context(viewport=VIEWPORT)
        try:
            page = context.new_page()
            page.add_init_script(OPEN_JS)
            page.goto(f"http://{HOST}:{server.port}/games/{game_id}")
            page.wait_for_function("() => window.benchOpen === true", timeout=CLICK_TIMEOUT_MS)
            page.locator("#group-corrections > summary").click()
            # one warm-up click: the code paths compiled, the caches filled
            page.evaluate(CLICK_JS, CLICK_TIMEOUT_MS)
            return [page.evaluate(CLICK_JS, CLICK_TIMEOUT_MS) for _ in range(clicks)]
        finally:
            context.close()


def main() -> None:
    """Alternate the trees for ``--rounds`` rounds; print each run and the pooled figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, action="append")
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    trees = [t.resolve() for t in args.tree or [ROOT]]
    for tree in trees:
        check_tree(tree)
    from playwright.sync_api import sync_playwright

    pooled: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for rnd in range(1, args.rounds + 1):
                for tree in trees:
                    marks = run(tree, args.clicks, browser)
                    pooled[tree] += marks
                    print(f"round {rnd} {tree}: {describe(marks)}; load {loadavg()}", flush=True)
        finally:
            browser.close()
    for tree, marks in pooled.items():
        print(f"{tree}: {describe(marks)}")


def describe(marks: list[dict[str, float]]) -> str:
    """Click-to-settled median and p95, and the medians of its parts, in ms."""
    settled = sorted(m["settled"] for m in marks)
    answer = statistics.median(m["answer"] for m in marks)
    swap = statistics.median(m["swap"] - m["answer"] for m in marks)
    after = statistics.median(m["settled"] - m["swap"] for m in marks)
    return (
        f"{len(marks)} clicks, settled median {statistics.median(settled):.1f} ms, "
        f"p95 {settled[int(0.95 * (len(settled) - 1))]:.1f} ms "
        f"(median parts: answer {answer:.1f}, swap {swap:.1f}, settle+frame {after:.1f})"
    )


if __name__ == "__main__":
    main()
