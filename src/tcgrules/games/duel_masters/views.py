"""What each Duel Masters player may know: per-player views, the log as each player saw it, and
determinisation for search.

*Seeing* a card is a matter of where it is now: the battle zone, the mana zone, the graveyard, the
超次元ゾーン and a card being cast are public (400.2); a hand is seen by its owner only (402); a deck and the
超GRゾーン by nobody (401); a shield card by everyone when it is face up and by nobody when it is face down
(406, 113.2). *Knowing* a card is remembering it where one cannot see it: a creature returned to its
owner's hand stays known to the opponent who saw it leave, a card its owner put face down as a shield stays
known to that owner, a card shown in a decision stays known to the player who was shown it. That memory
(``Game.known``, kept here) follows the card from zone to zone and is forgotten when the cards it is among
are shuffled (a deck, the shields) — after which nobody can tell which card it is.

* :func:`view` builds the kernel's :class:`~tcgrules.kernel.views.View` for one player.
* :func:`log_views` decides, as each log line is recorded, how it reads for a player who may not know a
  card it names: the card is unnamed ("a card") in what happened; a line about a hidden card's ability is
  left out for that player.
* :func:`determinize` copies the game with every card hidden from a player dealt at random among the
  places such a card could be (the other hidden places of the same owner's cards).

Simplification: a card that was known and is then shuffled with others is treated as unknown (the player's
memory that "it is somewhere in that deck" is not kept), so a determinised copy may deal it to the hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ...kernel import (
    Decision,
    DecisionView,
    Game,
    GameObject,
    Happened,
    ObjectView,
    OptionView,
    Rng,
    View,
    ZoneView,
)
from ...kernel.probes import PROBES
from . import characteristics as ch
from .actions import choice_label
from .gr import GR
from .shields import is_face_up
from .zones import ABYSS, BATTLE, DECK, GRAVEYARD, HAND, HYPERSPATIAL, MANA, PENDING, SHIELDS

UNSEEN_ZONES = frozenset({DECK, GR})
"""Zones nobody sees into (their cards are face down and in order)."""

ALWAYS_SHOWN = frozenset({BATTLE, SHIELDS, MANA, GRAVEYARD, HAND, DECK})
ZONE_ORDER = (BATTLE, SHIELDS, MANA, GRAVEYARD, HAND, DECK, HYPERSPATIAL, GR, ABYSS, PENDING)

_CARD_REF = re.compile(r"(?<![A-Za-z0-9_])c(\d+)(?![0-9])")
HIDDEN_CARD = "a card"


# ---------------------------------------------------------------------------------------------- seeing


def sees(game: Game, obj: GameObject, cid: int, viewer: int) -> bool:
    """Whether ``viewer`` can see card ``cid`` of ``obj`` where it is now."""
    player, zone = obj.zone
    if zone == HAND:
        return player == viewer
    if zone in UNSEEN_ZONES:
        return False
    if zone == SHIELDS:
        return is_face_up(obj, cid)
    if zone == MANA and obj.face_down:
        return player == viewer  # 405.5: its owner may look at a face-down mana card, the opponent not
    return not (obj.face_down and cid == obj.top)


def nameable(game: Game, cid: int, viewer: int) -> bool:
    """Whether ``viewer`` can tell which card ``cid`` is: they see it, or they know it."""
    if viewer in game.known.get(cid, ()):
        return True  # the common case first: what a player sees where it is now, they know (note_entered)
    oid = game.card_object.get(cid)
    return oid is not None and sees(game, game.objects[oid], cid, viewer)


def hidden_cards(game: Game, viewer: int) -> list[int]:
    """The cards in the game that ``viewer`` cannot tell apart from others."""
    return [cid for cid in game.card_object if not nameable(game, cid, viewer)]


# ---------------------------------------------------------------------------------------------- knowing


def note_entered(game: Game, obj: GameObject) -> None:
    """A new object (or one whose facing changed): who can see its cards is added to who knows them.

    The same answer as :func:`sees` for each card and player, worked out once per zone: nobody sees into
    a deck, a hand's owner sees it, a shield card is seen by all or none, and elsewhere every card but a
    face-down top one is seen by everyone (called for every object made, so it is kept cheap)."""
    owner, zone = obj.zone
    if zone in UNSEEN_ZONES:
        return
    everyone = _everyone(game.players)
    seen_by = []
    for cid in obj.cards:
        if zone == HAND:
            seen = frozenset((owner,))
        elif zone == SHIELDS:
            seen = everyone if is_face_up(obj, cid) else _NOBODY
        else:
            seen = _NOBODY if obj.face_down and cid == obj.top else everyone
        if seen:
            seen_by.append((cid, seen))
    _learn(game, seen_by)


def _learn(game: Game, seen_by: Iterable[tuple[int, frozenset[int]]]) -> None:
    """Each card ``cid`` becomes known to the players ``seen``: ``Game.known`` is replaced by a new dict when
    anything is new to someone (never changed in place: log lines and copies keep the one they have)."""
    known = game.known
    changed: dict[int, frozenset[int]] | None = None
    for cid, seen in seen_by:
        who = known.get(cid)
        if who is None or not seen <= who:
            if changed is None:
                changed = dict(known)
            changed[cid] = seen if who is None else who | seen
    if changed is not None:
        game.known = changed


_NOBODY: frozenset[int] = frozenset()
_EVERYONE: dict[int, frozenset[int]] = {}


def _everyone(players: int) -> frozenset[int]:
    found = _EVERYONE.get(players)
    if found is None:
        found = _EVERYONE[players] = frozenset(range(players))
    return found


def forget(game: Game, cards: Iterable[int]) -> None:
    """The cards were shuffled together: nobody knows which is which any more."""
    known = game.known
    gone = [cid for cid in cards if cid in known]
    if gone:
        changed = dict(known)  # replaced, not changed in place (Game.known)
        for cid in gone:
            del changed[cid]
        game.known = changed


CHANGES_KNOWLEDGE = frozenset({"shuffle", "shuffle_shields", "use"})


def after(game: Game, happened: Happened) -> None:
    """After a shuffle nobody knows which card is which (the face-down ones); a card used is shown."""
    event = happened.event
    if event.kind == "use":
        card = event.get("card")
        reveal(game, (*happened.cards, *((card,) if isinstance(card, int) else ())))
        return
    if event.player is None:
        return
    zone = DECK if event.kind == "shuffle" else SHIELDS
    aside = set(event.get("set_aside", ()))  # 701.11b: kept out of the shuffle, so still known
    forget(
        game,
        (
            c
            for o in game.objects_in((event.player, zone))
            if o.oid not in aside
            for c in o.cards
            if not is_face_up(o, c)
        ),
    )


def secret_place(game: Game, obj: GameObject) -> tuple[int, str] | None:
    """The zone of the object an event is about, when the object is picked there in a way the other
    players do not see: from a hand, or from inside a deck or the 超GRゾーン (not its top or bottom)."""
    zone = obj.zone
    if zone[1] == HAND:
        return zone
    if zone[1] in UNSEEN_ZONES:
        oids = game.zones[zone]
        if len(oids) > 2 and oids[0] != obj.oid and oids[-1] != obj.oid:
            return zone
    return None


def taken_unseen(game: Game, happened: Happened, place: tuple[int, str]) -> None:
    """A card picked unseen from ``place`` and put where some players cannot see it: those players knew
    which cards were there, not which one was picked — they no longer know where it is."""
    owner, zone = place
    for cid in happened.cards:
        who = game.known.get(cid)
        if not who:
            continue
        oid = game.card_object.get(cid)
        obj = game.objects[oid] if oid is not None else None
        blind = {
            p for p in who if (zone != HAND or p != owner) and (obj is None or not sees(game, obj, cid, p))
        }
        if blind:
            game.known = {**game.known, cid: who - blind}  # replaced, not changed in place (Game.known)


def reveal(game: Game, cards: Iterable[int], players: Iterable[int] | None = None) -> None:
    """``cards`` are shown to ``players`` (everyone by default)."""
    if PROBES and "reveal" in PROBES:
        PROBES["reveal"](_reveal, game, cards, players)
        return
    _reveal(game, cards, players)


def _reveal(game: Game, cards: Iterable[int], players: Iterable[int] | None = None) -> None:
    to = frozenset(range(game.players) if players is None else players)
    _learn(game, [(cid, to) for cid in cards])


def answered(game: Game, decision: Decision) -> None:
    """The cards a decision's options named (``c12``) were shown to the player who decided."""
    refs = _REFS  # read at once: every decision comes here, and its labels were seen before
    shown: list[int] = []
    for o in decision.options:
        found = refs.get(o.label)
        if found is None:
            found = card_refs(o.label)
        if found:
            shown += found
    if shown:
        count = len(game.cards)
        reveal(game, [c for c in shown if c < count], (decision.player,))


