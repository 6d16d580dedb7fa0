"""Steps: what the engine did, machine-readable, and one sentence for each to read aloud.

A step is a plain dict: ``{"kind": "zombie_placed", ...fields}``. Steps are public (the table
screen shows them) unless they carry ``"private": seat_id``, in which case only that seat's phone
may see them. Public steps never name a secret (an objective, a crossroads card before it
triggers, who contributed which crisis card).

Every sentence lives in ``TEXTS`` below, one entry per kind, so a translation can replace the
catalogue without touching the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Step = dict[str, Any]


def step(kind: str, **fields: Any) -> Step:
    """Make a step of the given kind."""
    if kind not in TEXTS:
        raise KeyError(f"no text for step kind {kind!r}")
    return {"kind": kind, **fields}


def _plural(n: int, one: str, many: str | None = None) -> str:
    """'1 zombie', '3 zombies'."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _signed(n: int) -> str:
    """'+1', '-2'."""
    return f"{n:+d}"


def _where(s: Step) -> str:
    """'entrance 3 of the colony' or 'the Police Station'."""
    if s.get("where") == "colony":
        return f"colony entrance {s['entrance']}"
    return str(s.get("location_name") or s.get("where"))


Text = str | Callable[[Step], str]

TEXTS: dict[str, Text] = {
    # --- tracks, deaths and the end of the game (core) ---
    "morale_changed": lambda s: (
        f"Morale {_signed(s['amount'])} ({s['reason']}): now {s['morale']}."
    ),
    "survivor_died": lambda s: (
        f"{s['name']} dies ({s['cause']})"
        + ("." if s["costs_morale"] else f"; {s['owner_name']} is exiled, so no morale is lost.")
    ),
    "survivor_removed": "{name} is removed from the game ({cause}); this is not a death.",
    "helpless_died": lambda s: (
        f"{'An unruly' if s['unruly'] else 'A'} helpless survivor dies ({s['cause']})."
    ),
    "wound_added": lambda s: (
        f"{s['name']} takes a {s['wound']} token ({_plural(s['total'], 'wound')} in all)."
    ),
    "leader_promoted": "{seat_name} makes {name} the new group leader.",
    "last_survivor_lost": (
        "{seat_name} has lost their last survivor: remove every card in their hand from the "
        "game, draw a new survivor, put it in the colony and make it their group leader."
    ),
    "player_eliminated": (
        "{seat_name} has lost their last survivor and is out of the game (player elimination); "
        "remove every card in their hand from the game."
    ),
    "tie_broken": (
        "{names} tie on influence {influence}; the first player chooses. Taken: {chosen}."
    ),
    "game_ended": lambda s: {
        "morale": "Morale has reached 0: the game ends now.",
        "round_track": "The round track has reached 0: the game ends now.",
        "main_objective": "The main objective is complete: the game ends now.",
        "two_exiled": (
            "Two players are exiled and neither held a betrayal objective: morale drops to 0 "
            "and the game ends now."
        ),
    }[s["reason"]],
    # --- adding zombies (core) ---
    "zombies_to_add": lambda s: (
        f"{_plural(s['count'], 'zombie')} to add at {s['location_name']} ({s['reason']})."
    ),
    "zombie_placed": lambda s: f"Zombie {s['k']} → {_where(s)}: placed.",
    "barricade_broken": lambda s: (
        f"Zombie {s['k']} → {_where(s)} is full: destroy its barricade; the zombie is not placed."
    ),
    "trap_fired": lambda s: (
        f"Zombie {s['k']} → {_where(s)} is full: the explosive trap goes off and removes "
        f"{_plural(s['cleared'], 'zombie')} there; the zombie is not placed."
    ),
    "overrun": lambda s: f"Zombie {s['k']} → {_where(s)} is full and unprotected: overrun!",
    "overrun_nobody": "Nobody is there to be killed; the zombie is not placed.",
    "bandits_removed": "The overrun drives off {count} bandit(s) at {location_name}.",
    # --- player turns, crossroads, votes, exile and the end of the game ---
    "turn_started": "Round {round}: {seat_name}'s turn begins.",
    "crossroads_drawn": (
        "{drawer_name} draws a crossroads card for {seat_name}'s turn and keeps it hidden."
    ),
    "crossroads_secret": (
        "Your crossroads card for {seat_name}'s turn is {card}: watch for its trigger."
    ),
    "crossroads_deck_empty": (
        "The crossroads deck is empty: {drawer_name} draws nothing for {seat_name}'s turn."
    ),
    "frostbite_hurts": "Frostbite: {name} takes 1 more wound as {seat_name}'s turn begins.",
    "crossroads_returned": (
        "{drawer_name}'s crossroads card did not trigger; it goes face down under the deck."
    ),
    "turn_ended": "{seat_name}'s turn ends.",
    "turns_over": "Everyone has had a turn this round: run the colony phase next.",
    "crossroads_revealed": "{drawer_name} reveals the crossroads card {name}: {trigger}",
    "crossroads_option_chosen": lambda s: (
        f"The vote settles it: option {s['option']}: {s['text']}"
        if s["by_vote"]
        else f"{s['seat_name']} takes option {s['option']}: {s['text']}"
    ),
    "crossroads_removed": "{name} leaves the game.",
    "vote_tally": lambda s: (
        f"Vote on {s['subject']}: {_plural(s['up'], 'thumb')} up, {s['down']} down"
        + (": a tie." if s["up"] == s["down"] else f": it {'passes' if s['passed'] else 'fails'}.")
    ),
    "vote_tie_broken": lambda s: (
        (
            f"The first player is exiled, so {s['breaker_name']}, the nearest player to their "
            "left who may vote, settles the tie (table ruling)"
            if s["ruling"]
            else f"{s['breaker_name']}, the first player, settles the tie"
        )
        + f": the vote {'passes' if s['passed'] else 'fails'}."
    ),
    "exile_vote_called": "{caller_name} calls a vote to exile {target_name}.",
    "exile_refused": "{target_name} is not exiled.",
    "player_exiled": (
        "{target_name} is exiled: no more votes, crisis cards or food tokens for them, and "
        "their survivors die without costing morale."
    ),
    "exiled_objective_drawn": (
        "{seat_name} draws an exiled secret objective and keeps it beside the first one."
    ),
    "exiled_objective_secret": "Your exiled secret objective is {card}.",
    "exiled_objectives_empty": "No exiled objectives are left: {seat_name} draws nothing.",
    "exiled_survivor_moved": "Roll for exposure for {name}, who had to leave the colony.",
    "exiled_must_move": lambda s: (
        f"{s['seat_name']} must still move {s['names']} out of the colony to other locations, "
        "rolling for exposure for each."
    ),
    "winners_declared": lambda s: (
        (
            f"Everyone {'wins' if s['winners'] else 'loses'}: the colony "
            + ("completed" if s["winners"] else "did not complete")
            + " the main objective."
        )
        if s["coop"]
        else (
            "Winners: " + ", ".join(s["winner_names"]) + "."
            if s["winner_names"]
            else "Nobody completed a secret objective: everyone loses."
        )
        + (" Everyone else loses." if s["winner_names"] and s["loser_names"] else "")
    ),
    # --- game setup and dealing ---
    "game_set_up": lambda s: (
        f"New game of {_plural(s['players'], 'player')}: {s['main_objective']} "
        f"({s['side']} side). Morale starts at {s['morale']}, the round track at "
        f"{s['round_track']}; {_plural(s['food'], 'food token')} in the supply and "
        f"{_plural(s['helpless'], 'helpless survivor')} in the colony."
    ),
    "setup_extra": "This main objective also asks the table to: {extra}",
    "objective_received": "Your secret objective is {name}. Keep it to yourself.",
    "objectives_dealt": (
        "Each player has received a secret objective on their phone; one of the cards set aside "
        "was a betrayal objective."
    ),
    "no_secret_objectives": lambda s: (
        "Co-op rules: nobody holds a secret objective and nobody can be exiled; everyone "
        "plays for the main objective."
        if s["reason"] == "coop"
        else "No secret objective cards were given, so none were dealt."
    ),
    "decks_built": lambda s: (
        f"Decks shuffled: {_plural(s['crossroads'], 'crossroads card')}, "
        f"{_plural(s['crises'], 'crisis card')} and "
        f"{_plural(s['exiled_objectives'], 'exiled objective')}."
    ),
    "first_player_chosen": lambda s: (
        f"{s['seat_name']} takes the first player token: their group leader {s['leader']} "
        f"has the highest influence ({s['influence']})."
        + (
            f" Tied with {s['tied_with']}; the seat listed first goes first, swap if you agree."
            if s.get("tied_with")
            else ""
        )
    ),
    # --- board actions, exposure and the spreading bite ---
    "exposure_rolled": lambda s: (
        f"{s['name']} rolls for exposure: "
        + {
            "blank": "blank, nothing happens.",
            "wound": "a wound.",
            "frostbite": "frostbite.",
            "bite": "bitten!",
        }[s["result"]]
    ),
    "exposure_skipped": "{name} does not roll for exposure ({reason}).",
    "bite_spreads": (
        "The bite spreads to {name}, the lowest influence left at {location_name}: "
        "{owner_name} kills them or rolls the exposure die for them."
    ),
    "bite_stops_nobody": "Nobody is left at {location_name}: the bite stops spreading.",
    "bite_kill_chosen": "{name} is killed to stop the bite from spreading.",
    "bite_roll": lambda s: (
        f"{s['name']} rolls the exposure die against the bite: {s['result']}"
        + (": safe." if s["result"] == "blank" else ": not safe.")
    ),
    "bite_survived": "{name} survives, and the bite stops spreading.",
    "survivor_moved": lambda s: (
        f"{s['name']} moves from {s['from_name']} to {s['to_name']}"
        + (" (this move does not use their move for the turn)." if s["free"] else ".")
    ),
    "zombies_killed": lambda s: (
        f"{_plural(s['count'], 'zombie')} killed at {_where(s)}"
        + (f" by {s['by']}." if s["by"] else ".")
    ),
    "barricade_added": lambda s: f"A barricade goes up at {_where(s)}.",
    "barricade_removed": lambda s: f"A barricade comes off {_where(s)}.",
    "trap_added": lambda s: f"An explosive trap is set at {_where(s)}.",
    "trap_removed": lambda s: f"An explosive trap is taken off {_where(s)} without going off.",
    "zombie_attracted": "A zombie is drawn from {from_name} to {to_name}.",
    "noise_added": lambda s: (
        f"{_plural(s['count'], 'noise token')} placed at the {s['location_name']} "
        f"({s['noise']} of 4 there now)."
    ),
    "noise_removed": lambda s: (
        f"{_plural(s['count'], 'noise token')} taken off the {s['location_name']} "
        f"({s['noise']} left there)."
    ),
    "cards_played": lambda s: (
        f"{s['seat_name']} plays {_plural(s['count'], 'card')}: "
        + {
            "": f"onto the waste pile (now {s['waste']}).",
            "event": "event cards leave the game instead of going on the waste pile.",
            "exiled": "played by an exiled player, they leave the game instead of being wasted.",
        }[s["removed"]]
    ),
    "waste_cleaned": lambda s: (
        f"{s['seat_name']} cleans the waste: {_plural(s['removed'], 'card')} leave the game, "
        f"{s['waste']} left on the pile."
    ),
    "waste_added": lambda s: (
        f"{_plural(s['count'], 'card')} onto the waste pile: now {s['waste']}."
    ),
    "food_spent": lambda s: (
        f"{s['seat_name']} spends {_plural(s['count'], 'food token')} for "
        f"+{s['count']} on an action die; {s['food']} left in the supply."
    ),
    "food_added": lambda s: (
        f"{_plural(s['count'], 'food token')} added to the supply: now {s['food']}."
    ),
    "helpless_added": lambda s: (
        f"{_plural(s['count'], 'unruly helpless survivor' if s['unruly'] else 'helpless survivor')}"
        " join the colony"
        + (
            f"; {s['left_out']} more find no empty survivor space and are not added."
            if s["left_out"]
            else "."
        )
    ),
    "helpless_not_added": (
        "{seat_name} is exiled: the helpless survivors they would bring are not added."
    ),
    "unruly_calmed": lambda s: (
        f"{s['seat_name']} calms an unruly helpless survivor with a medicine card"
        + (
            f" (onto the waste pile, now {s['waste']})."
            if s["wasted"]
            else " (played by an exiled player, the card leaves the game)."
        )
    ),
    "wound_healed": "{name} loses a {wound} token.",
    "despair_removed": "{name} loses a despair token.",
    "survivor_added": "{name} joins {seat_name}'s group at {location_name}.",
    "counter_set": lambda s: (
        f"Table correction: {s['counter'].replace('_', ' ')} set from {s['old']} to {s['value']}."
    ),
    "capacity_set": "Table setting: {location_name} now has {value} {what}.",
    # --- colony phase, crisis and card effects ---
    "effect_by_hand": "{source}: {text}",
    "food_changed": lambda s: (
        f"{s['source']}: food {_signed(s['amount'])}, now {s['food']}"
        + (
            f" (the card asked for {_signed(s['wanted'])}; the supply had no more)."
            if s["amount"] != s["wanted"]
            else "."
        )
    ),
    "starvation_changed": lambda s: (
        f"{s['source']}: starvation tokens {_signed(s['amount'])}, now {s['starvation']}."
    ),
    "waste_changed": lambda s: (
        f"{s['source']}: waste pile {_signed(s['amount'])}, now {s['waste']}"
        + (" (it was already empty)." if s["amount"] != s["wanted"] else ".")
    ),
    "round_track_changed": lambda s: (
        f"{s['source']}: round track {_signed(s['amount'])}, now {s['round_track']}."
    ),
    "helpless_removed": lambda s: (
        f"{_plural(s['count'], 'helpless survivor')} leave the colony (not a death)"
        + (f"; the card asked for {s['wanted']}." if s["count"] != s["wanted"] else ".")
    ),
    "helpless_turned": lambda s: (
        f"{_plural(abs(s['count']), 'helpless survivor')} turn "
        + ("unruly" if s["wanted"] >= 0 else "calm again")
        + f": now {s['normal']} normal and {s['unruly_now']} unruly."
    ),
    "zombies_removed": "{source}: {count} zombie(s) leave {location_name}.",
    "effect_place_missing": (
        "{source}: {where} is not on this table's board; nothing happens there."
    ),
    "random_location": "Random location: the die shows {roll}, so {location_name}.",
    "random_location_none": (
        "Random location: the die shows {roll}, and no location has that number; nothing happens."
    ),
    "helpless_no_room": (
        "{source}: the colony has no empty survivor space; the {count} helpless survivor(s) "
        "are not added."
    ),
    "noise_lost": lambda s: (
        f"The {s['location_name']} already holds {s['noise']} noise tokens, 4 at most: "
        f"{_plural(s['count'], 'token')} more cannot be placed."
    ),
    "noise_not_at_colony": "{source}: noise is only made at locations; nothing happens.",
    "defence_lost": lambda s: (
        f"No empty entrance space at {s['location_name']}: the "
        f"{'barricade' if s['what'] == 'barricade' else 'trap'} is lost."
    ),
    "defence_missing": lambda s: (
        f"There is no {'barricade' if s['what'] == 'barricade' else 'trap'} left to remove at "
        f"{s['location_name']}."
    ),
    "effect_no_target": "{source}: nobody fits ({target}); nothing happens.",
    "crisis_revealed": lambda s: (
        f"Crisis: {s['name']}. Prevent it with {' or '.join(s['prevent'])}: the colony needs "
        f"{s['target']} point(s). If it fails: {s['fail_text']}"
    ),
    "bandits_rolled": lambda s: (
        "This crisis places no bandits; two random locations are rolled: "
        + ", ".join(str(r) for r in s["rolls"])
        + "."
    ),
    "bandit_placed": "A bandit moves into {location_name} ({bandits} there now).",
    "bandit_not_placed": lambda s: (
        f"No bandit goes to {s['location_name']}: every survivor space there is taken."
        if s["full"]
        else f"No location has the number {s['number']}: that bandit is not placed."
    ),
    "crisis_card_added": lambda s: (
        f"{s['seat_name']} adds {_plural(s['count'], 'card')} face down to the crisis "
        f"({s['total']} in all)."
    ),
    "crisis_contribution_private": lambda s: (
        "You added " + ", ".join(s["symbols"]) + f" to the crisis ({s['total']} cards in all)."
    ),
    "crisis_none": "No crisis is in play this round; nothing to resolve.",
    "crisis_resolving": lambda s: (
        f"Resolving {s['name']}: {_plural(s['count'], 'card')} shuffled; "
        f"{s['target']} point(s) needed."
    ),
    "crisis_card_revealed": lambda s: (
        f"Card {s['k']}: {s['symbol']} ({_signed(s['points'])}), total {s['total']}."
    ),
    "crisis_failed": "{name} is not prevented ({total} of {target}): {fail_text}",
    "crisis_prevented": "{name} is prevented ({total} of {target}).",
    "crisis_bonus": "Two or more over the target: {bonus_text}",
    "crisis_cards_removed": "The {count} crisis card(s) are removed from the game.",
    "colony_phase_began": "Round {round}: the colony phase begins.",
    "colony_phase_paused": lambda s: (
        "The colony phase waits for the decision above; it carries on with "
        + s["next_step"].replace("_", " ")
        + "."
    ),
    "food_paid": lambda s: (
        f"{_plural(s['colonists'], 'colonist')} eat {s['need']} food; {s['food']} left."
    ),
    "colony_starves": lambda s: (
        f"{_plural(s['colonists'], 'colonist')} need {s['need']} food but the supply holds "
        f"{s['food']}: none is paid and a starvation token is added ({s['starvation']} now)."
    ),
    "waste_checked": lambda s: (
        f"The waste pile holds {_plural(s['waste'], 'card')}: "
        + (f"morale -{s['loss']}." if s["loss"] else "no morale is lost.")
    ),
    "noise_resolved": lambda s: (
        f"Noise at {s['location_name']}: "
        + (f"rolled {s['roll']}" if "roll" in s else f"the token lands {s['coin']}")
        + (", a zombie comes." if s["hit"] else ", nothing comes.")
    ),
    "main_objective_checked": lambda s: (
        "The main objective is met." if s["met"] else "The main objective is not met yet."
    ),
    "round_track_moved": "The round track moves down: {round_track} round(s) left.",
    "first_player_kept": "The vote passed: {seat_name} stays first player.",
    "first_player_passed": "The first player token passes right, to {seat_name}.",
    "round_began": "Round {round} begins ({round_track} on the round track): reveal a crisis.",
}


def render_step(s: Step) -> str:
    """Render any step as a plain sentence a person can read aloud."""
    text = TEXTS[s["kind"]]
    if callable(text):
        return text(s)
    return text.format_map(s)


def render_steps(steps: list[Step]) -> list[str]:
    """Render a list of steps."""
    return [render_step(s) for s in steps]
