"""The wild limits: how many wilds a meld may hold, and where (rules: melds).

One value, :class:`WildLimits`, derived from a :class:`~shanghai_rules.rules.Rules`
by :func:`wild_limits`, states every rule about wilds in melds once:

* **by count**: at most ``Rules.max_wilds_per_meld`` wilds in any meld, and at
  most what ``Rules.max_wilds_by_length`` gives a meld of its length;
* **by naturals**: no more wilds than naturals (``Rules.wilds_at_most_naturals``);
* **apart**: no two wilds side by side in a run (``Rules.run_wilds_apart``);
* **when**: the count and naturals limits hold at every lay-off too, unless
  ``Rules.wild_limits_on_lay_off`` is false, when they are judged only as a
  contract is laid down; the apart rule always holds.

Every :class:`~shanghai_rules.rules.Rules` value holds its own, as
``Rules.wild_limits``, worked out as it is built.  Melds
(:mod:`~shanghai_rules.melds`), contracts and their search
(:mod:`~shanghai_rules.contracts`, :mod:`~shanghai_rules.contract_bounds`) and the
engine's plays all ask this value, and nothing else, what the limits allow.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

import attrs

from .cards import MAX_CARDS
from .refusals import Reason, Refusal

if TYPE_CHECKING:  # (Rules holds its WildLimits: this module may not import rules at run time)
    from .rules import Rules

__all__ = ["WildLimits", "wild_limits"]


@attrs.frozen
class WildLimits:
    """Every limit on wilds in melds under one set of rules (see the module docs)."""

    most_per_meld: int | None
    """At most this many wilds in any meld (``None``: no such limit)."""
    by_length: tuple[tuple[int, int], ...] | None
    """``(length, most_wilds)`` steps: a meld may hold the number paired with the longest listed
    length it reaches, and none if it is shorter than every listed length (``None``: no such limit)."""
    at_most_naturals: bool
    """A meld may hold no more wilds than naturals."""
    apart_in_runs: bool
    """No two wilds may stand next to each other in a run."""
    on_lay_off: bool
    """The count and naturals limits hold at every lay-off, not only when a contract is laid down."""
    reaches: tuple[int, ...] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(lambda self: _reaches(self.by_length), takes_self=True))
    """The lengths of :attr:`by_length`, in order (to find a length's step by bisection)."""

    @classmethod
    def of(cls, rules: Rules) -> WildLimits:
        """The limits of ``rules`` (:func:`wild_limits` remembers them)."""
        return cls(rules.max_wilds_per_meld, rules.max_wilds_by_length, rules.wilds_at_most_naturals,
                   rules.run_wilds_apart, rules.wild_limits_on_lay_off)

    def most(self, length: int) -> int | None:
        """The most wilds a meld of ``length`` cards may hold by count (``None``: no limit by count)."""
        limit = self.most_per_meld
        if self.by_length is not None:
            step = bisect_right(self.reaches, length)  # (the steps reached: the last one counts)
            by_length = self.by_length[step - 1][1] if step else 0
            if limit is None or by_length < limit:
                limit = by_length
        return limit

    @property
    def steady_length(self) -> int:
        """The length from which on the limit by count is the same for every meld: the last length
        :attr:`by_length` names, or one past the most cards any game holds (no meld is longer)."""
        return 0 if self.by_length is None else min(self.by_length[-1][0], MAX_CARDS + 1)

    def reason(self, wilds: int, naturals: int, *, laid_off: bool = False) -> Refusal:
        """Why a meld of ``wilds`` wilds and ``naturals`` naturals breaks the count or naturals limits
        (empty if it does not).  ``laid_off``: the meld has grown by lay-offs, where these limits
        hold only if :attr:`on_lay_off`.  The one statement of these two limits."""
        if not wilds or (laid_off and not self.on_lay_off):
            return ""
        limit = self.most(wilds + naturals)
        if limit is not None and wilds > limit:
            if limit != self.most_per_meld:
                many = "no wilds" if limit == 0 else "one wild" if limit == 1 else f"{limit} wilds"
                return Reason("wild_limit",
                              f"a meld of {wilds + naturals} cards may hold at most {many} under these rules")
            if limit == 0:
                return Reason("wild_limit", "a meld may hold no wilds under these rules")
            if limit == 1:
                return Reason("wild_limit", "a meld may hold at most one wild under these rules")
            return Reason("wild_limit", f"a meld may hold at most {limit} wilds under these rules")
        if self.at_most_naturals and wilds > naturals:
            return (Reason("wild_limit", f"a meld may hold no more wilds than naturals under these rules "
                    f"({wilds} wilds, {naturals} naturals)"))
        return ""

    def allows(self, wilds: int, naturals: int) -> bool:
        """May a meld hold ``wilds`` wilds and ``naturals`` naturals, by count and by naturals?"""
        limit = self.most(wilds + naturals)
        if limit is not None and wilds > limit:
            return False
        return not (self.at_most_naturals and wilds > naturals)

    @property
    def depends_on_length(self) -> bool:
        """Does the count limit change with a meld's length?"""
        return self.by_length is not None

    @property
    def counts_lay_offs(self) -> bool:
        """Does some count or naturals limit hold when a card is laid off?"""
        return self.on_lay_off and (self.most_per_meld is not None or self.at_most_naturals
                                    or self.by_length is not None)

    def most_by_length(self, longest: int) -> tuple[int | None, ...]:
        """:meth:`most` of every length from 0 to ``longest``, by length (worked out up to the longest
        listed length, from which on it stays the same)."""
        steady = self.steady_length
        found = [self.most(length) for length in range(min(longest, steady) + 1)]
        return (*found, *(found[-1],) * (longest - steady)) if longest > steady else tuple(found)

    def regular(self, longest: int, shortest: int = 0) -> bool:
        """Does the count limit rise by at most one wild per card, over melds of ``shortest`` (the
        shortest meld in question: the limits of shorter ones do not matter) to ``longest`` cards?
        (Where it does, a meld longer than a contract asks for never holds more wilds than it needs.)"""
        steady = self.steady_length  # (no change from there on)
        top = max(shortest, min(longest, steady + 1))
        counted = [most for most in self.most_by_length(top)[shortest:] if most is not None]
        return all(b - a <= 1 for a, b in zip(counted, counted[1:]))

    def most_at_lay_offs(self, shortest: int, longest: int) -> int | None:
        """The most wilds a meld may ever hold at a lay-off, once it is ``shortest`` to ``longest``
        cards long (``None``: no count limit binds lay-offs)."""
        if not self.on_lay_off:
            return None
        if self.by_length is not None:
            longest = min(longest, max(shortest, self.steady_length))  # beyond the last step, no change
        highest: int | None = None
        for length in range(shortest, longest + 1):
            most = self.most(length)
            if most is None:
                return None
            highest = most if highest is None else max(highest, most)
        return highest

    def grows_beyond(self, length: int) -> bool:
        """Would a meld of ``length`` cards have room for more wilds by count were it longer?"""
        if self.by_length is None:
            return False
        now = self.most(length)
        if now is None:
            return False
        longest = self.steady_length  # from this length on, the limit stays as it is
        for longer in range(length + 1, max(length + 1, longest) + 1):
            limit = self.most(longer)
            if limit is None or limit > now:
                return True
        return False


def _reaches(steps: object) -> tuple[int, ...]:
    """The lengths of ``steps`` (``Rules.max_wilds_by_length``), in order; none where they are not
    (length, most) pairs, which the checks of ``Rules`` refuse as it is built."""
    if not isinstance(steps, tuple) or not all(isinstance(step, tuple) and len(step) == 2 for step in steps):
        return ()
    return tuple(step[0] for step in steps)


def wild_limits(rules: Rules) -> WildLimits:
    """The :class:`WildLimits` of ``rules`` (``rules.wild_limits``)."""
    return rules.wild_limits
