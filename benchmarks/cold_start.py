"""Cold start of `companion serve`: seconds from spawning the process to its first 200.

Each round spawns `companion serve --host 127.0.0.1` on a free port and polls every 5 ms:
first on a new, empty data folder (games.db created and migrated, secret key made), then on a
data folder already holding games. Both /health (the cheapest route) and / (the home page,
the first thing a person opens) are timed, in separate rounds. The file cache is warm (the
machine is shared; dropping caches would hurt others), so the first Python start of the day
on a laptop can be slower.

    python benchmarks/cold_start.py --rounds 5
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
from pathlib import Path

from benchlib import Server, add_run_options, loadavg, make_tables, prioritise, wait_quiet


def timed(path: str, data: Path | None, nice: int = 0) -> tuple[float, float]:
    """One spawn to first 200 on ``path``: wall seconds, and CPU seconds the server used by
    then (which other processes on the machine do not inflate); the data folder is kept when
    given."""
    server = Server(data=data, nice=nice)
    try:
        return server.start(path), server.cpu_at_ready
    finally:
        server.cleanup()


def main() -> None:
    """Time the rounds and print median and worst."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    add_run_options(parser, patches=False)
    args = parser.parse_args()
    prioritise(args.nice)
    kept = Path(tempfile.mkdtemp(prefix="companion-bench-kept-"))
    try:
        with Server(data=kept) as server:
            server.start()
            make_tables(server, 20, 5)
        results = {}
        for label, path, data in (
            ("empty data folder, /health", "/health", None),
            ("empty data folder, /", "/", None),
            ("20 games kept, /health", "/health", kept),
            ("20 games kept, /", "/", kept),
        ):
            busy = wait_quiet(args.quiet, args.patience)
            pairs = [timed(path, data, args.nice) for _ in range(args.rounds)]
            times = [wall for wall, _ in pairs]
            cpu = [used for _, used in pairs]
            results[label] = {"wall": times, "cpu": cpu, "busy_cores_before": busy}
            print(
                f"{label:<28} median {statistics.median(times):.2f}s  worst {max(times):.2f}s  "
                f"({', '.join(f'{t:.2f}' for t in times)}); server CPU by then median "
                f"{statistics.median(cpu):.2f}s; others busy {busy:.2f} cores; load {loadavg()}"
            )
    finally:
        shutil.rmtree(kept, ignore_errors=True)
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(json.dumps(results) + "\n")


if __name__ == "__main__":
    main()
