"""The strong player in known spots, on stacked decks: what any good
player does there, whatever its dice say (each spot is tried with many
seeds of its own randomness)."""

from __future__ import annotations

import random

import pytest

from drawpoker.bots.draw.strong import Strong, _models
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


# ---------------------------------------------------------------- what it learns at the table


def _kings_raised(t: Table) -> None:
    """Mørkpoker heads-up: A holds kings and B queens; B draws three to
    them, A bets after the exchange, B raises (whoever has the button)."""
    if t.state.button == 0:  # B speaks first before the exchange and draws first
        t.do("B check", "A bet", "B call", "B exchange 7s 4h 3d", "A exchange 9h 6c 2s", "A bet", "B raise")
    else:
        t.do("A bet", "B call", "A exchange 9h 6c 2s", "B exchange 7s 4h 3d", "A bet", "B raise")


def _stock(button: int) -> str:
    """B's three cards (7h 7d 8c), then A's (a pair of kings stays a pair)."""
    return "7h 7d 8c Jc Tc 4d" if button == 0 else "Jc Tc 4d 7h 7d 8c"


@pytest.mark.parametrize(("b_holds", "expected"), [("Qs Qd 7s 4h 3d", {"fold"}), ("Qs Jd 7s 4h 3d", {"call", "raise"})])
def test_it_reads_a_raise_after_the_draw_by_the_hands_shown_after_raising(b_holds, expected):
    """B raises every bet after the exchange, so how often it raises says
    little; what it has shown after raising says more. Eight deals in which
    it raised A's kings and showed queens and sevens (two pair): the ninth
    time A lets its kings go. The same eight deals with B showing a pair of
    sevens: A goes on (a raise from that player is no sign of two pair)."""
    hand = "Kc Kd 9h 6c 2s"
    for seed in SEEDS:
        bot = Strong(random.Random(seed))
        t = Table([hand, b_holds], stock=_stock(0), stacks=[1000, 1000], rules_=rules(session__deals=20))
        bot.prepare(t.rules)
        for _ in range(8):
            _kings_raised(t)
            t.do("A call", "B show", "A muck" if expected == {"fold"} else "A show")
            bot.observe(seat_view(t.game, t.state, 0))
            button = 1 - t.state.button
            t.deal([hand, b_holds], stock=_stock(button), button=button)
        _kings_raised(t)
        view = seat_view(t.game, t.state, 0)
        assert view.to_call == 2 and view.pot_total == 10
        decision = bot.act(view)
        assert decision.act in expected, seed


def _opened_against_a_flush_draw(t: Table) -> None:
    """Jackpots heads-up, A on the button: B opens with queens, A to answer
    with four hearts to a flush."""
    assert t.to_act == "B"
    t.do("B bet")


def test_it_calls_a_draw_for_what_it_wins_after_the_draw():
    """Jackpots, heads-up, B opens with queens into a pot of two antes: a
    call of 1 for a pot of 4, and four to an ace-high flush that ends the
    best hand about one time in five: short of the price on the pot alone,
    but a made flush wins a big bet more after the exchange from a player
    who pays (implied odds). From a player seen to fold every bet after the
    exchange there is nothing more to win, and it lets the draw go."""
    hand, queens = "Ah 8h 5h 2h Kc", "Qs Qd 7s 4c 3d"
    house = rules(betting__opening="jacks_or_better", session__deals=30)
    for seed in SEEDS:
        t = Table([hand, queens], rules_=house)
        _opened_against_a_flush_draw(t)
        decision, view = strong(t, "A", seed)
        assert view.to_call == 1 and view.pot_total == 3
        assert decision.act in ("call", "raise"), seed
    for seed in SEEDS[:4]:
        bot = Strong(random.Random(seed))
        t = Table([hand, queens], rules_=house, stacks=[1000, 1000])
        bot.prepare(t.rules)
        for deal in range(12):  # B opens, A calls, both draw; A bets after the exchange and B folds
            if t.state.button == 0:
                t.do("B bet", "A call", "B exchange 7s 4c 3d", "A exchange Kc", "B check", "A bet", "B fold")
            else:
                t.do("A check", "B bet", "A call", "A exchange Kc", "B exchange 7s 4c 3d", "B check", "A bet", "B fold")
            bot.observe(seat_view(t.game, t.state, 0))
            t.deal([hand, queens], button=(deal + 1) % 2)  # the button moves: at A again for the 13th deal
        _opened_against_a_flush_draw(t)
        decision = bot.act(seat_view(t.game, t.state, 0))
        assert decision.act == "fold", seed


