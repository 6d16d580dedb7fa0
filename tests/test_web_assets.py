"""Static files: compressed as the browser takes them, cached or revalidated, never downloads."""

from __future__ import annotations

from pathlib import Path

from flask import render_template_string

from companion.web.assets import zstd

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def test_a_static_file_goes_out_in_zstd_at_its_best_level(client):
    raw = (ROOT / "static" / "htmx-2.0.11.min.js").read_bytes()
    response = client.get("/static/htmx-2.0.11.min.js", headers=CHROMIUM)
    assert response.headers["Content-Encoding"] == "zstd"
    assert zstd.decompress(response.data) == raw
    # Level 19 makes htmx smaller than Flask-Compress's quick level 3 would.
    assert len(response.data) < len(zstd.compress(raw, 3))
    assert "Accept-Encoding" in response.headers["Vary"]
    assert "Accept-Ranges" not in response.headers


def test_a_browser_without_zstd_still_gets_a_compressed_file(client):
    raw = (ROOT / "static" / "phone.css").read_bytes()
    response = client.get("/static/phone.css", headers={"Accept-Encoding": "gzip, deflate"})
    assert response.headers["Content-Encoding"] in {"gzip", "deflate"}
    assert 0 < len(response.data) < len(raw)


def test_the_companions_own_files_are_revalidated_and_answer_304_when_unchanged(client):
    first = client.get("/static/phone.js", headers=CHROMIUM)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    assert first.headers["ETag"].endswith(':zstd"')
    again = client.get(
        "/static/phone.js", headers={**CHROMIUM, "If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304 and again.data == b""
    other = client.get("/static/phone.js", headers={**CHROMIUM, "If-None-Match": '"old:zstd"'})
    assert other.status_code == 200 and zstd.decompress(other.data)


def test_a_vendored_file_with_its_version_is_kept_a_year(client):
    response = client.get("/static/htmx-2.0.11.min.js", headers=CHROMIUM)
    control = response.headers["Cache-Control"]
    assert "immutable" in control and "max-age=31536000" in control and "public" in control


def test_no_static_file_says_it_is_a_download(client):
    for path in ("/static/phone.js", "/static/phone.css", "/static/favicon.svg"):
        assert "Content-Disposition" not in client.get(path, headers=CHROMIUM).headers, path


def test_a_page_keeps_the_quick_level(client):
    page = client.get("/", headers=CHROMIUM)
    assert page.headers["Content-Encoding"] == "zstd"
    body = zstd.decompress(page.data)
    assert len(page.data) == len(zstd.compress(body, 3))


def test_the_sprites_address_is_each_requests_own(app):
    """sprite_url is built once a request, under that request's prefix (a proxy's mount)."""
    source = "{{ sprite_url() }} {{ sprite_url() }}"
    for root in ("", "/table", ""):
        with app.test_request_context("/", base_url=f"http://localhost{root}/"):
            said = render_template_string(source)
            assert said == f"{root}/static/icons.svg {root}/static/icons.svg"
