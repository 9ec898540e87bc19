"""The long fuzz of other tables' rules: thousands of whole games under random combinations of the
rules fields added for them (:func:`random_rules.table_rules`), every invariant checked after every
step.  ``.ci/run`` selects it (marker ``long``)."""

from __future__ import annotations

import random

import pytest

from invariants import play_random_game
from random_rules import table_rules

BATCHES = 20
GAMES_PER_BATCH = 100


@pytest.mark.long
@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_table_rules_play_thousands_of_whole_games_with_every_invariant(batch: int) -> None:
    """Each game draws its own rules (at most three rounds, so that games stay short) and plays to
    the end: no stall (every position has a legal action, every round ends), no broken invariant."""
    for game in range(batch * GAMES_PER_BATCH, (batch + 1) * GAMES_PER_BATCH):
        rng = random.Random(game)
        rules = table_rules(rng, f"fuzz {game}", most_rounds=3)
        players = rng.randint(rules.min_players, min(rules.max_players, 5))
        steps = sum(1 for _ in play_random_game(rules, players, game))
        assert steps > 0
