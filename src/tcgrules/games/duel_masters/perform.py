"""Performing Duel Masters events: what each event kind does to the state (the pipeline's step 4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...kernel import Event, Game, GameObject, Happened, Source
from . import characteristics as ch
from .abilities import (
    PROHIBITION_KINDS,
    FlagGrant,
    GrantedProhibition,
    KeywordGrant,
    PowerChange,
    compile_granted,
    destination,
    player_rules,
)
from .ability_ignore import ignored_as_left
from .auras import follow
from .deck_order import ORDER as DECK_ORDER
from .deck_order import arrange
from .durations import expiry
from .fields import set_side
from .identity import forget_mixed
from .language.scope import effect_scope
from .language.selectors import face_fits
from .last_known import (
    LAST_CIVILIZATIONS,
    LAST_RACES,
    crossing_as_left,
    forget_civilizations,
    forget_races,
    remember_civilizations,
    remember_races,
)
from .looking import deck_for
from .objects import evolve
from .sideways import left_sideways
from .special_wins import PERFORMERS as WIN_PERFORMERS
from .zones import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS, is_held

Performer = Callable[[Game, Event], Happened | None]

# The zone each moving kind must take its object from; an object elsewhere by then is not moved.
_FROM = {"destroy": BATTLE, "discard": HAND, "break": SHIELDS, "charge": HAND}


def last_known(game: Game, obj: GameObject) -> dict[str, Any]:
    """Last-known information of an object leaving the battle zone (605.2e)."""
    f = ch.face(game, obj)
    d = ch.definition(game, obj.top)
    two_costs = obj.zone[1] != BATTLE and d.is_twinpact and len(obj.cards) == 1
    return {
        "name": f.name,
        "creature": f.is_creature,
        "power": ch.power(game, obj) if f.is_creature else None,
        "civilizations": ch.civilizations(game, obj, f),  # 605.2e: added ones included (106.4)
        "races": f.races,
        "cost": f.cost,
        "costs": tuple(x.cost for x in d.faces) if two_costs else (f.cost,),  # 201.2b: a twinpact's two costs
        **crossing_as_left(game, obj),  # 603.5c: its crossing as it left (303.5: the gear stays)
        **ignored_as_left(game, obj),  # 603.5c: its abilities ignored as it left (ability_ignore.py)
    }


def perform_move(game: Game, event: Event) -> Happened | None:
    if event.kind == "draw":
        deck = game.zone((event.player if event.player is not None else 0, DECK))
        deck = deck_for(game, deck, event.source.card)  # 605.4: not a card another effect looks at
        if not deck:
            return None  # 114.6: nothing to draw
        obj = game.objects[deck[-1]]
    else:
        found = game.objects.get(event.subject) if event.subject is not None else None
        if found is None:
            return None  # it already left (e.g. chosen twice in one batch)
        obj = found
    required = _FROM.get(event.kind)
    if required is not None and obj.zone[1] != required and not event.get("from_shield"):
        return None  # (509.5c: S・バック discards a shield card, as if from the hand: shield_breaks.py)
    if event.kind == "enter":
        return perform_enter(game, event, obj)
    to = destination(event)
    if to == "gr_zone" and any(ch.definition(game, c).main.type != "gr_creature" for c in obj.cards):
        # 118.2: only GR creatures can be in the 超GRゾーン; a normal card put there goes to the graveyard.
        game.record("rule", f"{game.name(obj.top)} is no GR creature: it goes to the graveyard", "118.2")
        to = GRAVEYARD
    from_zone = obj.zone
    if from_zone[1] == DECK:  # whether a deck's last card was drawn (special_wins.py)
        game.players_info[from_zone[0]]["deck_left_by"] = event.kind
    owner = game.cards[obj.top].owner
    if event.kind == "discard":  # "このターン中に捨てた自分の手札": cards that really reach the graveyard
        key = f"discarded_on_turn_{game.turn}"
        game.players_info[owner][key] = int(game.players_info[owner].get(key, 0)) + 1
    # 605.2e: what an effect may still need to know of it (そのクリーチャーのコスト)
    lki = last_known(game, obj) if from_zone[1] in (BATTLE, MANA, HAND, GRAVEYARD, DECK) else None
    was_sideways = left_sideways(obj)
    if from_zone[1] == BATTLE:
        remember_races(game, obj)  # 605.2e: its races as it leaves, with those an effect gave it
        remember_civilizations(game, obj)  # and its civilizations (605.2d)
    else:
        if LAST_RACES in game.info:
            forget_races(game, obj)
        if LAST_CIVILIZATIONS in game.info:
            forget_civilizations(game, obj)
    cards = tuple(obj.cards)
    # 405.4: a card put face down into the mana zone is colourless, so it does not enter tapped.
    face_down_mana = to == MANA and bool(event.get("face_down"))
    # 405.1: a multicolored card goes in tapped — multicolored where it was, with any civilization an effect
    # added there (106.4; Wiki「多色」, 公式Q&A 2019-09-30), not one added only in the mana zone
    multicolored = to == MANA and not face_down_mana and len(ch.civilizations(game, obj)) > 1
    # 409.2a: a pending card put back into the zone it was being used from was not put there — its position
    # (tapped or not: it may have tapped itself to pay, 601.1c) does not change
    back_home = is_held(obj) and from_zone == (owner, to)
    new = game.move_object(
        obj.oid,
        (owner, to),
        top=not event.get("bottom", False),
        # 405: multicolored cards go in tapped; ``mana_tapped`` (…はマナゾーンにタップして置かれる) too
        tapped=obj.tapped
        if back_home
        else multicolored
        or bool(event.get("tapped"))
        or (to == MANA and not face_down_mana and _mana_tapped(game, owner, obj)),
        face_down=(to == SHIELDS and not event.get("face_up", False)) or face_down_mana,
        split=not event.get("as_one", False),  # seed 004: a stack becomes separate shields unless told
    )
    if to == DECK and event.get(DECK_ORDER) is not None:
        arrange(game, owner, event.get(DECK_ORDER))  # 401.4: in the order the owner chose (deck_order.py)
    position = event.get("position")
    if position is not None and to == DECK:
        # 401.6: "上からN番目": N-1 cards above it; with fewer than N cards there, at the bottom.
        zone = game.zone((owner, DECK))
        moved = [o.oid for o in new]
        rest = [o for o in zone if o not in moved]
        n = int(position)
        at = len(rest) - (n - 1) if n <= len(rest) else 0
        zone[:] = rest[:at] + moved + rest[at:]
    data = {"from": from_zone[1], "to": to, "controller": obj.controller, "owner": owner, "lki": lki}
    data.update(was_sideways)  # 横向きのカードが…離れた時 (sideways.py)
    if from_zone[1] == BATTLE and game.info.get(ch.ATTACHED_AURAS):
        followed = follow(game, obj.oid, to, bottom=bool(event.get("bottom", False)))
        if followed:
            data["auras"] = followed
    return Happened(event, cards, obj.oid, new[0].oid if new else None, data)


def _mana_tapped(game: Game, owner: int, obj: GameObject) -> bool:
    """``mana_tapped: FILTER`` (相手のカードはマナゾーンにタップして置かれる): a rule for the cards of the
    players it applies to (their owner), whoever puts them there — charging (503) or an effect; a card put
    face down is colourless and goes in as 405.4 says."""

    rules = player_rules(game, owner, "mana_tapped")
    if not rules:
        return False  # the common case: no such rule
    shown = ch.definition(game, obj.top).faces
    return any(face_fits(f, flt, (game, effect_scope(game, e))) for e, flt in rules for f in shown)


def _enters_tapped(game: Game, controller: int, obj: GameObject) -> bool:
    """``enter_tapped: FILTER`` (…はタップしてバトルゾーンに出る): a rule for the player putting it there."""
    rules = player_rules(game, controller, "enter_tapped")
    if not rules:
        return False

    shown = ch.definition(game, obj.top).faces
    face = next((f for f in shown if f.is_creature), shown[0])
    return any(face_fits(face, flt, (game, effect_scope(game, e))) for e, flt in rules)


def _base_in_battle_zone(game: Game, oid: int, controller: int) -> int | None:
    """A base of an object put on others (801.1): one of ``controller``'s mana zone, graveyard or shield zone
    is put into the battle zone first; ``None`` if it is gone or elsewhere."""
    base = game.objects.get(oid)
    if base is not None and base.zone in ((controller, MANA), (controller, GRAVEYARD)):
        base = game.move_object(base.oid, (controller, BATTLE), controller=controller, tapped=False)[0]
    elif base is not None and base.zone == (controller, SHIELDS):
        # シールド進化: the shield, all its cards, goes under it (801.1; 「裏向きのカードは裏向きのまま、
        # 見ないで置く」 — who may look at the cards under an evolution is not modelled)
        base = game.move_object(base.oid, (controller, BATTLE), controller=controller, split=False)[0]
    if base is None or base.zone != (controller, BATTLE):
        return None
    return base.oid


def perform_enter(game: Game, event: Event, obj: GameObject) -> Happened | None:
    controller = event.player if event.player is not None else obj.controller
    from_zone = obj.zone[1]
    was_sideways = left_sideways(obj)  # 横向きのカードが…離れた時 (sideways.py)
    cards = tuple(obj.cards)
    onto = event.get("onto")
    if onto is not None:
        # 801.2: an evolution creature is put on top; the creature stays the same object.
        # マナ進化 / 墓地進化 (and 無月の門's cards of the graveyard): a base card of the mana zone or the
        # graveyard is put into the battle zone under it (重ねつつ出す, 801.1)
        found = [_base_in_battle_zone(game, b, controller) for b in (onto, *event.get("also_onto", ()))]
        bases = [b for b in found if b is not None]
        if len(bases) != len(found):
            return None
        evolved = evolve(game, obj.top, bases)  # GV: several creatures become one (objects.py)
        if evolved is None:
            return None
        if _enters_tapped(game, controller, evolved):
            evolved.tapped = True
        if event.get("bonus"):  # its S abilities given as it was used (play.py)
            evolved.state[_objects.BONUS] = True
        evolved.state[_objects.EVOLVED_TURN] = game.turn  # 801.1: put into the battle zone (出た) this turn
        new_oid = evolved.oid
    else:
        if from_zone != BATTLE and _dream.blocked(game, game.cards[obj.top].owner, obj.top):
            text = f"{game.name(obj.top)}: a dream element of that name is there; it stays"
            game.record("rule", text, "817.2")
            return None
        shown = ch.face(game, obj)
        if from_zone != BATTLE and shown.is_evolution and not _objects.needs_no_base(shown):
            # 801.1a: without a base an evolution creature cannot be put into the battle zone (an effect
            # that puts it there names no base): it stays where it is.
            game.record(
                "rule",
                f"{game.name(obj.top)} is an evolution creature with no base to be put on: it stays",
                "801.1a",
            )
            return None
        placed = game.move_object(
            obj.oid,
            (controller, BATTLE),
            controller=controller,
            split=False,
            tapped=bool(event.get("tapped", False)) or _enters_tapped(game, controller, obj),
        )
        new_oid = placed[0].oid
        if (
            event.get("shown_side") is not None
        ):  # taken from the 超次元ゾーン as its ルール・プラス side (314.4)
            placed[0].state[_psychic.SHOWN_SIDE] = int(event.get("shown_side"))
        if event.get("bonus"):  # used by スーパー・S・トリガー with its S abilities given (play.py)
            placed[0].state[_objects.BONUS] = True
        if ch.flag(game, placed[0], "enters_tapped"):
            # 110.4f: a state-defining effect (「…はタップしてバトルゾーンに出る」) sets its state as it
            # is put there: no replacement (none is asked, all apply); a card not entering is untouched.
            placed[0].tapped = True
        if event.get("side"):  # 819.1a: a WD field enters with the side it was used from upright
            set_side(game, placed[0], int(event.get("side")))
        if event.get("blocking"):  # 507.4: put into the battle zone blocking (ブロックしている状態で出す)
            from .language.effects import make_blocking_creature

            make_blocking_creature(game, new_oid, "507.4")
    return Happened(
        event,
        cards,
        obj.oid,
        new_oid,
        {"from": from_zone, "to": BATTLE, "controller": controller, "how": event.get("how"), **was_sideways},
    )


def perform_tap(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return None
    want = event.kind == "tap"
    if obj.tapped == want:
        return None  # 105.6: a tapped card cannot be tapped again (nor an untapped one untapped)
    if obj.zone[1] not in (BATTLE, MANA):
        return None  # 105.4a: only battle-zone and mana-zone cards can change orientation
    if _seals.is_ignored_creature(game, obj):
        return None  # 116.2a: a sealed creature neither taps nor untaps
    obj.tapped = want
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


def perform_attack(game: Game, event: Event) -> Happened | None:
    """506.1c: the attacker taps and is attacking."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or obj.zone[1] != BATTLE:
        return None
    obj.tapped = True
    obj.state["attacking"] = True
    obj.state["target"] = event.get("target")
    return Happened(
        event,
        tuple(obj.cards),
        obj.oid,
        obj.oid,
        {"controller": obj.controller, "target": event.get("target")},
    )


