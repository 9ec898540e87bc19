"""The discard that ends a turn, the Shanghai declaration, going out by discarding,
and the turn limit (SPEC 4.2, 4.8, 4.9, section 3)."""

from __future__ import annotations

from ..actions import Discard
from ..cards import Card
from ..errors import IllegalAction
from ..rules import Contract, Rules
from ..state import GameState
from .common import place, replace, replacer, table_takes
from .scoring import end_round

__all__ = [
    "discard",
    "discard_refusal",
    "ending_refusal",
    "shanghai_allowed",
    "shanghai_refusal",
    "turn_end_refusal",
]


def ending_refusal(rules: Rules, contract: Contract, hand_size: int, owed: bool, must_go_down: bool) -> str:
    """Why a turn cannot end now with a discard, whatever the card; empty if it can.

    The one judgement of the discard's own rules, shared by the discard itself
    and by the no-trap search (SPEC 4.7, 4.9).
    """
    if owed:
        return ("the wild freed by a swap must be played to the table this turn before the turn can end "
                "(000, 002)")
    if must_go_down:
        return "a player who swaps a wild before going down must go down this turn before discarding (004)"
    if hand_size == 1:
        if rules.going_out == "play":
            return ("under these rules a player goes out only by playing every card to the table: "
                    "the last card cannot be discarded (002)")
        if contract.no_discard:
            return ("in this round a player goes out only by laying down the whole hand at once, "
                    "with no discard (000, 001): the last card cannot be discarded")
    return ""


def turn_end_refusal(state: GameState, player: int) -> str:
    """Why ``player`` may not end the turn with a discard now, whatever the card; empty if they may."""
    if state.phase != "play":
        return f"a discard ends a turn after the draw (phase {state.phase!r})"
    if player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {player}'s"
    rules = state.rules
    contract = rules.contracts[state.round_number - 1]  # state.contract
    return ending_refusal(rules, contract, len(state.hands[player]), bool(state.owed_wilds), state.must_go_down)


def shanghai_allowed(state: GameState, card: Card) -> bool:
    """True if Shanghai may be declared on discarding ``card``: the rules have the call and
    the card fits a meld on the table (SPEC 4.8).  The judgement :func:`shanghai_refusal` explains."""
    return state.rules.shanghai_call and table_takes(state.table, state.rules, card)


def shanghai_refusal(state: GameState, card: Card) -> str:
    """Why Shanghai may not be declared on discarding ``card``; empty if it may (SPEC 4.8)."""
    if shanghai_allowed(state, card):
        return ""
    if not state.rules.shanghai_call:
        return "these rules have no Shanghai declaration"
    return f"declaring Shanghai on {card}, which fits no meld on the table, is illegal (SPEC 4.8)"


def discard_refusal(state: GameState, action: Discard) -> str:
    """Why ``action`` may not be made now; empty if it may."""
    return _judged(state, action)[0]


def _judged(state: GameState, action: Discard) -> tuple[str, int]:
    """Why ``action`` may not be made now (empty if it may), and where the card is in the hand."""
    reason = turn_end_refusal(state, action.player)
    if reason:
        return reason, -1
    index = place(state.hands[action.player], action.card)
    if index < 0:
        return f"{action.card} is not in seat {action.player}'s hand", index
    if action.shanghai:
        return shanghai_refusal(state, action.card), index
    return "", index


_turn_ended = replacer(
    "phase", "turn", "hands", "discard", "discarder", "upcard_live", "shanghai_open", "buy_requests",
    "buy_withdrawn", "turns_taken", "went_down_this_turn", "owed_wilds", "must_go_down", "played_wild_this_turn",
)


def discard(state: GameState, action: Discard) -> GameState:
    """Discard a card: the turn ends, or the round if it was the last card (SPEC 4.9)."""
    reason, index = _judged(state, action)
    if reason:
        raise IllegalAction(f"Discard: {reason}", action)
    rules = state.rules
    seat = action.player
    hands = list(state.hands)
    hand = list(hands[seat])  # (one list made and one tuple, where slices would make three tuples)
    del hand[index]
    hands[seat] = tuple(hand)
    # (the rules asked first, as shanghai_allowed asks them, to save the call where there is no call)
    open_call = not action.shanghai and rules.shanghai_call and shanghai_allowed(state, action.card)
    turns = state.turns_taken + 1
    after = _turn_ended(
        state, phase="draw", turn=(seat + 1) % len(hands), hands=tuple(hands),
        discard=state.discard + (action.card,), discarder=seat, upcard_live=not action.shanghai,
        shanghai_open=open_call, buy_requests=(), buy_withdrawn=(), turns_taken=turns,
        went_down_this_turn=False, owed_wilds=(), must_go_down=False, played_wild_this_turn=False,
    )
    if not hands[seat]:
        return end_round(replace(after, went_down_this_turn=state.went_down_this_turn,
                                 played_wild_this_turn=state.played_wild_this_turn), seat, "out")
    if rules.turn_limit is not None and turns >= rules.turn_limit * len(hands):
        return end_round(after, None, "turn_limit")
    return after
