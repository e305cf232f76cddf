"""Agents by name, as the command line and the simulator give them: ``random``, ``first``, ``greedy``,
``ismcts``, with options after colons (``ismcts:iterations=96:depth=8``, ``ismcts:seconds=0.2``)."""

from __future__ import annotations

from collections.abc import Callable

from ..kernel import TcgError
from . import Agent, FirstLegalAgent, GreedyAgent, RandomAgent

AGENT_NAMES = ("random", "first", "greedy", "ismcts")
ISMCTS_OPTIONS: dict[str, Callable[[str], float]] = {"iterations": int, "depth": int, "seconds": float}


def parse_agent(spec: str, where: str = "--agents") -> tuple[str, dict[str, float]]:
    """``name`` and its options, checked; a bad spec is a :class:`TcgError` naming ``where``."""
    name, *rest = spec.strip().split(":")
    if name not in AGENT_NAMES:
        raise TcgError(f"{where}: unknown agent {name!r}; expected one of {', '.join(AGENT_NAMES)}")
    options: dict[str, float] = {}
    allowed = ISMCTS_OPTIONS if name == "ismcts" else {}
    for item in rest:
        key, eq, text = item.partition("=")
        if not eq or key not in allowed:
            expected = ", ".join(f"{k}=N" for k in allowed) or "no options"
            raise TcgError(f"{where}: {spec!r}: unknown option {item!r} for {name} (it takes {expected})")
        try:
            value = allowed[key](text)
        except ValueError:
            raise TcgError(f"{where}: {spec!r}: {key} must be a number, got {text!r}") from None
        if not value > 0 and not (key == "depth" and value == 0):
            raise TcgError(f"{where}: {spec!r}: {key} must be positive, got {text!r}")
        options[key] = value
    return name, options


def make_agent(spec: str, seed: int) -> Agent:
    """A new agent for ``spec``, seeded with ``seed`` where it is random."""
    from .ismcts import IsmctsAgent

    name, options = parse_agent(spec)
    if name == "random":
        return RandomAgent(seed)
    if name == "first":
        return FirstLegalAgent()
    if name == "greedy":
        return GreedyAgent()
    seconds = options.get("seconds")
    return IsmctsAgent(
        seed,
        iterations=int(options.get("iterations", 10**9 if seconds is not None else 48)),
        seconds=seconds,
        rollout_depth=int(options.get("depth", 8)),
    )
