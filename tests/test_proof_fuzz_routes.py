"""Fuzz every route and form with bad input, as every kind of device (issue 13, point 5).

The routes come from ``app.url_map`` (the app as `companion serve` builds it: not in testing
mode, so an uncaught error is a 500 answer, not a test exception); a route this file does not
know fails ``test_every_route_is_fuzzed``. For each route, hypothesis draws a device (the table
on loopback; a phone on the LAN with its seat cookie; a stranger on the LAN with no cookie; a
phone of the other game; a LAN device with forged cookies), a method (the route's own and wrong
ones), path values (the real games' ids, unknown and junk ids, other games' ids and secrets),
query strings, and form bodies: junk text, huge numbers, missing and repeated fields, fields of
other actions, wrong types, non-UTF-8 bytes, too many fields, junk upload files; digits that
are not ASCII (``str.isdigit`` says yes, ``int`` says no), strings of 100,000 characters, JSON
nested thousands deep (in uploads and in a save file's own fields), and Host headers that are
not the companion's (issue 18, point 5).

Every answer must be below 500; a refused answer (4xx) must carry a clear message (a non-empty
body with text) and change nothing in games.db (every game's row, version, head, log and
states, and the seat claims); a GET changes nothing whatever it answers. games.db (a real
SQLite file) is put back as it was before each example, so every example starts from the same
two games.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import sqlite3
from collections import Counter
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlencode

import play
import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app, store
from companion.engine.actions import PARAMETERS
from companion.store import flask as store_flask
from companion.store import seats

EXAMPLES = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "30"))
DEEP_EXAMPLES = int(os.environ.get("COMPANION_FUZZ_DEEP", "80"))
LONG_EXAMPLES = 400
QUICK_EXAMPLES, QUICK_DEEP = 3, 10
SIZES = [QUICK_EXAMPLES, pytest.param(EXAMPLES, marks=pytest.mark.proof)]
DEEP_SIZES = [QUICK_DEEP, pytest.param(DEEP_EXAMPLES, marks=pytest.mark.proof)]
"""Examples per test: a few in the default run, the full count marked ``proof``."""
LOOPBACK = "127.0.0.1"
CODE_RE = re.compile(r'class="jp-code">([0-9A-Z]{4}-[0-9A-Z]{4})<')
TAG_RE = re.compile(r"<[^>]*>")
METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS")

ROUTES = {
    "static": "none",
    "home.index": "page",
    "home.export": "confirm",
    "home.delete": "delete",
    "home.import_save": "import",
    "newgame.form": "none",
    "newgame.create": "newgame",
    "newgame.setup": "none",
    "newgame.tick": "tick",
    "game.table": "none",
    "game.act": "action",
    "game.undo": "version",
    "game.redo": "version",
    "game.colony": "none",
    "game.game_log": "none",
    "game.end": "none",
    "game.folded_group": "none",
    "cards.index": "query",
    "lang.choose": "next",
    "events.events": "none",
    "events.health": "none",
    "join.enter_code": "code",
    "join.code": "none",
    "join.join": "seat",
    "join.panel": "back",
    "join.qr_image": "none",
    "join.release": "back",
    "phone.page": "none",
    "phone.act": "action",
    "homescreen.favicon": "none",
    "homescreen.manifest": "none",
}
"""Every route, and the kind of input its form or query takes."""

DEVICES = ("table", "phone", "stranger", "other_phone", "forged")

QUERY_KEYS = {
    "query": "q",
    "next": "next",
    "code": "code",
    "back": "back",
    "page": "page",
    "confirm": "confirm",
}
"""The query argument each kind of route reads."""

HOSTS = [
    "localhost:8765",
    "127.0.0.1:8765",
    "[::1]:8765",
    "rebind.evil.example",
    "rebind.evil.example:8765",
    "localhost.evil.example",
    "[::1",
    "",
]
"""Host headers: the companion's names and others (DNS rebinding)."""

