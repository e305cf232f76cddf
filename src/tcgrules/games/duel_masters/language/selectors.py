"""Selectors: the filter grammar, and the objects a selector matches (docs/cards.md, "Selectors").

A filter is one frozen :class:`~tcgrules.cards.schema.Filter`; every field composes with every other
(``not``, ``any_of`` and ``all_of`` nest filters). The printed characteristics come from
:mod:`..characteristics` (the face an object shows, power after continuous effects).
"""

from __future__ import annotations

from typing import Any

from ....cards.schema import Face, Filter, Pattern, Selector
from ....kernel import MODIFIER, Game, GameObject, Triggered
from .. import characteristics as ch
from ..gods import is_linked
from ..hyper import RELEASED
from ..looking import LOOKED, hidden_from
from ..objects import entered_this_turn as _entered_this_turn
from ..objects import is_evolution, soul_x_keywords
from ..seals import is_ignored_creature, seals_on
from ..zones import BATTLE, BREAKING, DECK, is_held, is_waiting
from .scope import Scope


def fits(game: Game, obj: GameObject, flt: Filter, scope: Scope | None = None) -> bool:
    """Does ``obj`` meet every field of ``flt``?"""
    this = scope.this(game) if scope is not None else None
    return ch.matches(game, obj, flt, self_oid=this, scope=scope)


