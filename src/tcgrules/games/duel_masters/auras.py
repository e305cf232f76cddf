"""Auras (オーラ, 310): cards used from the hand and attached to a GR creature.

* 310.1 / 310.2: in their main step the turn player uses (実行) an aura from the hand, paying its cost
  (main-step option ``use:cID``); it is then attached to one of their GR creatures, or they GR召喚 one
  (701.30a) and attach it to that (the ``attach`` event, which 「これをクリーチャーに付けた時」 patterns see).
* 310.2 too: an aura an effect puts into the battle zone (出す) is attached the same way, by this module's
  frame (actions.py; the wiki's answer for a card that puts an aura out of the mana zone: 「オーラの装着先も
  GR召喚によってバトルゾーンに出る」 — tests/cards/modern, DMRP-11), and so is one used by its S・トリガー.
* 310.2a: if that GR creature has left the battle zone before the aura is attached, the aura stays where it
  was (in the hand).
* 310.4: the number printed where a creature's power would be (the card's ``power``) is not a power: while
  attached, it is added to the creature's power (characteristics.power).
* 310.5: an aura cannot be alone in the battle zone: one attached to nothing goes to the graveyard
  (state-based).
* 310.6: auras attached one after another are kept in that order (:func:`auras_of`).
* 310.7: evolving keeps the creature's object (801.2), so the auras stay attached to the evolution creature
  and keep applying to it.
* 310.8 / 310.8a: when the creature moves from the battle zone to another zone, its auras go to that zone
  too, as part of the same event, each in the state proper to that zone and untouched by the effect that
  moved the creature (a new face-down shield, an untapped mana card). A GR creature then goes to the bottom
  of the 超GRゾーン (118.1), and an aura that would follow it there goes to the graveyard instead (118.2).

An aura's abilities work from the battle zone (the default ``zones``); ``attached`` (attachments.py) names the
creature it is attached to: 「これを付けたクリーチャーに「ブロッカー」を与える」 is
``static: {keyword: blocker}, to: attached``.

Not modelled: the physical stacking of 310.7a (an aura here is its own object beside its creature, so its card
is not counted among the creature's cards, 109.2c), and auras put under another card with their creature
(310.8b).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import Decision, Event, Frame, Game, GameObject, Happened, Option, Source
from . import characteristics as ch
from .gr import GR, GR_CREATURE
from .zones import BATTLE, GRAVEYARD, HYPERSPATIAL, SHIELDS

AURA = "aura"
AURAS = ch.ATTACHED_AURAS
"""``game.info`` key: aura card id → the object id of the creature it is attached to, in attaching order."""


def is_aura(game: Game, cid: int) -> bool:
    return ch.definition(game, cid).main.type == AURA


def attached_creature(game: Game, aura_oid: int) -> int | None:
    """The creature the aura object is attached to, while both are in the battle zone."""
    aura = game.objects.get(aura_oid)
    if aura is None or aura.zone[1] != BATTLE:
        return None
    oid = game.info.get(AURAS, {}).get(aura.top)
    creature = game.objects.get(oid) if oid is not None else None
    return creature.oid if creature is not None and creature.zone[1] == BATTLE else None


def auras_of(game: Game, creature_oid: int) -> list[GameObject]:
    """The auras attached to the creature, first attached first (310.6)."""
    found = []
    for cid, oid in game.info.get(AURAS, {}).items():
        if oid == creature_oid:
            aura = game.objects.get(game.card_object.get(cid, -1))
            if aura is not None and aura.zone[1] == BATTLE:
                found.append(aura)
    return found


def targets(game: Game, player: int) -> list[GameObject]:
    """310.2: the player's GR creatures an aura may be attached to."""
    return [o for o in game.objects_in((player, BATTLE)) if ch.face(game, o).type == GR_CREATURE]


def can_attach(game: Game, player: int) -> bool:
    """An aura can be used only if it can be attached: a GR creature, or a card to GR召喚."""
    return bool(targets(game, player)) or bool(game.zones.get((player, GR)))


