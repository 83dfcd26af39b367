"""Go to the definition in effect, find references, rename: a name is
followed to the one definition the file's own pool uses.

A file's pool is what it loads with: its own set and the sets it
``requires``, transitively, requirements first. A required set is taken
from the file itself, an open buffer, a file of the workspace (a copy that
is identical to the bundled one first) and only then from the bundled sets
(the installed package): so that with a checkout of the game as the
workspace a jump lands in the checkout, not in site-packages, and the
thirty test fixtures that define a set of the same id are not thirty
answers. In the pool, a card is the first set's definition of its id,
unless a later set ``replaces`` it.

References and rename follow each file's names to the definitions *its*
pool uses, so a copy of a set elsewhere in the workspace keeps its own
cards. A rename never edits a file outside the workspace (the installed
package's bundled sets): it is refused with the reason (:class:`Refused`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from attrs import frozen

from ..language import model as m
from ..pool.sources import SourceFile
from .features import Place, _name_place, word_at
from .fixes import Edit
from .keywords import is_keyword, name_pattern
from .names import Name, name_at, names
from .workspace import Snapshot

_WORD = re.compile(name_pattern())
# Which names may stand for which kind of target.
_ROLES = {
    "id": ("id", "named"),
    "tag": ("tag", "named"),
    "declared": ("declared",),
    "set": ("set",),
}


class Refused(Exception):
    """A rename that is not done, and why (shown to the person asking)."""


@frozen
class Target:
    """What a name stands for: its kind ("id", "tag", "declared", "set"),
    the word that identifies it (a declared word's id), and the file and
    line where it is defined (none for a tag, which is the cards' word)."""

    kind: str
    key: str
    path: str = ""
    line: int = 0


class Files:
    """The card files of a session, each with the pool it loads with.

    ``bundled``: the paths of the bundled sets; ``folders``: the workspace
    folders; ``opened``: the paths of the open buffers."""

    def __init__(
        self,
        snapshot: Snapshot,
        bundled: Iterable[str],
        folders: Iterable[Path],
        opened: Iterable[str],
    ) -> None:
        self.snapshot = snapshot
        self.bundled = set(bundled)
        self.folders = [Path(folder) for folder in folders]
        self.opened = set(opened)
        self.sources: dict[str, SourceFile] = {}
        for source in [*snapshot.sources, *snapshot.elsewhere()]:
            self.sources.setdefault(source.path, source)
        order = {path: index for index, path in enumerate(snapshot.texts)}
        bundled_text = {
            self.sources[path].header.set_id: self.sources[path].text
            for path in self.bundled
            if path in self.sources
        }

        def rank(source: SourceFile) -> tuple[int, int]:
            if source.path in self.opened:
                kind = 0
            elif source.path in self.bundled:  # itself in the workspace (a checkout) first
                kind = 1 if self.editable(source.path) else 3
            else:
                kind = 1 if bundled_text.get(source.header.set_id) == source.text else 2
            return kind, order.get(source.path, len(order))

        self.providers: dict[str, list[str]] = {}  # set id -> files defining it, best first
        for source in sorted(self.sources.values(), key=rank):
            if source.header.set_id:
                self.providers.setdefault(source.header.set_id, []).append(source.path)
        self._pools: dict[str, list[str]] = {}

    # ------------------------------------------------------------ pools
    def provider(self, set_id: str, asking: str) -> str | None:
        """The file that defines ``set_id`` for the file ``asking``."""
        source = self.sources.get(asking)
        if source is not None and source.header.set_id == set_id:
            return asking
        found = self.providers.get(set_id)
        return found[0] if found else None

    def pool(self, path: str) -> list[str]:
        """The files ``path`` loads with, requirements first, itself last."""
        if path in self._pools:
            return self._pools[path]
        chosen: list[str] = []
        seen: set[str] = set()

        def want(set_id: str) -> None:
            where = self.provider(set_id, path)
            if set_id in seen or where is None:
                return
            seen.add(set_id)
            for required in self.sources[where].header.requires:
                want(required)
            chosen.append(where)

        source = self.sources.get(path)
        if source is not None and source.header.set_id:
            want(source.header.set_id)
        else:  # no set header (yet): what the open buffers load with, and itself
            chosen = [loaded.path for loaded in self.snapshot.registry.sets.values()]
        if path not in chosen and path in self.sources:
            chosen.append(path)
        self._pools[path] = chosen
        return chosen

    def shadowed(self, path: str) -> bool:
        """A bundled file whose set the workspace (or a buffer) provides."""
        set_id = self.sources[path].header.set_id if path in self.sources else None
        return path in self.bundled and set_id is not None and self.providers[set_id][0] != path

    def editable(self, path: str) -> bool:
        """A file a rename may edit: an open buffer or a file of the
        workspace, never the installed package's bundled sets."""
        if path in self.bundled:
            return any(_inside(path, folder) for folder in self.folders)
        return True

    # ------------------------------------------------------- what names are
    def names(self, path: str) -> tuple[Name, ...]:
        source = self.sources.get(path)
        text = self.snapshot.texts.get(path, source.text if source else "")
        return names(text, path, source.vocabulary if source else None)

    def definition(self, path: str, word: str) -> tuple[str, m.Definition] | None:
        """The definition of ``word`` in effect in ``path``'s pool."""
        found = None
        for where in self.pool(path):
            card_file = self.sources[where].card_file
            replaces = card_file.card_set.replaces if card_file.card_set else ()
            for definition in card_file.definitions:
                if definition.id == word and definition.span is not None:
                    if found is None or word in replaces:
                        found = (where, definition)
                    break
        return found

    def declaration(self, path: str, word: str) -> tuple[str, m.WordDecl] | None:
        """The mythology or type ``word`` (or its plural) declared in the pool."""
        for where in self.pool(path):
            card_set = self.sources[where].card_file.card_set
            for decl in card_set.words if card_set else ():
                if word in (decl.id, decl.plural) and decl.span is not None:
                    return where, decl
        return None

    def is_tag(self, path: str, word: str) -> bool:
        return any(
            word in getattr(definition, "tags", ())
            for where in self.pool(path)
            for definition in self.sources[where].card_file.definitions
        )

    def target(self, path: str, name: Name) -> Target | None:
        """What a name of ``path`` stands for there (the spans looked up
        were found with one: definitions and declarations without are skipped)."""
        if name.role == "declared":
            declared = self.declaration(path, name.word)
            if declared is None or declared[1].span is None:
                return None
            return Target("declared", declared[1].id, declared[0], declared[1].span.line)
        if name.role == "set":
            where = self.provider(name.word, path)
            return Target("set", name.word, where) if where else None
        if name.role in ("id", "named"):
            defined = self.definition(path, name.word)
            if defined is not None and defined[1].span is not None:
                return Target("id", name.word, defined[0], defined[1].span.line)
        if name.role == "tag" or (name.role == "named" and self.is_tag(path, name.word)):
            return Target("tag", name.word)
        return None

    def target_at(self, path: str, line: int, character: int) -> tuple[Name, Target] | None:
        name = name_at(self.names(path), line, character)
        if name is None:
            return None
        found = self.target(path, name)
        return (name, found) if found is not None else None

    # ---------------------------------------------------------- answers
    def place_of(self, target: Target, word: str) -> Place | None:
        """Where a target is defined: the id after 'god', the declared word,
        the set's id."""
        source = self.sources.get(target.path)
        if source is None:
            return None
        card_file = source.card_file
        if target.kind == "set" and card_file.card_set and card_file.card_set.span:
            return _name_place(self.snapshot, card_file.card_set.span, word)
        if target.kind == "declared" and card_file.card_set:
            for decl in card_file.card_set.words:
                if decl.id == target.key and decl.span is not None:
                    return _name_place(self.snapshot, decl.span, decl.id)
        if target.kind == "id":
            for definition in card_file.definitions:
                if definition.span is not None and definition.span.line == target.line:
                    return _name_place(self.snapshot, definition.span, word)
        return None

    def definitions(self, path: str, line: int, character: int) -> list[Place]:
        """The definition in effect of the name at the cursor: one place.
        A name the pool does not define (a card of a set not required, a
        misspelt id) falls back to where the workspace defines it, one
        place per set, the open buffers and workspace before the bundled."""
        found = self.target_at(path, line, character)
        if found is not None and found[1].kind != "tag":
            place = self.place_of(found[1], found[1].key)
            if place is not None:
                return [place]
        word = word_at(self.snapshot.texts.get(path, ""), line, character)
        if word is None or (found is not None and found[1].kind == "tag"):
            return []
        return self._fallback(word[0])

    def _fallback(self, word: str) -> list[Place]:
        places, sets = [], set()
        for set_id, paths in self.providers.items():
            for where in paths:
                if self.shadowed(where) or set_id in sets:
                    continue
                for definition in self.sources[where].card_file.definitions:
                    if definition.id == word and definition.span is not None:
                        places.append(_name_place(self.snapshot, definition.span, word))
                        sets.add(set_id)
                        break
        rank = {path: index for index, path in enumerate(self.opened)}
        return sorted(places, key=lambda p: (p.path in self.bundled, rank.get(p.path, len(rank))))

    def references(self, target: Target, word: str) -> list[Place]:
        """Every name that stands for ``target``, in the files that can see
        it (the bundled sets a workspace copy replaces are left out)."""
        pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
        found: list[Place] = []
        for path, source in self.sources.items():
            text = self.snapshot.texts.get(path, source.text)
            if self.shadowed(path) or not pattern.search(text):
                continue
            for name in self.names(path):
                if (
                    name.word == word
                    and name.role in _ROLES[target.kind]
                    and self.target(path, name) == target
                ):
                    found.append(Place(path, name.line, name.start, name.end))
        return found

    def rename(self, path: str, line: int, character: int, new: str) -> dict[str, list[Edit]]:
        """The edits, by file, that rename the name at the cursor to ``new``."""
        name, target = self.renamed(path, line, character)
        if new == name.word:
            return {}
        if not _WORD.fullmatch(new) or is_keyword(new):
            raise Refused(
                f"'{new}' cannot be a name: use lowercase letters, digits and '-' "
                "(kebab-case), and no keyword of the language"
            )
        clash = self._clash(target, new)
        if clash:
            raise Refused(clash)
        edits: dict[str, list[Edit]] = {}
        for place in self.references(target, name.word):
            if not self.editable(place.path):
                raise Refused(
                    f"'{name.word}' is also named in {place.path}:{place.line + 1}, a bundled "
                    "set of the installed package outside the workspace, which is never "
                    "edited: open a copy of that set in the workspace first"
                )
            edits.setdefault(place.path, []).append(Edit(place, new))
        return edits

    def renamed(self, path: str, line: int, character: int) -> tuple[Name, Target]:
        """The name at the cursor and what it stands for, if it can be
        renamed (:class:`Refused` says why not)."""
        found = self.target_at(path, line, character)
        if found is None:
            raise Refused(
                "nothing to rename here: put the cursor on a card id, a tag, a set id "
                "or a declared mythology or type"
            )
        name, target = found
        if target.path and not self.editable(target.path):
            raise Refused(
                f"'{name.word}' is defined in {target.path}, a bundled set of the installed "
                "package outside the workspace, which is never edited: open a copy of that "
                "set in the workspace to rename it there"
            )
        if target.kind == "declared" and name.word != target.key:
            raise Refused(
                f"'{name.word}' is the plural of '{target.key}': rename it where it is "
                f"declared ('plural {name.word}')"
            )
        return name, target

    def _clash(self, target: Target, new: str) -> str | None:
        """Why ``new`` would be taken where the target is defined, if it is."""
        where = target.path or next(iter(self.opened), "")
        defined = self.definition(where, new) if target.kind == "id" else None
        if defined is not None and defined[1].span is not None:
            return (
                f"'{new}' is already the id of a definition at {defined[0]}:{defined[1].span.line}"
            )
        declared = self.declaration(where, new) if target.kind == "declared" else None
        if declared is not None:
            return f"'{new}' is already a word declared in {declared[0]}"
        if target.kind == "set" and new in self.providers:
            return f"'{new}' is already a set, defined in {self.providers[new][0]}"
        return None


def _inside(path: str, folder: Path) -> bool:
    try:
        Path(path).relative_to(folder)
    except ValueError:
        return False
    return True
