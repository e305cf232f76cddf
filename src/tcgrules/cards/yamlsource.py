"""YAML reading that remembers where every value came from, so errors can name file:line:field."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..kernel.errors import DefinitionError

Path_ = tuple[str | int, ...]


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


def parse(text: str, file: str) -> Located:
    """Parse YAML text; a syntax error becomes a :class:`DefinitionError` naming file and line."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        located = Located(file, None)
        located.data = _convert(loader, node, (), located.lines) if node is not None else None
        return located
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{file}:{mark.line + 1}" if mark is not None else file
        problem = getattr(exc, "problem", None) or str(exc)
        raise DefinitionError(f"{where}: not valid YAML: {problem}") from exc
    finally:
        loader.dispose()


def read(path: str | Path) -> Located:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise DefinitionError(f"{p}: cannot read: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DefinitionError(f"{p}: not UTF-8 text: {exc.reason}") from exc
    return parse(text, str(p))


def _convert(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, lines: dict[Path_, int]) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str | int):
                raise yaml.constructor.ConstructorError(
                    None, None, f"mapping keys must be text, got {key!r}", key_node.start_mark
                )
            if key in out:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            out[key] = _convert(loader, value_node, (*path, key), lines)
            lines[(*path, key)] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(loader, item, (*path, i), lines) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)
