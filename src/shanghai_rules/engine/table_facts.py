"""What the referee asks again and again of the melds on the table, kept in the memo by the meld
itself (and the rules): which cards fit a meld, and which cards may be given for its wilds.

A meld stays on the table, the same value from state to state, until a lay-off or a
swap changes it; every question about it comes back on every turn until then.  The
answers are those of the rules' own statements: :func:`~shanghai_rules.joining.join_options`
for what fits, :meth:`~shanghai_rules.meld_value.Meld.stands_for` for what a wild stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import ALL_CARDS, Card
from ..joining import Options, candidate_cards, join_options
from ..meld_value import Meld
from ..memo import MEMO
from ..rules import Rules
from ..state import TableMeld

__all__ = ["MeldFits", "fits", "swap_cards", "swappable", "table_takes"]


class MeldFits:
    """The cards that can be laid off on one legal meld under one set of rules, each with its
    options (:func:`~shanghai_rules.joining.join_options`), worked out card by card as they are
    asked about and then kept.  ``candidates`` holds every card that might fit (a superset,
    known at once: :func:`~shanghai_rules.joining.candidate_cards`)."""

    __slots__ = ("_known", "candidates", "meld", "rules")

    def __init__(self, meld: Meld, rules: Rules) -> None:
        self.meld = meld
        self.rules = rules
        self.candidates = candidate_cards(meld, rules)
        self._known: dict[Card, Options] = {}

    def get(self, card: Card) -> Options:
        """The options of ``card`` on the meld; empty if it does not fit."""
        found = self._known.get(card)
        if found is None:
            found = join_options(self.meld, card, self.rules, legal=True) if card in self.candidates else ()
            self._known[card] = found
        return found


_FITS: Final = MEMO.table("fits by meld and rules", 1 << 14)
_SWAPS: Final = MEMO.table("swap cards by meld", 1 << 14)


def fits(meld: Meld, rules: Rules) -> MeldFits:
    """The :class:`MeldFits` of the legal ``meld`` under ``rules`` (kept in the memo)."""
    key = (meld, rules)
    found: MeldFits | None = _FITS.get(key)
    if found is None:
        found = _FITS.put(key, MeldFits(meld, rules))
    return found


def table_takes(table: Sequence[TableMeld], rules: Rules, card: Card) -> bool:
    """Can ``card`` be laid off on some meld of ``table``?"""
    for tm in table:
        meld_fits = fits(tm.meld, rules)
        if card in meld_fits.candidates and meld_fits.get(card):
            return True
    return False


def swappable(meld: Meld, rules: Rules) -> bool:
    """May the wilds of a meld of this kind be swapped under ``rules`` (SPEC 4.7)?"""
    return rules.swap_from_runs if meld.kind == "run" else rules.swap_from_sets


def swap_cards(meld: Meld) -> frozenset[Card]:
    """The natural cards that can be given for a wild of ``meld``: what a run's wild stands for,
    any card of a set's rank (SPEC 4.7); none when the meld holds no wild (kept in the memo)."""
    found: frozenset[Card] | None = _SWAPS.get(meld)
    if found is None:
        found = _SWAPS.put(meld, _swap_cards(meld))
    return found


def _swap_cards(meld: Meld) -> frozenset[Card]:
    wilds = meld.wild_indices()
    if not wilds:
        return frozenset()
    if meld.kind == "set":
        if meld.rank is None:
            return frozenset()
        return frozenset(ALL_CARDS[suit * 13 + meld.rank - 2] for suit in range(4))
    return frozenset(card for card in (meld.stands_for(i) for i in wilds) if isinstance(card, Card))
