"""The new game form and the setup checklist: real games made through the form, in games.db."""

from __future__ import annotations

import hashlib
import html
import re

import pytest
from helpers.table import game_ids

import companion.engine as engine
from companion import create_app, store
from companion.cards.load import load_cards
from companion.engine.core.vocabulary import SIDE_NUMBERS
from companion.engine.setup.checklist import UNLISTED_KINDS
from companion.web.auth import cookie_name

HX = {"HX-Request": "true"}


def current(app, game_id):
    """The stored head of a game."""
    db = store.open_db(app.config["GAMES_DB"])
    try:
        return store.current(db, game_id)
    finally:
        db.close()


def first_steps(app, game_id):
    """The steps of a game's first log row (its setup)."""
    db = store.open_db(app.config["GAMES_DB"])
    try:
        return store.log(db, game_id)[0]["steps"]
    finally:
        db.close()


def token_hash_of(app, game_id):
    db = store.open_db(app.config["GAMES_DB"])
    try:
        return db.execute("select table_token_hash from games where id = ?", [game_id]).fetchone()[
            0
        ]
    finally:
        db.close()


def error_of(page: str) -> str:
    """The message shown above a refused form."""
    found = re.search(r'class="form-error"[^>]*>(.*?)</p>', page, re.S)
    assert found, "no error shown"
    return html.unescape(found.group(1)).strip()


@pytest.fixture
def cards(app):
    return load_cards(app.config["CARDS_DB"])


# --- the form ---


def test_the_form_offers_the_database_choices(client, cards):
    response = client.get("/games/new")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    # Two rows to start with, and "Add a player" (newgame.js adds rows as names are typed).
    assert page.count('name="seat_name"') == 2
    assert 'name="edit" value="add_seat"' in page
    for card in cards["main_objectives"]:
        assert f'value="{card["id"]}"' in page
        assert html.escape(card["name"]) in page
    # Under the base rulebook (the default), The Long Night's cards are not ticked.
    for s in cards["sets"]:
        box = re.search(rf'<input type="checkbox" name="sets" value="{s["id"]}"[^>]*>', page)
        assert box, s["id"]
        assert ("checked" in box.group(0)) == (s["id"] != "long_night"), box.group(0)
        rulesets = "long_night" if s["id"] == "long_night" else "base long_night"
        assert f'data-rulesets="{rulesets}"' in box.group(0)
    for module in ("improvements", "bandits", "raxxon"):
        assert f'name="modules" value="{module}"' in page
    alexis = next(c for c in cards["survivors"] if c["name"] == "Alexis Grey")
    assert re.search(rf'<option value="Alexis Grey">Influence {alexis["influence"]}\b', page), (
        "the survivor list shows influence"
    )
    # Both sides' setup numbers of an objective are in its row.
    first = cards["main_objectives"][0]
    row = page[page.index(f'value="{first["id"]}"') :].split("</tr>")[0]
    cells = re.findall(r'<td class="num[^"]*"[^>]*>(\d+)</td>', row)
    expected = [str(first[side][key]) for side in ("standard", "hardcore") for key in SIDE_NUMBERS]
    assert cells == expected
    assert "HX-Request" in response.headers["Vary"]


def test_a_game_made_through_the_form_is_stored(app, client, game_form):
    form = game_form(3, name="Friday night", names=["Ana", "Bruno", "Carla"])
    response = client.post("/games/new", data=form)
    assert response.status_code == 303
    (game_id,) = game_ids(app)
    assert response.headers["Location"] == f"/games/{game_id}/setup"
    head = current(app, game_id)
    assert head.version == 1 and head.head == 1
    state = head.state
    assert [s["name"] for s in state["seats"]] == ["Ana", "Bruno", "Carla"]
    assert state["variant"] == "standard" and state["ruleset"] == "base"
    assert state["main_objective"]["id"] == form["objective"]
    owned = {
        seat["name"]: [v["name"] for v in state["survivors"] if v["owner"] == seat["id"]]
        for seat in state["seats"]
    }
    assert owned == {
        name: [form["survivor_1"][n], form["survivor_2"][n]]
        for n, name in enumerate(["Ana", "Bruno", "Carla"])
    }
    assert state["phase"] == "player_turns"
    assert state["settings"]["mature"] is True
    assert state["settings"]["player_elimination"] is False
    # The store kept the new_game action with a seed it added.
    db = store.open_db(app.config["GAMES_DB"])
    try:
        action = store.log(db, game_id)[0]["action"]
        assert action["type"] == "new_game" and action["by"] == "table"
        assert isinstance(action["seed"], int)
        assert store.get_game(db, game_id)["name"] == "Friday night"
    finally:
        db.close()
    # The creating browser is now the table of this game.
    cookie = client.get_cookie(cookie_name(game_id))
    assert cookie is not None and cookie.http_only and cookie.same_site == "Strict"
    assert token_hash_of(app, game_id) == hashlib.sha256(cookie.value.encode()).hexdigest()


