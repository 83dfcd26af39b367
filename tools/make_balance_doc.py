"""Recompute the figures of docs/balance.md from the commands shown there.

    python tools/make_balance_doc.py            # about 1.5 minutes on one core
    python tools/make_balance_doc.py --optimal  # also the best layouts: 5-10 minutes more

The pattern table and the report at the end of the document are rewritten in
place; every other figure the prose quotes (summary, the base game alone,
laws, objectives) is printed here to be checked against the text, which is
written by hand. The areas are those `dioses balance --boards 20000 --seed 1`
deals: the same pool in the same order and the same random generator
(dioses_rules.scoring.balance.deal_areas). The pattern shares and the laws
use all 20,000 of them; the objective means the first 3,000.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from statistics import mean

from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.scoring.area import COLUMN_CELLS, ROW_CELLS
from dioses_rules.scoring.balance import balance, deal_areas, needs_face_up_end
from dioses_rules.scoring.evaluator import Evaluator, Facts
from dioses_rules.scoring.patterns import pattern_matches

DOC = Path(__file__).resolve().parent.parent / "docs" / "balance.md"
BOARDS, SEED, OBJECTIVE_AREAS = 20000, 1, 3000
BOTH = ["balance", "--boards", str(BOARDS), "--seed", str(SEED)]
BASE = ["balance", "--set", "base", "--boards", str(BOARDS), "--seed", str(SEED)]
OPTIMAL = BOTH + ["--optimal", "--hands", "100"]
PER_CARD_LAWS = ("divine-court", "sacred-lands", "gods-of-the-north")


def run(args: list[str]) -> str:
    result = CliRunner().invoke(dioses, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output.rstrip("\n")


def summarise(label: str, pool, command_json: dict):
    """The command's report, recomputed by the library to read exact means."""
    report = balance(pool, boards=BOARDS, seed=SEED)
    assert report.to_json() == command_json, label
    cards = report.cards
    low, high = report.printed_range
    print(
        f"\n== {label}: {len(cards)} cards, mean total {report.mean_total:.2f} "
        f"(spread {report.spread_total:.2f}); printed {low:.2f}-{high:.2f}"
    )
    print(
        "printed:",
        ", ".join(
            f"{s.card.id} {s.mean:.2f}" for s in cards if s.card.provenance is m.Provenance.PRINTED
        ),
    )
    for provenance in (m.Provenance.RECONSTRUCTED, m.Provenance.NAMED):
        everyone = [s for s in cards if s.card.provenance is provenance]
        group = [s for s in everyone if not needs_face_up_end(s.card) or s.score_rate > 0]
        means = [s.mean for s in group]
        print(
            f"{provenance.value}: {len(everyone)}, {len(group)} leaving out those that score "
            f"only for an area ended face up; means {min(means):.2f}-{max(means):.2f}, "
            f"average {mean(means):.2f}; flagged: {[s.card.id for s in group if s.flags]}"
        )
    print("flags:", {s.card.id: s.flags for s in cards if s.flags})
    print(
        "below the printed range:",
        ", ".join(f"{s.card.id} {s.mean:.3f}" for s in cards if 0 < s.mean < low),
    )
    print("top 12:", ", ".join(f"{s.card.id} {s.mean:.3f}" for s in cards[:12]))
    return report


def pattern_table(registry, areas) -> str:
    columns = {}
    for pattern in registry.definitions("pattern"):
        rate = sum(1 for a in areas if pattern_matches(a, pattern) is not None) / len(areas)
        columns.setdefault(pattern.difficulty.value, []).append((-round(rate, 3), pattern.id))
    levels = ("easy", "medium", "hard")
    points = {
        p.difficulty.value: registry.pattern_points(p) for p in registry.definitions("pattern")
    }
    header = " | ".join(f"{level} ({points[level]}p) | rate" for level in levels)
    lines = [f"| {header} |", "|---" * 2 * len(levels) + "|"]
    ordered = [sorted(columns[level]) for level in levels]
    for row in zip(*ordered, strict=True):
        lines.append("| " + " | ".join(f"{pid} | {-rate:.3f}" for rate, pid in row) + " |")
    return "\n".join(lines)


