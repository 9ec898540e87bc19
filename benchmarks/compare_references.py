"""The engine beside reference engines, timed in turns on the same machine.

A machine shared with others changes speed from one minute to the next, often
by a fifth and now and then by half, so a figure in microseconds says as much
about the machine's neighbours as about the engine.  This script times the
engine and one or two well-known Python game engines in turns, a few seconds
apart, and reports their ratios, which move far less:

* `python-chess <https://python-chess.readthedocs.io>`_ (``pip install
  chess``): a *ply* is listing the legal moves and pushing one, over twenty
  seeded random games of up to 200 plies;
* `RLCard <https://rlcard.org>`_'s gin rummy (``pip install rlcard``): a
  *step* is ``env.step(action)``, which applies the action and lists the next
  player's legal actions, over twenty seeded random games.

One *pair* is: each reference, then the engine's games replayed cold and
steady (as ``bench_engine.py`` replays them: ``legal_actions`` + ``apply`` per
decision, the caches emptied first, and for steady then filled by other games'
replays), then each reference again.  Each line gives one pair; the last lines
give, per reference, the median ratios of an engine decision to the
reference's decision, and what they come to where that reference takes the
time given for it (``--chess-scale``, ``--rlcard-scale``).

Neither reference is needed by the library; the script uses those installed
(``--reference`` picks one) and stops with a message if there is none.
A plain script: ``python benchmarks/compare_references.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench_engine import record_games, replay

import shanghai_rules as sr


class Reference:
    """A reference engine: how to time it, and what its decision is called."""

    def __init__(self, name: str, version: str, unit: str, scale: float, timed: Callable[[], float]) -> None:
        self.name = name
        self.version = version
        self.unit = unit
        self.scale = scale
        self.timed = timed


def chess_reference(scale: float) -> Reference | None:
    """python-chess, if installed: µs per ply over twenty seeded random games."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(1)
    games: list[list[Any]] = []
    for _ in range(20):
        board = chess.Board()
        moves: list[Any] = []
        while not board.is_game_over() and len(moves) < 200:
            move = rng.choice(list(board.legal_moves))
            moves.append(move)
            board.push(move)
        games.append(moves)

    def timed() -> float:
        start = time.perf_counter()
        plies = 0
        for moves in games:
            board = chess.Board()
            for move in moves:
                list(board.legal_moves)
                board.push(move)
                plies += 1
        return (time.perf_counter() - start) / plies * 1e6

    return Reference("python-chess", chess.__version__, "ply", scale, timed)


def rlcard_reference(scale: float) -> Reference | None:
    """RLCard's gin rummy, if installed: µs per ``env.step`` over twenty seeded random games.

    The environment is made afresh with the same seed for every timing, and the
    actions are chosen by a generator seeded alike, so every timing plays the
    same games; only the steps are timed."""
    try:
        import rlcard
    except ImportError:
        return None
    from importlib.metadata import version

    def timed() -> float:
        env = rlcard.make("gin-rummy", config={"seed": 1})
        rng = random.Random(1)
        elapsed = 0.0
        steps = 0
        for _ in range(20):
            state, _player = env.reset()
            while not env.is_over():
                action = rng.choice(list(state["legal_actions"]))
                start = time.perf_counter()
                state, _player = env.step(action)
                elapsed += time.perf_counter() - start
                steps += 1
        return elapsed / steps * 1e6

    return Reference("RLCard gin rummy", version("rlcard"), "step", scale, timed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="isra", help="the preset (default isra)")
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument("--games", type=int, default=10, help="seeded games timed (default 10)")
    parser.add_argument("--warm-up", type=int, default=20, metavar="N",
                        help="games of other seeds replayed before the steady timing (default 20)")
    parser.add_argument("--pairs", type=int, default=20, help="pairs timed (default 20)")
    parser.add_argument("--reference", choices=["chess", "rlcard"], action="append",
                        help="the reference to time (may be given twice; default: each one installed)")
    parser.add_argument("--chess-scale", type=float, default=45.0,
                        help="µs per ply of python-chess to scale its ratios to (default 45)")
    parser.add_argument("--rlcard-scale", type=float, default=75.0,
                        help="µs per step of RLCard's gin rummy to scale its ratios to (default 75)")
    args = parser.parse_args()
    wanted = args.reference or ["chess", "rlcard"]
    found = {"chess": chess_reference(args.chess_scale) if "chess" in wanted else None,
             "rlcard": rlcard_reference(args.rlcard_scale) if "rlcard" in wanted else None}
    missing = [name for name in wanted if found[name] is None]
    references = [found[name] for name in wanted if found[name] is not None]
    if not references or (args.reference and missing):
        sys.exit(f"compare_references: not installed: {', '.join(missing)} (pip install {' '.join(missing)})")
    rules = sr.get_rules(args.variant)
    seeds = range(1, args.games + 1)
    first = max(1001, args.games + 1)  # seeds no timed game has
    others = range(first, first + args.warm_up)
    games = record_games(rules, args.players, seeds)
    warm_up = record_games(rules, args.players, others)
    decisions = sum(len(g) for g in games)
    print(f"{rules.name}, {args.players} players, {args.games} games, {decisions} decisions (µs per decision), "
          f"beside " + ", ".join(f"{r.name} {r.version} (µs per {r.unit}, before/after)" for r in references))
    rows: list[tuple[list[float], float, float]] = []
    for _ in range(args.pairs):
        before = [r.timed() for r in references]
        sr.clear_caches()
        cold = replay(rules, args.players, seeds, games) / decisions * 1e6
        sr.clear_caches()
        replay(rules, args.players, others, warm_up)
        steady = replay(rules, args.players, seeds, games) / decisions * 1e6
        after = [r.timed() for r in reversed(references)][::-1]
        means = [(b + a) / 2 for b, a in zip(before, after)]
        rows.append((means, cold, steady))
        cells = "   ".join(f"{r.name} {b:6.1f} /{a:6.1f} (cold {cold / m:.3f}, steady {steady / m:.3f})"
                           for r, b, a, m in zip(references, before, after, means))
        print(f"cold {cold:6.1f}   steady {steady:6.1f}   {cells}", flush=True)
    for index, reference in enumerate(references):
        cold_ratio = statistics.median(cold / means[index] for means, cold, _ in rows)
        steady_ratio = statistics.median(steady / means[index] for means, _, steady in rows)
        scale, unit = reference.scale, reference.unit
        print(f"median ratio to a {reference.name} {unit}: cold {cold_ratio:.3f}, steady {steady_ratio:.3f}; "
              f"where it takes {scale:g} µs per {unit}: cold {cold_ratio * scale:.1f} µs, "
              f"steady {steady_ratio * scale:.1f} µs per decision")


if __name__ == "__main__":
    main()
