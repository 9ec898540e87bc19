"""Rules: one frozen :class:`Rules` value per variant, the three presets, and :func:`get_rules`.

Every rule that differs between variants is a keyword-only field of
:class:`Rules`.  A preset is just an instance; a house variant is
``attrs.evolve(PAGAT7, wild_twos=True)``.  A :class:`Rules` that cannot be
played is refused when it is built (and so also by :func:`attrs.evolve`) with a
:class:`RulesError` naming the field.

The engine reads these fields and never a variant's name.
"""

from __future__ import annotations

import random
from typing import Final, Literal, TypeGuard

import attrs

from .cards import MAX_CARDS, Card, full_deck
from .errors import RulesError, excerpt
from .wild_limits import WildLimits

__all__ = [
    "CONTRACT_RUMMY",
    "ISRA",
    "LIVERPOOL",
    "MAX_CONTRACT_MELDS",
    "MAX_NAME_LENGTH",
    "MAX_NUMBER",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_STEPS",
    "MAY_I",
    "PAGAT7",
    "PRESETS",
    "TEN_ROUND",
    "TEN_ROUND_RULEBOOK",
    "BuyOffers",
    "BuyWindow",
    "Contract",
    "GoingOut",
    "Rules",
    "RulesError",
    "StockRebuild",
    "SwapEligibility",
    "SwappableWilds",
    "get_rules",
]

GoingOut = Literal["any", "discard", "play"]
"""How a player may go out: by any play or the last discard (``"any"``), only by
discarding the last card (``"discard"``), or only by playing every card to the
table (``"play"``)."""

SwapEligibility = Literal["down_earlier_turn", "down", "not_down", "anyone"]
"""Who may swap a wild out of a meld: a player who went down on an earlier turn,
any player who is down, only a player not yet down, or anyone."""
BuyOffers = Literal["at_once", "in_turn"]
"""How the upcard is offered for buying: to every other seat at once, the first asking in turn order
after the player on turn winning (``"at_once"``), or to one seat at a time in that order, each buying
it or letting it go (``DeclineBuy``) before the next is offered it (``"in_turn"``).  The same seat wins
either way; what changes is who is asked, and who learns what, before it is settled.  The player on
turn keeps first refusal: they may take the upcard until they draw."""
BuyWindow = Literal["before_draw", "until_discard"]
"""How long the upcard may be bought: until the player on turn draws (``"before_draw"``), or, where
they draw from the stock, on until their discard covers it (``"until_discard"``)."""
StockRebuild = Literal["under_upcard", "whole_pile"]
"""What an empty stock is rebuilt from: the discard pile but its top card, which stays as the upcard
(``"under_upcard"``), or the whole pile, upcard included (``"whole_pile"``)."""
SwappableWilds = Literal["any", "jokers"]
"""Which wilds a swap may free: ``"any"`` wild (a joker, or a 2 where 2s are wild), or ``"jokers"`` only."""


#: The most seats a table may have: every preset's counts, and twice the most of any.
MAX_PLAYERS: Final = 16
#: The most melds one contract may ask for.
MAX_CONTRACT_MELDS: Final = 12
#: The longest name a :class:`Rules` may have.
MAX_NAME_LENGTH: Final = 100
#: The most rounds (contracts) a game may have.
MAX_ROUNDS: Final = 100
#: The largest whole number any field of a :class:`Rules` or :class:`Contract` may hold.
MAX_NUMBER: Final = 10**9
#: The most (threshold, value) pairs of a field of :class:`Rules` given as steps
#: (``decks_by_players``, ``max_wilds_by_length``): as many as there are meld lengths,
#: a meld being at most :data:`~shanghai_rules.cards.MAX_CARDS` long.
MAX_STEPS: Final = 1_000


def _check_name(name: object) -> None:
    """A rules name: non-empty text of at most :data:`MAX_NAME_LENGTH` characters that UTF-8 can write."""
    if not isinstance(name, str) or not name:
        raise RulesError(f"name: must be a non-empty string, not {excerpt(name)}", "bad_rules")
    if len(name) > MAX_NAME_LENGTH:
        raise RulesError(f"name: at most {MAX_NAME_LENGTH} characters, not {len(name):,}", "bad_rules")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise RulesError(f"name: {excerpt(name)} holds a character UTF-8 cannot write (a lone surrogate)",
                         "bad_rules") from None


def _positive(field: str, value: object, minimum: int = 1) -> None:
    if type(value) is not int or value < minimum:
        raise RulesError(f"{field}: must be a whole number of at least {minimum}, not {excerpt(value)}", "bad_rules")
    if value > MAX_NUMBER:
        raise RulesError(f"{field}: at most {MAX_NUMBER:,}, not {excerpt(value)}", "bad_rules")


