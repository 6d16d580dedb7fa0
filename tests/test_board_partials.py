"""The board partials: counts drawn and written, names escaped, every string translated."""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import render_template, render_template_string

from companion.engine.views import free_entrance_spaces, table_view
from companion.engine.words import labels
from companion.web import preview
from companion.web.preview import sample_game

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
EVIL = "<script>alert(1)</script>"


def sample_view(kind: str = "sample") -> dict[str, Any]:
    """The table view of the sample game ``kind`` (companion/web/preview.py)."""
    return table_view(sample_game(kind).state)


class Node:
    """One parsed element: tag, attributes, children and the text directly inside it."""

    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node] = []
        self.content: list[Node | str] = []

    @property
    def classes(self) -> list[str]:
        """The element's classes."""
        return self.attrs.get("class", "").split()

    def text(self) -> str:
        """All text inside, whitespace collapsed."""
        parts = [c if isinstance(c, str) else c.text() for c in self.content]
        return " ".join(" ".join(parts).split())

    def find_all(self, cls: str | None = None, tag: str | None = None) -> list[Node]:
        """Descendants having the class ``cls`` and/or the tag ``tag``, in document order."""
        found = []
        for child in self.children:
            if (cls is None or cls in child.classes) and (tag is None or child.tag == tag):
                found.append(child)
            found.extend(child.find_all(cls, tag))
        return found

    def find(self, cls: str | None = None, tag: str | None = None) -> Node:
        """The only descendant matching; fails the test when there is not exactly one."""
        found = self.find_all(cls, tag)
        assert len(found) == 1, f"{len(found)} matches for .{cls} {tag}"
        return found[0]

    def by_id(self, element_id: str) -> Node:
        """The descendant with this id."""
        found = [n for n in self.find_all() if n.attrs.get("id") == element_id]
        assert len(found) == 1, element_id
        return found[0]


class TreeParser(HTMLParser):
    """Builds a Node tree from HTML, keeping every text node and attribute for the checks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root", {}, None)
        self.current = self.root
        self.all_texts: list[str] = []
        self.all_attrs: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        """Open an element (void elements close at once)."""
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.all_attrs.extend((tag, k, v or "") for k, v in attrs)
        self.current.children.append(node)
        self.current.content.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        """A self-closed element (SVG shapes)."""
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.all_attrs.extend((tag, k, v or "") for k, v in attrs)
        self.current.children.append(node)
        self.current.content.append(node)

    def handle_endtag(self, tag):
        """Close the innermost open element of this tag."""
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        """Keep text for the element it is in."""
        self.current.content.append(data)
        self.all_texts.append(data)


def parse(html: str) -> TreeParser:
    """The parsed page."""
    parser = TreeParser()
    parser.feed(html)
    parser.close()
    return parser


def plain_gettext(text: str, **variables) -> str:
    """A stand-in ``_``: English, formatted like Flask-Babel's newstyle gettext."""
    return text % variables if variables else text


def marked_label(table: str, code, capital: bool = True) -> str:
    """The ``label`` global (labels.py through gettext), bracketed like ``marked_gettext``."""
    return "⟦" + labels.label(table, code, lambda text: text, capital=capital) + "⟧"


def marked_gettext(text: str, **variables) -> str:
    """A ``_`` that brackets what it returns, to find text that skipped translation."""
    return "⟦" + (text % variables if variables else text) + "⟧"


@pytest.fixture
def app(app):
    """The conftest app with the preview blueprint and a ``_`` for templates."""
    if "preview" not in app.blueprints:
        app.register_blueprint(preview.bp)
    app.jinja_env.globals.setdefault("_", plain_gettext)
    return app


def render(app, source: str, **context) -> TreeParser:
    """Render template source in a request context and parse it."""
    with app.test_request_context("/"):
        return parse(render_template_string(source, **context))


def render_board(app, view) -> TreeParser:
    """The whole board for ``view``."""
    return render(
        app, '{% from "partials/board/board.html" import board %}{{ board(view) }}', view=view
    )


