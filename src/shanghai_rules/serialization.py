"""JSON: :func:`to_json` and :func:`from_json`, a documented, versioned, lossless format.

Every document is one JSON object that starts with its kind and the format's
version::

    {"format": "shanghai-rules/state", "version": 2, ...}

=============================  ===========================================================
``format``                      what is written
=============================  ===========================================================
``shanghai-rules/rules``        a :class:`~shanghai_rules.rules.Rules` (every field)
``shanghai-rules/state``        a :class:`~shanghai_rules.state.GameState`, seed included
``shanghai-rules/action``       any action (:mod:`shanghai_rules.actions`)
``shanghai-rules/view``         a :class:`~shanghai_rules.views.PlayerView`
``shanghai-rules/record``       a :class:`~shanghai_rules.records.GameRecord`
=============================  ===========================================================

Only the outermost object carries ``format`` and ``version``; the values
nested in it (the rules inside a state, the actions inside a record) do not.
Every field is always written, ``null`` included, in ``snake_case`` named after
the Python attribute; a reader must not meet unknown fields, and this module
refuses documents that have them or lack one.  The one exception: the rules
fields added since 0.1.0 (:data:`RULES_ADDED`) are written only where they
differ from the value that keeps the rule as it was before them, and read as
that value where absent, so that a document 0.1.0 wrote keeps its rules.
(0.1.0 reads version 1 only, and refuses what this version writes.)  A change to the format that an
old reader could misread raises ``version``; :data:`FORMAT_VERSION` is the one
this library writes, and it reads every version in :data:`READ_VERSIONS`.

Version 2 added the move counter: states and views carry ``move_number`` (the
actions applied in the game so far), and an action document may carry ``"at"``,
the move number of the position it was chosen on (:func:`read_action` returns it
beside the action; :meth:`~shanghai_rules.table.Table.submit` refuses the action
if the game has moved on).  A version 1 document (what 0.1.0 wrote) is read as
before, its ``move_number`` 0.  JSON Schemas (draft 2020-12) of the documents
ship in the package: :func:`load_schema`.

The values inside documents:

=====================  ======================================================================
value                   JSON
=====================  ======================================================================
card                    its canonical notation, ``str(card)``: ``"10H"``, ``"QS"``, ``"AC"``,
                        ``"JK"`` (ranks ``2``-``10 J Q K A``, suits ``C D H S``), ``"2Hx"``
                        for a dead 2 (``Rules.discarded_twos_die``); only this form is read
cards                   an array of cards: hands sorted, the stock top card first, the
                        discard pile bottom to top, a meld in its arranged order
seat                    a whole number from 0
seed                    a *string* of decimal digits, ``-`` first where negative
                        (``"12345678901234567890"``): a seed may be any whole number of up
                        to 4,096 bits, and must survive readers whose numbers are doubles
meld                    ``{"kind": "set", "cards": [...], "rank": "K"}`` (``rank`` is ``null``
                        for a set of wilds only) or ``{"kind": "run", "cards": [...],
                        "suit": "C", "start": 4}`` (``start`` is the position of the first
                        card, 1 for a low ace up to 14 for a high ace)
table meld              a meld object with ``"owner": seat`` added
contract                ``{"sets", "runs", "set_length", "run_length", "no_discard"}``
rules                   an object with every :class:`~shanghai_rules.rules.Rules` field:
                        ``decks_by_players`` as ``[[up_to_players, decks], ...]``,
                        ``contracts`` as contract objects, numbers that may be absent as
                        ``null``
round result            ``{"round_number", "went_out", "ended_by", "slam", "hand_points",
                        "cut_by", "cut_exact", "points", "bonus"}``
cut                     ``null`` or ``{"cutter": seat, "exact": bool}``
action                  ``{"type": ..., fields}``: ``draw_stock``, ``take_discard``, ``buy``,
                        ``withdraw_buy``, ``decline_buy`` (``player``); ``lay_down`` (``player``, ``melds``: each
                        an array of cards, read as unordered, or a meld object, kept as
                        arranged); ``lay_off`` (``player``, ``card``, ``meld``, ``end``);
                        ``swap_wild`` (``player``, ``card``, ``meld``); ``discard``
                        (``player``, ``card``, ``shanghai``); ``call_shanghai`` (``player``,
                        ``meld``, ``end``); ``cut`` (``player``, ``count``); ``start_round``
                        (no fields).  ``meld`` is an index into the table, ``end`` is
                        ``"low"``, ``"high"`` or ``null``
=====================  ======================================================================

A **state** document holds the fields of :class:`~shanghai_rules.state.GameState`
under their own names (``rules``, ``round_number``, ``dealer``, ``phase``,
``turn``, ``hands``, ``table``, ``stock``, ``discard``, ``upcard_live``,
``discarder``, ``buys_left``, ``buy_requests``, ``buy_withdrawn``, ``down``,
``scores``, ``round_results``, ``went_down_this_turn``, ``played_wild_this_turn``,
``owed_wilds``, ``must_go_down``, ``shanghai_open``, ``turns_taken``, ``cut``, ``seed``,
``stock_rebuilt``, ``fresh_decks``, ``table_at_rebuild``, ``move_number``; the three before
``move_number`` are left out where 0, :data:`POSITION_ADDED`).  A
**view** document holds those of :class:`~shanghai_rules.views.PlayerView`:
``player``, ``hand``, ``hand_sizes`` and ``stock_size`` in place of ``hands``
and ``stock``, no ``seed``, and ``legal_actions`` (action objects).  A
**record** document holds ``rules``, ``players``, ``seed``, ``dealer`` and
``actions``.

**Lossless**: ``from_json(to_json(x)) == x`` for every value this module
writes; a loaded state carries its seed, so play continues exactly as it would
have.

**Validated**: :func:`from_json` checks the JSON text, the structure (every
field there, nothing more), every type (``true`` is not a number, ``1.0`` is
not a whole number), every card, the rules' consistency, and then that the
position could occur in a game: seats in range, per-seat lists of the right
length, no card more often than the decks hold it (and exactly the full decks
in a round the library dealt), every meld on the table legal under the rules
and owned by a seat that is down with its contract, buy requests only from
seats that may buy the live upcard, the turn's obligations and the round's
results consistent with the phase.  A record's actions are checked for form
here and for legality by :func:`~shanghai_rules.records.replay`.  A bad
document raises :class:`SerializationError` naming the path to the bad field
(``hands[2][4]: 'ZZ' is not a card``) and nothing is built.

**Bounded**: a document of more than :data:`MAX_DOCUMENT_SIZE` characters (bytes,
for ``bytes``) is refused before it is parsed (``from_json``'s ``max_size``
changes the limit, ``None`` lifts it); an array of cards or melds longer than the
:data:`~shanghai_rules.cards.MAX_CARDS` cards a game may hold is refused before its
items are read; a position is checked for a legal action by looking for one, not by
listing them all; and every message quotes at most a short, escaped excerpt of
the input (:func:`~shanghai_rules.errors.excerpt`).  So a document is read, or
refused, in time about proportional to its size.
"""

from __future__ import annotations

import json
import marshal
import operator
import re
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, Final, TypeVar, overload

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
from .cards import ACE, ALL_CARDS, DEAD_TWOS, MAX_CARDS, Card, CardParseError, Suit, parse_card, rank_name
from .contracts import laid_contract_reason
from .engine import has_legal_action
from .engine.buying import buy_window_open, seat_buy_refusal
from .engine.deal import MAX_SEED_BITS, seed_refusal
from .engine.discard import turn_cap
from .engine.going_down import plays_a_wild
from .engine.hands import remove_cards
from .engine.scoring import going_out_bonus, round_points
from .engine.shanghai import declaration_refusal
from .engine.stock import (
    Pile,
    cards_in_play,
    copies_in_play,
    deadlock_may_end_round,
    deadlocked,
    rebuild_allowed,
    rebuilt,
)
from .engine.swapping import may_be_freed, swapper_refusal, swaps_allowed
from .errors import IllegalAction, bounded, excerpt, number_size
from .melds import Meld, check_meld
from .memo import MEMO
from .penalties import hand_penalty
from .records import GameRecord
from .refusals import Code
from .rules import MAX_NUMBER, MAX_PLAYERS, MAX_ROUNDS, MAX_STEPS, PRESETS, Contract, Rules, RulesError
from .state import MAX_NUMBER_BITS, MAX_SCORE_BITS, GameState, RoundResult, TableMeld, cutter_seat, dealer_after
from .views import PlayerView

__all__ = [
    "ACTION_FIELDS",
    "ACTION_NAMES",
    "FORMAT_VERSION",
    "KINDS",
    "MAX_DOCUMENT_SIZE",
    "POSITION_ADDED",
    "READ_VERSIONS",
    "RULES_ADDED",
    "RULES_FIELDS",
    "SerializationError",
    "from_dict",
    "from_json",
    "load_schema",
    "read_action",
    "to_dict",
    "to_json",
]

FORMAT_VERSION: Final = 2
"""The version of the format this library writes."""
READ_VERSIONS: Final = (1, 2)
"""The versions of the format this library reads: 1 (0.1.0's) and :data:`FORMAT_VERSION`."""

_PREFIX: Final = "shanghai-rules/"

MAX_DOCUMENT_SIZE: Final = 1_000_000
"""The longest document :func:`from_json` reads by default, in characters (bytes, for ``bytes``):
ample for any state, view, rules or action, and for the records of games as they are played (a
game of random players at eight seats, to the presets' turn limit of 50 turns a seat, writes under
400,000).  A record can be longer: where seats ask to buy and withdraw again at every draw (every
seat of eight at every draw of a ``ten-round`` game to its turn limit writes about 2,100,000), or
under house rules with no turn limit.  A program that reads back records it wrote itself reads
them with a larger ``max_size``, or ``None``."""

_MAX_PATH: Final = 200  # the longest path an error names, in characters
_MAX_SEED_DIGITS: Final = MAX_SEED_BITS // 3 + 2  # (more digits, and sign, than a seed of MAX_SEED_BITS bits has)

KINDS: Final = ("rules", "state", "action", "view", "record")
"""The kinds of document: ``"format"`` is ``"shanghai-rules/"`` followed by one of these."""

T = TypeVar("T")
Json = Any
"""A JSON value as :mod:`json` reads it."""
Serializable = Rules | GameState | PlayerView | GameRecord | Action
"""What :func:`to_json` writes."""


class SerializationError(ValueError):
    """A document that cannot be read (or a value that cannot be written).

    ``path`` names the bad field, in the notation ``table[1].cards[0]``
    (empty for the document as a whole); ``reason`` says what is wrong, and ``code``
    which rule of the format it breaks (see :mod:`~shanghai_rules.refusals`).
    """

    def __init__(self, path: str, reason: str, code: Code = "unspecified") -> None:
        path, reason = bounded(path)[:_MAX_PATH], bounded(reason)
        super().__init__(bounded(f"{path or 'document'}: {reason}"))
        self.path = path
        self.reason = reason
        self.code: Code = code
        """The code of the rule broken."""


# ---------------------------------------------------------------------------
# names shared by the writer and the reader

