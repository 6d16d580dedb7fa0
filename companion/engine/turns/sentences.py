"""Sentences of the players' turns, the crossroads cards, votes, exile and the winners."""

from __future__ import annotations

from companion.engine.words.fill import (
    Message,
    Names,
    Renderer,
    card,
    card_text,
    choice,
    code,
    fill,
    join,
)
from companion.engine.words.labels import N_, NP_, VOTE_SUBJECTS, VOTE_SUBJECTS_NAMED
from companion.engine.words.steps import Step
from companion.engine.words.translation import Translator


def _subject(s: Step, n: Names, tr: Translator) -> str:
    """What a vote is about."""
    subject = s["subject"]
    if subject in VOTE_SUBJECTS_NAMED and (s.get("target") or s.get("card")):
        return tr.gettext(VOTE_SUBJECTS_NAMED[subject]).format(
            target_name=n.seat(s, "target", "target_name"),
            card_name=n.card(s.get("card"), s.get("card_name", "")),
        )
    return code(VOTE_SUBJECTS, subject, tr)


CROSSROADS_CARD = {"name": card("card", "name")}
"""The crossroads card a step names (``card``, else its ``name``)."""

MESSAGES: dict[str, Message] = {
    # turns
    "turn_started": N_("Round {round}: {seat_name}'s turn begins."),
    "frostbite_hurts": N_("Frostbite: {name} takes 1 more wound as {seat_name}'s turn begins."),
    "turn_ended": N_("{seat_name}'s turn ends."),
    "turns_over": N_("Everyone has had a turn this round: run the colony phase next."),
    # crossroads
    "crossroads_drawn": N_(
        "{drawer_name} draws a crossroads card for {seat_name}'s turn and keeps it hidden."
    ),
    "crossroads_secret": N_(
        "Your crossroads card for {seat_name}'s turn is {card}: watch for its trigger."
    ),
    "crossroads_deck_empty": N_(
        "The crossroads deck is empty: {drawer_name} draws nothing for {seat_name}'s turn."
    ),
    "crossroads_returned": N_(
        "{drawer_name}'s crossroads card did not trigger; it goes face down under the deck."
    ),
    "crossroads_revealed": (
        N_("{drawer_name} reveals the crossroads card {name}: {trigger}"),
        {**CROSSROADS_CARD, "trigger": card_text("card", "trigger")},
    ),
    "crossroads_removed": (N_("{name} leaves the game."), CROSSROADS_CARD),
    "crossroads_no_option": (
        N_("{name} has no option for this outcome; nothing happens."),
        CROSSROADS_CARD,
    ),
    # votes
    "vote_opened": (
        N_("A vote on {subject} is open: each player votes on their phone."),
        {"subject": _subject},
    ),
    "vote_cast": N_("{seat_name} has voted."),
    # exile
    "exile_vote_called": N_("{caller_name} calls a vote to exile {target_name}."),
    "exile_refused": N_("{target_name} is not exiled."),
    "player_exiled": N_(
        "{target_name} is exiled: no more votes, crisis cards or food tokens for them, and "
        "their survivors die without costing morale."
    ),
    "exiled_objective_drawn": N_(
        "{seat_name} draws an exiled secret objective and keeps it beside the first one."
    ),
    "exiled_objective_secret": N_("Your exiled secret objective is {card}."),
    "exiled_objectives_empty": N_("No exiled objectives are left: {seat_name} draws nothing."),
    "exiled_survivor_moved": N_("Roll for exposure for {name}, who had to leave the colony."),
    "exiled_must_move": N_(
        "{seat_name} must still move {names} out of the colony to other locations, rolling for "
        "exposure for each."
    ),
    "objective_marked": N_("{seat_name} has marked their secret objective."),
    "objective_not_counted": N_(
        "{seat_name}'s secret objective was ticked, but the board shows a part of it unmet: "
        "it cannot be complete, so it does not win."
    ),
}
"""Step kinds whose sentence is one message, filled by words/fill.py's convention."""

VOTE_TALLY: dict[str, Message] = {
    "tie": (
        NP_(
            "Vote on {subject}: {up} thumb up, {down} down: a tie.",
            "Vote on {subject}: {up} thumbs up, {down} down: a tie.",
        ),
        "up",
        {"subject": _subject},
    ),
    "passed": (
        NP_(
            "Vote on {subject}: {up} thumb up, {down} down: it passes.",
            "Vote on {subject}: {up} thumbs up, {down} down: it passes.",
        ),
        "up",
        {"subject": _subject},
    ),
    "failed": (
        NP_(
            "Vote on {subject}: {up} thumb up, {down} down: it fails.",
            "Vote on {subject}: {up} thumbs up, {down} down: it fails.",
        ),
        "up",
        {"subject": _subject},
    ),
}
"""vote_tally's sentence: a tie, else whether the vote passed."""


def _tally(s: Step) -> str:
    """vote_tally's sentence key."""
    if s["up"] == s["down"]:
        return "tie"
    return "passed" if s["passed"] else "failed"


def _crossroads_option_chosen(s: Step, n: Names, tr: Translator) -> str:
    if s["by_vote"]:
        msgid = N_("The vote settles it: option {option}: {text}")
    else:
        msgid = N_("{seat_name} takes option {option}: {text}")
    option_text = n.option_text(s.get("card"), s["option"], s.get("text"))
    return fill((msgid, {"text": lambda s, n, tr: option_text}), s, n, tr)


TIE_BROKEN = {
    (True, True): N_(
        "The first player is exiled, so {breaker_name}, the nearest player to their left who "
        "may vote, settles the tie (table ruling): the vote passes."
    ),
    (True, False): N_(
        "The first player is exiled, so {breaker_name}, the nearest player to their left who "
        "may vote, settles the tie (table ruling): the vote fails."
    ),
    (False, True): N_("{breaker_name}, the first player, settles the tie: the vote passes."),
    (False, False): N_("{breaker_name}, the first player, settles the tie: the vote fails."),
}
"""vote_tie_broken's sentence by (a table ruling settled it, the vote passed)."""


def _vote_tie_broken(s: Step, n: Names, tr: Translator) -> str:
    return fill(TIE_BROKEN[bool(s["ruling"]), bool(s["passed"])], s, n, tr)


def _winners_declared(s: Step, n: Names, tr: Translator) -> str:
    if s["coop"]:
        if s["winners"]:
            return tr.gettext("Everyone wins: the colony completed the main objective.")
        return tr.gettext("Everyone loses: the colony did not complete the main objective.")
    if not s["winner_names"]:
        return tr.gettext("Nobody completed a secret objective: everyone loses.")
    names = join(tr, s["winner_names"])
    if s["loser_names"]:
        return tr.gettext("Winners: {names}. Everyone else loses.").format(names=names)
    return tr.gettext("Winners: {names}.").format(names=names)


RENDERERS: dict[str, Renderer] = {
    "crossroads_option_chosen": _crossroads_option_chosen,
    "vote_tally": choice(_tally, VOTE_TALLY),
    "vote_tie_broken": _vote_tie_broken,
    "winners_declared": _winners_declared,
}
"""Step kinds whose sentence needs a plural, a list or a choice between messages."""
