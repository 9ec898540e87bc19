"""Hostile inputs, timed: what a stranger's documents, rules and positions cost the referee.

Four parts, each with the mark it is held to (a line ``ok`` or ``OVER``):

* **answered**: ``legal_actions``, ``apply``, ``check``, ``find_contract``, ``check_meld``,
  ``check_contract``, ``observe``, ``to_json`` and ``from_json`` on the largest and
  strangest inputs within the documented limits (the crafted no-trap positions, the
  most wilds a trap can hold, sixteen seats, the longest hands and runs): at most 1 s each;
* **refused**: every input past a limit (the documents of ``tests/hostile``, oversized
  and deeply nested documents, huge numbers, long keys and card text, unplayable
  rules): refused within 0.2 s with a message of at most 1,000 characters;
* **games**: ``--games`` seeded games of ``GreedyPlayer`` self-play in one process,
  every preset and seat count in turn (10,000 by default): the memory
  after the last within 10 MB of the memory after the first 100;
* **strings**: 200 one-megabyte strings given to ``parse_cards`` and ``from_json``: at
  most 20 MB left allocated after them.

``python benchmarks/hostile.py`` runs them all (the games take a while: ``--games 500``
for a quick look); exit status 1 if any mark is missed (0 with ``--report-only``).  Times are wall-clock on this
machine; the tests (``tests/test_hostile_inputs.py``) prove the same bounds by counting work.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs

import shanghai_rules as sr
from shanghai_rules.serialization import MAX_DOCUMENT_SIZE, SerializationError, from_json, to_json

TESTS = Path(__file__).resolve().parent.parent / "tests"
HOSTILE = TESTS / "hostile"
sys.path.insert(0, str(TESTS))
from rule_positions import wild_trap  # noqa: E402  (the positions the tests build, from the checkout)

ANSWER_MARK, REFUSAL_MARK, MESSAGE_MARK = 1.0, 0.2, 1_000
GAMES_MARK, STRINGS_MARK = 10_000_000, 20_000_000


def timed(work: Callable[[], object]) -> tuple[float, object]:
    """Seconds ``work()`` takes, and what it returned (or the error it raised)."""
    start = time.perf_counter()
    try:
        result = work()
    except ValueError as exc:
        result = exc
    return time.perf_counter() - start, result


# ---------------------------------------------------------------------------
# answered


def played(rules: sr.Rules, players: int, seed: int, decisions: int) -> sr.GameState:
    """A state after ``decisions`` random legal decisions that favour plays."""
    rng = random.Random(seed)
    state = sr.new_game(rules, players, seed=seed)
    for _ in range(decisions):
        actions = sr.legal_actions(state)
        if not actions or state.is_over:
            break
        plays = [a for a in actions if isinstance(a, (sr.LayDown, sr.LayOff, sr.SwapWild))]
        state = sr.apply(state, rng.choice(plays or actions), listing=actions)
    return state


def positions() -> Iterator[tuple[str, sr.GameState]]:
    """The states every engine call is timed on."""
    for path in sorted(HOSTILE.glob("isra-*.json")):
        yield path.stem, from_json(path.read_text(), sr.GameState)
    yield "isra, 48 jokers that cannot be placed again", wild_trap(48)
    sixteen = attrs.evolve(sr.ISRA, name="sixteen", max_players=16, decks_by_players=((16, 6),))
    yield "16 seats, 6 decks, mid-round", played(sixteen, 16, 3, 400)
    yield "ten-round, 5 seats, round 1 after 300 decisions", played(sr.TEN_ROUND, 5, 4, 300)


def hands() -> Iterator[tuple[str, sr.Rules, int, tuple[sr.Card, ...]]]:
    """The hands contract search and the validators are timed on: the largest a round allows, and
    two under house rules of many melds (the search stopped by its placement limit; twelve runs
    settled by the run bound)."""
    for rules in (sr.PAGAT7, sr.TEN_ROUND, sr.ISRA):
        supply = list(sr.full_deck(rules.decks_for(rules.max_players), rules.jokers_per_deck))
        rng = random.Random(7)
        for number in (1, rules.rounds):
            size = min(rules.hand_limit(number), len(supply))
            yield f"{rules.name} round {number}, {size} cards", rules, number, tuple(rng.sample(supply, size))
    yield ("five sets of four, each of four suits, and three runs, 38 cards", _one_contract(
        sr.PAGAT7, sr.Contract(sets=5, runs=3, set_length=4, run_length=4), wild_twos=True, discarded_twos_die=True,
        distinct_contract_set_suits=True), 1, sr.parse_cards(
        "7D AC JK QD AD 5H 8S AD JK JK 4D 6S JH JK QD 10C 2D JC 3C QD JK JK 9D QC 3C QD QS KC AD 7H AS 5S 9D 7S "
        "JK JK 2Sx JK"))
    yield ("twelve runs of three, 41 cards", _one_contract(
        sr.PAGAT7, sr.Contract(runs=12, run_length=3), min_set_length=2, min_run_length=3, contract_run_gap=1), 1,
        sr.parse_cards("JK 5C 4S JK 10D JK JK KH 8H 7H 6H JK AD JK JK QH 7H JK 6D 4D JK 5D 2D 4H 7H 6H KD JS 5S "
                       "4D 7C KH 8S 2H 7D KD AH 3C AC 6H JK"))


def _one_contract(base: sr.Rules, contract: sr.Contract, **fields: object) -> sr.Rules:
    """A one-round variant of ``base`` playing ``contract`` from five decks of two jokers, no wild limit."""
    changes: dict[str, object] = {"name": "house", "contracts": (contract,), "buy_limits": (None,),
                                  "hand_sizes": None, "hand_size": max(11, contract.min_cards + 1),
                                  "min_set_length": contract.set_length, "max_wilds_per_meld": None,
                                  "jokers_per_deck": 2, "decks_by_players": ((5, 4),), **fields}
    return attrs.evolve(base, **changes)  # type: ignore[arg-type]


def engine_calls(state: sr.GameState) -> dict[str, Callable[[], object]]:
    """The engine's calls on ``state``, each as work to time."""
    text = to_json(state)
    actions = sr.legal_actions(state)
    return {
        "legal_actions": lambda: sr.legal_actions(state),
        "apply (every action)": lambda: [sr.apply(state, a) for a in actions],
        "check (every action)": lambda: [sr.check(state, a) for a in actions],
        "observe": lambda: [sr.observe(state, seat) for seat in range(state.players)],
        "to_json": lambda: to_json(state),
        "from_json": lambda: from_json(text),
    }


