"""The Long Night's modules, one folder each (its record, rules, choices, hooks and sentences).

Each is installed by one line here: importing its ``hooks.py`` registers its functions with the
core's hooks (core/hooks.py), in the order of these lines. Removing a module's folder and its
line leaves the base game and the other modules as they were.
"""

from companion.engine.modules.bandits import hooks as bandits  # noqa: F401
from companion.engine.modules.improvements import hooks as improvements  # noqa: F401
from companion.engine.modules.raxxon import hooks as raxxon  # noqa: F401
