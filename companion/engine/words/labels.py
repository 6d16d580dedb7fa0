"""Our words for the game's codes: every label table, written once, ``N_``-marked.

Pure Python (no Flask). The engine's sentences and refusals (sentences.py, errors.py), the views
and the templates (through the Jinja globals of companion/web/wording.py, ``label`` among them)
all read these tables, so a label is written in one place and translated once (``companion i18n
update`` extracts the ``N_`` calls). A table maps a code to an English msgid; it is translated
where it is shown. Words used inside sentences are lower case; screens capitalise the first letter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


def N_(message: str) -> str:
    """Mark a msgid for extraction; it is translated where it is rendered."""
    return message


class Plural(NamedTuple):
    """A plural msgid: its English singular and plural, translated together by ``ngettext``."""

    singular: str
    plural: str


def NP_(singular: str, plural: str) -> Plural:
    """Mark a plural msgid for extraction (one catalogue entry, both forms); ``ngettext``
    translates it where it is rendered."""
    return Plural(singular, plural)


# --- actions ---------------------------------------------------------------------------------

ACTION_WORDS: dict[str, str] = {}
"""Every action (actions.ACTIONS) as the words a refusal uses for it: "X may not {action}".
Filled by each action's declaration beside its entry point (core/declare.py, ``label``)."""

MOVE_NOTICES = {
    "done": N_("Done: %(what)s"),
    "undone": N_("Undone: %(what)s"),
    "redone": N_("Redone: %(what)s"),
}
"""What the table just did, by ``kind`` (web/game.py's notice, store's ``last_move``); ``what``
is the action's words (``ACTION_WORDS``), filled in as a template's ``_`` does."""


# --- the game: phases, pending decisions, rulebooks, variants, modules -------------------------

PHASE_WORDS = {
    "setup": N_("setting up"),
    "player_turns": N_("player turns"),
    "colony": N_("colony phase"),
    "ended": N_("game over"),
}
"""``state["phase"]``."""

PENDING_WORDS = {
    "vote": N_("a vote"),
    "bite_spread": N_("a spreading bite"),
    "bandit_placement": N_("the bandit leader's placement"),
    "containment_place": N_("the first player's choice of where fewer zombies come"),
    "special_zombies": N_("the special zombies to be placed"),
    "top_experiment": N_("the top Raxxon experiment's code and special zombies"),
    "special_exile": N_("a player's exile vote in the special exile phase"),
    "betrayer_reveal": N_("the betrayer's moment to reveal, after the special exile phase"),
    "r1_completion": N_("R1's completion steps"),
    "card_choice": N_("a player's answer to a card's question"),
}
"""``state["pending"]["kind"]``."""

RULESET_NAMES = {"base": N_("Base game"), "long_night": N_("The Long Night")}
"""``state["ruleset"]``: the rulebook the table plays."""

VARIANT_WORDS = {
    "standard": N_("standard"),
    "betrayer": N_("betrayer (one betrayer for sure)"),
    "hardcore": N_("hardcore"),
    "coop": N_("co-op (no betrayer)"),
    "two_player": N_("two players"),
}
"""``state["variant"]`` (002 "Gameplay Variants")."""

MODULE_NAMES = {
    "improvements": N_("Improvements"),
    "bandits": N_("Bandits"),
    "raxxon": N_("Raxxon"),
}
"""The Long Night modules (vocabulary.MODULES)."""

MODULE_TITLES = {
    "improvements": N_("The Improvements module"),
    "bandits": N_("The Bandits module"),
    "raxxon": N_("The Raxxon module"),
}
"""The modules as the new game page offers them (the Portuguese rulebook's "Modo das
Melhorias", "Modo dos Bandidos", "Modo da Raxxon", 001:2035-2181)."""

COUNTED_NAMES = {
    "cards": N_("cards on the card"),
    "zombies": N_("zombies on the card"),
    "survivors": N_("survivors in the colony"),
}
"""What a counting main objective counts (vocabulary.COUNTED_THINGS)."""

OBJECTIVE_CONDITION_WORDS = {
    "colony_unhurt": N_("no survivor in the colony with a wound, frostbite or despair token"),
    "helpless_in_colony": N_("at least {at_least} helpless survivors in the colony"),
    "barricades_at_colony": N_("at least {at_least} barricades at the colony"),
    "table": N_("the rest of the card's goal"),
}
"""What a counting main objective needs besides its count (vocabulary.OBJECTIVE_CONDITIONS)."""

