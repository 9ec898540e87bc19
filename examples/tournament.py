"""A computer-player tournament.

Run it::

    python examples/tournament.py [--variant pagat7] [--games 6] [--seed 1]

Three entrants — the library's :class:`GreedyPlayer` and :class:`RandomPlayer`,
and a ``Hoarder`` written here to show how small a player can be — play a
series of seeded games.  The seats rotate from game to game, so every entrant
sits in every seat equally often.  The standings rank the entrants by games
won (a shared win counts as a fraction), then by mean total; the lowest total
wins each game, as in the card game.  The same seed gives the same tournament.
The defaults are small, so it runs in seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

import shanghai_rules as sr
from shanghai_rules.players import Choice


class Hoarder:
    """A player in a dozen lines: takes every upcard it may, buys nothing, goes down
    and lays off whenever it can, and discards its costliest card.

    Any object with ``choose(view, actions)`` is a :class:`~shanghai_rules.players.Player`:
    ``view`` is the seat's :class:`~shanghai_rules.views.PlayerView`, ``actions``
    its legal actions now (and ``Pass`` when it is offered a buy it may decline).
    """

    def choose(self, view: sr.PlayerView, actions: Sequence[Choice]) -> Choice:
        for kind in (sr.Cut, sr.LayDown, sr.LayOff, sr.TakeDiscard, sr.DrawStock, sr.Pass):
            for action in actions:
                if isinstance(action, kind):
                    return action
        discards = [a for a in actions if isinstance(a, sr.Discard) and not a.shanghai]
        if discards:
            return max(discards, key=lambda a: sr.card_value(a.card, view.rules))
        return actions[0]


ENTRANTS: dict[str, Callable[[int], sr.Player]] = {
    "greedy": lambda seed: sr.GreedyPlayer(seed=seed),
    "random": lambda seed: sr.RandomPlayer(seed=seed),
    "hoarder": lambda seed: Hoarder(),
}


def tournament(rules: sr.Rules, games: int, seed: int) -> dict[str, dict[str, float]]:
    """Play ``games`` games; return each entrant's wins, total score and rounds gone out."""
    names = list(ENTRANTS)
    table = {name: {"wins": 0.0, "score": 0.0, "out": 0.0, "games": 0.0} for name in names}
    for game in range(games):
        seats = names[game % len(names):] + names[:game % len(names)]       # rotate the seats
        players = [ENTRANTS[name](seed * 1000 + game * 10 + seat) for seat, name in enumerate(seats)]
        state, _record = sr.play_game(rules, players, seed=seed + game)
        for seat, name in enumerate(seats):
            row = table[name]
            row["games"] += 1
            row["score"] += state.scores[seat]
            row["out"] += sum(1 for r in state.round_results if r.went_out == seat)
            if seat in state.winners:
                row["wins"] += 1 / len(state.winners)
        won = ", ".join(seats[s] for s in state.winners)
        print(f"  game {game + 1:>2} (seed {seed + game}): seats {', '.join(seats):<24} totals "
              f"{state.scores!s:<18} won by {won}")
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="pagat7", help=f"one of {', '.join(sr.PRESETS)} (default: pagat7)")
    parser.add_argument("--games", type=int, default=6, help="games to play (default: 6)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default: 1)")
    args = parser.parse_args(argv)
    try:
        rules = sr.get_rules(args.variant)
    except sr.RulesError as error:
        print(f"tournament: {error}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("tournament: --games must be at least 1", file=sys.stderr)
        return 2
    try:  # every game's seed must seed a game: the first and the last are the extremes
        for seed in (args.seed, args.seed + args.games - 1):
            sr.new_game(rules, len(ENTRANTS), seed=seed)
    except sr.RulesError as error:
        print(f"tournament: --seed: {error}", file=sys.stderr)
        return 2

    print(f"Tournament: {', '.join(ENTRANTS)} - {args.games} games of {rules.name}, seeds from {args.seed}")
    start = time.perf_counter()
    table = tournament(rules, args.games, args.seed)
    elapsed = time.perf_counter() - start

    print("\nStandings")
    print(f"  {'entrant':<10}{'wins':>7}{'mean total':>12}{'rounds out':>12}")
    ranked = sorted(table.items(), key=lambda item: (-item[1]["wins"], item[1]["score"] / item[1]["games"]))
    for name, row in ranked:
        print(f"  {name:<10}{row['wins']:>7.1f}{row['score'] / row['games']:>12.1f}{int(row['out']):>12}")
    print(f"Champion: {ranked[0][0]}  ({args.games} games in {elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
