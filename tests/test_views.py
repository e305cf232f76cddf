"""Per-player views, the log as each player saw it, and determinisation (games/duel_masters/views.py).

The no-leak test plays many short random games and, at a random decision, checks three ways that a
player's view and log depend only on what that player may know:

* dealing the cards hidden from them at random among their places (``determinize``) changes neither;
* renaming the cards hidden from them (a permutation among cards of the same owner) changes no view;
* replaying the same answers in a game whose never-shown cards were permuted before the deal gives the
  same view and the same log, line for line.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest

from tcgrules.agents import RandomAgent, play_out
from tcgrules.games.duel_masters import setup, standard_decks
from tcgrules.games.duel_masters import views as dm_views
from tcgrules.kernel import Card, Game, IllegalActionError, Rng, View
from tcgrules.kernel.probes import PROBES

DECKS = [list(d.cards) for d in standard_decks()]
LEAK_GAMES = 500


def _game(seed: int, decisions: int) -> Game:
    game = setup({"decks": DECKS, "seed": seed})
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    for _ in range(decisions):
        d = game.pending
        if d is None:
            break
        game.answer(*agents[d.player].choose(game, d))
    return game


def test_view_is_frozen_and_json_serialisable() -> None:
    game = _game(1, 12)
    view = game.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.turn = 99  # type: ignore[misc]
    text = view.dumps()
    assert json.loads(text)["player"] == 0
    assert isinstance(view, View)


def test_view_names_own_hand_and_counts_the_opponents_hidden_cards() -> None:
    game = _game(2, 0)
    me = game.pending.player if game.pending else 0
    view = game.view(me)
    hand = view.zone(me, "hand")
    assert hand.objects is not None and all(name is not None for o in hand.objects for name in o.cards)
    other = 1 - me
    opponent_hand = view.zone(other, "hand")
    assert opponent_hand.objects is None and opponent_hand.count == 5 and opponent_hand.known == ()
    assert view.zone(other, "deck").count == 30 and view.zone(other, "deck").objects is None
    shields = view.zone(other, "shield_zone")
    assert shields.count == 5 and shields.objects is not None
    assert all(o.cards == (None,) and o.face_down for o in shields.objects)
    assert view.pending is not None and view.pending.options and view.waiting_for is None
    assert game.view(other).pending is None and game.view(other).waiting_for == me


def test_log_for_leaves_the_opponents_draws_unnamed() -> None:
    game = _game(3, 40)
    full = [r.text for r in game.log if r.kind == "event" and " draws " in r.text]
    assert any("draws a card" not in t for t in full)  # the full log names what was drawn
    for p in (0, 1):
        mine = [r.text for r in game.log_for(p) if " draws " in r.text]
        assert mine
        assert all(t.endswith("draws a card") for t in mine if t.startswith(f"player {1 - p}"))
        assert any(not t.endswith("draws a card") for t in mine if t.startswith(f"player {p}"))
        assert [r.seq for r in game.log_for(p)] == list(range(len(game.log_for(p))))


def test_a_creature_returned_to_hand_is_known_to_the_opponent() -> None:
    game = _game(4, 6)
    # Move a card of player 0's hand to the battle zone and back: player 1 saw it.
    hand = game.zone((0, "hand"))
    oid = hand[-1]
    cid = game.objects[oid].top
    [obj] = game.move_object(oid, (0, "battle_zone"))
    game.move_object(obj.oid, (0, "hand"))
    assert game.view(1).zone(0, "hand").known == (game.name(cid),)
    game.rng.shuffle(game.zone((0, "hand")))
    assert game.view(1).zone(0, "hand").known == (game.name(cid),)


# ---------------------------------------------------------------------------------------------- no leak


def _renamed(game: Game, player: int, rng: Rng) -> Game:
    """A copy in which the names of the cards hidden from ``player`` are permuted (per owner)."""
    new = game.copy()
    hidden = dm_views.hidden_cards(game, player)
    for owner in range(game.players):
        mine = [c for c in hidden if game.cards[c].owner == owner]
        names = [game.cards[c].name for c in mine]
        rng.shuffle(names)
        for cid, name in zip(mine, names, strict=True):
            new.cards[cid] = Card(cid, owner, name)
    return new


@pytest.fixture
def seen_tracker(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, set[int]]]:
    """Which cards each player could tell apart at some moment (whatever happened afterwards)."""
    seen: dict[int, set[int]] = {0: set(), 1: set()}

    def noting(note: Any, game: Game, obj: Any) -> None:
        note(game, obj)
        for p in seen:
            seen[p].update(c for c in obj.cards if dm_views.nameable(game, c, p))

    def revealing(reveal: Any, game: Game, cards: Any, players: Any = None) -> None:
        cards = list(cards)
        reveal(game, cards, players)
        for p in range(game.players) if players is None else players:
            seen[p].update(cards)

    monkeypatch.setitem(PROBES, "note_entered", noting)  # kernel/probes.py: in every build
    monkeypatch.setitem(PROBES, "reveal", revealing)
    yield seen


def _replayed_with_renamed_unseen(game: Game, player: int, seen: set[int], rng: Rng) -> Game | None:
    """The same answers replayed in a game whose cards never shown to ``player`` were permuted (per owner)
    before the deal; ``None`` when the other world asked other questions (the answers do not fit, or the
    decisions now pending differ: a hidden card has just been shown, and the worlds part there)."""
    decks = [list(d) for d in game.recipe["decks"]]
    offset = [0, len(decks[0])]
    for owner in (0, 1):
        cids = [c for c in range(len(decks[owner])) if offset[owner] + c not in seen]
        names = [decks[owner][c] for c in cids]
        rng.shuffle(names)
        for c, name in zip(cids, names, strict=True):
            decks[owner][c] = name
    other = setup({**game.recipe, "decks": decks})
    try:
        for kind, labels in game.history:
            assert kind == "answer"
            other.answer(*labels)
    except IllegalActionError:
        return None
    if _asks(other) != _asks(game):
        return None  # the cards told apart now differ (the other world's shield had no S・トリガー)
    return other


def _asks(game: Game) -> tuple[Any, ...] | None:
    d = game.pending
    return None if d is None else (d.player, d.kind, d.labels)


def test_no_hidden_information_leaks_over_many_random_games(seen_tracker: dict[int, set[int]]) -> None:
    rng = Rng(12)
    replayed = 0
    for seed in range(LEAK_GAMES):
        for p in seen_tracker:
            seen_tracker[p].clear()
        game = _game(seed, 5 + rng.below(60))
        player = rng.below(2) if game.pending is None else game.pending.player
        if rng.below(3) == 0:
            player = 1 - player  # sometimes the player who is waiting
        view, log = game.view(player), game.log_for(player)
        world = game.determinize(player, seed)
        assert world.view(player) == view, f"seed {seed}: determinize changed player {player}'s view"
        assert world.log_for(player) == log, f"seed {seed}: determinize changed player {player}'s log"
        assert _renamed(game, player, rng).view(player) == view, f"seed {seed}: a hidden name shows"
        other = _replayed_with_renamed_unseen(game, player, seen_tracker[player], rng)
        if other is not None:
            replayed += 1
            assert other.view(player) == view, f"seed {seed}: player {player}'s view depends on hidden cards"
            assert other.log_for(player) == log, f"seed {seed}: player {player}'s log depends on hidden cards"
    print(f"replayed {replayed} of {LEAK_GAMES}")
    assert replayed >= LEAK_GAMES // 2


def test_determinised_copies_continue_legally() -> None:
    for seed in range(60):
        game = _game(seed, 10 + seed % 40)
        if game.pending is None:
            continue
        player = game.pending.player
        world = game.determinize(player, seed)
        assert world is not game and world.pending is not None
        assert sorted(world.zone((1 - player, "hand"))) == sorted(game.zone((1 - player, "hand")))
        play_out(world, [RandomAgent(seed), RandomAgent(seed + 1)])
        assert world.result is not None
        # the original is untouched and goes on as before
        assert game.pending is not None and game.view(player) == game.view(player)


def test_determinize_deals_the_opponents_hand_anew() -> None:
    game = _game(5, 20)
    assert game.pending is not None
    player = game.pending.player
    before = sorted(game.objects[o].top for o in game.zone((1 - player, "hand")))
    changed = sum(
        sorted(w.objects[o].top for o in w.zone((1 - player, "hand"))) != before
        for w in (game.determinize(player, s) for s in range(10))
    )
    assert changed >= 8
    mine = sorted(game.objects[o].top for o in game.zone((player, "hand")))
    assert sorted(game.determinize(player, 1).objects[o].top for o in game.zone((player, "hand"))) == mine


def test_a_declined_s_trigger_is_not_in_the_other_players_log() -> None:
    """Whether a broken shield offered its owner an S・トリガー is the owner's secret (113.6)."""
    found = 0
    for seed in range(40):
        game = _game(seed, 10_000)
        asked = [r for r in game.log if r.kind == "answer" and r.rule == "113.6"]
        for owner in (0, 1):
            theirs = [r for r in asked if r.text.startswith(f"player {owner} ")]
            found += len(theirs)
            seen = [r for r in game.log_for(1 - owner) if r.kind == "answer" and r.rule == "113.6"]
            assert not [r for r in seen if r.text.startswith(f"player {owner} ")]
            assert len([r for r in game.log_for(owner) if r.kind == "answer" and r.rule == "113.6"]) >= len(
                theirs
            )
    assert found > 0


