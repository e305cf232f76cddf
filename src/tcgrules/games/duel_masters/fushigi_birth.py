"""フシギバース[CIV(X)] (自分のクリーチャーを1体タップしてマナゾーンに置き、[CIV(X)]からそのクリーチャーの
コストを引いた数のコストを支払って、このクリーチャーを自分の墓地から召喚してもよい。ただし、コストは
[CIV(文明数)]より小さくならない): an alternative way to summon the card from its owner's graveyard, offered in
their main step (``fushigi_birth:cID``).

* 601.1a: it is declared with the creature that will go to the mana zone; with no creature of theirs in the
  battle zone it cannot be used (601.1a 例２). The cost paid is X minus that creature's cost, never less than
  the number of the keyword's civilizations, of those civilizations (601.1d–e).
* The chosen creature is tapped and put into the mana zone (it is part of using the card, 601.1f), then the
  card is summoned from the graveyard (an ordinary summon: 701.3, prohibitions and 出た時 abilities apply).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...cards.schema import AbilitySpec
from ...kernel import Decision, Event, Frame, Game, GameObject, Option, Source
from . import characteristics as ch
from .play import PlayCard, can_pay, playable_faces
from .zones import BATTLE, GRAVEYARD, MANA

KEYWORD = "fushigi_birth"


def keyword_of(game: Game, cid: int) -> AbilitySpec | None:
    """The card's printed フシギバース, if it has one."""
    for face in ch.definition(game, cid).faces:
        for ability in face.abilities:
            if ability.form == "keyword" and ability.name == KEYWORD:
                return ability
    return None


def cost_with(spec: AbilitySpec, creature: GameObject, game: Game) -> tuple[int, tuple[str, ...]]:
    """What is paid when ``creature`` goes to the mana zone: X minus its cost, at least the civilizations."""
    civs = tuple(spec.params["civilizations"])
    return max(len(civs), int(spec.params["cost"]) - ch.face(game, creature).cost), civs


def sacrifices(game: Game, player: int, cid: int, pool: Any = None) -> list[GameObject]:
    """The creatures of ``player`` that, put into the mana zone, leave a cost they can pay."""

    spec = keyword_of(game, cid)
    obj = game.object_of(cid)
    if spec is None or obj.zone != (player, GRAVEYARD) or not playable_faces(game, obj, free=True):
        return []
    face = ch.definition(game, cid).main
    out = []
    for creature in game.objects_in((player, BATTLE)):
        if not ch.is_creature(game, creature):
            continue
        cost, civs = cost_with(spec, creature, game)
        if can_pay(game, player, replace(face, cost=cost, civilizations=civs), pool, obj):
            out.append(creature)
    return out


def possible(game: Game) -> bool:
    """Whether any card of the game has フシギバース printed."""
    return bool(ch.cards_with_printed_keyword(game, KEYWORD))


def options(game: Game, player: int, pool: Any) -> list[Option]:
    if not possible(game):
        return []  # no card of the game has it (asked at every main-step decision)
    out = []
    for obj in game.objects_in((player, GRAVEYARD)):
        if keyword_of(game, obj.top) is not None and sacrifices(game, player, obj.top, pool):
            name = game.name(obj.top)
            out.append(Option(f"{KEYWORD}:c{obj.top}", f"summon {name} from the graveyard (フシギバース)"))
    return out


@dataclass(slots=True)
class FushigiBirth(Frame):
    """Choose the creature (601.1a), put it into the mana zone tapped, summon the card paying the rest."""

    card: int
    controller: int
    stage: int = 0

    def describe(self) -> str:
        return f"FushigiBirth(c{self.card}, stage {self.stage})"

    def step(self, game: Game) -> None:
        candidates = sacrifices(game, self.controller, self.card)
        if self.stage == 1 or not candidates:
            game.finish()
            return
        if len(candidates) == 1:
            chosen = candidates[0]
        else:
            answer = game.take_answer()
            if answer is None:
                opts = tuple(
                    Option(f"c{o.top}", f"put {game.name(o.top)} into the mana zone") for o in candidates
                )
                prompt = "フシギバース: put one of your creatures into the mana zone"
                game.ask(Decision(self.controller, "fushigi_birth", prompt, opts, 1, 1, rule="601.1a"))
                return
            chosen = game.object_of(int(answer[0][1:]))
        self.stage = 1
        spec = keyword_of(game, self.card)
        assert spec is not None
        play = PlayCard(self.card, 0, controller=self.controller, from_zone=GRAVEYARD)
        play.instead_cost = cost_with(spec, chosen, game)
        game.push(play)
        source = Source("rule", self.card, self.controller, rule="601.1f")
        game.push(
            game.process(Event("move", chosen.oid, self.controller, source, {"to": MANA, "tapped": True}))
        )


def main_step_frame(label: str, player: int) -> Frame:
    return FushigiBirth(int(label.split(":")[1][1:]), player)
