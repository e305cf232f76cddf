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
class Quantity:
    """A number an ability computes (docs/cards.md, "Quantities"): ``kind`` says how.

    * ``number`` — ``value``;
    * ``count`` / ``count_cards`` — the objects (体, つ) / cards (枚) ``selector`` matches;
    * ``saved`` — how many objects were saved as ``name``; ``done`` — how many cards the step that saved
      ``name`` actually moved; ``number_var`` — a number chosen earlier;
    * ``cost_of`` / ``power_of`` / ``cards_in`` — a property of what ``selector`` refers to;
    * ``races`` — how many distinct races the objects ``selector`` matches have, but ``words``;
    * ``events`` — how many events matching ``pattern`` happened ``during`` this turn or game;
    * ``sum`` / ``times`` / ``minus`` / ``min`` / ``max`` — arithmetic over ``parts``.
    """

    kind: str
    value: int = 0
    selector: Selector | None = None
    name: str | None = None
    parts: tuple[Quantity, ...] = ()
    pattern: Pattern | None = None
    during: str = "this_turn"
    condition: Condition | None = None
    """``if``: ``parts`` are (then, else), chosen by ``condition`` when the number is needed."""
    words: tuple[str, ...] = ()
    """``races``: the races not counted (``except``)."""

    @property
    def literal(self) -> int | None:
        return self.value if self.kind == "number" else None


def number(value: int) -> Quantity:
    return Quantity("number", value)


@dataclass(frozen=True, slots=True)
class Compare:
    """``op`` (``at_most``, ``at_least``, ``less_than``, ``more_than``, ``equals``) against a quantity."""

    op: str
    amount: Quantity

    def test(self, left: int, right: int) -> bool:
        if self.op == "at_most":
            return left <= right
        if self.op == "at_least":
            return left >= right
        if self.op == "less_than":
            return left < right
        if self.op == "more_than":
            return left > right
        return left == right


