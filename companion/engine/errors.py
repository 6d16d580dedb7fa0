"""The one error the engine raises for an impossible action, and its sentence in each language.

A refusal is a whole English sentence with named placeholders, marked for the message
catalogue, and the values that fill it in::

    raise RuleError(N_("{name} is exiled and cannot vote"), name=who["name"])

``str(exc)`` is the English sentence; ``exc.template`` and ``exc.params`` are kept, and
``render_error(exc, locale)`` translates the template with the catalogue the steps use
(steps.translator) before filling it in. A value that is words of ours rather than data (the
colony, what an action does, a counter's name) is a ``Phrase``: it reads as English and is
translated too when the refusal is rendered. Names, ids and typed-in values stay as given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.steps import DEFAULT_LOCALE, N_, Translator, translator

MAX_SHOWN = 60
"""How many characters of a refused value a refusal repeats."""


def _fill(template: str, params: Mapping[str, Any]) -> str:
    return template.format(**params)


class Phrase(str):
    """Words of ours inside a refusal: English as text, translated when the refusal is shown."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Phrase:
        """A phrase from a marked msgid and the values of its placeholders."""
        made = super().__new__(cls, _fill(template, params))
        made.template = template
        made.params = dict(params)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles keep the template and its values."""
        return (_phrase, (self.template, self.params))


def _phrase(template: str, params: dict[str, Any]) -> Phrase:
    return Phrase(template, **params)


class RuleError(ValueError):
    """An action the rules (or the state) do not allow; the state is left unchanged."""

    def __init__(self, template: str, **params: Any) -> None:
        """``template`` is a whole English sentence (a msgid); ``params`` fill its placeholders."""
        super().__init__(_fill(template, params))
        self.template = template
        self.params = dict(params)

    def phrase(self) -> Phrase:
        """This refusal as a phrase, to be quoted inside another refusal."""
        return Phrase(self.template, **self.params)


def shown(value: Any) -> str:
    """A refused value as a refusal repeats it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def words(table: Mapping[str, str], code: Any) -> Any:
    """A code's words (a ``Phrase`` from one of the ``N_``-marked tables), else the code itself."""
    if isinstance(code, str) and code in table:
        return Phrase(table[code])
    return code


def _render(template: str, params: Mapping[str, Any], tr: Translator) -> str:
    values = {
        key: _render(value.template, value.params, tr) if isinstance(value, Phrase) else value
        for key, value in params.items()
    }
    if not template:
        return ""
    try:
        return tr.gettext(template).format(**values)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
        return template.format(**values)


def render_error(exc: BaseException, locale: str = DEFAULT_LOCALE) -> str:
    """The refusal ``exc`` as a sentence in ``locale`` ("en", "pt_BR").

    Any other exception is shown as its own text (it has no template to translate).
    """
    template = getattr(exc, "template", None)
    if not isinstance(template, str):
        return str(exc)
    return _render(template, getattr(exc, "params", {}), translator(locale or DEFAULT_LOCALE))


# --- what each action does, for refusals that name it ----------------------------------------

ACTION_WORDS = {
    "new_game": N_("start a new game"),
    "keep_survivors": N_("keep survivors"),
    "start_turn": N_("start turn"),
    "end_turn": N_("end turn"),
    "reveal_crossroads": N_("reveal crossroads"),
    "trigger_crossroads": N_("trigger crossroads"),
    "call_exile_vote": N_("call exile vote"),
    "cast_vote": N_("cast vote"),
    "record_votes": N_("record votes"),
    "reveal_crisis": N_("reveal crisis"),
    "contribute_to_crisis": N_("contribute to crisis"),
    "withdraw_from_crisis": N_("withdraw from crisis"),
    "resolve_crisis": N_("resolve crisis"),
    "start_colony_phase": N_("start colony phase"),
    "run_colony_phase": N_("run colony phase"),
    "pay_food": N_("pay food"),
    "check_waste": N_("check waste"),
    "add_colony_phase_zombies": N_("add colony phase zombies"),
    "check_main_objective": N_("check main objective"),
    "move_round_track": N_("move round track"),
    "pass_first_player": N_("pass first player"),
    "record_exposure": N_("record exposure"),
    "resolve_bite": N_("resolve bite"),
    "move_survivor": N_("move survivor"),
    "kill_zombies": N_("kill zombies"),
    "add_barricade": N_("add barricade"),
    "remove_barricade": N_("remove barricade"),
    "add_trap": N_("add trap"),
    "remove_trap": N_("remove trap"),
    "add_zombies_by_hand": N_("add zombies by hand"),
    "attract_zombies": N_("attract zombies"),
    "add_noise": N_("add noise"),
    "remove_noise": N_("remove noise"),
    "play_cards": N_("play cards"),
    "clean_waste": N_("clean waste"),
    "add_waste": N_("add waste"),
    "set_waste": N_("set waste"),
    "spend_food": N_("spend food"),
    "add_food": N_("add food"),
    "add_helpless": N_("add helpless"),
    "calm_unruly": N_("calm unruly"),
    "kill_helpless_by_card": N_("kill helpless by card"),
    "wound_survivor": N_("wound survivor"),
    "heal_survivor": N_("heal survivor"),
    "remove_despair": N_("remove despair"),
    "add_survivor": N_("add survivor"),
    "set_group_leader": N_("set group leader"),
    "kill_survivor_by_card": N_("kill survivor by card"),
    "remove_survivor_by_card": N_("remove survivor by card"),
    "set_counter": N_("set counter"),
    "set_capacity": N_("set capacity"),
    "apply_card_effects": N_("apply card effects"),
    "mark_objective": N_("mark objective"),
    "declare_winners": N_("declare winners"),
}
"""Every action (actions.ACTIONS) as the words a refusal uses for it: "X may not {action}"."""


def action_words(kind: str) -> Any:
    """What the action ``kind`` does, as a phrase (its code when unknown)."""
    return words(ACTION_WORDS, kind)
