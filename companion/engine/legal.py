"""The actions legal right now, per actor, with the choices their arguments may take.

Screens show only what is listed here; the front door (actions.apply, permissions.check_actor)
refuses everything else. ``legal_actions(state)`` returns ``{actor: {action type: choices}}``
for the table and every seat, where ``choices`` maps each argument to the values it may take
now (an empty dict: the action takes nothing more). Each choice is found with the same rule
helpers the entry points use (free spaces, survivor spaces, whose turn), and
tests/test_engine_legal.py holds both to each other: every listed choice is accepted and the
unlisted ones are refused.
"""

from __future__ import annotations

from typing import Any

from companion.engine.board import ATTRACT_MAX, COUNTERS, MAX_NOISE
from companion.engine.board.attacks import survivor_attack_choices
from companion.engine.board.card_choices import KIND as CARD_CHOICE
from companion.engine.board.player_choices import still_choosing
from companion.engine.board.special_zombies import special_zombies_first
from companion.engine.colony.ending import objective_completable
from companion.engine.colony.phases import (
    COLONY_STEPS,
    STEP_ACTIONS,
    due_step,
    steps_to_run,
)
from companion.engine.colony.reveal import revealing
from companion.engine.core import declare as act
from companion.engine.core import hooks
from companion.engine.core.dealing import is_coop
from companion.engine.core.errors import Phrase, RuleError, words
from companion.engine.core.objective_progress import (
    objective_asks_the_table,
    progress_choices,
    table_has_a_say,
)
from companion.engine.core.state import (
    COLONY,
    State,
    active_seat_id,
    free_spaces,
    free_survivor_spaces,
    seats_in_play,
    survivors_at,
    unruly_rule,
    voters,
)
from companion.engine.core.vocabulary import EXPOSURE_RESULTS, SYMBOLS, WOUND_KINDS
from companion.engine.permissions import TABLE_ACTOR, WHO, check_actor
from companion.engine.scenarios import special_exile
from companion.engine.scenarios.named import R1_COMPLETION, r1_completion_choices
from companion.engine.search import search_choices
from companion.engine.setup.new_game import survivors_per_seat
from companion.engine.turns.turn import (
    crossroads_waits,
    must_leave_first,
    next_turn_seat,
    still_to_leave_colony,
)
from companion.engine.words.labels import N_, PENDING_WORDS

Choices = dict[str, Any]


def _entrances(st: State) -> list[tuple[str, dict[str, Any]]]:
    """Every entrance on the board: (place, entrance record), the colony's first."""
    out = [(COLONY, ent) for ent in st["colony"]["entrances"]]
    out += [(loc["id"], loc["entrance"]) for loc in sorted(st["locations"], key=_number)]
    return out


def _number(loc: dict[str, Any]) -> int:
    """A location's number, for ordering."""
    return int(loc["number"])


def _target(place: str, ent: dict[str, Any]) -> dict[str, Any]:
    """An entrance as a choice: its place and number (None at a location's single entrance)."""
    return {"place": place, "entrance": ent["number"] if place == COLONY else None}


def _places(st: State) -> list[str]:
    """The colony and every location id, in board order."""
    return [COLONY] + [loc["id"] for loc in sorted(st["locations"], key=_number)]


