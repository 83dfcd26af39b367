"""The editing layer without an editor: which files an open buffer is
checked with, what is found where, and positions of diagnostics."""

from __future__ import annotations

from dioses_rules.editing import completion, features
from dioses_rules.editing.workspace import Workspace, required_files
from dioses_rules.errors import Diagnostic
from dioses_rules.resources import cards_dir

WINDS = (
    'set winds "Winds" {\n  requires base\n}\n\ngod boreas "Boreas" greek reconstructed {\n'
    "  2 points if in back row\n}\n"
)
GUSTS = (
    'set gusts "Gusts" {\n  requires winds\n}\n\ngod notus "Notus" greek reconstructed {\n'
    "  2 points if next to boreas\n}\n"
)
MOD = (
    'set mymod "My mod" {\n  requires base, gusts\n}\n\ngod zephyr "Zephyr" greek '
    "reconstructed {\n  2 points if next to notus or next to hera\n}\n"
)


def test_the_sets_a_buffer_requires_are_found_in_the_workspace_transitively():
    workspace = [("w.dioses", WINDS), ("g.dioses", GUSTS), ("x.dioses", 'set x "X" { }\n')]
    needed = required_files([("m.dioses", MOD)], workspace, {"base"})
    assert sorted(path for path, _ in needed) == ["g.dioses", "w.dioses"]


def test_other_workspace_files_are_not_checked_with_the_buffer_but_are_found(tmp_path):
    (tmp_path / "winds.dioses").write_text(WINDS, encoding="utf-8")
    (tmp_path / "gusts.dioses").write_text(GUSTS, encoding="utf-8")
    copy = (cards_dir() / "base.dioses").read_text(encoding="utf-8")
    (tmp_path / "old-base.dioses").write_text(copy, encoding="utf-8")  # set base, again
    (tmp_path / "broken.dioses").write_text('set broken "B" {\n  2 points iff\n', encoding="utf-8")
    cards = Workspace([tmp_path])
    path = str(tmp_path / "mod.dioses")
    cards.edit(path, MOD)
    snapshot = cards.snapshot()
    assert snapshot.diagnostics.get(path, []) == []
    assert not [d for found in snapshot.diagnostics.values() for d in found]
    line = MOD.split("\n").index("  2 points if next to notus or next to hera")
    [notus] = features.definitions(snapshot, path, line, 25)
    assert notus.path == str((tmp_path / "gusts.dioses").resolve()) and notus.line == 4
    heras = features.definitions(snapshot, path, line, MOD.split("\n")[line].index("hera") + 1)
    assert sorted(place.path for place in heras) == sorted(
        [
            str((cards_dir() / "base.dioses").resolve()),
            str((tmp_path / "old-base.dioses").resolve()),
        ]
    )


def test_closing_a_buffer_lets_the_file_on_disk_count_again(tmp_path):
    (tmp_path / "winds.dioses").write_text(WINDS, encoding="utf-8")
    cards = Workspace([tmp_path])
    winds = str((tmp_path / "winds.dioses").resolve())
    cards.edit(winds, WINDS.replace("in back row", "in bak row"))
    assert [d.code for d in cards.snapshot().diagnostics[winds]] != []
    cards.close(winds)
    path = str(tmp_path / "mod.dioses")
    cards.edit(path, MOD.replace("gusts", "winds").replace("notus", "boreas"))
    snapshot = cards.snapshot()
    assert snapshot.diagnostics.get(winds, []) == [] and snapshot.diagnostics.get(path, []) == []


def test_a_diagnostic_is_placed_on_its_word_or_at_the_start_of_the_file():
    text = 'god x "X" greek {\n  2 points if next to herra\n}\n'
    place = features.diagnostic_place(text, Diagnostic("DL109", "m", "p", 2, 23))
    assert (place.line, place.start, place.end) == (1, 22, 27)
    assert text.split("\n")[1][place.start : place.end] == "herra"
    quoted = features.diagnostic_place(text, Diagnostic("DL001", "m", "p", 1, 7))
    assert text.split("\n")[0][quoted.start : quoted.end] == '"X"'
    assert features.diagnostic_place(text, Diagnostic("DL205", "m", "p")) == features.Place(
        "p", 0, 0, 0
    )
    blank = features.diagnostic_place(text, Diagnostic("DL001", "m", "p", 2, 1))
    assert (blank.start, blank.end) == (0, 1)
    past = features.diagnostic_place(text, Diagnostic("DL000", "m", "p", 99, 99))
    assert past.line == 3 and past.start == past.end == 0


