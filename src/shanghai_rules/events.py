"""Game events: what happened in one step of a game, as typed values.

:func:`step_events` turns one step, ``(before, action, after)`` with
``after == apply(before, action)``, into the events it made, in order: an
action may make several (a draw from the stock settles a buy, rebuilds the
stock and draws; a discard may end the round and the game).
:func:`opening_events` gives those of a game's start (the round begins, the
deal).  Events are frozen values that compare equal field by field.

Every event is the whole truth, as the full state knows it.  :func:`redact`
gives what one seat may know of an event, exactly as
:func:`~shanghai_rules.views.observe` redacts a state: a card only the
acting seat saw (the card drawn from the stock, bought penalty cards, the card
a Shanghai caller gives away, another seat's dealt or left-over hand) becomes
``None``; everything else is public.  :func:`events_for` is the events of a
step as one seat sees them; ``redact(event, None)`` is what a spectator who
sees no hand may know.

>>> import shanghai_rules as sr
>>> from shanghai_rules.events import events_for, step_events
>>> state = sr.new_game(sr.PAGAT7, players=4, seed=7)
>>> after = sr.apply(state, sr.DrawStock(1))
>>> step_events(state, sr.DrawStock(1), after)
(DrewFromStock(player=1, card=parse_card('AH')),)
>>> events_for(2, state, sr.DrawStock(1), after)
(DrewFromStock(player=1, card=None),)

Events serialise to JSON with :mod:`shanghai_rules.event_json`, and read
aloud with :func:`shanghai_rules.text.describe`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from ._describable import Describable
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
from .cards import Card
from .engine.discard import card_on_the_pile
from .errors import IllegalAction, excerpt
from .melds import End, Meld
from .rules import Contract
from .state import GameState, RoundResult

__all__ = [
    "EVENT_TYPES",
    "AskedToBuy",
    "Bought",
    "CalledShanghai",
    "CardsCut",
    "Dealt",
    "DeclinedBuy",
    "Discarded",
    "DrewFromStock",
    "Event",
    "GameEnded",
    "LaidOff",
    "RoundEnded",
    "RoundStarted",
    "StockRebuilt",
    "SwappedWild",
    "TookUpcard",
    "WentDown",
    "WithdrewBuy",
    "events_for",
    "opening_events",
    "redact",
    "step_events",
]

Hands = tuple[tuple[Card, ...] | None, ...]
"""One entry per seat: the seat's cards, or ``None`` where they are hidden."""


@attrs.frozen
class RoundStarted(Describable):
    """A round begins (at the start of the game, and on :class:`~shanghai_rules.actions.StartRound`)."""

    round_number: int
    """The round (1-based)."""
    dealer: int
    """The seat that deals it."""
    contract: Contract
    """The round's contract."""


@attrs.frozen
class CardsCut(Describable):
    """The cut before the deal (rules: the deal)."""

    player: int
    """The seat that cut."""
    count: int
    """How many cards the cut gave the dealer."""
    exact: bool
    """The cut gave exactly the dealt cards and the flip card: every other seat takes the cut penalty."""


@attrs.frozen
class Dealt(Describable):
    """The cards are dealt and the flip card turned."""

    hand_size: int
    """Cards dealt to each seat."""
    hands: Hands
    """Each seat's dealt hand, sorted; ``None`` where hidden from the seat the event was redacted for."""
    upcard: Card | None
    """The flip card, the first upcard."""
    stock_size: int
    """Cards left in the stock."""


@attrs.frozen
class StockRebuilt(Describable):
    """The stock ran out and was rebuilt from the discard pile (and fresh decks, where the rules add them)."""

    times: int
    """Times the stock has been rebuilt this round, this one included."""
    fresh_decks: int
    """Fresh decks added in this rebuild (``Rules.fresh_deck_when_empty``)."""


@attrs.frozen
class DrewFromStock(Describable):
    """The player on turn drew the top card of the stock."""

    player: int
    """The seat that drew."""
    card: Card | None
    """The card drawn; ``None`` for every other seat."""


@attrs.frozen
class TookUpcard(Describable):
    """The player on turn took the upcard (free, not a buy)."""

    player: int
    """The seat that took it."""
    card: Card
    """The upcard."""


@attrs.frozen
class AskedToBuy(Describable):
    """A seat asked to buy the upcard ("May I?"): a request, settled at the draw."""

    player: int
    """The seat asking."""
    card: Card
    """The upcard."""


@attrs.frozen
class WithdrewBuy(Describable):
    """A seat took back its request to buy the upcard."""

    player: int
    """The seat withdrawing."""
    card: Card
    """The upcard."""


@attrs.frozen
class DeclinedBuy(Describable):
    """The seat offered the upcard let it go (where offers go one seat at a time)."""

    player: int
    """The seat declining."""
    card: Card
    """The upcard."""


