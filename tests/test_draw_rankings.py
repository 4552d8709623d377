"""The draw game's showdown under every ranking (docs/rules.md 4.3-4.4), with
stacked decks: the bug, deuces wild, natural beats wild, ace-to-five with
the joker, deuce-to-seven; and every shipped variant simulated and verified.

Players are A, B, C in clockwise order; A has the button, so B acts first.
"""

import pytest

from drawpoker.cards import JOKER
from drawpoker.games.draw import events as ev
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from tests.mork_table import Table, rules

BUG = {"deck__jokers": 1, "deck__joker": "bug"}


def showdown(hands, r, stock=""):
    """Everybody checks to the showdown and shows; the pots."""
    t = Table(hands, rules_=r, stock=stock)
    order = [t.names[(1 + i) % len(hands)] for i in range(len(hands))]  # from the button's left
    t.do(f"{order[0]} bet", *[f"{n} call" for n in order[1:]])
    for n in order:
        t.do(f"{n} stand pat")
    t.do(*[f"{n} check" for n in order])
    t.show_all()
    assert t.replayed() == t.state
    return t


def winners(t):
    return sorted({n for _, _, shares in t.pots() for n in shares})


def test_the_bug_is_an_ace_kicker_with_a_pair_of_kings():
    t = showdown(["Ks Kd 7c 4h Jk", "Kh Kc Qs 5d 3c"], rules(**BUG))
    assert winners(t) == ["A"]


def test_four_aces_and_the_bug_are_five_aces_above_every_straight_flush():
    t = showdown(["As Ad Ac Ah Jk", "Ks Qs Js Ts 9s"], rules(**BUG))
    assert winners(t) == ["A"]
    settled = [e for e in t.events if isinstance(e, ev.HandShown)]
    assert len(settled) == 2


def test_the_bug_completes_a_straight_but_pairs_only_with_aces():
    t = showdown(["9s 8d 7c 6h Jk", "Qs Qd 9c 4h 2s"], rules(**BUG))  # a straight beats queens
    assert winners(t) == ["A"]
    t = showdown(["Qh Jd 7c 4h Jk", "Qs Qd 9c 4c 2s"], rules(**BUG))  # the bug is an ace here, not a queen
    assert winners(t) == ["B"]


def test_deuces_wild_make_trips_and_five_of_a_kind():
    r = rules(deck__wild_ranks=(2,))
    t = showdown(["2c Kd Kc 7h 4s", "Qs Qd Qh 9c 3d"], r)
    assert winners(t) == ["A"]
    t = showdown(["2c 2d Kc Kh Ks", "Qs Js Ts 9s 8s"], r)  # five kings beat a straight flush
    assert winners(t) == ["A"]


def test_natural_beats_wild_only_when_the_house_says_so():
    hands = ["Kd Kc 7h 4s 3c", "2c Ks 7d 4d 3d"]  # natural kings; kings made with a deuce (same kickers)
    tie = showdown(hands, rules(deck__wild_ranks=(2,)))
    assert winners(tie) == ["A", "B"]
    natural = showdown(hands, rules(deck__wild_ranks=(2,), deck__natural_beats_wild=True))
    assert winners(natural) == ["A"]


def test_ace_to_five_the_wheel_with_the_joker_wins_and_a_pair_loses_to_any_low():
    r = rules(showdown__ranking="ace_to_five", deck__jokers=1, deck__joker="wild")
    t = showdown(["Jk 4d 3c 2h As", "6s 4c 3d 2d Ah"], r)  # the joker is the five: the wheel
    assert winners(t) == ["A"]
    t = showdown(["Ks Qd Jc 9h 8s", "2s 2c 3d 4d 5h"], r)  # king-high beats a pair of deuces
    assert winners(t) == ["A"]
    t = showdown(["5s 4c 3c 2c Ac", "6h 4d 3d 2d Ad"], r)  # a flush and a straight do not count: 5 low wins
    assert winners(t) == ["A"]


def test_deuce_to_seven_the_wheel_is_ace_high_and_a_straight_loses():
    r = rules(showdown__ranking="deuce_to_seven")
    t = showdown(["5s 4c 3d 2h As", "8s 6d 4h 3c 2c"], r)  # A-2-3-4-5 is only ace high
    assert winners(t) == ["B"]
    t = showdown(["6s 5d 4c 3h 2c", "Ks Qd 9c 7h 3s"], r)  # a six-high straight loses to king high
    assert winners(t) == ["B"]
    t = showdown(["7s 5d 4c 3c 2d", "7h 5h 4h 3h 2h"], r)  # the best hand; the same cards suited are a flush
    assert winners(t) == ["A"]


def test_jokers_are_dealt_and_two_jokers_are_two_cards():
    r = rules(deck__jokers=2, deck__joker="wild")
    t = Table(["Jk Jk 7c 4h 2s", "Ks Kd Qs 5d 3c"], rules_=r, stock="8c 9c")
    assert len(t.deck) == 54 and t.deck.count(JOKER) == 2
    t.do("B bet", "A call", "B stand pat", "A exchange Jk 2s")  # throwing one joker keeps the other
    assert t.state.hands[0].count(JOKER) == 1 and t.state.discards.count(JOKER) == 1


def test_a_deck_without_the_rules_jokers_is_refused():
    from drawpoker.cards import DECK
    from drawpoker.errors import IllegalAction
    from drawpoker.games.draw import commands as cmd
    from drawpoker.games.draw.decide import DrawGame

    game = DrawGame(rules(**BUG))
    state = game.new_state()
    game.handle(state, cmd.SitDown(("A", "B"), (40, 40)))
    with pytest.raises(IllegalAction, match=r"the whole 53-card deck \(1 joker\)"):
        game.handle(state, cmd.StartDeal(DECK))


VARIANTS = [
    "jackpots",
    "jackpots-progressive",
    "california-draw",
    "deuces-wild",
    "ace-to-five-lowball",
    "deuce-to-seven-single-draw",
    "deuce-to-seven-triple-draw",
]


@pytest.mark.parametrize("name", VARIANTS)
def test_every_shipped_variant_simulates_and_verifies(tmp_path, name):
    r = load_rules(name)
    logs = SessionLogs(tmp_path / "h.jsonl", r)
    result = simulate(r, 6, 40, seed=5, strategies=("sensible", "random"), sink=logs.write, on_session=logs.start)
    logs.close()
    assert result.deals >= 40 and sum(result.net) == 0
    for path in sorted(tmp_path.glob("h*.jsonl")):
        assert verify_history(open_history(path)).deals > 0
