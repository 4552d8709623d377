"""Every Three Card Poker rule of docs/rules.md section 5, with stacked cards.

Players are A, B, C... in clockwise order. Unless a test says otherwise
the table plays the default ruleset with a house bank of unlimited chips,
so A bets (and decides) first. ``Table.start(dealer, *boxes)`` stacks the
deck: the boxes' cards in box order, then the dealer's. The ``Table``
harness is shared by the other ``test_three_card_*`` files.
"""

from __future__ import annotations

import pytest

from drawpoker.cards import parse_cards
from drawpoker.errors import IllegalAction
from drawpoker.games.three_card import commands as cmd
from drawpoker.games.three_card import events as ev
from drawpoker.games.three_card.game import ThreeCardPoker
from drawpoker.games.three_card.reducer import replay
from drawpoker.games.three_card.stacking import stacked_deck
from drawpoker.games.three_card.state import BET_NAMES, TcpState
from drawpoker.rules.model import ThreeCardRules
from tests.changed_rules import changed_rules

NAMES = ("A", "B", "C", "D", "E", "F", "G")
HOUSE = {"dealer__mode": "house_bank", "dealer__bank": None, "session__deals": 12}


def rules(name: str = "three-card-poker", **changes) -> ThreeCardRules:
    """A shipped ruleset with some settings changed: ``pair_plus__after_fold="forfeited"``."""
    return changed_rules(name, **changes)


def house(name: str = "three-card-poker", **changes) -> ThreeCardRules:
    """A shipped ruleset played against an unlimited house bank for 12 rounds."""
    return rules(name, **{**HOUSE, **changes})


class Table:
    """Players A, B, C... and a stacked deck for each round."""

    def __init__(self, players: int = 2, rules_: ThreeCardRules | None = None, stacks=None, dealer: int = 0):
        self.rules = rules_ if rules_ is not None else house()
        self.game = ThreeCardPoker(self.rules)
        self.names = NAMES[:players]
        self.state = TcpState()
        self.events: list = []
        self.box_cards: list = []
        self._run(cmd.SitDown(self.names, tuple(stacks or [100] * players), dealer))

    def _run(self, command):
        new = self.game.handle(self.state, command)
        self.events += new
        return new

    def seat(self, who: str) -> int:
        return self.names.index(who)

    def start(self, dealer: str = "", *boxes: str):
        """Start a round whose boxes get ``boxes`` and whose dealer gets ``dealer``."""
        self.box_cards = [parse_cards(b) for b in boxes]
        return self._run(cmd.StartRound(stacked_deck(self.box_cards, parse_cards(dealer))))

    @staticmethod
    def _box(spec) -> cmd.BoxBet:
        if isinstance(spec, int):
            return cmd.BoxBet(ante=spec)
        return cmd.BoxBet(*spec)

    def bets(self, who: str, *boxes) -> cmd.PlaceBets:
        return cmd.PlaceBets(self.seat(who), tuple(self._box(b) for b in boxes))

    def bet(self, who: str, *boxes):
        """``bet("A", 1)``: one box with ante 1; ``bet("A", (1, 2))``: ante 1 and Pair Plus 2;
        ``bet("A", 1, 1)``: two boxes; ``bet("A")``: sit the round out."""
        new = self._run(self.bets(who, *boxes))
        if self.box_cards and self.state.phase != "betting" and self.state.boxes:
            assert len(self.state.boxes) == len(self.box_cards), "stack as many boxes as are bet"
        return new

    def decision(self, who: str, action: str, box: int | None = None):
        box = self.state.box_to_act if box is None else box
        return (cmd.Play if action == "play" else cmd.Fold)(self.seat(who), box)

    def do(self, *texts: str):
        """Decisions like ``"A play"``, ``"B fold"``."""
        new = []
        for text in texts:
            who, action = text.split()
            new += self._run(self.decision(who, action))
        return new

    def refused(self, command) -> str:
        """The reason ``command`` is refused; asserts that nothing changed."""
        before = self.state.copy()
        try:
            self.game.handle(self.state, command)
        except IllegalAction as exc:
            assert self.state == before, "a refused command changed the state"
            return str(exc)
        raise AssertionError(f"{command} was allowed")

    def result(self, box: int = 0) -> dict[str, int]:
        r = self.state.boxes[box].result
        assert r is not None, "the box is not settled"
        return {name: n for name, n in zip(BET_NAMES, r, strict=False) if n}

    def stacks(self) -> dict[str, int]:
        return dict(zip(self.names, self.state.stacks, strict=False))

    def of(self, kind) -> list:
        return [e for e in self.events if isinstance(e, kind)]

    @property
    def legal(self):
        return self.game.legal_actions(self.state)

    def replayed(self) -> TcpState:
        return replay(self.events)


