"""Who is the table: the laptop always; another device only with the game's table cookie."""

from __future__ import annotations

import hashlib
import io

import pytest

from companion import store
from companion.web import auth

LAPTOP = {"REMOTE_ADDR": "127.0.0.1"}
LAN = {"REMOTE_ADDR": "192.168.1.23"}
OTHER_LAN = {"REMOTE_ADDR": "192.168.1.77"}


@pytest.fixture
def db(app):
    connection = store.open_db(app.config["GAMES_DB"])
    yield connection
    connection.close()


def snapshot(db):
    """Every row of games.db's two tables."""
    return [
        db.execute("select * from games order by id").fetchall(),
        db.execute("select game_id, seq, action from actions order by game_id, seq").fetchall(),
    ]


@pytest.fixture
def lan_table(app, game_form):
    """A browser on another machine that is the table of a game: (its client, the game id).

    Only the host creates games, so its cookie was made on the laptop (the same cookie jar,
    then used from a LAN address: a screen the laptop set up as a table)."""
    browser = app.test_client()
    response = browser.post("/games/new", data=game_form(3), environ_base=LAPTOP)
    assert response.status_code == 303
    return browser, response.headers["Location"].split("/")[-2]


def upload(client, saved: bytes, environ: dict[str, str]):
    """Post a save file to the import form from ``environ``'s address."""
    data = {"save": (io.BytesIO(saved), "g.json")}
    return client.post(
        "/games/import", data=data, content_type="multipart/form-data", environ_base=environ
    )


def test_a_lan_table_that_creates_a_game_holds_its_cookie(app, lan_table, db, game_form):
    browser, first = lan_table
    response = browser.post("/games/new", data=game_form(2), environ_base=LAN)
    assert response.status_code == 303
    game_id = response.headers["Location"].split("/")[-2]
    assert game_id != first
    cookie = browser.get_cookie(auth.cookie_name(game_id))
    assert cookie is not None
    assert cookie.http_only and cookie.same_site == "Strict" and cookie.path == "/"
    kept = db.execute("select table_token_hash from games where id = ?", [game_id]).fetchone()[0]
    assert kept == hashlib.sha256(cookie.value.encode()).hexdigest()
    assert cookie.value not in str(snapshot(db)), "the token itself is never stored"


@pytest.mark.parametrize("cookies", [{}, {"table_nosuchgame": "x"}, {"seat_abc": "y"}])
def test_a_lan_guest_cannot_create_or_import_games(app, lan_table, db, game_form, cookies):
    """Issue 18, point 4: any LAN device could create games without limit."""
    browser, game_id = lan_table
    saved = browser.get(f"/games/{game_id}/export?confirm=yes", environ_base=LAN).get_data()
    guest = app.test_client()
    for name, value in cookies.items():
        guest.set_cookie(name, value)
    guest.set_cookie(auth.cookie_name(game_id), "forged-token")
    before = snapshot(db)
    for _ in range(3):
        response = guest.post("/games/new", data=game_form(3), environ_base=OTHER_LAN)
        assert response.status_code == 403
        assert "Only the laptop running the companion" in response.text
    assert guest.get("/games/new", environ_base=OTHER_LAN).status_code == 403
    response = upload(guest, saved, OTHER_LAN)
    assert response.status_code == 403
    assert snapshot(db) == before
    guest.set_cookie("lang", "pt_BR")
    refused = guest.post("/games/new", data=game_form(3), environ_base=OTHER_LAN).text
    assert "Só o notebook que roda o companheiro" in refused


def test_an_old_cookie_on_the_game_path_still_works_and_is_dropped_on_delete(app, lan_table, db):
    browser, game_id = lan_table
    token = browser.get_cookie(auth.cookie_name(game_id)).value
    browser.delete_cookie(auth.cookie_name(game_id))
    browser.set_cookie(auth.cookie_name(game_id), token, path=f"/games/{game_id}")
    assert browser.get(f"/games/{game_id}/export", environ_base=LAN).status_code == 200
    response = browser.post(f"/games/{game_id}/delete", data={"confirm": "yes"}, environ_base=LAN)
    assert response.status_code == 303
    dropped = [h for h in response.headers.getlist("Set-Cookie") if "Max-Age=0" in h]
    assert any("Path=/;" in h or h.endswith("Path=/") for h in dropped)
    assert any(f"Path=/games/{game_id}" in h for h in dropped)


# --- refused without the cookie, accepted with it ---


TABLE_ONLY = [
    ("get", "/games/{}/export", {}),
    ("get", "/games/{}/delete", {}),
    ("post", "/games/{}/delete", {"confirm": "yes"}),
]


