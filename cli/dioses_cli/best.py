"""What the players of ``dioses play`` see beside their final scores: the
best each area could have scored with the same cards (``dioses solve`` on its
final board), and the planner's hint during the game."""

from __future__ import annotations

import attrs

from dioses_rules.engine.agents import agent_seed, make_agent
from dioses_rules.engine.game import Game
from dioses_rules.engine.state import Decision
from dioses_rules.engine.view import final_boards
from dioses_rules.errors import DiosesError

BEST_TIME_LIMIT = 5.0  # seconds per area; then the best found, marked not proven


@attrs.frozen
class Best:
    """One area's best layout, or why there is none."""

    total: int | None = None
    optimal: bool = False
    why_not: str = ""

    def cell(self) -> str:
        """The table cell: '31', '>= 29' when not proven, or '-'."""
        if self.total is None:
            return "-"
        return str(self.total) if self.optimal else f">= {self.total}"


def best_totals(game: Game, time_limit: float = BEST_TIME_LIMIT) -> list[Best]:
    """``dioses solve`` on each area's final board: its laws on their lines,
    its patterns, objectives and scenario as the game left them."""
    try:
        from dioses_rules.solve.layout import best_layout
    except ImportError:
        why = "install dioses-rules[solver] to see each area's best possible score"
        return [Best(why_not=why) for _ in game.state.areas]
    found = []
    for board in final_boards(game):
        try:
            layout = best_layout(board, time_limit=time_limit)
        except DiosesError as error:  # E300: a definition the solver cannot express
            found.append(Best(why_not=error.diagnostics[0].message))
            continue
        found.append(Best(layout.best_total, layout.optimal))
    return found


HINT_AGENT = "planner"


def suggestion(game: Game, decision: Decision) -> tuple[int, str]:
    """The index of the choice the planner would make (its default think,
    a second or two), and its name. It sees what the seat sees (face-down
    cards unknown: it deals them again in the worlds it imagines) and
    changes nothing in the game; the same position always gets the same
    hint."""
    agent = make_agent(HINT_AGENT, agent_seed(game.state.turn, decision.seat))
    suggest = getattr(agent, "suggest", agent.choose)
    return suggest(game, decision), agent.name
