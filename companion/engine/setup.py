"""Setting up a new game: board, tracks, survivors, secret objectives, decks and first player.

``new_game`` is the one entry point. Its ``setup`` argument is a plain dict:

| key | type | default | meaning |
| --- | --- | --- | --- |
| ruleset | "base" or "long_night" | "base" | which rulebook the table plays by |
| variant | "standard", "betrayer", "hardcore", "coop", "two_player" | "standard" | 002 variants |
| settings | dict | see below | table settings, merged over ``DEFAULT_SETTINGS`` |
| seats | list of {"name", "survivors"} | required | players in turn order (clockwise) |
| locations | list of location cards | [] | the board; the colony row sets the colony's capacities |
| main_objective | main objective card | required | its standard or hardcore side sets the tracks |
| objectives | list of objective cards or None | None | None: no secret objectives are dealt |
| crossroads | list of crossroads cards | [] | the crossroads deck is built from these |
| crises | list of crisis cards | [] | the crisis deck is built from these |
| betrayal_id | objective id or None | None | Bandit Blitz: replaces the random betrayal |

settings: ``modules`` (list of "improvements", "bandits", "raxxon"), ``player_elimination``
(bool), ``mature`` (bool: False leaves mature cards out), ``barricade_before_trap`` (bool),
``sets`` (list of set ids whose cards enter the decks; empty: every set).

Each seat's ``survivors`` are survivor cards (id, name, influence, attack, search); the first
is the group leader. A seat keeps 2 survivors, 3 in the 2-player variant.
"""

from __future__ import annotations

from typing import Any

from companion.engine import dealing
from companion.engine.dice import Randomness
from companion.engine.errors import RuleError
from companion.engine.state import (
    COLONY,
    DEFAULT_SETTINGS,
    MODULES,
    RULESETS,
    VARIANTS,
    State,
    colony_occupancy,
    locations_in_order,
    new_state,
    new_survivor,
    require_count,
)
from companion.engine.steps import Step, step
from companion.engine.zombies import add_zombies

SETUP_KEYS = (
    "ruleset",
    "variant",
    "settings",
    "seats",
    "locations",
    "main_objective",
    "objectives",
    "crossroads",
    "crises",
    "betrayal_id",
)
MAX_NAME = 40
SIDE_FIELDS = (
    "morale",
    "round_track",
    "zombies_per_location",
    "colony_zombies",
    "food",
    "helpless",
)


def seat_limits(variant: str) -> tuple[int, int]:
    """How many players a variant allows: 2-5 (002 box), 2-player exactly 2, co-op 1-5.

    Ruling: the rulebook does not forbid a solo co-op game, so co-op accepts 1 player.
    """
    if variant == "two_player":
        return 2, 2
    if variant == "coop":
        return 1, 5
    return 2, 5


def survivors_per_seat(variant: str) -> int:
    """Survivors each player keeps: 2, or 3 in the 2-player variant (002 "2 Player Variant")."""
    return 3 if variant == "two_player" else 2


def objective_side(variant: str) -> str:
    """The main objective side in play: hardcore for hardcore, co-op and 2-player games.

    Base 002 "Hardcore Variant", "Co-op Variant" and "2 Player Variant"; otherwise standard.
    """
    return "hardcore" if variant == "hardcore" or dealing.is_coop(variant) else "standard"


