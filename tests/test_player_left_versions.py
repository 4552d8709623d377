"""A leaver's share of a carried pot (docs/rules.md 6.5), and the histories
written before it: ``PlayerLeft`` version 2 says the leaver forfeits what
they paid into a carried pot (an early end shares it among those who
paid, not a newcomer in that seat). A version-1 line, written before,
reads as forfeiting too: the two differ only for a newcomer who sat down
in the leaver's seat before the pot was won or given back, and a leave
read otherwise than the engine makes it would stop every old history with
a leave from verifying or resuming (the engine, re-running the leave,
forfeits)."""

from __future__ import annotations

from drawpoker.engine.events import event_from_json, event_to_json
from drawpoker.games.draw.state import DrawState
from drawpoker.games.evening import PlayerLeft, left


def _state_with_a_carried_pot() -> DrawState:
    from drawpoker.games import game_for
    from drawpoker.rules import load_rules

    game = game_for(load_rules("jackpots"))
    s = game.new_state()
    game.handle(s, game.sit_down(("Anna", "Bjørn", "Cato"), (40, 40, 40), 0))
    s.carried_by = [3, 3, 3]
    return s


def test_a_new_leave_forfeits_and_is_written_as_version_2():
    event = PlayerLeft(1, "Bjørn", 37)
    assert event.forfeits is True
    data = event_to_json(event)
    assert data.get("v") == 2 and data["forfeits"] is True
    s = _state_with_a_carried_pot()
    left(s, event)
    assert s.carried_by == [3, 0, 3]


def test_a_leave_written_before_reads_as_the_engine_makes_it_today():
    old = {"e": "PlayerLeft", "seat": 1, "name": "Bjørn", "stack": 37}
    assert event_from_json(old) == PlayerLeft(1, "Bjørn", 37)


def _as_version_1(lines: list[str]) -> list[str]:
    """A history as a drawpoker before PlayerLeft version 2 wrote it: the header
    says version 1, and a leave has no ``forfeits``."""
    out = [lines[0].replace('"PlayerLeft":2', '"PlayerLeft":1')]
    assert out[0] != lines[0]
    for line in lines[1:]:
        out.append(line.replace(',"forfeits":true', "") if '"e":"PlayerLeft"' in line else line)
    return out


def test_a_history_written_before_version_2_with_leaves_verifies_and_resumes(tmp_path):
    # the upcaster read an old leave as keeping the share with the seat; the engine, re-running it,
    # forfeits: every history written before with a leave failed to verify and to resume at the leave
    from drawpoker.history.reader import HistoryReader
    from drawpoker.history.resume import resume_session
    from drawpoker.history.verify import verify_history
    from tests.evening_table import written
    from tests.history_tools import file_lines, rechain, write_lines
    from tests.mork_table import rules
    from tests.test_evening_rules import HANDS, won_by_first

    path = tmp_path / "new.jsonl"
    steps = (
        lambda t: t.deal(HANDS),
        lambda t: t.do("C leave"),  # a request during the deal: the leave is written at its end
        won_by_first,
        lambda t: t.join("D"),
        lambda t: t.deal({**HANDS, "D": HANDS["C"]}),
        won_by_first,
        lambda t: t.do("D leave"),  # between deals
    )
    t = written(path, rules(table__max_players=4), ("A", "B", "C"), steps)
    lines = file_lines(path)
    assert sum('"e":"PlayerLeft"' in line for line in lines) == 2
    old = write_lines(tmp_path, rechain(_as_version_1(lines)), name="old.jsonl")
    report = verify_history(HistoryReader(old))
    assert report.deals == 2 and report.names == ("A", "B", "")
    resumed = resume_session(old, durable=False)
    resumed.writer.close()
    assert resumed.state == t.state


def test_a_three_card_history_written_before_with_a_player_standing_up_resumes_into_a_copy_that_verifies(tmp_path):
    # a broke Three Card Poker player stands up as the round closes, in the same decision as its
    # RoundClosed; the copy an older history is continued in was chained a deal at a time cut at
    # the round's end, so the standing up opened the next command and the copy did not verify:
    # "the decision's events end here, but the engine produces PlayerStoodUp(seat=0) next"
    from drawpoker.cards import DECK, parse_cards
    from drawpoker.games import evening as E
    from drawpoker.games.three_card import commands as tc
    from drawpoker.games.three_card.stacking import stacked_deck
    from drawpoker.history.reader import HistoryReader
    from drawpoker.history.resume import resume_session
    from drawpoker.history.verify import verify_history
    from drawpoker.history.writer import HistoryWriter
    from tests.changed_rules import changed_rules
    from tests.evening_table import EveningTable
    from tests.history_tools import file_lines, rechain, write_lines

    def round_of(t: EveningTable, deck: tuple) -> None:
        t.handle(tc.StartRound(deck))
        while t.state.phase == "betting":
            t.handle(tc.PlaceBets(t.state.to_act, (tc.BoxBet(1),)))
        while t.state.phase == "deciding":
            t.handle(tc.Play(t.state.to_act, t.state.box_to_act))

    r = changed_rules("three-card-poker", dealer__mode="house_bank", dealer__bank=None, session__deals=10)
    t = EveningTable(r, names=("A", "B", "C"), stacks=[2, 40, 40])
    path = tmp_path / "new.jsonl"
    with HistoryWriter.create(path, r, ("A", "B", "C"), durable=False) as writer:
        writer.append(t.events)
        boxes = [parse_cards("2c 3d 5h"), parse_cards("2d 3c 5s"), parse_cards("4d 6c 8s")]
        for play in (lambda: round_of(t, stacked_deck(boxes, parse_cards("As Ks Qs"))), lambda: t.do("A leave")):
            before = len(t.events)
            play()
            writer.append(t.events[before:])
    assert "PlayerStoodUp" in {type(e).__name__ for e in t.events}
    old = write_lines(tmp_path, rechain(_as_version_1(file_lines(path))), name="old.jsonl")
    resumed = resume_session(old, durable=False)
    assert resumed.path != old  # (an older event version: a copy)
    before = len(t.events)
    t.game, t.state = resumed.game, resumed.state
    round_of(t, tuple(DECK))
    resumed.writer.append(t.events[before:])
    resumed.writer.append(t.game.handle(t.state, E.Join(0, "Dag", 40)))
    resumed.writer.close()
    report = verify_history(HistoryReader(resumed.path))
    assert report.deals == 2