def test_preview_page_shows_the_board_and_the_chart(client, app):
    response = client.get("/dev/board")
    assert response.status_code == 200
    page = parse(response.get_data(as_text=True))
    for section in (
        "board-tracks",
        "board-colony",
        "board-crisis",
        "board-locations",
        "board-survivors",
    ):
        page.root.by_id(section)
    assert page.root.find_all("morale-chart", "svg")
    assert b"/static/table.css" in response.data
    assert b'src="http' not in response.data and b'href="http' not in response.data
    for kind in ("crowded", "start"):
        assert client.get(f"/dev/board?sample={kind}").status_code == 200
    assert client.get("/dev/board?sample=nope").status_code == 404
    client.set_cookie("lang", "pt_BR")
    page = parse(client.get("/dev/board?sample=crowded").get_data(as_text=True))
    assert "Moral" in page.root.by_id("board-tracks").text()


def test_the_preview_shows_games_the_engine_played():
    """Each sample is a real game: a new game from cards.db and real actions (fixed seeds)."""
    for kind in preview.SAMPLES:
        game = preview.sample_game(kind)
        assert game.state["cards"]["survivors"]  # the catalogue new_game copied from cards.db
        assert sample_view(kind) == table_view(game.state)  # the same game every time
        assert game.rounds[0]["round"] == 0
    mid = preview.sample_game("sample")
    assert mid.state["round"] == 2 and len(mid.rounds) == 2
    assert mid.state["turn"] and mid.state["crisis"]
    crowded = sample_view("crowded")
    assert len(crowded["seats"]) == 5 and crowded["ruleset"] == "long_night"
    assert crowded["numbers"]["crisis_cards"] > 4
    start = sample_view("start")
    assert start["waiting"] == {"kind": "reveal_crisis"} and start["crisis"] is None


def test_tracks_show_each_number_with_its_label(app):
    view = sample_view()
    page = render(app, '{% include "partials/board/tracks.html" %}', view=view)
    stats = {
        next(c for c in n.classes if c.startswith("stat-")): n for n in page.root.find_all("stat")
    }
    value = {key: node.find("stat-value").text() for key, node in stats.items()}
    numbers = view["numbers"]
    assert value == {
        "stat-morale": str(view["morale"]),
        "stat-round": str(view["round"]),
        "stat-food": str(view["food"]),
        "stat-starvation": str(view["starvation"]),
        "stat-waste": str(view["waste"]),
        "stat-helpless": str(view["helpless"]["normal"]),
        "stat-colonists": str(numbers["colonists"]),
        "stat-crisis": str(numbers["crisis_cards"]),
    }
    assert stats["stat-morale"].find(tag="dt").text() == "Morale"
    assert f"rounds left: {view['round_track']}" in stats["stat-round"].text()
    assert f"needs {numbers['food_needed']}" in stats["stat-food"].text()
    assert ("unruly" in stats["stat-helpless"].text()) == (view["ruleset"] == "long_night")
    assert f"target {numbers['crisis_target']}" in stats["stat-crisis"].text()
    # One box per round of the objective's track, those still to come filled.
    assert len(page.root.find_all("round-pip")) == view["main_objective"]["setup"]["round_track"]
    assert len(page.root.find_all("left")) == view["round_track"]
    status = page.root.find("tracks-status").text()
    turn = next(s["name"] for s in view["seats"] if s["id"] == view["turn"]["seat"])
    assert f"Turn {turn}" in status and view["main_objective"]["name"] in status
    assert f"Zombies coming at the colony phase: {numbers['zombies_to_colony']}" in status
    assert page.root.find("phase").text() == "Player turns"  # labels.PHASE_WORDS


def test_tracks_without_engine_numbers_or_crisis_still_render(app):
    view = sample_view("start")
    del view["numbers"]
    view["crisis"] = None
    page = render(app, '{% include "partials/board/tracks.html" %}', view=view)
    keys = [c for n in page.root.find_all("stat") for c in n.classes if c.startswith("stat-")]
    assert "stat-colonists" not in keys and "stat-crisis" not in keys
    assert "needs" not in page.root.text()


