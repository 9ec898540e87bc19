"""Two games played interleaved, decision by decision, against the same two played one after the
other: instructions counted with valgrind's callgrind.

A server hosting many tables, or a search that weighs several positions, asks the engine about
games in turns.  The memo keyed by content lets them share it, so the interleaved games should
cost what the same games cost one after the other.  For each preset this script records two
seeded ``GreedyPlayer`` games, then runs Python under ``valgrind --tool=callgrind`` three
times: replaying both games one after the other (``legal_actions`` + ``apply`` per decision,
from an empty memo), replaying them interleaved, and doing neither; it prints the two
differences and their ratio.  The count is the same on every run, so a busy machine does not
move it.

Needs valgrind (``apt install valgrind``).  A plain script:
``python benchmarks/count_interleaving.py`` (about two minutes).
"""

from __future__ import annotations

import argparse
import os
import pickle
import tempfile

from bench_engine import record_games
from count_instructions import count_run, valgrind_path

import shanghai_rules as sr

PRESETS = (("pagat7", 4), ("isra", 4))
SEEDS = (1, 2)


def _turns(games: list[list[sr.Action]], interleaved: bool) -> list[tuple[int, sr.Action]]:
    """The decisions of both games, each with its game's index: one game after the other, or in turns."""
    if not interleaved:
        return [(index, action) for index, actions in enumerate(games) for action in actions]
    longest = max(len(actions) for actions in games)
    return [(index, games[index][k]) for k in range(longest) for index in range(len(games)) if k < len(games[index])]


def _child(path: str, mode: str) -> None:
    """Replay the recorded games as ``mode`` says (``seq``, ``inter`` or ``none``), from an empty memo."""
    with open(path, "rb") as file:
        name, players, games = pickle.load(file)
    rules = sr.get_rules(name)
    states = [sr.new_game(rules, players, seed=seed) for seed in SEEDS]
    # both orders are made in every run, so that making them is counted alike in all three
    orders = {"seq": _turns(games, False), "inter": _turns(games, True)}
    sr.clear_caches()
    if mode == "none":
        return
    for index, action in orders[mode]:
        state = states[index]
        states[index] = sr.apply(state, action, listing=sr.legal_actions(state))
    assert all(state.is_over for state in states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--child", nargs=2, metavar=("FILE", "MODE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(*args.child)
        return
    valgrind = valgrind_path()
    print("two seeded games from an empty memo, legal_actions + apply per decision; instructions (callgrind)")
    print(f"{'variant':<12}{'one after the other':>22}{'interleaved':>16}{'ratio':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for name, players in PRESETS:
            path = os.path.join(folder, f"{name}.pickle")
            with open(path, "wb") as file:
                pickle.dump((name, players, record_games(sr.get_rules(name), players, range(SEEDS[0], SEEDS[-1] + 1))),
                            file)
            counts = {mode: count_run(valgrind, ["--child", path, mode], __file__) for mode in ("none", "seq", "inter")}
            one, both = counts["seq"] - counts["none"], counts["inter"] - counts["none"]
            print(f"{name:<12}{one:>22,}{both:>16,}{both / one:>8.3f}")


if __name__ == "__main__":
    main()
