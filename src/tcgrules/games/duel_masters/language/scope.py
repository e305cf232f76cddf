"""What an ability refers to while one of its parts is evaluated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ....kernel import Effect, Game
from ....kernel.values import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Scope:
    """The references of one evaluation: whose ability it is, this card's object, the object the event is
    about, and what earlier steps of the same ability saved (``as: NAME``)."""

    controller: int
    this_card: int | None = None
    subject: int | None = None
    subject_cards: tuple[int, ...] = ()
    vars: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    done: Mapping[str, int] = field(default_factory=dict)
    numbers: Mapping[str, int] = field(default_factory=dict)
    rests: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    lki: Mapping[int, Mapping[str, object]] = field(default_factory=dict)
    """Last-known information of objects that left (605.2e), by old object id."""
    words: Mapping[str, str] = field(default_factory=dict)
    """What a ``declare`` step chose (a card name, a race, a civilization), read by filters as ``$NAME``."""
    departed: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    """The objects the triggering event took out of the battle zone, by their new object id, with their
    last-known information: their crossing is read as they left (603.5c, last_known.py)."""
    batch: tuple[int, int] = (0, 0)
    """A triggered ability's: how many events of the batch it triggered on it matched, and how many cards
    they moved (``{batch: events | cards}``; one event unless its pattern says ``once_per_batch``)."""

    def this(self, game: Game) -> int | None:
        """This card's current object id."""
        return game.card_object.get(self.this_card) if self.this_card is not None else None


def effect_scope(
    game: Game, effect: Effect, subject: int | None = None, batch: tuple[int, int] = (0, 0)
) -> Scope:
    """The scope of a continuous or triggered ability: its controller and its card (and a trigger's
    event and batch)."""
    return Scope(effect.controller, effect.source.card, subject, batch=batch)


def bind_words(value: Any, words: dict[str, str]) -> Any:
    """``value`` (an ability, a filter, …) with each ``$NAME`` a ``declare`` step of the effect chose replaced
    by that word, so that a made static keeps reading it after the effect is over (608.2b)."""
    if not words:
        return value
    if isinstance(value, str):
        return words.get(value[1:], value) if value.startswith("$") else value
    if isinstance(value, tuple):
        return tuple(bind_words(v, words) for v in value)
    if isinstance(value, dict):
        return {k: bind_words(v, words) for k, v in value.items()}
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is None:
        return value
    changed = {n: bind_words(getattr(value, n), words) for n in fields}
    return replace(value, **{n: v for n, v in changed.items() if v != getattr(value, n)})


def bind_this(flt: Any, oid: int) -> Any:
    """``flt`` with its ``this`` references — ``other: true`` (他の) and ``not: this`` — fixed to the object
    ``oid``: a filter that a static with ``to`` gives other objects as a property's value (「…は可能なら
    このクリーチャーを攻撃する」) is read with the receiving object's references, where ``this`` is meant as
    the card whose static it is. ``not``, ``any_of`` and ``all_of`` are bound in turn."""
    from ....cards.schema import Filter

    if not isinstance(flt, Filter):
        return flt
    is_this = Filter(bound=(oid,), v2=True)
    extra: tuple[Filter, ...] = ()
    if flt.other_than_self or flt.not_ref == "this":
        extra = (Filter(not_filter=is_this, v2=True),)
    bound = replace(
        flt,
        other_than_self=False,
        not_ref=None if flt.not_ref == "this" else flt.not_ref,
        not_filter=bind_this(flt.not_filter, oid),
        any_of=tuple(bind_this(f, oid) for f in flt.any_of),
        all_of=(*(bind_this(f, oid) for f in flt.all_of), *extra),
        v2=flt.v2 or bool(extra),
    )
    return flt if bound == flt else bound


_OWN_EVENT = frozenset({"effect", "instead", "then", "condition"})
"""The parts of a triggered ability or replacement read when it is used, where ``event.subject`` is its
own event's (its pattern is read against the event, so there the effect's own subject is meant)."""


def bind_objects(
    value: Any, vars: Mapping[str, tuple[int, ...]], subject: int | None, *, own_event: bool = False
) -> Any:
    """``value`` with each filter's ``in: $NAME`` (or ``in: event.subject``) fixed to the objects the effect
    saved under that name (or the object its event is about), so that a made static keeps referring to them
    after the effect is over (608.2b: その(選んだ)クリーチャー). In the effect or condition of a
    triggered ability or replacement it makes, ``event.subject`` is that ability's own event
    (``own_event``): it is left to be read when the ability is used
    (「このターン、自分のクリーチャーが攻撃する時、そのクリーチャーは…」)."""
    from ....cards.schema import AbilitySpec, Filter

    if isinstance(value, Filter) and value.in_var is not None:
        ref = value.in_var
        objs: tuple[int, ...] | None
        if ref == "event.subject":
            objs = None if own_event else ((subject,) if subject is not None else ())
        else:
            objs = vars.get(ref)
        if objs is not None:
            value = replace(value, in_var=None, bound=tuple(objs))
    if isinstance(value, tuple):
        return tuple(bind_objects(v, vars, subject, own_event=own_event) for v in value)
    if isinstance(value, dict):
        return {k: bind_objects(v, vars, subject, own_event=own_event) for k, v in value.items()}
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is None or isinstance(value, str):
        return value
    given = isinstance(value, AbilitySpec) and value.form in ("trigger", "replace")
    changed = {
        n: bind_objects(getattr(value, n), vars, subject, own_event=own_event or (given and n in _OWN_EVENT))
        for n in fields
    }
    return replace(value, **{n: v for n, v in changed.items() if v != getattr(value, n)})
