"""Characteristics of Duel Masters objects: what the top card shows, changed by continuous effects.

An object shows the characteristics of its top card (200.3a: cards under an evolution are ignored),
of the face its zone shows (twinpacts: the creature side in the battle zone). Continuous effects reach
characteristics through modifiers indexed by the characteristic's name, so computing a creature's power
only meets the effects that change power.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...cards.schema import CardDefinition, Face, Filter
from ...kernel import MODIFIER, Game, GameObject, Modifier
from .zones import BATTLE, COPIED, HYPERSPATIAL, MANA

SEAL = Face("", "seal", (), 0)
"""What a seal (封印) shows when chosen as a card: cost 0 and no other characteristic (200.3b)."""

FACE_DOWN_MANA = Face("", "", (), 0)
"""What a face-down card in the mana zone is (405.4): cost 0, colourless, a mana number of 1, and no other
characteristic; its face cannot be referred to."""


SHOWN_BY_STATE = frozenset(
    {
        "psychic_creature",
        "dragheart_weapon",
        "dragheart_fortress",
        "forbidden_pulse",
        "wd_field",
        "final_forbidden_field",
        "zero_dragon_ritual",
        "zero_dragon_nebula",
        "king_cell",
    }
)
"""Card types whose shown face depends on the object's state (覚醒, 龍解)."""


class CardIndex:
    """What a game's list of cards allows to be looked up by card id: each card's definition, the only face
    of a plain card, and the card ids passing a test of their printed definition (a type, a keyword, …).

    It depends only on the definitions of the cards in order, so every game set up with the same cards —
    the same decks, seed after seed, and every copy of a game — shares one index: the indexes form a
    tree from the empty list, each child one card longer (:meth:`extended`), so a game that creates its
    cards one by one walks down shared nodes instead of building an index per card (:func:`card_index`)."""

    __slots__ = ("_children", "definitions", "plain_face", "tests")

    def __init__(self, definitions: tuple[CardDefinition | None, ...]) -> None:
        self.definitions = definitions
        """By card id (``None``: a name the catalog does not hold; :func:`definition` raises for it)."""
        self.plain_face: dict[int, Face | None] = {}
        """Card id → its only face, for cards of one face whose type shows no state (``face``; ``None``
        for other cards; filled on first use)."""
        self.tests: dict[object, Any] = {}
        """What each named test found (``cards_such_that`` and the functions built on it)."""
        self._children: dict[int, CardIndex] = {}

    def extended(self, more: CardDefinition | None) -> CardIndex:
        """The index of this list of cards with one more card of definition ``more``."""
        global _NODES
        child = self._children.get(id(more))
        if child is None or child.definitions[-1] is not more:
            if _NODES >= _NODES_MAX:
                _ROOT._children.clear()  # card files loaded again and again (a sandbox): start afresh
                _NODES = 0
            child = self._children[id(more)] = CardIndex((*self.definitions, more))
            _NODES += 1
        return child

    def plain(self, cid: int) -> Face | None:
        if cid in self.plain_face:
            return self.plain_face[cid]
        d = self.definitions[cid]
        found = (
            d.faces[0]
            if d is not None and len(d.faces) == 1 and d.faces[0].type not in SHOWN_BY_STATE
            else None
        )
        self.plain_face[cid] = found
        return found

    def passing(self, key: object, test: Callable[[CardDefinition], bool]) -> frozenset[int]:
        found: frozenset[int] | None = self.tests.get(key)
        if found is None:
            found = self.tests[key] = frozenset(
                cid for cid, d in enumerate(self.definitions) if d is not None and test(d)
            )
        return found


_ROOT = CardIndex(())
_NODES = 0
_NODES_MAX = 100_000


def card_index(game: Game) -> CardIndex:
    """The index of the game's cards as they are now (:class:`CardIndex`). The rules remember the index
    with the last card it was found for: copies of a game share their rules, and a copy that created
    cards of its own has other card objects at the end of its list."""
    rules: Any = game.rules
    cards = game.cards
    found: tuple[CardIndex, int, object] | None = rules.card_index
    if found is not None:
        index, n, last = found
        # The last card object alone tells the list (cards are only ever appended, and a copy that
        # created a card of its own ends with that card): the length need not be compared.
        if cards[-1] is last if cards else n == 0:
            return index
        if not (0 < n < len(cards) and cards[n - 1] is last):
            index, n = _ROOT, 0  # another copy's list (or a shorter one): walk down from the top
    else:
        index, n = _ROOT, 0
    catalog = rules.catalog
    for card in cards[n:]:
        index = index.extended(catalog.get(card.name))
    rules.card_index = (index, len(cards), cards[-1] if cards else None)
    return index


