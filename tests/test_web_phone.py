"""The phone page: what a seat sees and does, each action {"by": its seat} through the store.

The table (loopback) and three phones (LAN clients with their own cookies) in one test. Every
refused request is checked against the database: the game's version and state are unchanged.
"""

from __future__ import annotations

import html
import re
from html import unescape
from urllib.parse import urljoin

import pytest
from helpers.phones import (
    forms_on,
    head,
    hidden_fields,
    last_action,
    new_game,
    open_db,
    post,
    table_act,
    take_seat,
)

import companion.engine as engine
from companion import store
from companion.engine.colony.ending import objective_completable

TOO_LATE = "Too late to {action}: that question was answered or changed meanwhile"
ASSET_RE = re.compile(r'<(?:script|link|img)\b[^>]*?\b(?:src|href)="([^"]+)"')
BUDGET = 40 * 1024  # issue 17: a phone's first load, compressed as chromium asks
pytestmark = pytest.mark.seed(3)  # the phones' draws repeat: no test waits on a lucky roll


@pytest.fixture
def game(app):
    return new_game(app)


@pytest.fixture
def phones(app, table, game):
    """Three phones holding s1, s2 and s3."""
    return {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}


def keep_all(app, game, phones):
    """Every phone keeps its first two dealt survivors."""
    for sid, client in phones.items():
        state, _ = head(app, game)
        dealt = state["secrets"][sid]["dealt_survivors"]
        response = post(client, game, type="keep_survivors", survivors=dealt[:2])
        assert response.status_code == 200, response.text


def assert_controls_are_legal(app, game, phones):
    """Each phone's forms post only actions of its seat's legal list now."""
    state, _ = head(app, game)
    for sid, client in phones.items():
        legal = engine.seat_view(state, sid)["legal"][sid]
        assert forms_on(client.get(f"/phone/{game}").text) <= set(legal), sid


# --- setup ----------------------------------------------------------------------------------


def test_a_phone_keeps_its_survivors_with_the_leader_it_picked(app, game, phones):
    state, version = head(app, game)
    dealt = state["secrets"]["s1"]["dealt_survivors"]
    page = phones["s1"].get(f"/phone/{game}").text
    for card_id in dealt:
        assert f'value="{card_id}"' in page
    assert "Keep 2 of them" in page and 'data-must-do-id="keep_survivors:s1:' in page
    response = post(
        phones["s1"], game, type="keep_survivors", survivors=dealt[:2], _leader=dealt[1]
    )
    assert response.status_code == 200
    assert "<html" not in response.text and "Done." in response.text
    logged = last_action(app, game)
    assert logged["by"] == "s1" and logged["survivors"] == [dealt[1], dealt[0]]
    state, after = head(app, game)
    assert after == version + 1
    ours = {s["id"]: s["leader"] for s in state["survivors"] if s["owner"] == "s1"}
    assert ours == {dealt[1]: True, dealt[0]: False}
    assert 'name="type" value="keep_survivors"' not in response.text


def test_the_first_tap_on_keep_with_two_ticked_cards_succeeds(app, game, phones):
    """Issue 29.3: the Leader mark starts on no card, so ticking two cards other than the first
    dealt and pressing Keep sends no leader, and the first kept one leads (not a 422)."""
    state, version = head(app, game)
    dealt = state["secrets"]["s1"]["dealt_survivors"]
    page = phones["s1"].get(f"/phone/{game}").text
    form = next(f for f in re.findall(r"<form\b.*?</form>", page, re.S) if "keep_survivors" in f)
    radios = re.findall(r'<input type="radio" name="_leader" value="[^"]+"([^>]*)>', form)
    assert len(radios) == len(dealt) and not any("checked" in rest for rest in radios)
    response = post(phones["s1"], game, type="keep_survivors", survivors=dealt[1:3])
    assert response.status_code == 200, response.text
    assert head(app, game)[1] == version + 1
    ours = {s["id"]: s["leader"] for s in head(app, game)[0]["survivors"] if s["owner"] == "s1"}
    assert ours == {dealt[1]: True, dealt[2]: False}


def test_a_refused_keep_changes_nothing_and_says_why(app, game, phones):
    state, version = head(app, game)
    dealt = state["secrets"]["s1"]["dealt_survivors"]
    response = post(phones["s1"], game, type="keep_survivors", survivors=dealt[:3])
    assert response.status_code == 422
    assert 'class="alert"' in response.text
    assert head(app, game) == (state, version)


