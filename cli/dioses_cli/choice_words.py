"""The engine's words as the player reads them: each choice, label and
prompt of a decision rebuilt in the terminal's language, every card id
written as its printed name."""

from __future__ import annotations

import re
from collections.abc import Callable

from dioses_rules.engine.game import Game

from .faces import printed_names
from .i18n import _
from .names import line_name, named, row_word
from .names import texts as screen_texts


def card_name(game: Game, family: str = "myth") -> Callable[[str], str]:
    """A card's name on screen by its id (the id itself for anything else)."""
    return lambda ident: named(game.registry, family, ident)


def N_(message: str) -> str:
    """A message marked for the catalogue, looked up where it is shown."""
    return message


# Decisions whose outcome an event tells anyway say nothing themselves.
def choice_text(game: Game, choice) -> str:
    """A choice as the player reads it, in the terminal's language: the
    engine's label (which names cards by id) rebuilt for the choices whose
    words are the game's own, otherwise with every id written as its name."""
    args = choice.args
    kind = choice.kind
    if kind == "row" and args:
        return line_name(row=args[0])
    if kind == "column" and args:
        return line_name(column=args[0])
    fixed = {
        "draw": N_("draw"),
        "pass": N_("no"),
        "swap": N_("swap two cards"),
        "reveal": N_("turn a card face up"),
    }
    if kind in fixed and not args:
        return _(fixed[kind])
    if kind == "power" and args and screen_texts(game.registry).lang != "en":
        power = game.registry.get("power", args[0])
        if power is not None:  # its Spanish card text says what it does and costs
            return screen_texts(game.registry).text(power)
    if kind == "take-discard" and args:
        pile = game.state.discards[args[0]] if args[0] < len(game.state.discards) else []
        if pile:
            return _("take {card} from discard pile {number}").format(
                card=named(game.registry, "myth", pile[-1]), number=args[0] + 1
            )
    return label_text(game, choice.label or kind)


_LABELS = [
    (re.compile(pattern), message)
    for pattern, message in (
        (
            r"^take (?P<card>[\w-]+) from discard pile (?P<number>\d+)$",
            N_("take {card} from discard pile {number}"),
        ),
        (r"^discard (?P<card>[\w-]+)$", N_("discard {card}")),
        (r"^play it at (?P<cell>.+)$", N_("play it at {cell}")),
        (r"^draw$", N_("draw")),
    )
]
_CELL_WORDS = re.compile(r"\b(front|central|back) ([1-4])\b")
_WHAT = {"(face-down card)": N_("(face-down card)"), "(empty)": N_("(empty)")}


def label_text(game: Game, label: str) -> str:
    """An engine choice label ("take ship from discard pile 1", "front 2
    (face-down card)") in the terminal's language, its ids as names."""
    for pattern, message in _LABELS:
        found = pattern.match(label)
        if found:
            label = _(message).format(**found.groupdict())
            break
    label = _CELL_WORDS.sub(lambda hit: f"{row_word(hit.group(1))} {hit.group(2)}", label)
    for english, message in _WHAT.items():
        label = label.replace(english, _(message))
    return printed_names(game, label)


# The engine's prompts (English, naming cards by id) in the catalogue.
_PROMPTS = [
    (re.compile(pattern), message)
    for pattern, message in (
        (
            r"^Place the law '(?P<law>[\w-]+)' on which row or column\?$",
            N_("Place the law '{law}' on which row or column?"),
        ),
        (r"^Exchange (?P<card>[\w-]+) with which card\?$", N_("Exchange {card} with which card?")),
        (
            r"^You drew (?P<card>[\w-]+): play it or discard it\?$",
            N_("You drew {card}: play it or discard it?"),
        ),
        (r"^Swap two cards or turn one face up\?$", N_("Swap two cards or turn one face up?")),
        (r"^Swap which two cards\?$", N_("Swap which two cards?")),
        (r"^Turn which card face up\?$", N_("Turn which card face up?")),
        (
            r"^Use a Power effect before your action\?$",
            N_("Use a Power effect before your action?"),
        ),
        (r"^Use a Power effect after your action\?$", N_("Use a Power effect after your action?")),
        (r"^Your action$", N_("Your action")),
        (
            r"^Turn a card face up \(more face-up cards than at the start of the turn\)$",
            N_("Turn a card face up (more face-up cards than at the start of the turn)"),
        ),
    )
]


def prompt_text(game: Game, prompt: str) -> str:
    """An engine prompt in the terminal's language, its ids as names."""
    for pattern, message in _PROMPTS:
        found = pattern.match(prompt)
        if found:
            return printed_names(game, _(message).format(**found.groupdict()))
    return printed_names(game, prompt)
