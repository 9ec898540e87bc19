"""Buying the upcard ("May I?"; rules: buying).

While the buy window is open (:func:`buy_window_open`: before the player on turn
draws, and, where ``Rules.buy_window`` is ``"until_discard"`` and they drew from
the stock, on until their discard), any other eligible player may ask to buy the
upcard; the request is only a request, and may be withdrawn.  If the player on
turn takes the upcard, every request lapses; as they draw from the stock, or
(requests made after that draw) as they discard, the request of the asking
player who comes first in turn order after them wins, and that player takes the
upcard and ``Rules.buy_penalty_cards`` from the stock.  Eligible: not on turn, not the
discarder of that card (unless ``Rules.discarder_may_buy``), buys left this round
(``Rules.buy_limits``), not down where ``Rules.buy_after_down`` is false, and,
where ``Rules.buy_needs_stock``, only while the stock holds more cards than the
penalty; a seat that withdrew may not ask again for that card.
"""

from __future__ import annotations

from typing import Final, Protocol

from ..actions import Buy, DeclineBuy, WithdrawBuy
from ..cards import Card
from ..errors import IllegalAction
from ..refusals import Reason, Refusal
from ..rules import Rules
from ..state import GameState
from .hands import add_cards
from .stock import Pile, pile_of, take_from_stock
from .successor import Change

__all__ = ["BuyFacts", "buy", "buy_refusal", "buy_window_open", "buyer", "buys_after", "buys_until_discard",
           "decline_buy",
           "decline_refusal", "offered_seat", "seat_buy_refusal", "settle_buy", "turn_of_offer_refusal",
           "upcard_live_after_draw", "withdraw_buy", "withdraw_refusal"]


