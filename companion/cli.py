"""The `companion` command: serve the table, manage the card database and the translations."""

from __future__ import annotations

import contextlib
import ctypes
import io
import select
import signal
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import click
import waitress

from companion import lan
from companion.cards.cli import cards
from companion.web import live

WILDCARD_HOSTS = ("0.0.0.0", "::", "")

# Waitress settings chosen for the live-update work: every open event stream holds a thread,
# and past connection_limit new connections hang without an error (DESIGN.md, serving note).
# The streams allowed derive from the threads (companion.web.live.stream_limit): 240 threads
# hold up to 200 streams and keep 40 for actions and pages.
THREADS = 240
CONNECTION_LIMIT = 1000


def terminal_qr(url: str) -> str:
    """Render a QR code for `url` as text for the terminal."""
    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out)
    return out.getvalue()


def phone_url(host: str, port: int, url: str | None) -> tuple[str, str | None]:
    """The URL phones should open, and a warning when phones cannot reach it."""
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


@click.group()
def main() -> None:
    """Dead of Winter table companion."""


M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
"""glibc's mallopt parameters (malloc.h)."""
HEAP_SETTINGS = ((M_ARENA_MAX, 1), (M_MMAP_THRESHOLD, 64 * 1024), (M_TRIM_THRESHOLD, 64 * 1024))
"""One heap for every thread; blocks of 64 KiB or more mapped on their own and handed back
when freed; free memory at the heap's top handed back past 64 KiB."""


def tune_heap(settings: tuple[tuple[int, int], ...] = HEAP_SETTINGS) -> bool:
    """Keep glibc's malloc from holding on to memory it no longer uses (call before threads).

    By default every thread that allocates while another holds an arena's lock gets its own
    arena (up to 8 per core), and large blocks come from the heap once one was freed (the mmap
    threshold rises): with many waitress threads decoding states and rendering pages, that
    memory stayed with the process. Measured with 20 tables and 120 devices connected: about
    3 MB less resident (docs/benchmarks.md). True when set; elsewhere (musl, macOS, Windows)
    nothing happens and False comes back.
    """
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError, TypeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return all([mallopt(param, value) == 1 for param, value in settings])


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to bind.")
@click.option(
    "--url",
    callback=_check_url,
    help="The URL printed and put in the QR code for phones (default: this laptop's LAN address).",
)
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--data",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for games.db and the secret key (default: instance/ in the clone).",
)
@click.option(
    "--threads",
    default=THREADS,
    show_default=True,
    type=click.IntRange(min=live.MIN_THREADS),
    help="Worker threads; about five in six may hold live streams, the rest serve actions.",
)
def serve(host: str, url: str | None, port: int, data: Path | None, threads: int) -> None:
    """Start the table on a real WSGI server (waitress) on the local network."""
    from companion import create_app
    from companion.store.flask import keep_open

    tune_heap()
    app = create_app(data_dir=data)
    keep_open(app)
    public, warning = phone_url(host, port, url)
    app.config["PUBLIC_URL"] = public
    app.config["LIVE_MAX_STREAMS"] = live.stream_limit(threads)
    click.echo(f"Table screen (this laptop): http://127.0.0.1:{port}/")
    click.echo(f"Phones join at: {public}")
    click.echo(terminal_qr(public))
    if warning:
        click.secho(f"Warning: {warning}", fg="yellow", err=True)
    click.echo(f"Data folder: {app.instance_path}")
    click.echo(f"Live updates: up to {app.config['LIVE_MAX_STREAMS']} devices at once.")
    click.echo("Press Ctrl-C to stop.")
    # Ctrl-C always stops the server, also when started from a shell that ignores SIGINT; the
    # live streams end first, so waitress finds its threads free and stops at once.
    signal.signal(signal.SIGINT, _stopper(live.hub(app)))
    with contextlib.suppress(KeyboardInterrupt):
        waitress.serve(
            app,
            host=host,
            port=port,
            threads=threads,
            connection_limit=CONNECTION_LIMIT,
            channel_request_lookahead=1,
            # poll() has no 1024-descriptor ceiling like select(); Windows has no poll().
            asyncore_use_poll=hasattr(select, "poll"),
            clear_untrusted_proxy_headers=True,
            ident="companion",
        )
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
