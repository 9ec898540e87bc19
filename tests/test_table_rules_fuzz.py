"""The long fuzz of other tables' rules: thousands of whole games under random combinations of the
rules fields added for them (:func:`random_rules.table_rules`), every invariant checked after every
step, and now and then the position and its views written as JSON and read back.  ``.ci/run``
selects it (marker ``long``)."""

from __future__ import annotations

import random

import pytest

import shanghai_rules as sr
from invariants import play_random_game
from random_rules import table_rules

BATCHES = 20
GAMES_PER_BATCH = 100
DOCUMENT_EVERY = 25  # (every this many steps, and at the end, the position is written and read back)


@pytest.mark.long
@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_table_rules_play_thousands_of_whole_games_with_every_invariant(batch: int) -> None:
    """Each game draws its own rules (at most three rounds, so that games stay short) and plays to
    the end: no stall (every position has a legal action, every round ends), no broken invariant."""
    for game in range(batch * GAMES_PER_BATCH, (batch + 1) * GAMES_PER_BATCH):
        rng = random.Random(game)
        rules = table_rules(rng, f"fuzz {game}", most_rounds=3)
        players = rng.randint(rules.min_players, min(rules.max_players, 5))
        steps = 0
        for _, _, after in play_random_game(rules, players, game):
            steps += 1
            if steps % DOCUMENT_EVERY == 0 or after.is_over:
                check_documents_read_back(after)
        assert steps > 0


def check_documents_read_back(state: sr.GameState) -> None:
    """The position and every seat's view, written as JSON, are read back as they were: the checks
    ``from_json`` makes refuse no position a game reaches under these rules."""
    assert sr.from_json(sr.to_json(state)) == state
    for seat in range(state.players):
        view = sr.observe(state, seat)
        assert sr.from_json(sr.to_json(view)) == view