_CARDS: Final[dict[str, Card]] = {str(card): card for card in ALL_CARDS}
_CARD_TEXTS: Final[dict[Card, str]] = {card: text for text, card in _CARDS.items()}
_JOKER: Final = _CARDS["JK"]
_RANKS: Final[dict[str, int]] = {rank_name(rank): rank for rank in range(2, ACE + 1)}
_SUITS: Final[dict[str, Suit]] = {suit.letter: suit for suit in Suit}
_PHASES: Final = ("cut", "draw", "play", "round_over", "game_over")
_ENDED_BY: Final = ("out", "stock", "turn_limit", "deadlock")
_ENDS: Final = ("low", "high")
_SEED: Final = re.compile(r"0|-?[1-9][0-9]*")

#: The fields of a Rules document in order, with the kind of value each holds.
RULES_FIELDS: Final[tuple[tuple[str, str], ...]] = (
    ("name", "str"),
    ("min_players", "int"),
    ("max_players", "int"),
    ("decks_by_players", "pairs"),
    ("jokers_per_deck", "int"),
    ("hand_size", "int"),
    ("hand_sizes", "ints?"),
    ("contracts", "contracts"),
    ("min_set_length", "int"),
    ("min_run_length", "int"),
    ("wild_twos", "bool"),
    ("natural_twos", "bool"),
    ("discarded_twos_die", "bool"),
    ("ace_low", "bool"),
    ("max_wilds_per_meld", "int?"),
    ("wilds_at_most_naturals", "bool"),
    ("max_wilds_by_length", "pairs?"),
    ("wild_limits_on_lay_off", "bool"),
    ("run_wilds_apart", "bool"),
    ("distinct_contract_set_ranks", "bool"),
    ("contract_run_gap", "int"),
    ("contract_runs_overlap", "bool"),
    ("contract_melds_exact", "bool"),
    ("distinct_contract_set_suits", "bool"),
    ("lay_off_on_going_down_turn", "bool"),
    ("going_down_keeps_a_card", "bool"),
    ("buy_limits", "ints_or_null"),
    ("buy_penalty_cards", "int"),
    ("buy_after_down", "bool"),
    ("discarder_may_buy", "bool"),
    ("buy_window", "str"),
    ("buy_offers", "str"),
    ("buy_needs_stock", "bool"),
    ("take_upcard_when_down", "bool"),
    ("shanghai_call", "bool"),
    ("swap_from_runs", "bool"),
    ("swap_from_sets", "bool"),
    ("swap_eligibility", "str"),
    ("swappable_wilds", "str"),
    ("swapped_wild_must_be_played", "bool"),
    ("swap_forces_going_down", "bool"),
    ("going_out", "str"),
    ("cut_penalty", "int?"),
    ("card_values", "ints"),
    ("wild_two_value", "int?"),
    ("blind_bonus", "int"),
    ("blind_bonus_without_wilds", "int"),
    ("stock_rebuild", "str"),
    ("stock_rebuilds", "int?"),
    ("fresh_deck_when_empty", "bool"),
    ("deadlock_ends_round", "bool"),
    ("opening_draw", "bool"),
    ("turn_limit", "int?"),
)
_RULES_FIELD_NAMES: Final = frozenset(name for name, _ in RULES_FIELDS)

RULES_ADDED: Final[dict[str, Json]] = {
    "natural_twos": True,
    "discarded_twos_die": False,
    "discarder_may_buy": False,
    "buy_window": "before_draw",
    "buy_offers": "at_once",
    "take_upcard_when_down": True,
    "swappable_wilds": "any",
    "going_down_keeps_a_card": False,
    "buy_needs_stock": False,
    "contract_runs_overlap": True,
    "contract_melds_exact": False,
    "distinct_contract_set_suits": False,
    "opening_draw": False,
    "stock_rebuild": "under_upcard",
    "stock_rebuilds": None,
    "fresh_deck_when_empty": False,
    "deadlock_ends_round": False,
}
"""The rules fields added since 0.1.0, with the value a document that lacks one is read with (the
rule as it was before the field existed): documents written by earlier releases keep loading, and
a field at that value is left out when written, so that earlier releases read the document too."""
_CONTRACT_FIELDS: Final = ("sets", "runs", "set_length", "run_length", "no_discard")

#: Action type names in documents, and the fields of each after ``type``.
ACTION_NAMES: Final[dict[type, str]] = {
    DrawStock: "draw_stock",
    TakeDiscard: "take_discard",
    Buy: "buy",
    WithdrawBuy: "withdraw_buy",
    DeclineBuy: "decline_buy",
    LayDown: "lay_down",
    LayOff: "lay_off",
    SwapWild: "swap_wild",
    Discard: "discard",
    CallShanghai: "call_shanghai",
    Cut: "cut",
    StartRound: "start_round",
}
_ACTION_CLASSES: Final[dict[str, type]] = {name: cls for cls, name in ACTION_NAMES.items()}
#: The fields of each action type, after ``type``, in the order they are written.
ACTION_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "draw_stock": ("player",),
    "take_discard": ("player",),
    "buy": ("player",),
    "withdraw_buy": ("player",),
    "decline_buy": ("player",),
    "lay_down": ("player", "melds"),
    "lay_off": ("player", "card", "meld", "end"),
    "swap_wild": ("player", "card", "meld"),
    "discard": ("player", "card", "shanghai"),
    "call_shanghai": ("player", "meld", "end"),
    "cut": ("player", "count"),
    "start_round": (),
}

_STATE_FIELDS: Final = (
    "rules", "round_number", "dealer", "phase", "turn", "hands", "table", "stock", "discard", "upcard_live",
    "discarder", "buys_left", "buy_requests", "buy_withdrawn", "down", "scores", "round_results",
    "went_down_this_turn", "played_wild_this_turn", "owed_wilds", "must_go_down", "shanghai_open", "turns_taken",
    "cut", "seed", "stock_rebuilt", "fresh_decks", "table_at_rebuild", "move_number",
)
_VIEW_FIELDS: Final = (
    "rules", "player", "round_number", "dealer", "phase", "turn", "hand", "hand_sizes", "table", "discard",
    "stock_size", "upcard_live", "discarder", "shanghai_open", "buys_left", "buy_requests", "buy_withdrawn",
    "down", "scores", "round_results", "went_down_this_turn", "played_wild_this_turn", "owed_wilds", "must_go_down",
    "turns_taken", "cut", "stock_rebuilt", "fresh_decks", "table_at_rebuild", "move_number",
    "legal_actions",
)
POSITION_ADDED: Final[dict[str, Json]] = {"stock_rebuilt": 0, "fresh_decks": 0, "table_at_rebuild": 0}
"""The fields of states and views added since 0.1.0, with the value a document that lacks one is read
with (what a round of the rules of then always held); written only where they differ from it, as
:data:`RULES_ADDED` are."""
#: The most each count of :data:`POSITION_ADDED` can be in a game: fresh decks and the cards on the table
#: are cards in play (``MAX_CARDS``); a round may rebuild its stock without end where the rules allow it
#: (``Rules.stock_rebuilds`` and ``turn_limit`` of ``None``), as it may take turns and moves without end.
_COUNT_LIMITS: Final[dict[str, int | None]] = {"stock_rebuilt": None, "fresh_decks": MAX_CARDS,
                                               "table_at_rebuild": MAX_CARDS}
_RECORD_FIELDS: Final = ("rules", "players", "seed", "dealer", "actions")
_RESULT_FIELDS: Final = (
    "round_number", "went_out", "ended_by", "slam", "hand_points", "cut_by", "cut_exact", "points", "bonus",
)
_ENVELOPE: Final = ("format", "version")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# ---------------------------------------------------------------------------
# writing


def _w_int(value: object, path: str) -> int:
    if type(value) is not int:
        raise SerializationError(path, f"cannot write {excerpt(value)}: not a whole number", "cannot_write")
    if value.bit_length() > MAX_NUMBER_BITS:
        raise SerializationError(path, f"cannot write {excerpt(value)}: no number in a game is this long",
                                 "cannot_write")
    return value


def _w_int_opt(value: object, path: str) -> int | None:
    return None if value is None else _w_int(value, path)


def _w_bool(value: object, path: str) -> bool:
    if type(value) is not bool:
        raise SerializationError(path, f"cannot write {excerpt(value)}: not True or False", "cannot_write")
    return value


def _w_str(value: object, path: str, allowed: Sequence[str] | None = None) -> str:
    if not isinstance(value, str) or (allowed is not None and value not in allowed):
        raise SerializationError(path, f"cannot write {excerpt(value)}: not " + (
            "one of " + ", ".join(map(repr, allowed)) if allowed is not None else "a string"), "cannot_write")
    return value


def _w_tuple(value: object, path: str) -> tuple[object, ...]:
    if not isinstance(value, tuple):
        raise SerializationError(path, f"cannot write {excerpt(value)}: not a tuple", "cannot_write")
    return value


def _w_ints(value: object, path: str) -> list[int]:
    return [_w_int(v, f"{path}[{i}]") for i, v in enumerate(_w_tuple(value, path))]


def _w_bools(value: object, path: str) -> list[bool]:
    return [_w_bool(v, f"{path}[{i}]") for i, v in enumerate(_w_tuple(value, path))]


def _w_card(value: object, path: str) -> str:
    if not isinstance(value, Card):
        raise SerializationError(path, f"cannot write {excerpt(value)}: not a Card", "cannot_write")
    return str(value)


def _w_cards(value: object, path: str) -> list[str]:
    """Cards in their notation: looked up whole in the table of every card's text, and, if any is
    not a card, written one by one by :func:`_w_card`, which names the first that is not."""
    cards = _w_tuple(value, path)
    try:
        return [_CARD_TEXTS[card] for card in cards]  # type: ignore[index]
    except (KeyError, TypeError):
        return [_w_card(c, f"{path}[{i}]") for i, c in enumerate(cards)]


def _w_meld(meld: object, path: str) -> dict[str, Json]:
    if not isinstance(meld, Meld):
        raise SerializationError(path, f"cannot write {excerpt(meld)}: not a Meld", "cannot_write")
    cards = _w_cards(meld.cards, _join(path, "cards"))
    if meld.kind == "set":
        if meld.suit is not None or meld.start != 0 or (meld.rank is not None and meld.rank not in range(2, 15)):
            raise SerializationError(path, f"cannot write {excerpt(meld)}: a set has a rank 2-14 (or None), "
                                           f"no suit and start 0", "cannot_write")
        return {"kind": "set", "cards": cards, "rank": None if meld.rank is None else rank_name(meld.rank)}
    if meld.kind == "run":
        if not isinstance(meld.suit, Suit) or meld.rank is not None or type(meld.start) is not int \
                or not 1 <= meld.start <= 14:
            raise SerializationError(path, f"cannot write {excerpt(meld)}: a run has a suit, a start 1-14 and no rank",
                                     "cannot_write")
        return {"kind": "run", "cards": cards, "suit": meld.suit.letter, "start": meld.start}
    raise SerializationError(path, f"cannot write {excerpt(meld)}: kind is not 'set' or 'run'", "cannot_write")


def _w_table_meld(tm: object, path: str) -> dict[str, Json]:
    if not isinstance(tm, TableMeld):
        raise SerializationError(path, f"cannot write {excerpt(tm)}: not a TableMeld", "cannot_write")
    return {"owner": _w_int(tm.owner, _join(path, "owner")), **_w_meld(tm.meld, path)}


def _w_contract(contract: object, path: str) -> dict[str, Json]:
    if not isinstance(contract, Contract):
        raise SerializationError(path, f"cannot write {excerpt(contract)}: not a Contract", "cannot_write")
    return {
        "sets": contract.sets,
        "runs": contract.runs,
        "set_length": contract.set_length,
        "run_length": contract.run_length,
        "no_discard": contract.no_discard,
    }


