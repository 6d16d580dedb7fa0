"""A choice a card effect leaves to one player: which entrance, which token, which player.

The pattern of player_choices.py, for one chooser: the question waits in ``state["pending"]``
(kind "card_choice") until the player the card names answers it (choose.choose_for_card), on
their phone; the table may answer for a player without one. The chooser is the active player
for a crossroads option (002:1464: the active player resolves it) and, for a crisis, where
nobody is active, the first player, who settles the table's choices (000:584). One answer
places or removes one piece; an effect of several pieces asks again until it is done. A
question with only one possible answer, or whose every answer must be taken anyway (two
barricades to remove and only two on the board), is not asked: the engine takes it. The card's
later effects wait in the question and are applied once it is done.

Each kind of question (``ask``) is registered with ``register``: the answers possible now and
what one answer does. The board's own are here (entrances of the colony, a wound token, a
player); the modules and the crisis register theirs (an improvement, a crisis card).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.engine.board.deaths import add_wound
from companion.engine.board.pieces import add_token, remove_token
from companion.engine.board.survivors import heal
from companion.engine.core.dice import Randomness
from companion.engine.core.errors import RuleError
from companion.engine.core.state import (
    COLONY,
    State,
    free_spaces,
    seat,
    seats_in_play,
    survivor,
)
from companion.engine.words.steps import (
    N_,
    Step,
    at_entrance,
    at_place,
    of_seat,
    of_survivor,
    step,
)

KIND = "card_choice"
Question = dict[str, Any]


@dataclass(frozen=True)
class Ask:
    """One kind of question: its answers now, what one answer does, and how much room there is.

    ``apply`` returns True when it opened a further question (a player picked, who then
    answers their own part). ``room`` is how many pieces all the answers together could take:
    when it is no more than the pieces left, every answer is taken anyway and nobody is asked.
    ``nothing`` says so when no answer is left; ``words`` says how a screen names an answer
    (``answer_words``). ``typed`` makes a question whose answer the player types (a card's
    name the companion does not know beforehand): it checks the text and returns it as kept;
    such a question is always asked, with no answers offered.
    """

    options: Callable[[State, Question], list[str]]
    apply: Callable[[State, list[Step], Question, str, Randomness], bool]
    room: Callable[[State, Question], int] | None = None
    nothing: Callable[[State, list[Step], Question], None] | None = None
    words: Callable[[State, str], dict[str, Any]] | None = None
    typed: Callable[[State, Question, str], str] | None = None


ASKS: dict[str, Ask] = {}


def register(code: str, ask: Ask) -> None:
    """Make a kind of question known (the modules and the crisis call this at import)."""
    ASKS[code] = ask


def chooser(st: State, seat_id: str | None) -> str:
    """Who answers a card's question: the active player, else the first player (000:584)."""
    return seat_id if seat_id is not None else st["first_player"]


def question(
    st: State,
    ask: str,
    seat_id: str,
    effect: dict[str, Any],
    left: int,
    carry: dict[str, Any],
    **fields: Any,
) -> Question:
    """A question about to be asked; ``carry`` holds the card's later effects and context."""
    return {
        "kind": KIND,
        "seat": seat_id,
        "ask": ask,
        "options": [],
        "left": left,
        "effect": dict(effect),
        "later": [dict(e) for e in carry.get("later", [])],
        "context": dict(carry.get("context", {})),
        "source": carry.get("source", ""),
        "source_card": carry.get("source_card"),
        **fields,
    }


def ask_or_take(st: State, steps: list[Step], q: Question, rng: Randomness) -> bool:
    """Take every answer no player has a say in; open the question when one has (True).

    Returns False once the effect is done (its pieces placed or none left to place).
    """
    spec = ASKS[q["ask"]]
    while q["left"] > 0 and not st["ended"]:
        if spec.typed is not None:
            q["typed"] = True
            _open(st, steps, q)
            return True
        options = spec.options(st, q)
        if not options:
            if spec.nothing is not None:
                spec.nothing(st, steps, q)
            else:
                steps.append(
                    step("card_choice_nothing", ask=q["ask"], count=q["left"], source=q["source"])
                )
            q["left"] = 0
            break
        forced = len(options) == 1 or (spec.room is not None and spec.room(st, q) <= q["left"])
        if forced:
            q["left"] -= 1
            if spec.apply(st, steps, q, options[0], rng):
                return True
            continue
        q["options"] = options
        _open(st, steps, q)
        return True
    return False


