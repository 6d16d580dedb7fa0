"""Dead of Winter table companion: a Flask app over a pure rules engine."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from companion.extensions import htmx
from companion.paths import project_root
from companion.templating import StripIndent

SECRET_KEY_FILE = "secret_key"


def instance_secret_key(folder: Path) -> str:
    """The secret key kept in ``folder``: made once (``secrets.token_hex(32)``, mode 0600)."""
    path = Path(folder) / SECRET_KEY_FILE
    try:
        key = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    key = secrets.token_hex(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as out:
        out.write(key + "\n")
    os.chmod(path, 0o600)
    return key


def create_app(
    test_config: dict[str, Any] | None = None, data_dir: str | os.PathLike[str] | None = None
) -> Flask:
    """Create and configure the app (the flaskr application-factory pattern).

    ``data_dir`` (or ``DATA_DIR`` in ``test_config``) replaces the instance folder, where
    ``games.db``, ``secret_key`` and an optional ``config.py`` live.
    """
    root = project_root()
    data_dir = data_dir or (test_config or {}).get("DATA_DIR")
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=str(Path(data_dir).expanduser().resolve()) if data_dir else None,
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    app.config.from_mapping(
        CARDS_DB=str(root / "cards.db"),
        GAMES_DB=str(Path(app.instance_path) / "games.db"),
        PUBLIC_URL=None,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    app.config["DATA_DIR"] = app.instance_path
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret_key(Path(app.instance_path))

    htmx.init_app(app)

    from companion import i18n
    from companion.web import wording

    i18n.init_app(app)
    app.jinja_env.add_extension(StripIndent)
    app.jinja_env.globals.update(wording.GLOBALS)

    from companion import store
    from companion.web import (
        assets,
        cards,
        errors,
        events,
        game,
        guard,
        heads,
        home,
        join,
        lang,
        newgame,
        phone,
    )
    from companion.web.homescreen import bp as homescreen_bp

    store.init_app(app)
    heads.init_app(app)
    assets.init_app(app)
    guard.init_app(app)
    errors.init_app(app)
    app.register_blueprint(home.bp)
    app.register_blueprint(newgame.bp)
    app.register_blueprint(game.bp)
    app.register_blueprint(cards.bp)
    app.register_blueprint(lang.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(join.bp)
    app.register_blueprint(phone.bp)
    app.register_blueprint(homescreen_bp)
    if app.debug or app.testing:
        from companion.web import preview

        app.register_blueprint(preview.bp)
    return app
