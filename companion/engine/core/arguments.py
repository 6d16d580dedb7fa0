"""The one checker of action arguments, for the engine's JSON and for a form's text.

Every argument an action carries is checked here against its declared type (the parameters of
its declaration, core/declare.py): ``check_value`` checks a JSON value strictly (a bool is a
bool, an int is a whole number from 0 to ``MAX_NUMBER``, text is at most ``MAX_TEXT``
characters, lists and maps are small). A form sends text: ``from_text`` only turns a field's
texts into the JSON value its declared type names ("3" -> 3, "true" -> True, "" -> None where
None is allowed, several values -> a list), and the action then meets ``check_value`` at the
front door like any other. Every refusal is a ``RuleError`` with an ``N_`` msgid and named
placeholders, rendered in the reader's language (errors.py).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.core.errors import Phrase, RuleError, shown
from companion.engine.words.labels import N_

MAX_NUMBER = 999
"""The largest whole number an action argument may hold (no count in the game comes near)."""
MAX_TEXT = 200
MAX_ITEMS = 60
TOO_MANY = N_("{where} has more than {most} entries")
"""The refusal of a list or map longer than MAX_ITEMS."""
MAX_DEPTH = 8
MAX_SEED = 2**64


def refusal(where: str, value: Any, wanted: str) -> RuleError:
    """The refusal for a value of the wrong kind; ``wanted`` is an ``N_``-marked msgid or a
    ``Phrase``, ``where`` the argument's path (codes: "add_food: count")."""
    wanted = wanted if isinstance(wanted, Phrase) else Phrase(wanted)
    return RuleError(
        N_("{where} must be {wanted}, not {value}"), where=where, wanted=wanted, value=shown(value)
    )


