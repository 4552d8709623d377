"""Who shows first (docs/rules.md 2.4 and 3, issue 24).

The last player to bet or raise in the last betting round shows first (if
nobody bet in it, round 1's opener; if that player is out, the next player
still in clockwise), then the others clockwise -- side pots or not. Having
the players of the side pots show first is a house setting,
``showdown.order: side_pots_first``; either way the order is only a display
order and never changes who wins.

Measured before the change (``bench/showdown_order.py``, 12,000 random
showdowns with a side pot): 3,863 asked a different player to show first
than the rules name; after it, none.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawpoker.cards import DECK, deck_of
from drawpoker.engine.pots import build_pots
from drawpoker.errors import IllegalAction
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.bots import random_bot
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.reducer import replay
from drawpoker.games.draw.state import DrawState
from drawpoker.history.reader import open_history
from drawpoker.history.verify import replay_history, verify_history
from drawpoker.rules import fingerprint, load_rules
from drawpoker.rules.model import DrawRules
from tests.mork_table import Table, rules

FIXTURES = Path(__file__).parent / "fixtures"

ACES = "As Ad 7c 7d 2s"
KINGS = "Kh Kd 9s 5c 3h"
QJ = "Qs Js Ts 4s 4d"

SIDE_POTS_FIRST = rules(showdown__order="side_pots_first")


def rules_order(events: list[Any], game_rules: DrawRules, state: DrawState) -> list[int]:
    """The showdown order docs/rules.md 2.4 and 3 name, read from the deal's events
    alone (independently of the engine's own bookkeeping)."""
    seats = len(state.names)
    button = next(e.button for e in events if isinstance(e, ev.DealStarted))
    opener: int | None = None
    last: int | None = None
    round_no = 0
    for e in events:
        if isinstance(e, ev.RoundStarted):
            round_no, last = e.round, None
        elif isinstance(e, ev.BetPlaced):
            last = e.seat
            if round_no == 1 and opener is None:
                opener = e.seat
        elif isinstance(e, ev.Raised):
            last = e.seat
    still = [s for s in range(seats) if state.in_deal[s] and not state.folded[s]]
    first = last if last is not None else opener
    if first is None or first not in still:
        start = button if first is None or game_rules.betting.round_two_starter == "left_of_button" else first
        first = next(s for s in ((start + k) % seats for k in range(1, seats + 1)) if s in still)
    return [s for s in ((first + k) % seats for k in range(seats)) if s in still]


# ---------------------------------------------------------------- stacked decks


def _opener_all_in_for_the_main_pot(game_rules: DrawRules) -> Table:
    """A opens round 1 with the last chip (all-in: the main pot only), B raises,
    C calls: B and C make a side pot. Round 2 is checked through, so round 1's
    opener, A, is the one the rules ask to show first."""
    t = Table([ACES, KINGS, QJ], stacks=[2, 40, 40], button=2, rules_=game_rules)
    t.do("A bet", "B raise", "C call")
    t.do("A stand pat", "B stand pat", "C stand pat")
    t.do("B check", "C check")
    return t


def test_the_opener_all_in_for_the_main_pot_shows_first_when_round_two_is_checked():
    t = _opener_all_in_for_the_main_pot(rules())
    assert [(p.amount, p.eligible) for p in build_pots(t.state.committed, t.state.out_of_pots(), 0)] == [
        (6, (0, 1, 2)),
        (2, (1, 2)),
    ]
    assert t.of(ev.ShowdownStarted) == [ev.ShowdownStarted((0, 1, 2))]
    assert t.to_act == "A"
    assert "B" in t.refused("B show")


def test_side_pots_first_is_a_house_setting():
    t = _opener_all_in_for_the_main_pot(SIDE_POTS_FIRST)
    assert t.of(ev.ShowdownStarted) == [ev.ShowdownStarted((1, 2, 0))]
    assert t.of(ev.DealStarted)[0].show_order == "side_pots_first"


def test_the_last_to_bet_in_the_last_round_shows_first_before_the_side_pot():
    # B is all-in in round 1 for the main pot only; in round 2 C bets and A calls.
    t = Table([ACES, KINGS, QJ], stacks=[40, 2, 40])
    t.do("B bet", "C raise", "A call")
    t.do("B stand pat", "C stand pat", "A stand pat", "C bet", "A call")
    assert t.of(ev.ShowdownStarted) == [ev.ShowdownStarted((2, 0, 1))]


def test_the_order_never_changes_who_wins():
    plain, house = _opener_all_in_for_the_main_pot(rules()), _opener_all_in_for_the_main_pot(SIDE_POTS_FIRST)
    plain.show_all()
    house.show_all()
    assert plain.of(ev.PotAwarded) == house.of(ev.PotAwarded)
    assert plain.pots() == [(6, "ABC", {"A": 6}), (2, "BC", {"B": 2})]


# ---------------------------------------------------------------- random deals


def _random_deal(game: DrawGame, seed: int) -> tuple[list[Any], DrawState, list[Any]]:
    """A random deal with random short stacks: its events up to the showdown's
    start (or the end), the state there, and the commands that got it there."""
    rng = random.Random(seed)
    state = game.new_state()
    stacks = tuple(rng.choice((1, 2, 3, 5, 8, 13, 40)) for _ in range(rng.randint(3, 6)))
    names = tuple(f"P{i}" for i in range(len(stacks)))
    deck = list(deck_of(game.rules.deck.jokers))
    rng.shuffle(deck)
    commands: list[Any] = [cmd.SitDown(names, stacks, rng.randrange(len(stacks))), cmd.StartDeal(tuple(deck))]
    events: list[Any] = []
    for command in commands:
        events += game.handle(state, command)
    while not any(isinstance(e, (ev.ShowdownStarted, ev.DealEnded)) for e in events):
        command = random_bot(game, state, rng)
        commands.append(command)
        events += game.handle(state, command)
    return events, state, commands


RANDOM_RULESETS = ("morkpoker", "no-limit-draw", "deuce-to-seven-triple-draw", "jackpots")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RANDOM_RULESETS), st.integers(0, 2**32 - 1))
def test_every_showdown_follows_the_rules_order(name, seed):
    game_rules = load_rules(name)
    events, state, _ = _random_deal(DrawGame(game_rules), seed)
    started = [e for e in events if isinstance(e, ev.ShowdownStarted)]
    if started:
        assert list(started[0].order) == rules_order(events, game_rules, state)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RANDOM_RULESETS), st.integers(0, 2**32 - 1))
