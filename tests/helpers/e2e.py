"""The end-to-end browser game's driver (tests/test_e2e_browser.py, test_e2e_modules_browser.py
and test_proof_glance.py play it): the table screen and the phones as chromium pages against a
real ``companion serve``, each step of a whole game, and the checks made along the way."""

from __future__ import annotations

import html
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine.words.translation import translator
from companion.i18n import html_lang
from helpers.axe import Checked
from helpers.browser import IN_FLIGHT_JS, SETTLED_JS

ROOT = Path(__file__).resolve().parent.parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts" / "e2e"
WAIT_MS = 15_000
"""The longest any single wait may take (an element, a version, a text)."""
NAMES = ("Ana", "Bia", "João")
"""The players, clockwise: the right-hand neighbour of a seat is the one before it."""
ROUNDS = 3
TRIGGER_AT = (1, 0)
"""(round, turn index) whose crossroads card is triggered; every other one is let pass."""
EXILE_VOTE_AT = (2, 0)
OVERRUN_ROUND = 3
"""The last round: entrance 2 stays full after the overrun, so no later round repeats it."""
UNDO_ROUND = 1
RELOAD_AT = (3, 1)
SAFE_MORALE = 12
SAFE_FOOD = 20
TABLE_VIEWPORT = {"width": 1366, "height": 768}
PHONE_VIEWPORT = {"width": 390, "height": 844}
ACCEPT_LANGUAGE = {"en": "en-US", "pt_BR": "pt-BR"}


# --- devices --------------------------------------------------------------------------------

SHOT_READY_JS = (
    "() => { const side = document.querySelector('.game-side'); if (side) side.scrollTop = 0; }"
)
ANIMATIONS_DONE_JS = (
    "() => document.getAnimations().every(a => a.playState !== 'running' || a.effect"
    " && a.effect.getComputedTiming().iterations === Infinity)"
)
FINISH_ANIMATIONS_JS = """() => {
  /* Take every animation that ends (a pulse, a line of the reveal) to its end now: the page as
     it stands once they have run, without waiting seconds for it; no page script listens for an
     animation's end. An endless one (a working button's spinner) runs on. */
  for (const a of document.getAnimations()) {
    const timing = a.effect && a.effect.getComputedTiming();
    if (a.playState === 'running' && timing && timing.iterations !== Infinity) { a.finish(); }
  }
}"""


class Shots:
    """Numbered screenshots under ``folder`` (tests/artifacts/e2e/<lang>/ unless given)."""

    def __init__(self, lang: str, folder: Path | None = None) -> None:
        self.folder = folder or ARTIFACTS / lang
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.n = 0
        self.axe = Checked(fail_fast=True)
        """axe-core on every page and state the play-through reaches (issue 29, point 9)."""

    def take(self, page: Any, name: str, *, full: bool = False) -> None:
        """Save what ``page`` shows now (the whole page when ``full``): the table screen with
        its side panel scrolled to "What now", every animation taken to its end."""
        page.evaluate(SHOT_READY_JS)
        page.evaluate(FINISH_ANIMATIONS_JS)
        page.wait_for_function(ANIMATIONS_DONE_JS, timeout=WAIT_MS)
        self.axe.check(page, name)
        self.n += 1
        # caret="initial": Playwright's default hides the caret with an inline style on every
        # input and leaves style="" behind, which htmx's settle step then copied (a policy error)
        page.screenshot(
            path=str(self.folder / f"{self.n:02d}-{name}.png"), full_page=full, caret="initial"
        )


