"""One declaration per action, written on its entry point, and the registry that holds them.

``@rule(label, lines, who=..., about=...)`` on an entry point, with ``@answers(question)`` and
``@takes(choices, **domains)`` below it, says everything the front door needs to know about
that action: its type name (the function's), who may take it, what names the seat it
concerns, the open decision it answers, its label, its rulebook lines, the function that lists
its choices now and the domain of each argument (where in the actor's legal choices the values
it may take now are listed). ``actions.ACTIONS``, ``actions.PARAMETERS``, ``permissions.WHO``,
``decisions.QUESTIONS`` and ``labels.ACTION_WORDS`` are views of this registry, and
``outside`` is the one interpreter of the domains that ``actions.apply`` runs against the
legal list (legal.py), so an argument is accepted exactly when a screen could offer it.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from companion.engine.words.labels import ACTION_WORDS

TABLE = "table"
"""Only the table."""
CORRECTION = "correction"
"""Only the table, as a correction: a count set by hand, a board fix, a card's effect."""
TURN = "turn"
"""The seat whose turn it is, or the table, during a turn."""
NEXT = "next"
"""The seat whose turn comes next, or the table."""
OWN = "own"
"""Only the seat the action is about (it carries that seat's secrets)."""
OPEN = "open"
"""The seat the action is about, or the table for it."""
WHO_KINDS = (TABLE, CORRECTION, TURN, NEXT, OWN, OPEN)
PENDING = "pending"
"""The question of the one pending decision (decisions.py)."""
SURVIVOR = "survivor:survivor_id"
"""``about``: the owner of the survivor the argument ``survivor_id`` names."""
TABLE_ACTOR = "table"
"""The actor name of the table (a seat's is its id); a choices function is asked for it too."""
PRIVATE = ("state", "rng")
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Domain:
    """Where the values an argument may take now are listed in the actor's choices.

    ``kind`` is one of: ``among`` (the value is in ``choices[key]``: a list, or a map's keys),
    ``each`` (every item of a list value is in ``choices[key]``), ``keyed`` (the value is in
    ``choices[key][args[by]]``), ``entrance`` (``{place, entrance}`` is in ``choices[key]``, the
    places and entrances taken from the arguments ``by``), ``range`` (a whole number from
    ``choices[key][0]`` to ``choices[key][1]``), ``die`` (a face listed, or a word like "roll"),
    ``within`` (one of another list argument's items), ``flag`` (True only for an ``args[by]``
    listed in ``choices[key]``), ``dice`` (one face per listed token: ``choices[key]`` is
    ``{places, faces}``), ``free`` (typed by the table: only its type is checked). ``each`` of a
    map value (a vote) takes exactly the listed keys."""

    kind: str
    key: str | None = None
    by: tuple[str, ...] = ()
    sub: str | None = None


def among(key: str | None = None) -> Domain:
    """The value is one of ``choices[key]`` (the argument's own name by default)."""
    return Domain("among", key)


def each(key: str | None = None) -> Domain:
    """Every item of the list value is one of ``choices[key]``; a map value (a vote) has one
    entry for each of them, and no other."""
    return Domain("each", key)


def keyed(key: str, by: str, sub: str | None = None) -> Domain:
    """The value is one of ``choices[key][args[by]]`` (a move's place keyed by its survivor),
    or of ``choices[key][args[by]][sub]``; one of ``choices[key]`` where that is a list."""
    return Domain("keyed", key, (by,), sub)


def entrance(key: str, place: str = "place", number: str = "entrance") -> Domain:
    """The arguments ``place`` and ``number`` name one of the entrances ``choices[key]``
    (records ``{place, entrance}``, the entrance None at a location's single one)."""
    return Domain("entrance", key, (place, number))


def record(key: str, **fields: str) -> Domain:
    """The arguments name one of the records ``choices[key]``: each of ``fields`` maps a
    record's field to the argument that must equal it."""
    return Domain("record", key, tuple(f"{f}={a}" for f, a in fields.items()))


