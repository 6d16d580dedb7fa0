"""Before and after, back to back in one run on the same machine: table.py's scenario against two
source trees in turn (before, after, before, after, ...), then one table of the six figures.

Samples are pooled over the rounds of each tree (p95 of every action, CPU over every action,
median of every cold start, mean idle traffic); the phone's first load (bytes, which do not
wander) is measured in the first round only. The load average is printed with every run: on
a shared machine the latencies move with it, the CPU per action and the bytes hardly.

    python benchmarks/compare.py --before ../before --after . [--rounds 3] [--json F]
    python benchmarks/compare.py --load F        # the table again from a saved run
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

from benchlib import machine
from table import TARGETS, add_options, details, figures, run, show_value

SHORT = {
    "view_p95_ms": "view p95 ms",
    "trip_p95_ms": "round trip p95 ms",
    "cpu_ms_per_action": "CPU ms/action",
    "first_load_kb": "first load kB",
    "idle_mb_per_device_hour": "idle MB/device-hour",
    "cold_start_s": "cold start s",
}


def uptime() -> str:
    """`uptime`'s line: the clock and the load averages."""
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def report(results: dict[str, list[dict]]) -> None:
    """The table of the six figures, and the load average at the start of every run."""
    before, after = figures(results["before"]), figures(results["after"])
    trees = {label: runs[0]["tree"] for label, runs in results.items() if runs}
    modes = {label: runs[0]["mode"] for label, runs in results.items() if runs}
    print(f"\nbefore = {trees.get('before')}, after = {trees.get('after')}; live modes {modes},")
    rounds, actions = len(results["after"]), results["after"][0]["actions"]
    print(f"{rounds} rounds of {actions} actions each, alternating; now: {uptime()}\n")
    print("| figure | target | before | after |")
    print("| --- | --- | --- | --- |")
    for key, (label, target, _) in TARGETS.items():
        print(
            f"| {label} | {target} | {show_value(key, before[key])} | "
            f"{show_value(key, after[key])} |"
        )
    print("\nEach run, with `uptime` at its start (load average over 1, 5, 15 min):\n")
    keys = list(TARGETS)
    print("| run | uptime | " + " | ".join(SHORT[k] for k in keys) + " |")
    print("| --- | --- |" + " --- |" * len(keys))
    for label, runs in results.items():
        for n, r in enumerate(runs, start=1):
            one = figures([r])
            start = r["uptime"][0].split("load average:")[-1].strip()
            cells = " | ".join(show_value(k, one[k]) for k in keys)
            print(f"| {label} {n} | {r['uptime'][0].split()[0]}, load {start} | {cells} |")


def main() -> None:
    """Run the rounds (or read them back with --load) and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, help="source tree before")
    parser.add_argument("--after", type=Path, help="source tree after")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--load", type=Path, help="print the table from a --json file instead")
    add_options(parser)
    parser.set_defaults(idle=45.0)
    args = parser.parse_args()
    results: dict[str, list[dict]] = {"before": [], "after": []}
    if args.load:
        for line in args.load.read_text().splitlines():
            saved = json.loads(line)
            results[saved["label"]].append(saved)
        report(results)
        return
    if not (args.before and args.after):
        parser.error("--before and --after are required (or --load)")
    facts = machine()
    print(f"machine: {facts['nproc']} cores, {facts['cpu']}, Python {facts['python']}")
    for n in range(args.rounds):
        for label, tree in (("before", args.before), ("after", args.after)):
            start = uptime()
            result = run(
                tree, args.actions, args.gap, args.idle, args.cold, args.browser and n == 0
            )
            result["uptime"] = [start, uptime()]
            results[label].append(result)
            print(f"\n-- round {n + 1}, {label}: {start}")
            print(details(result))
            if args.json:
                with open(args.json, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"label": label, "round": n + 1, **result}) + "\n")
    report(results)


if __name__ == "__main__":
    main()
