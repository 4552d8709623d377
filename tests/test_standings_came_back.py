"""The last screen's standings for a player who left during the evening and
came back: seen at 80×24, "Cato  40  -  -1" -- the buy-in on coming back was
not in "Bought" (only rebuys and add-ons were) and the chips taken away on
leaving were nowhere, so the row did not add up to its result as every
other row does (chips less the first buy-in less what was bought after it).
Now "Bought" counts the buy-in on coming back, "Chips" what the player has
and took away, and a line says what those chips are."""

from __future__ import annotations

import pytest

from drawpoker.ledger import ledger_of
from drawpoker.money import parse_chip_value
from tests.test_client_table_menu import ENTER, press, started, table


def row(screen: str, name: str) -> list[str]:
    return next(line.split() for line in screen.splitlines() if line.split()[:1] == [name])


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Cato: {stack} at the table and {took} taken away on leaving."),
        ("nb", "Cato: {stack} ved bordet og {took} tatt med da hen gikk."),
    ],
)
def test_a_player_who_came_back_is_counted_with_both_buy_ins(tmp_path, language, said):
    ctl = started(table(tmp_path, language, chip_value=parse_chip_value("0.50 NOK")))
    # Cato leaves after deal 1, sits down again with 40 (a person), deal 2 is played, the evening ends
    screen = press(ctl, "tl3" + ENTER + "taCato" + ENTER + ENTER + "c" + ENTER + "tey" + ENTER)[-1]
    cato = next(r for r in ledger_of(ctl.session.events).results() if r.name == "Cato")
    assert cato.bought == 80 and cato.cashed != cato.stack  # (he took chips away, and bought again)
    chips, bought, result = row(screen, "Cato")[1:4]
    assert (int(chips), bought, int(result)) == (cato.cashed, "40", cato.net)
    assert int(chips) - 40 - int(bought) == int(result)  # as every other row: chips less 40 less bought
    for name in ("Anna", "Bjørn"):
        chips, bought, result = row(screen, name)[1:4]
        assert bought == "-" and int(chips) - 40 == int(result)
    took = cato.cashed - cato.stack
    assert said.format(stack=cato.stack, took=took) in " ".join(screen.split())
