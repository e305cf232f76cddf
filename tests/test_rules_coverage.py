"""The coverage map of the Duel Masters comprehensive rules Ver.1.48 stays true (docs/rules-coverage.md).

The map (docs/rules-coverage.yaml) has exactly the rule numbers of chapters 1–8 (docs/dm_rules_1.48.txt,
extracted from dm_rule.md); every rule number a test cites is one of them; a rule marked implemented is cited
by a test; partial and not implemented rules say what is missing, n/a ones why; the Markdown is what the
generator makes of the map.
How a test cites a rule: docs/rules-coverage.md, "How a test cites a rule".
"""

from __future__ import annotations

import re
from pathlib import Path

from tcgrules.tools import rules_coverage as rc

ROOT = Path(__file__).parents[1]


def numbers() -> list[str]:
    return [number for number, _ in rc.read_numbers(ROOT)]


def test_the_map_lists_exactly_the_rule_numbers_of_ver_1_48_in_order() -> None:
    in_map = list(rc.load_map(ROOT))
    missing = [n for n in numbers() if n not in in_map]
    extra = [n for n in in_map if n not in set(numbers())]
    assert not missing, f"rules of Ver.1.48 missing from {rc.MAP_FILE}: {missing}"
    assert not extra, f"{rc.MAP_FILE} has numbers that are not rules of Ver.1.48 chapters 1–8: {extra}"
    assert in_map == numbers(), f"{rc.MAP_FILE} lists the rules in another order than {rc.NUMBERS_FILE}"


def test_the_frozen_numbers_are_every_section_and_rule_of_chapters_1_to_8_in_sequence() -> None:
    """Sections 100–819 each followed by their rules, numbered 1, 2, … with letters a, b, … in between: a rule
    lost or doubled by the extraction would break the sequence."""
    rows = numbers()
    assert len(rows) == len(set(rows)) == 851
    assert all(rc.RULE_NUMBER.match(n) for n in rows)
    section, last = "", (0, "")
    for number in rows:
        if "." not in number:
            assert int(number) > int(section or 0), number
            section, last = number, (0, "")
            continue
        head, _, rest = number.partition(".")
        match = re.fullmatch(r"(\d+)([a-z]?)", rest)
        assert head == section and match is not None, number
        n, letter = int(match.group(1)), match.group(2)
        follows = (n == last[0] + 1 and not letter) or (
            n == last[0] and letter and ord(letter) == ord(last[1] or "`") + 1
        )
        assert follows, f"{number} does not follow {section}.{last[0]}{last[1]}"
        last = (n, letter)
    sections = {n for n in rows if "." not in n}
    for first, end in (("301", "316"), ("400", "410"), ("801", "819")):
        assert {str(s) for s in range(int(first), int(end) + 1)} <= sections
    assert {f"701.{k}" for k in range(2, 34)} <= set(rows)  # the keyword actions


def test_the_extractor_reads_sections_rules_and_sub_rules() -> None:
    """The extractor on a small text in the rules file's layout (made up here; the real file is not part
    of the project: re-extract with ``python -m tcgrules.tools.rules_coverage extract PATH`` and compare
    with docs/dm_rules_1.48.txt when the rules change)."""
    text = "\n".join(
        [
            "もくじ",
            "100.ゲームに必要なもの",
            "101. 例示の節",
            "101.1. 例示の規則の最初の文。",
            "101.1a 例示の細則。",
            "例：例は本文に含めない。",
            "102. 次の節",
            "102.1. 次の規則。",
        ]
    )
    numbers = [n for n, _ in rc.extract(text)]
    assert numbers == ["100", "101", "101.1", "101.1a", "102", "102.1"]


def test_every_rule_number_a_test_cites_is_a_rule_of_ver_1_48() -> None:
    known = set(numbers())
    unknown = {rule: tests for rule, tests in rc.collect_citations(ROOT).by_rule.items() if rule not in known}
    assert not unknown, f"tests cite numbers that are not rules of Ver.1.48 chapters 1–8: {unknown}"


def test_every_implemented_rule_is_cited_by_a_test() -> None:
    cited = rc.collect_citations(ROOT).by_rule
    entries = rc.load_map(ROOT).values()
    uncited = [e.number for e in entries if e.status == "implemented" and not cited.get(e.number)]
    assert not uncited, f"marked implemented, but no test cites them (cite one that checks it): {uncited}"


def test_partial_and_missing_rules_say_what_is_missing_and_n_a_rules_say_why() -> None:
    problems = [p for e in rc.load_map(ROOT).values() for p in rc.entry_problems(e)]
    assert not problems, "\n".join(problems)


def test_a_section_claims_no_more_than_its_rules() -> None:
    problems = rc.section_problems(numbers(), rc.load_map(ROOT))
    assert not problems, "\n".join(problems)


