"""The obligations a wild swap leaves (rules: swapping a joker): where ``Rules.swapped_wild_must_be_played``,
the freed wild must be played to the table on the same turn; where
``Rules.swap_forces_going_down``, a player not yet down who swaps must go down that turn.
A turn cannot end while one is unmet (:func:`~shanghai_rules.engine.going_out.ending_refusal`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card

__all__ = ["settle_owed"]


def settle_owed(owed: tuple[Card, ...], played: Sequence[Card]) -> tuple[Card, ...]:
    """The wilds still owed once ``played`` have gone to the table: each card played settles one
    owed wild that is the same card."""
    if not owed:
        return owed
    rest = list(owed)
    for card in played:
        if card in rest:
            rest.remove(card)
    return tuple(rest)
