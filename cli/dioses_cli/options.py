"""Options and argument checks shared by the commands."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource
from click.decorators import FC

from dioses_rules.errors import did_you_mean, whole_number

from .completion import complete_rules, complete_scenarios, complete_sets
from .params import FilePath, IntParamType, Whole

if TYPE_CHECKING:  # the pool loads when a command runs, not when options are made
    from dioses_rules.language.model import Definition
    from dioses_rules.pool.registry import Registry

CARDS_OPTION = click.option(
    "--cards",
    "extra_cards",
    multiple=True,
    type=FilePath(exists=True, path_type=Path),
    help="Extra card file or folder (a modder's sets), loaded on top of the bundled ones. "
    "Repeatable.",
)
FORMAT_OPTION = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Readable text, or one JSON document for programs.",
)


ASKED = "dioses.lang"  # ctx.meta: the language the whole command line asks for
LANGUAGES = ("en", "es")  # what --lang may name


def _use_language(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """The terminal's words in ``value`` from here on (:mod:`.i18n`), the
    command's --help too (:mod:`.help_words`: ``--lang es --help``). Not
    given, the language of the command line's last --lang (``dioses`` read
    it first, ``main.asked_language``), else English."""
    from .help_words import speak
    from .i18n import use

    if ctx.get_parameter_source(param.name or "") is ParameterSource.DEFAULT:
        value = ctx.meta.get(ASKED, value)
    use(value)
    speak(ctx.command, value, ctx)
    return value


def _show_rulings(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    from .i18n import show_rulings

    show_rulings(bool(value))
    return value


# For designers: the ruling behind a line ("Laws (R13)"); players read plain words.
RULINGS_OPTION = click.option(
    "--rulings",
    is_flag=True,
    callback=_show_rulings,
    expose_value=False,
    is_eager=True,
    help="Name the ruling of RULINGS.md behind each line, by its code, for designers.",
)


LANG_OPTION = click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default="en",
    show_default=True,
    callback=_use_language,
    is_eager=True,
    help="The language of what the terminal shows: English, or Spanish (messages, and "
    'card text in the rulebook\'s style, "2p si está al lado de un egipcio", with '
    "the printed Spanish names); the pictures of --svg and --sheet too.",
)


def _no_cache(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        from dioses_rules import cache

        cache.switch_off()


NO_CACHE_OPTION = click.option(
    "--no-cache",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_no_cache,
    help="Build the card files and the parser anew, without the per-user cache "
    "(also: DIOSES_NO_CACHE=1).",
)


class Workers(IntParamType):
    """A number of processes, or 'auto': the cores this process may use."""

    name = "N|auto"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        if isinstance(value, int):
            return value
        from dioses_rules.parallel import MAX_WORKERS, available_cores

        text = str(value)
        if text.lower() == "auto":
            return available_cores()
        count = whole_number(text, 6)  # ASCII digits alone, as every number (params.Whole)
        if count is not None and 1 <= count <= MAX_WORKERS:
            return count
        from .i18n import _

        self.fail(
            _("'{value}' is not a number of workers from 1 to {most}, nor 'auto'").format(
                value=value, most=MAX_WORKERS
            ),
            param,
            ctx,
        )


PARALLEL_OPTIONS = [
    click.option(
        "--workers",
        type=Workers(),
        default="1",
        show_default=True,
        help="Processes of this machine to spread the work on ('auto': one per "
        "core). The report is the same for any number.",
    ),
    click.option(
        "--scheduler",
        metavar="ADDRESS",
        help="Run on the Dask distributed cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786; pip install 'dioses-rules[distributed]'). The "
        "report is the same as on one process.",
    ),
]


def parallel_options(command: FC) -> FC:
    """--workers and --scheduler, for simulate and balance."""
    for option in reversed(PARALLEL_OPTIONS):
        command = option(command)
    return command


SETS_OPTION = click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="ID",
    shell_complete=complete_sets,
    help="A set in play, with the sets it requires (default: every loaded set, the bundled "
    "ones and --cards). Repeatable; '--set base' is the base game alone.",
)
SETUP_OPTIONS = [
    SETS_OPTION,
    click.option(
        "--scenario",
        metavar="ID",
        shell_complete=complete_scenarios,
        help="Play a solo/cooperative scenario (id, number or name).",
    ),
    click.option(
        "--challenge",
        is_flag=True,
        help="The scenario's additional challenge (its challenge setup, if any).",
    ),
    click.option(
        "--rule",
        "rules",
        multiple=True,
        metavar="NAME",
        shell_complete=complete_rules,
        help="A rule option (e.g. power-cards, initial-laws). Repeatable.",
    ),
]


def setup_options(command: FC) -> FC:
    """--set, --scenario, --challenge and --rule, for play and simulate."""
    for option in reversed(SETUP_OPTIONS):
        command = option(command)
    return command


def parse_agents(
    text: str | None, allowed: Sequence[str], param: str = "'--agents'"
) -> list[str] | None:
    if text is None:
        return None
    from .i18n import _

    names = [name.strip().lower() for name in text.split(",")]
    if not names or any(not name for name in names):
        raise click.BadParameter(
            _("give agent names separated by commas, e.g. human,greedy"), param_hint=param
        )
    for name in names:
        if name not in allowed:
            hint = _hint(did_you_mean(name, allowed)) or _("agents: {names}").format(
                names=", ".join(allowed)
            )
            said = _("unknown agent '{name}'; {hint}").format(name=name, hint=hint)
            raise click.BadParameter(said, param_hint=param)
    return names


def _hint(suggestion: str | None) -> str | None:
    """did_you_mean's "did you mean 'x'?" in the terminal's language."""
    from dioses_rules.wording.errors import message_text

    from .i18n import lang

    return message_text(suggestion, lang()) if suggestion else None


def load_sets(extra_cards: Sequence[Path], sets: Sequence[str]) -> Registry:
    """The bundled sets and ``--cards``, with only ``--set`` ones (and what
    they require) in play when given."""
    from dioses_rules.pool.load import load_registry

    registry, _ = load_registry(extra_cards)
    if not sets:
        return registry
    for set_id in sets:
        check_set_option(registry, set_id)
    registry, _ = load_registry(extra_cards, list(dict.fromkeys(sets)))
    return registry


def game_arguments(
    extra_cards: Sequence[Path],
    scenario: str | None,
    challenge: bool,
    rules: Sequence[str],
    sets: Sequence[str] = (),
) -> tuple[Registry, str | None, list[str]]:
    """The cards in play, the scenario id and the rule option ids asked for."""
    registry = load_sets(extra_cards, sets)
    scenario_id = resolve_scenario(registry, scenario)
    if challenge and scenario_id is None:
        from .i18n import _

        raise click.BadParameter(
            _("the challenge belongs to a scenario; add --scenario"), param_hint="'--challenge'"
        )
    return registry, scenario_id, resolve_rules(registry, rules)


def resolve_scenario(registry: Registry, name: str | None) -> str | None:
    if name is None:
        return None
    scenarios = registry.definitions("scenario")
    number = whole_number(name, 6)  # as typed: no space, sign or other digits (#23)
    if number is not None:
        for scenario in scenarios:
            if scenario.number == number:
                return scenario.id
    try:
        return _resolved(registry, "scenario", name).id
    except LookupError as error:
        from .i18n import _

        listing = ", ".join(f"{s.number} {s.id}" for s in scenarios)
        said = _("{error}; scenarios: {listing}").format(error=_said(error), listing=listing)
        raise click.BadParameter(said, param_hint="'--scenario'") from None


def _resolved(registry: Registry, family: str, name: str) -> Definition:
    """What ``name`` names: an id, name or alias, or the name a screen in
    the terminal's language shows ("La más bella", a Spanish name of ours)."""
    from dioses_rules.pool.names import fold
    from dioses_rules.wording.names import name_of

    from .i18n import lang

    try:
        return registry.resolve(family, name)
    except LookupError:
        shown = [d for d in registry.definitions(family) if fold(name_of(d, lang())) == fold(name)]
        if len(shown) == 1:
            return shown[0]
        raise


