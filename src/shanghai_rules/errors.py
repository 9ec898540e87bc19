"""The library's own errors.  Every one is a :class:`ValueError`.

Their messages are bounded: at most :data:`MAX_MESSAGE_LENGTH` characters, every
character UTF-8 cannot write escaped, and what they quote of the input that was
refused is a short excerpt (:func:`excerpt`), however long or strange that input.
"""

from __future__ import annotations

import reprlib
from typing import Final

from .refusals import Code

__all__ = ["MAX_MESSAGE_LENGTH", "IllegalAction", "MalformedAction", "RulesError", "bounded", "excerpt", "number_size"]

MAX_MESSAGE_LENGTH: Final = 1_000
"""The longest message an error of the library carries, in characters."""

_EXCERPT_LENGTH: Final = 40


class _ShortRepr(reprlib.Repr):
    """``repr`` of a few items and characters of anything."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 2
        self.maxstring = self.maxother = self.maxlong = _EXCERPT_LENGTH
        self.maxtuple = self.maxlist = self.maxdict = self.maxset = self.maxfrozenset = 4

    def repr_int(self, x: int, level: int) -> str:
        """A whole number, or its size where it is too long to write out (or for Python to)."""
        if x.bit_length() > 4 * _EXCERPT_LENGTH:
            return number_size(x)
        return super().repr_int(x, level)


def number_size(number: int) -> str:
    """A whole number told by its size, as a message tells one too long to quote (or for Python to
    write out): ``"a whole number of 16,610 bits"``."""
    return f"a whole number of {number.bit_length():,} bits"


def excerpt(value: object, limit: int = _EXCERPT_LENGTH) -> str:
    """``value`` as a message quotes it: its ``repr``, cut to about ``limit`` characters (``...``
    where cut), every character that is not printable escaped; a whole number too long to write
    out is described by its size.

    >>> excerpt("4H " * 1000)
    "'4H 4H 4H 4H 4H 4H 4H 4H 4H 4H 4H 4H 4H 4'..."
    >>> excerpt(10 ** 5000)
    'a whole number of 16,610 bits'
    """
    if isinstance(value, str):
        cut = value[:limit]
        return repr(cut) if len(cut) == len(value) else repr(cut) + "..."
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return number_size(value)
    if isinstance(value, (int, float, bool)) or value is None:
        return repr(value)
    text = _ShortRepr().repr(value)
    return bounded(text[:limit * 2] + "..." if len(text) > limit * 2 else text)


def bounded(message: str) -> str:
    """``message`` as the library's errors carry it: every character UTF-8 cannot write (a lone
    surrogate) escaped, and cut to at most :data:`MAX_MESSAGE_LENGTH` characters."""
    if len(message) <= MAX_MESSAGE_LENGTH and message.isascii():
        return message
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    if len(message) > MAX_MESSAGE_LENGTH:
        message = message[:MAX_MESSAGE_LENGTH - 3] + "..."
    return message


class IllegalAction(ValueError):
    """An action the rules do not allow in this position.

    ``reason`` says why, in words a player can act on; ``code`` names the rule broken
    (one of :data:`~shanghai_rules.refusals.CODES`, for a program to branch on);
    ``action`` is the action refused; ``meld``, where the refusal is about a meld on the
    table (the code ``no_such_meld``), is the index into ``state.table`` the action named.
    The state it was tried on is never changed.
    """

    def __init__(self, reason: str, action: object = None, *, code: Code = "unspecified",
                 meld: int | None = None) -> None:
        reason = bounded(reason)
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.code: Code = code
        """The code of the rule broken (see :mod:`~shanghai_rules.refusals`)."""
        self.meld = meld
        """The index of the meld on the table the refusal is about, where it is about one."""


class MalformedAction(IllegalAction):
    """An action built with a field of the wrong type or value (a seat that is not a
    number, a card that is not a card, an unknown run end)."""


class RulesError(ValueError):
    """A :class:`~shanghai_rules.rules.Rules` or :class:`~shanghai_rules.rules.Contract` that cannot be
    played; the message names the field, and ``code`` the rule (see :mod:`~shanghai_rules.refusals`)."""

    def __init__(self, message: str, code: Code = "unspecified") -> None:
        super().__init__(bounded(message))
        self.code: Code = code
        """The code of the rule broken."""
