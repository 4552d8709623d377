"""Lowball speaks lowball (issue 24), in English and Norwegian, jokers included,
everywhere a hand is described: the table (its log and the deal's summary),
replay, export and ``drawpoker hand --rules``.

Found at the table: a deuce-to-seven showdown read "one pair, sevens, ace,
king, queen kickers" (high poker's words: "kickers", as if a higher one
helped) and the result did not say that the lowest hand won. Now: "a pair of
sevens, ace, king, queen", "seven-six low, four, three, two", and "Ada wins
the pot (4) with the lowest hand." Single draw and triple draw are named
apart in the title.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.controller import DEAL_OVER, Controller
from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.screens import screen_lines
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import StackedShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import game_for
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.history.writer import HistoryWriter
from drawpoker.ranking import ranking_for, ranking_for_deck
from drawpoker.rules import load_rules
from drawpoker.rules.explain import game_name
from drawpoker.words.hands import describe_hand
from drawpoker.words.i18n import translator

#: (ruleset, Ada's hand, Bo's hand, jokers in the deck)
DEALS = {
    "deuce-to-seven-triple-draw": ("7s 6d 4c 3h 2s", "7h 7d Ac Kh Qh", 0),
    "ace-to-five-lowball": ("Jk 6d 4c 3h 2s", "7h 7d Kc Qh Jh", 1),  # the joker is the ace the hand lacks
}
#: what the table must say, by ruleset and language: Ada's low, Bo's pair, the result
SAID = {
    ("deuce-to-seven-triple-draw", "en"): (
        "seven-six low, four, three, two",
        "a pair of sevens, ace, king, queen",
        "Ada wins the pot (4) with the lowest hand.",
    ),
    ("deuce-to-seven-triple-draw", "nb"): (
        "sju-seks lav, fire, tre, to",
        "ett par sjuere, ess, konge, dame",
        "med den laveste hånden.",
    ),
    ("ace-to-five-lowball", "en"): (
        "six-four low, three, two, ace",
        "a pair of sevens, king, queen, jack",
        "Ada wins the pot (4) with the lowest hand.",
    ),
    ("ace-to-five-lowball", "nb"): (
        "seks-fire lav, tre, to, ess",
        "ett par sjuere, konge, dame, knekt",
        "med den laveste hånden.",
    ),
}
#: high poker's words, which no lowball hand uses (Norwegian counts a pair "ett par" in every game:
#: high poker's is "ett par, sjuere, ... som sidekort", lowball's "ett par sjuere, ess, ...")
HIGH_WORDS = ("one pair", "kickers", "high card", "ett par,", "sidekort", "høyt kort")


def _play_to_the_end(name: str, path: Path) -> Session:
    """Ada (the button) and Bo check and call through, stand pat in every
    exchange and both show: a lowball showdown with a pair against a low."""
    rules = load_rules(name)
    ada, bo, jokers = DEALS[name]
    deck = stacked_deck({0: parse_cards(ada, jokers=1), 1: parse_cards(bo, jokers=1)}, 0, 2, jokers=jokers)
    game = game_for(rules)
    writer = HistoryWriter.create(path, rules, ("Ada", "Bo"), computer=(False, False))
    session = Session(game, game.new_state(), writer, (False, False), StackedShuffler(deck), random.Random(1))
    session.sit_down(("Ada", "Bo"), (40, 40), 0)
    session.deal()
    while not session.between_deals:
        seat = session.state.to_act
        if session.state.phase == "exchange":
            session.submit(cmd.Exchange(seat, ()))
        elif session.state.phase == "showdown":
            session.submit(cmd.Show(seat))
        else:
            for move in (cmd.Check(seat), cmd.Call(seat)):
                try:
                    session.submit(move)
                    break
                except IllegalAction:
                    continue
    return session


@pytest.mark.parametrize("name", DEALS)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_table_log_and_summary_speak_lowball(tmp_path, name, lang):
    session = _play_to_the_end(name, tmp_path / "h.jsonl")
    tr = translator(lang)
    ctl = Controller(tr, Look(), session=session)
    ctl._show(DEAL_OVER)  # the deal's end, as the table shows it to everyone
    screen = " ".join(" ".join(plain(line) for line in screen_lines(ctl, 120, 60)).split())
    low, pair, result = SAID[(name, lang)]
    assert low in screen and pair in screen and result in screen, screen
    assert not any(word in screen for word in HIGH_WORDS), screen
    session.close()

    # replay: the same words, step by step to the deal's end
    model = ReplayModel(tmp_path / "h.jsonl", tr, Look())
    model.revealed = True
    model.to_end()
    replayed = " ".join(" ".join(plain(line) for line in model.lines(120, 60)).split())
    assert low in replayed and pair in replayed and result in replayed, replayed
    assert not any(word in replayed for word in HIGH_WORDS), replayed


@pytest.mark.parametrize("name", DEALS)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_export_speaks_lowball(tmp_path, name, lang, capsys):
    from drawpoker.cli.main import main

    _play_to_the_end(name, tmp_path / "h.jsonl").close()
    assert main(["export", str(tmp_path / "h.jsonl"), "--lang", lang]) == 0
    out = capsys.readouterr().out
    title = game_name(load_rules(name), translator(lang))
    assert out.startswith(title + (" deal #1: " if lang == "en" else ", utdeling nr. 1: ")), out[:80]
    low, pair, _ = SAID[(name, lang)]
    assert f"({low})" in out and f"({pair})" in out
    assert not any(word in out for word in HIGH_WORDS)


@pytest.mark.parametrize(
    "cards, ruleset, lang, said",
    [
        ("7h 7d Ac Kh Qh", "deuce-to-seven-single-draw", "en", "a pair of sevens, ace, king, queen"),
        ("7h 7d Ac Kh Qh", "deuce-to-seven-single-draw", "nb", "ett par sjuere, ess, konge, dame"),
        ("7s 6d 4c 3h 2s", "deuce-to-seven-triple-draw", "en", "seven-six low, four, three, two"),
        ("7s 6d 4c 3h 2s", "deuce-to-seven-triple-draw", "nb", "sju-seks lav, fire, tre, to"),
        ("Jk 6d 4c 3h 2s", "ace-to-five-lowball", "en", "six-four low, three, two, ace"),
        ("Jk 6d 4c 3h 2s", "ace-to-five-lowball", "nb", "seks-fire lav, tre, to, ess"),
        ("9s 9d 9c 3h Jk", "ace-to-five-lowball", "en", "three nines, three, ace"),
        ("9s 9d 3c 3h 2s", "ace-to-five-lowball", "nb", "to par, niere og treere, to"),
        ("As 2d 3c 4h Jk", "ace-to-five-lowball", "nb", "hjulet (5-4-3-2-ess)"),
    ],
)
def test_hand_under_lowball_rules_speaks_lowball_in_the_language(capsys, cards, ruleset, lang, said):
    from drawpoker.cli.main import main

    assert main(["hand", cards, "--rules", ruleset, "--lang", lang]) == 0
    assert capsys.readouterr().out.strip().endswith(": " + said)


@pytest.mark.parametrize("order", ["ace_to_five", "deuce_to_seven"])
@pytest.mark.parametrize("jokers", [0, 1])
def test_every_lowball_hand_class_has_words_of_its_own_and_no_kickers(order, jokers):
    """Each strength's words are its own (the words say what decides), in both
    languages, and none uses high poker's "kicker" or "one pair"."""
    ranking = ranking_for(order, jokers=jokers, joker="wild" if jokers else "none")
    deck = ranking.deck()
    seen: dict[int, tuple[str, str]] = {}
    en, nb = translator("en"), translator("nb")
    for five in combinations(deck[::2] + deck[1::8], 5):  # a spread of the deck: every class is met many times
        s = ranking.strength(five)
        if s in seen:
            continue
        seen[s] = (describe_hand(five, en, ranking), describe_hand(five, nb, ranking))
        assert seen[s][0] == ranking.describe(five)
    english = [e for e, _ in seen.values()]
    norwegian = [n for _, n in seen.values()]
    assert len(set(english)) == len(english) and len(set(norwegian)) == len(norwegian)
    assert not any("kicker" in e or e.startswith(("one pair", "high card")) for e in english)
    assert not any("sidekort" in n or n.startswith(("ett par,", "høyt kort")) for n in norwegian)
    assert len(seen) > 1000


@pytest.mark.parametrize(
    "name, en, nb",
    [
        ("deuce-to-seven-single-draw", "Deuce-to-seven single draw", "Enkel toer-til-syver"),
        ("deuce-to-seven-triple-draw", "Deuce-to-seven triple draw", "Trippel toer-til-syver"),
        ("ace-to-five-lowball", "Ace-to-five single draw", "Enkel ess-til-fem"),
    ],
)
def test_single_and_triple_draw_have_titles_of_their_own(name, en, nb):
    rules = load_rules(name)
    assert game_name(rules, translator("en")) == en and game_name(rules, translator("nb")) == nb


def test_the_ranking_and_the_words_agree_in_english_for_random_lowball_hands():
    for name in DEALS:
        rules = load_rules(name)
        ranking = ranking_for_deck(rules.deck, rules.showdown.ranking)
        rng = random.Random(24)
        deck = list(ranking.deck())
        for _ in range(3000):
            five = rng.sample(deck, 5)
            assert describe_hand(five, translator("en"), ranking) == ranking.describe(five)