def test_a_keep_sent_again_is_refused_with_a_sentence_and_changes_nothing(app, game, phones):
    state, _ = head(app, game)
    dealt = state["secrets"]["s2"]["dealt_survivors"]
    page = phones["s2"].get(f"/phone/{game}").text
    sent = hidden_fields(page, "keep_survivors")["decision"]
    assert sent == engine.seat_view(state, "s2")["decisions"]["s2"]["keep_survivors"]
    assert (
        post(phones["s2"], game, page=page, type="keep_survivors", survivors=dealt[:2]).status_code
        == 200
    )
    before = head(app, game)
    twice = post(phones["s2"], game, page=page, type="keep_survivors", survivors=dealt[:2])
    assert twice.status_code == 422
    assert f"{TOO_LATE.format(action='keep survivors')}." in unescape(twice.text)
    assert f'data-version="{before[1]}"' in twice.text
    assert head(app, game) == before


def test_a_form_answering_no_decision_is_still_checked_by_version(app, game, phones):
    state, version = head(app, game)
    post(
        phones["s2"],
        game,
        type="keep_survivors",
        survivors=state["secrets"]["s2"]["dealt_survivors"][:2],
    )
    before = head(app, game)
    mine = state["secrets"]["s1"]["dealt_survivors"]
    no_decision = phones["s1"].post(
        f"/phone/{game}/act",
        data={"type": "keep_survivors", "version": version, "survivors": mine[:2]},
        headers={"HX-Request": "true"},
    )
    assert no_decision.status_code == 409 and "The game moved on" in no_decision.text
    assert head(app, game) == before


def test_phones_deciding_at_once_are_not_sent_back(app, game, phones):
    state, version = head(app, game)
    pages = {sid: client.get(f"/phone/{game}").text for sid, client in phones.items()}
    for sid, client in phones.items():
        dealt = state["secrets"][sid]["dealt_survivors"]
        response = post(client, game, page=pages[sid], type="keep_survivors", survivors=dealt[:2])
        assert response.status_code == 200, sid
    assert head(app, game)[1] == version + 3


def test_unreadable_forms_are_400(app, game, phones):
    before = head(app, game)
    assert post(phones["s1"], game, type="no_such_action").status_code == 400
    no_version = phones["s1"].post(f"/phone/{game}/act", data={"type": "keep_survivors"})
    assert no_version.status_code == 400
    assert head(app, game) == before


def test_a_plain_form_post_redirects_to_the_phone_page(app, game, phones):
    state, _ = head(app, game)
    dealt = state["secrets"]["s3"]["dealt_survivors"]
    response = post(phones["s3"], game, fragment=False, type="keep_survivors", survivors=dealt[:2])
    assert response.status_code == 303 and response.headers["Location"] == f"/phone/{game}"


# --- acting only for one's own seat ---------------------------------------------------------


@pytest.mark.parametrize("field", ["by", "seat_id", "caller"])
def test_a_phone_cannot_act_for_another_seat_by_forging_fields(app, game, phones, field):
    state, _ = head(app, game)
    dealt = state["secrets"]["s2"]["dealt_survivors"]
    before = head(app, game)
    response = post(phones["s1"], game, type="keep_survivors", survivors=dealt[:2], **{field: "s2"})
    assert response.status_code == 403
    assert "A phone acts only for its own seat" in response.text
    assert head(app, game) == before
    table_like = post(phones["s1"], game, type="keep_survivors", survivors=dealt[:2], by="table")
    assert table_like.status_code == 403 and head(app, game) == before


def test_naming_ones_own_seat_is_fine_and_another_seats_cards_are_refused(app, game, phones):
    state, _ = head(app, game)
    others = state["secrets"]["s2"]["dealt_survivors"]
    before = head(app, game)
    response = post(phones["s1"], game, type="keep_survivors", survivors=others[:2])
    assert response.status_code == 422 and head(app, game) == before
    mine = state["secrets"]["s1"]["dealt_survivors"]
    ok = post(phones["s1"], game, type="keep_survivors", survivors=mine[:2], by="s1", seat_id="s1")
    assert ok.status_code == 200 and last_action(app, game)["by"] == "s1"


