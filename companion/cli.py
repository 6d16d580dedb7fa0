"""The `companion` command: serve the table, manage the card database."""

from __future__ import annotations

import socket

import click

from companion.cards.cli import cards


def lan_address() -> str:
    """Best guess at this laptop's LAN IPv4 address (no packet is sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return "127.0.0.1"


def terminal_qr(url: str) -> str:
    """Render a QR code for `url` as text for the terminal."""
    import io

    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out)
    return out.getvalue()


@click.group()
def main() -> None:
    """Dead of Winter table companion."""


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to bind.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option("--threads", default=16, show_default=True, type=int, help="Worker threads.")
def serve(host: str, port: int, threads: int) -> None:
    """Start the table on a real WSGI server (waitress)."""
    from waitress import serve as waitress_serve

    from companion import create_app

    app = create_app()
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{port}/"
    click.echo(f"Table screen: http://127.0.0.1:{port}/ on this laptop")
    click.echo(f"Phones join at: {url}")
    click.echo(terminal_qr(url))
    waitress_serve(app, host=host, port=port, threads=threads)


main.add_command(cards)


if __name__ == "__main__":
    main()
