"""Instructions per decision (legal_actions + apply), counted with valgrind's callgrind.

Timing is at the mercy of the machine: on a shared machine the same code can
measure a fifth slower from one minute to the next.  An instruction count is
the same on every run, so it is the way to compare two versions of the engine.
For each preset this script runs Python under ``valgrind --tool=callgrind``
twice: once replaying the recorded games as ``legal_actions(state)`` +
``apply(state, action)`` per decision, once doing everything but the replay;
the difference, divided by the decisions, is printed.  The games are recorded
with ``GreedyPlayer`` self-play (as ``bench_engine.py`` records them) and the
library's caches are emptied before the replay.

Needs valgrind (``apt install valgrind``).  A plain script:
``python benchmarks/count_instructions.py`` (about three minutes).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

import shanghai_rules as sr

# (preset, players, games): one game of each preset, two of isra, whose games are short
DEFAULT = (("pagat7", 4, 1), ("ten-round", 6, 1), ("isra", 4, 2))


def _games(name: str, players: int, games: int) -> list[list[sr.Action]]:
    rules = sr.get_rules(name)
    return [list(sr.play_game(rules, [sr.GreedyPlayer() for _ in range(players)], seed)[1].actions)
            for seed in range(1, games + 1)]


def _child(name: str, players: int, games: int, replay: bool) -> None:
    """Record the games, empty the caches, and replay them if asked (run under valgrind)."""
    rules = sr.get_rules(name)
    recorded = _games(name, players, games)
    sr.clear_caches()
    for seed, actions in zip(range(1, games + 1), recorded):
        state = sr.new_game(rules, players, seed=seed)
        if replay:
            for action in actions:
                sr.legal_actions(state)
                state = sr.apply(state, action)


def _count(valgrind: str, args: list[str]) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0")  # the same hashes, so the same instructions, on every run
    done = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, *args],
        env=env, capture_output=True, text=True, check=True,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{done.stderr}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, help="games per preset (default: 1, and 2 of isra)")
    parser.add_argument("--child", nargs=4, metavar=("PRESET", "PLAYERS", "GAMES", "REPLAY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, players, games, replay = args.child
        _child(name, int(players), int(games), replay == "1")
        return
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("count_instructions: valgrind is not installed (apt install valgrind)")
    print(f"instructions per decision (legal_actions + apply), callgrind, Python {sys.version.split()[0]}")
    print(f"{'variant':<12}{'players':>8}{'games':>7}{'decisions':>11}{'instructions':>14}")
    for name, players, games in DEFAULT:
        games = args.games or games
        decisions = sum(len(g) for g in _games(name, players, games))
        common = ["--child", name, str(players), str(games)]
        replayed = _count(valgrind, [*common, "1"]) - _count(valgrind, [*common, "0"])
        print(f"{name:<12}{players:>8}{games:>7}{decisions:>11}{replayed // decisions:>14,}")


if __name__ == "__main__":
    main()
