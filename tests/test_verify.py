"""``dioses test``: a modder's files verified (issue #24).

The whole run is tested once, on a copy of the Celtic example set with
three mistakes, with a small budget; that the Celtic set itself and the
bundled cards pass is checked by CI (``.ci/run``, step 3), where a run may
take its time."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.extremes import PoolLimits, line_bounds, search_extreme
from dioses_rules.verify.results import Outcome, Status, VerifyRun

ROOT = Path(__file__).resolve().parent.parent
CELTIC = ROOT / "examples" / "mods" / "celtic"
BROKEN = ROOT / "tests" / "fixtures" / "modder-test" / "broken-celtic"


def test_the_broken_copy_fails_with_exactly_its_three_mistakes_each_located(tmp_path, monkeypatch):
    from dioses_rules.verify import properties

    monkeypatch.setattr(properties, "MAX_BOARDS", 40)  # the suite's time: a few boards
    # the budget is a wall-clock cap, not a target: ample, so that a loaded
    # machine skips no check (the run ends when its work is done, ~10 s CPU)
    junit = tmp_path / "results.xml"
    result = CliRunner().invoke(
        dioses,
        [
            "test",
            str(BROKEN),
            "--budget",
            "120",
            "--seed",
            "5",
            "--format",
            "json",
            "--junit",
            str(junit),
        ],
    )
    assert result.exit_code == 1, result.output
    run = json.loads(result.stdout)
    failed = sorted(
        (c["place"].replace(str(ROOT) + "/", ""), c["name"], c["message"])
        for c in run["checks"]
        if c["status"] == "failed"
    )
    card_file = "tests/fixtures/modder-test/broken-celtic/celtic.dioses"
    assert failed == [
        (
            "tests/fixtures/modder-test/broken-celtic/board-2.toml",
            "expect",
            "$.expect.total: expected -2 points, scored -3",
        ),
        (
            f"{card_file}:111",
            "scenario tory-island",
            "cannot be won: no final area meets its victory",
        ),
        (
            f"{card_file}:90",
            "card fomorian",
            "can never score: at best 0 points in any final area (proven)",
        ),
    ]
    assert run["seed"] == 5 and run["method"] == "CP-SAT"
    # every other card of the copy prints its best and worst points
    cards = {c["name"]: c for c in run["checks"] if c["kind"] == "card"}
    assert cards["card harp"]["best"] == 2 and cards["card harp"]["worst"] == -2
    suite = ElementTree.parse(junit).getroot()
    assert suite.tag == "testsuite" and suite.get("failures") == "3"
    assert len(suite.findall("testcase/failure")) == 3


def test_the_summary_reads_as_pytest_and_the_junit_names_each_check():
    run = VerifyRun(7, 5.0, "search")
    run.outcomes += [
        Outcome("card", "card hera", "cards/base.dioses:40", Status.PASSED, "points 0 to 2"),
        Outcome(
            "board",
            "expect",
            "b.toml",
            Status.FAILED,
            "$.expect.total: expected 3",
            "b.toml: E205 $.expect.total: expected 3 points, scored 2",
        ),
        Outcome(
            "scenario",
            "scenario x",
            "s.dioses:3",
            Status.SKIPPED,
            "needs the solver",
            warnings=("one warning",),
        ),
    ]
    run.seconds = 1.5
    assert run.summary() == "1 passed, 1 failed, 1 skipped, 1 warning in 1.50s"
    suite = ElementTree.fromstring(run.junit_xml().split("\n", 1)[1])
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == ["card hera", "expect", "scenario x"]
    assert cases[1].find("failure").text.startswith("b.toml: E205")
    assert cases[2].find("skipped") is not None
    assert not run.ok


def test_a_file_there_that_is_not_a_junit_report_is_never_overwritten(tmp_path):
    mine = tmp_path / "notes.xml"
    mine.write_text("my notes", encoding="utf-8")
    result = CliRunner().invoke(dioses, ["test", str(CELTIC), "--junit", str(mine)])
    assert result.exit_code == 2
    assert "not a JUnit report" in result.output
    assert mine.read_text(encoding="utf-8") == "my notes"


def test_the_bound_of_a_definitions_lines_and_the_search_that_reaches_it():
    registry, _ = load_registry([CELTIC])
    limits = PoolLimits.of(registry)
    harp = registry.get("myth", "harp")  # 2 points if next to dagda; -2 if in back row
    assert line_bounds(harp.lines, limits) == (-2, 2)
    lugh = registry.get("myth", "lugh")  # 1 point per god in neighbours up to 3 (a cap)
    assert line_bounds(lugh.lines, limits) == (0, 3)
    best = search_extreme(limits, harp, True, seed=1, seconds=1.0)
    assert best.exact and best.points == 2  # the Dagda next to it, found by the search
    cell = next(c for c in best.area.occupied() if best.area.cells[c].card is harp)
    assert isinstance(harp.lines[0], m.Fixed)
    from dioses_rules.scoring.score import card_points

    assert card_points(best.area, best.facts)[cell] == 2
