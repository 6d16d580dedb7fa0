"""Each step as one translated sentence, written when it is shown.

``render_step(step, state, locale)`` writes the sentence from the one message catalogue
(translation.py): every sentence is a whole gettext msgid with named placeholders, plurals go
through ``ngettext``, and codes turn into words through the ``N_``-marked tables of labels.py,
so a translation is one ``.po`` file (``companion/translations/<locale>/LC_MESSAGES/messages.po``).
The engine never calls this module: steps are data (steps.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.engine.card_texts import SOURCE_LOCALE, find_card, place_words, words
from companion.engine.labels import (
    BY_HAND_NEEDS,
    CHAPTER_SECTIONS,
    CHAPTER_TITLES,
    COLONY_STEP_NAMES,
    COUNTED_NAMES,
    COUNTER_NAMES,
    DEATH_CAUSES,
    END_SENTENCES,
    EXPOSURE_FACES,
    MORALE_REASONS,
    N_,
    SCENARIO_NAMES,
    SCENARIO_TASKS,
    SIDES,
    SKIP_REASONS,
    SYMBOL_NAMES,
    TARGET_NAMES,
    VOTE_SUBJECTS,
    VOTE_SUBJECTS_NAMED,
    WOUND_CAUSES,
    WOUND_NAMES,
    ZOMBIE_REASONS,
)
from companion.engine.sentences_bandits import RENDERERS as BANDIT_RENDERERS
from companion.engine.sentences_raxxon import RENDERERS as RAXXON_RENDERERS
from companion.engine.steps import Step
from companion.engine.translation import DEFAULT_LOCALE, Translator, translator

# --- names: from the step, else from the state -----------------------------------------------


class Names:
    """Names and card texts for the ids a step carries, in the reader's language: a card's or a
    location's words from the game (card_texts.py), else the step's own English. Players' and
    survivors' names are proper names, shown as they are."""

    def __init__(
        self, state: Mapping[str, Any] | None, tr: Translator, locale: str = DEFAULT_LOCALE
    ) -> None:
        self.tr = tr
        self.locale = locale or DEFAULT_LOCALE
        state = state or {}
        self.state = state
        self.seats = {s["id"]: s["name"] for s in state.get("seats") or []}
        self.survivors = {
            s["id"]: s["name"]
            for s in [*(state.get("graveyard") or []), *(state.get("survivors") or [])]
        }

    def card_text(self, card_id: Any, field: str = "name", given: Any = "") -> str:
        """One text of the card ``card_id`` (its ``field``) in the reader's language; the
        step's English ``given`` when the game has no such card, or another one by that id (a
        typed-in crisis, an earlier chapter)."""
        given = str(given or "")
        record = find_card(self.state, card_id)
        if record is None or (given and words(record, field, SOURCE_LOCALE) != given):
            return given or ("" if card_id is None else str(card_id))
        return words(record, field, self.locale) or given

    def option_text(self, card_id: Any, option: Any, given: Any = "") -> str:
        """The text of a crossroads card's option (numbered from 1) in the reader's language."""
        given = str(given or "")
        options = (find_card(self.state, card_id) or {}).get("options") or []
        if isinstance(option, int) and 1 <= option <= len(options):
            picked = options[option - 1]
            if not given or words(picked, "text", SOURCE_LOCALE) == given:
                return words(picked, "text", self.locale) or given
        return given

    def setup_extra(self, objective_id: Any, given: Any = "") -> str:
        """What a main objective's setup side also asks the table, in the reader's language."""
        given = str(given or "")
        setup = (find_card(self.state, objective_id) or {}).get("setup")
        if isinstance(setup, Mapping) and words(setup, "extra", SOURCE_LOCALE) == given:
            return words(setup, "extra", self.locale) or given
        return given

    def seat(self, s: Step, id_key: str = "seat", name_key: str = "seat_name") -> str:
        """A player's name."""
        sid = s.get(id_key)
        return s.get(name_key) or self.seats.get(sid) or str(sid or "")

    def survivor(self, s: Step, id_key: str = "survivor", name_key: str = "name") -> str:
        """A survivor's name (the dead ones too)."""
        sid = s.get(id_key)
        return s.get(name_key) or self.survivors.get(sid) or str(sid or "")

    def place(self, place: Any, given: str = "") -> str:
        """A place's name: the colony, or a location."""
        if place == "colony":
            return self.tr.gettext("the colony")
        return place_words(self.state, place, self.locale, given)

    def card(self, card_id: Any, given: str = "") -> str:
        """A card's name (its id when unknown)."""
        return self.card_text(card_id, "name", given)


Renderer = Callable[[Step, Names, Translator], str]


def _signed(n: int) -> str:
    """'+1', '-2'."""
    return f"{n:+d}"


def _code(table: Mapping[str, str], code: Any, tr: Translator, **fields: Any) -> str:
    """A code's words from one of the tables below; anything else was typed at the table."""
    if code in table:
        return tr.gettext(table[code]).format(**fields)
    return str(code)


def _join(tr: Translator, items: Iterable[Any], last: str = "comma") -> str:
    """'a, b, c' or 'a, b or c' with the catalogue's separators."""
    words = [str(i) for i in items]
    if not words:
        return ""
    text = words[0]
    for k, word in enumerate(words[1:], start=2):
        if last == "or" and k == len(words):
            text = tr.gettext("{list} or {item}").format(list=text, item=word)
        else:
            text = tr.gettext("{list}, {item}").format(list=text, item=word)
    return text


def _source(s: Step, n: Names, tr: Translator, *, capital: bool = False) -> str:
    """The card an effect came from; 'a card' when the table gave none."""
    if s.get("source"):
        return n.card(s.get("source_card"), s["source"])
    return tr.gettext("A card") if capital else tr.gettext("a card")


def _where(s: Step, n: Names, tr: Translator) -> str:
    """'colony entrance 3' or the location's name."""
    if s.get("where") == "colony":
        return tr.gettext("colony entrance {entrance}").format(entrance=s.get("entrance", 1))
    return n.place(s.get("where"), s.get("location_name", ""))


def _place(s: Step, n: Names, key: str = "where") -> str:
    """The place a step names by id (``where``, ``location``, ``to``...)."""
    return n.place(s.get(key), s.get("location_name", ""))


def _symbol(tr: Translator, symbol: Any) -> str:
    return _code(SYMBOL_NAMES, symbol, tr)


def _reason(table: Mapping[str, str], s: Step, n: Names, tr: Translator, **fields: Any) -> str:
    """A step's ``reason``: a code's words, or the card it came from ("card")."""
    if s["reason"] == "card":
        return _source(s, n, tr)
    return _code(table, s["reason"], tr, **fields)


def _cause(s: Step, n: Names, tr: Translator) -> str:
    """Why a survivor died or left: a code's words, a card's name, or the table's own words."""
    cause = s.get("cause")
    if cause == "card":
        return _source(s, n, tr)
    if cause == "wounds":
        wound_cause = s.get("wound_cause")
        why = _source(s, n, tr) if wound_cause == "card" else _code(WOUND_CAUSES, wound_cause, tr)
        return _code(DEATH_CAUSES, cause, tr, count=s.get("wounds", 3), wound_cause=why)
    return _code(DEATH_CAUSES, cause, tr, place=n.place(s.get("place"), s.get("place_name", "")))


