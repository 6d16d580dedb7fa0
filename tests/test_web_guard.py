"""Checked before any view: the Host must name the companion; every answer forbids framing and
anything loaded from outside (issue 18, points 1 and 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import store
from companion.web import guard

ROOT = Path(__file__).resolve().parent.parent
SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin"}


@pytest.fixture
def game(client, new_game):
    return new_game(client, 3)


@pytest.mark.parametrize(
    "host",
    ["localhost", "localhost:8765", "LocalHost:80", "127.0.0.1", "127.0.0.1:8765", "[::1]:8765"],
)
def test_loopback_names_are_served(client, host):
    assert client.get("/", headers={"Host": host}).status_code == 200


def test_the_test_clients_default_host_is_served(client):
    assert client.get("/").status_code == 200


def test_the_public_url_and_the_laptops_own_addresses_are_served(app, client, monkeypatch):
    monkeypatch.setattr(guard.lan, "list_adapters", lambda: [("wlan0", "192.168.1.40")])
    app.extensions.pop(guard.LAPTOP_ADDRESSES, None)
    app.config["PUBLIC_URL"] = "http://table.lan:8765/"
    for host in ("table.lan:8765", "TABLE.LAN", "192.168.1.40:8765", "192.168.1.40"):
        assert client.get("/", headers={"Host": host}).status_code == 200, host
    assert client.get("/", headers={"Host": "192.168.1.41:8765"}).status_code == 400


@pytest.mark.parametrize(
    "host", ["rebind.evil.example", "rebind.evil.example:8765", "localhost.evil.example", "[x", ""]
)
def test_a_rebound_name_is_refused_before_any_view(client, game, host, app):
    """The laptop's own browser, tricked by DNS rebinding: same-origin, from loopback."""
    db = store.open_db(app.config["GAMES_DB"])
    try:
        before = store.current(db, game).version
        pages = [
            client.get("/", headers={"Host": host, **SAME_ORIGIN}),
            client.get(f"/games/{game}/export?confirm=yes", headers={"Host": host, **SAME_ORIGIN}),
            client.get(f"/games/{game}", headers={"Host": host, **SAME_ORIGIN}),
            client.post(
                f"/games/{game}/act",
                data={"type": "end_turn", "version": str(before)},
                headers={"Host": host, **SAME_ORIGIN},
            ),
            client.post("/games/new", data={"name": "x"}, headers={"Host": host, **SAME_ORIGIN}),
        ]
        for page in pages:
            assert page.status_code == 400
            body = page.get_data(as_text=True)
            assert "not the companion" in body
            assert "objective" not in body.lower()
        assert store.current(db, game).version == before
    finally:
        db.close()


def test_the_refusal_speaks_portuguese(client):
    headers = {"Host": "evil.example", "Accept-Language": "pt-BR"}
    body = client.get("/", headers=headers).get_data(as_text=True)
    assert "não é o do companheiro" in body


def test_every_document_forbids_framing_and_outside_sources(client, game):
    svg = "/static/favicon.svg"
    for path in ("/", f"/games/{game}", "/j", "/cards", svg, "/nowhere"):
        response = client.get(path)
        assert response.headers["X-Frame-Options"] == "DENY", path
        policy = response.headers["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["frame-ancestors"] == "'none'"
        for kind in ("default-src", "script-src", "style-src", "img-src"):
            assert directives[kind] == "'self'", (kind, policy)
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert response.headers["X-Content-Type-Options"] == "nosniff", path


def test_scripts_and_styles_carry_only_nosniff_of_the_guards_headers(client):
    for path in ("/static/style.css", "/static/live.js", "/static/htmx-2.0.11.min.js"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        for header in ("X-Frame-Options", "Content-Security-Policy", "Referrer-Policy"):
            assert header not in response.headers, (path, header)


def test_no_template_carries_a_style_attribute_or_element():
    """The policy's style-src 'self' would block them: styles live in static/*.css."""
    found = []
    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        if re.search(r"\sstyle\s*=|<style\b", text):
            found.append(str(template.relative_to(ROOT)))
    assert found == []
