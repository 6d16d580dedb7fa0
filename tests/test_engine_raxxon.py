"""The Raxxon module (000:763-861), its chapters R1-R3 (000:863-936) and the search action."""

from __future__ import annotations

import pytest

import companion.engine as engine
from companion.engine.board import special_zombies
from companion.engine.colony.steps import run_colony_phase
from companion.engine.core.errors import render_error
from companion.engine.core.state import free_survivor_spaces, new_state
from companion.engine.core.vocabulary import NOT_CHOSEN
from companion.engine.legal import legal_for_seat, legal_for_table
from companion.engine.modules.raxxon import rules as raxxon
from companion.engine.search import search_location
from companion.engine.sentences import render_step
from companion.engine.turns.votes import cast_vote, record_votes
from companion.engine.views import table_view
from tests.factory import LOCATIONS, Scripted, put_survivors
from tests.test_engine_board import with_turn as in_turn

RAXXON = {
    "id": "long_night.raxxon",
    "name": "Raxxon",
    "number": 7,
    "entrance_spaces": 3,
    "survivor_spaces": 3,
    "module": "raxxon",
}


def rax_state(seats: int = 3, modules=("raxxon",)) -> dict:
    """A Long Night game with Raxxon on the board, s1's turn in progress, a survivor each."""
    names = ["Ana", "Bruno", "Carla", "Davi", "Elis"][:seats]
    st = new_state(
        ruleset="long_night",
        seat_names=names,
        locations=[*LOCATIONS, RAXXON],
        settings={"modules": list(modules)},
    )
    for n in range(seats):
        put_survivors(st, [60 - n], owner=f"s{n + 1}")
    st["food"] = 20
    return st


def survivor_of(st: dict, seat: str) -> str:
    return next(s["id"] for s in st["survivors"] if s["owner"] == seat)


def at(st: dict, seat: str, place: str) -> str:
    sid = survivor_of(st, seat)
    next(s for s in st["survivors"] if s["id"] == sid)["location"] = place
    return sid


def kinds(steps) -> list[str]:
    return [s["kind"] for s in steps]


def with_experiment(st: dict, code=(3, 5), zombies=("Hunter", "Hunter")) -> dict:
    st, _ = raxxon.enter_experiment(st, list(code), list(zombies))
    return st


NEXT = {"code": [1, 2], "zombies": ["Claw"]}
"""The next top experiment the table enters once one is placed or discarded (000:769)."""


def place_specials(st: dict, places=None, rng=None) -> tuple[dict, list]:
    """Place the experiment's special zombies, then enter the next top experiment the companion
    asks for at once (000:769, 000:790)."""
    st, steps = raxxon.place_special_zombies(st, places, rng)
    if (st["pending"] or {}).get("next"):
        assert kinds(steps)[-1] == "next_experiment_asked"
        st, more = raxxon.enter_experiment(st, **NEXT)
        steps += more
    return st, steps


# --- the board ---


def test_raxxon_is_on_the_board_with_its_card_capacities():
    st = rax_state()
    assert st["raxxon"]["location"] == "long_night.raxxon"
    loc = next(loc for loc in st["locations"] if loc["id"] == "long_night.raxxon")
    assert (loc["survivor_spaces"], loc["entrance"]["spaces"]) == (3, 3)


def test_without_the_module_there_is_no_record_and_raxxon_actions_are_refused():
    st = rax_state(modules=())
    assert "raxxon" not in st
    with pytest.raises(engine.RuleError, match="does not use the Raxxon module"):
        raxxon.enter_experiment(st, [1, 2], ["Claw"])


# --- the search (002 "Search"; 000:776 at Raxxon) ---


def test_a_search_is_a_plain_step_with_survivor_and_location_and_may_make_noise():
    st = in_turn(rax_state())
    sid = at(st, "s1", "police")
    new, steps = search_location(st, sid, noise=2)
    searched = next(s for s in steps if s["kind"] == "searched")
    assert (searched["survivor"], searched["location"], searched["noise"]) == (sid, "police", 2)
    assert next(loc for loc in new["locations"] if loc["id"] == "police")["noise"] == 2
    assert "exposure_rolled" not in kinds(steps)


def test_searching_at_raxxon_rolls_for_exposure_after_the_search_000_776():
    st = in_turn(rax_state())
    sid = at(st, "s1", "long_night.raxxon")
    new, steps = search_location(st, sid, exposure="wound")
    assert kinds(steps).index("searched") < kinds(steps).index("exposure_rolled")
    assert next(s for s in new["survivors"] if s["id"] == sid)["wounds"] == 1
    _, rolled = search_location(st, sid, rng=Scripted([1]))
    assert next(s for s in rolled if s["kind"] == "exposure_rolled")["rolled"] is True


def in_r1(st: dict, completed: bool = False) -> dict:
    st["scenario"] = {"name": "raxxon", "chapter": 1, "completed": completed}
    return st


def test_during_r1_a_search_at_raxxon_rolls_no_exposure_000_892():
    """000:873: R1 leaves the module's rules out; 000:892: once R1 has been completed "players
    may move survivors to Raxxon and search. Read the Searching at Raxxon rules"."""
    st = in_r1(in_turn(rax_state()))
    sid = at(st, "s1", "long_night.raxxon")
    assert not raxxon.raxxon_search_exposure_active(st, "long_night.raxxon")
    assert legal_for_seat(st, "s1")["search_location"]["survivor_id"][sid]["raxxon"] is False
    _, steps = search_location(st, sid, rng=Scripted([12]))
    assert "exposure_rolled" not in kinds(steps)
    with pytest.raises(engine.RuleError, match=r"during R1.*\(000:892\)") as err:
        search_location(st, sid, exposure="blank")
    assert render_error(err.value, "pt_BR") == (
        "durante o R1, explorar a Raxxon não pede rolagem de exposição: essa regra só vale depois "
        "de completar o R1 (000:892)"
    )


