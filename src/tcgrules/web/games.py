"""Games played in the browser: you (player 0) against the computer, one game per browser.

A game is a :class:`tcgrules.cli_play.Session` — the same session ``tcgrules play`` runs, with its
computer opponent, its undo (the game is set up again and its history replayed) and its save — kept in
memory under a random token the browser holds in a cookie. What a page or an API answer shows of it is
the JSON protocol of ``tcgrules play --json`` (docs/players.md): the player's own view (``game.view(0)``)
and log, nothing else.

Every request is checked before anything changes: an answer that is not an option of the pending
decision, an undo with nothing to undo, a save that cannot be loaded are refused with a message that
says what was expected, and the game stays exactly as it was.
"""

from __future__ import annotations

import copy
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..cli_play import OPPONENTS, YOU, Session
from ..kernel import LogRecord, SaveFormatError, TcgError

MAX_GAMES = 16
"""Games kept in memory at once; starting one more forgets the one used least recently."""
MAX_HISTORY = 5_000
"""The most history entries (answers) a loaded save may hold: a whole game has a few hundred."""
MAX_SEED = 2**64 - 1


class RequestError(TcgError):
    """A request the app refuses; nothing was changed."""


@dataclass(frozen=True, slots=True)
class DeckEntry:
    key: str
    """The deck file's name without ``.yaml`` (how a form names it)."""
    name: str
    cards: tuple[str, ...]


@cache
def library_decks() -> dict[str, DeckEntry]:
    """The decks of the library (games/duel_masters/decks/), by file name."""
    from ..games.duel_masters import load_deck, standard_catalog
    from ..games.duel_masters.rules import DECKS_DIR

    catalog = standard_catalog()
    out = {}
    for path in sorted(DECKS_DIR.glob("*.yaml")):
        deck = load_deck(path, catalog)
        out[path.stem] = DeckEntry(path.stem, deck.name, tuple(deck.cards))
    return out


def standard_keys() -> tuple[str, str]:
    """The file names of the two standard decks (the defaults of ``tcgrules play``)."""
    from ..games.duel_masters.decks import STANDARD_DECKS

    first, second = (name.removesuffix(".yaml") for name in STANDARD_DECKS[:2])
    return first, second


@dataclass
class WebGame:
    """One browser's game: the session and where its page's "since your last decision" starts."""

    session: Session
    since: int = 0
    """Index into your log (``log_for(0)``) where the lines since your previous decision start."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def game(self) -> Any:
        return self.session.game

    def log(self) -> tuple[LogRecord, ...]:
        return self.session.game.log_for(YOU)

    def recent(self) -> tuple[LogRecord, ...]:
        return self.log()[self.since :]

    # -------------------------------------------------------------------------- requests

    def answer(self, labels: list[str]) -> None:
        """Answer your pending decision with option labels (checked first: a refusal changes nothing)."""
        decision = self.game.pending
        if decision is None or decision.player != YOU:
            raise RequestError("no decision of yours is pending: the game is over")
        decision.validate(labels, self.game.pname(YOU))  # IllegalActionError names the options
        since = len(self.log())
        session = self.session
        kept = (session.game.copy(), list(session.mine), session.shown, copy.deepcopy(session.agent))
        try:
            session.answer(labels)
        except TcgError:  # the engine refused on the way (a runaway game hits the step limit): as it was
            session.game, session.mine, session.shown, session.agent = kept
            raise
        self.since = since

    def undo(self) -> None:
        if not self.session.undo():
            raise RequestError("nothing to undo: you have not answered a decision yet")
        self.since = max(0, len(self.log()) - 12)
        self.session.shown = self.since

    def save_text(self) -> str:
        return self.session.dumps()

    # -------------------------------------------------------------------------- the protocol

    def message(self, *, page: bool = False) -> dict[str, Any]:
        """The protocol's next message: ``decision`` (your view, your pending decision) or ``result``,
        with your log lines since the last message (``tcgrules play --json``, docs/players.md). For a page
        (``page``), the lines since your previous decision instead, and the API's place is kept."""
        view = self.session.view()
        lines = self.recent() if page else self.session.new_lines()
        out: dict[str, Any] = {
            "type": "result" if view.result is not None else "decision",
            "view": view.to_json(),
            "log": [_line(r) for r in lines],
        }
        if view.result is not None:
            winner, rule, reason = view.result
            out |= {"winner": winner, "rule": rule, "reason": reason}
        return out

    def request(self, request: Any) -> list[dict[str, Any]]:
        """One request of the protocol, answered by the messages ``tcgrules play --json`` would send.
        ``save`` sends the save itself (the server writes no file); ``quit`` has no meaning here."""
        if not isinstance(request, dict):
            raise RequestError('a request is a JSON object such as {"answer": ["end_main"]}')
        if "answer" in request:
            labels = request["answer"]
            if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
                raise RequestError('"answer" is a list of option labels, e.g. {"answer": ["end_main"]}')
            self.answer(labels)
            return [self.message()]
        command = request.get("command")
        if command == "undo":
            self.undo()
            return [{"type": "undone", "turn": self.game.turn}, self.message()]
        if command == "save":
            return [{"type": "saved", "save": json.loads(self.save_text())}]
        if command == "log":
            return [{"type": "log", "log": [_line(r) for r in self.log()]}]
        if command == "state":
            return [self.message()]
        raise RequestError(
            f"unknown request {_short(request)}; expected {{'answer': [labels]}} or "
            "{'command': 'undo' | 'save' | 'log' | 'state'}"
        )


