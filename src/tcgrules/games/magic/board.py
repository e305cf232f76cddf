"""Set up a Magic game in any position (the judge's board), and injected events.

``board(spec)``::

    {"turn": "A", "step": "main" | "upkeep" | …, "turn_number": 3, "players": 3,
     "A": {"life": 20,
           "battlefield": ["NAME", {"card": "NAME", "as": "x", "tapped": true, "owner": "B",
                                    "attached_to": "y", "counters": {"+1/+1": 2}, "damage": 1}],
           "hand": [...], "graveyard": [...], "exile": [...], "library": 5},   # a list, or N blank cards
     "B": {...}}

Players are A, B, C, … in turn order (``players`` defaults to the highest player named, at least two).
Permanents listed under a player are controlled by that player (owned by ``owner``, default the same
player). ``game.info["aliases"]`` maps alias → card id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import DefinitionError, Event, Frame, Game, Source
from .. import boards
from ..boards import card_id
from . import state as st
from .rules import Magic
from .schema import BLANK, CardDef
from .turn import STEPS

PLAYERS = {name: i for i, name in enumerate(st.PLAYER_NAMES)}
ZONES = ("battlefield", "hand", "library", "graveyard", "exile")
_ENTRY_KEYS = {"card", "as", "tapped", "owner", "attached_to", "counters", "damage"}


def setup(recipe: Mapping[str, Any]) -> Game:
    """A game from a recipe ``{"board": spec, "seed": N}`` (kernel/save.py replays answers on it)."""
    return board(recipe["board"], seed=int(recipe.get("seed", 0)))


def board(spec: Mapping[str, Any], catalog: Mapping[str, CardDef] | None = None, *, seed: int = 0) -> Game:
    rules = Magic(catalog)
    rules.catalog.setdefault(BLANK.name, BLANK)
    for key in spec:
        if key not in ("turn", "step", "turn_number", "players", *PLAYERS):
            raise DefinitionError(
                f"setup: unknown field {key!r}; expected turn, step, turn_number, players, A, B, C, …"
            )
    named = [PLAYERS[k] + 1 for k in spec if k in PLAYERS]
    count = spec.get("players", max([2, *named]))
    if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= len(PLAYERS):
        raise DefinitionError(f"setup.players: expected 2 to {len(PLAYERS)}, got {count!r}")
    if max([2, *named]) > count:
        raise DefinitionError(f"setup: a player beyond the {count} players is named")
    names = st.PLAYER_NAMES[:count]
    game = Game(rules, players=count, seed=seed, recipe={"board": dict(spec), "seed": seed})
    turn = spec.get("turn", "A")
    if turn not in names:
        raise DefinitionError(f"setup.turn: expected one of {', '.join(names)}, got {turn!r}")
    step = spec.get("step", "main")
    if step not in STEPS:
        raise DefinitionError(f"setup.step: expected one of {', '.join(STEPS)}, got {step!r}")
    game.player_names = list(names)
    game.active_player = PLAYERS[turn]
    game.turn = int(spec.get("turn_number", 3))
    game.info.update({"step": step, "stack": (), "aliases": {}})
    attachments: list[tuple[int, Any, str]] = []
    for player, name in enumerate(names):
        _player(game, player, spec.get(name) or {}, f"setup.{name}", attachments)
    for cid, ref, where in attachments:
        game.object_of(cid).state["attached"] = game.card_object[card_id(game, ref, where)]
    game.record("info", f"board set up: {turn}'s {step} step")
    game.push(game.process())  # 704.3: state-based actions look at the board first
    game.advance()
    return game


def _player(
    game: Game, player: int, zones: Mapping[str, Any], where: str, attachments: list[tuple[int, Any, str]]
) -> None:
    if not isinstance(zones, Mapping):
        raise DefinitionError(f"{where}: expected a mapping of life and zones, got {zones!r}")
    for key in zones:
        if key not in (*ZONES, "life"):
            raise DefinitionError(
                f"{where}.{key}: unknown zone {key!r}; expected life or one of {', '.join(ZONES)}"
            )
    life = zones.get("life", 20)
    if isinstance(life, bool) or not isinstance(life, int):
        raise DefinitionError(f"{where}.life: expected a whole number, got {life!r}")
    st.set_life(game, player, life)
    library = zones.get("library", 0)
    entries = [BLANK.name] * library if isinstance(library, int) else list(library)
    for i, entry in enumerate(entries):
        _place(game, player, st.LIBRARY, entry, f"{where}.library[{i}]", attachments)
    for zone in ZONES:
        if zone != st.LIBRARY:
            for i, entry in enumerate(zones.get(zone) or []):
                _place(game, player, zone, entry, f"{where}.{zone}[{i}]", attachments)


def _place(
    game: Game, player: int, zone: str, entry: Any, where: str, attachments: list[tuple[int, Any, str]]
) -> None:
    catalog = st.catalog(game)
    entry = {"card": entry} if isinstance(entry, str) else entry
    if not isinstance(entry, Mapping) or "card" not in entry:
        raise DefinitionError(f"{where}: expected a card name or {{card: NAME, ...}}, got {entry!r}")
    unknown = set(entry) - _ENTRY_KEYS
    if unknown:
        raise DefinitionError(
            f"{where}: unknown field(s) {sorted(unknown)}; allowed: {', '.join(sorted(_ENTRY_KEYS))}"
        )
    if entry["card"] not in catalog:
        raise DefinitionError(f"{where}.card: unknown card {entry['card']!r}")
    owner = PLAYERS.get(str(entry.get("owner", st.PLAYER_NAMES[player])))
    if owner is None or owner >= game.players:
        raise DefinitionError(
            f"{where}.owner: expected one of {', '.join(game.player_names)}, got {entry.get('owner')!r}"
        )
    cid = game.new_card(owner, entry["card"]).cid
    state: dict[str, Any] = {f"counters:{k}": int(v) for k, v in (entry.get("counters") or {}).items()}
    if entry.get("damage"):
        state["damage"] = int(entry["damage"])
    obj = game.create_object(
        [cid], st.zone_key(zone, owner), player, tapped=bool(entry.get("tapped")), state=state
    )
    if zone != st.BATTLEFIELD and owner != player:
        raise DefinitionError(f"{where}.owner: a card in a {zone} belongs to that zone's player")
    if "attached_to" in entry:
        attachments.append((obj.top, entry["attached_to"], f"{where}.attached_to"))
    alias = entry.get("as")
    if alias is not None:
        aliases: dict[str, int] = game.info["aliases"]
        if alias in aliases:
            raise DefinitionError(f"{where}.as: alias {alias!r} is already used")
        aliases[str(alias)] = cid


# ---------------------------------------------------------------------------------------------- inject


def source_of(game: Game, spec: Any, where: str) -> Source:
    return boards.source_of(game, spec, where, lambda cid: "spell")


INJECTED = ("destroy", "move", "damage", "gain_life", "lose_life", "draw", "tap", "untap")


def player_of(game: Game, ref: Any, where: str) -> int:
    """A player by name (A, B, C, …) or index."""
    if isinstance(ref, str) and ref in game.player_names:
        return game.player_names.index(ref)
    if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < game.players:
        return ref
    raise DefinitionError(f"{where}: expected a player ({', '.join(game.player_names)}), got {ref!r}")


def injected_frame(game: Game, spec: Mapping[str, Any]) -> Frame:
    """``{event: destroy|move|damage|gain_life|lose_life, target|player, amount, to, source}``."""
    kind = spec.get("event")
    if kind not in INJECTED:
        raise DefinitionError(f"inject.event: expected one of {', '.join(INJECTED)}, got {kind!r}")
    source = source_of(game, spec.get("source"), "inject.source")
    amount = {"amount": int(spec.get("amount", 0))}
    if "player" in spec:
        player = player_of(game, spec["player"], "inject.player")
        if kind not in ("damage", "gain_life", "lose_life", "draw"):
            raise DefinitionError(f"inject.player: {kind} takes a target, not a player")
        return game.process(Event(kind, None, player, source, amount))
    if "target" not in spec:
        raise DefinitionError(f"inject: {kind} needs target (or player)")
    obj = game.object_of(card_id(game, spec["target"], "inject.target"))
    if kind == "damage":
        return game.process(Event("damage", obj.oid, None, source, amount))
    if kind in ("tap", "untap"):
        return game.process(Event(kind, obj.oid, None, source))
    to = st.GRAVEYARD if kind == "destroy" else spec.get("to")
    if to not in ZONES:
        raise DefinitionError(f"inject.to: expected one of {', '.join(ZONES)}, got {to!r}")
    args = {"to": to, "from": obj.zone[1], "reason": "destroy" if kind == "destroy" else "move"}
    return game.process(Event("move", obj.oid, None, source, args))