@pytest.mark.parametrize(("method", "path", "data"), TABLE_ONLY)
def test_a_lan_device_without_the_cookie_is_refused(app, lan_table, db, method, path, data):
    _, game_id = lan_table
    stranger = app.test_client()
    before = snapshot(db)
    response = getattr(stranger, method)(path.format(game_id), data=data, environ_base=OTHER_LAN)
    assert response.status_code == 403
    assert snapshot(db) == before


@pytest.mark.parametrize(("method", "path", "data"), TABLE_ONLY)
def test_the_browser_holding_the_cookie_is_the_table(app, lan_table, db, method, path, data):
    browser, game_id = lan_table
    response = getattr(browser, method)(path.format(game_id), data=data, environ_base=LAN)
    assert response.status_code in (200, 303)
    if method == "post":
        assert store.list_games(db) == []


@pytest.mark.parametrize(("method", "path", "data"), TABLE_ONLY)
def test_loopback_is_always_the_table(app, lan_table, method, path, data):
    _, game_id = lan_table
    laptop = app.test_client()
    for address in ("127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"):
        response = getattr(laptop, method)(
            path.format(game_id), data=data, environ_base={"REMOTE_ADDR": address}
        )
        assert response.status_code in (200, 303, 404), address


def test_a_wrong_or_borrowed_token_is_refused(app, lan_table, game_form, db):
    browser, game_id = lan_table
    other = browser.post("/games/new", data=game_form(2), environ_base=LAN)
    other_id = other.headers["Location"].split("/")[-2]
    own = browser.get_cookie(auth.cookie_name(other_id)).value
    thief = app.test_client()
    # Another game's token under this game's cookie name is not this game's credential.
    thief.set_cookie(auth.cookie_name(game_id), own)
    assert thief.get(f"/games/{game_id}/export", environ_base=OTHER_LAN).status_code == 403
    thief.set_cookie(auth.cookie_name(game_id), "made-up")
    assert thief.get(f"/games/{game_id}/export", environ_base=OTHER_LAN).status_code == 403
    assert browser.get(f"/games/{game_id}/export", environ_base=LAN).status_code == 200


def test_an_imported_game_gets_a_fresh_cookie_and_only_the_host_imports(app, lan_table, db):
    browser, game_id = lan_table
    saved = browser.get(f"/games/{game_id}/export?confirm=yes", environ_base=LAN).get_data()
    guest = app.test_client()
    before = snapshot(db)
    response = upload(guest, saved, OTHER_LAN)
    assert response.status_code == 403
    assert snapshot(db) == before
    response = upload(browser, saved, LAN)
    assert response.status_code == 303, "a LAN table may import"
    laptop = app.test_client()
    response = laptop.post(
        "/games/import",
        data={"save": (io.BytesIO(saved), "g.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    copy = response.headers["Location"].split("/")[-1]
    cookie = laptop.get_cookie(auth.cookie_name(copy))
    kept = db.execute("select table_token_hash from games where id = ?", [copy]).fetchone()[0]
    assert kept == hashlib.sha256(cookie.value.encode()).hexdigest()


def test_reading_pages_needs_no_credential(app, lan_table):
    _, game_id = lan_table
    stranger = app.test_client()
    assert stranger.get("/", environ_base=OTHER_LAN).status_code == 200
    assert stranger.get(f"/games/{game_id}/setup", environ_base=OTHER_LAN).status_code == 200


# --- every POST of a game is the table's (H7's game screen included) ---


def game_post_rules(app):
    """The POST routes of one game (a ``game_id`` in the URL), phones' routes excepted."""
    rules = []
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or "game_id" not in rule.arguments:
            continue
        if any(word in rule.rule for word in ("/seat", "/join", "/phone")):
            continue
        rules.append(rule)
    return rules


def fill(rule, game_id: str) -> str:
    """A path for a rule with ``game_id`` and every other argument filled in."""
    values = {name: "x" for name in rule.arguments}
    values["game_id"] = game_id
    path = rule.rule
    for name, value in values.items():
        path = path.replace(f"<{name}>", value)
        for converter in ("string", "int", "path"):
            path = path.replace(f"<{converter}:{name}>", "1" if converter == "int" else value)
    return path


def test_every_game_post_is_refused_without_the_table_credential(app, lan_table, db):
    browser, game_id = lan_table
    rules = game_post_rules(app)
    assert any(r.endpoint == "home.delete" for r in rules)
    stranger = app.test_client()
    for rule in rules:
        before = snapshot(db)
        path = fill(rule, game_id)
        response = stranger.post(path, data={"version": "1"}, environ_base=OTHER_LAN)
        assert response.status_code == 403, (rule.rule, response.status_code)
        assert snapshot(db) == before, rule.rule
    for rule in rules:
        if rule.endpoint == "home.delete":
            continue
        response = browser.post(fill(rule, game_id), data={}, environ_base=LAN)
        assert response.status_code != 403, rule.rule
