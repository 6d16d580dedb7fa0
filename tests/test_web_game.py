"""The table screen: every view (page and htmx fragment), each control posting a real action,
the colony phase previewed and confirmed, undo and redo, refusals that change nothing, escaping
and secrets. Games live in real SQLite files under tmp_path; forms are read from the pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers.table import (
    HX,
    confirm_seed,
    current,
    find_form,
    form_data,
    form_type,
    log_types,
    make_game,
    page_forms,
    start_turn,
    submit,
    table_act,
    view_of,
)

import companion.engine as engine
from companion import create_app, store
from tests import play

STALE = "The table moved on: here is the new board."
pytestmark = pytest.mark.seed(1)  # the game's draws repeat: no test waits on a lucky roll


def game_region(html: str) -> str:
    """The #game region of a page or fragment."""
    start = html.index('<div id="game"')
    return html[start:]


# --- the views ------------------------------------------------------------------------------


def test_table_screen_is_a_page_or_a_fragment(client, app):
    game_id = make_game(app)
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert body.startswith("<!doctype html>")
    assert 'id="game"' in body and 'id="board"' in body
    assert "Reveal the crisis" in body
    assert "HX-Request" in page.headers["Vary"]
    part = client.get(f"/games/{game_id}", headers=HX)
    fragment = part.get_data(as_text=True)
    assert part.status_code == 200
    assert "<html" not in fragment and fragment.lstrip().startswith('<div id="game"')
    assert "HX-Request" in part.headers["Vary"]
    restore = client.get(f"/games/{game_id}", headers={**HX, "HX-History-Restore-Request": "true"})
    assert restore.get_data(as_text=True).startswith("<!doctype html>")


@pytest.mark.parametrize("path", ["", "/log", "/colony", "/end"])
def test_every_view_has_a_page_and_a_fragment(client, app, path):
    game_id = make_game(app)
    page = client.get(f"/games/{game_id}{path}")
    part = client.get(f"/games/{game_id}{path}", headers=HX)
    assert page.status_code == part.status_code == 200
    assert "<html" in page.get_data(as_text=True)
    assert "<html" not in part.get_data(as_text=True)
    assert "HX-Request" in part.headers["Vary"]


@pytest.mark.parametrize(
    "method, path",
    [
        ("get", ""),
        ("get", "/log"),
        ("get", "/colony"),
        ("get", "/end"),
        ("post", "/act"),
        ("post", "/undo"),
        ("post", "/redo"),
    ],
)
def test_an_unknown_game_is_404(client, method, path):
    response = getattr(client, method)(f"/games/nope1234{path}", data={"version": "1"})
    assert response.status_code == 404


def test_round_start_offers_the_crisis_deck_and_named_crises_with_the_dice_reminder(client, app):
    game_id = make_game(app)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = find_form(html, "reveal_crisis")
    crisis = next(f for f in form["fields"] if f["name"] == "crisis")
    view = view_of(app, game_id)
    offered = [value for value, _ in crisis["options"]]
    assert offered[0] == ""  # the top of the deck
    assert sorted(offered[1:]) == sorted(view["legal"]["table"]["reveal_crisis"]["crisis"])
    assert "one die, plus one for each survivor" in html
    assert f"The top of the crisis deck ({view['decks']['crises']} left)" in html


def test_reveal_a_named_crisis_and_a_typed_one(client, app):
    game_id = make_game(app)
    wanted = sorted(view_of(app, game_id)["legal"]["table"]["reveal_crisis"]["crisis"])[3]
    before = current(app, game_id).version
    response = submit(client, game_id, "reveal_crisis", crisis=wanted, htmx=False)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    after = current(app, game_id)
    assert after.version == before + 1 and after.state["crisis"]["id"] == wanted

    other = make_game(app)
    response = submit(
        client, other, "reveal_crisis", n=1, name="Broken Boiler", prevent=["fuel", "tool"]
    )
    assert response.status_code == 200
    crisis = current(app, other).state["crisis"]
    assert crisis["name"] == "Broken Boiler" and crisis["prevent"] == ["fuel", "tool"]


# --- every control posts a real action ------------------------------------------------------


def _posted(client, app, game_id, kind, **overrides):
    """Post the page's form for ``kind``; check it was applied once, as that action."""
    before = current(app, game_id).version
    response = submit(client, game_id, kind, **overrides)
    assert response.status_code == 200, response.get_data(as_text=True)[:3000]
    assert current(app, game_id).version == before + 1
    assert log_types(app, game_id)[-1] == kind
    return response