def v2_fits(
    game: Game, obj: GameObject, f: Face, flt: Filter, scope: Scope | None, self_oid: int | None
) -> bool:
    """The fields of a language-2 filter beyond language 1's (characteristics.matches checks those)."""
    if scope is None:  # no ability to refer to: "you" is the object's controller, "this" the given object
        this_card = game.objects[self_oid].top if self_oid is not None and self_oid in game.objects else None
        scope = Scope(obj.controller, this_card)
    if flt.in_zone and obj.zone[1] not in flt.in_zone:
        return False  # …にある: in one of these zones
    if flt.types and not any(ch.face_has_type(game, obj, f, t) for t in flt.types):
        return False  # 810.3a: like a single type, a list of types is read on the part looked at
    if flt.names and not set(flt.names) & set(ch.names(game, obj, f)):
        return False  # 202.4 / 804.1b: any of its names (a linked God has each of its Gods')
    if flt.civilizations_all or flt.multicolored is not None or flt.colorless is not None:
        civs = ch.civilizations(game, obj, f)  # as changed by effects: added (106.4) or lost (文明を失う)
        if flt.civilizations_all and not set(flt.civilizations_all) <= set(civs):
            return False
        if flt.multicolored is not None and (len(civs) > 1) != flt.multicolored:
            return False
        if flt.colorless is not None and (not civs) != flt.colorless:
            return False
    if flt.race_exact is not None and flt.race_exact not in ch.modified(game, obj, "races", f.races):
        return False
    if flt.name_contains is not None and not any(flt.name_contains in n for n in ch.names(game, obj, f)):
        return False
    if flt.cost is not None:
        from .quantities import alternatives

        # 201.2a: a cost filter reads the printed cost, even while the cost to use the card is changed;
        # 201.2b: compared with a twinpact's cost, either of its costs may be used
        if not any(flt.cost.test(f.cost, v) for v in alternatives(game, scope, flt.cost.amount)):
            return False
    if flt.power is not None:
        from .quantities import value

        if not f.is_creature:
            return False
        shown = ch.referred_power(game, obj) if obj.zone[1] == BATTLE else (f.power or 0)
        if not flt.power.test(shown, value(game, scope, flt.power.amount)):
            return False
    if flt.sideways is not None and bool(obj.state.get("sideways")) != flt.sideways:
        return False  # 横向きの (sideways.py)
    if flt.face_up is not None and obj.face_down == flt.face_up:
        return False
    if flt.evolution is not None:
        # 802: in the battle zone a NEO creature with a card under it is a NEO進化 (evolution) creature
        evolved = is_evolution(game, obj) if obj.zone[1] == BATTLE else f.is_evolution
        if evolved != flt.evolution:
            return False
    if flt.sealed is not None and bool(seals_on(game, obj.oid)) != flt.sealed:
        return False
    if flt.linked is not None:
        from ..final_forbidden import linked_with
        from ..zero_dragon import linked_with as zero_linked_with

        this = self_oid if self_oid is not None else scope.this(game)
        linked = linked_with(game, obj, this) or zero_linked_with(game, obj, this)  # 308.4, 701.18a
        if linked != flt.linked:
            return False
    # リンクしている: one creature of linked Gods (804, gods.py)
    if flt.god_linked is not None and (obj.zone[1] == BATTLE and is_linked(obj)) != flt.god_linked:
        return False
    # ハイパーモードを解放している (816.2, hyper.py)
    if flt.hyper is not None and (obj.zone[1] == BATTLE and RELEASED in obj.state) != flt.hyper:
        return False
    if flt.keyword is not None and not has_keyword(game, obj, flt.keyword):
        return False
    if flt.blocking is not None and bool(obj.state.get("blocking")) != flt.blocking:
        return False  # ブロックしている (507.2a; the mark ends with the attack, 510.2)
    if flt.attacking is not None and bool(obj.state.get("attacking")) != flt.attacking:
        return False  # 攻撃している (506.1; until the attack ends, 510.2)
    if flt.has_trigger is not None and not (
        _printed_trigger(f, flt.has_trigger) or _given_trigger(game, obj, flt.has_trigger)
    ):
        return False  # 「サイレントスキル」を持つ
    if flt.can_attack is not None and (obj.zone[1] == BATTLE and _can_attack(game, obj)) != flt.can_attack:
        return False  # 攻撃できる (506.1)
    if flt.attacked is not None and (obj.zone[1] == BATTLE and _attacked(game, obj)) != flt.attacked:
        return False  # 攻撃されている (506.1; after a block the blocker, 507.2)
    if (
        flt.entered_this_turn is not None
        and (obj.zone[1] == BATTLE and _entered_this_turn(game, obj)) != flt.entered_this_turn
    ):
        return False  # このターンに出た: put into the battle zone this turn
    if flt.crossed is not None:  # クロスしている (303.3c, cross_gears.py): either side of a cross
        from ..cross_gears import crossed_creature, gears_of, is_cross_gear
        from ..last_known import crossed_as_left

        in_cross = crossed_as_left(scope.departed, obj)  # 603.5c: an object that left, as it left
        if in_cross is None:
            gear = is_cross_gear(game, obj)
            in_cross = obj.zone[1] == BATTLE and (
                crossed_creature(game, obj) is not None if gear else bool(gears_of(game, obj))
            )
        if in_cross != flt.crossed:
            return False
    if flt.not_ref is not None and obj.oid in _referenced(game, scope, flt.not_ref):
        return False
    if flt.in_var is not None and obj.oid not in _referenced(game, scope, flt.in_var):
        return False
    if flt.bound is not None and obj.oid not in flt.bound:
        return False
    if flt.same_name_as is not None:  # 同じ名前の: a name in common (810.4: a twinpact's, outside the BZ)
        described = [o for o in matching(game, scope, flt.same_name_as) if o.oid != obj.oid]
        others = {n for o in described for n in ch.names(game, o)}
        if not others.intersection(ch.names(game, obj, f)):
            return False
    if flt.evolves_from is not None and not any(flt.evolves_from in r for r in _base_races(game, obj)):
        return False  # …を進化元とする (801.1): a base race containing the word, as `race` reads races
    if flt.shares_race_with is not None:  # 同じ種族の (203): a whole race in common
        races = set(ch.modified(game, obj, "races", f.races))
        if not races & _races_of(game, scope, flt.shares_race_with, obj.oid):
            return False
    if flt.shares_civilization_with is not None:  # それと同じ文明を持つ (106)
        civilizations = set(ch.civilizations(game, obj, f))
        if not civilizations & _civilizations_of(game, scope, flt.shares_civilization_with, obj.oid):
            return False
    if flt.crossed_to is not None and not _crossed_to(game, scope, obj, flt.crossed_to):
        return False  # a cross gear crossed to what the selector describes (303.3a)
    if flt.crossed_by is not None and not _crossed_by(game, scope, obj, flt.crossed_by):
        return False  # the creature a cross gear the selector describes is crossed to (303.3a)
    if flt.attached_to is not None:  # an aura, weapon or cross gear attached to what it describes (310.6)
        from ..attachments import attached_to

        host = attached_to(game, obj.oid)
        if host is None or host not in {o.oid for o in matching(game, scope, flt.attached_to)}:
            return False
    if flt.broken_by and not broken_by(game, obj, flt, scope):
        return False  # …がブレイクするシールド (701.14)
    if flt.moved_by and not moved_by(game, obj, flt, scope):
        return False  # …の効果で置いた
    if flt.not_filter is not None and fits(game, obj, flt.not_filter, scope):
        return False
    if flt.any_of and not any(fits(game, obj, sub, scope) for sub in flt.any_of):
        return False
    return all(fits(game, obj, sub, scope) for sub in flt.all_of)


