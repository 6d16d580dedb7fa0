"""A development preview of the table-screen board, drawn from games the engine really plays.

Registered only for development and tests (see the app factory); no stored game is read. Each
sample is a new game from cards.db and a fixed list of real actions through ``engine.apply``,
every roll and shuffle from a fixed seed, so the preview shows exactly what the engine makes
and cannot drift from it. ``GET /dev/board`` shows the mid-game sample, ``?sample=crowded``
five players with long names and a crowded board (The Long Night, Bandits), ``?sample=start``
the first round before any crisis.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext
from markupsafe import Markup

import companion.engine as engine
from companion.cards.game import game_setup
from companion.engine.board import MAX_NOISE
from companion.engine.legal import legal_actions
from companion.engine.turns.turn import turn_order
from companion.web.cardsdb import cards_db_path
from companion.web.chart import DEFAULT_LABELS, morale_chart
from companion.web.history import ROUND_END_STEPS, point

bp = Blueprint("preview", __name__, url_prefix="/dev")

SAMPLES = ("sample", "crowded", "start")
"""The samples the page offers."""
MAIN_OBJECTIVE = "base.we-need-more-samples"
FIRST_SEED = 11
"""The seed of the new game; each later action takes the next one."""
CALM = "blank"
"""The exposure die face the samples' moves show (as if rolled at the table): nobody is hurt,
so no decision is left pending on the preview."""


class Sample:
    """One game played through the front door: its state, the chart's points, the next seed."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.seed = FIRST_SEED
        self.state: dict[str, Any] = {}
        self.rounds: list[dict[str, int]] = []
        self.act("table", "new_game", setup=setup)
        self.rounds.append(point(self.state, 0))

    def act(self, by: str, kind: str, **arguments: Any) -> list[dict[str, Any]]:
        """Apply one action (RuleError if the rules refuse it); returns its steps."""
        action = {"type": kind, "by": by, "seed": self.seed, **arguments}
        self.seed += 1
        self.state, steps = engine.apply(self.state or None, action)
        if {s["kind"] for s in steps} & ROUND_END_STEPS:
            self.rounds.append(point(self.state, self.state["round"] - 1))
        return steps

    def legal(self, by: str = "table") -> dict[str, Any]:
        """What ``by`` may do now (engine.legal_actions)."""
        return legal_actions(self.state)[by]

    def turn(self, seat_id: str, *, noise: int = 1, symbols: tuple[str, ...] = ()) -> None:
        """A turn of ``seat_id``: its first survivor that can leave goes out, a barricade where
        it went (else at the colony), noise there, crisis cards, then the turn ends."""
        self.act(seat_id, "start_turn")
        moves = self.legal(seat_id).get("move_survivor", {}).get("survivor_id", {})
        where = None
        if moves:
            survivor = sorted(moves)[0]
            places = [p for p in moves[survivor] if p != "colony"]
            if places:
                where = places[len(self.state["survivors"]) % len(places)]
                self.act(seat_id, "move_survivor", survivor_id=survivor, to=where, exposure=CALM)
        targets = self.legal(seat_id).get("add_barricade", {}).get("targets", [])
        there = [t for t in targets if t["place"] == where] or [
            t for t in targets if t["place"] == "colony"
        ]
        if there:
            self.act(
                seat_id, "add_barricade", place=there[0]["place"], entrance=there[0]["entrance"]
            )
        room = MAX_NOISE - next(
            (loc["noise"] for loc in self.state["locations"] if loc["id"] == where), MAX_NOISE
        )
        if where and min(noise, room) > 0:
            self.act(seat_id, "add_noise", location_id=where, count=min(noise, room))
        if symbols:
            self.act(seat_id, "contribute_to_crisis", seat_id=seat_id, symbols=list(symbols))
        self.act(seat_id, "end_turn")


def _setup(names: list[str], survivors: list[list[str]], **kw: Any) -> dict[str, Any]:
    """A new_game setup from cards.db for these seats and their survivors' card ids."""
    seats = [{"name": n, "survivors": s} for n, s in zip(names, survivors, strict=True)]
    return game_setup(cards_db_path(), seats=seats, main_objective=MAIN_OBJECTIVE, **kw)


