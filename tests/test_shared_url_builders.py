"""The test apps' shared URL builders (helpers/routes.py) build every route's URL as werkzeug's
own builders do, and compile each route's builder once per process."""

from __future__ import annotations

from helpers.routes import SharedBuilders
from werkzeug.routing import Map
from werkzeug.routing.rules import Rule

from companion import create_app

VALUES = {"game_id": "g1 x", "seat_id": "s2", "secret": "AB/CD", "code": "ABCD-EFGH"}
VALUES |= {"filename": "table.css", "group": "survivors"}


def built(app) -> list[str]:
    """Every route of the app built with and without a query argument."""
    urls = []
    adapter = app.url_map.bind("localhost")
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: (r.endpoint, r.rule)):
        values = {name: VALUES[name] for name in rule.arguments}
        urls.append(adapter.build(rule.endpoint, values))
        urls.append(adapter.build(rule.endpoint, {**values, "next": "/a b", "n": [1, 2]}))
    return urls


def test_every_route_is_built_as_werkzeug_builds_it(tmp_path, monkeypatch, shared_url_builders):
    assert Rule._compile_builder is not shared_url_builders.compile_builder
    shared_urls = built(create_app({"TESTING": True}, data_dir=tmp_path / "a"))
    assert shared_url_builders.code  # the apps of this process share their builders
    monkeypatch.setattr(Rule, "_compile_builder", shared_url_builders.compile_builder)
    assert built(create_app({"TESTING": True}, data_dir=tmp_path / "b")) == shared_urls


def test_a_route_s_builder_is_compiled_once(tmp_path):
    compiled = []

    def counting(rule: Rule, append_unknown: bool = True):
        compiled.append(rule.rule)
        return Rule._compile_builder(rule, append_unknown)

    shared = SharedBuilders(counting)
    for _ in range(3):
        rule = Rule("/games/<game_id>/seats/<seat_id>", endpoint="x")
        rule.bind(Map())
        rule._build = shared(rule, False).__get__(rule, None)
        rule._build_unknown = shared(rule, True).__get__(rule, None)
        assert rule.build({"game_id": "a", "seat_id": "s1", "q": "1"}) == (
            "",
            "/games/a/seats/s1?q=1",
        )
    assert compiled == [rule.rule, rule.rule]


def test_defaults_that_fill_a_part_are_compiled_each_time():
    compiled = []

    def counting(rule: Rule, append_unknown: bool = True):
        compiled.append(rule.rule)
        return Rule._compile_builder(rule, append_unknown)

    shared = SharedBuilders(counting)
    for page in (1, 2):
        rule = Rule("/list/<int:page>", endpoint="x", defaults={"page": page})
        rule.bind(Map())
        assert shared(rule, False).__get__(rule, None)() == ("", f"/list/{page}")
    assert len(compiled) == 2