def _crossed_to(game: Game, scope: Scope, obj: GameObject, sel: Selector) -> bool:
    """``crossed_to``: ``obj`` is a cross gear crossed to an object ``sel`` describes — now, or, for a
    creature that left in the triggering event, as it left (603.5c: 「このクリーチャーにクロスされていた
    クロスギア」; last_known.py)."""
    from ..cross_gears import crossed_creature, is_cross_gear
    from ..last_known import creature_of_departed_gear, creatures_as_left

    if not is_cross_gear(game, obj):
        return False
    creature = crossed_creature(game, obj)
    creatures = {creature.oid} if creature is not None else set()
    if scope.departed:
        creatures.update(creatures_as_left(scope.departed, obj.oid))
        gone = creature_of_departed_gear(scope.departed, obj.oid)  # the gear itself left, crossed then
        if gone is not None:
            creatures.add(gone)
    return bool(creatures) and any(o.oid in creatures for o in matching(game, scope, sel))


def _crossed_by(game: Game, scope: Scope, obj: GameObject, sel: Selector) -> bool:
    """``crossed_by``: ``obj`` is the creature a cross gear ``sel`` describes is crossed to — now, or as one
    of them left in the triggering event (603.5c; last_known.py)."""
    from ..cross_gears import crossed_creature, is_cross_gear
    from ..last_known import creature_of_departed_gear, gears_as_left

    earlier = set(gears_as_left(scope.departed, obj.oid)) if scope.departed else set()
    for g in matching(game, scope, sel):
        if not is_cross_gear(game, g):
            continue
        c = crossed_creature(game, g)
        if (c is not None and c.oid == obj.oid) or g.oid in earlier:
            return True
        if scope.departed and creature_of_departed_gear(scope.departed, g.oid) == obj.oid:
            return True
    return False


def broken_by(game: Game, obj: GameObject, flt: Filter, scope: Scope) -> bool:
    """``broken_by``: ``obj`` is a shield whose break waits (113.6a) by a source the filter describes, or a
    card of it was broken as a shield this turn, its newest break by one (701.14; the game's record, as the
    pattern field ``broken_by`` reads it)."""
    from .history import last_break_source
    from .patterns import source_fits

    source = obj.state.get(BREAKING) or last_break_source(game, set(obj.cards))
    return source is not None and any(source_fits(game, scope, by, source) for by in flt.broken_by)


def moved_by(game: Game, obj: GameObject, flt: Filter, scope: Scope) -> bool:
    """``moved_by``: the newest move of one of ``obj``'s cards this game — the one that put it where it is
    — was caused by a source the filter describes (the game's record: 「このタマシードの効果で
    超次元ゾーンに置いた」 is ``moved_by: {card: this}``)."""
    from .history import last_move_source
    from .patterns import source_fits

    source = last_move_source(game, set(obj.cards))
    return source is not None and any(source_fits(game, scope, by, source) for by in flt.moved_by)


def _about(pattern: Pattern | None, event: str) -> bool:
    """A pattern of ``event``: its own event, or one of its ``any_of``."""
    return pattern is not None and (
        pattern.event == event or any(_about(alt, event) for alt in pattern.alternatives)
    )


