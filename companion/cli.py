"""The `companion` command: serve the table, manage the card database and the translations."""

from __future__ import annotations

import contextlib
import errno
import io
import logging
import select
import signal
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import click
import waitress

from companion import lan, paths
from companion.cards.cli import cards
from companion.web import live

WILDCARD_HOSTS = ("0.0.0.0", "::", "")

DEFAULT_PORT = 8765
"""Not 5000 or 7000 (macOS's AirPlay receiver holds both): 8-7-6-5, easy to say at a table."""

# One table: the laptop's table screen and up to six devices, each of which may hold two event
# streams for a moment (a reload, a second tab, a stream reconnecting before the old one ends).
# waitress runs a fixed pool of threads and an open event stream holds one of them
# (DESIGN.md, serving note), so 24 threads let companion.web.live.stream_limit allow 20 streams
# (6 devices x 2 = 12, the table screen and a TV's join sheet, and room to spare) and keep 4
# threads that no stream can take, for actions and pages.
THREADS = live.THREADS
# Past connection_limit, new connections hang without an error (DESIGN.md, serving note):
# browsers keep up to six connections each to one host, so eight devices need about fifty;
# 200 leaves room for every device reconnecting at once after the laptop wakes.
CONNECTION_LIMIT = 200


def terminal_qr(url: str) -> str:
    """Render a QR code for `url` as text for the terminal."""
    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out)
    return out.getvalue()


def phone_url(host: str, port: int, url: str | None) -> tuple[str, str | None]:
    """The address phones reach this laptop at, and a warning when phones cannot reach it."""
    if url:
        return url, None
    if host in WILDCARD_HOSTS:
        address = lan.lan_address()
        if address == lan.LOOPBACK:
            return (
                f"http://{address}:{port}/",
                "No network address found on this laptop: phones cannot join. Connect to the "
                "table's Wi-Fi and start again, or pass --url.",
            )
        return f"http://{address}:{port}/", None
    shown = f"[{host}]" if ":" in host else host
    warning = None
    if host.startswith("127.") or host in ("localhost", "::1"):
        warning = f"Bound to {host}: only this laptop can open the table; phones cannot join."
    return f"http://{shown}:{port}/", warning


def join_page(public: str) -> str:
    """The join page under the phones' address: where a phone types the table's code."""
    return public.rstrip("/") + "/j"


