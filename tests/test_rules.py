"""House rules: loading, every setting's refusal message, extends, explanations."""

import contextlib
import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from drawpoker.cli.main import main
from drawpoker.errors import RulesError
from drawpoker.rules import fingerprint, load_rules, rules_from_data, rules_to_data, shipped_names
from drawpoker.rules.explain import explain, setting_differences
from drawpoker.rules.model import DrawRules, ThreeCardRules, settings
from drawpoker.rules.schema import json_schema

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path, text, name="house.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path, text, name="house.yaml"):
    path = write(tmp_path, text, name)
    with pytest.raises(RulesError) as err:
        load_rules(path)
    return [p.replace(str(tmp_path) + "/", "") for p in err.value.problems]


SHIPPED = [
    "ace-to-five-lowball",
    "california-draw",
    "dealers-choice",
    "deuce-to-seven-single-draw",
    "deuce-to-seven-triple-draw",
    "deuces-wild",
    "jackpots",
    "jackpots-progressive",
    "morkpoker",
    "morkpoker-headsup-cap",
    "no-limit-draw",
    "three-card-poker",
    "three-card-poker-home",
    "three-card-poker-no",
    "three-card-poker-ro",
    "three-card-poker-ru",
    "three-card-poker-sv",
]


def test_the_shipped_rulesets_are_the_named_ones():
    assert shipped_names() == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_rulesets_pass_check(name, capsys):
    assert main(["rules", "check", name]) == 0
    assert "ok" in capsys.readouterr().out