def perform_block(game: Game, event: Event) -> Happened | None:
    """507: the blocker taps and the attack is redirected to it."""
    blocker = game.objects.get(event.get("blocker"))
    attacker = game.objects.get(event.subject) if event.subject is not None else None
    if blocker is None or attacker is None or blocker.zone[1] != BATTLE:
        return None
    blocker.tapped = True
    blocker.state["blocking"] = True
    attacker.state["blocked"] = True
    attacker.state["target"] = blocker.oid
    return Happened(
        event,
        tuple(blocker.cards),
        attacker.oid,
        attacker.oid,
        {"controller": attacker.controller, "blocker": blocker.oid, "blocker_controller": blocker.controller},
    )


def perform_battle(game: Game, event: Event) -> Happened | None:
    """115.3: the creature with more power wins; equal power, both lose. Losers are destroyed by the
    state-based action 703.4d, not by this event."""
    a = game.objects.get(event.subject) if event.subject is not None else None
    d = game.objects.get(event.get("defender"))
    if a is None or d is None or a.zone[1] != BATTLE or d.zone[1] != BATTLE:
        return None  # 115.3a: no battle if either has gone
    game.info["battling"] = (a.oid, d.oid)  # "バトル中" statics (special_card_effects.py)
    pa, pd = ch.referred_power(game, a), ch.referred_power(game, d)  # 108.1b: a negative power is 0
    wa, wd = ch.flag(game, a, "wins_battles"), ch.flag(game, d, "wins_battles")
    del game.info["battling"]
    losers: tuple[GameObject, ...]
    winners: tuple[int, ...]
    always = tuple(o for o, wins in ((a, wa), (d, wd)) if wins)  # 700.5 / 115.3c: 「バトルに勝つ」
    if always:
        # 700.5: it wins whatever the powers; 700.5a: two such creatures both win and neither loses.
        winners, losers = tuple(o.oid for o in always), tuple(o for o in (a, d) if o not in always)
    elif pa > pd:
        winners, losers = (a.oid,), (d,)
    elif pd > pa:
        winners, losers = (d.oid,), (a,)
    else:
        winners, losers = (), (a, d)
    winner = winners[0] if len(winners) == 1 else None
    for loser in losers:
        # the battle it lost: its destruction (703.4d) is its result, judged with that battle going on
        loser.state["lost_battle"] = (a.oid, d.oid)
        if event.source.kind not in ("attack", "rule"):  # 101.4e: a battle made by a spell or an ability
            loser.state["lost_battle_to"] = (event.source.kind, event.source.card, event.source.player)
    return Happened(
        event,
        (*a.cards, *d.cards),
        a.oid,
        a.oid,
        {
            "attacker": a.oid,
            "defender": d.oid,
            "attacker_cards": tuple(a.cards),
            "defender_cards": tuple(d.cards),
            "powers": (pa, pd),
            "winner": winner,
            "winners": winners,
            "losers": tuple(o.oid for o in losers),
        },
    )


