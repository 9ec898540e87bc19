"""The play phase: going down, laying off, swapping wilds, and the obligations a
swap leaves (SPEC 4.2, 4.3, 4.7, 4.9).

A play is judged on a :class:`Position` (the parts of the state a play can
change), so the same judgement serves :func:`~shanghai_rules.engine.apply`,
:func:`~shanghai_rules.engine.legal_actions` and the search that makes sure no
play leaves a player unable to finish the turn (the no-trap ruling of SPEC 4.9).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from itertools import chain
from typing import NamedTuple

from ..actions import LayDown, LayOff, SwapWild
from ..cards import ACE, JOKER, Card
from ..contracts import check_contract, layouts_of
from ..errors import IllegalAction
from ..melds import Meld, is_wild, make_meld
from ..rules import Contract, Rules
from ..state import GameState, TableMeld
from .common import (
    Fits,
    add_cards,
    distinct_cards,
    fits,
    fits_card,
    holds,
    laid_at,
    lay_off_action,
    new_lay_down,
    remove_cards,
    swap_cards_after,
    table_meld,
    table_swaps,
    trusted,
    wild_positions,
)
from .discard import ending_refusal

__all__ = [
    "Dead",
    "Position",
    "Turn",
    "Verdict",
    "can_finish",
    "clear_turns",
    "judge_play",
    "lay_down_plays",
    "lay_off_candidates",
    "lay_off_plays",
    "listed_lay_offs",
    "position_of",
    "settled",
    "swap_plays",
]

Play = LayDown | LayOff | SwapWild


class Turn(NamedTuple):
    """What does not change during one player's play phase."""

    rules: Rules
    contract: Contract
    player: int
    round_number: int


class Position(NamedTuple):
    """The parts of the state that plays change."""

    hand: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    down: bool
    went_down: bool
    owed: tuple[Card, ...]
    must_go_down: bool
    played_wild: bool = False


def _position(fields: tuple[object, ...]) -> Position:
    """``Position(*fields)``, without the named tuple's own constructor (a Python-level call):
    plays make one for every play they weigh."""
    return tuple.__new__(Position, fields)


#: What the judgement of a listed play leaves: the position after it, or, for a lay-off that
#: surely leaves the turn able to end, the meld it makes (the position is built when it is played).
Verdict = Position | Meld


def position_of(state: GameState) -> tuple[Turn, Position]:
    """The turn and position of the player on turn."""
    p = state.turn
    rules, round_number, turns = _round_turns[0]
    if rules is not state.rules or round_number != state.round_number or p >= len(turns):
        turns = _turns_of(state)
    # (the position made here as _position makes it, without the call)
    return turns[p], tuple.__new__(Position, (state.hands[p], state.table, state.down[p], state.went_down_this_turn,
                                              state.owed_wilds, state.must_go_down, state.played_wild_this_turn))


def _turns_of(state: GameState) -> tuple[Turn, ...]:
    """The turns of every seat of ``state``'s round, kept for the next states (see ``_round_turns``)."""
    rules, round_number = state.rules, state.round_number
    contract = rules.contracts[round_number - 1]
    turns = tuple([Turn(rules, contract, seat, round_number) for seat in range(len(state.hands))])
    _round_turns[0] = (rules, round_number, turns)
    return turns


# Turns are values: the same one serves every state of that seat's turns in that round.  The
# turns of the last round asked about are kept, each seat's, for the rules they are of: a game
# asks about one round, turn after turn, until the next.
_round_turns: list[tuple[Rules | None, int, tuple[Turn, ...]]] = [(None, 0, ())]


def clear_turns() -> None:
    """Forget the turns :func:`position_of` keeps (see :func:`~shanghai_rules.engine.clear_caches`)."""
    _round_turns[0] = (None, 0, ())


def _settle_owed(owed: tuple[Card, ...], played: tuple[Card, ...]) -> tuple[Card, ...]:
    if not owed:
        return owed
    rest = list(owed)
    for card in played:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def _empty_hand_refusal(turn: Turn) -> str:
    if turn.rules.going_out == "discard" and not turn.contract.no_discard:
        return ("under these rules a player goes out only by discarding the last card (003): "
                "keep a card to discard")
    return ""


