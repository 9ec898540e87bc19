"""This build beside a release, side by side in one run: time and instructions per decision.

A change is judged against the release it comes after, both installed at once
(the release in a virtual environment of its own) and measured in turns on the
same machine, so that the machine's moods fall on both alike::

    python -m venv /tmp/release && /tmp/release/bin/pip install shanghai-rules==0.1.0
    python benchmarks/versus_release.py --release /tmp/release/bin/python

For each preset, seeded games are recorded once with ``GreedyPlayer`` self-play
(by this build) and written as game records in version 1 of the JSON format (a
record is the same in both versions but for the number), which both versions read.  Each
version then replays them in a process of its own as ``legal_actions`` +
``apply`` per decision (handing ``apply`` the listing where the version takes
one), **cold** (the caches emptied first) and **steady** (after replaying games
of other seeds); the two take turns, ``--rounds`` times, and the fastest of
each is kept.  With ``--instructions``, the replays are also counted by
valgrind's callgrind, which gives the same count on every run.  Last, the same
games are replayed **interleaved**, decision by decision, and one after the
other, by this build: the two must cost the same.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import shanghai_rules as sr

PRESETS = (("pagat7", 4), ("ten-round", 6), ("isra", 4))


def record(preset: str, players: int, seeds: range, path: str) -> int:
    """Record ``GreedyPlayer`` games into ``path`` (one record document a line); their decisions."""
    rules = sr.get_rules(preset)
    decisions = 0
    with open(path, "w", encoding="utf-8") as out:
        for seed in seeds:
            _, game = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(players)], seed)
            decisions += len(game.actions)
            out.write(json.dumps({**sr.to_dict(game), "version": 1}) + "\n")  # (0.1.0 reads version 1)
    return decisions


def load(path: str) -> list[sr.GameRecord]:
    with open(path, encoding="utf-8") as lines:
        return [sr.from_json(line) for line in lines]


def replay(games: list[sr.GameRecord]) -> int:
    """Replay ``games`` as legal_actions + apply per decision; the decisions made."""
    takes_listing = "listing" in inspect.signature(sr.apply).parameters
    decisions = 0
    for game in games:
        state = sr.new_game(game.rules, game.players, seed=game.seed, dealer=game.dealer)
        for action in game.actions:
            listing = sr.legal_actions(state)
            state = sr.apply(state, action, listing=listing) if takes_listing else sr.apply(state, action)
            decisions += 1
    return decisions


def interleaved(games: list[sr.GameRecord]) -> int:
    """Replay ``games`` two at a time, one decision of each in turn; the decisions made."""
    takes_listing = "listing" in inspect.signature(sr.apply).parameters
    states = [sr.new_game(g.rules, g.players, seed=g.seed, dealer=g.dealer) for g in games]
    moves = [list(g.actions) for g in games]
    decisions = 0
    for step in range(max(len(m) for m in moves)):
        for i, actions in enumerate(moves):
            if step < len(actions):
                listing = sr.legal_actions(states[i])
                states[i] = (sr.apply(states[i], actions[step], listing=listing) if takes_listing
                             else sr.apply(states[i], actions[step]))
                decisions += 1
    return decisions


def child(games_path: str, warm_path: str, how: str) -> None:
    """In the measured process: replay and print µs per decision (``how``: cold, steady, count-0, count-1)."""
    games, warm = load(games_path), load(warm_path)
    sr.clear_caches()
    if how in ("steady", "count-0", "count-1"):
        replay(warm)
    if how == "count-0":
        return
    start = time.perf_counter()
    decisions = replay(games)
    print(f"{(time.perf_counter() - start) / decisions * 1e6:.3f}")


def timed(python: str, games: str, warm: str, how: str) -> float:
    done = subprocess.run([python, __file__, "--child", games, warm, how], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def counted(python: str, games: str, warm: str, decisions: int) -> int:
    """Instructions per decision, steady, by callgrind: the replay's count less a run without it."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    totals = []
    for how in ("count-0", "count-1"):
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, __file__,
                               "--child", games, warm, how], env=env, capture_output=True, text=True, check=True)
        found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
        if found is None:
            raise SystemExit(f"valgrind printed no count:\n{done.stderr}")
        totals.append(int(found.group(1)))
    return (totals[1] - totals[0]) // decisions


def version_of(python: str) -> str:
    done = subprocess.run([python, "-c", "import shanghai_rules as sr; print(sr.__version__)"],
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--release", metavar="PYTHON", help="a Python with the release installed (required)")
    parser.add_argument("--games", type=int, default=4, help="seeded games per preset (default 4)")
    parser.add_argument("--warm-up", type=int, default=6, metavar="N", help="games replayed before steady timing")
    parser.add_argument("--rounds", type=int, default=3, help="turns each version takes (default 3)")
    parser.add_argument("--instructions", action="store_true", help="also count instructions with callgrind")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    if not args.release:
        parser.error("--release is required")
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("versus_release: --instructions needs valgrind (apt install valgrind)")
    this = sys.executable
    print(f"release {version_of(args.release)} against this build ({sr.__version__}); µs per decision "
          f"(legal_actions + apply), fastest of {args.rounds}; ratio = this build / release")
    header = f"{'preset':<11}{'decisions':>10}{'cold':>18}{'ratio':>7}{'steady':>18}{'ratio':>7}"
    print(header + (f"{'instructions (steady)':>30}{'ratio':>7}" if args.instructions else ""))
    report = {}
    with tempfile.TemporaryDirectory() as folder:
        for preset, players in PRESETS:
            games, warm = os.path.join(folder, f"{preset}.jsonl"), os.path.join(folder, f"{preset}-warm.jsonl")
            decisions = record(preset, players, range(1, args.games + 1), games)
            record(preset, players, range(1001, 1001 + args.warm_up), warm)
            best: dict[tuple[str, str], float] = {}
            for _ in range(args.rounds):
                for python in (args.release, this):
                    for how in ("cold", "steady"):
                        value = timed(python, games, warm, how)
                        best[python, how] = min(best.get((python, how), value), value)
            line = f"{preset:<11}{decisions:>10}"
            for how in ("cold", "steady"):
                old, new = best[args.release, how], best[this, how]
                line += f"{old:>8.1f} -> {new:>6.1f}{new / old:>7.2f}"
                report[f"{preset} {how}"] = new / old
            if args.instructions:
                old_i, new_i = counted(args.release, games, warm, decisions), counted(this, games, warm, decisions)
                line += f"{old_i:>13,} -> {new_i:>11,}{new_i / old_i:>7.2f}"
                report[f"{preset} instructions"] = new_i / old_i
            print(line, flush=True)
            pairs = load(games)
            start = time.perf_counter()
            replay(pairs)
            apart = time.perf_counter() - start
            start = time.perf_counter()
            interleaved(pairs)
            together = time.perf_counter() - start
            print(f"{'':<11}games interleaved decision by decision / one after another: {together / apart:.2f}")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