def _open(st: State, steps: list[Step], q: Question) -> None:
    """The question waits for its player (``state["pending"]``), and a step says so."""
    st["pending"] = q
    steps.append(
        step(
            "card_choice_opened",
            **of_seat(seat(st, q["seat"])),
            ask=q["ask"],
            count=q["left"],
            source=q["source"],
        )
    )


def open_card_choice(st: State) -> Question | None:
    """The open card choice (``state["pending"]``), or None."""
    pending = st.get("pending")
    return pending if isinstance(pending, dict) and pending.get("kind") == KIND else None


def pending_card_choice(st: State) -> Question:
    """The open card choice, or raise."""
    pending = open_card_choice(st)
    if pending is None:
        raise RuleError(N_("no card is waiting for a player's choice now"))
    return pending


def answer_words(st: State, q: Question) -> list[dict[str, Any]]:
    """Each answer with what a screen needs to name it: ``kind`` "entrance" (a colony entrance
    number), "symbol", "code" (labels.CARD_ANSWERS) or "name" (a player's, a survivor's or an
    improvement's own name, in ``name``)."""
    words = ASKS[q["ask"]].words or (lambda st, value: {"kind": "code"})
    return [{"value": value, **words(st, value)} for value in q["options"]]


def public_card_choice(st: State, pending: Question) -> dict[str, Any]:
    """The open question as every device may see it: who chooses, what about, the answers."""
    shown = {k: v for k, v in pending.items() if k not in ("later", "context")}
    shown["answers"] = answer_words(st, pending)
    return shown


def own_card_choice(st: State, seat_id: str) -> Question | None:
    """The open question when this seat is the one who answers it (its phone), else None."""
    pending = open_card_choice(st)
    if pending is None or pending["seat"] != seat_id:
        return None
    return public_card_choice(st, pending)


def _entrance_words(st: State, value: str) -> dict[str, Any]:
    """An entrance number: a screen says "Entrance n"."""
    return {"kind": "entrance"}


def _survivor_words(st: State, value: str) -> dict[str, Any]:
    """A survivor, by its name."""
    return {"kind": "name", "name": survivor(st, value)["name"]}


def _seat_words(st: State, value: str) -> dict[str, Any]:
    """A player, by their name."""
    return {"kind": "name", "name": seat(st, value)["name"]}


# --- the colony's entrances: barricades, traps and zombies ---


