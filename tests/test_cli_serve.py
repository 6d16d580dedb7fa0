"""`companion serve`: its options and waitress settings, and one real server stopped by Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import waitress
from click.testing import CliRunner
from live_server import wait_until

from companion import SECRET_KEY_FILE, lan
from companion.cli import main, terminal_qr
from companion.web import live


@pytest.fixture
def served(monkeypatch):
    """Replace waitress.serve: record its arguments instead of starting a server."""
    calls: list[dict] = []

    def fake_serve(app, **kwargs):
        calls.append({"app": app, **kwargs})

    monkeypatch.setattr(waitress, "serve", fake_serve)
    return calls


@pytest.fixture
def adapters(monkeypatch):
    """Make the machine's network interfaces whatever the test says."""
    found: list[tuple[str, str]] = [("lo", "127.0.0.1"), ("wlan0", "192.168.1.40")]
    monkeypatch.setattr(lan, "list_adapters", lambda: list(found))
    return found


def run(args):
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def test_cli_lists_commands():
    result = run(["--help"])
    assert result.exit_code == 0
    assert "serve" in result.output and "i18n" in result.output


def test_terminal_qr_is_a_block_of_text():
    art = terminal_qr("http://192.0.2.1:5000/")
    assert len(art.splitlines()) > 10


def test_serve_defaults(served, adapters, tmp_path):
    result = run(["serve", "--data", str(tmp_path)])
    assert result.exit_code == 0
    (call,) = served
    assert call["host"] == "0.0.0.0"
    assert call["port"] == 5000
    assert call["threads"] == 240
    assert call["connection_limit"] == 1000
    assert call["channel_request_lookahead"] == 1
    assert call["asyncore_use_poll"] is True
    assert call["app"].config["LIVE_MAX_STREAMS"] == 200
    assert "up to 200 devices" in result.output
    assert call["clear_untrusted_proxy_headers"] is True
    assert call["ident"] == "companion"
    assert "http://127.0.0.1:5000/" in result.output
    assert "Phones join at: http://192.168.1.40:5000/" in result.output
    assert call["app"].config["PUBLIC_URL"] == "http://192.168.1.40:5000/"
    assert "Warning" not in result.output
    assert result.output.rstrip().endswith("Stopped.")


def test_serve_prints_a_qr_code_of_the_phone_url(served, adapters, tmp_path):
    result = run(["serve", "--data", str(tmp_path)])
    assert terminal_qr("http://192.168.1.40:5000/") in result.output


def test_serve_options(served, adapters, tmp_path):
    data = tmp_path / "games"
    result = run(
        ["serve", "--host", "192.168.1.40", "--port", "8123", "--threads", "8", "--data", str(data)]
    )
    assert result.exit_code == 0
    (call,) = served
    assert (call["host"], call["port"], call["threads"]) == ("192.168.1.40", 8123, 8)
    app = call["app"]
    assert app.config["LIVE_MAX_STREAMS"] == 4
    assert app.instance_path == str(data.resolve())
    assert app.config["GAMES_DB"] == str(data.resolve() / "games.db")
    assert (data / SECRET_KEY_FILE).is_file()
    assert "http://127.0.0.1:8123/" in result.output
    assert app.config["PUBLIC_URL"] == "http://192.168.1.40:8123/"


@pytest.mark.parametrize("threads", [8, 16, 64, 240, 500])
def test_serve_keeps_threads_free_beyond_the_streams(served, adapters, tmp_path, threads):
    run(["serve", "--data", str(tmp_path), "--threads", str(threads)])
    (call,) = served
    streams = call["app"].config["LIVE_MAX_STREAMS"]
    assert call["threads"] == threads
    assert 0 < streams <= threads - 4
    assert threads - streams >= threads // 6
    assert call["connection_limit"] > threads


def test_serve_refuses_too_few_threads(served, adapters, tmp_path):
    result = CliRunner().invoke(main, ["serve", "--data", str(tmp_path), "--threads", "7"])
    assert result.exit_code == 2
    assert "--threads" in result.output
    assert served == []


def test_serve_url_overrides_the_phone_url(served, adapters, tmp_path):
    result = run(["serve", "--data", str(tmp_path), "--url", "http://table.lan:8000/"])
    assert result.exit_code == 0
    assert "Phones join at: http://table.lan:8000/" in result.output
    assert served[0]["app"].config["PUBLIC_URL"] == "http://table.lan:8000/"
    assert terminal_qr("http://table.lan:8000/") in result.output
    assert "192.168.1.40" not in result.output


def test_serve_refuses_a_url_that_is_not_http(served, adapters, tmp_path):
    result = CliRunner().invoke(main, ["serve", "--data", str(tmp_path), "--url", "table.lan"])
    assert result.exit_code == 2
    assert "http://" in result.output
    assert served == []


def test_serve_without_a_network_warns_that_phones_cannot_join(served, adapters, tmp_path):
    adapters[:] = [("lo", "127.0.0.1"), ("eth0", "169.254.9.9")]
    result = run(["serve", "--data", str(tmp_path)])
    assert result.exit_code == 0
    assert "Phones join at: http://127.0.0.1:5000/" in result.output
    assert "phones cannot join" in result.output
    assert served


def test_serve_bound_to_loopback_warns(served, adapters, tmp_path):
    result = run(["serve", "--data", str(tmp_path), "--host", "127.0.0.1"])
    assert "phones cannot join" in result.output
    assert served[0]["host"] == "127.0.0.1"


def test_serve_default_data_is_the_instance_folder(served, adapters):
    result = run(["serve"])
    assert result.exit_code == 0
    app = served[0]["app"]
    assert Path(app.instance_path).name == "instance"


def test_ctrl_c_ends_the_live_streams_before_waitress_stops(monkeypatch, adapters, tmp_path):
    seen = {}

    def interrupted(app, **kwargs):
        hub = live.hub(app)
        seen["before"] = hub.closing
        handler = signal.getsignal(signal.SIGINT)
        try:
            handler(signal.SIGINT, None)
        finally:
            seen["after"] = hub.closing

    monkeypatch.setattr(waitress, "serve", interrupted)
    previous = signal.getsignal(signal.SIGINT)
    try:
        result = CliRunner().invoke(main, ["serve", "--data", str(tmp_path)])
    finally:
        signal.signal(signal.SIGINT, previous)
    assert result.exit_code == 0, result.output
    assert seen == {"before": False, "after": True}
    assert result.output.rstrip().endswith("Stopped.")


def test_serve_says_stopped_after_ctrl_c(monkeypatch, adapters, tmp_path):
    def interrupted(app, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(waitress, "serve", interrupted)
    result = CliRunner().invoke(main, ["serve", "--data", str(tmp_path)])
    assert result.exit_code == 0
    assert result.exception is None
    assert result.output.rstrip().endswith("Stopped.")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_real_server_answers_and_stops_on_ctrl_c(tmp_path):
    port = free_port()
    data = tmp_path / "data"
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--port", str(port), "--data", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:

        def answered() -> int | None:
            """The home page's status once the server answers: None until then, -1 if it died."""
            if process.poll() is not None:
                return -1
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as answer:
                    return answer.status
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                return None

        status = wait_until(answered, 15, 0.1)
        assert status == 200, process.stderr.read() if process.poll() is not None else "no 200"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=5)
    assert process.returncode == 0, err
    assert "Traceback" not in out and "Traceback" not in err
    assert f"http://127.0.0.1:{port}/" in out
    assert out.rstrip().endswith("Stopped.")
    assert (data / SECRET_KEY_FILE).is_file()
