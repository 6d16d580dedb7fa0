"""Every page in Brazilian Portuguese: a crawl of the pages a table meets, read for English.

The rendered text (text nodes, titles, labels, placeholders) of each page, minus the names of
the cards (cards.db: a card keeps its printed name where it has no translation), players and
survivors, is searched for English words that Portuguese never uses. A planted English
sentence shows that the check can fail.
"""

from __future__ import annotations

import html
import io
import re
from html.parser import HTMLParser

import pytest
from helpers.phones import take_seat
from helpers.table import HX, current, table_act
from sqlite_utils import Database

from companion.cards.schema import CARD_TABLES
from companion.engine.colony.ending import objective_completable

WORDS = """
    the and of to is are was your you with this that from not yes it its be by or at on in
    an will must can cannot has have here there what when who which why how than then
    card cards game games player players turn turns round zombie zombies survivor survivors
    colony crisis waste food morale table phone new back cancel export import delete search
    any all none error found page home save file start end step steps keep kill roll rolls
    move moves add adds added remove take takes vote votes token tokens secret objective
    objectives crossroads location locations entrance entrances barricade barricades noise
    helpless unruly wound wounds frostbite bite despair set sets mature kind module only
    leave out nothing more less left right first last next open close yet done undo redo
"""
ENGLISH = frozenset(WORDS.split())
"""English words no Portuguese sentence of ours uses (a, as, do, no, for, me... are left out:
they are Portuguese words too)."""

SKIPPED_TAGS = frozenset({"script", "style", "code", "pre"})
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


class Text(HTMLParser):
    """The words a reader sees or hears on a page (the language menu left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in SKIPPED_TAGS or "lang" in (attributes.get("class") or "").split():
            self.skipping.append(tag)
        if attributes.get("lang") == "en" and tag != "html":  # the "EN" mark of a card
            self.skipping.append(tag)
        if not self.skipping:
            self.parts += [attributes[a] for a in SHOWN_ATTRIBUTES if attributes.get(a)]

    def handle_startendtag(self, tag, attrs):
        if not self.skipping:
            attributes = dict(attrs)
            self.parts += [attributes[a] for a in SHOWN_ATTRIBUTES if attributes.get(a)]

    def handle_endtag(self, tag):
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """A page's visible words, one space apart."""
    reader = Text()
    reader.feed(html)
    return " ".join(" ".join(reader.parts).split())


@pytest.fixture
def names(app) -> list[str]:
    """Every card name of cards.db (in English: a card without a translation shows it),
    longest first, and the brand's."""
    db = Database(app.config["CARDS_DB"])
    try:
        found = {row["name"] for table in CARD_TABLES for row in db[table].rows_where()}
    finally:
        db.close()
    return sorted(found | {"Dead of Winter", "Raxxon"}, key=len, reverse=True)


