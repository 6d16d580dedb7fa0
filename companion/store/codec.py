"""How log rows hold JSON: compact text for actions and steps, compressed states.

Every ``KEYFRAME_EVERY`` rows a state is stored whole (zlib-compressed JSON). A row in between
stores only the top-level fields that differ from its keyframe's, compressed with the
keyframe's field values as zlib's preset dictionary, so a row pays for little more than what
changed. Reading any state takes two decompressions and no engine call. Every state read back
has its keys in sorted order (the JSON is written with sorted keys).
"""

from __future__ import annotations

import functools
import json
import zlib
from collections.abc import Callable
from typing import Any

KEYFRAME_EVERY = 32
ZLIB_LEVEL = 6

State = dict[str, Any]


def dumps(value: Any) -> str:
    """Compact JSON text with sorted keys."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def base_seq(seq: int) -> int | None:
    """The keyframe row a row is stored against, or None when the row is a keyframe."""
    offset = (seq - 1) % KEYFRAME_EVERY
    return None if offset == 0 else seq - offset


def pack(text: bytes, zdict: bytes | None = None) -> bytes:
    """zlib-compress bytes, with a preset dictionary when given."""
    packer = zlib.compressobj(ZLIB_LEVEL, zdict=zdict) if zdict else zlib.compressobj(ZLIB_LEVEL)
    return packer.compress(text) + packer.flush()


def unpack(blob: bytes, zdict: bytes | None = None) -> bytes:
    """The bytes back from ``pack`` (given the same dictionary)."""
    unpacker = zlib.decompressobj(zdict=zdict) if zdict else zlib.decompressobj()
    return unpacker.decompress(blob) + unpacker.flush()


def dictionary(keyframe: State, text: Callable[[str, Any], str] | None = None) -> bytes:
    """A keyframe's field values as one zlib dictionary, largest first.

    zlib only looks back 32 KB, so the small fields that change often go last, where a row can
    still refer to them; a large field that never changes is not in any row at all.
    ``text(key, value)`` writes a field as ``dumps`` does (default: ``dumps``).
    """
    pairs = keyframe.items()
    texts = [text(k, v) for k, v in pairs] if text else [dumps(v) for _, v in pairs]
    return "\n".join(sorted(texts, key=len, reverse=True)).encode("utf-8")


@functools.lru_cache(maxsize=16)
def keyframe_dictionary(keyframe_blob: bytes) -> bytes:
    """The dictionary of a stored keyframe, kept for the next rows (bytes: nothing to mutate)."""
    return dictionary(keyframe_state(keyframe_blob), field_text)


_field_texts: dict[str, tuple[Any, str]] = {}
"""The last field written by ``field_text`` under each name, with its text."""


def field_text(key: str, value: Any) -> str:
    """``dumps(value)``, written once for a value that is the very object written last under
    ``key`` (``keyframe_state`` makes equal fields of keyframes one object: the card catalogue
    of 100 KB is written once, not once per game and keyframe)."""
    seen = _field_texts.get(key)
    if seen is not None and seen[0] is value:
        return seen[1]
    text = dumps(value)
    _field_texts[key] = (value, text)
    return text


@functools.lru_cache(maxsize=64)
def keyframe_state(keyframe_blob: bytes) -> State:
    """A stored keyframe's state, decoded once for the next rows written against it.

    Only ``encode`` reads it, and never changes it: ``decode`` gives every reader its own copy.
    A field equal to the one of the keyframe decoded before is that same object (the card
    catalogue, the largest field, is the same in nearly every game), so the kept keyframes
    cost little more memory than their changing fields.
    """
    state = json.loads(unpack(keyframe_blob))
    for key, value in state.items():
        seen = _last_fields.get(key)
        if seen is not None and seen == value:
            state[key] = seen
        else:
            _last_fields[key] = value
    return state


_last_fields: dict[str, Any] = {}
"""Each field of the keyframe ``keyframe_state`` decoded last (read-only, like the states)."""


def encode(state: State, keyframe_blob: bytes | None = None) -> bytes:
    """A state as stored: whole for a keyframe, else its differences from the stored keyframe."""
    if keyframe_blob is None:
        return pack(dumps(state).encode("utf-8"))
    keyframe = keyframe_state(keyframe_blob)
    delta = {
        "changed": {k: v for k, v in state.items() if k not in keyframe or keyframe[k] != v},
        "removed": sorted(k for k in keyframe if k not in state),
    }
    return pack(dumps(delta).encode("utf-8"), keyframe_dictionary(keyframe_blob))


def decode(blob: bytes, keyframe_blob: bytes | None = None) -> State:
    """A state back from ``encode`` (given the same stored keyframe)."""
    if keyframe_blob is None:
        return json.loads(unpack(blob))
    delta = json.loads(unpack(blob, keyframe_dictionary(keyframe_blob)))
    merged = {k: v for k, v in decode(keyframe_blob).items() if k not in delta["removed"]}
    merged.update(delta["changed"])
    return {k: merged[k] for k in sorted(merged)}