JUNK_WORDS = [
    "",
    " ",
    "0",
    "-1",
    "1.5",
    "1e309",
    "9" * 40,
    "NaN",
    "true",
    "null",
    "None",
    "[]",
    "{}",
    "s1",
    "s9",
    "table",
    "colony",
    "colony|4",
    "colony|9|9",
    "<script>alert(1)</script>",
    "../../../etc/passwd",
    "%00",
    "\x00",
    "' OR 1=1 --",
    "\u202e\u0000\ud7ff",
    "🧟" * 30,
    "a" * 5000,
    # digits that are not ASCII: isdigit() is true, int() refuses or reads another number
    "²",
    "³",
    "½",
    "٣",
    "५",
    "１２",
    "⑦",
    "𝟗",
    "remove_seat:²",
    "remove_seat:٣",
    "colony|²",
    "s²",
]
DEEP = 5000
"""How deep the nested JSON goes (far past Python's recursion limit)."""
LONG = "é" * 100_000
PLACEHOLDER = "deep-json-goes-here"
FIELD_NAMES = sorted(
    {name for params in PARAMETERS.values() for name in params}
    | {
        "type",
        "version",
        "by",
        "seed",
        "seat",
        "confirm",
        "edit",
        "_leader",
        "_back",
        "votes.s1",
        "votes.",
        "symbols*food",
        "symbols*",
        "place|entrance",
        "a|b|c",
        "name",
        "seat_name",
        "survivor_1",
        "ruleset",
        "variant",
        "objective",
        "survivor_mode",
        "sets",
        "modules",
        "mature",
        "player_elimination",
        "typed_name",
        "typed_morale",
        "scenario",
        "code",
        "next",
        "q",
    }
)


def nested(depth: int) -> str:
    """JSON nested ``depth`` deep: lists in objects in lists..."""
    return '{"a": [' * depth + "1" + "]}" * depth


def junk_text() -> st.SearchStrategy[str]:
    """Text a form should never trust."""
    return st.one_of(
        st.sampled_from(JUNK_WORDS),
        st.sampled_from([LONG, nested(DEEP), "[" * DEEP + "]" * DEEP]),
        st.text(alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=6),
        st.text(max_size=40),
        st.integers(-(10**30), 10**30).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
    )


# --- the world: two real games in a real games.db, and the devices -----------------------------