def test_side_pots_first_reorders_the_same_showdown_and_the_same_chips_are_won(name, seed):
    plain_rules = load_rules(name)
    house_rules = attrs.evolve(plain_rules, showdown=attrs.evolve(plain_rules.showdown, order="side_pots_first"))
    events, state, commands = _random_deal(DrawGame(plain_rules), seed)
    started = [e for e in events if isinstance(e, ev.ShowdownStarted)]
    if not started:
        return
    house = DrawGame(house_rules)
    house_state = house.new_state()
    house_events: list[Any] = []
    for command in commands:  # the same decisions up to the showdown
        house_events += house.handle(house_state, command)
    (house_started,) = [e for e in house_events if isinstance(e, ev.ShowdownStarted)]
    pots = build_pots(state.committed, state.out_of_pots(), state.carried)
    deepest = {s: max(i for i, p in enumerate(pots) if s in p.eligible) for s in started[0].order}
    assert list(house_started.order) == sorted(started[0].order, key=lambda s: -deepest[s])
    game = DrawGame(plain_rules)
    for g, s, out in ((game, state, events), (house, house_state, house_events)):
        while s.to_act is not None and s.phase == "showdown":
            out += g.handle(s, cmd.Show(s.to_act))
    assert [e for e in events if isinstance(e, ev.PotAwarded)] == [
        e for e in house_events if isinstance(e, ev.PotAwarded)
    ]
    assert replay(house_events) == house_state


# ---------------------------------------------------------------- histories


def test_a_history_written_when_side_pots_showed_first_still_verifies():
    """A session recorded before this change (DealStarted version 2, written by
    drawpoker 0.1.0 as it was), where two showdowns with side pots were shown
    side pots first: it replays and verifies as it was played."""
    path = FIXTURES / "v2-side-pots-first.jsonl"
    assert '"DealStarted":2' in path.read_text(encoding="utf-8").split("\n", 1)[0].replace(" ", "")
    reader = open_history(path)
    assert reader.header["fingerprint"] == fingerprint(load_rules("morkpoker"))  # the setting kept it
    differs = 0
    deal: list[Any] = []

    def on_event(line: int, event: Any, state: Any) -> None:
        nonlocal differs
        if isinstance(event, ev.DealStarted):
            deal.clear()
            assert event.show_order == "side_pots_first"  # (upcast: as it was played)
        deal.append(event)
        if isinstance(event, ev.ShowdownStarted):
            differs += list(event.order) != rules_order(deal, reader.rules, state)

    replay_history(reader, on_event)
    assert differs == 2
    report = verify_history(open_history(path))
    assert report.torn is None and report.deals == 10


