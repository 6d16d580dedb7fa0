"""Secrets stay on their phone (issue 12, point 8), asked as the wrong device every time.

A game is played through the store and the phones' HTTP forms (random legal actions, as
tests/play.py picks them), with undos and a seat handed to a new phone along the way. At every
checkpoint each phone's page, fragment and error answers, and the table screen's, are read and
must carry no other seat's objective, exiled objective, crossroads card or dealt survivors.
Ballots before the tally, crisis symbols and a survivor picked for a card before every pick is
in carry no text of their own, so they are checked by
indistinguishability: the other devices' answers are byte for byte the same whichever way the
vote or card went.
"""

from __future__ import annotations

import json
import random
import re
from html import unescape

import pytest
from helpers.phones import (
    forms_on,
    head,
    new_game,
    open_db,
    phone,
    post,
    seated_and_kept,
    table_act,
    take_seat,
    white_fingers_failed,
)
from play import build, next_action, setup_for

import companion.engine as engine
from companion import store
from companion.engine.legal import legal_for_seat
from companion.engine.scenarios import special_exile

SEATS = ("s1", "s2", "s3")
pytestmark = pytest.mark.seed(21)  # the phones' draws repeat with the games' seeds
PHONE_ACTIONS = frozenset(
    {
        "keep_survivors",
        "cast_vote",
        "resolve_bite",
        "choose_survivor",
        "choose_for_card",
        "reveal_crossroads",
        "contribute_to_crisis",
        "withdraw_from_crisis",
        "mark_objective",
    }
)
TURN_ON_PHONE = frozenset(
    {
        "start_turn",
        "end_turn",
        "move_survivor",
        "search_location",
        "kill_zombies",
        "add_barricade",
        "add_noise",
        "wound_survivor",
        "clean_waste",
        "play_cards",
        "trigger_crossroads",
    }
)
"""A turn's actions the active player enters on their own phone (its turn screen's forms)."""
VOLATILE = re.compile(r'(version(?:=|": ?|" value=)"?)\d+')
MIN_TEXT = 6


def card_texts(card: dict | None) -> set[str]:
    """The words of a card that would give it away: id, name, goal, trigger, story, options."""
    if not card:
        return set()
    out = {card.get("id"), card.get("name"), card.get("goal"), card.get("trigger")}
    out.add(card.get("story"))
    out.update(option.get("text") for option in card.get("options", []))
    return {text for text in out if isinstance(text, str) and len(text) >= MIN_TEXT}


def secret_texts(state: dict, seat_id: str) -> set[str]:
    """Everything that names one seat's secret cards."""
    mine = state["secrets"][seat_id]
    cards = state["cards"]
    out = set()
    for key in ("objective", "exiled_objective"):
        if mine.get(key):
            out |= card_texts(cards["objectives"].get(mine[key]))
    if mine.get("crossroads"):
        out |= card_texts(cards["crossroads"].get(mine["crossroads"]))
    for card_id in mine.get("dealt_survivors", []):
        out |= card_texts(cards["survivors"].get(card_id))
    return out


def forbidden_for(state: dict, viewer: str | None) -> set[str]:
    """The other seats' secret words this device must never receive, minus what its own
    view legitimately holds (its own cards, public reveals such as a triggered card)."""
    view = engine.table_view(state) if viewer is None else engine.seat_view(state, viewer)
    allowed = json.dumps(view, ensure_ascii=False)
    words = set()
    for sid in SEATS:
        if sid != viewer:
            words |= secret_texts(state, sid)
    return {w for w in words if w not in allowed}


def assert_clean(body: str, forbidden: set[str], where: str) -> None:
    """No forbidden word in a response (read as text, entities decoded)."""
    text = unescape(body)
    leaked = sorted(w for w in forbidden if w in text)
    assert not leaked, f"{where} carries another seat's secret: {leaked[:3]}"


def phone_answers(client, game: str, seat_id: str, version: int, full=True) -> dict[str, str]:
    """Every kind of answer a phone gets: page, fragment, and (``full``) stale, refused, forged,
    and unreadable posts."""
    url = f"/phone/{game}"
    hx = {"HX-Request": "true"}
    if not full:
        return {"fragment": client.get(url, headers=hx).get_data(as_text=True)}
    answers = {
        "page": client.get(url),
        "fragment": client.get(url, headers=hx),
        "stale": client.post(
            f"{url}/act", data={"type": "withdraw_from_crisis", "version": "0"}, headers=hx
        ),
        "refused": client.post(
            f"{url}/act",
            data={"type": "set_counter", "name": "morale", "value": "3", "version": version},
            headers=hx,
        ),
        "forged": client.post(
            f"{url}/act",
            data={"type": "cast_vote", "up": "true", "by": "s1" if seat_id != "s1" else "s2"},
            headers=hx,
        ),
        "unreadable": client.post(f"{url}/act", data={"type": "nope", "version": version}),
    }
    return {name: response.get_data(as_text=True) for name, response in answers.items()}


