"""Positions where the rules bite, built at random: random play seldom reaches them.

Each position is a play phase of a seat on turn, under one set of rules, with:

* a table of legal melds: runs of every length up to 13 places (ace to ace where the
  rules allow a low ace), with wilds where the wild limits allow them, and sets, some
  of them holding wilds, some of wilds only where the rules allow that;
* a hand of one to four cards (so that the last card, and going out, are in play),
  most of them cards that fit a meld, that a wild on the table stands for, or wilds;
* where the rules oblige a swapper, wilds owed from a swap this turn, or a swapper who
  must still go down;
* the no-discard round of the rules where it has one.

Positions are made by :func:`positions`, seeded, so a failure names the seed that makes it.

:func:`wild_trap` builds the crafted position of the hostile-input tests and benchmark: wilds a
player could swap out but never place again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs

import shanghai_rules as sr
from shanghai_rules.cards import ALL_CARDS

JOKER = ALL_CARDS[52]


def _wilds(rules: sr.Rules) -> list[sr.Card]:
    return [JOKER, *(ALL_CARDS[s * 13] for s in range(4))] if rules.wild_twos else [JOKER]


def _run(rules: sr.Rules, rng: random.Random) -> sr.Meld | None:
    """A random run, long or short, with random wilds; None if the rules refuse it."""
    lowest = 1 if rules.ace_low else 2
    length = rng.choice([rules.min_run_length, rules.min_run_length + 1, 9, 11, 12, 13, 13])
    length = max(rules.min_run_length, min(length, 15 - lowest))
    start = rng.randint(lowest, 15 - length)
    suit = rng.choice(list(sr.Suit))
    cards = [_place(start + i, suit) for i in range(length)]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        cards[rng.randrange(length)] = rng.choice(_wilds(rules))
    meld = sr.Meld("run", tuple(cards), suit=suit, start=start)
    return meld if sr.check_meld(meld, rules, laid_off=True) else None


def _place(position: int, suit: sr.Suit) -> sr.Card:
    rank = sr.ACE if position == 1 else position
    return sr.Card(rank, suit)


def _set(rules: sr.Rules, rng: random.Random) -> sr.Meld | None:
    """A random set, with random wilds, or of wilds only; None if the rules refuse it."""
    wilds = [rng.choice(_wilds(rules)) for _ in range(rng.choice([0, 0, 1, 2, 3]))]
    if rng.random() < 0.1:
        meld = sr.Meld("set", tuple([JOKER] * max(3, rules.min_set_length)), rank=None)
    else:
        rank = rng.randint(3, 14)
        naturals = [sr.Card(rank, rng.choice(list(sr.Suit))) for _ in range(rng.randint(1, 4))]
        meld = sr.Meld("set", tuple(naturals + wilds), rank=rank)
    return meld if sr.check_meld(meld, rules, laid_off=True) else None


def _table(rules: sr.Rules, rng: random.Random) -> list[sr.Meld]:
    melds: list[sr.Meld] = []
    while len(melds) < rng.randint(1, 5):
        meld = _run(rules, rng) if rng.random() < 0.6 else _set(rules, rng)
        if meld is not None:
            melds.append(meld)
    return melds


def _useful_cards(rules: sr.Rules, melds: list[sr.Meld]) -> list[sr.Card]:
    """Cards that fit a meld at an end, that a wild of a meld stands for, and the wilds."""
    useful = list(_wilds(rules))
    for meld in melds:
        for card in ALL_CARDS[:52]:
            if sr.lay_off_options(meld, card, rules):
                useful.append(card)
        for i in meld.wild_indices():
            target = meld.stands_for(i)
            if isinstance(target, sr.Card):
                useful.append(target)
            elif isinstance(target, int):
                useful.extend(sr.Card(target, suit) for suit in sr.Suit)
    return useful


def position(rules: sr.Rules, seed: int) -> sr.GameState:
    """One position where the rules bite (see the module docs), made from ``seed``: the first of
    its tries whose cards the rules' decks hold."""
    rng = random.Random(seed)
    while True:
        state = _try(rules, rng)
        if state is not None:
            return state


def _within_supply(state: sr.GameState) -> bool:
    held = Counter(c for hand in state.hands for c in hand)
    held.update(c for tm in state.table for c in tm.cards)
    held.update(state.stock)
    held.update(state.discard)
    supply = Counter(state.rules.card_supply(state.players))
    return all(count <= supply[card] for card, count in held.items())


