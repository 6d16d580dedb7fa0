"""Structured card effects: the ``effects`` lists of crises and crossroads options.

The vocabulary is the "Effects" table of docs/card-sources.md. ``apply_effects`` is the mutating
helper other rules call (a failed crisis, a crossroads option); ``apply_card_effects`` is the
entry point a table uses to apply any card by hand. A choice an effect leaves to a player
(which colony entrance a barricade or trap goes to or comes off, which loses the zombies a card
removes, which token or survivor) is asked of that player (card_choices.py) unless only one
answer is possible.

Rulings where the books are silent (each one is visible in a step):
- Counters never go below zero: a card that takes more food, waste, starvation, helpless or
  round-track spaces than there are takes what there is, and the step says so.
- Helpless tokens only go into free colony survivor spaces; the rest are not added.
- A place named by a card that is not on this table's board: nothing happens there (a step).
- An exposure roll is applied by exposure.roll_for_exposure (a bite leaves a decision pending).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.board.card_choices import Ask, ask_or_take, chooser, question, register
from companion.engine.board.deaths import (
    add_wound,
    kill_survivor,
    lowest_influence,
    remove_survivor,
)
from companion.engine.board.exposure import roll_for_exposure
from companion.engine.board.pieces import MAX_NOISE, add_token, make_noise, remove_token
from companion.engine.board.player_choices import EACH_PLAYER_TARGETS, ask_each_player
from companion.engine.board.supply import add_helpless_tokens
from companion.engine.board.survivors import heal, move
from companion.engine.board.zombies import add_zombies
from companion.engine.core import declare as act
from companion.engine.core.dice import Randomness, roll_d6, roll_exposure
from companion.engine.core.effect_checks import validate_effects
from companion.engine.core.errors import RuleError, shown
from companion.engine.core.morale import change_morale, end_game
from companion.engine.core.state import (
    COLONY,
    State,
    begin,
    entrance,
    free_spaces,
    free_survivor_spaces,
    location_numbered,
    locations_in_order,
    place_name,
    seat,
    survivor,
    survivors_at,
    survivors_of,
)
from companion.engine.words.steps import N_, Step, at_place, of_location, of_survivor, step

Effect = dict[str, Any]


class _Context:
    """What an effect list is applied for: the active seat, chosen survivor, place, source."""

    def __init__(
        self,
        seat_id: str | None,
        chosen: str | None,
        place: str | None,
        source: str,
        strict: bool,
        source_card: str | None = None,
        st_survivors: list[dict[str, Any]] | None = None,
    ) -> None:
        self.seat = seat_id
        self.chosen = chosen
        self.place = place
        self.source = source  # a card's name; "" renders as "a card"
        self.strict = strict
        self.source_card = source_card
        self.known = {s["id"] for s in st_survivors or []}  # in play as the card was applied
        self.later: list[Effect] = []  # the effects after the one being applied
        self.waits = False  # a player's choice was asked: the later effects wait for it

    def carry(self) -> dict[str, Any]:
        """What a question keeps to go on with once answered: later effects, context, card."""
        return {
            "later": self.later,
            "context": {"seat": self.seat, "chosen": self.chosen, "location": self.place},
            "source": self.source,
            "source_card": self.source_card,
        }

    def ask(self, st: State, steps: list[Step], q: dict[str, Any], rng: Randomness) -> None:
        """Ask a question of one player (card_choices.py), or take its only answers."""
        if st["pending"]:
            raise _NeedsTable("card_choice")
        self.waits = ask_or_take(st, steps, q, rng)


@act.rule(N_("apply card effects"), who=act.CORRECTION)
@act.takes(effects=act.FREE, seat=act.FREE, chosen=act.FREE, location=act.FREE, source=act.FREE)
def apply_card_effects(
    state: State,
    effects: list[Effect],
    rng: Randomness,
    *,
    seat: str | None = None,
    chosen: str | None = None,
    location: str | None = None,
    source: str = "",
) -> tuple[State, list[Step]]:
    """Apply a card's structured effects by hand (docs/card-sources.md "Effects")."""
    st, steps = begin(state)
    apply_effects(
        st, steps, effects, rng, seat=seat, chosen=chosen, location=location, source=source
    )
    return st, steps


