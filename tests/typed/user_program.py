"""A program written against the public API as the docs show it, checked by ``mypy --strict`` in CI
(``.ci/run``) and run by ``tests/test_typing.py``: what the package's ``py.typed`` promises a user."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import shanghai_rules as sr
from shanghai_rules.table import Awaiting, Choice, Pass


def first_lay_down_or_draw(state: sr.GameState, actions: Sequence[sr.Action]) -> sr.Action:
    """A player of one rule: go down when the listing offers it, else take the first action."""
    return next((action for action in actions if isinstance(action, sr.LayDown)), actions[0])


def run() -> dict[str, object]:
    """Use each part of the API a typical app uses, and return what it saw."""
    verdict = sr.check_meld("7C 4C JK 5C", sr.PAGAT7)
    found = sr.find_contract("9C 9D 9H 4H 5H 6H 7H KS", sr.PAGAT7, 2)
    house: sr.Rules = attrs.evolve(sr.PAGAT7, buy_limits=(5,) * 7)

    state = sr.new_game(house, players=3, seed=7)
    for _ in range(40):
        state = sr.apply(state, first_lay_down_or_draw(state, sr.legal_actions(state)))

    players = [sr.GreedyPlayer(seed=1), sr.GreedyPlayer(seed=2), sr.RandomPlayer(seed=3)]
    final, record = sr.play_game(sr.ISRA, players, seed=7)

    table = sr.Table.new(sr.PAGAT7, players=3, seed=4)
    awaiting: Awaiting = table.awaiting()
    options: tuple[Choice, ...] = table.options(awaiting.seats[0])
    words = [option.describe() for option in options]
    table.submit(awaiting.seats[0], Pass(awaiting.seats[0]), at=awaiting.move_number)

    view = sr.observe(state, 0)
    read_back = sr.from_json(sr.to_json(view))
    return {
        "meld": verdict.meld.describe() if verdict.meld is not None else verdict.reason,
        "contract": None if found is None else [str(meld) for meld in found],
        "moves": state.move_number,
        "winners": final.winners,
        "record": len(record.actions),
        "offer words": words,
        "view read back": read_back == view,
    }