def _w_rules(rules: object, path: str) -> dict[str, Json]:
    if not isinstance(rules, Rules):
        raise SerializationError(path, f"cannot write {excerpt(rules)}: not a Rules", "cannot_write")
    out: dict[str, Json] = {}
    for name, kind in RULES_FIELDS:
        value = getattr(rules, name)
        if name in RULES_ADDED and value == RULES_ADDED[name]:
            continue  # the rule as it was before the field: left out, so that earlier releases read it
        where = _join(path, name)
        if kind in ("pairs", "pairs?"):
            out[name] = None if value is None else [
                [_w_int(a, f"{where}[{i}][0]"), _w_int(b, f"{where}[{i}][1]")] for i, (a, b) in enumerate(value)]
        elif kind == "ints?":
            out[name] = None if value is None else _w_ints(value, where)
        elif kind == "ints_or_null":
            out[name] = [_w_int_opt(v, f"{where}[{i}]") for i, v in enumerate(_w_tuple(value, where))]
        elif kind == "contracts":
            out[name] = [_w_contract(c, f"{where}[{i}]") for i, c in enumerate(value)]
        elif kind == "ints":
            out[name] = _w_ints(value, where)
        elif kind == "int?":
            out[name] = _w_int_opt(value, where)
        elif kind == "int":
            out[name] = _w_int(value, where)
        elif kind == "bool":
            out[name] = _w_bool(value, where)
        else:
            out[name] = _w_str(value, where)
    return out


def _w_result(result: object, path: str) -> dict[str, Json]:
    if not isinstance(result, RoundResult):
        raise SerializationError(path, f"cannot write {excerpt(result)}: not a RoundResult", "cannot_write")
    return {
        "round_number": _w_int(result.round_number, _join(path, "round_number")),
        "went_out": _w_int_opt(result.went_out, _join(path, "went_out")),
        "ended_by": _w_str(result.ended_by, _join(path, "ended_by"), _ENDED_BY),
        "slam": _w_bool(result.slam, _join(path, "slam")),
        "hand_points": _w_ints(result.hand_points, _join(path, "hand_points")),
        "cut_by": _w_int_opt(result.cut_by, _join(path, "cut_by")),
        "cut_exact": _w_bool(result.cut_exact, _join(path, "cut_exact")),
        "points": _w_ints(result.points, _join(path, "points")),
        "bonus": _w_int(result.bonus, _join(path, "bonus")),
    }


def _w_cut(cut: object, path: str) -> dict[str, Json] | None:
    if cut is None:
        return None
    if not isinstance(cut, tuple) or len(cut) != 2:
        raise SerializationError(path, f"cannot write {excerpt(cut)}: not a (cutter, exact) pair", "cannot_write")
    return {"cutter": _w_int(cut[0], _join(path, "cutter")), "exact": _w_bool(cut[1], _join(path, "exact"))}


def _w_action(action: object, path: str) -> dict[str, Json]:
    name = ACTION_NAMES.get(type(action))
    if name is None:
        raise SerializationError(path, f"cannot write {excerpt(action)}: not an action", "cannot_write")
    out: dict[str, Json] = {"type": name}
    for field in ACTION_FIELDS[name]:
        value = getattr(action, field)
        where = _join(path, field)
        if field in ("player", "meld", "count"):
            out[field] = _w_int(value, where)
        elif field == "card":
            out[field] = _w_card(value, where)
        elif field == "shanghai":
            out[field] = _w_bool(value, where)
        elif field == "end":
            out[field] = None if value is None else _w_str(value, where, _ENDS)
        else:  # LayDown.melds
            groups: list[Json] = []
            for i, group in enumerate(_w_tuple(value, where)):
                at = f"{where}[{i}]"
                groups.append(_w_meld(group, at) if isinstance(group, Meld) else _w_cards(group, at))
            out[field] = groups
    return out


def _w_common(x: GameState | PlayerView) -> dict[str, Json]:
    """The fields a state and a view share, by name."""
    return {
        "round_number": _w_int(x.round_number, "round_number"),
        "dealer": _w_int(x.dealer, "dealer"),
        "phase": _w_str(x.phase, "phase", _PHASES),
        "turn": _w_int(x.turn, "turn"),
        "table": [_w_table_meld(tm, f"table[{i}]") for i, tm in enumerate(_w_tuple(x.table, "table"))],
        "discard": _w_cards(x.discard, "discard"),
        "upcard_live": _w_bool(x.upcard_live, "upcard_live"),
        "discarder": _w_int_opt(x.discarder, "discarder"),
        "shanghai_open": _w_bool(x.shanghai_open, "shanghai_open"),
        "buys_left": [_w_int_opt(v, f"buys_left[{i}]") for i, v in enumerate(_w_tuple(x.buys_left, "buys_left"))],
        "buy_requests": _w_ints(x.buy_requests, "buy_requests"),
        "buy_withdrawn": _w_ints(x.buy_withdrawn, "buy_withdrawn"),
        "down": _w_bools(x.down, "down"),
        "scores": _w_ints(x.scores, "scores"),
        "round_results": [_w_result(r, f"round_results[{i}]")
                          for i, r in enumerate(_w_tuple(x.round_results, "round_results"))],
        "went_down_this_turn": _w_bool(x.went_down_this_turn, "went_down_this_turn"),
        "owed_wilds": _w_cards(x.owed_wilds, "owed_wilds"),
        "must_go_down": _w_bool(x.must_go_down, "must_go_down"),
        "played_wild_this_turn": _w_bool(x.played_wild_this_turn, "played_wild_this_turn"),
        "turns_taken": _w_int(x.turns_taken, "turns_taken"),
        "cut": _w_cut(x.cut, "cut"),
        **{name: _w_int(getattr(x, name), name) for name in POSITION_ADDED if not _is_zero(getattr(x, name))},
        "move_number": _w_int(x.move_number, "move_number"),
    }


def _is_zero(value: object) -> bool:
    """``value`` is the whole number 0 (a field of :data:`POSITION_ADDED` left out of documents)."""
    return type(value) is int and value == 0


def _w_seed(value: object, path: str) -> str:
    try:
        return str(_w_int(value, path))
    except ValueError as exc:  # an int too long for str()
        if isinstance(exc, SerializationError):
            raise
        raise SerializationError(path, f"cannot write the seed: {exc}", "cannot_write") from None


def _w_state(state: GameState, *, with_rules: bool = True) -> dict[str, Json]:
    """A state document's fields (without ``rules``, where not ``with_rules``)."""
    common = _w_common(state)
    hands = [_w_cards(hand, f"hands[{i}]") for i, hand in enumerate(_w_tuple(state.hands, "hands"))]
    body = {**common, "hands": hands, "stock": _w_cards(state.stock, "stock"), "seed": _w_seed(state.seed, "seed")}
    if with_rules:
        body["rules"] = _w_rules(state.rules, "rules")
    return {name: body[name] for name in _STATE_FIELDS if name in body}


def _w_view(view: PlayerView, *, with_rules: bool = True, with_actions: bool = True) -> dict[str, Json]:
    """A view document's fields (without ``rules`` or ``legal_actions``, where not asked for)."""
    common = _w_common(view)
    body = {
        **common,
        "player": _w_int(view.player, "player"),
        "hand": _w_cards(view.hand, "hand"),
        "hand_sizes": _w_ints(view.hand_sizes, "hand_sizes"),
        "stock_size": _w_int(view.stock_size, "stock_size"),
    }
    if with_rules:
        body["rules"] = _w_rules(view.rules, "rules")
    if with_actions:
        body["legal_actions"] = [_w_action(a, f"legal_actions[{i}]")
                                 for i, a in enumerate(_w_tuple(view.legal_actions, "legal_actions"))]
    return {name: body[name] for name in _VIEW_FIELDS if name in body}


def _w_record(record: GameRecord) -> dict[str, Json]:
    return {
        "rules": _w_rules(record.rules, "rules"),
        "players": _w_int(record.players, "players"),
        "seed": _w_seed(record.seed, "seed"),
        "dealer": _w_int(record.dealer, "dealer"),
        "actions": [_w_action(a, f"actions[{i}]") for i, a in enumerate(_w_tuple(record.actions, "actions"))],
    }


def _kind_of(obj: object) -> str:
    if isinstance(obj, Rules):
        return "rules"
    if isinstance(obj, GameState):
        return "state"
    if isinstance(obj, PlayerView):
        return "view"
    if isinstance(obj, GameRecord):
        return "record"
    if type(obj) in ACTION_NAMES:
        return "action"
    raise SerializationError("", f"to_json writes Rules, GameState, PlayerView, GameRecord and actions, "
                                 f"not {type(obj).__name__}", "cannot_write")


def to_dict(obj: Serializable, *, at: int | None = None) -> dict[str, Json]:
    """The document for ``obj`` as plain JSON data (dicts, lists, strings, numbers, booleans, ``None``).

    Useful to embed a document in a larger message; :func:`to_json` is
    ``json.dumps(to_dict(obj))``.  ``at``, for an action only: the move number
    (``move_number``) of the position it was chosen on, written as ``"at"``.
    Raises :class:`SerializationError` for a
    value that is not one of the kinds in :data:`KINDS`, or that holds a field
    of the wrong type (a hand-built value, never one the library made).
    """
    kind = _kind_of(obj)
    head: dict[str, Json] = {"format": _PREFIX + kind, "version": FORMAT_VERSION}
    if at is not None:
        if kind != "action":
            raise SerializationError("at", f"only an action document says the move it was chosen at, not a {kind}",
                                     "bad_field")
        head["at"] = _w_move(at)
    if kind == "rules":
        return {**head, **_w_rules(obj, "")}
    if kind == "state":
        assert isinstance(obj, GameState)
        return {**head, **_w_state(obj)}
    if kind == "view":
        assert isinstance(obj, PlayerView)
        return {**head, **_w_view(obj)}
    if kind == "record":
        assert isinstance(obj, GameRecord)
        return {**head, **_w_record(obj)}
    return {**head, **_w_action(obj, "")}


_MOST_INDENT: Final = 16
_RULES_TEXTS: Final = MEMO.table("rules as JSON text", 64)
_ACTION_TEXTS: Final = MEMO.table("actions as JSON text", 4096)