def _entrance_ask(token: str, adding: bool) -> Ask:
    """A question of which colony entrance takes (or loses) a barricade or trap."""

    def fits(ent: dict[str, Any]) -> int:
        """How many pieces this entrance takes (adding) or holds (removing)."""
        return free_spaces(ent) if adding else ent[token + "s"]

    def options(st: State, q: Question) -> list[str]:
        """The colony entrances with room (adding) or with a piece (removing)."""
        return [str(e["number"]) for e in st["colony"]["entrances"] if fits(e) > 0]

    def apply(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
        """The piece goes on (or comes off) the entrance answered."""
        (add_token if adding else remove_token)(st, steps, COLONY, int(answer), token)
        return False

    def room(st: State, q: Question) -> int:
        """How many pieces the colony could take (or give up) in all."""
        return sum(fits(e) for e in st["colony"]["entrances"])

    def nothing(st: State, steps: list[Step], q: Question) -> None:
        """No entrance left: each piece left is lost (or missing), as a step."""
        kind = "defence_lost" if adding else "defence_missing"
        steps.extend(step(kind, **at_place(st, COLONY), what=token) for _ in range(q["left"]))

    return Ask(options, apply, room, nothing=nothing, words=_entrance_words)


def _zombie_options(st: State, q: Question) -> list[str]:
    """The colony entrances with a zombie on them."""
    return [str(e["number"]) for e in st["colony"]["entrances"] if e["zombies"] > 0]


def _remove_zombie(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
    """One zombie leaves the colony entrance answered (a card's removal: not a kill)."""
    ent = next(e for e in st["colony"]["entrances"] if str(e["number"]) == answer)
    ent["zombies"] -= 1
    steps.append(step("zombie_removed_at", **at_entrance(st, COLONY, ent), source=q["source"]))
    return False


def _zombie_room(st: State, q: Question) -> int:
    """The zombies on every colony entrance."""
    return sum(e["zombies"] for e in st["colony"]["entrances"])


register("barricade_add", _entrance_ask("barricade", True))
register("barricade_remove", _entrance_ask("barricade", False))
register("trap_add", _entrance_ask("trap", True))
register("trap_remove", _entrance_ask("trap", False))


def _no_zombie(st: State, steps: list[Step], q: Question) -> None:
    """No zombie at the colony: none leaves."""
    steps.append(step("zombies_removed", **at_place(st, COLONY), count=0, source=q["source"]))


register("zombies_remove", Ask(_zombie_options, _remove_zombie, _zombie_room, nothing=_no_zombie))


# --- a survivor's token: a wound or a frostbite ---

HEALED_KEYS = {"wound": "wounds", "frostbite": "frostbite"}


def _token_options(st: State, q: Question) -> list[str]:
    """The tokens the survivor carries that the effect may remove."""
    person = survivor(st, q["survivor"])
    return [kind for kind, key in HEALED_KEYS.items() if person[key] > 0]


def _heal_token(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
    """The token answered comes off the survivor (000:682)."""
    heal(st, steps, q["survivor"], answer)
    return False


register("heal_token", Ask(_token_options, _heal_token))


# --- another player, and what that player does ---


def other_players(st: State, seat_id: str, *, may_add: bool = False) -> list[str]:
    """The other players in play (for a crisis card, not exiled: 002:1748)."""
    return [
        s["id"] for s in seats_in_play(st) if s["id"] != seat_id and not (may_add and s["exiled"])
    ]


FOLLOW_UPS = {"crisis_add": "crisis_card", "give_or_wound": "give_or_wound"}
"""The question the picked player answers, by the effect that asked for a player."""


def _player_options(st: State, q: Question) -> list[str]:
    """The players the chooser may pick."""
    return other_players(st, q["seat"], may_add=q["effect"]["kind"] == "crisis_add")


def _player_picked(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
    """The player picked now answers their own part of the card."""
    steps.append(step("card_player_picked", **of_seat(seat(st, answer)), source=q["source"]))
    amount = q["effect"].get("amount", 1)
    carry = {k: q[k] for k in ("later", "context", "source", "source_card")}
    follow = question(st, FOLLOW_UPS[q["effect"]["kind"]], answer, q["effect"], amount, carry)
    return ask_or_take(st, steps, follow, rng)


register("player", Ask(_player_options, _player_picked, words=_seat_words))


def _give_options(st: State, q: Question) -> list[str]:
    """The picked player gives the card (from their hand: the table's), or one of their
    survivors takes the wound instead."""
    return ["gave", *(s["id"] for s in st["survivors"] if s["owner"] == q["seat"])]


def _give_or_wound(st: State, steps: list[Step], q: Question, answer: str, rng: Randomness) -> bool:
    """The card was given, or the survivor answered takes 1 wound."""
    who = seat(st, q["seat"])
    if answer == "gave":
        steps.append(step("card_given_instead", **of_seat(who), source=q["source"]))
    else:
        steps.append(step("card_not_given", **of_seat(who), **of_survivor(survivor(st, answer))))
        add_wound(st, steps, answer, "wound", "card", source=q["source"])
    return False


def _give_words(st: State, value: str) -> dict[str, Any]:
    """ "I give the card" (a code), or the survivor who takes the wound instead."""
    return {"kind": "code"} if value == "gave" else _survivor_words(st, value)


register("give_or_wound", Ask(_give_options, _give_or_wound, words=_give_words))
