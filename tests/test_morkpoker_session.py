"""Sessions of deals: button rotation, bust policies, the end of a session,
replaying from recorded decks; bots and the simulate command."""

import json
import random

import pytest

from drawpoker.cards import parse_cards
from drawpoker.cli.main import main
from drawpoker.engine.shuffle import RandomShuffler, StackedShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.bots import choose_discards, random_bot, sensible_bot
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.reducer import replay
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.session.simulate import simulate
from tests.mork_table import rules


def _play(game, state, bot, rng, shuffler, until):
    events = []
    while not until(state):
        if state.phase == "between_deals":
            events += game.handle(state, cmd.StartDeal(*shuffler.shuffle()))
        else:
            events += game.handle(state, bot(game, state, rng))
    return events


def test_the_button_moves_one_seat_left_after_each_deal():
    game = DrawGame(rules())
    state = game.new_state()
    game.handle(state, cmd.SitDown(("A", "B", "C"), (40, 40, 40), 1))
    buttons = []
    rng, shuffler = random.Random(1), RandomShuffler(1)
    events = _play(game, state, sensible_bot, rng, shuffler, lambda s: s.deal >= 6 and s.phase == "between_deals")
    buttons = [e.button for e in events if isinstance(e, ev.DealStarted)]
    assert buttons == [1, 2, 0, 1, 2, 0]


def _bust_deal(policy, **more):
    """B (2 chips) goes all-in in deal 1 and loses to A's aces."""
    r = rules(session__when_broke=policy, **more)
    game = DrawGame(r)
    state = game.new_state()
    game.handle(state, cmd.SitDown(("A", "B", "C"), (40, 2, 40), 2))
    hands = {0: parse_cards("As Ad 7c 7d 2s"), 1: parse_cards("Kh Kd 9s 5c 3h"), 2: parse_cards("8h 6d 5s 3c 2h")}
    game.handle(state, cmd.StartDeal(stacked_deck(hands, 2, 3)))
    for action in (cmd.Bet(0), cmd.Call(1), cmd.Fold(2)):
        game.handle(state, action)
    for seat in (0, 1):
        game.handle(state, cmd.Exchange(seat, ()))
    while state.phase == "showdown":
        game.handle(state, cmd.Show(state.to_act))
    assert state.stacks[1] == 0
    return game, state


def test_bust_policy_sit_out():
    game, state = _bust_deal("sit_out")
    events = game.handle(state, cmd.StartDeal(*RandomShuffler(2).shuffle()))
    assert events[0] == ev.PlayerSatOut(1)
    assert state.in_deal == [True, False, True] and len([e for e in events if isinstance(e, ev.CardsDealt)]) == 2


def test_bust_policy_rebuy_is_counted():
    game, state = _bust_deal("rebuy", session__rebuy_amount=25, session__rebuy_limit=1)
    events = game.handle(state, cmd.StartDeal(*RandomShuffler(2).shuffle()))
    assert events[0] == ev.PlayerRebought(1, 25)
    assert state.rebuys == [0, 1, 0] and state.rebought == [0, 25, 0] and state.in_deal[1]
    assert game.chips_total(state) == 82  # rebuys are not counted as winnings


def test_the_session_ends_after_the_configured_deals():
    game = DrawGame(rules(session__deals=4))
    state = game.new_state()
    game.handle(state, cmd.SitDown(("A", "B"), (40, 40), 0))
    events = _play(game, state, sensible_bot, random.Random(3), RandomShuffler(3), lambda s: s.phase == "session_over")
    assert events[-1] == ev.SessionEnded("deals")
    started = [e for e in events if isinstance(e, ev.DealStarted)]
    carried = [e for e in events if isinstance(e, ev.DealCheckedThrough)]
    assert len(started) >= 4 and state.carried == 0
    assert len(started) == 4 or carried  # extra deals only to settle a carried pot
    with pytest.raises(IllegalAction, match="the session is over"):
        game.handle(state, cmd.StartDeal(*RandomShuffler(4).shuffle()))


def test_the_session_ends_when_one_player_holds_every_chip():
    game, state = _bust_deal("sit_out", table__min_players=2)
    # C folds everything from now on: give A and C a heads-up to the end.
    game2 = DrawGame(rules(session__deals=1000))
    s2 = game2.new_state()
    game2.handle(s2, cmd.SitDown(("A", "B"), (3, 3), 0))
    events = _play(game2, s2, random_bot, random.Random(5), RandomShuffler(5), lambda s: s.phase == "session_over")
    assert events[-1] == ev.SessionEnded("one_player_left")
    assert sorted(s2.stacks) == [0, 6]


