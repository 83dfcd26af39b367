"""The per-user cache of parser tables and built card files (issue #12):
private, keyed by content, self-checking, and never trusted blindly."""

from __future__ import annotations

import pickle
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.lint import lint as lint_command
from dioses_cli.main import dioses
from dioses_rules import cache
from dioses_rules.language.builder import build
from dioses_rules.language.headers import bundled_vocabulary
from dioses_rules.pool.sources import cached_build
from dioses_rules.resources import cards_dir

TEXT = (cards_dir() / "base.dioses").read_text(encoding="utf-8")


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(cache.DIR_VARIABLE, str(tmp_path / "cache"))
    monkeypatch.delenv(cache.OFF_VARIABLE, raising=False)
    monkeypatch.setattr(cache, "_switched_off", False)
    return tmp_path / "cache" / "v1"


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.entry")) if folder.is_dir() else []


def test_a_built_file_comes_back_from_the_cache_the_same(folder):
    vocabulary = bundled_vocabulary()
    before = entries(folder)
    first = cached_build(TEXT, "base.dioses", vocabulary)
    assert len(entries(folder)) == len(before) + 1
    again = cached_build(TEXT, "base.dioses", vocabulary)
    fresh = build(TEXT, "base.dioses", vocabulary)
    assert again[0] == first[0] == fresh[0]
    assert list(again[1]) == list(first[1]) == list(fresh[1])


def test_the_folder_is_private_and_one_others_can_write_is_not_used(folder):
    assert cache.cache_dir() == folder
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(folder.parent.stat().st_mode) == 0o700
    folder.chmod(0o777)
    assert cache.cache_dir() is None
    cache.write(cache.key_of("x"), 1)
    assert entries(folder) == []


def test_switched_off_by_the_environment_or_the_option(folder, monkeypatch):
    monkeypatch.setenv(cache.OFF_VARIABLE, "1")
    assert cache.cache_dir() is None
    monkeypatch.delenv(cache.OFF_VARIABLE)
    result = CliRunner().invoke(dioses, ["--no-cache", "cards", "--format", "json"])
    assert result.exit_code == 0
    assert not cache.enabled()
    assert entries(folder) == []


@pytest.mark.parametrize("damage", ["truncated", "flipped", "foreign", "other key", "empty"])
def test_a_damaged_or_foreign_entry_is_ignored_and_rebuilt(folder, damage):
    vocabulary = bundled_vocabulary()
    before = set(entries(folder))
    good = cached_build(TEXT, "base.dioses", vocabulary)
    (entry,) = set(entries(folder)) - before
    data = entry.read_bytes()
    if damage == "truncated":
        data = data[: len(data) // 2]
    elif damage == "flipped":
        data = data[:-100] + bytes([data[-100] ^ 0xFF]) + data[-99:]
    elif damage == "foreign":
        data = b"some other program's cache\n" + data
    elif damage == "other key":
        other = cache.key_of("something else")
        data = data.replace(entry.stem.encode(), other.encode(), 1)
    else:
        data = b""
    entry.write_bytes(data)
    assert cache.read(entry.stem) is None
    rebuilt = cached_build(TEXT, "base.dioses", vocabulary)
    assert rebuilt[0] == good[0]
    assert cache.read(entry.stem) is not None  # written whole again


def test_a_payload_that_does_not_match_its_digest_is_never_unpickled(folder, tmp_path):
    key = cache.key_of("probe")
    cache.write(key, "harmless")
    entry = folder / f"{key}.entry"
    header, _, rest = entry.read_bytes().partition(b"\n")
    key_line, _, rest = rest.partition(b"\n")
    digest, _, _ = rest.partition(b"\n")
    marker = tmp_path / "ran"

    class Marker:
        def __reduce__(self):
            return (marker.write_text, ("unpickled",))

    entry.write_bytes(b"\n".join([header, key_line, digest, pickle.dumps(Marker())]))
    assert cache.read(key) is None
    assert not marker.exists()


def test_concurrent_writers_never_leave_half_an_entry(folder):
    key = cache.key_of("concurrent")
    value = list(range(50_000))
    seen: list = []

    def writer():
        for _ in range(5):
            cache.write(key, value)

    def reader():
        for _ in range(20):
            seen.append(cache.read(key))

    threads = [threading.Thread(target=writer) for _ in range(4)] + [
        threading.Thread(target=reader) for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(found is None or found == value for found in seen)
    assert cache.read(key) == value
    assert [p.name for p in folder.iterdir() if p.suffix != ".entry"] == []


def test_an_edited_file_is_always_read_anew_by_the_linter(folder, tmp_path):
    mod = tmp_path / "mod.dioses"
    mod.write_text(
        'set mod "Mod" {\n  requires base\n}\n\ngod zed "Zed" greek reconstructed {\n'
        "  2 points if next to egyptian\n}\n",
        encoding="utf-8",
    )
    runner = CliRunner()
    assert runner.invoke(lint_command, [str(mod)]).exit_code == 0
    assert runner.invoke(lint_command, [str(mod)]).exit_code == 0  # from the cache
    mod.write_text(
        mod.read_text(encoding="utf-8").replace("egyptian", "egyptain"), encoding="utf-8"
    )
    result = runner.invoke(lint_command, [str(mod)])
    assert result.exit_code == 1 and "egyptain" in result.output


def test_an_unwritable_cache_only_means_no_cache(folder, monkeypatch):
    monkeypatch.setenv(cache.DIR_VARIABLE, "/proc/no-such-place/cache")
    assert cache.cache_dir() is None
    first = cached_build(TEXT, "base.dioses", bundled_vocabulary())
    assert first[0].card_set.id == "base"
