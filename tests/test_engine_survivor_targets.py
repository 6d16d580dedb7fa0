"""What each survivor may target where it stands, listed by the engine (``by_survivor``) so a
phone offers each survivor exactly its own: a barricade, a trap and noise at its location, an
attract to it from elsewhere, a kill where it may attack, a special zombie it attacked."""

from __future__ import annotations

import random

import play
import pytest

import companion.engine as engine
from companion.engine.legal import legal_for_seat, legal_for_table
from companion.engine.modules.raxxon import rules as raxxon
from tests.factory import put_survivors
from tests.test_engine_board import loc, table, with_turn
from tests.test_engine_raxxon import hunter_at_police

COLONY_ALL = [{"place": "colony", "entrance": n} for n in range(1, 7)]


def two_places():
    """s1's turn: Ana's 30 and 20 in the colony, 40 at the grocery; Bruno's 10 at the police."""
    st, ana, bruno = table()
    far = put_survivors(st, [40], owner="s1", place="grocery")
    return with_turn(st), ana, far[0], bruno[0]


def test_a_barricade_and_a_trap_go_at_the_survivor_s_own_location_002_1202():
    st, (home, home2), far, _ = two_places()
    st["ruleset"] = "long_night"
    loc(st, "grocery")["entrance"]["zombies"] = 3  # full: no room there
    legal = legal_for_seat(st, "s1")
    for kind in ("add_barricade", "add_trap"):
        mine = legal[kind]["by_survivor"]
        assert mine == {home: COLONY_ALL, home2: COLONY_ALL, far: []}, kind
        # a card may still put one anywhere with room: the police station stays a target
        assert {"place": "police", "entrance": None} in legal[kind]["targets"]
    loc(st, "grocery")["entrance"]["zombies"] = 2
    assert legal_for_seat(st, "s1")["add_barricade"]["by_survivor"][far] == [
        {"place": "grocery", "entrance": None}
    ]
    # between turns the table's correction names no survivor
    st["turn"] = None
    assert legal_for_table(st)["add_barricade"]["by_survivor"] == {}


def test_noise_is_made_where_the_survivor_stands_and_room_is_left_002_1183():
    st, (home, home2), far, _ = two_places()
    noise = legal_for_seat(st, "s1")["add_noise"]
    # the colony has no noise spaces
    assert noise["by_survivor"] == {home: [], home2: [], far: ["grocery"]}
    loc(st, "grocery")["noise"] = 4
    assert legal_for_seat(st, "s1")["add_noise"]["by_survivor"][far] == []
    loc(st, "grocery")["noise"] = 3
    assert legal_for_seat(st, "s1")["add_noise"]["by_survivor"][far] == ["grocery"]


def test_zombies_are_attracted_to_the_survivor_from_elsewhere_as_many_as_fit_002_1253():
    st, (home, _), far, _ = two_places()
    loc(st, "police")["entrance"]["zombies"] = 2
    loc(st, "grocery")["entrance"]["zombies"] = 1
    st["colony"]["entrances"][0]["barricades"] = 2  # one space left at entrance 1
    pull = legal_for_seat(st, "s1")["attract_zombies"]["by_survivor"]
    police = {"place": "police", "entrance": None}
    grocery = {"place": "grocery", "entrance": None}
    rooms = [{**t, "room": 1 if t["entrance"] == 1 else 2} for t in COLONY_ALL]
    # as many as stand there, 2 at most: the grocery gives its one
    assert pull[home] == {
        "to": rooms,
        "from": [{**police, "count": [1, 2]}, {**grocery, "count": [1, 1]}],
    }
    # the grocery's zombie stays out of its own list; one space left there: one at a time
    loc(st, "grocery")["entrance"]["barricades"] = 1
    pull = legal_for_seat(st, "s1")["attract_zombies"]["by_survivor"]
    assert pull[far] == {"to": [{**grocery, "room": 1}], "from": [{**police, "count": [1, 1]}]}
    # full there: the grocery's survivor attracts nothing
    loc(st, "grocery")["entrance"]["barricades"] = 2
    assert far not in legal_for_seat(st, "s1")["attract_zombies"]["by_survivor"]
    # a special zombie is never attracted (000:805): it gives no count of its own
    loc(st, "police")["entrance"]["zombies"] = 0
    loc(st, "police")["entrance"]["special"] = ["Hunter"]
    sources = legal_for_seat(st, "s1")["attract_zombies"]["by_survivor"][home]["from"]
    assert [s["place"] for s in sources] == ["grocery"]


def test_the_phone_s_attract_at_the_colony_names_an_entrance_and_is_accepted():
    st, (home, _), _, _ = two_places()
    loc(st, "police")["entrance"]["zombies"] = 2
    pull = legal_for_seat(st, "s1")["attract_zombies"]["by_survivor"][home]
    to, source = pull["to"][2], pull["from"][0]
    action = {
        "type": "attract_zombies",
        "by": "s1",
        "survivor_id": home,
        "to_place": to["place"],
        "to_entrance": to["entrance"],
        "from_place": source["place"],
        "count": source["count"][1],
    }
    new, _ = engine.apply(st, action)
    assert new["colony"]["entrances"][2]["zombies"] == 2


