"""Shared pytest set-up: the ``dm_rules`` marker (docs/rules-coverage.md, "How a test cites a rule"), and
the test-run summary of how many mutants of each kind the fuzz suite ran (tests/fuzz_helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "dm_rules(*numbers): the Duel Masters comprehensive rules (Ver.1.48) this test checks, "
        'e.g. dm_rules("609.9b", "303"); read by tests/test_rules_coverage.py',
    )


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from fuzz_helpers import COUNTS

    if not COUNTS:
        return
    terminalreporter.section("fuzz mutants per kind")
    for suite, counts in sorted(COUNTS.items()):
        total = sum(counts.values())
        detail = ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items()))
        terminalreporter.write_line(f"{suite}: {total} ({detail})")
