"""The client shows openers and numbered exchanges: the requirement to open
at the table, the proof and split openers in the log, 'The second exchange',
and the rules summary -- in English and Norwegian."""

import pytest

from drawpoker.client.draw.view import table_lines
from drawpoker.client.lines import plain
from drawpoker.client.log import deal_log
from drawpoker.client.look import Look
from drawpoker.games.draw.state import DrawState
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from drawpoker.words.rules_text import rules_summary
from tests.mork_table import Table, rules

EN, NB = translator("en"), translator("nb")
LOOK = Look(unicode=False)


def screen(t, tr=EN):
    return "\n".join(plain(line) for line in table_lines(t.state, t.legal, tr, LOOK, 100))


def log(t, tr=EN):
    return "\n".join(plain(line) for line in deal_log(t.game, [(DrawState(), t.events)], tr, LOOK))


def test_the_table_shows_the_requirement_to_open_until_the_round_is_open():
    t = Table(["9c 9s 5c 4d 2h", "Kh Qd 8s 6c 3h", "Tc Td 7h 4s 2c"], rules_=rules(betting__opening="progressive"))
    t.do("B check", "C check", "A check")
    t.deal(["Jh Jd 8c 6s 3d", "9c 9s 5c 4d 2h", "Kh Qd 8s 6c 3h"], button=1)
    assert "Queens or better to open" in screen(t)
    assert "Damer eller bedre for å åpne" in screen(t, NB)
    t.do("C check", "A check", "B check")
    t.deal(["Ah Ad 8c 6s 3d", "9c 9s 5c 4d 2h", "Kh Qd 8s 6c 3h"], button=2)
    t.do("A bet")
    assert "to open" not in screen(t)


def test_no_requirement_is_shown_without_openers():
    t = Table(["9c 9s 5c 4d 2h", "Kh Qd 8s 6c 3h", "Tc Td 7h 4s 2c"])
    assert "to open" not in screen(t)


def test_the_log_shows_the_proof_and_a_split_without_the_card_until_then():
    t = Table(
        ["9c 9s 5c 4d 2h", "Jh Js Th 9h 8h", "Kc Ks 9d 6h 4c"],
        rules_=rules(betting__opening="jacks_or_better", draw__exchanges=2),
        stock="7h 2s 3s 5s 6s",
    )
    t.do("B bet", "C call", "A fold", "B exchange Js")
    assert "B splits the openers: 1 card is kept apart, to be shown with the proof." in log(t)
    assert "Js" not in log(t)  # face down until the proof
    assert "The first exchange." in log(t)
    t.do("C stand pat", "B bet", "C call")
    assert "The second exchange: up to 3 cards" in screen(t)
    t.do("B stand pat", "C stand pat", "B bet", "C fold")
    text = log(t)
    assert "B shows the openers: Jh Js (thrown and kept apart: Js)." in text
    assert "The second exchange." in text
    assert "B viser åpningskortene: Jh Js (kastet og lagt til side: Js)." in log(t, NB)


def test_a_passed_out_deal_under_openers_says_nobody_opened():
    t = Table(["9c 9s 5c 4d 2h", "Kh Qd 8s 6c 3h", "Tc Td 7h 4s 2c"], rules_=rules(betting__opening="jacks_or_better"))
    t.do("B check", "C check", "A check")
    assert "Nobody opened: the pot of 3 stays for the next deal." in log(t)


@pytest.mark.parametrize(
    "name, line",
    [
        ("jackpots", "Only a pair of jacks or better may open the first betting round."),
        (
            "jackpots-progressive",
            "If nobody opens, the pot stays and a new deal is dealt into it. The same dealer deals it.",
        ),
        ("morkpoker", "Ante 1; bets and raises of 1 before the exchange and 2 after."),
    ],
)
def test_the_rules_summary_names_openers_and_exchanges(name, line):
    assert line in rules_summary(load_rules(name), EN)


def test_the_summary_of_triple_draw():
    r = rules(draw__exchanges=3, draw__stock_exhaustion="reshuffle_discards", betting__big_bet_from_round=3)
    lines = rules_summary(r, EN)
    assert "There are 3 exchanges, each followed by a betting round." in lines
    assert "Ante 1; bets and raises of 1 in the first 2 betting rounds, then 2." in lines
    assert "Det er 3 kortbytter, hvert fulgt av en innsatsrunde." in rules_summary(r, NB)