SIDE_NUMBER_NAMES = {
    "morale": N_("Morale"),
    "round_track": N_("Rounds"),
    "zombies_per_location": N_("Zombies per location"),
    "colony_zombies": N_("Zombies at the colony"),
    "food": N_("Food"),
    "helpless": N_("Helpless"),
}
"""The setup numbers printed on a side of a main objective card (vocabulary.SIDE_NUMBERS)."""

PLACES = {"colony": N_("colony")}
"""The one place whose name is words of ours (a location's name is the card's)."""

CARD_TABLES = {
    "crossroads": N_("crossroads"),
    "objectives": N_("secret objectives"),
    "crises": N_("crises"),
    "main_objectives": N_("main objectives"),
    "survivors": N_("survivors"),
    "locations": N_("locations"),
    "improvements": N_("improvements"),
}
"""The kinds of cards: the tables of cards.db and the groups of ``state["cards"]``."""

CARD_KINDS = {
    "normal": N_("normal"),
    "betrayal": N_("betrayal"),
    "exiled": N_("exiled"),
    "bandit_betrayal": N_("bandit betrayal"),
    "vote": N_("vote"),
    "choice": N_("choice"),
    "short": N_("short"),
    "medium": N_("medium"),
    "long": N_("long"),
}
"""What a card is within its table, as the card browser filters it (cards.search.card_kind):
an objective's kind, a crossroads card's vote or choice, a main objective's length."""

COLONY_STEP_TITLES = {
    "pay_food": N_("the colony eats"),
    "check_waste": N_("check the waste pile"),
    "resolve_crisis": N_("resolve the crisis"),
    "add_zombies": N_("add zombies"),
    "check_main_objective": N_("check the main objective"),
    "move_round_track": N_("move the round track"),
    "pass_first_player": N_("pass the first player token"),
}
"""A colony step (phases.COLONY_STEPS) as the heading of its screen."""
COLONY_PHASE_NOTE = N_(
    "The table is turning the colony phase over one step at a time: watch the table."
)
"""What a phone says while the table runs the colony phase step by step (either reveal)."""
REVEAL_NOTES = {
    "resolve_crisis": N_(
        "The table is turning the crisis cards over one at a time: watch the table."
    ),
    "add_colony_phase_zombies": N_(
        "The table is placing the zombies one at a time: watch the table."
    ),
    "run_colony_phase": COLONY_PHASE_NOTE,
    "run_colony_steps": COLONY_PHASE_NOTE,
}
"""An open reveal (``state["reveal"]["action"]``, reveal.REVEALED) as a phone says it."""

# TRANSLATORS: the heading of a colony step: "Step 1 of 7: the colony eats".
COLONY_STEP_HEADING = N_("Step {number} of {count}: {title}")
CONTAINMENT_HEADING = N_("Before step 1: the containment check at Raxxon")
"""The check that opens the colony phase with the Raxxon module (000:792), before step 1."""


MET_ANSWERS = {
    "game_ends": N_("Met: the game ends"),
    # TRANSLATORS: the button answering that a scenario chapter's objective is met: "Met: R1 is
    # complete; read its section now, R2 begins next round".
    "next_chapter": N_(
        "Met: {code} is complete; read its section now, {next_code} begins next round"
    ),
}
"""The table's "met" answer at colony step 5 by what it does (chapters.objective_met_means)."""


# --- step codes (docs/engine.md "Step codes") ------------------------------------------------

MORALE_REASONS = {
    "starvation": N_("starvation"),
    "waste": N_("waste pile"),
    "survivor_died": N_("{name} died"),
    "helpless_died": N_("a helpless survivor died"),
    "two_exiled": N_("two players exiled, neither a betrayer"),
}
"""morale_changed ``reason``; also "card" (with ``source``)."""

DEATH_CAUSES = {
    "overrun": N_("overrun at {place}"),
    # TRANSLATORS: {count} is 3 or more: the third wound kills.
    "wounds": N_("{count} wounds, the last from {wound_cause}"),
    "bitten": N_("bitten"),
    "bite_spread": N_("bitten: the bite spread to them"),
    "bandit_ambush": N_("shot in the bandits' ambush"),
}
"""survivor_died / survivor_removed / helpless_died ``cause``; also "card" (with ``source``)."""

