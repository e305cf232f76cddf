"""Using cards: summoning creatures, evolving, casting spells, paying costs (112, 301, 302, 801)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ...cards.schema import AbilitySpec, Action, CardDefinition, Face, Filter
from ...kernel import MODIFIER, Ability, Effect, Event, Frame, Game, GameObject, Option, Source
from . import characteristics as ch
from .abilities import CompiledCard, condition_holds, use_forbidden
from .actions import ActionFrame, Ctx, actions_feasible
from .auras import AttachAura, can_attach
from .castles import Fortify
from .dream import blocked
from .final_forbidden import TYPES as FINAL_FORBIDDEN_TYPES
from .king_cells import TYPES as KING_TYPES
from .objects import BONUS, needs_no_base
from .zero_dragon import TYPES as ZERO_DRAGON_TYPES
from .zones import BATTLE, GRAVEYARD, HAND, HELD, MANA, PENDING, SHIELDS, hold

NEVER_USED = frozenset(
    {
        "forbidden_pulse",
        "forbidden_creature",
        "rule_plus",
        "land",
        *FINAL_FORBIDDEN_TYPES,
        *ZERO_DRAGON_TYPES,
        *KING_TYPES,
    }
)
"""Face types no player ever uses (809, 314.2, 309.2, 313.1; 311.3: 零龍の儀, 零龍星雲, their other
faces)."""


def compiled(game: Game, cid: int) -> CompiledCard:
    """Card ``cid`` compiled (``rules.compiled``, reached through the game: the rules module imports this
    one, and a run-time import on this hot path costs more than the lookup)."""
    found: CompiledCard = game.rules.compiled(game.cards[cid].name)  # type: ignore[attr-defined]
    return found


def untapped_mana(game: Game, player: int) -> list[GameObject]:
    return [o for o in game.objects_in((player, MANA)) if not o.tapped]


@dataclass(slots=True)
class ManaPool:
    """A player's untapped mana cards as one decision reads them: sorted with mono-civilization cards
    first, each card's civilizations read once, and the cards found for each civilization requirement
    kept — so listing a decision's options computes each payable cost once (turn.main_options)."""

    cards: list[GameObject]
    civs: dict[int, tuple[str, ...]]
    mana: dict[int, int]
    """Each card's mana number (107.2)."""
    total: int
    cores: dict[tuple[str, ...], list[GameObject] | None]

    def core(self, needed: tuple[str, ...]) -> list[GameObject] | None:
        """Distinct cards, one for each civilization of ``needed`` (``None``: no assignment exists)."""
        if needed not in self.cores:
            self.cores[needed] = self._assign(needed, 0, [])
        return self.cores[needed]

    def _assign(self, needed: tuple[str, ...], i: int, used: list[GameObject]) -> list[GameObject] | None:
        if i == len(needed):
            return used
        for o in self.cards:  # mono-civilization cards first; a small search where greed would fail
            if o not in used and needed[i] in self.civs[o.oid]:
                found = self._assign(needed, i + 1, [*used, o])
                if found is not None:
                    return found
        return None


def mana_pool(game: Game, player: int) -> ManaPool:
    cards = untapped_mana(game, player)
    index = game.effects.index
    if (MODIFIER, "civilizations") in index or (MODIFIER, "mana_number") in index:
        civs = {o.oid: ch.civilizations(game, o) for o in cards}  # an added civilization counts (106.4)
        mana = {o.oid: ch.mana_number(game, o) for o in cards}  # 107.2: mana per card (usually 1)
    else:  # the common case: every card as printed, its face read once
        civs, mana = {}, {}
        known = ch.card_index(game)
        simple = known.passing("one_mana_face", _one_mana_face)
        definitions = known.definitions
        coreless: frozenset[int] | None = None
        for o in cards:
            cid = o.cards[0]
            if not o.state and not o.face_down and cid in simple:  # characteristics.face, inlined
                civs[o.oid] = definitions[cid].faces[0].civilizations  # type: ignore[union-attr]
                mana[o.oid] = 1
                continue
            if coreless is None:
                coreless = ch.cards_with_core_face(game)  # read once for the whole pool
            shown = ch.face(game, o)
            civs[o.oid] = shown.civilizations
            mana[o.oid] = ch.printed_mana_number(game, o, shown, coreless)
    cards.sort(key=lambda o: len(civs[o.oid]))
    return ManaPool(cards, civs, mana, sum(mana.values()), {})


