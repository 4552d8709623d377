"""The pokerkit oracle itself (tests/pokerkit_oracle.py): its deals are legal
in pokerkit and replay there from the record alone, chips are conserved,
drawpoker's engine deals the same hands and exchanges the same cards from
the recorded deck, the flags fire, and the settle YAML is what issue 12
specifies."""

import functools
import random
from collections import Counter

import pytest
import yaml
from pokerkit import Card as PkCard

from drawpoker.cards import DECK, parse_cards
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.settle import _KEYS as SETTLE_KEYS
from drawpoker.games.draw.state import BETTING, EXCHANGE, DrawState
from tests.mork_table import rules
from tests.pokerkit_oracle import (
    FLAGS,
    RULESETS,
    VARIANTS,
    Act,
    OracleDeal,
    Policy,
    Setup,
    odd_chips_split,
    play_deal,
    random_deals,
    ruleset_yaml,
    seat_of,
    settle_yaml,
)


@functools.cache
def deals(variant):
    """150 random deals of ``variant`` (made once per test session)."""
    return tuple(random_deals(variant, 7, 150))


def pk(cards):
    return tuple(PkCard.parse(" ".join(map(str, cards))))


def replay_in_pokerkit(deal: OracleDeal):
    """Play the record on a fresh pokerkit state -- the cards dealt as recorded
    (burns included), every action as recorded -- and return the stacks."""
    s = deal.setup
    n = s.players
    state = s.create_state()
    player_of = {seat_of(i, deal.button, n): i for i in range(n)}
    for k in range(5):
        for i in range(n):
            state.deal_hole(pk([deal.hands[seat_of(i, deal.button, n)][k]]), i)
    burns = list(deal.burns)
    for act in deal.actions:
        p = player_of[act.seat]
        if act.word in ("exchange", "stand pat"):
            assert state.stand_patter_or_discarder_index == p
            state.stand_pat_or_discard(pk(act.cards))
            if state.stand_patter_or_discarder_index is None:  # the last discard: burn, then the replacements
                state.burn_card(pk([burns.pop(0)]))
                for later in deal.exchanges(act.street):
                    if later.drawn:
                        state.deal_hole(pk(later.drawn), player_of[later.seat])
            continue
        assert state.actor_index == p, (act, state.actor_index)
        if act.word == "fold":
            state.fold()
        elif act.word in ("check", "call"):
            assert (state.checking_or_calling_amount > 0) == (act.word == "call")
            state.check_or_call()
        else:
            if act.word == "all in":
                assert act.to == state.stacks[p] + state.bets[p]
            state.complete_bet_or_raise_to(act.to)
    assert not state.status, "the record does not finish the deal"
    return tuple(state.stacks[player_of[seat]] for seat in range(n))


@pytest.mark.parametrize("variant", VARIANTS)
def test_recorded_deals_are_legal_in_pokerkit_and_replay_to_the_same_stacks(variant):
    replayed = 0
    for deal in deals(variant):
        if "stock_ran_out" in deal.flags:
            continue
        assert replay_in_pokerkit(deal) == deal.finishing_stacks
        replayed += 1
    assert replayed > 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_chips_are_conserved_and_every_card_is_dealt_once(variant):
    for deal in deals(variant):
        assert sum(deal.finishing_stacks) == sum(deal.stacks)
        used = [c for hand in deal.hands for c in hand] + list(deal.stock) + list(deal.burns)
        if "stock_ran_out" in deal.flags:
            continue
        assert len(set(used)) == len(used)
        assert sorted(deal.deck) == sorted(DECK)
        n = len(deal.names)
        assert deal.deck[5 * n : 5 * n + len(deal.stock)] == deal.stock
        assert deal.stock == tuple(c for a in deal.actions for c in a.drawn)
        assert all(len(a.drawn) == len(a.cards) for a in deal.actions if a.word == "exchange")