WOUND_CAUSES = {
    "exposure": N_("exposure"),
    "frostbite": N_("frostbite"),
    "card_or_attack": N_("a card or an attack"),
    "attack": N_("an attack by a survivor"),
}
"""``wound_cause`` of a death by wounds; also "card" (with ``source``)."""

ZOMBIE_REASONS = {
    "setup": N_("setup"),
    "colony_phase": N_("colony phase"),
    "card_or_action": N_("a card or action"),
}
"""zombies_to_add ``reason``; also "card" (with ``source``)."""

VOTE_SUBJECTS = {
    "exile": N_("the exile"),
    "crossroads": N_("the crossroads card"),
    "first_player": N_("keeping the first player token"),
    "containment": N_(
        "the Raxxon containment code (up: discard the experiment; down: 3 fewer zombies)"
    ),
}
"""vote_opened / vote_cast / vote_tally ``subject`` (any other words were typed at the table)."""
VOTE_SUBJECTS_NAMED = {
    "exile": N_("exiling {target_name}"),
    "crossroads": N_("the crossroads card {card_name}"),
}
"""The same subjects when the step names the player (``target``) or the card (``card``)."""

# The open vote's own words on the screens. Their placeholders are ``%(name)s`` style: the web
# layer fills them in as a template's ``_`` does (companion/web/wording.py).
VOTE_HEADINGS = {
    "exile": N_("Vote to exile %(name)s"),
    "crossroads": N_("Vote on the crossroads card"),
    "first_player": N_("Vote to keep the first player token"),
    "containment": N_(
        "Raxxon's containment code: thumbs up discards the experiment, thumbs down puts 3 "
        "fewer zombies somewhere"
    ),
}
"""The table screen's heading of an open vote, by ``subject`` (``name``: the exiled player)."""
VOTE_QUESTIONS = {
    "exile": N_("Exile %(name)s from the colony?"),
    "crossroads": N_("Crossroads card vote"),
    "first_player": N_("Should the first player keep the token?"),
    "containment": N_(
        "Raxxon's containment code matches. Thumbs up: discard the experiment. Thumbs down: 3 "
        "fewer zombies at a place the first player picks, and the experiment's zombies come out."
    ),
}
"""A phone's question for an open vote, by ``subject`` (``name``: the exiled player)."""
VOTE_QUESTIONS_NAMED = {"crossroads": N_("Crossroads: %(card)s")}
"""The same questions when the phone knows the card (``card``: its name)."""

SKIP_REASONS = {"card_says_skip": N_("a card says not to roll")}
"""exposure_skipped ``reason``."""

WOUND_NAMES = {"wound": N_("wound"), "frostbite": N_("frostbite"), "despair": N_("despair")}
EXPOSURE_FACES = {
    "blank": N_("blank"),
    "wound": N_("wound"),
    "frostbite": N_("frostbite"),
    "bite": N_("bite"),
}
NOISE_FACE_NAMES = {"!!!": "!!!", "blank": N_("blank")}
"""The words of a noise token's face the view names (dice.noise_face_names): a Long Night
coin's sides; a base game die's number is shown as it is."""
SYMBOL_NAMES = {
    "food": N_("food"),
    "fuel": N_("fuel"),
    "medicine": N_("medicine"),
    "tool": N_("tool"),
    "weapon": N_("weapon"),
    "education": N_("education"),
    "survivor": N_("survivor"),
}
SIDES = {"standard": N_("standard"), "hardcore": N_("hardcore")}
COUNTER_NAMES = {
    "morale": N_("morale"),
    "round_track": N_("round track"),
    "food": N_("food"),
    "starvation": N_("starvation"),
    "waste": N_("waste"),
}
COLONY_STEP_NAMES = {
    "pay_food": N_("paying food"),
    "check_waste": N_("checking the waste pile"),
    "resolve_crisis": N_("resolving the crisis"),
    "add_zombies": N_("adding zombies"),
    "check_main_objective": N_("checking the main objective"),
    "move_round_track": N_("moving the round track"),
    "pass_first_player": N_("passing the first player token"),
}
TARGET_NAMES = {
    "chosen": N_("a survivor the active player chooses"),
    "group_leader": N_("the active player's group leader"),
    "each_of_active": N_("each of the active player's survivors"),
    "each_in_colony": N_("each survivor in the colony"),
    "lowest_influence_in_colony": N_("the survivor with the lowest influence in the colony"),
    "each_at_active_location": N_("each survivor at the active player's location"),
    "each_player_chooses": N_("a survivor each player chooses among their own"),
    "each_player_chooses_in_colony": N_(
        "a survivor each player chooses among their own in the colony"
    ),
}
BY_HAND_NEEDS = {
    "active_location": N_("{source}: by hand: apply it at the active player's location."),
    "active_player": N_("{source}: by hand: apply it to the active player's survivors ({target})."),
    "chosen_survivor": N_("{source}: by hand: apply it to a survivor the active player chooses."),
    "active_location_survivors": N_(
        "{source}: by hand: apply it to every survivor at the active player's location."
    ),
    "player_choice": N_("{source}: by hand: {target}; another decision is waiting first."),
    "card_choice": N_(
        "{source}: another decision is waiting first, so the table carries out this effect by hand."
    ),
    "active_players_part": N_(
        "{source}: by hand: this is the active player's to do, and nobody is active now."
    ),
}
"""effect_by_hand ``need``: the context an effect lacked (no ``need``: a manual card text)."""