def test_it_does_not_slow_play_openers_into_a_deal_passed_out():
    """Jackpots, heads-up, first to speak with three sevens: checking them
    to let the other bet works only if the other can open, and a player
    seen to check deal after deal seldom can; checked round, the deal is
    passed out and the hand wasted. So it opens, every time (in Mørkpoker
    after the exchange it still slow-plays now and then: see above)."""
    house = rules(betting__opening="jacks_or_better", session__deals=40)
    trips, other = "7c 7d 7h Kc 2s", "Qs Jd 9s 4c 3d"
    acts = []
    for seed in range(100):
        bot = Strong(random.Random(seed))
        t = Table(["9c 8d 6h 4h 2d", "Ac Td 8s 5c 3h"], rules_=house)
        bot.prepare(t.rules)
        for deal in range(12):  # nobody opens: both check, the pot is carried
            first, second = ("B", "A") if t.state.button == 0 else ("A", "B")
            t.do(f"{first} check", f"{second} check")
            bot.observe(seat_view(t.game, t.state, 0))
            t.deal(["9c 8d 6h 4h 2d", "Ac Td 8s 5c 3h"], button=(deal + 1) % 2)
        assert t.state.button == 0
        # the thirteenth deal: A holds the sevens and speaks first (B has the button)
        t.do("B check", "A check")
        bot.observe(seat_view(t.game, t.state, 0))
        t.deal([trips, other], button=1)
        assert t.to_act == "A"
        decision = bot.act(seat_view(t.game, t.state, 0))
        acts.append(decision.act)
    assert acts == ["bet"] * 100, acts.count("check")


def _checked_to(t: Table) -> None:
    """Mørkpoker heads-up: B opens, A calls, both draw three, and B (first
    to speak after the exchange, as the opener) checks."""
    if t.state.button == 1:  # A speaks first before the exchange and draws first
        t.do("A check", "B bet", "A call", "A exchange 9h 6c 2s", "B exchange 7s 4h 3d", "B check")
    else:
        t.do("B bet", "A call", "B exchange 7s 4h 3d", "A exchange 9h 6c 2s", "B check")


@pytest.mark.parametrize(("b_draws", "bluffs"), [("9d 5h 2h", True), ("Qh Jh 2h", False)])
def test_it_bluffs_a_check_by_the_hands_shown_after_checking(b_draws, bluffs):
    """After the exchange B checks to A, who holds ten-high. Twelve deals
    in which B checked there and showed queen-high (it checks what it
    cannot bet, and folds it to a bet): A bets, every time, and takes the
    pot. The same deals with B showing two pair after checking (it checks
    to trap): A checks, bar the bluff it makes now and then anywhere."""
    hand, b_holds = "Tc 8c 9h 6c 2s", "Qs Jd 7s 4h 3d"

    def stock(button: int) -> str:  # the first to draw gets the first three cards
        return f"7d 3s 4c {b_draws}" if button == 1 else f"{b_draws} 7d 3s 4c"

    bets = 0
    for seed in range(40):
        bot = Strong(random.Random(seed))
        t = Table([hand, b_holds], stock=stock(0), stacks=[500, 500], rules_=rules(session__deals=30))
        bot.prepare(t.rules)
        for _ in range(12):
            _checked_to(t)
            t.do("A check")
            while t.state.phase == "showdown":
                t.do(f"{t.to_act} show")
            bot.observe(seat_view(t.game, t.state, 0))
            button = 1 - t.state.button
            t.deal([hand, b_holds], stock=stock(button), button=button)
        _checked_to(t)
        view = seat_view(t.game, t.state, 0)
        assert sorted(str(c) for c in view.hand) == ["3s", "4c", "7d", "8c", "Tc"]
        bets += bot.act(view).act == "bet"
    if bluffs:
        assert bets == 40
    else:
        assert bets < 8


def test_it_bets_a_middling_hand_less_into_a_player_who_raises():
    """After the exchange, first to speak with a pair of kings that did not
    improve, against a player who drew three: against one seen to raise
    half the bets it meets it checks (a raise would mostly say kings are
    beaten), bar the bluff it makes now and then anywhere; against one who
    goes on as often but never raises it bets them. Two pair it bets into
    either (a raise then pays it)."""
    from drawpoker.bots.draw.strong import Habits

    def seen(raising: float) -> Habits:
        h = Habits()
        h.face_chances, h.raises, h.calls = 50.0, 50.0 * raising, 50.0 * (0.75 - raising)
        return h

    line = ("B check", "A bet", "B call", "B exchange 8d 4h 3d")
    spots = {
        ("Kc Kd 9h 6c 2s", "A exchange 9h 6c 2s", 0.5): (0, 8),
        ("Kc Kd 9h 6c 2s", "A exchange 9h 6c 2s", 0.02): (40, 40),
        ("Tc Th 9h 9c 2s", "A exchange 2s", 0.5): (40, 40),
        ("Tc Th 9h 9c 2s", "A exchange 2s", 0.02): (40, 40),
    }
    for (hand, exchange, raising), (least, most) in spots.items():
        bets = 0
        for seed in range(40):
            t = Table([hand, "Js 8d 7s 4h 3d"], stock="2d 5d 9d Jc 4s 2h")
            t.do(*line, exchange)
            bot = Strong(random.Random(seed))
            bot.prepare(t.rules)
            bot.habits[("B", 1)] = seen(raising)
            bets += bot.act(seat_view(t.game, t.state, 0)).act == "bet"
        assert least <= bets <= most, (hand, raising, bets)


