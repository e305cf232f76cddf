"""Set up a Duel Masters game in any position: the judge's board (used by tests and scenarios).

``board(spec)`` builds a game from a plain mapping::

    {"turn": "A", "step": "main",                 # whose turn, and main or attack step
     "A": {"battle_zone": ["NAME", {"card": "NAME", "as": "x", "tapped": True, "under": ["…"]}],
           "hand": [...], "mana_zone": [...], "graveyard": [...],
           "shield_zone": [...], "deck": 10},         # a deck may be a list or a count of filler cards
     "B": {...}}

Players are ``A`` (player 0) and ``B`` (player 1). Creatures set up in the battle zone have been there
since before this turn (no summoning sickness) unless ``sick: true``. Aliases (``as``) name objects so that
callers can refer to them: ``game.info["aliases"]`` maps alias → card id (the top card).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from ...cards.schema import CardDefinition, Face
from ...kernel import DefinitionError, Event, Game, Happened, Source, shorten
from ..boards import entries, flag, mapping, text, whole
from .auras import AURAS, is_aura
from .cross_gears import CROSSED, is_cross_gear
from .draghearts import equip
from .final_forbidden import check_part, place_linked_field
from .gr import GR
from .language.history import record
from .library import resolve
from .psychic import linked_setup
from .rules import DuelMasters, standard_catalog
from .seals import perform_seal
from .shields import FACE_UP
from .turn import ATTACK, MAIN, Turn
from .zero_dragon import check_set, place_set
from .zones import ABYSS, BATTLE, DECK, GRAVEYARD, HAND, HYPERSPATIAL, MANA, SHIELDS

PLAYERS = {"A": 0, "B": 1}
FILLER = "filler"
FILLER_CARD = CardDefinition(
    FILLER,
    (Face(FILLER, "creature", (), 99, ("フィラー",), 1000, "(a blank card that fills a deck in scenarios)"),),
    text_status="reconstructed",
)
ZONE_KEYS = {
    "battle_zone": BATTLE,
    "hand": HAND,
    "mana_zone": MANA,
    "graveyard": GRAVEYARD,
    "shield_zone": SHIELDS,
    "deck": DECK,
    "hyperspatial_zone": HYPERSPATIAL,  # 超次元ゾーン (draghearts, special_card_effects.py)
    "gr_zone": GR,  # 超GRゾーン (special_card_effects.py)
    "abyss_zone": ABYSS,  # 深淵ゾーン (410)
}
STEPS = {"main": MAIN, "attack": ATTACK}


def board(
    spec: Mapping[str, Any], catalog: Mapping[str, CardDefinition] | None = None, *, seed: int = 0
) -> Game:
    spec = mapping(spec, "setup", "a mapping: turn, step, A, B")
    cards = dict(catalog if catalog is not None else standard_catalog())
    cards.setdefault(FILLER, FILLER_CARD)
    rules = DuelMasters(cards)
    game = Game(rules, seed=seed, recipe={"board": dict(spec), "seed": seed})
    aliases: dict[str, int] = {}
    turn_player = PLAYERS.get(text(spec.get("turn", "A"), "setup.turn"))
    if turn_player is None:
        raise DefinitionError(f"setup.turn: expected A or B, got {shorten(spec.get('turn'))}")
    step = text(spec.get("step", "main"), "setup.step")
    if step not in STEPS:
        raise DefinitionError(f"setup.step: expected one of {', '.join(STEPS)}, got {shorten(step)}")
    game.turn = whole(spec.get("turn_number", 3), "setup.turn_number", 1, 10_000)
    game.player_names = list(PLAYERS)
    game.active_player = turn_player
    for key in spec:
        if key not in ("turn", "step", "turn_number", "A", "B", "rules_date"):
            raise DefinitionError(
                f"setup: unknown field {key!r}; expected turn, step, turn_number, A, B, rules_date"
            )
    if "rules_date" in spec:  # play by the rules of that date (replacement.py, psychic.py)
        date = str(spec["rules_date"]) if isinstance(spec["rules_date"], str | datetime.date) else ""
        if len(date) != 10 or date[4] != "-" or date[7] != "-" or not date.replace("-", "").isdigit():
            raise DefinitionError(f"setup.rules_date: expected YYYY-MM-DD, got {shorten(spec['rules_date'])}")
        game.info["rules_date"] = date
        game.recipe["board"]["rules_date"] = date  # as text: YAML reads it as a date, which JSON cannot save
    for name, player in PLAYERS.items():
        zones = mapping(spec.get(name), f"setup.{name}", "a mapping of zones")
        for zone_name in zones:
            if zone_name not in ZONE_KEYS and zone_name not in ("linked_field", "zero_dragon_set"):
                raise DefinitionError(
                    f"setup.{name}.{zone_name}: unknown zone {zone_name!r}; "
                    f"expected one of {', '.join(ZONE_KEYS)}, linked_field, zero_dragon_set"
                )
        deck = entries(zones.get("deck", 10), f"setup.{name}.deck", count=True)
        for i, entry in enumerate(deck):
            _place(game, player, DECK, entry, aliases, f"setup.{name}.deck[{i}]")
        for zone_name, zone in ZONE_KEYS.items():
            if zone == DECK:
                continue
            for i, entry in enumerate(entries(zones.get(zone_name), f"setup.{name}.{zone_name}")):
                _place(game, player, zone, entry, aliases, f"setup.{name}.{zone_name}[{i}]")
        if "linked_field" in zones:  # 308.4: a final forbidden field as the game starts with it
            _place_linked_field(game, player, zones["linked_field"], aliases, f"setup.{name}.linked_field")
        if "zero_dragon_set" in zones:  # 311.2: a 零龍 set as the game starts with it (unlinked)
            where = f"setup.{name}.zero_dragon_set"
            _place_linked_field(game, player, zones["zero_dragon_set"], aliases, where, zero_dragon=True)
    game.info["aliases"] = aliases
    game.push(Turn(stage=STEPS[step]))
    game.record("info", f"board set up: {game.pname(turn_player)}'s {step} step")
    game.push(game.process())  # state-based actions look at the board before anything else (703.1)
    game.advance()
    return game


def _place(game: Game, player: int, zone: str, entry: Any, aliases: dict[str, int], where: str) -> None:
    catalog: dict[str, CardDefinition] = game.rules.catalog  # type: ignore[attr-defined]  # DuelMasters
    if entry is None:  # a blank card counted into a deck
        entry = FILLER
    if isinstance(entry, str):
        entry = {"card": entry}
    if not isinstance(entry, Mapping) or "card" not in entry:
        raise DefinitionError(f"{where}: expected a card name or {{card: NAME, ...}}, got {shorten(entry)}")
    allowed = {"card", "as", "tapped", "under", "sick", "face_up", "face_down", "equipped_to", "seals"}
    unknown = set(entry) - allowed
    if unknown:
        raise DefinitionError(
            f"{where}: unknown field(s) {sorted(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )
    for key in ("tapped", "sick", "face_up", "face_down"):
        if key in entry:
            flag(entry[key], f"{where}.{key}")
    if "as" in entry:
        text(entry["as"], f"{where}.as")
    under = [
        u if isinstance(u, Mapping) else {"card": u} for u in entries(entry.get("under"), f"{where}.under")
    ]
    for i, u in enumerate(under):
        unknown_under = set(u) - {"card", "as", "face_up"}
        if unknown_under or "card" not in u:
            raise DefinitionError(f"{where}.under[{i}]: expected a card name or {{card: NAME, as, face_up}}")
        if "as" in u:
            text(u["as"], f"{where}.under[{i}].as")
        if "face_up" in u:
            flag(u["face_up"], f"{where}.under[{i}].face_up")

    names = [resolve(catalog, name, where) for name in [entry["card"], *(u.get("card") for u in under)]]

    names, state = linked_setup(game, names, zone, where)  # a psychic super creature: its cells, linked
    cids = [game.new_card(player, name).cid for name in names]
    obj = game.create_object(
        cids,
        (player, zone),
        player,
        tapped=bool(entry.get("tapped", False)),
        face_down=(zone == SHIELDS and not entry.get("face_up", False)) or bool(entry.get("face_down")),
        state=state,
    )
    obj.entered_turn = game.turn if entry.get("sick") else 0
    if entry.get("sick") and zone == BATTLE:
        _record_entered_this_turn(game, obj.oid, player, tuple(cids))
    if "equipped_to" in entry:  # a weapon equipped to (an aura attached to, a gear crossed to) a creature
        if not isinstance(entry["equipped_to"], str) or entry["equipped_to"] not in aliases:
            raise DefinitionError(f"{where}: equipped_to: unknown alias {shorten(entry['equipped_to'])}")
        creature = game.card_object[aliases[entry["equipped_to"]]]
        if is_aura(game, obj.top):
            game.info[AURAS] = {**game.info.get(AURAS, {}), obj.top: creature}
        elif is_cross_gear(game, obj):  # 303.3c: crossed to it, as if it had been generated and crossed
            obj.state[CROSSED] = creature
        else:
            equip(game, obj.top, creature)
    if "seals" in entry:  # 116.1a: seals from the top of its owner's deck (set up before the other zones)
        if zone != BATTLE:
            raise DefinitionError(f"{where}.seals: only a card in the battle zone has seals")

        for _ in range(whole(entry["seals"], f"{where}.seals", 1, 60)):
            if perform_seal(game, Event("seal", obj.oid, player, Source("rule", rule="116.1a"))) is None:
                raise DefinitionError(f"{where}.seals: {player}'s deck has too few cards for the seals")
    if state is None:
        _place_under(game, obj, entry, under, aliases, where)
    alias = entry.get("as")
    if alias is not None:
        if str(alias) in aliases:
            raise DefinitionError(f"{where}: alias {alias!r} is already used")
        aliases[str(alias)] = cids[0]


def _record_entered_this_turn(game: Game, oid: int, player: int, cids: tuple[int, ...]) -> None:
    """``sick: true``: it entered the battle zone this turn (301.5), so what reads this turn's record of
    events (「出たターン」: マッハファイター, 「このターン、…出ていれば」) finds that it entered, as it would
    had it entered through a step (language/history.py)."""

    event = Event("enter", oid, player, Source("rule", rule="301.5"), {"setup": True})
    data = {"from": None, "to": BATTLE, "controller": player, "owner": player}
    record(game, Happened(event, cids, None, oid, data))


def _place_linked_field(
    game: Game, player: int, value: Any, aliases: dict[str, int], where: str, *, zero_dragon: bool = False
) -> None:
    """``linked_field: [NAME | {card: NAME, as: ALIAS}]``: a final forbidden set put into the battle zone as
    set-up puts it (linked, a part's seals from the top of the deck; final_forbidden.py); with
    ``zero_dragon``, ``zero_dragon_set:`` — a 零龍 set, unlinked (311.2, zero_dragon.py)."""

    catalog: dict[str, CardDefinition] = game.rules.catalog  # type: ignore[attr-defined]  # DuelMasters
    listed = [e if isinstance(e, Mapping) else {"card": e} for e in entries(value, where)]
    for i, e in enumerate(listed):
        if set(e) - {"card", "as"} or "card" not in e:
            raise DefinitionError(f"{where}[{i}]: expected a card name or {{card: NAME, as: ALIAS}}")
    names = [resolve(catalog, e["card"], f"{where}[{i}]") for i, e in enumerate(listed)]
    problem = (check_set if zero_dragon else check_part)(catalog, names, where)
    if problem is not None:
        raise DefinitionError(problem)
    placed = (place_set if zero_dragon else place_linked_field)(game, player, names)
    for e, name in zip(listed, names, strict=True):
        if "as" in e:
            alias = text(e["as"], f"{where}.as")
            if alias in aliases:
                raise DefinitionError(f"{where}: alias {alias!r} is already used")
            aliases[alias] = next(o.top for o in placed if game.cards[o.top].name == name)


def _place_under(
    game: Game, obj: Any, entry: Mapping[str, Any], under: list[Any], aliases: dict[str, int], where: str
) -> None:
    """Cards under the top: ``under: [NAME, {card: NAME, as: ALIAS, face_up: true}]`` (seed 004: each card of
    a shield has its own facing)."""

    if any("face_up" in u for u in under):
        up = {obj.cards[0]} if not obj.face_down else set()
        up |= {cid for cid, u in zip(obj.cards[1:], under, strict=True) if u.get("face_up")}
        obj.state[FACE_UP] = frozenset(up)
    for i, (cid, u) in enumerate(zip(obj.cards[1:], under, strict=True)):
        alias = u.get("as")
        if alias is not None:
            if str(alias) in aliases:
                raise DefinitionError(f"{where}.under[{i}]: alias {alias!r} is already used")
            aliases[str(alias)] = cid