def _start() -> Sample:
    """Round 1 before the first crisis: two players, a quiet board."""
    return Sample(
        _setup(
            ["Ana", "Bruno"],
            [
                ["base.brian-lee", "base.sparky", "base.carla-thompson"],
                ["base.daniel-smith", "base.andrew-evans", "base.olivia-brown"],
            ],
            variant="two_player",
        )
    )


def _mid_game() -> Sample:
    """Round 2 of three players: a colony phase behind them, a crisis in play, Bruno's turn."""
    game = Sample(
        _setup(
            ["Ana", "Bruno", "Carla"],
            [
                ["base.brian-lee", "base.sparky"],
                ["base.daniel-smith", "base.andrew-evans"],
                ["base.thomas-heart", "base.forest-plum"],
            ],
        )
    )
    game.act("table", "reveal_crisis")
    for k, seat_id in enumerate(_order(game)):
        game.turn(seat_id, noise=k % 2 + 1, symbols=(game.state["crisis"]["prevent"][0],))
    game.act("table", "add_waste", count=7)
    game.act("table", "add_food", count=6)
    game.act("table", "run_colony_phase")
    game.act("table", "reveal_crisis")
    first = _order(game)
    game.turn(first[0], noise=2, symbols=(game.state["crisis"]["prevent"][0], "survivor"))
    game.act(first[1], "start_turn")
    survivor = next(s["id"] for s in game.state["survivors"] if s["owner"] == first[1])
    game.act(first[1], "wound_survivor", survivor_id=survivor, wound="frostbite")
    game.act(first[1], "add_helpless", seat_id=first[1], count=1)
    return game


def _crowded() -> Sample:
    """Five players with long names, The Long Night with Bandits, every entrance crowded."""
    names = [
        "Anastácia Guimarães",
        "Bartholomew",
        "Chidinma Okonkwo-Bell",
        "Dmitri",
        "Evangelina",
    ]
    survivors = [
        ["base.arthur-thurston", "base.sophie-robinson"],
        ["base.annaleigh-chan", "base.carla-thompson"],
        ["base.harman-brooks", "base.andrew-evans"],
        ["base.brandon-kane", "base.daniel-smith"],
        ["base.david-garcia", "base.edward-white"],
    ]
    game = Sample(
        _setup(
            names,
            survivors,
            ruleset="long_night",
            settings={"modules": ["bandits"]},
        )
    )
    longest = max(
        game.state["decks"]["crises"], key=lambda c: len(game.state["cards"]["crises"][c]["name"])
    )
    game.act("table", "reveal_crisis", crisis=longest)
    order = _order(game)
    for seat_id in order[:-1]:
        game.turn(seat_id, noise=3, symbols=("food", "fuel"))
    game.act("table", "add_helpless", count=4, unruly=True)
    for loc in game.state["locations"]:
        free = engine.table_view(game.state)["numbers"]["free_entrance_spaces"][loc["id"]]
        if free > 1:
            game.act("table", "add_zombies_by_hand", place=loc["id"], count=free - 1)
    game.act("table", "add_zombies_by_hand", place="colony", count=9)
    game.act("table", "set_counter", name="waste", value=18)
    game.act("table", "set_counter", name="round_track", value=1)
    game.act("table", "set_counter", name="morale", value=1)
    game.act(order[-1], "start_turn")
    return game


def _order(game: Sample) -> list[str]:
    """The seats in turn order this round (the next to play first)."""
    return turn_order(game.state)


def sample_game(kind: str = "sample") -> Sample:
    """The sample game ``kind`` (one of SAMPLES), played from its new game."""
    return {"sample": _mid_game, "crowded": _crowded, "start": _start}[kind]()


def chart_labels() -> dict[str, str]:
    """The chart's labels in this request's language."""
    return {key: gettext(text) for key, text in DEFAULT_LABELS.items()}


@bp.get("/board")
def board() -> str:
    """Show the board partials with a sample game's view (``?sample=`` one of SAMPLES)."""
    kind = request.args.get("sample", "sample")
    if kind not in SAMPLES:
        abort(404)
    game = sample_game(kind)
    chart = Markup(morale_chart(game.rounds, chart_labels()))
    view = engine.table_view(game.state)
    return render_template("dev/board.html", view=view, chart=chart, sample=kind)
