"""Sentences of the tracks, of survivors' wounds and deaths, and of the end of the game."""

from __future__ import annotations

from companion.engine.words.fill import (
    Message,
    Names,
    Renderer,
    code,
    fill,
    reason,
    seat,
)
from companion.engine.words.labels import END_SENTENCES, MORALE_REASONS, N_, WOUND_NAMES
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

MESSAGES: dict[str, Message] = {
    "morale_changed": (
        N_("Morale {amount} ({reason}): now {morale}."),
        {"reason": lambda s, n, tr: reason(MORALE_REASONS, s, n, tr, name=n.survivor(s))},
    ),
    "survivor_removed": N_("{name} is removed from the game ({cause}); this is not a death."),
    "leader_promoted": N_("{seat_name} makes {name} the new group leader."),
    "last_survivor_lost": N_(
        "{seat_name} has lost their last survivor: remove every card in their hand from the "
        "game, draw a new survivor, put it in the colony and make it their group leader."
    ),
    "player_eliminated": N_(
        "{seat_name} has lost their last survivor and is out of the game (player elimination); "
        "remove every card in their hand from the game."
    ),
    "tie_broken": N_(
        "{names} tie on influence {influence}; the first player chooses. Taken: {chosen}."
    ),
}
"""Step kinds whose sentence is one message, filled by sentences_fill's convention."""


def _survivor_died(s: Step, n: Names, tr: Translator) -> str:
    if s["costs_morale"]:
        return fill(N_("{name} dies ({cause})."), s, n, tr)
    return fill(
        (
            N_("{name} dies ({cause}); {owner_name} is exiled, so no morale is lost."),
            {"owner_name": seat("owner", "owner_name")},
        ),
        s,
        n,
        tr,
    )


def _helpless_died(s: Step, n: Names, tr: Translator) -> str:
    if s["unruly"]:
        return fill(N_("An unruly helpless survivor dies ({cause})."), s, n, tr)
    return fill(N_("A helpless survivor dies ({cause})."), s, n, tr)


def _wound_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{name} takes a {wound} token ({total} wound in all).",
        "{name} takes a {wound} token ({total} wounds in all).",
        s["total"],
    ).format(name=n.survivor(s), wound=code(WOUND_NAMES, s["wound"], tr), total=s["total"])


def _game_ended(s: Step, n: Names, tr: Translator) -> str:
    return code(END_SENTENCES, s["reason"], tr)


RENDERERS: dict[str, Renderer] = {
    "survivor_died": _survivor_died,
    "helpless_died": _helpless_died,
    "wound_added": _wound_added,
    "game_ended": _game_ended,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
