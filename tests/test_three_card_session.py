"""Three Card Poker sessions: the bank and its limits, the rotating dealer,
players who go broke, the end of a session, standings, and the history
(replay, the JSON codec, re-running recorded commands)."""

from __future__ import annotations

import json
import random

import pytest

from drawpoker.engine.events import event_from_json, event_to_json
from drawpoker.engine.game import BETWEEN_DEALS, SESSION_OVER
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.games.evening import EVENING_RULES
from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card import events as ev
from drawpoker.games.three_card.bots import BotPolicy, bot_command
from drawpoker.games.three_card.game import ThreeCardPoker
from drawpoker.games.three_card.reducer import replay
from drawpoker.games.three_card.standings import standings
from tests.test_three_card_rules import Table, house, rules


def play_session(game, names, stacks, first_dealer=0, seed=1, policy=None, limit=10_000):
    """Drive a whole session the way the session driver does, with bots."""
    policy = policy if policy is not None else BotPolicy()
    state = game.new_state()
    events = list(game.handle(state, game.sit_down(names, stacks, first_dealer)))
    shuffler, rng = RandomShuffler(seed), random.Random(seed)
    for _ in range(limit):
        if state.phase == SESSION_OVER:
            return state, events
        if state.phase == BETWEEN_DEALS:
            events += game.handle(state, game.start_deal(*shuffler.shuffle()))
        else:
            events += game.handle(state, bot_command(game, state, rng, policy))
    raise AssertionError("the session did not end")


def verify(game, events) -> None:
    """Re-run the command of every decision event on the replayed state and
    compare the events it causes with the recorded ones (what verify does)."""
    decisions = [i for i, e in enumerate(events) if game.command_of(e) is not None]
    assert decisions[0] == 0
    for k, i in enumerate(decisions):
        end = decisions[k + 1] if k + 1 < len(decisions) else len(events)
        state = replay(events[:i])
        assert game.handle(state, game.command_of(events[i])) == events[i:end]


# ---------------------------------------------------------------- the bank


def test_pay_in_order_pays_from_the_dealers_left_until_the_bank_is_empty():
    t = Table(3, house(dealer__bank=3, dealer__when_bank_short="pay_in_order"))
    assert t.state.bank == 3
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c", "3h 4d 9c")
    t.bet("A", 2)
    t.bet("B", 1)
    t.bet("C", 1)
    t.do("A play", "B play", "C fold")
    # C's lost ante goes in first (3 + 1 = 4); A is owed 4 and gets them; B is owed 2 and gets nothing.
    assert t.of(ev.WinningsPaid) == [ev.WinningsPaid(0, 0, 4, 0), ev.WinningsPaid(1, 1, 0, 2)]
    assert t.stacks() == {"A": 104, "B": 100, "C": 99} and t.state.bank == 0
    assert sum(t.state.stacks) + t.state.bank == 303  # nothing invented, nothing lost
    assert t.of(ev.TableClosed) == [ev.TableClosed("bank_broke")]


def test_a_rotating_dealer_banks_with_their_own_stack_and_pays_from_their_left():
    t = Table(4, rules("three-card-poker-no"), stacks=[100, 2, 100, 100], dealer=1)
    assert t.state.dealer == 1 and t.state.bank == 2
    t.start("Ah Jc 8s", "7s 7d Kc", "3h 4d 9c", "Kh Kd 2c")
    assert t.state.bettors == [2, 3, 0] and t.state.to_act == 2  # the dealer does not bet
    assert t.refused(t.bets("B", 1)) == "it is C's turn, not B's"
    t.bet("C", 1)
    t.bet("D", 1)
    t.bet("A", 1)
    t.do("C play", "D fold", "A play")
    assert t.of(ev.WinningsPaid) == [ev.WinningsPaid(0, 2, 2, 0), ev.WinningsPaid(2, 0, 1, 1)]
    assert t.stacks() == {"A": 101, "B": 0, "C": 102, "D": 99}
    assert t.of(ev.RoundClosed)[-1].bank_net == -2


