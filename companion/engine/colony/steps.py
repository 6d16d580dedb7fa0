"""The colony phase: its seven steps, always in the rulebook's order.

Base 002 "Colony Phase" (002:1578-1636), Long Night 000:472-500. Each step is an entry point of
its own and ``run_colony_phase`` runs them all, stopping the moment the game ends.

Phase handling (our choice): every step may be called from the player turns phase or the colony
phase; it moves the game into the colony phase (the last turn is over) and records in
``state["colony_step"]`` the step that comes next. The steps do not refuse to run out of order
(the table may be redoing one by hand), but ``run_colony_phase`` always resumes from
``colony_step``: when a decision becomes pending (a bite spreading from a crisis effect) it
stops there, and the next call carries on after the decision has been taken.

Raxxon module: the containment check at the start of the colony phase (000:792-799) runs when
the phase begins (phases.enter_colony_phase, raxxon.py); a vote or special zombies it leaves
pending pause the phase before step 1.
"""

from __future__ import annotations

from companion.engine.board.places import Choices
from companion.engine.board.zombies import (
    add_zombies,
    bandits_drawing_zombies,
    zombies_for_colony,
    zombies_for_location,
)
from companion.engine.colony.crisis import resolve_crisis_now
from companion.engine.colony.phases import (
    COLONY_STEPS,
    begin_step,
    colony_step_done,
    due_step,
    enter_colony_phase,
    noise_entered,
    noise_to_enter,
    run_colony_step,
    step_choices,
    steps_to_run,
)
from companion.engine.core import declare as act
from companion.engine.core import hooks
from companion.engine.core.dice import (
    NOISE_COIN_SIDES,
    Entered,
    Randomness,
    flip_coin,
    noise_faces,
    roll_d6,
)
from companion.engine.core.errors import Phrase, RuleError, shown
from companion.engine.core.morale import change_morale, end_game
from companion.engine.core.objective_progress import (
    objective_asks_the_table,
    objective_conditions,
    objective_count,
    objective_counts,
    objective_met_by_count,
    objective_target,
    table_has_a_say,
)
from companion.engine.core.state import (
    COLONY,
    State,
    around_from,
    begin,
    colonists,
    locations_in_order,
    one_per_two_colonists,
    right_of,
    seat,
    seats_in_play,
    survivors_at,
    voters,
)
from companion.engine.scenarios.chapters import begin_next_chapter, complete_chapter
from companion.engine.turns.votes import tally_vote
from companion.engine.words.steps import N_, Step, of_location, of_seat, step

WASTE_PER_MORALE = 10
NOISE_HIT_MAX = 3
"""Base rules: a noise die of 3 or lower adds a zombie (002:1617)."""


# --- the phase itself ---


@act.rule(N_("start colony phase"), who=act.TABLE)
def start_colony_phase(state: State) -> tuple[State, list[Step]]:
    """End the player turns phase and begin the colony phase (base 002 "Colony Phase")."""
    st, steps = begin(state)
    enter_colony_phase(st, steps)
    return st, steps


def phase_choices(st: State, actor: str) -> Choices | None:
    """The rest of the colony phase at once: the step due, the answer of step 5 (none but "not
    met" for a main objective checked from its count alone), a Long Night first player vote's
    result or its votes, one from each player who may vote (000:660, 002:1764), and the faces
    of the noise tokens at a table that enters them (``noise_choices``). Such a table runs the
    whole rest only from Add Zombies on: before it, the crisis may still add tokens to roll
    for (002:1598-1617), so its Confirms take it there (``phases.steps_to_run``)."""
    due = due_step(st)["step"]
    ahead = COLONY_STEPS.index(due) < COLONY_STEPS.index("add_zombies")
    if ahead and noise_entered(st):
        return None
    keep = [False, True] if st["ruleset"] == "long_night" else [False]
    met = [False, True] if table_has_a_say(st) else [False]
    out: Choices = {"step": due, "objective_met": met, "keep_first_player": keep}
    out.update(_voters(st) if st["ruleset"] == "long_night" else {})
    out.update(noise_choices(st) if due == "add_zombies" else {})
    return out


def _voters(st: State) -> Choices:
    """The players whose votes a first player vote takes: each in play and not exiled."""
    return {"voters": [s["id"] for s in voters(st)]}


