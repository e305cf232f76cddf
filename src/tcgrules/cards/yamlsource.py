"""YAML reading that remembers where every value came from, so errors can name file:line:field."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..kernel.errors import DefinitionError, shorten

Path_ = tuple[str | int, ...]
__all__ = [
    "MAX_ALIAS_VALUES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "Located",
    "Path_",
    "format_path",
    "parse",
    "read",
    "shorten",
]


@dataclass(slots=True)
class Located:
    """Parsed YAML plus the line (1-based) of every mapping key, sequence item and scalar."""

    file: str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line(self, path: Path_) -> int:
        """The line of ``path``, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)

    def where(self, path: Path_) -> str:
        return f"{self.file}:{self.line(path)}"

    def error(self, path: Path_, message: str) -> DefinitionError:
        return DefinitionError(f"{self.where(path)}: {format_path(path)}: {message}")


def format_path(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "(top level)"


MAX_BYTES = 512_000
"""The largest YAML file read, in bytes (the shipped card files are under 20 kB; parsing this much takes
under a second with libyaml, so a file at the cap is still read within the 2 s bound)."""
MAX_DEPTH = 64
"""How deeply mappings and sequences may nest (card abilities nest about ten levels)."""
MAX_ALIAS_VALUES = 10_000
"""How many values aliases (``*name``) may add beyond those written out: an alias repeats what its anchor
holds, so nested aliases could otherwise expand a few hundred bytes into billions of values."""

_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's loader where PyYAML was built with it (same nodes and line marks, many times faster)."""
_NOT_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""What YAML 1.1 refuses in a stream (PyYAML's Reader.NON_PRINTABLE), checked first to name the line."""


def parse(text: str, file: str) -> Located:
    """Parse YAML text into a :class:`Located`. Anything wrong with it (syntax, control characters, too
    large, too deeply nested, aliases that repeat, expand too much or contain themselves, a scalar that
    cannot be built such as a 5,000-digit number or the date 2024-13-45) is a :class:`DefinitionError`
    naming file and line."""
    if len(text) > MAX_BYTES:
        raise DefinitionError(
            f"{file}:1: the file is too large ({len(text)} characters; at most {MAX_BYTES})"
        )
    bad = _NOT_PRINTABLE.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        raise DefinitionError(
            f"{file}:{line}: not valid YAML: control character #x{ord(bad.group()):04x} is not allowed"
        )
    try:
        loader = _Loader(text)
    except yaml.YAMLError as exc:  # pragma: no cover - the checks above catch what the reader refuses
        raise DefinitionError(f"{file}:1: not valid YAML: {exc}") from exc
    try:
        node = loader.get_single_node()
        located = Located(file, None)
        if node is not None:
            if "&" in text:  # without an anchor there is no alias, so nothing can repeat
                _check_graph(node, file)
            located.data = _Converter(loader, file, located.lines).convert(node, (), 0)
        return located
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{file}:{mark.line + 1}" if mark is not None else f"{file}:1"
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DefinitionError(f"{where}: not valid YAML: {problem}") from exc
    except RecursionError as exc:  # the pure-Python composer recurses once per level
        raise DefinitionError(f"{file}:1: not valid YAML: nested more than {MAX_DEPTH} levels deep") from exc
    finally:
        loader.dispose()


def read(path: str | Path) -> Located:
    """Read and parse one YAML file; every project file (cards, decks, scenarios) is read here."""
    p = Path(path)
    try:
        with p.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise DefinitionError(f"{p}: cannot read: {exc.strerror or exc}") from exc
    if len(raw) > MAX_BYTES:
        raise DefinitionError(f"{p}:1: the file is too large (more than {MAX_BYTES} bytes)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DefinitionError(f"{p}:{line}: not UTF-8 text: {exc.reason}") from exc
    return parse(text.removeprefix("\ufeff"), str(p))


GAMES = ("duel_masters", "magic", "monster_collection")


def read_cards(path: str | Path, game: str) -> Located:
    """A card file of ``game``: a list of cards, or a mapping ``{game: GAME, cards: [...]}`` that names its
    game (so that ``tcgrules cards validate`` can check it with that game's schema wherever it is)."""
    return card_list(read(path), game)


def card_list(src: Located, game: str) -> Located:
    """The card list of a parsed card file, checking the ``game:`` it names, if any."""
    named = file_game(src)
    if named is None:
        return src
    if named != game:
        raise src.error(("game",), f"this card file is for {shorten(named)}, not {game}")
    for key in src.data:
        if key not in ("game", "cards"):
            raise src.error(
                (key,), f"unknown field {shorten(key)}; a card file naming its game has game, cards"
            )
    lines = {p[1:]: line for p, line in src.lines.items() if p[:1] == ("cards",)}
    lines.setdefault((), src.line(("cards",)))
    return Located(src.file, src.data.get("cards"), lines)


def file_game(src: Located) -> str | None:
    """The ``game:`` a file names at its top (a scenario, or a card file of the mapping form)."""
    if isinstance(src.data, dict) and "game" in src.data:
        game = src.data["game"]
        if not isinstance(game, str) or game not in GAMES:
            raise src.error(("game",), f"unknown game {shorten(game)}; expected one of {', '.join(GAMES)}")
        return game
    return None


_STR = "tag:yaml.org,2002:str"
MAX_DIGITS = 100
"""The longest whole number read (a 0x… number too, whose reading Python does not limit)."""
_MAX_INT_BITS = int(MAX_DIGITS * 3.3219)


def _check_graph(root: yaml.Node, file: str) -> None:
    """Refuse a recursive alias, or aliases that expand the document by more than ``MAX_ALIAS_VALUES``
    values. Walks the node graph once without recursion (any depth is safe), computing each node's
    expanded size."""
    size: dict[int, int] = {}
    open_: set[int] = set()
    distinct = 0
    todo: list[tuple[yaml.Node, bool]] = [(root, False)]
    while todo:
        node, done = todo.pop()
        key = id(node)
        children: list[yaml.Node] = []
        if isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        if done:
            open_.discard(key)
            size[key] = 1 + sum(size[id(c)] for c in children)
            if size[key] > distinct + MAX_ALIAS_VALUES:
                raise DefinitionError(
                    f"{file}:{node.start_mark.line + 1}: not valid YAML: aliases expand to more than "
                    f"{MAX_ALIAS_VALUES} extra values"
                )
            continue
        if key in size:
            continue
        if key in open_:
            raise DefinitionError(
                f"{file}:{node.start_mark.line + 1}: not valid YAML: an alias refers to a value that "
                "contains it (a recursive alias)"
            )
        open_.add(key)
        distinct += 1
        todo.append((node, True))
        todo += ((c, False) for c in reversed(children))


class _Converter:
    """Nodes to plain values, recording the line of every path; refuses what would not end well."""

    def __init__(self, loader: yaml.SafeLoader, file: str, lines: dict[Path_, int]) -> None:
        self.loader = loader
        self.file = file
        self.lines = lines

    def fail(self, node: yaml.Node, message: str) -> DefinitionError:
        return DefinitionError(f"{self.file}:{node.start_mark.line + 1}: not valid YAML: {message}")

    def convert(self, node: yaml.Node, path: Path_, depth: int) -> Any:
        self.lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if depth >= MAX_DEPTH:
            raise self.fail(node, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path, depth)
        return [self.convert(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]

    def mapping(self, node: yaml.MappingNode, path: Path_, depth: int) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = self.scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            if isinstance(key, bool) or not isinstance(key, str | int):
                shown = shorten(key) if isinstance(key_node, yaml.ScalarNode) else "a collection"
                raise self.fail(key_node, f"mapping keys must be text, got {shown}")
            if key in out:
                raise self.fail(key_node, f"duplicate key {shorten(key)}")
            out[key] = self.convert(value_node, (*path, key), depth + 1)
            self.lines[(*path, key)] = key_node.start_mark.line + 1
        return out

    def scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag == _STR:
            return node.value
        try:
            value = self.loader.construct_object(node, deep=True)
        except yaml.YAMLError:
            raise
        except (ValueError, OverflowError, TypeError) as exc:
            # int('9' * 5000) (Python's digit limit), a date such as 2024-13-45, bad base64 …
            reason = str(exc).split(";")[0]
            raise self.fail(node, f"cannot read {shorten(node.value, 40)}: {reason}") from exc
        if isinstance(value, int) and value.bit_length() > _MAX_INT_BITS:
            raise self.fail(node, f"the number {shorten(node.value, 40)} has more than {MAX_DIGITS} digits")
        return value
