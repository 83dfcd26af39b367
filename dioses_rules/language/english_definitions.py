"""English card text for effects and whole definitions (see :mod:`english`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import model as m
from .card_words import EVERY, TO_DO, YOU, CardWords
from .english import EnglishWriter
from .english_nouns import Names, Phrase
from .spanish_words import counted
from .vocabulary import Vocabulary
from .walk import Dispatch


def third_person(phrase: str) -> str:
    """'draw a Law' -> 'draws a Law' (the first verb of an effect)."""
    verb, _, rest = phrase.partition(" ")
    return f"{verb}s {rest}" if rest else f"{verb}s"


class CardTextWriter(EnglishWriter):
    """English text of effects and of whole definitions, as printed on cards."""

    @property
    def LEVELS(self) -> Mapping[m.Difficulty, tuple[str, str]]:
        """A Pattern's difficulty, (singular, plural)."""
        return self.WORDS.twos["levels"]

    def __init__(
        self,
        names: Names | None = None,
        pattern_points: Mapping[str, int] | None = None,
        vocabulary: Vocabulary | None = None,
        option_names: Names | None = None,
        scenario_names: Names | None = None,
    ) -> None:
        super().__init__(names, vocabulary)
        self.pattern_points = dict(pattern_points or {})
        self.option_names = dict(option_names or {})
        self.scenario_names = dict(scenario_names or {})  # by id, in the reader's language

    def agree_with(self, card: m.MythCard) -> None:
        """Say "it" of ``card`` from now on (in English, "it" agrees with nothing)."""

    def card_kind(self, card: m.MythCard) -> str:
        """What a Myth card is: "greek god" (its ids, as the listings show them)."""
        return f"{' and '.join(card.mythologies)} {card.type}"

    def card_list(self, ids: Iterable[str], word: str | None = None) -> str:
        return self.join([self.names.get(card_id, card_id) for card_id in ids], word or self.AND)

    # ------------------------------------------------------------ effects
    def effect(self, effect: m.Effect, every_player: bool = False) -> str:
        """An effect said to the player, or (R18: an event applies to every
        player) of every player."""
        if every_player:
            return self.phrase("every player", self.in_form(effect, EVERY))
        return self.in_form(effect, YOU)

    def to_do(self, effect: m.Effect) -> str:
        """An effect after "to": "you may pay 1 Power card to draw a Law"."""
        return self.in_form(effect, TO_DO)

    def in_form(self, effect: m.Effect, form: str) -> str:
        """An effect in a form of ``card_words`` (YOU, EVERY, TO_DO): the
        language's own sentences for it, else the first form as the grammar
        changes it (:meth:`derived`)."""
        if form in self.WORDS.effects:
            text: str = self.effect_phrase(effect, form)
            return text
        return self.derived(form, self.effect_phrase(effect, YOU))

    def derived(self, form: str, text: str) -> str:
        """English says an effect of every player in the third person,
        "draws a Law", of their area; after "to" as it is."""
        return third_person(text.replace(" your ", " their ")) if form == EVERY else text

    def said(self, form: str, key: str, many: bool = False, **fields: object) -> str:
        """An effect's sentence (``key``: its node kind or one of
        ``card_words.EFFECT_PARTS``) in ``form``, filled; of a pair, the one
        for ``many``."""
        template = self.WORDS.effects[form][key]
        return (template if isinstance(template, str) else template[many]).format(**fields)

    effect_phrase = Dispatch(m.Effect)
    """An effect in a form (see :meth:`in_form`)."""

    @effect_phrase.on(m.SwapAny)
    def _swap_any(self, e: m.SwapAny, form: str) -> str:
        return self.said(form, "SwapAny", count=e.count, cards=counted(e.count, self.CARD))

    @effect_phrase.on(m.SwapCards)
    def _swap_cards(self, e: m.SwapCards, form: str) -> str:
        return self.said(form, "SwapCards", first=self.cell(e.first), second=self.cell(e.second))

    @effect_phrase.on(m.DrawLaw)
    def _draw_law(self, e: m.DrawLaw, form: str) -> str:
        return self.said(form, "DrawLaw", e.count != 1, count=e.count)

    @effect_phrase.on(m.DrawPattern)
    def _draw_pattern(self, e: m.DrawPattern, form: str) -> str:
        many = e.count != 1
        if e.difficulty is None:
            text = self.said(form, "DrawPattern", many, count=e.count)
        else:
            level = self.LEVELS[e.difficulty][many]
            a_level = self.with_article(Phrase(level))
            text = self.said(
                form, "DrawPattern of a level", many, count=e.count, level=level, a_level=a_level
            )
        return text + (
            self.said(form, "DrawPattern keep", keep=e.keep) if e.keep is not None else ""
        )

    @effect_phrase.on(m.Reveal, m.TurnFaceDown)
    def _turn(self, e: m.Reveal | m.TurnFaceDown, form: str) -> str:
        return self.said(form, type(e).__name__, cards=counted(e.count, self.CARD))

    @effect_phrase.on(m.RecoverDiscard, m.SeekDeck)
    def _plain(self, e: m.RecoverDiscard | m.SeekDeck, form: str) -> str:
        return self.said(form, type(e).__name__)

    @effect_phrase.on(m.DiscardTop)
    def _discard_top(self, e: m.DiscardTop, form: str) -> str:
        text = self.said(form, "DiscardTop", deck=self.state_word(e.deck))
        if e.remember:
            text += self.said(form, "DiscardTop remember", remember=self.state_word(e.remember))
        return text

    def cell(self, ref: m.CellRef) -> str:
        name = self.noun(ref.card, article=True)
        if ref.direction is None:
            return name
        return self.phrase("the card") + self.before(
            self.WORDS.ones["directions"][ref.direction], name
        )

    # ------------------------------------------------------------ definitions
    def pattern_grid(self, pattern: m.Pattern) -> list[str]:
        cells = [
            ["." if cell is None else self.pattern_cell(cell) for cell in row]
            for row in pattern.shape
        ]
        width = max((len(text) for row in cells for text in row), default=1)
        return ["[" + "] [".join(text.center(width) for text in row) + "]" for row in cells]

    def pattern_cell(self, cell: m.PatternCell) -> str:
        """ "Greek God", "Any Place", "Aztec Card" / "Dios griego", "Cualquier lugar"."""
        noun = self.CARD if cell.type is None else self.type_noun(cell.type)
        said = {"noun": noun.singular, "Noun": self.capital(noun.singular)}
        if cell.mythology is None:
            return self.phrase("any cell", **said)
        return self.phrase(
            "cell", mythology=self.mythology_word(cell.mythology, noun.feminine), **said
        )

    def weight_phrase(self, weight: m.Weight) -> str:
        """R11: "2 gods", "2 Aztecs"."""
        if weight.mythology is None:
            return counted(weight.amount, self.type_noun(weight.word))
        return f"{weight.amount} {self.noun(m.MythologyIs(weight.mythology), weight.amount != 1)}"

    def lines(self, lines: Iterable[m.ScoringLine]) -> str:
        return " ".join(self.line(line) + "." for line in lines)

    def sentence(self, key: str, parts: Iterable[str]) -> str:
        """A phrase and its parts, ';'-separated: "Setup: ...; ...."."""
        return self.phrase(key) + "; ".join(parts) + "."

    definition = Dispatch(m.Definition)

    @definition.on(m.MythCard)
    def _myth(self, d: m.MythCard) -> str:
        parts = []
        if d.event:
            parts.append(self.sentence("event", (self.effect(e, True) for e in d.event)))
        parts.extend(self.line(line) + "." for line in d.lines)
        parts.extend(self.phrase("counts as", self.weight_phrase(w)) for w in d.weights)
        return " ".join(parts) if parts else self.phrase("no text")

    @definition.on(m.Law, m.ObjectiveGoal)
    def _lines(self, d: m.Law | m.ObjectiveGoal) -> str:
        return self.phrase("law" if isinstance(d, m.Law) else "goal") + self.lines(d.lines)

    @definition.on(m.Pattern)
    def _pattern(self, d: m.Pattern) -> str:
        points = self.pattern_points.get(d.id, d.difficulty.points)
        return self.phrase(
            "pattern", level=self.LEVELS[d.difficulty][0], points=points
        ) + "\n".join(self.pattern_grid(d))

    @definition.on(m.ObjectiveElement)
    def _objective_element(self, d: m.ObjectiveElement) -> str:
        return self.phrase("element of", self.noun(d.selector, plural=True))

    @definition.on(m.PowerEffect)
    def _power(self, d: m.PowerEffect) -> str:
        return (
            self.phrase("power", cost=d.cost, cards=counted(d.cost, self.CARD))
            + "; ".join(self.effect(e) for e in d.effects)
            + "."
        )

    @definition.on(m.RuleOption)
    def _option(self, d: m.RuleOption) -> str:
        parts = [self.WORDS.setting(s.name, s.value) for s in d.settings]
        parts += [
            self.phrase("at start", you=self.effect(e), every=self.effect(e, every_player=True))
            for e in d.start
        ]
        return self.phrase("option") + ("; ".join(parts) or self.phrase("no change")) + "."

    # ------------------------------------------------------------ scenarios
    setup_step = Dispatch(m.SetupStep)

    @setup_step.on(m.Separate)
    def _separate(self, step: m.Separate) -> str:
        return self.phrase(
            "separate", cards=self.card_list(step.cards), random=counted(step.random, self.CARD)
        )

    @setup_step.on(m.PowerCards)
    def _power_cards(self, step: m.PowerCards) -> str:
        return self.pair("power cards", step.count != 0).format(
            count=step.count, cards=self.CARD.form(step.count != 1)
        )

    @setup_step.on(m.Place)
    def _place(self, step: m.Place) -> str:
        where = (
            self.phrase("random cell")
            if step.row is None
            else self.phrase("random cell in row", row=self.ROWS[step.row])
            if step.column is None
            else self.phrase("at cell", row=self.ROWS[step.row], column=step.column)
        )
        return self.phrase(
            "place",
            cards=self.card_list(step.cards),
            where=where,
            face=self.pair("face side", step.face_up),
        )

    @setup_step.on(m.SetAside)
    def _set_aside(self, step: m.SetAside) -> str:
        return self.phrase(
            "aside", cards=self.card_list(step.cards), deck=self.state_word(step.deck)
        )

    @setup_step.on(m.SetupDraw)
    def _setup_draw(self, step: m.SetupDraw) -> str:
        return self.effect(step.effect)

    rule = Dispatch(m.RuleChange)

    @rule.on(m.Lock)
    def _lock(self, rule: m.Lock) -> str:
        return self.pair("lock", len(rule.cards) > 1).format(cards=self.card_list(rule.cards))

    @rule.on(m.Trigger)
    def _trigger(self, rule: m.Trigger) -> str:
        card = None if rule.selector is None else self.noun_with(rule.selector, article=True)
        when = self.WORDS.twos["triggers"][rule.kind][card is not None and card.feminine].format(
            card=card.text if card is not None else ""
        )
        return f"{when}, {', '.join(self.effect(e) for e in rule.effects)}"

    @rule.on(m.Ability)
    def _ability(self, rule: m.Ability) -> str:
        text = self.phrase(
            "ability",
            cost=rule.cost,
            cards=self.CARD.form(rule.cost != 1),
            effect=self.to_do(rule.effect),
        )
        if rule.condition is not None:
            text += self.phrase("if", self.condition(rule.condition))
        return text + (self.phrase("once") if rule.once else "")

    def scenario_setup(self, d: m.Scenario) -> list[str]:
        """The scenario's options, setup, rules and challenge setup, a sentence each."""
        lines = []
        if d.options:
            options = [self.option_names.get(o, o) for o in d.options]
            lines.append(self.phrase("played with") + self.join(options, self.AND) + ".")
        if d.setup:
            lines.append(self.sentence("setup", map(self.setup_step, d.setup)))
        if d.rules:
            lines.append(self.sentence("rules", map(self.rule, d.rules)))
        if d.challenge_setup:
            how = self.pair("challenge draws", d.challenge_draws is m.ChallengeDraws.ADDS)
            steps = "; ".join(map(self.setup_step, d.challenge_setup))
            lines.append(self.phrase("with the challenge") + steps + f" ({how}).")
        return lines

    @definition.on(m.Scenario)
    def _scenario(self, d: m.Scenario) -> str:
        name = self.scenario_names.get(d.id, d.name)
        lines = [self.phrase("scenario", number=d.number, name=name), *self.scenario_setup(d)]
        if d.victory:
            lines.append(self.sentence("victory", map(self.condition, d.victory)))
        if d.challenge:
            lines.append(self.sentence("challenge", map(self.condition, d.challenge)))
        if d.threshold:
            lines.append(self.phrase("threshold", d.threshold))
        return "\n".join(lines)


def english_text(
    definition: m.Definition,
    names: Names | None = None,
    pattern_points: Mapping[str, int] | None = None,
    vocabulary: Vocabulary | None = None,
    option_names: Names | None = None,
) -> str:
    """English card text for one definition."""
    text: str = CardTextWriter(names, pattern_points, vocabulary, option_names).definition(
        definition
    )
    return text


def provenance_text(definition: m.Definition, words: CardWords | None = None) -> str:
    """Where a definition's text comes from (CARDS.md): "printed", "named",
    "reconstructed", or "printed, event reconstructed" when an Event card's
    event comes from elsewhere than its scoring (R27); in English unless
    ``words`` are another language's ("impreso, evento reconstruido")."""
    words = words or CardTextWriter.WORDS
    said = words.ones["provenance"]
    text = said[definition.provenance]
    origin = definition.event_origin if isinstance(definition, m.MythCard) else None
    if origin is not None and origin is not definition.provenance:
        text += words.phrase("event origin").format(said[origin])
    return text
