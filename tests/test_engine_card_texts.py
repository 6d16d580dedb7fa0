"""Each device reads the cards in its own language: card_texts.py and the sentences."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

import companion.engine as engine
from companion.cards.game import game_setup
from companion.engine.card_texts import localised, text_in, translations

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


def test_localised_picks_the_twin_and_marks_what_stayed_english():
    pt = localised(CARD, "pt_BR")
    assert (pt["name"], pt["trigger"]) == ("Canos Congelados", "Quando nevar.")
    assert pt["options"][0]["text"] == "A colônia ganha 1 de moral."
    assert pt["options"][1]["text"] == "Nothing happens."  # no translation: English
    assert pt["lang"] == "en", "a text left in English marks the card"
    assert not [k for k in json.dumps(pt).split('"') if k.endswith("_pt_BR")]
    whole = copy.deepcopy(CARD)
    whole["options"][1]["text_pt_BR"] = "Nada acontece."
    assert localised(whole, "pt_BR")["lang"] == "pt_BR"
    en = localised(CARD, "en")
    assert (en["name"], en["lang"]) == ("Frozen Pipes", "en")
    assert "name_pt_BR" in CARD, "the card given is not changed"


def test_one_text_in_a_language_is_what_localised_gives():
    for locale in ("en", "pt_BR", "fr"):
        whole = localised(CARD, locale)
        for name in ("name", "trigger", "story"):
            assert text_in(CARD, name, locale) == whole.get(name)
    assert text_in({"name": "Sparky", "name_pt_BR": ""}, "name", "pt_BR") == "Sparky"


def test_a_survivors_name_is_a_proper_name():
    survivor = {"id": "s", "name": "Carla Thompson", "influence": 50}
    assert localised(survivor, "pt_BR") == {**survivor, "lang": "pt_BR"}


def test_translations_map_the_english_words_of_a_game():
    state = {"cards": {"crossroads": {"x.card": CARD}}, "locations": []}
    table = translations(state, "pt_BR")
    assert table["Frozen Pipes"] == "Canos Congelados"
    assert table["Gain 1 morale."] == "A colônia ganha 1 de moral."
    assert "Nothing happens." not in table
    assert translations(state, "en") == {}


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
    view = engine.seat_view(game, drawer)
    pt, en = localised(view, "pt_BR"), localised(view, "en")
    assert pt["mine"]["crossroads"]["trigger"] == facts["trigger_pt_BR"]
    assert en["mine"]["crossroads"]["trigger"] == facts["trigger"]
    assert pt["mine"]["crossroads"]["lang"] == "pt_BR"
    objective = game["cards"]["objectives"][game["secrets"]["s1"]["objective"]]
    assert (
        localised(engine.seat_view(game, "s1"), "pt_BR")["mine"]["objective"]["goal"]
        == (objective["goal_pt_BR"])
    )
    crisis = game["crisis"]
    assert pt["crisis"]["name"] == crisis["name_pt_BR"] != crisis["name"]
    assert pt["crisis"]["fail_text"] == crisis["fail_text_pt_BR"]
    assert en["crisis"]["name"] == crisis["name"]
    places = {loc["id"]: loc["name"] for loc in pt["locations"]}
    assert places["base.police-station"] == "Delegacia"
    assert pt["main_objective"]["name"] == "Precisamos de Mais Amostras"
    assert view["crisis"]["name"] == crisis["name"], "the view itself is not changed"


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
    mine = localised(engine.seat_view(state, seat), "pt_BR")["mine"]
    objective = state["cards"]["objectives"][state["secrets"][seat]["objective"]]
    assert mine["objective"]["name"] == objective["name"]
    assert mine["objective"]["lang"] == "en"


def test_keys_that_are_not_text_are_kept():
    assert localised({1: {"text": "a"}, "n": [1, None]}, "pt_BR") == {
        1: {"text": "a"},
        "n": [1, None],
    }


def test_a_refusal_names_places_in_the_readers_language(game):
    with pytest.raises(engine.RuleError) as info:
        engine.add_noise(game, "base.police-station", 5)
    assert "Delegacia" in engine.render_error(info.value, "pt_BR", game)
    assert "Police Station" in engine.render_error(info.value, "en", game)
