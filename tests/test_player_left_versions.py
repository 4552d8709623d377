"""A leaver's share of a carried pot (docs/rules.md 6.5), and the histories
written before it: ``PlayerLeft`` version 2 says the leaver forfeits what
they paid into a carried pot (an early end shares it among those who
paid, not a newcomer in that seat); a version-1 line, written before,
reads as the seat keeping it, so an old history replays and verifies as it
was played."""

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


def test_a_leave_written_before_keeps_the_share_with_the_seat():
    old = {"e": "PlayerLeft", "seat": 1, "name": "Bjørn", "stack": 37}
    event = event_from_json(old)
    assert event == PlayerLeft(1, "Bjørn", 37, forfeits=False)
    s = _state_with_a_carried_pot()
    left(s, event)
    assert s.carried_by == [3, 3, 3]
