"""Joining from phones: the join panel, the QR link and short code, seat claims, releases.

Several clients in one test: the table (the laptop: loopback) and phones on the LAN (each its
own cookie jar and address). Every refusal is checked against the database: no claim is made.
"""

from __future__ import annotations

import re
import threading
from html import unescape

import pytest
from helpers.phones import (
    CODE_RE,
    STRANGER,
    claims,
    join_code,
    join_path,
    new_game,
    open_db,
    phone,
    take_seat,
)

from companion import create_app, store
from companion.store import seats
from companion.web import qr


@pytest.fixture
def app(tmp_path):
    """An app on a temporary instance folder (the real games.db schema)."""
    return create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


# --- the join panel -------------------------------------------------------------------------


@pytest.fixture
def game(app):
    return new_game(app)


@pytest.fixture
def table(app):
    return app.test_client()


def test_the_table_sees_a_qr_code_a_short_code_and_every_seat(app, table, game):
    response = table.get(f"/games/{game}/join")
    assert response.status_code == 200
    body = response.text
    code = CODE_RE.search(body).group(1)
    qr = re.search(r'<img src="([^"]+\.svg)" alt="QR code to join this game">', body).group(1)
    image = table.get(qr)
    assert image.mimetype == "image/svg+xml" and "<path" in image.text
    assert f"/j/{code}" in body
    for name in ("Ana", "Bruno", "Carla"):
        assert name in body
    db = open_db(app)
    assert seats.join_secret(db, game) == code.replace("-", "")
    db.close()
    again = table.get(f"/games/{game}/join", headers={"HX-Request": "true"})
    assert "<html" not in again.text and CODE_RE.search(again.text).group(1) == code
    assert "HX-Request" in again.headers["Vary"]


def test_the_qr_code_holds_the_public_url(app, table, game):
    app.config["PUBLIC_URL"] = "http://192.168.7.9:5000/"
    body = table.get(f"/games/{game}/join").text
    assert "192.168.7.9:5000/j/" in body


def test_a_phone_never_gets_the_join_panel(app, table, game):
    join_code(table, game)
    stranger = app.test_client()
    response = stranger.get(f"/games/{game}/join", environ_base=STRANGER)
    assert response.status_code == 403
    db = open_db(app)
    secret = seats.join_secret(db, game)
    db.close()
    assert secret not in response.text
    assert seats.format_code(secret) not in response.text


# --- joining --------------------------------------------------------------------------------


def test_the_short_code_leads_to_the_seat_picker(app, table, game):
    code = join_code(table, game)
    ana = phone(app, 1)
    typed = code.lower().replace("-", " ")
    response = ana.get("/j", query_string={"code": typed})
    assert response.status_code == 303
    response = ana.get(response.headers["Location"])
    assert response.status_code == 303
    picker = ana.get(response.headers["Location"])
    assert picker.status_code == 200
    for seat_id, name in (("s1", "Ana"), ("s2", "Bruno"), ("s3", "Carla")):
        assert f'value="{seat_id}"' in picker.text and name in picker.text
    assert picker.headers["Cache-Control"] == "no-store"
    assert 'name="referrer" content="no-referrer"' in picker.text


def test_an_unknown_code_or_game_is_a_clear_404(app, table, game):
    join_code(table, game)
    ana = phone(app, 1)
    response = ana.get("/j/ZZZZ-ZZZZ")
    assert response.status_code == 404
    assert "No game has this code" in response.text
    assert ana.get("/j/short").status_code == 404
    gone = ana.get("/join/nosuchgame/ABCDEFGH")
    assert gone.status_code == 404 and "no such game" in gone.text.lower()
    assert ana.get("/j").status_code == 200


def test_only_the_right_secret_lets_a_phone_join(app, table, game):
    path = join_path(table, game)
    code = path.rsplit("/", 1)[1]
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    ana = phone(app, 1)
    for attempt in (
        ana.get(f"/join/{game}/{wrong}"),
        ana.post(f"/join/{game}/{wrong}", data={"seat": "s1"}),
        ana.post(f"/join/{game}/", data={"seat": "s1"}),
    ):
        assert attempt.status_code in (403, 404, 405)
        assert "Set-Cookie" not in attempt.headers
    refused = ana.get(f"/join/{game}/{wrong}")
    assert refused.status_code == 403
    assert "Scan the QR code again" in unescape(refused.text)
    assert claims(app, game) == []
    assert ana.post(path, data={"seat": "s1"}).status_code == 303
    assert [c["seat_id"] for c in claims(app, game)] == ["s1"]


