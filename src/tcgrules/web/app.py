"""The web app (Starlette): four screens — play, timeline, sandbox, cards — and a small JSON API.

Pages are rendered on the server (Jinja2 templates under ``templates/``) from the same data the terminal
and JSON clients use: the player's view and log (games.py, the protocol of docs/players.md), the
timeline and its why (timeline.py), the scenario runner (sandbox.py) and the card library (library.py).
``static/app.js`` only shows a timeline line's why in the side panel and loads an example into the
editor; every screen works without it. Nothing is fetched from the network.

Routes (docs/web.md):

=========================  =====================================================================
``GET /``                  to ``/play``
``GET /play``              the board, your decision as buttons; a new-game form when none is going on
``POST /play/new``         a new game (``opponent``, ``seed``, ``deck``, ``opponent_deck``)
``POST /play/answer``      answer your decision (``answer``: one field per option label)
``POST /play/undo``        back to your previous decision
``GET /play/save``         the save, as a file to download (``tcgrules play --load`` reads it too)
``POST /play/load``        go on from a save (a file field ``save``)
``GET /timeline``          every line of your log; a line's why beside it
``GET /sandbox``           the scenario editor (``?example=NAME`` loads an example)
``POST /sandbox``          run the scenario (``scenario``): PASS/FAIL, the explain trail, the board
``GET /cards``             search (``text``, ``name``, ``civilization``, ``cost``, ``type``, ``race``,
                           ``keyword``, ``set``)
``GET /cards/{name}``      a card's printed text beside its abilities
``GET|POST /api/play``     the JSON protocol: GET the current message, POST a request
``POST /api/scenario``     run a scenario (the body is its YAML text); the outcome as JSON
``GET /api/cards``         search, as JSON
=========================  =====================================================================
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..cli_play import OPPONENTS
from ..kernel import TcgError
from . import library, sandbox
from .games import (
    GameStore,
    WebGame,
    library_decks,
    load_game,
    new_game,
    standard_keys,
)
from .guard import MAX_BODY, BodyLimit, SameOrigin
from .timeline import timeline

COOKIE = "tcgrules_game"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
CIVILIZATION_NAMES = {"light": "光", "water": "水", "darkness": "闇", "fire": "火", "nature": "自然"}
ZONE_TITLES = {
    "battle_zone": "battle zone",
    "shield_zone": "shields",
    "mana_zone": "mana",
    "graveyard": "graveyard",
    "hand": "hand",
    "deck": "deck",
    "hyperspatial_zone": "超次元ゾーン",
    "gr_zone": "超GRゾーン",
}


def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("tcgrules.web", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals |= {
        "english": _english,
        "civs": _civilizations,
        "zone_title": lambda name: ZONE_TITLES.get(name, name.replace("_", " ")),
        "civ_names": CIVILIZATION_NAMES,
        "max_body": MAX_BODY,
        "run_seconds": sandbox.RUN_SECONDS,
    }
    return env


def _english(name: str | None) -> str:
    card = library.catalog().get(name) if name else None
    english = getattr(card, "english", None)
    return english if isinstance(english, str) else ""


def _civilizations(name: str | None) -> str:
    """The civilizations of a card, as CSS classes (``civ-fire civ-nature``)."""
    card = library.catalog().get(name) if name else None
    if card is None:
        return ""
    return " ".join(f"civ-{c}" for c in card.main.civilizations) or "civ-zero"


class WebApp:
    def __init__(self) -> None:
        self.env = _environment()
        self.games = GameStore()

    # ------------------------------------------------------------------------------------ helpers

    def page(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        html = self.env.get_template(name).render(**context)
        return HTMLResponse(html, status_code=status)

    def current(self, request: Request) -> WebGame | None:
        return self.games.get(request.cookies.get(COOKIE))

    def play_page(
        self, request: Request, game: WebGame | None, error: str | None = None, status: int = 200
    ) -> HTMLResponse:
        decks = library_decks()
        context: dict[str, Any] = {
            "screen": "play",
            "error": error,
            "opponents": OPPONENTS,
            "decks": decks,
            "defaults": standard_keys(),
            "game": game,
        }
        if game is not None:
            with game.lock:
                message = game.message(page=True)
                context |= {
                    "message": message,
                    "view": message["view"],
                    "recent": message["log"],
                    "opponent": game.session.opponent_kind,
                    "can_undo": bool(game.session.mine),
                }
        return self.page("play.html", status, **context)

    # ------------------------------------------------------------------------------------ play

    async def play(self, request: Request) -> Response:
        return await run_in_threadpool(self.play_page, request, self.current(request))

    async def play_new(self, request: Request) -> Response:
        form = await request.form()
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        try:
            game = await run_in_threadpool(new_game, fields)
        except TcgError as exc:
            return self.play_page(request, self.current(request), str(exc), 400)
        token = self.games.put(game, request.cookies.get(COOKIE))
        response = RedirectResponse("/play", status_code=303)
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return response

    async def play_answer(self, request: Request) -> Response:
        game = self.current(request)
        if game is None:
            return self.play_page(request, None, "no game is going on: start a new game first", 400)
        form = await request.form()
        labels = [v for v in form.getlist("answer") if isinstance(v, str)]
        try:
            await run_in_threadpool(_locked, game, game.answer, labels)
        except TcgError as exc:
            return self.play_page(request, game, str(exc), 400)
        return RedirectResponse("/play", status_code=303)

    async def play_undo(self, request: Request) -> Response:
        game = self.current(request)
        if game is None:
            return self.play_page(request, None, "no game is going on: there is nothing to undo", 400)
        try:
            await run_in_threadpool(_locked, game, game.undo)
        except TcgError as exc:
            return self.play_page(request, game, str(exc), 400)
        return RedirectResponse("/play", status_code=303)

    async def play_save(self, request: Request) -> Response:
        game = self.current(request)
        if game is None:
            return self.play_page(request, None, "no game is going on: there is nothing to save", 400)
        text = _locked(game, game.save_text)
        name = f"tcgrules-turn{game.game.turn}.json"
        return Response(
            text,
            media_type="application/json; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def play_load(self, request: Request) -> Response:
        form = await request.form()
        upload = form.get("save")
        if isinstance(upload, UploadFile):
            raw = await upload.read()
        elif isinstance(upload, str):
            raw = upload.encode("utf-8")
        else:
            return self.play_page(
                request, self.current(request), "load: choose a save file (field save)", 400
            )
        try:
            text = raw.decode("utf-8")
            game = await run_in_threadpool(load_game, text)
        except UnicodeDecodeError:
            return self.play_page(request, self.current(request), "load: the save is not UTF-8 text", 400)
        except TcgError as exc:
            return self.play_page(request, self.current(request), f"load: {exc}", 400)
        token = self.games.put(game, request.cookies.get(COOKIE))
        response = RedirectResponse("/play", status_code=303)
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return response

    # ------------------------------------------------------------------------------------ timeline

    async def timeline(self, request: Request) -> Response:
        game = self.current(request)
        entries = await run_in_threadpool(_locked, game, timeline, game.game, 0) if game is not None else []
        return self.page("timeline.html", screen="timeline", game=game, items=[e.to_json() for e in entries])

    # ------------------------------------------------------------------------------------ sandbox

    def sandbox_view(
        self,
        status: int = 200,
        *,
        chosen: str = "",
        text: str = "",
        error: str | None = None,
        outcome: dict[str, Any] | None = None,
    ) -> HTMLResponse:
        examples = sandbox.examples()
        return self.page(
            "sandbox.html",
            status,
            screen="sandbox",
            examples=examples,
            chosen=chosen,
            text=text,
            error=error,
            outcome=outcome,
        )

    async def sandbox_page(self, request: Request) -> Response:
        examples = sandbox.examples()
        key = request.query_params.get("example") or next(iter(examples))
        if key not in examples:
            return self.sandbox_view(
                400, error=f"example: expected one of {', '.join(examples)}, got {key!r}"
            )
        return self.sandbox_view(chosen=key, text=examples[key].text)

    async def sandbox_run(self, request: Request) -> Response:
        form = await request.form()
        text, picked = form.get("scenario"), form.get("example")
        chosen = picked if isinstance(picked, str) and picked in sandbox.examples() else ""
        if not isinstance(text, str) or not text.strip():
            error = "scenario: expected the text of a scenario file (docs/scenarios.md)"
            return self.sandbox_view(400, chosen=chosen, error=error)
        text = text.replace("\r\n", "\n")
        try:
            outcome = await run_in_threadpool(sandbox.run, text)
        except TcgError as exc:
            return self.sandbox_view(400, chosen=chosen, text=text, error=str(exc))
        if outcome.get("error"):
            return self.sandbox_view(400, chosen=chosen, text=text, error=str(outcome["error"]))
        return self.sandbox_view(chosen=chosen, text=text, outcome=outcome)

    # ------------------------------------------------------------------------------------ cards

    async def cards(self, request: Request) -> Response:
        query = dict(request.query_params)
        context: dict[str, Any] = {
            "screen": "cards",
            "query": query,
            "civilizations": sorted(CIVILIZATION_NAMES),
            "keywords": library.keyword_choices(),
            "types": library.type_choices(),
            "total": len(library.catalog()),
            "shown_max": library.SHOWN,
        }
        try:
            found = library.search(query)
        except TcgError as exc:
            return self.page("cards.html", 400, error=str(exc), found=None, **context)
        return self.page("cards.html", error=None, found=found, **context)

    async def card(self, request: Request) -> Response:
        name = request.path_params["name"]
        try:
            card = library.find(name)
        except TcgError as exc:
            return self.page("error.html", 404, screen="cards", error=str(exc))
        return self.page("card.html", screen="cards", card=card, faces=library.faces(card))

    # ------------------------------------------------------------------------------------ API

    async def api_play(self, request: Request) -> Response:
        game = self.current(request)
        if request.method == "GET":
            if game is None:
                return _error("no game is going on: POST /play/new starts one", 404)
            return JSONResponse(_locked(game, game.request, {"command": "state"}))
        if game is None:
            return _error("no game is going on: POST /play/new starts one", 404)
        body = await request.body()
        try:
            payload = json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            return _error(f'not JSON: {exc}; expected a request such as {{"answer": ["end_main"]}}')
        try:
            messages = await run_in_threadpool(_locked, game, game.request, payload)
        except TcgError as exc:
            return _error(str(exc))
        return JSONResponse(messages)

    async def api_scenario(self, request: Request) -> Response:
        body = await request.body()
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return _error("the scenario is not UTF-8 text")
        try:
            outcome = await run_in_threadpool(sandbox.run, text.replace("\r\n", "\n"))
        except TcgError as exc:
            return _error(str(exc))
        if outcome.get("error"):
            return _error(str(outcome["error"]))
        return JSONResponse(outcome)

    async def api_cards(self, request: Request) -> Response:
        try:
            found = library.search(dict(request.query_params))
        except TcgError as exc:
            return _error(str(exc))
        return JSONResponse(
            {
                "count": len(found),
                "cards": [
                    {
                        "name": c.name,
                        "english": c.english,
                        "set": c.set,
                        "number": c.number,
                        "type": c.main.type,
                        "civilizations": list(c.main.civilizations),
                        "cost": c.main.cost,
                        "power": c.main.power,
                        "text": c.text,
                    }
                    for c in found
                ],
            }
        )


def _locked(game: WebGame | None, func: Any, *args: Any) -> Any:
    """Run ``func`` holding the game's lock (one request at a time changes a game)."""
    if game is None:
        return func(*args)
    with game.lock:
        return func(*args)


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"type": "error", "message": message}, status_code=status)


