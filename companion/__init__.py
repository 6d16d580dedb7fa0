"""Dead of Winter table companion: a Flask app over a pure rules engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from flask_htmx import HTMX

from companion.paths import project_root

htmx = HTMX()


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the app (the flaskr application-factory pattern)."""
    root = project_root()
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    app.config.from_mapping(
        SECRET_KEY="dev",
        CARDS_DB=str(root / "cards.db"),
        GAMES_DB=str(Path(app.instance_path) / "games.db"),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    htmx.init_app(app)

    from companion.web import cards, table

    app.register_blueprint(table.bp)
    app.register_blueprint(cards.bp)
    return app
