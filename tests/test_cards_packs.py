"""Card packs: JSON and CSV import/export, validation with locations, all-or-nothing."""

from __future__ import annotations

import json

import pytest
from cards_helpers import built_db, contains, sample_pack
from click.testing import CliRunner

from companion.cards.load import load_cards
from companion.cards.packs import export_pack, import_pack
from companion.cards.schema import CardProblems
from companion.cli import main


def write(path, data):
    path.write_text(json.dumps(data, indent=2))
    return path


def export_json(db, tmp_path, set_id="my_box"):
    out = tmp_path / f"export-{set_id}.json"
    export_pack(db, out, set_id=set_id)
    return json.loads(out.read_text())


def test_json_round_trip(tmp_path):
    db = built_db(tmp_path)
    import_pack(db, write(tmp_path / "pack.json", sample_pack()))
    exported = export_json(db, tmp_path)
    assert exported["set"] == sample_pack()["set"]
    for table, records in sample_pack().items():
        if table == "set":
            continue
        assert [r["id"] for r in exported[table]] == sorted(r["id"] for r in records)
        by_id = {r["id"]: r for r in exported[table]}
        for record in records:
            assert contains(record, by_id[record["id"]]), (table, record["id"])
    import_pack(db, write(tmp_path / "again.json", exported))
    assert export_json(db, tmp_path) == exported


@pytest.mark.parametrize("table", ["crossroads", "objectives"])
def test_csv_round_trip(tmp_path, table):
    db = built_db(tmp_path)
    import_pack(db, write(tmp_path / "pack.json", sample_pack()))
    before = export_json(db, tmp_path)
    csv_file = tmp_path / f"{table}.csv"
    export_pack(db, csv_file, set_id="my_box", table=table)
    header = csv_file.read_text().splitlines()[0]
    if table == "crossroads":
        assert "option1_text,option1_effects" in header
    import_pack(db, csv_file, set_id="my_box")
    assert export_json(db, tmp_path) == before


def test_full_export_lists_every_set(tmp_path):
    db = built_db(tmp_path)
    out = tmp_path / "all.json"
    export_pack(db, out)
    ids = [pack["set"]["id"] for pack in json.loads(out.read_text())["packs"]]
    assert ids == sorted(ids) and "base" in ids


def test_reimport_replaces_the_set(tmp_path):
    db = built_db(tmp_path)
    import_pack(db, write(tmp_path / "pack.json", sample_pack()))
    smaller = sample_pack(name="Our box, second try")
    smaller["crossroads"] = smaller["crossroads"][:1]
    del smaller["survivors"]
    import_pack(db, write(tmp_path / "pack.json", smaller))
    cards = load_cards(db, sets=["my_box"])
    assert [c["id"] for c in cards["crossroads"]] == ["my_box.lantern-light"]
    assert cards["survivors"] == []
    assert [s["name"] for s in cards["sets"]] == ["Our box, second try"]


def test_csv_import_replaces_only_its_table(tmp_path):
    db = built_db(tmp_path)
    import_pack(db, write(tmp_path / "pack.json", sample_pack()))
    csv_file = tmp_path / "objectives.csv"
    csv_file.write_text(
        "id,name,kind,goal,non_coop\n"
        "my_box.lone-wolf,Lone Wolf,exiled,Win if you end the game with no followers.,true\n"
    )
    import_pack(db, csv_file, set_id="my_box")
    cards = load_cards(db, sets=["my_box"])
    assert [o["id"] for o in cards["objectives"]] == ["my_box.lone-wolf"]
    assert len(cards["crossroads"]) == 2


BROKEN_JSON = [
    ("crossroads", 1, "trigger_kind", "walks-the-dog", "trigger_kind"),
    ("crossroads", 1, "options", [], "options"),
    ("crossroads", 2, "vote", "yes", "vote"),
    ("crossroads", 1, "trigger_params", {"place": "x"}, "trigger_params.place"),
    ("objectives", 2, "kind", "villain", "kind"),
    ("objectives", 1, "goal", "  ", "goal"),
    ("crises", 1, "prevent", ["gold"], "prevent"),
    ("crises", 1, "fail_effects", [{"kind": "morale"}], "fail_effects[1].amount"),
    ("crises", 1, "fail_effects", [{"kind": "explode", "amount": 1}], "fail_effects[1].kind"),
    ("main_objectives", 1, "time", "forever", "time"),
    (
        "main_objectives",
        1,
        "hardcore",
        {"morale": 5, "zombies_per_location": 1},
        "hardcore.round_track",
    ),
    ("survivors", 1, "attack", "3", "attack"),
    ("survivors", 1, "id", "other_box.ada", "id"),
    ("locations", 1, "survivor_spaces", -1, "survivor_spaces"),
    ("locations", 1, "colour", "blue", "colour"),
]


@pytest.mark.parametrize(("table", "number", "key", "value", "field"), BROKEN_JSON)
def test_each_json_problem_names_file_record_and_field(tmp_path, table, number, key, value, field):
    pack = sample_pack()
    pack[table][number - 1][key] = value
    path = write(tmp_path / "broken.json", pack)
    with pytest.raises(CardProblems) as caught:
        import_pack(built_db(tmp_path), path)
    (problem,) = caught.value.problems
    assert problem.file.endswith("broken.json")
    assert problem.where.startswith(f"{table} record {number}")
    assert problem.field == field
    assert f"broken.json: {table} record {number}" in str(caught.value)


