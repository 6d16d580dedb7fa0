"""Server CPU per request without the server: the Flask app in this process, one 5-seat game.

The action (``POST /games/<id>/act``, a food correction as the live-load benchmark posts),
the table screen's fragment and a phone's fragment, each timed with ``time.process_time`` after
warm-ups. With ``--profile`` it prints the functions that took the most time (cProfile).
This is the stable before/after figure on a shared machine: other processes hardly change it.

    python benchmarks/in_process.py --rows 300 --samples 30 [--profile act|table|phone] [--turn]

With ``--turn`` the game is first taken to the first player's turn (the crisis revealed), where
the table screen offers the board's controls (moves, kills, barricades) as in play.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import new_game_form, percentile  # noqa: E402

from companion import create_app  # noqa: E402
from companion.store import seats  # noqa: E402
from companion.store.schema import connect  # noqa: E402

HX = {"HX-Request": "true"}
VERSION_RE = re.compile(rb'name="version" value="(\d+)"')


class Game:
    """One game served by an in-process app, with a table client and a phone on seat s1."""

    def __init__(self, data: Path) -> None:
        self.app = create_app({"TESTING": False}, data_dir=data)
        self.table = self.app.test_client()
        reply = self.table.post("/games/new", data=new_game_form("In process", 5))
        assert reply.status_code == 303, reply.status_code
        self.game_id = reply.headers["location"].rstrip("/").split("/")[-2]
        db = connect(data / "games.db")
        secret = seats.join_secret(db, self.game_id)
        db.close()
        self.phone = self.app.test_client()
        joined = self.phone.post(f"/join/{self.game_id}/{secret}", data={"seat": "s1"})
        assert joined.status_code == 303, joined.status_code
        body = self.table.get(f"/games/{self.game_id}", headers=HX).data
        self.version = int(VERSION_RE.search(body).group(1))
        self.value = 5

    def to_first_turn(self) -> None:
        """Reveal the crisis and start the first player's turn, as the table screen does."""
        for kind in ("reveal_crisis", "start_turn"):
            form = {"type": kind, "version": self.version}
            reply = self.table.post(f"/games/{self.game_id}/act", data=form, headers=HX)
            assert reply.status_code == 200, reply.status_code
            self.version += 1

    def act(self) -> None:
        """One food correction (5 <-> 6), as the live-load benchmark posts."""
        self.value = 11 - self.value
        form = {"type": "set_counter", "version": self.version, "name": "food", "value": self.value}
        reply = self.table.post(f"/games/{self.game_id}/act", data=form, headers=HX)
        assert reply.status_code == 200, reply.status_code
        self.version += 1

    def table_fragment(self) -> None:
        """The table screen's #game fragment."""
        assert self.table.get(f"/games/{self.game_id}", headers=HX).status_code == 200

    def phone_fragment(self) -> None:
        """Seat s1's #phone fragment."""
        assert self.phone.get(f"/phone/{self.game_id}", headers=HX).status_code == 200


def measure(fn, samples: int) -> list[float]:
    """CPU milliseconds of ``samples`` calls after three warm-ups."""
    for _ in range(3):
        fn()
    out = []
    for _ in range(samples):
        t0 = time.process_time()
        fn()
        out.append((time.process_time() - t0) * 1000)
    return out


def main() -> None:
    """Grow the log, then time (or profile) each request."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=300, help="log rows before measuring")
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--profile", choices=("act", "table", "phone"))
    parser.add_argument("--turn", action="store_true", help="measure in the first player's turn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        game = Game(Path(data))
        if args.turn:
            game.to_first_turn()
        for _ in range(args.rows):
            game.act()
        fns = {"act": game.act, "table": game.table_fragment, "phone": game.phone_fragment}
        if args.profile:
            fn = fns[args.profile]
            measure(fn, 3)
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(args.samples):
                fn()
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)
            return
        for name, fn in fns.items():
            ms = measure(fn, args.samples)
            print(
                f"{name:6s} CPU ms: min {min(ms):6.2f}  p50 {percentile(ms, 50):6.2f}  "
                f"p95 {percentile(ms, 95):6.2f}  (n={len(ms)})"
            )


if __name__ == "__main__":
    main()