def test_a_phone_cannot_choose_its_own_dice(app, game, phones):
    state, _ = head(app, game)
    dealt = state["secrets"]["s1"]["dealt_survivors"]
    post(phones["s1"], game, type="keep_survivors", survivors=dealt[:2], seed="123")
    assert last_action(app, game)["seed"] != 123


def test_table_only_actions_are_refused_to_a_phone(app, game, phones):
    keep_all(app, game, phones)
    before = head(app, game)
    for fields in (
        {"type": "set_counter", "name": "morale", "value": "9"},
        {"type": "reveal_crisis"},
        {"type": "record_votes", "votes.s1": "true"},
    ):
        response = post(phones["s1"], game, **fields)
        assert response.status_code in (400, 422), fields
        assert head(app, game) == before


# --- the round --------------------------------------------------------------------------------


def test_crisis_cards_from_the_phone_and_taken_back(app, game, phones):
    keep_all(app, game, phones)
    table_act(app, game, type="reveal_crisis")
    page = phones["s1"].get(f"/phone/{game}").text
    assert "Add cards face down" in page and 'name="symbols*food"' in page
    response = post(
        phones["s1"],
        game,
        type="contribute_to_crisis",
        **{
            "symbols*food": "2",
            "symbols*fuel": "1",
            "symbols*tool": "0",
        },
    )
    assert response.status_code == 200
    assert last_action(app, game) | {"seed": 0} == {
        "type": "contribute_to_crisis",
        "by": "s1",
        "symbols": ["food", "food", "fuel"],
        "seed": 0,
    }
    state, _ = head(app, game)
    assert engine.table_view(state)["numbers"]["crisis_cards"] == 3
    assert "Your cards in it:" in response.text and "Take my cards back" in response.text
    assert "Your cards in it:" not in phones["s2"].get(f"/phone/{game}").text
    back = post(phones["s1"], game, type="withdraw_from_crisis")
    assert back.status_code == 200
    state, _ = head(app, game)
    assert engine.table_view(state)["numbers"]["crisis_cards"] == 0
    assert_controls_are_legal(app, game, phones)


def test_the_crossroads_card_reaches_its_holder_and_triggered_reveals_it(app, game, phones):
    keep_all(app, game, phones)
    table_act(app, game, type="reveal_crisis")
    state, _ = head(app, game)
    following = engine.table_view(state)["waiting"]["seat"]
    table_act(app, game, type="start_turn", seat_id=following)
    state, _ = head(app, game)
    turn = engine.table_view(state)["turn"]
    holder = turn["crossroads_holder"]
    assert holder and holder != following
    card = state["cards"]["crossroads"][state["secrets"][holder]["crossroads"]]
    page = phones[holder].get(f"/phone/{game}").text
    assert unescape(page).count(card["trigger"]) == 1
    assert "Triggered" in page and f'data-must-do-id="crossroads:{holder}:' in page
    assert '<details class="options"' in page
    for sid, client in phones.items():
        if sid != holder:
            other = unescape(client.get(f"/phone/{game}").text)
            assert card["trigger"] not in other and card["name"] not in other
    assert_controls_are_legal(app, game, phones)
    response = post(phones[holder], game, type="reveal_crossroads")
    assert response.status_code == 200
    state, _ = head(app, game)
    assert engine.table_view(state)["turn"]["crossroads"]["id"] == card["id"]
    assert "Revealed" in response.text and "Triggered" not in response.text


def test_the_phone_in_its_turn_says_so_once(app, game, phones):
    """Its own moment says "It is your turn."; the "Now" line does not say it again, and the
    other phones still read whose turn it is."""
    keep_all(app, game, phones)
    table_act(app, game, type="reveal_crisis")
    state, _ = head(app, game)
    active = engine.table_view(state)["waiting"]["seat"]
    table_act(app, game, type="start_turn", seat_id=active)
    name = next(s["name"] for s in state["seats"] if s["id"] == active)
    for sid, client in phones.items():
        page = html.unescape(client.get(f"/phone/{game}").text)
        now = re.findall(r'<p class="now-text">([^<]*)</p>', page)
        if sid == active:
            assert page.count("It is your turn.") == 1 and "Your turn." not in page, now
            assert now == []
        else:
            assert "It is your turn." not in page and now == [f"{name}'s turn."], now


