"""A game log record in a sentence of the terminal's language (``dioses
replay`` tells where a replay diverges): a decision, an event, the end, the
setup. English keeps the record's own words (key by key); Spanish tells an
event as the game's history does (:mod:`dioses_rules.wording.moves`), with
the record's keys after it."""

from __future__ import annotations

from typing import Any

from dioses_rules.pool.registry import Registry
from dioses_rules.wording import N_
from dioses_rules.wording.choices import label_text
from dioses_rules.wording.moves import Namers, event_phrase

from .i18n import _, lang, pgettext
from .names import named

# Keys of log records that hold a 0-based index (shown from 1, as the game
# shows seats, areas, piles and turns), and keys shown under another word.
_INDEX_KEYS = frozenset({"turn", "seat", "area", "pile", "index"})
_KEY_WORDS = {
    "face_up": N_("face up"),
    "turns_left": N_("turns left"),
    "area": N_("area"),
    "card": N_("card"),
    "cards": N_("cards"),
    "cell": N_("cell"),
    "cells": N_("cells"),
    "pile": N_("pile"),
    "count": N_("count"),
    "total": N_("total"),
    "seat": N_("seat"),
    "turns": N_("turns"),
    "law": N_("law"),
    "line": N_("line"),
    "pattern": N_("pattern"),
    "power": N_("power"),
}


def _join(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"; "none" for no item."""
    if not items:
        return _("none")
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def words(value: object, key: str | None = None) -> str:
    """A value of a log record in plain words: no Python reprs, no JSON.

    None is "none", booleans "yes"/"no", a mapping "key value, ...", a list
    its items joined ("none" when empty; a mapping in a list in
    parentheses); an index (``key`` in _INDEX_KEYS) counts from 1; winners
    and totals name their areas."""
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if key in _INDEX_KEYS and isinstance(value, int):
        return str(value + 1)
    if key == "winners" and isinstance(value, list):
        return _join([_("area {number}").format(number=words(w, "area")) for w in value])
    if key == "totals" and isinstance(value, list):
        return ", ".join(
            _("area {number}: {total}").format(number=i + 1, total=words(t))
            for i, t in enumerate(value)
        ) or _("none")
    if isinstance(value, dict):
        return ", ".join(
            f"{_(_KEY_WORDS[k]) if k in _KEY_WORDS else k} {words(v, k)}" for k, v in value.items()
        ) or _("nothing")
    if isinstance(value, (list, tuple)):
        return _join(
            [
                f"({words(item, key)})" if isinstance(item, dict) else words(item, key)
                for item in value
            ]
        )
    return str(value)


def _scenario_words(outcome: object) -> str:
    """A final record's scenario outcome: the challenge is told as part of
    the victory (R34), never "victory no, challenge yes"."""
    if outcome is None:  # "none" agrees with "scenario": "escenario ninguno"
        return pgettext("scenario", "none")
    if not isinstance(outcome, dict) or "victory" not in outcome:
        return words(outcome, "scenario")
    if outcome.get("victory"):
        said = _("victory, with its challenge") if outcome.get("challenge") else _("victory")
    else:
        said = _("no victory")
    if "beaten" in outcome:
        said += _(", beaten") if outcome["beaten"] else _(", not beaten")
    return said


def record_words(record: dict[str, Any], registry: Registry | None = None) -> str:
    """A game log record in a sentence: a decision, an event, the end, the
    setup; with ``registry``, a Spanish choice and event in the game's words."""
    kind = record.get("type")
    turn = (
        _("turn {number}: ").format(number=words(record["turn"], "turn"))
        if "turn" in record
        else ""
    )
    spanish = registry is not None and lang() != "en"
    if kind == "decision":
        choice = words(record.get("choice"))
        if spanish and isinstance(record.get("choice"), str):
            assert registry is not None  # spanish says so
            choice = label_text(registry, record["choice"], lang())
        return turn + _(
            "seat {seat}, {kind} decision: option {index} of {options}, {choice}"
        ).format(
            seat=words(record.get("seat"), "seat"),
            kind=words(record.get("kind")),
            index=words(record.get("index"), "index"),
            options=words(record.get("options")),
            choice=choice,
        )
    if kind == "final":
        winners = record.get("winners")
        several = isinstance(winners, list) and len(winners) > 1
        message = (
            _(
                "the end after {turns} turns: totals {totals}; winners {winners}; scenario {scenario}"
            )
            if several
            else _(
                "the end after {turns} turns: totals {totals}; winner {winners}; scenario {scenario}"
            )
        )
        return message.format(
            turns=words(record.get("turns")),
            totals=words(record.get("totals"), "totals"),
            winners=words(winners, "winners"),
            scenario=_scenario_words(record.get("scenario")),
        )
    rest = words({k: v for k, v in record.items() if k not in ("type", "event", "turn")})
    if kind == "event":
        told = _event_told(record, registry) if spanish else None
        if told:
            return turn + _("{told} ({rest})").format(told=told, rest=rest)
        return turn + _("event {event} ({rest})").format(
            event=words(record.get("event")), rest=rest
        )
    return _("{kind} record ({rest})").format(kind=words(kind), rest=rest)


def _event_told(record: dict[str, Any], registry: Registry | None) -> str | None:
    """An event as the game's history tells it, cards by their names."""
    if registry is None:
        return None
    namers = Namers(
        lang(),
        name=lambda card: named(registry, "myth", card),
        names=lambda family, ident: named(registry, family, ident),
    )
    return event_phrase(record, namers)
