"""A form's refusal is the engine's kind of refusal: a RuleError with a msgid and named
placeholders, shown in the reader's language, and the form's text meets the one checker."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

import companion.engine as engine
from companion.engine.core.errors import RuleError
from companion.web.forms import FormError, action_from_form


def test_a_form_refusal_is_a_rule_error_rendered_in_each_language():
    with pytest.raises(FormError) as caught:
        action_from_form(MultiDict([("type", "add_food"), ("count", "lots")]))
    assert isinstance(caught.value, RuleError)
    assert caught.value.template == "The field {field} needs a whole number."
    assert engine.render_error(caught.value, "en") == "The field count needs a whole number."
    assert engine.render_error(caught.value, "pt_BR") == (
        "O campo count precisa de um número inteiro."
    )


def test_a_number_read_from_a_form_is_then_checked_at_its_edge():
    action = action_from_form(MultiDict([("type", "add_food"), ("count", "1000")]))
    assert action["count"] == 1000  # the form only reads the text
    with pytest.raises(RuleError, match="from 0 to 999"):
        engine.actions.bind("add_food", action, "table")