@pytest.mark.parametrize(("chapter", "completed"), [(1, True), (2, False), (3, False)])
def test_from_r1_s_completion_a_search_at_raxxon_rolls_exposure_000_892(chapter, completed):
    """000:892: "For the rest of the game ... Read the Searching at Raxxon rules"."""
    st = in_r1(in_turn(rax_state()), completed)
    st["scenario"]["chapter"] = chapter
    sid = at(st, "s1", "long_night.raxxon")
    assert legal_for_seat(st, "s1")["search_location"]["survivor_id"][sid]["raxxon"] is True
    _, steps = search_location(st, sid, exposure="blank")
    assert kinds(steps)[-1] == "exposure_rolled"


def test_a_search_elsewhere_takes_no_exposure_and_the_colony_has_no_deck():
    st = in_turn(rax_state())
    with pytest.raises(engine.RuleError, match="colony has no search deck"):
        search_location(st, survivor_of(st, "s1"))
    sid = at(st, "s1", "police")
    with pytest.raises(engine.RuleError, match="only a search at Raxxon"):
        search_location(st, sid, exposure="blank")
    with pytest.raises(engine.RuleError, match="at most 4 fit"):
        search_location(st, sid, noise=5)


def test_the_search_goes_through_the_front_door_for_the_active_player_only():
    st = in_turn(rax_state())
    sid = at(st, "s1", "police")
    engine.apply(st, {"type": "search_location", "by": "s1", "survivor_id": sid})
    other = at(st, "s2", "police")
    with pytest.raises(engine.RuleError, match="may not"):
        engine.apply(st, {"type": "search_location", "by": "s2", "survivor_id": other})
    assert "search_location" in legal_for_seat(st, "s1")


# --- dice on Raxxon (000:790) and the code ---


def test_dice_go_on_raxxon_only_with_a_survivor_there_in_ones_own_turn_000_790():
    st = with_experiment(in_turn(rax_state()))
    with pytest.raises(engine.RuleError, match="controls no survivor at Raxxon"):
        raxxon.place_raxxon_dice(st, "s1", [3])
    at(st, "s1", "long_night.raxxon")
    new, steps = raxxon.place_raxxon_dice(st, "s1", [5, 3])
    assert new["raxxon"]["dice"] == [3, 5]
    assert steps[0]["kind"] == "raxxon_dice_placed"
    with pytest.raises(engine.RuleError, match="1 to 6"):
        raxxon.place_raxxon_dice(st, "s1", [7])
    assert "place_raxxon_dice" in legal_for_seat(st, "s1")
    at(st, "s2", "long_night.raxxon")
    with pytest.raises(engine.RuleError, match="own turn"):
        raxxon.place_raxxon_dice(st, "s2", [1])


def test_the_code_matches_two_dice_a_double_needs_two_000_792():
    assert raxxon.code_matches([1, 3, 5], [3, 5])
    assert not raxxon.code_matches([3], [3, 5])
    assert not raxxon.code_matches([4, 1], [4, 4])
    assert raxxon.code_matches([4, 4], [4, 4])


def test_an_experiment_is_a_two_face_code_and_its_special_zombies():
    st = rax_state()
    with pytest.raises(engine.RuleError, match="two die faces"):
        raxxon.enter_experiment(st, [3], ["Claw"])
    with pytest.raises(engine.RuleError, match="1 to 6 special zombies"):
        raxxon.enter_experiment(st, [3, 4], [])
    new = with_experiment(st, (5, 3))
    assert new["raxxon"]["experiment"] == {"code": [3, 5], "zombies": ["Hunter", "Hunter"]}


# --- the containment check at the start of the colony phase (000:792-799) ---


def test_a_match_opens_a_vote_and_the_dice_are_cleared_ruling():
    st = with_experiment(rax_state())
    st["raxxon"]["dice"] = [3, 5, 6]
    new, steps = run_colony_phase(st, Scripted())
    assert kinds(steps)[:4] == [
        "colony_phase_began",
        "containment_checked",
        "raxxon_dice_removed",
        "vote_opened",
    ]
    assert new["pending"]["subject"] == "containment"
    assert new["raxxon"]["dice"] == []
    assert "food_paid" not in kinds(steps), "the colony phase waits for the vote"
    assert legal_for_seat(new, "s2") == {"cast_vote": {"up": [True, False]}}


def test_thumbs_up_discards_the_experiment_and_nothing_is_placed_000_794():
    st = with_experiment(rax_state())
    st["raxxon"]["dice"] = [3, 5]
    voting, _ = run_colony_phase(st, Scripted())
    new, steps = record_votes(voting, {"s1": True, "s2": True, "s3": False})
    assert new["raxxon"]["experiment"] is None
    assert next(s for s in steps if s["kind"] == "experiment_discarded")["reason"] == "contained"
    assert new["pending"] == {"kind": "top_experiment", "seat": None, "next": True}
    new, entered = raxxon.enter_experiment(new, **NEXT)
    assert new["pending"] is None and kinds(entered) == ["experiment_entered"]
    _done, later = run_colony_phase(new, Scripted())
    assert "food_paid" in kinds(later) and "containment_checked" not in kinds(later)


def test_a_tie_goes_the_first_players_way_002_1413():
    st = with_experiment(rax_state(4))
    st["raxxon"]["dice"] = [3, 5]
    voting, _ = run_colony_phase(st, Scripted())
    for sid, up in (("s1", False), ("s2", True), ("s3", True), ("s4", False)):
        voting, steps = cast_vote(voting, sid, up)
    assert "vote_tie_broken" in kinds(steps)
    assert voting["pending"]["kind"] == "containment_place"


