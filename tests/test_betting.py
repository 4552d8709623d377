"""Betting arithmetic (drawpoker.engine.betting): docs/rules.md 4.5 rule by rule,
Mørkpoker's fixed-limit rules mirrored exactly, and invariants.

Seats are 0, 1, 2... clockwise; the button is given per test.
"""

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawpoker.engine import betting as b
from drawpoker.engine.betting import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, ForcedBets, Limits, Posted
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw import legal
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.state import BETTING, EXCHANGE, SHOWDOWN, DrawState
from tests.mork_table import rules

NL, PL, FL = Limits(NO_LIMIT), Limits(POT_LIMIT), Limits(FIXED_LIMIT)


def deal(stacks, forced, step, button=None):
    n = len(stacks)
    return b.first_round(n - 1 if button is None else button, tuple(stacks), (True,) * n, forced, step)


def play(r, limits, *moves):
    """Play moves like (seat, 'raise', 10), (seat, 'call')."""
    for move in moves:
        r = b.act(r, limits, *move)
    return r


def menu(r, limits, seat=None):
    ch = b.choices(r, limits, r.to_act if seat is None else seat)
    return (ch.to_call, ch.bet_word, ch.min_to, ch.max_to)


# ---------------------------------------------------------------- forced bets


def test_small_blind_left_of_the_button_big_blind_next_round_one_starts_left_of_the_big_blind():
    posted, r = deal([100] * 4, ForcedBets(blinds=(1, 2)), 2, button=3)
    assert posted == (Posted(0, "small_blind", 1, False), Posted(1, "big_blind", 2, False))
    assert r.bets == (1, 2, 0, 0) and r.level == 2 and r.pot == 0 and r.to_act == 2
    assert b.blind_seats(3, (True,) * 4) == (0, 1)


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_then_last():
    posted, r = deal([100, 100], ForcedBets(blinds=(1, 2)), 2, button=1)
    assert [(p.seat, p.kind) for p in posted] == [(1, "small_blind"), (0, "big_blind")]
    assert r.to_act == 1  # the button, left of the big blind
    r = play(r, NL, (1, "call"), (0, "check"))
    assert r.to_act is None
    later = b.next_round(r.stacks, r.in_deal, r.folded, r.pot_total(), 2, after=1)
    assert later.to_act == 0 and later.pot == 4  # after the draw the big blind acts first


def test_seats_out_of_the_deal_post_nothing_and_are_skipped():
    in_deal = (True, False, True, True)
    assert b.blind_seats(0, in_deal) == (2, 3)
    assert b.blind_seats(3, (True, False, False, True)) == (3, 0)  # heads-up: the button is the small blind


def test_antes_go_in_first_then_the_blinds_from_what_is_left():
    posted, r = deal([100, 3, 1, 100], ForcedBets(ante=1, blinds=(1, 2)), 2, button=0)
    assert posted == (
        Posted(1, "ante", 1, False),
        Posted(2, "ante", 1, True),  # all-in on the ante: posts no blind
        Posted(3, "ante", 1, False),
        Posted(0, "ante", 1, False),
        Posted(1, "small_blind", 1, False),
    )
    assert r.pot == 4 and r.bets == (0, 1, 0, 0) and r.stacks == (99, 1, 0, 99)
    assert r.level == 2  # the big blind's seat had nothing left: the bet is still the full big blind
    assert r.to_act == 3


def test_the_dealers_ante_is_one_amount_from_the_dealer_for_everyone():
    posted, r = deal([100, 100, 4], ForcedBets(dealer_ante=5), 2, button=2)
    assert posted == (Posted(2, "dealer_ante", 4, True),)
    assert r.pot == 4 and r.level == 0 and r.to_act == 0


def test_a_short_big_blind_still_sets_the_bet_at_the_full_big_blind():
    posted, r = deal([100, 100, 100, 1], ForcedBets(blinds=(1, 2)), 2, button=1)
    assert posted[-1] == Posted(3, "big_blind", 1, True)
    assert r.level == 2 and r.to_act == 0
    assert menu(r, NL) == (2, "raise", 4, 100)  # the others call the full big blind...
    r = play(r, NL, (0, "call"), (1, "fold"), (2, "call"))
    assert r.to_act is None and r.bets == (2, 0, 2, 1)
    # ...and the short player's part makes a side pot: nothing is unmatched.
    assert b.unmatched(r) is None


