"""Each Long Night module lives in its folder and joins the core through the hooks it registers
(core/hooks.py): the core names no module, and a copy of the source tree without a module's
folder and its one registration line plays base games through the front door exactly as the
whole tree does, and The Long Night with the modules left."""

from __future__ import annotations

import ast
import functools
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from companion.engine.core import hooks

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "companion" / "engine"
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
    """No engine file outside engine/modules/ imports a module: the core calls hooks, the
    front door and the sentences reach the modules through their registration (the modules
    package), the special scenarios through hooks too."""
    files = [p for p in ENGINE.rglob("*.py") if "modules" not in p.relative_to(ENGINE).parts]
    naming = {
        str(p.relative_to(ENGINE)): m
        for p in files
        for m in _imports(p)
        if m.startswith("companion.engine.modules.")
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


PLAY = """
import hashlib, importlib.util, json, random, sys
sys.path.insert(1, sys.argv[1])
import companion
import companion.engine as engine
from companion.engine.core import hooks
from companion.engine.legal import legal_actions
from companion.engine.sentences import KINDS, render_steps
import play
play.BOARD = (*play.BOARD, "search_location")  # the search's sentence is the base game's
out = {"root": companion.__file__, "registered": hooks.registered(), "games": {}}
out["kinds"] = sorted(KINDS)
names = json.loads(sys.argv[3])
out["found"] = {m: bool(importlib.util.find_spec("companion.engine.modules." + m)) for m in names}


def digest(value):
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def game(players, seed, **kw):
    rng = random.Random(seed)
    state, log = play.start(players, seed, **kw)
    lists, sentences = [], []
    for _ in range(160):
        lists.append(legal_actions(state))
        if state.get("ended") and state["ended"]["winners"] is not None:
            break
        action = play.next_action(state, rng, 0.6)
        try:
            state, steps = engine.apply(state, action)
        except engine.RuleError:
            continue
        log.append(action)
        sentences += [render_steps(steps, state, loc) for loc in ("en", "pt_BR")]
    assert engine.replay(log) == state
    return {
        "actions": len(log), "round": state["round"], "legal": digest(lists),
        "sentences": digest(sentences), "state": digest(state),
        "view": {k: digest(v) for k, v in engine.table_view(state).items()},
    }


for players, seed in ((3, 1), (3, 2), (4, 4), (5, 3), (5, 6)):
    out["games"][f"base-{players}-{seed}"] = game(players, seed)
for modules in json.loads(sys.argv[2]):
    settings = {"modules": modules}
    out["games"]["long-night-" + "+".join(modules)] = game(
        4, 5, ruleset="long_night", settings=settings
    )
print(json.dumps(out))
"""
"""A fresh interpreter's random games through the front door (argv: the tests folder, the
lists of modules to play The Long Night with, the module names): base games with 3, 4 and 5
players and a Long Night game per list, each a digest of its legal lists at every step, its
sentences in both languages, its last state and table view, and exact replay checked; the step
kinds the sentences know."""


def _remove(tree: Path, module: str) -> None:
    """Delete a module's folder and its one registration line from a copied source tree."""
    shutil.rmtree(tree / "companion" / "engine" / "modules" / module)
    registry = tree / "companion" / "engine" / "modules" / "__init__.py"
    lines = registry.read_text(encoding="utf-8").splitlines(keepends=True)
    mine = [line for line in lines if f"companion.engine.modules.{module} " in line]
    assert len(mine) == 1, mine
    registry.write_text("".join(line for line in lines if line not in mine), encoding="utf-8")


@functools.cache
def _games(removed: tuple[str, ...], long_night: tuple[tuple[str, ...], ...]) -> dict:
    """``PLAY`` run in a copy of companion/ without the modules ``removed`` (the whole tree
    when none), The Long Night played with each list of ``long_night``."""
    with tempfile.TemporaryDirectory(prefix="modules-") as tmp:
        tree = Path(tmp)
        shutil.copytree(
            ROOT / "companion",
            tree / "companion",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        for module in removed:
            _remove(tree, module)
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                PLAY,
                str(ROOT / "tests"),
                json.dumps(long_night),
                json.dumps(MODULES),
            ],
            cwd=tree,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        out = json.loads(done.stdout)
        assert out["root"] == str(tree / "companion" / "__init__.py")
    assert out["found"] == {m: m not in removed for m in MODULES}
    return out


def _left(*removed: str) -> tuple[str, ...]:
    """The modules left once ``removed`` are taken out."""
    return tuple(m for m in MODULES if m not in removed)


def _whole() -> dict:
    """The whole tree's games, The Long Night with every set of modules a removal leaves."""
    lists = (*(_left(m) for m in MODULES), ())
    return _games((), lists)


MODULE_VIEWS = {"bandits": {"bandit_board"}, "raxxon": {"side_effects"}, "improvements": set()}
"""The table view's fields each module adds (its ``table_view`` hook)."""


def _said_outside(kind: str, removed: tuple[str, ...]) -> list[str]:
    """The engine files, outside the folders of the modules ``removed`` and the words' tables
    (words/, the sentences), that name the step kind ``kind``: a step they may emit."""
    folders = [ENGINE / "modules" / m for m in removed] + [ENGINE / "words"]
    return [
        str(p.relative_to(ENGINE))
        for p in ENGINE.rglob("*.py")
        if not any(p.is_relative_to(f) for f in folders)
        and "sentences" not in p.name
        and (f'"{kind}"' in p.read_text(encoding="utf-8"))
    ]


def _same_games(whole: dict, without: dict, removed: tuple[str, ...]) -> None:
    """Without the modules ``removed`` the games are the whole tree's: the same legal lists at
    every step, sentences, actions, rounds and last states; the table view lacks only the
    removed modules' fields; the sentences lost are of steps only the removed modules emit."""
    assert without["registered"] == list(_left(*removed))
    lost = set(whole["kinds"]) - set(without["kinds"])
    assert lost and set(without["kinds"]) <= set(whole["kinds"])
    assert {
        kind: _said_outside(kind, removed) for kind in lost if _said_outside(kind, removed)
    } == {}
    gone = set().union(*(MODULE_VIEWS[m] for m in removed))
    for name, game in without["games"].items():
        full = whole["games"][name]
        assert game["actions"] > 10
        for key in ("legal", "sentences", "actions", "round", "state"):
            assert game[key] == full[key], (name, key)
        assert game["view"] == {k: v for k, v in full["view"].items() if k not in gone}, name
        assert set(full["view"]) - set(game["view"]) == gone, name


@pytest.mark.parametrize("module", MODULES)
def test_a_tree_without_a_module_plays_as_the_whole_tree(module):
    """A copy of companion/ without one module's folder and its line in engine/modules/
    __init__.py imports, plays base games and The Long Night with the other two modules through
    the front door exactly as the whole tree does, and replays them exactly."""
    whole = _whole()
    assert whole["registered"] == MODULES
    without = _games((module,), (_left(module),))
    assert set(without["games"]) == {
        *(g for g in whole["games"] if g.startswith("base")),
        "long-night-" + "+".join(_left(module)),
    }
    _same_games(whole, without, (module,))


def test_a_tree_without_any_module_plays_the_base_game():
    """Without all three modules' folders and lines, the base game and a Long Night game with
    no module still play, replay and list what the whole tree lists."""
    without = _games(tuple(MODULES), ((),))
    assert without["registered"] == []
    _same_games(_whole(), without, tuple(MODULES))


def test_a_tree_refuses_a_removed_module_at_setup():
    """A setup that asks for a module the tree no longer holds is refused by name, not half
    played: the known modules are the registered ones."""
    script = (
        "import sys; sys.path.insert(1, sys.argv[1]); import play, companion.engine as e\n"
        "try:\n"
        "    play.start(3, 1, ruleset='long_night', settings={'modules': ['raxxon']})\n"
        "except e.RuleError as err:\n"
        "    print(err)\n"
    )
    with tempfile.TemporaryDirectory(prefix="modules-") as tmp:
        tree = Path(tmp)
        shutil.copytree(
            ROOT / "companion", tree / "companion", ignore=shutil.ignore_patterns("__pycache__")
        )
        _remove(tree, "raxxon")
        done = subprocess.run(
            [sys.executable, "-c", script, str(ROOT / "tests")],
            cwd=tree,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "unknown module(s): raxxon (known: improvements, bandits)"