# --- renderers, one per kind -------------------------------------------------------------------


def _morale_changed(s: Step, n: Names, tr: Translator) -> str:
    reason = _reason(MORALE_REASONS, s, n, tr, name=n.survivor(s))
    return tr.gettext("Morale {amount} ({reason}): now {morale}.").format(
        amount=_signed(s["amount"]), reason=reason, morale=s["morale"]
    )


def _survivor_died(s: Step, n: Names, tr: Translator) -> str:
    fields = {"name": n.survivor(s), "cause": _cause(s, n, tr)}
    if s["costs_morale"]:
        return tr.gettext("{name} dies ({cause}).").format(**fields)
    return tr.gettext(
        "{name} dies ({cause}); {owner_name} is exiled, so no morale is lost."
    ).format(owner_name=n.seat(s, "owner", "owner_name"), **fields)


def _survivor_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} is removed from the game ({cause}); this is not a death.").format(
        name=n.survivor(s), cause=_cause(s, n, tr)
    )


def _helpless_died(s: Step, n: Names, tr: Translator) -> str:
    if s["unruly"]:
        text = tr.gettext("An unruly helpless survivor dies ({cause}).")
    else:
        text = tr.gettext("A helpless survivor dies ({cause}).")
    return text.format(cause=_cause(s, n, tr))


def _wound_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{name} takes a {wound} token ({total} wound in all).",
        "{name} takes a {wound} token ({total} wounds in all).",
        s["total"],
    ).format(name=n.survivor(s), wound=_code(WOUND_NAMES, s["wound"], tr), total=s["total"])


def _leader_promoted(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{seat_name} makes {name} the new group leader.").format(
        seat_name=n.seat(s), name=n.survivor(s)
    )


def _last_survivor_lost(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{seat_name} has lost their last survivor: remove every card in their hand from the "
        "game, draw a new survivor, put it in the colony and make it their group leader."
    ).format(seat_name=n.seat(s))


def _player_eliminated(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{seat_name} has lost their last survivor and is out of the game (player elimination); "
        "remove every card in their hand from the game."
    ).format(seat_name=n.seat(s))


def _tie_broken(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{names} tie on influence {influence}; the first player chooses. Taken: {chosen}."
    ).format(names=s["names"], influence=s["influence"], chosen=s["chosen"])


def _game_ended(s: Step, n: Names, tr: Translator) -> str:
    return _code(END_SENTENCES, s["reason"], tr)


# --- adding zombies ---


def _zombies_to_add(s: Step, n: Names, tr: Translator) -> str:
    reason = _reason(ZOMBIE_REASONS, s, n, tr)
    return tr.ngettext(
        "{count} zombie to add at {place} ({reason}).",
        "{count} zombies to add at {place} ({reason}).",
        s["count"],
    ).format(count=s["count"], place=_place(s, n), reason=reason)


def _zombie_placed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Zombie {k} → {where}: placed.").format(k=s["k"], where=_where(s, n, tr))


def _barricade_broken(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "Zombie {k} → {where} is full: destroy its barricade; the zombie is not placed."
    ).format(k=s["k"], where=_where(s, n, tr))


def _trap_fired(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Zombie {k} → {where} is full: the explosive trap goes off and removes {cleared} zombie "
        "there; the zombie is not placed.",
        "Zombie {k} → {where} is full: the explosive trap goes off and removes {cleared} zombies "
        "there; the zombie is not placed.",
        s["cleared"],
    ).format(k=s["k"], where=_where(s, n, tr), cleared=s["cleared"])


def _overrun(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Zombie {k} → {where} is full and unprotected: overrun!").format(
        k=s["k"], where=_where(s, n, tr)
    )


def _overrun_nobody(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Nobody is there to be killed; the zombie is not placed.")


def _bandits_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The overrun drives off {count} bandit at {place}.",
        "The overrun drives off {count} bandits at {place}.",
        s["count"],
    ).format(count=s["count"], place=_place(s, n, "location"))


# --- player turns, crossroads, votes, exile and the end of the game ---


def _turn_started(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Round {round}: {seat_name}'s turn begins.").format(
        round=s["round"], seat_name=n.seat(s)
    )


def _crossroads_drawn(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{drawer_name} draws a crossroads card for {seat_name}'s turn and keeps it hidden."
    ).format(drawer_name=n.seat(s, "drawer", "drawer_name"), seat_name=n.seat(s))


def _crossroads_secret(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "Your crossroads card for {seat_name}'s turn is {card}: watch for its trigger."
    ).format(seat_name=n.seat(s), card=n.card(s.get("card"), s.get("card_name", "")))


def _crossroads_deck_empty(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "The crossroads deck is empty: {drawer_name} draws nothing for {seat_name}'s turn."
    ).format(drawer_name=n.seat(s, "drawer", "drawer_name"), seat_name=n.seat(s))


def _frostbite_hurts(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Frostbite: {name} takes 1 more wound as {seat_name}'s turn begins.").format(
        name=n.survivor(s), seat_name=n.seat(s)
    )


def _crossroads_returned(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{drawer_name}'s crossroads card did not trigger; it goes face down under the deck."
    ).format(drawer_name=n.seat(s, "drawer", "drawer_name"))


def _turn_ended(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{seat_name}'s turn ends.").format(seat_name=n.seat(s))


def _turns_over(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Everyone has had a turn this round: run the colony phase next.")


def _crossroads_revealed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{drawer_name} reveals the crossroads card {name}: {trigger}").format(
        drawer_name=n.seat(s, "drawer", "drawer_name"),
        name=n.card(s.get("card"), s.get("name", "")),
        trigger=n.card_text(s.get("card"), "trigger", s.get("trigger", "")),
    )


def _crossroads_option_chosen(s: Step, n: Names, tr: Translator) -> str:
    if s["by_vote"]:
        text = tr.gettext("The vote settles it: option {option}: {text}")
    else:
        text = tr.gettext("{seat_name} takes option {option}: {text}")
    return text.format(
        seat_name=n.seat(s),
        option=s["option"],
        text=n.option_text(s.get("card"), s["option"], s.get("text")),
    )


def _crossroads_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} leaves the game.").format(
        name=n.card(s.get("card"), s.get("name", ""))
    )


def _subject(s: Step, n: Names, tr: Translator) -> str:
    """What a vote is about."""
    subject = s["subject"]
    if subject in VOTE_SUBJECTS_NAMED and (s.get("target") or s.get("card")):
        return tr.gettext(VOTE_SUBJECTS_NAMED[subject]).format(
            target_name=n.seat(s, "target", "target_name"),
            card_name=n.card(s.get("card"), s.get("card_name", "")),
        )
    return _code(VOTE_SUBJECTS, subject, tr)