def test_a_secret_of_another_game_does_not_open_this_one(app, table, game):
    other = new_game(app, seed=12)
    other_code = join_path(table, other).rsplit("/", 1)[1]
    join_path(table, game)
    response = phone(app, 1).post(f"/join/{game}/{other_code}", data={"seat": "s1"})
    assert response.status_code == 403
    assert claims(app, game) == []


def test_taking_a_seat_sets_an_httponly_lax_cookie_and_keeps_only_its_hash(app, table, game):
    ana = phone(app, 1)
    response = ana.post(join_path(table, game), data={"seat": "s1"})
    assert response.status_code == 303
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"seat_{game}=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/;" in cookie + ";"
    token = cookie.split(";", 1)[0].split("=", 1)[1]
    assert len(token) >= 43  # 32 random bytes, url-safe base64
    assert token not in response.headers["Location"]
    rows = claims(app, game)
    assert len(rows) == 1 and rows[0]["seat_id"] == "s1" and rows[0]["released"] is None
    assert rows[0]["token_hash"] == seats.token_hash(token) and token not in str(rows)
    page = ana.get(f"/phone/{game}")
    assert page.status_code == 200 and "<h1>Ana</h1>" in page.text


def test_a_claimed_seat_is_refused_to_a_second_phone(app, table, game):
    take_seat(app, table, game, "s1")
    thief = phone(app, 9)
    path = join_path(table, game)
    picker = thief.get(path)
    assert re.search(r'disabled aria-disabled="true">\s*<span class="seat-name">Ana', picker.text)
    assert 'value="s1"' not in picker.text
    response = thief.post(path, data={"seat": "s1"})
    assert response.status_code == 409
    assert "Another phone already holds this seat" in response.text
    assert "Set-Cookie" not in response.headers
    assert len(claims(app, game)) == 1
    assert thief.get(f"/phone/{game}").status_code == 403


def test_an_unknown_seat_is_refused(app, table, game):
    response = phone(app, 1).post(join_path(table, game), data={"seat": "s9"})
    assert response.status_code == 400
    assert claims(app, game) == []


def test_the_same_phone_lands_on_its_seat_again(app, table, game):
    ana = take_seat(app, table, game, "s1")
    path = join_path(table, game)
    again = ana.get(path)
    assert again.status_code == 303 and again.headers["Location"] == f"/phone/{game}"
    code = path.rsplit("/", 1)[1]
    assert ana.get(f"/j/{code}").status_code == 303
    twice = ana.post(path, data={"seat": "s2"})
    assert twice.status_code == 303 and twice.headers["Location"] == f"/phone/{game}"
    assert "Set-Cookie" not in twice.headers
    assert [c["seat_id"] for c in claims(app, game)] == ["s1"]
    for _ in range(3):
        assert "<h1>Ana</h1>" in ana.get(f"/phone/{game}").text


def test_one_phone_may_hold_seats_in_two_games(app, table, game):
    other = new_game(app, seed=13)
    ana = take_seat(app, table, game, "s1")
    ana.post(join_path(table, other), data={"seat": "s2"})
    assert "<h1>Ana</h1>" in ana.get(f"/phone/{game}").text
    assert "<h1>Bruno</h1>" in ana.get(f"/phone/{other}").text


# --- releasing ------------------------------------------------------------------------------


def test_only_the_table_releases_a_seat(app, table, game):
    ana = take_seat(app, table, game, "s1")
    bruno = take_seat(app, table, game, "s2")
    for client in (ana, bruno, phone(app, 9)):
        response = client.post(f"/games/{game}/seats/s1/release")
        assert response.status_code == 403
    assert all(c["released"] is None for c in claims(app, game))
    assert "<h1>Ana</h1>" in ana.get(f"/phone/{game}").text


