"""Languages per device: the lang cookie, Accept-Language, and the /lang switch."""

from __future__ import annotations

import html

import pytest
from flask import render_template_string
from flask_babel import get_locale as babel_locale
from flask_babel import gettext
from werkzeug.datastructures import LanguageAccept

from companion.engine.words.translation import translator
from companion.i18n import COOKIE, LANGUAGES, choose_locale, select_locale
from companion.web.lang import safe_next


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("pt-BR", "pt_BR"),
        ("pt-BR,pt;q=0.9,en;q=0.8", "pt_BR"),
        ("pt", "pt_BR"),
        ("pt-PT", "pt_BR"),
        ("en-US", "en"),
        ("en-GB,en;q=0.9", "en"),
        ("fr", "en"),
        ("fr-FR,de;q=0.5", "en"),
        ("en;q=0.5,pt-BR;q=0.9", "pt_BR"),
        ("", "en"),
    ],
)
def test_locale_from_accept_language(app, header, expected):
    headers = {"Accept-Language": header} if header else {}
    with app.test_request_context("/", headers=headers):
        assert select_locale() == expected
        assert str(babel_locale()) == expected


def test_the_cookie_wins_over_accept_language(app, client):
    with app.test_request_context(
        "/", headers={"Accept-Language": "en-US", "Cookie": f"{COOKIE}=pt_BR"}
    ):
        assert select_locale() == "pt_BR"
    with app.test_request_context(
        "/", headers={"Accept-Language": "pt-BR", "Cookie": f"{COOKIE}=en"}
    ):
        assert select_locale() == "en"


def test_an_unknown_cookie_is_ignored(app):
    with app.test_request_context(
        "/", headers={"Accept-Language": "pt-BR", "Cookie": f"{COOKIE}=xx"}
    ):
        assert select_locale() == "pt_BR"


def test_no_request_means_english():
    assert select_locale() == "en"
    assert choose_locale(None, None) == "en"


def test_pages_say_their_language(client):
    english = client.get("/", headers={"Accept-Language": "fr"})
    assert english.headers["Content-Language"] == "en"
    assert "Accept-Language" in english.headers["Vary"]
    assert "Cookie" in english.headers["Vary"]
    portuguese = client.get("/", headers={"Accept-Language": "pt-BR"})
    assert portuguese.headers["Content-Language"] == "pt-BR"


def test_lang_sets_the_cookie_and_goes_back(client):
    response = client.get("/lang/pt_BR?next=/cards?q=zumbi")
    assert response.status_code == 303
    assert response.headers["Location"] == "/cards?q=zumbi"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=pt_BR;")
    assert "Max-Age=31536000" in cookie
    assert "SameSite=Lax" in cookie
    assert "Path=/" in cookie
    page = client.get("/", headers={"Accept-Language": "en-US"})
    assert page.headers["Content-Language"] == "pt-BR"
    client.get("/lang/en")
    assert client.get("/", headers={"Accept-Language": "pt-BR"}).headers["Content-Language"] == "en"


def test_lang_without_next_goes_home(client):
    response = client.get("/lang/en")
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize(
    "target",
    [
        "http://evil.example",
        "http://evil.example/",
        "https://evil.example/cards",
        "//evil.example/",
        "///evil.example/",
        "/\\evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "evil.example",
        "/ok\r\nSet-Cookie: x=1",
        "",
    ],
)
def test_open_redirects_are_refused(client, target):
    response = client.get("/lang/pt_BR", query_string={"next": target})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert safe_next(target) == "/"


def test_local_paths_are_kept():
    assert safe_next("/") == "/"
    assert safe_next("/cards") == "/cards"
    assert safe_next("/cards?table=survivors&q=a%20b") == "/cards?table=survivors&q=a%20b"


def test_unknown_language_is_404_and_sets_nothing(client):
    response = client.get("/lang/xx?next=/cards", headers={"Accept-Language": "pt-BR"})
    assert response.status_code == 404
    assert "Set-Cookie" not in response.headers
    assert "Este idioma não está disponível." in response.get_data(as_text=True)


def test_gettext_reads_the_compiled_catalogue(app):
    with app.test_request_context("/", headers={"Accept-Language": "pt-BR"}):
        assert gettext("This language is not available.") == "Este idioma não está disponível."
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert gettext("This language is not available.") == "This language is not available."


