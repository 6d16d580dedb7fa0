"""Two rounds in a real browser with every Long Night module on and a special scenario: the
table screen and three phones against a real ``companion serve`` on 127.0.0.1, in English and
in Portuguese.

The table ticks Improvements, Bandits and Raxxon on the new game page and chooses the Raxxon
scenario's first chapter (R1; its numbers typed in, as the card is in the box). The setup
checklist says where to read aloud and that Raxxon is barricaded; the table screen and every
phone show the chapter. Round 1's main objective is met at colony step 5: the game goes on, the
checklist's next steps appear in the log, and round 2 begins with R2 on the table and on every
phone. Round 2 is played through with the objective not met.

It reuses the whole-game test's devices and steps (test_e2e_browser.py). The module branches
add their checks in ``module_checks`` (bandits placed at the crisis reveal, the containment
check at the start of the colony phase, improvements): each gets the game and the round.
Screenshots go to tests/artifacts/e2e-modules/<lang>/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers.e2e import (
    ARTIFACTS,
    NAMES,
    PHONE_VIEWPORT,
    SAFE_FOOD,
    SAFE_MORALE,
    TABLE_VIEWPORT,
    WAIT_MS,
    Game,
    Phone,
    Shots,
    Table,
    colony_phase,
    correct_counter,
    crisis_count,
    fill_new_game,
    join,
    join_link,
    keep_survivors,
    new_device,
    play_turn,
    reveal_crisis,
    wait_until_joined,
)

MODULES = ("improvements", "bandits", "raxxon")
SCENARIO = "raxxon:1"
HIDEOUT_NAMES = {"en": "Bandits' Hideout", "pt_BR": "Esconderijo dos Bandidos"}
"""The Hideout's name on the board in each language (cards/long_night/locations.toml)."""
NUMBERS = {
    "morale": "8",
    "round_track": "6",
    "zombies_per_location": "1",
    "colony_zombies": "2",
    "food": "6",
    "helpless": "2",
}
"""Numbers typed for card R1 (the box's card holds the real ones: cards/long_night/NOTES.md)."""
ROUNDS = 2
CHAPTER_MET_ROUND = 1


def create_game(
    page: Any,
    base: str,
    g_lang: str,
    shots: Shots,
    modules: tuple[str, ...] = MODULES,
    scenario: str = SCENARIO,
) -> tuple[str, str]:
    """The new game form with The Long Night, the modules and the scenario (every module and
    R1 unless told); the game id and the setup checklist's text."""
    fill_new_game(page, base, g_lang, f"E2E modules {g_lang}")
    page.select_option("select[name=ruleset]", "long_night")
    for module in modules:
        page.check(f"input[name=modules][value={module}]")
    page.check(f"input[name=scenario][value='{scenario}']")
    page.check("input[name=objective][value=typed]")
    for key, value in NUMBERS.items():
        page.fill(f"input[name=typed_{key}]", value)
    shots.take(page, "new-game-form", full=True)
    with page.expect_navigation(timeout=WAIT_MS):
        page.click(".newgame-form .form-submit button[type=submit]")
    found = re.search(r"/games/([^/]+)/setup$", page.url)
    assert found, f"the form did not lead to the setup checklist: {page.url}"
    shots.take(page, "setup-checklist", full=True)
    checklist = page.locator(".checklist").inner_text()
    with page.expect_navigation(timeout=WAIT_MS):
        page.click(".setup-end a")
    page.wait_for_selector("#game", timeout=WAIT_MS)
    return found.group(1), checklist


def check_checklist(g: Game, page_text: str) -> None:
    """The checklist names the scenario, where to read aloud, and Raxxon's barricades."""
    assert g._("The Chimp and the Code (Raxxon)") in page_text
    assert g.pattern("Special scenario: {scenario}. Main objective: Special Main Objective "
                     "{title}. Read aloud: {section}.").search(page_text)  # fmt: skip
    # 000:874: set aside by the engine, Emma Han joins the first player (scenarios/named.py)
    assert g.pattern(
        "Set aside, out of the survivor deck: {names}. The story puts them in play."
    ).search(page_text)
    sealed = g.tr.ngettext(
        "{place}: {barricades} barricade fills its entrance and no survivor may go there.",
        "{place}: {barricades} barricades fill its entrance and no survivor may go there.",
        2,
    )
    parts = re.split(r"\{\w+\}", sealed)
    assert re.search(".+".join(re.escape(part) for part in parts), page_text), sealed


def check_chapter(g: Game, title: str) -> None:
    """The table's tracks and every phone show the chapter being played."""
    g.sync()
    shown = g.table.page.locator("#board-tracks .scenario-chapter").text_content() or ""
    assert g._(title) in shown and g._("The Chimp and the Code (Raxxon)") in shown, shown
    for phone in g.phones:
        line = phone.page.locator("#phone .scenario-chapter").text_content() or ""
        assert g._(title) in line, (phone.name, line)


