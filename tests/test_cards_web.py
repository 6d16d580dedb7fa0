"""The card browser page: search, filters, htmx fragments and the laptop-only secret decks."""

from __future__ import annotations

import json

import pytest
from cards_helpers import built_db, sample_pack

from companion import create_app
from companion.cards.packs import import_pack

PHONE = {"REMOTE_ADDR": "192.168.1.23"}
LAPTOP = {"REMOTE_ADDR": "127.0.0.1"}
LAPTOP_V6 = {"REMOTE_ADDR": "::1"}


@pytest.fixture
def cards_client(tmp_path):
    db = built_db(tmp_path)
    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps(sample_pack()))
    import_pack(db, pack)
    app = create_app({"TESTING": True, "CARDS_DB": str(db)}, data_dir=tmp_path)
    return app.test_client()


def test_page_lists_cards_with_filters(cards_client):
    response = cards_client.get("/cards", environ_base=LAPTOP)
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "<html" in body
    assert 'hx-trigger="input changed delay:300ms, search"' in body
    assert 'name="table"' in body and 'name="set"' in body and 'name="mature"' in body
    assert 'name="viewport"' in body


def test_laptop_sees_the_secret_decks(cards_client):
    for environ in (LAPTOP, LAPTOP_V6):
        body = cards_client.get("/cards?set=my_box", environ_base=environ).get_data(as_text=True)
        assert "Lantern Light" in body
        assert "Pantry Keeper" in body
        assert "only be browsed on the laptop" not in body


def test_phone_never_gets_the_secret_decks(cards_client):
    for url in (
        "/cards?set=my_box",
        "/cards?q=marmalade",
        "/cards?table=crossroads",
        "/cards?table=objectives&kind=betrayal",
    ):
        response = cards_client.get(url, environ_base=PHONE)
        body = response.get_data(as_text=True)
        assert response.status_code == 200
        for secret in ("Lantern Light", "Sleet Vote", "Pantry Keeper", "Saboteur", "glows"):
            assert secret not in body, (url, secret)
        assert "betrayal" not in body
    body = cards_client.get("/cards?set=my_box", environ_base=PHONE).get_data(as_text=True)
    assert "only be browsed on the laptop" in body
    assert "Cracked Boiler" in body
    assert '<option value="crossroads"' not in body


def test_phone_htmx_fragment_is_filtered_too(cards_client):
    response = cards_client.get(
        "/cards?q=lantern", headers={"HX-Request": "true"}, environ_base=PHONE
    )
    assert "Lantern" not in response.get_data(as_text=True)


def test_htmx_request_gets_only_the_results_fragment(cards_client):
    response = cards_client.get(
        "/cards?q=marmalade", headers={"HX-Request": "true"}, environ_base=LAPTOP
    )
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in body and "<form" not in body
    assert "Pantry Keeper" in body
    assert "1 card" in body
    assert "HX-Request" in response.headers.get("Vary", "")


def test_history_restore_gets_the_full_page(cards_client):
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    response = cards_client.get("/cards?q=fuel", headers=headers, environ_base=LAPTOP)
    assert "<form" in response.get_data(as_text=True)


def test_card_text_is_escaped(tmp_path):
    db = built_db(tmp_path)
    pack = sample_pack()
    pack["crises"][0]["fail_text"] = "<script>alert(1)</script> Lose 1 morale."
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(pack))
    import_pack(db, path)
    app = create_app({"TESTING": True, "CARDS_DB": str(db)}, data_dir=tmp_path)
    body = app.test_client().get("/cards?q=alert").get_data(as_text=True)
    assert "<script>alert" not in body
    assert "&lt;script&gt;" in body


def test_missing_database_explains_how_to_build_it(tmp_path):
    app = create_app({"TESTING": True, "CARDS_DB": str(tmp_path / "none.db")}, data_dir=tmp_path)
    response = app.test_client().get("/cards")
    assert response.status_code == 200
    assert "companion cards build" in response.get_data(as_text=True)
