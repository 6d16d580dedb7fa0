"""The front door: only RuleError ever escapes apply, and a refused action changes nothing."""

from __future__ import annotations

import collections.abc
import contextlib
import copy
import json
import pickle
import random
import re
import types
import typing
from functools import cache
from pathlib import Path

import pytest
from helpers.junk import JUNK
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

import companion.engine as engine
from companion.engine.actions import ACTIONS, PARAMETERS
from companion.engine.core import declare as act
from companion.engine.legal import legal_for
from tests import play
from tests.test_engine_state import documented_paths, walk


def _states() -> list[dict]:
    """Real states from several moments of several games (setup, turns, colony, votes, end)."""
    found: dict[str, dict] = {}
    for seed in range(1, 46):
        rng = random.Random(seed)
        modules = {"settings": {"modules": ["improvements"]}} if seed >= 40 else {}
        state, _ = play.start(3 + seed % 3, seed, deal=seed % 4 == 0, **modules)
        for _ in range(300):
            pending = (state.get("pending") or {}).get("kind", "")
            improving = bool(state.get("improvements"))
            key = f"{state['phase']}:{bool(state.get('turn'))}:{pending}:{improving}"
            found.setdefault(key, state)
            if state.get("ended") and state["ended"]["winners"] is not None:
                break
            state, _ = engine.apply(state, play.next_action(state, rng, busy=0.4))
        found.setdefault("over", state)
    return list(found.values())


def _bandit_states() -> list[dict]:
    """Long Night games with the Bandits module: bandits on the board, cards on the Hideout,
    and the bandit leader's decision waiting (an exiled player who is not a betrayer)."""
    found: dict[str, dict] = {}
    for seed in range(1, 4):
        rng = random.Random(seed)
        state, _ = play.start(3, seed, ruleset="long_night", settings={"modules": ["bandits"]})
        for _ in range(200):
            cards = state["bandits"]["hideout_cards"] > 0
            key = f"{state['phase']}:{bool(state.get('turn'))}:{cards}"
            found.setdefault(key, state)
            if state.get("ended"):
                break
            state, _ = engine.apply(state, play.next_action(state, rng, busy=0.4))
    start = next(s for s in found.values() if s["phase"] == "player_turns" and not s["turn"])
    led = engine.from_json(engine.to_json(start))
    led["crisis"], led["seats"][2]["exiled"] = None, True
    led["secrets"]["s3"]["objective"] = next(
        c for c, card in led["cards"]["objectives"].items() if card["kind"] == "normal"
    )
    found["leader"], _ = engine.apply(led, {"type": "reveal_crisis", "by": "table", "seed": 1})
    assert found["leader"]["pending"]["kind"] == "bandit_placement"
    return list(found.values())


@cache
def sample_states() -> list[dict]:
    """The real states the tests draw from, played once per test process at first use (not at
    collection, which every worker pays)."""
    return _states() + _bandit_states()


def test_the_sample_covers_the_moments_of_a_game():
    keys = {
        (s["phase"], bool(s.get("turn")), (s.get("pending") or {}).get("kind"))
        for s in sample_states()
    }
    assert ("player_turns", True, None) in keys
    assert ("player_turns", False, None) in keys
    assert ("setup", False, None) in keys
    assert any(k[2] == "vote" for k in keys)
    assert any(k[0] == "ended" for k in keys)
    assert any(k[2] == "bandit_placement" for k in keys)
    assert any(s.get("bandits", {}).get("hideout_cards") for s in sample_states())


def plausible(state: dict) -> st_.SearchStrategy:
    """Values that get deep into an entry point: this game's ids, small numbers, vocabulary."""
    ids = [s["id"] for s in state["seats"]] + [s["id"] for s in state["survivors"]]
    ids += [loc["id"] for loc in state["locations"]] + ["colony"]
    ids += list(state["decks"].get("survivors", []))[:3] + list(state["cards"]["crises"])[:3]
    ids += [imp["id"] for imp in state.get("improvements", [])]
    words = ["food", "fuel", "blank", "wound", "frostbite", "bite", "kill", "roll", "morale"]
    return (
        st_.sampled_from(ids + words)
        | st_.integers(min_value=0, max_value=8)
        | st_.booleans()
        | st_.lists(st_.sampled_from(ids + words), max_size=3)
        | st_.dictionaries(
            st_.sampled_from(ids), st_.booleans() | st_.sampled_from(ids), max_size=4
        )
    )


