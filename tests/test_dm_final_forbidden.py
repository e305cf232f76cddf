"""最終禁断 (308.4, 309, 701.29): FORBIDDEN STAR〜世界最後の日〜 starts the game in the battle zone as a
linked field of five cards with a seal on each corner; summoned dark or fire commands of cost 5 or more
remove the seals, one a turn, and the last corner's 禁断爆発 makes 終焉の禁断 ドルマゲドンX, one creature
with four 禁断コア."""

from __future__ import annotations

from pathlib import Path

import pytest

from dm_helpers import A, B, make, names, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters import setup
from tcgrules.games.duel_masters.final_forbidden import EXPLODED, UNDER, cores_of, place_linked_field
from tcgrules.games.duel_masters.seals import is_ignored_creature, seals_on
from tcgrules.games.duel_masters.zones import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS
from tcgrules.kernel import DefinitionError, Event, Game, GameObject, Source

CENTER = "FORBIDDEN STAR〜世界最後の日〜／終焉の禁断 ドルマゲドンX"
CORNERS = {
    c: f"FORBIDDEN STAR〜世界最後の日〜（{c}）／禁断コア" for c in ("左上α", "左下β", "右下γ", "右上δ")
}
SET = [CENTER, *CORNERS.values()]
COMMANDS = """
- name: 例示用闇のコマンド
  type: creature
  civilizations: [darkness]
  cost: 5
  races: [デーモン・コマンド]
  power: 5000
  text: ""
- name: 例示用小さい闇のコマンド
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [デーモン・コマンド]
  power: 4000
  text: ""
- name: 例示用小さいクリーチャー
  type: creature
  civilizations: [water]
  cost: 1
  races: [リキッド・ピープル]
  power: 1000
  text: ""
- name: 例示用封印を外す呪文
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分のカードを1枚選び、封印を1つ外す。
  abilities:
  - spell:
    - unseal: {choose: 1, owner: you, sealed: true}
"""


def linked_field(game: Game) -> list[GameObject]:
    return [o for o in game.objects_in((A, BATTLE)) if not o.face_down and "FORBIDDEN" in game.name(o.top)]


def part(game: Game, corner: str) -> GameObject:
    return next(o for o in game.objects_in((A, BATTLE)) if game.name(o.top) == CORNERS[corner])


def board(commands: int = 4, *, small: int = 0) -> Game:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "例示用闇のコマンド", "as": f"c{i}"} for i in range(commands)]
                + [{"card": "例示用小さい闇のコマンド", "as": f"s{i}"} for i in range(small)]
                + [{"card": "例示用封印を外す呪文", "as": "unseal"}],
                "shield_zone": ["filler"] * 3,
                "deck": ["filler"] * 10,
            },
            "B": {
                "battle_zone": [
                    {"card": "例示用小さいクリーチャー", "as": "b"},
                    {"card": "アクア・ソルジャー"},
                ],
                "deck": ["filler"] * 5,
            },
        },
        COMMANDS,
    )
    place_linked_field(game, A, SET)
    center = next(o for o in game.objects_in((A, BATTLE)) if game.name(o.top) == CENTER)
    game.info["aliases"]["x"] = center.top
    return game


def summon(game: Game, alias: str, corner: str) -> None:
    """Summon a command for free and, asked which seal comes off (116.4a), pick ``corner``'s."""
    game.inject({"play": alias, "free": True})
    if game.pending is not None and game.pending.prompt == "choose 1 for unseal":
        game.answer(f"c{part(game, corner).top}")
    while (
        game.pending is not None and game.pending.kind == "choose_cards"
    ):  # α's target, β's and δ's creature
        game.answer(game.pending.options[0].label)


def next_turn(game: Game) -> None:
    game.turn += 1


COMMAND_NAMES = [
    "暗黒の騎士ザガーン",
    "混沌の獅子デスライガー",
    "Vashuna, Sword Dancer",
    "荒廃の巨王ジェノサイド",
]
DARK_DECK = [c for c in COMMAND_NAMES for _ in range(4)] + [
    c
    for c in (
        "うごめく者ボーン・グール",
        "Junkatz, Rabid Doll",
        "ゴースト・タッチ",
        "ロスト・ソウル",
        "Bone Spider",
        "デーモン・ハンド",
    )
    for _ in range(4)
]