def test_it_does_its_slow_counting_when_it_sits_down():
    """The coach's field (what a drawn hand beats, for each number of cards
    a draw may take) is worked out once per ranking, about 0.2 s each: the
    strong player does it when it sits down (``prepare``), so no decision
    at the table waits for it."""
    from drawpoker.bots.draw.common import ranking_of
    from drawpoker.games.draw.odds import field_strength
    from tests.changed_rules import changed_rules

    house = changed_rules("deuce-to-seven-triple-draw", table__max_players=6)
    field_strength.cache_clear()  # as in a fresh process
    bot = Strong(random.Random(0))
    bot.prepare(house)
    ranking = ranking_of(house)
    known = field_strength.cache_info()
    for most in range(1, house.draw.max_cards + 1):
        field_strength(ranking, most)  # all there already
    assert field_strength.cache_info().misses == known.misses
    t = Table(["Tc 6c Kh 5s Qs", "9c 8d 7h 4s 2d"], rules_=house, stacks=[100, 100])
    before = field_strength.cache_info().misses
    bot.act(seat_view(t.game, t.state, t.state.to_act))
    assert field_strength.cache_info().misses == before


# ---------------------------------------------------------------- what a hand shown is evidence of


def _b_bets_after_the_exchange(t: Table) -> None:
    """Mørkpoker heads-up: B opens, A calls with kings, both draw three, and
    B (first to speak after the exchange, as the opener) bets."""
    if t.state.button == 1:  # A speaks first before the exchange and draws first
        t.do("A check", "B bet", "A call", "A exchange 9h 6c 2s", "B exchange 7s 4h 3d", "B bet")
    else:
        t.do("B bet", "A call", "B exchange 7s 4h 3d", "A exchange 9h 6c 2s", "B bet")


@pytest.mark.parametrize(("unseen", "expected"), [(12, "call"), (0, "fold")])
def test_it_reads_the_bets_it_folded_to_as_unseen_not_as_the_hands_it_saw(unseen, expected):
    """B bets after the exchange every time. A folded to twelve of those
    bets and never saw them; four it called, and B showed three queens.
    The four it saw are four of sixteen: a bet it folds to is as likely a
    bluff as one it calls, so A reads B's bets mostly as it would without
    them and calls a pair of kings at three to one. Had it called all
    sixteen and seen three queens every time, it folds the kings."""
    hand, b_holds = "Kc Kd 9h 6c 2s", "Qs Jd 7s 4h 3d"

    def stock(button: int) -> str:  # the first to draw gets the first three cards: B draws two queens
        return "7d 3s 4c Qh Qd 2h" if button == 1 else "Qh Qd 2h 7d 3s 4c"

    for seed in SEEDS[:4]:
        bot = Strong(random.Random(seed))
        t = Table([hand, b_holds], stock=stock(0), stacks=[1000, 1000], rules_=rules(session__deals=40))
        bot.prepare(t.rules)
        for deal in range(16):
            _b_bets_after_the_exchange(t)
            t.do("A fold") if deal < unseen else t.do("A call", "B show", "A muck")
            bot.observe(seat_view(t.game, t.state, 0))
            button = 1 - t.state.button
            t.deal([hand, b_holds], stock=stock(button), button=button)
        _b_bets_after_the_exchange(t)
        view = seat_view(t.game, t.state, 0)
        assert view.to_call == 2 and view.pot_total == 6
        assert bot.act(view).act == expected, seed


def test_it_does_not_read_a_check_by_the_hands_checked_behind():
    """After the exchange A, the opener, checks and B checks behind: twelve
    times B shows queen-high. A check that ends the round is no sign of how
    B checks with a player still to act behind it (it can bet what it
    would check first, and checks behind what it cannot bet), so when B
    checks first in the thirteenth deal A, with ten-high, bets no more
    often than it would knowing nothing of B (against a player seen to
    check first with queen-high it bets every time: see above)."""
    hand, b_holds = "Tc 8c 9h 6c 2s", "Qs Jd 7s 4h 3d"

    def stock(button: int) -> str:  # B ends with queen-high, A with ten-high
        return "7d 3s 4c 9d 5h 2h" if button == 1 else "9d 5h 2h 7d 3s 4c"

    def a_opens_and_b_checks_behind(t: Table) -> None:
        if t.state.button == 1:
            t.do("A bet", "B call", "A exchange 9h 6c 2s", "B exchange 7s 4h 3d", "A check", "B check")
        else:
            t.do("B check", "A bet", "B call", "B exchange 7s 4h 3d", "A exchange 9h 6c 2s", "A check", "B check")

    bets = {}
    for behind in (0, 12):
        bets[behind] = 0
        for seed in range(40):
            bot = Strong(random.Random(seed))
            t = Table([hand, b_holds], stock=stock(0), stacks=[500, 500], rules_=rules(session__deals=30))
            bot.prepare(t.rules)
            for _ in range(behind):
                a_opens_and_b_checks_behind(t)
                while t.state.phase == "showdown":
                    t.do(f"{t.to_act} show")
                bot.observe(seat_view(t.game, t.state, 0))
                button = 1 - t.state.button
                t.deal([hand, b_holds], stock=stock(button), button=button)
            _checked_to(t)
            bets[behind] += bot.act(seat_view(t.game, t.state, 0)).act == "bet"
    assert bets[12] <= bets[0] + 4 and bets[12] < 8, bets


