"""Predicate trees -> English card text, as a player reads it on the card.

Generated from the compiled tree, never stored, so the text cannot drift from
what the engine scores. ``names`` maps card ids to display names (the
registry's English names); unknown ids are shown as they are.
"""

from __future__ import annotations

from typing import Mapping, Optional

from . import model as m

Names = Mapping[str, str]

_TYPE_WORDS = {m.CardType.GOD: ("god", "gods"), m.CardType.PLACE: ("place", "places"),
               m.CardType.OBJECT: ("object", "objects")}
_ROW_WORDS = {m.Row.FRONT: "front", m.Row.CENTRAL: "central", m.Row.BACK: "back"}


def _article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _join(items: list[str], word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _third_person(phrase: str) -> str:
    """'draw a Law' -> 'draws a Law' (the first verb of an effect)."""
    verb, _, rest = phrase.partition(" ")
    return f"{verb}s {rest}" if rest else f"{verb}s"


class Renderer:
    def __init__(self, names: Optional[Names] = None,
                 pattern_points: Optional[Mapping[str, int]] = None):
        self.names = dict(names or {})
        self.pattern_points = dict(pattern_points or {})

    # ------------------------------------------------------------ selectors
    def is_proper(self, selector: m.Selector) -> bool:
        """A selector naming one card (no article, no plural)."""
        return isinstance(selector, (m.Named, m.SelfCard, m.StateRef, m.Leader)) and not (
            isinstance(selector, m.Named) and selector.name not in self.names)

    def noun(self, selector: m.Selector, plural: bool = False, article: bool = False) -> str:
        text = self._noun(selector, plural)
        if article and not plural and not self.is_proper(selector) and not isinstance(
                selector, (m.SelOr, m.ElementRef)):
            text = _article(text)
        return text

    def _noun(self, s: m.Selector, plural: bool) -> str:
        if isinstance(s, m.AnyCard):
            return "cards" if plural else "card"
        if isinstance(s, m.TypeIs):
            return _TYPE_WORDS[s.type][1 if plural else 0]
        if isinstance(s, m.MythologyIs):
            name = s.mythology.value.capitalize()
            if plural:  # "no Greeks", as the printed laws say
                return f"{name}s" if s.mythology is not m.Mythology.NORSE else "Norse cards"
            return f"{name} card"
        if isinstance(s, m.FaceIs):
            return f"face-{'up' if s.face_up else 'down'} {'cards' if plural else 'card'}"
        if isinstance(s, m.Named):
            if s.name in self.names:
                return self.names[s.name]
            return f"{s.name} {'cards' if plural else 'card'}"  # a tag: "throne card"
        if isinstance(s, m.SelfCard):
            return "this card"
        if isinstance(s, m.StateRef):
            return f"the {s.name}"
        if isinstance(s, m.ElementRef):
            return "cards of the element" if plural else "card of the element"
        if isinstance(s, m.SameAs):
            return f"{'cards' if plural else 'card'} of the same {s.attribute.value}"
        if isinstance(s, m.MostCommon):
            return f"{'cards' if plural else 'card'} of the most common {s.attribute.value}"
        if isinstance(s, m.Leader):
            return (f"the one of {self.noun(s.candidates, plural=True)} with the most "
                    f"{self.count_phrase(s.count, plural=True)}")
        if isinstance(s, m.SelNot):
            inner = self._noun(s.item, plural)
            return f"non-{inner}" if " " not in inner else f"{'cards' if plural else 'card'} other than {inner}"
        if isinstance(s, m.SelOr):
            return _join([self.noun(i, plural, article=not plural) for i in s.items], "or")
        if isinstance(s, m.SelAnd):
            return self._and_noun(s, plural)
        raise TypeError(f"not a selector: {s!r}")

    def _and_noun(self, s: m.SelAnd, plural: bool) -> str:
        items = list(s.items)
        same = [i for i in items if isinstance(i, (m.SameAs, m.MostCommon))]
        rest = [i for i in items if not isinstance(i, (m.SameAs, m.MostCommon))]
        face = next((i for i in rest if isinstance(i, m.FaceIs)), None)
        myth = next((i for i in rest if isinstance(i, m.MythologyIs)), None)
        kind = next((i for i in rest if isinstance(i, m.TypeIs)), None)
        others = [i for i in rest if i not in (face, myth, kind)]
        words = []
        if face is not None:
            words.append(f"face-{'up' if face.face_up else 'down'}")
        if myth is not None:
            words.append(myth.mythology.value.capitalize())
        head = _TYPE_WORDS[kind.type][1 if plural else 0] if kind else None
        excluded = [i for i in others if isinstance(i, m.SelNot)]
        others = [i for i in others if not isinstance(i, m.SelNot)]
        if head is None and len(others) == 1 and not words:
            head = self._noun(others.pop(), plural)
        if head is None:
            head = "cards" if plural else "card"
        text = " ".join(words + [head])
        for other in others:
            text += f" that {'are' if plural else 'is'} {self.noun(other, article=True)}"
        for item in excluded:
            text += f" other than {self.noun(item.item, article=True)}"
        for item in same:
            words = "same" if isinstance(item, m.SameAs) else "most common"
            text += f" of the {words} {item.attribute.value}"
        return text

    # ------------------------------------------------------------ scopes, counts
    def scope(self, scope: m.Scope) -> str:
        kind = scope.kind
        if kind is m.ScopeKind.AREA:
            return "in the area"
        if kind is m.ScopeKind.ROW:
            return "in its row"
        if kind is m.ScopeKind.COLUMN:
            return "in its column"
        if kind is m.ScopeKind.LINE:
            return "in this row/column"
        if kind is m.ScopeKind.NEIGHBOURS:
            return "next to it"
        if kind is m.ScopeKind.SURROUNDINGS:
            return "close to it"
        if kind is m.ScopeKind.NAMED_ROW:
            return f"in the {_ROW_WORDS[scope.row]} row"
        if kind is m.ScopeKind.NAMED_COLUMN:
            return f"in column {scope.column}"
        return f"in the largest group of {self.noun(scope.group, plural=True)}"

    def count_phrase(self, count: m.Count, plural: bool) -> str:
        text = f"{self.noun(count.selector, plural)} {self.scope(count.scope)}"
        if count.where is not None:
            verb = "are" if plural else "is"
            text += f" that {verb} {self.relation(count.where)}"
        return text

    def countable(self, countable: m.Countable, amount: int) -> str:
        if isinstance(countable, m.FactCount):
            return {
                m.Fact.PATTERNS_COMPLETED: "completed pattern" if amount == 1 else "completed patterns",
                m.Fact.LAWS_MET: "law met" if amount == 1 else "laws met",
                m.Fact.TOTAL: "point" if amount == 1 else "points",
            }[countable.fact]
        return self.count_phrase(countable, amount != 1)

    # ------------------------------------------------------------ conditions
    def relation(self, c) -> str:
        """A relation or position, without its subject: 'next to an Egyptian card'."""
        if isinstance(c, m.Relation):
            target = self.noun(c.target, article=True)
            words = {
                m.RelationKind.NEXT_TO: "next to",
                m.RelationKind.CLOSE_TO: "close to",
                m.RelationKind.ABOVE: "directly above",
                m.RelationKind.BELOW: "directly below",
                m.RelationKind.LEFT_OF: "directly left of",
                m.RelationKind.RIGHT_OF: "directly right of",
                m.RelationKind.SAME_ROW: "in the same row as",
                m.RelationKind.SAME_COLUMN: "in the same column as",
                m.RelationKind.OPPOSITE_CORNER: "in the corner opposite",
            }[c.kind]
            return f"{words} {target}"
        if isinstance(c, m.Between):
            return (f"between {self.noun(c.first, article=True)} and "
                    f"{self.noun(c.second, article=True)}")
        if isinstance(c, m.InRow):
            return f"in the {_ROW_WORDS[c.row]} row"
        if isinstance(c, m.InColumn):
            return f"in column {c.column}"
        if isinstance(c, m.AtCell):
            return f"in the {_ROW_WORDS[c.row]} row, column {c.column}"
        if isinstance(c, m.InCorner):
            return "in a corner"
        if isinstance(c, m.Present):
            return "in play"
        if isinstance(c, m.Scores):
            if c.at_least is None:
                return "scoring"
            return f"scoring at least {c.at_least} points"
        raise TypeError(f"not a relation: {c!r}")

    def condition(self, c: m.Condition, subject: str = "it") -> str:
        if isinstance(c, m.CondAnd):
            return _join([self.condition(i, subject) for i in c.items], "and")
        if isinstance(c, m.CondOr):
            return _join([self.condition(i, subject) for i in c.items], "or")
        if isinstance(c, m.CondNot):
            return f"not ({self.condition(c.item, subject)})"
        if isinstance(c, m.Subject):
            parts = []
            for selector in c.subjects:
                name = self.noun(selector)
                if c.mode is m.SubjectMode.EVERY:
                    parts.append(("every " + self.noun(selector), "is"))
                else:
                    parts.append((name, "is"))
            phrase = self._subject_relation(c.condition)
            if c.mode is m.SubjectMode.NONE:
                names = _join([p[0] for p in parts], "or")
                if len(parts) > 1:
                    return f"none of {names} is {phrase}"
                if self.is_proper(c.subjects[0]) or isinstance(c.subjects[0], (m.SelOr, m.SelAnd)):
                    return f"{names} is not {phrase}"
                return f"no {names} is {phrase}"
            if len(parts) > 1:
                names = _join([p[0] for p in parts], "and")
                if isinstance(c.condition, m.Scores):
                    return f"{names} each {self._scores_verb(c.condition).replace('scores', 'score')}"
                return f"{names} are each {phrase}"
            return f"{parts[0][0]} is {phrase}" if not phrase.startswith("scor") else \
                f"{parts[0][0]} {self._scores_verb(c.condition)}"
        if isinstance(c, (m.Relation, m.Between, m.InRow, m.InColumn, m.AtCell, m.InCorner,
                          m.Present)):
            return f"{subject} is {self.relation(c)}"
        if isinstance(c, m.Scores):
            return f"{subject} {self._scores_verb(c)}"
        if isinstance(c, m.Quantity):
            return (f"{c.comparison.value} {c.amount} "
                    f"{self.countable(c.count, c.amount)}")
        if isinstance(c, m.NoneIn):
            return f"no {self.count_phrase(c.count, True)}"
        if isinstance(c, m.Only):
            return f"only {self.noun(c.selector, plural=True)} {self.scope(c.scope)}"
        if isinstance(c, m.MoreThan):
            return (f"more {self.count_phrase(c.more, True)} than "
                    f"{self.count_phrase(c.less, True)}")
        if isinstance(c, m.AllFaceUpAtEnd):
            return "you end the game with every card face up"
        raise TypeError(f"not a condition: {c!r}")

    def _subject_relation(self, c) -> str:
        if isinstance(c, m.Scores):
            return "scoring"
        return self.relation(c)

    @staticmethod
    def _scores_verb(c: m.Scores) -> str:
        return "scores" if c.at_least is None else f"scores at least {c.at_least} points"

    # ------------------------------------------------------------ lines, effects
    def line(self, line: m.ScoringLine) -> str:
        if isinstance(line, m.Fixed):
            if line.condition is None:
                return f"{line.points}p"
            return f"{line.points}p: {self.condition(line.condition)}"
        if isinstance(line.count, m.FactCount):
            what = self.countable(line.count, line.per)
        else:
            what = self.count_phrase(line.count, line.per != 1)
        if line.per == 1:
            return f"1x: {line.points}p per {what}"
        return f"1x: {line.points}p for every {line.per} {what}"

    def effect(self, effect: m.Effect, every_player: bool = False) -> str:
        if isinstance(effect, m.SwapAny):
            if every_player:  # R18: an event applies to every player
                return f"every player swaps {effect.count} cards of their area"
            return f"swap {effect.count} cards of your area"
        if every_player:  # R18: an event applies to every player
            return "every player " + _third_person(self.effect(effect).replace(" your ", " their "))
        if isinstance(effect, m.SwapCards):
            return f"swap {self.cell(effect.first)} with {self.cell(effect.second)}"
        if isinstance(effect, m.DrawLaw):
            return "draw a Law" if effect.count == 1 else f"draw {effect.count} Laws"
        if isinstance(effect, m.DrawPattern):
            level = f"{effect.difficulty.value} " if effect.difficulty else ""
            text = (f"draw {_article(level + 'Pattern')}" if effect.count == 1
                    else f"draw {effect.count} {level}Patterns")
            if effect.keep is not None:
                text += f" and keep {effect.keep}"
            return text
        if isinstance(effect, m.Reveal):
            return (f"turn {effect.count} card{'s' if effect.count != 1 else ''} "
                    "of your area face up")
        if isinstance(effect, m.TurnFaceDown):
            return (f"turn {effect.count} card{'s' if effect.count != 1 else ''} "
                    "in your play area face down")
        if isinstance(effect, m.RecoverDiscard):
            return "find a card in the discards and place it on top of a discard pile"
        if isinstance(effect, m.SeekDeck):
            return ("choose a mythology or card type, reveal cards from the deck until one "
                    "matches, discard it and put the rest at the bottom")
        if isinstance(effect, m.DiscardTop):
            text = f"discard the top card of the {effect.deck} deck"
            return text + (f"; it is the {effect.remember}" if effect.remember else "")
        raise TypeError(f"not an effect: {effect!r}")

    def cell(self, ref: m.CellRef) -> str:
        name = self.noun(ref.card, article=True)
        if ref.direction is None:
            return name
        where = {m.Direction.LEFT: "to the left of", m.Direction.RIGHT: "to the right of",
                 m.Direction.ABOVE: "above", m.Direction.BELOW: "below"}[ref.direction]
        return f"the card {where} {name}"

    # ------------------------------------------------------------ definitions
    def pattern_grid(self, pattern: m.Pattern) -> list[str]:
        cells = [["." if cell is None else
                  f"{(cell.mythology.value.capitalize() if cell.mythology else 'Any')} "
                  f"{cell.type.value.capitalize()}" for cell in row] for row in pattern.shape]
        width = max((len(text) for row in cells for text in row), default=1)
        return ["[" + "] [".join(text.center(width) for text in row) + "]" for row in cells]

    def definition(self, d) -> str:
        if isinstance(d, m.MythCard):
            parts = []
            if d.event:
                parts.append("Event: " + "; ".join(self.effect(e, every_player=True)
                                                   for e in d.event) + ".")
            parts.extend(self.line(line) + "." for line in d.lines)
            parts.extend(f"Counts as {w.amount} {_TYPE_WORDS[w.type][1 if w.amount != 1 else 0]}."
                         for w in d.weights)
            return " ".join(parts) if parts else "No scoring text."
        if isinstance(d, m.Law):
            return "Law - " + " ".join(self.line(line) + "." for line in d.lines)
        if isinstance(d, m.Pattern):
            points = self.pattern_points.get(d.id, d.difficulty.points)
            return (f"Pattern ({d.difficulty.value}, {points}p):\n"
                    + "\n".join(self.pattern_grid(d)))
        if isinstance(d, m.ObjectiveGoal):
            return "Objective goal - " + " ".join(self.line(line) + "." for line in d.lines)
        if isinstance(d, m.ObjectiveElement):
            return f"Objective element: {self.noun(d.selector, plural=True)}."
        if isinstance(d, m.PowerEffect):
            return (f"Power ({d.cost} cards): "
                    + "; ".join(self.effect(e) for e in d.effects) + ".")
        if isinstance(d, m.RuleOption):
            parts = [f"{s.name} = {s.value}" for s in d.settings]
            parts += [f"at the start: {self.effect(e)}" for e in d.start]
            return "Rule option: " + "; ".join(parts) + "."
        if isinstance(d, m.Scenario):
            lines = [f"Scenario {d.number}: {d.name}."]
            if d.victory:
                lines.append("Victory: " + "; ".join(self.condition(c, "it") for c in d.victory)
                             + ".")
            if d.challenge:
                lines.append("Additional challenge: "
                             + "; ".join(self.condition(c, "it") for c in d.challenge) + ".")
            if d.threshold:
                lines.append(f"Score more than {d.threshold} points.")
            return "\n".join(lines)
        raise TypeError(f"not a definition: {d!r}")


def render(definition, names: Optional[Names] = None,
           pattern_points: Optional[Mapping[str, int]] = None) -> str:
    """English card text for one definition."""
    return Renderer(names, pattern_points).definition(definition)


def registry_pattern_points(registry) -> dict[str, int]:
    """What each pattern in play is worth (its set's table, R14)."""
    return {p.id: registry.pattern_points(p) for p in registry.definitions("pattern")}


def registry_names(registry) -> dict[str, str]:
    """Display names for card ids: the English alias where the printed name is
    Spanish, else the printed name."""
    names = {}
    for card in registry.myth_cards():
        names[card.id] = card.aliases[0] if card.aliases else card.name
    return names
