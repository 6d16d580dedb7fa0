"""Game setup: tracks from the main objective, survivors, first player, validation."""

from __future__ import annotations

import copy
import random

import pytest
from factory import COLONY_CARD, LOCATIONS, SAMPLES, SURVIVORS, make_setup, objective_cards
from hypothesis import given, settings
from hypothesis import strategies as st_

from companion.engine.core.errors import RuleError
from companion.engine.sentences import render_steps
from companion.engine.setup.new_game import new_game


def kinds(steps):
    return [s["kind"] for s in steps]


def test_we_need_more_samples_standard_side():
    """002 "Game Setup" 3: We Need More Samples: morale 6, round track 6, 1 zombie per location."""
    st, steps = new_game(make_setup(3), random.Random(1))
    assert st["main_objective"]["id"] == "base.we-need-more-samples"
    assert st["main_objective"]["side"] == "standard"
    assert (st["morale"], st["round_track"], st["round"]) == (6, 6, 1)
    assert [loc["entrance"]["zombies"] for loc in st["locations"]] == [1] * 6
    assert [e["zombies"] for e in st["colony"]["entrances"]] == [0] * 6
    assert st["phase"] == "player_turns" and st["crisis"] is None
    assert st["ended"] is None and st["pending"] is None and st["turn"] is None
    assert kinds(steps)[0] == "game_set_up"
    assert steps[0]["morale"] == 6 and steps[0]["round_track"] == 6
    assert kinds(steps).count("zombie_placed") == 6
    assert [s["count"] for s in steps if s["kind"] == "starting_items"] == [5]
    assert all(isinstance(t, str) and t for t in render_steps(steps))


def test_we_need_more_samples_hardcore_side():
    """002 "Hardcore Variant": morale 6, round track 5, 3 zombies at every non-colony location."""
    st, steps = new_game(make_setup(3, variant="hardcore"), random.Random(1))
    assert st["main_objective"]["side"] == "hardcore"
    assert (st["morale"], st["round_track"]) == (6, 5)
    # The gas station has 2 entrance spaces: the third zombie finds it full with nobody there.
    assert [loc["entrance"]["zombies"] for loc in st["locations"]] == [3, 3, 3, 3, 3, 2]
    assert kinds(steps).count("overrun_nobody") == 1
    # Hardcore still deals secret objectives.
    assert all(st["secrets"][s["id"]]["objective"] for s in st["seats"])


@pytest.mark.parametrize("variant", ["coop", "two_player"])
def test_coop_variants_use_the_hardcore_side(variant):
    """002 "Co-op Variant" and "2 Player Variant": the hardcore side of the main objective."""
    players = 2
    st, _ = new_game(make_setup(players, variant=variant), random.Random(3))
    assert st["main_objective"]["side"] == "hardcore"
    assert st["round_track"] == 5


def test_food_helpless_and_colony_zombies_come_from_the_side():
    main = copy.deepcopy(SAMPLES)
    main["standard"].update(food=3, helpless=2, colony_zombies=8, extra="Shuffle something.")
    st, steps = new_game(make_setup(2, main_objective=main), random.Random(1))
    assert st["food"] == 3
    assert st["helpless"] == {"normal": 2, "unruly": 0}
    # 8 colony zombies go round the entrances from entrance 1 (002 "Adding Zombies").
    assert [e["zombies"] for e in st["colony"]["entrances"]] == [2, 2, 1, 1, 1, 1]
    assert "setup_extra" in kinds(steps)
    assert kinds(steps).index("zombies_to_add") > kinds(steps).index("game_set_up")
    first_add = next(s for s in steps if s["kind"] == "zombies_to_add")
    assert first_add["where"] == "colony" and first_add["count"] == 8


def test_survivors_go_to_the_colony_with_the_first_as_leader():
    st, _ = new_game(make_setup(3), random.Random(1))
    assert len(st["survivors"]) == 6
    assert all(v["location"] == "colony" for v in st["survivors"])
    for seat in st["seats"]:
        group = [v for v in st["survivors"] if v["owner"] == seat["id"]]
        assert len(group) == 2
        assert [v["leader"] for v in group] == [True, False]
    assert [s["name"] for s in st["seats"]] == ["Ana", "Bruno", "Carla"]
    assert [s["id"] for s in st["seats"]] == ["s1", "s2", "s3"]