def _given_trigger(game: Game, obj: GameObject, event: str) -> bool:
    """Does a triggered ability of ``event`` work on ``obj`` — registered for the object where it is, its
    own or one given to it (given_abilities.py)?"""
    return any(
        isinstance(e.ability, Triggered)
        and _about(getattr(getattr(e.ability, "spec", None), "pattern", None), event)
        for e in game.effects.hosted(obj.oid)
    )


def _can_attack(game: Game, obj: GameObject) -> bool:
    """Could ``obj`` be declared to attack now — is one of its controller's attack options (506.1) an attack
    by it?"""
    from ..actions import label_of
    from ..turn import attack_options

    mine = f"attack:{label_of(obj)}:"
    return any(o.label.startswith(mine) for o in attack_options(game, obj.controller))


def _attacked(game: Game, obj: GameObject) -> bool:
    """Is an attacking creature attacking ``obj`` (the target its attack carries: the declared one, 506.1,
    or its blocker, 507.2)?"""
    return any(
        o.state.get("attacking") and o.state.get("target") == obj.oid
        for side in range(game.players)
        for o in game.objects_in((side, BATTLE))
    )


def _face_names(face: Face, scope_game: tuple[Game, Scope] | None, card: int | None) -> tuple[str, ...]:
    """The name a printed face is referred to by: a twinpact's is its two parts' together (810.4) unless the
    card is a creature in the battle zone (the top card of an object there: the part it shows); without the
    ``card`` it is the face of, the face's own."""
    if card is None or scope_game is None:
        return (face.name,)
    game = scope_game[0]
    d = ch.definition(game, card)
    twin = ch.combined_name(d)
    if twin is None or face not in d.faces:
        return (face.name,)
    obj = game.objects.get(game.card_object.get(card, -1))
    if obj is not None and obj.zone[1] == BATTLE and obj.top == card and not obj.face_down:
        return (face.name,)
    return (twin,)


def face_fits(
    face: Face, flt: Filter, scope_game: tuple[Game, Scope] | None = None, card: int | None = None
) -> bool:
    """A printed face against a filter: how a card under another, or a card looked at as a card (a
    shield card that S・バック names), is matched (200.3a). Only the printed characteristics count — and,
    given the ``card`` it is the face of, what happened to that card (``broken_by``) and where it is
    (``in_zone``: 「呪文を墓地から唱えることはできない」 names the spells of a graveyard)."""
    types = (flt.type,) if flt.type is not None else flt.types
    if types and not any(_face_is(face, t) for t in types):
        return False
    if flt.in_zone:  # …から (墓地から唱える): where the card is, read on its object (given the card)
        if scope_game is None or card is None or card not in scope_game[0].card_object:
            return False
        if scope_game[0].objects[scope_game[0].card_object[card]].zone[1] not in flt.in_zone:
            return False
    if flt.civilizations and not set(flt.civilizations) & set(face.civilizations):
        return False
    if flt.civilizations_all and not set(flt.civilizations_all) <= set(face.civilizations):
        return False
    if flt.multicolored is not None and (len(face.civilizations) > 1) != flt.multicolored:
        return False
    if flt.colorless is not None and (not face.civilizations) != flt.colorless:
        return False
    if flt.races and not any(race in r for race in flt.races for r in face.races):
        return False
    if flt.race_exact is not None and flt.race_exact not in face.races:
        return False
    if flt.name is not None or flt.names or flt.name_contains is not None:
        named = _face_names(face, scope_game, card)
        if flt.name is not None and flt.name not in named:
            return False
        if flt.names and not set(flt.names) & set(named):
            return False
        if flt.name_contains is not None and not any(flt.name_contains in n for n in named):
            return False
    for cmp, have in ((flt.cost, face.cost), (flt.power, face.power)):
        if cmp is not None:
            if have is None:
                return False
            from .quantities import value

            amount = value(scope_game[0], scope_game[1], cmp.amount) if scope_game else cmp.amount.literal
            if amount is None or not cmp.test(have, amount):
                return False
    if flt.evolution is not None and face.is_evolution != flt.evolution:
        return False
    if flt.keyword is not None and not any(
        a.form == "keyword" and a.name == flt.keyword for a in face.abilities
    ):
        return False
    if flt.has_trigger is not None and not _printed_trigger(face, flt.has_trigger):
        return False
    if flt.same_name_as is not None:  # 同じ名前の: a face matches when a described object bears its name
        if scope_game is None:
            return False
        game_, scope_ = scope_game
        names = {n for o in matching(game_, scope_, flt.same_name_as) for n in ch.names(game_, o)}
        if not names.intersection(_face_names(face, scope_game, card)):
            return False
    if flt.broken_by:  # a shield … breaks (701.14): read on the card's object
        if scope_game is None or card is None or card not in scope_game[0].card_object:
            return False
        game = scope_game[0]
        if not broken_by(game, game.objects[game.card_object[card]], flt, scope_game[1]):
            return False
    if flt.not_filter is not None and face_fits(face, flt.not_filter, scope_game, card):
        return False
    if flt.any_of and not any(face_fits(face, f, scope_game, card) for f in flt.any_of):
        return False
    return all(face_fits(face, f, scope_game, card) for f in flt.all_of)


