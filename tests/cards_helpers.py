"""Shared helpers of the card database tests: a built copy of cards/ and a sample pack."""

from __future__ import annotations

import copy
import functools
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from companion.cards.build import build

ROOT = Path(__file__).resolve().parent.parent
CARDS_DIR = ROOT / "cards"
COMMITTED_DB = ROOT / "cards.db"


@functools.cache
def _built_once() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="cards-test-"))
    path = folder / "cards.db"
    build(CARDS_DIR, path, keep_packs=False)
    return path


def built_db(tmp_path: Path) -> Path:
    """A fresh copy of cards.db built from the repository's sources."""
    target = tmp_path / "cards.db"
    shutil.copyfile(_built_once(), target)
    return target


def canonical_dump(db_path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (FTS shadow tables aside), sorted: a content fingerprint."""
    conn = sqlite3.connect(db_path)
    try:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
            if "_fts" not in r[0] and not r[0].startswith("sqlite_")
        ]
        return {
            name: sorted(conn.execute(f"SELECT * FROM [{name}]").fetchall(), key=repr)
            for name in names
        }
    finally:
        conn.close()


def contains(expected, actual):
    """True when `actual` holds everything of `expected` (defaults may be added)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and contains(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(contains(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return expected == actual


SAMPLE_PACK: dict[str, Any] = {
    "set": {"id": "my_box", "name": "Our own box", "description": "Cards we typed in."},
    "crossroads": [
        {
            "id": "my_box.lantern-light",
            "name": "Lantern Light",
            "trigger": "When the active player searches the library.",
            "trigger_kind": "searches-at",
            "trigger_params": {"location": "base.library"},
            "vote": False,
            "story": "A lantern glows in a window that should be dark.",
            "options": [
                {
                    "text": "Follow the glow: gain 1 morale.",
                    "effects": [{"kind": "morale", "amount": 1}],
                },
                {
                    "text": "Leave it and lose 2 food.",
                    "effects": [{"kind": "food", "amount": -2}],
                },
            ],
            "mature": False,
            "non_coop": True,
            "module": "",
        },
        {
            "id": "my_box.sleet-vote",
            "name": "Sleet Vote",
            "trigger": "At the start of the active player's turn.",
            "trigger_kind": "start-of-turn",
            "vote": True,
            "options": [
                {
                    "text": "Thumbs up: everyone stays in, add 1 starvation.",
                    "effects": [{"kind": "starvation", "amount": 1}],
                },
                {
                    "text": "Thumbs down: the leader goes out and takes a frostbite.",
                    "effects": [
                        {
                            "kind": "wound",
                            "target": "group_leader",
                            "amount": 1,
                            "wound": "frostbite",
                        }
                    ],
                },
            ],
            "mature": True,
        },
    ],
    "objectives": [
        {
            "id": "my_box.pantry-keeper",
            "name": "Pantry Keeper",
            "kind": "normal",
            "goal": "Win if the colony is fed and you hold a marmalade jar.",
            "non_coop": True,
        },
        {
            "id": "my_box.quiet-saboteur",
            "name": "Quiet Saboteur",
            "kind": "betrayal",
            "goal": "Win if morale hits zero while nobody suspects you.",
            "non_coop": True,
        },
    ],
    "crises": [
        {
            "id": "my_box.cracked-boiler",
            "name": "Cracked Boiler",
            "prevent": ["fuel", "tool"],
            "fail_text": "Lose 1 morale and add 2 helpless.",
            "fail_effects": [{"kind": "morale", "amount": -1}, {"kind": "helpless", "amount": 2}],
            "bonus_text": "Gain 1 morale.",
            "bonus_effects": [{"kind": "morale", "amount": 1}],
            "bandits": [1, 4],
        }
    ],
    "main_objectives": [
        {
            "id": "my_box.thaw",
            "name": "Thaw",
            "time": "medium",
            "goal": "Keep the colony together until the ice breaks.",
            "standard": {"morale": 6, "round_track": 7, "zombies_per_location": 1},
            "hardcore": {
                "morale": 5,
                "round_track": 6,
                "zombies_per_location": 2,
                "colony_zombies": 2,
            },
        }
    ],
    "survivors": [
        {
            "id": "my_box.ada-frost",
            "name": "Ada Frost",
            "occupation": "Glassblower",
            "influence": 33,
            "attack": 3,
            "search": 4,
            "ability_location": "Anywhere",
        }
    ],
    "locations": [
        {
            "id": "my_box.ice-rink",
            "name": "Ice Rink",
            "number": 0,
            "entrance_spaces": 2,
            "survivor_spaces": 2,
            "symbols": ["fuel"],
        }
    ],
}


def sample_pack(**set_changes: Any) -> dict[str, Any]:
    """A deep copy of the sample pack, its set header changed by `set_changes`."""
    pack = copy.deepcopy(SAMPLE_PACK)
    pack["set"].update(set_changes)
    return pack