def _vote_opened(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("A vote on {subject} is open: each player votes on their phone.").format(
        subject=_subject(s, n, tr)
    )


def _vote_cast(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{seat_name} has voted.").format(seat_name=n.seat(s))


def _vote_tally(s: Step, n: Names, tr: Translator) -> str:
    subject = _subject(s, n, tr)
    up, down = s["up"], s["down"]
    if up == down:
        text = tr.ngettext(
            "Vote on {subject}: {up} thumb up, {down} down: a tie.",
            "Vote on {subject}: {up} thumbs up, {down} down: a tie.",
            up,
        )
    elif s["passed"]:
        text = tr.ngettext(
            "Vote on {subject}: {up} thumb up, {down} down: it passes.",
            "Vote on {subject}: {up} thumbs up, {down} down: it passes.",
            up,
        )
    else:
        text = tr.ngettext(
            "Vote on {subject}: {up} thumb up, {down} down: it fails.",
            "Vote on {subject}: {up} thumbs up, {down} down: it fails.",
            up,
        )
    return text.format(subject=subject, up=up, down=down)


def _crossroads_no_option(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} has no option for this outcome; nothing happens.").format(
        name=n.card(s.get("card"), s.get("name", ""))
    )


def _vote_tie_broken(s: Step, n: Names, tr: Translator) -> str:
    if s["ruling"] and s["passed"]:
        text = tr.gettext(
            "The first player is exiled, so {breaker_name}, the nearest player to their left who "
            "may vote, settles the tie (table ruling): the vote passes."
        )
    elif s["ruling"]:
        text = tr.gettext(
            "The first player is exiled, so {breaker_name}, the nearest player to their left who "
            "may vote, settles the tie (table ruling): the vote fails."
        )
    elif s["passed"]:
        text = tr.gettext("{breaker_name}, the first player, settles the tie: the vote passes.")
    else:
        text = tr.gettext("{breaker_name}, the first player, settles the tie: the vote fails.")
    return text.format(breaker_name=n.seat(s, "breaker", "breaker_name"))


def _exile_vote_called(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{caller_name} calls a vote to exile {target_name}.").format(
        caller_name=n.seat(s, "caller", "caller_name"),
        target_name=n.seat(s, "target", "target_name"),
    )


def _exile_refused(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{target_name} is not exiled.").format(
        target_name=n.seat(s, "target", "target_name")
    )


def _player_exiled(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{target_name} is exiled: no more votes, crisis cards or food tokens for them, and "
        "their survivors die without costing morale."
    ).format(target_name=n.seat(s, "target", "target_name"))


def _exiled_objective_drawn(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{seat_name} draws an exiled secret objective and keeps it beside the first one."
    ).format(seat_name=n.seat(s))


def _exiled_objective_secret(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Your exiled secret objective is {card}.").format(
        card=n.card(s.get("card"), s.get("card_name", ""))
    )


def _exiled_objectives_empty(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("No exiled objectives are left: {seat_name} draws nothing.").format(
        seat_name=n.seat(s)
    )


def _exiled_survivor_moved(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Roll for exposure for {name}, who had to leave the colony.").format(
        name=n.survivor(s)
    )


def _exiled_must_move(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{seat_name} must still move {names} out of the colony to other locations, rolling for "
        "exposure for each."
    ).format(seat_name=n.seat(s), names=s["names"])


def _objective_marked(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{seat_name} has marked their secret objective.").format(seat_name=n.seat(s))


def _winners_declared(s: Step, n: Names, tr: Translator) -> str:
    if s["coop"]:
        if s["winners"]:
            return tr.gettext("Everyone wins: the colony completed the main objective.")
        return tr.gettext("Everyone loses: the colony did not complete the main objective.")
    if not s["winner_names"]:
        return tr.gettext("Nobody completed a secret objective: everyone loses.")
    names = _join(tr, s["winner_names"])
    if s["loser_names"]:
        return tr.gettext("Winners: {names}. Everyone else loses.").format(names=names)
    return tr.gettext("Winners: {names}.").format(names=names)


# --- game setup and dealing ---


def _game_set_up(s: Step, n: Names, tr: Translator) -> str:
    side = _code(SIDES, s["side"], tr)
    return " ".join(
        [
            tr.ngettext(
                "New game of {players} player: {main_objective} ({side} side).",
                "New game of {players} players: {main_objective} ({side} side).",
                s["players"],
            ).format(
                players=s["players"],
                main_objective=n.card(s.get("objective"), s["main_objective"]),
                side=side,
            ),
            tr.gettext("Morale starts at {morale}, the round track at {round_track}.").format(
                morale=s["morale"], round_track=s["round_track"]
            ),
            tr.ngettext(
                "{food} food token in the supply.", "{food} food tokens in the supply.", s["food"]
            ).format(food=s["food"]),
            tr.ngettext(
                "{helpless} helpless survivor in the colony.",
                "{helpless} helpless survivors in the colony.",
                s["helpless"],
            ).format(helpless=s["helpless"]),
        ]
    )


def _starting_items(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Each player draws {count} starting item card.",
        "Each player draws {count} starting item cards.",
        s["count"],
    ).format(count=s["count"])


def _survivors_dealt(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Each player is dealt {count} survivor card in secret and keeps {keep}; the first one "
        "kept leads the group.",
        "Each player is dealt {count} survivor cards in secret and keeps {keep}; the first one "
        "kept leads the group.",
        s["count"],
    ).format(count=s["count"], keep=s["keep"])


def _survivors_dealt_private(s: Step, n: Names, tr: Translator) -> str:
    names = _join(tr, (n.card(c, n.survivors.get(c, "")) for c in s["survivors"]))
    return tr.gettext("Your survivor cards: {names}. Choose the ones you keep.").format(names=names)


def _survivors_kept(s: Step, n: Names, tr: Translator) -> str:
    names = s.get("names") or [n.card(c, n.survivors.get(c, "")) for c in s["survivors"]]
    return tr.gettext("{seat_name} keeps {names}; {leader} leads the group.").format(
        seat_name=n.seat(s), names=_join(tr, names), leader=names[0] if names else ""
    )


def _survivors_returned(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The survivors nobody kept go back into the survivor deck: {deck} card in it now.",
        "The survivors nobody kept go back into the survivor deck: {deck} cards in it now.",
        s["deck"],
    ).format(deck=s["deck"])


def _setup_extra(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("This main objective also asks the table to: {extra}").format(
        extra=n.setup_extra(s.get("objective"), s["extra"])
    )


def _objective_received(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Your secret objective is {name}. Keep it to yourself.").format(
        name=n.card(s.get("objective"), s.get("name", ""))
    )


def _objectives_dealt(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "Each player has received a secret objective on their phone; one of the cards set aside "
        "was a betrayal objective."
    )


def _no_secret_objectives(s: Step, n: Names, tr: Translator) -> str:
    if s["reason"] == "coop":
        return tr.gettext(
            "Co-op rules: nobody holds a secret objective and nobody can be exiled; everyone "
            "plays for the main objective."
        )
    return tr.gettext("No secret objective cards were given, so none were dealt.")


def _decks_built(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "Decks shuffled: crossroads {crossroads}, crises {crises}, exiled objectives "
        "{exiled_objectives}."
    ).format(
        crossroads=s["crossroads"], crises=s["crises"], exiled_objectives=s["exiled_objectives"]
    )


def _first_player_chosen(s: Step, n: Names, tr: Translator) -> str:
    text = tr.gettext(
        "{seat_name} takes the first player token: their group leader {leader} has the highest "
        "influence ({influence})."
    ).format(seat_name=n.seat(s), leader=s["leader"], influence=s["influence"])
    if not s.get("tied_with"):
        return text
    tie = tr.gettext(
        "Tied with {tied_with}; the seat listed first goes first, swap if you agree."
    ).format(tied_with=s["tied_with"])
    return f"{text} {tie}"


# --- board actions, exposure and the spreading bite ---


def _exposure_rolled(s: Step, n: Names, tr: Translator) -> str:
    texts = {
        "blank": tr.gettext("{name} rolls for exposure: blank, nothing happens."),
        "wound": tr.gettext("{name} rolls for exposure: a wound."),
        "frostbite": tr.gettext("{name} rolls for exposure: frostbite."),
        "bite": tr.gettext("{name} rolls for exposure: bitten!"),
    }
    return texts[s["result"]].format(name=n.survivor(s))


def _exposure_skipped(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} does not roll for exposure ({reason}).").format(
        name=n.survivor(s), reason=_code(SKIP_REASONS, s["reason"], tr)
    )


def _bite_spreads(s: Step, n: Names, tr: Translator) -> str:
    fields = {"name": n.survivor(s), "place": _place(s, n)}
    if s.get("seat"):
        return tr.gettext(
            "The bite spreads to {name}, the lowest influence left at {place}: {owner_name} kills "
            "them or rolls the exposure die for them."
        ).format(owner_name=n.seat(s, "seat", "owner_name"), **fields)
    return tr.gettext(
        "The bite spreads to {name}, the lowest influence left at {place}: the table kills them "
        "or rolls the exposure die for them."
    ).format(**fields)


def _bite_stops_nobody(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Nobody is left at {place}: the bite stops spreading.").format(
        place=_place(s, n)
    )


def _bite_kill_chosen(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} is killed to stop the bite from spreading.").format(
        name=n.survivor(s)
    )


def _bite_roll(s: Step, n: Names, tr: Translator) -> str:
    if s["result"] == "blank":
        text = tr.gettext("{name} rolls the exposure die against the bite: blank: safe.")
    else:
        text = tr.gettext("{name} rolls the exposure die against the bite: {result}: not safe.")
    return text.format(name=n.survivor(s), result=_code(EXPOSURE_FACES, s["result"], tr))


def _bite_survived(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} survives, and the bite stops spreading.").format(name=n.survivor(s))


def _survivor_moved(s: Step, n: Names, tr: Translator) -> str:
    if s["free"]:
        text = tr.gettext(
            "{name} moves from {came_from} to {to} (this move does not use their move for the "
            "turn)."
        )
    else:
        text = tr.gettext("{name} moves from {came_from} to {to}.")
    return text.format(
        name=n.survivor(s),
        came_from=n.place(s.get("came_from"), s.get("from_name", "")),
        to=n.place(s.get("to"), s.get("to_name", "")),
    )


def _zombies_killed(s: Step, n: Names, tr: Translator) -> str:
    if s.get("by"):
        text = tr.ngettext(
            "{count} zombie killed at {where} by {by}.",
            "{count} zombies killed at {where} by {by}.",
            s["count"],
        )
    else:
        text = tr.ngettext(
            "{count} zombie killed at {where}.", "{count} zombies killed at {where}.", s["count"]
        )
    return text.format(count=s["count"], where=_where(s, n, tr), by=s.get("by", ""))


def _barricade_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("A barricade goes up at {where}.").format(where=_where(s, n, tr))


def _barricade_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("A barricade comes off {where}.").format(where=_where(s, n, tr))


def _trap_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("An explosive trap is set at {where}.").format(where=_where(s, n, tr))


def _trap_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("An explosive trap is taken off {where} without going off.").format(
        where=_where(s, n, tr)
    )


def _entrance_of(n: Names, tr: Translator, place: Any, number: Any, name: str) -> str:
    """'entrance 2 of the colony' or 'the entrance of the Police Station'."""
    if place == "colony":
        return tr.gettext("entrance {entrance} of the colony").format(entrance=number)
    return tr.gettext("the entrance of the {location}").format(location=n.place(place, name))


def _zombie_attracted(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("A zombie is drawn from {came_from} to {to}.").format(
        came_from=_entrance_of(
            n, tr, s.get("from_where"), s.get("from_entrance"), s.get("from_location_name", "")
        ),
        to=_entrance_of(n, tr, s.get("where"), s.get("entrance"), s.get("location_name", "")),
    )


def _noise_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} noise token placed at the {place} ({noise} of 4 there now).",
        "{count} noise tokens placed at the {place} ({noise} of 4 there now).",
        s["count"],
    ).format(count=s["count"], place=_place(s, n, "location"), noise=s["noise"])


def _noise_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} noise token taken off the {place} ({noise} left there).",
        "{count} noise tokens taken off the {place} ({noise} left there).",
        s["count"],
    ).format(count=s["count"], place=_place(s, n, "location"), noise=s["noise"])


