"""The Long Night's special scenarios: Raxxon R1-R3 and Bandit Blitz B1-B3, as data and rules.

Long Night 000:863-1002 ("The Long Night Special Scenarios"; pt-BR 001:2300-2660). Each
scenario is played through three chapters; a chapter is the special main objective card on the
colony board. Completing it at colony step 5 does not end the game (RULES.md ruling): the table
reads the rulebook's section for that moment and does what it says, and at the beginning of
the next round the next chapter's card takes its place. Completing the last chapter wins.

The story text is the publisher's: the companion names where it is printed (``SECTIONS``) and
tells the table's tasks in its own words (``labels.SCENARIO_TASKS``). The engine does the
changes to pieces it tracks: barricades on Raxxon (000:873), survivors sent home (000:917,
000:996), the food supply emptied (000:962), the number of experiments to draw (000:930) and the
Bandit Betrayal objective replacing the random betrayal card (000:944). A module's own pieces
(Raxxon's dice and experiments, the bandits) are set by its module: ``setup_chapter(st, steps,
chapter)`` in ``companion.engine.<module>``, looked up by ``module_setup`` when present.

State: ``state["scenario"]`` is ``{"name", "chapter", "completed", "sealed"}``, only in a game
that plays a scenario (docs/state.md): other games' states, and their digests, stay as they were.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from companion.engine import dealing
from companion.engine.errors import RuleError, shown, words
from companion.engine.labels import MODULE_NAMES, SCENARIO_NAMES
from companion.engine.morale import end_game
from companion.engine.state import COLONY, State, survivors_at, survivors_of, voters
from companion.engine.steps import N_, Step, step

RAXXON = "long_night.raxxon"
"""The Raxxon location's card id (cards/long_night/locations.toml)."""
HIDEOUT = "long_night.bandits-hideout"
"""The Bandits' Hideout's card id (cards/long_night/locations.toml)."""
BANDIT_BETRAYAL_KIND = "bandit_betrayal"
"""The kind of the Bandit Betrayal secret objective (cards/long_night/objectives.toml)."""

SCENARIOS: dict[str, dict[str, Any]] = {
    "raxxon": {"module": "raxxon", "letter": "R", "lines": "000:867-934"},
    "bandit_blitz": {"module": "bandits", "letter": "B", "lines": "000:936-1002"},
}
"""Each scenario: the module it needs (000:871, 000:940), its cards' letter and its lines."""
CHAPTER_COUNT = 3
"""Each scenario has three special main objectives (R1-R3, B1-B3)."""

RULES: dict[tuple[str, int], frozenset[str]] = {
    ("raxxon", 1): frozenset(),
    ("raxxon", 2): frozenset({"raxxon_open", "pills"}),
    ("raxxon", 3): frozenset({"raxxon_open", "pills", "containment"}),
    ("bandit_blitz", 1): frozenset({"bandit_placement", "bandit_scavenge", "bandit_zombies"}),
    ("bandit_blitz", 2): frozenset(
        {"bandit_placement", "bandit_scavenge", "bandit_zombies", "bandit_attack", "hideout"}
    ),
    ("bandit_blitz", 3): frozenset(
        {
            "bandit_placement",
            "bandit_scavenge",
            "bandit_zombies",
            "bandit_attack",
            "hideout",
            "bandit_leader",
        }
    ),
}
"""The module rules in force once a chapter's section has been read (its card may still wait
for the next round). R1: Raxxon barricaded, no pills, no containment (000:873); R1 done: search
there and pills (000:892, 000:906); R2 done: containment (000:930). B1: placing bandits,
scavenging and adding zombies only (000:954); B1 done: attacking bandits and the Hideout
(000:972); B2 done: the bandit leader (000:988; RULES.md ruling: not before)."""
MODULE_RULES: dict[str, frozenset[str]] = {
    "raxxon": RULES[("raxxon", 3)],
    "bandits": RULES[("bandit_blitz", 3)],
}
"""Every rule of a module: all in force when the module is played without a scenario."""

