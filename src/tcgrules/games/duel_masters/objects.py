"""Objects made of several cards (seed 004, オブジェクト): evolution stacks, the cards under the top card,
one card leaving an object, and the rebuild of what stays (801.4, 703.4h).

An object shows the characteristics of its top card only (200.3a); the cards under it have none unless an
effect names *cards* (109.2a) or a rule needs them. Evolving keeps the object (801.2): it stays tapped,
keeps its effects and keeps attacking. Evolving onto several creatures (GV) merges them into one object,
and the effects that applied to each of them apply to it (801.2: three creatures at −2000 make −6000).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...cards.schema import CardDefinition
from ...kernel import Decision, Event, Frame, Game, GameObject, Happened, Option, Source
from . import characteristics as ch
from .deck_order import ORDER as DECK_ORDER
from .deck_order import arrange
from .zones import BATTLE, DECK, GRAVEYARD, SHIELDS

RULE_REBUILD = Source("rule", rule="703.4h")
EVOLVED_TURN = "evolved_turn"
"""Object state: the turn an evolution creature was put onto this object (801.1: it is put into the battle
zone — 「出た」 — though the object stays the same, 801.2). Read by :func:`entered_this_turn`; a rebuild drops
it (801.4c: the card left is not newly put there)."""


def entered_this_turn(game: Game, obj: GameObject) -> bool:
    """このターンに出た: the object was put into the battle zone this turn — itself, or an evolution creature
    onto it (a G-NEO or NEO evolution too, 802.3)."""
    return obj.entered_turn == game.turn or obj.state.get(EVOLVED_TURN) == game.turn


BONUS = "bonus"
"""Object state: the card was given its bonus abilities as it was used (スーパー・S・トリガー's S能力,
S・トリガー・プラス's P能力: a ``use`` step's ``bonus_if`` held), read by the condition ``bonus``. It is the
state of that object only: the card forgets it when it moves on (a spell to the graveyard, a creature that
leaves)."""


def is_element(game: Game, cid: int) -> bool:
    """Can this card exist alone in the battle zone? Elements (316.1: creatures and tamaseeds) and fields
    (308.2) can (801.4d); spells, castles and the like cannot (801.4b)."""
    d = ch.definition(game, cid)
    return any(f.is_element or f.is_field for f in d.faces)


def is_neo(game: Game, cid: int) -> bool:
    return any(face_is_neo(f) for f in ch.definition(game, cid).faces)


def face_is_neo(f: Any) -> bool:
    """A face with NEO進化 or G-NEO進化 (802.1, 803): summoned, it may be put on a creature its keyword
    names."""
    return any(a.form == "keyword" and a.name in ("neo", "g_neo") for a in f.abilities)


def needs_no_base(f: Any) -> bool:
    """815.1 / 813.1b: an S-MAX or 禁断スター進化 evolution creature may be put into the battle zone without
    an evolution source."""
    return any(a.form == "keyword" and a.name in NO_BASE_KEYWORDS for a in f.abilities)


NO_BASE_KEYWORDS = frozenset({"s_max_evolution", "forbidden_star_evolution"})


def is_s_max(f: Any) -> bool:
    """815.1a applies to S-MAX evolution creatures only."""
    return any(a.form == "keyword" and a.name == "s_max_evolution" for a in f.abilities)


def is_evolution(game: Game, obj: GameObject) -> bool:
    """An evolution creature (801.3: no summoning sickness). A NEO creature is "NEO進化" while a card is
    under it and a plain "NEO" creature otherwise (seed 004)."""
    if ch.face(game, obj).is_evolution:
        return True
    return len(obj.cards) > 1 and is_neo(game, obj.top)


def evolve(game: Game, cid: int, bases: list[int]) -> GameObject | None:
    """Put card ``cid`` on top of ``bases`` (801.1). The first base stays the same object (801.2); other
    bases join it below, and the effects that applied to them now apply to it. ``None`` if a base is gone."""
    objs = [game.objects.get(oid) for oid in bases]
    if not objs or any(o is None or o.zone[1] != BATTLE for o in objs):
        return None
    base: GameObject = objs[0]  # type: ignore[assignment]  # checked just above
    rest = game.detach_card(cid)  # only the evolving card moves; whatever it was part of stays
    if rest is not None:
        game.effects.remove_host(rest.oid)
        game.rules.object_entered(game, rest)
    for other_obj in objs[1:]:
        assert other_obj is not None
        _merge_into(game, other_obj, base)
    base.cards.insert(0, cid)
    game.card_object[cid] = base.oid
    # シンカパワー (「このクリーチャーが進化する時」, an ``evolves`` trigger): the base's ability, gone with
    # its card now under the evolution, still sees the evolution it triggers on (the wiki: its source is
    # the creature that evolved, and it resolves after the evolution).
    game.look_back(e for e in game.effects.remove_host(base.oid) if watches_evolving(e))
    game.rules.object_entered(game, base)
    return base


def watches_evolving(effect: Any) -> bool:
    """Whether a triggered ability's pattern is (or has among its ``any_of``) ``evolves``."""
    pattern = getattr(getattr(effect.ability, "spec", None), "pattern", None)
    if pattern is None:
        return False
    return pattern.event == "evolves" or any(alt.event == "evolves" for alt in pattern.alternatives)


