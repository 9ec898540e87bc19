"""The play phase as the referee judges it: a :class:`Turn` (what stays the same while one
player plays) and a :class:`Position` (what their plays change).

A play is judged on a position, so that one judgement serves
:func:`~shanghai_rules.engine.apply`, :func:`~shanghai_rules.engine.legal_actions` and the
search of :mod:`~shanghai_rules.engine.no_trap`, which weighs positions no state holds.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import Card
from ..rules import Contract, Rules
from ..state import GameState, TableMeld

__all__ = ["Position", "Turn", "position_of"]


class Turn(NamedTuple):
    """What does not change during one player's play phase."""

    rules: Rules
    contract: Contract
    player: int
    round_number: int


class Position(NamedTuple):
    """The parts of the state that plays change."""

    hand: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    down: bool
    went_down: bool
    owed: tuple[Card, ...]
    must_go_down: bool
    played_wild: bool = False


def position_of(state: GameState) -> tuple[Turn, Position]:
    """The turn and position of the player on turn."""
    seat = state.turn
    turn = Turn(state.rules, state.rules.contracts[state.round_number - 1], seat, state.round_number)
    return turn, Position(state.hands[seat], state.table, state.down[seat], state.went_down_this_turn,
                          state.owed_wilds, state.must_go_down, state.played_wild_this_turn)