def test_the_exposure_die_has_no_face_until_the_table_picks_one(client, app):
    """Issue 29.3: an untouched exposure die is refused with the reason; "roll it here for me"
    is the engine's roll, with the action's seed (replaying it rolls the same face)."""
    game_id = make_game(app)
    seat = start_turn(client, app, game_id)
    state = current(app, game_id).state
    mover = next(s for s in state["survivors"] if s["owner"] == seat and s["leader"])
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    # on the board the die is a row of face buttons: nothing sent until one is pressed
    board_move = re.search(r"<form[^>]*ctl-move_survivor.*?</form>", html, re.S).group(0)
    faces = re.findall(r'<button[^>]*name="exposure" value="(\w+)"', board_move)
    assert faces[-1] == "roll" and len(faces) > 1
    assert not re.search(r'<(?:input|select)[^>]*name="exposure"', board_move)
    assert " checked" not in board_move  # no place chosen either
    for kind in ("kill_zombies", "record_exposure"):
        form = find_form(html, kind)
        die = next(f for f in form["fields"] if f["name"] in ("exposure", "result"))
        assert die["options"][0][0] == "", kind  # the first option (the default) is no face
        assert not any(selected for _value, selected in die["options"]), kind
        assert die["options"][-1][0] == "roll", kind
    before = current(app, game_id)
    untouched = submit(client, game_id, "move_survivor", survivor_id=mover["id"])
    assert untouched.status_code == 422
    assert "nothing is recorded without a roll" in untouched.get_data(as_text=True)
    assert current(app, game_id).version == before.version
    _posted(client, app, game_id, "move_survivor", survivor_id=mover["id"], exposure="roll")
    with app.app_context():
        action = store.log(store.get_db(), game_id)[-1]["action"]
    assert action["exposure"] == "roll" and "seed" in action
    after, steps = engine.apply(before.state, action)
    assert after == current(app, game_id).state
    assert [s["rolled"] for s in steps if s["kind"] == "exposure_rolled"] == [True]


def test_every_turn_control_posts_its_action(client, app):
    game_id = make_game(app, ruleset="long_night")
    seat = start_turn(client, app, game_id)
    state = current(app, game_id).state
    mine = [s for s in state["survivors"] if s["owner"] == seat]
    leader = next(s for s in mine if s["leader"])
    follower = next(s for s in mine if not s["leader"])
    police = sorted(state["locations"], key=lambda loc: loc["number"])[0]["id"]

    _posted(
        client, app, game_id, "move_survivor", survivor_id=leader["id"], to=police, exposure="wound"
    )
    moved = next(s for s in current(app, game_id).state["survivors"] if s["id"] == leader["id"])
    assert moved["location"] == police and moved["wounds"] == 1

    _posted(client, app, game_id, "kill_zombies", exposure="blank")  # the killer form at police
    assert (
        next(loc for loc in current(app, game_id).state["locations"] if loc["id"] == police)[
            "entrance"
        ]["zombies"]
        == 0
    )
    _posted(client, app, game_id, "add_barricade", **{"place|entrance": "colony|4"})
    assert current(app, game_id).state["colony"]["entrances"][3]["barricades"] == 1
    _posted(client, app, game_id, "add_trap", **{"place|entrance": "colony|5"})
    assert current(app, game_id).state["colony"]["entrances"][4]["traps"] == 1
    _posted(client, app, game_id, "add_noise", location_id=police)
    _posted(client, app, game_id, "add_food", count="3")
    assert current(app, game_id).state["food"] == 3
    _posted(client, app, game_id, "spend_food", count="2")
    assert current(app, game_id).state["food"] == 1
    _posted(client, app, game_id, "add_waste", count="4")
    _posted(client, app, game_id, "play_cards", count="2", event="true")
    _posted(client, app, game_id, "clean_waste")
    _posted(
        client,
        app,
        game_id,
        "contribute_to_crisis",
        **{"symbols*food": "2", "symbols*fuel": "1", "symbols*medicine": ""},
    )
    assert view_of(app, game_id)["numbers"]["crisis_cards"] == 3
    _posted(client, app, game_id, "add_helpless", count="1", unruly="true")
    assert current(app, game_id).state["helpless"]["unruly"] == 1
    _posted(client, app, game_id, "calm_unruly")
    _posted(client, app, game_id, "wound_survivor", survivor_id=follower["id"], wound="frostbite")
    _posted(
        client,
        app,
        game_id,
        "heal_survivor",
        **{"survivor_id|wound": f"{follower['id']}|frostbite"},
    )
    _posted(client, app, game_id, "wound_survivor", survivor_id=follower["id"], wound="despair")
    _posted(client, app, game_id, "remove_despair", survivor_id=follower["id"])
    _posted(client, app, game_id, "record_exposure", survivor_id=follower["id"], result="blank")
    _posted(client, app, game_id, "attract_zombies")
    joiner = view_of(app, game_id)["legal"]["table"]["add_survivor"]["survivor_id"][0]
    _posted(client, app, game_id, "add_survivor", seat_id=seat, survivor_id=joiner)
    assert any(s["id"] == joiner for s in current(app, game_id).state["survivors"])
    _posted(
        client,
        app,
        game_id,
        "set_group_leader",
        **{"seat_id|survivor_id": f"{seat}|{follower['id']}"},
    )
    assert next(s for s in current(app, game_id).state["survivors"] if s["id"] == follower["id"])[
        "leader"
    ]
    following = view_of(app, game_id)["waiting"]["next"]
    _posted(client, app, game_id, "end_turn")  # and the next player's turn starts (issue 29.4)
    assert view_of(app, game_id)["waiting"] == {
        "kind": "turn",
        "seat": following,
        "next": view_of(app, game_id)["waiting"]["next"],
        "crossroads_waits": False,
    }
    assert following != seat


