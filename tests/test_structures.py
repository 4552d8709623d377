"""docs/rules.md 4.5 through the game, on stacked decks: pot limit, no limit,
blinds, a dealer's ante, no check-raise. Each test fails if its rule is
played any other way."""

from __future__ import annotations

import pytest

from drawpoker.games.draw import events as ev
from tests.mork_table import Table, rules

# Hands that never matter to the betting (A wins any showdown here).
H6 = ["As Ah Ad 7c 2s", "Ks Kh 9d 5c 3h", "Qs Qh 8d 4c 2d", "Js Jh 6d 3c 2h", "Ts Th 8c 4h 3d", "9s 9h 7d 5h 4d"]


def nl(**more):
    return rules(**{"betting__structure": "no_limit", "betting__ante": 0, "betting__blinds": (1, 2), **more})


def pl(**more):
    return rules(**{"betting__structure": "pot_limit", "betting__ante": 0, "betting__blinds": (1, 2), **more})


def table(n, r, stacks=None, button=0):
    return Table(H6[:n], stacks=stacks or [100] * n, button=button, rules_=r)


def test_blinds_left_of_the_button_round_one_starts_left_of_the_big_blind():
    t = table(4, nl())
    assert [(t.names[e.seat], e.blind, e.amount) for e in t.of(ev.BlindPosted)] == [("B", "small", 1), ("C", "big", 2)]
    assert t.to_act == "D" and t.legal.to_call == 2
    assert t.state.stacks == [100, 99, 98, 100] and t.state.pot_total() == 3


def test_blinds_go_in_before_the_cards():
    t = table(3, nl())
    kinds = [type(e) for e in t.events]
    assert kinds.index(ev.BlindPosted) < kinds.index(ev.CardsDealt) < kinds.index(ev.RoundStarted)


def test_heads_up_the_button_posts_the_small_blind_acts_first_then_last():
    t = table(2, nl(), button=1)
    assert [(t.names[e.seat], e.blind) for e in t.of(ev.BlindPosted)] == [("B", "small"), ("A", "big")]
    assert t.to_act == "B"
    t.do("B call", "A check", "A stand pat", "B stand pat")
    assert t.to_act == "A"  # after the draw the big blind, left of the button, starts


def test_the_big_blind_has_the_option_when_everyone_just_called():
    t = table(3, nl())
    t.do("A call", "B call")
    assert t.to_act == "C"
    assert [o.action for o in t.legal.options] == ["fold", "check", "raise"]
    assert t.legal.amounts.min_to == 4
    t.do("C raise to 6")
    assert t.to_act == "A" and t.legal.to_call == 4


def test_with_blinds_an_all_check_is_no_pass_out_and_later_rounds_start_left_of_the_button():
    t = table(3, nl())
    t.do("A call", "B call", "C check")
    assert not t.of(ev.DealCheckedThrough) and t.state.phase == "exchange"
    t.do("B stand pat", "C stand pat", "A stand pat")
    assert t.to_act == "B"


def test_a_blind_that_puts_a_player_all_in_and_the_full_big_blind_stands():
    t = table(3, nl(), stacks=[100, 100, 1])
    (big,) = [e for e in t.of(ev.BlindPosted) if e.blind == "big"]
    assert (t.names[big.seat], big.amount, big.level) == ("C", 1, 2)
    assert t.state.all_in(2)
    assert t.legal.to_call == 2  # the others call the full big blind
    t.do("A call", "B call")
    assert t.to_act is None or t.state.phase == "exchange"
    t.do("B stand pat", "C stand pat", "A stand pat", "B check", "A check")
    t.show_all()
    # C's one chip matched by two others: a main pot of 3; A and B's extra chips a side pot.
    assert [(amount, who) for amount, who, _ in t.pots()] == [(3, "ABC"), (2, "AB")]


def test_a_small_blind_short_of_its_amount_posts_what_it_has():
    t = table(3, nl(), stacks=[100, 1, 100])
    small = t.of(ev.BlindPosted)[0]
    assert (small.blind, small.amount) == ("small", 1) and t.state.all_in(1)
    t2 = table(3, rules(betting__structure="no_limit", betting__ante=0, betting__blinds=(5, 10)), stacks=[100, 3, 100])
    small = t2.of(ev.BlindPosted)[0]
    assert (small.amount, t2.state.stacks[1]) == (3, 0)


