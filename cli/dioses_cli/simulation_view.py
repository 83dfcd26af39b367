"""``dioses simulate``'s report in the terminal: each seat's and agent's
score and wins, the score per area, the game length and a scenario's
rates (a challenge counts only with its victory, R34)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table

from dioses_rules.language import model as m
from dioses_rules.pool.registry import Registry

from .i18n import _, ngettext, ruling
from .names import agent_word, name_of, named

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
    if report["scenario"] is None:
        what = _("base game")
    else:
        scenario = _scenario(registry, report["scenario"])
        what = _("scenario {number}: {name}").format(number=scenario.number, name=name_of(scenario))
        if report["challenge"]:
            what += " " + _("(challenge)")
    options = (
        ", "
        + _("rule options: {options}").format(
            options=", ".join(named(registry, "rule-option", o) for o in report["options"])
        )
        if report["options"]
        else ""
    )
    from dioses_rules.engine.state import RULES

    if simulation.rules != RULES:
        options += ", " + _("rules revision {revision}").format(revision=simulation.rules)
    players = ngettext("{count} player", "{count} players", report["players"]).format(
        count=report["players"]
    )
    out.print(
        ngettext("{count} game", "{count} games", report["games"]).format(count=report["games"])
        + f", {what}, {players}, "
        + _("seeds {first}..{last}").format(first=report["seeds"][0], last=report["seeds"][1])
        + f"{options} ({elapsed:.1f} s)",
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
    table = Table(title=_("Seats"), title_justify="left")
    headers = [_("seat"), _("agent"), _("mean score"), _("spread"), _("min"), _("max")]
    if base:
        headers += [_("wins"), _("shared"), _("win rate")]
    for index, header in enumerate(headers):
        # an agent's name is never cut; narrower columns wrap their headers
        table.add_column(header, justify="left" if index == 1 else "right", no_wrap=index == 1)
    for seat in report["seats"]:
        score = seat["score"]
        row = [
            str(seat["seat"]),
            agent_word(seat["agent"]),
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
    agents = Table(title=_("Agents"), title_justify="left")
    for header in (
        _("agent"),
        _("seats"),
        _("mean score"),
        _("wins / seat-games"),
        _("win rate"),
        _("games won"),
    ):
        agents.add_column(header)
    for name, entry in report["agents"].items():
        agents.add_row(
            agent_word(name),
            ", ".join(map(str, entry["seats"])),
            f"{entry['score']['mean']:.2f}",
            f"{entry['wins']} / {entry['seat_games']}",
            _pct(entry["win_rate"]),
            f"{entry['games_won']} ({_pct(entry['game_win_rate'])})",
        )
    out.print(agents)
    # the report's "counting" names its JSON keys (win_rate); the text says it in words
    out.print(
        _(
            "Counting: a game's winners are the areas with the most points, then the most "
            "gods{ruling}; a shared win counts as a win for each winning seat; an agent's "
            "win rate is its seats' wins over its seat-games, its games won the games where "
            "at least one of its seats won. Games with a shared win: {shared}."
        ).format(ruling=ruling("R16"), shared=report["shared_wins"]),
        markup=False,
    )


def _totals(out: Console, report: Report) -> None:
    """The score per area, the game length and a scenario's rates."""
    score, turns = report["score"], report["turns"]
    out.print(
        _(
            "Score per area: mean {mean:.2f}, spread {spread:.2f} (standard deviation), "
            "min {min}, max {max}"
        ).format(**score),
        markup=False,
    )
    out.print(
        _(
            "Game length: mean {mean:.1f} turns, spread {spread:.1f}, min {min}, max {max}; "
            "turn-limit hits: {hits}"
        ).format(hits=report["turn_limit_hits"], **turns),
        markup=False,
    )
    rates = report["scenario_rates"]
    if rates is not None:
        out.print(
            _(
                "Scenario: victory {victory} ({victories}), challenge with its victory "
                "{challenge} ({challenges}){ruling}, beaten {beaten} ({beaten_games})"
            ).format(
                victory=_pct(rates["victory"]),
                victories=rates["victories"],
                challenge=_pct(rates["challenge"]),
                challenges=rates["challenges"],
                ruling=ruling("R34"),
                beaten=_pct(rates["beaten"]),
                beaten_games=rates["beaten_games"],
            ),
            markup=False,
        )
