"""The discard that ends a turn, the Shanghai declaration, going out by discarding,
and the turn limit (SPEC 4.2, 4.8, 4.9, section 3)."""

from __future__ import annotations

from ..actions import Discard
from ..errors import IllegalAction
from ..state import GameState
from .common import fits_any, remove_cards, replace
from .scoring import end_round

__all__ = ["discard", "discard_refusal"]


def discard_refusal(state: GameState, action: Discard) -> str:
    """Why ``action`` may not be made now; empty if it may."""
    if state.phase != "play":
        return f"a discard ends a turn after the draw (phase {state.phase!r})"
    if action.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {action.player}'s"
    hand = state.hands[action.player]
    card = action.card
    if card not in hand:
        return f"{card} is not in seat {action.player}'s hand"
    if state.owed_wilds:
        return ("the wild freed by a swap must be played to the table this turn before the turn can end "
                "(000, 002)")
    if state.must_go_down:
        return "a player who swaps a wild before going down must go down this turn before discarding (004)"
    rules = state.rules
    if len(hand) == 1 and rules.going_out == "play":
        return ("under these rules a player goes out only by playing every card to the table: "
                "the last card cannot be discarded (002)")
    if action.shanghai:
        if not rules.shanghai_call:
            return "these rules have no Shanghai declaration"
        if not fits_any(card, state.table, rules):
            return f"declaring Shanghai on {card}, which fits no meld on the table, is illegal (SPEC 4.8)"
    return ""


def discard(state: GameState, action: Discard) -> GameState:
    """Discard a card: the turn ends, or the round if it was the last card (SPEC 4.9)."""
    reason = discard_refusal(state, action)
    if reason:
        raise IllegalAction(f"Discard: {reason}", action)
    rules = state.rules
    seat = action.player
    hands = list(state.hands)
    hands[seat] = remove_cards(hands[seat], (action.card,))
    open_call = rules.shanghai_call and not action.shanghai and fits_any(action.card, state.table, rules)
    turns = state.turns_taken + 1
    after = replace(
        state, phase="draw", turn=(seat + 1) % state.players, hands=tuple(hands),
        discard=(*state.discard, action.card), discarder=seat, upcard_live=not action.shanghai,
        shanghai_open=open_call, buy_requests=(), buy_withdrawn=(), turns_taken=turns,
        went_down_this_turn=False, owed_wilds=(), must_go_down=False,
    )
    if not hands[seat]:
        return end_round(replace(after, went_down_this_turn=state.went_down_this_turn), seat, "out")
    if rules.turn_limit is not None and turns >= rules.turn_limit * state.players:
        return end_round(after, None, "turn_limit")
    return after
