"""The setup checklist: the table's setup in the rulebook's order, its ticks kept with the game.

A table sets up with the box open (002 "Game Setup" 1-14, 002:503; The Long Night 000:233-270,
its modules 000:708-770): the board and the locations, the reference sheets, the main
objective's numbers, the secret objectives, the decks, the modules' parts, the starting items,
the item decks, the survivors, the standees and tokens, the first player. The companion deals
the secret objectives on the phones, so joining is a step of its own, just before them.

Some of the box's decks the companion holds and deals from (``held_decks``): they go back in the
box; the others stay on the table (``table_decks``).

``new_game`` stores the checklist's item ids in ``state["setup_checklist"]`` (``items`` in
order, ``done`` the ticked ones); ``tick_setup_step`` ticks or unticks one, as an action of the
log, so a tick survives a reload and an undo takes it back. ``setup_checklist`` groups the steps
new_game returned under those items, for the setup page.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import declare as act
from companion.engine.core.errors import RuleError, shown
from companion.engine.core.state import State, begin
from companion.engine.setup.modules import module_setup_steps
from companion.engine.words.steps import N_, Step, step

BOARD = "board"
REFERENCE_SHEETS = "reference_sheets"
MAIN_OBJECTIVE = "main_objective"
SCENARIO = "scenario"
JOIN = "join"
SECRET_OBJECTIVES = "secret_objectives"
DECKS_ASIDE = "decks_aside"
DECKS_ON_TABLE = "decks_on_table"
STARTING_ITEMS = "starting_items"
ITEM_DECKS = "item_decks"
SURVIVORS = "survivors"
STANDEES = "standees"
FIRST_PLAYER = "first_player"

STEP_ITEMS: dict[str, str] = {
    "game_set_up": MAIN_OBJECTIVE,
    "setup_extra": MAIN_OBJECTIVE,
    "zombie_placed": MAIN_OBJECTIVE,
    "scenario_set_up": SCENARIO,
    "scenario_task": SCENARIO,
    "named_survivors_set_aside": SCENARIO,  # Blue and Emma Han set aside (scenarios/named.py)
    "named_survivor_joined": FIRST_PLAYER,  # Emma Han joins the first player (000:882)
    "objectives_dealt": SECRET_OBJECTIVES,
    "no_secret_objectives": SECRET_OBJECTIVES,
    "bandit_betrayal_dealt": SECRET_OBJECTIVES,
    "decks_built": DECKS_ASIDE,
    "starting_items": STARTING_ITEMS,
    "survivors_dealt": SURVIVORS,
    "first_player_chosen": FIRST_PLAYER,
}
"""Which checklist item each of new_game's step kinds belongs to (module_setup: its own)."""

DETAIL_KINDS = ("zombies_to_add", "decks_built")
"""Steps shown small under their item: what the companion did, not a thing to do."""

UNLISTED_KINDS = ("zombie_placed",)
"""Steps the checklist leaves out: a setup zombie put in a free space says again what its
"zombies to add" line said (a full place would make another kind of step, which is listed)."""

HELD_DECKS = ("crises", "crossroads", "secret_objectives", "exiled_objectives")
"""The decks the companion may hold, in the order the rulebook sets them up (002 4-6)."""


def module_item(module: str, part: str) -> str:
    """The checklist item of one module's setup part (its module's ``setup_parts`` hook)."""
    return f"module_{module}_{part}"


def held_decks(st: State) -> list[str]:
    """The box's decks the companion holds and deals from: they go back in the box.

    The crisis deck (the companion reveals the crises, 002 5), the crossroads deck (it draws
    each turn's card), the secret objectives (it deals one to each phone, 002 4) and the exiled
    objectives (it deals one to an exiled player): each only when the game was given its cards.
    """
    decks = st["decks"]
    dealt = any(st["secrets"][s["id"]].get("objective") for s in st["seats"])
    held = {
        "crises": bool(decks["crises"]),
        "crossroads": bool(decks["crossroads"]),
        "secret_objectives": dealt,
        "exiled_objectives": bool(decks["exiled_objectives"]),
    }
    return [deck for deck in HELD_DECKS if held[deck]]


def table_decks(st: State) -> list[str]:
    """The box's decks that stay on the table (002 5-8): the survivor deck (players draw
    survivors when searching), the starting items and the location item decks, and the crisis
    or crossroads deck when the companion was given none of its cards."""
    held = held_decks(st)
    missing = [deck for deck in ("crises", "crossroads") if deck not in held]
    return [*missing, "survivors", "starting_items", "item_decks"]


