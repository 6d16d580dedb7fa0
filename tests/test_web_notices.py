"""Short notices written once in labels.py: an open reveal on the phones, and what the table just
did (done, undone, redone) on every device."""

from __future__ import annotations

import re

import pytest
from flask import render_template
from helpers.phones import new_game, open_db

from companion import i18n, store
from companion.engine.colony.reveal import REVEALED
from companion.engine.words import labels
from companion.engine.words.translation import translator

NOW_TEXT = re.compile(r'<p class="now-text">([^<]*)</p>')


def test_every_reveal_and_every_move_has_its_words():
    """Each action that opens a reveal has its note; done, undone and redone have their notice,
    each naming the action (``what``) and nothing else."""
    assert set(labels.REVEAL_NOTES) == set(REVEALED)
    assert set(labels.MOVE_NOTICES) == {"done", "undone", "redone"}
    for text in labels.MOVE_NOTICES.values():
        assert re.findall(r"%\((\w+)\)s", text) == ["what"]


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
@pytest.mark.parametrize("action", sorted(REVEALED))
def test_a_phone_says_what_the_table_turns_over(app, lang, action):
    """While the table turns an action's outcome over, a phone says so in its own language."""
    view = {"waiting": {"kind": "colony_phase"}, "revealing": {"action": action}}
    with app.test_request_context("/", headers={"Cookie": f"{i18n.COOKIE}={lang}"}):
        page = render_template("partials/phone/now.html", view=view, names={}, seat_id="s1")
    note = translator(lang).gettext(labels.REVEAL_NOTES[action])
    assert NOW_TEXT.findall(page)[-1] == note
    assert lang == "en" or note != labels.REVEAL_NOTES[action]


@pytest.mark.seed(3)
@pytest.mark.parametrize(
    ("lang", "done"), [("en", "Done: reveal crisis"), ("pt_BR", "Feito: revelar a crise")]
)
def test_the_table_says_what_it_just_did(app, lang, done):
    """The table's answer to an action names it, in the table's language."""
    game = new_game(app, deal=False)
    db = open_db(app)
    try:
        version = store.current(db, game).version
    finally:
        db.close()
    table = app.test_client()
    table.set_cookie(i18n.COOKIE, lang)
    response = table.post(
        f"/games/{game}/act",
        data={"type": "reveal_crisis", "version": version},
        headers={"HX-Request": "true"},
    )
    assert f'<p class="notice" role="status">{done}' in response.get_data(as_text=True)
