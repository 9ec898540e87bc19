""":class:`RandomPlayer`: uniform over the legal actions, but never wasting buys."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Buy, WithdrawBuy
from ..views import PlayerView
from ._judge import fits_table, helpfulness
from .base import Choice, Player, require_choices, seeded_source

__all__ = ["RandomPlayer"]


class RandomPlayer(Player):
    """Picks uniformly at random among the legal actions, from its own seeded source.

    Two kinds of action are left out so that games end and buys are not thrown
    away: ``WithdrawBuy`` (asking and withdrawing could go round forever), and
    ``Buy`` unless the upcard helps the hand (a wild, a card of a rank held, a
    same-suit card within two ranks of one held, or, once down, a card that fits
    a meld on the table).  The same seed and the same views give the same choices.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = seeded_source(seed, "RandomPlayer")
        self.seed = seed

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"

    def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        """A uniformly random choice among the useful legal actions (none given: a
        :class:`~shanghai_rules.errors.RulesError`)."""
        require_choices(view, actions, "RandomPlayer")
        options: list[Choice] = [a for a in actions if not isinstance(a, WithdrawBuy)]
        if any(isinstance(a, Buy) for a in options) and not _upcard_helps(view):
            options = [a for a in options if not isinstance(a, Buy)]
        if not options:
            options = list(actions)
        return options[self._rng.randrange(len(options))]


def _upcard_helps(view: PlayerView) -> bool:
    card = view.upcard
    if card is None:
        return False
    rules = view.rules
    if view.down[view.player]:
        return fits_table(card, view.table, rules)
    return helpfulness(card, view.hand, rules, view.contract) >= 2.0
