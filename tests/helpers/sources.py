"""The engine's source files, found through the package and parsed as they were written.

Found through ``companion.engine``'s own folder, never a fixed path, so a test reads the copy
the tests import (a mutation tool runs them on a copy of the package). Such a tool's extra
copies of a function (mutmut's ``x_name__mutmut_3``) are left out of the parsed tree: a test
that reads the source sees each function once, as written (mutmut keeps it as
``x_name__mutmut_orig``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import companion.engine as engine

ENGINE = Path(engine.__file__).resolve().parent
"""The folder of the engine package the tests import."""
MUTANT = re.compile(r"__mutmut_\d+$")
"""The name of a mutation tool's changed copy of a function."""


def _without_mutants(body: list[ast.stmt]) -> list[ast.stmt]:
    """A module's or class's statements without the mutated copies of its functions."""
    kept = []
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and MUTANT.search(node.name):
            continue
        if isinstance(node, ast.ClassDef):
            node.body = _without_mutants(node.body)
        kept.append(node)
    return kept


def parsed(path: Path) -> ast.Module:
    """One source file's syntax tree, as written."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    tree.body = _without_mutants(tree.body)
    return tree


def engine_sources(pattern: str = "*.py") -> list[tuple[Path, ast.Module]]:
    """Every engine source file matching ``pattern`` (in its subfolders too), parsed."""
    return [(path, parsed(path)) for path in sorted(ENGINE.rglob(pattern))]
