"""Sentences of a game's setup: the table, the dealing, the first player, the modules' setup."""

from __future__ import annotations

from companion.engine.core import hooks
from companion.engine.words.fill import (
    Message,
    Names,
    Renderer,
    card,
    fill,
    join,
    label,
)
from companion.engine.words.labels import N_, NP_, SIDES
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator

DECK_WORDS = {
    "crises": N_("the crisis deck"),
    "crossroads": N_("the crossroads deck"),
    "secret_objectives": N_("the secret objectives (betrayals too)"),
    "exiled_objectives": N_("the exiled objectives"),
    "survivors": N_("the survivor deck (shuffled, beside the board)"),
    "starting_items": N_("the starting item cards"),
    "item_decks": N_("the item cards of the locations"),
}
"""The box's decks, as decks_set_aside and decks_on_table name them (checklist.py)."""


def _decks(s: Step, n: Names, tr: Translator) -> str:
    return join(tr, (tr.gettext(DECK_WORDS[d]) if d in DECK_WORDS else d for d in s["decks"]))


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
    "decks_set_aside": (
        N_(
            "Put these back in the box: the companion holds them, shuffled, and deals from "
            "them: {decks}."
        ),
        {"decks": _decks},
    ),
    "decks_on_table": (N_("These stay on the table: {decks}."), {"decks": _decks}),
    "setup_reference_sheets": N_("Each player takes a player reference sheet."),
    "setup_join": N_(
        "Each player takes their seat on their phone: scan the QR code shown with this step, "
        "or open the address and type the code. Their secret objective arrives there."
    ),
    "setup_item_decks": N_(
        "Sort the other item cards by location, shuffle each pile and put it on its location card."
    ),
    "setup_survivors": N_(
        "Each player puts their group leader on their reference sheet and their other "
        "survivors below it, and their standees in the colony."
    ),
    "setup_standees": N_("Put the other standees and the tokens within everyone's reach."),
    "first_player_after_keeping": N_(
        "Once every phone has kept its survivors, the companion says who takes the first "
        "player token."
    ),
    "decks_built": N_(
        "Decks shuffled: crossroads {crossroads}, crises {crises}, exiled objectives "
        "{exiled_objectives}."
    ),
    # plurals
    "starting_items": (
        NP_(
            "Each player draws {count} starting item card.",
            "Each player draws {count} starting item cards.",
        ),
        "count",
    ),
    "survivors_dealt": (
        NP_(
            "Each player is dealt {count} survivor card in secret and keeps {keep}; the first one "
            "kept leads the group.",
            "Each player is dealt {count} survivor cards in secret and keeps {keep}; the first "
            "one kept leads the group.",
        ),
        "count",
    ),
    "survivors_returned": (
        NP_(
            "The survivors nobody kept go back into the survivor deck: {deck} card in it now.",
            "The survivors nobody kept go back into the survivor deck: {deck} cards in it now.",
        ),
        "deck",
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""

GAME_SET_UP: tuple[Message, ...] = (
    (
        NP_(
            "New game of {players} player: {main_objective} ({side} side).",
            "New game of {players} players: {main_objective} ({side} side).",
        ),
        "players",
        {"main_objective": card("objective", "main_objective"), "side": label(SIDES, "side")},
    ),
    N_("Morale starts at {morale}, the round track at {round_track}."),
    (NP_("{food} food token in the supply.", "{food} food tokens in the supply."), "food"),
    (
        NP_(
            "{helpless} helpless survivor in the colony.",
            "{helpless} helpless survivors in the colony.",
        ),
        "helpless",
    ),
)
"""game_set_up's sentences: the game, morale and the round track, the food, the helpless."""


def _game_set_up(s: Step, n: Names, tr: Translator) -> str:
    return " ".join(fill(message, s, n, tr) for message in GAME_SET_UP)


def _survivors_dealt_private(s: Step, n: Names, tr: Translator) -> str:
    names = join(tr, (n.card(c, n.survivors.get(c, "")) for c in s["survivors"]))
    return tr.gettext("Your survivor cards: {names}. Choose the ones you keep.").format(names=names)


def _survivors_kept(s: Step, n: Names, tr: Translator) -> str:
    names = s.get("names") or [n.card(c, n.survivors.get(c, "")) for c in s["survivors"]]
    return tr.gettext("{seat_name} keeps {names}; {leader} leads the group.").format(
        seat_name=n.seat(s), names=join(tr, names), leader=names[0] if names else ""
    )


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


def _module_setup(s: Step, n: Names, tr: Translator) -> str:
    """A module's setup part, in the words its ``setup_parts`` hook gives (str of the pair for
    a module no longer installed)."""
    said = hooks.merged("setup_parts").get(s["module"], {}).get(s["part"])
    return tr.gettext(said) if said else str((s["module"], s["part"]))


def _setup_board(s: Step, n: Names, tr: Translator) -> str:
    places = join(tr, (n.place(place, "") for place in s["locations"]))
    if s.get("graveyard"):
        return tr.gettext(
            "Put the colony board in the middle of the table, and around it the Graveyard and "
            "these locations: {places}."
        ).format(places=places)
    return tr.gettext(
        "Put the colony board in the middle of the table, and around it these locations: {places}."
    ).format(places=places)


def _setup_step_ticked(s: Step, n: Names, tr: Translator) -> str:
    if s["done"]:
        return tr.gettext("A setup step is ticked as done.")
    return tr.gettext("A setup step is ticked as not done yet.")


RENDERERS: dict[str, Renderer] = {
    "setup_board": _setup_board,
    "setup_step_ticked": _setup_step_ticked,
    "game_set_up": _game_set_up,
    "survivors_dealt_private": _survivors_dealt_private,
    "survivors_kept": _survivors_kept,
    "no_secret_objectives": _no_secret_objectives,
    "first_player_chosen": _first_player_chosen,
    "module_setup": _module_setup,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
