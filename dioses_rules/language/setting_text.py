"""Rule options' settings as sentences, in English and in Spanish.

A rule option sets engine settings (``set end-rule equal-turns``,
:mod:`settings`); its card text says what that means for the players, not
the setting's name: "the game goes on until every player has played as many
turns". Every value of every setting has its sentence in each language's
``locale/LANG/card-text.toml`` (checked against ``settings.SETTINGS`` when
the file is read, by :mod:`card_words`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from . import model as m
from .card_words import SetupWords, card_words

__all__ = ["SetupWords", "SetupWriter", "scenario_setup_lines", "setting_sentence"]


def setting_sentence(name: str, value: str | int, lang: str = "en") -> str:
    """What ``set NAME VALUE`` means, as a sentence in ``lang`` (its
    ``[settings.NAME]`` in ``locale/LANG/card-text.toml``; a number with no
    sentence of its own says its ``number`` pair, agreeing). A setting or
    value the engine does not know (a file the linter refuses) is said as it
    is written."""
    words = card_words(lang)
    found = words.settings.get((name, value))
    if found is None and isinstance(value, int) and name in words.numbers:
        return words.numbers[name][value != 1].format(n=value)
    return f"{name} {value}" if found is None else found


class SetupWriter(Protocol):
    """What :func:`scenario_setup_lines` reads of a card writer."""

    @property
    def option_names(self) -> Mapping[str, str]: ...

    def setup_step(self, step: m.SetupStep, /) -> str: ...

    def rule(self, rule: m.RuleChange, /) -> str: ...


def scenario_setup_lines(
    writer: SetupWriter,
    scenario: m.Scenario,
    words: SetupWords,
    join: Callable[[Sequence[str], str], str],
) -> list[str]:
    """A scenario's options, setup, rules and challenge setup, a sentence
    each, by ``writer`` (its ``option_names``, ``setup_step`` and ``rule``)
    in the language of ``words`` and ``join``."""
    lines = []
    if scenario.options:
        lines.append(
            words.played_with
            + join([writer.option_names.get(o, o) for o in scenario.options], words.conjunction)
            + "."
        )
    if scenario.setup:
        lines.append(words.setup + "; ".join(map(writer.setup_step, scenario.setup)) + ".")
    if scenario.rules:
        lines.append(words.rules + "; ".join(map(writer.rule, scenario.rules)) + ".")
    if scenario.challenge_setup:
        how = (
            words.instead
            if scenario.challenge_draws is not m.ChallengeDraws.ADDS
            else words.as_well
        )
        lines.append(
            words.with_challenge
            + "; ".join(map(writer.setup_step, scenario.challenge_setup))
            + f" ({how})."
        )
    return lines
