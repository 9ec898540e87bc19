"""How a turn ends and how a player goes out (rules: going out; your turn).

A turn ends with a discard, unless an obligation from a swap is unmet (the freed
wild must be played, or the swapper must go down first), or the discard would be
the player's last card where the rules forbid that (``Rules.going_out == "play"``,
or a no-discard round).  A play may empty the hand, so that the player goes out,
unless the rules let a player go out only by discarding (``going_out == "discard"``).

:func:`ending_refusal` and :func:`empty_hand_refusal` are the one statement of
these rules; the discard, the plays and the no-trap judgement ask them.
"""

from __future__ import annotations

from typing import Final

from ..refusals import Reason, Refusal
from ..rules import Contract, Rules
from .position import Turn

__all__ = ["empty_hand_refusal", "ending_refusal", "turn_may_end"]


_OWED: Final = Reason("owed_wild", "the wild freed by a swap must be played to the table this turn before the turn "
                                    "can end (rules: swapping a joker)")
_MUST_GO_DOWN: Final = Reason("must_go_down", "a player who swaps a wild before going down must go down this turn "
                                              "before discarding (rules: swapping a joker)")
_BY_PLAY: Final = Reason("out_by_play", "under these rules a player goes out only by playing every card to the table: "
                                        "the last card cannot be discarded (rules: going out)")
_WHOLE_HAND: Final = Reason("whole_hand_round", "in this round a player goes out only by laying down the whole hand "
                                                "at once, with no discard: the last card cannot be discarded "
                                                "(rules: the contracts)")
_BY_DISCARD: Final = Reason("out_by_discard", "under these rules a player goes out only by discarding the last card: "
                                              "keep a card to discard (rules: going out)")


def ending_refusal(rules: Rules, contract: Contract, hand_size: int, owed: bool, must_go_down: bool) -> Refusal:
    """Why a turn cannot end now with a discard, whatever the card; empty if it can.  ``hand_size``:
    the cards held before the discard; ``owed``: a freed wild must still be played;
    ``must_go_down``: the player swapped before going down and is not down yet."""
    if owed:
        return _OWED
    if must_go_down:
        return _MUST_GO_DOWN
    if hand_size == 1:
        if rules.going_out == "play":
            return _BY_PLAY
        if contract.no_discard:
            return _WHOLE_HAND
    return ""


def empty_hand_refusal(turn: Turn) -> Refusal:
    """Why a play may not empty the hand (going out by playing) in this turn; empty if it may."""
    if turn.rules.going_out == "discard" and not turn.contract.no_discard:
        return _BY_DISCARD
    return ""


def turn_may_end(turn: Turn, hand_size: int, owed: bool, must_go_down: bool) -> bool:
    """Is the turn over, or may it end now: the hand is empty (the player went out: the play that
    emptied it was allowed), or a discard may end it?"""
    return not hand_size or not ending_refusal(turn.rules, turn.contract, hand_size, owed, must_go_down)
