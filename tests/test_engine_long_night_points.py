"""The Long Night's points where the companion and the box parted ways, each held to its
rulebook lines (000 English, 001 Portuguese): R1's sealed Raxxon and its completion, the next
experiment asked for at once, the chapter card after a won game, the containment check in a
Confirm's list, the Hideout's take, an attract that names its zombies, one name per zombie.
"""

from __future__ import annotations

import pytest
from factory import Scripted, make_setup, put_survivors
from test_engine_raxxon import at, in_turn, rax_state, with_experiment
from test_engine_special_scenarios import (
    RAXXON,
    act,
    chimp_and_code,
    follow_r1,
    kinds,
    new,
    raxxon_card,
    to_step_five,
)

import companion.engine as engine
from companion.engine import RuleError
from companion.engine.board import pieces as board
from companion.engine.colony.steps import run_colony_phase
from companion.engine.core.errors import render_error
from companion.engine.core.state import free_survivor_spaces
from companion.engine.legal import legal_for_seat, legal_for_table
from companion.engine.modules.bandits import rules as bandits
from companion.engine.modules.raxxon import rules as raxxon
from companion.engine.sentences import render_step
from companion.engine.turns.votes import record_votes
from companion.engine.views import table_view
from companion.engine.words.steps import step


def test_r1_barricades_every_entrance_space_of_raxxon_and_no_setup_zombie_goes_there():
    """000:873 "Place barricades on every entrance and survivor space on the Raxxon location":
    Raxxon's 3 entrance spaces hold 3 barricades and no zombie, though every other location
    takes its setup zombie."""
    setup = chimp_and_code()
    setup["main_objective"]["standard"] = {
        **setup["main_objective"]["standard"],
        "zombies_per_location": 1,
    }
    st, steps = new(setup)
    gate = raxxon_card(st)["entrance"]
    assert (gate["spaces"], gate["barricades"], gate["zombies"]) == (3, 3, 0)
    assert free_survivor_spaces(st, RAXXON["id"]) == 0
    others = [loc for loc in st["locations"] if loc["id"] != RAXXON["id"]]
    assert others and all(loc["entrance"]["zombies"] == 1 for loc in others)
    sealed = next(s for s in steps if s["kind"] == "raxxon_sealed")
    assert sealed["barricades"] == 3


def test_r1_completion_puts_3_colony_zombies_at_raxxon_without_an_overrun():
    """000:892 in its order: "Remove all barricades from the Raxxon location card. Place a
    survivor you control at Raxxon. ... Remove any 3 zombies from the colony and place them at
    Raxxon." Raxxon was sealed empty (000:873), so its 3 entrance spaces take the 3 zombies and
    the survivor just placed lives."""
    st, _ = new(chimp_and_code())
    st = to_step_five(st)
    for ent in st["colony"]["entrances"]:
        ent["zombies"] = 1
    assert raxxon_card(st)["entrance"]["zombies"] == 0
    st, steps = act(st, {"type": "check_main_objective", "met": True})
    assert raxxon_card(st)["entrance"]["barricades"] == 0
    assert kinds(steps).index("raxxon_opened") < kinds(steps).index("r1_completion_asked")
    alive = len(st["survivors"])
    st, steps = follow_r1(st)
    gate = raxxon_card(st)["entrance"]
    assert gate["zombies"] == 3
    assert "overrun" not in " ".join(kinds(steps))
    assert not [s for s in steps if s["kind"] == "survivor_killed"]
    assert len(st["survivors"]) == alive + 1  # Blue joined; nobody died
    placed = next(s for s in steps if s["kind"] == "scenario_placed")
    assert kinds(steps).index("scenario_placed") < kinds(steps).index("scenario_zombies_moved")
    assert (
        next(v for v in st["survivors"] if v["id"] == placed["survivor"])["location"]
        == (RAXXON["id"])
    )


# --- the next experiment, asked at once (000:769, 000:790) ---


