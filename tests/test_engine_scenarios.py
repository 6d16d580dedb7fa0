"""Rulebook scenarios played end to end through the public engine API only.

Every game here is built the way a table (or a reviewer reading docs/state.md) would build it:
``engine.new_game`` with a setup dict, then entry points or ``engine.apply`` with action dicts.
Where a scenario needs a board position the setup cannot make (a full entrance, survivors at a
location), the test edits the state document directly, using only fields docs/state.md lists.
"""

from __future__ import annotations

import copy
import random

import pytest
from factory import FUEL_SHORTAGE, LOCATIONS, Scripted, with_cards

import companion.engine as engine
from companion.engine import RuleError
from companion.engine.legal import crisis_first

# --- building games like a table would ---


NAMES = ["Ana", "Bruno", "Carla", "Davi", "Elis"]


CROSSROADS = [
    {"id": f"test.xr{n}", "name": f"Crossroads {n}", "trigger": "when something happens",
     "options": [{"text": "Gain 1 morale.", "effects": [{"kind": "morale", "amount": 1}]},
                 {"text": "Lose 1 morale.", "effects": [{"kind": "morale", "amount": -1}]}]}
    for n in range(1, 7)
]  # fmt: skip


FUEL = FUEL_SHORTAGE["id"]
BARE = {"id": "test.bare", "name": "Bare Crisis", "prevent": ["tool"]}
BARE_AGAIN = {"id": "test.bare-again", "name": "Bare Crisis Again", "prevent": ["tool"]}
NEWCOMER = {"id": "new1", "name": "Newcomer", "influence": 3}


def main_objective(
    morale: int = 6, round_track: int = 6, food: int = 0, helpless: int = 0, **side: int
) -> dict:
    """A main objective card with both sides; the hardcore side is harder."""
    standard = {"morale": morale, "round_track": round_track, "food": food, "helpless": helpless}
    standard.update(side)
    hardcore = {**standard, "morale": max(1, morale - 2)}
    return {"id": "test.main", "name": "Hold the Line", "standard": standard, "hardcore": hardcore}


def seats(players: int, influences: list[tuple[int, int]] | None = None) -> list[dict]:
    """Seats with 2 survivors each; influences per seat (leader first)."""
    if influences is None:
        influences = [(60 - 10 * n, 5 + n) for n in range(players)]
    out = []
    for n in range(players):
        lead, follow = influences[n]
        out.append(
            {
                "name": NAMES[n],
                "survivors": [
                    {"id": f"p{n + 1}a", "name": f"{NAMES[n]} leader", "influence": lead},
                    {"id": f"p{n + 1}b", "name": f"{NAMES[n]} follower", "influence": follow},
                ],
            }
        )
    return out


def game(
    players: int = 3,
    *,
    ruleset: str = "base",
    objective: dict | None = None,
    crossroads: list[dict] | None = None,
    influences: list[tuple[int, int]] | None = None,
    seed: int = 1,
    **settings,
) -> dict:
    """A fresh game from a setup dict, checked to survive a JSON round trip.

    Its crisis deck holds Fuel Shortage and a bare crisis, its survivor deck one newcomer.
    """
    setup = {
        "ruleset": ruleset,
        "seats": seats(players, influences),
        "locations": LOCATIONS,
        "main_objective": objective or main_objective(),
        "crossroads": crossroads or [],
        "crises": [FUEL_SHORTAGE, BARE, BARE_AGAIN],
        "survivors": [NEWCOMER],
    }
    setup["settings"] = {"listed_only": True, **settings}
    st, _ = engine.apply(None, {"type": "new_game", "by": "table", "setup": setup, "seed": seed})
    round_trip(st)
    return st


def round_trip(st: dict) -> dict:
    """JSON save and load give back the very same state."""
    text = engine.to_json(st)
    back = engine.from_json(text)
    assert back == st
    assert engine.to_json(back) == text
    return back


def kinds(steps: list[dict]) -> list[str]:
    return [s["kind"] for s in steps]


def act(st: dict, action: dict, rng=None) -> tuple[dict, list[dict]]:
    """Apply an action dict (made by the table unless it names its actor in "by"); the state
    given must stay exactly as it was."""
    before = copy.deepcopy(st)
    new, steps = engine.apply(st, {"by": "table", **action}, rng)
    assert st == before
    # every step reads as a sentence, and no public step names a crossroads card before it fires
    for text in engine.render_steps(steps):
        assert isinstance(text, str) and text
    fired = ("crossroads_revealed", "crossroads_option_chosen", "crossroads_removed")
    shown: set[str] = set()  # cards fired in these steps: an effect may name its source after
    for s in steps:
        if s["kind"] in fired:
            shown.add(s["card"])
        elif "private" not in s:
            assert "test.xr" not in str(
                {k: v for k, v in s.items() if k != "source_card" or v not in shown}
            ), s
    return new, steps


def refused(st: dict, action: dict, rng=None, match: str | None = None) -> RuleError:
    """The action (by the table unless it says "by") raises RuleError and leaves the state
    equal to a deep copy taken before."""
    before = copy.deepcopy(st)
    with pytest.raises(RuleError, match=match) as info:
        engine.apply(st, {"by": "table", **action}, rng)
    assert st == before
    return info.value


def colony_zombies(st: dict) -> list[int]:
    return [e["zombies"] for e in st["colony"]["entrances"]]


def begin_turn(st: dict, rng=None) -> tuple[dict, list[dict]]:
    """Start the next turn, revealing a crisis first when the round has none yet (002:963-965):
    the bare one while it is left, which asks for nothing and does nothing when it fails."""
    if st["crisis"] is None and st["turn"] is None and crisis_first(st):
        left = engine.table_view(st)["legal"]["table"]["reveal_crisis"]["crisis"]
        card = next((c for c in left if c.startswith(BARE["id"])), left[0])
        st, _ = act(st, {"type": "reveal_crisis", "crisis": card})
    return act(st, {"type": "start_turn"}, rng)


def play_turns(st: dict) -> dict:
    """Every seat takes an uneventful turn."""
    while True:
        try:
            st, _ = begin_turn(st)
        except RuleError:
            return st
        st, _ = act(st, {"type": "end_turn"})