def _lay_down(turn: Turn, pos: Position, action: LayDown) -> Position:
    rules = turn.rules
    if pos.down:
        raise IllegalAction("LayDown: this player is already down; the contract is laid down once, "
                            "and no further melds after it (000, 002)", action)
    result = check_contract(action.melds, rules, turn.round_number)
    if not result:
        raise IllegalAction(f"LayDown: {result.reason}", action)
    return _go_down(turn, pos, action, result.melds)


def _go_down(turn: Turn, pos: Position, action: LayDown, melds: tuple[Meld, ...]) -> Position:
    """Going down with ``melds``, which meet the contract: the rules of the hand (SPEC 4.9)."""
    contract = turn.contract
    laid = tuple(chain.from_iterable(meld.cards for meld in melds))
    hand = remove_cards(pos.hand, laid, f"LayDown: the melds use cards seat {turn.player} does not hold")
    if contract.no_discard and hand:
        raise IllegalAction(f"LayDown: round {turn.round_number}'s contract takes the whole hand at once, "
                            f"with no discard (000, 001); {len(hand)} cards would be left", action)
    if not hand:
        refusal = _empty_hand_refusal(turn)
        if refusal:
            raise IllegalAction(f"LayDown: {refusal}", action)
    # (a loop: a comprehension here would keep turn in a cell on every call)
    table = list(pos.table)
    for meld in melds:
        table.append(table_meld(turn.player, meld))
    wilds = pos.played_wild
    if not wilds:
        for meld in melds:
            if wild_positions(meld):
                wilds = True
                break
    return _position((hand, tuple(table), True, True, _settle_owed(pos.owed, laid), False, wilds))


def _lay_off(turn: Turn, pos: Position, action: LayOff) -> Position:
    rules = turn.rules
    if not pos.down:
        raise IllegalAction("LayOff: a player who is not down cannot lay off (002)", action)
    if turn.contract.no_discard:
        raise IllegalAction(f"LayOff: no one lays off in round {turn.round_number}, where going down "
                            f"takes the whole hand (000)", action)
    if pos.went_down and not rules.lay_off_on_going_down_turn:
        raise IllegalAction("LayOff: under these rules a player may not lay off on the turn they go down", action)
    card = action.card
    if not holds(pos.hand, card):
        raise IllegalAction(f"LayOff: {card} is not in seat {turn.player}'s hand", action)
    if action.meld >= len(pos.table):
        raise IllegalAction(f"LayOff: there is no meld {action.meld} on the table ({len(pos.table)} melds)", action)
    target = pos.table[action.meld]
    options = fits_card(target.meld, card, rules)
    if not options:
        if target.kind == "run":
            why = "a card joins a run only at either end, as the next card of its suit, within the wild limits (000)"
        else:
            why = "a card joins a set only if it is of the set's rank, or a wild within the wild limits"
        raise IllegalAction(f"LayOff: {card} does not fit {target.meld.describe()}: {why}", action)
    if action.end is not None:
        if target.kind == "set":
            raise IllegalAction("LayOff: end applies only to runs; leave it out for a set", action)
        chosen = [m for e, m in options if e == action.end]
        if not chosen:
            raise IllegalAction(f"LayOff: {card} does not fit the {action.end} end of "
                                f"{target.meld.describe()}", action)
        new_meld = chosen[0]
    elif len(options) > 1:
        raise IllegalAction(f"LayOff: {card} fits either end of {target.meld.describe()}: "
                            f"say which with end='low' or end='high'", action)
    else:
        new_meld = options[0][1]
    return laid_off(turn, pos, action, new_meld)


