"""Values a subclass gives at class level, seen by compiled code too.

In pure Python a subclass's ``kinds = frozenset({"death"})`` (or a dataclass field, or a property, of that
name) shadows the base's ``kinds``, and every reader sees it. In the optional compiled build
(tools/compiled_build.py, docs/benchmarks.md) a compiled base class keeps each attribute it declares in its
own storage, which compiled code reads directly: what an interpreted subclass (Magic's, Monster Collection's,
a test's) declares at class level is never seen there. :func:`mirror_overrides`, called from
``__init_subclass__`` of the kernel classes meant to be subclassed that way (:class:`~.effects.Ability`,
:class:`~.rules.GameRules`, :class:`~.rules.ReplacementPolicy`), copies those values into the base's storage
as each instance is made: a plain class value when the instance is made, a slot's (a slotted dataclass's
field) or a property's after the class's own ``__init__``. A subclass that gives such a value through a field
of a dataclass without slots, or through a property while inheriting ``__init__``, must set it in its
``__init__`` instead (``self.kinds = …``), which every build sees.

In pure Python no base keeps such storage (a :class:`types.GetSetDescriptorType`): nothing is changed.
"""

from __future__ import annotations

import functools
import types
from typing import Any


def mirror_overrides(cls: type) -> None:
    """Make what ``cls`` declares at class level over a compiled base's attribute visible to compiled code."""
    storage: dict[str, Any] = {}
    for klass in cls.__mro__[1:]:
        for name, value in vars(klass).items():
            if isinstance(value, types.GetSetDescriptorType) and not name.startswith("__"):
                storage.setdefault(name, value)
    if not storage:
        return  # pure Python
    overridden: list[tuple[str, Any]] = []  # (name, the base's storage)
    constants: list[tuple[Any, Any]] = []  # (the base's storage, the class value)
    for name, descriptor in storage.items():
        found = next(vars(klass)[name] for klass in cls.__mro__ if name in vars(klass))
        if isinstance(found, types.GetSetDescriptorType):
            continue  # the compiled storage itself: not overridden
        overridden.append((name, descriptor))
        if not hasattr(found, "__get__"):  # a plain value, not a slot or a property
            constants.append((descriptor, found))
    if constants:
        made = cls.__new__

        def __new__(klass: type, *args: Any, **kwargs: Any) -> Any:
            obj = made(klass, *args, **kwargs)
            for descriptor, value in constants:
                descriptor.__set__(obj, value)
            return obj

        cls.__new__ = staticmethod(__new__)  # type: ignore[assignment]
    own_init = vars(cls).get("__init__")
    if overridden and own_init is not None:

        @functools.wraps(own_init)
        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            own_init(self, *args, **kwargs)  # which may set the base's attributes itself
            for name, descriptor in overridden:
                descriptor.__set__(self, getattr(self, name))

        cls.__init__ = __init__  # type: ignore[misc]
