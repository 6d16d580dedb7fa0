"""The table screen's fragment stays light: every device that follows the table fetches it, parses
it and lays it out again on each change (issue 27, point 9). Before: 79 kB during a turn."""

from __future__ import annotations

import re

import pytest
import qrcode
from helpers.table import HX, find_form, form_data, make_game, start_turn, table_act, view_of

from companion.web.qr import dark_runs, qr_svg

pytestmark = pytest.mark.seed(1)

LIMIT = 40_000
"""Bytes of a turn's #game fragment, uncompressed."""


def busy_turn(client, app) -> str:
    """Four players mid-turn: one survivor out at a location, one still to move, zombies at
    the colony and the locations, a barricade, noise (a full board)."""
    game_id = make_game(app, players=4)
    seat = start_turn(client, app, game_id)
    view = view_of(app, game_id)
    mover = next(s for s in view["survivors"] if s["owner"] == seat)
    places = [loc["id"] for loc in view["locations"]]
    table_act(
        app,
        game_id,
        {"type": "move_survivor", "survivor_id": mover["id"], "to": places[0], "exposure": "blank"},
    )
    for place, count in [("colony", 2), *((place, 1) for place in places)]:
        table_act(app, game_id, {"type": "add_zombies_by_hand", "place": place, "count": count})
    table_act(app, game_id, {"type": "add_barricade", "place": "colony", "entrance": 3})
    table_act(app, game_id, {"type": "add_noise", "location_id": places[1]})
    view = view_of(app, game_id)
    assert view["waiting"]["kind"] == "turn"
    assert [s["location"] for s in view["survivors"] if s["id"] == mover["id"]] == [places[0]]
    return game_id


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_a_turn_s_fragment_with_a_full_board_of_four_players_is_at_most_40_kb(client, app, lang):
    game_id = busy_turn(client, app)
    client.get(f"/lang/{lang}?next=/")
    fragment = client.get(f"/games/{game_id}", headers=HX).get_data()
    assert fragment.startswith(b'<div id="game"')
    assert b'class="piece piece-zombie"' in fragment and b"move_survivor" in fragment
    assert len(fragment) <= LIMIT, len(fragment)


def test_pieces_and_symbols_are_drawn_once_in_the_sprite_and_empty_spaces_by_css(client, app):
    game_id = busy_turn(client, app)
    html = client.get(f"/games/{game_id}", headers=HX).get_data(as_text=True)
    assert "<path" not in html.split('class="jp-qr"')[0]  # no drawing before the QR code
    free = view_of(app, game_id)["numbers"]["free_entrance_spaces"]
    empty = sum(free.pop("colony")) + sum(free.values())
    assert empty > 10 and html.count('<i class="piece piece-empty"></i>') == empty
    sprite = client.get("/static/icons.svg").get_data(as_text=True)
    for used in set(re.findall(r'href="/static/icons\.svg#([\w-]+)"', html)):
        assert f'id="{used}"' in sprite, used


def test_a_folded_group_comes_empty_in_a_fragment_and_whole_in_a_page(client, app):
    game_id = busy_turn(client, app)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    fragment = client.get(f"/games/{game_id}", headers=HX).get_data(as_text=True)
    for group, kind in (
        ("board", "attract_zombies"),
        ("survivors", "record_exposure"),
        ("corrections", "remove_noise"),
    ):
        assert f"ctl-{kind}" in page and f"ctl-{kind}" not in fragment
        assert f'hx-get="/games/{game_id}/controls/{group}"' in fragment
        body = client.get(f"/games/{game_id}/controls/{group}", headers=HX)
        assert body.status_code == 200
        html = body.get_data(as_text=True)
        assert html.startswith(
            f'<dialog open class="group-body" aria-labelledby="group-{group}-title"'
        )
        assert 'hx-target="#game"' in html.split(">")[0]
        # its forms post as the page's do
        form = find_form(html, kind)
        assert form_data(form)["version"] == str(
            next(f for f in [find_form(page, kind)])["fields"][1]["value"]
        )
    assert client.get(f"/games/{game_id}/controls/nothing").status_code == 404


def test_a_fragment_keeps_the_controls_of_the_folded_groups_the_table_shows_open(client, app):
    game_id = busy_turn(client, app)
    asked = {**HX, "X-Open-Groups": "corrections elsewhere"}
    answer = client.get(f"/games/{game_id}", headers=asked)
    fragment = answer.get_data(as_text=True)
    assert "ctl-remove_noise" in fragment and "ctl-record_exposure" not in fragment
    assert f'hx-get="/games/{game_id}/controls/corrections"' in fragment  # refetched if reopened
    assert "X-Open-Groups" in answer.headers["Vary"]
    both = client.get(f"/games/{game_id}", headers={**HX, "X-Open-Groups": "survivors corrections"})
    assert "ctl-remove_noise" in both.text and "ctl-record_exposure" in both.text
    assert "ctl-attract_zombies" not in both.text  # "More on the board" not named: left empty
    page = client.get(f"/games/{game_id}", headers={"X-Open-Groups": "corrections"}).text
    assert "ctl-record_exposure" in page and "ctl-attract_zombies" in page
    assert "/controls/" not in page  # a page: all, no fetch


def test_a_folded_group_is_the_table_s_alone(app):
    game_id = make_game(app)
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    assert phone.get(f"/games/{game_id}/controls/corrections").status_code == 403


@pytest.mark.parametrize("data", ["http://192.168.1.2:5000/j/ABCD-EFGH", "x" * 90])
def test_the_qr_code_draws_every_dark_module_and_nothing_else(data):
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(data)
    code.make(fit=True)
    matrix = code.get_matrix()
    drawn = {(x + i, y) for x, y, n in dark_runs(matrix) for i in range(n)}
    dark = {(x, y) for y, row in enumerate(matrix) for x, on in enumerate(row) if on}
    assert drawn == dark
    svg = qr_svg(data)
    runs = re.findall(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z", svg)
    assert [(int(x), int(y), int(n)) for x, y, n, _back in runs] == dark_runs(matrix)
    assert f'viewBox="0 0 {len(matrix)} {len(matrix)}"' in svg
