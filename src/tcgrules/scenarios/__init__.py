"""Scenario files: a board, what happens, scripted answers, and what must hold afterwards.

They are the test suite for the rulings and a judge's sandbox; see ``docs/scenarios.md``.
"""

from .format import Scenario, ScenarioError, load_scenario
from .runner import Outcome, run_paths, run_scenario

__all__ = ["Outcome", "Scenario", "ScenarioError", "load_scenario", "run_paths", "run_scenario"]
