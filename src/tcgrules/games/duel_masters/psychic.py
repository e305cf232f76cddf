"""Psychic creatures (サイキック・クリーチャー, 805) and psychic super creatures (806).

* A psychic card has two faces: its psychic-creature side (``type: psychic_creature``) and the side it
  shows when awakened. For a card that awakens by 覚醒リンク, that side is a *psychic cell*
  (``type: psychic_cell``) whose name is the psychic super creature it is part of.
* The psychic super creature itself is a catalog entry of ``type: psychic_super_creature`` — not a card
  anyone owns: its cells are the psychic cards whose second face carries its name (in catalog order,
  上・中・下). A linked object (its cards are the cells) shows that entry's face and has its abilities
  (805.3, 806.1).
* 805.4 / 805.4b / 117.1 — psychic cards start in the 超次元ゾーン; one put anywhere but the battle zone
  goes back there at once (state-based here, like draghearts). A psychic card destroyed is still
  *destroyed* (701.6a: destruction is the event; the destination is changed by rule), so "破壊された"
  triggers see it. 806.1a / 703.4g — a lone psychic cell in the battle zone goes back too.
* 覚醒リンク (805.1c, action ``awaken_link``): if the other cells' psychic creatures are in your battle
  zone, they and this creature are turned over and linked into one creature (701.18b).
* リンク解除 (806.1b, keyword ``link_release``; *not* a replacement effect, so 101.5 does not stop it):
  when the linked creature would leave the battle zone, its controller chooses one cell; only that card
  goes (as a cell, not as a creature: 806.1e, 109.2b) — and then back to the 超次元ゾーン — and the
  others are turned back to their psychic-creature side and stay, keeping state and effects (806.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as with_faces
from typing import Any

from ...cards.schema import Action, CardDefinition, Face
from ...kernel import (
    Decision,
    DefinitionError,
    Effect,
    Event,
    Frame,
    Game,
    GameObject,
    Happened,
    Option,
    Replacement,
    ReplacementOutcome,
    Source,
)
from . import characteristics as ch
from .draghearts import RYUKAI, is_dragheart
from .objects import _merge_into
from .zones import ABYSS, BATTLE, HYPERSPATIAL

LINK = "psychic_link"
"""Object state: the name of the psychic super creature a linked object is."""
AWAKENED = "awakened"
"""Object state: a (single) psychic creature turned to its second side (覚醒)."""
SHOWN_SIDE = "shown_side"
"""Object state: the side (its index) a two-sided card entered the battle zone showing, when an effect took
it from the 超次元ゾーン as its other side (a ルール・プラス: 314.1, 314.4; perform.py)."""

PSYCHIC_TYPES = frozenset({"psychic_creature", "psychic_cell", "psychic_super_creature"})


def is_psychic(game: Game, cid: int) -> bool:
    return ch.definition(game, cid).main.type == "psychic_creature"


def super_definition(game: Game, name: str) -> CardDefinition:
    found: CardDefinition = game.rules.catalog[name]  # type: ignore[attr-defined]  # DuelMasters rules
    return found


def cells_of(game: Game, name: str) -> list[str]:
    """The psychic cards that link into the psychic super creature ``name`` (catalog order)."""
    catalog = game.rules.catalog  # type: ignore[attr-defined]  # DuelMasters rules
    return [
        d.name
        for d in catalog.values()
        if len(d.faces) > 1 and d.faces[1].type == "psychic_cell" and d.faces[1].name == name
    ]


def face(game: Game, obj: GameObject) -> Face | None:
    """The face a psychic object shows (805.3), ``None`` for any other object."""
    link = obj.state.get(LINK)
    if link is not None:
        return super_definition(game, str(link)).main
    d = ch.definition(game, obj.top)
    if d.main.type != "psychic_creature":
        return None
    side = obj.state.get(SHOWN_SIDE)
    if side is not None and int(side) < len(d.faces):
        return d.faces[int(side)]
    return d.faces[1] if obj.state.get(AWAKENED) and len(d.faces) > 1 else d.faces[0]


def register_link(game: Game, obj: GameObject) -> bool:
    """A linked object has the abilities of its psychic super creature; ``False`` for any other."""
    link = obj.state.get(LINK)
    if link is None:
        return _register_shown_face(game, obj)
    if obj.zone[1] != BATTLE:
        return True  # cells out of the battle zone go back at once (no abilities meanwhile)
    compiled = game.rules.compiled(str(link))  # type: ignore[attr-defined]  # DuelMasters rules
    source = Source("ability", obj.top, obj.controller)
    for ability in compiled.by_zone.get(BATTLE, ()):
        game.effects.add(ability, obj.controller, source, host=obj.oid)
    if has_link_release(game, obj):
        game.effects.add(LinkReleaseWatch(), obj.controller, source, host=obj.oid)
    return True


def _register_shown_face(game: Game, obj: GameObject) -> bool:
    """805.3: a single psychic creature in the battle zone has the abilities of the side it shows only (its
    覚醒 on the first side, its 解除 on the second); ``False`` for any other object."""
    d = ch.definition(game, obj.top)
    if obj.zone[1] != BATTLE or len(d.faces) < 2 or not is_psychic(game, obj.top):
        return False

    from .abilities import compile_card

    shown = face(game, obj)
    if shown is None:
        return False
    compiled = compile_card(with_faces(d, faces=(shown,)))
    source = Source("ability", obj.top, obj.controller)
    for ability in compiled.by_zone.get(BATTLE, ()):
        game.effects.add(ability, obj.controller, source, host=obj.oid)
    return True


def _reregister(game: Game, obj: GameObject) -> None:
    game.effects.remove_host(obj.oid)
    game.rules.object_entered(game, obj)


# ---------------------------------------------------------------------------------------------- 覚醒リンク


def awaken_link(frame: Any, game: Game, action: Action) -> int:
    """覚醒リンク: the creature with the ability and one of each other cell's psychic creature."""
    from . import actions as A

    card = frame.ctx.source.card
    host = game.objects.get(game.card_object.get(card, -1)) if card is not None else None
    if host is None or host.zone[1] != BATTLE or LINK in host.state:
        return A._DONE
    you = host.controller
    back = ch.definition(game, host.top).faces[-1]
    if back.type != "psychic_cell":
        return A._DONE
    partners: list[int] = []
    for name in cells_of(game, back.name):
        if name == game.cards[host.top].name:
            continue
        found = next(
            (
                o
                for o in game.objects_in((you, BATTLE))
                if game.cards[o.top].name == name and LINK not in o.state and o.oid not in partners
            ),
            None,
        )
        if found is None:
            game.record("rule", f"覚醒リンク: no {name} in the battle zone; nothing happens", "805.1c")
            return A._DONE
        partners.append(found.oid)
    event = Event("awaken_link", host.oid, you, frame.ctx.source, {"with": tuple(partners)})
    return int(frame.emit(game, [event]))


