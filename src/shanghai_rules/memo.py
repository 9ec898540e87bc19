"""The library's one memo: bounded tables of answers that come back, keyed by content.

A game asks the same questions turn after turn: which cards fit a meld that
stays on the table, what a contract's bounds are under one set of rules, which
actions a seat may take in the draw phase.  Their answers are pure functions of
values (rules, melds, cards, seats), so they are kept here, keyed by those
values themselves, never by the identity of an object or by "the last one
asked": two games played in turns, or a thousand tables on one server, find
their answers side by side and never evict each other's while there is room.

Everything remembered lives in one object, :data:`MEMO`, owned by the engine
(:func:`~shanghai_rules.engine.clear_caches` empties it).  It is made of named
:class:`MemoTable` values, each bounded: a table holds at most
:attr:`MemoTable.limit` entries in each of two generations, so at most twice
that, and its keys and values are values of bounded size (a meld, a hand, a
rules value).  When the young generation fills, it becomes the old one and the
old one is dropped; an answer found in the old generation is moved back to the
young one, so what is in use stays (a cheap approximation of "least recently
used").

The limits are set so that the memo fills within the first hundred or so games
a process plays and then stays that size: 1,000 seeded games of every preset
end within a few megabytes of where the first hundred left it
(``benchmarks/hostile.py`` measures it).

Safe from any number of threads, and free of locks (so a process that forks
while other threads use the memo hands its child none held): every operation
is a dictionary read or write, or the passing of the young generation to the
old one; answers are pure, so two threads that race to fill the same entry
store equal values, and an entry lost as the generations pass is only worked
out again.  Threads that write to one table at the same moment may each add
their entry after another has seen the young generation one short of full, so
under threads a generation holds at most ``limit`` entries plus one for each
other thread writing to that table at once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Final, TypeVar

__all__ = ["MEMO", "Memo", "MemoTable"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: Entries per generation of a table, unless the table says otherwise.
DEFAULT_LIMIT: Final = 1 << 14


class MemoTable(dict[K, V]):
    """One bounded table of the memo: answers by key, in two generations of at most ``limit`` entries.

    The young generation is the table itself (a dictionary, so that :meth:`get` of an answer
    kept is the dictionary's own); the old one is kept beside it."""

    __slots__ = ("_old", "limit", "name")

    def __init__(self, name: str, limit: int = DEFAULT_LIMIT) -> None:
        super().__init__()
        self.name = name
        """What the table holds (for the reader and for :meth:`Memo.sizes`)."""
        self.limit = limit
        """The most entries in each generation (under threads, plus one for each other thread writing
        to the table at once: see the module docs)."""
        self._old: dict[K, V] = {}

    def recall(self, key: K) -> V | None:
        """The answer kept for ``key`` in the old generation, moved to the young one, or ``None``.
        (:meth:`get` asks the young generation; callers ask it first.)"""
        found = self._old.get(key)
        if found is not None:
            self.put(key, found)
        return found

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` as the answer for ``key``; returns it."""
        if len(self) >= self.limit:
            self._old = dict(self)
            dict.clear(self)
        self[key] = value
        return value

    def fill(self, key: K, work: Callable[[K], V]) -> V:
        """The answer for ``key``, which :meth:`get` has not found: the old generation's, or
        ``work(key)``; kept in the young generation.  (Callers ask :meth:`get` first.)"""
        found = self._old.get(key)
        return self.put(key, work(key) if found is None else found)

    def answer(self, key: K, work: Callable[[K], V]) -> V:
        """The answer for ``key``: the one kept, or ``work(key)``, kept."""
        found = dict.get(self, key)
        return self.fill(key, work) if found is None else found

    def size(self) -> int:
        """How many answers the table holds, in both generations."""
        return len(self) + len(self._old)

    def clear(self) -> None:
        """Forget every answer."""
        dict.clear(self)
        self._old = {}


class Memo:
    """The named tables of the memo (see the module docs).  Tables are made when first asked for,
    by their name and limit; :meth:`clear` empties every one."""

    __slots__ = ("_tables",)

    def __init__(self) -> None:
        self._tables: dict[str, MemoTable[Any, Any]] = {}

    def table(self, name: str, limit: int = DEFAULT_LIMIT) -> MemoTable[Any, Any]:
        """The table called ``name`` (made with ``limit`` the first time it is asked for).  Each
        module that remembers answers asks for its tables once, as it is imported."""
        found = self._tables.get(name)
        if found is None:
            found = self._tables.setdefault(name, MemoTable(name, limit))
        return found

    def clear(self) -> None:
        """Empty every table."""
        for table in list(self._tables.values()):
            table.clear()

    def sizes(self) -> dict[str, int]:
        """How many answers each table holds now."""
        return {name: table.size() for name, table in self._tables.items()}

    def bound(self) -> int:
        """The most answers the memo can hold: twice each table's limit, summed."""
        return sum(2 * table.limit for table in self._tables.values())


MEMO: Final = Memo()
"""The memo the engine and the validators share."""