_SUPER_OF = {"psychic_creature": "psychic_super_creature", "dragheart_creature": "dragheart_super_creature"}


def _face_is(face: Face, card_type: str) -> bool:
    if card_type == "creature":
        return face.is_creature
    if card_type == "element":  # エレメント (316.1)
        return face.is_element_card_type
    if card_type == "tamaseed":
        return face.is_tamaseed
    if card_type == "dragheart":
        return face.type.startswith("dragheart")
    if card_type in _SUPER_OF:  # 806.1 / 808.1: a super creature is treated as a psychic / dragheart creature
        return face.type in (card_type, _SUPER_OF[card_type])
    if card_type == "field":
        return face.is_field
    if card_type == "zero_dragon":  # 零龍カード (812): any face of a 零龍 set
        return face.type.startswith("zero_dragon")
    return face.type == card_type


def _base_races(game: Game, obj: GameObject) -> tuple[str, ...]:
    """The races an evolution card's base names (801.1: its ``base`` and a vortex's ``with``)."""
    rules: Any = game.rules  # the Duel Masters rules, which compile cards (the kernel's GameRules does not)
    evo = rules.compiled(game.cards[obj.top].name).evolution
    if evo is None:
        return ()
    bases = [b for b in (evo.params.get("base"), evo.params.get("with")) if isinstance(b, Filter)]
    return tuple(r for b in bases for r in b.races)


def _races_of(game: Game, scope: Scope | None, sel: Selector, besides: int) -> set[str]:
    """The races of the objects ``sel`` describes other than ``besides``. ``event.subject`` that has left its
    zone (the creature destroyed in the battle that triggered the ability) is read as it last was: its top
    card's races as it left the battle zone, those an effect gave it included (603.5c, 605.2e)."""
    if scope is None:
        return set()
    from ..last_known import kept_races, races_as_left

    found = [o for o in matching(game, scope, sel) if o.oid != besides]
    races = {r for o in found for r in ch.modified(game, o, "races", ch.face(game, o).races)}
    if sel.kind == "event_subject":
        # the subject of a leaving event, now where it went, read as it left (605.2e)
        races |= {r for o in found if o.zone[1] != BATTLE for r in kept_races(game, o.top) or ()}
    gone = scope.subject is not None and scope.subject not in game.objects
    if sel.kind == "event_subject" and not found and gone:
        races |= {r for c in scope.subject_cards[:1] for r in races_as_left(game, c)}  # its top
    return races


def _civilizations_of(game: Game, scope: Scope | None, sel: Selector, besides: int) -> set[str]:
    """The civilizations of the objects ``sel`` describes other than ``besides``; one that has left the
    battle zone is read as it was there (605.2d's first example: 「バトルゾーンにある時、すべての文明を
    持つ」 destroyed, then 「それと同じ文明を持つ」 reads all five; 605.2e) — its top card's civilizations
    as it left, those an effect gave it included; the subject of the triggering event that is gone,
    likewise."""
    if scope is None:
        return set()
    from ..last_known import civilizations_as_left, kept_civilizations

    civs: set[str] = set()
    for o in matching(game, scope, sel):
        if o.oid == besides:
            continue
        kept = kept_civilizations(game, o.top) if o.zone[1] != BATTLE else None
        civs.update(kept if kept is not None else ch.civilizations(game, o))
    gone = scope.subject is not None and scope.subject not in game.objects
    if sel.kind == "event_subject" and gone:
        civs |= {c for card in scope.subject_cards[:1] for c in civilizations_as_left(game, card)}
    return civs


