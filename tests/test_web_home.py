"""Home: the games list, export, delete with a confirm step, and import of save files."""

from __future__ import annotations

import html
import io
import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from helpers.phones import join_code

from companion import store
from companion.web import home
from companion.web.auth import cookie_name

HX = {"HX-Request": "true"}


@pytest.fixture
def db(app):
    """A connection to the app's games.db, for checking what the views wrote."""
    connection = store.open_db(app.config["GAMES_DB"])
    yield connection
    connection.close()


def snapshot(db) -> list[tuple]:
    """Every games row and log row, to prove a refused request changed nothing."""
    games = db.execute("select * from games order by id").fetchall()
    actions = db.execute(
        "select game_id, seq, action from actions order by game_id, seq"
    ).fetchall()
    return [games, actions]


def error_of(page: str) -> str:
    found = re.search(r'class="form-error"[^>]*>(.*?)</p>', page, re.S)
    assert found, "no error shown"
    return html.unescape(found.group(1)).strip()


# --- the list ---


def test_home_without_games_invites_a_new_one(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "No game yet" in page
    assert 'href="/games/new"' in page and 'href="/cards"' in page
    assert 'action="/games/import"' in page and 'enctype="multipart/form-data"' in page


def test_home_lists_each_game_to_resume(client, new_game, db):
    first = new_game(client, 3, name="Tuesday", names=["Ana", "Bruno", "Carla"])
    second = new_game(client, 2, name="Co-op night", names=["Zé", "Lu"], survivors="dealt")
    page = html.unescape(client.get("/").get_data(as_text=True))
    order = [g["id"] for g in store.list_games(db)]
    assert sorted(order) == sorted([first, second])
    places = [page.index(f'href="/games/{game_id}"') for game_id in order]
    assert places == sorted(places), "most recently played first, as the store lists them"
    for game_id in (first, second):
        assert f'href="/games/{game_id}"' in page
        assert f'href="/games/{game_id}/export"' in page
        assert f'href="/games/{game_id}/delete"' in page
        assert f'href="/games/{game_id}/setup"' in page
    assert "3 players" in page and "2 players" in page
    assert "Ana" in page and "Carla" in page and "Zé" in page
    assert "Player turns" in page and "Setting up" in page
    assert "just now" in page
    assert "Round" in page


def test_home_in_portuguese(client, new_game):
    new_game(client, 2)
    client.set_cookie("lang", "pt_BR")
    page = client.get("/").get_data(as_text=True)
    assert 'lang="pt-BR"' in page
    assert "Turnos dos jogadores" in page  # a phase label the catalogue already holds


def test_htmx_gets_only_the_list(client, new_game):
    game_id = new_game(client, 2)
    response = client.get("/", headers=HX)
    fragment = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in fragment and fragment.lstrip().startswith('<section id="games"')
    assert f'href="/games/{game_id}"' in fragment
    assert "HX-Request" in response.headers["Vary"]


def test_last_played_in_words(tmp_path):
    now = datetime(2025, 1, 2, 12, 0, tzinfo=UTC)
    from companion import create_app

    app = create_app({"TESTING": True}, data_dir=tmp_path)
    with app.test_request_context("/"):
        assert home.last_played((now - timedelta(seconds=20)).isoformat(), now) == "just now"
        assert home.last_played((now - timedelta(hours=3)).isoformat(), now) == "3 hours ago"
        assert home.last_played("junk", now) == ""
    with app.test_request_context("/", headers={"Cookie": "lang=pt_BR"}):
        assert home.last_played((now - timedelta(hours=3)).isoformat(), now) == "há 3 horas"


# --- export ---


def test_export_says_the_file_holds_every_secret_before_downloading(client, new_game, db):
    """Issue 18, point 9: a confirm step that works without JavaScript (a page of its own)."""
    game_id = new_game(client, 3, name="Saved <game>")
    response = client.get(f"/games/{game_id}/export")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = html.unescape(response.text)
    assert "<html" in page and "Saved <game>" in page
    assert "The save file holds every player's secrets:" in page
    assert f'href="/games/{game_id}/export?confirm=yes" download' in page
    assert "Content-Disposition" not in response.headers
    dialog = client.get(f"/games/{game_id}/export", headers=HX).text
    assert dialog.lstrip().startswith("<dialog open") and "<html" not in dialog
    assert f"/games/{game_id}/export?confirm=yes" in dialog
    client.set_cookie("lang", "pt_BR")
    pt = client.get(f"/games/{game_id}/export").text
    assert "O arquivo salvo guarda os segredos de todos os jogadores:" in pt


def test_the_list_and_the_delete_dialog_lead_to_the_confirm_step(client, new_game):
    game_id = new_game(client, 2)
    for page in (client.get("/").text, client.get(f"/games/{game_id}/delete").text):
        assert f'href="/games/{game_id}/export"' in page
        assert f'href="/games/{game_id}/export" download' not in page
        assert "export?confirm=yes" not in page


def test_export_downloads_the_save_file_named_secret(client, new_game, db):
    game_id = new_game(client, 3, name="Saved game")
    response = client.get(f"/games/{game_id}/export?confirm=yes")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    disposition = response.headers["Content-Disposition"]
    assert disposition == (
        f'attachment; filename="dead-of-winter-Saved_game-{game_id}-SECRET.json"'
    )
    assert response.headers["Cache-Control"] == "no-store"
    saved = json.loads(response.get_data(as_text=True))
    expected = store.export_game(db, game_id)
    saved.pop("exported")
    expected.pop("exported")
    assert saved == expected


def test_export_of_an_unknown_game_is_404(client):
    assert client.get("/games/nosuchgame/export").status_code == 404
    assert client.get("/games/nosuchgame/export?confirm=yes").status_code == 404


# --- pages of games, and what a guest's phone sees (issue 18, point 4) ---


def test_the_home_page_lists_games_a_page_at_a_time(client, app, new_game, db):
    made = [new_game(client, 2, name=f"Game {n:02}") for n in range(home.PAGE_SIZE + 3)]
    order = [g["id"] for g in store.list_games(db)]
    assert sorted(order) == sorted(made)
    first = client.get("/").text
    assert [i for i in order if f'href="/games/{i}"' in first] == order[: home.PAGE_SIZE]
    assert "Page 1 of 2" in first and 'href="/?page=2"' in first and "?page=0" not in first
    second = client.get("/?page=2").text
    assert [i for i in order if f'href="/games/{i}"' in second] == order[home.PAGE_SIZE :]
    assert 'href="/?page=1"' in second and "?page=3" not in second
    for junk in ("99", "0", "-1", "٢", "²", "x", "9" * 40):
        assert client.get(f"/?page={junk}").status_code == 200, junk
    assert "Page 2 of 2" in client.get("/?page=99").text
    fragment = client.get("/?page=2", headers=HX).text
    assert "<html" not in fragment and "Page 2 of 2" in fragment


def test_a_short_list_has_no_pages(client, new_game):
    new_game(client, 2)
    assert "Page 1 of" not in client.get("/").text


GUEST = {"REMOTE_ADDR": "192.168.1.50"}


def test_a_guests_phone_sees_where_to_join_not_the_games(app, client, new_game):
    game_id = new_game(client, 3, name="Secret plans", names=["Ana", "Bruno", "Carla"])
    phone = app.test_client()
    for headers in ({}, HX):
        response = phone.get("/", environ_base=GUEST, headers=headers)
        assert response.status_code == 200
        page = response.text
        assert "Ask the table for its code" in page
        assert 'href="/j"' in page
        assert "Secret plans" not in page and "Ana" not in page and game_id not in page
        assert "/games/new" not in page and "/games/import" not in page
        assert response.headers["Cache-Control"] == "no-store"
    phone.set_cookie("lang", "pt_BR")
    assert "Peça o código à mesa" in phone.get("/", environ_base=GUEST).text


def test_a_phone_with_a_seat_finds_it_from_home(app, client, new_game):
    game_id = new_game(client, 3, name="Our night")
    code = join_code(client, game_id)
    phone = app.test_client()
    picker = phone.get(f"/j/{code}", environ_base=GUEST)
    phone.post(picker.headers["Location"], data={"seat": "s2"}, environ_base=GUEST)
    phone.set_cookie("seat_nosuchgame", "junk")
    page = phone.get("/", environ_base=GUEST).text
    assert "Your seats on this phone" in page
    assert f'href="/phone/{game_id}"' in page and "Our night" in page


def test_a_lan_table_sees_only_its_own_games(app, client, new_game):
    mine = new_game(client, 2, name="Mine")
    other = app.test_client()
    theirs = new_game(other, 2, name="Theirs")
    page = other.get("/", environ_base=GUEST).text
    assert f'href="/games/{theirs}"' in page and f'href="/games/{mine}"' not in page
    assert 'action="/games/import"' in page
    assert f'href="/games/{mine}"' in client.get("/").text, "the laptop sees every game"


# --- delete ---


def test_delete_asks_first_on_a_page_of_its_own(client, new_game, db):
    game_id = new_game(client, 2, name="Doomed <game>")
    before = snapshot(db)
    response = client.get(f"/games/{game_id}/delete")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<html" in page and "Doomed &lt;game&gt;" in page
    assert f'action="/games/{game_id}/delete"' in page and 'name="confirm" value="yes"' in page
    assert snapshot(db) == before


def test_delete_asks_in_a_dialog_for_htmx(client, new_game, db):
    game_id = new_game(client, 2)
    before = snapshot(db)
    response = client.get(f"/games/{game_id}/delete", headers=HX)
    fragment = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in fragment and fragment.lstrip().startswith("<dialog open")
    assert f'hx-post="/games/{game_id}/delete"' in fragment
    assert snapshot(db) == before


def test_a_post_without_confirm_only_asks(client, new_game, db):
    game_id = new_game(client, 2)
    before = snapshot(db)
    response = client.post(f"/games/{game_id}/delete")
    assert response.status_code == 200
    assert 'name="confirm" value="yes"' in response.get_data(as_text=True)
    assert snapshot(db) == before


def test_confirmed_delete_removes_the_game_and_its_log(client, new_game, db):
    keep = new_game(client, 2, name="Keep")
    game_id = new_game(client, 2, name="Drop")
    response = client.post(f"/games/{game_id}/delete", data={"confirm": "yes"})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    with pytest.raises(store.UnknownGame):
        store.current(db, game_id)
    assert db.execute("select count(*) from actions where game_id = ?", [game_id]).fetchone() == (
        0,
    )
    assert store.current(db, keep).version == 1
    assert client.get_cookie(cookie_name(game_id)) is None
    page = client.get("/").get_data(as_text=True)
    assert "Drop" not in page and "Keep" in page


def test_confirmed_delete_by_htmx_returns_the_new_list(client, new_game, db):
    keep = new_game(client, 2, name="Keep")
    game_id = new_game(client, 2, name="Drop <it>")
    response = client.post(f"/games/{game_id}/delete", data={"confirm": "yes"}, headers=HX)
    assert response.status_code == 200
    fragment = response.get_data(as_text=True)
    assert fragment.lstrip().startswith('<section id="games"')
    assert f'href="/games/{keep}"' in fragment and f'href="/games/{game_id}"' not in fragment
    assert "“Drop &lt;it&gt;” was deleted." in fragment
    assert '<div id="dialog" hx-swap-oob="true"></div>' in fragment
    assert [g["id"] for g in store.list_games(db)] == [keep]


def test_deleting_an_unknown_game_is_404(client):
    assert client.post("/games/nosuchgame/delete", data={"confirm": "yes"}).status_code == 404
    assert client.get("/games/nosuchgame/delete").status_code == 404


def test_a_cross_site_delete_is_refused(client, new_game, db):
    game_id = new_game(client, 2)
    before = snapshot(db)
    response = client.post(
        f"/games/{game_id}/delete",
        data={"confirm": "yes"},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert response.status_code == 403
    assert snapshot(db) == before


# --- import ---


def upload(client, content: bytes, filename: str = "game.json", **kwargs):
    """Post a save file to the import form."""
    data = {"save": (io.BytesIO(content), filename)}
    return client.post("/games/import", data=data, content_type="multipart/form-data", **kwargs)


def test_an_exported_game_imports_as_a_new_game(client, new_game, db):
    game_id = new_game(client, 3, name="Round trip")
    saved = client.get(f"/games/{game_id}/export?confirm=yes").get_data()
    response = upload(client, saved)
    assert response.status_code == 303
    ids = {g["id"] for g in store.list_games(db)}
    (copy,) = ids - {game_id}
    assert response.headers["Location"] == f"/games/{copy}"
    assert store.current(db, copy).state == store.current(db, game_id).state
    assert store.get_game(db, copy)["name"] == "Round trip"
    assert client.get_cookie(cookie_name(copy)) is not None


BAD_FILES = [
    (b"{not json", "it is not valid JSON"),
    (b"[1, 2]", "it is not a JSON object"),
    (b'{"format": "something-else"}', "no format marker"),
    (
        json.dumps(
            {
                "format": store.FORMAT,
                "format_version": 1,
                "name": "x",
                "head": 1,
                "actions": [{"type": "new_game", "by": "table", "setup": {}, "seed": 1}],
            }
        ).encode(),
        "action 1 (new_game) is refused by the rules",
    ),
    (b"\xff\xfe\x00junk", "it is not valid JSON"),
]


@pytest.mark.parametrize(("content", "reason"), BAD_FILES)
def test_bad_save_files_are_refused_with_the_reason(client, new_game, db, content, reason):
    new_game(client, 2)
    before = snapshot(db)
    response = upload(client, content)
    assert response.status_code == 400
    message = error_of(response.get_data(as_text=True))
    assert message.startswith("This save file cannot be loaded:")
    assert reason in message
    assert snapshot(db) == before


def test_import_without_a_file_is_refused(client, db):
    response = client.post("/games/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert error_of(response.get_data(as_text=True)) == "Choose a save file to import."
    assert store.list_games(db) == []


def test_an_oversized_save_file_is_refused(client, db, monkeypatch):
    monkeypatch.setattr(home, "MAX_SAVE_BYTES", 10)
    response = upload(client, b'{"format": "dead-of-winter-companion/game"}')
    assert response.status_code == 400
    assert "too large" in error_of(response.get_data(as_text=True))
    assert store.list_games(db) == []


def test_a_cross_site_import_is_refused(client, new_game, db):
    game_id = new_game(client, 2)
    saved = client.get(f"/games/{game_id}/export?confirm=yes").get_data()
    before = snapshot(db)
    response = upload(client, saved, headers={"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 403
    assert snapshot(db) == before
