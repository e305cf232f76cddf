"""The coverage map of the Duel Masters comprehensive rules (総合ゲームルール Ver.1.48), chapters 1–8.

Three files, all under ``docs/``:

* ``dm_rules_1.48.txt`` — every section (``609``) and numbered rule (``609.9b``) of chapters 1–8, one per line
  with a short excerpt of its text, extracted once from the rules file (``extract``) and frozen;
* ``rules-coverage.yaml`` — the map: for each of those numbers a ``status`` (implemented, partial,
  not_implemented, not_applicable) with ``missing`` (what the engine lacks) or ``why`` (why an engine has
  nothing to do);
* ``rules-coverage.md`` — generated from the two (``render``), with the tests that cite each rule.

A test cites Duel Masters rules (see ``docs/rules-coverage.md``, "How a test cites a rule"):

* a ruling scenario under ``tests/rulings/duel_masters/`` by its ``rules:`` list;
* a test function in ``tests/test_dm_*.py`` by its name, ``test_609_9b_…`` (one or more leading rule numbers
  with ``_`` for the dot: ``test_109_2b_703_4f_…``);
* a test function in any ``tests/test_*.py`` by the marker ``@pytest.mark.dm_rules("609.9b", "303")``.

``python -m tcgrules.tools.rules_coverage render`` rewrites the Markdown; ``extract PATH`` re-extracts the
list of numbers from ``dm_rule.md``; ``check`` reports what ``tests/test_rules_coverage.py`` would fail on.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

VERSION = "1.48"
STATUSES = ("implemented", "partial", "not_implemented", "not_applicable")
CHAPTERS = {
    "1": "ゲームの基本 (game basics)",
    "2": "カードの見方 (reading a card)",
    "3": "カードタイプ (card types)",
    "4": "ゾーン (zones)",
    "5": "ターンの構造 (the turn)",
    "6": "カードの実行、能力、効果 (using cards, abilities, effects)",
    "7": "その他のルール (keyword actions, turn-based and state-based actions)",
    "8": "特別なカード (special cards)",
}
NUMBERS_FILE = Path("docs") / f"dm_rules_{VERSION}.txt"
MAP_FILE = Path("docs") / "rules-coverage.yaml"
MARKDOWN_FILE = Path("docs") / "rules-coverage.md"
SCENARIO_DIR = Path("tests") / "rulings" / "duel_masters"
TESTS_DIR = Path("tests")

# Misprints in Ver.1.48, corrected by the section they stand in: (section, printed number) → number.
MISPRINTS: dict[tuple[str, str], str] = {
    ("312", "311.2"): "312.2",  # the second rule of "312. Artifact" is printed 311.2
    ("506", "505.2a"): "506.2a",  # it follows 506.2 and speaks of its skipped sub-steps
}

# Rules whose first line is a title, the text starting on the next line (101.1–101.5, 110.3a–d, 701.2–701.33).
TITLED = re.compile(r"^(101\.[1-5]|110\.3[a-d]|701\.\d+)$")
RULE_NUMBER = re.compile(r"^[1-8]\d{2}(?:\.\d+[a-z]?)?$")
_SECTION_LINE = re.compile(r"^\s*([1-8]\d{2})[.．]\s*(\S.*?)\s*$")
_RULE_LINE = re.compile(r"^\s*([1-8]\d{2})\.(\d+)\s?([a-zA-Z]?)(?![a-zA-Z\d）)]|\s*の例外)[.．]?\s*(.*?)\s*$")
_NAME_CITATION = re.compile(r"(\d{3})_(\d+[a-z]?)(?=_|$)")


def chapter_of(number: str) -> str:
    return number[0]


def sort_key(number: str) -> tuple[int, int, str]:
    section, _, rest = number.partition(".")
    match = re.fullmatch(r"(\d*)([a-z]?)", rest)
    assert match is not None, number
    return int(section), int(match.group(1) or -1), match.group(2)


def _gist(text: str, limit: int = 48) -> str:
    text = re.sub(r"\s+", "", text)
    end = text.find("。")
    if 0 <= end < limit:
        return text[: end + 1]
    return text if len(text) <= limit else text[:limit] + "…"


def extract(text: str) -> list[tuple[str, str]]:
    """Every section and numbered rule of chapters 1–8 of ``dm_rule.md``, with the start of its text."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("100.ゲーム"))
    found: list[tuple[str, list[str]]] = []
    section = ""
    for line in lines[start:]:
        rule = _RULE_LINE.match(line)
        if rule is not None:
            printed = f"{rule.group(1)}.{rule.group(2)}{rule.group(3).lower()}"
            number = MISPRINTS.get((section, printed), printed)
            found.append((number, [rule.group(4)]))
            continue
        heading = _SECTION_LINE.match(line)
        if heading is not None and not heading.group(2)[0].isdigit():
            section = heading.group(1)
            found.append((section, [heading.group(2)]))
            continue
        if found and "." in found[-1][0] and len(found[-1][1]) < 3 and not line.strip().startswith("例"):
            found[-1][1].append(line)
    result: list[tuple[str, str]] = []
    seen: set[str] = set()
    for number, parts in found:
        if number in seen:
            raise ValueError(f"rule {number} appears twice in the rules file")
        seen.add(number)
        first = parts[0].strip()
        if "." not in number:
            gist = re.sub(r"\s+", " ", first)
        elif TITLED.match(number):
            gist = _gist(first, limit=60)  # its title: "101.3. できることは全て行う"
        else:
            gist = _gist("".join(parts))
        result.append((number, gist))
    return result


