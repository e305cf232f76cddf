"""零龍 (311, 812, 701.18, 701.31): 零龍の儀 and four 零龍星雲 that link one by one and become one creature.

The cards: a *ritual* (儀: first face ``type: zero_dragon_ritual``, other face ``type: zero_dragon_creature``,
the 零龍 creature) and four *nebulas* (星雲: first face ``type: zero_dragon_nebula``, other face
``type: zero_dragon_part``, a 零龍クリーチャーの構成カード, 812.1). Both faces of each are front faces
(812.1); the set is not in the 40-card deck: a deck file's or recipe's ``battle_zone`` part holds it
(100.5: one set).

* 311.2 / 812.3: at set-up, after the decks are shuffled and before the shields, the ritual's
  ``keyword: starts_unlinked`` (「ゲーム開始時、このカードと異なるN種類の零龍星雲をリンクせずにバトルゾーンに
  置く」) puts the ritual and N different nebulas into the battle zone, each its own object, unlinked; each
  gets the object state :data:`SET` (the ritual's card id), which is what lets it be there (311.3). Its
  ``keyword: opponent_draws_at_start`` (「ゲーム開始時、相手はもう1枚カードを引く」) makes the opponent draw
  that many more cards as the game starts (103.3: after the five cards of the hand). A scenario's board sets
  a set up with a player's ``zero_dragon_set: [cards]`` (the board lists the hands: no card is drawn).
* 701.18a (``zero_dragon_link: SEL``, 「この零龍星雲を自分の《…》にリンクする」): this nebula is linked to the
  selected ritual of its set: both get the object state :data:`LINK` (the ritual's card id); they stay
  separate objects (neither is a creature yet). The filter ``linked: true`` sees the ritual and the nebulas
  linked to it; 「リンクした時」 patterns (``zero_dragon_linked``) see the ritual's object.
* 701.31a (``zero_dragon_birth: SEL``, 零龍卍誕): the ritual and the nebulas linked to it are turned over and
  rebuilt into one creature: one object, the ritual's card on top showing its 零龍 creature face, the
  nebulas' cards its parts; the ritual's object keeps its identity (it has been in the battle zone since the
  game began). 「零龍卍誕した時」 patterns (``zero_dragon_born``) see it.
* 812.2: in the battle zone only the face shown counts (:func:`face`); elsewhere the card has both faces'
  characteristics, like any card of two faces (characteristics.matches, 810.3's reading).
* 812.4 / 812.4a: naming a card offers each face's name, never both; a nebula face and a part face have no
  name (language/effects.NAMELESS).
* 311.3: no face of these cards is ever used (play.playable_faces); one in the battle zone that did not start
  the game there as part of its set goes to the graveyard at once (a state-based action), as does a part
  left on top of an object after 零龍卍誕.
* 812.1b (both faces may be seen) is open information: nothing to execute.
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action, CardDefinition, Face
from ...kernel import Event, Game, GameObject, Happened, Source
from . import actions as A
from . import characteristics as ch
from .objects import _merge_into
from .zones import BATTLE, DECK, GRAVEYARD, HAND

RITUAL = "zero_dragon_ritual"
NEBULA = "zero_dragon_nebula"
CREATURE = "zero_dragon_creature"
PART = "zero_dragon_part"
TYPES = frozenset({RITUAL, NEBULA, CREATURE, PART})
FIRST_TYPES = frozenset({RITUAL, NEBULA})
"""The first faces of the set's cards (where a card of the set starts, what 311.3 looks at)."""
SET = "zero_dragon_set"
"""Object state of each card the set-up put into the battle zone (311.2): the ritual's card id."""
LINK = "zero_dragon_link"
"""Object state of a ritual and of the nebulas linked to it (701.18a): the ritual's card id."""
BORN = "zero_dragon_born"
"""Object state of the creature a ritual and its nebulas became (701.31a)."""


def is_set_card(d: CardDefinition) -> bool:
    """A card of a 零龍 set (its ritual or one of its nebulas)."""
    return d.main.type in FIRST_TYPES