def test_after_a_placement_the_next_experiment_is_asked_at_once_000_769():
    """000:769 "Players may read the Audio Logs of the top card of the Raxxon experiments deck
    at any time"; 000:790 dice go on Raxxon during a turn, aimed at its code: once the
    experiment's zombies are placed, the table enters the new top card before anything else."""
    st = with_experiment(rax_state())
    st["raxxon"]["dice"] = [3]
    waiting, _ = run_colony_phase(st, Scripted())
    placed, steps = raxxon.place_special_zombies(waiting, ["police", "grocery"])
    assert kinds(steps)[-2:] == ["experiment_encounter", "next_experiment_asked"]
    assert placed["pending"] == {"kind": "top_experiment", "seat": None, "next": True}
    assert table_view(placed)["waiting"]["kind"] == "top_experiment"
    assert list(legal_for_table(placed)) == ["enter_experiment"]
    with pytest.raises(RuleError, match="waiting for a decision first"):
        run_colony_phase(placed, Scripted())
    entered, steps = raxxon.enter_experiment(placed, [2, 6], ["Claw"])
    assert kinds(steps) == ["experiment_entered"]  # recorded; no second check this round
    assert entered["pending"] is None
    assert entered["raxxon"]["experiment"] == {"code": [2, 6], "zombies": ["Claw"]}
    _done, later = run_colony_phase(entered, Scripted([1] * 20))
    assert "containment_checked" not in kinds(later) and "food_paid" in kinds(later)
    asked = step("next_experiment_asked")
    assert render_step(asked, placed) == (
        "The next Raxxon experiment is on top: enter its containment code and special zombies "
        "now, so the dice on Raxxon can aim at it."
    )
    assert render_step(asked, placed, "pt_BR") != render_step(asked, placed)


def test_a_contained_experiment_discarded_asks_for_the_next_at_once_000_794():
    """000:794 thumbs up discards the top experiment: the next card is on top at once."""
    st = with_experiment(rax_state())
    st["raxxon"]["dice"] = [3, 5]
    voting, _ = run_colony_phase(st, Scripted())
    new, steps = record_votes(voting, {"s1": True, "s2": True, "s3": True})
    assert kinds(steps)[-2:] == ["experiment_discarded", "next_experiment_asked"]
    assert new["pending"]["next"] is True


def test_no_next_experiment_is_asked_in_r1_and_r2_000_873_000_906():
    """R1 and R2 "Do not use ... containment code rules" (000:873, 000:906): no experiment is
    asked for, and no dice go on Raxxon then."""
    st = in_turn(rax_state())
    st["raxxon"]["containment_from"] = None
    steps: list = []
    raxxon.ask_next_experiment(st, steps)
    assert st["pending"] is None and steps == []
    at(st, "s1", RAXXON["id"])
    assert "place_raxxon_dice" not in legal_for_seat(st, "s1")
    with pytest.raises(RuleError, match="containment code rules are not in play"):
        raxxon.place_raxxon_dice(st, "s1", [3])


def test_dice_go_on_raxxon_only_against_a_known_code_000_790():
    """000:790-792: dice on Raxxon are matched against the top experiment's code; with no
    code entered the companion refuses them and says why, in both languages."""
    st = in_turn(rax_state())
    at(st, "s1", RAXXON["id"])
    assert "place_raxxon_dice" not in legal_for_seat(st, "s1")
    with pytest.raises(RuleError, match="enter the top Raxxon experiment first") as err:
        raxxon.place_raxxon_dice(st, "s1", [3])
    assert render_error(err.value, "pt_BR") != render_error(err.value)
    with pytest.raises(RuleError, match="enter the top Raxxon experiment first"):
        engine.apply(st, {"type": "place_raxxon_dice", "by": "s1", "seat_id": "s1", "faces": [3]})
    known = with_experiment(st)
    assert "place_raxxon_dice" in legal_for_seat(known, "s1")
    placed, _ = raxxon.place_raxxon_dice(known, "s1", [3])
    assert placed["raxxon"]["dice"] == [3]


# --- the chapter card after a won game (000:986) ---


