"""A chip value's three letters are a currency's code (ev47): "0.50 XYZ" was
taken, and the settle-up then said "Cato pays Anna 12.50 XYZ", two
decimals assumed. A code no currency has (ISO 4217) is refused by
`rules check` and the table in one sentence, as "0.50 kr" is, with the codes
it may be a slip for; a house's own unit ("chips", "øl") was never a chip
value (chips without money value need none), and what a history recorded
before still reads."""

from __future__ import annotations

import pytest

from drawpoker.money import CURRENCIES, MoneyProblem, parse_chip_value

XYZ = "an amount and a currency's three-letter code, like 0.50 NOK ('XYZ' is no currency's code)"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("0.50 XYZ", XYZ),
        ("0.50 xyz", XYZ.replace("'XYZ'", "'xyz'")),
        (
            "0.50 NKO",
            "an amount and a currency's three-letter code, like 0.50 NOK ('NKO' is no currency's code; NOK or NIO?)",
        ),
        ("1 XXX", "an amount and a currency's three-letter code, like 0.50 NOK ('XXX' is no currency's code)"),
    ],
)
def test_three_letters_that_are_no_currencys_code_are_refused(text, said):
    with pytest.raises(MoneyProblem) as caught:
        parse_chip_value(text)
    assert str(caught.value.note) == said


@pytest.mark.parametrize(("text", "shown"), [("0.50 NOK", "0.50 NOK"), ("100 jpy", "100 JPY"), ("0,5 eur", "0.50 EUR"),
                                             ("0.005 KWD", "0.005 KWD"), ("2 XPF", "2 XPF")])  # fmt: skip
def test_the_currencies_are_taken(text, shown):
    assert parse_chip_value(text).dump() == shown


def test_a_house_unit_was_never_a_chip_value():
    for text in ("0.50 chips", "1 øl", "2 beers"):
        with pytest.raises(MoneyProblem) as caught:
            parse_chip_value(text)
        assert str(caught.value.note) == "an amount and a currency, like 0.50 NOK"


def test_a_history_that_recorded_another_code_still_reads():
    from drawpoker.rules import load_rules, rules_from_data, rules_to_data

    data = rules_to_data(load_rules("morkpoker"))
    data["session"]["chip_value"] = "0.50 XYZ"
    assert rules_from_data(data).session.chip_value.dump() == "0.50 XYZ"
    assert {"NOK", "SEK", "DKK", "ISK", "EUR", "USD", "GBP", "JPY"} <= CURRENCIES and "XXX" not in CURRENCIES


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", f"session.chip_value: expected {XYZ} or 'none', found '0.50 XYZ'"),
        (
            "nb",
            "session.chip_value: ventet et beløp og valutaens kode på tre bokstaver, som 0.50 NOK ('XYZ' er ingen "
            "valutas kode) eller 'none', fant '0.50 XYZ'",
        ),
    ],
)
def test_rules_check_and_the_table_say_the_same_sentence(tmp_path, capsys, monkeypatch, language, said):
    from tests.test_settle_up import said_of_a_chip_value

    checked, played = said_of_a_chip_value(tmp_path, capsys, monkeypatch, "xyz.yaml", "0.50 XYZ", language)
    assert f"xyz.yaml:3: {said}" in checked
    assert f"xyz.yaml:3: {said}" in played


def test_the_schema_refuses_what_the_loader_refuses():
    import re

    from drawpoker.money import value_schema

    patterns = [re.compile(p["pattern"]) for p in value_schema()["anyOf"]]  # type: ignore[index, union-attr]
    for text, taken in (("0.50 XYZ", False), ("0.50 NOK", True), ("0.5 JPY", False), ("3 isk", True)):
        assert any(p.search(text) for p in patterns) is taken, text
