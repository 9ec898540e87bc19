"""The ``describe()`` method that actions, events, states and views share.

A tiny base class, with no import of the rest of the package, so that the
modules defining those values can use it; the words themselves are
:func:`shanghai_rules.text.describe`'s, imported when first asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Describable"]


class Describable:
    """A value :func:`shanghai_rules.text.describe` puts into words, with that as its ``describe()`` method."""

    __slots__ = ()

    def describe(self, *, ascii: bool = False, names: Sequence[str] | None = None) -> str:
        """One line of text for this value: ``shanghai_rules.text.describe(self, ascii=ascii, names=names)``."""
        from .text import describe  # (imported when first needed: the words are rarely asked for in a game loop)

        return describe(self, ascii=ascii, names=names)
