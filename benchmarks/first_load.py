"""A phone's first load: what headless chromium moves for a seat's phone page with a fresh cache.

Debian's chromium through Playwright, a phone-sized window, every request intercepted: requests
to anything but 127.0.0.1:<port> are aborted and listed (nothing may leave the machine). The
bytes are what chromium reports for the page and each asset, headers included; the live stream
stays open and is left out. Used by table.py; on its own it starts a server from a tree:

    python benchmarks/first_load.py [--tree DIR]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from benchlib import HOST, ROOT, Server, create_game, join_path, join_phone

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--no-sandbox",
]


def browser_load(port: int, path: str, cookie: str) -> dict[str, Any]:
    """Load ``path`` in headless chromium with a fresh cache and the given cookie pair."""
    from playwright.sync_api import sync_playwright

    origin = f"http://{HOST}:{port}"
    requests: list[dict[str, Any]] = []
    blocked: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            )
            if cookie:
                name, _, value = cookie.partition("=")
                context.add_cookies([{"name": name, "value": value, "url": origin}])

            def route(r: Any) -> None:
                if r.request.url.startswith(origin + "/"):
                    r.continue_()
                else:
                    blocked.append(r.request.url)
                    r.abort()

            def finished(req: Any) -> None:
                sizes = req.sizes()
                requests.append(
                    {
                        "url": req.url.removeprefix(origin),
                        "body": sizes["responseBodySize"],
                        "headers": sizes["responseHeadersSize"] + sizes["requestHeadersSize"],
                    }
                )

            context.route("**/*", route)
            page = context.new_page()
            page.on("requestfinished", finished)
            page.goto(origin + path, wait_until="load")
            page.wait_for_timeout(1500)
        finally:
            browser.close()
    return {
        "requests": requests,
        "wire_bytes": sum(r["body"] + r["headers"] for r in requests),
        "blocked": blocked,
    }


def main() -> None:
    """Start a server from the tree, take a seat, load its phone page, print the bytes."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=ROOT)
    args = parser.parse_args()
    with Server(args.tree) as server:
        server.start()
        game_id = create_game(server.port, "First load")
        cookie = join_phone(server.port, join_path(server.port, game_id), "s1")
        seen = browser_load(server.port, f"/phone/{game_id}", cookie)
    for r in seen["requests"]:
        print(f"  {r['body']:>7} B body + {r['headers']:>4} B headers  {r['url']}")
    print(
        f"phone page, fresh cache: {seen['wire_bytes']} B = {seen['wire_bytes'] / 1000:.1f} kB "
        f"with headers; blocked (not 127.0.0.1): {seen['blocked'] or 'none'}"
    )


if __name__ == "__main__":
    main()