def _merge_into(game: Game, src: GameObject, dst: GameObject) -> None:
    """``src`` becomes part of ``dst`` (GV evolution): its cards go under, its effects follow (801.2)."""
    for effect in list(game.effects):
        if src.oid in effect.targets:
            game.effects.remove(effect.eid)
            targets = tuple(dst.oid if t == src.oid else t for t in effect.targets)
            game.effects.add(
                effect.ability,
                effect.controller,
                effect.source,
                host=effect.host,
                expires=effect.expires,
                targets=targets,
            )
    if src.state.get("attacking"):
        dst.state.update({k: v for k, v in src.state.items() if k in ("attacking", "target")})
    dst.tapped = dst.tapped or src.tapped
    game.remove_object(src.oid)
    dst.cards.extend(src.cards)
    for c in src.cards:
        game.card_object[c] = dst.oid


# ---------------------------------------------------------------------------------------------- one card


def perform_move_card(game: Game, event: Event) -> Happened | None:
    """109.2a: an effect that chooses a *card* moves that card only, even out of an evolution creature or a
    stacked shield. When it was the top card of a battle-zone object, the rest is rebuilt by the
    state-based action 703.4h (it stays the same object: 801.4c)."""
    cid = event.get("card")
    oid = game.card_object.get(cid) if cid is not None else None
    obj = game.objects.get(oid) if oid is not None else None
    if obj is None or cid is None:
        return None
    from_zone = obj.zone
    was_top = obj.top == cid
    owner = game.cards[cid].owner
    to = str(event.get("to"))
    if from_zone[1] == BATTLE and len(obj.cards) > 1 and obj.state and to != BATTLE:
        from . import psychic

        if obj.state.get(psychic.LINK) and psychic.has_link_release(game, obj):
            # 806.1c: one cell of a psychic super creature leaving the battle zone — リンク解除 applies as
            # when the creature leaves, with this cell as the one that goes
            args = {"cell": cid, "to": to, "as": event.kind}
            release = Event("link_release", obj.oid, event.player, event.source, args, event.parent)
            return psychic.perform_release(game, release)
    face_up = bool(event.get("face_up", False))
    rest = game.detach_card(cid)
    if rest is not None:
        if was_top and from_zone[1] == BATTLE:
            rest.state["rebuild"] = "separate" if event.get("separate") else True
        else:  # its top may have changed, and a card under it may have taken its S・トリガー along
            game.effects.remove_host(rest.oid)
            game.rules.object_entered(game, rest)
    new = game.create_object(
        [cid], (owner, to), owner, top=not event.get("bottom", False), face_down=to == SHIELDS and not face_up
    )
    if event.get(DECK_ORDER) is not None and to == DECK:
        arrange(game, owner, event.get(DECK_ORDER))  # 401.4: in the order its owner chose
    data: dict[str, Any] = {"from": from_zone[1], "to": to, "owner": owner, "controller": obj.controller}
    data["as_card"] = True
    return Happened(event, (cid,), obj.oid, new.oid, data)


def rebuild_events(game: Game) -> list[Event]:
    """703.4h: objects whose top card left alone are rebuilt."""
    return [
        Event("rebuild", o.oid, None, RULE_REBUILD)
        for p in range(game.players)
        for o in game.objects_in((p, BATTLE))
        if o.state.get("rebuild")
    ]