def test_pot_limit_the_most_is_the_pot_after_the_call_with_bets_on_the_table():
    t = table(4, pl())
    # D: the pot 3 + the call 2 = 5 more over the 2: raise to 7 at most.
    assert (t.legal.amounts.min_to, t.legal.amounts.max_to) == (4, 7)
    t.do("D raise to 7")
    # A: pot 3 + 7 = 10, call 7 -> 17, raise by 17 to 24.
    assert (t.legal.amounts.min_to, t.legal.amounts.max_to) == (12, 24)
    assert "A may raise to between 12 and 24 (the pot)" in t.refused("A raise to 25")
    t.do("A raise to 24")
    assert t.legal.amounts.max_to == 1 + (3 + 7 + 24 + 23) + 23  # B's blind, the pot after B's call, the raise


def test_no_limit_a_raise_is_at_least_the_largest_bet_or_raise_so_far():
    t = table(4, nl())
    t.do("D raise to 10")  # raises by 8
    assert t.legal.amounts.min_to == 18
    assert t.refused("A raise to 17") == "A may raise to between 18 and 100 (all in)"
    t.do("A raise to 30")  # raises by 20
    assert t.legal.amounts.min_to == 50


def test_no_limit_a_short_all_in_does_not_reopen_the_betting_for_those_who_acted():
    t = table(4, nl(), stacks=[100, 100, 100, 15])
    t.do("D raise to 10", "A call", "B call", "C call")
    t.do("B stand pat", "C stand pat", "D stand pat", "A stand pat")
    t.do("B bet 4", "C call", "D raise to 5")  # D all in for 1 more: short of a full raise of 4
    assert t.state.all_in(3)
    t.do("A call")
    assert t.to_act == "B"
    assert [o.action for o in t.legal.options] == ["fold", "call"]  # B bet, then only 1 more: not reopened
    assert "too small to reopen" in t.refused("B raise to 20")
    t.do("B call")
    assert t.to_act == "C"
    assert [o.action for o in t.legal.options] == ["fold", "call"]


def test_no_limit_short_all_ins_that_add_up_to_a_full_raise_reopen():
    t = table(4, nl(), stacks=[100, 100, 13, 14])
    t.do("D raise to 10", "A call", "B call", "C call")
    t.do("B stand pat", "C stand pat", "D stand pat", "A stand pat")
    t.do("B bet 2", "C raise to 3", "D raise to 4")  # two all-ins, 1 and 1 more: together 2, a full raise
    t.do("A call")
    assert t.to_act == "B" and "raise" in {o.action for o in t.legal.options}


def test_no_cap_in_no_limit():
    t = table(2, nl(), stacks=[1000, 1000])
    to = 2
    for _ in range(8):
        seat = t.to_act
        to *= 2
        t.do(f"{seat} raise to {to}")
    assert t.state.raises == 8 and t.to_act is not None


def test_fixed_limit_with_blinds_the_big_blind_is_the_first_bet_and_four_raises_cap_it():
    r = rules(betting__ante=0, betting__blinds=(1, 2), betting__small_bet=2, betting__big_bet=4)
    t = Table(H6[:4], stacks=[100] * 4, rules_=r)
    for who, to in (("D", 4), ("A", 6), ("B", 8), ("C", 10)):
        assert t.legal.option("raise").to == to
        t.do(f"{who} raise")
    assert t.legal.option("raise") is None and "capped" in t.refused("D raise")
    assert t.refused("D raise to 12").startswith("D cannot raise")


def test_fixed_limit_an_amount_other_than_the_fixed_one_is_refused():
    r = rules(betting__ante=0, betting__blinds=(1, 2), betting__small_bet=2, betting__big_bet=4)
    t = Table(H6[:3], stacks=[100] * 3, rules_=r)
    assert t.refused("A raise to 5") == "A may only raise to 4"
    t.do("A raise to 4")
    assert t.state.level == 4