def one_box(dealer: str, cards: str, box=1, action: str = "play", rules_=None) -> Table:
    """A plays one box against the dealer; returns the settled table."""
    t = Table(1, rules_)
    t.start(dealer, cards)
    t.bet("A", box)
    if t.state.phase == "deciding":
        t.do(f"A {action}")
    return t


# ---------------------------------------------------------------- the round


def test_a_round_bets_deals_decides_reveals_and_settles_in_order():
    t = Table(3)
    t.start("Ah Jc 8s", "7s 7d Kc", "Jh 8h 4d", "2c 3c 4c")
    assert t.state.phase == "betting" and t.state.to_act == 0
    t.bet("A", (1, 1))
    t.bet("B", 2)
    assert t.state.phase == "betting" and t.state.to_act == 2
    t.bet("C", (1, 1, 1, 1))
    assert [e.cards for e in t.of(ev.BoxDealt)] == t.box_cards  # three each, in box order
    assert t.state.dealer_cards == ()  # the dealer's cards stay hidden until the reveal
    assert t.state.phase == "deciding" and t.state.to_act == 0 and t.state.box_to_act == 0
    t.do("A play", "B fold")
    assert t.of(ev.DealerRevealed) == []
    t.do("C play")
    assert t.of(ev.DealerRevealed) == [ev.DealerRevealed(parse_cards("Ah Jc 8s"), True)]
    assert t.state.phase == "between_deals"
    assert t.result(0) == {"ante": 1, "play": 1, "pair_plus": 1}
    assert t.result(1) == {"ante": -2}
    assert t.result(2) == {"ante": 1, "play": 1, "ante_bonus": 5, "pair_plus": 40, "prime": 3, "six_card": -1}
    assert t.stacks() == {"A": 103, "B": 98, "C": 149}
    assert t.of(ev.RoundClosed)[-1].bank_net == -50


def test_seeds_000_worked_example_pair_beats_ace_high_both_bets_win():
    t = one_box("Ah Jc 8s", "7s 7d Kc")
    assert t.result() == {"ante": 1, "play": 1}
    assert t.state.stacks == [102]  # 2 staked, 4 back: the stakes plus 2 winnings


def test_seeds_000_worked_example_dealer_jack_high_does_not_qualify():
    t = one_box("Jd 8c 4h", "7s 7d Kc")
    assert t.of(ev.DealerRevealed)[0].qualifies is False
    assert t.result() == {"ante": 1}  # the play bet is returned
    assert t.state.stacks == [101]  # 2 staked, 3 back


@pytest.mark.parametrize("dealer, qualifies", [("Jh 8h 3s", False), ("Qh 8h 3s", True)])
def test_seeds_001_worked_example_king_high(dealer, qualifies):
    t = one_box(dealer, "Ks 9d 5c")
    assert t.of(ev.DealerRevealed)[0].qualifies is qualifies
    assert t.result() == ({"ante": 1, "play": 1} if qualifies else {"ante": 1})