def test_the_big_blind_may_raise_when_everyone_just_called():
    _, r = deal([100] * 3, ForcedBets(blinds=(1, 2)), 2, button=0)
    r = play(r, NL, (0, "call"), (1, "call"))
    assert r.to_act == 2 and menu(r, NL) == (0, "raise", 4, 100)
    assert b.choices(r, NL, 2).may_check
    r = play(r, NL, (2, "raise", 6))
    assert r.to_act == 0 and menu(r, NL) == (4, "raise", 10, 100)


def test_fixed_limit_the_big_blind_is_the_first_bet_and_four_raises_cap_it():
    _, r = deal([100] * 5, ForcedBets(blinds=(1, 2)), 2, button=4)
    assert r.to_act == 2 and menu(r, FL) == (2, "raise", 4, 4)
    r = play(r, FL, (2, "raise"), (3, "raise"), (4, "raise"), (0, "raise"))
    assert r.level == 10 and r.raises == 4
    assert b.choices(r, FL, 1).bet_word is None
    assert b.refusal(r, FL, 1, "Bjørn", "raise") == (
        "Bjørn cannot raise: the betting is capped: 4 raises have been made this round; call or fold"
    )


def test_later_rounds_start_left_of_the_button_when_blinds_are_played():
    _, r = deal([100] * 4, ForcedBets(blinds=(1, 2)), 2, button=2)
    r = play(r, NL, (1, "call"), (2, "fold"), (3, "call"), (0, "check"))
    later = b.next_round(r.stacks, r.in_deal, r.folded, r.pot_total(), 2, after=2)
    assert later.to_act == 3


# ---------------------------------------------------------------- pot and no limit


def test_pot_limit_at_most_the_pot_after_the_call():
    _, r = deal([100] * 3, ForcedBets(blinds=(1, 2)), 2, button=2)
    # UTG (the button, three-handed): pot 3, call 2 -> raise by 5 to 7.
    assert menu(r, PL) == (2, "raise", 4, 7)
    r = play(r, PL, (2, "raise", 7))
    # The small blind: pot 10, call 6 -> pot after the call 16 -> raise to 23.
    assert menu(r, PL) == (6, "raise", 12, 23)
    assert b.refusal(r, PL, 0, "Anna", "raise", 24) == "Anna may raise to between 12 and 23 (the pot)"


def test_pot_limit_without_blinds_the_smallest_bet_is_the_small_bet():
    r = b.next_round((50, 50), (True, True), (False, False), pot=1, step=2, after=1)
    assert menu(r, PL) == (0, "bet", 2, 2)  # the pot (1) is less than the smallest bet
    r = b.next_round((50, 50), (True, True), (False, False), pot=10, step=2, after=1)
    assert menu(r, PL) == (0, "bet", 2, 10)


def test_no_limit_up_to_the_whole_stack_and_a_raise_at_least_the_largest_so_far():
    r = b.next_round((200, 200, 200), (True,) * 3, (False,) * 3, pot=30, step=10, after=2)
    assert menu(r, NL) == (0, "bet", 10, 200)
    r = play(r, NL, (0, "bet", 10), (1, "raise", 40))
    assert menu(r, NL) == (40, "raise", 70, 200)
    r = play(r, NL, (2, "raise", 70))
    assert menu(r, NL) == (60, "raise", 100, 200)  # the largest raise so far is still 30


def test_a_short_all_in_does_not_reopen_for_those_who_acted():
    r = b.next_round((200, 15, 200), (True,) * 3, (False,) * 3, pot=30, step=10, after=2)
    r = play(r, NL, (0, "bet", 10), (1, "all_in"), (2, "call"))
    assert r.level == 15 and r.raise_size == 10 and r.to_act == 0
    assert menu(r, NL) == (5, None, 0, 0)
    assert b.refusal(r, NL, 0, "Anna", "raise", 40) == (
        "Anna cannot raise: the last all-in raise was too small to reopen the betting; call or fold"
    )


