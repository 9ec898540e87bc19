"""A game held for a server: whose answers it awaits, actions taken from seats, explicit passes.

The engine (:func:`~shanghai_rules.engine.apply`) judges one action at a time; it does not
say whose answer a game is waiting for.  A :class:`Table` does, in the one order of offers
that :func:`~shanghai_rules.players.play_game` and the command line also follow:

1. **Offers** (before the player on turn draws, and, where buys go on until the discard
   (``Rules.buy_window``), once more after a draw from the stock): every other seat that may
   buy the upcard or call Shanghai is asked, in turn order from the player on turn.  Each answers
   with one of its offered actions or with :class:`Pass`.  Where buy offers go one seat at a time
   (``Rules.buy_offers``), a pass by the seat offered the upcard lets it go (``DeclineBuy``) and the
   next seat is offered it.  The offers close when every seat asked has answered, or when the
   app says so (:meth:`Table.close_offers`: the app owns clocks; a table has no timers).
2. **The turn**: the player on turn acts until their turn ends (or they draw, where the offers
   open again after the draw).
3. **The cut**, where the rules have one: the cutter cuts.  **Between rounds** the app deals the
   next round (:meth:`Table.start_round`).

A seat whose buy request is pending may withdraw it (``WithdrawBuy``) at any time before it is
settled, whoever the table waits for: the rules let it, so the table takes it from that seat in
any step and lists it among the seat's :meth:`Table.options`, though it never waits for one.
Where the offers were over, a withdrawal opens them again for any seat the rules now offer the
upcard to (where it is offered one seat at a time, the next seat), unless the app closed them.

Every answer names the seat that sends it, and may name the move it was chosen at
(``at``: the ``move_number`` of the view its player saw).  An answer from a seat the table is
not waiting for, or chosen at an older move, is refused with a :class:`TableRefusal` that says
why and carries a stable ``code``; the game is unchanged.  Every move makes the answers chosen
before it stale, a pass included: where several seats are asked at once and one of them buys, the
others answer the new view.

A table is a mutable holder of immutable states: one table per game, used by one thread at a time
(an app serving several clients guards it with a lock).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Literal

import attrs

from ._describable import Describable
from .actions import Action, Buy, CallShanghai, DeclineBuy, StartRound, WithdrawBuy
from .cards import Card
from .engine import apply, game_over_refusal, new_game
from .engine.buying import buy_window_open, offered_seat
from .errors import IllegalAction, MalformedAction, excerpt
from .records import GameRecord, ReplayError, final_state
from .refusals import Code
from .rules import Rules
from .state import GameState
from .views import PlayerView, observe

if TYPE_CHECKING:
    from .events import Event

__all__ = ["Awaiting", "Choice", "Pass", "Step", "StepName", "Table", "TableRefusal"]


def _seat_field(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """The validator of a seat given to :class:`Pass`: a whole number from 0."""
    if type(value) is not int or value < 0:
        raise MalformedAction(f"Pass.{attribute.name}: {excerpt(value)} is not a seat number", code="bad_field")


@attrs.frozen
class Pass(Describable):
    """Let an offer go by: the answer "not this time" to an offer to buy the upcard or call
    Shanghai.  It is not an engine action: a table records nothing for it (except where the
    upcard is offered one seat at a time, and the pass of the seat offered it is its
    ``DeclineBuy``)."""

    player: int = attrs.field(validator=_seat_field)
    """The seat that passes."""


Choice = Action | Pass
"""What a seat answers: one of its offered actions, or :class:`Pass` where it may let the offer go."""

Step = Callable[[GameState, Action, GameState], None]
"""A callback told of every action applied: ``(before, action, after)``."""

StepName = Literal["offers", "turn", "cut", "next_round", "game_over"]
"""What a table waits for: answers to offers, the player on turn, the cut, the app's deal of the
next round, or nothing (the game is over)."""

_OFFERED: Final = (Buy, CallShanghai)


class TableRefusal(IllegalAction):
    """An answer the table does not take now, for who sent it or when, not for the rules of the game:
    a seat it is not waiting for, an action chosen at an older move, a pass where no offer is open.
    ``code`` says which, as one of ``"stale_action"``, ``"not_awaited"``, ``"wrong_seat"``,
    ``"no_such_seat"``, ``"may_not_pass"``, ``"not_offered"`` and ``"bad_argument"`` (see
    :mod:`~shanghai_rules.refusals`).  An answer the rules refuse (one sent once the game is over among
    them, ``"game_over"``) is refused with :class:`~shanghai_rules.errors.IllegalAction` and the rule's
    code, as :func:`~shanghai_rules.engine.apply` refuses it."""

    def __init__(self, code: Code, reason: str, action: object = None) -> None:
        super().__init__(reason, action, code=code)


@attrs.frozen
class Awaiting:
    """Whose answers a :class:`Table` waits for now."""

    step: StepName
    """What it waits for."""
    seats: tuple[int, ...]
    """The seats whose answers it waits for, in the order :func:`~shanghai_rules.players.play_game`
    asks them (empty between rounds and once the game is over)."""
    move_number: int
    """The position's ``move_number``: an answer that names another is stale."""
    upcard: Card | None
    """The card on offer, in the offers step."""


