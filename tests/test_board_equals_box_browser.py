"""The companion's board equals the box at every step of a scripted game in chromium: a Tent
Needle wound taken and removed, Sprung Hinges asking which entrance loses its barricades, the
colony phase's Confirm undone and confirmed again, and a morale-0 ending.

``BOX`` is what the physical board shows, kept by hand as a player moves the pieces (002 "Move
a Survivor" 002:1378, "Adding Zombies", the colony phase 002:1579-1628, "Winning and Losing"
002:1805-1818); after every step the companion's board (the table's state and its screen) must
equal it. The table is 1366x768, the phones 390x844; the card question is read in English and
in Portuguese.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from helpers.e2e import PHONE_VIEWPORT, TABLE_VIEWPORT, WAIT_MS, Phone, Table, new_device
from helpers.phones import head, open_db, table_act, take_seat
from helpers.states import cookies_of
from play import setup_for

import companion.engine as engine
from companion import store

pytestmark = pytest.mark.seed(3)
TENT_NEEDLE = "companion.tent-needle"
HINGES = "companion.sprung-hinges"
SEATS = ("s1", "s2", "s3")
SPACES = 3
"""Spaces at each colony entrance (002 "Adding Zombies": zombies and barricades fill them)."""
NOISE = 2
"""Noise tokens put at an empty location before the colony phase."""


def new_game(app) -> str:
    """A base game whose crossroads deck holds Tent Needle alone (it is drawn on turn one)."""
    setup = setup_for(3, deal=True)
    setup["crossroads"] = [c for c in setup["crossroads"] if c["id"] == TENT_NEEDLE]
    db = open_db(app)
    try:
        action = {"type": "new_game", "by": "table", "setup": setup, "seed": 5}
        return store.create_game(db, "Box night", action)
    finally:
        db.close()


def companion_board(app, game: str, noise_at: str, hurt_at: str) -> dict[str, Any]:
    """The board as the table view shows it, in the box's terms."""
    state, _ = head(app, game)
    view = engine.table_view(state)
    places = {loc["id"]: loc for loc in view["locations"]}
    return {
        "wounds": {s["id"]: s["wounds"] for s in view["survivors"] if s.get("owner")},
        "barricades": [e["barricades"] for e in view["colony"]["entrances"]],
        "zombies": [e["zombies"] for e in view["colony"]["entrances"]],
        "noise": {p: places[p]["noise"] for p in (noise_at, hurt_at)},
        "place_zombies": {p: places[p]["entrance"]["zombies"] for p in (noise_at, hurt_at)},
        "waste": view["waste"],
        "food": view["food"],
        "morale": view["morale"],
    }


def colony_zombie(box: dict[str, Any], number: int) -> None:
    """A player adds one zombie at a colony entrance: a free space takes it; a full entrance
    loses a barricade instead (002 "Adding Zombies")."""
    i = number - 1
    if SPACES - box["zombies"][i] - box["barricades"][i] > 0:
        box["zombies"][i] += 1
    else:
        assert box["barricades"][i], "this script never overruns the colony"
        box["barricades"][i] -= 1


def colony_zombies(box: dict[str, Any], count: int) -> None:
    """``count`` zombies round the colony's entrances from entrance 1 (002 "Adding Zombies")."""
    for k in range(count):
        colony_zombie(box, k % 6 + 1)


def noise_rolls(app, game: str) -> list[int]:
    """The noise dice of the game's last applied action (the dice on the table)."""
    db = open_db(app)
    try:
        steps = store.log(db, game)[-1]["steps"]
    finally:
        db.close()
    return [s["roll"] for s in steps if s["kind"] == "noise_resolved"]


def phone_form(phone: Phone, kind: str) -> Any:
    """The phone's form posting ``kind``."""
    return phone.page.locator(f"#phone form:has(input[name=type][value={kind}])")