def validator_calls(rules: sr.Rules, number: int, hand: tuple[sr.Card, ...]) -> dict[str, Callable[[], object]]:
    """The validators' calls on ``hand`` in round ``number``, each as work to time."""
    layout = sr.find_contract(hand, rules, number)
    run = sr.parse_cards("AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH")
    calls: dict[str, Callable[[], object]] = {"find_contract": lambda: sr.find_contract(hand, rules, number)}
    if layout is not None:
        calls["check_contract"] = lambda: sr.check_contract(layout, rules, number)
    calls["check_meld (13 cards)"] = lambda: sr.check_meld(run, rules)
    calls["check_meld (the hand)"] = lambda: sr.check_meld(hand, rules)
    return calls


def answered() -> list[tuple[str, str, float]]:
    """(input, call, seconds) for every call on every answered input."""
    rows: list[tuple[str, str, float]] = []
    inputs = [(name, engine_calls(state)) for name, state in positions()]
    inputs += [(name, validator_calls(rules, number, hand)) for name, rules, number, hand in hands()]
    for name, calls in inputs:
        for call, work in calls.items():
            sr.clear_caches()
            rows.append((name, call, timed(work)[0]))
    return rows


# ---------------------------------------------------------------------------
# refused


def _document(**changes: object) -> str:
    data = json.loads(to_json(sr.new_game(sr.PAGAT7, 3, seed=5)))
    data.update(changes)
    return json.dumps(data)


