"""A failed White Fingers asks each phone which survivor takes the frostbite (issue 29, point 2):
the phones answer, the table answers for a seat without one, and the picks land on the board."""

from __future__ import annotations

import pytest
from helpers.phones import head, new_game, open_db, seated_and_kept, take_seat, white_fingers_failed

import companion.engine as engine
from companion import store

SEATS = ("s1", "s2", "s3")


@pytest.fixture
def choosing(app, table):
    """Three phones seated, two survivors each in the colony, White Fingers failed."""
    game, phones = seated_and_kept(app, table)
    white_fingers_failed(app, game)
    state, _ = head(app, game)
    assert state["pending"]["kind"] == "survivor_choice"
    return game, phones


def test_no_phone_is_asked_while_the_cards_are_turned_over(app, table):
    game, phones = seated_and_kept(app, table)
    white_fingers_failed(app, game, turned_over=False)
    page = phones["s1"].get(f"/phone/{game}").text
    assert "Being turned over on the table." in page
    assert "survivor-choice" not in page and "survivor_choice:" not in page
    # it says what comes, and when: to each asked player, and in their language
    assert "the choice comes here once the table has shown the outcome." in page
    phones["s1"].set_cookie("lang", "pt_BR")
    page = phones["s1"].get(f"/phone/{game}").text
    assert "a escolha aparece aqui assim que a mesa mostrar o resultado." in page


def mine(state, seat_id):
    return [s["id"] for s in state["survivors"] if s["owner"] == seat_id]


def name(state, survivor_id):
    return next(s["name"] for s in state["survivors"] if s["id"] == survivor_id)


def post(client, game, **fields):
    data = {"version": str(head_version(client, game)), **fields}
    return client.post(f"/phone/{game}/act", data=data, headers={"HX-Request": "true"})


def head_version(client, game):
    return head(client.application, game)[1]


def test_each_phone_is_asked_and_the_table_answers_for_a_seat(app, table, choosing):
    game, phones = choosing
    state, _ = head(app, game)
    page = phones["s1"].get(f"/phone/{game}").text
    assert "Which of your survivors takes the frostbite?" in page
    assert 'data-must-do-id="survivor_choice:s1:' in page
    assert "A card asks you to choose one of your survivors." in page
    assert '<p class="now-text">' not in page  # the seat's own moment says it: not twice
    for sid in mine(state, "s1"):
        assert f'name="survivor_id" value="{sid}"' in page
    for sid in mine(state, "s2"):
        assert f'value="{sid}"' not in page
    board = table.get(f"/games/{game}").text
    assert "Still choosing:" in board
    assert 'data-must-do="survivor_choice:s1:' in board and "data-silent" in board
    assert board.count('name="type" value="choose_survivor"') == 3
    # s1 answers on its phone: the pick is applied only once everyone has chosen.
    pick = mine(state, "s1")[1]
    answer = post(phones["s1"], game, type="choose_survivor", survivor_id=pick)
    assert answer.status_code == 200
    assert f"You chose {name(state, pick)}." in answer.text
    # Once s1 has chosen, its moment is gone and "Now" says what the table waits for (not empty).
    now = answer.text.split('<p class="now-text">', 1)[1].split("</p>", 1)[0]
    assert now.strip() == "A card asks players to choose one of their survivors."
    # A phone may not answer for another seat.
    theirs = mine(state, "s2")[0]
    refused = post(phones["s1"], game, type="choose_survivor", seat_id="s2", survivor_id=theirs)
    assert refused.status_code == 403
    # The table enters s2's pick (a seat without a phone); s3 answers on its own phone.
    _, version = head(app, game)
    form = {"type": "choose_survivor", "version": str(version), "seat_id": "s2"}
    response = table.post(f"/games/{game}/act", data={**form, "survivor_id": theirs})
    assert response.status_code in (200, 303)
    last = mine(state, "s3")[0]
    assert post(phones["s3"], game, type="choose_survivor", survivor_id=last).status_code == 200
    state, _ = head(app, game)
    assert state["pending"] is None
    frost = {s["id"]: s["frostbite"] for s in state["survivors"]}
    assert frost == {sid: int(sid in (pick, theirs, last)) for sid in frost}
    assert "Which of your survivors" not in phones["s1"].get(f"/phone/{game}").text


def test_the_question_in_portuguese(app, table, choosing):
    game, phones = choosing
    phones["s2"].get(f"/lang/pt_BR?next=/phone/{game}")
    page = phones["s2"].get(f"/phone/{game}").text
    assert "Qual dos seus sobreviventes recebe o ferimento por congelamento?" in page
    table.get(f"/lang/pt_BR?next=/games/{game}")
    assert "Cada jogador escolhe qual dos seus sobreviventes" in table.get(f"/games/{game}").text


def test_the_engine_sees_the_same_question(app, choosing):
    game, _ = choosing
    state, _ = head(app, game)
    view = engine.table_view(state)
    assert view["waiting"]["kind"] == "survivor_choice"
    assert view["waiting"]["waiting"] == list(state["pending"]["asked"])


def test_a_card_instruction_is_marked_on_the_phone_of_the_player_who_does_it(app, table):
    game = new_game(app, seed=5, deal=False)  # card effects come once the game is set up
    phones = {sid: take_seat(app, table, game, sid) for sid in SEATS}
    db = open_db(app)
    text = "Discard 1 fuel card from your hand to the waste pile."
    action = {
        "type": "apply_card_effects",
        "by": "table",
        "seat": "s2",
        "effects": [{"kind": "manual", "text": text}],
        "source": "Pump",
    }
    store.act(db, game, action, version=store.current(db, game).version)
    db.close()
    mark = '<p class="to-do"><span class="only-you">For you to do</span> Pump: ' + text
    assert mark in phones["s2"].get(f"/phone/{game}").text
    for other in ("s1", "s3"):
        page = phones[other].get(f"/phone/{game}").text
        assert "For you to do" not in page and f"Pump: {text}" in page