class World:
    """The app, its games.db as it must stay, the two games and the devices' cookies."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.app = self.fresh_app()
        self.db_path = Path(self.app.config["GAMES_DB"])
        db = store.open_db(self.db_path)
        try:
            self.a = store.create_game(db, "Game A", new_game(deal=True, seed=3))
            self.b = store.create_game(db, "Game B", new_game(deal=False, seed=4))
            state = store.current(db, self.b).state
            store.act(db, self.b, play.next_action(state, random.Random(5)), version=1)
            self.secret = {g: seats.join_secret(db, g) for g in (self.a, self.b)}
            self.versions = {g: store.current(db, g).version for g in (self.a, self.b)}
            self.export = store.export_game(db, self.a)
            self.states = {g: store.current(db, g).state for g in (self.a, self.b)}
        finally:
            db.close()
        self.cookies: dict[str, dict[str, str]] = {
            "table": {},
            "stranger": {},
            "phone": {f"seat_{self.a}": self.take_seat(self.a, "s1")},
            "other_phone": {f"seat_{self.b}": self.take_seat(self.b, "s1")},
            "forged": {
                f"seat_{self.a}": "forged-" + "x" * 40,
                f"table_{self.a}": "forged-" + "y" * 40,
                f"seat_{self.b}": "\u00e9\u00e8",
            },
        }
        checkpoint(self.db_path)
        self.pristine = self.db_path.read_bytes()
        self.before = digest(self.db_path)

    def fresh_app(self) -> Flask:
        """A new app over the data folder (its own idle connection and no heads held)."""
        config = {
            "SECRET_KEY": "fuzz-" + "k" * 32,
            "LIVE_LIFETIME": 0.2,
            "LIVE_POLL": 0.02,
            "LIVE_HEARTBEAT": 0.05,
        }
        return create_app(config, data_dir=self.data)

    def take_seat(self, game_id: str, seat_id: str) -> str:
        """A LAN phone joins ``game_id`` at ``seat_id``; its seat token."""
        table = self.app.test_client()
        code = CODE_RE.search(table.get(f"/games/{game_id}/join").text).group(1)
        phone = self.client("stranger")
        picker = phone.get(f"/j/{code}")
        assert picker.status_code == 303
        taken = phone.post(picker.headers["Location"], data={"seat": seat_id})
        assert taken.status_code == 303, taken.text
        return phone.get_cookie(f"seat_{game_id}").value

    def client(self, device: str):
        """A fresh test client for a device: its address and only its own cookies."""
        client = self.app.test_client()
        address = {
            "table": LOOPBACK,
            "phone": "192.168.1.21",
            "other_phone": "192.168.1.22",
            "stranger": "192.168.1.99",
            "forged": "10.0.0.7",
        }[device]
        client.environ_base["REMOTE_ADDR"] = address
        for name, value in getattr(self, "cookies", {}).get(device, {}).items():
            client.set_cookie(name, value)
        return client

    def restore(self) -> None:
        """games.db back to the two games as made (no request runs now): the app's idle
        connection is closed first, and a fresh app serves the file restored, holding no heads
        (their versions come again with other states)."""
        self.app.extensions[store_flask.KEEPER].close()
        for suffix in ("-wal", "-shm"):
            Path(str(self.db_path) + suffix).unlink(missing_ok=True)
        self.db_path.write_bytes(self.pristine)
        self.app = self.fresh_app()


def new_game(*, deal: bool, seed: int) -> dict[str, Any]:
    """A three-seat new_game action from cards.db."""
    return {"type": "new_game", "by": "table", "setup": play.setup_for(3, deal=deal), "seed": seed}


def checkpoint(path: Path) -> None:
    """Fold the WAL into the main file, so the file alone holds everything."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def digest(path: Path) -> tuple[list, ...]:
    """Everything a request could change: games rows, every log row with its state, claims."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return (
            conn.execute("select * from games order by id").fetchall(),
            conn.execute(
                "select game_id, seq, action, steps, state from actions order by game_id, seq"
            ).fetchall(),
            conn.execute("select * from game_cards order by game_id").fetchall(),
            conn.execute("select * from seat_claims order by token_hash").fetchall(),
        )
    finally:
        conn.close()


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    return World(tmp_path_factory.mktemp("fuzz"))


# --- what gets sent ---------------------------------------------------------------------------


@st.composite
def path_value(draw, world: World, argument: str) -> str:
    """A value for one URL argument: real ones, another game's, unknown and junk."""
    real = {
        "game_id": [world.a, world.a, world.b, "unknown1", world.a.upper()],
        "seat_id": ["s1", "s2", "s3", "s9", "table"],
        "secret": [world.secret[world.a], world.secret[world.b], "AAAA-AAAA", "0000"],
        "code": [
            seats.format_code(world.secret[world.a]),
            world.secret[world.b].lower(),
            "ZZZZ-ZZZZ",
            "en",
            "pt_BR",
        ],
        "filename": ["table.css", "htmx-2.0.11.min.js", "../games.db", "..%2f..%2fsecret_key"],
        "group": ["survivors", "corrections", "board", "Survivors"],
    }.get(argument, [])
    if draw(st.integers(0, 15)) == 0:  # percent-escapes that are not UTF-8
        return draw(st.sampled_from(["%FF%FE", "%C3%28", "%ED%A0%80", "s%801", "%00"]))
    real_first = real and draw(st.integers(0, 3)) > 0  # mostly real values, to get past 404
    value = draw(st.sampled_from(real)) if real_first else draw(junk_text())
    if value == "":
        value = "x"
    safe = "/" if argument == "filename" else ""
    return quote(value, safe=safe)