def _check_url(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.startswith(("http://", "https://")):
        raise click.BadParameter("must start with http:// or https://")
    return value


def _stopper(hub: live.Hub) -> Callable[[int, FrameType | None], None]:
    """A SIGINT handler: end the live streams, then stop waitress (KeyboardInterrupt)."""

    def stop(_signum: int, _frame: FrameType | None) -> None:
        hub.close_all()
        raise KeyboardInterrupt

    return stop


PROXY = "127.0.0.1"
"""The one proxy ``--behind-proxy`` trusts: an HTTPS server on this laptop."""
PROXY_HEADERS = frozenset({"x-forwarded-proto", "x-forwarded-for"})
"""What that proxy is trusted to say: the scheme the device used, and the device's address."""


def proxy_options(behind_proxy: bool) -> dict[str, Any]:
    """waitress's options for a proxy in front: none by default (every X-Forwarded-* header is
    dropped); with ``behind_proxy``, one proxy at ``PROXY`` is believed about the scheme (so
    cookies get ``Secure`` over HTTPS) and the device's address (so a phone stays a phone)."""
    if not behind_proxy:
        return {}
    return {
        "trusted_proxy": PROXY,
        "trusted_proxy_count": 1,
        "trusted_proxy_headers": set(PROXY_HEADERS),
    }


def listen(app: Any, host: str, port: int, threads: int, behind_proxy: bool = False) -> Any:
    """Bind waitress to ``host:port`` (the server, not yet serving); OSError when it cannot."""
    return waitress.create_server(
        app,
        host=host,
        port=port,
        threads=threads,
        # Every stream holds a connection too: more threads (more streams) need more room.
        connection_limit=max(CONNECTION_LIMIT, 2 * threads),
        # With a request looked ahead, waitress notices a device that went away while its
        # event stream is open, and frees the stream's thread.
        channel_request_lookahead=1,
        # poll() has no 1024-descriptor ceiling like select(); Windows has no poll().
        asyncore_use_poll=hasattr(select, "poll"),
        clear_untrusted_proxy_headers=True,
        ident="companion",
        **proxy_options(behind_proxy),
    )


def cannot_listen(host: str, port: int, error: OSError) -> str:
    """One line saying why the server cannot listen on ``host:port``, and what to do."""
    if error.errno == errno.EADDRINUSE:
        return (
            f"Port {port} is already in use (another companion, or another program): "
            f"start with another port, e.g. --port {port + 1 if port < 65535 else 8765}."
        )
    if error.errno == errno.EACCES:
        return f"Port {port} needs special rights here: choose one above 1023 with --port."
    reason = error.strerror or str(error)
    return f"Cannot listen on {host} port {port} ({reason}): check --host, or try another --port."


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="companion", prog_name="companion")
def main() -> None:
    """Dead of Winter table companion."""


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to bind.")
@click.option(
    "--url",
    callback=_check_url,
    help="The address phones use (default: this laptop's LAN address); its /j page is in the "
    "QR code.",
)
@click.option(
    "--port",
    default=DEFAULT_PORT,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="Port to listen on.",
)
@click.option(
    "--data",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for games.db and the secret key (default: instance/ in a clone, else this "
    "user's data folder).",
)
@click.option(
    "--threads",
    default=THREADS,
    show_default=True,
    type=click.IntRange(min=live.MIN_THREADS),
    help="Worker threads; most may hold live streams, a few always serve actions.",
)
@click.option(
    "--behind-proxy",
    is_flag=True,
    help=f"An HTTPS proxy on this laptop ({PROXY}) serves the companion: believe its "
    "X-Forwarded-Proto and X-Forwarded-For (off by default).",
)
def serve(
    host: str, url: str | None, port: int, data: Path | None, threads: int, behind_proxy: bool
) -> None:
    """Start the table on a real WSGI server (waitress) on the local network."""
    from companion import create_app

    app = create_app(data_dir=data or paths.default_data_dir())
    public, warning = phone_url(host, port, url)
    app.config["PUBLIC_URL"] = public
    if host not in WILDCARD_HOSTS:  # the address bound is one the companion answers to
        app.config["ALLOWED_HOSTS"] = [f"[{host}]" if ":" in host else host]
    app.config["LIVE_MAX_STREAMS"] = live.stream_limit(threads)
    logging.basicConfig()
    try:
        server = listen(app, host, port, threads, behind_proxy)
    except OSError as error:
        click.secho(cannot_listen(host, port, error), fg="red", err=True)
        raise SystemExit(1) from None
    join = join_page(public)
    click.echo(f"Table screen (this laptop): http://127.0.0.1:{port}/")
    click.echo(f"Phones join at: {join}")
    click.echo(terminal_qr(join))
    if warning:
        click.secho(f"Warning: {warning}", fg="yellow", err=True)
    click.echo(f"Data folder: {app.instance_path}")
    click.echo(f"Live updates: up to {app.config['LIVE_MAX_STREAMS']} streams at once.")
    click.echo("Press Ctrl-C to stop.")
    # Ctrl-C always stops the server, also when started from a shell that ignores SIGINT; the
    # live streams end first, so waitress finds its threads free and stops at once.
    signal.signal(signal.SIGINT, _stopper(live.hub(app)))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    click.echo("Stopped.")


@main.group()
def i18n() -> None:
    """Translations: the message catalogues under companion/translations/."""


@i18n.command()
def update() -> None:
    """pybabel extract, update and compile: every marked message into every .po and .mo."""
    from companion import i18n as languages
    from companion.paths import project_root

    languages.update_catalogues(project_root())


main.add_command(cards)


if __name__ == "__main__":
    main()
