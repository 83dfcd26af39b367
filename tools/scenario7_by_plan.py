"""Scenario 7, Afterlife Travel Agency, played by a person's plan: can it be won?

The greedy and planning agents have never won scenario 7 (docs/simulate.md).
This asks whether that is the agents or the scenario, by playing it with the
plan a person would follow, seeing only what a player sees (face-up cards,
the tops of the discard piles, the card just drawn):

1. while a card the scenario separated (R23's setup: Toth, Osiris, Anubis,
   the Book of the Dead, the Embalming Room) is not face up in the area, draw
   from the deck, where the setup put them, unless one tops a discard pile;
2. play Toth or Osiris directly beneath the sarcophagus (or move it there
   with the swap a discarded draw gives, R17), and take the scenario's
   ability when it is offered (R24: 2 Power cards a swap, once per god; R26:
   also right after the action that put the god there);
3. play the Embalming Room beside the cells the sarcophagus is carried
   through, so that it ends close to it;
4. never replace a face-up card the victory names, never spend Power on
   anything but the abilities; everything else as the greedy agent.

It is an analysis tool, not an agent of the engine: the plan is this
scenario's, written in Python. Run it with

    python tools/scenario7_by_plan.py [--games N] [--seed S] [--rule OPTION]...
        [--write-log PATH --game-seed SEED]

It prints how many games were won (victory, and victory with more than the
points to beat) and their seeds; ``--write-log`` writes the log of the game
of one seed as ``dioses simulate --log-dir`` writes them (seats, turns and
cells from 1), which ``dioses replay`` replays. examples/games/ holds one.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dioses_rules.engine.greedy import GreedyAgent
from dioses_rules.engine.log import LogWriter, file_sink, pool_fields
from dioses_rules.engine.setup import new_game
from dioses_rules.engine.state import Decision
from dioses_rules.pool.load import load_registry

SCENARIO = "afterlife-travel-agency"
SARCOPHAGUS, GODS = "portable-sarcophagus", ("toth", "osiris")
NAMED = {"toth", "osiris", "anubis", "book-of-the-dead", "embalming-room"}
WIDTH, SIZE = 4, 12  # R1: cells row by row, the front row first


class PlanAgent(GreedyAgent):
    """The plan above; the greedy agent's choice wherever the plan is silent."""

    name = "plan"

    def choose(self, game, decision: Decision) -> int:
        area = game.state.seat_area[decision.seat]
        cells = game.state.areas[area].cells
        seen = {
            cell: slot.card for cell, slot in enumerate(cells) if slot is not None and slot.face_up
        }
        sarcophagus = next((c for c, card in seen.items() if card == SARCOPHAGUS), None)
        beneath = (
            sarcophagus + WIDTH if sarcophagus is not None and sarcophagus + WIDTH < SIZE else None
        )
        kind, choices = decision.kind, decision.choices
        if kind in ("power", "power-after"):
            return next((i for i, c in enumerate(choices) if c.kind == "ability"), 0)
        if kind in ("drawn", "exchange"):
            return self._place(game, decision, seen, sarcophagus, beneath)
        if kind == "swap" and beneath is not None:
            for god in GODS:
                at = next((c for c, card in seen.items() if card == god), None)
                if at is not None and at != beneath:
                    found = next(
                        (i for i, c in enumerate(choices) if set(c.args) == {at, beneath}), None
                    )
                    if found is not None:
                        return found
        if kind == "action":
            discards = game.state.discards
            for i, choice in enumerate(choices):
                if (
                    choice.kind == "take-discard"
                    and discards[choice.args[0]][-1] in NAMED
                    and discards[choice.args[0]][-1] not in seen.values()
                ):
                    return i
            if not set(seen.values()) >= NAMED:
                return next(
                    (i for i, c in enumerate(choices) if c.kind == "draw"),
                    super().choose(game, decision),
                )
        return super().choose(game, decision)

    def _place(
        self,
        game,
        decision: Decision,
        seen: dict,
        sarcophagus: int | None,
        beneath: int | None,
    ) -> int:
        card, choices = decision.subject, decision.choices
        cells = {c.args[0]: i for i, c in enumerate(choices) if c.kind in ("play", "cell")}
        if card in seen.values() and card in NAMED | {SARCOPHAGUS}:
            return super().choose(game, decision)  # a second copy: nothing planned
        if card in GODS and beneath in cells:
            return cells[beneath]
        if card == "embalming-room" and sarcophagus is not None:
            column = sarcophagus % WIDTH
            for row in (2, 1):  # beside the back cell the sarcophagus ends on, or the one before
                for side in (-1, 1):
                    target = row * WIDTH + column + side
                    if 0 <= column + side < WIDTH and target in cells:
                        return cells[target]
        best = super().choose(game, decision)
        chosen = choices[best]
        if (
            chosen.kind in ("play", "cell")
            and seen.get(chosen.args[0]) in NAMED
            and card not in NAMED
        ):
            spare = [
                i
                for cell, i in cells.items()
                if seen.get(cell) not in NAMED | {SARCOPHAGUS} and cell != beneath
            ]
            if spare:
                return spare[0]
        return best


def play(registry, seed: int, options: tuple, writer: LogWriter | None = None):
    log = None if writer is None else file_sink(writer, pool_fields(registry))
    game = new_game(registry, [PlanAgent(seed)], SCENARIO, options, seed, log=log)
    try:
        return game.play().reports[0]
    finally:
        if writer is not None:
            writer.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="OPTION",
        help="a rule option, e.g. easier-game (2 extra Power cards, R23)",
    )
    parser.add_argument("--write-log", type=Path, metavar="PATH")
    parser.add_argument("--game-seed", type=int, help="the seed of the game --write-log writes")
    args = parser.parse_args(argv)
    registry = load_registry()[0]
    options = tuple(args.rule)
    if args.write_log is not None:
        if args.game_seed is None:
            parser.error("--write-log needs --game-seed")
        if args.write_log.exists():
            parser.error(f"{args.write_log} exists: not written over")
        report = play(registry, args.game_seed, options, LogWriter(args.write_log))
        print(
            f"wrote {args.write_log}: {report.total} points, victory "
            f"{report.scenario.victory}, beaten {report.scenario.beaten}"
        )
        return 0
    won, beaten = [], []
    for seed in range(args.seed, args.seed + args.games):
        result = play(registry, seed, options).scenario
        if result.victory:
            won.append(seed)
            if result.beaten:
                beaten.append(seed)
    rules = ", ".join(options) or "none"
    print(
        f"{args.games} games of scenario 7, seeds {args.seed}..{args.seed + args.games - 1}, "
        f"rule options: {rules}"
    )
    print(
        f"victory in {len(won)} ({100 * len(won) / args.games:.1f}%), seeds "
        f"{won[:20]}{' ...' if len(won) > 20 else ''}"
    )
    print(f"victory and more than the points to beat (26) in {len(beaten)}, seeds {beaten[:20]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
