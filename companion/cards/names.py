"""Card names as a table types them: which cards a mistyped name may mean.

The new game form (web/newgame.py) finds a survivor by the name typed at the table; a name that
matches no card is answered with the closest names, so the table picks instead of guessing.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable

MAX_SUGGESTIONS = 3
CUTOFF = 0.75
"""How alike (difflib's ratio, 0-1) a name must be to be offered: "Jon Price" is 0.94 like
"John Price", "Price" shares a whole word with it."""


def folded(name: str) -> str:
    """A name compared without case, accents or extra spaces."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().split())


def close_names(typed: str, names: Iterable[str], most: int = MAX_SUGGESTIONS) -> list[str]:
    """The card names a mistyped ``typed`` may mean, most alike first: names sharing a whole word
    with it, then names alike letter by letter (difflib), at most ``most``, none for nonsense."""
    cards = {folded(n): n for n in names}
    wanted = folded(typed)
    if not wanted:
        return []
    words = set(wanted.split())
    by_word = [n for key, n in cards.items() if words & set(key.split())]
    alike = difflib.get_close_matches(wanted, list(cards), n=most, cutoff=CUTOFF)
    found = [cards[key] for key in alike]
    found += [n for n in by_word if n not in found]
    return found[:most]