def test_colony_entrances_draw_each_piece_and_write_the_counts(app):
    view = sample_view()
    view["colony"]["entrances"][3].update(spaces=4, zombies=1, barricades=1, traps=1)
    view["numbers"]["free_entrance_spaces"] = free_entrance_spaces(view)
    page = render(app, '{% include "partials/board/entrances.html" %}', view=view)
    tiles = page.root.find_all("entrance")
    assert len(tiles) == 6
    for tile, e in zip(tiles, view["colony"]["entrances"], strict=True):
        counts = {
            kind: len(tile.find_all(f"piece-{kind}", "svg"))
            for kind in ("zombie", "barricade", "trap")
        }
        counts["empty"] = len(tile.find_all("piece-empty", "i"))  # drawn by the stylesheet
        assert counts == {
            "zombie": e["zombies"],
            "barricade": e["barricades"],
            "trap": e["traps"],
            "empty": e["spaces"] - e["zombies"] - e["barricades"] - e["traps"],
        }
        label = tile.attrs["aria-label"]
        assert label.startswith(f"Colony entrance {e['number']}:")
        assert f"zombies {e['zombies']}" in label and f"barricades {e['barricades']}" in label
        assert f"traps {e['traps']}" in label and f"spaces {e['spaces']}" in label
        assert tile.find("entrance-no").text() == str(e["number"])
        if e["zombies"]:
            assert tile.find("count-zombies").text() == f"Z {e['zombies']}"
        else:
            assert tile.find_all("count-zombies") == []
        if e["barricades"]:
            assert tile.find("count-barricades").text() == f"B {e['barricades']}"
        if e["traps"]:
            assert tile.find("count-traps").text() == f"T {e['traps']}"
        for svg in tile.find_all("piece", "svg"):
            assert svg.attrs["role"] == "img" and svg.attrs["aria-label"]


def test_location_card_shows_number_pieces_noise_bandits_and_who_is_there(app):
    view = sample_view()
    seats = {s["id"]: s["name"] for s in view["seats"]}
    busy = next(loc for loc in view["locations"] if loc["entrance"]["barricades"])
    page = render(app, '{% include "partials/board/location.html" %}', view=view, loc=busy)
    card = page.root.find("location")
    entrance = busy["entrance"]
    assert card.find(tag="h3").text() == busy["name"]
    assert card.find("die").text() == str(busy["number"])
    assert len(card.find_all("piece-zombie", "svg")) == entrance["zombies"]
    assert len(card.find_all("piece-barricade", "svg")) == entrance["barricades"]
    free = view["numbers"]["free_entrance_spaces"][busy["id"]]
    assert len(card.find_all("piece-empty", "i")) == free
    noise = card.find("noise")
    assert noise.attrs["aria-label"] == f"Noise tokens: {busy['noise']}"
    pips = noise.find("noise-pips").find_all(tag="i")
    assert len(noise.find_all("on")) == busy["noise"] and len(pips) == 4
    assert card.find_all("bandits") == []  # the Bandits module is not in play
    there = [s for s in view["survivors"] if s["location"] == busy["id"]]
    here = [li.find("name").text() for li in card.find("here").find_all(tag="li")]
    assert here == [s["name"] for s in there] and there
    number = list(seats).index(there[0]["owner"]) + 1  # the seat's number round the table
    assert card.find("seat-badge").text() == f"{seats[there[0]['owner']]}: {number}"

    crowded = sample_view("crowded")
    raided = next(loc for loc in crowded["locations"] if loc["bandits"])
    page = render(app, '{% include "partials/board/location.html" %}', view=crowded, loc=raided)
    card = page.root.find("location")
    assert card.find("bandits").text() == f"Bandits {raided['bandits']}"
    empty = next(
        loc
        for loc in view["locations"]
        if not any(s["location"] == loc["id"] for s in view["survivors"])
    )
    page = render(app, '{% include "partials/board/location.html" %}', view=view, loc=empty)
    assert page.root.find("location").find("here-none").text() == "Nobody here"


def test_noise_beyond_four_draws_a_pip_per_token(app):
    view = sample_view()
    loc = copy.deepcopy(view["locations"][0])
    loc["noise"] = 6
    page = render(app, '{% include "partials/board/location.html" %}', view=view, loc=loc)
    assert len(page.root.find_all("on")) == 6


