"""The table screen at a glance (issue 21, the visible side): undo and redo disabled when the
store says there is nothing to take back or bring back, icons instead of emoji, controls that
disable themselves while their request is under way, the join panel folded once every seat is
held, and what a phone needs on its home screen (favicon, manifest, titles)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from helpers.phones import new_game, take_seat
from helpers.table import HX, current, make_game, table_act

from companion import store

pytestmark = pytest.mark.seed(1)
EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf]")


def button(html: str, cls: str) -> str:
    """The <button> tag with class ``cls``."""
    found = re.search(rf'<button[^>]*class="[^"]*\b{cls}\b[^"]*"[^>]*>', html)
    assert found, f"no {cls} button"
    return found.group(0)


def test_undo_and_redo_are_disabled_with_nothing_to_take_back_or_bring_back(client, app):
    game_id = make_game(app)
    html = client.get(f"/games/{game_id}").text
    assert "disabled" in button(html, "btn-undo") and "disabled" in button(html, "btn-redo")

    table_act(app, game_id, {"type": "reveal_crisis"})
    html = client.get(f"/games/{game_id}").text
    assert "disabled" not in button(html, "btn-undo")
    assert "disabled" in button(html, "btn-redo")

    version = current(app, game_id).version
    response = client.post(f"/games/{game_id}/undo", data={"version": version}, headers=HX)
    assert response.status_code == 200
    assert "disabled" in button(response.text, "btn-undo")
    assert "disabled" not in button(response.text, "btn-redo")


def test_the_store_counts_what_undo_and_redo_may_move(app):
    game_id = make_game(app)
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_turn"})
    with app.app_context():
        db = store.get_db()
        head = current(app, game_id).head
        assert store.undo_redo(db, game_id, head) == {"undo": 2, "redo": 0}
        store.undo(db, game_id, version=current(app, game_id).version)
        assert store.undo_redo(db, game_id, head - 1) == {"undo": 1, "redo": 1}
        with pytest.raises(store.UnknownGame):
            store.undo_redo(db, "nope", 1)


class DisablingReader(HTMLParser):
    """Each hx-post form of a page with the hx-disabled-elt htmx gives it: its own, else the
    nearest ancestor's ("unset" clears it), as htmx resolves an inherited attribute."""

    VOID = frozenset({"input", "br", "img", "meta", "link", "hr", "source", "wbr", "col"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.forms: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        own = dict(attrs).get("hx-disabled-elt")
        inherited = next((value for _tag, value in reversed(self.stack) if value), None)
        value = own or inherited
        if tag == "form" and "hx-post" in dict(attrs):
            self.forms.append((self.get_starttag_text() or "", None if value == "unset" else value))
        if tag not in self.VOID:
            self.stack.append((tag, own))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def test_every_control_disables_itself_while_its_request_is_under_way(client, app):
    game_id = make_game(app)
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_turn"})
    pages = [client.get(f"/games/{game_id}").text, client.get(f"/games/{game_id}", headers=HX).text]
    pages += [
        client.get(f"/games/{game_id}/controls/{group}", headers=HX).text
        for group in ("survivors", "corrections")
    ]
    for html in pages:
        reader = DisablingReader()
        reader.feed(html)
        assert reader.forms
        for form, disabling in reader.forms:
            # the board's actions (partials/board/act.html: buttons on the pieces, some of them
            # outside the form they post) inherit the board's own: every board button waits
            on_board = "hx-disabled-elt" not in form and disabling == "#board button"
            assert disabling == "find button" or on_board, form


def test_the_vote_rows_show_icons_not_emoji(client, app):
    game_id = make_game(app)
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_turn"})
    table_act(app, game_id, {"type": "call_exile_vote", "caller": "s1", "target": "s2"})
    html = client.get(f"/games/{game_id}").text
    assert 'class="thumb-row"' in html
    assert "icons.svg#thumb-up" in html and "icons.svg#thumb-down" in html
    assert not EMOJI.search(html), EMOJI.search(html).group(0)
    assert client.get("/static/icons.svg").status_code == 200


def test_the_join_panel_folds_into_a_button_once_every_seat_is_held(app):
    table = app.test_client()
    game_id = new_game(app, players=2)
    html = table.get(f"/games/{game_id}").text
    assert '<section class="join-panel" id="join-panel"' in html
    assert "join-fold" not in html
    take_seat(app, table, game_id, "s1")
    take_seat(app, table, game_id, "s2")
    html = table.get(f"/games/{game_id}").text
    assert '<details class="join-fold" id="join-panel"' in html
    assert 'hx-trigger="every 4s"' not in html
    assert "Phones and QR" in html  # issue 29: the fold names the phones, Release first in it
    fold = html[html.index('<details class="join-fold"') : html.index("</details>")]
    assert fold.index("Release seat") < fold.index('class="jp-qr"')
    sheet = table.get(f"/games/{game_id}/join").text  # the sheet page stays whole
    assert "join-fold" not in sheet and 'id="join-panel"' in sheet


def test_favicon_and_manifest_are_served(client):
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.data[:4] == b"\x00\x00\x01\x00"
    manifest = client.get("/manifest.webmanifest")
    assert manifest.status_code == 200
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json()
    assert body["theme_color"].startswith("#") and body["display"] == "standalone"
    for entry in body["icons"]:
        got = client.get(entry["src"])
        assert got.status_code == 200, entry
        if entry["type"] == "image/png":
            assert got.data[:8] == b"\x89PNG\r\n\x1a\n"
            size = int(entry["sizes"].split("x")[0])
            assert int.from_bytes(got.data[16:20], "big") == size
    client.set_cookie("lang", "pt_BR")
    assert client.get("/manifest.webmanifest").get_json()["name"] != body["name"]


def test_every_page_links_the_icons_and_names_the_game_and_seat(client, app):
    game_id = new_game(app, players=2)
    table_page = client.get(f"/games/{game_id}").text
    title = re.search(r"<title>(.*?)</title>", table_page, re.S).group(1)
    assert "Phones night" in title and "Table screen" in title
    theme = client.get("/manifest.webmanifest").get_json()["theme_color"]
    for html in (table_page, client.get("/").text):
        assert 'rel="manifest"' in html and "/favicon.ico" in html
        assert f'<meta name="theme-color" content="{theme}">' in html
    phone = take_seat(app, client, game_id, "s1")
    phone_page = phone.get(f"/phone/{game_id}").text
    title = re.search(r"<title>(.*?)</title>", phone_page, re.S).group(1)
    assert "Phones night" in title and "Ana" in title
    assert 'rel="manifest"' in phone_page
    assert f'<meta name="theme-color" content="{theme}">' in phone_page  # one colour everywhere
