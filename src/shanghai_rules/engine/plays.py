"""Judging a play: the rules of the play itself (:mod:`~shanghai_rules.engine.play_rules`), and
then the no-trap ruling (:mod:`~shanghai_rules.engine.no_trap`).

:func:`judge_play` is the one judgement of a play: :func:`~shanghai_rules.engine.apply`
makes it, and :func:`~shanghai_rules.engine.legal_actions` keeps exactly the candidate
plays it accepts, with the verdict it gave (:data:`Verdict`), which ``apply`` may be
handed back (see :class:`~shanghai_rules.engine.listing.Listing`).
"""

from __future__ import annotations

from typing import Final

from ..actions import LayDown, LayOff
from ..errors import IllegalAction
from ..meld_value import Meld
from ..refusals import Reason
from ..verify import confirm
from .going_down import go_down_with_layout
from .going_out import turn_may_end
from .laying_off import after_lay_off, laid_off_meld, lay_off_refusal
from .no_trap import can_finish
from .obligations import settle_owed
from .play_rules import Play, position_after
from .position import Position, Turn

__all__ = ["Verdict", "judge_listed_lay_down", "judge_play", "lay_offs_end_alike", "settle"]

Verdict = Position | Meld
"""What the judgement of a legal play leaves: the position after it, or, for a lay-off after which
the turn may end at once, only the meld it makes (the position is built when it is played)."""


def judge_play(turn: Turn, pos: Position, action: Play) -> Verdict:
    """The verdict on ``action`` in ``pos``, or IllegalAction saying why it is not allowed: the
    rules of the play, then the no-trap ruling (:func:`~shanghai_rules.engine.no_trap.can_finish`).

    A lay-off that leaves cards from which the turn may end at once (the first question
    :func:`~shanghai_rules.engine.no_trap.can_finish` asks, asked here of the cards it
    leaves) passes the ruling without the position after it being built."""
    if isinstance(action, LayOff):
        refusal = lay_off_refusal(turn, pos)
        if refusal:
            raise IllegalAction(f"LayOff: {refusal}", action, code=refusal.code)
        new_meld = laid_off_meld(turn, pos, action)
        if _may_end_after_lay_off(turn, pos, bool(settle_owed(pos.owed, (action.card,)))):
            return confirm(new_meld, lambda: can_finish(turn, after_lay_off(turn, pos, action, new_meld)),
                           "judge_play: a lay-off after which the turn may end")
        after = after_lay_off(turn, pos, action, new_meld)
    else:
        after = position_after(turn, pos, action)
    return _finishable(turn, action, after)


def judge_listed_lay_down(turn: Turn, pos: Position, action: LayDown) -> Verdict:
    """:func:`judge_play` of a lay-down that :func:`~shanghai_rules.engine.candidates.lay_down_candidates`
    gave, whose melds are a layout the contract search found: the contract is not judged again
    (:func:`~shanghai_rules.engine.going_down.go_down_with_layout`)."""
    return _finishable(turn, action, go_down_with_layout(turn, pos, action))


def _finishable(turn: Turn, action: Play, after: Position) -> Position:
    """``after``, the position a play leaves, or IllegalAction where the turn could not be finished
    from it (the no-trap ruling)."""
    if not can_finish(turn, after):
        trap = _trap_reason(after)
        raise IllegalAction(f"{type(action).__name__}: {trap}", action, code=trap.code)
    return after


def _may_end_after_lay_off(turn: Turn, pos: Position, owes_after: bool) -> bool:
    """May the turn end at once after a lay-off from ``pos`` (after which wilds are still owed, where
    ``owes_after``): does it leave cards, of which one may be discarded?"""
    left = len(pos.hand) - 1
    return left > 0 and turn_may_end(turn, left, owes_after, pos.must_go_down)


def lay_offs_end_alike(turn: Turn, pos: Position) -> bool:
    """Is the verdict of :func:`judge_play` on every lay-off the player may make from ``pos`` the meld
    it makes?  So it is where nothing is owed and the turn may end once any one card is laid off
    (the first question of the judgement, which then does not depend on the card): the
    listing then keeps every candidate lay-off with its meld, unjudged one by one."""
    return not pos.owed and _may_end_after_lay_off(turn, pos, False)


def settle(turn: Turn, pos: Position, action: Play, verdict: Verdict) -> Position:
    """The position after ``action``, whose judgement gave ``verdict``."""
    if isinstance(verdict, Meld):
        assert isinstance(action, LayOff)
        return after_lay_off(turn, pos, action, verdict)
    return verdict


_TRAP_GO_DOWN: Final = Reason("must_go_down", "after this swap the player could not go down this turn, which a player "
                                              "who swaps before going down must do (rules: swapping a joker)")
_TRAP_OWED: Final = Reason("owed_wild", "the freed wild could not be played to the table this turn, as the rules "
                                        "require (rules: swapping a joker)")
_TRAP: Final = Reason("no_trap", "this would leave a hand that cannot finish the turn: under these rules the last card "
                                 "cannot be discarded, and it could not be played (rules: going out)")


def _trap_reason(pos: Position) -> Reason:
    """Why the turn could not be finished from ``pos``: the obligation it could not meet, or the no-trap rule."""
    if pos.must_go_down:
        return _TRAP_GO_DOWN
    if pos.owed:
        return _TRAP_OWED
    return _TRAP
