"""Turn a submitted HTML form into one engine action, its text read by the declared types.

A form names the action in ``type``, the game version it was made from in ``version``, and the
action's arguments as fields. Each value is coerced from text by the entry point's type hint
(``companion.engine.actions.PARAMETERS``): ``"3"`` -> 3 for an int, ``"true"``/``"false"`` for
a bool, ``""`` -> None where None is allowed (and left out otherwise), repeated fields -> a list,
``votes.s1=true`` -> ``{"votes": {"s1": True}}``. A field whose name joins several arguments with
``|`` (``place|entrance`` = ``colony|4``) fills each of them, so one select can name an entrance;
a field ``symbols*food`` = ``2`` adds "food" twice to the list ``symbols`` (counts per choice).
A ``decision`` field names the open decision the form answers (the engine checks it). A
``_required`` field names an argument the table must choose: left empty, it reaches the engine
as ``NOT_CHOSEN`` (which the engine refuses, saying why), not None (which may mean "roll it").
Other fields starting with ``_`` belong to the page and are ignored. Nothing here knows a rule or
checks a value: the text is read by the engine's one checker of arguments (core/arguments.py,
``from_text``), and the action meets its ``check_value`` at the front door like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from companion.engine.actions import PARAMETERS
from companion.engine.core.arguments import (
    MAX_DIGITS,
    MAX_FIELD,
    NOT_A_NUMBER,
    TOO_LONG,
    from_text,
    is_list,
    list_items,
    map_values,
    options,
    whole_number,
)
from companion.engine.core.errors import RuleError
from companion.engine.core.vocabulary import NOT_CHOSEN
from companion.engine.words.labels import N_

JOIN = "|"
KEY = "."
REPEAT = "*"
MAX_ITEMS = 60
SEED_DIGITS = 19
"""The longest seed (the colony preview's Confirm form carries a 63-bit one)."""
REQUIRED = "_required"
"""The field naming an argument that may not be left empty (it goes to the engine as NOT_CHOSEN)."""
FORM_ONLY = ("new_game", "apply_card_effects")
"""Actions a form cannot build (their arguments are structured data, not fields)."""
NOT_OURS = N_("The field {field} does not belong to this action.")
NOT_LISTED = N_("The field {field} is not one of the choices.")
UNKNOWN = N_("The companion does not know this action.")
NO_VERSION = N_("This form does not say which version of the game it was made from.")


class FormError(RuleError):
    """A form that cannot become an action: a refusal (errors.py) that says which field and why,
    shown in the reader's language like the engine's."""


def _refused(exc: RuleError) -> FormError:
    """The checker's refusal of a field's text, as the form's."""
    return FormError(exc.template, **exc.params)


def _repeat_count(text: str, field: str) -> int:
    """How many copies a ``list*choice`` count field asks for (blank: none)."""
    if not text.strip():
        return 0
    number = whole_number(text)
    if number is None or number > MAX_ITEMS:
        raise FormError(NOT_A_NUMBER, field=field)
    return number


def _split_joined(form: MultiDict) -> MultiDict:
    """The form with every ``a|b`` = ``x|y`` field split into ``a`` = ``x`` and ``b`` = ``y``,
    and every ``list*choice`` = ``n`` count turned into ``n`` values of ``list``."""
    out: MultiDict = MultiDict()
    for name, value in form.items(multi=True):
        if REPEAT in name and not name.startswith("_"):
            base, _star, choice = name.partition(REPEAT)
            for _n in range(_repeat_count(value, name)):
                out.add(base, choice)
            if base not in out:
                out.add(base, "")
        elif JOIN in name:
            names = name.split(JOIN)
            parts = value.split(JOIN)
            if len(parts) != len(names):
                raise FormError(NOT_LISTED, field=name)
            for part_name, part in zip(names, parts, strict=True):
                out.add(part_name, part)
        else:
            out.add(name, value)
    return out


def _read(texts: list[str], hint: Any, field: str) -> tuple[bool, Any]:
    """(present, value) of a field's texts, read by the declared type (core/arguments.py)."""
    try:
        return from_text(texts, hint, field)
    except RuleError as exc:
        raise _refused(exc) from None


def read_version(form: Mapping[str, Any]) -> int:
    """The game version a form was made from (FormError when missing or not a number)."""
    number = whole_number(str(form.get("version", "")))
    if number is None:
        raise FormError(NO_VERSION)
    return number


def action_from_form(form: MultiDict, *, by: str = "table") -> dict[str, Any]:
    """The action a form describes, made by ``by`` (FormError when a field cannot be read)."""
    kind = str(form.get("type", "")).strip()
    if kind not in PARAMETERS or kind in FORM_ONLY:
        raise FormError(UNKNOWN)
    params = PARAMETERS[kind]
    fields = _split_joined(form)
    action: dict[str, Any] = {"type": kind, "by": by}
    seen: set[str] = set()
    indexed: dict[str, dict[int, Any]] = {}
    for name in fields:
        if name in ("type", "version") or name.startswith("_") or name in seen:
            continue
        seen.add(name)
        if name == "decision":  # the open decision the form answers (engine/decisions.py)
            decision = fields.get(name, "").strip()
            if len(decision) > MAX_FIELD:
                raise FormError(TOO_LONG, field=name)
            if decision:
                action["decision"] = decision
            continue
        if name == "seed":
            seed = whole_number(fields.get(name, ""), SEED_DIGITS)
            if seed is None:
                raise FormError(NOT_A_NUMBER, field=name)
            action["seed"] = seed
            continue
        base, _dot, key = name.partition(KEY)
        if base not in params:
            raise FormError(NOT_OURS, field=name)
        hint = params[base][0]
        if key and map_values(hint) is None and whole_number(key, 2) is not None:
            # a list given item by item (``noise.1``, ``noise.2``: one radio group per die)
            if not any(is_list(option) for option in options(hint)):
                raise FormError(NOT_OURS, field=name)
            present, value = _read(fields.getlist(name), list_items(hint), name)
            if present and value is not None:
                indexed.setdefault(base, {})[int(key)] = value
            continue
        if key:
            value_hint = map_values(hint)
            if value_hint is None:
                raise FormError(NOT_OURS, field=name)
            present, value = _read(fields.getlist(name), value_hint, name)
            if present and value is not None:
                action.setdefault(base, {})[key] = value
            continue
        if map_values(hint) is not None and not is_list(hint):
            raise FormError(NOT_OURS, field=name)
        present, value = _read(fields.getlist(name), hint, name)
        if present:
            action[name] = value
    for base, items in indexed.items():
        action[base] = [items[n] for n in sorted(items)]
    for name in form.getlist(REQUIRED):
        if name not in params or str not in options(params[name][0]):
            raise FormError(NOT_OURS, field=name)
        if action.get(name) is None:
            action[name] = NOT_CHOSEN
    return action


__all__ = [
    "MAX_DIGITS",
    "MAX_FIELD",
    "FormError",
    "action_from_form",
    "read_version",
    "whole_number",
]
