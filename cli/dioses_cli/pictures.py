"""Where the pictures go (``--svg``, ``--sheet``, ``--plot``), and writing them.

The rule of every writer here: nothing already written is lost. An existing
file is replaced only with ``--overwrite``, and then only when it is a
picture of the same kind (an SVG or a PDF), never another file. The target
is checked before any work is done, so a long ``dioses balance`` does not
end in a refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import click

from dioses_rules.errors import DiosesError

from .i18n import _
from .options import check_writable_target

KINDS = {".svg": "an SVG picture", ".pdf": "a PDF"}

OVERWRITE_OPTION = click.option(
    "--overwrite",
    is_flag=True,
    help="Replace an existing picture (an SVG or PDF file) at the picture's path.",
)


def _is_kind(suffix: str) -> Callable[[Path], bool]:
    def accepts(path: Path) -> bool:
        try:
            with open(path, "rb") as handle:
                head = handle.read(512)
        except OSError:
            return False
        if suffix == ".pdf":
            return head.startswith(b"%PDF-")
        return b"<svg" in head or head.lstrip().startswith(b"<?xml")

    return accepts


def check_picture_target(
    path: Path | None, option: str, suffixes: Sequence[str], overwrite: bool
) -> str | None:
    """The picture's kind (".svg" or ".pdf") from its name; refuse a name of
    another kind, a folder, a missing or read-only folder, and an existing
    file unless ``overwrite`` asks for it (and it is a picture of that kind).
    No picture asked for: None (and ``--overwrite`` alone is a usage error)."""
    if path is None:
        if overwrite:
            raise click.UsageError(f"--overwrite goes with {option.strip(chr(39))} FILE")
        return None
    suffix = path.suffix.lower()
    if suffix not in suffixes:
        kinds = " or ".join(f"'{s}'" for s in suffixes)
        raise click.BadParameter(
            f"{path} does not end in {kinds}: name the file "
            f"{' or '.join('NAME' + s for s in suffixes)}",
            param_hint=option,
        )
    check_writable_target(path, option, _is_kind(suffix), KINDS[suffix])
    if path.exists() and not overwrite:
        said = _("{path} exists; add --overwrite to replace it, or give another file")
        raise click.BadParameter(said.format(path=path), param_hint=option)
    return suffix


def require_pictures() -> None:
    """drawsvg is there, or one clear error naming the extra to install."""
    try:
        import drawsvg  # noqa: F401
    except ImportError as error:
        raise DiosesError.one(
            "E400",
            f"pictures need drawsvg, which is not installed ({error.name})",
            help="pip install 'dioses-rules[pictures]'",
        ) from None


def written(path: Path, message: str, output_format: str) -> None:
    """Say where the picture went (``message``, marked with N_, "plot written
    to {path}"): on stdout, or on stderr when stdout is JSON."""
    click.echo(_(message).format(path=path), err=output_format == "json")


def write_svg(path: Path, svg: str) -> None:
    from dioses_rules.files import atomic_write_text

    atomic_write_text(path, svg)


def write_pdf(path: Path, pages: Sequence[str]) -> None:
    """One PDF page per SVG page; made whole before the file is touched."""
    from dioses_rules.files import atomic_write_bytes
    from dioses_rules.render.export import pdf

    atomic_write_bytes(path, pdf(pages))