class Table:
    """The table screen: one browser context on the laptop."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def version(self) -> int:
        """The game version the table screen shows."""
        return int(self.page.locator("#game").get_attribute("data-live-version"))

    def wait_version(self, version: int) -> None:
        """Wait until the table screen shows ``version`` (or newer) and no swap is under way."""
        self.page.wait_for_function(
            "v => { const g = document.querySelector('#game');"
            " return g && +g.dataset.liveVersion >= v; }",
            arg=version,
            timeout=WAIT_MS,
        )
        self.page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)

    def alert(self) -> str:
        """The alert the table screen shows, if any."""
        found = self.page.locator("#game .alert")
        return found.first.inner_text() if found.count() else ""

    def act(self, button: Any, *, refused_ok: bool = False) -> bool:
        """Click a control and wait for the answer; True when the game moved on one version.

        A refusal (the alert) fails the test unless ``refused_ok``.
        """
        before = self.version()
        # a group left open lies over the screen: folded first, as a hand would (Escape)
        if self.page.locator("#game details.fold[open]").count() and not button.evaluate(
            "b => !!b.closest('details.fold[open]')"
        ):
            self.page.keyboard.press("Escape")
        self.page.evaluate("document.querySelector('#game').dataset.e2eOld = '1'")
        button.click()
        self.page.wait_for_function(
            "v => { const g = document.querySelector('#game');"
            " return g && (!g.dataset.e2eOld || +g.dataset.liveVersion > v); }",
            arg=before,
            timeout=WAIT_MS,
        )
        self.page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)  # a live refresh too
        after = self.version()
        if after == before + 1:
            return True
        assert refused_ok, f"the table's action was not taken: {self.alert()!r}"
        assert after == before, (before, after)
        return False

    def open_group(self, group_id: str) -> None:
        """Unfold a group of controls (board, corrections...) if it is folded, and wait for its
        controls (a fragment leaves a folded group's body empty until it is opened). A group
        opens in an overlay, one at a time: another one open is folded first (Escape)."""
        others = f"#game details.fold[open]:not(#{group_id})"
        if self.page.locator(others).count():
            self.page.keyboard.press("Escape")
        if not self.page.evaluate(f"document.getElementById('{group_id}').open"):
            # the body shown may be an old one: a group that fetches its controls replaces it
            # as it opens (game.js keeps the old one inert meanwhile), so wait for the new one
            self.page.evaluate(
                f"document.querySelector('#{group_id} > .group-body').dataset.e2eOld = '1'"
            )
            self.page.click(f"#{group_id} > summary")
            self.page.wait_for_function(
                f"() => document.getElementById('{group_id}').open", timeout=WAIT_MS
            )
            if self.page.locator(f"#{group_id}[hx-get]").count():
                self.page.locator(f"#{group_id} > .group-body:not([data-e2e-old])").wait_for(
                    state="attached", timeout=WAIT_MS
                )
        self.page.locator(f"#{group_id} > .group-body:not([data-empty]):not([aria-busy])").wait_for(
            state="attached", timeout=WAIT_MS
        )
        self.page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)

    def control(self, kind: str, extra: str = "") -> Any:
        """The form of a table control (``.ctl-<kind>`` plus extra classes/selectors)."""
        return self.page.locator(f"#game form.ctl-{kind}{extra}")

    def whatnow(self) -> str:
        """The kind of thing the table waits for (the class of the "What now" section)."""
        cls = self.page.locator("#game section.whatnow").get_attribute("class") or ""
        found = re.search(r"whatnow-(\w+)", cls)
        return found.group(1) if found else ""

    def html(self) -> str:
        """The table screen's whole HTML now."""
        return self.page.content()


@dataclass
class Phone:
    """One player's phone: a browser context of its own holding the seat cookie."""

    page: Any
    name: str
    seat_id: str = ""
    objective: str = ""
    kept: list[str] = field(default_factory=list)

    def version(self) -> int:
        """The game version this phone shows."""
        return int(self.page.locator("#phone .screen").get_attribute("data-version"))

    def wait_version(self, version: int) -> None:
        """Wait until this phone shows ``version`` or newer (the live stream brings it)."""
        self.page.wait_for_function(
            "v => { const s = document.querySelector('#phone .screen');"
            " return s && +s.dataset.version >= v; }",
            arg=version,
            timeout=WAIT_MS,
        )
        self.page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)

    def act(self, button: Any) -> None:
        """Tap a button of this phone and wait for the game to move on one version."""
        before = self.version()
        button.click()
        self.page.wait_for_function(
            "v => { const s = document.querySelector('#phone .screen');"
            " return s && !document.querySelector('form.busy')"
            " && (+s.dataset.version > v || document.querySelector('#phone .alert')); }",
            arg=before,
            timeout=WAIT_MS,
        )
        self.page.wait_for_function(SETTLED_JS, timeout=WAIT_MS)
        alert = self.page.locator("#phone .alert")
        assert self.version() == before + 1, (
            f"{self.name}'s phone action was not taken: "
            f"{alert.first.inner_text() if alert.count() else ''!r}"
        )

    def has(self, selector: str) -> bool:
        """Whether this phone shows an element now."""
        return self.page.locator(f"#phone {selector}").count() > 0

    def html(self) -> str:
        """This phone's whole HTML now."""
        return self.page.content()


class Game:
    """The table and the phones of one game, kept in step by the game's version."""

    def __init__(self, table: Table, phones: list[Phone], lang: str, shots: Shots) -> None:
        self.table = table
        self.phones = phones
        self.lang = lang
        self.shots = shots
        self.tr = translator(lang)
        self.objectives_shown = False
        self.objectives_out: set[str] = set()  # phones whose objective the board showed unmet

    def _(self, message: str, **values: Any) -> str:
        """A message as this game's language says it (the same catalogue as the pages)."""
        text = self.tr.gettext(message)
        return text % values if values else text

    def pattern(self, message: str) -> re.Pattern[str]:
        """A sentence of the engine's (``{name}`` placeholders) as this language says it, as a
        pattern where each placeholder stands for any text."""
        parts = re.split(r"\{\w+(?::\w+)?\}", self.tr.gettext(message))
        return re.compile(".+".join(re.escape(part) for part in parts), re.S)

    def version(self) -> int:
        """The newest version any device shows."""
        return max([self.table.version()] + [p.version() for p in self.phones])

    def sync(self) -> int:
        """Wait until every device shows the newest version; that version."""
        newest = self.version()
        self.table.wait_version(newest)
        for phone in self.phones:
            phone.wait_version(newest)
        for page, name in [(self.table.page, "table")] + [(p.page, p.name) for p in self.phones]:
            self.shots.axe.check(page, name)  # each state once (helpers/axe.py)
        return newest

    def phone_of(self, seat_id: str) -> Phone:
        """The phone holding a seat."""
        return next(p for p in self.phones if p.seat_id == seat_id)

    def active_player(self) -> str:
        """The seat the table's board marks as having its turn."""
        heading = self.table.page.locator("#game article.seat:has(.flag-turn) h3")
        return (heading.get_attribute("id") or "").removeprefix("board-seat-")

    def first_player(self) -> str:
        """The seat the table's board marks as the first player."""
        heading = self.table.page.locator("#game article.seat:has(.flag-first) h3")
        return (heading.get_attribute("id") or "").removeprefix("board-seat-")

    def clockwise_from(self, seat_id: str) -> list[str]:
        """The seats from this one to its left, round the table (the turn order)."""
        ids = [p.seat_id for p in self.phones]
        start = ids.index(seat_id)
        return ids[start:] + ids[:start]

    def right_of(self, seat_id: str) -> Phone:
        """The phone of the player to this seat's right (the previous seat clockwise)."""
        index = [p.seat_id for p in self.phones].index(seat_id)
        return self.phones[index - 1]

    def check_privacy(self) -> None:
        """No page shows a secret it should not: the table no objective (until the end), no
        phone another phone's objective."""
        if not self.objectives_shown:
            table_html = self.table.html()
            for phone in self.phones:
                for text in {phone.objective, html.escape(phone.objective)}:
                    assert text not in table_html, f"the table shows {phone.name}'s objective"
        for phone in self.phones:
            mine = phone.html()
            for other in self.phones:
                if other is phone or other.objective == phone.objective:
                    continue
                for text in {other.objective, html.escape(other.objective)}:
                    assert text not in mine, f"{phone.name}'s phone shows {other.name}'s objective"