def test_the_corrections_post_their_actions(client, app):
    game_id = make_game(app, ruleset="long_night")
    seat = start_turn(client, app, game_id)
    _posted(client, app, game_id, "add_barricade", **{"place|entrance": "colony|1"})
    _posted(client, app, game_id, "add_trap", **{"place|entrance": "colony|2"})
    state = current(app, game_id).state
    loc = state["locations"][0]["id"]
    _posted(client, app, game_id, "add_noise", location_id=loc)
    _posted(client, app, game_id, "add_helpless", count="2")
    _posted(client, app, game_id, "set_counter", name="food", value="7")
    assert current(app, game_id).state["food"] == 7
    _posted(client, app, game_id, "add_zombies_by_hand", place=loc, count="1")
    _posted(client, app, game_id, "remove_barricade", **{"place|entrance": "colony|1"})
    _posted(client, app, game_id, "remove_trap", **{"place|entrance": "colony|2"})
    _posted(client, app, game_id, "remove_noise", location_id=loc)
    assert all(e["barricades"] == 0 for e in current(app, game_id).state["colony"]["entrances"])
    _posted(client, app, game_id, "kill_helpless_by_card")
    victims = [s["id"] for s in current(app, game_id).state["survivors"] if s["owner"] != seat]
    _posted(
        client, app, game_id, "kill_survivor_by_card", survivor_id=victims[0], cause="Falling Ice"
    )
    _posted(client, app, game_id, "remove_survivor_by_card", survivor_id=victims[1])
    gone = {s["id"] for s in current(app, game_id).state["survivors"]}
    assert victims[0] not in gone and victims[1] not in gone
    _posted(
        client,
        app,
        game_id,
        "set_capacity",
        place="colony",
        survivor_spaces="20",
        entrance_spaces="",
    )
    assert current(app, game_id).state["colony"]["survivor_spaces"] == 20


def test_an_exile_vote_is_called_then_the_thumbs_are_entered(client, app):
    game_id = make_game(app, 4)
    start_turn(client, app, game_id)
    target = view_of(app, game_id)["legal"]["table"]["call_exile_vote"]["target"][0]
    _posted(client, app, game_id, "call_exile_vote", target=target)
    view = view_of(app, game_id)
    assert view["waiting"]["kind"] == "vote"
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Voted so far:" in html and "nobody yet" in html
    voters = view["legal"]["table"]["record_votes"]["voters"]
    thumbs = {f"votes.{sid}": "true" for sid in voters}
    _posted(client, app, game_id, "record_votes", **thumbs)
    assert next(s for s in current(app, game_id).state["seats"] if s["id"] == target)["exiled"]


def test_a_pending_bite_is_answered_from_the_table(client, app):
    game_id = make_game(app)
    seat = start_turn(client, app, game_id)
    state = current(app, game_id).state
    mine = next(s for s in state["survivors"] if s["owner"] == seat and s["location"] == "colony")
    _posted(client, app, game_id, "record_exposure", survivor_id=mine["id"], result="bite")
    view = view_of(app, game_id)
    assert view["waiting"]["kind"] == "bite"
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "A bite spreads" in html
    bitten = view["waiting"]["survivor"]
    _posted(client, app, game_id, "resolve_bite", choice="kill")
    assert bitten not in {s["id"] for s in current(app, game_id).state["survivors"]}


