"""The shanghai-rules command line, through main([...]) and once through the console script."""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import shanghai_rules as sr
from shanghai_rules import cli
from shanghai_rules.cli import main
from shanghai_rules.serialization import MAX_DOCUMENT_SIZE

SYMBOLS = "♣♦♥♠★"


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# ---------------------------------------------------------------------------
# help


@pytest.mark.parametrize("command", ["demo", "check", "simulate", "play", "replay"])
def test_every_command_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: shanghai-rules {command}")


def test_no_command_prints_help_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys)
    assert status == 2
    assert "demo" in out and "simulate" in out and "replay" in out


# ---------------------------------------------------------------------------
# demo


def test_demo_prints_a_whole_readable_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo")
    assert status == 0
    assert "pagat7: 4 players, 7 rounds" in out
    for number, contract in enumerate(["2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3",
                                       "2 sets of 3 + 1 run of 4", "1 set of 3 + 2 runs of 4",
                                       "3 runs of 4, whole hand, no discard"], 1):
        assert f"Round {number} of 7: {contract}" in out
    assert "goes down: set" in out and "goes out on turn" in out
    assert "Table:" in out and "Left in hand:" in out
    assert "Score sheet" in out and ("wins with" in out or "share the win" in out)
    assert any(symbol in out for symbol in SYMBOLS)
    assert out.count("\n  7      3 runs of 4") == 1  # the score sheet's last row


def test_demo_tells_the_public_events_in_describes_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The narration is the spectator's events in the words of shanghai_rules.text.describe: a buy names
    the upcard and counts the penalty cards without naming them."""
    out = run(capsys, "demo", "--rounds", "2", "--ascii", "--verbose")[1]
    buys = re.findall(r"seat \d buys \S+ with 2 penalty cards from the stock(.*); \d buys? left", out)
    assert buys and set(buys) == {""}, "penalty cards are never named"
    assert re.search(r"seat \d draws from the stock\n", out) and re.search(r"seat \d discards \S+", out)
    assert "flip card: " in out and "Score sheet" in out


def test_demo_is_reproducible_and_the_seed_matters(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "demo", "--seed", "4", "--rounds", "2")[1]
    again = run(capsys, "demo", "--seed", "4", "--rounds", "2")[1]
    other = run(capsys, "demo", "--seed", "5", "--rounds", "2")[1]
    assert first == again
    assert first != other


def test_demo_ascii_variant_players_and_bots(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "demo", "--variant", "isra", "--players", "3", "--rounds", "2", "--ascii",
                         "--bots", "greedy,random", "--seed", "3")
    assert status == 0
    assert "isra: 3 players, 2 rounds" in out
    assert not any(symbol in out for symbol in SYMBOLS)
    assert "seat 2 (greedy) cuts" in out  # the dealer's right cuts under isra
    assert "seat 1 (random)" in out


def test_demo_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "demo", "--variant", "nope")[0] == 2
    status, _, err = run(capsys, "demo", "--players", "9")
    assert status == 2 and "3-5 players" in err
    assert run(capsys, "demo", "--bots", "clever")[0] == 2
    assert run(capsys, "demo", "--rounds", "8")[0] == 2


# ---------------------------------------------------------------------------
# check


def test_check_a_legal_meld_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "4H 5H 6H JK")
    assert status == 0
    assert out.startswith("YES") and "run 4♥ 5♥ 6♥ ★(7♥)" in out


def test_check_an_illegal_meld_exits_1_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "4C JK 6C JK")
    assert status == 1
    assert out.startswith("NO") and "at most one wild" in out


def test_check_judges_under_the_chosen_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "AC 2C 3C 4C")[0] == 1            # aces high only in pagat7
    assert run(capsys, "check", "--variant", "isra", "AC 2C 3C 4C")[0] == 0


def test_a_variant_may_be_a_file_of_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--variant FILE``: a rules document (a table's own rules, here ISRA where discarded 2s die) is
    used by check and simulate alike; a file that is no rules document is refused, exit status 2."""
    path = tmp_path / "dead.json"
    path.write_text(sr.to_json(attrs.evolve(sr.ISRA, name="isra, dead 2s", discarded_twos_die=True)),
                    encoding="utf-8")
    status, out, _ = run(capsys, "check", "--ascii", "--variant", str(path), "AH 2Hx 3H 4H", "7C 7D 2Hx")
    assert status == 1 and "YES  AH 2Hx 3H 4H" in out and "2Hx is a dead 2" in out
    status, out, _ = run(capsys, "simulate", "--variant", str(path), "--games", "2", "--rounds", "1", "--quiet")
    assert status == 0 and "2 games of isra, dead 2s" in out
    (tmp_path / "not.json").write_text('{"format": "shanghai-rules/state"}', encoding="utf-8")
    status, _, err = run(capsys, "check", "--variant", str(tmp_path / "not.json"), "AH 2H 3H 4H")
    assert status == 2 and "is not a rules document" in err
    status, _, err = run(capsys, "check", "--variant", str(tmp_path / "none.json"), "AH 2H 3H 4H")
    assert status == 2 and "nor a file of rules" in err