@st_.composite
def actions(draw, kind: str, state: dict) -> dict:
    """An action of one type: its own argument names with values that are sometimes plausible,
    sometimes junk; a real actor nearly always, a seed usually, and now and then a private or
    unknown key."""
    names = sorted(PARAMETERS[kind])
    values = plausible(state) | plausible(state) | JUNK
    action = {"type": kind}
    for name in names:
        if draw(st_.integers(0, 3)):
            action[name] = draw(values)
    actors = ["table"] + [s["id"] for s in state["seats"]]
    if draw(st_.integers(0, 15)):
        action["by"] = draw(st_.sampled_from(actors))
    elif draw(st_.booleans()):
        action["by"] = draw(JUNK)
    if draw(st_.integers(0, 3)):
        action["seed"] = draw(st_.integers(min_value=0, max_value=2**63))
    elif draw(st_.booleans()):
        action["seed"] = draw(JUNK)
    if not draw(st_.integers(0, 15)):
        action[draw(st_.sampled_from(["rng", "state", "bogus"]))] = draw(JUNK)
    return action


@pytest.mark.parametrize("examples", [10, pytest.param(100, marks=pytest.mark.proof)])
@pytest.mark.parametrize("kind", sorted(ACTIONS))
def test_only_rule_errors_escape_and_refusals_change_nothing(kind, examples):
    """Junk and near-misses for each action: a few in the default run, 100 marked ``proof``."""

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st_.data())
    def one(data):
        state = data.draw(st_.sampled_from(sample_states()))
        action = data.draw(actions(kind, state))
        before = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)  # a snapshot: apply changes nothing
        try:
            new, steps = engine.apply(state, action)
        except engine.RuleError as exc:
            assert str(exc)
        else:
            for name, value in action.items():
                if name not in ("type", "by", "seed"):
                    assert fits(value, PARAMETERS[kind][name][0]), (name, value)
            assert action["by"] in ["table"] + [s["id"] for s in state["seats"]]
            json.dumps(steps)
            assert_valid(new)
        assert pickle.loads(before) == state

    one()


def fits(value, hint) -> bool:
    """An independent oracle: does an accepted argument have its declared JSON type?"""
    origin = typing.get_origin(hint)
    if hint is typing.Any:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return value is True or value is False
    if hint is int:
        return type(value) is int and 0 <= value <= 999
    if hint is str:
        return type(value) is str and value != ""
    if origin in (list, collections.abc.Sequence):
        (item,) = typing.get_args(hint) or (typing.Any,)
        return type(value) is list and all(fits(v, item) for v in value)
    if origin in (dict, collections.abc.Mapping):
        key, item = typing.get_args(hint) or (str, typing.Any)
        return type(value) is dict and all(fits(k, key) and fits(v, item) for k, v in value.items())
    return False


def assert_valid(st: dict) -> None:
    """A state every screen can show: JSON, whole non-negative counters, pieces that fit."""
    json.dumps(st)
    for key in ("morale", "round", "round_track", "food", "starvation", "waste"):
        assert type(st[key]) is int and st[key] >= 0, key
    for kind in ("normal", "unruly"):
        assert type(st["helpless"][kind]) is int and st["helpless"][kind] >= 0
    ents = st["colony"]["entrances"] + [loc["entrance"] for loc in st["locations"]]
    for ent in ents:
        for key in ("zombies", "barricades", "traps"):
            assert type(ent[key]) is int and ent[key] >= 0
        assert ent["zombies"] + ent["barricades"] + ent["traps"] <= ent["spaces"]
    for loc in st["locations"]:
        assert type(loc["noise"]) is int and 0 <= loc["noise"] <= 4
    seats = {s["id"] for s in st["seats"]}
    for surv in st["survivors"]:
        assert surv["owner"] in seats
        assert surv["location"] == "colony" or any(
            loc["id"] == surv["location"] for loc in st["locations"]
        )
        tokens = [surv["wounds"], surv["frostbite"], surv["despair"]]
        assert all(type(t) is int and t >= 0 for t in tokens) and sum(tokens) < 3
    for imp in st.get("improvements", []):  # 000:717: active exactly once tokens reach needs
        assert 1 <= imp["needs"] <= 12 and imp["tokens"] >= 0
        assert imp["active"] == (imp["tokens"] >= imp["needs"])
    assert len([imp for imp in st.get("improvements", []) if not imp["active"]]) <= 4
    assert st["main_objective"].get("progress", 0) >= 0
    engine.table_view(st)


JUNK_SIZES = [60, pytest.param(300, marks=pytest.mark.proof)]
"""Examples of the junk setups: 60 in the default run, 300 marked ``proof``."""


