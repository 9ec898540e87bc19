"""Making the next state: a new :class:`~shanghai_rules.state.GameState` from the old one's
fields, with the changed ones replaced.

The new state is made by ``GameState``'s own constructor, so every validator and
converter a field has runs; its fields are passed by position (in the order of
``attrs.fields(GameState)``), which costs a fraction of passing two dozen of them
by keyword, and every field not changed is shared with the old state, not copied.

A move that changes the same fields every time names them once, as a :class:`Change`.

Each new state counts one more move (``GameState.move_number``) than the state it is made from;
a move that makes its state in two steps (a discard that ends the round, a cut and the deal)
makes the second with :func:`same_move` (or a :class:`Change` made with ``part=True`` the first).
"""

from __future__ import annotations

import operator
from typing import Any, Final

import attrs

from ..state import GameState

__all__ = ["Change", "same_move", "successor"]

_FIELDS: Final = tuple(field.name for field in attrs.fields(GameState))
_INDEX: Final = {name: i for i, name in enumerate(_FIELDS)}
_values: Final = operator.attrgetter(*_FIELDS)
_MOVE: Final = _INDEX["move_number"]


class Change:
    """A change of the same fields of a state, made again and again: ``Change("phase", "turn")(state,
    "play", 2)`` is ``state`` with ``phase`` and ``turn`` replaced, in the order named."""

    __slots__ = ("counted", "indexes", "names")

    def __init__(self, *names: str, part: bool = False) -> None:
        for name in names:
            if name not in _INDEX:
                raise AttributeError(f"GameState has no field {name!r}")
        if len(set(names)) != len(names) or "move_number" in names:
            raise ValueError(f"a Change names each field once, and never move_number: {names!r}")
        self.names = names
        """The fields changed."""
        self.indexes = tuple(_INDEX[name] for name in names)
        """Their places in ``attrs.fields(GameState)``."""
        self.counted = 0 if part else 1
        """The moves it counts: none where it is only a part of a move (``part=True``) that a
        later step counts."""

    def __call__(self, state: GameState, *values: Any) -> GameState:
        """``state`` with the fields named replaced by ``values``, in the same order."""
        if len(values) != len(self.names):
            raise TypeError(f"a Change of {self.names!r} takes {len(self.names)} values, not {len(values)}")
        fields = list(_values(state))
        for index, value in zip(self.indexes, values):
            fields[index] = value
        fields[_MOVE] = state.move_number + self.counted
        return GameState(*fields)


def successor(state: GameState, **changes: Any) -> GameState:
    """The state after a move: ``state`` with ``changes`` (field name to new value), one move on."""
    fields = list(_values(state))
    fields[_MOVE] = state.move_number + 1
    for name, value in changes.items():
        fields[_INDEX[name]] = value
    return GameState(*fields)


def same_move(state: GameState, **changes: Any) -> GameState:
    """The second step of a move made in two (``state`` is the first step's result): ``state`` with
    ``changes``, counting no further move."""
    return successor(state, move_number=state.move_number, **changes)