def number(key: str | None = None) -> Domain:
    """A whole number from ``choices[key][0]`` to ``choices[key][1]``."""
    return Domain("range", key)


def die(key: str | None = None, *words: str) -> Domain:
    """A die's face among ``choices[key]``, or one of ``words`` (default "roll": the companion
    rolls it with the action's seed; "skip" where a card says not to roll)."""
    return Domain("die", key, words or ("roll",))


def dice(key: str | None = None) -> Domain:
    """One face for each token ``choices[key]["places"]`` lists, in its order, each among
    ``choices[key]["faces"]`` (dice the table rolled itself); left out only when none is
    listed."""
    return Domain("dice", key)


def within(arg: str) -> Domain:
    """The value is one of the items the argument ``arg`` gives (the leader among the kept)."""
    return Domain("within", None, (arg,))


def flag(key: str, by: str) -> Domain:
    """True only for an ``args[by]`` listed in ``choices[key]`` (False is always allowed)."""
    return Domain("flag", key, (by,))


ROLL_OR_SKIP = Domain("die", None, ("roll", "skip"))
"""A die's face listed, "roll", or "skip" where a card says not to roll."""
FREE = Domain("free")
"""Typed in by the table (a name, a count, a card's effects): only its type is checked."""
PART = Domain("part")
"""Checked together with another argument's domain (an entrance's number)."""


@dataclass(frozen=True)
class Declared:
    """One action type, as its declaration beside its entry point says it."""

    name: str
    entry: Callable[..., Any]
    who: str
    label: str
    about: str | None = None
    question: str | None = None
    lines: tuple[str, ...] = ()
    domains: Mapping[str, Domain] = field(default_factory=dict)
    parameters: Mapping[str, tuple[Any, bool]] = field(default_factory=dict)
    choices: Callable[..., Mapping[str, Any] | None] | None = None

    @property
    def correction(self) -> bool:
        """Whether the action is one of the table's corrections."""
        return self.who == CORRECTION

    def domain(self, name: str) -> Domain:
        """The domain of the argument ``name``: declared, else among the choices of its name."""
        return self.domains.get(name, Domain("among", name))


REGISTRY: dict[str, Declared] = {}
"""Every declared action, by type name, in the order declared."""


def _parameters(fn: Callable[..., Any]) -> dict[str, tuple[Any, bool]]:
    """An entry point's JSON parameters: name -> (type hint, required)."""
    hints = typing.get_type_hints(fn)
    out: dict[str, tuple[Any, bool]] = {}
    for name, param in inspect.signature(fn).parameters.items():
        if name in PRIVATE:
            continue
        out[name] = (hints.get(name, Any), param.default is inspect.Parameter.empty)
    return out


def declare(
    entry: Callable[..., Any],
    *,
    who: str,
    label: str,
    about: str | None = None,
    question: str | None = None,
    lines: tuple[str, ...] = (),
    kind: str | None = None,
    parameters: Mapping[str, tuple[Any, bool]] | None = None,
    choices: Callable[..., Mapping[str, Any] | None] | None = None,
    **domains: Domain,
) -> Declared:
    """Declare the action ``entry`` (named after it, or ``kind``) and register it; returns the
    declaration.

    ``who`` is one of ``WHO_KINDS``; ``about`` names the seat it concerns (an argument, or
    ``survivor:<arg>`` for that survivor's owner, or ``pending`` for the seat a decision waits
    for); ``question`` is the open decision it answers (decisions.py); ``label`` its N_-marked
    words; ``lines`` its rulebook lines; ``choices`` the function that lists the values its
    arguments may take now (``fn(state, actor) -> choices``, None when it is not open), which
    legal.py asks where its gating lets the action in; each keyword ``domains`` an argument's
    ``Domain``."""
    kind = kind or entry.__name__
    assert who in WHO_KINDS, who
    domains = {**_parts(domains), **domains}
    assert kind not in REGISTRY, f"{kind} is declared twice"
    params = dict(parameters) if parameters is not None else _parameters(entry)
    for arg in domains:
        assert arg in params, f"{kind} declares a domain for {arg}, which it does not take"
    declared = Declared(
        kind, entry, who, label, about, question, tuple(lines), domains, params, choices
    )
    REGISTRY[kind] = declared
    ACTION_WORDS[kind] = label
    return declared