def test_sit_down_refusals():
    game = DrawGame(rules())
    state = game.new_state()
    with pytest.raises(IllegalAction, match="these rules seat 2 to 6 players, not 7"):
        game.handle(state, cmd.SitDown(tuple("ABCDEFG"), (40,) * 7, 0))
    with pytest.raises(IllegalAction, match="two players have the same name"):
        game.handle(state, cmd.SitDown(("Ann", "ann"), (40, 40), 0))
    with pytest.raises(IllegalAction, match="at least 1 chip"):
        game.handle(state, cmd.SitDown(("A", "B"), (40, 0), 0))
    with pytest.raises(IllegalAction, match="nobody has sat down yet"):
        game.handle(state, cmd.StartDeal(*RandomShuffler(1).shuffle()))
    game.handle(state, cmd.SitDown(("A", "B"), (40, 40), 0))
    with pytest.raises(IllegalAction, match="every card once"):
        game.handle(state, cmd.StartDeal(tuple(parse_cards("As Kd")) * 26))


def test_a_session_replays_from_its_events_with_the_same_cards():
    game = DrawGame(rules())
    state = game.new_state()
    events = game.handle(state, cmd.SitDown(("A", "B", "C", "D"), (40,) * 4, 0))
    events += _play(game, state, sensible_bot, random.Random(9), RandomShuffler(9), lambda s: s.phase == "session_over")
    assert replay(events) == state
    # decks are recorded: the same decks dealt again give the same hands
    decks = [(e.deck, e.reshuffle_seed) for e in events if isinstance(e, ev.DealStarted)]
    again = game.new_state()
    game.handle(again, cmd.SitDown(("A", "B", "C", "D"), (40,) * 4, 0))
    redo = _play(
        game,
        again,
        sensible_bot,
        random.Random(9),
        StackedShuffler(*[d for d, _ in decks]),
        lambda s: s.phase == "session_over",
    )
    assert [e for e in redo if isinstance(e, ev.CardsDealt)] == [e for e in events if isinstance(e, ev.CardsDealt)]


@pytest.mark.parametrize(
    "hand, keep",
    [
        ("As Ad 7c 7d 2s", "As Ad 7c 7d"),  # two pair: throw the kicker
        ("Ks Kd 9c 5d 2s", "Ks Kd"),  # a pair: draw three
        ("Qs Js Ts 4s 4d", "Qs Js Ts 4s"),  # four to a flush beats a small pair
        ("9h Td Jc Qs 2d", "9h Td Jc Qs"),  # open-ended straight draw
        ("2h 5h 7h 9h Jh", "2h 5h 7h 9h Jh"),  # a made flush: stand pat
        ("Ah Kd 9c 6s 3h", "Ah Kd"),  # nothing: keep the two best
    ],
)
def test_sensible_discards(hand, keep):
    cards = parse_cards(hand)
    thrown = choose_discards(cards, 3)
    assert set(cards) - set(thrown) == set(parse_cards(keep))


def test_sensible_beats_random_over_many_deals():
    result = simulate(rules(), 4, 1500, 7, ("sensible", "random"))
    sensible = result.net[0] + result.net[2]
    assert sensible > 0 and sum(result.net) == 0


def test_simulate_command_text_and_json(capsys, tmp_path):
    assert main(["simulate", "morkpoker", "--players", "3", "--hands", "40", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"] >= 40 and set(data["players"]) == {"P1", "P2", "P3"}
    assert sum(p["net"] for p in data["players"].values()) == 0
    assert main(["simulate", "morkpoker", "--players", "3", "--hands", "40", "--seed", "2"]) == 0
    assert " deals in " in capsys.readouterr().out
    log = tmp_path / "sim.jsonl"
    assert main(["simulate", "morkpoker", "--players", "2", "--hands", "30", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["verify", str(log)]) == 0


def test_simulate_is_repeatable_with_a_seed():
    a = simulate(rules(), 5, 200, 11, ("random", "sensible"))
    b = simulate(rules(), 5, 200, 11, ("random", "sensible"))
    assert a.net == b.net and a.decisions == b.decisions


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "morkpoker", "--players", "9"], "these rules seat 2 to 6 players, not 9"),
        (
            ["simulate", "morkpoker", "--strategy", "genius"],
            "there is no strategy 'genius'; choose from easy, sensible, strong, random",
        ),
        (["simulate", "morkpoker", "--hands", "0"], "--hands must be a whole number from 1 to 100,000,000, not 0"),
        (["simulate", "nosuch"], "no ruleset 'nosuch'"),
    ],
)
def test_simulate_refusals(argv, message, capsys):
    assert main(argv) == 1
    assert message in capsys.readouterr().err
