"""The new game a table chose on its form, checked and completed by the rules before any card is
dealt: the rulebook, variant and card sets, a special scenario's own rulebook, modules and sets
(000:871 Raxxon, 000:940 Bandits), and a main objective typed in from the box.

``chosen_setup`` takes the form's values as one plain dict (the shape ``web/newgame.py`` reads)
and answers the setup's options, or refuses one choice with ``ChoiceError``, which names the
form's field it is about. The seats and their survivors are the form's to read (a name typed
is matched against cards.db); the cards come from cards.db; ``new_game`` checks the rest.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from companion.engine.core.errors import Phrase, RuleError
from companion.engine.core.state import RULESETS, VARIANTS
from companion.engine.core.vocabulary import SIDE_NUMBERS
from companion.engine.scenarios import chapters as scenarios
from companion.engine.words.labels import SIDE_NUMBER_NAMES
from companion.engine.words.steps import N_

SURVIVOR_MODES = ("entered", "dealt")
"""How the survivors are chosen: typed in from the players' draws, or dealt by the companion."""
TYPED = "typed"
"""The form's objective value for a main objective typed in."""
TYPED_PREFIX = "typed."
"""The id of a typed-in main objective starts with it."""
LONG_NIGHT_SETS = ("long_night",)
"""The card sets of The Long Night's box: played with its rulebook, not with the base one."""
WHOLE = re.compile(r"[0-9]{1,6}")


class ChoiceError(RuleError):
    """A choice of the new game the rules refuse; ``field`` names the value it is about."""

    def __init__(self, key: str, template: str, /, **params: Any) -> None:
        """``key``: the key of the value refused ("name", "typed_morale", "scenario"...)."""
        super().__init__(template, **params)
        self.field = key


def set_rulesets(set_id: str) -> tuple[str, ...]:
    """The rulebooks a card set is played with: The Long Night's sets with its rulebook only,
    every other set (the base box, the companion's own) with either."""
    return ("long_night",) if set_id in LONG_NIGHT_SETS else ("base", "long_night")


def sets_for_ruleset(set_ids: Iterable[str], ruleset: str) -> list[str]:
    """The sets a game of this rulebook starts with ticked: those played with it."""
    return [s for s in set_ids if ruleset in set_rulesets(s)]


