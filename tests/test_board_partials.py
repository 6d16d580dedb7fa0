"""The board partials: counts drawn and written, names escaped, every string translated."""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser

import pytest
from flask import render_template, render_template_string

from companion.engine.views import free_entrance_spaces
from companion.web import preview
from companion.web.preview import sample_view

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
EVIL = "<script>alert(1)</script>"


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


def test_tracks_show_each_number_with_its_label(app):
    view = sample_view()
    page = render(app, '{% include "partials/board/tracks.html" %}', view=view)
    stats = {
        next(c for c in n.classes if c.startswith("stat-")): n for n in page.root.find_all("stat")
    }
    value = {key: node.find("stat-value").text() for key, node in stats.items()}
    assert value == {
        "stat-morale": "5",
        "stat-round": "3",
        "stat-food": "4",
        "stat-starvation": "1",
        "stat-waste": "7",
        "stat-helpless": "3",
        "stat-colonists": "10",
        "stat-crisis": "2",
    }
    assert stats["stat-morale"].find(tag="dt").text() == "Morale"
    assert "rounds left: 4" in stats["stat-round"].text()
    assert "needs 5" in stats["stat-food"].text()
    assert "unruly 1" in stats["stat-helpless"].text()
    assert "target 3" in stats["stat-crisis"].text()
    # Six boxes on the round track (the objective's length), four of them still to come.
    assert len(page.root.find_all("round-pip")) == 6
    assert len(page.root.find_all("left")) == 4
    status = page.root.find("tracks-status").text()
    assert "Turn Bruno" in status and "Stock Up for the Thaw" in status
    assert "Zombies coming at the colony phase: 5" in status


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
            for kind in ("zombie", "barricade", "trap", "empty")
        }
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
        assert tile.find("count-zombies").text() == f"Z {e['zombies']}"
        if e["barricades"]:
            assert tile.find("count-barricades").text() == f"B {e['barricades']}"
        if e["traps"]:
            assert tile.find("count-traps").text() == f"T {e['traps']}"
        for svg in tile.find_all("piece", "svg"):
            assert svg.attrs["role"] == "img" and svg.attrs["aria-label"]


def test_location_card_shows_number_pieces_noise_bandits_and_who_is_there(app):
    view = sample_view()
    police = next(loc for loc in view["locations"] if loc["id"] == "police")
    page = render(app, '{% include "partials/board/location.html" %}', view=view, loc=police)
    card = page.root.find("location")
    assert card.find(tag="h3").text() == "Police Station"
    assert card.find("die").text() == "1"
    assert len(card.find_all("piece-zombie", "svg")) == 2
    assert len(card.find_all("piece-barricade", "svg")) == 1
    assert len(card.find_all("piece-empty", "svg")) == 0
    noise = card.find("noise")
    assert noise.attrs["aria-label"] == "Noise tokens: 1"
    assert len(noise.find_all("on")) == 1 and len(noise.find_all("noise-pip")) == 4
    assert card.find_all("bandits") == []  # none there and the module is not in play
    here = [li.find("name").text() for li in card.find("here").find_all(tag="li")]
    assert here == ["Old Hank"]
    assert card.find("seat-badge").text() == "Bruno: 2"

    library = next(loc for loc in view["locations"] if loc["id"] == "library")
    page = render(app, '{% include "partials/board/location.html" %}', view=view, loc=library)
    card = page.root.find("location")
    assert card.find("bandits").text() == "Bandits 1"
    assert card.find("here-none").text() == "Nobody here"
    assert len(card.find_all("piece-empty", "svg")) == 3


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
    assert [s.find(tag="h3").text() for s in seats] == ["Ana", "Bruno", "Carla"]
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
    tobias = seats[0].find_all("survivor")[1]
    assert tobias.find("where").text() == "Hospital"
    assert seats[0].find_all("survivor")[0].find("where").text() == "Colony"
    assert "exiled" in seats[2].classes and seats[2].find("flag-exiled").text() == "Exiled"
    assert "exiled" not in seats[0].classes and seats[0].find_all("flag-exiled") == []
    assert "active" in seats[1].classes and seats[1].find("flag-turn").text() == "Turn"
    assert seats[0].find("flag-first").text() == "First player"


def test_survivor_without_a_player_is_listed_apart(app):
    view = sample_view()
    view["survivors"][4]["owner"] = None
    page = render(app, '{% include "partials/board/survivors.html" %}', view=view)
    apart = page.root.find("seat-none")
    assert [r.find("name").text() for r in apart.find_all("survivor")] == ["Dex"]
    assert "Dex" not in page.root.find_all("seat")[1].text()


def test_crisis_shows_symbols_cards_and_target(app):
    view = sample_view()
    page = render(app, '{% include "partials/board/crisis.html" %}', view=view)
    crisis = page.root.find("crisis")
    assert crisis.find("crisis-name").text() == "Frozen Pipes"
    assert [li.text() for li in crisis.find("symbols").find_all(tag="li")] == ["Fuel", "Tool"]
    assert len(crisis.find("symbols").find_all("icon", "svg")) == 2
    numbers = {
        div.find(tag="dt").text(): div.find(tag="dd").text()
        for div in crisis.find("crisis-count").find_all(tag="div")
    }
    assert numbers == {"Cards in": "2", "Target": "3"}
    assert "each player adds 1 frostbite" in crisis.find("crisis-fail").text()

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
    assert names.count(EVIL) == 1
    assert page.root.find_all("seat")[0].find(tag="h3").text() == view["seats"][0]["name"]
    assert [a for a in page.all_attrs if a[1].startswith("on")] == []


def test_every_visible_string_goes_through_gettext(app):
    app.jinja_env.globals["_"] = marked_gettext
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
        html = render_template("partials/board/location.html", view=view, loc=view["locations"][1])
        assert "Grocery Store" in html


def test_table_css_uses_no_outside_fonts_or_images():
    from companion.paths import project_root

    css = (project_root() / "static" / "table.css").read_text(encoding="utf-8")
    assert "@import" not in css and "url(" not in css and "http" not in css
    assert "@font-face" not in css
    assert "system-ui" in css