# --- the game, step by step -------------------------------------------------------------------


def fill_new_game(page: Any, base: str, lang: str, name: str) -> None:
    """Open the new game form in ``lang`` and fill in its name and the players (NAMES, the
    companion deals their survivors)."""
    page.goto(f"{base}/lang/{lang}?next=/games/new")
    assert page.locator("html").get_attribute("lang") == html_lang(lang)
    page.fill("input[name=name]", name)
    rows = page.locator("input[name=seat_name]")
    for n, player in enumerate(NAMES):
        rows.nth(n).fill(player)
    page.check("input[name=survivor_mode][value=dealt]")


def create_game(game_page: Any, base: str, lang: str, shots: Shots) -> str:
    """Fill in the new game form on the table (3 players, the companion deals); the game id."""
    fill_new_game(game_page, base, lang, f"E2E {lang}")
    shots.take(game_page, "new-game-form", full=True)
    with game_page.expect_navigation(timeout=WAIT_MS):
        game_page.click(".newgame-form .form-submit button[type=submit]")
    found = re.search(r"/games/([^/]+)/setup$", game_page.url)
    assert found, f"the form did not lead to the setup checklist: {game_page.url}"
    shots.take(game_page, "setup-checklist")
    with game_page.expect_navigation(timeout=WAIT_MS):
        game_page.click(".setup-end a")
    assert game_page.url.endswith(f"/games/{found.group(1)}")
    game_page.wait_for_selector("#game", timeout=WAIT_MS)
    return found.group(1)


def join_link(table: Table) -> str:
    """The join link shown beside the QR code on the table screen (the QR code is there too)."""
    panel = table.page.locator("#game #join-panel")
    panel.wait_for(timeout=WAIT_MS)
    qr = panel.locator(".jp-qr img[alt]")  # the QR code: an image of its own (join.qr_image)
    assert qr.count() == 1, "no QR code in the panel"
    qr.evaluate(
        "img => img.complete && img.naturalWidth ? true"
        " : new Promise((ok, no) => { img.onload = () => ok(true); img.onerror = no; })"
    )
    assert qr.evaluate("img => img.naturalWidth") > 0, "the QR code did not load"
    code = panel.locator(".jp-code").inner_text().strip()
    shown = panel.locator(".jp-type strong").inner_text().strip()
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", code), code
    assert shown.startswith("127.0.0.1:") and shown.endswith(f"/j/{code}"), (shown, code)
    return f"http://{shown}"


def join(phone: Phone, link: str, g: Game) -> None:
    """The phone opens the link and picks its seat by name; it lands on its seat."""
    page = phone.page
    page.goto(link)
    seat = page.locator("button.seat.free", has=page.locator(".seat-name", has_text=phone.name))
    seat.wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == html_lang(g.lang)
    phone.seat_id = seat.get_attribute("value") or ""
    assert phone.seat_id
    with page.expect_navigation(timeout=WAIT_MS):
        seat.click()
    page.wait_for_selector("#phone .screen", timeout=WAIT_MS)
    assert page.locator("#phone h1").inner_text().strip() == phone.name
    page.wait_for_selector("#live-status[data-state=ok]", timeout=WAIT_MS)


