"""The no-trap ruling (rules: your turn): a play is legal only if the turn can still be finished after it,
by a legal discard or by going out, with every obligation met.

The judgement is :func:`can_finish`: the turn can end from a position if it may end
there and then (:func:`~shanghai_rules.engine.going_out.turn_may_end`), or if some
legal play leads to a position from which it can.  :func:`finishes` states that
search plainly, over every legal play.  Every play adds a card to the table or puts
a natural card in a wild's place there, so no sequence of plays comes back to a
position: a position once searched without success is *dead* by every path, and is
kept in a set of dead positions that may serve every search of one turn.

:func:`can_finish` answers by a quicker search, :func:`_search`, and three shortcuts;
each is a derivation of :func:`finishes` and says why in its docstring, and in the
checking mode (:mod:`~shanghai_rules.verify`) each answer is checked against it:

* :func:`_last_card`: a down player's lone last card, decided from the table;
* :func:`_owed_placeable`: owed wilds that plainly each have a meld of their own;
* :func:`_stranded`: a lone natural card that no play can ever place;
* :func:`_too_few_places`: more wilds owed than the table can ever take;
* :func:`_useful_plays`: the plays worth trying, the others shown useless.

The search weighs at most :data:`SEARCH_LIMIT` positions for one judgement, each
at most once, and the contract searches it asks try at most :data:`TRIES_LIMIT`
runs and sets in all; a play whose finish it has not found by then is refused as a trap
(a ruling, stated on the rules page, that no game of the tests or the seeded
games comes near: their largest search weighs 18 positions).  So the judgement of
a play costs at most that many positions, and a game can never be left without a
legal action by it: the first play on the way the search found is judged again by
a search that weighs no more positions than the one that found it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final

from ..actions import LayOff, SwapWild
from ..cards import ACE, JOKER, Card
from ..contract_search import Tries
from ..errors import IllegalAction
from ..meld_value import Meld, is_wild
from ..rules import Rules
from ..state import TableMeld
from ..verify import agree, confirm
from ..wild_limits import wild_limits
from .candidates import lay_down_candidates, lay_off_candidates, swap_candidates
from .going_out import empty_hand_refusal, ending_refusal, turn_may_end
from .hands import remove_cards
from .laying_off import lay_off_refusal
from .play_rules import Play, position_after
from .position import Position, Turn
from .swapping import swapper_refusal
from .table_facts import TableFacts, fits, table_takes, wanted_by, wanted_for_swap
from .wild_room import wild_room

__all__ = ["SEARCH_LIMIT", "TRIES_LIMIT", "DeadPositions", "can_finish", "dead_key", "finishes",
           "last_card_after_lay_off", "lay_offs_leave_last_card"]

SEARCH_LIMIT: Final = 1_000
"""The most positions the no-trap search weighs for the judgement of one play."""

TRIES_LIMIT: Final = 5_000
"""The most runs and sets the contract searches of the no-trap search try, in all, for the judgement of
one play (each position where the player may go down asks one: see
:class:`~shanghai_rules.contract_search.Tries`)."""

DeadPositions = set[tuple[object, ...]]
"""Positions of one turn known to lead to no end of it (see :func:`dead_key`)."""


def dead_key(pos: Position) -> tuple[object, ...]:
    """What decides whether the turn can end from ``pos``, within one turn: the hand, the melds on
    the table, whether the player is down (and so went down this turn, if not before), the wilds
    owed (as a multiset: the order they were freed in makes no difference) and whether the player
    must still go down."""
    owed = tuple(sorted(pos.owed, key=_code)) if len(pos.owed) > 1 else pos.owed
    return (pos.hand, tuple(tm.meld for tm in pos.table), pos.down, owed, pos.must_go_down)


def _code(card: Card) -> int:
    return card.code


def can_finish(turn: Turn, pos: Position) -> bool:
    """True if the turn can still end from ``pos``: by a legal discard, or by going out, every
    obligation met (the no-trap judgement), as far as :data:`SEARCH_LIMIT` positions and
    :data:`TRIES_LIMIT` runs and sets of the contract searches show."""
    if turn_may_end(turn, len(pos.hand), bool(pos.owed), pos.must_go_down):
        return True
    found = _last_card(turn, pos)
    if found is not None:
        return agree(found, lambda: finishes(turn, pos, set()), "no trap: a lone last card")
    if pos.owed and not pos.must_go_down and not lay_off_refusal(turn, pos) and _owed_placeable(turn, pos):
        return confirm(True, lambda: finishes(turn, pos, set()), "no trap: owed wilds placeable")
    tries = Tries(TRIES_LIMIT)
    found = _search(turn, pos, set(), tries)
    if tries.spent:  # (a ruling: the plain statement, which has no limit, may look further)
        return found
    return agree(found, lambda: finishes(turn, pos, set()), "no trap: the search")


def finishes(turn: Turn, pos: Position, dead: DeadPositions) -> bool:
    """Can some sequence of legal plays from ``pos`` end the turn?  The plain statement of the search:
    every legal play is tried, depth first, each position once (``dead``: see :data:`DeadPositions`)."""
    if turn_may_end(turn, len(pos.hand), bool(pos.owed), pos.must_go_down):
        return True
    key = dead_key(pos)
    if key in dead:
        return False
    for after in _positions_after(turn, pos, _every_play(turn, pos)):
        if finishes(turn, after, dead):
            return True
    dead.add(key)
    return False


def _every_play(turn: Turn, pos: Position) -> Iterator[Play]:
    yield from lay_down_candidates(turn, pos)
    yield from lay_off_candidates(turn, pos)
    yield from swap_candidates(turn, pos)


def _positions_after(turn: Turn, pos: Position, plays: Iterable[Play]) -> Iterator[Position]:
    """The positions the legal ones of ``plays`` leave (before the no-trap ruling)."""
    for action in plays:
        try:
            yield position_after(turn, pos, action)
        except IllegalAction:
            continue


def _search(turn: Turn, pos: Position, dead: DeadPositions, tries: Tries) -> bool:
    """:func:`finishes`, searching only :func:`_useful_plays`, and not at all where :func:`_stranded`
    or :func:`_too_few_places` shows that no play can help; false once :data:`SEARCH_LIMIT`
    positions are found dead (the search's own ``dead`` set counts them), or once its contract
    searches have spent the :data:`TRIES_LIMIT` runs and sets of ``tries``."""
    key = dead_key(pos)
    if key in dead or len(dead) >= SEARCH_LIMIT or tries.spent:
        return False
    if not _stranded(turn, pos) and not _too_few_places(turn, pos):
        for after in _useful_plays(turn, pos, tries):
            if turn_may_end(turn, len(after.hand), bool(after.owed), after.must_go_down) \
                    or _search(turn, after, dead, tries):
                return True
            if len(dead) >= SEARCH_LIMIT or tries.spent:
                break
    dead.add(key)
    return False


def _last_card(turn: Turn, pos: Position) -> bool | None:
    """:func:`finishes` for a down player's lone last card, which may not be discarded but may go
    out by being played, worked out from the table: it goes out if it fits a meld; fitting none,
    it can only be swapped for a wild that stands for it (laying down is over, and swaps are the
    only other play), and where no wild does, no play is left at all.  ``None`` where the search
    must decide (a swap is possible, or the case is another)."""
    if len(pos.hand) != 1 or pos.must_go_down or lay_off_refusal(turn, pos) or empty_hand_refusal(turn):
        return None
    card = pos.hand[0]
    # (the table is one a play has just made: its melds are asked about one by one)
    return _lone_card(turn, pos, table_takes(pos.table, turn.rules, card),
                      lambda: wanted_for_swap(pos.table, turn.rules, card))


def _lone_card(turn: Turn, pos: Position, fits_a_meld: bool, wanted: Callable[[], bool]) -> bool | None:
    """The verdict of :func:`_last_card` on a lone last card of a down player in ``pos``, given whether
    it fits a meld of the table and (asked only where it does not) whether a wild there stands for
    it: it goes out if it fits; if not, only a swap could place it, where the player may swap and a
    wild stands for it (``None``: the search decides); otherwise no play is left."""
    if fits_a_meld:
        return True
    if swapper_refusal(turn.rules, pos.down, pos.went_down) or not wanted():
        return False
    return None


def lay_offs_leave_last_card(turn: Turn, pos: Position) -> bool:
    """Does every lay-off from ``pos`` leave what :func:`_last_card` decides: one card, which may not
    be discarded but may go out by being played, and nothing owed?  (The player's right to lay
    off at all is asked apart: :func:`~shanghai_rules.engine.laying_off.lay_off_refusal`.)"""
    return (len(pos.hand) == 2 and not pos.owed and not pos.must_go_down
            and bool(ending_refusal(turn.rules, turn.contract, 1, False, False)) and not empty_hand_refusal(turn))


def last_card_after_lay_off(turn: Turn, pos: Position, facts: TableFacts, lay_off: LayOff,
                            new_meld: Meld) -> bool | None:
    """:func:`_last_card` of the position after ``lay_off`` (which makes ``new_meld``) from a position
    of :func:`lay_offs_leave_last_card`, found from the table's ``facts`` before the lay-off, of
    which only the meld laid off on has changed: the card left goes out if it fits ``new_meld``
    or another meld; fitting none, it can only be swapped for a wild that stands for it, and
    where no wild does, the lay-off leaves no way to end the turn.  ``None`` where a swap is
    possible (the judgement decides then)."""
    left = pos.hand[1] if pos.hand[0] is lay_off.card else pos.hand[0]
    rules = turn.rules
    fits_a_meld = any(index != lay_off.meld and left in meld_fits.candidates and meld_fits.get(left)
                      for index, meld_fits in enumerate(facts.melds)) or bool(fits(new_meld, rules).get(left))
    return _lone_card(turn, pos, fits_a_meld, lambda: (
        any(index != lay_off.meld and left in wanted for index, wanted in facts.swaps)
        or wanted_by(new_meld, rules, left)))


def _ending_with(turn: Turn, left: int) -> str:
    """How the turn can end once the owed wilds are played, with ``left`` cards besides them and
    nothing more owed: ``"ends"`` (one of them may be discarded, or there are none and going out
    by playing is allowed), ``"last card"`` (the one card left may not be discarded, but may go
    out by being played too), or ``""`` (not by playing the owed wilds and at most one card more)."""
    if left and ending_refusal(turn.rules, turn.contract, left, False, False):
        return "" if left > 1 or empty_hand_refusal(turn) else "last card"
    return "" if not left and empty_hand_refusal(turn) else "ends"


def _owed_placeable(turn: Turn, pos: Position) -> bool:
    """A sufficient condition for :func:`finishes` where wilds are owed and the player may lay
    off: each owed wild fits a meld of its own on the table, and once they are laid off, what is
    left may be discarded from; or is nothing, or one card that may not be discarded but fits a
    meld of its own too, where going out by playing is allowed.  Lay-offs on different melds do
    not change each other's options, so that sequence of plays is legal.  False where this does
    not show it (the search decides then)."""
    ending = _ending_with(turn, len(pos.hand) - len(pos.owed))
    if not ending:
        return False
    to_place: Sequence[Card] = pos.owed
    if ending == "last card":
        rest = remove_cards(pos.hand, pos.owed)
        assert rest is not None
        to_place = (*pos.owed, *rest)  # the last card is played too: the player goes out
    used: set[int] = set()
    for card in to_place:
        # (the table is one a play has just made: its melds are asked about one by one)
        for index, tm in enumerate(pos.table):
            if index not in used and fits(tm.meld, turn.rules).get(card):
                used.add(index)
                break
        else:
            return False
    return True


def _stranded(turn: Turn, pos: Position) -> bool:
    """A proof that the turn cannot end (:func:`finishes` is false), for the search to ask first.

    Where a down player holds one card besides the wilds owed, a natural card, and
    the last card may not be discarded, every card must be played: the owed wilds
    before any discard, and then the last card.  The natural card can only join a
    meld, or take the place of a wild that stands for it; and before it is played,
    only the other cards held (one each) can change the table, each lengthening a
    run by one place or joining a set.  So a run it might reach is one of its suit
    that ends within that many places of its own, or holds a wild in its place, and
    a set one of its rank (or of wilds only).  Where there is none, it can never
    be played.
    """
    hand, owed = pos.hand, pos.owed
    if len(hand) - len(owed) != 1 or not pos.down or pos.must_go_down:
        return False
    rules = turn.rules
    rest = remove_cards(hand, owed)
    assert rest is not None
    card = rest[0]
    if is_wild(card, rules) or not ending_refusal(rules, turn.contract, 1, False, False):
        return False
    stranded = not any(_might_take(tm, card, len(hand), rules) for tm in pos.table)
    return confirm(stranded, lambda: not stranded or not finishes(turn, pos, set()), "no trap: stranded")


def _too_few_places(turn: Turn, pos: Position) -> bool:
    """A proof that the turn cannot end (:func:`finishes` is false), for the search to ask first:
    a player who is down and may lay off owes more wilds than the table can ever take
    (:func:`~shanghai_rules.engine.wild_room.wild_room`, which says why the bound holds for the
    rest of the turn), and the turn ends only once every owed wild is played."""
    if not pos.owed or not pos.down or pos.must_go_down or lay_off_refusal(turn, pos):
        return False
    room = wild_room(turn.rules, pos.table, pos.hand)
    hopeless = room is not None and len(pos.owed) > room
    return confirm(hopeless, lambda: not hopeless or not finishes(turn, pos, set()), "no trap: too few places")


def _might_take(tm: TableMeld, card: Card, reach: int, rules: Rules) -> bool:
    """Might meld ``tm`` take the natural ``card`` once at most ``reach`` other cards have joined it?"""
    meld = tm.meld
    if meld.kind == "set":
        return meld.rank is None or meld.rank == card.rank
    if meld.suit is not None and meld.suit is not card.suit:
        return False
    start, end = meld.start, meld.start + len(meld.cards) - 1
    for place in (1, 14) if card.rank == ACE else (card.rank,):
        if start - reach <= place < start or end < place <= end + reach:
            return True
        if start <= place <= end and is_wild(meld.cards[place - start], rules):
            return True
    return False


def _useful_plays(turn: Turn, pos: Position, tries: Tries) -> Iterator[Position]:
    """The positions after the plays worth trying in the search for a way to finish the turn, most
    promising first.

    Laying off an owed wild comes first.  Where the only thing left to do is to
    place owed wilds, and the rules limit wilds by count alone (no limit relative
    to naturals; wilds may touch in runs, or there is no run), with no meld on
    the table whose limit would grow were it longer, and the turn can end with a
    discard once the wilds are placed (the last card may be discarded, or at
    least two natural cards are held), laying off natural cards cannot make room
    for a wild: it adds no capacity to a meld and only moves a run's ends toward
    the ace (unless an owed wild 2 might stand for itself in a place a lay-off
    opens: with 2s that may be natural, runs or sets of 2s on the table).  Those
    lay-offs are left out, so that a hopeless obligation is seen
    to be hopeless at once instead of after every order of lay-offs.  So too, for
    a player who is down, are the swaps, where no wild held could be a natural
    card on the table (every wild is a joker, or the table holds no run, and no
    set of 2s or of wilds only): a swap makes room for one wild in its meld and
    adds one wild to place, so it never leaves more room than wilds to place.
    """
    if not pos.owed:
        yield from _positions_after(turn, pos, _ordered_plays(turn, pos, tries))
        return
    rules = turn.rules
    naturals_useless = (
        not pos.must_go_down
        and not rules.wilds_at_most_naturals
        and not (rules.run_wilds_apart and any(tm.meld.kind == "run" for tm in pos.table))
        and _ending_with(turn, len(pos.hand) - len(pos.owed)) == "ends"
        and not any(wild_limits(rules).grows_beyond(len(tm.meld.cards)) for tm in pos.table)
        # (an owed wild 2 may stand for itself, in its own place that a natural lay-off opens)
        and (all(card.rank == JOKER for card in pos.owed) or _wilds_stay_wild(rules, pos.table))
    )
    offs = lay_off_candidates(turn, pos) if not lay_off_refusal(turn, pos) else []
    yield from _positions_after(turn, pos, [a for a in offs if a.card in pos.owed])
    if not (naturals_useless and pos.down and _wilds_stay_wild(rules, pos.table)):
        yield from _positions_after(turn, pos, _swap_plays(turn, pos))
    yield from _positions_after(turn, pos, lay_down_candidates(turn, pos, tries))
    if not naturals_useless:
        yield from _positions_after(turn, pos, [a for a in offs if a.card not in pos.owed])


def _ordered_plays(turn: Turn, pos: Position, tries: Tries) -> Iterator[Play]:
    """Every play, swaps first, then lay-downs (their searches sharing ``tries``), then lay-offs."""
    yield from _swap_plays(turn, pos)
    yield from lay_down_candidates(turn, pos, tries)
    if not lay_off_refusal(turn, pos):
        yield from lay_off_candidates(turn, pos)


def _swap_plays(turn: Turn, pos: Position) -> list[SwapWild]:
    """The swaps to weigh: none where the player may not swap at all."""
    if swapper_refusal(turn.rules, pos.down, pos.went_down):
        return []
    return swap_candidates(turn, pos)


def _wilds_stay_wild(rules: Rules, table: Sequence[TableMeld]) -> bool:
    """Is every wild card, wherever it joins a meld of ``table``, a wild there: every wild a joker,
    or, with wild 2s that may be natural, no run on the table, and no set of 2s or of wilds only?"""
    if not rules.wild_twos or not rules.natural_twos:
        return True
    return all(tm.meld.kind == "set" and tm.meld.rank not in (2, None) for tm in table)