def test_a_kill_is_listed_for_each_survivor_where_it_may_attack_002_1007():
    st, (home, home2), far, bruno = two_places()
    st["colony"]["entrances"][0]["zombies"] = 1
    loc(st, "grocery")["entrance"]["zombies"] = 2
    loc(st, "police")["entrance"]["zombies"] = 1  # Bruno's: not the active player's
    mine = legal_for_seat(st, "s1")["kill_zombies"]["by_survivor"]
    colony1 = [{"place": "colony", "entrance": 1}]
    assert mine == {home: colony1, home2: colony1, far: [{"place": "grocery", "entrance": None}]}
    assert bruno not in mine


def test_a_special_zombie_s_death_is_listed_for_the_survivor_who_attacked_it_000_805():
    st = hunter_at_police()
    first = next(s["id"] for s in st["survivors"] if s["owner"] == "s1")
    second = put_survivors(st, [15], owner="s1", place="police")[0]
    next(s for s in st["survivors"] if s["id"] == first)["location"] = "police"
    attacked, _ = raxxon.attack_special_zombie(st, first, "Hunter", exposure="blank", encounter=6)
    listed = legal_for_seat(attacked, "s1")["remove_special_zombie"]
    hunter = {"zombie": "Hunter", "place": "police", "entrance": None}
    # the other survivor there did not attack it: its death is not in its group
    assert listed["by_survivor"] == {first: [hunter]}
    assert second not in listed["by_survivor"]


def phone_offers(legal: dict, seat: str) -> list[dict]:
    """Every action a survivor's group on ``seat``'s phone sends, from ``by_survivor`` alone,
    as the phone builds it (an attract: one per destination, source and count)."""
    out = []
    base = {"by": seat, "seed": 1}
    for sid, targets in legal.get("kill_zombies", {}).get("by_survivor", {}).items():
        for t in targets:
            out.append(
                {
                    **base,
                    "type": "kill_zombies",
                    "survivor_id": sid,
                    "place": t["place"],
                    "entrance": t["entrance"],
                    "exposure": "blank",
                }
            )
    for kind in ("add_barricade", "add_trap"):
        for targets in legal.get(kind, {}).get("by_survivor", {}).values():
            out += [
                {**base, "type": kind, "place": t["place"], "entrance": t["entrance"]}
                for t in targets
            ]
    for places in legal.get("add_noise", {}).get("by_survivor", {}).values():
        out += [{**base, "type": "add_noise", "location_id": p} for p in places]
    for targets in legal.get("remove_special_zombie", {}).get("by_survivor", {}).values():
        out += [
            {
                **base,
                "type": "remove_special_zombie",
                "place": t["place"],
                "zombie": t["zombie"],
                "entrance": t["entrance"],
            }
            for t in targets
        ]
    for sid, pull in legal.get("attract_zombies", {}).get("by_survivor", {}).items():
        for to in pull["to"]:
            for source in pull["from"]:
                for n in range(source["count"][0], source["count"][1] + 1):
                    out.append(
                        {
                            **base,
                            "type": "attract_zombies",
                            "survivor_id": sid,
                            "to_place": to["place"],
                            "to_entrance": to["entrance"],
                            "from_place": source["place"],
                            "from_entrance": source["entrance"],
                            "count": n,
                            "_room": to["room"],
                        }
                    )
    return out


@pytest.mark.parametrize(
    ("players", "kw", "seen"),
    [
        (3, {}, {"kill_zombies", "add_barricade", "attract_zombies"}),
        (
            4,
            {"ruleset": "long_night", "settings": {"modules": ["bandits", "raxxon"]}},
            {"add_barricade", "add_trap", "attract_zombies"},
        ),
    ],
)
def test_what_each_survivor_is_offered_the_front_door_accepts(players, kw, seen):
    """Random games: at every moment of a turn, each action a survivor's group offers is
    accepted (the phone offers nothing the door refuses), but one: two zombies attracted to a
    colony entrance with one empty space (the phone asks one entrance for both)."""
    offered: dict[str, int] = {}
    for seed in (5, 6, 7):
        rng = random.Random(seed)
        state, _ = play.start(players, seed, **kw)
        for _ in range(400):
            if state.get("ended"):
                break
            seat = (state.get("turn") or {}).get("seat")
            if seat:
                legal = engine.seat_view(state, seat)["legal"][seat]
                for action in phone_offers(legal, seat):
                    room = action.pop("_room", None)
                    offered[action["type"]] = offered.get(action["type"], 0) + 1
                    if room is not None and action["count"] > room:
                        with pytest.raises(engine.RuleError, match="no empty space"):
                            engine.apply(state, action)
                        continue
                    engine.apply(state, action)  # a refusal fails the test
            try:
                state, _ = engine.apply(state, play.next_action(state, rng, busy=0.9))
            except engine.RuleError:
                continue
    assert seen <= set(offered), offered
