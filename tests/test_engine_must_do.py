"""What a seat must do now (must_do.py, issue 29 point 7): each kind of moment shows on its own
seat's view only, with an id that stays while the moment lasts and differs per occurrence; the
table's ``waiting_on`` names whom it waits for without a secret."""

from __future__ import annotations

import json

import play

import companion.engine as engine
from companion.engine.core import decisions
from companion.engine.core.must_do import KINDS, WHEN

PLAYERS = ("s1", "s2", "s3")


def act(st, by, **args):
    """One action through the front door, answering the open question."""
    key = decisions.question_key(args["type"], {"seat_id": args.get("seat_id", by)})
    action = {"by": by, "seed": 1, **args}
    if decisions.open_id(st, key):
        action["decision"] = decisions.open_id(st, key)
    return engine.apply(st, action)[0]


def moments(st, seat_id):
    """The seat's must_do as (kind, id) pairs."""
    return [(m["kind"], m["id"]) for m in engine.seat_view(st, seat_id)["must_do"]]


def kinds(st, seat_id):
    return [kind for kind, _ in moments(st, seat_id)]


def ids_of(st, seat_id, kind):
    return [i for k, i in moments(st, seat_id) if k == kind]


def dealt():
    """A 3-player game whose seats keep survivors from a dealt hand."""
    return play.start(3, deal=True)[0]


def kept(st):
    for sid in PLAYERS:
        hand = st["secrets"][sid]["dealt_survivors"]
        st = act(st, sid, type="keep_survivors", survivors=hand[:2])
    return st


def playing():
    """Past setup, the crisis revealed, no turn started yet."""
    st = play.start(3)[0]
    return engine.apply(st, {"type": "reveal_crisis", "by": "table", "seed": 1})[0]


def in_turn():
    st = playing()
    return engine.apply(st, {"type": "start_turn", "by": "table", "seed": 1})[0]


def pending(st, value):
    """``st`` with a pending decision set by hand, its ids refreshed as apply does."""
    st = {**st, "pending": value}
    return decisions.refreshed(st)


def test_every_kind_has_words_and_a_test():
    assert set(KINDS) == set(WHEN)
    for kind in KINDS.values():
        assert kind.phone.endswith(".") and kind.phone[0].isupper()


def test_keeping_survivors_calls_each_seat_with_its_own_id():
    st = dealt()
    keeps = {sid: ids_of(st, sid, "keep_survivors") for sid in PLAYERS}
    assert all(kinds(st, sid) == ["keep_survivors"] for sid in PLAYERS)
    assert len({i[0] for i in keeps.values()}) == 3
    # another seat keeping changes nobody else's id, and ends only its own moment
    hand = st["secrets"]["s2"]["dealt_survivors"]
    after = act(st, "s2", type="keep_survivors", survivors=hand[:2])
    assert kinds(after, "s2") == []
    assert ids_of(after, "s1", "keep_survivors") == keeps["s1"]
    waiting = engine.table_view(after)["waiting_on"]
    assert [(w["seat"], w["kind"]) for w in waiting] == [
        ("s1", "keep_survivors"),
        ("s3", "keep_survivors"),
    ]


def test_the_table_s_waiting_on_carries_no_secret_digest():
    st = dealt()
    view = engine.table_view(st)
    digests = {i.rsplit("-", 1)[1] for sid in PLAYERS for _, i in moments(st, sid)}
    assert len(digests) == 3  # each phone's id ends with its question's digest
    assert [w["kind"] for w in view["waiting_on"]] == ["keep_survivors"] * 3
    assert not any(d in json.dumps(view["waiting_on"]) for d in digests)


def test_the_crisis_calls_every_seat_between_turns_then_only_the_one_who_has_given_none():
    st = playing()
    first = engine.table_view(st)["waiting"]["seat"]
    assert kinds(st, first) == ["turn", "crisis"]
    others = [sid for sid in PLAYERS if sid != first]
    assert all(kinds(st, sid) == ["crisis"] for sid in others)
    crisis_id = ids_of(st, others[0], "crisis")
    again = act(st, others[1], type="contribute_to_crisis", seat_id=others[1], symbols=["food"])
    assert "crisis" not in kinds(again, others[1])
    assert ids_of(again, others[0], "crisis") == crisis_id  # unchanged by another's card
    assert [w["kind"] for w in engine.table_view(st)["waiting_on"]] == ["turn"]


