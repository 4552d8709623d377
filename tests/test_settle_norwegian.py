"""``drawpoker settle --lang nb`` names shown hands in Norwegian under every
ranking (issue 14): high poker, wild deuces, the bug, a wild joker with
natural beating wild, ace-to-five and deuce-to-seven lowball; the English
words stay the engine's own (the ranking's ``describe``)."""

from __future__ import annotations

import random

import pytest

from drawpoker.ranking import ranking_for_deck
from drawpoker.rules import load_rules
from drawpoker.words.hands import describe_hand
from drawpoker.words.i18n import translator

WILD_JOKER = """\
extends: morkpoker
description: A wild joker, natural beats wild
deck: {jokers: 1, joker: wild, natural_beats_wild: true}
draw: {stock_exhaustion: reshuffle_discards}
"""

ANTE = ["Bo: bet", "Anna: call", "Bo: stand pat", "Anna: stand pat", "Bo: check", "Anna: check"]
BLINDS = ["Anna: call", "Bo: check", "Bo: stand pat", "Anna: stand pat", "Bo: check", "Anna: check"]

CASES = [
    # rules, Anna's cards, Bo's cards, actions, the winner's words in English, in Norwegian
    (
        "morkpoker",
        "Ah Ad 7c 7d 2s",
        "Kh Kd 9s 5c 3h",
        ANTE,
        "two pair, aces and sevens, two kicker",
        "to par, ess og sjuere, to som sidekort",
    ),
    ("deuces-wild", "2s 2d Ah Ac Ad", "Kh Qd 9s 5c 3h", ANTE, "five aces", "fem ess"),
    (
        "california-draw",
        "Jk As Ks 7s 2s",
        "Kh Kd 9s 5c 3h",
        ANTE,
        "flush, ace, king, queen, seven, two",
        "flush, ess, konge, dame, sju, to",
    ),
    (
        "./wild-joker.yaml",
        "Jk Qh Qd 7c 2d",
        "Ks Kh Kd 4c 3c",
        ANTE,
        "three of a kind, kings, four and three kickers, natural",
        "tre like, konger, fire og tre som sidekort, naturlig",
    ),
    (
        "ace-to-five-lowball",
        "Jk 2d 3h 4c 5d",
        "Kh Kc 4s 3d 2c",
        BLINDS,
        "the lowest hand, the wheel",
        "den laveste hånden, hjulet (5-4-3-2-ess)",
    ),
    (
        "ace-to-five-lowball",
        "Jk 2d 3h 4c 6d",
        "Kh Kc 4s 3d 2c",
        BLINDS,
        "the lowest hand, six-four low, three, two, ace",
        "den laveste hånden, seks-fire lav, tre, to, ess",
    ),
    (
        "deuce-to-seven-single-draw",
        "7h 5c 4s 3d 2c",
        "Ah 5d 4h 3c 2d",
        BLINDS,
        "the lowest hand, seven-five low, four, three, two",
        "den laveste hånden, sju-fem lav, fire, tre, to",
    ),
    (
        "deuce-to-seven-single-draw",
        "Ah 9d 7h 5c 3d",
        "Kh Kd 4s 3c 2d",
        BLINDS,
        "the lowest hand, ace high, nine, seven, five, three",
        "den laveste hånden, ess høyest, ni, sju, fem, tre",
    ),
]


@pytest.mark.parametrize("rules, anna, bo, actions, english, norwegian", CASES)
def test_settle_names_the_hand_in_norwegian_under_every_ranking(
    rules, anna, bo, actions, english, norwegian, tmp_path, capsys
):
    from drawpoker.cli.main import main

    (tmp_path / "wild-joker.yaml").write_text(WILD_JOKER, encoding="utf-8")
    deal = tmp_path / "deal.yaml"
    deal.write_text(
        f"game: morkpoker\nrules: {rules}\nbutton: Anna\nseats:\n"
        f'  - {{name: Anna, stack: 40, cards: "{anna}"}}\n'
        f'  - {{name: Bo, stack: 40, cards: "{bo}"}}\n'
        "actions:\n" + "".join(f"  - {a}\n" for a in actions),
        encoding="utf-8",
    )
    assert main(["settle", str(deal)]) == 0
    assert f" with {english}.\n" in capsys.readouterr().out
    assert main(["settle", "--lang", "nb", str(deal)]) == 0
    out = capsys.readouterr().out
    assert f" med {norwegian}.\n" in out and english not in out


@pytest.mark.parametrize(
    "name", ["morkpoker", "deuces-wild", "california-draw", "ace-to-five-lowball", "deuce-to-seven-triple-draw"]
)
def test_the_client_says_what_the_engine_says(name):
    """The words settle prints are said from the cards: in English they are the
    ranking's own ``describe`` for every hand tried."""
    rules = load_rules(name)
    ranking = ranking_for_deck(rules.deck, rules.showdown.ranking)
    deck = list(ranking.deck())
    rng = random.Random(14)
    en, nb = translator("en"), translator("nb")
    for _ in range(2000):
        cards = rng.sample(deck, 5)
        assert describe_hand(cards, en, ranking) == ranking.describe(cards)
        assert describe_hand(cards, nb, ranking) != ranking.describe(cards)


@pytest.mark.parametrize(
    "deal",
    [
        'game: morkpoker\nbutton: Anna\nseats:\n  - {name: Anna, stack: 40, cards: "Ah Ad 7c 7d 2s"}\n'
        '  - {name: anna, stack: 40, cards: "Kh Kd 9s 5c 3h"}\nactions: []\n',
        'game: three-card-poker\ndealer: "Ah Jc 8s"\nplayers:\n'
        '  - {name: Anna, cards: "7s 7d Kc", ante: 1, decision: play}\n'
        '  - {name: anna, cards: "Jh 8h 4d", ante: 1, decision: fold}\n',
    ],
)
def test_two_players_of_one_name_are_refused_in_the_players_language(deal, tmp_path, capsys):
    """The engine's refusal of two players of one name (ignoring case) was
    English in a Norwegian settle."""
    from drawpoker.cli.main import main

    path = tmp_path / "deal.yaml"
    path.write_text(deal, encoding="utf-8")
    assert main(["settle", str(path)]) == 1
    assert "two players have the same name" in capsys.readouterr().err
    assert main(["settle", "--lang", "nb", str(path)]) == 1
    said = capsys.readouterr().err
    assert "to spillere har samme navn" in said and "same name" not in said, said
