"""The draw coach on a phone marks the same best exchange as the laptop's
(H), which weighs each choice against every opponent still in the deal: the
phone's measured it against one, whatever the table. Four at the table,
Bjørn to act with a pair of threes and four hearts: against one opponent
the threes are worth more, against three the flush draw; the laptop said
the flush draw and the phone "Keep 3♣ 3♥, draw 3 (best)". Seen playing
four-handed with two computer seats (ph43)."""

from __future__ import annotations

import pytest

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.cards import parse_cards
from drawpoker.games.draw.odds import draw_odds
from drawpoker.rules import load_rules
from tests.phones_laptop import Laptop
from tests.phones_table import run, stacked

HANDS = ["Ah Ad 7c 4s 2d", "3c 3h Jh Th 2h", "Kc Kd Qs Js 9c", "5s 6s 7d 8d 9d"]
STOCK = "Ac Ks 9h 3d Qd 4c 5c 6c 8c 8s 7s 4h"


def test_the_two_answers_differ_for_this_hand():
    """(The test's premise: the best exchange depends on how many opponents.)"""
    hand = tuple(parse_cards(HANDS[1]))
    rules = load_rules("morkpoker")
    one, three = draw_odds(hand, rules, opponents=1).best, draw_odds(hand, rules, opponents=3).best
    assert {str(c) for c in one.keep} == {"3c", "3h"}
    assert {str(c) for c in three.keep} == {"3h", "Jh", "Th", "2h"}


def test_the_phones_coach_marks_the_laptops_best_exchange(tmp_path):
    async def play():
        deck = stacked(HANDS, STOCK, button=0)
        async with Laptop(tmp_path, names=("Anna", "Bjørn", "Cato", "Dina"), decks=[deck]) as table:
            bjorn = await table.phone(1)
            view = await bjorn.my_turn()
            await table.settle()
            assert table.ctl.to_act == 1
            laptop = table.ctl.coach_odds()
            assert laptop.opponents == 3
            coach = view["coach"]
            best = coach["choices"][coach["best"]]
            assert set(best["keep"]) == {str(c) for c in laptop.best.keep}, (best, laptop.best.keep)
            # and every choice's chance to improve is the laptop's
            assert [(set(ch["keep"]), ch["better"]) for ch in coach["choices"]] == [
                ({str(c) for c in ch.keep}, ch.p_better) for ch in laptop.choices
            ]

    run(play())
