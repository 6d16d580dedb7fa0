"""Tables x devices on a real `companion serve`: propagation, action latency, throughput, RSS.

Every table is a 5-seat game with its table screen and one phone per seat, each holding one
event stream (/games/<id>/events) and fetching its own fragment on a newer version, as
static/live.js does. A load generator posts set_counter actions to the table screen's
POST /games/<id>/act (HX-Request, so the reply is the rendered screen) at a fixed rate spread
over the tables, one action in flight per table (an action falling due while its table's last
one is still in flight is skipped and counted, so no queue builds up past the server's
capacity and the achieved rate shows it). Each phase runs for a fixed time.

    python benchmarks/live_load.py --rates 5 --seconds 60
    python benchmarks/live_load.py --rates 10,20,40,60,80,100 --seconds 20 --fresh
    python benchmarks/live_load.py --rates 20,40,60,80,100,150 --seconds 20 --fresh --no-refetch
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
import urllib.parse
from dataclasses import dataclass
from typing import Any

from benchlib import (
    HX,
    VERSION_RE,
    Conn,
    Device,
    Server,
    Table,
    add_run_options,
    cpu_seconds,
    devices_for,
    first_at,
    fmt,
    loadavg,
    machine,
    make_tables,
    prioritise,
    rss_kb,
    summary_ms,
    wait_quiet,
)

CONNECT_TIMEOUT = 60.0
DRAIN_TIMEOUT = 60.0


@dataclass
class Record:
    """One posted action: its table, the version it made, when it was due, sent and answered."""

    table: Table
    version: int
    due: float
    sent: float
    answered: float
    status: int


async def act(table: Table, conn: Conn, due: float, records: list[Record]) -> None:
    """Post one set_counter action for the table at the version it last saw."""
    assert table.lock is not None
    async with table.lock:
        try:
            await post(table, conn, due, records)
        finally:
            table.busy = False


async def post(table: Table, conn: Conn, due: float, records: list[Record]) -> None:
    """The request of one action, and its record."""
    table.value = 6 if table.value == 5 else 5
    body = urllib.parse.urlencode(
        {"type": "set_counter", "name": "food", "value": table.value, "version": table.version}
    ).encode()
    sent = time.perf_counter()
    reply = await conn.request("POST", f"/games/{table.game_id}/act", HX, body)
    answered = time.perf_counter()
    match = VERSION_RE.search(reply.body)
    version = int(match.group(1)) if match else -1
    if reply.status == 200 and match:
        table.version = version
    records.append(Record(table, version, due, sent, answered, reply.status))


async def health(port: int) -> dict[str, Any]:
    """GET /health (open streams) over a fresh connection."""
    conn = Conn(port)
    try:
        reply = await conn.request("GET", "/health")
        return json.loads(reply.body)
    finally:
        conn.close()


def propagation(
    records: list[Record], devices: list[Device], attr: str, kinds: tuple[str, ...]
) -> dict[str, Any]:
    """For each answered action: seconds from its response until every device of ``kinds`` on
    its table had the version (0 when all had it first); plus how many never had it."""
    by_table: dict[str, list[Device]] = {}
    for device in devices:
        if device.kind in kinds:
            by_table.setdefault(device.table.game_id, []).append(device)
    after, before, missing = [], 0, 0
    for rec in records:
        if rec.status != 200:
            continue
        times = [first_at(getattr(d, attr), rec.version) for d in by_table[rec.table.game_id]]
        if any(t is None for t in times):
            missing += 1
            continue
        last = max(times)  # type: ignore[type-var]
        before += last <= rec.answered
        after.append(max(0.0, last - rec.answered))
    stats = summary_ms(after)
    stats.update(missing=missing, before_response=before)
    return stats


def from_sent(records: list[Record], devices: list[Device]) -> dict[str, float]:
    """Seconds from posting an action until every device of its table had its version event."""
    spans = []
    for rec in records:
        times = [first_at(d.events, rec.version) for d in devices if d.table is rec.table]
        if times and all(t is not None for t in times):
            spans.append(max(times) - rec.sent)  # type: ignore[type-var]
    return summary_ms(spans)


async def phase(
    server: Server,
    tables: list[Table],
    rate: float,
    seconds: float,
    refetch: bool,
    settle: float,
    quiet: tuple[float, float],
) -> dict[str, Any]:
    """Connect every device, post actions at ``rate`` for ``seconds``, then measure."""
    stop = asyncio.Event()
    devices = devices_for(server.port, tables, refetch=refetch)
    followers = [asyncio.create_task(d.follow(stop)) for d in devices]
    await asyncio.wait_for(asyncio.gather(*(d.connected.wait() for d in devices)), CONNECT_TIMEOUT)
    await asyncio.sleep(1.0)
    out: dict[str, Any] = {
        "rate": rate,
        "seconds": seconds,
        "refetch": refetch,
        "tables": len(tables),
        "devices": len(devices),
        "streams_open": (await health(server.port))["streams"],
        "rss_connected_kb": rss_kb(server.pid),
        "loadavg_before": loadavg(),
        "busy_cores_before": await asyncio.to_thread(wait_quiet, *quiet),
    }
    conns = {t.game_id: Conn(server.port) for t in tables}
    for table in tables:
        table.lock = asyncio.Lock()
    records: list[Record] = []
    pending = []
    skipped = 0
    cpu0, client0, start = cpu_seconds(server.pid), time.process_time(), time.perf_counter()
    k = 0
    while True:
        due = start + k / rate
        if due >= start + seconds:
            break
        wait = due - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        table = tables[k % len(tables)]
        k += 1
        if table.busy:
            skipped += 1  # its last action is still in flight: no queue builds up
            continue
        table.busy = True
        pending.append(asyncio.create_task(act(table, conns[table.game_id], due, records)))
    await asyncio.wait_for(asyncio.gather(*pending, return_exceptions=True), DRAIN_TIMEOUT)
    end = time.perf_counter()
    cpu1, client1 = cpu_seconds(server.pid), time.process_time()
    await asyncio.sleep(settle)
    out["rss_after_kb"] = rss_kb(server.pid)
    out["loadavg_after"] = loadavg()
    stop.set()
    for device in devices:
        device.close()
    for conn in conns.values():
        conn.close()
    await asyncio.wait_for(asyncio.gather(*followers, return_exceptions=True), DRAIN_TIMEOUT)

    ok = [r for r in records if r.status == 200]
    out["actions"] = {
        "posted": len(records),
        "ok": len(ok),
        "refused": len(records) - len(ok),
        "skipped_table_busy": skipped,
    }
    out["throughput"] = len(ok) / (end - start)
    out["server_cpu"] = (cpu1 - cpu0) / (end - start)
    out["client_cpu"] = (client1 - client0) / (end - start)
    out["server_cpu_ms_per_action"] = (cpu1 - cpu0) / max(1, len(ok)) * 1000
    out["latency"] = summary_ms([r.answered - r.sent for r in ok])
    out["latency_with_queue"] = summary_ms([r.answered - r.due for r in ok])
    out["event_all"] = propagation(records, devices, "events", ("table", "phone"))
    out["event_from_sent"] = from_sent(ok, devices)
    if refetch:
        out["view_all"] = propagation(records, devices, "views", ("table", "phone"))
        out["view_phones"] = propagation(records, devices, "views", ("phone",))
        out["view_table"] = propagation(records, devices, "views", ("table",))
        for kind in ("table", "phone"):
            times = [t for d in devices if d.kind == kind for t in d.fetch_times]
            out[f"fetch_{kind}"] = summary_ms(times)
    out["head_after"] = max(t.version for t in tables)
    out["errors"] = sorted({e for d in devices for e in d.errors})
    out["reply_codes"] = sorted({r.status for r in records})
    return out


def show(result: dict[str, Any]) -> None:
    """Print one phase's figures."""
    print(
        f"\n== rate {result['rate']}/s for {result['seconds']}s, {result['tables']} tables, "
        f"{result['devices']} devices (refetch={result['refetch']}), "
        f"streams open {result['streams_open']}"
    )
    print(
        f"other processes kept {result['busy_cores_before']:.2f} of 2 cores busy just before; "
        f"load average before {result['loadavg_before']}, after {result['loadavg_after']}"
    )
    print(f"actions {result['actions']} codes {result['reply_codes']}")
    print(
        f"throughput {result['throughput']:.1f}/s; server CPU {result['server_cpu']:.2f} cores, "
        f"load generator CPU {result['client_cpu']:.2f} cores; server CPU per action "
        f"(incl. its device fetches) {result['server_cpu_ms_per_action']:.1f} ms"
    )
    print(f"action round trip      {fmt(result['latency'])}")
    print(f"  incl. queueing       {fmt(result['latency_with_queue'])}")
    ev = result["event_all"]
    print(
        f"event, all 6 devices   {fmt(ev)} (missing {ev['missing']}, "
        f"before response {ev['before_response']})"
    )
    print(f"event, from POST sent  {fmt(result['event_from_sent'])}")
    for key, label in (
        ("view_all", "view, all 6 devices "),
        ("view_phones", "view, 5 phones      "),
        ("view_table", "view, table screen  "),
        ("fetch_table", "fetch table fragment"),
        ("fetch_phone", "fetch phone fragment"),
    ):
        if key in result:
            extra = f" (missing {result[key]['missing']})" if "missing" in result[key] else ""
            print(f"{label}   {fmt(result[key])}{extra}")
    print(
        f"RSS connected {result['rss_connected_kb']} kB, after {result['rss_after_kb']} kB; "
        f"head version {result['head_after']}; errors {result['errors']}"
    )