def _text(data: Json) -> str:
    """JSON text as this module writes it."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False)


def _rules_text(rules: Rules) -> str:
    """``rules`` as the JSON text of the object a position document holds (kept in the memo, by value)."""
    if type(rules) is not Rules:
        return _text(_w_rules(rules, "rules"))  # (refused there)
    found: str | None = _RULES_TEXTS.get(rules)
    return found if found is not None else _RULES_TEXTS.fill(rules, lambda r: _text(_w_rules(r, "rules")))


def _action_text(action: object, path: str) -> str:
    """``action`` as the JSON text of an action object (kept in the memo, by value)."""
    try:
        found: str | None = _ACTION_TEXTS.get(action)
    except Exception:  # a value built by hand with a field that cannot be hashed: written (or refused) afresh
        return _text(_w_action(action, path))
    return found if found is not None else _ACTION_TEXTS.fill(action, lambda a: _text(_w_action(a, path)))


def _position_text(x: GameState | PlayerView) -> str:
    """``to_json(x)`` of a state or a view: the text ``json.dumps(to_dict(x))`` gives, its rules and
    legal actions written from the memo of their texts, the rest as :func:`to_dict` writes it.  (The
    memo finds values by equality: a rules value or action forged past its constructor, with a field
    of another type that compares equal, ``2.0`` for ``2``, is written as the value it equals.)"""
    if isinstance(x, GameState):
        kind, body, actions = "state", _w_state(x, with_rules=False), ""
    else:
        kind, body = "view", _w_view(x, with_rules=False, with_actions=False)
        listed = _w_tuple(x.legal_actions, "legal_actions")
        actions = ", \"legal_actions\": [" + ", ".join(
            _action_text(a, f"legal_actions[{i}]") for i, a in enumerate(listed)) + "]"
    rest = _text(body)
    return (f'{{"format": "{_PREFIX}{kind}", "version": {FORMAT_VERSION}, "rules": {_rules_text(x.rules)}, '
            f"{rest[1:-1]}{actions}}}")


def _w_move(at: object) -> int:
    """An action document's ``"at"``: a move number, from 0 to :data:`~shanghai_rules.rules.MAX_NUMBER`."""
    if type(at) is not int or not 0 <= at <= MAX_NUMBER:
        raise SerializationError("at", f"cannot write {excerpt(at)}: a move number is a whole number from 0 "
                                       f"to {MAX_NUMBER:,}", "bad_field")
    return at


def _check_indent(indent: object) -> None:
    """A writer's ``indent``: ``None``, or a whole number of spaces from 0 to ``_MOST_INDENT``."""
    if indent is not None and (type(indent) is not int or not 0 <= indent <= _MOST_INDENT):
        raise SerializationError("", f"indent: {excerpt(indent)} is not a whole number of spaces from 0 to "
                                     f"{_MOST_INDENT}", "bad_argument")


def to_json(obj: Serializable, *, indent: int | None = None, at: int | None = None) -> str:
    """``obj`` as a JSON document of this module's format (see the module docs).

    ``obj`` is a :class:`~shanghai_rules.rules.Rules`, a
    :class:`~shanghai_rules.state.GameState`, a
    :class:`~shanghai_rules.views.PlayerView`, a
    :class:`~shanghai_rules.records.GameRecord` or an action;
    ``from_json(to_json(obj)) == obj``.  ``at``: as for :func:`to_dict`.

    >>> import shanghai_rules as sr
    >>> from shanghai_rules.serialization import to_json
    >>> print(to_json(sr.Discard(2, sr.parse_card("10h")), indent=1))
    {
     "format": "shanghai-rules/action",
     "version": 2,
     "type": "discard",
     "player": 2,
     "card": "10H",
     "shanghai": false
    }
    """
    _check_indent(indent)
    if indent is None and at is None and type(obj) in (GameState, PlayerView):
        return _position_text(obj)  # type: ignore[arg-type]
    return json.dumps(to_dict(obj, at=at), indent=indent, ensure_ascii=False, allow_nan=False)


# ---------------------------------------------------------------------------
# reading: types


def _show(value: object) -> str:
    """A JSON value, described for a message."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int) and value.bit_length() > 64:  # (told by its size: too long to write out, or to read)
        return number_size(value)
    if isinstance(value, (int, float)):
        text = repr(value)
        return f"the number {text if len(text) <= 24 else text[:20] + '...'}"
    if isinstance(value, str):
        text = value if len(value) <= 24 else value[:20] + "..."
        return repr(text)
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def _obj(value: Json, path: str, fields: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Json]:
    """An object with exactly ``fields`` (those also in ``optional`` may be absent)."""
    if not isinstance(value, dict):
        raise SerializationError(path, f"expected an object, not {_show(value)}", "bad_field")
    absent = 0
    for name in fields:
        if name not in value:
            if name not in optional:
                raise SerializationError(_join(path, name), "this field is missing", "missing_field")
            absent += 1
    if len(value) != len(fields) - absent:
        allowed = set(fields)
        for key in value:
            if key not in allowed:
                raise SerializationError(_join(path, _key_shown(key)), "unknown field: the format has no such field",
                                         "unknown_field")
    return value


def _int(value: Json, path: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        raise SerializationError(path, f"expected a whole number, not {_show(value)}", "bad_field")
    if value.bit_length() > MAX_NUMBER_BITS:
        raise SerializationError(path, f"no number in a game is longer than {MAX_NUMBER_BITS:,} bits", "bad_field")
    if low is not None and value < low:
        raise SerializationError(path, f"{value} is less than {low}", "bad_field")
    if high is not None and value > high:
        raise SerializationError(path, f"{value} is more than {high}", "bad_field")
    return value


def _int_opt(value: Json, path: str, low: int | None = None, high: int | None = None) -> int | None:
    if value is None:
        return None
    if type(value) is not int:
        raise SerializationError(path, f"expected a whole number or null, not {_show(value)}", "bad_field")
    return _int(value, path, low, high)


def _bool(value: Json, path: str) -> bool:
    if type(value) is not bool:
        raise SerializationError(path, f"expected true or false, not {_show(value)}", "bad_field")
    return value


def _str(value: Json, path: str, allowed: Sequence[str] | None = None) -> str:
    if not isinstance(value, str):
        raise SerializationError(path, f"expected a string, not {_show(value)}", "bad_field")
    if allowed is not None and value not in allowed:
        raise SerializationError(path, f"{_show(value)} is not one of {', '.join(map(repr, allowed))}", "bad_field")
    return value


def _list(value: Json, path: str) -> list[Json]:
    if not isinstance(value, list):
        raise SerializationError(path, f"expected an array, not {_show(value)}", "bad_field")
    return value


def _items(value: Json, path: str, read: Callable[[Json, str], T], most: int | None = None) -> tuple[T, ...]:
    """The items of an array, each read by ``read``; an array of more than ``most`` items is refused
    before any is read.  The items are read with the array's path, and, where one is refused, read
    again, each with its own path (``read`` is pure), so that the error names the item."""
    items = _list(value, path)
    if most is not None and len(items) > most:
        raise SerializationError(path, f"at most {most:,} items here, not {len(items):,}", "bad_field")
    try:
        return tuple([read(item, path) for item in items])
    except SerializationError:  # read again, each item at its own path, to name the first bad one
        return tuple([read(item, f"{path}[{i}]") for i, item in enumerate(items)])


def _ints(value: Json, path: str, low: int | None = None) -> tuple[int, ...]:
    """An array of whole numbers, one per seat or per round (so at most :data:`~shanghai_rules.rules.MAX_ROUNDS`)."""
    return _items(value, path, lambda v, p: _int(v, p, low), MAX_ROUNDS)


def _card(value: Json, path: str) -> Card:
    card = _CARDS.get(value) if isinstance(value, str) else None
    if card is not None:
        return card
    if not isinstance(value, str):
        raise SerializationError(path, f"expected a card in canonical notation, not {_show(value)}", "bad_field")
    try:
        parsed = parse_card(value)
    except CardParseError:
        raise SerializationError(path, f"{_show(value)} is not a card", "bad_field") from None
    raise SerializationError(path, f"{_show(value)} is not in canonical notation: write {str(parsed)!r}", "bad_field")


def _cards(value: Json, path: str) -> tuple[Card, ...]:
    """An array of cards: at most the :data:`~shanghai_rules.cards.MAX_CARDS` cards a game may hold.
    Each is read as :func:`_card` reads it: looked up whole in the table of canonical notation, and,
    if any is not found there, read one by one so that the first bad one is named."""
    items = _list(value, path)
    if len(items) <= MAX_CARDS:
        try:
            return tuple(map(_CARDS.__getitem__, items))
        except (KeyError, TypeError):
            pass
    return _items(items, path, _card, MAX_CARDS)


def _sorted_cards(value: Json, path: str) -> tuple[Card, ...]:
    """A hand: read, and kept sorted as the library keeps hands (hand order carries no meaning)."""
    return tuple(sorted(_cards(value, path), key=_CODE))


_CODE: Final = operator.attrgetter("code")  # the order hands are kept in


def _seat(value: Json, path: str, players: int | None = None) -> int:
    seat = _int(value, path, 0)
    if players is not None and seat >= players:
        raise SerializationError(path, f"there is no seat {seat} ({players} players: seats 0-{players - 1})",
                                 "no_such_seat")
    return seat


def _seat_opt(value: Json, path: str, players: int | None = None) -> int | None:
    if value is None:
        return None
    if type(value) is not int:
        raise SerializationError(path, f"expected a seat number or null, not {_show(value)}", "bad_field")
    return _seat(value, path, players)


def _seed(value: Json, path: str) -> int:
    if not isinstance(value, str):
        raise SerializationError(path, f"expected the seed as a string of decimal digits, not {_show(value)}",
                                 "bad_field")
    if not _SEED.fullmatch(value):
        raise SerializationError(path, f"{_show(value)} is not a whole number written in decimal digits", "bad_field")
    if len(value) > _MAX_SEED_DIGITS:
        raise SerializationError(path, f"a seed has at most {MAX_SEED_BITS} bits, not {len(value):,} digits",
                                 "bad_field")
    seed = int(value)
    refusal = seed_refusal(seed)
    if refusal:
        raise SerializationError(path, refusal, "bad_field")
    return seed


# ---------------------------------------------------------------------------
# reading: values


def _read_contract(value: Json, path: str) -> Contract:
    data = _obj(value, path, _CONTRACT_FIELDS)
    fields = {name: _int(data[name], _join(path, name), 0) for name in _CONTRACT_FIELDS[:4]}
    no_discard = _bool(data["no_discard"], _join(path, "no_discard"))
    try:
        return Contract(**fields, no_discard=no_discard)
    except RulesError as exc:
        raise SerializationError(path, str(exc), exc.code) from None


def _read_pair(value: Json, path: str) -> tuple[int, int]:
    pair = _list(value, path)
    if len(pair) != 2:
        raise SerializationError(path, f"expected a pair of whole numbers, not an array of {len(pair)}", "bad_field")
    return _int(pair[0], f"{path}[0]", 0), _int(pair[1], f"{path}[1]", 0)


def _read_rules(value: Json, path: str, envelope: Sequence[str] = ()) -> Rules:
    """The rules a document gives: those of a document of the same text read before (a rules value
    is checked once, as it is built: :data:`_RULES_BY_TEXT`), or read and checked now."""
    text = _exact_key(value)
    key = (tuple(envelope), text)  # (a rules document's envelope is refused inside a state)
    found: Rules | None = _RULES_BY_TEXT.get(key) if text is not None else None
    if found is not None:
        return found
    rules = _read_rules_fields(value, path, envelope)
    if text is not None:
        _RULES_BY_TEXT.put(key, rules)
    return rules


_RULES_BY_TEXT: Final = MEMO.table("rules documents read, by their text", 64)
_MAX_KEY: Final = 10_000  # (a rules object of a game is about 1,500 bytes, a meld's a few hundred)
#: The most cards of a meld on the table that the memos of melds read keep: no meld of a preset's
#: game holds as many (a run holds at most 14); a longer one (a made-up document's, or a set of
#: house rules with many jokers) is read and judged each time, so that refused documents never
#: fill the memo with long melds.
_MOST_MELD_CARDS_KEPT: Final = 32


def _exact_key(value: Json) -> bytes | None:
    """A JSON object (rules, a meld) as the memos of values read key it: its :mod:`marshal` form
    (version 2, without references), which tells every JSON value from every other, ``true`` from
    ``1`` and ``1.0`` included; ``None`` where it is no object, or too long to keep."""
    if not isinstance(value, dict):
        return None
    try:
        key = marshal.dumps(value, 2)
    except ValueError:  # nested too deeply
        return None
    return key if len(key) <= _MAX_KEY else None


def _read_rules_fields(value: Json, path: str, envelope: Sequence[str] = ()) -> Rules:
    data = _obj(value, path, (*envelope, *(name for name, _ in RULES_FIELDS)), tuple(RULES_ADDED))
    fields: dict[str, object] = {}
    for name, kind in RULES_FIELDS:
        where = _join(path, name)
        item = data[name] if name in data else RULES_ADDED[name]
        if kind == "pairs":
            fields[name] = _items(item, where, _read_pair, MAX_STEPS)
        elif kind == "pairs?":
            fields[name] = None if item is None else _items(item, where, _read_pair, MAX_STEPS)
        elif kind == "ints?":
            fields[name] = None if item is None else _ints(item, where, 0)
        elif kind == "ints_or_null":
            fields[name] = _items(item, where, lambda v, p: _int_opt(v, p, 0), MAX_ROUNDS)
        elif kind == "contracts":
            fields[name] = _items(item, where, _read_contract, MAX_ROUNDS)
        elif kind == "ints":
            fields[name] = _ints(item, where, 0)
        elif kind == "int?":
            fields[name] = _int_opt(item, where, 0)
        elif kind == "int":
            fields[name] = _int(item, where, 0)
        elif kind == "bool":
            fields[name] = _bool(item, where)
        else:
            fields[name] = _str(item, where)
    try:
        return _one_of_each(Rules(**fields))  # type: ignore[arg-type]
    except RulesError as exc:
        raise _rules_error(path, str(exc), exc.code) from None


_RULES_READ: Final = MEMO.table("rules read from documents", 256)


def _one_of_each(rules: Rules) -> Rules:
    """The one :class:`Rules` object of this value that documents read give (the first read, or a
    preset): every state read under the same rules then shares the object, and the engine's memo,
    keyed by the rules, finds it at once instead of comparing every field."""
    preset = PRESETS.get(rules.name)
    if preset is not None and preset == rules:
        return preset
    found: Rules = _RULES_READ.answer(rules, lambda value: value)
    return found


_FIELD_PREFIX: Final = re.compile(r"([a-z_]+)((?:\[\d+\])*): (.*)", re.DOTALL)


def _rules_error(path: str, message: str, code: Code) -> SerializationError:
    """A RulesError's message ("hand_size: ...") and code as an error at that field of the rules."""
    match = _FIELD_PREFIX.fullmatch(message)
    if match and match.group(1) in _RULES_FIELD_NAMES:
        return SerializationError(_join(path, match.group(1) + match.group(2)), match.group(3), code)
    return SerializationError(path or "rules", message, code)