def perform_rebuild(game: Game, event: Event) -> Happened | None:
    """801.4a/b: the topmost card that can exist alone becomes the top; the cards above it that cannot go
    to the graveyard. 801.4c/d: it is not a new object — no "enters" triggers, its effects, tapped state and
    time in the battle zone stay."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return None
    separate = obj.state.pop("rebuild", None) == "separate"
    obj.state.pop(EVOLVED_TURN, None)  # 801.4c: what is left is not newly put into the battle zone
    keep = next((i for i, c in enumerate(obj.cards) if is_element(game, c)), len(obj.cards))
    dropped = obj.cards[:keep]
    for cid in dropped:
        game.detach_card(cid)
        game.create_object([cid], (game.cards[cid].owner, GRAVEYARD))
    if separate and obj.oid in game.objects:  # each card that stays is a creature of its own, in the same
        for cid in list(obj.cards[1:]):  # state (801.4c/d: none of them newly enters)
            game.detach_card(cid)
            if not is_element(game, cid):
                game.create_object([cid], (game.cards[cid].owner, GRAVEYARD))
                continue
            part = game.create_object(
                [cid], obj.zone, obj.controller, tapped=obj.tapped, state=dict(obj.state)
            )
            part.entered_turn = obj.entered_turn
    if obj.oid in game.objects:
        game.effects.remove_host(obj.oid)
        game.rules.object_entered(game, obj)
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid if obj.oid in game.objects else None)


def register_under_cards(game: Game, obj: GameObject) -> None:
    """S・トリガー and the like work from any card of a broken shield (seed 004: by the time they are
    declared the cards are separate objects), though other shield-zone abilities work from the top only.
    In the battle zone a creature has the 超魂X abilities of the cards under it (818.1b)."""
    if obj.zone[1] == BATTLE and len(obj.cards) > 1 and not obj.face_down:
        register_soul_x(game, obj)
        return
    if obj.zone[1] != SHIELDS or len(obj.cards) < 2:
        return
    for cid in obj.cards[1:]:
        for ability in game.rules.compiled(game.cards[cid].name).face_down:  # type: ignore[attr-defined]
            if "break" in getattr(ability, "kinds", ()):
                game.effects.add(
                    ability, obj.controller, Source("ability", cid, obj.controller), host=obj.oid
                )


def register_soul_x(game: Game, obj: GameObject) -> None:
    """818.1b (an exception to 200.3a): a creature has the 超魂X abilities of every card under it, as its own
    (their source is its top card, so 「このクリーチャー」 is the creature)."""
    from .abilities import compile_card

    if not ch.face(game, obj).is_creature:
        return
    source = Source("ability", obj.top, obj.controller)
    for cid in obj.cards[1:]:
        d = ch.definition(game, cid)
        soul = next((f.soul_x for f in d.faces if f.soul_x), ())
        if not soul:
            continue
        shown = CardDefinition(
            d.name, (replace(d.main, abilities=soul, soul_x=()),), text_status=d.text_status
        )
        for ability in compile_card(shown).by_zone.get(BATTLE, ()):
            game.effects.add(ability, obj.controller, source, host=obj.oid)


def soul_x_keywords(game: Game, obj: GameObject) -> frozenset[str]:
    """The 超魂X keywords of the cards under a creature (818.1b)."""
    return frozenset(
        a.name
        for cid in obj.cards[1:]
        for f in ch.definition(game, cid).faces
        for a in f.soul_x
        if a.form == "keyword"
    )


def object_state_based_actions(game: Game) -> list[Event]:
    """703.4h (rebuild) and 703.4k (a castle whose shield has left)."""
    return rebuild_events(game) + _castles.castle_events(game)


NOT_IN_THE_BATTLE_ZONE = frozenset({"spell", "castle", "land"})
"""Card types that cannot be in the battle zone (703.4i): a spell resolves in 保留状態 (409), a castle
fortifies a shield (304), a 土地 put there goes to the graveyard at once (313.3)."""


def invalid_type_events(game: Game) -> list[Event]:
    """703.4i: a face-up card in the battle zone without a proper type (a spell an effect put there) goes
    to the graveyard. An object being rebuilt is left to its rebuild (801.4b)."""
    return [
        Event("move", o.oid, None, Source("rule", rule="703.4i"), {"to": GRAVEYARD})
        for p in range(game.players)
        for o in game.objects_in((p, BATTLE))
        if not o.face_down and not o.state.get("rebuild") and ch.face(game, o).type in NOT_IN_THE_BATTLE_ZONE
    ]


def s_max_choice(game: Game) -> KeepOneSMax | None:
    """815.1a: a player with two or more S-MAX evolution creatures in the battle zone keeps one of them, and
    the others return to the hand — a static ability's one-shot effect (604.4), applied as soon as it holds
    and before anything else resolves, so it is checked with the state-based actions; the player chooses
    which stays. 604.4b: the turn player's first (one player at a time, each asked in turn)."""
    for p in (game.active_player, *(q for q in range(game.players) if q != game.active_player)):
        if len(_s_max_of(game, p)) > 1:
            return KeepOneSMax(p)
    return None


def _s_max_of(game: Game, player: int) -> list[GameObject]:
    return [o for o in game.objects_in((player, BATTLE)) if not o.face_down and is_s_max(ch.face(game, o))]


@dataclass(slots=True)
class KeepOneSMax(Frame):
    """815.1a: ``player`` chooses the S-MAX evolution creature that stays; the others return to the hand
    (one batch, by the rule)."""

    player: int
    done: bool = False

    def step(self, game: Game) -> None:
        s_max = _s_max_of(game, self.player)
        if self.done or len(s_max) < 2:
            game.finish()
            return
        answer = game.take_answer()
        if answer is None:
            options = tuple(Option(f"c{o.top}", game.name(o.top)) for o in s_max)
            prompt = "815.1a: only one S-MAX evolution creature may stay: choose the one that stays"
            game.ask(Decision(self.player, "choose_cards", prompt, options, min=1, max=1, rule="815.1a"))
            return
        kept = game.card_object[int(answer[0].removeprefix("c"))]
        self.done = True
        source = Source("rule", player=self.player, rule="815.1a")
        back = [Event("move", o.oid, None, source, {"to": "hand"}) for o in s_max if o.oid != kept]
        game.push(game.process(*back))


PERFORMERS = {"move_card": perform_move_card, "rebuild": perform_rebuild}


# Imported at the end, as a module object (resolved when called): this check runs after event batches.
from . import castles as _castles  # noqa: E402