def _cards_played(s: Step, n: Names, tr: Translator) -> str:
    count = s["count"]
    if s["removed"] == "event":
        text = tr.ngettext(
            "{seat_name} plays {count} card: event cards leave the game instead of going on the "
            "waste pile.",
            "{seat_name} plays {count} cards: event cards leave the game instead of going on the "
            "waste pile.",
            count,
        )
    elif s["removed"] == "exiled":
        text = tr.ngettext(
            "{seat_name} plays {count} card: played by an exiled player, it leaves the game "
            "instead of being wasted.",
            "{seat_name} plays {count} cards: played by an exiled player, they leave the game "
            "instead of being wasted.",
            count,
        )
    else:
        text = tr.ngettext(
            "{seat_name} plays {count} card onto the waste pile (now {waste}).",
            "{seat_name} plays {count} cards onto the waste pile (now {waste}).",
            count,
        )
    return text.format(seat_name=n.seat(s), count=count, waste=s["waste"])


def _waste_cleaned(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} cleans the waste: {removed} card leaves the game, {waste} left on the pile.",
        "{seat_name} cleans the waste: {removed} cards leave the game, {waste} left on the pile.",
        s["removed"],
    ).format(seat_name=n.seat(s), removed=s["removed"], waste=s["waste"])


def _waste_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} card onto the waste pile: now {waste}.",
        "{count} cards onto the waste pile: now {waste}.",
        s["count"],
    ).format(count=s["count"], waste=s["waste"])


def _food_spent(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} spends {count} food token for +{count} on an action die; {food} left in "
        "the supply.",
        "{seat_name} spends {count} food tokens for +{count} on an action die; {food} left in "
        "the supply.",
        s["count"],
    ).format(seat_name=n.seat(s), count=s["count"], food=s["food"])


def _food_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{count} food token added to the supply: now {food}.",
        "{count} food tokens added to the supply: now {food}.",
        s["count"],
    ).format(count=s["count"], food=s["food"])


def _helpless_added(s: Step, n: Names, tr: Translator) -> str:
    count = s["count"]
    if s["unruly"]:
        text = tr.ngettext(
            "{count} unruly helpless survivor joins the colony.",
            "{count} unruly helpless survivors join the colony.",
            count,
        )
    else:
        text = tr.ngettext(
            "{count} helpless survivor joins the colony.",
            "{count} helpless survivors join the colony.",
            count,
        )
    text = text.format(count=count)
    if not s.get("left_out"):
        return text
    more = tr.ngettext(
        "{left_out} more finds no empty survivor space and is not added.",
        "{left_out} more find no empty survivor space and are not added.",
        s["left_out"],
    ).format(left_out=s["left_out"])
    return f"{text} {more}"


