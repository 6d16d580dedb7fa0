"""Setting up a new game: board, tracks, survivors, secret objectives, decks and first player.

``new_game`` is the one entry point. Its ``setup`` argument is a plain dict:

| key | type | default | meaning |
| --- | --- | --- | --- |
| ruleset | "base" or "long_night" | "base" | which rulebook the table plays by |
| variant | "standard", "betrayer", "hardcore", "coop", "two_player" | "standard" | 002 variants |
| settings | dict | see below | table settings, merged over ``DEFAULT_SETTINGS`` |
| seats | list of {"name", "survivors"} | required | players in turn order (clockwise) |
| survivors | list of survivor cards | [] | the survivor deck: dealt from, and joined later by id |
| deal_survivors | bool | False | deal 4 survivors to each seat to keep 2 (3 in 2-player) |
| locations | list of location cards | [] | the board; the colony row sets the colony's capacities |
| main_objective | main objective card | required | its standard or hardcore side sets the tracks |
| objectives | list of objective cards or None | None | None: no secret objectives are dealt |
| crossroads | list of crossroads cards | [] | the crossroads deck is built from these |
| crises | list of crisis cards | [] | the crisis deck is built from these |
| betrayal_id | objective id or None | None | Bandit Blitz: replaces the random betrayal |
| scenario | {"name", "chapter"} or None | None | a special scenario (scenarios.py) |
| improvements | list of improvement cards | [] | Improvements module: cards to pick from |
| set_aside | list of survivor cards | [] | named survivors a scenario puts in play (named.py) |

settings: ``modules`` (list of "improvements", "bandits", "raxxon"), ``player_elimination``
(bool), ``mature`` (bool: False leaves mature cards out), ``barricade_before_trap`` (bool),
``end_waits_for_crossroads``, ``listed_only`` (only listed actions are taken),
``end_checks_objectives``, ``replaces_last_survivor`` (bools), ``noise_dice`` ("rolled" or
"entered"),
``sets`` (list of set ids whose cards enter the decks; empty: every set).

Each seat's ``survivors`` are survivor cards (id, name, influence, attack, search) or ids of
cards in ``survivors``; the first is the group leader. A seat keeps 2 survivors, 3 in the
2-player variant. With ``deal_survivors`` the seats name none: each is dealt 4 in secret and
keeps its own with ``keep_survivors`` (002 "Game Setup" 9-11); the game waits in the "setup"
phase until every seat has kept, then the first player is chosen.

Every card's facts go into the state's catalogue (catalogue.py), so later actions use ids.
"""

from __future__ import annotations

from typing import Any

from companion.engine.board.deaths import COMPANION_DECK
from companion.engine.board.places import Choices
from companion.engine.board.zombies import add_zombies
from companion.engine.core import catalogue, dealing, decisions, hooks
from companion.engine.core import declare as act
from companion.engine.core.dice import NO_ROLL, NOISE_DICE, Randomness
from companion.engine.core.errors import Phrase, RuleError, require_one_of, shown, words
from companion.engine.core.objective_progress import check_counts
from companion.engine.core.state import (
    COLONY,
    DEFAULT_SETTINGS,
    State,
    begin,
    check_ruleset,
    colony_occupancy,
    locations_in_order,
    new_state,
    new_survivor,
    require_count,
    seat,
)
from companion.engine.core.vocabulary import MODULES, SIDE_NUMBERS
from companion.engine.scenarios import chapters as scenarios
from companion.engine.scenarios import named
from companion.engine.setup.checklist import store_checklist
from companion.engine.setup.modules import module_setup_steps
from companion.engine.words.card_texts import card_text, copy_translations
from companion.engine.words.labels import SIDE_NUMBER_NAMES, SIDES, VARIANT_WORDS
from companion.engine.words.steps import N_, Step, of_card, of_seat, step

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
    "survivors",
    "deal_survivors",
    "scenario",
    "improvements",
    "set_aside",
)
MAX_NAME = 40
DEALT_SURVIVORS = 4
"""Survivor cards dealt to each player at setup (002 "Game Setup" 9)."""
MODULE_NEEDED = {
    "survivor": N_("survivor {card} needs the {module} module"),
    "location": N_("location {card} needs the {module} module"),
}
"""The refusal of a card whose module the game does not use, per kind of card."""


