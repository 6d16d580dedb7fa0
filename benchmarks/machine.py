"""Print the machine the figures come from: cores, memory, Python, CPU model, load average.

python benchmarks/machine.py
"""

from __future__ import annotations

from benchlib import machine


def main() -> None:
    """Print the facts as Markdown-ready lines."""
    facts = machine()
    print(f"- nproc: {facts['nproc']}")
    print(f"- CPU: {facts['cpu']}")
    print(f"- Python: {facts['python']} (kernel {facts['kernel']})")
    print(f"- load average (1/5/15 min, running processes/total, last pid): {facts['loadavg']}")
    print("- free -h:")
    for line in facts["free"].splitlines():
        print(f"      {line}")


if __name__ == "__main__":
    main()