@dataclass(frozen=True, slots=True)
class Filter:
    """Conditions a card or object must meet to be selected. ``None`` means "any"."""

    type: str | None = None
    civilizations: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    name: str | None = None
    tapped: bool | None = None
    other_than_self: bool = False
    has_kz: bool = False
    """Has a KZ ability (that キズナ can use)."""
    # -- language 2 (docs/cards.md, "Selectors"): every field below composes with every other
    types: tuple[str, ...] = ()
    """``type: [a, b]``: any of these card types."""
    names: tuple[str, ...] = ()
    """``name: [a, b]``: any of these names."""
    civilizations_all: tuple[str, ...] = ()
    multicolored: bool | None = None
    colorless: bool | None = None
    race_exact: str | None = None
    in_zone: tuple[str, ...] = ()
    """``in_zone: ZONE | [ZONE]`` (…にある): the object is in one of these zones — a filter field, so that
    ``any_of`` may give each zone of a selector its own filter."""
    evolves_from: str | None = None
    """…を進化元とする / that evolves from a …: an evolution creature whose base (801.1) names a race
    containing this word."""
    name_contains: str | None = None
    cost: Compare | None = None
    power: Compare | None = None
    face_up: bool | None = None
    evolution: bool | None = None
    sealed: bool | None = None
    """封印の付いた: has a seal on it (116.1); a sealed creature is ignored (116.2a) unless a filter asks."""
    linked: bool | None = None
    """``linked: true``: one of the objects of this card's linked field (最終禁断フィールド, 308.4)."""
    god_linked: bool | None = None
    """リンクしている: a God linked with another by G・リンク — one creature of two or more cards (804)."""
    hyper: bool | None = None
    """ハイパーモードを解放している: its hyper mode is released (816.2)."""
    keyword: str | None = None
    blocking: bool | None = None
    """ブロックしている: is blocking (507; until its attack ends, 510.2)."""
    attacking: bool | None = None
    """攻撃している: is attacking (506; until its attack ends, 510.2)."""
    crossed: bool | None = None
    """クロスしている (303): a creature a cross gear is crossed to / a cross gear crossed to a creature."""
    entered_this_turn: bool | None = None
    """このターンにバトルゾーンに出た: in the battle zone, put there this turn (its object entered then)."""
    sideways: bool | None = None
    """横向きの: turned sideways where it is (a card of a deck or the 超GR, sideways.py)."""
    has_trigger: str | None = None
    """``has_trigger: EVENT``: has a triggered ability of that pattern event (the pattern's ``event`` or one
    of its ``any_of``), printed on the face it shows or given to it (「サイレントスキル」を持つ:
    ``silent_skill``); a card not in an object (a face being looked at) only by its printed ones."""
    can_attack: bool | None = None
    """攻撃できる: in the battle zone, it could be declared to attack now (506.1: an attack its controller
    could choose — untapped, not summoning sick unless freed, not prohibited, with a player or creature it
    may attack)."""
    attacked: bool | None = None
    """攻撃されている: in the battle zone, the creature an attacking creature is attacking (506.1; once it is
    blocked, the blocking creature, 507.2)."""
    not_filter: Filter | None = None
    not_ref: str | None = None
    """``not: this`` (``"this"``) or ``not: $name`` (the saved name)."""
    any_of: tuple[Filter, ...] = ()
    all_of: tuple[Filter, ...] = ()
    in_var: str | None = None
    bound: tuple[int, ...] | None = None
    """``in: $NAME`` of an ability an effect made, fixed to the objects saved when it was made (608.2b)."""
    same_name_as: Selector | None = None
    """同じ名前の: another object that this selector describes has the same name."""
    crossed_to: Selector | None = None
    """…にクロスされている (303.3a): a cross gear crossed to an object this selector describes."""
    crossed_by: Selector | None = None
    """(303.3a) a creature a cross gear this selector describes is crossed to (crossed_to's inverse)."""
    attached_to: Selector | None = None
    """…に付いている: an aura, weapon or cross gear attached to an object this selector describes (310, 305,
    303; attachments.py)."""
    shares_race_with: Selector | None = None
    """同じ種族の: has a race (a whole race, 203) in common with another object this selector describes."""
    shares_civilization_with: Selector | None = None
    """それと同じ文明を持つ: has a civilization (106) in common with another object this selector describes —
    one that left the battle zone read as it was there (605.2d, 605.2e; last_known.py)."""
    broken_by: tuple[SourceFilter, ...] = ()
    """…がブレイクするシールド / shields … breaks (701.14): a shield being broken now by a source one of these
    describes (its break waiting, 113.6a), or a card broken as a shield this turn, its newest break by one
    (the game's record) — the pattern field ``broken_by``'s test, on an object."""
    moved_by: tuple[SourceFilter, ...] = ()
    """…の効果で（ゾーンに）置いた: the object's newest move this game — the one that put it where it is — was
    caused by a source one of these describes (the game's record)."""
    v2: bool = False
    """Built by language 2's filter grammar: its fields beyond language 1's are checked too."""


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
    cards: bool = False
    """``cards: true``: the effect names *cards* (カード), so every card of a multi-card object is looked at
    (200.3a), not only the top card."""
    # -- language 2
    zones: tuple[str, ...] = ()
    """Several zones (``zone: [hand, mana_zone]``); ``zone`` is the first."""
    amount: Quantity | None = None
    """How many to choose, as a quantity (``choose: {count: $x}``); ``count`` when it is a number."""
    any_number: bool = False
    top: Quantity | None = None
    bottom: Quantity | None = None
    rest_of: str | None = None
    """``$name.rest``: the candidates of the selector saved as ``name`` that were not chosen."""
    player_ref: str | None = None
    """A player (``you``, ``opponent``) where a player is expected."""
    top_card: bool = False
    """``top_card: true``: each chosen object stands for its top card only (…の一番上のカード): a move
    moves that card alone, and what stays is rebuilt (801.4)."""
    total_at_most: tuple[str, Quantity] | None = None
    """``total_at_most: {power: Q}`` (合計パワーがQ以下 / that have total power Q or less): a choice whose
    chosen objects' powers (or costs) add up to at most Q."""
    total_at_least: tuple[str, Quantity] | None = None
    """``total_at_least: {cost: Q}`` (コストの合計がQ以上になるように選び): a choice whose chosen objects'
    costs (or powers) must add up to at least Q — none is chosen when all the candidates fall short."""
    extreme: tuple[str, str] | None = None
    """``least: power`` / ``most: power`` (``("least", "power")``): of the matching objects, only those
    whose power (or cost) is the smallest / largest (パワーが一番小さい; a tie keeps them all)."""


