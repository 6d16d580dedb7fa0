"""The Improvements module (000:708-719): face-up improvements, advancement tokens, activation;
and each module's setup steps on the checklist (000:712-713, 000:725-727, 000:767-770)."""

from __future__ import annotations

import random

import pytest
from factory import make_setup

import companion.engine as engine
from companion.engine.legal import legal_actions
from companion.engine.modules.improvements.rules import FACE_UP, improvement_choices
from companion.engine.setup.new_game import new_game

GREENHOUSE = {"id": "t.greenhouse", "name": "Greenhouse", "needs": 3}
WATCHTOWER = {"id": "t.watchtower", "name": "Watchtower", "needs": 2}


def game(modules=("improvements",), improvements=(GREENHOUSE, WATCHTOWER)):
    """A fresh game with these modules and these improvement cards to pick from."""
    setup = make_setup(
        3, settings={"modules": list(modules)}, improvements=[dict(c) for c in improvements]
    )
    state, steps = new_game(setup, random.Random(3))
    return state, steps


def act(state, **action):
    """Apply one table action through the front door."""
    return engine.apply(state, {"by": "table", "seed": 1, **action})


def kinds(steps):
    return [s["kind"] for s in steps]


# --- 000:713: 4 improvements face up, picked from the catalogue or typed in ---


def test_the_cards_to_pick_from_enter_the_catalogue_only_with_the_module():
    with_module, _ = game()
    assert sorted(with_module["cards"]["improvements"]) == ["t.greenhouse", "t.watchtower"]
    assert with_module["improvements"] == []
    without, _ = game(modules=())
    assert without["cards"]["improvements"] == {}
    with pytest.raises(engine.RuleError, match="without the Improvements module"):
        act(without, type="place_improvement", name="Greenhouse", needs=3)
    assert "place_improvement" not in legal_actions(without)["table"]


def test_an_improvement_is_picked_by_id_or_typed_in_by_name_and_number():
    st, _ = game()
    st, steps = act(st, type="place_improvement", improvement="t.greenhouse")
    assert st["improvements"] == [
        {"id": "t.greenhouse", "name": "Greenhouse", "needs": 3, "tokens": 0, "active": False}
    ]
    assert kinds(steps) == ["improvement_placed"]
    st, _ = act(st, type="place_improvement", name="  Rain   Barrels ", needs=2)
    assert st["improvements"][-1] == {
        "id": "typed.rain-barrels",
        "name": "Rain Barrels",
        "needs": 2,
        "tokens": 0,
        "active": False,
    }
    assert "Rain Barrels lies face up: it needs 2 advancement tokens" in engine.render_step(
        steps[0] | {"name": "Rain Barrels", "needs": 2}, st
    )


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"improvement": "t.nothing"}, "unknown improvement"),
        ({"improvement": "t.greenhouse", "name": "X", "needs": 2}, "not both"),
        ({"name": "Shed"}, "needs its name and its number"),
        ({"name": "Shed", "needs": 0}, "at least 1"),
        ({"name": "Shed", "needs": 13}, "at most 12"),
    ],
)
def test_a_bad_improvement_is_refused_and_changes_nothing(action, message):
    st, _ = game()
    before = engine.to_json(st)
    with pytest.raises(engine.RuleError, match=message):
        act(st, type="place_improvement", **action)
    assert engine.to_json(st) == before


def test_the_row_holds_four_and_an_improvement_only_once():
    """000:713: "draw 4 improvement cards, placing them in a row faceup"."""
    st, _ = game()
    st, _ = act(st, type="place_improvement", improvement="t.greenhouse")
    with pytest.raises(engine.RuleError, match="already on the table"):
        act(st, type="place_improvement", improvement="t.greenhouse")
    for n in range(FACE_UP - 1):
        st, _ = act(st, type="place_improvement", name=f"Typed {n}", needs=2)
    with pytest.raises(engine.RuleError, match="4 improvements already lie face up"):
        act(st, type="place_improvement", improvement="t.watchtower")
    assert "place_improvement" not in improvement_choices(st)
    # A card taken off the row as a mistake makes room again
    fixed, _ = act(st, type="remove_improvement", improvement="typed.typed-0")
    assert "place_improvement" in improvement_choices(fixed)


