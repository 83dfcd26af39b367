"""The engine's words as a player reads them: each choice, label and
prompt of a decision in the reader's language, every card id written as
its printed name (the engine speaks English and names cards by id)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..language import model as m
from . import N_, matched, table, words
from .names import line_name, named, printed_names, row_word, texts

if TYPE_CHECKING:
    from ..pool.registry import Registry


# What this module reads of the engine's game and choices (wording sits
# below the engine: it names no engine type)
class _State(Protocol):
    @property
    def discards(self) -> Sequence[Sequence[str]]: ...


class Game(Protocol):
    @property
    def registry(self) -> Registry: ...

    @property
    def scenario(self) -> m.Scenario | None: ...

    @property
    def state(self) -> _State: ...


class Choice(Protocol):
    @property
    def kind(self) -> str: ...

    @property
    def args(self) -> tuple[Any, ...]: ...

    @property
    def label(self) -> str: ...


def choice_text(game: Game, choice: Choice, lang: str) -> str:
    """A choice in ``lang``: the engine's label rebuilt for the choices
    whose words are the game's own, otherwise with every id as its name."""
    _ = words(lang)._
    args = choice.args
    kind = choice.kind
    if kind == "row" and args:
        return line_name(lang, row=args[0])
    if kind == "column" and args:
        return line_name(lang, column=args[0])
    fixed = {
        "draw": N_("draw"),
        "pass": N_("no"),
        "swap": N_("swap two cards"),
        "reveal": N_("turn a card face up"),
    }
    if kind in fixed and not args:
        return _(fixed[kind])
    if kind == "power" and args and lang != "en":
        power = game.registry.get("power", args[0])
        if power is not None:  # its Spanish card text says what it does and costs
            return texts(game.registry, lang).text(power)
    if kind in ("mythology", "type") and args and lang != "en":
        return vocabulary_word(game.registry, kind, args[0])
    if kind == "ability" and args and lang != "en" and game.scenario is not None:
        return _ability_text(game, args[0], lang) or label_text(game.registry, choice.label, lang)
    if kind == "take-discard" and args:
        pile = game.state.discards[args[0]] if args[0] < len(game.state.discards) else []
        if pile:
            return _("take {card} from discard pile {number}").format(
                card=named(game.registry, "myth", pile[-1], lang), number=args[0] + 1
            )
    return label_text(game.registry, choice.label or kind, lang)


def vocabulary_word(registry: Registry, kind: str, word: str) -> str:
    """A mythology or card type in Spanish as a seek names it: "griega"
    (a mythology), "dios" (a type)."""
    vocabulary = registry.vocabulary
    if kind == "mythology":
        return vocabulary.spanish_adjective(word).agree(True, False)
    return vocabulary.spanish_noun(word).singular


def _ability_text(game: Game, index: object, lang: str) -> str | None:
    """A scenario ability (the ``index``-th rule of the scenario) as a
    choice: its effect in the Spanish card text and its cost."""
    rules = game.scenario.rules if game.scenario is not None else ()
    rule = rules[index] if isinstance(index, int) and 0 <= index < len(rules) else None
    if not isinstance(rule, m.Ability):
        return None
    effect = texts(game.registry, lang).writer.effect(rule.effect)
    return (
        words(lang)
        ._("scenario: {ability} ({count} Power cards)")
        .format(ability=effect, count=rule.cost)
    )


_LABELS = table(
    (
        N_("take {card} from discard pile {number}"),
        N_("discard {card}"),
        N_("{card} from discard pile {number}"),
        N_("discard pile {number}"),
        N_("scenario: {ability} ({count} Power cards)"),
        N_("no"),
        N_("swap two cards"),
        N_("turn a card face up"),
        N_("discard pile {number} (top: {card})"),
        N_("play it at {cell}"),
        N_("draw"),
        N_("draw from the deck"),
    )
)
_CELL_WORDS = re.compile(r"\b(front|central|back) ([1-4])\b")
_WHAT = {"(face-down card)": N_("(face-down card)"), "(empty)": N_("(empty)")}


_LINE = re.compile(r"^(?:(?P<row>front|central|back) row|column (?P<column>[1-4]))$")


def label_text(registry: Registry, label: str, lang: str) -> str:
    """An engine choice label ("take ship from discard pile 1", "front 2
    (face-down card)", "front row") in ``lang``, its ids as names."""
    _ = words(lang)._
    line = _LINE.match(label)
    if line:  # a law's line (R13), as choice_text says it
        return line_name(lang, row=line["row"], column=line["column"] and int(line["column"]))
    label = matched(_LABELS, label, lang)
    label = _CELL_WORDS.sub(lambda hit: f"{row_word(hit.group(1), lang)} {hit.group(2)}", label)
    for english, message in _WHAT.items():
        label = label.replace(english, _(message))
    return printed_names(registry, label, lang)


# The engine's prompts (English, naming cards by id) in the catalogue.
_PROMPTS = table(
    (
        N_("Place the law '{law}' on which row or column?"),
        N_("Exchange {card} with which card?"),
        N_("You drew {card}: play it or discard it?"),
        N_("Swap two cards or turn one face up?"),
        N_("Swap which two cards?"),
        N_("Turn which card face up?"),
        N_("Use a Power effect before your action?"),
        N_("Use a Power effect after your action?"),
        N_("Your action"),
        N_("Turn a card face up (more face-up cards than at the start of the turn)"),
        N_("Turn a card face up ({card})"),
        N_("Turn which card face down?"),
        (r"^Which discard pile \(discard\)\?$", N_("Which discard pile for the discarded card?")),
        N_("Which discard pile ({why})?"),
        N_("Name a mythology or a card type"),
        N_(
            "Put which revealed card under the deck next? (each goes beneath the ones "
            "put there before it: the first is drawn first)"
        ),
        N_("Keep which pattern?"),
        N_("Take which card from the discards?"),
        N_("Put it on top of which pile?"),
        N_("Setup: turn a card face up"),
        N_("No action is possible: turn a card face up"),
        N_("Swap which two cards? (you must)"),
        N_("Swap {count} cards ({card})"),
    )
)


def worded(text: str, prompt: bool = False) -> bool:
    """Whether the wording layer has words for an engine label (or, with
    ``prompt``, a prompt): a test walks every one the engine makes."""
    rows = _PROMPTS if prompt else _LABELS
    return any(pattern.match(text) for pattern, _message in rows) or (
        not prompt and bool(_LINE.match(text) or _CELL_WORDS.search(text))
    )


def prompt_text(registry: Registry, prompt: str, lang: str) -> str:
    """An engine prompt in ``lang``, its ids as names."""
    return printed_names(registry, matched(_PROMPTS, prompt, lang), lang)