def test_empty_rows_are_not_players_and_names_are_tidied(app, client, game_form):
    form = game_form(2, names=["  Ana   Maria ", "Bo"])
    form["seat_name"] += ["", ""]
    for k in (1, 2, 3):
        form[f"survivor_{k}"] += ["", ""]
    assert client.post("/games/new", data=form).status_code == 303
    (game_id,) = game_ids(app)
    assert [s["name"] for s in current(app, game_id).state["seats"]] == ["Ana Maria", "Bo"]


def test_survivors_are_found_by_name_whatever_the_case(app, client, game_form):
    form = game_form(2, survivor_cards=[["alexis grey", "SPARKY"], ["Brian Lee", "base.mike-cho"]])
    assert client.post("/games/new", data=form).status_code == 303
    state = current(app, game_ids(app)[0]).state
    assert {v["id"] for v in state["survivors"]} == {
        "base.alexis-grey",
        "base.sparky",
        "base.brian-lee",
        "base.mike-cho",
    }


def test_the_companion_deals_the_survivors(app, client, new_game):
    game_id = new_game(client, 3, survivors="dealt")
    state = current(app, game_id).state
    assert state["phase"] == "setup"
    assert state["survivors"] == []
    assert all(len(state["secrets"][s["id"]]["dealt_survivors"]) == 4 for s in state["seats"])


def test_a_typed_in_main_objective(app, client, new_game):
    numbers = {
        "morale": "5",
        "round_track": "7",
        "zombies_per_location": "2",
        "colony_zombies": "1",
        "food": "3",
        "helpless": "1",
    }
    game_id = new_game(client, 2, objective="typed", typed={"name": "Our  house rule", **numbers})
    main = current(app, game_id).state["main_objective"]
    assert main["name"] == "Our house rule"
    assert main["id"].startswith("typed.")
    assert main["setup"] == {**{k: int(v) for k, v in numbers.items()}, "extra": ""}
    state = current(app, game_id).state
    assert state["morale"] == 5 and state["round_track"] == 7 and state["food"] == 3


def test_a_typed_in_main_objective_may_say_what_it_counts(app, client, new_game):
    """Issue 28.17: "a typed objective may say what it counts (cards, zombies, survivors) and
    get the counter": 2 cards per player for 3 players, checked at colony step 5 from the
    count (002:1621), the counter offered to the table; one that counts nothing is asked."""
    numbers = {"morale": "5", "round_track": "7", "zombies_per_location": "1"}
    numbers |= {"colony_zombies": "0", "food": "3", "helpless": "0"}
    typed = {"name": "Our card", **numbers, "counts": "cards", "per_player": "2"}
    game_id = new_game(client, 3, objective="typed", typed=typed)
    state = current(app, game_id).state
    assert state["main_objective"]["counts"] == {"what": "cards", "per_player": 2}
    assert "add_objective_progress" in engine.table_view(state)["legal"]["table"]
    plain = new_game(client, 3, objective="typed", typed={**typed, "counts": "", "per_player": ""})
    assert current(app, plain).state["main_objective"]["counts"] is None


def test_the_typed_in_row_offers_what_an_objective_counts_in_both_languages(client):
    page = html.unescape(client.get("/games/new").get_data(as_text=True))
    for words in ("Cards on the card", "Zombies on the card", "Survivors in the colony"):
        assert words in page
    assert '<option value="">Nothing: the table says yes or no</option>' in page
    client.set_cookie("lang", "pt_BR")
    page = html.unescape(client.get("/games/new").get_data(as_text=True))
    assert "Sobreviventes na colônia" in page and "Quantos por jogador" in page