def test_check_names_the_game_as_the_table_does(wide, tmp_path, capsys):
    # it said "(morkpoker, ...)" of every draw ruleset, lowball included: the engine's word
    own = tmp_path / "friday.yaml"
    own.write_text("extends: jackpots\ndescription: Friday jackpots\n", encoding="utf-8")
    assert main(["rules", "check", "ace-to-five-lowball", "three-card-poker", str(own)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("ace-to-five-lowball: ok (Ace-to-five single draw, sha256:"), said
    assert said[1].startswith("three-card-poker: ok (Three Card Poker, sha256:"), said
    assert said[2].startswith(f"{own}: ok (Friday jackpots, sha256:"), said
    assert main(["rules", "check", "deuce-to-seven-triple-draw", "--lang", "nb"]) == 0
    assert "ok (Trippel toer-til-syver, sha256:" in capsys.readouterr().out


def test_defaults_are_the_sources_values():
    m = load_rules("morkpoker")
    assert m == DrawRules(description=m.description)
    b = m.betting
    assert (b.ante, b.small_bet, b.big_bet, b.raise_cap, b.cap_lifted_heads_up) == (1, 1, 2, 4, True)
    assert m.draw.max_cards == 3 and m.session.starting_stack == 40 and m.session.deals == 12
    assert m.session.when_broke == "sit_out" and m.betting.round_two_starter == "next_active"
    assert load_rules("morkpoker-headsup-cap").betting.cap_lifted_heads_up is False


def test_three_card_sources_differ_where_the_documents_do():
    no, sv, ru, ro, home = (load_rules(f"three-card-poker-{x}") for x in ("no", "sv", "ru", "ro", "home"))
    assert no.pair_plus.paytable["flush"] == 4 and ru.pair_plus.paytable["flush"] == 4
    assert sv.pair_plus.paytable["flush"] == 3 and ro.pair_plus.paytable["flush"] == 3
    assert no.pair_plus.after_fold == "paid" and ro.pair_plus.after_fold == "forfeited"
    assert sv.pair_plus.without_ante is False and ro.pair_plus.without_ante is True
    assert no.pair_plus.without_ante is True and ru.pair_plus.without_ante is False
    assert ru.table.boxes_per_player > 1 and no.table.boxes_per_player == 1
    assert ru.bets.ante_bonus == {} and no.bets.ante_bonus == {"straight_flush": 5, "three_of_a_kind": 4, "straight": 1}
    assert home.pair_plus.enabled is False and home.bets.ante_bonus == {}
    full = load_rules("three-card-poker")
    assert full.prime.enabled and full.six_card_bonus.enabled
    assert full.six_card_bonus.paytable["royal_flush"] == 1000
    assert len({fingerprint(r) for r in (no, sv, ru, ro, home, full)}) == 6


# One wrong value for every setting, with the exact message.
M = "game: morkpoker\n"
T = "game: three-card-poker\n"
WRONG = [
    (M, "description", "[1]", "description: expected a text of one line of at most 300 characters, found a list"),
    (M, "table.min_players", "1", "table.min_players: expected a whole number from 2 to 10, found 1"),
    (M, "table.max_players", "11", "table.max_players: expected a whole number from 2 to 10, found 11"),
    (M, "deck.jokers", "3", "deck.jokers: expected a whole number from 0 to 2, found 3"),
    (M, "deck.joker", "clown", "deck.joker: expected one of 'none', 'bug' or 'wild', found 'clown'"),
    (
        M,
        "deck.wild_ranks",
        "[2, 1]",
        "deck.wild_ranks[1]: expected a rank: 2 to 10, J, Q, K or A (or 11 to 14 for jack to ace), found 1",
    ),
    (M, "deck.wild_may_duplicate", "maybe", "deck.wild_may_duplicate: expected true or false, found 'maybe'"),
    (M, "deck.natural_beats_wild", "1", "deck.natural_beats_wild: expected true or false, found 1"),
    (
        M,
        "showdown.ranking",
        "low",
        "showdown.ranking: expected one of 'high', 'ace_to_five' or 'deuce_to_seven', found 'low'",
    ),
    (M, "betting.ante", "-1", "betting.ante: expected a whole number, 0 or more, found -1"),
    (M, "betting.small_bet", "0", "betting.small_bet: expected a whole number, 1 or more, found 0"),
    (M, "betting.big_bet", "two", "betting.big_bet: expected a whole number, 1 or more, found 'two'"),
    (
        M,
        "betting.raise_cap",
        "four",
        "betting.raise_cap: expected a whole number, 0 or more or 'unlimited', found 'four'",
    ),
    (M, "betting.cap_lifted_heads_up", "maybe", "betting.cap_lifted_heads_up: expected true or false, found 'maybe'"),
    (
        M,
        "betting.incomplete_raise_reopens",
        "3/2",
        "betting.incomplete_raise_reopens: expected a fraction from 0 to 1 with a denominator of at most 12, like 1/2 or 0.5, found '3/2'",
    ),
    (
        M,
        "betting.opening",
        "kings",
        "betting.opening: expected one of 'any', 'jacks_or_better' or 'progressive', found 'kings'",
    ),
    (
        M,
        "betting.split_openers",
        "sometimes",
        "betting.split_openers: expected one of 'allowed' or 'not_allowed', found 'sometimes'",
    ),
    (
        M,
        "betting.passed_out_button",
        "left",
        "betting.passed_out_button: expected one of 'moves' or 'stays', found 'left'",
    ),
    (M, "betting.big_bet_from_round", "5", "betting.big_bet_from_round: expected a whole number from 1 to 4, found 5"),
    (M, "draw.exchanges", "0", "draw.exchanges: expected a whole number from 1 to 3, found 0"),
    (
        M,
        "betting.round_two_starter",
        "dealer",
        "betting.round_two_starter: expected one of 'next_active' or 'left_of_button', found 'dealer'",
    ),
    (
        M,
        "betting.structure",
        "spread_limit",
        "betting.structure: expected one of 'fixed_limit', 'pot_limit' or 'no_limit', found 'spread_limit'",
    ),
    (M, "betting.dealer_ante", "-1", "betting.dealer_ante: expected a whole number, 0 or more, found -1"),
    (
        M,
        "betting.blinds",
        "[1]",
        "betting.blinds: expected a list of two whole numbers [small, big], each 1 or more or 'none', found a list",
    ),
    (
        M,
        "betting.check_raise",
        "sometimes",
        "betting.check_raise: expected one of 'allowed' or 'not_allowed', found 'sometimes'",
    ),
    (M, "draw.max_cards", "6", "draw.max_cards: expected a whole number from 0 to 5, found 6"),
    (
        M,
        "draw.max_cards_with_ace",
        "yes",
        "draw.max_cards_with_ace: expected a whole number from 0 to 5 or 'no', found true",
    ),
    (
        M,
        "draw.stock_exhaustion",
        "panic",
        "draw.stock_exhaustion: expected one of 'refuse' or 'reshuffle_discards', found 'panic'",
    ),
    (
        M,
        "showdown.order",
        "pots",
        "showdown.order: expected one of 'last_aggressor' or 'side_pots_first', found 'pots'",
    ),
    (
        M,
        "showdown.odd_chip",
        "dealer",
        "showdown.odd_chip: expected one of 'left_of_button' or 'high_suit', found 'dealer'",
    ),
    (M, "session.starting_stack", "0", "session.starting_stack: expected a whole number, 1 or more, found 0"),
    (M, "session.deals", "0", "session.deals: expected a whole number from 1 to 100000 or 'auto', found 0"),
    (M, "session.when_broke", "cry", "session.when_broke: expected one of 'sit_out', 'rebuy' or 'ask', found 'cry'"),
    (M, "session.rebuy_amount", "1.5", "session.rebuy_amount: expected a whole number, 1 or more, found 1.5"),
    (
        M,
        "session.buy_in",
        "[50]",
        "session.buy_in: expected a list of two whole numbers [least, most], each 1 or more or 'starting_stack', found a list",
    ),
    (M, "session.add_on_limit", "0", "session.add_on_limit: expected a whole number, 1 or more or 'no', found 0"),
    (M, "session.seats", "random", "session.seats: expected one of 'as_given' or 'drawn', found 'random'"),
    (M, "session.first_dealer", "oldest", "session.first_dealer: expected one of 'chosen' or 'drawn', found 'oldest'"),
    (
        M,
        "session.dealer_draw_ties",
        "coin",
        "session.dealer_draw_ties: expected one of 'suits' or 'redraw', found 'coin'",
    ),
    (M, "session.newcomer_blind", "pay", "session.newcomer_blind: expected one of 'wait' or 'post', found 'pay'"),
    (M, "session.missed_blinds", "forgive", "session.missed_blinds: expected one of 'post' or 'wait', found 'forgive'"),
    (
        M,
        "session.chip_value",
        "0.333 NOK",
        "session.chip_value: expected an amount of NOK with at most 2 decimals (its smallest unit), like 0.50 NOK or 'none', found '0.333 NOK'",
    ),
    (
        M,
        "session.chip_value",
        "-2 NOK",
        "session.chip_value: expected an amount of more than nothing and a currency, like 0.50 NOK or 'none', found '-2 NOK'",
    ),
    (
        M,
        "session.rebuy_limit",
        "-2",
        "session.rebuy_limit: expected a whole number, 1 or more or 'unlimited', found -2",
    ),
    (
        M,
        "session.dealers_choice",
        "[1]",
        "session.dealers_choice: expected a list of at most 8 names (texts of one line), like [morkpoker, jackpots], "
        "found a list",
    ),
    (T, "table.min_players", "0", "table.min_players: expected a whole number from 1 to 16, found 0"),
    (T, "table.max_players", "17", "table.max_players: expected a whole number from 1 to 16, found 17"),
    (T, "table.boxes_per_player", "0", "table.boxes_per_player: expected a whole number from 1 to 16, found 0"),
    (T, "table.max_boxes", "x", "table.max_boxes: expected a whole number from 1 to 16, found 'x'"),
    (T, "bets.ante_min", "0", "bets.ante_min: expected a whole number, 1 or more, found 0"),
    (T, "bets.ante_max", "null", "bets.ante_max: expected a whole number, 1 or more, found nothing (null)"),
    (T, "bets.play_multiple", "11", "bets.play_multiple: expected a whole number from 1 to 10, found 11"),
    (
        T,
        "bets.dealer_qualifier",
        "ten_high",
        "bets.dealer_qualifier: expected one of 'any', 'jack_high', 'queen_high', 'king_high', 'ace_high' or 'pair', found 'ten_high'",
    ),
    (
        T,
        "bets.ante_bonus",
        "{straight: -1}",
        "bets.ante_bonus: expected a whole number 0 or more for 'straight' (found -1), found a mapping",
    ),
    (T, "pair_plus.enabled", "1", "pair_plus.enabled: expected true or false, found 1"),
    (
        T,
        "pair_plus.paytable",
        "{two_pair: 3}",
        "pair_plus.paytable: expected hands among straight_flush, three_of_a_kind, straight, flush, pair, high_card (found 'two_pair'), found a mapping",
    ),
    (T, "pair_plus.max_bet", "0", "pair_plus.max_bet: expected a whole number, 1 or more, found 0"),
    (T, "pair_plus.after_fold", "kept", "pair_plus.after_fold: expected one of 'paid' or 'forfeited', found 'kept'"),
    (T, "pair_plus.without_ante", "sometimes", "pair_plus.without_ante: expected true or false, found 'sometimes'"),
    (T, "prime.enabled", "3", "prime.enabled: expected true or false, found 3"),
    (T, "prime.pays", "-3", "prime.pays: expected a whole number, 0 or more, found -3"),
    (T, "prime.pays_with_dealer", "[4]", "prime.pays_with_dealer: expected a whole number, 0 or more, found a list"),
    (T, "prime.dealer_colour", "red", "prime.dealer_colour: expected one of 'same_as_player' or 'any', found 'red'"),
    (T, "prime.max_bet", "0", "prime.max_bet: expected a whole number, 1 or more, found 0"),
    (T, "six_card_bonus.enabled", "2", "six_card_bonus.enabled: expected true or false, found 2"),
    (
        T,
        "six_card_bonus.paytable",
        "[1000]",
        "six_card_bonus.paytable: expected a table of hand: pays, like {pair: 1, flush: 4}, found a list",
    ),
    (T, "six_card_bonus.max_bet", "-1", "six_card_bonus.max_bet: expected a whole number, 1 or more, found -1"),
    (T, "dealer.mode", "casino", "dealer.mode: expected one of 'house_bank' or 'rotating', found 'casino'"),
    (T, "dealer.rounds_each", "0", "dealer.rounds_each: expected a whole number from 1 to 100, found 0"),
    (T, "dealer.bank", "lots", "dealer.bank: expected a whole number, 1 or more or 'unlimited', found 'lots'"),
    (
        T,
        "dealer.when_bank_short",
        "borrow",
        "dealer.when_bank_short: expected one of 'pay_in_order' or 'refuse_bets', found 'borrow'",
    ),
    (T, "session.starting_stack", "-40", "session.starting_stack: expected a whole number, 1 or more, found -40"),
    (T, "session.deals", "many", "session.deals: expected a whole number from 1 to 100000 or 'auto', found 'many'"),
    (
        T,
        "session.when_broke",
        "borrow",
        "session.when_broke: expected one of 'sit_out', 'rebuy' or 'ask', found 'borrow'",
    ),
    (T, "session.rebuy_amount", "0", "session.rebuy_amount: expected a whole number, 1 or more, found 0"),
    (
        T,
        "session.buy_in",
        "[50]",
        "session.buy_in: expected a list of two whole numbers [least, most], each 1 or more or 'starting_stack', found a list",
    ),
    (T, "session.add_on_limit", "0", "session.add_on_limit: expected a whole number, 1 or more or 'no', found 0"),
    (T, "session.seats", "random", "session.seats: expected one of 'as_given' or 'drawn', found 'random'"),
    (T, "session.first_dealer", "oldest", "session.first_dealer: expected one of 'chosen' or 'drawn', found 'oldest'"),
    (
        T,
        "session.dealer_draw_ties",
        "coin",
        "session.dealer_draw_ties: expected one of 'suits' or 'redraw', found 'coin'",
    ),
    (T, "session.newcomer_blind", "pay", "session.newcomer_blind: expected one of 'wait' or 'post', found 'pay'"),
    (T, "session.missed_blinds", "forgive", "session.missed_blinds: expected one of 'post' or 'wait', found 'forgive'"),
    (
        T,
        "session.chip_value",
        "0.333 NOK",
        "session.chip_value: expected an amount of NOK with at most 2 decimals (its smallest unit), like 0.50 NOK or 'none', found '0.333 NOK'",
    ),
    (
        T,
        "session.chip_value",
        "-2 NOK",
        "session.chip_value: expected an amount of more than nothing and a currency, like 0.50 NOK or 'none', found '-2 NOK'",
    ),
    (T, "session.rebuy_limit", "0", "session.rebuy_limit: expected a whole number, 1 or more or 'unlimited', found 0"),
    (
        T,
        "session.dealers_choice",
        "morkpoker",
        "session.dealers_choice: expected a list of at most 8 names (texts of one line), like [morkpoker, jackpots], "
        "found 'morkpoker'",
    ),
    (T, "description", "{a: 1}", "description: expected a text of one line of at most 300 characters, found a mapping"),
]


def _nest(path, value):
    parts = path.split(".")
    text = ""
    for depth, part in enumerate(parts[:-1]):
        text += "  " * depth + part + ":\n"
    return text + "  " * (len(parts) - 1) + f"{parts[-1]}: {value}\n"


@pytest.mark.parametrize("game, path, value, message", WRONG, ids=[f"{g[6:10]}:{p}" for g, p, _, _ in WRONG])
def test_every_setting_refuses_a_wrong_value_with_the_exact_message(tmp_path, game, path, value, message):
    text = game + _nest(path, value)
    line = text.count("\n")
    assert problems(tmp_path, text) == [f"house.yaml:{line}: {message}"]


def test_every_setting_is_covered_by_the_table():
    covered = {(g, p) for g, p, _, _ in WRONG}
    for game, cls in ((M, DrawRules), (T, ThreeCardRules)):
        for path, *_ in settings(cls()):
            assert (game, ".".join(path)) in covered, path


@pytest.mark.parametrize(
    "text, message",
    [
        (
            M + "betting:\n  small_bet: 2\n  big_bet: 1\n",
            "house.yaml:4: betting.big_bet: big_bet (1) must be >= small_bet (2)",
        ),
        (
            M + "table:\n  min_players: 5\n  max_players: 4\n",
            "house.yaml:3: table.min_players: min_players (5) must be <= max_players (4)",
        ),
        (
            M + "draw:\n  max_cards: 4\n",
            "house.yaml:3: draw.max_cards: 6 players changing up to 4 cards each could need 54 cards, more than the 52 in the deck: set stock_exhaustion to 'reshuffle_discards' or seat fewer players",
        ),
        (
            M + "table:\n  max_players: 10\ndraw:\n  max_cards: 3\n  stock_exhaustion: reshuffle_discards\n",
            "house.yaml:3: table.max_players: 10 players hold 50 cards, which leaves fewer than 3 in the stock for the first player to change",
        ),
        (
            M + "draw:\n  max_cards_with_ace: 3\n",
            "house.yaml:3: draw.max_cards_with_ace: max_cards_with_ace (3) must be more than max_cards (3), or 'no'",
        ),
        (
            M + "session:\n  deals: auto\n",
            "house.yaml:3: session.deals: deals must be a number for Mørkpoker ('auto' is for a rotating Three Card Poker dealer)",
        ),
        (
            T + "bets:\n  ante_min: 5\n  ante_max: 2\n",
            "house.yaml:3: bets.ante_min: ante_min (5) must be <= ante_max (2)",
        ),
        (
            T + "table:\n  max_players: 6\n  max_boxes: 5\n",
            "house.yaml:3: table.max_players: max_players (6) must be <= max_boxes (5): every player needs a box",
        ),
        (
            T + "pair_plus:\n  paytable: {}\n",
            "house.yaml:3: pair_plus.paytable: Pair Plus is enabled but its paytable pays nothing",
        ),
        (
            T + "dealer:\n  mode: house_bank\nsession:\n  deals: auto\n",
            "house.yaml:5: session.deals: with a house bank the session needs a number of rounds ('auto' is for a rotating dealer)",
        ),
    ],
)
def test_cross_field_checks(tmp_path, text, message):
    assert problems(tmp_path, text) == [message]


def test_unknown_key_with_suggestion_and_several_errors_together(tmp_path):
    text = M + "betting:\n  rasie_cap: 3\n  ante: -1\nsesion:\n  deals: 3\n"
    assert problems(tmp_path, text) == [
        "house.yaml:3: unknown key 'rasie_cap' at betting (did you mean 'raise_cap'?)",
        "house.yaml:4: betting.ante: expected a whole number, 0 or more, found -1",
        "house.yaml:5: unknown key 'sesion' at the top level (did you mean 'session'?)",
    ]


def test_unknown_key_without_a_near_match_lists_the_keys(tmp_path):
    assert problems(tmp_path, M + "draw:\n  zzz: 1\n") == [
        "house.yaml:3: unknown key 'zzz' at draw; expected one of: exchanges, max_cards, max_cards_with_ace, stock_exhaustion"
    ]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "house.yaml: the file is empty; a ruleset needs at least 'game: morkpoker' or 'game: three-card-poker'"),
        ("- 1\n- 2\n", "house.yaml:1: a ruleset is a mapping of settings (key: value), found a list"),
        ("just words\n", "house.yaml:1: a ruleset is a mapping of settings (key: value), found a single value"),
        ("game: morkpoker\nbetting: [1\n", "house.yaml:2: the '[' on this line is never closed with ']'"),
        ("game: morkpoker\n\tante: 1\n", "house.yaml:2: a tab; use spaces (YAML indents with spaces only)"),
        (
            "game: poker\n",
            "house.yaml:1: game: expected 'morkpoker' or 'three-card-poker', found 'poker' (did you mean 'morkpoker'?)",
        ),
        ("game: [1]\n", "house.yaml:1: game: expected 'morkpoker' or 'three-card-poker', found a list"),
        (
            "game: morkpokr\n",
            "house.yaml:1: game: expected 'morkpoker' or 'three-card-poker', found 'morkpokr' (did you mean 'morkpoker'?)",
        ),
        ("betting:\n  ante: 2\n", "house.yaml: missing key 'game': say 'game: morkpoker' or 'game: three-card-poker'"),
        ("game: morkpoker\nbetting: 3\n", "house.yaml:2: betting: expected a mapping of settings, found 3"),
        ("game: morkpoker\nante: 1\nante: 2\n", "house.yaml:3: duplicate key 'ante' at the top level"),
        ("game: morkpoker\n1: 2\n", "house.yaml:2: top level: keys must be words, found 1"),
        (
            "game: morkpoker\nextends: [x]\n",
            "house.yaml:2: extends: expected the name of a shipped ruleset or a file path, found a list",
        ),
        (
            "game: three-card-poker\nextends: morkpoker\n",
            "house.yaml:1: game: 'three-card-poker' cannot extend a 'morkpoker' ruleset (rulesets/morkpoker.yaml)",
        ),
        (
            "extends: nosuch\n",
            "house.yaml:1: extends: no ruleset 'nosuch': not a file and not a shipped ruleset; shipped rulesets: "
            + ", ".join(SHIPPED),
        ),
        (
            "extends: morkpokr\n",
            "house.yaml:1: extends: no ruleset 'morkpokr': not a file and not a shipped ruleset (did you mean 'morkpoker'?)",
        ),
        ("extends: ./missing.yaml\n", "house.yaml:1: extends: ./missing.yaml: no such file"),
        (
            "game: morkpoker\nbetting:\n  ante: !!python/object:os.system 1\n",
            "house.yaml:3: the tag '!!python/object:os.system' is not used in drawpoker's files; write the value plainly (quotes make it a text)",
        ),
    ],
)
def test_bad_documents_get_one_clear_message(tmp_path, text, message):
    assert problems(tmp_path, text) == [message]