# --- a whole round ---


def test_a_whole_three_player_round():
    st = game(
        3,
        objective=main_objective(food=5, helpless=2),
        crossroads=CROSSROADS,
        influences=[(50, 5), (70, 6), (60, 7)],
    )
    # the highest group leader goes first: Bruno (s2, influence 70)
    assert st["first_player"] == "s2"
    assert (st["morale"], st["round_track"], st["food"], st["helpless"]) == (
        6,
        6,
        5,
        {"normal": 2, "unruly": 0},
    )
    deck = list(st["decks"]["crossroads"])

    st, steps = act(st, {"type": "reveal_crisis", "crisis": FUEL})
    revealed = next(s for s in steps if s["kind"] == "crisis_revealed")
    assert revealed["target"] == 3

    # turn order: first player, then to the left (the next seat); the drawer is the right
    # neighbour (the previous seat)
    order = []
    for expected, drawer in (("s2", "s1"), ("s3", "s2"), ("s1", "s3")):
        st, steps = act(st, {"type": "start_turn", "by": expected})
        assert st["turn"]["seat"] == expected and "active_player" not in st
        assert st["turn"]["crossroads_drawer"] == drawer
        assert st["secrets"][drawer]["crossroads"] == deck[len(order)]
        drawn = next(s for s in steps if s["kind"] == "crossroads_drawn")
        assert drawn["drawer"] == drawer
        st, _ = act(st, {"type": "contribute_to_crisis", "by": expected, "symbols": ["fuel"]})
        st, _ = act(st, {"type": "end_turn", "by": expected})
        assert st["secrets"][drawer]["crossroads"] is None
        order.append(expected)
        round_trip(st)
    assert order == ["s2", "s3", "s1"]
    # untriggered cards went to the bottom in the order they were drawn
    assert st["decks"]["crossroads"] == deck[3:] + deck[:3]
    refused(st, {"type": "start_turn"}, match="every player has had a turn")

    st, steps = act(st, {"type": "run_colony_phase"}, Scripted())
    # 6 survivors + 2 helpless = 8 colonists: 4 food, then 4 zombies at entrances 1-4
    assert kinds(steps)[:2] == ["colony_phase_began", "food_paid"]
    assert st["food"] == 1
    assert st["crisis"] is None
    prevented = next(s for s in steps if s["kind"] == "crisis_prevented")
    assert (prevented["total"], prevented["target"]) == (3, 3)
    assert "crisis_bonus" not in kinds(steps)
    assert colony_zombies(st) == [1, 1, 1, 1, 0, 0]
    assert st["morale"] == 6
    assert st["round_track"] == 5
    # the token passes to the right: from s2 to s1
    assert st["first_player"] == "s1"
    assert (st["round"], st["phase"], st["colony_step"]) == (2, "player_turns", None)
    order = [
        "colony_phase_began",
        "food_paid",
        "waste_checked",
        "crisis_resolving",
        "zombies_to_add",
        "main_objective_checked",
        "round_track_moved",
        "first_player_passed",
        "round_began",
    ]
    seen = [k for k in kinds(steps) if k in order]
    assert seen == order
    round_trip(st)
    # round 2 starts from the new first player
    st, _ = begin_turn(st)
    assert st["turn"]["seat"] == "s1" and st["turn"]["crossroads_drawer"] == "s3"


def test_crisis_bonus_by_two_gains_morale():
    st = game(3)
    st["morale"] = 4
    st, _ = act(st, {"type": "reveal_crisis", "crisis": FUEL})
    st, _ = act(st, {"type": "contribute_to_crisis", "by": "s1", "symbols": ["fuel"] * 5})
    st, steps = act(st, {"type": "resolve_crisis"}, Scripted())
    assert "crisis_bonus" in kinds(steps)
    assert st["morale"] == 5


def test_crisis_bonus_defaults_to_one_morale():
    """002:1612: beating the target by 2 or more gains 1 morale, even for a bare card."""
    st = game(2)
    st["morale"] = 4
    st, _ = act(st, {"type": "reveal_crisis", "crisis": BARE["id"]})
    st, _ = act(st, {"type": "contribute_to_crisis", "by": "s2", "symbols": ["tool"] * 4})
    st, _ = act(st, {"type": "resolve_crisis"}, Scripted())
    assert st["morale"] == 5


# --- the rulebook's examples ---


def test_rulebook_adding_zombies_example():
    """002/000 "Example: Adding Zombies": 14 colonists, entrance 3 full, 7 zombies, 1 overrun."""
    st = game(3, objective=main_objective(helpless=8))
    st["colony"]["entrances"][2]["zombies"] = 3
    assert sum(1 for s in st["survivors"] if s["location"] == "colony") + 8 == 14
    lowest = min(st["survivors"], key=lambda s: s["influence"])
    st, steps = act(st, {"type": "add_colony_phase_zombies"}, Scripted())
    assert next(s for s in steps if s["kind"] == "zombies_to_add")["count"] == 7
    assert kinds(steps).count("zombie_placed") == 6
    assert kinds(steps).count("overrun") == 1
    died = [s for s in steps if s["kind"] == "survivor_died"]
    assert [d["survivor"] for d in died] == [lowest["id"]]
    assert colony_zombies(st) == [2, 1, 3, 1, 1, 1]
    assert st["morale"] == 5
    assert st["helpless"]["normal"] == 8


def test_colony_count_is_fixed_before_deaths():
    """13 colonists draw 7 zombies; the overrun death on the way does not make it 6."""
    st = game(3, objective=main_objective(helpless=7))
    st["colony"]["entrances"][0]["zombies"] = 3
    st, steps = act(st, {"type": "add_colony_phase_zombies"}, Scripted())
    assert next(s for s in steps if s["kind"] == "zombies_to_add")["count"] == 7
    # entrance 1 is overrun twice (zombies 1 and 7)
    assert kinds(steps).count("overrun") == 2
    assert colony_zombies(st) == [3, 1, 1, 1, 1, 1]
    assert st["morale"] == 4