def keep_survivors(g: Game) -> None:
    """Each phone sees 4 dealt survivors and keeps 2 (its first pick leads)."""
    for n, phone in enumerate(g.phones):
        phone.wait_version(g.version())
        picks = phone.page.locator("#keep-survivors .pick-item")
        assert picks.count() == 4, f"{phone.name} was dealt {picks.count()} survivors"
        for i in range(2):
            picks.nth(i).locator("input[name=survivors]").check()
            phone.kept.append(picks.nth(i).locator(".pick-name").inner_text().strip())
        if n == 0:
            g.shots.take(phone.page, f"phone-{phone.name}-keep-survivors", full=True)
        phone.act(phone.page.locator("#keep-survivors button.primary"))
    g.sync()
    emma = g.table.page.locator("#game").inner_text().count("Emma Han") > 0
    for phone in g.phones:
        shown = phone.page.locator("#my-survivors .s-name").all_inner_texts()
        # The Chimp and the Code: Emma Han joins the first player's following (000:882)
        joined = ["Emma Han"] if emma and phone.seat_id == g.first_player() else []
        assert [s for s in shown if s.startswith("Emma Han")] == joined, (phone.name, shown)
        assert len(shown) == 2 + len(joined), (phone.name, shown)
        for name in phone.kept:
            assert any(s.startswith(name) for s in shown), (phone.name, name, shown)
        assert not phone.has("#keep-survivors")
        phone.objective = (
            phone.page.locator("#secret-objective .obj-name").text_content() or ""
        ).strip()
        assert phone.objective, f"{phone.name}'s phone shows no secret objective"
    assert g.table.whatnow() == "reveal_crisis"


def correct_counter(g: Game, name: str, value: int) -> None:
    """The table corrects a counter (morale, food...) by hand."""
    g.table.open_group("group-corrections")
    form = g.table.page.locator("#group-corrections form.ctl-set_counter")
    form.locator("select[name=name]").select_option(name)
    form.locator("input[name=value]").fill(str(value))
    g.table.act(form.locator("button[type=submit]"))


def reveal_crisis(g: Game, rnd: int) -> str:
    """The table reveals the top crisis card; the symbol that prevents it."""
    g.sync()
    assert g.table.whatnow() == "reveal_crisis"
    assert g.table.page.locator(".whatnow-round").text_content().strip() == g._(
        "Round %(n)s", n=rnd
    )
    g.table.act(g.table.control("reveal_crisis", ".ctl-main").locator("button"))
    g.sync()
    prevent = g.table.page.locator("#board-crisis .crisis-prevent li.sym").first
    symbol = re.search(r"sym-(\w+)", prevent.get_attribute("class") or "")
    assert symbol, "the crisis names no symbol"
    g.shots.take(g.table.page, f"r{rnd}-table-crisis")
    return symbol.group(1)


def crisis_count(g: Game) -> int:
    """How many crisis cards the table says are in."""
    return int(g.table.page.locator("#board-crisis .crisis-count dd").first.inner_text())


def contribute(g: Game, phone: Phone, symbol: str, rnd: int) -> None:
    """The active player puts one card face down from their phone; the table counts it only."""
    g.sync()
    before = crisis_count(g)
    page = phone.page
    if not page.evaluate("document.getElementById('crisis-add').open"):
        page.click("#crisis-add > summary")
    page.fill(f"#crisis-add #sym-{symbol}", "1")
    if rnd == 1 and before == 0:
        g.shots.take(page, f"phone-{phone.name}-crisis-add", full=True)
    phone.act(page.locator("#crisis-add button.primary"))
    g.sync()
    assert crisis_count(g) == before + 1
    board = g.table.page.locator("#board-crisis").inner_text()
    for other in g.phones:
        assert other.name not in board, "the table's crisis names a player"
    assert phone.has("#crisis .mine-cards"), "the phone does not show its own card"


def settle(g: Game) -> None:
    """Answer what a card's effects may have left open: a vote (all yes), a bite (roll) or a
    survivor each player picks (each phone its first)."""
    for _ in range(6):
        g.sync()
        kind = g.table.whatnow()
        if kind == "survivor_choice":
            done = g.table.page.locator("#reveal .reveal-done button")
            if done.count():
                g.table.act(done)
            for phone in g.phones:
                g.sync()
                if phone.has("#survivor-choice form"):
                    phone.act(phone.page.locator("#survivor-choice button.primary").first)
        elif kind == "vote":
            for phone in g.phones:
                g.sync()
                if phone.has("#vote form.thumbs"):
                    phone.act(phone.page.locator("#vote button.up"))
        elif kind == "bite":
            form = g.table.control("resolve_bite", ":has(select[name=result])")
            form.locator("select[name=result]").select_option("blank")
            g.table.act(form.locator("button[type=submit]"))
        else:
            return
    raise AssertionError("the game kept asking for votes or bites")


def trigger_crossroads(g: Game, drawer: Phone, rnd: int) -> None:
    """The drawer taps "Triggered"; the card shows on the table; the table takes an option."""
    g.sync()
    trigger = drawer.page.locator("#crossroads .trigger").inner_text().strip()
    drawer.act(drawer.page.locator("#crossroads form button.primary"))
    g.sync()
    card = g.table.page.locator("#game .crossroads-card")
    card.wait_for(timeout=WAIT_MS)
    assert card.locator(".trigger").inner_text().strip() == trigger
    g.shots.take(g.table.page, f"r{rnd}-table-crossroads-revealed")
    options = g.table.control("trigger_crossroads", ".ctl-option")
    if options.count() == 0:  # a vote card: the phones decide
        g.table.act(g.table.control("trigger_crossroads").locator("button"))
        settle(g)
    else:
        for n in range(options.count()):
            option = g.table.control("trigger_crossroads", ".ctl-option").nth(n)
            if g.table.act(option.locator("button[type=submit]"), refused_ok=True):
                break
            assert g.table.alert(), "an option was refused without a reason"
        else:
            raise AssertionError("every option of the crossroads card was refused")
        settle(g)
    assert not drawer.has("#crossroads"), "the resolved card stays on the drawer's phone"