@st.composite
def form_fields(draw, world: World, kind: str) -> list[tuple[str, str]]:
    """Form fields for a route's kind: near-valid ones with junk mixed in, repeated, missing."""
    fields: list[tuple[str, str]] = []
    if kind in ("action", "version"):
        versions = [str(v) for v in world.versions.values()] + ["1", "0", "-1", "99999999"]
        if draw(st.integers(0, 5)):
            fields.append(("version", draw(st.sampled_from(versions) | junk_text())))
        if kind == "action" and draw(st.integers(0, 5)):
            fields.append(("type", draw(st.sampled_from(sorted(PARAMETERS)) | junk_text())))
    elif kind == "delete" and draw(st.booleans()):
        fields.append(("confirm", draw(st.sampled_from(["yes", "no", "YES"]) | junk_text())))
    elif kind == "seat" and draw(st.booleans()):
        fields.append(("seat", draw(st.sampled_from(["s1", "s2", "s3", "s9"]) | junk_text())))
    elif kind == "tick":
        items = ["board", "join", "first_player", "module_raxxon_experiments", "nope", ""]
        fields.append(("item", draw(st.sampled_from(items) | junk_text())))
        fields.append(("done", draw(st.sampled_from(["1", "0", ""]) | junk_text())))
    elif kind == "back" and draw(st.booleans()):
        fields.append(("_back", draw(st.sampled_from(["sheet", ""]) | junk_text())))
    elif kind == "newgame":
        fields += [
            ("name", draw(junk_text())),
            ("seat_name", "Ana"),
            ("seat_name", draw(junk_text())),
            ("ruleset", draw(st.sampled_from(["base", "long_night"]) | junk_text())),
            ("variant", draw(st.sampled_from(["standard", "coop"]) | junk_text())),
            ("objective", draw(st.sampled_from(["typed", "base.we-need-more-samples"]))),
            ("survivor_mode", draw(st.sampled_from(["dealt", "entered"]) | junk_text())),
            ("sets", draw(st.sampled_from(["base", ""]) | junk_text())),
            ("scenario", draw(st.sampled_from(["", "raxxon:1", "bandit_blitz:2"]) | junk_text())),
        ]
        if draw(st.booleans()):
            edits = ["add_seat", "remove_seat:0", "remove_seat:²", "remove_seat:٣", "remove_seat:"]
            fields.append(("edit", draw(st.sampled_from(edits))))
    extra = draw(
        st.lists(
            st.tuples(st.sampled_from(FIELD_NAMES) | junk_text(), junk_text()),
            max_size=8,
        )
    )
    fields += extra
    if draw(st.integers(0, 9)) == 0:  # one field many times over
        name, value = draw(st.sampled_from(FIELD_NAMES)), draw(junk_text())
        fields += [(name, value)] * draw(st.integers(2, 80))
    return draw(st.permutations(fields))


