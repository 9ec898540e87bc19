"""Building the library's own frozen values quickly (internal).

The engine makes a new :class:`~shanghai_rules.state.GameState` on every move,
and many melds while it weighs plays.  A frozen attrs class refuses plain
attribute assignment, and setting its slots one by one through their
descriptors (or ``object.__setattr__``) costs several times more than
assigning them.  So each value is built as an instance of the class's *open
twin*: a subclass that adds no slots and keeps the default ``__setattr__`` and
``__delattr__``, whose slots Python assigns at full speed, and whose ``__init__``
is ``object``'s, so that calling it makes an empty instance (which costs less
than ``object.__new__(twin)``).  Once every field is
set, the value's class becomes the frozen class itself (the layouts are the
same, so Python allows it), and from then on it is an ordinary frozen value:
equal to, and indistinguishable from, one built by the constructor.

Only values whose fields the library has just computed itself are built this
way; the public constructors, with their validators, serve everyone else.
"""

from __future__ import annotations

from typing import Any

__all__ = ["open_twin"]


def open_twin(cls: type[Any]) -> type[Any]:
    """A subclass of the frozen slotted class ``cls`` with the same slots, whose fields can be
    assigned: ``open_twin(cls)()`` is an instance with no field set yet; give it ``cls`` as its
    ``__class__`` once its fields are set."""
    return type(
        f"_Open{cls.__name__}",
        (cls,),
        {
            "__slots__": (),
            # both: Python keeps the fast generic assignment only if neither is overridden
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            # called with no arguments, the twin makes an empty instance in C (not with cls's __init__)
            "__init__": object.__init__,
            "__module__": cls.__module__,
            "__doc__": f"An open twin of :class:`{cls.__name__}`, for building one (internal).",
        },
    )