@pytest.mark.parametrize(
    "dealer, cards, expected",
    [
        ("Jd 8c 4h", "7s 7d Kc", {"ante": 2}),  # dealer does not qualify: ante 1:1, play back
        ("Ah Jc 8s", "7s 7d Kc", {"ante": 2, "play": 2}),  # qualifies, player better: both win
        ("Ks 9h 5d", "Kh 9d 5c", {}),  # qualifies, tie: both returned
        ("7h 7c 2d", "Kh 9d 5c", {"ante": -2, "play": -2}),  # qualifies, dealer better: both lost
        ("Qc 3d 2h", "Jh 9d 8s", {"ante": -2, "play": -2}),  # Q-3-2 is the weakest qualifier
        ("2h 2c 3d", "Ah Kd Jc", {"ante": -2, "play": -2}),  # any pair qualifies
    ],
)
def test_settlement_table(dealer, cards, expected):
    assert one_box(dealer, cards, box=2).result() == expected


def test_a_fold_loses_the_ante_only():
    t = one_box("7h 7c 2d", "Kh 9d 5c", box=3, action="fold")
    assert t.result() == {"ante": -3}
    assert t.state.stacks == [97]
    assert t.state.boxes[0].play == 0


@pytest.mark.parametrize(
    "dealer, cards, expected",
    [
        ("Ah Jc 8s", "4h 5d 6c", {"ante": 1, "play": 1, "ante_bonus": 1}),  # straight 1:1
        ("9s 9d 9c", "4h 5d 6c", {"ante": -1, "play": -1, "ante_bonus": 1}),  # paid though the dealer wins
        ("Jd 8c 4h", "5h 5d 5c", {"ante": 1, "ante_bonus": 4}),  # trips 4:1, dealer not qualifying
        ("Ah Jc 8s", "4h 5h 6h", {"ante": 1, "play": 1, "ante_bonus": 5}),  # straight flush 5:1
        ("Ah Jc 8s", "2h 7h Kh", {"ante": 1, "play": 1}),  # a flush earns no bonus
    ],
)
def test_ante_bonus_is_paid_to_a_player_who_plays_whatever_the_dealer_holds(dealer, cards, expected):
    assert one_box(dealer, cards).result() == expected


def test_no_ante_bonus_after_a_fold_or_without_a_bonus_table():
    assert one_box("Ah Jc 8s", "4h 5h 6h", action="fold").result() == {"ante": -1}
    assert one_box("Ah Jc 8s", "4h 5h 6h", rules_=house("three-card-poker-ru")).result() == {"ante": 1, "play": 1}


def test_play_multiple_two():
    t = Table(1, house(bets__play_multiple=2))
    t.start("Ah Jc 8s", "7s 7d Kc")
    t.bet("A", 3)
    assert t.legal.play_amount == 6
    t.do("A play")
    assert t.result() == {"ante": 3, "play": 6}
    assert t.of(ev.PlayBetPlaced) == [ev.PlayBetPlaced(0, 0, 6)]


@pytest.mark.parametrize(
    "qualifier, dealer, qualifies",
    [
        ("pair", "Ah Kd Js", False),
        ("pair", "2h 2c 3d", True),
        ("king_high", "Qh Jc 9s", False),
        ("king_high", "Kh 3c 2s", True),
        ("jack_high", "Jh 3c 2s", True),
        ("ace_high", "Kh Qc 9s", False),
        ("any", "5h 3c 2s", True),
    ],
)
def test_the_dealer_qualifier_is_a_house_setting(qualifier, dealer, qualifies):
    t = one_box(dealer, "As Ad Kc", rules_=house(bets__dealer_qualifier=qualifier))
    assert t.of(ev.DealerRevealed)[0].qualifies is qualifies
    assert t.result() == ({"ante": 1, "play": 1} if qualifies else {"ante": 1})


# ---------------------------------------------------------------- Pair Plus


@pytest.mark.parametrize(
    "cards, pays",
    [
        ("7s 7d Kc", 1),
        ("2h 7h Kh", 4),
        ("4h 5d 6c", 6),
        ("5h 5d 5c", 30),
        ("4h 5h 6h", 40),
        ("Kh 9d 5c", -1),
    ],
)
def test_pair_plus_pays_on_the_players_own_cards(cards, pays):
    t = one_box("Ah Jc 8s", cards, box=(1, 2))
    assert t.result()["pair_plus"] == 2 * pays


