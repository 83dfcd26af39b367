"""The engine settings a rule option may set (``set NAME VALUE``): one table.

The linter checks rule options against it, the engine builds its
:class:`Settings` from it, and docs/card-language.md lists it (the table
there is :func:`settings_table`'s, checked by a test). Defaults are the base
game; the ``solo`` option of the expansion sets the solo and cooperative
mode (R21), so a modder's file can set another.
"""

from __future__ import annotations

from attrs import define, frozen

from .limits import AREA, Range

ON_OFF = ("on", "off")


@frozen
class SettingSpec:
    """A setting: the :class:`Settings` field it fills, the values it takes
    (``int``: a number from ``range[0]`` to ``range[1]``; ``ON_OFF``: a
    switch) and what it means. The builder and the linter check a number
    against its range (:func:`setting_range`), and the engine again when it
    applies the setting."""

    field: str
    allowed: tuple[str, ...] | type[int]
    doc: str
    range: tuple[int, int] | None = None


@define
class Settings:
    """Engine parameters; the defaults are the base game, rule options change them."""

    end_rule: str = "base"  # R20: base | equal-turns | twelfth-reveal (R21)
    discard_piles: int = 1
    initial_reveals: int = 2
    deck_discard: str = "swap-then-reveal"  # R17 | swap-or-reveal
    turn_must_reveal: bool = False  # R21
    power_cards: bool = False  # R22
    objectives: bool = False
    all_face_up_at_end: str = "as-played"  # R21: always
    extra_power_cards: int = 0  # R23
    areas: str = "own"  # own | shared (R21: cooperative play on one area)


SETTINGS: dict[str, SettingSpec] = {
    "end-rule": SettingSpec(
        "end_rule",
        ("base", "equal-turns", "twelfth-reveal"),
        "when the game ends: `base`, once an area is all face up every other player plays "
        "one more turn (R20); `equal-turns`, play goes on until all have had as many turns "
        "(the Lightning Token, R20); `twelfth-reveal`, at once when an area's 12th card is "
        "turned face up (R21)",
    ),
    "discard-piles": SettingSpec(
        "discard_piles",
        int,
        "how many discard piles are started at setup, each from the top of the deck (in a "
        "scenario, after its separated cards are put there: R21)",
        (1, 4),
    ),
    "initial-reveals": SettingSpec(
        "initial_reveals",
        int,
        "cards each player turns face up at setup, from the start player on (each player, "
        "also in a shared area); 0: all start face down (R21)",
        (0, AREA),
    ),
    "deck-discard": SettingSpec(
        "deck_discard",
        ("swap-then-reveal", "swap-or-reveal"),
        "what follows discarding a drawn card (R17)",
    ),
    "turn-must-reveal": SettingSpec(
        "turn_must_reveal",
        ON_OFF,
        "a turn ends with more face-up cards than it began with, turning one if needed (R21)",
    ),
    "power-cards": SettingSpec(
        "power_cards",
        ON_OFF,
        "Power cards are in play: a completed pattern draws its points in Power cards (R22)",
    ),
    "objectives": SettingSpec(
        "objectives", ON_OFF, "an objective pair is revealed at setup, scored by every area (R15)"
    ),
    "all-face-up-at-end": SettingSpec(
        "all_face_up_at_end",
        ("as-played", "always"),
        "whether a card that rewards ending with every card face up sees the area as played "
        "or always all face up, so that it scores (R21)",
    ),
    "extra-power-cards": SettingSpec(
        "extra_power_cards",
        int,
        "Power cards each area draws at setup for an easier game (R23); in the base game "
        "only with `power-cards on`",
        (0, AREA),
    ),
    "areas": SettingSpec(
        "areas",
        ("own", "shared"),
        "`own`: each player plays an area of their own (the base game is then for 2 to 6 "
        "players); `shared`: all play one area in turn, cooperative play (R21; 1 to 6 "
        "players)",
    ),
}


def setting_range(name: str) -> Range | None:
    """The range of a setting that takes a number ("discard piles must be 1 to
    4"), or None."""
    spec = SETTINGS.get(name)
    if spec is None or spec.range is None:
        return None
    low, high = spec.range
    return Range(name, name.replace("-", " "), low, high, f"'set {name} {low}'")


def setting_problem(name: str, value: str | int) -> str | None:
    """What is wrong with a number for a setting that takes one (out of its
    range), or None."""
    checked = setting_range(name)
    if checked is None or not isinstance(value, int):
        return None
    return checked.check(value)


def setting_value(spec: SettingSpec, value: str | int) -> str | int | bool:
    """The Settings field value for a checked ``set NAME VALUE``."""
    return value == "on" if spec.allowed == ON_OFF else value


def _value_text(value: str | int | bool) -> str:
    if isinstance(value, bool):
        return ON_OFF[0] if value else ON_OFF[1]
    return str(value)


def settings_table() -> str:
    """The Markdown table of the settings, as docs/card-language.md shows it:
    each setting's values, its default (the base game's) and what it means."""
    defaults = Settings()
    rows = ["| setting | values | default | meaning |", "|---|---|---|---|"]
    for name, spec in SETTINGS.items():
        if isinstance(spec.allowed, tuple):
            values = ", ".join(f"`{value}`" for value in spec.allowed)
        else:
            low, high = spec.range or (0, AREA)
            values = f"a number, {low} to {high}"
        default = _value_text(getattr(defaults, spec.field))
        rows.append(f"| `{name}` | {values} | `{default}` | {spec.doc} |")
    return "\n".join(rows) + "\n"
