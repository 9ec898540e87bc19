"""shanghai_rules: a rules engine for Shanghai Rummy.

Immutable game states and a pure :func:`~shanghai_rules.engine.apply`,
:func:`~shanghai_rules.engine.legal_actions`, stand-alone validators
(:func:`~shanghai_rules.melds.check_meld`,
:func:`~shanghai_rules.contracts.check_contract`,
:func:`~shanghai_rules.contracts.find_contract`,
:func:`~shanghai_rules.contracts.hand_penalty`), three rule presets
(:data:`~shanghai_rules.rules.PAGAT7`, :data:`~shanghai_rules.rules.TEN_ROUND`,
:data:`~shanghai_rules.rules.ISRA`) and house variants as changed
:class:`~shanghai_rules.rules.Rules` values.

What an app needs around the engine is imported on first use, so that
``import shanghai_rules`` stays quick: the table for servers
(:class:`~shanghai_rules.table.Table`), JSON
(:func:`~shanghai_rules.serialization.to_json`,
:func:`~shanghai_rules.serialization.from_json`), game records, the computer
players (:func:`~shanghai_rules.players.play_game`), game events
(:func:`~shanghai_rules.events.step_events`,
:func:`~shanghai_rules.events.events_for`, :func:`~shanghai_rules.events.redact`)
and the game in words (:func:`~shanghai_rules.text.describe`,
:func:`~shanghai_rules.text.score_sheet`, :func:`~shanghai_rules.text.state_table`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

from ._version import __version__
from .actions import (
    Action,
    Buy,
    CallShanghai,
    Cut,
    DeclineBuy,
    Discard,
    DrawStock,
    LayDown,
    LayOff,
    StartRound,
    SwapWild,
    TakeDiscard,
    WithdrawBuy,
)
from .cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    QUEEN,
    Card,
    CardError,
    CardParseError,
    Suit,
    dead_two,
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
from .engine import (
    OpeningDraw,
    apply,
    check,
    clear_caches,
    has_legal_action,
    is_legal,
    legal_actions,
    new_game,
    opening_draw,
    setup_round,
)
from .errors import IllegalAction, MalformedAction
from .melds import End, Meld, MeldCheck, MeldError, MeldKind, check_meld, is_wild, lay_off_options
from .rules import (
    CONTRACT_RUMMY,
    ISRA,
    LIVERPOOL,
    MAY_I,
    PAGAT7,
    PRESETS,
    TEN_ROUND,
    TEN_ROUND_RULEBOOK,
    Contract,
    GoingOut,
    Rules,
    RulesError,
    StockRebuild,
    SwapEligibility,
    SwappableWilds,
    get_rules,
)
from .state import EndedBy, GameState, Phase, RoundResult, TableMeld
from .views import PlayerView, observe

if TYPE_CHECKING:
    from .event_json import events_from_json, events_to_json
    from .events import Event, events_for, opening_events, redact, step_events
    from .players import GreedyPlayer, Player, RandomPlayer, play_game
    from .records import GameRecord, ReplayError, final_state, replay
    from .serialization import (
        FORMAT_VERSION,
        SerializationError,
        from_dict,
        from_json,
        load_schema,
        read_action,
        to_dict,
        to_json,
    )
    from .table import Awaiting, Pass, Table, TableRefusal
    from .text import describe, score_sheet, state_table

_LAZY: Final = {
    "Event": "events", "events_for": "events", "opening_events": "events", "redact": "events",
    "step_events": "events", "events_from_json": "event_json", "events_to_json": "event_json",
    "describe": "text", "score_sheet": "text", "state_table": "text",
    "GreedyPlayer": "players", "Player": "players", "RandomPlayer": "players", "play_game": "players",
    "GameRecord": "records", "ReplayError": "records", "final_state": "records", "replay": "records",
    "FORMAT_VERSION": "serialization", "SerializationError": "serialization", "from_dict": "serialization",
    "from_json": "serialization", "load_schema": "serialization", "read_action": "serialization",
    "to_dict": "serialization", "to_json": "serialization",
    "Awaiting": "table", "Pass": "table", "Table": "table", "TableRefusal": "table",
}
"""The names exported from modules imported on first use, and their modules."""


def __getattr__(name: str) -> object:
    """The names of :data:`_LAZY`, imported on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)


__all__ = [
    "ACE",
    "CONTRACT_RUMMY",
    "FORMAT_VERSION",
    "ISRA",
    "JACK",
    "JOKER",
    "KING",
    "LIVERPOOL",
    "MAY_I",
    "PAGAT7",
    "PRESETS",
    "QUEEN",
    "TEN_ROUND",
    "TEN_ROUND_RULEBOOK",
    "Action",
    "Awaiting",
    "Buy",
    "CallShanghai",
    "Card",
    "CardError",
    "CardParseError",
    "Contract",
    "ContractCheck",
    "Cut",
    "DeclineBuy",
    "Discard",
    "DrawStock",
    "End",
    "EndedBy",
    "Event",
    "GameRecord",
    "GameState",
    "GoingOut",
    "GreedyPlayer",
    "IllegalAction",
    "LayDown",
    "LayOff",
    "MalformedAction",
    "Meld",
    "MeldCheck",
    "MeldError",
    "MeldKind",
    "OpeningDraw",
    "Pass",
    "Phase",
    "Player",
    "PlayerView",
    "RandomPlayer",
    "ReplayError",
    "RoundResult",
    "Rules",
    "RulesError",
    "SerializationError",
    "StartRound",
    "StockRebuild",
    "Suit",
    "SwapEligibility",
    "SwapWild",
    "SwappableWilds",
    "Table",
    "TableMeld",
    "TableRefusal",
    "TakeDiscard",
    "WithdrawBuy",
    "__version__",
    "apply",
    "card_value",
    "check",
    "check_contract",
    "check_meld",
    "clear_caches",
    "contract_layouts",
    "dead_two",
    "describe",
    "events_for",
    "events_from_json",
    "events_to_json",
    "final_state",
    "find_contract",
    "format_cards",
    "from_dict",
    "from_json",
    "full_deck",
    "get_rules",
    "hand_penalty",
    "has_legal_action",
    "is_legal",
    "is_wild",
    "lay_off_options",
    "legal_actions",
    "load_schema",
    "new_game",
    "observe",
    "opening_draw",
    "opening_events",
    "parse_card",
    "parse_cards",
    "play_game",
    "read_action",
    "redact",
    "replay",
    "score_sheet",
    "setup_round",
    "state_table",
    "step_events",
    "to_dict",
    "to_json",
]
