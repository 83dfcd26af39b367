"""The reproducers of issue #23 ("Hostile input, round two"), each answered
as the README promises: a user's error (exit 1) naming the file and a line,
column or key, a 4xx from the web app, a refusal of a file that is not a
regular file, a bounded cost; never a traceback, "a bug" or exit 3.

The files are under ``tests/fixtures/hostile/round-two/`` (``cases.toml``
says what each must get); the cases that are not a file (a FIFO, a symlink
to /dev/zero, a full disk, a 1 MB name, 100k scoring lines, request bodies,
an LSP session) are made here. Memory-hungry cases run in a child process
under an address-space limit, so that a regression fails the test instead
of swapping the machine.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from lsp_frames import replies as lsp_replies

from dioses_cli.lint import lint
from dioses_cli.main import dioses

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
HERE = HOSTILE / "round-two"
CASES = tomllib.loads((HERE / "cases.toml").read_text(encoding="utf-8"))["case"]
EXAMPLE = ROOT / "examples" / "boards" / "base-hera-hela-ship.toml"
LOCATED = re.compile(r":\d+:\d+: |line \d+|\$\.[A-Za-z_]")
A_BUG = ("Traceback", "internal error", "this is a bug", "please report it")
MEMORY_CAP = 2 * 2**30  # the address space a child may take before it fails


def child_env(**more) -> dict:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")]), **more}


@pytest.fixture(autouse=True)
def crash_dir(tmp_path, monkeypatch) -> Path:
    """Crash files (of a case not fixed yet) go to the test's folder, also
    those of the child processes, which inherit the variable."""
    folder = tmp_path / "crashes"
    monkeypatch.setenv("DIOSES_CRASH_DIR", str(folder))
    return folder


@pytest.fixture
def here(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def run(args, input=None):
    return CliRunner().invoke(dioses, [str(a) for a in args], input=input)


def invoke(command: str, path: Path):
    if command == "score":
        return run(["score", path])
    if command == "resume":
        return run(["play", "--resume", path, "--best-time", "0"], input="")
    if command == "replay":
        return run(["replay", path])
    if command == "lint":
        return CliRunner().invoke(lint, [str(path)])
    if command == "cards":
        return run(["cards", "--cards", path])
    assert command == "score-cards", command
    return run(["score", "--cards", path, EXAMPLE])


def no_bug(result) -> None:
    said = result.output + result.stderr
    for words in A_BUG:
        assert words not in said, said[-2000:]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['command']}:{c['file']}" for c in CASES])
def test_every_reproducer_of_issue_23_gets_the_promised_answer(case, here):
    source = HERE / case["file"]
    target = here / source.name
    shutil.copy(source, target)
    before = target.read_bytes()
    result = invoke(case["command"], target)
    no_bug(result)
    expected = case.get("exit", 1)
    assert result.exit_code == expected, (
        result.exit_code,
        result.output[-1500:],
        result.stderr[-1500:],
    )
    # dioses-lint reports its findings on stdout, as ruff does; every other
    # command reports a user's error on stderr
    said = result.stdout + result.stderr if case["command"] == "lint" else result.stderr
    if expected == 1:
        assert target.name in said, said[-1500:]
        if case.get("located", True):
            assert LOCATED.search(said), said[-1500:]
    for fragment in case.get("expect", []):
        assert fragment in said, said[-1500:]
    for fragment in case.get("forbid", []):
        assert fragment not in result.output + result.stderr
    assert target.read_bytes() == before
    if case["command"] == "resume":
        assert sorted(p.name for p in here.iterdir()) == [target.name]  # nothing written


def test_the_corpus_is_what_make_round_two_writes_and_every_file_has_a_case():
    files = sorted(
        str(p.relative_to(HERE))
        for p in HERE.rglob("*")
        if p.is_file()
        and p.suffix in (".toml", ".json", ".jsonl", ".dioses")
        and p.name != "cases.toml"
        and p.parent.name != "found"
    )
    assert files == sorted({c["file"] for c in CASES})


def test_a_board_with_a_byte_order_mark_scores_as_without_it():
    plain = run(["score", "--format", "json", HOSTILE / "boards" / "valid.toml"])
    marked = run(["score", "--format", "json", HERE / "boards" / "byte-order-mark.toml"])
    assert marked.exit_code == 0, marked.stderr
    assert json.loads(marked.stdout)["total"] == json.loads(plain.stdout)["total"]


# ---------------------------------------------------------------- FIFOs


def _run_fifo_guarded(args, fifo: Path, seconds: float = 15.0):
    """Run the command in a thread; if it still reads the FIFO after
    ``seconds``, open the FIFO's other end (the reader sees its end) and fail."""
    found = {}
    worker = threading.Thread(target=lambda: found.update(result=run(args, input="")))
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(30)
        pytest.fail(f"{' '.join(map(str, args))} blocked on a FIFO for {seconds} s")
    return found["result"]


