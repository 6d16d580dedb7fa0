"""Each device reads the cards in its own language: card_texts.py, the sentences, the refusals."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

import companion.engine as engine
from companion.cards.game import game_setup
from companion.engine.colony.crisis import resolve_crisis_now
from companion.engine.words.card_texts import (
    card_text,
    card_words,
    find_card,
    place_words,
    stays_english,
    words,
)

ROOT = Path(__file__).resolve().parent.parent
CARDS_DB = ROOT / "cards.db"
SCHEMA_2_SAVE = ROOT / "tests" / "data" / "save-schema2.json"

CARD = {
    "id": "x.card",
    "name": "Frozen Pipes",
    "name_pt_BR": "Canos Congelados",
    "trigger": "When it snows.",
    "trigger_pt_BR": "Quando nevar.",
    "options": [
        {"text": "Gain 1 morale.", "text_pt_BR": "A colônia ganha 1 de moral.", "effects": []},
        {"text": "Nothing happens.", "effects": []},
    ],
}


def test_words_pick_the_translation_else_the_english():
    assert words(CARD, "name", "pt_BR") == "Canos Congelados"
    assert words(CARD, "trigger", "pt_BR") == "Quando nevar."
    assert words(CARD["options"][0], "text", "pt_BR") == "A colônia ganha 1 de moral."
    assert words(CARD["options"][1], "text", "pt_BR") == "Nothing happens."  # no translation
    assert words(CARD, "name", "en") == "Frozen Pipes"
    assert words(CARD, "name", "fr") == "Frozen Pipes", "an unknown language reads English"
    assert words({"name": "Sparky", "name_pt_BR": ""}, "name", "pt_BR") == "Sparky"
    assert words(CARD, "story", "pt_BR") == "", "a text the card does not have is empty"
    assert words(None, "name", "pt_BR") == ""


def test_a_card_with_a_text_left_in_english_is_marked():
    assert stays_english(CARD, "pt_BR"), "option 2 has no Portuguese"
    whole = copy.deepcopy(CARD)
    whole["options"][1]["text_pt_BR"] = "Nada acontece."
    assert not stays_english(whole, "pt_BR")
    assert not stays_english(CARD, "en"), "English is never marked"
    assert stays_english({"id": "x", "name": "A", "lang": "en"}, "pt_BR"), "a record's own lang"
    assert not stays_english(None, "pt_BR")


def test_a_survivors_name_is_a_proper_name():
    survivor = {"id": "s", "name": "Carla Thompson", "influence": 50}
    assert not stays_english(survivor, "pt_BR")
    assert words(survivor, "name", "pt_BR") == "Carla Thompson"


def test_two_cards_sharing_an_english_text_keep_their_own_portuguese():
    """The old English-to-Portuguese table kept one translation per English string: the
    second card read the first one's words. By id, each card reads its own."""
    one = {"id": "x.one", "name": "Ambush", "name_pt_BR": "Emboscada"}
    two = {"id": "x.two", "name": "Ambush", "name_pt_BR": "Tocaia"}
    state = {"cards": {"crossroads": {"x.one": one, "x.two": two}}, "locations": []}
    assert card_words(state, "x.one", "name", "pt_BR") == "Emboscada"
    assert card_words(state, "x.two", "name", "pt_BR") == "Tocaia"
    for card, words_pt in ((one, "Emboscada"), (two, "Tocaia")):
        step = {"kind": "crossroads_removed", "card": card["id"], "name": "Ambush"}
        assert words_pt in engine.render_step(step, state, "pt_BR")
        assert "Ambush" in engine.render_step(step, state, "en")


def test_card_words_finds_cards_on_the_board_and_in_the_catalogue():
    place = {"id": "x.place", "name": "Mall", "name_pt_BR": "Shopping"}
    state = {"cards": {"crossroads": {"x.card": CARD}}, "locations": [place]}
    assert card_words(state, "x.card", "trigger", "pt_BR") == "Quando nevar."
    assert card_words(state["cards"], "x.card", "name", "pt_BR") == "Canos Congelados"
    assert find_card(state, "x.place") is place
    assert place_words(state, "x.place", "pt_BR") == "Shopping"
    assert place_words(state, "x.gone", "pt_BR", "Gone") == "Gone"
    assert card_words(state, "x.unknown", "name", "pt_BR", "Typed") == "Typed"
    assert card_words(state, "x.unknown", "name", "pt_BR") == "x.unknown"


def test_a_refusal_carries_a_cards_words_in_each_language():
    name = card_text(CARD)
    assert name == "Frozen Pipes" and name.in_locale("pt_BR") == "Canos Congelados"
    assert copy.deepcopy(name).in_locale("pt_BR") == "Canos Congelados"
    assert card_text({"name": "Sparky"}).in_locale("pt_BR") == "Sparky"


@pytest.fixture(scope="module")
def game():
    """A real game from cards.db: two players, a revealed crisis, a turn begun."""
    setup = game_setup(
        CARDS_DB,
        seats=[
            {"name": "Ana", "survivors": ["base.alexis-grey", "base.andrew-evans"]},
            {"name": "Bia", "survivors": ["base.annaleigh-chan", "base.arthur-thurston"]},
        ],
        main_objective="base.we-need-more-samples",
        settings={"sets": ["base", "companion"]},
    )
    state, _ = engine.new_game(setup, random.Random(3))
    state, _ = engine.reveal_crisis(state, rng=random.Random(4))
    state, _ = engine.start_turn(state)
    return state


