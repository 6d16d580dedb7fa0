"""The Long Night's special scenarios: Raxxon R1-R3 and Bandit Blitz B1-B3, as data and rules.

Long Night 000:863-1002 ("The Long Night Special Scenarios"; pt-BR 001:2300-2660). Each
scenario is played through three chapters; a chapter is the special main objective card on the
colony board. Completing it at colony step 5 does not end the game (RULES.md ruling): the table
reads the rulebook's section for that moment and does what it says, and at the beginning of
the next round the next chapter's card takes its place. Completing the last chapter wins.

The story text is the publisher's: the companion names where it is printed
(``labels.CHAPTER_SECTIONS``) and tells the table's tasks by hand in its own words (``TASKS``,
``labels.SCENARIO_TASKS``). This module owns the framework: which chapter, when it begins,
what to read aloud and who reads it, the Bandit Betrayal objective replacing the random
betrayal card (000:944), and the last chapter's win. A module's own pieces (Raxxon's
barricades, dice, survivors and experiments; the bandit rules in play, the food, the Hideout)
are changed by the modules' hooks (core/hooks.py: ``chapter_begins``, ``chapter_reader``,
``sealed_at_setup``), called with the chapter's card code ("R1"... "B3"): this module names
no module's function.

State: ``state["scenario"]`` is ``{"name", "chapter", "completed"}``, only in a game that
plays a scenario (docs/state.md): other games' states, and their digests, stay as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.core import dealing, hooks
from companion.engine.core.errors import RuleError, shown, words
from companion.engine.core.morale import end_game
from companion.engine.core.state import State, survivors_of, voters
from companion.engine.scenarios import named
from companion.engine.scenarios.special_exile import (
    BANDIT_BETRAYAL_KIND,
    special_exile_phase_begins,
)
from companion.engine.words.labels import MODULE_NAMES, SCENARIO_NAMES
from companion.engine.words.steps import N_, Step, step

SCENARIOS: dict[str, dict[str, Any]] = {
    "raxxon": {"module": "raxxon", "letter": "R", "lines": "000:867-934"},
    "bandit_blitz": {"module": "bandits", "letter": "B", "lines": "000:936-1002"},
}
"""Each scenario: the module it needs (000:871, 000:940), its cards' letter and its lines."""
CHAPTER_COUNT = 3
"""Each scenario has three special main objectives (R1-R3, B1-B3)."""

TASKS: dict[tuple[str, int], tuple[str, ...]] = {
    ("raxxon", 1): ("set_aside_blue_emma", "emma_joins", "no_pills_yet"),
    ("raxxon", 2): ("blue_joins", "pills_now"),
    ("raxxon", 3): (),
    ("bandit_blitz", 1): ("hospital_gift",),
    ("bandit_blitz", 2): (),
    ("bandit_blitz", 3): (),
}
"""What the table does by hand when a chapter begins (chapter 1: at setup; later ones: when
the one before is completed), in the order of the rulebook's section; words in
``labels.SCENARIO_TASKS``. What the engine changes itself is its module's hook's step instead
(sealing and opening Raxxon, its dice, survivors and experiments; the bandit rules in play,
the food, the highest influence's death, the lowest-influence human's wound and way home; the
reader, ``READERS``; the named survivors and R1's completion steps, ``named``: its
``TASKS_DONE_HERE`` leave this list once their survivors' cards are given; B2's special
exile phase, special_exile.py). R1 000:873-884;
R2 000:892-906; B1 000:949-954; B2 000:962-972; B3 000:980-990."""


# --- looking the facts up ---


def every_chapter() -> list[dict[str, Any]]:
    """Every scenario chapter a table may start at, in book order: name, chapter, card code."""
    return [
        {"name": name, "chapter": n, "code": card_code(name, n)}
        for name in SCENARIOS
        for n in range(1, CHAPTER_COUNT + 1)
    ]


