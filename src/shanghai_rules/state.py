"""Game state values: :class:`GameState`, :class:`TableMeld`, :class:`RoundResult`.

Values only: the rules that change them live in :mod:`shanghai_rules.engine`.
Every field is immutable; :func:`~shanghai_rules.engine.apply` builds a new
state from the parts that change and shares the rest.
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

from ._describable import Describable
from .cards import Card
from .melds import Meld, MeldKind
from .rules import Contract, Rules

__all__ = ["MAX_NUMBER_BITS", "MAX_SCORE_BITS",
           "EndedBy", "GameState", "Phase", "RoundFacts", "RoundResult", "TableMeld", "cutter_seat",
           "dealer_after"]

#: The longest whole number a position holds, in bits (a seed may have as many; scores, counts and
#: seats are far shorter).  Longer numbers are refused where a round is set up or a document read,
#: so that every position can be written to JSON (in decimal digits, which Python converts up to a
#: limit) and described.
MAX_NUMBER_BITS: Final = 4_096

#: The longest score a game is set up with, in bits (``setup_round``'s ``scores``; a document's
#: scores, less the points of the rounds it has played): short enough that the points of all the
#: rounds of a game (each under 2**41 a seat: MAX_CARDS cards of MAX_NUMBER points and a cut
#: penalty; at most MAX_ROUNDS rounds) keep every score within :data:`MAX_NUMBER_BITS`.
MAX_SCORE_BITS: Final = MAX_NUMBER_BITS - 64


def dealer_after(dealer: int, rounds: int, players: int) -> int:
    """The seat that deals ``rounds`` rounds after a round ``dealer`` deals (before it, where ``rounds`` is
    negative): the deal passes left, one seat a round (rules: the deal)."""
    return (dealer + rounds) % players


def cutter_seat(dealer: int, players: int) -> int:
    """The seat that cuts before the deal (rules: the deal): the dealer's right."""
    return (dealer - 1) % players


Phase = Literal["cut", "draw", "play", "round_over", "game_over"]
"""Where the game stands: waiting for the cut, for the player on turn to draw,
for them to play and discard, for the next round to be dealt, or over."""

EndedBy = Literal["out", "stock", "turn_limit", "deadlock"]
"""How a round ended: a player went out, the stock ran dry (and could not be rebuilt), the turn limit
was reached, or the stock ran out with no card laid since it was last rebuilt
(``Rules.deadlock_ends_round``)."""


@attrs.frozen(cache_hash=True)
class TableMeld:
    """A meld on the table and the seat that laid it down."""

    owner: int
    """The seat that laid the meld down."""
    meld: Meld
    """The arranged meld, as it is now (lay-offs and swaps change it)."""

    @property
    def kind(self) -> MeldKind:
        """``"set"`` or ``"run"``."""
        return self.meld.kind

    @property
    def cards(self) -> tuple[Card, ...]:
        """The meld's cards in arranged order."""
        return self.meld.cards


@attrs.frozen
class RoundResult:
    """How one round ended and what each seat scored in it."""

    round_number: int
    """The round (1-based)."""
    went_out: int | None
    """The seat that went out (the round's winner), or ``None``."""
    ended_by: EndedBy
    """Why the round ended."""
    slam: bool
    """The player who went out went down on the same turn while nobody else was down (002)."""
    hand_points: tuple[int, ...]
    """Penalty points of the cards each seat still held."""
    cut_by: int | None
    """The seat that cut before the deal, where the rules have a cut."""
    cut_exact: bool
    """The cutter got the cut exactly, so every other seat took the cut penalty."""
    points: tuple[int, ...]
    """What each seat added to its total this round: hand points, plus any cut
    penalty, less any going-out bonus."""
    bonus: int = 0
    """Points taken off the total of the seat that went out blind (``Rules.blind_bonus``)."""


