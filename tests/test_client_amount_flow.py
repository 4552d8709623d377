"""The amount entry wired into the client (pot and no limit), driven by keys:
R opens it with the smallest raise, P jumps to the pot, digits type an
amount and a too-large one is explained on the spot, A goes all in, Enter
raises; the blinds are in the log and at the seats."""

from __future__ import annotations

import attrs

from drawpoker.client.controller import TURN, Controller
from drawpoker.client.draw import view
from drawpoker.client.look import Look
from drawpoker.client.setup import SetupModel
from drawpoker.games.draw import events as mev
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.test_client_flows import ENTER, MORK_DECK, QUIT, SETUP_3, drive, starter

BASE = load_rules("morkpoker")
NL = attrs.evolve(BASE, betting=attrs.evolve(BASE.betting, structure="no_limit", ante=0, blinds=(1, 2), small_bet=2))
BACKSPACE = "\x7f"


def _controller(tmp_path, lang="en"):
    tr = translator(lang)
    start = starter(NL, tmp_path / "nl.jsonl", (100, 100, 100), MORK_DECK)
    return Controller(tr, Look(), setup=SetupModel(NL, tr), start=start)


def test_the_amount_entry_raises_to_the_pot_then_all_in(tmp_path):
    ctl = _controller(tmp_path)
    keys = SETUP_3 + ENTER + "r" + "p" + ENTER  # Ada: the pot after her call is 5: raise to 7
    keys += ENTER + "r" + "999"  # Bo: too much, explained at once, nothing done
    drive(ctl, keys + QUIT)
    raised = [(e.seat, e.to) for e in ctl.session.events if isinstance(e, mev.Raised)]
    assert raised == [(0, 7)]
    assert ctl.screen == TURN and ctl.to_act == 1 and ctl.amount is not None
    assert ctl.message == "Bo may raise to between 12 and 100 (all in)."


def test_backspace_and_all_in(tmp_path):
    ctl = _controller(tmp_path)
    keys = SETUP_3 + ENTER + "r" + "p" + ENTER + ENTER + "r" + "999" + BACKSPACE * 3 + "a" + ENTER
    drive(ctl, keys + QUIT)
    raised = [(e.seat, e.to) for e in ctl.session.events if isinstance(e, mev.Raised)]
    assert raised == [(0, 7), (1, 100)] and ctl.session.state.stacks[1] == 0


def test_the_entry_shows_the_limits_and_the_pot_and_the_blinds_are_at_the_seats(tmp_path):
    ctl = _controller(tmp_path)
    drive(ctl, SETUP_3 + ENTER + "r" + QUIT)
    lines = ["".join(text for _, text in line) for line in view.amount_lines(ctl.amount, ctl.tr, ctl.look)]
    assert lines[0].startswith("raise to 4") and "smallest 4 · largest 100 · pot 3" in lines[0]
    assert "[P] pot" in lines[1] and "[A] all in" in lines[1]
    state = ctl.session.state
    seats = [
        "".join(text for _, text in line) for seat in range(3) for line in view.seat_box(state, seat, ctl.tr, ctl.look)
    ]
    assert any("SB" in line for line in seats) and any("BB" in line for line in seats)


def test_norwegian_amount_refusal(tmp_path):
    ctl = _controller(tmp_path, "nb")
    drive(ctl, SETUP_3 + ENTER + "r" + "999" + QUIT)
    assert ctl.message == "Ada kan høyne til mellom 4 og 100 (all-in)."


def test_the_dealer_is_asked_which_game_before_each_deal(tmp_path):
    from drawpoker.client.controller import CHOOSE
    from drawpoker.client.screens import screen_lines
    from drawpoker.rules.loading import load_rules as load

    (tmp_path / "nl.yaml").write_text("extends: morkpoker\nbetting: {structure: no_limit, ante: 0, blinds: [1, 2]}\n")
    (tmp_path / "dc.yaml").write_text("extends: morkpoker\nsession:\n  dealers_choice: [morkpoker, nl.yaml]\n")
    rules = load(str(tmp_path / "dc.yaml"))
    tr = translator("en")
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, tmp_path / "dc.jsonl", (40,) * 3, MORK_DECK)
    )
    drive(ctl, SETUP_3 + QUIT)
    assert ctl.screen == CHOOSE
    text = "\n".join("".join(t for _, t in line) for line in screen_lines(ctl, 100, 30))
    from drawpoker.rules.explain import game_name

    nl = f"[2] {game_name(dict(rules.variants)['nl.yaml'])}"  # the game in words (issue 24), not its file
    assert "Ada deals: dealer's choice. Which game?" in text and nl in text and "nl.yaml" not in text
    drive(
        ctl, "t" + QUIT
    )  # the table menu says why it does not open while the dealer chooses (not "at the end of a deal")
    assert ctl.screen == CHOOSE and ctl.menu is None
    assert ctl.message is not None and ctl.message.startswith("The dealer is choosing the next deal's game;")
    drive(ctl, "2" + QUIT)
    chosen = [e.game for e in ctl.session.events if isinstance(e, mev.GameChosen)]
    assert chosen == ["nl.yaml"] and any(isinstance(e, mev.BlindPosted) for e in ctl.session.events)


def test_the_table_and_the_log_say_no_limit_rather_than_a_fixed_bet(tmp_path):
    from drawpoker.client.screens import screen_lines

    for lang, centre, log in (
        ("en", "Round 1 · no limit · smallest bet 2", "Betting round 1, no limit, smallest bet 2."),
        ("nb", "Runde 1 · ingen grense · minste innsats 2", "Innsatsrunde 1, ingen grense, minste innsats 2."),
    ):
        (tmp_path / lang).mkdir()
        ctl = _controller(tmp_path / lang, lang)
        drive(ctl, SETUP_3 + ENTER + QUIT)
        screen = "\n".join("".join(text for _, text in line) for line in screen_lines(ctl, 80, 24))
        assert centre in screen and log in screen
        assert "raises left" not in screen and "høyninger igjen" not in screen
