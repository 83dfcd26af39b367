"""``dioses score``: score saved boards."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from dioses_rules.errors import Diagnostic, DiosesError
from dioses_rules.language.texts import Texts
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.registry import Registry
from dioses_rules.pool.sources import SourceFile
from dioses_rules.scoring.board import Board, read_board_bytes, read_board_file
from dioses_rules.scoring.expect import check_expectations, expectations_json
from dioses_rules.scoring.resolve import board_registry, resolve_board
from dioses_rules.scoring.score import EVALUATORS, ScoreReport, score_board
from dioses_rules.wording import N_

from .i18n import _, ngettext
from .options import CARDS_OPTION, FORMAT_OPTION, LANG_OPTION, RULINGS_OPTION
from .output import EXIT_CODES_HELP, EXIT_USER_ERROR, print_json, report_diagnostics, user_errors
from .params import FilePath
from .pictures import OVERWRITE_OPTION, check_picture_target, require_pictures, write_svg, written


@click.command("score", epilog=EXIT_CODES_HELP)
@click.argument(
    "boards",
    nargs=-1,
    required=True,
    metavar="BOARD...",
    type=FilePath(exists=True, dir_okay=False, allow_dash=True, path_type=Path),
)
@CARDS_OPTION
@FORMAT_OPTION
@click.option(
    "--explain",
    is_flag=True,
    help="Show for each card why it did or did not score, and which cells matched "
    "(always judged by the reference evaluator, which records the cells).",
)
@click.option(
    "--evaluator",
    type=click.Choice(EVALUATORS),
    default="compiled",
    show_default=True,
    help="Which evaluator judges the cards: the compiled one, or the reference one "
    "it is checked against. Both give the same scores.",
)
@click.option(
    "--svg",
    "svg_path",
    type=FilePath(dir_okay=False, path_type=Path),
    metavar="FILE.svg",
    help="Also draw the board as an SVG picture: cards, points, face state, laws, "
    "patterns, objectives, scenario, total; with --explain, the cells each "
    "card's condition matched. Never over an existing file without --overwrite.",
)
@OVERWRITE_OPTION
@LANG_OPTION
@RULINGS_OPTION
@user_errors
def score(
    boards: tuple[Path, ...],
    extra_cards: tuple[Path, ...],
    output_format: str,
    explain: bool,
    evaluator: str,
    svg_path: Path | None,
    overwrite: bool,
    lang: str,
) -> None:
    """Score saved boards (TOML): cards, laws, patterns, objectives, scenario.

    Every card is revealed first, as at a game's end. '-' reads a board from standard
    input. A board's [expect] table (total, cards, laws, patterns,
    objectives, gods, victory, challenge, beaten) is checked: each mismatch
    is reported at its key, with why, and the exit status is 1. With several boards, each is scored (a bad one is reported and
    the others still scored, exit 1) and a summary line ends the text. With
    --lang es the report is in Spanish: the printed names, and with
    --explain each card's lines and the scenario's conditions as Spanish
    card text.
    """
    if svg_path is not None and len(boards) > 1:
        raise click.UsageError("--svg draws one board: give one BOARD")
    if sum(1 for b in boards if str(b) == "-") > 1:
        raise click.UsageError("standard input ('-') can be read once")
    if check_picture_target(svg_path, "'--svg'", (".svg",), overwrite):
        require_pictures()
    _registry, sources = load_registry(extra_cards)  # every card file checked once
    if len(boards) == 1:
        report, resolved, registry, shown, mismatches, name = _scored(
            boards[0], sources, explain, evaluator
        )
        if svg_path is not None:
            from dioses_rules.render.board_picture import board_picture
            from dioses_rules.render.card import CardText

            picture = board_picture(resolved, report, CardText.of(registry, lang), name, explain)
            write_svg(svg_path, picture)
        if output_format == "json":
            print_json(_document(report, registry, lang, mismatches))
        else:
            from .views import render_report  # rich's tables: only text needs them

            render_report(report, shown, explain, _texts(registry, lang))
        if svg_path is not None:
            written(svg_path, N_("picture written to {path}"), output_format)
        if mismatches:
            report_diagnostics(mismatches)
            sys.exit(EXIT_USER_ERROR)
        return
    _score_many(boards, sources, output_format, explain, evaluator, lang)


def _texts(registry: Registry, lang: str) -> Texts:
    """The card texts in ``lang``: each line and condition in a sentence
    (#28), not as the card file writes it."""
    return registry.texts(lang)


def _document(
    report: ScoreReport,
    registry: Registry,
    lang: str,
    mismatches: list[Diagnostic] | None = None,
) -> dict[str, Any]:
    document = report.to_json()
    if mismatches is not None:
        document["expect"] = expectations_json(mismatches)
    return document if lang == "en" else _in_language(document, report, registry.texts(lang))


def _scored(
    board: Path, sources: list[SourceFile], explain: bool, evaluator: str
) -> tuple[ScoreReport, Board, Registry, str, list[Diagnostic] | None, str]:
    """One board read (a path or '-'), resolved and scored, its
    expectations checked (None: it has no [expect] table), and its name."""
    shown = "<stdin>" if str(board) == "-" else str(board)
    if shown == "<stdin>":
        board_file = read_board_bytes(sys.stdin.buffer.read(), shown)
    else:
        board_file = read_board_file(board)
    registry = board_registry(board_file, sources, shown)
    resolved = resolve_board(board_file, registry, shown)
    report = score_board(resolved, explain=explain, evaluator=evaluator)
    mismatches = None
    if board_file.expect is not None:
        mismatches = check_expectations(
            board_file.expect,
            report,
            lambda: report if explain else score_board(resolved, explain=True),
            shown,
            registry,
        )
    return report, resolved, registry, shown, mismatches, _title(board_file.name, shown)


def _title(name: str | None, shown: str) -> str:
    """A board's name for its picture's title: its ``name`` key, else its
    file's name without the folder and .toml ("power-of-ra"), never a path."""
    if name and name.strip():
        return name.strip()
    return "board" if shown == "<stdin>" else Path(shown).stem


def _score_many(
    boards: Sequence[Path],
    sources: list[SourceFile],
    output_format: str,
    explain: bool,
    evaluator: str,
    lang: str,
) -> None:
    """Each board in turn; the bad ones reported, then exit 1."""
    results: list[tuple[str, ScoreReport, Registry, list[Diagnostic] | None]] = []
    failed = unmet = 0
    for board in boards:
        try:
            report, _resolved, registry, shown, mismatches, _name = _scored(
                board, sources, explain, evaluator
            )
        except DiosesError as error:
            report_diagnostics(error.diagnostics)
            failed += 1
            continue
        results.append((shown, report, registry, mismatches))
        if output_format == "text":
            from .views import render_report

            render_report(report, shown, explain, _texts(registry, lang))
        if mismatches:
            report_diagnostics(mismatches)
            unmet += 1
    if output_format == "json":
        print_json(
            [
                {"board": shown, **_document(report, registry, lang, mismatches)}
                for shown, report, registry, mismatches in results
            ]
        )
    else:
        totals = [report.total for _shown, report, _registry, _unmet in results]
        summary = ngettext("{count} board: ", "{count} boards: ", len(boards)).format(
            count=len(boards)
        )
        if totals:
            best = max(results, key=lambda item: item[1].total)[0]
            summary += _("totals {totals}; mean {mean:.2f}; best {best} ({points})").format(
                totals=", ".join(map(str, totals)),
                mean=sum(totals) / len(totals),
                best=best,
                points=max(totals),
            )
        if failed:
            summary += ("; " if totals else "") + ngettext(
                "{count} board could not be scored", "{count} boards could not be scored", failed
            ).format(count=failed)
        if unmet:
            summary += "; " + ngettext(
                "{count} board not as expected", "{count} boards not as expected", unmet
            ).format(count=unmet)
        click.echo(summary)
    if failed or unmet:
        sys.exit(EXIT_USER_ERROR)


def _in_language(document: dict[str, Any], report: ScoreReport, texts: Texts) -> dict[str, Any]:
    """The JSON report with each explained line and scenario condition in
    the language of ``texts`` under "text" (in English it keeps the card
    file's own words), and the language it is in."""
    for shown, card_score in zip(document["cards"], report.cards, strict=True):
        for index, line in enumerate(shown.get("lines", ())):
            line["text"] = texts.line(card_score.card.lines[index])
    if report.scenario is not None:
        scenario = report.scenario.scenario
        for part, conditions in (("victory", scenario.victory), ("challenge", scenario.challenge)):
            for shown, condition in zip(
                document["scenario"]["conditions"][part], conditions, strict=True
            ):
                shown["text"] = texts.condition(condition)
    return {**document, "lang": texts.lang}