def _helpless_not_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{seat_name} is exiled: the helpless survivors they would bring are not added."
    ).format(seat_name=n.seat(s))


def _unruly_calmed(s: Step, n: Names, tr: Translator) -> str:
    if s["wasted"]:
        text = tr.gettext(
            "{seat_name} calms an unruly helpless survivor with a medicine card (onto the waste "
            "pile, now {waste})."
        )
    else:
        text = tr.gettext(
            "{seat_name} calms an unruly helpless survivor with a medicine card (played by an "
            "exiled player, the card leaves the game)."
        )
    return text.format(seat_name=n.seat(s), waste=s["waste"])


def _wound_healed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} loses a {wound} token.").format(
        name=n.survivor(s), wound=_code(WOUND_NAMES, s["wound"], tr)
    )


def _despair_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} loses a despair token.").format(name=n.survivor(s))


def _survivor_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} joins {seat_name}'s group at {place}.").format(
        name=n.survivor(s), seat_name=n.seat(s), place=_place(s, n)
    )


def _counter_set(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Table correction: {counter} set from {old} to {value}.").format(
        counter=_code(COUNTER_NAMES, s["counter"], tr), old=s["old"], value=s["value"]
    )


def _capacity_set(s: Step, n: Names, tr: Translator) -> str:
    value = s["value"]
    if s["what"] == "survivor_spaces":
        text = tr.ngettext(
            "Table setting: {place} now has {value} survivor space.",
            "Table setting: {place} now has {value} survivor spaces.",
            value,
        )
    elif s.get("entrance") is None:
        text = tr.ngettext(
            "Table setting: {place} now has {value} entrance space.",
            "Table setting: {place} now has {value} entrance spaces.",
            value,
        )
    else:
        text = tr.ngettext(
            "Table setting: {place} now has {value} space at entrance {entrance}.",
            "Table setting: {place} now has {value} spaces at entrance {entrance}.",
            value,
        )
    return text.format(place=_place(s, n), value=value, entrance=s.get("entrance"))


# --- colony phase, crisis and card effects ---


def _effect_by_hand(s: Step, n: Names, tr: Translator) -> str:
    source = _source(s, n, tr, capital=True)
    if s.get("need"):
        return _code(
            BY_HAND_NEEDS,
            s["need"],
            tr,
            source=source,
            target=_code(TARGET_NAMES, s.get("target"), tr),
        )
    text = words(s.get("effect"), "text", n.locale) or s.get("text", "")
    return tr.gettext("{source}: {text}").format(source=source, text=text)


def _food_changed(s: Step, n: Names, tr: Translator) -> str:
    if s["amount"] != s["wanted"]:
        text = tr.gettext(
            "{source}: food {amount}, now {food} (the card asked for {wanted}; the supply had no "
            "more)."
        )
    else:
        text = tr.gettext("{source}: food {amount}, now {food}.")
    return text.format(
        source=_source(s, n, tr, capital=True),
        amount=_signed(s["amount"]),
        wanted=_signed(s["wanted"]),
        food=s["food"],
    )


def _starvation_changed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{source}: starvation tokens {amount}, now {starvation}.").format(
        source=_source(s, n, tr, capital=True),
        amount=_signed(s["amount"]),
        starvation=s["starvation"],
    )


def _waste_changed(s: Step, n: Names, tr: Translator) -> str:
    if s["amount"] != s["wanted"]:
        text = tr.gettext("{source}: waste pile {amount}, now {waste} (it was already empty).")
    else:
        text = tr.gettext("{source}: waste pile {amount}, now {waste}.")
    return text.format(
        source=_source(s, n, tr, capital=True), amount=_signed(s["amount"]), waste=s["waste"]
    )


def _round_track_changed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{source}: round track {amount}, now {round_track}.").format(
        source=_source(s, n, tr, capital=True),
        amount=_signed(s["amount"]),
        round_track=s["round_track"],
    )


def _helpless_removed(s: Step, n: Names, tr: Translator) -> str:
    if s["count"] != s["wanted"]:
        text = tr.ngettext(
            "{count} helpless survivor leaves the colony (not a death); the card asked for "
            "{wanted}.",
            "{count} helpless survivors leave the colony (not a death); the card asked for "
            "{wanted}.",
            s["count"],
        )
    else:
        text = tr.ngettext(
            "{count} helpless survivor leaves the colony (not a death).",
            "{count} helpless survivors leave the colony (not a death).",
            s["count"],
        )
    return text.format(count=s["count"], wanted=s["wanted"])


def _helpless_turned(s: Step, n: Names, tr: Translator) -> str:
    count = abs(s["count"])
    if s["wanted"] >= 0:
        text = tr.ngettext(
            "{count} helpless survivor turns unruly: now {normal} normal and {unruly} unruly.",
            "{count} helpless survivors turn unruly: now {normal} normal and {unruly} unruly.",
            count,
        )
    else:
        text = tr.ngettext(
            "{count} helpless survivor calms down: now {normal} normal and {unruly} unruly.",
            "{count} helpless survivors calm down: now {normal} normal and {unruly} unruly.",
            count,
        )
    return text.format(count=count, normal=s["normal"], unruly=s["unruly_now"])


def _zombies_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{source}: {count} zombie leaves {place}.",
        "{source}: {count} zombies leave {place}.",
        s["count"],
    ).format(source=_source(s, n, tr, capital=True), count=s["count"], place=_place(s, n))


def _effect_place_missing(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{source}: {where} is not on this table's board; nothing happens there."
    ).format(source=_source(s, n, tr, capital=True), where=s["where"])


def _random_location(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Random location: the die shows {roll}, so {place}.").format(
        roll=s["roll"], place=_place(s, n, "location")
    )


def _random_location_none(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "Random location: the die shows {roll}, and no location has that number; nothing happens."
    ).format(roll=s["roll"])


def _helpless_no_room(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{source}: the colony has no empty survivor space; the {count} helpless survivor is not "
        "added.",
        "{source}: the colony has no empty survivor space; the {count} helpless survivors are "
        "not added.",
        s["count"],
    ).format(source=_source(s, n, tr, capital=True), count=s["count"])


def _noise_lost(s: Step, n: Names, tr: Translator) -> str:
    held = tr.ngettext(
        "The {place} already holds {noise} noise token, 4 at most.",
        "The {place} already holds {noise} noise tokens, 4 at most.",
        s["noise"],
    ).format(place=_place(s, n, "location"), noise=s["noise"])
    lost = tr.ngettext(
        "{count} more token cannot be placed.", "{count} more tokens cannot be placed.", s["count"]
    ).format(count=s["count"])
    return f"{held} {lost}"


def _noise_not_at_colony(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{source}: noise is only made at locations; nothing happens.").format(
        source=_source(s, n, tr, capital=True)
    )


def _defence_lost(s: Step, n: Names, tr: Translator) -> str:
    if s["what"] == "barricade":
        text = tr.gettext("No empty entrance space at {place}: the barricade is lost.")
    else:
        text = tr.gettext("No empty entrance space at {place}: the trap is lost.")
    return text.format(place=_place(s, n))


def _defence_missing(s: Step, n: Names, tr: Translator) -> str:
    if s["what"] == "barricade":
        text = tr.gettext("There is no barricade left to remove at {place}.")
    else:
        text = tr.gettext("There is no trap left to remove at {place}.")
    return text.format(place=_place(s, n))