@pytest.mark.parametrize("examples", JUNK_SIZES)
def test_new_game_from_junk_is_refused_cleanly(examples):
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(setup=JUNK, seed=st_.integers(0, 2**63) | JUNK)
    def one(setup, seed):
        with contextlib.suppress(engine.RuleError):
            engine.apply(None, {"type": "new_game", "by": "table", "setup": setup, "seed": seed})

    one()


REAL_SETUP = play.setup_for(3)


@pytest.mark.parametrize("examples", JUNK_SIZES)
def test_junk_inside_a_real_setup_is_refused_cleanly(examples):
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st_.data())
    def one(data):
        setup = copy.deepcopy(REAL_SETUP)  # the same setup each time, without reading cards.db
        key = data.draw(st_.sampled_from(sorted(setup)))
        if isinstance(setup[key], list) and setup[key]:
            n = data.draw(st_.integers(0, len(setup[key]) - 1))
            record = setup[key][n]
            if isinstance(record, dict):
                field = data.draw(st_.sampled_from(sorted(record)))
                record[field] = data.draw(JUNK)
            else:
                setup[key][n] = data.draw(JUNK)
        else:
            setup[key] = data.draw(JUNK)
        try:
            state, _ = engine.apply(
                None, {"type": "new_game", "by": "table", "setup": setup, "seed": 1}
            )
        except engine.RuleError:
            return
        json.dumps(state)
        engine.table_view(state)

    one()


def _turn_state() -> dict:
    """A game with a crisis revealed and the first turn begun."""
    state, _ = play.start(3, 4)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 1})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "table"})
    return state


def test_a_bool_is_a_bool_not_the_text_false():
    state = _turn_state()
    active = state["turn"]["seat"]
    action = {"type": "play_cards", "by": active, "count": 2, "event": "false"}
    with pytest.raises(engine.RuleError, match="true or false"):
        engine.apply(state, action)
    new, _ = engine.apply(state, {**action, "event": False})
    assert new["waste"] == state["waste"] + 2


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"count": True}, "whole number"),
        ({"count": 1.0}, "whole number"),
        ({"count": 10**9}, "from 0 to 999"),
        ({"count": -1}, "from 0 to 999"),
        ({"colour": "red"}, "takes no argument"),
        ({"rng": 4}, "takes no argument"),
        ({"state": {}}, "takes no argument"),
    ],
)
def test_arguments_are_bound_and_checked_strictly(extra, message):
    state = _turn_state()
    action = {"type": "play_cards", "by": state["turn"]["seat"], **extra}
    with pytest.raises(engine.RuleError, match=message):
        engine.apply(state, action)


def test_a_missing_argument_and_actor_are_named():
    state = _turn_state()
    with pytest.raises(engine.RuleError, match="needs place"):
        engine.apply(state, {"type": "add_barricade", "by": "table"})
    with pytest.raises(engine.RuleError, match="names its actor"):
        engine.apply(state, {"type": "add_barricade", "place": "colony", "entrance": 1})
    with pytest.raises(engine.RuleError, match="unknown action"):
        engine.apply(state, {"type": "teleport", "by": "table"})


def test_an_action_that_rolls_needs_a_seed():
    state = _turn_state()
    state, _ = engine.apply(state, {"type": "end_turn", "by": "table"})
    action = {"type": "run_colony_phase", "by": "table"}
    with pytest.raises(engine.RuleError, match="seed"):
        engine.apply(state, action)
    first, _ = engine.apply(state, {**action, "seed": 77})
    second, _ = engine.apply(state, {**action, "seed": 77})
    assert engine.to_json(first) == engine.to_json(second)


def test_new_game_is_the_first_action_and_only_the_table_starts_one():
    setup = play.setup_for(3)
    state, steps = engine.apply(
        None, {"type": "new_game", "by": "table", "setup": setup, "seed": 3}
    )
    assert state["schema"] == engine.SCHEMA and steps
    with pytest.raises(engine.RuleError, match="only the table"):
        engine.apply(None, {"type": "new_game", "by": "s1", "setup": setup, "seed": 3})
    with pytest.raises(engine.RuleError, match="from nothing"):
        engine.apply(state, {"type": "new_game", "by": "table", "setup": setup, "seed": 3})


# --- the legal list is the only door: random whole games through apply --------------------