@dataclass(slots=True)
class AttachAura(Frame):
    """310.2: after an aura is used, attach it to one of its player's GR creatures, or GR召喚 one and attach
    it to that."""

    aura_card: int
    controller: int
    stage: int = 0
    target_card: int | None = None

    def describe(self) -> str:
        return f"AttachAura(c{self.aura_card}, stage {self.stage})"

    def step(self, game: Game) -> None:
        if self.stage == 0:
            self.choose(game)
            return
        if self.stage == 1:
            self.stage = 2
            self.attach(game)
            return
        game.finish()

    def options(self, game: Game) -> list[Option]:
        name = game.name(self.aura_card)
        creatures = targets(game, self.controller)
        out = [Option(f"c{o.top}", f"attach {name} to {game.name(o.top)}") for o in creatures]
        if game.zones.get((self.controller, GR)):
            out.append(Option("gr_summon", f"GR召喚 and attach {name} to that GR creature"))
        return out

    def choose(self, game: Game) -> None:
        options = self.options(game)
        if not options:
            game.finish()
            return
        answer = game.take_answer() if len(options) > 1 else (options[0].label,)
        if answer is None:
            prompt = f"attach {game.name(self.aura_card)} to a GR creature, or GR召喚 one"
            game.ask(Decision(self.controller, "attach_aura", prompt, tuple(options), rule="310.2"))
            return
        self.stage = 1
        if answer[0] != "gr_summon":
            self.target_card = int(answer[0][1:])
            return
        from .play import PlayCard

        top = game.objects[game.zone((self.controller, GR))[-1]].top
        self.target_card = top
        game.push(PlayCard(top, 0, free=True, controller=self.controller, from_zone=GR))  # 701.30a

    def attach(self, game: Game) -> None:
        target = self.target_card
        creature = game.objects.get(game.card_object.get(target, -1)) if target is not None else None
        aura = game.object_of(self.aura_card)
        if creature is None or creature.zone != (self.controller, BATTLE):
            text = f"{game.name(self.aura_card)} has nothing to be attached to: it stays"
            game.record("rule", text, "310.2a")
            return
        source = Source("rule", self.aura_card, self.controller, rule="310.2")
        game.push(game.process(Event("attach", aura.oid, self.controller, source, {"onto": creature.oid})))


def perform_attach(game: Game, event: Event) -> Happened | None:
    """The aura moves into the battle zone, attached to the creature (310.2). Nothing happens if the creature
    is no longer in the battle zone (310.2a) or the aura is already there."""
    aura = game.objects.get(event.subject) if event.subject is not None else None
    creature = game.objects.get(event.get("onto"))
    if aura is None or creature is None or creature.zone[1] != BATTLE or aura.zone[1] == BATTLE:
        return None
    from_zone = aura.zone[1]
    cards = tuple(aura.cards)
    attached = {k: v for k, v in game.info.get(AURAS, {}).items() if k != aura.top}
    game.info[AURAS] = {**attached, aura.top: creature.oid}  # 310.6: the newest last
    controller = event.player if event.player is not None else creature.controller
    new = game.move_object(aura.oid, (controller, BATTLE), controller=controller, split=False)[0]
    data = {"from": from_zone, "to": BATTLE, "controller": controller, "onto": creature.oid}
    return Happened(event, cards, aura.oid, new.oid, data)


def follow(game: Game, creature_oid: int, to: str, *, bottom: bool = False) -> tuple[int, ...]:
    """310.8 / 310.8a: the auras of a creature that moved from the battle zone go to the same zone, each in
    that zone's proper state (face down as a new shield; untapped in the mana zone). An aura that would go to
    the 超GRゾーン goes to the graveyard (118.2). Returns the aura cards moved."""
    moved: list[int] = []
    for aura in auras_of(game, creature_oid):
        owner = game.cards[aura.top].owner
        dest = GRAVEYARD if to in (GR, HYPERSPATIAL) else to
        moved += aura.cards
        game.move_object(aura.oid, (owner, dest), top=not bottom, face_down=dest == SHIELDS)
    if moved:
        game.info[AURAS] = {k: v for k, v in game.info.get(AURAS, {}).items() if k not in moved}
    return tuple(moved)


def state_based_actions(game: Game) -> list[Event]:
    """310.5: an aura in the battle zone attached to no creature goes to its owner's graveyard."""
    attached = game.info.get(AURAS, {})
    if attached:  # forget the auras that left the battle zone (their next attachment starts afresh)
        kept = {k: v for k, v in attached.items() if game.objects[game.card_object[k]].zone[1] == BATTLE}
        if len(kept) != len(attached):
            game.info[AURAS] = kept
    events = []
    for cid in ch.cards_of_type(game, frozenset({AURA})):
        obj = game.objects[game.card_object[cid]]
        if obj.zone[1] == BATTLE and not obj.face_down and attached_creature(game, obj.oid) is None:
            events.append(Event("move", obj.oid, None, Source("rule", rule="310.5"), {"to": GRAVEYARD}))
    return events


PERFORMERS = {"attach": perform_attach}
