""":func:`legal_actions`: the candidate actions of a position, kept exactly where the judgement
:func:`~shanghai_rules.engine.apply` makes accepts them.

Candidates are read off the position (as a chess engine lists its pseudo-legal
moves): the seat on turn draws or takes the upcard, the others buy, a seat that
asked to buy may withdraw, any seat may call Shanghai on a meld the upcard fits;
the plays of :mod:`~shanghai_rules.engine.candidates`; a discard of each card held,
and a declared one of each card some meld might take.  Each is then judged by the
very refusal functions ``apply`` runs (a refusal that does not depend on the action,
such as "this player may not lay off now", is asked once for all the candidates it
judges).  The plays' verdicts are kept in the :class:`Listing` returned, which
``apply`` may be handed back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from typing import Any, Final, NamedTuple

from ..actions import (
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
    TakeDiscard,
    WithdrawBuy,
)
from ..cards import ALL_CARDS
from ..contract_search import PLACEMENT_LIMIT, Tries
from ..errors import IllegalAction, excerpt
from ..meld_value import Meld
from ..memo import MEMO
from ..state import GameState
from ..verify import agree, confirm, verifying
from .buying import buy_window_open, offered_seat, seat_buy_refusal, withdraw_refusal
from .candidates import action_of, lay_down_candidates, lay_off_candidates, lay_offs_and_melds, swap_candidates
from .deal import count_refusal, cutter_refusal, start_refusal
from .discard import card_refusal, turn_end_refusal
from .draw import draw_refusal, upcard_refusal
from .hands import distinct_cards
from .laying_off import lay_off_refusal
from .no_trap import TRIES_LIMIT, last_card_after_lay_off, lay_offs_leave_last_card
from .play_rules import Play
from .plays import Verdict, judge_listed_lay_down, judge_play, lay_offs_end_alike, settle
from .position import Position, Turn, position_of
from .shanghai import call_refusal, shanghai_option
from .swapping import swapper_refusal
from .table_facts import TableFacts, table_facts

__all__ = ["LAYOUTS_JUDGED", "LAY_DOWN_CHOICES", "Listing", "has_legal_action", "legal_actions"]

#: How many different ``LayDown`` actions :func:`legal_actions` lists at most, unless asked for
#: more with its ``lay_downs`` argument: one, the layout :func:`~shanghai_rules.contracts.find_contract` gives.
LAY_DOWN_CHOICES: Final = 1

#: The most layouts of the contract search that :func:`legal_actions` and :func:`has_legal_action`
#: judge for one position: where the judgement refuses every one of them (each takes the whole hand
#: where the turn cannot end so), no ``LayDown`` is listed (a ruling: see :doc:`/decisions`).  The
#: layouts judged also share the search's :data:`~shanghai_rules.contract_search.PLACEMENT_LIMIT`
#: runs and sets tried, in all.  As many as the contract searches of one no-trap judgement can give
#: (:data:`~shanghai_rules.engine.no_trap.TRIES_LIMIT`: every layout costs at least one run or set
#: tried), so that a lay-down that judgement found on its way to finish a turn is always listed.
LAYOUTS_JUDGED: Final = TRIES_LIMIT


class Judged(NamedTuple):
    """What a listing of a play phase judged the plays of the seat on turn on (a value)."""

    turn: Turn
    """The turn the plays were judged in."""
    pos: Position
    """The position they were judged on."""
    facts: TableFacts | None
    """The :class:`~shanghai_rules.engine.table_facts.TableFacts` of the table (``None`` for no table)."""


class Listing(list[Action]):
    """The legal actions of one state, as :func:`legal_actions` lists them: a list of actions
    that also holds the verdict of each play listed (``verdicts``), for the state it was made
    of (``state``), and what they were judged on (``judged``).

    Hand it to :func:`~shanghai_rules.engine.apply` with an action picked from it,
    ``apply(state, action, listing=actions)``, and that play is not judged a second time.
    ``apply`` takes a verdict from the listing only for the very state it was made of, and
    for a play it lists (a ``LayDown`` only as the very object listed: see :meth:`verdict_of`);
    for any other it judges the action itself.  ``state``, ``judged`` and the
    verdicts cannot be changed.  The list itself is the caller's: ``apply`` reads none of it.
    """

    __slots__ = ("_judged", "_state", "_verdicts")
    _state: GameState
    _judged: Judged | None
    _verdicts: dict[Action, tuple[Action, Verdict]]

    @classmethod
    def of(cls, state: GameState, judged: Judged | None = None) -> Listing:
        """An empty listing of ``state`` (:func:`legal_actions` fills it), with what its plays are
        judged on, in the play phase."""
        listing = cls()
        listing._state = state
        listing._judged = judged
        listing._verdicts = {}
        return listing

    @property
    def state(self) -> GameState:
        """The state listed."""
        return self._state

    @property
    def judged(self) -> Judged | None:
        """In the play phase of the seat on turn, what the plays were judged on."""
        return self._judged

    @property
    def verdicts(self) -> Mapping[Action, Verdict]:
        """The verdict of each play listed (see :data:`~shanghai_rules.engine.plays.Verdict`), a new
        dictionary on each reading."""
        return {action: verdict for action, (_, verdict) in self._verdicts.items()}

    def judged_for(self, state: GameState) -> Judged | None:
        """:attr:`judged`, where this is a listing of ``state`` itself (not an equal state); else ``None``."""
        return self._judged if self._state is state else None

    def verdict_of(self, action: Action) -> Verdict | None:
        """The verdict of ``action`` if it is a play listed, else ``None``.  A lay-off or a swap is the
        one listed when equal to it (their constructors take exact values only: a seat, a card, a
        meld's index); a lay-down only when it is the very object listed, since its melds may be built
        of values equal to a meld's but of another kind (a rank of ``5.0``), which the judgement refuses."""
        found = self._verdicts.get(action)
        if found is None or (found[0] is not action and type(action) is LayDown):
            return None
        return found[1]

    def _give(self, action: Action, verdict: Verdict) -> None:
        """List the play ``action``, which the judgement accepts, with its verdict."""
        self.append(action)
        self._verdicts[action] = (action, verdict)


def legal_actions(state: GameState, player: int | None = None, *, lay_downs: int = LAY_DOWN_CHOICES) -> Listing:
    """Every legal action now, of every seat (or of ``player`` only), as a :class:`Listing`.

    Exceptions, documented:

    * ``LayDown``: a contract can often be laid down in very many ways; up to
      ``lay_downs`` distinct layouts are listed (by default one: the layout
      :func:`~shanghai_rules.contracts.find_contract` gives), from
      :func:`~shanghai_rules.contracts.contract_layouts` in its order, and at
      least one whenever going down is possible and the search finds a layout
      within its :data:`~shanghai_rules.contract_search.PLACEMENT_LIMIT` (a
      ruling: see :doc:`/decisions`).  ``apply`` accepts every legal
      ``LayDown``, listed or not.
    * ``LayOff``: ``end`` is given only where the card fits either end of a
      run; where it fits one end only, the listed action leaves ``end`` out
      (``apply`` also accepts that end named explicitly).

    Raises :class:`~shanghai_rules.errors.IllegalAction` when ``state`` is not a
    state, ``player`` not one of its seats, or ``lay_downs`` not a positive number.
    """
    if not isinstance(state, GameState):
        raise IllegalAction(f"legal_actions: {excerpt(state)} is not a GameState", code="bad_argument")
    players = len(state.hands)
    if player is not None and (type(player) is not int or not 0 <= player < players):
        raise IllegalAction(f"legal_actions: there is no seat {excerpt(player)} ({players} players)",
                            code="no_such_seat")
    if type(lay_downs) is not int or lay_downs < 1:
        raise IllegalAction(f"legal_actions: lay_downs must be a whole number of at least 1, not {excerpt(lay_downs)}",
                            code="bad_argument")
    seats = range(players) if player is None else (player,)
    plays = state.phase == "play" and state.turn in seats
    judged = _judged_of(state) if plays else None
    listing = Listing.of(state, judged)
    if state.phase == "draw":
        _list_draw_phase(listing, state, seats)
    elif state.phase == "play":
        if judged is not None:
            _list_plays(listing, judged, lay_downs)
            _list_discards(listing, state, judged.facts)
        if state.upcard_live and buy_window_open(state):
            _list_buys(listing, state, seats)
    elif state.phase == "cut":
        cutter = state.cutter
        if cutter in seats and not cutter_refusal(state, cutter):
            cuts = _cut_row(cutter, len(state.stock))
            for count in range(1, len(state.stock) + 1):
                if not count_refusal(state, count):
                    listing.append(cuts[count - 1])
    elif state.phase == "round_over" and player is None and not start_refusal(state):
        listing.append(StartRound())
    return listing


def _judged_of(state: GameState) -> Judged:
    """What the plays of the seat on turn in ``state`` are judged on, with no verdict yet."""
    turn, pos = position_of(state)
    return Judged(turn, pos, table_facts(state.table, state.rules) if state.table else None)


def has_legal_action(state: GameState) -> bool:
    """Is any action legal now, for any seat?  ``bool(legal_actions(state))``, found without listing
    them all in the play phase: a discard first, then the plays of the seat on turn, one by one,
    until one is accepted."""
    if not isinstance(state, GameState):
        raise IllegalAction(f"has_legal_action: {excerpt(state)} is not a GameState", code="bad_argument")
    if state.phase != "play":
        return bool(legal_actions(state))
    if state.hands[state.turn] and not turn_end_refusal(state, state.turn):
        return confirm(True, lambda: bool(legal_actions(state)), "has_legal_action: a discard")
    turn, pos = position_of(state)
    found = any(_accepted(turn, pos, play) for play in _plays(turn, pos))
    return agree(found, lambda: bool(legal_actions(state)), "has_legal_action: a play")


def _plays(turn: Turn, pos: Position) -> Iterator[Play]:
    """The candidate plays of the seat on turn, in the listing's order."""
    yield from _lay_downs_to_judge(turn, pos)
    if not lay_off_refusal(turn, pos):
        yield from lay_off_candidates(turn, pos)
    if not swapper_refusal(turn.rules, pos.down, pos.went_down):
        yield from swap_candidates(turn, pos)


def _lay_downs_to_judge(turn: Turn, pos: Position) -> Iterator[LayDown]:
    """The lay-downs :func:`legal_actions` judges: the first :data:`LAYOUTS_JUDGED` the contract search
    gives, found within :data:`~shanghai_rules.contract_search.PLACEMENT_LIMIT` runs and sets tried in all
    (none for a player who is down)."""
    if pos.down:
        return iter(())
    return islice(lay_down_candidates(turn, pos, Tries(PLACEMENT_LIMIT)), LAYOUTS_JUDGED)


def _accepted(turn: Turn, pos: Position, play: Play) -> bool:
    try:
        judge_play(turn, pos, play)
    except IllegalAction:
        return False
    return True


_SEAT_ROWS: Final = MEMO.table("draw-phase actions by seat count", 64)
_DISCARD_ROWS: Final = MEMO.table("discards by seat", 256)
_CUT_ROWS: Final = MEMO.table("cuts by seat and cards", 64)

SeatRow = tuple[DrawStock, TakeDiscard, Buy, WithdrawBuy, DeclineBuy]


def _seat_rows(players: int) -> tuple[SeatRow, ...]:
    """Each seat's draw-phase actions at a table of ``players`` (kept in the memo: the draw phase
    lists them round after round)."""
    found: tuple[SeatRow, ...] | None = _SEAT_ROWS.get(players)
    if found is None:
        found = _SEAT_ROWS.fill(players, lambda n: tuple((DrawStock(s), TakeDiscard(s), Buy(s), WithdrawBuy(s),
                                                             DeclineBuy(s)) for s in range(n)))
    return found


def _cut_row(seat: int, cards: int) -> tuple[Cut, ...]:
    """``seat``'s cuts of 1 to ``cards`` cards (kept in the memo: each round's cut lists them)."""
    found: tuple[Cut, ...] | None = _CUT_ROWS.get((seat, cards))
    if found is None:
        found = _CUT_ROWS.fill((seat, cards), lambda key: tuple(Cut(key[0], count) for count in range(1, key[1] + 1)))
    return found


def _discard_row(seat: int) -> tuple[tuple[Discard, ...], tuple[Discard, ...]]:
    """``seat``'s discards of every card, by card code: plain, and declared Shanghai (kept in the memo)."""
    found: tuple[tuple[Discard, ...], tuple[Discard, ...]] | None = _DISCARD_ROWS.get(seat)
    if found is None:
        found = _DISCARD_ROWS.fill(seat, lambda s: (tuple(Discard(s, card) for card in ALL_CARDS),
                                                      tuple(Discard(s, card, True) for card in ALL_CARDS)))
    return found


def _list_draw_phase(listing: Listing, state: GameState, seats: Iterable[int]) -> None:
    """Add the draw-phase actions of ``seats`` to ``listing``, seat by seat: drawing and taking the
    upcard (the seat on turn), buying (the others), withdrawing a request made, and calling
    Shanghai on each meld an undeclared upcard fits."""
    # (the refusals a draw-phase action shares with its kind, the phase and the seat's number, hold
    # for every seat listed here; each seat's own refusals are asked seat by seat)
    rows = _seat_rows(len(state.hands))
    in_turn = state.rules.buy_offers == "in_turn"
    offered = offered_seat(state) if in_turn else None  # (the one seat that may buy, where offers go in turn)
    for seat in seats:
        draw, take, buy, withdraw, decline = rows[seat]
        if seat == state.turn:
            if not draw_refusal(state, seat):
                listing.append(draw)
                if not upcard_refusal(state):
                    listing.append(take)
        elif in_turn:
            if seat == offered:
                listing.append(buy)
                listing.append(decline)
        elif not seat_buy_refusal(state, seat):
            listing.append(buy)
        if seat in state.buy_requests and not withdraw_refusal(state, seat):
            listing.append(withdraw)
        if state.shanghai_open and not call_refusal(state, seat):
            _list_calls(listing, state, seat)


def _list_buys(listing: Listing, state: GameState, seats: Iterable[int]) -> None:
    """Add the buys of ``seats`` (and the withdrawals of their requests) after the draw, where the buy
    window stays open until the discard."""
    rows = _seat_rows(len(state.hands))
    in_turn = state.rules.buy_offers == "in_turn"
    offered = offered_seat(state) if in_turn else None  # (the one seat that may buy, where offers go in turn)
    for seat in seats:
        _, _, buy, withdraw, decline = rows[seat]
        if in_turn:
            if seat == offered:
                listing.append(buy)
                listing.append(decline)
        elif seat != state.turn and not seat_buy_refusal(state, seat):
            listing.append(buy)
        if seat in state.buy_requests and not withdraw_refusal(state, seat):
            listing.append(withdraw)


def _list_calls(listing: Listing, state: GameState, seat: int) -> None:
    """Add ``seat``'s Shanghai calls on each meld the upcard fits: with no end where it fits one way,
    once for each end where it fits both ends of a run."""
    top = state.discard[-1]
    for index, meld_fits in enumerate(table_facts(state.table, state.rules).melds):
        options = meld_fits.get(top)
        ends = (None,) if len(options) == 1 else [end for end, _ in options]
        for end in ends:
            if not isinstance(shanghai_option(state, index, end), str):
                listing.append(action_of(CallShanghai, seat, index, end))


def _list_plays(listing: Listing, judged: Judged, lay_downs: int) -> None:
    """Add to ``listing`` the plays of the player on turn that the judgement accepts, with their verdicts."""
    turn, pos = judged.turn, judged.pos
    downs = 0
    for lay_down in _lay_downs_to_judge(turn, pos):
        if _keep(listing, judged, lay_down, judge_listed_lay_down):
            downs += 1
            if downs >= lay_downs:
                break
    if not lay_off_refusal(turn, pos):
        _list_lay_offs(listing, judged)
    if not swapper_refusal(turn.rules, pos.down, pos.went_down):
        for swap in swap_candidates(turn, pos, judged.facts):
            _keep(listing, judged, swap)


def _keep(listing: Listing, judged: Judged, action: Play,
          judge: Callable[[Turn, Position, Any], Verdict] | None = None) -> bool:
    """List ``action`` with its verdict, if the judgement accepts it (``judge``: :func:`judge_play`,
    or for a lay-down the search found, :func:`~shanghai_rules.engine.plays.judge_listed_lay_down`)."""
    try:
        verdict = (judge or judge_play)(judged.turn, judged.pos, action)
    except IllegalAction:
        return False
    listing._give(action, verdict)
    return True


def _list_lay_offs(listing: Listing, judged: Judged) -> None:
    """Add to ``listing`` the lay-offs the judgement accepts, with their verdicts, of a player who may
    lay off.  Two derivations of the judgement spare it most of them: where
    :func:`~shanghai_rules.engine.plays.lay_offs_end_alike`, each is accepted with the meld it makes;
    where :func:`~shanghai_rules.engine.no_trap.lay_offs_leave_last_card`, each is accepted or
    refused as :func:`~shanghai_rules.engine.no_trap.last_card_after_lay_off` finds (the others are
    judged)."""
    turn, pos, facts = judged.turn, judged.pos, judged.facts
    lay_offs = lay_offs_and_melds(turn, pos, facts)
    if lay_offs_end_alike(turn, pos):
        for lay_off, meld in lay_offs:
            listing._give(lay_off, meld)
        if verifying():
            for lay_off, meld in lay_offs:
                _confirm_found(judged, lay_off, meld)
        return
    last_card = facts if facts is not None and lay_offs_leave_last_card(turn, pos) else None
    for lay_off, meld in lay_offs:
        found = None if last_card is None else last_card_after_lay_off(turn, pos, last_card, lay_off, meld)
        if found is None:
            _keep(listing, judged, lay_off)
        elif found:
            _keep_found(listing, judged, lay_off, meld)
        elif verifying():
            _confirm_refused(turn, pos, lay_off)


def _confirm_refused(turn: Turn, pos: Position, lay_off: LayOff) -> None:
    """In the checking mode: the judgement refuses ``lay_off``, which a derivation of it has refused."""
    confirm(lay_off, lambda: not _accepted(turn, pos, lay_off),
            "legal_actions: a lay-off refused without the judgement")


def _keep_found(listing: Listing, judged: Judged, lay_off: LayOff, meld: Meld) -> None:
    """List ``lay_off``, which a derivation of the judgement has found legal, with the meld it makes as
    its verdict."""
    listing._give(lay_off, meld)
    if verifying():
        _confirm_found(judged, lay_off, meld)


def _confirm_found(judged: Judged, lay_off: LayOff, meld: Meld) -> None:
    """In the checking mode: the judgement accepts ``lay_off``, which a derivation of it has found legal
    with the verdict ``meld``, and settles it in the same position."""
    turn, pos = judged.turn, judged.pos
    agree(settle(turn, pos, lay_off, meld), lambda: settle(turn, pos, lay_off, judge_play(turn, pos, lay_off)),
          "legal_actions: lay-offs found legal without the judgement")


def _list_discards(listing: Listing, state: GameState, facts: TableFacts | None) -> None:
    """Add to ``listing`` the discards of the seat on turn: of each distinct card held, and, where the
    rules have the Shanghai declaration, the declared discard of each card some meld of the table
    (whose ``facts`` are given) might take, if the turn may end."""
    seat = state.turn
    if turn_end_refusal(state, seat):
        return
    declarable = facts.reach if facts is not None and state.rules.shanghai_call else frozenset()
    discards, declared = _discard_row(seat)
    for card in distinct_cards(state.hands[seat]):
        # the discard of a card held: its card refusal (the card not held) cannot refuse it
        listing.append(discards[card.code])
        if card in declarable and not card_refusal(state, declared[card.code], facts):
            listing.append(declared[card.code])
    if verifying():
        for action in listing:
            if isinstance(action, Discard) and not action.shanghai:
                _confirm_held(state, action)
                if declared[action.card.code] not in listing:
                    _confirm_undeclared(state, declared[action.card.code], facts)


def _confirm_held(state: GameState, action: Discard) -> None:
    """In the checking mode: the card refusal of a plain discard listed without it does not refuse it."""
    confirm(action, lambda: not card_refusal(state, action), "legal_actions: the discard of a card held")


def _confirm_undeclared(state: GameState, action: Discard, facts: TableFacts | None) -> None:
    """In the checking mode: the card refusal refuses the declared discard of a card held that the listing
    did not ask it of (where the rules have no declaration, or no meld might take the card)."""
    confirm(action, lambda: bool(card_refusal(state, action, facts)),
            "legal_actions: a declared discard left out")
