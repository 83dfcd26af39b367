"""DL116: the words the sets declare, each meaning one thing.
Each function takes the :class:`lint.DefinitionChecker` that records."""

from __future__ import annotations

from ..language.vocabulary import UNDECLARABLE
from .lint_checker import Checker


def check_vocabulary(checker: Checker) -> None:
    """DL116: every declared word means one thing: not declared twice, not a
    mythology and a type at once, not a keyword, a plural not another word."""
    seen: dict[str, tuple[str, str]] = {}  # word or plural -> (kind, set id)
    for set_id in checker.registry.active:
        loaded = checker.registry.sets[set_id]
        checker.path = loaded.path
        for word in loaded.card_set.words:
            # one declaration, one diagnostic: its word and its plural are one mistake
            problem = None
            forms = [word.id] + ([word.plural] if word.plural and word.plural != word.id else [])
            for form in forms:
                if form in UNDECLARABLE:
                    problem = problem or (
                        f"'{form}' is a keyword of the card language",
                        f"declare the {word.kind} under another word",
                    )
                elif form in seen:
                    kind, where = seen[form]
                    problem = problem or (
                        f"'{form}' is already declared as a {kind} by set '{where}'",
                        f"each word names one mythology or type: use set '{where}'s "
                        f"'{form}' as it is, or declare yours under another word",
                    )
                else:
                    seen[form] = (word.kind, set_id)
            if problem is not None:
                checker.add("DL116", problem[0], word, help=problem[1])
