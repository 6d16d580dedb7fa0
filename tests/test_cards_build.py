"""Building cards.db from the text sources under cards/."""

from __future__ import annotations

import json
import shutil

import pytest
from cards_helpers import CARDS_DIR, COMMITTED_DB, built_db, canonical_dump, sample_pack
from click.testing import CliRunner

from companion.cards.build import build
from companion.cards.load import load_cards, set_capacity
from companion.cards.packs import import_pack
from companion.cards.schema import CARD_TABLES, CardProblems
from companion.cli import main


def test_build_is_deterministic(tmp_path):
    first, second = tmp_path / "one.db", tmp_path / "two.db"
    build(CARDS_DIR, first)
    build(CARDS_DIR, second)
    assert first.read_bytes() == second.read_bytes()


def test_rebuilding_over_an_existing_file_gives_the_same_bytes(tmp_path):
    target = tmp_path / "cards.db"
    build(CARDS_DIR, target)
    once = target.read_bytes()
    build(CARDS_DIR, target)
    assert target.read_bytes() == once


def test_committed_cards_db_matches_its_sources(tmp_path):
    assert COMMITTED_DB.exists(), "run `companion cards build` and commit cards.db"
    fresh = tmp_path / "fresh.db"
    build(CARDS_DIR, fresh, keep_packs=False)
    assert canonical_dump(COMMITTED_DB) == canonical_dump(fresh), (
        "cards.db is out of date: run `companion cards build` and commit it"
    )


def test_shipped_sets_and_base_facts(tmp_path):
    cards = load_cards(built_db(tmp_path))
    assert {"base", "long_night"} <= {s["id"] for s in cards["sets"]}
    assert all(s["shipped"] for s in cards["sets"])
    survivors = {s["name"]: s for s in cards["survivors"] if s["set"] == "base"}
    assert len(survivors) == 30
    assert survivors["Forest Plum"]["influence"] == 14
    assert survivors["Forest Plum"]["search"] == 5
    locations = {loc["id"]: loc for loc in cards["locations"]}
    colony = locations["base.colony"]
    assert (colony["number"], colony["entrances"], colony["entrance_spaces"]) == (0, 6, 3)
    base_numbers = sorted(loc["number"] for loc in locations.values() if loc["set"] == "base")
    assert base_numbers == [0, 1, 2, 3, 4, 5, 6]
    assert locations["long_night.raxxon"]["module"] == "raxxon"
    assert locations["long_night.bandits-hideout"]["module"] == "bandits"


def test_we_need_more_samples_setup_follows_the_rulebook(tmp_path):
    cards = load_cards(built_db(tmp_path), sets=["base"])
    (samples,) = [m for m in cards["main_objectives"] if m["id"] == "base.we-need-more-samples"]
    assert samples["time"] == "short"
    standard, hardcore = samples["standard"], samples["hardcore"]
    assert (standard["morale"], standard["round_track"], standard["zombies_per_location"]) == (
        6,
        6,
        1,
    )
    assert (hardcore["morale"], hardcore["round_track"], hardcore["zombies_per_location"]) == (
        6,
        5,
        3,
    )


def test_bandit_betrayal_is_a_special_objective(tmp_path):
    cards = load_cards(built_db(tmp_path), sets=["long_night"])
    (betrayal,) = cards["objectives"]
    assert betrayal["kind"] == "bandit_betrayal"
    assert betrayal["module"] == "bandits"
    assert betrayal["non_coop"] is True


def test_load_cards_returns_plain_json_dicts_with_flags(tmp_path):
    cards = load_cards(built_db(tmp_path))
    json.dumps(cards)
    for table in CARD_TABLES:
        for record in cards[table]:
            assert {"id", "set", "name", "mature", "non_coop", "module"} <= set(record)
            assert isinstance(record["mature"], bool)
    assert load_cards(built_db(tmp_path), sets=[])["survivors"] == []


def test_build_reports_each_source_problem_with_file_line_and_field(tmp_path):
    cards_dir = tmp_path / "cards"
    shutil.copytree(CARDS_DIR / "base", cards_dir / "base")
    broken = cards_dir / "base" / "locations.toml"
    text = broken.read_text().replace(
        "number = 3                 # our numbering", 'number = "three"'
    )
    broken.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if 'id = "base.school"' in row) - 1
    target = tmp_path / "cards.db"
    with pytest.raises(CardProblems) as caught:
        build(cards_dir, target)
    (problem,) = caught.value.problems
    assert problem.file.endswith("base/locations.toml")
    assert problem.where.startswith(f"line {line} ")
    assert "base.school" in problem.where
    assert problem.field == "number"
    assert not target.exists()


def test_build_keeps_imported_packs_unless_clean(tmp_path):
    target = built_db(tmp_path)
    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps(sample_pack()))
    import_pack(target, pack)
    build(CARDS_DIR, target)
    assert "my_box" in {s["id"] for s in load_cards(target)["sets"]}
    build(CARDS_DIR, target, keep_packs=False)
    assert "my_box" not in {s["id"] for s in load_cards(target)["sets"]}


def test_capacity_override_reaches_game_setup_and_survives_a_rebuild(tmp_path):
    target = built_db(tmp_path)
    set_capacity(target, "base.gas-station", entrance_spaces=4, survivor_spaces=3)
    build(CARDS_DIR, target)
    (gas,) = [loc for loc in load_cards(target)["locations"] if loc["id"] == "base.gas-station"]
    assert (gas["entrance_spaces"], gas["survivor_spaces"]) == (4, 3)
    set_capacity(target, "base.gas-station")
    (gas,) = [loc for loc in load_cards(target)["locations"] if loc["id"] == "base.gas-station"]
    assert (gas["entrance_spaces"], gas["survivor_spaces"]) == (2, 2)


def test_cli_build_and_set_capacity(tmp_path):
    target = tmp_path / "cards.db"
    runner = CliRunner()
    result = runner.invoke(main, ["cards", "build", "--db", str(target)])
    assert result.exit_code == 0, result.output
    assert "survivors 32" in result.output  # 30 of the base box, Blue and Emma Han set aside
    result = runner.invoke(
        main, ["cards", "set-capacity", "base.school", "--survivors", "5", "--db", str(target)]
    )
    assert result.exit_code == 0, result.output
    assert "School" in result.output
    result = runner.invoke(main, ["cards", "set-capacity", "base.nowhere", "--db", str(target)])
    assert result.exit_code != 0
    assert "base.nowhere" in result.output
