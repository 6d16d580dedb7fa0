"""The two kinds of token, side by side: the table's, and the seats held by phones; and each
game's join secret (docs/store.md "Tokens, seats and joining").

A browser becomes a game's **table** with a random **table token** (256 bits from ``secrets``)
that only its cookie holds; ``games.table_token_hash`` keeps the token's SHA-256, and a new
token replaces the old one. A phone takes a seat with the game's **join secret** (shown on the
table screen as a QR code and a short code) and gets back a random **seat token** the same way;
``seat_claims`` keeps its SHA-256. One seat is held by one phone at a time (``seat_claims`` has a
unique index over the held claims of a game). Releasing a seat stamps its claim ``released``:
the old token then answers "given to another phone" and the seat is free for a new phone.

None of this is part of a game's action log: undo and redo never touch a claim, and a claim
never changes the game's version.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
from collections.abc import Mapping
from typing import NamedTuple

from sqlite_utils import Database

from companion.store.errors import StoreError, UnknownGame
from companion.store.schema import now, write_transaction

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not mistaken."""
CODE_LENGTH = 8
"""Eight characters: 40 bits, shown as two groups of four."""
TYPO_FIXES = str.maketrans({"O": "0", "I": "1", "L": "1", "U": "V"})
TOKEN_BYTES = 32
SECRET_ATTEMPTS = 8


class SeatTaken(StoreError):
    """Another phone holds this seat: the table screen must release it first."""

    def __init__(self, seat_id: str) -> None:
        super().__init__(f"Seat {seat_id!r} is held by another phone.")
        self.seat_id = seat_id


class Claim(NamedTuple):
    """A token's claim: the seat it names, when it was made, and when released (None: held)."""

    seat_id: str
    created: str
    released: str | None


def token_hash(token: str) -> str:
    """The hex SHA-256 of a table or seat token: what games.db keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _same(kept: str | None, token: str) -> bool:
    """Whether a kept hash is the hash of ``token`` (compared in constant time)."""
    return bool(kept) and hmac.compare_digest(str(kept), token_hash(token))


# --- the table's token ----------------------------------------------------------------------


def new_table_token(db: Database, game_id: str) -> str:
    """A fresh table token for a game, its hash kept (replacing the last one, which stops
    working); the caller gives it to one browser's cookie."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with write_transaction(db):
        db.execute(
            "update games set table_token_hash = ? where id = ?", [token_hash(token), game_id]
        )
    return token


def is_table_token(db: Database, game_id: str, token: str | None) -> bool:
    """Whether ``token`` is the table token of this game (False for no token, or no game)."""
    if not token:
        return False
    row = db.execute("select table_token_hash from games where id = ?", [game_id]).fetchone()
    return row is not None and _same(row[0], token)


def tables_of(db: Database, tokens: Mapping[str, str]) -> list[str]:
    """The games whose table token is the one given for them (``tokens``: game id -> token),
    in one query."""
    wanted = sorted(game_id for game_id, token in tokens.items() if token)
    if not wanted:
        return []
    marks = ", ".join("?" for _ in wanted)
    rows = db.execute(
        f"select id, table_token_hash from games where id in ({marks})", wanted
    ).fetchall()
    return [game_id for game_id, kept in rows if _same(kept, tokens[game_id])]


# --- the join secret, and the seats' tokens -------------------------------------------------


def normalise_code(code: str) -> str:
    """A typed short code as stored: upper case, no spaces or dashes, look-alikes fixed."""
    cleaned = "".join(ch for ch in str(code).upper() if ch.isalnum())
    return cleaned.translate(TYPO_FIXES)


def format_code(code: str) -> str:
    """A short code as shown to people: two groups of four (``ABCD-EFGH``)."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if len(code) == CODE_LENGTH else code


def new_code() -> str:
    """A fresh random short code from `secrets`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _stored_secret(db: Database, game_id: str) -> str | None:
    """The game's join secret as stored (None when it has none yet), or UnknownGame."""
    row = db.execute("select join_secret from games where id = ?", [game_id]).fetchone()
    if row is None:
        raise UnknownGame(game_id)
    return row[0] or None


