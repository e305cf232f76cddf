"""Load and validate Magic card files. Every error names file:line, the field and what was expected."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...cards.fields import CardFileReader
from ...cards.yamlsource import Located, Path_, read_cards
from ...kernel.errors import DefinitionError
from .schema import CARD_TYPES, AbilityDef, CardDef, Instr, SpellDef, TargetSpec

_CARD_KEYS = {
    "name",
    "cost",
    "types",
    "supertypes",
    "subtypes",
    "power",
    "toughness",
    "keywords",
    "text",
    "abilities",
    "spell",
    "kicker",
    "enchant",
    "unimplemented",
}
_FORMS: dict[str, set[str]] = {
    "activated": {"activated", "timing", "targets", "effect"},
    "trigger": {"trigger", "who", "targets", "effect"},
    "replace": {"replace", "who", "what", "condition", "instead"},
    "static": {"static", "who", "affects", "power", "toughness", "keyword"},
}
COSTS = ("tap", "sacrifice")
TIMINGS = ("any", "your_upkeep")
TRIGGER_EVENTS = ("gain_life", "enters")
REPLACE_EVENTS = ("gain_life", "damage", "to_graveyard")
STATICS = ("cant_gain_life", "pt_bonus", "grant_keyword")
WHO = ("you", "opponent", "any", "players", "opponents")
TARGETS = ("creature", "permanent", "player", "opponent", "any")
INSTEAD_KEYS = {"multiply", "set_amount", "to", "shuffle"}
ZONES = ("library", "hand", "graveyard", "exile", "battlefield")
PLAYER_REFS = ("you",)


class _Reader(CardFileReader[CardDef]):
    # -- scalars

    def card_text(self, value: Any, path: Path_) -> str:
        if not isinstance(value, str):
            raise self.fail(
                path, f"expected the Oracle text as a string (empty for a vanilla card), got {value!r}"
            )
        return value.strip()

    def ref(self, value: Any, path: Path_, *, players: bool = False) -> str:
        """``self``, ``you`` or a target ``t1``…``t9``."""
        ok = value in (("self", "you") if players else ("self",)) or (
            isinstance(value, str) and len(value) == 2 and value[0] == "t" and value[1] in "123456789"
        )
        if players and value == "self":
            ok = False
        if not ok:
            raise self.fail(
                path, f"expected {'you or ' if players else 'self or '}a target t1…t9, got {value!r}"
            )
        return str(value)

    # -- cards

    def card(self, entry: Any, path: Path_) -> CardDef:
        entry = self.mapping(entry, path, _CARD_KEYS, "a card")
        for key in ("name", "types", "text"):
            if key not in entry:
                raise self.fail(path, f"missing field {key!r}")
        types = self.texts(entry["types"], (*path, "types"), CARD_TYPES, "card type")
        power = toughness = None
        if "creature" in types:
            for key in ("power", "toughness"):
                if key not in entry:
                    raise self.fail(path, f"a creature needs {key!r}")
            power = self.integer(entry["power"], (*path, "power"))
            toughness = self.integer(entry["toughness"], (*path, "toughness"))
        abilities = entry.get("abilities", [])
        if not isinstance(abilities, list):
            raise self.fail((*path, "abilities"), "expected a list of abilities")
        spell = self.spell(entry["spell"], (*path, "spell")) if "spell" in entry else None
        if spell is not None and not {"instant", "sorcery"} & set(types):
            raise self.fail((*path, "spell"), "only an instant or sorcery has a 'spell:' effect")
        return CardDef(
            name=self.text(entry["name"], (*path, "name")),
            types=types,
            text=self.card_text(entry["text"], (*path, "text")),
            cost=self.text(entry["cost"], (*path, "cost")) if "cost" in entry else None,
            supertypes=self.texts(entry.get("supertypes", []), (*path, "supertypes")),
            subtypes=self.texts(entry.get("subtypes", []), (*path, "subtypes")),
            power=power,
            toughness=toughness,
            keywords=self.texts(entry.get("keywords", []), (*path, "keywords")),
            abilities=tuple(self.ability(a, (*path, "abilities", i), i) for i, a in enumerate(abilities)),
            spell=spell,
            kicker=self.text(entry["kicker"], (*path, "kicker")) if "kicker" in entry else None,
            enchant=self.choice(entry["enchant"], ("creature",), (*path, "enchant"), "enchant")
            if "enchant" in entry
            else None,
            unimplemented=self.texts(entry.get("unimplemented", []), (*path, "unimplemented")),
            file=self.src.file,
            line=self.src.line(path),
        )

    def spell(self, value: Any, path: Path_) -> SpellDef:
        value = self.mapping(value, path, {"targets", "effect", "self_replacements"}, "a spell effect")
        if "effect" not in value:
            raise self.fail(path, "a spell needs an 'effect' list")
        selfs = value.get("self_replacements", [])
        if not isinstance(selfs, list):
            raise self.fail((*path, "self_replacements"), "expected a list of replace: abilities")
        return SpellDef(
            targets=self.targets(value.get("targets", []), (*path, "targets")),
            effect=self.effect(value["effect"], (*path, "effect")),
            self_replacements=tuple(
                self.ability(a, (*path, "self_replacements", i), i, forms=("replace",))
                for i, a in enumerate(selfs)
            ),
        )

    # -- abilities

    def ability(
        self, entry: Any, path: Path_, index: int, forms: Iterable[str] = tuple(_FORMS)
    ) -> AbilityDef:
        forms = tuple(forms)
        if not isinstance(entry, dict) or not entry or next(iter(entry)) not in forms:
            raise self.fail(path, f"expected an ability mapping starting with one of {', '.join(forms)}")
        form = next(iter(entry))
        entry = self.mapping(entry, path, _FORMS[form], f"a {form} ability")
        return getattr(self, f"_{form}")(entry, path, index)  # type: ignore[no-any-return]  # the form readers

    def _activated(self, entry: dict[str, Any], path: Path_, index: int) -> AbilityDef:
        cost = self.texts(entry["activated"], (*path, "activated"), COSTS, "cost")
        timing = self.choice(entry.get("timing", "any"), TIMINGS, (*path, "timing"), "timing")
        return AbilityDef(
            "activated",
            "activate",
            MappingProxyType({"timing": timing}),
            self.targets(entry.get("targets", []), (*path, "targets")),
            self.effect(entry.get("effect"), (*path, "effect")),
            cost,
            index,
        )

    def _trigger(self, entry: dict[str, Any], path: Path_, index: int) -> AbilityDef:
        event = self.choice(entry["trigger"], TRIGGER_EVENTS, (*path, "trigger"), "trigger event")
        who = self.choice(entry.get("who", "any"), WHO, (*path, "who"), "player")
        return AbilityDef(
            "trigger",
            event,
            MappingProxyType({"who": who}),
            self.targets(entry.get("targets", []), (*path, "targets")),
            self.effect(entry.get("effect"), (*path, "effect")),
            index=index,
        )

    def _replace(self, entry: dict[str, Any], path: Path_, index: int) -> AbilityDef:
        event = self.choice(entry["replace"], REPLACE_EVENTS, (*path, "replace"), "replaced event")
        if "instead" not in entry:
            raise self.fail(path, "a replacement needs 'instead'")
        instead = self.mapping(entry["instead"], (*path, "instead"), INSTEAD_KEYS, "instead")
        opts: dict[str, Any] = {"instead": MappingProxyType(self.instead(event, instead, (*path, "instead")))}
        opts["who"] = self.choice(entry.get("who", "any"), WHO, (*path, "who"), "player")
        opts["what"] = self.choice(
            entry.get("what", "card"), ("self", "card", "opponents_card"), (*path, "what"), "what"
        )
        if "condition" in entry:
            opts["condition"] = self.choice(
                entry["condition"], ("kicked",), (*path, "condition"), "condition"
            )
        return AbilityDef("replace", event, MappingProxyType(opts), index=index)

    def instead(self, event: str, value: dict[str, Any], path: Path_) -> dict[str, Any]:
        amounts = event in ("gain_life", "damage")
        for key in value:
            if (key in ("multiply", "set_amount")) != amounts:
                raise self.fail((*path, key), f"{key!r} does not fit a {event} replacement")
            if key in ("multiply", "set_amount"):
                self.integer(value[key], (*path, key))
        if "to" in value:
            self.choice(value["to"], ("exile", "library"), (*path, "to"), "zone")
        if "shuffle" in value and not isinstance(value["shuffle"], bool):
            raise self.fail((*path, "shuffle"), "expected true or false")
        if not value:
            raise self.fail(path, "say what happens instead")
        return dict(value)

    def _static(self, entry: dict[str, Any], path: Path_, index: int) -> AbilityDef:
        kind = self.choice(entry["static"], STATICS, (*path, "static"), "static ability")
        opts: dict[str, Any] = {
            "who": self.choice(entry.get("who", "players"), WHO, (*path, "who"), "player")
        }
        if kind in ("pt_bonus", "grant_keyword"):
            opts["affects"] = self.choice(
                entry.get("affects"), ("enchanted",), (*path, "affects"), "affected object"
            )
        if kind == "pt_bonus":
            opts["power"] = self.integer(entry.get("power", 0), (*path, "power"))
            opts["toughness"] = self.integer(entry.get("toughness", 0), (*path, "toughness"))
        if kind == "grant_keyword":
            opts["keyword"] = self.text(entry.get("keyword"), (*path, "keyword"))
        return AbilityDef("static", kind, MappingProxyType(opts), index=index)

    def targets(self, value: Any, path: Path_) -> tuple[TargetSpec, ...]:
        if not isinstance(value, list):
            raise self.fail(path, "expected a list of targets")
        out = []
        for i, item in enumerate(value):
            item = self.mapping(item, (*path, i), {"what", "shares_type_with"}, "a target")
            what = self.choice(item.get("what"), TARGETS, (*path, i, "what"), "target kind")
            share = None
            if "shares_type_with" in item:
                ref = self.ref(item["shares_type_with"], (*path, i, "shares_type_with"))
                share = int(ref[1]) - 1
                if ref == "self" or share >= i:
                    raise self.fail((*path, i, "shares_type_with"), "name an earlier target")
            out.append(TargetSpec(what, share))
        return tuple(out)

    # -- effects

    def effect(self, value: Any, path: Path_) -> tuple[Instr, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail(path, "expected a non-empty list of instructions")
        return tuple(self.instr(item, (*path, i)) for i, item in enumerate(value))

    def instr(self, item: Any, path: Path_) -> Instr:
        if not isinstance(item, dict) or len(item) != 1 or next(iter(item)) not in _INSTRS:
            raise self.fail(path, f"expected one instruction of {', '.join(sorted(_INSTRS))}, got {item!r}")
        op, arg = next(iter(item.items()))
        return Instr(op, _INSTRS[op](self, arg, (*path, op)))

    def pair(self, value: Any, path: Path_, *, players: bool = False) -> tuple[str, str]:
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(path, f"expected two things to exchange, got {value!r}")
        return (
            self.ref(value[0], (*path, 0), players=players),
            self.ref(value[1], (*path, 1), players=players),
        )

    def _damage(self, value: Any, path: Path_) -> Any:
        value = self.mapping(value, path, {"amount", "to"}, "damage")
        return MappingProxyType(
            {
                "amount": self.integer(value.get("amount"), (*path, "amount")),
                "to": self.ref(value.get("to"), (*path, "to")),
            }
        )

    def _life_toughness(self, value: Any, path: Path_) -> Any:
        value = self.mapping(value, path, {"player", "creature"}, "exchange_life_with_toughness")
        return MappingProxyType(
            {
                "player": self.ref(value.get("player"), (*path, "player"), players=True),
                "creature": self.ref(value.get("creature"), (*path, "creature")),
            }
        )

    def _zones(self, value: Any, path: Path_) -> Any:
        value = self.mapping(value, path, {"player", "zones"}, "exchange_zones")
        zones = self.texts(
            value.get("zones"), (*path, "zones"), ("library", "hand", "graveyard", "exile"), "zone"
        )
        if len(zones) != 2 or zones[0] == zones[1]:
            raise self.fail((*path, "zones"), "expected two different zones")
        return MappingProxyType(
            {"player": self.ref(value.get("player", "you"), (*path, "player"), players=True), "zones": zones}
        )

    def _text_boxes(self, value: Any, path: Path_) -> Any:
        value = self.mapping(value, path, {"targets", "duration"}, "exchange_text_boxes")
        duration = self.choice(
            value.get("duration", "indefinite"),
            ("indefinite", "while_source_on_battlefield"),
            (*path, "duration"),
            "duration",
        )
        return MappingProxyType(
            {"targets": self.pair(value.get("targets"), (*path, "targets")), "duration": duration}
        )

    def _with_hand(self, value: Any, path: Path_) -> Any:
        value = self.mapping(value, path, {"this", "subtype"}, "exchange_with_card_in_hand")
        return MappingProxyType(
            {
                "this": self.ref(value.get("this"), (*path, "this")),
                "subtype": self.text(value.get("subtype"), (*path, "subtype")),
            }
        )

    def _shuffle(self, value: Any, path: Path_) -> Any:
        value = self.mapping(value, path, {"player"}, "shuffle")
        return MappingProxyType(
            {"player": self.ref(value.get("player", "you"), (*path, "player"), players=True)}
        )

    def _counters(self, value: Any, path: Path_) -> Any:
        value = self.mapping(value, path, {"to", "kind", "amount"}, "counters")
        amount = value.get("amount")
        if amount != "event_amount":
            self.integer(amount, (*path, "amount"))
        kind = self.choice(value.get("kind"), ("+1/+1", "-1/-1"), (*path, "kind"), "counter kind")
        return MappingProxyType(
            {"to": self.ref(value.get("to"), (*path, "to")), "kind": kind, "amount": amount}
        )

    def _exile_graveyards(self, value: Any, path: Path_) -> Any:
        return self.choice(value, ("all",), path, "graveyards")


_INSTRS: dict[str, Callable[[_Reader, Any, Path_], Any]] = {
    "damage": _Reader._damage,
    "exchange_control": lambda r, v, p: r.pair(v, p),
    "exchange_life": lambda r, v, p: r.pair(v, p, players=True),
    "exchange_life_with_toughness": _Reader._life_toughness,
    "exchange_zones": _Reader._zones,
    "exchange_text_boxes": _Reader._text_boxes,
    "exchange_with_card_in_hand": _Reader._with_hand,
    "shuffle": _Reader._shuffle,
    "counters": _Reader._counters,
    "exile_graveyards": _Reader._exile_graveyards,
}


def load_data(located: Located) -> list[CardDef]:
    """Validate already-parsed YAML (a card file, or a scenario's inline ``cards:``)."""
    return _Reader(located).cards()


def load_file(path: str | Path) -> list[CardDef]:
    return load_data(read_cards(path, "magic"))


def load_dir(directory: str | Path) -> dict[str, CardDef]:
    """Every ``*.yaml`` under ``directory``, by name; a name defined twice is an error naming both places."""
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