def test_first_player_is_the_highest_influence_leader():
    """002 "Game Setup" 14: leaders 32, 64 and 58 (followers don't count): Bruno (64) starts."""
    st, steps = new_game(make_setup(3), random.Random(1))
    assert st["first_player"] == "s2"
    chosen = next(s for s in steps if s["kind"] == "first_player_chosen")
    assert chosen["seat"] == "s2" and chosen["influence"] == 64 and chosen["tied_with"] == ""
    assert chosen["leader"] == "Survivor 2"


def test_first_player_ignores_a_high_influence_follower():
    setup = make_setup(2)
    # Ana: leader 32, follower 10; Bruno: leader 20, follower 64 (swap Bruno's order).
    setup["seats"][1]["survivors"].reverse()
    st, _ = new_game(setup, random.Random(1))
    assert st["first_player"] == "s1"


def test_first_player_tie_goes_to_the_first_listed_seat():
    setup = make_setup(3)
    setup["seats"][2]["survivors"][0]["influence"] = 64
    st, steps = new_game(setup, random.Random(1))
    assert st["first_player"] == "s2"
    chosen = next(s for s in steps if s["kind"] == "first_player_chosen")
    assert chosen["tied_with"] == "Carla"
    assert "Tied with Carla" in render_steps([chosen])[0]


def test_objective_steps_are_private_and_the_summary_is_public():
    st, steps = new_game(make_setup(4), random.Random(5))
    private = [s for s in steps if s.get("private")]
    assert [s["kind"] for s in private] == ["objective_received"] * 4
    for s in private:
        assert s["private"] == s["seat"]
        assert st["secrets"][s["seat"]]["objective"] == s["objective"]
        assert st["cards"]["objectives"][s["objective"]]["name"] == s["name"]
    dealt = next(s for s in steps if s["kind"] == "objectives_dealt")
    assert "private" not in dealt and dealt["players"] == 4
    public_text = " ".join(render_steps([s for s in steps if not s.get("private")]))
    for s in private:
        assert s["name"] not in public_text


def test_coop_deals_no_objectives_and_no_exiled_deck():
    st, steps = new_game(make_setup(3, variant="coop"), random.Random(2))
    assert all(st["secrets"][s["id"]]["objective"] is None for s in st["seats"])
    assert st["decks"]["exiled_objectives"] == []
    assert "objective_received" not in kinds(steps)
    assert next(s for s in steps if s["kind"] == "no_secret_objectives")["reason"] == "coop"
    assert "t.noncoop" not in st["decks"]["crossroads"]


def test_coop_allows_one_player():
    """Ruling: a solo co-op game is allowed."""
    st, _ = new_game(make_setup(1, variant="coop"), random.Random(2))
    assert len(st["seats"]) == 1 and st["first_player"] == "s1"


def test_two_player_variant_keeps_three_survivors():
    """002 "2 Player Variant": each player keeps 3 survivors."""
    st, steps = new_game(make_setup(2, variant="two_player"), random.Random(2))
    assert [s["count"] for s in steps if s["kind"] == "starting_items"] == [7]
    assert [len([v for v in st["survivors"] if v["owner"] == s]) for s in ("s1", "s2")] == [3, 3]
    setup = make_setup(2, variant="two_player")
    setup["seats"][0]["survivors"].pop()
    with pytest.raises(RuleError, match="must start with 3 survivors, not 2"):
        new_game(setup, random.Random(2))


def test_missing_objectives_means_none_dealt():
    setup = make_setup(3)
    del setup["objectives"]
    st, steps = new_game(setup, random.Random(2))
    assert all(st["secrets"][s["id"]]["objective"] is None for s in st["seats"])
    assert next(s for s in steps if s["kind"] == "no_secret_objectives")["reason"] == "none_given"