def test_after_the_betrayer_wins_at_b2_no_next_card_is_announced_000_986():
    """000:986 the betrayer reveals "to immediately win the game": B2 is complete, but B3 never
    comes (000:994 "At the beginning of the next round ... place the Special Main Objective B3
    card" happens only when the game goes on)."""
    from test_engine_special_exile import BETRAYER, b2_completed, by, skip_all

    st = skip_all(b2_completed())
    assert st["scenario"]["completed"] is True
    assert engine.table_view(st)["scenario"]["next_card"] is True  # the game goes on so far
    won, _ = by(st, BETRAYER, {"type": "reveal_bandit_betrayal"})
    assert won["ended"]["winners"] == [BETRAYER]
    for view in (engine.table_view(won), engine.seat_view(won, "s1")):
        assert view["scenario"]["completed"] is True
        assert view["scenario"]["next_card"] is False
    passed, _ = by(st, "table", {"type": "pass_betrayal_reveal"})
    assert not passed["ended"] and engine.table_view(passed)["scenario"]["next_card"] is True


@pytest.mark.parametrize(
    "partial", ["partials/phone/scenario.html", "partials/board/scenario.html"]
)
@pytest.mark.parametrize(
    ("next_card", "ended", "shown"),
    [(True, False, "complete: the next card comes next round"), (False, True, "complete")],
)
def test_the_chapter_line_says_the_next_card_only_while_the_game_goes_on(
    app, partial, next_card, ended, shown
):
    """The phone's and the table's chapter line: "the next card comes next round" only when it
    does (``next_card``); after a won game only "complete"."""
    from flask import render_template

    view = {
        "scenario": {
            "name": "bandit_blitz",
            "chapter": 2,
            "completed": True,
            "next_card": next_card,
        },
        "main_objective": {"name": "B2"},
        "ended": {"winners": ["s2"]} if ended else None,
    }
    with app.test_request_context("/"):
        page = render_template(partial, view=view, sc=view["scenario"])
    assert shown in page
    if not next_card:
        assert "next card" not in page


# --- the Bandits' Hideout: who takes its cards (000:755) ---


def hideout_game() -> dict:
    """A Bandits game in s1's turn, 3 cards on the Hideout, nobody there yet."""
    from test_engine_bandits import bandit_state

    st = in_turn(bandit_state())
    st["bandits"]["hideout_cards"] = 3
    return st


def test_the_hideout_s_cards_are_offered_only_with_a_survivor_of_the_player_there_000_755():
    """000:755 "To interact with the Bandits' Hideout, follow the instructions on the Bandits'
    Hideout location card": a survivor at the Hideout takes its cards. Nobody of the active
    player's there: no take offered, and one asked for is refused with a sentence."""
    st = hideout_game()
    put_survivors(st, [30], owner="s2", place=bandits.HIDEOUT_ID)  # another player's
    assert "take_from_hideout" not in legal_for_seat(st, "s1")
    with pytest.raises(RuleError, match="only a survivor at the Bandits' Hideout") as err:
        bandits.take_from_hideout(st, 1)
    assert render_error(err.value, "pt_BR") != render_error(err.value)
    [mine] = put_survivors(st, [40], owner="s1", place=bandits.HIDEOUT_ID)
    offered = legal_for_seat(st, "s1")["take_from_hideout"]
    assert offered == {"count": [1, 2, 3], "survivor_id": [mine]}
    new, steps = engine.apply(
        st, {"type": "take_from_hideout", "by": "s1", "count": 2, "survivor_id": mine}
    )
    assert new["bandits"]["hideout_cards"] == 1
    assert render_step(steps[0], new) == (
        "Survivor 40 takes 2 cards from the Bandits' Hideout (1 left)."
    )
    assert render_step(steps[0], new, "pt_BR") == (
        "Survivor 40 pega 2 cartas do Esconderijo dos Bandidos (que fica com 1)."
    )