@st.composite
def request_for(draw, world: World, endpoint: str) -> dict[str, Any]:
    """One request to a route: method, path, query, body and headers."""
    rule = next(r for r in world.app.url_map.iter_rules() if r.endpoint == endpoint)
    path = rule.rule
    for argument in rule.arguments:
        value = draw(path_value(world, argument))
        path = re.sub(rf"<(?:[a-z]+:)?{argument}>", lambda _m, v=value: v, path)
    own = sorted(rule.methods - {"HEAD", "OPTIONS"})
    method = draw(st.sampled_from(own if draw(st.integers(0, 4)) else METHODS))
    kind = ROUTES[endpoint]
    query = ""
    if kind in QUERY_KEYS or draw(st.integers(0, 4)) == 0:
        key = QUERY_KEYS.get(kind, "x")
        good = ["/", "//evil.example", "sheet", "yes", "2", "1"]
        pairs = [(key, draw(st.sampled_from(good) | junk_text()))]
        pairs += draw(st.lists(st.tuples(junk_text(), junk_text()), max_size=3))
        query = "?" + urlencode(pairs)
    headers = {}
    if draw(st.integers(0, 5)) == 0:
        # (the test client cannot send a line break in a header; no server would pass one on)
        headers["Host"] = draw(
            st.sampled_from(HOSTS) | junk_text().filter(lambda t: "\r" not in t and "\n" not in t)
        )
    if draw(st.booleans()):
        headers["HX-Request"] = draw(st.sampled_from(["true", "false", "1", "junk"]))
    if draw(st.integers(0, 5)) == 0:
        headers["HX-History-Restore-Request"] = "true"
    out: dict[str, Any] = {"method": method, "path": path + query, "headers": headers}
    if method in ("GET", "HEAD", "OPTIONS"):
        return out
    shape = draw(st.sampled_from(["form", "form", "form", "bytes", "many", "none", "json"]))
    if kind == "import":
        shape = draw(st.sampled_from(["upload", "upload", "form", "bytes", "none"]))
    if shape == "form":
        out["data"] = urlencode(draw(form_fields(world, kind))).encode()
        out["content_type"] = "application/x-www-form-urlencoded"
    elif shape == "bytes":  # not UTF-8 at all, in names and values
        fields = draw(form_fields(world, kind))
        raw = b"&".join(
            quote(name).encode() + b"=" + draw(st.binary(max_size=30)).replace(b"&", b"\xff")
            for name, _value in fields
        )
        out["data"] = raw + b"&type=\xff\xfe&version=\x80\x81"
        out["content_type"] = "application/x-www-form-urlencoded"
    elif shape == "many":  # more fields than any form has
        out["data"] = urlencode([("f", "x")] * 1100).encode()
        out["content_type"] = "application/x-www-form-urlencoded"
    elif shape == "json":
        out["data"] = json.dumps({"type": "end_turn", "version": 1}).encode()
        out["content_type"] = draw(st.sampled_from(["application/json", "text/plain"]))
    elif shape == "upload":
        payload = draw(
            st.sampled_from(["junk", "not json", "mangled", "whole", "deep", "deep_inside"])
            | st.binary(max_size=200)
        )
        if payload == "deep":
            payload = draw(st.sampled_from([nested(DEEP), "[" * 100_000 + "]" * 100_000]))
            payload = payload.encode()
        elif payload == "deep_inside":  # a real save with one field nested thousands deep
            save = json.loads(json.dumps(world.export))
            where = draw(st.sampled_from(["name", "action", "setup", "top"]))
            if where == "name":
                save["name"] = PLACEHOLDER
            elif where == "action":
                save["actions"][-1]["deep"] = PLACEHOLDER
            elif where == "setup":
                save["actions"][0]["setup"]["seats"][0]["name"] = PLACEHOLDER
            else:
                save["deep"] = PLACEHOLDER
            payload = json.dumps(save).replace(f'"{PLACEHOLDER}"', nested(DEEP)).encode()
        elif payload == "mangled":
            save = json.loads(json.dumps(world.export))
            save["actions"][draw(st.integers(0, len(save["actions"]) - 1))] = draw(junk_text())
            payload = json.dumps(save).encode()
        elif payload == "whole":
            payload = json.dumps(world.export).encode()
        elif isinstance(payload, str):
            payload = payload.encode()
        field = draw(st.sampled_from(["save", "save", "file"]))
        out["files"] = (field, payload, draw(st.sampled_from(["save.json", "", "\u00e9.bin"])))
    return out


def send(client, req: dict[str, Any]):
    """Send one drawn request through the test client."""
    kw: dict[str, Any] = {"method": req["method"], "headers": req["headers"]}
    if "files" in req:
        field, payload, filename = req["files"]
        kw["data"] = {field: (io.BytesIO(payload), filename)}
        kw["content_type"] = "multipart/form-data"
    elif "data" in req:
        kw["data"] = req["data"]
        kw["content_type"] = req["content_type"]
    return client.open(req["path"], **kw)


def visible_text(body: bytes) -> str:
    """The words a person would see in an answer's body."""
    text = body.decode("utf-8", "replace")
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
    return " ".join(unescape(TAG_RE.sub(" ", text)).split())