def test_a_new_history_records_the_order_and_verifies(tmp_path):
    from drawpoker.cli.main import main

    ruleset = tmp_path / "house.yaml"
    ruleset.write_text("extends: morkpoker\nshowdown:\n  order: side_pots_first\n", encoding="utf-8")
    log = tmp_path / "h.jsonl"
    assert main(["simulate", str(ruleset), "--players", "6", "--hands", "30", "--seed", "3", "--log", str(log)]) == 0
    text = log.read_text(encoding="utf-8")
    assert '"show_order":"side_pots_first"' in text
    assert verify_history(open_history(log)).torn is None
    plain = tmp_path / "plain.jsonl"
    assert main(["simulate", "morkpoker", "--players", "3", "--hands", "3", "--seed", "3", "--log", str(plain)]) == 0
    assert '"show_order":"last_aggressor"' in plain.read_text(encoding="utf-8")


def test_a_deal_cannot_name_an_order_the_rules_do_not_know():
    game = DrawGame(rules())
    state = game.new_state()
    game.handle(state, cmd.SitDown(("A", "B"), (40, 40), 0))
    before = state.copy()
    with pytest.raises(IllegalAction, match="the showdown's order is one of"):
        game.handle(state, cmd.StartDeal(tuple(DECK), 0, True, "loudest_first"))
    assert state == before


# ---------------------------------------------------------------- settle and the words


def test_settle_asks_for_the_showdown_in_the_rules_order(tmp_path, capsys):
    from drawpoker.cli.main import main

    deal = (
        "game: morkpoker\nrules: {rules}\nbutton: Cato\nseats:\n"
        "  - {{name: Anna, stack: 2, cards: 'As Ad 7c 7d 2s'}}\n"
        "  - {{name: Bjørn, stack: 40, cards: 'Kh Kd 9s 5c 3h'}}\n"
        "  - {{name: Cato, stack: 40, cards: 'Qs Js Ts 4s 4d'}}\n"
        "actions:\n  - Anna: bet\n  - Bjørn: raise\n  - Cato: call\n"
        "  - Anna: stand pat\n  - Bjørn: stand pat\n  - Cato: stand pat\n"
        "  - Bjørn: check\n  - Cato: check\n  - Bjørn: show\n  - Cato: muck\n"
    )
    (tmp_path / "house.yaml").write_text("extends: morkpoker\nshowdown:\n  order: side_pots_first\n", encoding="utf-8")
    (tmp_path / "plain.yaml").write_text(deal.format(rules="morkpoker"), encoding="utf-8")
    (tmp_path / "house-deal.yaml").write_text(deal.format(rules="house.yaml"), encoding="utf-8")
    # Anna opened all-in and round 2 was checked: she shows first, before Bjørn
    assert main(["settle", str(tmp_path / "plain.yaml")]) != 0
    assert "action 9 (Bjørn: show): it is Anna's turn, not Bjørn's" in capsys.readouterr().err
    # the house shows the side pot's players first: Bjørn, then Cato, who mucks, then Anna
    assert main(["settle", str(tmp_path / "house-deal.yaml"), "--json"]) == 0
    settled = json.loads(capsys.readouterr().out)
    assert set(settled["hands"]) == {"Anna", "Bjørn"}  # Cato mucked


@pytest.mark.parametrize("lang, words", [("en", "side pots or not"), ("nb", "med eller uten sidepotter")])
def test_rules_show_and_diff_say_the_order(lang, words, tmp_path, capsys, monkeypatch):
    from drawpoker.cli.main import main

    monkeypatch.setenv("COLUMNS", "400")  # (a difference on three lines, whatever the path)
    house = tmp_path / "house.yaml"
    house.write_text("extends: morkpoker\nshowdown:\n  order: side_pots_first\n", encoding="utf-8")
    assert main(["rules", "show", "morkpoker", "--lang", lang]) == 0
    assert words in capsys.readouterr().out
    assert main(["rules", "diff", "morkpoker", str(house), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "showdown.order" in out and out.count("\n") <= 4