@pytest.mark.parametrize(
    ("b_draws", "b_at_showdown", "weaker"), [("9d 5h 2h", "muck", True), ("Qh Qd 2h", "show", False)]
)
def test_a_hand_mucked_at_the_showdown_counts_below_the_hand_that_beat_it(b_draws, b_at_showdown, weaker):
    """B checks first after the exchange, A bets two pair and B calls.
    Twelve times B mucks when A shows: its hand was below A's two pair,
    though nobody saw it, and B's checks are read as more often below two
    pair than the table model guesses from B's acts alone (a muck counted
    as a hand not seen would leave the guess as it is). Twelve times B
    shows three queens instead: more often above."""
    hand, b_holds = "Tc Th 9h 9c 2s", "Qs Jd 7s 4h 3d"

    def stock(button: int) -> str:  # A draws one card (a four), B three
        return f"4c {b_draws}" if button == 1 else f"{b_draws} 4c"

    def b_checks(t: Table) -> None:
        if t.state.button == 1:
            t.do("A check", "B bet", "A call", "A exchange 2s", "B exchange 7s 4h 3d", "B check")
        else:
            t.do("B bet", "A call", "B exchange 7s 4h 3d", "A exchange 2s", "B check")

    bot = Strong(random.Random(0))
    t = Table([hand, b_holds], stock=stock(0), stacks=[1000, 1000], rules_=rules(session__deals=30))
    bot.prepare(t.rules)
    for _ in range(12):
        b_checks(t)
        t.do("A bet", "B call", "A show", f"B {b_at_showdown}")
        bot.observe(seat_view(t.game, t.state, 0))
        button = 1 - t.state.button
        t.deal([hand, b_holds], stock=stock(button), button=button)
    b_checks(t)
    view = seat_view(t.game, t.state, 0)
    model = _models(view.rules)
    ((read, power, _),) = bot._ranges(view, model)
    bot.shown = {}  # the same player's habits, without the hands: the table model's guess
    ((guess, guess_power, _),) = bot._ranges(view, model)
    two_pair = model.bucket(model.ranking.strength(parse_cards("Tc Th 9h 9c 4c")))
    below_read, below_guess = read[two_pair] ** power, guess[two_pair] ** guess_power
    assert (below_read > below_guess + 0.05) if weaker else (below_read < below_guess - 0.05), (below_read, below_guess)


# ---------------------------------------------------------------- jackpots: reading the opener


def _jackpots(deals: int) -> object:
    return rules(betting__opening="jacks_or_better", betting__passed_out_button="moves", session__deals=deals)


@pytest.mark.parametrize(("b_opens_with", "expected"), [("As Ad", {"fold"}), ("Js Jd", {"call", "raise"})])
def test_it_reads_the_opener_by_the_openers_it_has_shown(b_opens_with, expected):
    """Jackpots heads-up. In 199 deals B had a chance to open in each and
    opened ten times, each time proving the same pair; it bet every time
    after the exchange and A folded (nothing else of B's was ever seen).
    Then B opens, A calls with kings, both draw three, A's kings stay a
    pair and B bets. A player seen to open with aces alone holds aces or
    better: A lets the kings go at three to one. Seen to open with jacks
    alone, B more likely holds jacks: A goes on. (Every opener holds jacks
    or better as dealt; how much better is read from its proofs against
    how often it could have opened.)"""
    others = "7s 4h 3d"
    nothing = "9s 8d 7s 4h 3d"
    for seed in SEEDS[:3]:
        bot = Strong(random.Random(seed))
        t = Table(["Kc 5d 9h 6c 2s", nothing], stacks=[1000, 1000], rules_=_jackpots(400))
        bot.prepare(t.rules)
        for deal in range(199):
            if deal % 20 == 18:  # B (first to speak: A has the button) opens and bets after the exchange
                assert t.state.button == 0
                t.do("B bet", "A call", f"B exchange {others}", "A exchange 9h 6c 2s", "B bet", "A fold")
            else:
                first, second = ("B", "A") if t.state.button == 0 else ("A", "B")
                t.do(f"{first} check", f"{second} check")  # passed out
            bot.observe(seat_view(t.game, t.state, 0))
            if deal < 198:
                b_holds = f"{b_opens_with} {others}" if deal % 20 == 17 else nothing
                t.deal(["Kc 5d 9h 6c 2s", b_holds], stock="2h 8c Tc Ah Qc 3c", button=1 - t.state.button)
        assert t.state.carried == 0
        t.deal(["Kc Kd 9h 6c 2s", f"{b_opens_with} {others}"], stock="Ah Qc 3c 2h 8c Tc", button=1)
        t.do("A check", "B bet", "A call", "A exchange 9h 6c 2s", f"B exchange {others}", "B bet")
        view = seat_view(t.game, t.state, 0)
        assert view.opener == 1 and view.to_call == 2 and view.pot_total == 6
        assert bot.act(view).act in expected, seed


