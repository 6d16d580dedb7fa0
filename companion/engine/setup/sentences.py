"""Sentences of a game's setup: the table, the dealing, the first player, the modules' setup."""

from __future__ import annotations

from companion.engine.words.fill import (
    Message,
    Names,
    Renderer,
    card,
    code,
    join,
)
from companion.engine.words.labels import N_, SIDES
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

MESSAGES: dict[str, Message] = {
    "setup_extra": (
        N_("This main objective also asks the table to: {extra}"),
        {"extra": lambda s, n, tr: n.setup_extra(s.get("objective"), s["extra"])},
    ),
    "objective_received": (
        N_("Your secret objective is {name}. Keep it to yourself."),
        {"name": card("objective", "name")},
    ),
    "objectives_dealt": N_(
        "Each player has received a secret objective on their phone; one of the cards set aside "
        "was a betrayal objective."
    ),
    "decks_built": N_(
        "Decks shuffled: crossroads {crossroads}, crises {crises}, exiled objectives "
        "{exiled_objectives}."
    ),
}
"""Step kinds whose sentence is one message, filled by sentences_fill's convention."""


def _game_set_up(s: Step, n: Names, tr: Translator) -> str:
    side = code(SIDES, s["side"], tr)
    return " ".join(
        [
            tr.ngettext(
                "New game of {players} player: {main_objective} ({side} side).",
                "New game of {players} players: {main_objective} ({side} side).",
                s["players"],
            ).format(
                players=s["players"],
                main_objective=n.card(s.get("objective"), s["main_objective"]),
                side=side,
            ),
            tr.gettext("Morale starts at {morale}, the round track at {round_track}.").format(
                morale=s["morale"], round_track=s["round_track"]
            ),
            tr.ngettext(
                "{food} food token in the supply.", "{food} food tokens in the supply.", s["food"]
            ).format(food=s["food"]),
            tr.ngettext(
                "{helpless} helpless survivor in the colony.",
                "{helpless} helpless survivors in the colony.",
                s["helpless"],
            ).format(helpless=s["helpless"]),
        ]
    )


def _starting_items(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Each player draws {count} starting item card.",
        "Each player draws {count} starting item cards.",
        s["count"],
    ).format(count=s["count"])


def _survivors_dealt(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Each player is dealt {count} survivor card in secret and keeps {keep}; the first one "
        "kept leads the group.",
        "Each player is dealt {count} survivor cards in secret and keeps {keep}; the first one "
        "kept leads the group.",
        s["count"],
    ).format(count=s["count"], keep=s["keep"])


def _survivors_dealt_private(s: Step, n: Names, tr: Translator) -> str:
    names = join(tr, (n.card(c, n.survivors.get(c, "")) for c in s["survivors"]))
    return tr.gettext("Your survivor cards: {names}. Choose the ones you keep.").format(names=names)


def _survivors_kept(s: Step, n: Names, tr: Translator) -> str:
    names = s.get("names") or [n.card(c, n.survivors.get(c, "")) for c in s["survivors"]]
    return tr.gettext("{seat_name} keeps {names}; {leader} leads the group.").format(
        seat_name=n.seat(s), names=join(tr, names), leader=names[0] if names else ""
    )


def _survivors_returned(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The survivors nobody kept go back into the survivor deck: {deck} card in it now.",
        "The survivors nobody kept go back into the survivor deck: {deck} cards in it now.",
        s["deck"],
    ).format(deck=s["deck"])


def _no_secret_objectives(s: Step, n: Names, tr: Translator) -> str:
    if s["reason"] == "coop":
        return tr.gettext(
            "Co-op rules: nobody holds a secret objective and nobody can be exiled; everyone "
            "plays for the main objective."
        )
    return tr.gettext("No secret objective cards were given, so none were dealt.")


def _first_player_chosen(s: Step, n: Names, tr: Translator) -> str:
    text = tr.gettext(
        "{seat_name} takes the first player token: their group leader {leader} has the highest "
        "influence ({influence})."
    ).format(seat_name=n.seat(s), leader=s["leader"], influence=s["influence"])
    if not s.get("tied_with"):
        return text
    tie = tr.gettext(
        "Tied with {tied_with}; the seat listed first goes first, swap if you agree."
    ).format(tied_with=s["tied_with"])
    return f"{text} {tie}"


MODULE_SETUP_SENTENCES = {
    ("improvements", "module_cards"): N_(
        "Improvements module: the crisis, survivor, crossroads and objective cards with the "
        "hammer icon join their decks."
    ),
    ("improvements", "improvement_row"): N_(
        "Improvements module: shuffle the improvement deck, lay 4 improvement cards face up in "
        "a row beside the colony, and enter them on the table screen."
    ),
    ("bandits", "module_cards"): N_(
        "Bandits module: the crisis, survivor, crossroads and objective cards with the bandit "
        "icon join their decks."
    ),
    ("bandits", "hideout"): N_(
        "Bandits module: put the Bandits' Hideout location on the table (it has no search "
        "deck) and the bandit standees beside it."
    ),
    ("raxxon", "module_cards"): N_(
        "Raxxon module: the crisis, survivor, crossroads and objective cards with the skull "
        "icon join their decks."
    ),
    ("raxxon", "raxxon_location"): N_(
        "Raxxon module: put the Raxxon location on the table and build its search deck like "
        "the other locations'."
    ),
    ("raxxon", "experiments"): N_(
        "Raxxon module: shuffle the Raxxon experiment deck and lay it on Raxxon, audio log side "
        "up; anyone may read the top card's audio log at any time."
    ),
    ("raxxon", "side_effects"): N_(
        "Raxxon module: put the Raxxon side effect deck beside Raxxon, unshuffled; anyone may "
        "look through it at any time."
    ),
}
"""module_setup ``module`` and ``part`` (module_setup.MODULE_PARTS)."""


def _module_setup(s: Step, n: Names, tr: Translator) -> str:
    key = (s["module"], s["part"])
    return tr.gettext(MODULE_SETUP_SENTENCES[key]) if key in MODULE_SETUP_SENTENCES else str(key)


RENDERERS: dict[str, Renderer] = {
    "game_set_up": _game_set_up,
    "starting_items": _starting_items,
    "survivors_dealt": _survivors_dealt,
    "survivors_dealt_private": _survivors_dealt_private,
    "survivors_kept": _survivors_kept,
    "survivors_returned": _survivors_returned,
    "no_secret_objectives": _no_secret_objectives,
    "first_player_chosen": _first_player_chosen,
    "module_setup": _module_setup,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
