"""bench/bots.py: the interval arithmetic against cases worked by hand, its
coverage, and the duplicate deals (identical players come out even)."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from tests.bench_tools import load_bench, refused_in_one_sentence

bench = load_bench("bots.py", "bench_bots")


def test_one_deal_each_is_the_mean_and_its_normal_interval():
    rate, low, high = bench.interval([1.0, -1.0, 3.0, 1.0], [1, 1, 1, 1])
    # mean 1; s^2 = (0 + 4 + 4 + 0) / 3; s / sqrt(4) = 0.8165; 1.96 of them = 1.6003; per 100 deals
    assert rate == pytest.approx(100.0)
    assert (low, high) == (pytest.approx(100 - 160.03, abs=0.01), pytest.approx(100 + 160.03, abs=0.01))


def test_several_deals_an_observation_is_a_ratio_with_the_delta_methods_error():
    rate, low, high = bench.interval([2.0, 0.0, 4.0], [1, 2, 1])
    # rate 6/4 = 1.5; residuals 0.5, -3, 2.5 (variance 7.75); error sqrt(7.75 / 3) / (4 / 3) = 1.205456
    assert rate == pytest.approx(150.0)
    assert low == pytest.approx(150 - 100 * 1.959964 * 1.205456, abs=0.01)
    assert high == pytest.approx(150 + 100 * 1.959964 * 1.205456, abs=0.01)


def test_the_interval_covers_the_true_rate_about_95_times_in_100():
    rng = random.Random(27)
    covered = 0
    for _ in range(600):
        deals = [rng.choice((1, 1, 1, 2)) for _ in range(60)]
        results = [sum(rng.gauss(0.3, 2.0) for _ in range(d)) for d in deals]
        _, low, high = bench.interval(results, deals, per=1.0)
        covered += low <= 0.3 <= high
    assert 0.92 <= covered / 600 <= 0.975


def test_an_interval_needs_two_observations():
    with pytest.raises(ValueError):
        bench.interval([1.0], [1])


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("ruleset", ["morkpoker", "jackpots", "deuce-to-seven-single-draw"])
def test_identical_players_come_out_exactly_even_on_duplicate_deals(ruleset, players):
    """The calling station decides the same way every time: seated in turn in
    every seat with the same cards, the hero wins over the rotations exactly
    what the others lose -- nothing."""
    table = bench.Table(bench.load_rules(ruleset), "calling-station", "calling-station", players, seed=3)
    results = [table.deck_set(i)[0] for i in range(6)]
    assert results == [0.0] * 6


def test_a_table_refuses_a_ruleset_that_is_not_a_draw_game():
    """Its players are the draw games' bots and its unit the big bet or blind."""
    with pytest.raises(bench.IllegalAction, match="a three-card-poker ruleset: this bench plays the draw games' bots"):
        bench.Table(bench.load_rules("three-card-poker"), "sensible", "sensible", 2, seed=1)


def test_the_unit_is_the_big_bet_or_the_big_blind():
    assert bench.unit(bench.load_rules("morkpoker")) == 2
    assert bench.unit(bench.load_rules("no-limit-draw")) == 2
    assert bench.unit(bench.load_rules("deuce-to-seven-triple-draw")) == 4


def test_a_match_reports_the_rate_and_interval_in_its_unit():
    result = bench.match("morkpoker", "sensible", "random", 2, 20, 1)
    assert result["unit"] == "big bets" and result["decks"] == 20
    assert result["low"] <= result["per_100"] <= result["high"]
    assert statistics.fmean([result["low"], result["high"]]) == pytest.approx(result["per_100"], abs=0.02)


def test_batch_means_use_students_t_for_their_number():
    # batches [1, -1] and [3, 1]: sums 0 and 4 over 2 deals each; rate 1; residuals -2 and 2 (variance 8);
    # error sqrt(8 / 2) / 2 = 1; t for one degree of freedom 12.706
    rate, low, high = bench.batched([1.0, -1.0, 3.0, 1.0], [1, 1, 1, 1], batches=2)
    assert (rate, low, high) == (pytest.approx(100.0), pytest.approx(100 - 1270.6), pytest.approx(100 + 1270.6))