def cards_such_that(game: Game, name: str, test: Callable[[CardDefinition], bool]) -> frozenset[int]:
    """The ids of the game's cards whose definition passes ``test``, worked out once per list of cards
    (:class:`CardIndex`; ``name`` must always stand for the same test)."""
    return card_index(game).passing(name, test)


def cards_of_type(game: Game, types: frozenset[str]) -> tuple[int, ...]:
    """The ids of the game's cards whose first face is one of ``types``, in card order."""
    index = card_index(game)
    key = ("type", types)
    found: tuple[int, ...] | None = index.tests.get(key)
    if found is None:
        found = index.tests[key] = tuple(
            cid for cid, d in enumerate(index.definitions) if d is not None and d.faces[0].type in types
        )
    return found


def cards_with_face_of_type(game: Game, types: frozenset[str]) -> frozenset[int]:
    """The ids of the game's cards with any face (not only the first) of one of ``types``."""
    return card_index(game).passing(("face_type", types), lambda d: any(f.type in types for f in d.faces))


def cards_with_printed_keyword(game: Game, keyword: str) -> frozenset[int]:
    """The ids of the game's cards with ``keyword`` printed on any face."""
    return card_index(game).passing(
        ("keyword", keyword),
        lambda d: any(a.form == "keyword" and a.name == keyword for f in d.faces for a in f.abilities),
    )


def cards_at_most_zero_power(game: Game) -> frozenset[int]:
    """The ids of the game's cards with a creature face whose printed power is 0 or less (or none): the
    only cards a creature can be at power 0 with while no effect lowers power (703.4c)."""
    return card_index(game).passing(
        "at_most_zero_power", lambda d: any(f.is_creature and (f.power or 0) <= 0 for f in d.faces)
    )


def definition(game: Game, cid: int) -> CardDefinition:
    """The printed definition of card ``cid``, reached by id (:class:`CardIndex`)."""
    known: tuple[CardIndex, int, object] | None = game.rules.card_index  # type: ignore[attr-defined]
    if known is not None and game.cards[-1] is known[2]:  # the same list of cards (card_index)
        found = known[0].definitions[cid]  # the common case, kept cheap (called everywhere)
    else:
        found = card_index(game).definitions[cid]
    if found is None:
        raise KeyError(game.cards[cid].name)
    return found


