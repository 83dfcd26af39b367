"""The board builder's words: its script (``static/board.js``) writes every
text from these, read from the page (a JSON block), so that the web
catalogue holds them like the templates' words. ``%(name)s`` placeholders
are filled by the script."""

from __future__ import annotations

from .language import N_, catalogue

WORDS = {
    "cell": N_("%(row)s row, column %(column)s"),
    "front": N_("front"),
    "central": N_("central"),
    "back": N_("back"),
    "row_line": N_("%(row)s row"),
    "column": N_("column %(n)s"),
    "empty": N_("empty"),
    "face_down": N_("face down"),
    "on_board": N_("%(name)s, on the board"),
    "scenario_state": N_("scenario state %(name)s"),
    "not_set": N_("not set"),
    "law": N_("Law %(name)s on the %(line)s"),
    "pattern": N_("Pattern %(name)s"),
    "completed": N_("completed"),
    "not_completed": N_("not completed"),
    "objective": N_("Objective %(goal)s: %(element)s"),
    "none_yet": N_("none yet"),
    "not_scored": N_("not scored"),
    "show_cells": N_("Show cells"),
    "remove": N_("Remove"),
    "remove_what": N_("Remove %(what)s"),
    "scenario": N_("Scenario %(name)s"),
    "victory_met": N_("victory met"),
    "victory_not_met": N_("victory not met"),
    "challenge_met": N_("challenge met, with its victory"),
    "challenge_not_met": N_("challenge not met"),
    "choose_hint": N_(
        "Choose a scored card, law, pattern or objective to see its explanation here."
    ),
    "choose_card": N_("Choose a card to see why it scored."),
    "nothing_here": N_("%(cell)s: no card scored here"),
    "matched": N_("matched: %(cells)s"),
    "matched_mark": N_("matched"),  # on a cell an explanation matched
    "gods": N_("(%(n)s gods, for a tie)"),
    "searching": N_("searching…"),
    "proven": N_("proven the best"),
    "found": N_("the best found in the time allowed"),
    "best": N_("Best: %(best)s; this board: %(current)s; %(left)s left on the table."),
    "row_cards": N_("%(row)s row: %(cards)s"),
    "use_layout": N_("Use this layout"),
    "too_big": N_("%(file)s: a board is at most %(kib)s KiB"),
    "refused": N_("the server refused the file"),
    "ours": N_("our translation"),  # a Spanish name no rulebook prints (CARDS.md)
}


def builder_words(lang: str) -> dict[str, str]:
    """The script's words in ``lang``; "point" and "points" are a point's
    two forms (one, several)."""
    words = catalogue(lang)
    said = {key: words.gettext(message) for key, message in WORDS.items()}
    said["point"] = words.ngettext("%(num)s point", "%(num)s points", 1)
    said["points"] = words.ngettext("%(num)s point", "%(num)s points", 2)
    return said