def test_each_phone_reads_its_secrets_in_its_own_language(game):
    drawer = game["turn"]["crossroads_drawer"]
    card_id = game["secrets"][drawer]["crossroads"]
    facts = game["cards"]["crossroads"][card_id]
    assert facts["trigger_pt_BR"], "the catalogue keeps both languages"
    mine = engine.seat_view(game, drawer)["mine"]
    assert words(mine["crossroads"], "trigger", "pt_BR") == facts["trigger_pt_BR"]
    assert words(mine["crossroads"], "trigger", "en") == facts["trigger"]
    assert card_words(game, card_id, "trigger", "pt_BR") == facts["trigger_pt_BR"]
    assert not stays_english(mine["crossroads"], "pt_BR")
    objective = game["cards"]["objectives"][game["secrets"]["s1"]["objective"]]
    goal = words(engine.seat_view(game, "s1")["mine"]["objective"], "goal", "pt_BR")
    assert goal == objective["goal_pt_BR"]
    view = engine.table_view(game)
    crisis = game["crisis"]
    assert words(view["crisis"], "name", "pt_BR") == crisis["name_pt_BR"] != crisis["name"]
    assert words(view["crisis"], "fail_text", "pt_BR") == crisis["fail_text_pt_BR"]
    assert words(view["crisis"], "name", "en") == crisis["name"]
    assert place_words(game, "base.police-station", "pt_BR") == "Delegacia"
    assert words(view["main_objective"], "name", "pt_BR") == "Precisamos de Mais Amostras"


def test_the_log_follows_the_readers_language(game):
    mover = next(s for s in game["survivors"] if s["owner"] == game["turn"]["seat"])
    state, steps = engine.move_survivor(game, mover["id"], "base.police-station", exposure="blank")
    moved = next(s for s in steps if s["kind"] == "survivor_moved")
    pt = engine.render_step(moved, state, "pt_BR")
    en = engine.render_step(moved, state, "en")
    assert "Delegacia" in pt and "Police Station" not in pt
    assert "Police Station" in en and mover["name"] in pt
    # A step made before: its English words still read in Portuguese, from the catalogue.
    card = game["cards"]["crises"][game["crisis"]["id"]]
    revealed = {
        "kind": "crisis_revealed",
        "crisis": card["id"],
        "name": card["name"],
        "prevent": card["prevent"],
        "fail_text": card["fail_text"],
        "bonus_text": card["bonus_text"],
        "target": 2,
    }
    pt = engine.render_step(revealed, game, "pt_BR")
    assert card["name_pt_BR"] in pt and card["fail_text_pt_BR"] in pt
    assert card["name"] not in pt


def test_an_old_save_without_translations_reads_in_english_with_its_mark():
    state = engine.from_json(SCHEMA_2_SAVE.read_text(encoding="utf-8"))
    seat = state["seats"][0]["id"]
    mine = engine.seat_view(state, seat)["mine"]
    objective = state["cards"]["objectives"][state["secrets"][seat]["objective"]]
    assert words(mine["objective"], "name", "pt_BR") == objective["name"]
    assert stays_english(mine["objective"], "pt_BR")


def test_a_refusal_names_places_in_the_readers_language(game):
    with pytest.raises(engine.RuleError) as info:
        engine.add_noise(game, "base.police-station", 5)
    assert "Delegacia" in engine.render_error(info.value, "pt_BR")
    assert "Police Station" in engine.render_error(info.value, "en")


def test_a_failed_crisis_names_itself_and_its_effects_source_by_id(game):
    state, steps = copy.deepcopy(game), []
    resolve_crisis_now(state, steps, random.Random(5))  # nobody added a card: it fails
    crisis = game["crisis"]
    failed = next(s for s in steps if s["kind"] == "crisis_failed")
    assert failed["crisis"] == crisis["id"]
    sourced = [s for s in steps if s.get("source")]
    assert sourced, "a failed crisis's effects name their source"
    assert all(s["source_card"] == crisis["id"] for s in sourced)
    for step in [failed, *sourced]:
        pt = engine.render_step(step, state, "pt_BR")
        assert crisis["name_pt_BR"] in pt and crisis["name"] not in pt
        assert crisis["name"] in engine.render_step(step, state, "en")


def test_a_crisis_typed_in_later_does_not_rename_an_earlier_step(game):
    """The id "typed" is every typed-in crisis's: a step keeps its own English name when the
    game's card by that id has another one."""
    step = {"kind": "crisis_resolving", "crisis": "typed", "name": "Old Storm"}
    state = {**game, "crisis": {"id": "typed", "name": "New Storm", "name_pt_BR": "Nova"}}
    assert "Old Storm" in engine.render_step({**step, "count": 0, "target": 2}, state, "pt_BR")


def test_a_crossroads_option_is_read_by_its_number(game):
    drawer = game["turn"]["crossroads_drawer"]
    card = game["cards"]["crossroads"][game["secrets"][drawer]["crossroads"]]
    option = card["options"][0]
    step = {
        "kind": "crossroads_option_chosen",
        "card": card["id"],
        "option": 1,
        "text": option["text"],
        "by_vote": False,
        "seat": drawer,
    }
    assert option["text_pt_BR"] in engine.render_step(step, game, "pt_BR")
    assert option["text"] in engine.render_step(step, game, "en")