def test_a_turn_s_start_calls_again_then_keeps_its_id_to_the_end_and_the_next_has_another():
    """ "Your turn is next" calls the first player with the crisis; the start of that turn is a
    call of its own (a new id), which lasts to the end of the turn."""
    st = playing()
    first = engine.table_view(st)["waiting"]["seat"]
    before = ids_of(st, first, "turn")
    assert before
    started = engine.apply(st, {"type": "start_turn", "by": "table", "seed": 1})[0]
    assert ids_of(started, first, "turn") and ids_of(started, first, "turn") != before
    assert engine.seat_view(started, first)["must_do"][0]["sentence"] == "It is your turn."
    noted = engine.apply(started, {"type": "add_noise", "by": "table", **noise_at(started)})[0]
    assert ids_of(noted, first, "turn") == ids_of(started, first, "turn")
    ended = engine.apply(started, {"type": "end_turn", "by": "table", "seed": 1})[0]
    assert ids_of(ended, first, "turn") == []
    following = engine.table_view(ended)["waiting"]["seat"]
    assert following != first
    assert ids_of(ended, following, "turn") and ids_of(ended, following, "turn") != before


def test_the_crossroads_drawer_is_called_and_again_when_its_card_may_trigger():
    st = in_turn()
    drawer = st["turn"]["crossroads_drawer"]
    assert st["secrets"][drawer]["crossroads"]
    held = ids_of(st, drawer, "crossroads")
    assert held and "crossroads_hint" not in kinds(st, drawer)
    assert all("crossroads" not in kinds(st, sid) for sid in PLAYERS if sid != drawer)
    card = st["secrets"][drawer]["crossroads"]
    hinted = {**st, "secrets": {**st["secrets"], drawer: dict(st["secrets"][drawer])}}
    hinted["secrets"][drawer]["crossroads_hint"] = {"card": card, "matched": "x"}
    assert "crossroads" not in kinds(hinted, drawer)
    hint = ids_of(hinted, drawer, "crossroads_hint")
    assert hint and hint != held
    assert ids_of(hinted, drawer, "crossroads_hint") == hint  # stable across renders
    table = json.dumps(engine.table_view(hinted)["waiting_on"])
    assert "crossroads" not in table
    revealed = act(st, drawer, type="reveal_crossroads")
    assert "crossroads" not in kinds(revealed, drawer)


def test_a_vote_calls_each_voter_until_they_vote_with_one_id_per_vote():
    st = in_turn()
    active = st["turn"]["seat"]
    target = next(sid for sid in PLAYERS if sid != active)
    opened = act(st, active, type="call_exile_vote", target=target)
    votes = {sid: ids_of(opened, sid, "vote") for sid in PLAYERS}
    assert all(len(v) == 1 for v in votes.values())
    assert kinds(opened, active)[0] == "vote"
    first, *rest = PLAYERS
    after = act(opened, first, type="cast_vote", up=False)
    assert ids_of(after, first, "vote") == []
    assert all(ids_of(after, sid, "vote") == votes[sid] for sid in rest)
    waiting = [(w["seat"], w["kind"]) for w in engine.table_view(after)["waiting_on"]]
    # each seat once, by its most pressing moment: the active one who voted, by its turn
    assert waiting == [
        (sid, "vote" if sid in rest else "turn") for sid in PLAYERS if sid in rest or sid == active
    ]
    # the same question asked again later is another occurrence
    for sid in rest:
        after = act(after, sid, type="cast_vote", up=False)
    after = engine.apply(after, {"type": "end_turn", "by": "table", "seed": 1})[0]
    after = engine.apply(after, {"type": "start_turn", "by": "table", "seed": 1})[0]
    active = after["turn"]["seat"]
    again = act(after, active, type="call_exile_vote", target=target if target != active else first)
    assert ids_of(again, active, "vote") and ids_of(again, active, "vote") != votes[active]


def test_a_bite_calls_only_the_seat_it_spreads_to():
    st = in_turn()
    survivor = next(s for s in st["survivors"] if s["owner"] == "s2")
    st = pending(
        st,
        {"kind": "bite_spread", "seat": "s2", "survivor": survivor["id"], "location": "colony"},
    )
    assert kinds(st, "s2")[0] == "bite"
    assert all("bite" not in kinds(st, sid) for sid in ("s1", "s3"))
    assert [w["seat"] for w in engine.table_view(st)["waiting_on"] if w["kind"] == "bite"] == ["s2"]


def test_the_bandits_leader_is_called():
    st = in_turn()
    st = pending(st, {"kind": "bandit_placement", "seat": "s3", "count": 2})
    active = st["turn"]["seat"]
    assert kinds(st, "s3") == ["bandits"] + (["turn"] if active == "s3" else [])
    assert all("bandits" not in kinds(st, sid) for sid in ("s1", "s2"))
    assert ids_of(st, "s3", "bandits") == ids_of(st, "s3", "bandits")


