"""Golden playthroughs: one recorded game per preset (seed, action log, final scores),
checked in as a regression anchor (issue: engine, item 5).

Regenerate after an intended change of behaviour with
``python tests/test_golden.py --write`` and review the diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import shanghai_rules as sr

GOLDEN = Path(__file__).parent / "golden"
GAMES = {"pagat7": (sr.PAGAT7, 4, 2024), "ten-round": (sr.TEN_ROUND, 5, 77), "isra": (sr.ISRA, 4, 1234)}


def _policy(actions: list[sr.Action], rng: random.Random) -> sr.Action:
    """Plays first (so rounds end by going out), buys now and then, otherwise anything listed."""
    plays = [a for a in actions if isinstance(a, (sr.LayDown, sr.LayOff, sr.SwapWild, sr.CallShanghai))]
    if plays:
        return rng.choice(plays)
    buys = [a for a in actions if isinstance(a, sr.Buy)]
    if buys and rng.random() < 0.05:
        return rng.choice(buys)
    rest = [a for a in actions if not isinstance(a, (sr.Buy, sr.WithdrawBuy))]
    return rng.choice(rest or actions)


def play(name: str) -> tuple[sr.GameRecord, sr.GameState]:
    """Play the golden game of a preset afresh."""
    rules, players, seed = GAMES[name]
    rng = random.Random(seed)
    record = sr.GameRecord.new(rules, players, seed=seed)
    state = record.initial_state()
    while not state.is_over:
        action = _policy(sr.legal_actions(state), rng)
        state = sr.apply(state, action)
        record = record.append(action)
    return record, state


def _summary(state: sr.GameState) -> dict[str, object]:
    return {
        "scores": list(state.scores),
        "winners": list(state.winners),
        "rounds": [
            {"went_out": r.went_out, "ended_by": r.ended_by, "points": list(r.points)} for r in state.round_results
        ],
    }


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_record_replays_to_its_final_scores(name: str) -> None:
    """Replaying the checked-in record reproduces every round result and the final scores."""
    record = sr.from_json((GOLDEN / f"{name}.record.json").read_text())
    expected = json.loads((GOLDEN / f"{name}.result.json").read_text())
    assert isinstance(record, sr.GameRecord)
    final = sr.final_state(record)
    assert final.is_over
    assert _summary(final) == expected


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_is_played_the_same_way_today(name: str) -> None:
    """The same seed and policy still choose the same actions: legal_actions and the deal are unchanged."""
    record, state = play(name)
    golden = json.loads((GOLDEN / f"{name}.record.json").read_text())  # written in version 1 of the format
    assert golden["version"] == 1
    assert json.loads(sr.to_json(record)) == {**golden, "version": sr.FORMAT_VERSION}
    assert _summary(state) == json.loads((GOLDEN / f"{name}.result.json").read_text())


def _write() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in sorted(GAMES):
        record, state = play(name)
        (GOLDEN / f"{name}.record.json").write_text(sr.to_json(record))
        (GOLDEN / f"{name}.result.json").write_text(json.dumps(_summary(state), indent=1) + "\n")
        print(name, len(record.actions), "actions, scores", list(state.scores))


if __name__ == "__main__" and "--write" in sys.argv:
    _write()