def test_a_known_card_picked_unseen_from_a_hand_is_no_longer_known() -> None:
    """Player B saw card X go back to A's hand; A then puts a card of their hand face down as a
    shield: B knew X was in A's hand, not that X is the card A picked."""
    game = setup(
        {
            "board": {
                "turn": "A",
                "A": {"battle_zone": [{"card": "Aqua Soldier", "as": "x"}], "hand": ["Terror Pit"]},
            }
        }
    )
    game.inject({"event": "move", "target": "x", "to": "hand"})
    assert "アクア・ソルジャー" in game.view(1).zone(0, "hand").known
    game.inject({"event": "move", "target": "x", "to": "shield_zone"})
    assert game.view(1).zone(0, "hand").known == ()
    shields = game.view(1).zone(0, "shield_zone").objects
    assert shields is not None and all(o.cards == (None,) for o in shields)
    assert any(o.cards == ("アクア・ソルジャー",) for o in game.view(0).zone(0, "shield_zone").objects or ())


def test_whoever_sees_a_card_knows_it_after_every_answer() -> None:
    """``note_entered`` works out who sees a new object's cards once per zone: the same answer as
    ``sees`` card by card — checked on every card after every answer of random games."""
    for seed in range(40):
        game = setup({"decks": DECKS, "seed": seed})
        agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
        while game.pending is not None:
            for obj in game.objects.values():
                for cid in obj.cards:
                    for p in range(game.players):
                        if dm_views.sees(game, obj, cid, p):
                            assert p in game.known.get(cid, ()), f"seed {seed}: player {p} sees c{cid}"
            d = game.pending
            game.answer(*agents[d.player].choose(game, d))