def perform_battle_start(game: Game, event: Event) -> Happened | None:
    """115.2: a battle starts (バトルする時); the powers are compared after the abilities it triggers have
    resolved (the ``battle`` event, 115.3). Nothing starts if either creature has left (115.3a)."""
    a = game.objects.get(event.subject) if event.subject is not None else None
    d = game.objects.get(event.get("defender"))
    if a is None or d is None or a.zone[1] != BATTLE or d.zone[1] != BATTLE:
        return None
    data = {
        "attacker": a.oid,
        "defender": d.oid,
        "attacker_cards": tuple(a.cards),
        "defender_cards": tuple(d.cards),
    }
    return Happened(event, (*a.cards, *d.cards), a.oid, a.oid, data)


def perform_direct_attack(game: Game, event: Event) -> Happened | None:
    """509.1: an unblocked attack on a player with no shields; the loss is the state-based action 703.4a."""
    assert event.player is not None
    game.players_info[event.player]["direct_attacked"] = True
    return Happened(event)


def perform_power(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return None
    controller = event.source.player if event.source.player is not None else obj.controller
    game.effects.add(
        PowerChange(event.get("amount"), event.get("while")),
        controller,
        event.source,
        expires=expiry(game, event.get("until", "end_of_turn"), controller),
        targets=(obj.oid,),
    )
    return Happened(
        event,
        tuple(obj.cards),
        obj.oid,
        obj.oid,
        {"amount": event.get("amount"), "controller": obj.controller},
    )


def perform_grant(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return None
    if event.get("ability") is not None:  # language 2: "「…」を得る" — any ability, for a duration
        controller = event.player if event.player is not None else obj.controller
        source = Source("ability", obj.top, obj.controller)
        for granted_ability in compile_granted(game, obj, event.get("ability")):
            game.effects.add(granted_ability, controller, source, host=obj.oid, expires=_expiry(event, game))
        return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"ability": True})
    if event.get("keyword") is not None:  # language 2: "…を得る" for a duration
        keyword = str(event.get("keyword"))
        game.effects.add(
            KeywordGrant(keyword),
            event.player if event.player is not None else obj.controller,
            event.source,
            expires=_expiry(event, game),
            targets=(obj.oid,),
        )
        return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"keyword": keyword})
    flag = str(event.get("flag"))
    granted: FlagGrant | GrantedProhibition = FlagGrant(flag, frozenset({flag}))
    if flag in PROHIBITION_KINDS:  # "破壊されない" / "離れない" are prohibitions, not characteristics
        granted = GrantedProhibition(flag, PROHIBITION_KINDS[flag], f"{flag} ({game.name(obj.top)})")
    game.effects.add(
        granted,
        event.player if event.player is not None else obj.controller,
        event.source,
        expires=_expiry(event, game),
        targets=(obj.oid,),
    )
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"flag": flag})


