"""``dioses``: score boards and list cards."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import click
from rich.table import Table
from rich.text import Text

from dioses_rules import __version__
from dioses_rules.language import model as m
from dioses_rules.scoring.area import SIZE, cell_index, cell_name
from dioses_rules.scoring.board import board_registry, read_board_file, resolve_board
from dioses_rules.language.source import definition_text, pattern_rows_text
from dioses_rules.language.english import registry_names, registry_pattern_points, render
from dioses_rules.pool.registry import Registry, family_of, load_registry
from dioses_rules.scoring.score import ScoreReport, score_board

from .output import console, print_json, user_errors
from .play import play_command, replay_command, simulate_command

CARDS_OPTION = click.option(
    "--cards", "extra_cards", multiple=True, type=click.Path(exists=True, path_type=Path),
    help="Extra card file or folder (a modder's sets), loaded on top of the bundled ones. "
         "Repeatable.")
FORMAT_OPTION = click.option(
    "--format", "output_format", type=click.Choice(["text", "json"]), default="text",
    show_default=True, help="Readable text, or one JSON document for programs.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dioses")
def dioses() -> None:
    """Dioses! and ¡Aún más Divinos!: every card, law, pattern and scenario as data."""


# ---------------------------------------------------------------------- score


@dioses.command()
@click.argument("board", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@CARDS_OPTION
@FORMAT_OPTION
@click.option("--explain", is_flag=True,
              help="Show for each card why it did or did not score, and which cells matched.")
@user_errors
def score(board: Path, extra_cards: tuple[Path, ...], output_format: str, explain: bool) -> None:
    """Score a saved board (TOML): cards, laws, patterns, objectives, scenario.

    Every card is revealed first (R12).
    """
    board_file = read_board_file(board)
    _, sources = load_registry(extra_cards)  # every card file checked once
    registry = board_registry(board_file, sources, str(board))
    resolved = resolve_board(board_file, registry, str(board))
    report = score_board(resolved, explain=explain)
    if output_format == "json":
        print_json(report.to_json())
    else:
        render_report(report, str(board), explain)


def _card_label(card: m.MythCard) -> str:
    return card.aliases[0] if card.aliases and card.name != card.aliases[0] else card.name


def render_report(report: ScoreReport, title: str, explain: bool) -> None:
    out = console()
    points_at = {c.cell: c.points for c in report.cards}
    grid = Table(title=f"{title}: {report.total} points", show_lines=True,
                 title_justify="left")
    grid.add_column("")
    for column in m.COLUMNS:
        grid.add_column(str(column), justify="center", min_width=14)
    for row in m.ROWS:
        cells = []
        for column in m.COLUMNS:
            index = cell_index(row, column)
            placed = report.area.cells[index]
            if placed is None:
                cells.append(Text(".", style="dim"))
                continue
            card = placed.card
            label = Text(card.id, style="bold")
            label.append(f"\n{card.mythology.value} {card.type.value}", style="dim")
            points = points_at.get(index, 0)
            label.append(f"\n{points}p", style="green" if points else "red")
            cells.append(label)
        grid.add_row(row.value, *cells)
    out.print(grid)

    def table(title: str, headers: tuple[str, ...], rows) -> None:
        rows = list(rows)
        if rows:
            shown = Table(title=title, title_justify="left")
            for header in headers:
                shown.add_column(header)
            for row in rows:
                shown.add_row(*row)
            out.print(shown)

    table("Laws (R13)", ("law", "on", "points"),
          ((law.law.id, f"{law.row.value} row" if law.row else f"column {law.column}",
            str(law.points)) for law in report.laws))
    table("Patterns (R14)", ("pattern", "difficulty", "completed", "points"),
          ((held.pattern.id, held.pattern.difficulty.value,
            f"{'yes' if held.completed else 'no'} "
            f"({'judged on this board' if held.judged else 'as saved'})", str(held.points))
           for held in report.patterns))
    table("Objectives (R15)", ("goal", "element", "points"),
          ((o.goal.id, o.element.id, str(o.points)) for o in report.objectives))

    if explain:
        out.print(Text("Why each card scored", style="bold"))
        for card_score in report.cards:
            out.print(f"{card_score.card.id} ({cell_name(card_score.cell)}): "
                      f"{card_score.points}p")
            if not card_score.lines:
                out.print("  (no scoring line)")
            for line in card_score.lines:
                verdict = "holds" if line.points else "does not hold"
                matched = ", ".join(cell_name(c) for c in line.cells) or "no cell matched"
                out.print(f"  {line.text}: {line.points}p ({verdict}; matched: {matched})")

    out.print(f"Total: {report.total} points  (gods for the R16 tie-break: {report.gods})")
    if report.scenario is not None:
        result = report.scenario
        out.print(Text(f"Scenario {result.scenario.number}: {result.scenario.name}",
                       style="bold"))
        for label, conditions, met in (("victory", result.victory_conditions, result.victory),
                                       ("challenge", result.challenge_conditions,
                                        result.challenge)):
            out.print(f"  {label}: {'met' if met else 'not met'}")
            for condition in conditions:
                out.print(f"    [{'x' if condition.met else ' '}] {condition.text}",
                          markup=False)
        out.print(f"  threshold: more than {result.threshold} points -> "
                  f"{'BEATEN' if result.beaten else 'not beaten'}")


# ---------------------------------------------------------------------- cards


def check_set_option(registry: Registry, only_set: Optional[str]) -> bool:
    """Whether ``--set`` was given; a usage error when it names no loaded set."""
    if only_set is None:
        return False
    if only_set not in registry.sets:
        from dioses_rules.errors import did_you_mean

        hint = did_you_mean(only_set, registry.sets) or f"sets: {', '.join(registry.sets)}"
        raise click.BadParameter(f"unknown set '{only_set}'; {hint}", param_hint="'--set'")
    return True


def _definition_rows(registry: Registry, only_set: Optional[str]):
    """(set, definition, replaces, replaced_by, replaced_by_set) for every
    definition of the active sets, superseded ones included."""
    swaps = {(family_of(old), old.id): (old_set, new_set)
             for old, old_set, new_set in registry.replaced}
    for set_id in registry.active:
        if only_set is not None and set_id != only_set:
            continue
        for definition in registry.sets[set_id].definitions:
            old_set, new_set = swaps.get((family_of(definition), definition.id), (None, None))
            replaces = definition.id if new_set == set_id else None
            replaced_by = definition.id if old_set == set_id else None
            yield set_id, definition, replaces, replaced_by, new_set if replaced_by else None


def definition_json(set_id: str, definition, replaces, replaced_by, replaced_by_set,
                    names=None, points=None) -> dict:
    return {
        "id": definition.id,
        "set": set_id,
        "kind": definition.kind,
        "name": definition.name,
        "aliases": list(definition.aliases),
        "type": definition.type.value if isinstance(definition, m.MythCard) else None,
        "mythology": definition.mythology.value if isinstance(definition, m.MythCard) else None,
        "provenance": definition.provenance.value,
        "difficulty": definition.difficulty.value if isinstance(definition, m.Pattern) else None,
        "replaces": replaces,
        "replaced_by": replaced_by,
        "replaced_by_set": replaced_by_set,
        "source": definition_text(definition),
        "text": render(definition, names, points),
    }


@dioses.command()
@click.option("--set", "only_set", metavar="ID", help="Only the definitions of this set.")
@click.option("--text", "as_text", is_flag=True,
              help="Show each definition's English card text, rendered from its rules.")
@CARDS_OPTION
@FORMAT_OPTION
@user_errors
def cards(only_set: Optional[str], as_text: bool, extra_cards: tuple[Path, ...],
          output_format: str) -> None:
    """List every definition of every loaded set (replaced base cards included)."""
    registry, _ = load_registry(extra_cards)
    names = registry_names(registry)
    points = registry_pattern_points(registry)
    check_set_option(registry, only_set)
    rows = list(_definition_rows(registry, only_set))
    if output_format == "json":
        print_json([definition_json(*row, names=names, points=points) for row in rows])
        return
    out = console()
    if as_text:
        for set_id, definition, replaces, replaced_by, by_set in rows:
            head = f"{definition.id} - {definition.name} ({set_id}, {definition.kind}"
            if isinstance(definition, m.MythCard):
                head += f", {definition.mythology.value} {definition.type.value}"
            head += f", {definition.provenance.value}"
            if replaced_by:
                head += f", replaced by {by_set}"
            out.print(Text(head + ")", style="bold"))
            for line in render(definition, names, points).splitlines():
                out.print("  " + line, markup=False)
        return
    table = Table(title=f"{len(rows)} definitions", title_justify="left")
    for header in ("set", "kind", "id", "name", "type", "mythology", "provenance", "note"):
        table.add_column(header)
    for set_id, definition, replaces, replaced_by, by_set in rows:
        note = ""
        if replaces:
            note = "replaces the earlier card"
        elif replaced_by:
            note = f"replaced by {by_set}"
        elif isinstance(definition, m.Pattern):
            note = f"{definition.difficulty.value}: " + " / ".join(
                row.strip("| ").replace(" | ", ",") for row in pattern_rows_text(definition.shape))
        is_myth = isinstance(definition, m.MythCard)
        table.add_row(set_id, definition.kind, definition.id, definition.name,
                      definition.type.value if is_myth else "",
                      definition.mythology.value if is_myth else "",
                      definition.provenance.value, note)
    out.print(table)


# ---------------------------------------------------------------------- balance


@dioses.command()
@click.option("--set", "only_set", metavar="ID",
              help="Deal only this set's own Myth cards, as if played alone (default: every "
                   "card in play with all loaded sets).")
@click.option("--face-up-end", is_flag=True,
              help="Judge every area as ended all face up (solo mode, R21).")
@click.option("--boards", default=2000, show_default=True, type=click.IntRange(1, 10_000_000),
              help="How many random full areas to deal.")
@click.option("--seed", default=1, show_default=True, type=int, help="Random seed.")
@CARDS_OPTION
@FORMAT_OPTION
@user_errors
def balance(only_set: Optional[str], face_up_end: bool, boards: int, seed: int,
            extra_cards: tuple[Path, ...], output_format: str) -> None:
    """Score random full areas and report how each Myth card scores.

    Flags cards that never or always score, or score far above the printed ones.
    """
    from dioses_rules.scoring.balance import balance as run_balance

    registry, _ = load_registry(extra_cards)
    pool = registry.myth_cards()
    if check_set_option(registry, only_set):
        # The set's own cards, replaced ones included: the set played alone.
        pool = [d for d in registry.sets[only_set].definitions if isinstance(d, m.MythCard)]
    if len(pool) < SIZE:
        raise click.BadParameter(f"a full area needs {SIZE} Myth cards; this pool has "
                                 f"{len(pool)}", param_hint="'--set'")
    report = run_balance(pool, boards=boards, seed=seed, face_up_end=face_up_end)
    if output_format == "json":
        print_json(report.to_json())
        return
    out = console()
    low, high = report.printed_range
    ended = ", every area ended face up" if face_up_end else ""
    table = Table(title=f"{len(pool)} cards, {boards} random areas{ended}, seed {seed}: mean total "
                        f"{report.mean_total:.2f} per area (spread {report.spread_total:.2f}); "
                        f"printed cards' means {low:.2f}-{high:.2f}", title_justify="left")
    for header in ("card", "provenance", "mean", "spread", "scores", "flags"):
        table.add_column(header)
    for stats in report.cards:
        table.add_row(stats.card.id, stats.card.provenance.value, f"{stats.mean:.2f}",
                      f"{stats.spread:.2f}", f"{stats.score_rate:.0%}", ", ".join(stats.flags))
    out.print(table)


# ---------------------------------------------------------------------- games (play.py)

dioses.add_command(play_command)
dioses.add_command(simulate_command)
dioses.add_command(replay_command)


def main() -> None:  # pragma: no cover - console script entry
    dioses()