def table_answers(table, game: str, full=True) -> dict[str, str]:
    """What the table screen's browser receives: the board page and fragment, the join panel."""
    hx = {"HX-Request": "true"}
    if not full:
        return {"table fragment": table.get(f"/games/{game}", headers=hx).get_data(as_text=True)}
    answers = {
        "table": table.get(f"/games/{game}"),
        "table fragment": table.get(f"/games/{game}", headers=hx),
        "join panel": table.get(f"/games/{game}/join", headers=hx),
    }
    return {name: response.get_data(as_text=True) for name, response in answers.items()}


def check_everyone(
    app, table, game: str, phones: dict, when: str, full=True, public: frozenset = frozenset()
) -> None:
    """Every device asked for what it shows (``full``: everything it can ask for, errors
    too); none carries another seat's secret, and asking changes nothing. ``public``: words of
    a secret card that the game makes public (its holder stays secret)."""
    state, version = head(app, game)
    for sid, client in phones.items():
        forbidden = forbidden_for(state, sid) - public
        for name, body in phone_answers(client, game, sid, version, full).items():
            assert_clean(body, forbidden, f"{when}: {sid}'s {name}")
    forbidden = forbidden_for(state, None) - public
    for name, body in table_answers(table, game, full).items():
        assert_clean(body, forbidden, f"{when}: the {name}")
    assert head(app, game) == (state, version), "asking changed the game"


def phone_fields(action: dict) -> dict:
    """A phone action as its form would post it."""
    kind = action["type"]
    if kind == "keep_survivors":
        return {"survivors": action["survivors"], "_leader": action["survivors"][0]}
    if kind == "cast_vote":
        return {"up": "true" if action["up"] else "false"}
    if kind == "resolve_bite":
        return {"choice": action["choice"]}
    if kind == "choose_survivor":
        return {"survivor_id": action["survivor_id"]}
    if kind == "choose_for_card":
        return {"answer": action["answer"]}
    if kind == "mark_objective":
        return {"complete": "true" if action["complete"] else "false"}
    if kind == "contribute_to_crisis":
        counts: dict[str, int] = {}
        for symbol in action["symbols"]:
            counts[symbol] = counts.get(symbol, 0) + 1
        return {f"symbols*{symbol}": str(n) for symbol, n in counts.items()}
    if kind in TURN_ON_PHONE:
        return {k: form_value(v) for k, v in action.items() if k not in ("type", "by", "seed")}
    return {}


def form_value(value):
    """An action's argument as a form field holds it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return [form_value(v) for v in value]
    return "" if value is None else str(value)


def play_one(app, game: str, phones: dict, rng: random.Random) -> str | None:
    """One random legal action: a phone's through its form, the rest through the store.
    Returns the phone action's type when a phone made it, "" for another, None if refused."""
    state, version = head(app, game)
    action = next_action(state, rng)
    if action["type"] == "declare_winners" and any(
        "mark_objective" in legal_for_seat(state, sid) for sid in phones
    ):
        return None  # as at a table, the phones mark their objectives before it is declared
    by = action["by"]
    if by != "table" and action["type"] in PHONE_ACTIONS | TURN_ON_PHONE:
        data = {"type": action["type"], "version": str(version), **phone_fields(action)}
        response = phones[by].post(f"/phone/{game}/act", data=data, headers={"HX-Request": "true"})
        assert response.status_code in (200, 422), response.get_data(as_text=True)[:300]
        return action["type"] if response.status_code == 200 else None
    db = open_db(app)
    try:
        store.act(db, game, action, version=version)
        return "table" if by == "table" else "seat"
    except engine.RuleError:
        return None
    finally:
        db.close()


WANTED_ON_PHONES = ("contribute_to_crisis", "move_survivor", "end_turn")
"""Phone actions every played game set must show: random play may leave them to the table."""


def wanted_by_phone(app, game: str, phones: dict, rng: random.Random, seen: set) -> str | None:
    """The first wanted phone action not yet seen that a seat may take now, through its phone's
    form (asserted accepted); None when no seat may take one."""
    state, version = head(app, game)
    for kind in (k for k in WANTED_ON_PHONES if k not in seen):
        for sid in phones:
            choices = legal_for_seat(state, sid).get(kind)
            args = None if choices is None else build(kind, choices, rng)
            if args is None:
                continue
            action = {"type": kind, "by": sid, **args}
            data = {"type": kind, "version": str(version), **phone_fields(action)}
            answer = phones[sid].post(
                f"/phone/{game}/act", data=data, headers={"HX-Request": "true"}
            )
            assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
            return kind
    return None