def laid_off(turn: Turn, pos: Position, action: LayOff, new_meld: Meld) -> Position:
    """The position after laying ``action.card`` off, making ``new_meld`` of meld ``action.meld``:
    the card is in hand and fits there; what is left is the rule of the last card (SPEC 4.9)."""
    card = action.card
    hand = remove_cards(pos.hand, (card,))
    if not hand:
        refusal = _empty_hand_refusal(turn)
        if refusal:
            raise IllegalAction(f"LayOff: {refusal}", action)
    target = pos.table[action.meld]
    table = list(pos.table)
    table[action.meld] = table_meld(target.owner, new_meld)
    wild = pos.played_wild or not new_meld.is_natural_at(laid_at(target.meld, new_meld))
    owed = _settle_owed(pos.owed, (card,)) if pos.owed else pos.owed  # (mostly nothing owed: no call)
    return _position((hand, tuple(table), pos.down, pos.went_down, owed, pos.must_go_down, wild))


def swapper_refusal(rules: Rules, pos: Position) -> str:
    """Why the player on turn may not swap wilds at all now (SPEC 4.7); empty if they may."""
    who = rules.swap_eligibility
    if who == "down_earlier_turn" and (not pos.down or pos.went_down):
        return "only a player who went down on an earlier turn may swap a wild (000)"
    if who == "down" and not pos.down:
        return "only a player who is down may swap a wild (002)"
    if who == "not_down" and pos.down:
        return "only a player not yet down may swap a wild under these rules"
    return ""


def _swap(turn: Turn, pos: Position, action: SwapWild) -> Position:
    rules = turn.rules
    if action.meld >= len(pos.table):
        raise IllegalAction(f"SwapWild: there is no meld {action.meld} on the table ({len(pos.table)} melds)", action)
    target = pos.table[action.meld]
    meld = target.meld
    if meld.kind == "run" and not rules.swap_from_runs:
        raise IllegalAction("SwapWild: wilds in runs cannot be swapped under these rules", action)
    if meld.kind == "set" and not rules.swap_from_sets:
        raise IllegalAction("SwapWild: wilds in sets are never swapped under these rules (000, 002)", action)
    refusal = swapper_refusal(rules, pos)
    if refusal:
        raise IllegalAction(f"SwapWild: {refusal}", action)
    card = action.card
    if not holds(pos.hand, card):
        raise IllegalAction(f"SwapWild: {card} is not in seat {turn.player}'s hand", action)
    index = -1
    for i in range(len(meld.cards)):
        if meld.is_natural_at(i):
            continue
        if meld.kind == "run":
            if meld.stands_for(i) is card:
                index = i
                break
        elif meld.rank is not None and card.rank == meld.rank:
            index = i
            break
    if index < 0:
        raise IllegalAction(f"SwapWild: no wild in {meld.describe()} stands for {card}; a wild is swapped only "
                            f"for the natural card it represents (SPEC 4.7)", action)
    freed = meld.cards[index]
    # the natural card the wild stood for, in its place: the meld stays well formed
    new_meld = make_meld(meld.kind, meld.cards[:index] + (card,) + meld.cards[index + 1:],
                         meld.rank, meld.suit, meld.start)
    table = list(pos.table)
    table[action.meld] = table_meld(target.owner, new_meld)
    hand = add_cards(remove_cards(pos.hand, (card,)), (freed,))
    owed = _settle_owed(pos.owed, (card,))  # the card given to the table may itself be an owed wild
    if rules.swapped_wild_must_be_played:
        owed = (*owed, freed)
    must = pos.must_go_down or (rules.swap_forces_going_down and not pos.down)
    return _position((hand, tuple(table), pos.down, pos.went_down, owed, must, pos.played_wild))


def judge_play(turn: Turn, pos: Position, action: Play, *, no_trap: bool = True) -> Position:
    """The position after ``action``, or IllegalAction saying why it is not allowed.

    With ``no_trap`` the play must also leave a way to finish the turn (SPEC 4.9).
    """
    after: Position
    if isinstance(action, LayDown):
        after = _lay_down(turn, pos, action)
    elif isinstance(action, LayOff):
        after = _lay_off(turn, pos, action)
    else:
        after = _swap(turn, pos, action)
    if no_trap and not can_finish(turn, after):
        raise IllegalAction(f"{type(action).__name__}: {_trap_reason(turn, after)}", action)
    return after


