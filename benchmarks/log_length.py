"""How the action round trip and the views grow with the length of a game's log.

One table on a real `companion serve`, no other load: set_counter actions posted one at a time
(HX-Request, as the table screen does), and at each checkpoint the table screen fragment and a
phone's fragment fetched a few times. Every step is timed in wall seconds and in the server's
CPU seconds (which other processes on a shared machine do not inflate).

    python benchmarks/log_length.py --checkpoints 0,100,300,600
"""

from __future__ import annotations

import argparse
import http.client
import json
import time
import urllib.parse

from benchlib import (
    HOST,
    HX,
    VERSION_RE,
    Server,
    add_run_options,
    cpu_seconds,
    create_game,
    hold_db,
    join_phone,
    join_secret,
    loadavg,
    percentile,
    prioritise,
    request,
    wait_quiet,
)

SAMPLES = 20


def timed(conn: http.client.HTTPConnection, pid: int, method: str, path: str, **kw):
    """One request on a kept-alive connection: wall and server CPU seconds, status, body."""
    cpu0, wall0 = cpu_seconds(pid), time.perf_counter()
    conn.request(method, path, **kw)
    response = conn.getresponse()
    body = response.read()
    return time.perf_counter() - wall0, cpu_seconds(pid) - cpu0, response.status, body


def main() -> None:
    """Grow one game's log and time actions and views at each checkpoint."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkpoints", default="0,100,300,600")
    parser.add_argument(
        "--hold-db", action="store_true", help="keep one idle games.db connection open"
    )
    add_run_options(parser)
    args = parser.parse_args()
    checkpoints = [int(c) for c in args.checkpoints.split(",")]
    results = []
    prioritise(args.nice)
    with Server(nice=args.nice, patches=args.patches) as server:
        server.start()
        game_id = create_game(server.port, "Log length", players=5)
        held = hold_db(server.data) if args.hold_db else None
        cookie = join_phone(server.port, game_id, join_secret(server.data, game_id), "s1")
        _, _, body = request(server.port, "GET", f"/games/{game_id}", headers=HX)
        version = int(VERSION_RE.search(body).group(1))
        conn = http.client.HTTPConnection(HOST, server.port, timeout=30)
        posted, value = 0, 5

        def post() -> tuple[float, float]:
            nonlocal version, value, posted
            value = 6 if value == 5 else 5
            form = {"type": "set_counter", "name": "food", "value": value, "version": version}
            wall, cpu, status, body = timed(
                conn,
                server.pid,
                "POST",
                f"/games/{game_id}/act",
                body=urllib.parse.urlencode(form),
                headers={**HX, "Content-Type": "application/x-www-form-urlencoded"},
            )
            assert status == 200, status
            version = int(VERSION_RE.search(body).group(1))
            posted += 1
            return wall, cpu

        for mark in checkpoints:
            while posted < mark:
                post()
            busy = wait_quiet(args.quiet, args.patience)
            row = {"log_rows": posted + 1, "loadavg": loadavg(), "busy_cores_before": busy}
            for label, run in (
                ("act", post),
                (
                    "table_fragment",
                    lambda: timed(conn, server.pid, "GET", f"/games/{game_id}", headers=HX)[:2],
                ),
                (
                    "phone_fragment",
                    lambda: timed(
                        conn,
                        server.pid,
                        "GET",
                        f"/phone/{game_id}",
                        headers={**HX, "Cookie": cookie},
                    )[:2],
                ),
            ):
                cpu0 = cpu_seconds(server.pid)
                pairs = [run() for _ in range(SAMPLES)]
                row[label] = {
                    "wall_p50_ms": percentile([w for w, _ in pairs], 50) * 1000,
                    # /proc counts CPU in 10 ms ticks: the mean over the batch is finer.
                    "cpu_mean_ms": (cpu_seconds(server.pid) - cpu0) / SAMPLES * 1000,
                }
            results.append(row)
            print(
                f"log rows {row['log_rows']:>4}: "
                + "; ".join(
                    f"{k} {row[k]['wall_p50_ms']:.1f} ms wall / {row[k]['cpu_mean_ms']:.1f} ms CPU"
                    for k in ("act", "table_fragment", "phone_fragment")
                )
                + f"  (others busy {busy:.2f} cores, load {row['loadavg']})"
            )
        conn.close()
        if held is not None:
            held.close()
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(json.dumps(results) + "\n")


if __name__ == "__main__":
    main()