def test_it_reads_a_bet_after_its_check_apart_from_the_openers_bets():
    """Jackpots heads-up. Seven deals: B opens with queens, bets them after
    the exchange and shows them (A called with fives). Six deals: A opens
    with kings, B calls with sevens, A checks after the exchange, B bets and
    shows two pair. In the fourteenth A opens with kings again, checks, and
    B bets: what B bets as the opener (every hand it opened) says nothing of
    what it bets after calling an opener who then checks (two pair every
    time it was seen): A reads its kings as the best hand less often than
    the price asks, where main's strong let them go. Read together, queens
    half the time, the kings would call. (In jackpots heads-up the act after
    the exchange is now the learned tree's, which learns only from the
    rounds it played, none here: see
    test_it_plays_the_last_round_out_against_the_answers_it_has_seen.)"""
    from drawpoker.bots.draw.model import equity

    b_open = ["Kc 5d 9h 6c 2s", "Qs Qd 7s 4h 3d"]  # by seat: A, B
    b_call = ["Kc Kd 9h 6c 2s", "7c 7d Qs 4h 3d"]
    for seed in SEEDS[:4]:
        bot = Strong(random.Random(seed))
        t = Table(b_open, stock="2h 8d Tc Ah Jc 3c", stacks=[1000, 1000], rules_=_jackpots(40))
        bot.prepare(t.rules)
        for deal in range(13):
            if t.state.button == 0:  # B first: B opens with queens, draws first
                t.do("B bet", "A call", "B exchange 7s 4h 3d", "A exchange 9h 6c 2s", "B bet", "A call")
                t.do("B show", "A muck")
            else:  # A first: A opens with kings, B calls with sevens and makes two pair
                t.do("A bet", "B call", "A exchange 9h 6c 2s", "B exchange Qs 4h 3d", "A check", "B bet", "A call")
                t.do("B show", "A muck")
            bot.observe(seat_view(t.game, t.state, 0))
            button = 1 - t.state.button
            if deal < 12:
                hands, stock = (b_open, "2h 8d Tc Ah Jc 3c") if button == 0 else (b_call, "2h 8d Tc 4c 4s Jc")
                t.deal(hands, stock=stock, button=button)
        t.deal(b_call, stock="2h 8d Tc 4c 4s Jc", button=1)
        t.do("A bet", "B call", "A exchange 9h 6c 2s", "B exchange Qs 4h 3d", "A check", "B bet")
        view = seat_view(t.game, t.state, 0)
        assert view.opener == 0 and view.to_call == 2 and view.pot_total == 6
        model = _models(view.rules)
        ((cdf, power, _),) = bot._ranges(view, model)
        best = equity([(model.bucket(model.ranking.strength(view.hand)), 1.0)], [(cdf, power)])
        assert best < view.to_call / (view.pot_total + view.to_call), (seed, best)


def test_a_role_seen_seldom_is_read_as_the_player_not_as_anyone():
    """Jackpots heads-up. Twelve opened deals (the other twelve passed out): A opens, B calls, A checks after
    the exchange and B bets every time (and shows two pair when called).
    B has never been the opener after an exchange. What strong believes of
    B's betting there starts from what it has seen B do after an exchange
    in either role (bets every time it may), not from the typical player,
    and what it saw in the other role is kept apart from it."""
    from drawpoker.bots.draw.strong import Habits

    b_call = ["Kc Kd 9h 6c 2s", "7c 7d Qs 4h 3d"]
    bot = Strong(random.Random(SEEDS[0]))
    t = Table(b_call, stock="2h 8d Tc 4c 4s Jc", stacks=[1000, 1000], button=1, rules_=_jackpots(40))
    bot.prepare(t.rules)
    for deal in range(24):
        if t.state.button == 1:  # A speaks first: A opens, B calls and bets after A checks
            t.do("A bet", "B call", "A exchange 9h 6c 2s", "B exchange Qs 4h 3d", "A check", "B bet", "A call")
            t.do("B show", "A muck")
        else:  # B first: nobody opens
            t.do("B check", "A check")
        bot.observe(seat_view(t.game, t.state, 0))
        if deal < 23:
            t.deal(b_call, stock="2h 8d Tc 4c 4s Jc", button=1 - t.state.button)
    view = seat_view(t.game, t.state, 0)
    typical = Habits().bets
    as_caller = bot._habits(view, 1, 3).bets  # B after calling an opener: seen
    as_opener = bot._habits(view, 1, 2).bets  # B as the opener after the exchange: never seen
    assert as_caller > 0.8
    assert as_opener > typical + 0.25, (as_opener, typical)
    assert as_opener < as_caller  # its own (empty) counts in that role still weigh