@pytest.mark.dm_rules("308.4", "308", "204.3c", "100.5")
def test_308_4_the_final_forbidden_field_starts_the_game_in_the_battle_zone_linked_and_sealed() -> None:
    game = setup({"decks": [[*DARK_DECK, *SET], ["アクア・ソルジャー"] * 40], "seed": 3, "first_player": 0})
    field = linked_field(game)
    assert sorted(game.name(o.top) for o in field) == sorted(SET)
    assert [len(seals_on(game, o.oid)) for o in field] == [0, 1, 1, 1, 1]  # the center, then the corners
    assert len(game.zones[(A, DECK)]) == 40 - 4 - 5 - 5  # outside the 40 cards; the seals come from the deck
    assert len(game.zones[(A, SHIELDS)]) == 5 and len(game.zones[(A, HAND)]) == 5
    assert all(ch.face(game, o).type == "final_forbidden_field" for o in field)


def test_308_4_a_deck_holds_one_final_forbidden_set_in_its_battle_zone_part(tmp_path: Path) -> None:
    from tcgrules.games.duel_masters.decks import load_deck
    from tcgrules.games.duel_masters.rules import standard_catalog

    counts: dict[str, int] = {}
    for name in DARK_DECK:
        counts[name] = counts.get(name, 0) + 1
    cards = "".join(f"  - {{card: {n!r}, count: {c}}}\n" for n, c in counts.items())
    part = "".join(f"  - {{card: {n!r}}}\n" for n in SET)
    path = tmp_path / "dormageddon.yaml"
    path.write_text(f"name: ドルマゲドンX\ncards:\n{cards}battle_zone:\n{part}", encoding="utf-8")
    deck = load_deck(path, standard_catalog())
    assert deck.battle_zone == tuple(SET) and len(deck.cards) == 40
    game = setup({"decks": [list(deck.for_game), ["アクア・ソルジャー"] * 40], "seed": 3})
    assert len(linked_field(game)) == 5
    path.write_text(f"name: x\ncards:\n{cards}battle_zone:\n{part.splitlines()[1]}\n", encoding="utf-8")
    with pytest.raises(DefinitionError, match="no card says"):
        load_deck(path, standard_catalog())
    recipe = {
        "decks": [[*DARK_DECK, "FORBIDDEN STAR〜世界最後の日〜（左上α）／禁断コア"], DARK_DECK],
        "seed": 3,
    }
    with pytest.raises(DefinitionError, match="no card says"):
        setup(recipe)


def _is_command(text: str) -> bool:
    return any(name in text for name in COMMAND_NAMES)


@pytest.mark.dm_rules("701.29a", "309.1", "116.4a")
def test_a_game_summons_commands_turn_by_turn_until_dormageddon_x_explodes_and_wins() -> None:
    """A whole game: player 0 summons a dark command of cost 5 or more whenever it can, takes γ's seal last,
    and attacks; player 1 never attacks. The field explodes on the turn the fourth seal comes off."""
    from tcgrules.agents import FirstLegalAgent

    game = setup({"decks": [[*DARK_DECK, *SET], ["アクア・ソルジャー"] * 40], "seed": 1, "first_player": 0})
    agent, exploded = FirstLegalAgent(), None
    while game.pending is not None and game.turn < 40:
        d = game.pending
        if d.player == A and d.prompt == "choose 1 for unseal":
            game.answer(next(o for o in d.options if "γ" not in o.text).label)
        elif d.player == A and d.kind == "main":
            summons = [o for o in d.options if o.label.startswith("summon") and _is_command(o.text)]
            game.answer(summons[0].label if summons else d.options[-1].label)
        elif d.player == A and d.kind == "charge":
            game.answer(next(o for o in d.options if not _is_command(o.text)).label)
        elif d.player == B and d.kind == "attack":
            game.answer("end_attacks")
        else:
            game.answer(*agent.choose(game, d))
        if exploded is None and any(o.state.get(EXPLODED) for o in game.objects_in((A, BATTLE))):
            exploded = game.turn
    removed = [(r.turn, r.text) for r in game.log if r.text.startswith("a seal is removed from")]
    assert len(removed) == 4 and len({t for t, _ in removed}) == 4  # one seal a turn
    assert "γ" in removed[-1][1] and exploded == removed[-1][0]
    assert game.result is not None and game.result.winner == A