def noise_choices(st: State) -> Choices:
    """The noise dice the table enters for Add Zombies run now, when it enters them:
    ``{"noise": {places, faces}}``, a face per token (phases.noise_to_enter); else nothing."""
    return {"noise": noise_to_enter(st)} if noise_entered(st) else {}


@act.rule(N_("run colony phase"), who=act.TABLE)
@act.takes(phase_choices, first_player_votes=act.each("voters"), noise=act.dice())
def run_colony_phase(
    state: State,
    rng: Randomness,
    *,
    objective_met: bool = False,
    keep_first_player: bool = False,
    first_player_votes: dict[str, bool] | None = None,
    noise: list[int] | None = None,
) -> tuple[State, list[Step]]:
    """Run the colony phase's steps in order, from the one that is due to the last.

    Stops the moment the game ends (002 "Winning and Losing"), and pauses when a decision
    becomes pending; calling it again resumes at ``state["colony_step"]``. ``objective_met``
    answers step 5 (a counting main objective is checked from its count instead, and may not
    be answered ``True``: objective_progress.py); ``keep_first_player`` (a first-player vote
    that passed) or
    ``first_player_votes`` (the votes, tallied here) is the Long Night vote of step 7.
    ``noise``: the faces the table rolled for its noise tokens, at a table that enters them
    (``check_noise``); such a table runs the whole rest only from Add Zombies on
    (``phase_choices``).
    """
    st, steps = begin(state)
    _require_bool(objective_met, N_("say whether the main objective is met"))
    _require_bool(keep_first_player, N_("say whether a vote keeps the first player token"))
    if objective_met and not table_has_a_say(st):
        _refuse_answer_to_count(st)
    if phase_choices(st, "table") is None:
        raise RuleError(
            N_(
                "this table enters its noise dice, and the crisis may still add noise tokens: "
                "confirm the steps up to Add Zombies first"
            )
        )
    enter_colony_phase(st, steps)
    if st["pending"]:
        steps.append(step("colony_phase_paused", next_step=st["colony_step"]))
        return st, steps
    start = COLONY_STEPS.index(st["colony_step"] or COLONY_STEPS[0])
    _refuse_noise_unused(noise, COLONY_STEPS[start:])
    _run_steps(
        st,
        steps,
        COLONY_STEPS[start:],
        rng,
        objective_met,
        keep_first_player,
        first_player_votes,
        noise,
    )
    return st, steps


def confirm_choices(st: State, actor: str) -> Choices:
    """One Confirm: the steps it runs, the answer of step 5 when it is due and asks, a first
    player vote's result when it reaches step 7 in The Long Night (000:660)."""
    names = steps_to_run(st)
    out: Choices = {"steps": names}
    if due_step(st)["asks"]:
        out["met"] = [False, True]
    keep = "pass_first_player" in names and st["ruleset"] == "long_night"
    out["keep_first_player"] = [False, True] if keep else [False]
    out.update(noise_choices(st) if "add_zombies" in names else {})
    return out


@act.rule(N_("run colony steps"), "002:1579 000:472-500 002:1621 000:660", who=act.TABLE)
@act.takes(confirm_choices, noise=act.dice())
def run_colony_steps(
    state: State,
    rng: Randomness,
    *,
    met: bool | None = None,
    keep_first_player: bool = False,
    noise: list[int] | None = None,
) -> tuple[State, list[Step]]:
    """One Confirm of the table: the colony step that is due and each following one that asks
    the table nothing, up to the next that does (``phases.steps_to_run``), in the rulebook's
    order (002:1579, 000:472-500); the phase begins first when it has not (the last turn is
    over). Pauses like ``run_colony_phase`` when a decision becomes pending and stops when the
    game ends.

    ``met`` answers step 5 when it is the step that is due and asks (002:1621); it is refused
    otherwise. ``keep_first_player``: a Long Night first player vote passed (000:660), for a
    run that reaches step 7. ``noise``: the faces the table rolled for the noise tokens, when
    it enters them and this Confirm adds the zombies (``check_noise``).
    """
    st, steps = begin(state)
    if met is not None:
        _require_bool(met, N_("say whether the main objective is met"))
    _require_bool(keep_first_player, N_("say whether a vote keeps the first player token"))
    if st["phase"] == "player_turns" and st.get("turn"):
        raise RuleError(N_("a player's turn is still in progress: end it before the colony phase"))
    enter_colony_phase(st, steps)
    if st["pending"]:
        steps.append(step("colony_phase_paused", next_step=st["colony_step"]))
        return st, steps
    names = steps_to_run(st)
    if names[0] == "check_main_objective" and due_step(st)["asks"]:
        if met is None:
            raise RuleError(N_("say whether the main objective is met"))
    elif met is not None:
        raise RuleError(N_("the main objective is not asked about now"))
    if keep_first_player and "pass_first_player" not in names:
        raise RuleError(N_("the first player token is not passed now"))
    _refuse_noise_unused(noise, names)
    _run_steps(st, steps, names, rng, bool(met), keep_first_player, None, noise)
    return st, steps


