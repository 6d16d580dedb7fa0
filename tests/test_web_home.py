"""Home: the games list, export, delete with a confirm step, and import of save files."""

from __future__ import annotations

import html
import io
import json
import re
from datetime import UTC, datetime, timedelta

import pytest

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


def test_last_played_in_words():
    now = datetime(2025, 1, 2, 12, 0, tzinfo=UTC)
    from companion import create_app

    app = create_app({"TESTING": True})
    with app.test_request_context("/"):
        assert home.last_played((now - timedelta(seconds=20)).isoformat(), now) == "just now"
        assert home.last_played((now - timedelta(hours=3)).isoformat(), now) == "3 hours ago"
        assert home.last_played("junk", now) == ""
    with app.test_request_context("/", headers={"Cookie": "lang=pt_BR"}):
        assert home.last_played((now - timedelta(hours=3)).isoformat(), now) == "há 3 horas"


# --- export ---


def test_export_downloads_the_save_file(client, new_game, db):
    game_id = new_game(client, 3, name="Saved game")
    response = client.get(f"/games/{game_id}/export")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("attachment;") and f"{game_id}.json" in disposition
    assert response.headers["Cache-Control"] == "no-store"
    saved = json.loads(response.get_data(as_text=True))
    expected = store.export_game(db, game_id)
    saved.pop("exported")
    expected.pop("exported")
    assert saved == expected


def test_export_of_an_unknown_game_is_404(client):
    assert client.get("/games/nosuchgame/export").status_code == 404


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
    assert client.get_cookie(cookie_name(game_id), path=f"/games/{game_id}") is None
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
    saved = client.get(f"/games/{game_id}/export").get_data()
    response = upload(client, saved)
    assert response.status_code == 303
    ids = {g["id"] for g in store.list_games(db)}
    (copy,) = ids - {game_id}
    assert response.headers["Location"] == f"/games/{copy}"
    assert store.current(db, copy).state == store.current(db, game_id).state
    assert store.get_game(db, copy)["name"] == "Round trip"
    assert client.get_cookie(cookie_name(copy), path=f"/games/{copy}") is not None


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
    saved = client.get(f"/games/{game_id}/export").get_data()
    before = snapshot(db)
    response = upload(client, saved, headers={"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 403
    assert snapshot(db) == before
