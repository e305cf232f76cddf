"""Effect steps of language 2 that are more than one move (docs/cards.md, "Effects"): searching, looking,
revealing, using a card from any zone, numbers and modes chosen as the effect resolves, delayed abilities,
repetition, extra turns, winning and losing.

Each handler takes the running :class:`~..actions.ActionFrame`, the game and the step, and returns the
frame protocol's outcome (done, asked, child pushed, failed). Steps made of other steps run them in a child
frame that shares the parent's saved names, so ``as: NAME`` inside is seen by the steps after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ....cards.schema import ANY, Action, CardDefinition, Face, Filter, Pattern, Quantity, Selector
from ....kernel import Decision, Effect, Event, Frame, Game, Happened, Option, Triggered, Waiting
from .. import actions as A
from .. import characteristics as ch
from ..durations import expiry
from ..looking import deck_for, set_aside
from ..zones import BATTLE, DECK, other
from .patterns import happened_matches
from .patterns import kinds as pattern_kinds
from .scope import Scope, bind_objects, bind_words
from .selectors import fits


def _child(frame: A.ActionFrame, steps: tuple[Action, ...]) -> A.ActionFrame:
    """A child frame running ``steps`` with the parent's context and saved names (shared, not copied)."""
    child = A.ActionFrame(steps, frame.ctx, frame.collect, frame.excluded | frozenset(frame.chosen))
    child.vars, child.done, child.numbers, child.rests, child.lki, child.words = (
        frame.vars,
        frame.done,
        frame.numbers,
        frame.rests,
        frame.lki,
        frame.words,
    )
    return child