def _one_mana_face(d: CardDefinition) -> bool:
    """A card of one face that shows no state and makes one mana (107.2): what :func:`mana_pool` reads
    from its printed face without asking ``characteristics.face`` (psychic and dragheart cards make none)."""
    f = d.faces[0]
    if len(d.faces) != 1 or f.type in ch.SHOWN_BY_STATE:
        return False
    return not f.type.startswith(("psychic", "dragheart"))


def payment(
    game: Game, player: int, f: Face, pool: ManaPool | None = None, card: GameObject | None = None
) -> list[GameObject] | None:
    """Mana cards to tap for ``f``: cards worth ``cost`` mana, among them one of each of its civilizations
    (the civilization requirement). ``None`` when it cannot be paid. Mono-civilization cards are used
    first for each requirement, and a small search finds an assignment when greedy choice would fail.
    ``pool``: the player's mana as already read for this decision (:func:`mana_pool`); ``card``: the card
    paid for, whose costs may have lost their civilizations (``loses_civilizations``: then
    only mana is asked)."""
    if pool is None:
        pool = mana_pool(game, player)
    if pool.total < f.cost:
        return None
    core = pool.core(_needed(game, f, card))
    if core is None:
        return None
    # 112.2b: a cost reduced below the number of civilizations needed still pays every civilization (one
    # card each); the mana beyond the cost is lost.
    paid = list(core)
    mana = pool.mana
    total = 0
    for o in paid:
        total += mana[o.oid]
    for o in pool.cards:  # 112.2c: no card more than the cost needs
        if total >= f.cost:
            break
        if o not in paid and mana[o.oid] > 0:
            paid.append(o)
            total += mana[o.oid]
    return paid if total >= f.cost else None


def can_pay(
    game: Game, player: int, f: Face, pool: ManaPool | None = None, card: GameObject | None = None
) -> bool:
    """Whether :func:`payment` finds cards for ``f``, without listing them: enough mana in all (the cards
    beyond the civilization requirement are any of the rest, 112.2c) and one card for each civilization."""
    if pool is None:
        pool = mana_pool(game, player)
    return pool.total >= f.cost and pool.core(_needed(game, f, card)) is not None


def can_pay_less(
    game: Game, player: int, obj: GameObject, reduction: int, pool: ManaPool | None = None
) -> bool:
    """Whether ``obj``'s card (its main face, as effects leave it) can be paid for ``reduction`` less, never
    below 1 (「ただし、コストは0以下にはならない」: ササゲール, ハイパーエナジー)."""
    face = effective(game, obj, ch.definition(game, obj.top).main)
    return can_pay(game, player, replace(face, cost=max(1, face.cost - reduction)), pool, obj)


def hand_options_for_less(
    game: Game,
    player: int,
    pool: ManaPool | None,
    label: str,
    usable: Callable[[Game, GameObject], bool],
    reduction: int,
    text: Callable[[Game, GameObject], str],
) -> list[Option]:
    """Main-step options ``LABEL:cID``: each card of ``player``'s hand that ``usable`` accepts, that could be
    used (its first face) and paid for at most ``reduction`` less (a way to use it cheaper, 601.1)."""
    out = []
    for obj in game.objects_in((player, HAND)):
        if not usable(game, obj) or 0 not in playable_faces(game, obj, free=True):
            continue
        if can_pay_less(game, player, obj, reduction, pool):
            out.append(Option(f"{label}:c{obj.top}", text(game, obj)))
    return out


def _needed(game: Game, f: Face, card: GameObject | None) -> tuple[str, ...]:
    """The civilizations a payment for ``f`` must include, one card each (112.2a)."""
    needed = tuple(f.civilizations)
    if needed and card is not None and ch.costs_colorless(game, card):
        return ()  # そのコスト、そのテキスト内のコストはすべて文明を失う
    return needed


def galaxy_cost(game: Game, cid: int) -> Face | None:
    """ギャラクシールド[civilizations(cost)]: what putting the card into the shield zone costs."""
    spec = compiled(game, cid).galaxy
    if spec is None:
        return None
    civs = tuple(spec.params["civilizations"])
    return replace(ch.definition(game, cid).main, cost=spec.params["cost"], civilizations=civs)


