"""Validation of YAML values with errors that name file:line and the field: shared by every game's card
loader (and anything else read from YAML files)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

from ..kernel.errors import DefinitionError
from .yamlsource import Located, Path_


class FieldReader:
    """Checks one value at a time; ``path`` is where the value sits in the file (for the error)."""

    def __init__(self, src: Located) -> None:
        self.src = src

    def fail(self, path: Path_, message: str) -> DefinitionError:
        return self.src.error(path, message)

    def text(self, value: Any, path: Path_) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, f"expected non-empty text, got {value!r}")
        return value.strip()

    def integer(self, value: Any, path: Path_, minimum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
            at_least = f" of at least {minimum}" if minimum is not None else ""
            raise self.fail(path, f"expected a whole number{at_least}, got {value!r}")
        return value

    def boolean(self, value: Any, path: Path_) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {value!r}")
        return value

    def choice(self, value: Any, allowed: Iterable[str], path: Path_, what: str) -> str:
        options = sorted(allowed)
        if value not in options:
            raise self.fail(path, f"unknown {what} {value!r}; expected one of {', '.join(options)}")
        return str(value)

    def items(self, value: Any, path: Path_) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {value!r}")
        return value

    def texts(
        self, value: Any, path: Path_, allowed: Iterable[str] | None = None, what: str = ""
    ) -> tuple[str, ...]:
        """A list of texts (each one of ``allowed``, when given)."""
        items = self.items(value, path)
        if allowed is None:
            return tuple(self.text(v, (*path, i)) for i, v in enumerate(items))
        return tuple(self.choice(v, allowed, (*path, i), what) for i, v in enumerate(items))

    def mapping(self, value: Any, path: Path_, allowed: set[str], what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected a mapping for {what}, got {type(value).__name__} {value!r}")
        for key in value:
            if key not in allowed:
                raise self.fail(
                    (*path, key), f"unknown field {key!r} in {what}; allowed: {', '.join(sorted(allowed))}"
                )
        return value


C = TypeVar("C")


class CardFileReader(FieldReader, Generic[C]):
    """A card file is a YAML list of cards; each game's reader says how to read one card."""

    def card(self, entry: Any, path: Path_) -> C:
        raise NotImplementedError

    def cards(self) -> list[C]:
        data = self.src.data
        if data is None:
            return []
        if not isinstance(data, list):
            raise self.fail((), "a card file must be a YAML list of cards")
        return [self.card(entry, (i,)) for i, entry in enumerate(data)]
