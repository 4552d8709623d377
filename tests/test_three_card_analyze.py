"""``drawpoker analyze``: the ruleset-to-paytable adapter, the exact report on
the default ruleset, and the bots and strategy the game shares with it."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
from fractions import Fraction
from itertools import combinations

import pytest

from drawpoker.cards import DECK, parse_cards
from drawpoker.cli import analyze_cmd
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import RulesError
from drawpoker.games.three_card.analysis import (
    PAIR_PLUS_1_3_6_30_40,
    PAIR_PLUS_1_4_6_30_40,
    SIX_CARD_1000_200_100_20_15_10_7,
    STANDARD_ANTE_BONUS,
    PaytableSpec,
    analyze,
)
from drawpoker.games.three_card.bots import BOTS, BotPolicy, bot_bets, bot_command
from drawpoker.games.three_card.game import ThreeCardPoker
from drawpoker.games.three_card.hands import QUEEN_HIGH, Category3, strength3
from drawpoker.games.three_card.legal import BetLimits
from drawpoker.games.three_card.paytables import box_result, paytable_spec, qualifier_of, worst_case
from drawpoker.games.three_card.report import strategy_rule
from drawpoker.games.three_card.strategy import advice, q64_advice, strategy_for
from drawpoker.words.i18n import translator
from tests.test_three_card_rules import Table, house, rules


def run(*argv: str) -> str:
    parser = argparse.ArgumentParser(prog="drawpoker analyze")
    analyze_cmd.configure(parser)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert analyze_cmd.run(parser.parse_args(list(argv))) == 0
    return out.getvalue()


# ---------------------------------------------------------------- the adapter


def test_each_shipped_ruleset_becomes_its_paytable_spec():
    assert paytable_spec(rules("three-card-poker")) == PaytableSpec(
        qualifier=QUEEN_HIGH,
        play_multiple=1,
        ante_bonus=STANDARD_ANTE_BONUS,
        pair_plus=PAIR_PLUS_1_4_6_30_40,
        prime=(3, 4, True),
        six_card=SIX_CARD_1000_200_100_20_15_10_7,
    )
    assert paytable_spec(rules("three-card-poker-sv")) == PaytableSpec(pair_plus=PAIR_PLUS_1_3_6_30_40)
    assert paytable_spec(rules("three-card-poker-ru")) == PaytableSpec(ante_bonus={}, pair_plus=PAIR_PLUS_1_4_6_30_40)
    assert paytable_spec(rules("three-card-poker-home")) == PaytableSpec(ante_bonus={})
    any_colour = paytable_spec(rules(prime__dealer_colour="any", bets__play_multiple=2))
    assert any_colour.prime == (3, 4, False) and any_colour.play_multiple == 2


def test_qualifiers():
    s = lambda text: strength3(parse_cards(text))  # noqa: E731
    assert qualifier_of("queen_high") == QUEEN_HIGH == s("Qh 3d 2c")
    assert qualifier_of("pair") == s("2h 2d 3c")
    assert qualifier_of("jack_high") == s("Jh 3d 2c") and qualifier_of("king_high") == s("Kh 3d 2c")
    assert qualifier_of("ace_high") == s("Ah 4d 2c") and qualifier_of("any") == 1  # A-3-2 is a straight


def test_worst_case_adds_each_bets_highest_pay():
    spec = paytable_spec(rules("three-card-poker"))
    assert worst_case(spec, 1, 0, 0, 0) == 1 + 1 + 5
    assert worst_case(spec, 2, 1, 1, 1) == 2 * 7 + 40 + 4 + 1000


# ---------------------------------------------------------------- the report


DEFAULT_TEXT = """\
three-card-poker: Three Card Poker, Norwegian rules with every side bet the source describes
Exact: every player hand against every dealer hand from the other 49 cards.

Strategy (found, not assumed): play Q-6-4 or better, fold anything worse.
  Weakest hand played: queen high, six, four; strongest folded: queen high, six, three.
  Hands played: 67.4208%.

Ante and Play, house edge:
  per ante:          3.3730%
  per total wagered: 2.0147%
  outcomes: the player folds 32.58%, the dealer does not qualify 21.00%, the player wins 23.91%, a tie 0.07%, the dealer wins 22.45%