def test_short_all_ins_add_up_to_a_full_raise():
    r = b.next_round((200, 15, 20, 200), (True,) * 4, (False,) * 4, pot=0, step=10, after=3)
    r = play(r, NL, (0, "bet", 10), (1, "all_in"), (2, "all_in"), (3, "call"))
    assert r.to_act == 0 and menu(r, NL) == (10, "raise", 30, 200)  # faces 10 more: a full raise
    assert b.choices(r, NL, 3).bet_word is None  # seat 3 called 20: faces nothing new


def test_a_short_all_in_bet_does_not_reopen_for_those_who_checked():
    r = b.next_round((200, 4, 200), (True,) * 3, (False,) * 3, pot=30, step=10, after=2)
    r = play(r, NL, (0, "check"), (1, "all_in"))
    assert r.level == 4 and r.full_level == 0
    assert menu(r, NL, 2) == (4, "raise", 14, 200)  # has not acted: may raise, by a full bet
    r = play(r, NL, (2, "call"))
    assert menu(r, NL) == (4, None, 0, 0)


def test_a_stack_short_of_the_smallest_raise_may_go_all_in():
    r = b.next_round((200, 25, 200), (True,) * 3, (False,) * 3, pot=0, step=10, after=2)
    r = play(r, NL, (0, "bet", 20))
    assert menu(r, NL) == (20, "raise", 25, 25)
    assert b.refusal(r, NL, 1, "Bjørn", "raise", 40) == "Bjørn may only raise to 25 (all in)"
    assert b.all_in_action(r, NL, 1) == ("raise", 25)
    r = play(r, NL, (1, "all_in"))
    assert r.level == 25 and r.raise_size == 20  # short: the next raise is still by at least 20


def test_all_in_for_less_than_the_call_is_a_call():
    r = b.next_round((200, 5, 200), (True,) * 3, (False,) * 3, pot=0, step=10, after=2)
    r = play(r, NL, (0, "bet", 20), (1, "all_in"))
    assert r.bets == (20, 5, 0) and r.level == 20 and r.stacks[1] == 0


def test_no_cap_outside_fixed_limit():
    r = b.next_round((10**7, 10**7), (True, True), (False, False), pot=0, step=1, after=1)
    to = 1
    r = play(r, NL, (0, "bet", 1))
    for _ in range(20):
        to *= 2
        r = play(r, NL, (r.to_act, "raise", to))
    assert b.raises_left(r, NL) is None and b.choices(r, NL, r.to_act).bet_word == "raise"


def test_amount_refusals_in_the_games_words():
    r = b.next_round((34, 100), (True, True), (False, False), pot=0, step=10, after=1)
    assert b.refusal(r, NL, 0, "Anna", "bet", 5) == "Anna may bet between 10 and 34 (all in)"
    assert b.refusal(r, NL, 0, "Anna", "bet") == "Anna may bet between 10 and 34 (all in)"  # how much?
    assert b.refusal(r, NL, 0, "Anna", "bet", 34) is None
    assert b.refusal(r, NL, 0, "Anna", "raise", 20) == "Anna cannot raise: nobody has bet yet; check, bet or fold"
    r = play(r, NL, (0, "bet", 10))
    assert b.refusal(r, NL, 1, "Bjørn", "bet", 20) == "Bjørn cannot bet: there is already a bet; call, raise or fold"
    assert (
        b.refusal(r, NL, 1, "Bjørn", "check") == "Bjørn cannot check: there is a bet of 10 to call; call, raise or fold"
    )
    assert b.refusal(r, NL, 1, "Bjørn", "raise", 19) == "Bjørn may raise to between 20 and 100 (all in)"


# ---------------------------------------------------------------- check-raise


NO_CHECK_RAISE = Limits(NO_LIMIT, check_raise=False)