def _turn_choices(st: State) -> dict[str, Choices]:
    """What may be done during the turn in progress (the active player's, or the table's)."""
    active = active_seat_id(st)
    assert active is not None
    player = next(s for s in st["seats"] if s["id"] == active)
    out: dict[str, Choices] = {}
    leaving = {s["id"] for s in still_to_leave_colony(st)}
    if not must_leave_first(st) and not crossroads_waits(st):
        out["end_turn"] = {"start_next": [False, True] if next_turn_seat(st) else [False]}
    moves = {}
    moved = set(st["turn"]["moved"])
    for s in st["survivors"]:
        if s["id"] not in leaving and (s["owner"] != active or s["id"] in moved):
            continue
        owner_exiled = any(x["id"] == s["owner"] and x["exiled"] for x in st["seats"])
        destinations = [
            place
            for place in _places(st)
            if place != s["location"]
            and free_survivor_spaces(st, place) > 0
            and not (place == COLONY and owner_exiled)
        ]
        if destinations:
            moves[s["id"]] = destinations
    if moves:
        out["move_survivor"] = {
            "survivor_id": moves,
            "free": sorted(leaving & set(moves)),
            "exposure": list(EXPOSURE_RESULTS),
        }
    with_zombies = [_target(p, e) for p, e in _entrances(st) if e["zombies"] > 0]
    if with_zombies:
        killers = {
            t["place"] + ":" + str(t["entrance"]): [
                s["id"] for s in survivors_at(st, t["place"]) if s["owner"] == active
            ]
            for t in with_zombies
        }
        out["kill_zombies"] = {
            "targets": with_zombies,
            "killers": killers,
            "card_killers": [s["id"] for s in st["survivors"] if s["owner"] == active],
            "attack": [True, False],
            "exposure": list(EXPOSURE_RESULTS),
        }
    out.update(survivor_attack_choices(st, active))
    room = [_target(p, e) for p, e in _entrances(st) if free_spaces(e) > 0]
    if room:
        out["add_barricade"] = {"targets": room}
        if st["ruleset"] == "long_night":
            out["add_trap"] = {"targets": room}
    if with_zombies and room:
        out["attract_zombies"] = {
            "from": with_zombies,
            "to": room,
            "count": [1, ATTRACT_MAX],
            "survivor_id": [s["id"] for s in st["survivors"] if s["owner"] == active],
        }
    noisy = [loc["id"] for loc in st["locations"] if loc["noise"] < MAX_NOISE]
    if noisy:
        out["add_noise"] = {"location_id": noisy}
    out["play_cards"] = {"seat_id": [active], "event": [False, True]}
    if st["waste"] > 0 and any(
        s["location"] == COLONY for s in st["survivors"] if s["owner"] == active
    ):
        out["clean_waste"] = {"seat_id": [active]}
    if st["food"] > 0 and not player["exiled"]:
        out["spend_food"] = {"seat_id": [active], "count": list(range(1, st["food"] + 1))}
    out["add_food"] = {}
    out["add_waste"] = {}
    if free_survivor_spaces(st, COLONY) > 0 or player["exiled"]:
        out["add_helpless"] = {
            "seat_id": [active],
            "unruly": [False, True] if unruly_rule(st) else [False],
        }
    if st["helpless"]["unruly"] > 0:
        out["calm_unruly"] = {"seat_id": [active]}
    everyone = [s["id"] for s in st["survivors"]]
    if everyone:
        out["wound_survivor"] = {"survivor_id": everyone, "wound": list(WOUND_KINDS)}
    exposed = [s["id"] for s in st["survivors"] if s["owner"] == active]
    if exposed:
        out["record_exposure"] = {"survivor_id": exposed, "result": list(EXPOSURE_RESULTS)}
    _declared(out, "heal_survivor", st, TABLE_ACTOR)
    _declared(out, "remove_despair", st, TABLE_ACTOR)
    _declared(out, "trigger_crossroads", st, active)
    _declared(out, "call_exile_vote", st, active)
    out.update(search_choices(st, active))
    out.update(hooks.merged("turn_choices", st, active))
    out.update(progress_choices(st))
    _special_first(st, out)
    return out


def _special_first(st: State, out: dict[str, Choices]) -> None:
    """Drop attackers of standard zombies who share a place with a special zombie (000:805,
    ``special_zombies.special_zombies_first``); a card's kill there stays open to the active
    player."""
    kill = out.get("kill_zombies")
    if not kill:
        return
    for key, killers in kill["killers"].items():
        if special_zombies_first(st, key.split(":", 1)[0]):
            killers.clear()


def _deck_by_name(st: State) -> list[str]:
    """The survivor deck's cards in name order (never the deck's order)."""
    names = st["cards"]["survivors"]
    return sorted(st["decks"]["survivors"], key=lambda c: (names[c]["name"], c))