@attrs.frozen
class Bought(Describable):
    """A buy was settled: the buyer took the upcard and penalty cards from the stock (rules: buying)."""

    player: int
    """The buyer."""
    card: Card
    """The upcard bought."""
    penalty: tuple[Card, ...] | None
    """The penalty cards, sorted; ``None`` for every seat but the buyer."""
    penalty_count: int
    """How many penalty cards the buyer took (public)."""
    buys_left: int | None
    """The buyer's buys left this round (``None``: unlimited)."""


@attrs.frozen
class WentDown(Describable):
    """A seat laid down its contract."""

    player: int
    """The seat going down."""
    melds: tuple[Meld, ...]
    """The melds laid, as arranged on the table."""
    first_meld: int
    """The index in ``state.table`` of the first of them; the others follow it."""


@attrs.frozen
class LaidOff(Describable):
    """A seat added a card to a meld on the table."""

    player: int
    """The seat laying off."""
    card: Card
    """The card."""
    meld: int
    """The index of the meld in ``state.table``."""
    end: End | None = None
    """The end of the run the card joined (``"low"`` or ``"high"``); ``None`` for a set."""


@attrs.frozen
class SwappedWild(Describable):
    """A seat gave a natural card to a meld and took the wild it stood for (rules: swapping a joker)."""

    player: int
    """The seat swapping."""
    card: Card
    """The natural card given to the meld."""
    meld: int
    """The index of the meld in ``state.table``."""
    wild: Card
    """The wild taken from the meld."""


@attrs.frozen
class Discarded(Describable):
    """The player on turn discarded, ending the turn."""

    player: int
    """The seat discarding."""
    card: Card
    """The card discarded."""
    shanghai: bool
    """Shanghai was declared on it: no one may take or buy it (rules: the Shanghai call)."""
    dies: bool = False
    """A wild 2 that died as it was discarded (``Rules.discarded_twos_die``): the pile holds its dead 2."""


@attrs.frozen
class CalledShanghai(Describable):
    """A seat called Shanghai on the last discard: the card went onto a meld, and the discarder took a
    card at random from the caller's hand (rules: the Shanghai call)."""

    player: int
    """The caller."""
    card: Card
    """The discard that went onto the meld."""
    meld: int
    """The index of the meld in ``state.table``."""
    discarder: int
    """The seat that discarded the card and took one from the caller."""
    given: Card | None
    """The card the discarder took; ``None`` for every seat but the caller and the discarder."""
    end: End | None = None
    """The end of the run the discard joined (``"low"`` or ``"high"``); ``None`` for a set."""


@attrs.frozen
class RoundEnded(Describable):
    """A round ended: how, what each seat scored, and the cards left in hand."""

    result: RoundResult
    """The round's result, as in ``state.round_results``."""
    hands: Hands
    """The cards each seat still held; ``None`` where hidden from the seat the event was redacted for."""
    scores: tuple[int, ...]
    """The running totals after the round."""


@attrs.frozen
class GameEnded(Describable):
    """The last round ended: the game is over."""

    scores: tuple[int, ...]
    """The final totals."""
    winners: tuple[int, ...]
    """The seats with the lowest total (a tie shares the win)."""


Event = (
    RoundStarted | CardsCut | Dealt | StockRebuilt | DrewFromStock | TookUpcard | AskedToBuy | WithdrewBuy
    | DeclinedBuy | Bought | WentDown | LaidOff | SwappedWild | Discarded | CalledShanghai | RoundEnded | GameEnded
)
"""Any event."""

EVENT_TYPES: Final[tuple[type[Any], ...]] = (
    RoundStarted, CardsCut, Dealt, StockRebuilt, DrewFromStock, TookUpcard, AskedToBuy, WithdrewBuy, DeclinedBuy,
    Bought, WentDown, LaidOff, SwappedWild, Discarded, CalledShanghai, RoundEnded, GameEnded,
)
"""Every event class, in the order of :data:`Event`."""


# ---------------------------------------------------------------------------
# what a step did


def _gained(after: Sequence[Card], before: Sequence[Card]) -> tuple[Card, ...]:
    """The cards in ``after`` and not in ``before`` (as multisets), sorted."""
    return tuple(sorted((Counter(after) - Counter(before)).elements()))


def _ended(phase: str) -> bool:
    return phase in ("round_over", "game_over")


def _deal(state: GameState) -> Dealt:
    return Dealt(hand_size=state.rules.hand_size_for(state.round_number), hands=state.hands,
                 upcard=state.discard[-1] if state.discard else None, stock_size=len(state.stock))


def _round_start(state: GameState) -> list[Event]:
    started: list[Event] = [RoundStarted(state.round_number, state.dealer, state.contract)]
    if state.phase != "cut":
        started.append(_deal(state))
    return started


