"""Shell completion of option values (issue #14): the loaded pool's set,
scenario and rule option ids, and agent names, through click's own
completion protocol (what `eval "$(_DIOSES_COMPLETE=bash_source dioses)"`
installs)."""

from __future__ import annotations

import pytest
from click.shell_completion import ShellComplete

from dioses_cli.main import dioses
from dioses_rules.engine.agents import AGENTS
from dioses_rules.pool.load import load_registry


def complete(*words: str) -> list[str]:
    *args, incomplete = words
    found = ShellComplete(dioses, {}, "dioses", "_DIOSES_COMPLETE").get_completions(
        list(args), incomplete
    )
    return [item.value for item in found]


@pytest.fixture(scope="module")
def registry():
    return load_registry()[0]


def test_scenarios_complete_to_every_loaded_scenario(registry):
    ids = {s.id for s in registry.definitions("scenario")}
    assert set(complete("play", "--scenario", "")) == ids
    assert complete("simulate", "--scenario", "power") == ["power-of-ra"]
    assert set(complete("solve", "--scenario", "")) == ids | {"all"}  # solve takes 'all'


def test_sets_and_rules_complete_from_the_pool(registry):
    assert complete("balance", "--set", "") == sorted(registry.sets)
    rules = complete("play", "--rule", "initial")
    assert rules and all(r.startswith("initial") for r in rules)
    assert set(rules) <= {o.id for o in registry.definitions("rule-option")}


def test_a_modders_cards_given_first_are_completed_too(tmp_path):
    mod = tmp_path / "mod.dioses"
    mod.write_text('set tiny "Tiny" {\n  requires base\n}\n', encoding="utf-8")
    assert "tiny" in complete("balance", "--cards", str(mod), "--set", "")
    assert "tiny" not in complete("balance", "--set", "")


def test_a_card_file_that_does_not_load_completes_nothing_and_prints_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.dioses"
    bad.write_text("set {", encoding="utf-8")
    assert complete("balance", "--cards", str(bad), "--set", "") == []
    assert capsys.readouterr().out == ""


def test_agents_complete_the_last_name_of_the_list():
    assert complete("simulate", "--agents", "greedy,r") == ["greedy,random"]
    assert set(complete("simulate", "--agents", "")) == set(AGENTS)
    assert "human" in complete("play", "--agents", "h")  # only play seats a human
    assert "human" not in complete("simulate", "--agents", "h")