def seat_limits(variant: str) -> tuple[int, int]:
    """How many players a variant allows: 2-5 (002 box), 2-player exactly 2, co-op 1-5.

    Ruling: the rulebook does not forbid a solo co-op game, so co-op accepts 1 player.
    """
    if variant == "two_player":
        return 2, 2
    if variant == "coop":
        return 1, 5
    return 2, 5


def starting_items(variant: str) -> int:
    """Starting item cards each player draws: 5, or 7 in the 2-player variant (002)."""
    return 7 if variant == "two_player" else 5


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
        raise RuleError(N_("the setup must be a dict"))
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise RuleError(N_("unknown setup key(s): {keys}"), keys=", ".join(unknown))
    ruleset = setup.get("ruleset", "base")
    variant = setup.get("variant", "standard")
    check_ruleset(ruleset, variant)
    settings = _settings(setup.get("settings"))
    cards = catalogue.empty()
    deck = catalogue.add_cards(cards, "survivors", setup.get("survivors"))
    dealing_survivors = setup.get("deal_survivors", False)
    if not isinstance(dealing_survivors, bool):
        raise RuleError(N_("deal_survivors must be true or false"))
    seats = _seats(setup.get("seats"), variant, settings["modules"], cards, dealing_survivors)
    colony_card, boards = _locations(setup.get("locations"), settings["modules"])
    main = _main_objective(setup.get("main_objective"), variant)
    scenario = scenarios.check_scenario(setup.get("scenario"), ruleset, settings["modules"])
    betrayal = scenarios.betrayal_for(setup, scenario)
    if scenario is not None:
        main = scenarios.chapter_objective(main, scenario["name"], scenario["chapter"])

    colony_kwargs: dict[str, int] = {}
    if colony_card is not None:
        colony_kwargs = {
            "colony_survivor_spaces": require_count(
                colony_card.get("survivor_spaces"), N_("the colony's survivor spaces"), minimum=1
            ),
            "colony_entrance_spaces": require_count(
                colony_card.get("entrance_spaces"), N_("the colony's entrance spaces"), minimum=1
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
    st["cards"] = cards
    steps: list[Step] = []
    _place_survivors(st, seats)
    _apply_main_objective(st, steps, main, len(seats), scenarios.sealed_at_setup(st, scenario))
    _deal_secret_objectives(st, steps, {**setup, "betrayal_id": betrayal}, rng)
    scenarios.set_up_scenario(st, steps, scenario, betrayal, setup.get("set_aside"))
    _build_decks(st, steps, setup, rng)
    _improvement_cards(st, setup.get("improvements"))
    steps.extend(module_setup_steps(st))
    store_checklist(st)
    in_play = {s["id"] for s in st["survivors"]}
    st["decks"]["survivors"] = [c["id"] for c in deck if c["id"] not in in_play]
    rng.shuffle(st["decks"]["survivors"])
    steps.append(step("starting_items", count=starting_items(variant)))
    st["survivor_deck"] = COMPANION_DECK if dealing_survivors else "box"
    if dealing_survivors:
        _deal_survivors(st, steps)
    else:
        _choose_first_player(st, steps)
        named.emma_joins(st, steps)
    return decisions.refreshed(st), steps


# --- validation of the setup dict ---


def _settings(raw: Any) -> dict[str, Any]:
    """Table settings merged over the defaults, each checked for its type."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RuleError(N_("settings must be a dict"))
    unknown = sorted(set(raw) - set(DEFAULT_SETTINGS))
    if unknown:
        raise RuleError(N_("unknown setting(s): {settings}"), settings=", ".join(unknown))
    merged = {**DEFAULT_SETTINGS, **raw}
    for key in (
        "player_elimination",
        "mature",
        "barricade_before_trap",
        "end_waits_for_crossroads",
        "listed_only",
        "end_checks_objectives",
        "replaces_last_survivor",
    ):
        if not isinstance(merged[key], bool):
            raise RuleError(
                N_("setting {key} must be true or false, not {value}"),
                key=key,
                value=shown(merged[key]),
            )
    require_one_of(
        merged["noise_dice"],
        NOISE_DICE,
        N_("setting noise_dice must be one of {known}, not {value}"),
        "value",
    )
    for key in ("modules", "sets"):
        value = merged[key]
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise RuleError(
                N_("setting {key} must be a list of names, not {value}"),
                key=key,
                value=shown(value),
            )
        merged[key] = list(dict.fromkeys(value))
    known = [m for m in MODULES if m in hooks.registered()]  # the modules installed
    bad = [m for m in merged["modules"] if m not in known]
    if bad:
        raise RuleError(
            N_("unknown module(s): {modules} (known: {known})"),
            modules=", ".join(bad),
            known=", ".join(known),
        )
    return merged


def _check_module(card: dict[str, Any], what: str, modules: list[str]) -> None:
    """Refuse a card of a module the game does not use."""
    module = card.get("module") or ""
    if module and module not in modules:
        raise RuleError(
            MODULE_NEEDED[what], card=shown(card.get("name", card.get("id"))), module=module
        )


def _seats(
    raw: Any,
    variant: str,
    modules: list[str],
    cards: dict[str, dict[str, Any]],
    dealt: bool,
) -> list[dict[str, Any]]:
    """Players in turn order, with names cleaned and their survivor cards checked.

    A survivor is a card record (added to the catalogue) or the id of one in the survivor deck.
    When the companion deals survivors, the seats name none.
    """
    low, high = seat_limits(variant)
    if not isinstance(raw, list | tuple):
        raise RuleError(N_("seats must be a list of players"))
    if not low <= len(raw) <= high:
        allowed = str(low) if low == high else f"{low}-{high}"
        raise RuleError(
            N_("the variant “{variant}” needs {allowed} players, not {count}"),
            variant=words(VARIANT_WORDS, variant),
            allowed=allowed,
            count=len(raw),
        )
    keep = 0 if dealt else survivors_per_seat(variant)
    seats: list[dict[str, Any]] = []
    names: set[str] = set()
    seen: set[str] = set()
    for n, raw_seat in enumerate(raw, start=1):
        if not isinstance(raw_seat, dict):
            raise RuleError(
                N_("seat {number} must be a record with a name and survivors"), number=n
            )
        name = raw_seat.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RuleError(N_("seat {number} needs a name"), number=n)
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise RuleError(
                N_("seat {number}: a name has at most {most} characters, not {length}"),
                number=n,
                most=MAX_NAME,
                length=len(name),
            )
        if name.casefold() in names:
            raise RuleError(
                N_("two players are called {name}; give each a different name"), name=shown(name)
            )
        names.add(name.casefold())
        chosen = raw_seat.get("survivors", [])
        if not isinstance(chosen, list | tuple) or len(chosen) != keep:
            count = len(chosen) if isinstance(chosen, list | tuple) else 0
            raise RuleError(
                N_("{name} must start with {keep} survivors, not {count}"),
                name=name,
                keep=keep,
                count=count,
            )
        picked = []
        for entry in chosen:
            if isinstance(entry, str):
                if entry not in cards["survivors"]:
                    raise RuleError(
                        N_("{name}: unknown survivor {survivor}"), name=name, survivor=shown(entry)
                    )
                card = cards["survivors"][entry]
            else:
                card = catalogue.add_cards(cards, "survivors", [entry])[0]
            _check_module(card, "survivor", modules)
            if card["id"] in seen:
                raise RuleError(N_("survivor {name} is chosen twice"), name=shown(card["name"]))
            seen.add(card["id"])
            picked.append(card)
        seats.append({"name": name, "survivors": picked})
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
        raise RuleError(N_("locations must be a list of location cards"))
    colony: dict[str, Any] | None = None
    boards: list[dict[str, Any]] = []
    ids: set[str] = set()
    for card in raw:
        if not isinstance(card, dict) or not _named(card):
            raise RuleError(N_("each location must be a location card with an id and a name"))
        if is_colony_card(card):
            if colony is not None:
                raise RuleError(N_("the locations hold two colony cards"))
            colony = card
            continue
        _check_module(card, "location", modules)
        if card["id"] in ids:
            raise RuleError(N_("location {name} is on the board twice"), name=shown(card["name"]))
        ids.add(card["id"])
        place = card_text(card)
        require_count(card.get("number", 0), Phrase(N_("number of {place}"), place=place))
        require_count(
            card.get("entrance_spaces"),
            Phrase(N_("entrance spaces of {place}"), place=place),
            minimum=1,
        )
        require_count(
            card.get("survivor_spaces"), Phrase(N_("survivor spaces of {place}"), place=place)
        )
        boards.append(card)
    return colony, boards


def _main_objective(raw: Any, variant: str) -> dict[str, Any]:
    """The main objective as kept in the state, with the side this variant plays."""
    if not isinstance(raw, dict) or not _named(raw):
        raise RuleError(N_("the setup needs a main objective card with an id and a name"))
    side = objective_side(variant)
    numbers = raw.get(side)
    if not isinstance(numbers, dict):
        raise RuleError(
            N_("main objective {name} has no {side} side"),
            name=shown(raw["name"]),
            side=words(SIDES, side),
        )
    setup = {}
    for key in SIDE_NUMBERS:
        minimum = 1 if key in ("morale", "round_track") else 0
        what = Phrase(
            N_("{field} of the {side} side"),
            field=words(SIDE_NUMBER_NAMES, key),
            side=words(SIDES, side),
        )
        setup[key] = require_count(numbers.get(key, 0), what, minimum=minimum)
    setup["extra"] = _plain_text(numbers.get("extra"))
    copy_translations(numbers, setup, "extra")
    main = {
        "id": raw["id"],
        "name": raw["name"],
        "side": side,
        "time": _plain_text(raw.get("time")),
        "goal": _plain_text(raw.get("goal")),
        "setup": setup,
        "counts": check_counts(raw.get("counts")),
        "progress": 0,
    }
    copy_translations(raw, main, "name", "goal")
    return main


def _named(card: dict[str, Any]) -> bool:
    """Whether a card record has a text id and a text name."""
    return all(
        isinstance(card.get(key), str) and card[key].strip() and len(card[key]) <= 120
        for key in ("id", "name")
    )


def _plain_text(value: Any) -> str:
    """A card's free text field: text (at most 2000 characters), or empty."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > 2000:
        raise RuleError(N_("a card's text must be text of at most 2000 characters"))
    return value


# --- the setup rules ---


def _place_survivors(st: State, seats: list[dict[str, Any]]) -> None:
    """Each player's survivors go to the colony, the first one leading (002 "Game Setup" 9-12)."""
    for seat_record, chosen in zip(st["seats"], seats, strict=True):
        for n, card in enumerate(chosen["survivors"]):
            st["survivors"].append(new_survivor(card, seat_record["id"], leader=n == 0))


def _apply_main_objective(
    st: State, steps: list[Step], main: dict[str, Any], players: int, sealed: set[str]
) -> None:
    """Set the tracks and board from the main objective's side (002 "Game Setup" 3).

    Zombies go to the colony first by the placement rules, then to every non-colony location in
    number order (ruling shared with the colony phase), but none to a ``sealed`` location
    (barricades on every entrance space, 000:873).
    """
    numbers = main["setup"]
    st["main_objective"] = main
    st["morale"] = numbers["morale"]
    st["round_track"] = numbers["round_track"]
    st["food"] = numbers["food"]
    st["helpless"]["normal"] = numbers["helpless"]
    if colony_occupancy(st) > st["colony"]["survivor_spaces"]:
        raise RuleError(
            N_(
                "the colony has {spaces} survivor spaces, not enough for {count} survivors "
                "and helpless"
            ),
            spaces=st["colony"]["survivor_spaces"],
            count=colony_occupancy(st),
        )
    steps.append(
        step(
            "game_set_up",
            players=players,
            objective=main["id"],
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
        steps.append(step("setup_extra", objective=main["id"], extra=numbers["extra"]))
    add_zombies(st, steps, COLONY, numbers["colony_zombies"], "setup")
    for loc in locations_in_order(st):
        if loc["id"] not in sealed:
            add_zombies(st, steps, loc["id"], numbers["zombies_per_location"], "setup")


def _playable(st: State, setup: dict[str, Any], kind: str) -> list[dict[str, Any]] | None:
    """The checked cards of one kind this game may use (None when none were given).

    Every given card is checked (catalogue.py); the playable ones enter the state's catalogue.
    """
    raw = setup.get(kind)
    if raw is None:
        return None
    settings = st["settings"]
    coop = dealing.is_coop(st["variant"]) and kind != "objectives"
    keep = [
        card
        for card in catalogue.add_cards(catalogue.empty(), kind, raw)
        if dealing.playable(
            card,
            sets=settings["sets"],
            modules=settings["modules"],
            mature=settings["mature"],
            coop=coop,
        )
    ]
    for card in keep:
        st["cards"][kind][card["id"]] = card
    return keep


def _deal_secret_objectives(
    st: State, steps: list[Step], setup: dict[str, Any], rng: Randomness
) -> None:
    """Deal each seat a secret objective, privately (002 "Game Setup" 4)."""
    if dealing.is_coop(st["variant"]):
        steps.append(step("no_secret_objectives", reason="coop"))
        return
    usable = _playable(st, setup, "objectives")
    if usable is None:
        steps.append(step("no_secret_objectives", reason="none_given"))
        return
    betrayal_id = setup.get("betrayal_id")
    if betrayal_id is not None and not any(c["id"] == betrayal_id for c in usable):
        if not isinstance(betrayal_id, str):
            raise RuleError(N_("betrayal_id must be an objective id"))
        everything = catalogue.add_cards(catalogue.empty(), "objectives", setup["objectives"])
        usable += [c for c in everything if c["id"] == betrayal_id][:1]
        for card in usable[-1:]:
            st["cards"]["objectives"][card["id"]] = card
    seat_ids = [s["id"] for s in st["seats"]]
    dealt = dealing.deal_objectives(usable, seat_ids, st["variant"], rng, betrayal_id=betrayal_id)
    for sid in seat_ids:
        card = dealt[sid]
        st["secrets"][sid]["objective"] = card["id"] if card else None
        if card is not None:
            steps.append(
                step(
                    "objective_received",
                    private=sid,
                    seat=sid,
                    **of_card("objective", card),
                )
            )
    steps.append(step("objectives_dealt", players=len(seat_ids)))


def _build_decks(st: State, steps: list[Step], setup: dict[str, Any], rng: Randomness) -> None:
    """Shuffle the crossroads, crisis and exiled objective decks (002 "Game Setup" 5-6).

    Mature cards leave when the table says so, non-co-op cards in co-op and 2-player games,
    and cards of sets or modules not in play never enter (dealing.playable).
    """
    decks = st["decks"]
    decks["crossroads"] = dealing.shuffled_ids(_playable(st, setup, "crossroads") or [], rng)
    decks["crises"] = dealing.shuffled_ids(_playable(st, setup, "crises") or [], rng)
    usable = list(st["cards"]["objectives"].values())
    coop = dealing.is_coop(st["variant"])
    decks["exiled_objectives"] = [] if coop else dealing.build_exiled_deck(usable, rng)
    steps.append(
        step(
            "decks_built",
            crossroads=len(decks["crossroads"]),
            crises=len(decks["crises"]),
            exiled_objectives=len(decks["exiled_objectives"]),
        )
    )


def _improvement_cards(st: State, raw: Any) -> None:
    """The improvement cards the table may pick from (Improvements module, 000:713), checked and
    put in the catalogue; without the module they are left out."""
    cards = catalogue.add_cards(catalogue.empty(), "improvements", raw)
    if "improvements" not in st["settings"]["modules"]:
        return
    for card in cards:
        if dealing.playable(
            card,
            sets=st["settings"]["sets"],
            modules=st["settings"]["modules"],
            mature=True,
            coop=False,
        ):
            st["cards"]["improvements"][card["id"]] = card


def _deal_survivors(st: State, steps: list[Step]) -> None:
    """Deal 4 survivor cards to each seat in secret (002 "Game Setup" 9); they keep theirs."""
    deck = st["decks"]["survivors"]
    need = DEALT_SURVIVORS * len(st["seats"])
    if len(deck) < need:
        raise RuleError(
            N_(
                "dealing {dealt} survivors to each player needs {need} survivor cards, "
                "but only {available} are in play"
            ),
            dealt=DEALT_SURVIVORS,
            need=need,
            available=len(deck),
        )
    st["phase"] = "setup"
    for s in st["seats"]:
        hand = [deck.pop(0) for _ in range(DEALT_SURVIVORS)]
        st["secrets"][s["id"]]["dealt_survivors"] = hand
        steps.append(step("survivors_dealt_private", private=s["id"], survivors=hand))
    steps.append(
        step(
            "survivors_dealt",
            count=DEALT_SURVIVORS,
            keep=survivors_per_seat(st["variant"]),
        )
    )


def keep_choices(st: State, seat_id: str) -> Choices | None:
    """The survivors dealt to the seat, and how many it keeps, while it has not chosen."""
    hand = st["secrets"][seat_id]["dealt_survivors"]
    return {"survivors": list(hand), "keep": survivors_per_seat(st["variant"])} if hand else None


@act.rule(N_("keep survivors"), who=act.OWN, about="seat_id")
@act.answers("keep")
@act.takes(keep_choices, survivors=act.each(), leader=act.within("survivors"))
def keep_survivors(
    state: State,
    seat_id: str,
    survivors: list[str],
    rng: Randomness | None = None,
    leader: str | None = None,
) -> tuple[State, list[Step]]:
    """A player keeps survivors from their dealt hand (002 "Game Setup" 9-11).

    They keep 2 (3 in the 2-player variant) of the 4 dealt; ``leader`` (else the first named)
    leads their group, and must be one of those kept (002 "Game Setup" 10).
    The others go back to the survivor deck. Once every seat has kept, the deck is shuffled and
    the first player is chosen (``_choose_first_player``).
    """
    st, steps = begin(state)
    if st["phase"] != "setup":
        raise RuleError(N_("survivors are kept at setup, before the first round"))
    player = seat(st, seat_id)
    hand = st["secrets"][seat_id]["dealt_survivors"]
    if not hand:
        raise RuleError(N_("{name} has already kept their survivors"), name=player["name"])
    keep = survivors_per_seat(st["variant"])
    if len(survivors) != keep or len(set(survivors)) != keep:
        raise RuleError(
            N_("keep {keep} different survivors of the {dealt} dealt"), keep=keep, dealt=len(hand)
        )
    strangers = [sid for sid in survivors if sid not in hand]
    if strangers:
        raise RuleError(
            N_("{survivors} was not dealt to {name}"),
            survivors=", ".join(strangers),
            name=player["name"],
        )
    if leader is not None:
        survivors = _leader_first(st, survivors, leader)
    for n, card_id in enumerate(survivors):
        card = st["cards"]["survivors"][card_id]
        st["survivors"].append(new_survivor(card, seat_id, leader=n == 0))
    st["decks"]["survivors"].extend(c for c in hand if c not in survivors)
    st["secrets"][seat_id]["dealt_survivors"] = []
    steps.append(
        step(
            "survivors_kept",
            **of_seat(player),
            survivors=list(survivors),
            names=[st["cards"]["survivors"][c]["name"] for c in survivors],
        )
    )
    if any(st["secrets"][s["id"]]["dealt_survivors"] for s in st["seats"]):
        return st, steps
    (rng or NO_ROLL).shuffle(st["decks"]["survivors"])
    if colony_occupancy(st) > st["colony"]["survivor_spaces"]:
        raise RuleError(N_("the colony has too few survivor spaces for everyone's survivors"))
    st["phase"] = "player_turns"
    steps.append(step("survivors_returned", deck=len(st["decks"]["survivors"])))
    _choose_first_player(st, steps)
    named.emma_joins(st, steps)
    return st, steps


def _leader_first(st: State, survivors: list[str], leader: str) -> list[str]:
    """The kept survivors with the chosen leader first; a leader who is not kept is refused
    (002 "Game Setup" 10: the leader is one of the survivors the player keeps)."""
    if leader not in survivors:
        name = st["cards"]["survivors"].get(leader, {}).get("name", leader)
        raise RuleError(
            N_("{name} is not kept, so cannot lead: mark one of the survivors you keep as leader"),
            name=name,
        )
    return [leader] + [sid for sid in survivors if sid != leader]


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
            **of_seat(first),
            leader=leader["name"],
            influence=top,
            tied_with=", ".join(s["name"] for s, _ in tied[1:]),
        )
    )