def test_without_check_raise_a_player_who_checked_may_only_call_or_fold():
    r = b.next_round((100, 100, 100), (True,) * 3, (False,) * 3, pot=6, step=2, after=2)
    r = play(r, NO_CHECK_RAISE, (0, "check"), (1, "bet", 4), (2, "call"))
    assert r.to_act == 0 and menu(r, NO_CHECK_RAISE) == (4, None, 0, 0)
    assert b.refusal(r, NO_CHECK_RAISE, 0, "Anna", "raise", 8) == (
        "Anna checked this round and may not raise: call or fold"
    )
    assert menu(r, NL) == (4, "raise", 8, 100)  # allowed by default
    with pytest.raises(IllegalAction, match="checked this round and may not raise"):
        b.act(r, NO_CHECK_RAISE, 0, "all_in")
    r = play(r, NO_CHECK_RAISE, (0, "call"))
    assert r.to_act is None


def test_without_check_raise_in_fixed_limit_too():
    limits = Limits(FIXED_LIMIT, check_raise=False)
    r = b.next_round((100, 100), (True, True), (False, False), pot=2, step=2, after=1)
    r = play(r, limits, (0, "check"), (1, "bet"))
    assert menu(r, limits) == (2, None, 0, 0)
    assert b.refusal(r, limits, 0, "Anna", "raise") == "Anna checked this round and may not raise: call or fold"


# ---------------------------------------------------------------- fixed limit


def test_fixed_limit_amounts_are_fixed():
    r = b.next_round((100, 100), (True, True), (False, False), pot=2, step=2, after=1)
    assert menu(r, FL) == (0, "bet", 2, 2)
    assert b.refusal(r, FL, 0, "Anna", "bet", 3) == "Anna may only bet 2"
    assert b.refusal(r, FL, 0, "Anna", "bet") is None
    r = play(r, FL, (0, "bet"))
    assert b.refusal(r, FL, 1, "Bjørn", "raise", 6) == "Bjørn may only raise to 4"
    assert b.refusal(r, FL, 1, "Bjørn", "all_in") == "Bjørn may only raise to 4"


def test_fixed_limit_a_15_all_in_in_a_20_game_is_raised_to_35():
    r = b.next_round((100, 15, 100), (True,) * 3, (False,) * 3, pot=0, step=20, after=2)
    r = play(r, FL, (0, "check"), (1, "all_in"))
    assert r.full_level == 15  # 15 is at least half of 20: a full bet
    assert menu(r, FL) == (15, "raise", 35, 35)
    r = play(r, FL, (2, "call"))
    assert menu(r, FL) == (15, "raise", 35, 35)  # reopened for the player who checked


def test_fixed_limit_the_pagat_example_e_may_complete_to_10():
    # bets of 5; A checks, B bets 5, C calls, D all-in for 6: E may fold, call 6 or complete to 10.
    r = b.next_round((40, 40, 40, 6, 40), (True,) * 5, (False,) * 5, pot=0, step=5, after=4)
    r = play(r, FL, (0, "check"), (1, "bet"), (2, "call"), (3, "all_in"))
    assert b.is_full(r, FL, 10) and r.full_level == 5 and r.raises == 0
    assert menu(r, FL) == (6, "raise", 10, 10)
    r = play(r, FL, (4, "call"))
    assert menu(r, FL) == (6, "raise", 10, 10)  # A checked at 0: faces 6, more than half a step
    r = play(r, FL, (0, "call"))
    assert menu(r, FL) == (1, None, 0, 0)  # B bet 5 and faces 1 more: not reopened


def test_fixed_limit_cap_lifted_heads_up_unless_the_house_keeps_it():
    r = b.next_round((100, 100), (True, True), (False, False), pot=2, step=2, after=1)
    r = play(r, FL, (0, "bet"), (1, "raise"), (0, "raise"), (1, "raise"), (0, "raise"))
    assert r.raises == 4 and b.raises_left(r, FL) is None and menu(r, FL)[1] == "raise"
    kept = Limits(FIXED_LIMIT, cap_lifted_heads_up=False)
    assert b.raises_left(r, kept) == 0 and menu(r, kept)[1] is None


# ---------------------------------------------------------------- Mørkpoker, mirrored exactly


class DrawFacts:
    """The draw game's state as RoundFacts (it has no raise_size or checked yet)."""

    raise_size = 0

    def __init__(self, state):
        self._s = state
        self.checked = [False] * len(state.stacks)

    def __getattr__(self, name):
        return getattr(self._s, name)

    def pot_total(self):
        return self._s.pot_total()


