"""Who may do what: every action names its actor (``by``), and this table says who may.

The actor is ``"table"`` (the laptop's table screen) or a seat id (that player's phone). One
rule per action, declared beside it (core/declare.py) and read here as ``WHO``; ``check_actor``
applies it before the entry point runs:

- ``TABLE``: only the table: the crisis reveal and the colony phase, which the table runs for
  everyone. ``CORRECTION``: only the table, fixing the board or a count by hand (002 has none: a
  table fixes its own mistakes).
- ``TURN``: the active player's seat or the table, while that turn is in progress; between
  turns only the table (002 "Player Turns": a player acts on their own turn). A seat may only
  name itself or its own survivors.
- ``NEXT``: starting a turn: the seat whose turn comes next, or the table.
- ``OWN``: only the seat the action is about: revealing one's own crossroads card, casting
  one's own vote, keeping one's dealt survivors, adding one's own cards to the crisis. These
  carry secrets, so the table never acts for a seat here (it may add crisis cards anonymously).
- ``OPEN``: the seat the action is about, or the table: decisions a player announces aloud
  (how a spreading bite is answered, a new survivor joining, marking one's objective at the
  end), which the table may enter for a player who has no phone.

Exiled seats cannot vote or add to the crisis (002:1748, 002:1764): the rules that hold those
actions refuse them (votes.py, crisis.py).
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import declare as act
from companion.engine.core.errors import Phrase, RuleError, action_words, shown
from companion.engine.core.state import State, active_seat_id, seat
from companion.engine.turns.turn import next_turn_seat
from companion.engine.words.steps import N_

TABLE = act.TABLE
CORRECTION = act.CORRECTION
TURN = act.TURN
NEXT = act.NEXT
OWN = act.OWN
OPEN = act.OPEN

Rule = tuple[str, str | None]
"""(who may, what names the seat the action is about): an argument name, or
"survivor:<arg>" (the owner of that survivor), "pending" (the seat a decision waits for),
or None."""

WHO = act.view(lambda d: (d.who, d.about))
"""Every action's rule, read from its declaration (``who`` and ``about``)."""

TABLE_ACTOR = act.TABLE_ACTOR

FOR_ANOTHER = N_("{name} may not {action} for another player")
"""The refusal of a seat acting for another seat."""


def actor_name(st: State, by: str) -> Phrase:
    """'the table' or the seat's player name and id, for a refusal."""
    if by == TABLE_ACTOR:
        return Phrase(N_("the table"))
    return Phrase(N_("{name} ({seat})"), name=seat(st, by)["name"], seat=by)


def check_by(st: State | None, by: Any) -> str:
    """The actor, checked: "table" or a seat id of this game."""
    if by == TABLE_ACTOR:
        return by
    if not isinstance(by, str) or st is None or not any(s["id"] == by for s in st["seats"]):
        raise RuleError(
            N_('an action is made "by" the table or a seat of this game, not {by}'), by=shown(by)
        )
    return by


def seat_argument(kind: str) -> str | None:
    """The argument that names the acting seat, filled in from ``by`` when a phone omits it."""
    _, about = WHO[kind]
    return about if about in ("seat_id", "caller") else None


def concerned_seat(st: State, kind: str, args: dict[str, Any]) -> str | None:
    """The seat an action is about, by its rule in ``WHO`` (None when it names nobody)."""
    _, about = WHO[kind]
    if about is None:
        return None
    if about == "pending":
        pending = st.get("pending")
        return pending.get("seat") if isinstance(pending, dict) else None
    if about == "drawer":
        turn = st.get("turn")
        return turn.get("crossroads_drawer") if turn else None
    if about.startswith("survivor:"):
        survivor_id = args.get(about.split(":", 1)[1])
        for s in st["survivors"]:
            if s["id"] == survivor_id:
                return s["owner"]
        return None
    value = args.get(about)
    return value if isinstance(value, str) else None


def check_actor(st: State, kind: str, by: str, args: dict[str, Any]) -> None:
    """Refuse an action its actor may not make (the rules of ``WHO``), naming who and why."""
    who = WHO[kind][0]
    target = concerned_seat(st, kind, args)

    if who in (TABLE, CORRECTION):
        if by != TABLE_ACTOR:
            raise RuleError(
                N_("{name} may not {action}: only the table may"),
                name=actor_name(st, by),
                action=action_words(kind),
            )
        return
    if who == OWN:
        if by == TABLE_ACTOR:
            if kind == "contribute_to_crisis" and args.get("seat_id") is None:
                return  # the table adds cards face down for nobody in particular
            raise RuleError(
                N_("the table may not {action} for a player: only their own phone may"),
                action=action_words(kind),
            )
        if target != by:
            raise RuleError(FOR_ANOTHER, name=actor_name(st, by), action=action_words(kind))
        return
    if who == OPEN:
        if by != TABLE_ACTOR and target != by:
            raise RuleError(FOR_ANOTHER, name=actor_name(st, by), action=action_words(kind))
        return
    if by == TABLE_ACTOR:
        return
    active = next_turn_seat(st) if who == NEXT else active_seat_id(st)
    if who == NEXT and st.get("turn"):
        active = active_seat_id(st)
    if active != by:
        if active is None:
            raise RuleError(
                N_("{name} may not {action} between turns: only the active player or the table"),
                name=actor_name(st, by),
                action=action_words(kind),
            )
        raise RuleError(
            N_(
                "{name} may not {action} during {active}'s turn: only the active player or "
                "the table"
            ),
            active=seat(st, active)["name"],
            name=actor_name(st, by),
            action=action_words(kind),
        )
    if target is not None and target != by:
        raise RuleError(FOR_ANOTHER, name=actor_name(st, by), action=action_words(kind))