def test_release_invalidates_the_old_token_and_frees_the_seat(app, table, game):
    old = take_seat(app, table, game, "s1")
    panel = table.get(f"/games/{game}/join").text
    assert "Release seat" in panel
    response = table.post(f"/games/{game}/seats/s1/release", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Release seat" not in response.text and 'id="join-panel"' in response.text
    page = old.get(f"/phone/{game}")
    assert page.status_code == 403
    assert "Your seat was given to another phone" in page.text
    assert "<h1>Ana</h1>" not in page.text
    acted = old.post(f"/phone/{game}/act", data={"type": "keep_survivors", "version": "1"})
    assert acted.status_code == 403
    new = take_seat(app, table, game, "s1", number=7)
    assert "<h1>Ana</h1>" in new.get(f"/phone/{game}").text
    assert old.get(f"/phone/{game}").status_code == 403
    rows = claims(app, game)
    assert [(r["seat_id"], r["released"] is None) for r in rows] == [("s1", False), ("s1", True)]


def test_release_without_htmx_goes_back_and_an_unheld_seat_is_fine(app, table, game):
    take_seat(app, table, game, "s2")
    response = table.post(f"/games/{game}/seats/s2/release")
    assert response.status_code == 303
    assert table.post(f"/games/{game}/seats/s2/release").status_code == 303
    assert table.post(f"/games/{game}/seats/s9/release").status_code == 404
    assert table.post("/games/nosuch/seats/s1/release").status_code == 404
    sheet = table.post(f"/games/{game}/seats/s2/release", data={"_back": "sheet"})
    assert sheet.headers["Location"] == f"/games/{game}/join"


def test_undo_never_releases_a_seat(app, table, game):
    ana = take_seat(app, table, game, "s1")
    db = open_db(app)
    state, version, _ = store.current(db, game)
    keep = state["secrets"]["s1"]["dealt_survivors"][:2]
    result = store.act(
        db, game, {"type": "keep_survivors", "by": "s1", "survivors": keep}, version=version
    )
    store.undo(db, game, version=result.version)
    db.close()
    assert [(c["seat_id"], c["released"]) for c in claims(app, game)] == [("s1", None)]
    assert "<h1>Ana</h1>" in ana.get(f"/phone/{game}").text


def test_no_seat_no_page(app, table, game):
    stranger = phone(app, 5)
    response = stranger.get(f"/phone/{game}")
    assert response.status_code == 403
    assert "This phone has no seat here" in response.text
    fragment = stranger.get(f"/phone/{game}", headers={"HX-Request": "true"})
    assert fragment.status_code == 403 and "<html" not in fragment.text
    forged = app.test_client()
    forged.environ_base.update(STRANGER)
    forged.set_cookie(f"seat_{game}", "a" * 43)
    assert forged.get(f"/phone/{game}").status_code == 403
    assert stranger.get("/phone/nosuchgame").status_code == 404


# --- the store ------------------------------------------------------------------------------


def test_codes_read_case_blind_and_forgive_look_alikes():
    assert seats.normalise_code("ab1o-il2u") == "AB10112V"
    assert seats.format_code("ABCDEFGH") == "ABCD-EFGH"
    codes = {seats.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 8 and set(c) <= set(seats.CODE_ALPHABET) for c in codes)


def test_the_secret_is_made_once_and_kept(app, game):
    db = open_db(app)
    first = seats.join_secret(db, game)
    assert seats.join_secret(db, game) == first
    assert seats.game_for_code(db, seats.format_code(first).lower()) == game
    assert seats.secret_matches(db, game, first)
    assert not seats.secret_matches(db, game, "")
    with pytest.raises(store.UnknownGame):
        seats.join_secret(db, "nosuchgame")
    db.close()


def test_two_phones_racing_for_one_seat_get_one_seat(app, game):
    results: list[str] = []
    barrier = threading.Barrier(6)

    def claim() -> None:
        db = store.connect(app.config["GAMES_DB"])
        try:
            barrier.wait(timeout=10)
            results.append(seats.claim_seat(db, game, "s2"))
        except seats.SeatTaken:
            results.append("taken")
        finally:
            db.close()

    threads = [threading.Thread(target=claim) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert results.count("taken") == 5 and len(results) == 6
    assert len(claims(app, game)) == 1


def test_seats_version_grows_on_claims_and_releases(app, game):
    db = open_db(app)
    assert seats.seats_version(db, game) == 0
    token = seats.claim_seat(db, game, "s1")
    assert seats.seats_version(db, game) == 1
    assert seats.release_seat(db, game, "s1") is True
    assert seats.release_seat(db, game, "s1") is False
    assert seats.seats_version(db, game) == 2
    claim = seats.claim_for_token(db, game, token)
    assert claim.seat_id == "s1" and claim.released is not None
    assert seats.held_seat(db, game, token) is None
    db.close()


def test_deleting_a_game_deletes_its_claims(app, game):
    db = open_db(app)
    seats.claim_seat(db, game, "s1")
    store.delete_game(db, game)
    assert db.execute("select count(*) from seat_claims").fetchone()[0] == 0
    db.close()


def test_the_join_panel_macro_shows_what_the_view_passes(app, game):
    """The macro draws the data it is given (qr.join_panel) and nothing for None: the view
    decides who sees it, the template checks no credential."""
    include = (
        '{% from "partials/join/panel.html" import join_panel with context %}'
        "{{ join_panel(join, seats) }}"
    )
    names = [{"id": "s1", "name": "Ana"}, {"id": "s2", "name": "Bruno"}]
    from flask import render_template_string

    with app.test_request_context(f"/games/{game}", environ_base=STRANGER):
        info = qr.join_panel(game)
        shown = render_template_string(include, join=info, seats=names)
        hidden = render_template_string(include, join=None, seats=names)
        assert qr.join_panel("no-such-game") is None
    assert f'<img src="/games/{game}/join/qr-' in shown  # the QR code, an image of its own
    assert 'id="join-panel"' in shown and 'hx-trigger="every 4s"' in shown
    assert info["code"] in shown and info["game_id"] == game
    assert hidden.strip() == ""


def test_only_the_tables_screen_gets_the_join_panel(app, table, game):
    code = join_code(table, game)
    assert 'id="join-panel"' in table.get(f"/games/{game}").text
    stranger = app.test_client()
    page = stranger.get(f"/games/{game}", environ_base=STRANGER)
    assert page.status_code == 200
    assert 'id="join-panel"' not in page.text and code not in page.text
    assert code.replace("-", "") not in page.text


def test_a_phone_whose_seat_is_held_is_told_how_to_take_it_back(app, table, game):
    """Issue 29: the table frees it with Release, in the fold the pick page names; the pick
    page offers to show the seats again afterwards."""
    path = join_path(table, game)
    assert 'id="take-back"' not in phone(app, 9).get(path).text  # nothing held yet
    for sid in ("s1", "s2", "s3"):
        take_seat(app, table, game, sid)
    picker = unescape(phone(app, 9).get(path).text)
    help_ = picker[picker.index('id="take-back"') :]
    assert "Only the table can free it" in help_
    assert "“Phones and QR”" in help_ and "“Release seat”" in help_
    assert f'class="again" href="{path}"' in help_
    screen = table.get(f"/games/{game}").text  # what the pick page names is there
    assert '<details class="join-fold" id="join-panel"' in screen
    assert "Phones and QR" in screen and "Release seat" in screen

    pt = phone(app, 9)
    pt.set_cookie("lang", "pt_BR")
    picker = unescape(pt.get(path).text)
    assert "Só a mesa pode liberá-lo" in picker and "“Celulares e QR”" in picker
    assert "“Liberar lugar”" in picker


def test_the_folded_join_panel_shows_release_before_the_code(app, table, game):
    for sid in ("s1", "s2", "s3"):
        take_seat(app, table, game, sid)
    screen = table.get(f"/games/{game}").text
    fold = screen[screen.index('<details class="join-fold"') : screen.index("</details>")]
    assert "Phones: release a seat for a new phone" in fold
    assert fold.count("Release seat</button>") == 3
    assert fold.index("Release seat") < fold.index('class="jp-qr"') < fold.index("jp-code")
    sheet = table.get(f"/games/{game}/join").text  # the sheet (a TV): the code first, as before
    assert sheet.index('class="jp-qr"') < sheet.index("Release seat")
