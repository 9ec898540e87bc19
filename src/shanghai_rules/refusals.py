"""The codes of the library's refusals: one stable, documented name for each rule a refusal cites.

Every :class:`~shanghai_rules.errors.IllegalAction` (and
:class:`~shanghai_rules.errors.MalformedAction`), every verdict of
:func:`~shanghai_rules.melds.check_meld` and :func:`~shanghai_rules.contracts.check_contract`
that refuses, every :class:`~shanghai_rules.serialization.SerializationError`,
:class:`~shanghai_rules.errors.RulesError`, :class:`~shanghai_rules.cards.CardError` and
:class:`~shanghai_rules.melds.MeldError` carries a ``code``: one of :data:`Code`, listed
with its meaning in :data:`CODES` (and on the docs page "Refusals and their codes").
A code names the rule broken, not the place that refused: the same rule refused in
several places gives the same code.  Programs branch on codes (and translate them);
the English ``reason`` beside each is for people, and may be reworded between releases.

Messages that cite a rule of the game end with ``(rules: <section>)``, the section of the
rules pages of the docs where that rule is written (see :data:`RULES_SECTIONS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

__all__ = ["CODES", "RULES_SECTIONS", "Code", "Reason", "Refusal", "no_such_meld"]

Code = Literal[
    # arguments and documents
    "unspecified", "bad_argument", "bad_field", "too_many_cards",
    # cards
    "not_a_card", "bad_card_notation",
    # rules
    "bad_rules", "no_such_round", "no_such_variant", "bad_player_count",
    # whose turn, which phase
    "game_over", "wrong_phase", "not_your_turn", "no_such_seat",
    # a table's answers
    "stale_action", "not_awaited", "wrong_seat", "may_not_pass",
    # the draw
    "no_upcard", "dead_upcard", "down_draws_stock",
    # buying
    "buy_closed", "buy_on_turn", "buy_own_discard", "no_buys_left", "buy_when_down", "buy_stock_low",
    "buy_already_asked", "buy_withdrawn", "not_offered", "offers_at_once", "no_buy_request",
    # the Shanghai call
    "no_shanghai", "shanghai_closed", "call_own_discard", "call_single_card", "declare_no_fit",
    # plays on the table
    "not_held", "no_such_meld", "does_not_fit", "say_which_end", "end_for_set",
    # laying off, swapping, going down
    "not_down", "no_lay_off_round", "lay_off_going_down_turn", "swap_eligibility", "swap_meld_kind",
    "swap_no_wild", "already_down",
    # ending a turn, going out
    "whole_hand_round", "keep_a_card", "out_by_discard", "out_by_play", "owed_wild", "must_go_down", "no_trap",
    # the cut
    "bad_cut",
    # melds
    "bad_meld_value", "not_a_meld", "wrong_kind", "too_short", "too_long", "mixed_ranks", "mixed_suits",
    "not_in_sequence", "repeated_card", "ace_ends_run", "ace_high_only", "twos_always_wild", "dead_two", "no_natural",
    "wild_limit", "wilds_apart",
    # contracts
    "contract_meld_count", "contract_kinds", "contract_exact_length", "contract_set_ranks",
    "contract_set_suits", "contract_runs_overlap", "contract_runs_touch",
    # documents
    "bad_json", "wrong_format", "missing_field", "unknown_field", "duplicate_field", "unreachable_position",
    "cannot_write",
]
"""A refusal's code: a snake_case name of the rule broken.  :data:`CODES` gives the meaning of each."""