def _meld_fields(value: Json, path: str, extra: Sequence[str]) -> tuple[dict[str, Json], str]:
    if not isinstance(value, dict):
        raise SerializationError(path, f"expected a meld object, not {_show(value)}", "bad_field")
    if "kind" not in value:
        raise SerializationError(_join(path, "kind"), "this field is missing", "missing_field")
    kind = _str(value["kind"], _join(path, "kind"), ("set", "run"))
    names = ("rank",) if kind == "set" else ("suit", "start")
    return _obj(value, path, (*extra, "kind", "cards", *names)), kind


def _meld_from(data: dict[str, Json], kind: str, path: str) -> Meld:
    cards = _cards(data["cards"], _join(path, "cards"))
    if kind == "set":
        rank_text = data["rank"]
        if rank_text is None:
            return Meld("set", cards)
        if not isinstance(rank_text, str):
            raise SerializationError(_join(path, "rank"), f"expected a rank or null, not {_show(rank_text)}",
                                     "bad_field")
        rank = _RANKS.get(rank_text)
        if rank is None:
            raise SerializationError(_join(path, "rank"), f"{_show(rank_text)} is not a rank: use one of "
                                                          f"{', '.join(_RANKS)}", "bad_field")
        return Meld("set", cards, rank=rank)
    suit = _SUITS[_str(data["suit"], _join(path, "suit"), tuple(_SUITS))]
    start = _int(data["start"], _join(path, "start"), 1, 14)
    return Meld("run", cards, suit=suit, start=start)


def _read_meld(value: Json, path: str) -> Meld:
    data, kind = _meld_fields(value, path, ())
    return _meld_from(data, kind, path)


def _read_table_meld(value: Json, path: str) -> TableMeld:
    data, kind = _meld_fields(value, path, ("owner",))
    owner = _seat(data["owner"], _join(path, "owner"))
    return TableMeld(owner=owner, meld=_meld_from(data, kind, path))


_TABLE_MELDS_READ: Final = MEMO.table("melds on the table read from documents, by their exact values", 4096)


def _read_known_table_meld(value: Json, path: str) -> TableMeld:
    """A meld on the table as :func:`_read_table_meld` reads it: the one read before from an object of
    the same exact values (a meld is a value: read once, it is the same meld), or read now."""
    key = _exact_key(value)
    found: TableMeld | None = _TABLE_MELDS_READ.get(key) if key is not None else None
    if found is None:
        found = _read_table_meld(value, path)
        if key is not None and len(found.meld.cards) <= _MOST_MELD_CARDS_KEPT:
            _TABLE_MELDS_READ.put(key, found)
    return found


def _read_group(value: Json, path: str) -> tuple[Card, ...] | Meld:
    if isinstance(value, list):
        return _cards(value, path)
    if isinstance(value, dict):
        return _read_meld(value, path)
    raise SerializationError(path, f"expected an array of cards or a meld object, not {_show(value)}", "bad_field")


def _read_action(value: Json, path: str, players: int | None = None, envelope: Sequence[str] = ()) -> Action:
    if not isinstance(value, dict):
        raise SerializationError(path, f"expected an action object, not {_show(value)}", "bad_field")
    if "type" not in value:
        raise SerializationError(_join(path, "type"), "this field is missing", "missing_field")
    name = _str(value["type"], _join(path, "type"), tuple(ACTION_FIELDS))
    names = ACTION_FIELDS[name]
    data = _obj(value, path, (*envelope, "type", *names))
    fields: dict[str, object] = {}
    for field in names:
        where = _join(path, field)
        item = data[field]
        if field == "player":
            fields[field] = _seat(item, where, players)
        elif field == "meld":
            fields[field] = _int(item, where, 0)
        elif field == "count":
            fields[field] = _int(item, where)
        elif field == "card":
            fields[field] = _card(item, where)
        elif field == "shanghai":
            fields[field] = _bool(item, where)
        elif field == "end":
            fields[field] = None if item is None else _str(item, where, _ENDS)
        else:
            fields[field] = _items(item, where, _read_group, MAX_CARDS)
    try:
        action: Action = _ACTION_CLASSES[name](**fields)
    except IllegalAction as exc:  # MalformedAction: not expected after the checks above
        raise SerializationError(path, str(exc), exc.code) from None
    return action


def _read_result(value: Json, path: str) -> RoundResult:
    data = _obj(value, path, _RESULT_FIELDS)

    def at(name: str) -> str:
        return _join(path, name)

    return RoundResult(
        round_number=_int(data["round_number"], at("round_number"), 1),
        went_out=_seat_opt(data["went_out"], at("went_out")),
        ended_by=_str(data["ended_by"], at("ended_by"), _ENDED_BY),  # type: ignore[arg-type]
        slam=_bool(data["slam"], at("slam")),
        hand_points=_ints(data["hand_points"], at("hand_points"), 0),
        cut_by=_seat_opt(data["cut_by"], at("cut_by")),
        cut_exact=_bool(data["cut_exact"], at("cut_exact")),
        points=_ints(data["points"], at("points")),
        bonus=_int(data["bonus"], at("bonus"), 0),
    )


def _read_cut(value: Json, path: str) -> tuple[int, bool] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise SerializationError(path, f"expected null or a cut object, not {_show(value)}", "bad_field")
    data = _obj(value, path, ("cutter", "exact"))
    return _seat(data["cutter"], _join(path, "cutter")), _bool(data["exact"], _join(path, "exact"))


def _read_common(data: dict[str, Json]) -> dict[str, Any]:
    """The fields a state and a view share, typed but not yet checked against each other."""
    return {
        "rules": _read_rules(data["rules"], "rules"),
        "round_number": _int(data["round_number"], "round_number", 1),
        "dealer": _seat(data["dealer"], "dealer"),
        "phase": _str(data["phase"], "phase", _PHASES),
        "turn": _seat(data["turn"], "turn"),
        "table": _items(data["table"], "table", _read_known_table_meld, MAX_CARDS),
        "discard": _cards(data["discard"], "discard"),
        "upcard_live": _bool(data["upcard_live"], "upcard_live"),
        "discarder": _seat_opt(data["discarder"], "discarder"),
        "shanghai_open": _bool(data["shanghai_open"], "shanghai_open"),
        "buys_left": _items(data["buys_left"], "buys_left", lambda v, p: _int_opt(v, p, 0), MAX_PLAYERS),
        "buy_requests": _items(data["buy_requests"], "buy_requests", _seat, MAX_PLAYERS),
        "buy_withdrawn": _items(data["buy_withdrawn"], "buy_withdrawn", _seat, MAX_PLAYERS),
        "down": _items(data["down"], "down", _bool, MAX_PLAYERS),
        "scores": _ints(data["scores"], "scores"),
        "round_results": _items(data["round_results"], "round_results", _read_result, MAX_ROUNDS),
        "went_down_this_turn": _bool(data["went_down_this_turn"], "went_down_this_turn"),
        "owed_wilds": _cards(data["owed_wilds"], "owed_wilds"),
        "must_go_down": _bool(data["must_go_down"], "must_go_down"),
        "played_wild_this_turn": _bool(data["played_wild_this_turn"], "played_wild_this_turn"),
        "turns_taken": _int(data["turns_taken"], "turns_taken", 0),
        "cut": _read_cut(data["cut"], "cut"),
        **{name: _int(data[name], name, 0, _COUNT_LIMITS[name]) for name in POSITION_ADDED if name in data},
        **({"move_number": _int(data["move_number"], "move_number", 0)} if "move_number" in data else {}),
    }


def _read_state(data: dict[str, Json]) -> GameState:
    fields = _read_common(data)
    state = GameState(
        **fields,
        hands=_items(data["hands"], "hands", _sorted_cards, MAX_PLAYERS),
        stock=_cards(data["stock"], "stock"),
        seed=_seed(data["seed"], "seed"),
    )
    _check_position(state, tuple(len(hand) for hand in state.hands), "hands")
    _check_state_cards(state)
    if state.owed_wilds and remove_cards(state.hands[state.turn], state.owed_wilds) is None:
        raise _fail("owed_wilds", f"seat {state.turn}, on turn, does not hold the wilds it owes")
    if state.phase != "game_over" and not has_legal_action(state):
        raise _fail("phase", f"no legal action in phase {excerpt(state.phase)}: no game reaches this position")
    return state