class BuyFacts(Protocol):
    """What the buy rule asks of a position: a state, or a seat's view of one."""

    @property
    def rules(self) -> Rules: ...
    @property
    def turn(self) -> int: ...
    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def upcard_live(self) -> bool: ...
    @property
    def discarder(self) -> int | None: ...
    @property
    def buys_left(self) -> tuple[int | None, ...]: ...
    @property
    def down(self) -> tuple[bool, ...]: ...
    @property
    def buy_requests(self) -> tuple[int, ...]: ...
    @property
    def buy_withdrawn(self) -> tuple[int, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def phase(self) -> str: ...


def buys_until_discard(rules: Rules) -> bool:
    """Do buys go on after the draw from the stock, until the discard (``Rules.buy_window`` is
    ``"until_discard"``)?  Otherwise they close at the draw."""
    return rules.buy_window == "until_discard"


def buy_window_open(x: BuyFacts) -> bool:
    """May the upcard be bought now, by the phase: before the draw, and, where ``Rules.buy_window`` is
    ``"until_discard"``, in the play phase while the upcard stays live (the player on turn drew from
    the stock, and no buy was settled by that draw)."""
    return x.phase == "draw" or (x.phase == "play" and x.upcard_live and buys_until_discard(x.rules))


def upcard_live_after_draw(state: GameState, pile: Pile) -> bool:
    """Does the upcard stay live (buyable) once the player on turn has drawn from the stock, leaving
    ``pile``?  Only where ``Rules.buy_window`` is ``"until_discard"``, the upcard was live, no buy
    was settled by the draw, and the pile still holds it (a rebuild of the stock may have taken the
    whole pile).  The withdrawals from it stay with it."""
    return buys_until_discard(state.rules) and state.upcard_live and not state.buy_requests and bool(pile.discard)


_ON_TURN: Final = Reason("buy_on_turn", "the player on turn does not buy the upcard: they take it free, or draw "
                                        "instead (rules: buying)")
_NO_UPCARD: Final = Reason("no_upcard", "there is no upcard to buy")
_OWN_DISCARD: Final = Reason("buy_own_discard", "a player may not buy back their own discard under these rules")
_NO_BUYS: Final = Reason("no_buys_left", "no buys left this round (rules: buying)")
_WHEN_DOWN: Final = Reason("buy_when_down", "a player who is down may not buy under these rules")
_ASKED: Final = Reason("buy_already_asked", "this seat has already asked to buy this card")
_WITHDREW: Final = Reason("buy_withdrawn", "this seat withdrew its request for this card and may not ask again")
_CLOSED_AT_DISCARD: Final = Reason("buy_closed", "a buy is asked for only until the player on turn takes the upcard "
                                                 "or covers it with a discard")
_CLOSED_AT_DRAW: Final = Reason("buy_closed", "a buy is asked for only before the player on turn draws "
                                              "(rules: buying)")
_TO_NO_ONE: Final = Reason("not_offered", "the upcard is offered to no one now: a seat has asked for it, or no seat "
                                          "may buy it")
_AT_ONCE: Final = Reason("offers_at_once", "under these rules the upcard is offered to every seat at once: a seat "
                                           "that does not buy does nothing")
_NOT_ON_OFFER: Final = Reason("no_upcard", "no upcard is on offer now")


def seat_buy_refusal(x: BuyFacts, seat: int, *, asking: bool = True) -> Refusal:
    """Why ``seat``, a seat of ``x``, may not ask to buy its upcard now, before the player on turn
    draws (empty if it may).  ``asking=False``: whether it may buy the card at all, whatever it
    asked before (as a seat that has asked must)."""
    if seat == x.turn:
        return _ON_TURN
    if not x.discard or not x.upcard_live:
        return _NO_UPCARD
    if seat == x.discarder and not x.rules.discarder_may_buy:
        return _OWN_DISCARD
    left = x.buys_left[seat]
    if left is not None and left <= 0:
        return _NO_BUYS
    if x.down[seat] and not x.rules.buy_after_down:
        return _WHEN_DOWN
    if x.rules.buy_needs_stock and x.stock_size <= x.rules.buy_penalty_cards:
        return Reason("buy_stock_low", f"under these rules no buy is made while the stock holds "
                                       f"{x.rules.buy_penalty_cards} cards or fewer ({x.stock_size} now)")
    if asking and seat in x.buy_requests:
        return _ASKED
    if asking and seat in x.buy_withdrawn:
        return _WITHDREW
    return ""


def buy_refusal(state: GameState, seat: int) -> Refusal:
    """Why ``seat`` may not ask to buy the upcard now (empty if it may)."""
    if not buy_window_open(state):
        if buys_until_discard(state.rules):
            return _CLOSED_AT_DISCARD
        return _CLOSED_AT_DRAW
    if seat >= len(state.hands):
        return Reason("no_such_seat", f"there is no seat {seat}")
    return seat_buy_refusal(state, seat) or turn_of_offer_refusal(state, seat)


def offered_seat(x: BuyFacts) -> int | None:
    """Where buy offers go one seat at a time (``Rules.buy_offers == "in_turn"``): the seat offered the
    upcard now, the first after the player on turn, in turn order, that may buy it and has not let it
    go; ``None`` once a seat has asked for it, or where no seat may."""
    if x.buy_requests:
        return None
    seats = len(x.buys_left)
    for k in range(1, seats):
        seat = (x.turn + k) % seats
        if seat not in x.buy_withdrawn and not seat_buy_refusal(x, seat, asking=False):
            return seat
    return None


def turn_of_offer_refusal(x: BuyFacts, seat: int) -> Refusal:
    """Why it is not ``seat``'s turn to be offered the upcard (empty if it is, or where offers go to
    every seat at once)."""
    if x.rules.buy_offers != "in_turn":
        return ""
    offered = offered_seat(x)
    if offered == seat:
        return ""
    if offered is None:
        return _TO_NO_ONE
    return Reason("not_offered", f"buy offers go one seat at a time under these rules: the upcard is offered to seat "
                                 f"{offered} now")


def decline_refusal(state: GameState, seat: int) -> Refusal:
    """Why ``seat`` may not let the upcard go now (empty if it may): only the seat offered it, where
    offers go one seat at a time."""
    if state.rules.buy_offers != "in_turn":
        return _AT_ONCE
    if not buy_window_open(state) or not state.upcard_live:
        return _NOT_ON_OFFER
    if seat >= len(state.hands):
        return Reason("no_such_seat", f"there is no seat {seat}")
    return turn_of_offer_refusal(state, seat)


# the changes the buy window makes to a state
_REQUESTED: Final = Change("buy_requests")
_WITHDRAWN: Final = Change("buy_withdrawn")
_TAKEN_BACK: Final = Change("buy_requests", "buy_withdrawn")


def decline_buy(state: GameState, action: DeclineBuy) -> GameState:
    """The seat offered the upcard lets it go; the next seat is offered it (it may not ask for it again)."""
    reason = decline_refusal(state, action.player)
    if reason:
        raise IllegalAction(f"DeclineBuy: {reason}", action, code=reason.code)
    return _WITHDRAWN(state, (*state.buy_withdrawn, action.player))


def withdraw_refusal(state: GameState, seat: int) -> Refusal:
    """Why ``seat`` may not withdraw a buy request now (empty if it may)."""
    if not buy_window_open(state) or seat not in state.buy_requests:
        return Reason("no_buy_request", f"seat {seat} has no buy request to withdraw")
    return ""


def buy(state: GameState, action: Buy) -> GameState:
    """A buy request: only a request until the player on turn draws from the stock (or discards)."""
    reason = buy_refusal(state, action.player)
    if reason:
        raise IllegalAction(f"Buy: {reason}", action, code=reason.code)
    return _REQUESTED(state, (*state.buy_requests, action.player))


def withdraw_buy(state: GameState, action: WithdrawBuy) -> GameState:
    """Take back a buy request before it is settled."""
    reason = withdraw_refusal(state, action.player)
    if reason:
        raise IllegalAction(f"WithdrawBuy: {reason}", action, code=reason.code)
    return _TAKEN_BACK(state, tuple(s for s in state.buy_requests if s != action.player),
                       (*state.buy_withdrawn, action.player))


def buyer(state: GameState) -> int:
    """The seat whose request wins as the player on turn draws from the stock: the first asking
    in turn order after the player on turn."""
    n = len(state.hands)
    return min(state.buy_requests, key=lambda seat: (seat - state.turn) % n)


def settle_buy(state: GameState, hands: list[tuple[Card, ...]]) -> Pile:
    """Settle the buy requests as the player on turn draws: the :func:`buyer` takes the upcard and the
    penalty cards into ``hands``.  Returns the pile after it (the upcard gone to the buyer)."""
    seat = buyer(state)
    rules = state.rules
    penalty, pile = take_from_stock(pile_of(state, state.discard[:-1]), rules.buy_penalty_cards, rules,
                                    len(state.hands), state.table)
    hands[seat] = add_cards(hands[seat], (state.discard[-1], *penalty))
    return pile


def buys_after(state: GameState) -> tuple[int | None, ...]:
    """The buys each seat has left once the :func:`buyer` has bought."""
    seat = buyer(state)
    return tuple(b - 1 if s == seat and b is not None else b for s, b in enumerate(state.buys_left))
