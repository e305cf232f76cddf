"""Every card of the library is exercised (issue "card language 2", item 5).

* A table-driven test over the library: each card with a keyword whose meaning is a characteristic is put
  into the battle zone and shows it (ブロッカー can block, a breaker breaks that many shields, スピード
  アタッカー can attack at once, パワーアタッカー adds power while attacking, 攻撃できない cannot attack,
  S・トリガー is usable when its shield is broken).
* Every card with any other ability is named by at least one scenario (tests/cards, tests/rulings) or test,
  which checks what that ability does.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from dm_helpers import A, cid, make, obj
from tcgrules.cards.schema import CardDefinition
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.keywords import ALL_SHIELDS
from tcgrules.games.duel_masters.rules import standard_catalog
from tcgrules.games.duel_masters.turn import can_attack

ROOT = Path(__file__).parents[1]

BREAKS = {"double_breaker": 2, "triple_breaker": 3, "quadruple_breaker": 4, "world_breaker": ALL_SHIELDS}
CHECKED = {*BREAKS, "blocker", "speed_attacker", "power_attacker", "cannot_attack", "shield_trigger"}


def _keywords(card: CardDefinition) -> dict[str, dict[str, object]]:
    face = card.main
    return {a.name: dict(a.params) for a in face.abilities if a.form == "keyword"}


def _restricts_attacks(card: CardDefinition) -> bool:
    """The card's own text has a (conditional) 攻撃できない besides its keywords (U・S・A・CAPTEEEN)."""
    return any(
        a.form == "static" and a.params.get("property") == "cannot_attack" for a in card.main.abilities
    )


def _keyword_cards() -> list[tuple[str, str]]:
    out = []
    for card in standard_catalog().values():
        if len(card.faces) != 1 or not card.main.is_creature or card.main.is_evolution:
            continue
        if card.main.type not in ("creature", "tamaseed_creature"):
            continue
        out += [(card.name, k) for k in _keywords(card) if k in CHECKED and k != "shield_trigger"]
    return sorted(out)


@pytest.mark.parametrize(("name", "keyword"), _keyword_cards())
def test_a_keyword_printed_on_a_library_card_shows_in_play(name: str, keyword: str) -> None:
    game = make({"turn": "A", "A": {"battle_zone": [{"card": name, "as": "c", "sick": True}]}})
    c = obj(game, "c")
    if keyword == "blocker":
        assert ch.flag(game, c, "can_block")
    elif keyword in BREAKS:
        assert ch.breaker(game, c) >= BREAKS[keyword]
    elif keyword == "speed_attacker" and _restricts_attacks(standard_catalog()[name]):
        assert ch.flag(game, c, "ignore_summoning_sickness")  # its own text limits attacking further
    elif keyword == "speed_attacker":
        assert can_attack(game, c, player=True)  # entered this turn, and can attack at once (301.5)
    elif keyword == "cannot_attack":
        assert not can_attack(game, c) and not can_attack(game, c, player=True)
    elif keyword == "power_attacker":
        amount = int(_keywords(standard_catalog()[name])[keyword]["amount"])  # type: ignore[call-overload]
        before = ch.power(game, c)
        c.state["attacking"] = True
        assert ch.power(game, c) == before + amount


def _shield_trigger_cards() -> list[str]:
    return sorted(
        c.name
        for c in standard_catalog().values()
        if len(c.faces) == 1 and "shield_trigger" in _keywords(c) and c.main.type in ("creature", "spell")
    )


@pytest.mark.parametrize("name", _shield_trigger_cards())
def test_a_shield_trigger_card_is_offered_when_its_shield_is_broken(name: str) -> None:
    """Offered, unless its player could not use the card at all (601.1b: 魔流毒 needs a darkness creature of
    its player to destroy) — then its S・トリガー is not even declared (the shield check, 113.6)."""
    from tcgrules.games.duel_masters.shield_breaks import card_usable

    game = make({"turn": "B", "A": {"shield_zone": [{"card": name, "as": "s"}]}})
    usable = card_usable(game, A, cid(game, "s"))
    game.inject({"event": "break", "target": "s"})
    decision = game.pending
    if not usable:
        assert decision is None or decision.kind not in ("use_trigger", "shield_trigger", "declare"), name
        return
    assert decision is not None and decision.player == A, f"{name}: no S・トリガー decision"
    assert decision.kind in ("use_trigger", "shield_trigger", "declare"), decision.kind


@cache
def _test_corpus() -> str:
    files = [p for p in (ROOT / "tests").rglob("*") if p.suffix in (".py", ".yaml")]
    return "".join(p.read_text(encoding="utf-8") for p in files)


def test_every_card_with_another_ability_is_named_by_a_scenario_or_test() -> None:
    corpus = _test_corpus()
    unnamed = []
    for card in standard_catalog().values():
        abilities = [a for f in card.faces for a in f.abilities]
        if all(a.form == "keyword" and a.name in CHECKED for a in abilities):
            continue  # none, or only keywords the table above checks
        if card.name not in corpus and (card.english is None or card.english not in corpus):
            unnamed.append(card.name)
    assert not unnamed, f"cards whose abilities no scenario or test exercises: {sorted(unnamed)}"


def _spelling(name: str) -> str:
    """A name as written whatever its spacing and the width of its ＝ (the wiki and other pages differ)."""
    return "".join(name.split()).replace("　", "").replace("=", "＝")


def test_no_card_is_in_the_library_twice_under_two_spellings() -> None:
    """202.2: a card is defined once. Two entries whose names differ only by spaces or the width of "＝"
    (悪縁 ガクブッチ＝リッチーモア and 悪縁ガクブッチ＝リッチーモア) are the same card written twice."""
    seen: dict[str, str] = {}
    twice = []
    for name in standard_catalog():
        key = _spelling(name)
        if key in seen and seen[key] != name:
            twice.append((seen[key], name))
        seen.setdefault(key, name)
    assert not twice, f"the same card under two spellings: {twice}"