def test_crossroads_option_problem_names_the_option(tmp_path):
    pack = sample_pack()
    pack["crossroads"][0]["options"][1]["effects"][0]["amount"] = "lots"
    with pytest.raises(CardProblems) as caught:
        import_pack(built_db(tmp_path), write(tmp_path / "p.json", pack))
    (problem,) = caught.value.problems
    assert problem.field == "options[2].effects[1].amount"
    assert "my_box.lantern-light" in problem.where


def test_every_problem_is_reported_not_only_the_first(tmp_path):
    pack = sample_pack()
    pack["objectives"][0]["kind"] = "villain"
    pack["crises"][0]["prevent"] = []
    pack["survivors"][0]["name"] = ""
    with pytest.raises(CardProblems) as caught:
        import_pack(built_db(tmp_path), write(tmp_path / "p.json", pack))
    fields = {(p.where.split(" (")[0], p.field) for p in caught.value.problems}
    assert fields == {
        ("objectives record 1", "kind"),
        ("crises record 1", "prevent"),
        ("survivors record 1", "name"),
    }


def test_csv_problems_name_the_line(tmp_path):
    csv_file = tmp_path / "my-crossroads.csv"
    csv_file.write_text(
        "id,name,trigger,trigger_kind,option1_text,option1_effects\n"
        "my_box.fine,Fine,When it snows.,start-of-turn,Gain food.,"
        '"[{""kind"": ""food"", ""amount"": 1}]"\n'
        "my_box.bad,Bad,When it snows.,sneezes,Gain food.,[]\n"
        'my_box.worse,Worse,When it snows.,start-of-turn,Gain food.,"[{""kind"": ""food""}"\n'
    )
    with pytest.raises(CardProblems) as caught:
        import_pack(built_db(tmp_path), csv_file, set_id="my_box")
    found = {(p.where.split(" (")[0], p.field) for p in caught.value.problems}
    assert found == {("line 3", "trigger_kind"), ("line 4", "option1_effects")}
    assert all(p.file.endswith("my-crossroads.csv") for p in caught.value.problems)


def test_json_syntax_error_names_the_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n  "set": {"id": "x", "name": "X"},\n  "crossroads": [,]\n}\n')
    with pytest.raises(CardProblems) as caught:
        import_pack(built_db(tmp_path), path)
    (problem,) = caught.value.problems
    assert problem.where == "line 3"


@pytest.mark.parametrize(
    "breakage",
    ["bad_record", "shipped_set", "json_syntax", "bad_set_header", "bad_csv"],
)
def test_invalid_pack_leaves_the_database_byte_for_byte(tmp_path, breakage):
    db = built_db(tmp_path)
    import_pack(db, write(tmp_path / "pack.json", sample_pack()))
    before = db.read_bytes()
    kwargs = {}
    if breakage == "bad_record":
        pack = sample_pack(name="Changed")
        pack["crossroads"].append({**pack["crossroads"][0], "id": "my_box.third", "options": []})
        path = write(tmp_path / "bad.json", pack)
    elif breakage == "shipped_set":
        pack = sample_pack(id="companion")
        path = write(
            tmp_path / "bad.json", json.loads(json.dumps(pack).replace("my_box.", "companion."))
        )
    elif breakage == "json_syntax":
        path = tmp_path / "bad.json"
        path.write_text('{"set": ')
    elif breakage == "bad_set_header":
        path = write(tmp_path / "bad.json", sample_pack(id="My Box!"))
    else:
        path = tmp_path / "objectives.csv"
        path.write_text("id,name,kind,goal\nmy_box.a,A,normal,Fine goal.\nmy_box.b,B,boss,Goal.\n")
        kwargs = {"set_id": "my_box"}
    with pytest.raises(CardProblems):
        import_pack(db, path, **kwargs)
    assert db.read_bytes() == before


def test_shipped_sets_cannot_be_overwritten(tmp_path):
    pack = json.loads(json.dumps(sample_pack(id="base")).replace("my_box.", "base."))
    with pytest.raises(CardProblems) as caught:
        import_pack(built_db(tmp_path), write(tmp_path / "p.json", pack))
    assert "shipped" in str(caught.value)


def test_cli_import_reports_problems_and_exits_nonzero(tmp_path):
    db = built_db(tmp_path)
    pack = sample_pack()
    pack["crises"][0]["bandits"] = [0]
    path = write(tmp_path / "broken.json", pack)
    result = CliRunner().invoke(main, ["cards", "import", str(path), "--db", str(db)])
    assert result.exit_code == 1
    assert "broken.json: crises record 1 (my_box.cracked-boiler): bandits:" in result.output


def test_cli_import_then_export(tmp_path):
    db = built_db(tmp_path)
    path = write(tmp_path / "pack.json", sample_pack())
    runner = CliRunner()
    result = runner.invoke(main, ["cards", "import", str(path), "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "Imported set my_box: crossroads 2" in result.output
    out = tmp_path / "my-box-crossroads.csv"
    result = runner.invoke(main, ["cards", "export", "--set", "my_box", str(out), "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert out.read_text().count("my_box.") == 2
