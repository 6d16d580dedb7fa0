"""The table screen: the laptop's public view of the game."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("table", __name__)


@bp.get("/")
def index() -> str:
    """Show the table screen's start page."""
    return render_template("table/index.html")
