"""Numbers in forms are ASCII digits only: "²" and "١٢" pass ``str.isdigit`` but are no numbers
here; a bad number is a 4xx with a sentence in the device's language and changes nothing."""

from __future__ import annotations

import pytest
from helpers.table import HX, current, game_ids, make_game, start_turn

from companion import create_app
from companion.web.forms import MAX_DIGITS, MAX_FIELD, whole_number

BAD = ["²", "١٢", "", "-", "9" * 500]
PT = {**HX, "Accept-Language": "pt-BR"}


def test_whole_numbers_are_ascii_digits_of_bounded_length():
    assert whole_number(" 42 ") == 42
    assert whole_number("0") == 0
    assert whole_number("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    for text in [*BAD, "+1", "1.0", "1_000", "９", "9" * (MAX_DIGITS + 1)]:
        assert whole_number(text) is None, text


def post_act(client, app, game_id, fields, headers):
    before = current(app, game_id)
    data = {"version": str(before.version)} | fields
    response = client.post(f"/games/{game_id}/act", data=data, headers=headers)
    after = current(app, game_id)
    assert after.version == before.version and after.state == before.state
    return response


@pytest.fixture(scope="module")
def turn(tmp_path_factory):
    """(app, the table's client, a game in its first turn), shared by the tests whose every
    request is refused: post_act checks each one left the game's version and state alone."""
    app = create_app({"TESTING": True}, data_dir=tmp_path_factory.mktemp("numbers"))
    client = app.test_client()
    game_id = make_game(app)
    start_turn(client, app, game_id)
    return app, client, game_id


@pytest.mark.parametrize("value", BAD)
def test_a_bad_version_is_400(turn, value):
    app, client, game = turn
    fields = {"type": "add_food", "count": "1", "version": value}
    for headers, words in ((HX, "which version"), (PT, "de qual versão")):
        response = post_act(client, app, game, fields, headers)
        assert response.status_code == 400, value
        assert words in response.get_data(as_text=True)


def count_words(value: str) -> tuple[str, str]:
    """What the table is told about a bad count, in English and Portuguese."""
    if not value:  # left out: the engine says the action needs it
        return "needs count", "count"
    if len(value) > MAX_FIELD:
        return "is too long", "está longo demais"
    return "needs a whole number", "precisa de um número inteiro"


@pytest.mark.parametrize("value", BAD)
def test_a_bad_count_is_refused(turn, value):
    app, client, game = turn
    english, portuguese = count_words(value)
    for headers, words in ((HX, english), (PT, portuguese)):
        response = post_act(client, app, game, {"type": "add_food", "count": value}, headers)
        assert response.status_code == (400 if value else 422), value
        assert 'role="alert"' in response.get_data(as_text=True)
        assert words in response.get_data(as_text=True)


@pytest.mark.parametrize("value", BAD)
def test_a_bad_repeat_count_is_refused(turn, value):
    app, client, game = turn
    fields = {"type": "contribute_to_crisis", "seat_id": "s1", "symbols*food": value}
    english, portuguese = "needs a whole number", "precisa de um número inteiro"
    if not value:  # blank: no card of that symbol, which the rules refuse (no crisis yet)
        english, portuguese = 'role="alert"', 'role="alert"'
    for headers, words in ((HX, english), (PT, portuguese)):
        response = post_act(client, app, game, fields, headers)
        assert response.status_code == (400 if value else 422), value
        assert words in response.get_data(as_text=True)


@pytest.mark.parametrize("value", BAD)
def test_removing_a_seat_row_that_is_not_there_is_400(app, client, game_form, value):
    form = game_form(3, name="Keep me", names=["Ana", "Bruno", "Carla"])
    form["edit"] = f"remove_seat:{value}"
    for headers, words in (({}, "no such player to remove"), (PT, "esse jogador para remover")):
        response = client.post("/games/new", data=form, headers=headers)
        assert response.status_code == 400, value
        page = response.get_data(as_text=True)
        assert words in page
        assert 'value="Ana"' in page and 'value="Bruno"' in page and 'value="Carla"' in page
    assert game_ids(app) == []


@pytest.mark.parametrize("value", ["²", "١٢", "9" * 500])
def test_a_typed_objective_number_that_is_not_digits_is_400(app, client, game_form, value):
    form = game_form(3)
    form.update(
        objective="typed",
        typed_name="Mine",
        typed_morale=value,
        typed_round_track="7",
        typed_zombies_per_location="1",
        typed_colony_zombies="0",
        typed_food="0",
        typed_helpless="0",
    )
    response = client.post("/games/new", data=form)
    assert response.status_code == 400
    assert "must be a whole number" in response.get_data(as_text=True)
    assert game_ids(app) == []


def test_a_seed_may_be_as_long_as_the_colony_preview_makes_it(app):
    from werkzeug.datastructures import MultiDict

    from companion.store import SEED_BITS
    from companion.web.forms import SEED_DIGITS, FormError, action_from_form

    assert len(str(2**SEED_BITS - 1)) <= SEED_DIGITS
    with app.test_request_context():
        seed = str(2**SEED_BITS - 1)
        form = MultiDict([("type", "pay_food"), ("seed", seed)])
        assert action_from_form(form)["seed"] == int(seed)
        for bad in ["²", "١٢", "", "-", "9" * 500]:
            with pytest.raises(FormError):
                action_from_form(MultiDict([("type", "pay_food"), ("seed", bad)]))