def test_pair_plus_is_independent_of_the_dealer():
    assert one_box("Ac Ad 8s", "7s 7d Kc", box=(1, 3)).result() == {"ante": -1, "play": -1, "pair_plus": 3}


# The same round under each source's ruleset: A holds a flush, bets ante 1
# and Pair Plus 1, and folds.
@pytest.mark.parametrize(
    "ruleset, pair_plus",
    [
        ("three-card-poker-no", 4),  # flush 4:1, paid after a fold
        ("three-card-poker-sv", 3),  # flush 3:1, paid
        ("three-card-poker-ro", -1),  # folding forfeits the Pair Plus
        ("three-card-poker-ru", 4),  # 1-4-6-30-40, paid even if the ante loses
    ],
)
def test_pair_plus_after_a_fold_by_source(ruleset, pair_plus):
    t = one_box("Ah Jc 8s", "2h 7h Kh", box=(1, 1), action="fold", rules_=house(ruleset))
    assert t.result() == {"ante": -1, "pair_plus": pair_plus}


@pytest.mark.parametrize(
    "ruleset, a_folds_a_flush, b_plays_a_straight",
    [
        ("three-card-poker", {"ante": -1, "pair_plus": 4}, {"ante": 1, "play": 1, "ante_bonus": 1, "pair_plus": 6}),
        ("three-card-poker-no", {"ante": -1, "pair_plus": 4}, {"ante": 1, "play": 1, "ante_bonus": 1, "pair_plus": 6}),
        ("three-card-poker-sv", {"ante": -1, "pair_plus": 3}, {"ante": 1, "play": 1, "ante_bonus": 1, "pair_plus": 6}),
        ("three-card-poker-ro", {"ante": -1, "pair_plus": -1}, {"ante": 1, "play": 1, "ante_bonus": 1, "pair_plus": 6}),
        ("three-card-poker-ru", {"ante": -1, "pair_plus": 4}, {"ante": 1, "play": 1, "pair_plus": 6}),
    ],
)
def test_one_round_under_each_sources_rules(ruleset, a_folds_a_flush, b_plays_a_straight):
    t = Table(2, house(ruleset))
    t.start("Ah Jc 8s", "2h 7h Kh", "4h 5d 6c")
    t.bet("A", (1, 1))
    t.bet("B", (1, 1))
    t.do("A fold", "B play")
    assert (t.result(0), t.result(1)) == (a_folds_a_flush, b_plays_a_straight)


@pytest.mark.parametrize(
    "ruleset, allowed",
    [
        ("three-card-poker-no", True),
        ("three-card-poker-ro", True),
        ("three-card-poker-sv", False),
        ("three-card-poker-ru", False),
    ],
)
def test_pair_plus_alone_by_source(ruleset, allowed):
    t = Table(2, house(ruleset))
    t.start("Ah Jc 8s", "9d 9s 2h", "Kh 8d 5c")
    if not allowed:
        assert t.refused(t.bets("A", (0, 2))) == (
            "A cannot bet Pair Plus without an ante: these rules play Pair Plus only together with an ante"
        )
        return
    t.bet("A", (0, 2))
    t.bet("B", 1)
    assert t.state.box_to_act == 1 and t.state.to_act == 1  # no decision for Pair Plus alone
    t.do("B play")
    assert t.result(0) == {"pair_plus": 2}


def test_pair_plus_alone_everywhere_settles_at_once():
    t = Table(1, house("three-card-poker-no"))
    t.start("Ah Jc 8s", "2h 7h Kh")
    t.bet("A", (0, 1))
    assert t.state.phase == "between_deals"
    assert t.result() == {"pair_plus": 4}


def test_the_home_variant_offers_no_pair_plus_and_no_bonus():
    t = Table(1, house("three-card-poker-home"))
    t.start("Ah Jc 8s", "4h 5h 6h")
    assert t.refused(t.bets("A", (1, 1))) == "A cannot bet Pair Plus: these rules do not offer it"
    t.bet("A", 1)
    t.do("A play")
    assert t.result() == {"ante": 1, "play": 1}


