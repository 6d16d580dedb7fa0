"""Dice are fixed once rolled: a colony Confirm undone and confirmed again rolls the very noise
dice it rolled before, and the table's Peek shows those dice (store.next_seed).

Noise is resolved in colony step 4 (002:1613-1617: a die of 3 or lower adds a zombie; Long
Night flips each token, 000:490); undo is the companion's own, so it must not re-roll them.
"""

from __future__ import annotations

import re

import play
import pytest

from companion import create_app, store
from companion.store.games import derived_seed

pytestmark = pytest.mark.seed(3)
NOISE = {"count": 3}
"""The noise tokens put at the first location before the colony phase."""


def noise_rolls(steps: list[dict]) -> list[int]:
    """The noise dice a Confirm rolled, in order."""
    return [s["roll"] for s in steps if s["kind"] == "noise_resolved"]


def colony_ready(db, game: str) -> int:
    """A base game with three noise tokens at one place, its turns over; returns the version."""
    version = 1
    state = store.current(db, game).state
    place = next(loc["id"] for loc in state["locations"])
    for action in (
        {"type": "reveal_crisis", "by": "table"},
        {"type": "add_noise", "by": "table", "location_id": place, **NOISE},
        {"type": "start_colony_phase", "by": "table"},
    ):
        version = store.act(db, game, action, version=version).version
    return version


@pytest.fixture
def db(tmp_path):
    conn = store.open_db(tmp_path / "games.db")
    yield conn
    conn.close()


def new_game(db, seed: int | None = 7) -> str:
    action = {"type": "new_game", "by": "table", "setup": play.setup_for(3)}
    if seed is not None:
        action["seed"] = seed
    return store.create_game(db, "G", action)


def confirm_until_noise(db, game: str, version: int) -> tuple[store.Result, list[int]]:
    """Confirm colony steps until the zombies come; the last Confirm and its noise dice."""
    for _ in range(4):
        done = store.act(db, game, {"type": "run_colony_steps", "by": "table"}, version=version)
        version = done.version
        if noise_rolls(done.steps):
            return done, noise_rolls(done.steps)
    raise AssertionError("no Confirm resolved the noise")


def test_undo_and_confirm_again_rolls_the_same_noise_dice(db):
    game = new_game(db)
    done, first = confirm_until_noise(db, game, colony_ready(db, game))
    assert len(first) == NOISE["count"]
    back = store.undo(db, game, version=done.version)
    again = store.act(db, game, {"type": "run_colony_steps", "by": "table"}, version=back.version)
    assert noise_rolls(again.steps) == first
    assert again.action["seed"] == done.action["seed"]
    assert again.state["locations"] == done.state["locations"]


def test_an_action_taken_in_between_does_not_change_the_dice(db):
    """The seed follows the action's type and how many of its type came before, not the row:
    a correction slipped in after an undo buys no new roll."""
    game = new_game(db)
    done, first = confirm_until_noise(db, game, colony_ready(db, game))
    back = store.undo(db, game, version=done.version)
    fix = {"type": "set_waste", "by": "table", "value": 1}  # a correction the phase lists
    fixed = store.act(db, game, fix, version=back.version)
    again = store.act(db, game, {"type": "run_colony_steps", "by": "table"}, version=fixed.version)
    assert noise_rolls(again.steps) == first


def test_the_seed_comes_from_the_games_seed_and_the_count_of_its_type(db):
    game = new_game(db, seed=7)
    version = colony_ready(db, game)
    assert store.next_seed(db, game, 4, "run_colony_steps") == derived_seed(
        7, "run_colony_steps", 0
    )
    done = store.act(db, game, {"type": "run_colony_steps", "by": "table"}, version=version)
    assert done.action["seed"] == derived_seed(7, "run_colony_steps", 0)
    assert store.next_seed(db, game, done.head, "run_colony_steps") == derived_seed(
        7, "run_colony_steps", 1
    )
    # the head counts, not the rows after it: at the row before, none was taken yet
    assert store.next_seed(db, game, done.head - 1, "run_colony_steps") == derived_seed(
        7, "run_colony_steps", 0
    )
    # another game's seed draws other dice; every seed fits 63 bits
    other = new_game(db, seed=8)
    assert store.next_seed(db, other, 1, "run_colony_steps") != derived_seed(
        7, "run_colony_steps", 0
    )
    assert all(0 <= derived_seed(s, "x", n) < 2**63 for s in (0, 7, 2**63 - 1) for n in (0, 1))


