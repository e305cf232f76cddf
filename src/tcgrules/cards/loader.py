"""Load and validate card files. Every error names file:line, the field and what was expected."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from ..kernel.errors import DefinitionError
from . import vocabulary as V
from .fields import CardFileReader
from .schema import (
    ANYTHING,
    ATTACHED,
    EVENT_SUBJECT,
    SELF,
    AbilitySpec,
    Action,
    CardDefinition,
    Compare,
    Condition,
    Face,
    Filter,
    Pattern,
    Quantity,
    Selector,
    SourceFilter,
    number,
)
from .yamlsource import Located, Path_, parse, read_cards

_CARD_KEYS = {"name", "english", "set", "number", "rarity", "text_status", "text_language", "faces"} | {
    "type",
    "civilizations",
    "cost",
    "races",
    "power",
    "power_suffix",
    "text",
    "abilities",
    "hyper_mode",
    "super_soul_x",
}
_FACE_KEYS = {
    "name",
    "type",
    "civilizations",
    "cost",
    "races",
    "power",
    "power_suffix",
    "text",
    "abilities",
} | {"hyper_mode", "super_soul_x"}
_ABILITY_FORMS = (
    "keyword",
    "trigger",
    "replace",
    "static",
    "spell",
    "kz",
    "tap_ability",
    "use_if",
    "use_cost",
    "g_zero",
    "activated",
    "use_from",
    "use_for_less",
)
_ABILITY_KEYS = {
    "spell": {"spell"},
    "kz": {"kz"},
    "tap_ability": {"tap_ability"},
    "use_if": {"use_if"},
    "use_cost": {"use_cost"},
    "g_zero": {"g_zero"},
    "use_from": {"use_from"},
    "use_for_less": {"use_for_less", "effect", "cost"},
}
"""The fields of the forms whose only field is their own (the others: pattern_ability, static_v2)."""
ACTIVATION_TIMES = ("main_step", "before_attacks")
"""When an ``activated`` ability may be used (602): ``main_step`` (自分のメインステップ中),
``before_attacks`` (自分のターン中、攻撃の前に: the main step, and the attack step until the turn's first
attack)."""
# -- language 2 (docs/cards.md): the fields of each kind of part
BOOL_FILTER_FIELDS = (
    "multicolored",
    "colorless",
    "tapped",
    "face_up",
    "evolution",
    "sealed",
    "linked",
    "god_linked",
    "hyper",
    "blocking",
    "attacking",
    "crossed",
    "attacked",
    "can_attack",
    "entered_this_turn",
    "sideways",
)
"""The filter fields whose value is true or false."""
FILTER_FIELDS = (
    "type",
    "civilization",
    "civilizations",
    "race",
    "race_exact",
    "name",
    "name_contains",
    "cost",
    "power",
    *BOOL_FILTER_FIELDS,
    "keyword",
    "other",
    "not",
    "any_of",
    "all_of",
    "in",
    "same_name_as",
    "has_kz",
    "has_trigger",
    "crossed_to",
    "crossed_by",
    "attached_to",
    "shares_race_with",
    "shares_civilization_with",
    "evolves_from",
    "in_zone",
    "broken_by",
    "moved_by",
)
WHERE_FIELDS = ("zone", "owner", "top", "bottom", "least", "most")
EXTREME_OF = ("power", "cost")
"""What ``least`` / ``most`` compare (パワーが一番小さい / コストが最も大きい)."""
HOW_MANY_FIELDS = ("choose", "up_to", "any_number", "all", "random")
CHOICE_FIELDS = ("chooser", "as", "cards", "top_card", "total_at_most", "total_at_least")
SELECTOR_FIELDS = (*WHERE_FIELDS, *FILTER_FIELDS, *HOW_MANY_FIELDS, *CHOICE_FIELDS)
PATTERN_FIELDS = (
    "event",
    "subject",
    "from",
    "to",
    "not_from",
    "how",
    "not_how",
    "by",
    "player",
    "target",
    "to_at_most",
    "reason",
    "keyword",
    "ability_word",
    "used_from",
    "on_own",
    "first_this_turn",
    "broken_by",
    "declared",
    "face_up",
    "sideways",
    "count",
    "once_per_batch",
    "during_turn",
    "any_of",
)
ATTACK_TARGET_EVENTS = ("attacks", "blocked", "not_blocked")
"""The events about an attack, whose pattern may say what the attack is against (``target``)."""
DURING = ("this_turn", "this_game", "this_attack")
"""What a record of the game is read over (``during``): this turn, this game, the current attack."""

LOSS_REASONS = ("deck_out", "deck_out_by_draw")
"""Why a player would lose (``loses_game``'s ``reason``): 104.2b, and 104.2b by drawing the last card."""
HOW_VALUES = (
    "summoned",
    "put",
    "evolved",
    "free",
    "by_effect",
    "cast",
    "shield_trigger",
    "revolution_change",
    "kirifu_dash",
    "lost_battle",
)
SOURCE_FIELDS = ("player", "kind", "card")
SOURCE_KINDS = ("spell", "creature_ability", "ability", "rule")
QUANTITY_FORMS = (
    "if",
    "count",
    "count_cards",
    "done",
    "moved",
    "cost_of",
    "power_of",
    "cards_in",
    "seals",
    "number",
    "events",
    "sum",
    "times",
    "minus",
    "min",
    "max",
    "div",
    "mod",
    "max_power",
    "min_power",
    "races",
    "civilizations",
    "batch",
)
COMPARE_OPS = ("at_most", "at_least", "less_than", "more_than", "equals")
CONDITION_FORMS = (
    "all",
    "any",
    "not",
    *COMPARE_OPS,
    "exists",
    "none",
    "turn",
    "step",
    "attacking",
    "attacking_player",
    "attacking_creature",
    "blocking",
    "in_battle",
    "happened",
    "did",
    "extra_turn",
    "bonus",
)
ATTACK_STATES = ("attacking", "attacking_player", "attacking_creature", "blocking", "in_battle")
"""The condition forms about a creature's part in the current attack (a selector each)."""
STEP_FIELDS = ("optional", "if", "as")
"""Fields every effect step may have besides its action (docs/cards.md, "Effects")."""
PLAYER_PROPERTIES = (
    "cannot_use",
    "cannot_use_keyword",
    "ignore_cannot_attack_players",
    "enter_tapped",
    "choose_shields_broken",
    "choose_own_shields",
    "choose_instead_of_opponent",
    "extra_charges",
    "summon_from",
    "mana_tapped",
    "cannot_use_tap_abilities",
    "cannot_put_into_mana_from_hand",
    "cannot_put_into_shields",
    "cannot_put_into_battle_zone",
    "cost_reductions_ignored",
    "cannot_look_at_deck",
    "creatures_per_turn",
    "spells_per_turn",
)
"""Static properties of players, not of objects: their ``to`` names players (you, opponent, each)."""
USED_KEYWORDS = ("shield_trigger", "g_strike", "ninja_strike", "invasion", "revolution_change")
"""Keywords a player uses (a triggered ability the player may use): what ``cannot_use_keyword`` may name."""
DURATIONS = ("end_of_turn", "your_next_turn", "your_next_turn_start", "end_of_attack", "end_of_battle")
PLAYERS = ("you", "opponent")
ZONE_ALIASES = {"hyperspatial_zone": "hyperspatial"}
PENDING_ZONE = "pending"
"""保留状態 (409), which a pattern's ``from`` / ``to`` may name (the Duel Masters module's PENDING)."""


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
        language = self.choice(
            entry.get("text_language", "ja"), ("ja", "en"), (*path, "text_language"), "text_language"
        )
        number = self.text(str(entry["number"]), (*path, "number")) if "number" in entry else None
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
            number=number,
            text_language=language,
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
        if card_type == "aura":  # 310.4: the number an aura adds to its creature's power (not a power)
            power = self.integer(entry.get("power", 0), (*path, "power"))
            races = self.names(entry.get("races", []), (*path, "races"))
        elif is_creature:
            if "power" not in entry:
                raise self.fail(path, f"a {card_type} needs 'power'")
            power = self.integer(entry["power"], (*path, "power"))
            races = self.names(entry.get("races", []), (*path, "races"))
        else:
            if "power" in entry:
                raise self.fail((*path, "power"), f"a {card_type} has no power")
            # 呪文:ジョーカーズ, タマシード:アビスロイヤル — any card may have races (203.1)
            races = self.names(entry.get("races", []), (*path, "races"))
        text = entry["text"]
        if not isinstance(text, str):
            raise self.fail((*path, "text"), "expected the printed text as a string")
        abilities_data = entry.get("abilities", [])
        if not isinstance(abilities_data, list):
            raise self.fail((*path, "abilities"), "expected a list of abilities")
        abilities = tuple(self.ability(a, (*path, "abilities", i), i) for i, a in enumerate(abilities_data))
        soul_x: tuple[AbilitySpec, ...] = ()
        if "super_soul_x" in entry:  # 818: 超魂X abilities, numbered after the others
            data = entry["super_soul_x"]
            if not isinstance(data, list) or not data:
                raise self.fail((*path, "super_soul_x"), "expected a list of abilities (超魂X, 818)")
            soul_x = tuple(
                self.ability(a, (*path, "super_soul_x", i), len(abilities) + i) for i, a in enumerate(data)
            )
            abilities += soul_x  # 818.1a: they are abilities of the card like the others
        if card_type == "spell" and not any(a.form == "spell" for a in abilities):
            raise self.fail((*path, "abilities"), "a spell needs a 'spell:' ability saying what it does")
        if card_type == "evolution_creature" and not any(
            a.name
            in (
                "evolution",
                "s_max_evolution",
                "star_evolution",
                "forbidden_star_evolution",
                "mana_evolution",
                "graveyard_evolution",
                "shield_evolution",
            )
            for a in abilities
        ):
            raise self.fail(
                (*path, "abilities"), "an evolution creature needs 'keyword: evolution' with its base"
            )
        hyper = None
        if "hyper_mode" in entry:  # 816.1: a creature's hyper mode, with its own power and abilities
            hyper = self.hyper_mode(entry["hyper_mode"], (*path, "hyper_mode"), is_creature)
        face = Face(face_name, card_type, civilizations, cost, races, power, text.strip(), abilities)
        face = replace(face, soul_x=soul_x) if soul_x else face
        return replace(face, hyper=replace(face, **hyper)) if hyper is not None else face

    def hyper_mode(self, value: Any, path: Path_, is_creature: bool) -> dict[str, Any]:
        """``hyper_mode: {power, text, abilities}`` (816.1a/b): what is printed below the normal text."""
        if not is_creature:
            raise self.fail(path, "only a creature has a hyper mode (816.1)")
        value = self.mapping(value, path, {"power", "text", "abilities"}, "a hyper mode")
        for key in ("power", "text"):
            if key not in value:
                raise self.fail(path, f"missing field {key!r}")
        if not isinstance(value["text"], str):
            raise self.fail((*path, "text"), "expected the printed text as a string")
        data = value.get("abilities", [])
        if not isinstance(data, list):
            raise self.fail((*path, "abilities"), "expected a list of abilities")
        return {
            "power": self.integer(value["power"], (*path, "power")),
            "text": value["text"].strip(),
            "abilities": tuple(self.ability(a, (*path, "abilities", i), i) for i, a in enumerate(data)),
        }

    # -- abilities

    def ability(self, entry: Any, path: Path_, index: int) -> AbilitySpec:
        """One ability, with the mapping it was written as (``written``, what ``cards show`` prints)."""
        spec = self.ability_body(entry, path, index)
        if _mentions(entry, _STEP_READS):  # most abilities read no step's result: no walk for them
            self.check_step_names(spec, path)
        return replace(spec, written=_plain_data(entry))

    def check_step_names(self, spec: AbilitySpec, path: Path_) -> None:
        """``{did: NAME}``, ``{done: NAME}`` and ``{moved: NAME}`` read what a step of the same ability did,
        saved by an ``as: NAME`` written beside that step: a name no step saves would read as nothing, so it
        is refused here — with the fix when a selector's own ``as:`` (what was chosen) has that name."""
        steps: set[str] = set()
        chosen: set[str] = set()
        reads: list[str] = []
        _names_in(spec, steps, chosen, reads)
        for name in reads:
            if name in steps:
                continue
            if name in chosen:
                raise self.fail(
                    path,
                    f"'{name}' is saved by a selector's 'as:' (what was chosen); did/done/moved read what a "
                    f"step did: write 'as: {name}' beside the step, not inside its selector",
                )
            raise self.fail(
                path, f"did/done/moved read '{name}', which no step of this ability saves with 'as: {name}'"
            )

    def ability_body(self, entry: Any, path: Path_, index: int) -> AbilitySpec:
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
        if form == "tap_ability":  # ■ タップ：… — an activated ability used instead of attacking (602)
            self.mapping(entry, path, _ABILITY_KEYS["tap_ability"], "a tap ability")
            steps = self.actions(entry["tap_ability"], (*path, "tap_ability"))
            return AbilitySpec("tap_ability", "tap_ability", index, effect=steps, line=line)
        if form == "activated":  # 起動型能力 (602.1): 「…このカードをタップしてもよい。そうしたら、…」
            return self.activated(entry, path, index, line)
        if form == "use_if":  # …の場合にのみ唱えられる: a condition for using this card (601.1b)
            self.mapping(entry, path, _ABILITY_KEYS["use_if"], "a condition for using the card")
            cond = self.condition(entry["use_if"], (*path, "use_if"))
            return AbilitySpec("use_if", "use_if", index, condition=cond, line=line)
        if form == "g_zero":  # Ｇ・ゼロ—C: C ならコストを支払わずに召喚してもよい / 唱えてもよい (112.3e)
            self.mapping(entry, path, _ABILITY_KEYS["g_zero"], "a Ｇ・ゼロ condition")
            cond = self.condition(entry["g_zero"], (*path, "g_zero"))
            return AbilitySpec("g_zero", "g_zero", index, condition=cond, line=line)
        if form == "use_from":  # この呪文を自分のマナゾーンから唱えてもよい: used from those zones too
            self.mapping(entry, path, _ABILITY_KEYS["use_from"], "the zones the card may be used from")
            zones = self.zone_names(entry["use_from"], (*path, "use_from"))
            return AbilitySpec("use_from", "use_from", index, zones=zones, line=line)
        if form == "use_for_less":  # このクリーチャーを、コストをN少なくして召喚してもよい。そうしたら、…
            self.mapping(entry, path, _ABILITY_KEYS["use_for_less"], "a cheaper use of the card")
            amount = self.quantity(entry["use_for_less"], (*path, "use_for_less"))
            steps = self.actions(entry["effect"], (*path, "effect")) if "effect" in entry else ()
            params: dict[str, Any] = {"amount": amount}
            if (
                "cost" in entry
            ):  # …を墓地に置いてもよい。こうして選んだ数だけ…少なくする: paid as it is declared
                params["cost"] = self.actions(entry["cost"], (*path, "cost"))
            return AbilitySpec("use_for_less", "use_for_less", index, effect=steps, params=params, line=line)
        if form == "use_cost":  # …しなければ、この呪文を唱えることはできない (601.1a, 601.1f)
            self.mapping(entry, path, _ABILITY_KEYS["use_cost"], "a cost of using the card")
            steps = self.actions(entry["use_cost"], (*path, "use_cost"))
            return AbilitySpec("use_cost", "use_cost", index, effect=steps, line=line)
        if form == "spell":
            self.mapping(entry, path, _ABILITY_KEYS["spell"], "a spell ability")
            return AbilitySpec(
                "spell", "spell", index, effect=self.actions(entry["spell"], (*path, "spell")), line=line
            )
        if form == "keyword":
            name = self.choice(entry["keyword"], self.vocab.keywords, (*path, "keyword"), "keyword")
            params = self.params(entry, path, self.vocab.keywords[name], {"keyword"}, f"keyword {name}")
            return AbilitySpec("keyword", name, index, params=params, line=line)
        value = entry[form]
        if not isinstance(value, dict):  # language 1's named entries (trigger: enters, static: can_block)
            shape = "{PROPERTY: VALUE}" if form == "static" else "a pattern {event: …}"
            raise self.fail((*path, form), f"expected {shape} (docs/cards.md, the grammar), got {value!r}")
        if form == "static":
            return self.static_v2(entry, path, index, line)
        return self.pattern_ability(form, entry, path, index, line)

    def activated(self, entry: dict[str, Any], path: Path_, index: int, line: int) -> AbilitySpec:
        """``activated: [E]`` with ``zones``, ``if`` and ``when``: an ability its controller activates by
        tapping this card (602.1, 602.2), at the time ``when`` names, while the card is in one of ``zones``
        and ``if`` holds."""
        self.mapping(entry, path, {"activated", "zones", "if", "when"}, "an activated ability")
        steps = self.actions(entry["activated"], (*path, "activated"))
        zones = self.zone_names(entry["zones"], (*path, "zones")) if "zones" in entry else ()
        condition = self.condition(entry["if"], (*path, "if")) if "if" in entry else None
        when = self.choice(entry.get("when", "main_step"), ACTIVATION_TIMES, (*path, "when"), "time")
        return AbilitySpec(
            "activated",
            "activated",
            index,
            condition=condition,
            zones=zones,
            effect=steps,
            params={"when": when},
            line=line,
        )

    def params(
        self, entry: dict[str, Any], path: Path_, spec: dict[str, str], head: set[str], what: str
    ) -> dict[str, Any]:
        self.mapping(entry, path, head | set(spec), what)
        out: dict[str, Any] = {}
        for key, kind in spec.items():
            if key not in entry:
                if kind in (V.INT, "filter", "civilizations", "keyword"):
                    raise self.fail(path, f"{what} needs {key!r}")
                continue
            p = (*path, key)
            if kind == V.INT:
                out[key] = self.integer(entry[key], p)
            elif kind == V.BOOL:
                out[key] = self.boolean(entry[key], p)
            elif kind in ("filter", "optional_filter"):
                out[key] = self.filter_v2(entry[key], p)
            elif kind == "condition":
                out[key] = self.condition(entry[key], p)
            elif kind == "civilizations":
                out[key] = self.names(entry[key], p, self.vocab.civilizations, "civilization")
            elif kind == "keyword":
                out[key] = self.choice(entry[key], self.vocab.keywords, p, "keyword")
            elif kind == V.TEXT:  # e.g. G・リンク's partner and side
                out[key] = self.text(entry[key], p)
            elif kind == "zones":  # zone names (S級侵略's zones besides the hand)
                out[key] = self.zone_names(entry[key], p)
            elif kind == "texts":  # a list of names (a king's cells, 814.1)
                if not isinstance(entry[key], list) or not entry[key]:
                    raise self.fail(p, f"expected a list of names, got {entry[key]!r}")
                out[key] = tuple(self.text(v, (*p, i)) for i, v in enumerate(entry[key]))
        return out

    def condition(self, value: Any, path: Path_) -> Condition:
        if isinstance(value, dict) and len(value) >= 1 and _is_v2_condition(value):
            return self.condition_v2(value, path)
        if isinstance(value, str):
            value = {value: True}
        value = self.mapping(value, path, set(self.vocab.conditions), "a condition")
        if len(value) != 1:
            raise self.fail(path, "a condition has exactly one field")
        kind, arg = next(iter(value.items()))
        p = (*path, kind)
        return Condition(kind, self.boolean(arg, p))  # language 1's conditions are flags (shield_force)

    # -- actions and selectors

    def actions(self, value: Any, path: Path_) -> tuple[Action, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail(path, "expected a non-empty list of actions")
        return tuple(self.action(item, (*path, i)) for i, item in enumerate(value))

    def action(self, value: Any, path: Path_) -> Action:
        if not isinstance(value, dict) or not value:
            raise self.fail(path, f"an action is a mapping with one key (the action), got {value!r}")
        if len(value) == 1:  # a bare action (language 1's ``if: {condition, then}`` included)
            op, arg = next(iter(value.items()))
            return self.action_core(op, arg, path)
        extra = {k: v for k, v in value.items() if k in STEP_FIELDS}
        rest = [k for k in value if k not in STEP_FIELDS]
        if len(rest) != 1:
            raise self.fail(
                path,
                f"a step has exactly one action and optionally {', '.join(STEP_FIELDS)}; got {sorted(value)}",
            )
        op, arg = rest[0], value[rest[0]]
        step = self.action_core(op, arg, path)
        if not extra:
            return step
        args = dict(step.args)
        if "optional" in extra:
            raw = extra["optional"]  # true: its controller says yes or no; opponent: the other player does
            args["_optional"] = (
                self.boolean(raw, (*path, "optional"))
                if not isinstance(raw, str)
                else self.choice(raw, ("you", "opponent"), (*path, "optional"), "player to say yes or no")
            )
        if "if" in extra:
            args["_if"] = self.condition(extra["if"], (*path, "if"))
        if "as" in extra:
            args["_as"] = self.text(extra["as"], (*path, "as"))
        return Action(step.op, args)

    def action_core(self, op: Any, arg: Any, path: Path_) -> Action:
        op = self.choice(op, self.vocab.actions, path, "action")
        spec = self.vocab.actions[op]
        p = (*path, op)
        if isinstance(arg, dict) and not (
            spec.primary and spec.args[spec.primary] == V.SEL and _looks_like_selector(arg, spec.args)
        ):
            raw = self.mapping(arg, p, set(spec.args), f"action {op}")
        else:
            if spec.primary is None:
                raise self.fail(p, f"action {op} takes a mapping with {', '.join(spec.args)}")
            raw = {spec.primary: arg}
        for key in spec.required:
            if key not in raw:
                raise self.fail(p, f"action {op} needs {key!r}")
        for needs_one in _ONE_OF.get(op, ()):
            if not any(k in raw for k in needs_one):
                raise self.fail(p, f"action {op} needs one of {', '.join(needs_one)}")
        args: dict[str, Any] = {}
        for key, item in raw.items():
            kind = spec.args[key]
            q = p if key == spec.primary and not isinstance(arg, dict) else (*p, key)
            args[key] = self.argument(kind, item, q)
        if op == "move" and args.get("shuffled") and args.get("to") not in ("deck_top", "deck_bottom"):
            raise self.fail((*p, "shuffled"), "'shuffled' goes with 'to: deck_bottom' or 'to: deck_top'")
        return Action(op, args)

    def argument(self, kind: str, value: Any, path: Path_) -> Any:
        if kind == V.INT:
            return self.integer(value, path)
        if kind == V.QTY:
            return self.quantity(value, path)
        if kind == V.KEYWORD:
            return self.choice(value, self.vocab.keywords, path, "keyword")
        if kind == V.PROPERTY:
            return self.choice(value, self.vocab.properties, path, "property")
        if kind == V.PATTERN:
            return self.pattern(value, path)
        if kind == "ability":  # grant: {ability: …} — an ability of the grammar, given for a duration
            given = self.ability(value, path, 0)
            if given.form not in ("static", "keyword", "trigger", "replace"):
                # what is given works on the object in the battle zone; a way to use the card (use_from,
                # g_zero, …) or an ability used by its own step (tap_ability, kz, …) would do nothing there
                raise self.fail(
                    path, f"an effect gives a static, a keyword, a trigger or a replacement, not {given.form}"
                )
            return given
        if kind == V.BOOL:
            return self.boolean(value, path)
        if kind == V.SEL:
            return self.selector(value, path)
        if kind == V.ACTIONS:
            return self.actions(value, path)
        if kind == V.ZONE and isinstance(value, str) and value in PLAYERS:
            return value  # ``shuffle: you`` (language 2) names the player whose deck is shuffled
        if kind == V.ZONE:
            return self.choice(value, self.vocab.zones, path, "zone")
        if kind == V.DEST:
            dest = self.choice(value, self.vocab.destinations, path, "destination")
            return ZONE_ALIASES.get(dest, dest)  # 超次元ゾーンに置く: the Duel Masters module's zone name
        if kind == "declarable":  # declare: what a player names (202.2, 203.4, 106.3)
            return self.choice(
                value, ("card_name", "race", "civilization", "parity"), path, "word to declare"
            )
        if kind == V.EACH_PLAYER:
            return self.choice(value, ("you", "opponent", "each"), path, "player")
        if kind == "controller":  # who puts it into the battle zone, and so controls it
            return self.choice(value, ("you", "opponent", "owner"), path, "controller")
        if kind in (V.OWNER, V.PLAYER):
            return self.choice(
                value, ("you", "opponent") if kind == V.PLAYER else ("you", "opponent", "any"), path, kind
            )

        if kind == "condition":
            return self.condition(value, path)
        if kind == "filter":
            return self.filter_v2(value, path)
        if kind == "civilizations":
            return self.names(value, path, self.vocab.civilizations, "civilization")
        if kind == "modes":  # choose_one: a list of modes, each a list of actions (700.2)
            if path and path[-1] == "options" and isinstance(value, list) and len(value) >= 2:
                return tuple(self.actions(mode, (*path, i)) for i, mode in enumerate(value))
            if not isinstance(value, list) or len(value) < 2:
                raise self.fail(path, "expected a list of at least two modes, each a list of actions")
            return tuple(self.actions(mode, (*path, i)) for i, mode in enumerate(value))
        if kind == "continuous_duration":  # a made static may also last while its card stays (611.2b)
            # or, this turn, until its controller next uses a card (このターン中、次にカードを使う時)
            allowed = (*DURATIONS, "while_this_in_battle_zone", "next_use_this_turn", "next_summon_this_turn")
            found = self.choice(value, allowed, path, "duration")
            return "your_next_turn" if found == "your_next_turn_start" else found
        if kind == V.DURATION:
            found = self.choice(value, DURATIONS, path, "duration")
            return "your_next_turn" if found == "your_next_turn_start" else found
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
        if value in ("event_subject", "event.subject"):
            return EVENT_SUBJECT
        if value == "this":
            return SELF
        if value == "attached":  # これを付けた / 装備した / クロスしたクリーチャー (attachments.py)
            return ATTACHED
        if value == "linked_shield":  # そのシールド: the one this creature linked (shield_force.py)
            return Selector("linked_shield")
        if isinstance(value, str) and value.startswith("$") and value.endswith(".rest"):
            return Selector("rest", rest_of=value[1:-5])
        if value in PLAYERS:
            return Selector("player", player_ref=value)
        if isinstance(value, str) and value.startswith("$") and len(value) > 1:
            return Selector("var", var=value[1:])
        if not isinstance(value, dict):
            raise self.fail(
                path,
                f"expected a selector (self, event_subject, $name, or a choose/all mapping), got {value!r}",
            )
        return self.selector_v2(value, path)

    # -- language 2 (docs/cards.md): patterns, selectors, quantities, conditions, statics

    def pattern_ability(
        self, form: str, entry: dict[str, Any], path: Path_, index: int, line: int
    ) -> AbilitySpec:
        """``trigger: PATTERN`` / ``replace: PATTERN`` with their fields."""
        keys = (
            {"trigger", "effect", "optional", "if", "zones", "once_per_turn", "resolves_first"}
            | {"ability_word", "trigger_if"}
            if form == "trigger"
            else {"replace", "instead", "then", "optional", "if", "zones", "once_per_turn", "together"}
        )
        self.mapping(entry, path, keys, f"a {form} ability")
        pattern = self.pattern(entry[form], (*path, form))
        if pattern.declared and form != "trigger":
            raise self.fail((*path, form, "declared"), "'declared' goes with a trigger (113.6)")
        if pattern.event == "chosen" and form != "trigger":
            raise self.fail((*path, form, "event"), "'event: chosen' goes with a trigger (605.2b)")
        if pattern.once_per_batch and form != "trigger":
            raise self.fail((*path, form, "once_per_batch"), "'once_per_batch' goes with a trigger (603.2b)")
        optional = self.boolean(entry.get("optional", False), (*path, "optional"))
        condition = self.condition(entry["if"], (*path, "if")) if "if" in entry else None
        zones = self.zone_names(entry["zones"], (*path, "zones")) if "zones" in entry else ()
        if form == "trigger":
            if "effect" not in entry:
                raise self.fail(path, "a trigger needs an 'effect'")
            return AbilitySpec(
                "trigger",
                "pattern",
                index,
                optional=optional,
                condition=condition,
                zones=zones,
                effect=self.actions(entry["effect"], (*path, "effect")),
                line=line,
                pattern=pattern,
                once_per_turn=self.boolean(entry.get("once_per_turn", False), (*path, "once_per_turn")),
                params=self.trigger_params(entry, path),
            )
        if "instead" not in entry:
            raise self.fail(path, "a replacement needs 'instead'")
        return AbilitySpec(
            "replace",
            "pattern",
            index,
            optional=optional,
            condition=condition,
            zones=zones,
            instead=self.actions(entry["instead"], (*path, "instead")),
            then=self.actions(entry["then"], (*path, "then")) if "then" in entry else (),
            line=line,
            pattern=pattern,
            once_per_turn=self.boolean(entry.get("once_per_turn", False), (*path, "once_per_turn")),
            params={"together": True}
            if self.boolean(entry.get("together", False), (*path, "together"))
            else {},
        )

    def trigger_params(self, entry: dict[str, Any], path: Path_) -> dict[str, Any]:
        """A trigger's ``resolves_first`` (its priority class) and ``ability_word`` (能力語: the name its
        use is announced under, read by ``ability_used`` patterns)."""
        params: dict[str, Any] = {}
        if self.boolean(entry.get("resolves_first", False), (*path, "resolves_first")):
            params["priority_class"] = 0
        if "ability_word" in entry:
            params["ability_word"] = self.ability_word(entry["ability_word"], (*path, "ability_word"))
        if "trigger_if" in entry:  # a condition read as the ability triggers, not as it resolves (603.4)
            params["trigger_if"] = self.condition(entry["trigger_if"], (*path, "trigger_if"))
        return params

    def ability_word(self, value: Any, path: Path_) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, f"expected an ability word as printed (ファイナル革命), got {value!r}")
        return value

    def static_keyword(self, name: str, path: Path_) -> None:
        """``static: {keyword: K}`` gives the keyword's whole meaning (the game compiles it as
        ``static: {ability: {keyword: K}}``); refused for a keyword with parameters, which this form cannot
        write, and for one the rules read only as printed on its card (``Vocabulary.printed_keywords``)."""
        params = self.vocab.keywords[name]
        if params:
            fields = ", ".join(f"{param}: …" for param in params)
            raise self.fail(
                path,
                f"keyword {name} takes parameters ({', '.join(params)}), which 'static: {{keyword: {name}}}' "
                f"cannot write; write 'static: {{ability: {{keyword: {name}, {fields}}}}}'",
            )
        if name in self.vocab.printed_keywords:
            raise self.fail(
                path,
                f"keyword {name} is read by the rules only as printed on its own card, so no static can give "
                f"it; write 'keyword: {name}' among the card's own abilities",
            )

    def keyword_zone(self, name: str, zones: tuple[str, ...], to: Selector | None, path: Path_) -> None:
        """A keyword whose ability is used from one zone only (S・トリガー: the shield zone) is given by a
        static only to objects in that zone (``Vocabulary.keyword_zones``)."""
        works = self.vocab.keyword_zones.get(name)
        if works is None:
            return
        if to is None:
            where = zones or ("battle_zone",)
        else:
            where = to.zones or ((to.zone,) if to.zone else ("battle_zone",))
        if works not in where:
            raise self.fail(
                path,
                f"keyword {name} works only in the {works}, but this static gives it in {', '.join(where)}; "
                f"add 'zones: [{works}]' (this card there) or 'zone: {works}' to 'to'",
            )

    def static_v2(self, entry: dict[str, Any], path: Path_, index: int, line: int) -> AbilitySpec:
        """``static: {PROPERTY: VALUE}`` with ``to``, ``if`` and ``zones``."""
        self.mapping(entry, path, {"static", "to", "if", "zones", "min", "waiting"}, "a static ability")
        body = self.mapping(
            entry["static"], (*path, "static"), set(self.vocab.properties), "a static property"
        )
        if len(body) != 1:
            raise self.fail(
                (*path, "static"), "a static has exactly one property; write one static per property"
            )
        prop, raw = next(iter(body.items()))
        p = (*path, "static", prop)
        kind = self.vocab.properties[prop]
        value: Any
        if kind == V.QTY:
            value = self.quantity(raw, p)
        elif kind == V.KEYWORD:
            value = self.choice(raw, self.vocab.keywords, p, "keyword")
            if prop == "keyword":
                self.static_keyword(value, p)
        elif kind == V.TEXT:
            value = self.text(raw, p)
        elif kind == V.INT:
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise self.fail(p, f"write a whole number, e.g. '{prop}: 1' (got {raw!r})")
            value = raw
        elif kind == "civilization":
            value = self.choice(raw, self.vocab.civilizations, p, "civilization")
        elif kind == "filter":
            value = self.filter_v2(raw, p)
        elif kind == "keyword_of":  # 「S・トリガー」を使えない: a keyword, of the cards a filter describes
            body = self.mapping(raw, p, {"keyword", "of"}, "a keyword and the cards it is of")
            if "keyword" not in body:
                raise self.fail(p, "needs 'keyword' (one of " + ", ".join(USED_KEYWORDS) + ")")
            value = {
                "keyword": self.choice(body["keyword"], USED_KEYWORDS, (*p, "keyword"), "used keyword"),
                "of": self.filter_v2(body.get("of", {}), (*p, "of")),
            }
        elif (
            kind == "summon_from"
        ):  # …を1体、自分の墓地から召喚してもよい: a zone and the cards it lets be summoned
            body = self.mapping(
                raw,
                p,
                {"zone", "what", "any_number", "any_turn", "free_if"},
                "a zone and the cards summoned from it",
            )
            if "zone" not in body:
                raise self.fail(p, "needs 'zone' (where the cards are summoned from)")
            value = {
                "zone": self.choice(
                    body["zone"], ("graveyard", "mana_zone"), (*p, "zone"), "zone to summon from"
                ),
                "what": self.filter_v2(body.get("what", {}), (*p, "what")),
                # no 「1体」: any number of such summons a turn
                "any_number": self.boolean(body.get("any_number", False), (*p, "any_number")),
                # 各ターンに一度: also a summon an effect allows, in any turn (summon_from.py)
                "any_turn": self.boolean(body.get("any_turn", False), (*p, "any_turn")),
            }
            if "free_if" in body:  # それが…ならコストを支払わずに召喚する
                value["free_if"] = self.filter_v2(body["free_if"], (*p, "free_if"))
        elif kind == "ability":  # 「…」を得る by a static: a static ability or a keyword made of statics
            value = self.ability(raw, p, 0)
            if value.form not in ("static", "keyword", "trigger", "replace"):
                raise self.fail(
                    p, f"a static gives a static, a keyword, a trigger or a replacement, not {value.form}"
                )
        elif kind == V.PROPERTY:
            value = self.choice(
                raw, sorted(k for k, v in self.vocab.properties.items() if v == V.BOOL), p, "property"
            )
        else:
            if raw is not True:
                raise self.fail(p, f"write '{prop}: true'")
            value = True
        params = {"property": prop, "value": value}
        if "min" in entry:  # …より少なくならない: how far a cost reduction may go
            if prop not in ("cost", "cross_cost"):
                raise self.fail((*path, "min"), "'min' goes with a 'cost' or 'cross_cost' static")
            params["min"] = self.quantity(entry["min"], (*path, "min"))
        if "waiting" in entry:  # 113.6c: 「シールドゾーンから手札に加えるこのクリーチャーに」…を与える
            raw_zones = entry.get("zones")
            zones_named: list[Any] = raw_zones if isinstance(raw_zones, list) else [raw_zones]
            if prop != "ability" or "shield_zone" not in zones_named:
                raise self.fail(
                    (*path, "waiting"), "'waiting' goes with a static giving an ability in the shield zone"
                )
            params["waiting"] = self.boolean(entry["waiting"], (*path, "waiting"))
        to = None
        if prop in PLAYER_PROPERTIES:  # 誰も… / 相手は…: the players it applies to (default each)
            params["players"] = self.choice(
                entry.get("to", "each"), ("you", "opponent", "each"), (*path, "to"), "players"
            )
        elif "to" in entry:
            to = self.selector_v2(entry["to"], (*path, "to"), need_count=False)
        condition = self.condition(entry["if"], (*path, "if")) if "if" in entry else None
        zones = self.zone_names(entry["zones"], (*path, "zones")) if "zones" in entry else ()
        if prop == "keyword":
            self.keyword_zone(value, zones, to, p)
        return AbilitySpec(
            "static",
            "property",
            index,
            condition=condition,
            zones=zones,
            params=params,
            line=line,
            to=to,
        )

    def zone_names(self, value: Any, path: Path_) -> tuple[str, ...]:
        known = {*self.vocab.zones, "hyperspatial_zone", "gr_zone", PENDING_ZONE}  # zones: [pending] (409)
        names = self.names(value, path, known, "zone")
        return tuple(ZONE_ALIASES.get(n, n) for n in names)

    def pattern_zones(self, value: Any, path: Path_) -> tuple[str, ...]:
        """A pattern's zones: the zones, and ``pending`` (保留状態, 409: a spell being cast waits there until
        it goes to the graveyard, 302.3)."""
        names = self.names(
            value, path, {*self.vocab.zones, "hyperspatial_zone", "gr_zone", PENDING_ZONE}, "zone"
        )
        return tuple(ZONE_ALIASES.get(n, n) for n in names)

    def pattern(self, value: Any, path: Path_) -> Pattern:
        value = self.mapping(value, path, set(PATTERN_FIELDS), "an event pattern")
        if "any_of" in value:  # 「〜た時、または〜た時」: one pattern matching what any of its parts matches
            if len(value) != 1:
                raise self.fail(path, "'any_of' stands alone: write each event's filters in its own pattern")
            parts = value["any_of"]
            if not isinstance(parts, list) or len(parts) < 2:
                raise self.fail((*path, "any_of"), "expected a list of two or more patterns")
            alternatives = tuple(self.pattern(p, (*path, "any_of", i)) for i, p in enumerate(parts))
            own = any(a.subject.kind == "self" for a in alternatives)  # one of them is about this card
            return Pattern(event="any_of", subject=SELF if own else ANYTHING, alternatives=alternatives)
        if "event" not in value:
            raise self.fail(path, f"a pattern needs 'event' (one of {', '.join(sorted(self.vocab.events))})")
        event = self.choice(value["event"], self.vocab.events, (*path, "event"), "event")
        player = (
            self.choice(
                value["player"], ("you", "opponent", "any", "turn_player"), (*path, "player"), "player"
            )
            if "player" in value
            else None
        )
        # a player's event (draws, turns) is about anything; 選ばれた時's player is the chooser: about this
        subject: Selector = ANYTHING if player is not None and event != "chosen" else SELF
        if "subject" in value:
            raw = value["subject"]
            subject = (
                ANYTHING if raw == "any" else self.selector_v2(raw, (*path, "subject"), need_count=False)
            )
        if "keyword" in value and event != "keyword_used":
            raise self.fail((*path, "keyword"), "'keyword' goes with 'event: keyword_used'")
        if "ability_word" in value and event != "ability_used":
            raise self.fail((*path, "ability_word"), "'ability_word' goes with 'event: ability_used'")
        if "on_own" in value and event != "triggers":
            raise self.fail((*path, "on_own"), "'on_own' goes with 'event: triggers'")
        if ("count" in value) != (event == "cards_became"):
            raise self.fail(path, "'count' goes with 'event: cards_became', which needs it")
        declared = self.boolean(value.get("declared", False), (*path, "declared"))
        if declared and event not in ("broken", "discarded"):
            raise self.fail((*path, "declared"), "'declared' goes with 'event: broken' or 'event: discarded'")
        if "target" in value and event not in ATTACK_TARGET_EVENTS:
            raise self.fail(
                (*path, "target"), f"'target' goes with 'event: {'/'.join(ATTACK_TARGET_EVENTS)}'"
            )
        by: tuple[SourceFilter, ...] = ()
        if "by" in value:
            raw_by = value["by"] if isinstance(value["by"], list) else [value["by"]]
            by = tuple(self.source_filter(b, (*path, "by", i)) for i, b in enumerate(raw_by))
        broken_by: tuple[SourceFilter, ...] = ()
        if "broken_by" in value:  # …によってブレイクされたシールドの (the card's newest break this turn)
            raw_broken = value["broken_by"] if isinstance(value["broken_by"], list) else [value["broken_by"]]
            broken_by = tuple(
                self.source_filter(b, (*path, "broken_by", i)) for i, b in enumerate(raw_broken)
            )
        return Pattern(
            event=event,
            subject=subject,
            from_zones=self.pattern_zones(value["from"], (*path, "from")) if "from" in value else (),
            to_zones=self.pattern_zones(value["to"], (*path, "to")) if "to" in value else (),
            not_from=self.zone_names(value["not_from"], (*path, "not_from")) if "not_from" in value else (),
            how=self.names(value["how"], (*path, "how"), HOW_VALUES, "how") if "how" in value else (),
            not_how=self.choice(value["not_how"], HOW_VALUES, (*path, "not_how"), "how")
            if "not_how" in value
            else None,
            by=by,
            player=player,
            target=self.choice(value["target"], ("player", "creature", "this"), (*path, "target"), "target")
            if "target" in value
            else None,
            to_at_most=self.quantity(value["to_at_most"], (*path, "to_at_most"))
            if "to_at_most" in value
            else None,
            first_this_turn=self.boolean(value.get("first_this_turn", False), (*path, "first_this_turn")),
            broken_by=broken_by,
            face_up=self.boolean(value["face_up"], (*path, "face_up")) if "face_up" in value else None,
            sideways=self.boolean(value["sideways"], (*path, "sideways")) if "sideways" in value else None,
            reason=self.choice(value["reason"], LOSS_REASONS, (*path, "reason"), "reason")
            if "reason" in value
            else None,
            keyword=self.choice(value["keyword"], self.vocab.keywords, (*path, "keyword"), "keyword")
            if "keyword" in value
            else None,
            ability_word=self.ability_word(value["ability_word"], (*path, "ability_word"))
            if "ability_word" in value
            else None,
            used_from=self.zone_names(value["used_from"], (*path, "used_from"))
            if "used_from" in value
            else (),
            on_own=self.choice(value["on_own"], self.vocab.events, (*path, "on_own"), "event")
            if "on_own" in value
            else None,
            declared=declared,
            count=self.quantity(value["count"], (*path, "count")) if "count" in value else None,
            once_per_batch=self.boolean(value.get("once_per_batch", False), (*path, "once_per_batch")),
            during_turn=self.choice(value["during_turn"], ("you", "opponent"), (*path, "during_turn"), "turn")
            if "during_turn" in value
            else None,
        )

    def record_pattern(self, value: Any, path: Path_) -> Pattern:
        """A pattern read against the game's record (``happened``, ``events``): each event on its own."""
        pattern = self.pattern(value, path)
        if pattern.once_per_batch:
            raise self.fail((*path, "once_per_batch"), "'once_per_batch' goes with a trigger (603.2b)")
        if pattern.during_turn is not None:
            raise self.fail(
                (*path, "during_turn"),
                "'during_turn' goes with a trigger or a replacement; the record keeps no turn player:"
                " write the condition {turn: you | opponent} beside it",
            )
        return pattern

    def source_filter(self, value: Any, path: Path_) -> SourceFilter:
        value = self.mapping(value, path, set(SOURCE_FIELDS), "a source (by)")
        card = None
        if "card" in value:
            card = (
                SELF
                if value["card"] == "this"
                else self.selector_v2(value["card"], (*path, "card"), need_count=False)
            )
        return SourceFilter(
            player=self.choice(value["player"], PLAYERS, (*path, "player"), "player")
            if "player" in value
            else None,
            kind=self.choice(value["kind"], SOURCE_KINDS, (*path, "kind"), "source kind")
            if "kind" in value
            else None,
            card=card,
        )

    def selector_v2(self, value: Any, path: Path_, need_count: bool = True) -> Selector:
        """A language-2 selector mapping: where, what matches, how many (docs/cards.md, "Selectors")."""
        if isinstance(value, str):
            return self.selector(value, path)
        value = self.mapping(value, path, set(SELECTOR_FIELDS), "a selector")
        how_many = [k for k in HOW_MANY_FIELDS if k in value]
        if need_count and len(how_many) != 1:
            raise self.fail(
                path,
                f"a selector in an effect says exactly one of {', '.join(HOW_MANY_FIELDS)}; "
                f"got {how_many or 'none'}",
            )
        if not need_count and how_many:
            raise self.fail((*path, how_many[0]), "a selector here describes cards; it chooses nothing")
        zones: tuple[str, ...] = ()
        if "zone" in value:
            zones = self.zone_names(value["zone"], (*path, "zone"))
        flt = self.filter_v2({k: v for k, v in value.items() if k in FILTER_FIELDS}, path)
        kind, amount, count, up_to, any_number, random = "all", None, 0, False, False, False
        how = how_many[0] if how_many else None
        if how == "all":
            if value["all"] is not True:
                raise self.fail((*path, "all"), "write 'all: true'")
        elif how == "any_number":
            if value["any_number"] is not True:
                raise self.fail((*path, "any_number"), "write 'any_number: true'")
            kind, any_number, up_to = "choose", True, True
        elif how is not None:
            kind = "choose"
            amount = self.quantity(value[how], (*path, how))
            if amount.literal is not None and amount.literal < 1:
                raise self.fail((*path, how), f"choose at least 1, got {amount.literal}")
            count = amount.literal if amount.literal is not None else 0
            up_to = how == "up_to"
            random = how == "random"
        return Selector(
            kind,
            count=count,
            up_to=up_to,
            zone=zones[0] if zones else None,
            owner=self.choice(
                value.get("owner", "any"), ("you", "opponent", "any"), (*path, "owner"), "owner"
            ),
            filter=flt,
            chooser=self.choice(
                value.get("chooser", "you"), ("you", "opponent", "owner"), (*path, "chooser"), "chooser"
            ),
            random=random,
            save_as=self.text(value["as"], (*path, "as")) if "as" in value else None,
            cards=self.boolean(value.get("cards", False), (*path, "cards")),
            top_card=self.boolean(value.get("top_card", False), (*path, "top_card")),
            zones=zones if len(zones) > 1 else (),
            amount=amount if amount is not None and amount.literal is None else None,
            any_number=any_number,
            top=self.quantity(value["top"], (*path, "top")) if "top" in value else None,
            bottom=self.quantity(value["bottom"], (*path, "bottom")) if "bottom" in value else None,
            extreme=self.extreme(value, path),
            total_at_most=self.total_at_most(value, path, kind),
            total_at_least=self.total_at_most(value, path, kind, "total_at_least"),
        )

    def total_at_most(
        self, value: dict[str, Any], path: Path_, kind: str, key: str = "total_at_most"
    ) -> tuple[str, Quantity] | None:
        """``total_at_most: {power: Q}`` / ``total_at_least: {cost: Q}``: what the chosen objects may (must)
        add up to."""
        if key not in value:
            return None
        p = (*path, key)
        if kind != "choose":
            raise self.fail(p, f"'{key}' bounds a choice: write it with choose, up_to or any_number")
        raw = self.mapping(value[key], p, set(EXTREME_OF), "a total")
        if len(raw) != 1:
            raise self.fail(p, f"name one of {', '.join(EXTREME_OF)}")
        ((what, q),) = raw.items()
        return what, self.quantity(q, (*p, what))

    def extreme(self, value: dict[str, Any], path: Path_) -> tuple[str, str] | None:
        """``least: power`` / ``most: cost``: only the matching objects with the smallest / largest value."""
        found = [k for k in ("least", "most") if k in value]
        if len(found) > 1:
            raise self.fail((*path, found[1]), "write one of 'least' and 'most'")
        if not found:
            return None
        return found[0], self.choice(value[found[0]], EXTREME_OF, (*path, found[0]), "characteristic")

    def filter_v2(self, value: Any, path: Path_) -> Filter:
        """The filter fields (docs/cards.md): each composes with every other."""
        value = self.mapping(value, path, set(FILTER_FIELDS), "a filter")
        out: dict[str, Any] = {}
        if "type" in value:
            types = self.names(value["type"], (*path, "type"), self.vocab.filter_types, "card type")
            if len(types) == 1:
                out["type"] = types[0]
            else:
                out["types"] = types
        if "civilization" in value:
            civ = value["civilization"]
            out["civilizations"] = (
                (civ,)  # a civilization a `declare` step chose (106.3)
                if isinstance(civ, str) and civ.startswith("$")
                else self.names(civ, (*path, "civilization"), self.vocab.civilizations, "civilization")
            )
        if "civilizations" in value:
            out["civilizations_all"] = self.names(
                value["civilizations"], (*path, "civilizations"), self.vocab.civilizations, "civilization"
            )
        for key in BOOL_FILTER_FIELDS:
            if key in value:
                out[key] = self.boolean(value[key], (*path, key))
        if "race" in value:
            out["races"] = self.names(value["race"], (*path, "race"))
        if "race_exact" in value:
            out["race_exact"] = self.text(value["race_exact"], (*path, "race_exact"))
        if "evolves_from" in value:  # …を進化元とする: an evolution whose base names that race word
            out["evolves_from"] = self.text(value["evolves_from"], (*path, "evolves_from"))
        if "in_zone" in value:  # …にある: is in that zone (a filter of its own, for any_of over zones)
            out["in_zone"] = self.zone_names(value["in_zone"], (*path, "in_zone"))
        if "name" in value:
            names = self.names(value["name"], (*path, "name"))
            if len(names) == 1:
                out["name"] = names[0]
            else:
                out["names"] = names
        if "name_contains" in value:
            out["name_contains"] = self.text(value["name_contains"], (*path, "name_contains"))
        for key in ("cost", "power"):
            if key in value:
                out[key] = self.compare(value[key], (*path, key))
        if "keyword" in value:
            out["keyword"] = self.choice(value["keyword"], self.vocab.keywords, (*path, "keyword"), "keyword")
        if "has_trigger" in value:  # 「サイレントスキル」を持つ: a triggered ability on that event
            out["has_trigger"] = self.choice(
                value["has_trigger"], sorted(self.vocab.events), (*path, "has_trigger"), "event"
            )
        if "has_kz" in value:
            if value["has_kz"] is not True:
                raise self.fail((*path, "has_kz"), "write 'has_kz: true'")
            out["has_kz"] = True
        if "other" in value:
            if value["other"] is not True:
                raise self.fail((*path, "other"), "write 'other: true'")
            out["other_than_self"] = True
        if "not" in value:
            raw = value["not"]
            if raw in ("this", "event.subject"):
                out["not_ref"] = raw
            elif isinstance(raw, str) and raw.startswith("$"):
                out["not_ref"] = raw[1:]
            else:
                out["not_filter"] = self.filter_v2(raw, (*path, "not"))
        for key in ("any_of", "all_of"):
            if key in value:
                items = self.items(value[key], (*path, key))
                if len(items) < 2:
                    raise self.fail((*path, key), f"{key} needs at least two filters")
                out[key] = tuple(self.filter_v2(f, (*path, key, i)) for i, f in enumerate(items))
        if "same_name_as" in value:
            raw_same = value["same_name_as"]
            out["same_name_as"] = (
                self.selector(raw_same, (*path, "same_name_as"))
                if isinstance(raw_same, str)
                else self.selector_v2(raw_same, (*path, "same_name_as"), need_count=False)
            )
        if "crossed_to" in value:  # これをクロスしている / crossed with this creature (303.3a)
            raw_to = value["crossed_to"]
            out["crossed_to"] = (
                self.selector(raw_to, (*path, "crossed_to"))
                if isinstance(raw_to, str)
                else self.selector_v2(raw_to, (*path, "crossed_to"), need_count=False)
            )
        if "attached_to" in value:  # …に付いているオーラ / 装備している / クロスしている (310, 305, 303)
            raw_at = value["attached_to"]
            out["attached_to"] = (
                self.selector(raw_at, (*path, "attached_to"))
                if isinstance(raw_at, str)
                else self.selector_v2(raw_at, (*path, "attached_to"), need_count=False)
            )
        if "shares_race_with" in value:  # 同じ種族の: a race in common with what the selector describes
            raw_race = value["shares_race_with"]
            out["shares_race_with"] = (
                self.selector(raw_race, (*path, "shares_race_with"))
                if isinstance(raw_race, str)
                else self.selector_v2(raw_race, (*path, "shares_race_with"), need_count=False)
            )
        if "shares_civilization_with" in value:  # それと同じ文明を持つ: a civilization in common (106)
            raw_civ = value["shares_civilization_with"]
            out["shares_civilization_with"] = (
                self.selector(raw_civ, (*path, "shares_civilization_with"))
                if isinstance(raw_civ, str)
                else self.selector_v2(raw_civ, (*path, "shares_civilization_with"), need_count=False)
            )
        if "broken_by" in value:  # …がブレイクするシールド (701.14), as the pattern field reads it
            raw_broken = value["broken_by"] if isinstance(value["broken_by"], list) else [value["broken_by"]]
            out["broken_by"] = tuple(
                self.source_filter(b, (*path, "broken_by", i)) for i, b in enumerate(raw_broken)
            )
        if "moved_by" in value:  # …の効果で置いた: what caused the object's newest move (the record)
            raw_moved = value["moved_by"] if isinstance(value["moved_by"], list) else [value["moved_by"]]
            out["moved_by"] = tuple(
                self.source_filter(b, (*path, "moved_by", i)) for i, b in enumerate(raw_moved)
            )
        if "crossed_by" in value:  # the creature a cross gear is crossed to (303.3a)
            raw_by = value["crossed_by"]
            out["crossed_by"] = (
                self.selector(raw_by, (*path, "crossed_by"))
                if isinstance(raw_by, str)
                else self.selector_v2(raw_by, (*path, "crossed_by"), need_count=False)
            )
        if "in" in value:
            raw_in = value["in"]
            if raw_in in (
                "event.subject",
                "attached",
                "linked_shield",
            ):  # そのクリーチャー / 装備した / そのシールド
                out["in_var"] = raw_in
            elif not (isinstance(raw_in, str) and raw_in.startswith("$")):
                raise self.fail(
                    (*path, "in"),
                    "expected a saved name ($name), event.subject, attached or linked_shield,"
                    f" got {raw_in!r}",
                )
            else:
                out["in_var"] = raw_in[1:]
        return Filter(**out, v2=True)

    def compare(self, value: Any, path: Path_) -> Compare:
        if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in COMPARE_OPS:
            op, raw = next(iter(value.items()))
            return Compare(op, self.quantity(raw, (*path, op)))
        return Compare("equals", self.quantity(value, path))

    def quantity(self, value: Any, path: Path_) -> Quantity:
        """A number, ``$name`` (how many were saved), or one quantity form (docs/cards.md, "Quantities")."""
        if isinstance(value, int) and not isinstance(value, bool):
            return number(value)
        if isinstance(value, str) and value.startswith("$") and len(value) > 1:
            return Quantity("saved", name=value[1:])
        if not isinstance(value, dict) or not value:
            raise self.fail(
                path,
                f"expected a quantity (a number, $name or one of {', '.join(QUANTITY_FORMS)}), got {value!r}",
            )
        allowed = set(QUANTITY_FORMS) | {"during", "then", "else", "except"}
        self.mapping(value, path, allowed, "a quantity")
        forms = [k for k in value if k in QUANTITY_FORMS]
        if len(forms) != 1:
            raise self.fail(path, f"a quantity has exactly one of {', '.join(QUANTITY_FORMS)}")
        form = forms[0]
        raw = value[form]
        p = (*path, form)
        if "during" in value and form != "events":
            raise self.fail((*path, "during"), "'during' goes with 'events'")
        if form == "if":  # {if: C, then: Q, else: Q}: "…なら、かわりに…" in a number (609.7)
            for key in ("then", "else"):
                if key not in value:
                    raise self.fail(path, f"a conditional quantity needs '{key}'")
            return Quantity(
                "if",
                parts=(
                    self.quantity(value["then"], (*path, "then")),
                    self.quantity(value["else"], (*path, "else")),
                ),
                condition=self.condition_v2(raw, p)
                if isinstance(raw, dict) and raw
                else self.condition(raw, p),
            )
        if "then" in value or "else" in value:
            raise self.fail(path, "'then' and 'else' go with 'if'")
        if "except" in value and form != "races":
            raise self.fail((*path, "except"), "'except' goes with 'races'")
        if form == "races":  # …の種族1つにつき: the distinct whole races among the objects (203)
            raw_except = value.get("except", [])
            words = [raw_except] if isinstance(raw_except, str) else self.items(raw_except, (*path, "except"))
            return Quantity(
                "races",
                selector=self.selector(raw, p)
                if isinstance(raw, str)
                else self.selector_v2(raw, p, need_count=False),
                words=tuple(self.text(w, (*path, "except", i)) for i, w in enumerate(words)),
            )
        if form in ("count", "count_cards"):
            if isinstance(raw, str) and raw.startswith("$"):
                return Quantity("saved", name=raw[1:])
            return Quantity(form, selector=self.selector_v2(raw, p, need_count=False))
        if form in ("cost_of", "power_of", "cards_in", "seals", "max_power", "min_power", "civilizations"):
            return Quantity(
                form,
                selector=self.selector(raw, p)
                if isinstance(raw, str)
                else self.selector_v2(raw, p, need_count=False),
            )
        if form in ("done", "moved"):
            return Quantity(form, name=self.text(raw, p).removeprefix("$"))
        if form == "number":
            return Quantity("number_var", name=self.text(raw, p).removeprefix("$"))
        if form == "batch":  # 603.2b: a trigger's batch — its events, or the cards they moved
            return Quantity("batch", name=self.choice(raw, ("events", "cards"), p, "batch"))
        if form == "events":
            during = self.choice(value.get("during", "this_turn"), DURING, (*path, "during"), "during")
            return Quantity("events", pattern=self.record_pattern(raw, p), during=during)
        items = self.items(raw, p)
        if len(items) < 2:
            raise self.fail(p, f"{form} needs at least two quantities")
        if form in ("div", "mod") and len(items) != 2:
            raise self.fail(p, f"{form} needs two quantities (a number and what it is divided by)")
        return Quantity(form, parts=tuple(self.quantity(q, (*p, i)) for i, q in enumerate(items)))

    def condition_v2(self, value: dict[str, Any], path: Path_) -> Condition:
        allowed = set(CONDITION_FORMS) | {"during"}
        self.mapping(value, path, allowed, "a condition")
        forms = [k for k in value if k in CONDITION_FORMS]
        if len(forms) != 1:
            raise self.fail(path, f"a condition has exactly one of {', '.join(CONDITION_FORMS)}")
        form = forms[0]
        raw = value[form]
        p = (*path, form)
        if "during" in value and form != "happened":
            raise self.fail((*path, "during"), "'during' goes with 'happened'")
        if form in ("all", "any"):
            items = self.items(raw, p)
            if len(items) < 2:
                raise self.fail(p, f"{form} needs at least two conditions")
            return Condition(form, parts=tuple(self.condition(c, (*p, i)) for i, c in enumerate(items)))
        if form == "not":
            return Condition("not", parts=(self.condition(raw, p),))
        if form in COMPARE_OPS:
            items = self.items(raw, p)
            if len(items) != 2:
                raise self.fail(p, f"{form} compares exactly two quantities: [left, right]")
            return Condition(form, quantities=tuple(self.quantity(q, (*p, i)) for i, q in enumerate(items)))
        if form in ("exists", "none", *ATTACK_STATES):
            sel = (
                self.selector(raw, p) if isinstance(raw, str) else self.selector_v2(raw, p, need_count=False)
            )
            return Condition(form, selector=sel)
        if form == "turn":
            return Condition("turn", self.choice(raw, PLAYERS, p, "turn"))
        if form == "extra_turn":  # 追加ターン中 (true) / 追加ターン中でなければ (false)
            return Condition("extra_turn", self.boolean(raw, p))
        if form == "bonus":  # S能力 / P能力: this card was given its bonus abilities as it was used
            return Condition("bonus", self.boolean(raw, p))
        if form == "step":
            return Condition(
                "step", self.choice(raw, ("start", "draw", "charge", "main", "attack", "end"), p, "step")
            )
        if form == "happened":
            during = self.choice(value.get("during", "this_turn"), DURING, (*path, "during"), "during")
            return Condition("happened", during, pattern=self.record_pattern(raw, p))
        return Condition("did", self.text(raw, p).removeprefix("$"))


_ONE_OF = {"grant": (("flag", "keyword", "property", "ability", "ignore"),)}
"""Actions that need at least one of several arguments."""


def _plain_data(value: Any) -> Any:
    """A YAML value as plain, immutable-enough data (tuples for lists) to keep beside the parsed ability."""
    if isinstance(value, dict):
        return {str(k): _plain_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_data(v) for v in value]
    return value


def _is_v2_condition(value: dict[str, Any]) -> bool:
    """A language-2 condition form (``turn: you``, ``attacking: this``, ``exists: …``) rather than
    language 1's ``shield_force: true``."""
    return next(iter(value)) in CONDITION_FORMS or "during" in value


def _looks_like_selector(value: dict[str, Any], args: dict[str, str]) -> bool:
    """A bare selector written in place of ``{what: SEL}``: none of the action's own argument names, and
    some selector field."""
    if any(key in args for key in value):
        return False
    return any(key in value for key in SELECTOR_FIELDS)


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


_STEP_READS = frozenset({"did", "done", "moved"})


def _mentions(raw: Any, keys: frozenset[str]) -> bool:
    """Whether the written (YAML) data holds a mapping key among ``keys``, at any depth."""
    if isinstance(raw, dict):
        return any(k in keys or _mentions(v, keys) for k, v in raw.items())
    if isinstance(raw, list):
        return any(_mentions(v, keys) for v in raw)
    return False


def _names_in(value: Any, steps: set[str], chosen: set[str], reads: list[str]) -> None:
    """Gather, anywhere in a parsed ability, the names steps save (``as`` beside a step), the names
    selectors save (their own ``as``) and the names ``did``/``done``/``moved`` read
    (:meth:`_Reader.check_step_names`)."""
    if isinstance(value, Action):
        saved = value.args.get("_as")
        if isinstance(saved, str):
            steps.add(saved)
        for item in value.args.values():
            _names_in(item, steps, chosen, reads)
        return
    if isinstance(value, Condition) and value.kind == "did" and isinstance(value.value, str):
        reads.append(value.value)
    elif isinstance(value, Quantity) and value.kind in ("done", "moved") and value.name is not None:
        reads.append(value.name)
    elif isinstance(value, Selector) and value.save_as is not None:
        chosen.add(value.save_as)
    if isinstance(value, (AbilitySpec, Condition, Quantity, Selector, Filter, Pattern)):
        for f in fields(value):
            _names_in(getattr(value, f.name), steps, chosen, reads)
    elif isinstance(value, Mapping):
        for item in value.values():
            _names_in(item, steps, chosen, reads)
    elif isinstance(value, (tuple, list)):
        for item in value:
            _names_in(item, steps, chosen, reads)