def _expiry(event: Event, game: Game | None = None) -> str:
    """ "until end of turn" (511.2), "until the start of your next turn" (501.2), or "until the end of
    this attack" (500.3: 「攻撃中」 ends as each attack ends, 510.2; see ``expiry``)."""
    return expiry(game, event.get("until"), event.player)


def perform_lose(game: Game, event: Event) -> Happened | None:
    assert event.player is not None
    game.players_info[event.player]["lost"] = event.get("rule", "104")
    return Happened(event)


def perform_shuffle(game: Game, event: Event) -> Happened | None:
    """701.11: the deck is randomized. ``set_aside`` (701.11b): those cards of the deck are kept out of the
    shuffle and then put on its top (or its ``bottom``), without leaving the deck."""
    assert event.player is not None
    deck = game.zone((event.player, DECK))
    aside = [oid for oid in event.get("set_aside", ()) if oid in deck]
    for oid in aside:
        deck.remove(oid)
    game.rng.shuffle(deck)

    forget_mixed(game, event.player, DECK)  # seed 004: what can no longer be told apart is lost
    if aside:
        deck[:0] = aside if event.get("bottom") else []
        deck.extend([] if event.get("bottom") else aside)  # the end of the list is the top
    return Happened(event)


def perform_announcement(game: Game, event: Event) -> Happened | None:
    """An ability being used (ニンジャ・ストライク): nothing changes, but triggers see which card it was."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return None
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


def perform_ability_used(game: Game, event: Event) -> Happened | None:
    """An ability with an ability word was used (能力語, actions.ability_used): recorded even when the card
    whose ability it is has left (the ability was used all the same)."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return Happened(event, (), None, None, {"controller": event.player})
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