def test_a_built_improvement_invites_no_new_one_000_713_717():
    """000:713: "At the start of the game ... draw 4 improvement cards, placing them in a row
    faceup"; 000:717: a built one's card "in the center of the colony blueprint". The book lays
    no new card in its place (issue 28.18): with 4 laid, one built, none is offered or taken."""
    st, _ = game()
    st, _ = act(st, type="place_improvement", improvement="t.greenhouse")
    for n in range(FACE_UP - 1):
        st, _ = act(st, type="place_improvement", name=f"Typed {n}", needs=2)
    st, steps = act(st, type="add_advancement", improvement="typed.typed-0", count=2)
    assert "improvement_built" in kinds(steps)
    assert "place_improvement" not in improvement_choices(st)
    with pytest.raises(
        engine.RuleError, match=r"no new card takes its place \(000:713-717\)"
    ) as err:
        act(st, type="place_improvement", improvement="t.watchtower")
    assert engine.render_error(err.value, "pt_BR").startswith("as 4 melhorias da partida")
    assert len(st["improvements"]) == FACE_UP


# --- 000:717: tokens; active exactly when they reach the number; stays active ---


def test_an_improvement_becomes_active_exactly_when_its_tokens_reach_its_number():
    """000:717: "advancement tokens equal to or greater than the number indicated on the card,
    that improvement's ongoing effects are now active"."""
    st, _ = game()
    st, _ = act(st, type="place_improvement", improvement="t.greenhouse")  # needs 3
    st, steps = act(st, type="add_advancement", improvement="t.greenhouse", count=2)
    assert st["improvements"][0]["tokens"] == 2 and not st["improvements"][0]["active"]
    assert kinds(steps) == ["advancement_changed"]
    st, steps = act(st, type="add_advancement", improvement="t.greenhouse")
    assert st["improvements"][0] == {**st["improvements"][0], "tokens": 3, "active": True}
    assert kinds(steps) == ["advancement_changed", "improvement_built"]
    text = engine.render_step(steps[-1], st, "en")
    assert "Greenhouse is built" in text and "tracks only that it is active" in text
    assert "Greenhouse está construída" in engine.render_step(steps[-1], st, "pt_BR")


def test_more_tokens_than_needed_at_once_also_activate_it():
    """000:717: "equal to or greater than"."""
    st, _ = game()
    st, _ = act(st, type="place_improvement", improvement="t.watchtower")  # needs 2
    st, steps = act(st, type="add_advancement", improvement="t.watchtower", count=5)
    assert st["improvements"][0]["active"] and "improvement_built" in kinds(steps)


def test_tokens_come_off_while_it_is_in_the_row_but_not_below_zero():
    st, _ = game()
    st, _ = act(st, type="place_improvement", improvement="t.greenhouse")
    st, _ = act(st, type="add_advancement", improvement="t.greenhouse", count=2)
    st, steps = act(st, type="remove_advancement", improvement="t.greenhouse")
    assert st["improvements"][0]["tokens"] == 1
    assert engine.render_step(steps[0], st) == "1 advancement token off Greenhouse: 1 of 3."
    with pytest.raises(engine.RuleError, match="holds 1 advancement tokens, not 2"):
        act(st, type="remove_advancement", improvement="t.greenhouse", count=2)


def test_an_active_improvement_stays_active():
    """000:717 moves a built improvement to the centre of the colony board; 001:2053 calls its
    effects permanent ("efeitos permanentes"). Ruling: its tokens no longer change."""
    st, _ = game()
    st, _ = act(st, type="place_improvement", improvement="t.watchtower")
    st, _ = act(st, type="add_advancement", improvement="t.watchtower", count=2)
    for kind in ("remove_advancement", "add_advancement", "remove_improvement"):
        with pytest.raises(engine.RuleError, match="built and stays active"):
            act(st, type=kind, improvement="t.watchtower")
    assert st["improvements"][0]["active"]
    assert improvement_choices(st) == {
        "place_improvement": {"improvement": ["t.greenhouse"], "needs": [1, 12]}
    }


def test_a_wrong_entry_is_taken_off_the_row():
    st, _ = game()
    st, _ = act(st, type="place_improvement", name="Typo", needs=2)
    st, steps = act(st, type="remove_improvement", improvement="typed.typo")
    assert st["improvements"] == [] and kinds(steps) == ["improvement_removed"]


