"""A NONE subject reads as "none of them" (#28): The Fairest's victory
``((hera or athena or aphrodite) and not the fairest) not close to apple``
says that no such goddess is close to Apple (scenario 6), and a
feature conjunction ``(greek and god) not close to X`` reads "no Greek god";
Spanish "it" agrees with a god's name when its gender is known
(locale/es/agreement.toml, [proper-names]): Odín "cerca de él"."""

from __future__ import annotations

import pytest

from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.registry import Registry


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry()[0]


CLOSE_TO_APPLE = m.Relation(m.RelationKind.CLOSE_TO, m.Named("apple"))


def _none(selector: m.Selector) -> m.Subject:
    return m.Subject(m.SubjectMode.NONE, (selector,), CLOSE_TO_APPLE)


def _said(registry: Registry, lang: str, condition: m.Condition) -> str:
    return registry.texts(lang).condition(condition)


def test_the_fairest_s_victory_says_none_of_them(registry: Registry) -> None:
    scenario = registry.get("scenario", "the-fairest")
    assert scenario is not None
    english = [_said(registry, "en", c) for c in scenario.victory]
    spanish = [_said(registry, "es", c) for c in scenario.victory]
    assert english[-1] == (
        "none of Hera, Athena or Aphrodite other than the fairest is close to Apple"
    )
    assert spanish[-1] == (
        "ninguna de Hera, Athena o Aphrodite que no es la carta «la más bella» "
        "está cerca de Manzana"
    )


def test_a_feature_conjunction_reads_no_such_card(registry: Registry) -> None:
    greek_god = m.SelAnd((m.MythologyIs("greek"), m.TypeIs("god")))
    assert _said(registry, "en", _none(greek_god)) == "no Greek god is close to Apple"
    assert _said(registry, "es", _none(greek_god)) == "ningún dios griego está cerca de Manzana"


def test_one_name_reads_is_not_and_a_mixed_list_is_masculine(registry: Registry) -> None:
    hera_not_fairest = m.SelAnd((m.Named("hera"), m.SelNot(m.StateRef("fairest"))))
    assert _said(registry, "en", _none(hera_not_fairest)) == (
        "Hera other than the fairest is not close to Apple"
    )
    assert _said(registry, "en", _none(m.Named("hera"))) == "Hera is not close to Apple"
    mixed = m.SelOr((m.Named("zeus"), m.Named("hera")))
    assert _said(registry, "es", _none(mixed)) == "ninguno de Zeus o Hera está cerca de Manzana"


def _line(registry: Registry, ident: str) -> str:
    card = registry.get("myth", ident)
    assert isinstance(card, m.MythCard)
    return registry.texts("es").line(card.lines[-1], card)


def test_it_agrees_with_a_god_s_name(registry: Registry) -> None:
    assert _line(registry, "odin") == "1x: 1p por cada nórdico cerca de él"
    assert _line(registry, "idun").endswith("cerca de ella")  # a goddess
    assert _line(registry, "troy").endswith("cerca de ella")  # «la Troya»: its noun
    text = registry.texts("es").text(registry.get("myth", "seth"))
    assert "cerca de él que egipcios cerca de él" in text


def test_a_god_of_unknown_gender_is_la_carta() -> None:
    """A modder's god whose name agreement.toml does not list: "la carta"."""
    registry = load_registry(["examples/mods/aztec"])[0]
    card = registry.get("myth", "tezcatlipoca")
    assert isinstance(card, m.MythCard)
    assert "cerca de ella" in registry.texts("es").text(card)
