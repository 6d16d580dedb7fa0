"""Installs like any Python tool (issue 18, point 7): the wheel carries templates, static files,
cards.db and the compiled translations; installed in a fresh venv (not editable) and started
from another folder, it serves the home page, the card browser and a static file."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from companion import paths

ROOT = Path(__file__).resolve().parent.parent


def test_a_clone_finds_its_files_beside_the_package():
    assert paths.project_root() == ROOT
    assert paths.in_clone()
    assert paths.default_data_dir() == ROOT / "instance"


def test_an_installed_package_finds_its_files_inside_it(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "companion"
    for folder in ("templates", "static"):
        (package / folder).mkdir(parents=True)
    monkeypatch.setattr(paths, "PACKAGE", package)
    monkeypatch.delenv("COMPANION_ROOT", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    assert paths.project_root() == package
    assert not paths.in_clone()
    if sys.platform.startswith("linux"):
        assert paths.default_data_dir() == tmp_path / "data-home" / "companion"


def test_nowhere_to_find_them_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "PACKAGE", tmp_path / "a" / "companion")
    monkeypatch.delenv("COMPANION_ROOT", raising=False)
    with pytest.raises(RuntimeError, match="COMPANION_ROOT"):
        paths.project_root()


def imported_distributions() -> set[str]:
    """The third-party top-level modules the package imports, anywhere in it."""
    import ast

    found = set()
    for source in (ROOT / "companion").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {name for name in found if name not in sys.stdlib_module_names} - {"companion"}


def test_every_imported_distribution_is_declared():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {d.split(">")[0].split("=")[0].split("<")[0].strip().lower() for d in declared}
    module_to_dist = {"flask_babel": "flask-babel", "flask_htmx": "flask-htmx"}
    module_to_dist |= {"sqlite_utils": "sqlite-utils", "flask_compress": "flask-compress"}
    module_to_dist |= {"backports": "backports.zstd"}
    # zstd is in the standard library from Python 3.14 (web/assets.py imports it there first).
    later_stdlib = {"compression"}
    needed = {module_to_dist.get(m, m).lower() for m in imported_distributions() - later_stdlib}
    assert needed - names == set(), "imported but not declared in pyproject.toml"
    assert {"click", "babel"} <= names


WHERE = "import companion.paths as p; print(p.project_root())"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(port: int, path: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
        return answer.status, answer.read()


@pytest.mark.install
@pytest.mark.skipif(os.name != "posix", reason="venv layout and SIGINT")
def test_the_wheel_installs_in_a_fresh_venv_and_serves_from_anywhere(tmp_path):
    dist = tmp_path / "dist"
    run = {"check": True, "capture_output": True, "text": True, "timeout": 400}
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(dist)],
        **run,
    )
    (wheel,) = dist.glob("companion-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "companion/templates/base.html",
        "companion/static/style.css",
        "companion/cards.db",
        "companion/translations/pt_BR/LC_MESSAGES/messages.mo",
    ):
        assert needed in names, needed
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], **run)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(wheel)], **run)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("COMPANION_ROOT", "PYTHONPATH")}
    env["XDG_DATA_HOME"] = str(tmp_path / "data-home")
    companion = str(venv / "bin" / "companion")
    version = subprocess.run([companion, "--version"], cwd=elsewhere, env=env, **run)
    assert version.stdout.strip() == "companion, version 0.1.0"
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", WHERE],
        cwd=elsewhere,
        env=env,
        **run,
    )
    assert Path(where.stdout.strip()).is_relative_to(venv), "files from the wheel, not the clone"
    port = free_port()
    server = subprocess.Popen(
        [companion, "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=elsewhere,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, body = get(port, "/")
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, server.communicate(timeout=5)
                assert time.monotonic() < deadline, "the installed companion did not answer"
                time.sleep(0.2)
        assert status == 200 and b"New game" in body
        status, body = get(port, "/cards")
        assert status == 200 and b"<html" in body
        status, body = get(port, "/static/style.css")
        assert status == 200 and body
        status, body = get(port, "/static/htmx-2.0.11.min.js")
        assert status == 200 and body
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/", headers={"Accept-Language": "pt-BR"}
        )
        with urllib.request.urlopen(request, timeout=5) as answer:
            assert "Nova partida" in answer.read().decode()
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=20)
    assert server.returncode == 0, err
    assert "Traceback" not in err
    assert (tmp_path / "data-home" / "companion" / "games.db").is_file()
    assert not (elsewhere / "instance").exists()
