"""The rules of each play, before the no-trap ruling: :func:`position_after` judges a lay-down,
a lay-off or a swap by the rules of its own module and gives the position it leaves.

* going down: :mod:`~shanghai_rules.engine.going_down`;
* laying off: :mod:`~shanghai_rules.engine.laying_off`;
* swapping a wild: :mod:`~shanghai_rules.engine.swapping`.

Whether the turn can still be finished afterwards is the no-trap ruling of
:mod:`~shanghai_rules.engine.no_trap`; :mod:`~shanghai_rules.engine.plays` asks both.
"""

from __future__ import annotations

from ..actions import LayDown, LayOff, SwapWild
from .going_down import go_down
from .laying_off import lay_off
from .position import Position, Turn
from .swapping import swap

__all__ = ["Play", "position_after"]

Play = LayDown | LayOff | SwapWild
"""A play of the play phase (the discard that ends the turn is not one)."""


def position_after(turn: Turn, pos: Position, action: Play) -> Position:
    """The position after ``action``, or IllegalAction saying which rule of the play refuses it."""
    if isinstance(action, LayOff):
        return lay_off(turn, pos, action)
    if isinstance(action, SwapWild):
        return swap(turn, pos, action)
    return go_down(turn, pos, action)
