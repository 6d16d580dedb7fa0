"""The crisis: revealing it, secret contributions, and the anonymous resolution.

Contributions are secret: ``state["crisis"]["contributions"]`` holds ``{"seat", "symbol"}``
records; public steps may name who put a card down (the table sees that) but never its symbol,
and the reveal in the colony phase names symbols but never seats. A seat's own symbols are in a
step marked ``"private": seat_id``.
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.checks import require_own_turn
from companion.engine.board.effects import apply_effects
from companion.engine.board.places import Choices
from companion.engine.colony import crisis_effects  # noqa: F401  (registers its card effects)
from companion.engine.colony.phases import run_colony_step, step_choices
from companion.engine.core import declare as act
from companion.engine.core import hooks
from companion.engine.core.dice import Randomness
from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import (
    State,
    begin,
    seat,
    voters,
)
from companion.engine.core.vocabulary import SYMBOLS
from companion.engine.words.card_texts import copy_translations
from companion.engine.words.steps import N_, Step, of_card, of_seat, step

BONUS_MARGIN = 2
"""The total must beat the target by 2 or more for the bonus (002 "Colony Phase" 3)."""
DEFAULT_BONUS_TEXT = ""  # the step says it in the reader's language (crisis_bonus default_bonus)
DEFAULT_BONUS_EFFECTS = ({"kind": "morale", "amount": 1},)
"""The rulebook's bonus (002:1612, 000:488): the colony gains 1 morale. A card that names its
own bonus effects (even none) keeps them; a card that says nothing gets this one."""


def crises_left(st: State) -> list[str]:
    """The crisis cards the table may still reveal this game (never the deck's order)."""
    return sorted(set(st["cards"]["crises"]) - set(st.get("crises_revealed") or []))


def reveal_choices(st: State, actor: str) -> Choices | None:
    """While no crisis is in play: a card left to reveal (or the deck's top), its symbols,
    and what a module adds (core/hooks.py ``reveal_choices``)."""
    if st["crisis"] is not None:
        return None
    return {
        "crisis": crises_left(st),
        "deck": len(st["decks"]["crises"]),
        "symbols": list(SYMBOLS),
        **hooks.merged("reveal_choices", st),
    }


@act.rule(N_("reveal crisis"), "002:965 000:302 000:735 000:737", who=act.TABLE)
@act.takes(reveal_choices, name=act.FREE, prevent=act.FREE, bandits=act.FREE)
def reveal_crisis(
    state: State,
    crisis: str | None = None,
    rng: Randomness | None = None,
    *,
    name: str | None = None,
    prevent: list[str] | None = None,
    bandits: list[int] | None = None,
    without_bandits: bool = False,
) -> tuple[State, list[Step]]:
    """Reveal this round's crisis (Player Turns Phase 1, base 002:965, Long Night 000:302).

    ``crisis``: the id of the card turned over (from ``state["cards"]["crises"]``; taken out of
    the deck if it is still there; one revealed already this game, in ``crises_revealed``, is
    refused: a resolved crisis is not played twice), or None to draw the top of the crisis deck.
    A table playing a crisis the companion does not know types its ``name`` and ``prevent``
    symbols instead; its fail effect is then carried out by hand. Bandits module: bandits are
    placed at the location numbers on the card (000:735); a card without any has 2 placed at
    random (000:737). A typed-in crisis may give its card's bandit ``bandits`` numbers
    (bandits.bandits_at_reveal).
    ``without_bandits``: the table plays this round without bandits if the card names no
    placement (000:737, bandits.playing_without_bandits).
    """
    st, steps = begin(state)
    if st["phase"] != "player_turns":
        raise RuleError(N_("a crisis is revealed at the start of the player turns phase"))
    if st["crisis"] is not None:
        raise RuleError(
            N_("the crisis {name} is already in play"), name=shown(st["crisis"]["name"])
        )
    deck = st["decks"]["crises"]
    known = st["cards"]["crises"]
    if name is not None or prevent is not None:
        if crisis is not None:
            raise RuleError(N_("name a known crisis card or type one in, not both"))
        if name is None or not prevent:
            raise RuleError(N_("a typed-in crisis needs its name and the symbols that prevent it"))
        card: dict[str, Any] = {"id": "typed", "name": name, "prevent": prevent, "typed": True}
        card["bandits"] = _typed_bandits(bandits)
    elif bandits is not None:
        raise RuleError(N_("bandit numbers are typed in only with a typed-in crisis"))
    elif crisis is None:
        if not deck:
            raise RuleError(N_("the crisis deck is empty: name the card that was revealed"))
        card = dict(known[deck.pop(0)])
    else:
        if crisis not in known:
            raise RuleError(N_("unknown crisis card {card}"), card=shown(crisis))
        if crisis in (st.get("crises_revealed") or []):
            raise RuleError(
                N_("the crisis {name} was already revealed this game: pick one still in the deck"),
                name=shown(known[crisis]["name"]),
            )
        card = dict(known[crisis])
        if crisis in deck:
            deck.remove(crisis)
    if not card.get("typed"):
        st["crises_revealed"] = [*(st.get("crises_revealed") or []), card["id"]]
    record = _crisis_from_card(card)
    st["crisis"] = record
    steps.append(
        step(
            "crisis_revealed",
            **of_card("crisis", record),
            prevent=list(record["prevent"]),
            fail_text=record["fail_text"],
            bonus_text=record["bonus_text"],
            target=crisis_target(st),
        )
    )
    hooks.each("crisis_revealed", st, steps, card, rng, without_bandits)
    return st, steps


def _crisis_from_card(card: dict[str, Any]) -> dict[str, Any]:
    """The crisis record kept in the state, checked for the facts the rules need."""
    missing = [f for f in ("id", "name", "prevent") if not card.get(f)]
    if missing:
        raise RuleError(N_("a crisis card needs {fields}"), fields=", ".join(missing))
    prevent = list(card["prevent"])
    bonus_effects = card.get("bonus_effects")
    if bonus_effects is None:
        bonus_effects = [dict(e) for e in DEFAULT_BONUS_EFFECTS]
        bonus_text = card.get("bonus_text") or DEFAULT_BONUS_TEXT
    else:
        bonus_text = card.get("bonus_text", "")
    bad = [p for p in prevent if p not in SYMBOLS]
    if bad:
        raise RuleError(N_("unknown prevent symbol(s) {symbols}"), symbols=", ".join(map(str, bad)))
    record = {
        "id": card["id"],
        "name": card["name"],
        "prevent": prevent,
        "fail_text": card.get("fail_text", ""),
        "fail_effects": list(card.get("fail_effects") or []),
        "bonus_text": bonus_text,
        "bonus_effects": list(bonus_effects),
        "contributions": [],
    }
    copy_translations(card, record, "name", "fail_text", "bonus_text")
    return record


def _typed_bandits(numbers: list[int] | None) -> list[int]:
    """The bandit placement of a typed-in crisis: location numbers 1-12 (000:140)."""
    numbers = list(numbers or [])
    bad = [n for n in numbers if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 12]
    if bad:
        raise RuleError(
            N_("a bandit placement names location numbers 1 to 12, not {numbers}"),
            numbers=", ".join(map(shown, bad)),
        )
    return numbers


def contribute_choices(st: State, actor: str) -> Choices | None:
    """While a crisis is in play: the actor's own seat (none for the table) and any symbol."""
    if st.get("crisis") is None:
        return None
    return {"seat_id": [None if actor == act.TABLE_ACTOR else actor], "symbols": list(SYMBOLS)}


@act.rule(N_("contribute to crisis"), "002:1748 002:1396 002:1360", who=act.OWN, about="seat_id")
@act.answers("crisis")
@act.takes(contribute_choices, symbols=act.each(), requested=act.FREE)
def contribute_to_crisis(
    state: State, seat_id: str | None, symbols: list[str], requested: bool = False
) -> tuple[State, list[Step]]:
    """A seat adds cards face down to the crisis (base 002 "Add Card to Crisis").

    Each card is recorded by its one symbol. Exiled players cannot add cards (002:1748), nor can
    a card received through a request be added (002:1396). It is an action of the player's own
    turn (002:1360): while a turn is in progress only the active player may add cards. The
    table may add cards for nobody in particular (``seat_id`` None): the physical cards were
    put down face down and only their symbols are entered. The public step names the seat and
    the count only; the symbols go to a step private to that seat.
    """
    st, steps = begin(state)
    if st["crisis"] is None:
        raise RuleError(N_("no crisis has been revealed: reveal this round's crisis first"))
    if st["phase"] != "player_turns":
        raise RuleError(N_("cards are added to the crisis during the player turns phase"))
    if requested:
        raise RuleError(N_("a card received through a request cannot be added to the crisis"))
    if not isinstance(symbols, list) or not symbols:
        raise RuleError(N_("add at least one card to the crisis"))
    bad = [s for s in symbols if s not in SYMBOLS]
    if bad:
        raise RuleError(
            N_("unknown card symbol(s) {symbols}; known: {known}"),
            symbols=", ".join(map(shown, bad)),
            known=", ".join(SYMBOLS),
        )
    pile = st["crisis"]["contributions"]
    if seat_id is None:
        pile.extend({"seat": None, "symbol": symbol} for symbol in symbols)
        steps.append(step("crisis_cards_entered", count=len(symbols), total=len(pile)))
        return st, steps
    who = seat(st, seat_id)
    if who.get("eliminated"):
        raise RuleError(N_("{name} is out of the game"), name=who["name"])
    if who["exiled"]:
        raise RuleError(N_("{name} is exiled and cannot add cards to the crisis"), name=who["name"])
    require_own_turn(st, who, N_("add cards to the crisis"))
    pile.extend({"seat": seat_id, "symbol": symbol} for symbol in symbols)
    steps.append(
        step(
            "crisis_card_added",
            **of_seat(who),
            count=len(symbols),
            total=len(pile),
        )
    )
    steps.append(
        step("crisis_contribution_private", private=seat_id, symbols=list(symbols), total=len(pile))
    )
    return st, steps


def withdraw_choices(st: State, seat_id: str) -> dict[str, Any] | None:
    """A seat may take back its cards from the crisis while it has some there; None else."""
    crisis = st.get("crisis") or {}
    mine = any(c["seat"] == seat_id for c in crisis.get("contributions", ()))
    return {"seat_id": [seat_id]} if mine else None


@act.rule(N_("withdraw from crisis"), who=act.OWN, about="seat_id")
@act.answers("crisis")
@act.takes(withdraw_choices)
def withdraw_from_crisis(state: State, seat_id: str) -> tuple[State, list[Step]]:
    """A player takes back every card they added to this crisis, before the colony phase.

    Ruling (the books are silent): a card put down by mistake may be taken back while the
    player turns phase lasts, as a table would hand it back. The step names the seat and the
    count, never the symbols.
    """
    st, steps = begin(state)
    if st["crisis"] is None:
        raise RuleError(N_("no crisis has been revealed: reveal this round's crisis first"))
    if st["phase"] != "player_turns":
        raise RuleError(N_("crisis cards can only be taken back before the colony phase"))
    who = seat(st, seat_id)
    pile = st["crisis"]["contributions"]
    mine = [c for c in pile if c["seat"] == seat_id]
    if not mine:
        raise RuleError(N_("{name} has no card in the crisis"), name=who["name"])
    st["crisis"]["contributions"] = [c for c in pile if c["seat"] != seat_id]
    steps.append(
        step(
            "crisis_cards_withdrawn",
            **of_seat(who),
            count=len(mine),
            total=len(st["crisis"]["contributions"]),
        )
    )
    return st, steps


def crisis_target(st: State) -> int:
    """Points needed: the non-exiled players still in the game (002 "Colony Phase" 3, 000:488).

    Ruling: eliminated players (player elimination variant) do not count.
    """
    return len(voters(st))


def card_points(symbol: str, prevent: list[str]) -> int:
    """A revealed crisis card: +1 if its symbol is in the prevent set, else -1 (002:1598)."""
    return 1 if symbol in prevent else -1


def score_crisis(symbols: list[str], prevent: list[str], target: int) -> dict[str, Any]:
    """Score revealed crisis cards: +1 a match, -1 otherwise (002 "Colony Phase" 3, 000:488).

    Total < target: the crisis fails. Total >= target: prevented; >= target + 2: also the bonus.
    A food card counts once whatever food it shows (each card is one symbol here).
    """
    total = sum(card_points(symbol, prevent) for symbol in symbols)
    prevented = total >= target
    return {
        "total": total,
        "target": target,
        "prevented": prevented,
        "bonus": prevented and total >= target + BONUS_MARGIN,
    }


@act.rule(N_("resolve crisis"), "002:1598 000:488", who=act.TABLE)
@act.takes(step_choices("resolve_crisis"))
def resolve_crisis(state: State, rng: Randomness) -> tuple[State, list[Step]]:
    """Colony step 3: resolve the crisis (``resolve_crisis_now``; 002:1598, 000:488)."""
    return run_colony_step(state, "resolve_crisis", resolve_crisis_now, rng)


def resolve_crisis_now(st: State, steps: list[Step], rng: Randomness) -> None:
    """Colony step 3 (base 002 "Colony Phase" 3, 002:1598; Long Night 000:488).

    Shuffle the contributed cards and reveal them one at a time (no seat is named), score them
    against the target, then apply the fail effects or, if prevented by 2 or more, the bonus
    effects (normally +1 morale, 002:356). No cards: total 0, so it fails. Every contributed card
    leaves the game (not the waste pile), and the crisis is cleared. No crisis in play: a step
    says so and nothing happens.
    """
    crisis = st["crisis"]
    if crisis is None:
        steps.append(step("crisis_none"))
        return
    cards = [c["symbol"] for c in crisis["contributions"]]
    rng.shuffle(cards)
    target = crisis_target(st)
    steps.append(
        step(
            "crisis_resolving",
            **of_card("crisis", crisis),
            count=len(cards),
            target=target,
        )
    )
    running = 0
    for k, symbol in enumerate(cards, start=1):
        points = card_points(symbol, crisis["prevent"])
        running += points
        steps.append(step("crisis_card_revealed", k=k, symbol=symbol, points=points, total=running))
    result = score_crisis(cards, crisis["prevent"], target)
    st["crisis"] = None
    fields = {
        "crisis": crisis["id"],
        "name": crisis["name"],
        "total": result["total"],
        "target": target,
    }
    if not result["prevented"]:
        steps.append(step("crisis_failed", fail_text=crisis["fail_text"], **fields))
        _apply(st, steps, crisis["fail_effects"], rng, crisis)
    else:
        steps.append(step("crisis_prevented", **fields))
        if result["bonus"]:
            default = crisis["bonus_effects"] == [dict(e) for e in DEFAULT_BONUS_EFFECTS]
            steps.append(
                step(
                    "crisis_bonus",
                    bonus_text=crisis["bonus_text"],
                    default_bonus=default,
                    **fields,
                )
            )
            _apply(st, steps, crisis["bonus_effects"], rng, crisis)
    if cards and not st["ended"]:
        steps.append(step("crisis_cards_removed", count=len(cards)))


def _apply(
    st: State, steps: list[Step], effects: list[dict], rng: Randomness, crisis: dict[str, Any]
) -> None:
    """Apply crisis effects; nobody is active, so seat-bound ones go to the table by hand."""
    source, card = crisis["name"], crisis["id"]
    apply_effects(st, steps, effects, rng, source=source, source_card=card, strict=False)
