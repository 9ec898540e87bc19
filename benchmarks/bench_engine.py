"""Engine benchmark: microseconds per decision (legal_actions + apply) and games per second.

Plays a fixed set of seeded games with a computer player (timed: the
"self-play games/s" column, the players' thinking and views included), records
every decision, then times replaying each decision as ``legal_actions(state)`` +
``apply(state, action)``.  Each variant's games are replayed two ways, each
time after emptying the library's caches (so that the self-play of the very
same games does not answer for them):

* **steady**: first the recorded games of other seeds are replayed, untimed,
  so that the caches hold what a long simulation's earlier games leave in them
  (never these games' own positions); then these games are timed.  This is the
  cost per decision inside a loop that plays many games (the "µs/decision",
  "median game ms" and "games/s" columns).
* **cold**: these games are timed at once, with the caches empty, as the first
  games after the library is imported (the "cold µs" column).

Also measures the memory held by all the states of one ``pagat7`` game.
A plain script: ``python benchmarks/bench_engine.py``.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
import tracemalloc

import shanghai_rules as sr


def record_games(rules: sr.Rules, players: int, seeds: range) -> list[list[sr.Action]]:
    """Play seeded games and return each game's decisions (see :func:`self_play`)."""
    return self_play(rules, players, seeds)[0]


def self_play(rules: sr.Rules, players: int, seeds: range) -> tuple[list[list[sr.Action]], float]:
    """Play seeded games (``GreedyPlayer`` self-play) and return each game's decisions and the
    seconds it took, the players' own thinking and the views they are given included."""
    start = time.perf_counter()
    games = _play(rules, players, seeds)
    return games, time.perf_counter() - start


def _play(rules: sr.Rules, players: int, seeds: range) -> list[list[sr.Action]]:
    games = []
    for seed in seeds:
        _, record = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(players)], seed)
        games.append(list(record.actions))
    return games


def replay(rules: sr.Rules, players: int, seeds: range, games: list[list[sr.Action]]) -> float:
    """Seconds to replay games (see :func:`replay_timed`), all together."""
    return sum(replay_timed(rules, players, seed, actions) for seed, actions in zip(seeds, games))


def replay_timed(rules: sr.Rules, players: int, seed: int, actions: list[sr.Action]) -> float:
    """Seconds to replay one game as legal_actions + apply per decision (apply handed the listing,
    as a program that picks its action from the listing does)."""
    state = sr.new_game(rules, players, seed=seed)
    start = time.perf_counter()
    for action in actions:
        listing = sr.legal_actions(state)
        state = sr.apply(state, action, listing=listing)
    elapsed = time.perf_counter() - start
    assert state.is_over
    return elapsed


def states_memory(rules: sr.Rules, players: int, seed: int, actions: list[sr.Action]) -> tuple[int, int]:
    """Bytes held by all the states of one game (tracemalloc), and how many states."""
    gc.collect()
    tracemalloc.start()
    state = sr.new_game(rules, players, seed=seed)
    states = [state]
    for action in actions:
        state = sr.apply(state, action)
        states.append(state)
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return current, len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="seeded games per variant (default 10)")
    parser.add_argument("--warm-up", type=int, default=20, metavar="N",
                        help="games of other seeds replayed before the steady timing (default 20)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="replay each variant's games this many times each way and report the fastest "
                             "(default 1)")
    args = parser.parse_args()
    print("decisions replayed as legal_actions + apply; games recorded with GreedyPlayer self-play; caches "
          f"emptied before each replay, then (steady) filled by {args.warm_up} other games' replays or (cold) not")
    print(f"{'variant':<12}{'players':>8}{'games':>7}{'decisions':>11}{'µs/decision':>13}{'cold µs':>9}"
          f"{'median game ms':>16}{'games/s':>9}{'self-play games/s':>19}")
    seeds = range(1, args.games + 1)
    first = max(1001, args.games + 1)  # seeds no timed game has
    others = range(first, first + args.warm_up)
    for rules, players in ((sr.PAGAT7, 4), (sr.TEN_ROUND, 6), (sr.ISRA, 4)):
        games, played = self_play(rules, players, seeds)
        warm_up = _play(rules, players, others)
        steady: list[float] = []
        cold: list[float] = []
        for _ in range(max(1, args.repeat)):
            sr.clear_caches()
            attempt = [replay_timed(rules, players, seed, actions) for seed, actions in zip(seeds, games)]
            if not cold or sum(attempt) < sum(cold):
                cold = attempt
            sr.clear_caches()
            replay(rules, players, others, warm_up)
            attempt = [replay_timed(rules, players, seed, actions) for seed, actions in zip(seeds, games)]
            if not steady or sum(attempt) < sum(steady):
                steady = attempt
        decisions = sum(len(g) for g in games)
        total = sum(steady)
        print(f"{rules.name:<12}{players:>8}{len(games):>7}{decisions:>11}{total / decisions * 1e6:>13.1f}"
              f"{sum(cold) / decisions * 1e6:>9.1f}{statistics.median(steady) * 1e3:>16.1f}"
              f"{len(games) / total:>9.1f}{len(games) / played:>19.1f}")
    games = record_games(sr.PAGAT7, 4, range(1, 2))
    held, count = states_memory(sr.PAGAT7, 4, 1, games[0])
    print(f"memory held by all {count} states of one pagat7 game (4 players): {held / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