def scenario_of(st: State) -> dict[str, Any] | None:
    """The scenario being played, or None (a game without one has no ``scenario`` key)."""
    return st.get("scenario")


def card_code(name: str, chapter: int) -> str:
    """The special main objective card's code: "R1"... "B3" (000:878, 000:942)."""
    return f"{SCENARIOS[name]['letter']}{chapter}"


def modules_needed(name: str) -> list[str]:
    """The modules a scenario turns on (000:871 Raxxon, 000:940 Bandits)."""
    return [SCENARIOS[name]["module"]]


def played_with(name: str, modules: list[str]) -> tuple[str, list[str]]:
    """The rulebook and modules a scenario is set up with: The Long Night, the table's chosen
    modules and the scenario's own (000:871 Raxxon, 000:940 Bandits)."""
    return "long_night", [*modules, *(m for m in modules_needed(name) if m not in modules)]


def fewest_survivors_reader(st: State) -> dict[str, Any] | None:
    """The player who reads R1's completion: fewest survivors in their following; on a tie,
    the one controlling the survivor with the highest influence among them (000:886)."""
    players = [s for s in voters(st) if survivors_of(st, s["id"])]
    if not players:
        return None
    fewest = min(len(survivors_of(st, s["id"])) for s in players)
    tied = [s for s in players if len(survivors_of(st, s["id"])) == fewest]
    return max(tied, key=lambda s: max(v["influence"] for v in survivors_of(st, s["id"])))


SPECIAL_PHASES: dict[tuple[str, int], Callable[[State, list[Step]], None]] = {
    ("bandit_blitz", 2): special_exile_phase_begins,
}
"""A phase the players play when a chapter is completed, after its section's changes: B2's
special exile phase (000:982-992, special_exile.py)."""


def module_reader(code: str) -> Callable[[State], dict[str, Any] | None]:
    """The reader of the chapter ``code`` as its module's ``chapter_reader`` hook names them."""
    return lambda st: hooks.first("chapter_reader", st, code)


READERS: dict[tuple[str, int], Callable[[State], dict[str, Any] | None]] = {
    ("raxxon", 1): fewest_survivors_reader,
    ("bandit_blitz", 1): module_reader("B1"),
}
"""Whose player reads a completed chapter's section aloud and follows it, where the book names
one: R1's (000:886) and B1's (the Bandits module's, 000:958); the ``chapter_completed`` step's
``reader``."""


# --- setup ---


def check_scenario(raw: Any, ruleset: str, modules: list[str]) -> dict[str, Any] | None:
    """The setup's ``scenario`` ({"name", "chapter"}) checked against the rulebook and the
    modules in play: a Long Night scenario set up with its module (000:871, 000:940)."""
    if raw is None:
        return None
    if ruleset != "long_night":
        raise RuleError(N_("the special scenarios are played by The Long Night's rules"))
    if not isinstance(raw, dict) or set(raw) - {"name", "chapter"}:
        raise RuleError(N_("a scenario is a record with a name and a chapter"))
    name, chapter = raw.get("name"), raw.get("chapter", 1)
    if not isinstance(name, str) or name not in SCENARIOS:
        raise RuleError(
            N_("scenario must be one of {known}, not {scenario}"),
            known=", ".join(SCENARIOS),
            scenario=shown(name),
        )
    if (
        not isinstance(chapter, int)
        or isinstance(chapter, bool)
        or chapter not in range(1, CHAPTER_COUNT + 1)
    ):
        raise RuleError(
            N_("a scenario's chapter is 1, 2 or 3, not {chapter}"), chapter=shown(chapter)
        )
    missing = [m for m in modules_needed(name) if m not in modules]
    if missing:
        raise RuleError(
            N_("the {scenario} scenario needs the {module} module"),
            scenario=words(SCENARIO_NAMES, name),
            module=words(MODULE_NAMES, missing[0]),
        )
    return {"name": name, "chapter": chapter}