def test_fuel_shortage_example():
    """000 "Example: Resolving a Crisis": 3 fuel + 1 weapon in a 3-player game is 2 < 3."""
    st = game(3)
    st, _ = act(st, {"type": "reveal_crisis", "crisis": FUEL})
    st, _ = act(st, {"type": "contribute_to_crisis", "by": "s1", "symbols": ["fuel", "fuel"]})
    st, _ = act(st, {"type": "contribute_to_crisis", "by": "s2", "symbols": ["weapon"]})
    st, _ = act(st, {"type": "contribute_to_crisis", "by": "s3", "symbols": ["fuel"]})
    round_trip(st)
    st, steps = act(st, {"type": "resolve_crisis"}, random.Random(7))
    failed = next(s for s in steps if s["kind"] == "crisis_failed")
    assert (failed["total"], failed["target"]) == (2, 3)
    revealed = [s for s in steps if s["kind"] == "crisis_card_revealed"]
    assert sorted(s["symbol"] for s in revealed) == ["fuel", "fuel", "fuel", "weapon"]
    assert all("seat" not in s for s in revealed)
    assert st["morale"] == 4
    assert st["crisis"] is None


def test_exiled_player_lowers_the_crisis_target():
    st = game(3)
    st, _ = act(st, {"type": "reveal_crisis", "crisis": FUEL})
    st, _ = begin_turn(st)
    active = st["turn"]["seat"]
    target = next(s["id"] for s in st["seats"] if s["id"] != active)
    votes = {s["id"]: True for s in st["seats"]}
    leaving = [s["id"] for s in st["survivors"] if s["owner"] == target]
    places = [loc["id"] for loc in st["locations"]]
    st, _ = act(
        st,
        {
            "type": "call_exile_vote",
            "caller": active,
            "target": target,
            "votes": votes,
            "destinations": dict(zip(leaving, places, strict=False)),
        },
        Scripted(),
    )
    assert engine.public_view(st)["seats"][[s["id"] for s in st["seats"]].index(target)]["exiled"]
    st, _ = act(st, {"type": "contribute_to_crisis", "by": active, "symbols": ["fuel"] * 2})
    refused(
        st,
        {"type": "contribute_to_crisis", "by": target, "symbols": ["fuel"]},
        match="exiled",
    )
    st, _ = act(st, {"type": "end_turn"})
    st, steps = act(st, {"type": "resolve_crisis"}, Scripted())
    prevented = next(s for s in steps if s["kind"] == "crisis_prevented")
    assert (prevented["total"], prevented["target"]) == (2, 2)


# --- food ---


def test_starvation_over_two_rounds():
    st = game(2, objective=main_objective(food=1, helpless=1))
    st["colony"]["survivor_spaces"] = 30
    # 4 survivors + 1 helpless = 5: need 3, have 1 -> starve
    st = play_turns(st)
    st, steps = act(st, {"type": "run_colony_phase"}, Scripted())
    assert (st["food"], st["starvation"], st["morale"]) == (1, 1, 5)
    starve = next(s for s in steps if s["kind"] == "colony_starves")
    assert (starve["colonists"], starve["need"]) == (5, 3)
    st = play_turns(st)
    st, steps = act(st, {"type": "run_colony_phase"}, Scripted())
    # the second starvation token costs 2 morale
    assert (st["food"], st["starvation"], st["morale"]) == (1, 2, 3)
    assert [s["amount"] for s in steps if s["kind"] == "morale_changed"] == [-2]


def test_unruly_counts_two_for_food_and_zombies():
    st = game(2, ruleset="long_night", objective=main_objective(food=10))
    st, _ = act(st, {"type": "add_helpless", "count": 1, "unruly": True})
    # 4 survivors + 1 unruly = 6 colonists: 3 food, 3 zombies
    st, steps = act(st, {"type": "pay_food"})
    assert st["food"] == 7
    assert steps[-1]["colonists"] == 6 and steps[-1]["need"] == 3
    st, steps = act(st, {"type": "add_colony_phase_zombies"}, Scripted())
    assert colony_zombies(st) == [1, 1, 1, 0, 0, 0]
    # in the base game the same token would count once... but base games have no unruly tokens
    refused(game(2), {"type": "add_helpless", "count": 1, "unruly": True}, match="Long Night")


def test_unruly_token_takes_one_survivor_space():
    """000:690: an unruly token counts as 2 colonists but fills 1 survivor space."""
    st = game(2, ruleset="long_night", objective=main_objective(helpless=1))
    st["colony"]["survivor_spaces"] = 7
    st, _ = act(st, {"type": "add_helpless", "count": 1, "unruly": True})
    # 4 cards + 1 helpless + 1 unruly fill 6 of the 7 spaces, though they count as 7 colonists
    numbers = engine.table_view(st)["numbers"]
    assert (numbers["colonists"], numbers["colony_free_spaces"]) == (7, 1)
    # so one more helpless token fits (were the unruly token to take 2 spaces, it would not)
    st, steps = act(st, {"type": "add_helpless", "count": 2})
    added = next(s for s in steps if s["kind"] == "helpless_added")
    assert (added["count"], added["left_out"]) == (1, 1)
    assert st["helpless"] == {"normal": 2, "unruly": 1}
    # now the colony is full
    refused(st, {"type": "add_helpless", "count": 1}, match="no empty survivor space")
    refused(st, {"type": "add_survivor", "seat_id": "s1", "survivor_id": "new1"}, match="no empty")


# --- noise: coin in the Long Night, d6 in the base game ---


def _noisy(ruleset: str) -> dict:
    st = game(2, ruleset=ruleset)
    st, _ = act(st, {"type": "add_noise", "location_id": "police", "count": 3})
    return st


def test_base_noise_rolls_a_die_three_or_lower_hits():
    st = _noisy("base")
    st, steps = act(st, {"type": "add_colony_phase_zombies"}, Scripted([3, 4, 1]))
    noise = [s for s in steps if s["kind"] == "noise_resolved"]
    assert [(s["roll"], s["hit"]) for s in noise] == [(3, True), (4, False), (1, True)]
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    assert police["noise"] == 0 and police["entrance"]["zombies"] == 2
    # 4 survivors in the colony -> 2 zombies there; nothing else
    assert colony_zombies(st) == [1, 1, 0, 0, 0, 0]


