"""A whole game in a real browser: the table screen and three phones as separate chromium
contexts against a real ``companion serve`` on 127.0.0.1, once in English, once in Portuguese.

The table creates the game through the new game form (the companion deals the survivors), the
phones join from the link beside the table screen's QR code and keep 2 of their 4 survivors,
and three rounds are played: crossroads cards on the right phone (one triggered and resolved on
the table, the others let pass), crisis cards added from the phones (the table shows only the
count, the reveal names nobody), a barricade broken and an overrun at the colony, an exile vote
(the table shows who has voted, then the tally), an undone colony step that every phone follows,
a phone reloaded on its seat, and the end with every objective and the winners. Along the way
no page shows a secret it should not. Screenshots of the key screens go to
tests/artifacts/e2e/<lang>/.

Chromium is Debian's /usr/bin/chromium (never downloaded): without it the test is skipped,
except under CI=true, where a missing browser is a failure.
"""

from __future__ import annotations

import pytest
from helpers.e2e import (
    NAMES,
    PHONE_VIEWPORT,
    ROUNDS,
    SAFE_FOOD,
    SAFE_MORALE,
    TABLE_VIEWPORT,
    Game,
    Phone,
    Shots,
    Table,
    colony_phase,
    correct_counter,
    create_game,
    crisis_count,
    end_game,
    join,
    join_link,
    keep_survivors,
    new_device,
    play_turn,
    reveal_crisis,
    wait_until_joined,
)


@pytest.mark.proof
@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_a_whole_game_on_the_table_and_three_phones(browser, companion_server, lang):
    shots = Shots(lang)
    base = companion_server.url("").rstrip("/")
    contexts = []
    try:
        table = Table(new_device(browser, contexts, TABLE_VIEWPORT))
        game_id = create_game(table.page, base, lang, shots)
        assert game_id
        phones = [
            Phone(new_device(browser, contexts, PHONE_VIEWPORT, lang), name) for name in NAMES
        ]
        g = Game(table, phones, lang, shots)
        if lang != "en":  # the pages below really are translated
            assert g._("Round %(n)s", n=1) != "Round 1"
        assert table.page.locator(".whatnow-round").text_content().strip() == g._(
            "Round %(n)s", n=1
        )

        link = join_link(table)
        shots.take(table.page, "table-join-panel")
        for phone in phones:
            join(phone, link, g)
            if phone is phones[0]:
                shots.take(phone.page, f"phone-{phone.name}-joined", full=True)
        wait_until_joined(table, phones)
        keep_survivors(g)
        g.check_privacy()
        shots.take(table.page, "table-after-keep")

        correct_counter(g, "morale", SAFE_MORALE)
        correct_counter(g, "food", SAFE_FOOD)
        first = ""
        for rnd in range(1, ROUNDS + 1):
            symbol = reveal_crisis(g, rnd)
            g.check_privacy()
            if first:  # the first player token went to the right
                assert g.first_player() == g.right_of(first).seat_id
            first = g.first_player()
            order = [play_turn(g, rnd, turn, symbol) for turn in range(len(phones))]
            assert order == g.clockwise_from(first), (rnd, order, first)
            assert crisis_count(g) == len(phones)
            colony_phase(g, rnd, met=rnd == ROUNDS)
            g.check_privacy()
        end_game(g)
    finally:
        for context in contexts:
            context.close()
