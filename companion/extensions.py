"""The Flask extensions the app and its blueprints share: htmx request details and Babel."""

from __future__ import annotations

from flask_babel import Babel
from flask_htmx import HTMX

htmx = HTMX()
babel = Babel()