def apply_effects(
    st: State,
    steps: list[Step],
    effects: list[Effect],
    rng: Randomness,
    *,
    seat: str | None = None,
    chosen: str | None = None,
    location: str | None = None,
    source: str = "",
    source_card: str | None = None,
    strict: bool = True,
) -> None:
    """Apply structured effects in order, stopping as soon as the game ends.

    ``seat`` is the active player (targets "chosen", "group_leader", "each_of_active"; an exiled
    seat adds no helpless, 002:1749), ``chosen`` the survivor picked for "chosen", ``location``
    the active place ("active_location", "each_at_active_location"). With ``strict`` a missing
    piece of that context raises RuleError; without it (a crisis resolving in the colony phase,
    where nobody is active) the effect becomes a step for the table to carry out by hand.
    ``source`` is the card's English name, ``source_card`` its id: each step naming the source
    carries both (its sentence reads the card's words by id, card_texts.py).
    """
    validate_effects(effects)
    ctx = _Context(seat, chosen, location, source, strict, source_card, st["survivors"])
    if seat is not None:
        _seat_check(st, seat)
    for k, effect in enumerate(effects):
        if st["ended"]:
            return
        first = len(steps)
        waits = False
        try:
            if effect.get("target") in EACH_PLAYER_TARGETS:
                waits = _each_player(st, steps, effect, effects[k + 1 :], rng, ctx, source_card)
            else:
                ctx.later = effects[k + 1 :]
                _APPLY[effect["kind"]](st, steps, effect, rng, ctx)
                waits = ctx.waits
        except _NeedsTable as gap:
            steps.append(
                step(
                    "effect_by_hand",
                    need=gap.need,
                    target=gap.target,
                    source=ctx.source,
                    effect=dict(effect),
                )
            )
        tag_source(steps, first, source, source_card)
        if waits:
            return  # the later effects wait for the players' choice (choose.py)


def _each_player(
    st: State,
    steps: list[Step],
    effect: Effect,
    later: list[Effect],
    rng: Randomness,
    ctx: _Context,
    source_card: str | None,
) -> bool:
    """An effect each player aims at a survivor of their own (player_choices.py): applied now
    when nobody has a choice to make; else True, the question is open and the rest waits.

    Ruling: while another decision is pending (a bite spreading), the table does it by hand.
    """
    if st["pending"]:
        raise _NeedsTable("player_choice", effect["target"])
    context = {"seat": ctx.seat, "chosen": ctx.chosen, "location": ctx.place}
    picked = ask_each_player(st, steps, effect, later, ctx.source, source_card, context)
    if picked is None:
        return True
    hurt_survivors(st, steps, effect, picked, rng, ctx.source)
    return False


def apply_carried_effects(
    st: State, steps: list[Step], question: dict[str, Any], rng: Randomness
) -> None:
    """Go on with a card once its question is answered: the later effects it carried
    (``_Context.carry``), in the context it was asked in, without strict checks."""
    context = question["context"]
    apply_effects(
        st,
        steps,
        question["later"],
        rng,
        seat=context.get("seat"),
        chosen=context.get("chosen"),
        location=context.get("location"),
        source=question["source"],
        source_card=question["source_card"],
        strict=False,
    )


def tag_source(steps: list[Step], first: int, source: str, source_card: str | None) -> None:
    """Give each step made since ``first`` that names ``source`` the card's id as well."""
    if source_card is not None:
        for made in steps[first:]:
            if made.get("source") == source:
                made["source_card"] = source_card


class _NeedsTable(Exception):
    """An effect lacks context (no active player or place) and is left to the table.

    ``need`` says what was missing (docs/engine.md "Step codes": effect_by_hand ``need``).
    """

    def __init__(self, need: str, target: str | None = None) -> None:
        super().__init__(need)
        self.need = need
        self.target = target


def _seat_check(st: State, seat_id: str) -> None:
    """Raise unless the seat exists."""
    seat(st, seat_id)


# --- counters ---


