""":func:`play_game`: computer (or human) players play a whole game through a
:class:`~shanghai_rules.table.Table`."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..errors import excerpt
from ..records import GameRecord
from ..rules import Rules, RulesError
from ..state import GameState
from ..table import Step, Table
from .base import Player

__all__ = ["Step", "play_game", "play_next", "play_step"]


def play_game(
    rules: Rules, players: Sequence[Player], seed: int, dealer: int | None = None, *, on_step: Step | None = None
) -> tuple[GameState, GameRecord]:
    """Play a whole game of ``rules`` between ``players`` (one per seat) and return
    the final state and its :class:`~shanghai_rules.records.GameRecord`.

    ``seed`` and ``dealer`` go to :func:`~shanghai_rules.engine.new_game`; the
    same seed and deterministic players give the same game, and replaying the
    record gives the same final state.  ``on_step``, if given, is called after
    every action applied with ``(state before, action, state after)``.

    Who acts when is the :class:`~shanghai_rules.table.Table`'s order: each
    seat it waits for is asked in turn, with its options
    (:meth:`~shanghai_rules.table.Table.options`: in the offers before the
    draw, its legal ``Buy`` and ``CallShanghai`` actions and :class:`Pass`),
    and ``StartRound`` is applied between rounds.  Each player is given only
    its own seat's :class:`~shanghai_rules.views.PlayerView`, never the state.
    """
    _check_players(players)
    table = Table.new(rules, len(players), seed, dealer, on_step=on_step)
    while not table.state.is_over:
        play_next(table, players)
    record = table.record
    assert record is not None
    return table.state, record


def _check_players(players: object) -> None:
    """RulesError unless ``players`` is a sequence of players (objects with a ``choose`` method)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise RulesError(f"players: give one player per seat, as a list, not {excerpt(players)}", "bad_argument")
    for seat, player in enumerate(players):
        if not callable(getattr(player, "choose", None)):
            raise RulesError(f"players[{seat}]: {excerpt(player)} is not a player (it has no choose method)",
                             "bad_argument")


def play_step(
    state: GameState, players: Sequence[Player], record: list[Action], on_step: Step | None = None
) -> GameState:
    """Advance ``state`` by one step of :func:`play_game`'s loop (a cut, a deal,
    the offers before a draw and the draw, or the offers after a draw and the rest of the turn),
    appending every action applied to ``record``.
    """
    _check_players(players)
    if len(players) != state.players:
        raise RulesError(f"players: {len(players)} players given for {state.players} seats", "bad_player_count")
    table = Table(state, on_step=on_step)
    phase, turn = state.phase, state.turn
    play_next(table, players)
    while phase in ("draw", "play") and table.state.phase == phase and table.state.turn == turn:
        play_next(table, players)
    record.extend(table.applied)
    return table.state


def play_next(table: Table, players: Sequence[Player]) -> None:
    """One answer at ``table``: the next round dealt, or the first seat it waits for asked for its
    choice among its options (:meth:`~shanghai_rules.table.Table.options`), given its own view."""
    awaiting = table.awaiting()
    if awaiting.step == "next_round":
        table.start_round()
        return
    seat = awaiting.seats[0]
    offered = table.options(seat)
    table.submit(seat, players[seat].choose(table.view(seat), offered))  # (a pass not offered: may_not_pass)
