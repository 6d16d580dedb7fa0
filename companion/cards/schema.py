"""Card tables, the effect and trigger vocabularies of docs/card-sources.md, record validation."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.engine.core.errors import RuleError
from companion.engine.core.objective_needs import check_needs
from companion.engine.core.objective_progress import check_counts
from companion.engine.core.vocabulary import (
    EFFECT_KINDS,
    EXPOSURE_RESULTS,
    HEAL_KINDS,
    OBJECTIVE_KINDS,
    PLAYER_PICKS,
    REQUIRED_SIDE_NUMBERS,
    SIDE_NUMBERS,
    SYMBOLS,
    TARGETS,
    WHERES,
    WOUND_KINDS,
)
from companion.engine.core.vocabulary import MODULES as ENGINE_MODULES
from companion.engine.words.card_texts import SOURCE_LOCALE, TRANSLATED_LOCALES, translated

SHIPPED_SETS: dict[str, str] = {
    "base": "Dead of Winter: A Crossroads Game",
    "long_night": "Dead of Winter: The Long Night",
    "companion": "Companion originals",
}

CARD_TABLES: tuple[str, ...] = (
    "crossroads",
    "objectives",
    "crises",
    "main_objectives",
    "survivors",
    "locations",
    "improvements",
)
SECRET_TABLES: frozenset[str] = frozenset({"crossroads", "objectives"})
CSV_TABLES: tuple[str, ...] = ("crossroads", "objectives", "survivors")

MODULES: tuple[str, ...] = ("", *ENGINE_MODULES)

LOCALES: tuple[str, ...] = (SOURCE_LOCALE, *TRANSLATED_LOCALES)

# Table -> its top-level text fields that take a translation (nested texts: see NESTED_TEXTS).
TRANSLATED_FIELDS: dict[str, tuple[str, ...]] = {
    "crossroads": ("name", "trigger", "story"),
    "objectives": ("name", "goal"),
    "crises": ("name", "fail_text", "bonus_text"),
    "main_objectives": ("name", "goal", "story"),
    "survivors": ("name", "occupation", "ability_location"),
    "locations": ("name",),
    "improvements": ("name",),
}
PROPER_NAMES: dict[str, tuple[str, ...]] = {"survivors": ("name",)}
"""Fields that may take a translation but usually need none (a person's name): an empty one
is not counted as a fallback to English."""
NESTED_TEXTS: tuple[str, ...] = ("text", "extra")
"""Nested text keys that take a translation: an option's or manual effect's `text`, a setup's
`extra` (written `text_pt_BR`, `extra_pt_BR` inside their table, kept only when not empty)."""


TIMES: tuple[str, ...] = ("short", "medium", "long")
GENDERS: tuple[str, ...] = ("", "m", "f")
"""A location's grammatical gender in Portuguese (``pt_BR_gender``): "m" (o Mercado), "f" (a
Delegacia), or "" when unknown; sentences contract their preposition with its article (no
Mercado, na Delegacia)."""

# Trigger kind -> {param: (type, required)}.
TRIGGER_KINDS: dict[str, dict[str, tuple[str, bool]]] = {
    "start-of-turn": {},
    "moves-to": {"location": ("str", True)},
    "searches-at": {"location": ("str", False)},
    "kills-zombie": {"location": ("str", False), "outside_colony": ("bool", False)},
    "attacks-survivor": {},
    "barricades": {"location": ("str", False)},
    "cleans-waste": {},
    "adds-to-crisis": {},
    "plays-card": {"symbol": ("symbol", True)},
    "spends-food": {},
    "requests": {},
    "calls-exile-vote": {},
    "exposure-result": {"result": ("exposure_result", True)},
    "controls-survivor": {"survivor": ("str", True)},
    "survivor-at": {"survivor": ("str", True), "location": ("str", True)},
    "morale-at-most": {"value": ("int", True)},
    "food-at-most": {"value": ("int", True)},
    "waste-at-least": {"value": ("int", True)},
    "helpless-at-least": {"value": ("int", True)},
    "colony-zombies-at-least": {"value": ("int", True)},
    "wounded-survivor": {},
    "any-time": {},
}

# Setup side of a main objective: field -> (required, default).
SETUP_FIELDS: dict[str, tuple[bool, Any]] = {
    **{key: (True, None) for key in REQUIRED_SIDE_NUMBERS},
    **{key: (False, 0) for key in SIDE_NUMBERS if key not in REQUIRED_SIDE_NUMBERS},
    "extra": (False, ""),
}

FLAG_FIELDS: tuple[str, ...] = ("mature", "non_coop")

# Table -> its fields after id and name, in order: a required field as its type, an optional
# one as (type, default). Every table starts with id and name; the loop below spells each
# field out as (type, required, default), with its translations after it and the flags every
# record has at the end.
_OWN_FIELDS: dict[str, dict[str, str | tuple[str, Any]]] = {
    "crossroads": {
        "trigger": "text",
        "trigger_kind": "trigger_kind",
        "trigger_params": ("trigger_params", {}),
        "vote": ("bool", False),
        "story": ("str", ""),
        "options": "options",
    },
    "objectives": {
        "kind": "objective_kind",
        "goal": "text",
        "requires": ("requires", []),
    },
    "crises": {
        "prevent": "symbols",
        "fail_text": "text",
        "fail_effects": ("effects", []),
        "bonus_text": ("str", ""),
        "bonus_effects": ("effects", []),
        "bandits": ("bandits", []),
    },
    "main_objectives": {
        "time": "time",
        "goal": "text",
        "story": ("str", ""),
        "standard": "setup",
        "hardcore": "setup",
        "counts": ("counts", None),
    },
    "survivors": {
        "occupation": "text",
        "influence": "int",
        "attack": "int",
        "search": "int",
        "ability_location": "text",
        "human": ("bool", True),
        "set_aside": ("bool", False),
    },
    "locations": {
        "number": "count",
        "entrances": ("count", 1),
        "entrance_spaces": "count",
        "survivor_spaces": "count",
        "symbols": ("symbols_any", []),
        "pt_BR_gender": ("gender", ""),
    },
    "improvements": {
        "needs": "count",
    },
}
FIELDS: dict[str, dict[str, tuple[str, bool, Any]]] = {}
"""Table -> ordered {field: (type, required, default)} of a source record (the set is implied)."""
for _table, _own in _OWN_FIELDS.items():
    _fields = FIELDS[_table] = {}
    for _name, _spec in {"id": "id", "name": "text", **_own}.items():
        _fields[_name] = (
            (_spec, True, None) if isinstance(_spec, str) else (_spec[0], False, _spec[1])
        )
        if _name in TRANSLATED_FIELDS[_table]:
            for _locale in TRANSLATED_LOCALES:
                _fields[translated(_name, _locale)] = ("str", False, "")
    _fields["mature"] = ("bool", False, False)
    _fields["non_coop"] = ("bool", False, False)
    _fields["module"] = ("module", False, "")

JSON_COLUMNS: frozenset[str] = frozenset(
    name
    for fields in FIELDS.values()
    for name, (kind, _, _) in fields.items()
    if kind
    in {
        "trigger_params",
        "options",
        "symbols",
        "symbols_any",
        "effects",
        "bandits",
        "setup",
        "counts",
        "requires",
    }
)
BOOL_COLUMNS: frozenset[str] = frozenset({"vote", "mature", "non_coop", "human", "set_aside"})
"""True/false columns. ``human`` (survivors): false for a survivor who is not human (Sparky the
dog, Blue the chimp), which Bandit Blitz B1's completion asks about (000:960-968).
``set_aside`` (survivors): a named survivor a special scenario sets aside and puts in play
itself (Blue and Emma Han, 000:874); never dealt from the survivor deck."""
SET_ASIDE_MAY_OMIT: frozenset[str] = frozenset(
    {"influence", "attack", "search", "occupation", "ability_location"}
)
"""The survivor fields a set-aside survivor may leave out where the books print none (Blue's
numbers, 000:900): the table types them when the survivor enters (engine scenarios/named.py)."""

SET_ID = re.compile(r"^[a-z0-9][a-z0-9_]*$")
SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"


@dataclass(frozen=True)
class Problem:
    """One validation problem: which file, which record or line, which field, and what."""

    file: str
    where: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.field}: {self.message}"


class CardProblems(Exception):
    """Raised when sources or a pack hold problems; nothing was written."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        lines = "\n".join(str(p) for p in problems[:50])
        more = f"\n... and {len(problems) - 50} more" if len(problems) > 50 else ""
        super().__init__(f"{len(problems)} problem(s):\n{lines}{more}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


CLOSED_KINDS: dict[str, Any] = {
    "module": MODULES,
    "objective_kind": OBJECTIVE_KINDS,
    "gender": GENDERS,
    "time": TIMES,
    "symbol": SYMBOLS,
    "target": TARGETS,
    "wound_type": WOUND_KINDS,
    "heal_type": HEAL_KINDS,
    "player_pick": PLAYER_PICKS,
    "exposure_result": EXPOSURE_RESULTS,
}
"""A scalar kind whose value is one of a fixed list, and that list."""


def _check_scalar(kind: str, value: Any) -> str | None:
    """Return a message when `value` is not of the scalar `kind`, else None."""
    if kind in ("str",):
        return None if isinstance(value, str) else "must be text"
    if kind == "text":
        if not isinstance(value, str):
            return "must be text"
        return None if value.strip() else "must not be empty"
    if kind == "int":
        return None if _is_int(value) else "must be a whole number"
    if kind == "count":
        return None if _is_int(value) and value >= 0 else "must be a whole number, 0 or more"
    if kind == "bool":
        return None if isinstance(value, bool) else "must be true or false"
    if kind in CLOSED_KINDS:
        known = CLOSED_KINDS[kind]
        return None if value in known else f"must be one of {_choices(known)}"
    if kind == "trigger_kind":
        return None if value in TRIGGER_KINDS else "is not a trigger kind of docs/card-sources.md"
    if kind == "where":
        if value in WHERES or (
            isinstance(value, str) and re.fullmatch(rf"[a-z0-9_]+\.{SLUG}", value)
        ):
            return None
        return f"must be one of {_choices(WHERES)} or a location id"
    raise ValueError(f"unknown scalar kind {kind}")


def _choices(values: Iterable[str]) -> str:
    return ", ".join(repr(v) for v in values)


def normalise_effects(
    value: Any, field: str, problems: list[tuple[str, str]]
) -> list[dict[str, Any]]:
    """Check a list of effects; append (field, message) problems; return it with defaults."""
    if not isinstance(value, list):
        problems.append((field, "must be a list of effects"))
        return []
    out: list[dict[str, Any]] = []
    for n, effect in enumerate(value, start=1):
        here = f"{field}[{n}]"
        if not isinstance(effect, dict):
            problems.append((here, "must be a table with a kind"))
            continue
        kind = effect.get("kind")
        if kind not in EFFECT_KINDS:
            problems.append((f"{here}.kind", f"{kind!r} is not an effect kind"))
            continue
        spec = EFFECT_KINDS[kind]
        clean: dict[str, Any] = {"kind": kind}
        extra = _nested_translations(effect, spec, here, problems)
        for name in effect:
            if name != "kind" and name not in spec and name not in extra:
                problems.append((f"{here}.{name}", f"is not a field of a {kind} effect"))
        for name, (ftype, required, default) in spec.items():
            if name not in effect:
                if required:
                    problems.append((f"{here}.{name}", "is missing"))
                elif default is not None:
                    clean[name] = default
                continue
            message = _check_scalar(ftype, effect[name])
            if message:
                problems.append((f"{here}.{name}", message))
            clean[name] = effect[name]
        if (effect.get("target") == "named") != ("survivor" in effect):
            problems.append((f"{here}.survivor", "is given exactly when the target is 'named'"))
        clean.update(extra)
        out.append(clean)
    return out


def _nested_translations(
    table: dict[str, Any], known: Iterable[str], here: str, problems: list[tuple[str, str]]
) -> dict[str, str]:
    """The `<text>_<locale>` keys of a nested table whose `<text>` is one of `known`.

    Checked as text; returned only when not empty (an empty one means "not translated").
    """
    out: dict[str, str] = {}
    for name in NESTED_TEXTS:
        if name not in known:
            continue
        for locale in TRANSLATED_LOCALES:
            key = translated(name, locale)
            if key not in table:
                continue
            value = table[key]
            if not isinstance(value, str):
                problems.append((f"{here}.{key}", "must be text"))
            elif value.strip():
                out[key] = value
    return out


def _normalise_value(name: str, ftype: str, value: Any, problems: list[tuple[str, str]]) -> Any:
    """Check one field's value and return its normal form."""
    if ftype == "effects":
        return normalise_effects(value, name, problems)
    if ftype in ("symbols", "symbols_any"):
        if not isinstance(value, list) or not all(v in SYMBOLS for v in value):
            problems.append((name, f"must be a list of symbols from {_choices(SYMBOLS)}"))
            return []
        if ftype == "symbols" and not value:
            problems.append((name, "must name at least one symbol"))
        return list(value)
    if ftype == "bandits":
        if not isinstance(value, list) or not all(_is_int(v) and v >= 1 for v in value):
            problems.append((name, "must be a list of location numbers (1 or more)"))
            return []
        return list(value)
    if ftype == "trigger_params":
        if not isinstance(value, dict):
            problems.append((name, "must be a table of parameters"))
            return {}
        return dict(sorted(value.items()))
    if ftype == "options":
        return _normalise_options(value, problems)
    if ftype == "setup":
        return _normalise_setup(name, value, problems)
    if ftype == "counts":
        return _normalise_counts(name, value, problems)
    if ftype == "requires":
        return _normalise_needs(name, value, problems)
    if ftype == "id":
        return value
    message = _check_scalar(ftype, value)
    if message:
        problems.append((name, message))
    return value


def _normalise_options(value: Any, problems: list[tuple[str, str]]) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not 1 <= len(value) <= 3:
        problems.append(("options", "must hold 1 to 3 options"))
        return []
    out = []
    for n, option in enumerate(value, start=1):
        here = f"options[{n}]"
        if not isinstance(option, dict):
            problems.append((here, "must be a table with text and effects"))
            continue
        extra = _nested_translations(option, ("text",), here, problems)
        known = ("text", "effects", *(translated("text", loc) for loc in TRANSLATED_LOCALES))
        for name in option:
            if name not in known:
                problems.append((f"{here}.{name}", "is not a field of an option"))
        text = option.get("text")
        if not isinstance(text, str) or not text.strip():
            problems.append((f"{here}.text", "must be a sentence"))
        effects = normalise_effects(option.get("effects", []), f"{here}.effects", problems)
        out.append({"text": text, **extra, "effects": effects})
    return out


def _normalise_setup(side: str, value: Any, problems: list[tuple[str, str]]) -> dict[str, Any]:
    if not isinstance(value, dict):
        problems.append((side, "must be a table of setup numbers"))
        return {}
    clean: dict[str, Any] = {}
    extra = _nested_translations(value, ("extra",), side, problems)
    known = {*SETUP_FIELDS, *(translated("extra", loc) for loc in TRANSLATED_LOCALES)}
    for name in value:
        if name not in known:
            problems.append((f"{side}.{name}", "is not a setup field"))
    for name, (required, default) in SETUP_FIELDS.items():
        if name not in value:
            if required:
                problems.append((f"{side}.{name}", "is missing"))
            clean[name] = default
            continue
        item = value[name]
        if name == "extra":
            if not isinstance(item, str):
                problems.append((f"{side}.{name}", "must be text"))
        elif not _is_int(item) or item < 0:
            problems.append((f"{side}.{name}", "must be a whole number, 0 or more"))
        clean[name] = item
    clean.update(extra)
    return clean


def _normalise_counts(name: str, value: Any, problems: list[tuple[str, str]]) -> Any:
    """A main objective's count, checked by the engine's own rule (objective_progress)."""
    try:
        return check_counts(value)
    except RuleError as err:
        problems.append((name, str(err)))
        return None


def _normalise_needs(name: str, value: Any, problems: list[tuple[str, str]]) -> Any:
    """A secret objective's parts, checked by the engine's own rule (objective_needs)."""
    try:
        return check_needs(value)
    except RuleError as err:
        problems.append((name, str(err)))
        return []


def _check_trigger(record: dict[str, Any], problems: list[tuple[str, str]]) -> None:
    kind = record.get("trigger_kind")
    params = record.get("trigger_params")
    if kind not in TRIGGER_KINDS or not isinstance(params, dict):
        return
    spec = TRIGGER_KINDS[kind]
    for name in params:
        if name not in spec:
            problems.append((f"trigger_params.{name}", f"is not a parameter of {kind}"))
    for name, (ptype, required) in spec.items():
        if name not in params:
            if required:
                problems.append((f"trigger_params.{name}", f"is required by {kind}"))
            continue
        value = params[name]
        message = _check_scalar(ptype, value)
        if ptype == "str" and not message and not value.strip():
            message = "must not be empty"
        if message:
            problems.append((f"trigger_params.{name}", message))


def normalise_record(
    table: str, record: Any, set_id: str
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Check one source record of `table` in set `set_id`: its normal form and (field, message)s."""
    problems: list[tuple[str, str]] = []
    if not isinstance(record, dict):
        return {}, [("-", "must be a table of fields")]
    fields = FIELDS[table]
    clean: dict[str, Any] = {}
    for name in record:
        if name not in fields:
            problems.append((name, f"is not a field of {table}"))
    omissible = (
        SET_ASIDE_MAY_OMIT if table == "survivors" and record.get("set_aside") is True else ()
    )
    for name, (ftype, required, default) in fields.items():
        if name not in record or record[name] is None:
            if required and name not in omissible:
                problems.append((name, "is missing"))
            if name in omissible and ftype == "text":
                default = ""  # a text the books do not print: empty, as an untranslated one
            clean[name] = default if not isinstance(default, (list, dict)) else type(default)()
            continue
        clean[name] = _normalise_value(name, ftype, record[name], problems)
    card_id = record.get("id")
    id_pattern = rf"{re.escape(set_id)}\.{SLUG}"
    if "id" in record and not (isinstance(card_id, str) and re.fullmatch(id_pattern, card_id)):
        problems.append(("id", f"must look like '{set_id}.some-name' (lowercase, dashes)"))
    if table == "crossroads":
        _check_trigger(clean, problems)
        options = clean.get("options") or []
        if clean.get("vote") is True and len(options) != 2:
            problems.append(("options", "a vote card needs exactly 2 options (up, down)"))
    return clean, problems


def record_label(record: Any) -> str:
    """A short label naming a record by its id when it has one."""
    if isinstance(record, dict) and isinstance(record.get("id"), str):
        return record["id"]
    return "no id"


def validate_records(
    table: str,
    records: list[Any],
    set_id: str,
    file: str,
    wheres: list[str],
) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Normalise a table's records; problems name file, record (wheres[i]) and field."""
    out: list[dict[str, Any]] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for record, where in zip(records, wheres, strict=True):
        clean, found = normalise_record(table, record, set_id)
        label = f"{where} ({record_label(record)})"
        problems += [Problem(file, label, field, message) for field, message in found]
        card_id = clean.get("id")
        if isinstance(card_id, str):
            if card_id in seen:
                problems.append(Problem(file, label, "id", f"repeats the id of {seen[card_id]}"))
            else:
                seen[card_id] = where
        out.append(clean)
    return out, problems


SET_FIELDS: tuple[str, ...] = (
    "id",
    "name",
    *(translated("name", loc) for loc in TRANSLATED_LOCALES),
    "description",
    *(translated("description", loc) for loc in TRANSLATED_LOCALES),
)
"""The fields of a set header (cards/sets.toml entry, a JSON pack's "set")."""


def check_set(set_info: Any, file: str, where: str = "set") -> list[Problem]:
    """Check a pack's set header {id, name}."""
    if not isinstance(set_info, dict):
        return [Problem(file, where, "set", "must be a table with id and name")]
    problems = []
    set_id = set_info.get("id")
    if not isinstance(set_id, str) or not SET_ID.fullmatch(set_id):
        problems.append(Problem(file, where, "set.id", "must be lowercase letters, digits, _"))
    name = set_info.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(file, where, "set.name", "must not be empty"))
    for key in SET_FIELDS[2:]:
        if key in set_info and not isinstance(set_info[key], str):
            problems.append(Problem(file, where, f"set.{key}", "must be text"))
    for key in set_info:
        if key not in SET_FIELDS:
            problems.append(Problem(file, where, f"set.{key}", "is not a field of a set"))
    return problems