def test_survivors_are_grouped_by_seat_with_tokens_leader_and_place(app):
    view = sample_view()
    page = render(app, '{% include "partials/board/survivors.html" %}', view=view)
    seats = page.root.find_all("seat")
    assert [s.find(tag="h3").text() for s in seats] == [s["name"] for s in view["seats"]]
    for seat_node, seat in zip(seats, view["seats"], strict=True):
        mine = [s for s in view["survivors"] if s["owner"] == seat["id"]]
        rows = seat_node.find_all("survivor")
        assert [r.find("name").text() for r in rows] == [s["name"] for s in mine]
        for row, s in zip(rows, mine, strict=True):
            assert len(row.find_all("tok-wound")) == s["wounds"]
            assert len(row.find_all("tok-frostbite")) == s["frostbite"]
            assert len(row.find_all("tok-despair")) == s["despair"]
            assert ("leader" in row.classes) == s["leader"]
            assert len(row.find_all("icon-star")) == (1 if s["leader"] else 0)
            assert row.find("influence").text() == f"Influence {s['influence']}"
            if s["wounds"] or s["frostbite"] or s["despair"]:
                assert row.find("tokens").attrs["aria-label"] == (
                    f"wounds {s['wounds']}, frostbite {s['frostbite']}, despair {s['despair']}"
                )
    places = {loc["id"]: loc["name"] for loc in view["locations"]}
    rows = [row for seat_node in seats for row in seat_node.find_all("survivor")]
    owned = [s for seat in view["seats"] for s in view["survivors"] if s["owner"] == seat["id"]]
    for row, s in zip(rows, owned, strict=True):
        assert row.find("where").text() == places.get(s["location"], "Colony")
    assert {"Colony", *places.values()} > {row.find("where").text() for row in rows}
    order = [s["id"] for s in view["seats"]]
    turn, first = order.index(view["turn"]["seat"]), order.index(view["first_player"])
    assert "active" in seats[turn].classes and seats[turn].find("flag-turn").text() == "Turn"
    assert seats[first].find("flag-first").text() == "First player"
    assert all("exiled" not in s.classes and not s.find_all("flag-exiled") for s in seats)
    view["seats"][2]["exiled"] = True
    page = render(app, '{% include "partials/board/survivors.html" %}', view=view)
    exiled = page.root.find_all("seat")[2]
    assert "exiled" in exiled.classes and exiled.find("flag-exiled").text() == "Exiled"


def test_the_legend_explains_despair_when_the_engine_says_so(app):
    """Whether the despair token is explained is the engine's call (tokens_shown.despair)."""
    view = sample_view()
    for shown in (False, True):
        view["tokens_shown"]["despair"] = shown
        page = render(app, '{% include "partials/board/survivors.html" %}', view=view)
        legend = page.root.find("legend")
        assert len(legend.find_all("tok-despair")) == int(shown)
        assert ("despair" in legend.text()) == shown


def test_survivor_without_a_player_is_listed_apart(app):
    view = sample_view()
    loner = view["survivors"][-1]
    owner = [s["id"] for s in view["seats"]].index(loner["owner"])
    loner["owner"] = None
    page = render(app, '{% include "partials/board/survivors.html" %}', view=view)
    apart = page.root.find("seat-none")
    assert [r.find("name").text() for r in apart.find_all("survivor")] == [loner["name"]]
    assert loner["name"] not in page.root.find_all("seat")[owner].text()


def test_crisis_shows_symbols_cards_and_target(app):
    view = sample_view()
    page = render(app, '{% include "partials/board/crisis.html" %}', view=view)
    crisis = page.root.find("crisis")
    prevent = view["crisis"]["prevent"]
    assert crisis.find("crisis-name").text() == view["crisis"]["name"]
    shown = [li.text() for li in crisis.find("symbols").find_all(tag="li")]
    assert shown == [name.capitalize() for name in prevent]  # labels.SYMBOL_NAMES
    assert len(crisis.find("symbols").find_all("icon", "svg")) == len(prevent)
    numbers = {
        div.find(tag="dt").text(): div.find(tag="dd").text()
        for div in crisis.find("crisis-count").find_all(tag="div")
    }
    expected = view["numbers"]["crisis_cards"], view["numbers"]["crisis_target"]
    assert numbers == {"Cards in": str(expected[0]), "Target": str(expected[1])}
    assert view["crisis"]["fail_text"][:30] in crisis.find("crisis-fail").text()

    view["crisis"] = None
    page = render(app, '{% include "partials/board/crisis.html" %}', view=view)
    assert page.root.find("crisis-none").text() == "No crisis in play."