def _ascending_pairs(field: str, pairs: object, shape: str, second_minimum: int, how: str) -> int:
    """Check a non-empty tuple of (threshold, value) pairs with thresholds rising from 1 and values
    of at least ``second_minimum``; the last threshold.  ``shape`` names a pair, ``how`` the fix."""
    if not isinstance(pairs, tuple) or not pairs:
        raise RulesError(f"{field}: {how}", "bad_rules")
    if len(pairs) > MAX_STEPS:
        raise RulesError(f"{field}: at most {MAX_STEPS:,} pairs, not {len(pairs):,}", "bad_rules")
    previous = 0
    for i, pair in enumerate(pairs):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise RulesError(f"{field}[{i}]: {excerpt(pair)} is not {shape} pair", "bad_rules")
        _positive(f"{field}[{i}][0]", pair[0], previous + 1)
        _positive(f"{field}[{i}][1]", pair[1], second_minimum)
        previous = pair[0]
    return previous


@attrs.frozen(kw_only=True, cache_hash=True)
class Contract:
    """What a player must lay down, all at once, to go down in one round.

    ``sets`` sets of at least ``set_length`` cards and ``runs`` runs of at least
    ``run_length`` cards.  With ``no_discard`` the player goes down only by laying
    the whole hand down at once as these melds, lengthened to take every card,
    with no discard (round 7 of ``pagat7``); no one lays off in such a round.
    """

    sets: int = 0
    """How many sets."""
    runs: int = 0
    """How many runs."""
    set_length: int = 3
    """The fewest cards in each set of the contract."""
    run_length: int = 4
    """The fewest cards in each run of the contract."""
    no_discard: bool = False
    """Going down takes the whole hand with no discard; no lay-offs this round."""

    def __attrs_post_init__(self) -> None:
        _positive("Contract.sets", self.sets, 0)
        _positive("Contract.runs", self.runs, 0)
        if self.sets + self.runs == 0:
            raise RulesError("Contract: a contract needs at least one set or run", "bad_rules")
        if self.sets + self.runs > MAX_CONTRACT_MELDS:
            raise RulesError(f"Contract: at most {MAX_CONTRACT_MELDS} melds, not {self.sets + self.runs}", "bad_rules")
        _positive("Contract.set_length", self.set_length, 2)
        _positive("Contract.run_length", self.run_length, 2)
        if self.set_length > MAX_CARDS:
            raise RulesError(f"Contract.set_length: a set holds at most the {MAX_CARDS:,} cards in play, "
                             f"not {self.set_length:,}", "bad_rules")
        if self.run_length > 13:
            raise RulesError(f"Contract.run_length: a run holds at most 13 cards, not {self.run_length}", "bad_rules")
        if type(self.no_discard) is not bool:
            raise RulesError(f"Contract.no_discard: must be True or False, not {excerpt(self.no_discard)}", "bad_rules")

    @property
    def melds(self) -> int:
        """How many melds the contract has."""
        return self.sets + self.runs

    def meld_length(self, kind: str) -> int:
        """The fewest cards the contract asks of a meld of ``kind`` (``"set"`` or ``"run"``)."""
        return self.set_length if kind == "set" else self.run_length

    @property
    def min_cards(self) -> int:
        """The fewest cards that make the contract."""
        return self.sets * self.set_length + self.runs * self.run_length

    def describe(self) -> str:
        """The contract in words, e.g. ``"1 set of 3 + 1 run of 4"``."""
        parts = []
        if self.sets:
            parts.append(f"{self.sets} set{'s' if self.sets > 1 else ''} of {self.set_length}")
        if self.runs:
            parts.append(f"{self.runs} run{'s' if self.runs > 1 else ''} of {self.run_length}")
        text = " + ".join(parts)
        if self.no_discard:
            text += ", whole hand, no discard"
        return text


def _contracts(*specs: tuple[int, int]) -> tuple[Contract, ...]:
    return tuple(Contract(sets=s, runs=r) for s, r in specs)


_SEVEN = _contracts((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))

