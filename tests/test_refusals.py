"""The codes of refusals (shanghai_rules.refusals): every place in the library that refuses names a
documented code, every code is documented and used, and refusals met in play carry one."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import pytest

import shanghai_rules as sr
from shanghai_rules.cards import ALL_CARDS
from shanghai_rules.refusals import CODES, RULES_SECTIONS, Code, Reason

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "shanghai_rules"
DOCS_PAGE = ROOT / "docs" / "refusals.rst"

# where each refusing constructor takes its code: (positional index, keyword)
CODE_ARGUMENT = {
    "IllegalAction": (None, "code"),
    "MalformedAction": (None, "code"),
    "ReplayError": (None, "code"),
    "TableRefusal": (0, "code"),
    "SerializationError": (2, "code"),
    "RulesError": (1, "code"),
    "CardError": (1, "code"),
    "MeldError": (2, "code"),
    "MeldCheck": (4, "code"),
    "ContractCheck": (3, "code"),
    "Reason": (0, "code"),
}
# a verdict of a legal meld or contract carries no code
VERDICTS = {"MeldCheck", "ContractCheck"}


def _calls() -> Iterator[tuple[str, ast.Call, str]]:
    """Every construction of a refusal in the library's source: (where, the call, the class)."""
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else None
            if name in CODE_ARGUMENT:
                yield f"{path.relative_to(ROOT)}:{node.lineno}", node, name


def _code_argument(call: ast.Call, name: str) -> ast.expr | None:
    index, keyword = CODE_ARGUMENT[name]
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    if index is not None and len(call.args) > index:
        return call.args[index]
    return None


def _literal_codes() -> dict[str, list[str]]:
    """Each code written in the source as a refusal's code, with where."""
    found: dict[str, list[str]] = {}
    for where, call, name in _calls():
        arg = _code_argument(call, name)
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found.setdefault(arg.value, []).append(where)
    return found


def test_the_code_type_and_the_registry_list_the_same_codes() -> None:
    assert tuple(get_args(Code)) == tuple(CODES)
    for code, meaning in CODES.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code), code
        assert meaning and "\n" not in meaning and not meaning.endswith("."), code


def test_every_refusal_in_the_source_names_a_documented_code() -> None:
    """An AST scan of src/: each IllegalAction, MalformedAction, ReplayError, SerializationError,
    RulesError, CardError, MeldError, refusing MeldCheck or ContractCheck, and Reason (what the
    refusal functions return: mypy holds them to it) is given a code, and a literal code is a
    registered one (never the default ``unspecified``).  A code that is not a literal is passed
    on from a reason, verdict or error (``x.code``) or a parameter named ``code``."""
    bad = []
    for where, call, name in _calls():
        if name in VERDICTS and call.args and isinstance(call.args[0], ast.Constant) and call.args[0].value is True:
            continue
        arg = _code_argument(call, name)
        if arg is None:
            bad.append(f"{where}: {name} without a code")
        elif isinstance(arg, ast.Constant):
            if arg.value not in CODES or arg.value == "unspecified":
                bad.append(f"{where}: {name} with the code {arg.value!r}")
        elif not (isinstance(arg, ast.Attribute) and arg.attr == "code") and not (
                isinstance(arg, ast.Name) and arg.id == "code"):
            bad.append(f"{where}: {name} with a code that is neither a literal nor passed on: {ast.unparse(arg)}")
    assert not bad, "\n".join(bad)


def test_every_code_is_given_somewhere() -> None:
    """No dead codes: every registered code but ``unspecified`` (the default of an error a program
    builds without one) is given by some refusal in the source."""
    used = _literal_codes()
    assert "unspecified" not in used
    used["bad_card_notation"] = ["CardParseError"]  # it gives its own code
    dead = [code for code in CODES if code != "unspecified" and code not in used]
    assert not dead, f"registered but never given: {dead}"
    # CardParseError gives its own code
    assert sr.CardParseError("ZZ").code == "bad_card_notation"


