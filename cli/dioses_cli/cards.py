"""``dioses cards``: list the definitions of the loaded sets."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.table import Table
from rich.text import Text

from dioses_rules.language import model as m
from dioses_rules.language.source_definitions import definition_text, pattern_rows_text
from dioses_rules.language.spanish_words import join
from dioses_rules.language.texts import Texts
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.our_names import our_translation, spanish_name
from dioses_rules.pool.registry import Registry

from .i18n import _, ngettext
from .options import CARDS_OPTION, FORMAT_OPTION, LANG_OPTION, check_set_option
from .output import EXIT_CODES_HELP, console, print_json, user_errors
from .params import FilePath
from .pictures import OVERWRITE_OPTION, check_picture_target, require_pictures, write_pdf, write_svg
from .views import difficulty_word

if TYPE_CHECKING:
    from .output import Console  # the console() factory's, which only output.py imports

# (set, definition, replaces, replaced_by, replaced_by_set): Registry.listing's rows
Listed = tuple[str, m.Definition, str | None, str | None, str | None]


def _event_origin(definition: m.Definition) -> str | None:
    """Where an Event card's event comes from (R27); None for any other definition."""
    origin = definition.event_origin if isinstance(definition, m.MythCard) else None
    return origin.value if origin is not None else None


def definition_json(
    set_id: str,
    definition: m.Definition,
    replaces: str | None,
    replaced_by: str | None,
    replaced_by_set: str | None,
    texts: Texts,
) -> dict[str, Any]:
    return {
        "id": definition.id,
        "set": set_id,
        "kind": definition.kind,
        "name": definition.name,
        "aliases": list(definition.aliases),
        "type": definition.type if isinstance(definition, m.MythCard) else None,
        "mythology": definition.mythology if isinstance(definition, m.MythCard) else None,
        "mythologies": list(definition.mythologies) if isinstance(definition, m.MythCard) else None,
        "tags": list(definition.tags) if isinstance(definition, m.MythCard) else None,
        "provenance": definition.provenance.value,
        "event_provenance": _event_origin(definition),
        "difficulty": definition.difficulty.value if isinstance(definition, m.Pattern) else None,
        "replaces": replaces,
        "replaced_by": replaced_by,
        "replaced_by_set": replaced_by_set,
        "source": definition_text(definition),
        "lang": texts.lang,
        "text": texts.text(definition),
    }


@click.command("cards", epilog=EXIT_CODES_HELP)
@click.option("--set", "only_set", metavar="ID", help="Only the definitions of this set.")
@click.option(
    "--text",
    "as_text",
    is_flag=True,
    help="Show each definition's card text, rendered from its rules (in the language of --lang).",
)
@click.option(
    "--sheet",
    "sheet_path",
    type=FilePath(dir_okay=False, path_type=Path),
    metavar="FILE.svg|FILE.pdf",
    help="Draw the definitions as print-and-play cards instead (63 x 88 mm, 3 x 3 "
    "on A4): a PDF with a page per sheet, or one SVG with the pages stacked. "
    "Never over an existing file without --overwrite.",
)
@click.option(
    "--backs",
    is_flag=True,
    help="With --sheet: after each page of faces, a page of their backs, mirrored "
    "so that each back lands behind its face when printed on both sides and "
    "flipped on the long edge.",
)
@OVERWRITE_OPTION
@LANG_OPTION
@CARDS_OPTION
@FORMAT_OPTION
@user_errors
def cards(
    only_set: str | None,
    as_text: bool,
    sheet_path: Path | None,
    backs: bool,
    overwrite: bool,
    lang: str,
    extra_cards: tuple[Path, ...],
    output_format: str,
) -> None:
    """List every definition of every loaded set (replaced base cards included)."""
    if sheet_path is not None and as_text:
        raise click.UsageError(
            "--text lists the card text, --sheet draws it on cards: give one of them"
        )
    if backs and sheet_path is None:
        raise click.UsageError("--backs prints the backs of a sheet: add --sheet FILE")
    suffix = check_picture_target(sheet_path, "'--sheet'", (".svg", ".pdf"), overwrite)
    if suffix is not None:
        require_pictures()
    registry, _sources = load_registry(extra_cards)
    texts = registry.texts(lang)
    check_set_option(registry, only_set)
    rows = list(registry.listing(only_set))
    if sheet_path is not None:
        assert suffix is not None  # checked with the path
        return _sheet(registry, rows, sheet_path, suffix, output_format, backs, lang)
    if output_format == "json":
        print_json([definition_json(*row, texts=texts) for row in rows])
        return
    out = console()
    if as_text:
        _print_texts(out, rows, texts)
        return
    _print_table(out, rows, texts)


