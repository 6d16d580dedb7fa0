"""Refusals in the reader's language: every RuleError is a whole msgid with named placeholders,
str(exc) is its English sentence and render_error writes it in English or Brazilian Portuguese.

Refusals are collected by playing random games through the front door and throwing wrong
actions (every action type, every actor, plausible and junk arguments) at states along the
way; each must render in both languages with no placeholder left and a real translation. The
engine's source is read too: no refusal is built from an f-string or from pieces."""

from __future__ import annotations

import ast
import copy
import pickle
import random
import re
from typing import Any

import play
import pytest
from babel.messages.pofile import read_po
from helpers.catalogue import po_path
from helpers.sources import engine_sources

import companion.engine as engine
from companion import create_app, store
from companion.engine.actions import ACTIONS, PARAMETERS
from companion.engine.core.errors import (
    ACTION_WORDS,
    Phrase,
    RuleError,
    render_error,
    require_one_of,
)

LEFTOVER = re.compile(r"\{\w*(![rsa])?\}")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue() -> dict[str, str]:
    """The pt_BR msgids and their translations (a counted phrase by its singular, with its
    forms only when every one is translated)."""
    with open(po_path("pt_BR"), "rb") as po:
        messages = list(read_po(po, locale="pt_BR"))
    out = {m.id: m.string for m in messages if isinstance(m.id, str)}
    out.update(
        {m.id[0]: m.string if all(m.string) else () for m in messages if isinstance(m.id, tuple)}
    )
    return out


PT = catalogue()


def templates_of(exc: RuleError) -> list[str]:
    """The refusal's template and the templates of the phrases inside it, depth first."""
    found = [exc.template]
    todo = list(exc.params.values())
    while todo:
        value = todo.pop()
        if isinstance(value, Phrase):
            found.append(value.template)
            todo.extend(value.params.values())
    return found


# --- refusals met while playing ----------------------------------------------------------------

WORDS = ["food", "fuel", "blank", "wound", "frostbite", "bite", "kill", "roll", "morale", "luck"]
JUNK: list[Any] = [None, -3, 10**6, 2.5, "", "x" * 300, [1, [2, [3, [4, [5]]]]], {"a": 1}, True]


def _value(state: dict, rng: random.Random) -> Any:
    """An argument value: often this game's ids or vocabulary, sometimes junk."""
    ids = [s["id"] for s in state["seats"]] + [s["id"] for s in state["survivors"]]
    ids += [loc["id"] for loc in state["locations"]] + ["colony", "s9", "base.nobody"]
    ids += list(state["cards"]["crises"])[:2] + list(state["decks"].get("survivors", []))[:2]
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(ids + WORDS)
    if roll < 0.75:
        return rng.randint(0, 9)
    if roll < 0.85:
        return rng.choice([True, False])
    if roll < 0.93:
        return [rng.choice(ids + WORDS) for _ in range(rng.randint(0, 3))]
    return rng.choice(JUNK)


def _wrong_actions(state: dict, rng: random.Random) -> list[dict]:
    """Actions of every type from every actor with made-up arguments (most are refused)."""
    actors = ["table", *[s["id"] for s in state["seats"]]]
    out = []
    for kind in sorted(ACTIONS):
        for actor in actors:
            action: dict[str, Any] = {"type": kind, "by": actor, "seed": rng.randrange(2**32)}
            for name in sorted(PARAMETERS[kind]):
                if rng.random() < 0.8:
                    action[name] = _value(state, rng)
            if rng.random() < 0.05:
                action.pop("by")
            if rng.random() < 0.05:
                action["colour"] = "red"
            out.append(action)
    return out


