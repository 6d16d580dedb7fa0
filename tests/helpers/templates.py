"""Compiled templates shared by every test app of one test process (Jinja's own bytecode cache).

Each test makes its own app, and each app's Jinja environment would lex, parse and compile
every template it renders again. Jinja's bytecode cache keeps the compiled code of a template,
checked against the template's source, so a changed template is compiled afresh. Rendering
still happens per request: only the compiled code is shared, never markup.
"""

from __future__ import annotations

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket


def _plain(value: object) -> object:
    """A setting as a key: a function by its name (each app binds its own methods)."""
    return getattr(value, "__qualname__", value) if callable(value) else value


def _compiled_by(environment: Environment) -> str:
    """What the compiled code of a template depends on besides its source."""
    return repr(
        (
            sorted(environment.extensions),
            sorted((k, _plain(v)) for k, v in environment.policies.items()),
            _plain(environment.autoescape),
            environment.block_start_string,
            environment.variable_start_string,
            environment.comment_start_string,
            environment.line_statement_prefix,
            environment.line_comment_prefix,
            environment.trim_blocks,
            environment.lstrip_blocks,
            environment.newline_sequence,
            environment.keep_trailing_newline,
            environment.optimized,
        )
    )


class SharedBytecode(BytecodeCache):
    """An in-memory bytecode cache keyed by template, file and environment settings."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        """The bucket of ``name`` compiled under ``environment``'s settings."""
        return super().get_bucket(
            environment, f"{_compiled_by(environment)}\0{name}", filename, source
        )

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill ``bucket`` from the cache (the bucket drops it if the source changed)."""
        code = self.code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep ``bucket``'s freshly compiled code."""
        self.code[bucket.key] = bucket.bytecode_to_string()