_REFS: dict[str, tuple[int, ...]] = {}
_REFS_MAX = 20_000


def card_refs(label: str) -> tuple[int, ...]:
    """The card ids a label names (``attack:c12:player`` → ``(12,)``), remembered by label: option labels
    repeat from decision to decision."""
    found = _REFS.get(label)
    if found is None:
        if len(_REFS) >= _REFS_MAX:
            _REFS.clear()
        found = _REFS[label] = tuple(int(m) for m in _CARD_REF.findall(label))
    return found


# ---------------------------------------------------------------------------------------------- the view


def view(game: Game, player: int) -> View:
    zones: list[ZoneView] = []
    order = (player, *(p for p in range(game.players) if p != player))
    names = {key[1] for key in game.zones} | ALWAYS_SHOWN
    zone_names = [z for z in ZONE_ORDER if z in names] + sorted(names - set(ZONE_ORDER))
    for owner in order:
        for zone in zone_names:
            oids = game.zones.get((owner, zone), [])
            if not oids and zone not in ALWAYS_SHOWN:
                continue
            objs = [game.objects[oid] for oid in oids]
            cards = sum(len(o.cards) for o in objs)
            if zone in UNSEEN_ZONES or (zone == HAND and owner != player):
                known = sorted(game.name(c) for o in objs for c in o.cards if nameable(game, c, player))
                zones.append(ZoneView(owner, zone, len(objs), cards, None, tuple(known)))
                continue
            shown = []
            for obj in objs:
                notes: list[str] = []
                if zone == BATTLE and nameable(game, obj.top, player):
                    f = ch.face(game, obj)
                    if f.is_creature:
                        notes.append(f"power {ch.power(game, obj)}")
                        if ch.flag(game, obj, "can_block"):
                            notes.append("blocker")
                    if obj.entered_turn == game.turn and owner == game.active_player:
                        notes.append("entered this turn")
                    if obj.state.get("attacking"):
                        notes.append("attacking")
                if obj.state.get("waiting"):
                    notes.append("being broken")
                shown.append(
                    ObjectView(
                        choice_label(game, obj, player),
                        tuple(game.name(c) if nameable(game, c, player) else None for c in obj.cards),
                        obj.tapped,
                        obj.face_down,
                        tuple(notes),
                    )
                )
            zones.append(ZoneView(owner, zone, len(objs), cards, tuple(shown)))
    pending = game.pending
    mine = None
    if pending is not None and pending.player == player:
        mine = DecisionView(
            pending.player,
            pending.kind,
            pending.prompt,
            tuple(OptionView(o.label, o.text or o.label) for o in pending.options),
            pending.min,
            pending.max,
            pending.rule,
        )
    result = game.result
    step = game.info.get("step")
    return View(
        game.rules.name,
        player,
        game.turn,
        game.active_player,
        tuple(game.player_names),
        tuple(zones),
        mine,
        pending.player if pending is not None and pending.player != player else None,
        None if result is None else (result.winner, result.rule, result.reason),
        (("step", str(step)),) if isinstance(step, str) else (),
    )


