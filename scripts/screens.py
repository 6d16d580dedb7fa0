"""Screenshots of every page and state, at 1366x768 and 390 px wide, in English and pt_BR.

    python scripts/screens.py [OUT]   (default /tmp/screens; chromium at /usr/bin/chromium)

Builds the states in a temporary data folder through the store (as tests/helpers do), serves
them on 127.0.0.1, and for each page, size and language saves a full-page screenshot and
prints what it finds wrong: a sideways scroll, a console error, an icon whose <use> names no
symbol of static/icons.svg or draws nothing, a card marked untranslated, English words left
in pt_BR (tests/test_i18n_pages.py's check). Screenshots are for looking at, not committed.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "helpers")]

from helpers.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from helpers.states import cookies_of, states  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_i18n_pages import english_left  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from companion import create_app  # noqa: E402

REFUSALS = {"error-404": 404, "join-refused": 403}
"""The states whose page is a refusal: chromium logs its status as a console error."""
SIZES = {"wide": {"width": 1366, "height": 768}, "narrow": {"width": 390, "height": 844}}
LANGS = ("en", "pt_BR")
ONLY = set(sys.argv[2:])
"""The states to take (all when none is named after OUT)."""
CHECK_JS = """() => {
  const icons = [...document.querySelectorAll('svg use')].filter((u) => u.checkVisibility())
    .filter((u) => { const b = u.getBBox(); return b.width === 0 || b.height === 0; })
    .map((u) => u.getAttribute('href'));
  const wide = [];
  if (document.scrollingElement.scrollWidth > innerWidth) {
    document.querySelectorAll('body *').forEach((el) => {
      const r = el.getBoundingClientRect();
      if (r.right > innerWidth + 1 && el.checkVisibility()) {
        wide.push(el.tagName + '.' + el.getAttribute('class'));
      }
    });
  }
  return {scroll: document.scrollingElement.scrollWidth, inner: innerWidth, icons,
          wide: wide.slice(0, 5),
          uses: [...document.querySelectorAll('use')].map((u) => u.getAttribute('href'))};
}"""


def main(out: Path) -> int:
    """Take every screenshot; print the faults; 1 if any."""
    out.mkdir(parents=True, exist_ok=True)
    app = create_app({"TESTING": True, "RANDOM_SEED": 3}, data_dir=Path(tempfile.mkdtemp()))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    table = app.test_client()
    sprite = (ROOT / "static" / "icons.svg").read_text(encoding="utf-8")
    faults = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, path, phone in states(app, table):
            if ONLY and name not in ONLY:
                continue
            for lang in LANGS:
                for size, viewport in SIZES.items():
                    context = browser.new_context(viewport=viewport)
                    cookies = [{"name": "lang", "value": lang, "url": base}]
                    context.add_cookies(cookies + (cookies_of(phone, base) if phone else []))
                    errors: list[str] = []
                    note = errors.append
                    context.on("console", lambda m, note=note: m.type == "error" and note(m.text))
                    context.on("weberror", lambda e, note=note: note(str(e.error)))
                    page = context.new_page()
                    response = page.goto(base + path)
                    page.wait_for_timeout(400)
                    found = page.evaluate(CHECK_JS)
                    problems = []
                    if found["scroll"] > found["inner"]:
                        problems.append(f"{found['scroll']} px wide: {found['wide']}")
                    if found["icons"]:
                        problems.append(f"icons drawing nothing: {found['icons'][:5]}")
                    used = {u.split("#")[1] for u in found["uses"] if u and "#" in u}
                    missing = {i for i in used if f'id="{i}"' not in sprite}
                    if missing:
                        problems.append(f"no such symbols: {sorted(missing)}")
                    refused = REFUSALS.get(name)  # the page's own expected 4xx, logged by chromium
                    errs = [e for e in errors if not (refused and f"status of {refused}" in e)]
                    if errs:
                        problems.append(f"console: {errs[:3]}")
                    html = page.content()
                    if lang == "pt_BR":
                        english = english_left(html, ["Dead of Winter", "Raxxon"])
                        if english:
                            problems.append(f"English words: {english[:12]}")
                    if "lang-mark" in html:
                        problems.append("a card marked untranslated")
                    shot = out / f"{name}-{lang}-{size}.png"
                    tall = page.evaluate("document.scrollingElement.scrollHeight") > 4000
                    page.screenshot(path=str(shot), full_page=not tall, caret="initial")
                    status = response.status if response else "?"
                    print(f"{name:24} {lang:5} {size:6} {status} {'; '.join(problems) or 'ok'}")
                    faults += bool(problems)
                    context.close()
        browser.close()
    server.shutdown()
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/screens")))
