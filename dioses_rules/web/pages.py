"""The routes of the web app: the card gallery, a card's page, the board
builder and its JSON API (score, export, import)."""

from __future__ import annotations

import re

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ..errors import BoardError, Diagnostic, DiosesError, whole_number
from ..language import model as m
from ..language.spanish_definitions import PROVENANCE_WORDS
from ..pool.our_names import our_translation, spanish_name
from ..structured import DataError, loads_json
from ..wording.errors import message_text
from ..wording.names import name_of, state_name
from .boards import MAX_BOARD_BYTES, SolverMissing, best, error_json, exported, imported, scored
from .builder_words import builder_words
from .catalog import BALANCE_BOARDS, BALANCE_SEED, FILTERS, Catalog, Entry, entry_json
from .language import FACET_NAMES, N_, catalogue, say
from .language import chosen as language_of
from .templating import TEMPLATES, JSONAnswer

MAX_BODY = MAX_BOARD_BYTES
BODY = "<page>"  # how messages name the board the page sent
_SHOWN_NAME = re.compile(r"[^A-Za-z0-9._ -]")
BOARD_FAMILIES = ("myth", "law", "pattern", "objective-goal", "objective-element", "scenario")


def _catalog(request: Request) -> Catalog:
    catalog: Catalog = request.app.state.catalog  # set by create_app
    return catalog


async def home(request: Request) -> Response:
    catalog = _catalog(request)
    return TEMPLATES.TemplateResponse(
        request, "home.html", {"count": len(catalog.entries), "sets": catalog.registry.active}
    )


async def gallery(request: Request) -> Response:
    catalog = _catalog(request)
    chosen = {name: request.query_params.get(name, "") for name in FILTERS}
    query = request.query_params.get("q", "")
    entries = catalog.select(chosen, query)
    lang = language_of(request)
    names = []
    for entry in entries:
        name = name_of(entry.definition, lang)
        names.append({"name": name, "ours": our_translation(entry.definition, name)})
    return TEMPLATES.TemplateResponse(
        request,
        "gallery.html",
        {
            "entries": entries,
            "names": names,
            "facet_names": FACET_NAMES,
            "facets": catalog.facets(),
            "chosen": chosen,
            "query": query,
            "total": len(catalog.entries),
            "words": _facet_words(catalog, lang),
        },
    )


def _facet_words(catalog: Catalog, lang: str = "en") -> dict[str, dict[str, str]]:
    """How each filter value is shown: a mythology or type by its word in
    ``lang`` ("Greek" / "Griego"), a set by its name, a kind by the
    catalogue's word."""
    vocabulary = catalog.registry.vocabulary
    say = catalogue(lang).gettext
    spanish = {
        "mythology": lambda value: vocabulary.spanish_adjective(value).masculine,
        "type": lambda value: vocabulary.spanish_noun(value).singular,
        "provenance": lambda value: PROVENANCE_WORDS[m.Provenance(value)],
    }
    words: dict[str, dict[str, str]] = {name: {} for name in FILTERS}
    for name, values in catalog.facets().items():
        for value in values:
            shown = say(value.replace("-", " "))
            if lang == "es" and name in spanish:
                shown = spanish[name](value)
                shown = shown[:1].upper() + shown[1:]
            elif name in ("mythology", "type"):
                shown = vocabulary.english(name, value)
            elif name == "set":
                shown = catalog.registry.sets[value].card_set.name
            words[name][value] = shown
    return words


def _entry(request: Request) -> Entry:
    params = request.path_params
    entry = _catalog(request).get(params["set_id"], params["family"], params["card_id"])
    if entry is None:
        raise HTTPException(
            404,
            say(
                request,
                N_("no card '%(card)s' of kind '%(kind)s' in set '%(set)s'"),
                card=params["card_id"],
                kind=params["family"],
                set=params["set_id"],
            ),
        )
    return entry


async def card_picture(request: Request) -> Response:
    entry = _entry(request)
    return Response(
        _catalog(request).svg(entry, language_of(request)),
        media_type="image/svg+xml",
        # drawn in the browser's language (its cookie): a cache keeps one per language
        headers={"cache-control": "max-age=3600", "vary": "cookie, accept-language"},
    )


async def card_page(request: Request) -> Response:
    catalog = _catalog(request)
    entry = _entry(request)
    # dealt once per catalog, the first time a card page asks (a fraction of a second)
    balance = await run_in_threadpool(catalog.balance, entry)
    family, card_id = entry.family, entry.definition.id
    other = None
    if entry.replaced_by:
        other = catalog.get(entry.replaced_by, family, card_id)
    elif entry.replaces:
        other = catalog.get(entry.replaces, family, card_id)
    definition = entry.definition
    lang = language_of(request)
    name = name_of(definition, lang)
    return TEMPLATES.TemplateResponse(
        request,
        "card.html",
        {
            "entry": entry,
            "definition": definition,
            "name": name,
            "ours": our_translation(definition, name),
            "other_names": _other_names(definition, name),
            "other_name": name_of(other.definition, lang) if other is not None else "",
            "what": catalog.what(entry, lang),
            "english": catalog.english(entry),
            "source": catalog.source(entry),
            "spanish": catalog.spanish(entry),
            "balance": balance,
            "boards": BALANCE_BOARDS,
            "seed": BALANCE_SEED,
            "balance_report": catalog.balance_report if balance is not None else None,
            "notes": catalog.notes(entry),
            "citations": catalog.citations(entry),
            "other": other,
            "tags": definition.tags if isinstance(definition, m.MythCard) else (),
            "set_name": catalog.registry.sets[entry.set_id].card_set.name,
        },
    )