# ---------------------------------------------------------------------------------------------- the log

_REDACTED_KINDS = frozenset({"event", "answer", "info", "reveal", "result", "turn", "declare"})
"""Lines that still say something once a hidden card is unnamed; other lines about a hidden card (its
ability triggering, a replacement it offers) are left out for the player who cannot see it."""


PRIVATE = frozenset({("use_trigger", "113.6"), ("declare", "509.5c"), ("choose_order", "401.4")})
"""Decisions the other player does not know were asked: whether to declare the S・トリガー of a shield
just broken (113.6), or its S・バック (509.5c) — the line saying what was chosen is left out for them
(a declaration itself is shown to both: shield_breaks.py reveals the card); and the order of cards put on
a deck (401.4: 「どのような順番で山札に置いたのかは公開しなくてかまいません」)."""


def log_views(game: Game, kind: str, text: str, data: Mapping[str, Any]) -> Mapping[int, str | None] | None:
    """How a log line reads for each player who cannot tell some card it names.

    Decided as of the moment it is recorded. A line about one card is decided then (nothing, or a dict of
    text); any other is worked out when first read (:class:`LineViews`): most lines are never read for one
    player (random games, search), and what decides them — who knew which card then (``Game.known``,
    replaced rather than changed, so the line keeps the one it saw) and which cards the line is about — is
    all the line keeps."""
    if kind == "answer":
        decision = game.pending
        if decision is not None and (decision.kind, decision.rule) in PRIVATE:
            return {p: None for p in range(game.players) if p != decision.player}
    index: _NameIndex | None = game.rules._views_names  # type: ignore[attr-defined]  # DuelMasters rules
    if index is None or index.cards != len(game.cards):
        index = _name_index(game)
    found = index.found_in.get(text)
    if found is None:
        found = index.found(text)
        if not found:
            return None
    elif not found:
        return None
    if len(found) == 1 and "effect" not in data:
        # The common line, decided at once: about one card (it moved, tapped, attacked, was drawn, or an
        # answer's one option names it), named by its name alone. Known to every player, it reads the same
        # for all; otherwise it is unnamed for those who do not know it — a dict of text, which keeps nothing
        # else of the moment (LineViews).
        cards = data.get("cards")
        labels = data.get("labels")
        c = None
        if labels is None:
            if cards is not None and len(cards) == 1:
                c = cards[0]
        elif not cards and len(labels) == 1:
            refs = _REFS.get(labels[0])
            if refs is None:
                refs = card_refs(str(labels[0]))
            if len(refs) == 1:
                c = refs[0]
        if isinstance(c, int) and c < len(game.cards):
            names = game.cards
            source = data.get("source")
            if names[c].name == found[0] and (
                not isinstance(source, int) or source == c or names[source].name != found[0]
            ):
                who = game.known.get(c, _NOBODY)
                players = game.players
                if len(who) == players:
                    return None
                text_for = index.unnamed(text, found) if kind in _REDACTED_KINDS else None
                return {p: text_for for p in range(players) if p not in who}
    eid = data.get("effect")
    about: tuple[Any, Any, Any, int | None]
    if eid is None:
        about = (data.get("cards"), data.get("source"), data.get("labels"), None)
    else:  # the source of the effect it reports, read now: the effect may end
        effect = game.effects.get(eid) if isinstance(eid, int) else None
        card = effect.source.card if effect is not None else None
        about = (data.get("cards"), data.get("source"), data.get("labels"), card)
    return LineViews(index, game.known, game.players, kind, text, found, about)