def test_refuse_bets_the_bank_could_not_cover():
    t = Table(3, house(dealer__bank=30, dealer__when_bank_short="refuse_bets"))
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    assert t.legal.limits.bank_can_cover == 30
    # Ante 1 could cost the bank 7 (ante, play, a 5:1 straight flush bonus); Pair Plus 1 another 40.
    assert t.refused(t.bets("A", (1, 1))) == (
        "A cannot bet that much: the bank could owe up to 47 on these bets and can cover only 30 more "
        "(it holds 30 chips); the largest ante it would take alone is 4"
    )
    t.bet("A", 2)
    assert t.legal.limits.bank_can_cover == 16
    assert t.refused(t.bets("B", 3)) == (
        "B cannot bet that much: the bank could owe up to 21 on these bets and can cover only 16 more "
        "(it holds 30 chips); the largest ante it would take alone is 2"
    )
    t.bet("B", 2)
    assert t.legal.limits.bank_can_cover == 2 and t.legal.options == ("sit_out",)
    t.bet("C")
    t.do("A play", "B play")
    assert [e.unpaid for e in t.of(ev.WinningsPaid)] == [0, 0]


def test_an_unlimited_bank_pays_everything_and_keeps_its_result():
    t = Table(1)
    assert t.state.bank is None
    t.start("Ah Jc 8s", "4h 5h 6h")
    t.bet("A", (10, 10, 10, 10))
    t.do("A play")
    assert t.result() == {"ante": 10, "play": 10, "ante_bonus": 50, "pair_plus": 400, "prime": 30, "six_card": -10}
    assert t.state.bank_net == -490 and t.state.stacks == [590]


# ---------------------------------------------------------------- the dealer rotates


def test_each_participant_deals_the_same_number_of_rounds():
    game = ThreeCardPoker(rules("three-card-poker-no", dealer__rounds_each=2))
    state, events = play_session(game, ("A", "B", "C", "D"), (40,) * 4, first_dealer=1)
    opened = [e for e in events if isinstance(e, ev.RoundOpened)]
    assert [e.dealer for e in opened] == [1, 1, 2, 2, 3, 3, 0, 0]
    assert state.dealt == [2, 2, 2, 2] and state.session_end == "rotation"
    # Every round the betting goes clockwise from the dealer's left; the dealer never bets.
    starts = [events.index(o) for o in opened] + [len(events)]
    for o, start, end in zip(opened, starts, starts[1:], strict=False):
        bettors = [e.seat for e in events[start:end] if isinstance(e, ev.BetsPlaced)]
        assert bettors == [(o.dealer + k) % 4 for k in (1, 2, 3)]


def test_a_numbered_session_passes_the_deal_on_after_rounds_each():
    game = ThreeCardPoker(rules("three-card-poker-no", session__deals=6, dealer__rounds_each=2))
    state, events = play_session(game, ("A", "B", "C"), (40,) * 3)
    assert [e.dealer for e in events if isinstance(e, ev.RoundOpened)] == [0, 0, 1, 1, 2, 2]
    assert state.session_end == "rounds"


def test_a_broke_dealer_stands_up_and_the_deal_passes_on():
    t = Table(3, rules("three-card-poker-no", dealer__rounds_each=2), stacks=[100, 2, 100], dealer=1)
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh Kd 2c")
    t.bet("C", 1)
    t.bet("A", 1)
    t.do("C play", "A play")
    assert t.stacks()["B"] == 0 and t.of(ev.PlayerStoodUp) == [ev.PlayerStoodUp(1)]
    t.start()
    assert t.state.dealer == 2 and t.state.bettors == [0]


# ---------------------------------------------------------------- going broke and the end of a session


def test_sit_out_when_short_of_the_smallest_stake():
    sv = house("three-card-poker-sv")  # smallest stake: ante 1 and its play bet
    t = Table(2, sv, stacks=[3, 100])
    t.start("Ah Jc 8s", "Kh 9d 5c", "7s 7d Kc")
    t.bet("A", 1)
    t.bet("B", 1)
    t.do("A play", "B play")
    assert t.stacks() == {"A": 1, "B": 102}
    assert t.of(ev.PlayerStoodUp) == [ev.PlayerStoodUp(0)] and t.state.out == [True, False]
    t.start("Ah Jc 8s", "7s 7d Kc")
    assert t.state.bettors == [1]


def test_rebuys_are_counted_and_limited():
    r = house("three-card-poker-sv", session__when_broke="rebuy", session__rebuy_amount=10, session__rebuy_limit=1)
    t = Table(2, r, stacks=[2, 100])
    t.start("Ah Jc 8s", "Kh 9d 5c", "7s 7d Kc")
    t.bet("A", 1)
    t.bet("B", 1)
    t.do("A play", "B play")
    assert t.of(ev.RebuyTaken) == [ev.RebuyTaken(0, 10)]
    assert t.stacks()["A"] == 10 and t.state.rebought == [10, 0]
    a = next(row for row in standings(t.state) if row.name == "A")
    assert (a.stack, a.rebought, a.net) == (10, 10, -2)
    t.start("Ah Jc 8s", "Kh 9d 5c", "7s 7d Kc")
    t.bet("A", 5)
    t.bet("B", 1)
    t.do("A play", "B play")
    assert t.of(ev.PlayerStoodUp) == [ev.PlayerStoodUp(0)]  # no second rebuy


