"""A seeded mutator for the fuzz suite (test_fuzz_files.py, test_fuzz_answers.py).

Every mutant comes from a fixed seed, so a failure names the seed and kind that reproduce it. The counts
of mutants per kind are collected in ``COUNTS`` and printed at the end of the test run (conftest.py).
"""

from __future__ import annotations

import random
import re
import resource
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import yaml

COUNTS: dict[str, Counter[str]] = {}
"""suite → kind → mutants run (printed by conftest.pytest_terminal_summary)."""

CPU_SECONDS = 2.0
"""The bound on each mutant, in CPU seconds."""
MEGABYTES = 200
"""The bound on the growth of the process's peak memory over a whole fuzz test."""

CONTROL = [chr(c) for c in (*range(0, 9), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0x85, 0xFFFE)]


def laughs(levels: int) -> str:
    """Nested aliases in one flow sequence: ``levels`` anchors, each repeating the last nine times."""
    items = ["&l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    items += [f"&l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]" for n in range(1, levels)]
    return "[" + ", ".join(items) + "]"


def hostile_scalar(rng: random.Random) -> str:
    """YAML text for one value that a reader must refuse or survive."""
    depth = rng.choice([10, 70, 500, 1500, 5000])
    return rng.choice(
        [
            "9" * rng.choice([20, 4301, 10_000]),
            "-" + "9" * 5000,
            "1e400",
            ".nan",
            ".inf",
            "2024-13-45",
            "2024-02-30",
            "0x" + "f" * 5000,
            "&x [*x]",
            "&y {k: *y}",
            "*undefined",
            laughs(rng.choice([3, 5, 9])),
            "[" * depth + "]" * depth,
            "{a: " * min(depth, 400) + "1" + "}" * min(depth, 400),
            "!!python/object/apply:os.system [echo]",
            "!!binary AAAA",
            "!!set {a, b}",
            "<<: {a: 1}",
            '"' + "x" * 200_000 + '"',
        ]
    )


WRONG_VALUES: list[Any] = [
    0,
    -1,
    10**30,
    1.5,
    float("inf"),
    float("nan"),
    True,
    False,
    None,
    "",
    "x" * 5000,
    "A",
    [],
    {},
    [[[]]],
    {"a": {"b": [1]}},
    [None, 1, "x"],
]


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, (*path, i))
    return out


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return data


def wrong_type(data: Any, rng: random.Random) -> Any:
    """A copy-free mutation of parsed data: one value (any depth) replaced by a value of another kind."""
    path = rng.choice(_paths(data))
    return _replace(data, path, rng.choice(WRONG_VALUES))


# --------------------------------------------------------------------------- text mutations

_VALUE_LINE = re.compile(r"^(\s*(?:- )?[^\s:#][^:#]*: ?)(.*)$")


def _value_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.split("\n")) if _VALUE_LINE.match(line)]


def byte_flip(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def truncate(raw: bytes, rng: random.Random) -> bytes:
    return raw[: rng.randrange(len(raw) + 1)]


def control_char(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(CONTROL) + text[at:]


def hostile_value(text: str, rng: random.Random) -> str:
    """One ``key: value`` line's value replaced by a hostile scalar (numbers, dates, aliases, nesting)."""
    lines = text.split("\n")
    candidates = _value_lines(text)
    if not candidates:
        return text + "\n" + hostile_scalar(rng)
    i = rng.choice(candidates)
    match = _VALUE_LINE.match(lines[i])
    assert match is not None
    lines[i] = match.group(1).rstrip() + " " + hostile_scalar(rng)
    return "\n".join(lines)


def yaml_wrong_type(text: str, rng: random.Random) -> str:
    data = yaml.safe_load(text)
    return yaml.safe_dump(wrong_type(data, rng), allow_unicode=True, sort_keys=False, width=10_000)


# --------------------------------------------------------------------------- running mutants


def bounded(call: Callable[[], Any], what: str) -> Any:
    """Run ``call`` and check it took less than the CPU bound."""
    start = time.process_time()
    result = call()
    spent = time.process_time() - start
    assert spent < CPU_SECONDS, f"{what}: {spent:.2f} s of CPU"
    return result


def peak_megabytes() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
