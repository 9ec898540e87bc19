""":func:`play_game`: computer (or human) players play a whole game through the engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import Action, Buy, CallShanghai, DeclineBuy, StartRound, WithdrawBuy
from ..engine import apply, new_game
from ..errors import IllegalAction, excerpt
from ..records import GameRecord
from ..rules import Rules, RulesError
from ..state import GameState
from ..views import PlayerView, observe
from .base import Choice, Pass, Player

__all__ = ["Step", "play_game", "play_step"]

Step = Callable[[GameState, Action, GameState], None]
"""A callback told of every action applied: ``(before, action, after)``."""


def play_game(
    rules: Rules, players: Sequence[Player], seed: int, dealer: int | None = None, *, on_step: Step | None = None
) -> tuple[GameState, GameRecord]:
    """Play a whole game of ``rules`` between ``players`` (one per seat) and return
    the final state and its :class:`~shanghai_rules.records.GameRecord`.

    ``seed`` and ``dealer`` go to :func:`~shanghai_rules.engine.new_game`; the
    same seed and deterministic players give the same game, and replaying the
    record gives the same final state.  ``on_step``, if given, is called after
    every action applied with ``(state before, action, state after)``.

    Who acts when: in the draw phase, before the player on turn draws, each
    other seat in turn order from the player on turn is offered its legal
    ``Buy`` and ``CallShanghai`` actions and :class:`Pass`; then the player on
    turn chooses until it has drawn (it may call Shanghai first).  Where buys go
    on until the discard (``Rules.buy_window``), the other seats are offered
    the upcard once more after a draw from the stock, before the player on turn
    plays.  In the play
    phase the player on turn chooses until its turn ends.  ``StartRound`` is
    applied between rounds, and where the rules have a cut the cutter chooses
    the count.  Each player is given only its own seat's
    :class:`~shanghai_rules.views.PlayerView`, never the state.
    """
    _check_players(players)
    state = new_game(rules, len(players), seed, dealer)
    record = GameRecord.new(rules, len(players), seed, state.dealer)
    actions: list[Action] = []
    while not state.is_over:
        state = _step(state, players, actions, on_step)
    return state, record.extend(actions)


def _check_players(players: object) -> None:
    """RulesError unless ``players`` is a sequence of players (objects with a ``choose`` method)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise RulesError(f"players: give one player per seat, as a list, not {excerpt(players)}")
    for seat, player in enumerate(players):
        if not callable(getattr(player, "choose", None)):
            raise RulesError(f"players[{seat}]: {excerpt(player)} is not a player (it has no choose method)")


def play_step(
    state: GameState, players: Sequence[Player], record: list[Action], on_step: Step | None = None
) -> GameState:
    """Advance ``state`` by one step of :func:`play_game`'s loop (a cut, a deal,
    a draw phase with its offers, or one seat's play phase), appending every
    action applied to ``record``.
    """
    _check_players(players)
    if len(players) != state.players:
        raise RulesError(f"players: {len(players)} players given for {state.players} seats")
    return _step(state, players, record, on_step)


def _step(state: GameState, players: Sequence[Player], record: list[Action], on_step: Step | None) -> GameState:
    """:func:`play_step` for players already checked (play_game checks them once, not at every step)."""
    phase = state.phase
    if phase == "game_over":
        return state
    if phase == "round_over":
        return _apply(state, StartRound(), record, on_step)
    if phase == "cut":
        view = observe(state, state.cutter)
        return _ask(state, players, view, list(view.legal_actions), record, on_step)
    turn = state.turn
    if phase == "draw" or (phase == "play" and state.upcard_live):
        state = _offer(state, players, record, on_step)
    while state.phase == phase and state.turn == turn:
        view = observe(state, turn)
        own: list[Choice] = [a for a in view.legal_actions if not isinstance(a, WithdrawBuy)]
        state = _ask(state, players, view, own, record, on_step)
    return state


def _offer(state: GameState, players: Sequence[Player], record: list[Action], on_step: Step | None) -> GameState:
    """Offer each other seat, in turn order from the player on turn, its legal ``Buy`` and
    ``CallShanghai`` actions and :class:`Pass`: before the draw, and, where buys go on until the
    discard (``Rules.buy_window``), once more after a draw from the stock.  Where offers go one seat
    at a time (``Rules.buy_offers``), a seat offered the upcard that passes lets it go (``DeclineBuy``)."""
    turn = state.turn
    n = state.players
    for k in range(1, n):
        seat = (turn + k) % n
        view = observe(state, seat)
        offered: list[Choice] = [a for a in view.legal_actions if isinstance(a, (Buy, CallShanghai))]
        if offered:
            offered.append(Pass(seat))
            asked = state
            state = _ask(state, players, view, offered, record, on_step)
            decline = DeclineBuy(seat)
            if state is asked and decline in view.legal_actions:
                state = _apply(state, decline, record, on_step)
    return state


def _ask(
    state: GameState, players: Sequence[Player], view: PlayerView, offered: Sequence[Choice],
    record: list[Action], on_step: Step | None,
) -> GameState:
    seat = view.player
    choice = players[seat].choose(view, offered)
    if isinstance(choice, Pass):
        if choice not in offered:
            raise IllegalAction(f"seat {seat} passed, but passing was not offered", choice)
        return state
    acting = getattr(choice, "player", seat)
    if acting != seat:
        raise IllegalAction(f"seat {seat} chose an action for seat {acting}", choice)
    return _apply(state, choice, record, on_step)


def _apply(state: GameState, action: Action, record: list[Action], on_step: Step | None) -> GameState:
    after = apply(state, action)
    record.append(action)
    if on_step is not None:
        on_step(state, action, after)
    return after
