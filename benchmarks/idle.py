"""Idle traffic of a device: bytes on its event stream while nothing happens, scaled to an hour.

Connects every device of the tables (default 20 x 6) to a real `companion serve`, lets them sit
idle for a while with no action, and counts the bytes each stream carried both ways (HTTP
request, response head, chunk framing, events and heartbeats) after its first event. A stream
ends on schedule after LIVE_LIFETIME (about 10 minutes) and the browser reconnects: that cost
is measured once (the bytes of a whole connect up to the first event) and added per hour.
The server's RSS with every device connected is read from /proc/<pid>/status.

    python benchmarks/idle.py --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

from benchlib import Server, devices_for, loadavg, make_tables, prioritise, rss_kb

LIFETIME = 600.0  # companion/web/events.py LIVE_LIFETIME; each stream lasts 0.9-1.0 of it
TCP_IP_HEADER = 52  # IPv4 (20) + TCP with timestamps (32) bytes per segment
CONNECT_TIMEOUT = 60.0


async def idle(server: Server, tables, seconds: float) -> dict:
    """Connect, wait for every first event, count bytes for ``seconds``, disconnect."""
    stop = asyncio.Event()
    devices = devices_for(server.port, tables, refetch=False)
    followers = [asyncio.create_task(d.follow(stop)) for d in devices]
    await asyncio.wait_for(asyncio.gather(*(d.connected.wait() for d in devices)), CONNECT_TIMEOUT)
    await asyncio.sleep(0.5)  # every first event is in
    connect_cost = [d.stream_bytes + d.stream_sent for d in devices]
    first_bytes = [d.stream_bytes for d in devices]
    beats0 = [d.heartbeats for d in devices]
    rss = rss_kb(server.pid)
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    idle_bytes = [d.stream_bytes - b for d, b in zip(devices, first_bytes, strict=True)]
    beats = [d.heartbeats - b for d, b in zip(devices, beats0, strict=True)]
    stop.set()
    for device in devices:
        device.close()
    await asyncio.wait_for(asyncio.gather(*followers, return_exceptions=True), CONNECT_TIMEOUT)
    mean_idle = sum(idle_bytes) / len(idle_bytes)
    mean_beats = sum(beats) / len(beats)
    per_hour_stream = mean_idle * 3600 / elapsed
    reconnects = 3600 / (LIFETIME * 0.95)
    per_connect = sum(connect_cost) / len(connect_cost)
    per_hour_app = per_hour_stream + reconnects * per_connect
    # Each heartbeat is one segment and its ACK; each reconnect about 10 segments (handshake,
    # request, ACKs, response head and first event, close).
    segments = mean_beats * 3600 / elapsed * 2 + reconnects * 10
    per_hour_wire = per_hour_app + segments * TCP_IP_HEADER
    return {
        "devices": len(devices),
        "seconds": elapsed,
        "rss_connected_kb": rss,
        "idle_bytes_mean": mean_idle,
        "idle_bytes_max": max(idle_bytes),
        "heartbeats_mean": mean_beats,
        "connect_bytes_mean": per_connect,
        "reconnects_per_hour": reconnects,
        "per_device_hour_app_bytes": per_hour_app,
        "per_device_hour_wire_bytes": per_hour_wire,
        "errors": sorted({e for d in devices for e in d.errors}),
        "loadavg": loadavg(),
    }


def main() -> None:
    """Run the idle measurement and print it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="niceness of server and load generator (e.g. -10 as root on a shared machine)",
    )
    parser.add_argument("--json", help="append the result to this file (JSON lines)")
    args = parser.parse_args()
    prioritise(args.nice)
    with Server(nice=args.nice) as server:
        server.start()
        tables = make_tables(server, args.tables, args.players)
        result = asyncio.run(idle(server, tables, args.seconds))
    print(
        f"{result['devices']} idle devices for {result['seconds']:.1f}s: "
        f"mean {result['idle_bytes_mean']:.0f} B (max {result['idle_bytes_max']}) and "
        f"{result['heartbeats_mean']:.1f} heartbeats per stream"
    )
    print(
        f"a connect (request, response head, first event) {result['connect_bytes_mean']:.0f} B, "
        f"{result['reconnects_per_hour']:.1f} reconnects an hour"
    )
    print(
        f"per device-hour: {result['per_device_hour_app_bytes'] / 1e6:.4f} MB of HTTP, "
        f"about {result['per_device_hour_wire_bytes'] / 1e6:.4f} MB with TCP/IP headers"
    )
    print(f"server RSS with {result['devices']} streams: {result['rss_connected_kb']}")
    print(f"errors {result['errors']}; load average {result['loadavg']}")
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