def read_numbers(root: Path) -> list[tuple[str, str]]:
    """The frozen list: ``number<TAB>gist`` per line."""
    rows = []
    for line in (root / NUMBERS_FILE).read_text(encoding="utf-8").splitlines():
        number, _, gist = line.partition("\t")
        rows.append((number, gist))
    return rows


def write_numbers(root: Path, rows: Iterable[tuple[str, str]]) -> None:
    (root / NUMBERS_FILE).write_text("".join(f"{n}\t{g}\n" for n, g in rows), encoding="utf-8")


@dataclass(frozen=True)
class Entry:
    number: str
    status: str
    missing: str = ""
    why: str = ""
    note: str = ""
    untested: bool = False
    """A partial rule that the engine does (as ``missing`` describes) but that no test checks yet."""


def load_map(root: Path) -> dict[str, Entry]:
    data = yaml.safe_load((root / MAP_FILE).read_text(encoding="utf-8"))
    rules = data["rules"]
    entries: dict[str, Entry] = {}
    for number, value in rules.items():
        entries[str(number)] = Entry(
            str(number),
            str(value.get("status", "")),
            str(value.get("missing", "")),
            str(value.get("why", "")),
            str(value.get("note", "")),
            value.get("untested", False) is True,
        )
    return entries


def entry_problems(entry: Entry) -> list[str]:
    """What is wrong with one entry of the map, as sentences."""
    problems = []
    if entry.status not in STATUSES:
        problems.append(f"{entry.number}: status {entry.status!r} is not one of {', '.join(STATUSES)}")
    if entry.status in ("partial", "not_implemented") and not entry.missing.strip():
        problems.append(f"{entry.number}: {entry.status} must say what is missing (missing:)")
    if entry.status == "not_applicable" and not entry.why.strip():
        problems.append(f"{entry.number}: not_applicable must say why (why:)")
    if entry.untested and entry.status != "partial":
        problems.append(f"{entry.number}: untested is for partial rules only")
    return problems


@dataclass
class Citations:
    """Rule number → the tests that cite it: ``test_file.py::function``, or a scenario's path under
    ``tests/rulings/duel_masters/``."""

    by_rule: dict[str, list[str]] = field(default_factory=dict)

    def add(self, rule: str, test: str) -> None:
        tests = self.by_rule.setdefault(rule, [])
        if test not in tests:
            tests.append(test)


def _marker_rules(decorator: ast.expr) -> list[str] | None:
    if not isinstance(decorator, ast.Call):
        return None
    func = decorator.func
    if not (isinstance(func, ast.Attribute) and func.attr == "dm_rules"):
        return None
    rules = []
    for arg in decorator.args:
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            raise ValueError(f"dm_rules(...) takes rule numbers as string literals, line {decorator.lineno}")
        rules.append(arg.value)
    return rules


def cited_number(citation: str) -> str:
    """The rule a scenario's citation names: its first word (``"609.9 (before 2023-04-10)"`` → 609.9)."""
    return citation.strip().split(" ", 1)[0]


def name_citations(name: str) -> list[str]:
    """The rule numbers a test function's name starts with: ``test_109_2b_703_4f_x`` → 109.2b, 703.4f."""
    rest = name.removeprefix("test_")
    rules = []
    while (match := _NAME_CITATION.match(rest)) is not None:
        rules.append(f"{match.group(1)}.{match.group(2)}")
        rest = rest[match.end() :].removeprefix("_")
    return rules