class LineViews(Mapping[int, "str | None"]):
    """A log line's readings for the players who cannot tell a card it names (``{player: text}``, ``None``
    for a line left out for them), worked out on first reading from what the line kept when it was
    recorded: the game's name index, who knew which card (``Game.known`` as it was), the cards it is
    about. A player who could see a card where it was then knew it (:func:`note_entered` records every
    card a player sees as it arrives, so ``known`` holds what :func:`nameable` would find)."""

    __slots__ = ("_about", "_index", "_kind", "_known", "_names", "_players", "_text", "_views")

    def __init__(
        self,
        index: _NameIndex,
        known: Mapping[int, frozenset[int]],
        players: int,
        kind: str,
        text: str,
        names: tuple[str, ...],
        about: tuple[Any, Any, Any, int | None],
    ) -> None:
        self._index, self._known, self._players, self._kind, self._text = index, known, players, kind, text
        self._names, self._about = names, about
        """The cards it moved, its source, the labels it names, the card of the effect it reports."""
        self._views: dict[int, str | None] | None = None

    def _worked_out(self) -> dict[int, str | None]:
        views = self._views
        if views is None:
            views = self._views = self._work_out()
        return views

    def _work_out(self) -> dict[int, str | None]:
        index, known, players = self._index, self._known, self._players
        by_name = index.by_name
        cards, source, labels, effect_card = self._about
        involved: set[int] = set(cards or ())  # the cards it moved, its source, those its labels name
        if isinstance(source, int):
            involved.add(source)
        for label in labels or ():
            involved.update(card_refs(str(label)))
        if effect_card is not None:
            involved.add(effect_card)
        # The cards each name stands for in this line: those it is about, else any card of that name. A
        # name whose cards in this line every player knew (all of them face up in a public zone, or shown
        # to all: note_entered, reveal) reads the same for everyone.
        about = []
        for name in self._names:
            mine = []
            public = True  # every card of this name the line is about is known to every player
            for c in by_name[name]:
                if c in involved:
                    mine.append(c)
                    if public and len(known.get(c, ())) != players:
                        public = False
            if mine and public:
                continue
            about.append((name, mine))
        out: dict[int, str | None] = {}
        if not about:
            return out
        for p in range(players):
            hidden = []
            for name, mine in about:
                if mine:  # the cards it is about: hidden when this player could not tell one of them
                    for c in mine:
                        if p not in known.get(c, ()):
                            hidden.append(name)
                            break
                else:  # about no card of this line: hidden when no card of that name was known
                    for c in by_name[name]:
                        if p in known.get(c, ()):
                            break
                    else:
                        hidden.append(name)
            if hidden:
                out[p] = index.unnamed(self._text, tuple(hidden)) if self._kind in _REDACTED_KINDS else None
        return out

    def __getitem__(self, player: int) -> str | None:
        return self._worked_out()[player]

    def __contains__(self, player: object) -> bool:
        return player in self._worked_out()

    def __iter__(self) -> Iterator[int]:
        return iter(self._worked_out())

    def __len__(self) -> int:
        return len(self._worked_out())

    def __repr__(self) -> str:
        return f"LineViews({self._worked_out()!r})"


