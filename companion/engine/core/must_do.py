"""What a seat must do now, and what the table waits for: the moments a phone calls its owner.

A phone nudges its player (a short vibration, a pulsing line, a mark in the page's title) once
for every new moment that asks something of them, and the table screen shows, silently, whom it
waits for (docs/live.md "Nudges"). Each moment is one of ``KINDS`` with its words; it carries an
id that stays the same while the moment lasts (re-rendered, answered by others, the page
reloaded) and differs for every new occurrence. Ids come from the open decisions' ids
(decisions.py: ``<n>-<digest>``, new whenever a question is asked anew) and, for what is no
question, from the round, the turn and the cards: so a phone that sees an id it has not seen
yet knows a new moment has come.

What counts as "this seat must act" is read from the seat's legal actions (legal.py), so a
moment lasts exactly as long as the phone offers its answer:

- ``turn``: their turn is next or in progress (002 "Player Turns": one turn per player a round);
- ``vote``: a vote is open and they may still cast their ballot (votes.py, 002:1574);
- ``crossroads``: they drew the turn's crossroads card and may reveal it when its trigger happens
  (002:1464); ``crossroads_hint``: what the table recorded matches that trigger
  (crossroads_hints.py);
- ``crisis``: the crisis is open for their cards and they have added none yet (002:1296);
- ``keep_survivors``: survivors dealt to them at setup wait to be kept (002 Setup 10);
- ``survivor_choice``: a card asks each player to pick one of their survivors
  (player_choices.py); ``card_choice``: a card asks this player one question (an entrance, a
  token, a player: card_choices.py);
- ``bite``: a bite spreads from their survivor and they decide it (002:1411);
- ``new_survivor``: they lost their last survivor while the survivors come from the box, and
  enter the card they draw as their new group leader (002:1780-1784, deaths.py);
- ``bandits``: they lead the bandits and place them (000:759);
- ``special_exile``: B2's special exile phase asks them to call one exile vote or pass
  (000:984); the betrayer's moment after it is nobody's nudge (it would name the betrayer);
- ``objective``: the game is over and they mark whether they completed their objective
  (002:1806).

The table's ``waiting_on`` lists only what the table waits for (a crossroads card, a hint or a
crisis contribution is nobody's obligation, and would tell the table a secret; nor does it
name the seats still to mark their objective, which would tell whose the board shows out),
with ids made of public parts only (the decision's number, never its digest of a secret).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from companion.engine.core.decisions import PENDING, open_id
from companion.engine.core.state import State
from companion.engine.words.labels import N_

Legal = Mapping[str, Any]


class Kind(NamedTuple):
    """One kind of moment: the phone's words, the table's words (None: the table does not wait
    for it), and the question key of decisions.py its id follows (None: built otherwise)."""

    phone: str
    table: str | None
    question: str | None


KINDS: dict[str, Kind] = {
    # Most pressing first: a phone shows them in this order.
    "bite": Kind(
        N_("A bite spreads to your survivor: decide what happens."), N_("a bite"), PENDING
    ),
    "survivor_choice": Kind(
        N_("A card asks you to choose one of your survivors."),
        N_("a survivor to choose"),
        PENDING,
    ),
    "card_choice": Kind(
        N_("A card asks you to choose: answer it below."), N_("a card's question"), PENDING
    ),
    "new_survivor": Kind(
        N_("You lost your last survivor: draw a survivor card and enter it below."),
        N_("a new survivor drawn"),
        None,
    ),
    "vote": Kind(N_("A vote is open: cast your vote."), N_("a vote"), PENDING),
    "bandits": Kind(N_("You lead the bandits: place them."), N_("the bandits"), PENDING),
    "special_exile": Kind(
        N_("Special exile phase: call one exile vote, or pass."),
        N_("a call in the special exile phase"),
        PENDING,
    ),
    # The betrayer's moment after it (pending ``betrayer_reveal``) is never a moment: a nudge
    # in one player's hand would tell the table who holds the Bandit Betrayal (000:986).
    "keep_survivors": Kind(
        N_("Choose the survivors you keep."), N_("survivors to keep"), "keep:{seat}"
    ),
    # Nobody's wait on the table: a phone whose objective the board shows out is not asked,
    # so naming the seats still to mark would tell the table whose objective is out.
    "objective": Kind(
        N_("Mark whether you completed your secret objective."), None, "objective:{seat}"
    ),
    "crossroads_hint": Kind(
        N_("Your crossroads card may trigger now: read it."), None, "crossroads:{seat}"
    ),
    "turn": Kind(N_("It is your turn."), N_("their turn"), None),
    "crossroads": Kind(
        N_("You hold this turn's crossroads card: reveal it when it triggers."),
        None,
        "crossroads:{seat}",
    ),
    "crisis": Kind(N_("The crisis is open for your cards."), None, None),
}
"""Every kind of moment, with its words, in the order a phone lists them."""


def _turn(st: State, seat_id: str, legal: Legal, view: Mapping[str, Any]) -> bool:
    """Their turn is in progress, or it is the one the game waits to start (not before the
    round's crisis is revealed: views.waiting_for)."""
    turn = st.get("turn")
    if st.get("ended") or st.get("phase") != "player_turns":
        return False
    if turn:
        return bool(turn.get("seat") == seat_id)
    waiting = view.get("waiting") or {}
    return waiting.get("kind") == "start_turn" and waiting.get("seat") == seat_id


def _crisis(st: State, seat_id: str, legal: Legal, view: Mapping[str, Any]) -> bool:
    crisis = st.get("crisis")
    pile = crisis.get("contributions") if isinstance(crisis, dict) else None
    given = any(c.get("seat") == seat_id for c in pile) if isinstance(pile, list) else False
    return "contribute_to_crisis" in legal and not given


def _held(st: State, seat_id: str) -> bool:
    return bool(st["secrets"][seat_id].get("crossroads"))


def _hint(st: State, seat_id: str) -> bool:
    return bool(st["secrets"][seat_id].get("crossroads_hint"))


WHEN: dict[str, Callable[[State, str, Legal, Mapping[str, Any]], bool]] = {
    "bite": lambda st, sid, legal, view: "resolve_bite" in legal,
    "survivor_choice": lambda st, sid, legal, view: (
        "choose_survivor" in legal and not view.get("revealing")
    ),
    "card_choice": lambda st, sid, legal, view: (
        "choose_for_card" in legal and not view.get("revealing")
    ),
    "new_survivor": lambda st, sid, legal, view: (
        "add_survivor" in legal
        and any(s["id"] == sid and s.get("needs_survivor") for s in st["seats"])
    ),
    "vote": lambda st, sid, legal, view: "cast_vote" in legal,
    "bandits": lambda st, sid, legal, view: "lead_bandits" in legal,
    "special_exile": lambda st, sid, legal, view: "call_special_exile_vote" in legal,
    "keep_survivors": lambda st, sid, legal, view: "keep_survivors" in legal,
    "objective": lambda st, sid, legal, view: (
        "mark_objective" in legal and st["secrets"][sid].get("objective_complete") is None
    ),
    "crossroads_hint": lambda st, sid, legal, view: (
        "reveal_crossroads" in legal and _held(st, sid) and _hint(st, sid)
    ),
    "turn": _turn,
    "crossroads": lambda st, sid, legal, view: (
        "reveal_crossroads" in legal and _held(st, sid) and not _hint(st, sid)
    ),
    "crisis": _crisis,
}
"""When each kind is due for a seat: from its legal actions (and the state where they say too
little). Every kind of KINDS has its test here."""


def _token(st: State, kind: str, seat_id: str, public: bool) -> str:
    """What tells this occurrence of ``kind`` from any other: the open decision's id (only its
    number when ``public``), or the round, turn seat (and whether the turn has started) and
    cards."""
    question = KINDS[kind].question
    if question is not None:
        found = open_id(st, question.format(seat=seat_id)) or ""
        return found.split("-")[0] if public else found
    if kind == "turn":  # "next" and "started" are two calls: the start calls again
        return f"{st.get('round')}" + (":started" if st.get("turn") else "")
    if kind == "new_survivor":  # one call per last survivor lost
        lost = sum(1 for g in st.get("graveyard") or [] if g.get("owner") == seat_id)
        return f"{st.get('round')}:{lost}"
    crisis = st.get("crisis")
    card = crisis.get("id") if isinstance(crisis, dict) else None
    return f"{card}:{st.get('round')}"


def moment(st: State, kind: str, seat_id: str, public: bool = False) -> dict[str, Any]:
    """One moment as views carry it: its kind, its id, the seat and the words (a msgid)."""
    words = KINDS[kind].table if public else KINDS[kind].phone
    return {
        "kind": kind,
        "id": f"{kind}:{seat_id}:{_token(st, kind, seat_id, public)}",
        "seat": seat_id,
        "sentence": words,
    }


SAID_BY_MOMENT: dict[str, str] = {
    "start_turn": "turn",
    "turn": "turn",
    "keep_survivors": "keep_survivors",
    "bite": "bite",
    "bandit_leader": "bandits",
    "special_exile": "special_exile",
    "survivor_choice": "survivor_choice",
    "card_choice": "card_choice",
    "vote": "vote",
    "declare_winners": "objective",
}
"""What the game waits for (``views.waiting_for``'s kinds) that one of a seat's moments says
already, when that moment is the seat's."""


def waiting_said(waiting: Mapping[str, Any], moments: list[dict[str, Any]]) -> bool:
    """Whether this seat's moments already say what the game waits for, so its phone does not
    say it twice ("It is your turn." and "Now: your turn.")."""
    kind = SAID_BY_MOMENT.get(str(waiting.get("kind")))
    return kind is not None and any(m["kind"] == kind for m in moments)


def must_do(
    st: State, seat_id: str, legal: Legal, view: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """What ``seat_id`` must do now, most pressing first (empty: nothing waits for it).
    ``legal`` is the seat's legal actions; ``view`` the table's view (``revealing``, and
    ``waiting``: what the game waits for)."""
    shown = view or {}
    return [moment(st, kind, seat_id) for kind in KINDS if WHEN[kind](st, seat_id, legal, shown)]


def waiting_on(
    st: State, legal_by_seat: Mapping[str, Legal], view: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Whom the table waits for and why, seat by seat in seating order: each seat's most
    pressing moment among the kinds with table words, with a public id."""
    shown = view or {}
    out = []
    for sid, legal in legal_by_seat.items():
        for kind, about in KINDS.items():
            if about.table is not None and WHEN[kind](st, sid, legal, shown):
                out.append(moment(st, kind, sid, public=True))
                break
    return out