def main() -> None:
    """Run the phases and print (and optionally save) their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--rates", default="5", help="actions per second, comma separated")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--settle", type=float, default=2.0)
    parser.add_argument("--no-refetch", dest="refetch", action="store_false")
    parser.add_argument("--fresh", action="store_true", help="new tables for every rate")
    parser.add_argument(
        "--pin", action="store_true", help="server on CPU 0, load generator on CPU 1"
    )
    add_run_options(parser)
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    cpus = {0} if args.pin else None
    if args.pin:
        os.sched_setaffinity(0, {1})
    results = []
    prioritise(args.nice)
    with Server(cpus=cpus, nice=args.nice, patches=args.patches) as server:
        server.start()
        print(
            f"companion serve pid {server.pid} on 127.0.0.1:{server.port} "
            f"(ready in {server.ready_after:.2f}s)"
        )
        tables: list[Table] = []
        for rate in rates:
            if args.fresh or not tables:
                tables = make_tables(server, args.tables, args.players)
            result = asyncio.run(
                phase(
                    server,
                    tables,
                    rate,
                    args.seconds,
                    args.refetch,
                    args.settle,
                    (args.quiet, args.patience),
                )
            )
            result["pinned"] = args.pin
            result["nice"] = args.nice
            result["patches"] = args.patches
            show(result)
            results.append(result)
            time.sleep(1.5)  # the server notices closed streams within LIVE_POLL
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(json.dumps({"machine": machine(), "runs": results}) + "\n")


if __name__ == "__main__":
    main()
