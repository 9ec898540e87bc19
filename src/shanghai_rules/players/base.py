"""The :class:`Player` protocol and :class:`Pass`, the choice to let an offer go by."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from ..actions import Action
from ..views import PlayerView

__all__ = ["Choice", "Pass", "Player"]


@attrs.frozen
class Pass:
    """Let an offer go by.

    Before the player on turn draws, every other seat is offered its chance to
    buy the upcard or call Shanghai (SPEC 4.4, 4.8); ``Pass`` is the answer
    "not this time".  It is offered only then, and it is not an engine action:
    the game loop records nothing for it.
    """

    player: int
    """The seat that passes."""


Choice = Action | Pass
"""What a player picks: one of the offered actions, or :class:`Pass` where offered."""


@runtime_checkable
class Player(Protocol):
    """A computer (or human) player: given what its seat may see and its legal
    actions, it picks one.

    ``view`` is that seat's view of the game
    (:func:`shanghai_rules.views.observe`), never the full state.  ``actions``
    is never empty; it holds the seat's legal actions now, and :class:`Pass`
    when the seat is being offered a buy or a Shanghai call that it may decline.
    A player may return any legal action (for instance a ``LayDown`` that
    :func:`~shanghai_rules.engine.legal_actions` did not list), but usually
    returns one of ``actions``.
    """

    def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        """Pick one of ``actions``."""
        ...
