"""``bench/jackpots_learned.py`` and ``bench/jackpots_learned_parts.py``: the
learned player drives :mod:`drawpoker.bots.draw.last_round` (tested in
``tests/test_strong_last_round.py``) through hooks; left alone they are
strong's own and it plays as strong, deck set for deck set, through
``bench/bots.py``'s own match; filled with sensible's rules they decide
otherwise."""

from __future__ import annotations

from tests.bench_tools import load_bench

learned = load_bench("jackpots_learned.py", "bench_jackpots_learned")
parts = load_bench("jackpots_learned_parts.py", "bench_jackpots_learned_parts")

from bots import Table, play_deck_sets  # noqa: E402  (bench/ is on the path once a bench module is loaded)
from bots import match as bots_match  # noqa: E402

from drawpoker.bots.draw.last_round import spot_of  # noqa: E402
from drawpoker.bots.draw.model import BUCKETS  # noqa: E402
from drawpoker.bots.draw.strong import _models  # noqa: E402
from drawpoker.rules import load_rules  # noqa: E402


def _observations(results, deals):
    return [[round(x, 4), n] for x, n in zip(results, deals, strict=True)]


def test_with_its_hooks_left_alone_it_plays_as_strong_through_the_bench_s_own_match():
    """Its answers, read and shares strong's own: it decides as strong at
    every decision after the exchange, and the seat's results are bots.py's
    match's, deck set for deck set (strong asked first, its randomness and
    learning left as they run)."""
    table = Table(load_rules("jackpots"), "strong", "sensible", 2, 7)
    player = learned.Learned(table.hero)
    table.hero = player
    results, deals = play_deck_sets(table, 3)
    mine = bots_match("jackpots", "strong", "sensible", 2, 3, 7)
    assert player.decisions > 0 and player.differs == 0
    assert _observations(results, deals) == mine["observations"]


def test_every_spot_of_the_round_is_one_sensible_s_rules_know():
    spots = {
        spot_of(its, facing, mine_before)
        for its in ((), ("check",), ("bet",), ("raise",))
        for facing in (False, True)
        for mine_before in (False, True)
    }
    assert spots == set(parts.SPOTS)


def test_sensible_s_rules_answer_every_hand_in_every_spot_and_learn_nothing():
    rules = parts.Rules(_models(load_rules("jackpots")))
    for spot in parts.SPOTS:
        for can_raise in (True, False):
            chances = rules.chances(spot, can_raise)
            assert can_raise or "raise" not in chances
            assert all(abs(sum(p[b] for p in chances.values()) - 1.0) < 1e-9 for b in range(BUCKETS))
    first = rules.chances("first", True)["bet"]
    assert first[BUCKETS - 1] > 0.9 and first[0] < 0.1  # a straight flush bets, nothing checks
    rules.learn([("first", "check", True)], [1.0 / BUCKETS] * BUCKETS, BUCKETS - 1, None)
    assert rules.chances("first", True)["bet"] == first and not rules.lines


def test_with_sensible_s_answers_in_place_of_the_learned_ones_it_plays_otherwise():
    """``--part policy``: the hook filled with sensible's rules (the range
    strong's read): it decides otherwise than strong somewhere."""
    table = Table(load_rules("jackpots"), "strong", "sensible", 2, 7)
    player = parts.Parts(table.hero, "policy", None)
    table.hero = player
    results, deals = play_deck_sets(table, 3)
    assert player.decisions > 0 and player.differs > 0
    assert _observations(results, deals) != bots_match("jackpots", "strong", "sensible", 2, 3, 7)["observations"]
