"""Test-run summary: how many mutants of each kind the fuzz suite ran (tests/fuzz_helpers.py)."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from fuzz_helpers import COUNTS

    if not COUNTS:
        return
    terminalreporter.section("fuzz mutants per kind")
    for suite, counts in sorted(COUNTS.items()):
        total = sum(counts.values())
        detail = ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items()))
        terminalreporter.write_line(f"{suite}: {total} ({detail})")
