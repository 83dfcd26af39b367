"""Every prompt and choice label the engine builds has words in the
wording layer (#28 item 3, "the whole interface in Spanish"): the test reads
the engine's source for the texts it passes as a decision's prompt or a
choice's label, makes one sample of each, and asks that the wording layer
match it and say it in Spanish as a player sees it (tests/player_sees.py).
A new prompt or label in the engine fails here until it is translated."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from player_sees import Reader

from dioses_rules import engine
from dioses_rules.engine.state import Choice
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.registry import Registry
from dioses_rules.wording.choices import choice_text, label_text, prompt_text, worded

ENGINE = Path(engine.__file__).parent
ASKING = {"decide", "pick", "choose_swap", "choose_reveal"}  # the prompt is the third argument
# a sample for each expression an engine f-string puts in a prompt or label
SAMPLES = {
    "law": "only-gods",
    "i + 1": "2",
    "p + 1": "2",
    "pile + 1": "1",
    "piles[i][-1]": "odin",
    "row": "front",
    "c": "4",
    "card": "thor",
    "top": "ship",
    "why": "discard",
    "effect.count": "2",
    "source": "loki",
    "when": "before",
    "rule.cost": "2",
    "power.cost": "3",
    "power.name": "Seek",
    "CELL_NAMES[cell]": "front 2",
    "what": "empty",
    "self.cell_label(area, cell)": "central 3 (face-down card)",
    "self.cell_label(area, first)": "front 1 (empty)",
    "self.cell_label(area, second)": "back 4 (odin)",
}
# f-strings whose words the wording layer rebuilds from the choice itself
# rather than from the label (wording/choices.choice_text: kind and args)
BY_CHOICE = {
    "{row} row",  # a law's line: kind "row"
    "{power.name} ({power.cost} Power cards)",  # kind "power": the card's text
    "scenario: {ability_label(rule)} ({rule.cost} Power cards)",  # kind "ability"
    "{CELL_NAMES[cell]} ({what})",  # a cell: its row word and what it holds
    "{self.cell_label(area, first)} <-> {self.cell_label(area, second)}",
}
SAME = {"no"}  # the same word in Spanish


def _sample(node: ast.expr) -> str | None:
    """One text an engine string or f-string makes, or None for a name (an
    id the label is: printed_names says it)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if not isinstance(node, ast.JoinedStr):
        return None
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value))
            continue
        assert isinstance(value, ast.FormattedValue)
        expression = ast.unparse(value.value)
        if expression.startswith("ability_label("):
            parts.append("gain 1 Power card")
            continue
        assert expression in SAMPLES, f"no sample for '{{{expression}}}' (add one to SAMPLES)"
        parts.append(SAMPLES[expression])
    return "".join(parts)


def _texts() -> tuple[set[str], set[str], set[str]]:
    """The engine's prompts, labels and label templates (source form)."""
    prompts: set[str] = set()
    labels: set[str] = set()
    by_choice: set[str] = set()
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.endswith("_label"):
                returned = [n.value for n in ast.walk(node) if isinstance(n, ast.Return)]
                found = [_sample(v) for v in returned if v is not None]
                for value, text in zip(returned, found, strict=True):
                    source = ast.unparse(value)[2:-1] if isinstance(value, ast.JoinedStr) else ""
                    (by_choice if source in BY_CHOICE else labels).add(text or "")
                continue
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "prompt" for t in node.targets
            ):
                prompts.add(_sample(node.value) or "")
                continue
            if not isinstance(node, ast.Call) or len(node.args) < 3:
                continue
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
            text = _sample(node.args[2]) if name in ASKING or name == "Choice" else None
            if text is None:
                continue
            if name in ASKING:
                prompts.add(text)
            elif name == "Choice":
                source = ast.unparse(node.args[2])[2:-1]
                (by_choice if source in BY_CHOICE else labels).add(text)
    prompts.discard("")
    labels.discard("")
    return prompts, labels, by_choice


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry()[0]


def test_the_walk_finds_the_engine_s_words() -> None:
    prompts, labels, by_choice = _texts()
    assert "Name a mythology or a card type" in prompts
    assert "Your action" in prompts and "You drew thor: play it or discard it?" in prompts
    assert "take ship from discard pile 1" in labels and "no" in labels
    assert "front row" in by_choice and len(prompts) >= 20


def test_every_engine_prompt_and_label_is_worded_in_spanish(registry: Registry) -> None:
    prompts, labels, _by_choice = _texts()
    reader = Reader(registry)
    faults = []
    for text, prompt in [(p, True) for p in sorted(prompts)] + [(t, False) for t in sorted(labels)]:
        spanish = (prompt_text if prompt else label_text)(registry, text, "es")
        if not worded(text, prompt):
            faults.append(f"no words for {'prompt' if prompt else 'label'} {text!r}")
        elif (spanish == text and text not in SAME) or reader.faults(spanish, "es", text):
            found = reader.faults(spanish, "es", text)
            faults.append(f"{text!r} in Spanish reads {spanish!r} {found}")
    assert not faults, "\n".join(faults)


class _Table:
    """What choice_text reads of a game: its registry, piles and scenario."""

    def __init__(self, registry: Registry, scenario: m.Scenario | None) -> None:
        self.registry = registry
        self.scenario = scenario
        self.state = self

    discards: tuple[tuple[str, ...], ...] = ()


def test_a_seek_s_words_and_a_scenario_ability_are_spanish(registry: Registry) -> None:
    """R22 (4): the seek names a mythology or a type, as the Spanish card text
    says them; a scenario's paid ability is its effect in Spanish."""
    table = _Table(registry, None)
    assert choice_text(table, Choice("mythology", ("greek",), "greek"), "es") == "griega"
    assert choice_text(table, Choice("type", ("god",), "god"), "es") == "dios"
    assert choice_text(table, Choice("mythology", ("greek",), "greek"), "en") == "greek"
    scenario, index = next(
        (s, i)
        for s in registry.definitions("scenario")
        for i, rule in enumerate(s.rules)
        if isinstance(rule, m.Ability)
    )
    label = "scenario: whatever it does (1 Power cards)"
    spanish = choice_text(_Table(registry, scenario), Choice("ability", (index,), label), "es")
    assert spanish.startswith("escenario: ") and "cartas de Poder" in spanish
    assert not Reader(registry).faults(spanish, "es", "ability")


def test_a_used_scenario_ability_is_told_in_card_text_by_names(registry: Registry) -> None:
    """#28: the log records an ability by its card-file text, with ids
    ("swap portable-sarcophagus with toth"); the history tells it in the
    reader's card text, cards by their names."""
    from dioses_rules.engine.power import ability_label
    from dioses_rules.wording import moves
    from dioses_rules.wording.names import named

    scenario = registry.resolve("scenario", "afterlife-travel-agency")
    ability = next(rule for rule in scenario.rules if isinstance(rule, m.Ability))
    record = {"event": "ability-used", "area": 0, "ability": ability_label(ability)}
    assert "portable-sarcophagus" in record["ability"]
    said = {}
    for lang in ("en", "es"):
        namers = moves.Namers(lang, names=lambda f, i, lang=lang: named(registry, f, i, lang))
        said[lang] = moves.event_phrase(record, namers)
    assert "Portable Sarcophagus" in said["en"] and "portable-sarcophagus" not in said["en"]
    assert "Sarcófago Portátil" in said["es"] and "swap" not in said["es"]
    assert Reader(registry).faults(said["es"], "es", "history") == []
    assert Reader(registry).faults(said["en"], "en", "history") == []