def create_app(hosts: Mapping[str, None] | tuple[str, ...] = LOOPBACK) -> Starlette:
    """The app. ``hosts``: the host names it answers to (``("*",)`` for any)."""
    web = WebApp()
    static = StaticFiles(packages=[("tcgrules.web", "static")])
    routes = [
        Route("/", lambda request: RedirectResponse("/play", status_code=307)),
        Route("/play", web.play),
        Route("/play/new", web.play_new, methods=["POST"]),
        Route("/play/answer", web.play_answer, methods=["POST"]),
        Route("/play/undo", web.play_undo, methods=["POST"]),
        Route("/play/save", web.play_save),
        Route("/play/load", web.play_load, methods=["POST"]),
        Route("/timeline", web.timeline),
        Route("/sandbox", web.sandbox_page),
        Route("/sandbox", web.sandbox_run, methods=["POST"]),
        Route("/cards", web.cards),
        Route("/cards/{name:path}", web.card),
        Route("/api/play", web.api_play, methods=["GET", "POST"]),
        Route("/api/scenario", web.api_scenario, methods=["POST"]),
        Route("/api/cards", web.api_cards),
        Mount("/static", static, name="static"),
    ]
    middleware = [Middleware(SameOrigin, hosts=tuple(hosts)), Middleware(BodyLimit, limit=MAX_BODY)]
    app = Starlette(
        routes=routes, middleware=middleware, exception_handlers={404: _not_found, 405: _not_allowed}
    )
    app.state.web = web
    return app


async def _not_found(request: Request, exc: Exception) -> Response:
    return _error(
        f"no such page: {request.url.path}; the screens are /play, /timeline, /sandbox, /cards", 404
    )


async def _not_allowed(request: Request, exc: Exception) -> Response:
    return _error(f"{request.method} is not accepted at {request.url.path}", 405)
