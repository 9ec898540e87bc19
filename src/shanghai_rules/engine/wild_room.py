"""Room for wilds: at most how many wild cards the melds on the table can still take this turn.

The no-trap ruling (:mod:`~shanghai_rules.engine.no_trap`) asks it of a player who
is down and owes wilds: where fewer wild cards can ever join the table than are owed,
the turn cannot end, whatever is played.  :func:`wild_room` is an upper bound, worked
out meld by meld from the wild limits (:class:`~shanghai_rules.wild_limits.WildLimits`),
the places left in each run and the natural cards held:

* **a run** takes new cards only beyond its ends, at most 13 cards in all;
  where wilds must be apart, no two wilds stand side by side there, nor beside a
  wild end card, so each wild needs a natural card between it and the next, and
  those naturals can only come from the hand (a wild 2 may stand in its own
  place, the 2, as a natural, which gives a run that can reach it up to two more
  wild cards there); where a count limit holds at lay-offs, no more wilds than the
  highest limit a run of 13 cards or fewer gets;
* **a set** takes any number of wild cards, unless a count limit holds at
  lay-offs; a set of 2s (or of wilds only) where 2s are wild takes any number of
  2s as naturals.

Why the bound holds for the rest of the turn, whatever the order of plays: a
down player lays down no new meld; laying off a natural card makes no new room
(it fills a place, and the natural it puts beside the next place is one the bound
already counted); laying off a wild takes one place of room; and a swap makes at
most one more place of room (its meld holds one wild fewer, or its end card becomes
natural) while owing one more wild; except the swap of an owed wild 2 into its own
place of a run, where a wild stood for it, which pays one owed wild as it frees
another: so for each run with a wild at its 2's place the bound counts the one place
of room such a swap may make.  So room minus wilds owed never grows, and the turn
ends only with no wild owed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACE, MAX_CARDS, Card
from ..meld_value import Meld, is_wild
from ..rules import Rules
from ..state import TableMeld

__all__ = ["wild_room"]


def wild_room(rules: Rules, table: Sequence[TableMeld], hand: Sequence[Card]) -> int | None:
    """At most how many more wild cards the melds of ``table`` can take this turn, from a player who
    is down and holds ``hand`` (``None``: as many as there are, a set there taking any number)."""
    places = _natural_places(hand, rules)
    total = 0
    for table_meld in table:
        meld = table_meld.meld
        room = _set_room(meld, rules) if meld.kind == "set" else _run_room(meld, rules, places)
        if room is None:
            return None
        total += room
    return total


def _natural_places(hand: Sequence[Card], rules: Rules) -> dict[object, list[int]]:
    """The run places (1-14) the natural cards of ``hand`` can fill, by suit (an ace both ends)."""
    places: dict[object, list[int]] = {}
    for card in hand:
        if is_wild(card, rules):
            continue
        held = places.setdefault(card.suit, [])
        if card.rank == ACE:
            held.extend((1, 14))
        else:
            held.append(card.rank)
    return places


def _set_room(meld: Meld, rules: Rules) -> int | None:
    """The room for wilds in a set: the highest count limit at lay-offs less the wilds it holds."""
    if rules.wild_twos and meld.rank in (2, None):
        return None
    most = rules.wild_limits.most_at_lay_offs(len(meld.cards), MAX_CARDS)
    if most is None:
        return None
    return max(0, most - len(meld.wild_indices()))


def _run_room(meld: Meld, rules: Rules, places: dict[object, list[int]]) -> int:
    """The room for wilds in a run (see the module docs)."""
    length, start, end = len(meld.cards), meld.start, meld.end
    limits = rules.wild_limits
    natural_twos = rules.wild_twos and rules.natural_twos
    own_two = 1 if natural_twos and start >= 3 else 0  # a 2 in its own place, natural
    # a wild standing at the 2's place, for which an owed wild 2 may be swapped (see the module docs)
    swap_two = 1 if natural_twos and start <= 2 <= end and not meld.is_natural_at(2 - start) else 0
    room = 13 - length
    if limits.apart_in_runs:
        held = places.get(meld.suit, [])
        below = sum(1 for place in held if place < start)
        above = sum(1 for place in held if place > end)
        low = _apart_room(start - 1, below, not meld.is_natural_at(0))
        if own_two and start - 3 <= 2 * below + 1:  # the places up to the 2 can all be filled
            low += 2
        high = _apart_room(14 - end, above, not meld.is_natural_at(length - 1))
        room = min(room, low + high + swap_two)
    most = limits.most_at_lay_offs(length, 13)
    if most is not None:
        room = min(room, most - len(meld.wild_indices()) + own_two + swap_two)
    return max(0, room)


def _apart_room(places: int, naturals: int, beside_wild: bool) -> int:
    """The most wilds ``places`` places beyond a run's end can take where wilds must be apart, with
    ``naturals`` natural cards held for them and the end card a wild or not: no two side by side,
    none beside a wild end, each wild with a natural between it and the next."""
    if beside_wild:
        return min(places // 2, naturals)
    return min((places + 1) // 2, naturals + 1)