def test_a_pair_plus_table_paying_high_card():
    table = {"straight_flush": 40, "three_of_a_kind": 20, "straight": 5, "flush": 4, "pair": 1, "high_card": 1}
    t = one_box("Ah Jc 8s", "Kh 9d 5c", box=(1, 1), rules_=house(pair_plus__paytable=table))
    assert t.result()["pair_plus"] == 1


# ---------------------------------------------------------------- several boxes


def test_several_boxes_each_its_own_hand_and_decision():
    t = Table(2, house("three-card-poker-ru"))
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh 9d 5c", "2h 7h Qh")
    t.bet("A", (1, 1), 2)
    assert t.state.boxes_of(0) == [0, 1]
    t.bet("B", 1)
    assert (t.state.to_act, t.state.box_to_act) == (0, 0)
    assert t.refused(t.decision("A", "play", 1)) == "A cannot play box 2 now: box 1 is to act"
    t.do("A play", "A fold", "B play")
    assert t.result(0) == {"ante": 1, "play": 1, "pair_plus": 1}
    assert t.result(1) == {"ante": -2}
    assert t.result(2) == {"ante": 1, "play": 1}
    assert t.stacks() == {"A": 101, "B": 102}


def test_one_box_per_player_where_the_source_says_nothing_of_more():
    t = Table(2, house("three-card-poker-no"))
    t.start()
    assert t.refused(t.bets("A", 1, 1)) == "A cannot play 2 boxes: these rules allow one box per player"


def test_several_boxes_leave_a_box_for_each_player_still_to_bet():
    t = Table(3, house("three-card-poker-ru"))
    t.start()
    assert t.legal.limits.boxes == 4
    assert t.refused(t.bets("A", 1, 1, 1, 1, 1)) == (
        "A cannot play 5 boxes: only 4 of the table's 6 are left, keeping one for each player still to bet"
    )
    t.bet("A", 1, 1, 1, 1)
    assert t.legal.limits.boxes == 1


# ---------------------------------------------------------------- Prime and the Six Card Bonus


@pytest.mark.parametrize(
    "dealer, colour_rule, pays",
    [
        ("As Jc 8s", "same_as_player", 3),  # dealer all black, player all red
        ("As Jc 8s", "any", 4),  # ... either colour counts
        ("Ad Jh 8d", "same_as_player", 4),  # dealer all red too
        ("Ah Jc 8s", "any", 3),  # dealer mixed
    ],
)
def test_prime(dealer, colour_rule, pays):
    t = one_box(dealer, "2h 7d Kh", box=(1, 0, 2), rules_=house(prime__dealer_colour=colour_rule))
    assert t.result()["prime"] == 2 * pays


def test_prime_loses_on_mixed_colours_and_is_settled_after_a_fold():
    assert one_box("Ah Jc 8s", "2h 7s Kh", box=(1, 0, 1)).result()["prime"] == -1
    assert one_box("Ah Jc 8s", "2h 7d 4h", box=(1, 0, 1), action="fold").result() == {"ante": -1, "prime": 3}


@pytest.mark.parametrize(
    "dealer, cards, pays",
    [
        ("Js Ts 2d", "As Ks Qs", 1000),  # royal flush
        ("6h 5h 2c", "9h 8h 7h", 200),  # straight flush
        ("9s 2c 3d", "9h 9d 9c", 100),  # four of a kind
        ("2s 2c 5d", "9h 9d 9c", 20),  # full house
        ("4h 9h Jc", "2h 7h Kh", 15),  # flush
        ("7s 8d Kc", "4h 5d 6c", 10),  # straight
        ("Ks 9d 2c", "5h 5d 5c", 7),  # three of a kind
        ("Ks 2d 3c", "7s 7d Kc", -1),  # two pair pays nothing
    ],
)
def test_six_card_bonus_on_the_best_five_of_six(dealer, cards, pays):
    assert one_box(dealer, cards, box=(1, 0, 0, 1)).result()["six_card"] == pays