TASKS: dict[tuple[str, int], tuple[str, ...]] = {
    ("raxxon", 1): ("set_aside_blue_emma", "seal_raxxon_spaces", "emma_joins", "no_pills_yet"),
    ("raxxon", 2): ("place_at_raxxon", "move_three_zombies", "blue_joins", "pills_now"),
    ("raxxon", 3): ("remove_raxxon_dice", "place_experiments"),
    ("bandit_blitz", 1): ("hospital_gift", "bandit_rules_first"),
    ("bandit_blitz", 2): (
        "lowest_human_reads",
        "kill_highest",
        "wound_lowest",
        "bandit_rules_second",
    ),
    ("bandit_blitz", 3): ("special_exile_phase", "betrayer_may_win", "exiled_leads_bandits"),
}
"""What the table does by hand when a chapter begins (chapter 1: at setup; later ones: when
the one before is completed), in the order of the rulebook's section; words in
``labels.SCENARIO_TASKS``. R1 000:873-884; R2 000:892-906; R3 000:930; B1 000:949-954;
B2 000:962-972; B3 000:980-990."""


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


def rules_chapter(sc: dict[str, Any]) -> int:
    """The chapter whose rules are in force: the next one once this one is completed."""
    return min(sc["chapter"] + (1 if sc["completed"] else 0), CHAPTER_COUNT)


def rule_on(st: State, rule: str) -> bool:
    """Whether a module rule applies now (``RULES`` codes): with its module in play, always
    outside a scenario; in a scenario only from the chapter that turns it on (000:863)."""
    module = next((m for m, rules in MODULE_RULES.items() if rule in rules), None)
    if module is None or module not in st["settings"]["modules"]:
        return False
    sc = scenario_of(st)
    if sc is None or SCENARIOS[sc["name"]]["module"] != module:
        return True
    return rule in RULES[(sc["name"], rules_chapter(sc))]


def experiments_to_draw(st: State) -> int:
    """Raxxon experiments drawn at once when R2 is completed: 2 with 2-3 non-exiled players,
    3 with 4 or more (000:930; the pt-BR 001:2473 says "4": the English is followed, RULES.md).

    Ruling: a solo co-op game (1 non-exiled player) draws 2, like the smallest table named.
    """
    return 3 if len(voters(st)) >= 4 else 2


def fewest_survivors_reader(st: State) -> dict[str, Any] | None:
    """The player who reads R1's completion: fewest survivors in their following; on a tie,
    the one controlling the survivor with the highest influence among them (000:886)."""
    players = [s for s in voters(st) if survivors_of(st, s["id"])]
    if not players:
        return None
    fewest = min(len(survivors_of(st, s["id"])) for s in players)
    tied = [s for s in players if len(survivors_of(st, s["id"])) == fewest]
    return max(tied, key=lambda s: max(v["influence"] for v in survivors_of(st, s["id"])))


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
    st: State, steps: list[Step], scenario: dict[str, Any] | None, betrayal: str | None
) -> None:
    """Start a scenario at its chosen chapter (mutating helper, called by ``new_game``, whose
    main objective is already the chapter's card, ``chapter_objective``).

    Chapter 1 follows the scenario's setup (Raxxon 000:871-884, Bandit Blitz 000:940-956); a
    later chapter starts with the earlier chapters' sections already followed.
    """
    if scenario is None:
        return
    name, chapter = scenario["name"], scenario["chapter"]
    st["scenario"] = {"name": name, "chapter": chapter, "completed": False, "sealed": []}
    steps.append(
        step("scenario_set_up", scenario=name, chapter=chapter, code=card_code(name, chapter))
    )
    if name == "raxxon" and chapter == 1:
        _seal_raxxon(st, steps)
    if betrayal is not None and name == "bandit_blitz":
        steps.append(step("bandit_betrayal_dealt"))
    _tell_tasks(st, steps, name, chapter)
    module_setup(st, steps, name, chapter)


def _tell_tasks(st: State, steps: list[Step], name: str, chapter: int) -> None:
    """One step per thing the table does by hand as the chapter begins (``TASKS``)."""
    for task in TASKS[(name, chapter)]:
        fields: dict[str, Any] = {}
        if task == "place_experiments":
            fields = {"count": experiments_to_draw(st), "players": len(voters(st))}
        steps.append(step("scenario_task", scenario=name, chapter=chapter, task=task, **fields))


