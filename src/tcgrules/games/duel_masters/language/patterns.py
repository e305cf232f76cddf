"""Event patterns (docs/cards.md, "Patterns"): one pattern language for triggered abilities, replacement
effects and "whenever" conditions.

A pattern names an ``event`` of the card language; :data:`EVENTS` says which of the Duel Masters module's
performed event kinds it stands for, so the kernel's index finds the ability only for those kinds. A trigger
matches what *happened* (603.2d: the final, replaced event; an object that left is seen as it was, 603.5c);
a replacement matches the event *about to happen* (609.1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....cards.schema import Pattern, Selector, SourceFilter
from ....kernel import Event, Game, GameObject, Happened, Source
from .. import characteristics as ch
from ..attachments import attached_as_known
from ..last_known import departed_of
from ..shield_force import linked_ids
from ..zones import BATTLE, GRAVEYARD, HAND, MANA, SHIELDS
from .history import events, last_break_source
from .quantities import value
from .scope import Scope
from .selectors import fits, players

MOVES = frozenset({"destroy", "discard", "break", "draw", "charge", "enter", "move", "move_card"})
"""Performed kinds that move a card or object between zones."""

EVENTS: dict[str, frozenset[str]] = {
    # 603.5: a seal removed (701.23a) is a card put from the battle zone into another zone, too
    "moved": MOVES | {"unseal"},
    # also a card swapped in (701.26: swap.py reports its entering), and an aura attached from outside the
    # battle zone (310.2: it is put into the battle zone as it is attached; 310.2a: else it does not enter)
    "enters": frozenset({"enter", "attach"}),
    "leaves": MOVES - {"move_card"},  # one card moving out from under another is not the object leaving
    "destroyed": frozenset({"destroy"}),
    "discarded": frozenset({"discard"}),
    "drawn": frozenset({"draw"}),
    "broken": frozenset({"break"}),
    # 701.3a: to summon is to make the creature ready to enter, its cost paid — the summon (the card's `use`
    # as a creature) is done even if a replacement then puts it elsewhere (Wiki「召喚した時」)
    "summoned": frozenset({"use"}),
    "evolves": frozenset({"enter"}),  # 進化する時: an evolution creature is put on it (801.1, objects.evolve)
    "cast": frozenset({"use"}),
    "used": frozenset({"use"}),
    "attacks": frozenset({"attack"}),
    "blocks": frozenset({"block"}),
    "blocked": frozenset({"block"}),
    "battles": frozenset({"battle_start"}),  # 115.2: バトルする時 triggers as the battle starts
    "before_battle": frozenset({"battle_start"}),  # the same as ``battles`` (its first name)
    "battled": frozenset({"battle"}),  # バトルした時: after the powers are compared (115.3d)
    "wins_battle": frozenset({"battle"}),
    "loses_battle": frozenset({"battle"}),
    "tapped": frozenset({"tap", "attack", "block"}),  # attacking and blocking tap the creature (506.1c, 507)
    "untapped": frozenset({"untap"}),
    "power_changed": frozenset({"power"}),
    "shield_added": frozenset({"shield_add", "move", "break"}),
    "turn_start": frozenset({"turn_start"}),
    "turn_end": frozenset({"turn_end"}),
    "draw_step_start": frozenset({"draw_step_start"}),  # 500.4: the draw step starts
    "charge_step_start": frozenset({"charge_step_start"}),  # 500.4: the mana charge step starts
    "main_step_start": frozenset({"main_step_start"}),  # 500.4: the main step starts
    "attack_step_start": frozenset({"attack_step_start"}),  # 500.4: the attack step starts
    "attack_end": frozenset({"attack_end"}),
    "before_break": frozenset({"before_break"}),
    "before_each_break": frozenset({"before_each_break"}),  # 509.3: 各ブレイクの前に, once per shield
    "not_blocked": frozenset({"not_blocked"}),
    "silent_skill": frozenset(
        {"silent_skill"}
    ),  # 501.1a: サイレントスキル  # 507.3c: 攻撃してブロックされなかった時
    "loses_game": frozenset({"lose"}),
    "wins_game": frozenset({"win"}),
    "attached": frozenset({"attach"}),  # an aura attached to a creature (310.2, auras.py)
    "unsealed": frozenset({"unseal"}),  # a seal removed from it (701.23, seals.py)
    "cards_became": frozenset({"cards_count"}),  # its number of cards became N (603.2c, card_counts.py)
    "forbidden_released": frozenset({"forbidden_release"}),  # 禁断解放 (701.25, forbidden.py)
    "forbidden_exploded": frozenset({"forbidden_explosion"}),  # 禁断爆発 (701.29, final_forbidden.py)
    "zero_dragon_linked": frozenset({"zero_dragon_link"}),  # リンクした時 (701.18a, zero_dragon.py)
    "zero_dragon_born": frozenset({"zero_dragon_birth"}),  # 零龍卍誕した時 (701.31a, zero_dragon.py)
    "keyword_used": frozenset({"keyword_used"}),
    "ability_used": frozenset({"ability_used"}),  # an ability with an ability word was used (能力語)
    "triggers": frozenset({"ability_triggers"}),
    "chosen": frozenset({"chosen"}),  # 選ばれた時: a choose selector chose it (605.2b, chosen.py)
}
"""Each pattern event and the performed event kinds it watches."""

TURN_EVENTS = frozenset(
    {
        "turn_start",
        "turn_end",
        "draw_step_start",
        "charge_step_start",
        "main_step_start",
        "attack_step_start",
    }
)
"""Events about a turn or a step of it, whose ``player`` (whose turn) defaults to ``you`` (docs/cards.md)."""

SUBJECT_ONLY_WITH_THIS = TURN_EVENTS | {"loses_game", "wins_game"}


def kinds(pattern: Pattern) -> frozenset[str]:
    if pattern.alternatives:  # any_of: what any of its parts watches
        return frozenset().union(*(kinds(alt) for alt in pattern.alternatives))
    return EVENTS[pattern.event]


def destination(event: Event) -> str:
    """Where a moving event takes its object."""
    kind = event.kind
    if kind in ("destroy", "discard"):
        return GRAVEYARD
    if kind in ("break", "draw"):
        return HAND
    if kind == "charge":
        return MANA
    if kind == "enter":
        return BATTLE
    return str(event.get("to"))


@dataclass(frozen=True, slots=True)
class Seen:
    """One event as a pattern sees it: its subject (object ids before and after), whose it is, the zones,
    how and by what it happened, and the player it is about."""

    kind: str
    old: int | None
    new: int | None
    side: int | None
    from_zone: str | None
    to_zone: str | None
    how: str | None
    source: Source
    player: int | None
    event: Event
    happened: Happened | None = None


OTHER_SUBJECTS = frozenset({"battle", "battle_start", "use"})
"""Performed kinds whose seen subjects are not the happened event's old and new objects (see
:func:`seen_happened`: a battle's two creatures, a used card's object; a block's blocker for ``blocks``)."""


