"""How log rows hold JSON: compact text for actions and steps, compressed states.

Every ``KEYFRAME_EVERY`` rows a state is stored whole (zlib-compressed JSON); a row in between
is compressed with its keyframe's JSON as zlib's preset dictionary, so it only pays for what
changed since. Any state is read back with at most two decompressions and no engine call.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

KEYFRAME_EVERY = 32
ZLIB_LEVEL = 6


def dumps(value: Any) -> str:
    """Compact JSON text with sorted keys."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def state_text(state: dict[str, Any]) -> bytes:
    """A state as the UTF-8 JSON bytes that get compressed."""
    return dumps(state).encode("utf-8")


def base_seq(seq: int) -> int | None:
    """The keyframe row a row is compressed against, or None when the row is a keyframe."""
    offset = (seq - 1) % KEYFRAME_EVERY
    return None if offset == 0 else seq - offset


def pack(text: bytes, base: bytes | None = None) -> bytes:
    """Compress a state's JSON bytes, against its keyframe's JSON bytes when given."""
    packer = zlib.compressobj(ZLIB_LEVEL, zdict=base) if base else zlib.compressobj(ZLIB_LEVEL)
    return packer.compress(text) + packer.flush()


def unpack(blob: bytes, base: bytes | None = None) -> bytes:
    """A state's JSON bytes back from ``pack`` (with the same keyframe bytes)."""
    unpacker = zlib.decompressobj(zdict=base) if base else zlib.decompressobj()
    return unpacker.decompress(blob) + unpacker.flush()


def unpack_row(blob: bytes, base_blob: bytes | None) -> dict[str, Any]:
    """A state from its stored blob and, for a row between keyframes, its keyframe's blob."""
    base = unpack(base_blob) if base_blob is not None else None
    return json.loads(unpack(blob, base))
