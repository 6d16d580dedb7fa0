"""A log that is the game: replaying it gives the identical state; views keep their secrets;
the actions the views list as legal are accepted and the others refused."""

from __future__ import annotations

import json
import random

import pytest

import companion.engine as engine
from tests import play

GAMES = [(3, 1), (4, 7), (5, 11), (2, 5), (3, 23)]


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}p-seed{g[1]}")
def game(request):
    """A whole random game played through the front door, with its log."""
    players, seed = request.param
    state, log, refused = play.play(players, seed, limit=900, busy=0.3)
    assert refused == 0, "an action the views listed as legal was refused"
    return state, log


def test_replaying_the_log_gives_the_identical_game(game):
    state, log = game
    assert engine.to_json(engine.replay(log)) == engine.to_json(state)
    assert engine.to_json(engine.replay(json.loads(json.dumps(log)))) == engine.to_json(state)


def test_a_log_row_is_a_few_hundred_bytes_after_new_game(game):
    _, log = game
    assert log[0]["type"] == "new_game"
    sizes = [len(json.dumps(a)) for a in log[1:]]
    assert sizes and max(sizes) < 400


def test_later_actions_name_cards_by_id_only(game):
    _, log = game
    for action in log[1:]:
        for value in action.values():
            assert not isinstance(value, dict) or all(
                not isinstance(v, dict) for v in value.values()
            )


def test_replay_refuses_a_log_that_does_not_start_with_a_new_game(game):
    _, log = game
    with pytest.raises(engine.RuleError):
        engine.replay(log[1:])
    with pytest.raises(engine.RuleError):
        engine.replay([])


def _secret_strings(state, seat_id):
    """Names, goals and ids of every card only this seat may see now."""
    mine = state["secrets"][seat_id]
    found = []
    for key, kind in (
        ("objective", "objectives"),
        ("exiled_objective", "objectives"),
        ("crossroads", "crossroads"),
    ):
        card_id = mine[key]
        if card_id:
            card = state["cards"][kind][card_id]
            found += [card_id, card["name"]]
            found += [card[f] for f in ("goal", "trigger") if card.get(f)]
    for card_id in mine["dealt_survivors"]:
        found.append(card_id)
    return found


def _walk(players, seed, limit=400):
    """Every state of a random game, in order."""
    rng = random.Random(seed)
    state, _ = play.start(players, seed, deal=seed % 2 == 0)
    yield state
    for _ in range(limit):
        if state.get("ended") and state["ended"]["winners"] is not None:
            return
        state, _ = engine.apply(state, play.next_action(state, rng, busy=0.3))
        yield state


@pytest.mark.parametrize("seed", [2, 3, 8, 13])
def test_no_view_carries_a_card_that_is_not_its_own(seed):
    for state in _walk(3 + seed % 3, seed):
        if state.get("ended") and state["ended"]["winners"] is not None:
            break  # every objective is public once the winners are declared
        table = json.dumps(engine.table_view(state))
        views = {s["id"]: json.dumps(engine.seat_view(state, s["id"])) for s in state["seats"]}
        revealed = state.get("turn") and state["turn"].get("crossroads_revealed")
        for s in state["seats"]:
            for secret in _secret_strings(state, s["id"]):
                if revealed and secret in json.dumps(engine.table_view(state)["turn"]):
                    continue  # a revealed crossroads card is public
                assert secret not in table, (s["id"], secret)
                for other, text in views.items():
                    if other != s["id"]:
                        assert secret not in text, (s["id"], other, secret)


def test_the_owner_view_resolves_its_cards_to_their_facts():
    state, _ = play.start(3, 9)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    drawer = state["turn"]["crossroads_drawer"]
    mine = engine.seat_view(state, drawer)["mine"]
    card = mine["crossroads"]
    assert card["name"] and card["trigger"] and card["options"][0]["text"]
    assert mine["objective"]["name"] and mine["objective"]["goal"]
    assert engine.table_view(state)["turn"]["crossroads_holder"] == drawer
    assert engine.table_view(state)["turn"]["crossroads"] is None
    state, _ = engine.apply(state, {"type": "reveal_crossroads", "by": drawer})
    shown = engine.table_view(state)["turn"]["crossroads"]
    assert shown["id"] == card["id"] and shown["options"] == card["options"]


def test_ballots_stay_secret_until_the_vote_is_settled():
    state, _ = play.start(3, 9)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    active = state["turn"]["seat"]
    target = next(s["id"] for s in state["seats"] if s["id"] != active)
    state, _ = engine.apply(
        state, {"type": "call_exile_vote", "by": active, "target": target, "seed": 1}
    )
    state, steps = engine.apply(state, {"type": "cast_vote", "by": active, "up": False})
    table = engine.table_view(state)
    assert table["waiting"]["kind"] == "vote" and table["waiting"]["voted"] == [active]
    assert "votes" not in json.dumps(table["pending"])
    assert engine.seat_view(state, active)["mine"]["ballot"] is False
    assert engine.seat_view(state, target)["mine"]["ballot"] is None
    assert "up" not in json.dumps(steps) and "False" not in json.dumps(steps)
    with pytest.raises(engine.RuleError, match="already voted"):
        engine.apply(state, {"type": "cast_vote", "by": active, "up": True})


PROBES = [
    {"type": "end_turn"},
    {"type": "start_turn"},
    {"type": "add_barricade", "place": "colony", "entrance": 1},
    {"type": "play_cards", "count": 1},
    {"type": "contribute_to_crisis", "symbols": ["food"]},
    {"type": "reveal_crossroads"},
    {"type": "cast_vote", "up": True},
    {"type": "resolve_bite", "choice": "kill"},
    {"type": "mark_objective", "complete": True},
    {"type": "spend_food", "count": 1},
    {"type": "withdraw_from_crisis"},
]


@pytest.mark.parametrize("seed", [4, 6, 12])
def test_what_a_phone_is_not_offered_it_cannot_do(seed):
    for state in _walk(3, seed, limit=250):
        for s in state["seats"]:
            legal = engine.seat_view(state, s["id"])["legal"][s["id"]]
            for probe in PROBES:
                if probe["type"] in legal:
                    continue
                with pytest.raises(engine.RuleError):
                    engine.apply(state, {**probe, "by": s["id"], "seed": 1})