def test_a_revealed_crossroads_card_offers_its_options(client, app):
    game_id = make_game(app)
    start_turn(client, app, game_id)
    state = current(app, game_id).state
    holder = state["turn"]["crossroads_drawer"]
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    holder_name = next(s["name"] for s in state["seats"] if s["id"] == holder)
    assert f"{holder_name} holds the crossroads card for this turn" in html
    card_id = state["secrets"][holder]["crossroads"]
    card = state["cards"]["crossroads"][card_id]
    assert card["name"] not in html
    with app.app_context():  # the drawer reveals it from their phone
        db = store.get_db()
        store.act(
            db,
            game_id,
            {"type": "reveal_crossroads", "by": holder, "seat_id": holder},
            version=store.current(db, game_id).version,
        )
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert card["name"] in html
    kind = "trigger_crossroads"
    assert find_form(html, kind)
    _posted(client, app, game_id, kind)
    kinds = {step["kind"] for step in _last_row(app, game_id)["steps"]}
    assert kinds & {"crossroads_option_chosen", "vote_opened"}


# --- the colony phase, one step at a time ---------------------------------------------------


def finish_turns(client, app, game_id: str) -> None:
    """Play every turn of the round (each seat adds a crisis card); each End starts the next
    turn (issue 29.4), the last leaves the colony phase's first Confirm on the screen."""
    start_turn(client, app, game_id)
    while True:
        _posted(client, app, game_id, "contribute_to_crisis", **{"symbols*food": "1"})
        _posted(client, app, game_id, "end_turn")
        if view_of(app, game_id)["waiting"]["kind"] != "turn":
            break
    assert view_of(app, game_id)["waiting"]["kind"] == "colony_phase"


def test_each_colony_step_is_previewed_and_what_is_confirmed_is_what_was_shown(client, app):
    game_id = make_game(app)
    finish_turns(client, app, game_id)
    steps_seen = []
    for _ in range(1):  # one Confirm: the seven steps (the main objective counts: none asks)
        before = current(app, game_id)
        page = client.get(f"/games/{game_id}/colony")
        html = page.get_data(as_text=True)
        kind, seed = confirm_seed(html)
        expected, expected_steps = engine.apply(
            before.state, {"type": kind, "by": "table", "seed": seed}
        )
        shown = [
            engine.render_step(s, expected, "en") for s in engine.visible_steps(expected_steps)
        ]
        for sentence in shown:
            assert _esc(sentence) in html
        assert current(app, game_id).version == before.version  # a preview stores nothing
        form = next(f for f in page_forms(html) if form_type(f) == kind)
        response = client.post(form["action"], data=form_data(form), headers=HX)
        assert response.status_code == 200
        assert current(app, game_id).state == expected
        steps_seen.append(kind)
    assert steps_seen == ["run_colony_steps"]
    assert current(app, game_id).state["round"] == 2