def test_the_markdown_is_what_the_generator_makes_of_the_map() -> None:
    """Tests added since it was generated may be missing from its tests column; everything else must match,
    and every test it lists must still cite that rule."""
    markdown = (ROOT / rc.MARKDOWN_FILE).read_text(encoding="utf-8")
    cited = rc.collect_citations(ROOT).by_rule
    listed = rc.listed_tests(markdown)
    gone = {rule: [t for t in tests if t not in cited.get(rule, [])] for rule, tests in listed.items()}
    gone = {rule: tests for rule, tests in gone.items() if tests}
    regenerate = "run: python -m tcgrules.tools.rules_coverage render"
    assert not gone, f"{rc.MARKDOWN_FILE} lists tests that no longer cite these rules ({regenerate}): {gone}"
    expected = rc.render(rc.read_numbers(ROOT), rc.load_map(ROOT), listed)
    assert markdown == expected, (
        f"{rc.MARKDOWN_FILE} is not what the generator makes of the map: {regenerate}"
    )


def test_a_test_name_cites_its_leading_rule_numbers() -> None:
    assert rc.name_citations("test_609_9b_cards_chosen_for_one_replacement") == ["609.9b"]
    assert rc.name_citations("test_109_2b_703_4f_a_linked_god_is_one_creature") == ["109.2b", "703.4f"]
    assert rc.name_citations("test_609_9_before_2023_04_10_one_event_at_a_time") == ["609.9"]
    assert rc.name_citations("test_103_set_up_five_shields") == []  # a section is cited by the marker
    assert rc.name_citations("test_shield_force_ends_when_the_shield_leaves") == []


def test_a_scenario_citation_is_its_first_word() -> None:
    assert rc.cited_number("609.9 (before 2023-04-10)") == "609.9"
    assert rc.cited_number("701.26b") == "701.26b"


def test_citations_come_from_scenarios_dm_test_names_and_markers(tmp_path: Path) -> None:
    scenarios = tmp_path / "tests" / "rulings" / "duel_masters" / "objects"
    scenarios.mkdir(parents=True)
    (scenarios / "01_x.yaml").write_text('rules: ["609.9 (before 2023-04-10)", "109.2"]\n', encoding="utf-8")
    (tmp_path / "tests" / "test_dm_x.py").write_text(
        "import pytest\n\n\n"
        '@pytest.mark.dm_rules("303")\n'
        "def test_609_9b_703_4f_named(): ...\n\n\n"
        "def helper_101_1(): ...\n",
        encoding="utf-8",
    )
    (tmp_path / "tests" / "test_other.py").write_text(
        'import pytest\n\n\n@pytest.mark.dm_rules("801.4")\ndef test_614_5_a_magic_rule(): ...\n',
        encoding="utf-8",
    )
    assert rc.collect_citations(tmp_path).by_rule == {
        "609.9": ["objects/01_x.yaml"],
        "109.2": ["objects/01_x.yaml"],
        "609.9b": ["test_dm_x.py::test_609_9b_703_4f_named"],
        "703.4f": ["test_dm_x.py::test_609_9b_703_4f_named"],
        "303": ["test_dm_x.py::test_609_9b_703_4f_named"],
        "801.4": ["test_other.py::test_614_5_a_magic_rule"],  # names cite only in test_dm_*.py
    }


def test_the_extractor_reads_the_numbering_as_printed_and_corrects_the_two_misprints() -> None:
    text = "\n".join(
        [
            "もくじ",
            "101. 目次の見出し",
            "100.ゲームに必要なもの",
            "100.1. デュエル・マスターズは二人用の対戦ゲームです。",
            "100.2 番号の後に点のない規則です。",
            "100.2a 小文字の枝番です。",
            "100.2B 大文字で印刷された枝番です。",
            "101. デュエル・マスターズの絶対法則",
            "101.1. カードの効果はルールに勝つ",
            "カードの文章がルールに直接矛盾しているときは、カードの記述が優先されます。",
            "101.2．全角の点の規則です。",
            "603.2e） これは前の行の続きで、規則ではありません。",
            "101.2 の例外です、と続く行も規則ではありません。",
            "312. Artifact",
            "312.1. 一つ目です。",
            "311.2. 二つ目ですが、311.2 と印刷されています。",
            "701. キーワード処理",
            "701.23. （封印を）外す",
            "701.23a 一つ目です。",
            "701.23 b 空白の入った枝番です。",
        ]
    )
    assert rc.extract(text) == [
        ("100", "ゲームに必要なもの"),
        ("100.1", "デュエル・マスターズは二人用の対戦ゲームです。"),
        ("100.2", "番号の後に点のない規則です。"),
        ("100.2a", "小文字の枝番です。"),
        ("100.2b", "大文字で印刷された枝番です。"),
        ("101", "デュエル・マスターズの絶対法則"),
        ("101.1", "カードの効果はルールに勝つ"),
        ("101.2", "全角の点の規則です。"),
        ("312", "Artifact"),
        ("312.1", "一つ目です。"),
        ("312.2", "二つ目ですが、311.2と印刷されています。"),
        ("701", "キーワード処理"),
        ("701.23", "（封印を）外す"),
        ("701.23a", "一つ目です。"),
        ("701.23b", "空白の入った枝番です。"),
    ]
