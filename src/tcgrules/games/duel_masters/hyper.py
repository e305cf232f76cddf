"""Hyper mode (ハイパーモード, 816) and ハイパー化.

* 816.1: a creature with a hyper mode has, below its normal text, the hyper mode's power and abilities (the
  card file's ``hyper_mode: {power, text, abilities}``).
* 816.2 / 816.2a / 816.2b: while its hyper mode is released, the creature has its normal abilities *and* the
  hyper mode's, and its power is the hyper mode's (the normal power is not referred to): the face it shows is
  the merged one (:func:`shown`), and its abilities are registered again from it.
* ハイパー化 (``keyword: hyper, tap: 1``; OVERハイパー化 ``tap: 2``) is an activated ability used in its
  controller's main step: tap that many of their *other* untapped creatures (no tapping nothing) to release
  the hyper mode until the start of their next turn (main-step option ``hyper:cID``).
* 816.2c / 816.2d: while released it cannot be released again, and its ハイパー化 cannot be used.
* 816.3: outside the battle zone, or while not released, the hyper mode's power and abilities are not there;
  the release belongs to the object (109.2), so a creature that leaves the battle zone loses it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...cards.schema import CardDefinition, Face
from ...kernel import Decision, Event, Frame, Game, GameObject, Happened, Option, Source
from . import characteristics as ch
from .zones import BATTLE

RELEASED = "hyper_mode"
"""Object state: the turn its hyper mode was released (it lasts until its controller's next turn starts)."""

_MERGED: dict[tuple[str, str], Face] = {}


def hyper_keyword(f: Face) -> int | None:
    """How many other creatures ハイパー化 taps (``None``: the face has no ハイパー化)."""
    for a in f.abilities:
        if a.form == "keyword" and a.name == "hyper":
            return int(a.params["tap"])
    return None


def is_released(obj: GameObject) -> bool:
    return obj.zone[1] == BATTLE and RELEASED in obj.state


def shown(card: CardDefinition, f: Face) -> Face:
    """816.2a / 816.2b: the normal abilities and the hyper mode's, with the hyper mode's power."""
    key = (card.name, f.name)
    found = _MERGED.get(key)
    if found is None:
        assert f.hyper is not None
        merged = replace(
            f,
            power=f.hyper.power,
            text=f"{f.text}\n{f.hyper.text}",
            abilities=(
                *f.abilities,
                *(replace(a, index=len(f.abilities) + a.index) for a in f.hyper.abilities),
            ),
            hyper=None,
        )
        found = _MERGED[key] = merged
    return found


def register(game: Game, obj: GameObject) -> bool:
    """A released creature's abilities are those of its merged face; ``False`` for any other object."""
    if not is_released(obj):
        return False
    from .abilities import register_shown_face

    register_shown_face(game, obj)
    return True


def others_to_tap(game: Game, obj: GameObject) -> list[GameObject]:
    return [
        o
        for o in game.objects_in((obj.controller, BATTLE))
        if o.oid != obj.oid and not o.tapped and ch.is_creature(game, o)
    ]


def can_release(game: Game, obj: GameObject) -> bool:
    """ハイパー化 can be used: the creature has it, is not released (816.2c/d) and enough others can tap."""
    f = ch.face(game, obj)
    count = hyper_keyword(f)
    if count is None or f.hyper is None or is_released(obj):
        return False
    from .ability_ignore import IGNORED

    return not ch.flag(game, obj, IGNORED, via_keywords=False) and len(others_to_tap(game, obj)) >= count


def possible(game: Game) -> bool:
    """816.2: only a card with ハイパー化 printed can release a hyper mode."""
    return bool(ch.cards_with_printed_keyword(game, "hyper"))


def options(game: Game, player: int) -> list[Option]:
    if not possible(game):
        return []
    return [
        Option(f"hyper:c{o.top}", f"ハイパー化 {game.name(o.top)} (release its hyper mode)")
        for o in game.objects_in((player, BATTLE))
        if ch.is_creature(game, o) and can_release(game, o)
    ]


@dataclass(slots=True)
class Hyperize(Frame):
    """ハイパー化: choose and tap the other creatures (its cost), then release the hyper mode (816.2)."""

    card: int
    controller: int
    stage: int = 0

    def describe(self) -> str:
        return f"Hyperize(c{self.card}, stage {self.stage})"

    def step(self, game: Game) -> None:
        obj = game.object_of(self.card)
        if self.stage == 1 or not can_release(game, obj):
            game.finish()
            return
        count = hyper_keyword(ch.face(game, obj)) or 0
        candidates = others_to_tap(game, obj)
        chosen: tuple[str, ...]
        if len(candidates) == count:
            chosen = tuple(f"c{o.top}" for o in candidates)
        else:
            answer = game.take_answer()
            if answer is None:
                opts = tuple(Option(f"c{o.top}", f"tap {game.name(o.top)}") for o in candidates)
                prompt = f"ハイパー化: tap {count} of your other creatures"
                game.ask(Decision(self.controller, "hyper_tap", prompt, opts, count, count, rule="816.2"))
                return
            chosen = answer
        self.stage = 1
        source = Source("rule", self.card, self.controller, rule="816.2")
        for label in chosen:  # the cost: tapped before the hyper mode is released
            tapped = game.object_of(int(label[1:]))
            tapped.tapped = True
        game.record(
            "rule", f"{game.pname(self.controller)} taps {len(chosen)} creature(s) for ハイパー化", "816.2"
        )
        game.push(game.process(Event("hyper_release", obj.oid, self.controller, source)))


def perform_release(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or obj.zone[1] != BATTLE or RELEASED in obj.state or ch.face(game, obj).hyper is None:
        return None
    obj.state[RELEASED] = game.turn
    game.effects.remove_host(obj.oid)
    game.rules.object_entered(game, obj)  # its abilities now come from the merged face (register)
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


def perform_end(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or RELEASED not in obj.state:
        return None
    del obj.state[RELEASED]
    game.effects.remove_host(obj.oid)
    game.rules.object_entered(game, obj)
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


def state_based_actions(game: Game) -> list[Event]:
    """ハイパー化's duration: the hyper mode lasts until the start of its controller's next turn."""
    events = []
    for obj in game.objects_in((game.active_player, BATTLE)):
        released = obj.state.get(RELEASED)
        if released is not None and game.turn > released:
            events.append(Event("hyper_end", obj.oid, None, Source("rule", obj.top, rule="816.2")))
    return events


def main_step_frame(label: str, player: int) -> Frame:
    return Hyperize(int(label.split(":")[1][1:]), player)


PERFORMERS = {"hyper_release": perform_release, "hyper_end": perform_end}