def tally_lines(g: Game, target: Phone) -> list[str]:
    """The table's latest log lines that count an exile vote on ``target``: 1 up, 2 down."""
    recent = g.table.page.locator("#game .recent .log-lines li").all_inner_texts()
    return [line for line in recent if target.name in line and re.search(r"1\D+2", line)]


def exile_vote(g: Game, rnd: int) -> None:
    """The active player calls an exile vote from the table; every phone votes; the table shows
    who has voted (not how) until all are in, then the tally."""
    g.table.open_group("group-board")
    form = g.table.control("call_exile_vote")
    target_id = form.locator("select[name=target] option").first.get_attribute("value")
    target = g.phone_of(target_id or "")
    g.table.act(form.locator("button[type=submit]"))
    g.sync()
    assert g.table.whatnow() == "vote"
    voted: list[str] = []
    ballots = [True, False, False]
    for n, (phone, up) in enumerate(zip(g.phones, ballots, strict=True)):
        assert phone.has("#vote form.thumbs"), f"{phone.name} cannot vote"
        g.shots.take(phone.page, f"phone-{phone.name}-vote", full=True)
        phone.act(phone.page.locator("#vote button.up" if up else "#vote button.down"))
        voted.append(phone.name)
        g.sync()
        if len(voted) < len(g.phones):
            shown = g.table.page.locator(".whatnow-vote .waiting-for b").all_inner_texts()
            assert shown == voted, (shown, voted)
            assert not tally_lines(g, target), "the table shows a tally before all are in"
            for other in g.phones[n + 1 :]:
                assert other.has("#vote .voted")
                assert other.page.locator("#vote .voted").inner_text().count(phone.name) == 1
                assert not other.has("#vote .my-ballot")
            if n == 0:
                g.shots.take(g.table.page, f"r{rnd}-table-vote-one-in")
                g.shots.take(g.phones[1].page, f"phone-{g.phones[1].name}-vote-waiting", full=True)
    assert g.table.whatnow() != "vote"
    assert tally_lines(g, target), "the table shows no tally (1 up, 2 down)"
    g.shots.take(g.table.page, f"r{rnd}-table-vote-tally")
    for phone in g.phones:
        assert not phone.has("#vote")
        assert phone.page.locator("#phone h1").inner_text().strip() == phone.name


def entrance(g: Game, number: int) -> tuple[int, int]:
    """(zombies, barricades) the table's board shows at a colony entrance."""
    ent = g.table.page.locator("#board-colony .entrance").nth(number - 1)
    return ent.locator(".piece-zombie").count(), ent.locator(".piece-barricade").count()


def traps(g: Game, number: int) -> int:
    """Explosive traps the table's board shows at a colony entrance."""
    ent = g.table.page.locator("#board-colony .entrance").nth(number - 1)
    return ent.locator(".piece-trap").count()


HAND_PLACE_KINDS = ("add_barricade", "add_trap")
"""The place actions the board itself offers: a tap on an entrance's empty spaces (a panel of
the two when an explosive trap may go there too)."""


GROUP_OF = {"kill_zombies": "group-board", "attract_zombies": "group-board"}
"""The folded group of a one-click grid (the others are corrections)."""


def board_target(g: Game, kind: str, value: str) -> Any:
    """The button posting ``kind`` at ``place|entrance``: a one-click grid's (kill by a card,
    remove a barricade...), or the board's empty spaces there (barricade, trap), their panel
    opened when they have one."""
    if kind in HAND_PLACE_KINDS:
        page = g.table.page
        if page.locator("#game details.fold[open]").count():
            page.keyboard.press("Escape")  # the board, under no overlay
        button = page.locator(f"#board button[form=act-{kind}][value='{value}']")
        panel = button.locator("xpath=ancestor::details[1]")
        if panel.count() and not panel.evaluate("d => d.open"):
            panel.locator("summary").click()
        return button
    g.table.open_group(GROUP_OF.get(kind, "group-corrections"))
    grid = g.table.page.locator(f"#game form.ctl-{kind}.target-grid")
    return grid.locator(f"button[type=submit][value='{value}']")