def test_the_legal_list_matches_the_row():
    st, _ = game()
    st, _ = act(st, type="place_improvement", improvement="t.greenhouse")
    table = legal_actions(st)["table"]
    assert table["place_improvement"] == {"improvement": ["t.watchtower"], "needs": [1, 12]}
    assert table["add_advancement"] == {"improvement": ["t.greenhouse"]}
    assert "remove_advancement" not in table  # no token on it yet
    for seat in st["seats"]:  # between turns a token is the table's to put on
        assert "add_advancement" not in legal_actions(st)[seat["id"]]


def _in_a_turn():
    """Greenhouse face up and a turn under way: (state, active seat, another seat)."""
    st, _ = game()
    st, _ = act(st, type="place_improvement", improvement="t.greenhouse")
    st, _ = act(st, type="reveal_crisis")
    st, _ = act(st, type="start_turn")
    active = st["turn"]["seat"]
    other = next(s["id"] for s in st["seats"] if s["id"] != active)
    return st, active, other


def test_the_active_player_puts_advancement_tokens_on_during_their_turn():
    """000:717: items let players place advancement tokens during their turn; the active
    player's phone lists it and the front door takes it, the table's as always."""
    st, active, _ = _in_a_turn()
    legal = legal_actions(st)
    assert legal[active]["add_advancement"] == {"improvement": ["t.greenhouse"]}
    assert legal["table"]["add_advancement"] == {"improvement": ["t.greenhouse"]}
    st, steps = engine.apply(
        st, {"type": "add_advancement", "by": active, "improvement": "t.greenhouse"}
    )
    assert st["improvements"][0]["tokens"] == 1 and kinds(steps) == ["advancement_changed"]
    assert "remove_advancement" not in legal_actions(st)[active]  # taking off: the table's


def test_only_the_active_player_and_the_table_put_advancement_tokens_on():
    st, active, other = _in_a_turn()
    assert "add_advancement" not in legal_actions(st)[other]
    with pytest.raises(engine.RuleError, match="only the active player or the table"):
        engine.apply(st, {"type": "add_advancement", "by": other, "improvement": "t.greenhouse"})
    st, _ = engine.apply(
        st, {"type": "add_advancement", "by": active, "improvement": "t.greenhouse"}
    )
    with pytest.raises(engine.RuleError, match="only the table may"):
        engine.apply(
            st, {"type": "remove_advancement", "by": active, "improvement": "t.greenhouse"}
        )


def test_an_old_save_without_improvements_still_plays():
    """Saves made before the module was tracked have no ``improvements`` field."""
    st, _ = game()
    del st["improvements"]
    st["cards"] = {k: v for k, v in st["cards"].items() if k != "improvements"}
    assert "place_improvement" in legal_actions(st)["table"]
    st, _ = act(st, type="place_improvement", name="Shed", needs=1)
    assert st["improvements"][0]["name"] == "Shed"


# --- the modules' setup on the checklist ---


def test_each_chosen_module_adds_its_setup_steps_in_the_books_order():
    """000:712-713 (improvements), 000:725-727 (bandits), 000:767-770 (raxxon)."""
    _, steps = game(modules=("raxxon", "improvements", "bandits"))
    parts = [(s["module"], s["part"]) for s in steps if s["kind"] == "module_setup"]
    assert parts == [
        ("improvements", "module_cards"),
        ("improvements", "improvement_row"),
        ("bandits", "module_cards"),
        ("bandits", "hideout"),
        ("raxxon", "module_cards"),
        ("raxxon", "raxxon_location"),
        ("raxxon", "experiments"),
        ("raxxon", "side_effects"),
    ]
    texts = [engine.render_step(s, None, "pt_BR") for s in steps if s["kind"] == "module_setup"]
    assert "Esconderijo dos Bandidos" in texts[3]
    assert "baralho de experimentos da Raxxon" in texts[6]
    assert "baralho de efeito de pílula da Raxxon" in texts[7]
    assert "4 cartas de melhoria abertas" in texts[1]


def test_no_module_no_module_steps():
    _, steps = game(modules=())
    assert "module_setup" not in kinds(steps)


@pytest.mark.parametrize(
    ("needs", "message"),
    [(0, "from 1 to 12"), (13, "from 1 to 12"), ("3", "a whole number"), (None, "a whole number")],
)
def test_an_improvement_card_needs_1_to_12_tokens(needs, message):
    """The box holds 12 advancement tokens (000:69)."""
    with pytest.raises(engine.RuleError, match=f"needs must be {message}"):
        game(improvements=[{"id": "t.bad", "name": "Bad", "needs": needs}])
