"""Monster Collection (総合ルール 2.0, seed 001): replacement policy, sources, 耐性/弱点, copy, save."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tcgrules.cards.yamlsource import parse
from tcgrules.games.monster_collection import rules as mc_rules
from tcgrules.games.monster_collection.board import board
from tcgrules.games.monster_collection.cards import load_data, standard_catalog
from tcgrules.kernel import DefinitionError, Game, LogRecord, save

SPELL = "検証用戦闘スペル(火炎:2)"
PLAIN = "検証用ユニット"
MODULE = Path(mc_rules.__file__).parent


def game_with(unit: str, applied: list[Any], *, hand: list[Any] | None = None, b_hand: Any = ()) -> Game:
    """A's hand holds the test spell (alias ``spell``); B's unit ``unit`` has ``applied`` effects."""
    spec = {
        "turn": "A",
        "A": {"hand": hand if hand is not None else [{"card": SPELL, "as": "spell"}]},
        "B": {"field": [{"card": unit, "as": "unit", "applied": applied}], "hand": list(b_hand)},
    }
    return board(spec)


def alias(game: Game, name: str) -> int:
    aliases: dict[str, int] = game.info["aliases"]
    return aliases[name]


def use_spell(game: Game) -> None:
    game.answer(f"use:c{alias(game, 'spell')}:c{alias(game, 'unit')}")


def records(game: Game, kind: str) -> list[LogRecord]:
    return [r for r in game.log if r.kind == kind]


def zone_names(game: Game, player: int, zone: str) -> list[str]:
    return sorted(game.name(o.top) for o in game.objects_in((player, zone)))


# ---------------------------------------------------------------------------------------------- 10.8


def test_10_8_3_substitute_is_a_new_event_replaced_again() -> None:
    """Example 1: damage → death (クリティカル) → replaced again by リザレクション."""
    game = game_with(PLAIN, [{"card": "リザレクション", "by": "B"}, {"card": "クリティカル", "by": "A"}])
    use_spell(game)
    lineages = [r.data["lineage"] for r in records(game, "replacement")]
    assert lineages == [("damage", "death"), ("damage", "death", "recover")]
    assert zone_names(game, 1, "field") == [PLAIN]
    assert not [r for r in records(game, "event") if r.data["event"] in ("damage", "death")]


def test_10_8_3_replaced_event_never_happened_so_the_others_do_nothing() -> None:
    game = game_with(PLAIN, [{"card": "クリティカル", "by": "A"}, {"card": "デッド・ホール", "by": "A"}])
    use_spell(game)
    assert game.pending is not None
    game.answer(next(o.label for o in game.pending.options if o.text == "クリティカル"))
    assert [r.data["event"] for r in records(game, "event")] == ["death"]
    assert any("デッド・ホール has nothing to replace" in r.text for r in records(game, "rule"))


@pytest.mark.parametrize(("first", "event"), [("クリティカル", "death"), ("デッド・ホール", "discard")])
def test_10_8_4_owner_chooses_order(first: str, event: str) -> None:
    """10.8.4.1: the affected unit's owner (B) decides, though A controls both effects."""
    game = game_with(PLAIN, [{"card": "クリティカル", "by": "A"}, {"card": "デッド・ホール", "by": "A"}])
    use_spell(game)
    decision = game.pending
    assert decision is not None and decision.kind == "replacement_order" and decision.player == 1
    assert decision.rule == "10.8.4.1"
    label = next(o.label for o in decision.options if o.text == first)
    game.answer(label)
    assert [r.data["event"] for r in records(game, "event")] == [event]
    assert zone_names(game, 1, "trash") == [PLAIN]


def test_10_8_loop_guard_an_effect_applies_once_per_lineage() -> None:
    """弱点 makes a new damage event; the same 弱点 does not replace it again (+1 once, no loop)."""
    game = game_with("検証用ユニット(弱点:火炎)", [])
    use_spell(game)
    assert game.object_of(alias(game, "unit")).state["damage"] == 3
    assert len(records(game, "replacement")) == 1


