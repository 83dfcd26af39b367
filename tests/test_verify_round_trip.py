"""``dioses test``'s round-trip check names what the written source lost.

Found when ruff's B905 (zip without strict=) was enabled (#25): the check
compared the definitions read back with the file's own by zip(), which
stops at the shorter list, so a definition lost in the writing was named
nowhere and the message blamed "the set header" instead."""

from __future__ import annotations

import attrs
import pytest

from dioses_rules.pool.sources import bundled_sources
from dioses_rules.verify import files
from dioses_rules.verify.results import Status


@pytest.fixture(scope="module")
def source():
    """The smallest bundled file of more than one definition."""
    return min(
        (s for s in bundled_sources() if len(s.card_file.definitions) > 1),
        key=lambda s: len(s.text),
    )


def test_a_definition_lost_in_the_writing_is_named(source, monkeypatch):
    lost = source.card_file.definitions[-1]
    writes = files.card_file_text

    def forgetful(card_file, vocabulary):
        return writes(attrs.evolve(card_file, definitions=card_file.definitions[:-1]), vocabulary)

    monkeypatch.setattr(files, "card_file_text", forgetful)
    outcome = files.round_trip_check(source)
    assert outcome.status is Status.FAILED
    assert outcome.message == f"its source, as written, means something else: {lost.id}"


def test_a_file_that_survives_the_round_trip_passes(source):
    outcome = files.round_trip_check(source)
    assert outcome.status is Status.PASSED, outcome.message