def test_missing_file_not_text_huge_and_folder(tmp_path):
    with pytest.raises(RulesError, match=r"nope.yaml: no such file$"):
        load_rules(tmp_path / "nope.yaml")
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"game: \xff\xfe\n")
    with pytest.raises(RulesError, match=r"bin.yaml:1: not a text file \(byte 6 is not UTF-8\)"):
        load_rules(binary)
    huge = write(tmp_path, "game: morkpoker\n" + "# padding\n" * 40_000, "huge.yaml")
    with pytest.raises(
        RulesError, match=r"huge.yaml: the file is more than 262,144 bytes; a ruleset may be at most 262,144 bytes"
    ):
        load_rules(huge)
    with pytest.raises(RulesError, match="is a folder"):
        load_rules(str(tmp_path) + "/")


def test_alias_bomb_is_refused(tmp_path):
    text = "game: morkpoker\na: &a [1,1,1,1,1,1,1,1,1,1]\n"
    for i in range(1, 9):
        text += f"{chr(97 + i)}: &{chr(97 + i)} [" + ",".join(["*" + chr(96 + i)] * 10) + "]\n"
    (err,) = problems(tmp_path, text)
    assert err == "house.yaml: too many values (more than 20000); this should be a few dozen lines"


def test_extends_overrides_only_what_differs(tmp_path):
    write(tmp_path, "extends: morkpoker\nbetting:\n  raise_cap: unlimited\n", "base.yaml")
    path = write(tmp_path, "extends: base.yaml\nsession:\n  when_broke: rebuy\n  rebuy_amount: 20\n")
    rules = load_rules(path)
    assert rules.betting.raise_cap is None and rules.betting.ante == 1
    assert rules.session.when_broke == "rebuy" and rules.session.rebuy_amount == 20
    assert rules.session.starting_stack == 40