def _run_steps(
    st: State,
    steps: list[Step],
    names: list[str] | tuple[str, ...],
    rng: Randomness,
    objective_met: bool,
    keep_first_player: bool,
    first_player_votes: dict[str, bool] | None,
    noise: list[int] | None = None,
) -> None:
    """Run the named colony steps in order (mutating helper); stop when the game ends or a
    decision becomes pending (a ``colony_phase_paused`` step says which step is next)."""
    for name in names:
        if name == "pay_food":
            _pay_food(st, steps)
        elif name == "check_waste":
            _check_waste(st, steps)
        elif name == "resolve_crisis":
            resolve_crisis_now(st, steps, rng)
        elif name == "add_zombies":
            _add_colony_phase_zombies(st, steps, rng, noise)
        elif name == "check_main_objective":
            _check_main_objective(
                st, steps, objective_met if objective_asks_the_table(st) else None
            )
        elif name == "move_round_track":
            _move_round_track(st, steps)
        else:
            _pass_first_player(st, steps, keep_first_player, first_player_votes)
        colony_step_done(st, name)
        if st["ended"]:
            return
        if st["pending"]:
            steps.append(step("colony_phase_paused", next_step=st["colony_step"]))
            return


def _require_bool(value: object, what: str) -> None:
    """Raise unless value is True or False (a yes/no answer from the table).

    ``what`` asks the question in words of ours, an ``N_``-marked msgid.
    """
    if not isinstance(value, bool):
        raise RuleError(
            N_("{question} (True or False), not {value}"),
            question=Phrase(what),
            value=shown(value),
        )


# --- 1. pay food ---


@act.rule(N_("pay food"), "002:1581 000:476 000:690", who=act.TABLE)
@act.takes(step_choices("pay_food"))
def pay_food(state: State) -> tuple[State, list[Step]]:
    """Colony step 1: the colony eats (base 002 "Colony Phase" 1, 002:1581; 000:476, 000:690)."""
    return run_colony_step(state, "pay_food", _pay_food)


def _pay_food(st: State, steps: list[Step]) -> None:
    """Pay 1 food per 2 colonists, rounded up; or starve (002:1581-1595, 000:476-484).

    Colonists: survivor cards in the colony plus helpless tokens, unruly counting 2 (000:690).
    Enough food: remove it. Not enough: remove none, add 1 starvation token, then lose 1 morale
    per starvation token in the supply. The books never remove starvation tokens.
    """
    n = colonists(st)
    need = food_needed(st)
    if st["food"] >= need:
        st["food"] -= need
        steps.append(step("food_paid", colonists=n, need=need, food=st["food"]))
        return
    st["starvation"] += 1
    steps.append(
        step(
            "colony_starves",
            colonists=n,
            need=need,
            food=st["food"],
            starvation=st["starvation"],
        )
    )
    change_morale(st, steps, -st["starvation"], "starvation")


def food_needed(st: State) -> int:
    """Food the colony eats: 1 per 2 colonists, rounded up (002:1581, 000:476)."""
    return one_per_two_colonists(st)


# --- 2. check waste ---


@act.rule(N_("check waste"), "002:1596", who=act.TABLE)
@act.takes(step_choices("check_waste"))
def check_waste(state: State) -> tuple[State, list[Step]]:
    """Colony step 2: the waste pile costs morale (base 002 "Colony Phase" 2, 002:1596)."""
    return run_colony_step(state, "check_waste", _check_waste)