MIRRORED_RULES = [
    {},
    {"betting__ante": 0, "betting__small_bet": 5, "betting__big_bet": 10},
    {"betting__ante": 0, "betting__small_bet": 20, "betting__big_bet": 40, "betting__raise_cap": 2},
    {"betting__ante": 2, "betting__small_bet": 3, "betting__big_bet": 6, "betting__cap_lifted_heads_up": False},
    {"betting__small_bet": 10, "betting__big_bet": 20, "betting__incomplete_raise_reopens": Fraction(1, 3)},
    {"betting__small_bet": 10, "betting__big_bet": 20, "betting__incomplete_raise_reopens": Fraction(1)},
    {"betting__raise_cap": None, "betting__small_bet": 4, "betting__big_bet": 8},
    {"betting__raise_cap": 0},
    {"betting__opening": "jacks_or_better", "betting__small_bet": 5, "betting__big_bet": 10},
]


COMMANDS = {"fold": cmd.Fold, "check": cmd.Check, "call": cmd.Call, "bet": cmd.Bet, "raise": cmd.Raise}


def limits_of(r):
    bt = r.betting
    return Limits(FIXED_LIMIT, bt.raise_cap, bt.cap_lifted_heads_up, bt.incomplete_raise_reopens, True)


def opening_refused(s, r, seat):
    return legal.opening_refused(s, r, seat)


def mirrored_options(s, r, seat):
    ch = b.choices(DrawFacts(s), limits_of(r), seat, opening_refused(s, r, seat))
    bet_here = s.bets[seat]
    out = [legal.Option("fold")]
    if ch.may_check:
        out.append(legal.Option("check"))
    else:
        out.append(legal.Option("call", ch.to_call, bet_here + ch.to_call, ch.call_all_in))
    if ch.bet_word is not None:
        assert ch.min_to == ch.max_to
        out.append(legal.Option(ch.bet_word, ch.min_to - bet_here, ch.min_to, ch.min_to == ch.all_in_to))
    return out


def test_fixed_limit_is_morkpokers_legal_menu_exactly():
    """At every betting decision of random Mørkpoker deals under several house
    rules: the same options and amounts, the same refusal for every word, the
    same raises left, and each bet and raise judged full exactly as the
    engine judges it. The deals reach every reason a raise can be refused."""
    seen = Counter()
    for changes in MIRRORED_RULES:
        r = rules(**changes)
        game = DrawGame(r)
        rng = random.Random(str(changes))
        limits = limits_of(r)
        for _ in range(150):
            n = rng.randint(2, 6)
            stacks = tuple(rng.choice((rng.randint(1, 12), rng.randint(20, 80))) for _ in range(n))
            s = DrawState()
            game.handle(s, cmd.SitDown(tuple("ABCDEF"[:n]), stacks, rng.randrange(n)))
            deck, seed = RandomShuffler(rng.randrange(10**9)).shuffle()
            game.handle(s, cmd.StartDeal(deck, seed))
            while s.to_act is not None:
                seat = s.to_act
                if s.phase == EXCHANGE:
                    game.handle(s, cmd.Exchange(seat, tuple(rng.sample(s.hands[seat], rng.randint(0, 3)))))
                    continue
                if s.phase == SHOWDOWN:
                    game.handle(s, cmd.Show(seat))
                    continue
                assert s.phase == BETTING
                seen["decision"] += 1
                expected = legal.betting_options(s, r, seat)
                assert mirrored_options(s, r, seat) == expected
                left = b.raises_left(DrawFacts(s), limits)
                assert left == legal.raises_left(s, r)
                if left is None and r.betting.raise_cap is not None:
                    seen["cap lifted heads-up"] += 1
                for word, kind in (("check", cmd.Check), ("call", cmd.Call), ("bet", cmd.Bet), ("raise", cmd.Raise)):
                    mine = b.refusal(DrawFacts(s), limits, seat, s.names[seat], word, None, opening_refused(s, r, seat))
                    assert mine == legal.refusal(s, r, kind(seat)), word
                    if mine is not None:
                        seen[mine.split(": ", 1)[1].split(";")[0]] += 1
                option = rng.choice(expected)
                before = DrawFacts(s.copy())
                for e in game.handle(s, COMMANDS[option.action](seat)):
                    if isinstance(e, (ev.BetPlaced, ev.Raised)):
                        seen[f"full {e.full}"] += 1
                        assert b.is_full(before, limits, option.to) == e.full
    for reason in (
        "the last all-in raise was too small to reopen the betting",
        "the betting is capped",
        "jacks or better are needed",
        "the bet is short of a full bet",
        "nobody else has chips left to bet against",
        "no chips are left beyond the call",
        "there is already a bet",
        "nobody has bet yet",
        "full False",
        "full True",
        "cap lifted heads-up",
    ):
        assert any(key.startswith(reason) for key in seen), (reason, seen)
    assert seen["decision"] > 5000


