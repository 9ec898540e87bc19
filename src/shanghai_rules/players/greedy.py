""":class:`GreedyPlayer`: a fast rule-of-thumb player for self-play and as an opponent."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from ..actions import Buy, CallShanghai, Cut, Discard, DrawStock, LayDown, LayOff, SwapWild, TakeDiscard
from ..cards import Card
from ..contracts import card_value, contract_layouts
from ..engine.swapping import freed_index, only_jokers_swapped
from ..melds import Meld, is_wild, lay_off_options
from ..rules import Contract
from ..views import PlayerView
from ._judge import completes_contract, fits_table, helpfulness, pick_discard
from .base import Choice, Pass, Player, require_choices, seeded_source

__all__ = ["GreedyPlayer"]


class GreedyPlayer(Player):
    """Plays by simple rules of thumb, one decision at a time, without looking ahead.

    * **Draw**: calls Shanghai whenever it can; takes the upcard when it is a
      wild or joins cards held (a pair or better, or a near neighbour in suit),
      or, once down, when it fits a meld on the table; otherwise draws from
      the stock.
    * **Buying**: while buys last and it is not down, buys an upcard that
      completes the contract or extends a meld in the making (a third card of a
      rank, or a card next to two of its suit), or any wild; with a hand too
      small to hold the contract and a discard, any card that helps at all;
      never in a whole-hand round (round 7 of ``pagat7``), where extra cards
      must fit too.
    * **Play**: goes down as soon as it can, with the layout that uses the
      most cards among the listed ``LayDown`` and the first eight layouts of
      :func:`~shanghai_rules.contracts.contract_layouts` that leave a card to
      discard; swaps a wild out of a meld when the wild is then of
      use (the rules make it be played, or it can go down or be laid off);
      lays off every card it can, naturals before wilds.
    * **Discard**: throws the card that helps its melds least and, among those,
      costs the most; declares Shanghai on it when it fits a meld on the table.

    ``seed`` only drives the cut, where the rules have one.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = seeded_source(seed, "GreedyPlayer")
        self.seed = seed

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed})"

    def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        """The rule-of-thumb choice among ``actions`` (none: :class:`~shanghai_rules.errors.RulesError`)."""
        require_choices(view, actions, "GreedyPlayer")
        first = actions[0]
        if isinstance(first, Cut):
            return actions[self._rng.randrange(len(actions))]
        if view.phase == "draw":
            return self._draw(view, actions)
        return self._play(view, actions)

    # the draw phase -------------------------------------------------------

    def _draw(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        calls = [a for a in actions if isinstance(a, CallShanghai)]
        if calls:
            return calls[0]
        buy = next((a for a in actions if isinstance(a, Buy)), None)
        if buy is not None and self._worth_buying(view):
            return buy
        take = next((a for a in actions if isinstance(a, TakeDiscard)), None)
        if take is not None and self._worth_taking(view):
            return take
        for choice in actions:
            if isinstance(choice, (DrawStock, Pass)):
                return choice
        return actions[0]

    def _worth_taking(self, view: PlayerView) -> bool:
        card = view.upcard
        if card is None:
            return False
        rules = view.rules
        contract = view.contract
        if view.down[view.player]:
            return not contract.no_discard and fits_table(card, view.table, rules)
        return is_wild(card, rules) or helpfulness(card, view.hand, rules, contract) >= 2.0

    def _worth_buying(self, view: PlayerView) -> bool:
        card = view.upcard
        contract = view.contract
        if card is None or view.down[view.player] or contract.no_discard:
            return False  # in a whole-hand round every extra card must fit a run too
        rules = view.rules
        if is_wild(card, rules) or _extends(card, view.hand, contract):
            return True
        helps = helpfulness(card, view.hand, rules, contract)
        # a hand too small for the contract (and a discard) needs cards: any that helps at all
        if len(view.hand) < contract.min_cards and helps >= 1.0:
            return True
        # a near card that completes the contract (the search runs only for such cards)
        return helps >= 2.0 and completes_contract(view.hand, card, rules, view.round_number)

    # the play phase -------------------------------------------------------

    def _play(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        downs = [a for a in actions if isinstance(a, LayDown)]
        if downs:
            return max(downs + _more_layouts(view), key=_cards_laid)
        swap = self._useful_swap(view, [a for a in actions if isinstance(a, SwapWild)])
        if swap is not None:
            return swap
        rules = view.rules
        offs = [a for a in actions if isinstance(a, LayOff)]
        if offs:
            return max(offs, key=lambda a: (not is_wild(a.card, rules), card_value(a.card, rules)))
        discards = [a for a in actions if isinstance(a, Discard)]
        if not discards:
            return actions[0]
        card = pick_discard([a.card for a in discards if not a.shanghai] or [a.card for a in discards],
                            view.hand, rules, view.contract, view.table, view.down[view.player])
        declared = Discard(view.player, card, shanghai=True)
        return declared if declared in discards else Discard(view.player, card)

    def _useful_swap(self, view: PlayerView, swaps: list[SwapWild]) -> SwapWild | None:
        if not swaps:
            return None
        rules = view.rules
        if rules.swapped_wild_must_be_played:
            return swaps[0]  # the engine only allows it if the wild can be played this turn
        if not view.down[view.player]:
            return swaps[0]  # legal only if going down this turn is then possible
        for swap in swaps:
            freed = _freed_wild(view, swap)
            if freed is None:
                continue
            if any(lay_off_options(tm.meld, freed, rules) for i, tm in enumerate(view.table) if i != swap.meld):
                return swap
        return None


#: How many layouts of the contract :class:`GreedyPlayer` weighs when it goes down.
MORE_LAYOUTS = 8


def _more_layouts(view: PlayerView) -> list[LayDown]:
    """More ways to go down than the one ``legal_actions`` lists: up to eight more layouts of the
    contract, each leaving at least two cards (so a discard can end the turn, and no rule of the
    hand can refuse it); none while a freed wild is owed to the table, or where the whole hand goes down."""
    if view.owed_wilds or view.contract.no_discard:
        return []
    hand = view.hand
    return [LayDown(view.player, layout)
            for layout in islice(contract_layouts(hand, view.rules, view.round_number), MORE_LAYOUTS)
            if len(hand) - sum(len(m.cards) for m in layout) >= 2]


def _cards_laid(action: LayDown) -> int:
    return sum(len(group.cards) if isinstance(group, Meld) else len(group) for group in action.melds)


def _freed_wild(view: PlayerView, swap: SwapWild) -> Card | None:
    """The wild ``swap`` takes from the table, by the engine's own rule
    (:func:`~shanghai_rules.engine.swapping.freed_index`)."""
    meld = view.table[swap.meld].meld
    index = freed_index(meld, swap.card, only_jokers_swapped(view.rules))
    return meld.cards[index] if index >= 0 else None


def _extends(card: Card, hand: Sequence[Card], contract: Contract) -> bool:
    """A third card of a rank held twice (for sets), or a card beside two held of its suit (for runs)."""
    if contract.sets and sum(1 for c in hand if c.rank == card.rank) >= 2:
        return True
    if contract.runs and card.suit is not None:
        near = {c.rank for c in hand if c.suit is card.suit and 0 < abs(c.rank - card.rank) <= 2}
        if len(near) >= 2:
            return True
    return False