def test_long_night_noise_flips_a_coin():
    st = _noisy("long_night")
    st, steps = act(st, {"type": "add_colony_phase_zombies"}, Scripted([1, 0, 0]))
    noise = [s for s in steps if s["kind"] == "noise_resolved"]
    assert [(s["coin"], s["hit"]) for s in noise] == [("!!!", True), ("blank", False),
                                                       ("blank", False)]  # fmt: skip
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    assert police["noise"] == 0 and police["entrance"]["zombies"] == 1


def test_location_zombies_one_per_survivor_there():
    st = game(2)
    st, _ = begin_turn(st)
    mover = next(s for s in st["survivors"] if s["owner"] == st["turn"]["seat"])
    st, _ = act(
        st,
        {"type": "move_survivor", "survivor_id": mover["id"], "to": "school", "exposure": "blank"},
    )
    st, _ = act(st, {"type": "end_turn"})
    st, _ = act(st, {"type": "add_colony_phase_zombies"}, Scripted())
    school = next(loc for loc in st["locations"] if loc["id"] == "school")
    assert school["entrance"]["zombies"] == 1
    # 3 colonists -> 2 zombies
    assert colony_zombies(st) == [1, 1, 0, 0, 0, 0]


# --- the game ends at once ---


def test_morale_zero_mid_colony_phase_stops_the_rest():
    st = game(2, objective=main_objective(morale=1, food=0))
    st = play_turns(st)
    first = st["first_player"]
    st, steps = act(st, {"type": "run_colony_phase"}, Scripted())
    assert engine.game_over_reason(st) == "morale"
    assert st["phase"] == "ended" and st["morale"] == 0
    assert st["round_track"] == 6
    assert st["first_player"] == first
    assert colony_zombies(st) == [0] * 6
    assert kinds(steps)[-1] == "game_ended"
    assert "round_track_moved" not in kinds(steps)
    assert "waste_checked" not in kinds(steps)
    round_trip(st)
    refused(st, {"type": "start_turn"}, match="ended")


def test_morale_zero_by_overrun_stops_placing_zombies():
    st = game(2, objective=main_objective(morale=1))
    st["colony"]["entrances"][0]["zombies"] = 3
    st, steps = act(st, {"type": "add_colony_phase_zombies"}, Scripted())
    assert engine.game_over_reason(st) == "morale"
    assert kinds(steps).count("survivor_died") == 1
    assert "zombie_placed" not in kinds(steps)
    assert colony_zombies(st) == [3, 0, 0, 0, 0, 0]


def test_round_track_zero_ends_without_checking_the_objective():
    st = game(2, objective=main_objective(round_track=1, food=10))
    st = play_turns(st)
    st, steps = act(st, {"type": "run_colony_phase", "objective_met": False}, Scripted())
    assert engine.game_over_reason(st) == "round_track"
    assert st["round_track"] == 0
    assert "first_player_passed" not in kinds(steps)
    assert kinds(steps)[-2:] == ["round_track_moved", "game_ended"]
    st, _ = act(st, {"type": "declare_winners", "completed": ["s2"]})
    assert st["ended"] == {"reason": "round_track", "winners": ["s2"]}


def test_main_objective_met_ends_before_the_round_track_moves():
    st = game(2, objective=main_objective(round_track=3, food=10))
    st = play_turns(st)
    st, steps = act(st, {"type": "run_colony_phase", "objective_met": True}, Scripted())
    assert engine.game_over_reason(st) == "main_objective"
    assert st["round_track"] == 3
    assert "round_track_moved" not in kinds(steps)


# --- exile ---


def _exile(st: dict, target: str) -> dict:
    """The active seat calls an exile vote on target and everyone votes yes."""
    active = st["turn"]["seat"]
    votes = {s["id"]: True for s in st["seats"] if not s["exiled"]}
    st, _ = act(
        st,
        {"type": "call_exile_vote", "caller": active, "target": target, "votes": votes},
        Scripted(),
    )
    return st


def _objectives(st: dict, kinds_by_seat: dict[str, str]) -> dict:
    """Deal each seat an objective of the given kind (its facts go into the catalogue)."""
    st = copy.deepcopy(st)
    cards = [{"id": f"test.{sid}", "name": f"Goal {sid}", "kind": kind}
             for sid, kind in kinds_by_seat.items()]  # fmt: skip
    with_cards(st, objectives=cards)
    for sid in kinds_by_seat:
        st["secrets"][sid]["objective"] = f"test.{sid}"
    return st


def _leave_colony(st: dict) -> dict:
    """Move every survivor an exiled player must take out of the colony to the School."""
    for sid in list(st["must_leave_colony"]):
        st, _ = act(
            st,
            {"type": "move_survivor", "survivor_id": sid, "to": "school", "exposure": "blank",
             "free": True},
        )  # fmt: skip
    return st


@pytest.mark.parametrize(("fourth", "ends"), [("normal", True), ("betrayal", False)])
def test_two_exiled_non_betrayers_drop_morale_to_zero(fourth, ends):
    """002:1801: two exiled players, neither a betrayer: morale drops to 0 at once."""
    st = _objectives(game(4), {"s1": "normal", "s2": "normal", "s3": "normal", "s4": fourth})
    assert st["first_player"] == "s1"
    st, _ = begin_turn(st)
    st = _exile(st, "s2")
    assert not st["ended"] and st["morale"] == 6
    assert sorted(st["must_leave_colony"]) == ["p2a", "p2b"]
    refused(st, {"type": "end_turn"}, match="must leave the colony")
    st = _leave_colony(st)
    st, _ = act(st, {"type": "end_turn"})
    assert st["must_leave_colony"] == []
    st, _ = begin_turn(st)
    assert st["turn"]["seat"] == "s2"
    st, _ = act(st, {"type": "end_turn"})
    st, _ = begin_turn(st)
    assert st["turn"]["seat"] == "s3"
    st, steps = act(
        st,
        {"type": "call_exile_vote", "caller": "s3", "target": "s4",
         "votes": {"s1": True, "s3": True, "s4": False}},
        Scripted(),
    )  # fmt: skip
    assert "player_exiled" in kinds(steps)
    if ends:
        assert engine.game_over_reason(st) == "two_exiled"
        assert st["morale"] == 0 and st["phase"] == "ended"
        assert kinds(steps)[-1] == "game_ended"
        # the public steps never say who held what
        assert "betrayal" not in str([s for s in steps if "private" not in s])
    else:
        assert not st["ended"] and st["morale"] == 6
        assert kinds(steps)[-1] == "exiled_must_move"


