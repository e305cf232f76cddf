"""Magic card definitions as frozen values (the card schema is documented in docs/magic.md).

A card keeps its Oracle text beside its structured abilities. Abilities use a small vocabulary that the
module's general machinery interprets (abilities.py, resolve.py); no card is recognised by its name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

CARD_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery")
PERMANENT_TYPES = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker"})


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One "target …" of a spell or ability (115.1): what it may be, checked again on resolution (608.2b).

    ``what``: ``creature``, ``permanent``, ``player``, ``opponent``, ``any`` (a creature, planeswalker or
    player), ``spell`` (an object on the stack) or ``card`` (a card in ``zone``). The filters narrow it:
    ``types`` (any of these card types), ``not_types``, ``supertypes`` / ``not_supertypes``, ``subtypes``,
    ``colors``, ``controller`` / ``owner`` (``you``, ``opponent``, ``not_you``), ``another`` (not the
    source object, 115.1), ``shares_type_with`` (the index of an earlier target this one must share a card
    type with), ``power_at_most`` and ``mana_value_at_most`` (that of an earlier target), ``optional``
    ("up to one target", 115.1)."""

    what: str
    shares_type_with: int | None = None
    types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    not_supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    not_colors: tuple[str, ...] = ()
    controller: str | None = None
    owner: str | None = None
    another: bool = False
    zone: str | None = None
    power_at_most: int | None = None
    power_max: int | None = None
    """"with power N or less" (a number, not another target)."""
    mana_value_at_most: int | None = None
    optional: bool = False
    text: str = ""
    """How the decision names it ("target land you control")."""
    shared_types: tuple[str, ...] = ()
    """With ``shares_type_with``: only these types count ("shares one of those types with it")."""


@dataclass(frozen=True, slots=True)
class Instr:
    """One instruction of an effect: ``op`` and its validated, read-only argument."""

    op: str
    arg: Any


@dataclass(frozen=True, slots=True)
class AbilityDef:
    """A printed ability. ``form`` is ``activated``, ``trigger``, ``replace`` or ``static``; ``event`` the
    event it watches (trigger, replace) or the static effect's name; ``opts`` its other fields."""

    form: str
    event: str
    opts: Mapping[str, Any] = field(default_factory=dict)
    targets: tuple[TargetSpec, ...] = ()
    effect: tuple[Instr, ...] = ()
    cost: tuple[str, ...] = ()
    index: int = 0

    def get(self, key: str, default: Any = None) -> Any:
        return self.opts.get(key, default)


@dataclass(frozen=True, slots=True)
class SpellDef:
    """What an instant or sorcery does as it resolves; ``self_replacements`` are part of that effect
    (614.15) and apply only to events the spell itself causes."""

    targets: tuple[TargetSpec, ...] = ()
    effect: tuple[Instr, ...] = ()
    self_replacements: tuple[AbilityDef, ...] = ()


@dataclass(frozen=True, slots=True)
class CardDef:
    """A Magic card. The text box (612, 701.10h) is ``text``, ``keywords`` and ``abilities``."""

    name: str
    types: tuple[str, ...]
    text: str
    cost: str | None = None
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    """A planeswalker's printed loyalty: it enters with that many loyalty counters (306.5b)."""
    keywords: tuple[str, ...] = ()
    abilities: tuple[AbilityDef, ...] = ()
    spell: SpellDef | None = None
    kicker: str | None = None
    enchant: str | None = None
    colors: tuple[str, ...] | None = None
    """A colour indicator or a cost-less card's colours (202.2); by default the cost's mana symbols."""
    source: str = ""
    """Where the Oracle text was taken from (and its date)."""
    unimplemented: tuple[str, ...] = ()
    """Sentences of the Oracle text this module does not model (stated, never silently dropped)."""
    file: str = ""
    line: int = 0

    @property
    def is_permanent_card(self) -> bool:
        return bool(PERMANENT_TYPES & set(self.types))

    @property
    def is_aura(self) -> bool:
        return "Aura" in self.subtypes


BLANK = CardDef("filler", ("sorcery",), "(a blank card that fills a library in scenarios)")