def test_templates_translate_and_trim_trans_blocks(app):
    source = "{% trans %}\n   This language\n   is not available.\n{% endtrans %}"
    with app.test_request_context("/", headers={"Accept-Language": "pt-BR"}):
        assert render_template_string(source) == "Este idioma não está disponível."
        context = render_template_string(
            "{{ html_lang }} {{ current_locale }} {{ lang_url('en') }}"
        )
        assert context == "pt-BR pt_BR /lang/en?next=/"


def test_lang_url_comes_back_to_the_page_without_repeating_its_query(app, client):
    with app.test_request_context("/cards?q=a&table=survivors"):
        url = render_template_string("{{ lang_url('pt_BR') }}")
    assert url.startswith("/lang/pt_BR?next=")
    assert "survivors" not in url
    response = client.get(html.unescape(url))
    assert response.headers["Location"] == "/cards"


def test_the_engines_gettext_reads_the_same_catalogue():
    assert translator("pt_BR").gettext("This language is not available.") == (
        "Este idioma não está disponível."
    )
    assert translator("en").gettext("This language is not available.") == (
        "This language is not available."
    )


def test_languages():
    assert LANGUAGES == {"en": "English", "pt_BR": "Português (Brasil)"}


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ([("pt-PT", 1)], "pt_BR"),
        ([("en-US", 1)], "en"),
        ([("pt-PT", 1), ("en", 0.5)], "en"),  # an exact tag beats a primary subtag (Werkzeug)
        ([("en-US", 1), ("pt-BR", 0.5)], "pt_BR"),
        ([("pt-PT", 1), ("pt", 0.9), ("en", 0.8)], "pt_BR"),
        ([("en", 0.3), ("pt-br", 0.8)], "pt_BR"),
        ([("pt_BR", 1)], "pt_BR"),
        ([("de", 1), ("fr", 0.9)], "en"),
        ([("pt", 0), ("fr", 1)], "en"),
        ([("*", 1)], "en"),
        ([], "en"),
    ],
)
def test_choose_locale(accept, expected):
    accept = LanguageAccept(accept)
    assert choose_locale(None, accept) == expected
    assert choose_locale("pt_BR", accept) == "pt_BR"
    assert choose_locale("en", accept) == "en"


def test_templates_translate_through_flask_babels_catalogues(app):
    """Jinja's newstyle gettext over each request's Flask-Babel catalogue: variables escaped in
    HTML, a msgid always formatted ("%%" is "%"), plurals by count, trimmed blocks."""
    supply = "'The supply holds %(num)s food token.', 'The supply holds %(num)s food tokens.'"
    cases = {
        "{{ _('Round %(n)s', n=3) }}": ("Round 3", "Rodada 3"),
        "{{ gettext('Round %(n)s', n=3) }}": ("Round 3", "Rodada 3"),
        "{{ _('Round %(n)s', n='<b>') }}": ("Round &lt;b&gt;", "Rodada &lt;b&gt;"),
        "{{ _('Fully 100%% sure') }}": ("Fully 100% sure", "Fully 100% sure"),  # always formatted
        "{% trans n=4 %}\n  Round {{ n }}\n{% endtrans %}": ("Round 4", "Rodada 4"),
        f"{{{{ ngettext({supply}, 1) }}}}": (
            "The supply holds 1 food token.",
            "O estoque de comida tem 1 ficha.",
        ),
        f"{{{{ ngettext({supply}, 2) }}}}": (
            "The supply holds 2 food tokens.",
            "O estoque de comida tem 2 fichas.",
        ),
    }
    for source, (en, pt) in cases.items():
        for lang, expected in (("en", en), ("pt-BR", pt)):
            with app.test_request_context("/", headers={"Accept-Language": lang}):
                assert render_template_string(source) == expected, (lang, source)
    assert "jinja2.ext.InternationalizationExtension" in app.jinja_env.extensions


def test_each_request_reads_its_own_language(client):
    for lang, word in (("pt-BR", "Nova partida"), ("en", "New game"), ("pt-BR", "Nova partida")):
        page = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
        assert word in page, lang