def test_a_penalty_choice_calls_each_seat_asked_until_it_chose():
    st = in_turn()
    mine = {sid: [s["id"] for s in st["survivors"] if s["owner"] == sid] for sid in PLAYERS}
    st = pending(
        st,
        {
            "kind": "survivor_choice",
            "seat": None,
            "effect": {"kind": "wound", "target": "each_player_chooses", "amount": 1},
            "asked": {"s1": mine["s1"], "s2": mine["s2"]},
            "choices": {},
            "later": [],
            "source": "crisis",
            "source_card": None,
            "context": {},
        },
    )
    assert [kinds(st, sid)[0] for sid in ("s1", "s2")] == ["survivor_choice"] * 2
    assert "survivor_choice" not in kinds(st, "s3")
    one = ids_of(st, "s1", "survivor_choice")
    after = act(st, "s2", type="choose_survivor", seat_id="s2", survivor_id=mine["s2"][0])
    assert "survivor_choice" not in kinds(after, "s2")
    assert ids_of(after, "s1", "survivor_choice") == one


def test_marking_the_objective_calls_each_seat_until_it_marked():
    st = in_turn()
    # objectives whose every part the board shows met at a main objective end: each is asked
    plain = sorted(
        cid
        for cid, card in st["cards"]["objectives"].items()
        if card.get("kind") == "normal" and not card.get("requires")
    )
    secrets = {sid: {**st["secrets"][sid], "objective": plain[0]} for sid in PLAYERS}
    st = decisions.refreshed(
        {
            **st,
            "secrets": {**st["secrets"], **secrets},
            "turn": None,
            "ended": {"reason": "main_objective", "winners": None},
        }
    )
    assert all(kinds(st, sid) == ["objective"] for sid in PLAYERS)
    mark = ids_of(st, "s1", "objective")
    after = act(st, "s2", type="mark_objective", seat_id="s2", complete=True)
    assert kinds(after, "s2") == []
    assert ids_of(after, "s1", "objective") == mark
    # the table names nobody: a seat whose objective is out is not asked (ending.py)
    assert engine.table_view(st)["waiting_on"] == engine.table_view(after)["waiting_on"] == []


def noise_at(st):
    """The arguments of a legal noise token (an action that leaves the turn on)."""
    return {"location_id": engine.table_view(st)["legal"]["table"]["add_noise"]["location_id"][0]}


def test_ids_differ_between_occurrences_of_every_kind_seen_in_a_played_game():
    st = kept(dealt())
    st = engine.apply(st, {"type": "reveal_crisis", "by": "table", "seed": 1})[0]
    seen: dict[str, set[str]] = {sid: set() for sid in PLAYERS}
    for _ in range(3):
        st = engine.apply(st, {"type": "start_turn", "by": "table", "seed": 1})[0]
        for sid in PLAYERS:
            seen[sid] |= {i for k, i in moments(st, sid) if k == "turn"}
        st = engine.apply(st, {"type": "end_turn", "by": "table", "seed": 1})[0]
    assert all(len(v) == 1 for v in seen.values())  # one turn each, one id each
    assert len(set().union(*seen.values())) == 3


def test_no_turn_is_called_before_the_round_s_crisis_is_revealed():
    st = kept(dealt())
    assert engine.table_view(st)["waiting"]["kind"] == "reveal_crisis"
    assert all(kinds(st, sid) == [] for sid in PLAYERS)
    assert engine.table_view(st)["waiting_on"] == []
    revealed = engine.apply(st, {"type": "reveal_crisis", "by": "table", "seed": 1})[0]
    first = engine.table_view(revealed)["waiting"]["seat"]
    assert kinds(revealed, first) == ["turn", "crisis"]


def test_a_seat_is_not_told_twice_what_its_own_moment_says():
    """The phone's "Now" line leaves out what the seat's own moment says already: in its turn
    "It is your turn." once; the others still read whose turn it is; keeping survivors, only
    the seats that have not kept yet are spared the line."""
    st = in_turn()
    active = st["turn"]["seat"]
    for sid in PLAYERS:
        view = engine.seat_view(st, sid)
        assert view["waiting"]["kind"] == "turn"
        assert view["waiting_said"] == (sid == active), sid
    st = playing()  # waiting to start the first turn: "Your turn is next." is its moment too
    first = engine.table_view(st)["waiting"]["seat"]
    assert [engine.seat_view(st, sid)["waiting_said"] for sid in PLAYERS] == [
        sid == first for sid in PLAYERS
    ]
    st = dealt()
    hand = st["secrets"]["s1"]["dealt_survivors"]
    st = act(st, "s1", type="keep_survivors", survivors=hand[:2])
    said = {sid: engine.seat_view(st, sid)["waiting_said"] for sid in PLAYERS}
    assert said == {"s1": False, "s2": True, "s3": True}