def _seat_choices(st: State, seat_id: str, by_name: list[str] | None = None) -> dict[str, Choices]:
    """What a seat may do for itself whatever the turn (its OWN and OPEN actions)."""
    out: dict[str, Choices] = {}
    mine = st["secrets"][seat_id]
    player = next(s for s in st["seats"] if s["id"] == seat_id)
    turn = st.get("turn")
    if (
        turn
        and turn["crossroads_drawer"] == seat_id
        and mine["crossroads"]
        and not turn.get("crossroads_revealed")
    ):
        out["reveal_crossroads"] = {}
    crisis = st.get("crisis")
    if crisis and st["phase"] == "player_turns" and not player["exiled"]:
        if turn is None or turn["seat"] == seat_id:
            out["contribute_to_crisis"] = {"seat_id": [seat_id], "symbols": list(SYMBOLS)}
        _declared(out, "withdraw_from_crisis", st, seat_id)
    deck = st["decks"]["survivors"]
    room = bool(_joining_places(st, player))
    if deck and not player.get("eliminated") and room:
        by_name = _deck_by_name(st) if by_name is None else by_name
        out["add_survivor"] = {
            "seat_id": [seat_id],
            "survivor_id": by_name,
            "place": _joining_places(st, player),
        }
    _declared(out, "set_group_leader", st, seat_id)
    return out


def _declared(out: dict[str, Choices], kind: str, st: State, actor: str) -> None:
    """Add ``kind`` to ``out`` with the choices its declaration lists for ``actor``, if open."""
    listed = act.choices_now(kind, st, actor)
    if listed is not None:
        out[kind] = dict(listed)


def _joining_places(st: State, player: dict[str, Any]) -> list[str]:
    """Where a new survivor of ``player`` may join: the colony, or for an exiled player a
    non-colony location of their choice with an empty survivor space (002:1751-1753)."""
    if not player["exiled"]:
        return [COLONY] if free_survivor_spaces(st, COLONY) > 0 else []
    return [p for p in _places(st)[1:] if free_survivor_spaces(st, p) > 0]


def _board_fixes(st: State) -> dict[str, Choices]:
    """Between turns: the board fixes the table may enter, as corrections (a card's effect or
    a mistake set right), none of which names a player's survivor acting."""
    out: dict[str, Choices] = {"add_food": {}, "add_waste": {}}
    with_zombies = [_target(p, e) for p, e in _entrances(st) if e["zombies"] > 0]
    if with_zombies:
        out["kill_zombies"] = {
            "targets": with_zombies,
            "killers": {t["place"] + ":" + str(t["entrance"]): [] for t in with_zombies},
            "card_killers": [],
            "attack": [False],
            "exposure": list(EXPOSURE_RESULTS),
        }
    room = [_target(p, e) for p, e in _entrances(st) if free_spaces(e) > 0]
    if room:
        out["add_barricade"] = {"targets": room}
        if st["ruleset"] == "long_night":
            out["add_trap"] = {"targets": room}
    noisy = [loc["id"] for loc in st["locations"] if loc["noise"] < MAX_NOISE]
    if noisy:
        out["add_noise"] = {"location_id": noisy}
    everyone = [s["id"] for s in st["survivors"]]
    if everyone:
        out["wound_survivor"] = {"survivor_id": everyone, "wound": list(WOUND_KINDS)}
        out["record_exposure"] = {"survivor_id": everyone, "result": list(EXPOSURE_RESULTS)}
    if free_survivor_spaces(st, COLONY) > 0:
        out["add_helpless"] = {
            "seat_id": [None],
            "unruly": [False, True] if unruly_rule(st) else [False],
        }
    _declared(out, "heal_survivor", st, TABLE_ACTOR)
    _declared(out, "remove_despair", st, TABLE_ACTOR)
    return out


def _table_only(st: State) -> dict[str, Choices]:
    """Corrections and card effects only the table enters."""
    out: dict[str, Choices] = {
        "set_counter": {"name": list(COUNTERS)},
        "set_waste": {},
        "set_capacity": {"place": _places(st)},
        "apply_card_effects": {},
        "add_zombies_by_hand": {"place": _places(st)},
    }
    barricaded = [_target(p, e) for p, e in _entrances(st) if e["barricades"] > 0]
    if barricaded:
        out["remove_barricade"] = {"targets": barricaded}
    trapped = [_target(p, e) for p, e in _entrances(st) if e["traps"] > 0]
    if trapped:
        out["remove_trap"] = {"targets": trapped}
    noisy = [loc["id"] for loc in st["locations"] if loc["noise"] > 0]
    if noisy:
        out["remove_noise"] = {"location_id": noisy}
    if st["helpless"]["normal"] or st["helpless"]["unruly"]:
        out["kill_helpless_by_card"] = {}
    everyone = [s["id"] for s in st["survivors"]]
    if everyone:
        out["kill_survivor_by_card"] = {"survivor_id": everyone}
        out["remove_survivor_by_card"] = {"survivor_id": everyone}
    out.update(hooks.merged("corrections", st))
    out.update(progress_choices(st))
    return out