def test_whoever_sees_a_card_knows_it_at_every_log_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A log line's views are worked out when first read, from ``Game.known`` as it was when the line was
    recorded (views.LineViews): so at every line, whoever sees a card where it is must already know it."""
    record = Game.record

    def checking(game: Game, kind: str, text: str, rule: str | None = None, **data: Any) -> None:
        for obj in game.objects.values():
            for cid in obj.cards:
                for p in range(game.players):
                    if dm_views.sees(game, obj, cid, p):
                        assert p in game.known.get(cid, ()), f"{text!r}: player {p} sees c{cid}"
        record(game, kind, text, rule, **data)

    monkeypatch.setattr(Game, "record", checking)
    for seed in range(12):
        play_out(setup({"decks": DECKS, "seed": seed}), [RandomAgent(seed), RandomAgent(seed + 100)])


def test_a_log_line_reads_as_it_did_when_recorded_whatever_is_shown_later() -> None:
    """A card drawn unseen stays unnamed in the opponent's log once it is shown to them afterwards: what a
    line says for a player is what they knew when it was recorded (``Game.known`` is replaced, never
    changed in place, so the line keeps the one it saw)."""
    game = _game(3, 40)
    draws = [r for r in game.log if r.kind == "event" and r.text.startswith("player 1 draws ")]
    assert draws
    cards = draws[0].data["cards"]
    before = [r.text for r in game.log_for(0)]
    assert "player 1 draws a card" in before and draws[0].text not in before
    dm_views.reveal(game, cards, (0,))  # player 0 is shown the card now
    assert all(0 in game.known[c] for c in cards)
    assert [r.text for r in game.log_for(0)] == before
