"""キング・セル and キング・クリーチャー (814): cards of the deck that are summoned together as one creature.

* A *king cell* is a card of ``type: king_cell``: no cost (814.1a: referred to, its cost is 0) and no race,
  the civilizations of its mana symbols (814.1b), usable only as part of its king (814.1: never alone).
* A *king creature* is a catalog entry of ``type: king_creature`` — not a card anyone owns (no deck holds
  it): its ``keyword: king_cells, cells: [NAME, …]`` names its cells (「自分の手札またはマナゾーンにN種の
  キング・セル《A》《B》…が揃っていれば、合体させ、コストを支払ってこのキング・クリーチャーを召喚してもよい」).
* 814.1 / 814.1c: in the main step, when one card of each named cell is in its player's hand or mana zone,
  the king is offered (``king:cID``, the first cell's card). Its cost and civilizations are the king's; the
  cells in the mana zone are pending from the declaration, and while they are there their mana may pay it
  (they are tapped with the rest); after paying, the cells combine and the king is summoned: one object
  in the battle zone, its first cell on top — a summon (``used``, ``summoned`` and ``enters`` patterns see
  it).
* An object in the battle zone made of exactly one card of each cell of a king shows the king's face and
  has its abilities (:func:`king_of`); a card of it referred to as a card is its cell (200.3a, 814.1b: its
  own civilizations).
* 814.1d: a combined object that lost a cell (one left alone, 109.2a) is no king: its other cells go to the
  graveyard at once, as does a cell put into the battle zone alone (a state-based action).
* 814.1e: a king leaving moves all its cards (109.2b), each a cell again where it goes — so a pattern about
  a creature leaving (「クリーチャーが破壊された時」), its subject read on the object as it is now, does not
  see it; replacements of the creature's leaving apply to it as to any creature (its エクストラEXライフ).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards.schema import CardDefinition, Face
from ...kernel import Event, Frame, Game, GameObject, Option, Source
from . import characteristics as ch
from .abilities import use_forbidden
from .objects import _merge_into
from .zones import BATTLE, GRAVEYARD, HAND, MANA, PENDING

CELL = "king_cell"
KING = "king_creature"
TYPES = frozenset({CELL, KING})
CELL_TYPES = frozenset({CELL})


def _catalog(game: Game) -> dict[str, CardDefinition]:
    found: dict[str, CardDefinition] = game.rules.catalog  # type: ignore[attr-defined]  # DuelMasters
    return found


def cells_of(d: CardDefinition) -> tuple[str, ...]:
    """The cells a king entry names (its ``king_cells`` keyword), in printed order."""
    for a in d.main.abilities:
        if a.form == "keyword" and a.name == "king_cells":
            return tuple(a.params["cells"])
    return ()


def kings(game: Game) -> list[CardDefinition]:
    """The king entries of the game's catalog — none when no card of the game is a cell (asked at every
    main-step decision: the catalog is read once per game and list of cards)."""
    if not ch.cards_of_type(game, CELL_TYPES):
        return []
    rules: Any = game.rules
    cached: tuple[int, list[CardDefinition]] | None = getattr(rules, "_kings", None)
    if cached is None or cached[0] != len(game.cards):
        cached = rules._kings = (len(game.cards), [d for d in _catalog(game).values() if d.main.type == KING])
    return cached[1]


def kings_of(game: Game, names: set[str]) -> set[str]:
    """The kings whose cells are all among ``names`` (the cards of a game): the entries whose abilities an
    object of that game can have."""
    return {d.name for d in kings(game) if (cells := cells_of(d)) and all(c in names for c in cells)}


def king_of(game: Game, obj: GameObject) -> CardDefinition | None:
    """The king an object in the battle zone is: one card of each of its cells, nothing else."""
    if obj.zone[1] != BATTLE or obj.face_down or ch.definition(game, obj.top).main.type != CELL:
        return None
    names = sorted(game.cards[c].name for c in obj.cards)
    for d in kings(game):
        if sorted(cells_of(d)) == names:
            return d
    return None


def face(game: Game, obj: GameObject) -> Face | None:
    """The face a combined king shows; ``None`` for any other object."""
    d = king_of(game, obj)
    return d.main if d is not None else None


def register(game: Game, obj: GameObject) -> bool:
    """A king in the battle zone has its king entry's abilities; ``False`` for any other object."""
    d = king_of(game, obj)
    if d is None:
        return False
    compiled = game.rules.compiled(d.name)  # type: ignore[attr-defined]  # DuelMasters rules
    source = Source("ability", obj.top, obj.controller)
    for ability in compiled.by_zone.get(BATTLE, ()):
        game.effects.add(ability, obj.controller, source, host=obj.oid)
    return True