def new_game(setup: dict[str, Any], rng: Randomness) -> tuple[State, list[Step]]:
    """Set up a new game from a setup dict (see the module docstring); returns state and steps.

    Base 002 "Game Setup" 1-14 (002:503), Long Night 000:233, variants 002 "Gameplay Variants".
    """
    if not isinstance(setup, dict):
        raise RuleError("the setup must be a dict")
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise RuleError(f"unknown setup key(s): {', '.join(unknown)}")
    ruleset = setup.get("ruleset", "base")
    variant = setup.get("variant", "standard")
    if ruleset not in RULESETS:
        raise RuleError(f"ruleset must be one of {', '.join(RULESETS)}, not {ruleset!r}")
    if variant not in VARIANTS:
        raise RuleError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    settings = _settings(setup.get("settings"))
    seats = _seats(setup.get("seats"), variant, settings["modules"])
    colony_card, boards = _locations(setup.get("locations"), settings["modules"])
    main = _main_objective(setup.get("main_objective"), variant)

    colony_kwargs: dict[str, int] = {}
    if colony_card is not None:
        colony_kwargs = {
            "colony_survivor_spaces": require_count(
                colony_card.get("survivor_spaces"), "the colony's survivor spaces", minimum=1
            ),
            "colony_entrance_spaces": require_count(
                colony_card.get("entrance_spaces"), "the colony's entrance spaces", minimum=1
            ),
        }
    st = new_state(
        ruleset=ruleset,
        variant=variant,
        seat_names=[s["name"] for s in seats],
        locations=boards,
        settings=settings,
        **colony_kwargs,
    )
    steps: list[Step] = []
    _place_survivors(st, seats)
    _apply_main_objective(st, steps, main, len(seats))
    _deal_secret_objectives(st, steps, setup, rng)
    _build_decks(st, steps, setup, rng)
    _choose_first_player(st, steps)
    return st, steps


# --- validation of the setup dict ---


def _settings(raw: Any) -> dict[str, Any]:
    """Table settings merged over the defaults, each checked for its type."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RuleError("settings must be a dict")
    unknown = sorted(set(raw) - set(DEFAULT_SETTINGS))
    if unknown:
        raise RuleError(f"unknown setting(s): {', '.join(unknown)}")
    merged = {**DEFAULT_SETTINGS, **raw}
    for key in ("player_elimination", "mature", "barricade_before_trap"):
        if not isinstance(merged[key], bool):
            raise RuleError(f"setting {key} must be true or false, not {merged[key]!r}")
    for key in ("modules", "sets"):
        value = merged[key]
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise RuleError(f"setting {key} must be a list of names, not {value!r}")
        merged[key] = list(dict.fromkeys(value))
    bad = [m for m in merged["modules"] if m not in MODULES]
    if bad:
        raise RuleError(f"unknown module(s): {', '.join(bad)} (known: {', '.join(MODULES)})")
    return merged


def _check_module(card: dict[str, Any], what: str, modules: list[str]) -> None:
    """Refuse a card of a module the game does not use."""
    module = card.get("module") or ""
    if module and module not in modules:
        raise RuleError(f"{what} {card.get('name', card.get('id'))!r} needs the {module} module")


def _survivor_card(card: Any, seat_name: str) -> dict[str, Any]:
    """Check a survivor card has what the board needs: id, name and a whole-number influence."""
    if not isinstance(card, dict) or not card.get("id") or not card.get("name"):
        raise RuleError(f"{seat_name}: each survivor must be a survivor card with an id and a name")
    require_count(card.get("influence"), f"influence of {card['name']}")
    return card


def _seats(raw: Any, variant: str, modules: list[str]) -> list[dict[str, Any]]:
    """Players in turn order, with names cleaned and their survivor cards checked."""
    low, high = seat_limits(variant)
    if not isinstance(raw, list | tuple):
        raise RuleError("seats must be a list of players")
    if not low <= len(raw) <= high:
        allowed = str(low) if low == high else f"{low}-{high}"
        raise RuleError(f"the {variant} variant needs {allowed} players, not {len(raw)}")
    keep = survivors_per_seat(variant)
    seats: list[dict[str, Any]] = []
    names: set[str] = set()
    seen: set[str] = set()
    for n, raw_seat in enumerate(raw, start=1):
        if not isinstance(raw_seat, dict):
            raise RuleError(f"seat {n} must be a dict with a name and survivors")
        name = raw_seat.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RuleError(f"seat {n} needs a name")
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise RuleError(f"seat {n}: a name has at most {MAX_NAME} characters, not {len(name)}")
        if name.casefold() in names:
            raise RuleError(f"two players are called {name!r}; give each a different name")
        names.add(name.casefold())
        cards = raw_seat.get("survivors")
        if not isinstance(cards, list | tuple) or len(cards) != keep:
            count = len(cards) if isinstance(cards, list | tuple) else 0
            raise RuleError(f"{name} must start with {keep} survivors, not {count}")
        for card in cards:
            _survivor_card(card, name)
            _check_module(card, "survivor", modules)
            if card["id"] in seen:
                raise RuleError(f"survivor {card['name']!r} is chosen twice")
            seen.add(card["id"])
        seats.append({"name": name, "survivors": list(cards)})
    return seats


def is_colony_card(card: dict[str, Any]) -> bool:
    """Whether a location card is the colony row: its id is "colony" or ends in ".colony"."""
    card_id = str(card.get("id", ""))
    return card_id == COLONY or card_id.endswith(".colony")


def _locations(raw: Any, modules: list[str]) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """Split the location cards into the colony row (or None) and the board's other locations."""
    if raw is None:
        raw = []
    if not isinstance(raw, list | tuple):
        raise RuleError("locations must be a list of location cards")
    colony: dict[str, Any] | None = None
    boards: list[dict[str, Any]] = []
    ids: set[str] = set()
    for card in raw:
        if not isinstance(card, dict) or not card.get("id") or not card.get("name"):
            raise RuleError("each location must be a location card with an id and a name")
        if is_colony_card(card):
            if colony is not None:
                raise RuleError("the locations hold two colony cards")
            colony = card
            continue
        _check_module(card, "location", modules)
        if card["id"] in ids:
            raise RuleError(f"location {card['name']!r} is on the board twice")
        ids.add(card["id"])
        require_count(card.get("number", 0), f"number of {card['name']}")
        require_count(card.get("entrance_spaces"), f"entrance spaces of {card['name']}", minimum=1)
        require_count(card.get("survivor_spaces"), f"survivor spaces of {card['name']}")
        boards.append(card)
    return colony, boards