def _crises_left(st: State) -> list[str]:
    """The crisis cards the table may still reveal this game (never the deck's order)."""
    return sorted(set(st["cards"]["crises"]) - set(st.get("crises_revealed") or []))


def crisis_first(st: State) -> bool:
    """Whether the round's crisis is still to be revealed before its first turn (002:963-965:
    Reveal Crisis comes first): none is in play and a card is left to reveal."""
    return st.get("crisis") is None and bool(st["decks"]["crises"] or _crises_left(st))


def _round_choices(st: State) -> dict[str, Choices]:
    """Between turns in the player turns phase: the crisis, the next turn, the colony phase."""
    out: dict[str, Choices] = {}
    if st["crisis"] is None:
        out["reveal_crisis"] = {
            "crisis": _crises_left(st),
            "deck": len(st["decks"]["crises"]),
            "symbols": list(SYMBOLS),
            **hooks.merged("reveal_choices", st),
        }
    else:
        out["contribute_to_crisis"] = {"seat_id": [None], "symbols": list(SYMBOLS)}
    following = next_turn_seat(st)
    if following is not None and not crisis_first(st):
        out["start_turn"] = {"seat_id": [following]}
    out.update(_board_fixes(st))
    out["run_colony_phase"] = _phase_choices(st, COLONY_STEPS[0])
    out["start_colony_phase"] = {}
    out["run_colony_steps"] = _run_choices(st)
    out.update(_single_steps(st, COLONY_STEPS[0]))
    return out


def _colony_choices(st: State) -> dict[str, Choices]:
    """During the colony phase: the next step, or all the rest at once."""
    due = due_step(st)["step"]
    out: dict[str, Choices] = {"run_colony_phase": _phase_choices(st, due)}
    out["run_colony_steps"] = _run_choices(st)
    out.update(_single_steps(st, due))
    return out


def _single_steps(st: State, due: str) -> dict[str, Choices]:
    """Each colony step from the one due on, run on its own (phases.begin_step: a table
    entering the phase by hand may start at a later step; an earlier one is done)."""
    if st["phase"] != "colony" and hooks.any_of("colony_opening_due", st):
        return {}  # the phase begins with Raxxon's containment check (start_colony_phase)
    out: dict[str, Choices] = {}
    for name in COLONY_STEPS[COLONY_STEPS.index(due) :]:
        out[STEP_ACTIONS[name]] = {"step": name}
    if objective_asks_the_table(st) and "check_main_objective" in out:
        out["check_main_objective"]["met"] = [False, True]
    if st["ruleset"] == "long_night":
        out["pass_first_player"]["keep"] = [False, True]
    return out


def _phase_choices(st: State, due: str) -> Choices:
    """The rest of the colony phase at once (``run_colony_phase``): the answer of step 5, and
    a Long Night first player vote's result (000:660)."""
    keep = [False, True] if st["ruleset"] == "long_night" else [False]
    return {"step": due, "objective_met": _answers(st), "keep_first_player": keep}


def _run_choices(st: State) -> Choices:
    """One Confirm of the colony phase (``run_colony_steps``): the steps it runs, the answer of
    step 5 when it is due and asks, a first player vote's result when it reaches step 7 in The
    Long Night (000:660)."""
    names = steps_to_run(st)
    out: Choices = {"steps": names}
    if due_step(st)["asks"]:
        out["met"] = [False, True]
    keep = "pass_first_player" in names and st["ruleset"] == "long_night"
    out["keep_first_player"] = [False, True] if keep else [False]
    return out


def _answers(st: State) -> list[bool]:
    """The table's possible answers to colony step 5: none but "not met" for a main objective
    checked from its count alone (objective_progress.py)."""
    return [False, True] if table_has_a_say(st) else [False]