def _effect_no_target(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{source}: nobody fits ({target}); nothing happens.").format(
        source=_source(s, n, tr, capital=True), target=_code(TARGET_NAMES, s["target"], tr)
    )


def _crisis_revealed(s: Step, n: Names, tr: Translator) -> str:
    prevent = _join(tr, (_symbol(tr, p) for p in s["prevent"]), last="or")
    return tr.ngettext(
        "Crisis: {name}. Prevent it with {prevent}: the colony needs {target} point. If it "
        "fails: {fail_text}",
        "Crisis: {name}. Prevent it with {prevent}: the colony needs {target} points. If it "
        "fails: {fail_text}",
        s["target"],
    ).format(
        name=n.card(s.get("crisis"), s["name"]),
        prevent=prevent,
        target=s["target"],
        fail_text=n.card_text(s.get("crisis"), "fail_text", s["fail_text"]),
    )


def _bandits_rolled(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "This crisis places no bandits; two random locations are rolled: {rolls}."
    ).format(rolls=_join(tr, s["rolls"]))


def _bandit_placed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("A bandit moves into {place} ({bandits} there now).").format(
        place=_place(s, n, "location"), bandits=s["bandits"]
    )


def _bandit_not_placed(s: Step, n: Names, tr: Translator) -> str:
    if s["full"]:
        return tr.gettext("No bandit goes to {place}: every survivor space there is taken.").format(
            place=_place(s, n, "location")
        )
    return tr.gettext("No location has the number {number}: that bandit is not placed.").format(
        number=s["number"]
    )


def _crisis_card_added(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} adds {count} card face down to the crisis ({total} in all).",
        "{seat_name} adds {count} cards face down to the crisis ({total} in all).",
        s["count"],
    ).format(seat_name=n.seat(s), count=s["count"], total=s["total"])


def _crisis_contribution_private(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "You added {symbols} to the crisis ({total} card in all).",
        "You added {symbols} to the crisis ({total} cards in all).",
        s["total"],
    ).format(symbols=_join(tr, (_symbol(tr, x) for x in s["symbols"])), total=s["total"])


def _crisis_cards_entered(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The table adds {count} card face down to the crisis ({total} in all).",
        "The table adds {count} cards face down to the crisis ({total} in all).",
        s["count"],
    ).format(count=s["count"], total=s["total"])


def _crisis_cards_withdrawn(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{seat_name} takes back {count} card from the crisis ({total} left).",
        "{seat_name} takes back {count} cards from the crisis ({total} left).",
        s["count"],
    ).format(seat_name=n.seat(s), count=s["count"], total=s["total"])


def _crisis_none(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("No crisis is in play this round; nothing to resolve.")


def _crisis_resolving(s: Step, n: Names, tr: Translator) -> str:
    shuffled = tr.ngettext(
        "Resolving {name}: {count} card shuffled.",
        "Resolving {name}: {count} cards shuffled.",
        s["count"],
    ).format(name=n.card(s.get("crisis"), s["name"]), count=s["count"])
    needed = tr.ngettext("{target} point needed.", "{target} points needed.", s["target"]).format(
        target=s["target"]
    )
    return f"{shuffled} {needed}"


def _crisis_card_revealed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Card {k}: {symbol} ({points}), total {total}.").format(
        k=s["k"], symbol=_symbol(tr, s["symbol"]), points=_signed(s["points"]), total=s["total"]
    )


def _crisis_failed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} is not prevented ({total} of {target}): {fail_text}").format(
        name=n.card(s.get("crisis"), s["name"]),
        total=s["total"],
        target=s["target"],
        fail_text=n.card_text(s.get("crisis"), "fail_text", s["fail_text"]),
    )


def _crisis_prevented(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("{name} is prevented ({total} of {target}).").format(
        name=n.card(s.get("crisis"), s["name"]), total=s["total"], target=s["target"]
    )


def _crisis_bonus(s: Step, n: Names, tr: Translator) -> str:
    if s.get("bonus_text"):
        return tr.gettext("Two or more over the target: {bonus_text}").format(
            bonus_text=n.card_text(s.get("crisis"), "bonus_text", s["bonus_text"])
        )
    if s.get("default_bonus"):
        return tr.gettext("Two or more over the target: the colony gains 1 morale.")
    return tr.gettext("Two or more over the target: the crisis card's bonus applies.")


def _crisis_cards_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The {count} crisis card is removed from the game.",
        "The {count} crisis cards are removed from the game.",
        s["count"],
    ).format(count=s["count"])


