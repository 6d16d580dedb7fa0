"""The app factory, its instance folder and secret key, and the served page."""

from __future__ import annotations

import stat

from companion import SECRET_KEY_FILE, create_app


def test_config_defaults_and_override(tmp_path):
    assert not create_app(data_dir=tmp_path / "data").testing
    app = create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "g.db")}, data_dir=tmp_path)
    assert app.testing
    assert app.config["GAMES_DB"] == str(tmp_path / "g.db")
    assert app.config["PUBLIC_URL"] is None


def test_data_dir_moves_the_instance_folder(tmp_path):
    data = tmp_path / "somewhere" / "data"
    app = create_app(data_dir=data)
    assert app.instance_path == str(data.resolve())
    assert app.config["DATA_DIR"] == str(data.resolve())
    assert app.config["GAMES_DB"] == str(data.resolve() / "games.db")
    assert (data / SECRET_KEY_FILE).is_file()
    same = create_app({"TESTING": True, "DATA_DIR": str(data)})
    assert same.instance_path == str(data.resolve())


def test_config_py_in_the_data_folder_is_read(tmp_path):
    elsewhere = tmp_path / "elsewhere" / "games.db"
    elsewhere.parent.mkdir()
    (tmp_path / "config.py").write_text(f"GAMES_DB = {str(elsewhere)!r}\n")
    app = create_app(data_dir=tmp_path)
    assert app.config["GAMES_DB"] == str(elsewhere)
    assert elsewhere.exists()


def test_secret_key_made_once_and_reused(tmp_path):
    first = create_app(data_dir=tmp_path)
    key = first.config["SECRET_KEY"]
    assert len(key) == 64 and int(key, 16) >= 0
    assert key != "dev"
    path = tmp_path / SECRET_KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text().strip() == key
    second = create_app(data_dir=tmp_path)
    assert second.config["SECRET_KEY"] == key
    other = create_app(data_dir=tmp_path / "other")
    assert other.config["SECRET_KEY"] != key


def test_an_empty_secret_key_file_is_replaced(tmp_path):
    (tmp_path / SECRET_KEY_FILE).write_text("")
    key = create_app(data_dir=tmp_path).config["SECRET_KEY"]
    assert len(key) == 64
    assert (tmp_path / SECRET_KEY_FILE).read_text().strip() == key
    assert stat.S_IMODE((tmp_path / SECRET_KEY_FILE).stat().st_mode) == 0o600


def test_secret_key_from_test_config_wins_and_writes_nothing(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "given"}, data_dir=tmp_path)
    assert app.config["SECRET_KEY"] == "given"
    assert not (tmp_path / SECRET_KEY_FILE).exists()


def test_sessions_survive_a_restart(tmp_path):
    def make():
        app = create_app({"TESTING": True}, data_dir=tmp_path)

        @app.get("/_set")
        def set_value():
            from flask import session

            session["seat"] = "s3"
            return "ok"

        @app.get("/_get")
        def get_value():
            from flask import session

            return session.get("seat", "none")

        return app

    client = make().test_client()
    client.get("/_set")
    cookie = client.get_cookie("session")
    assert cookie is not None
    restarted = make().test_client()
    restarted.set_cookie("session", cookie.value)
    assert restarted.get("/_get").data == b"s3"


def test_table_page_served_with_vendored_htmx(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"/static/htmx-2.0.11.min.js" in response.data
    assert b'src="http' not in response.data and b'href="http' not in response.data


def test_static_htmx_is_served(client):
    response = client.get("/static/htmx-2.0.11.min.js")
    assert response.status_code == 200
    assert b"htmx" in response.data
