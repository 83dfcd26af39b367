"""Decisions: every choice of a game is asked of the seat's agent here, and
logged (a mixin of ``Game``).

:meth:`DecisionRules.decide` asks among a list of options (or
:class:`~.state.LazyChoices`) and answers the option chosen;
:meth:`DecisionRules.pick` asks among options made by index and answers the
index: the common path of a move, which needs nothing else. An agent that
picks uniformly (``uniform``, :class:`~.agents.RandomAgent`) is picked for
from its own generator, the same draws on the same stream, without making
the Decision or the options it would not read (#29).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .core import GameCore
from .draws import plain_bits
from .state import Agent, Choice, Decision, LazyChoices, game_error


def uniform_pick(agent: Agent) -> Callable[[int], int] | None:
    """How the game picks among n options (2 or more) for an agent that
    picks uniformly (``uniform``), else None: its ``rng.randrange``; for a
    plain ``random.Random`` its ``_randbelow``, which is what
    ``randrange(n)`` answers for n > 0 (the same draws of the same stream)
    without the checks of its arguments, one call fewer a decision."""
    if not getattr(agent, "uniform", False):
        return None
    rng: random.Random | None = getattr(agent, "rng", None)  # the agent's generator
    if type(rng) is random.Random:
        below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]  # randrange's own; typeshed omits it
        return below
    assert rng is not None, "an agent that picks uniformly has its generator (rng)"
    return rng.randrange


def uniform_bits(agent: Agent) -> Callable[[int], int] | None:
    """For an agent that picks uniformly (``uniform``) from a plain
    ``random.Random`` that draws by ``getrandbits`` (:func:`.draws.plain_bits`):
    that ``getrandbits``, from which a hot loop draws the agent's pick
    itself, as ``randrange`` does (the plain turn, turns.py). Else None."""
    if not getattr(agent, "uniform", False):
        return None
    return plain_bits(getattr(agent, "rng", None))


class DecisionRules(GameCore):
    """Methods of :class:`game.Game` that ask the agents and log their picks."""

    def decide(
        self,
        seat: int,
        kind: str,
        prompt: str,
        choices: Sequence[Choice],
        subject: str | None = None,
    ) -> Choice:
        """The agent's pick among ``choices`` (a list, or :class:`LazyChoices`);
        the only option is taken without asking."""
        make: Callable[[int], Choice] | None = None
        if type(choices) is LazyChoices:  # then read through its own fields
            count, make = choices._count, choices._make
        else:
            count = len(choices)
        if count > 1 and self._uniform[seat] is None and make is None:
            choices = tuple(choices)  # what the agent reads
        index = self._index(seat, kind, prompt, count, choices, subject)
        choice = choices[index] if make is None else make(index)
        if self._log is not None:
            self._log_decision(seat, kind, index, count, choice.label)
        return choice

    def pick(
        self,
        seat: int,
        kind: str,
        prompt: str,
        count: int,
        make: Callable[[int], Choice],
        subject: str | None = None,
    ) -> int:
        """:meth:`decide` among ``count`` options made by ``make(index)``,
        answering the index: an option is made only for an agent that reads
        them or for the log (the common path of a move: the index is all the
        caller needs). A caller in a hot loop may first ask ``_quick[seat]``
        (:meth:`quick_picks`) itself, and call this only when it is None or
        there is no choice to make."""
        asked = count > 1 and self._uniform[seat] is None
        choices = LazyChoices(count, make) if asked else _UNREAD
        index = self._index(seat, kind, prompt, count, choices, subject)
        if self._log is not None:
            self._log_decision(seat, kind, index, count, make(index).label)
        return index

    def _index(
        self,
        seat: int,
        kind: str,
        prompt: str,
        count: int,
        choices: Sequence[Choice],
        subject: str | None,
    ) -> int:
        """The index the seat's agent picks among ``count`` options (the only
        one without asking; a uniform agent's draw without a Decision),
        recorded for a planning agent's replay of the turn."""
        if count == 1:
            index = 0
        elif count:
            uniform = self._uniform[seat]
            if uniform is not None:
                index = uniform(count)  # what the agent's choose() answers
            else:
                agent = self.agents[seat]
                index = agent.choose(self, Decision(seat, kind, prompt, choices, subject))
                if not 0 <= index < count:
                    raise game_error(f"agent '{agent.name}' chose option {index} of {count}")
            if self.turn_picks is not None:
                self.turn_picks.append((seat, kind, index))
        else:
            raise game_error(f"no legal choice for '{kind}'")
        return index

    def quick_picks(self) -> None:
        """Per seat, how a hot loop may pick for it without calling
        :meth:`pick` (``_quick``): a uniform agent's draw, when nothing else
        is to be done with the pick (no log to write, no planning agent
        recording the turn's picks); else None. And ``_bits``: where that
        agent's generator draws as :func:`uniform_bits` says, its
        ``getrandbits`` (the plain turn draws from it itself); else None.
        Worked out again whenever the log is set."""
        plain = self._log is None and not self._plans
        self._quick = [uniform if plain else None for uniform in self._uniform]
        self._bits = [bits if plain else None for bits in self._uniform_bits]

    def _log_decision(self, seat: int, kind: str, index: int, count: int, label: str) -> None:
        """The log's record of a decision (decide and pick write the same)."""
        assert self._log is not None  # asked only while a log is kept
        self._log(
            {
                "type": "decision",
                "turn": self.state.turn,
                "seat": seat,
                "kind": kind,
                "index": index,
                "options": count,
                "choice": label,
            }
        )


_UNREAD: Sequence[Choice] = ()  # the options of a pick no agent reads (a uniform one's)