def test_check_a_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "--round", "2", "9C 9D 9H / 4H 5H 6H 7H")
    assert status == 0 and "meet round 2's contract" in out
    status, out, _ = run(capsys, "check", "--round", "1", "9C 9D 9H", "9S 9H 9C")
    assert status == 1 and "different ranks" in out


def test_check_a_hand_against_a_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "--variant", "isra", "--round", "1", "--hand", "9C 9D 2H KS KD KH 4C")
    assert status == 0 and "left over: 4♣" in out
    status, out, _ = run(capsys, "check", "--round", "3", "--hand", "4C 5C 6C 7C 9H")
    assert status == 1 and "does not hold round 3's contract" in out


def test_check_reads_one_group_per_line_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "check", "--ascii", stdin="4H 5H 6H 7H\n# a comment\n\nQS QD JK\n",
                         monkeypatch=monkeypatch)
    assert status == 0
    assert out.splitlines() == ["YES  4H 5H 6H 7H: a legal run 4H 5H 6H 7H under pagat7",
                                "YES  QS QD JK: a legal set QD QS JK under pagat7"]
    status, out, _ = run(capsys, "check", stdin="4H 5H 6H 7H\n9C 9D 8H\n", monkeypatch=monkeypatch)
    assert status == 1 and out.count("YES") == 1 and out.count("NO") == 1
    status, out, _ = run(capsys, "check", "--round", "2", stdin="9C 9D 9H\n4H 5H 6H 7H\n", monkeypatch=monkeypatch)
    assert status == 0


def test_check_bad_input_exits_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, _, err = run(capsys, "check", "4X 5H")
    assert status == 2 and "'4X'" in err
    assert run(capsys, "check", "--round", "9", "4H 5H 6H 7H")[0] == 2
    assert run(capsys, "check", "--hand", "4H 5H 6H 7H")[0] == 2
    assert run(capsys, "check", stdin="\n", monkeypatch=monkeypatch)[0] == 2


# ---------------------------------------------------------------------------
# simulate


def test_simulate_gives_the_same_results_with_one_and_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "6", "--rounds", "2", "--bots", "greedy,random", "--json", "--seed", "10"]
    one = json.loads(run(capsys, *args, "--workers", "1")[1])
    two = json.loads(run(capsys, *args, "--workers", "2")[1])
    for summary in (one, two):
        del summary["seconds"], summary["games_per_second"], summary["workers"]
    assert one == two
    assert one["games"] == 6 and one["rounds"] == 12
    assert sum(one["ended_by"].values()) == pytest.approx(1.0, abs=1e-3)


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "--games", "3", "--rounds", "1", "--players", "3")
    assert status == 0
    assert "3 games of pagat7 (1 round), 3 players, seeds 0-2, 1 worker(s)" in out
    assert "mean score" in out and "ended by going out" in out and "games per second" in out
    assert "mean turns per round" in out
    assert "\r" not in err  # no progress line when standard error is not a terminal


def test_simulate_refuses_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "simulate", "--games", "0")[0] == 2
    assert run(capsys, "simulate", "--workers", "0")[0] == 2
    status, _, err = run(capsys, "simulate", "--games", str(cli.MAX_GAMES + 1))
    assert status == 2 and "--games: play from 1 to 1,000,000,000 games" in err
    most = cli.WORKERS_PER_CPU * (os.cpu_count() or 1)
    status, _, err = run(capsys, "simulate", "--games", "1", "--workers", str(most + 1))
    assert status == 2 and f"--workers: use from 1 to {most} processes" in err


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_plays_its_games_as_they_are_summed_up_holding_no_list_of_them(workers: int) -> None:
    """The most games simulate takes are handed out a chunk at a time: the first results come at
    once, and stopping early leaves the chunks not begun unplayed."""
    rules = attrs.evolve(sr.PAGAT7, contracts=sr.PAGAT7.contracts[:1], buy_limits=sr.PAGAT7.buy_limits[:1])
    games = cli._simulated(rules, ("random", "random", "random"), range(cli.MAX_GAMES), workers)
    first = list(itertools.islice(games, 3))
    games.close()
    assert [game["seed"] for game in first] == [0, 1, 2]
    assert first[0] == cli._simulate_one((rules, ("random", "random", "random"), 0))


# ---------------------------------------------------------------------------
# play


