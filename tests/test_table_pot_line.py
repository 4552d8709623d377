"""The middle of the table at 80 columns with a seat at each side (five or
more players): the pot's line was cut ("Pot 20 (15 carried over) · bets
this …", seen in a dealer's choice evening at 80x24, ph45, a jackpots deal
redealt for its carried pot). Where the whole line does not fit, the
bets of the round go (each seat's box shows its own), the pot and what was
carried over stay whole."""

from __future__ import annotations

import pytest

from drawpoker.client.draw.view import centre_lines
from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.client.table import draw_table
from drawpoker.words.i18n import translator
from tests.mork_table import Table

HANDS = ["2c 3d 4h 5s 7c", "2d 3h 4s 5c 7d", "2h 3s 4c 5d 7h", "2s 3c 4d 5h 7s", "8c 9d Th Js Kc"]


@pytest.mark.parametrize(
    ("language", "pot"), [("en", "Pot {n} (15 carried over)"), ("nb", "Pott {n} (15 fra forrige utdeling)")]
)
@pytest.mark.parametrize("players", [5, 6])
def test_the_pot_and_the_carried_pot_stay_whole_beside_the_side_seats(language, pot, players):
    table = Table(HANDS[:players] if players == 5 else [*HANDS, "8d 9h Ts Jc Kd"], carried=15)
    table.do(f"{table.to_act} bet")
    state = table.state
    assert state.carried == 15 and any(state.bets)
    tr = translator(language)
    centre = centre_lines(state, table.game.legal_actions(state), tr, Look(unicode=False))
    boxes = [[[("", "x")], [], []] for _ in range(players)]
    lines = [plain(line) for line in draw_table(boxes, centre, 80)]
    pot = pot.format(n=15 + players)  # (the antes and the pot carried; the bet is in front of its seat)
    said = next(line for line in lines if pot.split()[0] in line)
    assert pot in said and "…" not in said and "..." not in said, said
