"""The console scripts through click's CliRunner: stdout, stderr and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.lint import lint
from dioses_cli.main import dioses

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "boards" / "base-hera-hela-ship.toml"

EMPTY_ROWS = 'central = [".", ".", ".", "."]\nback = [".", ".", ".", "."]\n'


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def no_traceback(result) -> None:
    assert "Traceback" not in result.output
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------- dioses score


def test_score_text_shows_grid_and_total(runner):
    result = runner.invoke(dioses, ["score", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "4 points" in result.stdout
    for word in ("front", "central", "back", "hela", "hera", "ship"):
        assert word in result.stdout
    assert "\x1b[" not in result.stdout  # no colour when not a terminal


def test_score_json_is_one_object_with_the_issue_keys(runner):
    result = runner.invoke(dioses, ["score", str(EXAMPLE), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["total"] == 4
    assert {"cards", "laws", "patterns", "objectives", "scenario"} <= set(data)
    assert data["scenario"] is None
    hera = next(card for card in data["cards"] if card["id"] == "hera")
    assert (hera["row"], hera["column"], hera["points"]) == ("central", 2, 2)


def test_score_explain_names_the_matched_cells(runner):
    result = runner.invoke(dioses, ["score", str(EXAMPLE), "--explain"])
    assert result.exit_code == 0, result.output
    assert "2p: it is next to an Egyptian card: 2p (holds; matched: central 3)" in result.stdout
    assert "2p: it is in the front row: 0p (does not hold" in result.stdout  # a sentence (#28)
    # the points are the compiled evaluator's, the cells the reference's: it says so (#26),
    # to designers (--rulings); a player is not told about evaluators (#28)
    assert "evaluator" not in result.stdout
    designers = runner.invoke(dioses, ["score", str(EXAMPLE), "--explain", "--rulings"])
    assert "(the matched cells are the reference evaluator's)" in designers.stdout


def test_score_explain_a_line_that_holds_of_the_card_itself_names_no_cells(runner):
    """'2p: it is in the front row: 2p (holds)', not '(holds; no cell matched)',
    which reads as if it did not hold (#28)."""
    board = EXAMPLE.with_name("base-hera-hela-ship-front-row.toml")
    for lang, holds in (("en", "(holds)"), ("es", "(se cumple)")):
        result = runner.invoke(dioses, ["score", str(board), "--explain", "--lang", lang])
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        hela = next(i for i, line in enumerate(lines) if line.startswith("Hela ("))
        assert lines[hela + 1].endswith(": 2p " + holds), lines[hela + 1]


def test_score_explain_json_lists_lines(runner):
    result = runner.invoke(dioses, ["score", str(EXAMPLE), "--explain", "--format", "json"])
    data = json.loads(result.stdout)
    ship = next(card for card in data["cards"] if card["id"] == "ship")
    assert ship["lines"][0]["points"] == 2
    assert {(c["row"], c["column"]) for c in ship["lines"][0]["matched"]} == {
        ("central", 1),
        ("central", 2),
    }


def test_score_face_down_cards_are_revealed_first_r12(runner, tmp_path):
    board = write(
        tmp_path,
        "b.toml",
        '[area]\nfront = [".", ".", ".", "."]\n'
        'central = ["?hela", "?hera", "?ship", "."]\nback = [".", ".", ".", "."]\n',
    )
    result = runner.invoke(dioses, ["score", str(board), "--format", "json"])
    assert json.loads(result.stdout)["total"] == 4


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            '[area]\nfront = ["hela", "herra", ".", "."]\n' + EMPTY_ROWS,
            ["$.area.front[1]", "unknown card 'herra'", "did you mean 'hera'"],
        ),
        (
            '[area]\nfront = ["hela", "hera", ".", ".", "zeus"]\n' + EMPTY_ROWS,
            ["$.area.front", "a row holds 4 cards, this one has 5"],
        ),
        (
            '[area]\nfront = [".", ".", ".", "."]\n'
            + EMPTY_ROWS
            + '[[laws]]\ncard = "only-gods"\nrow = "central"\n'
            '[[laws]]\ncard = "no-greeks"\nrow = "central"\n',
            ["$.laws[1]", "two laws on the central row", "at most one law per row and per column"],
        ),
        (
            '[area]\nfront = [".", ".", ".", "."]\n'
            + EMPTY_ROWS
            + '[scenario]\nid = "ragnarock"\n',
            ["$.scenario.id", "unknown scenario 'ragnarock'", "did you mean 'ragnarok'"],
        ),
        ("[area\nfront = 1\n", ["not valid TOML", "line 1"]),
        (
            '[area]\nfront = [".", ".", ".", "."]\n' + EMPTY_ROWS + 'colour = "red"\n',
            ["$.area.colour: unknown key 'colour' (the keys here: front, central, back)"],
        ),
        (
            '[area]\nfront = ["hera", ".", ".", "."]\ncentral = ["hera", ".", ".", "."]\n'
            'back = [".", ".", ".", "."]\n',
            ["$.area.central[0]", "'hera' is already at $.area.front[0]"],
        ),
    ],
    ids=[
        "unknown-card",
        "row-of-five",
        "two-laws-one-row",
        "unknown-scenario",
        "bad-toml",
        "extra-key",
        "card-twice",
    ],
)
def test_score_bad_board_is_one_clear_error_exit_1(runner, tmp_path, text, expected):
    board = write(tmp_path, "bad.toml", text)
    original = board.read_bytes()
    result = runner.invoke(dioses, ["score", str(board)])
    assert result.exit_code == 1
    no_traceback(result)
    assert str(board) in result.stderr
    for fragment in expected:
        assert fragment in result.stderr
    assert result.stdout == ""
    assert board.read_bytes() == original  # nothing the user wrote is touched