def module_checks(g: Game, rnd: int) -> None:
    """Where the module branches check their pieces once a round's crisis is revealed.

    Both module locations are on the table's board (the Raxxon location and the Bandits'
    Hideout, cards/long_night/locations.toml), no crisis card is in yet, the Raxxon panel shows
    its facts with the containment check off (chapters R1 and R2), and the Hideout shows its
    face-up card count.
    """
    g.sync()
    hideout_name = HIDEOUT_NAMES[g.lang]
    board = g.table.page.locator("#game .game-board").inner_text()
    assert "Raxxon" in board and hideout_name in board, f"round {rnd}: {board[:200]}"
    assert crisis_count(g) == 0
    # the Raxxon panel: no containment in R1 nor in R2 (000:873, 000:906; raxxon.setup_chapter)
    g.table.open_group("group-raxxon")  # a rare group: its overlay
    panel = g.table.page.locator("#group-raxxon .raxxon-facts")
    assert panel.is_visible(), f"round {rnd}: no Raxxon panel"
    facts = panel.text_content() or ""  # its words, not their capitals (CSS)
    assert g._("Dice on Raxxon") in facts and g._("off in this chapter") in facts, facts
    g.table.page.keyboard.press("Escape")
    # the Hideout's face-up cards on its location (000:749; bandits.board_view)
    hideout = g.table.page.locator("#game .game-board [data-hideout-cards]")
    assert hideout.count() == 1 and hideout.is_visible(), f"round {rnd}: no Hideout cards"
    assert (hideout.get_attribute("data-hideout-cards") or "").isdigit()


@pytest.mark.proof
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_two_rounds_with_every_module_and_a_scenario(browser, companion_server, lang):
    shots = Shots(lang, ARTIFACTS.parent / "e2e-modules" / lang)
    base = companion_server.url("").rstrip("/")
    contexts = []
    try:
        table = Table(new_device(browser, contexts, TABLE_VIEWPORT))
        game_id, checklist = create_game(table.page, base, lang, shots)
        assert game_id
        phones = [
            Phone(new_device(browser, contexts, PHONE_VIEWPORT, lang), name) for name in NAMES
        ]
        g = Game(table, phones, lang, shots)
        check_checklist(g, checklist)
        link = join_link(table)
        for phone in phones:
            join(phone, link, g)
        wait_until_joined(table, phones)
        keep_survivors(g)
        # 000:882: once the first player is known, Emma Han joins them (scenarios/named.py)
        g.sync()
        log = table.page.locator("#game").inner_text()
        assert g.pattern("{name} joins {seat_name}'s following at {place}.").search(log), log
        check_chapter(g, "R1: blow open the Raxxon entrance")
        shots.take(table.page, "table-chapter-r1")
        shots.take(phones[0].page, f"phone-{phones[0].name}-chapter-r1", full=True)
        correct_counter(g, "morale", SAFE_MORALE)
        correct_counter(g, "food", SAFE_FOOD)
        for rnd in range(1, ROUNDS + 1):
            symbol = reveal_crisis(g, rnd)
            module_checks(g, rnd)
            first = g.first_player()
            order = [play_turn(g, rnd, turn, symbol) for turn in range(len(phones))]
            assert order == g.clockwise_from(first), (rnd, order, first)
            colony_phase(g, rnd, met=rnd == CHAPTER_MET_ROUND)
            g.check_privacy()
            if rnd == CHAPTER_MET_ROUND:
                log = table.page.locator("#game").inner_text()
                assert g.pattern(
                    "Special Main Objective {title} is complete, and the game goes on. Read "
                    "aloud: {section}. Its card leaves at the beginning of the next round."
                ).search(log) or g.pattern(
                    "Remove card {previous} from the game and put Special Main Objective "
                    "{title} on the colony board."
                ).search(log), "the log says nothing of the chapter"
                check_chapter(g, "R2: save Blue's friend")
                shots.take(table.page, "table-chapter-r2")
                shots.take(phones[1].page, f"phone-{phones[1].name}-chapter-r2", full=True)
        assert table.whatnow() == "reveal_crisis"
        assert not table.page.locator("#game #game-end").count()
    finally:
        for context in contexts:
            context.close()


# --- Bandit Blitz: B2's completion and its special exile phase (000:982-992) --------------------

BANDIT_BETRAYAL_NAMES = {"en": "Bandit Betrayal", "pt_BR": "Bandido Infiltrado"}
"""The Bandit Betrayal's name on a phone in each language (cards/long_night/objectives.toml)."""
LEADS = (
    "You are exiled and you are not the betrayer: you lead the bandits from now on. Read "
    "aloud the Bandit Blitz text for a non-betrayer exiled in the special exile phase."
)
BETRAYER_LEAVES = (
    "You are exiled and you are the betrayer: read aloud the Bandit Blitz text for a "
    "betrayer exiled in the special exile phase."
)


