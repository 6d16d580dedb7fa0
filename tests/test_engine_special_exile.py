"""Bandit Blitz: B2's special exile phase (Long Night 000:982-992; pt-BR 001:2594-2634).

Each test quotes the rulebook's words it holds the engine to. Games go through the front door
(``engine.apply``) from B2 on the colony board to its completion at colony step 5.
"""

from __future__ import annotations

import pytest
from test_engine_special_scenarios import HIDEOUT, act, kinds, new, scenario_setup, to_step_five

import companion.engine as engine
from companion.engine import RuleError
from companion.engine.modules.bandits import rules as bandits
from companion.engine.scenarios import special_exile

BETRAYER = "s2"


def b2_completed(betrayer: str | None = BETRAYER, players: int = 4) -> dict:
    """A Bandit Blitz game at B2, the Bandit Betrayal held by ``betrayer`` (None: not dealt),
    played to colony step 5 and met: the special exile phase opens."""
    setup = scenario_setup("bandit_blitz", chapter=2, players=players)
    setup["main_objective"] = {**setup["main_objective"], "counts": None}  # answered yes or no
    st, _ = new(setup)
    for sid in st["secrets"]:
        if st["secrets"][sid]["objective"] == "long_night.bandit-betrayal":
            st["secrets"][sid]["objective"] = "t.normal-11"
    if betrayer is not None:
        st["secrets"][betrayer]["objective"] = "long_night.bandit-betrayal"
    st["first_player"] = "s1"
    st = to_step_five(st)
    st, _ = act(st, {"type": "check_main_objective", "met": True})
    return st


def by(st: dict, actor: str, action: dict) -> tuple[dict, list]:
    return engine.apply(st, {"by": actor, "seed": 1, **action})


def skip_all(st: dict) -> dict:
    while (st["pending"] or {}).get("kind") == "special_exile":
        st, _ = by(st, st["pending"]["seat"], {"type": "skip_special_exile_vote"})
    return st


def test_each_player_from_the_first_player_clockwise_may_call_one_exile_vote():
    """000:984 "Starting with the player holding the first player marker and going clockwise,
    each player may initiate 1 vote to exile." (001:2595 "Começando com o jogador com a ficha
    de primeiro jogador e seguindo no sentido horário")."""
    st = b2_completed()
    assert st["pending"] == {"kind": "special_exile", "seat": "s1"}
    waiting = engine.table_view(st)["waiting"]
    assert waiting["kind"] == "special_exile" and waiting["later"] == ["s2", "s3", "s4"]
    order = []
    while st["pending"]["kind"] == "special_exile":
        caller = st["pending"]["seat"]
        order.append(caller)
        others = [s for s in ("s1", "s2", "s3", "s4") if s != caller]
        for other in others:  # nobody calls out of turn
            with pytest.raises(RuleError, match="turn to call or skip"):
                by(st, other, {"type": "skip_special_exile_vote", "caller": other})
        st, steps = by(st, caller, {"type": "skip_special_exile_vote"})
        assert "special_exile_vote_skipped" in kinds(steps)
    assert order == ["s1", "s2", "s3", "s4"]
    assert st["pending"] == {"kind": "betrayer_reveal", "seat": None}


def test_the_call_is_the_usual_exile_vote_on_the_phones_then_the_next_player():
    """000:984 "each player may initiate 1 vote to exile"; 000:988 "If a non-betrayer is
    exiled, follow normal exile rules: The exiled player becomes leader of the bandits"."""
    st = b2_completed()
    st, steps = by(st, "s1", {"type": "call_special_exile_vote", "target": "s3"})
    assert st["pending"]["kind"] == "vote" and st["pending"]["target"] == "s3"
    assert "vote_opened" in kinds(steps)
    for voter in ("s1", "s2", "s3"):
        st, steps = by(st, voter, {"type": "cast_vote", "up": True})
    st, steps = by(st, "s4", {"type": "cast_vote", "up": False})
    assert st["seats"][2]["exiled"] is True
    assert "exiled_objective_drawn" in kinds(steps)
    told = [s for s in steps if s["kind"] == "special_exile_leads"]
    assert told and told[0]["private"] == "s3"
    assert not [s for s in engine.visible_steps(steps) if s["kind"].startswith("special_exile_l")]
    assert bandits.bandit_leader(st) == "s3"
    assert st["pending"] == {"kind": "special_exile", "seat": "s2"}
    with pytest.raises(RuleError, match="already exiled"):
        by(st, "s2", {"type": "call_special_exile_vote", "target": "s3"})


def test_an_exiled_betrayer_reads_the_other_text_and_does_not_lead():
    """000:990 "If the betrayer is exiled, follow normal exile rules for the betrayer and read
    the following text aloud"; the bandit leader is a non-betrayer (000:759)."""
    st = b2_completed()
    st, _ = by(st, "s1", {"type": "call_special_exile_vote", "target": BETRAYER})
    st, steps = by(st, "table", {"type": "record_votes", "votes": {s: True for s in st["secrets"]}})
    leaves = [s for s in steps if s["kind"] == "special_exile_betrayer_leaves"]
    assert leaves and leaves[0]["private"] == BETRAYER
    assert bandits.bandit_leader(st) is None
    st = skip_all(st)
    assert engine.seat_view(st, BETRAYER)["legal"][BETRAYER] == {}  # exiled: no reveal


