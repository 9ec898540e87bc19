"""Game records: :class:`GameRecord` and :func:`replay`.

A record is everything needed to play a game again, move for move: the
rules, the number of seats, the seed and round 1's dealer (the arguments of
:func:`~shanghai_rules.engine.new_game`), and every action in the order it was
applied.  Since :func:`~shanghai_rules.engine.apply` is deterministic and all
randomness comes from the seed, replaying a record gives the very same states.

Build one while playing (``apply`` first: an illegal action raises, and is not recorded):

>>> import shanghai_rules as sr
>>> from shanghai_rules.records import GameRecord, final_state
>>> record = GameRecord.new(sr.PAGAT7, players=4, seed=7)
>>> state = record.initial_state()
>>> for _ in range(3):
...     action = sr.legal_actions(state)[0]
...     state = sr.apply(state, action)
...     record = record.append(action)
>>> len(record.actions)
3
>>> final_state(record) == state
True

A record is a frozen value; :meth:`GameRecord.append` returns a new one.
:func:`~shanghai_rules.serialization.to_json` writes it as a
``shanghai-rules/record`` document (see :mod:`shanghai_rules.serialization`),
and :func:`~shanghai_rules.serialization.from_json` reads it back.

:func:`replay` yields every state of the game, the initial one first; an
action the rules do not allow stops it with a :class:`ReplayError` that says
which action (its index in the record) and why.  Loading a record checks its
form; only a replay judges whether its actions are legal.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sized
from itertools import islice
from typing import Final

import attrs

from .actions import (
    Action,
    Buy,
    CallShanghai,
    Cut,
    DeclineBuy,
    Discard,
    DrawStock,
    LayDown,
    LayOff,
    StartRound,
    SwapWild,
    TakeDiscard,
    WithdrawBuy,
)
from .engine import apply, new_game
from .engine.deal import first_dealer, seed_refusal
from .errors import IllegalAction, MalformedAction, excerpt
from .refusals import Code
from .rules import Rules, RulesError
from .state import GameState

__all__ = ["MAX_ACTIONS_READ", "GameRecord", "ReplayError", "final_state", "replay"]

#: The most actions :meth:`GameRecord.extend` takes from an iterable without a length (a generator):
#: one that yields more is refused, so that an endless one cannot fill memory.  A list or a tuple
#: is taken whole.  Ample for any game of the presets, which their turn limit ends within 4,000
#: turns (ten rounds of eight seats, 50 turns a seat), each of a few dozen actions at most.
MAX_ACTIONS_READ: Final = 1_000_000

ACTION_TYPES: tuple[type, ...] = (
    DrawStock, TakeDiscard, Buy, WithdrawBuy, DeclineBuy, LayDown, LayOff, SwapWild, Discard, CallShanghai, Cut,
    StartRound,
)
"""Every action class."""
_ACTION_TYPE_SET: Final = frozenset(ACTION_TYPES)


class ReplayError(IllegalAction):
    """A record whose action at ``index`` is not legal in the position the earlier actions reach.

    ``index`` is the 0-based position of the action in :attr:`GameRecord.actions`,
    ``action`` the action itself, ``reason`` why the rules refuse it, ``code`` and ``meld``
    those of the refusal (see :class:`~shanghai_rules.errors.IllegalAction`), and
    ``state`` the position it was tried on.
    """

    def __init__(self, index: int, action: object, reason: str, state: GameState, *,
                 code: Code = "unspecified", meld: int | None = None) -> None:
        super().__init__(f"action {index} of the record ({excerpt(action)}) is illegal: {reason}", action,
                         code=code, meld=meld)
        self.reason = reason
        self.index = index
        self.state = state


def _check_actions(value: object) -> tuple[Action, ...]:
    """``value``, a tuple of actions, or :class:`MalformedAction`.  (Every type is looked at in one
    pass of the set of types, so that a record made one :meth:`GameRecord.append` at a time is not
    slowed by looking at each action again in Python.)"""
    if not isinstance(value, tuple):
        raise MalformedAction(f"GameRecord.actions: {excerpt(value)} is not a tuple of actions", code="bad_field")
    if not set(map(type, value)) <= _ACTION_TYPE_SET:
        for i, action in enumerate(value):
            if type(action) not in _ACTION_TYPE_SET:
                raise MalformedAction(f"GameRecord.actions[{i}]: {excerpt(action)} is not an action", code="bad_field")
    return value


@attrs.frozen(kw_only=True)
class GameRecord:
    """A whole game as data: the arguments of :func:`~shanghai_rules.engine.new_game` and the actions in order.

    Build one with :meth:`new` and :meth:`append`, or read one with
    :func:`~shanghai_rules.serialization.from_json`.  Values given to the
    constructor are checked as :func:`~shanghai_rules.engine.new_game` checks
    them (:class:`~shanghai_rules.errors.RulesError`), and every action must be
    an action value (:class:`~shanghai_rules.errors.MalformedAction`).
    """

    rules: Rules
    """The rules of the game."""
    players: int
    """The number of seats."""
    seed: int = 0
    """The seed given to :func:`~shanghai_rules.engine.new_game`."""
    dealer: int = 0
    """Round 1's dealer."""
    actions: tuple[Action, ...] = ()
    """Every action applied, in order."""

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        if not isinstance(rules, Rules):
            raise RulesError(f"GameRecord.rules: {excerpt(rules)} is not a Rules", "bad_argument")
        players = self.players
        if not rules.allows_players(players):
            raise RulesError(f"GameRecord.players: {rules.name} is played by {rules.min_players}-"
                             f"{rules.max_players} players, not {excerpt(players)}", "bad_player_count")
        refusal = seed_refusal(self.seed)
        if refusal:
            raise RulesError(f"GameRecord.seed: {refusal}", "bad_argument")
        if type(self.dealer) is not int or not 0 <= self.dealer < players:
            raise RulesError(f"GameRecord.dealer: {excerpt(self.dealer)} is not a seat (0-{players - 1})",
                             "bad_argument")
        _check_actions(self.actions)

    @classmethod
    def new(cls, rules: Rules, players: int, seed: int = 0, dealer: int | None = None) -> GameRecord:
        """An empty record of the game ``new_game(rules, players, seed, dealer)`` starts (without a
        dealer, the one that game gets: seat 0, or the pick of
        :func:`~shanghai_rules.engine.opening_draw` where the rules have the draw)."""
        if dealer is None:
            dealer = first_dealer(rules, players, seed)
        return cls(rules=rules, players=players, seed=seed, dealer=dealer)

    def append(self, action: Action) -> GameRecord:
        """A new record with ``action`` added at the end (this one is unchanged).

        The action is not judged here: :func:`replay` does that.  Each append copies the
        record's actions: to record a long game, keep its actions in a list and
        :meth:`extend` the record once.
        """
        if type(action) not in ACTION_TYPES:
            raise MalformedAction(f"GameRecord.append: {excerpt(action)} is not an action", code="bad_field")
        return attrs.evolve(self, actions=(*self.actions, action))

    def extend(self, actions: Iterable[Action]) -> GameRecord:
        """A new record with ``actions`` added at the end, in order.  Quicker than adding them one
        :meth:`append` at a time, each of which copies the record's actions.  An iterable without a
        length is read no further than :data:`MAX_ACTIONS_READ` actions, and refused if it holds more."""
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise MalformedAction(f"GameRecord.extend: give actions, in order, not {excerpt(actions)}",
                                  code="bad_field")
        sized = isinstance(actions, Sized)
        added = tuple(actions if sized else islice(actions, MAX_ACTIONS_READ + 1))
        if not sized and len(added) > MAX_ACTIONS_READ:
            raise MalformedAction(f"GameRecord.extend: this iterable holds more than {MAX_ACTIONS_READ:,} actions, "
                                  "the most read from one without a length: give a list", code="bad_field")
        return attrs.evolve(self, actions=(*self.actions, *added))

    def initial_state(self) -> GameState:
        """The position before the first action: ``new_game(rules, players, seed, dealer)``."""
        return new_game(self.rules, self.players, seed=self.seed, dealer=self.dealer)


def replay(record: GameRecord) -> Iterator[GameState]:
    """Every state of the recorded game in order: the initial state, then the state after each action.

    Raises :class:`ReplayError` (an :class:`~shanghai_rules.errors.IllegalAction`)
    at the first action the rules refuse, saying which and why; the states
    before it have been yielded.
    """
    if not isinstance(record, GameRecord):
        raise MalformedAction(f"replay: {excerpt(record)} is not a GameRecord", code="bad_field")
    state = record.initial_state()
    yield state
    for index, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(index, action, exc.reason, state, code=exc.code, meld=exc.meld) from exc
        yield state


def final_state(record: GameRecord) -> GameState:
    """The state after the record's last action (the initial state for an empty record).

    Raises :class:`ReplayError` like :func:`replay`.
    """
    return deque(replay(record), maxlen=1)[0]