def test_score_missing_board_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(dioses, ["score", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2
    no_traceback(result)


def test_score_unknown_format_is_a_usage_error(runner):
    result = runner.invoke(dioses, ["score", str(EXAMPLE), "--format", "yaml"])
    assert result.exit_code == 2


def test_score_scenario_reports_victory_challenge_threshold(runner, tmp_path):
    # Scenario 2: Hades on top of Persephone (R2), Demeter not next to her (R4),
    # Hades close to the Underworld (R5), Underworld and Jardines Cucos in
    # opposite corners (R7).
    board = write(
        tmp_path,
        "s2.toml",
        '[area]\nfront = ["underworld", "hades", ".", "."]\n'
        'central = [".", "persephone", ".", "demeter"]\n'
        'back = [".", ".", ".", "jardines-cucos"]\n'
        '[scenario]\nid = "abduction-of-persephone"\n',
    )
    result = runner.invoke(dioses, ["score", str(board), "--format", "json"])
    assert result.exit_code == 0, result.output
    scenario = json.loads(result.stdout)["scenario"]
    assert scenario["id"] == "abduction-of-persephone"
    assert scenario["victory"] is True
    assert scenario["threshold"] == 27
    assert scenario["beaten"] is False  # far fewer than 28 points
    text = runner.invoke(dioses, ["score", str(board)]).stdout
    assert "victory: met" in text and "not beaten" in text


def test_score_with_a_modders_set_on_top(runner, tmp_path):
    mod = write(
        tmp_path,
        "mod.dioses",
        'set my-gods "My gods" {\n  requires base\n}\n'
        'god modder-god "Modder God" norse reconstructed {\n  3 points if next to hera\n}\n',
    )
    board = write(
        tmp_path, "b.toml", '[area]\nfront = ["Modder God", "hera", ".", "."]\n' + EMPTY_ROWS
    )
    result = runner.invoke(dioses, ["score", str(board), "--cards", str(mod), "--format", "json"])
    assert result.exit_code == 0, result.output
    mine = next(c for c in json.loads(result.stdout)["cards"] if c["id"] == "modder-god")
    assert mine["points"] == 3


def test_score_with_a_broken_modders_set_names_file_line_column(runner, tmp_path):
    mod = write(
        tmp_path,
        "mod.dioses",
        'set my-gods "My gods" {\n  requires base\n}\n'
        'god modder-god "Modder God" nordic reconstructed {\n  3 points if next to hera\n}\n',
    )
    result = runner.invoke(dioses, ["score", str(EXAMPLE), "--cards", str(mod)])
    assert result.exit_code == 1
    no_traceback(result)
    assert f"{mod}:4:29: DL102 unknown mythology 'nordic'" in result.stderr
    assert "did you mean 'norse'" in result.stderr


def test_score_board_with_an_unknown_set_names_the_key(runner, tmp_path):
    board = write(
        tmp_path,
        "b.toml",
        'sets = ["base", "aun-mas"]\n[area]\nfront = [".", ".", ".", "."]\n' + EMPTY_ROWS,
    )
    result = runner.invoke(dioses, ["score", str(board)])
    assert result.exit_code == 1
    assert f"{board}: E201 $.sets[1]: unknown set 'aun-mas'" in result.stderr
    assert "did you mean 'aun-mas-divinos'" in result.stderr


def test_score_board_sets_restrict_the_pool(runner, tmp_path):
    board = write(
        tmp_path,
        "b.toml",
        'sets = ["base"]\n[area]\nfront = ["hercules", ".", ".", "."]\n' + EMPTY_ROWS,
    )
    result = runner.invoke(dioses, ["score", str(board)])
    assert result.exit_code == 1
    # an expansion card: the message names its set (issue #23)
    assert (
        "'hercules' is a card of the set 'aun-mas-divinos', which is not in play" in result.stderr
    )


# ---------------------------------------------------------------- dioses cards

CARD_KEYS = {
    "id",
    "set",
    "kind",
    "name",
    "aliases",
    "type",
    "mythology",
    "provenance",
    "event_provenance",
    "difficulty",
    "replaces",
    "replaced_by",
    "source",
    "text",
}
KINDS = {
    "myth",
    "event",
    "law",
    "pattern",
    "objective-goal",
    "objective-element",
    "power",
    "rule-option",
    "scenario",
}


def test_cards_json_lists_every_definition(runner):
    result = runner.invoke(dioses, ["cards", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert all(set(item) >= CARD_KEYS for item in data)
    assert {item["kind"] for item in data} == KINDS
    scenarios = {item["id"] for item in data if item["kind"] == "scenario"}
    assert scenarios == {
        "game-of-thrones",
        "abduction-of-persephone",
        "ragnarok",
        "runaway-bride",
        "power-of-ra",
        "the-fairest",
        "afterlife-travel-agency",
    }
    hercules = next(item for item in data if item["id"] == "hercules")
    assert (hercules["kind"], hercules["set"], hercules["provenance"]) == (
        "event",
        "aun-mas-divinos",
        "printed",
    )
    patterns = [item for item in data if item["kind"] == "pattern"]
    assert all(item["difficulty"] in ("easy", "medium", "hard") for item in patterns)
    assert all(item["difficulty"] is None for item in data if item["kind"] != "pattern")
    assert all(isinstance(item["text"], str) and item["text"] for item in data)
    hera = next(item for item in data if item["id"] == "hera")
    assert hera["text"] == "2p: it is next to an Egyptian card."


def test_cards_set_filter(runner):
    result = runner.invoke(dioses, ["cards", "--set", "base", "--format", "json"])
    data = json.loads(result.stdout)
    assert data and {item["set"] for item in data} == {"base"}


def test_cards_unknown_set_is_a_usage_error(runner):
    result = runner.invoke(dioses, ["cards", "--set", "bsae"])
    assert result.exit_code == 2
    assert "did you mean 'base'" in result.output


def test_cards_lists_replaced_base_cards(runner, tmp_path):
    mod = write(
        tmp_path,
        "mod.dioses",
        'set redesign "Redesign" {\n  requires base\n  replaces hera\n}\n'
        'god hera "Hera" greek reconstructed {\n  3 points if next to egyptian\n}\n',
    )
    result = runner.invoke(dioses, ["cards", "--cards", str(mod), "--format", "json"])
    assert result.exit_code == 0, result.output
    heras = [item for item in json.loads(result.stdout) if item["id"] == "hera"]
    by_set = {item["set"]: item for item in heras}
    assert by_set["base"]["replaced_by"] == "hera"
    assert by_set["redesign"]["replaces"] == "hera"
    assert by_set["redesign"]["replaced_by"] is None
    # ... and scoring uses the redesigned card only when its set is loaded.
    board = write(tmp_path, "b.toml", '[area]\nfront = ["hera", "ship", ".", "."]\n' + EMPTY_ROWS)
    with_mod = runner.invoke(dioses, ["score", str(board), "--cards", str(mod), "--format", "json"])
    without = runner.invoke(dioses, ["score", str(board), "--format", "json"])
    points = lambda out: next(c["points"] for c in json.loads(out)["cards"] if c["id"] == "hera")
    assert (points(with_mod.stdout), points(without.stdout)) == (3, 2)


EVENT_MOD = (
    'set omens "Omens" {\n  requires base\n}\n'
    'god seer "Seer" greek printed {\n  event draw a law reconstructed\n  1 point\n}\n'
    'god oracle "Oracle" greek named {\n  event draw a law\n  1 point\n}\n'
    'god mute "Mute" greek reconstructed {\n  1 point\n}\n'
)


def test_cards_show_an_event_provenance_that_differs_from_the_cards(runner, tmp_path):
    """R27: a printed card with a reconstructed event shows both, in the
    table, the text and JSON; an event of the card's provenance needs no note."""
    mod = write(tmp_path, "omens.dioses", EVENT_MOD)
    data = json.loads(
        runner.invoke(
            dioses, ["cards", "--cards", str(mod), "--set", "omens", "--format", "json"]
        ).stdout
    )
    assert {item["id"]: (item["provenance"], item["event_provenance"]) for item in data} == {
        "seer": ("printed", "reconstructed"),
        "oracle": ("named", "named"),
        "mute": ("reconstructed", None),
    }
    seer = next(item for item in data if item["id"] == "seer")
    assert "event draw a law reconstructed" in seer["source"]
    text = runner.invoke(dioses, ["cards", "--cards", str(mod), "--set", "omens", "--text"])
    assert "seer - Seer (omens, event, greek god, printed, event reconstructed)" in text.stdout
    assert "oracle - Oracle (omens, event, greek god, named)" in text.stdout
    table = runner.invoke(dioses, ["cards", "--cards", str(mod), "--set", "omens"])
    assert "printed, event reconstructed" in " ".join(table.stdout.split())


def test_cards_text_renders_each_card(runner):
    result = runner.invoke(dioses, ["cards", "--text", "--set", "aun-mas-divinos"])
    assert result.exit_code == 0, result.output
    assert "only-gods - All cards are gods (aun-mas-divinos, law, printed)" in result.stdout
    assert "  Law - 3p: only gods in this row/column." in result.stdout
    assert "Pattern (easy, 2p):" in result.stdout


def test_cards_text_table(runner):
    result = runner.invoke(dioses, ["cards"])
    assert result.exit_code == 0
    assert "geb-and-nut" in result.stdout and "printed" in result.stdout


# ---------------------------------------------------------------- dioses-lint


def test_lint_bundled_cards_clean(runner):
    result = runner.invoke(lint, [])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.stdout


def test_lint_reports_every_problem_with_place_and_help(runner, tmp_path):
    bad = write(
        tmp_path,
        "bad.dioses",
        'set mine "Mine" {\n  requires base\n}\n'
        'god x "X" nordic printed {\n  2 points if next to greek\n}\n'
        'god y "Y" greek printed {\n  0 points if next to zeuss\n}\n',
    )
    result = runner.invoke(lint, [str(bad)])
    assert result.exit_code == 1
    no_traceback(result)
    lines = result.stdout.splitlines()
    assert f"{bad}:4:11: DL102 unknown mythology 'nordic'" in lines
    assert f"{bad}:8:3: DL601 a scoring line worth 0 points" in lines
    assert f"{bad}:8:23: DL109 unknown card id or tag 'zeuss'" in lines
    assert any(line.startswith("  help: did you mean 'zeus'? Or: a new type") for line in lines)
    assert "3 errors, 0 warnings" in result.stdout


def test_lint_json_is_one_list(runner, tmp_path):
    bad = write(tmp_path, "bad.dioses", 'set mine "Mine" {\n}\ngod x "X" greek printed {\n')
    result = runner.invoke(lint, [str(bad), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert isinstance(data, list) and data
    assert {"path", "line", "column", "code", "severity", "message", "help"} <= set(data[0])
    assert data[0]["code"] == "DL002"


def test_lint_warnings_alone_exit_0(runner, tmp_path):
    mod = write(
        tmp_path, "mod.dioses", 'set redesign "Redesign" {\n  requires base\n  replaces hera\n}\n'
    )
    result = runner.invoke(lint, [str(mod)])
    assert result.exit_code == 0, result.output
    assert "DL206 warning" in result.stdout


def test_lint_missing_path_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(lint, [str(tmp_path / "nothing.dioses")])
    assert result.exit_code == 2


def test_lint_full_shows_source_line_and_caret(runner, tmp_path):
    bad = write(
        tmp_path,
        "bad.dioses",
        'set mine "Mine" {\n}\ngod x "X" greek printed {\n  2 points if nxt to greek\n}\n',
    )
    result = runner.invoke(lint, [str(bad), "--full"])
    assert result.exit_code == 1
    assert "   |   2 points if nxt to greek" in result.stdout
    assert "help: did you mean 'next'" in result.stdout


# ---------------------------------------------------------------- dioses balance


def test_balance_json_reports_every_card_and_is_reproducible(runner):
    args = ["balance", "--boards", "60", "--seed", "7", "--format", "json"]
    first = runner.invoke(dioses, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["boards"] == 60 and data["seed"] == 7
    ids = [card["id"] for card in data["cards"]]
    assert "hera" in ids and len(ids) == len(set(ids))
    means = [card["mean"] for card in data["cards"]]
    assert means == sorted(means, reverse=True)
    assert all(0 <= card["score_rate"] <= 1 for card in data["cards"])
    assert runner.invoke(dioses, args).stdout == first.stdout  # same seed, same report
    other = runner.invoke(dioses, ["balance", "--boards", "60", "--seed", "8", "--format", "json"])
    assert other.stdout != first.stdout


def test_balance_flags_a_card_that_never_scores(runner, tmp_path):
    mod = write(
        tmp_path,
        "mod.dioses",
        'set odd "Odd" {\n  requires base\n}\n'
        'object never "Never" greek reconstructed {\n  9 points if at least 13 cards in area\n}\n',
    )
    result = runner.invoke(
        dioses, ["balance", "--boards", "40", "--cards", str(mod), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    never = next(c for c in json.loads(result.stdout)["cards"] if c["id"] == "never")
    assert never["score_rate"] == 0 and "never scores" in never["flags"]


def test_balance_text_and_bad_set(runner):
    result = runner.invoke(dioses, ["balance", "--boards", "20"])
    assert result.exit_code == 0 and "random areas" in result.stdout
    assert runner.invoke(dioses, ["balance", "--set", "nope"]).exit_code == 2


def test_lint_sarif_for_code_scanning(runner, tmp_path):
    bad = write(
        tmp_path,
        "bad.dioses",
        'set mine "Mine" {\n  requires base\n}\n'
        'god x "X" greek printed {\n  2 points if next to zeuss\n}\n',
    )
    result = runner.invoke(lint, [str(bad), "--format", "sarif"])
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    assert run["tool"]["driver"]["name"] == "dioses-lint"
    (finding,) = [r for r in run["results"] if r["ruleId"] == "DL109"]
    assert finding["level"] == "error"
    region = finding["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (5, 23)
    assert "did you mean 'zeus'" in finding["message"]["text"]
    assert {"id": "DL109"} in run["tool"]["driver"]["rules"]


def test_the_help_kept_for_each_lazy_command_is_its_own(runner):
    """dioses --help lists the commands without importing them (issue #12);
    the one-line help kept for that must be each command's own."""
    import click

    from dioses_cli.main import COMMANDS

    ctx = click.Context(dioses)
    for name, (_, _, kept) in COMMANDS.items():
        assert dioses.get_command(ctx, name).get_short_help_str(limit=200) == kept
    listed = runner.invoke(dioses, ["--help"]).stdout
    assert all(f"  {name}  " in listed or f"  {name}\n" in listed for name in COMMANDS)


def test_cards_table_shows_each_cards_tags(runner):
    """A tag is what 'next to throne' names (issue #14: the table showed none)."""
    from dioses_rules.pool.load import load_registry

    tagged = min(
        (c for c in load_registry()[0].myth_cards() if c.tags), key=lambda c: len(c.id)
    )  # a short id is never wrapped
    result = runner.invoke(dioses, ["cards"])
    row = next(line for line in result.stdout.splitlines() if f" {tagged.id} " in line)
    assert f"tags: {', '.join(tagged.tags)}" in row