def test_extends_replaces_a_whole_paytable(tmp_path):
    path = write(tmp_path, "extends: three-card-poker-no\npair_plus:\n  paytable: {pair: 2}\n")
    assert load_rules(path).pair_plus.paytable == {"pair": 2}


def test_errors_point_into_the_file_that_set_the_value(tmp_path):
    write(tmp_path, "extends: morkpoker\nbetting:\n  small_bet: 3\n", "base.yaml")
    path = write(tmp_path, "extends: base.yaml\nsession:\n  deals: 3\n")
    with pytest.raises(RulesError) as err:
        load_rules(path)
    assert err.value.problems == [
        f"{tmp_path / 'base.yaml'}:3: betting.small_bet: big_bet (2) must be >= small_bet (3)"
    ]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_problem_in_what_a_ruleset_extends_names_the_file_where_it_is(tmp_path, monkeypatch, capsys, lang):
    """Seen: `rules check child.yaml`, child extending base/parent.yaml, which extends kr.yaml beside
    it, said "kr.yaml:3: ..." (the name as parent.yaml writes it, from its own folder): there is no
    kr.yaml where the player stands; the file is base/kr.yaml. A file that cannot be read is still said
    at the line that names it, by the name written there."""
    from drawpoker.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "base").mkdir()
    write(tmp_path / "base", "extends: morkpoker\nbetting:\n  small_bet: 3\n", "kr.yaml")
    write(tmp_path / "base", "extends: kr.yaml\n", "parent.yaml")
    write(tmp_path, "extends: base/parent.yaml\n", "child.yaml")
    write(tmp_path / "base", "extends: ./gone.yaml\n", "broken.yaml")
    write(tmp_path, "extends: base/broken.yaml\n", "child2.yaml")
    assert main(["rules", "check", "child.yaml", "--lang", lang]) == 1
    assert capsys.readouterr().err.startswith("base/kr.yaml:3: betting.small_bet: ")
    assert main(["rules", "check", str(tmp_path / "child.yaml"), "--lang", lang]) == 1
    assert capsys.readouterr().err.startswith(f"{tmp_path}/base/kr.yaml:3: betting.small_bet: ")
    assert main(["rules", "check", "child2.yaml", "--lang", lang]) == 1
    assert capsys.readouterr().err.startswith("base/broken.yaml:1: extends: ./gone.yaml: ")