def face(game: Game, obj: GameObject) -> Face:
    """The face an object shows: in the battle zone a twinpact shows its creature side; a face-down card
    there (a seal) shows only cost 0 (200.3b), one in the mana zone is a colourless card of cost 0 (405.4)."""
    if obj.face_down and obj.zone[1] == BATTLE:
        return SEAL
    if obj.face_down and obj.zone[1] == MANA:
        return FACE_DOWN_MANA
    if not obj.state:
        # The common case, kept cheap: a card of one face whose type shows no state (the rules' table).
        known: tuple[CardIndex, int, object] | None = game.rules.card_index  # type: ignore[attr-defined]
        index = known[0] if known is not None and game.cards[-1] is known[2] else card_index(game)
        cid = obj.cards[0]
        plain = index.plain_face[cid] if cid in index.plain_face else index.plain(cid)
        if plain is not None:
            return plain
    copied = obj.state.get(COPIED)
    if copied is not None and obj.zone[1] == BATTLE:  # 「…になる」: the copied face (copies.py)
        faces = definition(game, copied).faces
        return next((f for f in faces if f.is_creature), faces[0])
    d = definition(game, obj.top)
    main = d.faces[0]
    if len(d.faces) == 1 and main.type not in SHOWN_BY_STATE and main.hyper is None:
        state = obj.state
        if not state or (psychic.LINK not in state and gods.LINKED not in state):
            return main  # one face, nothing linked: no other state changes what it shows
    shown = psychic.face(game, obj)
    if shown is not None:
        return shown  # 805.3: the side a psychic creature shows, or its linked super creature (psychic.py)
    linked = gods.face(game, obj)
    if linked is not None:
        return linked  # a God link: every card's characteristics (gods.py)
    if main.hyper is not None and obj.zone[1] == BATTLE and "hyper_mode" in obj.state:
        return hyper.shown(d, main)  # 816.2a/b: released, it has the hyper mode's power and abilities too
    if main.type == "wd_field" and obj.zone[1] == BATTLE:  # 819.1b: only the upright side counts
        return d.faces[int(obj.state.get("wd_side", 0))]
    if main.type == "forbidden_pulse":  # 禁断解放 (809.2): in the battle zone, the side it is turned to
        released = obj.zone[1] == BATTLE and obj.state.get("forbidden_released")
        return d.faces[1] if released and len(d.faces) > 1 else main
    if main.type == "final_forbidden_field":  # 701.29a: after 禁断爆発, its other side (final_forbidden.py)
        from .final_forbidden import face as final_face

        return final_face(game, obj) or main
    if main.type == "king_cell" and obj.zone[1] == BATTLE:  # 814: combined, its king's face
        from .king_cells import face as king_face

        return king_face(game, obj) or main
    if main.type in ("zero_dragon_ritual", "zero_dragon_nebula"):  # 812.2: after 零龍卍誕, its other side
        from .zero_dragon import face as zero_face

        return zero_face(game, obj) or main
    if d.faces[0].type in ("dragheart_weapon", "dragheart_fortress"):  # 龍解: the side it is turned to
        return d.faces[1] if obj.state.get("ryukai") and len(d.faces) > 1 else d.faces[0]
    if len(d.faces) > 1 and obj.zone[1] == BATTLE:
        return next((f for f in d.faces if f.is_creature), d.faces[0])
    return d.faces[0]


def merged_side(d: CardDefinition, obj: GameObject, mark: str) -> Face:
    """The face a card of a set that merges into one creature shows: in the battle zone, once the object's
    state holds ``mark``, its other side (禁断爆発 701.29a, 零龍卍誕 812.2); otherwise its first side."""
    turned = obj.zone[1] == BATTLE and obj.state.get(mark) and len(d.faces) > 1
    return d.faces[1] if turned else d.faces[0]


def modified(game: Game, obj: GameObject, key: str, value: Any) -> Any:
    """``value`` after every continuous effect that changes characteristic ``key`` of ``obj``."""
    bucket = game.effects.index.get((MODIFIER, key))  # read at once: asked thousands of times a game
    if bucket is None:
        return value
    for effect in tuple(bucket.values()):
        ability: Modifier = effect.ability  # type: ignore[assignment]  # MODIFIER entries are Modifiers
        value = ability.modify(game, effect, obj.oid, key, value)
    return value


ATTACHED_AURAS = "auras"
"""``game.info`` key of the auras attached to creatures (auras.py)."""


def power(game: Game, obj: GameObject) -> int:
    """The power after every continuous effect: increases and decreases first, then doubling and other
    multiplying (206.4); a fixed power (206.3) is what it is, whatever else applies."""
    base = face(game, obj).power or 0
    attached = game.info.get(ATTACHED_AURAS)
    if attached and obj.oid in attached.values():  # 310.4: an aura's number adds to its creature's power
        base += sum(face(game, aura).power or 0 for aura in auras.auras_of(game, obj.oid))
    fixed = modified(game, obj, "power_fixed", None)
    if fixed is not None:
        return int(fixed)
    value = int(modified(game, obj, "power", base))
    value = value * 2 if modified(game, obj, "power_doubled", False) else value
    return value * int(modified(game, obj, "power_multiplied", 1))  # 206.4: パワーをQ倍にする, after the rest


def referred_power(game: Game, obj: GameObject) -> int:
    """108.1b: a power made negative is 0 whenever it is referred to (filters, sums, battles)."""
    return max(0, power(game, obj))


def cost(game: Game, obj: GameObject) -> int:
    """The cost to use the card, after cost changes (e.g. for creatures in the graveyard)."""
    printed = face(game, obj).cost
    if (MODIFIER, COST_REDUCTIONS_IGNORED) in game.effects.index and reductions_ignored(
        game, game.cards[obj.top].owner
    ):
        return int(_without_reductions(game, obj, printed))
    return int(modified(game, obj, "cost", printed))


