"""The routes of a game in the browser: a new game's form, the game's page
(the areas, the decision as buttons, what happened), and the answer.

Plain HTML forms: every choice is a button, so a game is played with the
mouse or the keyboard alike, and with no script at all.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ..engine.setup import MAX_SEATS
from ..errors import DiosesError, whole_number
from ..pool.our_names import our_translation
from ..wording import names as wording
from ..wording.errors import error_text
from .language import N_, STATE_WORDS, chosen, say
from .pages import read_body
from .play import SEAT_KINDS, GameSetup, PlayError, TableGame
from .play_story import in_language
from .saved import describe
from .tables import Tables
from .templating import TEMPLATES, JSONAnswer

NO_SEAT = "none"
FORM_KIND = "application/x-www-form-urlencoded"


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables  # set by create_app
    return tables


async def _form(request: Request) -> dict[str, list[str]]:
    kind = request.headers.get("content-type", "").split(";")[0].strip()
    if kind != FORM_KIND:
        raise HTTPException(415, say(request, N_("send the form as %(kind)s"), kind=FORM_KIND))
    try:
        return parse_qs((await read_body(request)).decode("utf-8"), max_num_fields=40)
    except (UnicodeDecodeError, ValueError) as error:
        raise HTTPException(400, say(request, N_("not a form: %(why)s"), why=error)) from None


def _new_page(request: Request, error: str = "", status: int = 200) -> Response:
    tables = _tables(request)
    listed = tables.listing()
    games = [
        (g.id, g.seats, g.snapshot.get("state"), g.live, g.snapshot.get("turn")) for g in listed
    ]
    playing = {g.id for g in listed}
    kept = [game_id for game_id in tables.saved_games() if game_id not in playing]
    saved = describe(tables.folder, kept, chosen(request)) if tables.folder is not None else []
    registry = tables.catalog.registry
    always = set(registry.always_options())
    lang = chosen(request)
    texts = wording.texts(registry, lang)
    options = [
        {
            "id": option.id,
            "name": wording.name_of(option, lang),
            "text": texts.text(option).removeprefix(texts.writer.phrase("option")).rstrip("."),
        }
        for option in registry.definitions("rule-option")
        if option.id not in always
    ]
    scenarios = [
        {"id": s.id, "number": s.number, "name": wording.name_of(s, lang)}
        for s in registry.definitions("scenario")
    ]
    ours = any(
        our_translation(d, wording.name_of(d, lang))
        for family in ("scenario", "rule-option")
        for d in registry.definitions(family)
    )
    return TEMPLATES.TemplateResponse(
        request,
        "play_new.html",
        {
            "kinds": SEAT_KINDS,
            "max_seats": MAX_SEATS,
            "games": games,
            "error": error,
            "saves": tables.folder is not None,
            "saved": saved,
            "scenarios": scenarios,
            "options": options,
            "ours": ours,
            "state_words": STATE_WORDS,
            "private": tables.private,
        },
        status_code=status,
    )


async def play_new(request: Request) -> Response:
    return _new_page(request)


async def play_start(request: Request) -> Response:
    form = await _form(request)
    seats = [form.get(f"seat{i}", [NO_SEAT])[0] for i in range(1, MAX_SEATS + 1)]
    seats = [seat for seat in seats if seat != NO_SEAT]
    seed_text = form.get("seed", [""])[0].strip()
    seed = whole_number(seed_text, 18)
    if seed_text and seed is None:
        shown = seed_text if len(seed_text) <= 20 else seed_text[:20] + "..."
        said = say(
            request,
            N_("the seed is a whole number of at most 18 digits, not '%(seed)s'"),
            seed=shown,
        )
        return _new_page(request, said, 422)
    scenario = form.get("scenario", [""])[0] or None
    setup = GameSetup(
        scenario,
        form.get("challenge", [""])[0] == "yes",
        tuple(dict.fromkeys(form.get("rule", []))),
    )
    try:
        table = await run_in_threadpool(_tables(request).new, seats, seed, setup)
    except PlayError as error:
        return _new_page(request, error.words(chosen(request)), 422)
    return _sat_down(request, table)


def _sat_down(request: Request, table: TableGame) -> RedirectResponse:
    """A game just set on the table: with one person on this machine, its
    page; with several people, or a server others reach, the page of every
    seat's private link, to hand them out."""
    if _tables(request).private or len(table.tokens) > 1:
        return RedirectResponse(f"/play/{table.id}/seats?key={table.owner}", status_code=303)
    return RedirectResponse(f"/play/{table.id}", status_code=303)