def test_the_session_ends_after_the_rounds_agreed():
    t = Table(1, house(session__deals=2))
    for _ in range(2):
        t.start()
        t.bet("A")
    assert t.of(ev.TableClosed) == [ev.TableClosed("rounds")] and t.state.phase == "session_over"
    assert t.refused(cmd.StartRound(t.state.deck)) == "the session is over"
    assert t.refused(t.bets("A", 1)) == "the session is over"


def test_the_session_ends_when_too_few_can_play_on():
    t = Table(1, house("three-card-poker-sv"), stacks=[2])
    t.start("Ah Jc 8s", "Kh 9d 5c")
    t.bet("A", 1)
    t.do("A play")
    assert [type(e) for e in t.events[-3:]] == [ev.RoundClosed, ev.PlayerStoodUp, ev.TableClosed]
    assert t.state.session_end == "too_few_players"


def test_a_rotating_table_closes_when_nobody_is_left_to_play_against_the_dealer():
    t = Table(2, rules("three-card-poker-sv", dealer__mode="rotating", session__deals=6), stacks=[100, 2])
    t.start("Ah Jc 8s", "Kh 9d 5c")
    t.bet("B", 1)
    t.do("B play")
    assert t.of(ev.PlayerStoodUp) == [ev.PlayerStoodUp(1)]
    assert t.state.session_end == "too_few_players"


def test_standings_are_net_of_rebuys_best_first():
    game = ThreeCardPoker(
        house("three-card-poker-sv", session__deals=30, session__when_broke="rebuy", session__rebuy_amount=5)
    )
    state, _ = play_session(game, ("A", "B", "C"), (4, 40, 40), policy=BotPolicy(ante=2), seed=3)
    rows = standings(state)
    assert [r.net for r in rows] == sorted((r.net for r in rows), reverse=True)
    for r in rows:
        assert r.net == state.stacks[r.seat] - (4, 40, 40)[r.seat] - state.rebought[r.seat]
    assert state.rebought[0] > 0
    assert sum(r.net for r in rows) == -state.bank_net


# ---------------------------------------------------------------- history


@pytest.mark.parametrize("name", ["three-card-poker", "three-card-poker-ru", "three-card-poker-ro"])
def test_a_whole_session_replays_round_trips_through_json_and_verifies(name):
    game = game_for(rules(name) if name == "three-card-poker" else house(name))
    policy = BotPolicy(ante=2, pair_plus=1, prime=1, six_card=1, boxes=2)
    state, events = play_session(game, ("Ada", "Bo", "Cy"), (60, 60, 60), seed=11, policy=policy)
    assert replay(events) == state
    loaded = [event_from_json(json.loads(json.dumps(event_to_json(e)))) for e in events]
    assert loaded == events
    assert replay(loaded) == state
    verify(game, loaded)
    assert {type(e) for e in events} >= {
        ev.TableOpened,
        ev.RoundOpened,
        ev.BetsPlaced,
        ev.BoxDealt,
        ev.DealerRevealed,
        ev.BoxSettled,
        ev.RoundClosed,
        ev.TableClosed,
    }


def test_every_command_records_exactly_one_decision_event():
    game = ThreeCardPoker(house())
    state = game.new_state()
    shuffler, rng = RandomShuffler(5), random.Random(5)
    # (the sit-down's version of the rules of the evening given as the table records it: None is this drawpoker's)
    commands = [game.sit_down(("A", "B"), (50, 50))._replace(evening_rules=EVENING_RULES)]
    while len(commands) < 40 and state.phase != SESSION_OVER:
        command = commands[-1]
        new = game.handle(state, command)
        recorded = [e for e in new if game.command_of(e) is not None]
        assert len(recorded) == 1 and game.command_of(recorded[0]) == command
        if state.phase == BETWEEN_DEALS:
            commands.append(game.start_deal(*shuffler.shuffle()))
        else:
            commands.append(bot_command(game, state, rng, BotPolicy(pair_plus=1)))