COST_REDUCTIONS_IGNORED = "player:cost_reductions_ignored"
"""相手のカードを使うコストを少なくする能力は無効になる: the player property's index key."""


def reductions_ignored(game: Game, player: int) -> bool:
    """Do the abilities that make ``player``'s cards cheaper to use not work (``cost_reductions_ignored``)?
    One index look-up where no such rule exists."""
    if (MODIFIER, COST_REDUCTIONS_IGNORED) not in game.effects.index:
        return False
    rules: Any = game.effects.find(MODIFIER, COST_REDUCTIONS_IGNORED)  # PlayerRule entries (abilities.py)
    return any(effect.ability.applies_to(game, effect, player) for effect in rules)


def _without_reductions(game: Game, obj: GameObject, value: int) -> int:
    """The cost after the cost changes that do not lower it (each change in timestamp order, a lowering one
    skipped): increases still apply."""
    bucket = game.effects.index.get((MODIFIER, "cost"))
    if bucket is None:
        return value
    for effect in tuple(bucket.values()):
        ability: Modifier = effect.ability  # type: ignore[assignment]  # MODIFIER entries are Modifiers
        changed = ability.modify(game, effect, obj.oid, "cost", value)
        if changed >= value:
            value = changed
    return value


def keywords(game: Game, obj: GameObject) -> frozenset[str]:
    """Keywords given to ``obj`` by other cards' effects (「アビスラッシュ」を与える)."""
    granted: frozenset[str] = modified(game, obj, "keywords", frozenset())
    return granted


def is_creature(game: Game, obj: GameObject) -> bool:
    """A creature, unless an effect says it is not treated as one (a tamaseed creature's condition)."""
    return face(game, obj).is_creature and not modified(game, obj, "not_creature", False)


def flag(game: Game, obj: GameObject, key: str, *, via_keywords: bool = True) -> bool:
    """A yes/no permission or property (``can_block``, ``cannot_attack``, …), false unless granted —
    directly, or by a keyword an effect gave it (a granted ブロッカー is the permission to block)."""
    index = game.effects.index
    if (MODIFIER, key) in index and modified(game, obj, key, False):
        return not (via_keywords and key in IGNORABLE and modified(game, obj, f"ignore:{key}", False))
    if not via_keywords or (MODIFIER, "keywords") not in index:
        return False
    granted = keywords(game, obj)
    return bool(granted) and any(key in keyword_statics(k)[0] for k in granted)


def flag_from_others(game: Game, obj: GameObject, key: str) -> bool:
    """``flag`` without the object's own abilities that say it ("このクリーチャーは…": a static of the object
    itself, printed or given to it, hosted on it with no ``to``, and the keywords it has): what other cards'
    effects alone make of it — for "そのクリーチャーが持つ…能力を無視する" (公式Q&A 2022-09-16, qa/42045)."""
    bucket = game.effects.index.get((MODIFIER, key))
    if bucket is None:
        return False
    value: Any = False
    for effect in tuple(bucket.values()):
        spec = getattr(effect.ability, "spec", None)
        if effect.host == obj.oid and spec is not None and getattr(spec, "to", None) is None:
            continue  # its own ability
        ability: Modifier = effect.ability  # type: ignore[assignment]  # MODIFIER entries are Modifiers
        value = ability.modify(game, effect, obj.oid, key, value)
    return bool(value) and not (key in IGNORABLE and modified(game, obj, f"ignore:{key}", False))


IGNORABLE = frozenset({"cannot_attack", "cannot_attack_players", "cannot_attack_creatures", "cannot_block"})
"""Prohibitions an effect may tell a creature to ignore ("…できない効果を無視する")."""


def breaker(game: Game, obj: GameObject) -> int:
    """How many shields this creature breaks (509.2a: one unless a breaker ability says more)."""
    count = int(modified(game, obj, "breaker", 1))
    granted = keywords(game, obj)
    return max([count, *(keyword_statics(k)[1] for k in granted)]) if granted else count