def _rebuilds(before: GameState, after: GameState) -> list[Event]:
    """One event for each rebuild of the step, in order.  Each rebuild adds one fresh deck or none
    (:func:`~shanghai_rules.engine.stock.rebuilt`), and adds one only where the pile held no card to
    shuffle; within a step no card joins the pile, so the rebuilds from the pile (one at most) come
    before those from fresh decks."""
    count = after.stock_rebuilt - before.stock_rebuilt
    fresh = after.fresh_decks - before.fresh_decks
    return [StockRebuilt(before.stock_rebuilt + n, 1 if n > count - fresh else 0) for n in range(1, count + 1)]


def _purchase(before: GameState, after: GameState) -> list[Event]:
    """The buy settled in this step, if one was (at the draw from the stock, or at the discard)."""
    if not before.buy_requests or after.buy_requests:
        return []
    players = len(before.hands)
    seat = min(before.buy_requests, key=lambda s: (s - before.turn) % players)
    card = before.discard[-1]
    gained = list(_gained(after.hands[seat], before.hands[seat]))
    gained.remove(card)
    return [Bought(seat, card, tuple(gained), len(gained), after.buys_left[seat])]


def _draw(before: GameState, action: DrawStock, after: GameState) -> list[Event]:
    # the buyer takes the upcard first, then the penalty cards (and the draw) from the stock, which is
    # rebuilt where it runs out
    happened = _purchase(before, after) + _rebuilds(before, after)
    drawn = _gained(after.hands[action.player], before.hands[action.player])
    if drawn:
        happened.append(DrewFromStock(action.player, drawn[0]))
    return happened


def _take(before: GameState, action: TakeDiscard, after: GameState) -> list[Event]:
    return [TookUpcard(action.player, before.discard[-1])]


def _ask(before: GameState, action: Buy, after: GameState) -> list[Event]:
    return [AskedToBuy(action.player, before.discard[-1])]


def _withdraw(before: GameState, action: WithdrawBuy, after: GameState) -> list[Event]:
    return [WithdrewBuy(action.player, before.discard[-1])]


def _decline(before: GameState, action: DeclineBuy, after: GameState) -> list[Event]:
    return [DeclinedBuy(action.player, before.discard[-1])]


def _lay_down(before: GameState, action: LayDown, after: GameState) -> list[Event]:
    laid = after.table[len(before.table):]
    return [WentDown(action.player, tuple(tm.meld for tm in laid), len(before.table))]


def _joined_end(before: GameState, after: GameState, index: int) -> End | None:
    """The end of the run at ``index`` that one card joined between the two states (``None``: a set)."""
    old, new = before.table[index].meld, after.table[index].meld
    if new.kind == "set":
        return None
    return "low" if new.start < old.start else "high"


def _lay_off(before: GameState, action: LayOff, after: GameState) -> list[Event]:
    return [LaidOff(action.player, action.card, action.meld, _joined_end(before, after, action.meld))]


def _swap(before: GameState, action: SwapWild, after: GameState) -> list[Event]:
    old, new = before.table[action.meld].cards, after.table[action.meld].cards
    wild = next(card for card, now in zip(old, new, strict=True) if card != now)
    return [SwappedWild(action.player, action.card, action.meld, wild)]


def _discard(before: GameState, action: Discard, after: GameState) -> list[Event]:
    return [*_purchase(before, after), *_rebuilds(before, after),
            Discarded(action.player, action.card, action.shanghai,
                      card_on_the_pile(action.card, before.rules) is not action.card)]


def _call(before: GameState, action: CallShanghai, after: GameState) -> list[Event]:
    discarder = before.discarder if before.discarder is not None else action.player
    given = _gained(before.hands[action.player], after.hands[action.player])
    return [CalledShanghai(action.player, before.discard[-1], action.meld, discarder, given[0] if given else None,
                           _joined_end(before, after, action.meld))]


def _cut(before: GameState, action: Cut, after: GameState) -> list[Event]:
    exact = after.cut is not None and after.cut[1]
    return [CardsCut(action.player, action.count, exact), _deal(after)]


def _start(before: GameState, action: StartRound, after: GameState) -> list[Event]:
    return _round_start(after)


_STEPS: Final[dict[type[Any], Callable[[GameState, Any, GameState], list[Event]]]] = {
    DrawStock: _draw, TakeDiscard: _take, Buy: _ask, WithdrawBuy: _withdraw, DeclineBuy: _decline,
    LayDown: _lay_down, LayOff: _lay_off, SwapWild: _swap, Discard: _discard, CallShanghai: _call, Cut: _cut,
    StartRound: _start,
}


def _endings(before: GameState, after: GameState) -> list[Event]:
    endings: list[Event] = []
    if _ended(after.phase) and not _ended(before.phase):
        endings.append(RoundEnded(after.round_results[-1], after.hands, after.scores))
    if after.phase == "game_over" and before.phase != "game_over":
        endings.append(GameEnded(after.scores, after.winners))
    return endings