def betrayal_for(setup: dict[str, Any], scenario: dict[str, Any] | None) -> str | None:
    """The betrayal objective to deal: the table's ``betrayal_id``; in Bandit Blitz, the
    Bandit Betrayal objective instead of a random betrayal card (000:944).

    Only when secret objectives are dealt (a list given, not co-op or 2-player, 000:614).
    """
    given = setup.get("betrayal_id")
    if scenario is None or scenario["name"] != "bandit_blitz" or given is not None:
        return given
    if dealing.is_coop(setup.get("variant", "standard")):
        return None
    objectives = setup.get("objectives")
    if not isinstance(objectives, list | tuple):
        return None
    for card in objectives:
        if isinstance(card, dict) and card.get("kind") == BANDIT_BETRAYAL_KIND:
            return card.get("id")
    raise RuleError(N_("Bandit Blitz needs the Bandit Betrayal secret objective among the cards"))


def chapter_objective(main: dict[str, Any], name: str, chapter: int) -> dict[str, Any]:
    """The main objective kept in the state for a chapter: the special card's code as its name
    (the screens add our summary, ``labels.CHAPTER_TITLES``); the setup numbers the table typed
    from the card stay. The goal is the card's: the companion has no text of it."""
    code = card_code(name, chapter)
    return {
        **main,
        "id": f"scenario.{code.lower()}",
        "name": code,
        "goal": "",
        "time": "",
    }


def set_up_scenario(
    st: State,
    steps: list[Step],
    scenario: dict[str, Any] | None,
    betrayal: str | None,
    set_aside: Any = None,
) -> None:
    """Start a scenario at its chosen chapter (mutating helper, called by ``new_game``, whose
    main objective is already the chapter's card, ``chapter_objective``).

    Chapter 1 follows the scenario's setup (Raxxon 000:871-884, Bandit Blitz 000:940-956); a
    later chapter starts with the earlier chapters' sections already followed. ``set_aside``:
    the named survivors' cards a Raxxon scenario sets aside (000:874, ``named``).
    """
    if scenario is None:
        return
    name, chapter = scenario["name"], scenario["chapter"]
    st["scenario"] = {"name": name, "chapter": chapter, "completed": False}
    steps.append(
        step("scenario_set_up", scenario=name, chapter=chapter, code=card_code(name, chapter))
    )
    if betrayal is not None and name == "bandit_blitz":
        steps.append(step("bandit_betrayal_dealt"))
    if name == "raxxon":
        named.set_aside_named_survivors(st, steps, set_aside)
    _tell_tasks(st, steps, name, chapter)
    module_setup(st, steps, name, chapter)


def sealed_at_setup(st: State, scenario: dict[str, Any] | None) -> set[str]:
    """The locations a starting chapter seals before setup's zombies come, as its module's
    ``sealed_at_setup`` hook says (Raxxon at R1, 000:873): no setup zombie goes there."""
    if scenario is None:
        return set()
    code = card_code(scenario["name"], scenario["chapter"])
    return set().union(*hooks.each("sealed_at_setup", st, code))


def _tell_tasks(st: State, steps: list[Step], name: str, chapter: int) -> None:
    """One step per thing the table does by hand as the chapter begins (``TASKS``)."""
    for task in named.tasks_left_to_table(st, TASKS[(name, chapter)]):
        steps.append(step("scenario_task", scenario=name, chapter=chapter, task=task))


def module_setup(st: State, steps: list[Step], name: str, chapter: int) -> None:
    """Let the scenario's module set its own pieces for a chapter that begins: the modules'
    ``chapter_begins`` hook, called with the chapter's card code ("R1"... "B3").

    Called by ``new_game`` with the starting chapter, and when chapter N is completed with N+1
    (the moment the rulebook's section is followed; the card itself changes next round).
    """
    hooks.each("chapter_begins", st, steps, card_code(name, chapter))