# ---------------------------------------------------------------------------------------------- 4.8/4.9


def death_sources(game: Game) -> list[int | None]:
    return [r.data.get("source") for r in game.log if r.data.get("event") == "death" and r.kind != "answer"]


def test_4_8_source_of_death_is_the_damage_source_with_the_erratum() -> None:
    game = game_with(PLAIN, [{"card": "クリティカル", "by": "A", "as": "critical"}])
    use_spell(game)
    assert set(death_sources(game)) == {alias(game, "spell")}


def test_4_8_source_of_death_is_critical_before_the_erratum() -> None:
    game = game_with(PLAIN, [{"card": "クリティカル", "by": "A", "as": "critical", "text": "original"}])
    use_spell(game)
    assert set(death_sources(game)) == {alias(game, "critical")}


def test_4_9_resistance_follows_the_source_of_the_death() -> None:
    """Example 6: 耐性:戦闘スペル stops the death only when the damage came from a 戦闘スペル."""
    game = game_with("検証用ユニット(耐性:戦闘スペル)", [{"card": "クリティカル", "by": "A"}])
    use_spell(game)
    assert zone_names(game, 1, "field") == ["検証用ユニット(耐性:戦闘スペル)"]
    assert records(game, "prohibited")[0].data["source"] == alias(game, "spell")


# ---------------------------------------------------------------------------------------------- 耐性, 弱点


def test_resistance_prevents_death_but_not_discard() -> None:
    """Example 7: デッド・ホール's 破棄 is not a death, so 耐性 cannot stop it."""
    game = game_with("検証用ユニット(耐性:戦闘スペル)", [{"card": "デッド・ホール", "by": "A"}])
    use_spell(game)
    assert zone_names(game, 1, "trash") == ["検証用ユニット(耐性:戦闘スペル)"]
    assert not records(game, "prohibited")


def test_resistance_prevents_the_death_of_lethal_damage() -> None:
    game = game_with("検証用ユニット(耐性:すべてのダメージ属性)", [])
    game.inject({"event": "damage", "target": "unit", "attribute": "火炎", "amount": 5})
    assert game.object_of(alias(game, "unit")).state["damage"] == 5
    assert len(records(game, "prohibited")) == 1  # logged once, not proposed again
    game.inject({"event": "discard", "target": "unit"})
    assert zone_names(game, 1, "trash") == ["検証用ユニット(耐性:すべてのダメージ属性)"]


def test_critical_takes_away_damage_attribute_resistances_only() -> None:
    from tcgrules.games.monster_collection.abilities import resistances

    game = game_with("検証用ユニット(耐性:すべてのダメージ属性)", [{"card": "クリティカル", "by": "A"}])
    assert resistances(game, game.card_object[alias(game, "unit")]) == ()
    game = game_with("検証用ユニット(耐性:消耗品)", [{"card": "クリティカル", "by": "A"}])
    assert resistances(game, game.card_object[alias(game, "unit")]) == ("消耗品",)


def test_weakness_raises_damage_of_its_attribute_and_keeps_the_source() -> None:
    """Supplement 2: the damage's source is the card that dealt it, never 弱点."""
    game = game_with("検証用ユニット(弱点:火炎)", [])
    use_spell(game)
    damage = [r for r in records(game, "event") if r.data["event"] == "damage"]
    assert len(damage) == 1 and "火炎:3" in damage[0].text
    assert damage[0].data["source"] == alias(game, "spell")
    game.inject({"event": "damage", "target": "unit", "attribute": "浄化", "amount": 1})
    assert game.object_of(alias(game, "unit")).state["damage"] == 4  # 浄化 is not raised


# ------------------------------------------------------------------------------------------ [対抗], 4.1.15


def drain_game() -> Game:
    hand = [{"card": "エナジー・ドレイン", "as": "drain"}]
    game = game_with(PLAIN, [], hand=hand, b_hand=[{"card": "クリティカル", "as": "critical"}])
    game.answer(f"use:c{alias(game, 'drain')}:c{alias(game, 'unit')}")
    return game


