"""The solo and cooperative mode is data (issue #11, R21).

The expansion's ``solo`` option sets the mode's rules as settings, and the
engine reads them on the scenario path as on the base game's: whether the
seats share one area (``areas``), how many cards start face up
(``initial-reveals``), whether an objective pair is revealed
(``objectives``), how many discard piles start from the separated stack
(``discard-piles``). A modder's file that copies the ``solo`` option and
changes one line gets a game that follows that line. Games of rules revision
1 (before this change) keep 0.1.0's setup whatever the mode says, and a
scenario's challenge setup says whether its draws replace or add to the
setup's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dioses_rules.engine.agents import RandomAgent
from dioses_rules.engine.game import Game
from dioses_rules.engine.setup import new_game, setup_steps
from dioses_rules.engine.state import FIRST_RULES, RULES, GameError, Slot
from dioses_rules.language import model as m
from dioses_rules.pool.load import load_registry
from dioses_rules.pool.registry import assemble
from dioses_rules.pool.sources import read_sources

# The lines of the bundled `solo` option (cards/aun-mas-divinos.dioses).
SOLO = {
    "objectives": "off",
    "initial-reveals": "0",
    "discard-piles": "2",
    "end-rule": "twelfth-reveal",
    "turn-must-reveal": "on",
    "power-cards": "on",
    "all-face-up-at-end": "always",
    "areas": "shared",
}


def mod_text(changed: dict[str, str], draws: str = "replaces draws", place: bool = False) -> str:
    """A modder's set: a copy of `solo` with ``changed`` lines, and a
    scenario in that mode (zeus and odin separated with 2 random cards, an
    easy pattern, 1 Power card; with the challenge, a hard pattern)."""
    settings = {**SOLO, **changed}
    lines = "\n".join(f"  set {name} {value}" for name, value in settings.items())
    placed = "    place hera face-up at front 1\n" if place else ""
    return f"""set solo-mod "Solo mod" {{
  requires base
}}

option my-solo "My solo" {{
{lines}
}}

scenario trial 20 "Trial" {{
  mode my-solo
  setup {{
{placed}    separate zeus, odin with 2 random cards
    draw an easy pattern
    power cards 1
  }}
  victory {{
    zeus in area
  }}
  challenge setup {draws} {{
    draw a hard pattern
  }}
}}
"""


def mod_game(
    tmp_path: Path,
    changed: dict[str, str],
    seats: int = 1,
    seed: int = 4,
    rules: int = RULES,
    challenge: bool = False,
    **text,
) -> tuple[Game, list]:
    path = tmp_path / "solo-mod.dioses"
    path.write_text(mod_text(changed, **text), encoding="utf-8")
    registry = load_registry([path])[0]
    log: list = []
    game = new_game(
        registry,
        [RandomAgent(seat) for seat in range(seats)],
        scenario="trial",
        seed=seed,
        log=log.append,
        rules=rules,
        challenge=challenge,
    )
    return game, log


def setup_reveals(log: list) -> list[dict]:
    return [r for r in log if r["type"] == "decision" and r["kind"] == "reveal"]


def patterns(game: Game, area: int = 0) -> list[str]:
    return sorted(
        game.registry.get("pattern", p.card).difficulty.value
        for p in game.state.areas[area].patterns
    )


# ------------------------------------------------------------ the solo option's settings


def test_r21_the_solo_mode_as_a_modders_copy_sets_up_as_the_bundled_one(tmp_path):
    """The copy of `solo`, unchanged: one area for both players, all 12
    cards face down, two discard piles, no objectives, 1 Power card."""
    game, log = mod_game(tmp_path, {}, seats=2)
    state = game.state
    assert state.seat_area == [0, 0] and len(state.areas) == 1
    assert state.areas[0].face_up_count() == 0 and setup_reveals(log) == []
    assert len(state.discards) == 2 and state.objectives == []
    assert len(state.areas[0].power) == 1 and patterns(game) == ["easy"]


def test_r21_a_modders_mode_with_initial_reveals_2_turns_two_cards_face_up(tmp_path):
    """One line changed in the modder's file (`set initial-reveals 2`): the
    player turns 2 cards of their choice face up at setup, as in the base
    game; the bundled mode's 0 turns none (above)."""
    game, log = mod_game(tmp_path, {"initial-reveals": "2"})
    assert game.state.areas[0].face_up_count() == 2
    assert [r["choice"] for r in setup_reveals(log)] == [
        r["cell"] for r in log if r.get("event") == "revealed"
    ]
    assert len(setup_reveals(log)) == 2 and setup_reveals(log)[0]["options"] == 12


