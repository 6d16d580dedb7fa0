"""The parts of a secret objective the companion knows, checked at the game's end.

A secret objective card lists what its player needs when the game ends (002:103-107 "You win
the game if all of the following is true"). Some parts are things the companion tracks: the
main objective, how the game ended, morale, the food supply, the waste pile, helpless tokens,
barricades and zombies, the player's survivors, where they stand and the tokens they carry.
A card says these in ``requires`` (vocabulary.OBJECTIVE_NEEDS, docs/card-sources.md
"objectives.toml"); the engine checks them before a "Yes" is taken (ending.py). What it does
not track (cards in a hand, items equipped, the symbols of cards) stays the player's word.

A normal objective needs the main objective completed whatever its card lists (002:1848-1851:
the players "are driven to see the colony succeed"). Bandit Betrayal needs B2 completed
(000:943): once B2's special exile phase has passed without the betrayer's reveal, the card
takes "Morale is at 0." (000:986) and nothing else can make it complete; before that phase,
the game has not reached B2, so it cannot be.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core.errors import Phrase, RuleError
from companion.engine.core.state import (
    COLONY,
    State,
    place_name,
    require_count,
    survivors_of,
    wound_total,
)
from companion.engine.core.vocabulary import (
    NEED_ENDS,
    NEED_NUMBERS,
    OBJECTIVE_NEEDS,
    WOUND_KINDS,
)
from companion.engine.words.steps import N_

MAIN_OBJECTIVE_UNCHECKED = frozenset({"morale", "round_track", "two_exiled", "betrayer_revealed"})
"""Ends at which the main objective is not completed: morale at 0 or the round track at 0 "ends
immediately. Do not check to see if the main objective has been completed" (002:1813-1818);
two exiled players who were not betrayers drop morale to 0 (002:1801-1803); a revealed Bandit
Betrayal wins at once, in the middle of the scenario (000:986)."""
MAIN_OBJECTIVE = {"check": "main_objective"}
"""The part every normal objective has (002:105)."""
MORALE_AT_ZERO_NEED = {"check": "morale", "at_most": 0}
"""Bandit Betrayal's added requirement "Morale is at 0." (000:986)."""
ENDS_AS = {"two_exiled": "morale"}
"""An end that counts as another for a card's ``end`` part: two exiled players who were not
betrayers drop morale to 0 (002:1801-1803)."""
WHATS = {
    "morale": N_("morale"),
    "food": N_("food tokens in the supply"),
    "starvation": N_("starvation tokens"),
    "waste": N_("cards in the waste pile"),
    "helpless": N_("helpless survivor tokens in the colony"),
    "colony_barricades": N_("barricades at the colony"),
    "locations": N_("non-colony locations where your survivors stand"),
    "leader_tokens": N_("wound, frostbite and despair tokens on your group leader"),
    "group_tokens": N_("wound, frostbite and despair tokens on your survivors"),
    "influence": N_("the highest influence among your survivors"),
}
"""What a number part counts, in words (the parts that name a place are worded below)."""
ENDS = {"morale": N_("morale at 0"), "round_track": N_("the round track at 0")}
"""How a game ends, for an ``end`` part (vocabulary.NEED_ENDS)."""


# --- the card's field, checked ---