def test_an_exile_vote_on_the_phones(app, game, phones):
    keep_all(app, game, phones)
    table_act(app, game, type="reveal_crisis")
    state, _ = head(app, game)
    active = engine.table_view(state)["waiting"]["seat"]
    table_act(app, game, type="start_turn", seat_id=active)
    target = next(s for s in ("s1", "s2", "s3") if s != active)
    table_act(app, game, type="call_exile_vote", caller=active, target=target)
    state, _ = head(app, game)
    voters = [
        s for s in ("s1", "s2", "s3") if "cast_vote" in engine.seat_view(state, s)["legal"][s]
    ]
    assert len(voters) >= 2
    for sid in voters:
        page = phones[sid].get(f"/phone/{game}").text
        assert (
            "Exile " in page and 'value="true"' in page and f'data-must-do-id="vote:{sid}:' in page
        )
    first, *rest = voters
    pages = {sid: phones[sid].get(f"/phone/{game}").text for sid in voters}
    response = post(phones[first], game, page=pages[first], type="cast_vote", up="true")
    assert response.status_code == 200
    assert "You voted yes." in response.text and "Waiting for the others." in response.text
    for sid in rest:
        page = phones[sid].get(f"/phone/{game}").text
        assert "You voted" not in page and "Voted so far:" in page
    assert_controls_are_legal(app, game, phones)
    again = post(phones[first], game, type="cast_vote", up="false")
    assert again.status_code == 422
    voted = head(app, game)
    stale_again = post(phones[first], game, page=pages[first], type="cast_vote", up="false")
    assert stale_again.status_code == 422 and head(app, game) == voted  # one ballot a seat
    for sid in rest:  # their pages predate the first ballot: the same question, so accepted
        status = post(phones[sid], game, page=pages[sid], type="cast_vote", up="false").status_code
        assert status == 200
    state, _ = head(app, game)
    assert state["pending"] is None


def test_a_ballot_for_a_vote_that_changed_is_sent_back(app, game, phones):
    keep_all(app, game, phones)
    table_act(app, game, type="reveal_crisis")
    state, _ = head(app, game)
    active = engine.table_view(state)["waiting"]["seat"]
    table_act(app, game, type="start_turn", seat_id=active)
    first, second = [s for s in ("s1", "s2", "s3") if s != active]
    table_act(app, game, type="call_exile_vote", caller=active, target=first)
    page = phones[second].get(f"/phone/{game}").text
    _, version = head(app, game)
    db = open_db(app)
    store.undo(db, game, version=version)
    db.close()
    table_act(app, game, type="call_exile_vote", caller=active, target=second)
    before = head(app, game)
    response = post(phones[second], game, page=page, type="cast_vote", up="true")
    assert response.status_code == 422
    assert f"{TOO_LATE.format(action='cast vote')}." in unescape(response.text)
    assert head(app, game) == before


def test_a_spreading_bite_is_decided_on_its_owners_phone(app, game, phones):
    keep_all(app, game, phones)
    table_act(app, game, type="reveal_crisis")
    state, _ = head(app, game)
    active = engine.table_view(state)["waiting"]["seat"]
    table_act(app, game, type="start_turn", seat_id=active)
    state, _ = head(app, game)
    bitten = next(s["id"] for s in state["survivors"] if s["owner"] == active)
    table_act(app, game, type="record_exposure", survivor_id=bitten, result="bite")
    state, _ = head(app, game)
    pending = state["pending"]
    assert pending and pending["kind"] == "bite_spread"
    owner = pending["seat"]
    page = phones[owner].get(f"/phone/{game}").text
    assert "A bite spreads" in page and 'value="kill"' in page and 'value="roll"' in page
    for sid, client in phones.items():
        if sid != owner:
            assert "A bite spreads" not in client.get(f"/phone/{game}").text
            before = head(app, game)
            assert post(client, game, type="resolve_bite", choice="kill").status_code == 422
            assert head(app, game) == before
    response = post(phones[owner], game, type="resolve_bite", choice="kill")
    assert response.status_code == 200
    state, _ = head(app, game)
    assert all(s["id"] != pending["survivor"] for s in state["survivors"])