def typed_main_objective(
    name: str, numbers: Mapping[str, int], counts: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A main objective the table types in (one the database does not hold): name and numbers.

    The table types the numbers of the side it plays, so both sides carry them; ``new_game``
    checks each number. ``counts``: what the objective counts and how many per player
    (``{"what": "cards", "per_player": 2}``, objective_progress.check_counts); None for one the
    table answers yes or no.
    """
    clean = " ".join(str(name).split())
    slug = re.sub(r"[^a-z0-9]+", "-", clean.casefold()).strip("-") or "objective"
    side = {key: numbers[key] for key in SIDE_NUMBERS}
    return {
        "id": f"{TYPED_PREFIX}{slug}"[:120],
        "set": "",
        "name": clean,
        "time": "",
        "goal": "",
        "standard": {**side, "extra": ""},
        "hardcore": {**side, "extra": ""},
        "mature": False,
        "non_coop": False,
        "module": "",
        "counts": dict(counts) if counts else None,
    }


def _whole(text: str) -> int | None:
    """A whole number as typed (digits only), else None."""
    text = str(text).strip()
    return int(text) if WHOLE.fullmatch(text) else None


def typed_numbers(typed: Mapping[str, str]) -> dict[str, int]:
    """The typed-in main objective's setup numbers as whole numbers; the first that is not one
    is refused."""
    numbers = {}
    for key in SIDE_NUMBERS:
        number = _whole(typed.get(key, ""))
        if number is None:
            raise ChoiceError(
                f"typed_{key}",
                N_("{field} of the typed-in main objective must be a whole number."),
                field=Phrase(SIDE_NUMBER_NAMES[key]),
            )
        numbers[key] = number
    return numbers


def typed_counts(typed: Mapping[str, str]) -> dict[str, Any] | None:
    """What the typed-in main objective counts and how many per player, as typed
    (objective_progress.check_counts checks both); None when it counts nothing."""
    if not typed.get("counts"):
        return None
    per_player = _whole(typed.get("per_player", ""))
    if per_player is None:
        raise ChoiceError(
            "typed_per_player",
            N_(
                "Say how many the typed-in main objective needs for each player, as a whole number."
            ),
        )
    return {"what": typed["counts"], "per_player": per_player}


def chosen_scenario(value: str) -> dict[str, Any] | None:
    """The special scenario chosen ("raxxon:1"...), or None for none."""
    if not value:
        return None
    for chapter in scenarios.every_chapter():
        if value == scenario_value(chapter):
            return {"name": chapter["name"], "chapter": chapter["chapter"]}
    raise ChoiceError("scenario", N_("Choose a special scenario from the list, or none."))


def scenario_value(chapter: Mapping[str, Any]) -> str:
    """A chapter's value in the form: "raxxon:1"."""
    return f"{chapter['name']}:{chapter['chapter']}"


def main_objective(
    values: Mapping[str, Any], objectives: Collection[str], scenario: dict[str, Any] | None
) -> str | dict[str, Any]:
    """The main objective: a card id, the card the table typed in, or a scenario's special main
    objective, whose card is in the box, so its numbers are typed (000:878, 000:942)."""
    typed = values["typed"]
    if scenario is not None:
        code = scenarios.card_code(scenario["name"], scenario["chapter"])
        missing = [key for key in SIDE_NUMBERS if not str(typed.get(key, "")).strip()]
        if missing:
            raise ChoiceError(
                f"typed_{missing[0]}",
                N_(
                    "Special Main Objective {code} is in the box: type the setup numbers printed "
                    "on it in the main objective's typed-in row."
                ),
                code=code,
            )
        return typed_main_objective(code, typed_numbers(typed), typed_counts(typed))
    if values["objective"] == TYPED:
        if not typed["name"]:
            raise ChoiceError("typed_name", N_("Give the typed-in main objective a name."))
        return typed_main_objective(typed["name"], typed_numbers(typed), typed_counts(typed))
    if values["objective"] not in objectives:
        raise ChoiceError("objective", N_("Choose a main objective, or type one in."))
    return values["objective"]


def chosen_setup(
    values: Mapping[str, Any], *, sets: Collection[str], objectives: Collection[str]
) -> dict[str, Any]:
    """The new game's options from the form's ``values``: ``ruleset``, ``variant``,
    ``settings`` (sets, modules, player elimination, mature cards), ``main_objective``,
    ``deal_survivors`` and ``scenario`` (None for none); ``sets`` and ``objectives``: the ids
    cards.db holds. A special scenario plays The Long Night with its module on, and its card
    sets come along (scenarios.played_with)."""
    scenario = chosen_scenario(values["scenario"])
    ruleset, modules, wanted = values["ruleset"], list(values["modules"]), list(values["sets"])
    if scenario is not None:
        ruleset, modules = scenarios.played_with(scenario["name"], modules)
        wanted = [*wanted, *sets_for_ruleset(LONG_NIGHT_SETS, ruleset)]
    if not values["name"]:
        raise ChoiceError("name", N_("Give the game a name."))
    if ruleset not in RULESETS:
        raise ChoiceError("ruleset", N_("Choose a rulebook."))
    if values["variant"] not in VARIANTS:
        raise ChoiceError("variant", N_("Choose a variant."))
    if values["survivor_mode"] not in SURVIVOR_MODES:
        raise ChoiceError("survivor_mode", N_("Choose how the survivors are chosen."))
    chosen_sets = list(dict.fromkeys(s for s in wanted if s in sets))
    if not chosen_sets:
        raise ChoiceError("sets", N_("Choose at least one set of cards."))
    return {
        "ruleset": ruleset,
        "variant": values["variant"],
        "settings": {
            "sets": chosen_sets,
            "modules": modules,
            "player_elimination": bool(values["player_elimination"]),
            "mature": bool(values["mature"]),
            "noise_dice": "entered" if values.get("noise_entered") else "rolled",
        },
        "main_objective": main_objective(values, objectives, scenario),
        "deal_survivors": values["survivor_mode"] == "dealt",
        "scenario": scenario,
    }