@pytest.mark.parametrize(
    "command, name", [("score", "board.toml"), ("replay", "game.jsonl"), ("resume", "game.json")]
)
def test_a_fifo_given_as_a_file_is_refused_not_read_forever(here, command, name):
    fifo = here / name
    os.mkfifo(fifo)
    args = {
        "score": ["score", fifo],
        "replay": ["replay", fifo],
        "resume": ["play", "--resume", fifo, "--best-time", "0"],
    }[command]
    result = _run_fifo_guarded(args, fifo)
    no_bug(result)
    assert result.exit_code in (1, 2), result.output + result.stderr
    assert name in result.stderr


def _limit_memory() -> None:  # preexec_fn of a child: fail instead of swapping
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


CACHE_PROBE = r"""
import os, sys, time
from dioses_rules import cache
folder = cache.cache_dir()
os.symlink("/dev/zero", folder / "zero.entry")
os.mkfifo(folder / "fifo.entry")
started = time.perf_counter()
assert cache.read("zero") is None
assert cache.read("fifo") is None
print(round(time.perf_counter() - started, 2))
"""


def test_a_cache_entry_that_is_dev_zero_or_a_fifo_is_no_entry(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    done = subprocess.run(
        [sys.executable, "-c", CACHE_PROBE],
        capture_output=True,
        text=True,
        env=child_env(DIOSES_CACHE_DIR=str(folder)),
        timeout=30,
        preexec_fn=_limit_memory,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert float(done.stdout) < 1.0


# ---------------------------------------------------------------- a full disk (C11)


def _dioses(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60):
    return subprocess.run(
        [sys.executable, "-c", "from dioses_cli.main import dioses; dioses()", *map(str, args)],
        stdout=stdout,
        stderr=stderr,
        env=child_env(),
        timeout=timeout,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_on_stdout_is_cannot_write_not_a_bug(tmp_path):
    with open("/dev/full", "w") as full:
        done = _dioses("cards", stdout=full)
    said = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1, said
    assert "cannot write" in said
    assert not any(words in said for words in A_BUG), said


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_users_error_that_cannot_be_written_is_still_exit_1(tmp_path):
    with open("/dev/full", "w") as full:
        done = _dioses("score", HOSTILE / "boards" / "column-nine.toml", stderr=full)
    assert done.returncode == 1


# ---------------------------------------------------------------- bounded costs

# Run a command and report its peak resident memory: os.wait4 gives the
# child's own (RUSAGE_CHILDREN would be the largest of every child so far).
PEAK = r"""
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = child.stderr.read()
_, status, usage = os.wait4(child.pid, 0)
sys.stderr.buffer.write(err)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""
LINT = [sys.executable, "-c", "from dioses_cli.lint import main; main()"]


def _peak(path: Path, timeout: float) -> tuple[int, int, str]:
    """dioses-lint on ``path``: (exit code, peak memory in MB, stderr)."""
    wrapper = subprocess.Popen(
        [sys.executable, "-c", PEAK, *LINT, str(path)],
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(),
        preexec_fn=_limit_memory,
        start_new_session=True,
    )
    try:
        out, err = wrapper.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(wrapper.pid, signal.SIGKILL)  # the wrapper and dioses-lint under it
        wrapper.communicate()
        raise
    code, kilobytes = map(int, out.split())
    return code, kilobytes // 1024, err


def test_a_1_mb_quoted_name_costs_a_bounded_amount_of_memory(tmp_path):
    """The lexer's string pattern took about 380 bytes a character (a 10 MB
    name: 3.1 GB). A 1 MB name may cost tens of MB, not hundreds."""
    path = tmp_path / "long-name.dioses"
    path.write_text(
        'set long "Long" {\n  requires base\n}\n\ngod long "'
        + "a" * 2**20
        + '" greek {\n  1 point\n}\n',
        encoding="utf-8",
    )
    code, megabytes, said = _peak(path, timeout=60)
    assert code in (0, 1), said[-2000:]
    assert not any(words in said for words in A_BUG), said[-2000:]
    assert megabytes < 200, f"{megabytes} MB for a 1 MB name"


def test_a_definition_of_100k_scoring_lines_costs_a_bounded_amount(tmp_path):
    """100k scoring lines took 600 MB (about 200x the input) and minutes: a
    definition that long is refused or linted within bounds."""
    lines = "".join("  1 point if next to greek\n" for _ in range(100_000))
    path = tmp_path / "long-definition.dioses"
    path.write_text(
        'set long "Long" {\n  requires base\n}\n\ngod long "Long" greek {\n' + lines + "}\n",
        encoding="utf-8",
    )
    try:
        code, megabytes, said = _peak(path, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("dioses-lint took more than 20 s on one definition of 100k lines")
    assert code in (0, 1), said[-2000:]
    assert not any(words in said for words in A_BUG), said[-2000:]
    assert megabytes < 300, f"{megabytes} MB for a 2.7 MB definition"


# ---------------------------------------------------------------- the web app (C1, C2, C5)

DEEP_JSON = '{"area": {"front": ' + "[" * 5000 + "]" * 5000 + "}}"
HUGE_JSON = (
    '{"area": {"front": ["hera", ".", ".", "."]}, "laws": [{"card": "few-gods", '
    '"column": ' + "9" * 5000 + "}]}"
)
SURROGATE_JSON = '{"area": {"front": ["\\udc80", ".", ".", "."]}}'


@pytest.fixture(scope="module")
def web():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from dioses_rules.pool.load import load_registry
    from dioses_rules.web.app import create_app
    from dioses_rules.web.catalog import Catalog

    registry, sources = load_registry()
    return TestClient(
        create_app(Catalog(registry, sources)),
        base_url="http://127.0.0.1:8000",
        raise_server_exceptions=False,
    )


@pytest.mark.parametrize("url", ["/api/score", "/api/export", "/api/best"])
@pytest.mark.parametrize(
    "body",
    [DEEP_JSON, HUGE_JSON, SURROGATE_JSON],
    ids=["nested-5000", "integer-5000-digits", "lone-surrogate"],
)
def test_the_web_api_answers_hostile_json_with_a_4xx(web, url, body):
    if url == "/api/best":
        pytest.importorskip("ortools")
    answer = web.post(
        url, content=body.encode("ascii"), headers={"content-type": "application/json"}
    )
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:500])


@pytest.mark.parametrize(
    "name", ["nested-5000.toml", "integer-5000-digits.toml", "lone-surrogate-escape.toml"]
)
def test_the_web_import_answers_a_hostile_board_with_a_4xx(web, name):
    answer = web.post(
        "/api/import", content=(HERE / "boards" / name).read_bytes(), headers={"x-board-name": name}
    )
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:500])


# ---------------------------------------------------------------- the language server


def _lsp_message(payload: dict) -> bytes:
    body = json.dumps(payload).encode("utf-8")  # ensure_ascii: a lone surrogate as \udc80
    return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


def test_the_language_server_survives_a_lone_surrogate_a_fifo_and_dev_zero(tmp_path):
    """C5: a lone surrogate in a buffer broke every later request (-32603);
    a FIFO or a /dev/zero link named *.dioses in the workspace hung or
    flooded the server. Every request must get its answer, none -32603."""
    pytest.importorskip("pygls")
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    os.mkfifo(workspace / "fifo.dioses")
    os.symlink("/dev/zero", workspace / "zero.dioses")
    good = 'set good "Good" {\n  requires base\n}\n\ngod odd "Odd" norse {\n  1 point\n}\n'
    (workspace / "good.dioses").write_text(good, encoding="utf-8")
    bad_uri, good_uri = (workspace / "bad.dioses").as_uri(), (workspace / "good.dioses").as_uri()
    at = {"line": 4, "character": 5}

    def hover(number, uri):
        return {
            "jsonrpc": "2.0",
            "id": number,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri}, "position": at},
        }

    requests = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"processId": None, "rootUri": workspace.as_uri(), "capabilities": {}},
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {
                "textDocument": {
                    "uri": bad_uri,
                    "languageId": "dioses",
                    "version": 1,
                    "text": good.replace("Odd", "O\udc80dd"),
                }
            },
        },
        hover(2, bad_uri),
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "textDocument/formatting",
            "params": {
                "textDocument": {"uri": bad_uri},
                "options": {"tabSize": 2, "insertSpaces": True},
            },
        },
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {
                "textDocument": {
                    "uri": good_uri,
                    "languageId": "dioses",
                    "version": 1,
                    "text": good,
                }
            },
        },
        hover(4, good_uri),
        {"jsonrpc": "2.0", "id": 5, "method": "shutdown", "params": None},
        {"jsonrpc": "2.0", "method": "exit", "params": None},
    ]
    server = subprocess.Popen(
        [sys.executable, "-c", "from dioses_cli.main import dioses; dioses()", "lsp", "--stdio"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(),
        cwd=tmp_path,
        preexec_fn=_limit_memory,
    )
    try:
        out, err = server.communicate(b"".join(_lsp_message(r) for r in requests), timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.communicate()
        pytest.fail("the language server hung (a FIFO or /dev/zero in its workspace?)")
    replies = lsp_replies(out)
    answered = {r["id"]: r for r in replies if "id" in r and "method" not in r}
    assert sorted(answered) == [1, 2, 3, 4, 5], (sorted(answered), err.decode()[-2000:])
    errors = [r["error"] for r in answered.values() if "error" in r]
    assert not [e for e in errors if e.get("code") == -32603], errors
    assert answered[4].get("result"), answered[4]  # the good buffer's hover still works


def test_the_language_server_answers_what_the_fuzzer_found(tmp_path):
    """Found by tools/fuzz.py lsp (seed 11, case 4; seed 4, cases 1 and 3):
    formatting a file named with %00 (never opened) answered -32603 "embedded
    null byte"; a request whose params are not its method's got no answer
    at all (JSON-RPC wants an error answer, -32602)."""
    pytest.importorskip("pygls")
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    nul = f"{workspace.as_uri()}/%00.dioses"
    requests = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"processId": None, "rootUri": workspace.as_uri(), "capabilities": {}},
        },
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "textDocument/formatting",
            "params": {
                "textDocument": {"uri": nul},
                "options": {"tabSize": 2, "insertSpaces": True},
            },
        },
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": "\t\t"},
        {"jsonrpc": "2.0", "id": 4, "method": "textDocument/completion", "params": 12},
        {"jsonrpc": "2.0", "id": 5, "method": "shutdown", "params": None},
        {"jsonrpc": "2.0", "method": "exit", "params": None},
    ]
    server = subprocess.run(
        [sys.executable, "-c", "from dioses_cli.main import dioses; dioses()", "lsp", "--stdio"],
        input=b"".join(_lsp_message(r) for r in requests),
        capture_output=True,
        env=child_env(),
        cwd=tmp_path,
        timeout=60,
        preexec_fn=_limit_memory,
    )
    answered = {r["id"]: r for r in lsp_replies(server.stdout) if "id" in r and "method" not in r}
    assert sorted(answered) == [1, 2, 3, 4, 5], sorted(answered)
    assert answered[2].get("error", {}).get("code") != -32603, answered[2]
    assert [answered[n].get("error", {}).get("code") for n in (3, 4)] == [-32602, -32602]


FOUND = sorted((HERE / "found").glob("web-*.json"))


@pytest.mark.parametrize("path", FOUND, ids=[p.stem for p in FOUND])
def test_the_web_requests_the_fuzzer_found_get_a_4xx(web, path):
    """Requests of tools/fuzz.py web (seed 2350, the long run of #23) that
    answered 500, as it wrote them (the body as latin-1 text)."""
    if "/api/best" in path.read_text(encoding="utf-8"):
        pytest.importorskip("ortools")
    request = json.loads(path.read_text(encoding="utf-8"))
    answer = web.request(
        request["method"],
        request["url"],
        content=request["body"].encode("latin-1"),
        headers={k: v.encode("latin-1") for k, v in request["headers"].items()},
    )
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:300])