def _unname(text: str, hidden: list[str], pattern: re.Pattern[str]) -> str:
    """``text`` with each hidden name replaced; the names pattern tries longer names first, so a longer
    name containing a shorter one is matched as a whole."""
    hide = set(hidden)
    return pattern.sub(lambda m: HIDDEN_CARD if m.group(0) in hide else m.group(0), text)


class _NameIndex:
    """A game's card ids by name, one pattern matching any of the names (longest first), and the names
    each log text was found to hold (log lines repeat: "player 0 chose end the main step")."""

    __slots__ = ("by_name", "cards", "found_in", "pattern", "unnamed_in")

    def __init__(self, game: Game) -> None:
        self.cards = len(game.cards)
        self.by_name: dict[str, list[int]] = {}
        for card in game.cards:
            self.by_name.setdefault(card.name, []).append(card.cid)
        names = sorted(self.by_name, key=len, reverse=True)
        self.pattern = re.compile("|".join(re.escape(n) for n in names) if names else "(?!)")
        self.found_in: dict[str, tuple[str, ...]] = {}
        self.unnamed_in: dict[tuple[str, tuple[str, ...]], str] = {}

    def unnamed(self, text: str, hidden: tuple[str, ...]) -> str:
        """``text`` with the names ``hidden`` replaced (remembered: the same lines hide the same names)."""
        key = (text, hidden)
        hit = self.unnamed_in.get(key)
        if hit is None:
            if len(self.unnamed_in) >= _FOUND_MAX:
                self.unnamed_in.clear()
            hit = self.unnamed_in[key] = _unname(text, list(hidden), self.pattern)
        return hit

    def found(self, text: str) -> tuple[str, ...]:
        """The distinct card names ``text`` holds, in order of first appearance."""
        hit = self.found_in.get(text)
        if hit is None:
            if len(self.found_in) >= _FOUND_MAX:
                self.found_in.clear()
            hit = self.found_in[text] = tuple(dict.fromkeys(self.pattern.findall(text)))
        return hit


