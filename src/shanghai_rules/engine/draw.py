"""The draw phase: drawing, taking the upcard, buy requests and their settlement,
and the Shanghai call on the last discard (SPEC 4.2, 4.4, 4.5, 4.8)."""

from __future__ import annotations

from ..actions import Buy, CallShanghai, DrawStock, TakeDiscard, WithdrawBuy
from ..cards import Card
from ..errors import IllegalAction
from ..melds import End, Meld
from ..state import GameState, TableMeld
from .common import add_cards, fits, pick, remove_cards, replace, replacer, take_from_stock
from .scoring import end_round

__all__ = ["buy", "buy_refusal", "call_shanghai", "draw_stock", "seat_buy_refusal", "shanghai_option", "take_discard",
           "withdraw_buy"]


def _on_turn(state: GameState, action: DrawStock | TakeDiscard) -> None:
    """Raise IllegalAction unless ``action`` is made by the seat on turn, before it draws."""
    name = type(action).__name__
    if state.phase != "draw":
        raise IllegalAction(f"{name}: the player on turn has already drawn (phase {state.phase!r})", action)
    if action.player != state.turn:
        raise IllegalAction(f"{name}: it is seat {state.turn}'s turn, not seat {action.player}'s", action)


def draw_stock(state: GameState, action: DrawStock) -> GameState:
    """Draw from the stock; a pending buy is settled first (SPEC 4.4)."""
    _on_turn(state, action)
    hands = list(state.hands)
    if state.buy_requests:
        buys_left, stock, discard, seed = _settle_buy(state, hands)
    else:
        buys_left = state.buys_left
        stock = state.stock
        discard = state.discard
        seed = state.seed
    drawn, stock, discard, seed = take_from_stock(stock, discard, seed, 1)
    if drawn:
        hands[state.turn] = add_cards(hands[state.turn], drawn)
    after = _drawn(state, phase="play", hands=tuple(hands), stock=stock, discard=discard, seed=seed,
                   buys_left=buys_left, buy_requests=(), buy_withdrawn=(), upcard_live=False, shanghai_open=False)
    if not drawn:
        # nothing left to draw even after rebuilding the stock: the round ends, nobody out (SPEC 4.5)
        return end_round(after, None, "stock")
    return after


def _settle_buy(state: GameState, hands: list[tuple[Card, ...]]) -> tuple[
        tuple[int | None, ...], tuple[Card, ...], tuple[Card, ...], int]:
    """Settle the buy requests as the player on turn draws (SPEC 4.4): the first seat asking after
    the player on turn takes the upcard and the penalty cards into ``hands``.  Returns the buys
    left, the stock, the discard pile and the seed after it.

    (Apart from :func:`draw_stock` so that the names its comprehensions use are not kept in cells
    on every draw.)"""
    n = state.players
    buyer = min(state.buy_requests, key=lambda seat: (seat - state.turn) % n)
    upcard = state.discard[-1]
    penalty, stock, discard, seed = take_from_stock(state.stock, state.discard[:-1], state.seed,
                                                    state.rules.buy_penalty_cards)
    hands[buyer] = add_cards(hands[buyer], (upcard, *penalty))
    buys_left = tuple([b - 1 if seat == buyer and b is not None else b for seat, b in enumerate(state.buys_left)])
    return buys_left, stock, discard, seed


_drawn = replacer("phase", "hands", "stock", "discard", "seed", "buys_left", "buy_requests", "buy_withdrawn",
                  "upcard_live", "shanghai_open")
_taken = replacer("phase", "hands", "discard", "buy_requests", "buy_withdrawn", "upcard_live", "shanghai_open")
_asked = replacer("buy_requests")


def take_discard(state: GameState, action: TakeDiscard) -> GameState:
    """Take the upcard: the free draw of the player on turn; every buy request lapses (000, 002)."""
    _on_turn(state, action)
    if not state.discard:
        raise IllegalAction("TakeDiscard: the discard pile is empty", action)
    if not state.upcard_live:
        raise IllegalAction("TakeDiscard: the top discard is dead after a Shanghai declaration or call "
                            "(SPEC 4.8); draw from the stock", action)
    hands = list(state.hands)
    hands[state.turn] = add_cards(hands[state.turn], (state.discard[-1],))
    return _taken(state, phase="play", hands=tuple(hands), discard=state.discard[:-1], buy_requests=(),
                  buy_withdrawn=(), upcard_live=False, shanghai_open=False)