def test_exiled_betrayer_and_exiled_innocent_play_on():
    st = _objectives(game(3), {"s1": "betrayal", "s2": "normal", "s3": "normal"})
    st["turns_taken"] = {"round": 1, "seats": []}
    st["first_player"] = "s3"
    st, _ = begin_turn(st)
    assert st["turn"]["seat"] == "s3"
    st = _exile(st, "s1")
    st["must_leave_colony"] = []
    for s in st["survivors"]:
        if s["owner"] == "s1":
            s["location"] = "police"
    st, _ = act(st, {"type": "end_turn"})
    st, _ = begin_turn(st)
    assert st["turn"]["seat"] == "s1"
    st, _ = act(st, {"type": "end_turn"})
    st, _ = begin_turn(st)
    assert st["turn"]["seat"] == "s2"
    st = _exile(st, "s3")
    assert not st["ended"] and st["morale"] == 6


def test_exiled_survivor_dying_costs_no_morale():
    st = game(3)
    st, _ = begin_turn(st)
    active = st["turn"]["seat"]
    target = next(s["id"] for s in st["seats"] if s["id"] != active)
    theirs = [s["id"] for s in st["survivors"] if s["owner"] == target]
    votes = {s["id"]: True for s in st["seats"]}
    st, _ = act(
        st,
        {
            "type": "call_exile_vote",
            "caller": active,
            "target": target,
            "votes": votes,
            "destinations": {theirs[0]: "police", theirs[1]: "grocery"},
        },
        Scripted(),
    )
    assert all(s["location"] != "colony" for s in st["survivors"] if s["owner"] == target)
    st, steps = act(st, {"type": "kill_survivor_by_card", "survivor_id": theirs[0]})
    assert st["morale"] == 6
    died = next(s for s in steps if s["kind"] == "survivor_died")
    assert died["costs_morale"] is False
    # an overrun at their location kills their survivor, again with no morale lost
    grocery = next(loc for loc in st["locations"] if loc["id"] == "grocery")
    grocery["entrance"]["zombies"] = grocery["entrance"]["spaces"]
    st, steps = act(st, {"type": "add_zombies_by_hand", "place": "grocery", "count": 1})
    assert "overrun" in kinds(steps)
    assert st["morale"] == 6
    assert all(s["owner"] != target for s in st["survivors"])
    # exiled survivors do not eat: only the 4 non-exiled survivors count
    st["food"] = 2
    st, _ = act(st, {"type": "end_turn"})
    st, steps = act(st, {"type": "pay_food"})
    assert steps[-1]["colonists"] == 4 and st["food"] == 0


def test_exiled_player_cannot_vote():
    st = game(3)
    st, _ = begin_turn(st)
    active = st["turn"]["seat"]
    target = next(s["id"] for s in st["seats"] if s["id"] != active)
    st = _exile(st, target)
    st["must_leave_colony"] = []
    third = next(s["id"] for s in st["seats"] if s["id"] not in (active, target))
    st, _ = act(st, {"type": "end_turn"})
    st, _ = begin_turn(st)
    caller = st["turn"]["seat"]
    accused = third if caller != third else active
    refused(
        st,
        {
            "type": "call_exile_vote",
            "caller": caller,
            "target": accused,
            "votes": {active: True, third: True, target: True},
        },
        Scripted(),
        match="exiled and cannot vote",
    )


# --- votes: ties go the first player's way ---


def test_exile_vote_tie_goes_the_first_players_way():
    st = game(4)
    first = st["first_player"]
    st, _ = begin_turn(st)
    assert st["turn"]["seat"] == first
    ids = [s["id"] for s in st["seats"]]
    target = ids[(ids.index(first) + 1) % 4]
    # 2 up, 2 down, the first player voted down: refused
    votes = {sid: sid in (target, ids[(ids.index(first) + 2) % 4]) for sid in ids}
    assert votes[first] is False
    new, steps = act(
        st,
        {"type": "call_exile_vote", "caller": first, "target": target, "votes": votes},
        Scripted(),
    )
    assert "exile_refused" in kinds(steps)
    tie = next(s for s in steps if s["kind"] == "vote_tie_broken")
    assert tie["breaker"] == first
    assert not any(s["exiled"] for s in new["seats"])
    # flip every vote: the first player voted up, the exile passes
    flipped = {sid: not v for sid, v in votes.items()}
    new, steps = act(
        st,
        {"type": "call_exile_vote", "caller": first, "target": target, "votes": flipped},
        Scripted(),
    )
    assert "player_exiled" in kinds(steps)


def test_exile_vote_on_the_phones_keeps_ballots_secret_until_settled():
    st = game(3)
    st, _ = begin_turn(st)
    active = st["turn"]["seat"]
    target = next(s["id"] for s in st["seats"] if s["id"] != active)
    third = next(s["id"] for s in st["seats"] if s["id"] not in (active, target))
    st, steps = act(st, {"type": "call_exile_vote", "by": active, "target": target})
    assert kinds(steps) == ["exile_vote_called", "vote_opened"]
    refused(st, {"type": "end_turn"}, match="waiting for a decision")
    refused(st, {"type": "cast_vote", "seat_id": target, "up": True}, match="the table may not")
    refused(st, {"type": "cast_vote", "by": active, "seat_id": target, "up": True},
            match="for another player")  # fmt: skip
    st, _ = act(st, {"type": "cast_vote", "by": target, "up": False})
    st, _ = act(st, {"type": "cast_vote", "by": third, "up": True})
    shown = engine.table_view(st)
    assert shown["pending"]["voted"] == [target, third] and "votes" not in shown["pending"]
    assert engine.seat_view(st, third)["mine"]["ballot"] is True
    assert engine.seat_view(st, active)["mine"]["ballot"] is None
    st, steps = act(st, {"type": "cast_vote", "by": active, "up": True})
    assert "player_exiled" in kinds(steps) and st["pending"] is None
    refused(st, {"type": "cast_vote", "by": third, "up": True}, match="no vote is open")