def test_missing_decks_are_empty():
    setup = make_setup(2)
    for key in ("crossroads", "crises", "objectives"):
        del setup[key]
    st, steps = new_game(setup, random.Random(2))
    assert st["decks"] == {"crossroads": [], "exiled_objectives": [], "crises": [], "survivors": []}
    assert st["cards"]["crossroads"] == {} and st["cards"]["crises"] == {}
    assert st["cards"]["objectives"] == {}
    built = next(s for s in steps if s["kind"] == "decks_built")
    assert (built["crossroads"], built["crises"], built["exiled_objectives"]) == (0, 0, 0)


def test_too_few_objectives_names_the_counts():
    setup = make_setup(4, objectives=objective_cards(normal=7))
    with pytest.raises(RuleError, match=r"needs 8 normal objectives .* only 7"):
        new_game(setup, random.Random(2))


def test_settings_filter_the_decks():
    setup = make_setup(
        3, settings={"mature": False, "modules": ["bandits"], "player_elimination": True}
    )
    st, _ = new_game(setup, random.Random(2))
    assert sorted(st["decks"]["crossroads"]) == ["t.bandit", "t.noncoop", "t.plain-1", "t.plain-2"]
    assert sorted(st["decks"]["crises"]) == ["t.crisis-1", "t.crisis-2", "t.crisis-bandit"]
    # Only the playable cards enter the catalogue (the mature and Raxxon cards do not).
    assert sorted(st["cards"]["crossroads"]) == sorted(st["decks"]["crossroads"])
    assert sorted(st["cards"]["crises"]) == sorted(st["decks"]["crises"])
    assert st["settings"]["modules"] == ["bandits"]
    assert st["settings"]["player_elimination"] is True


def test_setup_is_deterministic_for_a_seed_and_leaves_input_alone():
    setup = make_setup(4)
    before = copy.deepcopy(setup)
    a = new_game(setup, random.Random(9))
    b = new_game(setup, random.Random(9))
    assert a == b
    assert setup == before


def test_names_are_stripped():
    setup = make_setup(2)
    setup["seats"][0]["name"] = "  Ana   Maria "
    st, _ = new_game(setup, random.Random(1))
    assert st["seats"][0]["name"] == "Ana Maria"


def test_colony_card_sets_colony_capacities():
    setup = make_setup(2)
    setup["locations"][0] = {**COLONY_CARD, "survivor_spaces": 12, "entrance_spaces": 4}
    st, _ = new_game(setup, random.Random(1))
    assert st["colony"]["survivor_spaces"] == 12
    assert [e["spaces"] for e in st["colony"]["entrances"]] == [4] * 6
    assert [e["number"] for e in st["colony"]["entrances"]] == [1, 2, 3, 4, 5, 6]
    assert all(loc["id"] != "base.colony" for loc in st["locations"])


def bad(setup, match):
    with pytest.raises(RuleError, match=match):
        new_game(setup, random.Random(1))


def test_invalid_setups_raise_rule_errors():
    bad(make_setup(3, ruleset="expansion"), "ruleset must be one of base, long_night")
    bad(make_setup(3, variant="solo"), "variant must be one of")
    bad(make_setup(3, colour="red"), "unknown setup key")
    six = make_setup(5)
    six["seats"].append({"name": "Fabio", "survivors": copy.deepcopy(SURVIVORS[10:12])})
    bad(six, "needs 2-5 players, not 6")
    bad(make_setup(1), "needs 2-5 players, not 1")
    bad(make_setup(3, variant="two_player"), "needs 2 players, not 3")
    dup = make_setup(3)
    dup["seats"][2]["survivors"][1] = copy.deepcopy(SURVIVORS[0])
    bad(dup, "Survivor 0.* chosen twice")
    empty = make_setup(2)
    empty["seats"][1]["name"] = "   "
    bad(empty, "seat 2 needs a name")
    long = make_setup(2)
    long["seats"][0]["name"] = "x" * 41
    bad(long, "at most 40 characters")
    same = make_setup(2)
    same["seats"][1]["name"] = "ana"
    bad(same, "two players are called")
    one = make_setup(2)
    one["seats"][0]["survivors"].pop()
    bad(one, "Ana must start with 2 survivors, not 1")
    bad(make_setup(2, main_objective=None), "needs a main objective")
    bad(make_setup(2, settings={"modules": ["zeppelins"]}), "unknown module")
    bad(make_setup(2, settings={"mature": "no"}), "mature must be true or false")
    bad(make_setup(2, settings={"speed": 3}), "unknown setting")
    twice = make_setup(2)
    twice["locations"].append(copy.deepcopy(LOCATIONS[0]))
    bad(twice, "on the board twice")
    rax = make_setup(2)
    rax["locations"].append(
        {**LOCATIONS[0], "id": "t.raxxon", "name": "Raxxon", "module": "raxxon"}
    )
    bad(rax, "needs the raxxon module")
    crowded = copy.deepcopy(SAMPLES)
    crowded["standard"]["helpless"] = 40
    bad(make_setup(2, main_objective=crowded), "30 survivor spaces")