def perform_awaken_link(game: Game, event: Event) -> Happened | None:
    host = game.objects.get(event.subject) if event.subject is not None else None
    if host is None or host.zone[1] != BATTLE:
        return None

    link = ch.definition(game, host.top).faces[-1].name
    order = cells_of(game, link)
    for oid in event.get("with"):
        other = game.objects.get(oid)
        if other is not None and other.zone[1] == BATTLE:
            _merge_into(game, other, host)
    host.cards.sort(key=lambda c: order.index(game.cards[c].name))
    host.state[LINK] = link
    _reregister(game, host)
    game.record("rule", f"the psychic creatures are turned over and linked into {link}", "701.18b")
    return Happened(event, tuple(host.cards), host.oid, host.oid, {"to": BATTLE})


# ---------------------------------------------------------------------------------------------- リンク解除


def has_link_release(game: Game, obj: GameObject) -> bool:
    link = obj.state.get(LINK)
    if link is None:
        return False
    d = super_definition(game, str(link))
    return any(a.name == "link_release" for a in d.main.abilities)


LEAVE_KINDS = frozenset({"destroy", "move"})


@dataclass(frozen=True, slots=True)
class LinkReleaseWatch(Replacement):
    """Not a replacement (806.1b): it never applies. It only makes the pipeline hand a linked creature's
    leave events to the Duel Masters policy, which turns them into リンク解除 after every replacement has
    been decided (:func:`release_links`)."""

    kinds: frozenset[str] = LEAVE_KINDS
    label: str = "リンク解除"

    def applies(self, game: Game, effect: Effect, event: Event) -> bool:
        return False

    def plan(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> Frame:
        raise AssertionError("リンク解除 is not a replacement effect (806.1b)")


def _leaving_link(game: Game, event: Event) -> GameObject | None:
    from .abilities import destination

    if event.kind not in LEAVE_KINDS or event.subject is None:
        return None
    obj = game.objects.get(event.subject)
    if obj is None or obj.zone[1] != BATTLE or destination(event) in (BATTLE, ABYSS):
        return None  # 701.33b: a linked creature sent to the 深淵ゾーン goes with all its cards
    from .gods import is_linked

    return obj if has_link_release(game, obj) or is_linked(obj) else None  # God links too (gods.py)


def release_links(game: Game, events: tuple[Event, ...], choices: dict[int, int]) -> tuple[Event, ...] | None:
    """The final events of a batch, with each linked creature's leave turned into リンク解除: its controller
    chooses the cell that goes (``choices``: event index → card, kept by the caller across questions).
    ``None`` while a decision is pending."""
    from .abilities import destination

    out = []
    for index, event in enumerate(events):
        obj = _leaving_link(game, event)
        if obj is None:
            out.append(event)
            continue
        from .gods import is_linked, leave_event, leave_question

        if index not in choices:
            answer = game.take_answer()
            labels = {f"c{c}": c for c in obj.cards}
            if answer is None and is_linked(obj):
                game.ask(leave_question(obj, game))  # 703.4f: one God of the link leaves
                return None
            if answer is None:
                game.ask(
                    Decision(
                        obj.controller,
                        "choose_cards",
                        f"リンク解除: choose the psychic cell of {game.name(obj.top)} that leaves",
                        tuple(Option(label, game.name(c)) for label, c in labels.items()),
                        min=1,
                        max=1,
                        rule="806.1b",
                    )
                )
                return None
            choices[index] = labels[answer[0]]
        if is_linked(obj):
            out.append(leave_event(obj, event, choices[index]))
            continue
        args = {"cell": choices[index], "to": destination(event), "as": event.kind}
        out.append(
            Event("link_release", obj.oid, event.player, event.source, args, event.parent, event.replaced_by)
        )
    return tuple(out)


def perform_release(game: Game, event: Event) -> Happened | None:
    """リンク解除: ``event.args['cell']`` leaves (to where the linked creature was going); the others are
    turned back and stay as separate psychic creatures with the linked creature's state (806.2)."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or obj.zone[1] != BATTLE:
        return None
    cell = int(event.get("cell"))
    rest = [c for c in obj.cards if c != cell]
    state = {k: v for k, v in obj.state.items() if k != LINK}
    to = str(event.get("to"))
    game.remove_object(obj.oid)
    controller, tapped = obj.controller, obj.tapped
    gone = game.create_object([cell], (game.cards[cell].owner, to), register=False)
    new = []
    for c in rest:  # 806.2: the same creature, still tapped, still sick or not
        part = game.create_object([c], (controller, BATTLE), controller, tapped=tapped, state=dict(state))
        part.entered_turn = obj.entered_turn
        new.append(part.oid)
    if state.get("attacking"):
        from .swap import record_split

        record_split(game, obj.oid, tuple(new), "806.2a")  # the attack goes on with one of them
    game.record(
        "rule",
        f"リンク解除: {game.name(cell)} leaves as a psychic cell; "
        + ", ".join(game.name(c) for c in rest)
        + " are turned back and stay",
        "806.1b",
    )
    return Happened(event, (cell,), obj.oid, gone.oid, {"to": to, "stayed": tuple(new)})


# ---------------------------------------------------------------------------------------------- 805.4b


def state_based_actions(game: Game) -> list[Event]:
    """805.4b / 117.1: a psychic card anywhere but the battle zone goes back to the 超次元ゾーン;
    806.1a / 703.4g: so does a lone psychic cell in the battle zone."""
    events = []
    for oid in sorted({game.card_object[c] for c in ch.cards_of_type(game, frozenset({"psychic_creature"}))}):
        obj = game.objects[oid]
        zone = obj.zone[1]
        if zone in (HYPERSPATIAL, "pending", ABYSS) or not is_psychic(
            game, obj.top
        ):  # 410.4: never out of the 深淵ゾーン
            continue
        lone_cell = zone == BATTLE and LINK not in obj.state and obj.state.get(AWAKENED) == "cell"
        if zone != BATTLE or lone_cell:
            events.append(Event("move", oid, None, Source("rule", rule="805.4b"), {"to": HYPERSPATIAL}))
    return events


# ---------------------------------------------------------------------------------------------- 覚醒


def can_awaken(game: Game, obj: GameObject) -> bool:
    """701.20a: a psychic creature in the battle zone showing its first side, whose other side is a psychic
    creature too (a side that is a psychic cell awakens only by 覚醒リンク)."""
    d = ch.definition(game, obj.top)
    return (
        obj.zone[1] == BATTLE
        and LINK not in obj.state
        and not obj.state.get(AWAKENED)
        and d.main.type == "psychic_creature"
        and len(d.faces) > 1
        and d.faces[1].type == "psychic_creature"
    )


def awaken(frame: Any, game: Game, action: Action) -> int:
    """覚醒 (``awaken: SEL``, 701.20a): turn each selected psychic creature over to its other side."""
    from . import actions as A

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    events = [
        Event("awaken", oid, game.objects[oid].controller, frame.ctx.source)
        for oid in picked
        if can_awaken(game, game.objects[oid])
    ]
    return int(frame.emit(game, events))


def perform_awaken(game: Game, event: Event) -> Happened | None:
    """701.20a: the same creature (same object: tapped state and effects stay, 805.2) now shows its other
    side, with that side's abilities."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or not can_awaken(game, obj):
        return None
    before, after = (f.name for f in ch.definition(game, obj.top).faces[:2])
    obj.state[AWAKENED] = True
    _reregister(game, obj)
    game.record("rule", f"{before} awakens: it is turned over to {after}", "701.20a")
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"to": BATTLE})