def join_secret(db: Database, game_id: str) -> str:
    """The game's join secret (its short code), made on first asking and kept from then on."""
    kept = _stored_secret(db, game_id)
    if kept:
        return kept
    with write_transaction(db):
        kept = _stored_secret(db, game_id)
        if kept:
            return kept
        for _ in range(SECRET_ATTEMPTS):
            code = new_code()
            taken = db.execute("select 1 from games where join_secret = ?", [code]).fetchone()
            if not taken:
                db.execute("update games set join_secret = ? where id = ?", [code, game_id])
                return code
    raise RuntimeError("could not find a free join code")  # pragma: no cover


def secret_matches(db: Database, game_id: str, secret: str) -> bool:
    """Whether ``secret`` is this game's join secret (compared in constant time)."""
    kept = _stored_secret(db, game_id)
    given = normalise_code(secret)
    return bool(kept) and hmac.compare_digest(kept.encode(), given.encode())


def game_for_code(db: Database, code: str) -> str | None:
    """The id of the game whose join secret is this short code, or None."""
    cleaned = normalise_code(code)
    if len(cleaned) != CODE_LENGTH:
        return None
    row = db.execute("select id from games where join_secret = ?", [cleaned]).fetchone()
    return row[0] if row else None


def claim_for_token(db: Database, game_id: str, token: str | None) -> Claim | None:
    """What a phone's token stands for in this game: its claim (held or released), or None."""
    if not token:
        return None
    row = db.execute(
        "select seat_id, created, released from seat_claims where token_hash = ? and game_id = ?",
        [token_hash(token), game_id],
    ).fetchone()
    return Claim(*row) if row else None


def held_seat(db: Database, game_id: str, token: str | None) -> str | None:
    """The seat this token holds now in this game (None: no claim, or it was released)."""
    claim = claim_for_token(db, game_id, token)
    return claim.seat_id if claim and claim.released is None else None


def held_seats(db: Database, game_id: str) -> dict[str, str]:
    """The seats held by a phone now: seat id -> when it was claimed."""
    rows = db.execute(
        "select seat_id, created from seat_claims where game_id = ? and released is null",
        [game_id],
    ).fetchall()
    return dict(rows)


def claim_seat(db: Database, game_id: str, seat_id: str) -> str:
    """Bind a free seat to a new phone token and return the token (SeatTaken when held).

    The caller checks that the seat exists in the game; the store only keeps the binding.
    """
    token = secrets.token_urlsafe(TOKEN_BYTES)
    try:
        with write_transaction(db):
            _stored_secret(db, game_id)
            held = db.execute(
                "select 1 from seat_claims where game_id = ? and seat_id = ? and released is null",
                [game_id, seat_id],
            ).fetchone()
            if held:
                raise SeatTaken(seat_id)
            db.execute(
                "insert into seat_claims (token_hash, game_id, seat_id, created)"
                " values (?, ?, ?, ?)",
                [token_hash(token), game_id, seat_id, now()],
            )
    except sqlite3.IntegrityError as exc:  # another connection claimed it between the lines
        raise SeatTaken(seat_id) from exc
    return token


def release_seat(db: Database, game_id: str, seat_id: str) -> bool:
    """Free a seat for a new phone; the old token stops working. False when it was not held."""
    with write_transaction(db):
        _stored_secret(db, game_id)
        cursor = db.execute(
            "update seat_claims set released = ? where game_id = ? and seat_id = ?"
            " and released is null",
            [now(), game_id, seat_id],
        )
        return cursor.rowcount > 0


def seats_version(db: Database, game_id: str) -> int:
    """A number that grows whenever a seat of this game is claimed or released (live updates)."""
    row = db.execute(
        "select count(*) + count(released) from seat_claims where game_id = ?", [game_id]
    ).fetchone()
    return int(row[0])