def test_extends_cycle(tmp_path):
    write(tmp_path, "extends: b.yaml\n", "a.yaml")
    write(tmp_path, "extends: a.yaml\n", "b.yaml")
    with pytest.raises(RulesError, match=r"'extends' goes round in a circle: a.yaml -> b.yaml -> a.yaml"):
        load_rules(tmp_path / "a.yaml")


def test_fingerprint_is_stable_and_ignores_the_description(tmp_path):
    a = load_rules("morkpoker")
    b = load_rules(write(tmp_path, "extends: morkpoker\ndescription: our table\n"))
    c = load_rules("morkpoker-headsup-cap")
    assert fingerprint(a) == fingerprint(b) != fingerprint(c)
    assert fingerprint(a) == "sha256:16cec3482c55bbcd"  # changing this breaks old hand histories


@pytest.mark.parametrize("name", SHIPPED)
def test_rules_round_trip_through_plain_data(name):
    rules = load_rules(name)
    data = json.loads(json.dumps(rules_to_data(rules)))
    assert rules_from_data(data) == rules


def test_rules_from_data_reports_bad_header(tmp_path):
    data = rules_to_data(load_rules("morkpoker"))
    data["betting"]["ante"] = "x"
    with pytest.raises(RulesError) as err:
        rules_from_data(data, "game.log:1")
    assert err.value.problems == ["game.log:1: betting.ante: expected a whole number, 0 or more, found 'x'"]


