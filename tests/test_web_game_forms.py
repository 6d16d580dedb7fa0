"""Forms become engine actions by the engine's own type hints (companion/web/forms.py)."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from companion.engine.core.vocabulary import NOT_CHOSEN
from companion.web.forms import FormError, action_from_form, read_version


@pytest.fixture(autouse=True)
def _request(app):
    """Messages are translated, so forms are read inside a request."""
    with app.test_request_context():
        yield


def read(*pairs: tuple[str, str], by: str = "table") -> dict:
    """The action of a form given as (name, value) pairs."""
    return action_from_form(MultiDict(pairs), by=by)


def test_numbers_booleans_and_text_are_coerced_by_hint():
    assert read(("type", "add_food"), ("count", "3")) == {
        "type": "add_food",
        "by": "table",
        "count": 3,
    }
    assert read(("type", "play_cards"), ("seat_id", "s1"), ("count", " 2 "), ("event", "true")) == {
        "type": "play_cards",
        "by": "table",
        "seat_id": "s1",
        "count": 2,
        "event": True,
    }
    assert read(("type", "check_main_objective"), ("met", "false"))["met"] is False
    assert read(("type", "add_helpless"), ("count", "1"), ("unruly", "on"))["unruly"] is True


def test_blank_is_none_where_allowed_and_left_out_where_not():
    action = read(
        ("type", "move_survivor"), ("survivor_id", "a"), ("to", "colony"), ("exposure", "")
    )
    assert action["exposure"] is None
    assert "count" not in read(("type", "add_food"), ("count", ""))
    assert (
        read(("type", "contribute_to_crisis"), ("seat_id", ""), ("symbols", "food"))["seat_id"]
        is None
    )


def test_lists_maps_joined_fields_and_counts():
    action = read(
        ("type", "reveal_crisis"), ("name", "Cold Snap"), ("prevent", "fuel"), ("prevent", "tool")
    )
    assert action["prevent"] == ["fuel", "tool"]
    votes = read(("type", "record_votes"), ("votes.s1", "true"), ("votes.s2", "false"))
    assert votes["votes"] == {"s1": True, "s2": False}
    where = read(("type", "add_barricade"), ("place|entrance", "colony|4"))
    assert where["place"] == "colony" and where["entrance"] == 4
    location = read(("type", "add_barricade"), ("place|entrance", "base.school|"))
    assert location["place"] == "base.school" and location["entrance"] is None
    cards = read(
        ("type", "contribute_to_crisis"),
        ("seat_id", ""),
        ("symbols*food", "2"),
        ("symbols*tool", "1"),
        ("symbols*fuel", "0"),
    )
    assert sorted(cards["symbols"]) == ["food", "food", "tool"]
    none = read(("type", "contribute_to_crisis"), ("seat_id", ""), ("symbols*food", ""))
    assert none["symbols"] == []
    completed = read(("type", "declare_winners"), ("completed", ""))
    assert completed["completed"] == []
    one = read(("type", "kill_zombies"), ("place", "colony"), ("exposure", "blank"))
    many = read(
        ("type", "kill_zombies"), ("place", "colony"), ("exposure", "blank"), ("exposure", "bite")
    )
    assert one["exposure"] == "blank" and many["exposure"] == ["blank", "bite"]


def test_the_seed_and_page_fields():
    action = read(("type", "pay_food"), ("seed", "12345"), ("_page", "x"), ("version", "4"))
    assert action == {"type": "pay_food", "by": "table", "seed": 12345}
    assert read_version(MultiDict([("version", "4")])) == 4


@pytest.mark.parametrize(
    "pairs, words",
    [
        ([("type", "add_food"), ("count", "many")], "needs a whole number"),
        ([("type", "add_food"), ("count", "-1")], "needs a whole number"),
        ([("type", "add_food"), ("count", "1.5")], "needs a whole number"),
        ([("type", "check_main_objective"), ("met", "maybe")], "needs yes or no"),
        ([("type", "nope")], "does not know this action"),
        ([], "does not know this action"),
        ([("type", "new_game"), ("setup", "{}")], "does not know this action"),
        ([("type", "apply_card_effects")], "does not know this action"),
        ([("type", "add_food"), ("colour", "red")], "does not belong"),
        ([("type", "add_food"), ("count.x", "1")], "does not belong"),
        ([("type", "record_votes"), ("votes", "true")], "does not belong"),
        ([("type", "add_food"), ("count", "1"), ("count", "2")], "more than once"),
        ([("type", "add_barricade"), ("place|entrance", "colony")], "not one of the choices"),
        ([("type", "contribute_to_crisis"), ("symbols*food", "lots")], "needs a whole number"),
        ([("type", "contribute_to_crisis"), ("symbols*food", "9999")], "needs a whole number"),
        ([("type", "add_food"), ("count", "9" * 500)], "too long"),
    ],
)
def test_unreadable_forms_say_which_field(pairs, words):
    with pytest.raises(FormError, match=words):
        read(*pairs)


@pytest.mark.parametrize("value", ["", "x", "-1", "1.0"])
def test_a_form_without_a_readable_version_is_refused(value):
    with pytest.raises(FormError):
        read_version(MultiDict([("version", value)]))


def test_a_required_choice_left_empty_reaches_the_engine_as_not_chosen():
    base = (("type", "move_survivor"), ("survivor_id", "a"), ("to", "colony"))
    empty = read(*base, ("_required", "exposure"), ("exposure", ""))
    assert empty["exposure"] == NOT_CHOSEN
    assert read(*base, ("_required", "exposure"))["exposure"] == NOT_CHOSEN
    assert read(*base, ("_required", "exposure"), ("exposure", "roll"))["exposure"] == "roll"
    assert read(*base, ("exposure", ""))["exposure"] is None  # not required: None, as before
    with pytest.raises(FormError, match="does not belong"):
        read(*base, ("_required", "colour"))