def effective(game: Game, obj: GameObject, f: Face) -> Face:
    """The face with its cost as changed by continuous effects (only the face the object shows changes)."""
    if (MODIFIER, "cost") not in game.effects.index or f is not ch.face(game, obj):
        return f  # no cost change anywhere (the common case), or not the face it shows
    changed = ch.cost(game, obj)
    return f if changed == f.cost else replace(f, cost=changed)


def evolution_keyword(game: Game, cid: int) -> AbilitySpec | None:
    """The keyword naming what card ``cid`` may be put on: its 進化 (801.1), or its NEO進化 / G-NEO進化
    (802.1: a NEO creature may be put on such a creature when summoned, or be summoned alone)."""
    card = compiled(game, cid)
    return card.evolution if card.evolution is not None else card.neo


def evolution_sources(game: Game, player: int, cid: int) -> list[tuple[GameObject, ...]]:
    """The creatures of ``player`` that the evolution card ``cid`` may be put on, one tuple per choice: one
    creature matching its ``base`` (801.1), or — 進化V, with ``with`` — one matching ``base`` and another
    matching ``with``, both put under it (801.1b)."""
    evo = evolution_keyword(game, cid)
    if evo is None:
        return []
    firsts = evolution_bases(game, player, cid)
    second = evo.params.get("with")
    if second is None:
        return [(b,) for b in firsts]
    seconds = evolution_bases(game, player, cid, second)
    return [(a, b) for a in firsts for b in seconds if a.oid != b.oid]


def evolution_bases(game: Game, player: int, cid: int, wanted: Filter | None = None) -> list[GameObject]:
    """Creatures of ``player`` that the evolution card ``cid`` may be put on (801.1): matching its ``base``,
    or ``wanted``."""
    evo = evolution_keyword(game, cid)
    if evo is None:
        return []
    zone = evo.params.get("zone", BATTLE)
    if zone == SHIELDS:
        # シールド進化 (801.1): any one of the player's shields, whatever its cards (シールドを1つ選び)
        return list(game.objects_in((player, SHIELDS)))
    base = wanted if wanted is not None else evo.params["base"]
    if zone in (MANA, GRAVEYARD):
        # マナ進化 / 墓地進化 (801.1): a creature card of the player's mana zone or graveyard the base
        # describes (the card, face up, tapped or not: 「自分のマナゾーン/墓地から選び」)
        return [
            o
            for o in game.objects_in((player, zone))
            if not o.face_down and ch.definition(game, o.top).main.is_creature and ch.matches(game, o, base)
        ]
    # 801.1: the base the card names — a creature, unless it names a tamaseed (自分のタマシード1つの上に置く)
    # or an element (クリーチャーまたはタマシード)
    types = {base.type, *base.types} - {None}
    elements = bool(types & {"tamaseed", "element"})
    out = []
    for o in game.objects_in((player, BATTLE)):
        if o.face_down:
            continue
        wanted = base
        if ch.is_creature(game, o) or (elements and ch.face(game, o).is_element):
            pass
        elif ch.face(game, o).is_element and ch.flag(game, o, "evolution_base_as_creature"):
            wanted = _as_creature(base)  # シンカライズ: as if it were a creature (801.1)
        else:
            continue
        if ch.matches(game, o, wanted) or (
            ch.flag(game, o, "evolution_base_any_race")  # 「どの種族の進化クリーチャーでも…上に置ける」
            and ch.matches(game, o, replace(wanted, races=(), race_exact=None))
        ):
            out.append(o)
    return out


def _as_creature(base: Filter) -> Filter:
    """シンカライズ: a base that asks for a creature accepts the element that has it as if it were one; the
    base's other requirements (race, civilization, …) stay."""
    types = tuple(t for t in base.types if t != "creature")
    return replace(base, type=None if base.type == "creature" else base.type, types=types)


def use_cost_steps(game: Game, cid: int, face_index: int) -> tuple[Action, ...]:
    """``use_cost``: the steps using that face takes besides its mana (…しなければ唱えられない)."""
    return tuple(step for i, step in compiled(game, cid).use_cost if i == face_index)


