"""Card effects each player aims at a survivor of their own: asked on each phone, then applied."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from factory import FUEL_SHORTAGE, Scripted, make_state, put_survivors, with_cards

import companion.engine as engine
from companion.engine.board.effects import apply_effects
from companion.engine.colony.crisis import resolve_crisis, reveal_crisis
from companion.engine.colony.steps import run_colony_phase
from companion.engine.core import decisions
from companion.engine.core.errors import RuleError
from companion.engine.legal import legal_actions
from companion.engine.views import seat_view, table_view

CARDS_DB = Path(__file__).resolve().parent.parent / "cards.db"
FROSTBITE = {
    "kind": "wound",
    "target": "each_player_chooses_in_colony",
    "amount": 1,
    "wound": "frostbite",
}


def failing(effects, seats=3):
    """A state whose crisis (fuel shortage with these fail effects) is revealed and will fail."""
    card = {**FUEL_SHORTAGE, "fail_effects": effects}
    st = with_cards(make_state(seats), crises=[card])
    return reveal_crisis(st, FUEL_SHORTAGE["id"])[0]


def three_seats(effects):
    """Ana: two survivors in the colony; Bruno: one there and one out; Carla: none there."""
    st = failing(effects)
    ana = put_survivors(st, [30, 40], owner="s1")
    bruno = put_survivors(st, [50], owner="s2") + put_survivors(
        st, [60], owner="s2", place="police"
    )
    carla = put_survivors(st, [70], owner="s3", place="police")
    return st, ana, bruno, carla


def fail(st):
    """Resolve the crisis with no cards: it fails; returns (state, steps) with decision ids."""
    new, steps = resolve_crisis(st, Scripted())
    return decisions.refreshed(new), steps


def act(st, by, **args):
    """One action through the front door, answering the open question."""
    key = decisions.question_key(args["type"], {"seat_id": args.get("seat_id", by)})
    action = {"by": by, "seed": 1, "decision": decisions.open_id(st, key), **args}
    return engine.apply(st, action)


def frost(st, survivor_id):
    return next(s for s in st["survivors"] if s["id"] == survivor_id)["frostbite"]


def test_white_fingers_asks_only_the_player_with_a_choice_and_applies_every_pick():
    st, ana, bruno, carla = three_seats([FROSTBITE, {"kind": "morale", "amount": -1}])
    morale = st["morale"]
    st, steps = fail(st)
    kinds = [s["kind"] for s in steps]
    assert "survivor_choice_only" in kinds and "survivor_choice_none" in kinds
    only = next(s for s in steps if s["kind"] == "survivor_choice_only")
    assert (only["seat"], only["survivor"]) == ("s2", bruno[0])
    assert next(s for s in steps if s["kind"] == "survivor_choice_none")["seat"] == "s3"
    assert st["pending"]["kind"] == "survivor_choice" and list(st["pending"]["asked"]) == ["s1"]
    # Nothing is applied while Ana chooses: no frostbite, and the morale loss after it waits.
    assert frost(st, bruno[0]) == 0 and st["morale"] == morale
    assert legal_actions(st)["s1"] == {"choose_survivor": {"survivor_id": ana}}
    assert legal_actions(st)["s2"] == {} and legal_actions(st)["s3"] == {}
    st, steps = act(st, "s1", type="choose_survivor", survivor_id=ana[1])
    assert st["pending"] is None
    assert frost(st, ana[1]) == 1 and frost(st, ana[0]) == 0 and frost(st, bruno[0]) == 1
    assert frost(st, bruno[1]) == 0 and frost(st, carla[0]) == 0
    assert st["morale"] == morale - 1
    made = [s for s in steps if s["kind"] == "survivor_choice_made"]
    assert [(s["seat"], s["survivor"]) for s in made] == [("s1", ana[1])]
    wounds = [s for s in steps if s["kind"] == "wound_added"]
    assert [s["survivor"] for s in wounds] == [ana[1], bruno[0]]  # from the first player round
    lost = next(s for s in steps if s["kind"] == "morale_changed")
    assert lost["source_card"] == FUEL_SHORTAGE["id"]


def test_every_phone_answers_and_no_pick_shows_before_all_are_in():
    kill = {"kind": "kill", "target": "each_player_chooses"}
    st = failing([kill], seats=2)
    ana = put_survivors(st, [30, 40], owner="s1")
    bruno = put_survivors(st, [50], owner="s2") + put_survivors(st, [60], owner="s2", place="x")
    st, _ = fail(st)
    assert set(st["pending"]["asked"]) == {"s1", "s2"}
    opened = decisions.open_id(st, decisions.PENDING)
    st, steps = act(st, "s2", type="choose_survivor", survivor_id=bruno[1])
    assert [s["kind"] for s in steps] == ["survivor_chosen"]
    assert decisions.open_id(st, decisions.PENDING) == opened  # the others' forms still land
    # Nobody but Bruno's phone knows whom he picked.
    for view in (table_view(st), seat_view(st, "s1")):
        assert "choices" not in view["pending"] and "choices" not in view["waiting"]
        assert view["pending"]["chosen_by"] == ["s2"] and view["pending"]["waiting"] == ["s1"]
    assert seat_view(st, "s1")["mine"]["survivor_choice"]["chosen"] is None
    assert seat_view(st, "s2")["mine"]["survivor_choice"]["chosen"] == bruno[1]
    assert seat_view(st, "s1")["mine"]["survivor_choice"]["must_choose"] is True
    assert seat_view(st, "s1")["mine"]["survivor_choice"]["survivors"] == ana
    assert seat_view(st, "s1")["mine"]["survivor_choice"]["ask"] == "kill"
    assert seat_view(st, "s2")["mine"]["survivor_choice"]["must_choose"] is False
    alive = {s["id"] for s in st["survivors"]}
    assert {*ana, *bruno} <= alive
    st, _ = act(st, "s1", type="choose_survivor", survivor_id=ana[0])
    alive = {s["id"] for s in st["survivors"]}
    assert ana[0] not in alive and bruno[1] not in alive and {ana[1], bruno[0]} <= alive


def test_the_table_answers_for_a_seat_without_a_phone():
    st, ana, _, _ = three_seats([FROSTBITE])
    st, _ = fail(st)
    table = legal_actions(st)["table"]["choose_survivor"]
    assert table == {"seat_id": ["s1"], "survivor_id": {"s1": ana}}
    assert table_view(st)["decisions"]["table"]["choose_survivor"]
    st, _ = act(st, "table", type="choose_survivor", seat_id="s1", survivor_id=ana[0])
    assert frost(st, ana[0]) == 1 and st["pending"] is None


def test_wrong_answers_are_refused():
    exposure = {"kind": "exposure", "target": "each_player_chooses"}
    st = failing([exposure], seats=3)
    ana = put_survivors(st, [30, 40], owner="s1")
    bruno = put_survivors(st, [50, 60], owner="s2")
    st, _ = fail(st)
    with pytest.raises(RuleError, match="may not choose a survivor for another player"):
        act(st, "s2", type="choose_survivor", seat_id="s1", survivor_id=ana[0])
    with pytest.raises(RuleError, match="is not one of the survivors"):
        act(st, "s1", type="choose_survivor", survivor_id=bruno[0])
    with pytest.raises(RuleError, match="no survivor to choose"):
        act(st, "table", type="choose_survivor", seat_id="s3", survivor_id=ana[0])
    st, _ = act(st, "s1", type="choose_survivor", survivor_id=ana[0])
    with pytest.raises(RuleError):  # a second answer: no longer legal, the same id refused
        act(st, "s1", type="choose_survivor", survivor_id=ana[1])
    # Every other action waits for the choice.
    with pytest.raises(RuleError):
        engine.apply(st, {"type": "run_colony_phase", "by": "table", "seed": 1})


def test_exposure_is_rolled_for_each_pick():
    exposure = {"kind": "exposure", "target": "each_player_chooses"}
    st = failing([exposure], seats=2)
    ana = put_survivors(st, [30, 40], owner="s1")
    bruno = put_survivors(st, [50, 60], owner="s2")
    st, _ = fail(st)
    st, _ = act(st, "s1", type="choose_survivor", survivor_id=ana[1])
    st, steps = act(st, "s2", type="choose_survivor", survivor_id=bruno[0])
    rolled = [s["survivor"] for s in steps if s["kind"].startswith("exposure")]
    assert rolled[:1] == [ana[1]] and len(rolled) >= 1


def test_nobody_with_a_choice_applies_at_once():
    st = failing([FROSTBITE, {"kind": "morale", "amount": -1}], seats=2)
    ana = put_survivors(st, [30], owner="s1")
    morale = st["morale"]
    st, steps = fail(st)
    assert st["pending"] is None and frost(st, ana[0]) == 1 and st["morale"] == morale - 1
    assert "survivor_choice_opened" not in [s["kind"] for s in steps]


def test_exiled_players_are_not_asked():
    st = failing([FROSTBITE], seats=3)
    put_survivors(st, [30], owner="s1")
    exiled = put_survivors(st, [50, 60], owner="s2")
    st["seats"][1]["exiled"] = True
    st, steps = fail(st)
    assert st["pending"] is None and frost(st, exiled[0]) == frost(st, exiled[1]) == 0
    assert "s2" not in [s.get("seat") for s in steps if s["kind"].startswith("survivor_choice")]


def test_the_colony_phase_pauses_for_the_choice_and_resumes_after_it():
    st, ana, _, _ = three_seats([FROSTBITE])
    st["phase"] = "colony"
    st["food"] = 20
    st, steps = run_colony_phase(st, Scripted([1] * 40))
    assert st["pending"]["kind"] == "survivor_choice"
    assert steps[-1]["kind"] == "colony_phase_paused"
    assert steps[-1]["next_step"] == "add_zombies"
    st = decisions.refreshed(st)
    st, _ = act(st, "s1", type="choose_survivor", survivor_id=ana[0])
    assert st["colony_step"] == "add_zombies" and st["pending"] is None


def test_white_fingers_in_cards_db_asks_each_player():
    with sqlite3.connect(CARDS_DB) as db:
        (effects,) = db.execute(
            "select fail_effects from crises where id = 'companion.white-fingers'"
        ).fetchone()
    assert '"target":"each_player_chooses_in_colony"' in effects.replace(" ", "")
    assert '"wound":"frostbite"' in effects.replace(" ", "")


def test_a_card_applied_by_hand_asks_the_players_too():
    st = make_state(2)
    ana = put_survivors(st, [30, 40], owner="s1")
    put_survivors(st, [50, 60], owner="s2", place="police")
    effects = [
        {"kind": "wound", "target": "each_player_chooses", "amount": 2, "wound": "despair"},
        {"kind": "food", "amount": 1},
    ]
    st, _ = engine.apply_card_effects(st, effects, Scripted(), source="Cold Snap")
    assert set(st["pending"]["asked"]) == {"s1", "s2"} and st["food"] == 0
    st = decisions.refreshed(st)
    st, _ = act(st, "s1", type="choose_survivor", survivor_id=ana[0])
    st, steps = act(st, "table", type="choose_survivor", seat_id="s2", survivor_id="surv-60-3")
    despair = {s["id"]: s["despair"] for s in st["survivors"]}
    assert despair == {ana[0]: 2, ana[1]: 0, "surv-50-2": 0, "surv-60-3": 2}
    assert st["food"] == 1  # the later effect, once every pick is in
    assert [s["kind"] for s in steps][-1] == "food_changed"


def test_while_another_decision_waits_the_table_does_it_by_hand():
    st = make_state(2)
    put_survivors(st, [30, 40], owner="s1")
    st["pending"] = {"kind": "bite_spread", "seat": "s1", "survivor": "x", "location": "police"}
    steps = []
    apply_effects(st, steps, [FROSTBITE], Scripted(), source="Cold")
    assert steps[-1]["kind"] == "effect_by_hand" and steps[-1]["need"] == "player_choice"
    assert st["pending"]["kind"] == "bite_spread"
    text = engine.render_steps(steps, st, "pt_BR")[-1]
    assert "à mão" in text and "cada jogador escolhe" in text


def test_the_survivor_each_player_picks_leaves_the_game_without_costing_morale():
    leave = {"kind": "leave", "target": "each_player_chooses_in_colony"}
    st = failing([leave], seats=2)
    ana = put_survivors(st, [30, 40], owner="s1")
    bruno = put_survivors(st, [50, 60], owner="s2")
    morale = st["morale"]
    st, _ = fail(st)
    assert seat_view(st, "s1")["mine"]["survivor_choice"]["ask"] == "leave"
    st, _ = act(st, "s2", type="choose_survivor", survivor_id=bruno[0])
    st, steps = act(st, "s1", type="choose_survivor", survivor_id=ana[1])
    assert {s["id"] for s in st["survivors"]} == {ana[0], bruno[1]}
    gone = [s for s in steps if s["kind"] == "survivor_removed"]
    assert [s["survivor"] for s in gone] == [ana[1], bruno[0]] and st["morale"] == morale
    # Bruno's leader left: his other survivor leads now.
    assert next(s for s in st["survivors"] if s["id"] == bruno[1])["leader"] is True