def special_exile_phase(g: Game) -> None:
    """000:984: from the first player clockwise each player may call 1 exile vote, on their
    phone: the first calls one (everyone votes yes), the others call none; the exiled player's
    phone alone says what they read (000:988, 000:990). 000:986: only the betrayer's phone
    may reveal; the table goes on and the betrayer's card also needs "Morale is at 0." on
    their phone alone."""
    table = g.table
    g.sync()
    assert table.whatnow() == "special_exile"
    first = g.phone_of(g.first_player())
    for phone in g.phones:
        assert phone.has("#special-exile form") == (phone is first), phone.name
    heading = table.page.locator(".whatnow-special_exile h2").inner_text()
    assert heading == g._("Special exile phase"), heading
    assert first.name in table.page.locator(".whatnow-special_exile .big-line").inner_text()
    g.shots.take(table.page, "b2-table-special-exile")
    g.shots.take(first.page, f"phone-{first.name}-special-exile", full=True)
    target_id = first.page.locator("#special-exile select[name=target] option").first
    target = g.phone_of(target_id.get_attribute("value") or "")
    first.act(first.page.locator("#special-exile button.primary"))
    g.sync()
    assert table.whatnow() == "vote"
    for phone in g.phones:
        phone.act(phone.page.locator("#vote button.up"))
        g.sync()
    told = {phone.name: phone.page.locator("#phone").text_content() or "" for phone in g.phones}
    for phone in g.phones:
        private = g._(LEADS) in told[phone.name] or g._(BETRAYER_LEAVES) in told[phone.name]
        assert private == (phone is target), (phone.name, target.name)
    table_text = table.page.locator("#game").text_content() or ""
    assert g._(LEADS) not in table_text and g._(BETRAYER_LEAVES) not in table_text
    for _ in range(len(g.phones)):
        g.sync()
        if table.whatnow() != "special_exile":
            break
        caller = next(p for p in g.phones if p.has("#special-exile form"))
        caller.act(caller.page.locator("#special-exile form.act button.quiet"))
    g.sync()
    assert table.whatnow() == "betrayer_reveal"
    betrayal = BANDIT_BETRAYAL_NAMES[g.lang]
    for phone in g.phones:
        may = phone.objective == betrayal and phone is not target
        assert phone.has("#betrayer-reveal") == may, phone.name
        if may:
            g.shots.take(phone.page, f"phone-{phone.name}-betrayer-reveal", full=True)
    g.shots.take(table.page, "b2-table-betrayer-reveal")
    g.check_privacy()
    table.act(table.control("pass_betrayal_reveal", ".ctl-main").locator("button"))
    g.sync()
    requirement = g._("Added after the special exile phase: %(requirement)s",
                      requirement=g._("Morale is at 0."))  # fmt: skip
    for phone in g.phones:
        shown = phone.page.locator("#phone").text_content() or ""
        assert (requirement in shown) == (phone.objective == betrayal), phone.name
    assert requirement not in (table.page.locator("#game").text_content() or "")
    assert table.whatnow() == "colony_phase"


def finish_colony_phase(g: Game) -> None:
    """The colony phase's last steps after the special exile phase, from the table."""
    for _ in range(4):
        g.sync()
        if g.table.whatnow() != "colony_phase":
            return
        confirm = g.table.page.locator("#colony-preview form.ctl-confirm")
        confirm.wait_for(timeout=WAIT_MS)
        g.table.act(confirm.locator("button[type=submit]"))
    raise AssertionError("the colony phase did not finish")


@pytest.mark.proof
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_b2_completed_and_its_special_exile_phase(browser, companion_server, lang):
    """Bandit Blitz from B2 (000:974): one round, B2 met at colony step 5, the special exile
    phase on the table and the phones (000:982-992), then the round goes on to B3 (000:994)."""
    shots = Shots(lang, ARTIFACTS.parent / "e2e-modules" / (lang + "-b2"))
    base = companion_server.url("").rstrip("/")
    contexts = []
    try:
        table = Table(new_device(browser, contexts, TABLE_VIEWPORT))
        create_game(table.page, base, lang, shots, ("bandits",), "bandit_blitz:2")
        phones = [
            Phone(new_device(browser, contexts, PHONE_VIEWPORT, lang), name) for name in NAMES
        ]
        g = Game(table, phones, lang, shots)
        link = join_link(table)
        for phone in phones:
            join(phone, link, g)
        wait_until_joined(table, phones)
        keep_survivors(g)
        correct_counter(g, "morale", SAFE_MORALE)
        correct_counter(g, "food", SAFE_FOOD)
        symbol = reveal_crisis(g, 1)
        for turn in range(len(phones)):
            play_turn(g, 1, turn, symbol)
        colony_phase(g, 1, met=True)
        special_exile_phase(g)
        finish_colony_phase(g)
        g.sync()
        assert table.whatnow() == "reveal_crisis"
        for phone in g.phones:
            line = phone.page.locator("#phone .scenario-chapter").text_content() or ""
            assert g._("B3: keep the bandits off our ground") in line, (phone.name, line)
        g.check_privacy()
    finally:
        for context in contexts:
            context.close()