def use_requirements_met(game: Game, player: int, cid: int, face_index: int) -> bool:
    """May ``player`` use that face of card ``cid`` as far as its own requirements go? Each ``use_if``
    condition holds (601.1b: otherwise the use cannot be declared), and its ``use_cost`` can be carried out
    (601.1a: a process that cannot be done cannot be chosen)."""
    wanted = compiled(game, cid)
    if not wanted.use_if and not wanted.use_cost:
        return True  # the common case: no requirement (the imports below are not free on a hot path)

    effect = Effect(0, Ability(), player, Source("cast", cid, player))
    if not all(condition_holds(game, effect, c) for i, c in wanted.use_if if i == face_index):
        return False
    steps = use_cost_steps(game, cid, face_index)
    return not steps or actions_feasible(game, effect, Event("use", None, player), steps, frozenset())


def g_zero_faces(game: Game, obj: GameObject) -> list[int]:
    """112.3e: the faces of the card in hand ``obj`` its owner may use now without paying, by Ｇ・ゼロ (its
    condition holds for them, and the face could be used for free)."""
    wanted = compiled(game, obj.top).g_zero
    if not wanted:
        return []
    player = game.cards[obj.top].owner
    effect = Effect(0, Ability(), player, Source("cast", obj.top, player))
    free = playable_faces(game, obj, free=True)
    return sorted({i for i, c in wanted if i in free and condition_holds(game, effect, c)})


USE_FROM = "use_from"
"""The name of the card test :func:`uses_another_zone` (``cards_such_that``)."""
MAY_BE_USED = "may_be_used"
"""The object property 「このターン、自分の墓地から実行してもよい」: it may be used from the zone it is in."""
GIVEN_ZONES = (GRAVEYARD, MANA)
"""The zones :data:`MAY_BE_USED` is looked for in (a card of the hand is used anyway)."""


def uses_another_zone(d: CardDefinition) -> bool:
    """Whether a card has a ``use_from`` ability (この呪文を自分のマナゾーンから唱えてもよい)."""
    return any(a.form == "use_from" for f in d.faces for a in f.abilities)


def lose_given_effects(game: Game, oid: int) -> None:
    """409.1d: a card no longer pending loses the effects given to it before it was (a permission to use it
    from its zone this turn: it cannot be used so again). A card that moved is a new object and has lost them
    already (109.2); this is the card that stayed where it was (409.2: a replacement kept it there)."""
    for effect in [e for e in game.effects if oid in e.targets]:
        game.effects.remove(effect.eid)
        game.record("rule", f"{game.name(game.objects[oid].top)} loses {effect.ability.label}", "409.1d")


def use_from_options(game: Game, player: int, pool: ManaPool | None = None) -> list[Option]:
    """「この呪文を自分のマナゾーンから唱えてもよい」 (``use_from``): main-step options to summon or cast,
    paying its cost, a card of ``player``'s that its own ability lets them use from the zone it is in
    (601.1c: from the mana zone it may be tapped to pay for itself). Only the game's cards with such an
    ability are looked at (``cards_such_that``); an evolution face only while it has a base to go on, chosen
    as it is put (801.1a)."""
    cards = set(ch.cards_such_that(game, USE_FROM, uses_another_zone))
    given = game.effects.has(MODIFIER, MAY_BE_USED)
    if given:  # 「このターン、自分の墓地から実行してもよい」: a permission an effect gave the object
        found = (o for z in GIVEN_ZONES for o in game.objects_in((player, z)))
        cards |= {o.top for o in found if ch.flag(game, o, MAY_BE_USED)}
    if not cards:
        return []
    out: list[Option] = []
    for cid in sorted(cards):
        oid = game.card_object.get(cid)
        obj = game.objects.get(oid) if oid is not None else None
        if obj is None or obj.top != cid or obj.zone[0] != player or game.cards[cid].owner != player:
            continue
        zone = obj.zone[1]
        faces = {i for i, zones in compiled(game, cid).use_from if zone in zones}
        if given and zone in GIVEN_ZONES and ch.flag(game, obj, MAY_BE_USED):
            faces = set(range(len(ch.definition(game, cid).faces)))
        if not faces:
            continue
        d = ch.definition(game, cid)
        for i in playable_faces(game, obj, pool=pool):
            f = d.faces[i]
            if i not in faces:
                continue  # an evolution face is offered with a base (playable_faces), chosen as it enters
            verb = "summon" if f.is_creature else "cast" if f.type == "spell" else None
            if verb is not None:
                label = f"{verb}:c{cid}" + (f":{i}" if i else "")
                out.append(Option(label, f"{verb} {f.name} from the {zone} ({f.cost})"))
    return out