# --- the tests --------------------------------------------------------------------------------


def test_every_route_is_fuzzed(world):
    endpoints = {rule.endpoint for rule in world.app.url_map.iter_rules()}
    assert endpoints == set(ROUTES), (
        f"routes not fuzzed here: {sorted(endpoints - set(ROUTES))}; "
        f"fuzzed but gone: {sorted(set(ROUTES) - endpoints)}"
    )


def check(world: World, endpoint: str, device: str, req: dict[str, Any]) -> int:
    """Send one request as ``device`` and hold the answer to the rules; its status."""
    world.restore()
    response = send(world.client(device), req)
    body = response.get_data()
    status = response.status_code
    shown = {k: (v if len(str(v)) < 300 else str(v)[:300] + "...") for k, v in req.items()}
    failing = f"{device} {endpoint} {shown} -> {status}"
    assert status < 500, failing + "\n" + body.decode("utf-8", "replace")[:2000]
    if status >= 400 or req["method"] in ("GET", "HEAD", "OPTIONS"):
        assert digest(world.db_path) == world.before, "changed games.db: " + failing
    if 400 <= status < 500 and req["method"] != "HEAD":
        assert visible_text(body), "a refusal with no message: " + failing
    return status


def fuzz(world: World, endpoint: str, examples: int) -> None:
    """Run hypothesis over one route."""

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(device=st.sampled_from(DEVICES), req=request_for(world, endpoint))
    def one(device: str, req: dict[str, Any]) -> None:
        seen[check(world, endpoint, device, req)] += 1

    seen: Counter[int] = Counter()
    one()
    print(f"{endpoint}: {sum(seen.values())} requests, by status {dict(sorted(seen.items()))}")


@pytest.mark.parametrize("examples", SIZES)
@pytest.mark.parametrize("endpoint", sorted(ROUTES))
def test_junk_at_every_route(world, endpoint, examples):
    fuzz(world, endpoint, examples)


@pytest.mark.long
@pytest.mark.parametrize("endpoint", sorted(ROUTES))
def test_junk_at_every_route_long(world, endpoint):
    fuzz(world, endpoint, LONG_EXAMPLES)


@st.composite
def deep_action_form(draw, world: World, game_id: str) -> list[tuple[str, str]]:
    """A form past the version check: a real action type at the game's version, its own
    arguments (and sometimes others') filled with plausible values, junk, lists and maps."""
    state = world.states[game_id]
    plausible = sorted(
        {"s1", "s2", "s3", "s9", "colony", "colony|4", "colony|7", "1", "0", "2", "3", "999"}
        | {"1000", "true", "false", "food", "fuel", "medicine", "blank", "bite", "wound"}
        | {s["id"] for s in state["survivors"]}
        | {loc["id"] for loc in state["locations"]}
        | {f"{loc['id']}|1" for loc in state["locations"]}
        | set(state["secrets"]["s1"]["dealt_survivors"])
    )
    value = st.sampled_from(plausible) | junk_text()
    kind = draw(st.sampled_from(sorted(PARAMETERS)))
    fields = [("type", kind), ("version", str(world.versions[game_id]))]
    names = sorted(PARAMETERS[kind])
    if draw(st.integers(0, 4)) == 0:
        names.append(draw(st.sampled_from(FIELD_NAMES)))
    for name in names:
        shape = draw(st.sampled_from(["one", "one", "many", "map", "count", "none"]))
        if shape == "one":
            fields.append((name, draw(value)))
        elif shape == "many":
            fields += [(name, v) for v in draw(st.lists(value, max_size=6))]
        elif shape == "map":
            fields.append((f"{name}.{draw(st.sampled_from(['s1', 's2', 's9', '']))}", draw(value)))
        elif shape == "count":
            fields.append((f"{name}*{draw(value)}", draw(value)))
    if draw(st.booleans()):
        fields.append(("seed", draw(st.sampled_from(["1", "0", str(2**64), "-5"]) | junk_text())))
    return draw(st.permutations(fields))


