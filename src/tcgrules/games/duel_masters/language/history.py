"""The game's record of what happened, for conditions and quantities that read it ("このターン、…していれば").

Every performed event is appended to two persistent lists kept in ``game.info``, this turn's and the whole
game's, in a game one of whose cards reads them (:func:`wanted`); otherwise nothing is kept. Each list is a
chain of immutable ``(happened, previous)`` pairs, so appending costs O(1) and a ``copy()`` of the game
shares the chain safely.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from ....cards.schema import AbilitySpec, Action, Condition, Filter, Pattern, Quantity
from ....kernel import Game, Happened, Source
from ..keywords import expand

TURN = "history_turn"
GAME = "history_game"

Chain = tuple[Happened, Any] | None


def record(game: Game, happened: Happened) -> None:
    if not wanted(game):
        return  # no card of this game reads the record: keep nothing (a long chain costs the collector)
    if happened.kind == "turn_start":
        game.info[TURN] = None
    game.info[TURN] = (happened, game.info.get(TURN))
    game.info[GAME] = (happened, game.info.get(GAME))


def wanted(game: Game) -> bool:
    """Whether a card of this game reads the record (a ``happened`` condition, an ``events`` quantity, a
    ``first_this_turn`` pattern). Decided from the game's cards, which are all known once it is set up."""
    rules: Any = game.rules
    cached: tuple[int, bool] | None = getattr(rules, "_history_wanted", None)
    if cached is None or cached[0] != len(game.cards):
        from ..king_cells import kings_of

        names = {card.name for card in game.cards}
        names |= kings_of(game, names)  # 814: a king's abilities are its cells' object's
        found = any(_reads(rules, name) for name in names if name in rules.catalog)
        cached = rules._history_wanted = (len(game.cards), found)
    return cached[1]


_READS: dict[int, tuple[Any, bool]] = {}
"""By card definition (kept alive with its entry): whether its compiled abilities read the record."""


def _reads(rules: Any, name: str) -> bool:
    definition = rules.catalog[name]
    entry = _READS.get(id(definition))
    if entry is None or entry[0] is not definition:
        entry = _READS[id(definition)] = (definition, _walk(rules.compiled(name)))
    return bool(entry[1])


_COUNTING_PROPERTIES = frozenset({"creatures_per_turn", "spells_per_turn"})
"""Static properties that read the record (turn_limits.LIMITS)."""


def _walk(value: Any) -> bool:
    """Does a card's structure contain a part that reads the record?"""
    if isinstance(value, Condition) and value.kind == "happened":
        return True
    if isinstance(value, Quantity) and value.kind == "events":
        return True
    if isinstance(value, Pattern | Filter) and (getattr(value, "first_this_turn", False) or value.broken_by):
        return True
    if isinstance(value, Filter) and value.moved_by:
        return True
    if isinstance(value, AbilitySpec) and value.params.get("property") in _COUNTING_PROPERTIES:
        return True  # 各ターン、…までしか (turn_limits.py): counts this turn's record
    # a keyword another ability gives (「マッハファイター」を与える) reads what its expansion reads
    if isinstance(value, AbilitySpec) and value.form == "keyword" and _walk_keyword(value):
        return True
    granted = value.args.get("keyword") if isinstance(value, Action) and value.op == "grant" else None
    if isinstance(granted, str) and _walk_keyword(AbilitySpec("keyword", granted, 0)):
        return True
    if is_dataclass(value) and not isinstance(value, type):
        return any(_walk(getattr(value, f.name)) for f in fields(value))
    if isinstance(value, tuple | list):
        return any(_walk(v) for v in value)
    if isinstance(value, Mapping):
        return any(_walk(v) for v in value.values())
    return False


def _walk_keyword(spec: AbilitySpec) -> bool:
    try:
        expanded = expand(spec)
    except KeyError:  # a keyword whose parameters only its own card gives
        return False
    return expanded != (spec,) and _walk(expanded)


def last_break_source(game: Game, cards: set[int]) -> Source | None:
    """What broke one of ``cards`` as a shield this turn, its newest break (701.14; a shield an effect put
    into the hand is not broken, 701.14b) — read from the record; ``None`` if none was."""
    for h in events(game, "this_turn"):
        if h.kind == "break" and cards & set(h.cards) and not h.event.get("not_a_break"):
            return h.event.source
    return None


MOVES = frozenset({"destroy", "discard", "break", "draw", "charge", "enter", "move"})
"""The event kinds that move a card between zones (abilities.MOVE_KINDS)."""


def last_move_source(game: Game, cards: set[int]) -> Source | None:
    """What caused the newest move this game of one of ``cards`` (the move that put it where it is) — read
    from the record; ``None`` if none is recorded."""
    for h in events(game, "this_game"):
        if h.kind in MOVES and cards & set(h.cards):
            return h.event.source
    return None


def events(game: Game, during: str) -> Iterator[Happened]:
    """What happened this turn (``this_turn``), this game (``this_game``) or during the current (or last)
    attack of this turn (``this_attack``: since its declaration, 506.1 — その攻撃中に), newest first."""
    chain: Chain = game.info.get(GAME if during == "this_game" else TURN)
    while chain is not None:
        yield chain[0]
        if during == "this_attack" and chain[0].kind == "attack":
            return
        chain = chain[1]