def arrange_overrun(g: Game, rnd: int) -> None:
    """With the board controls and corrections: entrance 1 full with a barricade, entrance 2
    full of zombies, so the colony phase breaks the barricade and overruns entrance 2. Zombies,
    barricades and traps are cleared first (a card of the game may have set a trap)."""
    for number in (1, 2):
        while entrance(g, number)[0]:
            g.table.act(board_target(g, "kill_zombies", f"colony|{number}"))
        while entrance(g, number)[1]:
            g.table.act(board_target(g, "remove_barricade", f"colony|{number}"))
        while traps(g, number):  # a card may have set one (Long Night): it would fire below
            g.table.act(board_target(g, "remove_trap", f"colony|{number}"))
    # two at a time: each addition starts at entrance 1, so one to entrance 1 and one to
    # entrance 2 (each step checked, so a failure says which addition went elsewhere)
    for expected in (((1, 0), (1, 0)), ((2, 0), (2, 0)), ((3, 0), (3, 0))):
        g.table.open_group("group-corrections")
        form = g.table.control("add_zombies_by_hand")
        form.locator("select[name=place]").select_option("colony")
        form.locator("input[name=count]").fill("2")
        filled = (
            form.locator("select[name=place]").input_value(),
            form.locator("input[name=count]").input_value(),
        )
        assert filled == ("colony", "2"), filled
        g.table.act(form.locator("button[type=submit]"))
        found = (entrance(g, 1), entrance(g, 2))
        assert found == expected, (found, expected, g.table.alert())
    g.table.act(board_target(g, "kill_zombies", "colony|1"))
    g.table.act(board_target(g, "add_barricade", "colony|1"))
    assert entrance(g, 1) == (2, 1) and entrance(g, 2) == (3, 0)
    g.shots.take(g.table.page, f"r{rnd}-table-barricade-and-zombies")


def reveal_texts(g: Game, kind: str) -> list[str]:
    """The lines of the open reveal of one kind (all of them, turned over or not)."""
    return [
        t.strip()
        for t in g.table.page.locator(f"#reveal li.rs-{kind} .rs-text").all_text_contents()
    ]


def show_reveal(g: Game) -> None:
    """Turn over every line of the open reveal (the "Show all" button)."""
    show_all = g.table.page.locator("#reveal .reveal-all")
    if show_all.is_visible():
        show_all.click()


def count_to_target(g: Game) -> None:
    """Add to a counting main objective's counter (+1 on the table) until it reaches its target
    (the board marks it reached); step 5 then checks the count."""
    for _ in range(40):
        if g.table.page.locator("#board-objective.objective-reached").count():
            return
        g.table.act(g.table.control("add_objective_progress").locator("button"))
        g.sync()
    raise AssertionError("the main objective's counter never reached its target")


def colony_phase(g: Game, rnd: int, *, met: bool) -> None:
    """Run the colony phase from the table: each Confirm runs the steps up to the next that asks
    (the main objective, when it does not count), checking the reveals."""
    g.sync()
    for _ in range(12):
        g.sync()
        if g.table.whatnow() == "survivor_choice":  # a failed crisis asks each phone
            settle(g)
            continue
        if g.table.whatnow() == "r1_completion":  # R1's completion steps (000:892-904)
            follow_r1_completion(g)
            continue
        if g.table.whatnow() != "colony_phase":
            break
        preview = g.table.page.locator("#colony-preview")
        preview.wait_for(timeout=WAIT_MS)
        runs = preview.locator(".step-title").all_text_contents()  # folded: no inner text
        asked = preview.locator("form:has(input[name=met])")
        if asked.count() and rnd == 1:
            g.shots.take(g.table.page, f"r{rnd}-table-colony-main-objective")
        if asked.count():
            chosen = asked.filter(
                has=g.table.page.locator(f"input[name=met][value={str(met).lower()}]")
            ).filter(has_not=g.table.page.locator("input[name=keep_first_player]"))
            g.table.act(chosen.first.locator("button[type=submit]"))
            if rnd == UNDO_ROUND and round_moved_on(g, rnd):
                undo_colony_step(g, rnd)
            continue
        numbers = [int(re.search(r"\d+", t).group()) for t in runs]
        if met and 5 in numbers:  # a counting main objective: its counter reaches the target
            count_to_target(g)
        confirm = preview.locator("form.ctl-confirm")
        if 3 in numbers:
            g.shots.take(g.table.page, f"r{rnd}-table-preview-colony-steps")
        g.table.act(confirm.locator("button[type=submit]"))
        if 3 in numbers and g.table.page.locator("#reveal").count():
            check_crisis_reveal(g, rnd)
            if rnd == OVERRUN_ROUND:
                check_zombie_reveal(g, rnd)
            else:
                g.table.act(g.table.page.locator("#reveal .reveal-done button"))
        if rnd == UNDO_ROUND and round_moved_on(g, rnd):
            undo_colony_step(g, rnd)
    else:
        raise AssertionError("the colony phase did not finish")


def follow_r1_completion(g: Game) -> None:
    """R1 completed: the reader's survivor and the colony's zombies as the form offers them,
    Blue's numbers typed (the books print none), on the table's one form."""
    form = g.table.control("follow_r1_completion")
    g.shots.take(g.table.page, "table-r1-completion")
    for name, value in (("influence", "14"), ("attack", "3"), ("search", "5")):
        field = form.locator(f"input[name={name}]")
        if field.count():
            field.fill(value)
    home = form.locator("select[name=home]")
    assert not home.count() or home.input_value()
    g.table.act(form.locator("button[type=submit]"))


def check_crisis_reveal(g: Game, rnd: int) -> None:
    """The crisis cards are turned over one by one, with nobody's name next to any card."""
    g.table.page.locator("#reveal").wait_for(timeout=WAIT_MS)
    cards = g.table.page.locator("#reveal li.rs-crisis_card_revealed")
    assert cards.count() == len(g.phones), cards.count()
    show_reveal(g)
    crisis = g.table.page.locator("#reveal li[class*=rs-crisis]").all_inner_texts()
    assert len(crisis) >= len(g.phones), crisis
    for phone in g.phones:  # the crisis lines (the token's new holder is public)
        assert not any(phone.name in line for line in crisis), (
            f"the crisis reveal names {phone.name}"
        )
    g.shots.take(g.table.page, f"r{rnd}-table-crisis-reveal")


