"""Judging a play: the rules of the play itself (:mod:`~shanghai_rules.engine.play_rules`), and
then the no-trap ruling (:mod:`~shanghai_rules.engine.no_trap`).

:func:`judge_play` is the one judgement of a play: :func:`~shanghai_rules.engine.apply`
makes it, and :func:`~shanghai_rules.engine.legal_actions` keeps exactly the candidate
plays it accepts, with the verdict it gave (:data:`Verdict`), which ``apply`` may be
handed back (see :class:`~shanghai_rules.engine.listing.Listing`).
"""

from __future__ import annotations

from typing import Final

from ..actions import LayOff
from ..errors import IllegalAction
from ..meld_value import Meld
from ..refusals import Reason
from ..verify import confirm
from .going_out import turn_may_end
from .laying_off import after_lay_off, laid_off_meld, lay_off_refusal
from .no_trap import can_finish
from .obligations import settle_owed
from .play_rules import Play, position_after
from .position import Position, Turn

__all__ = ["Verdict", "judge_play", "settle"]

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
        left = len(pos.hand) - 1
        if left and turn_may_end(turn, left, bool(settle_owed(pos.owed, (action.card,))), pos.must_go_down):
            return confirm(new_meld, lambda: can_finish(turn, after_lay_off(turn, pos, action, new_meld)),
                           "judge_play: a lay-off after which the turn may end")
        after = after_lay_off(turn, pos, action, new_meld)
    else:
        after = position_after(turn, pos, action)
    if not can_finish(turn, after):
        trap = _trap_reason(after)
        raise IllegalAction(f"{type(action).__name__}: {trap}", action, code=trap.code)
    return after


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
