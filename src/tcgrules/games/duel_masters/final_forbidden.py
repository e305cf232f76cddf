"""最終禁断 and 禁断コア (308.4, 309, 701.29): a field of five two-faced cards that turns into one creature.

The cards: a *center* card (first face ``type: final_forbidden_field``, other face
``type: final_forbidden_creature``) and its *parts* (first face ``type: final_forbidden_field``, other face
``type: forbidden_core``). They are not in the 40-card deck: a deck file's or recipe's ``battle_zone`` part
holds them (100.5: one set a deck).

* 308.4 / 100.5: at set-up, after the decks are shuffled and before the shields, the center card's
  ``keyword: starts_sealed`` with ``on_parts: true`` (「この最終禁断フィールドは、ゲーム開始時、四隅に封印を
  1つずつ付けてリンクしたフィールドとしてバトルゾーンに置く」) puts the set into the battle zone as one linked
  field: each card is its own object there (each with the abilities of its field face; 「このカードから封印が
  外された時」 is about its own seals), linked by the object state :data:`LINK`, and each part gets N seals
  from the top of its owner's deck. A filter's ``linked: true`` is "this linked field" (the objects of the
  link of the object that refers to it, itself included). A scenario's board sets one up with a player's
  ``linked_field: [cards]``.
* 701.29a (``forbidden_explosion`` step, 禁断爆発): the linked field is turned over and rebuilt into one
  creature: one object, the center card on top showing its creature face, the parts as its 禁断コア; the
  object of the center card keeps its identity (it has been in the battle zone since the game began).
  「禁断爆発した時」 patterns (``forbidden_exploded``) see it.
* 309.1 / 309.2: a core is in the battle zone only as part of that creature: it is never used (no face is
  summoned or cast), and a part's core side is only shown after 禁断爆発.
* 309.4: cores move as cards with the creature they are part of (an object's cards go where it goes).
* 309.5: a card with a core face makes no mana in the mana zone (``characteristics.mana_number``: 0), but may
  be tapped for its civilization.
* 309.6 (``cores_under: {count: Q}``, 「このクリーチャーの禁断コアをQ枚、このカードの下に置く」): Q of the
  creature's cores are put under its top card (:data:`UNDER`); they are no longer the creature's cores.
* 309.7: an object in the battle zone whose top card is a core (the creature's top card left alone) goes to
  the graveyard at once (a state-based action).
* 309.8: a core's face has cost 0.
* 309.3 (the core's upright position) is physical.
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action, CardDefinition, Face
from ...kernel import Event, Game, GameObject, Happened, Source
from . import characteristics as ch
from .zones import BATTLE, GRAVEYARD

FIELD = "final_forbidden_field"
CREATURE = "final_forbidden_creature"
CORE = "forbidden_core"
TYPES = frozenset({FIELD, CREATURE, CORE})
LINK = "final_forbidden_link"
"""Object state of each card of a linked final forbidden field: the card id of its center card."""
EXPLODED = "forbidden_exploded"
"""Object state of the creature a linked field became (701.29a)."""
UNDER = "cores_under"
"""Object state of that creature: the card ids of the cores put under its top card (309.6)."""


def is_part_card(d: CardDefinition) -> bool:
    """A card of a final forbidden field (its center or one of its parts)."""
    return d.main.type == FIELD


def has_core_face(d: CardDefinition) -> bool:
    return any(f.type == CORE for f in d.faces)


def face(game: Game, obj: GameObject) -> Face | None:
    """The face a final forbidden card shows: after 禁断爆発, in the battle zone, its other side (the
    creature on top, a core when a core is left alone); otherwise its field side (``None``: another card)."""
    d = ch.definition(game, obj.top)
    return ch.merged_side(d, obj, EXPLODED) if d.main.type == FIELD else None


def register(game: Game, obj: GameObject) -> bool:
    """In the battle zone a final forbidden card has the abilities of the face it shows."""
    from .abilities import register_side_in_battle

    return register_side_in_battle(game, obj, _a_part)


def _a_part(game: Game, cid: int) -> bool:
    return is_part_card(ch.definition(game, cid))


def linked_with(game: Game, obj: GameObject, this: int | None) -> bool:
    """Filter ``linked: true``: ``obj`` is one of the objects of this linked field (or this object)."""
    if this is None or this not in game.objects:
        return False
    if obj.oid == this:
        return True
    link = game.objects[this].state.get(LINK)
    return link is not None and obj.state.get(LINK) == link and obj.zone == game.objects[this].zone


# ---------------------------------------------------------------------------------------------- set-up


def center_of(catalog: dict[str, CardDefinition], names: list[str]) -> tuple[str, int] | None:
    """The center card of a ``battle_zone`` part and the seals each of its parts starts with."""
    for name in names:
        for a in catalog[name].main.abilities:
            if a.form == "keyword" and a.name == "starts_sealed" and a.params.get("on_parts"):
                return name, int(a.params["seals"])
    return None


def place_linked_field(game: Game, player: int, names: list[str]) -> list[GameObject]:
    """308.4 / 100.5: the ``battle_zone`` part's cards are put into the battle zone as one linked field, the
    center first, each part with its seals from the top of its owner's deck."""
    from .seals import perform_seal

    catalog = game.rules.catalog  # type: ignore[attr-defined]  # DuelMasters rules
    found = center_of(catalog, names)
    assert found is not None, "extra_parts checks that a battle_zone part has its center card"
    center, seals = found
    order = [center, *[n for n in names if n != center]]
    cids = [game.new_card(player, name).cid for name in order]
    objs = [game.create_object([c], (player, BATTLE), state={LINK: cids[0]}) for c in cids]
    game.record("rule", f"{game.name(cids[0])} starts the game in the battle zone as a linked field", "308.4")
    for part in objs[1:]:
        for _ in range(seals):
            perform_seal(game, Event("seal", part.oid, player, Source("rule", cids[0], player, rule="308.4")))
    return objs


