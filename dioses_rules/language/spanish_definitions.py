"""Spanish card text for effects, scenario setups and whole definitions: the
English card writer (:mod:`english_definitions`) with the Spanish words of
:mod:`spanish`, and the effects said in the verb forms Spanish needs."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from . import model as m
from .english_definitions import CardTextWriter
from .english_nouns import Template
from .setting_text import SetupWords
from .spanish import SpanishWriter
from .spanish_words import CARD, FEMININE, Noun, counted, gender_of, state_word
from .walk import total

LEVEL_WORDS: Mapping[m.Difficulty, tuple[str, str]] = total(
    m.Difficulty,
    {
        m.Difficulty.EASY: ("fácil", "fáciles"),
        m.Difficulty.MEDIUM: ("medio", "medios"),
        m.Difficulty.HARD: ("difícil", "difíciles"),
    },
    "spanish_definitions.LEVEL_WORDS",
)
LAW = Noun("Ley", "Leyes", feminine=True)
PATTERN = Noun("Patrón", "Patrones")
PROVENANCE_WORDS: Mapping[m.Provenance, str] = total(
    m.Provenance,
    {
        m.Provenance.PRINTED: "impreso",
        m.Provenance.NAMED: "nombrado",
        m.Provenance.RECONSTRUCTED: "reconstruido",
    },
    "spanish_definitions.PROVENANCE_WORDS",
)

# The forms of an effect's verb: said to the player, of every player, after "para".
YOU, THIRD, TO_DO = 0, 1, 2


def _verb(form: int, imperative: str, infinitive: str, third: str | None = None) -> str:
    """The tú imperative of these verbs is their third person ("roba"), but
    for the irregular "pon" / "pone"."""
    return (imperative, third or imperative, infinitive)[form]


def _your(form: int) -> str:
    return "su" if form == THIRD else "tu"


def _noun_named_types() -> frozenset[str]:
    """The card types whose cards are named by a common noun, from the
    Spanish locale's data (``locale/es/agreement.toml``)."""
    data = tomllib.loads(_AGREEMENT.read_text(encoding="utf-8"))
    return frozenset(str(kind) for kind in data["noun-named-types"])


_AGREEMENT = Path(__file__).resolve().parent.parent / "locale" / "es" / "agreement.toml"