def _referenced(game: Game, scope: Scope | None, ref: str) -> tuple[int, ...]:
    if scope is None:
        return ()
    if ref == "this":
        this = scope.this(game)
        return (this,) if this is not None else ()
    if ref == "event.subject":
        return (scope.subject,) if scope.subject is not None else ()
    if ref == "attached":  # これを装備した / 付けた / クロスしたクリーチャー (attachments.py)
        from ..attachments import attached_as_known

        creature = attached_as_known(game, scope.this(game), scope.departed)  # 603.5c: or as it left
        return (creature,) if creature is not None else ()
    if ref == "linked_shield":  # その中から: the shields linked to this creature (エクストラEXライフ)
        from ..shield_force import linked_shields

        return tuple(s.oid for s in linked_shields(game, scope.this(game)))
    return scope.vars.get(ref, ())


def _printed_trigger(face: Face, event: str) -> bool:
    """The face has a printed triggered ability on ``event`` (「サイレントスキル」を持つ)."""
    return any(a.form == "trigger" and _about(a.pattern, event) for a in face.abilities)


def has_keyword(game: Game, obj: GameObject, keyword: str) -> bool:
    """A keyword printed on the object's shown face, or given to it by an effect. Outside the battle zone a
    twinpact is a card with both parts' abilities (810.1): a keyword either part prints is the card's."""
    if keyword in ch.keywords(game, obj):
        return True
    face = ch.face(game, obj)
    if any(a.form == "keyword" and a.name == keyword for a in face.abilities):
        return True
    if obj.zone[1] != BATTLE and not obj.face_down:
        d = ch.definition(game, obj.top)
        if d.is_twinpact and any(
            a.form == "keyword" and a.name == keyword for f in d.faces for a in f.abilities
        ):
            return True
    if obj.zone[1] == BATTLE and len(obj.cards) > 1 and face.is_creature:
        return keyword in soul_x_keywords(game, obj)  # 818.1b: a 超魂X keyword of a card under it
    return False


def keyword_possible(game: Game, keyword: str) -> bool:
    """Whether any object of the game could have ``keyword`` now (:func:`has_keyword` is false for every
    object otherwise): printed on a card of the game or a 超魂X card's (:func:`keyword_in_cards`), or
    given by an effect."""
    return keyword_in_cards(game, keyword) or game.effects.has(MODIFIER, "keywords")


def keyword_in_cards(game: Game, keyword: str) -> bool:
    """The part of :func:`keyword_possible` the game's cards decide (worked out once per list of cards):
    ``keyword`` is printed on one of them, or one is a 超魂X card (818.1b)."""
    return bool(ch.cards_with_printed_keyword(game, keyword)) or bool(
        ch.cards_such_that(game, "soul_x", lambda d: any(f.soul_x for f in d.faces))
    )


def players(scope: Scope, owner: str) -> tuple[int, ...]:
    """``you`` / ``opponent`` / ``any`` relative to the ability's controller (turn player first is not
    implied: the controller first)."""
    if owner == "you":
        return (scope.controller,)
    if owner == "opponent":
        return (1 - scope.controller,)
    return (scope.controller, 1 - scope.controller)


