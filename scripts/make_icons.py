"""Draw the companion's home-screen icons and favicon into static/ (run once after a change).

The design is the companion's own: a six-spoked pale-blue snowflake on the table screen's dark
ground, with a red dot at its heart. The same shapes are written as static/favicon.svg; the
PNGs (192 and 512 px, and 16 and 32 px inside favicon.ico) are rasterised here with the
standard library only (4x4 samples per pixel).

    python scripts/make_icons.py
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
GROUND = (14, 17, 22)
FLAKE = (159, 211, 255)
HEART = (255, 107, 107)
SAMPLES = 4

# The shapes in a 100x100 box: a rounded square, six spokes with two twigs each, a dot.
RADIUS = 22
SPOKE = 36
WIDTH = 7.0
TWIG_AT, TWIG_LEN = 22, 11
DOT = 9


def segments() -> list[tuple[float, float, float, float]]:
    """The snowflake's strokes as (x1, y1, x2, y2), centred on (50, 50)."""
    out = []
    for k in range(6):
        a = math.radians(90 + 60 * k)
        dx, dy = math.cos(a), -math.sin(a)
        out.append((50, 50, 50 + SPOKE * dx, 50 + SPOKE * dy))
        bx, by = 50 + TWIG_AT * dx, 50 + TWIG_AT * dy
        for turn in (-45, 45):
            t = a + math.radians(turn)
            out.append((bx, by, bx + TWIG_LEN * math.cos(t), by - TWIG_LEN * math.sin(t)))
    return out


def near_segment(x: float, y: float, seg: tuple[float, float, float, float]) -> bool:
    """Whether (x, y) lies within half a stroke of a segment (round caps)."""
    x1, y1, x2, y2 = seg
    vx, vy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((x - x1) * vx + (y - y1) * vy) / (vx * vx + vy * vy)))
    px, py = x1 + t * vx, y1 + t * vy
    return (x - px) ** 2 + (y - py) ** 2 <= (WIDTH / 2) ** 2


def in_ground(x: float, y: float) -> bool:
    """Whether (x, y) lies inside the rounded square."""
    cx = min(max(x, RADIUS), 100 - RADIUS)
    cy = min(max(y, RADIUS), 100 - RADIUS)
    return (x - cx) ** 2 + (y - cy) ** 2 <= RADIUS**2


def colour_at(x: float, y: float, strokes: list) -> tuple[int, int, int, int]:
    """The RGBA colour of one sample point."""
    if not in_ground(x, y):
        return (0, 0, 0, 0)
    if (x - 50) ** 2 + (y - 50) ** 2 <= DOT**2:
        return (*HEART, 255)
    if any(near_segment(x, y, s) for s in strokes):
        return (*FLAKE, 255)
    return (*GROUND, 255)


def raster(size: int) -> bytes:
    """The icon as RGBA rows, each sample averaged over SAMPLES x SAMPLES points."""
    strokes = segments()
    scale = 100 / size
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # PNG filter: none
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    x = (i + (si + 0.5) / SAMPLES) * scale
                    y = (j + (sj + 0.5) / SAMPLES) * scale
                    r, g, b, a = colour_at(x, y, strokes)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3] / SAMPLES**2
            rgb = [round(c / acc[3]) if acc[3] else 0 for c in acc[:3]]
            rows.extend([*rgb, round(alpha)])
    return bytes(rows)


def png(size: int) -> bytes:
    """A PNG file of the icon at ``size`` pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raster(size), 9))
        + chunk(b"IEND", b"")
    )


def ico(images: dict[int, bytes]) -> bytes:
    """A .ico file holding PNG images by size."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def svg() -> str:
    """The same icon as SVG (the favicon modern browsers take)."""
    lines = "".join(
        f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}"/>'
        for x1, y1, x2, y2 in segments()
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" rx="{RADIUS}" fill="#{bytes(GROUND).hex()}"/>'
        f'<g stroke="#{bytes(FLAKE).hex()}" stroke-width="{WIDTH}" stroke-linecap="round">'
        f"{lines}</g>"
        f'<circle cx="50" cy="50" r="{DOT}" fill="#{bytes(HEART).hex()}"/></svg>\n'
    )


def main() -> None:
    """Write favicon.svg, favicon.ico, icon-192.png and icon-512.png into static/."""
    (STATIC / "favicon.svg").write_text(svg(), encoding="utf-8")
    (STATIC / "favicon.ico").write_bytes(ico({16: png(16), 32: png(32)}))
    for size in (192, 512):
        (STATIC / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