def test_rules_variants_and_settings_reach_the_game(app, client, new_game):
    game_id = new_game(
        client,
        2,
        variant="two_player",
        ruleset="long_night",
        modules=["bandits"],
        mature=False,
        player_elimination=True,
        sets=["base", "companion"],
    )
    state = current(app, game_id).state
    assert state["variant"] == "two_player" and state["ruleset"] == "long_night"
    assert state["settings"]["modules"] == ["bandits"]
    assert state["settings"]["mature"] is False
    assert state["settings"]["player_elimination"] is True
    assert state["settings"]["sets"] == ["base", "companion"]
    assert all(
        len([v for v in state["survivors"] if v["owner"] == s["id"]]) == 3 for s in state["seats"]
    )
    assert state["main_objective"]["side"] == "hardcore"


def test_co_op_allows_a_single_player(app, client, new_game):
    game_id = new_game(client, 1, variant="coop")
    assert len(current(app, game_id).state["seats"]) == 1


# --- refused forms ---


def _missing_name(form):
    form["name"] = "   "


def _missing_seat_name(form):
    form["seat_name"][1] = ""


def _duplicate_names(form):
    form["seat_name"][1] = form["seat_name"][0].upper()


def _wrong_count(form):
    form["variant"] = "two_player"


def _unknown_survivor(form):
    form["survivor_2"][0] = "Nobody Atall"


def _same_survivor_twice(form):
    form["survivor_1"][1] = form["survivor_1"][0]


def _junk_numbers(form):
    form["objective"] = "typed"
    form.update(
        typed_name="Mine",
        typed_morale="six",
        typed_round_track="7",
        typed_zombies_per_location="1",
        typed_colony_zombies="0",
        typed_food="0",
        typed_helpless="0",
    )


def _zero_morale(form):
    _junk_numbers(form)
    form["typed_morale"] = "0"


def _typed_without_name(form):
    _junk_numbers(form)
    form["typed_name"] = ""
    form["typed_morale"] = "6"


def _counts_without_a_number(form):
    _typed_without_name(form)
    form.update(typed_name="Mine", typed_counts="zombies", typed_per_player="lots")


def _counts_something_unknown(form):
    _counts_without_a_number(form)
    form.update(typed_counts="bananas", typed_per_player="2")


def _counts_none_per_player(form):
    _counts_without_a_number(form)
    form["typed_per_player"] = "0"


def _unknown_objective(form):
    form["objective"] = "base.no-such-card"


def _no_sets(form):
    form["sets"] = []


def _bad_variant(form):
    form["variant"] = "solo-deluxe"


def _unknown_module(form):
    form["modules"] = ["zeppelins"]


def _too_many_players(form):
    for k in ("seat_name", "survivor_1", "survivor_2", "survivor_3"):
        form[k] = list(form[k])
    for n in range(3):
        form["seat_name"].append(f"Extra {n}")
        form["survivor_1"].append("")
        form["survivor_2"].append("")
        form["survivor_3"].append("")
    form["survivor_mode"] = "dealt"


REFUSED = [
    (_missing_name, "Give the game a name."),
    (_missing_seat_name, "seat 2 needs a name"),
    (_duplicate_names, "two players are called"),
    (_wrong_count, "needs 2 players, not 3"),
    (_unknown_survivor, "no survivor called “Nobody Atall”"),
    (_same_survivor_twice, "is chosen twice"),
    (_junk_numbers, "Morale of the typed-in main objective must be a whole number."),
    (_zero_morale, "Morale of the standard side must be at least 1, not 0"),
    (_typed_without_name, "Give the typed-in main objective a name."),
    (
        _counts_without_a_number,
        "Say how many the typed-in main objective needs for each player, as a whole number.",
    ),
    (_counts_something_unknown, "a main objective counts one of cards, zombies, survivors"),
    (_counts_none_per_player, "needs per player must be at least 1, not 0"),
    (_unknown_objective, "Choose a main objective, or type one in."),
    (_no_sets, "Choose at least one set of cards."),
    (_bad_variant, "Choose a variant."),
    (_unknown_module, "unknown module(s): zeppelins"),
    (_too_many_players, "needs 2-5 players, not 6"),
]