#: Penalty values in the order 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, joker.
CARD_VALUES_PAGAT: Final = (5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 50)
CARD_VALUES_ISRA: Final = (5, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 20, 50)


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """A complete, consistent set of rules for one variant of Shanghai Rummy.

    Build house variants with :func:`attrs.evolve`; an unplayable combination
    raises :class:`RulesError` naming the field.
    """

    name: str
    """A short name for the variant, used in messages and records."""
    min_players: int
    """The fewest players."""
    max_players: int
    """The most players."""
    decks_by_players: tuple[tuple[int, int], ...]
    """``(up_to_players, decks)`` pairs in increasing order: ``((4, 2), (6, 3), (8, 4))``
    means two decks for up to 4 players, three for 5-6, four for 7-8."""
    jokers_per_deck: int = 2
    """Jokers shuffled in with each 52-card deck."""
    hand_size: int
    """Cards dealt to each player (every round, unless ``hand_sizes`` says otherwise)."""
    hand_sizes: tuple[int, ...] | None = None
    """Cards dealt in each round, one number per round (Liverpool deals 10, then 12);
    ``None`` to deal ``hand_size`` every round."""
    contracts: tuple[Contract, ...]
    """One contract per round; their number is the number of rounds."""
    min_set_length: int = 3
    """The fewest cards in any set (contract lengths may ask for more)."""
    min_run_length: int = 4
    """The fewest cards in any run (contract lengths may ask for more)."""
    wild_twos: bool = False
    """2s are wild as well as jokers (a 2 in its own place is natural, unless ``natural_twos`` is off)."""
    natural_twos: bool = True
    """Where 2s are wild, a 2 in its own place (in a set of 2s, or at the 2's place in a run) is
    natural; ``False``: a 2 is always wild, there are no sets of 2s, and runs span 3 to the ace (nothing,
    not even a wild, stands below the 3).  Off only with ``wild_twos``, and never with ``ace_low``."""
    discarded_twos_die: bool = False
    """Where 2s are wild, a 2 that a player discards becomes a *dead 2* (``"2Hx"``) for the rest of the
    round: whoever takes it, it is a natural 2 only (in a set of 2s, or at the 2's place in a run of its
    suit), never a wild, and it scores as ``card_values`` prices a 2 (``wild_two_value`` is for the
    2s still wild).  A 2 turned up as the first upcard of a deal was not discarded and stays wild.  Only
    with ``wild_twos`` and ``natural_twos``."""
    ace_low: bool = False
    """An ace may also be played low (A-2-3-4); it is always allowed high (J-Q-K-A)."""
    max_wilds_per_meld: int | None = None
    """The most wilds a meld may hold, or ``None`` for no such limit."""
    wilds_at_most_naturals: bool = False
    """A meld may hold no more wilds than naturals (8-8-★-★ yes, 8-★-★ no)."""
    max_wilds_by_length: tuple[tuple[int, int], ...] | None = None
    """Wild limits by meld size: ``(length, most_wilds)`` pairs in increasing order of
    length; a meld may hold at most the number paired with the longest listed length
    it reaches (``((3, 1), (5, 2))``: one wild in a meld of 3 or 4 cards, two from 5),
    and none if it is shorter than every listed length.  ``None`` for no such limit."""
    wild_limits_on_lay_off: bool = True
    """The limits on how many wilds a meld holds (``max_wilds_per_meld``,
    ``max_wilds_by_length``, ``wilds_at_most_naturals``) hold whenever a card is laid
    off, as they do when a contract is laid down; ``False`` checks them only when a
    contract is laid down.  ``run_wilds_apart`` always holds."""
    run_wilds_apart: bool = False
    """No two wilds may stand next to each other in a run."""
    distinct_contract_set_ranks: bool = False
    """The sets of one contract must be of different ranks."""
    contract_run_gap: int = 0
    """Runs of one suit in one contract must have at least this many missing ranks
    between them (an overlap of separate cards is fine where ``contract_runs_overlap``);
    0 for no limit."""
    contract_runs_overlap: bool = True
    """Runs of one suit in one contract may overlap, made of separate cards (5-8 and 7-10 of
    hearts, from two decks); ``False``: their ranks may not overlap."""
    contract_melds_exact: bool = False
    """Each meld of a contract, as it is laid down, has exactly the contract's length (sets of
    ``Contract.set_length``, runs of ``Contract.run_length``); lay-offs lengthen them later."""
    distinct_contract_set_suits: bool = False
    """The naturals of each set of a contract, as it is laid down, are all of different suits
    (lay-offs may repeat a suit later)."""
    lay_off_on_going_down_turn: bool = True
    """A player may lay off on the turn they go down."""
    going_down_keeps_a_card: bool = False
    """Going down must leave at least one card in hand (going out later, by laying off or by
    discarding, is unaffected); no round's contract may then take the whole hand."""
    buy_limits: tuple[int | None, ...]
    """Buys each player has per round, one number per round; ``None`` for unlimited buys."""
    buy_penalty_cards: int = 2
    """Cards a buyer takes from the stock besides the upcard."""
    buy_after_down: bool = True
    """A player who is down may still buy."""
    discarder_may_buy: bool = False
    """The player who discarded the upcard may buy it back."""
    buy_window: BuyWindow = "before_draw"
    """How long the upcard may be bought (see :data:`BuyWindow`)."""
    buy_offers: BuyOffers = "at_once"
    """How the upcard is offered to the seats not on turn (see :data:`BuyOffers`)."""
    buy_needs_stock: bool = False
    """A seat may ask to buy only while the stock holds more cards than ``buy_penalty_cards`` (the
    penalty cards, and the next draw of the player on turn)."""
    take_upcard_when_down: bool = True
    """A player who is down may take the upcard on their own turn (else they draw from the stock)."""
    shanghai_call: bool = False
    """The Shanghai declaration and call (rules: the Shanghai call) are played."""
    swap_from_runs: bool = False
    """A wild in a run on the table may be swapped for the card it represents."""
    swap_from_sets: bool = False
    """A wild in a set on the table may be swapped for a card of the set's rank."""
    swap_eligibility: SwapEligibility = "anyone"
    """Who may swap a wild (see :data:`SwapEligibility`)."""
    swappable_wilds: SwappableWilds = "any"
    """Which wilds on the table may be swapped (see :data:`SwappableWilds`)."""
    swapped_wild_must_be_played: bool = False
    """The freed wild must be played to the table on the same turn."""
    swap_forces_going_down: bool = False
    """A player not yet down who swaps must go down on the same turn."""
    going_out: GoingOut = "any"
    """How a player may go out (see :data:`GoingOut`)."""
    cut_penalty: int | None = None
    """Points charged to every player but the cutter when the cut is exact
    (rules: the deal), or ``None`` for no cut."""
    card_values: tuple[int, ...] = CARD_VALUES_PAGAT
    """Penalty points in the order 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, joker.
    A wild 2 costs what a 2 costs unless ``wild_two_value`` says otherwise."""
    wild_two_value: int | None = None
    """Penalty points of a 2 where 2s are wild (contract-rummy scoring counts every
    wild 15); ``None`` to count it as ``card_values`` counts a 2."""
    blind_bonus: int = 0
    """Points taken off the total of a player who goes down and out on one turn
    without having gone down before ("going out blind"); 0 for none."""
    blind_bonus_without_wilds: int = 0
    """The blind bonus instead when the player played no wild on that turn
    (0: the same as ``blind_bonus``)."""
    stock_rebuild: StockRebuild = "under_upcard"
    """What an empty stock is rebuilt from (see :data:`StockRebuild`)."""
    stock_rebuilds: int | None = None
    """The most times the stock may be rebuilt in a round; when it runs out after that, the round
    ends with nobody out (0: at once); ``None`` for no limit."""
    fresh_deck_when_empty: bool = False
    """Where an empty stock finds nothing to be rebuilt from, a fresh deck (52 cards and
    ``jokers_per_deck`` jokers) is shuffled in as the new stock."""
    deadlock_ends_round: bool = False
    """When the stock runs out with no card laid on the table since it was last rebuilt (or dealt),
    the round ends with nobody out (a deadlock) rather than rebuild it."""
    opening_draw: bool = False
    """Round 1's dealer is picked by an opening draw, seeded like the rest of the game (see
    :func:`~shanghai_rules.engine.opening_draw`), unless the game is given a dealer; else seat 0
    deals unless given another.  At most 13 seats, one rank each."""
    turn_limit: int | None = 50
    """A round in which nobody has gone out after every seat has taken this many
    turns ends with nobody out; ``None`` for no limit."""
    wild_limits: WildLimits = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Every limit on wilds in melds these rules set, as one value (derived from the fields above,
    as the rules are built; see :class:`~shanghai_rules.wild_limits.WildLimits`)."""

    @wild_limits.default
    def _wild_limits(self) -> WildLimits:
        return WildLimits.of(self)

    def __attrs_post_init__(self) -> None:
        _check_name(self.name)
        _positive("min_players", self.min_players, 2)
        if type(self.max_players) is int and self.max_players > MAX_PLAYERS:
            raise RulesError(f"max_players: at most {MAX_PLAYERS} seats, not {excerpt(self.max_players)}", "bad_rules")
        _positive("max_players", self.max_players, self.min_players)
        _positive("jokers_per_deck", self.jokers_per_deck, 0)
        _positive("hand_size", self.hand_size, 1)
        _positive("min_set_length", self.min_set_length, 2)
        _positive("min_run_length", self.min_run_length, 2)
        if self.min_run_length > 13:
            raise RulesError("min_run_length: a run holds at most 13 cards", "bad_rules")
        self._check_rounds()
        self._check_decks()
        self._check_numbers()
        self._check_flags()
        self._check_makeable()

    def _check_rounds(self) -> None:
        """The contracts, and what is given per round."""
        if not isinstance(self.contracts, tuple) or not self.contracts:
            raise RulesError("contracts: give at least one Contract, as a tuple", "bad_rules")
        if len(self.contracts) > MAX_ROUNDS:
            raise RulesError(f"contracts: at most {MAX_ROUNDS} rounds, not {len(self.contracts):,}", "bad_rules")
        for number, contract in enumerate(self.contracts, 1):
            if not isinstance(contract, Contract):
                raise RulesError(f"contracts[{number - 1}]: {excerpt(contract)} is not a Contract", "bad_rules")
            if contract.set_length < self.min_set_length or contract.run_length < self.min_run_length:
                raise RulesError(
                    f"contracts[{number - 1}]: round {number} asks for melds shorter than "
                    f"min_set_length/min_run_length", "bad_rules"
                )
        if self.hand_sizes is not None:
            if not isinstance(self.hand_sizes, tuple) or len(self.hand_sizes) != len(self.contracts):
                raise RulesError(f"hand_sizes: give one number per round ({len(self.contracts)}), "
                                 f"or None, not {excerpt(self.hand_sizes)}", "bad_rules")
            for i, size in enumerate(self.hand_sizes):
                _positive(f"hand_sizes[{i}]", size, 1)
        if not isinstance(self.buy_limits, tuple) or len(self.buy_limits) != len(self.contracts):
            raise RulesError(
                f"buy_limits: give one number per round ({len(self.contracts)}), not {excerpt(self.buy_limits)}",
                "bad_rules",
            )
        for i, limit in enumerate(self.buy_limits):
            if limit is not None:
                _positive(f"buy_limits[{i}]", limit, 0)

    def _check_numbers(self) -> None:
        """The numeric fields: limits, values, bonuses."""
        if self.max_wilds_by_length is not None:
            _ascending_pairs("max_wilds_by_length", self.max_wilds_by_length, "a (length, most_wilds)", 0,
                             "give (length, most_wilds) pairs as a tuple, or None")
        for bonus in ("blind_bonus", "blind_bonus_without_wilds"):
            _positive(bonus, getattr(self, bonus), 0)
        if self.wild_two_value is not None:
            _positive("wild_two_value", self.wild_two_value, 0)
        _positive("buy_penalty_cards", self.buy_penalty_cards, 0)
        if self.max_wilds_per_meld is not None:
            _positive("max_wilds_per_meld", self.max_wilds_per_meld, 0)
        _positive("contract_run_gap", self.contract_run_gap, 0)
        if self.cut_penalty is not None:
            _positive("cut_penalty", self.cut_penalty, 0)
        if (
            not isinstance(self.card_values, tuple)
            or len(self.card_values) != 14
            or any(type(v) is not int or not 0 <= v <= MAX_NUMBER for v in self.card_values)
        ):
            raise RulesError(f"card_values: give 14 whole numbers from 0 to {MAX_NUMBER:,}, for 2-10, J, Q, K, A "
                             "and the joker", "bad_rules")
        if self.turn_limit is not None:
            _positive("turn_limit", self.turn_limit, 1)
        if self.stock_rebuilds is not None:
            _positive("stock_rebuilds", self.stock_rebuilds, 0)

    def _check_flags(self) -> None:
        """The yes-or-no fields and the fields that name one of a few choices."""
        for flag in (
            "wild_twos", "ace_low", "wilds_at_most_naturals", "run_wilds_apart",
            "distinct_contract_set_ranks", "lay_off_on_going_down_turn", "buy_after_down",
            "shanghai_call", "swap_from_runs", "swap_from_sets", "swapped_wild_must_be_played",
            "swap_forces_going_down", "wild_limits_on_lay_off", "discarder_may_buy", "take_upcard_when_down",
            "going_down_keeps_a_card", "buy_needs_stock", "contract_runs_overlap", "contract_melds_exact",
            "distinct_contract_set_suits", "opening_draw", "fresh_deck_when_empty", "deadlock_ends_round",
            "natural_twos", "discarded_twos_die",
        ):
            if type(getattr(self, flag)) is not bool:
                raise RulesError(f"{flag}: must be True or False, not {excerpt(getattr(self, flag))}", "bad_rules")
        if self.swap_eligibility not in ("down_earlier_turn", "down", "not_down", "anyone"):
            raise RulesError(f"swap_eligibility: {excerpt(self.swap_eligibility)} is not one of "
                             "'down_earlier_turn', 'down', 'not_down', 'anyone'", "bad_rules")
        if self.going_out not in ("any", "discard", "play"):
            raise RulesError(f"going_out: {excerpt(self.going_out)} is not one of 'any', 'discard', 'play'",
                             "bad_rules")
        if self.swappable_wilds not in ("any", "jokers"):
            raise RulesError(f"swappable_wilds: {excerpt(self.swappable_wilds)} is not one of 'any', 'jokers'",
                             "bad_rules")
        if not self.natural_twos and not self.wild_twos:
            raise RulesError("natural_twos: only 2s that are wild can be always wild; set wild_twos too", "bad_rules")
        if not self.natural_twos and self.ace_low:
            raise RulesError("natural_twos: where 2s are always wild no run goes below the 3, so an ace cannot "
                             "stand low (A-2-3-4): set ace_low to False", "bad_rules")
        if self.discarded_twos_die and not (self.wild_twos and self.natural_twos):
            raise RulesError("discarded_twos_die: a dead 2 plays as a natural 2, so 2s must be wild (wild_twos) "
                             "and a 2 natural in its own place (natural_twos)", "bad_rules")
        if self.buy_offers not in ("at_once", "in_turn"):
            raise RulesError(f"buy_offers: {excerpt(self.buy_offers)} is not one of 'at_once', 'in_turn'", "bad_rules")
        if self.buy_window not in ("before_draw", "until_discard"):
            raise RulesError(f"buy_window: {excerpt(self.buy_window)} is not one of 'before_draw', 'until_discard'",
                             "bad_rules")
        if self.buy_window == "until_discard" and self.shanghai_call:
            raise RulesError("buy_window: the Shanghai call is made on the upcard before the draw; with buys on "
                             "until the discard, not played together (set shanghai_call to False)", "bad_rules")
        if self.stock_rebuild not in ("under_upcard", "whole_pile"):
            raise RulesError(f"stock_rebuild: {excerpt(self.stock_rebuild)} is not one of 'under_upcard', "
                             "'whole_pile'", "bad_rules")
        if self.opening_draw and self.max_players > 13:
            raise RulesError(f"opening_draw: the draw gives each seat its own rank, so at most 13 seats, "
                             f"not max_players {self.max_players}", "bad_rules")
        if self.swappable_wilds == "jokers" and not self.jokers_per_deck:
            raise RulesError("swappable_wilds: 'jokers' swaps only jokers, and jokers_per_deck puts none in play",
                             "bad_rules")
        for field in ("going_down_keeps_a_card", "contract_melds_exact"):
            for number, contract in enumerate(self.contracts, 1):
                if getattr(self, field) and contract.no_discard:
                    raise RulesError(f"{field}: round {number}'s contract takes the whole hand at once, "
                                     "which this rule forbids", "bad_rules")
        if self.distinct_contract_set_suits:
            self._check_set_suits()
            whole = next((n for n, c in enumerate(self.contracts, 1) if c.no_discard and c.sets), 0)
            if whole and self.wild_twos:
                raise RulesError(f"distinct_contract_set_suits: round {whole} lays down sets that take the whole "
                                 "hand, and where 2s are wild a 2 added to a set of 2s is one more natural of a "
                                 "suit it may already hold: not played together", "bad_rules")

    def _check_set_suits(self) -> None:
        """Where the sets of a contract hold naturals of different suits, a set holds at most four
        naturals, one of each suit: the rest of a contract set must be wilds the limits allow, at its
        length or (unless ``contract_melds_exact``) at some greater one."""
        for number, contract in enumerate(self.contracts, 1):
            length = contract.set_length
            if not contract.sets or length <= 4:
                continue
            longest = length if self.contract_melds_exact else max(length, self.wild_limits.steady_length)
            if (self.jokers_per_deck or self.wild_twos) and any(
                self.wild_limits.allows(n - 4, 4) for n in range(length, longest + 1)
            ):
                continue
            why = ("these rules put no wilds in play" if not (self.jokers_per_deck or self.wild_twos) else
                   f"the wild limits let no set of {length} or more cards be four naturals and the rest wilds")
            raise RulesError(f"distinct_contract_set_suits: round {number}'s sets of {length} cards hold at "
                             f"most four naturals, one of each suit, and {why}", "bad_rules")

    def hand_limit(self, round_number: int) -> int:
        """The most cards a hand can hold in ``round_number`` (1-based): the deal, the draw, each buy
        with its penalty cards, and, where the rules have the Shanghai call, a card for each call on
        one of the player's discards (at most one a turn, under the turn limit); where buys are
        unlimited, or calls are under no turn limit, every card in play."""
        most = self.card_count(self.max_players)
        buys = self.buy_limit(round_number)
        calls = 0 if not self.shanghai_call else self.turn_limit
        if buys is None or calls is None:
            return most
        return min(most, self.hand_size_for(round_number) + 1 + buys * (1 + self.buy_penalty_cards) + calls)

    def _check_makeable(self) -> None:
        """Every round's contract can be made by some hand of the round: it takes no more cards than a
        hand can hold (:meth:`hand_limit`), and the cards in play hold it at every table these rules
        allow, the one of fewest decks included (as the bounds of the contract search judge it, which
        reject only what no cards make)."""
        from .contract_search import ContractSearch  # (the search asks Rules: imported as it is needed)

        fewest = min(range(self.min_players, self.max_players + 1), key=self.decks_for)
        supply = tuple(self.card_supply(fewest))
        for number, contract in enumerate(self.contracts, 1):
            limit = self.hand_limit(number) - (1 if self.going_down_keeps_a_card else 0)
            if contract.min_cards > limit:
                raise RulesError(f"contracts[{number - 1}]: round {number}'s contract ({contract.describe()}) takes "
                                 f"{contract.min_cards} cards, but a hand holds at most {limit} in that round "
                                 "(the deal, the draw, buys with their penalty cards and Shanghai calls)", "bad_rules")
            search = ContractSearch(supply, self, attrs.evolve(contract, no_discard=False), remember=False)
            if search._hopeless():
                raise RulesError(f"contracts[{number - 1}]: no cards in play make round {number}'s contract "
                                 f"({contract.describe()}) under these rules: {len(supply)} cards, "
                                 f"{fewest} players", "bad_rules")

    def _check_decks(self) -> None:
        previous = _ascending_pairs("decks_by_players", self.decks_by_players, "an (up_to_players, decks)", 1,
                                    "give (up_to_players, decks) pairs, as a tuple")
        if previous < self.max_players:
            raise RulesError(f"decks_by_players: says nothing for {self.max_players} players", "bad_rules")
        # within one bracket of player counts the most players are the hardest to deal for
        hand = max(self.hand_sizes) if isinstance(self.hand_sizes, tuple) and self.hand_sizes else self.hand_size
        if self.jokers_per_deck > MAX_CARDS:
            raise RulesError(f"jokers_per_deck: at most {MAX_CARDS:,} cards are in play, "
                             f"not {self.jokers_per_deck:,} jokers in a deck", "bad_rules")
        for _, decks in self.decks_by_players:
            if decks * (52 + self.jokers_per_deck) > MAX_CARDS:
                raise RulesError(f"decks_by_players: at most {MAX_CARDS:,} cards are in play, not {decks:,} decks "
                                 f"of {52 + self.jokers_per_deck:,} cards", "bad_rules")
        previous = 0
        for up_to, decks in self.decks_by_players:
            players = min(up_to, self.max_players)
            if players >= max(self.min_players, previous + 1):
                total = decks * (52 + self.jokers_per_deck)
                if total < players * hand + 2:
                    raise RulesError(
                        f"hand_size: {players} players x {hand} cards + a flip card and a stock "
                        f"need more than the {total} cards of decks_by_players", "bad_rules"
                    )
            previous = up_to

    @property
    def lowest_run_place(self) -> int:
        """The lowest place a run may start at: 1 (a low ace) where ``ace_low``, 3 where 2s are always
        wild (``natural_twos`` off), else 2.  Places run from 1 (low ace) to 14 (high ace)."""
        if self.ace_low:
            return 1
        return 2 if self.natural_twos else 3

    @property
    def longest_run(self) -> int:
        """The most cards a run may hold: 13 (it never holds a low ace and a high ace both), or 12
        where 2s are always wild (3 to the ace)."""
        return min(13, 15 - self.lowest_run_place)

    @property
    def rounds(self) -> int:
        """The number of rounds."""
        return len(self.contracts)

    def allows_players(self, players: object) -> TypeGuard[int]:
        """True if a game of these rules may be played by ``players`` seats: a whole number from
        ``min_players`` to ``max_players``."""
        return type(players) is int and self.min_players <= players <= self.max_players

    def decks_for(self, players: int) -> int:
        """The number of 52-card decks used with ``players`` players.

        Raises :class:`RulesError` for a player count these rules do not allow.
        """
        if not self.allows_players(players):
            raise RulesError(
                f"players: {excerpt(players)} is not a player count of {self.name} "
                f"({self.min_players}-{self.max_players})", "bad_player_count"
            )
        for up_to, decks in self.decks_by_players:
            if players <= up_to:
                return decks
        raise RulesError(f"decks_by_players: says nothing for {players} players", "bad_rules")  # pragma: no cover

    def card_count(self, players: int) -> int:
        """How many cards are in play with ``players`` players."""
        return self.decks_for(players) * (52 + self.jokers_per_deck)

    def card_supply(self, players: int, *, rng: random.Random | None = None) -> list[Card]:
        """Every card in play with ``players`` players: :meth:`decks_for` decks with their jokers.

        Sorted by card code, or shuffled with ``rng`` when it is given (see :func:`~shanghai_rules.cards.full_deck`).
        """
        return full_deck(self.decks_for(players), self.jokers_per_deck, rng=rng)

    def contract(self, round_number: int) -> Contract:
        """The contract of ``round_number`` (1-based)."""
        if type(round_number) is not int or not 1 <= round_number <= len(self.contracts):
            raise RulesError(f"round_number: {excerpt(round_number)} is not a round of {self.name} "
                             f"(1-{len(self.contracts)})", "no_such_round")
        return self.contracts[round_number - 1]

    def buy_limit(self, round_number: int) -> int | None:
        """The buys each player has in ``round_number`` (1-based); ``None`` for unlimited."""
        self.contract(round_number)  # refuses a round these rules do not have
        return self.buy_limits[round_number - 1]

    def hand_size_for(self, round_number: int) -> int:
        """The cards dealt to each player in ``round_number`` (1-based)."""
        self.contract(round_number)
        if self.hand_sizes is None:
            return self.hand_size
        return self.hand_sizes[round_number - 1]

    def wild_limit(self, length: int) -> int | None:
        """The most wilds a meld of ``length`` cards may hold by ``max_wilds_per_meld`` and
        ``max_wilds_by_length`` (``None``: no limit by count; ``wilds_at_most_naturals`` is apart).
        See :class:`~shanghai_rules.wild_limits.WildLimits`, where every wild limit is stated."""
        return self.wild_limits.most(length)


PAGAT7: Final = Rules(
    name="pagat7",
    min_players=3,
    max_players=5,
    decks_by_players=((5, 2),),
    hand_size=11,
    contracts=_SEVEN[:6] + (Contract(runs=3, no_discard=True),),
    max_wilds_per_meld=1,
    distinct_contract_set_ranks=True,
    contract_run_gap=1,
    buy_limits=(2,) * 7,
    buy_penalty_cards=2,
    shanghai_call=True,
    swap_from_runs=True,
    swap_eligibility="down_earlier_turn",
    swapped_wild_must_be_played=True,
    going_out="any",
)
"""Seven-round Shanghai after Pagat (seeds 000, 001)."""

TEN_ROUND: Final = Rules(
    name="ten-round",
    min_players=3,
    max_players=8,
    decks_by_players=((4, 2), (6, 3), (8, 4)),
    hand_size=10,
    contracts=(
        Contract(sets=2),
        Contract(sets=1, runs=1),
        Contract(runs=2),
        Contract(sets=1, runs=1, run_length=5),
        Contract(sets=3),
        Contract(sets=1, runs=1, run_length=7),
        Contract(runs=3),
        Contract(sets=1, runs=1, run_length=10),
        Contract(sets=3, runs=1, run_length=5),
        Contract(runs=3, run_length=5),
    ),
    ace_low=True,
    wilds_at_most_naturals=True,
    buy_limits=(3,) * 9 + (4,),
    buy_penalty_cards=1,
    buy_after_down=False,
    swap_from_runs=True,
    swap_from_sets=True,
    swap_eligibility="anyone",
    swap_forces_going_down=True,
    going_out="discard",
)
"""Ten-round Shanghai (seeds 003, 004)."""

ISRA: Final = Rules(
    name="isra",
    min_players=3,
    max_players=8,
    decks_by_players=((8, 3),),
    hand_size=11,
    contracts=_SEVEN,
    wild_twos=True,
    ace_low=True,
    run_wilds_apart=True,
    buy_limits=(2,) * 7,
    buy_penalty_cards=2,
    swap_from_runs=True,
    swap_eligibility="down",
    swapped_wild_must_be_played=True,
    going_out="play",
    cut_penalty=50,
    card_values=CARD_VALUES_ISRA,
)
"""International Shanghai Rummy Association rules: aces low or high, 2s wild (seed 002)."""

LIVERPOOL: Final = Rules(
    name="liverpool",
    min_players=3,
    max_players=8,
    decks_by_players=((4, 2), (8, 3)),
    hand_size=10,
    hand_sizes=(10, 10, 10, 10, 12, 12, 12),
    contracts=_SEVEN,
    ace_low=True,
    buy_limits=(3,) * 7,
    buy_penalty_cards=1,
    swap_from_runs=True,
    swap_eligibility="down",
    going_out="any",
)
"""Liverpool rummy as commonly published: seven deals with the contracts of ``pagat7``,
10 cards in deals 1-4 and 12 in deals 5-7, two decks for up to 4 players and three
for more, aces high or low, jokers wild; 2s wild only by agreement
(``attrs.evolve(LIVERPOOL, wild_twos=True)``)."""

MAY_I: Final = Rules(
    name="may-i",
    min_players=3,
    max_players=8,
    decks_by_players=((4, 2), (8, 3)),
    hand_size=11,
    contracts=(*_SEVEN[:5], Contract(sets=1, runs=2, no_discard=True)),
    wild_twos=True,
    ace_low=True,
    wilds_at_most_naturals=True,
    wild_limits_on_lay_off=False,
    contract_run_gap=2,
    lay_off_on_going_down_turn=False,
    buy_limits=(None,) * 6,
    buy_penalty_cards=1,
    buy_after_down=False,
    swap_from_runs=True,
    swap_eligibility="not_down",
    going_out="any",
)
"""May I, a common house version: six hands, 2s and jokers wild, no more wilds than
naturals when a contract is laid down (but any number after lay-offs), same-suit
contract runs two ranks apart, no laying off on the turn you go down, wilds swapped
out of runs only by players not yet down, unlimited buys with one penalty card for
players not yet down, and a last hand that goes out with every card and no discard."""

TEN_ROUND_RULEBOOK: Final = attrs.evolve(
    TEN_ROUND,
    name="ten-round-rulebook",
    hand_size=11,
    wilds_at_most_naturals=False,
    max_wilds_by_length=((3, 1), (5, 2), (7, 3), (10, 4)),
    card_values=CARD_VALUES_ISRA,
    blind_bonus=25,
    blind_bonus_without_wilds=50,
)
"""Ten-round Shanghai, rule-book version: 11 cards every deal, the ten-round contracts,
wilds limited by meld size (one in a set of 3 or a run of 4, two in a run of 5, three
in a run of 7, four in a run of 10), number cards 5 points, and a bonus of 25 (50 with
no wild played) taken off the total of a player who goes down and out in one turn."""

CARD_VALUES_PIPS: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 15, 15)

CONTRACT_RUMMY: Final = attrs.evolve(
    PAGAT7,
    name="contract-rummy",
    shanghai_call=False,
    card_values=CARD_VALUES_PIPS,
    wild_two_value=15,
)
"""``pagat7``'s play without the Shanghai call, with Contract Rummy scoring as often
published: number cards at face value, face cards 10, aces and every wild 15."""

PRESETS: Final[dict[str, Rules]] = {
    "pagat7": PAGAT7,
    "ten-round": TEN_ROUND,
    "isra": ISRA,
    "liverpool": LIVERPOOL,
    "may-i": MAY_I,
    "ten-round-rulebook": TEN_ROUND_RULEBOOK,
    "contract-rummy": CONTRACT_RUMMY,
}
"""The presets by name: the three of the rules pages and four house variants of the family."""

_ALIASES: Final = {"pagat": "pagat7", "seven-round": "pagat7", "ten_round": "ten-round",
                   "tenround": "ten-round", "10-round": "ten-round", "may_i": "may-i", "mayi": "may-i",
                   "contract": "contract-rummy"}


def get_rules(name: str) -> Rules:
    """The preset called ``name`` (any case): ``"pagat7"``, ``"ten-round"``, ``"isra"``,
    ``"liverpool"``, ``"may-i"``, ``"ten-round-rulebook"`` or ``"contract-rummy"``.

    Raises :class:`RulesError` listing the known names.
    """
    if not isinstance(name, str):
        raise RulesError(f"get_rules: {excerpt(name)} is not a variant name", "bad_argument")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        raise RulesError(f"get_rules: no variant called {excerpt(name)}; known: {', '.join(PRESETS)}",
                         "no_such_variant") from None
