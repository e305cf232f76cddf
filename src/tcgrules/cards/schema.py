"""The card definition language: frozen values a card file compiles to.

A card file is YAML; :mod:`.loader` validates it against a game's :class:`~.vocabulary.Vocabulary` and
builds these values. They are data: the game module interprets them (``games/duel_masters/abilities.py``).
See ``docs/cards.md`` for the language with examples.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Filter:
    """Conditions a card or object must meet to be selected. ``None`` means "any"."""

    type: str | None = None
    civilizations: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    name: str | None = None
    cost_min: int | None = None
    cost_max: int | None = None
    power_min: int | None = None
    power_max: int | None = None
    tapped: bool | None = None
    blocker: bool | None = None
    other_than_self: bool = False
    same_name_as_another: bool = False
    has_kz: bool = False
    """Has a KZ ability (that キズナ can use)."""
    cost_below: str | None = None
    """``cost_below: $name``: a cost smaller than that of what an earlier selector saved as ``name``."""


ANY = Filter()


@dataclass(frozen=True, slots=True)
class Selector:
    """What an action acts on.

    ``kind`` is ``self`` (the card with the ability), ``event_subject`` (what the triggering or replaced
    event is about), ``var`` (cards saved earlier with ``as``), ``choose`` (a player chooses ``count``),
    or ``all`` (everything that matches).
    """

    kind: str
    count: int = 1
    up_to: bool = False
    zone: str | None = None
    """``None`` means the action's usual zone (the hand for discard, the battle zone otherwise)."""
    owner: str = "any"
    filter: Filter = ANY
    chooser: str = "you"
    random: bool = False
    save_as: str | None = None
    var: str | None = None
    count_var: str | None = None
    """``choose: $name``: as many as the cards saved under ``name`` (101.3a: cards it *tried* to act on)."""
    cards: bool = False
    """``cards: true``: the effect names *cards* (カード), so every card of a multi-card object is looked at
    (200.3a), not only the top card."""


SELF = Selector("self")
EVENT_SUBJECT = Selector("event_subject")


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition on the game state: ``kind`` with its ``value`` (``turn: opponent``, …)."""

    kind: str
    value: Any = True


@dataclass(frozen=True, slots=True)
class Action:
    """One step of an effect: ``op`` (draw, destroy, move, …) with validated arguments.

    Selectors are :class:`Selector` values; nested actions (``may``) are tuples of :class:`Action`."""

    op: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)


@dataclass(frozen=True, slots=True)
class AbilitySpec:
    """One ability of a card, in one of five forms.

    * ``keyword`` — ``name`` is the keyword; the game expands it into abilities of the other forms.
    * ``trigger`` — ``name`` is the trigger pattern; ``effect`` runs when it resolves.
    * ``replace`` — ``name`` is the replaced-event pattern; ``instead`` is the substitute, ``then`` runs
      after it (そうしたら).
    * ``static`` — ``name`` is the characteristic or permission changed, with ``params``.
    * ``spell`` — the effect of a spell when it resolves.
    """

    form: str
    name: str
    index: int
    subject: str = "self"
    optional: bool = False
    condition: Condition | None = None
    zones: tuple[str, ...] = ()
    effect: tuple[Action, ...] = ()
    instead: tuple[Action, ...] = ()
    then: tuple[Action, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)
    line: int = 0


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a card (a twinpact has two)."""

    name: str
    type: str
    civilizations: tuple[str, ...]
    cost: int
    races: tuple[str, ...] = ()
    power: int | None = None
    text: str = ""
    abilities: tuple[AbilitySpec, ...] = ()

    @property
    def is_creature(self) -> bool:
        """Printed as a creature (a タマシード/クリーチャー too; effects may say it is not one)."""
        return self.type in (
            "creature",
            "evolution_creature",
            "tamaseed_creature",
            "dragheart_creature",
            "psychic_creature",
            "psychic_super_creature",
        )

    @property
    def is_tamaseed(self) -> bool:
        return self.type in ("tamaseed", "tamaseed_creature")

    @property
    def is_element(self) -> bool:
        """316: a card that is put face up into the battle zone (creature or tamaseed)."""
        return self.is_creature or self.is_tamaseed

    @property
    def is_evolution(self) -> bool:
        return self.type == "evolution_creature"


@dataclass(frozen=True, slots=True)
class CardDefinition:
    """A printed card: its faces, where it was defined, and whether its text was reconstructed."""

    name: str
    faces: tuple[Face, ...]
    english: str | None = None
    set: str | None = None
    rarity: str | None = None
    text_status: str = "printed"
    file: str = ""
    line: int = 0

    @property
    def main(self) -> Face:
        return self.faces[0]

    @property
    def is_twinpact(self) -> bool:
        return len(self.faces) > 1

    @property
    def text(self) -> str:
        return "\n".join(face.text for face in self.faces)
