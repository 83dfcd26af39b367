"""``dioses score``: score saved boards."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import click

from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.board import board_registry, read_board_file, resolve_board
from dioses_rules.scoring.score import EVALUATORS, score_board

from .options import CARDS_OPTION, FORMAT_OPTION, LANG_OPTION
from .output import EXIT_CODES_HELP, print_json, user_errors
from .pictures import (OVERWRITE_OPTION, check_picture_target, require_pictures,
                       write_svg, written)


@click.command("score", epilog=EXIT_CODES_HELP)
@click.argument("board", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@CARDS_OPTION
@FORMAT_OPTION
@click.option("--explain", is_flag=True,
              help="Show for each card why it did or did not score, and which cells matched "
                   "(always judged by the reference evaluator, which records the cells).")
@click.option("--evaluator", type=click.Choice(EVALUATORS), default="compiled",
              show_default=True,
              help="Which evaluator judges the cards: the compiled one, or the reference one "
                   "it is checked against. Both give the same scores.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
              metavar="FILE.svg",
              help="Also draw the board as an SVG picture: cards, points, face state, laws, "
                   "patterns, objectives, scenario, total; with --explain, the cells each "
                   "card's condition matched. Never over an existing file without --overwrite.")
@OVERWRITE_OPTION
@LANG_OPTION
@user_errors
def score(board: Path, extra_cards: tuple[Path, ...], output_format: str, explain: bool,
          evaluator: str, svg_path: Optional[Path], overwrite: bool, lang: str) -> None:
    """Score a saved board (TOML): cards, laws, patterns, objectives, scenario.

    Every card is revealed first (R12). With --lang es the report is in
    Spanish: the printed names, and with --explain each card's lines and the
    scenario's conditions as Spanish card text.
    """
    if check_picture_target(svg_path, "'--svg'", (".svg",), overwrite):
        require_pictures()
    board_file = read_board_file(board)
    _, sources = load_registry(extra_cards)  # every card file checked once
    registry = board_registry(board_file, sources, str(board))
    resolved = resolve_board(board_file, registry, str(board))
    report = score_board(resolved, explain=explain, evaluator=evaluator)
    if svg_path is not None:
        from dioses_rules.render.board_picture import board_picture
        from dioses_rules.render.card import CardText

        picture = board_picture(resolved, report, CardText.of(registry), str(board), explain)
        write_svg(svg_path, picture)
    if output_format == "json":
        document = report.to_json()
        # English keeps the card file's words: no writer is loaded for it
        print_json(document if lang == "en" else
                   _in_language(document, report, registry.texts(lang)))
    else:
        from .views import render_report  # rich's tables: only text needs them

        render_report(report, str(board), explain,
                      None if lang == "en" else registry.texts(lang))
    if svg_path is not None:
        written(svg_path, "picture", output_format)


def _in_language(document: dict, report, texts) -> dict:
    """The JSON report with each explained line and scenario condition in
    the language of ``texts`` under "text" (in English it keeps the card
    file's own words), and the language it is in."""
    for shown, card_score in zip(document["cards"], report.cards):
        for index, line in enumerate(shown.get("lines", ())):
            line["text"] = texts.line(card_score.card.lines[index])
    if report.scenario is not None:
        scenario = report.scenario.scenario
        for part, conditions in (("victory", scenario.victory),
                                 ("challenge", scenario.challenge)):
            for shown, condition in zip(document["scenario"]["conditions"][part], conditions):
                shown["text"] = texts.condition(condition)
    return {**document, "lang": texts.lang}