def test_counter_resolves_first_and_4_1_15_replaced_is_still_applied() -> None:
    """Example 5: n = 0 because the damage was replaced, but 効果適用後 still runs."""
    game = drain_game()
    assert game.pending is not None and game.pending.kind == "response" and game.pending.player == 1
    game.answer(f"use:c{alias(game, 'critical')}:c{alias(game, 'unit')}")
    resolving = [r.text for r in records(game, "rule") if r.text.startswith("resolving")]
    assert [t.split()[1] for t in resolving] == ["クリティカル", "エナジー・ドレイン"]
    after = [r for r in records(game, "rule") if r.rule == "4.1.15"]
    assert len(after) == 1 and after[0].data["n"] == 0


def test_4_1_15_effect_not_applied_when_its_target_is_gone() -> None:
    game = drain_game()
    game.inject({"event": "discard", "target": "unit"})
    game.answer("pass")
    texts = [r.text for r in records(game, "rule") if r.rule == "4.1.15"]
    assert texts == ["エナジー・ドレイン's effect is not applied: its target is gone"]


# ---------------------------------------------------------------------------------------------- copy, save


def at_order_decision() -> Game:
    game = game_with(PLAIN, [{"card": "クリティカル", "by": "A"}, {"card": "デッド・ホール", "by": "A"}])
    use_spell(game)
    assert game.pending is not None and game.pending.kind == "replacement_order"
    return game


def texts(game: Game) -> list[str]:
    return [r.render() for r in game.log]


def test_copy_at_a_pending_decision_continues_identically_and_independently() -> None:
    game = at_order_decision()
    twin = game.copy()
    first, second = game.pending.labels  # type: ignore[union-attr]
    game.answer(first)
    twin.answer(first)
    assert texts(game) == texts(twin) and save.fingerprint(game) == save.fingerprint(twin)
    other = at_order_decision().copy()
    other.answer(second)
    assert zone_names(other, 1, "trash") == [PLAIN] and texts(other) != texts(game)


def test_save_and_load_at_a_pending_decision_continue_identically() -> None:
    game = at_order_decision()
    loaded = save.loads(save.dumps(game), mc_rules.setup)
    assert loaded.pending == game.pending
    label = game.pending.labels[1]  # type: ignore[union-attr]
    game.answer(label)
    loaded.answer(label)
    assert texts(game) == texts(loaded) and save.fingerprint(game) == save.fingerprint(loaded)


# ---------------------------------------------------------------------------------------------- cards


def test_card_errors_name_file_line_and_field() -> None:
    text = "- number: X-1\n  name: 壊れたユニット\n  types: [ユニット]\n  hp: zero\n  text: t\n"
    text += "  text_status: quoted-from-ruling\n"
    with pytest.raises(DefinitionError, match=r"bad\.yaml:4: \[0\]\.hp: expected a whole number"):
        load_data(parse(text, "bad.yaml"))


def test_every_seed_card_is_in_the_library_with_its_text_status() -> None:
    catalog = standard_catalog()
    numbers = {c.number for c in catalog.values()}
    seed = {"MA1-124", "MA1-127", "MC3-131", "MC3-132", "2B-021", "MC5-059", "MC5-137", "2B-012"}
    assert seed <= numbers
    assert all(c.text_status != "printed" for c in catalog.values())
    assert catalog["クリティカル"].erratum is not None


def test_rules_code_names_no_card() -> None:
    """Card behaviour comes from card data: no card name appears in the module's code."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in MODULE.glob("*.py"))
    code = re.sub(r'"""[\s\S]*?"""|#[^\n]*', "", code)  # docstrings and comments may cite the seed
    assert [name for name in standard_catalog() if name in code] == []


def test_kernel_does_not_import_the_module() -> None:
    kernel = MODULE.parent.parent / "kernel"
    assert not [p for p in kernel.glob("*.py") if "monster_collection" in p.read_text(encoding="utf-8")]
