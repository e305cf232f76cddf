"""G・リンク reads each card's own name and side (804.2a; gods.py)."""

from __future__ import annotations

from dm_helpers import A, cid, make, obj
from tcgrules.games.duel_masters.gods import LINKED, can_link
from tcgrules.games.duel_masters.zones import BATTLE
from tcgrules.kernel import Event, Source
from test_dm_objects import GODS


def test_804_2a_a_linked_gods_names_do_not_make_its_cards_another_god() -> None:
    # Q: A's 例示用・左のゴッド and 例示用・右のゴッド are linked (one creature with both names, 804.1b).
    # Can a second 例示用・左のゴッド link on the left of the linked God?  A: No: G・リンク reads each
    # card's own name (804.2a) — the left end of the link is a 例示用・左のゴッド, not a 例示用・右のゴッド.
    game = make(
        {
            "A": {
                "battle_zone": [
                    {"card": "例示用・右のゴッド", "as": "right"},
                    {"card": "例示用・左のゴッド", "as": "left"},
                    {"card": "例示用・左のゴッド", "as": "second"},
                ]
            }
        },
        GODS,
    )
    game.pending = None
    game.push(
        game.process(
            Event(
                "god_link",
                obj(game, "left").oid,
                A,
                Source("rule"),
                {"with": obj(game, "right").oid, "side": "left"},
            )
        )
    )
    game.advance()
    linked = obj(game, "right")
    assert linked.state.get(LINKED) and len(linked.cards) == 2
    assert not can_link(game, cid(game, "second"), linked.cards[0])  # its left end is a 左のゴッド
    assert len(game.objects_in((A, BATTLE))) == 2