def checklist_items(st: State) -> list[str]:
    """The setup checklist's item ids, in the order a table sets up (002 1-14, 000:708-770)."""
    modules = [module_item(s["module"], s["part"]) for s in module_setup_steps(st)]
    items = [BOARD, REFERENCE_SHEETS, MAIN_OBJECTIVE]
    if st.get("scenario"):
        items.append(SCENARIO)
    items += [JOIN, SECRET_OBJECTIVES, DECKS_ASIDE, DECKS_ON_TABLE, *modules]
    items += [STARTING_ITEMS, ITEM_DECKS, SURVIVORS, STANDEES, FIRST_PLAYER]
    return items


def store_checklist(st: State) -> None:
    """Keep the checklist's items, none ticked, in the new game's state."""
    st["setup_checklist"] = {"items": checklist_items(st), "done": []}


def tick_choices(st: State, actor: str) -> dict[str, Any] | None:
    """Any item of the setup checklist, ticked or not, while the game keeps one."""
    checklist = st.get("setup_checklist")
    return {"item": list(checklist["items"]), "done": [True, False]} if checklist else None


@act.rule(N_("tick a setup step"), who=act.TABLE)
@act.takes(tick_choices)
def tick_setup_step(state: State, item: str, done: bool = True) -> tuple[State, list[Step]]:
    """Tick (or untick, ``done`` false) one item of the setup checklist.

    The ticks are the table's notes on its own setup: any phase, even while a decision waits.
    """
    st, steps = begin(state, allow_pending=True)
    checklist = st.get("setup_checklist")
    if not checklist:
        raise RuleError(N_("this game keeps no setup checklist"))
    if item not in checklist["items"]:
        raise RuleError(N_("the setup checklist has no step {item}"), item=shown(item))
    ticked = item in checklist["done"]
    if ticked == done:
        return st, steps
    if done:
        checklist["done"] = [i for i in checklist["items"] if i in checklist["done"] or i == item]
    else:
        checklist["done"] = [i for i in checklist["done"] if i != item]
    steps.append(step("setup_step_ticked", item=item, done=done))
    return st, steps


def setup_checklist(st: State, first_steps: list[Step]) -> list[dict[str, Any]]:
    """The checklist for the setup page: each item's id, whether it is ticked, its steps (to
    do) and its details (what the companion did), in the state's order.

    ``first_steps`` are the public steps new_game returned; the items new_game has no step for
    get theirs here (the board, joining, the decks, the item decks, the standees...).
    """
    checklist = st.get("setup_checklist") or {"items": checklist_items(st), "done": []}
    grouped: dict[str, dict[str, list[Step]]] = {
        item: {"steps": [], "details": []} for item in checklist["items"]
    }
    for s in first_steps:
        if s["kind"] == "module_setup":
            item = module_item(s["module"], s["part"])
        else:
            item = STEP_ITEMS.get(s["kind"], MAIN_OBJECTIVE)
        if item not in grouped or s["kind"] in UNLISTED_KINDS:
            continue
        grouped[item]["details" if s["kind"] in DETAIL_KINDS else "steps"].append(s)
    extra = _own_steps(st, any(s["kind"] == "survivors_dealt" for s in first_steps))
    out = []
    for item in checklist["items"]:
        own = extra.get(item, [])
        out.append(
            {
                "id": item,
                "done": item in checklist["done"],
                "steps": own + grouped[item]["steps"],
                "details": grouped[item]["details"],
            }
        )
    return out


def _own_steps(st: State, dealt: bool) -> dict[str, list[Step]]:
    """The checklist's own steps: those new_game has no step for (``dealt``: the companion
    dealt the survivors, so the first player is known once every phone has kept its own)."""
    places = [loc["id"] for loc in st["locations"]]
    return {
        BOARD: [step("setup_board", locations=places, graveyard=st["ruleset"] == "long_night")],
        REFERENCE_SHEETS: [step("setup_reference_sheets")],
        JOIN: [step("setup_join", players=len(st["seats"]))],
        DECKS_ASIDE: [step("decks_set_aside", decks=held_decks(st))] if held_decks(st) else [],
        DECKS_ON_TABLE: [step("decks_on_table", decks=table_decks(st))],
        ITEM_DECKS: [step("setup_item_decks")],
        SURVIVORS: [] if dealt else [step("setup_survivors")],
        STANDEES: [step("setup_standees")],
        FIRST_PLAYER: [step("first_player_after_keeping")] if dealt else [],
    }