class SpanishCardWriter(SpanishWriter, CardTextWriter):
    """Spanish text of effects and of whole definitions, as printed on cards.

    An effect is said to the player ("intercambia 2 cartas de tu área"), or,
    with ``every_player``, of every player (R18: "cada jugador intercambia 2
    cartas de su área"); the tú imperative of these verbs is their third
    person, so only the possessive and the clitics change."""

    DIRECTIONS = total(
        m.Direction,
        {
            m.Direction.LEFT: "a la izquierda de",
            m.Direction.RIGHT: "a la derecha de",
            m.Direction.ABOVE: "encima de",
            m.Direction.BELOW: "debajo de",
        },
        "SpanishCardWriter.DIRECTIONS",
    )
    LEVELS = LEVEL_WORDS
    TRIGGERS = total(
        m.TriggerKind,
        {
            m.TriggerKind.PATTERN_COMPLETED: ("cada vez que completes un patrón",) * 2,
            m.TriggerKind.START: ("al empezar",) * 2,
            m.TriggerKind.PLACED: ("cuando {card} sea colocado", "cuando {card} sea colocada"),
            m.TriggerKind.REVEALED: ("cuando {card} sea revelado", "cuando {card} sea revelada"),
        },
        "SpanishCardWriter.TRIGGERS",
    )
    SETUP_WORDS = SetupWords(
        "Se juega con: ",
        "y",
        "Preparación: ",
        "Reglas: ",
        "Con el reto: ",
        "en lugar de los robos de la preparación",
        "además",
    )
    PHRASES: Mapping[str, Template] = total(
        CardTextWriter.PHRASES,
        {
            **SpanishWriter.PHRASES,
            "the card": "la carta ",
            "event": "Evento: ",
            "counts as": "Cuenta como {}.",
            "no text": "Sin texto de puntuación.",
            "law": "Ley - ",
            "pattern": "Patrón ({level}, {points}p):\n",
            "goal": "Objetivo - ",
            "element of": "Elemento de objetivo: {}.",
            "power": "Poder ({cards}): ",
            "option": "Opción de reglas: ",
            "at start": "al empezar, {every}",
            "no change": "no cambia las reglas",
            "scenario": "Escenario {number}: {name}.",
            "victory": "Victoria: ",
            "challenge": "Reto adicional: ",
            "threshold": "Consigue más de {} puntos.",
            "separate": "baraja {cards} con {random} al azar y ponlas encima del mazo",
            "power cards": ("empieza sin cartas de Poder", "empieza con {count} {cards} de Poder"),
            "random cell": "en una casilla al azar",
            "random cell in row": "en una casilla al azar de la fila {row}",
            "face side": ("boca abajo", "boca arriba"),
            "place": "coloca {cards} {face} {where} de tu área",
            "aside": "aparta {cards} boca abajo como el mazo «{deck}»",
            "lock": (
                "{cards} no se puede mover ni descartar nunca",
                "{cards} no se pueden mover ni descartar nunca",
            ),
            "ability": "puedes pagar {cost} {cards} de Poder para {effect}",
            "if": " si {}",
            "once": ", una vez por partida",
        },
        "SpanishCardWriter.PHRASES",
    )

    # Types whose cards are named by a common noun ("Campo de Guerra",
    # "Manzana"): "it" on such a card agrees with that noun; on a god's or a
    # creature's card (a proper name) "it" is "la carta" ("cerca de ella").
    # Data, not code: the types are the card files' (locale/es/agreement.toml).
    NAMED_BY_A_NOUN = _noun_named_types()

    def agree_with(self, card: m.MythCard) -> None:
        """Say "it" of ``card`` from now on: "cerca de él" on Campo de Guerra."""
        name = card.name.split()
        if card.type in self.NAMED_BY_A_NOUN and name:
            self.own_feminine = gender_of(name[0]) == FEMININE
            # a noun and its adjective both plural: "Jardines Cucos"
            self.own_plural = len(name) > 1 and all(w.endswith("s") for w in name[:2])
        else:
            self.own_feminine, self.own_plural = True, False

    def _myth(self, d: m.MythCard) -> str:
        before = self.own_feminine, self.own_plural
        self.agree_with(d)
        try:
            return super()._myth(d)
        finally:
            self.own_feminine, self.own_plural = before

    # ------------------------------------------------------------ effects
    def effect(self, effect: m.Effect, every_player: bool = False) -> str:
        person = THIRD if every_player else YOU
        text: str = self.effect_phrase(effect, person)
        return "cada jugador " + text if every_player else text

    def to_do(self, effect: m.Effect) -> str:
        text: str = self.effect_phrase(effect, TO_DO)
        return text

    # An effect in a ``form``: YOU ("intercambia 2 cartas de tu área"), THIRD
    # (of a player: "... de su área") or TO_DO (after "para": "intercambiar ...").
    def _swap_any(self, e: m.SwapAny, form: int = YOU) -> str:
        return (
            f"{_verb(form, 'intercambia', 'intercambiar')} {counted(e.count, CARD)} de "
            f"{_your(form)} área"
        )

    def _swap_cards(self, e: m.SwapCards, form: int = YOU) -> str:
        return (
            f"{_verb(form, 'intercambia', 'intercambiar')} {self.cell(e.first)} con "
            f"{self.cell(e.second)}"
        )

    def _draw_law(self, e: m.DrawLaw, form: int = YOU) -> str:
        what = "una Ley" if e.count == 1 else counted(e.count, LAW)
        return f"{_verb(form, 'roba', 'robar')} {what}"

    def _draw_pattern(self, e: m.DrawPattern, form: int = YOU) -> str:
        level = LEVEL_WORDS[e.difficulty][e.count != 1] if e.difficulty else ""
        what = "un Patrón" if e.count == 1 else counted(e.count, PATTERN)
        text = f"{_verb(form, 'roba', 'robar')} {what}" + (f" {level}" if level else "")
        if e.keep is not None:
            keep = ("quédate", "se queda", "quedarse")[form]
            text += f" y {keep} con {e.keep}"
        return text

    def _reveal(self, e: m.Reveal, form: int = YOU) -> str:
        return self._turn(form, True, e.count)

    def _hide(self, e: m.TurnFaceDown, form: int = YOU) -> str:
        return self._turn(form, False, e.count)

    def _turn(self, form: int, face_up: bool, count: int) -> str:
        """Cards of the area turned: "pon boca arriba 2 cartas de tu área"."""
        put, side = _verb(form, "pon", "poner", "pone"), self.pair("face side", face_up)
        return f"{put} {side} {counted(count, CARD)} de {_your(form)} área"

    def _recover(self, e: m.RecoverDiscard, form: int = YOU) -> str:
        put = ("colócala", "la coloca", "colocarla")[form]
        return (
            f"{_verb(form, 'busca', 'buscar')} una carta en los descartes y {put} encima "
            "de una pila de descartes"
        )

    def _seek(self, e: m.SeekDeck, form: int = YOU) -> str:
        end = ("descártala y pon", "la descarta y pone", "descartarla y poner")[form]
        return (
            f"{_verb(form, 'elige', 'elegir')} una mitología o un tipo de carta, "
            f"{_verb(form, 'revela', 'revelar')} cartas del mazo hasta que una coincida, "
            f"{end} el resto debajo del mazo"
        )

    def _discard_top(self, e: m.DiscardTop, form: int = YOU) -> str:
        deck = state_word(e.deck)
        text = f"{_verb(form, 'descarta', 'descartar')} la carta de arriba del mazo «{deck}»"
        return text + (f"; es la carta «{state_word(e.remember)}»" if e.remember else "")

    def _set_aside(self, step: m.SetAside) -> str:
        return self.phrase("aside", cards=self.card_list(step.cards), deck=state_word(step.deck))

    # ------------------------------------------------------------ definitions
    def pattern_cell(self, cell: m.PatternCell) -> str:
        noun = self.CARD if cell.type is None else self.vocabulary.spanish_noun(cell.type)
        if cell.mythology is None:
            return f"Cualquier {noun.singular}"
        return (
            noun.singular[:1].upper()
            + noun.singular[1:]
            + " "
            + self.mythology_word(cell.mythology, noun.feminine)
        )