def undo(app, game: str) -> None:
    """The table takes back the last action."""
    _, version = head(app, game)
    db = open_db(app)
    try:
        store.undo(db, game, version=version)
    finally:
        db.close()


# The default run plays games 0 (a seat moves to a new phone) and 2 (every phone action kind
# asserted below); the proof run adds game 1, the longest, which plays The Long Night with its
# three modules (issue 19: the bandit leader's placement, the containment vote).
LONG_NIGHT = {
    "ruleset": "long_night",
    "settings": {"modules": ["improvements", "bandits", "raxxon"]},
}


@pytest.mark.parametrize(
    "games",
    [
        pytest.param((0, 2), id="2games"),
        pytest.param((0, 1, 2), marks=pytest.mark.proof, id="3games"),
    ],
)
def test_played_games_never_show_a_seat_its_neighbours_secrets(app, table, games):
    kinds: set[str] = set()
    moves = 0
    asked = False
    for number in games:
        game = new_game(app, seed=21 + number, **(LONG_NIGHT if number == 1 else {}))
        phones = {
            sid: take_seat(app, table, game, sid, number=10 * number + int(sid[1])) for sid in SEATS
        }
        rng = random.Random(21 + number)
        check_everyone(app, table, game, phones, f"game {number} at setup")
        for n in range(1, 200):
            state, _ = head(app, game)
            if state.get("ended") and state["ended"]["winners"] is not None:
                break
            asked = asked or any("mark_objective" in legal_for_seat(state, sid) for sid in phones)
            kind = wanted_by_phone(app, game, phones, rng, kinds) or play_one(
                app, game, phones, rng
            )
            if kind:
                kinds.add(kind)
                moves += 1
            if n % 3 == 0:
                full = n % 12 == 0
                check_everyone(app, table, game, phones, f"game {number}, action {n}", full)
            if n % 11 == 0:
                undo(app, game)
                check_everyone(app, table, game, phones, f"game {number}, undo at {n}")
            if number == 0 and n == 8:
                move_seat(app, table, game, phones, "s2")
        state, _ = head(app, game)
        assert state["ended"] and state["ended"]["winners"] is not None
        check_everyone(app, table, game, phones, f"game {number} at the end")
    assert moves > 40
    assert {"keep_survivors", "contribute_to_crisis"} <= kinds, kinds
    assert {"move_survivor", "end_turn"} <= kinds, kinds  # turns entered on the phones
    # a phone is asked to mark only an objective that can be complete at the end (002:1813-1818)
    assert "mark_objective" in kinds or not asked, kinds


def move_seat(app, table, game: str, phones: dict, seat_id: str) -> None:
    """The table releases a seat and a new phone takes it; the old phone gets nothing more."""
    state, _ = head(app, game)
    old = phones[seat_id]
    assert table.post(f"/games/{game}/seats/{seat_id}/release").status_code == 303
    phones[seat_id] = take_seat(app, table, game, seat_id, number=99)
    name = next(s["name"] for s in state["seats"] if s["id"] == seat_id)
    for answer, body in phone_answers(old, game, seat_id, 1).items():
        assert f"<h1>{name}</h1>" not in body, answer
        assert_clean(body, secret_texts(state, seat_id), f"the old phone's {answer}")
    assert old.get(f"/phone/{game}").status_code == 403
    check_everyone(app, table, game, phones, "after the seat moved")


def normalised(body: str) -> str:
    """An answer without the game version it was made at."""
    return VOLATILE.sub(r"\1#", body)


def others_see(app, table, game: str, phones: dict, actor: str) -> dict[str, str]:
    """What every device but ``actor`` receives now (versions left out)."""
    out = {}
    for sid, client in phones.items():
        if sid != actor:
            out[sid] = normalised(client.get(f"/phone/{game}").get_data(as_text=True))
            hx = client.get(f"/phone/{game}", headers={"HX-Request": "true"})
            out[sid + " fragment"] = normalised(hx.get_data(as_text=True))
    for name, body in table_answers(table, game).items():
        out[name] = normalised(body)
    return out


def post_as(client, app, game: str, **fields) -> int:
    """A phone posts a form at the head's version; returns the status."""
    _, version = head(app, game)
    data = {"version": str(version), **fields}
    return client.post(f"/phone/{game}/act", data=data, headers={"HX-Request": "true"}).status_code


