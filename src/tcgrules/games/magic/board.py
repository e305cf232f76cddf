"""Set up a Magic game in any position (the judge's board), and injected events.

``board(spec)``::

    {"turn": "A", "step": "main" | "upkeep", "turn_number": 3,
     "A": {"life": 20,
           "battlefield": ["NAME", {"card": "NAME", "as": "x", "tapped": true, "owner": "B",
                                    "attached_to": "y", "counters": {"+1/+1": 2}, "damage": 1}],
           "hand": [...], "graveyard": [...], "exile": [...], "library": 5},   # a list, or N blank cards
     "B": {...}}

Permanents listed under a player are controlled by that player (owned by ``owner``, default the same
player). ``game.info["aliases"]`` maps alias → card id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import DefinitionError, Event, Frame, Game, Source, shorten
from .. import boards
from ..boards import card_id, player_of
from . import state as st
from .rules import Magic
from .schema import BLANK, CardDef

PLAYERS = {"A": 0, "B": 1}
ZONES = ("battlefield", "hand", "library", "graveyard", "exile")
STEPS = ("upkeep", "main")
_ENTRY_KEYS = {"card", "as", "tapped", "owner", "attached_to", "counters", "damage"}


def setup(recipe: Mapping[str, Any]) -> Game:
    """A game from a recipe ``{"board": spec, "seed": N}`` (kernel/save.py replays answers on it)."""
    recipe = boards.mapping(recipe, "recipe", "a mapping with board and seed")
    if "board" not in recipe:
        raise DefinitionError("recipe: a Magic recipe needs a board")
    return board(
        boards.mapping(recipe["board"], "recipe.board"),
        seed=boards.whole(recipe.get("seed", 0), "recipe.seed"),
    )


def board(spec: Mapping[str, Any], catalog: Mapping[str, CardDef] | None = None, *, seed: int = 0) -> Game:
    spec = boards.mapping(spec, "setup", "a mapping: turn, step, turn_number, A, B")
    rules = Magic(catalog)
    rules.catalog.setdefault(BLANK.name, BLANK)
    game = Game(rules, seed=seed, recipe={"board": dict(spec), "seed": seed})
    for key in spec:
        if key not in ("turn", "step", "turn_number", *PLAYERS):
            raise DefinitionError(f"setup: unknown field {key!r}; expected turn, step, turn_number, A, B")
    turn = boards.text(spec.get("turn", "A"), "setup.turn")
    if turn not in PLAYERS:
        raise DefinitionError(f"setup.turn: expected A or B, got {shorten(turn)}")
    step = boards.text(spec.get("step", "main"), "setup.step")
    if step not in STEPS:
        raise DefinitionError(f"setup.step: expected one of {', '.join(STEPS)}, got {shorten(step)}")
    game.player_names = list(PLAYERS)
    game.active_player = PLAYERS[turn]
    game.turn = boards.whole(spec.get("turn_number", 3), "setup.turn_number", 1, 10_000)
    game.info.update({"step": step, "stack": (), "aliases": {}})
    attachments: list[tuple[int, Any, str]] = []
    for name, player in PLAYERS.items():
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
        raise DefinitionError(f"{where}: expected a mapping of life and zones, got {shorten(zones)}")
    for key in zones:
        if key not in (*ZONES, "life"):
            raise DefinitionError(
                f"{where}.{key}: unknown zone {key!r}; expected life or one of {', '.join(ZONES)}"
            )
    life = boards.whole(zones.get("life", 20), f"{where}.life", -1_000_000, 1_000_000)
    st.set_life(game, player, life)
    library = boards.entries(zones.get("library", 0), f"{where}.library", count=True)
    for i, entry in enumerate(library):
        _place(game, player, st.LIBRARY, entry, f"{where}.library[{i}]", attachments)
    for zone in ZONES:
        if zone != st.LIBRARY:
            for i, entry in enumerate(boards.entries(zones.get(zone), f"{where}.{zone}")):
                _place(game, player, zone, entry, f"{where}.{zone}[{i}]", attachments)


def _place(
    game: Game, player: int, zone: str, entry: Any, where: str, attachments: list[tuple[int, Any, str]]
) -> None:
    catalog = st.catalog(game)
    entry = BLANK.name if entry is None else entry  # a blank card counted into a library
    entry = {"card": entry} if isinstance(entry, str) else entry
    if not isinstance(entry, Mapping) or "card" not in entry:
        raise DefinitionError(f"{where}: expected a card name or {{card: NAME, ...}}, got {shorten(entry)}")
    unknown = set(entry) - _ENTRY_KEYS
    if unknown:
        raise DefinitionError(
            f"{where}: unknown field(s) {sorted(unknown)}; allowed: {', '.join(sorted(_ENTRY_KEYS))}"
        )
    if not isinstance(entry["card"], str) or entry["card"] not in catalog:
        raise DefinitionError(f"{where}.card: unknown card {shorten(entry['card'])}")
    owner = PLAYERS.get(boards.text(entry.get("owner", "AB"[player]), f"{where}.owner"))
    if owner is None:
        raise DefinitionError(f"{where}.owner: expected A or B, got {shorten(entry.get('owner'))}")
    counters = boards.mapping(entry.get("counters"), f"{where}.counters", "a mapping of counter → number")
    state: dict[str, Any] = {
        f"counters:{boards.text(k, f'{where}.counters')}": boards.whole(v, f"{where}.counters.{k}", 0, 1000)
        for k, v in counters.items()
    }
    damage = boards.whole(entry.get("damage", 0), f"{where}.damage", 0, 1_000_000)
    if damage:
        state["damage"] = damage
    tapped = boards.flag(entry.get("tapped", False), f"{where}.tapped")
    if "as" in entry:
        boards.text(entry["as"], f"{where}.as")
    cid = game.new_card(owner, entry["card"]).cid
    obj = game.create_object([cid], st.zone_key(zone, owner), player, tapped=tapped, state=state)
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


INJECTED = ("destroy", "move", "damage", "gain_life", "lose_life")


def injected_frame(game: Game, spec: Mapping[str, Any]) -> Frame:
    """``{event: destroy|move|damage|gain_life|lose_life, target|player, amount, to, source}``."""
    kind = spec.get("event")
    if not isinstance(kind, str) or kind not in INJECTED:
        raise DefinitionError(f"inject.event: expected one of {', '.join(INJECTED)}, got {shorten(kind)}")
    source = source_of(game, spec.get("source"), "inject.source")
    amount = {"amount": boards.whole(spec.get("amount", 0), "inject.amount", 0, 1_000_000)}  # 120.1, 119.3
    if "player" in spec:
        player = player_of(spec["player"], "inject.player")
        if kind not in ("damage", "gain_life", "lose_life"):
            raise DefinitionError(f"inject.player: {kind} takes a target, not a player")
        return game.process(Event(kind, None, player, source, amount))
    if "target" not in spec:
        raise DefinitionError(f"inject: {kind} needs target (or player)")
    obj = game.object_of(card_id(game, spec["target"], "inject.target"))
    if kind == "damage":
        return game.process(Event("damage", obj.oid, None, source, amount))
    to = st.GRAVEYARD if kind == "destroy" else spec.get("to")
    if not isinstance(to, str) or to not in ZONES:
        raise DefinitionError(f"inject.to: expected one of {', '.join(ZONES)}, got {shorten(to)}")
    args = {"to": to, "from": obj.zone[1], "reason": "destroy" if kind == "destroy" else "move"}
    return game.process(Event("move", obj.oid, None, source, args))