def _near_misses(state: dict, rng: random.Random) -> list[dict]:
    """Legal actions with one argument changed, from an actor of their own or another seat."""
    out = []
    for actor, kinds in play.legal_by_actor(state).items():
        for kind, choices in sorted(kinds.items()):
            try:
                args = play.build(kind, choices, rng)
            except (KeyError, IndexError, TypeError, ValueError):
                args = None
            if not args:
                args = {name: _value(state, rng) for name in PARAMETERS[kind]}
            action = {"type": kind, "by": actor, **args, "seed": rng.randrange(2**32)}
            for name in sorted(PARAMETERS[kind]):
                out.append({**action, name: _value(state, rng)})
            other = rng.choice(["table", *[s["id"] for s in state["seats"]]])
            out.append({**action, "by": other})
    return out


def _collect() -> list[RuleError]:
    """Refusals from a few random games: the legal flow's own refusals and wrong actions."""
    refusals: list[RuleError] = []
    games = [
        (3, {}),
        (4, {"deal": True}),
        (5, {"ruleset": "long_night"}),
        (3, {"variant": "coop"}),
        (4, {"ruleset": "long_night", "deal": True}),
        (3, {"variant": "betrayer"}),
    ]
    for seed, (players, options) in enumerate(games, start=1):
        rng = random.Random(seed)
        state, _ = play.start(players, seed, **options)
        for n in range(160):
            if state.get("ended") and state["ended"]["winners"] is not None:
                break
            if n % 8 == 0:
                for action in _wrong_actions(state, rng) + _near_misses(state, rng):
                    try:
                        engine.apply(state, action)
                    except RuleError as exc:
                        refusals.append(exc)
            try:
                state, _ = engine.apply(state, play.next_action(state, rng, busy=0.5))
            except RuleError as exc:
                refusals.append(exc)
        for action in _wrong_actions(state, rng):
            try:
                engine.apply(state, action)
            except RuleError as exc:
                refusals.append(exc)
    for junk in (None, [], {"type": "nope", "by": "table"}, {"type": "new_game", "by": "s1"}):
        try:
            engine.apply(None, junk)  # type: ignore[arg-type]
        except RuleError as exc:
            refusals.append(exc)
    return refusals


@pytest.fixture(scope="module")
def refusals() -> list[RuleError]:
    """The refusals met while playing, played once per process that runs these tests (not
    while collecting)."""
    return _collect()


def by_template(refusals: list[RuleError]) -> dict[str, list[RuleError]]:
    """The refusals grouped by their template, in the order met."""
    groups: dict[str, list[RuleError]] = {}
    for exc in refusals:
        groups.setdefault(exc.template, []).append(exc)
    return groups


def test_playing_meets_many_different_refusals(refusals):
    groups = by_template(refusals)
    assert len(refusals) > 1000
    assert len(groups) >= 70, sorted(groups)


def render_problems(exc: RuleError) -> list[str]:
    """What is wrong with one refusal's English and Portuguese renderings (nothing when right)."""
    english = render_error(exc, "en")
    portuguese = render_error(exc, "pt_BR")
    problems = []
    if english != str(exc):
        problems.append(f"render_error(en) {english!r} is not str(exc) {str(exc)!r}")
    if not (english.strip() and portuguese.strip()):
        problems.append(f"an empty rendering: {english!r} / {portuguese!r}")
    typed_braces = any(LEFTOVER.search(str(v)) for v in exc.params.values())
    for text in (english, portuguese):
        if not typed_braces and LEFTOVER.search(text):
            problems.append(f"a placeholder left in {text!r} ({exc.params})")
    if portuguese == english:
        problems.append(f"the Portuguese is the English: {english!r}")
    problems += [f"no pt_BR translation for {t!r}" for t in templates_of(exc) if not PT.get(t)]
    return problems


def test_every_refusal_renders_in_english_and_portuguese(refusals):
    sample = [exc for group in by_template(refusals).values() for exc in group[:6]]
    assert len(sample) >= 70
    problems = {
        f"{exc.template[:40]} {exc.params}": found
        for exc in sample
        if (found := render_problems(exc))
    }
    assert not problems, problems


# --- a dozen refusals word for word ------------------------------------------------------------