def _rules_document(**changes: object) -> str:
    data = json.loads(to_json(sr.PAGAT7))
    data.update(changes)
    return json.dumps(data)


def refusals() -> Iterator[tuple[str, Callable[[], object]]]:
    """Inputs past a limit, as calls that must be refused."""
    C = sr.Contract
    yield "set-length-billion.json", lambda: from_json((HOSTILE / "set-length-billion.json").read_text())
    big = "{" + " " * (MAX_DOCUMENT_SIZE + 1)
    yield "a document of 1 MB and a byte", lambda: from_json(big)
    yield "10 MB of JSON", lambda: from_json("[" + "1," * 5_000_000 + "x]")
    stock = _document(stock=["4H"] * 150_000)
    yield f"a stock of 150,000 cards ({len(stock) / 1e6:.1f} MB)", lambda: from_json(stock)
    melds = _document(table=[{"kind": "set", "cards": ["4H", "4S", "4D"], "rank": "4", "owner": 0}] * 12_000)
    yield f"12,000 melds ({len(melds) / 1e6:.1f} MB)", lambda: from_json(melds)
    long_key = '{"format": "shanghai-rules/action", "version": 1, "' + "k" * 900_000 + '": 1}'
    yield "an unknown key of 900,000 characters", lambda: from_json(long_key)
    twice = '{"format": "shanghai-rules/action", "' + "k" * 450_000 + '": 1, "' + "k" * 450_000 + '": 2}'
    yield "a duplicate key of 450,000 characters", lambda: from_json(twice)
    long_key = '{"format": "shanghai-rules/action", "version": 1, "' + "k" * 10_000_000 + '": 1}'
    yield "an unknown 10 MB key, max_size lifted", lambda: from_json(long_key, max_size=None)
    yield "nesting 500,000 deep", lambda: from_json("[" * 500_000 + "]" * 500_000)
    digits = '{"format": "shanghai-rules/rules", "version": ' + "9" * 5000 + "}"
    yield "a number of 5,000 digits", lambda: from_json(digits)
    yield "a seed of 100,000 digits", lambda: from_json(_document(seed="9" * 100_000))
    yield "a rules name with a lone surrogate", lambda: from_json(_rules_document(name="house\ud800"))
    yield "hand_size of 4,000 digits", lambda: from_json(_rules_document(hand_size=int("9" * 4000)))
    yield "parse_cards of a 1 MB token", lambda: sr.parse_cards("Q" * 1_000_000)
    yield "parse_cards of 1 MB of cards, the last bad", lambda: sr.parse_cards("4H " * 300_000 + "ZZ")
    yield "Contract(set_length=10**9)", lambda: C(sets=2, set_length=10**9)
    four_sets = (C(sets=4, set_length=5), *sr.ISRA.contracts[1:])
    yield "4 sets of 5 under isra", lambda: attrs.evolve(sr.ISRA, contracts=four_sets)
    yield "a set of 13 from two decks", lambda: attrs.evolve(sr.PAGAT7, contracts=(C(sets=1, set_length=13),))
    yield "a trillion seats", lambda: attrs.evolve(sr.PAGAT7, max_players=10**12)
    yield "new_game with a billion seats", lambda: sr.new_game(sr.PAGAT7, 10**9)
    yield "hand_size 10**5000", lambda: attrs.evolve(sr.PAGAT7, hand_size=10**5000)
    yield "a rules name of 1,000,000 characters", lambda: attrs.evolve(sr.PAGAT7, name="x" * 1_000_000)


def refused() -> list[tuple[str, float, int, str]]:
    """(input, seconds, message length, error class) for every refusal."""
    rows = []
    for name, work in refusals():
        gc.collect()
        seconds, result = timed(work)
        if not isinstance(result, ValueError):
            rows.append((name, seconds, -1, "not refused"))
            continue
        message = str(result)
        message.encode("utf-8")
        rows.append((name, seconds, len(message), type(result).__name__))
    return rows


