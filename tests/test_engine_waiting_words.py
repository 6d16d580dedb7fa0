"""What the game waits for, worded once (words/waiting.py): every kind views.waiting_for says has
its sentences, each reader gets the right one, and every sentence reads in pt-BR."""

from __future__ import annotations

import pytest

from companion.engine.core.arguments import check_value
from companion.engine.words.labels import CARD_LINES
from companion.engine.words.translation import translator
from companion.engine.words.waiting import WAITING, waiting_words

SAID = {
    "keep_survivors", "reveal_crisis", "start_turn", "turn", "bite", "bandit_leader",
    "special_exile", "betrayer_reveal", "survivor_choice", "card_choice", "vote",
    "containment_place", "special_zombies", "top_experiment", "draw_experiment",
    "r1_completion", "colony_phase", "revealing", "declare_winners", "over",
}  # fmt: skip
NAMES = {"s1": "Ana", "s2": "Bruno"}


def test_every_kind_the_game_waits_for_is_worded():
    assert set(WAITING) == SAID


@pytest.mark.parametrize("kind", sorted(SAID - {"card_choice"}))
def test_every_phone_gets_a_sentence_for_every_kind(kind):
    waiting = {"kind": kind, "seat": "s1", "seats": ["s1"], "k": 1, "of": 2}
    for seat_id in ("s1", "s2"):
        said = waiting_words(waiting, NAMES, seat_id)
        assert said is not None
        msgid, fields = said
        assert msgid.format(**fields)


def test_the_table_and_each_seat_read_their_own_sentence():
    turn = {"kind": "turn", "seat": "s1"}
    assert waiting_words(turn, NAMES) == ("{name}'s turn", {"k": "", "of": "", "name": "Ana"})
    assert waiting_words(turn, NAMES, "s1")[0] == "Your turn."
    assert waiting_words(turn, NAMES, "s2")[0] == "{name}'s turn."
    keep = {"kind": "keep_survivors", "seats": ["s2"]}
    assert waiting_words(keep, NAMES, "s2")[0] == "Choose the survivors you keep."
    assert waiting_words(keep, NAMES, "s1")[0].startswith("Waiting for the others")
    assert waiting_words({"kind": "vote", "subject": "exile"}, NAMES) is None  # its own heading


def test_a_survivor_choice_is_a_seats_own_when_it_may_answer_it():
    choice = {"kind": "survivor_choice", "seat": None}
    asked = {"choose_survivor": {}}
    mine = waiting_words(choice, NAMES, "s1", revealing=True, legal=asked)[0]
    others = waiting_words(choice, NAMES, "s1", revealing=True, legal={})[0]
    assert mine.startswith("A card asks you to choose")
    assert others.startswith("A card asks players to choose")
    plain = waiting_words(choice, NAMES, "s1", legal=asked)[0]
    assert plain == "A card asks players to choose one of their survivors."


def test_a_cards_question_is_worded_by_its_line():
    ask = next(iter(CARD_LINES))
    said = waiting_words({"kind": "card_choice", "seat": "s2", "ask": ask}, NAMES, "s1")
    assert said is not None and said[0] == CARD_LINES[ask] and said[1]["name"] == "Bruno"
    assert waiting_words({"kind": "card_choice", "seat": "s2", "ask": ask}, NAMES) is None


def test_an_unknown_kind_says_nothing():
    assert waiting_words({"kind": "nothing_like_it"}, NAMES, "s1") is None


def test_every_sentence_reads_in_portuguese_with_the_same_placeholders():
    pt = translator("pt_BR")
    for kind, said in WAITING.items():
        for reader, msgid in said.items():
            if msgid is None or reader == "answer":
                continue
            translated = pt.gettext(msgid)
            assert translated != msgid, (kind, reader)
            fields = {"name": "Ana", "k": 1, "of": 2}
            assert translated.format(**fields) != msgid.format(**fields)


def test_the_one_checker_pins_its_edges():
    check_value(999, int, "x")
    check_value(0, int, "x")
    for bad in (-1, 1000, True, 1.0, "1"):
        with pytest.raises(ValueError):
            check_value(bad, int, "x")