def _parts(domains: Mapping[str, Domain]) -> dict[str, Domain]:
    """The arguments checked together with another's domain (an entrance's number, a record's
    other fields), as ``PART``."""
    out: dict[str, Domain] = {}
    for arg, dom in domains.items():
        if dom.kind == "entrance":
            out[dom.by[1]] = PART
        elif dom.kind == "record":
            out.update({pair.split("=", 1)[1]: PART for pair in dom.by})
            out.pop(arg, None)
    return out


_SAID: dict[Callable[..., Any], dict[str, Any]] = {}
"""What the decorators below ``rule`` said of an entry point, until ``rule`` declares it."""


def _say(**said: Any) -> Callable[[F], F]:
    """A decorator that keeps ``said`` for the ``rule`` above it."""

    def mark(entry: F) -> F:
        """Keep what was said of ``entry``; hand it back unchanged."""
        assert entry not in {d.entry for d in REGISTRY.values()}, "@act.rule goes on top"
        _SAID.setdefault(entry, {}).update(said)
        return entry

    return mark


def answers(question: str) -> Callable[[F], F]:
    """The open decision the action answers (decisions.py's key, or ``PENDING``)."""
    return _say(question=question)


def takes(
    choices: Callable[..., Mapping[str, Any] | None] | None = None, **domains: Domain
) -> Callable[[F], F]:
    """The action's arguments: ``choices`` the function that lists the values they may take
    now (``fn(state, actor) -> choices``, None when it is not open), each keyword an
    argument's ``Domain`` (an argument it does not name is among the choices of its name)."""
    return _say(choices=choices, **domains)


def rule(
    label: str, lines: str = "", *, who: str, about: str | None = None, kind: str | None = None
) -> Callable[[F], F]:
    """Declare the decorated entry point as an action (``declare``), with ``label`` its
    N_-marked words, ``lines`` its rulebook lines (separated by spaces), ``who`` and ``about``
    who may take it, and what ``answers`` and ``takes`` below it say."""

    def mark(entry: F) -> F:
        """Register ``entry`` and hand it back unchanged."""
        said = _SAID.pop(entry, {})
        lines_kept = tuple(lines.split())
        declare(entry, who=who, label=label, about=about, lines=lines_kept, kind=kind, **said)
        return entry

    return mark


def choices_now(kind: str, st: Any, actor: str) -> Mapping[str, Any] | None:
    """The choices the declaration of ``kind`` lists for ``actor`` now, or None (not open)."""
    listing = REGISTRY[kind].choices
    assert listing is not None, f"{kind} declares no choices"
    return listing(st, actor)


def open_now(st: Any, actor: str, *kinds: str) -> dict[str, dict[str, Any]]:
    """Those of ``kinds`` open to ``actor`` now, each with the choices its declaration lists."""
    out = {}
    for kind in kinds:
        listed = choices_now(kind, st, actor)
        if listed is not None:
            out[kind] = dict(listed)
    return out


