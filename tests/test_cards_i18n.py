"""Cards in two languages: the companion decks' Portuguese, the English fallback, packs, search."""

from __future__ import annotations

import copy
import csv
import io
import json
import sqlite3

import pytest
from cards_helpers import COMMITTED_DB, built_db, contains, sample_pack
from click.testing import CliRunner
from sqlite_utils import Database

from companion.cards.load import load_cards, set_header
from companion.cards.packs import export_pack, import_pack
from companion.cards.schema import CARD_TABLES, TRANSLATED_FIELDS, translated
from companion.cards.search import search_cards
from companion.cards.tables import from_row
from companion.cli import main
from companion.engine.words.card_texts import stays_english, untranslated, words

COMPANION_TABLES = ("crossroads", "objectives", "crises", "main_objectives")


def companion_records(table: str) -> list[dict]:
    """The committed cards.db's companion cards of one table, both languages kept."""
    db = Database(sqlite3.connect(f"file:{COMMITTED_DB}?mode=ro", uri=True))
    try:
        rows = db[table].rows_where("[set] = ?", ["companion"], order_by="id")
        return [from_row(table, row) for row in rows]
    finally:
        db.close()


def portuguese_pack() -> dict:
    """The sample pack with Portuguese for every text it has (nested ones included)."""
    pack = sample_pack(name_pt_BR="Nossa caixa", description_pt_BR="Cartas que digitamos.")
    lantern, sleet = pack["crossroads"]
    lantern.update(
        name_pt_BR="Luz de Lampião",
        trigger_pt_BR="Quando o jogador da vez explorar na Biblioteca.",
        story_pt_BR="Um lampião brilha numa janela que deveria estar escura.",
    )
    lantern["options"][0]["text_pt_BR"] = "Siga o brilho: a colônia ganha 1 de moral."
    lantern["options"][1]["text_pt_BR"] = "Deixe para lá e remova 2 fichas de comida."
    lantern["options"][1]["effects"].append(
        {"kind": "manual", "text": "Shuffle the library deck.", "text_pt_BR": "Embaralhe."}
    )
    sleet.update(name_pt_BR="Votação do Granizo", trigger_pt_BR="No início do turno.")
    sleet["options"][0]["text_pt_BR"] = "Polegar para cima: todos ficam, 1 ficha de fome."
    sleet["options"][1]["text_pt_BR"] = "Polegar para baixo: o líder sai e se congela."
    keeper, saboteur = pack["objectives"]
    keeper.update(name_pt_BR="Guardiã da Despensa", goal_pt_BR="Vence com um pote de geleia.")
    saboteur.update(name_pt_BR="Sabotador Calado", goal_pt_BR="Vence se o moral zerar.")
    (boiler,) = pack["crises"]
    boiler.update(
        name_pt_BR="Caldeira Rachada",
        fail_text_pt_BR="A colônia perde 1 de moral; coloque 2 indefesos.",
        bonus_text_pt_BR="A colônia ganha 1 de moral.",
    )
    (thaw,) = pack["main_objectives"]
    thaw.update(name_pt_BR="Degelo", goal_pt_BR="Mantenham a colônia unida até o gelo quebrar.")
    thaw["standard"].update(extra="Add 1 barricade.", extra_pt_BR="Coloque 1 barricada.")
    (ada,) = pack["survivors"]
    ada.update(occupation_pt_BR="Vidreira", ability_location_pt_BR="Qualquer lugar")
    (rink,) = pack["locations"]
    rink["name_pt_BR"] = "Pista de Gelo"
    pack["improvements"] = [  # the Improvements module's facts: a name and a number
        {"id": "my_box.rain-barrels", "name": "Rain Barrels", "name_pt_BR": "Barris de Chuva"}
        | {"needs": 2, "module": "improvements"}
    ]
    return pack


def import_json(tmp_path, pack: dict):
    db = built_db(tmp_path)
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(pack, ensure_ascii=False), encoding="utf-8")
    import_pack(db, path)
    return db


def export_json(db, tmp_path, set_id="my_box") -> dict:
    out = tmp_path / f"export-{set_id}.json"
    export_pack(db, out, set_id=set_id)
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize("table", COMPANION_TABLES)
def test_every_text_of_every_companion_card_has_portuguese(table):
    records = companion_records(table)
    assert records, table
    missing = {r["id"]: untranslated(r, "pt_BR") for r in records}
    assert not {k: v for k, v in missing.items() if v}, "texts without pt_BR"
    for record in records:
        for field in TRANSLATED_FIELDS[table]:
            if record[field]:
                assert record[translated(field, "pt_BR")].strip(), (record["id"], field)