def search(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """探す (701.10): look through a deck, take what the selector chooses to ``to``, then shuffle that deck
    (701.11b). A condition on what is searched for lets the player find fewer (701.10b)."""
    if frame.collect:
        return A._FAIL
    sel: Selector = action.args["what"]
    if sel.zone is None and not sel.zones:
        sel = replace(sel, zone=DECK)
    if sel.kind == "choose" and replace(sel.filter, v2=ANY.v2) != ANY:
        # 701.10b: looking in a hidden zone for cards that meet a condition, the player need not find all
        # of them even if they are there: "choose N" becomes "choose up to N".
        sel = replace(sel, up_to=True)
    owner = sel.owner if sel.owner != "any" else "you"
    to = action.args["to"]
    from ..abilities import deck_unseen

    if deck_unseen(game, (frame.ctx.controller,)) and (sel.zone == DECK or DECK in sel.zones):
        # 誰も山札を見ることはできない: the deck cannot be looked through, so nothing is found; it is
        # still shuffled (shuffling is not looking)
        game.record("rule", f"{game.pname(frame.ctx.controller)} cannot look at the deck: nothing is found")
        player = frame.ctx.controller if owner == "you" else other(frame.ctx.controller)
        return int(frame.emit(game, [Event("shuffle", None, player, frame.ctx.source, {})]))
    if to in ("deck_top", "deck_bottom"):
        # 701.11b: the found cards are set aside, the rest of the deck is shuffled, then they are put on
        # its top or bottom; they never leave the deck and are not part of the shuffle.
        picked = frame.select(game, action, sel)
        if picked is None:
            return A._ASKED
        if action.get("reveal"):
            game.record("rule", "the found card is shown to every player", "701.10c")
        player = frame.ctx.controller if owner == "you" else other(frame.ctx.controller)
        args = {"set_aside": tuple(picked), "bottom": to == "deck_bottom"}
        return int(frame.emit(game, [Event("shuffle", None, player, frame.ctx.source, args)]))
    move = {"what": sel, "to": action.args["to"]}
    if "_as" in action.args:  # the step's ``as``: the cards found, as they now are where they went
        move["_as"] = action.args["_as"]
    steps = (Action("move", move), Action("shuffle", {"zone": owner}))
    if action.get("reveal"):
        game.record("rule", "the found card is shown to every player", "701.10c")
    game.push(_child(frame, steps))
    return A._CHILD


def choose(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """…を選ぶ: the selector chooses, and nothing else happens; what was chosen is saved (the selector's
    ``as``) for the steps after it (「各プレイヤーは自身のシールドを3つずつ選び、残りを墓地に置く」: choose
    with ``chooser: owner``, then move the others with ``not: $NAME``). Choosing shows no hidden card."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    return A._DONE


def look(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """見る: the controller looks at the selected cards (usually the top N of a deck); they stay where they
    are, saved as ``as`` for the next steps."""
    sel: Selector = action.args["what"]
    picked = frame.select(game, action, replace(sel, zone=sel.zone or DECK))
    if picked is None:
        return A._ASKED
    from ..abilities import deck_unseen

    if deck_unseen(game, (frame.ctx.controller,)):  # 誰も山札を見ることはできない: no deck card is seen
        picked = tuple(o for o in picked if game.objects[o].zone[1] != DECK)
    name = action.get("as") or sel.save_as
    if name:
        frame.vars[name] = picked
    _set_aside(frame, game, picked)  # 605.4: other effects do not touch them while this one looks
    from ..views import reveal as shown_to

    shown_to(game, (game.objects[o].top for o in picked), (frame.ctx.controller,))  # the looker knows them
    frame.shown = frame.shown | {game.objects[o].top for o in picked}  # later choices name them
    game.record(
        "look",
        f"{game.pname(frame.ctx.controller)} looks at {len(picked)} card(s)",
        None,
        player=frame.ctx.controller,
        cards=[game.objects[o].top for o in picked],
    )
    return A._DONE


def _set_aside(frame: A.ActionFrame, game: Game, picked: tuple[int, ...]) -> None:
    """605.4: deck cards this effect looks at are set aside from other effects until its frame ends."""

    in_deck = tuple(o for o in picked if game.objects[o].zone[1] == DECK)
    if in_deck:
        set_aside(game, frame.ctx.source.card, in_deck)
        frame.looked = (*frame.looked, *in_deck)


def reveal(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """見せる / 表向きにする (701.9): every player sees the cards; they do not change zones (701.9b)."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    shown = ", ".join(game.name(game.objects[o].top) for o in picked)
    from ..views import reveal as shown_to

    shown_to(game, (game.objects[o].top for o in picked))  # every player has seen them
    game.record("reveal", f"{game.pname(frame.ctx.controller)} reveals {shown or 'nothing'}", "701.9")
    return A._DONE


def reveal_until(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """…が出るまで、山札の上から1枚ずつ表向きにする (701.9): the player reveals the cards of their deck from
    the top, one at a time, until one the ``until`` filter describes is revealed (or the deck runs out). The
    revealed cards, the one that stopped it included, stay in the deck but are saved as ``as`` and set aside
    for this effect (605.4), so the next steps move them with ``zone: deck, in: $NAME``; the one that stopped
    it alone is saved as ``found`` (nothing when none did: the whole deck was revealed)."""
    if frame.collect:
        return A._FAIL
    from ..views import reveal as shown_to

    player = A._player(frame, action)
    deck = deck_for(game, game.zone((player, DECK)), frame.ctx.source.card)  # 605.4: others' looked-at cards
    flt = action.args["until"]
    scope = A.ctx_scope(frame.ctx, frame)
    revealed: list[int] = []
    found: tuple[int, ...] = ()
    from ..abilities import deck_unseen

    if deck_unseen(game, tuple(range(game.players))):  # 誰も山札を見ることはできない: revealing is showing
        deck = []
    for oid in reversed(deck):  # the top is the end of the zone list
        revealed.append(oid)
        if fits(game, game.objects[oid], flt, scope):
            found = (oid,)
            break
    picked = tuple(revealed)
    if "as" in action.args:
        frame.vars[action.args["as"]] = picked
    if "found" in action.args:
        frame.vars[action.args["found"]] = found
    _set_aside(frame, game, picked)
    shown_to(game, (game.objects[o].top for o in picked))  # every player has seen them
    shown = ", ".join(game.name(game.objects[o].top) for o in picked)
    game.record("reveal", f"{game.pname(player)} reveals {shown or 'nothing'} from the deck", "701.9")
    return A._DONE


_USE_PICKED = "_use_picked"
"""``frame.vars`` key: the cards a ``use`` step picked, kept while their owner chooses a twinpact's part."""
_USE_FACES = "_use_faces"
"""``frame.vars`` key: the parts chosen so far for those cards, in their order (-1: a card not usable)."""
_USE_ONTO = "_use_onto"
"""``frame.vars`` key: the cards an ``onto`` use goes on, chosen before its part is asked."""


def _part_filter(flt: Filter) -> Filter:
    """What a used twinpact's part must meet itself: the filter without the abilities it asks for. An
    ability one part prints makes the card one that has it (「S・トリガー」能力を持つカード), and its owner
    may then use either part (810.3; 公式Q&A 2020-02-10: 《英知ザクス・コット》 adding a twinpact whose spell
    part has S・トリガー, its creature part may be summoned). A card type, a cost or another characteristic
    still names the part (810.3a)."""
    if flt.keyword is None and flt.has_trigger is None:
        return flt
    return replace(flt, keyword=None, has_trigger=None)


def use(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """召喚する / 唱える / 使う from wherever the card is; ``free: true`` without paying its cost (112.3a).
    A twinpact is used as one of its parts: the part whose own ability this is (810.3a: its S・トリガー), or
    else one the ``what`` filter describes that can be used — with two such parts, its owner chooses which
    (810.3; 公式Q&A 2023-04-14: アーマード・メクレイド may use either part of a twinpact). Several cards
    picked are all used (409.1e: all pending first, then one at a time: pending_cards.UseOneAtATime)."""
    if frame.collect:
        return A._FAIL
    from .. import summon_from
    from ..pending_cards import UseOneAtATime, hold
    from ..play import PlayCard

    picked = frame.vars.pop(_USE_PICKED, None)
    faces = frame.vars.pop(_USE_FACES, ())
    what = action.args["what"]
    if picked is None:
        chosen = summon_from.widened(game, frame.ctx.controller, what) if isinstance(what, Selector) else what
        picked = frame.select(game, action, chosen)
        if picked is None:
            return A._ASKED
    onto: tuple[int, ...] | None = frame.vars.pop(_USE_ONTO, None)
    if onto is None and action.get("onto") is not None:  # …をそれらの上に召喚する (無月の門)
        bases = frame.select(game, action, action.args["onto"])
        if bases is None:
            frame.vars[_USE_PICKED] = picked
            frame.vars[_USE_FACES] = faces
            return A._ASKED
        onto = tuple(b for b in bases if b not in picked)
        if not onto:
            return A._DONE  # nothing to put it on: it is not used
    flt = what.filter if isinstance(what, Selector) else ANY
    while len(faces) < len(picked):
        face = _part_to_use(frame, game, game.objects[picked[len(faces)]], flt)
        if face is None:  # 810.3: its owner is asked which part
            frame.vars[_USE_PICKED] = picked
            frame.vars[_USE_FACES] = faces
            if onto is not None:
                frame.vars[_USE_ONTO] = onto
            return A._ASKED
        faces = (*faces, face)
    uses = tuple((game.objects[oid].top, face) for oid, face in zip(picked, faces, strict=True) if face >= 0)
    if not uses:
        return A._DONE
    controller = frame.ctx.controller
    for oid, face in zip(picked, faces, strict=True):
        if face >= 0:
            summon_from.spend_taken(game, controller, game.objects[oid])  # taken from a summon_from zone
    paid = action.get("cost")  # [火/自然(5)]支払って: that cost, of those civilizations, instead of its own
    instead = None if paid is None else (int(paid), tuple(action.get("civilizations") or ()))
    bonus = action.get("bonus_if")  # その時…なら、この呪文にS能力を与える: read as it is used
    play = PlayCard(uses[0][0], uses[0][1], free=bool(action.get("free", False)), controller=controller)
    play.instead_cost = instead
    play.by_keyword = action.get("keyword")  # S・トリガー: the keyword it is used by
    play.bonus = bonus is not None and A.ctx_step_holds(game, frame, bonus)
    if len(uses) == 1 or onto:  # the cards it goes on are for one card (the first, when several are picked)
        play.from_zone = game.object_of(play.cid).zone[1]
        if onto:
            play.onto, play.also_onto = onto[0], onto[1:]
        game.push(play)
        return A._CHILD
    # 409.1e: one effect using several cards: they all become pending, then are used one at a time.
    hold(game, tuple(game.card_object[cid] for cid, _ in uses))
    game.push(UseOneAtATime(uses, controller, play.free, instead, play.by_keyword, play.bonus))
    return A._CHILD


def _part_to_use(frame: A.ActionFrame, game: Game, obj: Any, flt: Any) -> int | None:
    """Which part of ``obj``'s card a ``use`` step uses (-1: none can be; ``None``: its owner was asked)."""
    from ..play import playable_faces

    faces = playable_faces(game, obj, free=True)
    if len(faces) > 1 and flt is not ANY:  # 810.3a: only a part the filter describes
        scope = A.ctx_scope(frame.ctx, frame)
        part_flt = _part_filter(flt)  # 810.3: an ability either part prints does not name the part
        faces = [i for i in faces if ch.part_matches(game, obj, i, part_flt, scope=scope)]
    if not faces:
        return -1
    # 810.3a: a twinpact part's own ability (its S・トリガー) uses that part when it can be used.
    mine = frame.ctx.face if obj.top == frame.ctx.self_card else None
    if mine in faces:
        return int(mine)
    if len(faces) == 1:
        return faces[0]
    answer = game.take_answer()  # 810.3: the owner chooses which of the proper parts is used
    if answer is None:
        parts = ch.definition(game, obj.top).faces
        game.ask(
            Decision(
                game.cards[obj.top].owner,
                "twinpact_part",
                f"use which part of {game.name(obj.top)}?",
                tuple(Option(f"part:{i}", parts[i].name) for i in faces),
                rule="810.3",
            )
        )
        return None
    return int(answer[0].removeprefix("part:"))


def extra_turn(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """追加ターンを得る: the player takes another turn after this one — or ``count`` more turns, a quantity
    counted as the step is performed (605.2d: 「フェニックス1体につき1ターン」 is a ``count`` of creatures).
    The log names what was counted, in the text's unit (体 for ``count``, 枚 for ``count_cards``)."""
    from ..counting import EXTRA_TURNS

    player = A._player(frame, action)
    info = game.players_info[player]
    q = action.get("count")
    if q is None:
        info[EXTRA_TURNS] = int(info.get(EXTRA_TURNS, 0)) + 1
        game.record("rule", f"{game.pname(player)} will take an extra turn")
        return A._DONE
    n = max(0, A.amount_of(game, frame, q))
    info[EXTRA_TURNS] = int(info.get(EXTRA_TURNS, 0)) + n
    unit = {"count": "体", "count_cards": "枚"}.get(q.kind, "") if isinstance(q, Quantity) else ""
    game.record("rule", f"{game.pname(player)} counts {n}{unit}: {n} extra turn(s)", None, counted=n)
    return A._DONE


def lose(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """ゲームに負ける (104): the player loses."""
    player = A._player(frame, action)
    return frame.emit(game, [Event("lose", None, player, frame.ctx.source, {"rule": "104.2"})])


def choose_number(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """数字を1つ選ぶ: the controller chooses a number from ``min`` (default 0) to ``max``."""
    low = A.amount_of(game, frame, action.get("min"), 0)
    high = A.amount_of(game, frame, action.args["max"])
    answer = game.take_answer()
    if answer is None:
        options = tuple(Option(str(n), str(n)) for n in range(low, max(low, high) + 1))
        game.ask(Decision(frame.ctx.controller, "choose_number", "choose a number", options))
        return A._ASKED
    frame.numbers[str(action.args["as"])] = int(answer[0])
    return A._DONE


def declare(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """カード名を1つ指定する / 種族を1つ選ぶ / 文明を1つ選ぶ: the chooser picks a word, saved for filters as
    ``$NAME``. Only what really exists may be chosen: a card name of the library (202.2), a whole race that a
    card has — not a part of one (203.4), one of the five civilizations — not colourless (106.3)."""
    what = str(action.args["what"])
    chooser = other(frame.ctx.controller) if action.get("chooser") == "opponent" else frame.ctx.controller
    answer = game.take_answer()
    if (
        what == "parity"
    ):  # 偶数か奇数のどちらかを選ぶ: saved as the word and as its remainder ({number: NAME})
        if answer is None:
            parities = (Option("even", "偶数 (even)"), Option("odd", "奇数 (odd)"))
            game.ask(Decision(chooser, "choose_parity", "choose even or odd", parities))
            return A._ASKED
        frame.numbers[str(action.args["as"])] = 0 if answer[0] == "even" else 1
    elif answer is None:
        words = tuple(w for w in declarable_words(game, what) if w != action.get("except"))  # …以外の種族
        rule = {"card_name": "202.2", "race": "203.4", "civilization": "106.3"}[what]
        options = tuple(Option(w, w) for w in words)
        game.ask(Decision(chooser, "declare_word", f"choose a {what.replace('_', ' ')}", options, rule=rule))
        return A._ASKED
    frame.words[str(action.args["as"])] = answer[0]
    if what != "parity":
        game.record(
            "rule", f"{game.pname(chooser)} chooses {answer[0]}", "202.2" if what == "card_name" else None
        )
    return A._DONE


NAMELESS = frozenset({"forbidden_core", "zero_dragon_nebula", "zero_dragon_part"})
"""Face types without a card name (a 禁断コア, a 零龍星雲 and a 零龍 part, 812.4a: the library's name for it
is not a name to declare)."""


def declarable_words(game: Game, what: str) -> tuple[str, ...]:
    """The card names, races or civilizations a ``declare`` step offers, in a stable order."""
    if what == "civilization":
        return ("light", "water", "darkness", "fire", "nature")
    from ..board import FILLER  # the scenarios' blank stand-in is no card of the game

    catalog = game.rules.catalog  # type: ignore[attr-defined]  # the Duel Masters rules
    faces = [f for name, d in catalog.items() if name != FILLER for f in d.faces]
    if what == "card_name":
        # each face's own name, never a two-faced card's both (805.7, 807.6, 809.4) — but a twinpact's both,
        # the name it is referred to by outside the battle zone (810.4), as well as each part's
        own = {f.name for f in faces if f.name and f.type not in NAMELESS}
        twins = {ch.combined_name(d) for name, d in catalog.items() if name != FILLER}
        return tuple(sorted(own | {t for t in twins if t is not None}))
    return tuple(sorted({r for f in faces for r in f.races}))


_MODE_PICKS = "_mode_picks"
"""``frame.vars`` key: the modes a ``repeats`` choice has picked so far."""


def modes(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """次の中からN回選ぶ (700.2a): ``count`` different modes chosen as it resolves, by ``chooser``; they
    run in printed order. With ``repeats`` (同じものを選んでもよい) the chooser picks one mode ``count``
    times, the same one again if they like, and each pick runs (in printed order)."""
    options: tuple[tuple[Action, ...], ...] = action.args["options"]
    chooser = other(frame.ctx.controller) if action.get("chooser") == "opponent" else frame.ctx.controller
    if action.get("repeats"):
        return _modes_with_repeats(
            frame, game, options, A.amount_of(game, frame, action.get("count"), 1), chooser
        )
    count = min(A.amount_of(game, frame, action.get("count"), 1), len(options))
    answer = game.take_answer()
    if answer is None:
        described = tuple(
            Option(f"mode{i + 1}", f"mode {i + 1}: " + ", ".join(a.op for a in mode))
            for i, mode in enumerate(options)
        )
        game.ask(
            Decision(chooser, "choose_mode", f"choose {count} mode(s)", described, count, count, "700.2a")
        )
        return A._ASKED
    picked = sorted(int(label.removeprefix("mode")) - 1 for label in answer)
    steps = tuple(step for i in picked for step in options[i])
    game.push(_child(frame, steps))
    return A._CHILD


def _modes_with_repeats(
    frame: A.ActionFrame, game: Game, options: tuple[tuple[Action, ...], ...], count: int, chooser: int
) -> int:
    picks: list[int] = list(frame.vars.pop(_MODE_PICKS, ()))
    while len(picks) < count:
        answer = game.take_answer()
        if answer is None:
            frame.vars[_MODE_PICKS] = tuple(picks)
            described = tuple(
                Option(f"mode{i + 1}", f"mode {i + 1}: " + ", ".join(a.op for a in mode))
                for i, mode in enumerate(options)
            )
            prompt = f"choose mode {len(picks) + 1} of {count} (the same one may be chosen again)"
            game.ask(Decision(chooser, "choose_mode", prompt, described, 1, 1, "700.2a"))
            return A._ASKED
        picks.append(int(answer[0].removeprefix("mode")) - 1)
    steps = tuple(step for i in sorted(picks) for step in options[i])
    game.push(_child(frame, steps))
    return A._CHILD


def repeat(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """…をQ回: run the steps Q times (Q is counted once, when the step begins, 605.2d)."""
    if frame.counter == 0:
        frame.counter = A.amount_of(game, frame, action.args["times"])
        if frame.counter <= 0:
            return A._DONE
    frame.counter -= 1  # the runs still to go after this one (the frame runs the next, actions.py)
    game.push(_child(frame, action.args["effect"]))
    return A._CHILD


@dataclass(frozen=True, slots=True)
class DelayedPattern(Triggered):
    """A delayed triggered ability made by an effect (603.6): "このターン、そのクリーチャーが離れた時…".
    It watches ``pattern`` with the scope of the effect that made it (so ``$NAME`` and ``event.subject``
    mean what they meant then) and ends with its duration."""

    pattern: Pattern
    actions: tuple[Action, ...]
    ctx: Any
    scope: Scope
    kinds: frozenset[str] = frozenset()
    label: str = "a delayed ability"
    once: bool = False
    """``once: true``: it triggers once, then ends (自分のターンの終わりに…: a one-shot that waits for it)."""
    per_batch: bool = field(default=False, init=False, compare=False)
    """``once_per_batch`` in its pattern (603.2b)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "per_batch", self.pattern.once_per_batch)

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        return happened_matches(game, self.scope, self.pattern, happened)

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        """It resolves as a triggered ability of its own: ``event.subject`` is what *its* event is about;
        the names saved by the effect that made it keep their meaning."""
        if self.once:
            game.effects.remove(waiting.effect.eid)  # 603.6: a one-shot delayed ability ends once used
        subject, cards = _subject_of(self.pattern, waiting.happened)
        ctx = replace(self.ctx, subject=subject, subject_cards=cards, batch=A.batch_of(waiting))
        child = A.ActionFrame(self.actions, ctx)
        child.vars = {k: tuple(v) for k, v in self.scope.vars.items()}
        return child


def _subject_of(pattern: Pattern, h: Happened | None) -> tuple[int | None, tuple[int, ...]]:
    if h is None:
        return None, ()
    if h.kind in ("battle", "battle_start"):
        if pattern.event == "wins_battle":
            winners = h.get("winners", ())
            return (winners[0] if winners else None), ()
        if pattern.event == "loses_battle":
            losers = h.get("losers", ())
            return (losers[0] if losers else None), ()
        return h.get("attacker"), ()
    if h.kind == "block" and pattern.event == "blocks":
        return h.get("blocker"), ()
    if h.kind == "use" and h.event.get("card") is not None:  # the card used, where it is now (701.3a)
        return None, (h.event.get("card"),)
    return (h.new if h.new is not None else h.old), h.cards


def delayed(frame: A.ActionFrame, game: Game, action: Action) -> int:
    pattern: Pattern = action.args["when"]
    scope = A.ctx_scope(frame.ctx, frame)
    scope = replace(scope, vars=dict(frame.vars))
    once = bool(action.get("once", False))
    ability = DelayedPattern(
        pattern, action.args["effect"], frame.ctx, scope, pattern_kinds(pattern), once=once
    )
    until = action.get("until", None if once else "end_of_turn")
    expires: str | None = None if until is None else expiry(game, until, frame.ctx.controller)
    # a one-shot with no duration waits until it triggers (608.2a: no duration stated)
    game.effects.add(ability, frame.ctx.controller, frame.ctx.source, expires=expires)
    return A._DONE


_READ_OFF = frozenset({"cost_of", "power_of", "cards_in", "count", "count_cards", "saved", "done", "moved"})
"""The quantities that read what a selector or a step refers to: fixed as a made static is made when they
read what the effect saved (``$NAME``)."""


def fix_saved_numbers(game: Game, frame: A.ActionFrame, value: Any) -> Any:
    """``value`` with each quantity that reads what the effect saved (``{cost_of: $NAME}``, ``$NAME``'s
    count, ``{done: NAME}``) replaced by its number now: a static the effect makes keeps it after the
    effect is over, when those names mean nothing (605.2d: the value is determined once, as the effect
    is performed; 608.2b)."""
    if isinstance(value, Quantity):
        sel = value.selector
        name = (
            value.name
            if value.name is not None
            else (sel.var if sel is not None and sel.kind == "var" else None)
        )
        if value.kind in _READ_OFF and name is not None and (name in frame.vars or name in frame.done):
            return Quantity("number", A.amount_of(game, frame, value))  # a name the effect itself saved
        if value.parts:
            return replace(value, parts=tuple(fix_saved_numbers(game, frame, p) for p in value.parts))
        return value
    if isinstance(value, tuple):
        return tuple(fix_saved_numbers(game, frame, v) for v in value)
    if isinstance(value, dict):
        return {k: fix_saved_numbers(game, frame, v) for k, v in value.items()}
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is None or isinstance(value, str):
        return value
    changed = {n: fix_saved_numbers(game, frame, getattr(value, n)) for n in fields}
    return replace(value, **{n: v for n, v in changed.items() if v != getattr(value, n)})


def continuous(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """このターン、…: a static ability made by the effect, for a duration (611). Its ``to`` and ``if`` are
    read continuously, so it also applies to objects that come into range later (a rule the turn plays
    by, such as 「…できない効果をすべて無視する」)."""
    from ..abilities import compile_card

    # 608.2b: what the effect chose (a race, the creatures) is fixed now, and a number read off it
    # (「そのクリーチャーとコストが同じ」: `cost_of: $NAME`) is counted now, once (605.2d)
    spec = bind_objects(bind_words(action.args["ability"], frame.words), frame.vars, frame.ctx.subject)
    spec = fix_saved_numbers(game, frame, spec)
    card = game.cards[frame.ctx.self_card].name if frame.ctx.self_card is not None else "effect"
    face = Face(card, "creature", (), 0, abilities=(spec,))
    until = action.get("until", "end_of_turn")
    expires: str | None = expiry(game, until, frame.ctx.controller)  # 500.3, 511.2
    host = None
    if until == "while_this_in_battle_zone":  # このクリーチャーがバトルゾーンにある間: ends as it leaves
        this = game.card_object.get(frame.ctx.self_card) if frame.ctx.self_card is not None else None
        if this is None or game.objects[this].zone[1] != BATTLE:
            return A._DONE
        expires, host = None, this
    from ..given_abilities import give_to_present

    for ability in compile_card(CardDefinition(card, (face,))).by_zone.get(BATTLE, ()):
        made = game.effects.add(ability, frame.ctx.controller, frame.ctx.source, host=host, expires=expires)
        give_to_present(
            game, made
        )  # 「このターン、自分のクリーチャーは『…』を得る」: those already there too
        if until == "next_use_this_turn":  # このターン中、次にカードを使う時: ends with that use (play.py)
            from ..play import NEXT_USE

            info = game.players_info[frame.ctx.controller]
            info[NEXT_USE] = (*info.get(NEXT_USE, ()), made.eid)
        if until == "next_summon_this_turn":  # このターン、次に召喚するクリーチャー: ends with that summon
            from ..play import NEXT_SUMMON

            info = game.players_info[frame.ctx.controller]
            info[NEXT_SUMMON] = (*info.get(NEXT_SUMMON, ()), made.eid)
    if spec.name == "property" and spec.params["property"] == "ignores":  # 101.2: ignoring "can't" effects
        ignored = spec.params["value"]
        game.record("rule", f"{card}: effects that say {ignored} are ignored ({until})", "101.2")
    # 703.3: the state-based actions are checked as the effect starts to apply (a power fixed at 0, 703.4c),
    # not only after the next event
    game.push(game.process())
    return A._CHILD


def no_battle(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """バトルしない / "no battle happens": the current attack goes on without its battle (the attacker and
    the creature it attacks or that blocked it do not battle, 508)."""
    from ..turn import NO_BATTLE

    for player in range(game.players):
        for obj in game.objects_in((player, BATTLE)):
            if obj.state.get("attacking"):
                obj.state[NO_BATTLE] = True
                game.record("rule", f"{game.name(obj.top)}'s battle will not happen")
    return A._DONE


def end_attack(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """その攻撃を中止する / 攻撃クリーチャーをその攻撃から取り除く (505.6a): the current attack ends at once —
    no block, battle or break follows — and the attack end step (510) comes next."""
    from ..turn import REMOVED_FROM_ATTACK

    for player in range(game.players):
        for obj in game.objects_in((player, BATTLE)):
            if obj.state.get("attacking"):
                obj.state[REMOVED_FROM_ATTACK] = True
                game.record("rule", f"{game.name(obj.top)} is removed from the attack", "505.6a")
    return A._DONE


def become_blocker(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """…がかわりにその攻撃クリーチャーとバトルする / … battles the attacking creature instead (507.2a): the
    creature chosen (one of the attacked player's creatures in the battle zone) becomes the blocking creature
    of the current attack — the attack is redirected to it, so its battle (508) is with it, and a creature
    that blocked before no longer blocks. No ``blocks`` event happens (it did not block, 507.3a); with no
    attack going on, nothing happens."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    for oid in picked:
        if make_blocking_creature(game, oid, "507.2a"):
            break
    return A._DONE


def make_blocking_creature(game: Game, oid: int, rule: str) -> bool:
    """Make creature ``oid`` the blocking creature of the current attack (507.2a, 507.4), if it is one of the
    attacked player's creatures in the battle zone and an attack goes on: the attack is redirected to it (its
    battle, 508, is with it) and no other creature blocks. It did not block: no ``blocks`` event happens and
    nothing records it as having blocked (507.3a, 507.4)."""
    from ..turn import current_attack

    attack = current_attack(game)
    attacker = game.objects.get(attack.attacker) if attack is not None else None
    if attack is None or attacker is None or not attacker.state.get("attacking"):
        return False
    blocker = game.objects.get(oid)
    if blocker is None or blocker.zone != (other(attacker.controller), BATTLE):
        return False
    for player in range(game.players):
        for obj in game.objects_in((player, BATTLE)):
            obj.state.pop("blocking", None)
    blocker.state["blocking"] = True  # 507.2a: until the attack ends (510.2)
    attacker.state["blocked"] = True  # 507.2c
    attacker.state["target"] = blocker.oid
    attack.target = blocker.oid
    text = f"{game.name(blocker.top)} is the blocking creature of {game.name(attacker.top)}"
    game.record("rule", text, rule)
    return True


def skip_rest_of_turn(frame: A.ActionFrame, game: Game, action: Action) -> int:
    """このターンの残りをとばす: the turn ends at once (turn.py, ``SkipRestOfTurn``)."""
    from ..turn import SkipRestOfTurn

    game.push(SkipRestOfTurn())
    return A._CHILD


HANDLERS = {
    "skip_rest_of_turn": skip_rest_of_turn,
    "no_battle": no_battle,
    "become_blocker": become_blocker,
    "end_attack": end_attack,
    "continuous": continuous,
    "search": search,
    "choose": choose,
    "look": look,
    "reveal": reveal,
    "reveal_until": reveal_until,
    "use": use,
    "extra_turn": extra_turn,
    "declare": declare,
    "lose": lose,
    "choose_number": choose_number,
    "modes": modes,
    "repeat": repeat,
    "delayed": delayed,
}
