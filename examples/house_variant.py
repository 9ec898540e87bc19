"""A house variant built with ``attrs.evolve``, checked, and played.

Run it::

    python examples/house_variant.py [--seed N]

The "kitchen-table" rules start from the seven-round preset and change what
this household plays differently: 2s are wild (001's option), a meld may hold
two wilds, aces are high or low, a buy costs one stock card, there is no
Shanghai call, and a shorter game of four rounds ends with a whole-hand round.
The script shows the variant being refused while it is inconsistent, compares
verdicts under the preset and the variant, saves the variant as JSON, and
plays a game of it between computer players.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

import attrs

import shanghai_rules as sr


def build_variant() -> sr.Rules:
    """The kitchen-table rules."""
    contracts = (
        sr.Contract(sets=2),
        sr.Contract(sets=1, runs=1),
        sr.Contract(runs=2),
        sr.Contract(runs=3, no_discard=True),
    )
    return attrs.evolve(
        sr.PAGAT7,
        name="kitchen-table",
        contracts=contracts,
        buy_limits=(3,) * len(contracts),   # one number per round: it must change with the contracts
        wild_twos=True,
        max_wilds_per_meld=2,
        ace_low=True,
        buy_penalty_cards=1,
        shanghai_call=False,
        turn_limit=40,
    )


def show_refusals() -> None:
    """A Rules that cannot be played is refused when built, naming the field."""
    print("Inconsistent variants are refused when built:")
    attempts: dict[str, Callable[[], object]] = {
        "four rounds, but buy limits for seven": lambda: attrs.evolve(
            sr.PAGAT7, contracts=sr.PAGAT7.contracts[:4]),
        "twenty-five cards each for five players": lambda: attrs.evolve(sr.PAGAT7, hand_size=25),
        "a run of fourteen cards": lambda: sr.Contract(runs=1, run_length=14),
        "'wild_twos=1' instead of True": lambda: attrs.evolve(sr.PAGAT7, wild_twos=1),  # type: ignore[arg-type]
    }
    for what, build in attempts.items():
        try:
            build()
        except sr.RulesError as error:
            print(f"  {what:<40} RulesError: {error}")
        else:  # pragma: no cover - would be a bug in the library
            raise SystemExit(f"{what}: was accepted")


def compare_verdicts(house: sr.Rules) -> None:
    """The same groups judged under the preset and under the house rules."""
    print(f"\nMelds under {sr.PAGAT7.name} and under {house.name}:")
    width = max(len(sr.PAGAT7.name), len(house.name)) + 1
    for text in ("4C 2H 6C 7C", "AS 2S 3S 4S", "9D 9H JK 2C", "4C JK 6C JK 8C", "QH KH AH JK"):
        cards = sr.parse_cards(text)
        print(f"  {text}")
        for rules in (sr.PAGAT7, house):
            result = sr.check_meld(cards, rules)
            verdict = f"yes, {result.meld.describe()}" if result.meld is not None else f"no: {result.reason}"
            print(f"    {rules.name + ':':<{width}} {verdict}")


def play(house: sr.Rules, seed: int) -> None:
    """A game of the house rules between three greedy computer players."""
    print(f"\nA game of {house.name} ({house.rounds} rounds: "
          f"{'; '.join(c.describe() for c in house.contracts)}), seed {seed}:")
    players = [sr.GreedyPlayer(seed=seat) for seat in range(3)]
    state, record = sr.play_game(house, players, seed=seed)
    for result in state.round_results:
        how = f"seat {result.went_out} went out" if result.went_out is not None else f"ended by {result.ended_by}"
        print(f"  round {result.round_number}: {how:<20} points {result.points}")
    print(f"  totals {state.scores}; winner(s): {', '.join(f'seat {s}' for s in state.winners)}")
    print(f"  {len(record.actions)} actions; replaying the record gives the same game: "
          f"{sr.final_state(record) == state}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=3, help="the game's seed (default: 3)")
    args = parser.parse_args(argv)

    show_refusals()
    house = build_variant()
    changed = [f.name for f in attrs.fields(sr.Rules) if getattr(house, f.name) != getattr(sr.PAGAT7, f.name)]
    print(f"\n{house.name}: built from {sr.PAGAT7.name}, changing {', '.join(changed)}")
    compare_verdicts(house)
    saved = sr.to_json(house)
    print(f"\nSaved as a shanghai-rules/rules document of {len(saved)} characters; "
          f"read back equal: {sr.from_json(saved, sr.Rules) == house}")
    play(house, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