def test_fixed_limit_blinds_must_be_the_small_bet():
    from drawpoker.rules.model import cross_check

    problems = [p for _, p in cross_check(rules(betting__blinds=(1, 3)))]
    assert any("must equal small_bet" in p for p in problems)
    assert any("must not be more than the big blind" in p for _, p in cross_check(nl(betting__blinds=(3, 2))))
    assert any("openers" in p for _, p in cross_check(nl(betting__opening="jacks_or_better")))


def test_without_check_raise_a_player_who_checked_may_only_call_or_fold():
    r = rules(betting__check_raise="not_allowed")
    t = Table(H6[:3], stacks=[40] * 3, rules_=r)
    t.do("B check", "C bet")
    assert t.to_act == "A"
    t.do("A call")
    assert t.to_act == "B" and [o.action for o in t.legal.options] == ["fold", "call"]
    assert t.refused("B raise") == "B checked this round and may not raise: call or fold"
    t.do("B call")
    # in the next round B may raise again
    t.do("B stand pat", "C stand pat", "A stand pat", "C bet")
    assert "raise" in {o.action for o in t.legal.options}


def test_without_check_raise_in_no_limit_too():
    t = table(3, nl(betting__check_raise="not_allowed"))
    t.do("A call", "B call", "C check", "B stand pat", "C stand pat", "A stand pat")
    t.do("B check", "C bet 4", "A call")
    assert t.refused("B raise to 20") == "B checked this round and may not raise: call or fold"


def test_a_dealers_ante_is_the_buttons_alone():
    r = rules(betting__ante=0, betting__dealer_ante=3)
    t = Table(H6[:3], stacks=[40] * 3, button=1, rules_=r)
    assert [(t.names[e.seat], e.amount) for e in t.of(ev.AntePosted)] == [("B", 3)]
    assert t.state.stacks == [40, 37, 40] and t.to_act == "C"


def test_blinds_with_an_ante():
    t = table(3, nl(betting__ante=1))
    assert [type(e).__name__ for e in t.events[2:7]] == ["AntePosted"] * 3 + ["BlindPosted"] * 2
    assert t.state.stacks == [99, 98, 97] and t.state.pot_total() == 6


def test_the_ante_can_take_the_big_blinds_last_chip():
    t = table(3, nl(betting__ante=1), stacks=[100, 100, 1])
    (big,) = [e for e in t.of(ev.BlindPosted) if e.blind == "big"]
    assert (big.amount, big.level) == (0, 2) and t.legal.to_call == 2


@pytest.mark.parametrize("make", [nl, pl])
def test_replay_equals_state_and_chips_are_kept(make):
    t = table(4, make())
    t.do("D raise to 7", "A call", "B fold", "C call")
    t.do("C stand pat", "D stand pat", "A stand pat", "C bet 2", "D raise to 9", "A call", "C fold")
    t.show_all()
    assert t.replayed() == t.state
    assert sum(t.state.stacks) == 400


# ---------------------------------------------------------------- whole sessions, histories, settle


