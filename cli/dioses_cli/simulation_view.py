"""``dioses simulate``'s report in the terminal: each seat's and agent's
score and wins, the score per area, the game length and a scenario's
rates (a challenge counts only with its victory, R34)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table

from dioses_rules.language import model as m
from dioses_rules.pool.registry import Registry

from .output import counted

if TYPE_CHECKING:
    from dioses_rules.engine.simulate import SimulationReport

    from .output import Console  # the console() factory's, which only output.py imports

# A simulation report's JSON (SimulationReport.to_json): values of every kind.
Report = dict[str, Any]


def _pct(rate: float) -> str:
    return f"{rate * 100:.1f}%"


def print_simulation(
    out: Console, simulation: SimulationReport, registry: Registry, elapsed: float
) -> None:
    report: Report = simulation.to_json()
    what = (
        "base game"
        if report["scenario"] is None
        else (
            f"scenario {_scenario(registry, report['scenario']).number} "
            f"{report['scenario']}" + (" (challenge)" if report["challenge"] else "")
        )
    )
    options = f", rule options: {', '.join(report['options'])}" if report["options"] else ""
    from dioses_rules.engine.state import RULES

    if simulation.rules != RULES:
        options += f", rules revision {simulation.rules}"
    out.print(
        f"{report['games']} games, {what}, {counted(report['players'], 'player')}, seeds "
        f"{report['seeds'][0]}..{report['seeds'][1]}{options} ({elapsed:.1f} s)",
        markup=False,
    )
    base = report["scenario"] is None
    _seats(out, report, base)
    if base:
        _agents(out, report)
    _totals(out, report)


def _scenario(registry: Registry, scenario_id: str) -> m.Scenario:
    scenario = registry.get("scenario", scenario_id)
    assert scenario is not None, "a simulated scenario is one of the registry's"
    return scenario


def _seats(out: Console, report: Report, base: bool) -> None:
    """Each seat's agent and score (and wins, in the base game)."""
    table = Table(title="Seats", title_justify="left")
    for header in ["seat", "agent", "mean score", "spread", "min", "max"] + (
        ["wins", "shared", "win rate"] if base else []
    ):
        table.add_column(header, justify="right" if header not in ("agent",) else "left")
    for seat in report["seats"]:
        score = seat["score"]
        row = [
            str(seat["seat"]),
            seat["agent"],
            f"{score['mean']:.2f}",
            f"{score['spread']:.2f}",
            str(score["min"]),
            str(score["max"]),
        ]
        if base:
            row += [str(seat["wins"]), str(seat["shared_wins"]), _pct(seat["win_rate"])]
        table.add_row(*row)
    out.print(table)


def _agents(out: Console, report: Report) -> None:
    """Each agent's score and wins over the seats it held (the base game)."""
    agents = Table(title="Agents", title_justify="left")
    for header in (
        "agent",
        "seats",
        "mean score",
        "wins / seat-games",
        "win rate",
        "games won",
    ):
        agents.add_column(header)
    for name, entry in report["agents"].items():
        agents.add_row(
            name,
            ", ".join(map(str, entry["seats"])),
            f"{entry['score']['mean']:.2f}",
            f"{entry['wins']} / {entry['seat_games']}",
            _pct(entry["win_rate"]),
            f"{entry['games_won']} ({_pct(entry['game_win_rate'])})",
        )
    out.print(agents)
    out.print(
        f"Counting: {report['counting']}. Games with a shared win: {report['shared_wins']}.",
        markup=False,
    )


def _totals(out: Console, report: Report) -> None:
    """The score per area, the game length and a scenario's rates."""
    score, turns = report["score"], report["turns"]
    out.print(
        f"Score per area: mean {score['mean']:.2f}, spread {score['spread']:.2f} "
        f"(standard deviation), min {score['min']}, max {score['max']}",
        markup=False,
    )
    out.print(
        f"Game length: mean {turns['mean']:.1f} turns, spread {turns['spread']:.1f}, "
        f"min {turns['min']}, max {turns['max']}; turn-limit hits: "
        f"{report['turn_limit_hits']}",
        markup=False,
    )
    rates = report["scenario_rates"]
    if rates is not None:
        out.print(
            f"Scenario: victory {_pct(rates['victory'])} ({rates['victories']}), "
            f"challenge with its victory {_pct(rates['challenge'])} ({rates['challenges']}), "
            f"beaten {_pct(rates['beaten'])} ({rates['beaten_games']})",
            markup=False,
        )
