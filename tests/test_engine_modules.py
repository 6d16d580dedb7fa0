"""Each Long Night module lives in its folder and joins the core through the hooks it registers
(core/hooks.py): the core names no module, and a game built without a module's registration is
a base game that plays through the front door exactly as with it."""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine.core import hooks

ENGINE = Path(__file__).resolve().parent.parent / "companion" / "engine"
CORE = ["core", "board", "colony", "setup", "turns", "words"]
CORE_FILES = ["legal.py", "views.py", "search.py", "permissions.py"]
MODULES = ["bandits", "improvements", "raxxon"]


def _imports(path: Path) -> list[str]:
    """The modules a Python file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
    return out


def test_the_core_imports_no_module():
    """The core's folders and files call hooks, never a module's function by name."""
    files = [p for folder in CORE for p in (ENGINE / folder).rglob("*.py")]
    files += [ENGINE / name for name in CORE_FILES]
    naming = {
        str(p.relative_to(ENGINE)): m
        for p in files
        for m in _imports(p)
        if m.startswith("companion.engine.modules")
    }
    assert naming == {}


def test_every_module_registers_and_every_hook_is_specified():
    """The three modules are registered, each under hooks the core specifies."""
    assert hooks.registered() == MODULES
    with pytest.raises(AssertionError, match="unknown hook"):
        hooks.register("nothing", not_a_hook=lambda: None)


def test_a_hook_runs_the_modules_in_registration_order(monkeypatch):
    """each/first/merged/folded/any_of read the registered functions in order."""
    monkeypatch.setitem(hooks._HOOKS, "fewer_zombies", [])
    hooks.register("a", fewer_zombies=lambda st, place: 1)
    hooks.register("b", fewer_zombies=lambda st, place: 2)
    assert hooks.each("fewer_zombies", {}, "colony") == [1, 2]
    assert hooks.first("fewer_zombies", {}, "colony") == 1
    assert hooks.any_of("fewer_zombies", {}, "colony") is True
    monkeypatch.setitem(hooks._HOOKS, "zombie_count", [])
    hooks.register("a", zombie_count=lambda st, steps, place, n: n - 3)
    hooks.register("b", zombie_count=lambda st, steps, place, n: max(n, 0))
    assert hooks.folded("zombie_count", 2, {}, [], "colony") == 0
    assert hooks.folded("zombie_count", 5, {}, [], "colony") == 2


WITHOUT = """
import json, random, sys
sys.path.insert(0, "tests")
import companion.engine as engine
from companion.engine.core import hooks
from companion.engine.legal import legal_actions
import play
left_out = set(sys.argv[1:])
for name, fns in hooks._HOOKS.items():  # the registry built without the modules left out
    fns[:] = [(module, fn) for module, fn in fns if module not in left_out]
out = {"registered": hooks.registered(), "games": []}
for players, seed in ((3, 1), (3, 2), (5, 3), (4, 4)):
    rng = random.Random(seed)
    state, log = play.start(players, seed)
    lists = []
    for _ in range(300):
        lists.append(legal_actions(state))
        if state.get("ended") and state["ended"]["winners"] is not None:
            break
        action = play.next_action(state, rng, 0.6)
        try:
            state, _ = engine.apply(state, action)
        except engine.RuleError:
            continue
        log.append(action)
    assert engine.replay(log) == state
    out["games"].append({
        "actions": len(log), "round": state["round"], "ended": bool(state["ended"]),
        "fields": sorted(state), "legal": json.dumps(lists),
        "view": sorted(engine.table_view(state)),
    })
print(json.dumps(out))
"""


@functools.cache
def _base_games(*left_out: str) -> dict:
    """Random base games through the front door in a fresh interpreter whose hook registry is
    built without the modules ``left_out``."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT, *left_out],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("module", MODULES)
def test_a_base_game_plays_the_same_without_a_module(module):
    """Left out of the registry, a module takes nothing from a base game: the games play, end or
    go on, replay exactly and list the same legal actions at every step as with every module."""
    full = _base_games()
    without = _base_games(module)
    assert full["registered"] == MODULES
    assert without["registered"] == [m for m in MODULES if m != module]
    for game, base in zip(full["games"], without["games"], strict=True):
        assert game["actions"] > 10
        assert base["legal"] == game["legal"]
        assert base["actions"] == game["actions"] and base["round"] == game["round"]
        assert module not in base["fields"] or module == "improvements"
    assert without["games"][0]["fields"] == [
        f for f in full["games"][0]["fields"] if f not in ("bandits", "raxxon")
    ]


def test_a_base_game_plays_without_any_module():
    """With no module registered at all, the base game still plays and replays."""
    bare = _base_games(*MODULES)
    assert bare["registered"] == []
    assert all(game["actions"] > 10 for game in bare["games"])
    assert not {"bandits", "raxxon"} & set(bare["games"][0]["fields"])
    assert "bandit_board" not in bare["games"][0]["view"]