def test_batch_means_are_wider_where_neighbouring_results_move_together():
    rng = random.Random(3)
    drift = [0.0]
    for _ in range(999):
        drift.append(0.95 * drift[-1] + rng.gauss(0, 1))  # each result like the one before it
    _, low, high = bench.batched(drift, [1] * 1000)
    _, iid_low, iid_high = bench.interval(drift, [1] * 1000)
    assert high - low > 2 * (iid_high - iid_low)


def test_runs_as_the_unit_are_the_ratio_estimate_over_runs_with_students_t():
    runs = [
        {"observations": [[1.0, 1], [0.0, 1]]},
        {"observations": [[-1.0, 1], [1.0, 1]]},
        {"observations": [[2.0, 2]]},
    ]
    # chips 1, 0, 2 over 2 deals each: rate 0.5; residuals 0, -1, 1 (variance 1); error sqrt(1 / 3) / 2;
    # t for two degrees of freedom 4.303
    rate, low, high = bench.over_runs(runs)
    error = 100 * 4.303 * (1 / 3) ** 0.5 / 2
    assert rate == pytest.approx(50.0)
    assert (low, high) == (pytest.approx(50 - error, abs=1e-6), pytest.approx(50 + error, abs=1e-6))


def test_a_path_a_run_follows_throughout_is_covered_by_runs_as_the_unit_not_by_batch_means():
    """Two learners that drift to a belief early keep it all run: every deck
    set of a run shares an offset. Batch means within the run cannot see it
    and cover the true rate (0) far less than 95 times in 100; runs as the
    unit cover it about 95 times in 100."""
    rng = random.Random(29)
    batch_covered = runs_covered = trials = 0
    for _ in range(300):
        runs = []
        for _ in range(6):
            drift = rng.gauss(0.0, 0.15)  # the run's own path
            results = [rng.gauss(drift, 1.0) for _ in range(100)]
            _, low, high = bench.batched(results, [1] * 100, per=1.0)
            batch_covered += low <= 0.0 <= high
            trials += 1
            runs.append({"observations": [[x, 1] for x in results], "low": low, "high": high})
        _, low, high = bench.over_runs(runs, per=1.0)
        runs_covered += low <= 0.0 <= high
    assert batch_covered / trials < 0.85
    assert 0.93 <= runs_covered / 300 <= 0.985  # Student's t: 0.96 here; the normal 1.96 would give 0.91


def test_runs_with_more_deals_weigh_more():
    # chips 3 over 1 deal, 0 over 3 deals: the rate is 3 / 4, not the mean of the runs' rates (1.5);
    # residuals 3 - 0.75 and 0 - 2.25 (variance 10.125); error sqrt(10.125 / 2) / 2; t 12.706
    rate, low, high = bench.over_runs([{"observations": [[3.0, 1]]}, {"observations": [[0.0, 1], [0.0, 2]]}])
    error = 100 * 12.706 * (10.125 / 2) ** 0.5 / 2
    assert rate == pytest.approx(75.0)
    assert (low, high) == (pytest.approx(75 - error, abs=1e-6), pytest.approx(75 + error, abs=1e-6))


def test_seeds_are_read_as_ranges_and_lists_each_seed_once():
    assert bench.seeds_of("401-403,410") == [401, 402, 403, 410]
    with pytest.raises(ValueError):
        bench.seeds_of(" , ")
    with pytest.raises(ValueError, match="twice"):
        bench.seeds_of("401-403,402")


