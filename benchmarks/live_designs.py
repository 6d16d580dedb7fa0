"""The two designs of docs/live.md side by side: one table screen and five phones on a real
`companion serve`, the table screen posting actions one at a time.

(a) version: the stream says only "version N"; each phone behind it fetches its own fragment
    (what static/live.js and htmx's ``hx-trigger="sse:version"`` do). The table screen has its
    new view in its action's answer, so it fetches nothing.
(b) view: each stream carries its device's rendered fragment (benchmarks/patched_serve.py
    ``view_stream``; the stream asks for it with ``?view=<page>``), so no device fetches.

Figures per action: time from the action's answer until all six devices hold a view of the
new version, the server's CPU, and the bytes every device received (streams and fetches).

    python benchmarks/live_designs.py --actions 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from typing import Any

from benchlib import (
    VERSION_RE,
    Conn,
    Device,
    Server,
    add_run_options,
    cpu_seconds,
    devices_for,
    fmt,
    loadavg,
    make_tables,
    wait_quiet,
)
from live_load import Record, post, propagation

CONNECT_TIMEOUT = 30.0
SETTLE_TIMEOUT = 10.0


class ViewDevice(Device):
    """A device of design (b): its stream's events carry its whole view."""

    @property
    def stream_path(self) -> str:
        """The stream, asking for this device's own page as its events."""
        return f"{super().stream_path}?view={self.view_path}"

    def on_event(self, event: bytes, now: float, fetcher: Conn) -> None:
        """Record the view an event carries (its version is the one it shows)."""
        if event.startswith(b":"):
            self.heartbeats += 1
            return
        found = VERSION_RE.search(event)
        if found is None:
            return
        version = int(found.group(1))
        self.events.append((version, now))
        self.shown = self.latest = max(self.latest, version)
        self.views.append((self.shown, now))


async def run(port: int, table: Any, design: str, actions: int, pid: int) -> dict[str, Any]:
    """Connect the six devices, post ``actions`` actions one at a time, collect the figures."""
    devices = devices_for(port, [table])
    if design == "view":
        devices = [
            ViewDevice(port, d.table, d.kind, d.cookie, refetch=False, shown=d.shown)
            for d in devices
        ]
    else:
        for device in devices:
            device.refetch = device.kind == "phone"
    stop = asyncio.Event()
    tasks = [asyncio.create_task(d.follow(stop)) for d in devices]
    await asyncio.wait_for(asyncio.gather(*(d.connected.wait() for d in devices)), CONNECT_TIMEOUT)
    await asyncio.sleep(1.0)
    start_bytes = sum(d.stream_bytes + d.fetch_bytes for d in devices)
    conn = Conn(port)
    records: list[Record] = []
    table.lock = asyncio.Lock()
    cpu0 = cpu_seconds(pid)
    for _ in range(actions):
        await post(table, conn, time.perf_counter(), records)
        deadline = time.perf_counter() + SETTLE_TIMEOUT
        while time.perf_counter() < deadline and any(
            d.shown < table.version for d in devices if d.kind == "phone" or design == "view"
        ):
            await asyncio.sleep(0.002)
        await asyncio.sleep(0.05)
    cpu = cpu_seconds(pid) - cpu0
    for device in devices:
        if device.kind == "table" and design == "version":
            device.views = [(r.version, r.answered) for r in records]
    received = sum(d.stream_bytes + d.fetch_bytes for d in devices) - start_bytes
    stop.set()
    for device in devices:
        device.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    conn.close()
    answered = [r for r in records if r.status == 200]
    return {
        "design": design,
        "actions": len(answered),
        "to_every_view": propagation(records, devices, "views", ("table", "phone")),
        "cpu_ms_per_action": cpu / max(1, len(answered)) * 1000,
        "bytes_per_action": received / max(1, len(answered)),
        "errors": [e for d in devices for e in d.errors],
    }


def main() -> None:
    """Run both designs, each on its own fresh server, and print one table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=40)
    add_run_options(parser, patches=False)
    args = parser.parse_args()
    results = []
    for design, patches in (("version", ""), ("view", "view_stream")):
        with Server(patches=patches) as server:
            server.start()
            [table] = make_tables(server, 1)
            wait_quiet(args.quiet, args.patience)
            result = asyncio.run(run(server.port, table, design, args.actions, server.pid))
            result["loadavg"] = loadavg()
            results.append(result)
    print("| design | actions | answer -> every view (ms) | server CPU / action | bytes / action |")
    print("|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r['design']} | {r['actions']} | {fmt(r['to_every_view'])} "
            f"| {r['cpu_ms_per_action']:.1f} ms | {r['bytes_per_action']:.0f} |"
        )
    for r in results:
        if r["errors"]:
            print(r["design"], "errors:", r["errors"][:5])
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            for r in results:
                out.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
