"""A phone's first load: bytes of the page and every same-origin asset it references, and
proof that nothing leaves the machine.

Two ways against a real `companion serve` on loopback:
1. parse: fetch the page with http.client, parse its HTML (and the CSS it loads) for every URL a
   browser would load (script src, link href, img src/srcset, CSS url() and @import) and
   fetch each same-origin one; any URL pointing elsewhere is listed.
2. browser: Debian's chromium through playwright with a fresh cache, every request
   intercepted: requests to anything but 127.0.0.1:<port> are aborted and listed; the bytes
   are what chromium reports (headers and bodies).

Pages: the seat picker a phone opens from the QR code, and the phone page of a seat.

    python benchmarks/first_load.py
"""

from __future__ import annotations

import argparse
import json
import re
import urllib.parse
from html.parser import HTMLParser

from benchlib import HOST, Server, create_game, join_phone, join_secret, request

CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--no-sandbox",
]
LOADING_RELS = {"stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"}


class Assets(HTMLParser):
    """Every URL in a page that a browser loads on its own, and every absolute URL at all."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.absolute: list[str] = []
        self.inline_css: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Collect the loading attributes of one tag."""
        a = {k: v or "" for k, v in attrs}
        for value in a.values():
            if re.match(r"^(https?:)?//", value.strip()):
                self.absolute.append(value.strip())
        if tag in ("script", "img", "iframe", "audio", "video", "source", "embed") and a.get("src"):
            self.loads.append(a["src"])
        if tag in ("img", "source") and a.get("srcset"):
            self.loads.extend(part.split()[0] for part in a["srcset"].split(",") if part.strip())
        if tag == "link" and a.get("href"):
            rels = set(a.get("rel", "").lower().split())
            if rels & LOADING_RELS:
                self.loads.append(a["href"])
        if tag == "object" and a.get("data"):
            self.loads.append(a["data"])
        if a.get("style"):
            self.inline_css.append(a["style"])
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        """Leave a <style> element."""
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        """Keep the text of <style> elements."""
        if self._in_style:
            self.inline_css.append(data)


def css_urls(css: str) -> list[str]:
    """The URLs a stylesheet loads (url() and @import), data: URLs left out."""
    out = []
    for match in CSS_URL.finditer(css):
        url = (match.group(1) or match.group(2) or "").strip()
        if url and not url.startswith("data:"):
            out.append(url)
    return out


def parse_load(port: int, path: str, cookie: str) -> dict:
    """Fetch the page and everything it loads (same origin), by parsing; sizes and outsiders."""
    base = f"http://{HOST}:{port}{path}"
    headers = {"Cookie": cookie} if cookie else {}
    status, got, body = request(port, "GET", path, headers=headers)
    items = [{"url": path, "status": status, "bytes": len(body)}]
    parser = Assets()
    parser.feed(body.decode("utf-8", "replace"))
    queue = [urllib.parse.urljoin(base, u) for u in parser.loads]
    for css in parser.inline_css:
        queue.extend(urllib.parse.urljoin(base, u) for u in css_urls(css))
    outside, seen = [], set()
    while queue:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        parts = urllib.parse.urlsplit(url)
        if parts.scheme == "data":
            continue
        if parts.netloc != f"{HOST}:{port}":
            outside.append(url)
            continue
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        status, got, data = request(port, "GET", target, headers=headers)
        items.append({"url": target, "status": status, "bytes": len(data)})
        if got.get("content-type", "").startswith("text/css"):
            queue.extend(urllib.parse.urljoin(url, u) for u in css_urls(data.decode("utf-8")))
    return {
        "items": items,
        "total_bytes": sum(i["bytes"] for i in items),
        "outside": outside,
        "absolute_urls_in_html": parser.absolute,
    }


def browser_load(port: int, path: str, cookie: str) -> dict:
    """Load the page in headless chromium with a fresh cache; intercept every request."""
    from playwright.sync_api import sync_playwright

    origin = f"http://{HOST}:{port}"
    requests: list[dict] = []
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

            asked: list[str] = []

            def route(r):
                url = r.request.url
                asked.append(url)
                if url.startswith(origin + "/") or url == origin:
                    r.continue_()
                else:
                    blocked.append(url)
                    r.abort()

            context.route("**/*", route)
            page = context.new_page()

            def finished(req):
                sizes = req.sizes()
                requests.append(
                    {
                        "url": req.url.removeprefix(origin),
                        "type": req.resource_type,
                        "body": sizes["responseBodySize"],
                        "headers": sizes["responseHeadersSize"] + sizes["requestHeadersSize"],
                    }
                )

            page.on("requestfinished", finished)
            page.on("requestfailed", lambda req: blocked.append(f"failed: {req.url}"))
            page.goto(origin + path, wait_until="load")
            page.wait_for_timeout(1500)
            streams = sum(1 for url in asked if url.split("?")[0].endswith("/events"))
        finally:
            browser.close()
    loaded = [r for r in requests if "/events" not in r["url"]]
    return {
        "requests": loaded,
        "body_bytes": sum(r["body"] for r in loaded),
        "wire_bytes": sum(r["body"] + r["headers"] for r in loaded),
        "blocked": blocked,
        "event_streams_opened": streams,
    }


def show(label: str, parsed: dict, seen: dict | None) -> None:
    """Print one page's figures."""
    print(f"\n== {label}")
    for item in parsed["items"]:
        print(f"  {item['status']} {item['bytes']:>7} B  {item['url']}")
    print(f"  parsed total {parsed['total_bytes']} B = {parsed['total_bytes'] / 1024:.1f} KiB")
    print(f"  URLs to elsewhere it would load: {parsed['outside'] or 'none'}")
    print(f"  absolute URLs in its HTML: {parsed['absolute_urls_in_html'] or 'none'}")
    if seen is not None:
        for r in seen["requests"]:
            print(f"  chromium {r['type']:<10} {r['body']:>7} B body  {r['url']}")
        print(
            f"  chromium total {seen['body_bytes']} B bodies, {seen['wire_bytes']} B with headers "
            f"({seen['wire_bytes'] / 1024:.1f} KiB); requests blocked (not 127.0.0.1): "
            f"{seen['blocked'] or 'none'}; event streams opened: {seen['event_streams_opened']}"
        )


def main() -> None:
    """Measure the seat picker and the phone page."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-browser", dest="browser", action="store_false")
    parser.add_argument("--json", help="append the results to this file (JSON lines)")
    args = parser.parse_args()
    results = {}
    with Server() as server:
        server.start()
        game_id = create_game(server.port, "First load", players=5)
        secret = join_secret(server.data, game_id)
        cookie = join_phone(server.port, game_id, secret, "s1")
        browser_cookie = join_phone(server.port, game_id, secret, "s2")
        pages = {
            "seat picker (QR link)": (f"/join/{game_id}/{secret}", "", ""),
            "phone page (seat s1)": (f"/phone/{game_id}", cookie, browser_cookie),
        }
        for label, (path, cookie_parse, cookie_browser) in pages.items():
            parsed = parse_load(server.port, path, cookie_parse)
            seen = browser_load(server.port, path, cookie_browser) if args.browser else None
            show(label, parsed, seen)
            results[label] = {"parsed": parsed, "browser": seen}
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(json.dumps(results) + "\n")


if __name__ == "__main__":
    main()