COLONY_STEP_ACTIONS = frozenset(
    {*STEP_ACTIONS.values(), "start_colony_phase", "run_colony_phase", "run_colony_steps"}
)
"""The actions that run a colony step: the table is not asked the next one while it is still
turning the last one over (reveal.py); it finishes the reveal first."""


def legal_for_table(st: State) -> dict[str, Choices]:
    """The table's legal actions now: finishing an open reveal first, and its setup notes
    whenever the game keeps a checklist (checklist.py: any phase)."""
    out = _table_now(st)
    if revealing(st):
        out = {
            "finish_reveal": {},
            **{k: v for k, v in out.items() if k not in COLONY_STEP_ACTIONS},
        }
    checklist = st.get("setup_checklist")
    if checklist:
        out["tick_setup_step"] = {"item": list(checklist["items"]), "done": [True, False]}
    return out


def _table_now(st: State) -> dict[str, Choices]:
    """The table's legal actions now, an open reveal aside."""
    if st.get("ended"):
        completed = [] if is_coop(st["variant"]) else [s["id"] for s in seats_in_play(st)]
        completed = [sid for sid in completed if objective_completable(st, sid)]
        out: dict[str, Choices] = {"declare_winners": {"completed": completed}}
        marking = [s["id"] for s in seats_in_play(st) if legal_for_seat(st, s["id"])]
        if marking:  # for a player without a phone (permissions.OPEN)
            out["mark_objective"] = {"seat_id": marking, "complete": [True, False]}
        return out
    pending = st.get("pending")
    if pending and pending["kind"] == "vote":
        return {"record_votes": {"voters": [s["id"] for s in voters(st)]}}
    if pending and pending["kind"] == "bite_spread":
        return {"resolve_bite": {"choice": ["kill", "roll"], "result": list(EXPOSURE_RESULTS)}}
    if pending and pending["kind"] == "survivor_choice":  # for a seat without a phone
        waiting = still_choosing(st)
        return {"choose_survivor": {"seat_id": list(waiting), "survivor_id": waiting}}
    if pending and pending["kind"] == CARD_CHOICE:  # for a player without a phone
        return {"choose_for_card": {"seat_id": [pending["seat"]], "answer": pending["options"]}}
    module = hooks.first("table_pending", st)
    if module is not None:
        return module
    exile_phase = special_exile.table_choices(st)
    if exile_phase is not None:
        return exile_phase
    following = r1_completion_choices(st)
    if following is not None:
        return following
    if st["phase"] == "setup":
        return {}
    out = _table_only(st)
    out.update(hooks.merged("table_choices", st))
    if st["phase"] == "colony":
        out.update(_colony_choices(st))
    elif st.get("turn"):
        out.update(_turn_choices(st))
        if st["crisis"] is not None:
            out["contribute_to_crisis"] = {"seat_id": [None], "symbols": list(SYMBOLS)}
    else:
        out.update(_round_choices(st))
    by_name = _deck_by_name(st)
    for s in seats_in_play(st):
        for kind, choices in _seat_choices(st, s["id"], by_name).items():
            if WHO[kind][0] != "open":
                continue
            merged = out.setdefault(kind, {**choices, "seat_id": [], "survivor_id": []})
            merged["seat_id"].append(s["id"])
            merged["survivor_id"] += [
                c for c in choices["survivor_id"] if c not in merged["survivor_id"]
            ]
    return out