CODES: Final[Mapping[Code, str]] = MappingProxyType({
    "unspecified": "an error built without a code, by a program using the library",
    "bad_argument": "an argument of the wrong type or value given to a function of the library",
    "bad_field": "a field of an action or of a document of the wrong type or value",
    "too_many_cards": "more cards than any game holds",
    "not_a_card": "a value that is not a card, or not a group of cards",
    "bad_card_notation": "text that is not card notation",
    "bad_rules": "rules or a contract with a field the game cannot be played with",
    "no_such_round": "a round number that is not a round of these rules",
    "no_such_variant": "a name that is not the name of a preset",
    "bad_player_count": "a number of players (or of seats' players) these rules are not played by",
    "game_over": "the game is over: no action is legal",
    "wrong_phase": "the action belongs to another phase of the turn or round",
    "not_your_turn": "only the seat on turn (or the seat whose move it is) may do this now",
    "no_such_seat": "a seat number the game does not have",
    "stale_action": "an answer chosen at an older move: the game has moved on since",
    "not_awaited": "the table does not wait for this answer from this seat now",
    "wrong_seat": "a seat sent an action for another seat",
    "may_not_pass": "a pass where no offer is open to the seat",
    "no_upcard": "there is no upcard to take or buy",
    "dead_upcard": "the upcard is dead after a Shanghai declaration or call",
    "down_draws_stock": "under these rules a player who is down draws from the stock, not the upcard",
    "buy_closed": "the upcard may be bought only while the buy window is open",
    "buy_on_turn": "the player on turn takes the upcard free, or draws instead: they do not buy",
    "buy_own_discard": "a player may not buy back their own discard under these rules",
    "no_buys_left": "the seat has no buys left this round",
    "buy_when_down": "a player who is down may not buy under these rules",
    "buy_stock_low": "under these rules no buy is made while the stock cannot pay the penalty cards",
    "buy_already_asked": "the seat has already asked to buy this card",
    "buy_withdrawn": "the seat let this card go (withdrew or declined) and may not ask for it again",
    "not_offered": "an answer not offered to the seat now (where buy offers go one seat at a time, or at a table)",
    "offers_at_once": "the upcard is offered to every seat at once: there is no offer to decline",
    "no_buy_request": "the seat has no buy request to withdraw",
    "no_shanghai": "these rules have no Shanghai declaration or call",
    "shanghai_closed": "only an undeclared discard that fits a meld may be called, before the next draw",
    "call_own_discard": "the discarder cannot call Shanghai on their own discard",
    "call_single_card": "a player holding a single card cannot call Shanghai",
    "declare_no_fit": "Shanghai is declared only on a discard that fits a meld on the table",
    "not_held": "the card (or a card of the melds) is not in the player's hand",
    "no_such_meld": "a meld number that is not a meld on the table (the error's ``meld`` names it)",
    "does_not_fit": "the card does not join that meld, or not at that end",
    "say_which_end": "the card fits either end of the run: the action must name the end",
    "end_for_set": "an end is named only for a run",
    "not_down": "only a player who is down lays off",
    "no_lay_off_round": "no one lays off in a round where going down takes the whole hand",
    "lay_off_going_down_turn": "under these rules no one lays off on the turn they go down",
    "swap_eligibility": "this player may not swap a wild under these rules (who may swap)",
    "swap_meld_kind": "the wilds of this kind of meld are not swapped under these rules",
    "swap_no_wild": "no wild in the meld stands for the card given (or, under these rules, no joker)",
    "already_down": "the contract is laid down once: this player is already down",
    "whole_hand_round": "in this round going down takes the whole hand, with no discard",
    "keep_a_card": "under these rules going down leaves at least one card in hand",
    "out_by_discard": "under these rules a player goes out only by discarding the last card",
    "out_by_play": "under these rules a player goes out only by playing every card to the table",
    "owed_wild": "the wild freed by a swap must be played to the table this turn",
    "must_go_down": "a player who swaps a wild before going down must go down this turn",
    "no_trap": "the play would leave a hand that cannot finish the turn",
    "bad_cut": "a cut that gives the dealer no card, or more cards than the stock holds",
    "bad_meld_value": "a meld value built with fields of the wrong type or value",
    "not_a_meld": "the cards are neither a set nor a run",
    "wrong_kind": "a meld of the other kind than the one asked for",
    "too_short": "a meld with fewer cards than a set or run (or the contract) needs",
    "too_long": "a run with more cards than the places it can stand on",
    "mixed_ranks": "a set's cards are not all of one rank",
    "mixed_suits": "a run's cards are not all of one suit",
    "not_in_sequence": "a run's cards are not in consecutive places",
    "repeated_card": "a run holds the same card (or an ace) twice",
    "ace_ends_run": "an ace ends a run: a run does not wrap round or go beyond the ace",
    "ace_high_only": "aces are high only under these rules",
    "twos_always_wild": "2s are always wild under these rules: no set of 2s, and runs start at the 3",
    "dead_two": "a dead 2 (a 2 discarded where discarded 2s die) stands only for itself, never as a wild",
    "no_natural": "a run needs at least one natural card",
    "wild_limit": "more wilds than these rules let a meld hold",
    "wilds_apart": "two wilds stand next to each other in a run where these rules keep them apart",
    "contract_meld_count": "a number of melds other than the contract's",
    "contract_kinds": "the melds are not the sets and runs the contract asks for",
    "contract_exact_length": "a contract's meld laid down longer than these rules allow",
    "contract_set_ranks": "two sets of a contract of one rank, where these rules forbid it",
    "contract_set_suits": "a contract's set repeats a suit among its naturals, where these rules forbid it",
    "contract_runs_overlap": "two runs of one suit in a contract overlap, where these rules forbid it",
    "contract_runs_touch": "two runs of one suit in a contract touch, where these rules ask for a gap",
    "bad_json": "text that is not JSON, or not a JSON object, or too large or deep to read",
    "wrong_format": "a document of another format, version or kind than the one expected",
    "missing_field": "a document lacks a field its format requires",
    "unknown_field": "a document holds a field its format does not have",
    "duplicate_field": "a document holds a field twice in one object",
    "unreachable_position": "a document describes a position no game reaches",
    "cannot_write": "a value the JSON format cannot write",
})
"""Each code and what it means, in one line."""

RULES_SECTIONS: Final = frozenset({
    "players and cards", "the deal", "melds", "the contracts", "your turn", "laying off", "buying",
    "the Shanghai call", "swapping a joker", "going out", "when the stock runs out", "scoring",
})
"""The sections of the rules pages a message may cite, as ``(rules: buying)``."""


class Reason(str):
    """A refusal's reason: its text (this string) and its :data:`Code` (``code``).

    The refusal functions of the engine and the validators return one where they refuse
    (an empty string where they do not), so that the error or verdict made of it carries
    the code."""

    code: Code
    """The code of the rule broken."""

    def __new__(cls, code: Code, text: str) -> Reason:
        """The reason ``text``, with its ``code``."""
        reason = super().__new__(cls, text)
        reason.code = code
        return reason

    def __reduce__(self) -> tuple[type[Reason], tuple[Code, str]]:
        return (Reason, (self.code, str(self)))


Refusal = Reason | Literal[""]
"""What a refusal function returns: a :class:`Reason`, or ``""`` where it does not refuse."""


def no_such_meld(index: int, held: int) -> Reason:
    """The refusal of a play that names meld ``index`` of a table holding ``held`` melds, past its last:
    the index is the one the action carries, numbered from 0 as ``GameState.table`` is (a program
    that shows melds to people from 1, as :func:`~shanghai_rules.text.describe` does, words it its own way)."""
    from .errors import excerpt  # (the errors are built on this module: imported when first needed)

    melds = "no melds" if not held else f"{held} meld{'s' if held > 1 else ''}, numbered from 0"
    return Reason("no_such_meld", f"there is no meld {excerpt(index)} on the table ({melds})")