def test_six_card_bonus_is_settled_after_a_fold():
    assert one_box("Ks 9d 2c", "5h 5d 5c", box=(1, 0, 0, 2), action="fold").result() == {"ante": -1, "six_card": 14}


def test_side_bets_not_offered_are_refused():
    t = Table(1, house("three-card-poker-no"))
    t.start()
    assert t.refused(t.bets("A", (1, 0, 1))) == "A cannot bet Prime: these rules do not offer it"
    assert t.refused(t.bets("A", (1, 0, 0, 1))) == "A cannot bet the Six Card Bonus: these rules do not offer it"


# ---------------------------------------------------------------- refusals


def test_bet_refusals_name_the_player_the_bet_and_why():
    t = Table(3, stacks=[100, 100, 20])
    t.start()
    r = t.refused
    assert r(t.bets("B", 1)) == "it is A's turn, not B's"
    assert r(t.bets("A", 11)) == "A cannot bet an ante of 11: the ante is 1 to 10 chips"
    assert r(t.bets("A", (1, 11))) == "A cannot bet 11 on Pair Plus: the most is 10"
    assert r(t.bets("A", (1, 0, 11))) == "A cannot bet 11 on Prime: the most is 10"
    assert r(t.bets("A", (1, 0, 0, 11))) == "A cannot bet 11 on the Six Card Bonus: the most is 10"
    assert r(t.bets("A", (0, 0, 1))) == "A cannot bet Prime without an ante: only Pair Plus may be played alone"
    assert r(t.bets("A", (0, 0, 0, 1))) == (
        "A cannot bet the Six Card Bonus without an ante: only Pair Plus may be played alone"
    )
    assert r(t.bets("A", (0, 1, 0, 1))) == (
        "A cannot bet the Six Card Bonus without an ante: only Pair Plus may be played alone"
    )
    assert r(t.bets("A", 0)) == "A cannot bet an empty box: a box needs an ante or a Pair Plus bet"
    assert r(t.bets("A", 1, 1)) == "A cannot play 2 boxes: these rules allow one box per player"
    assert r(cmd.PlaceBets(0, ((1, -1),))) == (
        "A's bets must be boxes of whole chips (ante, Pair Plus, Prime, Six Card Bonus), each 0 or more"
    )
    assert r(cmd.PlaceBets(0, "lots")) == (
        "A's bets must be boxes of whole chips (ante, Pair Plus, Prime, Six Card Bonus), each 0 or more"
    )
    assert r(cmd.PlaceBets(7, ())) == "there is no seat 7 at this table"
    assert r(t.decision("A", "play", 0)) == "A cannot play yet: the bets are still being placed"
    t.bet("A", 1)
    t.bet("B", 1)
    assert r(t.bets("C", (10, 1))) == (
        "C cannot cover these bets: with the Play bet they could need, they come to 21 chips and C has 20"
    )
    t.bet("C", (9, 1, 1))  # 9 + 9 (play) + 1 + 1 = 20


def test_decision_refusals():
    t = Table(2)
    t.start("Ah Jc 8s", "7s 7d Kc", "Kh 9d 5c")
    t.bet("A", 1)
    t.bet("B", 1)
    r = t.refused
    assert r(t.bets("A", 1)) == "A cannot place bets now: the cards are dealt"
    assert r(t.decision("B", "play", 1)) == "it is A's turn, not B's"
    assert r(t.decision("A", "play", 1)) == "box 2 is B's, not A's"
    assert r(t.decision("A", "fold", 5)) == "there is no box 5 in this round"
    assert r(cmd.Play(0, "first")) == "there is no box 'first' in this round"
    t.do("A play", "B fold")
    assert r(t.decision("A", "play", 0)) == "nobody is to act between rounds; start the next round"
    assert r(cmd.StartRound(t.state.deck[:51])) == "a round needs the whole 52-card deck, every card once"
    assert r(cmd.SitDown(("X", "Y"), (10, 10))) == "the session has already started"


