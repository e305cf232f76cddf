"""Set up a Monster Collection game in any position: the judge's board (scenarios, tests, save/load).

``board(spec)`` builds a game from a plain mapping::

    {"turn": "A",                                     # the active player (the idle decision is theirs)
     "A": {"field": [{"card": "NAME", "as": "u", "damage": 1,
                      "applied": [{"card": "クリティカル", "by": "B", "text": "original"}]}],
           "hand": ["NAME", {"card": "NAME", "as": "x"}], "trash": [...]},
     "B": {...}}

``applied`` lists cards whose effect was applied to that unit before the scenario starts (the card is in
its user's trash; its steps that apply continuous effects run now). ``text: original`` plays the text
from before the card's erratum. Aliases (``as``) name cards: ``game.info["aliases"]`` maps alias → card id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import DefinitionError, Game, shorten
from ..boards import entries as listed
from ..boards import mapping, text, whole
from .cards import After, CardDef, Damage
from .play import Use, apply_step, use_spec
from .rules import FIELD, HAND, TRASH, MonsterCollection, Settle

PLAYERS = {"A": 0, "B": 1}
ZONE_KEYS = {"field": FIELD, "hand": HAND, "trash": TRASH}
VERSIONS = ("erratum", "original")


def board(spec: Mapping[str, Any], catalog: Mapping[str, CardDef] | None = None, *, seed: int = 0) -> Game:
    spec = mapping(spec, "setup", "a mapping: turn, A, B")
    game = Game(MonsterCollection(catalog), seed=seed, recipe={"board": dict(spec), "seed": seed})
    game.player_names = list(PLAYERS)
    for key in spec:
        if key not in ("turn", "A", "B"):
            raise DefinitionError(f"setup: unknown field {key!r}; expected turn, A, B")
    turn = PLAYERS.get(text(spec.get("turn", "A"), "setup.turn"))
    if turn is None:
        raise DefinitionError(f"setup.turn: expected A or B, got {shorten(spec.get('turn'))}")
    game.active_player = turn
    aliases: dict[str, int] = {}
    game.info["aliases"] = aliases
    for name, player in PLAYERS.items():
        zones = spec.get(name) or {}
        if not isinstance(zones, Mapping):
            raise DefinitionError(f"setup.{name}: expected a mapping of zones, got {shorten(zones)}")
        for zone_name, entries in zones.items():
            if zone_name not in ZONE_KEYS:
                raise DefinitionError(
                    f"setup.{name}.{zone_name}: unknown zone {zone_name!r}; expected one of "
                    f"{', '.join(ZONE_KEYS)}"
                )
            for i, entry in enumerate(listed(entries, f"setup.{name}.{zone_name}")):
                place(game, player, ZONE_KEYS[zone_name], entry, f"setup.{name}.{zone_name}[{i}]")
    game.record("info", f"board set up: {game.pname(turn)} is the active player")
    game.push(Settle(()))  # lethal damage already on the board is looked at first
    game.advance()
    return game


def _entry(entry: Any, allowed: set[str], where: str) -> dict[str, Any]:
    if isinstance(entry, str):
        entry = {"card": entry}
    if not isinstance(entry, Mapping) or "card" not in entry:
        raise DefinitionError(f"{where}: expected a card name or {{card: NAME, ...}}, got {shorten(entry)}")
    unknown = set(entry) - allowed
    if unknown:
        raise DefinitionError(
            f"{where}: unknown field(s) {sorted(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )
    return dict(entry)


def new_card(game: Game, player: int, entry: Mapping[str, Any], where: str) -> int:
    catalog: dict[str, CardDef] = game.rules.catalog  # type: ignore[attr-defined]  # MonsterCollection
    if not isinstance(entry["card"], str) or entry["card"] not in catalog:
        raise DefinitionError(f"{where}: unknown card {shorten(entry['card'])}")
    if "as" in entry:
        text(entry["as"], f"{where}.as")
    cid = game.new_card(player, str(entry["card"])).cid
    alias = entry.get("as")
    if alias is not None:
        aliases: dict[str, int] = game.info["aliases"]
        if str(alias) in aliases:
            raise DefinitionError(f"{where}: alias {alias!r} is already used")
        aliases[str(alias)] = cid
    return cid


def place(game: Game, player: int, zone: str, entry: Any, where: str) -> None:
    allowed = {"card", "as"} | ({"damage", "applied"} if zone == FIELD else set())
    entry = _entry(entry, allowed, where)
    cid = new_card(game, player, entry, where)
    catalog: dict[str, CardDef] = game.rules.catalog  # type: ignore[attr-defined]  # MonsterCollection
    if zone == FIELD and not catalog[game.name(cid)].is_unit:
        raise DefinitionError(
            f"{where}: {game.name(cid)} is not a ユニット; only units are set up on the field"
        )
    obj = game.create_object([cid], (player, zone), player)
    damage = whole(entry.get("damage", 0), f"{where}.damage", 0, 1_000_000)
    if damage:
        obj.state["damage"] = damage
    for i, applied in enumerate(listed(entry.get("applied"), f"{where}.applied")):
        apply_card(game, obj.oid, applied, f"{where}.applied[{i}]")


def apply_card(game: Game, target: int, entry: Any, where: str) -> None:
    """A card whose effect was applied to ``target`` earlier: put it in its user's trash, run its steps."""
    entry = _entry(entry, {"card", "as", "by", "text"}, where)
    by = PLAYERS.get(text(entry.get("by", "AB"[game.objects[target].controller]), f"{where}.by"))
    if by is None:
        raise DefinitionError(f"{where}.by: expected A or B, got {shorten(entry.get('by'))}")
    version = text(entry.get("text", "erratum"), f"{where}.text")
    if version not in VERSIONS:
        raise DefinitionError(f"{where}.text: expected one of {', '.join(VERSIONS)}, got {shorten(version)}")
    cid = new_card(game, by, entry, where)
    game.create_object([cid], (by, TRASH), by)
    use = Use(by, cid, target, version=str(version))
    try:
        steps = use_spec(game, use).steps
    except DefinitionError as exc:
        raise DefinitionError(f"{where}: {exc}") from exc
    game.record("info", f"set up: {game.name(cid)} was used on {game.name(game.objects[target].top)}")
    for step in steps:
        if isinstance(step, Damage | After):
            raise DefinitionError(f"{where}: {game.name(cid)} deals damage; use it in a step instead")
        apply_step(game, use, step)
