"""Long-game soak: thousands of seeded games of every preset and player count, played
to the end by the computer players, with the engine's invariants checked after every
step and random (mostly illegal) actions tried against every position.

Not part of the default test run: a plain script that prints what it did::

    python benchmarks/soak.py                 # 2,000 games over every preset and seat count
    python benchmarks/soak.py --games 200 --workers 2

It prints games, actions, the unlisted (mostly illegal) actions tried, how many
were refused with a reason and how many were accepted as the documented
equivalents of listed ones (a legal LayDown that legal_actions does not list, an
explicit run end), and failures (which must be zero); the exit status is 1 if
any game failed.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import shanghai_rules as sr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from invariants import (  # the test suite's own invariant checks
    check_actors,
    check_invariants,
    equivalent_to_listed,
    random_actions,
    supply,
)


def _players(rules: sr.Rules, seats: int, seed: int) -> list[sr.Player]:
    """A mix of greedy and random players, different for every game."""
    rng = random.Random(seed)
    return [sr.GreedyPlayer() if rng.random() < 0.6 else sr.RandomPlayer(seed=seed * 10 + i) for i in range(seats)]


def soak_game(job: tuple[str, int, int, int]) -> dict[str, object]:
    """Play one game, checking after every step; returns its counts and any failure."""
    name, seats, seed, probes = job
    rules = sr.get_rules(name)
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    full: Counter[sr.Card] | None = None

    def step(before: sr.GameState, action: sr.Action, after: sr.GameState) -> None:
        nonlocal full
        if full is None:
            full = supply(before)
        counts["actions"] += 1
        listed = sr.legal_actions(before)
        assert action in listed or equivalent_to_listed(action, listed), f"unlisted action {action!r} was played"
        check_actors(before, listed)
        snapshot = pickle.dumps(before)
        for probe in random_actions(before, rng, probes):
            if probe in listed:
                continue
            counts["unlisted actions tried"] += 1
            try:
                sr.apply(before, probe)
            except sr.IllegalAction as exc:
                assert exc.reason
                counts["refused with a reason"] += 1
            else:
                assert equivalent_to_listed(probe, listed), f"unlisted legal action {probe!r}"
                counts["accepted as documented"] += 1
        assert pickle.dumps(before) == snapshot, "a refused action changed the state"
        check_invariants(after, full)
        if not after.is_over:
            assert sr.legal_actions(after), f"no legal action in phase {after.phase}"

    try:
        final, record = sr.play_game(rules, _players(rules, seats, seed), seed, dealer=seed % seats, on_step=step)
        assert final.is_over and len(final.round_results) == rules.rounds
        assert sr.final_state(record) == final, "the record does not replay to the same game"
        for result in final.round_results:
            counts[f"rounds ended by {result.ended_by}"] += 1
        counts["games"] += 1
        failure = ""
    except Exception:  # a soak reports every failure, whatever it is
        failure = f"{name} players={seats} seed={seed}:\n{traceback.format_exc()}"
        counts["failures"] += 1
    return {"counts": counts, "failure": failure}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games in all, spread over presets and seats")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--probes", type=int, default=2, help="random actions tried against every position")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    args = parser.parse_args()

    configs = [(name, seats) for name, rules in sr.PRESETS.items()
               for seats in range(rules.min_players, rules.max_players + 1)]
    jobs = [(*configs[i % len(configs)], args.seed + i, args.probes) for i in range(args.games)]
    start = time.perf_counter()
    totals: Counter[str] = Counter()
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for done, result in enumerate(pool.map(soak_game, jobs, chunksize=4), 1):
            totals.update(result["counts"])  # type: ignore[arg-type]
            if result["failure"]:
                failures.append(str(result["failure"]))
            if sys.stderr.isatty() and done % 20 == 0:
                print(f"\r{done}/{len(jobs)} games", end="", file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    elapsed = time.perf_counter() - start
    print(f"soak: {len(jobs)} games of {len(sr.PRESETS)} presets x every seat count, "
          f"{len(configs)} configurations, {elapsed:.0f} s on {args.workers} workers")
    for key in ("games", "actions", "unlisted actions tried", "refused with a reason", "accepted as documented"):
        print(f"  {key:<28}{totals[key]:>12,}")
    for key in sorted(k for k in totals if k.startswith("rounds ended")):
        print(f"  {key:<28}{totals[key]:>12,}")
    print(f"  {'failures':<28}{len(failures):>12,}")
    for failure in failures[:5]:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
