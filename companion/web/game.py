"""The table screen of one game: the board, the round as the rulebook runs it, undo and log."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("game", __name__, url_prefix="/games")
