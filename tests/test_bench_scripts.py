"""Every script of bench/ starts (bench/analyze.py did not: it imported a
module the layout had moved), and the Three Card Poker benches refuse any
other ruleset in one sentence instead of a traceback."""

from __future__ import annotations

import pytest

from tests.bench_tools import BENCH, run_bench

SCRIPTS = sorted(path.name for path in BENCH.glob("*.py"))


def test_the_scripts_are_found():
    assert {"analyze.py", "bots.py", "simulate.py", "tcp_session.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_bench_script_starts_and_says_how_it_is_run(script):
    done = run_bench(script, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ") and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("script", "ruleset", "said"),
    [
        ("analyze.py", "morkpoker", "morkpoker is not a Three Card Poker ruleset"),
        ("analyze.py", "nosuch", "no ruleset 'nosuch'"),
        ("analyze.py", "no\x1b[31msuch", "no ruleset 'no\\x1b[31msuch'"),  # written out
        ("tcp_session.py", "jackpots", "jackpots is not a Three Card Poker ruleset"),
        ("tcp_session.py", "nosuch", "no ruleset 'nosuch'"),
    ],
)
def test_a_three_card_bench_given_another_ruleset_says_so_in_one_sentence(script, ruleset, said):
    done = run_bench(script, ruleset)
    assert done.returncode == 2 and done.stdout == ""
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"{script}: error: ") and said in last
    assert "Traceback" not in done.stderr
