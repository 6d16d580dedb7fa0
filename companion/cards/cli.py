"""The `companion cards` commands: build, import, export, set-capacity, untranslated."""

from __future__ import annotations

from pathlib import Path

import click

from companion.paths import project_root


def _root_path(name: str) -> Path:
    return project_root() / name


db_option = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Card database to use (default: cards.db at the top of the clone).",
)

table_option = click.option(
    "--table",
    type=click.Choice(["crossroads", "objectives", "survivors"]),
    default=None,
    help="Table of a CSV file (default: guessed from the file name).",
)


def _spaces_option(flag: str, name: str, help: str):
    """An option for a number of spaces, 0 or more, left unchanged when not given."""
    return click.option(flag, name, type=click.IntRange(0), default=None, help=help)


def _fail(error: Exception) -> None:
    """Print a CardProblems error and stop with exit code 1."""
    raise click.ClickException(str(error))


@click.group()
def cards() -> None:
    """Build the card database and move card packs in and out of it."""


@cards.command()
@click.option(
    "--cards",
    "cards_dir",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=None,
    help="Folder of the text sources (default: cards/ at the top of the clone).",
)
@click.option("--clean", is_flag=True, help="Drop imported packs and capacity overrides too.")
@db_option
def build(cards_dir: Path | None, clean: bool, db_path: Path | None) -> None:
    """Build cards.db from the text sources under cards/."""
    from companion.cards.build import build as build_db
    from companion.cards.schema import CardProblems

    cards_dir = cards_dir or _root_path("cards")
    db_path = db_path or _root_path("cards.db")
    try:
        counts = build_db(cards_dir, db_path, keep_packs=not clean)
    except CardProblems as error:
        _fail(error)
        return
    summary = ", ".join(f"{table} {n}" for table, n in counts.items())
    click.echo(f"Built {db_path}: {summary}")


@cards.command("import")
@click.argument("file", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option("--set", "set_id", default=None, help="Set id for a CSV file (lowercase, _).")
@click.option("--name", "set_name", default=None, help="Set name for a CSV file.")
@table_option
@db_option
def import_(
    file: Path, set_id: str | None, set_name: str | None, table: str | None, db_path: Path | None
) -> None:
    """Import a card pack (JSON, or CSV for one table); it replaces that set, all or nothing."""
    from companion.cards.packs import import_pack
    from companion.cards.schema import CardProblems

    try:
        counts = import_pack(
            db_path or _root_path("cards.db"), file, set_id=set_id, set_name=set_name, table=table
        )
    except CardProblems as error:
        _fail(error)
        return
    for set_id_done, per_table in counts.items():
        summary = ", ".join(f"{t} {n}" for t, n in per_table.items())
        click.echo(f"Imported set {set_id_done}: {summary}")


@cards.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--set", "set_id", default=None, help="Only this set (needed for CSV).")
@table_option
@db_option
def export(file: Path, set_id: str | None, table: str | None, db_path: Path | None) -> None:
    """Export a set (or every set) as a JSON pack, or one table of a set as CSV."""
    from companion.cards.packs import export_pack
    from companion.cards.schema import CardProblems

    try:
        count = export_pack(db_path or _root_path("cards.db"), file, set_id=set_id, table=table)
    except CardProblems as error:
        _fail(error)
        return
    click.echo(f"Wrote {count} cards to {file}")


@cards.command("set-capacity")
@click.argument("location_id")
@_spaces_option("--entrances", "entrance_spaces", "Spaces per entrance at this table.")
@_spaces_option("--survivors", "survivor_spaces", "Survivor spaces at this table.")
@db_option
def set_capacity_cmd(
    location_id: str,
    entrance_spaces: int | None,
    survivor_spaces: int | None,
    db_path: Path | None,
) -> None:
    """Use your box's capacities for a location; give neither number to return to the card's."""
    from companion.cards.load import set_capacity

    try:
        card = set_capacity(
            db_path or _root_path("cards.db"),
            location_id,
            entrance_spaces=entrance_spaces,
            survivor_spaces=survivor_spaces,
        )
    except KeyError:
        raise click.ClickException(f"no location '{location_id}' in the card database") from None
    if entrance_spaces is None and survivor_spaces is None:
        click.echo(f"{card['name']}: back to the card's capacities")
    else:
        entrances = card["entrance_spaces"] if entrance_spaces is None else entrance_spaces
        survivors = card["survivor_spaces"] if survivor_spaces is None else survivor_spaces
        click.echo(f"{card['name']}: {entrances} entrance spaces, {survivors} survivor spaces")


@cards.command()
@click.option("--set", "set_ids", multiple=True, help="Only this set (may be repeated).")
@click.option("--locale", default="pt_BR", show_default=True, help="The language to check.")
@db_option
def untranslated(set_ids: tuple[str, ...], locale: str, db_path: Path | None) -> None:
    """List the card texts that have no translation (they show in English, marked EN)."""
    from sqlite_utils import Database

    from companion.cards.load import untranslated_cards
    from companion.cards.schema import TRANSLATED_LOCALES

    if locale not in TRANSLATED_LOCALES:
        raise click.BadParameter(f"one of {', '.join(TRANSLATED_LOCALES)}", param_hint="--locale")
    db = Database(db_path or _root_path("cards.db"))
    try:
        found = untranslated_cards(db, locale, sets=set_ids or None)
    finally:
        db.close()
    for table, card_id, fields in found:
        click.echo(f"{table} {card_id}: {', '.join(fields)}")
    click.echo(f"{len(found)} card(s) with texts not in {locale}.")
