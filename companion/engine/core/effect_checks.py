"""Card effects checked once, when a card joins the catalogue: every effect table's kind and
fields against the vocabulary (docs/card-sources.md "Effects"); board/effects.py applies them."""

from __future__ import annotations

from typing import Any

from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import require_wound_kind
from companion.engine.core.vocabulary import (
    EFFECT_AMOUNT_LIMIT,
    EFFECT_KINDS,
    HEAL_KINDS,
    PLAYER_PICKS,
    TARGETS,
)
from companion.engine.words.card_texts import translated_fields
from companion.engine.words.steps import N_

KINDS = tuple(EFFECT_KINDS)
MAX_EFFECTS = 12
UNKNOWN_TARGET = N_("unknown target {target}; known: {known}")
"""The refusal of a target the vocabulary does not know (vocabulary.TARGETS)."""
CLOSED = {"heal_type": HEAL_KINDS, "player_pick": PLAYER_PICKS}
"""Field types whose value is one of a closed set."""
COUNTED_UP = ("heal", "advancement", "crisis_take", "crisis_add")
"""Effect kinds whose amount counts things done, never fewer than one."""


def validate_effects(effects: Any) -> None:
    """Raise RuleError unless ``effects`` is a short list of effects the vocabulary knows."""
    if not isinstance(effects, list) or len(effects) > MAX_EFFECTS:
        raise RuleError(
            N_("effects must be a list of at most {most} effect tables"), most=MAX_EFFECTS
        )
    for effect in effects:
        _validate(effect)


def _validate(effect: Any) -> None:
    """Raise RuleError for an effect table the vocabulary does not know (vocabulary.EFFECT_KINDS).

    Every field is checked for its type, unknown fields are refused, and amounts stay within
    ``EFFECT_AMOUNT_LIMIT`` either way, so a card can never ask the engine for a huge loop.
    """
    if not isinstance(effect, dict) or effect.get("kind") not in KINDS:
        kind = effect.get("kind") if isinstance(effect, dict) else effect
        raise RuleError(
            N_("unknown effect kind {kind}; known: {known}"),
            kind=shown(kind),
            known=", ".join(KINDS),
        )
    spec = EFFECT_KINDS[effect["kind"]]
    translations = [
        field
        for name, (ftype, *_) in spec.items()
        if ftype == "text"
        for field in translated_fields(name)
    ]
    unknown = sorted(
        str(k) for k in effect if k != "kind" and k not in spec and k not in translations
    )
    if unknown:
        raise RuleError(
            N_("a {kind} effect has no field(s) {fields}"),
            kind=effect["kind"],
            fields=", ".join(unknown),
        )
    for name, (ftype, required, _default) in spec.items():
        if name not in effect:
            if required:
                raise RuleError(
                    N_("a {kind} effect needs its {field}"), kind=effect["kind"], field=name
                )
            continue
        _check_field(effect["kind"], name, ftype, effect[name])
    for field in translations:
        if field in effect:
            _check_field(effect["kind"], field, "text", effect[field])
    if (effect.get("target") == "named") != ("survivor" in effect):
        raise RuleError(
            N_("a {kind} effect names a survivor exactly when its target is named"),
            kind=effect["kind"],
        )


def _check_field(kind: str, name: str, ftype: str, value: Any) -> None:
    """Raise unless one effect field has the type the vocabulary gives it."""
    if ftype == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(
                N_("effect {kind} needs a whole-number {field}, not {value}"),
                kind=shown(kind),
                field=name,
                value=shown(value),
            )
        if abs(value) > EFFECT_AMOUNT_LIMIT:
            raise RuleError(
                N_("effect {kind}: {field} {value} is beyond {limit}"),
                kind=shown(kind),
                field=name,
                value=value,
                limit=EFFECT_AMOUNT_LIMIT,
            )
        if kind == "wound" and value < 0:
            raise RuleError(N_("a wound effect adds wounds: its amount cannot be negative"))
        if kind == "side_effect_roll" and not 1 <= value <= 5:
            raise RuleError(
                N_("a side effect roll's at_most is a die face from 1 to 5, not {value}"),
                value=value,
            )
        if kind in COUNTED_UP and value < 1:
            raise RuleError(
                N_("effect {kind} needs an amount of 1 or more, not {value}"),
                kind=shown(kind),
                value=value,
            )
    elif ftype == "bool":
        if not isinstance(value, bool):
            raise RuleError(
                N_("effect {kind}: {field} must be true or false, not {value}"),
                kind=shown(kind),
                field=name,
                value=shown(value),
            )
    elif ftype == "where":
        if not isinstance(value, str) or not value or len(value) > 100:
            raise RuleError(
                N_("effect {kind} needs a where, not {value}"), kind=shown(kind), value=shown(value)
            )
    elif ftype == "target":
        if value not in TARGETS:
            raise RuleError(UNKNOWN_TARGET, target=shown(value), known=", ".join(TARGETS))
    elif ftype == "wound_type":
        require_wound_kind(value)
    elif ftype in CLOSED:
        if value not in CLOSED[ftype]:
            raise RuleError(
                N_("effect {kind}: {field} is one of {known}, not {value}"),
                kind=shown(kind),
                field=name,
                known=", ".join(CLOSED[ftype]),
                value=shown(value),
            )
    elif not isinstance(value, str) or not value:
        raise RuleError(N_("effect {kind} needs its {field} as text"), kind=shown(kind), field=name)