def test_with_two_survivors_at_the_hideout_the_player_says_who_takes_the_cards():
    """Asked, never decided, unless one answer only: two of s1's there, so s1 names one; a
    survivor of another player or elsewhere is refused and nothing changes."""
    st = hideout_game()
    first, second = put_survivors(st, [40, 41], owner="s1", place=bandits.HIDEOUT_ID)
    [away] = put_survivors(st, [42], owner="s1", place="police")
    [theirs] = put_survivors(st, [43], owner="s2", place=bandits.HIDEOUT_ID)
    assert legal_for_seat(st, "s1")["take_from_hideout"]["survivor_id"] == [first, second]
    with pytest.raises(RuleError, match="say which survivor at the Bandits' Hideout"):
        bandits.take_from_hideout(st, 1)
    for wrong in (away, theirs):
        with pytest.raises(RuleError, match="not a survivor of the active player's"):
            bandits.take_from_hideout(st, 1, wrong)
    new, steps = bandits.take_from_hideout(st, 1, second)
    assert (steps[0]["survivor"], new["bandits"]["hideout_cards"]) == (second, 2)
    assert st["bandits"]["hideout_cards"] == 3  # the given state is untouched
    old = {"kind": "hideout_cards_taken", "count": 1, "cards": 2}  # a step logged before
    assert render_step(old, new) == "1 card is taken from the Bandits' Hideout (2 left)."


# --- an attract names the zombies it takes (000:805) ---


def attract_table() -> dict:
    """A Raxxon game in s1's turn: 2 standard zombies and Claw at the Police Station, s1's
    survivor at the School to attract them."""
    st = with_experiment(in_turn(rax_state()))
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    police["entrance"].update(zombies=2, special=["Claw"])
    at(st, "s1", "school")
    return st


def test_an_attract_that_names_a_special_zombie_is_refused_by_name_000_805():
    """000:805 "Special zombies cannot be moved by any game effects except for those listed on
    their encounter cards": an attract naming Claw is refused, saying Claw; naming two standard
    zombies takes them and says Claw stays."""
    st = attract_table()
    with pytest.raises(RuleError, match=r"Claw cannot be attracted.*\(000:805\)") as err:
        engine.apply(
            st,
            {"type": "attract_zombies", "by": "s1", "from_place": "police",
             "to_place": "school", "zombies": [board.STANDARD_ZOMBIE, "Claw"]},
        )  # fmt: skip
    assert "Claw" in render_error(err.value, "pt_BR")
    assert render_error(err.value, "pt_BR") != render_error(err.value)
    with pytest.raises(RuleError, match="no special zombie 'Hunter' stands at"):
        board.attract_zombies(st, "police", "school", zombies=["Hunter"])
    with pytest.raises(RuleError, match="name each attracted zombie"):
        board.attract_zombies(st, "police", "school", zombies="Claw")
    new, steps = board.attract_zombies(st, "police", "school", zombies=[board.STANDARD_ZOMBIE] * 2)
    police = next(loc for loc in new["locations"] if loc["id"] == "police")["entrance"]
    school = next(loc for loc in new["locations"] if loc["id"] == "school")["entrance"]
    assert (police["zombies"], police["special"], school["zombies"]) == (0, ["Claw"], 2)
    assert kinds(steps) == ["zombie_attracted", "zombie_attracted", "special_zombies_stay"]
    stay = steps[-1]
    assert render_step(stay, new) == (
        "Special zombies do not follow an attract (000:805); still at Police Station: Claw."
    )
    assert render_step(stay, new, "pt_BR") != render_step(stay, new)


def test_a_count_that_would_take_a_special_zombie_names_every_one_there_000_805():
    """Counting 2 where 1 standard zombie stands beside Claw and Hunter: refused, naming
    them."""
    st = attract_table()
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    police["entrance"].update(zombies=1, special=["Claw", "Hunter"])
    with pytest.raises(RuleError, match="Claw, Hunter"):
        board.attract_zombies(st, "police", "school", count=2)


# --- one name per zombie in the log ---