@pytest.mark.parametrize(
    ("hand", "proof"),
    [
        ("2c Js 7d 4c 9h", "2c Js"),  # a wild deuce beside a jack: a pair of jacks as dealt
        ("2c As 7d 4c 9h", "2c As"),
        ("Qs Qd 7d 4c 9h", "Qs Qd"),
        ("Js Jd 4h 4c 9h", "Js Jd 4h 4c"),
        ("2c 4s 4d Kc 9h", "2c 4s 4d"),  # a wild deuce beside a pair: three fours
        ("2c 2d 7s 4c 9h", "2c 2d"),  # two wild deuces: three of a kind at least
    ],
)
def test_a_proof_is_read_at_the_level_its_hand_was_dealt_at_also_with_wild_cards(hand, proof):
    """What a shown proof tells of the opener's hand as dealt must agree with
    how the table model files dealt hands by level, or the openers shown are
    counted at levels the model never deals (deuces wild with jacks to open:
    a house may agree it)."""
    import attrs

    from drawpoker.bots.draw.common import ranking_of
    from drawpoker.bots.draw.model import opening_level
    from drawpoker.bots.draw.strong import _proof_level
    from drawpoker.rules import load_rules

    wild = load_rules("deuces-wild")
    wild = attrs.evolve(wild, betting=attrs.evolve(wild.betting, opening="jacks_or_better"))
    ranking = ranking_of(wild)
    cat, ranks, _ = ranking.parts(ranking.strength(tuple(parse_cards(hand))))
    assert _proof_level(tuple(parse_cards(proof)), ranking) == opening_level(int(cat), ranks[0] if ranks else 0)


@pytest.mark.parametrize(("b_draws", "expected"), [(1, "fold"), (3, "call")])
def test_it_reads_the_openers_bet_by_how_many_cards_it_drew(b_draws, expected):
    """Jackpots heads-up. Sixteen deals B opens, bets after the exchange
    and shows its hand when A calls with kings: twelve times it opened
    queens, drew three and showed them; four times it opened queens and
    sevens, drew one and showed them. Then B opens, draws one and bets: an
    opener who drew one has shown two pair every time, and A lets the kings
    go (read with the openers that drew three, mostly queens, the kings
    would call). Had B drawn three, A calls."""
    queens, two_pair = ("Qs Qd 7s 4h 3d", "7s 4h 3d"), ("Qs Qd 7s 7h 3d", "3d")
    kings = "Kc Kd 9h 6c 2s"
    stock = "2h 8c Tc 4d 5c Jc"  # nobody improves, whoever draws first

    def line(t: Table, b_throws: str) -> None:
        if t.state.button == 0:  # B speaks first before the exchange and draws first
            t.do("B bet", "A call", f"B exchange {b_throws}", "A exchange 9h 6c 2s", "B bet")
        else:
            t.do("A check", "B bet", "A call", "A exchange 9h 6c 2s", f"B exchange {b_throws}", "B bet")

    for seed in SEEDS[:4]:
        bot = Strong(random.Random(seed))
        t = Table([kings, queens[0]], stock=stock, stacks=[1000, 1000], rules_=_jackpots(40))
        bot.prepare(t.rules)
        for deal in range(16):
            line(t, (two_pair if deal % 4 == 3 else queens)[1])
            t.do("A call")
            while t.state.phase == "showdown":
                t.do(f"{t.to_act} show")
            bot.observe(seat_view(t.game, t.state, 0))
            b_next = two_pair if deal % 4 == 2 or (deal == 15 and b_draws == 1) else queens
            t.deal([kings, b_next[0]], stock=stock, button=1 - t.state.button)
        line(t, (two_pair if b_draws == 1 else queens)[1])
        view = seat_view(t.game, t.state, 0)
        assert view.opener == 1 and view.to_call == 2 and view.seats[1].drew == (b_draws,)
        assert {"Kc", "Kd"} <= {str(c) for c in view.hand}
        decision = bot.act(view).act
        assert (decision if decision == "fold" else "call") == expected, (seed, decision)