def _said(error: LookupError) -> str:
    """The registry's words for a name it cannot resolve, in the terminal's language."""
    from dioses_rules.wording.errors import message_text

    from .i18n import lang

    return message_text(str(error), lang())


def resolve_rules(registry: Registry, names: Sequence[str]) -> list[str]:
    resolved = []
    for name in names:
        try:
            option = _resolved(registry, "rule-option", name)
        except LookupError as error:
            from .i18n import _

            pool = ", ".join(d.id for d in registry.definitions("rule-option"))
            said = _("{error}; rule options: {listing}").format(error=_said(error), listing=pool)
            raise click.BadParameter(said, param_hint="'--rule'") from None
        if option.id not in resolved:
            resolved.append(option.id)
    return resolved


def shares_one_area(registry: Registry, scenario: str | None, options: Sequence[str]) -> bool:
    """Whether the game's rule options (the sets' own, the chosen ones, the
    scenario's mode) seat every player at one area (``areas shared``, R21)."""
    from dioses_rules.engine.setup import settings_for

    mode: list[str] = []
    if scenario:
        chosen = registry.get("scenario", scenario)
        assert chosen is not None, "the scenario id was resolved (resolve_scenario)"
        mode = list(chosen.options)
    return settings_for(registry, [*registry.always_options(), *options, *mode]).areas == "shared"


