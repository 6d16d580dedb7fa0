"""The end follows 002:1805-1818: at a morale or round-track end the main objective is not
completed, so a normal secret objective, which needs it, cannot be complete; betrayal and
exiled objectives stay the player's to judge; and phones hear of the end only once the table
has turned its reveal over.

002:1806-1811 "When the game ends for any reason, if a player has completed his secret
objective he wins"; 002:1813-1818 morale or round track at 0: "Do not check to see if the main
objective has been completed"; 002:1801-1803 two exiled non-betrayers drop morale to 0.
"""

from __future__ import annotations

import pytest
from factory import make_state, objective_cards, with_cards

import companion.engine as engine
from companion.engine.colony.ending import (
    declare_winners,
    mark_objective,
    objective_completable,
)
from companion.engine.core.errors import RuleError
from companion.engine.core.morale import END_REASONS, end_game
from companion.engine.core.objective_needs import MAIN_OBJECTIVE_UNCHECKED
from companion.engine.legal import legal_for_seat, legal_for_table
from companion.engine.sentences import render_step
from companion.engine.views import seat_view

HOLDS = {"s1": "t.normal-0", "s2": "t.betrayal-0", "s3": "t.normal-1"}
"""Ana holds a normal objective, Bruno a betrayal one, Carla a normal one."""


def ended(reason: str, *, exiled: str | None = None) -> dict:
    st = with_cards(make_state(3, end_checks_objectives=True), objectives=objective_cards())
    for sid, card in HOLDS.items():
        st["secrets"][sid]["objective"] = card
    if exiled:
        st["seats"][int(exiled[1]) - 1]["exiled"] = True
        st["secrets"][exiled]["exiled_objective"] = "t.exiled-0"
    end_game(st, [], reason)
    return st


def test_the_ends_that_leave_the_main_objective_unchecked():
    """Every end but the main objective's own leaves it uncompleted (002:1813-1818)."""
    assert set(END_REASONS) - {"main_objective"} == MAIN_OBJECTIVE_UNCHECKED


@pytest.mark.parametrize("reason", ["morale", "round_track", "two_exiled"])
def test_a_normal_objective_cannot_be_complete_at_a_morale_or_round_track_end(reason):
    st = ended(reason)
    assert [objective_completable(st, sid) for sid in HOLDS] == [False, True, False]
    with pytest.raises(RuleError, match="Ana's secret objective needs the main objective"):
        mark_objective(st, "s1", True)
    # the table ticks Carla (it is offered every seat): she does not win, said once public
    declared, steps = declare_winners(st, ["s2", "s3"])
    assert declared["ended"]["winners"] == ["s2"]
    assert [s["kind"] for s in steps] == ["objective_not_counted", "winners_declared"]
    assert render_step(steps[0]) == (
        "Carla's secret objective was ticked, but the board shows a part of it unmet: it "
        "cannot be complete, so it does not win."
    )
    # not asked, so no mark is taken at all; the betrayer alone is asked and decides the end
    with pytest.raises(RuleError, match="Ana's secret objective needs the main objective"):
        mark_objective(st, "s1", False)
    st, steps = mark_objective(st, "s2", True)
    assert st["ended"]["winners"] == ["s2"] and steps[-1]["kind"] == "winners_declared"


def test_at_a_main_objective_end_every_objective_may_be_complete():
    st = ended("main_objective")
    assert all(objective_completable(st, sid) for sid in HOLDS)
    st, _ = mark_objective(st, "s1", True)
    st, _ = mark_objective(st, "s2", False)
    st, _ = mark_objective(st, "s3", True)
    assert st["ended"]["winners"] == ["s1", "s3"]


def test_an_exiled_objective_is_judged_whatever_the_end():
    """An exiled objective adjusts its player's objective (002:1733-1734): its card says what
    counts, not the main objective."""
    st = ended("morale", exiled="s1")
    assert objective_completable(st, "s1") and not objective_completable(st, "s3")
    st, _ = mark_objective(st, "s1", True)
    st, _ = mark_objective(st, "s2", False)
    assert st["ended"]["winners"] == ["s1"]


def test_a_game_saved_before_the_rule_replays_as_it_was_played():
    """Old saves load: without ``end_checks_objectives`` every "Yes" is taken, as it was."""
    st = ended("morale")
    st["settings"]["end_checks_objectives"] = False
    assert all(objective_completable(st, sid) for sid in HOLDS)
    st, _ = mark_objective(st, "s1", True)
    assert st["secrets"]["s1"]["objective_complete"] is True


def test_an_objective_card_the_companion_does_not_know_is_the_players_to_judge():
    st = ended("morale")
    st["secrets"]["s1"]["objective"] = None
    assert objective_completable(st, "s1")


def test_a_normal_objective_at_morale_zero_is_not_offered_to_its_phone():
    st = ended("morale")
    assert legal_for_seat(st, "s1") == {}
    assert legal_for_seat(st, "s2") == {"mark_objective": {"complete": [True, False]}}
    assert legal_for_table(st) == {  # the table may mark for a player without a phone
        "declare_winners": {"completed": ["s1", "s2", "s3"]},
        "mark_objective": {"seat_id": ["s2"], "complete": [True, False]},
    }
    assert seat_view(st, "s1")["mine"]["objective_completable"] is False
    assert seat_view(st, "s1")["must_do"] == []
    assert [m["kind"] for m in seat_view(st, "s2")["must_do"]] == ["objective"]
    # with nobody left to ask, the table declares at once: nobody won
    st = ended("round_track")
    st["secrets"]["s2"]["objective"] = "t.normal-2"
    assert legal_for_table(st) == {"declare_winners": {"completed": ["s1", "s2", "s3"]}}
    st, _ = declare_winners(st)
    assert st["ended"]["winners"] == []