@pytest.mark.dm_rules("116.4", "116.4a")
def test_its_seals_come_off_only_by_summoned_dark_or_fire_commands_of_cost_5_or_more_one_a_turn() -> None:
    game = board(2, small=1)
    summon(game, "s0", "左上α")  # cost 4: no seal comes off
    assert all(len(seals_on(game, part(game, c).oid)) == 1 for c in CORNERS)
    game.inject({"play": "unseal", "free": True})  # no effect removes them either
    game.answer(f"c{part(game, '左上α').top}")
    assert all(len(seals_on(game, part(game, c).oid)) == 1 for c in CORNERS)
    summon(game, "c0", "左上α")
    assert not seals_on(game, part(game, "左上α").oid)
    assert "例示用小さいクリーチャー" not in names(game, B, BATTLE)  # α: power 1000, at most 1111
    summon(game, "c1", "左下β")  # the same turn: one a turn
    assert len(seals_on(game, part(game, "左下β").oid)) == 1


def explode(game: Game) -> GameObject:
    """Remove the four seals, γ's last, one a turn; the field becomes one creature (701.29a)."""
    for i, corner in enumerate(("左上α", "左下β", "右上δ", "右下γ")):
        next_turn(game)
        summon(game, f"c{i}", corner)
    return next(o for o in game.objects_in((A, BATTLE)) if o.state.get(EXPLODED))


@pytest.mark.dm_rules("701.29", "701.29a", "309", "309.1", "309.8")
def test_701_29a_the_last_seal_removed_makes_one_creature_of_five_cards_and_seals_the_opponents() -> None:
    game = board(4)
    center = next(o for o in linked_field(game) if game.name(o.top) == CENTER)
    summon(game, "c0", "右下γ")  # γ first: seals remain on the field, so no 禁断爆発
    assert not any(o.state.get(EXPLODED) for o in game.objects_in((A, BATTLE)))
    game = board(4)
    center = next(o for o in linked_field(game) if game.name(o.top) == CENTER)
    x = explode(game)
    assert x.oid == center.oid and len(x.cards) == 5 and x.top == center.top  # the same object, on top
    assert ch.face(game, x).name == "終焉の禁断 ドルマゲドンX" and ch.power(game, x) == 999999
    assert ch.breaker(game, x) == 3 and len(cores_of(game, x)) == 4
    assert len(linked_field(game)) == 1  # the parts are its cards now
    assert all(ch.definition(game, c).faces[1].cost == 0 for c in x.cards[1:])  # 309.8
    assert all(is_ignored_creature(game, o) for o in game.objects_in((B, BATTLE)) if not o.face_down)


@pytest.mark.dm_rules("309.6", "309.4", "309.7")
def test_309_6_leaving_puts_two_cores_under_it_instead_and_then_a_shield_goes_to_the_graveyard() -> None:
    game = board(4)
    x = explode(game)
    for left in (2, 0):
        game.inject({"event": "destroy", "target": "x"})
        assert (
            game.pending is not None and game.pending.kind == "replacement"
        )  # 〜てもよい: its player chooses
        game.answer(game.pending.options[0].label)
        while game.pending is not None and game.pending.kind == "choose_cards":
            game.answer(game.pending.options[0].label)  # which shield
        x = obj(game, "x")
        assert x.zone == (A, BATTLE) and len(cores_of(game, x)) == left and len(x.state[UNDER]) == 4 - left
    assert len(game.zones[(A, SHIELDS)]) == 1 and len(game.zones[(A, GRAVEYARD)]) >= 2
    assert len(x.cards) == 5  # 309.6: the cores are under it, still its cards
    game.inject({"event": "destroy", "target": "x"})  # no cores left: the substitute cannot be done (609.4)
    assert game.result is not None and game.result.winner == B  # 309.4: its cards left with it; it loses
    assert all(o.zone[1] != BATTLE for o in game.objects.values() if ch.face(game, o).is_creature)


