"""Characteristics of Duel Masters objects: what the top card shows, changed by continuous effects.

An object shows the characteristics of its top card (200.3a: cards under an evolution are ignored),
of the face its zone shows (twinpacts: the creature side in the battle zone). Continuous effects reach
characteristics through modifiers indexed by the characteristic's name, so computing a creature's power
only meets the effects that change power.
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import CardDefinition, Face, Filter
from ...kernel import MODIFIER, Game, GameObject, Modifier
from .zones import BATTLE

SEAL = Face("", "seal", (), 0)
"""What a seal (封印) shows when chosen as a card: cost 0 and no other characteristic (200.3b)."""


_SHOWN_BY_STATE = frozenset({"psychic_creature", "dragheart_weapon"})
"""Card types whose shown face depends on the object's state (覚醒, 龍解)."""


def cards_of_type(game: Game, types: frozenset[str]) -> tuple[int, ...]:
    """The ids of the game's cards whose first face is one of ``types`` (cached: a game's cards are fixed
    once it is set up; the cache is rebuilt if cards were added)."""
    cache: dict[frozenset[str], tuple[int, tuple[int, ...]]] = game.rules.by_type  # type: ignore[attr-defined]
    hit = cache.get(types)
    if hit is None or hit[0] != len(game.cards):
        found = tuple(c.cid for c in game.cards if definition(game, c.cid).faces[0].type in types)
        hit = cache[types] = (len(game.cards), found)
    return hit[1]


def cards_at_most_zero_power(game: Game) -> frozenset[int]:
    """The ids of the game's cards with a creature face whose printed power is 0 or less (or none): the
    only cards a creature can be at power 0 with while no effect lowers power (703.4c; cached like
    :func:`cards_of_type`)."""
    cache: dict[str, tuple[int, frozenset[int]]] = game.rules.by_power  # type: ignore[attr-defined]
    hit = cache.get("at_most_zero")
    if hit is None or hit[0] != len(game.cards):
        found = frozenset(
            c.cid
            for c in game.cards
            if any(f.is_creature and (f.power or 0) <= 0 for f in definition(game, c.cid).faces)
        )
        hit = cache["at_most_zero"] = (len(game.cards), found)
    return hit[1]


def definition(game: Game, cid: int) -> CardDefinition:
    """The printed definition of card ``cid``, reached by id (filled on first use: a game's cards never
    change their name)."""
    by_card: dict[int, CardDefinition] = game.rules.by_card  # type: ignore[attr-defined]  # DuelMasters rules
    found = by_card.get(cid)
    if found is None:
        found = by_card[cid] = game.rules.catalog[game.cards[cid].name]  # type: ignore[attr-defined]
        if len(found.faces) == 1 and found.faces[0].type not in _SHOWN_BY_STATE:
            game.rules.plain_face[cid] = found.faces[0]  # type: ignore[attr-defined]
    return found


def face(game: Game, obj: GameObject) -> Face:
    """The face an object shows: in the battle zone a twinpact shows its creature side; a face-down card
    there (a seal) shows only cost 0 (200.3b)."""
    if obj.face_down and obj.zone[1] == BATTLE:
        return SEAL
    if not obj.state:
        # The common case, kept cheap: a card of one face whose type shows no state (the rules' table).
        plain: Face | None = game.rules.plain_face.get(obj.cards[0])  # type: ignore[attr-defined]
        if plain is not None:
            return plain
    d = definition(game, obj.top)
    main = d.faces[0]
    if len(d.faces) == 1 and main.type not in _SHOWN_BY_STATE and not obj.state:
        return main  # one face, nothing linked or turned over
    from .psychic import face as psychic_face

    shown = psychic_face(game, obj)
    if shown is not None:
        return shown  # 805.3: the side a psychic creature shows, or its linked super creature (psychic.py)
    from .gods import face as god_face

    linked = god_face(game, obj)
    if linked is not None:
        return linked  # a God link: every card's characteristics (gods.py)
    if d.faces[0].type == "dragheart_weapon":  # 龍解: the side it is turned to (special_card_effects.py)
        return d.faces[1] if obj.state.get("ryukai") and len(d.faces) > 1 else d.faces[0]
    if len(d.faces) > 1 and obj.zone[1] == BATTLE:
        return next((f for f in d.faces if f.is_creature), d.faces[0])
    return d.faces[0]


