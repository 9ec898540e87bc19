"""Every program in ``examples/`` runs, as a user would run it, and prints what
its documentation says.  Each runs in a subprocess with a timeout."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
TIMEOUT = 120  # seconds; every example takes a few seconds at most


def run(script: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=TIMEOUT, cwd=ROOT, env=env,
    )


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit status {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result.stdout


# ---------------------------------------------------------------------------
# validate_melds.py


@pytest.mark.parametrize(
    ("variant", "summary"),
    [
        ("pagat7", "16 groups: 5 legal, 10 illegal, 1 unreadable"),
        ("ten-round", "16 groups: 9 legal, 6 illegal, 1 unreadable"),
        ("isra", "16 groups: 11 legal, 4 illegal, 1 unreadable"),
    ],
)
def test_validate_melds_judges_the_shipped_file(variant: str, summary: str) -> None:
    out = ok(run("validate_melds.py", variant, str(EXAMPLES / "melds.txt")))
    assert f"Judging melds under {variant}" in out
    assert out.rstrip().endswith(summary)
    assert "LEGAL       4C 5C JK 7C       run 4C 5C JK(6C) 7C" in out
    assert "UNREADABLE  4C 5C 6X 7C       '6X' (token 3) is not a card" in out


def test_validate_melds_gives_reasons() -> None:
    out = ok(run("validate_melds.py", "pagat7"))
    assert "ILLEGAL     AS 2S 3S 4S       aces are high only under these rules: A-2-3-4 is not a run" in out
    assert "ILLEGAL     4C JK 6C JK       a meld may hold at most one wild under these rules" in out
    out = ok(run("validate_melds.py", "isra"))
    assert "ILLEGAL     3S JK JK 6S       two wilds may not stand next to each other in a run" in out


def test_validate_melds_reads_standard_input() -> None:
    out = ok(run("validate_melds.py", "ten-round", "-", stdin="4C 5C 6C\nKS KD KH  # kings\n\n"))
    assert "a run needs at least 4 cards, not 3" in out
    assert "LEGAL       KS KD KH          set KD KH KS" in out
    assert out.rstrip().endswith("2 groups: 1 legal, 1 illegal, 0 unreadable")


def test_validate_melds_refuses_an_unknown_variant() -> None:
    result = run("validate_melds.py", "gin")
    assert result.returncode == 2
    assert "no variant called 'gin'" in result.stderr


# ---------------------------------------------------------------------------
# http_referee.py


def test_http_referee_self_test() -> None:
    result = run("http_referee.py", "--self-test")
    out = ok(result)
    assert "referee listening on http://127.0.0.1:" in out
    assert "FAIL" not in out
    for line in (
        "ok    no view holds other hands, the stock or the seed",
        "ok    the upcard is offered to seats [0, 2]",
        "ok    seat 1 draws before the offers are answered -> 409 not_awaited",
        "ok    seat 0 answers the view before seat 2's buy -> 409 stale_action",
        "ok    seat 0 passes -> 200; now turn",
        "ok    a client that reconnects with its token gets its view back, and is asked to play",
        "ok    and what happened since move 0: ['round_started', 'dealt', 'asked_to_buy']",
        "ok    a wrong token -> 401",
        "ok    malformed JSON -> 400",
        "ok    JSON nested 10,000 deep -> 400",
        "ok    a body of Content-Length 'abc' and 2 bytes -> 400",
        "ok    a body of Content-Length '65537' and 0 bytes -> 413",
        "ok    a body of Content-Length '100' and 2 bytes -> 400",
        "ok    the answers refused while playing: [",
    ):
        assert line in out
    assert "Traceback" not in result.stderr  # (no request broke a handler thread)
    whole = re.search(r"ok    a whole game of 4 clients over HTTP: (\d+) answers, (\d+) buys, (\d+) Shanghai calls",
                      out)
    assert whole and all(int(n) > 0 for n in whole.groups()), out
    assert re.search(r"ok    [1-9]\d* answers sent twice refused as stale_action", out)
    assert re.search(r"ok    [1-9]\d* times a client dropped out and came back", out)
    assert out.rstrip().endswith("self-test passed")


# ---------------------------------------------------------------------------
# house_variant.py


def test_house_variant() -> None:
    out = ok(run("house_variant.py"))
    assert "RulesError: buy_limits: give one number per round (4)" in out
    assert "RulesError: Contract.run_length: a run holds at most 13 cards, not 14" in out
    assert "RulesError: wild_twos: must be True or False, not 1" in out
    assert "kitchen-table: built from pagat7, changing name, contracts, wild_twos" in out
    assert "kitchen-table: yes, run 4C 2H(5C) 6C 7C" in out
    assert "pagat7:        no: aces are high only under these rules" in out
    assert "read back equal: True" in out
    assert "A game of kitchen-table (4 rounds" in out
    assert "winner(s): seat" in out
    assert "replaying the record gives the same game: True" in out


# ---------------------------------------------------------------------------
# tournament.py


def test_tournament_default_is_small_and_complete() -> None:
    out = ok(run("tournament.py"))
    assert "Tournament: greedy, random, hoarder - 6 games of pagat7, seeds from 1" in out
    assert out.count("won by") == 6
    standings = out.split("Standings", 1)[1]
    for name in ("greedy", "random", "hoarder"):
        assert f"\n  {name} " in standings
    assert "Champion: " in out


def test_tournament_refuses_a_seed_no_game_takes() -> None:
    result = run("tournament.py", "--games", "3", "--seed", str(2**4096 - 2))  # (the third game's is too long)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "tournament: --seed: seed: a seed has at most 4096 bits" in result.stderr


def test_tournament_is_reproducible_and_takes_other_variants() -> None:
    first = ok(run("tournament.py", "--variant", "isra", "--games", "2", "--seed", "5"))
    second = ok(run("tournament.py", "--variant", "isra", "--games", "2", "--seed", "5"))
    assert "2 games of isra" in first
    assert first.split("Champion")[0] == second.split("Champion")[0]   # the same games, whatever the timing