def playable_faces(
    game: Game, obj: GameObject, *, free: bool = False, pool: ManaPool | None = None
) -> list[int]:
    """Indexes of the faces of the card in hand ``obj`` that its owner could use now (``pool``: its
    owner's mana as already read for this decision)."""
    top = obj.cards[0]  # the top card (200.3a), read once
    d = ch.definition(game, top)
    out: list[int] = []

    for i, f in enumerate(d.faces):
        if not free and not can_pay(game, obj.controller, effective(game, obj, f), pool, obj):
            continue
        if use_forbidden(game, obj.controller, f, top) or not use_requirements_met(
            game, obj.controller, top, i
        ):
            continue  # 601.1b: a prohibited use cannot be declared
        if f.type == "castle" and not game.zones.get((obj.controller, SHIELDS)):
            continue  # seed 004: a castle needs a shield to fortify
        if f.is_evolution and not evolution_sources(game, obj.controller, top) and not needs_no_base(f):
            continue  # 801.1a (815.1: an S-MAX evolution creature needs no base)
        if f.is_element and blocked(game, game.cards[top].owner, top):
            continue  # 817.2: a dream element of the same name is already there
        if f.type in NEVER_USED:
            continue  # 809: no 禁断 card is used; 314.2: ルール・プラス; 309.2: a core; 313.1: 土地; 311.3
        if f.type == "aura" and not can_attach(game, obj.controller):
            continue  # 310.2: an aura is attached to a GR creature, or to one GR召喚ed for it
        out.append(i)
    return out


PAY, USE, PUT, RESOLVED, DONE, COST = range(6)

NEXT_USE = "next_use_effects"
"""``players_info`` key: the effects made ``until: next_use_this_turn`` (このターン中、次にカードを使う時) by
that player's effects; the player's next use of a card, once its cost is paid, ends them (they end with
the turn otherwise)."""


NEXT_SUMMON = "next_summon_effects"
"""``players_info`` key: the effects made ``until: next_summon_this_turn`` (このターン、次に召喚する
クリーチャー): the player's next summon of a creature, once its cost is paid, ends them; casting a
spell does not."""


def end_next_use_effects(game: Game, player: int, summon: bool = False) -> None:
    """The player uses a card: effects that lasted until their next use of one end (their cost change
    applied to this use, paid just now), and with ``summon`` (a creature is summoned) those that lasted
    until their next summon."""
    info = game.players_info[player]
    ending = (*info.pop(NEXT_USE, ()), *(info.pop(NEXT_SUMMON, ()) if summon else ()))
    for eid in ending:
        if game.effects.remove(eid) is not None:
            game.record("rule", f"{game.pname(player)} used a card: an effect for the next use ends")