def test_an_error_names_the_problem_not_a_crash():
    bad("not a dict", "must be a dict")
    bad(make_setup(2, seats="Ana, Bruno"), "seats must be a list")
    nameless = make_setup(2)
    nameless["seats"][0]["survivors"][0] = {"id": "x"}
    bad(nameless, "survivors card 'x': name must be text")


@settings(max_examples=40, deadline=None)
@given(
    players=st_.integers(min_value=2, max_value=5),
    variant=st_.sampled_from(["standard", "betrayer", "hardcore", "coop", "two_player"]),
    seed=st_.integers(min_value=0, max_value=10_000),
)
def test_every_setup_is_consistent(players, variant, seed):
    if variant == "two_player":
        players = 2
    st, _ = new_game(make_setup(players, variant=variant), random.Random(seed))
    assert len(st["seats"]) == players
    assert st["first_player"] in {s["id"] for s in st["seats"]}
    leaders = [v for v in st["survivors"] if v["leader"]]
    assert len(leaders) == players
    best = max(leaders, key=lambda v: v["influence"])
    assert best["owner"] == st["first_player"]
    dealt = [st["secrets"][s["id"]]["objective"] for s in st["seats"]]
    if variant in ("coop", "two_player"):
        assert dealt == [None] * players
    else:
        assert all(dealt)
        assert len(set(dealt)) == players
        kinds_dealt = [st["cards"]["objectives"][d]["kind"] for d in dealt]
        assert kinds_dealt.count("betrayal") <= 1 and "exiled" not in kinds_dealt


# --- the setup checklist (setup/checklist.py) ---


def _checklist_game(**kw):
    from play import setup_for

    import companion.engine as engine

    action = {"type": "new_game", "by": "table", "setup": setup_for(3, **kw), "seed": 3}
    state, steps = engine.apply(None, action)
    return state, steps, action


def test_the_checklist_follows_the_table_and_joining_comes_before_the_objectives():
    """002 "Game Setup" 1-14: board, sheets, main objective, (phones join), secret objectives,
    decks, starting items, item decks, survivors, standees and tokens, first player."""
    from companion.engine.setup.checklist import setup_checklist
    from companion.engine.views import visible_steps

    state, steps, _ = _checklist_game()
    items = setup_checklist(state, visible_steps(steps))
    assert [i["id"] for i in items] == [
        "board",
        "reference_sheets",
        "main_objective",
        "join",
        "secret_objectives",
        "decks_aside",
        "decks_on_table",
        "starting_items",
        "item_decks",
        "survivors",
        "standees",
        "first_player",
    ]
    by_id = {i["id"]: i for i in items}
    assert kinds(by_id["secret_objectives"]["steps"]) == ["objectives_dealt"]
    assert kinds(by_id["main_objective"]["steps"])[0] == "game_set_up"
    details = kinds(by_id["main_objective"]["details"])
    assert details.count("zombies_to_add") == 6  # one line a setup zombie, not two
    assert "zombie_placed" not in kinds(by_id["main_objective"]["steps"]) + details
    assert kinds(by_id["first_player"]["steps"]) == ["first_player_chosen"]
    assert kinds(by_id["join"]["steps"]) == ["setup_join"]
    assert state["setup_checklist"] == {"items": [i["id"] for i in items], "done": []}