@pytest.mark.parametrize("examples", DEEP_SIZES)
@pytest.mark.parametrize(
    ("endpoint", "device", "game"),
    [("game.act", "table", "b"), ("game.act", "table", "a"), ("phone.act", "phone", "a")],
)
def test_action_forms_past_the_version_check(world, endpoint, device, game, examples):
    """The controls' forms at the right version, as the device that may post them: every
    action type with its own fields filled with plausible values and junk."""
    game_id = world.a if game == "a" else world.b
    path = f"/games/{game_id}/act" if endpoint == "game.act" else f"/phone/{game_id}/act"
    seen: Counter[int] = Counter()

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(fields=deep_action_form(world, game_id), fragment=st.booleans())
    def one(fields: list[tuple[str, str]], fragment: bool) -> None:
        req = {
            "method": "POST",
            "path": path,
            "headers": {"HX-Request": "true"} if fragment else {},
            "data": urlencode(fields).encode(),
            "content_type": "application/x-www-form-urlencoded",
        }
        seen[check(world, endpoint, device, req)] += 1

    one()
    print(f"{path} as {device}: {sum(seen.values())} forms, by status {dict(sorted(seen.items()))}")


PAIRS = [(device, method) for device in DEVICES for method in METHODS]
"""Every (device, method) pair: 35."""
SHARES = 3
"""The default sweep gives route n (in endpoint order) the pairs whose index is n modulo this."""


def plain_routes(world: World) -> list[tuple[str, str]]:
    """(endpoint, path) of every route, in endpoint order, on the real games' ids."""
    values = {
        "game_id": world.a,
        "seat_id": "s1",
        "secret": world.secret[world.a],
        "code": world.secret[world.a],
        "filename": "table.css",
        "group": "corrections",
    }
    routes = []
    for rule in sorted(world.app.url_map.iter_rules(), key=lambda r: (r.endpoint, r.rule)):
        path = rule.rule
        for argument in rule.arguments:
            path = re.sub(rf"<(?:[a-z]+:)?{argument}>", values[argument], path)
        routes.append((rule.endpoint, path))
    return routes


def check_plain(world: World, endpoint: str, path: str, device: str, method: str) -> None:
    """One route as ``device`` with ``method`` and a plain valid-looking form (the version of
    game A and a real action type), held to the rules (``check``)."""
    req: dict[str, Any] = {"method": method, "path": path, "headers": {}}
    if method not in ("GET", "HEAD", "OPTIONS"):
        req["data"] = urlencode(
            {"version": str(world.versions[world.a] + 7), "type": "end_turn"}
        ).encode()
        req["content_type"] = "application/x-www-form-urlencoded"
    check(world, endpoint, device, req)


def test_every_device_and_method_meets_every_route(world):
    """Not left to chance, a third of the whole sweep below: route n gets the (device, method)
    pairs whose index is n modulo 3, so every route meets every device and every method, and
    every pair meets about ten routes (7 methods and 5 devices: each residue holds them all)."""
    routes = plain_routes(world)
    pairs: Counter[tuple[str, str]] = Counter()
    met: dict[str, set[str]] = {}
    for n, (endpoint, path) in enumerate(routes):
        for device, method in PAIRS[n % SHARES :: SHARES]:
            check_plain(world, endpoint, path, device, method)
            pairs[device, method] += 1
            met.setdefault(endpoint, set()).update((device, method))
    assert set(pairs) == set(PAIRS) and min(pairs.values()) >= len(routes) // SHARES
    assert set(met) == set(ROUTES) == {endpoint for endpoint, _ in routes}
    assert all(seen == set(DEVICES) | set(METHODS) for seen in met.values())
    assert sum(pairs.values()) < len(routes) * len(PAIRS) // 2