def breaker_choices(game: Game, obj: GameObject) -> tuple[int, ...]:
    """509.2c: the counts of this creature's breaker abilities, one per distinct count, smallest first — with
    several, its player chooses which to use (never none of them: one shield only without any breaker)."""
    counts = set()
    for effect in game.effects.find(MODIFIER, "breaker"):
        ability: Modifier = effect.ability  # type: ignore[assignment]  # MODIFIER entries are Modifiers
        each = int(ability.modify(game, effect, obj.oid, "breaker", 1))
        if each > 1:
            counts.add(each)
    counts.update(n for n in (keyword_statics(k)[1] for k in keywords(game, obj)) if n > 1)
    return tuple(sorted(counts)) or (1,)


def extra_breaks(game: Game, obj: GameObject) -> int:
    """701.14d: shields this creature breaks in addition, whenever it breaks shields (by its attack or by an
    effect of its own): ``static: {extra_breaks: Q}`` (シールドを追加でQつブレイクする)."""
    return max(0, int(modified(game, obj, "extra_breaks", 0)))


_KEYWORD_STATICS: dict[str, tuple[frozenset[str], int]] = {}


def keyword_statics(keyword: str) -> tuple[frozenset[str], int]:
    """The yes/no properties and the breaker count a keyword's expansion gives (keywords.py), for a
    keyword granted by another card's effect."""
    found = _KEYWORD_STATICS.get(keyword)
    if found is None:
        from ...cards.schema import AbilitySpec
        from .keywords import expand

        flags: set[str] = set()
        count = 1
        try:
            expanded = expand(AbilitySpec("keyword", keyword, 0))
        except KeyError:  # a keyword whose parameters only its own card gives
            expanded = ()
        for spec in expanded:  # the statics on its own object with no condition (ブロッカー, W・ブレイカー)
            if spec.form != "static" or spec.to is not None or spec.condition is not None:
                continue
            prop, given = spec.params["property"], spec.params["value"]
            if prop == "breaker" and getattr(given, "literal", None) is not None:
                count = max(count, given.literal)
            elif given is True:
                flags.add(prop)
        found = _KEYWORD_STATICS[keyword] = (frozenset(flags), count)
    return found


def matches(
    game: Game, obj: GameObject, flt: Filter, *, self_oid: int | None = None, scope: Any = None
) -> bool:
    """Does ``obj`` meet ``flt``? Looks at the top card's shown face, with modified power; a language-2
    filter's other fields are checked by language/selectors.py (with ``scope``, the ability's references).
    Outside the battle zone a twinpact is a card with both parts' characteristics: it may be referred to
    as either part (810.1, 810.3), and a filter naming a card type looks at that part only (810.3a)."""
    shown = face(game, obj)
    if obj.zone[1] != BATTLE and not obj.face_down:
        d = definition(game, obj.top)
        if d.is_twinpact and not any(f.type.startswith(("psychic", "dragheart")) for f in d.faces):
            if flt.type is None and not flt.types and _card_civilization_fields(flt):
                # 810.1: referred to as a card (no card type named), it has both parts' civilizations — a
                # colorless creature side with a darkness spell side is a darkness card, not a 無色カード
                # (公式Q&A 2022-10-28, ruling 145); naming a type reads that part alone (810.3a)
                civs = tuple(dict.fromkeys(c for f in d.faces for c in civilizations(game, obj, f)))
                if not _civilization_fields_hold(flt, civs):
                    return False
                flt = replace(flt, civilizations_all=(), multicolored=None, colorless=None)
            return any(_face_matches(game, obj, f, flt, self_oid, scope) for f in d.faces)
        if obj.zone[1] == HYPERSPATIAL and rule_plus_side(d) is not None:
            # 805.1d, 314.1: a psychic creature with a ルール・プラス side is, in the 超次元ゾーン, both — a
            # spell that puts a psychic creature may take it as サファイア・ミスティ, one that puts a card of
            # cost 5 or less as 《13番目の計画》 (公式Q&A 2022-10-28); it enters with the side taken
            return any(_face_matches(game, obj, f, flt, self_oid, scope) for f in d.faces)
    return _face_matches(game, obj, shown, flt, self_oid, scope)


def rule_plus_side(d: CardDefinition) -> int | None:
    """The index of a two-sided card's ルール・プラス side (314), ``None`` for a card without one."""
    if len(d.faces) < 2:
        return None
    return next((i for i, f in enumerate(d.faces) if f.type == "rule_plus"), None)


