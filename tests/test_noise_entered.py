"""Noise entered or rolled: a table chooses at setup whether the companion rolls the colony
phase's noise dice or the table enters its own roll, a face per noise token.

Add Zombies (002:1613-1617): "roll 1 action die for each noise token ... on a 1-3 add 1
zombie"; The Long Night flips each token like a coin, "!!!" adds one (000:490).
"""

from __future__ import annotations

import re

import play
import pytest

import companion.engine as engine
from companion.engine.colony.phases import due_step, steps_to_run
from companion.engine.core.errors import RuleError
from companion.engine.legal import legal_for

TABLE = {"by": "table"}


def colony(ruleset: str = "base", noise_dice: str = "entered", tokens=(2, 1)) -> dict:
    """A game in its colony phase's first Confirm with ``tokens`` noise at the first places."""
    kw = {"settings": {"noise_dice": noise_dice}}
    if ruleset == "long_night":
        kw["ruleset"] = "long_night"
    state, _ = play.start(3, **kw)
    for action in ({"type": "reveal_crisis", **TABLE, "seed": 1},):
        state, _ = engine.apply(state, action)
    places = [loc["id"] for loc in sorted(state["locations"], key=lambda loc: loc["number"])]
    for place, count in zip(places, tokens, strict=False):
        state, _ = engine.apply(
            state, {"type": "add_noise", **TABLE, "location_id": place, "count": count}
        )
    return state


def confirm(state: dict, **args) -> tuple[dict, list[dict]]:
    """The table's next Confirm, once it has turned the last one's reveal over."""
    if state.get("reveal"):
        state, _ = engine.apply(state, {"type": "finish_reveal", **TABLE})
    return engine.apply(state, {"type": "run_colony_steps", **TABLE, "seed": 5, **args})


def to_add_zombies(state: dict) -> dict:
    """Confirm until Add Zombies is the step that is due."""
    for _ in range(3):
        if state["phase"] == "colony" and state["colony_step"] == "add_zombies":
            return state
        state, _ = confirm(state)
    raise AssertionError("Add Zombies never came due")


def rolls(steps: list[dict], field: str = "roll") -> list:
    return [s[field] for s in steps if s["kind"] == "noise_resolved"]


def test_the_setting_defaults_to_rolled_and_takes_two_words():
    state, _ = play.start(3)
    assert state["settings"]["noise_dice"] == "rolled"
    with pytest.raises(RuleError, match="noise_dice must be one of rolled, entered, not 'typed'"):
        play.start(3, settings={"noise_dice": "typed"})


def test_add_zombies_begins_a_confirm_of_its_own_and_asks_a_face_per_token():
    state = colony()
    state, _ = engine.apply(state, {"type": "start_colony_phase", **TABLE})
    assert "add_zombies" not in steps_to_run(state)
    state = to_add_zombies(state)
    places = [loc["id"] for loc in sorted(state["locations"], key=lambda loc: loc["number"])]
    assert due_step(state)["noise"] == {
        "places": [places[0], places[0], places[1]],
        "faces": [1, 2, 3, 4, 5, 6],
        "names": [1, 2, 3, 4, 5, 6],
    }
    after, steps = confirm(state, noise=[3, 4, 1])
    assert rolls(steps) == [3, 4, 1]
    assert [s["hit"] for s in steps if s["kind"] == "noise_resolved"] == [True, False, True]
    survivors = {p: len([s for s in state["survivors"] if s["location"] == p]) for p in places}
    for place, hits in zip(places, (1, 1), strict=False):
        assert after_zombies(after, steps, place) == survivors[place] + hits


def after_zombies(state: dict, steps: list[dict], place: str) -> int:
    """How many zombies Add Zombies brought to ``place`` (its zombies_to_add step)."""
    return sum(s["count"] for s in steps if s["kind"] == "zombies_to_add" and s["where"] == place)