def face(game: Game, obj: GameObject) -> Face | None:
    """812.2: the face a 零龍 card shows — in the battle zone after 零龍卍誕, its other side (the 零龍
    creature on top, a part when one is left alone); otherwise its first side (``None``: another card)."""
    d = ch.definition(game, obj.top)
    return ch.merged_side(d, obj, BORN) if d.main.type in FIRST_TYPES else None


def register(game: Game, obj: GameObject) -> bool:
    """In the battle zone a 零龍 card has the abilities of the face it shows (812.2)."""
    from .abilities import register_side_in_battle

    return register_side_in_battle(game, obj, _of_a_set)


def _of_a_set(game: Game, cid: int) -> bool:
    return is_set_card(ch.definition(game, cid))


def linked_with(game: Game, obj: GameObject, this: int | None) -> bool:
    """Filter ``linked: true`` for 零龍: ``obj`` is this ritual or a nebula linked to the same ritual."""
    if this is None or this not in game.objects:
        return False
    link = game.objects[this].state.get(LINK)
    return link is not None and obj.state.get(LINK) == link and obj.zone == game.objects[this].zone


# ---------------------------------------------------------------------------------------------- set-up


def _keyword(d: CardDefinition, name: str) -> Any:
    return next((a for a in d.main.abilities if a.form == "keyword" and a.name == name), None)


def check_set(catalog: dict[str, CardDefinition], names: list[str], where: str) -> str | None:
    """What is wrong with a ``battle_zone`` part holding a 零龍 set (``None``: nothing): one ritual that says
    it starts the game there, and as many *different* nebulas as it names (100.5: one set)."""
    rituals = [n for n in names if catalog[n].main.type == RITUAL]
    if len(rituals) != 1:
        return f"{where}: one 零龍 set only (100.5): exactly one 零龍の儀, got {len(rituals)}"
    start = _keyword(catalog[rituals[0]], "starts_unlinked")
    if start is None:
        return f"{where}: {rituals[0]!r} does not say it starts the game in the battle zone (starts_unlinked)"
    nebulas = [n for n in names if n != rituals[0]]
    if any(catalog[n].main.type != NEBULA for n in nebulas):
        return f"{where}: a 零龍 set holds its 零龍の儀 and 零龍星雲 only"
    count = int(start.params["nebulas"])
    if len(nebulas) != count or len(set(nebulas)) != count:
        return f"{where}: a 零龍 set has {count} different 零龍星雲 (311.2), got {nebulas}"
    return None


def place_set(game: Game, player: int, names: list[str]) -> list[GameObject]:
    """311.2 / 812.3: the ritual and its nebulas are put into the battle zone, each its own object,
    unlinked."""
    catalog = game.rules.catalog  # type: ignore[attr-defined]  # DuelMasters rules
    ritual = next(n for n in names if catalog[n].main.type == RITUAL)
    order = [ritual, *[n for n in names if n != ritual]]
    cids = [game.new_card(player, name).cid for name in order]
    objs = [game.create_object([c], (player, BATTLE), state={SET: cids[0]}) for c in cids]
    game.record(
        "rule", f"{game.name(cids[0])} starts the game in the battle zone, its 零龍星雲 unlinked", "311.2"
    )
    return objs


def start_draws(game: Game, player: int) -> None:
    """「ゲーム開始時、相手はもう N 枚カードを引く」 (``opponent_draws_at_start``): after the five cards of
    103.3, the opponent of a player whose 零龍の儀 says so draws N more."""
    catalog = game.rules.catalog  # type: ignore[attr-defined]  # DuelMasters rules
    for oid in list(game.zone((player, BATTLE))):
        keyword = _keyword(catalog[game.cards[game.objects[oid].top].name], "opponent_draws_at_start")
        if keyword is None:
            continue
        opponent = 1 - player
        for _ in range(int(keyword.params["amount"])):
            deck = game.zone((opponent, DECK))
            if deck:
                game.move_object(deck[-1], (opponent, HAND))
        text = f"{game.pname(opponent)} draws {keyword.params['amount']} more card(s) as the game starts"
        game.record("rule", text, "103.3")


# ---------------------------------------------------------------------------------------------- 701.18a


