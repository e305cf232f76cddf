"""Helpers for Duel Masters rule tests: boards with extra test-only cards, injected events, answers."""

from __future__ import annotations

import random
from typing import Any

from tcgrules.cards.loader import load_text
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters import standard_catalog
from tcgrules.games.duel_masters.board import board
from tcgrules.kernel import Game

A, B = 0, 1


def catalog(extra_yaml: str = "") -> dict[str, Any]:
    cards = dict(standard_catalog())
    if extra_yaml:
        for card in load_text(extra_yaml, "<test cards>", DUEL_MASTERS):
            cards[card.name] = card
    return cards


def make(spec: dict[str, Any], extra_yaml: str = "", seed: int = 0) -> Game:
    return board(spec, catalog(extra_yaml), seed=seed)


def names(game: Game, player: int, zone: str) -> list[str]:
    return sorted(
        game.name(cid) for oid in game.zones.get((player, zone), []) for cid in game.objects[oid].cards
    )


def cid(game: Game, alias: str) -> int:
    return int(game.info["aliases"][alias])


def obj(game: Game, alias: str) -> Any:
    return game.object_of(cid(game, alias))


def records(game: Game, kind: str) -> list[Any]:
    return [r for r in game.log if r.kind == kind]


def label_for(game: Game, alias: str) -> str:
    return f"c{cid(game, alias)}"


def random_library_deck(rng: random.Random) -> list[str]:
    """40 cards drawn at random from the library (with repeats) that can be a main deck: no psychic, GR,
    最終禁断 or 零龍 card (they start outside the deck), and at most one 禁断 — 100.5: one set of cards starts
    the game in the battle zone, so a second would stay in the deck and lose its owner the game at once."""
    catalog = standard_catalog()
    names = sorted(
        n
        for n, d in catalog.items()
        if d.main.type
        not in (
            "psychic_creature",
            "gr_creature",
            "final_forbidden_field",
            "zero_dragon_ritual",
            "zero_dragon_nebula",
            "king_creature",
        )
    )
    deck: list[str] = []
    while len(deck) < 40:
        name = rng.choice(names)
        if catalog[name].main.type == "forbidden_pulse" and name in deck:
            continue
        deck.append(name)
    return deck


IGNORE_ALL_ABILITIES = """
- name: 例示用の全無視
  type: spell
  civilizations: [darkness]
  cost: 1
  text: クリーチャーを1体選び、このターン、その能力をすべて無視する。
  abilities:
    - spell:
        - grant: {what: {choose: 1, type: creature}, flag: abilities_ignored, until: end_of_turn}
"""
"""An illustration spell: このターン、クリーチャー1体の能力をすべて無視する."""