def check_needs(raw: Any) -> list[dict[str, Any]]:
    """A secret objective card's ``requires``, checked: a list of parts, each a known ``check``
    with its own fields (docs/card-sources.md)."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > 12:
        raise RuleError(N_("a secret objective's needs are a list of at most 12 parts"))
    return [_check_need(part) for part in raw]


def _check_need(raw: Any) -> dict[str, Any]:
    """One part of a secret objective, checked."""
    if not isinstance(raw, dict) or raw.get("check") not in OBJECTIVE_NEEDS:
        raise RuleError(
            N_("a secret objective's part is one of {known}"), known=", ".join(OBJECTIVE_NEEDS)
        )
    check = raw["check"]
    allowed = OBJECTIVE_NEEDS[check]
    unknown = sorted(set(raw) - {"check", *allowed})
    if unknown:
        raise RuleError(
            N_("a secret objective's {check} part takes no {field}"),
            check=check,
            field=unknown[0],
        )
    out: dict[str, Any] = {"check": check}
    if check == "end":
        reasons = raw.get("reasons")
        if not isinstance(reasons, list) or not reasons or not set(reasons) <= set(NEED_ENDS):
            raise RuleError(
                N_("an end part lists how the game ends, from {known}"),
                known=", ".join(NEED_ENDS),
            )
        out["reasons"] = list(reasons)
        return out
    if check not in NEED_NUMBERS:
        return out
    for bound in ("at_least", "at_most"):
        if bound in raw:
            out[bound] = require_count(raw[bound], N_("how many the part needs"))
    if "at_least" not in out and "at_most" not in out:
        raise RuleError(
            N_("a secret objective's {check} part needs at_least or at_most"), check=check
        )
    for place in ("at", "away_from"):
        if place in raw:
            if not isinstance(raw[place], str) or not raw[place]:
                raise RuleError(N_("a part's place is the colony or a location id"))
            out[place] = raw[place]
    if check == "zombies" and "at" not in out:
        raise RuleError(N_("a zombies part says where (at)"))
    if raw.get("per_player"):
        out["per_player"] = True
    if "wound" in raw:
        if raw["wound"] not in WOUND_KINDS:
            raise RuleError(N_("a part's token is one of {known}"), known=", ".join(WOUND_KINDS))
        out["wound"] = raw["wound"]
    return out


# --- what the board shows ---


def needs_of(st: State, seat_id: str) -> list[dict[str, Any]]:
    """The parts the companion checks for this seat's objective: the exiled card's for an
    exiled player who drew one, else the objective's; a normal objective's main objective
    first (002:105); Bandit Betrayal's as 000:943 and 000:986 say. A card the game does not
    know (dealt from the box) has none."""
    mine = st["secrets"][seat_id]
    card_id = mine.get("exiled_objective") or mine.get("objective")
    card = st["cards"]["objectives"].get(card_id or "")
    if not card:
        return []
    parts = list(card.get("requires") or [])
    if card.get("kind") == "normal" and MAIN_OBJECTIVE not in parts:
        parts.insert(0, MAIN_OBJECTIVE)
    if card.get("kind") == "bandit_betrayal":
        parts.append(MORALE_AT_ZERO_NEED if mine.get("added_requirement") else {"check": "b2"})
    return parts


def unmet_need(st: State, seat_id: str) -> dict[str, Any] | None:
    """The first part of this seat's objective the board shows unmet at the end, with what it
    shows (``have``), or None when every part it knows holds."""
    for part in needs_of(st, seat_id):
        have = board_shows(st, seat_id, part)
        if isinstance(have, bool):
            if not have:
                return {**part, "have": have}
            continue
        low = part.get("at_least", 0) * (_players(st) if part.get("per_player") else 1)
        high = part.get("at_most")
        if have < low or (high is not None and have > high):
            shown = {**part, "have": have}
            if "at_least" in part:
                shown["at_least"] = low
            return shown
    return None


def _players(st: State) -> int:
    """Players who started the game (a card's "per player", as the main objective counts)."""
    return len(st["seats"])


def board_shows(st: State, seat_id: str, part: dict[str, Any]) -> int | bool:
    """What the board shows for one part: a number, or whether a yes-or-no part holds."""
    check = part["check"]
    ended = st.get("ended") or {}
    reason = ENDS_AS.get(ended.get("reason", ""), ended.get("reason"))
    if check == "main_objective":
        return ended.get("reason") not in MAIN_OBJECTIVE_UNCHECKED
    if check == "end":
        return reason in part["reasons"]
    if check == "b2":  # the betrayer revealed it at B2's special exile phase (000:986)
        return ended.get("reason") == "betrayer_revealed"
    if check == "not_exiled":
        return not next(s for s in st["seats"] if s["id"] == seat_id).get("exiled")
    if check in ("morale", "food", "starvation", "waste"):
        return int(st[check])
    if check == "helpless":
        return st["helpless"]["normal"] + st["helpless"]["unruly"]
    if check == "colony_barricades":
        return sum(ent["barricades"] for ent in st["colony"]["entrances"])
    if check == "zombies":
        return _zombies_at(st, part["at"])
    mine = survivors_of(st, seat_id)
    if check == "survivors":
        if "at" in part:
            mine = [s for s in mine if _stands(s, part["at"])]
        if "away_from" in part:
            mine = [s for s in mine if not _stands(s, part["away_from"])]
        return len(mine)
    if check == "locations":
        return len({s["location"] for s in mine if s["location"] != COLONY})
    if check == "leader_tokens":
        return sum(wound_total(s) for s in mine if s.get("leader"))
    if check == "group_tokens":
        kind = part.get("wound")
        key = {"wound": "wounds"}.get(kind or "", kind or "")
        return sum(s[key] if kind else wound_total(s) for s in mine)
    return max((s["influence"] for s in mine), default=0)  # influence


def _stands(person: dict[str, Any], place: str) -> bool:
    """Whether a survivor stands at a part's place (the colony, outside it, or a location)."""
    if place == "outside_colony":
        return person["location"] != COLONY
    return person["location"] == place


def _zombies_at(st: State, place: str) -> int:
    """Zombies at the colony's entrances or at one location's (none for a location not on the
    board); special zombies count as zombies."""
    if place == COLONY:
        entrances = st["colony"]["entrances"]
    else:
        entrances = [loc["entrance"] for loc in st["locations"] if loc["id"] == place]
    return sum(ent["zombies"] + len(ent.get("special", [])) for ent in entrances)


# --- the unmet part in words ---


def unmet_words(st: State, part: dict[str, Any]) -> Phrase:
    """An unmet part in words: what it needs and what the board shows."""
    check = part["check"]
    if check == "main_objective":
        return Phrase(N_("the main objective completed, and this game ended without it"))
    if check == "end":
        how = [Phrase(ENDS[r]) for r in part["reasons"]]
        ends = how[0] if len(how) == 1 else Phrase(N_("{a} or {b}"), a=how[0], b=how[1])
        return Phrase(N_("a game that ends with {how}, and this one ended otherwise"), how=ends)
    if check == "b2":
        return Phrase(N_("Special Main Objective B2 completed, which this game never reached"))
    if check == "not_exiled":
        return Phrase(N_("a player who was never exiled, and this one was"))
    return Phrase(
        N_("{what}: {bound}; the board shows {have}"),
        what=_what(st, part),
        bound=_bound(part),
        have=part["have"],
    )


def _what(st: State, part: dict[str, Any]) -> Phrase:
    """What a number part counts, in words."""
    check = part["check"]
    if check == "zombies":
        if part["at"] == COLONY:
            return Phrase(N_("zombies at the colony"))
        return Phrase(N_("zombies at {place}"), place=_place(st, part["at"]))
    if check == "survivors":
        return _survivors_what(st, part)
    if check == "group_tokens" and part.get("wound") == "frostbite":
        return Phrase(N_("frostbite tokens on your survivors"))
    return Phrase(WHATS[check])


def _survivors_what(st: State, part: dict[str, Any]) -> Phrase:
    """A survivors part in words: where they stand, or where they do not."""
    at, away = part.get("at"), part.get("away_from")
    if at == COLONY:
        return Phrase(N_("your survivors in the colony"))
    if at == "outside_colony":
        return Phrase(N_("your survivors outside the colony"))
    if at:
        return Phrase(N_("your survivors at {place}"), place=_place(st, at))
    if away == COLONY:
        return Phrase(N_("your survivors outside the colony"))
    if away:
        return Phrase(N_("your survivors anywhere but {place}"), place=_place(st, away))
    return Phrase(N_("survivors you control"))


def _place(st: State, place: str) -> Any:
    """A location's name for a part (its id when it is not on the board)."""
    if any(loc["id"] == place for loc in st["locations"]):
        return place_name(st, place)
    return place


def _bound(part: dict[str, Any]) -> Phrase:
    """A part's numbers in words: "5 or more", "3 or fewer", "exactly 0", "2 to 4"."""
    low, high = part.get("at_least"), part.get("at_most")
    if high is None:
        return Phrase(N_("{n} or more"), n=low)
    if high == 0:
        return Phrase(N_("exactly 0"))
    if low is None:
        return Phrase(N_("{n} or fewer"), n=high)
    return Phrase(N_("{low} to {high}"), low=low, high=high)