def test_the_betrayer_may_reveal_and_win_at_once():
    """000:986 "if no betrayer has been exiled and the betrayer has completed the special
    bandit betrayal objective, they may reveal it to immediately win the game" (001:2599
    "ele poderá se revelar imediatamente para vencer a partida")."""
    st = skip_all(b2_completed())
    for sid in ("s1", "s3", "s4"):
        assert engine.seat_view(st, sid)["legal"][sid] == {}
        with pytest.raises(RuleError, match="no Bandit Betrayal to reveal"):
            by(st, sid, {"type": "reveal_bandit_betrayal"})
    assert engine.seat_view(st, BETRAYER)["legal"][BETRAYER] == {"reveal_bandit_betrayal": {}}
    assert "reveal_bandit_betrayal" not in engine.table_view(st)["legal"]["table"]
    with pytest.raises(RuleError, match="only their own phone"):
        by(st, "table", {"type": "reveal_bandit_betrayal", "seat_id": BETRAYER})
    st, steps = by(st, BETRAYER, {"type": "reveal_bandit_betrayal"})
    assert st["ended"] == {"reason": "betrayer_revealed", "winners": [BETRAYER]}
    assert kinds(steps)[-2:] == ["game_ended", "winners_declared"]
    assert engine.table_view(st)["waiting"]["kind"] == "over"
    assert "betrayer wins" in engine.render_step(steps[-2], st)


def test_otherwise_morale_at_0_joins_the_betrayal_card_on_that_phone_only():
    """000:986 "If the betrayer has not completed their objective, they should keep their
    betrayer status secret, and the following requirement is now added to their betrayal
    card: 'Morale is at 0.'" (001:2606 "O moral deve estar em 0."). Keeping it secret is
    tapping nothing: only the table goes on."""
    st = skip_all(b2_completed())
    with pytest.raises(RuleError, match="only the table may"):
        by(st, BETRAYER, {"type": "pass_betrayal_reveal"})
    st, steps = by(st, "table", {"type": "pass_betrayal_reveal"})
    added = [s for s in steps if s["kind"] == "betrayal_requirement_added"]
    assert added and added[0]["private"] == BETRAYER
    assert "betrayal_requirement_added" not in kinds(engine.visible_steps(steps))
    assert engine.render_step(added[0], st, "pt_BR").endswith("O moral deve estar em 0.")
    assert engine.seat_view(st, BETRAYER)["mine"]["added_requirement"] == "morale_at_zero"
    for sid in ("s1", "s3", "s4"):
        assert engine.seat_view(st, sid)["mine"]["added_requirement"] is None
    assert "morale_at_zero" not in str(engine.table_view(st))
    assert st["pending"] is None and not st["ended"]
    assert engine.table_view(st)["waiting"]["step"] == "move_round_track"


def test_the_table_going_on_adds_the_requirement_and_says_nothing_of_a_betrayer():
    """000:986: the requirement is added when the betrayer does not reveal; the table's
    "go on" reads the same with a betrayer or without one (the card may not be dealt)."""
    shown = []
    for betrayer in (BETRAYER, None):
        st = skip_all(b2_completed(betrayer))
        table = engine.table_view(st)["legal"]["table"]
        notes = table.pop("tick_setup_step")  # the setup checklist's ticks, open in any phase
        assert table == {"pass_betrayal_reveal": {}} and notes["item"]
        st, steps = by(st, "table", {"type": "pass_betrayal_reveal"})
        shown.append([s["kind"] for s in engine.visible_steps(steps)])
        if betrayer:
            assert st["secrets"][betrayer]["added_requirement"] == "morale_at_zero"
    assert shown[0] == shown[1]
    with pytest.raises(RuleError, match="not at the betrayer's moment"):
        by(st, "table", {"type": "pass_betrayal_reveal"})


def test_the_non_exiled_come_home_from_the_hideout_after_the_phase():
    """000:992 "After the special Exile Phase, unless the game is over ... Place all survivors
    from the Bandit Hideout belonging to non-exiled players back at the colony." """
    st = b2_completed()
    ana = next(v for v in st["survivors"] if v["owner"] == "s1")
    cris = next(v for v in st["survivors"] if v["owner"] == "s3")
    ana["location"] = cris["location"] = HIDEOUT["id"]
    st, _ = by(st, "s1", {"type": "call_special_exile_vote", "target": "s3"})
    st, _ = by(st, "table", {"type": "record_votes", "votes": {s: True for s in st["secrets"]}})
    st = skip_all(st)
    assert ana["location"] == HIDEOUT["id"]  # still there until the phase ends
    st, steps = by(st, "table", {"type": "pass_betrayal_reveal"})
    where = {v["id"]: v["location"] for v in st["survivors"]}
    assert where[ana["id"]] == "colony" and where[cris["id"]] == HIDEOUT["id"]
    assert {"special_exile_ended", "scenario_sent_home", "scenario_exiled_stays"} <= set(
        kinds(steps)
    )