def test_drawpoker_deals_the_same_hands_and_exchanges_the_same_cards():
    """Today's draw engine (one exchange, antes) on the recorded deck: the five
    cards each seat is dealt, and every replacement of the first exchange, are
    pokerkit's. Round 1 is played so that the same players reach the draw."""
    game = DrawGame(
        rules(betting__ante=0, draw__max_cards=5, draw__stock_exhaustion="reshuffle_discards", table__max_players=6)
    )
    checked = Counter()
    for variant in VARIANTS:
        for deal in deals(variant):
            if "stock_ran_out" in deal.flags:
                continue
            n = len(deal.names)
            state = DrawState()
            game.handle(state, cmd.SitDown(deal.names, (1000,) * n, deal.button))
            events = game.handle(state, cmd.StartDeal(deal.deck))
            dealt = {e.seat: e.cards for e in events if isinstance(e, ev.CardsDealt)}
            assert dealt == dict(enumerate(deal.hands))
            checked["hands"] += n
            exchanges = deal.exchanges(1)
            if not exchanges:
                continue  # the deal ended before the draw
            drawing = {a.seat for a in exchanges}
            while state.phase == BETTING and state.to_act is not None:
                seat = state.to_act
                if seat not in drawing:
                    game.handle(state, cmd.Fold(seat))
                elif state.level == 0:
                    game.handle(state, cmd.Bet(seat))
                else:
                    game.handle(state, cmd.Call(seat))
            assert state.phase == EXCHANGE
            for act in exchanges:
                assert state.to_act == act.seat
                (done,) = [
                    e for e in game.handle(state, cmd.Exchange(act.seat, act.cards)) if isinstance(e, ev.CardsExchanged)
                ]
                assert done.drawn == act.drawn
                checked["exchanges"] += 1
            if variant != "F2L3D":  # one draw: the hands at the showdown are pokerkit's
                for act in exchanges:
                    assert state.hands[act.seat] == deal.final_hands[act.seat]
    assert checked["hands"] > 1000 and checked["exchanges"] > 500


def test_every_flag_is_raised_by_the_situation_it_names():
    seen = Counter(flag for variant in VARIANTS for deal in deals(variant) for flag in deal.flags)
    for flag in ("short_big_blind", "stock_ran_out", "fixed_limit_short_all_in", "short_all_in_then_raise"):
        assert seen[flag] > 0, (flag, seen)
    assert set(seen) <= set(FLAGS)
    # A short big blind: the big blind (pokerkit's player 1) has one chip of two.
    deal = play_deal(Setup("N2L1D", (50, 1, 50), 0, (1, 2), 2, 4), random.Random(1))
    assert "short_big_blind" in deal.flags
    deal = play_deal(Setup("N2L1D", (50, 2, 50), 0, (1, 2), 2, 4), random.Random(1))
    assert "short_big_blind" not in deal.flags
    # Six players throwing five cards three times empty the stock.
    greedy = Policy(fold=0.0, aggression=0.0, discard_weights=(0, 0, 0, 0, 0, 1))
    deal = play_deal(Setup("F2L3D", (100,) * 6, 0, (1, 2), 2, 4), random.Random(1), policy=greedy)
    assert "stock_ran_out" in deal.flags and deal.deck == ()


def test_odd_chips_are_flagged_when_pokerkit_gives_two_to_one_winner():
    # Four players, blinds 5/10: the small blind folds, three equal 7-5-4-3-2 split 35: 12, 12, 11.
    from pokerkit import Automation, NoLimitDeuceToSevenLowballSingleDraw

    state = NoLimitDeuceToSevenLowballSingleDraw.create_state(
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,
        0,
        (5, 10),
        10,
        (100,) * 4,
        4,
    )
    for cards in ("KsQsJs9s8s", "7c5d4h3s2c", "7d5h4s3c2d", "7h5s4c3d2h"):
        state.deal_hole(cards)
    state.check_or_call()  # player 2
    state.check_or_call()  # player 3
    state.fold()  # the small blind
    state.check_or_call()  # the big blind's option
    for _ in range(3):
        state.stand_pat_or_discard()
    state.check_or_call()
    state.check_or_call()
    state.check_or_call()
    assert not state.status
    assert state.stacks == [95, 103, 101, 101]
    assert odd_chips_split(state)