def _trap_reason(turn: Turn, pos: Position) -> str:
    if pos.must_go_down:
        return ("after this swap the player could not go down this turn, which a player who swaps "
                "before going down must do (004)")
    if pos.owed:
        return ("the freed wild could not be played to the table this turn, as the rules require (000, 002)")
    return ("this would leave a hand that cannot finish the turn: under these rules the last card cannot "
            "be discarded, and it could not be played (SPEC 4.9, no trap)")


Dead = set[tuple[object, ...]]


def can_finish(turn: Turn, pos: Position, dead: Dead | None = None) -> bool:
    """True if the turn can still end from ``pos``: by a legal discard, or by going out, obligations met.

    ``dead``: positions of this turn already known to lead to no end (see :func:`_search`); a
    caller that asks of several positions of one turn, as ``legal_actions`` does of each play
    it lists, passes the same set to each, and no position is searched twice."""
    if not pos.hand:
        return True
    if _can_discard(turn, pos):
        return True
    quick = _last_card(turn, pos)
    if quick is not None:
        return quick
    if (pos.owed and not pos.must_go_down and _lays_off(turn, pos)
            and _owed_placeable(turn, pos.table, (), pos.owed, pos.hand)):
        return True
    return _search(turn, pos, set() if dead is None else dead)


def _lays_off(turn: Turn, pos: Position) -> bool:
    """May the player on turn lay off now (SPEC 4.3)?  The rule :func:`lay_off_candidates` keeps."""
    return pos.down and not turn.contract.no_discard and (
        not pos.went_down or turn.rules.lay_off_on_going_down_turn)


def _last_card(turn: Turn, pos: Position) -> bool | None:
    """The search's answer in its commonest case, worked out directly: a down player's last card
    goes out if it fits a meld on the table; if it fits none and no wild on the table stands for it,
    no play is left at all (laying down is over, and swaps are the only other play).  ``None``
    where the search must decide."""
    if len(pos.hand) != 1 or pos.must_go_down or not pos.down or turn.contract.no_discard:
        return None
    rules = turn.rules
    if (pos.went_down and not rules.lay_off_on_going_down_turn) or _empty_hand_refusal(turn):
        return None
    card = pos.hand[0]
    return _lone_card(rules, pos, (fits_card(tm.meld, card, rules) for tm in pos.table),
                      (card in wanted for _, wanted in table_swaps(pos.table, rules)))


def _lone_card(rules: Rules, pos: Position, fits_one: Iterable[object],
               swaps_one: Iterable[object]) -> bool | None:
    """The rule of a down player's lone last card, which may not be discarded but may go out by
    being played: it goes out if it fits a meld (``fits_one``: whether it fits, meld by meld or
    for several melds at once); fitting none, it can only be swapped for a wild that stands for
    it (``swaps_one``: whether a meld whose wilds may be swapped has one), and where none does,
    no play is left.  ``None`` where the search must decide.  Both are asked lazily, in that order."""
    if any(fits_one):
        return True
    if swapper_refusal(rules, pos) or not any(swaps_one):
        return False
    return None


def _can_discard(turn: Turn, pos: Position) -> bool:
    return not ending_refusal(turn.rules, turn.contract, len(pos.hand), bool(pos.owed), pos.must_go_down)


def _search(turn: Turn, pos: Position, dead: Dead) -> bool:
    """Can some sequence of plays from ``pos`` end the turn?  Depth first, each position once.

    Every play adds a card to the table or puts a natural card in a wild's place there, so no
    sequence of plays comes back to a position: a position once searched without success is
    *dead*, for every path to it, and is kept in ``dead`` (a position that leads to an end is
    never kept: the search stops there).  So ``dead`` may serve every search of one turn."""
    key = (pos.hand, tuple([tm.meld for tm in pos.table]), pos.down, pos.owed, pos.must_go_down)
    if key in dead:
        return False
    if not _stranded(turn, pos):
        for _, after in _useful_plays(turn, pos):
            if not after.hand or _can_discard(turn, after) or _search(turn, after, dead):
                return True
    dead.add(key)
    return False


