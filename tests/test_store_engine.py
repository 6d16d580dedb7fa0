"""The store with the real rules engine and cards.db: undo, refusals, save files, a long game."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

import companion.engine as engine
from companion import store
from companion.cards.game import game_setup
from companion.cards.load import load_cards

CARDS_DB = Path(__file__).resolve().parent.parent / "cards.db"
SURVIVORS = [
    ["base.brian-lee", "base.sparky"],
    ["base.daniel-smith", "base.andrew-evans"],
    ["base.thomas-heart", "base.forest-plum"],
    ["base.olivia-brown", "base.john-price"],
    ["base.alexis-grey", "base.maria-lopez"],
]
FILE_LIMIT = 10 * 1024 * 1024  # plain JSON states: about 10 KB a row (docs/store.md)


def adapter(st, a):
    """The engine as it stands: new_game and apply(state, action, rng), no "by" or "seed"."""
    if st is None:
        return engine.new_game(a["setup"], random.Random(a["seed"]))
    args = {k: v for k, v in a.items() if k not in ("by", "seed")}
    return engine.apply(st, args, random.Random(a.get("seed", 0)))


# Once the engine takes new_game through apply (docs/engine.md), the store's default is used.
FRONT_DOOR = "new_game" in engine.ACTIONS
APPLY = store.engine_apply if FRONT_DOOR else adapter


def new_game_action(players=3, objective="base.we-need-more-samples"):
    """A new_game action with a setup from cards.db."""
    seats = [{"name": f"Player {i + 1}", "survivors": SURVIVORS[i]} for i in range(players)]
    setup = game_setup(CARDS_DB, seats=seats, main_objective=objective)
    return {"type": "new_game", "by": "table", "setup": setup}


@pytest.fixture(scope="module")
def crises():
    return {c["id"]: c for c in load_cards(CARDS_DB)["crises"]}


@pytest.fixture
def db(tmp_path):
    database = store.open_db(tmp_path / "games.db")
    yield database
    database.close()


def test_a_real_game_acts_undoes_and_redoes(db):
    game = store.create_game(db, "Real one", new_game_action(), apply=APPLY)
    start = store.current(db, game)
    assert [s["name"] for s in start.state["seats"]] == ["Player 1", "Player 2", "Player 3"]
    listed = store.get_game(db, game)
    assert listed["seat_names"] == ["Player 1", "Player 2", "Player 3"]
    assert (listed["round"], listed["phase"]) == (start.state["round"], start.state["phase"])
    barricade = {"type": "add_barricade", "by": "table", "place": "colony", "entrance": 2}
    one = store.act(db, game, barricade, version=1, apply=APPLY)
    entrance = one.state["colony"]["entrances"][1]
    assert entrance["number"] == 2 and entrance["barricades"] == 1
    assert one.steps and all(isinstance(s, dict) and "kind" in s for s in one.steps)
    back = store.undo(db, game, version=one.version)
    assert back.state == start.state
    assert back.state["secrets"] == start.state["secrets"]  # nothing dealt again
    again = store.redo(db, game, version=back.version)
    assert again.state == one.state


def test_a_refused_real_action_writes_nothing(db):
    game = store.create_game(db, "Real one", new_game_action(), apply=APPLY)
    before = (db.execute("select * from games").fetchall(), db["actions"].count)
    bad = {"type": "add_barricade", "by": "table", "place": "colony", "entrance": 99}
    with pytest.raises(engine.RuleError):
        store.act(db, game, bad, version=1, apply=APPLY)
    with pytest.raises(engine.RuleError):
        store.act(db, game, {"type": "teleport", "by": "table"}, version=1, apply=APPLY)
    assert (db.execute("select * from games").fetchall(), db["actions"].count) == before


def fingerprint(state):
    """A short digest of a state's JSON (keeping hundreds of whole states would be heavy)."""
    return hashlib.sha256(store.codec.dumps(state).encode("utf-8")).hexdigest()