def laws(registry, areas) -> None:
    rows = [tuple(ROW_CELLS[r]) for r in ROW_CELLS]
    columns = [tuple(COLUMN_CELLS[c]) for c in COLUMN_CELLS]
    met, points = {}, {}
    for law in registry.definitions("law"):
        for kind, lines in (("row", rows), ("column", columns)):
            got = [
                Evaluator(a, Facts(law_line=line)).lines_points(law.lines, None)
                for a in areas
                for line in lines
            ]
            met[law.id, kind] = sum(1 for p in got if p > 0) / len(got)
            points[law.id, kind] = sum(got) / len(got)
    print("\n== laws on every row of 4 and column of 3 (share met, mean points)")
    for law in registry.definitions("law"):
        print(
            f"{law.id:22} row {met[law.id, 'row']:.1%} {points[law.id, 'row']:.2f}   "
            f"column {met[law.id, 'column']:.1%} {points[law.id, 'column']:.2f}"
        )
    ids = [law.id for law in registry.definitions("law")]
    groups = {
        "only X": [i for i in ids if i.startswith("only-")],
        "no X": [i for i in ids if i.startswith("no-") and i != "no-gods"],
        "counts and comparisons": [
            i
            for i in ids
            if not i.startswith(("only-", "no-")) and i not in PER_CARD_LAWS + ("one-pantheon",)
        ],
    }
    for name, group in groups.items():
        shares = {(i, kind): met[i, kind] for i in group for kind in ("row", "column")}
        low, high = min(shares, key=shares.get), max(shares, key=shares.get)
        print(
            f"{name}: {shares[low]:.2%} ({' '.join(low)}) - {shares[high]:.2%} "
            f"({' '.join(high)}) of lines"
        )
    for law_id in ("one-pantheon", "no-gods"):
        print(f"{law_id}: row {met[law_id, 'row']:.2%}, column {met[law_id, 'column']:.2%}")
    per = [points[i, "row"] for i in PER_CARD_LAWS]
    print(f"per-card laws on a row: {min(per):.2f}-{max(per):.2f} points")


def objectives(registry, areas) -> None:
    print(f"\n== objectives, mean points per area on the first {len(areas)} areas")
    elements = registry.definitions("objective-element")
    for goal in registry.definitions("objective-goal"):
        means = [
            sum(
                Evaluator(a, Facts(element=e.selector)).lines_points(goal.lines, None)
                for a in areas
            )
            / len(areas)
            for e in elements
        ]
        print(
            f"{goal.id}: {min(means):.1f}-{max(means):.1f} "
            f"({', '.join(f'{e.id} {v:.2f}' for e, v in zip(elements, means, strict=True))})"
        )


def optimal() -> None:
    """The figures of the section on best layouts (``--optimal``)."""
    data = json.loads(run(OPTIMAL + ["--format", "json"]))
    best = data["optimal"]
    print(
        f"\n== dioses {' '.join(OPTIMAL)}\n{best['hands']} hands, {best['proven']} proven; "
        f"mean best total {best['mean_total']:.2f} (spread {best['spread_total']:.2f}) "
        f"against {data['mean_total']:.2f} for random layouts"
    )
    cards = data["cards"]
    printed = [c for c in cards if c["provenance"] == "printed"]
    print(
        "printed (random -> best, hands):",
        ", ".join(
            f"{c['id']} {c['mean']:.2f} -> {c['optimal_mean']:.2f} ({c['optimal_dealt']})"
            for c in printed
        ),
    )
    high = max(c["optimal_mean"] for c in printed if c["optimal_dealt"])
    above = sorted(
        (c for c in cards if c["optimal_dealt"] and c["optimal_mean"] > high),
        key=lambda c: (-c["optimal_mean"], c["id"]),
    )
    print(
        f"above the best printed card's best-layout mean ({high:.2f}):",
        ", ".join(
            f"{c['id']} ({c['provenance']}) {c['optimal_mean']:.2f} in {c['optimal_dealt']}"
            for c in above
        ),
    )


def main() -> None:
    if "--optimal" in sys.argv[1:]:
        optimal()
    both_text = run(BOTH)
    registry = load_registry()[0]
    pool = registry.myth_cards()
    summarise("dioses " + " ".join(BOTH), pool, json.loads(run(BOTH + ["--format", "json"])))
    summarise(
        "dioses " + " ".join(BASE),
        load_registry(active=["base"])[0].myth_cards(),
        json.loads(run(BASE + ["--format", "json"])),
    )

    areas = list(deal_areas(pool, BOARDS, random.Random(SEED)))
    table = pattern_table(registry, areas)
    print("\n== patterns\n" + table)
    laws(registry, areas)
    objectives(registry, areas[:OBJECTIVE_AREAS])

    doc = DOC.read_text(encoding="utf-8")
    doc = re.sub(
        r"^\| easy \(.*?(?=\n\n)", lambda _: table, doc, count=1, flags=re.MULTILINE | re.DOTALL
    )
    doc = re.sub(
        r"(## The report\n\n```text\n).*?(\n```)",
        lambda found: found.group(1) + both_text + found.group(2),
        doc,
        count=1,
        flags=re.DOTALL,
    )
    DOC.write_text(doc, encoding="utf-8")


if __name__ == "__main__":
    main()