class RoundFacts(Describable):
    """What a full state and a player's view both derive from the fields they share."""

    __slots__ = ()
    rules: Rules
    round_number: int
    phase: Phase
    upcard_live: bool
    discard: tuple[Card, ...]
    scores: tuple[int, ...]
    round_results: tuple[RoundResult, ...]

    @property
    def contract(self) -> Contract:
        """The current round's contract."""
        return self.rules.contracts[self.round_number - 1]

    @property
    def upcard(self) -> Card | None:
        """The card that can be taken or bought now, if any."""
        if self.upcard_live and self.discard and self.phase in ("draw", "play"):
            return self.discard[-1]
        return None

    @property
    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        """One row per finished round: what each seat added to its total."""
        return tuple(r.points for r in self.round_results)

    @property
    def is_over(self) -> bool:
        """True once the last round has ended."""
        return self.phase == "game_over"

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the game is over (a tie shares the win); empty before."""
        if self.phase != "game_over":
            return ()
        best = min(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)


@attrs.frozen
class GameState(RoundFacts):
    """The whole position of a game: a frozen value.

    Build one with :func:`~shanghai_rules.engine.new_game` or
    :func:`~shanghai_rules.engine.setup_round`, and move on with
    :func:`~shanghai_rules.engine.apply`.  Hands are kept sorted.
    The engine takes the states it makes (and those ``from_json`` reads) to be
    consistent, melds on the table legal, and does not judge that again on
    every move; a state built or changed by hand is outside what it answers for.
    """

    rules: Rules
    """The rules of this game."""
    round_number: int
    """The current round (1-based)."""
    dealer: int
    """The dealer of the current round."""
    phase: Phase
    """What the game waits for."""
    turn: int
    """The seat on turn."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted."""
    table: tuple[TableMeld, ...]
    """The melds on the table, in the order laid; a meld keeps its index all round."""
    stock: tuple[Card, ...]
    """The stock, top card first."""
    discard: tuple[Card, ...]
    """The discard pile, bottom to top: the last card is the upcard."""
    upcard_live: bool
    """The top discard can still be taken or bought (not after a Shanghai declaration or call)."""
    discarder: int | None
    """Who discarded the top card (``None`` for the flip card)."""
    buys_left: tuple[int | None, ...]
    """Buys each seat has left this round (``None`` where the rules allow unlimited buys)."""
    buy_requests: tuple[int, ...]
    """Seats asking to buy the upcard now, in the order they asked."""
    buy_withdrawn: tuple[int, ...]
    """Seats that withdrew a request for this upcard (they may not ask again for it)."""
    down: tuple[bool, ...]
    """Which seats have gone down this round."""
    scores: tuple[int, ...]
    """Running totals."""
    round_results: tuple[RoundResult, ...]
    """One result per finished round."""
    went_down_this_turn: bool = False
    """The player on turn went down on this turn."""
    played_wild_this_turn: bool = False
    """The player on turn has played a card acting as a wild to the table this turn
    (for the blind bonus of ``Rules.blind_bonus_without_wilds``)."""
    owed_wilds: tuple[Card, ...] = ()
    """Wilds freed by a swap this turn that must still be played to the table."""
    must_go_down: bool = False
    """The player on turn swapped a wild while not down and must go down this turn."""
    shanghai_open: bool = False
    """The top discard was not declared and fits a meld: Shanghai may be called on it."""
    turns_taken: int = 0
    """Turns completed in this round."""
    cut: tuple[int, bool] | None = None
    """This round's cut: (cutter, exact), once made."""
    seed: int = 0
    """The state of the random source (hidden from players' views)."""
    stock_rebuilt: int = 0
    """Times the stock has been rebuilt this round (``Rules.stock_rebuilds`` limits them)."""
    fresh_decks: int = 0
    """Decks added to this round's cards where the stock was rebuilt from an empty pile
    (``Rules.fresh_deck_when_empty``)."""
    table_at_rebuild: int = 0
    """Cards on the table when the stock was last rebuilt, or dealt (``Rules.deadlock_ends_round``)."""
    move_number: int = 0
    """The actions applied in this game so far: every :func:`~shanghai_rules.engine.apply` adds one.
    A program that hands out positions can tell a stale answer by it (:class:`~shanghai_rules.table.Table`)."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def stock_size(self) -> int:
        """The number of cards in the stock (what a seat's view shows of it)."""
        return len(self.stock)

    def __str__(self) -> str:
        """The position as a table of text (:func:`shanghai_rules.text.state_table`); ``repr`` is unchanged."""
        from .text import state_table  # (imported when first needed: printing is rare in a game loop)

        return state_table(self)


    @property
    def cutter(self) -> int:
        """The seat that cuts this round: the dealer's right (:func:`cutter_seat`)."""
        return cutter_seat(self.dealer, len(self.hands))