def test_start_and_sit_down_refusals():
    game = ThreeCardPoker(house())
    s = TcpState()
    with pytest.raises(IllegalAction, match="^nobody has sat down yet$"):
        game.handle(s, cmd.StartRound(()))
    for command, message in [
        (cmd.SitDown((), ()), "these rules seat 1 to 5 players, not 0"),
        (cmd.SitDown(("A", "a"), (10, 10)), "two players have the same name"),
        (cmd.SitDown(("A", " "), (10, 10)), "every player needs a name"),
        (cmd.SitDown(("A", "B"), (10, 0)), "every player needs a stack of at least 1 chip"),
        (cmd.SitDown(("A", "B"), (10, 10), 2), "the first dealer must be one of the seats 0..1"),
        (cmd.PlaceBets(0, ()), "there is no seat 0 at this table"),
    ]:
        with pytest.raises(IllegalAction) as exc:
            game.handle(s, command)
        assert str(exc.value) == message
        assert s == TcpState()
    sv = ThreeCardPoker(house("three-card-poker-sv"))
    with pytest.raises(
        IllegalAction, match=r"^every player needs a stack of at least 2 chips \(the smallest ante and its Play bet\)$"
    ):
        sv.handle(TcpState(), cmd.SitDown(("A",), (1,)))
    rotating = ThreeCardPoker(rules("three-card-poker-no"))
    with pytest.raises(IllegalAction, match="^these rules seat 2 to 6 participants, the dealer included, not 1$"):
        rotating.handle(TcpState(), cmd.SitDown(("A",), (10,)))


def test_decide_leaves_the_state_alone():
    t = Table(1)
    t.start("Ah Jc 8s", "7s 7d Kc")
    before = t.state.copy()
    events = t.game.decide(t.state, t.bets("A", 1))
    assert t.state == before
    assert isinstance(events[0], ev.BetsPlaced) and isinstance(events[-1], ev.BoxDealt)


# ---------------------------------------------------------------- legal actions


def test_legal_actions_for_betting_give_the_limits():
    t = Table(2, stacks=[100, 30])
    t.start()
    legal = t.legal
    assert legal.seat == 0 and legal.phase == "betting" and legal.options == ("bet", "sit_out")
    assert legal.limits == (1, 10, 1, 10, True, 10, 10, 1, 100, None)
    assert legal.limits.pair_plus_alone is True and legal.limits.bank_can_cover is None


def test_legal_actions_for_the_decision_give_play_fold_amount_and_hint():
    t = Table(2)
    t.start("Ah Jc 8s", "Qh 6d 4c", "Qs 6c 3d")
    t.bet("A", 2)
    t.bet("B", 1)
    legal = t.legal
    assert (legal.seat, legal.box, legal.options, legal.play_amount, legal.hint) == (0, 0, ("play", "fold"), 2, "play")
    assert legal.cards == parse_cards("Qh 6d 4c")
    t.do("A fold")
    assert (t.legal.box, t.legal.hint) == (1, "fold")  # Q-6-3 is just below the line


def test_the_hint_follows_the_rules_not_a_fixed_line():
    # With the play bet twice the ante, Q-6-4 is no longer worth playing.
    t = Table(1, house(bets__play_multiple=2))
    t.start("Ah Jc 8s", "Qh 6d 4c")
    t.bet("A", 1)
    assert t.legal.hint == "fold"


def test_a_player_who_cannot_afford_a_bet_may_only_sit_out():
    # A rebuy of 1 chip is less than the smallest ante with its Play bet (2).
    r = house("three-card-poker-sv", session__when_broke="rebuy", session__rebuy_amount=1)
    t = Table(2, r, stacks=[2, 100])
    t.start("Ah Jc 8s", "Kh 9d 5c", "7s 7d Kc")
    t.bet("A", 1)
    t.bet("B", 1)
    t.do("A play", "B play")
    assert t.of(ev.RebuyTaken) == [ev.RebuyTaken(0, 1)]
    t.start()
    assert t.legal.options == ("sit_out",)
    assert t.refused(t.bets("A", 1)) == (
        "A cannot cover these bets: with the Play bet they could need, they come to 2 chips and A has 1"
    )
    t.bet("A")
    assert t.legal.seat == 1 and t.legal.options == ("bet", "sit_out")