def test_a_missing_option_or_effect_translation_is_named():
    (card,) = [c for c in companion_records("crossroads") if c["id"] == "companion.ambulance-bay"]
    broken = copy.deepcopy(card)
    del broken["options"][1]["text_pt_BR"]
    del broken["options"][0]["effects"][-1]["text_pt_BR"]
    broken["story_pt_BR"] = ""
    found = untranslated(broken, "pt_BR")
    assert found == ["story", "options[1].effects[2].text", "options[2].text"]
    assert untranslated(card, "pt_BR") == []
    assert untranslated(broken, "en") == []


def test_location_names_follow_the_portuguese_rulebook():
    locations = load_cards(COMMITTED_DB)["locations"]
    names = {loc["id"]: words(loc, "name", "pt_BR") for loc in locations}
    assert names["base.police-station"] == "Delegacia"
    assert names["base.grocery-store"] == "Mercado"
    assert names["base.gas-station"] == "Posto de Gasolina"
    assert names["base.colony"] == "Colônia"
    assert names["long_night.bandits-hideout"] == "Esconderijo dos Bandidos"
    english = {loc["id"]: words(loc, "name", "en") for loc in locations}
    assert english["base.police-station"] == "Police Station"


def test_set_names_are_translated():
    sets = {s["id"]: set_header(s, "pt_BR") for s in load_cards(COMMITTED_DB)["sets"]}
    assert sets["long_night"]["name"] == "Dead of Winter: A Noite Sem Fim"
    assert all(s["lang"] == "pt_BR" and s["description"] for s in sets.values())


def card(db_path, card_id: str) -> dict:
    """One card of cards.db by id, every language kept."""
    cards = load_cards(db_path)
    return next(c for t in CARD_TABLES for c in cards[t] if c["id"] == card_id)


def test_a_card_reads_in_either_language_one_way():
    crisis = card(COMMITTED_DB, "companion.white-fingers")
    assert words(crisis, "name", "en") == "White Fingers"
    assert words(crisis, "name", "pt_BR") == "Dedos Brancos"
    assert "congelamento" in words(crisis, "fail_text", "pt_BR")
    assert "frostbite" in words(crisis, "fail_text", "en")
    option = card(COMMITTED_DB, "companion.a-promise-kept")["options"][1]["effects"][0]
    assert "Roll a d6" in words(option, "text", "en")
    assert "Jogue um d6" in words(option, "text", "pt_BR")
    assert not stays_english(crisis, "pt_BR") and not stays_english(crisis, "en")


def test_load_cards_keeps_every_language_for_the_catalogue():
    cards = load_cards(COMMITTED_DB, sets=["companion"])
    assert "_pt_BR" in json.dumps(cards)
    for table in CARD_TABLES:
        assert not any(stays_english(c, "pt_BR") for c in cards[table]), table


def test_a_pack_without_portuguese_falls_back_to_english_with_a_mark(tmp_path):
    db = import_json(tmp_path, sample_pack())
    cards = load_cards(db, sets=["my_box"])
    for table in CARD_TABLES:
        for found in cards[table]:
            assert stays_english(found, "pt_BR"), (table, found["id"])
    (lantern,) = [c for c in cards["crossroads"] if c["id"] == "my_box.lantern-light"]
    assert words(lantern, "name", "pt_BR") == "Lantern Light"
    assert words(lantern["options"][0], "text", "pt_BR") == "Follow the glow: gain 1 morale."
    header = set_header(cards["sets"][0], "pt_BR")
    assert header["name"] == "Our own box" and header["lang"] == "en"
    hits = search_cards(Database(db), "lantern", sets=["my_box"], locale="pt_BR")
    assert [(h["name"], h["lang"]) for h in hits] == [("Lantern Light", "en")]


def test_a_half_translated_card_shows_what_it_has_and_is_marked_english(tmp_path):
    pack = portuguese_pack()
    del pack["crossroads"][0]["options"][1]["text_pt_BR"]
    db = import_json(tmp_path, pack)
    lantern = card(db, "my_box.lantern-light")
    assert stays_english(lantern, "pt_BR")
    assert words(lantern, "name", "pt_BR") == "Luz de Lampião"
    assert words(lantern["options"][1], "text", "pt_BR") == "Leave it and lose 2 food."
    assert not stays_english(card(db, "my_box.sleet-vote"), "pt_BR")


def test_json_round_trip_keeps_both_languages(tmp_path):
    pack = portuguese_pack()
    db = import_json(tmp_path, pack)
    exported = export_json(db, tmp_path)
    assert exported["set"] == pack["set"]
    for table in CARD_TABLES:
        by_id = {r["id"]: r for r in exported[table]}
        for record in pack[table]:
            assert contains(record, by_id[record["id"]]), (table, record["id"])
    (thaw,) = exported["main_objectives"]
    assert thaw["standard"]["extra_pt_BR"] == "Coloque 1 barricada."
    assert exported["crossroads"][0]["options"][1]["effects"][1]["text_pt_BR"] == "Embaralhe."
    import_json(tmp_path, exported)
    assert export_json(db, tmp_path) == exported
    cards = load_cards(db, sets=["my_box"])
    assert not any(stays_english(c, "pt_BR") for t in CARD_TABLES for c in cards[t])


