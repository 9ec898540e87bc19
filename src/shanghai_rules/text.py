"""The game in words: :func:`describe`, :func:`score_sheet` and :func:`state_table`.

:func:`describe` gives one line of text for a card, a meld, a contract, an
action, an event (:mod:`shanghai_rules.events`), a state or a view;
:func:`state_table` the several lines that ``str(state)`` and ``str(view)``
print; :func:`score_sheet` the score sheet the command line prints.  Cards
are written with suit symbols (``10♥``, ``★`` for a joker), or, with
``ascii=True``, in their notation (``10H``, ``JK``).  Seats are ``seat 2``,
or the names given in ``names``; melds on the table are numbered from 1 in
the order laid (``meld 1`` is ``state.table[0]``).  Every action, event,
state and view also has this as its ``describe()`` method
(``sr.Discard(2, card).describe(ascii=True)``), as melds and contracts had.

>>> import shanghai_rules as sr
>>> from shanghai_rules.text import describe
>>> describe(sr.Discard(2, sr.parse_card("10h")))
'seat 2 discards 10♥'
>>> describe(sr.LayOff(0, sr.parse_card("jk"), 1, "low"), ascii=True, names=["Ann", "Bob"])
'Ann lays off JK on meld 2 (low end)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from .actions import (
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
from .cards import Card, dead_two
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
    GameEnded,
    LaidOff,
    RoundEnded,
    RoundStarted,
    StockRebuilt,
    SwappedWild,
    TookUpcard,
    WentDown,
    WithdrewBuy,
)
from .melds import Meld
from .rules import Contract
from .state import GameState, RoundFacts, RoundResult
from .table import Pass
from .views import PlayerView

__all__ = ["describe", "score_sheet", "state_table"]


@attrs.frozen
class _Words:
    """How to write cards and seats."""

    ascii: bool
    names: Sequence[str] | None

    def card(self, card: Card | None) -> str:
        if card is None:
            return "a hidden card"
        return str(card) if self.ascii else card.pretty

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards) if cards else "-"

    def meld(self, meld: Meld) -> str:
        return meld.describe(pretty=not self.ascii)

    def seat(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        if self.names is not None and 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return f"seat {seat}"

    def seats(self, seats: Sequence[int]) -> str:
        names = [self.seat(s) for s in seats]
        return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def _words(function: str, ascii: object, names: object) -> _Words:
    """How ``function`` writes cards and seats; :class:`~shanghai_rules.errors.IllegalAction`
    (``bad_argument``) where ``names`` is neither ``None`` nor a sequence of strings (a name a seat)."""
    if names is not None and (isinstance(names, str) or not isinstance(names, Sequence)
                              or not all(isinstance(name, str) for name in names)):
        raise IllegalAction(f"{function}: names: {excerpt(names)} is not a list of names, one a seat",
                            code="bad_argument")
    return _Words(bool(ascii), names)


def _plural(count: int | None, word: str) -> str:
    """``"1 card"``, ``"3 cards"``, ``"unlimited cards"`` (for ``None``)."""
    if count is None:
        return f"unlimited {word}s"
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _end(end: str | None) -> str:
    return f" ({end} end)" if end else ""


def _group(w: _Words, group: tuple[Card, ...] | Meld) -> str:
    return w.meld(group) if isinstance(group, Meld) else w.cards(group)


# ---------------------------------------------------------------------------
# actions

_ACTIONS: Final[dict[type[Any], Callable[[_Words, Any], str]]] = {
    DrawStock: lambda w, a: f"{w.seat(a.player)} draws from the stock",
    TakeDiscard: lambda w, a: f"{w.seat(a.player)} takes the upcard",
    Buy: lambda w, a: f"{w.seat(a.player)} asks to buy the upcard",
    WithdrawBuy: lambda w, a: f"{w.seat(a.player)} withdraws the request to buy the upcard",
    DeclineBuy: lambda w, a: f"{w.seat(a.player)} lets the upcard go",
    LayDown: lambda w, a: f"{w.seat(a.player)} goes down: " + " | ".join(_group(w, g) for g in a.melds),
    LayOff: lambda w, a: f"{w.seat(a.player)} lays off {w.card(a.card)} on meld {excerpt(a.meld + 1)}{_end(a.end)}",
    SwapWild: lambda w, a: f"{w.seat(a.player)} swaps {w.card(a.card)} for the wild in meld {excerpt(a.meld + 1)}",
    Discard: lambda w, a: f"{w.seat(a.player)} discards {w.card(a.card)}"
                          + (" and declares Shanghai" if a.shanghai else ""),
    CallShanghai: lambda w, a: f"{w.seat(a.player)} calls Shanghai: the last discard onto meld {excerpt(a.meld + 1)}"
                               + _end(a.end),
    Cut: lambda w, a: f"{w.seat(a.player)} cuts {_plural(a.count, 'card')} to the dealer",
    StartRound: lambda w, a: "the next round is dealt",
    Pass: lambda w, a: f"{w.seat(a.player)} lets the offer go",
}


# ---------------------------------------------------------------------------
# events


def _bought(w: _Words, e: Bought) -> str:
    shown = f" ({w.cards(e.penalty)})" if e.penalty else ""
    return (f"{w.seat(e.player)} buys {w.card(e.card)} with {_plural(e.penalty_count, 'penalty card')} from the "
            f"stock{shown}; {_plural(e.buys_left, 'buy')} left")


def _drew(w: _Words, e: DrewFromStock) -> str:
    if e.card is None:
        return f"{w.seat(e.player)} draws from the stock"
    return f"{w.seat(e.player)} draws {w.card(e.card)} from the stock"


def _called(w: _Words, e: CalledShanghai) -> str:
    given = "a card" if e.given is None else w.card(e.given)
    return (f"{w.seat(e.player)} calls Shanghai: {w.card(e.card)} goes onto meld {e.meld + 1}{_end(e.end)}, and "
            f"{w.seat(e.discarder)} takes {given} at random from {w.seat(e.player)}'s hand")


def _dealt(w: _Words, e: Dealt) -> str:
    flip = f"; the flip card is {w.card(e.upcard)}" if e.upcard is not None else ""
    own = [f"{w.seat(s)} holds {w.cards(hand)}" for s, hand in enumerate(e.hands) if hand is not None]
    held = "; " + "; ".join(own) if 0 < len(own) < len(e.hands) else ""
    stock = _plural(e.stock_size, "card")
    return f"{_plural(e.hand_size, 'card')} dealt to each seat{flip}; {stock} in the stock{held}"


def _how_ended(w: _Words, result: RoundResult) -> str:
    if result.went_out is not None:
        slam = " (a slam: down and out in one turn, nobody else down)" if result.slam else ""
        return f"{w.seat(result.went_out)} goes out{slam}"
    return {"stock": "the stock is dead, nobody out", "turn_limit": "the turn limit is reached, nobody out",
            "deadlock": "the stock runs out with nothing laid since it was last shuffled, nobody out",
            }.get(result.ended_by, "nobody out")


def _round_ended(w: _Words, e: RoundEnded) -> str:
    points = ", ".join(f"{w.seat(s)} +{p}" for s, p in enumerate(e.result.points))
    return f"round {e.result.round_number} ends: {_how_ended(w, e.result)}; {points}"


def _game_ended(w: _Words, e: GameEnded) -> str:
    if not e.winners:
        return "the game is over"
    verb = "share the win" if len(e.winners) > 1 else "wins"
    first = e.winners[0]
    points = f" with {e.scores[first]} points" if 0 <= first < len(e.scores) else ""  # (a made-up event may lack them)
    return f"the game is over: {w.seats(e.winners)} {verb}{points}"


def _rebuilt(w: _Words, e: StockRebuilt) -> str:
    fresh = f" and {_plural(e.fresh_decks, 'fresh deck')}" if e.fresh_decks else ""
    return f"the stock is rebuilt from the discard pile{fresh} (rebuild {e.times} this round)"


_EVENTS: Final[dict[type[Any], Callable[[_Words, Any], str]]] = {
    RoundStarted: lambda w, e: f"round {e.round_number} ({e.contract.describe()}): {w.seat(e.dealer)} deals",
    CardsCut: lambda w, e: f"{w.seat(e.player)} cuts {_plural(e.count, 'card')} to the dealer"
                           + (": exactly the deal" if e.exact else ""),
    Dealt: _dealt,
    StockRebuilt: _rebuilt,
    DrewFromStock: _drew,
    TookUpcard: lambda w, e: f"{w.seat(e.player)} takes {w.card(e.card)}",
    AskedToBuy: lambda w, e: f"{w.seat(e.player)} asks to buy {w.card(e.card)}",
    WithdrewBuy: lambda w, e: f"{w.seat(e.player)} withdraws the request to buy {w.card(e.card)}",
    DeclinedBuy: lambda w, e: f"{w.seat(e.player)} lets {w.card(e.card)} go",
    Bought: _bought,
    WentDown: lambda w, e: f"{w.seat(e.player)} goes down: " + " | ".join(w.meld(m) for m in e.melds),
    LaidOff: lambda w, e: f"{w.seat(e.player)} lays off {w.card(e.card)} on meld {e.meld + 1}{_end(e.end)}",
    SwappedWild: lambda w, e: f"{w.seat(e.player)} swaps {w.card(e.card)} for {w.card(e.wild)} in meld {e.meld + 1}",
    Discarded: lambda w, e: f"{w.seat(e.player)} discards {w.card(e.card)}"
                            + (f", dead from now on ({w.card(dead_two(e.card))})" if e.dies else "")
                            + (" and declares Shanghai" if e.shanghai else ""),
    CalledShanghai: _called,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}


# ---------------------------------------------------------------------------
# positions


def _phase(w: _Words, x: GameState | PlayerView) -> str:
    if x.phase == "cut":
        return f"{w.seat(x.cutter)} to cut"
    if x.phase == "draw":
        return f"{w.seat(x.turn)} to draw"
    if x.phase == "play":
        return f"{w.seat(x.turn)} to play and discard"
    if x.phase == "round_over":
        return "round over"
    return "game over"


def _upcard(w: _Words, x: GameState | PlayerView) -> str:
    if x.upcard is not None:
        return f"upcard {w.card(x.upcard)}"
    if not x.discard:
        return "no discard"
    dead = " (dead: Shanghai was declared or called on it)" if x.phase == "draw" else ""
    return f"top discard {w.card(x.discard[-1])}{dead}"


def _position(w: _Words, x: GameState | PlayerView) -> str:
    whose = f"{w.seat(x.player)}'s view: " if isinstance(x, PlayerView) else ""
    head = f"{whose}round {x.round_number} of {x.rules.rounds} ({x.contract.describe()}): {_phase(w, x)}"
    scores = "; scores " + " ".join(str(s) for s in x.scores)
    if x.phase in ("round_over", "game_over"):
        return head + scores
    return f"{head}; {_upcard(w, x)}; stock {x.stock_size}; {_plural(len(x.table), 'meld')} on the table{scores}"


def describe(thing: object, *, ascii: bool = False, names: Sequence[str] | None = None) -> str:
    """One line of text for ``thing``: a card, a meld, a contract, an action (or a
    :class:`~shanghai_rules.table.Pass`, a seat's answer to a table's offers), an event, a
    :class:`~shanghai_rules.state.GameState` or a :class:`~shanghai_rules.views.PlayerView` (a summary).

    ``ascii=True`` writes cards in their notation instead of with suit symbols;
    ``names`` names the seats (``names[2]`` for seat 2; ``seat 2`` where absent).
    A card hidden from the seat an event was redacted for is "a hidden card",
    or left out where the sentence reads as well without it ("seat 1 draws from
    the stock").  A meld is described as :meth:`Meld.describe
    <shanghai_rules.melds.Meld.describe>` does (``pretty`` is ``not ascii``).

    >>> import shanghai_rules as sr
    >>> from shanghai_rules.text import describe
    >>> describe(sr.new_game(sr.PAGAT7, players=4, seed=7))
    'round 1 of 7 (2 sets of 3): seat 1 to draw; upcard 5♥; stock 63; 0 melds on the table; scores 0 0 0 0'

    Raises :class:`~shanghai_rules.errors.IllegalAction` (``bad_argument``) for anything else, and
    for ``names`` that are not a sequence of strings.
    """
    w = _words("describe", ascii, names)
    kind = type(thing)
    if isinstance(thing, Card):
        return w.card(thing)
    if isinstance(thing, Meld):
        return w.meld(thing)
    if isinstance(thing, Contract):
        return thing.describe()
    if isinstance(thing, (GameState, PlayerView)):
        return _position(w, thing)
    words = _ACTIONS.get(kind) or _EVENTS.get(kind)
    if words is None:
        raise IllegalAction(f"describe: {excerpt(thing)} is not a card, meld, contract, action, pass, event, "
                            "state or view", code="bad_argument")
    return words(w, thing)


# ---------------------------------------------------------------------------
# tables


def _seat_rows(w: _Words, x: GameState | PlayerView) -> list[str]:
    labels = [w.seat(s) for s in range(x.players)]
    width = max(len(label) for label in labels) + 2
    sizes = [len(h) for h in x.hands] if isinstance(x, GameState) else list(x.hand_sizes)
    rows = [f"  {'':<{width}}  cards  down  buys  score" + ("  hand" if isinstance(x, GameState) else "")]
    for seat in range(x.players):
        mark = ">" if x.phase in ("draw", "play") and seat == x.turn else " "
        buys = "-" if x.buys_left[seat] is None else str(x.buys_left[seat])
        row = (f"  {mark}{labels[seat]:<{width - 1}}  {sizes[seat]:>5}  {'yes' if x.down[seat] else 'no':>4}  "
               f"{buys:>4}  {x.scores[seat]:>5}")
        if isinstance(x, GameState):
            row += f"  {w.cards(x.hands[seat])}"
        rows.append(row)
    return rows


def _check_position(name: str, x: object) -> None:
    """:class:`~shanghai_rules.errors.IllegalAction` (``bad_argument``) where ``x`` is neither a state nor a view."""
    if not isinstance(x, (GameState, PlayerView)):
        raise IllegalAction(f"{name}: {excerpt(x)} is not a GameState or a PlayerView", code="bad_argument")


def state_table(x: GameState | PlayerView, *, ascii: bool = False, names: Sequence[str] | None = None) -> str:
    """The position as a few lines of text: the round, its contract and what the game waits for, the
    upcard and the stock, the melds on the table, and a row per seat (cards held, down or not, buys
    left, score; for a state, the cards themselves; ``>`` marks the seat on turn); a view adds the
    seat's own hand.  ``str(state)`` and ``str(view)`` are this with the defaults.
    """
    _check_position("state_table", x)
    w = _words("state_table", ascii, names)
    lines = [f"Round {x.round_number} of {x.rules.rounds} ({x.rules.name}): {x.contract.describe()}",
             f"  {_phase(w, x)}; dealer {w.seat(x.dealer)}; {_upcard(w, x)}; stock {x.stock_size}",
             "  Table:" if x.table else "  Table: nothing laid down"]
    lines += [f"    {i:>2}. {w.seat(tm.owner)}: {w.meld(tm.meld)}" for i, tm in enumerate(x.table, 1)]
    lines += _seat_rows(w, x)
    if isinstance(x, PlayerView):
        lines.append(f"  {w.seat(x.player)}'s hand: {w.cards(x.hand)}")
    return "\n".join(lines)


def score_sheet(x: RoundFacts, names: Sequence[str] | None = None, *, ascii: bool = False) -> str:
    """The score sheet of a state or a view: one row per finished round, with its contract and each seat's
    points and running total (``*`` marks the seat that went out), and the winners once the game is over.
    ``names`` names the seats; the sheet holds no card, so ``ascii`` (taken as :func:`describe` takes it)
    changes nothing.

    >>> import shanghai_rules as sr
    >>> from shanghai_rules.text import score_sheet
    >>> print(score_sheet(sr.new_game(sr.PAGAT7, players=3, seed=1)))
    Score sheet (points this round, running total; * went out)
      round  contract                                   seat 0        seat 1        seat 2
    Game not finished: 0 of 7 rounds played.
    """
    _check_position("score_sheet", x)
    w = _words("score_sheet", ascii, names)
    rules = x.rules
    players = len(x.scores)
    labels = [w.seat(s) for s in range(players)]
    width = max(12, *(len(label) for label in labels))
    played = rules.contracts[: len(x.round_results)] or rules.contracts
    contract_width = max(len(c.describe()) for c in played)
    lines = ["Score sheet (points this round, running total; * went out)",
             f"  {'round':<5}  {'contract':<{contract_width}}" + "".join(f"  {label:>{width}}" for label in labels)]
    totals = [0] * players
    for result in x.round_results:
        cells = []
        for seat in range(players):
            totals[seat] += result.points[seat]
            mark = "*" if result.went_out == seat else " "
            cells.append(f"{'+' + str(result.points[seat]):>5}{mark}{totals[seat]:>{width - 6}}")
        contract = rules.contract(result.round_number).describe()
        lines.append(f"  {result.round_number:<5}  {contract:<{contract_width}}" + "".join(f"  {c}" for c in cells))
    if x.is_over:
        lines.append(_game_ended(w, GameEnded(x.scores, x.winners)).replace("the game is over: ", "", 1) + ".")
    else:
        lines.append(f"Game not finished: {len(x.round_results)} of {rules.rounds} rounds played.")
    return "\n".join(lines)
