"""``tcgrules play``: a Duel Masters game against the computer, in the terminal or over JSON lines.

You are player 0; the computer (``--opponent random|first|greedy``) is player 1. Everything shown to you
comes from your own view of the game (``game.view(0)``) and your log (``game.log_for(0)``), so the board
never shows what you may not know. See docs/players.md for the commands and the JSON protocol.

The deck and card-file options (``--deck``, ``--opponent-deck``, ``--cards``) are in cli_cards.py.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .agents import Agent, FirstLegalAgent, GreedyAgent, RandomAgent
from .cli_cards import DeckChoice, add_deck_options, decks_from_args
from .kernel import Game, IllegalActionError, LogRecord, SaveFormatError, TcgError, View, save
from .options import whole

YOU = 0
COMPUTER = 1
PROTOCOL = "tcgrules-play/1"
OPPONENTS = ("random", "first", "greedy")
SHOWN_KINDS = frozenset(
    {"turn", "event", "answer", "declare", "reveal", "result", "prohibited", "replacement"}
)
WHY_KINDS = frozenset({"event", "rule", "replacement", "prohibited", "trigger", "declare", "result"})

HELP = """\
Answer with the number of an option (several numbers separated by spaces
when the decision takes several; an empty line when it takes none), or with
an option's label. Commands:
  board        show the board again
  log [N]      the last N lines of the game as you saw it (default 30; log all)
  why          the last rule steps, with their rule numbers
  undo         take back your last answer (back to your previous decision)
  save FILE    save the game (tcgrules play --load FILE goes on from there)
  help         this text
  quit         leave the game"""


def make_agent(kind: str, seed: int) -> Agent:
    if kind == "random":
        return RandomAgent(seed)
    if kind == "first":
        return FirstLegalAgent()
    if kind == "greedy":
        return GreedyAgent()
    raise TcgError(f"unknown opponent {kind!r}; expected one of {', '.join(OPPONENTS)}")


# ---------------------------------------------------------------------------------------------- session


@dataclass
class Session:
    """A game between you (player 0) and the computer, with undo by replay of the history."""

    game: Game
    opponent_kind: str
    seed: int
    agent: Agent = field(init=False)
    mine: list[int] = field(default_factory=list)
    """Indexes into ``game.history`` of your answers."""
    shown: int = 0
    """How many lines of your log have been shown."""

    def __post_init__(self) -> None:
        self.agent = make_agent(self.opponent_kind, self.seed * 2 + COMPUTER)
        self.mine = [i for i, who in enumerate(_deciders(self.game)) if who == YOU]

    @classmethod
    def new(cls, decks: DeckChoice, opponent: str, seed: int) -> Session:
        from .games.duel_masters import setup

        make_agent(opponent, 0)  # fail early on an unknown opponent
        return cls(setup(decks.recipe(seed)), opponent, seed)

    @classmethod
    def load(cls, path: str) -> Session:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise TcgError(f"{path}: cannot read the save: {exc.strerror}") from exc
        return cls.loads(text, path)

    @classmethod
    def loads(cls, text: str, name: str) -> Session:
        """A session from a save's text (``name`` says where it came from, in errors)."""
        from .games.duel_masters import setup

        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveFormatError(f"{name}: not JSON: line {exc.lineno}: {exc.msg}") from exc
        play = data.get("play", {}) if isinstance(data, dict) else {}
        if not isinstance(play, dict):
            raise SaveFormatError(f"{name}: the save's play field is a mapping, got {type(play).__name__}")
        game = save.load(data, setup)
        opponent = str(play.get("opponent", "greedy"))
        seed = play.get("seed", game.seed)
        session = cls(game, opponent, int(seed) if isinstance(seed, int) else 0)
        session.shown = max(0, len(game.log_for(YOU)) - 12)  # the last lines, not the whole game again
        return session

    def dumps(self) -> str:
        """The save's text: the kernel's save with a ``play`` field for the opponent and the seed."""
        data = save.save(self.game)
        data["play"] = {"opponent": self.opponent_kind, "seed": self.seed, "you": YOU}
        return json.dumps(data, ensure_ascii=False) + "\n"

    def save(self, path: str) -> None:
        try:
            Path(path).write_text(self.dumps(), encoding="utf-8")
        except OSError as exc:
            raise TcgError(f"{path}: cannot write the save: {exc.strerror}") from exc

    def computer_plays(self) -> None:
        """Let the computer answer until it is your turn to decide or the game is over."""
        game = self.game
        while game.pending is not None and game.pending.player != YOU:
            game.answer(*self.agent.choose(game, game.pending))

    def answer(self, labels: Sequence[str]) -> None:
        index = len(self.game.history)
        self.game.answer(*labels)
        self.mine.append(index)
        self.computer_plays()

    def undo(self) -> bool:
        """Back to your previous decision (the game is set up again and its history replayed)."""
        from .games.duel_masters import setup

        if not self.mine:
            return False
        keep = self.mine.pop()
        history = self.game.history[:keep]
        game = setup(self.game.recipe)
        for kind, payload in history:
            if kind == "answer":
                game.answer(*payload)
            else:
                game.inject(payload)
        self.game = game
        self.shown = min(self.shown, len(game.log_for(YOU)))
        return True

    def new_lines(self) -> list[LogRecord]:
        lines = self.game.log_for(YOU)
        out = list(lines[self.shown :])
        self.shown = len(lines)
        return out

    def view(self) -> View:
        return self.game.view(YOU)