def _line(r: LogRecord) -> dict[str, Any]:
    return {"turn": r.turn, "kind": r.kind, "text": r.text, "rule": r.rule}


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "…"


# ---------------------------------------------------------------------------------------------- new games


def new_game(form: Mapping[str, str]) -> WebGame:
    """A new game from the new-game form: ``opponent``, ``seed``, ``deck`` and ``opponent_deck`` (deck
    file names of the library). Every field is checked and named in the error."""
    from ..cli_cards import DeckChoice

    opponent = form.get("opponent", "greedy")
    if opponent not in OPPONENTS:
        raise RequestError(f"opponent: expected one of {', '.join(OPPONENTS)}, got {_short(opponent)}")
    seed = parse_whole("seed", form.get("seed", "1"), 0, MAX_SEED)
    decks = library_decks()
    defaults = standard_keys()
    chosen = []
    for key, default in zip(("deck", "opponent_deck"), defaults, strict=True):
        value = form.get(key) or default
        if value not in decks:
            raise RequestError(
                f"{key}: expected one of the library's decks {', '.join(decks)}, got {_short(value)}"
            )
        chosen.append(decks[value])
    choice = DeckChoice((chosen[0].name, chosen[1].name), (chosen[0].cards, chosen[1].cards), ())
    session = Session.new(choice, opponent, seed)
    session.computer_plays()
    return WebGame(session)


def load_game(text: str) -> WebGame:
    """A game from a save's text (``tcgrules play``'s save, or the web's): checked before it is replayed.
    A save naming card files is refused: the web app plays with the library's cards only, and reads no
    file a request names."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise RequestError(f"the save is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise RequestError(f"the save is a JSON object (a tcgrules save), got {type(data).__name__}")
    recipe = data.get("recipe")
    if isinstance(recipe, dict) and "card_files" in recipe:
        raise RequestError(
            "the save names card files (recipe.card_files); the web app plays with the library's cards "
            "only: load it with tcgrules play --load instead"
        )
    history = data.get("history")
    if isinstance(history, list) and len(history) > MAX_HISTORY:
        raise RequestError(f"the save's history has {len(history)} entries; at most {MAX_HISTORY}")
    try:
        session = Session.loads(text, "the save")
    except SaveFormatError as exc:
        raise RequestError(str(exc)) from exc
    session.computer_plays()
    game = WebGame(session)
    game.since = max(0, len(game.log()) - 12)
    return game


def parse_whole(name: str, text: str, low: int, high: int) -> int:
    value = text.strip()
    if not value.isdigit() or not (low <= int(value) <= high):
        raise RequestError(f"{name}: expected a whole number from {low} to {high}, got {_short(text)}")
    return int(value)


# ---------------------------------------------------------------------------------------------- the store


class GameStore:
    """The games in memory, by token (at most :data:`MAX_GAMES`, least recently used forgotten first)."""

    def __init__(self, limit: int = MAX_GAMES) -> None:
        self.limit = limit
        self._games: OrderedDict[str, WebGame] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, token: str | None) -> WebGame | None:
        with self._lock:
            game = self._games.get(token) if token else None
            if game is not None and token is not None:
                self._games.move_to_end(token)
            return game

    def put(self, game: WebGame, token: str | None = None) -> str:
        """Keep ``game`` under ``token`` (a new one if not given); returns the token."""
        token = token or secrets.token_urlsafe(18)
        with self._lock:
            self._games[token] = game
            self._games.move_to_end(token)
            while len(self._games) > self.limit:
                self._games.popitem(last=False)
        return token