def think_option() -> Callable[[FC], FC]:
    """``--think N``: the planner's simulations per decision (the engine is
    imported by the commands that take it, not at startup)."""
    from dioses_rules.engine.planner import DEFAULT_THINK, THINK_RANGE

    low, high = THINK_RANGE
    return click.option(
        "--think",
        type=Whole(low, high),
        default=None,
        metavar="N",
        help=f"The planner agent's simulations per decision, {low} to {high} (default "
        f"{DEFAULT_THINK}): more plays better and slower; 1 plays as greedy.",
    )


def check_think(think: int | None, names: Sequence[str]) -> None:
    """A usage error for --think when no seat is played by the planner."""
    if think is not None and "planner" not in names:
        from .i18n import _

        raise click.BadParameter(
            _(
                "--think sets the planner's simulations per decision, but "
                "no seat is played by the planner; add it to --agents, "
                "e.g. --agents planner,greedy"
            ),
            param_hint="'--think'",
        )


def check_players(players: int, solo: bool, most: int) -> None:
    """A usage error for a number of players the game cannot seat: a
    scenario or a game on one shared area (``solo``) seats 1 to ``most``,
    the base game 2 to ``most`` (the engine says the same: setup.seat_areas)."""
    least = 1 if solo else 2
    if not least <= players <= most:
        from .i18n import _

        said = (
            _(
                "a scenario or a game on one shared area is for {least} to {most} players, not {players}"
            )
            if solo
            else _(
                "the base game is for {least} to {most} players, not {players}; "
                "use --scenario, or --rule solo, for one player"
            )
        )
        raise click.BadParameter(
            said.format(least=least, most=most, players=players), param_hint="'--players'"
        )


def check_set_option(registry: Registry, only_set: str | None) -> bool:
    """Whether ``--set`` was given; a usage error when it names no loaded set."""
    if only_set is None:
        return False
    if only_set not in registry.sets:
        from .i18n import _

        hint = _hint(did_you_mean(only_set, registry.sets)) or _("sets: {names}").format(
            names=", ".join(registry.sets)
        )
        said = _("unknown set '{name}'; {hint}").format(name=only_set, hint=hint)
        raise click.BadParameter(said, param_hint="'--set'")
    return True


def check_writable_target(
    path: Path, option: str, accepts: Callable[[Path], bool], what: str
) -> None:
    """Refuse a target that is a folder, sits in no folder, or is a file we did not write."""
    from .i18n import _

    if path.is_dir():
        raise click.BadParameter(_("{path} is a folder").format(path=path), param_hint=option)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        said = _("no folder {parent} for {path}").format(parent=parent, path=path)
        raise click.BadParameter(said, param_hint=option)
    if not os.access(parent, os.W_OK):
        said = _("cannot write in {parent}").format(parent=parent)
        raise click.BadParameter(said, param_hint=option)
    if path.exists() and not accepts(path):
        raise click.BadParameter(
            f"{path} exists and is not {what}; not overwriting it (give another file)",
            param_hint=option,
        )