def test_a_caller_who_checked_when_it_could_open_is_read_without_the_hands_it_opens():
    """Jackpots heads-up. In 60 deals B was first to speak 30 times: ten
    times it held openers (queens, aces, kings, jacks and sixes, nines and
    fives) and opened, the other times it held nothing and checked (the
    deal passed out). Then B, first to speak, checks; A opens with kings,
    B calls and draws one, A draws three and stays a pair of kings. B
    opens every two pair it holds when it may, so having checked it holds
    none: its one-card draw is to a straight or a flush (most of them miss),
    and A's kings are read as the best hand more often than not (0.54; B
    never showed a hand, so the read is trusted as far as a player's is at
    first). Had B called the open from second place (no check), two pair is
    still in its range and the kings are read as best less often (0.38).
    (Read as the typical player who drew one, with two pair as often as
    draws, the kings were best one time in three either way: 0.33.)"""
    from drawpoker.bots.draw.model import equity
    from drawpoker.cards import parse_cards

    nothing, kings = "9c 8d 6s 4h 3d", "Kc Kd 8c 5d 4s"
    openers = ["Qs Qd 7s 4h 3d", "As Ad 7s 4h 3d", "Js Jh 6s 6h 3d", "Ks Kh 7s 4h 3d", "9s 9d 5s 5h 3d"]

    def read(b_first: bool) -> float:
        bot = Strong(random.Random(SEEDS[0]))
        t = Table([kings, nothing], stacks=[1000, 1000], rules_=_jackpots(80), button=0)
        bot.prepare(t.rules)
        firsts = 0
        deals = 60 if b_first else 61  # the button where the last deal needs it
        for deal in range(deals):
            if t.state.button == 0 and t.state.hands[1] != tuple(parse_cards(nothing)):
                t.do("B bet", "A fold")  # B speaks first and opens (its proof shown)
            else:
                t.do("B check", "A check") if t.state.button == 0 else t.do("A check", "B check")
            bot.observe(seat_view(t.game, t.state, 0))
            button = 1 - t.state.button
            held = nothing
            if button == 0:
                firsts += 1
                held = openers[(firsts // 3) % len(openers)] if firsts % 3 == 0 else nothing
            if deal < deals - 1:
                t.deal([kings, held], stock="2h 8s Tc Ah Qc 3c", button=button)
        assert t.state.button == (1 if b_first else 0)
        t.deal([kings, "Ah 9h 6h 3h 2d"], stock="7c Jd Tc 2c 8h 4c", button=0 if b_first else 1)
        if b_first:
            t.do("B check", "A bet", "B call", "B exchange 2d", "A exchange 8c 5d 4s")
        else:
            t.do("A bet", "B call", "A exchange 8c 5d 4s", "B exchange 2d")
        view = seat_view(t.game, t.state, 0)
        assert view.opener == 0 and view.seats[1].drew == (1,) and view.phase == "betting"
        model = _models(view.rules)
        ((cdf, power, _),) = bot._ranges(view, model)
        return equity([(model.bucket(model.ranking.strength(view.hand)), 1.0)], [(cdf, power)])

    after_check, called_at_once = read(True), read(False)
    assert after_check > 0.5, after_check
    assert called_at_once < after_check - 0.1, (called_at_once, after_check)


@pytest.mark.parametrize(
    ("b_calls_with", "b_keeps", "trusted"), [("7c 7d Qs 4h 3d", "7c 7d", True), ("Qs 9d 7s 4h 3d", "Qs 9d", False)]
)
def test_the_read_before_the_exchange_is_trusted_as_far_as_the_hands_shown_bear_it_out(b_calls_with, b_keeps, trusted):
    """Jackpots heads-up. Twelve deals A opens with kings and B calls (after
    checking, when it speaks first), draws three, calls A's bet and shows
    its hand. A player who calls with a pair and shows it is read by the
    best of its hands as dealt, as many as it goes on with (the read holds);
    one who calls with queen-nine high and shows it, as the table model's
    guess for a player who drew three (its hands are no better than any)."""
    kings, stock = "Kc Kd 9h 6c 2s", "2h 5c Tc 6d 8c Jh"  # nobody pairs, whoever draws first
    b_throws = " ".join(c for c in b_calls_with.split() if c not in b_keeps.split())
    bot = Strong(random.Random(SEEDS[0]))
    t = Table([kings, b_calls_with], stock=stock, stacks=[1000, 1000], button=1, rules_=_jackpots(40))
    bot.prepare(t.rules)
    for deal in range(12):
        if t.state.button == 1:  # A speaks first
            t.do("A bet", "B call", "A exchange 9h 6c 2s", f"B exchange {b_throws}", "A bet", "B call")
        else:
            t.do("B check", "A bet", "B call", f"B exchange {b_throws}", "A exchange 9h 6c 2s", "A bet", "B call")
        while t.state.phase == "showdown":
            t.do(f"{t.to_act} show")
        bot.observe(seat_view(t.game, t.state, 0))
        if deal < 11:
            t.deal([kings, b_calls_with], stock=stock, button=1 - t.state.button)
    trust = bot.openings["B"].trust
    assert (trust > 0.9) if trusted else (trust < 0.2), trust


def test_an_openers_raise_back_before_the_exchange_is_read_into_its_hands_as_dealt():
    """Jackpots heads-up. Twelve deals B opens, draws three, bets after the
    exchange and A folds (B never shows). Then B opens, A raises with aces
    and nines, B raises back and A calls; both draw one, A's aces up stay
    and B bets. B raised back with the best of its openers as dealt (as
    many as an opener is believed to raise back) and drew one to them: two
    pair, now and then a full house. Aces up are the best hand far more
    often than not (0.87), and A raises. Read as a narrowing of B's hand
    after its draw on top of what its draw tells (a raise made about one
    time in seven read as the top seventh of the hands that drew one, as
    main's strong did before), the aces were best less than half the time
    (0.48) and A only called."""
    from drawpoker.bots.draw.model import equity

    nothing, aces_up = "Ts 8d 6c 4c 2s", "As Ad 9h 9c 2s"
    for seed in SEEDS[:4]:
        bot = Strong(random.Random(seed))
        t = Table([nothing, "Qs Qd 7s 4h 3d"], stock="5h 8c Jc 5d 2h Tc", stacks=[1000, 1000], rules_=_jackpots(40))
        bot.prepare(t.rules)
        for deal in range(12):
            if t.state.button == 0:  # B speaks first before the exchange and draws first
                t.do("B bet", "A call", "B exchange 7s 4h 3d", "A exchange 8d 6c 4c", "B bet", "A fold")
            else:
                t.do("A check", "B bet", "A call", "A exchange 8d 6c 4c", "B exchange 7s 4h 3d", "B bet", "A fold")
            bot.observe(seat_view(t.game, t.state, 0))
            if deal < 11:
                t.deal([nothing, "Qs Qd 7s 4h 3d"], stock="5h 8c Jc 5d 2h Tc", button=1 - t.state.button)
        t.deal([aces_up, "Qs Qd 7s 7h 3d"], stock="4d 8c Jc 5h 2h Tc", button=0)
        t.do("B bet", "A raise", "B raise", "A call", "B exchange 3d", "A exchange 2s", "B bet")
        view = seat_view(t.game, t.state, 0)
        assert view.opener == 1 and view.seats[1].drew == (1,) and view.to_call == 2
        model = _models(view.rules)
        ((cdf, power, _),) = bot._ranges(view, model)
        best = equity([(model.bucket(model.ranking.strength(view.hand)), 1.0)], [(cdf, power)])
        assert best > 0.8, (seed, best)
        assert bot.act(view).act == "raise", seed


# ---------------------------------------------------------------- jackpots heads-up: the last round played out


def _to_the_last_round(t: Table | None, a_draws_to: str, b_draws_to: str) -> Table:
    """Jackpots heads-up: A opens kings, B calls with sevens, A draws three
    (``a_draws_to``) and B three (``b_draws_to``); A, the opener, speaks
    first after the exchange. The button moves each deal."""
    a, b = "Kc Kd 9h 6c 2s", "7s 7d Qs 4h 3d"
    if t is None:
        t = Table([a, b], stock=f"{b_draws_to} {a_draws_to}", stacks=[1000, 1000], rules_=_jackpots(40))
    else:
        button = 1 - t.state.button
        stock = f"{b_draws_to} {a_draws_to}" if button == 0 else f"{a_draws_to} {b_draws_to}"
        t.deal([a, b], stock=stock, button=button)
    if t.state.button == 1:
        t.do("A bet", "B call", "A exchange 9h 6c 2s", "B exchange Qs 4h 3d")
    else:
        t.do("B check", "A bet", "B call", "B exchange Qs 4h 3d", "A exchange 9h 6c 2s")
    return t


@pytest.mark.parametrize(("b_bluffs", "expected"), [(True, "check"), (False, "bet")])
def test_it_plays_the_last_round_out_against_the_answers_it_has_seen(b_bluffs, expected):
    """Jackpots heads-up, sixteen deals: A opens kings and stays a pair, B
    calls and draws three to sevens, making two pair one time in four.
    After the exchange A checks every other deal, and bets the others.
    Bluffer: checked to, B bets whatever it holds (A calls and sees it);
    facing a bet, B folds all but its two pair (shown). Then A holds
    kings up first after the exchange: a bet is folded to but by better
    hands, a check lets B bet its nothing into them, and A checks, every
    time (main's strong, reading no answers beyond its counts, slow-played
    two pair there now and then: it bet on 4 of these 12 seeds). Against a
    B that checks behind and calls every bet (its hands shown), A bets,
    every time (main's strong checked on 1 of the 12)."""
    for seed in SEEDS:
        bot = Strong(random.Random(seed))
        t = None
        for deal in range(16):
            b_two_pair = deal % 4 == 3
            t = _to_the_last_round(t, "Th 4d 3c", "Qc Qd 5c" if b_two_pair else "Jc 8d 5c")
            if deal == 0:
                bot.prepare(t.rules)
            bot.act(seat_view(t.game, t.state, 0))  # A's turn (its answer is not played)
            if deal % 2 == 0:
                t.do("A check", "B bet" if b_bluffs else "B check")
                if b_bluffs:
                    t.do("A call")
            else:
                t.do("A bet", "B fold" if b_bluffs and not b_two_pair else "B call")
            while t.state.phase == "showdown":
                t.do(f"{t.to_act} show")
            bot.observe(seat_view(t.game, t.state, 0))
        t = _to_the_last_round(t, "Th Td 3c", "Jc 8d 5c")
        view = seat_view(t.game, t.state, 0)
        assert view.round == 2 and view.opener == 0 and view.to_call == 0
        assert bot.act(view).act == expected, seed
