"""禁断 (307 鼓動, 809 禁断の鼓動, 701.25 禁断解放).

A 禁断 card is two-faced (``faces:``): its first face a 禁断の鼓動 (``type: forbidden_pulse``), its other face
a 禁断クリーチャー (``type: forbidden_creature``, a creature).

* 809.3 / 307.2 / 100.5: ``keyword: starts_sealed, seals: N`` (この鼓動は、ゲーム開始時、封印をN個付けて
  バトルゾーンに置く): at set-up, after the decks are shuffled and before the shields, one such card of each
  player's deck (one set only) is put into the battle zone with N seals from the top of its owner's deck.
* 809.1a / 701.25a: ``keyword: forbidden_release`` (禁断解放): when a seal is removed from it and none is
  left, it turns over to its creature side (``forbidden_release`` step); 「禁断解放した時」 patterns see it.
* 809.2: in the battle zone only the face shown counts (its abilities are those of that face); elsewhere
  either face may be referred to, so the abilities of both work there (「このカードがバトルゾーン以外の
  ゾーンにあれば」).
* A 禁断 card is never used from the hand: neither face can be summoned or cast.
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import SELF, AbilitySpec, Action, Condition, Pattern, Quantity, number
from ...kernel import MODIFIER, Event, Game, GameObject, Happened, Source
from . import actions as A
from . import characteristics as ch
from .abilities import register_side_in_battle
from .final_forbidden import HANDLERS as FINAL_HANDLERS
from .final_forbidden import PERFORMERS as FINAL_PERFORMERS
from .language.scope import Scope
from .language.selectors import fits
from .seals import perform_seal
from .zones import BATTLE, DECK

PULSE = "forbidden_pulse"
CREATURE = "forbidden_creature"
RELEASED = "forbidden_released"
"""Object state: a 禁断の鼓動 turned over to its creature side."""


def is_forbidden(game: Game, cid: int) -> bool:
    return ch.definition(game, cid).main.type == PULSE


def release_trigger(index: int, line: int) -> AbilitySpec:
    """禁断解放―この鼓動の封印がすべてなくなった時、クリーチャー側に裏返す (a seal removed, none left)."""

    no_seals = Condition("equals", quantities=(Quantity("seals", selector=SELF), number(0)))
    return AbilitySpec(
        "trigger",
        "pattern",
        index,
        condition=no_seals,
        effect=(Action("forbidden_release", {"what": SELF}),),
        line=line,
        pattern=Pattern("unsealed"),
    )


def register(game: Game, obj: GameObject) -> bool:
    """In the battle zone a 禁断 card's abilities are those of the face it shows (809.2)."""
    return register_side_in_battle(game, obj, is_forbidden)


def release_step(frame: object, game: Game, action: Action) -> int:
    """``forbidden_release: SEL`` — 禁断解放する (701.25a)."""

    picked = frame.select(game, action, action.args["what"])  # type: ignore[attr-defined]
    if picked is None:
        return A._ASKED
    ctx = frame.ctx  # type: ignore[attr-defined]
    events = [Event("forbidden_release", o, ctx.controller, ctx.source) for o in picked]
    return int(frame.emit(game, events))  # type: ignore[attr-defined]


def perform_release(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or obj.zone[1] != BATTLE or not is_forbidden(game, obj.top) or obj.state.get(RELEASED):
        return None
    obj.state[RELEASED] = True
    game.effects.remove_host(obj.oid)
    game.rules.object_entered(game, obj)  # the creature side's abilities (register)
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


def starting_seals(game: Game, cid: int) -> int | None:
    for a in ch.definition(game, cid).main.abilities:
        if a.form == "keyword" and a.name == "starts_sealed":
            return int(a.params["seals"])
    return None


def place_at_start(game: Game, player: int) -> None:
    """809.3 / 100.5: one card of the deck that starts in the battle zone is put there with its seals."""
    if not ch.cards_with_printed_keyword(game, "starts_sealed"):
        return  # the common case: no such card in the game (known once per list of cards)
    for oid in list(game.zone((player, DECK))):
        cid = game.objects[oid].top
        seals = starting_seals(game, cid)
        if seals is None:
            continue
        placed = game.move_object(oid, (player, BATTLE))[0]
        text = f"{game.name(cid)} starts the game in the battle zone with {seals} seals"
        game.record("rule", text, "809.3")
        for _ in range(seals):
            perform_seal(game, Event("seal", placed.oid, player, Source("rule", cid, player, rule="809.3")))
        return  # 100.5: one set only


def state_based_actions(game: Game) -> list[Event]:
    """「自分はゲームに負ける」 statics that apply (the ``lose_game`` property): their controller loses; and
    「…をすべて破壊し」 statics (the ``destroys`` property, a filter): what it describes in the battle zone is
    destroyed by the static's card, in the same batch."""
    events = destroy_events(game)
    for effect in game.effects.find(MODIFIER, "lose_game"):
        host = game.objects.get(effect.host) if effect.host is not None else None
        if host is not None and ch.flag(game, host, "lose_game", via_keywords=False):
            source = Source("ability", effect.source.card, effect.controller)
            events.append(Event("lose", None, effect.controller, source, {"rule": "104.2"}))
    # 604.4b: one-shot effects of statics of several players: the turn player's first (its own together, in
    # one batch); the others' follow once they are done, if they still hold
    controllers = {e.source.player for e in events}
    if len(controllers) > 1:
        first = next(p for p in (game.active_player, *range(game.players)) if p in controllers)
        events = [e for e in events if e.source.player == first]
    return events


def _final_forbidden() -> tuple[dict[str, Any], dict[str, Any]]:
    return FINAL_PERFORMERS, FINAL_HANDLERS


def destroy_events(game: Game) -> list[Event]:
    if not game.effects.has(MODIFIER, "destroys"):
        return []

    events = []
    for effect in game.effects.find(MODIFIER, "destroys"):
        host = game.objects.get(effect.host) if effect.host is not None else None
        if host is None or not ch.flag(game, host, "destroys", via_keywords=False):
            continue
        flt = effect.ability.spec.params["value"]  # type: ignore[attr-defined]  # a CardStatic
        source = Source("ability", effect.source.card, effect.controller)
        scope = Scope(effect.controller, effect.source.card)
        for p in range(game.players):
            for obj in game.objects_in((p, BATTLE)):
                if not obj.face_down and fits(game, obj, flt, scope):
                    events.append(Event("destroy", obj.oid, effect.controller, source))
    return events


PERFORMERS: dict[str, Any] = {"forbidden_release": perform_release, **_final_forbidden()[0]}
HANDLERS: dict[str, Any] = {"forbidden_release": release_step, **_final_forbidden()[1]}