@pytest.mark.parametrize(
    ("noise", "message"),
    [
        ([3, 4], "noise tokens to resolve now: 3; give one face for each, not 2"),
        ([3, 4, 1, 2], "noise tokens to resolve now: 3; give one face for each, not 4"),
        (None, "noise tokens to resolve now: 3; give one face for each, not 0"),
        ([3, 4, 0], "a noise die shows 1 to 6, not 0"),
        ([3, 7, 1], "a noise die shows 1 to 6, not 7"),
        ([True, 4, 1], r"noise\[0\] must be a whole number, not True"),
    ],
)
def test_a_wrong_count_or_face_is_refused_and_changes_nothing(noise, message):
    state = to_add_zombies(colony())
    before = repr(state)
    args = {} if noise is None else {"noise": noise}
    with pytest.raises(RuleError, match=message):
        confirm(state, **args)
    with pytest.raises(RuleError, match=message):
        engine.apply(state, {"type": "add_colony_phase_zombies", **TABLE, "seed": 5, **args})
    assert repr(state) == before


def test_no_noise_means_no_faces():
    state = to_add_zombies(colony(tokens=()))
    assert due_step(state)["noise"]["places"] == []
    _, steps = confirm(state)
    assert rolls(steps) == []
    with pytest.raises(RuleError, match="to resolve now: 0; give one face for each, not 1"):
        confirm(state, noise=[2])


def test_faces_sent_to_a_confirm_that_adds_no_zombies_are_refused():
    state = colony()
    with pytest.raises(RuleError, match="no noise tokens are resolved in this step"):
        confirm(state, noise=[1, 1, 1])


def test_a_game_that_rolls_refuses_faces_and_rolls_as_before():
    state = colony(noise_dice="rolled")
    state, _ = engine.apply(state, {"type": "start_colony_phase", **TABLE})
    assert "add_zombies" in steps_to_run(state)  # one Confirm runs through, as before
    with pytest.raises(RuleError, match="rolled by the companion"):
        confirm(state, noise=[1, 1, 1])
    _, steps = confirm(state)
    assert len(rolls(steps)) == 3
    state["colony_step"] = "add_zombies"
    assert due_step(state)["noise"] is None


def test_the_long_night_enters_coin_faces():
    state = to_add_zombies(colony("long_night"))
    assert due_step(state)["noise"]["faces"] == [1, 0]
    # what each face shows, for a screen to name it (000:490): the coin's sides
    assert due_step(state)["noise"]["names"] == ["!!!", "blank"]
    with pytest.raises(RuleError, match=r'lands on 1 \("!!!"\) or 0 \(blank\), not 2'):
        confirm(state, noise=[1, 2, 0])
    _, steps = confirm(state, noise=[1, 0, 0])
    assert rolls(steps, "coin") == ["!!!", "blank", "blank"]


def test_the_whole_phase_at_once_takes_the_faces_from_add_zombies_on():
    state = colony()
    whole = {"type": "run_colony_phase", **TABLE, "seed": 5, "noise": [6, 6, 6]}
    before = repr(state)
    for early in (state, engine.apply(state, {"type": "start_colony_phase", **TABLE})[0]):
        assert "run_colony_phase" not in legal_for(early, "table")
        with pytest.raises(RuleError, match="confirm the steps up to Add Zombies first"):
            engine.apply(early, whole)
    assert repr(state) == before
    state = to_add_zombies(state)
    if state.get("reveal"):
        state, _ = engine.apply(state, {"type": "finish_reveal", **TABLE})
    listed = legal_for(state, "table")["run_colony_phase"]["noise"]
    assert listed == due_step(state)["noise"]
    _, steps = engine.apply(state, whole)
    assert rolls(steps) == [6, 6, 6]


# --- through the web: the new-game option and the colony step's face buttons ---


@pytest.fixture
def app(app_config, tmp_path):
    from companion import create_app

    return create_app({**app_config, "GAMES_DB": str(tmp_path / "games.db")}, data_dir=tmp_path)


