"""The :class:`Player` protocol; :class:`Pass` and :data:`Choice` are the table's
(:mod:`shanghai_rules.table`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..errors import RulesError, excerpt
from ..table import Choice, Pass
from ..views import PlayerView

__all__ = ["Choice", "Pass", "Player", "require_choices", "seeded_source"]


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


def seeded_source(seed: object, player: str) -> random.Random:
    """A computer player's own random source, seeded with ``seed``: a whole number (any length), or
    :class:`~shanghai_rules.errors.RulesError` (``bad_argument``) naming the ``player`` class."""
    if type(seed) is not int:
        raise RulesError(f"{player}: seed {excerpt(seed)} is not a whole number", "bad_argument")
    return random.Random(seed)


def require_choices(view: PlayerView, actions: Sequence[Choice], player: str) -> None:
    """Refuse a ``view`` that is no :class:`~shanghai_rules.views.PlayerView`, and an ``actions`` that
    is no sequence or is empty (the engine lists at least one action whenever a seat is asked):
    :class:`~shanghai_rules.errors.RulesError` (``bad_argument``) naming the ``player`` class."""
    if not isinstance(view, PlayerView):
        raise RulesError(f"{player}: {excerpt(view)} is not a seat's view (observe)", "bad_argument")
    if not isinstance(actions, Sequence) or isinstance(actions, (str, bytes)):
        raise RulesError(f"{player}: {excerpt(actions)} is not a sequence of actions", "bad_argument")
    if not actions:
        raise RulesError(f"{player}: no actions to choose from", "bad_argument")
