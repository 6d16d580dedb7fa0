"""`companion serve --behind-proxy`: off by default; with it, one HTTPS proxy on the laptop is
believed about the scheme (cookies get Secure) and the device's address (a phone stays a phone).

The app is wrapped in waitress's own proxy-header middleware with the options `serve` passes
to waitress (cli.proxy_options), so the Flask test client sees what the real server would.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from waitress.proxy_headers import proxy_headers_middleware

from companion import cli, create_app
from companion.cli import PROXY, main, proxy_options

HTTPS = {"X-Forwarded-Proto": "https"}


def served_by(app, behind_proxy: bool):
    """A test client of ``app`` behind waitress's proxy handling as ``serve`` sets it up."""
    app.wsgi_app = proxy_headers_middleware(
        app.wsgi_app, clear_untrusted=True, **proxy_options(behind_proxy)
    )
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = PROXY
    return client


@pytest.fixture
def fresh(tmp_path):
    return create_app({"TESTING": True}, data_dir=tmp_path)


def test_by_default_no_proxy_is_believed(fresh):
    client = served_by(fresh, behind_proxy=False)
    answer = client.get("/lang/pt_BR", headers=HTTPS)
    assert answer.status_code == 303
    assert "Secure" not in answer.headers["Set-Cookie"]


def test_behind_a_proxy_cookies_over_https_are_secure(fresh):
    client = served_by(fresh, behind_proxy=True)
    answer = client.get("/lang/pt_BR", headers=HTTPS)
    assert "; Secure" in answer.headers["Set-Cookie"]
    plain = client.get("/lang/en", headers={"X-Forwarded-Proto": "http"})
    assert "Secure" not in plain.headers["Set-Cookie"]


def test_behind_a_proxy_a_phone_is_not_the_laptop(fresh):
    client = served_by(fresh, behind_proxy=True)
    assert client.get("/games/new").status_code == 200  # the laptop's own browser
    phone = {**HTTPS, "X-Forwarded-For": "192.168.1.21"}
    assert client.get("/games/new", headers=phone).status_code == 403


def test_a_device_that_is_not_the_proxy_is_not_believed(fresh):
    client = served_by(fresh, behind_proxy=True)
    client.environ_base["REMOTE_ADDR"] = "192.168.1.21"
    forged = {**HTTPS, "X-Forwarded-For": "127.0.0.1"}
    assert client.get("/games/new", headers=forged).status_code == 403
    assert "Secure" not in client.get("/lang/en", headers=HTTPS).headers["Set-Cookie"]


@pytest.mark.parametrize("flag", [False, True])
def test_serve_passes_the_proxy_options_to_waitress(monkeypatch, tmp_path, flag):
    calls = []

    class Server:
        def run(self) -> None:
            """Return at once."""

    monkeypatch.setattr(
        cli.waitress, "create_server", lambda app, **kw: calls.append(kw) or Server()
    )
    args = ["serve", "--data", str(tmp_path), "--url", "http://192.168.1.40:8765"]
    result = CliRunner().invoke(main, [*args, "--behind-proxy"] if flag else args)
    assert result.exit_code == 0, result.output
    options = calls[0]
    assert options["clear_untrusted_proxy_headers"] is True
    if flag:
        assert options["trusted_proxy"] == "127.0.0.1" and options["trusted_proxy_count"] == 1
        assert options["trusted_proxy_headers"] == {"x-forwarded-proto", "x-forwarded-for"}
    else:
        assert "trusted_proxy" not in options
