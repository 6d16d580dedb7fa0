"""An open vote's words: one table each in labels.py, shown by the table screen and the phones."""

from __future__ import annotations

import html
import re
from typing import ClassVar

import pytest
from flask import render_template

from companion import i18n
from companion.engine.turns.votes import OUTCOMES  # companion.engine loads every rule's module
from companion.engine.words import labels
from companion.engine.words.translation import translator

EVIL = "<script>alert(1)</script>"
CARD = {"name": "Tom & “Jerry”", "options": [{"text": "Go"}, {"text": "Stay"}]}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
HEADING = re.compile(r'<h2 id="whatnow-title">(.*?)</h2>', re.S)
QUESTION = re.compile(r'<p class="question">(.*?)</p>', re.S)


class Post:
    """Where a phone posts (phone.py ``context``), for the vote's form."""

    url = "/phone/g/act"
    version = 7
    decisions: ClassVar[dict[str, str]] = {"cast_vote": "3-0a1b2c3d"}


def test_every_vote_subject_has_a_heading_and_a_question():
    """Each subject the engine opens a vote on (or tallies one on) has its table heading and its
    phone question, with no placeholder but the exiled player's name (the card's, named)."""
    assert {"exile", "crossroads", "containment"} <= set(OUTCOMES)  # the rules registered theirs
    subjects = set(OUTCOMES) | set(labels.VOTE_SUBJECTS)
    assert subjects <= set(labels.VOTE_HEADINGS)
    assert subjects <= set(labels.VOTE_QUESTIONS)
    assert set(labels.VOTE_QUESTIONS_NAMED) <= set(labels.VOTE_QUESTIONS)
    for table in (labels.VOTE_HEADINGS, labels.VOTE_QUESTIONS):
        assert {p for text in table.values() for p in PLACEHOLDER.findall(text)} == {"name"}
    for text in labels.VOTE_QUESTIONS_NAMED.values():
        assert PLACEHOLDER.findall(text) == ["card"]


def fragments(app, lang: str, subject: str, card: dict | None) -> tuple[str, str]:
    """(the table screen's heading, the phone's question) of an open vote on ``subject`` against
    seat s1, as each screen's partial renders it in ``lang``."""
    names = {"seats": {"s1": EVIL, "s2": "Bia"}, "survivors": {}, "places": {}}
    vote = {"kind": "vote", "subject": subject, "target": "s1", "voted": ["s2"]}
    view = {"pending": vote, "waiting": vote, "round": 2, "turn": {"crossroads": card}}
    with app.test_request_context("/", headers={"Cookie": f"{i18n.COOKIE}={lang}"}):
        table = render_template(
            "partials/game/whatnow.html", view=view, names=names, legal={}, controls=False
        )
        phone = render_template(
            "partials/phone/vote.html", view=view, names=names, legal={}, post=Post(), mine={}
        )
    assert EVIL not in table and EVIL not in phone
    heading, question = HEADING.search(table).group(1), QUESTION.search(phone).group(1)
    return html.unescape(heading), html.unescape(question)


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
@pytest.mark.parametrize("subject", sorted(labels.VOTE_HEADINGS))
def test_the_table_and_the_phones_show_a_votes_words(app, lang, subject):
    """The table's heading and the phone's question are the subject's words from labels.py in
    the device's language, the exiled player's name escaped; a known card is named."""
    tr = translator(lang)
    heading, question = fragments(app, lang, subject, None)
    assert heading == tr.gettext(labels.VOTE_HEADINGS[subject]) % {"name": EVIL}
    assert question == tr.gettext(labels.VOTE_QUESTIONS[subject]) % {"name": EVIL}
    if lang != "en":
        assert heading != labels.VOTE_HEADINGS[subject] % {"name": EVIL}
        assert question != labels.VOTE_QUESTIONS[subject] % {"name": EVIL}
    heading_named, question_named = fragments(app, lang, subject, CARD)
    assert heading_named == heading
    if subject in labels.VOTE_QUESTIONS_NAMED:
        named = tr.gettext(labels.VOTE_QUESTIONS_NAMED[subject]) % {"card": CARD["name"]}
        assert question_named == named and CARD["name"] in named
    else:
        assert question_named == question