# ---------------------------------------------------------------------------
# memory


def resident() -> int:
    """Bytes of memory the process holds now (Linux), or that Python has allocated (elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return tracemalloc.get_traced_memory()[0]


def game(seed: int) -> None:
    """One seeded game of ``GreedyPlayer`` self-play, to its end: a preset and a seat count a seed."""
    name = list(sr.PRESETS)[seed % len(sr.PRESETS)]
    rules = sr.get_rules(name)
    players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
    sr.play_game(rules, [sr.GreedyPlayer() for _ in range(players)], seed=seed)


def games(count: int) -> tuple[int, int, float]:
    """(bytes after the first 100 games, bytes after all ``count``, seconds)."""
    start = time.perf_counter()
    first = 0
    for seed in range(count):
        game(seed)
        if seed == min(99, count - 1):
            gc.collect()
            first = resident()
    gc.collect()
    return first, resident(), time.perf_counter() - start


def strings() -> int:
    """Bytes left allocated after 200 distinct one-megabyte strings go to parse_cards and from_json."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(200):
        text = f"{i:04d}" + "4H" * 500_000
        named = '{"format": "shanghai-rules/rules", "version": 1, "name": "' + text + '"}'
        with contextlib.suppress(sr.CardError):
            sr.parse_cards(text)
        with contextlib.suppress(SerializationError):
            from_json(text, max_size=None)
        with contextlib.suppress(SerializationError):
            from_json(named, max_size=None)
    gc.collect()
    left = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return left


# ---------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Run the parts asked for; exit status 1 if a mark is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="seeded games for the memory part (0: skip)")
    parser.add_argument("--skip", nargs="*", default=[], choices=["answered", "refused", "games", "strings"])
    parser.add_argument("--report-only", action="store_true", help="exit 0 whatever the marks (a smoke run)")
    args = parser.parse_args(argv)
    missed = 0

    def mark(ok: bool) -> str:
        nonlocal missed
        missed += not ok
        return "ok" if ok else "OVER"

    print(f"shanghai_rules {sr.__version__}, Python {sys.version.split()[0]}")
    if "answered" not in args.skip:
        print(f"\nanswered (mark: {ANSWER_MARK:.1f} s each)")
        for name, call, seconds in answered():
            print(f"  {mark(seconds <= ANSWER_MARK):4}  {seconds * 1000:8.1f} ms  {call:24} {name}")
    if "refused" not in args.skip:
        print(f"\nrefused (mark: {REFUSAL_MARK:.1f} s, messages of {MESSAGE_MARK:,} characters at most)")
        for name, seconds, length, error in refused():
            ok = seconds <= REFUSAL_MARK and 0 < length <= MESSAGE_MARK
            print(f"  {mark(ok):4}  {seconds * 1000:8.1f} ms  {length:5} chars  {error:20} {name}")
    if "strings" not in args.skip:
        left = strings()
        print(f"\nstrings: 200 x 1 MB to parse_cards and from_json leave {left / 1e6:.2f} MB "
              f"(mark: {STRINGS_MARK / 1e6:.0f} MB)  {mark(left <= STRINGS_MARK)}")
    if "games" not in args.skip and args.games:
        first, last, seconds = games(args.games)
        print(f"\ngames: {args.games:,} seeded games in {seconds:.0f} s; memory after "
              f"{min(100, args.games)}: {first / 1e6:.1f} MB, "
              f"after all: {last / 1e6:.1f} MB, growth {(last - first) / 1e6:+.1f} MB "
              f"(mark: {GAMES_MARK / 1e6:.0f} MB)  {mark(last - first <= GAMES_MARK)}")
    return 1 if missed and not args.report_only else 0


if __name__ == "__main__":
    raise SystemExit(main())