@pytest.fixture
def round_started(app, table):
    """A game whose survivors are kept and whose crisis is revealed, three phones seated."""
    game, phones = seated_and_kept(app, table, SEATS)
    table_act(app, game, type="reveal_crisis")
    return game, phones


def test_a_ballot_is_invisible_to_the_others_until_the_tally(app, table, round_started):
    game, phones = round_started
    state, version = head(app, game)
    active = engine.table_view(state)["waiting"]["seat"]
    db = open_db(app)
    result = store.act(
        db, game, {"type": "start_turn", "by": "table", "seat_id": active}, version=version
    )
    target = next(s for s in SEATS if s != active)
    store.act(
        db,
        game,
        {"type": "call_exile_vote", "by": "table", "caller": active, "target": target},
        version=result.version,
    )
    db.close()
    voter = SEATS[0]
    seen = []
    for up in ("true", "false"):
        assert post_as(phones[voter], app, game, type="cast_vote", up=up) == 200
        seen.append(others_see(app, table, game, phones, voter))
        undo(app, game)
    for name in seen[0]:
        assert seen[0][name] == seen[1][name], f"{name} tells how {voter} voted"


def test_crisis_symbols_are_invisible_to_the_others(app, table, round_started):
    game, phones = round_started
    seen = []
    for symbol in ("food", "weapon"):
        status = post_as(
            phones["s2"], app, game, type="contribute_to_crisis", **{f"symbols*{symbol}": "1"}
        )
        assert status == 200
        seen.append(others_see(app, table, game, phones, "s2"))
        undo(app, game)
    for name in seen[0]:
        assert seen[0][name] == seen[1][name], f"{name} tells which card s2 put in"
    assert post_as(phones["s2"], app, game, type="contribute_to_crisis", **{"symbols*food": "1"})
    mine = phones["s2"].get(f"/phone/{game}").get_data(as_text=True)
    assert "Your cards in it:" in mine


def test_a_survivor_pick_is_invisible_to_the_others_until_all_are_in(app, table):
    game, phones = seated_and_kept(app, table, SEATS)
    white_fingers_failed(app, game)
    state, _ = head(app, game)
    picker = SEATS[0]
    choices = state["pending"]["asked"][picker]
    assert len(choices) == 2 and len(state["pending"]["asked"]) == 3
    seen = []
    for survivor_id in choices:
        status = post_as(phones[picker], app, game, type="choose_survivor", survivor_id=survivor_id)
        assert status == 200
        seen.append(others_see(app, table, game, phones, picker))
        undo(app, game)
    for name in seen[0]:
        assert seen[0][name] == seen[1][name], f"{name} tells whom {picker} picked"


def test_the_table_screen_never_carries_a_seat_secret_during_setup(app, table):
    game = new_game(app, seed=8)
    phones = {sid: take_seat(app, table, game, sid) for sid in SEATS}
    state, _ = head(app, game)
    everything = set()
    for sid in SEATS:
        everything |= secret_texts(state, sid)
    for name, body in table_answers(table, game).items():
        assert_clean(body, everything, f"the {name}")
    stranger = phone(app, 77)
    for path in (f"/phone/{game}", f"/games/{game}/join", f"/games/{game}"):
        body = stranger.get(path).get_data(as_text=True)
        assert_clean(body, everything, f"a stranger's {path}")
    assert phones


# --- Bandit Blitz: B2's special exile phase (000:982-992) ---------------------------------------

BLITZ_LEADS = "you lead the bandits from now on"
BLITZ_REQUIREMENT = "Morale is at 0."
BLITZ_PUBLIC = frozenset({"Bandit Betrayal"})
"""000:943: the Bandit Betrayal "is unique; you may read it aloud before shuffling it in":
its name is public in Bandit Blitz (the deal says it is among the cards); who holds it is not."""


def check_blitz(app, table, game: str, phones: dict, when: str) -> None:
    check_everyone(app, table, game, phones, when, public=BLITZ_PUBLIC)


def blitz_at_b2(app, table) -> tuple[str, dict, str]:
    """A Bandit Blitz game at B2 whose Bandit Betrayal was dealt (the first seed that deals
    it), three phones seated: (game id, phones by seat, the betrayer's seat)."""
    for seed in range(31, 80):
        setup = setup_for(3, ruleset="long_night", settings={"modules": ["bandits"]})
        setup["scenario"] = {"name": "bandit_blitz", "chapter": 2}
        setup["main_objective"]["counts"] = None  # B2's card is answered yes or no
        state, _ = engine.apply(
            None, {"type": "new_game", "by": "table", "setup": setup, "seed": seed}
        )
        betrayer = special_exile.bandit_betrayer(state)
        if betrayer is not None:
            break
    db = open_db(app)
    try:
        action = {"type": "new_game", "by": "table", "setup": setup, "seed": seed}
        game = store.create_game(db, "Blitz night", action)
    finally:
        db.close()
    phones = {sid: take_seat(app, table, game, sid, number=40 + int(sid[1])) for sid in SEATS}
    table_act(app, game, type="reveal_crisis", seed=1)
    table_act(app, game, type="run_colony_phase", objective_met=True, seed=2)
    state, _ = head(app, game)
    assert state["pending"]["kind"] == "special_exile", state["pending"]
    return game, phones, betrayer


