"""Shared fixtures: an app on a temporary instance folder and its test client."""

from __future__ import annotations

import pytest

from companion import create_app


@pytest.fixture
def app(tmp_path):
    """An app whose runtime data lives in a temporary folder."""
    return create_app({"TESTING": True, "GAMES_DB": str(tmp_path / "games.db")})


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()