@pytest.mark.dm_rules("309.7")
def test_309_7_a_core_left_alone_in_the_battle_zone_goes_to_the_graveyard() -> None:
    from tcgrules.games.duel_masters.final_forbidden import state_based_actions

    game = board(4)
    x = explode(game)
    assert state_based_actions(game) == []
    top = x.top
    game.detach_card(top)  # its top card taken away alone (an effect naming a card, 200.3a)
    game.create_object([top], (A, HAND))
    assert ch.face(game, x).type == "forbidden_core"
    assert [(e.kind, e.subject, e.get("to")) for e in state_based_actions(game)] == [
        ("move", x.oid, GRAVEYARD)
    ]


@pytest.mark.dm_rules("309.2")
def test_309_2_a_core_is_never_used_and_put_into_the_battle_zone_alone_it_goes_to_the_graveyard() -> None:
    from tcgrules.games.duel_masters.play import playable_faces

    core = CORNERS["左上α"]
    game = make(
        {"turn": "A", "A": {"hand": [{"card": core, "as": "h"}], "mana_zone": [{"card": core, "as": "m"}]}}
    )
    assert playable_faces(game, obj(game, "h"), free=True) == []
    game.inject({"event": "enter", "target": "m"})
    assert obj(game, "m").zone == (A, GRAVEYARD)


@pytest.mark.dm_rules("309.5")
def test_309_5_a_core_in_the_mana_zone_makes_no_mana_but_has_its_civilizations() -> None:
    from tcgrules.games.duel_masters.play import mana_pool

    game = make({"turn": "A", "A": {"mana_zone": [CORNERS["左上α"], "火炎流星弾"]}})
    pool = mana_pool(game, A)
    assert pool.total == 1
    core = next(o for o in game.objects_in((A, MANA)) if game.name(o.top) == CORNERS["左上α"])
    assert set(ch.civilizations(game, core)) == {"darkness", "fire"}
    assert pool.core(("darkness",)) == [core]  # tapped for its civilization


def test_the_field_restricts_its_controllers_attackers_and_does_not_leave() -> None:
    from tcgrules.games.duel_masters.turn import attack_options

    game = board(0)
    game.inject({"event": "move", "target": "x", "to": "hand"})
    assert obj(game, "x").zone == (A, BATTLE)  # この最終禁断フィールドは離れない (every card of it)
    corner = part(game, "左上α")
    game.info["aliases"]["corner"] = corner.top
    game.inject({"event": "move", "target": "corner", "to": "hand"})
    assert obj(game, "corner").zone == (A, BATTLE)
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["例示用闇のコマンド", "例示用小さいクリーチャー"], "deck": ["filler"] * 5},
            "B": {"deck": ["filler"] * 5},
        },
        COMMANDS,
    )
    texts = " ".join(o.text for o in attack_options(game, A))
    assert "例示用小さいクリーチャー" in texts and "例示用闇のコマンド" in texts
    place_linked_field(game, A, SET)  # 自分は、コマンド、イニシャルズ、…でしか攻撃できない
    texts = " ".join(o.text for o in attack_options(game, A))
    assert "例示用小さいクリーチャー" not in texts and "例示用闇のコマンド" in texts


def test_the_creature_cannot_be_sealed_and_the_opponents_seals_stay() -> None:
    game = board(4)
    x = explode(game)
    from tcgrules.kernel.pipeline import is_prohibited

    rule = Source("rule", rule="116.4a")
    assert is_prohibited(game, Event("seal", x.oid, B, rule)) is not None  # 封印を付けることはできない
    sealed = next(o for o in game.objects_in((B, BATTLE)) if not o.face_down and seals_on(game, o.oid))
    assert is_prohibited(game, Event("unseal", sealed.oid, B, rule, {"rule": "116.4a"})) is not None
    mine = next(o for o in game.objects_in((A, BATTLE)) if o.state.get(EXPLODED))
    assert is_prohibited(game, Event("unseal", mine.oid, A, rule)) is None  # the opponent's seals only
