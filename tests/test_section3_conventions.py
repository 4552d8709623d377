"""docs/rules.md 3, where the sources are silent: an all-in from the ante
alone and a raise cap of 0, each with a stacked deck.

* "Everyone checks round 1" means everyone who can still act. A player all
  in from the ante has no decision; if the others check round 1 the deal is
  not passed out but goes on to the exchange and the showdown, so the
  all-in player's ante is never carried into a deal that player cannot
  join. When at most one player has chips after the antes, there is no
  betting at all.
* A raise cap of 0 means bets only, no raises; it is not lifted heads-up.

Players are A, B, C... clockwise; the button is given per test.
"""

from __future__ import annotations

import pytest

from drawpoker.games.draw import events as ev
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from drawpoker.words.refusals import translate_refusal
from tests.changed_rules import changed_rules
from tests.mork_table import Table, rules

ACES = "As Ad 7c 7d 2s"  # aces up
KINGS = "Kh Kd 9s 5c 3h"  # a pair of kings
QJ = "Qs Js Ts 4s 4d"  # a pair of fours


def _rounds(t: Table) -> list[ev.RoundStarted]:
    return t.of(ev.RoundStarted)


# ---------------------------------------------------------------- all in from the ante


@pytest.mark.parametrize("opening", ["any", "jacks_or_better"])
def test_a_player_all_in_from_the_ante_has_no_decision_and_the_checked_deal_goes_on(opening):
    # A antes the last chip. B and C check round 1 (in jackpots nobody holds openers):
    # the deal is not passed out; A exchanges, and A's aces win the main pot at the showdown.
    t = Table([ACES, KINGS, QJ], stacks=[1, 40, 40], button=2, rules_=rules(betting__opening=opening))
    assert t.state.all_in(0)
    assert _rounds(t) == [ev.RoundStarted(1, 1, 1)]  # round 1 starts with B: A, left of the button, cannot act
    t.do("B check")
    assert t.to_act == "C"
    t.do("C check")
    assert t.of(ev.DealCheckedThrough) == []
    assert t.of(ev.ExchangeStarted) == [ev.ExchangeStarted((0, 1, 2))]  # A exchanges too
    t.do("A stand pat", "B stand pat", "C stand pat")
    assert _rounds(t)[-1] == ev.RoundStarted(2, 2, 1)
    t.do("B check", "C check")
    assert t.state.phase == "showdown"
    t.show_all()
    assert t.pots() == [(3, "ABC", {"A": 3})]
    assert t.state.carried == 0 and t.stacks() == {"A": 3, "B": 39, "C": 39}


def test_without_the_all_in_player_the_same_checks_pass_the_deal_out():
    # The control: with chips behind for everyone, checking round 1 through passes the deal out.
    t = Table([ACES, KINGS, QJ], stacks=[40, 40, 40], button=2)
    t.do("A check", "B check", "C check")
    assert t.of(ev.DealCheckedThrough) == [ev.DealCheckedThrough(3)]
    assert t.of(ev.ExchangeStarted) == []


@pytest.mark.parametrize(
    "stacks, button",
    [
        ([1, 1, 40], 2),  # two all in from the ante: only C has chips
        ([1, 40], 1),  # heads-up: A all in from the ante, B alone has chips
        ([1, 1], 0),  # both all in from the ante
    ],
)
def test_when_at_most_one_player_has_chips_after_the_antes_there_is_no_betting_at_all(stacks, button):
    hands = [ACES, KINGS, QJ][: len(stacks)]
    t = Table(hands, stacks=stacks, button=button)
    assert _rounds(t) == [ev.RoundStarted(1, 1, None)]
    assert t.of(ev.DealCheckedThrough) == [] and t.state.phase == "exchange"
    while t.state.phase == "exchange":
        t.do(f"{t.to_act} stand pat")
    assert _rounds(t)[-1] == ev.RoundStarted(2, 2, None)
    assert not t.of(ev.Checked) and not t.of(ev.BetPlaced)
    t.show_all()
    assert t.pots()[0][2] == {"A": len(stacks)}  # A's aces win the main pot of every ante
    assert sum(t.state.stacks) == sum(stacks)


# ---------------------------------------------------------------- a raise cap of 0

CAP_0 = rules(betting__raise_cap=0)


def test_a_cap_of_0_allows_bets_but_no_raise():
    t = Table([ACES, KINGS, QJ], rules_=CAP_0)
    t.do("B bet")
    assert t.legal.raises_left == 0 and {o.action for o in t.legal.options} == {"fold", "call"}
    refused = t.refused("C raise")
    assert refused == "C cannot raise: the house allows no raises, only bets; call or fold"
    assert translate_refusal(refused, translator("nb")) == (
        "C kan ikke høyne: husreglene tillater ingen høyninger, bare innsatser; syne eller kaste seg"
    )
    t.do("C call", "A call")
    t.do("B stand pat", "C stand pat", "A stand pat")
    t.do("B bet")  # round 2 too: a bet, and no raise
    assert "no raises" in t.refused("C raise")


def test_a_cap_of_0_is_not_lifted_heads_up():
    t = Table([ACES, KINGS], rules_=CAP_0)  # heads-up from the start, cap_lifted_heads_up: true
    assert t.rules.betting.cap_lifted_heads_up
    t.do("B bet")
    assert t.legal.raises_left == 0 and t.legal.option("raise") is None
    assert "no raises" in t.refused("A raise")
    three = Table([ACES, KINGS, QJ], rules_=CAP_0)  # heads-up after a fold
    three.do("B bet", "C fold")
    assert three.legal.option("raise") is None and "no raises" in three.refused("A raise")


def test_a_cap_of_4_is_lifted_heads_up_as_before():
    t = Table([ACES, KINGS])  # the control: the shipped cap of 4 is lifted heads-up
    t.do("B bet", "A raise", "B raise", "A raise", "B raise", "A raise")
    assert t.legal.option("raise") is not None


def test_a_cap_of_0_with_blinds_leaves_the_big_blind_unraised():
    r = changed_rules("ace-to-five-lowball", betting__raise_cap=0, deck__jokers=0, deck__joker="none")
    t = Table(["As 2d 3c 4h 6s", "Kh Kd 9s 5c 3h", "Qs Js Ts 8s 8d"], button=0, rules_=r)
    assert t.to_act == "A"  # left of the big blind (C)
    assert {o.action for o in t.legal.options} == {"fold", "call"}
    assert "no raises" in t.refused("A raise")
    t.do("A call", "B call")
    assert t.to_act == "C" and t.legal.option("check") is not None  # the big blind's option: no raise in it
    assert t.legal.option("raise") is None and t.legal.option("bet") is None


@pytest.mark.parametrize(
    "lang, said, not_said",
    [
        ("en", "Nobody may raise: each betting round has at most one bet", "unlimited"),
        ("nb", "Ingen får høyne: hver innsatsrunde har høyst én innsats", "ubegrenset"),
    ],
)
def test_rules_show_says_a_cap_of_0_in_words(lang, said, not_said, tmp_path, capsys):
    from drawpoker.cli.main import main

    house = tmp_path / "house.yaml"
    house.write_text("extends: morkpoker\nbetting:\n  raise_cap: 0\n", encoding="utf-8")
    assert main(["rules", "show", str(house), "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert said in out and not_said not in out


def test_the_shipped_ruleset_loads_with_a_cap_of_0(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: morkpoker\nbetting:\n  raise_cap: 0\n", encoding="utf-8")
    assert load_rules(str(house)).betting.raise_cap == 0