def perform_attack_end(game: Game, event: Event) -> Happened | None:
    """510: the end of an attack, about its attacker (if it is still in the battle zone)."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return Happened(event)
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


def perform_marker(game: Game, event: Event) -> Happened | None:
    return Happened(event)


PERFORMERS: dict[str, Performer] = {
    **dict.fromkeys(("destroy", "discard", "break", "draw", "charge", "enter", "move"), perform_move),
    "tap": perform_tap,
    "untap": perform_tap,
    "attack": perform_attack,
    "block": perform_block,
    "battle": perform_battle,
    "battle_start": perform_battle_start,  # 115.2
    "direct_attack": perform_direct_attack,
    "power": perform_power,
    "grant": perform_grant,
    "lose": perform_lose,
    "shuffle": perform_shuffle,
    "turn_start": perform_marker,
    "draw_step_start": perform_marker,  # 500.4
    "charge_step_start": perform_marker,  # 500.4
    "main_step_start": perform_marker,  # 500.4
    "attack_step_start": perform_marker,  # 500.4
    "attack_end": perform_attack_end,
    "not_blocked": perform_announcement,  # 507.3c: no blocking creature was designated for the attacker
    "silent_skill": perform_announcement,  # 501.1a: the creature was kept tapped for its サイレントスキル
    "before_break": perform_announcement,  # 509.3: the attacker's shields are chosen, about to be broken
    "before_each_break": perform_announcement,  # 509.3: 各ブレイクの前に — one of those shields
    "use": perform_marker,
    "keyword_used": perform_announcement,
    "ability_used": perform_ability_used,
    "turn_end": perform_marker,
}


def _object_performers() -> dict[str, Performer]:
    """Events of objects made of several cards (seed 004), defined in their own modules."""
    from . import (
        auras,
        card_counts,
        castles,
        cross_gears,
        draghearts,
        fields,
        forbidden,
        gods,
        hyper,
        identity,
        objects,
        psychic,
        seals,
        shields,
        sideways,
        swap,
        zero_dragon,
    )

    found: dict[str, Performer] = {}
    modules = (
        objects,
        shields,
        castles,
        swap,
        identity,
        draghearts,
        cross_gears,
        psychic,
        gods,
        auras,
        hyper,
        seals,
        forbidden,
        fields,
        card_counts,
        zero_dragon,
        sideways,
    )
    for module in modules:
        found.update(module.PERFORMERS)
    return found


PERFORMERS.update(_object_performers())


def _special_win_performers() -> dict[str, Performer]:
    """ "ゲームに勝つ" (104.2c), defined in special_wins.py."""

    return dict(WIN_PERFORMERS)


PERFORMERS.update(_special_win_performers())


# Modules as module objects, at the end (resolved when called): a ``from .x import y`` inside a function
# performed at every event costs about a microsecond at every call.
from . import dream as _dream  # noqa: E402
from . import objects as _objects  # noqa: E402
from . import psychic as _psychic  # noqa: E402
from . import seals as _seals  # noqa: E402