def test_show_reads_like_sentences(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "2000")  # (each paragraph on one line)
    assert main(["rules", "show", "morkpoker"]) == 0
    out = capsys.readouterr().out
    assert "Everyone antes 1 chip before each deal; the ante is not a bet of the first round." in out
    assert "In each betting round at most 4 raises may follow the first bet." in out
    assert "When only two players are left before the cap is reached, raising is unlimited." in out
    assert "rebuy" not in out  # irrelevant when players sit out
    text = explain(load_rules("three-card-poker-ro"))
    assert "Folding loses the Pair Plus together with the ante." in text


def test_diff_in_plain_words(capsys, monkeypatch):
    assert main(["rules", "diff", "three-card-poker-no", "three-card-poker-sv"]) == 0
    out = capsys.readouterr().out
    assert "pair_plus.without_ante: yes -> no" in out
    assert "second: Pair Plus is only played together with an ante." in out
    assert setting_differences(load_rules("morkpoker"), load_rules("three-card-poker")) is None  # no shared settings
    monkeypatch.setenv("COLUMNS", "200")  # (the sentence on one line)
    assert main(["rules", "diff", "morkpoker", "three-card-poker"]) == 0
    assert "\ngame: the first is morkpoker, the second is three-card-poker; they share no settings\n" in (
        capsys.readouterr().out
    )
    assert main(["rules", "diff", "morkpoker", "morkpoker"]) == 0
    assert "play alike" in capsys.readouterr().out