def _check_waste(st: State, steps: list[Step]) -> None:
    """Lose 1 morale per 10 cards in the waste pile, rounded down (002:1596, 000:486).

    The pile is counted, not emptied.
    """
    loss = st["waste"] // WASTE_PER_MORALE
    steps.append(step("waste_checked", waste=st["waste"], loss=loss))
    change_morale(st, steps, -loss, "waste")


# --- 3. resolve crisis: crisis.resolve_crisis (entry point) / crisis.resolve_crisis_now ---


# --- 4. add zombies ---


def zombie_step_choices(st: State, actor: str) -> Choices | None:
    """Step 4 on its own, with the faces of the noise tokens at a table that enters them."""
    out = step_choices("add_zombies")(st, actor)
    return None if out is None else {**out, **noise_choices(st)}


@act.rule(N_("add colony phase zombies"), "002:1613 000:490", who=act.TABLE)
@act.takes(zombie_step_choices, noise=act.dice())
def add_colony_phase_zombies(
    state: State, rng: Randomness, noise: list[int] | None = None
) -> tuple[State, list[Step]]:
    """Colony step 4: zombies come to the colony and the locations (002:1613, 000:490).

    ``noise``: the faces the table rolled for its noise tokens, when it enters them."""
    return run_colony_step(state, "add_zombies", _add_colony_phase_zombies, rng, noise)


def _add_colony_phase_zombies(
    st: State, steps: list[Step], rng: Randomness, noise: list[int] | None = None
) -> None:
    """Add the colony phase's zombies (base 002 "Colony Phase" 4, 002:1613; 000:490).

    The colony first, counted again now (a failed crisis may have changed it), then each
    location in number order (ruling): 1 per survivor there, +1 per bandit with the Bandits
    module (000:745), plus one per noise token that hits. Each count is fixed before the first
    zombie is placed; deaths on the way do not lower it (002:1675). Stops if the game ends.
    The noise tokens roll the table's own faces when it enters them (``check_noise``).
    """
    tokens = check_noise(st, noise)
    colony = hooks.folded("zombie_count", zombies_for_colony(st), st, steps, COLONY)
    add_zombies(st, steps, COLONY, colony, "colony_phase")
    for loc in locations_in_order(st):
        if st["ended"]:
            return
        count = zombies_for_location(st, loc["id"]) + _resolve_noise(st, steps, loc, tokens or rng)
        count = hooks.folded("zombie_count", count, st, steps, loc["id"])  # Raxxon (000:795)
        add_zombies(st, steps, loc["id"], count, "colony_phase")
    hooks.each("after_zombies", st, steps)  # Bandits Scavenge (000:749)


def check_noise(st: State, noise: list[int] | None) -> Randomness | None:
    """The faces the table entered for Add Zombies' noise tokens as the dice they roll, or None
    when the companion rolls them (setting ``noise_dice``, chosen at setup).

    One face per noise token on the board, in the order they are resolved (place by place in
    number order); an action die's 1-6 in the base game (002:1617), a coin's 1 ("!!!") or 0
    (blank) in The Long Night (000:490). A wrong count or face is refused, saying what is due.
    """
    due = sum(loc["noise"] for loc in locations_in_order(st))
    if not noise_entered(st):
        if noise is not None:
            raise RuleError(
                N_("this game's noise dice are rolled by the companion (chosen at setup)")
            )
        return None
    if noise is None:
        noise = []
    if len(noise) != due:
        raise RuleError(
            N_("noise tokens to resolve now: {due}; give one face for each, not {given}"),
            due=due,
            given=len(noise),
        )
    faces = noise_faces(st["ruleset"])
    for face in noise:
        if isinstance(face, bool) or face not in faces:
            if st["ruleset"] == "long_night":
                raise RuleError(
                    N_('a noise token lands on 1 ("!!!") or 0 (blank), not {face}'),
                    face=shown(face),
                )
            raise RuleError(N_("a noise die shows 1 to 6, not {face}"), face=shown(face))
    return Entered(noise)