# --- colony step 5 and the next round ---


def objective_met_means(st: State) -> dict[str, Any]:
    """What "the main objective is met" does at colony step 5, for the table's answer.

    Without a scenario, or at its last chapter, the game ends (002:1621; R3 000:934). At an
    earlier chapter the game goes on: its section is read now and the next chapter's card
    comes next round (R1 000:886-906, R2 000:908-927, B1 000:958, B2 000:976). ``outcome`` is
    "game_ends" or "next_chapter"; ``code`` and ``next_code`` name the cards.
    """
    sc = scenario_of(st)
    if sc is None or sc["chapter"] == CHAPTER_COUNT:
        return {"outcome": "game_ends"}
    name, chapter = sc["name"], sc["chapter"]
    return {
        "outcome": "next_chapter",
        "code": card_code(name, chapter),
        "next_code": card_code(name, chapter + 1),
    }


def next_card_comes(st: State) -> bool:
    """Whether a completed chapter's next card comes next round (000:904, 000:928, 000:974,
    000:994): not once the game is over, as when the betrayer wins at B2 (000:986)."""
    sc = scenario_of(st)
    return bool(sc and sc["completed"] and not st.get("ended") and sc["chapter"] < CHAPTER_COUNT)


def complete_chapter(st: State, steps: list[Step]) -> bool:
    """The main objective met at colony step 5, in a scenario (mutating helper): returns
    False when no scenario is played (the game ends as usual).

    The last chapter's completion ends the game with the colony's win (000:934). Otherwise the
    chapter is marked completed and the table reads its section (000:886, 000:913, 000:958,
    000:976): the engine does the changes it tracks, tells the rest, and the next chapter's
    card comes at the beginning of the next round (``begin_next_chapter``).
    """
    sc = scenario_of(st)
    if sc is None:
        return False
    name, chapter = sc["name"], sc["chapter"]
    if sc["completed"]:
        return True
    last = chapter == CHAPTER_COUNT
    fields: dict[str, Any] = {}
    reader = None
    if (name, chapter) in READERS:
        reader = READERS[(name, chapter)](st)
        fields = {"reader": reader["id"] if reader else None}
    steps.append(
        step(
            "chapter_completed",
            scenario=name,
            chapter=chapter,
            code=card_code(name, chapter),
            next_code="" if last else card_code(name, chapter + 1),
            last=last,
            **fields,
        )
    )
    if last:
        end_game(st, steps, "main_objective")
        return True
    sc["completed"] = True
    _tell_tasks(st, steps, name, chapter + 1)
    module_setup(st, steps, name, chapter + 1)
    if (name, chapter) == ("raxxon", 1):
        named.r1_completion_opens(st, steps, reader)
    if SPECIAL_PHASES.get((name, chapter)):
        SPECIAL_PHASES[(name, chapter)](st, steps)
    return True


def begin_next_chapter(st: State, steps: list[Step]) -> None:
    """At the beginning of the next round the completed chapter's card leaves the game and the
    next one goes on the colony board (000:904, 000:927, 000:974, 000:994): no module changes
    anything at that moment (the Hideout empties at the end of B2's special exile phase,
    000:992, special_exile.py). What the completed card counted (typed in with it) leaves with
    it: the table answers the next card's check yes or no."""
    sc = scenario_of(st)
    if sc is None or not sc["completed"]:
        return
    name = sc["name"]
    sc["chapter"] += 1
    sc["completed"] = False
    st["main_objective"] = chapter_objective(st["main_objective"], name, sc["chapter"])
    st["main_objective"].update(counts=None, progress=0)
    steps.append(
        step(
            "chapter_began",
            scenario=name,
            chapter=sc["chapter"],
            previous=card_code(name, sc["chapter"] - 1),
            code=card_code(name, sc["chapter"]),
            last=sc["chapter"] == CHAPTER_COUNT,
        )
    )