SELF = Selector("self")
EVENT_SUBJECT = Selector("event_subject")
ATTACHED = Selector("attached")
"""``attached``: the creature this card is attached to — an aura's creature (これを付けたクリーチャー, 310), a
weapon's (これを装備したクリーチャー, 305), a cross gear's (これをクロスしたクリーチャー, 303)."""
ANYTHING = Selector("any")
"""A pattern's ``subject: any``."""


@dataclass(frozen=True, slots=True)
class SourceFilter:
    """Who or what caused an event (a pattern's ``by``): whose effect, what kind of source, which card."""

    player: str | None = None
    kind: str | None = None
    card: Selector | None = None


@dataclass(frozen=True, slots=True)
class Pattern:
    """An event pattern (docs/cards.md, "Patterns"): shared by triggers ("〜た時", matched against what
    happened) and replacements ("〜る時", matched against the event about to happen)."""

    event: str
    subject: Selector = SELF
    from_zones: tuple[str, ...] = ()
    to_zones: tuple[str, ...] = ()
    not_from: tuple[str, ...] = ()
    how: tuple[str, ...] = ()
    """Any of these ways (``how: [summoned, cast]``)."""
    not_how: str | None = None
    by: tuple[SourceFilter, ...] = ()
    player: str | None = None
    target: str | None = None
    to_at_most: Quantity | None = None
    reason: str | None = None
    keyword: str | None = None
    """``keyword_used``: the keyword whose ability was used (ニンジャ・ストライク)."""
    ability_word: str | None = None
    """``ability_used``: the ability word (能力語) of the ability that was used (「ファイナル革命」)."""
    used_from: tuple[str, ...] = ()
    """…から唱えた: the card was used from one of these zones (its use, its entering, a spell's going on
    from ``pending``: 「マナゾーンから唱えた後、墓地に置くかわりに…」)."""
    on_own: str | None = None
    """``triggers``: the ability triggered on its own object's event of this name (出て、その能力が
    トリガーする)."""
    first_this_turn: bool = False
    """各ターンはじめて…した時: only the first event this turn that matches the rest of the pattern."""
    broken_by: tuple[SourceFilter, ...] = ()
    """…によってブレイクされたシールドの: the card the event is about was last broken as a shield this turn by
    a source one of these describes (read from the game's record: its newest break this turn)."""
    declared: bool = False
    """A declared ability (使用宣言, 113.6): ``broken`` — this shield card's, declared as it goes to the
    hand (S・トリガー, G・ストライク); ``discarded`` — this hand card's, declared by discarding the broken
    shield card the subject describes (S・バック, 509.5c). It triggers only when declared."""
    face_up: bool | None = None
    """表向きで…置かれた時 / 裏向きで: the object is face up (face down) where the event put it."""
    sideways: bool | None = None
    """横向きのカードが…離れた時: the object was sideways where the event took it from (sideways.py)."""
    count: Quantity | None = None
    """``cards_became``: the number of cards the object is made of became this (…枚になった時)."""
    once_per_batch: bool = False
    """A trigger's: one trigger for all the events of one batch it matches (603.2b: one action that
    discards two cards is one 「カードを捨てた時」); ``{batch: events | cards}`` counts them."""
    during_turn: str | None = None
    """自分のターン中に / 相手のターン中に…時 (``you`` / ``opponent``, the ability's controller's side): the
    event happens during that player's turn — part of the trigger condition (603.1), so during the other
    player's turn the ability does not trigger at all."""
    alternatives: tuple[Pattern, ...] = ()
    """``any_of`` (「〜た時、または〜た時」): the pattern matches what any of these matches (``event`` is
    ``any_of``); one ability, so its 各ターンに一度 is shared by all of them."""


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition on the game state: ``kind`` with its ``value`` (``turn: opponent``, …); the
    language-2 forms carry their parts: ``all``/``any``/``not`` (``parts``), comparisons
    (``quantities``), ``exists``/``none``/``attacking``/… (``selector``), ``happened`` (``pattern``)."""

    kind: str
    value: Any = True
    parts: tuple[Condition, ...] = ()
    quantities: tuple[Quantity, ...] = ()
    selector: Selector | None = None
    pattern: Pattern | None = None


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
    pattern: Pattern | None = None
    """Language 2: the event pattern of a trigger or replacement (``name`` is then ``pattern``)."""
    to: Selector | None = None
    """Language 2: what a static applies to (``None``: this card's object)."""
    once_per_turn: bool = False
    kind_rule: str = ""
    """The rule a keyword's expansion stands for when the keyword defines a kind of creature (813.1: a スター
    進化クリーチャー *is* a creature whose top card alone leaves): set by the keyword table, never by a card
    file. Such an ability is not stopped by an effect that ignores the creature's abilities (公式Q&A
    2021-06-25: the スター進化 「離れる時」 replacement applies while its abilities are ignored)."""
    written: Any = field(default=None, compare=False, hash=False, repr=False)
    """The ability as the card file writes it (what ``cards show`` prints beside the printed text)."""


# 316.1: element card types besides creatures, タマシード, Artifacts and fields (Face.is_element_card_type)
_OTHER_ELEMENT_TYPES = frozenset(
    {"cross_gear", "dragheart_weapon", "dragheart_fortress", "aura", "forbidden_pulse"}
)


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
    hyper: Face | None = None
    """ハイパーモード (816): the hyper mode's power, text and abilities (printed below the normal ones)."""
    soul_x: tuple[AbilitySpec, ...] = ()
    """超魂X (818): the abilities printed as 超魂X — among ``abilities`` too (818.1a); a creature this card is
    under has them (818.1b)."""

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
            "dragheart_super_creature",
            "gr_creature",
            "exile_creature",
            "forbidden_creature",
            "final_forbidden_creature",
            "zero_dragon_creature",
            "king_creature",
        )

    @property
    def is_tamaseed(self) -> bool:
        return self.type in ("tamaseed", "tamaseed_creature")

    @property
    def is_element(self) -> bool:
        """316: a card that is put face up into the battle zone (creature, tamaseed or Artifact, 312.2)."""
        return self.is_creature or self.is_tamaseed or self.type == "artifact"

    @property
    def is_element_card_type(self) -> bool:
        """316.1: a card type put face up into the battle zone, which an effect naming エレメント chooses —
        creatures, タマシード and Artifacts (``is_element``), and also cross gears, weapons, fortresses,
        fields, auras and 鼓動 (the card types the 公式Q&A of 2023-04 lists as elements; ruling 201). Spells,
        castles and cores are not (316.2). ``is_element`` stays the narrower "used like a タマシード / exists
        alone as a non-creature" that play.py and objects.py read."""
        return self.is_element or self.is_field or self.type in _OTHER_ELEMENT_TYPES

    @property
    def is_evolution(self) -> bool:
        return self.type == "evolution_creature"

    @property
    def is_field(self) -> bool:
        """フィールド (308): a D2 field, a side of a WD field (819) and a 最終禁断フィールド (308.4) too."""
        return self.type in ("field", "d2_field", "wd_field", "final_forbidden_field")


@dataclass(frozen=True, slots=True)
class CardDefinition:
    """A printed card: its faces, where it was defined, and whether its text was reconstructed."""

    name: str
    faces: tuple[Face, ...]
    english: str | None = None
    set: str | None = None
    rarity: str | None = None
    number: str | None = None
    """The collector number as printed (``36/110``)."""
    text_language: str = "ja"
    """``ja``: the Japanese printed text; ``en``: the English edition's printed text (a card of the
    English-era sets whose Japanese text the project has not checked)."""
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
