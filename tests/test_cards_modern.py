"""The modern cards (sets of 2019-2024) in card language 2.

* Every scenario under tests/cards/modern passes and cites its source and rules.
* Every library card recorded in a modern reference file (tests/data/card_reference/modern*.yaml, facts read
  on the Duel Masters wiki) agrees with it: set, rarity, type, civilizations, cost, races, power and text.
* Coverage (issue 9, item 5): every keyword of the keyword table and every card type the engine supports is
  carried by at least one real library card (printed, not reconstructed) of a 2019-2024 set — or, for the
  kinds in ``OLDER`` (first printed before 2019, no modern printing of the library's card found) and in
  ``LATER`` (first printed after 2024), of any real set (docs/cards.md, "Sources of the card data"). The
  kinds no real card covers yet are listed in ``GAPS`` with the reason; the test fails when one becomes
  covered (take it off the list) or when a kind loses its card.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tcgrules.cards.schema import AbilitySpec, CardDefinition
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters.rules import CARDS_DIR, standard_catalog
from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import scenario_files

HERE = Path(__file__).parent
SCENARIOS = HERE / "cards" / "modern"
REFERENCES = sorted((HERE / "data" / "card_reference").glob("modern*.yaml"))

MODERN_SET = re.compile(
    r"^(DMRP-(09|1\d|2[0-2])|DM2[2-4]-.+|DMEX-(0[6-9]|1\d)|DMBD-(09|1\d|2[0-2])|DMSD-(0[89]|1\d|2[01])"
    r"|デュエマGR爆速スタート52枚デッキセット|promo \(.*(2019|202[0-4])年.*\))$"
)
"""The set codes of 2019-2024: 超天篇 (DMRP-09, 2019) to DM24-*."""


@pytest.mark.parametrize("path", scenario_files([SCENARIOS]), ids=lambda p: p.name)
def test_modern_card_scenario(path: Path) -> None:
    scn = load_scenario(path)
    assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"
    outcome = run_scenario(scn)
    assert outcome.passed, "\n".join(outcome.failures)


def _reference() -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for path in REFERENCES:
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")):
            assert entry["name"] not in out, f"{path.name}: {entry['name']} is recorded twice"
            out[entry["name"]] = entry
    return out


def _face_facts(face: dict[str, object]) -> dict[str, object]:
    keys = ("name", "type", "civilizations", "cost", "races", "power", "text")
    return {k: face.get(k) for k in keys}


def test_modern_library_cards_match_the_reference() -> None:
    ref = _reference()
    checked = 0
    for path in sorted(CARDS_DIR.glob("*.yaml")):
        for card in yaml.safe_load(path.read_text(encoding="utf-8")):
            r = ref.get(card["name"])
            if r is None or card.get("text_status") == "reconstructed":
                continue
            label = f"{path.name}: {card['name']}"
            assert card.get("set") == r["set"], f"{label}: set"
            if r.get("rarity") is not None:
                assert card.get("rarity") == r["rarity"], f"{label}: rarity"
            if r.get("number") is not None:
                assert str(card.get("number")) == str(r["number"]), f"{label}: number"
            if "faces" in r:
                assert [_face_facts(f) for f in card["faces"]] == [_face_facts(f) for f in r["faces"]], label
            else:
                for key in ("civilizations", "cost", "races", "power", "text"):
                    assert card.get(key) == r.get(key), f"{label}: {key}"
            checked += 1
    assert checked >= 20


# ----------------------------------------------------------------------------------------------- coverage

OLDER: dict[str, str] = {
    # keyword or card type -> the first set it was printed in (before 2019): a real card of any set counts
    "ninja_strike": "DM-29",
    "neo": "DMRP-01",
    "power_attacker": "DM-01",
    "slayer": "DM-01",
    "evolution": "DM-02",
    "wave_striker": "DM-12 (English set; ウェーブストライカー)",
    "cross_gear": "DM-14 (転生編; the library's real ones are of the English set DM-15)",
    "invasion": "DMR-17",
    "revolution_change": "DMR-17",
    "escape": "DMR-09",
    "s_back": "DM-17",
    "sabaki_z": "DMRP-06 (a creature's ability; a spell's from DMSD-07, the library's real one)",
    "castle": "DM-30",
    "god_link": "DM-24",
    "psychic_release": "DM-36",
    "eternal_omega": "DMR-06",
    "link_release": "DM-37",
    "shield_force": "DMR-13",
    "bad": "DMRP-04魔",
    "last_burst": "DMRP-05 (the library's real one is of DMRP-07)",
    "kizuna": "DMEX-03",
    "psychic_creature": "DM-35",
    "psychic_cell": "DM-35",
    "psychic_super_creature": "DM-37",
    "exile_creature": "DMR-09 (エピソード3; the library's real one, 極太茸 菌次郎, is of DMR-10)",
    # the special card types of chapters 3 and 8 (issue 10): real cards of their first sets
    "d2_field": "デュエマ40枚スペシャルデッキ (2016), DMR-23",
    "forbidden_pulse": "DMR-19",
    "forbidden_creature": "DMR-19",
    "starts_sealed": "DMR-19",
    "forbidden_release": "DMR-19",
    "final_forbidden_field": "DMR-23",
    "final_forbidden_creature": "DMR-23",
    "forbidden_core": "DMR-23",
    # first printed before 2019, and no 2019-2024 printing of the library's real one confirmed
    "dragheart_fortress": "DMR-14 (the library's real one, 闘将銀河城 ハートバーン, is of DMR-16真, 2015)",
    "dragon_escape": "DMR-14 (the library's real one, 超戦覇龍 ガイNEXT, is of DMR-16真, 2015)",
}

LATER: dict[str, str] = {
    # card types first printed after 2024: a real card of any set counts
    "wd_field": "2025 (rule 819 is absent from Ver.1.45; the library's real one, 自由の王道"
    " 桃天守閣／心の王道 龍王武陣, shows no set on the pages reached: set_unknown.yaml)",
    "g_neo": "2025 (コロコロコミック 2025年4月号: the wiki's G-NEO進化 page; the library's real one,"
    " 堕チシ八叉ノ蛇神, is of DM25-RP1)",
}

GAPS: dict[str, str] = {}
"""Kinds no real library card carries yet, and why (docs/cards-missing-modern.md)."""


def _keywords(ability: AbilitySpec) -> set[str]:
    if ability.form == "keyword":
        return {ability.name}
    if ability.form == "static" and ability.params.get("property") == "keyword":
        return {str(ability.params["value"])}  # 「…」を与える: a static grant (アビスラッシュ is only given)
    given = ability.params.get("value") if ability.form == "static" else None
    if ability.params.get("property") == "ability" and isinstance(given, AbilitySpec):
        return _keywords(given)  # 「セイバー:ドラゴン」を与える: a keyword with parameters, given by a static
    return set()


def _kinds(card: CardDefinition) -> set[str]:
    kinds = {face.type for face in card.faces}
    if card.is_twinpact:
        kinds.add("twinpact")
    for face in card.faces:
        for ability in face.abilities:
            kinds |= _keywords(ability)
    return kinds


def _covered() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for card in standard_catalog().values():
        if card.text_status != "printed":
            continue
        for kind in _kinds(card):
            # a kind of a later set may count a real card whose set is not known (``LATER``)
            if kind in LATER or (card.set is not None and (MODERN_SET.match(card.set) or kind in OLDER)):
                found.setdefault(kind, []).append(card.name)
    return found


def test_every_keyword_and_card_type_is_on_a_real_modern_card() -> None:
    kinds = set(DUEL_MASTERS.keywords) | set(DUEL_MASTERS.card_types) | {"twinpact"}
    covered = _covered()
    missing = {k for k in kinds if k not in covered}
    assert missing - set(GAPS) == set(), f"kinds with no real card: {sorted(missing - set(GAPS))}"
    assert set(GAPS) & set(covered) == set(), (
        f"covered now, take off GAPS: {sorted(set(GAPS) & set(covered))}"
    )
    assert set(GAPS) <= kinds, f"GAPS names unknown kinds: {sorted(set(GAPS) - kinds)}"


def test_the_library_holds_at_least_the_modern_cards_counted_in_the_docs() -> None:
    modern = [
        c for c in standard_catalog().values() if c.text_status == "printed" and MODERN_SET.match(c.set or "")
    ]
    assert len(modern) >= 128