def face_has_type(game: Game, obj: GameObject, f: Face, card_type: str) -> bool:
    """Is ``obj``, looked at as its part ``f``, of ``card_type`` (a filter's ``type``)? 810.3a: a filter
    naming card types reads the part of a twinpact that has them, and its other fields that same part."""
    return _face_matches(game, obj, f, Filter(type=card_type), None, None)


def _card_civilization_fields(flt: Filter) -> bool:
    """Whether ``flt`` asks about the civilizations a card has as a whole (全文明 / 多色 / 無色)."""
    return bool(flt.civilizations_all) or flt.multicolored is not None or flt.colorless is not None


def _civilization_fields_hold(flt: Filter, civs: tuple[str, ...]) -> bool:
    if flt.civilizations_all and not set(flt.civilizations_all) <= set(civs):
        return False
    if flt.multicolored is not None and (len(civs) > 1) != flt.multicolored:
        return False
    return flt.colorless is None or (not civs) == flt.colorless


def part_matches(game: Game, obj: GameObject, index: int, flt: Filter, *, scope: Any = None) -> bool:
    """Does part ``index`` of the card of ``obj`` (a twinpact's face) meet ``flt`` on its own? An effect that
    uses a card a filter describes uses a part the filter describes (810.3a)."""
    this = scope.this(game) if scope is not None else None
    return _face_matches(game, obj, definition(game, obj.top).faces[index], flt, this, scope)


def mana_number(game: Game, obj: GameObject) -> int:
    """207.1 / 107.2: how much mana the card makes when tapped in the mana zone — the number on its mana
    symbol, 1 (psychic and dragheart cards have none: 0); an effect may change it (207.2, `mana_number`); a
    face-down card's is 1 (405.4)."""
    if obj.face_down:
        return 1
    printed = printed_mana_number(game, obj, face(game, obj))
    if not game.effects.has(MODIFIER, "mana_number"):
        return printed
    return max(0, int(modified(game, obj, "mana_number", printed)))


def printed_mana_number(
    game: Game, obj: GameObject, shown: Face, coreless: frozenset[int] | None = None
) -> int:
    """:func:`mana_number` before any effect, for the face ``shown`` the object shows (``coreless``: the
    game's :func:`cards_with_core_face`, when the caller has already read them)."""
    if obj.face_down:
        return 1
    if shown.type.startswith(("psychic", "dragheart")):
        return 0
    if obj.cards[0] in (cards_with_core_face(game) if coreless is None else coreless):
        return 0  # 309.5: a card with a 禁断コア face makes no mana (either side up); its civilization counts
    return 1


def cards_with_core_face(game: Game) -> frozenset[int]:
    """The ids of the game's cards with a 禁断コア face among several (309.5: such a card makes no mana)."""
    return card_index(game).passing(
        "core_face", lambda d: len(d.faces) > 1 and any(f.type == "forbidden_core" for f in d.faces)
    )


def civilizations(game: Game, obj: GameObject, f: Face | None = None) -> tuple[str, ...]:
    """The civilizations it has: its face's, and any an effect added (106.4; no ability is gained, 110.6)."""
    shown = f if f is not None else face(game, obj)
    if not game.effects.has(MODIFIER, "civilizations"):
        return shown.civilizations
    return tuple(modified(game, obj, "civilizations", shown.civilizations))


COST_CIVILIZATIONS = "cost_civilizations"
"""The modifier key of 「そのコスト、そのテキスト内のコストはすべて文明を失う」: a ``loses_civilizations``
static answers ``True`` for the objects it applies to (:func:`costs_colorless`)."""


def costs_colorless(game: Game, obj: GameObject) -> bool:
    """Have the costs of ``obj`` lost their civilizations (by a static: its printed cost and the costs in
    its text — キリフダッシュ's [火(5)], …)? Then paying them asks mana only, no civilization (601.1d). Free
    of cost where no ``loses_civilizations`` static exists (one index look-up)."""
    if (MODIFIER, COST_CIVILIZATIONS) not in game.effects.index:
        return False
    return bool(modified(game, obj, COST_CIVILIZATIONS, False))


