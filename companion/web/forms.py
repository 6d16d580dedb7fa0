"""Turn a submitted HTML form into one engine action, typed by the engine's own parameter hints.

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
Other fields starting with ``_`` belong to the page and are ignored. Nothing here knows a rule: the
engine still checks every value.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from companion.engine.actions import PARAMETERS
from companion.engine.core.vocabulary import NOT_CHOSEN

JOIN = "|"
KEY = "."
REPEAT = "*"
TRUE = frozenset({"true", "on", "1", "yes"})
FALSE = frozenset({"false", "off", "0", "no"})
MAX_FIELD = 400
MAX_ITEMS = 60
MAX_DIGITS = 9
"""The longest whole number a form field may hold (a game never counts past a few hundred)."""
SEED_DIGITS = 19
"""The longest seed (the colony preview's Confirm form carries a 63-bit one)."""
REQUIRED = "_required"
"""The field naming an argument that may not be left empty (it goes to the engine as NOT_CHOSEN)."""
FORM_ONLY = ("new_game", "apply_card_effects")
"""Actions a form cannot build (their arguments are structured data, not fields)."""


class FormError(ValueError):
    """A form that cannot become an action: the message says which field and why."""


def _options(hint: Any) -> tuple[Any, ...]:
    """The alternatives of a union hint (the hint itself otherwise)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return (hint,)


def _accepts_none(hint: Any) -> bool:
    """Whether the hint allows None."""
    return type(None) in _options(hint) or hint is Any


def _is_list(hint: Any) -> bool:
    """Whether the hint is a list type."""
    return typing.get_origin(hint) in (list, Sequence) or hint is list


def _is_dict(hint: Any) -> bool:
    """Whether the hint is a map type."""
    return typing.get_origin(hint) in (dict, Mapping) or hint is dict


def whole_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """``text`` as a whole number when it is 1 to ``digits`` ASCII digits (spaces around
    allowed), else None. ``str.isdigit`` also takes "²" (which ``int`` refuses) and "١٢"."""
    text = text.strip()
    if not 0 < len(text) <= digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def _scalar(text: str, hint: Any, field: str) -> Any:
    """One text value coerced to a scalar hint (int, bool, str, or a union of them)."""
    if len(text) > MAX_FIELD:
        raise FormError(_("The field %(field)s is too long.", field=field))
    choices = [h for h in _options(hint) if h is not type(None)]
    if int in choices and bool not in choices:
        number = whole_number(text)
        if number is not None:
            return number
        if str not in choices:
            raise FormError(_("The field %(field)s needs a whole number.", field=field))
    if bool in choices:
        word = text.strip().lower()
        if word in TRUE:
            return True
        if word in FALSE:
            return False
        raise FormError(_("The field %(field)s needs yes or no.", field=field))
    return text


def _list_item_hint(hint: Any) -> Any:
    """The item type of a list hint found among a union's options."""
    for option in _options(hint):
        if _is_list(option):
            args = typing.get_args(option)
            return args[0] if args else str
    return str


def _value(values: list[str], hint: Any, field: str) -> tuple[bool, Any]:
    """(present, value) for a field's submitted values under its hint."""
    filled = [v for v in values if v != ""]
    has_list = any(_is_list(option) for option in _options(hint))
    has_scalar = any(not _is_list(option) and option is not type(None) for option in _options(hint))
    if has_list and (len(filled) > 1 or not has_scalar):
        item = _list_item_hint(hint)
        return True, [_scalar(v, item, field) for v in filled]
    if len(filled) > 1:
        raise FormError(_("The field %(field)s was given more than once.", field=field))
    if not filled:
        return (True, None) if _accepts_none(hint) else (False, None)
    return True, _scalar(filled[0], hint, field)


def _dict_hint(hint: Any) -> Any:
    """The value type of a map hint found among a union's options, or None."""
    for option in _options(hint):
        if _is_dict(option):
            args = typing.get_args(option)
            return args[1] if len(args) == 2 else str
    return None


def _repeat_count(text: str, field: str) -> int:
    """How many copies a ``list*choice`` count field asks for (blank: none)."""
    if not text.strip():
        return 0
    number = whole_number(text)
    if number is None or number > MAX_ITEMS:
        raise FormError(_("The field %(field)s needs a whole number.", field=field))
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
                raise FormError(_("The field %(field)s is not one of the choices.", field=name))
            for part_name, part in zip(names, parts, strict=True):
                out.add(part_name, part)
        else:
            out.add(name, value)
    return out


def read_version(form: Mapping[str, Any]) -> int:
    """The game version a form was made from (FormError when missing or not a number)."""
    number = whole_number(str(form.get("version", "")))
    if number is None:
        raise FormError(_("This form does not say which version of the game it was made from."))
    return number


def action_from_form(form: MultiDict, *, by: str = "table") -> dict[str, Any]:
    """The action a form describes, made by ``by`` (FormError when a field cannot be read)."""
    kind = str(form.get("type", "")).strip()
    if kind not in PARAMETERS or kind in FORM_ONLY:
        raise FormError(_("The companion does not know this action."))
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
                raise FormError(_("The field %(field)s is too long.", field=name))
            if decision:
                action["decision"] = decision
            continue
        if name == "seed":
            seed = whole_number(fields.get(name, ""), SEED_DIGITS)
            if seed is None:
                raise FormError(_("The field %(field)s needs a whole number.", field=name))
            action["seed"] = seed
            continue
        base, _dot, key = name.partition(KEY)
        if base not in params:
            raise FormError(_("The field %(field)s does not belong to this action.", field=name))
        hint = params[base][0]
        if key and _dict_hint(hint) is None and whole_number(key, 2) is not None:
            # a list given item by item (``noise.1``, ``noise.2``: one radio group per die)
            if not any(_is_list(option) for option in _options(hint)):
                raise FormError(
                    _("The field %(field)s does not belong to this action.", field=name)
                )
            present, value = _value(fields.getlist(name), _list_item_hint(hint), name)
            if present and value is not None:
                indexed.setdefault(base, {})[int(key)] = value
            continue
        if key:
            value_hint = _dict_hint(hint)
            if value_hint is None:
                raise FormError(
                    _("The field %(field)s does not belong to this action.", field=name)
                )
            present, value = _value(fields.getlist(name), value_hint, name)
            if present and value is not None:
                action.setdefault(base, {})[key] = value
            continue
        if _dict_hint(hint) is not None and not _is_list(hint):
            raise FormError(_("The field %(field)s does not belong to this action.", field=name))
        present, value = _value(fields.getlist(name), hint, name)
        if present:
            action[name] = value
    for base, items in indexed.items():
        action[base] = [items[n] for n in sorted(items)]
    for name in form.getlist(REQUIRED):
        if name not in params or str not in _options(params[name][0]):
            raise FormError(_("The field %(field)s does not belong to this action.", field=name))
        if action.get(name) is None:
            action[name] = NOT_CHOSEN
    return action