# --- crossroads ---


def test_untriggered_crossroads_goes_to_the_bottom_triggered_leaves():
    st = game(3, crossroads=CROSSROADS)
    deck = list(st["decks"]["crossroads"])
    st, _ = begin_turn(st)
    drawer = st["turn"]["crossroads_drawer"]
    assert st["secrets"][drawer]["crossroads"] == deck[0]
    st, _ = act(st, {"type": "end_turn"})
    assert st["decks"]["crossroads"] == deck[1:] + deck[:1]
    assert st["secrets"][drawer]["crossroads"] is None

    st, _ = begin_turn(st)
    drawer = st["turn"]["crossroads_drawer"]
    active = st["turn"]["seat"]
    morale = st["morale"]
    st, steps = act(st, {"type": "reveal_crossroads", "by": drawer})
    assert steps[0]["kind"] == "crossroads_revealed" and steps[0]["card"] == deck[1]
    assert engine.table_view(st)["turn"]["crossroads"]["id"] == deck[1]
    st, steps = act(st, {"type": "trigger_crossroads", "by": active, "option": 2})
    assert st["morale"] == morale - 1
    assert "crossroads_removed" in kinds(steps)
    assert st["secrets"][drawer]["crossroads"] is None
    st, _ = act(st, {"type": "end_turn"})
    assert deck[1] not in st["decks"]["crossroads"]
    assert st["decks"]["crossroads"] == deck[2:] + deck[:1]
    round_trip(st)


def test_the_turn_ends_before_the_colony_phase_and_returns_its_crossroads_card():
    """The colony phase comes once the turns are over: the front door refuses it during a turn
    (no screen offers it); ending the turn puts its untriggered card under the deck (000:458)."""
    st = game(2, crossroads=CROSSROADS)
    deck = list(st["decks"]["crossroads"])
    st, _ = begin_turn(st)
    refused(st, {"type": "run_colony_phase"}, match="a turn is in progress")
    st, _ = act(st, {"type": "end_turn"})
    st, _ = act(st, {"type": "run_colony_phase"}, Scripted())
    assert st["decks"]["crossroads"][-1] == deck[0]
    assert all(v["crossroads"] is None for v in st["secrets"].values())


def test_only_the_drawer_reveals_the_crossroads_card():
    st = game(3, crossroads=CROSSROADS)
    st, _ = begin_turn(st)
    active, drawer = st["turn"]["seat"], st["turn"]["crossroads_drawer"]
    third = next(s["id"] for s in st["seats"] if s["id"] not in (active, drawer))
    # the card is the drawer's secret: nobody else reveals it, not even the table
    for by in (active, third):
        refused(st, {"type": "reveal_crossroads", "by": by}, match="does not hold this turn's")
        refused(
            st,
            {"type": "reveal_crossroads", "by": by, "seat_id": drawer},
            match="for another player",
        )
    refused(st, {"type": "reveal_crossroads", "seat_id": drawer}, match="the table may not")
    # nor can an option be taken before the card is revealed
    refused(st, {"type": "trigger_crossroads", "by": active, "option": 1}, match="not revealed")
    assert engine.table_view(st)["turn"]["crossroads"] is None
    st, _ = act(st, {"type": "reveal_crossroads", "by": drawer})
    # the option is the active player's (or the table's) to take, not the drawer's
    refused(st, {"type": "trigger_crossroads", "by": drawer, "option": 1}, match="only the active")
    st, _ = act(st, {"type": "trigger_crossroads", "option": 1})
    assert st["secrets"][drawer]["crossroads"] is None


# --- first player ---


def test_long_night_vote_keeps_the_first_player():
    st = game(3, ruleset="long_night")
    first = st["first_player"]
    st = play_turns(st)
    st, steps = act(st, {"type": "run_colony_phase", "keep_first_player": True}, Scripted())
    assert st["first_player"] == first
    assert "first_player_kept" in kinds(steps)


def test_base_game_has_no_first_player_vote():
    st = play_turns(game(3))
    refused(st, {"type": "run_colony_phase", "keep_first_player": True}, Scripted())


# --- deaths ---


def test_leader_death_promotes_a_follower_and_last_survivor_needs_a_new_one():
    st = game(2)
    leader = next(s for s in st["survivors"] if s["owner"] == "s1" and s["leader"])
    follower = next(s for s in st["survivors"] if s["owner"] == "s1" and not s["leader"])
    st, steps = act(st, {"type": "kill_survivor_by_card", "survivor_id": leader["id"]})
    assert next(s for s in st["survivors"] if s["id"] == follower["id"])["leader"] is True
    assert st["morale"] == 5
    st, steps = act(st, {"type": "wound_survivor", "survivor_id": follower["id"],
                         "wound": "despair"})  # fmt: skip
    st, _ = act(st, {"type": "wound_survivor", "survivor_id": follower["id"]})
    refused(
        st,
        {"type": "heal_survivor", "survivor_id": follower["id"], "wound": "despair"},
        match="despair",
    )
    st, steps = act(st, {"type": "wound_survivor", "survivor_id": follower["id"],
                         "wound": "frostbite"})  # fmt: skip
    assert "survivor_died" in kinds(steps)
    assert st["morale"] == 4
    assert st["seats"][0]["needs_survivor"] is True
    assert st["decks"]["survivors"] == ["new1"]
    st, _ = act(st, {"type": "add_survivor", "by": "s1", "survivor_id": "new1"})
    newcomer = next(s for s in st["survivors"] if s["id"] == "new1")
    assert newcomer["leader"] and newcomer["location"] == "colony"
    assert st["seats"][0]["needs_survivor"] is False
    assert st["decks"]["survivors"] == []
    # a dead survivor cannot come back
    dead = st["graveyard"][0]["id"]
    refused(st, {"type": "add_survivor", "seat_id": "s1", "survivor_id": dead}, match="dead")