def check_part(catalog: dict[str, CardDefinition], names: list[str], where: str) -> str | None:
    """What is wrong with a ``battle_zone`` part (``None``: nothing): final forbidden cards only, with one
    center card, its parts having a core face (100.5: one set)."""
    for name in names:
        if not is_part_card(catalog[name]):
            return (
                f"{where}: {name!r} does not start the game in the battle zone (only a final forbidden set)"
            )
    if center_of(catalog, names) is None:
        return f"{where}: no card says the set starts the game in the battle zone (starts_sealed, on_parts)"
    centers = [n for n in names if not has_core_face(catalog[n])]
    if len(centers) != 1:
        return f"{where}: one set only (100.5): exactly one center card, got {len(centers)}"
    return None


# ---------------------------------------------------------------------------------------------- 701.29


def explosion_step(frame: Any, game: Game, action: Action) -> int:
    """``forbidden_explosion: SEL`` — 禁断爆発する (701.29a): the selected card's linked field."""
    from . import actions as A

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    ctx = frame.ctx
    return int(
        frame.emit(game, [Event("forbidden_explosion", o, ctx.controller, ctx.source) for o in picked])
    )


def perform_explosion(game: Game, event: Event) -> Happened | None:
    """701.29a: the linked field's five cards are turned over and become one creature (the center on top)."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or obj.zone[1] != BATTLE or obj.state.get(LINK) is None:
        return None
    link = obj.state[LINK]
    parts = [o for o in game.objects_in(obj.zone) if o.state.get(LINK) == link]
    center = next((o for o in parts if o.top == link), None)
    if center is None:
        return None
    from .objects import _merge_into

    for part in parts:
        if part.oid != center.oid:
            part.state.pop(LINK, None)
            _merge_into(game, part, center)
    del center.state[LINK]
    center.state[EXPLODED] = True
    game.effects.remove_host(center.oid)
    game.rules.object_entered(game, center)  # the creature face's abilities (register)
    game.record(
        "rule",
        f"禁断爆発: {game.name(center.top)} becomes one creature of {len(center.cards)} cards",
        "701.29a",
    )
    data = {"controller": center.controller}
    return Happened(event, tuple(center.cards), center.oid, center.oid, data)


# ---------------------------------------------------------------------------------------------- 309.6, 309.7


def cores_of(game: Game, obj: GameObject) -> list[int]:
    """The creature's 禁断コア: its cards with a core face, but those put under its top card (309.6)."""
    if not obj.state.get(EXPLODED):
        return []
    under = obj.state.get(UNDER, ())
    return [c for c in obj.cards[1:] if c not in under and has_core_face(ch.definition(game, c))]


def cores_under_possible(game: Game, subject: int | None, count: int) -> bool:
    """609.4: the substitute needs ``count`` cores of the leaving creature."""
    obj = game.objects.get(subject) if subject is not None else None
    return obj is not None and len(cores_of(game, obj)) >= count


def cores_under_step(frame: Any, game: Game, action: Action) -> int:
    """``cores_under: {count: Q}`` — このクリーチャーの禁断コアをQ枚、このカードの下に置く (309.6): in a
    leave replacement, the leaving creature; elsewhere, this card's object."""
    from .actions import amount_of

    count = amount_of(game, frame, action.args["count"]) if "count" in action.args else 1
    ctx = frame.ctx
    oid = ctx.subject if ctx.subject is not None else game.card_object.get(ctx.self_card)
    return int(frame.emit(game, [Event("cores_under", oid, ctx.controller, ctx.source, {"count": count})]))


def perform_cores_under(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    count = int(event.get("count", 1))
    if obj is None or obj.zone[1] != BATTLE or len(cores_of(game, obj)) < count:
        return None
    moved = cores_of(game, obj)[:count]
    obj.state[UNDER] = (*obj.state.get(UNDER, ()), *moved)
    obj.cards[:] = [c for c in obj.cards if c not in moved] + moved  # under the top card, at the bottom
    game.record("rule", f"{count} 禁断コア put under {game.name(obj.top)}", "309.6")
    return Happened(event, tuple(moved), obj.oid, obj.oid, {"controller": obj.controller})


def state_based_actions(game: Game) -> list[Event]:
    """309.7: an object in the battle zone whose top card is a core (no creature left on it) goes to the
    graveyard; so does a final forbidden card put there otherwise than at set-up, neither part of a linked
    field nor of its creature (309.2: a core cannot be put there alone; the rules say nothing of a part's
    field side: it is treated as its core, 309.1)."""
    events = []
    for p in range(game.players):
        for o in game.objects_in((p, BATTLE)):
            if o.face_down or ch.definition(game, o.top).main.type != FIELD:
                continue
            alone = o.state.get(LINK) is None and not o.state.get(EXPLODED)
            if alone or ch.face(game, o).type == CORE:
                events.append(Event("move", o.oid, None, Source("rule", rule="309.7"), {"to": GRAVEYARD}))
    return events


PERFORMERS = {"forbidden_explosion": perform_explosion, "cores_under": perform_cores_under}
HANDLERS = {"forbidden_explosion": explosion_step, "cores_under": cores_under_step}