@dataclass(slots=True)
class PlayCard(Frame):
    """Summon a creature or cast a spell from the hand: pay, announce the use (a ``use`` event that
    "when a player casts a spell or summons a creature" abilities see), then put it into the battle zone or
    resolve it (a spell waits in 保留状態 while it resolves, 409, then goes to the graveyard, 302.3)."""

    cid: int
    face_index: int
    free: bool = False
    controller: int = 0
    onto: int | None = None
    also_onto: tuple[int, ...] = ()
    """進化V (801.1b): the other creatures the evolution creature is put on, besides ``onto``."""
    stage: int = PAY
    from_zone: str = HAND
    galaxy: bool = False
    """ギャラクシールド: put the card face up into the shield zone as a new shield for its galaxy cost."""
    riders: tuple[Action, ...] = ()
    """Effects that come with using it this way (アビスラッシュ), run after it enters."""
    discount: int = 0
    """A cost reduction that comes with using it this way (B・A・D: "コストを2少なくして")."""
    by_keyword: str | None = None
    """The keyword ability it is used by (S・トリガー: ``shield_trigger``): its ``use`` and ``enter`` events
    and a spell's going to the graveyard (302.3) say so, for patterns with ``how: shield_trigger``."""
    bonus: bool = False
    """Given its bonus abilities as it is used (スーパー・S・トリガー, S・トリガー・プラス: the ``use``
    step's ``bonus_if`` held): the spell waiting to resolve, or the creature as it enters, is marked so
    (``BONUS``)."""
    instead_cost: tuple[int, tuple[str, ...]] | None = None
    """A cost paid instead of the card's own, with its civilizations (キリフダッシュ[火/自然(5)])."""

    def describe(self) -> str:
        return f"PlayCard(c{self.cid}, stage {self.stage})"

    def step(self, game: Game) -> None:
        f = ch.definition(game, self.cid).faces[self.face_index]
        if self.stage == PAY:
            obj = game.object_of(self.cid)
            if obj.zone[1] != self.from_zone:
                game.finish()
                return

            if use_forbidden(game, self.controller, f, self.cid) or not use_requirements_met(
                game, self.controller, self.cid, self.face_index
            ):  # 601.1b: the use cannot even be declared
                game.record("prohibited", f"{game.pname(self.controller)} may not use {f.name}", "601.1b")
                game.finish()
                return
            if f.is_element and not self.galaxy:
                hold(game, obj)  # 601.1b / 409.1a: pending from the declaration until it moves
            if not self.pay(game, self.cost_face(game, f)):
                obj.state.pop(HELD, None)
                game.finish()
                return
            if not self.galaxy:
                end_next_use_effects(
                    game, self.controller, f.is_creature
                )  # 「次に…使う時」: this use took it
            if self.galaxy:
                self.stage = DONE
                source = Source("rule", self.cid, self.controller, rule="galaxy_shield")
                args = {"to": SHIELDS, "face_up": True}
                game.push(game.process(Event("move", obj.oid, self.controller, source, args)))
                return
            steps = use_cost_steps(game, self.cid, self.face_index)
            if steps:  # 601.1f: after the mana, the process using the card takes (…しなければ唱えられない)
                self.stage = COST
                source = Source("cast" if not f.is_creature else "summon", self.cid, self.controller)
                game.push(ActionFrame(steps, Ctx(self.controller, source, self.cid)))
                return
            self.stage = COST
        if self.stage == COST:
            self.stage = USE
            method = (
                "summon" if f.is_creature else ("use" if f.is_tamaseed or f.type == "artifact" else "cast")
            )
            if f.type == "cross_gear":
                method = "generate"  # 303: ジェネレート (cross_gears.py)
            elif f.type == "aura":
                method = "use"  # 310.1: an aura is used (実行)
            elif f.is_field:
                method = "deploy"  # 701.27a: a field is deployed (展開)
            source = Source(method, self.cid, self.controller)
            game.push(
                game.process(
                    Event(
                        "use",
                        None,
                        self.controller,
                        source,
                        {
                            "method": method,
                            "card": self.cid,
                            "used_from": self.from_zone,
                            **self.by(),
                            **self.paid(),
                        },
                    )
                )
            )
            return
        if self.stage == USE:
            self.stage = PUT
            obj = game.object_of(self.cid)
            if f.is_element:
                self.stage = RESOLVED if self.riders else DONE
                how = "summon" if f.is_creature else "use"
                enter: dict[str, Any] = {"how": how}
                if self.onto is not None:
                    enter["onto"] = self.onto
                if self.also_onto:
                    enter["also_onto"] = self.also_onto
                enter.update(self.by())
                enter.update(self.paid())
                if self.bonus:  # このクリーチャーにS能力を与える: it enters with them (perform_enter)
                    enter["bonus"] = True
                source = Source("summon", self.cid, self.controller, rule="301.2")
                event = Event("enter", obj.oid, self.controller, source, enter)
                if self.onto is None and f.is_evolution and not needs_no_base(f):
                    from .evolution_bases import PutOntoBases  # (it reads evolution_sources, here)

                    game.push(PutOntoBases((event,)))  # 801.1a: summoned by an effect, onto a base chosen now
                    return
                game.push(game.process(event))
                return
            if f.is_field:  # 308.2: a deployed field enters the battle zone (fields.py)
                self.stage = DONE
                source = Source("deploy", self.cid, self.controller, rule="308.2")
                args = {"how": "deploy", "side": self.face_index}  # 819.1a: the side it was used from
                game.push(game.process(Event("enter", obj.oid, self.controller, source, args)))
                return
            if f.type == "cross_gear":  # 303: ジェネレート — into the battle zone, crossed to nothing
                self.stage = DONE
                source = Source("generate", self.cid, self.controller, rule="303")
                # 112.3a: generated by S・トリガー, its entering is marked so (`how: shield_trigger`)
                args = {"how": "generate", **self.by()}
                game.push(game.process(Event("enter", obj.oid, self.controller, source, args)))
                return
            if f.type == "aura":  # 310.2: attached to a GR creature (auras.py)
                self.stage = RESOLVED if self.riders else DONE  # 無月の大罪's price rides along
                game.push(AttachAura(self.cid, self.controller))
                return
            if f.type == "castle":  # seed 004: a castle is not cast; it fortifies a shield
                self.stage = DONE
                game.push(Fortify(self.cid, self.controller))
                return
            waiting = game.move_object(obj.oid, (self.controller, PENDING))[0]
            if self.bonus:  # この呪文にS能力 / P能力を与える
                waiting.state[BONUS] = True
            spell = compiled(game, self.cid).spell
            if spell:
                source = Source("spell", self.cid, self.controller)
                game.push(ActionFrame(spell, Ctx(self.controller, source, self.cid)))
                # 409.1c / 703.3: the pending spell no longer counts among the cards of its zone, and the
                # game looks at the board before the spell resolves (a power counted from the hand may be 0)
                game.push(game.process())
                return
        if self.stage == RESOLVED:
            self.stage = DONE

            oid = game.card_object.get(self.cid)
            if oid is not None and game.objects[oid].zone[1] == BATTLE:
                source = Source("rule", self.cid, self.controller)
                game.push(ActionFrame(self.riders, Ctx(self.controller, source, self.cid)))
                return
        if self.stage == PUT:
            # 302.3: after resolving, the spell goes to its owner's graveyard.
            self.stage = DONE
            pending = game.card_object.get(self.cid)
            if pending is not None and game.objects[pending].zone[1] == PENDING:
                source = Source("rule", None, self.controller, rule="302.3")
                # 409.2a: back in the zone it was cast from, it is not "put there": nothing triggers on it;
                # a replacement of its going to the graveyard still applies (409.2b).
                home = {"home": True} if self.from_zone == GRAVEYARD else {}
                args = {"to": GRAVEYARD, "used_from": self.from_zone, **home, **self.by()}
                game.push(game.process(Event("move", pending, source=source, args=args)))
                return
        oid = game.card_object.get(self.cid)
        if oid is not None:
            held = game.objects[oid].state.pop(HELD, None)  # 409.2: it did not move; it is no longer pending
            if held and game.objects[oid].zone[1] == self.from_zone:
                lose_given_effects(game, oid)  # 409.1d: what it was given before it was pending is lost
        game.finish()

    def by(self) -> dict[str, str]:
        """The events' mark of the keyword it is used by (none when used otherwise)."""
        return {"by_keyword": self.by_keyword} if self.by_keyword else {}

    def paid(self) -> dict[str, bool]:
        """The ``use`` and ``enter`` events' mark of a card used by paying a cost (its own, reduced, or one
        paid instead of it): ``how: free`` patterns (コストを支払わずに) see every other use and entering."""
        return {} if self.free else {"paid": True}

    def cost_face(self, game: Game, f: Face) -> Face:
        """What is paid: the face (cost changes included), or for ギャラクシールド its galaxy cost."""
        if self.instead_cost is not None:  # 601.1d-e: that cost and those civilizations are what is paid
            cost, civs = self.instead_cost
            return replace(f, cost=cost, civilizations=civs or f.civilizations)
        if not self.galaxy:
            paid = effective(game, game.object_of(self.cid), f)
            if self.discount and not ch.reductions_ignored(game, self.controller):  # B・A・D, …
                return replace(paid, cost=max(1, paid.cost - self.discount))
            return paid
        return galaxy_cost(game, self.cid) or f

    def pay(self, game: Game, f: Face) -> bool:
        if self.free:
            return True
        paid = payment(game, self.controller, f, card=game.object_of(self.cid))
        if paid is None:
            return False
        for o in paid:
            o.tapped = True
        game.record(
            "rule",
            f"{game.pname(self.controller)} taps {len(paid)} mana for {f.name}",
            "301.2" if f.is_creature else "302.2",
            mana=[o.top for o in paid],
        )
        return True