def test_frostbite_wounds_once_per_turn():
    st = game(2)
    first = st["first_player"]
    mine = next(s for s in st["survivors"] if s["owner"] == first)
    mine["frostbite"] = 1
    st, steps = begin_turn(st)
    hurt = next(s for s in st["survivors"] if s["id"] == mine["id"])
    assert (hurt["wounds"], hurt["frostbite"]) == (1, 1)
    assert "survivor_died" not in kinds(steps)
    # two frostbite tokens still give one wound a turn, and 2 + 1 tokens kill
    st, _ = act(st, {"type": "end_turn"})
    st = play_turns(st)
    st, _ = act(st, {"type": "run_colony_phase"}, Scripted())
    other = next(s for s in st["survivors"] if s["owner"] == st["first_player"])
    other["frostbite"] = 2
    st, steps = begin_turn(st)
    assert kinds(steps).count("wound_added") == 1
    died = next(s for s in steps if s["kind"] == "survivor_died")
    assert died["survivor"] == other["id"]


def test_overrun_kills_helpless_only_when_no_survivor_card_is_there():
    st = game(2, objective=main_objective(helpless=2))
    for s in st["survivors"]:
        s["location"] = "police"
    st["colony"]["entrances"][0]["zombies"] = 3
    st, steps = act(st, {"type": "add_zombies_by_hand", "place": "colony", "count": 1})
    assert "helpless_died" in kinds(steps)
    assert st["helpless"]["normal"] == 1 and st["morale"] == 5


def test_bite_spreads_to_the_lowest_influence_there():
    st = game(2, influences=[(50, 10), (40, 20)])
    st, steps = act(st, {"type": "record_exposure", "survivor_id": "p1a", "result": "bite"})
    assert st["pending"]["kind"] == "bite_spread"
    assert st["pending"]["survivor"] == "p1b"
    assert st["morale"] == 5
    refused(st, {"type": "start_turn"}, match="waiting")
    round_trip(st)
    st, steps = act(st, {"type": "resolve_bite", "choice": "roll", "result": "wound"})
    assert [s["survivor"] for s in steps if s["kind"] == "survivor_died"] == ["p1b"]
    assert st["pending"]["survivor"] == "p2b"
    assert st["morale"] == 4
    st, _ = act(st, {"type": "resolve_bite", "choice": "roll", "result": "blank"})
    assert st["pending"] is None and st["morale"] == 4


# --- barricades and traps ---


def test_barricade_then_trap_when_both_stand_at_a_full_entrance():
    st = game(2, ruleset="long_night")
    st, _ = act(st, {"type": "add_barricade", "place": "colony", "entrance": 1})
    st, _ = act(st, {"type": "add_trap", "place": "colony", "entrance": 1})
    st["colony"]["entrances"][0]["zombies"] = 1
    st, steps = act(st, {"type": "add_zombies_by_hand", "place": "colony", "count": 1})
    assert "barricade_broken" in kinds(steps)
    st, steps = act(st, {"type": "add_zombies_by_hand", "place": "colony", "count": 1})
    # the entrance has a free space again now the barricade went: the zombie is placed
    assert "zombie_placed" in kinds(steps)
    st, steps = act(st, {"type": "add_zombies_by_hand", "place": "colony", "count": 1})
    fired = next(s for s in steps if s["kind"] == "trap_fired")
    assert fired["cleared"] == 2
    assert st["colony"]["entrances"][0] == {"number": 1, "spaces": 3, "zombies": 0,
                                            "barricades": 0, "traps": 0}  # fmt: skip


def test_trap_first_setting():
    st = game(2, ruleset="long_night", barricade_before_trap=False)
    st, _ = act(st, {"type": "add_barricade", "place": "colony", "entrance": 1})
    st, _ = act(st, {"type": "add_trap", "place": "colony", "entrance": 1})
    st["colony"]["entrances"][0]["zombies"] = 1
    st, steps = act(st, {"type": "add_zombies_by_hand", "place": "colony", "count": 1})
    assert "trap_fired" in kinds(steps)
    assert st["colony"]["entrances"][0]["barricades"] == 1


# --- bad input leaves the state alone ---


def test_bad_input_is_refused_and_changes_nothing():
    st = game(3, ruleset="long_night")
    for _ in range(3):
        st, _ = act(st, {"type": "add_barricade", "place": "colony", "entrance": 2})
    refused(st, {"type": "add_barricade", "place": "colony", "entrance": 2}, match="full")
    refused(st, {"type": "add_trap", "place": "colony", "entrance": 2}, match="full")
    refused(st, {"type": "add_barricade", "place": "colony", "entrance": 7})
    refused(st, {"type": "add_barricade", "place": "colony"})
    refused(st, {"type": "add_barricade", "place": "nowhere"}, match="unknown location")
    refused(st, {"type": "add_zombies_by_hand", "place": "colony", "count": -1})
    refused(st, {"type": "add_zombies_by_hand", "place": "colony", "count": True})
    refused(st, {"type": "add_food", "count": -2})
    refused(st, {"type": "add_noise", "location_id": "police", "count": 5})
    refused(st, {"type": "spend_food", "seat_id": "s9", "count": 1}, match="unknown seat")
    refused(
        st,
        {"type": "contribute_to_crisis", "by": "s9", "seat_id": "s9", "symbols": ["fuel"]},
        match="a seat of this game, not 's9'",
    )
    refused(
        st,
        {"type": "contribute_to_crisis", "seat_id": "s1", "symbols": ["fuel"]},
        match="the table may not contribute to crisis for a player",
    )
    refused(st, {"type": "set_counter", "name": "morale", "value": -1})
    refused(st, {"type": "kill_survivor_by_card", "survivor_id": "nobody"})
    refused(st, {"type": "no_such_action"})
    refused(st, {"type": "add_food", "count": 1, "colour": "red"})
    refused(st, {"type": "add_food", "count": "2"}, match="whole number")
    refused(st, {"type": "add_food", "count": 1000}, match="from 0 to 999")
    refused(st, {"type": "add_food", "count": 1, "by": "nobody"}, match="table or a seat")
    with pytest.raises(RuleError, match="names its actor"):
        engine.apply(st, {"type": "add_food", "count": 1})
    # an action that rolls needs a random source or a seed; a seed makes it repeatable
    roll = {"type": "record_exposure", "survivor_id": "p1a"}
    refused(st, roll, match="rolls dice")
    assert act(st, {**roll, "seed": 11}) == act(st, {**roll, "seed": 11})
    refused(st, {"type": "end_turn"})
    st, _ = begin_turn(st)
    refused(st, {"type": "start_turn"})
    refused(
        st,
        {"type": "call_exile_vote", "caller": "s9", "target": "s1", "votes": {}},
        Scripted(),
        match="unknown seat",
    )
    active = st["turn"]["seat"]
    other = next(s["id"] for s in st["seats"] if s["id"] != active)
    refused(
        st,
        {"type": "call_exile_vote", "caller": active, "target": other,
         "votes": {"s1": True, "s2": True, "s9": True}},
        Scripted(),
        match="unknown seat",
    )  # fmt: skip
    refused(
        st,
        {"type": "call_exile_vote", "caller": active, "target": other, "votes": {"s1": True}},
        Scripted(),
        match="waiting for the vote",
    )