def step_events(before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
    """The events of one step: ``after`` is ``apply(before, action)``.

    Every event is whole (no card hidden): :func:`redact` or :func:`events_for`
    give what a seat may know of them.  The order is the order things happen
    in: a buy settled at the draw comes before the draw; a round's end after
    the action that ended it, and the game's end after that.

    Raises :class:`~shanghai_rules.errors.IllegalAction` (a :class:`ValueError`, ``bad_argument``) if
    ``before`` or ``after`` is not a game state, ``action`` not an action, or ``after`` not one move
    on from ``before`` (``GameState.move_number``; an ``after`` at move 0, as a version-1 document
    reads, is taken as it is).  The step itself is not judged again: an ``after`` that ``apply`` did
    not make gives events that may not mean anything, or that refusal where they cannot be told at all.
    """
    for name, value in (("before", before), ("after", after)):
        if not isinstance(value, GameState):
            raise IllegalAction(f"step_events: {name} {excerpt(value)} is not a GameState", code="bad_argument")
    step = _STEPS.get(type(action))
    if step is None:
        raise IllegalAction(f"step_events: {excerpt(action)} is not an action", code="bad_argument")
    # (two states read from version-1 documents, which counted no moves, are both at move 0)
    if after.move_number != before.move_number + 1 and after.move_number != 0:
        raise IllegalAction(f"step_events: after is move {after.move_number}, not the move after {before.move_number}",
                            action, code="bad_argument")
    try:
        return (*step(before, action, after), *_endings(before, after))
    except IllegalAction:
        raise
    except (IndexError, StopIteration, ValueError):
        raise IllegalAction(f"step_events: after is not the state {type(action).__name__} makes of before",
                            action, code="bad_argument") from None


def opening_events(state: GameState) -> tuple[Event, ...]:
    """The events of a game's start, for a state made by :func:`~shanghai_rules.engine.new_game`: the first
    round begins, and (unless the rules have a cut first) the deal.

    >>> import shanghai_rules as sr
    >>> from shanghai_rules.events import opening_events, redact
    >>> first, deal = opening_events(sr.new_game(sr.PAGAT7, players=4, seed=7))
    >>> first.round_number, first.dealer, first.contract.describe()
    (1, 0, '2 sets of 3')
    >>> redact(deal, 0).hands[1:]
    (None, None, None)
    """
    if not isinstance(state, GameState):
        raise IllegalAction(f"opening_events: {excerpt(state)} is not a GameState", code="bad_argument")
    return tuple(_round_start(state))


# ---------------------------------------------------------------------------
# what a seat may know


def _hands_for(hands: Hands, seat: int | None) -> Hands:
    return tuple(hand if s == seat else None for s, hand in enumerate(hands))


def redact(event: Event, seat: int | None) -> Event:
    """What ``seat`` may know of ``event`` (``None``: a spectator, who sees no hand).

    Exactly what :func:`~shanghai_rules.views.observe` hides is hidden: the card
    drawn from the stock and bought penalty cards from all but the seat that
    took them, the card a Shanghai caller gives away from all but the caller and
    the discarder, and each hand dealt or left at a round's end from all but
    its seat.  Hidden cards become ``None``; every other field is kept.  Redacting
    twice changes nothing more.

    Raises :class:`~shanghai_rules.errors.IllegalAction` (a :class:`ValueError`) for
    what is not an event, or a seat that is not ``None`` or a whole number from 0.
    """
    if type(event) not in EVENT_TYPES:
        raise IllegalAction(f"redact: {excerpt(event)} is not an event", code="bad_argument")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise IllegalAction(f"redact: {excerpt(seat)} is not a seat", code="no_such_seat")
    if isinstance(event, DrewFromStock) and seat != event.player:
        return attrs.evolve(event, card=None)
    if isinstance(event, Bought) and seat != event.player:
        return attrs.evolve(event, penalty=None)
    if isinstance(event, CalledShanghai) and seat not in (event.player, event.discarder):
        return attrs.evolve(event, given=None)
    if isinstance(event, (Dealt, RoundEnded)):
        return attrs.evolve(event, hands=_hands_for(event.hands, seat))
    return event


def events_for(seat: int | None, before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
    """The events of one step as ``seat`` may know them (``None``: a spectator):
    :func:`step_events`, each :func:`redact`-ed.

    Raises :class:`~shanghai_rules.errors.IllegalAction` if ``seat`` is not one
    of the game's seats (or ``None``).
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(getattr(before, "hands", ()))):
        raise IllegalAction(f"events_for: {excerpt(seat)} is not a seat of the game", code="no_such_seat")
    return tuple(redact(event, seat) for event in step_events(before, action, after))