def phone_post(client, game: str, **fields) -> None:
    answer = post(client, game, **fields)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]


@pytest.mark.proof
def test_the_special_exile_phase_keeps_the_betrayer_s_secrets_on_their_phone(app, table):
    """000:986: the betrayer "may reveal it to immediately win the game"; otherwise they
    "keep their betrayer status secret" and "Morale is at 0." joins their card; 000:988: the
    exiled non-betrayer learns they lead the bandits. Each on that phone alone: the other
    devices receive neither the reveal form, nor the added requirement, nor the leader's text;
    keeping it secret is tapping nothing (a tap would move the other screens)."""
    game, phones, betrayer = blitz_at_b2(app, table)
    check_blitz(app, table, game, phones, "B2 completed")
    innocent = next(sid for sid in SEATS if sid != betrayer)
    state, _ = head(app, game)
    first = state["pending"]["seat"]
    page = phones[first].get(f"/phone/{game}").text
    assert {"call_special_exile_vote", "skip_special_exile_vote"} <= forms_on(page)
    target = innocent if innocent != first else next(s for s in SEATS if s not in (first, betrayer))
    phone_post(phones[first], game, type="call_special_exile_vote", target=target)
    for sid in SEATS:
        phone_post(phones[sid], game, type="cast_vote", up="true")
    state, _ = head(app, game)
    assert state["seats"][int(target[1]) - 1]["exiled"] is True
    for sid, client in phones.items():
        text = unescape(client.get(f"/phone/{game}").text)
        assert (BLITZ_LEADS in text) == (sid == target), sid
    assert BLITZ_LEADS not in unescape(table.get(f"/games/{game}").text)
    check_blitz(app, table, game, phones, "after the special exile vote")
    while (state["pending"] or {}).get("kind") == "special_exile":
        phone_post(phones[state["pending"]["seat"]], game, type="skip_special_exile_vote")
        state, _ = head(app, game)
    assert state["pending"]["kind"] == "betrayer_reveal"
    for sid, client in phones.items():
        forms = forms_on(client.get(f"/phone/{game}").text)
        assert ("reveal_bandit_betrayal" in forms) == (sid == betrayer), sid
    assert "reveal_bandit_betrayal" not in forms_on(table.get(f"/games/{game}").text)
    assert post(phones[betrayer], game, type="pass_betrayal_reveal").status_code == 422
    table_act(app, game, type="pass_betrayal_reveal")
    assert BLITZ_REQUIREMENT in unescape(phones[betrayer].get(f"/phone/{game}").text)
    for sid, client in phones.items():
        if sid != betrayer:
            assert BLITZ_REQUIREMENT not in unescape(client.get(f"/phone/{game}").text), sid
    assert BLITZ_REQUIREMENT not in unescape(table.get(f"/games/{game}").text)
    check_blitz(app, table, game, phones, "after the special exile phase")
    state, _ = head(app, game)
    assert state["pending"] is None and state["colony_step"] == "move_round_track"


@pytest.mark.proof
def test_the_betrayer_s_reveal_is_theirs_alone_until_made(app, table):
    """000:986 "they may reveal it to immediately win the game": only their phone can; once
    made, the win is public."""
    game, phones, betrayer = blitz_at_b2(app, table)
    state, _ = head(app, game)
    while (state["pending"] or {}).get("kind") == "special_exile":
        phone_post(phones[state["pending"]["seat"]], game, type="skip_special_exile_vote")
        state, _ = head(app, game)
    for sid in SEATS:
        if sid != betrayer:
            answer = post(phones[sid], game, type="reveal_bandit_betrayal")
            assert answer.status_code == 422
    check_blitz(app, table, game, phones, "before the reveal")
    phone_post(phones[betrayer], game, type="reveal_bandit_betrayal")
    state, _ = head(app, game)
    assert state["ended"] == {"reason": "betrayer_revealed", "winners": [betrayer]}
    assert "the betrayer wins" in unescape(table.get(f"/games/{game}").text)