def _other_names(definition: m.Definition, name: str) -> list[dict[str, object]]:
    """Its names besides ``name``: the printed one, its aliases, our Spanish
    one (marked as ours: no rulebook prints it, CARDS.md)."""
    names = dict.fromkeys((definition.name, *definition.aliases, spanish_name(definition) or ""))
    return [
        {"name": other, "ours": our_translation(definition, other)}
        for other in names
        if other and other != name
    ]


async def board_page(request: Request) -> Response:
    catalog = _catalog(request)
    registry = catalog.registry
    in_play = {
        family: entry_json(
            catalog,
            filter(None, (catalog.in_play(family, d.id) for d in registry.definitions(family))),
            language_of(request),
        )
        for family in BOARD_FAMILIES
    }
    scenarios = {s.id: sorted(s.state_names) for s in registry.definitions("scenario")}
    # each state word as the page's language says it ("fairest": "la más bella")
    state_words = {
        word: state_name(word, language_of(request))
        for words in scenarios.values()
        for word in words
    }
    data = {"cards": in_play, "scenario_state": scenarios, "state_words": state_words}
    words = builder_words(language_of(request))
    return TEMPLATES.TemplateResponse(request, "board.html", {"data": data, "words": words})


async def read_body(request: Request) -> bytes:
    """The request's body, refused past :data:`MAX_BODY` before it is all read."""
    length = request.headers.get("content-length")
    declared = None if length is None else whole_number(length, 18)
    if length is not None and (declared is None or declared > MAX_BODY):
        raise HTTPException(413, _too_big(request))
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise HTTPException(413, _too_big(request))
        chunks.append(chunk)
    return b"".join(chunks)


def _too_big(request: Request) -> str:
    return say(request, N_("a board is at most %(kib)s KiB"), kib=MAX_BODY // 1024)


async def _json(request: Request) -> object:
    """The JSON body, read by the bounded reader every file goes through
    (:func:`~dioses_rules.structured.loads_json`): a body that is not JSON,
    nests past its depth, holds a number of hundreds of digits or a lone
    surrogate escape is a :class:`DataError` at its line and column, which
    the app answers 400 (:func:`bad_body`)."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise HTTPException(
            415, say(request, N_("send the board as %(kind)s"), kind="application/json")
        )
    raw = await read_body(request)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(
            Diagnostic(
                "E202",
                f"not valid JSON: byte {error.start + 1} is not UTF-8 text",
                BODY,
                help="send the board as UTF-8 JSON",
            )
        ) from None
    return loads_json(text, BODY, code="E202")


async def bad_body(request: Request, error: Exception) -> Response:
    """A body the bounded reader refused: 400 with its located message."""
    assert isinstance(error, DataError)  # the handler of DataError only
    return JSONAnswer(error_json(error, language_of(request)), status_code=400)


async def api_score(request: Request) -> Response:
    data = await _json(request)
    try:
        return JSONAnswer(scored(_catalog(request), data, language_of(request)))
    except BoardError as error:
        return JSONAnswer(error_json(error, language_of(request)), status_code=422)


async def api_best(request: Request) -> Response:
    """The solver's best arrangement of the board's cards (a few seconds at
    most, off the event loop)."""
    from starlette.concurrency import run_in_threadpool

    data = await _json(request)
    try:
        return JSONAnswer(await run_in_threadpool(best, _catalog(request), data))
    except SolverMissing as error:
        said = message_text(str(error), language_of(request))
        return JSONAnswer({"errors": [{"code": "E302", "message": said}]}, status_code=501)
    except DiosesError as error:  # a bad board, or E300: a line the solver cannot express
        return JSONAnswer(error_json(error, language_of(request)), status_code=422)


async def api_export(request: Request) -> Response:
    data = await _json(request)
    try:
        text = exported(_catalog(request), data)
    except BoardError as error:
        return JSONAnswer(error_json(error, language_of(request)), status_code=422)
    return Response(
        text,
        media_type="application/toml",
        headers={"content-disposition": 'attachment; filename="board.toml"'},
    )


def shown_name(raw: str) -> str:
    """The uploaded file's name as messages show it: its last part, plain
    characters only, never used as a path."""
    name = raw.replace("\\", "/").rsplit("/", 1)[-1]
    name = _SHOWN_NAME.sub("_", name)[:80].strip()
    return name or "uploaded board"


async def api_import(request: Request) -> Response:
    """A board file sent as the body (the page reads the chosen file)."""
    raw = await read_body(request)
    shown = shown_name(request.headers.get("x-board-name", ""))
    try:
        return JSONAnswer({"board": imported(_catalog(request), raw, shown)})
    except BoardError as error:
        source = raw.decode("utf-8", "replace")
        return JSONAnswer(error_json(error, language_of(request), source), status_code=422)


async def switch_language(request: Request) -> Response:
    """The header's switch (POST ``lang``, ``back``): the cookie, kept a
    year, then back to the page it was on (a path of this site only)."""
    from urllib.parse import parse_qs

    from starlette.responses import RedirectResponse

    from .language import COOKIE, LANGUAGES

    try:
        form = parse_qs((await read_body(request)).decode("utf-8"), max_num_fields=4)
    except (UnicodeDecodeError, ValueError):
        form = {}
    lang = form.get("lang", ["en"])[0]
    back = form.get("back", ["/"])[0]
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"
    answer = RedirectResponse(back, status_code=303)
    if lang in LANGUAGES:
        answer.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return answer
