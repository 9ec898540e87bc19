"""The checking mode: every shortcut checked against the full judgement it stands for.

The library states each rule once, as a *judgement* (a function that decides
the rule from first principles), and allows itself a *shortcut* only where it
is a cached or incremental form of a named judgement: the answer a listing
already found, reused by :func:`~shanghai_rules.engine.apply`; a verdict read
off the sizes of a hand instead of searched for; a meld known legal that one
more natural card keeps legal.  Each shortcut names its judgement and passes
its answer through :func:`confirm` or :func:`agree`.

Normally those calls only hand the answer back.  In the checking mode they
also run the full judgement beside the shortcut and raise
:class:`ShortcutMismatch` on any difference, as chess engines check their
incremental updates against a full recomputation in debug builds.  The mode is
on when the environment variable ``SHANGHAI_RULES_VERIFY`` is set to ``1`` as
the library is imported, and within ``with checking():`` (for one thread: the
switch is a context variable).  The test suite runs its property tests and
state machine in this mode.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final, TypeVar

__all__ = ["ShortcutMismatch", "agree", "checking", "confirm", "verifying"]

T = TypeVar("T")

_FROM_ENVIRONMENT: Final = os.environ.get("SHANGHAI_RULES_VERIFY", "") == "1"
_MODE: Final = ContextVar("shanghai_rules_verify", default=_FROM_ENVIRONMENT)
_TALLY: Final[ContextVar[dict[str, int] | None]] = ContextVar("shanghai_rules_verify_tally", default=None)


class ShortcutMismatch(AssertionError):
    """A shortcut gave another answer than the judgement it stands for (a bug in the library)."""


def verifying() -> bool:
    """Is the checking mode on (in this thread)?"""
    return _MODE.get()


@contextmanager
def checking(on: bool = True, tally: dict[str, int] | None = None) -> Iterator[None]:
    """Turn the checking mode on (or off) within the ``with`` block, in this thread.  ``tally``, a
    dictionary of the caller's, counts by shortcut how many answers were checked."""
    token = _MODE.set(on)
    counts = _TALLY.set(tally)
    try:
        yield
    finally:
        _TALLY.reset(counts)
        _MODE.reset(token)


def _count(shortcut: str) -> None:
    tally = _TALLY.get()
    if tally is not None:
        tally[shortcut] = tally.get(shortcut, 0) + 1


def confirm(value: T, holds: Callable[[], bool], shortcut: str) -> T:
    """``value``, the answer of ``shortcut``; in the checking mode, first ``holds()`` (the full
    judgement's verdict that the answer is right) must be true."""
    if _MODE.get():
        _count(shortcut)
        if not holds():
            raise ShortcutMismatch(f"{shortcut}: the full judgement does not confirm {value!r}")
    return value


def agree(value: T, full: Callable[[], T], shortcut: str) -> T:
    """``value``, the answer of ``shortcut``; in the checking mode, first ``full()`` (the full
    judgement) must give an equal answer."""
    if _MODE.get():
        _count(shortcut)
        expected = full()
        if expected != value:
            raise ShortcutMismatch(f"{shortcut}: the shortcut says {value!r}, the full judgement {expected!r}")
    return value