def _esc(text: str) -> str:
    """Text as Jinja escapes it."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&#34;")
        .replace("'", "&#39;")
    )


def test_the_table_screen_explains_each_step_and_asks_about_the_main_objective(client, app):
    game_id = make_game(app)
    finish_turns(client, app, game_id)
    view = view_of(app, game_id)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    numbers = view["numbers"]
    assert "Step 1 of 7: the colony eats" in html  # view["waiting"]: the step, its number
    assert (
        f"The colony has {numbers['colonists']} colonists, so it eats {numbers['food_needed']} food"
        in html
    )
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"{numbers['crisis_cards']} cards were added to" in html
    zombies = numbers["zombies_to_colony"]
    assert f"The colony draws {zombies} zombies" in html
    for heading in (  # one Confirm runs all seven: none asks (the main objective counts)
        "Step 2 of 7: check the waste pile",
        "Step 4 of 7: add zombies",
        "We Need More Samples counts zombies on the card: 0 of 9",
        "passes the first player token",
    ):
        assert heading in html
    client.set_cookie("lang", "pt_BR")
    assert "Etapa 4 de 7: aparecimento de zumbis" in client.get(f"/games/{game_id}").text
    client.set_cookie("lang", "en")
    form = find_form(html, "run_colony_steps")
    response = client.post(form["action"], data=form_data(form), headers=HX)
    reveal = response.get_data(as_text=True)
    assert 'id="reveal"' in reveal and "Run colony steps" in reveal
    assert reveal.count("rs-crisis_card_revealed") == numbers["crisis_cards"]
    dialog = reveal[reveal.index('id="reveal"') : reveal.index("</dialog>")]
    cards = re.findall(r'<li class="rs rs-crisis[^"]*">.*?</li>', dialog, re.S)
    assert len(cards) >= numbers["crisis_cards"]
    for seat in view["seats"]:  # the reveal never says who gave which card (the token's
        assert not any(_esc(seat["name"]) in line for line in cards)  # new holder is public)
    row = _last_row(app, game_id)
    placed = [
        s
        for s in row["steps"]
        if s["kind"] in ("zombie_placed", "barricade_broken", "trap_fired", "overrun")
    ]
    positions = [
        dialog.index(_esc(engine.render_step(s, current(app, game_id).state, "en"))) for s in placed
    ]
    assert (
        positions == sorted(positions) and len(placed) >= zombies
    )  # one line per zombie, in order
    assert current(app, game_id).state["ended"] is None
    assert current(app, game_id).state["round"] == 2
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Step 1 of 7" not in html  # the reveal is open: no colony step is asked meanwhile
    _posted(client, app, game_id, "finish_reveal")
    assert view_of(app, game_id)["waiting"]["kind"] == "reveal_crisis"


def _last_row(app, game_id):
    with app.app_context():
        return store.log(store.get_db(), game_id)[-1]


def test_the_main_objective_met_ends_the_game(client, app):
    game_id = make_game(app)
    finish_turns(client, app, game_id)
    for _ in range(9):  # We Need More Samples: 3 samples per player, counted on the card
        _posted(client, app, game_id, "add_objective_progress")
    _posted(client, app, game_id, "run_colony_steps")  # seed 1 keeps the colony to step 5
    assert current(app, game_id).state["ended"]["reason"] == "main_objective"


def test_the_long_night_offers_the_keep_first_player_vote(client, app):
    game_id = make_game(app, ruleset="long_night")
    finish_turns(client, app, game_id)
    first = current(app, game_id).state["first_player"]
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "keeps the token" in html  # the one Confirm reaches step 7 (000:660)
    _posted(client, app, game_id, "run_colony_steps", n=1)
    state = current(app, game_id).state
    assert state["first_player"] == first and state["round"] == 2


# --- undo and redo --------------------------------------------------------------------------


def test_undo_across_a_colony_phase_and_redo_it(client, app):
    game_id = make_game(app)
    finish_turns(client, app, game_id)
    before_phase = current(app, game_id)
    _posted(client, app, game_id, "run_colony_steps")  # one action: one undo
    after_phase = current(app, game_id)
    for _ in range(1):
        version = current(app, game_id).version
        response = client.post(f"/games/{game_id}/undo", data={"version": version}, headers=HX)
        assert response.status_code == 200
        assert "Undone:" in response.get_data(as_text=True)
    undone = current(app, game_id)
    assert undone.state == before_phase.state and undone.head == before_phase.head
    for _ in range(1):
        version = current(app, game_id).version
        response = client.post(f"/games/{game_id}/redo", data={"version": version})
        assert response.status_code == 303
    redone = current(app, game_id)
    assert redone.state == after_phase.state and redone.head == after_phase.head


def test_an_undo_is_told_when_it_comes_and_then_stays_in_the_log(client, app):
    """The answer and every live refresh say "Undone: ..."; a page loaded later (a reload, a
    language chosen) keeps it in its log, not as a notice of a past moment."""
    game_id = make_game(app)
    finish_turns(client, app, game_id)
    version = current(app, game_id).version
    client.post(f"/games/{game_id}/undo", data={"version": version}, headers=HX)
    notice = '<p class="notice" role="status">Undone:'
    assert notice in client.get(f"/games/{game_id}", headers=HX).get_data(as_text=True)
    client.set_cookie("lang", "pt_BR")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert '<p class="notice" role="status">' not in page
    assert '<li class="log-row moved"><span class="log-action">Desfeito:' in page


def test_nothing_to_undo_or_redo_is_said_plainly(client, app):
    game_id = make_game(app)
    version = current(app, game_id).version
    response = client.post(f"/games/{game_id}/undo", data={"version": version}, headers=HX)
    assert response.status_code == 409
    assert "Nothing to undo" in response.get_data(as_text=True)
    response = client.post(f"/games/{game_id}/redo", data={"version": version})
    assert response.status_code == 409
    assert "Nothing to redo" in response.get_data(as_text=True)
    assert current(app, game_id).version == version
    stale = client.post(f"/games/{game_id}/undo", data={"version": version - 1})
    assert stale.status_code == 409 and STALE in stale.get_data(as_text=True)


def test_undo_and_redo_buttons_are_always_on_the_table_screen(client, app):
    game_id = make_game(app)
    for kind in ("reveal_crisis", "start_turn", "end_turn"):
        html = client.get(f"/games/{game_id}").get_data(as_text=True)
        actions = {f["action"] for f in page_forms(html)}
        assert f"/games/{game_id}/undo" in actions and f"/games/{game_id}/redo" in actions
        assert submit(client, game_id, kind).status_code == 200


# --- restarts, stale and double submits, bad input ------------------------------------------


def test_a_new_app_over_the_same_data_shows_the_same_board(tmp_path):
    first = create_app({"TESTING": True}, data_dir=tmp_path)
    game_id = make_game(first)
    client = first.test_client()
    start_turn(client, first, game_id)
    _posted(client, first, game_id, "add_barricade", **{"place|entrance": "colony|3"})
    before = client.get(f"/games/{game_id}", headers=HX).get_data(as_text=True)
    second = create_app({"TESTING": True}, data_dir=tmp_path)
    after = second.test_client().get(f"/games/{game_id}", headers=HX).get_data(as_text=True)
    assert after == before
    assert current(second, game_id).state["colony"]["entrances"][2]["barricades"] == 1


def test_a_stale_and_a_double_submitted_action_apply_once(client, app):
    game_id = make_game(app)
    start_turn(client, app, game_id)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = find_form(html, "add_barricade")
    data = form_data(form, **{"place|entrance": "colony|1"})
    rows = len(log_types(app, game_id))
    first = client.post(form["action"], data=data, headers=HX)
    second = client.post(form["action"], data=data, headers=HX)
    assert first.status_code == 200
    assert second.status_code == 409
    body = second.get_data(as_text=True)
    assert STALE in body and 'role="alert"' in body and 'id="board"' in body
    assert len(log_types(app, game_id)) == rows + 1
    assert current(app, game_id).state["colony"]["entrances"][0]["barricades"] == 1
    plain = client.post(form["action"], data=data)
    assert plain.status_code == 409 and "<html" in plain.get_data(as_text=True)


@pytest.mark.parametrize(
    "fields, status, words",
    [
        ({"type": "add_food", "count": "lots"}, 400, "needs a whole number"),
        ({"type": "add_food", "count": "-2"}, 400, "needs a whole number"),
        ({"type": "add_food"}, 422, "needs count"),
        ({"type": "pay_food"}, 422, "cannot be done now"),
        ({"type": "declare_winners"}, 422, "cannot be done now"),
        ({"type": "launch_rocket"}, 400, "does not know this action"),
        ({"type": "add_food", "count": "1", "colour": "red"}, 400, "does not belong"),
        ({"type": "add_barricade", "place|entrance": "colony"}, 400, "not one of the choices"),
        ({"type": "move_survivor", "survivor_id": "base.nobody", "to": "colony"}, 422, ""),
        ({"type": "cast_vote", "seat_id": "s1", "up": "true"}, 422, "cannot be done now"),
        ({"type": "add_food", "count": "1", "version": "x"}, 400, "which version"),
        ({"type": "add_food", "count": "1", "version": "0"}, 409, STALE),
    ],
)
def test_bad_input_is_refused_politely_and_changes_nothing(client, app, fields, status, words):
    game_id = make_game(app)
    start_turn(client, app, game_id)
    before = current(app, game_id)
    data = {"version": str(before.version), **fields}
    response = client.post(f"/games/{game_id}/act", data=data, headers=HX)
    assert response.status_code == status
    body = response.get_data(as_text=True)
    assert 'role="alert"' in body and 'id="board"' in body
    assert words in body
    after = current(app, game_id)
    assert after.version == before.version and after.state == before.state


def test_an_action_of_another_phase_is_422_with_the_engine_message(client, app):
    game_id = make_game(app)
    before = current(app, game_id)
    response = client.post(
        f"/games/{game_id}/act", data={"type": "end_turn", "version": before.version}
    )
    assert response.status_code == 422
    assert 'class="alert"' in response.get_data(as_text=True)
    assert current(app, game_id).version == before.version


def test_table_controls_need_the_table_credential(app):
    game_id = make_game(app)
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.50"
    version = current(app, game_id).version
    html = phone.get(f"/games/{game_id}").get_data(as_text=True)
    assert not [f for f in page_forms(html) if form_type(f)]
    for path in ("act", "undo", "redo"):
        response = phone.post(
            f"/games/{game_id}/{path}", data={"type": "reveal_crisis", "version": version}
        )
        assert response.status_code == 403
    assert current(app, game_id).version == version


# --- escaping and secrets -------------------------------------------------------------------


def test_player_names_with_html_are_escaped(client, app):
    evil = '<script>alert("x")</script>'
    game_id = make_game(app, names=[evil, "Bo<b>b</b>", "C&D"])
    start_turn(client, app, game_id)
    for path in ("", "/log", "/end", "/colony"):
        html = client.get(f"/games/{game_id}{path}").get_data(as_text=True)
        assert "<script>alert" not in html and "<b>b</b>" not in html
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html


def secret_words(state: dict[str, Any]) -> set[str]:
    """Every seat's objective and crossroads card: ids and names."""
    words = set()
    for mine in state["secrets"].values():
        for kind, key in (
            ("objectives", "objective"),
            ("objectives", "exiled_objective"),
            ("crossroads", "crossroads"),
        ):
            card_id = mine.get(key)
            if card_id:
                words.add(card_id)
                words.add(_esc(state["cards"][kind][card_id]["name"]))
    return words


