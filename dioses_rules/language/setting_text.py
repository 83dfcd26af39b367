"""Rule options' settings as sentences, in English and in Spanish.

A rule option sets engine settings (``set end-rule equal-turns``,
:mod:`settings`); its card text says what that means for the players, not
the setting's name: "the game goes on until every player has played as many
turns". Every value of every setting has its sentence here
(``tests/test_spanish.py`` checks it against ``settings.SETTINGS``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, Protocol

from . import model as m

LANGUAGES = ("en", "es")

# (setting, value) -> (English, Spanish); a number setting has one entry
# under the value None, with {n} for the number and a word that agrees with it.
_SENTENCES: dict[tuple[str, object], tuple[str, str]] = {
    ("end-rule", "base"): (
        "once an area is all face up, every other player plays one more turn",
        "cuando un área está toda boca arriba, los demás jugadores juegan un turno más",
    ),
    ("end-rule", "equal-turns"): (
        "once an area is all face up, play goes on until every player has had as many turns",
        "cuando un área está toda boca arriba, se sigue jugando hasta que todos los "
        "jugadores hayan jugado los mismos turnos",
    ),
    ("end-rule", "twelfth-reveal"): (
        "the game ends as soon as the 12th card of an area is turned face up",
        "la partida termina en cuanto se pone boca arriba la duodécima carta de un área",
    ),
    ("discard-piles", None): (
        "{n} discard {piles} {are} started at setup",
        "se {empiezan} {n} {pilas} de descartes al preparar la partida",
    ),
    ("initial-reveals", None): (
        "each player turns {n} {cards} face up at setup",
        "cada jugador pone {n} {cartas} boca arriba al preparar la partida",
    ),
    ("deck-discard", "swap-then-reveal"): (
        "discarding a drawn card swaps 2 cards and then turns a card face up",
        "quien descarta la carta robada intercambia 2 cartas y después pone una carta boca arriba",
    ),
    ("deck-discard", "swap-or-reveal"): (
        "discarding a drawn card swaps 2 cards or turns a card face up",
        "quien descarta la carta robada intercambia 2 cartas o pone una carta boca arriba",
    ),
    ("turn-must-reveal", "on"): (
        "every turn ends with more cards face up than it began with",
        "cada turno termina con más cartas boca arriba que al empezar",
    ),
    ("turn-must-reveal", "off"): (
        "a turn need not turn a card face up",
        "un turno no obliga a poner ninguna carta boca arriba",
    ),
    ("power-cards", "on"): ("Power cards are in play", "se juega con cartas de Poder"),
    ("power-cards", "off"): ("no Power cards are in play", "se juega sin cartas de Poder"),
    ("objectives", "on"): (
        "a pair of Objective cards is revealed at setup and scored by every area",
        "se revela una pareja de cartas de Objetivo al preparar la partida, que puntúa "
        "en cada área",
    ),
    ("objectives", "off"): ("no Objective cards are in play", "se juega sin cartas de Objetivo"),
    ("all-face-up-at-end", "as-played"): (
        "a card that rewards ending with every card face up sees the area as it was played",
        "una carta que premia terminar con todas las cartas boca arriba ve el área tal "
        "como se jugó",
    ),
    ("all-face-up-at-end", "always"): (
        "a card that rewards ending with every card face up always scores it",
        "una carta que premia terminar con todas las cartas boca arriba siempre lo consigue",
    ),
    ("initial-reveals", 0): ("every card starts face down", "todas las cartas empiezan boca abajo"),
    ("extra-power-cards", None): (
        "each area draws {n} extra Power {cards} at setup",
        "cada área roba {n} {cartas} de Poder extra al preparar la partida",
    ),
    ("areas", "own"): (
        "each player plays an area of their own",
        "cada jugador juega su propia área",
    ),
    ("areas", "shared"): (
        "all players play one shared area in turn (cooperative play)",
        "todos los jugadores juegan por turnos una misma área (partida cooperativa)",
    ),
}


def _number_words(n: int) -> dict[str, str]:
    one = n == 1
    return {
        "n": str(n),
        "piles": "pile" if one else "piles",
        "are": "is" if one else "are",
        "cards": "card" if one else "cards",
        "empiezan": "empieza" if one else "empiezan",
        "pilas": "pila" if one else "pilas",
        "cartas": "carta" if one else "cartas",
    }


def setting_sentence(name: str, value: str | int, lang: str = "en") -> str:
    """What ``set NAME VALUE`` means, as a sentence in ``lang`` ("en" or "es").
    A setting or value the engine does not know (a file the linter refuses)
    is said as it is written."""
    index = LANGUAGES.index(lang)
    if isinstance(value, int) and (name, value) not in _SENTENCES and (name, None) in _SENTENCES:
        return _SENTENCES[(name, None)][index].format(**_number_words(value))
    found = _SENTENCES.get((name, value))
    if found is None:
        return f"{name} {value}"
    return found[index]


class SetupWords(NamedTuple):
    """The words of a scenario's setup sentences in one language."""

    played_with: str
    conjunction: str
    setup: str
    rules: str
    with_challenge: str
    instead: str  # the challenge's draws replace the setup's
    as_well: str  # they add to them


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
