"""What a player reads at the terminal (#28): one name per card in the
chosen language, plain words without ruling codes (they come back with
--rulings), the whole interface in Spanish with --lang es through gettext
catalogues, and a challenge told only as part of its victory (R34)."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dioses_cli.main import dioses
from dioses_rules.i18n import LOCALE_DIR, languages

ROOT = Path(__file__).resolve().parent.parent
ONES = "1\n" * 200  # a solo scenario ends well before
RULING_CODE = re.compile(r"\bR\d{1,2}\b")


def test_every_message_is_in_the_catalogue_and_the_mo_says_what_the_po_says():
    """The template is what the code asks for, the Spanish catalogue
    translates all of it, and the committed .mo is compiled from the .po."""
    babel = pytest.importorskip("babel.messages")
    from babel.messages.extract import extract_from_dir
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    asked = {  # the terminal's words and the library's (dioses_rules.wording)
        message if isinstance(message, str) else message[0]
        for folder in (ROOT / "cli" / "dioses_cli", ROOT / "dioses_rules" / "wording")
        for _, _, message, _, _ in extract_from_dir(folder, keywords=keywords)
    }
    assert "seat {seat} drew a card from the deck" in asked
    assert "es" in languages()
    for lang in languages()[1:]:
        po = read_po((LOCALE_DIR / lang / "LC_MESSAGES" / "dioses.po").open("rb"))
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in po if m.id}
        assert asked <= ids, f"not in the {lang} catalogue: {sorted(asked - ids)}"
        untranslated = [
            m.id
            for m in po
            if m.id and not all(m.string if isinstance(m.string, tuple) else (m.string,))
        ]
        assert not untranslated, untranslated
        compiled = io.BytesIO()
        write_mo(compiled, po)
        assert (
            compiled.getvalue() == (LOCALE_DIR / lang / "LC_MESSAGES" / "dioses.mo").read_bytes()
        ), "run tools/catalogues.sh"
    assert babel is not None


def test_a_third_language_is_a_catalogue_and_an_unknown_one_is_refused():
    from dioses_rules.i18n import translation

    assert isinstance(translation("es"), gettext.GNUTranslations)
    with pytest.raises(ValueError, match="the languages are en, es"):
        translation("xx")


def test_a_scenario_game_in_spanish_names_each_card_once(here):
    """Ragnarök, seed 5, played to the end in Spanish: the printed names
    (Campo de Guerra, never Battlefield or the id), Spanish prompts, rows,
    narration and final table, no ruling code, and the scenario's outcome as
    one verdict (R34: the challenge only with the victory)."""
    result = CliRunner().invoke(
        dioses,
        ["play", "--scenario", "ragnarok", "--seed", "5", "--lang", "es", "--best-time", "0"],
        input=ONES,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    for spanish in (
        "Campo de Guerra",
        "Martillo",
        "fila delantera",
        "columna 4",
        "¿En qué fila o columna pones la ley",
        "asiento 1, elige 1-",
        "Puntuación final (todas las cartas reveladas)",
        "Fin de la partida tras",
        "mazo: ",
        "pila de descarte 1",
        "leyes: ",
        "victoria: [",
        "Escenario 3",
    ):
        assert spanish in out, spanish
    for english in (
        "Battlefield",
        "battlefield",
        "Hammer",
        "front row",
        "Turn ",
        "seat 1",
        "Game over",
        "challenge YES",
        "norse-gift",
        "one-pantheon",
    ):
        assert english not in out, english
    assert not RULING_CODE.search(out), RULING_CODE.search(out)
    verdict = next(line for line in out.splitlines() if line.startswith("Escenario 3 Ragnarök:"))
    assert re.search(
        r": (victoria, con su reto|victoria, sin su reto|sin victoria); más de "
        r"25 puntos: (SUPERADO|no superado)$",
        verdict,
    ), verdict


def test_english_names_cards_once_and_rulings_show_the_codes(here):
    """English: the English name of a card printed in Spanish everywhere
    (Battlefield, never Campo de Guerra or 'battlefield'), laws and patterns
    by name; --rulings adds the codes (R12, R13...) for designers."""
    result = CliRunner().invoke(
        dioses,
        ["play", "--scenario", "ragnarok", "--seed", "5", "--best-time", "0", "--rulings"],
        input=ONES,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Battlefield" in out and "Hammer" in out and "Norse Gift" in out
    for other in (
        "Campo de Guerra",
        "Martillo",
        "battlefield",
        "norse-gift",
        "one-pantheon",
        "victory no; challenge",
    ):
        assert other not in out, other
    assert "Final scoring (every card revealed) (R12)" in out and "Laws (R13)" in out


def test_a_law_line_is_typed_as_shown_and_help_lists_exchange(here):
    """'column 4' (as the choice reads) places the law there; ? names
    'exchange' (where the card taken from a discard pile goes)."""
    result = CliRunner().invoke(
        dioses, ["play", "--scenario", "ragnarok", "--seed", "5"], input="?\ncolumn 4\nq\n"
    )
    out = result.stdout
    assert "'exchange f1'" in out
    assert "law A single pantheon on column 4" in out
    assert "is not a choice" not in out


def test_score_in_spanish_says_laws_and_the_summary_in_spanish():
    boards = [
        str(ROOT / "examples/boards/aun-mas-divinos-law-scoring.toml"),
        str(ROOT / "examples/boards/base-hela-hera.toml"),
    ]
    result = CliRunner().invoke(dioses, ["score", *boards, "--lang", "es"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Leyes" in out and "fila central" in out and "columna 1" in out
    assert "2 tableros: totales 6, 0; media 3.00; el mejor" in out
    assert "Total: 6 puntos  (dioses, para el desempate: 9)" in out
    assert not RULING_CODE.search(out)
    coded = CliRunner().invoke(dioses, ["score", boards[0], "--rulings"]).stdout
    assert "Laws (R13)" in coded and "(R16)" in coded


def test_replay_tells_records_by_card_names_and_the_challenge_with_its_victory():
    """dioses replay's words name cards as the game shows them, and a final
    record's scenario outcome as one verdict (R34)."""
    from dioses_cli.replay import describe
    from dioses_rules.pool.load import load_registry

    registry, _ = load_registry(())
    decision = {
        "type": "decision",
        "turn": 0,
        "seat": 0,
        "kind": "action",
        "index": 0,
        "options": 3,
        "choice": "take ship from discard pile 1",
    }
    assert "take Ship from discard pile 1" in describe(decision, 0, registry=registry)
    final = {
        "type": "final",
        "turns": 7,
        "totals": [16],
        "winners": [0],
        "scenario": {"victory": False, "challenge": False, "beaten": False},
    }
    said = describe(final, 0, registry=registry)
    assert said.endswith("scenario no victory, not beaten") and "challenge" not in said
