"""docs/phrasebook.md is true to the card language: every YAML block loads and compiles on a card, every row
of its tables has its block (or says why it cannot be written yet), and the scenarios of
tests/cards/phrasebook carry the blocks they check, word for word, and pass."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from tcgrules.cards.loader import load_text
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters.abilities import compile_card
from tcgrules.kernel import DefinitionError
from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import scenario_files

ROOT = Path(__file__).parents[1]
PHRASEBOOK = ROOT / "docs" / "phrasebook.md"
SCENARIOS = ROOT / "tests" / "cards" / "phrasebook"
DOC = "docs/phrasebook.md"

BLOCK_ID = re.compile(r"^# ([A-Z]{1,2}\d{1,3}) ")
ROW_ID = re.compile(r"^\| ([A-Z]{1,2}\d{1,3}|–) \|")
ON = re.compile(r"^# on: (\w+)$", re.MULTILINE)
MIN_PHRASES = 120
MIN_SCENARIOS = 15

CREATURE_HEADER = """- name: 例示用フレーズ{id}
  type: {type}
  civilizations: [fire]
  cost: 3
  races: [ヒューマノイド]
{power}  text: (phrasebook {id})
  abilities:
"""


@dataclass(frozen=True, slots=True)
class Block:
    id: str
    line: int  # the line of the block's first YAML line in docs/phrasebook.md
    text: str


def blocks() -> list[Block]:
    """Every fenced ```yaml block of the phrasebook, with the id its first comment gives it."""
    found: list[Block] = []
    lines = PHRASEBOOK.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```yaml":
            start = i + 1
            end = lines.index("```", start)
            body = lines[start:end]
            match = BLOCK_ID.match(body[0]) if body else None
            assert match, f"{DOC}:{start + 1}: a yaml block must start with '# ID printed phrase'"
            found.append(Block(match.group(1), start + 1, "\n".join(body)))
            i = end
        i += 1
    return found


def rows() -> list[tuple[int, str, str]]:
    """The rows of the phrase tables: (line, id, whole row)."""
    out = []
    for number, line in enumerate(PHRASEBOOK.read_text(encoding="utf-8").splitlines(), 1):
        match = ROW_ID.match(line)
        if match:
            out.append((number, match.group(1), line))
    return out


def card_type(block: Block) -> str:
    """The card a block's abilities are put on: its `# on: TYPE` line, else a spell for a `spell:`
    ability, else a creature."""
    on = ON.search(block.text)
    if on:
        return on.group(1)
    return "spell" if re.search(r"^- spell:", block.text, re.MULTILINE) else "creature"


def card_text(block: Block) -> str:
    """The block as the abilities of one card, padded so that the loader's line numbers are the doc's."""
    kind = card_type(block)
    power = "" if kind in ("spell", "cross_gear", "castle", "field") else "  power: 3000\n"
    header = CREATURE_HEADER.format(id=block.id, type=kind, power=power)
    pad = max(0, block.line - 1 - header.count("\n"))
    body = "\n".join("    " + line if line else "" for line in block.text.splitlines())
    return "\n" * pad + header + body + "\n"


BLOCKS = blocks()


def test_phrasebook_has_enough_phrases_with_unique_ids() -> None:
    ids = [b.id for b in BLOCKS]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"{DOC}: ids used by more than one block: {duplicates}"
    assert len(ids) >= MIN_PHRASES, f"{DOC}: {len(ids)} phrases, expected at least {MIN_PHRASES}"


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.id)
def test_phrasebook_block_loads_and_compiles(block: Block) -> None:
    try:
        (definition,) = load_text(card_text(block), DOC, DUEL_MASTERS)
        compiled = compile_card(definition)
    except DefinitionError as error:
        pytest.fail(f"{DOC}:{block.line}: block {block.id} does not load: {error}")
    parts = sum(len(v) for v in compiled.by_zone.values()) + len(compiled.spell) + len(compiled.face_down)
    assert parts or definition.main.abilities, f"{DOC}:{block.line}: block {block.id} compiles to nothing"


def test_every_row_has_its_block_and_every_block_its_row() -> None:
    block_ids = {b.id for b in BLOCKS}
    row_ids = set()
    for line, row_id, row in rows():
        if row_id == "–":
            assert "not yet" in row, f"{DOC}:{line}: a row without a block must say why ('not yet: …')"
            continue
        assert row_id in block_ids, f"{DOC}:{line}: row {row_id} has no yaml block '# {row_id} …'"
        row_ids.add(row_id)
    missing = sorted(block_ids - row_ids)
    assert not missing, f"{DOC}: blocks with no table row: {missing}"


def _checked_block(path: Path) -> str:
    notes = yaml.safe_load(path.read_text(encoding="utf-8")).get("notes") or ""
    match = re.search(r"phrasebook ([A-Z]{1,2}\d{1,3})\b", notes)
    assert match, f"{path}: notes must name the phrasebook block it checks ('phrasebook T1')"
    return match.group(1)


@pytest.mark.parametrize("path", scenario_files([SCENARIOS]), ids=lambda p: p.name)
def test_phrasebook_scenario_carries_its_block_and_passes(path: Path) -> None:
    block_id = _checked_block(path)
    by_id = {b.id: b for b in BLOCKS}
    assert block_id in by_id, f"{path}: no block {block_id} in {DOC}"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    documented = yaml.safe_load(by_id[block_id].text)
    carried = [c.get("abilities") or [] for c in data.get("cards") or []]
    assert any(all(a in abilities for a in documented) for abilities in carried), (
        f"{path}: no card of the scenario carries block {block_id}'s abilities as written"
    )
    scn = load_scenario(path)
    assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"
    outcome = run_scenario(scn)
    assert outcome.passed, "\n".join(outcome.failures)


def test_phrasebook_is_checked_by_enough_scenarios() -> None:
    checked = {_checked_block(p) for p in scenario_files([SCENARIOS])}
    assert len(checked) >= MIN_SCENARIOS, f"only {len(checked)} phrasebook blocks are checked by a scenario"


def test_rows_marked_scenario_are_exactly_the_blocks_scenarios_check() -> None:
    marked = {row_id for _, row_id, row in rows() if "(scenario)" in row}
    checked = {_checked_block(p) for p in scenario_files([SCENARIOS])}
    assert marked == checked, (
        f"{DOC}: rows marked (scenario) but unchecked: {sorted(marked - checked)}; "
        f"checked but not marked: {sorted(checked - marked)}"
    )
