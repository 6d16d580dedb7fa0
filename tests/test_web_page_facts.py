"""What outside checkers read in every page: one h1, a description in the reader's language,
headers that say what varies, the manifest revalidated, table rows no wider than their headers."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from helpers.states import states

HX = {"HX-Request": "true"}
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]+)">')
SAID = {
    "en": "The table screen and the players' phones for a game of Dead of Winter.",
    "pt_BR": "A tela da mesa e os celulares dos jogadores para uma partida de Dead of Winter.",
}


def test_every_page_has_one_h1_and_a_description(app, table):
    seen = 0
    for name, path, phone in states(app, table):
        answer = (phone or table).get(path)
        assert len(re.findall(r"<h1[\s>]", answer.text)) == 1, name
        assert DESCRIPTION.search(answer.text).group(1) == SAID["en"], name
        seen += 1
    assert seen >= 25  # the ended table screen among them


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_the_description_is_in_the_readers_language(client, lang):
    client.set_cookie("lang", lang)
    for path in ("/", "/games/new", "/j", "/no/such/page"):
        found = DESCRIPTION.search(client.get(path).text).group(1)
        assert found == SAID[lang], path


def test_the_404_page_varies_on_hx_request(client):
    for headers in ({}, HX):
        answer = client.get("/no/such/page", headers=headers)
        assert answer.status_code == 404
        assert "HX-Request" in answer.headers["Vary"]
    assert "<html" in client.get("/no/such/page").text
    assert "<html" not in client.get("/no/such/page", headers=HX).text


def test_the_manifest_is_revalidated_with_validators(client):
    first = client.get("/manifest.webmanifest")
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "no-cache"
    etag, modified = first.headers["ETag"], first.headers["Last-Modified"]
    assert client.get("/manifest.webmanifest", headers={"If-None-Match": etag}).status_code == 304
    since = {"If-Modified-Since": modified}
    assert client.get("/manifest.webmanifest", headers=since).status_code == 304
    client.set_cookie("lang", "pt_BR")
    other = client.get("/manifest.webmanifest", headers={"If-None-Match": etag})
    assert other.status_code == 200 and other.headers["ETag"] != etag  # its own language


class Rows(HTMLParser):
    """The cells of each row of table.objectives, counting colspans."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.rows: list[tuple[str, int]] = []
        self.part = ""

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "table" and "objectives" in (found.get("class") or ""):
            self.inside = True
        elif self.inside and tag in ("thead", "tbody"):
            self.part = tag
        elif self.inside and tag == "tr":
            self.rows.append((self.part, 0))
        elif self.inside and tag in ("td", "th"):
            part, cells = self.rows[-1]
            self.rows[-1] = (part, cells + int(found.get("colspan") or 1))

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False


def test_new_game_objective_rows_have_no_more_cells_than_headers(client):
    parser = Rows()
    parser.feed(client.get("/games/new").text)
    head = [cells for part, cells in parser.rows if part == "thead"]
    body = [cells for part, cells in parser.rows if part == "tbody"]
    columns = head[0]  # the objective's column, then each side's numbers
    assert columns == 1 + head[1] and len(body) > 2
    assert set(body) == {columns}
