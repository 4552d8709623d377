"""A Three Card Poker dealer who leaves as the round ends takes the bank with
them: the round's end says what the bank held then, not the empty seat's 0
(seen at 80x24: "The bank loses 1 this round · Dealer Anna · bank 0" while
Anna left with 39 chips)."""

from __future__ import annotations

import pytest

from drawpoker.client.controller import DEAL_OVER
from drawpoker.client.screens import screen_text
from drawpoker.games import evening as E
from tests.test_client_table_menu import started, table


@pytest.mark.parametrize(("language", "said"), [("en", "Dealer Anna · bank {n}"), ("nb", "Giver Anna · bank {n}")])
def test_the_round_over_screen_shows_the_bank_the_leaving_dealer_took(tmp_path, language, said):
    ctl = started(table(tmp_path, language, ruleset="three-card-poker"))
    session = ctl.session
    dealer = session.state.dealer
    assert session.state.names[dealer] == "Anna"
    session.submit(E.Leave(dealer))
    while session.state.phase not in ("between_deals", "session_over"):
        session.submit(session.computer_command())
    ctl._advance()
    assert ctl.screen == DEAL_OVER
    left = [e for e in session.events if isinstance(e, E.PlayerLeft)]
    assert [e.name for e in left] == ["Anna"] and left[0].stack > 0
    screen = screen_text(ctl, 80, 24)
    assert said.format(n=left[0].stack) in screen, screen


def test_the_export_of_the_round_gives_the_stacks_as_history_lists_them(tmp_path):
    # seen: `drawpoker export` ended the round with "Stacks: Anna has 0, ..., Erik has 40" (the dealer who
    # left with 39 as 0, the newcomer who sat down as it ended as if they had played it); `drawpoker
    # history` listed "Anna has 39, Bjørn has 42, Cato has 39"
    import io

    from drawpoker.history.deals import iter_deals
    from drawpoker.history.export import export_text
    from drawpoker.history.reader import HistoryReader
    from drawpoker.words.i18n import translator

    ctl = started(table(tmp_path, "en", most=5, ruleset="three-card-poker"))
    session = ctl.session
    dealer = session.state.dealer
    session.submit(E.Join(3, "Erik", 40, "random"))
    session.submit(E.Leave(dealer))
    while session.state.phase not in ("between_deals", "session_over"):
        session.submit(session.computer_command())
    out = io.StringIO()
    export_text(HistoryReader(session.path), out, tr=translator("en"))
    deal = next(iter(iter_deals(HistoryReader(session.path))))
    listed = ", ".join(f"{name} has {chips}" for name, chips in deal.stacks_after.items())
    assert "Anna has 0" not in listed and "Erik" not in listed
    stacks = [line for line in out.getvalue().splitlines() if line.startswith("Stacks: ")]
    assert stacks[0] == "Stacks: " + listed


def test_the_replay_of_the_round_shows_the_dealer_who_left_and_the_bank_they_took(tmp_path):
    # seen: the replay's last step of the round said "Dealer  · bank 0" (no name) at the table's middle
    # and under the results
    from drawpoker.client.lines import plain
    from drawpoker.client.look import Look
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.words.i18n import translator
    from tests.history_tools import walk

    ctl = started(table(tmp_path, "en", most=5, ruleset="three-card-poker"))
    session = ctl.session
    session.submit(E.Leave(session.state.dealer))
    while session.state.phase not in ("between_deals", "session_over"):
        session.submit(session.computer_command())
    took = next(e for e in session.events if isinstance(e, E.PlayerLeft)).stack
    model = ReplayModel(session.path, translator("en"), Look())
    last = None
    for step in walk(model):
        if step.deal.number == 1:
            last = "\n".join(plain(line) for line in step.lines(80, 24))
    assert last is not None and "Dealer  ·" not in last
    assert last.count(f"Dealer Anna · bank {took}") == 2, last