@pytest.mark.parametrize(("spoil", "message"), REFUSED, ids=[f.__name__ for f, _ in REFUSED])
def test_bad_input_comes_back_with_its_message_and_no_game(app, client, game_form, spoil, message):
    form = game_form(3, name="Kept <name>", names=["Ana", "Bruno", "Carla"])
    spoil(form)
    response = client.post("/games/new", data=form)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert message in error_of(page)
    assert game_ids(app) == []
    # The values typed are kept (escaped) in the form that came back.
    if form["name"].strip():
        assert 'value="Kept &lt;name&gt;"' in page
    assert 'value="Carla"' in page
    assert response.headers.getlist("Set-Cookie") == []


@pytest.mark.parametrize(
    ("lang", "says", "guess"),
    [
        ("en", "No survivor card is called “Jon Price”.", "Did you mean John Price?"),
        (
            "pt_BR",
            "Nenhuma carta de sobrevivente se chama “Jon Price”.",
            "Você quis dizer John Price?",
        ),
    ],
)
def test_a_mistyped_survivor_is_marked_at_its_field_with_close_names(
    app, client, game_form, lang, says, guess
):
    client.set_cookie("lang", lang)
    form = game_form(3, names=["Ana", "Bruno", "Carla"])
    form["survivor_1"][1] = "Jon Price"
    form["survivor_2"][2] = "Nobody Atall"
    response = client.post("/games/new", data=form)
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    field = re.search(r'<input type="text" id="survivor-1-1"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field and 'aria-describedby="survivor-1-1-error"' in field
    error = re.search(r'<p class="field-error" id="survivor-1-1-error">(.*?)</p>', page, re.S)
    assert error and says in error.group(1) and guess in error.group(1)
    # The field's message stands right after the field, not only at the top of the page.
    assert page.index('id="survivor-1-1-error"') - page.index('id="survivor-1-1"') < 400
    other = re.search(r'<p class="field-error" id="survivor-2-2-error">(.*?)</p>', page, re.S)
    assert other and "Nobody Atall" in other.group(1) and "?" not in other.group(1)
    assert page.count('aria-invalid="true"') == 2
    assert game_ids(app) == []


def test_close_names_offers_what_a_typo_may_mean():
    from companion.cards.names import close_names

    names = ["John Price", "Brian Lee", "Sparky", "Maria Lopez", "Talia Jones"]
    assert close_names("Jon Price", names) == ["John Price"]
    assert close_names("jhon prise", names) == ["John Price"]
    assert close_names("price", names) == ["John Price"]  # a whole word of the name
    assert close_names("Maria Lopes", names) == ["Maria Lopez"]
    assert close_names("Sparki", names) == ["Sparky"]
    assert close_names("Nobody Atall", names) == []
    assert close_names("   ", names) == []


def test_a_scenario_brings_the_long_night_sets_along(app, client, game_form):
    """A special scenario plays The Long Night's rulebook, so its cards come with it, even when
    the form left the base rulebook's sets ticked (the page without JavaScript)."""
    numbers = {k: "1" for k in SIDE_NUMBERS}
    form = game_form(3, objective="typed", typed=numbers, sets=["base", "companion"])
    form["scenario"] = "raxxon:1"
    response = client.post("/games/new", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    game_id = response.headers["Location"].split("/")[-2]
    state = current(app, game_id).state
    assert state["ruleset"] == "long_night"
    assert state["settings"]["sets"] == ["base", "companion", "long_night"]


# --- seat rows ---


def test_htmx_adds_a_seat_row_and_keeps_the_values(app, client, game_form):
    form = game_form(2, names=["Ana", "Bo"])
    form["edit"] = "add_seat"
    response = client.post("/games/new", data=form, headers=HX)
    assert response.status_code == 200
    fragment = response.get_data(as_text=True)
    assert "<html" not in fragment and fragment.lstrip().startswith('<fieldset id="seats"')
    assert fragment.count('name="seat_name"') == 3
    assert 'value="Ana"' in fragment and 'value="Bo"' in fragment
    assert f'value="{form["survivor_1"][0]}"' in fragment
    assert "HX-Request" in response.headers["Vary"]
    assert game_ids(app) == []


def test_seat_rows_stop_at_five_and_at_one(client, game_form):
    form = game_form(5)
    form["edit"] = "add_seat"
    page = client.post("/games/new", data=form, headers=HX).get_data(as_text=True)
    assert page.count('name="seat_name"') == 5
    assert 'value="add_seat"' not in page
    form = game_form(1, names=["Solo"])
    form["edit"] = "remove_seat:0"
    page = client.post("/games/new", data=form, headers=HX).get_data(as_text=True)
    assert page.count('name="seat_name"') == 1
    assert "remove_seat" not in page


def test_removing_a_seat_without_javascript_gives_the_whole_form(app, client, game_form):
    form = game_form(3, name="Keep me", names=["Ana", "Bruno", "Carla"])
    form["edit"] = "remove_seat:1"
    response = client.post("/games/new", data=form)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<html" in page and 'value="Keep me"' in page
    assert 'value="Ana"' in page and 'value="Carla"' in page and 'value="Bruno"' not in page
    assert page.count('name="seat_name"') == 2
    assert game_ids(app) == []


# --- the setup checklist ---


def test_the_setup_checklist_shows_the_setup_steps(app, client, new_game):
    game_id = new_game(client, 3, names=["Ana", "Bruno", "Carla"])
    response = client.get(f"/games/{game_id}/setup")
    assert response.status_code == 200
    page = html.unescape(response.get_data(as_text=True))
    state = current(app, game_id).state
    steps = first_steps(app, game_id)
    public = engine.visible_steps(steps, None)
    assert public and len(public) < len(steps)  # the secret objectives are private steps
    for step in public:  # every public step once: a setup zombie's placement is its "to add"
        shown = engine.render_step(step, state, "en") in page
        assert shown == (step["kind"] not in UNLISTED_KINDS), step
    for step in steps:
        if step.get("private"):
            assert engine.render_step(step, state, "en") not in page
    for sid, secret in state["secrets"].items():
        name = state["cards"]["objectives"][secret["objective"]]["name"]
        assert name not in page, f"{sid}'s secret objective reached the table"
    kinds = {s["kind"] for s in public}
    assert {"starting_items", "decks_built", "first_player_chosen", "zombie_placed"} <= kinds
    items = engine.setup_checklist(state, public)
    assert page.count('class="tick"') == len(items)  # one stored tick per step of the list
    assert f'href="/games/{game_id}"' in page
    for survivor in state["survivors"]:
        assert survivor["name"] in page


def test_the_setup_checklist_speaks_portuguese(app, client, new_game):
    game_id = new_game(client, 2)
    client.set_cookie("lang", "pt_BR")
    page = html.unescape(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    state = current(app, game_id).state
    for step in engine.visible_steps(first_steps(app, game_id), None):
        shown = engine.render_step(step, state, "pt_BR") in page
        assert shown == (step["kind"] not in UNLISTED_KINDS), step
    assert 'lang="pt-BR"' in page


def test_dealt_survivors_checklist_says_the_phones_keep_them(app, client, new_game):
    game_id = new_game(client, 2, survivors="dealt")
    page = html.unescape(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    state = current(app, game_id).state
    dealt = next(s for s in first_steps(app, game_id) if s["kind"] == "survivors_dealt")
    assert engine.render_step(dealt, state, "en") in page
    for seat in state["secrets"].values():
        for card_id in seat["dealt_survivors"]:
            assert state["cards"]["survivors"][card_id]["name"] not in page


def _ticked(page: str) -> list[str]:
    """The checklist steps a setup page shows ticked."""
    return re.findall(r'<li class="step step-([a-z_]+) step-done"', page)


def test_ticks_are_stored_with_the_game_and_survive_a_restart(app, client, new_game, tmp_path):
    game_id = new_game(client, 3, names=["Ana", "Bruno", "Carla"])
    url = f"/games/{game_id}/setup/tick"
    response = client.post(url, data={"item": "board", "done": "1"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game_id}/setup#step-board")
    fragment = client.post(url, data={"item": "join", "done": "1"}, headers=HX)
    assert fragment.status_code == 200
    body = fragment.get_data(as_text=True)
    assert body.lstrip().startswith('<li class="step step-join step-done" id="step-join">')
    assert 'aria-pressed="true"' in body and "<html" not in body
    assert _ticked(client.get(f"/games/{game_id}/setup").get_data(as_text=True)) == [
        "board",
        "join",
    ]
    assert current(app, game_id).state["setup_checklist"]["done"] == ["board", "join"]
    client.post(url, data={"item": "board", "done": "0"})
    restarted = create_app({"TESTING": True}, data_dir=tmp_path).test_client()
    page = restarted.get(f"/games/{game_id}/setup").get_data(as_text=True)
    assert _ticked(page) == ["join"]
    # A tick is an action of the log: undo takes it back.
    db = store.open_db(app.config["GAMES_DB"])
    try:
        store.undo(db, game_id, version=store.current(db, game_id).version)
    finally:
        db.close()
    page = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    assert _ticked(page) == ["board", "join"]


def test_only_the_table_ticks_and_sees_the_join_code(app, client, new_game):
    game_id = new_game(client, 2)
    table_page = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    join_step = table_page[table_page.index('id="step-join"') :]
    join_step = join_step[: join_step.index("</li>\n", join_step.index('id="join-panel"'))]
    assert 'class="jp-code"' in join_step and "/qr" in join_step
    assert table_page.index('id="step-join"') < table_page.index('id="step-secret_objectives"')
    phone = {"REMOTE_ADDR": "192.168.1.23"}
    guest = app.test_client()  # another device: no table cookie
    guest_page = guest.get(f"/games/{game_id}/setup", environ_base=phone).get_data(as_text=True)
    assert 'id="step-join"' in guest_page
    assert "join-panel" not in guest_page and 'class="tick"' not in guest_page
    refused = guest.post(
        f"/games/{game_id}/setup/tick", data={"item": "board", "done": "1"}, environ_base=phone
    )
    assert refused.status_code == 403
    assert client.post(f"/games/{game_id}/setup/tick", data={"item": "nope"}).status_code == 422
    assert current(app, game_id).state["setup_checklist"]["done"] == []


def test_the_checklist_names_the_decks_to_set_aside_in_both_languages(client, new_game):
    game_id = new_game(client, 3)
    page = html.unescape(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    assert "Put these back in the box" in page and "the crisis deck" in page
    assert "These stay on the table" in page and "the survivor deck" in page
    client.set_cookie("lang", "pt_BR")
    page = html.unescape(client.get(f"/games/{game_id}/setup").get_data(as_text=True))
    assert "Put these back in the box" not in page and "baralho de crises" in page


def test_player_names_are_escaped_everywhere(app, client, new_game):
    evil = '<script>alert("x")</script>'
    game_id = new_game(client, 2, name=f"<b>{evil}</b>", names=[evil, "<img src=x onerror=1>"])
    for path in (f"/games/{game_id}/setup", "/"):
        page = client.get(path).get_data(as_text=True)
        assert "<script>alert" not in page and "<img src=x" not in page and "<b><script" not in page
        assert "&lt;script&gt;alert(" in page
        assert "&lt;img src=x onerror=1&gt;" in page


def test_unknown_game_has_no_setup_page(client):
    assert client.get("/games/nosuchgame/setup").status_code == 404


def test_a_cross_site_post_creates_nothing(app, client, game_form):
    response = client.post(
        "/games/new", data=game_form(3), headers={"Sec-Fetch-Site": "cross-site"}
    )
    assert response.status_code == 403
    assert game_ids(app) == []
    response = client.post("/games/new", data=game_form(3), headers={"Origin": "http://evil.test"})
    assert response.status_code == 403
    assert game_ids(app) == []


def test_a_same_origin_post_is_accepted(app, client, game_form):
    response = client.post(
        "/games/new", data=game_form(3), headers={"Sec-Fetch-Site": "same-origin"}
    )
    assert response.status_code == 303
    assert len(game_ids(app)) == 1


def test_without_a_card_database_the_form_says_so(tmp_path):
    from companion import create_app

    app = create_app({"TESTING": True, "CARDS_DB": str(tmp_path / "none.db")}, data_dir=tmp_path)
    client = app.test_client()
    page = client.get("/games/new").get_data(as_text=True)
    assert "The card database is not built." in page
    response = client.post("/games/new", data={"name": "x", "seat_name": ["A", "B"]})
    assert response.status_code == 400
    assert game_ids(app) == []
    assert not (tmp_path / "none.db").exists()