def _main_objective(raw: Any, variant: str) -> dict[str, Any]:
    """The main objective as kept in the state, with the side this variant plays."""
    if not isinstance(raw, dict) or not raw.get("id") or not raw.get("name"):
        raise RuleError("the setup needs a main objective card with an id and a name")
    side = objective_side(variant)
    numbers = raw.get(side)
    if not isinstance(numbers, dict):
        raise RuleError(f"main objective {raw['name']!r} has no {side} side")
    setup = {}
    for key in SIDE_FIELDS:
        minimum = 1 if key in ("morale", "round_track") else 0
        setup[key] = require_count(numbers.get(key, 0), f"{side} {key}", minimum=minimum)
    setup["extra"] = str(numbers.get("extra") or "")
    return {
        "id": raw["id"],
        "name": raw["name"],
        "side": side,
        "time": raw.get("time", ""),
        "goal": raw.get("goal", ""),
        "setup": setup,
    }


# --- the setup rules ---


def _place_survivors(st: State, seats: list[dict[str, Any]]) -> None:
    """Each player's survivors go to the colony, the first one leading (002 "Game Setup" 9-12)."""
    for seat_record, chosen in zip(st["seats"], seats, strict=True):
        for n, card in enumerate(chosen["survivors"]):
            st["survivors"].append(new_survivor(card, seat_record["id"], leader=n == 0))


def _apply_main_objective(st: State, steps: list[Step], main: dict[str, Any], players: int) -> None:
    """Set the tracks and board from the main objective's side (002 "Game Setup" 3).

    Zombies go to the colony first by the placement rules, then to every non-colony location in
    number order (ruling shared with the colony phase).
    """
    numbers = main["setup"]
    st["main_objective"] = main
    st["morale"] = numbers["morale"]
    st["round_track"] = numbers["round_track"]
    st["food"] = numbers["food"]
    st["helpless"]["normal"] = numbers["helpless"]
    if colony_occupancy(st) > st["colony"]["survivor_spaces"]:
        raise RuleError(
            f"the colony has {st['colony']['survivor_spaces']} survivor spaces, not enough for "
            f"{colony_occupancy(st)} survivors and helpless"
        )
    steps.append(
        step(
            "game_set_up",
            players=players,
            main_objective=main["name"],
            side=main["side"],
            morale=st["morale"],
            round_track=st["round_track"],
            food=st["food"],
            helpless=numbers["helpless"],
            zombies_per_location=numbers["zombies_per_location"],
            colony_zombies=numbers["colony_zombies"],
        )
    )
    if numbers["extra"]:
        steps.append(step("setup_extra", extra=numbers["extra"]))
    add_zombies(st, steps, COLONY, numbers["colony_zombies"], "setup")
    for loc in locations_in_order(st):
        add_zombies(st, steps, loc["id"], numbers["zombies_per_location"], "setup")


