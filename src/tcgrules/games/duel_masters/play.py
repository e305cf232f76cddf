"""Using cards: summoning creatures, evolving, casting spells, paying costs (112, 301, 302, 801)."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards.schema import Face
from ...kernel import Event, Frame, Game, GameObject, Source
from . import characteristics as ch
from .zones import BATTLE, GRAVEYARD, HAND, MANA, PENDING


def untapped_mana(game: Game, player: int) -> list[GameObject]:
    return [o for o in game.objects_in((player, MANA)) if not o.tapped]


def payment(game: Game, player: int, f: Face) -> list[GameObject] | None:
    """Mana cards to tap for ``f``: ``cost`` cards, among them one of each of its civilizations
    (the civilization requirement). ``None`` when it cannot be paid. Mono-civilization cards are used
    first for each requirement, and a small search finds an assignment when greedy choice would fail."""
    pool = untapped_mana(game, player)
    if len(pool) < f.cost:
        return None
    civs_of = {o.oid: ch.face(game, o).civilizations for o in pool}
    pool.sort(key=lambda o: len(civs_of[o.oid]))
    needed = list(f.civilizations)

    def assign(i: int, used: list[GameObject]) -> list[GameObject] | None:
        if i == len(needed):
            return used
        for o in pool:
            if o not in used and needed[i] in civs_of[o.oid]:
                found = assign(i + 1, [*used, o])
                if found is not None:
                    return found
        return None

    core = assign(0, [])
    if core is None or len(core) > f.cost:
        return None
    rest = [o for o in pool if o not in core]
    return core + rest[: f.cost - len(core)]


def evolution_bases(game: Game, player: int, cid: int) -> list[GameObject]:
    """Creatures of ``player`` that the evolution card ``cid`` may be put on (801.1)."""
    from .rules import compiled

    evo = compiled(game, cid).evolution
    if evo is None:
        return []
    base = evo.params["base"]
    return [
        o for o in game.objects_in((player, BATTLE)) if ch.is_creature(game, o) and ch.matches(game, o, base)
    ]


def playable_faces(game: Game, obj: GameObject, *, free: bool = False) -> list[int]:
    """Indexes of the faces of the card in hand ``obj`` that its owner could use now."""
    d = ch.definition(game, obj.top)
    out = []
    for i, f in enumerate(d.faces):
        if not free and payment(game, obj.controller, f) is None:
            continue
        if f.is_evolution and not evolution_bases(game, obj.controller, obj.top):
            continue
        out.append(i)
    return out


@dataclass(slots=True)
class PlayCard(Frame):
    """Summon a creature or cast a spell from the hand: pay, then put it into the battle zone or resolve
    it (a spell waits in 保留状態 while it resolves, 409, then goes to the graveyard)."""

    cid: int
    face_index: int
    free: bool = False
    controller: int = 0
    onto: int | None = None
    stage: int = 0

    def describe(self) -> str:
        return f"PlayCard(c{self.cid}, stage {self.stage})"

    def step(self, game: Game) -> None:
        f = ch.definition(game, self.cid).faces[self.face_index]
        if self.stage == 0:
            self.stage = 1
            obj = game.object_of(self.cid)
            if obj.zone[1] != HAND:
                game.finish()
                return
            if not self.free:
                paid = payment(game, self.controller, f)
                if paid is None:
                    game.finish()
                    return
                for o in paid:
                    o.tapped = True
                game.record(
                    "rule",
                    f"{game.pname(self.controller)} taps {len(paid)} mana for {f.name}",
                    "301.2" if f.is_creature else "302.2",
                    mana=[o.top for o in paid],
                )
            if f.is_creature:
                how = "summon"
                args = {"how": how, "onto": self.onto} if self.onto is not None else {"how": how}
                source = Source("summon", self.cid, self.controller, rule="301.2")
                game.record("info", f"{game.pname(self.controller)} summons {f.name}", "301.2")
                game.push(game.process(Event("enter", obj.oid, self.controller, source, args)))
                self.stage = 3
                return
            game.record("info", f"{game.pname(self.controller)} casts {f.name}", "302.2")
            game.move_object(obj.oid, (self.controller, PENDING))
            from .rules import compiled

            spell = compiled(game, self.cid).spell
            if spell:
                from .actions import ActionFrame, Ctx

                source = Source("spell", self.cid, self.controller)
                game.push(ActionFrame(spell, Ctx(self.controller, source, self.cid)))
                return
        if self.stage == 1:
            # 302.3: after resolving, the spell goes to its owner's graveyard.
            self.stage = 3
            pending = game.card_object.get(self.cid)
            if pending is not None and game.objects[pending].zone[1] == PENDING:
                source = Source("rule", None, self.controller, rule="302.3")
                game.push(game.process(Event("move", pending, source=source, args={"to": GRAVEYARD})))
                return
        game.finish()