async def play_resume(request: Request) -> Response:
    """Go on with a saved game, named by its id among those the page listed."""
    form = await _form(request)
    try:
        table = await run_in_threadpool(_tables(request).resume, form.get("game", [""])[0])
    except PlayError as error:
        return _new_page(request, error.words(chosen(request)), 422)
    except DiosesError as error:  # a damaged save (GameError): the save's own words
        why = error_text(error.diagnostics, chosen(request))
        said = say(request, N_("this saved game cannot go on: %(why)s"), why=why)
        return _new_page(request, said, 422)
    return _sat_down(request, table)


def _table(request: Request) -> TableGame:
    table = _tables(request).get(request.path_params["game_id"])
    if table is None:
        raise HTTPException(
            404,
            say(
                request,
                N_("no such game on this server (a saved game goes on with %(command)s)"),
                command="dioses play --resume",
            ),
        )
    return table


def _left_page(
    request: Request,
    game_id: str,
    table: TableGame | None = None,
    error: str = "",
    status: int = 200,
) -> Response:
    """The page of a game that left the table (ended, or idle): where its
    last autosave is, and how to go on from it."""
    tables = _tables(request)
    why, turn = tables.left.get(game_id, (None, None))
    if table is not None:
        why, turn = table.leaving, table.saved_turn
    saved = game_id in tables.saved_games()
    return TEMPLATES.TemplateResponse(
        request,
        "play_left.html",
        {
            "id": game_id,
            "why": why,
            "turn": turn,
            "saved": saved,
            "folder": tables.folder,
            "leaving": table is not None,
            "minutes": max(1, round(tables.idle_seconds / 60)),
            "error": error,
        },
        status_code=status,
    )


async def play_game(request: Request, error: str = "", status: int = 200) -> Response:
    """The game's page; ``?first=CELL`` (0-11) when the first cell of a
    two-cell choice (a swap) was chosen: its partners are the buttons now.
    A game that left the table says where it is saved."""
    tables = _tables(request)
    game_id = request.path_params["game_id"]
    table = tables.get(game_id)
    if table is None and (game_id in tables.left or game_id in tables.saved_games()):
        return _left_page(request, game_id, None, error, status)
    table = _table(request)
    if table.leaving is not None:  # the agents finish the turn under way first
        return _left_page(request, game_id, table, error, status)
    seat, token = _viewer(request, table)
    if seat is None and not tables.private and table.seats.count("human") == 1:
        seat = table.seats.index("human")  # the one person at the table reads "you", "your turn"
    view = await run_in_threadpool(table.current)  # the agents may still be playing
    view = in_language(view, chosen(request))
    decision = view.get("decision") if view.get("state") == "deciding" else None
    watching = seat is None and tables.private
    mine = decision is not None and not watching and seat in (None, decision["seat"])
    first = _first_cell(request, view) if mine else None
    return TEMPLATES.TemplateResponse(
        request,
        "play_game.html",
        {
            "game": table,
            "view": view,
            "error": error,
            "folder": table.save_path.parent,
            "first": first,
            "me": seat,  # the seat whose private link this is (None: the whole table)
            "token": token,
            "watching": watching,
            "decision": decision,
            "mine": mine,  # the decision shown is this page's to make
            "here": _game_url(table.id, token),
            "private": tables.private,
        },
        status_code=status,
    )


