"""Shared fixtures: an app on a temporary data folder, its test client, and real new games."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from helpers.browser import CHROMIUM, browser_missing, launch_chromium
from helpers.console import ConsoleWatch, WatchedBrowser
from helpers.routes import SharedBuilders
from helpers.templates import SharedBytecode
from hypothesis import settings
from live_server import LiveServer
from werkzeug.routing.rules import Rule
from werkzeug.serving import make_server

from companion import create_app
from companion.cards.load import load_cards

SETUP_PATH = "/games/{}/setup"

# Property tests check rules, not speed: on a shared 2-core machine one example may take more
# than hypothesis's default 200 ms, which failed a run now and then (no test here times a rule).
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")


@pytest.fixture(scope="session", autouse=True)
def shared_compiled_templates():
    """Every app this test process makes shares its compiled templates (helpers/templates.py):
    one compile per template and process instead of one per test."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            Flask, "jinja_options", {**Flask.jinja_options, "bytecode_cache": SharedBytecode()}
        )
        yield


@pytest.fixture(scope="session", autouse=True)
def shared_url_builders():
    """Every app this test process makes shares its routes' URL builders (helpers/routes.py):
    one compile per route and process instead of two per app."""
    shared = SharedBuilders(Rule._compile_builder)

    def compile_builder(rule: Rule, append_unknown: bool = True) -> Any:
        return shared(rule, append_unknown)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Rule, "_compile_builder", compile_builder)
        yield shared