def link_step(frame: Any, game: Game, action: Action) -> int:
    """``zero_dragon_link: SEL`` — この零龍星雲を《…》にリンクする (701.18a): this card's object, a nebula, is
    linked to the selected ritual."""

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    ctx = frame.ctx
    nebula = game.card_object.get(ctx.self_card)
    events = [
        Event("zero_dragon_link", o, ctx.controller, ctx.source, {"nebula": nebula}) for o in picked[:1]
    ]
    return int(frame.emit(game, events))


def perform_link(game: Game, event: Event) -> Happened | None:
    """701.18a: a nebula of the ritual's set, in the same battle zone and not yet linked, links to it."""
    ritual = game.objects.get(event.subject) if event.subject is not None else None
    nebula = game.objects.get(event.get("nebula"))
    if ritual is None or nebula is None or ritual.zone[1] != BATTLE or nebula.zone != ritual.zone:
        return None
    if ch.definition(game, ritual.top).main.type != RITUAL or ritual.state.get(BORN):
        return None
    if ch.definition(game, nebula.top).main.type != NEBULA or nebula.state.get(LINK) is not None:
        return None
    if nebula.state.get(SET) != ritual.top:
        return None  # a nebula links to the ritual of its own set only
    ritual.state[LINK] = ritual.top
    nebula.state[LINK] = ritual.top
    game.record("rule", f"a 零龍星雲 is linked to {game.name(ritual.top)}", "701.18a")
    data = {"controller": ritual.controller, "nebula": nebula.oid}
    return Happened(event, (nebula.top,), ritual.oid, ritual.oid, data)


# ---------------------------------------------------------------------------------------------- 701.31a


def birth_step(frame: Any, game: Game, action: Action) -> int:
    """``zero_dragon_birth: SEL`` — 零龍卍誕する (701.31a): the selected ritual and the nebulas linked to
    it."""

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    ctx = frame.ctx
    return int(frame.emit(game, [Event("zero_dragon_birth", o, ctx.controller, ctx.source) for o in picked]))


def perform_birth(game: Game, event: Event) -> Happened | None:
    """701.31a: the ritual and its linked nebulas are turned over and become one 零龍 creature (the ritual
    on top)."""
    ritual = game.objects.get(event.subject) if event.subject is not None else None
    if ritual is None or ritual.zone[1] != BATTLE or ritual.state.get(BORN):
        return None
    link = ritual.state.get(LINK)
    if link is None or ch.definition(game, ritual.top).main.type != RITUAL:
        return None

    for part in [
        o for o in game.objects_in(ritual.zone) if o.state.get(LINK) == link and o.oid != ritual.oid
    ]:
        _merge_into(game, part, ritual)
    ritual.state.pop(LINK, None)
    ritual.state[BORN] = True
    game.effects.remove_host(ritual.oid)
    game.rules.object_entered(game, ritual)  # the 零龍 creature face's abilities (register)
    text = f"零龍卍誕: {game.name(ritual.top)} becomes one creature of {len(ritual.cards)} cards"
    game.record("rule", text, "701.31a")
    return Happened(event, tuple(ritual.cards), ritual.oid, ritual.oid, {"controller": ritual.controller})


# ---------------------------------------------------------------------------------------------- 311.3


def state_based_actions(game: Game) -> list[Event]:
    """311.3: a 零龍 card in the battle zone that is not there as part of its set (put there otherwise than
    at set-up) goes to the graveyard, as does an object whose top card shows a part (no 零龍 on it)."""
    events = []
    for p in range(game.players):
        for o in game.objects_in((p, BATTLE)):
            if o.face_down or ch.definition(game, o.top).main.type not in FIRST_TYPES:
                continue
            shown = ch.face(game, o).type
            if o.state.get(SET) is None or shown == PART:
                events.append(Event("move", o.oid, None, Source("rule", rule="311.3"), {"to": GRAVEYARD}))
    return events


PERFORMERS = {"zero_dragon_link": perform_link, "zero_dragon_birth": perform_birth}
HANDLERS = {"zero_dragon_link": link_step, "zero_dragon_birth": birth_step}
