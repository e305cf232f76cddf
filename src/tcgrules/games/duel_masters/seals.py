"""Seals (封印, 116; 701.23, 701.24; 703.4j).

* 116.1 / 701.24a: to put a seal on a card in the battle zone, the top card of *that card's owner's* deck is
  put face down on it (the ``seal`` step; several seals may be on one card, 116.1b). A seal here is its own
  face-down object in the battle zone whose state names the object it is on (``SEALING``); chosen as a card it
  is cost 0 with no other characteristic (200.3b, 116.3a).
* 116.2 / 116.2a: a creature with a seal on it is ignored — treated as not in the battle zone: selectors do
  not see it (unless a filter asks for ``sealed: true``), it cannot attack or block or be attacked, its
  abilities do not work, and it neither taps nor untaps.
* 701.23a: removing a seal (封印を外す, the ``unseal`` step) moves it from the battle zone, to the graveyard
  (``unseal: {what, to}``: to another zone or the top or bottom of its owner's deck, as a card says so —
  「封印を1つ、自分の山札の一番下に置く」; it is a seal removed all the same, seen by ``unsealed``). It is
  also the seal card changing zones (603.5): a ``moved`` pattern sees that card go from the battle zone to
  where it went (「どこからでも墓地に置かれた時」 on the seal card triggers in the graveyard).
* 116.4 / 116.4a / 701.23b / 703.4j: when a command (a race containing コマンド) enters the battle zone, its
  owner puts into the graveyard one seal from one of their cards with seals that shares a civilization with
  the command (their choice, but not none); the sealed card's civilization counts though it is ignored
  (116.4b).
  This is given to every command as it enters, as a triggered ability of priority class 0 that resolves
  before the others (an approximation of the state-based action).
* ``static: {seals_removed_only_by: FILTER}`` (「バトルゾーンにある自分の封印は、各ターンに1つだけ、FILTERを
  召喚することによってのみ、外すことができる」): while it applies, the seals on its controller's cards come
  off only by 116.4a's ability of a command that the filter describes and that was summoned, one a turn;
  no effect removes them (the ``unseal`` step does nothing to them).
* ``static: {not_sealed: true}`` / ``{not_unsealed: true}`` (封印を付けることはできない / 封印を墓地に
  置けない) are prohibitions (700.3) of the ``seal`` / ``unseal`` events about what they apply to.
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import AbilitySpec, Action, Filter, Pattern, Selector
from ...kernel import MODIFIER, Event, Game, GameObject, Happened, Source
from . import characteristics as ch
from .zones import BATTLE, DECK, GRAVEYARD

SEALING = "seal_on"
"""Object state of a seal: the object id of the card it is on."""
SEALS = "seals"
"""``game.info`` key: seal card id → the object id it is on (a quick test that a game has any seal)."""


def seals_on(game: Game, oid: int) -> list[GameObject]:
    """The seals on object ``oid``, oldest first."""
    placed = game.info.get(SEALS)
    if not placed or oid not in placed.values():
        return []
    found = []
    for cid, target in placed.items():
        seal = game.objects.get(game.card_object.get(cid, -1))
        if target == oid and seal is not None and seal.zone[1] == BATTLE and seal.state.get(SEALING) == oid:
            found.append(seal)
    return found


def is_ignored_creature(game: Game, obj: GameObject) -> bool:
    """116.2: a creature with a seal on it is ignored."""
    if not game.info.get(SEALS) or obj.zone[1] != BATTLE or obj.face_down:
        return False
    return ch.face(game, obj).is_creature and bool(seals_on(game, obj.oid))


def perform_seal(game: Game, event: Event) -> Happened | None:
    """701.24a: the top card of the owner's deck, face down, on the object (116.1a)."""
    target = game.objects.get(event.subject) if event.subject is not None else None
    if target is None or target.zone[1] != BATTLE:
        return None
    owner = game.cards[target.top].owner
    deck = game.zone((owner, DECK))
    if not deck:
        return None
    top = game.objects[deck[-1]]
    cid = top.top
    seal = game.move_object(
        top.oid, (target.controller, BATTLE), controller=target.controller, face_down=True
    )[0]
    seal.state[SEALING] = target.oid
    game.info[SEALS] = {**game.info.get(SEALS, {}), cid: target.oid}
    data = {"from": DECK, "to": BATTLE, "controller": target.controller, "on": target.oid}
    return Happened(event, (cid,), target.oid, target.oid, data)


def restrictions(game: Game, player: int) -> list[Filter]:
    """The filters of the ``seals_removed_only_by`` statics that apply to ``player``'s seals."""
    found = []
    for effect in game.effects.find(MODIFIER, "seals_removed_only_by"):
        host = game.objects.get(effect.host) if effect.host is not None else None
        # (a static that does not apply — its card ignored, its condition false — restricts nothing)
        applies = host is not None and ch.flag(game, host, "seals_removed_only_by", via_keywords=False)
        if effect.controller == player and applies:
            found.append(effect.ability.spec.params["value"])  # type: ignore[attr-defined]  # a CardStatic
    return found


REMOVED_THIS_TURN = "seal_removed_turn"
"""``players_info`` key: the turn in which a restricted player's seal last came off (one a turn)."""


def _restricted_release(game: Game, event: Event, player: int) -> bool:
    """Whether a restriction (``seals_removed_only_by``) stops this removal of ``player``'s seal."""
    if not game.effects.has(MODIFIER, "seals_removed_only_by") or not restrictions(game, player):
        return False
    if event.get("rule") != "116.4a":
        return True  # only a command's entering removes them: no effect does
    return bool(game.players_info[player].get(REMOVED_THIS_TURN) == game.turn)


