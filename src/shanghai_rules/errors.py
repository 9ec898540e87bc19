"""The library's own errors.  Every one is a :class:`ValueError`."""

from __future__ import annotations

__all__ = ["IllegalAction", "MalformedAction", "RulesError"]


class IllegalAction(ValueError):
    """An action the rules do not allow in this position.

    ``reason`` says why, in words a player can act on; ``action`` is the action
    refused.  The state it was tried on is never changed.
    """

    def __init__(self, reason: str, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class MalformedAction(IllegalAction):
    """An action built with a field of the wrong type or value (a seat that is not a
    number, a card that is not a card, an unknown run end)."""


class RulesError(ValueError):
    """A :class:`~shanghai_rules.rules.Rules` or :class:`~shanghai_rules.rules.Contract` that cannot be
    played; the message names the field."""