Side bets, house edge:
  Pair Plus (straight flush 40, three of a kind 30, straight 6, flush 4, pair 1): 2.3167%
  Prime (3:1, 4:1 with the dealer's three the same colour): 3.6206%
  Six Card Bonus (royal flush 1000, straight flush 200, four of a kind 100, full house 20, flush 15, straight 10, three of a kind 7): 8.5614%

The player's three cards:
  straight flush     0.2172%
  three of a kind    0.2353%
  straight           3.2579%
  flush              4.9593%
  pair              16.9412%
  high card         74.3891%

The bank per round against 5 players playing the strategy (positive: the bank wins):
  ante 1 each:                     +0.1686 chips
  and 1 on every side bet offered: +0.8936 chips
"""


def test_analyze_the_default_ruleset(wide):
    assert run("three-card-poker") == DEFAULT_TEXT


def test_analyze_json_is_exact():
    data = json.loads(run("three-card-poker", "--json", "--players", "2"))
    a = analyze(paytable_spec(rules("three-card-poker")))
    assert data["strategy"]["rule"] == "play Q-6-4 or better, fold anything worse"
    assert Fraction(data["strategy"]["play_probability"]["exact"]) == Fraction(149, 221)
    assert Fraction(data["ante_play"]["edge_per_ante"]["exact"]) == a.ante_play_edge_per_ante
    assert Fraction(data["pair_plus"]["edge"]["exact"]) == Fraction(128, 5525)  # Pagat's 2.32%
    assert data["prime"]["edge"]["percent"] == pytest.approx(3.6206, abs=1e-4)
    assert Fraction(data["categories"]["pair"]["exact"]) == Fraction(3744, 22100)
    bank = data["bank_per_round"]
    assert bank["players"] == 2
    assert Fraction(bank["ante_only"]["exact"]) == 2 * a.ante_play_edge_per_ante
    assert Fraction(bank["with_side_bets"]["exact"]) == 2 * (
        a.ante_play_edge_per_ante + a.pair_plus_edge + a.prime_edge + a.six_card_edge
    )


def test_analyze_a_ruleset_without_side_bets():
    text = run("three-card-poker-home", "--players", "3")
    assert "  per ante:          8.6580%" in text  # no ante bonus: the edge grows
    assert "  Pair Plus: not offered\n  Prime: not offered\n  Six Card Bonus: not offered" in text
    assert "against 3 players" in text and "every side bet" not in text


def test_analyze_finds_a_different_strategy_when_the_rules_change(tmp_path):
    path = tmp_path / "double.yaml"
    path.write_text("extends: three-card-poker-sv\nbets:\n  play_multiple: 2\n", encoding="utf-8")
    rule = json.loads(run(str(path), "--json"))["strategy"]["rule"]
    assert rule.startswith("play ") and rule != "play Q-6-4 or better, fold anything worse"


def test_strategy_rules_in_words():
    assert strategy_rule(analyze(PaytableSpec()).strategy) == "play Q-6-4 or better, fold anything worse"
    generous = analyze(PaytableSpec(ante_bonus={**STANDARD_ANTE_BONUS, Category3.HIGH_CARD: 1}))
    assert strategy_rule(generous.strategy) == "play every hand"
    pairs = analyze(PaytableSpec(play_multiple=10, qualifier=1))
    assert strategy_rule(pairs.strategy).endswith("or better, fold anything worse")


def test_analyze_refuses_a_morkpoker_ruleset():
    parser = argparse.ArgumentParser()
    analyze_cmd.configure(parser)
    with pytest.raises(RulesError) as exc:
        analyze_cmd.run(parser.parse_args(["morkpoker"]))
    assert str(exc.value) == (
        "morkpoker is not a Three Card Poker ruleset; analyze works only on Three Card Poker rulesets"
    )


def test_players_option_is_checked(capsys):
    parser = argparse.ArgumentParser(prog="drawpoker analyze")
    analyze_cmd.configure(parser)
    with pytest.raises(SystemExit):
        parser.parse_args(["three-card-poker", "--players", "17"])
    assert "expected 1 to 16 players" in capsys.readouterr().err


def test_the_progress_bar_appears_only_after_a_second():
    now = [0.0]
    stream = io.StringIO()
    bar = analyze_cmd.ProgressBar(stream, clock=lambda: now[0], force=True, columns=80, width=10)
    bar(0.5)
    assert stream.getvalue() == ""
    now[0] = 1.5
    bar(0.5)
    assert stream.getvalue() == "\ranalysing [#####.....]  50%"
    bar.close()
    assert stream.getvalue().endswith("\r" + " " * len("analysing [#####.....]  50%") + "\r")
    quiet = analyze_cmd.ProgressBar(io.StringIO(), clock=lambda: now[0])  # not a terminal
    now[0] = 10.0
    quiet(1.0)
    assert not quiet.drawn


@pytest.mark.parametrize("columns", [20, 40, 50, 60, 80, 120, 200])
@pytest.mark.parametrize("label", ["analysing", "analyserer"])
def test_the_progress_bar_fits_the_terminal(columns, label):
    # seen: "analysing [" + 30 + "] 100%", 47 columns whatever the terminal: in 40 columns it wrapped,
    # and each draw (a \r goes back to the start of the last line only) left a line behind it
    stream = io.StringIO()
    bar = analyze_cmd.ProgressBar(stream, label, delay=0.0, force=True, columns=columns)
    for done in (0.0, 0.25, 0.5, 1.0):
        bar(done)
    drawn = stream.getvalue().split("\r")[1:]
    assert len(drawn) == 4 and len({len(line) for line in drawn}) == 1
    assert all(len(line) < columns for line in drawn), drawn  # (the last column left free: no wrap)
    assert drawn[-1].startswith(label) and drawn[-1].endswith("100%")
    room = columns - 1 - len(f"{label} [] 100%")
    assert drawn[-1].count("#") == (min(room, analyze_cmd.ProgressBar.MOST) if room >= 5 else 0)
    if columns >= 80:
        assert len(drawn[0]) > 47 - 10  # (a wide terminal: a wider bar than the 30 it had)
    bar.close()
    assert stream.getvalue().endswith("\r" + " " * len(drawn[-1]) + "\r")


def test_analyze_s_progress_bar_is_said_in_the_language():
    assert "analyserer" in analyze_cmd.progress_label(translator("nb"))
    assert analyze_cmd.progress_label(translator("en")) == "analysing"


# ---------------------------------------------------------------- strategy and bots


def test_advice_is_the_found_strategy_and_q64_the_simple_rule():
    r = rules("three-card-poker")
    for text, expected in [("Qh 6d 4c", "play"), ("Qh 6d 3c", "fold"), ("2c 2d 3h", "play"), ("Jh Td 8c", "fold")]:
        assert advice(r, parse_cards(text)) == expected == q64_advice(parse_cards(text))
    assert strategy_for(r) is strategy_for(rules("three-card-poker-no"))  # cached per main-game paytable


def test_bot_bets_fit_the_limits_the_stack_and_the_bank():
    game = ThreeCardPoker(house())
    limits = BetLimits(1, 10, 1, 10, True, 10, 10, 2, 100, None)
    rng = random.Random(1)
    assert bot_bets(game, limits, rng, BotPolicy(ante=20, pair_plus=20, boxes=3)) == ((10, 10, 0, 0),) * 2
    assert bot_bets(game, limits._replace(stack=25), rng, BotPolicy(ante=5, prime=5)) == ((5, 0, 5, 0),)
    assert bot_bets(game, limits._replace(stack=12), rng, BotPolicy(ante=5, prime=5)) == ((5, 0, 0, 0),)
    assert bot_bets(game, limits._replace(bank_can_cover=7), rng, BotPolicy(ante=5)) == ((1, 0, 0, 0),)
    assert bot_bets(game, limits._replace(bank_can_cover=6), rng, BotPolicy(ante=5)) == ()


def test_bots_play_legal_commands_and_follow_the_strategy():
    t = Table(2)
    t.start("Ah Jc 8s", "Qh 6d 3c", "Qs 6c 4d")
    rng = random.Random(2)
    t._run(bot_command(t.game, t.state, rng, BotPolicy(ante=2, pair_plus=1)))
    t._run(bot_command(t.game, t.state, rng, BotPolicy(ante=1, strategy="q64")))
    assert [(b.ante, b.pair_plus) for b in t.state.boxes] == [(2, 1), (1, 0)]
    t._run(bot_command(t.game, t.state, rng))
    t._run(bot_command(t.game, t.state, rng, BotPolicy(strategy="q64")))
    assert [b.folded for b in t.state.boxes] == [True, False]
    with pytest.raises(ValueError, match="nobody is to act"):
        bot_command(t.game, t.state, rng)


@pytest.mark.parametrize("name", ["random", "sensible"])
def test_the_named_bots_play_whole_sessions(name):
    game = ThreeCardPoker(house("three-card-poker-ru", session__deals=20))
    bot = BOTS[name]
    state = game.new_state()
    game.handle(state, game.sit_down(("A", "B", "C"), (30, 30, 30)))
    rng, shuffler = random.Random(4), RandomShuffler(4)
    while state.phase != "session_over":
        if state.phase == "between_deals":
            game.handle(state, game.start_deal(*shuffler.shuffle()))
        else:
            game.handle(state, bot(game, state, rng))
    assert state.round == 20 or state.session_end == "too_few_players"


# ---------------------------------------------------------------- the game agrees with the analysis


@pytest.mark.parametrize("text", ["Qh 6d 4c", "7s 7d Kc", "4h 5h 6h"])
def test_the_games_settlement_averages_to_the_analysis(text):
    """Settle one box against every dealer hand from the other 49 cards:
    the average is exactly the analysis's expected value of playing."""
    spec = paytable_spec(rules("three-card-poker"))
    hand = parse_cards(text)
    rest = [c for c in DECK if c not in hand]
    total = sum(sum(box_result(spec, "paid", (1, 1, 0, 0, 0), False, hand, dealer)) for dealer in combinations(rest, 3))
    expected = analyze(spec).strategy.ev_play(hand)
    assert Fraction(total, 18_424) == expected


def test_the_games_pair_plus_averages_to_the_analysis():
    """Pair Plus alone on each of the 22,100 hands: the average is exactly minus the edge."""
    spec = paytable_spec(rules("three-card-poker-sv"))
    total = sum(box_result(spec, "paid", (0, 0, 1, 0, 0), False, hand, ())[3] for hand in combinations(DECK, 3))
    assert Fraction(total, 22_100) == -analyze(spec).pair_plus_edge == -Fraction(402, 5525)  # 7.28%


# ---------------------------------------------------------------- in the player's language


def test_analyze_takes_lang_and_reports_in_norwegian(wide):
    """It had no --lang: the report was English whatever the other commands spoke."""
    english = run("three-card-poker-sv", "--players", "1", "--lang", "en")
    norsk = run("three-card-poker-sv", "--players", "1", "--lang", "nb")
    assert english == run("three-card-poker-sv", "--players", "1")  # the default is the locale's (English here)
    assert norsk.splitlines()[:5] == [
        "three-card-poker-sv: Three Card Poker slik den svenske kilden beskriver det "
        "(Pair Plus 1-3-6-30-40, bare sammen med startinnsats)",
        "Eksakt: hver spillerhånd mot hver giverhånd av de andre 49 kortene.",
        "",
        "Strategi (funnet, ikke antatt): fortsette med Q-6-4 eller bedre, gi seg med alt svakere.",
        "  Svakeste hånd det fortsettes med: høyeste kort dame, seks, fire; "
        "sterkeste det gis seg med: høyeste kort dame, seks, tre.",
    ]
    assert "  per startinnsats:         3,3730%" in norsk
    assert "  Prime: tilbys ikke" in norsk
    assert "  ett par           16,9412%" in norsk
    assert "Banken per runde mot 1 spiller som følger strategien (positivt: banken vinner):" in norsk
    assert "  startinnsats 1 hver:                 +0,0337 sjetonger" in norsk
    for english_word in ("the player", "house edge", "chips", "Strategy", "not offered", "pair "):
        assert english_word not in norsk, english_word
    # the English report lines its figures up as before, with a single line in the bank's column too
    assert "  per ante:          3.3730%" in english
    home = run("three-card-poker-home", "--lang", "en")
    assert "  ante 1 each:                     +" in home and "side bet offered" not in home


def test_analyze_of_a_draw_ruleset_is_refused_in_the_language(capsys):
    from drawpoker.cli.main import main

    assert main(["analyze", "morkpoker", "--lang", "nb"]) != 0
    assert capsys.readouterr().err.strip() == (
        "drawpoker analyze: morkpoker er ikke et regelsett for Three Card Poker; "
        "analyze virker bare på regelsett for Three Card Poker"
    )
