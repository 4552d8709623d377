"""bench/simulate.py compares like with like (issue 29): its two drawpoker
drivers (through ``to_call`` and through ``legal_actions``) make the very
same decisions, and pokerkit's driver plays the same game to the same
points -- the decisions, showdowns and passed-out deals a deal agree
within a few per cent in each of the three games at 2, 3 and 6 players.
(An unopened five-card draw deal stops on pokerkit's side where Mørkpoker
passes it out; before, pokerkit played on to the draw in more than half of
the heads-up deals.) No timing here: speed is measured by the bench."""

from __future__ import annotations

import pytest

from tests.bench_tools import load_bench

pytest.importorskip("pokerkit")

SIM = load_bench("simulate.py", "_bench_simulate")
DEALS = 240


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("game", ["draw", "single", "triple"])
def test_both_drawpoker_drivers_make_the_same_decisions(game: str, players: int) -> None:
    spec = SIM.SPECS[game]
    quick = SIM.play_drawpoker_to_call(spec, DEALS, players, 5)
    menu = SIM.play_drawpoker_menu(spec, DEALS, players, 5)
    quick.pop("cpu_seconds")
    menu.pop("cpu_seconds")
    assert quick == menu
    assert quick["betting"] > DEALS and quick["showdowns"] > 0


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("game", ["draw", "single", "triple"])
def test_pokerkit_plays_the_same_deals_to_the_same_points(game: str, players: int) -> None:
    spec = SIM.SPECS[game]
    ours = SIM.play_drawpoker_to_call(spec, DEALS, players, 1)
    theirs = SIM.play_pokerkit(spec, DEALS, players, 1)
    assert ours["deals"] == theirs["deals"] == DEALS
    for key in ("betting", "draws"):  # decisions a deal
        a, b = ours[key] / DEALS, theirs[key] / DEALS
        assert abs(a - b) <= 0.08 * max(a, b) + 0.05, (key, a, b)
    for key in ("showdowns", "passed_out"):  # shares of the deals
        a, b = ours[key] / DEALS, theirs[key] / DEALS
        assert abs(a - b) <= 0.06, (key, a, b)
    if game == "draw":  # antes, no blinds: unopened deals are passed out on both sides
        assert ours["passed_out"] > 0 and theirs["passed_out"] > 0
    else:  # the big blind opens every deal
        assert ours["passed_out"] == theirs["passed_out"] == 0
    assert theirs["shows"] == 0 and ours["shows"] >= 2 * ours["showdowns"]  # pokerkit shows by itself


def test_the_output_names_both_sides_structure() -> None:
    row = SIM.play_pokerkit(SIM.SPECS["draw"], 20, 2, 0)
    text = SIM.per_deal(row)
    assert "decisions a deal" in text and "showdowns" in text and "passed out" in text