def _read_view(data: dict[str, Json]) -> PlayerView:
    fields = _read_common(data)
    view = PlayerView(
        **fields,
        player=_seat(data["player"], "player"),
        hand=_sorted_cards(data["hand"], "hand"),
        hand_sizes=_ints(data["hand_sizes"], "hand_sizes", 0),
        stock_size=_int(data["stock_size"], "stock_size", 0),
        legal_actions=_items(data["legal_actions"], "legal_actions", _read_action),
    )
    _check_position(view, view.hand_sizes, "hand_sizes")
    _check_view(view)
    return view


def _read_record(data: dict[str, Json]) -> GameRecord:
    rules = _read_rules(data["rules"], "rules")
    players = _int(data["players"], "players")
    if not rules.allows_players(players):
        raise SerializationError("players", f"{rules.name} is played by {rules.min_players}-{rules.max_players} "
                                            f"players, not {players}", "bad_player_count")
    seed = _seed(data["seed"], "seed")
    dealer = _seat(data["dealer"], "dealer", players)
    actions = _items(data["actions"], "actions", lambda v, p: _read_action(v, p, players))
    return GameRecord(rules=rules, players=players, seed=seed, dealer=dealer, actions=actions)


# ---------------------------------------------------------------------------
# reading: is this a position a game could reach?


def _fail(path: str, reason: str) -> SerializationError:
    """The error of a document that describes a position no game reaches."""
    return SerializationError(path, reason, "unreachable_position")


def _check_position(x: GameState | PlayerView, sizes: tuple[int, ...], seats_path: str) -> None:
    """Checks that need only what a state and a view share; ``sizes`` are the hand sizes."""
    n = _check_seats(x, sizes, seats_path)
    phase = x.phase
    _check_results(x, n, phase in ("draw", "play", "cut"))
    _check_cut(x)
    _check_buys(x, n)
    _check_table(x, n)
    _check_upcard(x)
    _check_obligations(x)
    _check_turn_flags(x)
    _check_stock_counts(x)
    rules = x.rules
    cap = turn_cap(rules, n)
    if cap is not None and (x.turns_taken > cap or (x.turns_taken == cap and phase not in ("round_over", "game_over"))):
        raise _fail("turns_taken", f"{x.turns_taken} turns, but the round ends after {cap} (turn_limit)")
    if phase == "cut":
        _check_before_the_deal(x, sizes, seats_path)
    elif phase in ("draw", "play"):
        _check_round_in_play(x, sizes, seats_path)
    else:
        _check_round_over(x, sizes, seats_path, cap)


def _check_stock_counts(x: GameState | PlayerView) -> None:
    """What the rules of an empty stock keep count of: rebuilds within the limit, fresh decks only
    where the rules add them, and the table at the last rebuild no more than the table now."""
    rules = x.rules
    if x.stock_rebuilt and not rebuild_allowed(rules, x.stock_rebuilt - 1):
        raise _fail("stock_rebuilt", f"the stock is rebuilt at most {rules.stock_rebuilds} times a round, "
                                     f"not {x.stock_rebuilt}")
    if x.fresh_decks > x.stock_rebuilt or (x.fresh_decks and not rules.fresh_deck_when_empty):
        raise _fail("fresh_decks", "a fresh deck comes only with a rebuild of the stock, where the rules add one")
    if x.fresh_decks and cards_in_play(rules, len(x.scores), x.fresh_decks) > MAX_CARDS:
        raise _fail("fresh_decks", f"fresh decks are added only while the cards in play stay within {MAX_CARDS:,}")
    if x.table_at_rebuild > sum(len(tm.meld.cards) for tm in x.table) or (x.table_at_rebuild and not x.stock_rebuilt):
        raise _fail("table_at_rebuild", "more cards than the table holds, or a rebuild that has not happened")


def _check_seats(x: GameState | PlayerView, sizes: tuple[int, ...], seats_path: str) -> int:
    """The seat count and every field given per seat or naming a seat; the number of seats."""
    rules = x.rules
    n = len(sizes)
    if not rules.allows_players(n):
        raise _fail(seats_path, f"{n} seats, but {rules.name} is played by {rules.min_players}-"
                                f"{rules.max_players} players")
    if x.round_number > rules.rounds:
        raise _fail("round_number", f"{x.round_number} is not a round of {rules.name} (1-{rules.rounds})")
    limit = rules.buy_limit(x.round_number)
    for name in ("dealer", "turn"):
        if getattr(x, name) >= n:
            raise _fail(name, f"there is no seat {getattr(x, name)} ({n} players)")
    if x.discarder is not None and x.discarder >= n:
        raise _fail("discarder", f"there is no seat {x.discarder} ({n} players)")
    for name in ("buys_left", "down", "scores"):
        if len(getattr(x, name)) != n:
            raise _fail(name, f"expected one entry per seat ({n}), not {len(getattr(x, name))}")
    for seat, left in enumerate(x.buys_left):
        if (left is None) != (limit is None):
            raise _fail(f"buys_left[{seat}]", f"{left} buys, but round {x.round_number} allows "
                                              f"{'unlimited buys' if limit is None else limit}")
        if left is not None and limit is not None and left > limit:
            raise _fail(f"buys_left[{seat}]", f"{left} buys, but round {x.round_number} allows {limit}")
    return n


def _check_upcard(x: GameState | PlayerView) -> None:
    """A live upcard, and Shanghai open on it, only where the engine leaves them."""
    if x.upcard_live and (not buy_window_open(x) or not x.discard):
        raise _fail("upcard_live", "only the top of a non-empty discard pile, before the draw (or, where buys go "
                                   "on until the discard, before the discard), can be live")
    if x.shanghai_open:
        if x.phase != "draw" or not x.upcard_live or x.discarder is None:
            raise _fail("shanghai_open", "Shanghai can be open only on a live, undeclared discard before the draw")
        # the engine opens Shanghai on a discard that might have been declared (shanghai_open_after)
        refusal = declaration_refusal(x, x.discard[-1])
        if refusal:
            raise _fail("shanghai_open", f"Shanghai is open only on a discard that might have been declared: {refusal}")


def _check_obligations(x: GameState | PlayerView) -> None:
    """The obligations of a swap (wilds owed, going down) only where a swap of the seat on turn left them."""
    if not (x.owed_wilds or x.must_go_down):
        return
    rules = x.rules
    if x.phase != "play":
        raise _fail("owed_wilds" if x.owed_wilds else "must_go_down",
                    "a swap's obligation lasts only for the play phase of one turn")
    if x.owed_wilds and not (rules.swapped_wild_must_be_played and swaps_allowed(rules)):
        raise _fail("owed_wilds", "under these rules no swap leaves a wild that must be played")
    if x.must_go_down and not (rules.swap_forces_going_down and swaps_allowed(rules)):
        raise _fail("must_go_down", "under these rules no swap obliges a player to go down")
    for i, card in enumerate(x.owed_wilds):
        if not may_be_freed(card, rules):
            raise _fail(f"owed_wilds[{i}]", f"{card} is not a wild a swap frees under these rules")
    if x.must_go_down and x.down[x.turn]:
        raise _fail("must_go_down", f"seat {x.turn} is already down")
    # the engine's own rule of who may swap, asked of the seat as it is now: except where only a
    # player not yet down may swap (the swapper may have gone down since), being down now is
    # what it asks of a swapper, so a seat it refuses now could not have swapped this turn
    if rules.swap_eligibility != "not_down":
        refusal = swapper_refusal(rules, x.down[x.turn], x.went_down_this_turn)
        if refusal:
            raise _fail("owed_wilds" if x.owed_wilds else "must_go_down",
                        f"seat {x.turn}, on turn, may not swap: {refusal}; so no swap of theirs left this "
                        f"obligation")


def _check_turn_flags(x: GameState | PlayerView) -> None:
    """What the seat on turn did this turn, only in the phases where a turn is played or has just ended."""
    phase = x.phase
    if x.went_down_this_turn and phase not in ("play", "round_over", "game_over"):
        raise _fail("went_down_this_turn", f"no one goes down in phase {excerpt(phase)}")
    if x.played_wild_this_turn and phase not in ("play", "round_over", "game_over"):
        raise _fail("played_wild_this_turn", f"no one plays cards in phase {excerpt(phase)}")
    if phase == "play" and x.went_down_this_turn and not x.down[x.turn]:
        raise _fail("went_down_this_turn", f"seat {x.turn}, on turn, is not down")
    # a seat that went down this turn laid every meld it owns this turn: the engine's own rule says
    # whether that played a wild
    if (phase == "play" and x.went_down_this_turn and not x.played_wild_this_turn
            and plays_a_wild([held.meld for held in x.table if held.owner == x.turn])):
        raise _fail("played_wild_this_turn", f"seat {x.turn}, on turn, went down this turn with a wild in its "
                                             "melds, so it has played a wild this turn")


def _check_before_the_deal(x: GameState | PlayerView, sizes: tuple[int, ...], seats_path: str) -> None:
    """The cut: the dealer's right on turn, nothing dealt, nothing played."""
    rules = x.rules
    limit = rules.buy_limit(x.round_number)
    if rules.cut_penalty is None:
        raise _fail("phase", "these rules have no cut")
    if x.turn != x.cutter:
        raise _fail("turn", f"in the cut, the dealer's right (seat {x.cutter}) is on turn")
    if any(sizes):
        raise _fail(seats_path, "no one holds cards before the deal")
    if x.table or x.discard or any(x.down) or x.turns_taken or x.stock_rebuilt:
        raise _fail("phase", "before the deal the table and the discard pile are empty, no one is down "
                             "and no turn has been taken")
    if any(left != limit for left in x.buys_left):
        raise _fail("buys_left", f"before the deal every seat has its {limit} buys")
    if x.cut is not None or x.discarder is not None:
        raise _fail("cut" if x.cut is not None else "discarder", "there is no cut or discard before the cut")


def _check_round_in_play(x: GameState | PlayerView, sizes: tuple[int, ...], seats_path: str) -> None:
    """The draw and play phases: every hand held, the discarder the seat before, no offer after the draw."""
    rules = x.rules
    n = len(sizes)
    for seat, size in enumerate(sizes):
        if size == 0:
            raise _fail(f"{seats_path}[{seat}]", "a hand is never empty while the round is played")
    if x.discarder is not None and x.discarder != (x.turn - 1) % n:
        raise _fail("discarder", f"the last discard was made by seat {x.discarder}, but the seat on turn "
                                 f"is {x.turn}, not the next seat")
    if x.phase == "play" and not buy_window_open(x) and (x.upcard_live or x.buy_requests or x.buy_withdrawn):
        raise _fail("upcard_live" if x.upcard_live else "buy_requests",
                    "after the draw there is no upcard and no buy request (unless buys go on until the discard)")
    if rules.contract(x.round_number).no_discard and x.table:
        raise _fail("table", f"in round {x.round_number} going down takes the whole hand and ends the round")
    if rules.cut_penalty is not None and x.round_results and x.cut is None:
        raise _fail("cut", "a round the library dealt under these rules was cut first")