class LongGame:
    """Plays a 5-seat game through the store: every accepted action is one log row."""

    def __init__(self, db, crises, seed=5):
        self.db = db
        self.crises = crises
        self.rng = random.Random(seed)
        action = {**new_game_action(5, objective="companion.the-seed-vault"), "seed": seed}
        self.game = store.create_game(db, "Long night", action, apply=APPLY)
        self.now = store.current(db, self.game)
        self.refused = 0
        self.answers = {1: fingerprint(self.now.state)}  # head -> the state answered there

    def state(self):
        """The last answered head, as a device would hold it."""
        return self.now

    def do(self, action, by="table"):
        """Submit an action at the version last answered; True when the engine accepted it."""
        version = self.now.version
        action = {"by": by, **action, "seed": self.rng.randrange(2**63)}  # a repeatable game
        try:
            result = store.act(
                self.db, self.game, action, version=version, apply=APPLY, known=self.now
            )
        except engine.RuleError:
            self.refused += 1
            return False
        self.now = store.Current(result.state, result.version, result.head)
        self.answers[result.head] = fingerprint(result.state)
        self.answer_bites()
        return True

    def answer_bites(self):
        """A spreading bite waits for its owner: roll for the survivor, or kill it (bounded)."""
        for _ in range(10):
            pending = self.state().state.get("pending")
            if not pending:
                return
            choice = self.rng.choice(["kill", "roll"])
            self.do({"type": "resolve_bite", "choice": choice}, pending["seat"])

    def board_action(self, st, seat):
        """One random board action of the kind a turn records."""
        rng = self.rng
        places = [loc["id"] for loc in st["locations"]]
        mine = [s["id"] for s in st["survivors"] if s["owner"] == seat]
        choices = [
            {"type": "add_barricade", "place": "colony", "entrance": rng.randint(1, 6)},
            {"type": "remove_barricade", "place": "colony", "entrance": rng.randint(1, 6)},
            {"type": "spend_food", "seat_id": seat, "count": 1},
            {"type": "add_noise", "location_id": rng.choice(places)},
            {"type": "remove_noise", "location_id": rng.choice(places)},
            {"type": "kill_zombies", "place": rng.choice(places)},
            {"type": "add_food", "count": 2},
            {"type": "play_cards", "seat_id": seat},
        ]
        if mine:
            to = rng.choice([*places, "colony"])
            choices.append({"type": "move_survivor", "survivor_id": rng.choice(mine), "to": to})
        return rng.choice(choices)

    def play_turn(self):
        """Start the next turn, make 16 board moves, add to the crisis, end it; False if none."""
        before = self.state().head
        self.do({"type": "start_turn"})
        st = self.state().state
        if self.state().head == before:
            return False
        seat = st["turn"]["seat"]
        for _ in range(16):
            self.do(self.board_action(self.state().state, seat))
            if self.state().state["morale"] < 3:
                self.do({"type": "set_counter", "name": "morale", "value": 6})
        st = self.state().state
        if st["crisis"]:
            symbols = [st["crisis"]["prevent"][0]] * 2
            self.do({"type": "contribute_to_crisis", "seat_id": seat, "symbols": symbols}, seat)
        if self.state().state["morale"] < 4:
            self.do({"type": "set_counter", "name": "morale", "value": 6})
        self.do({"type": "end_turn"})
        return True

    def play_round(self):
        """Reveal the crisis, let every seat take a turn, run the colony phase."""
        if FRONT_DOOR:
            self.do({"type": "reveal_crisis"})  # the top of the deck, from the state's catalogue
        else:
            deck = self.state().state["decks"]["crises"]
            card = self.crises[deck[0]] if deck else self.rng.choice(list(self.crises.values()))
            self.do({"type": "reveal_crisis", "card": card})
        for _ in range(10):
            if self.state().state["ended"] or not self.play_turn():
                break
        if self.state().state["ended"]:
            return
        # The table keeps the colony fed and hopeful so the game runs its whole length.
        self.do({"type": "set_counter", "name": "morale", "value": 8})
        self.do({"type": "set_counter", "name": "food", "value": 30})
        self.do({"type": "set_counter", "name": "waste", "value": 0})
        self.do({"type": "run_colony_phase"})


def test_a_long_game_stays_small_and_every_state_reads_back(tmp_path, crises):
    path = tmp_path / "games.db"
    db = store.open_db(path)
    play = LongGame(db, crises)
    for _ in range(12):
        st = play.state().state
        if st["ended"] or st["round"] > 8:
            break
        play.play_round()
    final = play.state()
    assert final.state["round"] > 8 or final.state["ended"]["reason"] == "round_track"
    assert final.head > 400, "a long game should log hundreds of actions"
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = path.stat().st_size
    print(f"\nlong game: {final.head} log rows, games.db {size} bytes ({size / 2**20:.2f} MB)")
    assert size < FILE_LIMIT
    db.close()

    # A new connection reads back the last answered state, and undo walks back exactly
    # through the states answered before (100 rows).
    db = store.open_db(path)
    assert store.current(db, play.game) == final
    version = final.version
    for _ in range(100):
        result = store.undo(db, play.game, version=version)
        version = result.version
        assert fingerprint(result.state) == play.answers[result.head]
    assert result.head == final.head - 100
    db.close()


def test_export_import_round_trip_of_a_played_game(db, crises):
    play = LongGame(db, crises, seed=11)
    play.play_round()
    play.play_round()
    version = play.state().version
    store.undo(db, play.game, version=version)
    store.undo(db, play.game, version=version + 1)
    text = json.dumps(store.export_game(db, play.game))
    copy = store.import_game(db, text, apply=APPLY)
    assert store.current(db, copy).state == store.current(db, play.game).state
    assert store.current(db, copy).head == store.current(db, play.game).head
    rows = "select seq, action, steps, state from actions where game_id = ? order by seq"
    cards = "select cards, setup_cards from game_cards where game_id = ?"
    for sql in (rows, cards):  # every row, the redo tail too, and the cards, byte for byte
        assert db.execute(sql, [copy]).fetchall() == db.execute(sql, [play.game]).fetchall()


def test_a_save_file_the_engine_refuses(db):
    game = store.create_game(db, "Real one", new_game_action(), apply=APPLY)
    save = store.export_game(db, game)
    bad = {"type": "add_barricade", "by": "table", "place": "colony", "entrance": 99, "seed": 1}
    save["actions"].append(bad)
    save["head"] = 2
    before = db["actions"].count
    with pytest.raises(store.BadSaveFile, match=r"action 2 \(add_barricade\)"):
        store.import_game(db, save, apply=APPLY)
    assert db["actions"].count == before and db["games"].count == 1
