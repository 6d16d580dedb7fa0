"""A card's question to one player on the screens (board/card_choices.py): Sprung Hinges asks
the first player's phone which colony entrance loses each barricade, the table may answer for
them, and the answers land on the board."""

from __future__ import annotations

from helpers.phones import head, post, seated_and_kept, table_act


def hinges_failed(app, table):
    """Three phones seated; barricades on colony entrances 1 to 3; Sprung Hinges failed."""
    game, phones = seated_and_kept(app, table)
    table_act(app, game, type="reveal_crisis", crisis="companion.sprung-hinges")
    for number in (1, 2, 3):
        table_act(app, game, type="add_barricade", place="colony", entrance=number)
    table_act(app, game, type="resolve_crisis", seed=3)
    table_act(app, game, type="finish_reveal")
    return game, phones


def test_the_first_player_answers_on_the_phone_and_the_table_for_them(app, table):
    game, phones = hinges_failed(app, table)
    state, _ = head(app, game)
    first = state["first_player"]
    others = [sid for sid in phones if sid != first]
    assert state["pending"]["ask"] == "barricade_remove"
    page = phones[first].get(f"/phone/{game}").text
    assert "Which colony entrance loses a barricade?" in page
    for number in (1, 2, 3):
        assert f'name="answer" value="{number}"' in page
    assert 'name="answer" value="4"' not in page
    other = phones[others[0]].get(f"/phone/{game}").text
    assert 'name="answer"' not in other
    assert "chooses which colony entrance loses a barricade." in other
    board = table.get(f"/games/{game}").text
    assert "chooses which colony entrance loses a barricade." in board
    assert board.count('name="type" value="choose_for_card"') == 1
    answer = post(phones[first], game, type="choose_for_card", answer="2")
    assert answer.status_code == 200, answer.text
    state, version = head(app, game)
    assert [e["barricades"] for e in state["colony"]["entrances"]][:3] == [1, 0, 1]
    refused = post(phones[others[0]], game, type="choose_for_card", seat_id=first, answer="1")
    assert refused.status_code == 403
    form = {"type": "choose_for_card", "version": str(version), "seat_id": first, "answer": "3"}
    done = table.post(f"/games/{game}/act", data=form, headers={"HX-Request": "true"})
    assert done.status_code == 200, done.text
    state, _ = head(app, game)
    assert [e["barricades"] for e in state["colony"]["entrances"]][:3] == [1, 0, 0]
    assert state["pending"] is None
