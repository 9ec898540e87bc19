"""Making the next state: a new :class:`~shanghai_rules.state.GameState` from the old one's
fields, with the changed ones replaced.

The new state is made by ``GameState``'s own constructor, so every validator and
converter a field has runs; its fields are passed by position (in the order of
``attrs.fields(GameState)``), which costs a fraction of passing two dozen of them
by keyword, and every field not changed is shared with the old state, not copied.

A move that changes the same fields every time names them once, as a :class:`Change`.
"""

from __future__ import annotations

import operator
from typing import Any, Final

import attrs

from ..state import GameState

__all__ = ["Change", "successor"]

_FIELDS: Final = tuple(field.name for field in attrs.fields(GameState))
_INDEX: Final = {name: i for i, name in enumerate(_FIELDS)}
_values: Final = operator.attrgetter(*_FIELDS)


class Change:
    """A change of the same fields of a state, made again and again: ``Change("phase", "turn")(state,
    "play", 2)`` is ``state`` with ``phase`` and ``turn`` replaced, in the order named."""

    __slots__ = ("indexes", "names")

    def __init__(self, *names: str) -> None:
        for name in names:
            if name not in _INDEX:
                raise AttributeError(f"GameState has no field {name!r}")
        self.names = names
        """The fields changed."""
        self.indexes = tuple(_INDEX[name] for name in names)
        """Their places in ``attrs.fields(GameState)``."""

    def __call__(self, state: GameState, *values: Any) -> GameState:
        """``state`` with the fields named replaced by ``values``, in the same order."""
        fields = list(_values(state))
        for index, value in zip(self.indexes, values):
            fields[index] = value
        return GameState(*fields)


def successor(state: GameState, **changes: Any) -> GameState:
    """The state after a move: ``state`` with ``changes`` (field name to new value)."""
    fields = list(_values(state))
    for name, value in changes.items():
        fields[_INDEX[name]] = value
    return GameState(*fields)