def test_a_special_zombie_that_finds_no_room_keeps_its_name_in_the_log_000_801():
    """000:801 "if there is no entrance space available, trigger explosive traps, remove
    barricades, or trigger an overrun as usual": the lines after "Special zombie Claw ... is
    full" name Claw again, never "Zombie 1"."""
    st = with_experiment(rax_state(), zombies=("Claw",))
    st["pending"] = {"kind": "special_zombies", "seat": None}
    police = next(loc for loc in st["locations"] if loc["id"] == "police")
    police["entrance"].update(zombies=3)
    put_survivors(st, [5], owner="s1", place="police")
    _new, steps = raxxon.place_special_zombies(st, ["police"])
    lines = [render_step(s, _new) for s in steps]
    full = next(n for n, s in enumerate(steps) if s["kind"] == "special_zombie_not_placed")
    assert lines[full].startswith("Special zombie Claw → Police Station is full")
    assert steps[full + 1]["kind"] == "overrun"
    assert lines[full + 1] == "Claw → Police Station is full and unprotected: overrun!"
    assert not [line for line in lines if "Zombie 1" in line or "zombie 1," in line]
    pt = [render_step(s, _new, "pt_BR") for s in steps]
    assert pt[full + 1].startswith("Claw →") and "Zumbi 1" not in " ".join(pt)
    police["entrance"].update(barricades=1)
    _new, steps = raxxon.place_special_zombies(st, ["police"])
    broken = next(s for s in steps if s["kind"] == "barricade_broken")
    assert render_step(broken, _new) == (
        "Claw → Police Station is full: destroy its barricade; Claw is not placed."
    )


# --- Portuguese contractions of place names ---


def real_board_game() -> dict:
    """A Long Night game with the Bandits module on the real locations of cards.db."""
    from companion.cards.game import game_setup
    from companion.cards.load import load_cards
    from companion.paths import project_root

    cards = load_cards(project_root() / "cards.db")
    places = [loc for loc in cards["locations"] if loc["module"] in ("", "bandits")]
    setup = make_setup(3, ruleset="long_night", locations=places)
    setup["settings"] = {"modules": ["bandits"]}
    st, _ = new(setup)
    assert game_setup  # the new-game page builds its setup the same way from these rows
    return st


def test_portuguese_contracts_the_preposition_with_the_place_s_article():
    """'ataca um bandido no Mercado', 'na Delegacia': the gender of each location's
    Portuguese name is a fact of its card (cards/base/locations.toml, pt_BR_gender)."""
    st = real_board_game()
    genders = {loc["id"]: loc.get("pt_BR_gender") for loc in st["locations"]}
    assert genders["base.grocery-store"] == "m" and genders["base.police-station"] == "f"
    assert genders["long_night.bandits-hideout"] == "m"
    hit = {"kind": "bandit_attacked", "hit": False, "name": "Ana", "roll": 6}
    grocery = {**hit, "location": "base.grocery-store", "location_name": "Grocery Store"}
    police = {**hit, "location": "base.police-station", "location_name": "Police Station"}
    assert render_step(grocery, st, "pt_BR").startswith("Ana ataca um bandido no Mercado e")
    assert render_step(police, st, "pt_BR").startswith("Ana ataca um bandido na Delegacia e")
    assert render_step(grocery, st) == (
        "Ana attacks a bandit at Grocery Store and rolls 6 (more than 4): the attack misses."
    )
    noise = {"kind": "noise_added", "count": 1, "location": "base.hospital",
             "location_name": "Hospital", "noise": 2}  # fmt: skip
    assert "colocada no Hospital" in render_step(noise, st, "pt_BR")
    off = {"kind": "noise_removed", "count": 1, "location": "base.school",
           "location_name": "School", "noise": 0}  # fmt: skip
    assert "retirada da Escola" in render_step(off, st, "pt_BR")
    stay = {"kind": "special_zombies_stay", "zombies": ["Claw"], "where": "colony", "entrance": 2}
    assert "continuam na entrada 2 da colônia" in render_step(stay, st, "pt_BR")


def test_a_place_of_unknown_gender_keeps_the_neutral_form():
    """A location typed at the table, or a card without pt_BR_gender: 'no local X'."""
    from companion.engine.words.card_texts import PlaceWords

    assert f"{PlaceWords('Raxxon'):em}" == "no local Raxxon"
    assert f"{PlaceWords('Mercado', 'm'):de}" == "do Mercado"
    assert f"{PlaceWords('Escola', 'f'):a}" == "à Escola"
    assert f"{PlaceWords('a colônia', 'f'):em}" == "na colônia"
    assert f"{PlaceWords('Hospital', 'x'):para}" == "para o local Hospital"
    assert f"{PlaceWords('Hospital', 'm')}" == "Hospital"