def test_thumbs_down_the_first_player_picks_a_place_with_3_fewer_then_zombies_come_000_795():
    st = with_experiment(rax_state(), zombies=("Claw",))
    st["raxxon"]["dice"] = [3, 5]
    voting, _ = run_colony_phase(st, Scripted())
    down, _steps = record_votes(voting, {"s1": False, "s2": False, "s3": True})
    assert down["pending"] == {"kind": "containment_place", "seat": "s1"}
    assert legal_for_seat(down, "s1") == {
        "choose_containment_place": {
            "place": ["colony"]
            + [loc["id"] for loc in sorted(down["locations"], key=lambda x: x["number"])]
        }
    }
    assert legal_for_seat(down, "s2") == {}
    with pytest.raises(engine.RuleError, match="may not"):
        engine.apply(down, {"type": "choose_containment_place", "by": "s2", "place": "colony"})
    chosen, _ = engine.apply(
        down, {"type": "choose_containment_place", "by": "s1", "place": "colony"}
    )
    assert chosen["pending"]["kind"] == "special_zombies"
    assert chosen["raxxon"]["reduced"] == {"place": "colony", "round": 1}
    placed, _ = place_specials(chosen, ["police"])
    assert placed["pending"] is None
    # the colony holds 3 survivors: 2 zombies, 3 fewer: none (never below 0)
    done, later = run_colony_phase(placed, Scripted([0] * 10))
    fewer = next(s for s in later if s["kind"] == "containment_fewer_zombies")
    assert (fewer["before"], fewer["count"]) == (2, 0)
    assert sum(e["zombies"] for e in done["colony"]["entrances"]) == 0


def test_the_3_come_off_survivors_and_noise_together_ruling():
    st = with_experiment(rax_state(), zombies=("Claw",))
    for seat in ("s1", "s2"):
        at(st, seat, "school")
    next(loc for loc in st["locations"] if loc["id"] == "school")["noise"] = 2
    st["raxxon"]["dice"] = [3, 5]
    voting, _ = run_colony_phase(st, Scripted())
    down, _ = record_votes(voting, {"s1": False, "s2": False, "s3": False})
    chosen, _ = raxxon.choose_containment_place(down, "school")
    placed, _ = place_specials(chosen, ["police"])
    done, steps = run_colony_phase(placed, Scripted([1, 1]))
    fewer = next(s for s in steps if s["kind"] == "containment_fewer_zombies")
    assert (fewer["before"], fewer["count"]) == (4, 1)
    school = next(loc for loc in done["locations"] if loc["id"] == "school")
    assert school["entrance"]["zombies"] == 1


def test_the_add_zombies_preview_numbers_show_the_3_fewer_000_795():
    """000:795: "During the Add Zombies step of the Colony Phase, reduce the number of zombies
    placed at that location by 3": the colony phase's numbers say so before the step runs, at
    the chosen place only, and only this round."""
    st = with_experiment(rax_state(), zombies=("Claw",))
    for seat in ("s1", "s2"):
        at(st, seat, "school")
    st["raxxon"]["dice"] = [3, 5]
    voting, _ = run_colony_phase(st, Scripted())
    down, _ = record_votes(voting, {"s1": False, "s2": False, "s3": False})
    before = table_view(down)["numbers"]["zombies_due"]
    assert before["school"] == {"survivors": 2, "bandits": 0, "fewer": 0}
    chosen, _ = raxxon.choose_containment_place(down, "school")
    due = table_view(chosen)["numbers"]["zombies_due"]
    assert due["school"] == {"survivors": 2, "bandits": 0, "fewer": 3}
    assert due["colony"] == {"survivors": 1, "bandits": 0, "fewer": 0}
    assert {place for place, d in due.items() if d["fewer"]} == {"school"}
    chosen["round"] += 1  # next round the vote no longer counts
    assert table_view(chosen)["numbers"]["zombies_due"]["school"]["fewer"] == 0


def test_no_match_places_the_special_zombies_rolled_one_at_a_time_000_799():
    st = with_experiment(rax_state())
    st["raxxon"]["dice"] = [3]
    waiting, steps = run_colony_phase(st, Scripted())
    assert waiting["pending"] == {"kind": "special_zombies", "seat": None}
    assert "place_special_zombies" in legal_for_table(waiting)
    with pytest.raises(engine.RuleError, match="waiting for a decision"):
        run_colony_phase(waiting, Scripted())
    new, steps = place_specials(waiting, rng=Scripted([1, 2]))
    rolled = [s for s in steps if s["kind"] == "special_zombie_rolled"]
    assert [(s["roll"], s["location"]) for s in rolled] == [(1, "police"), (2, "grocery")]
    assert special_zombies.specials_at(new, "police") == ["Hunter"]
    assert special_zombies.specials_at(new, "grocery") == ["Hunter"]
    assert "experiment_encounter" in kinds(steps)
    assert kinds(steps)[-2:] == ["next_experiment_asked", "experiment_entered"]
    assert new["raxxon"]["experiment"] == {"code": [1, 2], "zombies": ["Claw"]}
    # a special zombie takes an entrance space
    assert engine.table_view(new)["numbers"]["free_entrance_spaces"]["police"] == 2


def test_the_first_colony_phase_step_waits_for_the_check():
    st = with_experiment(rax_state())
    with pytest.raises(engine.RuleError, match="containment check"):
        engine.apply(st, {"type": "pay_food", "by": "table"})
    new, _ = engine.apply(st, {"type": "start_colony_phase", "by": "table"})
    assert new["pending"]["kind"] == "special_zombies"