_FOUND_MAX = 4096


_INDEXES: dict[tuple[str, ...], _NameIndex] = {}
"""Name indexes by the names of a game's cards in order: games with the same cards (the same decks, set up
again and again) share one, and with it the names found in each text."""

_INDEXES_MAX = 64


def _name_index(game: Game) -> _NameIndex:
    """The name index of the game's cards as they are now, remembered by the rules (``_views_names``):
    :func:`log_views` reads that first and comes here when it is missing or stale (a card was added)."""
    key = tuple(card.name for card in game.cards)
    index = _INDEXES.get(key)
    if index is None:
        if len(_INDEXES) >= _INDEXES_MAX:
            _INDEXES.clear()
        index = _INDEXES[key] = _NameIndex(game)
    rules: Any = game.rules
    rules._views_names = index
    return index


# ---------------------------------------------------------------------------------------------- determinize


def determinize(game: Game, player: int, seed: int) -> Game:
    """A copy where the cards hidden from ``player`` are dealt at random among their places: each card
    goes to a place that held a hidden card of the same owner and the same pool (main deck or 超GR)."""
    new = game.copy()
    rng = Rng(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)
    pinned = _pinned(game)
    slots: dict[tuple[int, bool], list[tuple[int, int]]] = {}
    for oid, obj in new.objects.items():
        for index, cid in enumerate(obj.cards):
            if cid in pinned or nameable(new, cid, player):
                continue
            key = (new.cards[cid].owner, obj.zone[1] == GR)
            slots.setdefault(key, []).append((oid, index))
    changed: set[int] = set()
    for places in slots.values():
        cards = [new.objects[oid].cards[index] for oid, index in places]
        rng.shuffle(cards)
        for (oid, index), cid in zip(places, cards, strict=True):
            obj = new.objects[oid]
            if obj.cards[index] != cid:
                obj.cards[index] = cid
                new.card_object[cid] = oid
                new.known.pop(cid, None)
                changed.add(oid)
    for oid in sorted(changed):
        obj = new.objects[oid]
        new.effects.remove_host(oid)
        new.rules.object_entered(new, obj)
    new.rng = Rng(rng.next_u64())
    if changed and new.pending is not None:
        # The decision is asked again from the new world (its frame rebuilds it, as after inject()).
        new.pending = None
        new.take_answer()
        new.advance()
    return new


def _pinned(game: Game) -> set[int]:
    """Cards that effects waiting to resolve are about: they stay where they are."""
    from .shield_breaks import set_aside_waiting

    out: set[int] = set()
    for w in (*game.waiting, *set_aside_waiting(game)):  # 603.7b: those set aside wait too
        if w.effect.source.card is not None:
            out.add(w.effect.source.card)
        if w.happened is not None:
            out.update(w.happened.cards)
    return out