@pytest.mark.parametrize("table", ["crossroads", "objectives", "survivors"])
def test_csv_round_trip_keeps_both_languages(tmp_path, table):
    db = import_json(tmp_path, portuguese_pack())
    before = export_json(db, tmp_path)
    csv_file = tmp_path / f"{table}.csv"
    export_pack(db, csv_file, set_id="my_box", table=table)
    rows = list(csv.DictReader(io.StringIO(csv_file.read_text(encoding="utf-8"))))
    first = rows[0]
    if table == "crossroads":
        assert first["name_pt_BR"] == "Luz de Lampião"
        assert first["option1_text_pt_BR"] == "Siga o brilho: a colônia ganha 1 de moral."
        assert "Embaralhe." in first["option2_effects"]
    elif table == "objectives":
        assert first["goal_pt_BR"] == "Vence com um pote de geleia."
    else:
        assert first["occupation_pt_BR"] == "Vidreira"
    import_pack(db, csv_file, set_id="my_box")
    assert export_json(db, tmp_path) == before


def test_a_translation_that_is_not_text_is_refused(tmp_path):
    from companion.cards.schema import CardProblems

    pack = portuguese_pack()
    pack["objectives"][0]["goal_pt_BR"] = 3
    pack["crossroads"][0]["options"][0]["text_pt_BR"] = ["x"]
    pack["crossroads"][0]["options"][0]["effects"][0]["text_pt_BR"] = "a morale effect has no text"
    with pytest.raises(CardProblems) as caught:
        import_json(tmp_path, pack)
    fields = {p.field for p in caught.value.problems}
    assert fields == {"goal_pt_BR", "options[1].text_pt_BR", "options[1].effects[1].text_pt_BR"}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("delegacia", {"base.police-station", "companion.holding-cells"}),
        ("barricada", {"companion.sprung-hinges", "companion.stone-and-timber"}),
        ("encruzilhada", {"companion.static-on-the-radio", "companion.the-longest-night"}),
        (
            "colonia",
            {"base.colony", "companion.a-colony-of-our-own", "companion.midnight-deserters"},
        ),
        ("colônia", {"base.colony", "companion.a-colony-of-our-own"}),
        ("lixao", {"companion.tidy-camp", "companion.rats-in-the-pantry"}),
        ("traidor", {"companion.sleeper", "long_night.bandit-betrayal"}),
    ],
)
def test_portuguese_words_find_their_cards_accents_or_not(tmp_path, query, expected):
    db = Database(built_db(tmp_path))
    hits = {h["card_id"]: h for h in search_cards(db, query, limit=500, locale="pt_BR")}
    assert expected <= set(hits), expected - set(hits)
    assert all(hits[card]["lang"] == "pt_BR" for card in expected)


def test_search_shows_names_in_the_asked_language(tmp_path):
    db = Database(built_db(tmp_path))
    (hit,) = search_cards(db, "delegacia", tables=["locations"], locale="pt_BR")
    assert (hit["name"], hit["lang"]) == ("Delegacia", "pt_BR")
    (hit,) = search_cards(db, "delegacia", tables=["locations"])
    assert (hit["name"], hit["lang"]) == ("Police Station", "en")
    every = search_cards(db, tables=["crossroads"], sets=["companion"], locale="pt_BR")
    names = [h["name"] for h in every]
    assert names == sorted(names, key=str)
    assert search_cards(db, "encruzilhada", tables=["crises"]) == []


def test_cli_lists_the_texts_a_pack_has_not_translated(tmp_path):
    pack = portuguese_pack()
    del pack["crossroads"][0]["options"][1]["text_pt_BR"]
    del pack["objectives"][1]["goal_pt_BR"]
    db = import_json(tmp_path, pack)
    runner = CliRunner()
    result = runner.invoke(main, ["cards", "untranslated", "--set", "my_box", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "crossroads my_box.lantern-light: options[2].text",
        "objectives my_box.quiet-saboteur: goal",
        "2 card(s) with texts not in pt_BR.",
    ]
    shipped = runner.invoke(main, ["cards", "untranslated", "--set", "companion", "--db", str(db)])
    assert shipped.output.strip() == "0 card(s) with texts not in pt_BR."
    refused = runner.invoke(main, ["cards", "untranslated", "--locale", "fr", "--db", str(db)])
    assert refused.exit_code == 2