def test_r21_initial_reveals_count_for_each_player_of_a_shared_area(tmp_path):
    game, log = mod_game(tmp_path, {"initial-reveals": "2"}, seats=3)
    assert game.state.areas[0].face_up_count() == 6
    first = game.state.start_player
    assert [r["seat"] for r in setup_reveals(log)] == [
        (first + step) % 3 for step in (0, 0, 1, 1, 2, 2)
    ]


def test_r21_a_modders_mode_with_one_discard_pile_starts_one(tmp_path):
    game, _ = mod_game(tmp_path, {"discard-piles": "1"})
    assert [len(pile) for pile in game.state.discards] == [1]


def test_r21_the_discard_piles_start_from_the_separated_stack(tmp_path):
    """Rulebook step 6: the separated cards and the random ones go on top of
    the deck, then the first 2 cards of the deck start the discard piles."""
    started = set()
    for seed in range(8):
        game, _ = mod_game(tmp_path, {}, seed=seed)
        tops = {pile[0] for pile in game.state.discards}
        # of the 4 cards stacked, the piles took the top 2 and the deck kept the rest
        assert {"zeus", "odin"} <= set(game.state.deck[-2:]) | tops
        started |= {"zeus", "odin"} & tops
    assert started == {"zeus", "odin"}


def test_r15_a_modders_mode_with_objectives_on_reveals_an_objective_pair(tmp_path):
    game, log = mod_game(tmp_path, {"objectives": "on"})
    (pair,) = game.state.objectives
    assert [r for r in log if r.get("event") == "objective"] == [
        {"type": "event", "event": "objective", "turn": 0, "goal": pair[0], "element": pair[1]}
    ]


def test_r21_a_modders_mode_with_areas_own_gives_each_player_an_area(tmp_path):
    """`set areas own`: each of the 2 players has an area of 12 cards, the
    scenario's Power card and its easy pattern; the separated cards go once
    on the one deck."""
    game, _ = mod_game(tmp_path, {"areas": "own"}, seats=2)
    state = game.state
    assert state.seat_area == [0, 1] and len(state.areas) == 2
    for area in (0, 1):
        assert all(slot is not None for slot in state.areas[area].cells)
        assert len(state.areas[area].power) == 1 and patterns(game, area) == ["easy"]
    places = [card for _, card in state.all_card_places()]
    assert places.count("zeus") == 1 and places.count("odin") == 1
    assert len(game.play().reports) == 2


def test_a_scenario_that_places_cards_is_refused_for_areas_of_their_own(tmp_path):
    """A card placed in the area cannot be placed in every area: with areas
    of their own and 2 players the engine refuses, saying why; alone, the
    one area is the scenario's."""
    with pytest.raises(GameError) as raised:
        mod_game(tmp_path, {"areas": "own"}, seats=2, place=True)
    (problem,) = raised.value.diagnostics
    assert problem.message == (
        "scenario 'trial' places cards in the play area (hera), but "
        "its mode gives each of the 2 players an area of their own, "
        "and a card can be in one area only"
    )
    assert problem.help == "play it alone, or with a mode that sets 'areas shared'"
    game, _ = mod_game(tmp_path, {"areas": "own"}, seats=1, place=True)
    assert game.state.areas[0].cells[0] == Slot("hera", True)


def test_a_bundled_scenario_keeps_its_modes_settings_over_the_options_chosen():
    """Rulebook step 1 ("not used in solo mode") is `objectives off` in
    `solo`, applied last: an `objectives` option chosen by the player does
    not bring them into a scenario; `longer-game` agrees with it."""
    registry = load_registry()[0]
    game = new_game(registry, [RandomAgent(1)], scenario="ragnarok", options=["objectives"], seed=5)
    assert game.state.objectives == [] and game.state.settings.objectives is False


