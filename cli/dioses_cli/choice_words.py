"""The engine's words as the player reads them, in the terminal's language:
:mod:`dioses_rules.wording.choices` with the language of the command run."""

from __future__ import annotations

from collections.abc import Callable

from dioses_rules.engine.game import Game
from dioses_rules.engine.state import Choice
from dioses_rules.wording import N_
from dioses_rules.wording import choices as wording

from .i18n import lang
from .names import named

__all__ = ["N_", "card_name", "choice_text", "label_text", "prompt_text"]


def card_name(game: Game, family: str = "myth") -> Callable[[str], str]:
    """A card's name on screen by its id (the id itself for anything else)."""
    return lambda ident: named(game.registry, family, ident)


def choice_text(game: Game, choice: Choice) -> str:
    """A choice as the player reads it, in the terminal's language."""
    return wording.choice_text(game, choice, lang())


def label_text(game: Game, label: str) -> str:
    """An engine choice label in the terminal's language, its ids as names."""
    return wording.label_text(game.registry, label, lang())


def prompt_text(game: Game, prompt: str) -> str:
    """An engine prompt in the terminal's language, its ids as names."""
    return wording.prompt_text(game.registry, prompt, lang())
