"""The strong player in known spots, on stacked decks: what any good
player does there, whatever its dice say (each spot is tried with many
seeds of its own randomness)."""

from __future__ import annotations

import random

import pytest

from drawpoker.bots.draw.strong import Strong
from drawpoker.cards import parse_cards
from drawpoker.games.draw.state import BETTING, EXCHANGE
from drawpoker.games.view import seat_view
from tests.mork_table import Table, rules

SEEDS = range(12)


def strong(t: Table, name: str, seed: int = 0) -> tuple[object, object]:
    """The strong player's decision for ``name`` (to act), and the view it saw."""
    bot = Strong(random.Random(seed))
    bot.prepare(t.rules)
    view = seat_view(t.game, t.state, t.seat(name))
    return bot.act(view), view


def to_exchange(t: Table) -> None:
    """The first to act bets (where nobody has: a deal everyone checks is
    passed out), everyone else calls, the big blind checks."""
    first = True
    while t.state.phase == BETTING:
        can = {o.action for o in t.legal.options}
        if first and "bet" in can:
            t.do(f"{t.to_act} bet" if t.rules.betting.structure == "fixed_limit" else f"{t.to_act} bet 2")
        else:
            t.do(f"{t.to_act} call" if "call" in can else f"{t.to_act} check")
        first = False
    assert t.state.phase == EXCHANGE


# ---------------------------------------------------------------- openers


@pytest.mark.parametrize("hand", ["Jh Jd 7c 4s 2d", "Qs Qc 9h 5d 3c", "Kh Kc 8s 6d 2c"])
def test_it_opens_with_openers(hand):
    jackpots = rules(betting__opening="jacks_or_better")
    for seed in SEEDS:
        t = Table(["9c 8d 6h 4c 2s", hand, "Ts 7d 5c 3h 2h"], rules_=jackpots)  # B first to act
        assert t.to_act == "B"
        decision, view = strong(t, "B", seed)
        assert view.to_open == 11 and view.option("bet") is not None
        assert decision.act == "bet", (hand, seed)


@pytest.mark.parametrize("hand", ["Th Td 7c 4s 2d", "Ah Kh Qh Jh 3c", "9s 8s 7h 6c 4d"])
def test_it_never_opens_without_openers_and_never_folds_for_free(hand):
    jackpots = rules(betting__opening="jacks_or_better")
    for seed in SEEDS:
        t = Table(["9c 8d 6h 4c 2s", hand, "Ts 7d 5c 3h 2h"], rules_=jackpots)
        decision, view = strong(t, "B", seed)
        assert view.option("bet") is None  # the table would not let it
        assert decision.act == "check", (hand, seed)


def test_it_splits_openers_when_drawing_to_more_pays_and_keeps_them_where_the_house_says():
    """Four to a straight flush beside a pair of jacks, three others in who
    drew one card each (two pair, or draws): a pair of jacks seldom wins
    that pot, the straight flush draw often does. Heads-up against a player
    who drew three, the jacks are worth more, and it keeps them."""
    hand = "Jh Js Th 9h 8h"
    others = ["2c 2d 5s 5h Kd", "Ac Ad 7s 7d 3c", "Qc Kc 4c 6c 2s"]
    for split, kept in (("allowed", 1), ("not_allowed", 2)):
        house = rules(betting__opening="jacks_or_better", betting__split_openers=split)
        t = Table([hand, *others], rules_=house)
        t.do("B check", "C check", "D check", "A bet", "B call", "C call", "D call")
        t.do("B exchange Kd", "C exchange 3c", "D exchange 2s")
        assert t.state.phase == EXCHANGE and t.to_act == "A"
        decision, _ = strong(t, "A")
        jacks = [c for c in parse_cards(hand) if c.rank == 11 and c not in decision.cards]
        assert len(jacks) == kept, (split, decision)
        t.do(f"A exchange {' '.join(map(str, decision.cards))}")  # the table takes it
    house = rules(betting__opening="jacks_or_better")
    t = Table([hand, "2c 5d 7s 9c Kd"], rules_=house)
    t.do("B check", "A bet", "B call", "B exchange 2c 5d 7s")
    decision, _ = strong(t, "A")
    assert sorted(str(c) for c in decision.cards) == ["8h", "9h", "Th"]


# ---------------------------------------------------------------- the exchange


def test_it_keeps_a_pat_flush():
    for seed in SEEDS:
        t = Table(["2h 6h 9h Jh Kh", "Qs Qd 7c 4h 2s", "8c 8d 5s 4c 3d"])
        to_exchange(t)
        while t.to_act != "A":
            t.do(f"{t.to_act} exchange {' '.join(map(str, t.state.hands[t.state.to_act][:3]))}")
        decision, _ = strong(t, "A", seed)
        assert decision.act == "exchange" and decision.cards == (), seed


def test_it_draws_one_to_an_open_ended_straight_in_a_multiway_pot():
    for seed in SEEDS:
        t = Table(["5c 6d 7h 8s Kd", "Qs Qd 7c 4h 2s", "Ac Jd 5s 4c 3d", "Th Tc 9d 3s 2c"])
        to_exchange(t)
        assert len([s for s in range(4) if t.state.live(s)]) == 4
        while t.to_act != "A":
            t.do(f"{t.to_act} exchange {' '.join(map(str, t.state.hands[t.state.to_act][2:]))}")
        decision, _ = strong(t, "A", seed)
        assert [str(c) for c in decision.cards] == ["Kd"], seed