def test_play_scripted_to_the_end_of_a_round(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = "help\n99\n²\n99999999999999999999\ndiscard QS\n" + "1\n" * 400
    status, out, _ = run(capsys, "play", "--rounds", "1", "--seed", "3", stdin=script, monkeypatch=monkeypatch)
    assert status == 0
    assert "Your hand (11, you are not down, 2 buys left): 4♣ Q♣ 8♦ 3♥ 6♠ 10♠ 10♠ K♠ A♠ ★ ★" in out
    assert "   1) pass\n   2) buy K♦ (and 2 cards from the stock)" in out
    assert "Not understood: there is no action 99 (1-2)" in out
    assert "Not understood: '²' is not a card" in out  # (a digit, but not one a person types for a number)
    assert "Not understood: there is no action '99999999999999999999' (1-2)" in out
    assert "Not allowed: Discard: a discard ends a turn after the draw" in out
    assert "Your turn (play and discard)" in out
    assert "goes out on turn" in out or "turn limit" in out
    assert "Score sheet" in out and "seat 0 (you)" in out
    assert "Game abandoned" not in out


def test_play_accepts_card_notation_and_commands(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # seed 3: seat 0 passes on K♦, Q♦ and J♣, then draws and throws 4♣ by naming it
    script = "pass\np\nno\ndraw\noff 4C 1\n4c\n"
    status, out, _ = run(capsys, "play", "--rounds", "1", "--seed", "3", stdin=script, monkeypatch=monkeypatch)
    assert status == 0
    assert "Not allowed: LayOff: a player who is not down cannot lay off" in out
    assert "seat 0 (you) discards 4♣" in out
    assert "Game abandoned." in out  # the script ran out


def test_play_asks_the_person_to_cut_under_isra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "play", "--variant", "isra", "--rounds", "2", "--seed", "5", "--ascii",
                         stdin="1\n" * 3000, monkeypatch=monkeypatch)
    assert status == 0
    assert "You cut the cards for round 2: type how many cards your cut gives the dealer (1-162)." in out
    assert "seat 0 (you) cuts 1 card\n" in out
    assert "Score sheet" in out and "Game abandoned" not in out


def test_play_quits_and_refuses_a_bad_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, "play", stdin="quit\n", monkeypatch=monkeypatch)
    assert status == 0 and "Game abandoned." in out
    assert run(capsys, "play", "--seat", "4", stdin="", monkeypatch=monkeypatch)[0] == 2


# ---------------------------------------------------------------------------
# replay