def test_no_position_of_a_half_typed_buffer_raises(tmp_path):
    text = (cards_dir() / "aun-mas-divinos.dioses").read_text(encoding="utf-8")[:5000]
    cards = Workspace()
    path = str(tmp_path / "half.dioses")
    cards.edit(path, text)
    snapshot = cards.snapshot()
    lines = text.split("\n")
    for line in range(0, len(lines), 7):
        for character in range(0, len(lines[line]) + 1, 5):
            features.hover(snapshot, path, line, character)
            completion.completions(snapshot, path, line, character)
            features.definitions(snapshot, path, line, character)


def test_what_hover_shows_at_each_word_of_a_definition(tmp_path):
    cards = Workspace()
    path = str(tmp_path / "mod.dioses")
    text = (
        'set mymod "My mod" {\n  requires base\n}\n\n'
        'god zephyr "Zephyr" greek reconstructed {\n  2 points if next to hera\n'
        "  1 point per greek god in row\n}\n"
    )
    cards.edit(path, text)
    snapshot = cards.snapshot()
    lines = text.split("\n")

    def at(line: int, word: str):
        return features.hover(snapshot, path, line, lines[line].index(word) + 1)

    for word in ("god", "zephyr", '"Zephyr"', "reconstructed"):  # the header: the card
        assert at(4, word).startswith("**Zephyr** `zephyr` - god, Greek - set `mymod`"), word
    assert at(4, "greek").startswith("mythology `greek`")  # its mythology
    assert at(5, "hera").startswith("**Hera** `hera` - god, Greek - set `base`")
    # 'greek' is also an objective element's id; card text reads the mythology
    assert at(6, "greek") == (
        "mythology `greek`: Griega (Greek), plural greeks, symbol circle - declared by set `base`"
    )
    assert at(6, "god").startswith("type `god`")
    assert at(5, "next") is None and at(6, "row") is None  # keywords
    assert at(1, "base") == "set `base`: Dioses!"
    assert features.hover(snapshot, str(tmp_path / "not-open.dioses"), 0, 0) is None


def test_the_editing_layer_loads_no_scoring_engine_click_rich_or_pygls():
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, json\n"
            "from dioses_rules.editing.workspace import Workspace\n"
            "from dioses_rules.editing import completion, features\n"
            "cards = Workspace(); cards.edit('/x.dioses', 'god x \"X\" greek { 2 points if next to hera }')\n"
            "snapshot = cards.snapshot(); features.hover(snapshot, '/x.dioses', 0, 40)\n"
            "completion.completions(snapshot, '/x.dioses', 0, 30)\n"
            "print(json.dumps(sorted(sys.modules)))",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=str(root)),
    )
    loaded = json.loads(done.stdout)
    assert not [
        m
        for m in loaded
        if m.startswith(
            ("dioses_rules.scoring", "dioses_rules.engine", "click", "rich", "pygls", "lsprotocol")
        )
    ]


def test_the_search_for_workspace_files_skips_hidden_and_installed_folders_and_stops(
    tmp_path, monkeypatch
):
    from dioses_rules.editing import workspace

    for folder in ("mods/a", "mods/b", ".venv/lib", "node_modules/x", "site-packages/y", ".git"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "set.dioses").write_text(WINDS, encoding="utf-8")
    (tmp_path / "mods" / "notes.txt").write_text("not a card file", encoding="utf-8")
    found = workspace.workspace_files([tmp_path])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "mods/a/set.dioses",
        "mods/b/set.dioses",
    ]
    monkeypatch.setattr(workspace, "MAX_WORKSPACE_FILES", 1)
    assert len(workspace.workspace_files([tmp_path])) == 1
    monkeypatch.setattr(workspace, "MAX_WORKSPACE_FILES", 100)
    monkeypatch.setattr(workspace, "MAX_WORKSPACE_FOLDERS", 2)  # the root, then mods
    assert workspace.workspace_files([tmp_path]) == []


