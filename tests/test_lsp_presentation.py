"""``dioses lsp``'s presentation over JSON-RPC against the real server:
semantic tokens with a legend (declared words, ids, keywords, constants),
folding per definition and comment block, inlay hints with a Myth card's
best and worst points, hover on keywords, tags, scenario state and numbers,
and diagnostics linked to their code's row in docs/card-language.md with
DL201's first definition as related information."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as t
from test_lsp import MOD, TIMEOUT, WINDS, Session, _find

from dioses_rules.editing.diagnostics import DOC
from dioses_rules.editing.hover import keyword_text
from dioses_rules.editing.keywords import keywords
from dioses_rules.editing.phrases import PHRASES
from dioses_rules.pool.load import load_registry
from dioses_rules.resources import cards_dir
from dioses_rules.scoring.extremes import PoolLimits
from dioses_rules.verify.points import PointRanges

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def session(tmp_path):
    (tmp_path / "winds.dioses").write_text(WINDS, encoding="utf-8")
    capabilities = t.ClientCapabilities(
        workspace=t.WorkspaceClientCapabilities(
            inlay_hint=t.InlayHintWorkspaceClientCapabilities(refresh_support=True)
        )
    )
    running = Session(tmp_path, capabilities)
    running.refreshes = 0

    @running.client.feature(t.WORKSPACE_INLAY_HINT_REFRESH)
    def refreshed(ls, params) -> None:
        running.refreshes += 1

    yield running
    running.stop()


def _decoded(data: list[int], legend: t.SemanticTokensLegend, text: str) -> list[tuple]:
    """(line, start, text, type, modifiers) of each token."""
    lines, found, line, start = text.split("\n"), [], 0, 0
    for index in range(0, len(data), 5):
        delta, offset, length, kind, modifiers = data[index : index + 5]
        line, start = line + delta, (start + offset if delta == 0 else offset)
        mods = [name for bit, name in enumerate(legend.token_modifiers) if modifiers >> bit & 1]
        found.append(
            (line, start, lines[line][start : start + length], legend.token_types[kind], mods)
        )
    return found


def _hover(session: Session, uri: str, text: str, phrase: str, occurrence: int = 0) -> str:
    """The hover of the first word of ``phrase``'s n-th occurrence."""
    line, character = _find(text, phrase, occurrence)
    start = character - len(phrase) // 2
    found = session.request(
        t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, line, start + 1))
    )
    return found.contents.value if found else ""


def test_semantic_tokens_colour_declared_words_ids_keywords_and_constants(session, tmp_path):
    text = MOD.replace("1 point per norse god in row", "1 point per norse god in back row")
    text = text.replace("next to boreas", "next to throne")  # a tag of the base set
    uri = session.open(tmp_path / "mod.dioses", text)
    session.wait(uri)
    legend = session.server.server_capabilities.semantic_tokens_provider.legend
    result = session.request(
        t.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        t.SemanticTokensParams(t.TextDocumentIdentifier(uri)),
    )
    found = {
        (word, kind, tuple(mods)) for _, _, word, kind, mods in _decoded(result.data, legend, text)
    }
    assert ("zephyr", "class", ("declaration",)) in found  # the id defined
    assert ("mymod", "namespace", ("declaration",)) in found  # the set's
    assert ("hera", "class", ()) in found and ("throne", "decorator", ()) in found
    assert ("greek", "enum", ()) in found and ("norse", "enum", ()) in found
    assert ("god", "type", ()) in found and ("back", "enumMember", ()) in found
    assert ("next", "keyword", ()) in found and ("if", "keyword", ()) in found
    assert ("base", "namespace", ()) in found and ("winds", "namespace", ()) in found
    assert ('"Zephyr"', "string", ()) in found and ("2", "number", ()) in found
    assert ("# R10 and R16: citations the hover lists.", "comment", ()) in found
    # the newest text, before its check has run (the check waits for the keys to pause)
    typed = text.replace("in back row", "in front row")
    session.change(uri, typed)
    result = session.request(
        t.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        t.SemanticTokensParams(t.TextDocumentIdentifier(uri)),
    )
    words = {(word, kind) for _, _, word, kind, _ in _decoded(result.data, legend, typed)}
    assert ("front", "enumMember") in words and ("back", "enumMember") not in words


