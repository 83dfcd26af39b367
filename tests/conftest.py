"""Shared test settings."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_SESSION_CACHE: list[str] = []
_GIVEN = os.environ.get("DIOSES_CACHE_DIR")


def pytest_configure(config):
    """Importing the library already uses the cache (attrs' methods,
    dioses_rules.methods_cache), while the tests are collected and before
    any fixture: the session's cache is a temporary folder from the start."""
    _SESSION_CACHE.append(tempfile.mkdtemp(prefix="dioses-test-cache-"))
    os.environ["DIOSES_CACHE_DIR"] = _SESSION_CACHE[-1]


def pytest_unconfigure(config):
    while _SESSION_CACHE:
        shutil.rmtree(_SESSION_CACHE.pop(), ignore_errors=True)
    if _GIVEN is None:
        os.environ.pop("DIOSES_CACHE_DIR", None)
    else:
        os.environ["DIOSES_CACHE_DIR"] = _GIVEN


@pytest.fixture(autouse=True)
def crash_files_in_tmp(tmp_path_factory, monkeypatch):
    """A test that hits a bug of ours writes its crash file (exit 3) in a
    temporary folder, never in the user's own log folder."""
    monkeypatch.setenv("DIOSES_CRASH_DIR", str(tmp_path_factory.getbasetemp() / "crashes"))


@pytest.fixture(autouse=True)
def cache_in_tmp(tmp_path_factory, monkeypatch):
    """The per-user cache (dioses_rules.cache) of the whole run lives in one
    temporary folder, never in the user's own cache folder."""
    monkeypatch.setenv("DIOSES_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture(autouse=True)
def no_solve_at_the_end_of_play(request, monkeypatch):
    """``dioses play`` ends with each area's best layout, solved for up to 5
    s per area: tests/test_play_best.py tests that (its SOLVE_AT_THE_END);
    elsewhere a finished game skips it, as ``--best-time 0`` does, to keep
    the suite fast."""
    if not getattr(request.module, "SOLVE_AT_THE_END", False):
        from dioses_cli import best

        monkeypatch.setattr(best, "BEST_TIME_LIMIT", 0.0)


@pytest.fixture(autouse=True)
def english_after_each_test():
    """The terminal's language is one per process (``--lang`` sets it for the
    run, cli/dioses_cli/i18n.py); a Spanish test must not leave it Spanish
    for the next test in the same worker."""
    yield
    from dioses_cli import i18n

    i18n.use("en")
    i18n.show_rulings(False)  # --rulings, one per process too


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A fresh current folder: what a command writes beside the user lands there."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def missing(monkeypatch):
    """``missing(test, error)``: from now on, importing a module whose name
    ``test(name)`` accepts raises ``error(name)`` (default: ImportError), as
    on a machine without that extra or system library."""
    import builtins

    real = builtins.__import__

    def block(test, error=None):
        def importing(name, *args, **kwargs):
            if test(name):
                raise (error or _no_module)(name)
            return real(name, *args, **kwargs)

        monkeypatch.setattr(builtins, "__import__", importing)

    return block


def _no_module(name: str) -> ImportError:
    return ImportError(f"No module named '{name}'", name=name)
