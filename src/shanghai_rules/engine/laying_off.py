"""Laying off: adding a card from hand to a meld on the table (rules: laying off).

Only a player who is down lays off, on any meld, own or others'; no one lays
off in a no-discard round; where ``Rules.lay_off_on_going_down_turn`` is false,
not on the turn one goes down.  Where the card fits is
:func:`~shanghai_rules.joining.join_options`' to say; a card that fits either end
of a run needs its end named.
"""

from __future__ import annotations

from typing import Final

from ..actions import LayOff
from ..errors import IllegalAction
from ..meld_value import Meld
from ..refusals import Reason, Refusal, no_such_meld
from ..rules import Rules
from ..state import TableMeld
from .going_out import empty_hand_refusal
from .hands import holds, remove_card
from .obligations import settle_owed
from .position import Position, Turn
from .table_facts import fits

__all__ = ["after_lay_off", "laid_off_meld", "lay_off", "lay_off_refusal"]


_NOT_DOWN: Final = Reason("not_down", "a player who is not down cannot lay off (rules: laying off)")
_GOING_DOWN_TURN: Final = Reason("lay_off_going_down_turn",
                                 "under these rules a player may not lay off on the turn they go down")


def lay_off_refusal(turn: Turn, pos: Position) -> Refusal:
    """Why the player on turn may not lay off at all now (empty if they may)."""
    if not pos.down:
        return _NOT_DOWN
    if turn.contract.no_discard:
        return Reason("no_lay_off_round", f"no one lays off in round {turn.round_number}, where going down takes the "
                                          f"whole hand (rules: laying off)")
    if pos.went_down and not turn.rules.lay_off_on_going_down_turn:
        return _GOING_DOWN_TURN
    return ""


def laid_off_meld(turn: Turn, pos: Position, action: LayOff) -> Meld:
    """The meld ``action`` makes on the table, or IllegalAction saying why it cannot be made
    (the player's own right to lay off is :func:`lay_off_refusal`'s to judge)."""
    card = action.card
    if not holds(pos.hand, card):
        raise IllegalAction(f"LayOff: {card} is not in seat {turn.player}'s hand", action, code="not_held")
    if action.meld >= len(pos.table):
        missing = no_such_meld(action.meld, len(pos.table))
        raise IllegalAction(f"LayOff: {missing}", action, code=missing.code, meld=action.meld)
    target = pos.table[action.meld].meld
    options = fits(target, turn.rules).get(card)
    if not options:
        if target.kind == "run":
            why = ("a card joins a run only at either end, as the next card of its suit, within the wild limits"
                   + _lowest_place_reason(target, turn.rules).replace(":", ";", 1) + " (rules: laying off)")
        else:
            why = "a card joins a set only if it is of the set's rank, or a wild within the wild limits"
        raise IllegalAction(f"LayOff: {card} does not fit {target.describe()}: {why}", action, code="does_not_fit",
                            meld=action.meld)
    if action.end is None:
        if len(options) > 1:
            raise IllegalAction(f"LayOff: {card} fits either end of {target.describe()}: "
                                f"say which with end='low' or end='high'", action, code="say_which_end",
                                meld=action.meld)
        return options[0][1]
    if target.kind == "set":
        raise IllegalAction("LayOff: end applies only to runs; leave it out for a set", action, code="end_for_set",
                            meld=action.meld)
    for end, new_meld in options:
        if end == action.end:
            return new_meld
    why = _lowest_place_reason(target, turn.rules) if action.end == "low" else ""
    raise IllegalAction(f"LayOff: {card} does not fit the {action.end} end of {target.describe()}{why}", action,
                        code="does_not_fit", meld=action.meld)


def _lowest_place_reason(run: Meld, rules: Rules) -> str:
    """Why nothing joins ``run`` at its low end, where it starts at the lowest place a run may (empty
    where it does not)."""
    if run.start > rules.lowest_run_place:
        return ""
    if run.start == 3:
        return ": runs start at the 3 under these rules (2s are always wild)"
    if run.start == 2:
        return ": aces are high only under these rules, so nothing stands below the 2"
    return ": nothing stands below a low ace"


def after_lay_off(turn: Turn, pos: Position, action: LayOff, new_meld: Meld) -> Position:
    """The position after laying ``action.card`` off to make ``new_meld`` of meld ``action.meld``
    (the card is held and fits there), or IllegalAction where it would empty the hand and
    the rules let no play do that."""
    hand = remove_card(pos.hand, action.card)
    assert hand is not None
    if not hand:
        refusal = empty_hand_refusal(turn)
        if refusal:
            raise IllegalAction(f"LayOff: {refusal}", action, code=refusal.code)
    target = pos.table[action.meld]
    table = (*pos.table[:action.meld], TableMeld(target.owner, new_meld), *pos.table[action.meld + 1:])
    at = 0 if new_meld.kind == "run" and new_meld.start < target.meld.start else len(new_meld.cards) - 1
    played_wild = pos.played_wild or not new_meld.is_natural_at(at)
    return Position(hand, table, pos.down, pos.went_down, settle_owed(pos.owed, (action.card,)), pos.must_go_down,
                    played_wild)


def lay_off(turn: Turn, pos: Position, action: LayOff) -> Position:
    """The position after ``action``, or IllegalAction saying why it is not allowed (before the
    no-trap judgement, which :mod:`~shanghai_rules.engine.plays` adds)."""
    refusal = lay_off_refusal(turn, pos)
    if refusal:
        raise IllegalAction(f"LayOff: {refusal}", action, code=refusal.code)
    return after_lay_off(turn, pos, action, laid_off_meld(turn, pos, action))