def collect_citations(root: Path) -> Citations:
    citations = Citations()
    for path in sorted((root / SCENARIO_DIR).rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        label = path.relative_to(root / SCENARIO_DIR).as_posix()
        for rule in (data or {}).get("rules", []) or []:
            citations.add(cited_number(str(rule)), label)
    for path in sorted((root / TESTS_DIR).glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        by_name = path.name.startswith("test_dm_")
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not node.name.startswith("test_"):
                continue
            label = f"{path.name}::{node.name}"
            rules = name_citations(node.name) if by_name else []
            for decorator in node.decorator_list:
                rules += _marker_rules(decorator) or []
            for rule in rules:
                citations.add(rule, label)
    for tests in citations.by_rule.values():
        tests.sort()
    return citations


@dataclass(frozen=True)
class Figures:
    implemented: int
    partial: int
    not_implemented: int
    not_applicable: int
    untested: int
    """Of the partial ones, those only waiting for a test."""

    @property
    def implementable(self) -> int:
        return self.implemented + self.partial + self.not_implemented

    @property
    def percent(self) -> float:
        return 100.0 * self.implemented / self.implementable if self.implementable else 100.0


def figures(entries: Iterable[Entry]) -> Figures:
    counts = dict.fromkeys(STATUSES, 0)
    untested = 0
    for entry in entries:
        counts[entry.status] += 1
        untested += entry.untested
    return Figures(
        counts["implemented"],
        counts["partial"],
        counts["not_implemented"],
        counts["not_applicable"],
        untested,
    )


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


INTRO = """\
# Duel Masters comprehensive rules Ver.{version}: coverage map

<!-- Generated by `python -m tcgrules.tools.rules_coverage render` from docs/rules-coverage.yaml
     and docs/dm_rules_{version}.txt; edit those, not this file. -->

Every section and numbered rule of chapters 1–8 of 総合ゲームルール Ver.{version} (2025-12-17),
with how far the engine implements it and the tests that check it. The status of a rule is one of:

- **implemented** — the engine does what the rule says, and a test that cites the rule checks it;
- **partial** — part of it is done; *missing* says what is not; **partial (untested)** — the engine
  does what *missing* describes (by a reading of the code), but no test checks it yet;
- **not implemented** — *missing* says what it would need;
- **n/a** — nothing for an engine to do (physical cards, deck building, tournament procedure, a
  definition with nothing to execute, a heading); *why* says which.

A section (`301`, in bold) stands for the section as a whole: its status may not claim more than its
rules (implemented only if they all are or are n/a; n/a only if they all are; not implemented only if
none is implemented or partial).
The excerpt is the start of the rule's text (its title, for titled rules), to find it in the rules.

## How a test cites a rule

- A ruling scenario in `tests/rulings/duel_masters/` by its `rules:` list (a citation's first
  word is its number: `"609.9 (before 2023-04-10)"` cites 609.9); the tests column names it by
  its path there.
- A test function in `tests/test_dm_*.py` by its name: leading rule numbers with `_` for the
  dot, `test_609_9b_…`, `test_109_2b_703_4f_…`.
- Any test function in `tests/test_*.py` by the marker `@pytest.mark.dm_rules("609.9b", "303")`:
  the way to cite a section, more rules than a name can carry, or rules from another module.

Rule numbers in comments and docstrings are not citations. `tests/test_rules_coverage.py` keeps
this page true: the map has exactly the numbers of Ver.{version} chapters 1–8 (two misprints
corrected: `311.2` in section 312 is 312.2, `505.2a` in section 506 is 506.2a); a test citing a
number that is not among them fails; an `implemented` rule must be cited by a test; `partial` and
`not_implemented` say what is missing, `not_applicable` says why; and this page is what the
generator makes of the map (a test added later that cites a rule may be missing from the tests
column until the page is regenerated; one that is listed must still cite the rule).

## Figures

Numbered rules only (748; the 103 sections are in the tables, each with the count of its rules).
Implementable = all but n/a; the percentage is implemented (and tested) / implementable. Citing a
test that checks an *untested* partial rule (or writing one) makes it implemented.

| chapter | implemented | partial (of which untested) | not implemented | n/a | implemented / implementable |
|---|---:|---:|---:|---:|---:|"""


def _breakdown(section: str, numbers: Sequence[tuple[str, str]], entries: Mapping[str, Entry]) -> str:
    f = figures(entries[n] for n, _ in numbers if n.startswith(section + "."))
    if not f.implementable + f.not_applicable:
        return "no numbered rules"
    parts = [
        (f.implemented, "implemented"),
        (f.partial, f"partial ({f.untested} untested)" if f.untested else "partial"),
        (f.not_implemented, "not implemented"),
        (f.not_applicable, "n/a"),
    ]
    return "rules: " + ", ".join(f"{count} {label}" for count, label in parts if count)


def _figures_row(label: str, f: Figures, bold: str) -> str:
    cells = [label, f.implemented, f"{f.partial} ({f.untested})", f.not_implemented, f.not_applicable]
    text = " | ".join(f"{bold}{cell}{bold}" for cell in [*cells, f"{f.percent:.0f}%"])
    return f"| {text} |"


def render(
    numbers: Sequence[tuple[str, str]], entries: Mapping[str, Entry], citations: Mapping[str, Sequence[str]]
) -> str:
    """The Markdown page. ``citations`` maps a rule number to the tests listed for it."""
    out = INTRO.format(version=VERSION).splitlines()
    by_chapter: dict[str, list[tuple[str, str]]] = {}
    for number, gist in numbers:
        by_chapter.setdefault(chapter_of(number), []).append((number, gist))
    for chapter, rows in by_chapter.items():
        f = figures(entries[n] for n, _ in rows if "." in n)
        out.append(_figures_row(f"{chapter}. {CHAPTERS[chapter]}", f, ""))
    out.append(_figures_row("all", figures(entries[n] for n, _ in numbers if "." in n), "**"))
    labels = {"not_implemented": "not implemented", "not_applicable": "n/a"}
    for chapter, rows in by_chapter.items():
        out += [
            "",
            f"## Chapter {chapter}: {CHAPTERS[chapter]}",
            "",
            "| rule | excerpt | status | missing / why | tests |",
            "|---|---|---|---|---|",
        ]
        for number, gist in rows:
            entry = entries[number]
            detail = entry.missing or entry.why
            if entry.note:
                detail = f"{detail} {entry.note}".strip()
            if "." not in number:
                detail = f"{detail} *({_breakdown(number, numbers, entries)})*".strip()
            rule = f"**{number}**" if "." not in number else number
            tests = ", ".join(f"`{t}`" for t in citations.get(number, ()))
            status = "partial (untested)" if entry.untested else labels.get(entry.status, entry.status)
            out.append(f"| {rule} | {_cell(gist)} | {status} | {_cell(detail)} | {tests} |")
    return "\n".join(out) + "\n"


def listed_tests(markdown: str) -> dict[str, list[str]]:
    """The tests column of a rendered page: rule number → the tests it lists."""
    listed: dict[str, list[str]] = {}
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) != 5 or not RULE_NUMBER.match(cells[0].strip("*")):
            continue
        listed[cells[0].strip("*")] = re.findall(r"`([^`]+)`", cells[4])
    return listed


def problems(root: Path) -> list[str]:
    """Everything that makes the map untrue, as sentences (empty when it is true)."""
    numbers = [n for n, _ in read_numbers(root)]
    entries = load_map(root)
    citations = collect_citations(root)
    found: list[str] = []
    known = set(numbers)
    for number in numbers:
        if number not in entries:
            found.append(f"{number}: in Ver.{VERSION} but not in {MAP_FILE}")
    for number in entries:
        if number not in known:
            found.append(f"{number}: in {MAP_FILE} but not a rule of Ver.{VERSION} chapters 1–8")
    for entry in entries.values():
        found += entry_problems(entry)
    found += section_problems(numbers, entries)
    for rule, tests in sorted(citations.by_rule.items(), key=lambda item: item[0]):
        if rule not in known:
            found.append(f"{rule}: cited by {', '.join(tests)} but not a rule of Ver.{VERSION} chapters 1–8")
    for entry in entries.values():
        if entry.status == "implemented" and not citations.by_rule.get(entry.number):
            found.append(f"{entry.number}: marked implemented but no test cites it")
    return found


def section_problems(numbers: Sequence[str], entries: Mapping[str, Entry]) -> list[str]:
    """A section's status may not claim more than its rules: implemented only if each of them is implemented
    or n/a, n/a only if all are n/a, not implemented only if none is implemented or partial."""
    found = []
    for section in (n for n in numbers if "." not in n and n in entries):
        statuses = {entries[n].status for n in numbers if n.startswith(section + ".") and n in entries}
        status = entries[section].status
        if status == "implemented" and statuses - {"implemented", "not_applicable"}:
            found.append(f"{section}: marked implemented, but some of its rules are not")
        if status == "not_applicable" and statuses - {"not_applicable"}:
            found.append(f"{section}: marked not_applicable, but some of its rules are not")
        if status == "not_implemented" and statuses & {"implemented", "partial"}:
            found.append(f"{section}: marked not_implemented, but some of its rules are (partly) implemented")
    return found


def _root(arg: str | None) -> Path:
    return Path(arg) if arg else Path.cwd()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tcgrules.tools.rules_coverage", description=__doc__)
    parser.add_argument("--root", help="the repository (default: the current directory)")
    sub = parser.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("extract", help=f"write {NUMBERS_FILE} from dm_rule.md")
    ex.add_argument("rules_md")
    sub.add_parser("render", help=f"write {MARKDOWN_FILE} from the map")
    sub.add_parser("check", help="list what makes the map untrue")
    args = parser.parse_args(argv)
    root = _root(args.root)
    if args.command == "extract":
        write_numbers(root, extract(Path(args.rules_md).read_text(encoding="utf-8")))
        return 0
    if args.command == "render":
        citations = collect_citations(root).by_rule
        text = render(read_numbers(root), load_map(root), citations)
        (root / MARKDOWN_FILE).write_text(text, encoding="utf-8")
        return 0
    found = problems(root)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
