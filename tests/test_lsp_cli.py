"""``dioses lsp`` as a command: a clear exit 1 naming the extra when pygls
is missing, and the real process speaking JSON-RPC over its stdin and
stdout (initialize, a diagnostic for a bad file, shutdown, exit 0)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lsp_frames import replies as lsp_replies

from dioses_cli.main import dioses

ROOT = Path(__file__).resolve().parent.parent


def test_without_the_editors_extra_lsp_exits_1_naming_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygls", None)  # import pygls raises ImportError
    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)
    for module in ("lsp_server", "lsp_session", "lsp_protocol", "lsp_questions"):
        monkeypatch.delitem(sys.modules, f"dioses_cli.{module}", raising=False)
    result = CliRunner().invoke(dioses, ["lsp"])
    assert result.exit_code == 1, result.output
    assert "E500 dioses lsp needs the [editors] extra" in result.output
    assert "pip install 'dioses-rules[editors]'" in result.output
    assert "Traceback" not in result.output


def _message(payload: dict) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


def test_the_server_process_speaks_json_rpc_over_stdio(tmp_path):
    pytest.importorskip("pygls")
    uri = (tmp_path / "bad.dioses").as_uri()
    text = (
        'set bad "Bad" {\n  requires base\n}\n\ngod odd "Odd" norse reconstructed {\n'
        "  2 points if next to zeuss\n}\n"
    )
    requests = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}},
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {
                "textDocument": {"uri": uri, "languageId": "dioses", "version": 1, "text": text}
            },
        },
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "textDocument/semanticTokens/full",
            "params": {"textDocument": {"uri": uri}},
        },
        {
            "jsonrpc": "2.0",
            "id": 4,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 12}},
        },
        {
            "jsonrpc": "2.0",
            "id": 5,
            "method": "textDocument/foldingRange",
            "params": {"textDocument": {"uri": uri}},
        },
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None},
        {"jsonrpc": "2.0", "method": "exit", "params": None},
    ]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "cli")]))
    done = subprocess.run(
        [sys.executable, "-c", "from dioses_cli.main import dioses; dioses()", "lsp", "--stdio"],
        input=b"".join(_message(r) for r in requests),
        capture_output=True,
        env=env,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr.decode()
    replies = lsp_replies(done.stdout)
    init = next(r for r in replies if r.get("id") == 1)["result"]
    assert init["serverInfo"]["name"] == "dioses"
    assert init["capabilities"]["hoverProvider"] and init["capabilities"]["completionProvider"]
    [published] = [
        r["params"] for r in replies if r.get("method") == "textDocument/publishDiagnostics"
    ]
    assert published["uri"] == uri
    assert [(d["code"], d["range"]["start"]) for d in published["diagnostics"]] == [
        ("DL109", {"line": 5, "character": 22})
    ]
    assert next(r for r in replies if r.get("id") == 2)["result"] is None
    capabilities = init["capabilities"]
    legend = capabilities["semanticTokensProvider"]["legend"]
    assert capabilities["semanticTokensProvider"]["full"] is True
    assert {"keyword", "type", "enum", "class"} <= set(legend["tokenTypes"])
    assert capabilities["foldingRangeProvider"] and capabilities["inlayHintProvider"]
    data = next(r for r in replies if r.get("id") == 3)["result"]["data"]
    first = [legend["tokenTypes"][data[3]], data[:3]]  # 'set' at 0:0, three long
    assert first == ["keyword", [0, 0, 3]] and len(data) % 5 == 0
    hover = next(r for r in replies if r.get("id") == 4)["result"]["contents"]["value"]
    assert hover.startswith("keyword `if`")  # '2 points if next to zeuss'
    folds = next(r for r in replies if r.get("id") == 5)["result"]
    assert [(f["startLine"], f["endLine"]) for f in folds] == [(0, 2), (4, 6)]
