"""The draw (rules: your turn, when the stock runs out): the player on turn takes the top of the stock, or the upcard.

Taking the upcard on one's own turn is free and is not a buy (000); every buy
request then lapses.  A draw from the stock first settles the buy requests
(:mod:`~shanghai_rules.engine.buying`); a draw that finds no card even after the
stock is rebuilt as the rules allow (:func:`~shanghai_rules.engine.stock.rebuilt`) ends the
round with nobody out (rules: when the stock runs out).
"""

from __future__ import annotations

from typing import Final

from ..actions import DrawStock, TakeDiscard
from ..errors import IllegalAction, excerpt
from ..refusals import Reason, Refusal
from ..state import GameState
from .buying import buys_after, settle_buy, upcard_live_after_draw
from .hands import add_cards
from .scoring import end_round
from .stock import deadlocked, pile_of, take_from_stock
from .successor import Change

__all__ = ["draw_refusal", "draw_stock", "take_discard", "take_refusal", "upcard_refusal"]


def draw_refusal(state: GameState, player: int) -> Refusal:
    """Why ``player`` may not draw now (empty if they may): only the player on turn, before drawing."""
    if state.phase != "draw":
        return Reason("wrong_phase", f"the player on turn has already drawn (phase {excerpt(state.phase)})")
    if player != state.turn:
        return Reason("not_your_turn", f"it is seat {state.turn}'s turn, not seat {player}'s")
    return ""


_NO_UPCARD: Final = Reason("no_upcard", "the discard pile is empty")
_DEAD: Final = Reason("dead_upcard", "the top discard is dead after a Shanghai declaration or call; draw from the "
                                     "stock (rules: the Shanghai call)")
_DOWN_DRAWS: Final = Reason("down_draws_stock", "under these rules a player who is down draws from the stock, "
                                                "not the upcard")


def upcard_refusal(state: GameState) -> Refusal:
    """Why the top of the discard pile may not be taken, by a player who may draw (empty if it may)."""
    if not state.discard:
        return _NO_UPCARD
    if not state.upcard_live:
        return _DEAD
    if state.down[state.turn] and not state.rules.take_upcard_when_down:
        return _DOWN_DRAWS
    return ""


def take_refusal(state: GameState, player: int) -> Refusal:
    """Why ``player`` may not take the upcard now (empty if they may)."""
    return draw_refusal(state, player) or upcard_refusal(state)


_DRAWN: Final = Change("phase", "hands", "stock", "discard", "seed", "stock_rebuilt", "fresh_decks", "table_at_rebuild",
                       "buys_left", "buy_requests", "buy_withdrawn", "upcard_live", "shanghai_open")
_TAKEN: Final = Change("phase", "hands", "discard", "buy_requests", "buy_withdrawn", "upcard_live", "shanghai_open")


def draw_stock(state: GameState, action: DrawStock) -> GameState:
    """Draw from the stock; a pending buy is settled first (rules: buying)."""
    refusal = draw_refusal(state, action.player)
    if refusal:
        raise IllegalAction(f"DrawStock: {refusal}", action, code=refusal.code)
    rules = state.rules
    hands = list(state.hands)
    buys_left, pile = state.buys_left, pile_of(state)
    if state.buy_requests:
        buys_left, pile = buys_after(state), settle_buy(state, hands)
    drawn, pile = take_from_stock(pile, 1, rules, len(hands), state.table)
    hands[state.turn] = add_cards(hands[state.turn], drawn)
    live = upcard_live_after_draw(state, pile)
    after = _DRAWN(state, "play", tuple(hands), *pile, buys_left, (), state.buy_withdrawn if live else (), live,
                   False)
    if not drawn:
        # nothing left to draw even after rebuilding the stock as the rules allow: the round ends,
        # nobody out (rules: when the stock runs out), in a deadlock where the rules call it one
        return end_round(after, None, "deadlock" if deadlocked(pile, rules, state.table) else "stock")
    return after


def take_discard(state: GameState, action: TakeDiscard) -> GameState:
    """Take the upcard: the free draw of the player on turn; every buy request lapses (000, 002)."""
    refusal = take_refusal(state, action.player)
    if refusal:
        raise IllegalAction(f"TakeDiscard: {refusal}", action, code=refusal.code)
    hands = list(state.hands)
    hands[state.turn] = add_cards(hands[state.turn], (state.discard[-1],))
    return _TAKEN(state, "play", tuple(hands), state.discard[:-1], (), (), False, False)
