"""The Long Night's modules, one folder each (its record, rules, choices, hooks and sentences),
each registered here with the core's hooks (core/hooks.py) by one line."""

from companion.engine.core import hooks
from companion.engine.modules.bandits.hooks import HOOKS as BANDITS
from companion.engine.modules.improvements.hooks import HOOKS as IMPROVEMENTS
from companion.engine.modules.raxxon.hooks import HOOKS as RAXXON

hooks.register("bandits", **BANDITS)
hooks.register("improvements", **IMPROVEMENTS)
hooks.register("raxxon", **RAXXON)