def test_with_no_experiment_entered_the_check_asks_for_the_top_card_000_792():
    """000:792: "if there are 2 action dice on the Raxxon location matching the containment code
    shown on the Audio Log side of the top card of Raxxon experiment deck": with dice 2 + 2 and
    no experiment entered, the check asks the table for that card; the dice wait for it."""
    st = rax_state()
    st["raxxon"]["dice"] = [2, 2]
    asked, steps = run_colony_phase(st, Scripted())
    assert kinds(steps) == [
        "colony_phase_began",
        "containment_experiment_asked",
        "colony_phase_paused",
    ]
    assert asked["pending"] == {"kind": "top_experiment", "seat": None}
    assert asked["raxxon"]["dice"] == [2, 2], "the dice stay until the code is checked"
    assert engine.table_view(asked)["waiting"]["kind"] == "top_experiment"
    assert legal_for_table(asked) == {"enter_experiment": {"faces": [1, 2, 3, 4, 5, 6], "most": 6}}
    assert legal_for_seat(asked, "s1") == {}
    with pytest.raises(engine.RuleError, match="top Raxxon experiment"):
        engine.apply(asked, {"type": "pay_food", "by": "table"})
    assert render_step(steps[1], asked, "en") == (
        "Containment check: enter the top Raxxon experiment (the containment code and the "
        "special zombies on its Audio Log side) to check the dice on Raxxon (2 + 2)."
    )
    assert render_step(steps[1], asked, "pt_BR") == (
        "Checagem de contenção: informem o experimento do topo da Raxxon (o código de contenção "
        "e os zumbis especiais do lado do Registro de Áudio) para conferir os dados na Raxxon "
        "(2 + 2)."
    )
    # the answer: a matching code opens the vote, and the dice come off
    voting, steps = engine.apply(
        asked, {"type": "enter_experiment", "by": "table", "code": [2, 2], "zombies": ["Claw"]}
    )
    assert kinds(steps) == [
        "experiment_entered",
        "containment_checked",
        "raxxon_dice_removed",
        "vote_opened",
    ]
    assert voting["pending"]["subject"] == "containment" and voting["raxxon"]["dice"] == []
    # a code the dice do not match: its special zombies come out
    out, steps = raxxon.enter_experiment(asked, [2, 6], ["Claw"])
    assert next(s for s in steps if s["kind"] == "containment_checked")["match"] is False
    assert out["pending"] == {"kind": "special_zombies", "seat": None}


def test_entering_an_experiment_answers_no_other_decision():
    st = with_experiment(rax_state())
    st["raxxon"]["dice"] = [3, 5]
    voting, _ = run_colony_phase(st, Scripted())
    with pytest.raises(engine.RuleError, match="waiting for a decision"):
        raxxon.enter_experiment(voting, [1, 2], ["Claw"])


def test_a_full_entrance_is_defended_or_overrun_and_the_zombie_not_placed_000_801():
    st = with_experiment(rax_state(), zombies=("Tank", "Tank"))
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    police["entrance"].update(zombies=2, barricades=1)
    st["pending"] = {"kind": "special_zombies", "seat": None}
    new, steps = place_specials(st, ["police", "police"])
    # the first breaks the barricade and is not placed; the second takes the freed space
    assert kinds(steps)[:3] == [
        "special_zombie_not_placed",
        "barricade_broken",
        "special_zombie_placed",
    ]
    assert special_zombies.specials_at(new, "police") == ["Tank"]


def test_an_experiment_none_of_whose_zombies_is_placed_is_discarded_ruling_000_801():
    st = with_experiment(rax_state(), zombies=("Tank",))
    del st["locations"][0]  # no location numbered 1 now
    grocery = next(loc for loc in st["locations"] if loc["id"] == "grocery")
    grocery["entrance"]["zombies"] = 3
    st["pending"] = {"kind": "special_zombies", "seat": None}
    _new, steps = place_specials(st, rng=Scripted([1]))
    assert steps[0]["location"] is None
    assert next(s for s in steps if s["kind"] == "experiment_discarded")["reason"] == "not_placed"
    _, steps = place_specials(st, ["grocery"])
    assert "overrun" in kinds(steps)
    assert next(s for s in steps if s["kind"] == "experiment_discarded")["reason"] == "not_placed"


def test_a_trap_leaves_special_zombies_standing_000_805():
    st = with_experiment(rax_state(), zombies=("Claw", "Stinker"))
    st["pending"] = {"kind": "special_zombies", "seat": None}
    placed, _ = place_specials(st, ["school", "school"])
    school = next(loc for loc in placed["locations"] if loc["id"] == "school")["entrance"]
    school.update(zombies=1, traps=1)  # 4 spaces: 2 special zombies, 1 zombie, 1 trap
    new, steps = engine.apply(
        placed, {"type": "add_zombies_by_hand", "by": "table", "place": "school", "count": 1}
    )
    assert next(s for s in steps if s["kind"] == "trap_fired")["cleared"] == 1
    assert special_zombies.specials_at(new, "school") == ["Claw", "Stinker"]


def test_colony_special_zombies_go_round_the_entrances_from_1():
    st = with_experiment(rax_state(), zombies=("Claw", "Claw"))
    st["pending"] = {"kind": "special_zombies", "seat": None}
    new, _ = place_specials(st, ["colony", "colony"])
    ents = new["colony"]["entrances"]
    assert ents[0]["special"] == ["Claw"] and ents[1]["special"] == ["Claw"]


# --- special zombies: targeted first, killed only by an attack (000:805-807) ---


