"""Validate melds listed in a file, one group of cards per line.

Usage::

    python examples/validate_melds.py [VARIANT] [FILE]

VARIANT is a preset name (``pagat7``, ``ten-round``, ``isra`` or any other
name in ``shanghai_rules.PRESETS``; default ``pagat7``).  FILE defaults to
``melds.txt`` next to this script; ``-`` reads standard input.  Blank lines
and everything after ``#`` are ignored.

For every group the script prints a verdict — ``LEGAL`` with the arranged meld
(each wild followed by the card it stands for), ``ILLEGAL`` with the reason,
naming the rule, or ``UNREADABLE`` naming the token that is not a card — and
then a summary line.  The exit status is 0 when the file was read (whatever
the verdicts) and 2 for a bad variant name or a file that cannot be opened.

This is the shape of a meld checker inside any third-party tool: parse with
``parse_cards``, judge with ``check_meld``, show ``reason`` as it is.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import shanghai_rules as sr

DEFAULT_FILE = Path(__file__).with_name("melds.txt")


def groups_in(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(line number, group text) for every line that holds a group."""
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if text:
            yield number, text


def verdict(text: str, rules: sr.Rules) -> tuple[str, str, str]:
    """The verdict on one group: (``LEGAL``/``ILLEGAL``/``UNREADABLE``, the group, details).

    The group is given back in canonical notation when it could be read.
    """
    try:
        cards = sr.parse_cards(text)
    except sr.CardParseError as error:
        return "UNREADABLE", text, str(error)
    group = sr.format_cards(cards)
    result = sr.check_meld(cards, rules)
    if result.meld is not None:
        return "LEGAL", group, result.meld.describe()
    return "ILLEGAL", group, result.reason


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", nargs="?", default="pagat7",
                        help=f"one of {', '.join(sr.PRESETS)} (default: pagat7)")
    parser.add_argument("file", nargs="?", default=str(DEFAULT_FILE), help="the groups, one per line; - for stdin")
    args = parser.parse_args(argv)
    try:
        rules = sr.get_rules(args.variant)
    except sr.RulesError as error:
        print(f"validate_melds: {error}", file=sys.stderr)
        return 2
    try:
        if args.file == "-":
            lines = sys.stdin.read().splitlines()
        else:
            lines = Path(args.file).read_text(encoding="utf-8").splitlines()
    except OSError as error:
        print(f"validate_melds: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2

    print(f"Judging melds under {rules.name}")
    tally: Counter[str] = Counter()
    for number, text in groups_in(lines):
        status, group, details = verdict(text, rules)
        tally[status] += 1
        print(f"line {number:>3}  {status:<10}  {group:<16}  {details}")
    total = sum(tally.values())
    print(f"{total} groups: {tally['LEGAL']} legal, {tally['ILLEGAL']} illegal, {tally['UNREADABLE']} unreadable")
    return 0


if __name__ == "__main__":
    sys.exit(main())