LONG_NIGHT = {
    "ruleset": "long_night",
    "settings": {"modules": ["bandits", "raxxon", "improvements"]},
}
CONFIGS = {
    "base-3": (3, {}),
    "base-5": (5, {}),
    "long-night-all": (4, LONG_NIGHT),
    "r2": (3, {**LONG_NIGHT, "scenario": {"name": "raxxon", "chapter": 2}}),
    "b2": (3, {**LONG_NIGHT, "scenario": {"name": "bandit_blitz", "chapter": 2}}),
    "base-noise-entered": (4, {"settings": {"noise_dice": "entered"}}),
    "long-night-noise-entered": (
        3,
        {**LONG_NIGHT, "settings": {**LONG_NIGHT["settings"], "noise_dice": "entered"}},
    ),
}
"""The games the property plays: the base game with 3 and 5 players, The Long Night with every
module, two chapters of its special scenarios, and a table entering its own noise dice in each
ruleset."""


def _pool(listed) -> list:
    """The values a choices entry lists (a map lists its keys)."""
    return list(listed) if isinstance(listed, dict | list | tuple) else []


def _candidates(state: dict) -> list:
    """Values of the right JSON kinds a screen could never offer where they are not listed."""
    ids = [s["id"] for s in state["seats"]] + [s["id"] for s in state["survivors"]]
    ids += [loc["id"] for loc in state["locations"]] + ["colony", "blank", "bite", "food"]
    return [*ids, 0, 1, 2, 5, 9, True, False]


def unlisted_value(declared, choices: dict, action: dict, rng: random.Random):
    """(argument, value) for one argument of ``action`` set to a value its domain does not list
    now (read independently of the door: membership in the listed pool), or None."""
    names = [a for a in action if a in declared.parameters]
    names += [a for a, d in declared.domains.items() if d.kind == "dice" and a not in names]
    rng.shuffle(names)
    for arg in names:
        dom = declared.domain(arg)
        key = dom.key or arg
        off = unlisted_roll(dom, choices.get(key), action.get(arg), rng)
        if off is None:
            off = unlisted_entry(dom, choices.get(key), action, arg, rng)
        if off is not None:
            return arg, off
        if dom.kind not in ("among", "keyed") or key not in choices:
            continue
        listed = choices[key]
        if dom.kind == "keyed" and isinstance(listed, dict):
            listed = listed.get(action.get(dom.by[0]))
            if dom.sub is not None:
                listed = listed.get(dom.sub) if isinstance(listed, dict) else None
        pool = _pool(listed)
        hint = declared.parameters[arg][0]
        options = [
            v
            for v in _candidates_for(action, arg)
            if v not in pool and type(v) is type(action[arg]) and fits(v, hint)
        ]
        if options and not isinstance(action[arg], list | dict):
            assert act.REGISTRY[declared.name] is declared
            return arg, rng.choice(options)
    return None


def unlisted_roll(dom, listed, value, rng: random.Random):
    """For dice (a face per noise token ``listed`` names) or a vote (one from each listed
    voter): the value with a face no die shows, one die more or fewer, a voter left out or one
    who may not vote; None for any other domain, or a vote not listed now."""
    if dom.kind == "dice":
        listed = listed or {"places": [], "faces": [1]}
        faces = [1] * len(listed["places"]) if value is None else list(value)
        wrong = [f for f in (0, 1, 6, 7, 2) if f not in listed["faces"]]
        tries = [[*faces, rng.choice(listed["faces"])]]
        if faces:
            tries += [faces[:-1], [rng.choice(wrong), *faces[1:]]]
        return rng.choice(tries)
    if dom.kind == "each" and isinstance(value, dict) and listed is not None:
        voters = list(value)
        others = [v for v in _CANDIDATES if isinstance(v, str) and v not in listed]
        tries = [{**value, rng.choice(others): True}] if others else []
        tries += [{v: value[v] for v in voters[1:]}] if voters else []
        return rng.choice(tries) if tries else None
    return None


def unlisted_entry(dom, listed, action: dict, arg: str, rng: random.Random):
    """For a keyed map (where an exiled player's survivors go): the value with one entry sent
    where its key's listing does not go, or one entry for a key not listed; None otherwise."""
    value = action.get(arg)
    if dom.kind != "keyed" or not isinstance(value, dict) or not isinstance(listed, dict):
        return None
    at = listed.get(action.get(dom.by[0]))
    if not isinstance(at, dict):
        return None
    strings = [v for v in _CANDIDATES if isinstance(v, str)]
    tries = [
        {**value, k: wrong}
        for k in at
        for wrong in [rng.choice([v for v in strings if v not in at[k]] or ["nowhere"])]
    ]
    strangers = [v for v in strings if v not in at]
    if strangers and at:
        tries.append(
            {**value, rng.choice(strangers): rng.choice(next(iter(at.values())) or strings)}
        )
    return rng.choice(tries) if tries else None


