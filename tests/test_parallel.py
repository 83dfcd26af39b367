"""Simulation on many processes and on a Dask cluster (issue #12): the report
is the same for one process, two, and a LocalCluster, each game being
seeded by its number alone."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules import parallel
from dioses_rules.parallel import pieces, run_pieces

ARGS = ["simulate", "--games", "10", "--seed", "4", "--players", "3", "--format", "json"]


def _square(shared: int, piece: range) -> list[int]:
    return [shared * n * n for n in piece]


def test_pieces_cover_the_work_once_in_order():
    for count in (1, 7, 64, 100):
        for parts in (1, 3, 8, 200):
            cut = pieces(count, parts)
            assert [n for piece in cut for n in piece] == list(range(count))
            assert len(cut) <= parts and all(len(piece) for piece in cut)


def test_results_come_back_in_the_order_of_the_pieces():
    work = pieces(40, 9)
    seen = []
    results = run_pieces(_square, 3, work, workers=2, done=lambda piece, _: seen.append(piece))
    assert [n for result in results for n in result] == [3 * n * n for n in range(40)]
    assert sorted(seen, key=lambda piece: piece.start) == work


def test_simulate_reports_the_same_on_one_and_two_workers():
    runner = CliRunner()
    one = runner.invoke(dioses, ARGS)
    two = runner.invoke(dioses, [*ARGS, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout


def test_simulate_on_a_local_dask_cluster_reports_the_same():
    distributed = pytest.importorskip("distributed")  # CI installs the [distributed] extra
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_cluster = CliRunner().invoke(dioses, [*ARGS, "--scheduler", cluster.scheduler_address])
    alone = CliRunner().invoke(dioses, ARGS)
    assert on_cluster.exit_code == 0, on_cluster.output
    assert on_cluster.stdout == alone.stdout


def test_an_unreachable_scheduler_is_one_clear_error(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", "1s")
    result = CliRunner().invoke(
        dioses, ["simulate", "--games", "1", "--scheduler", "tcp://127.0.0.1:9"]
    )
    assert result.exit_code == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output


@pytest.mark.parametrize("value", ["0", "-2", "many", "257", "²", "9" * 5000])
def test_a_bad_worker_count_is_a_usage_error(value):
    result = CliRunner().invoke(dioses, ["simulate", "--games", "1", "--workers", value])
    assert result.exit_code == 2 and "number of workers from 1 to 256" in result.output


def test_balance_reports_the_same_on_one_worker_two_and_a_local_cluster():
    """The deal is made in one process from the one seed and the tallies are
    counts: the report does not depend on who scored which piece."""
    args = ["balance", "--boards", "140000", "--seed", "3", "--format", "json"]
    runner = CliRunner()
    one = runner.invoke(dioses, args)
    two = runner.invoke(dioses, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_cluster = runner.invoke(dioses, [*args, "--scheduler", cluster.scheduler_address])
    assert on_cluster.exit_code == 0, on_cluster.output
    assert on_cluster.stdout == one.stdout


def test_balance_reference_evaluator_runs_here_only():
    result = CliRunner().invoke(dioses, ["balance", "--evaluator", "reference", "--workers", "2"])
    assert result.exit_code == 2 and "runs in this process" in result.output