def _check_round_over(x: GameState | PlayerView, sizes: tuple[int, ...], seats_path: str,
                      cap: int | None) -> None:
    """A round over (or the game): its result is this round's, and says what the position shows."""
    rules = x.rules
    result = x.round_results[-1]
    if x.round_number != result.round_number:
        raise _fail("round_results", f"the last result is of round {result.round_number}, but round "
                                     f"{x.round_number} has ended")
    if (x.phase == "game_over") != (x.round_number == rules.rounds):
        raise _fail("phase", f"the game ends after round {rules.rounds}, not after round {x.round_number}")
    if x.buy_requests or x.buy_withdrawn:
        raise _fail("buy_requests", "no buy requests are pending after the round")
    if result.went_out is not None and sizes[result.went_out] != 0:
        raise _fail(f"{seats_path}[{result.went_out}]", "the seat that went out holds no cards")
    if result.ended_by in ("stock", "deadlock"):
        _check_stock_ending(x, result.ended_by, len(sizes))
    if result.ended_by == "turn_limit" and x.turns_taken != cap:
        raise _fail("round_results", "the round ended on the turn limit before the limit was reached")
    if (result.cut_by, result.cut_exact) != (x.cut if x.cut is not None else (None, False)):
        raise _fail("round_results", "the last result's cut differs from this round's cut")


def _check_stock_ending(x: GameState | PlayerView, ended_by: str, players: int) -> None:
    """A round that ended for want of cards: the stock could not be rebuilt (as
    :func:`~shanghai_rules.engine.stock.rebuilt` judges), in a deadlock exactly where it says ``deadlock``."""
    pile = Pile((), x.discard, 0, x.stock_rebuilt, x.fresh_decks, x.table_at_rebuild)
    if rebuilt(pile, x.rules, players, x.table) is not None:
        raise _fail("round_results", "the round ended for want of cards while the stock could be rebuilt")
    if (ended_by == "deadlock") != deadlocked(pile, x.rules, x.table):
        raise _fail("round_results", "a round ends in a deadlock exactly where the rules call one and no card "
                                     "was laid on the table since the stock was last rebuilt")


def _check_results(x: GameState | PlayerView, n: int, active: bool) -> None:
    rules = x.rules
    results = x.round_results
    if not results and not active:
        raise _fail("round_results", "a round has ended, so it has a result")
    for i, result in enumerate(results):
        path = f"round_results[{i}]"
        if i and result.round_number != results[i - 1].round_number + 1:
            raise _fail(f"{path}.round_number", "results follow the rounds in order, one per round")
        for name in ("hand_points", "points"):
            if len(getattr(result, name)) != n:
                raise _fail(f"{path}.{name}", f"expected one entry per seat ({n}), not {len(getattr(result, name))}")
        if result.went_out is not None and result.went_out >= n:
            raise _fail(f"{path}.went_out", f"there is no seat {result.went_out} ({n} players)")
        if (result.ended_by == "out") != (result.went_out is not None):
            raise _fail(f"{path}.went_out", "a round ended by going out has the seat that went out, and only such")
        if result.went_out is not None and result.hand_points[result.went_out]:
            raise _fail(f"{path}.hand_points[{result.went_out}]", "the seat that went out holds no cards")
        if result.slam and result.went_out is None:
            raise _fail(f"{path}.slam", "a slam is going out: no one went out")
        if result.cut_by is not None and (rules.cut_penalty is None or result.cut_by >= n):
            raise _fail(f"{path}.cut_by", "no cut under these rules" if rules.cut_penalty is None
                        else f"there is no seat {result.cut_by}")
        if result.cut_exact and result.cut_by is None:
            raise _fail(f"{path}.cut_exact", "an exact cut has a cutter")
        if result.bonus and result.bonus not in {going_out_bonus(rules, True, wild) for wild in (False, True)}:
            raise _fail(f"{path}.bonus", f"a bonus of {result.bonus} is not one of these rules' blind bonuses")
        if result.bonus and result.went_out is None:
            raise _fail(f"{path}.bonus", "a going-out bonus needs a seat that went out")
        # the engine's own scoring of the round
        cut = None if result.cut_by is None else (result.cut_by, result.cut_exact)
        expected = round_points(rules, result.hand_points, cut, result.went_out, result.bonus)
        for seat in range(n):
            if result.points[seat] != expected[seat]:
                raise _fail(f"{path}.points[{seat}]", f"{result.points[seat]} points, but the hand's "
                                                      f"{result.hand_points[seat]}, the cut penalty and the bonus "
                                                      f"make {expected[seat]}")
    last = results[-1].round_number if results else None
    if last is not None and last != (x.round_number - 1 if active else x.round_number):
        raise _fail(f"round_results[{len(results) - 1}].round_number",
                    f"round {last} cannot be the last finished round in round {x.round_number}, phase {x.phase!r}")
    for i, result in enumerate(results):  # (their rounds known to be in order, up to this one)
        _check_result_rules(x, result, f"round_results[{i}]")
    for seat, score in enumerate(x.scores):
        start = score - sum(result.points[seat] for result in results)
        if start.bit_length() > MAX_SCORE_BITS:
            raise _fail(f"scores[{seat}]", f"less the points of the rounds played, a score is the one the game was "
                                           f"set up with, of at most {MAX_SCORE_BITS:,} bits")


def _check_result_rules(x: GameState | PlayerView, result: RoundResult, path: str) -> None:
    """A round's result as the rules could end it: cut by that round's cutter (the deal passes left,
    one seat a round), ended by the turn limit or in a deadlock only where the rules have them."""
    n = len(x.scores)
    dealer = dealer_after(x.dealer, result.round_number - x.round_number, n)
    if result.cut_by is not None and result.cut_by != cutter_seat(dealer, n):
        raise _fail(f"{path}.cut_by", f"seat {dealer} dealt round {result.round_number}, so seat "
                                      f"{cutter_seat(dealer, n)} cut it")
    if result.ended_by == "turn_limit" and turn_cap(x.rules, n) is None:
        raise _fail(f"{path}.ended_by", "these rules have no turn limit")
    if result.ended_by == "deadlock" and not deadlock_may_end_round(x.rules):
        raise _fail(f"{path}.ended_by", "under these rules a round does not end in a deadlock")


def _check_cut(x: GameState | PlayerView) -> None:
    """A cut made only under rules with a cut, and by the seat that cuts (the dealer's right)."""
    if x.cut is None:
        return
    if x.rules.cut_penalty is None:
        raise _fail("cut", "these rules have no cut")
    cutter = x.cutter
    if x.cut[0] != cutter:
        raise _fail("cut.cutter", f"the dealer's right, seat {cutter}, cuts")


def _check_buys(x: GameState | PlayerView, n: int) -> None:
    for name in ("buy_requests", "buy_withdrawn"):
        seats: tuple[int, ...] = getattr(x, name)
        if seats and not buy_window_open(x):
            raise _fail(name, "buy requests are made and withdrawn only while the upcard may be bought")
        if name == "buy_requests" and len(seats) > 1 and x.rules.buy_offers == "in_turn":
            raise _fail(name, "where buy offers go one seat at a time, the first seat to ask ends the offers")
        for i, seat in enumerate(seats):
            path = f"{name}[{i}]"
            if seat >= n:
                raise _fail(path, f"there is no seat {seat} ({n} players)")
            if seat in seats[:i]:
                raise _fail(path, f"seat {seat} is listed twice")
            if seat == x.turn:
                raise _fail(path, "the player on turn takes the upcard free instead of buying it")
            if name == "buy_withdrawn" and seat in x.buy_requests:
                raise _fail(path, f"seat {seat} both asks to buy and has withdrawn its request")
            if name == "buy_requests":
                # the engine's own rule of who may buy this upcard
                why = seat_buy_refusal(x, seat, asking=False)
                if why:
                    raise _fail(path, why)


_LEGAL_TABLE_MELDS: Final = MEMO.table("melds on the table read from documents and found legal", 4096)


def _check_table(x: GameState | PlayerView, n: int) -> None:
    rules = x.rules
    contract = rules.contract(x.round_number)
    owned: dict[int, list[str]] = {}
    for i, tm in enumerate(x.table):
        path = f"table[{i}]"
        if tm.owner >= n:
            raise _fail(f"{path}.owner", f"there is no seat {tm.owner} ({n} players)")
        if not x.down[tm.owner]:
            raise _fail(f"{path}.owner", f"seat {tm.owner} owns a meld but is not down")
        judged = (tm.meld, rules)
        if judged not in _LEGAL_TABLE_MELDS:
            verdict = check_meld(tm.meld, rules, laid_off=True)
            if not verdict:
                raise _fail(path, f"{tm.meld.describe()} is not a legal meld: {verdict.reason}")
            if len(tm.meld.cards) <= _MOST_MELD_CARDS_KEPT:
                _LEGAL_TABLE_MELDS.put(judged, True)
        owned.setdefault(tm.owner, []).append(tm.meld.kind)
    for seat, down in enumerate(x.down):
        kinds = owned.get(seat, [])
        if down and (kinds.count("set") != contract.sets or kinds.count("run") != contract.runs):
            raise _fail(f"down[{seat}]", f"seat {seat} is down, so it laid down the contract "
                                         f"({contract.describe()}), but it owns {kinds.count('set')} sets and "
                                         f"{kinds.count('run')} runs on the table")
        if down:
            _check_laid_contract(x, seat, contract)


def _check_laid_contract(x: GameState | PlayerView, seat: int, contract: Contract) -> None:
    """A down seat's melds were laid down together, as its contract (the table only grows at its end)."""
    places = [i for i, tm in enumerate(x.table) if tm.owner == seat]
    if places[-1] - places[0] != len(places) - 1:
        between = next(i for i in range(places[0], places[-1]) if i not in places)
        raise _fail(f"table[{between}].owner", f"seat {seat}'s contract melds were laid down together, and "
                                               f"table[{between}] of seat {x.table[between].owner} lies among them")
    refusal = laid_contract_reason([x.table[i].meld for i in places], contract)
    if refusal:
        raise _fail(f"table[{places[0]}]", f"seat {seat}'s melds cannot have been laid down as its contract: "
                                           f"{refusal}")


def _fresh_deal(x: GameState | PlayerView) -> bool:
    """True when the library dealt this round from full decks (so every card is somewhere)."""
    if x.phase in ("cut", "draw", "play"):
        return x.phase == "cut" or bool(x.round_results)
    return len(x.round_results) >= 2


def _count_cards(
    x: GameState | PlayerView, places: Sequence[tuple[str, tuple[Card, ...]]], players: int
) -> Counter[Card]:
    """How often each card appears in ``places`` (named parts of the position); refused at the first
    place where a card appears more often than the decks of the round hold it."""
    seen: Counter[Card] = Counter(chain.from_iterable(cards for _, cards in places))
    if not DEAD_TWOS.isdisjoint(seen):
        seen = _dead_twos_as_printed(x, places, seen)
    decks = x.rules.decks_for(players) + x.fresh_decks
    jokers = seen.pop(_JOKER, 0)
    if jokers > decks * x.rules.jokers_per_deck or max(seen.values(), default=0) > decks:
        _refuse_extra_card(x, places, players)
    if jokers:
        seen[_JOKER] = jokers
    return seen


def _dead_twos_as_printed(x: GameState | PlayerView, places: Sequence[tuple[str, tuple[Card, ...]]],
                          seen: Counter[Card]) -> Counter[Card]:
    """The count ``seen``, each dead 2 counted as the 2 it is printed as; refused where the rules
    have no dead 2s (``Rules.discarded_twos_die`` off), naming the first one."""
    if not x.rules.discarded_twos_die:
        path, i = next((path, i) for path, cards in places for i, card in enumerate(cards) if card.dead)
        raise _fail(f"{path}[{i}]", "a dead 2 only exists where discarded 2s die (rules field discarded_twos_die)")
    printed: Counter[Card] = Counter()
    for card, count in seen.items():
        printed[card.printed] += count
    return printed


