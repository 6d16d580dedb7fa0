"""Home: the games on this laptop to resume, delete, export or import, and a new game."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """The list of games (being built)."""
    return render_template("table/index.html")