def hunter_at_police() -> dict:
    st = with_experiment(rax_state(), zombies=("Hunter",))
    st["pending"] = {"kind": "special_zombies", "seat": None}
    st, _ = place_specials(st, ["police"])
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    police["entrance"]["zombies"] = 1
    return in_turn(st)


def test_a_special_zombie_must_be_targeted_first_000_805():
    """000:805: "you must target a special zombie before you may target a standard zombie" when
    the attacker shares a location with one."""
    st = hunter_at_police()
    sid = at(st, "s1", "police")
    with pytest.raises(engine.RuleError, match=r"attack it first \(000:805\)"):
        engine.apply(
            st,
            {
                "type": "kill_zombies",
                "by": "s1",
                "place": "police",
                "survivor_id": sid,
                "exposure": "blank",
            },
        )
    killers = legal_for_table(st)["kill_zombies"]["killers"]
    assert killers["police:None"] == []
    # an item kill (no survivor attacking) still removes the ordinary zombie only
    new, _ = engine.apply(st, {"type": "kill_zombies", "by": "table", "place": "police"})
    assert special_zombies.specials_at(new, "police") == ["Hunter"]
    # with the Hunter gone, the standard zombie may be attacked again
    clear, _ = hunter_killed_by(st, sid)
    assert legal_for_table(clear)["kill_zombies"]["killers"]["police:None"] == [sid]


def test_a_special_zombie_is_targeted_before_a_bandit_000_805():
    """000:805: a special zombie is targeted "before you may target a standard zombie,
    survivor, or bandit": an attack on a bandit beside a Hunter is neither offered nor
    accepted."""
    st = with_experiment(rax_state(modules=("raxxon", "bandits")), zombies=("Hunter",))
    st["pending"] = {"kind": "special_zombies", "seat": None}
    st, _ = place_specials(st, ["police"])
    st = in_turn(st)
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    police["bandits"] = 1
    sid = at(st, "s1", "police")
    assert "attack_bandit" not in legal_for_table(st)
    assert "attack_bandit" not in legal_for_seat(st, "s1")
    attack = {"type": "attack_bandit", "by": "s1", "survivor_id": sid, "roll": 1}
    with pytest.raises(engine.RuleError, match=r"Hunter: attack it first \(000:805\)") as err:
        engine.apply(st, attack)
    assert render_error(err.value, "pt_BR") == (
        "Police Station tem o zumbi especial Hunter: ataquem-no primeiro (000:805)"
    )
    clear, _ = hunter_killed_by(st, sid)
    assert legal_for_seat(clear, "s1")["attack_bandit"]["survivor_id"] == [sid]
    new, _ = engine.apply(clear, attack)
    assert next(loc for loc in new["locations"] if loc["id"] == "police")["bandits"] == 0


def test_a_special_zombie_is_targeted_before_a_survivor_000_805():
    """000:805: "you must target a special zombie before you may target a standard zombie,
    survivor, or bandit": an attack on another player's survivor beside a Hunter is neither
    offered nor accepted until the Hunter is gone."""
    st = with_experiment(rax_state(), zombies=("Hunter",))
    st["pending"] = {"kind": "special_zombies", "seat": None}
    st, _ = place_specials(st, ["police"])
    st = in_turn(st)
    sid = at(st, "s1", "police")
    target = at(st, "s2", "police")
    next(s for s in st["survivors"] if s["id"] == target)["attack"] = 2
    assert "attack_survivor" not in legal_for_table(st)
    assert "attack_survivor" not in legal_for_seat(st, "s1")
    attack = {
        "type": "attack_survivor",
        "by": "s1",
        "survivor_id": sid,
        "target_id": target,
        "roll": 1,
    }
    with pytest.raises(engine.RuleError, match=r"Hunter: attack it first \(000:805\)"):
        engine.apply(st, attack)
    clear, _ = hunter_killed_by(st, sid)
    assert legal_for_seat(clear, "s1")["attack_survivor"]["targets"] == {sid: [target]}
    new, _ = engine.apply(clear, attack)
    assert next(s for s in new["survivors"] if s["id"] == target)["wounds"] == 1


def test_a_kill_that_is_not_an_attack_takes_a_standard_zombie_beside_a_special_000_805():
    """000:805: items and abilities "that do not involve an attack" do not affect special
    zombies, and only an attack must target one first; 000:511: a zombie "killed by an attack
    or card effect" still makes its killer roll for exposure."""
    st = hunter_at_police()
    sid = at(st, "s1", "police")
    kill = {"type": "kill_zombies", "by": "s1", "place": "police", "survivor_id": sid}
    offered = legal_for_seat(st, "s1")["kill_zombies"]
    assert False in offered["attack"] and sid in offered["card_killers"]
    new, steps = engine.apply(st, {**kill, "attack": False, "exposure": "wound"})
    assert kinds(steps) == ["zombies_killed", "exposure_rolled", "wound_added"]
    police = next(loc for loc in new["locations"] if loc["id"] == "police")
    assert police["entrance"]["zombies"] == 0
    assert special_zombies.specials_at(new, "police") == ["Hunter"]
    # the standard zombie is gone; the card can never take the Hunter
    with pytest.raises(engine.RuleError, match="holds 0 zombies, not 1"):
        engine.apply(new, {**kill, "attack": False, "exposure": "blank"})
    with pytest.raises(engine.RuleError, match="attack it first"):
        engine.apply(st, {**kill, "attack": True, "exposure": "blank"})