@pytest.mark.proof
def test_every_device_and_method_at_every_route(world):
    """Not left to chance: each route once per device and method, with a plain valid-looking
    form (the version of game A and a real action type), on the real games' ids."""
    seen = 0
    for endpoint, path in plain_routes(world):
        for device, method in PAIRS:
            check_plain(world, endpoint, path, device, method)
            seen += 1
    assert seen == len(ROUTES) * len(DEVICES) * len(METHODS)


def odd_inputs(world: World) -> list[tuple[str, str, dict[str, Any]]]:
    """Inputs that once answered 500, sent as the device that gets furthest: (endpoint,
    device, request). Not left to hypothesis's draw (issue 18, point 5)."""
    b, version = world.b, world.versions[world.b]
    form = "application/x-www-form-urlencoded"

    def post(path: str, fields: list[tuple[str, str]]) -> dict[str, Any]:
        return {
            "method": "POST",
            "path": path,
            "headers": {},
            "data": urlencode(fields).encode(),
            "content_type": form,
        }

    def upload(payload: str) -> dict[str, Any]:
        return {
            "method": "POST",
            "path": "/games/import",
            "headers": {},
            "files": ("save", payload.encode(), "save.json"),
        }

    save = json.dumps({**world.export, "name": PLACEHOLDER})
    game_form = [("name", "Odd"), ("seat_name", "Ana"), ("seat_name", "Bo")]
    game_form += [("ruleset", "base"), ("variant", "standard"), ("sets", "base")]
    cases = [
        ("home.import_save", "table", upload(nested(DEEP))),
        ("home.import_save", "table", upload("[" * 100_000 + "]" * 100_000)),
        ("home.import_save", "table", upload(save.replace(f'"{PLACEHOLDER}"', nested(DEEP)))),
        ("home.import_save", "table", upload(save.replace(PLACEHOLDER, LONG))),
        ("newgame.create", "table", post("/games/new", [*game_form, ("edit", "remove_seat:²")])),
        ("newgame.create", "table", post("/games/new", [*game_form, ("edit", "remove_seat:٣")])),
        ("newgame.create", "table", post("/games/new", [*game_form, ("name", LONG)])),
        (
            "newgame.create",
            "table",
            post(
                "/games/new",
                [*game_form, ("objective", "typed"), ("typed_name", "Mine")]
                + [(f"typed_{key}", "²") for key in ("morale", "round_track", "food")],
            ),
        ),
        ("home.index", "table", {"method": "GET", "path": "/?page=%C2%B2", "headers": {}}),
        ("join.code", "stranger", {"method": "GET", "path": "/j/" + quote(LONG), "headers": {}}),
        (
            "cards.index",
            "table",
            {"method": "GET", "path": "/cards?q=" + quote(LONG), "headers": {}},
        ),
    ]
    for digit in ("²", "٣", "１２", "𝟗"):
        for kind, name in (("add_barricade", "entrance"), ("kill_zombies", "entrance")):
            fields = {"type": kind, "version": str(version), "place": "colony", "entrance": "1"}
            cases.append(("game.act", "table", post(f"/games/{b}/act", [*fields.items()])))
            fields[name] = digit
            cases.append(("game.act", "table", post(f"/games/{b}/act", [*fields.items()])))
        fields = {"type": "add_barricade", "version": digit, "place": "colony", "entrance": "1"}
        cases.append(("game.act", "table", post(f"/games/{b}/act", [*fields.items()])))
        fields = {"type": "add_zombies_by_hand", "version": str(version), "place": "colony"}
        cases.append(
            ("game.act", "table", post(f"/games/{b}/act", [*fields.items(), ("count", digit)]))
        )
    return cases


def test_odd_inputs_that_once_answered_500(world):
    failures = []
    for number, (endpoint, device, req) in enumerate(odd_inputs(world)):
        try:
            check(world, endpoint, device, req)
        except AssertionError as error:
            status = re.search(r"-> (\d+)", str(error))
            fields = unquote(req.get("data", b"").decode())[:80]
            failures.append(f"#{number} {endpoint} {fields} -> {status and status.group(1)}")
    assert not failures, "answered 500:\n" + "\n".join(failures)
