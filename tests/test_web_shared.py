"""What every device shares at one version (companion/web/shared.py): made once, and never shown
to a device it was not made for: another language, another credential, an older set of seats
held, an older version."""

from __future__ import annotations

import pytest
from test_web_join import CODE_RE, STRANGER, new_game, open_db, take_seat

from companion import create_app, store
from companion.web import shared
from companion.web.shared import Shared

HX = {"HX-Request": "true"}


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


def version_of(app, game):
    db = open_db(app)
    try:
        return store.game_version(db, game)
    finally:
        db.close()


def test_the_table_screens_side_is_kept_apart_by_credential_language_and_seats(app):
    game = new_game(app)
    table = app.test_client()
    stranger = app.test_client()
    stranger.environ_base.update(STRANGER)

    first = table.get(f"/games/{game}", headers=HX).get_data(as_text=True)
    assert CODE_RE.search(first) and "Undo" in first
    # the same version, next a device without the table's credential: no join code, no controls
    public = stranger.get(f"/games/{game}", headers=HX).get_data(as_text=True)
    assert not CODE_RE.search(public) and 'class="controls"' not in public
    assert 'class="controls"' in first
    # the same version in Portuguese
    pt = table.get(f"/games/{game}", headers={**HX, "Accept-Language": "pt-BR"})
    assert "Desfazer" in pt.get_data(as_text=True) and "Undo" not in pt.get_data(as_text=True)
    # a phone takes a seat: the version stays, the join panel shows the seat held
    before = version_of(app, game)
    take_seat(app, table, game, "s1")
    assert version_of(app, game) == before
    after = table.get(f"/games/{game}", headers=HX).get_data(as_text=True)
    assert after.count("on a phone") == first.count("on a phone") + 1


def test_a_change_made_elsewhere_is_shown_at_once(app):
    """A write the table screen did not make (another device, the store itself) bumps the
    version, so nothing kept for the older one is shown."""
    game = new_game(app)
    table = app.test_client()
    table.get(f"/games/{game}", headers=HX)
    db = open_db(app)
    try:
        head = store.current(db, game)
        store.act(
            db,
            game,
            {"type": "set_counter", "by": "table", "name": "food", "value": 17},
            version=head.version,
        )
    finally:
        db.close()
    page = table.get(f"/games/{game}", headers=HX).get_data(as_text=True)
    assert f'data-live-version="{head.version + 1}"' in page
    assert '<span class="stat-value">17</span>' in page


def test_only_the_newest_version_is_kept_and_only_the_games_used_last():
    kept = Shared(games=2)
    old = store.Current({"v": 1}, 1, 1)
    new = store.Current({"v": 2}, 2, 2)
    assert kept.remember("a", new) is new
    assert kept.remember("a", old) is old  # an older version is handed back, not kept
    made = []
    assert kept.part("a", old, "k", lambda: made.append(1) or "old") == "old"
    assert kept.part("a", new, "k", lambda: made.append(2) or "new") == "new"
    assert kept.part("a", new, "k", lambda: made.append(3) or "again") == "new"
    assert made == [1, 2]
    kept.remember("b", new)
    kept.remember("c", new)  # "a" is the least recently used of three: dropped
    assert kept.part("a", new, "k", lambda: "made again") == "made again"
    kept.forget_all()
    assert kept.part("b", new, "k", lambda: "b again") == "b again"


def test_equal_card_catalogues_are_kept_once():
    kept = Shared()
    first = kept.remember("a", store.Current({"cards": {"x": [1, 2]}, "n": 1}, 1, 1))
    second = kept.remember("b", store.Current({"cards": {"x": [1, 2]}, "n": 2}, 1, 1))
    assert second.state["cards"] is first.state["cards"]
    assert second.state["n"] == 2


def test_a_seat_view_on_the_shared_table_view_leaves_it_as_it_was(app):
    game = new_game(app)
    table = app.test_client()
    phone = take_seat(app, table, game, "s1")
    assert phone.get(f"/phone/{game}", headers=HX).status_code == 200
    with app.test_request_context("/"):
        db = open_db(app)
        try:
            current = shared.head(db, game)
            public = shared.table_view(game, current)
            mine = shared.seat_view(game, current, "s1")
        finally:
            db.close()
    assert "mine" not in public and set(public["legal"]) == {"table"}
    assert mine["seat"] == "s1" and set(mine["legal"]) == {"s1"}
