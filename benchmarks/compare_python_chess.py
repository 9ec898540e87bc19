"""The engine beside python-chess, timed in turns on the same machine.

A machine shared with others changes speed from one minute to the next, often
by a fifth and now and then by half, so a figure in microseconds says as much
about the machine's neighbours as about the engine.  This script times the
engine and `python-chess <https://python-chess.readthedocs.io>`_ in turns, a
few seconds apart, and reports their ratio, which moves far less.

One *pair* is: python-chess, then the engine's games replayed cold and steady
(as ``bench_engine.py`` replays them: ``legal_actions`` + ``apply`` per
decision, the caches emptied first, and for steady then filled by other games'
replays), then python-chess again.  python-chess's decision is a ply: listing
the legal moves and pushing one, over twenty seeded random games of up to 200
plies.  Each line gives one pair; the last lines give the median ratios, and
what they come to where python-chess takes ``--scale`` µs per ply.

Needs python-chess, which the library does not (``pip install chess``).
A plain script: ``python benchmarks/compare_python_chess.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bench_engine import record_games, replay

import shanghai_rules as sr


def chess_games(count: int = 20, plies: int = 200) -> list[list[object]]:
    """Seeded random games: each a list of python-chess moves."""
    import chess

    rng = random.Random(1)
    games = []
    for _ in range(count):
        board = chess.Board()
        moves: list[object] = []
        while not board.is_game_over() and len(moves) < plies:
            move = rng.choice(list(board.legal_moves))
            moves.append(move)
            board.push(move)
        games.append(moves)
    return games


def chess_timed(games: list[list[object]]) -> float:
    """µs per ply to replay the games as listing the legal moves and pushing one."""
    import chess

    start = time.perf_counter()
    plies = 0
    for moves in games:
        board = chess.Board()
        for move in moves:
            list(board.legal_moves)
            board.push(move)  # type: ignore[arg-type]
            plies += 1
    return (time.perf_counter() - start) / plies * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="isra", help="the preset (default isra)")
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument("--games", type=int, default=10, help="seeded games timed (default 10)")
    parser.add_argument("--warm-up", type=int, default=20, metavar="N",
                        help="games of other seeds replayed before the steady timing (default 20)")
    parser.add_argument("--pairs", type=int, default=20, help="pairs timed (default 20)")
    parser.add_argument("--scale", type=float, default=45.0,
                        help="µs per ply of python-chess to scale the ratios to (default 45)")
    args = parser.parse_args()
    try:
        import chess
    except ImportError:
        sys.exit("compare_python_chess: python-chess is not installed (pip install chess)")
    rules = sr.get_rules(args.variant)
    seeds = range(1, args.games + 1)
    first = max(1001, args.games + 1)  # seeds no timed game has
    others = range(first, first + args.warm_up)
    games = record_games(rules, args.players, seeds)
    warm_up = record_games(rules, args.players, others)
    decisions = sum(len(g) for g in games)
    plies = chess_games()
    print(f"python-chess {chess.__version__} (µs per ply, before/after) beside {rules.name}, {args.players} players, "
          f"{args.games} games, {decisions} decisions (µs per decision)")
    rows: list[tuple[float, float, float]] = []
    for _ in range(args.pairs):
        before = chess_timed(plies)
        sr.clear_caches()
        cold = replay(rules, args.players, seeds, games)
        sr.clear_caches()
        replay(rules, args.players, others, warm_up)
        steady = replay(rules, args.players, seeds, games)
        after = chess_timed(plies)
        ply = (before + after) / 2
        cold, steady = cold / decisions * 1e6, steady / decisions * 1e6
        rows.append((ply, cold, steady))
        print(f"python-chess {before:6.1f} /{after:6.1f}   cold {cold:6.1f} ({cold / ply:.3f})   "
              f"steady {steady:6.1f} ({steady / ply:.3f})", flush=True)
    cold_ratio = statistics.median(cold / ply for ply, cold, _ in rows)
    steady_ratio = statistics.median(steady / ply for ply, _, steady in rows)
    print(f"median ratio to a python-chess ply: cold {cold_ratio:.3f}, steady {steady_ratio:.3f}")
    print(f"where python-chess takes {args.scale:g} µs per ply: cold {cold_ratio * args.scale:.1f} µs, "
          f"steady {steady_ratio * args.scale:.1f} µs per decision")


if __name__ == "__main__":
    main()