def buy_refusal(state: GameState, seat: int) -> str:
    """Why ``seat`` may not ask to buy the upcard now (SPEC 4.4); empty if it may."""
    if state.phase != "draw":
        return "a buy is asked for only before the player on turn draws"
    if seat >= len(state.hands):
        return f"there is no seat {seat}"
    if seat == state.turn:
        return "the player on turn takes the upcard free instead of buying it"
    if not state.discard or not state.upcard_live:
        return "there is no upcard to buy"
    return seat_buy_refusal(state, seat)


def seat_buy_refusal(state: GameState, seat: int) -> str:
    """:func:`buy_refusal` where the upcard may be bought now and ``seat`` is a seat not on turn:
    what is left to judge is the seat's own (SPEC 4.4); empty if it may."""
    if seat == state.discarder:
        return "a player may not buy back their own discard"
    left = state.buys_left[seat]
    if left is not None and left <= 0:
        return "no buys left this round"
    if state.down[seat] and not state.rules.buy_after_down:
        return "a player who is down may not buy under these rules"
    if seat in state.buy_requests:
        return "this seat has already asked to buy this card"
    if seat in state.buy_withdrawn:
        return "this seat withdrew its request for this card and may not ask again"
    return ""


def buy(state: GameState, action: Buy) -> GameState:
    """A buy request: only a request until the player on turn draws from the stock."""
    reason = buy_refusal(state, action.player)
    if reason:
        raise IllegalAction(f"Buy: {reason} (SPEC 4.4)", action)
    return _asked(state, buy_requests=(*state.buy_requests, action.player))


def withdraw_buy(state: GameState, action: WithdrawBuy) -> GameState:
    """Take back a buy request before it is settled."""
    if state.phase != "draw" or action.player not in state.buy_requests:
        raise IllegalAction(f"WithdrawBuy: seat {action.player} has no buy request to withdraw", action)
    return replace(
        state,
        buy_requests=tuple(s for s in state.buy_requests if s != action.player),
        buy_withdrawn=(*state.buy_withdrawn, action.player),
    )


def shanghai_option(state: GameState, meld: int, end: End | None) -> Meld | str:
    """The meld the last discard makes on ``state.table[meld]``, or why it cannot go there."""
    if not 0 <= meld < len(state.table):
        return f"there is no meld {meld} on the table ({len(state.table)} melds)"
    card = state.discard[-1]
    options = fits(state.table[meld].meld, state.rules).get(card)
    if not options:
        return f"{card} does not fit {state.table[meld].meld.describe()}"
    if end is not None:
        chosen = [m for e, m in options if e == end]
        if not chosen:
            return f"{card} does not fit the {end} end of {state.table[meld].meld.describe()}"
        return chosen[0]
    if len(options) > 1:
        return f"{card} fits either end of {state.table[meld].meld.describe()}: say which end"
    return options[0][1]


def call_shanghai(state: GameState, action: CallShanghai) -> GameState:
    """Call Shanghai on an undeclared discard that fits a meld (SPEC 4.8, 000, 001)."""
    rules = state.rules
    if not rules.shanghai_call:
        raise IllegalAction("CallShanghai: these rules have no Shanghai call", action)
    if state.phase != "draw" or not state.shanghai_open or not state.discard:
        raise IllegalAction("CallShanghai: only an undeclared discard that fits a meld can be called, "
                            "before the next player draws (SPEC 4.8)", action)
    seat = action.player
    if seat >= state.players:
        raise IllegalAction(f"CallShanghai: there is no seat {seat}", action)
    if seat == state.discarder:
        raise IllegalAction("CallShanghai: the discarder cannot call Shanghai on their own discard", action)
    if len(state.hands[seat]) < 2:
        raise IllegalAction("CallShanghai: a player holding a single card cannot call (SPEC 4.8)", action)
    result = shanghai_option(state, action.meld, action.end)
    if isinstance(result, str):
        raise IllegalAction(f"CallShanghai: {result}", action)
    assert state.discarder is not None
    table = list(state.table)
    table[action.meld] = TableMeld(owner=table[action.meld].owner, meld=result)
    index, seed = pick(len(state.hands[seat]), state.seed)
    given = state.hands[seat][index]
    hands = list(state.hands)
    hands[seat] = remove_cards(hands[seat], (given,))
    hands[state.discarder] = add_cards(hands[state.discarder], (given,))
    return replace(
        state, table=tuple(table), hands=tuple(hands), discard=state.discard[:-1], seed=seed,
        upcard_live=False, shanghai_open=False, buy_requests=(), buy_withdrawn=(),
    )
