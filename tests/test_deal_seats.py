"""The seats of a deal as it was dealt and as its play ended, for the PHH
export and the deal listing: a player who leaves as the deal ends played it
(with the chips they took), a newcomer who sits down then did not, and a
player sitting out is not dealt in (found: the PHH export stopped with an
IndexError on any deal during which a newcomer asked to join, and gave a
leaver's seat no name and no chips)."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

from drawpoker.cards import DECK
from drawpoker.games import evening as E
from drawpoker.games import game_for
from drawpoker.games.draw import commands as cmd
from drawpoker.history.deals import iter_deals
from drawpoker.history.export import export_phh
from drawpoker.history.reader import HistoryReader
from drawpoker.history.writer import HistoryWriter
from tests.test_evening_history import evening_rules

NAMES = ("Anna", "Bjørn", "Cato")


def _evening(path: Path) -> tuple[int, ...]:
    """Deal 1: Cato asks to leave and Dag to join as it is played (Bjørn bets,
    the others fold); between the deals Anna sits out; deal 2 is played by
    Bjørn and Dag. Cato's stack as he left."""
    rules = evening_rules(deals=6)
    game = game_for(rules)
    state = game.new_state()
    taken: list[int] = []
    with HistoryWriter.create(path, rules, NAMES) as writer:

        def do(command: object) -> None:
            events = game.handle(state, command)
            taken.extend(e.stack for e in events if type(e).__name__ == "PlayerLeft")
            writer.append(events)

        def won() -> None:
            do(cmd.Bet(state.to_act))
            while state.phase == "betting" and state.to_act is not None:
                do(cmd.Fold(state.to_act))

        do(game.sit_down(NAMES, (40, 40, 40), 0))
        do(cmd.StartDeal(DECK))
        do(E.Leave(2))
        do(E.Join(3, "Dag", 40))
        won()
        do(E.SitOut(0))
        do(cmd.StartDeal(DECK))
        won()
    assert state.names == ("Anna", "Bjørn", "", "Dag") and state.away[0]
    return tuple(taken)


def _phh(path: Path) -> dict[str, dict[str, object]]:
    out = io.StringIO()
    assert export_phh(HistoryReader(path), out, None) == 2
    return tomllib.loads(out.getvalue())


def test_the_phh_export_seats_who_played_each_deal(tmp_path):
    path = tmp_path / "h.jsonl"
    (cato,) = _evening(path)
    hands = _phh(path)
    first, second = hands["1"], hands["2"]
    # deal 1: the three who were dealt in, Cato with the chips he took as he left; no Dag
    assert sorted(first["players"]) == ["Anna", "Bjørn", "Cato"]
    players = list(first["players"])
    assert first["finishing_stacks"][players.index("Cato")] == cato > 0
    assert sum(first["finishing_stacks"]) == sum(first["starting_stacks"])
    # deal 2: Anna sat out and Cato had gone: Bjørn and Dag
    assert sorted(second["players"]) == ["Bjørn", "Dag"]
    assert len(second["starting_stacks"]) == 2


def test_the_deal_listing_gives_the_stacks_of_those_who_played_it(tmp_path):
    path = tmp_path / "h.jsonl"
    (cato,) = _evening(path)
    for keep in (True, False):
        deals = list(iter_deals(HistoryReader(path), keep_states=keep))
        stacks = {name: chips for name, chips in deals[0].stacks_after.items() if name}
        assert set(stacks) == {"Anna", "Bjørn", "Cato"} and stacks["Cato"] == cato  # (was: no Cato, and Dag)
        assert "Cato" not in {name for name in deals[1].stacks_after if name}
