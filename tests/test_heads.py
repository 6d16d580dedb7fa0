"""The shared head (companion/web/heads.py): each game's table view and log sentences worked
out once per version, read by every device of that version, and never shown past it."""

from __future__ import annotations

import re

from helpers import phones
from helpers.states import states

from companion import create_app, store
from companion.web import heads

HX = {"HX-Request": "true"}
OBJECTIVE_LINE = re.compile(r"Your secret objective is ([^.<]+)\.")
GAME_PAGE = re.compile(r"/(?:games|phone)/(?P<game>[\w-]{8})")  # a game id, not /games/new


def counting_table_views(monkeypatch) -> list[int]:
    """Count the calls of engine.table_view made through the shared head."""
    calls: list[int] = []
    real = heads.engine.table_view

    def counted(state, before=None):
        calls.append(1)
        return real(state, before)

    monkeypatch.setattr(heads.engine, "table_view", counted)
    return calls


def test_every_device_of_one_version_reads_one_table_view(app, table, monkeypatch):
    game = phones.new_game(app, 3)
    seats = [phones.take_seat(app, table, game, sid) for sid in ("s1", "s2", "s3")]
    calls = counting_table_views(monkeypatch)
    for phone in seats:
        assert phone.get(f"/phone/{game}", headers=HX).status_code == 200
    assert table.get(f"/games/{game}", headers=HX).status_code == 200
    assert len(calls) == 1

    phones.table_act(app, game, type="tick_setup_step", item="board")  # open while setting up
    _, version = phones.head(app, game)
    answer = seats[0].get(f"/phone/{game}", headers=HX)
    assert f'value="{version}"' in answer.text
    assert len(calls) == 2  # a new version is worked out anew
    seats[1].get(f"/phone/{game}", headers=HX)
    assert len(calls) == 2


def test_a_part_is_held_for_its_version_only(app):
    current = store.Current({}, 5, 5)
    with app.test_request_context():
        assert heads.shared("g1", current, "part", lambda: "five") == "five"
        assert heads.shared("g1", current, "part", lambda: "again") == "five"
        assert heads.shared("g1", current, "other", lambda: "own") == "own"
        newer = store.Current({}, 6, 6)
        assert heads.shared("g1", newer, "part", lambda: "six") == "six"
        # A request that read the head before the write is answered from its own version,
        # which is not held in place of the newer one.
        assert heads.shared("g1", current, "part", lambda: "five anew") == "five anew"
        assert heads.shared("g1", newer, "part", lambda: "not asked") == "six"


def test_a_few_games_are_held_at_once(app):
    current = store.Current({}, 1, 1)
    with app.test_request_context():
        for n in range(heads.GAMES_HELD + 1):
            heads.shared(f"g{n}", current, "part", lambda n=n: n)
        assert heads.shared("g0", current, "part", lambda: "worked out again") == (
            "worked out again"
        )
        last = heads.GAMES_HELD
        assert heads.shared(f"g{last}", current, "part", lambda: "not asked") == last


def test_games_of_two_games_db_are_not_shared(tmp_path):
    one = create_app({"TESTING": True}, data_dir=tmp_path / "one")
    two = create_app({"TESTING": True}, data_dir=tmp_path / "two")
    current = store.Current({}, 3, 3)
    with one.test_request_context():
        assert heads.shared("same", current, "part", lambda: "one") == "one"
    with two.test_request_context():
        assert heads.shared("same", current, "part", lambda: "two") == "two"


def test_shared_log_sentences_show_each_phone_its_own_secrets_only(app, table):
    game = phones.new_game(app, 3)
    pages = {}
    for sid in ("s1", "s2", "s3"):
        phone = phones.take_seat(app, table, game, sid)
        pages[sid] = phone.get(f"/phone/{game}", headers=HX).text
    state, _ = phones.head(app, game)
    for sid, page in pages.items():
        objective = state["cards"]["objectives"][state["secrets"][sid]["objective"]]["name"]
        assert OBJECTIVE_LINE.findall(page) == [objective]
    screen = table.get(f"/games/{game}", headers=HX).text
    assert not OBJECTIVE_LINE.search(screen)


def test_the_log_is_read_in_each_devices_language(app, table):
    game = phones.new_game(app, 3)
    phone = phones.take_seat(app, table, game, "s1")
    english = phone.get(f"/phone/{game}", headers=HX).text
    phone.set_cookie("lang", "pt_BR")
    portuguese = phone.get(f"/phone/{game}", headers=HX).text
    assert len(OBJECTIVE_LINE.findall(english)) == 1
    assert not OBJECTIVE_LINE.search(portuguese)
    assert (
        len(re.findall(r"Seu objetivo secreto é [^.<]+\. Não conte a ninguém\.", portuguese)) == 1
    )


def test_no_reader_changes_the_shared_table_view(app, table):
    """Through every page and state the screenshots walk (a turn, a vote, a reveal, the colony
    phase, the end), the view held after the page and its fragment were served equals one
    worked out afresh."""
    checked = 0
    for _name, path, phone in states(app, table):
        match = GAME_PAGE.fullmatch(path)
        if match is None:
            continue
        client = phone or table
        assert client.get(path).status_code == 200
        assert client.get(path, headers=HX).status_code == 200
        with app.test_request_context():
            current = store.current(store.get_db(), match["game"])
            held = heads.table_view(match["game"], current)
            app.extensions[heads.EXTENSION].held.clear()
            assert held == heads.table_view(match["game"], current), path
        checked += 1
    assert checked >= 10
