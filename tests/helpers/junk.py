"""Junk for the engine's front door: any JSON-like value, nested a little (hypothesis)."""

from __future__ import annotations

from hypothesis import strategies as st_

JUNK = st_.recursive(
    st_.none()
    | st_.booleans()
    | st_.integers(min_value=-(2**70), max_value=2**70)
    | st_.floats(allow_nan=True)
    | st_.text(max_size=12)
    | st_.sampled_from(
        [
            *("s1", "s2", "s9", "table", "colony", "base.police-station", "base.brian-lee"),
            *("food", "blank", "bite", "kill", "roll", "morale", "waste", "false", "true", "", "1"),
        ]
    ),
    lambda inner: (
        st_.lists(inner, max_size=4)
        | st_.dictionaries(st_.text(max_size=6) | st_.sampled_from(["s1", "s2"]), inner, max_size=4)
    ),
    max_leaves=8,
)