def test_the_colony_step_shows_face_buttons_and_takes_them(app):
    from helpers.phones import open_db

    from companion import store

    table = app.test_client()
    db = open_db(app)
    try:
        setup = play.setup_for(3, settings={"noise_dice": "entered"})
        game = store.create_game(db, "G", {"type": "new_game", **TABLE, "setup": setup, "seed": 7})
        version = 1
        state = store.current(db, game).state
        place = min(state["locations"], key=lambda loc: loc["number"])["id"]
        for action in (
            {"type": "reveal_crisis", **TABLE},
            {"type": "add_noise", **TABLE, "location_id": place, "count": 3},
            {"type": "start_colony_phase", **TABLE},
        ):
            version = store.act(db, game, action, version=version).version
        for _ in range(3):
            if store.current(db, game).state["colony_step"] == "add_zombies":
                break
            done = store.act(db, game, {"type": "run_colony_steps", **TABLE}, version=version)
            version = done.version
        if store.current(db, game).state.get("reveal"):  # the crisis turned over
            version = store.act(db, game, {"type": "finish_reveal", **TABLE}, version=version)
            version = version.version
        page = table.get(f"/games/{game}/colony").get_data(as_text=True)
        assert page.count('type="radio" name="noise.') == 3 * 6
        assert 'name="noise.3" value="6"' in page and "checked" not in page.split("noise-entry")[1]
        assert "Peek at what will happen" not in page  # nothing is rolled before the faces
        short = table.post(
            f"/games/{game}/act",
            data={"type": "run_colony_steps", "version": version, "noise.1": "3", "noise.2": "4"},
        )
        assert short.status_code == 422
        assert "Noise tokens to resolve now: 3; give one face for each, not 2" in short.get_data(
            as_text=True
        )
        assert store.current(db, game).version == version  # nothing changed
        form = {"type": "run_colony_steps", "version": version}
        form.update({"noise.1": "3", "noise.2": "4", "noise.3": "1"})
        answer = table.post(f"/games/{game}/act", data=form)
        assert answer.status_code in (200, 303), answer.get_data(as_text=True)[:300]
        steps = store.log(db, game)[-1]["steps"]
        assert rolls(steps) == [3, 4, 1]
    finally:
        db.close()


def test_the_long_night_s_coin_faces_are_named_as_the_view_names_them(app):
    """000:490: a token shows "!!!" or its blank side; the colony step's buttons say so, in
    the reader's language, from the view's names."""
    from helpers.phones import open_db

    from companion import store

    table = app.test_client()
    db = open_db(app)
    try:
        setup = play.setup_for(3, ruleset="long_night", settings={"noise_dice": "entered"})
        game = store.create_game(db, "G", {"type": "new_game", **TABLE, "setup": setup, "seed": 7})
        version = 1
        place = min(store.current(db, game).state["locations"], key=lambda x: x["number"])["id"]
        for action in (
            {"type": "reveal_crisis", **TABLE},
            {"type": "add_noise", **TABLE, "location_id": place, "count": 1},
            {"type": "start_colony_phase", **TABLE},
        ):
            version = store.act(db, game, action, version=version).version
        for _ in range(3):
            state = store.current(db, game).state
            if state["colony_step"] == "add_zombies" and not state.get("reveal"):
                break
            kind = "finish_reveal" if state.get("reveal") else "run_colony_steps"
            version = store.act(db, game, {"type": kind, **TABLE}, version=version).version
        for lang, blank in (("en", "Blank"), ("pt_BR", "Em branco")):
            table.set_cookie("lang", lang)
            page = table.get(f"/games/{game}/colony").get_data(as_text=True)
            faces = re.findall(r'name="noise\.1" value="(\d)"[^>]*> ([^<]*)</label>', page)
            assert faces == [("1", "!!!"), ("0", blank)], lang
    finally:
        db.close()


def test_the_new_game_form_offers_entering_the_noise_dice(app, game_form):
    from companion import store

    for ticked, setting in ((True, "entered"), (False, "rolled")):
        form = dict(game_form(3))
        if ticked:
            form["noise_entered"] = "on"
        response = app.test_client().post("/games/new", data=form)
        assert response.status_code == 303, response.get_data(as_text=True)[:300]
        game_id = response.headers["Location"].split("/")[-2]
        with app.app_context():
            state = store.current(store.get_db(), game_id).state
        assert state["settings"]["noise_dice"] == setting
    page = app.test_client().get("/games/new").get_data(as_text=True)
    assert 'name="noise_entered"' in page and "enter each face" in page
