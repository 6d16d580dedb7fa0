"""Make the 86a4e21 fixtures: a games.db in that code's layout, its save file and what it holds.

Run from a copy of the code at 86a4e21 (``git archive 86a4e21 | tar -x -C /tmp/old86``, with
cards.db copied in), as ``cd /tmp/old86 && python /path/to/make_86a4e21.py OUT``; it writes
games-86a4e21.db.gz, games-86a4e21.expected.json, game-86a4e21.json and save-schema2.json.
"""

import gzip
import hashlib
import json
import random
import shutil
import sys
from pathlib import Path

sys.path[:0] = ["tests", "."]

import play  # noqa: E402

import companion.engine as engine  # noqa: E402
from companion import store  # noqa: E402
from companion.store import seats  # noqa: E402


def digest(value: object) -> str:
    """The SHA-256 of a value's sorted JSON (a state through the engine's own to_json)."""
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def setup(players: int, **kw: object) -> dict:
    """A real setup from cards.db with fewer crossroads and crisis cards (a smaller file)."""
    made = play.setup_for(players, **kw)
    made["crossroads"] = made["crossroads"][:15]
    made["crises"] = made["crises"][:10]
    return made


def drive(db, game: str, count: int, seed: int) -> None:
    """Accept ``count`` random legal actions through the store."""
    rng = random.Random(seed)
    now = store.current(db, game)
    done = 0
    while done < count:
        try:
            store.act(db, game, play.next_action(now.state, rng), version=now.version)
        except engine.RuleError:
            continue
        done += 1
        now = store.current(db, game)


def main(out: Path) -> None:
    """Write the four fixtures into ``out``."""
    path = out / "games.db"
    db = store.open_db(path)
    first = {"type": "new_game", "by": "table", "setup": setup(3), "seed": 11}
    played = store.create_game(db, "Old layout", first)
    drive(db, played, 44, 3)
    version = store.current(db, played).version
    for _ in range(3):
        version = store.undo(db, played, version=version).version
    dealt = {"type": "new_game", "by": "table", "setup": setup(2, deal=True), "seed": 12}
    second = store.create_game(db, "Second table", dealt)
    drive(db, second, 5, 4)
    seats.join_secret(db, played)
    seats.claim_seat(db, played, "s1")
    expected = {}
    for game in (played, second):
        seqs = db.execute("select seq from actions where game_id = ? order by seq", [game])
        states = [store.games.log_row(db, game, seq)["state"] for (seq,) in seqs.fetchall()]
        expected[game] = {
            "game": store.get_game(db, game),
            "states": [digest(engine.to_json(state)) for state in states],
            "log": [{**row, "action": digest(row["action"])} for row in store.log(db, game)],
            "export_actions": digest(store.export_game(db, game)["actions"]),
        }
    save = store.export_game(db, played)
    (out / "game-86a4e21.json").write_text(json.dumps(save, ensure_ascii=False, indent=1))
    (out / "save-schema2.json").write_text(engine.to_json(store.current(db, played).state))
    text = json.dumps(expected, indent=1, sort_keys=True)
    (out / "games-86a4e21.expected.json").write_text(text)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    with path.open("rb") as plain, gzip.open(out / "games-86a4e21.db.gz", "wb", 9) as packed:
        shutil.copyfileobj(plain, packed)
    path.unlink()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