@pytest.mark.parametrize("structure", ["fixed_limit", "pot_limit", "no_limit"])
@pytest.mark.parametrize("forced", ["blinds", "ante", "dealer_ante", "blinds_and_ante"])
def test_simulate_plays_every_structure_and_its_history_verifies(tmp_path, structure, forced):
    from drawpoker.history.reader import open_history
    from drawpoker.history.verify import replay_history, verify_history
    from drawpoker.history.writer import SessionLogs
    from drawpoker.session.simulate import simulate

    blinds = (1, 2) if "blinds" in forced else None
    r = rules(
        betting__structure=structure,
        betting__blinds=blinds,
        betting__ante=1 if "ante" in forced and forced != "dealer_ante" else 0,
        betting__dealer_ante=2 if forced == "dealer_ante" else 0,
        betting__small_bet=2,
        betting__big_bet=4,
        betting__check_raise="not_allowed" if structure == "pot_limit" else "allowed",
        session__deals=40,
    )
    logs = SessionLogs(tmp_path / "s.jsonl", r)
    try:
        result = simulate(r, 4, 80, 7, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    assert result.deals >= 80 and sum(result.net) == 0
    for path in logs.paths:
        report = verify_history(open_history(path))
        assert report.deals >= 1 and report.torn is None
        assert sum(replay_history(open_history(path)).stacks) == 4 * r.session.starting_stack
    events = "".join(p.read_text(encoding="utf-8") for p in logs.paths)
    if blinds:
        assert '"BlindPosted"' in events
    if structure != "fixed_limit":
        assert '"Raised"' in events


SETTLE = """\
game: morkpoker
rules: house.yaml
button: Anna
seats:
  - {name: Anna,  stack: 100, cards: "As Ad 7c 7d 2s"}
  - {name: Bjørn, stack: 30,  cards: "Kh Kd 9s 5c 3h"}
  - {name: Cato,  stack: 100, cards: "Qs Js Ts 4s 4d"}
actions:
"""


def _settle(tmp_path, capsys, structure, *actions, json=False):
    from drawpoker.cli.main import main

    (tmp_path / "house.yaml").write_text(
        f"extends: morkpoker\nbetting:\n  structure: {structure}\n  ante: 0\n  blinds: [1, 2]\n  small_bet: 2\n",
        encoding="utf-8",
    )
    path = tmp_path / "deal.yaml"
    path.write_text(SETTLE + "".join(f"  - {a}\n" for a in actions), encoding="utf-8")
    code = main(["settle", *(["--json"] if json else []), str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_settle_with_amounts(tmp_path, capsys):
    code, out = _settle(
        tmp_path,
        capsys,
        "no_limit",
        "Anna: raise to 6",
        "Bjørn: all in",
        "Cato: raise to 100",
        "Anna: call",
        "Bjørn: stand pat",
        "Cato: stand pat",
        "Anna: stand pat",
    )
    assert code == 0, out
    assert "Main pot: 90 chips, contested by Anna, Bjørn, Cato." in out
    assert "Side pot 1: 140 chips, contested by Anna, Cato." in out
    assert "Stacks after the deal: Anna 230, Bjørn 0, Cato 0." in out


def test_settle_json_keeps_its_keys(tmp_path, capsys):
    import json

    code, out = _settle(tmp_path, capsys, "pot_limit", "Anna: raise to 7", "Bjørn: fold", "Cato: fold", json=True)
    assert code == 0, out
    data = json.loads(out)
    assert set(data) == {"pots", "stacks", "hands", "carried_pot"}
    assert data["stacks"] == {"Anna": 103, "Bjørn": 29, "Cato": 98}


@pytest.mark.parametrize(
    "structure, action, message",
    [
        ("no_limit", "Anna: raise to 3", "Anna may raise to between 4 and 100 (all in)"),
        ("no_limit", "Anna: raise to 101", "Anna may raise to between 4 and 100 (all in)"),
        ("pot_limit", "Anna: raise to 8", "Anna may raise to between 4 and 7 (the pot)"),
        ("no_limit", "Anna: raise", "Anna may raise to between 4 and 100 (all in)"),
        ("no_limit", "Anna: bet 5", "Anna cannot bet: there is already a bet; call, raise or fold"),
        ("fixed_limit", "Anna: raise to 5", "Anna may only raise to 4"),
        ("no_limit", "Anna: raise to lots", "not an action"),
    ],
)
def test_settle_refuses_an_amount_out_of_range_in_one_sentence(tmp_path, capsys, structure, action, message):
    code, out = _settle(tmp_path, capsys, structure, action)
    assert code == 1 and message in out and "Traceback" not in out and len(out.strip().splitlines()) == 1


def test_settle_fixed_limit_keeps_the_words_and_accepts_the_fixed_amount(tmp_path, capsys):
    plain = _settle(tmp_path, capsys, "fixed_limit", "Anna: raise", "Bjørn: fold", "Cato: fold")
    named = _settle(tmp_path, capsys, "fixed_limit", "Anna: raise to 4", "Bjørn: fold", "Cato: fold")
    assert plain == named and plain[0] == 0
    assert "Anna 103" in plain[1]
