"""Helpers for Duel Masters rule tests: boards with extra test-only cards, injected events, answers."""

from __future__ import annotations

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