# ---------------------------------------------------------------- invariants


@st.composite
def rounds(draw):
    structure = draw(st.sampled_from([FIXED_LIMIT, POT_LIMIT, NO_LIMIT]))
    n = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(0, 120), min_size=n, max_size=n))
    if sum(1 for x in stacks if x) < 2:
        stacks[0], stacks[1] = stacks[0] + 5, stacks[1] + 7
    in_deal = tuple(x > 0 for x in stacks)
    step = draw(st.sampled_from([1, 2, 5, 10]))
    blinds = draw(st.sampled_from([None, (1, 2), (step // 2 or 1, step)]))
    ante = draw(st.sampled_from([0, 0, 1, 3]))
    button = draw(st.sampled_from([i for i in range(n) if in_deal[i]]))
    limits = Limits(
        structure,
        draw(st.sampled_from([None, 0, 2, 4])),
        draw(st.booleans()),
        draw(st.sampled_from([Fraction(1, 2), Fraction(1, 3), Fraction(1)])),
        draw(st.booleans()),
    )
    big = blinds[1] if blinds else step
    posted, r = b.first_round(button, tuple(stacks), in_deal, ForcedBets(ante=ante, blinds=blinds), big)
    return limits, r


@settings(max_examples=300, deadline=None)
@given(rounds(), st.randoms(use_true_random=False))
def test_every_allowed_action_is_accepted_and_chips_are_conserved(start, rng):
    limits, r = start
    chips = sum(r.stacks) + r.pot_total()
    for _ in range(200):
        seat = r.to_act
        if seat is None:
            break
        ch = b.choices(r, limits, seat)
        assert ch.to_call <= r.stacks[seat] and ch.to_call == min(max(r.level - r.bets[seat], 0), r.stacks[seat])
        moves = [("fold", None), ("check" if ch.may_check else "call", None)]
        if ch.bet_word is not None:
            assert r.bets[seat] < ch.min_to <= ch.max_to <= ch.all_in_to
            if limits.structure == FIXED_LIMIT:
                assert ch.min_to == ch.max_to
            if limits.structure == POT_LIMIT:
                assert ch.max_to <= max(ch.min_to, r.level + r.pot_total() + (r.level - r.bets[seat]))
            if limits.structure == NO_LIMIT:
                assert ch.max_to == ch.all_in_to
            moves.append((ch.bet_word, rng.randint(ch.min_to, ch.max_to)))
            for wrong in (ch.min_to - 1, ch.max_to + 1):
                if limits.structure != FIXED_LIMIT or wrong > r.bets[seat]:
                    assert b.refusal(r, limits, seat, "X", ch.bet_word, wrong) is not None
        else:
            for word in ("bet", "raise"):
                why = b.refusal(r, limits, seat, "X", word, ch.all_in_to)
                assert why is not None and why.startswith("X ")
        word, to = rng.choice(moves)
        assert b.refusal(r, limits, seat, "X", word, to) is None
        r = b.act(r, limits, seat, word, to)
        assert sum(r.stacks) + r.pot_total() == chips
        assert min(r.stacks) >= 0 and r.level >= max(r.bets)
    assert r.to_act is None, "the round did not end"
    live = [i for i in range(len(r.stacks)) if r.in_deal[i] and not r.folded[i]]
    if len(live) > 1:
        for seat in live:
            assert r.stacks[seat] == 0 or r.bets[seat] == r.level, (seat, r)