def _deciders(game: Game) -> list[int | None]:
    """Who answered each history entry (replays the game; ``None`` for injected events)."""
    from .games.duel_masters import setup

    replay = setup(game.recipe)
    out: list[int | None] = []
    for kind, payload in game.history:
        if kind == "answer":
            out.append(replay.pending.player if replay.pending is not None else None)
            replay.answer(*payload)
        else:
            out.append(None)
            replay.inject(payload)
    return out


def parse_answer(text: str, view: View) -> tuple[str, ...]:
    """Numbers (1-based) or labels separated by spaces or commas, checked against the pending decision."""
    decision = view.pending
    if decision is None:
        raise IllegalActionError("no decision of yours is pending")
    words = text.replace(",", " ").split()
    labels = [o.label for o in decision.options]
    out: list[str] = []
    for word in words:
        if word.isdigit():
            n = int(word)
            if not 1 <= n <= len(labels):
                raise IllegalActionError(f"there is no option {n}; choose 1 to {len(labels)}")
            out.append(labels[n - 1])
        elif word in labels:
            out.append(word)
        else:
            raise IllegalActionError(f"{word!r} is neither an option number nor a command (type help)")
    return tuple(out)


# ---------------------------------------------------------------------------------------------- terminal


def _table(rows: Sequence[tuple[str, ...]]) -> Any:
    """Columns as wide as their widest cell (in terminal cells: a Japanese character takes two), but the
    last one (the English names), which is cut short first when the terminal is narrow."""
    from rich.cells import cell_len
    from rich.table import Table

    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1))
    for i in range(5):
        widest = max((cell_len(row[i]) for row in rows), default=0)
        if i < 4:
            table.add_column(no_wrap=True, min_width=widest)
        else:
            table.add_column(style="dim", no_wrap=True, overflow="ellipsis")
    for row in rows:
        table.add_row(*row)
    return table


