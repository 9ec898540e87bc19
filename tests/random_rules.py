"""Random rules for the fuzz tests: a preset with other tables' house rules turned on at random.

:func:`table_rules` draws a preset, keeps a random run of its rounds (so that
whole games stay short), now and then deals hands so large that the stock runs
out, and turns the rules fields added for other tables on and off at random,
in every combination the rules allow together.  Each combination it draws must
build: a refusal is a failure of the test, not a reason to draw again.
"""

from __future__ import annotations

import random

import attrs

import shanghai_rules as sr


def _some_rounds(base: sr.Rules, rng: random.Random, most: int) -> dict[str, object]:
    """A random run of at most ``most`` consecutive rounds of ``base``, with what is given per round."""
    count = rng.randint(1, min(most, base.rounds))
    first = rng.randrange(base.rounds - count + 1)
    rounds = slice(first, first + count)
    changes: dict[str, object] = {"contracts": base.contracts[rounds], "buy_limits": base.buy_limits[rounds]}
    if base.hand_sizes is not None:
        changes["hand_sizes"] = base.hand_sizes[rounds]
    return changes


def table_rules(rng: random.Random, name: str, *, most_rounds: int = 10) -> sr.Rules:
    """A preset drawn with ``rng``, at most ``most_rounds`` of its rounds, and the table fields at random."""
    base = sr.get_rules(rng.choice(list(sr.PRESETS)))
    changes: dict[str, object] = {
        "name": name,
        "turn_limit": rng.randint(6, 15),
        "discarder_may_buy": rng.random() < 0.5,
        "take_upcard_when_down": rng.random() < 0.5,
        "buy_needs_stock": rng.random() < 0.5,
        "contract_runs_overlap": rng.random() < 0.5,
        "opening_draw": rng.random() < 0.5,
        "stock_rebuild": rng.choice(["under_upcard", "whole_pile"]),
        "stock_rebuilds": rng.choice([None, 0, 1, 2]),
        "fresh_deck_when_empty": rng.random() < 0.5,
        "deadlock_ends_round": rng.random() < 0.5,
        **_some_rounds(base, rng, most_rounds),
    }
    contracts = changes["contracts"]
    assert isinstance(contracts, tuple)
    whole = any(contract.no_discard for contract in contracts)
    whole_sets = any(contract.no_discard and contract.sets for contract in contracts)
    if base.jokers_per_deck and rng.random() < 0.5:
        changes["swappable_wilds"] = "jokers"
    if not whole and rng.random() < 0.5:
        changes["going_down_keeps_a_card"] = True
    if not whole and rng.random() < 0.5:
        changes["contract_melds_exact"] = True
    if not (whole_sets and base.wild_twos) and rng.random() < 0.5:
        changes["distinct_contract_set_suits"] = True
    if not base.shanghai_call and rng.random() < 0.5:
        changes["buy_window"] = "until_discard"
    if rng.random() < 0.5:
        changes["buy_offers"] = "in_turn"
    if base.wild_twos and rng.random() < 0.5:
        changes.update(natural_twos=False, ace_low=False)
    elif base.wild_twos and rng.random() < 0.6:
        changes["discarded_twos_die"] = True
    if not (base.swap_from_runs or base.swap_from_sets):
        changes["swap_from_runs"] = True
    if rng.random() < 0.4:
        changes.update(_short_stock(base, rng))
    return attrs.evolve(base, **changes)  # type: ignore[arg-type]


def _short_stock(base: sr.Rules, rng: random.Random) -> dict[str, object]:
    """Hands so large that the stock, for the seat count that leaves least, holds only a few cards
    after the deal (so that it runs out, and the rules of an empty stock are played)."""
    slack = rng.randint(0, 10)
    hand = min((base.card_count(players) - 2 - slack) // players
               for players in range(base.min_players, base.max_players + 1))
    return {"hand_size": hand, "hand_sizes": None}