def test_the_colony_phase_waits_for_the_special_exile_phase():
    """000:982: the page is read "once Special Main Objective B2 has been completed", before
    the round goes on: nothing else is accepted while a caller is asked."""
    st = b2_completed()
    with pytest.raises(RuleError, match="special exile phase"):
        by(st, "table", {"type": "move_round_track"})
    st, steps = by(st, "table", {"type": "skip_special_exile_vote", "caller": "s1"})
    assert st["pending"]["seat"] == "s2" and "special_exile_vote_skipped" in kinds(steps)


def test_every_special_exile_sentence_reads_in_english_and_portuguese():
    st = b2_completed()
    st, steps = by(st, "s1", {"type": "call_special_exile_vote", "target": "s3"})
    st, more = by(st, "table", {"type": "record_votes", "votes": {s: True for s in st["secrets"]}})
    steps += more
    st, more = by(st, "s2", {"type": "call_special_exile_vote", "target": "s4"})
    steps += more
    st, more = by(st, "table", {"type": "record_votes", "votes": {"s1": False, "s2": False,
                                                                   "s4": False}})  # fmt: skip
    steps += more
    st, more = by(st, "s3", {"type": "skip_special_exile_vote"})
    steps += more
    st, more = by(st, "s4", {"type": "skip_special_exile_vote"})
    steps += more
    st, more = by(st, "table", {"type": "pass_betrayal_reveal"})
    steps += more
    samples = [
        {"kind": "special_exile_began", "seat": None},
        {"kind": "special_exile_nobody_left", "seat": "s1", "seat_name": "Ana"},
        {"kind": "special_exile_betrayer_leaves", "private": "s2", "seat_name": "Bruno"},
        {"kind": "bandit_betrayal_revealed", "seat": "s2", "seat_name": "Bruno"},
        {"kind": "game_ended", "reason": "betrayer_revealed"},
    ]
    for s in [*steps, *samples]:
        en, pt = engine.render_step(s, st), engine.render_step(s, st, "pt_BR")
        assert en and pt and (en != pt or s["kind"] == "scenario_sent_home"), s


def test_the_phase_s_actions_are_listed_where_they_are_legal():
    st = b2_completed()
    assert special_exile.table_choices(st) == {
        "call_special_exile_vote": {"caller": ["s1"], "target": ["s2", "s3", "s4"]},
        "skip_special_exile_vote": {"caller": ["s1"]},
    }
    st, _ = by(st, "table", {"type": "call_special_exile_vote", "caller": "s1", "target": "s4"})
    assert st["pending"]["kind"] == "vote"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_play_through_the_phase_takes_only_listed_actions_that_apply(seed):
    """The legal lists of every actor hold to ``apply`` through the phase (tests/play.py)."""
    import random

    from play import next_action

    st = b2_completed()
    rng = random.Random(seed)
    seen = set()
    for _ in range(60):
        if not st["pending"] or st["ended"]:
            break
        action = next_action(st, rng)
        seen.add(action["type"])
        st, _ = engine.apply(st, {"seed": 1, **action})
    if st["ended"]:  # two exiled non-betrayers (002:1801), or the betrayer's win (000:986)
        assert st["ended"]["reason"] in ("two_exiled", "betrayer_revealed")
    else:
        assert st["pending"] is None and "pass_betrayal_reveal" in seen


def test_the_caller_s_phone_is_called_and_the_betrayer_s_moment_nudges_nobody():
    """Issue 29.7: the special exile phase calls the player whose call it is (000:984); the
    betrayer's moment after it calls nobody, since a nudge would name the betrayer (000:986)."""
    st = b2_completed()
    called = [m for m in engine.seat_view(st, "s1")["must_do"] if m["kind"] == "special_exile"]
    assert len(called) == 1 and called[0]["id"].startswith("special_exile:s1:")
    assert not any(m["kind"] == "special_exile" for m in engine.seat_view(st, "s2")["must_do"])
    waits = engine.table_view(st)["waiting_on"]
    assert [(w["kind"], w["seat"]) for w in waits if w["kind"] == "special_exile"] == [
        ("special_exile", "s1")
    ]
    first = called[0]["id"]
    st, _ = by(st, "s1", {"type": "skip_special_exile_vote"})
    nxt = [m for m in engine.seat_view(st, "s2")["must_do"] if m["kind"] == "special_exile"]
    assert nxt and nxt[0]["id"] != first
    st = skip_all(st)
    assert st["pending"]["kind"] == "betrayer_reveal"
    for sid in st["seats"]:
        assert not engine.seat_view(st, sid["id"])["must_do"], sid["id"]
    assert engine.table_view(st)["waiting_on"] == []