def perform_unseal(game: Game, event: Event) -> Happened | None:
    """701.23a / 701.23b: the newest seal on the object goes to its owner's graveyard."""
    seals = seals_on(game, event.subject) if event.subject is not None else []
    if not seals:
        return None
    sealed = game.objects[event.subject] if event.subject is not None else None
    if sealed is not None and _restricted_release(game, event, sealed.controller):
        game.record("rule", f"the seal on {game.name(sealed.top)} cannot be removed now", "116.4")
        return None
    if sealed is not None and restrictions(game, sealed.controller):
        game.players_info[sealed.controller][REMOVED_THIS_TURN] = game.turn
    seal = seals[-1]
    cid = seal.top
    to = event.get("to") or GRAVEYARD  # 封印を山札の一番下に置く: ``unseal`` with ``to: deck_bottom``
    if to in ("deck_top", "deck_bottom"):
        moved = game.move_object(seal.oid, (game.cards[cid].owner, DECK), top=to == "deck_top")
    else:
        moved = game.move_object(seal.oid, (game.cards[cid].owner, to))
    game.info[SEALS] = {k: v for k, v in game.info.get(SEALS, {}).items() if k != cid}
    target = game.objects.get(event.subject) if event.subject is not None else None
    zone = DECK if to in ("deck_top", "deck_bottom") else to
    data = {
        "from": BATTLE,
        "to": zone,
        "controller": target.controller if target else None,
        "seal": cid,
        # the seal card's own objects before and after: what a zone-change trigger sees move (603.5)
        "seal_object": seal.oid,
        "seal_new": moved[0].oid if moved else None,
    }
    return Happened(event, (cid,), event.subject, event.subject, data)


def seal_step(frame: Any, game: Game, action: Action) -> int:
    """``seal: {what: SEL, count: Q}`` — 封印を（Q個）付ける: each selected card gets Q seals."""
    from . import actions as A

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    from .actions import amount_of

    count = amount_of(game, frame, action.args["count"]) if "count" in action.args else 1
    events = [Event("seal", o, frame.ctx.controller, frame.ctx.source) for o in picked for _ in range(count)]
    return int(frame.emit(game, events))


def unseal_step(frame: Any, game: Game, action: Action) -> int:
    """``unseal: SEL`` — 封印を外す: one seal of each selected card goes to the graveyard (701.23a), or,
    with ``to`` (「…に付けた封印を1つ、自分の山札の一番下に置く」), to that zone, ``deck_top`` or
    ``deck_bottom`` of its owner."""
    from . import actions as A

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    data: dict[str, Any] = {"rule": action.args["rule"]} if "rule" in action.args else {}  # 116.4a's own
    if "to" in action.args:
        data["to"] = action.args["to"]
    events = [Event("unseal", o, frame.ctx.controller, frame.ctx.source, data) for o in picked]
    return int(frame.emit(game, events))


def is_command(game: Game, obj: GameObject) -> bool:
    return any("コマンド" in race for race in ch.face(game, obj).races)


def command_release(game: Game, obj: GameObject) -> AbilitySpec | None:
    """116.4a: the ability the rules give a command entering the battle zone — its owner removes one seal
    from one of their cards with seals sharing a civilization with it (written in the card language)."""
    if obj.face_down or not ch.face(game, obj).is_creature or not is_command(game, obj):
        return None
    civs = ch.face(game, obj).civilizations
    if not civs:
        return None
    flt = Filter(civilizations=civs, sealed=True, v2=True)
    what = Selector("choose", count=1, zone=BATTLE, owner="you", filter=flt)
    limits = restrictions(game, obj.controller) if game.effects.has(MODIFIER, "seals_removed_only_by") else []
    if limits:
        from .language.selectors import fits

        if not all(fits(game, obj, limit) for limit in limits):
            return None  # a restricted player's seals come off only by the commands it describes
        if game.players_info[obj.controller].get(REMOVED_THIS_TURN) == game.turn:
            return None  # and one a turn
    return AbilitySpec(
        "trigger",
        "pattern",
        -1,
        effect=(Action("unseal", {"what": what, "rule": "116.4a"}),),
        pattern=Pattern("enters", how=("summoned",)) if limits else Pattern("enters"),
        params={"priority_class": 0},
    )


def register_release(game: Game, obj: GameObject) -> None:
    """Give an entering command its seal-removing ability (116.4a), if any seal is in the game."""
    if obj.zone[1] != BATTLE or not game.info.get(SEALS):
        return
    spec = command_release(game, obj)
    if spec is None:
        return
    from .abilities import CardTrigger
    from .language.patterns import kinds

    name = game.cards[obj.top].name
    assert spec.pattern is not None
    trigger = CardTrigger(spec, name, kinds(spec.pattern), f"{name} (116.4a: 封印を外す)", False, 0)
    source = Source("ability", obj.top, obj.controller)
    game.effects.add(trigger, obj.controller, source, host=obj.oid)


def state_based_actions(game: Game) -> list[Event]:
    """Forget seals that left the battle zone."""
    placed = game.info.get(SEALS)
    if placed:
        kept = {k: v for k, v in placed.items() if game.objects[game.card_object[k]].zone[1] == BATTLE}
        if len(kept) != len(placed):
            game.info[SEALS] = kept
    return []


PERFORMERS = {"seal": perform_seal, "unseal": perform_unseal}
HANDLERS = {"seal": seal_step, "unseal": unseal_step}
