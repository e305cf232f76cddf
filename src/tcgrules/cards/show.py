"""Print a card: its printed text beside its structured abilities, so one can be checked against the other."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

import yaml

from .schema import ANY, AbilitySpec, Action, CardDefinition, Face, Filter, Selector


def _plain(value: Any) -> Any:
    """Schema values as plain data, leaving out defaults so the output reads like the card file."""
    if isinstance(value, Selector):
        if value.kind in ("self", "event_subject"):
            return value.kind
        if value.kind == "var":
            return f"${value.var}"
        head: dict[str, Any] = {"choose": value.count} if value.kind == "choose" else {"all": True}
        rest = {k: v for k, v in _fields(value, Selector(value.kind)).items() if k not in ("kind", "count")}
        if "save_as" in rest:
            rest["as"] = rest.pop("save_as")
        return head | rest
    if isinstance(value, Action):
        return {value.op: _plain(dict(value.args))}
    if is_dataclass(value) and not isinstance(value, type):
        return _fields(value, ANY if isinstance(value, Filter) else None)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _fields(value: Any, default: Any) -> dict[str, Any]:
    out = {}
    for f in fields(value):
        item = getattr(value, f.name)
        if item in ((), None, False, {}) or (isinstance(item, Filter) and item == ANY):
            continue
        if default is not None and item == getattr(default, f.name):
            continue
        out[f.name] = _plain(item)
    return out


def _ability(spec: AbilitySpec) -> dict[str, Any]:
    out: dict[str, Any] = {spec.form: spec.name} if spec.form != "spell" else {}
    if spec.pattern is not None:  # language 2
        out = {spec.form: _plain(spec.pattern)}
    if spec.name == "property":
        out = {"static": {spec.params["property"]: _plain(spec.params["value"])}}
        if spec.to is not None:
            out["to"] = _plain(spec.to)
        if spec.condition is not None:
            out["if"] = _plain(spec.condition)
        if spec.zones:
            out["zones"] = list(spec.zones)
        return out
    if spec.form != "keyword" and spec.subject != "self":
        out["subject"] = spec.subject
    if spec.optional:
        out["optional"] = True
    if spec.condition is not None and spec.pattern is not None:
        out["if"] = _plain(spec.condition)
    elif spec.condition is not None:
        out["condition"] = {spec.condition.kind: _plain(spec.condition.value)}
    if spec.zones:
        out["zones"] = list(spec.zones)
    for key in ("effect", "instead", "then"):
        actions = getattr(spec, key)
        if actions:
            out["spell" if spec.form == "spell" else key] = [{a.op: _plain(dict(a.args))} for a in actions]
    if spec.params:
        out.update(_plain(dict(spec.params)))
    return out


def pair_sentences(face: Face, keyword_names: Mapping[str, str]) -> list[tuple[str, list[AbilitySpec]]]:
    """Each printed line (a ■ paragraph, 110.2c) with the abilities that express it: a keyword goes with
    the line that names it; the other abilities go, in order, with the lines no keyword took — and with a
    keyword's line that goes on to a sentence of its own (「禁断スター進化:このクリーチャーが出た時、…。」: it
    ends with 。). A line with no ability is reminder text; abilities left over go with the last line."""
    lines = [t for t in face.text.splitlines() if t.strip()]
    pairs: list[tuple[str, list[AbilitySpec]]] = [(t, []) for t in lines]
    taken: set[int] = set()
    rest: list[AbilitySpec] = []
    for spec in face.abilities:
        printed = keyword_names.get(spec.name) if spec.form == "keyword" else None
        at = next(
            (
                i
                for i, t in enumerate(lines)
                if printed and printed in t and (i not in taken or spec.form == "keyword")
            ),
            None,
        )
        if at is None:
            rest.append(spec)
            continue
        taken.add(at)
        pairs[at][1].append(spec)
    free = [i for i in range(len(lines)) if i not in taken or lines[i].rstrip().endswith("。")]
    for n, spec in enumerate(rest):
        if not pairs:
            pairs.append(("(no printed text)", []))
        at = free[n] if n < len(free) else len(pairs) - 1
        pairs[at][1].append(spec)
    return pairs


def abilities_yaml(specs: list[AbilitySpec]) -> str:
    """The abilities as the card file writes them (YAML), for printing beside their sentence."""
    written = [a.written if a.written is not None else _ability(a) for a in specs]
    return yaml.safe_dump(written, allow_unicode=True, sort_keys=False)


def _face(face: Face, keyword_names: Mapping[str, str]) -> list[str]:
    civs = "/".join(face.civilizations) or "zero (無色)"
    lines = [f"{face.name}   [{face.type}] {civs}, cost {face.cost}"]
    if face.is_creature:
        lines.append(f"  races: {' / '.join(face.races) or '-'}   power: {face.power}")
    if not face.text.strip() and not face.abilities:
        return [*lines, "  (no abilities)"]
    lines += _sentences(face, keyword_names)
    if face.hyper is not None:  # 816.1: the hyper mode, printed below the normal text
        lines.append(f"  ハイパーモード   power: {face.hyper.power}")
        lines += _sentences(face.hyper, keyword_names)
    return lines


def _sentences(face: Face, keyword_names: Mapping[str, str]) -> list[str]:
    lines: list[str] = []
    for sentence, specs in pair_sentences(face, keyword_names):
        lines.append(f"  ■ {sentence}")
        if not specs:
            lines.append("      (no ability: reminder text)")
            continue
        lines += [f"      {line}" for line in abilities_yaml(specs).rstrip().splitlines()]
    return lines


def show(card: CardDefinition, keyword_names: Mapping[str, str] | None = None) -> str:
    lines = []
    meta = ", ".join(x for x in (card.english, card.set, card.rarity) if x)
    if meta:
        lines.append(f"({meta})")
    if card.text_status != "printed":
        lines.append(f"text: {card.text_status} (the printed text was not available)")
    lines.append(f"defined at {card.file}:{card.line}")
    for face in card.faces:
        lines += _face(face, keyword_names or {})
    return "\n".join(lines)