def test_nobody_acts_between_rounds():
    t = Table(1)
    assert t.legal[:3] == (None, "between_deals", ())
    assert t.game.seat_range() == (1, 5)
    assert ThreeCardPoker(rules("three-card-poker-no")).seat_range() == (2, 6)


def test_sitting_a_round_out():
    t = Table(2)
    t.start("Ah Jc 8s", "7s 7d Kc")
    t.bet("A")
    t.bet("B", 1)
    assert [b.seat for b in t.state.boxes] == [1]
    t.do("B play")
    assert t.stacks() == {"A": 100, "B": 102}


def test_nobody_betting_ends_the_round_without_a_deal():
    t = Table(2)
    t.start()
    t.bet("A")
    t.bet("B")
    assert t.of(ev.BoxDealt) == [] and t.of(ev.DealerRevealed) == []
    assert t.state.phase == "between_deals" and t.of(ev.RoundClosed)[-1].bank_net == 0


def test_replaying_the_events_gives_the_same_state():
    t = Table(3)
    t.start("Ah Jc 8s", "7s 7d Kc", "Jh 8h 4d", "2c 3c 4c")
    t.bet("A", (1, 1))
    t.bet("B", 2)
    assert t.replayed() == t.state
    t.bet("C", (1, 1, 1, 1))
    t.do("A play", "B fold", "C play")
    assert t.replayed() == t.state


# ---------------------------------------------------------------- review findings


def test_prime_pay_of_zero_loses_like_any_zero_line():
    t = one_box("As Kc 3s", "2h 7d 9h", box=(1, 0, 2), rules_=house(prime__pays=0))
    assert t.result()["prime"] == -2


def test_a_royal_flush_pays_the_straight_flush_line_when_the_table_has_no_royal_line():
    table = {"straight_flush": 200, "four_of_a_kind": 100, "flush": 15}
    t = one_box("Jh Th 2c", "Ah Kh Qh", box=(1, 0, 0, 1), rules_=house(six_card_bonus__paytable=table))
    assert t.result()["six_card"] == 200


def test_ace_high_qualifier_counts_a_pair():
    t = one_box("Kh Kd 2c", "Qs 7d 3c", box=1, rules_=house(bets__dealer_qualifier="ace_high"))
    assert t.of(ev.DealerRevealed)[-1].qualifies is True
    assert t.result() == {"ante": -1, "play": -1}


def test_rotating_dealer_rounds_must_share_out_equally():
    r = rules("three-card-poker-no", session__deals=5)
    game = ThreeCardPoker(r)
    with pytest.raises(
        IllegalAction,
        match="5 rounds cannot be dealt equally by 3 dealers taking 1 round each; use a multiple of 3, or 'auto'",
    ):
        game.handle(TcpState(), cmd.SitDown(("A", "B", "C"), (40, 40, 40), 0))
    game.handle(TcpState(), cmd.SitDown(("A", "B", "C", "D", "E"), (40,) * 5, 0))  # 5 rounds, 5 dealers: fine


def test_a_broke_participant_stands_up_before_the_rotation_ends():
    r = rules("three-card-poker-no", session__when_broke="sit_out")
    t = Table(2, r, stacks=[40, 2], dealer=0)  # A deals first; B can lose everything
    t.start("As Ks Qd", "7h 5d 2c")
    t.bet("B", 1)
    t.do("B play")
    assert t.stacks()["B"] == 0
    assert t.of(ev.PlayerStoodUp) == [ev.PlayerStoodUp(1)]
    assert t.of(ev.TableClosed) == [ev.TableClosed("too_few_players")]