def assert_no_secrets(client, app, game_id: str, allowed: set[str] = frozenset()) -> None:
    """No page of the table screen carries a secret (except the ``allowed`` words)."""
    state = current(app, game_id).state
    for path in ("", "/log", "/colony", "/end"):
        for headers in ({}, HX):
            html = client.get(f"/games/{game_id}{path}", headers=headers).get_data(as_text=True)
            for word in secret_words(state) - set(allowed):
                assert word not in html, (path, word)


def test_the_table_screen_never_shows_a_secret_until_the_end(client, app):
    game_id = make_game(app)
    assert_no_secrets(client, app, game_id)
    finish_turns(client, app, game_id)
    assert_no_secrets(client, app, game_id)
    table_act(app, game_id, {"type": "set_counter", "name": "morale", "value": 0})
    assert view_of(app, game_id)["waiting"]["kind"] == "declare_winners"
    assert_no_secrets(client, app, game_id)
    _posted(client, app, game_id, "declare_winners", completed=["", "s2"])
    state = current(app, game_id).state
    html = client.get(f"/games/{game_id}/end").get_data(as_text=True)
    for mine in state["secrets"].values():
        name = state["cards"]["objectives"][mine["objective"]]["name"]
        assert _esc(name) in html
    crossroads = {
        w
        for mine in state["secrets"].values()
        if mine["crossroads"]
        for w in (
            mine["crossroads"],
            _esc(state["cards"]["crossroads"][mine["crossroads"]]["name"]),
        )
    }
    assert_no_secrets(client, app, game_id, allowed=secret_words(state) - crossroads)