def _morale(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Morale up or down; at 0 the game ends (morale.change_morale)."""
    change_morale(st, steps, effect["amount"], "card", source=ctx.source)


def _move_counter(
    st: State, steps: list[Step], key: str, kind: str, effect: Effect, ctx: _Context
) -> None:
    """Move a public counter by a card's amount, never below zero (ruling); record the step."""
    amount = max(effect["amount"], -st[key])
    st[key] += amount
    steps.append(
        step(kind, amount=amount, wanted=effect["amount"], source=ctx.source, **{key: st[key]})
    )


def _food(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Food tokens into or out of the supply; never below zero (ruling)."""
    _move_counter(st, steps, "food", "food_changed", effect, ctx)


def _starvation(
    st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context
) -> None:
    """Starvation tokens added (or removed, never below zero); no morale is lost now."""
    _move_counter(st, steps, "starvation", "starvation_changed", effect, ctx)


def _waste(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Cards onto (or cleaned from) the waste pile; never below zero. ``each_player``: that
    many from each player in play (each discards from their own hand)."""
    if effect.get("each_player"):
        players = sum(1 for s in st["seats"] if not s.get("eliminated"))
        effect = {**effect, "amount": effect["amount"] * players}
    _move_counter(st, steps, "waste", "waste_changed", effect, ctx)


def _rounds(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Round track up or down; reaching 0 ends the game (002 "Winning and Losing")."""
    amount = max(effect["amount"], -st["round_track"])
    if amount == 0:
        return
    st["round_track"] += amount
    steps.append(
        step("round_track_changed", amount=amount, round_track=st["round_track"], source=ctx.source)
    )
    if st["round_track"] == 0:
        end_game(st, steps, "round_track")


# --- helpless survivors ---


def _helpless(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Helpless tokens into or out of the colony (unruly: Long Night 000:690).

    Adding is board.add_helpless_tokens: an exiled player's helpless are not added (002:1749),
    and only free colony survivor spaces take them; a full colony takes none (ruling: a step,
    not an error, so a crisis can still resolve). Removing tokens is not a death: no morale.
    """
    amount = effect["amount"]
    unruly = bool(effect.get("unruly", False))
    helpless = st["helpless"]
    if amount > 0:
        player = seat(st, ctx.seat) if ctx.seat is not None else None
        if (player and player["exiled"]) or free_survivor_spaces(st, COLONY) > 0:
            add_helpless_tokens(st, steps, amount, unruly, player)
        else:
            steps.append(step("helpless_no_room", count=amount, source=ctx.source))
        return
    order = ("unruly", "normal") if unruly else ("normal", "unruly")
    left = -amount
    for key in order:
        taken = min(left, helpless[key])
        helpless[key] -= taken
        left -= taken
    steps.append(step("helpless_removed", count=-amount - left, wanted=-amount, **_h(st)))


def _unruly(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Turn normal helpless tokens unruly (negative: back to normal), as many as there are."""
    amount = effect["amount"]
    helpless = st["helpless"]
    if amount >= 0:
        turned = min(amount, helpless["normal"])
        helpless["normal"] -= turned
        helpless["unruly"] += turned
    else:
        turned = -min(-amount, helpless["unruly"])
        helpless["unruly"] += turned
        helpless["normal"] -= turned
    steps.append(step("helpless_turned", count=turned, wanted=amount, **_h(st)))


def _h(st: State) -> dict[str, int]:
    """The helpless tokens now in the colony, for a step."""
    return {"normal": st["helpless"]["normal"], "unruly_now": st["helpless"]["unruly"]}


# --- places: zombies, noise, barricades, traps ---


def _places(st: State, steps: list[Step], where: str, rng: Randomness, ctx: _Context) -> list[str]:
    """The places a ``where`` names, in order; [] when none (with a step saying why)."""
    if where == COLONY:
        return [COLONY]
    if where == "each_location":
        return [loc["id"] for loc in locations_in_order(st)]
    if where == "active_location":
        if ctx.place is None:
            if ctx.strict:
                raise RuleError(N_("this effect needs the active location (location=...)"))
            raise _NeedsTable("active_location")
        return [ctx.place]
    if where == "random_location":
        return _random_location(st, steps, rng)
    if any(loc["id"] == where for loc in st["locations"]):
        return [where]
    steps.append(step("effect_place_missing", where=where, source=ctx.source))
    return []


where_places = _places
"""The places an effect's ``where`` names (for the effects a module registers)."""


def _random_location(st: State, steps: list[Step], rng: Randomness) -> list[str]:
    """Roll a d6: the location whose number matches is chosen (Long Night 000:588-590).

    The colony has no number, and a roll that matches no location on the board chooses
    nothing, so nothing happens (ruling; the step says so).
    """
    roll = roll_d6(rng)
    loc = location_numbered(st, roll)
    if loc is None:
        steps.append(step("random_location_none", roll=roll))
        return []
    steps.append(step("random_location", roll=roll, **of_location(loc)))
    return [loc["id"]]


def _zombies(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Zombies added by the placement rules (zombies.add_zombies), or removed when negative."""
    for place in _places(st, steps, effect["where"], rng, ctx):
        if st["ended"]:
            return
        amount = effect["amount"]
        if amount >= 0:
            add_zombies(st, steps, place, amount, "card", source=ctx.source)
            continue
        if place == COLONY:
            q = question(st, "zombies_remove", chooser(st, ctx.seat), effect, -amount, ctx.carry())
            ctx.ask(st, steps, q, rng)
            if ctx.waits:
                return
            continue
        ent = entrance(st, place)
        taken = min(-amount, ent["zombies"])
        ent["zombies"] -= taken
        steps.append(step("zombies_removed", **at_place(st, place), count=taken, source=ctx.source))


def _noise(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Noise tokens at locations (board.make_noise); 4 at most, extra ones are lost (000:226)."""
    for place in _places(st, steps, effect["where"], rng, ctx):
        if place == COLONY:
            steps.append(step("noise_not_at_colony", source=ctx.source))
            continue
        loc = next(loc for loc in st["locations"] if loc["id"] == place)
        amount = effect["amount"]
        if amount > 0:
            fit = min(amount, MAX_NOISE - loc["noise"])
            if fit > 0:
                make_noise(st, steps, place, fit)
            if fit < amount:
                steps.append(
                    step(
                        "noise_lost",
                        count=amount - fit,
                        location_name=loc["name"],
                        noise=loc["noise"],
                    )
                )
        elif amount < 0:
            taken = min(-amount, loc["noise"])
            loc["noise"] -= taken
            steps.append(
                step("noise_removed", count=taken, location_name=loc["name"], noise=loc["noise"])
            )


def _barricade(
    st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context
) -> None:
    """Barricades added (only into empty spaces; extra ones are lost) or removed."""
    _defence(st, steps, effect, rng, ctx, "barricades")


def _trap(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Explosive traps added like barricades (Long Night "Explosive Traps", 000:224, 000:696)."""
    _defence(st, steps, effect, rng, ctx, "traps")


def _defence(
    st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context, key: str
) -> None:
    """Add or remove barricades or traps at each place the effect names; at the colony the
    chooser says which entrance, one piece at a time (card_choices.py)."""
    token = key[:-1]
    for place in _places(st, steps, effect["where"], rng, ctx):
        amount = effect["amount"]
        if place == COLONY and amount:
            ask = f"{token}_add" if amount > 0 else f"{token}_remove"
            q = question(st, ask, chooser(st, ctx.seat), effect, abs(amount), ctx.carry())
            ctx.ask(st, steps, q, rng)
            if ctx.waits:
                return
            continue
        ent = entrance(st, place)
        for _ in range(abs(amount)):
            fits = free_spaces(ent) > 0 if amount > 0 else ent[key] > 0
            if not fits:
                kind = "defence_lost" if amount > 0 else "defence_missing"
                steps.append(step(kind, **at_place(st, place), what=token))
                continue
            (add_token if amount > 0 else remove_token)(st, steps, place, None, token)


# --- survivors: wounds, deaths, exposure ---


def _targets(st: State, steps: list[Step], effect: Effect, ctx: _Context) -> list[str]:
    """Ids of the survivors an effect's ``target`` names, fixed before any of them is hurt."""
    target = effect["target"]
    if target == "named":
        name = effect.get("survivor")
        return [s["id"] for s in st["survivors"] if s["name"] == name][:1]
    if target in ("chosen", "group_leader", "each_of_active") and ctx.seat is None:
        if ctx.strict:
            raise RuleError(
                N_("target {target} needs the active player (seat=...)"), target=shown(target)
            )
        raise _NeedsTable("active_player", target)
    if target == "chosen":
        if ctx.chosen is None:
            if ctx.strict:
                raise RuleError(N_("this effect needs the chosen survivor (chosen=...)"))
            raise _NeedsTable("chosen_survivor")
        if not _alive(st, ctx.chosen) and (ctx.chosen in ctx.known or not ctx.strict):
            return []  # chosen, then lost to an earlier effect of the same card
        picked = survivor(st, ctx.chosen)
        if picked["owner"] != ctx.seat:
            raise RuleError(
                N_("{name} is not controlled by seat {seat}"),
                name=picked["name"],
                seat=shown(ctx.seat),
            )
        return [picked["id"]]
    if target == "group_leader":
        return [s["id"] for s in survivors_of(st, ctx.seat) if s["leader"]][:1]
    if target == "each_of_active":
        return [s["id"] for s in survivors_of(st, ctx.seat)]
    if target == "each_in_colony":
        return [s["id"] for s in survivors_at(st, COLONY)]
    if target == "lowest_influence_in_colony":
        there = survivors_at(st, COLONY)
        return [lowest_influence(st, there, steps)["id"]] if there else []
    # each_at_active_location
    if ctx.place is None:
        if ctx.strict:
            raise RuleError(N_("this effect needs the active location (location=...)"))
        raise _NeedsTable("active_location_survivors")
    return [s["id"] for s in survivors_at(st, ctx.place)]


effect_targets = _targets
"""The survivors an effect's ``target`` names (for the effects a module registers)."""


def _alive(st: State, survivor_id: str) -> bool:
    """Whether the survivor is still in play."""
    return any(s["id"] == survivor_id for s in st["survivors"])


def _on_targets(
    st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context
) -> None:
    """A wound, kill, leave or exposure effect on the survivors its target names; a tie for
    the lowest influence in the colony is the first player's to break (000:584): asked."""
    if effect["target"] == "lowest_influence_in_colony":
        there = survivors_at(st, COLONY)
        low = min((s["influence"] for s in there), default=None)
        tied = [s["id"] for s in there if s["influence"] == low]
        if len(tied) > 1:
            q = question(st, "tied_survivor", st["first_player"], effect, 1, ctx.carry())
            q["tied"] = tied
            ctx.ask(st, steps, q, rng)
            return
    hurt_survivors(st, steps, effect, _targets(st, steps, effect, ctx), rng, ctx.source)


def _heal(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Wound or frostbite tokens come off the survivors the target names (000:682); for "wound
    or frostbite" on a survivor carrying both, its chooser says which (card_choices.py). A
    survivor with no such token left loses nothing (the step says so)."""
    ids = _targets(st, steps, effect, ctx)
    if not ids:
        steps.append(step("effect_no_target", target=effect["target"], source=ctx.source))
    kind = effect.get("wound", "wound")
    for sid in ids:
        person = survivor(st, sid)
        if effect.get("at") and person["location"] != effect["at"]:
            raise RuleError(
                N_("{name} is not at {place}: this card heals a survivor there"),
                name=person["name"],
                place=place_name(st, effect["at"]),
            )
        if kind == "wound_or_frostbite":
            q = question(
                st,
                "heal_token",
                chooser(st, ctx.seat),
                effect,
                effect["amount"],
                ctx.carry(),
                survivor=sid,
            )
            ctx.ask(st, steps, q, rng)
            if ctx.waits:
                return
            continue
        key = "wounds" if kind == "wound" else "frostbite"
        for _ in range(effect["amount"]):
            if person[key] <= 0:
                steps.append(step("heal_nothing", **of_survivor(person), wound=kind))
                break
            heal(st, steps, sid, kind)


def _to_colony(
    st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context
) -> None:
    """The survivors named go to the colony now; not a move of the turn, no exposure roll of
    its own (a card that wants one says so with an ``exposure`` effect). An exiled player's
    survivor stays (002:1736), and so does one the full colony has no room for (a step)."""
    ids = _targets(st, steps, effect, ctx)
    if not ids:
        steps.append(step("effect_no_target", target=effect["target"], source=ctx.source))
    for sid in ids:
        person = survivor(st, sid)
        if person["location"] == COLONY:
            continue
        owner = seat(st, person["owner"]) if person["owner"] else None
        fields = {**of_survivor(person), "came_from": person["location"]}
        fields["from_name"] = place_name(st, person["location"])
        if owner and owner["exiled"]:  # 002:1736: never into the colony
            steps.append(step("scenario_exiled_stays", **fields))
        elif free_survivor_spaces(st, COLONY) <= 0:
            steps.append(step("to_colony_no_room", **fields, source=ctx.source))
        else:
            move(st, steps, sid, COLONY, free=True)


def _players_part(
    st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context
) -> None:
    """An effect a player carries out from their own hand (a card added to the crisis, a card
    given or a wound instead): the active player, or another player the active player picks."""
    if ctx.seat is None:
        if ctx.strict:
            raise RuleError(N_("this effect needs the active player (seat=...)"))
        raise _NeedsTable("active_players_part")
    if effect.get("who", "active") == "active":
        ask = "crisis_card" if effect["kind"] == "crisis_add" else "give_or_wound"
        q = question(st, ask, ctx.seat, effect, effect.get("amount", 1), ctx.carry())
    else:
        q = question(st, "player", ctx.seat, effect, 1, ctx.carry())
    ctx.ask(st, steps, q, rng)


def hurt_survivors(
    st: State, steps: list[Step], effect: Effect, ids: list[str], rng: Randomness, source: str
) -> None:
    """Apply a wound, kill, leave or exposure effect to survivors named, one after another.

    A wound effect adds its wounds (deaths.add_wound: the third one kills); a kill is a death,
    morale -1 (deaths.kill_survivor); one who leaves is removed, no morale
    (deaths.remove_survivor); an exposure roll is applied by
    exposure.roll_for_exposure: a bite kills and leaves the spread waiting for its owner's
    decision (``state["pending"]``), and no later survivor is rolled for while it waits. Stops
    when the game ends; a survivor already dead is passed over.
    """
    if not ids:
        steps.append(step("effect_no_target", target=effect["target"], source=source))
    kind = effect["kind"]
    for sid in ids:
        if st["ended"] or (kind == "exposure" and st["pending"]):
            return
        if not _alive(st, sid):
            continue
        if kind == "wound":
            for _ in range(effect["amount"]):
                if st["ended"] or not _alive(st, sid):
                    break
                add_wound(st, steps, sid, effect.get("wound", "wound"), "card", source=source)
        elif kind == "kill":
            kill_survivor(st, steps, sid, "card", source=source)
        elif kind == "leave":
            remove_survivor(st, steps, sid, "card", source=source)
        else:
            roll_for_exposure(st, steps, sid, roll_exposure(rng), rolled=True)


def _tied_options(st: State, q: dict[str, Any]) -> list[str]:
    """The tied survivors still in play."""
    return [sid for sid in q["tied"] if _alive(st, sid)]


def _tied_apply(
    st: State, steps: list[Step], q: dict[str, Any], answer: str, rng: Randomness
) -> bool:
    """The effect falls on the tied survivor the first player picked."""
    hurt_survivors(st, steps, q["effect"], [answer], rng, q["source"])
    return False


register(
    "tied_survivor",
    Ask(
        _tied_options,
        _tied_apply,
        words=lambda st, value: {"kind": "name", "name": survivor(st, value)["name"]},
    ),
)


def _manual(st: State, steps: list[Step], effect: Effect, rng: Randomness, ctx: _Context) -> None:
    """Anything the table does by hand: shown as a step. Applied for a seat (a crossroads
    option, the active player), the step names it as ``to_do``: its phone marks the line as
    its own to carry out (cards in hand, decks, dice: the companion does not track them)."""
    fields = {"to_do": ctx.seat} if ctx.seat is not None else {}
    steps.append(
        step(
            "effect_by_hand", text=effect["text"], source=ctx.source, effect=dict(effect), **fields
        )
    )


_APPLY: dict[str, Callable[[State, list[Step], Effect, Randomness, _Context], None]] = {
    "morale": _morale,
    "food": _food,
    "starvation": _starvation,
    "helpless": _helpless,
    "unruly": _unruly,
    "waste": _waste,
    "rounds": _rounds,
    "zombies": _zombies,
    "noise": _noise,
    "barricade": _barricade,
    "trap": _trap,
    "wound": _on_targets,
    "kill": _on_targets,
    "leave": _on_targets,
    "exposure": _on_targets,
    "heal": _heal,
    "to_colony": _to_colony,
    "crisis_add": _players_part,
    "give_or_wound": _players_part,
    "manual": _manual,
}


def register_effect(
    kind: str, apply: Callable[[State, list[Step], Effect, Randomness, _Context], None]
) -> None:
    """Make an effect kind that acts on a module's or the crisis's pieces known (their rules
    register it at import: the board knows nothing above it)."""
    _APPLY[kind] = apply
