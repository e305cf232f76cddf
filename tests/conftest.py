"""Shared pytest set-up: the ``dm_rules`` marker (docs/rules-coverage.md, "How a test cites a rule")."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "dm_rules(*numbers): the Duel Masters comprehensive rules (Ver.1.48) this test checks, "
        'e.g. dm_rules("609.9b", "303"); read by tests/test_rules_coverage.py',
    )