END_SENTENCES = {
    "morale": N_("Morale has reached 0: the game ends now."),
    "round_track": N_("The round track has reached 0: the game ends now."),
    "main_objective": N_("The main objective is complete: the game ends now."),
    "two_exiled": N_(
        "Two players are exiled and neither held a betrayal objective: morale drops to 0 "
        "and the game ends now."
    ),
    "betrayer_revealed": N_(
        "The betrayer revealed the completed Bandit Betrayal objective after the special "
        "exile phase: the betrayer wins, and the game ends now."
    ),
}
"""game_ended ``reason`` (also ``state["ended"]["reason"]``)."""

BANDIT_RULES = {
    "placing": N_("bandits placed at Reveal Crisis"),
    "zombies": N_("bandits draw zombies"),
    "scavenge": N_("bandits scavenge"),
    "attack": N_("attacking a bandit"),
    "hideout": N_("the Bandits' Hideout"),
    "leader": N_("the bandit leader"),
}
"""The Bandits module's rules (bandits.RULES), as a Bandit Blitz chapter brings them in."""

# --- the special scenarios (scenarios.py) ---------------------------------------------------

SCENARIO_NAMES = {
    "raxxon": N_("The Chimp and the Code (Raxxon)"),
    "bandit_blitz": N_("Bandit Blitz"),
}
"""``state["scenario"]["name"]``: the rulebook's titles (000:867, 000:936; 001:2313, 001:2480)."""

CHAPTER_TITLES = {
    "R1": N_("R1: blow open the Raxxon entrance"),
    "R2": N_("R2: save Blue's friend"),
    "R3": N_("R3: contain the experiments"),
    "B1": N_("B1: food for the bandits"),
    "B2": N_("B2: revenge on the bandits"),
    "B3": N_("B3: keep the bandits off our ground"),
}
"""Each special main objective card by its code, with our one-line summary of its story (the
card in the box says exactly what to do)."""

CHAPTER_SECTIONS = {
    "R1": N_(
        "The Long Night rulebook, special scenarios (from page 20): “The Chimp and the Code”, "
        "the italic text of its setup"
    ),
    "R2": N_(
        "The Long Night rulebook, “The Chimp and the Code”: the section to read once Special "
        "Main Objective R1 has been completed"
    ),
    "R3": N_(
        "The Long Night rulebook, “The Chimp and the Code”: the section to read once Special "
        "Main Objective R2 has been completed"
    ),
    "B1": N_(
        "The Long Night rulebook, special scenarios: “Bandit Blitz”, the italic text of its setup"
    ),
    "B2": N_(
        "The Long Night rulebook, “Bandit Blitz”: the section to read once Special Main "
        "Objective B1 has been completed"
    ),
    "B3": N_(
        "The Long Night rulebook, “Bandit Blitz”: the page to read aloud once Special Main "
        "Objective B2 has been completed, with its Special Exile Phase"
    ),
}
"""Where the story of each chapter's beginning is printed (000:863-1002); read aloud there."""