def _json_like(value: Any, where: str, depth: int = 0) -> None:
    """Refuse anything but small JSON (dicts with text keys, lists, text, numbers, booleans)."""
    if depth > MAX_DEPTH:
        raise RuleError(N_("{where} is nested too deeply"), where=where)
    if value is None or isinstance(value, bool | str):
        if isinstance(value, str) and len(value) > 4 * MAX_TEXT:
            raise RuleError(N_("{where} is too long"), where=where)
        return
    if isinstance(value, int):
        if abs(value) > MAX_SEED:
            raise refusal(where, value, N_("a reasonable number"))
        return
    if isinstance(value, float):
        raise refusal(where, value, N_("a whole number"))
    if isinstance(value, list):
        for n, item in enumerate(value):
            _json_like(item, f"{where}[{n}]", depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise refusal(Phrase(N_("a key of {where}"), where=where), key, N_("text"))
            _json_like(item, f"{where}.{key}", depth + 1)
        return
    raise refusal(where, value, N_("plain JSON"))


def check_value(value: Any, hint: Any, where: str) -> None:
    """Raise RuleError unless ``value`` fits the type hint strictly (see the module notes)."""
    if hint is Any:
        _json_like(value, where)
        return
    if hint is type(None):
        if value is not None:
            raise refusal(where, value, N_("empty (null)"))
        return
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        problems: list[RuleError] = []
        for option in typing.get_args(hint):
            try:
                check_value(value, option, where)
                return
            except RuleError as exc:
                problems.append(exc)
        if len(problems) == 1:
            raise problems[0]
        raise RuleError(
            N_("{first} or {second}"), first=problems[0].phrase(), second=problems[1].phrase()
        )
    if hint is bool:
        if not isinstance(value, bool):
            raise refusal(where, value, N_("true or false"))
        return
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise refusal(where, value, N_("a whole number"))
        if not 0 <= value <= MAX_NUMBER:
            raise refusal(
                where, value, Phrase(N_("a whole number from 0 to {most}"), most=MAX_NUMBER)
            )
        return
    if hint is str:
        if not isinstance(value, str) or not value:
            raise refusal(where, value, N_("a non-empty text"))
        if len(value) > MAX_TEXT:
            raise RuleError(
                N_("{where} is longer than {most} characters"), where=where, most=MAX_TEXT
            )
        return
    if origin in (list, tuple, Sequence) or hint in (list, tuple):
        if not isinstance(value, list):
            raise refusal(where, value, N_("a list"))
        if len(value) > MAX_ITEMS:
            raise RuleError(TOO_MANY, where=where, most=MAX_ITEMS)
        args = typing.get_args(hint)
        for n, item in enumerate(value):
            check_value(item, args[0] if args else Any, f"{where}[{n}]")
        return
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        if not isinstance(value, dict):
            raise refusal(where, value, N_("a map"))
        if len(value) > MAX_ITEMS:
            raise RuleError(TOO_MANY, where=where, most=MAX_ITEMS)
        args = typing.get_args(hint)
        for key, item in value.items():
            check_value(key, args[0] if args else str, Phrase(N_("a key of {where}"), where=where))
            check_value(item, args[1] if args else Any, f"{where}.{key}")
        return
    raise RuleError(N_("{where} cannot be given in an action"), where=where)  # pragma: no cover


def accepts_none(hint: Any) -> bool:
    """Whether a parameter may be left empty (None)."""
    try:
        check_value(None, hint, "")
    except RuleError:
        return False
    return True


# --- a form's text, read by the declared type ----------------------------------------------

MAX_FIELD = 400
"""The longest text one form field may hold."""
MAX_DIGITS = 9
"""The longest whole number a form field may hold (a game never counts past a few hundred)."""
TRUE = frozenset({"true", "on", "1", "yes"})
FALSE = frozenset({"false", "off", "0", "no"})
TOO_LONG = N_("The field {field} is too long.")
NOT_A_NUMBER = N_("The field {field} needs a whole number.")
NOT_YES_OR_NO = N_("The field {field} needs yes or no.")
GIVEN_TWICE = N_("The field {field} was given more than once.")


def options(hint: Any) -> tuple[Any, ...]:
    """The alternatives of a union hint (the hint itself otherwise)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return (hint,)


def is_list(hint: Any) -> bool:
    """Whether the hint is a list type."""
    return typing.get_origin(hint) in (list, Sequence) or hint is list


def is_map(hint: Any) -> bool:
    """Whether the hint is a map type."""
    return typing.get_origin(hint) in (dict, Mapping) or hint is dict


def map_values(hint: Any) -> Any:
    """The value type of a map hint among a union's options, or None when it names no map."""
    for option in options(hint):
        if is_map(option):
            args = typing.get_args(option)
            return args[1] if len(args) == 2 else str
    return None


def whole_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """``text`` as a whole number when it is 1 to ``digits`` ASCII digits (spaces around
    allowed), else None. ``str.isdigit`` also takes "²" (which ``int`` refuses) and "١٢"."""
    text = text.strip()
    if not 0 < len(text) <= digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def _scalar(text: str, hint: Any, field: str) -> Any:
    """One text as the scalar its hint names (int, bool, str, or a union of them)."""
    if len(text) > MAX_FIELD:
        raise RuleError(TOO_LONG, field=field)
    choices = [h for h in options(hint) if h is not type(None)]
    if int in choices and bool not in choices:
        number = whole_number(text)
        if number is not None:
            return number
        if str not in choices:
            raise RuleError(NOT_A_NUMBER, field=field)
    if bool in choices:
        word = text.strip().lower()
        if word in TRUE:
            return True
        if word in FALSE:
            return False
        raise RuleError(NOT_YES_OR_NO, field=field)
    return text


def list_items(hint: Any) -> Any:
    """The item type of a list hint among a union's options."""
    for option in options(hint):
        if is_list(option):
            args = typing.get_args(option)
            return args[0] if args else str
    return str


def from_text(texts: list[str], hint: Any, field: str) -> tuple[bool, Any]:
    """(present, value): a field's submitted texts as the JSON value the hint names; not
    present when left empty where None is not allowed (RuleError when a text cannot be read)."""
    filled = [t for t in texts if t != ""]
    has_list = any(is_list(option) for option in options(hint))
    has_scalar = any(not is_list(o) and o is not type(None) for o in options(hint))
    if has_list and (len(filled) > 1 or not has_scalar):
        return True, [_scalar(t, list_items(hint), field) for t in filled]
    if len(filled) > 1:
        raise RuleError(GIVEN_TWICE, field=field)
    if not filled:
        return (True, None) if accepts_none(hint) else (False, None)
    return True, _scalar(filled[0], hint, field)