_CANDIDATES: list = []


def rows_naming_several() -> set[str]:
    """Every name in the first cell of docs/state.md's field list, where one row names several
    fields (`pending.seat`, `pending.ask`, ...): the shared parser reads the first only."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "state.md").read_text("utf-8")
    section = text.split("## Field list", 1)[1].split("\n## ", 1)[0]
    cells = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return {name for cell in cells for name in re.findall(r"`([^`]+)`", cell)}


IN_PROSE = (
    *(f"pending.{key}" for key in ("asked.", "choices.", "context.", "effect.", "later[].")),
    "secrets.<seat>.crossroads_hint",
    "cards.crossroads.<id>.trigger_",
    "reveal",
)
"""Fields docs/state.md describes inside another row's text: the inner keys of a pending
decision's records, a crossroads card's hint and structured trigger, the reveal."""


def _candidates_for(action: dict, arg: str) -> list:
    """The candidate values for the game being played (set per game by ``check_game``)."""
    return _CANDIDATES


def check_game(players: int, seed: int, limit: int, **kw) -> dict:
    """Play one random game through apply only, checking the door at every step; returns the
    figures (actions, offered-but-refused, unlisted-but-accepted, unlisted tried, stuck)."""
    documented = set(documented_paths()) | rows_naming_several()
    rng = random.Random(seed)
    state, log = play.start(players, seed, **kw)
    _CANDIDATES[:] = _candidates(state)
    figures = dict(games=1, actions=0, offered_refused=0, unlisted_accepted=0, unlisted=0)
    figures["stuck"] = 0
    actors = ["table"] + [s["id"] for s in state["seats"]]
    for _ in range(limit):
        if state.get("ended") and state["ended"]["winners"] is not None:
            break
        try:
            action = play.next_action(state, rng)
        except AssertionError:
            figures["stuck"] += 1
            break
        # an unlisted value, an unlisted type, another actor: each refused, the state unchanged
        before = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        declared = act.REGISTRY[action["type"]]
        listed = legal_for(state, action["by"])
        tries = []
        found = unlisted_value(declared, listed[action["type"]], action, rng)
        if found is not None:
            tries.append({**action, found[0]: found[1]})
        closed = sorted(k for k in ACTIONS if k not in listed and k != "new_game")
        if closed:
            tries.append({"type": rng.choice(closed), "by": action["by"], "seed": 1})
        others = [a for a in actors if action["type"] not in legal_for(state, a)]
        if others:
            tries.append({**action, "by": rng.choice(others)})
        for tried in tries:
            figures["unlisted"] += 1
            try:
                engine.apply(state, tried)
            except engine.RuleError:
                pass
            else:
                figures["unlisted_accepted"] += 1
        assert pickle.loads(before) == state
        try:
            state, _ = engine.apply(state, action)
        except engine.RuleError:
            figures["offered_refused"] += 1
            continue
        log.append(action)
        figures["actions"] += 1
        found_paths: dict = {}
        walk(state, "", found_paths)
        undocumented = {p for p in found_paths if not p.startswith(IN_PROSE)} - documented
        assert not undocumented, sorted(undocumented)
        assert state["turn"] is None or state["phase"] == "player_turns"
        assert state["colony_step"] is None or state["phase"] == "colony"
    assert engine.replay(log) == state
    return figures


@pytest.mark.parametrize(
    "examples,limit", [(2, 60), pytest.param(12, 400, marks=pytest.mark.proof)]
)
@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_the_legal_list_and_apply_agree_on_random_whole_games(config, examples, limit):
    """Random games played only through apply: every listed choice is accepted, unlisted values,
    types and actors are refused, no game is stuck and the log replays to the same state, which
    has only the fields docs/state.md lists (turn and colony step null outside their phase)."""
    players, kw = CONFIGS[config]

    # the same games in every run (CI must not hang on a draw); a search with fresh draws is
    # `derandomize=False` here, which once found seed 28904 of long-night-all refused an offer
    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=st_.integers(min_value=1, max_value=10**6))
    def one(seed):
        figures = check_game(players, seed, limit, **kw)
        assert figures["offered_refused"] == 0, figures
        assert figures["unlisted_accepted"] == 0, figures
        assert figures["stuck"] == 0, figures

    one()