def test_special_zombies_cannot_be_moved_000_805():
    """000:805: "Special zombies cannot be moved by any game effects except for those listed
    on their encounter cards": an attract takes standard zombies only, and says why."""
    st = hunter_at_police()
    sid = at(st, "s1", "school")
    attract = {
        "type": "attract_zombies",
        "by": "s1",
        "from_place": "police",
        "to_place": "school",
        "survivor_id": sid,
    }
    with pytest.raises(engine.RuleError, match=r"only standard zombies can be moved") as err:
        engine.apply(st, {**attract, "count": 2})
    assert "Hunter" in str(err.value) and "(000:805)" in str(err.value)
    assert render_error(err.value, "pt_BR") == (
        "só zumbis normais podem ser movidos: o zumbi especial Hunter em Police Station só se "
        "move pela própria carta de confronto (000:805)"
    )
    new, steps = engine.apply(st, {**attract, "count": 1})
    assert kinds(steps) == ["zombie_attracted", "special_zombies_stay"]
    assert special_zombies.specials_at(new, "police") == ["Hunter"]
    school = next(loc for loc in new["locations"] if loc["id"] == "school")
    assert school["entrance"]["zombies"] == 1 and not school["entrance"].get("special")
    # only the Hunter is left at the police station: it is not offered as a source
    assert all(t["place"] != "police" for t in legal_for_table(new)["attract_zombies"]["from"])
    with pytest.raises(engine.RuleError, match="only standard zombies can be moved"):
        engine.apply(new, {**attract, "count": 1})


def hunter_killed_by(st: dict, sid: str) -> tuple[dict, list]:
    """``sid`` attacks the Hunter at the police station, lives, and the card removes it."""
    attacked, _ = raxxon.attack_special_zombie(st, sid, "Hunter", exposure="blank", encounter=6)
    return raxxon.remove_special_zombie(attacked, "police", "Hunter")


def test_only_a_regular_attack_kills_a_special_zombie_000_805():
    """000:805: "Special zombies can only be killed with a regular attack. Other game effects
    such as items and character abilities ... or explosive traps ... do not affect" them."""
    st = hunter_at_police()
    for how in ("trap", "item", "ability"):
        with pytest.raises(engine.RuleError, match="only a regular attack"):
            raxxon.remove_special_zombie(st, "police", "Hunter", how=how)
    new, steps = hunter_killed_by(st, at(st, "s1", "police"))
    assert special_zombies.specials_at(new, "police") == []
    assert steps[0]["left"] == 0


def test_a_special_zombie_dies_only_after_an_attack_at_its_location_000_805():
    """000:805: it "can only be killed with a regular attack", by a survivor who "shares a
    location" with it; 000:807: the encounter die is rolled "if the survivor is still alive"."""
    st = hunter_at_police()
    at(st, "s1", "school")  # none of the active player's survivors is at the police station
    assert "remove_special_zombie" not in legal_for_table(st)
    assert "remove_special_zombie" not in legal_for_seat(st, "s1")
    remove = {"type": "remove_special_zombie", "by": "s1", "place": "police", "zombie": "Hunter"}
    with pytest.raises(engine.RuleError, match=r"not attacked this turn.*\(000:805\)") as err:
        engine.apply(st, remove)
    assert render_error(err.value, "pt_BR") == (
        "Hunter em Police Station não foi atacado neste turno: um zumbi especial só morre com "
        "um ataque de um sobrevivente no mesmo local (000:805)"
    )
    sid = at(st, "s1", "police")
    bitten, _ = raxxon.attack_special_zombie(st, sid, "Hunter", exposure="bite")
    assert "remove_special_zombie" not in legal_for_table(bitten)
    attacked, _ = raxxon.attack_special_zombie(st, sid, "Hunter", exposure="blank", encounter=2)
    assert legal_for_seat(attacked, "s1")["remove_special_zombie"]["targets"] == [
        {"zombie": "Hunter", "place": "police", "entrance": None}
    ]
    gone, _ = engine.apply(attacked, remove)
    assert special_zombies.specials_at(gone, "police") == []
    # one attack, one removal: a second Hunter there would need an attack of its own
    gone["raxxon"]["experiment"] = {"code": [1, 2], "zombies": ["Hunter"]}
    gone["pending"] = {"kind": "special_zombies", "seat": None}
    again, _ = place_specials(gone, ["police"])
    assert "remove_special_zombie" not in legal_for_table(again)
    with pytest.raises(engine.RuleError, match="not attacked this turn"):
        engine.apply(again, remove)


def test_attacking_rolls_exposure_then_the_encounter_die_if_alive_000_807():
    st = hunter_at_police()
    sid = at(st, "s1", "police")
    _new, steps = raxxon.attack_special_zombie(st, sid, "Hunter", exposure="blank", encounter=4)
    assert kinds(steps) == ["special_zombie_attacked", "exposure_rolled", "encounter_rolled"]
    assert steps[-1]["roll"] == 4
    _, bitten = raxxon.attack_special_zombie(st, sid, "Hunter", exposure="bite")
    assert "encounter_rolled" not in kinds(bitten)
    _, rolled = raxxon.attack_special_zombie(st, sid, "Hunter", rng=Scripted([1, 6]))
    assert rolled[-1]["roll"] == 6 and rolled[-1]["rolled"] is True
    with pytest.raises(engine.RuleError, match="no special zombie"):
        raxxon.attack_special_zombie(st, sid, "Tank", exposure="blank")