def _stranded(turn: Turn, pos: Position) -> bool:
    """A quick proof that the turn cannot end (a necessary condition the search asks first).

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
    card = remove_cards(hand, owed)[0] if owed else hand[0]
    rank = card.rank
    if rank == JOKER or (rank == 2 and rules.wild_twos) \
            or not ending_refusal(rules, turn.contract, 1, False, False):
        return False
    reach = len(hand)  # the other cards may lengthen a run by one each, and then this one joins
    places = (1, 14) if rank == ACE else (rank,)
    for tm in pos.table:
        meld = tm.meld
        if meld.kind == "set":
            if meld.rank is None or meld.rank == rank:
                return False
        elif meld.suit is None or meld.suit is card.suit:
            start = meld.start
            end = start + len(meld.cards) - 1
            for place in places:
                if start - reach <= place < start or end < place <= end + reach:
                    return False
                if start <= place <= end and is_wild(meld.cards[place - start], rules):
                    return False
    return True


def _room_grows(rules: Rules, table: Sequence[TableMeld]) -> bool:
    """Would some meld of ``table`` have room for more wilds were it longer (a limit by length,
    ``max_wilds_by_length``, that rises past the meld's length)?"""
    steps = rules.max_wilds_by_length
    if steps is None:
        return False
    longest = steps[-1][0]  # from this length on, the limit stays as it is
    for tm in table:
        length = len(tm.meld.cards)
        now = rules.wild_limit(length)
        if now is None:
            continue
        for longer in range(length + 1, max(length + 1, longest) + 1):
            limit = rules.wild_limit(longer)
            if limit is None or limit > now:
                return True
    return False


def _useful_plays(turn: Turn, pos: Position) -> Iterator[tuple[Play, Position]]:
    """The plays worth trying in the search for a way to finish the turn, most promising first.

    Laying off an owed wild comes first.  Where the only thing left to do is to
    place owed wilds, and the rules limit wilds by count alone (no limit relative
    to naturals; wilds may touch in runs, or there is no run), with no meld on
    the table whose limit would grow were it longer, and the turn can end with a
    discard once the wilds are placed (the last card may be discarded, or at
    least two natural cards are held), laying off natural cards cannot make room
    for a wild: it adds no capacity to a meld and only moves a run's ends toward
    the ace.  Those
    lay-offs are left out, so that a hopeless obligation is seen to be hopeless
    at once instead of after every order of lay-offs.  So too, for a player who
    is down, are the swaps, where no wild held could be a natural card on the
    table (every wild is a joker, or the table holds no run, and no set of 2s or
    of wilds only): a swap makes room for one wild in its meld and adds one
    wild to place, so it never leaves more room than wilds to place.
    """
    if not pos.owed:
        yield from swap_plays(turn, pos)
        yield from lay_down_plays(turn, pos)
        yield from lay_off_plays(turn, pos)
        return
    rules = turn.rules
    naturals_useless = (
        not pos.must_go_down
        and not rules.wilds_at_most_naturals
        and not (rules.run_wilds_apart and any(tm.meld.kind == "run" for tm in pos.table))
        and (rules.going_out != "play" or len(pos.hand) - len(pos.owed) >= 2)
        and not _room_grows(rules, pos.table)
    )
    later: list[tuple[Play, Position]] = []
    for play, after in lay_off_plays(turn, pos):
        if play.card in pos.owed:
            yield play, after
        elif not naturals_useless:
            later.append((play, after))
    if not (naturals_useless and pos.down and _wilds_stay_wild(rules, pos.table)):
        yield from swap_plays(turn, pos)
    yield from lay_down_plays(turn, pos)
    yield from later


def _wilds_stay_wild(rules: Rules, table: Sequence[TableMeld]) -> bool:
    """Is every wild card, wherever it joins a meld of ``table``, a wild there: every wild a joker,
    or, with wild 2s, no run on the table, and no set of 2s or of wilds only?"""
    if not rules.wild_twos:
        return True
    return all(tm.meld.kind == "set" and tm.meld.rank not in (2, None) for tm in table)


def lay_down_plays(turn: Turn, pos: Position) -> Iterator[tuple[LayDown, Position]]:
    """Going down with each distinct layout of the contract the hand holds."""
    if pos.down:
        return
    first: tuple[Meld, ...] = ()
    seen: set[tuple[tuple[str, tuple[int, ...]], ...]] = set()
    for layout in layouts_of(pos.hand, turn.rules, turn.contract):
        # the same layout may come again (duplicate cards): each is listed once; the first
        # needs no key unless a second comes
        if not first:
            first = layout
        else:
            if not seen:
                seen.add(_layout_key(first))
            key = _layout_key(layout)
            if key in seen:
                continue
            seen.add(key)
        action = new_lay_down(turn.player, layout)
        try:
            # the search's layouts meet the contract (it is exact, and proven so by the tests):
            # only the rules of the hand are left to judge
            yield action, _go_down(turn, pos, action, layout)
        except IllegalAction:
            continue


def lay_off_plays(turn: Turn, pos: Position) -> Iterator[tuple[LayOff, Position]]:
    """Laying off each card that fits each meld (one action per end where a card fits both)."""
    for lay_off, new_meld in lay_off_candidates(turn, pos):
        try:
            yield lay_off, laid_off(turn, pos, lay_off, new_meld)
        except IllegalAction:
            continue


def lay_off_candidates(turn: Turn, pos: Position, fitting: Sequence[Fits] = (),
                       distinct: Sequence[Card] = ()) -> list[tuple[LayOff, Meld]]:
    """Each card of the hand that fits each meld, meld by meld (one action per end where a card
    fits both), with the meld it makes: all that :func:`_lay_off` checks before the rule of the last card.

    ``fitting``: the :func:`~shanghai_rules.engine.common.table_fits` of ``pos.table``, where known;
    ``distinct``: the hand's cards, each once, in order, where known."""
    rules = turn.rules
    found: list[tuple[LayOff, Meld]] = []
    if not _lays_off(turn, pos):
        return found
    if not distinct:
        distinct = distinct_cards(pos.hand)
    player = turn.player
    for index, meld_fits in enumerate(fitting or [fits(tm.meld, rules) for tm in pos.table]):
        candidates = meld_fits.candidates
        if candidates.isdisjoint(distinct):
            continue
        for card in distinct:
            if card not in candidates:
                continue
            options = meld_fits.get(card)
            if not options:
                continue
            if len(options) == 1:
                found.append((lay_off_action(player, card, index, None), options[0][1]))
            else:
                for end, new_meld in options:  # (a loop: a comprehension would keep player and index in cells)
                    found.append((lay_off_action(player, card, index, end), new_meld))
    return found


def listed_lay_offs(turn: Turn, pos: Position, fitting: Sequence[Fits] = (),
                    distinct: Sequence[Card] = ()) -> Sequence[tuple[LayOff, Verdict]]:
    """The lay-offs ``legal_actions`` lists: each candidate (:func:`lay_off_candidates`) that the
    rule of the last card allows and after which the turn can still end (SPEC 4.9), with the
    judgement's result (see :func:`settled`).

    Where nothing is owed and the lay-off leaves cards of which one may be discarded
    (:func:`~shanghai_rules.engine.discard.ending_refusal`), that is so of every
    candidate, and the position after each is not built: the result is the meld it makes.
    So too where it leaves one card that may not be discarded, going out by playing it is
    allowed, and whether the turn can end is plain from the table (:func:`_left_card_verdict`),
    and where wilds are owed and each can plainly still be played (:func:`_owed_verdict`).
    The checks that do search share one set of dead positions (see :func:`_search`)."""
    candidates = lay_off_candidates(turn, pos, fitting, distinct)
    if not candidates:
        return candidates
    if not pos.owed and len(pos.hand) >= 2 \
            and not ending_refusal(turn.rules, turn.contract, len(pos.hand) - 1, False, pos.must_go_down):
        return candidates  # surely: each leaves cards of which one may be discarded
    if len(pos.hand) == 1 and not pos.owed:
        # each plays the last card: the player goes out, where the rules let a player go out so
        return () if _empty_hand_refusal(turn) else candidates
    last_card = not pos.owed and len(pos.hand) == 2 and not _empty_hand_refusal(turn)
    owed = bool(pos.owed) and not pos.must_go_down
    # most often the one wild owed is itself laid off, and the cards it leaves need no further
    # play before the turn ends: what _owed_verdict finds of each such lay-off, found once here.
    # Or it leaves one card, which may not be discarded, and nothing owed: such a lay-off is
    # judged as one from a two-card hand with nothing owed (_left_card_verdict)
    freeing: Card | None = None
    last_wild: Card | None = None
    if owed and len(pos.owed) == 1:
        ending = _ending_with(turn, len(pos.hand) - 1)
        if ending == "ends":
            freeing = pos.owed[0]
        elif ending == "last card":
            last_wild = pos.owed[0]
    listed: list[tuple[LayOff, Verdict]] = []
    places: dict[Card, set[int]] = {}
    dead: Dead | None = None
    for lay_off, new_meld in candidates:
        if last_card or lay_off.card is last_wild:
            verdict = _left_card_verdict(turn, pos, places, candidates, lay_off, new_meld)
            if verdict is not None:
                if verdict:
                    listed.append((lay_off, new_meld))
                continue
        elif owed and (lay_off.card is freeing or _owed_verdict(turn, pos, fitting, lay_off, new_meld)):
            listed.append((lay_off, new_meld))
            continue
        try:
            after = laid_off(turn, pos, lay_off, new_meld)
        except IllegalAction:
            continue
        if dead is None:
            dead = set()
        if can_finish(turn, after, dead):
            listed.append((lay_off, after))
    return listed


def _ending_with(turn: Turn, left: int) -> str:
    """How the turn can end once the owed wilds are played, with ``left`` cards besides them and
    nothing more owed: ``"ends"`` (one of them may be discarded, or there are none and going out
    by playing is allowed), ``"last card"`` (the one card left may not be discarded, but may go
    out by being played too), or ``""`` (not by playing the owed wilds and at most one card more)."""
    if left and ending_refusal(turn.rules, turn.contract, left, False, False):
        return "" if left > 1 or _empty_hand_refusal(turn) else "last card"
    return "" if not left and _empty_hand_refusal(turn) else "ends"


def _owed_verdict(turn: Turn, pos: Position, fitting: Sequence[Fits], lay_off: LayOff, new_meld: Meld) -> bool:
    """:func:`_owed_placeable` after ``lay_off``, which makes ``new_meld``, asked without building
    the position after it."""
    card = lay_off.card
    owed: Sequence[Card] = pos.owed
    if card in owed:
        owed = list(owed)
        owed.remove(card)
    return _owed_placeable(turn, pos.table, fitting, owed, pos.hand, lay_off.meld, new_meld, card)


def _owed_placeable(turn: Turn, table: Sequence[TableMeld], fitting: Sequence[Fits], owed: Sequence[Card],
                    hand: Sequence[Card], changed: int = -1, new_meld: Meld | None = None,
                    played: Card | None = None) -> bool:
    """True where the turn plainly can still end although wilds are owed (``owed``, held in
    ``hand``, less ``played`` where a lay-off of that card is weighed): each owed wild fits a
    meld of its own on ``table`` (meld ``changed`` taken as ``new_meld``), and once they are
    laid off, what is left may be discarded from; or is nothing, or one card that may not be
    discarded but fits a meld of its own too, and going out by playing is allowed.  Lay-offs
    on different melds do not change each other's options, so that sequence of plays is
    legal.  False where this does not show it: the search decides then.  The caller makes
    sure lay-offs are allowed now."""
    rules = turn.rules
    ending = _ending_with(turn, len(hand) - len(owed) - (played is not None))
    if not ending:
        return False
    if ending == "last card":
        rest = remove_cards(tuple(hand), owed if played is None else (*owed, played))
        owed = (*owed, *rest)  # the last card is played too: the player goes out
    # each card to a meld of its own: the melds as they stand are asked first, whose options are
    # mostly known, and the one the lay-off makes (its options yet to be worked out) last
    used: set[int] = set()
    for card in owed:
        for index, tm in enumerate(table):
            if index == changed or (used and index in used):
                continue
            if fitting[index].get(card) if fitting else fits_card(tm.meld, card, rules):
                used.add(index)
                break
        else:
            if new_meld is None or changed in used or not fits_card(new_meld, card, rules):
                return False
            used.add(changed)
    return True


def _elsewhere(indices: Collection[int], changed: int) -> bool:
    """Does ``indices`` (distinct) hold a meld other than ``changed``?"""
    return len(indices) > 1 or (len(indices) == 1 and changed not in indices)


def _left_card_verdict(turn: Turn, pos: Position, places: dict[Card, set[int]],
                       candidates: Sequence[tuple[LayOff, Meld]], lay_off: LayOff, new_meld: Meld) -> bool | None:
    """Of a hand of two cards, can the turn end after ``lay_off`` with the card it leaves, which
    may not be discarded, and nothing owed?  :func:`_last_card`'s answer, asked of the table as
    it stands and of the meld the lay-off makes, without building the position after it.  The
    melds the card fits as the table stands are those of its own lay-offs among ``candidates``
    (every lay-off of the hand's cards), gathered once for every lay-off that leaves it and
    kept in ``places``."""
    first, second = pos.hand
    left = second if first is lay_off.card else first
    rules = turn.rules
    changed = lay_off.meld
    fit = places.get(left)
    if fit is None:
        fit = places[left] = set()
        for other, _ in candidates:  # (a loop: a set comprehension is a call of its own)
            if other.card is left:
                fit.add(other.meld)
    # whether the card fits, asked first (the melds the lay-off leaves as they are, then the one
    # it makes): most often it does, and that settles it
    if _elsewhere(fit, changed) or fits_card(new_meld, left, rules):
        return _lone_card(rules, pos, (True,), ())
    return _lone_card(rules, pos, (), _left_card_swaps(rules, pos, changed, new_meld, left))


def _left_card_swaps(rules: Rules, pos: Position, changed: int, new_meld: Meld, left: Card) -> Iterator[bool]:
    """For :func:`_left_card_verdict`, meld by meld: whether a wild stands for the card ``left``
    in a meld the lay-off leaves as it is (of those whose wilds may be swapped, see
    :func:`table_swaps`), then in the one it makes of meld ``changed``."""
    for index, cards in table_swaps(pos.table, rules):
        if index != changed and left in cards:
            yield True
    if rules.swap_from_runs if new_meld.kind == "run" else rules.swap_from_sets:
        yield left in swap_cards_after(pos.table[changed].meld, new_meld)


def settled(turn: Turn, pos: Position, action: Play, verdict: Verdict) -> Position:
    """The position after ``action``, which :func:`judge_play` has found legal with ``verdict``."""
    if isinstance(verdict, Meld):
        assert isinstance(action, LayOff)
        return laid_off(turn, pos, action, verdict)
    return verdict


def swap_plays(turn: Turn, pos: Position, distinct: Sequence[Card] = ()) -> list[tuple[SwapWild, Position]]:
    """Swapping each natural card held for a wild that stands for it (``distinct``: the hand's
    cards, each once, in order, where known).

    A list, not a generator: every play-phase listing asks, and most find none (a generator
    would be made for each)."""
    rules = turn.rules
    found: list[tuple[SwapWild, Position]] = []
    if not (rules.swap_from_runs or rules.swap_from_sets) or swapper_refusal(rules, pos):
        return found
    places = table_swaps(pos.table, rules)
    if not places:
        return found
    if not distinct:
        distinct = distinct_cards(pos.hand)
    for index, wanted in places:
        if wanted.isdisjoint(distinct):
            continue
        for card in distinct:
            if card not in wanted:
                continue
            swap = trusted(SwapWild, turn.player, card, index)
            try:
                found.append((swap, _swap(turn, pos, swap)))
            except IllegalAction:
                continue
    return found


def _layout_key(layout: tuple[Meld, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple(sorted((meld.kind, tuple(c.code for c in meld.cards)) for meld in layout))