def test_diff_says_a_fixed_bet_does_not_apply_in_no_limit_and_lists_the_setting_that_changed(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("COLUMNS", "250")  # (a difference on three lines, whatever the paths)
    assert main(["rules", "diff", "no-limit-draw", "deuce-to-seven-triple-draw"]) == 0
    out = capsys.readouterr().out
    assert "Before the exchange every bet and raise is 1 chip" not in out  # no fixed bets in no limit
    assert "betting.small_bet: 1 chip -> 2 chips\n    first:  Does not apply in this game.\n" in out
    bigger = write(tmp_path, "extends: no-limit-draw\nbetting:\n  blinds: [2, 4]\n")
    assert main(["rules", "diff", "no-limit-draw", str(bigger)]) == 0
    out = capsys.readouterr().out
    assert "betting.blinds: 1 chip and 2 chips -> 2 chips and 4 chips" in out and "a big blind of 4" in out
    assert "betting.structure" not in out  # no limit on both sides: its sentence reads the blinds, listed already
    assert "betting.small_bet" not in out  # a setting neither side uses is not listed
    later = write(tmp_path, "extends: morkpoker\nbetting:\n  big_bet_from_round: 1\n")
    assert main(["rules", "diff", "morkpoker", str(later), "--lang", "nb"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1] == "betting.big_bet_from_round: 2 -> 1"  # the setting changed, not the bets it shifts
    assert "Hver innsats og høyning er den store innsatsen, helt fra den første innsatsrunden." in out
    assert "betting.small_bet" not in out and "betting.big_bet:" not in out


def test_diff_lists_only_settings_whose_values_differ(capsys, monkeypatch):
    """Issue 24: "deck.wild_may_duplicate: no -> no" was listed (a setting
    that applies on one side only, with the same value on both)."""
    monkeypatch.setenv("COLUMNS", "200")  # (a difference on three lines)
    assert main(["rules", "diff", "morkpoker", "deuces-wild"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "1 setting differs between morkpoker (first) and deuces-wild (second):",
        "deck.wild_ranks: none -> twos",
        "    first:  No rank is wild.",
        "    second: The twos are wild: each stands for any card its holder chooses, and the hand is judged at its "
        "best.",
    ]
    assert main(["rules", "diff", "three-card-poker", "three-card-poker-sv", "--lang", "nb"]) == 0
    listed = [line for line in capsys.readouterr().out.splitlines() if not line.startswith(" ")][1:]
    assert "prime.pays: 3 -> 3" not in listed and "dealer.bank: ubegrenset -> ubegrenset" not in listed
    assert all(line.split(": ", 1)[1].split(" -> ")[0] != line.split(" -> ")[1] for line in listed), listed


def test_every_pair_of_shipped_rulesets_diffs_only_values_that_differ():
    from drawpoker.rules.model import settings
    from drawpoker.rules.shipped import shipped

    loaded = {name: load_rules(name) for name in shipped()}
    for first, a in loaded.items():
        for second, b in loaded.items():
            if first >= second or a.game != b.game:
                continue
            listed = {d.setting for d in setting_differences(a, b) or ()}
            differ = {
                ".".join(p) for (p, _, va, _), (_, _, vb, _) in zip(settings(a), settings(b), strict=True) if va != vb
            }
            assert listed <= differ - {"description"}, (first, second, listed - differ)


def test_two_rulesets_that_differ_only_where_neither_plays_are_not_said_to_share_a_fingerprint(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("COLUMNS", "250")  # (the sentence on one line, whatever the paths)
    unused = write(tmp_path, "extends: no-limit-draw\nbetting:\n  small_bet: 5\n  big_bet: 10\n")
    assert main(["rules", "diff", "no-limit-draw", str(unused)]) == 0
    out = capsys.readouterr().out
    assert "play alike: they differ only in settings neither game uses (fingerprints sha256:" in out


def test_check_reports_problems_exit_1(tmp_path, capsys):
    path = write(tmp_path, M + "betting:\n  ante: x\n")
    assert main(["rules", "check", str(path), "morkpoker"]) == 1
    captured = capsys.readouterr()
    assert "betting.ante: expected a whole number, 0 or more, found 'x'" in captured.err
    assert "morkpoker: ok" in captured.out


def test_schema_validates_every_shipped_file_and_is_shipped(capsys):
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in sorted((ROOT / "rulesets").glob("*.yaml")):
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema)
        assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=./schema.json")
    assert json.loads((ROOT / "rulesets" / "schema.json").read_text(encoding="utf-8")) == schema
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"game": "morkpoker", "betting": {"rasie_cap": 1}}, schema)
    assert main(["rules", "schema"]) == 0
    assert json.loads(capsys.readouterr().out) == schema


# ---------------------------------------------------------------- fuzzing

yaml_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.sampled_from(["unlimited", "no", "auto", "1/2", "rebuy", "morkpoker"]),
)
keys = st.sampled_from(
    [
        "game",
        "extends",
        "betting",
        "draw",
        "table",
        "session",
        "ante",
        "raise_cap",
        "max_cards",
        "pair_plus",
        "paytable",
        "enabled",
        "bets",
        "dealer",
        "mode",
        "zz",
        "description",
    ]
)
documents = st.recursive(
    yaml_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=12,
)


