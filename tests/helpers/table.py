"""The table screen's test helpers: games made in the store, their head and view, and the
forms read from a page as a browser would send them."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import play
from werkzeug.datastructures import MultiDict

import companion.engine as engine
from companion import store
from companion.web import randomness

HX = {"HX-Request": "true"}


def make_game(app, players: int = 3, names: list[str] | None = None, **kw: Any) -> str:
    """A new game made directly in the store (the new-game form is another page's), its seed
    drawn from the app's source (``RANDOM_SEED``) as the web layer draws it."""
    setup = play.setup_for(players, **kw)
    for seat, name in zip(setup["seats"], names or [], strict=False):
        seat["name"] = name
    with app.app_context():
        action = store.with_seed(
            {"type": "new_game", "by": "table", "setup": setup}, randomness.source()
        )
        return store.create_game(store.get_db(), "Test", action)


def current(app, game_id: str) -> store.Current:
    """The stored head of a game."""
    with app.app_context():
        return store.current(store.get_db(), game_id)


def log_types(app, game_id: str) -> list[str]:
    """The action types of the applied log rows, oldest first."""
    with app.app_context():
        return [row["action"]["type"] for row in store.log(store.get_db(), game_id)]


def table_act(app, game_id: str, action: dict[str, Any]) -> None:
    """Apply a table action through the store, at the head (to set a scene quickly), seeded
    from the app's source."""
    with app.app_context():
        db = store.get_db()
        action = store.with_seed({"by": "table", **action}, randomness.source())
        store.act(db, game_id, action, version=store.current(db, game_id).version)


def view_of(app, game_id: str) -> dict[str, Any]:
    """The table view of the stored head."""
    return engine.table_view(current(app, game_id).state)


class FormReader(HTMLParser):
    """Every form of a page: its action, classes and fields (defaults as a browser sends them)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.form: dict[str, Any] | None = None
        self.select: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.form = {"action": a.get("action"), "method": a.get("method"), "fields": []}
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            checked = "checked" in a or kind not in ("checkbox", "radio")
            self.form["fields"].append(
                {"name": a["name"], "value": a.get("value") or "", "type": kind, "on": checked}
            )
        elif tag == "select":
            self.select = {"name": a["name"], "type": "select", "options": []}
            self.form["fields"].append(self.select)
        elif tag == "option" and self.select is not None:
            self.select["options"].append((a.get("value") or "", "selected" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "form":
            self.form = None


def page_forms(html: str) -> list[dict[str, Any]]:
    """The forms of a page."""
    reader = FormReader()
    reader.feed(html)
    return reader.forms


def form_type(form: dict[str, Any]) -> str | None:
    """The action type a form posts (its hidden ``type`` field)."""
    for field in form["fields"]:
        if field["name"] == "type":
            return field["value"]
    return None


def form_data(form: dict[str, Any], **overrides: Any) -> MultiDict:
    """What a browser would send for the form, with some fields overridden (lists repeat)."""
    data: MultiDict = MultiDict()
    radios: set[str] = set()
    for field in form["fields"]:
        name = field["name"]
        if name in overrides:
            continue
        if field["type"] == "select":
            chosen = [v for v, sel in field["options"] if sel] or [field["options"][0][0]]
            data.add(name, chosen[0])
        elif field["type"] == "radio":
            if name not in radios:
                radios.add(name)
                data.add(name, field["value"])
        elif field["on"]:
            data.add(name, field["value"])
    for name, value in overrides.items():
        for item in value if isinstance(value, list) else [value]:
            data.add(name, str(item))
    return data


def find_form(html: str, kind: str, n: int = 0) -> dict[str, Any]:
    """The n-th form on the page posting ``kind``."""
    found = [f for f in page_forms(html) if form_type(f) == kind]
    assert len(found) > n, f"no form for {kind} on the page"
    return found[n]


def confirm_seed(html: str) -> tuple[str, int]:
    """The Confirm form's action type and seed on a colony preview."""
    form = next(f for f in page_forms(html) if "seed" in {x["name"] for x in f["fields"]})
    seed = next(x["value"] for x in form["fields"] if x["name"] == "seed")
    return form_type(form), int(seed)


def submit(client, game_id: str, kind: str, *, n: int = 0, htmx: bool = True, **overrides):
    """GET the table screen, find the form for ``kind`` and post it as a browser would."""
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = find_form(html, kind, n)
    return client.post(
        form["action"], data=form_data(form, **overrides), headers=HX if htmx else {}
    )


def start_turn(client, app, game_id: str) -> str:
    """Reveal the crisis if needed and start the next turn through the page; the seat id."""
    if view_of(app, game_id)["waiting"]["kind"] == "reveal_crisis":
        assert submit(client, game_id, "reveal_crisis").status_code == 200
    seat = view_of(app, game_id)["waiting"]["seat"]
    assert submit(client, game_id, "start_turn").status_code == 200
    return seat


def game_ids(app) -> list[str]:
    """Every game id in games.db."""
    db = store.open_db(app.config["GAMES_DB"])
    try:
        return [row[0] for row in db.execute("select id from games").fetchall()]
    finally:
        db.close()
