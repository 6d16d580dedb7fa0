"""The app factory, the served page and the command line."""

from __future__ import annotations

from click.testing import CliRunner

from companion import create_app
from companion.cli import main, terminal_qr


def test_config_defaults_and_override(tmp_path):
    assert not create_app().testing
    app = create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "g.db")})
    assert app.testing
    assert app.config["GAMES_DB"] == str(tmp_path / "g.db")


def test_table_page_served_with_vendored_htmx(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"/static/htmx-2.0.11.min.js" in response.data
    assert b'src="http' not in response.data and b'href="http' not in response.data


def test_static_htmx_is_served(client):
    response = client.get("/static/htmx-2.0.11.min.js")
    assert response.status_code == 200
    assert b"htmx" in response.data


def test_cli_lists_commands():
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    assert "serve" in result.output


def test_terminal_qr_is_a_block_of_text():
    art = terminal_qr("http://192.0.2.1:5000/")
    assert len(art.splitlines()) > 10
