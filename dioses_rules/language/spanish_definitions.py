"""Spanish card text for effects, scenario setups and whole definitions (see
:mod:`spanish`)."""

from __future__ import annotations

from typing import Mapping, Optional

from . import model as m
from .english import Names
from .setting_text import SetupWords, scenario_setup_lines, setting_sentence
from .spanish import ROW_WORDS, SpanishWriter, before
from .spanish_words import CARD, Noun, counted, join
from .vocabulary import Vocabulary
from .walk import Dispatch

_DIRECTION_WORDS = {m.Direction.LEFT: "a la izquierda de", m.Direction.RIGHT: "a la derecha de",
                    m.Direction.ABOVE: "encima de", m.Direction.BELOW: "debajo de"}
LEVEL_WORDS = {m.Difficulty.EASY: ("fácil", "fáciles"), m.Difficulty.MEDIUM: ("medio", "medios"),
               m.Difficulty.HARD: ("difícil", "difíciles")}
LAW = Noun("Ley", "Leyes", feminine=True)
PATTERN = Noun("Patrón", "Patrones")
PROVENANCE_WORDS = {m.Provenance.PRINTED: "impreso", m.Provenance.NAMED: "nombrado",
                    m.Provenance.RECONSTRUCTED: "reconstruido"}


# The forms of an effect's verb: said to the player, of every player, after "para".
YOU, THIRD, TO_DO = 0, 1, 2


def _verb(form: int, imperative: str, infinitive: str, third: Optional[str] = None) -> str:
    """The tú imperative of these verbs is their third person ("roba"), but
    for the irregular "pon" / "pone"."""
    return (imperative, third or imperative, infinitive)[form]


def _your(form: int) -> str:
    return "su" if form == THIRD else "tu"


SETUP_WORDS = SetupWords("Se juega con: ", "y", "Preparación: ", "Reglas: ", "Con el reto: ",
                         "en lugar de los robos de la preparación", "además")