def test_the_settle_yaml_is_issue_12s_format():
    deal = OracleDeal(
        setup=Setup("N2L1D", (100, 30, 100), 0, (1, 2), 2, 4),
        names=("Anna", "Bjørn", "Cato"),
        button=2,
        stacks=(100, 30, 100),
        hands=(parse_cards("7h 6c 4c 3d 2c"), parse_cards("As Qs 6s 5c 3c"), parse_cards("Kd Kh 9c 8d 2d")),
        stock=parse_cards("2h Qh"),
        burns=parse_cards("Jc"),
        deck=(),
        actions=(
            Act(2, "bet", 5),  # (not a legal first action with blinds; the writer only writes)
            Act(0, "raise", 15),
            Act(1, "all in", 30),
            Act(2, "call"),
            Act(0, "check", idle=True),
            Act(0, "stand pat", street=1),
            Act(1, "exchange", cards=parse_cards("As Qs"), street=1, drawn=parse_cards("2h Qh")),
        ),
        finishing_stacks=(160, 0, 70),
        final_hands=(),
        flags=frozenset({"odd_chips"}),
    )
    text = settle_yaml(deal, rules="deuce-to-seven-single-draw")
    assert text == (
        "# A deal pokerkit played: N2L1D (no limit), blinds 1/2.\n"
        "# pokerkit's finishing stacks: Anna 160, Bjørn 0, Cato 70.\n"
        f"# Differs from pokerkit (odd_chips): {FLAGS['odd_chips']}.\n"
        "game: morkpoker\n"
        "rules: deuce-to-seven-single-draw\n"
        "button: Cato\n"
        "seats:\n"
        '  - {name: Anna, stack: 100, cards: "7h 6c 4c 3d 2c"}\n'
        '  - {name: Bjørn, stack: 30, cards: "As Qs 6s 5c 3c"}\n'
        '  - {name: Cato, stack: 100, cards: "Kd Kh 9c 8d 2d"}\n'
        'stock: "2h Qh"\n'
        "actions:\n"
        "  - Cato: bet 5\n"
        "  - Anna: raise to 15\n"
        "  - Bjørn: all in\n"
        "  - Cato: call\n"
        "  - Anna: stand pat\n"
        "  - Bjørn: exchange As Qs\n"
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_recorded_deal_writes_settle_yaml_that_reads_back(variant):
    for deal in deals(variant)[:60]:
        data = yaml.safe_load(settle_yaml(deal))
        assert set(data) <= SETTLE_KEYS
        assert [s["name"] for s in data["seats"]] == list(deal.names)
        assert [parse_cards(s["cards"]) for s in data["seats"]] == list(deal.hands)
        stock = parse_cards(data.get("stock", ""))
        assert stock == deal.stock or ("stock_ran_out" in deal.flags and deal.stock[: len(stock)] == stock)
        assert data["button"] == deal.names[deal.button]
        written = [next(iter(a.items())) for a in data["actions"]]
        kept = [a for a in deal.actions if not a.idle]
        assert [deal.names.index(who) for who, _ in written] == [a.seat for a in kept]
        for (_, what), act in zip(written, kept, strict=True):
            assert what == act.words()
            assert what in ("check", "call", "fold", "all in", "stand pat") or what.split()[0] in (
                "bet",
                "raise",
                "exchange",
            )


@pytest.mark.parametrize("variant", ["N2L1D", "F2L3D"])
def test_the_ruleset_a_deal_needs_says_its_forced_bets_and_limits(variant):
    deal = deals(variant)[0]
    data = yaml.safe_load(ruleset_yaml(deal))
    betting = data["betting"]
    assert betting["structure"] == deal.setup.structure and betting["blinds"] == list(deal.setup.blinds)
    assert betting["ante"] == deal.setup.ante and betting["small_bet"] == deal.setup.small_bet
    assert data["draw"].get("exchanges", 1) == (3 if variant == "F2L3D" else 1) and data["draw"]["max_cards"] == 5
    assert data["showdown"]["ranking"] == "deuce_to_seven"
    assert settle_yaml(deal).splitlines()[3 + len(deal.flags)] == f"rules: {RULESETS[variant]}"
