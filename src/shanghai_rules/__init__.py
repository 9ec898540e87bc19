"""shanghai_rules: a rules engine for Shanghai Rummy.

Immutable game states and a pure :func:`apply`, :func:`legal_actions`,
stand-alone validators (:func:`check_meld`, :func:`check_contract`,
:func:`find_contract`, :func:`hand_penalty`), three rule presets
(:data:`PAGAT7`, :data:`TEN_ROUND`, :data:`ISRA`) and house variants as
changed :class:`Rules` values.
"""

from ._version import __version__
from .cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    QUEEN,
    Card,
    CardParseError,
    Suit,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
)
from .contracts import (
    ContractCheck,
    card_value,
    check_contract,
    contract_layouts,
    find_contract,
    hand_penalty,
)
from .melds import End, Meld, MeldCheck, MeldError, MeldKind, check_meld, is_wild, lay_off_options
from .rules import ISRA, PAGAT7, PRESETS, TEN_ROUND, Contract, GoingOut, Rules, RulesError, SwapEligibility, get_rules

__all__ = [
    "ACE",
    "ISRA",
    "JACK",
    "JOKER",
    "KING",
    "PAGAT7",
    "PRESETS",
    "QUEEN",
    "TEN_ROUND",
    "Card",
    "CardParseError",
    "Contract",
    "ContractCheck",
    "End",
    "GoingOut",
    "Meld",
    "MeldCheck",
    "MeldError",
    "MeldKind",
    "Rules",
    "RulesError",
    "Suit",
    "SwapEligibility",
    "__version__",
    "card_value",
    "check_contract",
    "check_meld",
    "contract_layouts",
    "find_contract",
    "format_cards",
    "full_deck",
    "get_rules",
    "hand_penalty",
    "is_wild",
    "lay_off_options",
    "parse_card",
    "parse_cards",
]
