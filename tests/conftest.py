"""Shared test settings."""

from __future__ import annotations

import pytest


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