def test_the_encounter_die_is_never_left_at_a_default_face():
    """Issue 29 ("no silent defaults on a roll"): an encounter die left unchosen is refused
    with the reason; "roll" rolls it here."""
    st = hunter_at_police()
    sid = at(st, "s1", "police")
    with pytest.raises(engine.RuleError, match="choose the face the encounter die shows") as err:
        raxxon.attack_special_zombie(st, sid, "Hunter", exposure="blank", encounter=NOT_CHOSEN)
    assert "dado de confronto" in render_error(err.value, "pt_BR")
    _, rolled = raxxon.attack_special_zombie(
        st, sid, "Hunter", exposure="blank", encounter="roll", rng=Scripted([5])
    )
    assert rolled[-1]["roll"] == 5 and rolled[-1]["rolled"] is True
    with pytest.raises(engine.RuleError, match="an action die shows 1 to 6"):
        raxxon.attack_special_zombie(st, sid, "Hunter", exposure="blank", encounter=7)


def test_only_its_encounter_card_moves_a_special_zombie_000_805():
    """000:805: "Special zombies cannot be moved by any game effects except for those listed
    on their encounter cards": the table moves it by its card, to a free space elsewhere."""
    st = hunter_at_police()
    assert legal_for_seat(st, "s1")["move_special_zombie"]["targets"] == [
        {"zombie": "Hunter", "place": "police", "entrance": None}
    ]
    move = {"type": "move_special_zombie", "by": "s1", "place": "police", "zombie": "Hunter"}
    new, steps = engine.apply(st, {**move, "to": "colony"})
    assert special_zombies.specials_at(new, "police") == []
    assert new["colony"]["entrances"][0]["special"] == ["Hunter"]
    assert render_step(steps[0], new) == (
        "Its encounter card moves the special zombie Hunter from Police Station to colony "
        "entrance 1."
    )
    assert render_step(steps[0], new, "pt_BR") == (
        "A carta de confronto move o zumbi especial Hunter. Antes: Police Station; agora: "
        "entrada 1 da colônia."
    )
    school, _ = engine.apply(st, {**move, "to": "school"})
    assert special_zombies.specials_at(school, "school") == ["Hunter"]
    with pytest.raises(engine.RuleError, match="is at Police Station already"):
        engine.apply(st, {**move, "to": "police"})
    with pytest.raises(engine.RuleError, match="no special zombie 'Tank'"):
        engine.apply(st, {**move, "zombie": "Tank", "to": "school"})
    full = next(loc for loc in st["locations"] if loc["id"] == "school")
    full["entrance"]["zombies"] = full["entrance"]["spaces"]
    with pytest.raises(engine.RuleError, match="no free space for Hunter"):
        engine.apply(st, {**move, "to": "school"})
    with pytest.raises(engine.RuleError):
        engine.apply(st, {**move, "by": "s2", "to": "colony"})  # not s2's turn


# --- side effects (000:780-784) ---


def test_a_side_effect_stays_with_its_survivor_000_784():
    st = in_turn(rax_state())
    sid = survivor_of(st, "s1")
    new, _ = engine.apply(
        st, {"type": "equip_side_effect", "by": "s1", "survivor_id": sid, "card": "Twitch"}
    )
    assert new["raxxon"]["side_effects"] == {sid: ["Twitch"]}
    assert engine.seat_view(new, "s1")["raxxon"]["side_effects"] == {sid: ["Twitch"]}
    assert not any("side_effect" in k and k != "equip_side_effect" for k in engine.ACTIONS)


def test_a_side_effect_card_cannot_be_unequipped_000_784():
    """000:784: "Raxxon side effect cards cannot be unequipped" (001:2228 "As cartas de efeito
    de pílula da Raxxon não podem ser removidas"): a card one survivor carries is never given
    to another or equipped twice; the refusal names the rule in both languages."""
    st = in_turn(rax_state())
    sid = survivor_of(st, "s1")
    carrier = next(s for s in st["survivors"] if s["id"] == sid)
    other = put_survivors(st, [12], owner="s1")[0]
    st, _ = raxxon.equip_side_effect(st, sid, "Twitch")
    for target, card in ((other, "Twitch"), (other, "twitch"), (sid, "Twitch")):
        with pytest.raises(engine.RuleError, match=r"cannot be unequipped \(000:784\)") as err:
            engine.apply(
                st, {"type": "equip_side_effect", "by": "s1", "survivor_id": target, "card": card}
            )
        assert render_error(err.value, "pt_BR") == (
            f"{carrier['name']} tem o efeito de pílula {card}: as cartas de efeito de pílula da "
            "Raxxon não podem ser removidas (000:784)"
        )
    assert st["raxxon"]["side_effects"] == {sid: ["Twitch"]}
    both, _ = raxxon.equip_side_effect(st, other, "Tremors")  # another card: allowed
    assert both["raxxon"]["side_effects"] == {sid: ["Twitch"], other: ["Tremors"]}
    # Ruling: once its survivor has died, the card may be equipped again.
    dead, _ = engine.apply(
        both, {"type": "kill_survivor_by_card", "by": "table", "survivor_id": sid}
    )
    again, _ = raxxon.equip_side_effect(dead, other, "Twitch")
    assert again["raxxon"]["side_effects"][other] == ["Tremors", "Twitch"]


def test_a_dead_survivor_s_side_effect_shows_the_survivor_s_name_000_784():
    """Issue 28.18: "a dead survivor's side effect shows the survivor's name, not a raw id": the
    view names each carrier, the living first, and marks the dead one's cards free again."""
    st = in_turn(rax_state())
    sid = survivor_of(st, "s1")
    name = next(s["name"] for s in st["survivors"] if s["id"] == sid)
    other = put_survivors(st, [12], owner="s1")[0]
    assert table_view(st)["side_effects"] == []
    st, _ = raxxon.equip_side_effect(st, sid, "Twitch")
    st, _ = raxxon.equip_side_effect(st, other, "Tremors")
    assert table_view(st)["side_effects"] == [
        {"survivor": sid, "name": name, "cards": ["Twitch"], "gone": False},
        {"survivor": other, "name": "Survivor 12", "cards": ["Tremors"], "gone": False},
    ]
    dead, _ = engine.apply(st, {"type": "kill_survivor_by_card", "by": "table", "survivor_id": sid})
    assert table_view(dead)["side_effects"] == [
        {"survivor": other, "name": "Survivor 12", "cards": ["Tremors"], "gone": False},
        {"survivor": sid, "name": name, "cards": ["Twitch"], "gone": True},
    ]
    assert engine.seat_view(dead, "s2")["side_effects"][1]["name"] == name


