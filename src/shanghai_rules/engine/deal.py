"""Dealing: new games, set-up positions, the cut, and :class:`StartRound`."""

from __future__ import annotations

import itertools
import operator
import random
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from ..actions import Cut, StartRound
from ..cards import Card, _card_group, parse_cards
from ..errors import IllegalAction, excerpt
from ..refusals import Reason, Refusal
from ..rules import MAX_PLAYERS, Rules, RulesError
from ..state import MAX_NUMBER_BITS, MAX_SCORE_BITS, GameState, cutter_seat, dealer_after
from .stock import copies_in_play, shuffled, supply
from .successor import same_move, successor

__all__ = ["OpeningDraw", "count_refusal", "cut", "cut_refusal", "cutter_refusal", "first_dealer", "new_game",
           "opening_draw",
           "seed_refusal", "setup_round", "start_refusal", "start_round"]


#: The most bits a seed may have: any whole number of up to 4,096 bits, either sign
#: (:data:`~shanghai_rules.state.MAX_NUMBER_BITS`).
MAX_SEED_BITS = MAX_NUMBER_BITS


def seed_refusal(seed: object) -> str:
    """Why ``seed`` cannot seed a game (empty if it can): a whole number of at most :data:`MAX_SEED_BITS` bits."""
    if type(seed) is not int:
        return f"{excerpt(seed)} is not a whole number"
    if seed.bit_length() > MAX_SEED_BITS:
        return f"a seed has at most {MAX_SEED_BITS} bits, not {seed.bit_length()}"
    return ""


def _check_players(rules: Rules, players: object) -> int:
    if not rules.allows_players(players):
        raise RulesError(
            f"players: {rules.name} is played by {rules.min_players}-{rules.max_players} players, "
            f"not {excerpt(players)}", "bad_player_count"
        )
    return players


def _fresh_round(
    rules: Rules, players: int, round_number: int, dealer: int, scores: tuple[int, ...],
    results: tuple, seed: int, move_number: int = 0,  # type: ignore[type-arg]
) -> GameState:
    """The cards of a new round shuffled; dealt at once, or waiting for the cut.  ``move_number``: the
    moves made in the game, this one (the deal of a later round) included."""
    deck, seed = shuffled(supply(rules.decks_for(players), rules.jokers_per_deck), seed)
    state = GameState(
        rules=rules, round_number=round_number, dealer=dealer, phase="cut", turn=cutter_seat(dealer, players),
        hands=((),) * players, table=(), stock=tuple(deck), discard=(), upcard_live=False, discarder=None,
        buys_left=(rules.buy_limit(round_number),) * players, buy_requests=(), buy_withdrawn=(),
        down=(False,) * players, scores=scores, round_results=results, seed=seed, move_number=move_number,
    )
    if rules.cut_penalty is None:
        return _deal(state)
    return state


def _deal(state: GameState) -> GameState:
    """Deal from the stock: a card at a time from the dealer's left, then the flip card (part of the
    move that shuffled or cut, not a move of its own)."""
    players = state.players
    size = state.rules.hand_size_for(state.round_number)
    stock = state.stock
    dealt = size * players
    # card i goes to seat dealer + 1 + i (mod players): each seat's cards are every players-th card
    first = state.dealer + 1
    hands = tuple([tuple(sorted(stock[(seat - first) % players:dealt:players], key=_code))
                   for seat in range(players)])
    return same_move(
        state, phase="draw", turn=first % players, hands=hands,
        stock=stock[dealt + 1:], discard=(stock[dealt],), upcard_live=True, discarder=None,
    )


_code = operator.attrgetter("code")


def _game_arguments(rules: object, players: object, seed: object) -> int:
    """The seat count of a game of ``rules`` with ``players`` seats and ``seed``, or RulesError naming
    the argument that cannot start one."""
    if not isinstance(rules, Rules):
        raise RulesError(f"rules: {excerpt(rules)} is not a Rules", "bad_argument")
    count = _check_players(rules, players)
    refusal = seed_refusal(seed)
    if refusal:
        raise RulesError(f"seed: {refusal}", "bad_argument")
    return count