def test_only_regular_card_files_of_bounded_size_are_read(tmp_path, monkeypatch):
    """#23: a FIFO is not opened for a blocking read, a device is not read
    whole, and a file past the cap is refused by size, each with why."""
    import os

    from dioses_rules.editing import workspace

    (tmp_path / "ok.dioses").write_text(WINDS, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.dioses")
    (tmp_path / "zero.dioses").symlink_to("/dev/zero")
    assert workspace.read_card_file(tmp_path / "ok.dioses") == (WINDS, None)
    for name in ("pipe.dioses", "zero.dioses"):
        text, why = workspace.read_card_file(tmp_path / name)
        assert text is None and why.startswith("not a regular file"), name
    monkeypatch.setattr(workspace, "MAX_CARD_FILE_BYTES", 10)
    assert workspace.read_card_file(tmp_path / "ok.dioses")[1].startswith("larger than")
    assert workspace.read_card_file(tmp_path / "gone.dioses")[1].startswith("cannot read")


def test_completion_offers_what_the_checks_accept_at_each_place(tmp_path):
    """#27: a relation takes cards, tags and declared words, never a law or a
    scenario (DL109); rows, difficulties, settings and values, modes, set
    ids and state names each where they go; nothing in a comment or a string."""
    from dioses_rules.editing.completion import completions

    text = (
        'set mymod "My mod" {\n  requires base, aun-mas-divinos\n  difficulty easy 2 points\n'
        '}\n\ngod zephyr "Zephyr" greek reconstructed {\n  2 points if next to hera\n'
        "  1 point if in front row\n  1 point per god in row # next to \n}\n\n"
        'option slow "Slow" {\n  set initial-reveals 2\n  set end-rule base\n}\n\n'
        'scenario trial 9 "Trial" {\n  mode solo\n  setup {\n'
        "    aside hera, zeus as gods-deck\n    separate zeus with 2 random cards\n  }\n"
        "  rules {\n    when god revealed: discard top of gods-deck as pick\n"
        "  }\n  victory {\n    the pick next to hera\n  }\n}\n"
    )
    cards = Workspace()
    path = str(tmp_path / "mod.dioses")
    cards.edit(path, text)
    snapshot = cards.snapshot()
    lines = text.split("\n")

    def labels(after: str) -> set:
        line = next(n for n, words in enumerate(lines) if after in words)
        character = lines[line].index(after) + len(after)
        return {item.label for item in completions(snapshot, path, line, character)}

    registry = snapshot.registry
    laws = {d.id for d in registry.definitions("law")}
    cards_ids = {d.id for d in registry.definitions("myth")}
    relation = labels("next to ")
    assert cards_ids | set(registry.all_tags()) <= relation and not laws & relation
    assert {"greek", "god", "it"} <= relation and "base" not in relation
    assert labels("in fr") == {"front"}  # a row, not freyja, freyr or frigg
    assert labels("# next to ") == set()  # a comment
    assert labels('"Zephyr" greek ') >= {"printed", "named", "reconstructed"}
    assert labels("god ") == set()  # the id being defined
    assert "base" in labels("requires base, ") and "hera" not in labels("requires base, ")
    assert labels("difficulty ") == {"easy", "medium", "hard"}
    settings = labels("  set ")
    assert "end-rule" in settings and "hera" not in settings
    assert labels("set end-rule ") == {"base", "equal-turns", "twelfth-reveal"}
    modes = labels("mode ")
    assert {d.id for d in registry.definitions("rule-option")} <= modes and "hera" not in modes
    assert "hera" in labels("separate ") and not laws & labels("separate ")
    assert labels("the ") >= {"pick"} and "hera" not in labels("the ")
    [item] = completions(snapshot, path, 7, lines[7].index("in fr") + 5)  # inside the word
    assert item.replace == (7, lines[7].index("front"), lines[7].index("front") + 5)
