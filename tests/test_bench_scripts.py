"""Every script of bench/ starts (bench/analyze.py did not: it imported a
module the layout had moved), the Three Card Poker benches refuse any
other ruleset and the draw games' benches a Three Card Poker one in one
sentence instead of a traceback, and a name that is no ruleset is refused
in one sentence by every script that takes one."""

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


#: how each script that plays or analyses a ruleset is given one, and the Three Card
#: Poker rulesets the draw games' benches must refuse in one sentence
_GIVEN_A_RULESET = {
    "analyze.py": lambda name: [name],
    "tcp_session.py": lambda name: [name],
    "bots.py": lambda name: ["--rulesets", name],
    "bot_spots.py": lambda name: [name],
    "strong_digest.py": lambda name: ["--rulesets", name, "--save", "/nonexistent/digest.json"],
    "simulate.py": lambda name: ["--games", name],  # keys of its games, not rulesets: a ruleset's name is refused
}
_DRAW_ONLY = {
    "bots.py": "is not a draw game",
    "bot_spots.py": "is not a draw game",
    "strong_digest.py": "is not a draw game",
    "simulate.py": "is not one of draw, single, triple",
}


def test_every_script_that_takes_a_ruleset_is_tried_below():
    import re

    taking = {
        script
        for script in SCRIPTS
        if re.search(r"add_argument\(\s*\"(ruleset|--rulesets|--games)\"", (BENCH / script).read_text())
    }
    assert taking == set(_GIVEN_A_RULESET)


@pytest.mark.parametrize("ruleset", ["three-card-poker", "three-card-poker-home", "rulesets/three-card-poker-no.yaml"])
@pytest.mark.parametrize("script", sorted(_DRAW_ONLY))
def test_a_draw_bench_given_three_card_poker_says_so_in_one_sentence(script, ruleset):
    """Found in an earlier session: bench/bot_spots.py given a Three Card Poker
    ruleset ended in a traceback (so did strong_digest.py; simulate.py's --games)."""
    from tests.bench_tools import refused_in_one_sentence

    shipped = str(BENCH.parent / ruleset) if ruleset.startswith("rulesets/") else ruleset
    refused_in_one_sentence(script, _GIVEN_A_RULESET[script](shipped), _DRAW_ONLY[script])


@pytest.mark.parametrize("script", sorted(_GIVEN_A_RULESET))
def test_a_bench_given_a_nonsense_ruleset_says_so_in_one_sentence(script):
    from tests.bench_tools import refused_in_one_sentence

    said = "is not one of draw, single, triple" if script == "simulate.py" else "no ruleset 'no\\x1b[31msuch'"
    refused_in_one_sentence(script, _GIVEN_A_RULESET[script]("no\x1b[31msuch"), said)


def test_bot_spots_plays_dealers_choice():
    """It ended in a traceback at the first deal (the dealer had not chosen the game)."""
    from tests.bench_tools import load_bench

    bot_spots = load_bench("bot_spots.py", "bench_bot_spots")
    found = bot_spots.spots("dealers-choice", "sensible", "random", 2, 2, 63)
    decisions = sum(cell[0] for acts in found["gains"].values() for cell in acts.values())
    assert decisions > 0 and sum(n for picks in found["chosen"].values() for n in picks.values()) > 0