class Terminal:
    """Draws views with rich (which measures Japanese text by terminal cells, so columns line up)."""

    def __init__(self, out: IO[str], catalog: Mapping[str, Any], *, width: int | None = None) -> None:
        from rich.console import Console

        self.console = Console(file=out, width=width, highlight=False, soft_wrap=False)
        self.catalog = catalog

    def print(self, *things: Any, markup: bool = True) -> None:
        self.console.print(*things, markup=markup)

    def card(self, name: str | None) -> str:
        if name is None:
            return "(face down)"
        card = self.catalog.get(name)
        english = getattr(card, "english", None)
        return f"{name} ({english})" if english else name

    def error(self, message: str) -> None:
        from rich.text import Text

        self.print(Text(message, style="red"))

    def english(self, name: str | None) -> str:
        english = getattr(self.catalog.get(name), "english", None) if name is not None else None
        return english if isinstance(english, str) else ""

    def board(self, view: View) -> None:
        from rich.text import Text

        step = dict(view.info).get("step", "")
        whose = "your" if view.active_player == YOU else f"{view.players[view.active_player]}'s"
        self.print(
            Text(f"── turn {view.turn} · {whose} turn{f' · {step} step' if step else ''} ──", style="bold")
        )
        for player in (COMPUTER, YOU):
            who = "You" if player == YOU else "Opponent"
            hand, deck = view.zone(player, "hand"), view.zone(player, "deck")
            grave, mana = view.zone(player, "graveyard"), view.zone(player, "mana_zone")
            shields = view.zone(player, "shield_zone")
            self.print(
                Text(
                    f"{who} ({view.players[player]}): hand {hand.cards} · deck {deck.cards} · "
                    f"graveyard {grave.cards} · mana {mana.cards} · shields {shields.count}",
                    style="bold cyan" if player == YOU else "bold magenta",
                )
            )
            rows: list[tuple[str, str, str, str, str]] = []
            for zone in ("battle_zone", "shield_zone", "mana_zone", "hand"):
                z = view.zone(player, zone)
                label = {"battle_zone": "battle", "shield_zone": "shield", "mana_zone": "mana"}.get(
                    zone, zone
                )
                if z.objects is None:
                    known = f" (known: {', '.join(self.card(n) for n in z.known)})" if z.known else ""
                    rows.append((label, "", f"{z.cards} card(s){known}", "", ""))
                    continue
                if not z.objects:
                    rows.append((label, "", "—", "", ""))
                    continue
                hidden = [o for o in z.objects if o.cards == (None,)]
                if zone == "shield_zone" and len(hidden) == len(z.objects):
                    rows.append((label, f"{hidden[0].ref}…{len(hidden)}", f"{len(hidden)} face down", "", ""))
                    continue
                for obj in z.objects:
                    name = obj.cards[0]
                    under = f" + {len(obj.cards) - 1} card(s) under it" if len(obj.cards) > 1 else ""
                    notes = [*obj.notes, *(["tapped"] if obj.tapped else [])]
                    shown = "(face down)" if name is None else name
                    rows.append((label, obj.ref, shown + under, ", ".join(notes), self.english(name)))
                    label = ""
            if grave.objects:
                top = grave.objects[-1].cards[0]
                rows.append(("graveyard", "", f"{grave.cards} card(s), top: {top}", "", self.english(top)))
            self.print(_table(rows))
        if view.result is not None:
            winner, rule, reason = view.result
            verdict = "a draw" if winner is None else ("you win" if winner == YOU else "you lose")
            self.print(Text(f"Game over, {verdict}: {reason} (rule {rule})", style="bold"))

    def decision(self, view: View) -> None:
        from rich.text import Text

        d = view.pending
        if d is None:
            return
        rule = f", rule {d.rule}" if d.rule else ""
        self.print(Text(f"Your decision ({d.kind}{rule}): {d.prompt}", style="bold yellow"))
        if d.min != 1 or d.max != 1:
            self.print(f"  choose {d.min} to {d.max} (numbers separated by spaces; empty line for none)")
        where = {
            o.ref: f"{'your' if z.player == YOU else 'opponent’s'} {z.name.replace('_', ' ')}"
            for z in view.zones
            for o in z.objects or ()
        }
        for i, option in enumerate(d.options, 1):
            place = f" — {where[option.label]}" if option.label in where else ""
            line = Text(f"  {i:>2}. {self.words(option.text)}{place}  ")
            line.append(f"({option.label})", style="dim")
            self.print(line)

    def words(self, text: str) -> str:
        """Option text with card names followed by their English names."""
        for name in sorted(self.catalog, key=len, reverse=True):
            if name in text:
                english = getattr(self.catalog[name], "english", None)
                if english and f"{name} ({english})" not in text:
                    return text.replace(name, f"{name} ({english})", 1)
        return text

    def lines(self, records: Sequence[LogRecord], kinds: frozenset[str] = SHOWN_KINDS) -> None:
        from rich.text import Text

        for r in records:
            if r.kind in kinds:
                rule = f" [{r.rule}]" if r.rule else ""
                self.print(Text(f"  · {r.text}{rule}", style="dim" if r.kind == "answer" else ""))


def run_terminal(session: Session, lines: Iterator[str], out: IO[str], catalog: Mapping[str, Any]) -> int:
    term = Terminal(out, catalog)
    term.print("tcgrules play — Duel Masters against the computer. Type help for the commands.")
    session.computer_plays()
    show = True
    while True:
        view = session.view()
        news = session.new_lines()
        if news:
            term.lines(news)
        if show:
            term.board(view)
        show = False
        if view.result is not None:
            return 0
        term.decision(view)
        out.write("> ")
        out.flush()
        try:
            line = next(lines)
        except StopIteration:
            term.print("\n(end of input: the game is left as it is)")
            return 0
        command, _, rest = line.strip().partition(" ")
        try:
            if command in ("quit", "exit"):
                return 0
            if command == "help":
                term.print(HELP, markup=False)
            elif command == "board":
                show = True
            elif command == "log":
                records = session.game.log_for(YOU)
                count = len(records) if rest.strip() == "all" else int(rest or 30)
                term.lines(records[-count:], SHOWN_KINDS | WHY_KINDS)
            elif command == "why":
                steps = [r for r in session.game.log_for(YOU) if r.kind in WHY_KINDS]
                term.lines(steps[-12:], WHY_KINDS)
            elif command == "undo":
                if session.undo():
                    term.print("undone: back to your previous decision")
                    show = True
                else:
                    term.print("nothing to undo")
            elif command == "save":
                if not rest.strip():
                    raise TcgError("save needs a file name: save FILE")
                session.save(rest.strip())
                term.print(f"saved to {rest.strip()} (tcgrules play --load {rest.strip()})")
            else:
                session.answer(parse_answer(line, view))
                show = True
        except TcgError as exc:
            term.error(str(exc))
        except ValueError:
            term.print("log takes a number of lines: log 20")


