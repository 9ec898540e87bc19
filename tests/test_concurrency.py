"""Games played side by side: interleaved decision by decision, and from many threads at once, a
game gives exactly the listings and states it gives alone (the memo is keyed by content, and
shared safely; nothing passes from one call to the next but through its arguments)."""

from __future__ import annotations

import hashlib
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import shanghai_rules as sr
from shanghai_rules.memo import MemoTable

GAMES = [("pagat7", 4, 1), ("isra", 4, 2), ("ten-round", 5, 3), ("may-i", 4, 4),
         ("pagat7", 3, 5), ("isra", 3, 6), ("liverpool", 4, 7), ("ten-round-rulebook", 4, 8)]


def _record(preset: str, players: int, seed: int) -> sr.GameRecord:
    _, record = sr.play_game(sr.get_rules(preset), [sr.GreedyPlayer() for _ in range(players)], seed)
    return record


RECORDS = [_record(*game) for game in GAMES]


def _steps(record: sr.GameRecord) -> list[tuple[sr.GameState, tuple[sr.Action, ...]]]:
    """Every state of a game replayed, with what legal_actions lists there (the chosen action applied
    with its listing, where it is in it)."""
    state = sr.new_game(record.rules, record.players, seed=record.seed, dealer=record.dealer)
    out = []
    for action in record.actions:
        listing = sr.legal_actions(state)
        out.append((state, tuple(listing)))
        state = sr.apply(state, action, listing=listing)
    out.append((state, tuple(sr.legal_actions(state))))
    return out


def _digest(steps: list[tuple[sr.GameState, tuple[sr.Action, ...]]]) -> str:
    return hashlib.sha256(repr(steps).encode()).hexdigest()


def test_two_games_interleaved_decision_by_decision_give_what_each_gives_alone() -> None:
    """One program hosting two tables: every listing and every state of each game is the same whether
    the two are played one after the other or a decision of each in turn (SPEC 5: apply is deterministic)."""
    first, second = RECORDS[0], RECORDS[1]
    sr.clear_caches()
    alone = [_steps(first), _steps(second)]
    sr.clear_caches()
    states = [sr.new_game(r.rules, r.players, seed=r.seed, dealer=r.dealer) for r in (first, second)]
    together: list[list[tuple[sr.GameState, tuple[sr.Action, ...]]]] = [[], []]
    moves = [list(first.actions), list(second.actions)]
    for step in range(max(len(m) for m in moves) + 1):
        for i in (0, 1):
            if step <= len(moves[i]):
                listing = sr.legal_actions(states[i])
                together[i].append((states[i], tuple(listing)))
                if step < len(moves[i]):
                    states[i] = sr.apply(states[i], moves[i][step], listing=listing)
    assert together == alone


def test_games_played_from_eight_threads_at_once_give_the_single_threaded_results() -> None:
    """A server answering many tables from many threads: eight games, each replayed in a thread of its
    own, all at once, give every listing and state of their single-threaded replays."""
    sr.clear_caches()
    expected = [_digest(_steps(record)) for record in RECORDS]
    for _ in range(2):
        sr.clear_caches()
        with ThreadPoolExecutor(max_workers=8) as pool:
            found = list(pool.map(lambda record: _digest(_steps(record)), RECORDS))
        assert found == expected


def test_a_memo_table_written_from_sixteen_threads_keeps_its_bound() -> None:
    """The memo's bound holds under threads: however the writes of sixteen threads interleave, no
    generation of a table holds more than its limit plus one entry for each other thread writing."""
    table: MemoTable[tuple[int, int], int] = MemoTable("sixteen writers", limit=8)
    largest = [0]
    switch = sys.getswitchinterval()

    def write(seat: int) -> None:
        for count in range(10_000):
            table.put((seat, count), count)
            largest[0] = max(largest[0], len(table), len(table._old))

    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=write, args=(seat,)) for seat in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert largest[0] <= table.limit + 15
    assert table.size() <= 2 * (table.limit + 15)
