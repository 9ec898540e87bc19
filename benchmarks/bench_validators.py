"""Validator benchmark: ``check_meld`` and ``find_contract`` timings.

``check_meld``: microseconds per call on a fixed mix of legal and illegal
groups under the three presets (each group timed over many calls; the table
gives the median and the 99th percentile over the groups).

``find_contract``: median and 99th percentile on a fixed, seeded corpus of
hard hands: 15-20 cards with up to 5 wilds, ``ten-round`` rounds 9-10 and
``isra`` rounds 6-7, half dealt at random (most hold no layout) and half drawn
from a few suits and neighbouring ranks (near misses and long searches).  Each
hand is timed as the best of a few calls.

A plain script: ``python benchmarks/bench_validators.py [--hands N] [--seed S]``.
Targets: ``check_meld`` at most 5 µs median, ``find_contract`` 99th percentile
at most 2 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from functools import partial

import shanghai_rules as sr

MELD_MIX: list[tuple[str, str]] = [
    # (preset, cards): legal and illegal groups, sets and runs, with and without wilds
    ("pagat7", "9C 9D 9H"),
    ("pagat7", "9C 9D JK"),
    ("pagat7", "9C JK JK"),
    ("pagat7", "4H 5H 6H 7H"),
    ("pagat7", "7H 4H JK 5H"),
    ("pagat7", "JS QS KS AS"),
    ("pagat7", "AS 2S 3S 4S"),
    ("pagat7", "4H 5H 6H 7D"),
    ("pagat7", "3C 4C 5C 6C 7C 8C 9C 10C JC"),
    ("pagat7", "QC QD QH QS QC QD"),
    ("pagat7", "4C JK 6C JK"),
    ("pagat7", "9C 9D 9H 10H"),
    ("ten-round", "8C 8D JK JK"),
    ("ten-round", "8C JK JK"),
    ("ten-round", "AD 2D 3D 4D 5D"),
    ("ten-round", "QD KD AD 2D"),
    ("ten-round", "3S JK 5S JK 7S 8S 9S"),
    ("ten-round", "3S 4S 5S 6S 7S 8S 9S 10S JS QS"),
    ("ten-round", "2H 3H JK JK JK 7H"),
    ("ten-round", "KC KD KH KS KC KD JK"),
    ("isra", "2C 2D 2H"),
    ("isra", "JK JK JK"),
    ("isra", "7C 2D JK"),
    ("isra", "AH 2H 3H 4H"),
    ("isra", "3H 2S 5H 2D 7H"),
    ("isra", "3H JK 2S 6H"),
    ("isra", "9S 10S 2C QS KS AS"),
    ("isra", "QS KS AS 2S"),
    ("isra", "5D 6D 7D 8D 9D 10D JD QD KD AD"),
    ("isra", "5D 6D 7C 8D"),
]


def bench_check_meld(repeats: int) -> list[float]:
    """Microseconds per call, one figure per group of :data:`MELD_MIX`."""
    figures = []
    for name, text in MELD_MIX:
        rules = sr.get_rules(name)
        cards = sr.parse_cards(text)
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(repeats):
                sr.check_meld(cards, rules)
            best = min(best, (time.perf_counter() - start) / repeats)
        figures.append(best * 1e6)
    return figures


def _deck(rules: sr.Rules) -> list[sr.Card]:
    return sr.full_deck(rules.decks_for(rules.max_players), rules.jokers_per_deck)


def random_hand(rng: random.Random, rules: sr.Rules, size: int, max_wilds: int) -> list[sr.Card]:
    """A hand dealt from the preset's full supply, with at most ``max_wilds`` wilds."""
    deck = _deck(rules)
    while True:
        hand = rng.sample(deck, size)
        if sum(1 for c in hand if sr.is_wild(c, rules)) <= max_wilds:
            return hand


def clustered_hand(rng: random.Random, rules: sr.Rules, size: int, max_wilds: int) -> list[sr.Card]:
    """A hand drawn mostly from two or three suits and a band of neighbouring ranks."""
    deck = Counter(_deck(rules))
    suits = set(rng.sample(list(sr.Suit), rng.choice((2, 2, 3))))
    low = rng.randint(2, 8)
    ranks = set(range(low, low + rng.randint(6, 8)))
    near = [c for c in deck.elements() if c.suit in suits and c.rank in ranks and not sr.is_wild(c, rules)]
    far = [c for c in deck.elements() if not sr.is_wild(c, rules)]
    wilds = [c for c in deck.elements() if sr.is_wild(c, rules)]
    hand = rng.sample(wilds, rng.randint(0, min(max_wilds, len(wilds))))
    while len(hand) < size:
        card = rng.choice(near) if rng.random() < 0.85 else rng.choice(far)
        if hand.count(card) < deck[card]:
            hand.append(card)
    rng.shuffle(hand)
    return hand


CORPUS_ROUNDS: list[tuple[str, int]] = [("ten-round", 9), ("ten-round", 10), ("isra", 6), ("isra", 7)]


def build_corpus(seed: int, hands_per_round: int) -> list[tuple[str, sr.Rules, int, list[sr.Card]]]:
    """The seeded corpus: for each preset and round, half random and half clustered hands."""
    rng = random.Random(seed)
    corpus = []
    for name, round_number in CORPUS_ROUNDS:
        rules = sr.get_rules(name)
        for i in range(hands_per_round):
            size = rng.randint(15, 20)
            make: Callable[..., list[sr.Card]] = random_hand if i % 2 else clustered_hand
            corpus.append((name, rules, round_number, make(rng, rules, size, 5)))
    return corpus


def time_call(call: Callable[[], object], tries: int = 3) -> float:
    """The best of ``tries`` calls, in milliseconds."""
    best = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def main() -> None:
    """Run both benchmarks and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=250, help="hands per preset and round (default 250)")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeats", type=int, default=2000, help="check_meld calls per group (default 2000)")
    args = parser.parse_args()

    meld_us = bench_check_meld(args.repeats)
    print(f"check_meld: {len(MELD_MIX)} groups ({args.repeats} calls each)")
    print(f"  {'median µs':>10} {'p99 µs':>8} {'max µs':>8}")
    print(f"  {statistics.median(meld_us):10.2f} {percentile(meld_us, 0.99):8.2f} {max(meld_us):8.2f}")
    print()

    corpus = build_corpus(args.seed, args.hands)
    rows: dict[str, list[float]] = {}
    found: Counter[str] = Counter()
    for name, rules, round_number, hand in corpus:
        key = f"{name} r{round_number}"
        ms = time_call(partial(sr.find_contract, hand, rules, round_number))
        rows.setdefault(key, []).append(ms)
        found[key] += sr.find_contract(hand, rules, round_number) is not None
    everything = [ms for values in rows.values() for ms in values]
    rows["all"] = everything
    found["all"] = sum(found.values())
    print(f"find_contract: {len(corpus)} hands of 15-20 cards, up to 5 wilds (seed {args.seed})")
    print(f"  {'corpus':<14} {'hands':>6} {'layout':>7} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}")
    for key, values in rows.items():
        print(f"  {key:<14} {len(values):>6} {found[key]:>7} {statistics.median(values):10.3f} "
              f"{percentile(values, 0.99):8.3f} {max(values):8.3f}")


if __name__ == "__main__":
    main()