@pytest.mark.proof  # a scripted game in chromium (21 s): the proof run
def test_the_board_equals_the_box_at_every_step(browser, served):
    app, base = served
    table_client = app.test_client()
    game = new_game(app)
    devices: list[Any] = []
    clients = {sid: take_seat(app, table_client, game, sid) for sid in SEATS}
    for sid in SEATS:  # setup shortcut: each seat keeps its first two dealt survivors
        state, version = head(app, game)
        kept = state["secrets"][sid]["dealt_survivors"][:2]
        data = {"type": "keep_survivors", "version": str(version), "survivors": kept}
        answer = clients[sid].post(f"/phone/{game}/act", data=data, headers={"HX-Request": "true"})
        assert answer.status_code == 200, answer.text
    state, _ = head(app, game)
    mine = {sid: [s["id"] for s in state["survivors"] if s["owner"] == sid] for sid in SEATS}
    hurt_at, noise_at = "base.gas-station", "base.hospital"  # 2 and 4 spaces: no overrun
    hurt = mine["s1"][0]
    # setup shortcuts: the crisis card, barricades 2 at entrances 1 and 2, 5 food, the noise
    table_act(app, game, type="reveal_crisis", crisis=HINGES)
    for number in (1, 1, 2, 2):
        table_act(app, game, type="add_barricade", place="colony", entrance=number)
    table_act(app, game, type="add_food", count=5)
    table_act(app, game, type="add_noise", location_id=noise_at, count=NOISE)
    box: dict[str, Any] = {
        "wounds": {sid: 0 for ids in mine.values() for sid in ids},
        "barricades": [2, 2, 0, 0, 0, 0],
        "zombies": [0] * 6,
        "noise": {noise_at: NOISE, hurt_at: 0},
        "place_zombies": {noise_at: 1, hurt_at: 1},  # the setup's zombie at each location
        "waste": 0,
        "food": 5,
        "morale": 6,
    }
    try:
        desk = new_device(browser, devices, TABLE_VIEWPORT)
        desk.goto(f"{base}/games/{game}")
        table = Table(desk)
        phones: dict[str, Phone] = {}
        for sid in SEATS:
            page = new_device(browser, devices, PHONE_VIEWPORT, "en")
            page.context.add_cookies(cookies_of(clients[sid], base))
            page.goto(f"{base}/phone/{game}")
            phones[sid] = Phone(page, sid, sid)

        def sync() -> None:
            """Every screen shows the game's head."""
            _, version = head(app, game)
            table.wait_version(version)
            for phone in phones.values():
                phone.wait_version(version)

        def shortcut(**fields: Any) -> None:
            """A setup shortcut: the table's form posted directly (the screens hear of it)."""
            _, version = head(app, game)
            data = {"version": str(version), **{k: str(v) for k, v in fields.items()}}
            answer = table_client.post(
                f"/games/{game}/act", data=data, headers={"HX-Request": "true"}
            )
            assert answer.status_code == 200, answer.text[:500]
            assert head(app, game)[1] == version + 1, fields

        def equal(step: str) -> None:
            """The companion's board (state and table screen) equals the box."""
            sync()
            assert companion_board(app, game, noise_at, hurt_at) == box, step
            shown = desk.locator("#board-colony .entrance")
            if shown.count():
                for n in range(6):
                    ent = shown.nth(n)
                    pieces = (
                        ent.locator(".piece-zombie").count(),
                        ent.locator(".piece-barricade").count(),
                    )
                    assert pieces == (box["zombies"][n], box["barricades"][n]), (step, n)

        equal("setup")

        # --- Tent Needle: Ana's survivor rolls a wound moving out; the card takes it off ---
        ana = phones["s1"]
        ana.act(phone_form(ana, "start_turn").locator("button"))
        equal("Ana's turn")
        card = ana.page.locator(f"#phone details.turn-survivor:has(input[value='{hurt}'])")
        if not card.evaluate("d => d.open"):
            card.locator("> summary").click()
        move = card.locator("form.turn-move")
        move.locator(f"input[name=to][value='{hurt_at}']").check()
        ana.act(move.locator("button[name=exposure][value=wound]"))
        box["wounds"][hurt] += 1  # the exposure die shows a wound: a wound token on the card
        equal("wound taken")
        state, _ = head(app, game)
        drawer = phones[state["turn"]["crossroads_drawer"]]
        sync()
        drawer.act(drawer.page.locator("#crossroads form button.primary"))
        equal("Tent Needle revealed")
        for lang, name in (("pt-BR", "Agulha de Barraca"), ("en", "Tent Needle")):
            ana.page.click(f"nav.lang a[lang={lang}]")  # the card's question in both languages
            ana.page.wait_for_function(
                "l => document.documentElement.lang === l", arg=lang, timeout=WAIT_MS
            )
            assert name in ana.page.locator("#turn-crossroads").inner_text()
        option = ana.page.locator("#turn-crossroads form.crossroads-option").first
        ana.act(option.locator(f"button[name=chosen][value='{hurt}']"))
        box["wounds"][hurt] -= 1  # "remove the wound just taken"
        box["waste"] += 1  # the Hospital's top card onto the waste pile
        equal("Tent Needle's first option")
        for sid in SEATS:  # each ends their turn (the next starts by the End)
            sync()
            player = phones[sid]
            if phone_form(player, "start_turn").count():
                player.act(phone_form(player, "start_turn").locator("button"))
            player.act(phone_form(player, "end_turn").locator("button"))
        equal("turns over")

        # --- the colony phase: food paid, Sprung Hinges fails and asks which entrance ---
        colonists = sum(len(ids) for ids in mine.values()) - 1  # one survivor went out
        confirm = desk.locator("#colony-preview form.ctl-confirm button[type=submit]")
        table.act(confirm)
        box["food"] -= math.ceil(colonists / 2)  # 1 food per 2 colonists (002:1590)
        equal("first Confirm: paid, the crisis failed")
        reveal_done = desk.locator("#reveal .reveal-done button")
        table.act(reveal_done)  # the table turns the crisis over; then the question is asked
        equal("the crisis shown")
        state, _ = head(app, game)
        chooser = phones[state["pending"]["seat"]]
        sync()
        for lang, words in (
            ("pt-BR", "Qual entrada da colônia perde uma barricada?"),
            ("en", "Which colony entrance loses a barricade?"),
        ):
            chooser.page.click(f"nav.lang a[lang={lang}]")
            chooser.page.wait_for_function(
                "l => document.documentElement.lang === l", arg=lang, timeout=WAIT_MS
            )
            assert words in chooser.page.locator("#card-choice").inner_text()
        assert chooser.page.evaluate("document.scrollingElement.scrollWidth") <= 390
        chooser.act(chooser.page.locator("#card-answer-2"))
        box["barricades"][1] -= 1
        equal("Sprung Hinges: a barricade off entrance 2")
        chooser.act(chooser.page.locator("#card-answer-2"))
        box["barricades"][1] -= 1
        colony_zombies(box, 2)  # and 2 zombies to the colony
        equal("Sprung Hinges: entrance 2 bare, entrance 1 keeps its 2")
        assert box["barricades"][:2] == [2, 0]

        # --- the zombies come: Confirm, undo it, Confirm again: the same dice, the same board ---
        sync()
        table.act(confirm)
        rolled = noise_rolls(app, game)
        assert len(rolled) == NOISE
        before_undo = {k: (v.copy() if hasattr(v, "copy") else v) for k, v in box.items()}
        box["place_zombies"][hurt_at] += 1  # one survivor there draws one zombie
        colony_zombies(box, math.ceil(colonists / 2))
        box["noise"][noise_at] = 0
        box["place_zombies"][noise_at] += sum(1 for r in rolled if r <= 3)  # 002:1613-1617
        after = {k: (v.copy() if hasattr(v, "copy") else v) for k, v in box.items()}
        if reveal_done.count():
            table.act(reveal_done)
        equal("the zombies came")
        undone = 0
        while head(app, game)[0]["phase"] != "colony":
            assert undone < 2, "more than a Confirm and its reveal to undo"
            table.act(desk.locator("#game form[action$='/undo'] button").first)
            undone += 1
        box = before_undo
        equal("the Confirm undone")
        table.act(confirm)
        assert noise_rolls(app, game) == rolled
        box = after
        if reveal_done.count():
            table.act(reveal_done)
        equal("the Confirm again: the same dice, the same zombies")

        # --- round 2: morale at 1 (a correction), the colony starves: morale 0 ends the game ---
        shortcut(type="set_counter", name="morale", value=1)
        box["morale"] = 1
        shortcut(type="reveal_crisis", crisis="companion.sagging-roof")
        equal("round 2 set up")
        for _ in SEATS:
            sync()
            start = table.control("start_turn", ".ctl-main")
            if start.count():
                table.act(start.locator("button"))
            sync()
            table.act(table.control("end_turn", ".ctl-main").locator("button"))
        sync()
        table.act(confirm)
        assert box["food"] < math.ceil(colonists / 2)  # not enough: the colony starves
        box["morale"] -= 1
        equal("morale 0")
        state, _ = head(app, game)
        assert state["ended"] and state["ended"]["reason"] == "morale"
        if reveal_done.count():
            table.act(reveal_done)
        equal("the end shown")
        sync()
        kinds = []
        for sid, phone in phones.items():
            objective = state["cards"]["objectives"][state["secrets"][sid]["objective"]]
            normal = objective.get("kind", "normal") == "normal"
            kinds.append(normal)
            assert phone.has("#mark-objective") is not normal, (sid, objective.get("kind"))
            assert phone.has("#objective-out") is normal
        assert True in kinds, "no normal objective dealt: the end's point is not tested"
        for phone in phones.values():
            if phone.has("#mark-objective"):
                phone.act(phone.page.locator("#mark-objective button.down"))
                sync()
        if all(kinds):  # nobody to ask: the table declares at once
            table.act(table.control("declare_winners").locator("button").first)
        desk.locator("#game #game-end").wait_for(timeout=WAIT_MS)
        assert not engine.table_view(head(app, game)[0])["ended"]["winners"]
        equal("game over")
        for phone in phones.values():
            phone.page.locator("#winners").wait_for(timeout=WAIT_MS)
            assert "Nobody won." in phone.page.locator("#winners").inner_text()
    finally:
        for context in devices:
            context.close()
