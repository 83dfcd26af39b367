"""dioses-rules: a rules-as-data engine for Dioses! and ¡Aún más Divinos!.

The library a program uses, in the order of a game's life::

    import dioses_rules as dr

    registry, sources = dr.load_registry()            # the bundled sets (+ a modder's)
    board = dr.read_board("examples/boards/base-hera-hela-ship.toml", sources)
    report = dr.score_board(board)                    # report.total == 4
    game = dr.new_game(registry, [dr.make_agent("greedy", 1), dr.make_agent("random", 2)],
                       seed=7)
    result = game.play()                              # result.reports, result.winners
    report = dr.simulate(registry, games=100, players=2, agents=["greedy", "random"])
    outcome = dr.replay_log(Path("game.jsonl"))      # outcome.ok, outcome.diverged_at

Names are loaded when first used, so importing the package (or loading card
files) does not import the game engine. The layers, from the bottom:
``errors``/``resources``/``files``/``convert`` <- ``language`` <- ``pool`` <-
``scoring`` <- ``engine``; see docs/architecture.md.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.2.0.dev0"

# public name -> the module that defines it
_EXPORTS = {
    "DiosesError": "errors",
    "Diagnostic": "errors",
    "Registry": "pool.registry",
    "load_registry": "pool.load",
    "lint_sources": "pool.lint",
    "read_sources": "pool.sources",
    "bundled_sources": "pool.sources",
    "Board": "scoring.board",
    "read_board": "scoring.resolve",
    "score_board": "scoring.score",
    "ScoreReport": "scoring.score",
    "balance": "scoring.balance",
    "Game": "engine.game",
    "GameResult": "engine.game",
    "new_game": "engine.setup",
    "make_agent": "engine.agents",
    "load_game": "engine.saves",
    "read_save": "engine.saves",
    "simulate": "engine.simulate",
    "SimulationReport": "engine.simulate",
    "replay": "engine.replay",
    "replay_log": "engine.replay",
    "ReplayOutcome": "engine.replay",
}
__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'dioses_rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