def test_a_yes_already_marked_does_not_count_when_the_table_declares():
    st = ended("morale")
    st["secrets"]["s1"]["objective_complete"] = True  # a save marked before this rule
    st, _ = declare_winners(st)
    assert st["ended"]["winners"] == []


def test_phones_are_not_asked_while_the_table_turns_the_end_over():
    """The end is told on phones once the table has shown it (reveal.py)."""
    st = ended("main_objective")
    st["reveal"] = {"action": "run_colony_steps"}
    assert legal_for_seat(st, "s1") == {}
    mark = {"type": "mark_objective", "by": "s1", "complete": True}
    with pytest.raises(RuleError, match="the table is still turning the end over"):
        engine.apply(st, mark)
    assert st["reveal"]  # the table's reveal stays open
    del st["reveal"]
    assert "mark_objective" in legal_for_seat(st, "s1")
    st, _ = engine.apply(st, mark)
    assert st["secrets"]["s1"]["objective_complete"] is True


# --- through the web: a morale-0 ending on the phones ---


@pytest.fixture
def app(app_config, tmp_path):
    from companion import create_app

    return create_app({**app_config, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


PT = "Ela precisa do objetivo principal cumprido"
"""The start of the pt-BR sentence a normal objective's phone shows at a morale end."""


def test_at_morale_zero_a_normal_objectives_yes_is_not_offered_and_is_refused(app):
    """Game seed 2 deals Ana a betrayal objective (Sleeper: 3 survivors or more, so she takes
    a third before the end) and Bruno and Carla normal ones."""
    from helpers.phones import head, new_game, post, table_act, take_seat

    table = app.test_client()
    game = new_game(app, deal=False, seed=2)
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    state, _ = head(app, game)
    kinds = [state["cards"]["objectives"][state["secrets"][s]["objective"]]["kind"] for s in phones]
    assert kinds == ["betrayal", "normal", "normal"]
    assert state["secrets"]["s1"]["objective"] == "companion.sleeper"
    newcomer = state["decks"]["survivors"][0]
    table_act(app, game, type="add_survivor", seat_id="s1", survivor_id=newcomer)
    table_act(app, game, type="set_counter", name="morale", value=0)
    for sid in ("s2", "s3"):
        page = phones[sid].get(f"/phone/{game}").text
        assert "Did you complete it?" not in page and 'name="complete"' not in page
        assert "it cannot be complete, so there is nothing to mark" in page
        assert "the others mark their objectives" in page
        refused = post(phones[sid], game, type="mark_objective", complete="true")
        assert refused.status_code == 422
        assert "secret objective needs the main objective completed" in refused.text
    phones["s2"].set_cookie("lang", "pt_BR")
    page = phones["s2"].get(f"/phone/{game}").text
    assert PT in page
    refused = post(phones["s2"], game, type="mark_objective", complete="true")
    assert refused.status_code == 422 and "precisa do objetivo principal" in refused.text
    before, _ = head(app, game)
    assert before["secrets"]["s2"]["objective_complete"] is None  # nothing changed
    page = phones["s1"].get(f"/phone/{game}").text
    assert "Did you complete it?" in page
    assert post(phones["s1"], game, type="mark_objective", complete="true").status_code == 200
    state, _ = head(app, game)
    assert state["ended"]["winners"] == ["s1"]  # the betrayer was the only one asked


def test_phones_hear_of_the_end_only_once_the_table_has_turned_it_over(app):
    """The colony's zombies overrun at morale 1: the game ends inside a Confirm the table turns
    over line by line (reveal.py); until it has, no phone is asked to mark or told it cannot."""
    from helpers.phones import head, new_game, table_act, take_seat

    table = app.test_client()
    game = new_game(app, deal=False, seed=2)
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    table_act(app, game, type="add_food", count=10)
    table_act(app, game, type="add_zombies_by_hand", place="colony", count=18)
    table_act(app, game, type="set_counter", name="morale", value=1)
    table_act(app, game, type="start_colony_phase")
    table_act(app, game, type="run_colony_steps")
    state, _ = head(app, game)
    assert state["ended"]["reason"] == "morale" and state.get("reveal")
    for client in phones.values():
        page = client.get(f"/phone/{game}").text
        assert "Did you complete it?" not in page and "nothing to mark" not in page
        assert 'data-must-do-id="objective:' not in page and "The game is over" not in page
    table_act(app, game, type="finish_reveal")
    state, _ = head(app, game)
    ana = len([s for s in state["survivors"] if s["owner"] == "s1"])
    assert ana < 3  # the overrun killed in the colony: Sleeper's 3 survivors are not there
    page = phones["s1"].get(f"/phone/{game}").text
    assert "Did you complete it?" not in page
    assert f"survivors you control: 3 or more; the board shows {ana}, so it cannot" in page
    assert "nothing to mark" in phones["s2"].get(f"/phone/{game}").text


@pytest.mark.parametrize("reason", ["morale", "main_objective"])
def test_the_table_screen_does_not_tell_whose_objective_is_out(reason):
    """At a morale end only Bruno's betrayal objective can be complete (002:1813-1818), at the
    main objective's end all three: the table's public view is the same at both, every seat
    offered and nobody named as still to mark (only the owner's phone knows it is out)."""
    st = ended(reason)
    view = engine.table_view(st)
    assert view["legal"]["table"]["declare_winners"] == {"completed": ["s1", "s2", "s3"]}
    assert view["waiting_on"] == []
    asked = [sid for sid in HOLDS if seat_view(st, sid)["must_do"]]
    assert asked == (["s2"] if reason == "morale" else ["s1", "s2", "s3"])