def _refuse_noise_unused(noise: list[int] | None, names: list[str] | tuple[str, ...]) -> None:
    """Refuse noise faces given to a Confirm that does not add the zombies."""
    if noise is not None and "add_zombies" not in names:
        raise RuleError(N_("no noise tokens are resolved in this step: give no faces"))


def zombies_due(st: State) -> dict[str, dict[str, int]]:
    """What Add Zombies will bring to each place, before its noise tokens are resolved (the
    colony phase's preview): at the colony, 1 per 2 colonists (002:1613, 000:490); at each
    location, 1 per survivor there and 1 per bandit there (000:745), so the table can say whose
    they are; ``fewer``, the 3 a thumbs-down vote takes off the chosen place (000:795)."""
    due = {COLONY: {"survivors": zombies_for_colony(st), "bandits": 0}}
    for loc in locations_in_order(st):
        due[loc["id"]] = {
            "survivors": len(survivors_at(st, loc["id"])),
            "bandits": bandits_drawing_zombies(st, loc["id"]),
        }
    for place, counts in due.items():
        counts["fewer"] = sum(hooks.each("fewer_zombies", st, place))
    return due


def _resolve_noise(st: State, steps: list[Step], loc: dict, rng: Randomness) -> int:
    """Remove a location's noise tokens one at a time; return how many add a zombie.

    Base rules roll an action die: 3 or lower adds one (002:1617). Long Night flips the token
    like a coin: "!!!" adds one (000:490).
    """
    hits = 0
    while loc["noise"] > 0:
        loc["noise"] -= 1
        if st["ruleset"] == "long_night":
            hit = flip_coin(rng)
            fields = {"coin": NOISE_COIN_SIDES[int(hit)]}
        else:
            roll = roll_d6(rng)
            hit = roll <= NOISE_HIT_MAX
            fields = {"roll": roll}
        hits += hit
        steps.append(
            step(
                "noise_resolved",
                **of_location(loc),
                hit=hit,
                **fields,
            )
        )
    return hits


# --- 5. check main objective ---


def objective_step_choices(st: State, actor: str) -> Choices | None:
    """Step 5 on its own, with the table's answer where the objective asks it."""
    out = step_choices("check_main_objective")(st, actor)
    if out is not None and objective_asks_the_table(st):
        out["met"] = [False, True]
    return out


@act.rule(N_("check main objective"), "002:1621 000:494", who=act.TABLE)
@act.takes(objective_step_choices)
def check_main_objective(state: State, met: bool | None = None) -> tuple[State, list[Step]]:
    """Colony step 5: is the main objective met? (002:1621, 000:494)

    A counting main objective is checked from its count (``met`` left out) unless its last word
    is the table's (objective_progress.objective_asks_the_table); any other is answered by the
    table, ``met`` True or False.
    """
    st, steps = begin(state)
    if objective_asks_the_table(st):
        _require_bool(met, N_("say whether the main objective is met"))
    elif met is not None:
        _refuse_answer_to_count(st)
    begin_step(st, steps, "check_main_objective")
    _check_main_objective(st, steps, met)
    colony_step_done(st, "check_main_objective")
    return st, steps


def _refuse_answer_to_count(st: State) -> None:
    """Refuse the table's yes or no for a main objective the engine checks from its count."""
    if not objective_asks_the_table(st):
        raise RuleError(
            N_(
                "this main objective is checked from its count; correct the count instead "
                "of answering yes or no"
            )
        )


def _check_main_objective(st: State, steps: list[Step], met: bool | None) -> None:
    """Met: the game ends now (002:1621). A game ended by morale or the round track never gets
    here, so its main objective is not checked (002:1813). In a special scenario a chapter that
    is not the last goes on instead (scenarios.complete_chapter, 000:886).

    A counting main objective (objective_progress.py) is met when its count has reached its
    target and what else it needs holds (the board's conditions; the table's yes where it has
    the last word); the step says both numbers and what is still missing.
    """
    if objective_counts(st):
        reached = bool(objective_met_by_count(st))
        confirmed = met if objective_asks_the_table(st) else None
        met = reached and confirmed is not False
        steps.append(
            step(
                "main_objective_counted",
                what=objective_counts(st)["what"],
                count=objective_count(st),
                target=objective_target(st),
                met=met,
                unmet=[
                    {"check": c["check"], "at_least": c["at_least"]}
                    for c in objective_conditions(st)
                    if c["met"] is False
                ],
                confirmed=confirmed,
            )
        )
    else:
        steps.append(step("main_objective_checked", met=bool(met)))
    if met and not complete_chapter(st, steps):
        end_game(st, steps, "main_objective")