@pytest.fixture(scope="session")
def chromium_process() -> Iterator[Any]:
    """Headless Debian chromium through Playwright, launched once per test process."""
    if not Path(CHROMIUM).exists():
        browser_missing(f"{CHROMIUM} is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        browser_missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        launched = launch_chromium(p)
        yield launched
        launched.close()


FACTORY_MODULES = ("factory", "tests.factory")
"""The test factory, imported under either name: each copy's shared data is watched."""
FACTORY_DATA: dict[str, str] = {}


def _factory_data(module: Any) -> str:
    """A factory module's module-level cards and locations, as text to compare."""
    shared = {k: v for k, v in vars(module).items() if k.isupper()}
    return json.dumps(shared, sort_keys=True, default=repr)


@pytest.fixture(autouse=True)
def factory_data_unchanged() -> Iterator[None]:
    """Fail a test that changed the factory's shared data: the next test would see it, and the
    suite would pass or fail by its order."""
    for name in FACTORY_MODULES:
        if name in sys.modules and name not in FACTORY_DATA:
            FACTORY_DATA[name] = _factory_data(sys.modules[name])
    yield
    for name, before in FACTORY_DATA.items():
        assert _factory_data(sys.modules[name]) == before, f"a test changed {name}'s shared data"


LONGEST = {
    "test_screens_in_view_browser.py": 39,
    "test_web_game_browser.py": 23,
    "test_engine_front_door.py": 21,
    "test_proof_fuzz_routes.py": 21,
    "test_taps_phone_turns_browser.py": 18,
    "test_web_game.py": 17,
    "test_serve_stream.py": 16,
    "test_engine_modules.py": 15,
    "test_board_touch_browser.py": 15,
    "test_a11y_browser.py": 14,
    "test_web_table_layout_browser.py": 12,
    "test_proof_crash.py": 8,
    "test_phone_long_night_turn_browser.py": 8,
    "test_web_glance_browser.py": 8,
    "test_card_choice_browser.py": 7,
    "test_store_engine.py": 6,
    "test_newgame_browser.py": 6,
    "test_phone_objective_browser.py": 6,
    "test_forms_afresh_browser.py": 5,
}
"""The longest files of the default run, with their seconds (one process, 2-core machine,
rounded): ``-n 2`` hands each process a whole file at a time in the order they are sorted
(pyproject's ``--dist loadfile --no-loadscope-reorder``), so these start first, longest first,
and the short files fill in at the end: no process ends alone on a long file. A file missing
here costs little; its place only moves it."""
FIRST = ("_browser.py", "test_proof_", "test_serve_")
"""Files not in LONGEST that still run before the others (browser walks, the proofs' default
shares, real servers): each a few seconds, more than most of the rest."""


def _runs_first(item: pytest.Item) -> bool:
    name = item.path.name
    return name.endswith(FIRST[0]) or name.startswith(FIRST[1:])


def _weight(item: pytest.Item) -> float:
    """Where a test's file goes in the order: its LONGEST seconds, else 1 for FIRST's files."""
    return LONGEST.get(item.path.name, 1.0 if _runs_first(item) else 0.0)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of the longest files first (LONGEST, then FIRST's), each file's tests still
    together and in order (a stable sort): only the order changes, and every process of ``-n``
    sorts the same way."""
    items.sort(key=lambda item: -_weight(item))


CONSOLE = pytest.StashKey[ConsoleWatch]()


@pytest.fixture
def browser(request: pytest.FixtureRequest, chromium_process) -> Iterator[Any]:
    """The test process's chromium for one test: every context (and page) the test opened is
    closed after it, so no test sees another's pages, cookies or storage; and the test fails on
    a console error in any of them (helpers/console.py; a 4xx the test expects is named with
    ``@pytest.mark.refusals(409, ...)``)."""
    marker = request.node.get_closest_marker("refusals")
    watch = ConsoleWatch(marker.args if marker else ())
    request.node.stash[CONSOLE] = watch
    yield WatchedBrowser(chromium_process, watch)
    for context in list(chromium_process.contexts):
        context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """After a browser test's body has passed, fail it on its pages' console errors."""
    result = yield
    watch = item.stash.get(CONSOLE, None)
    if watch is not None:
        watch.check()
    return result


LIVE_SEED = 1729
"""The draws of a real server in the browser tests when the test names no ``seed(n)``."""


@pytest.fixture
def companion_server(request: pytest.FixtureRequest, tmp_path) -> Iterator[LiveServer]:
    """A real `companion serve` on a free loopback port over a fresh data folder, its draws
    seeded (the test's ``@pytest.mark.seed(n)``, else ``LIVE_SEED``) so a play-through deals
    the same cards on every run."""
    data = tmp_path / "data"
    data.mkdir()
    marker = request.node.get_closest_marker("seed")
    with LiveServer(data, seed=marker.args[0] if marker else LIVE_SEED) as live:
        yield live


@pytest.fixture
def served(app_config, tmp_path) -> Iterator[tuple[Any, str]]:
    """(app, base URL) of a real threaded server on 127.0.0.1, stopped afterwards."""
    app = create_app(app_config, data_dir=tmp_path)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture
def app_config(request: pytest.FixtureRequest) -> dict[str, Any]:
    """A test app's config: TESTING, and ``RANDOM_SEED`` from the test's ``@pytest.mark.seed(n)``
    (then the game's draws repeat from run to run; without it they are the system's)."""
    marker = request.node.get_closest_marker("seed")
    return {"TESTING": True} if marker is None else {"TESTING": True, "RANDOM_SEED": marker.args[0]}


@pytest.fixture
def app(app_config, tmp_path):
    """An app whose runtime data (games.db, secret key) lives in a temporary folder."""
    return create_app(app_config, data_dir=tmp_path)


@pytest.fixture
def client(app):
    """A test client for the app (its requests come from loopback: the laptop itself)."""
    return app.test_client()


@pytest.fixture
def table(app):
    """The table's test client (loopback, as the laptop's own browser)."""
    return app.test_client()


@pytest.fixture
def game_form(app) -> Callable[..., dict[str, Any]]:
    """Build the fields of the new game form: ``game_form(players=3, **options)``.

    Options: ``name``, ``names`` (seat names), ``variant``, ``ruleset``, ``survivors``
    ("entered" or "dealt"), ``objective`` (an id, or "typed" with ``typed={...}``), ``modules``,
    ``sets``, ``player_elimination``, ``mature`` and ``survivor_cards`` (names per seat).
    Seats get distinct survivors from cards.db, three each in the two-player variant.
    """
    cards = load_cards(app.config["CARDS_DB"])
    pool = [card["name"] for card in sorted(cards["survivors"], key=lambda c: c["id"])]
    objective = cards["main_objectives"][0]["id"]
    all_sets = [s["id"] for s in cards["sets"]]

    def build(players: int = 3, **options: Any) -> dict[str, Any]:
        variant = options.get("variant", "standard")
        names = list(options.get("names") or [f"Player {n}" for n in range(1, players + 1)])
        keep = 3 if variant == "two_player" else 2
        chosen = options.get("survivor_cards") or [
            pool[n * keep : (n + 1) * keep] for n in range(len(names))
        ]
        columns = {f"survivor_{k}": [] for k in (1, 2, 3)}
        for picked in chosen:
            for k in (1, 2, 3):
                columns[f"survivor_{k}"].append(picked[k - 1] if len(picked) >= k else "")
        form: dict[str, Any] = {
            "name": options.get("name", "Test game"),
            "seat_name": names,
            **columns,
            "ruleset": options.get("ruleset", "base"),
            "variant": variant,
            "sets": options.get("sets", all_sets),
            "modules": options.get("modules", []),
            "objective": options.get("objective", objective),
            "survivor_mode": options.get("survivors", "entered"),
        }
        if options.get("mature", True):
            form["mature"] = "on"
        if options.get("player_elimination", False):
            form["player_elimination"] = "on"
        for key, value in (options.get("typed") or {}).items():
            form[f"typed_{key}"] = value
        return form

    return build


@pytest.fixture
def new_game(game_form) -> Callable[..., str]:
    """Create a real game through the new game form: ``new_game(client, players=3, **options)``.

    Returns the new game's id (the form answers 303 to its setup checklist).
    """

    def create(client, players: int = 3, **options: Any) -> str:
        response = client.post("/games/new", data=game_form(players, **options))
        assert response.status_code == 303, response.get_data(as_text=True)
        location = response.headers["Location"]
        game_id = location.split("/")[-2]
        assert location.endswith(SETUP_PATH.format(game_id))
        return game_id

    return create