def legal_for_seat(st: State, seat_id: str) -> dict[str, Choices]:
    """One seat's legal actions now (its phone's controls)."""
    player = next(s for s in st["seats"] if s["id"] == seat_id)
    if player.get("eliminated"):
        return {}
    if st.get("ended"):
        if (
            not is_coop(st["variant"])
            and st["ended"]["winners"] is None
            and not revealing(st)  # phones learn of the end once the table has shown it
            and objective_completable(st, seat_id)
        ):
            return {"mark_objective": {"complete": [True, False]}}
        return {}
    pending = st.get("pending")
    if pending and pending["kind"] == "vote":
        can = any(s["id"] == seat_id for s in voters(st)) and seat_id not in pending["votes"]
        return {"cast_vote": {"up": [True, False]}} if can else {}
    if pending and pending["kind"] == "bite_spread":
        return (
            {"resolve_bite": {"choice": ["kill", "roll"], "result": list(EXPOSURE_RESULTS)}}
            if pending["seat"] == seat_id
            else {}
        )
    if pending and pending["kind"] == "survivor_choice":
        mine = still_choosing(st).get(seat_id)
        return {"choose_survivor": {"survivor_id": mine}} if mine else {}
    if pending and pending["kind"] == CARD_CHOICE:
        asked = pending["seat"] == seat_id
        return {"choose_for_card": {"answer": pending["options"]}} if asked else {}
    module = hooks.first("seat_pending", st, seat_id)
    if module is not None:
        return module
    exile_phase = special_exile.seat_choices(st, seat_id)
    if exile_phase is not None:
        return _allowed(st, seat_id, exile_phase)
    if pending and pending["kind"] == R1_COMPLETION:
        return {}  # entered on the table (named.follow_r1_completion)
    if st["phase"] == "setup":
        hand = st["secrets"][seat_id]["dealt_survivors"]
        keep = survivors_per_seat(st["variant"])
        return {"keep_survivors": {"survivors": list(hand), "keep": keep}} if hand else {}
    out = _seat_choices(st, seat_id)
    if st["phase"] == "player_turns":
        if st.get("turn") and active_seat_id(st) == seat_id:
            out.update(_own_moves(st, seat_id, _turn_choices(st)))
        elif not st.get("turn") and next_turn_seat(st) == seat_id and not crisis_first(st):
            out["start_turn"] = {"seat_id": [seat_id]}
    return _allowed(st, seat_id, out)


def _own_moves(st: State, seat_id: str, out: dict[str, Choices]) -> dict[str, Choices]:
    """A phone moves only its own survivors (an exiled player's leaving ones are the table's)."""
    moves = out.get("move_survivor")
    if moves:
        owner = {s["id"]: s["owner"] for s in st["survivors"]}
        mine = {k: v for k, v in moves["survivor_id"].items() if owner[k] == seat_id}
        if mine:
            moves["survivor_id"] = mine
            moves["free"] = [sid for sid in moves["free"] if sid in mine]
        else:
            del out["move_survivor"]
    return out


def _allowed(st: State, by: str, out: dict[str, Choices]) -> dict[str, Choices]:
    """Keep only the actions this actor passes ``permissions.check_actor`` for."""
    kept = {}
    for kind, choices in out.items():
        about = WHO[kind][1]
        args: dict[str, Any] = {about: by} if about in ("seat_id", "caller") else {}
        for key in ("seat_id", "caller"):
            if choices.get(key):
                args[key] = choices[key][0]
        survivor = choices.get("survivor_id")
        if isinstance(survivor, dict | list) and survivor:
            args["survivor_id"] = next(iter(survivor))
        try:
            check_actor(st, kind, by, args)
        except RuleError:
            continue
        kept[kind] = choices
    return kept


def legal_for(st: State, by: str) -> dict[str, Choices]:
    """One actor's legal actions now: the table's (``"table"``) or a seat's."""
    return legal_for_table(st) if by == TABLE_ACTOR else legal_for_seat(st, by)


def closed_reason(st: State, kind: str) -> Phrase:
    """Why the action ``kind`` is not open now, for the front door's refusal."""
    if st.get("ended"):
        return Phrase(N_("the game is over"))
    pending = st.get("pending")
    if isinstance(pending, dict):
        return Phrase(
            N_("the game waits for {pending}"), pending=words(PENDING_WORDS, pending["kind"])
        )
    if st["phase"] == "setup":
        return Phrase(N_("the game is still being set up"))
    if revealing(st) and kind in COLONY_STEP_ACTIONS:
        return Phrase(N_("the table is still turning the last step over: finish that first"))
    if st["phase"] == "colony":
        return Phrase(N_("it is the colony phase"))
    if kind == "start_turn" and crisis_first(st) and not st.get("turn"):
        return Phrase(N_("the crisis is revealed before the first turn"))
    if st.get("turn"):
        return Phrase(N_("a turn is in progress"))
    return Phrase(N_("no turn is in progress"))


def legal_actions(st: State) -> dict[str, dict[str, Choices]]:
    """Every actor's legal actions now: {"table": {...}, seat id: {...}}."""
    out = {TABLE_ACTOR: legal_for_table(st)}
    for s in st["seats"]:
        out[s["id"]] = legal_for_seat(st, s["id"])
    return out
