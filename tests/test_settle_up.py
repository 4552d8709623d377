"""The settle-up and money (docs/rules.md 6.3, 6.4): the payments add up to every
player's result exactly, never more than players - 1 of them, and as few as
possible -- the same number as a brute force over every way to split the
players finds, for up to seven players; a chip's value is money exact to
the smallest unit, or refused in one sentence; the ledger of an evening
counts every chip bought and cashed out."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawpoker.ledger import BANK, ledger_of
from drawpoker.money import MoneyProblem, parse_chip_value
from drawpoker.payments import fewest_payments, settle_up
from drawpoker.rules import load_rules
from drawpoker.session.evenings import play_evening


@st.composite
def results(draw, most: int = 7):
    """Results of up to ``most`` players that add up to nothing (some zero, some equal)."""
    n = draw(st.integers(1, most))
    values = draw(st.lists(st.integers(-60, 60), min_size=n - 1, max_size=n - 1))
    values.append(-sum(values))
    return {f"P{k}": v for k, v in enumerate(values)}


def partitions(items: list[int]):
    """Every way to split ``items`` into groups (Bell numbers: 877 for seven)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for split in partitions(rest):
        for k in range(len(split)):
            yield split[:k] + [[first, *split[k]]] + split[k + 1 :]
        yield [[first], *split]


def brute_fewest(values: list[int]) -> int:
    """The fewest payments by brute force: a group adding up to nothing settles
    in one payment fewer than its players, so the best split into such groups."""
    nonzero = [v for v in values if v]
    if not nonzero:
        return 0
    best = 1
    for split in partitions(list(range(len(nonzero)))):
        if all(sum(nonzero[i] for i in group) == 0 for group in split):
            best = max(best, len(split))
    return len(nonzero) - best


def check(res: dict[str, int], payments: list[tuple[str, str, int]]) -> None:
    settled = dict.fromkeys(res, 0)
    for payer, payee, amount in payments:
        assert amount > 0 and isinstance(amount, int) and payer != payee
        assert res[payer] < 0 < res[payee]  # losers pay winners
        settled[payer] -= amount
        settled[payee] += amount
    assert settled == res  # every result exactly
    assert len(payments) <= max(0, len(res) - 1)


@settings(max_examples=300, deadline=None)
@given(results())
def test_the_payments_add_up_exactly_and_are_the_fewest_possible(res):
    payments = settle_up(res)
    check(res, payments)
    assert len(payments) == brute_fewest(list(res.values())) == fewest_payments(list(res.values()))


@settings(max_examples=60, deadline=None)
@given(results(most=14))
def test_many_players_still_settle_exactly_in_at_most_players_less_one_payments(res):
    check(res, settle_up(res))


def test_groups_that_cancel_out_settle_among_themselves():
    # 3 + 4 payments with a greedy pairing across groups; 2 groups cancel on their own: 3 payments
    res = {"Anna": 50, "Bjørn": -50, "Cato": 30, "Dag": -10, "Eli": -20}
    payments = settle_up(res)
    assert payments == [("Bjørn", "Anna", 50), ("Eli", "Cato", 20), ("Dag", "Cato", 10)]
    assert brute_fewest(list(res.values())) == 3


def test_results_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError, match="add up to 1"):
        settle_up({"Anna": 1})


# ---------------------------------------------------------------- money


@pytest.mark.parametrize(
    ("text", "units", "shown"),
    [
        ("0.50 NOK", 50, "0.50 NOK"),
        ("0,5 nok", 50, "0.50 NOK"),
        (" 2  eur ", 200, "2.00 EUR"),
        ("100 JPY", 100, "100 JPY"),
        ("0.125 KWD", 125, "0.125 KWD"),
    ],
)
def test_a_chip_value_is_money_exact_to_the_smallest_unit(text, units, shown):
    value = parse_chip_value(text)
    assert value.units == units and value.dump() == shown
    assert value.text(value.of(-25)) == value.amount(-25 * units) + " " + value.currency


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("0.333 NOK", "an amount of NOK with at most 2 decimals (its smallest unit), like 0.50 NOK"),
        ("-1 NOK", "an amount of more than nothing and a currency, like 0.50 NOK"),
        ("0 NOK", "an amount of more than nothing and a currency, like 0.50 NOK"),
        ("0.5 JPY", "a whole amount of JPY, which has no smaller unit, like 100 JPY"),
        ("fifty", "an amount and a currency, like 0.50 NOK"),
    ],
)
def test_a_chip_value_that_is_not_money_is_refused_in_one_sentence(text, said):
    with pytest.raises(MoneyProblem) as caught:
        parse_chip_value(text)
    assert str(caught.value.note) == said


def test_a_ruleset_with_a_chip_value_that_is_not_money_is_refused_where_it_says_so(tmp_path):
    from drawpoker.errors import RulesError

    path = tmp_path / "ours.yaml"
    path.write_text("extends: morkpoker\nsession:\n  chip_value: 0.333 NOK\n", encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_rules(str(path))
    assert str(caught.value) == (
        f"{path}:3: session.chip_value: expected an amount of NOK with at most 2 decimals (its smallest unit), "
        "like 0.50 NOK or 'none', found '0.333 NOK'"
    )


# ---------------------------------------------------------------- the ledger


@pytest.mark.parametrize("ruleset", ["morkpoker", "no-limit-draw", "three-card-poker", "three-card-poker-home"])
@pytest.mark.parametrize("seed", range(4))
def test_the_ledger_counts_every_chip_bought_and_taken_away(ruleset, seed):
    rules = load_rules(ruleset)
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, when_broke="ask", add_on_limit=20))
    events: list = []
    state = play_evening(rules, ("Anna", "Bjørn", "Cato"), 25, seed, sink=events.extend, changes=0.3)
    ledger = ledger_of(events)
    parties = ledger.parties()
    assert sum(parties.values()) == 0
    assert (BANK in parties) == (rules.game == "three-card-poker" and rules.dealer.mode == "house_bank")
    at_table = {name: stack for name, stack in zip(state.names, state.stacks, strict=False) if name}
    assert {r.name: r.seated for r in ledger.results()} == {r.name: r.name in at_table for r in ledger.results()}
    for result in ledger.results():
        left = sum(e.stack for e in events if type(e).__name__ == "PlayerLeft" and e.name == result.name)
        assert result.cashed == left + at_table.get(result.name, 0)
    payments = settle_up(parties)
    check(parties, payments)
