"""A player's last survivor lost is replaced (002:1780-1784): "that player immediately removes
from the game all cards in her hand, draws a new survivor card, adds it to the game, and makes
that survivor her new group leader". The companion draws it when it holds the survivor deck
(it dealt the survivors); the table enters the card it drew when the survivors came from the
box; an exiled player's new survivor goes to a location of their choice (002:1751)."""

from __future__ import annotations

import random

import play
import pytest
from factory import make_state, put_survivors, with_cards

import companion.engine as engine
from companion.engine import board
from companion.engine.board.deaths import COMPANION_DECK
from companion.engine.sentences import render_step
from companion.engine.views import seat_view

NEW = [
    {"id": f"new-{n}", "name": f"Newcomer {n}", "influence": 40 + n, "attack": 3, "search": 4}
    for n in (1, 2)
]


def lone(deck: str | None = COMPANION_DECK, *, followers: int = 0) -> tuple[dict, list[str]]:
    """Bruno (s2) with one survivor at the police station (and ``followers`` more), Ana (s1)
    with two in the colony; the survivor deck holds new-2 on top of new-1."""
    st = make_state(3, replaces_last_survivor=True)
    put_survivors(st, [30, 20], owner="s1")
    bruno = put_survivors(st, [10, *range(11, 11 + followers)], owner="s2", place="police")
    in_play = [{k: s[k] for k in ("id", "name", "influence")} for s in st["survivors"]]
    with_cards(st, survivors=[*NEW, *in_play])
    st["decks"]["survivors"] = ["new-2", "new-1"]
    if deck is not None:
        st["survivor_deck"] = deck
    return st, bruno


def by_id(st, sid):
    return next(s for s in st["survivors"] if s["id"] == sid)


def test_the_companions_deck_gives_the_top_card_as_the_new_leader_at_once():
    st, bruno = lone()
    morale = st["morale"]
    new, steps = board.kill_survivor_by_card(st, bruno[0])
    drawn = by_id(new, "new-2")
    assert (drawn["owner"], drawn["leader"], drawn["location"]) == ("s2", True, "colony")
    assert new["decks"]["survivors"] == ["new-1"]
    assert new["seats"][1]["needs_survivor"] is False
    assert [s["kind"] for s in steps][-2:] == ["replacement_drawn", "morale_changed"]
    assert new["morale"] == morale - 1  # the death's morale, and only it
    assert render_step(steps[-2]) == (
        "Bruno has lost their last survivor: remove every card in their hand from the game. "
        "The companion draws Newcomer 2 from the survivor deck: put them in the colony as "
        "Bruno's new group leader."
    )
    assert "O companheiro compra Newcomer 2" in render_step(steps[-2], locale="pt_BR")


def test_only_the_last_survivor_is_replaced():
    st, bruno = lone(followers=1)
    st, steps = board.kill_survivor_by_card(st, bruno[0])
    assert "replacement_drawn" not in [s["kind"] for s in steps]
    assert st["decks"]["survivors"] == ["new-2", "new-1"]
    st, steps = board.kill_survivor_by_card(st, bruno[1])
    assert "replacement_drawn" in [s["kind"] for s in steps]
    assert by_id(st, "new-2")["leader"] is True


def test_a_removed_survivor_is_replaced_too():
    """ "killed (or otherwise lost)" (002:1780): a card that removes the last survivor."""
    st, bruno = lone()
    st, steps = board.remove_survivor_by_card(st, bruno[0])
    assert [s["kind"] for s in steps] == ["survivor_removed", "replacement_drawn"]


@pytest.mark.parametrize("deck", ["box", None])
def test_from_the_box_the_table_enters_the_card_drawn(deck):
    """A game whose survivors came from the box (or saved before the companion said so): the
    player draws from the box and the table, or the player's phone, enters it."""
    st, bruno = lone(deck)
    st, steps = board.kill_survivor_by_card(st, bruno[0])
    assert steps[-2]["kind"] == "last_survivor_lost"
    assert st["seats"][1]["needs_survivor"] is True and st["decks"]["survivors"] == [
        "new-2",
        "new-1",
    ]
    view = seat_view(st, "s2")
    assert view["mine"]["survivor_may_join"] is True  # off turn: the phone offers it now
    assert [m["kind"] for m in view["must_do"]] == ["new_survivor"]  # and calls its player
    assert view["mine"]["new_survivor_due"] is True  # its entry held at the phone's top
    assert seat_view(st, "s1")["mine"]["new_survivor_due"] is False
    assert seat_view(st, "s1")["mine"]["survivor_may_join"] is False
    assert seat_view(st, "s1")["must_do"] == []
    st, steps = board.add_survivor(st, "s2", "new-1")
    assert by_id(st, "new-1")["leader"] is True and st["seats"][1]["needs_survivor"] is False
    assert seat_view(st, "s2")["mine"]["survivor_may_join"] is False
    assert seat_view(st, "s2")["mine"]["new_survivor_due"] is False
    assert seat_view(st, "s2")["must_do"] == []


def test_an_exiled_player_chooses_where_their_new_survivor_goes():
    st, bruno = lone()
    st["seats"][1]["exiled"] = True
    st, steps = board.kill_survivor_by_card(st, bruno[0])
    assert steps[-1]["kind"] == "last_survivor_lost" and st["seats"][1]["needs_survivor"]
    st, _ = board.add_survivor(st, "s2", "new-1", "police")
    assert (by_id(st, "new-1")["location"], by_id(st, "new-1")["leader"]) == ("police", True)