def _try(rules: sr.Rules, rng: random.Random) -> sr.GameState | None:
    melds = _table(rules, rng)
    useful = _useful_cards(rules, melds)
    size = rng.choice([1, 1, 2, 2, 2, 3, 3, 4])
    hand = [rng.choice(useful) if rng.random() < 0.8 else rng.choice(ALL_CARDS) for _ in range(size)]
    no_discard = [i + 1 for i, c in enumerate(rules.contracts) if c.no_discard]
    round_number = rng.choice(no_discard) if no_discard and rng.random() < 0.15 else rng.randint(1, rules.rounds)
    players = rules.min_players
    others = [[rng.choice(ALL_CARDS) for _ in range(rng.randint(2, 6))] for _ in range(players - 1)]
    try:
        state = sr.setup_round(rules, hands=[hand, *others], stock=[rng.choice(ALL_CARDS) for _ in range(6)],
                               discard=[rng.choice(ALL_CARDS)], round_number=round_number, dealer=players - 1)
    except sr.RulesError:
        return None
    down = rng.random() < 0.8
    owners = [rng.randrange(players) if not down else rng.choice([0, 1]) for _ in melds]
    table = tuple(sr.TableMeld(owner, meld) for owner, meld in zip(owners, melds))
    downs = tuple((seat == 0 and down) or seat in owners for seat in range(players))
    if not downs[0]:
        table = tuple(tm for tm in table if tm.owner != 0)
    if rules.contracts[round_number - 1].no_discard:
        table, downs = (), (False,) * players
    swaps = rules.swap_from_runs or rules.swap_from_sets
    held_wilds = [card for card in state.hands[0] if sr.is_wild(card, rules)]
    owed: tuple[sr.Card, ...] = ()
    if swaps and rules.swapped_wild_must_be_played and held_wilds and rng.random() < 0.5:
        owed = tuple(held_wilds[:rng.randint(1, len(held_wilds))])
    must = swaps and rules.swap_forces_going_down and not downs[0] and rng.random() < 0.4
    went_down = downs[0] and rng.random() < 0.3
    state = attrs.evolve(state, phase="play", turn=0, table=table, down=downs, owed_wilds=owed, must_go_down=must,
                         went_down_this_turn=went_down, upcard_live=False, discarder=None)
    return state if _within_supply(state) else None


def positions(rules: sr.Rules, count: int, first_seed: int = 0) -> Iterator[tuple[int, sr.GameState]]:
    """``count`` positions where the rules bite, with the seed of each."""
    for seed in range(first_seed, first_seed + count):
        yield seed, position(rules, seed)


def every_play(state: sr.GameState) -> list[sr.Action]:
    """Every lay-off (at each end and none) and swap of every card held onto every meld, and the
    discard of each card held: the candidates a brute-force judge weighs."""
    seat = state.turn
    plays: list[sr.Action] = []
    for card in dict.fromkeys(state.hands[seat]):
        for index in range(len(state.table)):
            plays.append(sr.SwapWild(seat, card, index))
            plays += [sr.LayOff(seat, card, index, end) for end in (None, "low", "high")]
        plays.append(sr.Discard(seat, card))
    return plays


def wild_trap(wilds: int) -> sr.GameState:
    """ISRA, seat 0 down and on turn, holding the natural card of each of ``wilds`` jokers that stand
    in full runs of 13 on the table (two runs of each suit, six jokers at most in each, none side
    by side), and an ace of clubs to discard: every swap leaves a joker owed that no meld can take."""
    rules = sr.ISRA
    names = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    runs: list[str] = []
    hand = ["AC"]
    left = wilds
    for suit in "HSDCHSDC":
        places = [name + suit for name in names]
        for index in (2, 4, 6, 8, 10, 12)[: max(0, min(6, left))]:
            hand.append(places[index])
            places[index] = "JK"
            left -= 1
        runs.append(" ".join(places))
        if left <= 0:
            break
    assert left == 0, "at most 48 jokers"
    state = sr.setup_round(rules, hands=[" ".join(hand), "5C 6C", "7C 8C"], round_number=3, dealer=2)
    table = tuple(sr.TableMeld(1, sr.check_meld(sr.parse_cards(run), rules).meld) for run in runs)  # type: ignore[arg-type]
    return attrs.evolve(state, phase="play", table=table, down=(True, True, False))