def test_a_revealed_crossroads_card_is_the_only_secret_shown(client, app):
    game_id = make_game(app)
    start_turn(client, app, game_id)
    state = current(app, game_id).state
    holder = state["turn"]["crossroads_drawer"]
    with app.app_context():
        db = store.get_db()
        store.act(
            db,
            game_id,
            {"type": "reveal_crossroads", "by": holder, "seat_id": holder},
            version=store.current(db, game_id).version,
        )
    card_id = state["secrets"][holder]["crossroads"]
    name = _esc(state["cards"]["crossroads"][card_id]["name"])
    assert name in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert_no_secrets(client, app, game_id, allowed={card_id, name})


# --- the log and the end --------------------------------------------------------------------


def test_the_log_is_the_whole_game_newest_first_in_the_device_language(client, app):
    game_id = make_game(app)
    start_turn(client, app, game_id)
    html = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    headings = re.findall(r'<h2 class="log-action">([^<]+)</h2>', html)
    assert headings == ["Start turn", "Reveal crisis", "Start a new game"]
    assert "New game of 3 players" in html
    client.set_cookie("lang", "pt_BR")
    html = client.get(f"/games/{game_id}/log").get_data(as_text=True)
    state = current(app, game_id).state
    with app.app_context():
        first_row = store.log(store.get_db(), game_id)[0]
    setup_step = next(s for s in first_row["steps"] if s["kind"] == "game_set_up")
    portuguese = engine.render_step(setup_step, state, "pt_BR")
    assert portuguese != engine.render_step(setup_step, state, "en")
    assert _esc(portuguese) in html


def test_the_end_declares_winners_reveals_objectives_and_draws_the_chart(client, app):
    game_id = make_game(app)
    finish_turns(client, app, game_id)
    _posted(client, app, game_id, "run_colony_steps")
    table_act(app, game_id, {"type": "set_counter", "name": "morale", "value": 0})
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Morale has reached 0" in html
    # At a morale end only objectives that do not need the main objective may be complete
    # (002:1813-1818); the table is offered every seat all the same (which objective is out
    # is its owner's secret), and a seat ticked whose objective is out does not win.
    state = current(app, game_id).state
    kinds = {
        sid: state["cards"]["objectives"][mine["objective"]]["kind"]
        for sid, mine in state["secrets"].items()
    }
    may = [sid for sid in sorted(kinds) if kinds[sid] != "normal"]
    assert "Whose secret objective is complete?" in html
    for sid in kinds:
        assert f'name="completed" value="{sid}"' in html
    assert "a secret objective to mark" not in html  # nobody named as still to mark
    _posted(client, app, game_id, "declare_winners", completed=["", *sorted(kinds)])
    state = current(app, game_id).state
    assert state["ended"]["winners"] == may
    said = client.get(f"/games/{game_id}").get_data(as_text=True)
    out = [s["name"] for s in state["seats"] if s["id"] not in may]
    assert out and all(f"{name}&#39;s secret objective was ticked" in said for name in out)
    for path, headers in (("/end", {}), ("/end", HX), ("", {})):
        html = client.get(f"/games/{game_id}{path}", headers=headers).get_data(as_text=True)
        assert "Winners" in html and "<svg" in html and "morale-chart" in html
        assert html.count("objective-row complete") == len(may)


