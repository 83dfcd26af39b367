"""What ``dioses play`` shows of a card and an area, as the physical cards
show it: the printed name, type and mythology in the mythology's colour, the
rule in short form ("2p: next to Egyptian god"), and the points each card
scores now, judged on the face-up cards only (face-down cards stay unknown
to every player, so they count as absent); and the choices typed by the
names players use ("swap f1 b4", "play c2", "reveal b3")."""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence

from attrs import evolve

from dioses_rules.engine.choice_cells import CELL_KINDS, short_cell  # noqa: F401 (shared)
from dioses_rules.engine.game import Game
from dioses_rules.engine.state import Choice
from dioses_rules.language import model as m
from dioses_rules.pool.registry import Registry
from dioses_rules.scoring.area import Area, cell_index
from dioses_rules.scoring.score import ScoreReport, score_board

from . import names
from .names import texts

# The rulebook's colours as the pictures draw them; a declared mythology gets
# one of the others, the same every time (from its id).
MYTHOLOGY_STYLES = {"greek": "bright_blue", "egyptian": "yellow", "norse": "green"}
OTHER_STYLES = ("magenta", "cyan", "red", "bright_magenta", "bright_cyan", "bright_red")


def mythology_style(mythology: str) -> str:
    known = MYTHOLOGY_STYLES.get(mythology)
    if known is not None:
        return known
    return OTHER_STYLES[zlib.crc32(mythology.encode("utf-8")) % len(OTHER_STYLES)]


def short_rule(registry: Registry, card: m.MythCard) -> str:
    """The card's scoring lines in the fewest words, in the terminal's
    language: "2p: next to Egyptian card" ('' for a card without any); in
    Spanish each line as the Spanish card text says it."""
    said = texts(registry)
    parts = []
    for line in card.lines:
        text = said.line(line, card)
        if said.lang == "en":
            for pattern, replacement in _WORDY:
                text = pattern.sub(replacement, text)
        parts.append(text)
    return "; ".join(parts)


_WORDY = [
    (re.compile(r"\bit is (?:an? )?"), ""),
    (re.compile(r"\b(?:an?) (?=\w)"), ""),
    (re.compile(r"\.$"), ""),
]


def visible_report(game: Game, area: int) -> ScoreReport:
    """The area scored as far as anyone can see it: its face-up cards, laws,
    patterns and objectives, face-down cards counted as absent (never
    revealed, R12 is for the end)."""
    board = game.board(area)
    cells = tuple(p if p is not None and p.face_up else None for p in board.area.cells)
    return score_board(evolve(board, area=Area(cells)), all_face_up_at_end=False)


def printed_names(game: Game, text: str) -> str:
    """``text`` (an engine prompt or choice label, which name cards, laws and
    patterns by id) with each id written as its name on screen."""
    return names.printed_names(game.registry, text)


# ------------------------------------------------------------ typed choices
ROW_LETTERS = {
    "f": "front",
    "front": "front",
    "c": "central",
    "central": "central",
    "b": "back",
    "back": "back",
    # the Spanish rows, as a Spanish screen names them: delantera, trasera
    "d": "front",
    "delantera": "front",
    "t": "back",
    "trasera": "back",
}
# The verbs a player may type, in Spanish too, as a Spanish screen's help
# names them: each is the English verb the choices are matched by.
TYPED_VERBS = {
    "intercambiar": "swap",
    "jugar": "play",
    "revelar": "reveal",
    "cambiar": "exchange",
    "coger": "take",
    "robar": "draw",
    "descartar": "discard",
}
SPANISH_VERBS = {english: spanish for spanish, english in TYPED_VERBS.items()}
_CELL = re.compile(r"^(f|c|b|d|t|front|central|back|delantera|trasera)-?([1-4])$")


def cell_of(word: str) -> int | None:
    """'f1', 'front-1', 'b4' -> the cell's index; None for anything else."""
    found = _CELL.match(word.lower())
    if found is None:
        return None
    return cell_index(m.Row(ROW_LETTERS[found.group(1)]), int(found.group(2)))


def named_choice(
    text: str, choices: Sequence[Choice], decision_kind: str = "", shown: Sequence[str] = ()
) -> int | None:
    """The one choice that typed words name: cells ('swap f1 b4', 'c2'), a
    verb ('draw', 'discard', the decision's own: 'reveal b3', or the first
    word of a choice as ``shown`` on screen: 'coger', 'jugar t2'), or both
    ('play c2'); None when they name none or several."""
    found = named_choices(text, choices, decision_kind, shown)
    return found[0] if len(found) == 1 else None


def named_choices(
    text: str, choices: Sequence[Choice], decision_kind: str = "", shown: Sequence[str] = ()
) -> list[int]:
    """Every choice typed words may name (:func:`named_choice`): 'take' with
    two discard piles names both."""
    words = text.replace(",", " ").split()
    if not words:
        return []
    cells = [cell_of(word) for word in words]
    if len(words) > 1 and any(c is None for c in cells[1:]):
        return []
    typed = words[0].lower() if cells[0] is None else None
    verbs = (typed, TYPED_VERBS[typed]) if typed in TYPED_VERBS else (typed,)
    verb = typed
    wanted = sorted(c for c in cells if c is not None)
    found = []
    for index, choice in enumerate(choices):
        if wanted and (choice.kind not in CELL_KINDS or sorted(choice.args) != wanted):
            continue
        if not wanted and choice.args and (verb is None or choice.kind in CELL_KINDS):
            continue
        said = shown[index].lower() if index < len(shown) else ""
        if verb is not None and not any(
            word.startswith(v)
            for word in (choice.kind, (choice.label or "").lower(), decision_kind, said)
            for v in verbs
            if v is not None
        ):
            continue
        found.append(index)
    return found