def _print_table(out: Console, rows: Sequence[Listed], texts: Texts) -> None:
    """The listing as a table, its words in the language of ``texts`` (ids
    stay ids: they are what a card file or a command names)."""
    title = ngettext("{count} definition", "{count} definitions", len(rows))
    table = Table(title=title.format(count=len(rows)), title_justify="left")
    headers = (_("set"), _("kind"), "id", _("name"), _("type"), _("mythology"))
    for header in (*headers, _("provenance"), _("note")):
        table.add_column(header, overflow="fold")  # wrapped, never cut short
    for set_id, definition, replaces, replaced_by, by_set in rows:
        note = ""
        if replaces:
            note = _("replaces the earlier card")
        elif replaced_by:
            note = _("replaced by {set}").format(set=by_set)
        elif isinstance(definition, m.Pattern):
            note = f"{difficulty_word(definition.difficulty)}: " + " / ".join(
                row.strip("| ").replace(" | ", ",") for row in pattern_rows_text(definition.shape)
            )
        myth = definition if isinstance(definition, m.MythCard) else None
        if myth is not None and myth.tags:
            tags = _("tags: {tags}").format(tags=", ".join(myth.tags))
            note = "; ".join(filter(None, (note, tags)))
        type_word, mythology_words = _myth_words(myth, texts) if myth is not None else ("", "")
        table.add_row(
            set_id,
            texts.kind(definition),
            definition.id,
            _marked(definition, _name(definition, texts.lang)),
            type_word,
            mythology_words,
            texts.provenance(definition),
            note,
        )
    out.print(table)


def _name(definition: m.Definition, lang: str) -> str:
    """The name a listing shows: the printed one, the Spanish one with --lang es."""
    return (spanish_name(definition) if lang == "es" else None) or definition.name


def _myth_words(myth: m.MythCard, texts: Texts) -> tuple[str, str]:
    """A Myth card's type and mythologies as the listing shows them: the
    card language's ids in English ("god", "greek and norse"), Spanish words
    with --lang es ("dios", "griego y nórdico")."""
    if texts.lang == "en":
        return myth.type, " and ".join(myth.mythologies)
    words = texts.vocabulary
    adjectives = [words.spanish_adjective(x).agree(False, False) for x in myth.mythologies]
    return words.spanish_noun(myth.type).singular, join(adjectives, "y")


def _print_texts(out: Console, rows: Sequence[Listed], texts: Texts) -> None:
    """Each definition's heading and card text, in the language of ``texts``."""
    for set_id, definition, _replaces, replaced_by, by_set in rows:
        name = _name(definition, texts.lang)
        head = f"{definition.id} - {_marked(definition, name)} "
        head += f"({set_id}, {texts.kind(definition)}"
        if isinstance(definition, m.MythCard):
            head += f", {texts.card_kind(definition)}"
            if definition.tags:
                head += ", " + _("tags: {tags}").format(tags=", ".join(definition.tags))
        head += f", {texts.provenance(definition)}"
        if replaced_by:
            head += ", " + _("replaced by {set}").format(set=by_set)
        out.print(Text(head + ")", style="bold"))
        for line in texts.text(definition).splitlines():
            out.print("  " + line, markup=False)


def _marked(definition: m.Definition, name: str) -> str:
    """``name``, marked when it is a Spanish name of ours that no rulebook
    prints (CARDS.md: "our translation")."""
    if not our_translation(definition, name):
        return name
    return _("{name} (our translation)").format(name=name)


def _sheet(
    registry: Registry,
    rows: Sequence[Listed],
    path: Path,
    suffix: str,
    output_format: str,
    backs: bool,
    lang: str = "en",
) -> None:
    """Print-and-play sheets of the listed definitions, in the listing's
    order, drawn in ``lang`` (--lang)."""
    from dioses_rules.render.card import CardText
    from dioses_rules.render.sheet import page_svgs, pages_of, sheet_svg

    cards = [
        (definition, set_id, _("replaced by {set}").format(set=by_set) if replaced_by else "")
        for set_id, definition, _replaces, replaced_by, by_set in rows
    ]
    text = CardText.of(registry, lang)
    pages = len(pages_of(cards))
    if suffix == ".pdf":
        write_pdf(path, page_svgs(cards, text, backs))
    else:
        write_svg(path, sheet_svg(cards, text, backs))
    noun = "card" if len(cards) == 1 else "cards"
    sides = " (each followed by its backs, for long-edge duplex)" if backs else ""
    click.echo(
        f"{len(cards)} {noun} on {pages} page{'s' if pages != 1 else ''}{sides} written to {path}",
        err=output_format == "json",
    )
