"""PHH that pokerkit reads and replays (drawpoker.history.phh).

* Mørkpoker's export: pokerkit's ``HandHistory`` loads every field of it
  (the house rules land in its user-defined fields), but cannot replay a
  variant the standard does not define (``FH1D``). So the replay test
  registers ``FH1D`` with pokerkit as a game of its own -- fixed limit, high
  hands, five cards, one draw, no burn, bets 1 and 2, five bets a round --
  and lets pokerkit's parser and state machine replay the exported deals
  whose betting pokerkit plays like Mørkpoker (round 2 starting left of the
  button, no short all-in, no carried pot, no split with several odd chips),
  to the same finishing stacks.
* The standard variants (``N2L1D``, ``F2L3D``): deals pokerkit itself
  played (tests/pokerkit_oracle.py) are turned into drawpoker's events,
  written by :func:`deal_fields`, and replayed by pokerkit's own
  ``HandHistory``, unchanged, to pokerkit's finishing stacks.
* The draw order: every discard before any replacement, in the same order,
  which the old interleaved order breaks in pokerkit.
"""

import io
import tomllib
import warnings
from types import SimpleNamespace

import pytest
from pokerkit import (
    BettingStructure,
    Deck,
    HandHistory,
    Opening,
    Poker,
    StandardHighHand,
    Street,
)

from drawpoker.games.draw import events as ev
from drawpoker.history.deals import iter_deals
from drawpoker.history.phh import deal_fields, dumps, export_phh, phh_game
from drawpoker.history.reader import open_history
from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from tests.pokerkit_oracle import random_deals


class Morkpoker(Poker):
    """FH1D for pokerkit: Mørkpoker's deal as docs/rules.md section 2 plays it."""

    deck = Deck.STANDARD
    hand_types = (StandardHighHand,)
    betting_structure = BettingStructure.FIXED_LIMIT

    def __init__(self, automations, ante_trimming_status, raw_antes, raw_blinds_or_straddles, small_bet, big_bet, **kw):
        super().__init__(
            automations,
            (
                Street(False, (False,) * 5, 0, False, Opening.POSITION, small_bet, 5),
                Street(False, (), 0, True, Opening.POSITION, big_bet, 5),
            ),
            ante_trimming_status,
            raw_antes,
            raw_blinds_or_straddles,
            0,
            **kw,
        )


class WithFH1D(HandHistory):
    game_types = {**HandHistory.game_types, "FH1D": Morkpoker}
    required_field_names = {**HandHistory.required_field_names, "FH1D": HandHistory.required_field_names["F2L3D"]}


def final_stacks(hh):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about its own unknown burn cards
        *_, last = hh
    return list(last.stacks)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("phh")
    rules = load_rules("morkpoker")
    texts = []
    for seed in range(4):
        logs = SessionLogs(folder / f"s{seed}.jsonl", rules)
        try:
            simulate(rules, 3 + seed % 4, 40, seed, ("sensible", "random"), sink=logs.write, on_session=logs.start)
        finally:
            logs.close()
        for path in logs.paths:
            out = io.StringIO()
            export_phh(open_history(path), out, notice=io.StringIO(), reveal=True)
            texts.append((path, out.getvalue()))
    return texts


