"""The coached player exchanges as the draw coach advises; the table plays each computer seat by its level."""

from __future__ import annotations

import random

from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw.bots import coached_bot, sensible_bot
from drawpoker.games.draw.odds import draw_odds
from drawpoker.games.draw.state import BETTING, EXCHANGE
from tests.mork_table import Table, rules


def _to_exchange(t: Table, opener: str) -> None:
    """Round 1: the opener bets, the other calls or checks."""
    while t.state.phase == BETTING:
        who = t.to_act
        can = {o.action for o in t.legal.options}
        if who == opener and "bet" in can:
            t.do(f"{who} bet")
        else:
            t.do(f"{who} call" if "call" in can else f"{who} check")
    assert t.state.phase == EXCHANGE


def test_the_coached_seat_takes_the_coachs_best_exchange():
    t = Table(["Ks Kd 7c 4h 2s", "2c 5d 7h 9c Qd"])
    _to_exchange(t, "A")
    while t.to_act != "A":
        t.do(f"{t.to_act} stand pat")
    seat = t.seat("A")
    best = draw_odds(t.state.hands[seat], t.rules).best
    assert best.label == "keep the pair of kings, draw three"
    assert coached_bot(t.game, t.state, random.Random(1)) == cmd.Exchange(seat, best.discard)


def test_the_coached_seat_differs_from_the_rule_of_thumb_where_the_coach_does():
    # heads-up, a king beside an open-ended straight draw: the rule of thumb draws one
    # to the straight; against one sensible opponent the king is worth more
    t = Table(["Kd 5h 2s 4h 3c", "Ks Kh 7c 4d 2d"])
    _to_exchange(t, "B")
    while t.to_act != "A":
        t.do(f"{t.to_act} stand pat")
    seat = t.seat("A")
    best = draw_odds(t.state.hands[seat], t.rules).best
    assert best.label == "keep the king and the five, draw three"
    rule_of_thumb = sensible_bot(t.game, t.state, random.Random(1))
    coached = coached_bot(t.game, t.state, random.Random(1))
    assert coached == cmd.Exchange(seat, best.discard) and coached != rule_of_thumb


def test_where_splitting_openers_is_refused_the_seat_keeps_them():
    r = rules(betting__opening="jacks_or_better", betting__split_openers="not_allowed")
    # four at the table: against three opponents the coach alone would break the jacks
    t = Table(["Js Jd Ts 9s 8s", "2c 5d 7h 9c Kd", "3c 6d 7d Qc Kh", "4c 4d 6h Ac 2h"], rules_=r)
    _to_exchange(t, "A")
    while t.to_act != "A":
        t.do(f"{t.to_act} stand pat")
    seat = t.seat("A")
    hand = t.state.hands[seat]
    best = draw_odds(hand, t.rules, opponents=3).best
    assert any(c.rank == 11 for c in best.discard), best.label  # to the straight flush
    command = coached_bot(t.game, t.state, random.Random(1))
    assert command == sensible_bot(t.game, t.state, random.Random(1))
    kept = [c for c in hand if c not in command.discards]
    assert sum(1 for c in kept if c.rank == 11) == 2  # both jacks kept: the openers are not split


def test_the_hot_seat_session_plays_each_computer_seat_by_its_level():
    from drawpoker.client.session import Session
    from drawpoker.engine.shuffle import RandomShuffler
    from drawpoker.games import game_for

    game = game_for(rules())
    session = Session(
        game, game.new_state(), None, [False, True, True], RandomShuffler(3, 0), levels=[None, "", "strong"]
    )
    assert session.levels == [None, "sensible", "strong"]  # sensible where none is chosen
    bots = {seat: bot for (seat, _), bot in session.bots.items()}  # (by seat and player: nobody sits yet)
    assert sorted(bots) == [1, 2] and bots[2].name == "strong"
