"""Phones in tests: games made in an app's games.db, LAN clients with their own cookie jars,
and joining a seat through the table's join panel as a phone does."""

from __future__ import annotations

import re

from play import setup_for

from companion import store

PHONE_ADDRESS = "192.168.1.{}"
STRANGER = {"REMOTE_ADDR": "192.168.1.200"}
CODE_RE = re.compile(r'class="jp-code">([0-9A-Z]{4}-[0-9A-Z]{4})<')
TYPE_RE = re.compile(r'name="type" value="([a-z_]+)"')


def new_game(app, players: int = 3, *, deal: bool = True, seed: int = 11, **kw) -> str:
    """A game created in the app's games.db through the store; returns its id."""
    db = store.open_db(app.config["GAMES_DB"])
    try:
        action = {
            "type": "new_game",
            "by": "table",
            "setup": setup_for(players, deal=deal, **kw),
            "seed": seed,
        }
        return store.create_game(db, "Phones night", action)
    finally:
        db.close()


def open_db(app):
    """A connection to the app's games.db (the caller closes it)."""
    return store.open_db(app.config["GAMES_DB"])


def phone(app, number: int):
    """A phone on the LAN: its own test client (cookie jar) and address."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = PHONE_ADDRESS.format(number)
    return client


def join_code(table, game_id: str) -> str:
    """The short code the table's join panel shows."""
    response = table.get(f"/games/{game_id}/join")
    assert response.status_code == 200
    return CODE_RE.search(response.text).group(1)


def join_path(table, game_id: str) -> str:
    """The QR code's path (the link a phone opens), from the table's join panel."""
    code = join_code(table, game_id)
    response = table.get(f"/j/{code}")
    assert response.status_code == 303
    return response.headers["Location"]


def take_seat(app, table, game_id: str, seat_id: str, number: int | None = None):
    """A new phone that joined the game and took ``seat_id``."""
    client = phone(app, number if number is not None else int(seat_id[1:]))
    response = client.post(join_path(table, game_id), data={"seat": seat_id})
    assert response.status_code == 303, response.text
    assert response.headers["Location"] == f"/phone/{game_id}"
    return client


def claims(app, game_id: str) -> list[dict]:
    """Every seat claim row of a game."""
    db = open_db(app)
    try:
        return list(db["seat_claims"].rows_where("game_id = ?", [game_id], order_by="rowid"))
    finally:
        db.close()


def head(app, game):
    """The game's head: (state, version)."""
    db = open_db(app)
    try:
        current = store.current(db, game)
        return current.state, current.version
    finally:
        db.close()


def last_action(app, game):
    """The action of the game's last applied log row."""
    db = open_db(app)
    try:
        return store.log(db, game)[-1]["action"]
    finally:
        db.close()


def table_act(app, game, **action):
    """The table makes one action at the head (through the store, as the table screen does)."""
    _, version = head(app, game)
    db = open_db(app)
    try:
        return store.act(db, game, {"by": "table", **action}, version=version)
    finally:
        db.close()


def seated_and_kept(app, table, seats=("s1", "s2", "s3"), seed: int = 5, **kw):
    """A new game (``kw``: its setup's, as new_game) whose seats each took a phone and kept
    their first two dealt survivors on it: (game id, phones by seat)."""
    game = new_game(app, len(seats), seed=seed, **kw)
    phones = {sid: take_seat(app, table, game, sid) for sid in seats}
    for sid in seats:
        state, version = head(app, game)
        dealt = state["secrets"][sid]["dealt_survivors"]
        data = {"type": "keep_survivors", "version": str(version), "survivors": dealt[:2]}
        answer = phones[sid].post(f"/phone/{game}/act", data=data, headers={"HX-Request": "true"})
        assert answer.status_code == 200, answer.text
    return game, phones


def white_fingers_failed(app, game, *, turned_over: bool = True) -> None:
    """The table reveals White Fingers and resolves it with no card in (it fails: each player
    picks a survivor for the frostbite); ``turned_over``: its reveal is finished too."""
    table_act(app, game, type="reveal_crisis", crisis="companion.white-fingers")
    table_act(app, game, type="resolve_crisis", seed=3)
    if turned_over:
        table_act(app, game, type="finish_reveal")


def post(client, game, fragment=True, version=None, page=None, **fields):
    """A phone form post as its page would send it: the page's version and the ``decision``
    its form for this action answers (the version given instead, when given)."""
    page = page if page is not None else client.get(f"/phone/{game}").text
    data = dict(hidden_fields(page, fields.get("type", "")))
    data.setdefault("version", re.search(r'data-version="(\d+)"', page).group(1))
    if version is not None:
        data["version"] = str(version)
    data.update(fields)
    headers = {"HX-Request": "true"} if fragment else {}
    return client.post(f"/phone/{game}/act", data=data, headers=headers)


def hidden_fields(page, kind):
    """The hidden fields of the page's form for ``kind`` (empty when it has none)."""
    for form in re.findall(r"<form\b.*?</form>", page, re.S):
        if f'name="type" value="{kind}"' in form:
            return dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form))
    return {}


def forms_on(page: str) -> set[str]:
    """The action types a page's forms post."""
    return set(TYPE_RE.findall(page))
