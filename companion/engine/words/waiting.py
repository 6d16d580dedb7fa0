"""What the game waits for, worded once: the sentences of every kind ``views.waiting_for`` says.

Each kind of moment has a table headline (None where the table's own part for it words it: a
vote's subject, a card's question, a module's decision), the sentence a phone shows to the seat
the game waits for (``mine``) and to every other seat (``others``), and, while the table is still
turning the last step over, those two again (``revealing_mine``, ``revealing_others``) where the
moment says something else then, and ``next_others`` where a moment marked ``next`` does (the
next of several experiments); ``answer`` names the action that makes a moment a seat's when
the moment names no seat. The sentences are ``N_``-marked msgids with named ``{}``
placeholders (``name``: the seat the moment is about; ``k`` and ``of``: R3's experiments), filled
in by ``waiting_words`` and translated where they are shown (the web's ``waiting_words`` global).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.words.labels import CARD_LINES, N_

GAME_OVER = N_("The game is over")
COLONY_PHASE = N_("Colony phase")

WAITING: dict[str, dict[str, str | None]] = {  # kind -> reader -> msgid
    "keep_survivors": {
        "table": N_("Players choose their survivors"),
        "mine": N_("Choose the survivors you keep."),
        "others": N_("Waiting for the others to keep their survivors."),
    },
    "reveal_crisis": {
        "table": N_("Reveal the crisis"),
        "others": N_("The table reveals this round's crisis."),
    },
    "start_turn": {
        "table": N_("Next: {name}'s turn"),
        "mine": N_("Your turn is next."),
        "others": N_("{name}'s turn is next."),
    },
    "turn": {
        "table": N_("{name}'s turn"),
        "mine": N_("Your turn."),
        "others": N_("{name}'s turn."),
    },
    "bite": {
        "table": N_("A bite spreads"),
        "mine": N_("A bite is spreading to your survivor: decide below."),
        "others": N_("{name} decides about a spreading bite."),
    },
    "bandit_leader": {
        "table": None,
        "mine": N_("You lead the bandits: place them below."),
        "others": N_("The bandit leader places bandits."),
    },
    "special_exile": {
        "table": None,
        "mine": N_("Special exile phase: you may call 1 exile vote below, or none."),
        "others": N_("Special exile phase: {name} may call 1 exile vote."),
    },
    "betrayer_reveal": {
        "table": None,
        "others": N_(
            "After the special exile phase: the betrayer may reveal a completed Bandit "
            "Betrayal now."
        ),
    },
    "survivor_choice": {
        "table": None,
        "answer": "choose_survivor",
        "others": N_("A card asks players to choose one of their survivors."),
        "revealing_mine": N_(
            "A card asks you to choose one of your survivors: the choice comes here once the "
            "table has shown the outcome."
        ),
        "revealing_others": N_(
            "A card asks players to choose one of their survivors: the choice comes on their "
            "phones once the table has shown the outcome."
        ),
    },
    "card_choice": {"table": None},
    "vote": {"table": None, "others": N_("A vote is open.")},
    "containment_place": {
        "table": None,
        "mine": N_("Thumbs down: pick where fewer zombies come."),
        "others": N_("{name} picks where fewer zombies come."),
    },
    "special_zombies": {"table": None, "others": N_("The table places the special zombies.")},
    "top_experiment": {
        "table": None,
        "others": N_("The table enters the top Raxxon experiment for the containment check."),
        "next_others": N_("The table enters the next Raxxon experiment."),
    },
    "draw_experiment": {
        "table": None,
        "others": N_("The table draws Raxxon experiment {k} of {of}."),
    },
    "r1_completion": {
        "table": None,
        "others": N_("R1 is completed: {name} follows its steps, entered on the table."),
    },
    "colony_phase": {"table": COLONY_PHASE, "others": N_("Colony phase: the table runs it.")},
    "revealing": {"table": COLONY_PHASE, "others": N_("Colony phase: the table runs it.")},
    "declare_winners": {
        "table": GAME_OVER,
        "answer": "mark_objective",
        "mine": N_("The game is over: say whether you completed your secret objective."),
        "others": N_(
            "The game is over: the others mark their objectives, then the winners are declared."
        ),
    },
    "over": {"table": GAME_OVER, "others": N_("The game is over.")},
}
"""Every kind ``views.waiting_for`` says, with its table headline and its phones' sentences."""


def _variant(
    waiting: Mapping[str, Any], seat_id: str | None, legal: Mapping[str, Any] | None
) -> str:
    """Which sentence a reader gets: the table's, or a phone's (``mine`` when the moment is
    this seat's: its seat, one of its seats, or its ``answer`` among the seat's legal actions)."""
    if seat_id is None:
        return "table"
    answer = WAITING.get(str(waiting.get("kind")), {}).get("answer")
    if answer is not None:
        return "mine" if answer in (legal or {}) else "others"
    seats = waiting.get("seats")
    mine = waiting.get("seat") == seat_id or (isinstance(seats, list) and seat_id in seats)
    return "mine" if mine else "others"


def waiting_words(
    waiting: Mapping[str, Any],
    names: Mapping[str, str],
    seat_id: str | None = None,
    *,
    revealing: bool = False,
    legal: Mapping[str, Any] | None = None,
) -> tuple[str, dict[str, Any]] | None:
    """What the game waits for, worded for the table (``seat_id`` None) or for one seat's phone:
    (msgid, the values of its placeholders), or None when that reader's part words it itself.
    ``names`` maps a seat's id to its name; ``revealing``: the table is turning a step over;
    ``legal``: the seat's legal actions (where a kind is this seat's when it may answer it)."""
    kind = str(waiting.get("kind"))
    said = WAITING.get(kind, {})
    variant = _variant(waiting, seat_id, legal)
    msgid = said.get(f"revealing_{variant}") if revealing and variant != "table" else None
    if msgid is None and waiting.get("next") and variant != "table":
        msgid = said.get(f"next_{variant}") or said.get("next_others")
    if msgid is None and kind == "card_choice" and variant != "table":
        msgid = CARD_LINES.get(str(waiting.get("ask")))
    if msgid is None:
        msgid = said.get(variant) or (said.get("others") if variant == "mine" else None)
    if msgid is None:
        return None
    fields: dict[str, Any] = {"k": waiting.get("k", ""), "of": waiting.get("of", "")}
    if "{name}" in msgid:  # only then are the names read (a screen may not carry them)
        fields["name"] = names.get(str(waiting.get("seat")), "")
    return msgid, fields