def test_a_survivor_joins_from_the_phone(app, game, phones):
    keep_all(app, game, phones)
    table_act(app, game, type="reveal_crisis")
    table_act(app, game, type="start_turn", seat_id="s2")  # on its own turn (survivor_may_join)
    page = phones["s2"].get(f"/phone/{game}").text
    options = re.findall(r'<option value="([^"]+)">([^<]+)</option>', page)
    assert options, "the phone offers the survivor deck"
    shown = [unescape(name) for _, name in options]
    assert shown == sorted(shown, key=str.casefold)
    chosen = options[0][0]
    response = post(phones["s2"], game, type="add_survivor", survivor_id=chosen)
    assert response.status_code == 200
    state, _ = head(app, game)
    assert any(s["id"] == chosen and s["owner"] == "s2" for s in state["survivors"])


def test_the_end_each_phone_marks_its_own_objective(app, game, phones):
    """At a morale end only the objectives that can be complete are asked (002:1813-1818): a
    normal one needs the main objective, which such an end never completes."""
    keep_all(app, game, phones)
    table_act(app, game, type="set_counter", name="morale", value=0)
    state, _ = head(app, game)
    assert state["ended"]
    asked = [sid for sid in phones if objective_completable(state, sid)]
    for sid, client in phones.items():
        page = client.get(f"/phone/{game}").text
        offered = "Did you complete it?" in page and f'data-must-do-id="objective:{sid}:' in page
        assert offered is (sid in asked)
        assert ("it cannot be complete, so there is nothing to mark" in page) is (sid not in asked)
        if sid not in asked:
            refused = post(client, game, type="mark_objective", complete="true")
            assert refused.status_code == 422 and "needs the main objective" in refused.text
    for sid in asked:
        response = post(phones[sid], game, type="mark_objective", complete="true")
        assert response.status_code == 200 and 'aria-pressed="true"' in response.text
    state, _ = head(app, game)
    if asked:
        assert state["ended"]["winners"] == asked
        assert "Game over" in phones[asked[0]].get(f"/phone/{game}").text
    else:
        assert state["ended"]["winners"] is None  # the table declares: nobody is asked


# --- the page itself --------------------------------------------------------------------------