def test_a_mods_own_words_and_tags_are_coloured_as_such(session, tmp_path):
    text = (ROOT / "examples" / "mods" / "celtic" / "celtic.dioses").read_text(encoding="utf-8")
    uri = session.open(tmp_path / "celtic.dioses", text)
    session.wait(uri)
    legend = session.server.server_capabilities.semantic_tokens_provider.legend
    data = session.request(
        t.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        t.SemanticTokensParams(t.TextDocumentIdentifier(uri)),
    ).data
    found = {(word, kind, tuple(mods)) for _, _, word, kind, mods in _decoded(data, legend, text)}
    declared = re.search(r"mythology (\w+)", text).group(1)
    kind = re.search(r"\btype ([\w-]+)", text).group(1)
    assert (declared, "enum", ("declaration",)) in found and (declared, "enum", ()) in found
    assert (kind, "type", ("declaration",)) in found and (kind, "type", ()) in found


def test_folding_per_definition_and_comment_block(session, tmp_path):
    text = "# one\n# two\n" + MOD
    uri = session.open(tmp_path / "mod.dioses", text)
    session.wait(uri)
    found = session.request(
        t.TEXT_DOCUMENT_FOLDING_RANGE, t.FoldingRangeParams(t.TextDocumentIdentifier(uri))
    )
    lines = text.split("\n")
    regions = [(r.start_line, r.end_line) for r in found if r.kind == t.FoldingRangeKind.Region]
    comments = [(r.start_line, r.end_line) for r in found if r.kind == t.FoldingRangeKind.Comment]
    assert comments == [(0, 1)]
    assert [(lines[a].split()[0], lines[b]) for a, b in regions] == [("set", "}"), ("god", "}")]


def test_hover_on_keywords_numbers_tags_and_scenario_state(session, tmp_path):
    text = (cards_dir() / "aun-mas-divinos.dioses").read_text(encoding="utf-8")
    uri = session.open(tmp_path / "copy.dioses", text)
    session.wait(uri)
    said = _hover(session, uri, text, "next to")
    assert said.startswith("keyword `next`") and "orthogonally adjacent" in said and "R4" in said
    said = _hover(session, uri, text, "the fairest close")
    assert said.startswith("keyword `the`")  # 'the' itself: a keyword of the docs' phrases
    found = _hover(session, uri, text, "fairest close")
    assert found.startswith("scenario state `fairest`")
    assert "`discard top of goddesses as fairest`" in found
    assert _hover(session, uri, text, "throne of same").startswith(
        "tag `throne`, carried by 3 card(s): `olympus-throne`"
    )
    number = _hover(session, uri, text, "2 random")
    assert number.startswith("the random cards of 'separate': 0 to 200")
    line, character = _find(text, "set power-cards on")
    start = character - len("set power-cards on") // 2 + len("set power-cards o")
    value = session.request(
        t.TEXT_DOCUMENT_HOVER, t.HoverParams(**session.at(uri, line, start))
    ).contents.value
    assert value.startswith("value `on` of setting `power-cards`")


def test_hover_on_the_docs_celtic_example_shows_the_mythology_not_the_set(session, tmp_path):
    doc = (ROOT / "docs" / "card-language.md").read_text(encoding="utf-8")
    example = doc[doc.index('set celtic "Tír') :]
    example = example[: example.index("```")]
    uri = session.open(tmp_path / "celtic.dioses", example)
    session.wait(uri)
    assert _hover(session, uri, example, "celtic and").startswith("mythology `celtic`")
    assert _hover(session, uri, example, "celtic").startswith("set `celtic`")


def test_diagnostics_link_their_code_and_dl201_points_at_the_first_definition(session, tmp_path):
    card = '\ngod zephyr "Zephyr again" greek reconstructed {\n  2 points\n}\n'
    text = MOD + card
    uri = session.open(tmp_path / "mod.dioses", text)
    [found] = session.wait(uri, lambda found: bool(found))
    assert found.code == "DL201"
    line = len(MOD.split("\n"))
    assert found.range == t.Range(t.Position(line, 4), t.Position(line, 10))  # 'zephyr'
    [first] = found.related_information
    assert first.location.uri == uri
    assert first.location.range.start == t.Position(5, 4) and "first defined" in first.message
    href = found.code_description.href
    assert href == DOC.as_uri() + "#dl201"
    assert '<a id="dl201"></a>DL201' in DOC.read_text(encoding="utf-8")
    # across sets: the card of the set that defines it already (base's hera)
    session.change(uri, MOD + card.replace("zephyr", "hera"))
    [found] = session.wait(uri, lambda found: bool(found) and "already defines" in found[0].message)
    [first] = found.related_information
    assert (
        first.location.uri.endswith("/base.dioses") and "set 'base' defines 'hera'" in first.message
    )