def _colony_phase_began(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Round {round}: the colony phase begins.").format(round=s["round"])


def _colony_phase_paused(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "The colony phase waits for the decision above; it carries on with {next_step}."
    ).format(next_step=_code(COLONY_STEP_NAMES, s["next_step"], tr))


def _food_paid(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{colonists} colonist eats {need} food; {food} left.",
        "{colonists} colonists eat {need} food; {food} left.",
        s["colonists"],
    ).format(colonists=s["colonists"], need=s["need"], food=s["food"])


def _colony_starves(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "{colonists} colonist needs {need} food but the supply holds {food}: none is paid and a "
        "starvation token is added ({starvation} now).",
        "{colonists} colonists need {need} food but the supply holds {food}: none is paid and a "
        "starvation token is added ({starvation} now).",
        s["colonists"],
    ).format(colonists=s["colonists"], need=s["need"], food=s["food"], starvation=s["starvation"])


def _waste_checked(s: Step, n: Names, tr: Translator) -> str:
    if s["loss"]:
        text = tr.ngettext(
            "The waste pile holds {waste} card: morale -{loss}.",
            "The waste pile holds {waste} cards: morale -{loss}.",
            s["waste"],
        )
    else:
        text = tr.ngettext(
            "The waste pile holds {waste} card: no morale is lost.",
            "The waste pile holds {waste} cards: no morale is lost.",
            s["waste"],
        )
    return text.format(waste=s["waste"], loss=s["loss"])


def _noise_resolved(s: Step, n: Names, tr: Translator) -> str:
    if "roll" in s:
        if s["hit"]:
            text = tr.gettext("Noise at {place}: rolled {roll}, a zombie comes.")
        else:
            text = tr.gettext("Noise at {place}: rolled {roll}, nothing comes.")
    elif s["hit"]:
        text = tr.gettext("Noise at {place}: the token lands !!!, a zombie comes.")
    else:
        text = tr.gettext("Noise at {place}: the token lands blank, nothing comes.")
    return text.format(place=_place(s, n, "location"), roll=s.get("roll"))


def _main_objective_checked(s: Step, n: Names, tr: Translator) -> str:
    if s["met"]:
        return tr.gettext("The main objective is met.")
    return tr.gettext("The main objective is not met yet.")


def _round_track_moved(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "The round track moves down: {round_track} round left.",
        "The round track moves down: {round_track} rounds left.",
        s["round_track"],
    ).format(round_track=s["round_track"])


def _first_player_kept(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("The vote passed: {seat_name} stays first player.").format(
        seat_name=n.seat(s)
    )


def _first_player_passed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("The first player token passes right, to {seat_name}.").format(
        seat_name=n.seat(s)
    )


def _round_began(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "Round {round} begins ({round_track} on the round track): reveal a crisis."
    ).format(round=s["round"], round_track=s["round_track"])


# --- the special scenarios (scenarios.py) ---


def _scenario_set_up(s: Step, n: Names, tr: Translator) -> str:
    text = tr.gettext(
        "Special scenario: {scenario}. Main objective: Special Main Objective {title}. "
        "Read aloud: {section}."
    )
    if s["chapter"] > 1:
        text += " " + tr.gettext(
            "The game starts at a later chapter: first do what the earlier chapters' sections say."
        )
    return text.format(
        scenario=_code(SCENARIO_NAMES, s["scenario"], tr),
        title=_code(CHAPTER_TITLES, s["code"], tr),
        section=_code(CHAPTER_SECTIONS, s["code"], tr),
    )


def _bandit_betrayal_dealt(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "Bandit Blitz: the Bandit Betrayal objective took the place of the random betrayal "
        "card among the secret objectives dealt (you may read it aloud first: it needs "
        "Special Main Objective B2 completed)."
    )


def _scenario_task(s: Step, n: Names, tr: Translator) -> str:
    return _code(SCENARIO_TASKS, s["task"], tr)


def _chapter_completed(s: Step, n: Names, tr: Translator) -> str:
    title = _code(CHAPTER_TITLES, s["code"], tr)
    if s["last"]:
        return tr.gettext(
            "Special Main Objective {title} is complete: it is the scenario's last chapter."
        ).format(title=title)
    text = tr.gettext(
        "Special Main Objective {title} is complete, and the game goes on. Read aloud: "
        "{section}. Its card leaves at the beginning of the next round."
    ).format(title=title, section=_code(CHAPTER_SECTIONS, s["next_code"], tr))
    if s.get("reader"):
        text += " " + tr.gettext(
            "{seat_name} reads it and follows it (fewest survivors in their following; on a "
            "tie, the highest influence)."
        ).format(seat_name=n.seat(s, "reader", "reader_name"))
    return text


def _scenario_sent_home(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{name} goes back from {place} to the colony (not a move: no exposure roll)."
    ).format(name=n.survivor(s), place=n.place(s.get("came_from"), s.get("from_name", "")))


def _scenario_exiled_stays(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{name} stays at {place}: their player is exiled and may not enter the colony."
    ).format(name=n.survivor(s), place=n.place(s.get("came_from"), s.get("from_name", "")))


def _chapter_began(s: Step, n: Names, tr: Translator) -> str:
    text = tr.gettext(
        "Remove card {previous} from the game and put Special Main Objective {title} on the "
        "colony board."
    ).format(previous=s["previous"], title=_code(CHAPTER_TITLES, s["code"], tr))
    if s["last"]:
        text += " " + tr.gettext("Complete it to end the game.")
    return text


SCENARIO_RENDERERS: dict[str, Renderer] = {
    "scenario_set_up": _scenario_set_up,
    "bandit_betrayal_dealt": _bandit_betrayal_dealt,
    "scenario_task": _scenario_task,
    "chapter_completed": _chapter_completed,
    "scenario_sent_home": _scenario_sent_home,
    "scenario_exiled_stays": _scenario_exiled_stays,
    "chapter_began": _chapter_began,
}
# --- the Long Night modules' setup, improvements and main objective progress ---

MODULE_SETUP_SENTENCES = {
    ("improvements", "module_cards"): N_(
        "Improvements module: the crisis, survivor, crossroads and objective cards with the "
        "hammer icon join their decks."
    ),
    ("improvements", "improvement_row"): N_(
        "Improvements module: shuffle the improvement deck, lay 4 improvement cards face up in "
        "a row beside the colony, and enter them on the table screen."
    ),
    ("bandits", "module_cards"): N_(
        "Bandits module: the crisis, survivor, crossroads and objective cards with the bandit "
        "icon join their decks."
    ),
    ("bandits", "hideout"): N_(
        "Bandits module: put the Bandits' Hideout location on the table (it has no search "
        "deck) and the bandit standees beside it."
    ),
    ("raxxon", "module_cards"): N_(
        "Raxxon module: the crisis, survivor, crossroads and objective cards with the skull "
        "icon join their decks."
    ),
    ("raxxon", "raxxon_location"): N_(
        "Raxxon module: put the Raxxon location on the table and build its search deck like "
        "the other locations'."
    ),
    ("raxxon", "experiments"): N_(
        "Raxxon module: shuffle the Raxxon experiment deck and lay it on Raxxon, audio log side "
        "up; anyone may read the top card's audio log at any time."
    ),
    ("raxxon", "side_effects"): N_(
        "Raxxon module: put the Raxxon side effect deck beside Raxxon, unshuffled; anyone may "
        "look through it at any time."
    ),
}
"""module_setup ``module`` and ``part`` (module_setup.MODULE_PARTS)."""


def _module_setup(s: Step, n: Names, tr: Translator) -> str:
    key = (s["module"], s["part"])
    return tr.gettext(MODULE_SETUP_SENTENCES[key]) if key in MODULE_SETUP_SENTENCES else str(key)


def _improvement_placed(s: Step, n: Names, tr: Translator) -> str:
    return tr.ngettext(
        "Improvement {name} lies face up: it needs {needs} advancement token.",
        "Improvement {name} lies face up: it needs {needs} advancement tokens.",
        s["needs"],
    ).format(name=s["name"], needs=s["needs"])


def _improvement_removed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Improvement {name} is taken off the row.").format(name=s["name"])


def _advancement_changed(s: Step, n: Names, tr: Translator) -> str:
    if s["amount"] > 0:
        text = tr.ngettext(
            "{amount} advancement token on {name}",
            "{amount} advancement tokens on {name}",
            s["amount"],
        )
    else:
        text = tr.ngettext(
            "{amount} advancement token off {name}",
            "{amount} advancement tokens off {name}",
            -s["amount"],
        )
    return tr.gettext("{change}: {tokens} of {needs}.").format(
        change=text.format(amount=abs(s["amount"]), name=s["name"]),
        tokens=s["tokens"],
        needs=s["needs"],
    )


def _improvement_built(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext(
        "{name} is built: its ongoing effects are active from now on. Move it to the centre of "
        "the colony board; the table applies its effects (the companion tracks only that it is "
        "active)."
    ).format(name=s["name"])


def _counted(s: Step, tr: Translator) -> str:
    return _code(COUNTED_NAMES, s["what"], tr)


def _objective_progress_changed(s: Step, n: Names, tr: Translator) -> str:
    return tr.gettext("Main objective: {progress} of {target} {what}.").format(
        progress=s["progress"], target=s["target"], what=_counted(s, tr)
    )


def _main_objective_counted(s: Step, n: Names, tr: Translator) -> str:
    if s["met"]:
        text = tr.gettext("The main objective is met: {count} of {target} {what}.")
    else:
        text = tr.gettext("The main objective is not met yet: {count} of {target} {what}.")
    return text.format(count=s["count"], target=s["target"], what=_counted(s, tr))


RENDERERS: dict[str, Renderer] = {
    # tracks, deaths and the end of the game
    "morale_changed": _morale_changed,
    "survivor_died": _survivor_died,
    "survivor_removed": _survivor_removed,
    "helpless_died": _helpless_died,
    "wound_added": _wound_added,
    "leader_promoted": _leader_promoted,
    "last_survivor_lost": _last_survivor_lost,
    "player_eliminated": _player_eliminated,
    "tie_broken": _tie_broken,
    "game_ended": _game_ended,
    # adding zombies
    "zombies_to_add": _zombies_to_add,
    "zombie_placed": _zombie_placed,
    "barricade_broken": _barricade_broken,
    "trap_fired": _trap_fired,
    "overrun": _overrun,
    "overrun_nobody": _overrun_nobody,
    "bandits_removed": _bandits_removed,
    # player turns, crossroads, votes, exile and the end of the game
    "turn_started": _turn_started,
    "crossroads_drawn": _crossroads_drawn,
    "crossroads_secret": _crossroads_secret,
    "crossroads_deck_empty": _crossroads_deck_empty,
    "frostbite_hurts": _frostbite_hurts,
    "crossroads_returned": _crossroads_returned,
    "turn_ended": _turn_ended,
    "turns_over": _turns_over,
    "crossroads_revealed": _crossroads_revealed,
    "crossroads_option_chosen": _crossroads_option_chosen,
    "crossroads_removed": _crossroads_removed,
    "crossroads_no_option": _crossroads_no_option,
    "vote_opened": _vote_opened,
    "vote_cast": _vote_cast,
    "vote_tally": _vote_tally,
    "vote_tie_broken": _vote_tie_broken,
    "exile_vote_called": _exile_vote_called,
    "exile_refused": _exile_refused,
    "player_exiled": _player_exiled,
    "exiled_objective_drawn": _exiled_objective_drawn,
    "exiled_objective_secret": _exiled_objective_secret,
    "exiled_objectives_empty": _exiled_objectives_empty,
    "exiled_survivor_moved": _exiled_survivor_moved,
    "exiled_must_move": _exiled_must_move,
    "objective_marked": _objective_marked,
    "winners_declared": _winners_declared,
    # game setup and dealing
    "game_set_up": _game_set_up,
    "setup_extra": _setup_extra,
    "starting_items": _starting_items,
    "survivors_dealt": _survivors_dealt,
    "survivors_dealt_private": _survivors_dealt_private,
    "survivors_kept": _survivors_kept,
    "survivors_returned": _survivors_returned,
    "objective_received": _objective_received,
    "objectives_dealt": _objectives_dealt,
    "no_secret_objectives": _no_secret_objectives,
    "decks_built": _decks_built,
    "first_player_chosen": _first_player_chosen,
    # board actions, exposure and the spreading bite
    "exposure_rolled": _exposure_rolled,
    "exposure_skipped": _exposure_skipped,
    "bite_spreads": _bite_spreads,
    "bite_stops_nobody": _bite_stops_nobody,
    "bite_kill_chosen": _bite_kill_chosen,
    "bite_roll": _bite_roll,
    "bite_survived": _bite_survived,
    "survivor_moved": _survivor_moved,
    "zombies_killed": _zombies_killed,
    "barricade_added": _barricade_added,
    "barricade_removed": _barricade_removed,
    "trap_added": _trap_added,
    "trap_removed": _trap_removed,
    "zombie_attracted": _zombie_attracted,
    "noise_added": _noise_added,
    "noise_removed": _noise_removed,
    "cards_played": _cards_played,
    "waste_cleaned": _waste_cleaned,
    "waste_added": _waste_added,
    "food_spent": _food_spent,
    "food_added": _food_added,
    "helpless_added": _helpless_added,
    "helpless_not_added": _helpless_not_added,
    "unruly_calmed": _unruly_calmed,
    "wound_healed": _wound_healed,
    "despair_removed": _despair_removed,
    "survivor_added": _survivor_added,
    "counter_set": _counter_set,
    "capacity_set": _capacity_set,
    # colony phase, crisis and card effects
    "effect_by_hand": _effect_by_hand,
    "food_changed": _food_changed,
    "starvation_changed": _starvation_changed,
    "waste_changed": _waste_changed,
    "round_track_changed": _round_track_changed,
    "helpless_removed": _helpless_removed,
    "helpless_turned": _helpless_turned,
    "zombies_removed": _zombies_removed,
    "effect_place_missing": _effect_place_missing,
    "random_location": _random_location,
    "random_location_none": _random_location_none,
    "helpless_no_room": _helpless_no_room,
    "noise_lost": _noise_lost,
    "noise_not_at_colony": _noise_not_at_colony,
    "defence_lost": _defence_lost,
    "defence_missing": _defence_missing,
    "effect_no_target": _effect_no_target,
    "crisis_revealed": _crisis_revealed,
    "bandits_rolled": _bandits_rolled,
    "bandit_placed": _bandit_placed,
    "bandit_not_placed": _bandit_not_placed,
    "crisis_card_added": _crisis_card_added,
    "crisis_contribution_private": _crisis_contribution_private,
    "crisis_cards_entered": _crisis_cards_entered,
    "crisis_cards_withdrawn": _crisis_cards_withdrawn,
    "crisis_none": _crisis_none,
    "crisis_resolving": _crisis_resolving,
    "crisis_card_revealed": _crisis_card_revealed,
    "crisis_failed": _crisis_failed,
    "crisis_prevented": _crisis_prevented,
    "crisis_bonus": _crisis_bonus,
    "crisis_cards_removed": _crisis_cards_removed,
    "colony_phase_began": _colony_phase_began,
    "colony_phase_paused": _colony_phase_paused,
    "food_paid": _food_paid,
    "colony_starves": _colony_starves,
    "waste_checked": _waste_checked,
    "noise_resolved": _noise_resolved,
    "main_objective_checked": _main_objective_checked,
    "round_track_moved": _round_track_moved,
    "first_player_kept": _first_player_kept,
    "first_player_passed": _first_player_passed,
    "round_began": _round_began,
    # the Long Night modules' setup, improvements, main objective progress
    "module_setup": _module_setup,
    "improvement_placed": _improvement_placed,
    "improvement_removed": _improvement_removed,
    "advancement_changed": _advancement_changed,
    "improvement_built": _improvement_built,
    "objective_progress_changed": _objective_progress_changed,
    "main_objective_counted": _main_objective_counted,
}
"""Every step kind and the function that writes its sentence."""
RENDERERS.update(BANDIT_RENDERERS)
RENDERERS.update(SCENARIO_RENDERERS)
RENDERERS.update(RAXXON_RENDERERS)  # the Raxxon module and the search (sentences_raxxon.py)

KINDS = frozenset(RENDERERS)


def render_step(
    s: Step, state: Mapping[str, Any] | None = None, locale: str = DEFAULT_LOCALE
) -> str:
    """Write one step as a sentence in ``locale`` ("en", "pt_BR"); ``state`` supplies names."""
    tr = translator(locale or DEFAULT_LOCALE)
    return RENDERERS[s["kind"]](s, Names(state, tr, locale), tr)


def render_steps(
    steps: list[Step], state: Mapping[str, Any] | None = None, locale: str = DEFAULT_LOCALE
) -> list[str]:
    """Render a list of steps (the state's names looked up once for all of them)."""
    tr = translator(locale or DEFAULT_LOCALE)
    names = Names(state, tr, locale)
    return [RENDERERS[s["kind"]](s, names, tr) for s in steps]