@hsettings(max_examples=300, deadline=None)
@given(documents, st.sampled_from(["morkpoker", "three-card-poker", None]))
def test_malformed_documents_raise_rules_error_only(tmp_path_factory, doc, game):
    if isinstance(doc, dict) and game is not None and "extends" not in doc:
        doc = {"game": game, **doc}
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    try:
        rules = load_rules(path)
    except RulesError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
    else:
        assert fingerprint(rules).startswith("sha256:")


@hsettings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_raise_rules_error_only(tmp_path_factory, blob):
    path = tmp_path_factory.mktemp("bytes") / "fuzz.yaml"
    path.write_bytes(blob)
    with contextlib.suppress(RulesError):
        load_rules(path)


def test_loading_and_checking_rules_imports_no_game():
    """Issue 24: the seating check that rules check shares with the table
    lives with the rules (rules/seating.py), so loading a ruleset imports no
    game (it imported games.seating, and through it Three Card Poker's
    paytables, hands and analysis)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from drawpoker.cli.main import main\n"
        "assert main(['rules', 'check', 'three-card-poker', 'morkpoker', 'dealers-choice', 'three-card-poker-home']) == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith('drawpoker.games')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "[]"


def test_the_table_and_rules_check_share_one_seating_check():
    from drawpoker.games.three_card import game as three_card_game
    from drawpoker.rules import seating

    assert three_card_game.seating_refusal is seating.seating_refusal
    rules = load_rules("three-card-poker-home")
    assert seating.min_stake(rules) == rules.bets.ante_min * (1 + rules.bets.play_multiple)
    assert seating.min_stake(load_rules("three-card-poker")) == 1  # Pair Plus may be played alone