def test_every_code_is_on_the_docs_page_with_its_meaning() -> None:
    page = DOCS_PAGE.read_text(encoding="utf-8")
    rows = dict(re.findall(r"^   \* - ``([a-z_]+)``\n     - (.+)$", page, re.MULTILINE))
    assert list(rows) == list(CODES), "the page's table lists the codes in the registry's order"
    for code, meaning in CODES.items():
        assert rows[code].rstrip() == meaning, code
    assert "refusals" in (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    assert "refusals" in (ROOT / "docs" / "api.rst").read_text(encoding="utf-8")


def test_messages_cite_sections_of_the_rules_pages_and_no_source_numbers() -> None:
    """A message cites a rule as ``(rules: <section>)``, a section every preset's rules page (or the
    pagat7 page, for the Shanghai call) has; no message cites the specification or a source
    document by number."""
    headings = {line.strip().lower() for page in ("pagat7", "ten-round", "isra")
                for line in (ROOT / "docs" / "rules" / f"{page}.rst").read_text(encoding="utf-8").splitlines()}
    for section in RULES_SECTIONS:
        assert any(h.startswith(section.lower()) for h in headings), section
    cited: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # (docstrings, of modules, classes, functions and attributes, may cite the sources)
        docstrings = {id(node.value) for node in ast.walk(tree)
                      if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                assert not re.search(r"SPEC \d|\(00[0-4]\b", node.value), f"{path}:{node.lineno}: {node.value!r}"
                cited.update(re.findall(r"\(rules: ([^)]+)\)", node.value))
    assert cited and cited <= RULES_SECTIONS, cited - RULES_SECTIONS


def test_a_reason_is_a_string_with_its_code() -> None:
    reason = Reason("wild_limit", "a meld may hold at most one wild under these rules")
    assert reason == "a meld may hold at most one wild under these rules" and reason.code == "wild_limit"
    import pickle

    assert pickle.loads(pickle.dumps(reason)).code == "wild_limit"


# ---------------------------------------------------------------------------
# refusals met in play


def _illegal_tries(state: sr.GameState, rng: random.Random) -> Iterator[sr.Action]:
    """Actions of every kind, most of them illegal here: random seats, cards, melds and ends."""
    seats = len(state.hands)
    held = [card for hand in state.hands for card in hand] or list(ALL_CARDS)
    for _ in range(12):
        seat = rng.randrange(seats + 1)
        card = rng.choice(held if rng.random() < 0.8 else ALL_CARDS)
        meld = rng.randrange(len(state.table) + 2)
        end = rng.choice((None, "low", "high"))
        hand = state.hands[seat % seats]
        yield rng.choice((
            sr.DrawStock(seat), sr.TakeDiscard(seat), sr.Buy(seat), sr.WithdrawBuy(seat), sr.DeclineBuy(seat),
            sr.Discard(seat, card), sr.Discard(seat, card, True), sr.LayOff(seat, card, meld, end),
            sr.SwapWild(seat, card, meld), sr.CallShanghai(seat, meld, end), sr.Cut(seat, rng.randrange(1, 200)),
            sr.StartRound(), sr.LayDown(seat, (hand[:3], hand[3:7])), sr.LayDown(seat, (hand[:3],)),
        ))


@pytest.mark.parametrize("variant", ["pagat7", "ten-round", "isra", "liverpool"])
def test_random_illegal_actions_in_random_games_carry_documented_codes(variant: str) -> None:
    """Random games, and at each position a dozen random actions: every refusal has a registered
    code (never ``unspecified``), a message free of source numbers, and a meld index exactly where
    its code is ``no_such_meld``."""
    rules = sr.get_rules(variant)
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = sr.new_game(rules, 4, seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            for action in _illegal_tries(state, rng):
                try:
                    sr.apply(state, action)
                except sr.IllegalAction as exc:
                    assert exc.code in CODES and exc.code != "unspecified", (exc.code, exc.reason)
                    assert not re.search(r"SPEC|\(00[0-4]", exc.reason), exc.reason
                    if exc.code == "no_such_meld":
                        assert exc.meld is not None and exc.meld >= len(state.table)
                    seen.add(exc.code)
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    assert {"not_your_turn", "wrong_phase", "no_such_seat", "no_such_meld", "not_held"} <= seen, seen