def check_zombie_reveal(g: Game, rnd: int) -> None:
    """The zombies placed one at a time: the barricade at entrance 1 breaks, entrance 2 is
    overrun and a survivor in the colony dies."""
    g.table.page.locator("#reveal").wait_for(timeout=WAIT_MS)
    show_reveal(g)
    assert reveal_texts(g, "barricade_broken"), "no barricade broken"
    assert reveal_texts(g, "overrun"), "no overrun"
    deaths = reveal_texts(g, "survivor_died")
    assert deaths, "the overrun killed nobody"
    kept = [name for p in g.phones for name in p.kept]
    assert any(name in line for line in deaths for name in kept), deaths
    broken = g.pattern(
        "Zombie {k} → {where} is full: destroy its barricade; the zombie is not placed."
    )
    assert any(broken.fullmatch(line) for line in reveal_texts(g, "barricade_broken"))
    overrun = g.pattern("Zombie {k} → {where} is full and unprotected: overrun!")
    assert any(overrun.fullmatch(line) for line in reveal_texts(g, "overrun"))
    g.shots.take(g.table.page, f"r{rnd}-table-zombies-reveal")
    # no spoiler: while the table turns the zombies over, its board still shows the barricade;
    # when the same Confirm met the main objective (issue 29.4: steps 1 to 7 at once) the table
    # shows the end instead of the board
    ended = g.table.whatnow() == "declare_winners"
    assert g.table.page.locator("#board-colony").count() == int(not ended)
    if not ended:
        assert entrance(g, 1)[1] == 1
    g.table.act(g.table.page.locator("#reveal .reveal-done button"))
    if not ended:
        for number in (1, 2):
            assert entrance(g, number)[1] == 0


def round_moved_on(g: Game, rnd: int) -> bool:
    """Whether the colony phase of round ``rnd`` is over and the next round has begun (not so
    while a decision it opened waits: R1's completion, B2's special exile phase, a vote)."""
    g.sync()
    return g._("Round %(n)s", n=rnd + 1) in round_text(g.phones[0])


def round_text(phone: Phone) -> str:
    """The round and morale line of a phone."""
    return phone.page.locator("#phone .status-line").inner_text()


def undo_colony_step(g: Game, rnd: int) -> None:
    """Undo the last colony Confirm from the table (and the end of its reveal, if it had one):
    every phone goes back to the colony phase of this round; then redo them."""
    g.sync()
    after = g._("Round %(n)s", n=rnd + 1)
    for phone in g.phones:
        assert after in round_text(phone), round_text(phone)
    undone = 0
    while g.table.whatnow() != "colony_phase" or g.table.page.locator("#reveal").count():
        assert undone < 2, "more than a Confirm and its reveal to undo"
        g.table.act(Keys(g.table.page, "Control+z"))  # the reveal may cover the Undo button
        undone += 1
    assert g.table.whatnow() == "colony_phase"
    shown = (g.table.page.locator(".whatnow-round").text_content() or "").strip()
    assert shown == g._("Round %(n)s", n=rnd), shown
    version = g.table.version()
    colony_now = g._("Colony phase: the table runs it.")
    for phone in g.phones:
        phone.wait_version(version)
        phone.page.wait_for_function(
            "t => document.querySelector('#phone .now-text').textContent.trim() === t",
            arg=colony_now,
            timeout=WAIT_MS,
        )
        assert g._("Round %(n)s", n=rnd) in round_text(phone), round_text(phone)
    g.shots.take(g.table.page, f"r{rnd}-table-undone")
    g.shots.take(g.phones[0].page, f"phone-{g.phones[0].name}-after-undo", full=True)
    for _ in range(undone):
        g.table.act(Keys(g.table.page, "Control+Shift+z"))
    g.sync()
    for phone in g.phones:
        assert after in round_text(phone), round_text(phone)


@dataclass
class Keys:
    """A key press on a page, pressed like a button by ``Table.act`` (game.js: Ctrl+Z undoes,
    Ctrl+Shift+Z redoes)."""

    page: Any
    keys: str

    def click(self) -> None:
        """Press the keys on the page's body."""
        self.page.locator("body").press(self.keys)


def reload_phone(g: Game, phone: Phone) -> None:
    """A phone reloaded mid-game lands on its own seat, with its own objective."""
    phone.page.reload()
    phone.page.wait_for_selector("#phone .screen", timeout=WAIT_MS)
    assert phone.page.locator("#phone h1").inner_text().strip() == phone.name
    shown = (phone.page.locator("#secret-objective .obj-name").text_content() or "").strip()
    assert shown == phone.objective
    phone.page.wait_for_selector("#live-status[data-state=ok]", timeout=WAIT_MS)
    g.shots.take(phone.page, f"phone-{phone.name}-reloaded", full=True)