# ------------------------------------------------------------ the base game and seats


def test_r21_the_base_game_with_the_solo_option_is_played_on_one_area():
    """`solo` without a scenario: its settings are those of a shared area,
    so one player (or several together) play the base game's deal with the
    solo rules, for points; the game ends on the 12th reveal."""
    registry = load_registry()[0]
    game = new_game(registry, [RandomAgent(2)], options=["solo"], seed=6)
    state = game.state
    assert state.seat_area == [0] and state.areas[0].face_up_count() == 0
    assert len(state.discards) == 2
    result = game.play()
    assert state.areas[0].all_face_up() and len(result.reports) == 1
    together = new_game(registry, [RandomAgent(0), RandomAgent(1)], options=["solo"], seed=6)
    assert together.state.seat_area == [0, 0]


@pytest.mark.parametrize(
    "seats, options, message",
    [
        (1, [], "the base game is for 2 to 6 players, not 1"),
        (7, [], "the base game is for 2 to 6 players, not 7"),
        (0, ["solo"], "a game is for 1 to 6 players, not 0"),
        (7, ["solo"], "a game is for 1 to 6 players, not 7"),
    ],
)
def test_the_seats_a_game_takes_follow_the_areas_setting(seats, options, message):
    registry = load_registry()[0]
    with pytest.raises(GameError, match=message) as raised:
        new_game(registry, [RandomAgent(s) for s in range(seats)], options=options)
    if not options:
        assert "'areas shared'" in raised.value.diagnostics[0].help


def test_the_deck_check_counts_every_area_of_their_own(tmp_path):
    path = tmp_path / "tiny.dioses"
    cards = "".join(f'fish f{i} "F{i}" sea {{\n  1 point\n}}\n' for i in range(1, 31))
    path.write_text(
        'set tiny "Tiny" {\n  mythology sea "Mar"\n  type fish "Pez"\n}\n'
        'option apart "Apart" {\n  set areas own\n}\n'
        'scenario pond 1 "Pond" {\n  mode apart\n  setup {\n'
        "    separate f1 with 2 random cards\n    power cards 2\n  }\n}\n" + cards,
        encoding="utf-8",
    )
    registry = assemble(read_sources([path], context=[]))
    assert new_game(registry, [RandomAgent(0)], scenario="pond").state.deck is not None
    with pytest.raises(
        GameError,
        match=r"scenario 'pond' deals 31 cards from the deck "
        r"\(24 to the 2 areas, 4 as Power cards, 2 separated "
        r"at random, 1 to start the discard piles\) but the "
        r"deck holds 29",
    ):
        new_game(registry, [RandomAgent(0), RandomAgent(1)], scenario="pond")


# ------------------------------------------------------------ rules revision 1


def test_revision_1_sets_a_scenario_up_as_0_1_0_whatever_its_mode_says(tmp_path):
    """A game logged before issue #11 (revision 1) replays with 0.1.0's
    scenario setup: one area for every seat, nothing turned face up, no
    objectives, though the mode asks for areas of their own, 2 reveals and
    objectives."""
    changed = {"areas": "own", "initial-reveals": "2", "objectives": "on"}
    old, log = mod_game(tmp_path, changed, seats=2, rules=FIRST_RULES)
    assert old.state.seat_area == [0, 0] and len(old.state.areas) == 1
    assert old.state.areas[0].face_up_count() == 0 and setup_reveals(log) == []
    assert old.state.objectives == []
    new, log = mod_game(tmp_path, changed, seats=2, rules=RULES)
    assert new.state.seat_area == [0, 1] and len(setup_reveals(log)) == 4
    assert len(new.state.objectives) == 1


def test_revision_1_gives_each_seat_of_the_base_game_its_own_area():
    registry = load_registry()[0]
    with pytest.raises(GameError, match="the base game is for 2 to 6 players, not 1"):
        new_game(registry, [RandomAgent(0)], options=["solo"], rules=FIRST_RULES)
    game = new_game(registry, [RandomAgent(0), RandomAgent(1)], options=["solo"], rules=FIRST_RULES)
    assert game.state.seat_area == [0, 1]