def test_a_run_written_twice_counts_once_and_a_changed_run_is_refused(tmp_path):
    runs = [
        {
            "ruleset": "r",
            "hero": "h",
            "against": "a",
            "players": 2,
            "decks": 2,
            "seed": seed,
            "unit": "big bets",
            "per_100": 50.0 * seed,
            "low": 0.0,
            "high": 1.0,
            "observations": [[seed, 1], [0.0, 1]],
        }
        for seed in (1, 2, 3)
    ]
    once, twice, changed = tmp_path / "once", tmp_path / "twice", tmp_path / "changed"
    once.write_text("".join(json.dumps(r) + "\n" for r in runs))
    twice.write_text("".join(json.dumps(r) + "\n" for r in runs + runs))
    assert bench.summarise(str(twice)) == bench.summarise(str(once))
    assert "over 3 runs" in bench.summarise(str(once))[0]
    runs[1] = {**runs[1], "observations": [[9.0, 1], [0.0, 1]]}
    changed.write_text("".join(json.dumps(r) + "\n" for r in runs) + once.read_text())
    with pytest.raises(ValueError, match="seed 2 of r h a 2 2 has two different runs"):
        bench.summarise(str(changed))


def test_several_seeds_print_each_run_and_the_summary(capsys, tmp_path):
    out = tmp_path / "runs.jsonl"
    bench.main(
        [
            "--rulesets",
            "morkpoker",
            "--against",
            "random",
            "--formats",
            "hu",
            "--decks",
            "6",
            "--seeds",
            "1-2",
            "--json",
            str(out),
        ]
    )
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 3 and "seed 1" in printed[0] and "seed 2" in printed[1]
    assert "over 2 runs" in printed[2] and "runs as the unit, t 12.706" in printed[2]
    assert bench.summarise(str(out)) == [printed[2]]


_BAD_ARGUMENTS = [
    ("bots.py", ["--decks", "0"], "argument --decks: '0' is not a whole number of at least 2"),
    ("bots.py", ["--decks", "1"], "argument --decks: '1' is not a whole number of at least 2"),
    ("bots.py", ["--decks6", "x"], "argument --decks6: 'x' is not a whole number of at least 2"),
    ("bots.py", ["--formats", "1"], "argument --formats: '1' is not hu or a number of players"),
    ("bots.py", ["--formats", "9"], "morkpoker seats 2 to 6 players, not 9"),
    ("bots.py", ["--against", " , "], "--against: nothing named in ' , '"),
    ("bots.py", ["--json", "/nonexistent/runs.jsonl"], "--json: /nonexistent/runs.jsonl cannot be written"),
    ("bots.py", ["--json", "."], "--json: . is not a file"),
    ("bots.py", ["--formats", ","], "argument --formats: no table size in ','"),
    ("bots.py", ["--seeds", "3-x"], "--seeds: '3-x' is not a list of different seeds"),
    ("bots.py", ["--hero", "nosuch"], "there is no strategy 'nosuch'"),
    ("bots.py", ["--against", "sensible,nosuch"], "there is no strategy 'nosuch'"),
    ("bots.py", ["--rulesets", "nosuch"], "no ruleset 'nosuch'"),
    ("bots.py", ["--hero", "str\x1b[31mong"], "there is no strategy 'str\\x1b[31mong'"),  # written out
    ("bots.py", ["--rulesets", "three-card-poker"], "three-card-poker is not a draw game"),
    ("bots.py", ["--summarise", "."], "--summarise: . is not a file"),
    ("jackpots_ceiling.py", ["--seeds", "x"], "--seeds: 'x' is not a list of different seeds"),
    ("jackpots_ceiling.py", ["--decks", "-2"], "argument --decks: '-2' is not a whole number of at least 1"),
    ("jackpots_ceiling_before.py", ["--seeds", "1,1"], "--seeds: '1,1' is not a list of different seeds"),
    ("jackpots_ceiling_before.py", ["--hands", "0"], "argument --hands: '0' is not a whole number of at least 1"),
]


@pytest.mark.parametrize(("script", "arguments", "said"), _BAD_ARGUMENTS)
def test_a_bench_given_a_wrong_argument_says_so_in_one_sentence_before_playing(script, arguments, said):
    refused_in_one_sentence(script, arguments, said)


def test_table_sizes_are_hu_or_a_number_of_players_the_ruleset_then_checks():
    assert bench.formats_of(" hu , 6 ") == [2, 6]
    assert bench.formats_of("hu,8") == [2, 8]  # a house's ruleset may seat eight; main checks its range
    for wrong in ("x", "1", "6.5", ","):
        with pytest.raises(bench.argparse.ArgumentTypeError):
            bench.formats_of(wrong)