def new_game(rules: Rules, players: int, seed: int = 0, dealer: int | None = None) -> GameState:
    """A new game: round 1 dealt (or, where the rules have a cut, waiting for it).

    ``seed`` starts the state's own random source: the same seed and the same
    actions always give the same game (and a seed and its negation the same deal,
    as :class:`random.Random` takes a seed's absolute value).  ``dealer`` is round 1's dealer; if it is
    not given, seat 0 deals, or, where ``Rules.opening_draw``, the seat that
    :func:`opening_draw` picks with the same seed.
    """
    players = _game_arguments(rules, players, seed)
    if dealer is None:
        dealer = first_dealer(rules, players, seed)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RulesError(f"dealer: {excerpt(dealer)} is not a seat (0-{players - 1})", "bad_argument")
    start = random.Random(seed).getrandbits(64)
    return _fresh_round(rules, players, 1, dealer, (0,) * players, (), start)


def first_dealer(rules: Rules, players: int, seed: int = 0) -> int:
    """Round 1's dealer where a game is given none: the pick of :func:`opening_draw` where
    ``Rules.opening_draw``, else seat 0."""
    return opening_draw(rules, players, seed).dealer if rules.opening_draw else 0


@attrs.frozen
class OpeningDraw:
    """The draw for the first deal (``Rules.opening_draw``): the card each seat drew, and the dealer."""

    cards: tuple[Card, ...]
    """The card each seat drew, by seat: no jokers, and no two of one rank."""
    dealer: int
    """The seat that drew the lowest card (aces high): round 1's dealer."""


def opening_draw(rules: Rules, players: int, seed: int = 0) -> OpeningDraw:
    """The opening draw that picks round 1's dealer for a game of ``rules`` with ``seed`` (as
    :func:`new_game` makes it where ``Rules.opening_draw``).

    The cards in play are shuffled by a random source of their own, drawn from the seed after the
    game's (so the draw changes nothing else in the game); seat 0, then seat 1 and on, each take
    the next card, passing over jokers and any card of a rank another seat has drawn; the lowest
    card deals, aces high.  Rules allow the draw only for at most 13 seats, one rank each.
    """
    players = _game_arguments(rules, players, seed)
    if players > 13:
        raise RulesError(f"players: an opening draw gives each seat its own rank, 13 at most, not {players}",
                         "bad_player_count")
    source = random.Random(seed)
    source.getrandbits(64)  # (the game's own random source)
    deck, _ = shuffled(supply(rules.decks_for(players), rules.jokers_per_deck), source.getrandbits(64))
    drawn: list[Card] = []
    for card in deck:
        if not card.is_joker and all(card.rank != other.rank for other in drawn):
            drawn.append(card)
            if len(drawn) == players:
                break
    dealer = min(range(players), key=lambda seat: drawn[seat].rank)
    return OpeningDraw(tuple(drawn), dealer)


def _cards(value: Iterable[Card] | str, where: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value)
    group = _card_group(value)
    if isinstance(group, str):
        raise RulesError(f"{where}: {group}", "not_a_card")
    return group