# ---------------------------------------------------------------------------------------------- JSON


def run_json(session: Session, lines: Iterator[str], out: IO[str]) -> int:
    """JSON lines: one message out per line, one request in per line (docs/players.md)."""

    def send(message: Mapping[str, Any]) -> None:
        out.write(json.dumps(message, ensure_ascii=False, sort_keys=True) + "\n")
        out.flush()

    def state(kind: str) -> dict[str, Any]:
        return {
            "type": kind,
            "view": session.view().to_json(),
            "log": [
                {"turn": r.turn, "kind": r.kind, "text": r.text, "rule": r.rule} for r in session.new_lines()
            ],
        }

    send({"type": "hello", "protocol": PROTOCOL, "you": YOU, "opponent": session.opponent_kind})
    session.computer_plays()
    while True:
        view = session.view()
        if view.result is not None:
            winner, rule, reason = view.result
            send({**state("result"), "winner": winner, "rule": rule, "reason": reason})
            return 0
        send(state("decision"))
        while True:
            try:
                line = next(lines)
            except StopIteration:
                return 0
            if not line.strip():
                continue
            try:
                request = json.loads(line)
                if not isinstance(request, dict):
                    raise TcgError('a request is a JSON object such as {"answer": ["end_main"]}')
                if "answer" in request:
                    labels = request["answer"]
                    if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
                        raise TcgError('"answer" is a list of option labels')
                    session.answer(labels)
                    break
                command = request.get("command")
                if command == "undo":
                    if not session.undo():
                        raise TcgError("nothing to undo")
                    send({"type": "undone", "turn": session.game.turn})
                    break
                if command == "save":
                    session.save(str(request.get("file", "")))
                    send({"type": "saved", "file": request.get("file")})
                    continue
                if command == "log":
                    lines_ = session.game.log_for(YOU)
                    send(
                        {
                            "type": "log",
                            "log": [
                                {"turn": r.turn, "kind": r.kind, "text": r.text, "rule": r.rule}
                                for r in lines_
                            ],
                        }
                    )
                    continue
                if command == "quit":
                    return 0
                raise TcgError(f"unknown request {request!r}; expected answer, or command undo/save/log/quit")
            except json.JSONDecodeError as exc:
                send({"type": "error", "message": f"not JSON: {exc.msg}"})
            except TcgError as exc:
                send({"type": "error", "message": str(exc)})


# ---------------------------------------------------------------------------------------------- command


def add_parser(sub: Any) -> None:
    play = sub.add_parser(
        "play",
        help="play Duel Masters against the computer in the terminal (or over JSON lines with --json)",
        description="Play Duel Masters against the computer. You are player 0. Type help during the game.",
    )
    add_deck_options(play)
    play.add_argument(
        "--opponent", default="greedy", choices=OPPONENTS, help="the computer player (default greedy)"
    )
    play.add_argument(
        "--seed", type=whole(0, 2**64 - 1), default=1, help="random seed, 0 to 2**64-1 (default 1)"
    )
    play.add_argument("--load", metavar="FILE", help="go on with a saved game (from the save command)")
    play.add_argument(
        "--json", action="store_true", help="speak JSON lines on stdin/stdout (docs/players.md)"
    )
    play.set_defaults(func=main)


def main(args: argparse.Namespace, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    from .games.duel_masters.library import catalog_with

    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    if args.load:
        session = Session.load(args.load)
    else:
        session = Session.new(decks_from_args(args), args.opponent, args.seed)
    lines = _lines(stdin)
    if args.json:
        return run_json(session, lines, stdout)
    catalog = catalog_with(session.game.recipe.get("card_files", ()))
    return run_terminal(session, lines, stdout, catalog)


def _lines(stream: IO[str]) -> Iterator[str]:
    if stream is sys.stdin and stream.isatty():  # input() gives line editing and history
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (enables editing in input())
        while True:
            try:
                yield input()
            except EOFError:
                return
    reader: Callable[[], str] = stream.readline
    while True:
        line = reader()
        if not line:
            return
        yield line.rstrip("\n")