def not_summoning_sick(game: Game, obj: GameObject) -> bool:
    """805.6: a psychic creature that has awakened (覚醒, showing its other side) is not affected by summoning
    sickness. Turned back by another effect (解除), it is the same object (805.5): sick again only if it
    entered this turn, as any creature (805.6a)."""
    return obj.state.get(AWAKENED) is True


# ---------------------------------------------------------------------------------------------- 解除


def _turned_state(game: Game, obj: GameObject) -> str | None:
    """The object state that shows a two-sided card's second side: 覚醒 (805.1b) or 龍解 (807.1b)."""

    if LINK not in obj.state and obj.state.get(AWAKENED) is True:
        return AWAKENED
    if is_dragheart(game, obj.top) and obj.state.get(RYUKAI):
        return RYUKAI
    return None


def can_turn_to_cheaper_side(game: Game, obj: GameObject) -> bool:
    """805.1b / 807.1b: an awakened psychic creature or a dragheart turned to its creature side, in the
    battle zone, whose shown side costs more than its other."""
    if obj.zone[1] != BATTLE or _turned_state(game, obj) is None:
        return False
    faces = ch.definition(game, obj.top).faces
    return len(faces) > 1 and (faces[0].cost or 0) < (faces[1].cost or 0)


def turn_to_cheaper_side(frame: Any, game: Game, action: Action) -> int:
    """``turn_to_cheaper_side: SEL`` (コストの小さい面に裏返す): the substitute of 解除 (805.1b) and 龍回避
    (807.1b)."""
    from . import actions as A

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    events = [
        Event("turn_to_cheaper_side", oid, game.objects[oid].controller, frame.ctx.source)
        for oid in picked
        if can_turn_to_cheaper_side(game, game.objects[oid])
    ]
    return int(frame.emit(game, events))