def test_the_fragment_and_the_page(app, game, phones):
    full = phones["s1"].get(f"/phone/{game}")
    assert full.text.startswith("<!doctype html>") and 'id="phone"' in full.text
    assert "/static/htmx-2.0.11.min.js" in full.text and "<script>" not in full.text
    assert full.headers["Cache-Control"] == "no-store"
    assert re.search(r"<title>[^<]*Phones night[^<]*</title>", full.text), (
        "the title names the game"
    )
    fragment = phones["s1"].get(f"/phone/{game}", headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert "<html" not in fragment.text and fragment.text.lstrip().startswith('<div class="screen"')
    assert "HX-Request" in fragment.headers["Vary"]


def test_the_live_settings_ride_on_the_table_screen_and_the_phone(app, table, game, phones):
    """static/live.js reads how long a stream may be down before "Reconnecting" from the page's
    [data-live] element (the app's config, 3 s unless set; tests set it short), and the sse
    extension closes a stream that ends on schedule on its "close" event."""
    live_re = r"<div\b[^>]*\sdata-live\s[^>]*>"
    pages = (lambda: table.get(f"/games/{game}"), lambda: phones["s1"].get(f"/phone/{game}"))
    for page in pages:
        (mark,) = re.findall(live_re, page().text)
        assert 'data-lost-after-ms="3000"' in mark and 'sse-close="close"' in mark
    app.config.update(LIVE_LOST_AFTER_MS=400)
    for page in pages:
        (mark,) = re.findall(live_re, page().text)
        assert 'data-lost-after-ms="400"' in mark


def test_the_secret_objective_is_folded_and_private_log_lines_too(app, game, phones):
    state, _ = head(app, game)
    objective = state["cards"]["objectives"][state["secrets"]["s1"]["objective"]]
    page = unescape(phones["s1"].get(f"/phone/{game}").text)
    assert '<details class="card secret" id="secret-objective" data-peek>' in page
    assert page.count(objective["name"]) >= 1
    folded = re.compile(r'<details class="(?:card secret|private)"[^>]*>.*?</details>', re.S)
    unfolded = folded.sub("", page)
    assert objective["name"] not in unfolded and objective["goal"] not in unfolded
    assert '<details class="private" data-peek>' in page


def test_first_load_fits_the_budget(app, game, phones):
    keep_all(app, game, phones)
    table_act(app, game, type="reveal_crisis")
    client = phones["s1"]
    accept = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # what chromium sends
    page = client.get(f"/phone/{game}", headers=accept)
    total = len(page.data)
    assets = set(ASSET_RE.findall(client.get(f"/phone/{game}").text))
    assert any(a.endswith("phone.css") for a in assets) and any(
        a.endswith("phone.js") for a in assets
    )
    for asset in assets:
        url = urljoin(f"http://localhost/phone/{game}", asset)
        assert url.startswith("http://localhost/"), f"{asset} is not served by the companion"
        response = client.get(url[len("http://localhost") :], headers=accept)
        assert response.status_code == 200, asset
        total += len(response.data)
    assert total <= BUDGET, f"first load is {total} bytes"


def test_each_phone_reads_its_own_language(app, game, phones):
    phones["s2"].get(f"/lang/pt_BR?next=/phone/{game}")
    assert 'lang="pt-BR"' in phones["s2"].get(f"/phone/{game}").text
    assert 'lang="en"' in phones["s1"].get(f"/phone/{game}").text


def test_a_phone_action_goes_live_to_the_other_devices(app, game, phones):
    from companion.web import live

    state, _ = head(app, game)
    dealt = state["secrets"]["s1"]["dealt_survivors"]
    assert post(phones["s1"], game, type="keep_survivors", survivors=dealt[:2]).status_code == 200
    _, version = head(app, game)
    assert live.hub(app).version(game) == version
    page = phones["s2"].get(f"/phone/{game}").text
    assert f'data-live-version="{version}"' in page
    assert f'sse-connect="/games/{game}/events"' in page


def test_an_english_phone_marks_no_card_as_untranslated(app, game, phones):
    """The quiet "EN" mark is for a card left in English on a page of another language: an
    English phone's objective (a macro imported from another template) carries none."""
    state, _ = head(app, game)
    name = state["cards"]["objectives"][state["secrets"]["s1"]["objective"]]["name"]
    page = phones["s1"].get(f"/phone/{game}", headers={"Accept-Language": "en"}).text
    assert f'<p class="obj-name">{name}</p>' in unescape(page)
    assert "lang-mark" not in page


# --- issue 29, point 6: phones that fit and help -----------------------------------------------


def test_the_language_choice_comes_first_on_every_phone_page(app, table, game, phones):
    """At the top, before the seat's screen (it was at the very bottom)."""
    pages = {
        "phone": phones["s1"].get(f"/phone/{game}").text,
        "code": phones["s1"].get("/j").text,
    }
    for name, page in pages.items():
        nav = page.index('<nav class="lang lang-top"')
        assert nav < page.index("<main"), name
        assert 'lang="pt-BR"' in page[nav : page.index("</nav>", nav)], name


def test_a_survivor_joins_only_on_its_players_turn(app, game, phones):
    """ "A survivor joins your group" shows on the phone whose turn it is, decided in the engine
    view (survivor_may_join), not on every phone all game long."""
    keep_all(app, game, phones)
    joins = "A survivor joins your group"
    for client in phones.values():
        assert joins not in client.get(f"/phone/{game}").text  # no turn yet
    table_act(app, game, type="reveal_crisis")
    table_act(app, game, type="start_turn", seat_id="s2")
    state, _ = head(app, game)
    for sid, client in phones.items():
        may = engine.seat_view(state, sid)["mine"]["survivor_may_join"]
        assert may == (sid == "s2"), sid
        assert (joins in client.get(f"/phone/{game}").text) == may, sid
        assert "add_survivor" in engine.seat_view(state, sid)["legal"][sid]  # still legal
    table_act(app, game, type="end_turn")
    assert joins not in phones["s2"].get(f"/phone/{game}").text


def test_the_log_shows_the_latest_rows_and_folds_the_earlier(app, game, phones):
    """Two rows open, the older ones (up to RECENT_ROWS) under "Earlier": a short page."""
    page = phones["s1"].get(f"/phone/{game}").text
    assert 'id="log-earlier"' not in page  # one row: nothing earlier
    keep_all(app, game, phones)
    page = phones["s1"].get(f"/phone/{game}").text
    log = page[page.index('id="phone-log"') :]
    shown, earlier = log.split('<details class="earlier" id="log-earlier">')
    assert shown.count("<li") == 2 and "New game of 3 players" not in shown
    assert "<summary>Earlier</summary>" in earlier and earlier.count("<li") == 2
    assert "New game of 3 players" in earlier  # the oldest row