def test_the_checklist_says_which_decks_the_companion_holds_and_which_stay():
    """The companion deals the secret objectives, draws crossroads, reveals crises and deals the
    exiled objectives: those go back in the box; the survivor and item decks stay."""
    from companion.engine.setup.checklist import held_decks, setup_checklist, table_decks
    from companion.engine.views import visible_steps

    state, steps, _ = _checklist_game()
    assert held_decks(state) == ["crises", "crossroads", "secret_objectives", "exiled_objectives"]
    assert table_decks(state) == ["survivors", "starting_items", "item_decks"]
    by_id = {i["id"]: i for i in setup_checklist(state, visible_steps(steps))}
    assert by_id["decks_aside"]["steps"][0]["decks"] == held_decks(state)
    assert by_id["decks_on_table"]["steps"][0]["decks"] == table_decks(state)
    text = render_steps(by_id["decks_aside"]["steps"])[0]
    assert "crisis deck" in text and "crossroads deck" in text and "back in the box" in text
    # Co-op: no secret or exiled objectives; a game given no crisis cards keeps its crisis deck.
    from play import setup_for

    import companion.engine as engine

    bare = {**setup_for(3, variant="coop"), "crises": []}
    coop, _ = engine.apply(None, {"type": "new_game", "by": "table", "setup": bare, "seed": 3})
    assert held_decks(coop) == ["crossroads"]
    assert table_decks(coop) == ["crises", "survivors", "starting_items", "item_decks"]


def test_dealt_survivors_and_modules_have_their_steps_in_order():
    """000:708-770: each module's parts after the decks; dealt survivors: first player later."""
    from companion.engine.setup.checklist import setup_checklist
    from companion.engine.views import visible_steps

    state, steps, _ = _checklist_game(
        deal=True, ruleset="long_night", settings={"modules": ["bandits", "raxxon"]}
    )
    ids = [i["id"] for i in setup_checklist(state, visible_steps(steps))]
    assert ids[ids.index("decks_on_table") + 1 : ids.index("starting_items")] == [
        "module_bandits_module_cards",
        "module_bandits_hideout",
        "module_raxxon_module_cards",
        "module_raxxon_raxxon_location",
        "module_raxxon_experiments",
        "module_raxxon_side_effects",
    ]
    by_id = {i["id"]: i for i in setup_checklist(state, visible_steps(steps))}
    assert kinds(by_id["survivors"]["steps"]) == ["survivors_dealt"]
    assert kinds(by_id["first_player"]["steps"]) == ["first_player_after_keeping"]
    assert by_id["board"]["steps"][0]["graveyard"] is True


def test_ticks_are_kept_in_the_state_and_undone_with_the_log():
    import companion.engine as engine

    state, _, action = _checklist_game()
    tick = {"type": "tick_setup_step", "by": "table"}
    one, steps = engine.apply(state, {**tick, "item": "first_player"})
    assert steps == [{"kind": "setup_step_ticked", "item": "first_player", "done": True}]
    two, _ = engine.apply(one, {**tick, "item": "board"})
    assert two["setup_checklist"]["done"] == ["board", "first_player"]  # the list's order
    again, steps = engine.apply(two, {**tick, "item": "board"})
    assert steps == [] and again["setup_checklist"] == two["setup_checklist"]
    three, _ = engine.apply(two, {**tick, "item": "board", "done": False})
    assert three["setup_checklist"]["done"] == ["first_player"]
    assert state["setup_checklist"]["done"] == []  # the state given is not changed
    log = [action, {**tick, "item": "first_player"}, {**tick, "item": "board"}]
    assert engine.replay(log)["setup_checklist"]["done"] == ["board", "first_player"]
    assert engine.replay(log[:2])["setup_checklist"]["done"] == ["first_player"]  # undo
    with pytest.raises(RuleError, match="no step"):
        engine.apply(state, {**tick, "item": "dance"})
    with pytest.raises(RuleError, match="may not"):
        engine.apply(state, {**tick, "by": "s1", "item": "board"})
