"""The hooks a Long Night module registers, and the calls the core makes to them.

The core (legal.py, the colony phase, the crisis, the new game's state) never names a module:
it calls a hook by its name here, and each module registers its functions for the hooks it
takes part in (``engine/modules/__init__.py``, one line per module). A hook's functions run in
the order the modules were registered. Leaving a module's registration out leaves the base game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SPECS: dict[str, str] = {
    "record": "fn(settings, locations) -> {field: record} | None: the module's record in a new"
    " game's state (state.new_game), None when the module is not in play",
    "table_pending": "fn(state) -> choices | None: the table's actions while the module's own"
    " decision is pending (legal.py), None for another decision",
    "seat_pending": "fn(state, seat_id) -> choices | None: a seat's actions while the module's"
    " own decision is pending (legal.py), None for another decision",
    "corrections": "fn(state) -> choices: the module's table corrections (legal.py)",
    "table_choices": "fn(state) -> choices: the module's table entries open in any phase of a"
    " game under way (legal.py)",
    "turn_choices": "fn(state, active seat) -> choices: what the module adds to a turn (legal.py)",
    "reveal_choices": "fn(state) -> {argument: values}: what revealing a crisis may take more"
    " (legal.py)",
    "crisis_revealed": "fn(state, steps, card, rng, without) -> None: after a crisis is"
    " revealed (crisis.py)",
    "colony_opening_due": "fn(state) -> bool: the colony phase must begin with the module's"
    " check (phases.py, legal.py)",
    "colony_opening": "fn(state, steps) -> None: first thing in the colony phase (phases.py)",
    "zombie_count": "fn(state, steps, place, count) -> count: the colony phase's zombies at a"
    " place, changed by the module (steps.py)",
    "fewer_zombies": "fn(state, place) -> int: how many fewer zombies the module brings to a"
    " place (steps.py's preview)",
    "after_zombies": "fn(state, steps) -> None: after the colony phase's zombies (steps.py)",
    "no_search_deck": "fn(state, place) -> bool: nobody searches at the place (search.py)",
    "search_refusal": "fn(state, place, exposure) -> None: raises RuleError where the module"
    " refuses a search (search.py)",
    "search_exposure": "fn(state, place) -> bool: a search at the place is followed by an"
    " exposure roll (search.py)",
    "waiting": "fn(state) -> waiting | None: a task of the module's the table must do now,"
    " before the phase's own (views.waiting_for)",
    "table_view": "fn(shown state) -> {field: value}: the module's fields of the table view"
    " (views.table_view)",
    "sentences": "fn() -> domain: the module's sentences, a module with ``MESSAGES`` and"
    " ``RENDERERS`` (sentences.py)",
    "chapter_begins": "fn(state, steps, code) -> None: the module's changes as a special"
    ' scenario\'s chapter begins, its card\'s code ("R1"... "B3"; scenarios/chapters.py)',
    "chapter_reader": "fn(state, code) -> seat | None: who reads a completed chapter aloud where"
    " the module's rules say (scenarios/chapters.py)",
    "sealed_at_setup": "fn(state, code) -> {location id}: the locations a starting chapter"
    " seals before setup's zombies come (scenarios/chapters.py)",
    "setup_parts": "fn() -> {module: {part: sentence}}: the module's parts of the table's"
    " setup in the rulebook's order, each with its sentence (setup/modules.py)",
    "place": "fn(state, name) -> location id | None: the module's own location called ``name``"
    ' on the board ("raxxon", "hideout"), None when it is not the module\'s or not there'
    " (scenarios/named.py, special_exile.py)",
}
"""Each hook by name: how its functions are called and what they return (the hook specs)."""

_HOOKS: dict[str, list[tuple[str, Callable[..., Any]]]] = {name: [] for name in SPECS}
_ORDER: list[str] = []


def register(module: str, **hooks: Callable[..., Any]) -> None:
    """Register ``module``'s functions, one keyword per hook it takes part in."""
    for name, fn in hooks.items():
        assert name in SPECS, f"{module} registers an unknown hook {name}"
        assert all(m != module for m, _ in _HOOKS[name]), f"{module} registers {name} twice"
        _HOOKS[name].append((module, fn))
    _ORDER.append(module)


def registered() -> list[str]:
    """The modules registered, in registration order."""
    seen: list[str] = []
    for module in _ORDER:
        if module not in seen and any(m == module for fns in _HOOKS.values() for m, _ in fns):
            seen.append(module)
    return seen


def _fns(name: str) -> list[Callable[..., Any]]:
    """The functions registered for the hook ``name``, in order."""
    return [fn for _, fn in _HOOKS[name]]


def each(name: str, *args: Any) -> list[Any]:
    """Call every function of the hook ``name``; returns their results in order."""
    return [fn(*args) for fn in _fns(name)]


def first(name: str, *args: Any) -> Any:
    """The first result of the hook ``name`` that is not None, or None."""
    for fn in _fns(name):
        got = fn(*args)
        if got is not None:
            return got
    return None


def merged(name: str, *args: Any) -> dict[str, Any]:
    """The hook ``name``'s results (dicts) merged in order."""
    out: dict[str, Any] = {}
    for got in each(name, *args):
        out.update(got or {})
    return out


def any_of(name: str, *args: Any) -> bool:
    """Whether any function of the hook ``name`` answers yes."""
    return any(each(name, *args))


def folded(name: str, value: Any, *args: Any) -> Any:
    """``value`` passed through every function of the hook ``name`` (the last argument)."""
    for fn in _fns(name):
        value = fn(*args, value)
    return value