def test_history_has_one_point_per_round(client, app):
    from companion.web import history

    game_id = make_game(app)
    finish_turns(client, app, game_id)
    _posted(client, app, game_id, "run_colony_steps")
    assert not current(app, game_id).state["ended"]
    with app.app_context():
        points = history.round_points(store.get_db(), game_id)
    state = current(app, game_id).state
    view = engine.table_view(state)
    assert [p["round"] for p in points] == [0, 1]
    assert points[1] == {
        "round": 1,
        "morale": view["morale"],
        "food": view["food"],
        "colonists": view["numbers"]["colonists"],
    }


def test_the_chart_starts_from_the_colonists_kept_not_from_the_empty_setup(client, app):
    """With dealt survivors the game is stored before anyone keeps one (0 colonists): round 0
    of the chart is the state once the setup is done."""
    from companion.web import history

    game_id = make_game(app, deal=True)
    assert view_of(app, game_id)["numbers"]["colonists"] == 0
    state = current(app, game_id).state
    for sid, mine in state["secrets"].items():
        table_act(
            app,
            game_id,
            {"type": "keep_survivors", "by": sid, "survivors": mine["dealt_survivors"][:2]},
        )
    colonists = view_of(app, game_id)["numbers"]["colonists"]
    assert colonists == 6
    finish_turns(client, app, game_id)
    _posted(client, app, game_id, "run_colony_steps")
    with app.app_context():
        points = history.round_points(store.get_db(), game_id)
    assert [p["round"] for p in points] == [0, 1]
    assert points[0]["colonists"] == colonists


def test_a_round_without_a_crisis_can_still_finish_its_colony_phase(client, app):
    game_id = make_game(app)
    table_act(app, game_id, {"type": "start_colony_phase"})  # no crisis was revealed this round
    html = client.get(f"/games/{game_id}/colony").get_data(as_text=True)
    assert "There is no crisis in play this round." in html
    kind, _seed = confirm_seed(html)
    assert kind == "run_colony_steps"
    assert kind in view_of(app, game_id)["legal"]["table"]
    form = find_form(html, kind)
    assert client.post(form["action"], data=form_data(form), headers=HX).status_code == 200
    state = current(app, game_id).state
    assert state["round"] == 2 and state["crisis"] is None


def test_dealt_survivors_stay_on_the_phones_while_players_choose(client, app):
    game_id = make_game(app, deal=True)
    state = current(app, game_id).state
    assert view_of(app, game_id)["waiting"]["kind"] == "keep_survivors"
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Players choose their survivors" in html
    for mine in state["secrets"].values():
        for card_id in mine["dealt_survivors"]:
            assert card_id not in html
            assert _esc(state["cards"]["survivors"][card_id]["name"]) not in html
    assert_no_secrets(client, app, game_id)


def test_a_crossroads_option_the_player_cannot_meet_has_no_button(client, app):
    """Her Old Locker's second option heals a survivor of theirs at the Hospital: with none
    there, the table offers only the first (002:1480-1482); with one there, both."""
    game_id = make_game(app)
    seat = start_turn(client, app, game_id)
    st = current(app, game_id).state
    drawer = st["turn"]["crossroads_drawer"] or seat
    st["turn"]["crossroads_drawer"] = drawer
    st["secrets"][drawer]["crossroads"] = "companion.her-old-locker"
    st["turn"]["crossroads_revealed"] = True
    mine = [s for s in st["survivors"] if s["owner"] == seat]
    assert mine and all(s["location"] != "base.hospital" for s in mine)
    for there, shown in ((False, ["1"]), (True, ["1", "2"])):
        if there:
            mine[0]["location"] = "base.hospital"
        with app.app_context():
            action = {"type": "new_game", "by": "table", "setup": play.setup_for(3), "seed": 1}
            made = store.create_game(store.get_db(), "Locker", action, apply=lambda s, a: (st, []))
        html = client.get(f"/games/{made}").get_data(as_text=True)
        assert re.findall(r'name="option" value="(\d)"', html) == shown