def module_setup(st: State, steps: list[Step], name: str, chapter: int) -> None:
    """Let the scenario's module set its own pieces for a chapter that begins: the function
    ``setup_chapter(st, steps, chapter)`` of ``companion.engine.<module>``, when it exists.

    Called by ``new_game`` with the starting chapter, and when chapter N is completed with N+1
    (the moment the rulebook's section is followed; the card itself changes next round).
    """
    module = SCENARIOS[name]["module"]
    path = f"companion.engine.{module}"
    if importlib.util.find_spec(path) is None:
        return
    hook = getattr(importlib.import_module(path), "setup_chapter", None)
    if callable(hook):
        hook(st, steps, chapter)


def _seal_raxxon(st: State, steps: list[Step]) -> None:
    """R1 setup: barricades on every entrance space and survivor space of Raxxon; survivors
    may not go there (000:873). The engine fills its entrance with barricades and counts its
    survivor spaces as taken (``sealed``, read by ``state.free_survivor_spaces``).

    Ruling: the setup's zombies are placed first, so a zombie already at Raxxon keeps its
    space and barricades fill the rest of the entrance.
    """
    loc = next((loc for loc in st["locations"] if loc["id"] == RAXXON), None)
    if loc is None:
        steps.append(step("scenario_location_missing", location=RAXXON))
        return
    gate = loc["entrance"]
    gate["barricades"] = gate["spaces"] - gate["zombies"] - gate["traps"]
    st["scenario"]["sealed"] = [RAXXON]
    steps.append(
        step(
            "raxxon_sealed",
            location=RAXXON,
            location_name=loc["name"],
            barricades=gate["barricades"],
        )
    )


# --- colony step 5 and the next round ---


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
    if name == "raxxon" and chapter == 1:
        reader = fewest_survivors_reader(st)
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
    if name == "raxxon" and chapter == 1:
        _open_raxxon(st, steps)
    if name == "raxxon" and chapter == 2:
        _send_home(st, steps, RAXXON)
    if name == "bandit_blitz" and chapter == 1:
        _empty_food(st, steps)
    _tell_tasks(st, steps, name, chapter + 1)
    module_setup(st, steps, name, chapter + 1)
    return True


def begin_next_chapter(st: State, steps: list[Step]) -> None:
    """At the beginning of the next round the completed chapter's card leaves the game and the
    next one goes on the colony board (000:904, 000:927, 000:974, 000:994). After B2 the
    survivors of non-exiled players at the Hideout go home (000:996)."""
    sc = scenario_of(st)
    if sc is None or not sc["completed"]:
        return
    name = sc["name"]
    if name == "bandit_blitz" and sc["chapter"] == 2:
        _send_home(st, steps, HIDEOUT)
    sc["chapter"] += 1
    sc["completed"] = False
    st["main_objective"] = chapter_objective(st["main_objective"], name, sc["chapter"])
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


def _open_raxxon(st: State, steps: list[Step]) -> None:
    """R1 completed: every barricade leaves Raxxon; survivors may go there (000:892)."""
    st["scenario"]["sealed"] = []
    loc = next((loc for loc in st["locations"] if loc["id"] == RAXXON), None)
    if loc is None:
        return
    removed = loc["entrance"]["barricades"]
    loc["entrance"]["barricades"] = 0
    steps.append(step("raxxon_opened", location=RAXXON, location_name=loc["name"], removed=removed))


def _send_home(st: State, steps: list[Step], place: str) -> None:
    """Survivors at a place go to the colony; this is not a move, so no exposure roll
    (R2 completed, 000:917; after B2's special exile phase, non-exiled players', 000:996).

    Ruling: an exiled player's survivors stay where they are (they never enter the colony,
    002 "Exile"), which is what B2's section says outright.
    """
    exiled = {s["id"] for s in st["seats"] if s["exiled"]}
    loc_name = next((loc["name"] for loc in st["locations"] if loc["id"] == place), "")
    for person in survivors_at(st, place):
        fields = {"survivor": person["id"], "name": person["name"], "came_from": place}
        if person["owner"] in exiled:
            steps.append(step("scenario_exiled_stays", **fields, from_name=loc_name))
            continue
        person["location"] = COLONY
        steps.append(step("scenario_sent_home", **fields, from_name=loc_name))


def _empty_food(st: State, steps: list[Step]) -> None:
    """B1 completed: remove all food from the food supply (000:962)."""
    removed = st["food"]
    st["food"] = 0
    steps.append(step("scenario_food_removed", removed=removed))