class View(Mapping[str, Any]):
    """A read-only table read from the registry: one field of every declaration (worked out
    again only when an action was declared since)."""

    def __init__(self, read: Callable[[Declared], Any], keep: Callable[[Declared], bool]) -> None:
        self._read = read
        self._keep = keep
        self._made: tuple[int, dict[str, Any]] = (-1, {})

    def _table(self) -> dict[str, Any]:
        """The table as the registry holds it now."""
        if self._made[0] != len(REGISTRY):
            table = {k: self._read(d) for k, d in REGISTRY.items() if self._keep(d)}
            self._made = (len(REGISTRY), table)
        return self._made[1]

    def __getitem__(self, kind: str) -> Any:
        return self._table()[kind]

    def __contains__(self, kind: object) -> bool:
        return kind in self._table()

    def get(self, kind: str, default: Any = None) -> Any:
        return self._table().get(kind, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


def view(read: Callable[[Declared], Any], keep: Callable[[Declared], bool] | None = None) -> View:
    """A table of one field of every declaration (of those ``keep`` keeps)."""
    return View(read, keep or (lambda d: True))


# --- the one interpreter of the domains ----------------------------------------------------


def _listed(listed: Any) -> list[Any]:
    """A choices entry as the values it lists (a map lists its keys)."""
    if isinstance(listed, Mapping):
        return list(listed)
    if isinstance(listed, list | tuple):
        return list(listed)
    return []


def outside(
    declared: Declared, choices: Mapping[str, Any], args: Mapping[str, Any]
) -> tuple[str, Any] | None:
    """The first argument of ``args`` whose value ``choices`` does not list now, as
    (argument, value); None when every value is listed. Dice left out count as none rolled."""
    rolled = {a: None for a, d in declared.domains.items() if d.kind == "dice"}
    for arg, value in {**rolled, **args}.items():
        dom = declared.domain(arg)
        if dom.kind in ("free", "part"):
            continue
        key = dom.key or arg
        left_out = value is None and not declared.parameters[arg][1]
        if left_out and (dom.kind != "dice" or key not in choices):
            continue  # an optional argument left to its default
        if dom.kind == "within":
            given = args.get(dom.by[0])
            if value not in (given if isinstance(given, list) else []):
                return arg, value
            continue
        if dom.kind == "flag":
            if value is True and args.get(dom.by[0]) not in _listed(choices.get(key)):
                return arg, value
            continue
        if key not in choices:
            if arg == declared.about or value is None or value is False or value == []:
                continue  # the actor's own seat (permissions.py), or left empty
            return arg, value
        if not _fits(dom, choices[key], value, args):
            return arg, value
    return None


def _fits(dom: Domain, listed: Any, value: Any, args: Mapping[str, Any]) -> bool:
    """Whether ``value`` is among what ``listed`` offers, read by the domain ``dom``."""
    if dom.kind == "keyed" and isinstance(listed, Mapping):
        at = listed.get(args.get(dom.by[0]))
        if dom.sub is not None:
            at = at.get(dom.sub) if isinstance(at, Mapping) else None
        return value in _listed(at)
    if dom.kind == "die":
        faces = value if isinstance(value, list) else [value]
        return all(v in dom.by or v in _listed(listed) for v in faces)
    if dom.kind == "dice":
        rolled = [] if value is None else value
        if not isinstance(listed, Mapping) or not isinstance(rolled, list):
            return False
        faces = _listed(listed.get("faces"))
        return len(rolled) == len(_listed(listed.get("places"))) and all(
            not isinstance(f, bool) and f in faces for f in rolled
        )
    if dom.kind in ("among", "keyed", "each"):
        items = value if isinstance(value, list | dict) else [value]
        if dom.kind == "each" and not isinstance(value, list | dict):
            return False
        offered = _listed(listed)
        if dom.kind == "each" and isinstance(value, dict):
            return set(value) == set(offered)
        return all(v in offered for v in items)
    if dom.kind == "range":
        low, high = listed
        return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high
    if dom.kind == "entrance":
        numbers = args.get(dom.by[1])
        return all(
            any(
                isinstance(t, Mapping)
                and t.get("place") == value
                and (at is None or t.get("entrance") in (None, at))
                for t in listed
            )
            for at in (numbers if isinstance(numbers, list) else [numbers])
        )
    if dom.kind == "record":
        pairs = [pair.split("=", 1) for pair in dom.by]
        return any(
            isinstance(r, Mapping) and all(r.get(f) == args.get(a) for f, a in pairs)
            for r in listed
        )
    return False  # pragma: no cover