def setup_round(
    rules: Rules,
    hands: Sequence[Iterable[Card] | str],
    stock: Iterable[Card] | str = (),
    discard: Iterable[Card] | str = (),
    round_number: int = 1,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> GameState:
    """A dealt position, for tests, puzzles and tutorials.

    ``hands`` has one group of cards per seat (any number, none empty);
    ``stock`` is top card first and ``discard`` bottom to top, as in a state.
    The seat after ``dealer`` is on turn, about to draw.  Cards need not make
    whole decks, but no card may appear more often than the decks hold it.
    Groups may be given as card notation (``"4H 5H JK"``).
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules: {excerpt(rules)} is not a Rules", "bad_argument")
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise RulesError(f"hands: give one group of cards per seat, not {excerpt(hands)}", "bad_argument")
    seats = [_cards(h, f"hands[{i}]") for i, h in enumerate(itertools.islice(hands, MAX_PLAYERS + 1))]
    players = _check_players(rules, len(seats))
    for i, hand in enumerate(seats):
        if not hand:
            raise RulesError(f"hands[{i}]: a hand cannot be empty", "bad_argument")
    stock_cards = _cards(stock, "stock")
    discard_cards = _cards(discard, "discard")
    rules.contract(round_number)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RulesError(f"dealer: {excerpt(dealer)} is not a seat (0-{players - 1})", "bad_argument")
    refusal = seed_refusal(seed)
    if refusal:
        raise RulesError(f"seed: {refusal}", "bad_argument")
    if scores is not None and (isinstance(scores, (str, bytes)) or not isinstance(scores, Iterable)):
        raise RulesError(f"scores: give one whole number per seat, not {excerpt(scores)}", "bad_argument")
    totals = (0,) * players if scores is None else tuple(scores)
    if len(totals) != players or any(type(s) is not int for s in totals):
        raise RulesError(f"scores: give one whole number per seat, not {excerpt(scores)}", "bad_argument")
    if any(s.bit_length() > MAX_SCORE_BITS for s in totals):
        raise RulesError(f"scores: a round is set up with scores of at most {MAX_SCORE_BITS:,} bits", "bad_argument")
    decks = rules.decks_for(players)
    held = Counter(c for h in seats for c in h)
    held.update(stock_cards)
    held.update(discard_cards)
    for card, count in held.items():
        allowed = copies_in_play(rules, players, card)
        if count > allowed:
            raise RulesError(f"cards: {card} appears {count} times but {decks} decks hold it {allowed} times",
                             "too_many_cards")
    return GameState(
        rules=rules, round_number=round_number, dealer=dealer, phase="draw", turn=(dealer + 1) % players,
        hands=tuple(tuple(sorted(h, key=_code)) for h in seats), table=(), stock=stock_cards,
        discard=discard_cards, upcard_live=bool(discard_cards), discarder=None,
        buys_left=(rules.buy_limit(round_number),) * players, buy_requests=(), buy_withdrawn=(),
        down=(False,) * players, scores=totals, round_results=(), seed=random.Random(seed).getrandbits(64),
    )


def start_refusal(state: GameState) -> Refusal:
    """Why the next round may not be dealt now (empty if it may)."""
    if state.phase != "round_over":
        return Reason("wrong_phase", f"the round is not over (phase {excerpt(state.phase)})")
    return ""


def start_round(state: GameState, action: StartRound) -> GameState:
    """Deal the next round: the deal passes left (rules: the deal)."""
    refusal = start_refusal(state)
    if refusal:
        raise IllegalAction(f"StartRound: {refusal}", action, code=refusal.code)
    return _fresh_round(
        state.rules, state.players, state.round_number + 1, dealer_after(state.dealer, 1, state.players),
        state.scores, state.round_results, state.seed, state.move_number + 1,
    )


def cutter_refusal(state: GameState, seat: int) -> Refusal:
    """Why ``seat`` may not cut now, whatever the count (empty if it may)."""
    if state.phase != "cut":
        return Reason("wrong_phase", f"there is no cut now (phase {excerpt(state.phase)})")
    if seat != state.cutter:
        return Reason("not_your_turn", f"seat {state.cutter}, the dealer's right, cuts this round (rules: the deal)")
    return ""


def count_refusal(state: GameState, count: int) -> Refusal:
    """Why a cut may not give the dealer ``count`` cards (empty if it may)."""
    if not 1 <= count <= len(state.stock):
        return Reason("bad_cut", f"the count is how many cards the cut gave the dealer, 1-{len(state.stock)}")
    return ""


def cut_refusal(state: GameState, action: Cut) -> Refusal:
    """Why ``action`` may not be made now (empty if it may)."""
    return cutter_refusal(state, action.player) or count_refusal(state, action.count)


def cut(state: GameState, action: Cut) -> GameState:
    """The cut before the deal (rules: the deal): exact when it gives the dealer every dealt card and the flip card."""
    refusal = cut_refusal(state, action)
    if refusal:
        raise IllegalAction(f"Cut: {refusal}", action, code=refusal.code)
    exact = action.count == state.players * state.rules.hand_size_for(state.round_number) + 1
    return _deal(successor(state, cut=(action.player, exact)))
