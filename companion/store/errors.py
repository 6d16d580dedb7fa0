"""What the store refuses, each with a sentence a table can read."""

from __future__ import annotations

from typing import Any


class StoreError(Exception):
    """Anything the games store refuses to do."""


class UnknownGame(StoreError):
    """No game has this id (never made, or deleted)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"There is no game {game_id!r}: it may have been deleted.")
        self.game_id = game_id


class StaleVersion(StoreError):
    """The request was made against an older version of the game than the stored one."""

    def __init__(self, game_id: str, expected: int, sent: object) -> None:
        super().__init__("The table moved on: here is the new board.")
        self.game_id = game_id
        self.version = expected
        self.sent = sent


class NothingToUndo(StoreError):
    """Undo at the game's first row (its setup cannot be undone)."""

    def __init__(self) -> None:
        super().__init__("Nothing to undo: the game is at its setup.")


class NothingToRedo(StoreError):
    """Redo with no undone action left to bring back."""

    def __init__(self) -> None:
        super().__init__("Nothing to redo: no undone action is waiting.")


class BadSaveFile(StoreError):
    """A save file the store cannot load; the message says why and nothing was written.

    ``template`` is an English msgid with named placeholders (``N_``-marked where raised) and
    ``params`` fill it in, so a page can word the reason in its reader's language; ``reason``
    is the English. A ``cause`` (the engine's refusal of an action) is kept for that page too.
    """

    def __init__(self, template: str, *, cause: Exception | None = None, **params: Any) -> None:
        self.template = template
        self.params = dict(params)
        self.cause = cause
        self.reason = template.format(**params) if params else template
        super().__init__(f"This save file cannot be loaded: {self.reason}")