def test_an_action_bringing_its_own_seed_keeps_it(db):
    """Replays, imports and scripted tests give exact seeds: the store keeps them."""
    game = new_game(db)
    done = store.act(db, game, {"type": "reveal_crisis", "by": "table", "seed": 12}, version=1)
    assert done.action["seed"] == 12 and store.log(db, game)[-1]["action"]["seed"] == 12


def test_a_game_without_a_first_seed_draws_from_its_id(db):
    """An old save whose setup row carries no seed still plays: its seeds come from its id."""
    game = new_game(db)
    db.execute("update actions set action = json_remove(action, '$.seed') where seq = 1")
    assert store.next_seed(db, game, 1, "reveal_crisis") == derived_seed(game, "reveal_crisis", 0)


def test_an_exposure_roll_undone_and_moved_again_rolls_the_same_face(db):
    """A roll the companion makes on a move (002 "Rolling for Exposure") is fixed too: the
    n-th move of the game rolls the same face whichever survivor moves after an undo."""
    game = new_game(db)
    version = store.act(db, game, {"type": "reveal_crisis", "by": "table"}, version=1).version
    version = store.act(db, game, {"type": "start_turn", "by": "s1"}, version=version).version
    state = store.current(db, game).state
    mine = [s["id"] for s in state["survivors"] if s["owner"] == "s1"]
    place = state["locations"][0]["id"]
    faces = []
    for survivor in mine[:2]:
        move = {"type": "move_survivor", "by": "s1", "survivor_id": survivor, "to": place}
        done = store.act(db, game, {**move, "exposure": "roll"}, version=version)
        faces.append([s for s in done.steps if s["kind"].startswith("exposure")])
        version = store.undo(db, game, version=done.version).version
    assert faces[0] and [s["result"] for s in faces[0]] == [s["result"] for s in faces[1]]
    assert faces[0][0]["rolled"] is True


# --- through the web: Peek shows the dice Confirm then rolls, before and after an undo ---


@pytest.fixture
def app(app_config, tmp_path):
    return create_app({**app_config, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


def peeked_rolls(page: str) -> list[str]:
    """The noise dice a preview lists (its sentences say the roll)."""
    return re.findall(r'class="ps ps-noise_resolved">[^<]*?(\d)', page)


def test_peek_shows_the_dice_confirm_rolls_and_undo_keeps_them(app):
    from helpers.phones import open_db

    table = app.test_client()
    db = open_db(app)
    try:
        game = new_game(db)
        version = colony_ready(db, game)
        for _ in range(4):
            page = table.get(f"/games/{game}/colony").get_data(as_text=True)
            seed = re.search(r'name="seed" value="(\d+)"', page)
            assert seed, page[:2000]
            shown = peeked_rolls(page)
            answer = table.post(
                f"/games/{game}/act",
                data={"type": "run_colony_steps", "version": version, "seed": seed.group(1)},
            )
            assert answer.status_code in (200, 303), answer.get_data(as_text=True)[:500]
            done = store.log(db, game)[-1]
            version = store.current(db, game).version
            if noise_rolls(done["steps"]):
                break
        rolled = noise_rolls(done["steps"])
        assert len(rolled) == NOISE["count"] and [int(r) for r in shown] == rolled
        table.post(f"/games/{game}/undo", data={"version": version})
        page = table.get(f"/games/{game}/colony").get_data(as_text=True)
        assert [int(r) for r in peeked_rolls(page)] == rolled
        version = store.current(db, game).version
        table.post(f"/games/{game}/act", data={"type": "run_colony_steps", "version": version})
        assert noise_rolls(store.log(db, game)[-1]["steps"]) == rolled
    finally:
        db.close()