def zone_objects(game: Game, scope: Scope, sel: Selector, zone: str) -> list[GameObject]:
    """The objects of ``zone`` on the selector's side(s), narrowed to the top/bottom N of a deck."""
    found: list[GameObject] = []

    for p in players(scope, sel.owner):
        objs = [
            o for o in game.objects_in((p, zone)) if not is_held(o) and not is_waiting(o)
        ]  # 409.1c, 113.6a
        if zone == DECK and LOOKED in game.info:  # 605.4: what another card's effect looks at is not seen
            hidden = hidden_from(game, scope.this_card)
            objs = [o for o in objs if o.oid not in hidden]
        if zone == BATTLE and not sel.filter.sealed:  # 116.2a: a sealed creature is not there
            objs = [o for o in objs if not is_ignored_creature(game, o)]
        if sel.top is not None or sel.bottom is not None:
            from .quantities import value

            # The last element of a zone list is its top (docs/scenarios.md: deck order).
            if sel.top is not None:
                n = max(0, value(game, scope, sel.top))
                objs = list(reversed(objs[-n:])) if n else []
            elif sel.bottom is not None:
                objs = objs[: max(0, value(game, scope, sel.bottom))]
        found.extend(objs)
    return found


def matching(game: Game, scope: Scope, sel: Selector, default_zone: str = BATTLE) -> list[GameObject]:
    """Every object a selector mapping describes (no choice is made): zones, side, top/bottom, filter."""
    if sel.kind == "self":
        this = scope.this(game)
        return [game.objects[this]] if this is not None else []
    if sel.kind == "event_subject":
        obj = game.objects.get(scope.subject) if scope.subject is not None else None
        if obj is None and scope.subject is None and scope.subject_cards:
            # an event about a card, not an object (the card a summon used, 701.3a): where it is now
            oid = game.card_object.get(scope.subject_cards[0])
            obj = game.objects.get(oid) if oid is not None else None
        return [obj] if obj is not None else []
    if sel.kind == "attached":  # the creature this card is attached to (attachments.py)
        from ..attachments import attached_as_known

        creature = attached_as_known(game, scope.this(game), scope.departed)  # 603.5c: or as it left
        return [game.objects[creature]] if creature is not None and creature in game.objects else []
    if sel.kind == "linked_shield":  # そのシールド (シールド・フォース, ＥＸライフ: shield_force.py)
        from ..shield_force import linked_shields

        return linked_shields(game, scope.this(game))
    if sel.kind == "var":
        return [game.objects[o] for o in scope.vars.get(sel.var or "", ()) if o in game.objects]
    if sel.rest_of is not None:
        return [game.objects[o] for o in scope.rests.get(sel.rest_of, ()) if o in game.objects]
    zones = sel.zones or ((sel.zone,) if sel.zone else (default_zone,))
    found: list[GameObject] = []
    for zone in zones:
        for obj in zone_objects(game, scope, sel, zone):
            if fits(game, obj, sel.filter, scope):
                found.append(obj)
    return extremes(game, sel, found)


def extremes(game: Game, sel: Selector, found: list[GameObject]) -> list[GameObject]:
    """``least`` / ``most``: of the objects found, those whose power or cost is the smallest / largest (a
    tie keeps every tied object, among which a ``choose`` then chooses)."""
    if sel.extreme is None or not found:
        return found
    which, what = sel.extreme
    values = {o.oid: max(0, ch.power(game, o)) if what == "power" else ch.cost(game, o) for o in found}
    best = (min if which == "least" else max)(values.values())
    return [o for o in found if values[o.oid] == best]


def contains(game: Game, scope: Scope, sel: Selector, obj: GameObject) -> bool:
    """Whether a selector mapping (a static's ``to``) describes ``obj``: its zone, its side, its filter."""
    if sel.kind == "self":
        return obj.oid == scope.this(game)
    if sel.kind == "attached":
        from ..attachments import attached_to

        return obj.oid == attached_to(game, scope.this(game))
    if sel.kind == "linked_shield":
        from ..shield_force import linked_shields

        return any(obj.oid == s.oid for s in linked_shields(game, scope.this(game)))
    zones = sel.zones or ((sel.zone,) if sel.zone else (BATTLE,))
    if obj.zone[1] not in zones or obj.zone[0] not in players(scope, sel.owner):
        return False

    if obj.zone[1] == BATTLE and not sel.filter.sealed and is_ignored_creature(game, obj):
        return False  # 116.2a: a sealed creature is treated as not in the battle zone
    return fits(game, obj, sel.filter, scope)


def count_cards(objs: list[GameObject]) -> int:
    """枚: every card of a multi-card object counts (113.2)."""
    return sum(len(o.cards) for o in objs)
