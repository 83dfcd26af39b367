"""docs/editors.md: its configuration snippets parse and start ``dioses lsp``
as the command defines it, its files exist, and its highlighting example
lexes as its table says."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from pygments.token import Error, Keyword, Name

from dioses_cli.main import COMMANDS
from dioses_rules.editing.highlight import DiosesLexer

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", DOC, re.S | re.M)


def test_the_json_snippets_parse_and_declare_the_language():
    package, configuration = [json.loads(block) for block in blocks("json")]
    [language] = package["contributes"]["languages"]
    assert language["id"] == "dioses" and language["extensions"] == [".dioses"]
    assert configuration["comments"]["lineComment"] == "#"
    assert re.fullmatch(configuration["wordPattern"], "geb-and-nut")  # one word, as in Neovim
    assert "vscode-languageclient" in package["dependencies"]


def test_every_editor_starts_dioses_lsp():
    assert "lsp" in COMMANDS
    [helix] = [tomllib.loads(block) for block in blocks("toml")]
    assert helix["language-server"]["dioses"] == {"command": "dioses", "args": ["lsp"]}
    assert helix["language"][0]["language-servers"] == ["dioses"]
    assert 'command: "dioses", args: ["lsp"]' in blocks("js")[0]
    assert 'cmd = { "dioses", "lsp" }' in blocks("lua")[0]
    for path in re.findall(r"`((?:tests|cli|dioses_rules|grammar)/[\w/.]+)`", DOC):
        assert (ROOT / path).exists(), path


def test_the_highlighted_example_lexes_as_the_table_says():
    [example] = re.findall(r"```dioses\n(.*?)```", DOC, re.S)
    found = {value: token for token, value in DiosesLexer().get_tokens(example)}
    assert Error not in found.values()
    assert found["hera"] is Name.Function and found["greek"] is Name.Builtin
    assert found["god"] is Keyword.Type and found["next"] is Keyword
