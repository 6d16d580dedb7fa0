"""Guessing join codes: five wrong ones at once, then ten a minute per address (issue 18,
point 6). The throttle is in memory with an injected clock, so the tests move time by hand."""

from __future__ import annotations

import pytest
from helpers.phones import join_code, new_game, open_db, phone

from companion.store import seats
from companion.web import throttle
from companion.web.throttle import Throttle


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(app) -> Clock:
    found = Clock()
    throttle.init_app(app, Throttle(clock=found))
    return found


@pytest.fixture
def game(app):
    return new_game(app)


def test_five_wrong_codes_then_one_every_six_seconds():
    clock = Clock()
    guard = Throttle(clock=clock)
    for _ in range(5):
        assert guard.wait("10.0.0.2") == 0
        guard.wrong("10.0.0.2")
    assert guard.wait("10.0.0.2") == 6
    assert guard.wait("10.0.0.3") == 0, "another address is not slowed"
    clock.now += 5.9
    assert guard.wait("10.0.0.2") == 1
    tries = 0
    for _ in range(600):  # one minute in tenths of a second, trying whenever allowed
        clock.now += 0.1
        if guard.wait("10.0.0.2") == 0:
            guard.wrong("10.0.0.2")
            tries += 1
    assert tries in (10, 11), "ten a minute after the first five (one ready at 6.0 s)"


def test_the_bucket_fills_again_and_memory_stays_bounded():
    clock = Clock()
    guard = Throttle(clock=clock, max_addresses=100)
    for _ in range(5):
        guard.wrong("10.0.0.2")
    clock.now += 30
    assert guard.wait("10.0.0.2") == 0
    for n in range(1000):
        guard.wrong(f"10.1.{n // 250}.{n % 250}")
    assert len(guard._buckets) <= 101


def test_a_phone_typing_wrong_codes_is_slowed_with_a_sentence(app, clock, game):
    table = app.test_client()
    right = join_code(table, game)
    guesser = phone(app, 7)
    for n in range(5):
        answer = guesser.get(f"/j/ZZZZ-ZZZ{n}")
        assert answer.status_code == 404
    slowed = guesser.get(f"/j/{right}")  # even the right code waits now
    assert slowed.status_code == 429
    assert slowed.headers["Retry-After"] == "6"
    assert "Too many wrong codes from this device: after 5, it may try 10 a minute." in (
        slowed.text
    )
    assert "Try again in 6 seconds." in slowed.text
    guesser.set_cookie("lang", "pt_BR")
    pt = guesser.get(f"/j/{right}").text
    assert (
        "Códigos errados demais deste aparelho: depois de 5, ele pode tentar 10 por minuto." in pt
    )
    assert phone(app, 8).get(f"/j/{right}").status_code == 303, "other phones are not slowed"
    clock.now += 6
    assert guesser.get(f"/j/{right}").status_code == 303


def test_wrong_secrets_in_join_links_count_too(app, clock, game):
    table = app.test_client()
    right = join_code(table, game).replace("-", "")
    guesser = phone(app, 9)
    for n in range(3):
        assert guesser.get(f"/join/{game}/AAAABBB{n}").status_code == 403
    for n in range(2):
        assert guesser.get(f"/join/nosuchgame/AAAABBB{n}").status_code == 404
    answer = guesser.post(f"/join/{game}/{right}", data={"seat": "s1"})
    assert answer.status_code == 429
    assert "Too many wrong codes" in answer.text
    db = open_db(app)
    assert seats.held_seats(db, game) == {}
    db.close()
    clock.now += 6
    assert guesser.post(f"/join/{game}/{right}", data={"seat": "s1"}).status_code == 303


def test_the_laptop_is_never_slowed(app, clock, game):
    table = app.test_client()
    right = join_code(table, game)
    for n in range(20):
        assert table.get(f"/j/ZZZZ-ZZZ{n % 10}").status_code == 404
    assert table.get(f"/j/{right}").status_code == 303