# ---------------------------------------------------------------------------------------------- 814.1, 814.1c


def available_cells(game: Game, player: int, d: CardDefinition) -> list[GameObject] | None:
    """One object of each of the king's cells in the player's hand or mana zone (the hand's first, then
    the untapped mana), or ``None`` if one is missing (814.1)."""
    found: list[GameObject] = []
    hand = game.objects_in((player, HAND))
    mana = sorted(game.objects_in((player, MANA)), key=lambda o: o.tapped)
    for name in cells_of(d):
        obj = next((o for o in [*hand, *mana] if game.cards[o.top].name == name and o not in found), None)
        if obj is None or obj.face_down:
            return None
        found.append(obj)
    return found


def options(game: Game, player: int) -> list[Option]:
    """814.1: a main-step option for each king whose cells are all in the hand or the mana zone and whose
    cost can be paid (the mana cells' own mana included, 814.1c)."""
    from .play import effective, payment

    out = []
    for d in kings(game):
        cells = available_cells(game, player, d)
        if cells is None:
            continue
        if use_forbidden(game, player, d.main):
            continue  # 601.1b
        if payment(game, player, effective(game, cells[0], d.main), card=cells[0]) is None:
            continue
        text = (
            f"summon {d.name}, combining " + ", ".join(game.name(o.top) for o in cells) + f" ({d.main.cost})"
        )
        out.append(Option(f"king:c{cells[0].top}", text))
    return out


@dataclass(slots=True)
class KingSummon(Frame):
    """814.1c: pay the king's cost (the pending mana cells may pay), combine its cells, summon it."""

    cid: int
    """The first cell's card (the label's)."""
    controller: int
    stage: int = 0

    def describe(self) -> str:
        return f"KingSummon(c{self.cid}, stage {self.stage})"

    def step(self, game: Game) -> None:
        d = next(
            (k for k in kings(game) if cells_of(k) and cells_of(k)[0] == game.cards[self.cid].name), None
        )
        if self.stage == 0:
            cells = available_cells(game, self.controller, d) if d is not None else None
            if d is None or cells is None:
                game.finish()
                return
            from .play import effective, payment

            f = effective(game, cells[0], d.main)
            # 814.1c: the mana cells still pay, while pending
            paid = payment(game, self.controller, f, card=cells[0])
            if paid is None:
                game.finish()
                return
            for o in paid:
                o.tapped = True
            game.record(
                "rule",
                f"{game.pname(self.controller)} taps {len(paid)} mana for {d.name}",
                "814.1c",
                mana=[o.top for o in paid],
            )

            moved = [game.move_object(o.oid, (self.controller, PENDING))[0] for o in cells]
            for o in moved[1:]:
                _merge_into(game, o, moved[0])  # 814.1c: the cells combine after the cost is paid
            self.cid = moved[0].top
            self.stage = 1
            source = Source("summon", self.cid, self.controller)
            args = {"method": "summon", "card": self.cid}
            game.push(game.process(Event("use", None, self.controller, source, args)))
            return
        if self.stage == 1:
            self.stage = 2
            oid = game.card_object.get(self.cid)
            if oid is None or game.objects[oid].zone[1] != PENDING:
                game.finish()
                return
            source = Source("summon", self.cid, self.controller, rule="814.1c")
            game.push(game.process(Event("enter", oid, self.controller, source, {"how": "summon"})))
            return
        game.finish()


def main_step_frame(label: str, player: int) -> Frame:
    return KingSummon(int(label.partition(":")[2][1:]), player)


# ---------------------------------------------------------------------------------------------- 814.1d


def state_based_actions(game: Game) -> list[Event]:
    """814.1d: an object in the battle zone whose top card is a king cell and that is no whole king (a cell
    left, or one put there alone) goes to the graveyard, each card of it."""
    events = []
    for p in range(game.players):
        for o in game.objects_in((p, BATTLE)):
            if o.face_down or ch.definition(game, o.top).main.type != CELL or king_of(game, o) is not None:
                continue
            events.append(Event("move", o.oid, None, Source("rule", rule="814.1d"), {"to": GRAVEYARD}))
    return events
