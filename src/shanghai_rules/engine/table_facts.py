"""What the referee asks again and again of the melds on the table, kept in the memo by the meld
itself (and the rules): which cards fit a meld, and which cards may be given for its wilds.

A meld stays on the table, the same value from state to state, until a lay-off or a
swap changes it; every question about it comes back on every turn until then.  The
answers are those of the rules' own statements: :func:`~shanghai_rules.joining.join_options`
for what fits, :meth:`~shanghai_rules.meld_value.Meld.stands_for` for what a wild stands for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ..cards import ALL_CARDS, JOKER, Card, dead_two
from ..joining import Options, candidate_cards, join_options
from ..meld_value import Meld
from ..memo import MEMO
from ..rules import Rules
from ..state import TableMeld
from ..verify import agree, confirm
from .swapping import freed_index, meld_swap_refusal, only_jokers_swapped

__all__ = ["MeldFits", "TableFacts", "fits", "swap_cards", "swappable", "table_facts", "table_takes", "wanted_by",
           "wanted_for_swap"]


class MeldFits:
    """What the referee asks of one legal meld under one set of rules: the cards that can be laid
    off on it, each with its options (:func:`~shanghai_rules.joining.join_options`), worked out
    card by card as they are asked about and then kept; ``candidates``, every card that might
    fit (a superset, known at once: :func:`~shanghai_rules.joining.candidate_cards`); and
    ``swaps``, the cards that may be given for its wilds (:func:`wanted_by`)."""

    __slots__ = ("_known", "candidates", "meld", "rules", "swaps")

    def __init__(self, meld: Meld, rules: Rules) -> None:
        self.meld = meld
        self.rules = rules
        self.candidates = candidate_cards(meld, rules)
        jokers_only = only_jokers_swapped(rules)
        self.swaps = agree(swap_cards(meld, jokers_only) if swappable(meld, rules) else frozenset(),
                           lambda: frozenset(card for card in ALL_CARDS if not card.is_joker and swappable(meld, rules)
                                             and freed_index(meld, card, jokers_only) >= 0),
                           "a meld's swap cards")
        self._known: dict[Card, Options] = {}

    def get(self, card: Card) -> Options:
        """The options of ``card`` on the meld; empty if it does not fit."""
        found = self._known.get(card)
        if found is None:
            if card in self.candidates:
                found = join_options(self.meld, card, self.rules, legal=True)
            else:
                found = confirm((), lambda: not join_options(self.meld, card, self.rules), "fits: a card no candidate")
            self._known[card] = found
        return found


_FITS: Final = MEMO.table("fits by meld and rules", 1 << 11)
_FITS_SEEN: Final = MEMO.table("fits by the meld and rules objects asked about", 1 << 11)
_TABLES: Final = MEMO.table("facts by table and rules", 1 << 9)
_TABLES_SEEN: Final = MEMO.table("facts by the table and rules objects asked about", 1 << 9)


def fits(meld: Meld, rules: Rules) -> MeldFits:
    """The :class:`MeldFits` of the legal ``meld`` under ``rules`` (kept in the memo, by the meld and the
    rules; found first by these very objects, as :func:`table_facts` explains)."""
    seen = _FITS_SEEN.get((id(meld), id(rules)))
    if seen is not None and seen[0] is meld and seen[1] is rules:
        return seen[2]  # type: ignore[no-any-return]
    key = (meld, rules)
    found: MeldFits | None = _FITS.get(key)
    if found is None:
        found = _FITS.fill(key, lambda key: MeldFits(*key))
    _FITS_SEEN.put((id(meld), id(rules)), (meld, rules, found))
    return found


def swappable(meld: Meld, rules: Rules) -> bool:
    """May the wilds of a meld of this kind be swapped under ``rules`` (rules: swapping a joker)?  The
    rule of :func:`~shanghai_rules.engine.swapping.meld_swap_refusal`."""
    return not meld_swap_refusal(rules, meld)


def swap_cards(meld: Meld, jokers_only: bool = False) -> frozenset[Card]:
    """The natural cards that can be given for a wild of ``meld`` (for a joker, where ``jokers_only``:
    ``Rules.swappable_wilds``): what a run's wild stands for, any card of a set's rank (rules: swapping a joker);
    none when the meld holds no such wild.  Every card for which the swap's own rule,
    :func:`~shanghai_rules.engine.swapping.freed_index`, finds a wild, read off the meld at once
    (a meld's :class:`MeldFits`, kept in the memo, hold them; the checking mode compares the two)."""
    wilds = meld.wild_indices()
    if jokers_only:
        wilds = tuple(i for i in wilds if meld.cards[i].rank == JOKER)
    if not wilds:
        return frozenset()
    if meld.kind == "set":
        if meld.rank is None:
            return frozenset()
        return frozenset(dead_twos(ALL_CARDS[suit * 13 + meld.rank - 2] for suit in range(4)))
    return frozenset(dead_twos(card for card in (meld.stands_for(i) for i in wilds) if isinstance(card, Card)))


def dead_twos(cards: Iterable[Card]) -> list[Card]:
    """``cards`` and, for each 2 among them, its dead 2 (which stands for it as a natural)."""
    listed = list(cards)
    return listed + [dead_two(card) for card in listed if card.rank == 2]


class TableFacts:
    """What the referee asks of a whole table of legal melds under one set of rules: each meld's
    :class:`MeldFits`, every card that might fit some meld (``reach``), and the melds whose wilds
    may be swapped, each with the cards that may be given for them (``swaps``)."""

    __slots__ = ("_reach", "melds", "swaps")

    def __init__(self, table: Sequence[TableMeld], rules: Rules) -> None:
        melds = self.melds = tuple([fits(tm.meld, rules) for tm in table])
        self.swaps: tuple[tuple[int, frozenset[Card]], ...] = tuple(
            [(index, meld_fits.swaps) for index, meld_fits in enumerate(melds) if meld_fits.swaps])
        self._reach: frozenset[Card] | None = None

    @property
    def reach(self) -> frozenset[Card]:
        """Every card that might fit some meld: the union of the melds' ``candidates`` (worked out
        when first asked for, then kept)."""
        if self._reach is None:
            self._reach = frozenset().union(*[meld_fits.candidates for meld_fits in self.melds])
        return self._reach

    def takes(self, card: Card) -> bool:
        """Can ``card`` be laid off on some meld of the table?"""
        return card in self.reach and any(card in meld_fits.candidates and meld_fits.get(card)
                                          for meld_fits in self.melds)


def table_takes(table: Sequence[TableMeld], rules: Rules, card: Card) -> bool:
    """``table_facts(table, rules).takes(card)``, asked meld by meld without the facts of the whole
    table: for a table that no state holds (one the no-trap search weighs), made of melds the memo
    knows but the one a play changed, and asked of one card."""
    return any(fits(tm.meld, rules).get(card) for tm in table)


def wanted_for_swap(table: Sequence[TableMeld], rules: Rules, card: Card) -> bool:
    """May ``card`` be given for a wild of some meld of ``table`` (one of ``table_facts(table, rules).swaps``)?
    Asked meld by meld, as :func:`table_takes`."""
    return any(wanted_by(tm.meld, rules, card) for tm in table)


def wanted_by(meld: Meld, rules: Rules, card: Card) -> bool:
    """May ``card`` be given for a wild of ``meld`` under ``rules``: its wilds may be swapped
    (:func:`swappable`) and ``card`` is one of its :func:`swap_cards`?  (Its :class:`MeldFits`
    keep the answer for every card, as ``swaps``.)"""
    return card in fits(meld, rules).swaps


def table_facts(table: tuple[TableMeld, ...], rules: Rules) -> TableFacts:
    """The :class:`TableFacts` of ``table`` under ``rules``, kept in the memo by the table and the rules.

    The same table object comes back move after move (a state shares its table with the next
    until a meld changes), and is found first by its identity and that of the rules, at the
    cost of two numbers (an entry of that table holds the objects, so that their identities
    name them while it lives); then by content, which costs a hash of every meld."""
    seen = _TABLES_SEEN.get((id(table), id(rules)))
    if seen is not None and seen[0] is table and seen[1] is rules:
        return seen[2]  # type: ignore[no-any-return]
    key = (table, rules)
    found: TableFacts | None = _TABLES.get(key)
    if found is None:
        found = _TABLES.fill(key, lambda key: TableFacts(*key))
    _TABLES_SEEN.put((id(table), id(rules)), (table, rules, found))
    return found