def test_replay_prints_a_saved_game_as_the_demo_did(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, demo, err = run(capsys, "demo", "--seed", "2", "--rounds", "3", "--save", str(path))
    assert status == 0 and "written to" in err
    status, replayed, _ = run(capsys, "replay", str(path))
    assert status == 0
    assert replayed == demo.split("\n", 1)[1]  # the demo's first line introduces the players
    assert "Round 3 of 3" in replayed and "Score sheet" in replayed


def test_replay_reports_an_illegal_record_and_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run(capsys, "demo", "--seed", "2", "--rounds", "1", "--save", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    draw = next(i for i, a in enumerate(data["actions"]) if a["type"] == "draw_stock")
    data["actions"][draw]["player"] = (data["actions"][draw]["player"] + 1) % 4
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 1 and f"stops being legal at action {draw}" in out
    path.write_text("{}", encoding="utf-8")
    assert run(capsys, "replay", str(path))[0] == 2
    assert run(capsys, "replay", str(tmp_path / "missing.json"))[0] == 2
    path.write_bytes(b"\xff\xfe{}\n")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2 and "not UTF-8 text" in err


@pytest.mark.parametrize("command", ["demo", "simulate"])
def test_rounds_shortens_a_variant_that_deals_different_hands_by_round(capsys: pytest.CaptureFixture[str],
                                                                      command: str) -> None:
    """``--rounds`` keeps the first rounds of every per-round setting, hand sizes included (Liverpool
    deals 10 cards, then 12)."""
    extra = ["--games", "2"] if command == "simulate" else []
    status, out, err = run(capsys, command, "--variant", "liverpool", "--rounds", "2", "--seed", "3", *extra)
    assert status == 0, err
    assert out


# ---------------------------------------------------------------------------
# the console script and python -m


def test_the_console_script_and_python_m() -> None:
    script = Path(sys.executable).with_name("shanghai-rules")
    if not script.exists():
        pytest.skip("the shanghai-rules console script is not installed next to this Python")
    done = subprocess.run([str(script), "check", "--ascii", "4H 5H 6H JK"], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0
    assert done.stdout == "YES  4H 5H 6H JK: a legal run 4H 5H 6H JK(7H) under pagat7\n"
    done = subprocess.run([str(script), "check", "9C 9D 8H"], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 1
    done = subprocess.run([sys.executable, "-m", "shanghai_rules", "demo", "--rounds", "1"], capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 0 and "Score sheet" in done.stdout


def test_play_numbers_melds_from_1_in_what_it_reads_and_in_the_engine_s_refusals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # seed 3: seat 2 has laid down two melds; seat 0 passes on three upcards, draws, names meld 99 (the engine's
    # index 98), then meld 0 (there is no such number), then discards 4♣
    script = "pass\np\nno\ndraw\nswap 4C 99\noff 4C 0\n4c\n"
    status, out, _ = run(capsys, "play", "--rounds", "1", "--seed", "3", stdin=script, monkeypatch=monkeypatch)
    assert status == 0
    assert "Not allowed: SwapWild: there is no meld 99 on the table (melds 1-2)" in out
    assert "meld 98" not in out
    assert "Not understood: off: melds are numbered from 1, as the table lists them" in out
    assert "seat 0 (you) discards 4♣" in out


def test_replay_numbers_melds_from_1_in_the_refusal_it_reports(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    run(capsys, "demo", "--seed", "2", "--rounds", "1", "--save", str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    at = next(i for i, a in enumerate(data["actions"]) if a["type"] == "discard")
    discard = data["actions"][at]
    data["actions"][at] = {"type": "swap_wild", "player": discard["player"], "card": discard["card"], "meld": 98}
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 1
    assert f"stops being legal at action {at}: SwapWild: there is no meld 99 on the table (" in out
    assert "meld 98" not in out


@pytest.mark.parametrize("argv", [
    ["demo", "--seed", str(2**4096)],
    ["play", "--seed", str(-2**4096)],
    ["simulate", "--games", "2", "--seed", str(2**4096 - 1)],  # (the first seed is one, the second is not)
])
def test_a_seed_longer_than_a_game_takes_is_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Seeds are checked as new_game checks them (at most 4,096 bits), every seed simulate plays included:
    exit status 2 and the reason, no traceback."""
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "--seed: a seed has at most 4096 bits" in err


def test_a_seed_and_its_negation_deal_the_same_game_so_simulate_refuses_a_range_holding_both(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Seeds -n and n deal alike (Python's random source takes the absolute value, as 0.1.0 did, so records
    replay); ``simulate`` refuses a range of seeds that would play a game twice, and takes one on either
    side of 0."""
    assert sr.new_game(sr.PAGAT7, 3, seed=-5) == sr.new_game(sr.PAGAT7, 3, seed=5)
    status, _, err = run(capsys, "simulate", "--games", "4", "--seed", "-2")
    assert status == 2
    assert "--seed: seeds -2 to 1 would play 1 game twice" in err
    for first in ("-3", "0"):
        status, out, _ = run(capsys, "simulate", "--games", "3", "--seed", first, "--rounds", "1")
        assert status == 0, first
        assert "3 games" in out


@pytest.mark.parametrize("argv", [["check"], ["replay", "-"], ["play"]])
@pytest.mark.parametrize("errors, where", [("strict", "invalid start byte at byte 12"),
                                           ("surrogateescape", "a byte it cannot read, at character 12")])
def test_standard_input_that_is_not_utf8_is_bad_input(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch, argv: list[str],
                                                      errors: str, where: str) -> None:
    """Standard input read as UTF-8 text that is not: exit status 2 and where, as for a file, whether the
    stream refuses the byte (strict decoding) or passes it on (the C locale and Python's UTF-8 mode read
    standard input with surrogateescape)."""
    stdin = io.TextIOWrapper(io.BytesIO(b"4H 5H 6H 7H\n\xff\n"), encoding="utf-8", errors=errors)
    monkeypatch.setattr(sys, "stdin", stdin)
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2
    if argv == ["play"] and errors == "surrogateescape":  # (read a line at a time: the second line's first)
        where = where.replace("character 12", "character 0")
    assert f"standard input is not UTF-8 text ({where})" in err


def test_play_refuses_a_line_longer_than_a_document(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The play prompt reads a line no longer than MAX_DOCUMENT_SIZE characters (and one more)."""
    status, _, err = run(capsys, "play", stdin="1" * (MAX_DOCUMENT_SIZE + 5) + "\n", monkeypatch=monkeypatch)
    assert status == 2
    assert "a line of standard input holds more than 1,000,000 characters" in err


def test_check_refuses_standard_input_longer_than_a_document(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """check reads standard input no further than MAX_DOCUMENT_SIZE characters (and one more)."""
    status, _, err = run(capsys, "check", stdin="4H 5H 6H 7H\n" * (MAX_DOCUMENT_SIZE // 12 + 1),
                         monkeypatch=monkeypatch)
    assert status == 2
    assert "more than 1,000,000 characters" in err