def _refuse_extra_card(x: GameState | PlayerView, places: Sequence[tuple[str, tuple[Card, ...]]], players: int) -> None:
    """Name the first place, in the order of ``places``, where a card appears once more than the decks hold it
    (a dead 2 counted as the 2 it is printed as)."""
    seen: Counter[Card] = Counter()
    for path, cards in places:
        for i, card in enumerate(cards):
            seen[card.printed] += 1
            allowed = copies_in_play(x.rules, players, card, x.fresh_decks)
            if seen[card.printed] > allowed:
                decks = x.rules.decks_for(players)
                raise _fail(f"{path}[{i}]", f"{card.printed} appears {seen[card.printed]} times, but the {decks} "
                                            f"decks for {players} players hold it {allowed} times")


def _table_places(x: GameState | PlayerView) -> list[tuple[str, tuple[Card, ...]]]:
    return [(f"table[{i}].cards", tm.meld.cards) for i, tm in enumerate(x.table)]


def _check_state_cards(state: GameState) -> None:
    n = len(state.hands)
    places = [(f"hands[{i}]", h) for i, h in enumerate(state.hands)]
    places += [*_table_places(state), ("stock", state.stock), ("discard", state.discard)]
    seen = _count_cards(state, places, n)
    if _fresh_deal(state):
        total = cards_in_play(state.rules, n, state.fresh_decks)
        held = sum(seen.values())
        if held != total:
            missing = [str(c) for c in ALL_CARDS[:53]
                       if seen[c] < copies_in_play(state.rules, n, c, state.fresh_decks)][:5]
            raise _fail("stock", f"the round was dealt from full decks ({total} cards), but the hands, table, stock "
                                 f"and discard pile hold {held}; missing: {', '.join(missing)}")
    if state.phase in ("round_over", "game_over"):
        result = state.round_results[-1]
        for seat, h in enumerate(state.hands):
            if hand_penalty(h, state.rules) != result.hand_points[seat]:
                raise _fail(f"round_results[{len(state.round_results) - 1}].hand_points[{seat}]",
                            f"seat {seat}'s hand is worth {hand_penalty(h, state.rules)}, "
                            f"not {result.hand_points[seat]}")


def _check_view(view: PlayerView) -> None:
    n = len(view.hand_sizes)
    p = view.player
    if p >= n:
        raise _fail("player", f"there is no seat {p} ({n} players)")
    if view.hand_sizes[p] != len(view.hand):
        raise _fail(f"hand_sizes[{p}]", f"this seat holds {len(view.hand)} cards, not {view.hand_sizes[p]}")
    places = [("hand", view.hand), *_table_places(view), ("discard", view.discard)]
    _count_cards(view, places, n)
    total = cards_in_play(view.rules, n, view.fresh_decks)
    held = sum(view.hand_sizes) + view.stock_size + sum(len(tm.meld.cards) for tm in view.table) + len(view.discard)
    if held > total or (_fresh_deal(view) and held != total):
        raise _fail("stock_size", f"the hands, table, stock and discard pile hold {held} cards, but the decks "
                                  f"for {n} players hold {total}")
    if view.phase in ("round_over", "game_over"):
        result = view.round_results[-1]
        if hand_penalty(view.hand, view.rules) != result.hand_points[p]:
            raise _fail(f"round_results[{len(view.round_results) - 1}].hand_points[{p}]",
                        f"this seat's hand is worth {hand_penalty(view.hand, view.rules)}, not {result.hand_points[p]}")
    for i, action in enumerate(view.legal_actions):
        if getattr(action, "player", None) != p:
            raise _fail(f"legal_actions[{i}]", f"a view lists only the actions of its own seat, {p}")


# ---------------------------------------------------------------------------
# the public readers


def _no_duplicates(pairs: list[tuple[str, Json]]) -> dict[str, Json]:
    """An object's fields as a dict, refused where a field appears twice (named: the first repeated)."""
    out: dict[str, Json] = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise SerializationError(_key_shown(key), "this field appears twice in its object", "duplicate_field")
            seen.add(key)
    return out


def _key_shown(key: object) -> str:
    """A field name as a path shows it: itself if short and printable, else an excerpt."""
    if isinstance(key, str) and len(key) <= 40 and key.isprintable():
        return key
    return excerpt(key)


def _version(data: dict[str, Json]) -> int:
    """The document's ``version``, one this library reads."""
    if "version" not in data:
        raise SerializationError("version", "this field is missing", "missing_field")
    version = data["version"]
    if type(version) is not int:
        raise SerializationError("version", f"expected a whole number, not {_show(version)}", "wrong_format")
    if version not in READ_VERSIONS:
        raise SerializationError("version", f"this library reads versions {READ_VERSIONS[0]} to {FORMAT_VERSION} "
                                            f"of the format, not version {excerpt(version)}", "wrong_format")
    return version


def from_dict(data: Json) -> Serializable:
    """Read a document given as plain JSON data (what ``json.loads`` returns); see :func:`from_json`."""
    if not isinstance(data, dict):
        raise SerializationError("", f"a document is a JSON object, not {_show(data)}", "bad_json")
    if "format" not in data:
        raise SerializationError("format", "this field is missing: a document starts with its format", "missing_field")
    fmt = data["format"]
    if not isinstance(fmt, str) or not fmt.startswith(_PREFIX) or fmt[len(_PREFIX):] not in KINDS:
        raise SerializationError("format", f"{_show(fmt)} is not a shanghai-rules document format: expected "
                                           f"one of {', '.join(_PREFIX + k for k in KINDS)}", "wrong_format")
    version = _version(data)
    kind = fmt[len(_PREFIX):]
    if kind == "rules":
        return _read_rules(data, "", _ENVELOPE)
    if kind == "action":
        if "at" in data and version >= 2:
            _read_move(data["at"])
            return _read_action(data, "", None, (*_ENVELOPE, "at"))
        return _read_action(data, "", None, _ENVELOPE)
    fields = {"state": _STATE_FIELDS, "view": _VIEW_FIELDS, "record": _RECORD_FIELDS}[kind]
    if version == 1:
        fields = tuple(name for name in fields if name != "move_number")
    body = _obj(data, "", (*_ENVELOPE, *fields), tuple(POSITION_ADDED) if kind != "record" else ())
    if kind == "state":
        return _read_state(body)
    if kind == "view":
        return _read_view(body)
    return _read_record(body)


@overload
def from_json(text: str | bytes, *, max_size: int | None = MAX_DOCUMENT_SIZE) -> Serializable: ...


@overload
def from_json(text: str | bytes, expect: type[T], *, max_size: int | None = MAX_DOCUMENT_SIZE) -> T: ...


def from_json(text: str | bytes, expect: type[Any] | None = None, *, max_size: int | None = MAX_DOCUMENT_SIZE) -> Any:
    """Read a document written by :func:`to_json` (or by any program that follows the format).

    Returns a :class:`~shanghai_rules.rules.Rules`,
    :class:`~shanghai_rules.state.GameState`,
    :class:`~shanghai_rules.views.PlayerView`,
    :class:`~shanghai_rules.records.GameRecord` or action, as the document's
    ``format`` says; with ``expect`` (say ``GameState``), a document of any
    other kind is refused.

    Everything is checked (see the module docs); a bad document raises
    :class:`SerializationError` naming the path to the bad field, and
    nothing is built.  A text longer than ``max_size`` characters (bytes, for
    ``bytes``; by default :data:`MAX_DOCUMENT_SIZE`) is refused unread; ``None``
    reads any length.

    >>> import shanghai_rules as sr
    >>> from shanghai_rules.serialization import from_json
    >>> from_json('{"format": "shanghai-rules/action", "version": 1, "type": "draw_stock", "player": 9}')
    DrawStock(player=9)
    >>> from_json('{"format": "shanghai-rules/action", "version": 1, "type": "discard", "player": 0, '
    ...           '"card": "ZZ", "shanghai": false}')
    Traceback (most recent call last):
    ...
    shanghai_rules.serialization.SerializationError: card: 'ZZ' is not a card
    """
    if expect is not None and not isinstance(expect, type):
        raise SerializationError("", f"expect: give a class (say GameState), not {excerpt(expect)}", "bad_argument")
    data = _parse(text, max_size)
    obj = from_dict(data)
    if expect is not None and not isinstance(obj, expect):
        raise SerializationError("format", f"expected a document for a {expect.__name__}, "
                                           f"not {excerpt(data['format'])}", "wrong_format")
    return obj


def read_action(text: str | bytes, *, max_size: int | None = MAX_DOCUMENT_SIZE) -> tuple[Action, int | None]:
    """Read an action document, as :func:`from_json` does, and the move number it says it was chosen
    at (its ``"at"``; ``None`` where it says none): what a server reads from a client that answers a view.

    >>> import shanghai_rules as sr
    >>> from shanghai_rules.serialization import read_action, to_json
    >>> read_action(to_json(sr.Buy(2), at=17))
    (Buy(player=2), 17)
    """
    data = _parse(text, max_size, "read_action")
    action = from_dict(data)
    if type(action) not in ACTION_NAMES:
        raise SerializationError("format", f"expected an action document, not {excerpt(data['format'])}",
                                 "wrong_format")
    at = data.get("at") if isinstance(data, dict) else None
    return action, None if at is None else _read_move(at)  # type: ignore[return-value]


def _read_move(value: Json) -> int:
    """An action document's ``"at"``: a move number."""
    return _int(value, "at", 0, MAX_NUMBER)


def _parse(text: object, max_size: int | None, reader: str = "from_json") -> Json:
    """The JSON data of a document's text, bounded by ``max_size`` (``reader``: the function reading it)."""
    if max_size is not None and type(max_size) is not int:
        raise SerializationError("", f"max_size: {excerpt(max_size)} is not a whole number of characters, or None",
                                 "bad_argument")
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError("", f"{reader} reads JSON text (str or bytes), not {type(text).__name__}", "bad_json")
    if max_size is not None and len(text) > max_size:
        raise SerializationError("", f"{len(text):,} characters is more than the {max_size:,} a document may "
                                     f"hold here ({reader}'s max_size)", "bad_json")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except SerializationError:
        raise
    except RecursionError:
        raise SerializationError("", "the JSON text is nested too deeply to be a document", "bad_json") from None
    except ValueError as exc:  # json.JSONDecodeError, bad UTF-8, numbers too long
        raise SerializationError("", f"not valid JSON: {exc}", "bad_json") from None
    return data


def load_schema(kind: str) -> dict[str, Json]:
    """The JSON Schema (draft 2020-12) of one kind of document (see :data:`KINDS`), as shipped in the package.

    The files are ``shanghai_rules/schemas/<kind>.schema.json``, for programs
    in other languages.  A schema checks a document's structure and types;
    :func:`from_json` checks everything else too.
    """
    if kind not in KINDS:
        raise SerializationError("", f"no schema for {excerpt(kind)}: the kinds are {', '.join(KINDS)}", "bad_argument")
    from importlib import resources  # (only here: reading the package's files costs an import apps rarely need)

    path = resources.files("shanghai_rules").joinpath("schemas").joinpath(f"{kind}.schema.json")
    text = path.read_text(encoding="utf-8")
    schema: dict[str, Json] = json.loads(text)
    return schema
