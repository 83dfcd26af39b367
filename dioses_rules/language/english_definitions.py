"""English card text for effects and whole definitions (see :mod:`english`)."""

from __future__ import annotations

from typing import Mapping, Optional

from . import model as m
from .english import ROW_WORDS, EnglishWriter, Names, join, with_article
from .setting_text import SetupWords, scenario_setup_lines, setting_sentence
from .vocabulary import Vocabulary
from .walk import Dispatch

_DIRECTION_WORDS = {m.Direction.LEFT: "to the left of", m.Direction.RIGHT: "to the right of",
                    m.Direction.ABOVE: "above", m.Direction.BELOW: "below"}


def third_person(phrase: str) -> str:
    """'draw a Law' -> 'draws a Law' (the first verb of an effect)."""
    verb, _, rest = phrase.partition(" ")
    return f"{verb}s {rest}" if rest else f"{verb}s"


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


SETUP_WORDS = SetupWords("Played with: ", "and", "Setup: ", "Rules: ", "With the challenge: ",
                         "instead of the setup's draws", "as well")


class CardTextWriter(EnglishWriter):
    """English text of effects and of whole definitions, as printed on cards."""

    def __init__(self, names: Optional[Names] = None,
                 pattern_points: Optional[Mapping[str, int]] = None,
                 vocabulary: Optional[Vocabulary] = None,
                 option_names: Optional[Names] = None):
        super().__init__(names, vocabulary)
        self.pattern_points = dict(pattern_points or {})
        self.option_names = dict(option_names or {})

    def card_list(self, ids, word: str = "and") -> str:
        return join([self.names.get(card_id, card_id) for card_id in ids], word)

    # ------------------------------------------------------------ effects
    def effect(self, effect: m.Effect, every_player: bool = False) -> str:
        if every_player:  # R18: an event applies to every player
            if isinstance(effect, m.SwapAny):
                return f"every player swaps {effect.count} cards of their area"
            return "every player " + third_person(self.effect(effect).replace(" your ", " their "))
        return self.effect_phrase(effect)

    effect_phrase = Dispatch(m.Effect)

    @effect_phrase.on(m.SwapAny)
    def _swap_any(self, e) -> str:
        return f"swap {e.count} cards of your area"

    @effect_phrase.on(m.SwapCards)
    def _swap_cards(self, e) -> str:
        return f"swap {self.cell(e.first)} with {self.cell(e.second)}"

    @effect_phrase.on(m.DrawLaw)
    def _draw_law(self, e) -> str:
        return "draw a Law" if e.count == 1 else f"draw {e.count} Laws"

    @effect_phrase.on(m.DrawPattern)
    def _draw_pattern(self, e) -> str:
        level = f"{e.difficulty.value} " if e.difficulty else ""
        text = (f"draw {with_article(level + 'Pattern')}" if e.count == 1
                else f"draw {e.count} {level}Patterns")
        return text + (f" and keep {e.keep}" if e.keep is not None else "")

    @effect_phrase.on(m.Reveal)
    def _reveal(self, e) -> str:
        return f"turn {_cards(e.count)} of your area face up"

    @effect_phrase.on(m.TurnFaceDown)
    def _hide(self, e) -> str:
        return f"turn {_cards(e.count)} in your play area face down"

    @effect_phrase.on(m.RecoverDiscard)
    def _recover(self, e) -> str:
        return "find a card in the discards and place it on top of a discard pile"

    @effect_phrase.on(m.SeekDeck)
    def _seek(self, e) -> str:
        return ("choose a mythology or card type, reveal cards from the deck until one "
                "matches, discard it and put the rest at the bottom")

    @effect_phrase.on(m.DiscardTop)
    def _discard_top(self, e) -> str:
        text = f"discard the top card of the {e.deck} deck"
        return text + (f"; it is the {e.remember}" if e.remember else "")

    def cell(self, ref: m.CellRef) -> str:
        name = self.noun(ref.card, article=True)
        if ref.direction is None:
            return name
        return f"the card {_DIRECTION_WORDS[ref.direction]} {name}"

    # ------------------------------------------------------------ definitions
    def pattern_grid(self, pattern: m.Pattern) -> list[str]:
        cells = [["." if cell is None else
                  f"{self.mythology_word(cell.mythology) if cell.mythology else 'Any'} "
                  f"{self.type_word(cell.type).capitalize()}" for cell in row]
                 for row in pattern.shape]
        width = max((len(text) for row in cells for text in row), default=1)
        return ["[" + "] [".join(text.center(width) for text in row) + "]" for row in cells]

    def lines(self, lines) -> str:
        return " ".join(self.line(line) + "." for line in lines)

    definition = Dispatch(m.Definition)

    @definition.on(m.MythCard)
    def _myth(self, d: m.MythCard) -> str:
        parts = []
        if d.event:
            parts.append("Event: " + "; ".join(self.effect(e, every_player=True)
                                               for e in d.event) + ".")
        parts.extend(self.line(line) + "." for line in d.lines)
        parts.extend(f"Counts as {w.amount} {self.type_word(w.type, w.amount != 1)}."
                     for w in d.weights)
        return " ".join(parts) if parts else "No scoring text."

    @definition.on(m.Law)
    def _law(self, d: m.Law) -> str:
        return "Law - " + self.lines(d.lines)

    @definition.on(m.Pattern)
    def _pattern(self, d: m.Pattern) -> str:
        points = self.pattern_points.get(d.id, d.difficulty.points)
        return f"Pattern ({d.difficulty.value}, {points}p):\n" + "\n".join(self.pattern_grid(d))

    @definition.on(m.ObjectiveGoal)
    def _goal(self, d: m.ObjectiveGoal) -> str:
        return "Objective goal - " + self.lines(d.lines)

    @definition.on(m.ObjectiveElement)
    def _objective_element(self, d: m.ObjectiveElement) -> str:
        return f"Objective element: {self.noun(d.selector, plural=True)}."

    @definition.on(m.PowerEffect)
    def _power(self, d: m.PowerEffect) -> str:
        return f"Power ({d.cost} cards): " + "; ".join(self.effect(e) for e in d.effects) + "."

    @definition.on(m.RuleOption)
    def _option(self, d: m.RuleOption) -> str:
        parts = [setting_sentence(s.name, s.value, "en") for s in d.settings]
        parts += [f"at the start, every player must {self.effect(e)}" for e in d.start]
        return "Rule option: " + ("; ".join(parts) or "no change to the rules") + "."

    # ------------------------------------------------------------ scenarios
    setup_step = Dispatch(m.SetupStep)

    @setup_step.on(m.Separate)
    def _separate(self, step: m.Separate) -> str:
        return (f"shuffle {self.card_list(step.cards)} with {_cards(step.random)} at random "
                "and put them on top of the deck")

    @setup_step.on(m.PowerCards)
    def _power_cards(self, step: m.PowerCards) -> str:
        return ("start without Power cards" if step.count == 0
                else f"start with {step.count} Power card{'s' if step.count != 1 else ''}")

    @setup_step.on(m.Place)
    def _place(self, step: m.Place) -> str:
        where = ("in a random cell" if step.row is None
                 else f"in a random cell of the {ROW_WORDS[step.row]} row" if step.column is None
                 else f"in the {ROW_WORDS[step.row]} row, column {step.column}")
        face = "face up" if step.face_up else "face down"
        return f"place {self.card_list(step.cards)} {face} {where} of your area"

    @setup_step.on(m.SetAside)
    def _set_aside(self, step: m.SetAside) -> str:
        return f"set {self.card_list(step.cards)} aside face down as the {step.deck} deck"

    @setup_step.on(m.SetupDraw)
    def _setup_draw(self, step: m.SetupDraw) -> str:
        return self.effect(step.effect)

    rule = Dispatch(m.RuleChange)

    @rule.on(m.Lock)
    def _lock(self, rule: m.Lock) -> str:
        return f"{self.card_list(rule.cards)} may never be moved or discarded"

    @rule.on(m.Trigger)
    def _trigger(self, rule: m.Trigger) -> str:
        if rule.kind is m.TriggerKind.PATTERN_COMPLETED:
            when = "whenever you complete a pattern"
        elif rule.kind is m.TriggerKind.START:
            when = "at the start"
        else:
            when = f"when {self.noun(rule.selector, article=True)} is {rule.kind.value}"
        return f"{when}, {', '.join(self.effect(e) for e in rule.effects)}"

    @rule.on(m.Ability)
    def _ability(self, rule: m.Ability) -> str:
        text = (f"you may pay {rule.cost} Power card{'s' if rule.cost != 1 else ''} to "
                f"{self.effect(rule.effect)}")
        if rule.condition is not None:
            text += f" if {self.condition(rule.condition)}"
        return text + (", once per game" if rule.once else "")

    def scenario_setup(self, d: m.Scenario) -> list[str]:
        """The scenario's setup and rules, a sentence each."""
        return scenario_setup_lines(self, d, SETUP_WORDS, join)

    @definition.on(m.Scenario)
    def _scenario(self, d: m.Scenario) -> str:
        lines = [f"Scenario {d.number}: {d.name}.", *self.scenario_setup(d)]
        if d.victory:
            lines.append("Victory: " + "; ".join(self.condition(c, "it") for c in d.victory) + ".")
        if d.challenge:
            lines.append("Additional challenge: "
                         + "; ".join(self.condition(c, "it") for c in d.challenge) + ".")
        if d.threshold:
            lines.append(f"Score more than {d.threshold} points.")
        return "\n".join(lines)


def english_text(definition: m.Definition, names: Optional[Names] = None,
                 pattern_points: Optional[Mapping[str, int]] = None,
                 vocabulary: Optional[Vocabulary] = None,
                 option_names: Optional[Names] = None) -> str:
    """English card text for one definition."""
    return CardTextWriter(names, pattern_points, vocabulary,
                          option_names).definition(definition)


def provenance_text(definition: m.Definition) -> str:
    """Where a definition's text comes from (CARDS.md): "printed", "named",
    "reconstructed", or "printed, event reconstructed" when an Event card's
    event comes from elsewhere than its scoring (R27)."""
    text = definition.provenance.value
    origin = definition.event_origin if isinstance(definition, m.MythCard) else None
    if origin is not None and origin.value != text:
        text += f", event {origin.value}"
    return text