def _game_objectives(setup: dict[str, Any], st: State) -> list[dict[str, Any]] | None:
    """The objective cards this game may use, or None when none were given."""
    raw = setup.get("objectives")
    if raw is None:
        return None
    if not isinstance(raw, list | tuple) or not all(isinstance(c, dict) for c in raw):
        raise RuleError("objectives must be a list of objective cards")
    settings = st["settings"]
    return [
        c
        for c in raw
        if dealing.playable(
            c, sets=settings["sets"], modules=settings["modules"], mature=settings["mature"]
        )
    ]


def _deal_secret_objectives(
    st: State, steps: list[Step], setup: dict[str, Any], rng: Randomness
) -> None:
    """Deal each seat a secret objective, privately (002 "Game Setup" 4)."""
    if dealing.is_coop(st["variant"]):
        steps.append(step("no_secret_objectives", reason="coop"))
        return
    usable = _game_objectives(setup, st)
    if usable is None:
        steps.append(step("no_secret_objectives", reason="none_given"))
        return
    betrayal_id = setup.get("betrayal_id")
    if betrayal_id is not None and not any(c["id"] == betrayal_id for c in usable):
        usable += [c for c in setup["objectives"] if c.get("id") == betrayal_id][:1]
    seat_ids = [s["id"] for s in st["seats"]]
    dealt = dealing.deal_objectives(usable, seat_ids, st["variant"], rng, betrayal_id=betrayal_id)
    for sid in seat_ids:
        card = dealt[sid]
        st["secrets"][sid]["objective"] = card
        if card is not None:
            steps.append(
                step(
                    "objective_received",
                    private=sid,
                    seat=sid,
                    objective=card["id"],
                    name=card["name"],
                )
            )
    steps.append(step("objectives_dealt", players=len(seat_ids)))


def _card_list(setup: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """A card list of the setup, empty when missing."""
    raw = setup.get(key)
    if raw is None:
        return []
    if not isinstance(raw, list | tuple) or not all(
        isinstance(c, dict) and c.get("id") for c in raw
    ):
        raise RuleError(f"{key} must be a list of cards with ids")
    return list(raw)


def _build_decks(st: State, steps: list[Step], setup: dict[str, Any], rng: Randomness) -> None:
    """Shuffle the crossroads, crisis and exiled objective decks (002 "Game Setup" 5-6)."""
    settings = st["settings"]
    coop = dealing.is_coop(st["variant"])
    common = {"sets": settings["sets"], "modules": settings["modules"], "rng": rng}
    decks = st["decks"]
    decks["crossroads"] = dealing.build_crossroads_deck(
        _card_list(setup, "crossroads"), mature=settings["mature"], coop=coop, **common
    )
    decks["crises"] = dealing.build_crisis_deck(
        _card_list(setup, "crises"), mature=settings["mature"], coop=coop, **common
    )
    usable = _game_objectives(setup, st) or []
    decks["exiled_objectives"] = [] if coop else dealing.build_exiled_deck(usable, rng)
    steps.append(
        step(
            "decks_built",
            crossroads=len(decks["crossroads"]),
            crises=len(decks["crises"]),
            exiled_objectives=len(decks["exiled_objectives"]),
        )
    )


def _choose_first_player(st: State, steps: list[Step]) -> None:
    """The player whose group leader has the highest influence goes first (002 "Game Setup" 14).

    Ruling: on a tie the seat listed first among the tied ones goes first, and the step says so.
    """
    leaders = []
    for s in st["seats"]:
        leader = next(v for v in st["survivors"] if v["owner"] == s["id"] and v["leader"])
        leaders.append((s, leader))
    top = max(leader["influence"] for _, leader in leaders)
    tied = [(s, leader) for s, leader in leaders if leader["influence"] == top]
    first, leader = tied[0]
    st["first_player"] = first["id"]
    steps.append(
        step(
            "first_player_chosen",
            seat=first["id"],
            seat_name=first["name"],
            leader=leader["name"],
            influence=top,
            tied_with=", ".join(s["name"] for s, _ in tied[1:]),
        )
    )