@pytest.fixture(scope="module")
def turn_state() -> dict:
    """Ana's turn in a three-player base game (Ana, Bruno, Carla)."""
    state, _ = play.start(3, 1)
    state, _ = engine.apply(state, {"type": "reveal_crisis", "by": "table", "seed": 3})
    state, _ = engine.apply(state, {"type": "start_turn", "by": "s1"})
    return state


EXACT = [
    (
        {"type": "start_turn", "by": "s9"},
        "an action is made \"by\" the table or a seat of this game, not 's9'",
        "uma ação é feita (\"by\") pela mesa ou por um lugar desta partida, não 's9'",
    ),
    (
        {"type": "set_counter", "by": "s2", "name": "food", "value": 3},
        "Bruno (s2) may not set counter: only the table may",
        "Bruno (s2) não pode corrigir um contador: só a mesa pode",
    ),
    (
        {"type": "add_barricade", "by": "s2", "place": "colony", "entrance": 1},
        "Bruno (s2) may not add barricade during Ana's turn: only the active player or the table",
        "Bruno (s2) não pode construir uma barricada durante o turno de Ana: "
        "só o jogador da vez ou a mesa",
    ),
    (
        {"type": "add_food", "by": "table"},
        "add food needs count: choose or type it in, then send it again",
        "para adicionar comida, falta informar: count; escolha ou digite e envie de novo",
    ),
    (
        {"type": "add_barricade", "by": "table", "place": "colony", "entrance": 9},
        "the colony has entrances 1-6, not 9",
        "a colônia tem as entradas 1 a 6, não 9",
    ),
    ({"type": "clean_waste", "by": "s1"}, "the waste pile is empty", "o lixão está vazio"),
    (
        {"type": "start_turn", "by": "table"},
        "Ana's turn is still in progress: end it first",
        "o turno de Ana ainda está em andamento: encerre-o antes",
    ),
    (
        {"type": "move_survivor", "by": "s1", "survivor_id": "base.brian-lee", "to": "colony"},
        "Brian Lee is already at the colony",
        "Brian Lee já está neste lugar: a colônia",
    ),
    (
        {"type": "add_trap", "by": "table", "place": "colony", "entrance": 1},
        "explosive traps belong to the Long Night rules; this game uses the base rules",
        "armadilhas explosivas: fazem parte das regras de A Noite Sem Fim; "
        "esta partida usa as regras básicas",
    ),
    (
        {"type": "add_noise", "by": "table", "location_id": "base.school", "count": 5},
        "the School has 0 noise tokens: at most 4 fit there",
        "o local Escola tem 0 fichas de barulho: cabem no máximo 4 ali",
    ),
    (
        {"type": "cast_vote", "by": "s1", "seat_id": "s1", "up": True},
        "no vote is open",
        "não há votação aberta",
    ),
    (
        {"type": "kill_zombies", "by": "table", "place": "colony", "entrance": 1, "count": 2},
        "entrance 1 of the colony holds 0 zombies, not 2",
        "a entrada 1 da colônia tem 0 zumbis, não 2",
    ),
    (
        {"type": "add_survivor", "by": "table", "seat_id": "s1", "survivor_id": "x", "place": 5},
        "add_survivor: place must be a non-empty text, not 5 or "
        "add_survivor: place must be empty (null), not 5",
        "add_survivor: place deve ser um texto não vazio, não 5 ou "
        "add_survivor: place deve ser vazio (null), não 5",
    ),
]


@pytest.mark.parametrize(("action", "english", "portuguese"), EXACT)
def test_refusals_word_for_word(turn_state, action, english, portuguese):
    with pytest.raises(RuleError) as info:
        engine.apply(turn_state, action)
    assert str(info.value) == english
    assert render_error(info.value, "en") == english
    assert render_error(info.value, "pt_BR") == portuguese


