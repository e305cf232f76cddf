"""Monster Collection card definitions: frozen values, and the loader that validates card YAML.

A card file is a YAML list of cards (``docs/monster_collection.md`` describes every field)::

    - number: MA1-127
      name: クリティカル
      types: [戦闘スペル]
      timing: [対抗]
      text: 対象:ユニット1体 対象はすべての耐性:xを失い、…
      text_status: quoted-from-ruling
      use:
        target: unit
        steps:
          - lose_resistances: damage_attributes
          - grant:
              - {replace: damage, min_amount: 1, instead: death, source: event}

Errors name ``file:line: field: message`` like the Duel Masters card loader.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...cards.fields import CardFileReader
from ...cards.yamlsource import Located, Path_, read_cards
from ...kernel import DefinitionError

CARDS_DIR = Path(__file__).parent / "cards"

UNIT = "ユニット"
ALL_ATTRIBUTES = "すべてのダメージ属性"
"""耐性:すべてのダメージ属性 — resistance to every damage attribute (example 4)."""
DAMAGE_ATTRIBUTES = ("火炎", "冷気", "電撃", "物理", "混沌", "浄化")
"""The attributes a 任意のダメージ属性1つ choice offers. 火炎, 混沌 and 浄化 are named by the seed; the others
are the usual ones and are not checked against the rules text (not available)."""
TEXT_STATUSES = ("printed", "quoted-from-ruling", "reconstructed-from-ruling", "invented-for-scenario")
SUBSTITUTES = ("death", "discard", "increase", "recover")
SUBSTITUTE_SOURCES = ("self", "event")
TARGETS = ("unit",)


@dataclass(frozen=True, slots=True)
class ReplaceSpec:
    """A replacement effect: "x:1以上のダメージが適用される場合、代わりに…" (10.8).

    ``watch`` is the event kind it replaces; ``subject``: ``target`` (the unit the effect was applied to),
    ``self`` (the unit that has the ability) or ``any``; ``attribute`` ``None`` for every attribute;
    ``source_types`` types the event's source card must all have; ``used_by_self`` the event must come
    from something the host unit used (ダムロ's 徹甲コーティング); ``instead`` the substitute; ``source``
    whose source the substitute has: ``self`` (4.8: the card whose effect makes it) or ``event`` (the
    replaced event's source, e.g. クリティカル's erratum "ダメージを発生させたカードの効果で").
    """

    watch: str
    instead: str
    subject: str = "target"
    min_amount: int = 0
    attribute: str | None = None
    source_types: tuple[str, ...] = ()
    used_by_self: bool = False
    amount: int = 0
    source: str = "self"
    label: str = ""


@dataclass(frozen=True, slots=True)
class Damage:
    """Deal ``attribute:amount`` damage to the target; ``attribute`` ``"choose"`` is 任意のダメージ属性1つ,
    ``dice`` the number of six-sided dice rolled and added (混沌:1D)."""

    attribute: str
    amount: int = 0
    dice: int = 0


@dataclass(frozen=True, slots=True)
class LoseResistances:
    """対象はすべての耐性:xを失う (x: every damage attribute)."""

    which: str = "damage_attributes"


@dataclass(frozen=True, slots=True)
class Grant:
    """Apply continuous replacement effects to the target (as long as it stays where it is)."""

    replacements: tuple[ReplaceSpec, ...]


@dataclass(frozen=True, slots=True)
class After:
    """ "効果適用後、…": runs only when the effect was applied (4.1.15); ``n`` the damage this effect
    actually dealt to its target. ``text`` is what the card says here (elided in the seed: ``~``)."""

    value: str = "damage_dealt"
    text: str = "~"


Step = Damage | LoseResistances | Grant | After


@dataclass(frozen=True, slots=True)
class UseSpec:
    """What using a card (or a unit's ability) does: a target and steps, in order."""

    target: str
    steps: tuple[Step, ...]
    name: str | None = None
    """The ability's name for a unit's ability (採魂の一撃); ``None`` for the card itself."""


@dataclass(frozen=True, slots=True)
class Erratum:
    """The text before an erratum, kept so that both versions can be played (example 6, 8)."""

    text: str
    use: UseSpec | None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Weakness:
    """弱点:x — damage of attribute x is increased by ``amount`` instead (supplement 2)."""

    attribute: str
    amount: int


@dataclass(frozen=True, slots=True)
class CardDef:
    number: str
    name: str
    types: tuple[str, ...]
    text: str
    text_status: str
    english: str | None = None
    timing: tuple[str, ...] = ()
    hp: int | None = None
    resistances: tuple[str, ...] = ()
    weaknesses: tuple[Weakness, ...] = ()
    use: UseSpec | None = None
    abilities: tuple[UseSpec, ...] = ()
    statics: tuple[ReplaceSpec, ...] = ()
    erratum: Erratum | None = None
    notes: str = ""
    file: str = ""
    line: int = 0

    @property
    def is_unit(self) -> bool:
        return UNIT in self.types

    @property
    def is_counter(self) -> bool:
        """[対抗]: may be used in response to another card's use."""
        return "対抗" in self.timing

    def use_for(self, version: str) -> UseSpec | None:
        """The card's use, as printed now (``erratum``) or before its erratum (``original``)."""
        if version == "original" and self.erratum is not None:
            return self.erratum.use
        return self.use


_CARD_KEYS = {
    "number",
    "name",
    "english",
    "types",
    "timing",
    "text",
    "text_status",
    "hp",
    "resistances",
    "weaknesses",
    "use",
    "abilities",
    "statics",
    "erratum",
    "notes",
}
_REPLACE_KEYS = {
    "replace",
    "instead",
    "subject",
    "min_amount",
    "attribute",
    "source_types",
    "used_by_self",
    "amount",
    "source",
    "label",
}
_STEP_FORMS = ("damage", "lose_resistances", "grant", "after")


class _Reader(CardFileReader[CardDef]):
    # -- cards

    def card(self, entry: Any, path: Path_) -> CardDef:
        entry = self.mapping(entry, path, _CARD_KEYS, "a card")
        for key in ("number", "name", "types", "text", "text_status"):
            if key not in entry:
                raise self.fail(path, f"a card needs {key!r}")
        types = self.texts(entry["types"], (*path, "types"))
        hp = self.integer(entry["hp"], (*path, "hp"), 1) if "hp" in entry else None
        if (UNIT in types) != (hp is not None):
            raise self.fail(path, "a ユニット needs 'hp', and only a ユニット has one")
        get = entry.get
        return CardDef(
            number=self.text(entry["number"], (*path, "number")),
            name=self.text(entry["name"], (*path, "name")),
            types=types,
            text=self.text(entry["text"], (*path, "text")),
            text_status=self.choice(entry["text_status"], TEXT_STATUSES, (*path, "text_status"), "status"),
            english=get("english"),
            timing=self.texts(get("timing", []), (*path, "timing")),
            hp=hp,
            resistances=self.texts(get("resistances", []), (*path, "resistances")),
            weaknesses=self.weaknesses(get("weaknesses", []), (*path, "weaknesses")),
            use=self.use(entry["use"], (*path, "use")) if "use" in entry else None,
            abilities=tuple(
                self.use(a, (*path, "abilities", i), named=True)
                for i, a in enumerate(self.items(get("abilities", []), (*path, "abilities")))
            ),
            statics=tuple(
                self.replacement(s, (*path, "statics", i), static=True)
                for i, s in enumerate(self.items(get("statics", []), (*path, "statics")))
            ),
            erratum=self.erratum(entry["erratum"], (*path, "erratum")) if "erratum" in entry else None,
            notes=str(get("notes", "")).strip(),
            file=self.src.file,
            line=self.src.line(path),
        )

    def weaknesses(self, value: Any, path: Path_) -> tuple[Weakness, ...]:
        out = []
        for i, item in enumerate(self.items(value, path)):
            p = (*path, i)
            item = self.mapping(item, p, {"attribute", "amount"}, "a 弱点")
            if "attribute" not in item or "amount" not in item:
                raise self.fail(p, "a 弱点 is {attribute: X, amount: N}")
            out.append(
                Weakness(self.text(item["attribute"], (*p, "attribute")), self.integer(item["amount"], p, 1))
            )
        return tuple(out)

    def erratum(self, value: Any, path: Path_) -> Erratum:
        value = self.mapping(value, path, {"text", "use", "note"}, "an erratum")
        if "text" not in value:
            raise self.fail(path, "an erratum needs the 'text' before it")
        use = self.use(value["use"], (*path, "use")) if "use" in value else None
        return Erratum(self.text(value["text"], (*path, "text")), use, str(value.get("note", "")).strip())

    # -- uses and steps

    def use(self, value: Any, path: Path_, *, named: bool = False) -> UseSpec:
        allowed = {"target", "steps"} | ({"name"} if named else set())
        value = self.mapping(value, path, allowed, "a use")
        if named and "name" not in value:
            raise self.fail(path, "a unit's ability needs its 'name'")
        steps = tuple(
            self.step(s, (*path, "steps", i))
            for i, s in enumerate(self.items(value.get("steps"), (*path, "steps")))
        )
        return UseSpec(
            target=self.choice(value.get("target"), TARGETS, (*path, "target"), "target"),
            steps=steps,
            name=self.text(value["name"], (*path, "name")) if named else None,
        )

    def step(self, value: Any, path: Path_) -> Step:
        if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in _STEP_FORMS:
            raise self.fail(path, f"a step is a mapping with one of {', '.join(_STEP_FORMS)}")
        form, arg = next(iter(value.items()))
        p = (*path, form)
        if form == "damage":
            arg = self.mapping(arg, p, {"attribute", "amount", "dice"}, "damage")
            if "attribute" not in arg:
                raise self.fail(p, "damage needs an 'attribute' (or 'choose' for 任意のダメージ属性1つ)")
            return Damage(
                self.text(arg["attribute"], (*p, "attribute")),
                self.integer(arg.get("amount", 0), (*p, "amount"), 0),
                self.integer(arg.get("dice", 0), (*p, "dice"), 0),
            )
        if form == "lose_resistances":
            return LoseResistances(self.choice(arg, ("damage_attributes",), p, "lose_resistances"))
        if form == "grant":
            items = self.items(arg, p)
            return Grant(tuple(self.replacement(r, (*p, i)) for i, r in enumerate(items)))
        arg = self.mapping(arg, p, {"value", "text"}, "after")
        return After(
            self.choice(arg.get("value", "damage_dealt"), ("damage_dealt",), (*p, "value"), "value"),
            self.text(arg.get("text", "~"), (*p, "text")),
        )

    def replacement(self, value: Any, path: Path_, *, static: bool = False) -> ReplaceSpec:
        value = self.mapping(value, path, _REPLACE_KEYS, "a replacement")
        for key in ("replace", "instead"):
            if key not in value:
                raise self.fail(path, f"a replacement needs {key!r}")
        subjects = ("self", "any") if static else ("target", "any")
        get = value.get
        return ReplaceSpec(
            watch=self.choice(value["replace"], ("damage", "death"), (*path, "replace"), "event"),
            instead=self.choice(value["instead"], SUBSTITUTES, (*path, "instead"), "substitute"),
            subject=self.choice(get("subject", subjects[0]), subjects, (*path, "subject"), "subject"),
            min_amount=self.integer(get("min_amount", 0), (*path, "min_amount"), 0),
            attribute=self.text(value["attribute"], (*path, "attribute")) if "attribute" in value else None,
            source_types=self.texts(get("source_types", []), (*path, "source_types")),
            used_by_self=self.boolean(get("used_by_self", False), (*path, "used_by_self")),
            amount=self.integer(get("amount", 0), (*path, "amount"), 0),
            source=self.choice(get("source", "self"), SUBSTITUTE_SOURCES, (*path, "source"), "source"),
            label=str(get("label", "")),
        )


def load_data(src: Located) -> list[CardDef]:
    """Validate parsed card YAML (a card file, or a scenario's inline ``cards:``)."""
    return _Reader(src).cards()


def load_file(path: str | Path) -> list[CardDef]:
    """One card file."""
    return load_data(read_cards(path, "monster_collection"))


def load_dir(directory: str | Path) -> dict[str, CardDef]:
    """Every ``*.yaml`` under ``directory``, by name; a name defined twice is an error naming both."""
    catalog: dict[str, CardDef] = {}
    for path in sorted(Path(directory).glob("*.yaml")):
        for card in load_file(path):
            if card.name in catalog:
                first = catalog[card.name]
                raise DefinitionError(
                    f"{card.file}:{card.line}: name: card {card.name!r} is already defined "
                    f"at {first.file}:{first.line}"
                )
            catalog[card.name] = card
    return catalog


@lru_cache(maxsize=1)
def standard_catalog() -> dict[str, CardDef]:
    """The module's card files."""
    return load_dir(CARDS_DIR)
