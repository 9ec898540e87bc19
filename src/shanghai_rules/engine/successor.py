"""Making the next state: a new :class:`~shanghai_rules.state.GameState` from the old one's
fields, with the changed ones replaced.

The new state is made by ``GameState``'s own constructor, so every validator and
converter a field has runs; its fields are passed by position (in the order of
``attrs.fields(GameState)``), which costs a quarter of passing two dozen of them by
keyword, and every field not changed is shared with the old state, not copied.
"""

from __future__ import annotations

import operator
from typing import Any, Final

import attrs

from ..state import GameState

__all__ = ["successor"]

_FIELDS: Final = tuple(field.name for field in attrs.fields(GameState))
_INDEX: Final = {name: i for i, name in enumerate(_FIELDS)}
_values: Final = operator.attrgetter(*_FIELDS)


def successor(state: GameState, **changes: Any) -> GameState:
    """The state after a move: ``state`` with ``changes`` (field name to new value)."""
    values = list(_values(state))
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return GameState(*values)
