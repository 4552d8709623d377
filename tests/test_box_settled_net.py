"""A settled box's net is said once (``BoxSettled.results`` and ``.net``): the
table's log, the transcript, the deals `drawpoker history` lists and the
reducer read it there (four copies of the six-field sum and tuple before).
The ledger reads the plain JSON fields of the line (not the event) and sums
them itself: it must say the same."""

from __future__ import annotations

from drawpoker.engine.events import event_to_json
from drawpoker.games.three_card.events import BoxSettled
from drawpoker.games.three_card.state import BET_NAMES
from drawpoker.rules import load_rules
from drawpoker.session.evenings import play_evening


def test_results_follow_the_bets_order_and_net_is_their_sum():
    settled = BoxSettled(0, 1, -2, -2, 0, 9, 0, -1)
    assert dict(zip(BET_NAMES, settled.results, strict=True)) == {
        "ante": -2,
        "play": -2,
        "ante_bonus": 0,
        "pair_plus": 9,
        "prime": 0,
        "six_card": -1,
    }
    assert settled.net == 4
    # (properties are not fields: the history's line is what it was)
    assert event_to_json(settled) == {
        "e": "BoxSettled",
        "v": 1,
        "box": 0,
        "seat": 1,
        "ante": -2,
        "play": -2,
        "ante_bonus": 0,
        "pair_plus": 9,
        "prime": 0,
        "six_card": -1,
    }


def test_the_ledger_nets_a_box_from_its_plain_fields_as_the_event_does():
    from drawpoker.history.summary import _PLAIN
    from drawpoker.ledger import Ledger

    rules = load_rules("three-card-poker")
    events: list = []
    play_evening(rules, ("Anna", "Bjørn", "Cato"), 9, seed=4, sink=events.extend, changes=0.0, end_early=False)
    settled = [e for e in events if isinstance(e, BoxSettled)]
    assert settled
    for e in settled:
        ledger = Ledger()
        plain = _PLAIN[b"BoxSettled"](event_to_json(e))  # the line's fields, as the season's reader gives them
        ledger._box_settled(plain)
        assert ledger._won == {e.seat: e.net}