class SpanishCardWriter(SpanishWriter):
    """Spanish text of effects and of whole definitions, as printed on cards.

    An effect is said to the player ("intercambia 2 cartas de tu área"), or,
    with ``every_player``, of every player (R18: "cada jugador intercambia 2
    cartas de su área"); the tú imperative of these verbs is their third
    person, so only the possessive and the clitics change."""

    def __init__(self, names: Optional[Names] = None,
                 pattern_points: Optional[Mapping[str, int]] = None,
                 vocabulary: Optional[Vocabulary] = None,
                 option_names: Optional[Names] = None):
        super().__init__(names, vocabulary)
        self.pattern_points = dict(pattern_points or {})
        self.option_names = dict(option_names or {})

    def card_list(self, ids, word: str = "y") -> str:
        return join([self.names.get(card_id, card_id) for card_id in ids], word)

    # ------------------------------------------------------------ effects
    def effect(self, effect: m.Effect, every_player: bool = False) -> str:
        if every_player:
            return "cada jugador " + self.effect_phrase(effect, THIRD)
        return self.effect_phrase(effect, YOU)

    effect_phrase = Dispatch(m.Effect)
    """An effect in a ``form``: YOU ("intercambia 2 cartas de tu área"),
    THIRD (of a player: "... de su área") or TO_DO (after "para": "intercambiar ...")."""

    @effect_phrase.on(m.SwapAny)
    def _swap_any(self, e, form: int = YOU) -> str:
        return f"{_verb(form, 'intercambia', 'intercambiar')} {counted(e.count, CARD)} de " \
               f"{_your(form)} área"

    @effect_phrase.on(m.SwapCards)
    def _swap_cards(self, e, form: int = YOU) -> str:
        return f"{_verb(form, 'intercambia', 'intercambiar')} {self.cell(e.first)} con " \
               f"{self.cell(e.second)}"

    @effect_phrase.on(m.DrawLaw)
    def _draw_law(self, e, form: int = YOU) -> str:
        what = "una Ley" if e.count == 1 else counted(e.count, LAW)
        return f"{_verb(form, 'roba', 'robar')} {what}"

    @effect_phrase.on(m.DrawPattern)
    def _draw_pattern(self, e, form: int = YOU) -> str:
        level = LEVEL_WORDS[e.difficulty][e.count != 1] if e.difficulty else ""
        what = "un Patrón" if e.count == 1 else counted(e.count, PATTERN)
        text = f"{_verb(form, 'roba', 'robar')} {what}" + (f" {level}" if level else "")
        if e.keep is not None:
            keep = ("quédate", "se queda", "quedarse")[form]
            text += f" y {keep} con {e.keep}"
        return text

    @effect_phrase.on(m.Reveal)
    def _reveal(self, e, form: int = YOU) -> str:
        return f"{_verb(form, 'pon', 'poner', 'pone')} boca arriba {counted(e.count, CARD)} " \
               f"de {_your(form)} área"

    @effect_phrase.on(m.TurnFaceDown)
    def _hide(self, e, form: int = YOU) -> str:
        return f"{_verb(form, 'pon', 'poner', 'pone')} boca abajo {counted(e.count, CARD)} " \
               f"de {_your(form)} área"

    @effect_phrase.on(m.RecoverDiscard)
    def _recover(self, e, form: int = YOU) -> str:
        put = ("colócala", "la coloca", "colocarla")[form]
        return (f"{_verb(form, 'busca', 'buscar')} una carta en los descartes y {put} encima "
                "de una pila de descartes")

    @effect_phrase.on(m.SeekDeck)
    def _seek(self, e, form: int = YOU) -> str:
        end = ("descártala y pon", "la descarta y pone", "descartarla y poner")[form]
        return (f"{_verb(form, 'elige', 'elegir')} una mitología o un tipo de carta, "
                f"{_verb(form, 'revela', 'revelar')} cartas del mazo hasta que una coincida, "
                f"{end} el resto debajo del mazo")

    @effect_phrase.on(m.DiscardTop)
    def _discard_top(self, e, form: int = YOU) -> str:
        text = f"{_verb(form, 'descarta', 'descartar')} la carta de arriba del mazo «{e.deck}»"
        return text + (f"; es la carta «{e.remember}»" if e.remember else "")

    def cell(self, ref: m.CellRef) -> str:
        name = self.noun(ref.card, article=True)
        if ref.direction is None:
            return name
        return "la carta " + before(_DIRECTION_WORDS[ref.direction], name)

    # ------------------------------------------------------------ scenarios
    setup_step = Dispatch(m.SetupStep)

    @setup_step.on(m.Separate)
    def _separate(self, step: m.Separate) -> str:
        return (f"baraja {self.card_list(step.cards)} con {counted(step.random, CARD)} al azar "
                "y ponlas encima del mazo")

    @setup_step.on(m.PowerCards)
    def _power_cards(self, step: m.PowerCards) -> str:
        if step.count == 0:
            return "empieza sin cartas de Poder"
        return f"empieza con {counted(step.count, CARD)} de Poder"

    @setup_step.on(m.Place)
    def _place(self, step: m.Place) -> str:
        where = ("en una casilla al azar" if step.row is None
                 else f"en una casilla al azar de la fila {ROW_WORDS[step.row]}"
                 if step.column is None
                 else f"en la fila {ROW_WORDS[step.row]}, columna {step.column}")
        face = "boca arriba" if step.face_up else "boca abajo"
        return f"coloca {self.card_list(step.cards)} {face} {where} de tu área"

    @setup_step.on(m.SetAside)
    def _set_aside(self, step: m.SetAside) -> str:
        return f"aparta {self.card_list(step.cards)} boca abajo como el mazo «{step.deck}»"

    @setup_step.on(m.SetupDraw)
    def _setup_draw(self, step: m.SetupDraw) -> str:
        return self.effect(step.effect)

    rule = Dispatch(m.RuleChange)

    @rule.on(m.Lock)
    def _lock(self, rule: m.Lock) -> str:
        many = len(rule.cards) > 1
        return (f"{self.card_list(rule.cards)} no se {'pueden' if many else 'puede'} mover "
                "ni descartar nunca")

    @rule.on(m.Trigger)
    def _trigger(self, rule: m.Trigger) -> str:
        if rule.kind is m.TriggerKind.PATTERN_COMPLETED:
            when = "cada vez que completes un patrón"
        elif rule.kind is m.TriggerKind.START:
            when = "al empezar"
        else:
            phrase = self.noun_with(rule.selector, article=True)
            done = "colocada" if rule.kind is m.TriggerKind.PLACED else "revelada"
            done = done if phrase.feminine else done[:-1] + "o"
            when = f"cuando {phrase.text} sea {done}"
        return f"{when}, {', '.join(self.effect(e) for e in rule.effects)}"

    @rule.on(m.Ability)
    def _ability(self, rule: m.Ability) -> str:
        text = (f"puedes pagar {counted(rule.cost, CARD)} de Poder para "
                f"{self.effect_phrase(rule.effect, TO_DO)}")
        if rule.condition is not None:
            text += f" si {self.condition(rule.condition)}"
        return text + (", una vez por partida" if rule.once else "")

    def scenario_setup(self, d: m.Scenario) -> list[str]:
        """The scenario's setup and rules, a sentence each."""
        return scenario_setup_lines(self, d, SETUP_WORDS, join)

    # ------------------------------------------------------------ definitions
    def pattern_grid(self, pattern: m.Pattern) -> list[str]:
        cells = [["." if cell is None else self._pattern_cell(cell) for cell in row]
                 for row in pattern.shape]
        width = max((len(text) for row in cells for text in row), default=1)
        return ["[" + "] [".join(text.center(width) for text in row) + "]" for row in cells]

    def _pattern_cell(self, cell: m.PatternCell) -> str:
        noun = self.vocabulary.spanish_noun(cell.type)
        if cell.mythology is None:
            return f"Cualquier {noun.singular}"
        return (noun.singular[:1].upper() + noun.singular[1:] + " "
                + self.mythology_word(cell.mythology, noun.feminine))

    def lines(self, lines) -> str:
        return " ".join(_sentence(self.line(line)) for line in lines)

    definition = Dispatch(m.Definition)

    @definition.on(m.MythCard)
    def _myth(self, d: m.MythCard) -> str:
        parts = []
        if d.event:
            parts.append("Evento: " + "; ".join(self.effect(e, every_player=True)
                                                for e in d.event) + ".")
        parts.extend(_sentence(self.line(line)) for line in d.lines)
        parts.extend(f"Cuenta como {counted(w.amount, self.vocabulary.spanish_noun(w.type))}."
                     for w in d.weights)
        return " ".join(parts) if parts else "Sin texto de puntuación."

    @definition.on(m.Law)
    def _law(self, d: m.Law) -> str:
        return "Ley - " + self.lines(d.lines)

    @definition.on(m.Pattern)
    def _pattern(self, d: m.Pattern) -> str:
        points = self.pattern_points.get(d.id, d.difficulty.points)
        level = LEVEL_WORDS[d.difficulty][0]
        return f"Patrón ({level}, {points}p):\n" + "\n".join(self.pattern_grid(d))

    @definition.on(m.ObjectiveGoal)
    def _goal(self, d: m.ObjectiveGoal) -> str:
        return "Objetivo - " + self.lines(d.lines)

    @definition.on(m.ObjectiveElement)
    def _objective_element(self, d: m.ObjectiveElement) -> str:
        return f"Elemento de objetivo: {self.noun(d.selector, plural=True)}."

    @definition.on(m.PowerEffect)
    def _power(self, d: m.PowerEffect) -> str:
        return (f"Poder ({counted(d.cost, CARD)}): "
                + "; ".join(self.effect(e) for e in d.effects) + ".")

    @definition.on(m.RuleOption)
    def _option(self, d: m.RuleOption) -> str:
        parts = [setting_sentence(s.name, s.value, "es") for s in d.settings]
        parts += [f"al empezar, {self.effect(e, every_player=True)}" for e in d.start]
        return "Opción de reglas: " + ("; ".join(parts) or "no cambia las reglas") + "."

    @definition.on(m.Scenario)
    def _scenario(self, d: m.Scenario) -> str:
        lines = [f"Escenario {d.number}: {d.name}.", *self.scenario_setup(d)]
        if d.victory:
            lines.append("Victoria: " + "; ".join(self.condition(c) for c in d.victory) + ".")
        if d.challenge:
            lines.append("Reto adicional: "
                         + "; ".join(self.condition(c) for c in d.challenge) + ".")
        if d.threshold:
            lines.append(f"Consigue más de {d.threshold} puntos.")
        return "\n".join(lines)


def _sentence(text: str) -> str:
    return text + "."