def test_exiled_player_voting_is_refused_without_change():
    st = game(3)
    st, _ = begin_turn(st)
    active = st["turn"]["seat"]
    exiled = next(s["id"] for s in st["seats"] if s["id"] != active)
    st = _exile(st, exiled)
    st["must_leave_colony"] = []
    st, _ = act(st, {"type": "end_turn"})
    st, _ = begin_turn(st)
    caller = st["turn"]["seat"]
    target = next(s["id"] for s in st["seats"] if s["id"] not in (caller, exiled))
    votes = {s["id"]: False for s in st["seats"]}
    refused(
        st,
        {"type": "call_exile_vote", "caller": caller, "target": target, "votes": votes},
        Scripted(),
        match="exiled",
    )


def test_json_round_trip_through_a_game():
    st = game(3, ruleset="long_night", crossroads=CROSSROADS, objective=main_objective(food=3))
    st, _ = act(st, {"type": "reveal_crisis", "crisis": FUEL})
    round_trip(st)
    st, _ = begin_turn(st)
    round_trip(st)
    st, _ = act(st, {"type": "contribute_to_crisis", "by": st["turn"]["seat"],
                     "symbols": ["fuel", "tool"]})  # fmt: skip
    round_trip(st)
    st, _ = act(st, {"type": "end_turn"})
    st = round_trip(play_turns(st))
    st, _ = act(st, {"type": "pay_food"})
    st = round_trip(st)
    st, _ = act(st, {"type": "run_colony_phase"}, random.Random(5))
    round_trip(st)
    assert st["round"] == 2


def test_exiled_survivors_left_in_the_colony_do_not_eat_or_draw_zombies():
    """Ruling: an exiled player's survivors never count as colonists (RULES.md, 002:1736)."""
    st = game(3, objective=main_objective(food=10))
    st["seats"][2]["exiled"] = True  # Carla's two survivors still stand in the colony
    st, steps = act(st, {"type": "pay_food"})
    assert steps[-1]["colonists"] == 4 and st["food"] == 8
    st, steps = act(st, {"type": "add_colony_phase_zombies"}, Scripted())
    assert colony_zombies(st) == [1, 1, 0, 0, 0, 0]


def test_colony_phase_flags_must_be_true_or_false():
    st = play_turns(game(2))
    refused(
        st,
        {"type": "run_colony_phase", "objective_met": "yes"},
        Scripted(),
        match="objective_met must be true or false, not 'yes'",
    )
    refused(st, {"type": "check_main_objective", "met": 1}, match="met must be true or false")
    # the entry points themselves refuse a non-boolean too, for callers that skip apply
    with pytest.raises(RuleError, match="True"):
        engine.run_colony_phase(st, Scripted(), objective_met="yes")


def test_long_night_first_player_vote_tallied_with_ties_to_the_first_player():
    st = play_turns(game(4, ruleset="long_night", objective=main_objective(food=10)))
    first = st["first_player"]
    assert first == "s1"
    # 2 up, 2 down; the first player voted up: the token stays
    votes = {"s1": True, "s2": True, "s3": False, "s4": False}
    kept, steps = act(st, {"type": "run_colony_phase", "first_player_votes": votes}, Scripted())
    assert kept["first_player"] == "s1"
    assert "vote_tie_broken" in kinds(steps) and "first_player_kept" in kinds(steps)
    # the first player voted down: it passes right, to s4
    votes = {"s1": False, "s2": True, "s3": True, "s4": False}
    passed, steps = act(st, {"type": "run_colony_phase", "first_player_votes": votes}, Scripted())
    assert passed["first_player"] == "s4"
    # a missing voter is refused and nothing changes
    refused(st, {"type": "run_colony_phase", "first_player_votes": {"s1": True}}, Scripted())
    # the base game has no such vote
    base = play_turns(game(4, objective=main_objective(food=10)))
    refused(base, {"type": "pass_first_player", "votes": votes}, match="Long Night")


def test_turn_actions_belong_to_the_active_player():
    """002:1340-1360: cards are played and added to the crisis during one's own turn."""
    st = game(3, objective=main_objective(food=4))
    st, _ = act(st, {"type": "reveal_crisis", "crisis": FUEL})
    st, _ = begin_turn(st)
    active = st["turn"]["seat"]
    other = next(s["id"] for s in st["seats"] if s["id"] != active)
    refused(st, {"type": "contribute_to_crisis", "by": other, "symbols": ["fuel"]},
            match="turn")  # fmt: skip
    refused(st, {"type": "play_cards", "seat_id": other}, match="turn")
    refused(st, {"type": "spend_food", "seat_id": other, "count": 1}, match="turn")
    st, _ = act(st, {"type": "contribute_to_crisis", "by": active, "symbols": ["fuel"]})
    st, _ = act(st, {"type": "spend_food", "seat_id": active, "count": 1})
    assert st["food"] == 3 and len(st["crisis"]["contributions"]) == 1