# --- the chapters R1-R3 (000:863-936) ---


def test_r1_seals_raxxon_and_turns_containment_off_000_873():
    st = rax_state()
    steps: list = []
    raxxon.setup_chapter(st, steps, "R1")
    loc = next(loc for loc in st["locations"] if loc["id"] == "long_night.raxxon")
    assert loc["entrance"]["barricades"] == 3 and loc["survivor_spaces"] == 0
    assert free_survivor_spaces(st, "long_night.raxxon") == 0
    assert st["raxxon"]["containment_from"] is None
    assert not raxxon.containment_due(st)
    assert [s["barricades"] for s in steps if s["kind"] == "raxxon_sealed"] == [3]
    raxxon.setup_chapter(st, steps, "R2")
    assert loc["entrance"]["barricades"] == 0 and loc["survivor_spaces"] == 3
    assert st["raxxon"]["containment_from"] is None


def test_r3_clears_raxxon_and_starts_containment_next_round_000_914_930():
    st = rax_state()
    sid = at(st, "s1", "long_night.raxxon")
    gone = at(st, "s2", "long_night.raxxon")
    st["seats"][1]["exiled"] = True  # an exiled player's survivor never enters the colony
    st["raxxon"]["dice"] = [2, 4]
    st["raxxon"]["containment_from"] = None
    steps: list = []
    raxxon.setup_chapter(st, steps, "R3")
    assert st["raxxon"]["dice"] == []
    assert next(s for s in st["survivors"] if s["id"] == sid)["location"] == "colony"
    assert next(s for s in st["survivors"] if s["id"] == gone)["location"] == "long_night.raxxon"
    assert {"scenario_sent_home", "scenario_exiled_stays"} <= {s["kind"] for s in steps}
    assert st["raxxon"]["containment_from"] == st["round"] + 1
    assert not raxxon.containment_due(st)
    assert st["raxxon"]["immediate"] == 2
    st = with_experiment(st, zombies=("Siren",))
    assert "place_special_zombies" in legal_for_table(st)
    new, _ = place_specials(st, ["police"])
    assert new["raxxon"]["immediate"] == 1


@pytest.mark.parametrize(("players", "draws"), [(3, 2), (4, 3)])
def test_r3_asks_for_each_experiment_with_its_count_000_930(players, draws):
    """000:930: "If there are 2-3 non-exiled players, immediately draw 2 Raxxon experiment
    cards and place their special zombies. If there are 4 or more non-exiled players,
    immediately draw 3": the table is asked for each, 1 of 2, 2 of 2."""
    st = rax_state(players)
    st["raxxon"]["containment_from"] = None
    raxxon.setup_chapter(st, [], "R3")
    for k in range(1, draws + 1):
        waiting = engine.table_view(st)["waiting"]
        assert waiting == {"kind": "draw_experiment", "k": k, "of": draws, "entered": False}
        assert "enter_experiment" in legal_for_table(st)
        st = with_experiment(st, zombies=("Siren",))
        waiting = engine.table_view(st)["waiting"]
        assert waiting == {"kind": "draw_experiment", "k": k, "of": draws, "entered": True}
        st, _ = place_specials(st, ["police"])
    assert st["raxxon"]["immediate"] == 0
    assert engine.table_view(st)["waiting"]["kind"] != "draw_experiment"
    assert raxxon.experiments_to_draw(st) is None


@pytest.mark.parametrize(
    ("players", "exiled", "draws"), [(2, 0, 2), (3, 0, 2), (4, 0, 3), (5, 0, 3), (4, 1, 2)]
)
def test_r3_draws_2_or_3_by_the_non_exiled_players_000_930(players, exiled, draws):
    st = rax_state(players)
    for seat in st["seats"][:exiled]:
        seat["exiled"] = True
    assert raxxon.experiments_for_r3(st) == draws


def test_an_unknown_chapter_is_refused():
    for chapter in ("R4", "r1", 1):
        with pytest.raises(engine.RuleError, match="R1, R2 or R3"):
            raxxon.setup_chapter(rax_state(), [], chapter)


# --- every step has a sentence in both languages ---


def test_every_raxxon_step_reads_in_english_and_portuguese():
    st = with_experiment(rax_state(), zombies=("Claw", "Tank"))
    st["raxxon"]["dice"] = [3, 5]
    steps: list = []
    voting, s1 = run_colony_phase(st, Scripted())
    down, s2 = record_votes(voting, {"s1": False, "s2": False, "s3": False})
    chosen, s3 = raxxon.choose_containment_place(down, "police")
    placed, s4 = place_specials(chosen, rng=Scripted([1, 7 - 6]))
    _, s5 = run_colony_phase(placed, Scripted([0] * 20))
    steps = s1 + s2 + s3 + s4 + s5
    raxxon.setup_chapter(rax_state(), steps, "R1")
    raxxon.setup_chapter(rax_state(), steps, "R2")
    raxxon.setup_chapter(rax_state(), steps, "R3")
    for text_steps in steps:
        for locale in ("en", "pt_BR"):
            assert render_step(text_steps, placed, locale)