def test_a_full_entrance_and_a_counter_in_words(turn_state):
    state = turn_state
    barricade = {"type": "add_barricade", "by": "table", "place": "colony", "entrance": 2}
    with pytest.raises(RuleError) as info:
        for _ in range(10):
            state, _ = engine.apply(state, barricade)
    assert str(info.value) == "entrance 2 of the colony is full: no room for a barricade"
    assert (
        render_error(info.value, "pt_BR")
        == "a entrada 2 da colônia está cheia: não cabe uma barricada"
    )
    with pytest.raises(RuleError) as info:
        engine.set_counter(turn_state, "round_track", -1)
    assert str(info.value) == "round track must be at least 0, not -1"
    assert render_error(info.value, "pt_BR") == "marcador da rodada: deve ser no mínimo 0, não -1"


# --- the objects themselves --------------------------------------------------------------------


def test_a_rule_error_keeps_its_template_and_values():
    exc = RuleError("{name} is exiled and cannot vote", name="Carla")
    assert str(exc) == "Carla is exiled and cannot vote"
    assert exc.template == "{name} is exiled and cannot vote"
    assert exc.params == {"name": "Carla"}
    assert render_error(exc, "pt_BR") == "Carla está no exílio e não pode votar"
    again = pickle.loads(pickle.dumps(exc))
    assert (str(again), again.template, again.params) == (str(exc), exc.template, exc.params)


def test_a_phrase_reads_as_english_and_is_translated_inside_a_refusal():
    colony = Phrase("the colony")
    assert colony == "the colony" and f"at {colony}" == "at the colony"
    copied = copy.deepcopy(colony)
    assert copied.template == "the colony" and copied == colony
    exc = RuleError("{name} is already at {place}", name="Sparky", place=colony)
    assert render_error(exc, "pt_BR") == "Sparky já está neste lugar: a colônia"


def test_unknown_languages_and_other_errors_fall_back():
    exc = RuleError("no vote is open")
    assert render_error(exc, "xx") == "no vote is open"
    assert render_error(exc, "") == "no vote is open"
    assert render_error(ValueError("plain words"), "pt_BR") == "plain words"
    broken = RuleError("{name} has already voted: wait for the other votes", name="{oops}")
    assert render_error(broken, "pt_BR") == "{oops} já votou: espere os outros votos"


def test_every_action_has_words():
    assert set(ACTION_WORDS) == set(ACTIONS)
    for words in ACTION_WORDS.values():
        assert PT.get(words), words


# --- the source: whole sentences, marked, with the values they name ----------------------------


def _calls() -> list[tuple[str, int, str, ast.Call]]:
    out = []
    for path, tree in engine_sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("RuleError", "Phrase")
            ):
                out.append((path.name, node.lineno, node.func.id, node))
    return out


CALLS = _calls()