# --- 6. move round track ---


@act.rule(N_("move round track"), "002:1626 000:498", who=act.TABLE)
@act.takes(step_choices("move_round_track"))
def move_round_track(state: State) -> tuple[State, list[Step]]:
    """Colony step 6: the round track moves down 1 (002:1626, 000:498)."""
    return run_colony_step(state, "move_round_track", _move_round_track)


def _move_round_track(st: State, steps: list[Step]) -> None:
    """Move the round tracker down 1; on 0 the game ends at once (002:1626, 000:498)."""
    st["round_track"] = max(0, st["round_track"] - 1)
    steps.append(step("round_track_moved", round_track=st["round_track"]))
    if st["round_track"] == 0:
        end_game(st, steps, "round_track")


# --- 7. pass first player ---


def pass_step_choices(st: State, actor: str) -> Choices | None:
    """Step 7 on its own, with a Long Night first player vote's result (000:660)."""
    out = step_choices("pass_first_player")(st, actor)
    if out is not None and st["ruleset"] == "long_night":
        out.update(keep=[False, True], **_voters(st))
    return out


@act.rule(N_("pass first player"), "002:1629 000:660 000:500", who=act.TABLE)
@act.takes(pass_step_choices, votes=act.each("voters"))
def pass_first_player(
    state: State, keep: bool = False, votes: dict[str, bool] | None = None
) -> tuple[State, list[Step]]:
    """Colony step 7: pass the first player token right; a new round begins (002:1629).

    Long Night (000:660, 000:500): ``keep`` True says a first-player vote passed; or give the
    ``votes`` ({seat: True/False}, every player who may vote) and the engine tallies them.
    """
    st, steps = begin(state)
    _require_bool(keep, N_("say whether a vote keeps the first player token"))
    begin_step(st, steps, "pass_first_player")
    _pass_first_player(st, steps, keep, votes)
    return st, steps


def _pass_first_player(
    st: State, steps: list[Step], keep: bool, votes: dict[str, bool] | None = None
) -> None:
    """Pass the token to the player on the right (002:1629), then begin the next round.

    Long Night: a first-player vote that passed keeps the token where it is (000:660, 000:500);
    ``keep`` says it passed, or ``votes`` are tallied (votes.tally_vote: ties go the first
    player's way); the base rules have no such vote. A first player who is out of the game
    passes it to the nearest player still in, to their right (ruling).
    """
    if (keep or votes is not None) and st["ruleset"] != "long_night":
        raise RuleError(N_("only the Long Night rules let a vote keep the first player token"))
    if keep and votes is not None:
        raise RuleError(
            N_("give either the result of the first player vote or the votes, not both")
        )
    if votes is not None:
        keep, vote_steps = tally_vote(st, votes, subject="first_player")
        steps.extend(vote_steps)
    current = st["first_player"]
    if keep and current in {s["id"] for s in seats_in_play(st)}:
        steps.append(step("first_player_kept", **of_seat(seat(st, current))))
    else:
        new = _right_of_token(st, current)
        st["first_player"] = new
        steps.append(step("first_player_passed", **of_seat(seat(st, new))))
    st["round"] += 1
    st["phase"] = "player_turns"
    st["colony_step"] = None
    st["turn"] = None
    st["crisis"] = None
    steps.append(step("round_began", round=st["round"], round_track=st["round_track"]))
    begin_next_chapter(st, steps)


def _right_of_token(st: State, current: str | None) -> str:
    """The seat the token goes to: the player to the right of its holder (state.right_of)."""
    in_play = {s["id"] for s in seats_in_play(st)}
    if not in_play:
        raise RuleError(N_("nobody is left in the game to take the first player token"))
    if current in in_play:
        return right_of(st, current)
    order = around_from(st, current, to_the="right")
    return next(sid for sid in order[1:] + order[:1] if sid in in_play)