def play_turn(g: Game, rnd: int, turn: int, symbol: str) -> str:
    """One player's turn from the table: the first of the round started with its Start, each
    later one by the End of the one before (issue 29.4); the seat whose turn it was."""
    g.sync()
    if turn == 0:
        start = g.table.control("start_turn", ".ctl-main")
        active_id = start.locator("input[name=seat_id]").get_attribute("value") or ""
        g.table.act(start.locator("button"))
        g.sync()
    else:
        active_id = g.active_player()
    assert g.table.whatnow() == "turn"
    assert g.active_player() == active_id
    active = g.phone_of(active_id)
    drawer = g.right_of(active_id)
    for phone in g.phones:
        assert phone.has("#crossroads") == (phone is drawer), (
            f"round {rnd}, {active.name}'s turn: the card should be on {drawer.name}'s phone, "
            f"{phone.name}'s shows {'it' if phone.has('#crossroads') else 'nothing'}"
        )
    assert drawer.has("#crossroads form button.primary")
    if turn == 0 and rnd == 1:
        for phone in g.phones:
            g.shots.take(phone.page, f"phone-{phone.name}-crossroads-turn", full=True)
        g.shots.take(g.table.page, f"r{rnd}-table-turn")
    if (rnd, turn) == TRIGGER_AT:
        trigger_crossroads(g, drawer, rnd)
    if (rnd, turn) == EXILE_VOTE_AT:
        exile_vote(g, rnd)
    if (rnd, turn) == RELOAD_AT:
        reload_phone(g, g.phones[1])
    if rnd == OVERRUN_ROUND and turn == len(g.phones) - 1:
        arrange_overrun(g, rnd)
    contribute(g, active, symbol, rnd)
    g.check_privacy()
    end = g.table.control("end_turn", ".ctl-main")
    starts_next = turn < len(g.phones) - 1
    assert end.locator("input[name=start_next]").count() == int(starts_next)
    g.table.act(end.locator("button"))
    g.sync()
    assert g.table.whatnow() == ("turn" if starts_next else "colony_phase")
    assert not drawer.has("#crossroads"), "the card stays on the phone after the turn"
    return active_id


def end_game(g: Game) -> None:
    """The game has ended: each phone marks its objective; the table shows all and the winners."""
    g.sync()
    assert g.table.whatnow() == "declare_winners"
    # a phone whose objective has a part the board shows unmet says which and is not asked
    # (002:1806-1818); each is seen before any phone marks (the last mark ends the game)
    out = [phone.has("#objective-out") for phone in g.phones]
    for phone, gone in zip(g.phones, out, strict=True):
        assert phone.has("#mark-objective") != gone, f"{phone.name}: asked {not gone}, out {gone}"
        if gone:
            g.shots.take(phone.page, f"phone-{phone.name}-objective-out", full=True)
    g.objectives_out = {phone.name for phone, gone in zip(g.phones, out, strict=True) if gone}
    marks = [done and not gone for done, gone in zip([True, False, True], out, strict=True)]
    for phone, done, gone in zip(g.phones, marks, out, strict=True):
        if gone:
            continue
        g.shots.take(phone.page, f"phone-{phone.name}-mark-objective", full=True)
        g.check_privacy()
        phone.act(phone.page.locator("#mark-objective button." + ("up" if done else "down")))
        g.sync()
    g.objectives_shown = True
    end = g.table.page.locator("#game #game-end")
    end.wait_for(timeout=WAIT_MS)
    winners = end.locator(".winner-names").inner_text()
    for phone, done in zip(g.phones, marks, strict=True):
        assert (phone.name in winners) == done, (phone.name, winners)
    rows = end.locator(".objective-list .objective-row")
    assert rows.count() == len(g.phones)
    for n, (phone, done) in enumerate(zip(g.phones, marks, strict=True)):
        row = rows.nth(n)
        assert row.locator(".who").inner_text().strip() == phone.name
        assert phone.objective in row.inner_text()
        assert ("complete" in (row.get_attribute("class") or "").split()) == done
    g.shots.take(g.table.page, "end-table")
    g.shots.take(g.table.page, "end-table-full", full=True)
    for phone, done in zip(g.phones, marks, strict=True):
        phone.page.locator("#winners").wait_for(timeout=WAIT_MS)
        text = phone.page.locator("#winners").inner_text()
        assert (g._("You won!") in text) == done, (phone.name, text)
        g.shots.take(phone.page, f"phone-{phone.name}-end", full=True)
    g.check_privacy()


def new_device(browser: Any, contexts: list[Any], viewport: dict[str, int], lang: str = "") -> Any:
    """A new page in its own browser context (added to ``contexts``), with the wait limit and
    the in-flight counter: a phone (touch, the game's language) when ``lang`` is given."""
    options: dict[str, Any] = {"viewport": viewport}
    if lang:
        options.update(locale=ACCEPT_LANGUAGE[lang], is_mobile=True, has_touch=True)
    context = browser.new_context(**options)
    contexts.append(context)
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(IN_FLIGHT_JS)
    return context.new_page()


def wait_until_joined(table: Table, phones: list[Any]) -> None:
    """Wait until the table's join panel shows every phone holding its seat."""
    table.page.wait_for_function(
        "n => document.querySelectorAll('#join-panel .jp-held').length === n",
        arg=len(phones),
        timeout=WAIT_MS,
    )