def test_a_game_saved_before_the_rule_replays_as_it_was_played():
    """Old saves load: without ``replaces_last_survivor`` the table adds the card, as it did."""
    st, bruno = lone()
    st["settings"]["replaces_last_survivor"] = False
    st, steps = board.kill_survivor_by_card(st, bruno[0])
    assert steps[-2]["kind"] == "last_survivor_lost" and st["seats"][1]["needs_survivor"]


def test_an_empty_deck_leaves_the_card_to_the_table():
    st, bruno = lone()
    st["decks"]["survivors"] = []
    st, steps = board.kill_survivor_by_card(st, bruno[0])
    assert steps[-2]["kind"] == "last_survivor_lost" and st["seats"][1]["needs_survivor"]


def test_a_full_colony_still_takes_the_replacement():
    """Ruling: the replacement is not a choice; the colony's spaces limit only the cards a
    player chooses to play (002:1727-1731)."""
    st, bruno = lone()
    st["colony"]["survivor_spaces"] = 2  # Ana's two fill it
    st, _ = board.kill_survivor_by_card(st, bruno[0])
    assert by_id(st, "new-2")["location"] == "colony"


def test_player_elimination_takes_the_player_out_instead():
    st, bruno = lone()
    st["settings"]["player_elimination"] = True
    st, steps = board.kill_survivor_by_card(st, bruno[0])
    assert steps[-2]["kind"] == "player_eliminated" and st["decks"]["survivors"] == [
        "new-2",
        "new-1",
    ]


def test_a_new_game_says_whose_deck_the_survivors_come_from():
    dealt, _ = engine.apply(
        None, {"type": "new_game", "by": "table", "setup": play.setup_for(3, deal=True), "seed": 1}
    )
    boxed, _ = play.start(3)
    assert (dealt["survivor_deck"], boxed["survivor_deck"]) == (COMPANION_DECK, "box")


def test_in_a_dealt_game_the_phone_shows_the_new_leader(app):
    """Through the web: the table's card kills Ana's last survivor; her phone shows the drawn
    one as her group leader."""
    from helpers.phones import head, new_game, post, table_act, take_seat

    table = app.test_client()
    game = new_game(app, seed=random.Random(4).randrange(100))
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    for sid, client in phones.items():
        state, _ = head(app, game)
        dealt = state["secrets"][sid]["dealt_survivors"]
        assert post(client, game, type="keep_survivors", survivors=dealt[:2]).status_code == 200
    state, _ = head(app, game)
    top = state["decks"]["survivors"][0]
    for s in [s for s in state["survivors"] if s["owner"] == "s1"]:
        table_act(app, game, type="kill_survivor_by_card", survivor_id=s["id"])
    state, _ = head(app, game)
    new = by_id(state, top)
    assert (new["owner"], new["leader"]) == ("s1", True)
    page = phones["s1"].get(f"/phone/{game}").text
    assert new["name"] in page


def test_from_the_box_the_players_phone_says_it_is_their_moment_and_enters_it(app):
    """Through the web, survivors from the box: the table's card kills Ana's last survivor;
    her phone calls her (must_do) and offers the survivor deck's names; she enters the card she
    drew as her leader. Another phone is not called and may not enter it for her."""
    from helpers.phones import head, new_game, post, table_act, take_seat

    table = app.test_client()
    game = new_game(app, deal=False, seed=7)
    phones = {sid: take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")}
    state, _ = head(app, game)
    assert state["survivor_deck"] != COMPANION_DECK
    for s in [s for s in state["survivors"] if s["owner"] == "s1"]:
        table_act(app, game, type="kill_survivor_by_card", survivor_id=s["id"])
    state, version = head(app, game)
    assert state["seats"][0]["needs_survivor"] is True
    page = phones["s1"].get(f"/phone/{game}").text
    assert 'data-kinds="new_survivor"' in page
    assert "You lost your last survivor" in page
    assert 'value="add_survivor"' in page
    other = phones["s2"].get(f"/phone/{game}").text
    assert "new_survivor" not in other and "You lost your last survivor" not in other
    drawn = sorted(state["decks"]["survivors"])[0]
    answer = post(phones["s2"], game, type="add_survivor", seat_id="s1", survivor_id=drawn)
    assert answer.status_code in (403, 422)
    assert head(app, game)[1] == version
    answer = post(phones["s1"], game, type="add_survivor", seat_id="s1", survivor_id=drawn)
    assert answer.status_code == 200, answer.text
    state, _ = head(app, game)
    assert by_id(state, drawn)["leader"] is True and state["seats"][0]["needs_survivor"] is False
    page = phones["s1"].get(f"/phone/{game}").text
    assert 'data-kinds=""' in page
    phones["s1"].get(f"/lang/pt_BR?next=/phone/{game}")
    table_act(app, game, type="kill_survivor_by_card", survivor_id=drawn)
    page = phones["s1"].get(f"/phone/{game}").text
    assert 'data-kinds="new_survivor"' in page and "You lost your last survivor" not in page


@pytest.fixture
def app(app_config, tmp_path):
    from companion import create_app

    return create_app({**app_config, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)