def modified(game: Game, obj: GameObject, key: str, value: Any) -> Any:
    """``value`` after every continuous effect that changes characteristic ``key`` of ``obj``."""
    for effect in game.effects.find(MODIFIER, key):
        ability: Modifier = effect.ability  # type: ignore[assignment]  # MODIFIER entries are Modifiers
        value = ability.modify(game, effect, obj.oid, key, value)
    return value


def power(game: Game, obj: GameObject) -> int:
    base = face(game, obj).power or 0
    return int(modified(game, obj, "power", base))


def cost(game: Game, obj: GameObject) -> int:
    """The cost to use the card, after cost changes (e.g. for creatures in the graveyard)."""
    return int(modified(game, obj, "cost", face(game, obj).cost))


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
    if modified(game, obj, key, False):
        return not (via_keywords and key in IGNORABLE and modified(game, obj, f"ignore:{key}", False))
    if not via_keywords or not game.effects.has(MODIFIER, "keywords"):
        return False
    granted = keywords(game, obj)
    return bool(granted) and any(key in keyword_statics(k)[0] for k in granted)


IGNORABLE = frozenset({"cannot_attack", "cannot_attack_players", "cannot_attack_creatures", "cannot_block"})
"""Prohibitions an effect may tell a creature to ignore ("…できない効果を無視する")."""


def breaker(game: Game, obj: GameObject) -> int:
    """How many shields this creature breaks (509.2a: one unless a breaker ability says more)."""
    count = int(modified(game, obj, "breaker", 1))
    granted = keywords(game, obj)
    return max([count, *(keyword_statics(k)[1] for k in granted)]) if granted else count


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
        for spec in expanded:
            if spec.form != "static":
                continue
            if spec.name == "breaker":
                count = max(count, int(spec.params["count"]))
            elif spec.name not in ("power", "powered_breaker", "property"):
                flags.add(spec.name)
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
            return any(_face_matches(game, obj, f, flt, self_oid, scope) for f in d.faces)
    return _face_matches(game, obj, shown, flt, self_oid, scope)


def _face_matches(
    game: Game, obj: GameObject, f: Face, flt: Filter, self_oid: int | None, scope: Any
) -> bool:
    if flt.type is not None:
        if flt.type == "creature":
            if not (is_creature(game, obj) if obj.zone[1] == BATTLE else f.is_creature):
                return False
        elif flt.type == "element":  # "クリーチャーまたはタマシード": counted by printed type
            if not f.is_element:
                return False
        elif flt.type == "dragheart":  # ドラグハート: a weapon, or one turned to its creature side
            if not f.type.startswith("dragheart"):
                return False
        elif flt.type == "tamaseed":
            if not f.is_tamaseed:
                return False
        elif f.type != flt.type:
            return False
    if flt.civilizations and not set(flt.civilizations) & set(f.civilizations):
        return False
    races = modified(game, obj, "races", f.races) if flt.races else f.races  # a static's race (counting.py)
    if flt.races and not any(race in r for race in flt.races for r in races):
        return False
    if flt.name is not None and f.name != flt.name:
        return False
    if flt.tapped is not None and obj.tapped != flt.tapped:
        return False
    if flt.has_kz and not game.rules.compiled(game.cards[obj.top].name).kz:  # type: ignore[attr-defined]
        return False
    if flt.other_than_self and obj.oid == self_oid:
        return False
    if not flt.v2:
        return True
    from .language.selectors import v2_fits

    return v2_fits(game, obj, f, flt, scope, self_oid)