def _game_url(game_id: str, token: str = "") -> str:
    return f"/play/{game_id}" + (f"?seat={token}" if token else "")


def _viewer(request: Request, table: TableGame) -> tuple[int | None, str]:
    """The seat whose private link the request carries (``?seat=TOKEN``),
    and the token; (None, "") for the game's own page (the whole table)."""
    token = request.query_params.get("seat", "")
    if not token:
        return None, ""
    seat = table.seat_of(token)
    if seat is None:
        raise HTTPException(
            404,
            say(
                request,
                N_(
                    "this link is no seat of this game (a link is new each time a game is "
                    "set on the table: ask for the new one)"
                ),
            ),
        )
    return seat, token


async def play_seats(request: Request) -> Response:
    """Every person's seat's private link, for the one who set the game on
    the table (``?key=`` the game's owner key) to hand out."""
    table = _table(request)
    if not table.is_owner(request.query_params.get("key", "")):
        raise HTTPException(
            404,
            say(request, N_("no such page: the seats' links are shown to whoever starts the game")),
        )
    base = str(request.base_url).rstrip("/")
    links = [
        (seat + 1, f"{base}{_game_url(table.id, token)}") for seat, token in table.tokens.items()
    ]
    return TEMPLATES.TemplateResponse(
        request,
        "play_seats.html",
        {"game": table, "links": links, "watch": f"{base}/play/{table.id}"},
    )


async def play_poll(request: Request) -> Response:
    """Has the game moved? ``{"version", "state", "seat"}``: a page polls
    it and reloads when the version changes (another seat moved)."""
    table = _tables(request).get(request.path_params["game_id"])
    if table is None:
        return JSONAnswer({"version": None, "state": "left", "seat": None})
    return JSONAnswer(table.poll())


def _first_cell(request: Request, view: dict[str, Any]) -> int | None:
    """The first cell of a swap chosen on the board, if it is one of the
    shown decision's (else none: the page shows the decision afresh)."""
    text = request.query_params.get("first", "")
    decision = view.get("decision")
    cell = whole_number(text, 2)
    if cell is None or decision is None or view.get("state") != "deciding":
        return None
    cells = decision["cells"]
    return cell if cell < len(cells) and cells[cell] and cells[cell].get("partners") else None


async def play_answer(request: Request) -> Response:
    table = _tables(request).get(request.path_params["game_id"])
    if table is None:  # a game that left the table meanwhile says so (409), else 404
        said = say(request, N_("this game has left the table: its last autosave stands"))
        return await play_game(request, said, 409)
    form = await _form(request)
    version = whole_number(form.get("version", [""])[0], 12)
    choice = whole_number(form.get("choice", [""])[0], 6)
    named = [whole_number(form.get(name, [""])[0], 2) for name in ("first", "cell") if name in form]
    cells = [cell for cell in named if cell is not None]
    if version is None or not (
        choice is not None or (cells and "choice" not in form and len(cells) == len(named))
    ):
        return await play_game(request, say(request, N_("choose one of the buttons")), 422)
    seat, token = _viewer(request, table)
    if seat is None and _tables(request).private:
        raise HTTPException(403, say(request, N_("choose from your seat's private link")))
    try:
        if choice is None:  # a cell of the board, or the second of two
            choice = await run_in_threadpool(table.choice_of_cells, version, cells, seat)
        await run_in_threadpool(table.answer, version, choice, seat)
    except PlayError as error:
        return await play_game(request, error.words(chosen(request)), 409)
    return RedirectResponse(_game_url(table.id, token), status_code=303)


async def play_end(request: Request) -> Response:
    """End a game from its page (or the Play page's list): it stops where
    it stands and leaves the table; its last autosave stays in the folder."""
    table = _table(request)
    seat, token = _viewer(request, table)
    if seat is None and _tables(request).private:
        raise HTTPException(403, say(request, N_("end the game from your seat's private link")))
    await run_in_threadpool(_tables(request).end, table.id)
    return RedirectResponse(_game_url(table.id, token), status_code=303)
