"""Value completion for the shell (click's completion: see the README): the
set, scenario and rule option ids of the loaded card pool, and agent names.

A completion runs while the user types, so it never fails: a card file that
does not load completes nothing rather than printing an error.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import click
from click.shell_completion import CompletionItem

if TYPE_CHECKING:
    from dioses_rules.pool.registry import Registry


def _registry(ctx: click.Context) -> Registry | None:
    """The card pool the command would load, with the --cards given so far."""
    from dioses_rules.errors import DiosesError
    from dioses_rules.pool.load import load_registry

    root: click.Context | None = ctx
    extra: tuple[str, ...] = ()
    while root is not None:  # --cards may sit on the command itself
        extra = root.params.get("extra_cards") or extra
        root = root.parent
    try:
        return load_registry(tuple(extra))[0]
    except (DiosesError, OSError):
        return None


def _items(pairs: Iterable[tuple[str, str]], incomplete: str) -> list[CompletionItem]:
    """The ids starting with what was typed (case-insensitive), with a help text."""
    typed = incomplete.lower()
    return [
        CompletionItem(value, help=help_text)
        for value, help_text in pairs
        if value.lower().startswith(typed)
    ]


def complete_sets(
    ctx: click.Context, param: click.Parameter | None, incomplete: str
) -> list[CompletionItem]:
    registry = _registry(ctx)
    if registry is None:
        return []
    return _items(
        ((set_id, loaded.card_set.name) for set_id, loaded in sorted(registry.sets.items())),
        incomplete,
    )


def complete_scenarios(
    ctx: click.Context, param: click.Parameter | None, incomplete: str
) -> list[CompletionItem]:
    registry = _registry(ctx)
    if registry is None:
        return []
    scenarios = sorted(registry.definitions("scenario"), key=lambda s: (s.number, s.id))
    found = _items(((s.id, f"{s.number}. {s.name}") for s in scenarios), incomplete)
    if param is not None and "all" in (param.metavar or "") and "all".startswith(incomplete):
        found.append(CompletionItem("all", help="every scenario"))
    return found


def complete_rules(
    ctx: click.Context, param: click.Parameter | None, incomplete: str
) -> list[CompletionItem]:
    registry = _registry(ctx)
    if registry is None:
        return []
    return _items(
        ((o.id, o.name) for o in sorted(registry.definitions("rule-option"), key=lambda o: o.id)),
        incomplete,
    )


def complete_agents(
    ctx: click.Context, param: click.Parameter | None, incomplete: str
) -> list[CompletionItem]:
    """A comma-separated list: the names so far stay, the last one completes."""
    from dioses_rules.engine.agents import AGENTS

    names = list(AGENTS)
    if ctx.command.name == "play":
        names.insert(0, "human")
    done, _, last = incomplete.rpartition(",")
    prefix = f"{done}," if done else ""
    return [CompletionItem(prefix + name) for name in names if name.startswith(last.lower())]
