"""Full-text search over the card database."""

from __future__ import annotations

import json

from cards_helpers import built_db, sample_pack
from sqlite_utils import Database

from companion.cards.packs import import_pack
from companion.cards.search import fts_query, search_cards


def imported(tmp_path) -> Database:
    db_path = built_db(tmp_path)
    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps(sample_pack()))
    import_pack(db_path, pack)
    return Database(db_path)


def test_search_finds_a_card_by_a_word_of_its_text(tmp_path):
    db = imported(tmp_path)
    hits = search_cards(db, "marmalade")
    assert [(h["table_name"], h["card_id"]) for h in hits] == [
        ("objectives", "my_box.pantry-keeper")
    ]


def test_search_reads_option_text_story_and_prefixes(tmp_path):
    db = imported(tmp_path)
    mine = ["my_box"]
    assert [h["card_id"] for h in search_cards(db, "lantern glow", sets=mine)] == [
        "my_box.lantern-light"
    ]
    assert [h["card_id"] for h in search_cards(db, "frostb", sets=mine)] == ["my_box.sleet-vote"]
    assert [h["card_id"] for h in search_cards(db, "glassblower")] == ["my_box.ada-frost"]


def test_search_finds_shipped_cards_by_name_and_goal_words(tmp_path):
    db = Database(built_db(tmp_path))
    assert any(h["card_id"] == "base.forest-plum" for h in search_cards(db, "mall santa"))
    hits = search_cards(db, "samples", tables=["main_objectives"])
    assert "base.we-need-more-samples" in {h["card_id"] for h in hits}


def test_filters_narrow_the_results(tmp_path):
    db = imported(tmp_path)
    mine = search_cards(db, sets=["my_box"])
    assert len(mine) == 8
    assert {h["card_id"] for h in search_cards(db, sets=["my_box"], mature=True)} == {
        "my_box.sleet-vote"
    }
    assert len(search_cards(db, sets=["my_box"], mature=False)) == 7
    assert {h["card_id"] for h in search_cards(db, sets=["my_box"], kind="betrayal")} == {
        "my_box.quiet-saboteur"
    }
    assert {h["card_id"] for h in search_cards(db, sets=["my_box"], tables=["crises"])} == {
        "my_box.cracked-boiler"
    }
    raxxon = search_cards(db, module="raxxon", tables=["locations"])
    assert [h["card_id"] for h in raxxon] == ["long_night.raxxon"]
    assert search_cards(db, "marmalade", tables=["crossroads"]) == []


def test_odd_input_is_quoted_not_parsed():
    assert fts_query('NOT "fuel" OR (') == '"NOT"* "fuel"* "OR"*'
    assert fts_query("   ") == ""


def test_query_syntax_never_raises(tmp_path):
    db = imported(tmp_path)
    for text in ['"', "AND", "*", "fuel NEAR", "a:b", "-x"]:
        search_cards(db, text)
