"""The ``shanghai-rules`` command line: ``demo``, ``check``, ``simulate``, ``play`` and ``replay``.

Run ``shanghai-rules COMMAND --help`` for each command's options.  Every
command is also reachable as ``python -m shanghai_rules COMMAND`` and, from
Python, as ``main(["COMMAND", ...])``, which returns the exit status.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any, get_args

import attrs

from .actions import (
    Action,
    Buy,
    CallShanghai,
    Cut,
    DeclineBuy,
    Discard,
    DrawStock,
    LayDown,
    LayOff,
    StartRound,
    SwapWild,
    TakeDiscard,
    WithdrawBuy,
)
from .cards import Card, CardParseError, parse_card, parse_cards
from .contracts import check_contract, find_contract
from .engine import check as check_action
from .engine import new_game
from .engine.deal import seed_refusal
from .errors import IllegalAction, excerpt
from .events import (
    AskedToBuy,
    Bought,
    CalledShanghai,
    CardsCut,
    Dealt,
    DeclinedBuy,
    Discarded,
    DrewFromStock,
    Event,
    GameEnded,
    LaidOff,
    RoundEnded,
    RoundStarted,
    StockRebuilt,
    SwappedWild,
    TookUpcard,
    WentDown,
    WithdrewBuy,
    opening_events,
    redact,
    step_events,
)
from .melds import End, Meld, check_meld
from .players import Choice, GreedyPlayer, Pass, Player, RandomPlayer, play_game, play_next
from .records import GameRecord, ReplayError, replay
from .rules import PRESETS, Rules, RulesError, get_rules
from .serialization import MAX_DOCUMENT_SIZE, SerializationError, from_json, to_json
from .state import EndedBy, GameState
from .table import Table
from .text import describe, score_sheet
from .views import PlayerView

__all__ = ["main"]

BOTS: dict[str, Callable[[int], Player]] = {"greedy": GreedyPlayer, "random": RandomPlayer}
"""The computer players the commands know, by name."""


_GLUE = "\x00"  # a space that line wrapping must not break


class _Quit(Exception):
    """The person at the terminal quit (or their input ended)."""


class _UsageError(Exception):
    """Bad input on the command line or standard input: exit status 2."""


# ---------------------------------------------------------------------------
# text


@attrs.frozen
class _Text:
    """How cards are written: with suit symbols, or in ASCII."""

    ascii: bool = False

    def card(self, card: Card) -> str:
        return str(card) if self.ascii else card.pretty

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards) if cards else "-"

    def meld(self, meld: Meld) -> str:
        return meld.describe(pretty=not self.ascii)


def _text_for(args: argparse.Namespace, stream: IO[str]) -> _Text:
    wants_ascii = bool(getattr(args, "ascii", False))
    if not wants_ascii:
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            "♣♦♥♠★".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            wants_ascii = True
    return _Text(ascii=wants_ascii)


def _seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    if names is not None and seat < len(names) and names[seat]:
        return names[seat]
    return f"seat {seat}"


def _plural(count: int | None, word: str) -> str:
    if count is None:
        return f"unlimited {word}s"
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# ---------------------------------------------------------------------------
# telling a game as it goes


class _Narrator:
    """Prints a game's public events, round by round, from (before, action, after) steps.

    Built on :func:`~shanghai_rules.events.step_events`, redacted for a
    spectator (:func:`~shanghai_rules.events.redact` with no seat), and
    :func:`~shanghai_rules.text.describe`: only what the whole table sees is
    told: draws and discards (with ``verbose``), buys, Shanghai calls and
    declarations, melds laid down and added to, swaps, the cut, and at each
    round's end the table, the cards left in hand and the scores.  Bought
    penalty cards and the card a Shanghai caller gives away are never named.
    """

    def __init__(self, out: IO[str], text: _Text, names: Sequence[str] | None = None, *,
                 verbose: bool = False) -> None:
        self.out = out
        self.text = text
        self.names = names
        self.verbose = verbose
        self.turn_number = 0
        self.plays: list[str | tuple[int, str]] = []
        self.play_seat = -1

    def name(self, seat: int) -> str:
        return _seat_name(seat, self.names)

    def words(self, event: Event) -> str:
        """The event as a spectator may know it, in words."""
        return describe(redact(event, None), ascii=self.text.ascii, names=self.names)

    def predicate(self, event: Event, seat: int) -> str:
        """What ``seat`` did, without its name in front (to tell a turn's plays on one line)."""
        line = self.words(event)
        name = self.name(seat) + " "
        return line[len(name):] if line.startswith(name) else line

    def say(self, line: str = "") -> None:
        print(line, file=self.out)

    def event(self, line: str, *, before_draw: bool = False) -> None:
        number = self.turn_number + 1 if before_draw else self.turn_number
        head = f"  t{number:<3} "
        wrapped = textwrap.fill(line, width=100, initial_indent=head, subsequent_indent=" " * len(head),
                                break_on_hyphens=False)
        self.say(wrapped.replace(_GLUE, " "))

    def start(self, state: GameState) -> None:
        """Tell the start of the game and of its first round."""
        rules = state.rules
        self.say(f"Shanghai Rummy, {rules.name}: {state.players} players, {_plural(rules.rounds, 'round')} "
                 f"(t = turn of the round; melds are numbered as laid)")
        if state.phase in ("draw", "cut"):
            for event in opening_events(state):
                self.tell(event, state, state)

    def round_header(self, state: GameState) -> None:
        rules = state.rules
        contract = state.contract
        self.turn_number = 0
        self.say()
        self.say(f"Round {state.round_number} of {rules.rounds}: {contract.describe()}")
        first = (state.dealer + 1) % state.players
        self.say(f"  {self.name(state.dealer)} deals; {self.name(first)} plays first; "
                 f"{_plural(rules.buy_limit(state.round_number), 'buy')} each")

    def flush(self) -> None:
        if not self.plays:
            return
        parts: list[str] = []
        offs: dict[int, list[str]] = {}
        for item in self.plays:
            if isinstance(item, tuple):
                offs.setdefault(item[0], []).append(item[1])
                continue
            if offs:
                parts.append(_lay_offs(offs))
                offs = {}
            parts.append(item)
        if offs:
            parts.append(_lay_offs(offs))
        self.event(f"{self.name(self.play_seat)} " + "; ".join(parts))
        self.plays = []

    def play(self, seat: int, item: str | tuple[int, str]) -> None:
        if seat != self.play_seat:
            self.flush()
            self.play_seat = seat
        self.plays.append(item)

    def step(self, before: GameState, action: Action, after: GameState) -> None:
        """Tell one action: the events it made."""
        for event in step_events(before, action, after):
            self.tell(event, before, after)

    def tell(self, event: Event, before: GameState, after: GameState) -> None:
        """Tell one event of the step from ``before`` to ``after``."""
        drawing = before.phase == "draw"
        if isinstance(event, (RoundStarted, Dealt, CardsCut, RoundEnded, GameEnded)):
            if isinstance(event, RoundEnded) and drawing:
                self.turn_number += 1  # the draw that found the stock dead began a turn
            self.tell_round(event, after)
        elif isinstance(event, (DrewFromStock, TookUpcard)):
            self.flush()
            self.turn_number += 1
            if self.verbose:
                self.event(self.words(event))
        elif isinstance(event, (Bought, StockRebuilt)):
            self.event(self.words(event), before_draw=drawing)
        elif isinstance(event, (AskedToBuy, WithdrewBuy, DeclinedBuy)):
            if self.verbose:
                self.event(self.words(event), before_draw=True)
        elif isinstance(event, CalledShanghai):
            self.flush()
            self.event(self.words(event), before_draw=True)
        elif isinstance(event, LaidOff):
            self.play(event.player, (event.meld, self.text.card(event.card)))
        elif isinstance(event, (WentDown, SwappedWild)):
            self.play(event.player, self.predicate(event, event.player))
        elif isinstance(event, Discarded):
            if event.shanghai or self.verbose or after.phase in ("round_over", "game_over"):
                self.play(event.player, self.predicate(event, event.player))
            self.flush()  # the turn is over

    def tell_round(self, event: Event, state: GameState) -> None:
        """Tell a round's start, cut, deal or end."""
        if isinstance(event, RoundStarted):
            self.flush()
            self.round_header(state)
        elif isinstance(event, CardsCut):
            note = ""
            if event.exact and state.rules.cut_penalty:
                note = f": exactly the deal, {state.rules.cut_penalty} points to everyone else"
            self.say(f"  {self.name(event.player)} cuts {_plural(event.count, 'card')}{note}")
        elif isinstance(event, Dealt):
            if event.upcard is not None:
                self.say(f"  flip card: {self.text.card(event.upcard)}")
        elif isinstance(event, RoundEnded):
            self.flush()
            self.round_end(event, state)

    def round_end(self, event: RoundEnded, state: GameState) -> None:
        """Tell how a round ended: who went out, the table, the hands left, the scores."""
        t = self.text
        result = event.result
        if result.went_out is not None:
            slam = " (a slam: down and out in one turn, nobody else down)" if result.slam else ""
            self.say(f"  {self.name(result.went_out)} goes out on turn {self.turn_number}{slam}")
        elif result.ended_by == "stock":
            self.say(f"  The stock is dead on turn {self.turn_number}: the round ends with nobody out")
        elif result.ended_by == "deadlock":
            self.say(f"  The stock runs out on turn {self.turn_number} with nothing laid since it was last "
                     "shuffled: a deadlock, the round ends with nobody out")
        else:
            limit = state.rules.turn_limit
            self.say(f"  The turn limit ({limit} turns each) is reached: the round ends with nobody out")
        self.say("  Table:")
        if not state.table:
            self.say("    (nothing laid down)")
        for index, tm in enumerate(state.table, 1):
            self.say(f"    {index:>2}. {self.name(tm.owner)}: {t.meld(tm.meld)}")
        self.say("  Left in hand:")
        width = max(len(self.name(s)) for s in range(len(event.hands)))
        for seat, hand in enumerate(event.hands):  # the hands are shown at the table to count them
            points = result.points[seat]
            extra = ""
            if result.cut_exact and points != result.hand_points[seat]:
                extra = f" + {points - result.hand_points[seat]} for the cut"
            shown = "out" if seat == result.went_out else t.cards(hand or ())
            self.say(f"    {self.name(seat):<{width}}  {shown}  = {result.hand_points[seat]}{extra}"
                     f"   (total {event.scores[seat]})")


def _lay_offs(offs: dict[int, list[str]]) -> str:
    return "lays off " + ", ".join(f"{' '.join(cards)} on{_GLUE}meld{_GLUE}{meld + 1}" for meld, cards in offs.items())


def _difference(bigger: Sequence[Card], smaller: Sequence[Card]) -> list[Card]:
    rest = list(bigger)
    for card in smaller:
        if card in rest:
            rest.remove(card)
    return rest


def _score_sheet(state: GameState, out: IO[str], names: Sequence[str] | None = None) -> None:
    """The score sheet (:func:`~shanghai_rules.text.score_sheet`), after a blank line."""
    print(file=out)
    print(score_sheet(state, names), file=out)


# ---------------------------------------------------------------------------
# options shared by several commands


def _rules_from(args: argparse.Namespace) -> Rules:
    rules = _named_rules(args.variant)
    rounds = getattr(args, "rounds", None)
    if rounds is not None:
        if not 1 <= rounds <= rules.rounds:
            raise _UsageError(f"--rounds: {rules.name} has rounds 1-{rules.rounds}, not {rounds}")
        hand_sizes = None if rules.hand_sizes is None else rules.hand_sizes[:rounds]
        rules = attrs.evolve(rules, contracts=rules.contracts[:rounds], buy_limits=rules.buy_limits[:rounds],
                             hand_sizes=hand_sizes)
    return rules


def _named_rules(name: str) -> Rules:
    """The preset called ``name``, or else the rules document (JSON, as ``to_json(rules)`` writes one)
    in the file of that name: a table's own rules, any ``Rules`` value at all."""
    try:
        return get_rules(name)
    except RulesError as exc:
        if not os.path.isfile(name):
            raise _UsageError(f"{exc}, nor a file of rules") from None
    try:
        with open(name, encoding="utf-8") as handle:
            text = handle.read(MAX_DOCUMENT_SIZE + 1)
        return from_json(text, Rules)
    except OSError as exc:
        raise _UsageError(f"--variant: cannot read {name}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise _UsageError(f"--variant: {name} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except SerializationError as exc:
        raise _UsageError(f"--variant: {name} is not a rules document: {exc}") from None


def _bot_kinds(text: str, seats: int) -> list[str]:
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    if not kinds:
        raise _UsageError("--bots: name at least one kind of computer player")
    for kind in kinds:
        if kind not in BOTS:
            raise _UsageError(f"--bots: no computer player called {excerpt(kind)}; known: {', '.join(BOTS)}")
    return [kinds[i % len(kinds)] for i in range(seats)]


def _check_players(rules: Rules, players: int) -> None:
    if not rules.allows_players(players):
        raise _UsageError(f"--players: {rules.name} is played by {rules.min_players}-{rules.max_players} "
                          f"players, not {players}")


def _check_seeds(first: int, games: int = 1) -> None:
    """The seeds ``first`` to ``first + games - 1`` each seed a game
    (:func:`~shanghai_rules.engine.deal.seed_refusal`), and a different one: a seed and its negation
    deal alike (:func:`~shanghai_rules.engine.deal.new_game`)."""
    last = first + games - 1
    for seed in {first, last}:
        refusal = seed_refusal(seed)
        if refusal:
            raise _UsageError(f"--seed: {refusal}")
    if first < 0 and last > 0:
        twice = min(-first, last)
        raise _UsageError(f"--seed: seeds {first} to {last} would play {twice} game{'s' if twice > 1 else ''} "
                          "twice, as a seed and its negation deal the same game: start at 0 or above, or end at 0 "
                          "or below")


def _read_stdin(read: Callable[[int], str]) -> str:
    """``read(limit)`` of standard input (its ``read`` or ``readline``), which must be UTF-8 text: at most
    :data:`~shanghai_rules.serialization.MAX_DOCUMENT_SIZE` characters and one more, which the
    caller refuses.  A byte that is not UTF-8 is refused whether the stream raises at it (strict
    decoding) or passes it on as a lone surrogate (the C locale, Python's UTF-8 mode)."""
    try:
        text = read(MAX_DOCUMENT_SIZE + 1)
        text.encode("utf-8")
    except UnicodeDecodeError as exc:
        raise _UsageError(f"standard input is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except UnicodeEncodeError as exc:
        raise _UsageError(f"standard input is not UTF-8 text (a byte it cannot read, at character "
                          f"{exc.start})") from None
    return text


def _make_bots(kinds: Sequence[str], seed: int) -> list[Player]:
    return [BOTS[kind](seed * 1009 + seat) for seat, kind in enumerate(kinds)]


def _add_variant(parser: argparse.ArgumentParser, *, rounds: bool = True) -> None:
    parser.add_argument("--variant", default="pagat7", metavar="NAME",
                        help=f"rule variant: {', '.join(PRESETS)} (default: pagat7), or a file holding a rules "
                             "document (JSON, as to_json writes one)")
    if rounds:
        parser.add_argument("--rounds", type=int, default=None, metavar="N",
                            help="play only the first N rounds of the variant")


def _add_seats(parser: argparse.ArgumentParser, default_bots: str = "greedy") -> None:
    parser.add_argument("--players", "-n", type=int, default=4, metavar="N", help="number of seats (default: 4)")
    parser.add_argument("--bots", default=default_bots, metavar="KIND[,KIND...]",
                        help=f"computer players, repeated round the seats: {', '.join(BOTS)} "
                             f"(default: {default_bots})")


def _save_record(path: str | None, record: GameRecord, err: IO[str]) -> None:
    if path is None:
        return
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(to_json(record, indent=1))
            handle.write("\n")
    except OSError as exc:
        raise _UsageError(f"--save: cannot write {path}: {exc.strerror}") from None
    print(f"Game record written to {path}", file=err)


# ---------------------------------------------------------------------------
# demo


def _cmd_demo(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    rules = _rules_from(args)
    _check_players(rules, args.players)
    _check_seeds(args.seed)
    kinds = _bot_kinds(args.bots, args.players)
    names = [f"seat {s} ({kinds[s]})" for s in range(args.players)] if len(set(kinds)) > 1 else None
    narrator = _Narrator(out, _text_for(args, out), names, verbose=args.verbose)
    print(f"A demonstration game between computer players ({', '.join(sorted(set(kinds)))}), seed {args.seed}.",
          file=out)
    narrator.start(new_game(rules, args.players, seed=args.seed))
    final, record = play_game(rules, _make_bots(kinds, args.seed), args.seed, on_step=narrator.step)
    _score_sheet(final, out, names)
    _save_record(args.save, record, err)
    return 0


# ---------------------------------------------------------------------------
# check


def _split_groups(text: str) -> list[str]:
    parts = text.replace("/", "|").split("|")
    return [p.strip() for p in parts if p.strip()]


def _read_groups(args: argparse.Namespace, stdin: IO[str]) -> list[str]:
    groups: list[str] = []
    if args.groups:
        for arg in args.groups:
            groups.extend(_split_groups(arg))
    else:
        text = _read_stdin(stdin.read)
        if len(text) > MAX_DOCUMENT_SIZE:
            raise _UsageError(f"check: standard input holds more than {MAX_DOCUMENT_SIZE:,} characters")
        for line in text.splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                groups.extend(_split_groups(line) if not args.hand else [line.replace("|", " ").replace("/", " ")])
    if not groups:
        raise _UsageError("check: give groups of cards as arguments, or one group per line on standard input")
    return groups


def _parse_group(text: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CardParseError as exc:
        raise _UsageError(f"check: {exc}") from None


def _cmd_check(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    rules = _rules_from(args)
    t = _text_for(args, out)
    groups = _read_groups(args, stdin)
    cards = [_parse_group(g) for g in groups]
    if args.round is not None:
        try:
            contract = rules.contract(args.round)
        except RulesError:
            raise _UsageError(f"--round: {rules.name} has rounds 1-{rules.rounds}, not {args.round}") from None
        if args.hand:
            ok = True
            for hand in cards:
                layout = find_contract(hand, rules, args.round)
                if layout is None:
                    ok = False
                    print(f"NO   {t.cards(hand)}: this hand does not hold round {args.round}'s contract "
                          f"({contract.describe()}) under {rules.name}", file=out)
                else:
                    rest = _difference(hand, [c for m in layout for c in m.cards])
                    print(f"YES  {t.cards(hand)}: meets round {args.round}'s contract ({contract.describe()}) "
                          f"under {rules.name}:", file=out)
                    for meld in layout:
                        print(f"       {t.meld(meld)}", file=out)
                    if rest:
                        print(f"       left over: {t.cards(rest)}", file=out)
            return 0 if ok else 1
        result = check_contract(cards, rules, args.round)
        if result:
            print(f"YES  these groups meet round {args.round}'s contract ({contract.describe()}) "
                  f"under {rules.name}:", file=out)
            for meld in result.melds:
                print(f"       {t.meld(meld)}", file=out)
            return 0
        print(f"NO   these groups do not meet round {args.round}'s contract ({contract.describe()}) "
              f"under {rules.name}: {result.reason}", file=out)
        return 1
    if args.hand:
        raise _UsageError("check: --hand needs --round N (the contract to look for)")
    ok = True
    for group in cards:
        verdict = check_meld(group, rules)
        if verdict and verdict.meld is not None:
            print(f"YES  {t.cards(group)}: a legal {t.meld(verdict.meld)} under {rules.name}", file=out)
        else:
            ok = False
            print(f"NO   {t.cards(group)}: not a legal meld under {rules.name}: {verdict.reason}", file=out)
    return 0 if ok else 1


# ---------------------------------------------------------------------------
# simulate


def _simulate_one(job: tuple[Rules, tuple[str, ...], int]) -> dict[str, Any]:
    """Play one game (in a worker process) and summarise it as plain data."""
    rules, kinds, seed = job
    state, record = play_game(rules, _make_bots(kinds, seed), seed)
    turns: list[int] = []
    count = 0
    for action in record.actions:
        if isinstance(action, (DrawStock, TakeDiscard)):
            count += 1
        elif isinstance(action, StartRound):
            turns.append(count)
            count = 0
    turns.append(count)
    return {
        "seed": seed,
        "scores": list(state.scores),
        "winners": list(state.winners),
        "ended_by": [r.ended_by for r in state.round_results],
        "turns": turns,
    }


#: The most games one ``simulate`` plays: enough for any study, and few enough to count in a machine word.
MAX_GAMES = 1_000_000_000

#: The most worker processes ``simulate`` starts for each CPU of the machine (``os.cpu_count()``).
WORKERS_PER_CPU = 4


def _simulate_chunk(rules: Rules, kinds: tuple[str, ...], seeds: range) -> list[dict[str, Any]]:
    """Play the games of ``seeds`` one after another (in a worker process)."""
    return [_simulate_one((rules, kinds, seed)) for seed in seeds]


def _simulated(rules: Rules, kinds: tuple[str, ...], seeds: range, workers: int) -> Iterator[dict[str, Any]]:
    """The summaries of the games of ``seeds``, in the order of the seeds, played in ``workers``
    processes.  Games are handed out in chunks, and at most two chunks per process are awaited at a
    time, so the memory held does not grow with the number of games."""
    if workers == 1:
        yield from (_simulate_one((rules, kinds, seed)) for seed in seeds)
        return
    size = max(1, min(len(seeds) // (workers * 8), 20))
    starts = range(0, len(seeds), size)
    pending: collections.deque[concurrent.futures.Future[list[dict[str, Any]]]] = collections.deque()
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, len(starts))) as pool:
        try:
            for start in starts:
                pending.append(pool.submit(_simulate_chunk, rules, kinds, seeds[start:start + size]))
                if len(pending) >= 2 * workers:
                    yield from pending.popleft().result()
            while pending:
                yield from pending.popleft().result()
        finally:  # (stopped early: the chunks not begun are dropped, not played)
            pool.shutdown(cancel_futures=True)


@attrs.define
class _Tally:
    """What ``simulate`` sums up over the games played, a game at a time."""

    seats: int
    games: int = 0
    totals: list[int] = attrs.Factory(list)
    wins: list[int] = attrs.Factory(list)
    ended: dict[str, int] = attrs.Factory(dict)
    turns: int = 0

    def __attrs_post_init__(self) -> None:
        self.totals = [0] * self.seats
        self.wins = [0] * self.seats
        self.ended = dict.fromkeys(get_args(EndedBy), 0)

    def add(self, game: dict[str, Any]) -> None:
        """Count one game's summary (as :func:`_simulate_one` makes it)."""
        self.games += 1
        for seat in range(self.seats):
            self.totals[seat] += game["scores"][seat]
            self.wins[seat] += seat in game["winners"]
        for kind in game["ended_by"]:
            self.ended[kind] += 1
        self.turns += sum(game["turns"])


def _cmd_simulate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    rules = _rules_from(args)
    _check_players(rules, args.players)
    kinds = tuple(_bot_kinds(args.bots, args.players))
    if not 1 <= args.games <= MAX_GAMES:
        raise _UsageError(f"--games: play from 1 to {MAX_GAMES:,} games")
    _check_seeds(args.seed, args.games)
    most_workers = WORKERS_PER_CPU * (os.cpu_count() or 1)
    if not 1 <= args.workers <= most_workers:
        raise _UsageError(f"--workers: use from 1 to {most_workers} processes ({WORKERS_PER_CPU} for each of this "
                          f"machine's {os.cpu_count() or 1} CPUs)")
    progress = err.isatty() and not args.quiet
    started = time.perf_counter()
    tally = _Tally(len(kinds))
    for game in _simulated(rules, kinds, range(args.seed, args.seed + args.games), args.workers):
        tally.add(game)
        if progress:
            print(f"\r{tally.games}/{args.games} games", end="", file=err, flush=True)
    elapsed = time.perf_counter() - started
    if progress:
        print("\r" + " " * 30 + "\r", end="", file=err, flush=True)
    summary = _summarise(rules, kinds, args, tally, elapsed)
    if args.json:
        print(json.dumps(summary, indent=2), file=out)
        return 0
    _print_summary(summary, out)
    return 0


def _summarise(rules: Rules, kinds: Sequence[str], args: argparse.Namespace, tally: _Tally,
               elapsed: float) -> dict[str, Any]:
    games = tally.games
    rounds = sum(tally.ended.values())
    return {
        "variant": rules.name,
        "rounds_per_game": rules.rounds,
        "players": len(kinds),
        "bots": list(kinds),
        "games": games,
        "first_seed": args.seed,
        "workers": args.workers,
        "total_score": list(tally.totals),
        "mean_score": [round(t / games, 3) for t in tally.totals],
        "wins": list(tally.wins),
        "rounds": rounds,
        "ended_by": {kind: round(count / rounds, 4) for kind, count in tally.ended.items()},
        "mean_turns_per_round": round(tally.turns / rounds, 3),
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 3) if elapsed > 0 else None,
    }


def _print_summary(summary: dict[str, Any], out: IO[str]) -> None:
    print(f"{_plural(summary['games'], 'game')} of {summary['variant']} "
          f"({_plural(summary['rounds_per_game'], 'round')}), "
          f"{summary['players']} players, seeds {summary['first_seed']}-"
          f"{summary['first_seed'] + summary['games'] - 1}, {summary['workers']} worker(s)", file=out)
    print(f"  {'seat':<6}{'player':<10}{'mean score':>12}{'wins':>8}", file=out)
    for seat, kind in enumerate(summary["bots"]):
        print(f"  {seat:<6}{kind:<10}{summary['mean_score'][seat]:>12.1f}{summary['wins'][seat]:>8}", file=out)
    ended = summary["ended_by"]
    print(f"  rounds: {summary['rounds']}; ended by going out {ended['out']:.1%}, "
          f"dead stock {ended['stock']:.1%}, turn limit {ended['turn_limit']:.1%}", file=out)
    print(f"  mean turns per round: {summary['mean_turns_per_round']:.1f}", file=out)
    rate = summary["games_per_second"]
    print(f"  {summary['seconds']:.2f} s, {rate:.2f} games per second" if rate else
          f"  {summary['seconds']:.2f} s", file=out)


# ---------------------------------------------------------------------------
# play


_HELP = """\
Type the number of an action, or:
  draw | take | buy | pass           draw from the stock, take the upcard, ask to buy it, let it go
  down 9C 9D 9H / 4H 5H 6H 7H        go down with these groups (any legal layout, listed or not)
  off 7S 2 [low|high]                lay off 7S on meld 2 (the end, for a wild on a run)
  swap 6C 3                          give 6C for the wild it stands for in meld 3
  discard QS  (or just QS)           discard; 'shanghai QS' discards it and declares Shanghai
  call 2 [low|high]                  call Shanghai: the last discard goes onto meld 2
  cut 45                             cut 45 cards to the dealer
  hand | help | quit"""


class _Human:
    """The person at the terminal, as a :class:`~shanghai_rules.players.Player`.

    Shows the seat's view (hand, table, upcard), numbers the offered actions and
    reads a choice; ``judge`` (the referee) explains a refused move, and the
    person is asked again.
    """

    def __init__(self, read: Callable[[str], str], out: IO[str], text: _Text,
                 judge: Callable[[Action], str], names: Sequence[str] | None = None) -> None:
        self.read = read
        self.out = out
        self.text = text
        self.judge = judge
        self.names = names

    def say(self, line: str = "") -> None:
        print(line, file=self.out)

    def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        """Show the position and ask until the person gives a legal choice."""
        ordered = sorted(actions, key=lambda a: 0 if isinstance(a, Pass) else 1)
        self.show(view, ordered)
        while True:
            try:
                line = self.read("> ").strip()
            except EOFError:
                raise _Quit from None
            if not line:
                continue
            word = line.split()[0].lower()
            if word in ("q", "quit", "exit"):
                raise _Quit
            if word in ("h", "help", "?"):
                self.say(_HELP)
                continue
            if word in ("hand", "show", "table"):
                self.show(view, ordered)
                continue
            try:
                choice = self.parse(line, view, ordered)
            except ValueError as exc:
                self.say(f"Not understood: {exc}. Type 'help' for the commands.")
                continue
            if isinstance(choice, Pass):
                if choice in ordered:
                    return choice
                self.say("Not allowed: there is nothing to pass on now.")
                continue
            reason = self.judge(choice)
            if reason:
                self.say(f"Not allowed: {reason}")
                continue
            return choice

    def show(self, view: PlayerView, actions: Sequence[Choice]) -> None:
        t = self.text
        seat = view.player
        self.say()
        counts = [a.count for a in actions if isinstance(a, Cut)]
        if view.phase == "cut" and counts:
            self.say(f"You cut the cards for round {view.round_number}: type how many cards your cut gives "
                     f"the dealer ({min(counts)}-{max(counts)}).")
            return
        if view.turn == seat:
            stage = "draw" if view.phase == "draw" else "play and discard"
            self.say(f"Your turn ({stage}). Round {view.round_number}: {view.contract.describe()}.")
        else:
            self.say(f"{_seat_name(view.turn, self.names)} is about to draw. "
                     f"You may buy the upcard or call Shanghai.")
        if view.table:
            self.say("Table:")
            for index, tm in enumerate(view.table, 1):
                owner = "you" if tm.owner == seat else _seat_name(tm.owner, self.names)
                self.say(f"  {index:>2}. {owner}: {t.meld(tm.meld)}")
        top = view.discard[-1] if view.discard else None
        if top is None:
            status = "no discard"
        elif view.upcard is not None:
            status = f"upcard {t.card(top)}"
        elif view.phase == "draw":
            status = f"discard {t.card(top)} (dead: draw from the stock)"
        else:
            status = f"top discard {t.card(top)}"
        others = ", ".join(f"{_seat_name(s, self.names)}: {n}" for s, n in enumerate(view.hand_sizes) if s != seat)
        self.say(f"Stock {view.stock_size}, {status}. Cards held: {others}.")
        down = "you are down" if view.down[seat] else "you are not down"
        self.say(f"Your hand ({len(view.hand)}, {down}, {_plural(view.buys_left[seat], 'buy')} left): "
                 f"{t.cards(view.hand)}")
        for number, action in enumerate(actions, 1):
            self.say(f"  {number:>2}) {self.label(action, view)}")

    def label(self, action: Choice, view: PlayerView) -> str:
        t = self.text
        top = t.card(view.discard[-1]) if view.discard else "?"
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, DrawStock):
            return "draw from the stock"
        if isinstance(action, TakeDiscard):
            return f"take {top}"
        if isinstance(action, Buy):
            extra = view.rules.buy_penalty_cards
            return f"buy {top} (and {_plural(extra, 'card')} from the stock)"
        if isinstance(action, WithdrawBuy):
            return "withdraw your buy request"
        if isinstance(action, DeclineBuy):
            return f"let {top} go (the next seat is offered it)"
        if isinstance(action, CallShanghai):
            end = f" ({action.end} end)" if action.end else ""
            return f"call Shanghai: {top} onto meld {excerpt(action.meld + 1)}{end}"
        if isinstance(action, LayDown):
            groups = [t.meld(g) if isinstance(g, Meld) else t.cards(g) for g in action.melds]
            return "go down: " + " | ".join(groups)
        if isinstance(action, LayOff):
            end = f" ({action.end} end)" if action.end else ""
            return f"lay off {t.card(action.card)} on meld {excerpt(action.meld + 1)}{end}"
        if isinstance(action, SwapWild):
            return f"swap {t.card(action.card)} for the wild in meld {excerpt(action.meld + 1)}"
        if isinstance(action, Discard):
            return f"discard {t.card(action.card)}" + (" and declare Shanghai" if action.shanghai else "")
        if isinstance(action, Cut):
            return f"cut {action.count}"
        return repr(action)

    def parse(self, line: str, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        seat = view.player
        words = line.split()
        word = words[0].lower()
        rest = words[1:]
        cutting = bool(actions) and all(isinstance(a, Cut) for a in actions)
        if _typed_digits(word):
            number = _whole(word)
            if cutting:
                if number is None:
                    raise ValueError(f"a cut of {excerpt(word)} cards is more than the stock holds")
                return Cut(seat, number)
            if number is None or not 1 <= number <= len(actions):
                raise ValueError(f"there is no action {excerpt(word) if number is None else number} "
                                 f"(1-{len(actions)})")
            return actions[number - 1]
        if word in ("d", "draw", "stock"):
            return DrawStock(seat)
        if word in ("t", "take"):
            return TakeDiscard(seat)
        if word in ("b", "buy"):
            return Buy(seat)
        if word in ("p", "pass", "no"):
            return Pass(seat)
        if word == "cut":
            return Cut(seat, _number(rest, 0, "cut: say how many cards"))
        if word in ("down", "go", "laydown"):
            text = " ".join(rest)
            if text.lower().startswith("down"):
                text = text[4:]
            groups = _split_groups(text)
            if not groups:
                raise ValueError("down: give the groups, separated by '/' or '|'")
            return LayDown(seat, tuple(_cards(g) for g in groups))
        if word in ("off", "layoff", "lay"):
            if rest and rest[0].lower() == "off":
                rest = rest[1:]
            return LayOff(seat, _card(rest, 0), _meld_index(rest, 1, "off"), _end(rest, 2))
        if word == "swap":
            return SwapWild(seat, _card(rest, 0), _meld_index(rest, 1, "swap"))
        if word in ("x", "discard"):
            return Discard(seat, _card(rest, 0))
        if word == "shanghai":
            if rest:
                return Discard(seat, _card(rest, 0), shanghai=True)
            calls = [a for a in actions if isinstance(a, CallShanghai)]
            if len(calls) == 1:
                return calls[0]
            raise ValueError("shanghai: name the card to discard, or use 'call N' to call Shanghai on meld N")
        if word == "call":
            return CallShanghai(seat, _meld_index(rest, 0, "call"), _end(rest, 1))
        card = _card(words, 0)
        matching = [a for a in actions if getattr(a, "card", None) == card]
        plain = [a for a in matching if isinstance(a, Discard) and not a.shanghai]
        if plain:
            return plain[0]
        if len(matching) == 1:
            return matching[0]
        if matching:
            raise ValueError(f"{card} could be any of: "
                             + "; ".join(f"{actions.index(a) + 1}) {self.label(a, view)}" for a in matching))
        if view.phase == "play" and view.turn == seat:
            return Discard(seat, card)
        raise ValueError(f"no action offered now uses {card}")


def _card(words: Sequence[str], index: int) -> Card:
    if index >= len(words):
        raise ValueError("name a card, e.g. QS, 10h or JK")
    try:
        return parse_card(words[index])
    except CardParseError as exc:
        raise ValueError(str(exc)) from None


def _cards(text: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CardParseError as exc:
        raise ValueError(str(exc)) from None


def _typed_digits(word: str) -> bool:
    """Is ``word`` digits a person types for a number (ASCII: ``²`` is a digit to Python)?"""
    return word.isascii() and word.isdigit()


def _whole(word: str) -> int | None:
    """``word`` read as a whole number typed at the prompt (:func:`_typed_digits`, at most nine), or ``None``."""
    return int(word) if _typed_digits(word) and len(word) <= 9 else None


def _number(words: Sequence[str], index: int, missing: str) -> int:
    number = _whole(words[index]) if index < len(words) else None
    if number is None:
        raise ValueError(missing)
    return number


def _meld_index(words: Sequence[str], index: int, command: str) -> int:
    """The index into the table of the meld a person names by its number, from 1 (as the table is listed)."""
    number = _number(words, index, f"{command}: say the meld number")
    if number < 1:
        raise ValueError(f"{command}: melds are numbered from 1, as the table lists them")
    return number - 1


def _end(words: Sequence[str], index: int) -> End | None:
    if index >= len(words):
        return None
    word = words[index].lower()
    if word in ("low", "l"):
        return "low"
    if word in ("high", "h"):
        return "high"
    raise ValueError(f"{excerpt(words[index])} is not an end: say low or high")


def _for_people(exc: IllegalAction, melds: int) -> str:
    """The engine's refusal ``exc`` as this program shows it: a meld named by its number from 1, as
    the table is listed and as the person types it (the engine numbers the melds of ``state.table``
    from 0).  ``melds``: how many melds the table holds."""
    if exc.code == "no_such_meld" and exc.meld is not None:
        held = "no melds yet" if not melds else "only meld 1" if melds == 1 else f"melds 1-{melds}"
        return f"{type(exc.action).__name__}: there is no meld {excerpt(exc.meld + 1)} on the table ({held})"
    return exc.reason


def _cmd_play(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    rules = _rules_from(args)
    _check_players(rules, args.players)
    if not 0 <= args.seat < args.players:
        raise _UsageError(f"--seat: choose a seat from 0 to {args.players - 1}")
    _check_seeds(args.seed)
    kinds = _bot_kinds(args.bots, args.players)
    names = [f"seat {s} ({kinds[s]})" for s in range(args.players)]
    names[args.seat] = f"seat {args.seat} (you)"
    text = _text_for(args, out)
    narrator = _Narrator(out, text, names, verbose=True)
    table = Table.new(rules, args.players, seed=args.seed, on_step=narrator.step)
    state = table.state

    def judge(action: Action) -> str:
        try:
            check_action(table.state, action)
        except IllegalAction as exc:
            return _for_people(exc, len(table.state.table))
        return ""

    def read(prompt: str) -> str:
        print(prompt, end="", file=out, flush=True)
        line = _read_stdin(stdin.readline)
        if len(line) > MAX_DOCUMENT_SIZE:
            raise _UsageError(f"play: a line of standard input holds more than {MAX_DOCUMENT_SIZE:,} characters")
        if not line:
            print(file=out)
            raise EOFError
        if not stdin.isatty():
            print(line.rstrip("\n"), file=out)  # a transcript of scripted input reads like a session
        return line

    players = _make_bots(kinds, args.seed)
    players[args.seat] = _Human(read, out, text, judge, names)
    print(f"You are seat {args.seat}. Type 'help' at a prompt for the commands.", file=out)
    narrator.start(state)
    try:
        while not table.state.is_over:
            play_next(table, players)
    except _Quit:
        narrator.flush()
        print("\nGame abandoned.", file=out)
    _score_sheet(table.state, out, names)
    record = table.record
    assert record is not None
    _save_record(args.save, record, err)
    return 0


# ---------------------------------------------------------------------------
# replay


def _cmd_replay(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[str]) -> int:
    if args.file == "-":
        raw = _read_stdin(stdin.read)
    else:
        try:
            with open(args.file, encoding="utf-8") as handle:
                raw = handle.read()
        except OSError as exc:
            raise _UsageError(f"replay: cannot read {args.file}: {exc.strerror}") from None
        except UnicodeDecodeError as exc:
            raise _UsageError(f"replay: {args.file} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        record = from_json(raw, GameRecord)
    except SerializationError as exc:
        raise _UsageError(f"replay: {args.file} is not a game record: {exc}") from None
    narrator = _Narrator(out, _text_for(args, out), verbose=args.verbose)
    states = replay(record)
    before = next(states)
    narrator.start(before)
    index = 0
    try:
        for after in states:
            narrator.step(before, record.actions[index], after)
            before = after
            index += 1
    except ReplayError as exc:
        narrator.flush()
        print(f"The record stops being legal at action {exc.index}: {_for_people(exc, len(exc.state.table))}",
              file=out)
        _score_sheet(exc.state, out)
        return 1
    _score_sheet(before, out)
    return 0


# ---------------------------------------------------------------------------
# the parser and main


def _wrapped(text: str) -> str:
    """A description wrapped for a raw-text help formatter (which keeps the examples' lines)."""
    return textwrap.fill(text, width=79)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shanghai-rules",
        description="Shanghai Rummy rules engine: watch a demo game, check melds and contracts, "
                    "simulate computer players, play against them, or replay a saved game.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_demo(commands)
    _add_check(commands)
    _add_simulate(commands)
    _add_play(commands)
    _add_replay(commands)
    return parser


Commands = Any  # argparse's subparsers action, whose class argparse keeps private


def _add_demo(commands: Commands) -> None:
    demo = commands.add_parser("demo", help="watch a seeded game between computer players",
                               description="Play a seeded game between computer players and print it round "
                                           "by round: contracts, who went down with what, the table, who went "
                                           "out, and a score sheet with running totals.")
    _add_variant(demo)
    _add_seats(demo)
    demo.add_argument("--seed", "-s", type=int, default=1, help="the game's seed (default: 1)")
    demo.add_argument("--ascii", action="store_true", help="write cards in ASCII (10H, JK) instead of symbols")
    demo.add_argument("--verbose", action="store_true", help="also print every draw and discard")
    demo.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE, for 'replay'")


def _add_check(commands: Commands) -> None:
    check = commands.add_parser(
        "check", help="is this a legal meld; does this hand meet a round's contract",
        description=_wrapped(
            "Judge groups of cards under a variant's rules.  Without --round, each group is judged as "
            "a meld.  With --round N, the groups together are judged as round N's contract; with "
            "--round N --hand, each group is a hand searched for the contract.  Groups are given as "
            "arguments (several in one argument may be separated by '/' or '|') or, with no "
            "arguments, on standard input, one group per line.  Exit status: 0 legal, 1 not, "
            "2 bad input."),
        epilog='examples:\n'
               '  shanghai-rules check "4H 5H 6H JK"\n'
               '  shanghai-rules check --round 2 "9C 9D 9H / 4H 5H 6H 7H"\n'
               '  shanghai-rules check --variant isra --round 1 --hand "9C 9D 2H KS KD KH 4C"\n'
               '  printf "4H 5H 6H 7H\\nQS QD JK\\n" | shanghai-rules check',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _add_variant(check, rounds=False)
    check.add_argument("--round", "-r", type=int, default=None, metavar="N", help="judge against round N's contract")
    check.add_argument("--hand", action="store_true", help="with --round: each group is a whole hand to search")
    check.add_argument("--ascii", action="store_true", help="write cards in ASCII instead of symbols")
    check.add_argument("groups", nargs="*", metavar="GROUP", help='cards, e.g. "4H 5H 6H JK"')


def _add_simulate(commands: Commands) -> None:
    simulate = commands.add_parser(
        "simulate", help="play many games between computer players and summarise them",
        description="Play N seeded games (seeds SEED, SEED+1, ...) and print the mean score per seat, how "
                    "rounds ended, turns per round and games per second.  The same seeds give the same "
                    "totals whatever the number of worker processes.")
    _add_variant(simulate)
    _add_seats(simulate, default_bots="greedy")
    simulate.add_argument("--games", "-g", type=int, default=100, metavar="N", help="games to play (default: 100)")
    simulate.add_argument("--seed", "-s", type=int, default=0, help="the first game's seed (default: 0)")
    simulate.add_argument("--workers", "-w", type=int, default=1, metavar="N",
                          help=f"worker processes (default: 1; this machine has {os.cpu_count()} CPUs)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.add_argument("--quiet", "-q", action="store_true", help="no progress line")


def _add_play(commands: Commands) -> None:
    play = commands.add_parser(
        "play", help="play against computer players at the terminal",
        description="Play one seat against computer players.  Your hand and the table are shown with suit "
                    "symbols and your legal actions are numbered: type a number, or a command such as "
                    "'draw', 'QS' (discard it), 'down 9C 9D 9H / 4H 5H 6H 7H', 'off 7S 2'.  Type 'help' at "
                    "the prompt for the rest.  A refused move is explained and you are asked again.")
    _add_variant(play)
    _add_seats(play)
    play.add_argument("--seat", type=int, default=0, help="your seat (default: 0)")
    play.add_argument("--seed", "-s", type=int, default=1, help="the game's seed (default: 1)")
    play.add_argument("--ascii", action="store_true", help="write cards in ASCII instead of symbols")
    play.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE")


def _add_replay(commands: Commands) -> None:
    rep = commands.add_parser("replay", help="print a saved game record round by round",
                              description="Replay a game record (the JSON written by 'demo --save', 'play "
                                          "--save' or shanghai_rules.serialization.to_json) and print it round "
                                          "by round.  Exit status 1 if the record holds an illegal action.")
    rep.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    rep.add_argument("--ascii", action="store_true", help="write cards in ASCII instead of symbols")
    rep.add_argument("--verbose", action="store_true", help="also print every draw and discard")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    out, err, stdin = sys.stdout, sys.stderr, sys.stdin
    if args.command is None:
        parser.print_help(out)
        return 2
    try:
        if args.command == "demo":
            return _cmd_demo(args, out, err)
        if args.command == "check":
            return _cmd_check(args, out, err, stdin)
        if args.command == "simulate":
            return _cmd_simulate(args, out, err)
        if args.command == "play":
            return _cmd_play(args, out, err, stdin)
        return _cmd_replay(args, out, err, stdin)
    except _UsageError as exc:
        print(f"shanghai-rules {args.command}: error: {exc}", file=err)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
