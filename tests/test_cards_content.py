"""What cards.db ships: the companion decks' sizes, and no sentence of the publisher's."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from pathlib import Path

import pytest
from cards_helpers import COMMITTED_DB, ROOT
from sqlite_utils import Database

from companion.cards.build import ensure_schema
from companion.cards.load import load_cards
from companion.cards.schema import SYMBOLS

SEEDS = Path(os.environ.get("COMPANION_SEEDS", ROOT.parent / "shared" / "seeds"))
SAMPLE_RUNS = ROOT / "tests" / "data" / "sample_card_runs.txt"


def words(text: str) -> list[str]:
    """Lowercase words, apostrophes dropped, everything else a separator."""
    text = text.lower().replace("\u2019", "").replace("'", "")
    return re.sub(r"[^a-z0-9]+", " ", text).split()


def runs(items: list[str], size: int) -> set[str]:
    return {" ".join(items[i : i + size]) for i in range(len(items) - size + 1)}


def shipped_texts() -> list[tuple[str, str, str]]:
    """(table, id, text) of every text cell of the committed cards.db."""
    conn = sqlite3.connect(COMMITTED_DB)
    try:
        tables = [
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if "_fts" not in r[0] and not r[0].startswith("sqlite_") and r[0] != "card_index"
        ]
        out = []
        for table in tables:
            for row in conn.execute(f"SELECT * FROM [{table}]"):
                out += [(table, str(row[0]), cell) for cell in row if isinstance(cell, str)]
        return out
    finally:
        conn.close()


def test_no_run_of_the_rulebook_sample_cards_is_shipped():
    wanted = {
        line.strip()
        for line in SAMPLE_RUNS.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert len(wanted) > 100, "the fingerprint list of the sample cards is missing"
    found = []
    for table, card_id, text in shipped_texts():
        for run in runs(words(text), 6):
            if hashlib.sha1(run.encode()).hexdigest()[:16] in wanted:
                found.append((table, card_id, run))
    assert not found, f"text of the rulebook's sample cards in cards.db: {found}"


def test_no_sentence_of_the_seeds_is_shipped():
    if not SEEDS.is_dir():
        pytest.skip(f"the rulebook texts are not at {SEEDS} (set COMPANION_SEEDS)")
    seed_text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt")))
    sentences = {
        " ".join(w)
        for part in re.split(r"[.!?\u201c\u201d\"]+|\n\s*\n", seed_text)
        if len(w := words(part)) >= 8
    }
    seed_runs = runs(words(seed_text), 10)
    copied = []
    for table, card_id, text in shipped_texts():
        flat = " ".join(words(text))
        copied += [(table, card_id, s) for s in sentences if s in flat]
        copied += [(table, card_id, r) for r in runs(words(text), 10) & seed_runs]
    assert not copied, f"sentences of the rulebooks in cards.db: {copied[:10]}"


def test_companion_decks_are_complete():
    cards = load_cards(COMMITTED_DB, sets=["companion"])
    crossroads = cards["crossroads"]
    assert len(crossroads) >= 60
    assert any(c["vote"] for c in crossroads)
    assert any(c["mature"] for c in crossroads)
    assert any(c["non_coop"] for c in crossroads)
    kinds = [o["kind"] for o in cards["objectives"]]
    assert kinds.count("normal") >= 24
    assert kinds.count("betrayal") >= 10
    assert kinds.count("exiled") >= 10
    crises = cards["crises"]
    assert len(crises) >= 20
    assert {s for c in crises for s in c["prevent"]} == set(SYMBOLS)
    mains = cards["main_objectives"]
    assert len(mains) >= 10
    for main in mains:
        for side in ("standard", "hardcore"):
            assert main[side]["morale"] > 0 and main[side]["round_track"] > 0, main["id"]
        assert main["goal"].strip()


def test_sparky_is_the_one_base_survivor_who_is_not_human():
    # 000:960-968 asks for "the human survivor with the lowest influence": Sparky, the stunt
    # dog, is not one; every other base survivor is (cards/base/survivors.csv, `human`).
    survivors = load_cards(COMMITTED_DB, sets=["base"])["survivors"]
    assert len(survivors) == 30
    assert [s["id"] for s in survivors if not s["human"]] == ["base.sparky"]


def test_an_older_cards_db_without_the_human_column_reads_every_survivor_as_human(tmp_path):
    # A cards.db built before the column: its survivors are human, and a pack import adds it.
    old = tmp_path / "old.db"
    old.write_bytes(COMMITTED_DB.read_bytes())
    db = sqlite3.connect(old)
    db.execute("ALTER TABLE survivors DROP COLUMN human")
    db.commit()
    db.close()
    assert all(s["human"] for s in load_cards(old, sets=["base"])["survivors"])
    opened = Database(old)
    ensure_schema(opened)
    opened.close()
    survivors = load_cards(old, sets=["base"])["survivors"]
    assert all(s["human"] for s in survivors) and len(survivors) == 30


def test_card_references_point_at_cards_that_exist():
    cards = load_cards(COMMITTED_DB)
    locations = {loc["id"] for loc in cards["locations"]}
    survivors = {s["name"] for s in cards["survivors"]}
    effects = [
        (card["id"], effect)
        for card in cards["crossroads"]
        for option in card["options"]
        for effect in option["effects"]
    ] + [
        (card["id"], effect)
        for card in cards["crises"]
        for effect in card["fail_effects"] + card["bonus_effects"]
    ]
    broken = [
        (card_id, effect["where"])
        for card_id, effect in effects
        if "." in effect.get("where", "") and effect["where"] not in locations
    ]
    for card in cards["crossroads"]:
        params = card["trigger_params"]
        if "location" in params and params["location"] not in locations:
            broken.append((card["id"], params["location"]))
        if "survivor" in params and params["survivor"] not in survivors:
            broken.append((card["id"], params["survivor"]))
    assert not broken