def self_bound_kinds(pattern: Pattern) -> frozenset[str]:
    """The performed kinds for which ``pattern`` provably matches only an event about its own card (the
    kernel's ``Triggered.card_bound``): its subject is this card (``self``), which :func:`subject_fits` checks
    as "this card's object now is the seen old or new object", and :func:`seen_happened` offers the happened
    event's own ``old`` and ``new`` as the only subject. An evolution stack keeps its id (801.2) and holds all
    its cards; a twinpact is one card; a card watching itself in another zone is still found by its card."""
    if pattern.alternatives or pattern.subject.kind != "self" or pattern.event in SUBJECT_ONLY_WITH_THIS:
        return frozenset()
    other = OTHER_SUBJECTS | ({"block"} if pattern.event == "blocks" else set())
    return EVENTS[pattern.event] - other


def seen_happened(game: Game, pattern: Pattern, h: Happened) -> list[Seen]:
    """What a happened event offers a pattern as subjects (a battle offers both creatures)."""
    ev = h.event
    if ev.get("home"):
        return []  # 409.2a: a pending card put back into the zone it came from was not put there
    kind = h.kind
    side = h.get("controller", h.get("owner"))
    base = {
        "kind": kind,
        "from_zone": h.get("from"),
        "to_zone": h.get("to"),
        "how": h.get("how", ev.get("how")),
        "source": ev.source,
        "player": ev.player,
        "event": ev,
        "happened": h,
    }
    if kind in ("battle", "battle_start"):  # 115.2 / 115.3: both creatures of the battle
        a, d = h.get("attacker"), h.get("defender")
        winners = h.get("winners", ())
        out = []
        for oid in (a, d):
            if pattern.event == "wins_battle" and oid not in winners:
                continue
            if pattern.event == "loses_battle" and oid not in h.get("losers", ()):
                continue
            obj = game.objects.get(oid)
            out.append(Seen(**{**base, "old": oid, "new": oid, "side": obj.controller if obj else None}))
        return out
    if kind == "block":
        if pattern.event in ("blocks", "tapped"):  # the blocker (it taps as it blocks)
            b = h.get("blocker")
            return [Seen(**{**base, "old": b, "new": b, "side": h.get("blocker_controller")})]
        return [Seen(**{**base, "old": h.old, "new": h.new, "side": side})]
    if kind == "use":
        cid = ev.get("card")
        oid = game.card_object.get(cid) if cid is not None else None
        used = {
            "old": oid,
            "new": oid,
            "side": ev.player,
            "how": ev.get("method"),
            "from_zone": ev.get("used_from"),
        }
        return [Seen(**{**base, **used})]
    if kind == "draw":
        return [Seen(**{**base, "old": h.old, "new": h.new, "side": ev.player})]
    if kind == "unseal" and pattern.event != "unsealed":
        # 603.5 / 701.23a: as a zone change, a removed seal is about the seal card itself (from its face-down
        # object in the battle zone to its new one), not the card it was on (``unsealed`` watches that card)
        old, new = h.get("seal_object"), h.get("seal_new")
        moved = game.objects.get(new) if new is not None else None
        return [Seen(**{**base, "old": old, "new": new, "side": moved.controller if moved else None})]
    return [Seen(**{**base, "old": h.old, "new": h.new, "side": side})]