def _marked(node: ast.AST) -> str | None:
    """The msgid of an ``N_("...")`` call, else None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "N_"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.args[0].value
    return None


def _table_lookup(node: ast.AST) -> bool:
    """A module constant (FOR_ANOTHER), an entry of one (FULL[token]) or NO_EXILE.get(...)."""
    if isinstance(node, ast.Name):
        return node.id.isupper()
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Name) and node.value.id.isupper()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        owner = node.func.value
        return node.func.attr == "get" and isinstance(owner, ast.Name) and owner.id.isupper()
    return False


def test_the_engine_raises_about_two_hundred_refusals():
    raised = [c for c in CALLS if c[2] == "RuleError" and c[0] != "errors.py"]
    assert len(raised) >= 200


@pytest.mark.parametrize("where, line, name, call", CALLS, ids=[f"{c[0]}:{c[1]}" for c in CALLS])
def test_every_refusal_is_a_marked_whole_sentence(where, line, name, call):
    if where == "errors.py":
        return  # the definitions themselves
    assert call.args, f"{where}:{line}: {name}() without a template"
    template = call.args[0]
    assert not isinstance(template, ast.JoinedStr | ast.BinOp), f"{where}:{line}: built from pieces"
    msgid = _marked(template)
    if msgid is None:
        helper_argument = name == "Phrase" and isinstance(template, ast.Name)
        assert _table_lookup(template) or helper_argument, f"{where}:{line}: not an N_() msgid"
        return
    assert len(call.args) == 1 and all(k.arg for k in call.keywords), f"{where}:{line}"
    assert set(PLACEHOLDER.findall(msgid)) == {k.arg for k in call.keywords}, f"{where}:{line}"
    assert PT.get(msgid), f"{where}:{line}: {msgid!r} has no pt_BR translation"


ONE_OF_CALLS = [
    (path.name, node.lineno, node)
    for path, tree in engine_sources()
    for node in ast.walk(tree)
    if isinstance(node, ast.Call)
    and isinstance(node.func, ast.Name)
    and node.func.id == "require_one_of"
]


def test_require_one_of_is_used():
    assert len(ONE_OF_CALLS) >= 8


@pytest.mark.parametrize(
    "where, line, call", ONE_OF_CALLS, ids=[f"{c[0]}:{c[1]}" for c in ONE_OF_CALLS]
)
def test_every_one_of_refusal_is_a_marked_whole_sentence(where, line, call):
    """``require_one_of(value, known, N_(msgid), name)`` fills ``{known}`` and ``{name}``."""
    assert len(call.args) == 4 and not call.keywords, f"{where}:{line}"
    msgid = _marked(call.args[2])
    assert msgid is not None, f"{where}:{line}: not an N_() msgid"
    name = call.args[3]
    assert isinstance(name, ast.Constant) and isinstance(name.value, str), f"{where}:{line}"
    assert set(PLACEHOLDER.findall(msgid)) == {"known", name.value}, f"{where}:{line}"
    assert PT.get(msgid), f"{where}:{line}: {msgid!r} has no pt_BR translation"


def test_require_one_of_names_the_value_and_the_known_ones():
    letters = "a letter is one of {known}, not {letter}"
    with pytest.raises(RuleError) as refused:
        require_one_of("x", ("a", "b"), letters, "letter")
    assert refused.value.params == {"known": "a, b", "letter": "'x'"}
    assert str(refused.value) == "a letter is one of a, b, not 'x'"
    require_one_of("b", ("a", "b"), letters, "letter")


# --- the web: a pt_BR page shows the Portuguese refusal ----------------------------------------


@pytest.fixture
def pt_client(tmp_path):
    app = create_app({"TESTING": True}, data_dir=tmp_path)
    client = app.test_client()
    client.set_cookie("lang", "pt_BR")
    return app, client


def test_a_refused_table_action_reads_in_portuguese(pt_client):
    app, client = pt_client
    setup = play.setup_for(3)
    with app.app_context():
        db = store.get_db()
        game_id = store.create_game(db, "Jogo", {"type": "new_game", "by": "table", "setup": setup})
        for action in ({"type": "reveal_crisis", "seed": 3}, {"type": "start_turn"}):
            version = store.current(db, game_id).version
            store.act(db, game_id, {"by": "table", **action}, version=version)
        before = store.current(db, game_id)
    response = client.post(
        f"/games/{game_id}/act",
        data={"type": "add_food", "version": str(before.version)},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert 'role="alert"' in body
    assert (
        "Para adicionar comida, falta informar: count; escolha ou digite e envie de novo." in body
    )
    assert "needs count" not in body
    client.set_cookie("lang", "en")
    english = client.post(
        f"/games/{game_id}/act",
        data={"type": "add_food", "version": str(before.version)},
        headers={"HX-Request": "true"},
    ).get_data(as_text=True)
    assert "Add food needs count: choose or type it in, then send it again." in english
    with app.app_context():
        assert store.current(store.get_db(), game_id).state == before.state


def test_a_refused_new_game_reads_in_portuguese(pt_client, game_form):
    _, client = pt_client
    form = game_form(3, variant="two_player", names=["Ana", "Bruno", "Carla"])
    response = client.post("/games/new", data=form)
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "a variante “dois jogadores” precisa de 2 jogadores, não 3" in body
    assert "needs 2 players" not in body