def english_left(html: str, names: list[str]) -> list[str]:
    """The English words of a page's visible text, the names given taken out first."""
    text = visible_text(html)
    if names:
        text = re.sub(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b", " ", text)
    return sorted({w for w in re.findall(r"[^\W\d_]+", text) if w.casefold() in ENGLISH})


def test_the_check_catches_a_planted_english_sentence(client, names):
    client.set_cookie("lang", "pt_BR")
    html = client.get("/").get_data(as_text=True)
    assert english_left(html, names) == []
    planted = html.replace("</main>", "<p>Remove the zombies from the colony.</p></main>")
    assert english_left(planted, names) == ["Remove", "colony", "from", "the", "zombies"]
    assert english_left('<p title="Kill the survivor">x</p>', names) == ["Kill", "survivor", "the"]


def crawl(app, client, new_game) -> tuple[dict[str, object], list[str]]:
    """Every page of a real game (cards from cards.db) in pt-BR: path -> response."""
    client.set_cookie("lang", "pt_BR")
    names = ["Ana", "Bia", "Caio"]
    game_id = new_game(client, 3, names=names, name="Noite de sábado")
    pages = {}
    for path in (
        "/",
        "/games/new",
        "/j",
        "/cards",
        "/cards?q=delegacia",
        f"/games/{game_id}/setup",
        f"/games/{game_id}/export",
        f"/games/{game_id}/delete",
        f"/games/{game_id}/join",
    ):
        pages[path] = client.get(path)
    table_act(app, game_id, {"type": "reveal_crisis"})
    table_act(app, game_id, {"type": "start_turn"})
    phone = take_seat(app, client, game_id, "s1")
    phone.set_cookie("lang", "pt_BR")
    pages["phone"] = phone.get(f"/phone/{game_id}")
    for path in (f"/games/{game_id}", f"/games/{game_id}/log", f"/games/{game_id}/colony"):
        pages[path] = client.get(path)
    # The refusals: unknown page, wrong method, stale form, illegal action, cross-site, bad host.
    pages["404"] = client.get("/no/such/page")
    pages["404 game"] = client.get("/games/nope")
    pages["405"] = client.get(f"/games/{game_id}/act")
    pages["409"] = client.post(
        f"/games/{game_id}/act", data={"type": "end_turn", "version": "0"}, headers=HX
    )
    head = client.get(f"/games/{game_id}").get_data(as_text=True)
    now = re.search(r'name="version" value="(\d+)"', head).group(1)
    pages["422"] = client.post(
        f"/games/{game_id}/act", data={"type": "start_colony_phase", "version": now}, headers=HX
    )
    pages["400"] = client.post(f"/games/{game_id}/act", data={"version": "x"}, headers=HX)
    pages["403"] = client.post(
        f"/games/{game_id}/undo", data={"version": now}, headers={"Sec-Fetch-Site": "cross-site"}
    )
    # A browser sends no cookie to a name it does not know: its own language picks.
    for label, body in (("import: not JSON", b"{nope"), ("import: not a game", b'{"a": 1}')):
        pages[label] = client.post(
            "/games/import",
            data={"save": (io.BytesIO(body), "save.json")},
            content_type="multipart/form-data",
        )
    pages["400 host"] = client.get(
        "/", headers={"Host": "evil.example", "Accept-Language": "pt-BR,pt;q=0.9"}
    )
    table_act(app, game_id, {"type": "set_counter", "name": "morale", "value": 0})
    pages["end, before the objectives"] = client.get(f"/games/{game_id}/end")
    # At a morale end only objectives that do not need the main objective are asked (002:1813).
    ended = current(app, game_id).state
    asked = [sid for sid in ("s1", "s2", "s3") if objective_completable(ended, sid)]
    for seat_id in asked:
        table_act(app, game_id, {"type": "mark_objective", "seat_id": seat_id, "complete": True})
    if not asked:
        table_act(app, game_id, {"type": "declare_winners", "completed": []})
    pages["end"] = client.get(f"/games/{game_id}/end")
    pages["table at the end"] = client.get(f"/games/{game_id}")
    pages["end phone"] = phone.get(f"/phone/{game_id}")
    return pages, names


def test_every_page_reads_in_portuguese(app, client, new_game, names):
    pages, players = crawl(app, client, new_game)
    expected = {"404": 404, "404 game": 404, "405": 405, "409": 409, "422": 422, "400": 400}
    expected.update(
        {"403": 403, "400 host": 400, "import: not JSON": 400, "import: not a game": 400}
    )
    leftovers = {}
    for path, response in pages.items():
        if response.status_code != expected.get(path, 200) or "html" not in response.content_type:
            leftovers[path] = (response.status_code, response.content_type)
            continue
        html = response.get_data(as_text=True)
        found = english_left(html, [*names, *players])
        if '<html lang="pt-BR">' not in html and "<!doctype" in html.lower():
            found = ["<html lang> is not pt-BR", *found]
        if "lang-mark" in html:  # every card the crawl meets has its Portuguese text
            found = ["a card marked EN (untranslated)", *found]
        if found:
            leftovers[path] = found
    assert not leftovers, "\n".join(f"{path}: {found}" for path, found in leftovers.items())


def test_search_finds_portuguese_words_from_either_language(client):
    for lang in ("en", "pt_BR"):
        client.set_cookie("lang", lang)
        for word, name in (
            ("delegacia", "Delegacia" if lang == "pt_BR" else "Police Station"),
            ("barricada", None),
            ("encruzilhada", None),
            ("colonia", None),
        ):
            html = client.get(f"/cards?q={word}").get_data(as_text=True)
            assert 'class="card"' in html, (lang, word)
            if name:
                assert name in html, (lang, word)


def test_each_phone_reads_its_own_language_at_the_same_table(app, client, new_game):
    game_id = new_game(client, 3)
    table_act(app, game_id, {"type": "reveal_crisis"})
    state = current(app, game_id).state
    crisis = state["crisis"]
    pt_phone, en_phone = (
        take_seat(app, client, game_id, "s1"),
        take_seat(app, client, game_id, "s2"),
    )
    pt_phone.set_cookie("lang", "pt_BR")
    en_phone.set_cookie("lang", "en")
    pt_page = html.unescape(pt_phone.get(f"/phone/{game_id}").get_data(as_text=True))
    en_page = html.unescape(en_phone.get(f"/phone/{game_id}").get_data(as_text=True))
    for seat, page, other in (("s1", pt_page, "goal"), ("s2", en_page, "goal_pt_BR")):
        objective = state["cards"]["objectives"][state["secrets"][seat]["objective"]]
        wanted = objective["goal_pt_BR"] if seat == "s1" else objective["goal"]
        assert wanted in page and objective[other] not in page
    client.set_cookie("lang", "pt_BR")
    table = html.unescape(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert crisis["name_pt_BR"] in table and crisis["fail_text_pt_BR"] in table
    assert "Delegacia" in table and "Police Station" not in table