def test_every_code_of_the_table_has_its_anchor():
    doc = (ROOT / "docs" / "card-language.md").read_text(encoding="utf-8")
    table = doc[doc.index("## Diagnostic codes") :]
    rows = re.findall(r"^\| (.*?) \|", table, re.M)
    codes = [row for row in rows if re.search(r"(DL|E)\d+", row)]
    assert len(codes) > 60
    assert all(re.fullmatch(r'<a id="((?:dl|e)\d+)"></a>(DL|E)\d+', row) for row in codes)


def test_inlay_hints_give_best_and_worst_points_without_making_the_editor_wait(session, tmp_path):
    uri = session.open(tmp_path / "mod.dioses", MOD)
    session.wait(uri)
    whole = t.Range(t.Position(0, 0), t.Position(len(MOD.split("\n")), 0))
    params = t.InlayHintParams(t.TextDocumentIdentifier(uri), whole)
    started = time.perf_counter()
    assert list(session.request(t.TEXT_DOCUMENT_INLAY_HINT, params)) == []  # computing
    assert time.perf_counter() - started < 1.0
    deadline = time.perf_counter() + TIMEOUT
    while session.refreshes == 0 and time.perf_counter() < deadline:
        time.sleep(0.05)
    [hint] = session.request(t.TEXT_DOCUMENT_INLAY_HINT, params)
    line, _ = _find(MOD, "god zephyr")
    assert hint.position == t.Position(line, len(MOD.split("\n")[line]))
    best, worst = re.fullmatch(r"best (-?\d+)\??, worst (-?\d+)\??", hint.label).groups()
    # 2 if next to hera or boreas, 1 a norse god in its row: at most 2 + 3
    assert int(worst) == 0 and 2 <= int(best) <= 5
    assert "proven" in hint.tooltip or "seeded search" in hint.tooltip


def doc_phrases(text: str) -> list[tuple[str, str, str, str]]:
    """(section, phrase, meaning, ruling) of the page's tables whose rows
    start with a quoted phrase, of the Definitions table (the header as the
    phrase) and of its bullets that start with one ('- `requires ID, ID`: ...'),
    cut after their first sentence; code blocks skipped."""
    rows, section, fenced, bullet = [], "", False, None
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if re.match(r"#{1,6} ", line):
            section = line.lstrip("#").strip()
        elif line.startswith("| `"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows.append((section, cells[0], cells[1], cells[2] if len(cells) > 2 else ""))
        elif section == "Definitions" and line.startswith("| ") and "`" in line:
            kind, header, body = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows.append((section, header, f"{kind}; its body: {body}", ""))
        elif line.startswith("- `"):
            bullet = line[2:]
            for more in lines[index + 1 :]:
                if not more.startswith("  "):
                    break
                bullet += " " + more.strip()
            found = re.match(r"((?:`[^`]+`(?: and )?)+): (.+)", bullet)
            if found:
                meaning = re.split(r"(?<=\.)\s", found.group(2), maxsplit=1)[0]
                rows.append((section, found.group(1), meaning.rstrip("."), ""))
    return rows


def test_the_phrases_hover_quotes_are_the_docs_own_rows():
    rows = doc_phrases((ROOT / "docs" / "card-language.md").read_text(encoding="utf-8"))
    assert tuple(rows) == PHRASES, (
        "regenerate SECTIONS of dioses_rules/editing/phrases.py with doc_phrases"
    )
    assert {"requires", "tags", "law", "pattern", "next", "victory"} <= {
        word for _, phrase, _, _ in rows for word in re.findall(r"`([\w-]+)", phrase)
    }


def test_every_keyword_of_the_grammar_has_a_hover():
    assert [word for word in sorted(keywords()) if not keyword_text(word)] == []
    assert keyword_text("that") == "keyword `that`, in the grammar's `count`"


def test_without_the_solver_the_points_are_the_searchs_and_say_so():
    registry, _ = load_registry()
    card = next(c for c in registry.myth_cards() if c.id == "hera")
    ranges = PointRanges()
    ranges.solver = False
    points = ranges._compute(PoolLimits.of(registry), registry, card)
    # R4: 2 points if next to an Egyptian; the search reaches the bound of its lines
    assert points.label() == "best 2, worst 0"
    assert points.how() == "proven: the search reached the bound of its lines"