@pytest.mark.parametrize(
    "scenario", ["game-of-thrones", "ragnarok", "runaway-bride", "the-fairest"]
)
def test_the_bundled_solo_mode_sets_a_scenario_up_alike_under_both_revisions(scenario):
    """The bundled `solo` says what 0.1.0 did (one area, all face down, no
    objectives): a scenario's setup is the same under revision 1 and 2, up to
    the first turn."""
    registry = load_registry()[0]

    def setup(rules: int) -> list:
        log: list = []
        new_game(
            registry,
            [RandomAgent(0), RandomAgent(1)],
            scenario=scenario,
            seed=9,
            log=log.append,
            rules=rules,
        )
        return [{k: v for k, v in r.items() if k != "rules"} for r in log]

    assert setup(FIRST_RULES) == setup(RULES)


# ------------------------------------------------------------ the challenge setup


@pytest.mark.parametrize(
    "form, drawn",
    [
        ("replaces draws", ["hard"]),
        ("adds draws", ["easy", "hard"]),
    ],
)
def test_a_challenge_setup_says_whether_its_draws_replace_or_add_to_the_setups(
    tmp_path, form, drawn
):
    game, _ = mod_game(tmp_path, {}, challenge=True, draws=form)
    assert patterns(game) == drawn
    plain, _ = mod_game(tmp_path, {}, challenge=False, draws=form)
    assert patterns(plain) == ["easy"]


def test_a_bare_challenge_setup_replaces_the_draws_as_in_0_1_0():
    """0.1.0's reading of a bare `challenge setup` (the kept 1.0 text of
    scenario 4 has one): with steps, its draws replace the setup's."""
    bare = m.Scenario(
        "s",
        1,
        "S",
        (),
        m.Provenance.PRINTED,
        setup=(m.SetupDraw(m.DrawLaw(1)), m.PowerCards(2)),
        challenge_setup=(m.SetupDraw(m.DrawPattern(1, m.Difficulty.HARD)),),
    )
    assert setup_steps(bare, True) == [
        m.PowerCards(2),
        m.SetupDraw(m.DrawPattern(1, m.Difficulty.HARD)),
    ]
    assert setup_steps(bare, False) == list(bare.setup)
    empty = m.Scenario("s", 1, "S", (), m.Provenance.PRINTED, setup=bare.setup)
    assert setup_steps(empty, True) == list(bare.setup)  # nothing to replace them with
    said = m.Scenario(
        "s",
        1,
        "S",
        (),
        m.Provenance.PRINTED,
        setup=bare.setup,
        challenge_draws=m.ChallengeDraws.REPLACES,
    )
    assert setup_steps(said, True) == [m.PowerCards(2)]  # 'replaces draws { }': none


def test_scenario_4s_challenge_draws_one_pattern_of_each_difficulty_instead():
    """Rulebook, scenario 4: "Instead of drawing 3 easy Pattern cards, you
    must draw one easy, one medium and one hard Pattern card"."""
    scenario = load_registry()[0].get("scenario", "runaway-bride")
    assert scenario.challenge_draws is m.ChallengeDraws.REPLACES
    draws = [
        s.effect.difficulty.value for s in setup_steps(scenario, True) if isinstance(s, m.SetupDraw)
    ]
    assert draws == ["easy", "medium", "hard"]


def test_the_cli_seats_one_player_wherever_the_options_share_one_area():
    """R21 as data: not "is it a scenario" but "do the options share the
    area" decides whether one player may play (dioses play/simulate)."""
    from click.testing import CliRunner

    from dioses_cli.main import dioses

    runner = CliRunner()
    alone = runner.invoke(
        dioses, ["simulate", "--games", "1", "--players", "1", "--rule", "solo", "--format", "json"]
    )
    assert alone.exit_code == 0, alone.output
    refused = runner.invoke(dioses, ["simulate", "--games", "1", "--players", "1"])
    assert refused.exit_code == 2 and "--rule solo, for one player" in refused.output
    too_many = runner.invoke(
        dioses, ["simulate", "--games", "1", "--players", "7", "--scenario", "1"]
    )
    assert too_many.exit_code == 2
