"""`companion serve`: its options and waitress settings, and one real server stopped by Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
import waitress
from click.testing import CliRunner
from live_server import wait_until

from companion import SECRET_KEY_FILE, lan, paths
from companion.cli import main, terminal_qr
from companion.web import live


class FakeServer:
    """What waitress.create_server returns, minus the socket: run() returns at once."""

    def __init__(self, calls: list[dict], app, **kwargs) -> None:
        self.calls = calls
        calls.append({"app": app, "running": False, **kwargs})

    def run(self) -> None:
        self.calls[-1]["running"] = True


@pytest.fixture
def served(monkeypatch):
    """Replace waitress.create_server: record its arguments instead of binding a socket."""
    calls: list[dict] = []
    monkeypatch.setattr(waitress, "create_server", lambda app, **kw: FakeServer(calls, app, **kw))
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
    assert call["running"] is True
    assert call["host"] == "0.0.0.0"
    assert call["port"] == 8765
    # One table: 6 devices x 2 streams, the table screen, a TV sheet, and threads to spare.
    assert call["threads"] == 24
    assert call["app"].config["LIVE_MAX_STREAMS"] == live.stream_limit(24) >= 14
    assert 24 - live.stream_limit(24) >= 4
    assert call["connection_limit"] == 200
    assert call["channel_request_lookahead"] == 1
    assert call["asyncore_use_poll"] is True
    assert f"up to {live.stream_limit(24)} streams" in result.output
    assert call["clear_untrusted_proxy_headers"] is True
    assert call["ident"] == "companion"
    assert "http://127.0.0.1:8765/" in result.output
    assert "Phones join at: http://192.168.1.40:8765/j\n" in result.output
    assert call["app"].config["PUBLIC_URL"] == "http://192.168.1.40:8765/"
    assert "Warning" not in result.output
    assert result.output.rstrip().endswith("Stopped.")


def test_serve_prints_a_qr_code_of_the_join_page(served, adapters, tmp_path):
    result = run(["serve", "--data", str(tmp_path)])
    assert terminal_qr("http://192.168.1.40:8765/j") in result.output
    assert terminal_qr("http://192.168.1.40:8765/") not in result.output


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
    assert "Phones join at: http://table.lan:8000/j" in result.output
    assert served[0]["app"].config["PUBLIC_URL"] == "http://table.lan:8000/"
    assert terminal_qr("http://table.lan:8000/j") in result.output
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
    assert "Phones join at: http://127.0.0.1:8765/j" in result.output
    assert "phones cannot join" in result.output
    assert served


def test_serve_bound_to_loopback_warns(served, adapters, tmp_path):
    result = run(["serve", "--data", str(tmp_path), "--host", "127.0.0.1"])
    assert "phones cannot join" in result.output
    assert served[0]["host"] == "127.0.0.1"


def test_serve_default_data_is_the_instance_folder(served, adapters, monkeypatch, tmp_path):
    # paths.default_data_dir is instance/ in a clone (test_install.py); here it is this test's
    # own folder, so that no test writes the clone's instance/ (two workers would race on it).
    monkeypatch.setattr(paths, "default_data_dir", lambda: tmp_path / "instance")
    result = run(["serve"])
    assert result.exit_code == 0
    app = served[0]["app"]
    assert app.instance_path == str(tmp_path / "instance")


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

    monkeypatch.setattr(waitress, "create_server", lambda app, **kw: Interrupted(app, interrupted))
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

    monkeypatch.setattr(waitress, "create_server", lambda app, **kw: Interrupted(app, interrupted))
    result = CliRunner().invoke(main, ["serve", "--data", str(tmp_path)])
    assert result.exit_code == 0
    assert result.exception is None
    assert result.output.rstrip().endswith("Stopped.")


class Interrupted:
    """A server whose run() calls ``during(app)`` (a Ctrl-C)."""

    def __init__(self, app, during) -> None:
        self.app, self.during = app, during

    def run(self) -> None:
        self.during(self.app)


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


# --- a conventional command line (issue 18, point 8) ---


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    from importlib.metadata import version

    result = CliRunner().invoke(main, [flag])
    if flag == "-V":
        assert result.exit_code == 2  # not an option: only --version is
        return
    assert result.exit_code == 0
    assert result.output.strip() == f"companion, version {version('companion')}"


@pytest.mark.parametrize("args", [["-h"], ["serve", "-h"], ["cards", "-h"]])
def test_short_help(args):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage: ")


@pytest.mark.parametrize("port", ["0", "99999", "65536", "-1", "http"])
def test_serve_refuses_a_port_that_cannot_be(served, adapters, tmp_path, port):
    result = CliRunner().invoke(main, ["serve", "--data", str(tmp_path), "--port", port])
    assert result.exit_code == 2
    assert "--port" in result.output
    assert served == []


def test_the_default_port_is_not_airplays():
    from companion.cli import DEFAULT_PORT

    assert DEFAULT_PORT not in (5000, 7000) and 1024 < DEFAULT_PORT < 49152


def test_a_port_in_use_is_one_line_before_any_qr_code(adapters, tmp_path):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = CliRunner().invoke(
            main, ["serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path)]
        )
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert f"Port {port} is already in use" in lines[0] and "--port" in lines[0]
    assert "Traceback" not in result.output and "Phones join" not in result.output


SERVE = [sys.executable, "-m", "companion", "serve"]


def test_a_real_port_in_use_exits_1_with_one_line(tmp_path):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run(
            [*SERVE, "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"Port {port} is already in use (another companion, or another program): "
        f"start with another port, e.g. --port {port + 1}."
    ]


def test_serve_bound_to_one_address_answers_to_it(served, adapters, tmp_path):
    run(["serve", "--data", str(tmp_path), "--host", "10.9.8.7"])
    app = served[0]["app"]
    assert app.config["ALLOWED_HOSTS"] == ["10.9.8.7"]
    client = app.test_client()
    assert client.get("/", headers={"Host": "10.9.8.7:8765"}).status_code == 200
    assert client.get("/", headers={"Host": "rebind.evil.example:8765"}).status_code == 400


def test_tune_heap_is_gone():
    import companion.cli as cli

    assert not hasattr(cli, "tune_heap") and "ctypes" not in vars(cli)