NOT_TWINPACT = (
    "psychic",
    "dragheart",
    "forbidden",
    "final_forbidden",
    "zero_dragon",
    "wd_field",
    "rule_plus",
)
"""Face types of cards of two faces that are no twinpact (810): psychic and dragheart cards (805, 807), 禁断
cards (809), 零龍 sets (812), WD fields (819) and ルール・プラス: a player names either face of them, never
both together (805.7, 807.6, 809.4)."""


def combined_name(d: CardDefinition) -> str | None:
    """810.4: the name of a twinpact referred to as a card — its two parts' names together (「A／B」, as the
    card is printed and listed); ``None`` for any other card."""
    faces = d.faces
    if len(faces) != 2 or any(f.type.startswith(NOT_TWINPACT) for f in faces):
        return None
    return f"{faces[0].name}／{faces[1].name}"


def names(game: Game, obj: GameObject, f: Face | None = None) -> tuple[str, ...]:
    """Its card names: its face's, and any an effect added (202.4: it has both at once); a linked God has
    the names of all its cards (202.5). A twinpact outside the battle zone has the name of its two parts
    together, whichever part is looked at (810.4); in the battle zone, the part it shows (its creature)."""
    shown = f if f is not None else face(game, obj)
    own: tuple[str, ...] = (shown.name,)
    if obj.zone[1] == BATTLE:
        if len(obj.cards) > 1 and gods.is_linked(obj):
            own = tuple(dict.fromkeys(definition(game, c).main.name for c in obj.cards))
    elif not obj.face_down and (twin := combined_name(definition(game, obj.top))) is not None:
        own = (twin,)  # 810.4
    if not game.effects.has(MODIFIER, "names"):
        return own
    return tuple(modified(game, obj, "names", own))


def words(values: tuple[str, ...], scope: Any) -> tuple[str, ...]:
    """A filter's names, races or civilizations, with ``$NAME`` read from what a ``declare`` step chose
    (nothing, if nothing was chosen under that name)."""
    if not any(v.startswith("$") for v in values):
        return values
    known = getattr(scope, "words", None) or {}
    return tuple(
        known[v[1:]] if v.startswith("$") else v for v in values if not v.startswith("$") or v[1:] in known
    )


def _face_matches(
    game: Game, obj: GameObject, f: Face, flt: Filter, self_oid: int | None, scope: Any
) -> bool:
    if flt.type is not None:
        if flt.type == "creature":
            if not (is_creature(game, obj) if obj.zone[1] == BATTLE else f.is_creature):
                return False
        elif flt.type == "element":  # エレメント (316.1): counted by printed card type
            if not f.is_element_card_type:
                return False
        elif flt.type == "dragheart":  # ドラグハート: a weapon, or one turned to its creature side
            if not f.type.startswith("dragheart"):
                return False
        elif flt.type == "tamaseed":
            if not f.is_tamaseed:
                return False
        elif flt.type == "field":  # フィールド: D2 fields are fields (204.3c)
            if not f.is_field:
                return False
        elif flt.type == "zero_dragon":  # 零龍カード (812): a card of a 零龍 set, whichever face it shows
            if not f.type.startswith("zero_dragon"):
                return False
        elif f.type != flt.type:
            return False
    if flt.civilizations and not set(words(flt.civilizations, scope)) & set(civilizations(game, obj, f)):
        return False
    races = modified(game, obj, "races", f.races) if flt.races else f.races  # a static's race (counting.py)
    if flt.races and not any(race in r for race in words(flt.races, scope) for r in races):
        return False
    if flt.name is not None and not set(names(game, obj, f)) & set(words((flt.name,), scope)):
        return False
    if flt.tapped is not None and obj.tapped != flt.tapped:
        return False
    if flt.has_kz and not game.rules.compiled(game.cards[obj.top].name).kz:  # type: ignore[attr-defined]
        return False
    if flt.other_than_self and obj.oid == self_oid:
        return False
    if not flt.v2:
        return True
    return selectors.v2_fits(game, obj, f, flt, scope, self_oid)


# Modules that import this one, as module objects, at the end (they read this module's names when they are
# imported): a ``from .x import y`` inside a hot function costs about a microsecond at every call.
from . import auras, gods, hyper, psychic  # noqa: E402
from .language import selectors  # noqa: E402