SCENARIO_TASKS = {
    "set_aside_blue_emma": N_(
        "Take Blue and Emma Han out of the survivor deck and set them aside."
    ),
    "emma_joins": N_(
        "When the story says so, Emma Han joins the first player's following in the colony, "
        "equipped with the Raxxon Blueprints from the Raxxon search deck (add her with the "
        "survivor controls if her card is in the companion)."
    ),
    "no_pills_yet": N_("Do not use the pill item or containment code rules yet."),
    "place_at_raxxon": N_(
        "The reader puts one of their survivors at Raxxon (not a move: no exposure roll). "
        "From now on survivors may go to Raxxon and search there."
    ),
    "move_three_zombies": N_(
        "Move any 3 zombies from the colony to Raxxon (the board's zombie controls)."
    ),
    "blue_joins": N_(
        "Blue joins the reader's following at Raxxon with 1 wound; if Raxxon has no room, the "
        "first player sends one survivor there back to the colony (not a move)."
    ),
    "pills_now": N_(
        "From now on use the pill item rules for Raxxon search cards; the containment code "
        "rules still do not apply."
    ),
    "hospital_gift": N_(
        "When the story says so, each player draws 1 card from the Hospital search deck into "
        "their hand."
    ),
    "lowest_human_reads": N_(
        "The player who controls the human survivor with the lowest influence reads the "
        "section and follows it."
    ),
    "wound_lowest": N_(
        "The human survivor with the lowest influence takes a wound, unless they already have "
        "2, and ends at the colony (not a move)."
    ),
    "special_exile_phase": N_(
        "Special exile phase: from the first player clockwise, each player may call 1 exile vote."
    ),
    "betrayer_may_win": N_(
        "If no betrayer was exiled and the betrayer has completed the Bandit Betrayal "
        "objective, they may reveal it and win at once. Otherwise their card now also needs "
        "morale at 0."
    ),
    "exiled_leads_bandits": N_(
        "A player exiled now who is not the betrayer leads the bandits. At the next round the "
        "non-exiled players' survivors at the Bandits' Hideout go back to the colony."
    ),
}
"""``scenario_task`` steps' ``task``: what the table does by hand (scenarios.TASKS), our words;
``special_exile_phase``, ``betrayer_may_win`` and ``exiled_leads_bandits`` only in logs made
before the engine played B2's special exile phase itself."""


ADDED_REQUIREMENTS = {
    "morale_at_zero": N_("Morale is at 0."),
}
"""``secrets.<seat>.added_requirement``: what joins the betrayal card after B2's special exile
phase (000:986)."""


CHOICE_QUESTIONS = {
    "wound": N_("Which of your survivors takes the wound?"),
    "frostbite": N_("Which of your survivors takes the frostbite?"),
    "despair": N_("Which of your survivors takes the despair?"),
    "kill": N_("Which of your survivors dies?"),
    "leave": N_("Which of your survivors leaves the game?"),
    "exposure": N_("Which of your survivors rolls for exposure?"),
}
"""A phone's question for a card effect each player aims at a survivor of their own, by what
it does (player_choices.question_code)."""
CHOICE_LINES = {
    "wound": N_("Each player chooses which of their survivors takes the wound."),
    "frostbite": N_("Each player chooses which of their survivors takes the frostbite."),
    "despair": N_("Each player chooses which of their survivors takes the despair."),
    "kill": N_("Each player chooses which of their survivors dies."),
    "leave": N_("Each player chooses which of their survivors leaves the game."),
    "exposure": N_("Each player chooses which of their survivors rolls for exposure."),
}
"""The table screen's line for the same question."""