def test_pokerkit_loads_every_field_of_the_morkpoker_export_but_cannot_replay_fh1d(exported):
    path, text = exported[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an unexpected field would warn
        hands = list(HandHistory.loads_all(text))
    assert len(hands) == len(tomllib.loads(text)) > 10
    hh = hands[0]
    assert hh.variant == "FH1D" and hh.small_bet == 1 and hh.big_bet == 2 and hh.antes == [1] * len(hh.players)
    assert hh.user_defined_fields["_raise_cap"] == 4 and hh.user_defined_fields["_round_two_starter"] == "next_active"
    assert hh.actions[0].startswith("d dh p1 ")
    with pytest.raises(KeyError):
        hh.create_state()  # the standard has no code for five-card draw high


def plays_like_pokerkit(deal):
    """Is this Mørkpoker deal one pokerkit's fixed-limit rules play alike?"""
    events = deal.events
    names = [type(e).__name__ for e in events]
    if "DealCheckedThrough" in names or deal.before.carried:
        return False
    if any(isinstance(e, (ev.BetPlaced, ev.Raised)) and not e.full for e in events):
        return False  # pokerkit has no half-step rule
    if any(isinstance(e, ev.PotAwarded) and len(e.odd) > 1 for e in events):
        return False
    raises: dict[int, int] = {}
    current = 0
    for e in events:
        if isinstance(e, ev.RoundStarted):
            current = e.round
        elif isinstance(e, ev.Raised):
            raises[current] = raises.get(current, 0) + 1
    if any(n > 4 for n in raises.values()):
        return False  # heads-up the cap is lifted; pokerkit keeps it
    start = next(e for e in events if isinstance(e, ev.DealStarted))
    state = deal.before
    n = len(state.names)
    folded = set()
    for e in events:
        if isinstance(e, ev.Folded):
            folded.add(e.seat)
        if isinstance(e, ev.RoundStarted) and e.round == 2 and e.first is not None:
            in_deal = [not o and s > 0 for o, s in zip(state.out, state.stacks, strict=True)]
            seats = [(start.button + k) % n for k in range(1, n + 1)]
            # pokerkit starts round 2 left of the button, Mørkpoker with the opener
            live = [s for s in seats if in_deal[s] and s not in folded and deal_stack(events, state, s)]
            if e.first != live[0]:
                return False
    return True


def deal_stack(events, before, seat):
    """Chips ``seat`` has behind at the end of round 1."""
    left = before.stacks[seat]
    for e in events:
        if isinstance(e, ev.RoundStarted) and e.round == 2:
            break
        if getattr(e, "seat", None) == seat and isinstance(e, (ev.AntePosted, ev.BetPlaced, ev.Called, ev.Raised)):
            left -= e.amount
        elif getattr(e, "seat", None) == seat and isinstance(e, ev.BetReturned):
            left += e.amount
    return left


def test_pokerkit_replays_the_morkpoker_export_with_fh1d_registered(exported):
    replayed = 0
    total = 0
    for path, text in exported:
        hands = {hh.hand: hh for hh in WithFH1D.loads_all(text)}
        for deal in iter_deals(open_history(path)):
            if not deal.finished:
                continue
            total += 1
            if not plays_like_pokerkit(deal):
                continue
            hh = hands[deal.number]
            assert final_stacks(hh) == hh.finishing_stacks, deal.number
            replayed += 1
    assert replayed > 60 and total > 100, (replayed, total)


def test_every_discard_comes_before_any_replacement(exported):
    draws = 0
    for _, text in exported:
        for hand in tomllib.loads(text).values():
            actions = hand["actions"]
            discards = [i for i, a in enumerate(actions) if " sd" in a]
            if not discards:
                continue
            draws += 1
            replacements = [i for i, a in enumerate(actions) if a.startswith("d dh") and i > discards[0]]
            assert all(i > discards[-1] for i in replacements)
            assert replacements == list(range(discards[-1] + 1, discards[-1] + 1 + len(replacements)))
            who_discarded = [actions[i].split()[0] for i in discards if len(actions[i].split()) > 2]
            assert [actions[i].split()[2] for i in replacements] == who_discarded
    assert draws > 50


def test_the_old_interleaved_order_does_not_replay_in_pokerkit(exported):
    """The negative control: a discard followed at once by its replacement
    (the order before this module) is refused by pokerkit's replay."""
    for _, text in exported:
        for hh in WithFH1D.loads_all(text):
            discarded = [i for i, a in enumerate(hh.actions) if " sd " in a]
            if len(discarded) < 2:
                continue
            actions = list(hh.actions)
            first, last = discarded[0], discarded[-1]
            deal = next(i for i, a in enumerate(actions) if a.startswith("d dh") and i > last)
            actions.insert(first + 1, actions.pop(deal))  # the first player's replacements right after the discard
            hh.actions = actions
            with pytest.raises(ValueError, match="Unable to repair"):
                final_stacks(hh)
            return
    raise AssertionError("no deal with two exchanges")


def test_a_non_standard_variant_is_said_in_one_line(exported, capsys):
    path = exported[0][0]
    out = io.StringIO()
    assert export_phh(open_history(path), out, only=1) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "FH1D" in err and "pokerkit cannot replay it" in err
    assert out.getvalue().startswith("# drawpoker export of ")


# ---------------------------------------------------------------- the standard variants


def rules_like(deal):
    s = deal.setup
    fixed = s.structure == "fixed_limit"
    return SimpleNamespace(
        betting=SimpleNamespace(
            structure=s.structure,
            blinds=list(s.blinds),
            ante=s.ante,
            small_bet=s.small_bet,
            big_bet=s.big_bet if fixed else s.small_bet,
            raise_cap=3 if fixed else None,
            cap_lifted_heads_up=False,
            round_two_starter="left_of_button",
        ),
        draw=SimpleNamespace(exchanges=3 if fixed else 1, max_cards=5, stock_exhaustion="reshuffle_discards"),
        showdown=SimpleNamespace(ranking="deuce_to_seven", odd_chip="left_of_button"),
    )


def as_events(deal):
    """The deal as drawpoker's events (what the engine will record)."""
    n = len(deal.names)
    order = [(deal.button + k) % n for k in range(1, n + 1)]
    out = [ev.CardsDealt(seat, deal.hands[seat]) for seat in order]
    folded = set()
    street = draw = 0
    for act in deal.actions:
        if act.idle:
            continue
        if act.word in ("exchange", "stand pat"):
            if act.street != draw:
                draw = act.street
                out.append(ev.ExchangeStarted(tuple(s for s in order if s not in folded)))
            out.append(ev.CardsExchanged(act.seat, act.cards, act.drawn, None))
            continue
        if act.street != street:
            street = act.street
            out.append(ev.RoundStarted(street, 0, act.seat))
        if act.word == "fold":
            folded.add(act.seat)
            out.append(ev.Folded(act.seat))
        elif act.word == "check":
            out.append(ev.Checked(act.seat))
        elif act.word == "call":
            out.append(ev.Called(act.seat, 0))
        elif act.word == "bet":
            out.append(ev.BetPlaced(act.seat, act.to, True))
        else:
            out.append(ev.Raised(act.seat, 0, act.to, True))
    live = [s for s in order if s not in folded]
    if len(live) > 1:
        out.append(ev.ShowdownStarted(tuple(live)))
        out += [ev.HandShown(seat, deal.final_hands[seat]) for seat in live]
    return out


@pytest.mark.parametrize("variant", ["N2L1D", "F2L3D"])
def test_pokerkit_replays_its_own_deals_written_from_drawpokers_events(variant):
    replayed = 0
    for deal in random_deals(variant, 11, 120):
        if "stock_ran_out" in deal.flags:
            continue
        game = phh_game(rules_like(deal))
        assert game.variant == variant and game.standard
        fields, actions = deal_fields(
            game,
            1,
            deal.names,
            deal.button,
            deal.stacks,
            (True,) * len(deal.names),
            as_events(deal),
            deal.finishing_stacks,
        )
        text = dumps("1", fields, actions)
        (hh,) = HandHistory.loads_all(text)  # pokerkit's own, unchanged
        assert final_stacks(hh) == hh.finishing_stacks
        replayed += 1
    assert replayed > 90


def test_a_dealers_ante_is_the_buttons_and_reverses_heads_up():
    base = SimpleNamespace(betting=SimpleNamespace(ante=0, dealer_ante=5, small_bet=1, big_bet=2))
    game = phh_game(base)
    assert not game.standard and game.variant == "FH1D"
    names = ("A", "B", "C")
    fields, _ = deal_fields(game, 1, names, 0, (50, 50, 50), (True,) * 3, [], (50, 50, 50))
    assert fields["antes"] == [0, 0, 5] and fields["players"] == ["B", "C", "A"]
    assert fields["ante_trimming_status"] is False
    fields, _ = deal_fields(game, 1, names, 0, (50, 50, 50), (True, True, False), [], (50, 50, 50))
    assert fields["antes"] == [5, 0] and fields["players"] == ["B", "A"]  # PHH reverses antes heads-up


def test_names_and_comments_cannot_break_the_toml():
    game = phh_game(load_rules("morkpoker"))
    names = ('Evil"]\n[2]\nx = 1 #', "B\x1b[31m")
    cards = tuple(random_deals("N2L1D", 1, 1))[0].hands
    events = [ev.CardsDealt(1, cards[0]), ev.CardsDealt(0, cards[1]), ev.RoundStarted(1, 1, 1), ev.Folded(1)]
    fields, actions = deal_fields(game, 1, names, 0, (40, 40), (True, True), events, (40, 40))
    doc = tomllib.loads(dumps("1", fields, actions))
    assert list(doc) == ["1"] and doc["1"]["players"] == [names[1], names[0]]
    assert doc["1"]["actions"] == [
        "d dh p1 " + "".join(map(str, cards[0])),
        "d dh p2 " + "".join(map(str, cards[1])),
        "p1 f",
    ]


def test_a_hand_that_wins_unseen_at_the_showdown_is_written_so_pokerkit_awards_it():
    from tests.mork_table import Table

    t = Table(["As Ad 7c 7d 2s", "Kh Kd 9s 5c 3h", "Qs Js Ts 4s 4d"], stock="9h 9c 5s")
    t.do("B bet", "C call", "A call", "B stand pat", "C stand pat", "A stand pat", "B check", "C check", "A check")
    t.do("B muck", "C muck")  # A is the last hand not mucked: wins without showing
    fields, actions = deal_fields(
        phh_game(load_rules("morkpoker")), 1, t.names, 0, (40, 40, 40), (True,) * 3, t.events, t.state.stacks
    )
    assert [a for a, _ in actions][-3:] == [
        "p1 sm",
        "p2 sm",
        "p3 sm AsAd7c7d2s # wins unseen: everyone else mucked; not shown at the table",
    ]
    (hh,) = WithFH1D.loads_all(dumps("1", fields, actions))
    assert final_stacks(hh) == hh.finishing_stacks == [38, 38, 44]