@pytest.mark.parametrize("ruleset", ["deuce-to-seven-single-draw", "deuce-to-seven-triple-draw"])
def test_it_stands_pat_on_a_seven_five_low_in_deuce_to_seven(ruleset):
    from tests.changed_rules import changed_rules

    lowball = changed_rules(ruleset)
    for seed in SEEDS:
        t = Table(["7h 5d 4c 3s 2h", "Kc Qd 8s 6c 3d"], rules_=lowball, stacks=[100, 100])
        to_exchange(t)
        if t.to_act != "A":
            t.do("B exchange Kc Qd")
        decision, _ = strong(t, "A", seed)
        assert decision.act == "exchange" and decision.cards == (), (ruleset, seed)


def test_it_breaks_a_straight_in_deuce_to_seven():
    from tests.changed_rules import changed_rules

    t = Table(["6h 5d 4c 3s 2h", "Kc Qd 8s 6c 3d"], rules_=changed_rules("deuce-to-seven-triple-draw"))
    to_exchange(t)
    if t.to_act != "A":
        t.do("B exchange Kc Qd")
    decision, _ = strong(t, "A")
    assert len(decision.cards) == 1  # 6-5-4-3-2 is a straight: one card goes


# ---------------------------------------------------------------- the price


def test_it_calls_a_small_bet_with_good_pot_odds():
    """No limit, after the draw: a pot of 60 and a bet of 2 into it. A pair
    of jacks against a player who drew three is worth the 2 chips (it
    needs to win one time in 32)."""
    from tests.changed_rules import changed_rules

    house = changed_rules("no-limit-draw")
    for seed in SEEDS:
        t = Table(["Jh Jd 9c 6s 3d", "Qs 8d 7c 4h 2s"], rules_=house, stacks=[100, 100])
        assert t.to_act == "A"  # heads-up the button posts the small blind and acts first
        t.do("A raise to 30", "B call")
        assert t.state.phase == EXCHANGE and t.to_act == "B"
        t.do("B exchange 8d 7c 4h", "A stand pat", "B bet 2")
        assert t.to_act == "A" and t.legal.to_call == 2
        decision, view = strong(t, "A", seed)
        assert view.pot_total == 62
        assert decision.act in ("call", "raise"), seed


def test_it_folds_nothing_to_a_big_bet_after_the_draw():
    """The other side of the price: nine-high, after drawing three, against
    a pot-sized bet from a player who stood pat."""
    from tests.changed_rules import changed_rules

    house = changed_rules("no-limit-draw")
    for seed in SEEDS:
        t = Table(["8h 6d 5c 3s 2d", "Qs Qd Qc 4h 4s"], rules_=house, stacks=[100, 100], stock="Kh Jc 9d")
        t.do("A call", "B check", "B stand pat", "A exchange 8h 6d 5c", "B bet 4")
        assert [str(c) for c in t.state.hands[0]] == ["3s", "2d", "Kh", "Jc", "9d"]
        decision, _ = strong(t, "A", seed)
        assert decision.act == "fold", seed


# ---------------------------------------------------------------- hard to read


def test_it_bluffs_and_slow_plays_now_and_then_but_not_always():
    """Heads-up after the draw, first to act: with nothing it mostly checks
    but now and then bets; with a monster it mostly bets but now and then
    checks (to let the other bet into it)."""
    acts: dict[str, list[str]] = {"nothing": [], "monster": []}
    for kind, hand in (("nothing", "9c 7d 5h 4s 2c"), ("monster", "Ah Ad Ac As Kd")):
        for seed in range(200):
            t = Table([hand, "Qs Qd 7c 4h 3s"])
            t.do("B check", "A bet", "B call", "B stand pat", "A stand pat")
            assert t.to_act == "A" and t.state.round == 2
            decision, _ = strong(t, "A", seed)
            acts[kind].append(decision.act)
    bluffs = acts["nothing"].count("bet")
    slow = acts["monster"].count("check")
    assert 0 < bluffs < 100, acts["nothing"]
    assert 0 < slow < 100, acts["monster"]


def test_it_snows_now_and_then_in_lowball_and_bets_it_out():
    """Deuce-to-seven single draw, heads-up: nothing to draw to, against a
    player who drew three. Now and then (not always) it stands pat on it
    -- a snow -- and, checked to after the draw, bets."""
    from tests.changed_rules import changed_rules

    lowball = changed_rules("deuce-to-seven-single-draw")
    pats = bets = 0
    for seed in range(60):
        t = Table(["Kc Kd Qh Qs 9d", "Jc 8d 4s 3h 2c"], rules_=lowball, stacks=[100, 100])
        t.do("A call", "B check", "B exchange Jc 8d 4s")
        bot = Strong(random.Random(seed))
        bot.prepare(t.rules)
        decision = bot.act(seat_view(t.game, t.state, 0))
        assert decision.act == "exchange"
        if decision.cards:
            continue
        pats += 1
        t.do("A stand pat", "B check")
        after = bot.act(seat_view(t.game, t.state, 0))
        bets += after.act == "bet"
    assert 0 < pats < 40 and bets == pats
