"""Load and validate Magic card files. Every error names file:line, the field and what was expected."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...cards.fields import CardFileReader
from ...cards.yamlsource import Located, Path_, read
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
    "colors",
    "unimplemented",
    "source",
    "loyalty",
}
_FORMS: dict[str, set[str]] = {
    "activated": {"activated", "timing", "targets", "effect", "loyalty"},
    "trigger": {"trigger", "who", "targets", "effect", "optional", "still_resolves"},
    "replace": {"replace", "who", "what", "condition", "instead"},
    "static": {"static", "who", "affects", "power", "toughness", "keyword"},
}
COSTS = ("tap", "sacrifice")
TIMINGS = ("any", "your_upkeep", "sorcery", "not_combat")
TRIGGER_EVENTS = ("gain_life", "lose_life", "enters", "untapped", "upkeep", "end_step", "cast")
REPLACE_EVENTS = ("gain_life", "damage", "to_graveyard")
STATICS = (
    "cant_gain_life",
    "cant_lose_life",
    "life_cant_change",
    "pt_bonus",
    "grant_keyword",
    "pt_equals_life",
)
COLOR_NAMES = ("white", "blue", "black", "red", "green")
WHO = ("you", "opponent", "any", "players", "opponents")
TARGETS = ("creature", "permanent", "player", "opponent", "any", "spell", "card")
INSTEAD_KEYS = {"multiply", "set_amount", "to", "shuffle", "lose"}
_TARGET_KEYS = {
    "what",
    "shares_type_with",
    "shared_types",
    "types",
    "not_types",
    "supertypes",
    "not_supertypes",
    "subtypes",
    "colors",
    "not_colors",
    "controller",
    "owner",
    "another",
    "zone",
    "power_at_most",
    "power_max",
    "mana_value_at_most",
    "optional",
    "text",
}
WHOSE = ("you", "opponent", "not_you")
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
        """``self``, ``you``, ``that`` (the object of the event that triggered the ability) or a target
        ``t1``…``t9``."""
        ok = value in (("self", "you") if players else ("self", "that")) or (
            isinstance(value, str) and len(value) == 2 and value[0] == "t" and value[1] in "123456789"
        )
        if players and value == "self":
            ok = False
        if not ok:
            raise self.fail(
                path,
                f"expected {'you or ' if players else 'self or '}a target t1…t9, got {value!r}"
                + ("" if players else " (or that: the object of the triggering event)"),
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
            # "*": defined by a characteristic-defining ability (604.3, layer 7a)
            power = None if entry["power"] == "*" else self.integer(entry["power"], (*path, "power"))
            toughness = (
                None if entry["toughness"] == "*" else self.integer(entry["toughness"], (*path, "toughness"))
            )
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
            loyalty=self.integer(entry["loyalty"], (*path, "loyalty"), 0) if "loyalty" in entry else None,
            colors=self.texts(entry["colors"], (*path, "colors"), COLOR_NAMES, "colour")
            if "colors" in entry
            else None,
            source=self.text(entry["source"], (*path, "source")) if "source" in entry else "",
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
        opts: dict[str, Any] = {"timing": timing}
        if "loyalty" in entry:  # 606: a loyalty ability — its cost adds or removes loyalty counters
            opts["loyalty"] = self.integer(entry["loyalty"], (*path, "loyalty"))
            opts["timing"] = "sorcery"
        return AbilityDef(
            "activated",
            "activate",
            MappingProxyType(opts),
            self.targets(entry.get("targets", []), (*path, "targets")),
            self.effect(entry.get("effect"), (*path, "effect")),
            cost,
            index,
        )

    def _trigger(self, entry: dict[str, Any], path: Path_, index: int) -> AbilityDef:
        event = self.choice(entry["trigger"], TRIGGER_EVENTS, (*path, "trigger"), "trigger event")
        who = self.choice(entry.get("who", "any"), WHO, (*path, "who"), "player")
        flags = {}
        for key in ("optional", "still_resolves"):
            flags[key] = entry.get(key, False)
            if not isinstance(flags[key], bool):
                raise self.fail((*path, key), "expected true or false")
        return AbilityDef(
            "trigger",
            event,
            MappingProxyType({"who": who, **flags}),
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
        if "lose" in value and (event != "gain_life" or value["lose"] is not True):
            raise self.fail((*path, "lose"), "'lose: true' replaces a gain of life with a loss")
        for key in value:
            if key == "lose":
                continue
            if (key in ("multiply", "set_amount")) != amounts:
                raise self.fail((*path, key), f"{key!r} does not fit a {event} replacement")
            if key in ("multiply", "set_amount"):
                self.integer(value[key], (*path, key))
        if "to" in value:
            if amounts:
                raise self.fail((*path, "to"), f"'to' does not fit a {event} replacement")
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
            item = self.mapping(item, (*path, i), _TARGET_KEYS, "a target")
            where = (*path, i)
            what = self.choice(item.get("what"), TARGETS, (*where, "what"), "target kind")
            related: dict[str, int | None] = {}
            for key in ("shares_type_with", "power_at_most", "mana_value_at_most"):
                related[key] = None
                if key in item:
                    ref = self.ref(item[key], (*where, key))
                    index = int(ref[1]) - 1
                    if ref == "self" or index >= i:
                        raise self.fail((*where, key), "name an earlier target")
                    related[key] = index
            flags = {}
            for key in ("another", "optional"):
                flag = item.get(key, False)
                if not isinstance(flag, bool):
                    raise self.fail((*where, key), "expected true or false")
                flags[key] = flag
            whose = {
                key: self.choice(item[key], WHOSE, (*where, key), key) if key in item else None
                for key in ("controller", "owner")
            }
            zone = self.choice(item["zone"], ZONES, (*where, "zone"), "zone") if "zone" in item else None
            if what == "card" and zone is None:
                raise self.fail(where, "a card target names its zone (zone: graveyard)")
            out.append(
                TargetSpec(
                    what,
                    related["shares_type_with"],
                    types=self.texts(item.get("types", []), (*where, "types"), CARD_TYPES, "card type"),
                    not_types=self.texts(
                        item.get("not_types", []), (*where, "not_types"), CARD_TYPES, "card type"
                    ),
                    supertypes=self.texts(item.get("supertypes", []), (*where, "supertypes")),
                    not_supertypes=self.texts(item.get("not_supertypes", []), (*where, "not_supertypes")),
                    subtypes=self.texts(item.get("subtypes", []), (*where, "subtypes")),
                    colors=self.texts(item.get("colors", []), (*where, "colors"), COLOR_NAMES, "colour"),
                    not_colors=self.texts(
                        item.get("not_colors", []), (*where, "not_colors"), COLOR_NAMES, "colour"
                    ),
                    controller=whose["controller"],
                    owner=whose["owner"],
                    another=flags["another"],
                    zone=zone,
                    power_at_most=related["power_at_most"],
                    power_max=self.integer(item["power_max"], (*where, "power_max"))
                    if "power_max" in item
                    else None,
                    mana_value_at_most=related["mana_value_at_most"],
                    optional=flags["optional"],
                    text=self.text(item["text"], (*where, "text")) if "text" in item else "",
                    shared_types=self.texts(
                        item.get("shared_types", []), (*where, "shared_types"), CARD_TYPES, "card type"
                    ),
                )
            )
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
        kind = self.text(value.get("kind"), (*path, "kind"))
        return MappingProxyType(
            {"to": self.ref(value.get("to"), (*path, "to")), "kind": kind, "amount": amount}
        )

    def list_of(self, value: Any, path: Path_) -> list[Any]:
        if not isinstance(value, list) or not value:
            raise self.fail(path, "expected a non-empty list")
        return value

    def _exchange_control(self, value: Any, path: Path_) -> Any:
        if isinstance(value, list):
            return self.pair(value, path)
        value = self.mapping(value, path, {"targets", "then", "otherwise", "duration"}, "exchange_control")
        out: dict[str, Any] = {"targets": self.pair(value.get("targets"), (*path, "targets"))}
        for key in ("then", "otherwise"):
            if key in value:
                out[key] = self.effect(value[key], (*path, key))
        out["duration"] = self.choice(
            value.get("duration", "indefinite"),
            ("indefinite", "end_of_turn"),
            (*path, "duration"),
            "duration",
        )
        return MappingProxyType(out)

    def _exchange_life(self, value: Any, path: Path_) -> Any:
        if isinstance(value, list):
            return self.pair(value, path, players=True)
        value = self.mapping(value, path, {"players", "max_difference"}, "exchange_life")
        out: dict[str, Any] = {"players": self.pair(value.get("players"), (*path, "players"), players=True)}
        if "max_difference" in value:
            out["max_difference"] = self.integer(value["max_difference"], (*path, "max_difference"))
        return MappingProxyType(out)

    def _exchange_highest(self, value: Any, path: Path_) -> Any:
        value = self.mapping(value, path, {"players", "types"}, "exchange_highest")
        return MappingProxyType(
            {
                "players": self.pair(value.get("players"), (*path, "players"), players=True),
                "types": self.texts(value.get("types"), (*path, "types"), CARD_TYPES, "card type"),
            }
        )

    def _player_amount(self, value: Any, path: Path_, what: str) -> Any:
        value = self.mapping(value, path, {"player", "amount"}, what)
        return MappingProxyType(
            {
                "player": self.ref(value.get("player", "you"), (*path, "player"), players=True),
                "amount": self.integer(value.get("amount", 1), (*path, "amount")),
            }
        )

    def _continuous(self, value: Any, path: Path_, what: str) -> Any:
        keys = {"target", "duration"}
        keys |= {
            "gain_control": {"player"},
            "add_types": {"add"},
            "grant": {"add"},
            "set_pt": {"power", "toughness"},
            "pump": {"power", "toughness"},
            "switch_pt": set(),
        }[what]
        value = self.mapping(value, path, keys, what)
        out: dict[str, Any] = {
            "target": self.ref(value.get("target"), (*path, "target")),
            "duration": self.choice(
                value.get("duration", "end_of_turn"),
                ("end_of_turn", "indefinite"),
                (*path, "duration"),
                "duration",
            ),
        }
        if "player" in keys:
            out["player"] = self.ref(value.get("player", "you"), (*path, "player"), players=True)
        if "add" in keys:
            allowed = CARD_TYPES if what == "add_types" else None
            out["add"] = self.texts(value.get("add"), (*path, "add"), allowed, "card type")
        if "power" in keys:
            out["power"] = self.integer(value.get("power", 0), (*path, "power"))
            out["toughness"] = self.integer(value.get("toughness", 0), (*path, "toughness"))
        return MappingProxyType(out)

    def _exile_graveyards(self, value: Any, path: Path_) -> Any:
        return self.choice(value, ("all",), path, "graveyards")


_INSTRS: dict[str, Callable[[_Reader, Any, Path_], Any]] = {
    "damage": _Reader._damage,
    "exchange_control": _Reader._exchange_control,
    "exchange_life": _Reader._exchange_life,
    "exchange_highest": _Reader._exchange_highest,
    "draw": lambda r, v, p: r._player_amount(v, p, "draw"),
    "gain_life": lambda r, v, p: r._player_amount(v, p, "gain_life"),
    "lose_life": lambda r, v, p: r._player_amount(v, p, "lose_life"),
    "destroy": lambda r, v, p: r.ref(v, p),
    "exile": lambda r, v, p: r.ref(v, p),
    "return_to_hand": lambda r, v, p: r.ref(v, p),
    "sacrifice": lambda r, v, p: r.ref(v, p),
    "tap": lambda r, v, p: r.ref(v, p),
    "untap": lambda r, v, p: r.ref(v, p),
    "counter": lambda r, v, p: r.ref(v, p),
    "choose_new_targets": lambda r, v, p: r.ref(v, p),
    "destroy_attached_auras": lambda r, v, p: tuple(r.ref(x, (*p, i)) for i, x in enumerate(r.list_of(v, p))),
    "gain_control": lambda r, v, p: r._continuous(v, p, "gain_control"),
    "add_types": lambda r, v, p: r._continuous(v, p, "add_types"),
    "grant": lambda r, v, p: r._continuous(v, p, "grant"),
    "set_pt": lambda r, v, p: r._continuous(v, p, "set_pt"),
    "pump": lambda r, v, p: r._continuous(v, p, "pump"),
    "switch_pt": lambda r, v, p: r._continuous(v, p, "switch_pt"),
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
    return load_data(read(path))


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