def test_names_from_players_and_cards_are_escaped(app):
    view = sample_view()
    view["survivors"][0]["name"] = EVIL
    view["seats"][0]["name"] = '"><img src=x onerror=alert(1)>'
    view["locations"][0]["name"] = "<b>Police</b>"
    view["crisis"]["name"] = "<i>cold</i>"
    view["main_objective"]["name"] = "<u>goal</u>"
    view["turn"] = {"seat": "s1", "crossroads_holder": None}
    with app.test_request_context("/"):
        html = render_template_string(
            '{% from "partials/board/board.html" import board %}{{ board(view) }}', view=view
        )
    assert "<script>" not in html and "<img" not in html
    assert "<b>Police" not in html and "<i>cold" not in html and "<u>goal" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    page = parse(html)
    names = [n.text() for n in page.root.find_all("name")]
    at_a_location = view["survivors"][0]["location"] != "colony"  # listed there and by seat
    assert names.count(EVIL) == 1 + at_a_location
    assert page.root.find_all("seat")[0].find(tag="h3").text() == view["seats"][0]["name"]
    assert [a for a in page.all_attrs if a[1].startswith("on")] == []


def test_every_visible_string_goes_through_gettext(app):
    app.jinja_env.globals["_"] = marked_gettext
    app.jinja_env.globals["label"] = marked_label
    view = sample_view("crowded")
    page = render_board(app, view)
    data = sorted(
        {s["name"] for s in view["survivors"]}
        | {s["name"] for s in view["seats"]}
        | {loc["name"] for loc in view["locations"]}
        | {view["crisis"]["name"], view["crisis"]["fail_text"], view["main_objective"]["name"]},
        key=len,
        reverse=True,
    )

    def untranslated(text: str) -> str:
        """What is left of ``text`` once translated parts, card/player data and numbers go."""
        text = re.sub(r"⟦[^⟧]*⟧", "", text)
        for item in data:
            text = text.replace(item, "")
        return re.sub(r"[\s\d:,·/+-]", "", text)

    leftovers = [t for t in page.all_texts if untranslated(t)]
    assert leftovers == []
    labelled = [(tag, k, v) for tag, k, v in page.all_attrs if k in ("aria-label", "title", "alt")]
    assert labelled
    assert [a for a in labelled if untranslated(a[2])] == []


def test_board_renders_a_view_made_by_the_engine(app):
    from companion.engine.views import table_view
    from tests.factory import make_state, put_survivors

    state = make_state(3)
    put_survivors(state, [50, 20], owner="s1")
    put_survivors(state, [40], owner="s2", place="police")
    state["locations"][0]["entrance"]["zombies"] = 2
    state["locations"][0]["noise"] = 3
    state["colony"]["entrances"][1]["barricades"] = 1
    page = render_board(app, table_view(state))
    cards = page.root.find_all("location")
    assert [c.find(tag="h3").text() for c in cards] == [
        loc["name"] for loc in sorted(state["locations"], key=lambda loc: loc["number"])
    ]
    police = page.root.by_id("board-loc-police")
    assert len(police.find_all("piece-zombie", "svg")) == 2
    assert len(police.find("noise").find_all("on")) == 3
    assert [n.text() for n in police.find("here").find_all("name")] == ["Survivor 40"]
    colony = page.root.by_id("board-colony")
    assert len(colony.find_all("piece-barricade", "svg")) == 1
    seats = page.root.find_all("seat")
    assert [s.find(tag="h3").text() for s in seats] == [s["name"] for s in state["seats"]]
    assert seats[2].find("none").text() == "No survivors"


def test_each_partial_renders_on_its_own_for_a_fragment(app):
    view = sample_view()
    with app.test_request_context("/"):
        for name in ("tracks", "entrances", "survivors", "crisis", "board"):
            html = render_template(f"partials/board/{name}.html", view=view)
            assert 'id="board-' in html, name
        loc = view["locations"][1]
        html = render_template("partials/board/location.html", view=view, loc=loc)
        assert loc["name"] in html


def test_table_css_uses_no_outside_fonts_or_images():
    from companion.paths import project_root

    css = (project_root() / "static" / "table.css").read_text(encoding="utf-8")
    assert "@import" not in css and "url(" not in css and "http" not in css
    assert "@font-face" not in css
    assert "system-ui" in css