def perform_turn_to_cheaper_side(game: Game, event: Event) -> Happened | None:
    """805.1b / 807.1b / 805.5: the same object (tapped, with its effects) shows its cheaper side again."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or not can_turn_to_cheaper_side(game, obj):
        return None
    state = _turned_state(game, obj)
    before, after = (f.name for f in ch.definition(game, obj.top).faces[1::-1])
    obj.state.pop(str(state))
    _reregister(game, obj)
    rule = "805.1b" if state == AWAKENED else "807.1b"
    game.record("rule", f"{before} is turned over to its cheaper side, {after}", rule)
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"to": BATTLE})


HANDLERS = {
    "awaken_link": awaken_link,
    "awaken": awaken,
    "turn_to_cheaper_side": turn_to_cheaper_side,
}
PERFORMERS = {
    "awaken_link": perform_awaken_link,
    "link_release": perform_release,
    "awaken": perform_awaken,
    "turn_to_cheaper_side": perform_turn_to_cheaper_side,
}


# ---------------------------------------------------------------------------------------------- rules date

CURRENT_609_9 = "2023-04-10"
"""The date rule 609.9 (simultaneous events: decide every replacement, then apply them at once) was added."""


def before_609_9(game: Game) -> bool:
    date = game.info.get("rules_date")
    return date is not None and str(date) < CURRENT_609_9


@dataclass(slots=True)
class OneEventAtATime(Frame):
    """Rules before 2023-04-10: each of the simultaneous events, in order (左から順に), has its replacement
    decided *and applied* before the next event's is decided — so the next decision sees the result."""

    events: tuple[Event, ...]

    def describe(self) -> str:
        return f"OneEventAtATime({len(self.events)} events)"

    def step(self, game: Game) -> None:
        game.record(
            "rule",
            f"rules of {game.info['rules_date']}: replacements are decided and applied one event at a time, "
            "in order",
            "609.9 (before 2023-04-10)",
        )
        game.finish(ReplacementOutcome((), tuple(game.process(e) for e in self.events)))


def one_event_at_a_time(game: Game, events: tuple[Event, ...]) -> Frame | None:
    return OneEventAtATime(events) if len(events) > 1 and before_609_9(game) else None


def linked_setup(
    game: Game, names: list[str], zone: str, where: str
) -> tuple[list[str], dict[str, Any] | None]:
    """A board entry naming a psychic super creature puts its cells into the battle zone, linked."""

    d = super_definition(game, names[0])
    if d.main.type != "psychic_super_creature":
        return names, None
    cells = cells_of(game, d.name)
    if zone != BATTLE or len(names) > 1 or not cells:
        raise DefinitionError(f"{where}: a psychic super creature is set up alone in the battle zone")
    return cells, {LINK: d.name}