class Table:
    """A game held for a server (see the module docs): the state, whose answers it awaits, and the
    actions it has applied.

    >>> import shanghai_rules as sr
    >>> table = sr.Table.new(sr.PAGAT7, players=3, seed=4)
    >>> table.awaiting()
    Awaiting(step='offers', seats=(2, 0), move_number=0, upcard=parse_card('10C'))
    >>> table.options(2)
    (Buy(player=2), Pass(player=2))
    >>> _ = table.submit(2, sr.Buy(2), at=0)
    >>> _ = table.submit(0, sr.Pass(0))
    >>> table.awaiting().step, table.awaiting().seats
    ('turn', (1,))
    """

    def __init__(self, state: GameState, *, record: GameRecord | None = None, on_step: Step | None = None,
                 keep_events: bool = False) -> None:
        """Hold ``state``.  ``record``: the record of the game so far, where there is one (the table
        extends it with every action it applies; it must be of the state's rules and seats, and hold
        one action per move the state has counted, ``GameState.move_number``, where it counts any: a
        state that counts no moves, a new game's or one read from a version-1 document, is checked by
        replaying the record to it.  Otherwise the table does not replay the record: where one comes
        from elsewhere, check it with ``final_state(record) == state``); ``on_step``: called
        after every action applied, with ``(before, action, after)``, once the move is made (what it
        raises reaches the caller of :meth:`submit`, with the move made); ``keep_events``: keep the
        game's events from here on, for :meth:`events_for` (:meth:`new` keeps the deal's too)."""
        if not isinstance(state, GameState):
            raise TableRefusal("bad_argument", f"Table: {excerpt(state)} is not a GameState")
        if record is not None and not isinstance(record, GameRecord):
            raise TableRefusal("bad_argument", f"Table: record: {excerpt(record)} is not a GameRecord")
        if record is not None and not _may_be_the_record_of(record, state):
            raise TableRefusal("bad_argument", f"Table: record: a record of {len(record.actions)} actions of "
                                               f"{record.players} seats under {excerpt(record.rules.name)} is not "
                                               f"the record of this game, at move {state.move_number}")
        if on_step is not None and not callable(on_step):
            raise TableRefusal("bad_argument", f"Table: on_step: {excerpt(on_step)} cannot be called")
        self._state = state
        self._record = record
        self._applied: list[Action] = []
        self._on_step = on_step
        self._views: dict[int, PlayerView] = {}
        self._window: tuple[int, int, str] | None = None
        self._answered: set[int] = set()
        self._closed = False  # (the offers of this window are over: all answered, or closed by the app)
        self._closed_by_app = False
        self._events: list[Event] | None = None
        self._event_moves: list[int] = []  # the move number before each kept event's step, in order
        if keep_events:
            self._events = []

    @classmethod
    def new(cls, rules: Rules, players: int, seed: int = 0, dealer: int | None = None, *,
            on_step: Step | None = None, keep_events: bool = False) -> Table:
        """A table for a new game, ``new_game(rules, players, seed, dealer)``, with its record (and
        its events from the deal on, with ``keep_events``)."""
        state = new_game(rules, players, seed, dealer)
        table = cls(state, record=GameRecord.new(rules, players, seed, state.dealer), on_step=on_step,
                    keep_events=keep_events)
        if keep_events:
            from .events import opening_events

            table._keep(0, opening_events(state))
        return table

    def events_for(self, seat: int | None, since: int = 0) -> tuple[Event, ...]:
        """What happened from move ``since`` on, as ``seat`` may know it (``None``: a spectator): the
        events of every action applied at that move or later (and the deal, from move 0), redacted as
        :func:`~shanghai_rules.events.redact` redacts them.  A client that saw the view of move ``n``
        asks for ``events_for(seat, n)``; one that reconnects asks from the last move it saw.  Needs a
        table made with ``keep_events``."""
        if self._events is None:
            raise TableRefusal("bad_argument", "this table keeps no events: make it with keep_events=True")
        if seat is not None:
            seat = self._seat(seat)
        from .events import redact

        if type(since) is not int or since < 0:
            raise TableRefusal("bad_argument", f"since: {excerpt(since)} is not a move number (a whole number from 0)")
        start = bisect.bisect_left(self._event_moves, since)
        return tuple(redact(event, seat) for event in self._events[start:])

    @property
    def state(self) -> GameState:
        """The game now (for the server only: it holds every hand and the stock)."""
        return self._state

    @property
    def move_number(self) -> int:
        """The moves made in the game so far (``state.move_number``)."""
        return self._state.move_number

    @property
    def record(self) -> GameRecord | None:
        """The game's record, every action applied included, where the table was given one."""
        if self._record is None:
            return None
        return self._record.extend(self._applied)

    @property
    def applied(self) -> tuple[Action, ...]:
        """The actions this table has applied, in order (passes are not actions)."""
        return tuple(self._applied)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now (:func:`~shanghai_rules.views.observe`)."""
        seat = self._seat(seat)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = observe(self._state, seat)
        return view

    def awaiting(self) -> Awaiting:
        """Whose answers the table waits for now."""
        state = self._state
        phase = state.phase
        if phase == "game_over":
            return Awaiting("game_over", (), state.move_number, None)
        if phase == "round_over":
            return Awaiting("next_round", (), state.move_number, None)
        if phase == "cut":
            return Awaiting("cut", (state.cutter,), state.move_number, None)
        asked = self._offers_awaited()
        if asked:
            return Awaiting("offers", asked, state.move_number, state.upcard)
        return Awaiting("turn", (state.turn,), state.move_number, None)

    def options(self, seat: int) -> tuple[Choice, ...]:
        """What ``seat`` may answer now: its offered actions and :class:`Pass` in the offers step, the
        legal actions of the player on turn or of the cutter (the player on turn may also play an
        unlisted legal ``LayDown``), and, waited for or not, the withdrawal of its pending buy
        request (``WithdrawBuy``); empty where the table waits for someone else and the seat has no
        request to withdraw."""
        awaiting = self.awaiting()
        listed = self.view(seat).legal_actions
        withdrawal = tuple(a for a in listed if isinstance(a, WithdrawBuy))
        if seat not in awaiting.seats:
            return withdrawal
        if awaiting.step == "offers":
            return (*(a for a in listed if isinstance(a, _OFFERED)), *withdrawal, Pass(seat))
        return listed

    def submit(self, seat: int, action: Choice, *, at: int | None = None) -> GameState:
        """Take ``seat``'s answer and return the game after it.

        ``at``: the move number the answer was chosen at (the ``move_number`` of the view its player
        saw); a stale one is refused.  Raises :class:`TableRefusal` for an answer that is neither an
        action nor a :class:`Pass`, one from a seat the table does not wait for (a withdrawal of the
        seat's pending buy request is taken whoever the table waits for), an action of another seat,
        or a pass where none may be made, and
        :class:`~shanghai_rules.errors.IllegalAction` for an action the rules do not allow; in
        either case nothing changes.
        """
        seat = self._seat(seat)
        if at is not None and (type(at) is not int or at < 0):
            raise TableRefusal("bad_argument", f"at: {excerpt(at)} is not a move number (a whole number from 0)",
                               action)
        if not isinstance(action, Choice):
            raise TableRefusal("bad_argument", f"seat {seat} sent {excerpt(action)}, which is neither an action nor "
                                               "a Pass", action)
        if at is not None and at != self._state.move_number:
            raise TableRefusal("stale_action", f"seat {seat}'s answer was chosen at move {excerpt(at)}, and the "
                                               f"game has moved on to move {self._state.move_number}", action)
        if isinstance(action, StartRound):
            raise TableRefusal("not_awaited", "the next round is dealt by the app (Table.start_round), "
                                              "not by a seat", action)
        acting = getattr(action, "player", None)
        if type(acting) is not int or acting != seat:
            raise TableRefusal("wrong_seat", f"seat {seat} sent an action for seat {excerpt(acting)}", action)
        over = game_over_refusal(self._state)  # (the rules' own refusal, as apply gives it)
        if over:
            raise IllegalAction(f"{type(action).__name__}: {over}", action, code=over.code)
        if isinstance(action, WithdrawBuy):  # (taken in any step: the rules judge it)
            return self._withdraw(action)
        awaiting = self.awaiting()
        if seat not in awaiting.seats:
            raise TableRefusal("not_awaited", _not_awaited(awaiting, seat), action)
        if awaiting.step == "offers":
            return self._answer_offer(seat, action)
        if isinstance(action, Pass):
            raise TableRefusal("may_not_pass", f"seat {seat} may not pass: the table waits for its "
                                               f"{'cut' if awaiting.step == 'cut' else 'turn'}", action)
        return self._apply(action)

    def close_offers(self) -> GameState:
        """Close the open offers now, as if every seat not yet answered had passed (where the upcard is
        offered one seat at a time, nobody else is offered it); the table then waits for the player on
        turn.  The app calls this when its clock for answers runs out."""
        if self.awaiting().step == "offers":
            self._closed = self._closed_by_app = True
        return self._state

    def start_round(self) -> GameState:
        """Deal the next round, once a round is over (``StartRound``, judged by
        :func:`~shanghai_rules.engine.apply`: ``wrong_phase`` before then, ``game_over`` after the last)."""
        return self._apply(StartRound())

    # -- the offers step --------------------------------------------------------

    def _withdraw(self, action: WithdrawBuy) -> GameState:
        """Apply a withdrawal of a buy request.  Where the offers were over because every seat asked
        had answered, they open again: the rules may now offer the upcard to a seat they did not
        before (where it is offered one seat at a time, the next one).  Offers the app closed stay
        closed."""
        after = self._apply(action)
        if not self._closed_by_app:
            self._closed = False
        return after

    def _offers_awaited(self) -> tuple[int, ...]:
        """The seats asked to answer the open offers, in turn order from the player on turn."""
        state = self._state
        # the upcard's offers (and the Shanghai call) are open while the upcard may be bought
        if not buy_window_open(state):
            return ()
        window = (state.round_number, state.turns_taken, state.phase)
        if window != self._window:
            self._window, self._answered, self._closed, self._closed_by_app = window, set(), False, False
        if self._closed:
            return ()
        players = state.players
        offered_now = offered_seat(state) if state.rules.buy_offers == "in_turn" else None
        seats = []
        for k in range(1, players):
            seat = (state.turn + k) % players
            if (seat not in self._answered or seat == offered_now) and self._has_offer(seat):
                seats.append(seat)
        if not seats:
            self._closed = True
        return tuple(seats)

    def _has_offer(self, seat: int) -> bool:
        return any(isinstance(a, _OFFERED) for a in self.view(seat).legal_actions)

    def _answer_offer(self, seat: int, action: Choice) -> GameState:
        if isinstance(action, Pass):
            self._answered.add(seat)
            decline = DeclineBuy(seat)
            if decline in self.view(seat).legal_actions:
                return self._apply(decline)
            return self._state
        if not isinstance(action, (*_OFFERED, DeclineBuy)):
            raise TableRefusal("not_offered", f"seat {seat} is offered the upcard or a Shanghai call now: it "
                                              f"answers with one of them or passes, not {type(action).__name__}",
                                action)
        after = self._apply(action)
        self._answered.add(seat)
        return after

    # -- applying ------------------------------------------------------------------

    def _apply(self, action: Action) -> GameState:
        before = self._state
        after = apply(before, action)
        self._state = after
        self._views = {}
        self._applied.append(action)
        if self._events is not None:
            from .events import step_events

            self._keep(before.move_number, step_events(before, action, after))
        if self._on_step is not None:
            self._on_step(before, action, after)
        return after

    def _keep(self, move: int, events: Sequence[Event]) -> None:
        """Keep the events of the step made at ``move``."""
        assert self._events is not None
        self._events.extend(events)
        self._event_moves.extend([move] * len(events))

    def _seat(self, seat: object) -> int:
        players = self._state.players
        if type(seat) is not int or not 0 <= seat < players:
            raise TableRefusal("no_such_seat", f"{excerpt(seat)} is not a seat of this table (0-{players - 1})")
        return seat


def _may_be_the_record_of(record: GameRecord, state: GameState) -> bool:
    """What a table checks of the record it is given with ``state``: the rules, the seats, and one
    action per move counted; where the state counts no moves (a new game, or a state read from a
    version-1 document, which counts none), that the record, replayed, ends at the state."""
    if record.rules != state.rules or record.players != state.players:
        return False
    if state.move_number:
        return len(record.actions) == state.move_number
    if not record.actions:
        return record.initial_state() == state
    try:
        reached = final_state(record)
    except ReplayError:
        return False
    return attrs.evolve(reached, move_number=0) == state


def _not_awaited(awaiting: Awaiting, seat: int) -> str:
    """Why the table does not take an answer from ``seat`` now (the game not over)."""
    if awaiting.step == "next_round":
        return "the round is over: the table waits for the next deal"
    waited = ", ".join(str(s) for s in awaiting.seats)
    what = {"offers": "answers to the offers of the upcard", "turn": "the player on turn", "cut": "the cut"}
    return f"seat {seat} is not asked now: the table waits for {what[awaiting.step]} (seats {waited})"