def seen_event(game: Game, event: Event) -> Seen | None:
    """An event about to happen, as a replacement's pattern sees it. A card moving out of an object made of
    several cards (``move_card``) is about that card, not the object (200.3a)."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if event.kind == "move_card":
        moving = event.get("card")
        if obj is None or moving != obj.top:
            return Seen(
                event.kind,
                None,
                None,
                obj.controller if obj else None,
                obj.zone[1] if obj else None,
                str(event.get("to")),
                None,
                event.source,
                event.player,
                event,
            )
    if event.kind in MOVES:
        if event.kind == "draw":
            return Seen(
                event.kind, None, None, event.player, "deck", HAND, None, event.source, event.player, event
            )
        if obj is None:
            return None
        side = event.player if event.kind == "enter" and event.player is not None else obj.controller
        return Seen(
            event.kind,
            obj.oid,
            obj.oid,
            side,
            obj.zone[1],
            destination(event),
            event.get("how"),
            event.source,
            event.player,
            event,
        )
    return Seen(
        event.kind,
        event.subject,
        event.subject,
        obj.controller if obj is not None else event.player,
        None,
        None,
        event.get("how"),
        event.source,
        event.player,
        event,
    )


def happened_matches(game: Game, scope: Scope, pattern: Pattern, h: Happened) -> bool:
    if pattern.alternatives:  # any_of
        return any(happened_matches(game, scope, alt, h) for alt in pattern.alternatives)
    if h.kind not in EVENTS[pattern.event]:
        return False
    if not any(_fits(game, scope, pattern, seen) for seen in seen_happened(game, pattern, h)):
        return False
    if pattern.first_this_turn:
        # 各ターンはじめて: no earlier event of this turn matched (the record holds this one already).

        earlier = (e for e in events(game, "this_turn") if e is not h)
        return not any(
            _fits(game, scope, pattern, seen)
            for e in earlier
            if e.kind in EVENTS[pattern.event]
            for seen in seen_happened(game, pattern, e)
        )
    return True


def fitting_subjects(game: Game, scope: Scope, pattern: Pattern, h: Happened) -> list[int]:
    """The objects of ``h`` that ``pattern`` matches it about, in the order the event offers them (a
    battle's attacker, then its defender): 「自分の火のクリーチャーがバトルする時、そのクリーチャーの…」 is
    about the battling creature its subject describes."""
    if pattern.alternatives:  # any_of
        return [oid for alt in pattern.alternatives for oid in fitting_subjects(game, scope, alt, h)]
    if h.kind not in EVENTS[pattern.event]:
        return []
    return [
        s.old for s in seen_happened(game, pattern, h) if s.old is not None and _fits(game, scope, pattern, s)
    ]


def event_matches(game: Game, scope: Scope, pattern: Pattern, event: Event) -> bool:
    if pattern.alternatives:  # any_of
        return any(event_matches(game, scope, alt, event) for alt in pattern.alternatives)
    if event.kind not in EVENTS[pattern.event]:
        return False
    seen = seen_event(game, event)
    return seen is not None and _fits(game, scope, pattern, seen)


def _fits(game: Game, scope: Scope, pattern: Pattern, seen: Seen) -> bool:
    name = pattern.event
    if name in ("enters", "summoned") and seen.to_zone not in (None, BATTLE):
        return False
    if name == "enters" and seen.event.get("onto") is not None and seen.happened is None:
        return False  # 出る時 (a landing replacement) is not about an evolution being put on a creature
    if name == "leaves" and seen.from_zone != BATTLE:
        return False
    if name == "moved" and seen.from_zone == seen.to_zone:
        return False
    if name == "summoned" and seen.how != "summon":
        return False
    if name == "evolves" and not _evolved_onto(scope, seen):
        return False
    if name == "cast" and seen.how != "cast":
        return False
    if name == "shield_added" and not (
        seen.kind == "shield_add" or (seen.kind == "move" and seen.to_zone == SHIELDS)
    ):
        return False
    if name == "broken" and pattern.subject.kind == "self" and seen.from_zone not in (None, SHIELDS):
        return False
    if pattern.declared:  # 113.6: a declared ability triggers only if it was declared
        if not declared_with(seen.event, name, scope.this_card):
            return False
    elif name == "broken" and seen.event.get("not_a_break"):
        return False  # 701.14b: a shield put into the hand by an effect is not broken
    if pattern.from_zones and seen.from_zone not in pattern.from_zones:
        return False
    if pattern.not_from and seen.from_zone in pattern.not_from:
        return False
    if pattern.to_zones and seen.to_zone not in pattern.to_zones:
        return False
    if pattern.how and not any(_how(how, seen) for how in pattern.how):
        return False
    if pattern.not_how is not None and _how(pattern.not_how, seen):
        return False
    wanted = pattern.player
    if wanted is None and name in TURN_EVENTS:
        wanted = "you"  # 自分のターンのはじめに / 終わりに: a turn's or step's start or end is its player's
    if wanted == "turn_player":  # 自身のターンに: the player the event is about is the turn player
        if seen.player != game.active_player:
            return False
    elif wanted is not None and (seen.player is None or seen.player not in players(scope, wanted)):
        return False
    if pattern.target is not None and not _target_fits(game, scope, pattern.target, seen):
        return False
    if pattern.during_turn is not None and game.active_player not in players(scope, pattern.during_turn):
        return False  # 相手のターン中に…時: part of the trigger condition (603.1)
    if pattern.by and not any(source_fits(game, scope, by, seen.source) for by in pattern.by):
        return False
    if pattern.broken_by and not _broken_by(game, scope, pattern, seen):
        return False
    if pattern.to_at_most is not None:
        obj = game.objects.get(seen.new) if seen.new is not None else None
        if obj is None or ch.power(game, obj) > value(game, scope, pattern.to_at_most):
            return False
    # …に含まれるカードがN枚になった時 (card_counts.py)
    if pattern.count is not None and seen.event.get("count") != value(game, scope, pattern.count):
        return False
    if pattern.face_up is not None and _arrives_face_up(game, seen) != pattern.face_up:
        return False  # 表向きで…置かれた時
    if pattern.sideways is not None and _left_sideways(game, seen) != pattern.sideways:
        return False  # 横向きのカードが…離れた時
    if pattern.keyword is not None and seen.event.get("keyword") != pattern.keyword:
        return False
    if pattern.ability_word is not None and seen.event.get("ability_word") != pattern.ability_word:
        return False
    if pattern.used_from and seen.event.get("used_from") not in pattern.used_from:
        return False  # …から唱えた: the zone it was used from (play.py marks its use and its going on)
    if pattern.on_own is not None and not (
        seen.event.get("pattern") == pattern.on_own and seen.event.get("own")
    ):
        return False  # 出て、その能力がトリガーする: its own ability, on its own entering
    if pattern.reason is not None:
        from ..special_wins import loss_matches  # 104.2b: the deck is empty (by drawing its last card)

        if not loss_matches(game, seen.event, pattern.reason):
            return False
    return subject_fits(game, scope, pattern, seen)


def declared_with(event: Event, name: str, card: int | None) -> bool:
    """``declared: true``: was this card's ability declared for ``event``? A shield going to the hand
    carries the S・トリガー / G・ストライク declared while it waited (113.6: none when a replacement may still
    change that break — then it is asked as it resolves); an S・バック's discard names the card it was
    declared for (509.5c)."""
    if name == "discarded":  # S・バック (509.5c) or サバキZ (509.5d): the discard names the card declared
        declared_for = event.get("s_back", event.get("sabaki_z"))
        return declared_for is not None and declared_for == card
    declared = event.get("declared")
    return declared is None or card in declared


def _broken_by(game: Game, scope: Scope, pattern: Pattern, seen: Seen) -> bool:
    """``broken_by``: the card the event is about was broken as a shield (701.14) this turn, its newest
    break by a source the pattern describes — read from the game's record (a used S・トリガー, 113.6)."""
    oid = seen.new if seen.new is not None else seen.old
    obj = game.objects.get(oid) if oid is not None else None
    cards = set(obj.cards) if obj is not None else set(seen.happened.cards if seen.happened else ())
    if not cards:
        return False
    source = last_break_source(game, cards)
    return source is not None and any(source_fits(game, scope, by, source) for by in pattern.broken_by)


def _target_fits(game: Game, scope: Scope, target: str, seen: Seen) -> bool:
    """What the attack is against (506.1): a player, a creature, or this card's creature (攻撃された時). The
    ``attack``, ``block`` and ``not_blocked`` events carry the attack's target as it was declared."""
    attacked = seen.event.get("target")
    is_player = attacked is None or attacked == "player" or isinstance(attacked, str)
    if target == "this":
        return not is_player and attacked == scope.this(game)
    return (target == "player") == is_player


def _arrives_face_up(game: Game, seen: Seen) -> bool:
    """Whether the object is face up where the event put it (what happened: the new object; an event about
    to happen: what it says)."""
    if seen.happened is None:
        return bool(seen.event.get("face_up"))
    obj = game.objects.get(seen.new) if seen.new is not None else None
    return obj is not None and not obj.face_down


def _left_sideways(game: Game, seen: Seen) -> bool:
    """Whether the object was sideways where the event took it from (what happened says it, sideways.py; an
    event about to happen: the object as it is)."""
    if seen.happened is not None:
        return bool(seen.happened.get("sideways"))
    obj = game.objects.get(seen.old) if seen.old is not None else None
    return obj is not None and bool(obj.state.get("sideways"))


def _evolved_onto(scope: Scope, seen: Seen) -> bool:
    """「このクリーチャーが進化する時」 (シンカパワー): an evolution creature was put on the creature
    (801.1) — the object it joined, not the card put on top (a trigger only: what happened)."""
    h = seen.happened
    if h is None or (seen.event.get("onto") is None and not seen.event.get("also_onto")):
        return False
    return scope.this_card is None or scope.this_card not in h.cards


def _how(how: str, seen: Seen) -> bool:
    if how == "summoned":
        return seen.how == "summon"
    if how == "put":
        return seen.how not in ("summon", "evolve") and seen.event.get("onto") is None
    if how == "evolved":
        return seen.how == "evolve" or seen.event.get("onto") is not None
    if how == "free":  # コストを支払わずに: used, or put into the battle zone, without a cost paid for it
        return not seen.event.get("paid")
    if how == "by_effect":
        return seen.source.card is not None and seen.source.kind in ("spell", "ability")
    if how == "lost_battle":  # バトルに負けて破壊される: a battle's result (115.3b, 703.4d)
        return seen.source.rule == "703.4d"
    if how in ("shield_trigger", "revolution_change", "kirifu_dash"):
        # S・トリガーで使った: its use, its entering, and a spell's going on (302.3); 「革命チェンジ」によって
        # 出た: put into the battle zone by 革命チェンジ's swap (701.26); 「キリフダッシュ」能力によって出た:
        # summoned by キリフダッシュ's use
        return bool(seen.event.get("by_keyword") == how)
    return seen.how == how


def subject_fits(game: Game, scope: Scope, pattern: Pattern, seen: Seen) -> bool:
    sel = pattern.subject
    if sel.kind == "any" or (pattern.event in SUBJECT_ONLY_WITH_THIS and sel.kind == "self"):
        return True
    if sel.kind == "self":
        this = scope.this(game)
        if seen.kind == "draw":
            return this is not None and seen.new == this
        if this is not None and this in (seen.old, seen.new):
            return True
        # このカードが…に置かれた時 (seed 004, カードの下): this card moved as part of a larger object
        # (under an evolution) and is now where the event took it, as an object of its own.
        h = seen.happened
        return (
            this is not None
            and h is not None
            and seen.kind in MOVES
            and scope.this_card in h.cards
            and game.objects[this].zone[1] == seen.to_zone
        )
    if sel.kind == "event_subject":
        return scope.subject is not None and scope.subject in (seen.old, seen.new)
    if sel.kind == "attached":  # これを付けた / 装備した / クロスしたクリーチャー (attachments.py)
        # 603.5c: a creature that left in this event is seen as it was — crossed with the gears it had
        creature = attached_as_known(game, scope.this(game), departed_of(seen.happened))
        return creature is not None and creature in (seen.old, seen.new)
    if sel.kind == "linked_shield":  # その「ＥＸライフ」シールドが離れた時: the shield as it was (603.5c)
        return any(s in (seen.old, seen.new) for s in linked_ids(game, scope.this(game)))
    if sel.kind == "var":
        saved = scope.vars.get(sel.var or "", ())
        return seen.old in saved or seen.new in saved
    return selector_fits(game, scope, sel, seen)


def selector_fits(game: Game, scope: Scope, sel: Selector, seen: Seen) -> bool:
    """A selector mapping as a pattern's subject: whose side it was on, the zone it was in (if named), and
    the filter, checked on the object as it is now (an object that left: its card where it went — and
    where it went on to since, for a record read of an older event)."""
    if seen.side is None or seen.side not in players(scope, sel.owner):
        return False
    zones = sel.zones or ((sel.zone,) if sel.zone else ())
    known = seen.from_zone is not None or seen.to_zone is not None
    if zones and known and seen.from_zone not in zones and seen.to_zone not in zones:
        return False
    obj: GameObject | None = None
    for oid in (seen.new, seen.old):
        if oid is not None and oid in game.objects:
            obj = game.objects[oid]
            break
    if obj is None and seen.happened is not None:
        # a record read (このターンに…ブレイクされた): the object the event made has moved on since (a broken
        # shield summoned by its S・トリガー is a new object again, 109.2) — its card, where it is now
        for card in seen.happened.cards:
            oid = game.card_object.get(card)
            if oid is not None and oid in game.objects:
                obj = game.objects[oid]
                break
    if obj is None:
        return False
    if zones and not known and obj.zone[1] not in zones:
        return False  # an event that moves nothing (a tap, an untap): the zone the object is in
    departed = departed_of(seen.happened)  # 603.5c: an object that left is read as it left (its crossing)
    return fits(game, obj, sel.filter, replace(scope, departed=departed) if departed else scope)


def source_fits(game: Game, scope: Scope, by: SourceFilter, source: Source) -> bool:
    """Who caused an event: whose effect, what kind (a rule is none of the others, 701.14a), which card."""
    if by.kind == "rule":
        if not (source.card is None or source.kind == "rule"):
            return False
    elif by.kind is not None:
        if source.card is None or source.kind == "rule":
            return False
        if by.kind == "spell" and source.kind != "spell":
            return False
        if by.kind in ("ability", "creature_ability") and source.kind != "ability":
            return False
        if by.kind == "creature_ability" and not ch.definition(game, source.card).main.is_creature:
            return False
    if by.player is not None and (source.player is None or source.player not in players(scope, by.player)):
        return False
    if by.card is not None:
        if by.card.kind == "self":
            return source.card is not None and source.card == scope.this_card
        oid = game.card_object.get(source.card) if source.card is not None else None
        obj = game.objects.get(oid) if oid is not None else None
        return obj is not None and fits(game, obj, by.card.filter, scope)
    return True
