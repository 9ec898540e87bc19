"""Instructions per decision (legal_actions + apply), counted with valgrind's callgrind.

Timing is at the mercy of the machine: on a shared machine the same code can
measure a fifth slower from one minute to the next.  An instruction count is
the same on every run, so it is the way to compare two versions of the engine.
For each preset this script records the games with ``GreedyPlayer`` self-play
(as ``bench_engine.py`` records them), then runs Python under
``valgrind --tool=callgrind`` twice: once replaying the recorded games as
``legal_actions(state)`` + ``apply(state, action)`` per decision, once doing
everything but the replay; the difference, divided by the decisions, is
printed.  Both ways of ``bench_engine.py`` are counted: **cold**, the library's
caches emptied just before the replay, and **steady**, the caches emptied and
then filled by replaying games of other seeds first (``--warm-up``, untimed in
both runs, so not counted).

Needs valgrind (``apt install valgrind``).  A plain script:
``python benchmarks/count_instructions.py`` (about eight minutes).
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile

from bench_engine import record_games, replay

import shanghai_rules as sr

# (preset, players, games): one game of each preset, two of isra, whose games are short
DEFAULT = (("pagat7", 4, 1), ("ten-round", 6, 1), ("isra", 4, 2))


def _as_listed(rules: sr.Rules, players: int, seeds: range, games: list[list[sr.Action]]) -> list[list[sr.Action]]:
    """The games with each action replaced by the equal one ``legal_actions`` lists (or itself), as a
    player's record holds them: the very objects the engine built, not copies from a file."""
    found = []
    for seed, actions in zip(seeds, games):
        state = sr.new_game(rules, players, seed=seed)
        listed = []
        for action in actions:
            action = next((a for a in sr.legal_actions(state) if a == action), action)
            listed.append(action)
            state = sr.apply(state, action)
        found.append(listed)
    return found


def _child(path: str, counted: bool) -> None:
    """Load the recorded games, empty the caches, replay the warm-up games (if any), and the
    counted games if asked (run under valgrind)."""
    with open(path, "rb") as file:
        name, players, seeds, games, others, warm_up = pickle.load(file)
    rules = sr.get_rules(name)
    games = _as_listed(rules, players, seeds, games)
    warm_up = _as_listed(rules, players, others, warm_up)
    sr.clear_caches()
    replay(rules, players, others, warm_up)
    if counted:
        replay(rules, players, seeds, games)


def valgrind_path() -> str:
    """Where valgrind is, or stop with a message saying how to install it."""
    found = shutil.which("valgrind")
    if found is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    return found


def count_run(valgrind: str, args: list[str], script: str = __file__) -> int:
    """The instructions of ``python script *args`` under callgrind (with the same hashes on every run)."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # the same hashes, so the same instructions, on every run
    done = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, script, *args],
        env=env, capture_output=True, text=True, check=True,
    )
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count:\n{done.stderr}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, help="games per preset (default: 1, and 2 of isra)")
    parser.add_argument("--warm-up", type=int, default=20, metavar="N",
                        help="games of other seeds replayed before the steady count (default 20)")
    parser.add_argument("--child", nargs=2, metavar=("FILE", "COUNTED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        path, counted = args.child
        _child(path, counted == "1")
        return
    valgrind = valgrind_path()
    print(f"instructions per decision (legal_actions + apply), callgrind, Python {sys.version.split()[0]}; "
          f"steady: after {args.warm_up} other games")
    print(f"{'variant':<12}{'players':>8}{'games':>7}{'decisions':>11}{'cold':>10}{'steady':>10}")
    with tempfile.TemporaryDirectory() as folder:
        for name, players, games in DEFAULT:
            games = args.games or games
            seeds = range(1, games + 1)
            first = max(1001, games + 1)  # seeds no counted game has
            others = range(first, first + args.warm_up)
            rules = sr.get_rules(name)
            recorded = record_games(rules, players, seeds)
            decisions = sum(len(g) for g in recorded)
            counts = []
            for warm_up in ((), record_games(rules, players, others)):
                path = os.path.join(folder, f"{name}.pickle")
                with open(path, "wb") as file:
                    pickle.dump((name, players, seeds, recorded, others if warm_up else range(0), list(warm_up)),
                                file)
                replayed = count_run(valgrind, ["--child", path, "1"]) - count_run(valgrind, ["--child", path, "0"])
                counts.append(replayed // decisions)
            print(f"{name:<12}{players:>8}{games:>7}{decisions:>11}{counts[0]:>10,}{counts[1]:>10,}")


if __name__ == "__main__":
    main()
