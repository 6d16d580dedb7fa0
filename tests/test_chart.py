"""The morale / food / colonists chart: valid SVG, one line per series, escaped labels."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from companion.web.chart import morale_chart

NS = {"svg": "http://www.w3.org/2000/svg"}

ROUNDS = [
    {"round": 1, "morale": 6, "food": 3, "colonists": 8},
    {"round": 2, "morale": 5, "food": 1, "colonists": 9},
    {"round": 3, "morale": 5, "food": 4, "colonists": 9},
    {"round": 4, "morale": 3, "food": 0, "colonists": 11},
]


def parse(svg: str) -> ET.Element:
    """The chart parsed as XML (fails the test if it is not well formed)."""
    return ET.fromstring(svg)


def series_points(root: ET.Element, key: str) -> list[tuple[float, float]]:
    """The (x, y) points of one series' polyline."""
    lines = root.findall(f".//svg:g[@class='series series-{key}']/svg:polyline", NS)
    assert len(lines) == 1
    return [tuple(float(n) for n in p.split(",")) for p in lines[0].get("points").split()]


def test_chart_is_valid_svg_with_one_polyline_per_series():
    root = parse(morale_chart(ROUNDS))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.findall(".//svg:polyline", NS)) == 3
    for key in ("morale", "food", "colonists"):
        assert len(series_points(root, key)) == len(ROUNDS)


def test_rounds_go_left_to_right_and_higher_values_higher_up():
    root = parse(morale_chart(ROUNDS))
    morale = series_points(root, "morale")
    xs = [x for x, _ in morale]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    # Morale 6, 5, 5, 3: y (downwards on screen) grows as morale falls, equal values share a y.
    ys = [y for _, y in morale]
    assert ys[0] < ys[1] == ys[2] < ys[3]
    # Across series, the same x for the same round, and a larger value is drawn higher.
    food = series_points(root, "food")
    colonists = series_points(root, "colonists")
    assert [x for x, _ in food] == xs == [x for x, _ in colonists]
    pairs = sorted(
        (ROUNDS[i][key], pts[i][1])
        for key, pts in (("morale", morale), ("food", food), ("colonists", colonists))
        for i in range(len(ROUNDS))
    )
    for (v1, y1), (v2, y2) in itertools.pairwise(pairs):
        assert (y1 > y2) if v1 < v2 else (y1 == y2)


@given(
    st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40)),
        min_size=1,
        max_size=20,
    )
)
def test_any_history_maps_values_monotonically_inside_the_canvas(rows):
    rounds = [
        {"round": i + 1, "morale": m, "food": f, "colonists": c} for i, (m, f, c) in enumerate(rows)
    ]
    root = parse(morale_chart(rounds))
    width, height = (float(n) for n in root.get("viewBox").split()[2:])
    seen = []
    for key in ("morale", "food", "colonists"):
        points = series_points(root, key)
        assert len(points) == len(rounds)
        for (x, y), entry in zip(points, rounds, strict=True):
            assert 0 <= x <= width and 0 <= y <= height
            seen.append((entry[key], y))
    seen.sort()
    for (v1, y1), (v2, y2) in itertools.pairwise(seen):
        assert (y1 > y2) if v1 < v2 else (y1 == y2)


def test_legend_names_each_series_with_its_latest_value():
    root = parse(morale_chart(ROUNDS))
    legend = root.find(".//svg:g[@class='legend']", NS)
    texts = ["".join(t.itertext()) for t in legend.findall("svg:text", NS)]
    assert texts == ["Morale 3", "Food 0", "Colonists 11"]
    assert root.find("svg:title", NS).text == "Morale, food and colonists by round"
    assert root.find("svg:desc", NS).text == "Round 4: Morale 3, Food 0, Colonists 11"


def test_round_numbers_label_the_x_axis():
    root = parse(morale_chart(ROUNDS))
    axis = root.find(".//svg:g[@class='axes']", NS)
    labels = [t.text for t in axis.findall("svg:text", NS)]
    for entry in ROUNDS:
        assert str(entry["round"]) in labels
    assert "Round" in labels


def test_single_round_is_drawn_as_one_point_per_series():
    root = parse(morale_chart(ROUNDS[:1]))
    for key in ("morale", "food", "colonists"):
        assert len(series_points(root, key)) == 1


def test_empty_history_says_no_rounds_yet():
    svg = morale_chart([], {"empty": "Nenhuma rodada ainda"})
    root = parse(svg)
    assert root.findall(".//svg:polyline", NS) == []
    texts = ["".join(t.itertext()) for t in root.iter(f"{{{NS['svg']}}}text")]
    assert "Nenhuma rodada ainda" in texts


def test_labels_are_translated_and_escaped():
    labels = {
        "title": "<script>alert(1)</script>",
        "morale": 'Moral "&" <b>',
        "food": "Comida",
        "colonists": "Colonos",
        "round": "Rodada",
    }
    svg = morale_chart(ROUNDS, labels, chart_id='x" onload="alert(1)')
    assert "<script>" not in svg and "<b>" not in svg
    root = parse(svg)
    assert root.find("svg:title", NS).text == "<script>alert(1)</script>"
    assert root.get("id") == 'x" onload="alert(1)'
    assert root.get("onload") is None
    legend = root.find(".//svg:g[@class='legend']", NS)
    texts = ["".join(t.itertext()) for t in legend.findall("svg:text", NS)]
    assert texts == ['Moral "&" <b> 3', "Comida 0", "Colonos 11"]


def test_a_long_legend_label_goes_on_two_lines_inside_the_canvas():
    root = parse(morale_chart(ROUNDS, {"colonists": "Sobreviventes na colônia"}))
    legend = root.find(".//svg:g[@class='legend']", NS)
    texts = legend.findall("svg:text", NS)
    assert "".join(texts[2].itertext()) == "Sobreviventes na colônia 11"
    lines = [t for t in texts[2] if t.get("dy")]
    assert len(lines) == 1 and "".join(lines[0].itertext()) == "na colônia 11"
    assert [len([t for t in text if t.get("dy")]) for text in texts[:2]] == [0, 0]
    assert float(texts[2].get("y")) > float(texts[1].get("y")) > float(texts[0].get("y"))
