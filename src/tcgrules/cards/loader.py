"""Load and validate card files. Every error names file:line, the field and what was expected."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..kernel.errors import DefinitionError
from . import vocabulary as V
from .fields import CardFileReader
from .schema import (
    ANY,
    EVENT_SUBJECT,
    SELF,
    AbilitySpec,
    Action,
    CardDefinition,
    Condition,
    Face,
    Filter,
    Selector,
)
from .yamlsource import Located, Path_, parse, read_cards

_CARD_KEYS = {"name", "english", "set", "rarity", "text_status", "faces"} | {
    "type",
    "civilizations",
    "cost",
    "races",
    "power",
    "power_suffix",
    "text",
    "abilities",
}
_FACE_KEYS = {"name", "type", "civilizations", "cost", "races", "power", "power_suffix", "text", "abilities"}
_ABILITY_FORMS = ("keyword", "trigger", "replace", "static", "spell", "kz")
_ABILITY_KEYS = {
    "keyword": {"keyword"},
    "trigger": {"trigger", "subject", "optional", "condition", "zones", "effect", "event_filter"},
    "replace": {"replace", "subject", "optional", "condition", "zones", "instead", "then", "event_filter"},
    "static": {"static", "condition"},
    "spell": {"spell"},
    "kz": {"kz"},
}
_FILTER_KEYS = {
    "type",
    "civilization",
    "race",
    "name",
    "cost_min",
    "cost_max",
    "power_min",
    "power_max",
    "tapped",
    "blocker",
    "other_than_self",
    "same_name_as_another",
    "has_kz",
    "cost_below",
}
_SELECTOR_KEYS = {"choose", "all", "up_to", "zone", "owner", "filter", "chooser", "random", "as", "cards"}


class _Reader(CardFileReader[CardDefinition]):
    """Validates one file's data against a vocabulary, building the schema values."""

    def __init__(self, src: Located, vocab: V.Vocabulary) -> None:
        super().__init__(src)
        self.vocab = vocab

    # -- scalars

    def names(
        self, value: Any, path: Path_, allowed: Iterable[str] | None = None, what: str = ""
    ) -> tuple[str, ...]:
        items = value if isinstance(value, list) else [value]
        out = []
        for i, item in enumerate(items):
            p = (*path, i) if isinstance(value, list) else path
            out.append(self.choice(item, allowed, p, what) if allowed is not None else self.text(item, p))
        return tuple(out)

    # -- cards

    def card(self, entry: Any, path: Path_) -> CardDefinition:
        entry = self.mapping(entry, path, _CARD_KEYS, "a card")
        if "name" not in entry:
            raise self.fail(path, "a card needs a 'name'")
        name = self.text(entry["name"], (*path, "name"))
        status = entry.get("text_status", "printed")
        self.choice(status, ("printed", "reconstructed"), (*path, "text_status"), "text_status")
        if "faces" in entry:
            faces_data = entry["faces"]
            if not isinstance(faces_data, list) or len(faces_data) != 2:
                raise self.fail((*path, "faces"), "a twinpact has exactly two faces")
            extra = set(entry) & (_FACE_KEYS - {"name"})
            if extra:
                raise self.fail(path, f"a card with faces keeps {sorted(extra)} inside its faces")
            faces = tuple(self.face(f, (*path, "faces", i), None) for i, f in enumerate(faces_data))
        else:
            faces = (self.face(entry, path, name),)
        return CardDefinition(
            name=name,
            faces=faces,
            english=entry.get("english"),
            set=entry.get("set"),
            rarity=entry.get("rarity"),
            text_status=status,
            file=self.src.file,
            line=self.src.line(path),
        )

    def face(self, entry: Any, path: Path_, name: str | None) -> Face:
        allowed = _FACE_KEYS if name is None else _CARD_KEYS
        entry = self.mapping(entry, path, allowed, "a card face")
        for key in ("type", "civilizations", "cost", "text"):
            if key not in entry:
                raise self.fail(path, f"missing field {key!r}")
        face_name = name if name is not None else self.text(entry.get("name"), (*path, "name"))
        card_type = self.choice(entry["type"], self.vocab.card_types, (*path, "type"), "card type")
        civs = entry["civilizations"]
        if not isinstance(civs, list):
            raise self.fail((*path, "civilizations"), f"expected a list of civilizations, got {civs!r}")
        civilizations = self.names(civs, (*path, "civilizations"), self.vocab.civilizations, "civilization")
        cost = self.integer(entry["cost"], (*path, "cost"))
        is_creature = card_type in self.vocab.creature_types
        races: tuple[str, ...] = ()
        power = None
        if is_creature:
            if "power" not in entry:
                raise self.fail(path, f"a {card_type} needs 'power'")
            power = self.integer(entry["power"], (*path, "power"))
            races = self.names(entry.get("races", []), (*path, "races"))
        else:
            for key in ("power", "races"):
                if key in entry:
                    raise self.fail((*path, key), f"a {card_type} has no {key}")
        text = entry["text"]
        if not isinstance(text, str):
            raise self.fail((*path, "text"), "expected the printed text as a string")
        abilities_data = entry.get("abilities", [])
        if not isinstance(abilities_data, list):
            raise self.fail((*path, "abilities"), "expected a list of abilities")
        abilities = tuple(self.ability(a, (*path, "abilities", i), i) for i, a in enumerate(abilities_data))
        if card_type == "spell" and not any(a.form == "spell" for a in abilities):
            raise self.fail((*path, "abilities"), "a spell needs a 'spell:' ability saying what it does")
        if card_type == "evolution_creature" and not any(
            a.name in ("evolution", "s_max_evolution", "star_evolution") for a in abilities
        ):
            raise self.fail(
                (*path, "abilities"), "an evolution creature needs 'keyword: evolution' with its base"
            )
        return Face(face_name, card_type, civilizations, cost, races, power, text.strip(), abilities)

    # -- abilities

    def ability(self, entry: Any, path: Path_, index: int) -> AbilitySpec:
        if not isinstance(entry, dict) or not entry:
            raise self.fail(
                path, f"expected an ability mapping starting with one of {', '.join(_ABILITY_FORMS)}"
            )
        form = next(iter(entry))
        if form not in _ABILITY_FORMS:
            raise self.fail(
                (*path, form), f"unknown ability form {form!r}; expected one of {', '.join(_ABILITY_FORMS)}"
            )
        line = self.src.line(path)
        if form == "kz":  # KZ−…: an ability that キズナ uses
            self.mapping(entry, path, _ABILITY_KEYS["kz"], "a KZ ability")
            return AbilitySpec("kz", "kz", index, effect=self.actions(entry["kz"], (*path, "kz")), line=line)
        if form == "spell":
            self.mapping(entry, path, _ABILITY_KEYS["spell"], "a spell ability")
            return AbilitySpec(
                "spell", "spell", index, effect=self.actions(entry["spell"], (*path, "spell")), line=line
            )
        if form == "keyword":
            name = self.choice(entry["keyword"], self.vocab.keywords, (*path, "keyword"), "keyword")
            params = self.params(entry, path, self.vocab.keywords[name], {"keyword"}, f"keyword {name}")
            return AbilitySpec("keyword", name, index, params=params, line=line)
        if form == "static":
            name = self.choice(entry["static"], self.vocab.statics, (*path, "static"), "static ability")
            params = self.params(entry, path, self.vocab.statics[name], {"static"}, f"static {name}")
            return AbilitySpec("static", name, index, params=params, line=line)
        self.mapping(entry, path, _ABILITY_KEYS[form], f"a {form} ability")
        allowed = self.vocab.triggers if form == "trigger" else self.vocab.replacements
        name = self.choice(entry[form], allowed, (*path, form), f"{form} pattern")
        subject = self.choice(
            entry.get("subject", "self"), self.vocab.subjects, (*path, "subject"), "subject"
        )
        optional = self.boolean(entry.get("optional", False), (*path, "optional"))
        condition = self.condition(entry["condition"], (*path, "condition")) if "condition" in entry else None
        zones = (
            self.names(entry["zones"], (*path, "zones"), self.vocab.zones, "zone") if "zones" in entry else ()
        )
        if form == "trigger":
            if "effect" not in entry:
                raise self.fail(path, "a trigger needs an 'effect'")
            effect = self.actions(entry["effect"], (*path, "effect"))
            params = self._event_filter_param(entry, path)
            return AbilitySpec(
                "trigger",
                name,
                index,
                subject,
                optional,
                condition,
                zones,
                effect=effect,
                params=params,
                line=line,
            )
        if "instead" not in entry:
            raise self.fail(path, "a replacement needs 'instead'")
        instead = self.actions(entry["instead"], (*path, "instead"))
        then = self.actions(entry["then"], (*path, "then")) if "then" in entry else ()
        params = self._event_filter_param(entry, path)
        return AbilitySpec(
            "replace",
            name,
            index,
            subject,
            optional,
            condition,
            zones,
            instead=instead,
            then=then,
            params=params,
            line=line,
        )

    def _event_filter_param(self, entry: dict[str, Any], path: Path_) -> dict[str, Any]:
        if "event_filter" not in entry:
            return {}
        return {"event_filter": self.event_filter(entry["event_filter"], (*path, "event_filter"))}

    def event_filter(self, value: Any, path: Path_) -> dict[str, Any]:
        allowed = {"not_from", "from", "not_summoned", "summoned", "cost_above_mana", "card", "by", "loss"}
        value = self.mapping(value, path, allowed, "an event filter")
        out: dict[str, Any] = {}
        for key in ("not_from", "from"):
            if key in value:
                out[key] = self.names(value[key], (*path, key), self.vocab.zones, "zone")
        if "by" in value:
            causes = ("opponent", "opponent_spell", "opponent_spell_or_creature_ability")
            out["by"] = self.choice(value["by"], causes, (*path, "by"), "cause")
        for key in ("not_summoned", "summoned", "cost_above_mana"):
            if key in value:
                out[key] = self.boolean(value[key], (*path, key))
        if "card" in value:
            out["card"] = self.filter(value["card"], (*path, "card"))
        if "loss" in value:  # why a player would lose (lose_game replacements)
            out["loss"] = self.choice(
                value["loss"], ("deck_out", "deck_out_by_draw"), (*path, "loss"), "loss"
            )
        return out

    def params(
        self, entry: dict[str, Any], path: Path_, spec: dict[str, str], head: set[str], what: str
    ) -> dict[str, Any]:
        self.mapping(entry, path, head | set(spec), what)
        out: dict[str, Any] = {}
        for key, kind in spec.items():
            if key not in entry:
                if kind in (V.INT, "filter", "civilizations", "keyword", "target"):
                    raise self.fail(path, f"{what} needs {key!r}")
                continue
            p = (*path, key)
            if kind == V.INT:
                out[key] = self.integer(entry[key], p)
            elif kind == "filter":
                out[key] = self.filter(entry[key], p)
            elif kind == "condition":
                out[key] = self.condition(entry[key], p)
            elif kind == "civilizations":
                out[key] = self.names(entry[key], p, self.vocab.civilizations, "civilization")
            elif kind == "keyword":
                out[key] = self.choice(entry[key], self.vocab.keywords, p, "keyword")
            elif kind == "target":
                out[key] = self.target(entry[key], p)
            elif kind == V.TEXT:  # e.g. the race ``add_race`` adds
                out[key] = self.text(entry[key], p)
        return out

    def target(self, value: Any, path: Path_) -> Selector:
        """What a static ability affects besides its own creature: ``{zone, owner, filter}``."""
        value = self.mapping(value, path, {"zone", "owner", "filter"}, "a target (zone, owner, filter)")
        return Selector(
            "all",
            zone=self.choice(value.get("zone", "battle_zone"), self.vocab.zones, (*path, "zone"), "zone"),
            owner=self.choice(
                value.get("owner", "you"), ("you", "opponent", "any"), (*path, "owner"), "owner"
            ),
            filter=self.filter(value["filter"], (*path, "filter")) if "filter" in value else ANY,
        )

    def condition(self, value: Any, path: Path_) -> Condition:
        if isinstance(value, str):
            value = {value: True}
        value = self.mapping(value, path, set(self.vocab.conditions), "a condition")
        if len(value) != 1:
            raise self.fail(path, "a condition has exactly one field")
        kind, arg = next(iter(value.items()))
        p = (*path, kind)
        expected = self.vocab.conditions[kind]
        if expected == V.BOOL:
            return Condition(kind, self.boolean(arg, p))
        if expected == "civilizations":
            return Condition(kind, self.names(arg, p, self.vocab.civilizations, "civilization"))
        if expected == "filter":
            return Condition(kind, self.filter(arg, p))
        if expected == V.INT:
            return Condition(kind, self.integer(arg, p, 0))
        return Condition(kind, self.choice(arg, expected.split("|"), p, kind))

    # -- actions and selectors

    def actions(self, value: Any, path: Path_) -> tuple[Action, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail(path, "expected a non-empty list of actions")
        return tuple(self.action(item, (*path, i)) for i, item in enumerate(value))

    def action(self, value: Any, path: Path_) -> Action:
        if not isinstance(value, dict) or len(value) != 1:
            raise self.fail(path, f"an action is a mapping with one key (the action), got {value!r}")
        op, arg = next(iter(value.items()))
        op = self.choice(op, self.vocab.actions, path, "action")
        spec = self.vocab.actions[op]
        p = (*path, op)
        if isinstance(arg, dict) and not (
            spec.primary and spec.args[spec.primary] == V.SEL and _looks_like_selector(arg)
        ):
            raw = self.mapping(arg, p, set(spec.args), f"action {op}")
        else:
            if spec.primary is None:
                raise self.fail(p, f"action {op} takes a mapping with {', '.join(spec.args)}")
            raw = {spec.primary: arg}
        for key in spec.required:
            if key not in raw:
                raise self.fail(p, f"action {op} needs {key!r}")
        args: dict[str, Any] = {}
        for key, item in raw.items():
            kind = spec.args[key]
            q = p if key == spec.primary and not isinstance(arg, dict) else (*p, key)
            args[key] = self.argument(kind, item, q)
        return Action(op, args)

    def argument(self, kind: str, value: Any, path: Path_) -> Any:
        if kind == V.INT:
            return self.integer(value, path)
        if kind == V.BOOL:
            return self.boolean(value, path)
        if kind == V.SEL:
            return self.selector(value, path)
        if kind == V.ACTIONS:
            return self.actions(value, path)
        if kind == V.ZONE:
            return self.choice(value, self.vocab.zones, path, "zone")
        if kind == V.DEST:
            return self.choice(value, self.vocab.destinations, path, "destination")
        if kind in (V.OWNER, V.PLAYER):
            return self.choice(
                value, ("you", "opponent") if kind == V.PLAYER else ("you", "opponent", "any"), path, kind
            )
        if kind == "condition":
            return self.condition(value, path)
        if kind == "filter":
            return self.filter(value, path)
        if kind == "modes":  # choose_one: a list of modes, each a list of actions (700.2)
            if not isinstance(value, list) or len(value) < 2:
                raise self.fail(path, "expected a list of at least two modes, each a list of actions")
            return tuple(self.actions(mode, (*path, i)) for i, mode in enumerate(value))
        if kind == V.DURATION:
            return self.choice(value, ("end_of_turn", "your_next_turn"), path, "duration")
        if kind == V.TEXT and path[-1] == "flag":
            return self.choice(
                value,
                (
                    "cannot_attack",
                    "cannot_attack_players",
                    "cannot_block",
                    "attack_players_at_once",
                    "not_destroyed",
                    "not_leave",
                    "abilities_ignored",  # 能力を無視する (duel_masters/ability_ignore.py)
                ),
                path,
                "flag",
            )
        return self.text(value, path)

    def selector(self, value: Any, path: Path_) -> Selector:
        if value == "self":
            return SELF
        if value == "event_subject":
            return EVENT_SUBJECT
        if isinstance(value, str) and value.startswith("$") and len(value) > 1:
            return Selector("var", var=value[1:])
        if not isinstance(value, dict):
            raise self.fail(
                path,
                f"expected a selector (self, event_subject, $name, or a choose/all mapping), got {value!r}",
            )
        self.mapping(value, path, _SELECTOR_KEYS, "a selector")
        if ("choose" in value) == ("all" in value):
            raise self.fail(path, "a selector has exactly one of 'choose: N' and 'all: true'")
        count_var = None
        if "choose" in value and isinstance(value["choose"], str) and value["choose"].startswith("$"):
            kind, count, count_var = "choose", 0, value["choose"][1:]
        elif "choose" in value:
            kind, count = "choose", self.integer(value["choose"], (*path, "choose"))
            if count < 1:
                raise self.fail((*path, "choose"), f"choose at least 1, got {count}")
        else:
            if value["all"] is not True:
                raise self.fail((*path, "all"), "write 'all: true'")
            kind, count = "all", 0
        return Selector(
            kind,
            count=count,
            up_to=self.boolean(value.get("up_to", False), (*path, "up_to")),
            zone=self.choice(value["zone"], self.vocab.zones, (*path, "zone"), "zone")
            if "zone" in value
            else None,
            owner=self.choice(
                value.get("owner", "any"), ("you", "opponent", "any"), (*path, "owner"), "owner"
            ),
            filter=self.filter(value["filter"], (*path, "filter")) if "filter" in value else ANY,
            chooser=self.choice(
                value.get("chooser", "you"), ("you", "opponent"), (*path, "chooser"), "chooser"
            ),
            random=self.boolean(value.get("random", False), (*path, "random")),
            save_as=self.text(value["as"], (*path, "as")) if "as" in value else None,
            count_var=count_var,
            cards=self.boolean(value.get("cards", False), (*path, "cards")),
        )

    def filter(self, value: Any, path: Path_) -> Filter:
        value = self.mapping(value, path, _FILTER_KEYS, "a filter")

        def opt_int(key: str) -> int | None:
            return self.integer(value[key], (*path, key)) if key in value else None

        def opt_bool(key: str) -> bool | None:
            return self.boolean(value[key], (*path, key)) if key in value else None

        ftype = None
        if "type" in value:
            ftype = self.choice(
                value["type"],
                {
                    "creature",
                    "spell",
                    "evolution_creature",
                    "tamaseed",
                    "element",
                    "cross_gear",  # issue 4 (seed 004)
                    "dragheart",
                    "dragheart_weapon",
                },
                (*path, "type"),
                "card type",
            )
        return Filter(
            type=ftype,
            civilizations=self.names(
                value["civilization"], (*path, "civilization"), self.vocab.civilizations, "civilization"
            )
            if "civilization" in value
            else (),
            races=self.names(value["race"], (*path, "race")) if "race" in value else (),
            name=self.text(value["name"], (*path, "name")) if "name" in value else None,
            cost_min=opt_int("cost_min"),
            cost_max=opt_int("cost_max"),
            power_min=opt_int("power_min"),
            power_max=opt_int("power_max"),
            tapped=opt_bool("tapped"),
            blocker=opt_bool("blocker"),
            other_than_self=bool(opt_bool("other_than_self")),
            same_name_as_another=bool(opt_bool("same_name_as_another")),
            has_kz=bool(opt_bool("has_kz")),
            cost_below=self.text(value["cost_below"], (*path, "cost_below")).removeprefix("$")
            if "cost_below" in value
            else None,
        )


def _looks_like_selector(value: dict[str, Any]) -> bool:
    return "choose" in value or "all" in value


def load_text(text: str, file: str, vocab: V.Vocabulary) -> list[CardDefinition]:
    return _Reader(parse(text, file), vocab).cards()


def load_file(path: str | Path, vocab: V.Vocabulary) -> list[CardDefinition]:
    return _Reader(read_cards(path, vocab.game), vocab).cards()


def load_data(located: Located, vocab: V.Vocabulary) -> list[CardDefinition]:
    """Validate already-parsed YAML (a scenario's inline ``cards:``)."""
    return _Reader(located, vocab).cards()


def load_dir(directory: str | Path, vocab: V.Vocabulary) -> dict[str, CardDefinition]:
    """Every ``*.yaml`` under ``directory``, by name. A name defined twice is an error naming both places."""
    catalog: dict[str, CardDefinition] = {}
    for path in sorted(Path(directory).glob("*.yaml")):
        for card in load_file(path, vocab):
            if card.name in catalog:
                first = catalog[card.name]
                raise DefinitionError(
                    f"{card.file}:{card.line}: name: card {card.name!r} is already defined "
                    f"at {first.file}:{first.line}"
                )
            catalog[card.name] = card
    return catalog
