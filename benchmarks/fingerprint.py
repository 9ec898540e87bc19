"""A fingerprint of the engine's behaviour: every listing and every state of seeded games.

Chess engines prove that a change to their move generator changed nothing by
counting moves to a fixed depth from known positions ("perft").  This is the
analogue here: for each preset, seeded games are played to the end, by
``GreedyPlayer`` self-play and by a seeded random player that prefers plays
(so that swaps, owed wilds, buys and Shanghai calls come up), and a SHA-256 is
taken over

* every state, in a canonical form made of its public fields;
* at every state, ``legal_actions(state)`` in order, ``legal_actions(state, seat)``
  for every seat, and in the play phase ``legal_actions(state, lay_downs=4)``.

Two builds with equal fingerprints list the same actions in the same order and
make the same states over these games.  ``--write FILE`` stores the hashes,
``--check FILE`` compares with stored ones and exits with status 1 on any
difference.  A plain script: ``python benchmarks/fingerprint.py --check
benchmarks/fingerprint.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Iterator

import shanghai_rules as sr

#: (preset, players, greedy games, random games) fingerprinted.
GAMES = (
    ("pagat7", 4, 3, 8),
    ("ten-round", 5, 2, 6),
    ("isra", 4, 3, 10),
    ("liverpool", 4, 2, 6),
    ("may-i", 4, 2, 8),
    ("ten-round-rulebook", 4, 2, 6),
    ("contract-rummy", 3, 2, 6),
)

_PLAYS = (sr.LayDown, sr.LayOff, sr.SwapWild, sr.CallShanghai)


def card_text(cards: object) -> str:
    """Cards as notation."""
    return " ".join(str(card) for card in cards)  # type: ignore[attr-defined]


def meld_form(meld: sr.Meld) -> tuple[object, ...]:
    """A meld's arranged form."""
    suit = None if meld.suit is None else int(meld.suit)
    return (meld.kind, card_text(meld.cards), meld.rank, suit, meld.start)


def action_form(action: sr.Action) -> tuple[object, ...]:
    """An action's canonical form: its class and fields."""
    if isinstance(action, sr.LayDown):
        groups = tuple(meld_form(g) if isinstance(g, sr.Meld) else card_text(g) for g in action.melds)
        return ("LayDown", action.player, groups)
    if isinstance(action, sr.StartRound):
        return ("StartRound",)
    fields = []
    for name in ("player", "card", "meld", "end", "shanghai", "count"):
        if hasattr(action, name):
            value = getattr(action, name)
            fields.append(str(value) if isinstance(value, sr.Card) else value)
    return (type(action).__name__, *fields)


def state_form(state: sr.GameState) -> tuple[object, ...]:
    """A state's canonical form: the public fields of release 0.1.0, in a fixed order."""
    results = tuple(
        (r.round_number, r.went_out, r.ended_by, r.slam, r.hand_points, r.cut_by, r.cut_exact, r.points, r.bonus)
        for r in state.round_results
    )
    return (
        state.rules.name, state.round_number, state.dealer, state.phase, state.turn,
        tuple(card_text(hand) for hand in state.hands),
        tuple((tm.owner, meld_form(tm.meld)) for tm in state.table),
        card_text(state.stock), card_text(state.discard), state.upcard_live, state.discarder,
        state.buys_left, state.buy_requests, state.buy_withdrawn, state.down, state.scores, results,
        state.went_down_this_turn, state.played_wild_this_turn, card_text(state.owed_wilds), state.must_go_down,
        state.shanghai_open, state.turns_taken, state.cut, state.seed,
    )


def listings(state: sr.GameState) -> Iterator[tuple[object, ...]]:
    """Every listing fingerprinted at ``state``, each in canonical form."""
    yield ("all", tuple(action_form(a) for a in sr.legal_actions(state)))
    for seat in range(state.players):
        yield ("seat", seat, tuple(action_form(a) for a in sr.legal_actions(state, seat)))
    if state.phase == "play":
        yield ("lay_downs=4", tuple(action_form(a) for a in sr.legal_actions(state, lay_downs=4)))


def greedy_states(rules: sr.Rules, players: int, seed: int) -> Iterator[sr.GameState]:
    """The states of a ``GreedyPlayer`` self-play game, the first included."""
    state = sr.new_game(rules, players, seed=seed)
    yield state
    _, record = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(players)], seed)
    for action in record.actions:
        state = sr.apply(state, action)
        yield state


def random_states(rules: sr.Rules, players: int, seed: int) -> Iterator[sr.GameState]:
    """The states of a seeded random game that picks a play four times in five where there is one."""
    rng = random.Random(seed)
    state = sr.new_game(rules, players, seed=seed, dealer=seed % players)
    yield state
    while not state.is_over:
        actions = sr.legal_actions(state)
        plays = [a for a in actions if isinstance(a, _PLAYS)]
        state = sr.apply(state, rng.choice(plays if plays and rng.random() < 0.8 else actions))
        yield state


def fingerprint(preset: str, players: int, greedy: int, randoms: int) -> tuple[str, int]:
    """The hash of one preset's games, and how many states it covers."""
    rules = sr.get_rules(preset)
    digest = hashlib.sha256()
    count = 0
    games = [greedy_states(rules, players, seed) for seed in range(1, greedy + 1)]
    games += [random_states(rules, players, seed) for seed in range(101, 101 + randoms)]
    for states in games:
        for state in states:
            count += 1
            digest.update(repr(state_form(state)).encode())
            for listing in listings(state):
                digest.update(repr(listing).encode())
    return digest.hexdigest(), count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", metavar="FILE", help="store the hashes in FILE (JSON)")
    parser.add_argument("--check", metavar="FILE", help="compare with the hashes in FILE; status 1 on any difference")
    args = parser.parse_args()
    found: dict[str, str] = {}
    for preset, players, greedy, randoms in GAMES:
        start = time.perf_counter()
        digest, count = fingerprint(preset, players, greedy, randoms)
        found[preset] = digest
        print(f"{preset:<20}{count:>7} states  {digest[:16]}  ({time.perf_counter() - start:.1f} s)", flush=True)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as out:
            json.dump(found, out, indent=2, sort_keys=True)
            out.write("\n")
    if args.check:
        with open(args.check, encoding="utf-8") as stored_file:
            stored = json.load(stored_file)
        moved = [p for p in found if stored.get(p) != found[p]]
        for preset in moved:
            print(f"CHANGED {preset}: {stored.get(preset)} -> {found[preset]}")
        if moved:
            return 1
        print("fingerprint unchanged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
