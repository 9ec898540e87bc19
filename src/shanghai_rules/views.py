"""Per-player views: :func:`observe` and the :class:`PlayerView` value.

A server holds the real :class:`~shanghai_rules.state.GameState` and sends each
client only ``observe(state, seat)``: everything that seat may know, and
nothing more.

What a view holds, field by field:

===========================  ==============================================================
public to every seat          rules, round number, dealer, phase, whose turn it is, every
                              seat's hand *size*, the table (owners and arranged melds),
                              the whole discard pile, the stock's *size*, buys left, who is
                              down, pending and withdrawn buy requests (a buy is asked
                              aloud), scores and round results, whether the upcard is live,
                              who discarded it, whether Shanghai may be called on it, the
                              turn's obligations (``went_down_this_turn``, ``owed_wilds``,
                              ``must_go_down``: the table saw the swap and the lay-down),
                              turns taken this round, and this round's cut
the seat's own                its hand, and its legal actions now
never                         another seat's cards, the stock's order, the seed (the state
                              of the random source), or anything they could be rebuilt from
===========================  ==============================================================

The guarantee, tested: two states that differ only in what a seat cannot see
(the other seats' hands re-dealt among themselves with the same sizes, the
stock shuffled, a different seed) give that seat equal views.

Views are frozen values: they compare equal field by field, and they round-trip
through :func:`~shanghai_rules.serialization.to_json` (document kind
``shanghai-rules/view``).
"""

from __future__ import annotations

import attrs

from .actions import Action
from .cards import Card
from .engine import legal_actions
from .errors import IllegalAction, excerpt
from .rules import Rules
from .state import GameState, Phase, RoundFacts, RoundResult, TableMeld, cutter_seat

__all__ = ["PlayerView", "observe"]


@attrs.frozen(kw_only=True)
class PlayerView(RoundFacts):
    """What one seat may know of a game: a frozen value made by :func:`observe`.

    The fields mirror :class:`~shanghai_rules.state.GameState`, with the seat's
    own ``hand`` in place of ``hands``, ``hand_sizes`` for everyone, and
    ``stock_size`` in place of the stock.  There is no seed.
    """

    rules: Rules
    """The rules of the game."""
    player: int
    """The seat this view belongs to."""
    round_number: int
    """The current round (1-based)."""
    dealer: int
    """The dealer of the current round."""
    phase: Phase
    """What the game waits for."""
    turn: int
    """The seat on turn."""
    hand: tuple[Card, ...]
    """This seat's own hand, sorted."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (this seat included)."""
    table: tuple[TableMeld, ...]
    """The melds on the table, in the order laid, with their owners."""
    discard: tuple[Card, ...]
    """The discard pile, bottom to top: the last card is the upcard."""
    stock_size: int
    """How many cards the stock holds (never their order)."""
    upcard_live: bool
    """The top discard can still be taken or bought."""
    discarder: int | None
    """Who discarded the top card (``None`` for the flip card)."""
    shanghai_open: bool
    """Shanghai may be called on the top discard (rules: the Shanghai call)."""
    buys_left: tuple[int | None, ...]
    """Buys each seat has left this round."""
    buy_requests: tuple[int, ...]
    """Seats asking to buy the upcard now, in the order they asked (a buy is asked aloud)."""
    buy_withdrawn: tuple[int, ...]
    """Seats that withdrew their request for this upcard."""
    down: tuple[bool, ...]
    """Which seats have gone down this round."""
    scores: tuple[int, ...]
    """Running totals."""
    round_results: tuple[RoundResult, ...]
    """One result per finished round."""
    went_down_this_turn: bool
    """The seat on turn went down on this turn."""
    owed_wilds: tuple[Card, ...]
    """Wilds freed by a swap this turn that the seat on turn must still play to the table."""
    must_go_down: bool
    """The seat on turn swapped a wild while not down and must go down this turn."""
    played_wild_this_turn: bool
    """The seat on turn has played a card acting as a wild to the table this turn."""
    turns_taken: int
    """Turns completed in this round."""
    cut: tuple[int, bool] | None
    """This round's cut, ``(cutter, exact)``, once made."""
    legal_actions: tuple[Action, ...]
    """Every action this seat may take now (``legal_actions(state, player)``)."""
    stock_rebuilt: int = 0
    """Times the stock has been rebuilt this round."""
    fresh_decks: int = 0
    """Decks added to this round's cards where the stock was rebuilt from an empty pile."""
    table_at_rebuild: int = 0
    """Cards on the table when the stock was last rebuilt, or dealt."""
    move_number: int = 0
    """The actions applied in this game so far (``GameState.move_number``): an answer chosen on this view
    names it, so that it is refused once the game has moved on."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hand_sizes)

    @property
    def cutter(self) -> int:
        """The seat that cuts this round: the dealer's right (:func:`~shanghai_rules.state.cutter_seat`)."""
        return cutter_seat(self.dealer, len(self.hand_sizes))

    @property
    def my_turn(self) -> bool:
        """True when this seat is on turn (in the draw or play phase)."""
        return self.phase in ("draw", "play") and self.turn == self.player

    def __str__(self) -> str:
        """The view as a table of text, the seat's hand included (:func:`shanghai_rules.text.state_table`)."""
        from .text import state_table  # (imported when first needed: printing is rare in a game loop)

        return state_table(self)



def observe(state: GameState, player: int) -> PlayerView:
    """What seat ``player`` may know of ``state``, and nothing more.

    >>> import shanghai_rules as sr
    >>> from shanghai_rules.views import observe
    >>> state = sr.new_game(sr.PAGAT7, players=4, seed=7)
    >>> view = observe(state, 1)
    >>> len(view.hand), view.hand_sizes, view.stock_size
    (11, (11, 11, 11, 11), 63)

    Raises :class:`~shanghai_rules.errors.IllegalAction` (a :class:`ValueError`) if
    ``state`` is not a game state or ``player`` is not one of its seats.
    """
    if not isinstance(state, GameState):
        raise IllegalAction(f"observe: {excerpt(state)} is not a GameState", code="bad_argument")
    players = len(state.hands)
    if type(player) is not int or not 0 <= player < players:
        raise IllegalAction(f"observe: {excerpt(player)} is not a seat (0-{players - 1})", code="no_such_seat")
    return PlayerView(
        rules=state.rules,
        player=player,
        round_number=state.round_number,
        dealer=state.dealer,
        phase=state.phase,
        turn=state.turn,
        hand=state.hands[player],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        table=state.table,
        discard=state.discard,
        stock_size=len(state.stock),
        upcard_live=state.upcard_live,
        discarder=state.discarder,
        shanghai_open=state.shanghai_open,
        buys_left=state.buys_left,
        buy_requests=state.buy_requests,
        buy_withdrawn=state.buy_withdrawn,
        down=state.down,
        scores=state.scores,
        round_results=state.round_results,
        went_down_this_turn=state.went_down_this_turn,
        owed_wilds=state.owed_wilds,
        must_go_down=state.must_go_down,
        played_wild_this_turn=state.played_wild_this_turn,
        turns_taken=state.turns_taken,
        cut=state.cut,
        legal_actions=tuple(legal_actions(state, player)),
        stock_rebuilt=state.stock_rebuilt,
        fresh_decks=state.fresh_decks,
        table_at_rebuild=state.table_at_rebuild,
        move_number=state.move_number,
    )