CARD_QUESTIONS = {
    "barricade_add": N_("Which colony entrance gets the barricade?"),
    "barricade_remove": N_("Which colony entrance loses a barricade?"),
    "trap_add": N_("Which colony entrance gets the explosive trap?"),
    "trap_remove": N_("Which colony entrance loses an explosive trap?"),
    "zombies_remove": N_("From which colony entrance does a zombie leave?"),
    "heal_token": N_("Which token comes off the survivor?"),
    "improvement": N_("Which improvement gets the advancement token?"),
    "player": N_("Which player does the card name?"),
    "crisis_card": N_("Which card do you add to the crisis, face down?"),
    "give_or_wound": N_("Do you give the card, or which of your survivors takes the wound?"),
    "tied_survivor": N_("These survivors tie for the lowest influence: which one does it fall on?"),
    "side_effect_die": N_("Roll a die for the survivor: which face did it show?"),
    "side_effect_card": N_("Pick a card from the Raxxon side effect deck: what is its name?"),
}
"""The chooser's question for a card's choice of one player (card_choices.py), by its ask."""
CARD_LINES = {
    "barricade_add": N_("{name} chooses which colony entrance gets the barricade."),
    "barricade_remove": N_("{name} chooses which colony entrance loses a barricade."),
    "trap_add": N_("{name} chooses which colony entrance gets the explosive trap."),
    "trap_remove": N_("{name} chooses which colony entrance loses an explosive trap."),
    "zombies_remove": N_("{name} chooses from which colony entrance a zombie leaves."),
    "heal_token": N_("{name} chooses which token comes off the survivor."),
    "improvement": N_("{name} chooses which improvement gets the advancement token."),
    "player": N_("{name} chooses which player the card names."),
    "crisis_card": N_("{name} adds a card from their hand to the crisis, face down."),
    "give_or_wound": N_("{name} gives the card, or chooses a survivor to take the wound."),
    "tied_survivor": N_(
        "{name}, the first player, chooses which of the tied survivors it falls on."
    ),
    "side_effect_die": N_("{name} rolls a die for the survivor and enters its face."),
    "side_effect_card": N_(
        "{name}, the first player, picks a Raxxon side effect card and names it."
    ),
}
"""The table screen's and the log's line for the same question; ``{name}`` is the chooser."""
CARD_ANSWERS = {
    "gave": N_("I give the card"),
    "none": N_("I have no card to add"),
    "wound": N_("a wound token"),
    "frostbite": N_("a frostbite token"),
    "roll": N_("Roll it here for me"),
}
"""The words of an answer that is a code of ours (an entrance, a player, a survivor, a symbol
or an improvement is named as itself)."""

TABLES: dict[str, Mapping[str, str]] = {
    "choice_questions": CHOICE_QUESTIONS,
    "choice_lines": CHOICE_LINES,
    "card_questions": CARD_QUESTIONS,
    "card_lines": CARD_LINES,
    "card_answers": CARD_ANSWERS,
    "actions": ACTION_WORDS,
    "bandit_rules": BANDIT_RULES,
    "card_tables": CARD_TABLES,
    "card_kinds": CARD_KINDS,
    "colony_steps": COLONY_STEP_TITLES,
    "counters": COUNTER_NAMES,
    "end_reasons": END_SENTENCES,
    "added_requirements": ADDED_REQUIREMENTS,
    "exposure": EXPOSURE_FACES,
    "noise_faces": NOISE_FACE_NAMES,
    "modules": MODULE_NAMES,
    "module_titles": MODULE_TITLES,
    "counted": COUNTED_NAMES,
    "objective_conditions": OBJECTIVE_CONDITION_WORDS,
    "phases": PHASE_WORDS,
    "places": PLACES,
    "reveals": REVEAL_NOTES,
    "rulesets": RULESET_NAMES,
    "side_numbers": SIDE_NUMBER_NAMES,
    "symbols": SYMBOL_NAMES,
    "variants": VARIANT_WORDS,
    "wounds": WOUND_NAMES,
    "scenarios": SCENARIO_NAMES,
    "chapters": CHAPTER_TITLES,
    "chapter_sections": CHAPTER_SECTIONS,
}
"""The tables screens show, by the name templates use: ``label("symbols", "food")``."""


def label(
    table: str, code: Any, gettext: Callable[[str], str], *, capital: bool = True, **fields: Any
) -> str:
    """``code``'s words from ``TABLES[table]`` through ``gettext``, its ``fields`` filled in,
    first letter capitalised (``capital``); a code the table does not hold is shown as it is."""
    words = TABLES[table].get(code) if isinstance(code, str) else None
    if words is None:
        return "" if code is None else str(code)
    text = gettext(words).format(**fields) if fields else gettext(words)
    return text[:1].upper() + text[1:] if capital else text


def met_answer(met: Mapping[str, Any], gettext: Callable[[str], str]) -> str:
    """The "met" button of colony step 5, saying what it does (``objective_met_means``)."""
    text = gettext(MET_ANSWERS.get(met.get("outcome", ""), MET_ANSWERS["game_ends"]))
    return text.format(code=met.get("code", ""), next_code=met.get("next_code", ""))


def colony_step_heading(step: str, number: int, count: int, gettext: Callable[[str], str]) -> str:
    """ "Step 1 of 7: the colony eats" in the reader's language (the containment check, which
    comes before step 1, has its own heading)."""
    if step == "containment_check":
        return gettext(CONTAINMENT_HEADING)
    title = gettext(COLONY_STEP_TITLES[step]) if step in COLONY_STEP_TITLES else step
    return gettext(COLONY_STEP_HEADING).format(number=number, count=count, title=title)
