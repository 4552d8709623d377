"""What an evening with phones showed of the laptop alone (docs/rules.md
section 6): the message line that said again the log's last line, the
dealer's choice line lost from a resumed deal's log, and the hand words
in Norwegian. Through the real application (prompt_toolkit pipe input,
80x24) and the real controller; each test a second or two."""

from __future__ import annotations

import pytest

from drawpoker.client.controller import DEAL_OVER
from tests.test_client_table_menu import press, started, table


@pytest.mark.parametrize(
    ("language", "leaves"),
    [("en", "Bjørn leaves the table with {n} chips."), ("nb", "Bjørn forlater bordet med {n} sjetonger.")],
)
def test_what_the_table_menu_did_is_said_once_beside_the_log(tmp_path, language, leaves):
    """T, leave, Bjørn: "Bjørn leaves the table with 39 chips." stood twice
    at the foot of the screen, the log's last line and the message line under
    it. Said once now; a refusal (which the log does not hold) still shows."""
    ctl = started(table(tmp_path, language))
    assert ctl.screen == DEAL_OVER
    n = ctl.session.state.stacks[1]
    screens = press(ctl, "tl2")
    said = leaves.format(n=n)
    assert ctl.message == said  # (the message stays: a phone's line, the tests, the next key clear it)
    shown = screens[-1]
    assert shown.count(said) == 1, shown
    assert shown.rstrip().splitlines()[-1] == said  # the log's last line, at the foot
    screens = press(ctl, "x")  # a key that does nothing: said, the log holds nothing of it
    assert ctl.message is not None and ctl.message in " ".join(screens[-1].split())
    assert screens[-1].count(said) == 1


@pytest.mark.parametrize(("language", "line"), [("en", "Dealer's choice: "), ("nb", "Giverens valg: ")])
def test_a_resumed_deal_in_dealers_choice_keeps_the_choice_in_its_log(tmp_path, language, line):
    """The laptop dies in the middle of a deal of dealer's choice and the
    table goes on with ``--resume``: the log began at "— Deal 1: Anna deals —",
    the line "Dealer's choice: Mørkpoker" above it gone. Once, as before."""
    from drawpoker.client.controller import CHOOSE, Controller
    from drawpoker.client.launch import resume
    from drawpoker.client.lines import plain
    from drawpoker.client.log import deal_log
    from drawpoker.client.look import Look
    from drawpoker.client.screens import screen_text
    from drawpoker.words.i18n import translator

    ctl = table(tmp_path, language, computer=(False, False, False), ruleset="dealers-choice")
    ctl._advance()
    assert ctl.screen == CHOOSE
    ctl.choose_game(0)
    session = ctl.session

    def logged(s) -> list[str]:
        return [plain(x) for x in deal_log(s.game, s.chunks, translator(language), Look())]

    before = logged(session)
    assert sum(text.startswith(line) for text in before) == 1 and session.state.deal == 1
    session.close()
    again, _ = resume(str(tmp_path / "h.jsonl"), 3)
    try:
        assert logged(again) == before
        shown = Controller(translator(language), Look(), session=again, pause=0)
        shown._advance()
        shown.reveal()  # (Bjørn's hand-over: then his turn, the table and the log)
        assert shown.session.state.deal == 1
        assert screen_text(shown, 80, 24).count(line) == 1
    finally:
        again.close()


def test_norwegian_says_ett_par_wherever_a_pair_is_the_hand():
    """Bokmål counts a pair: "ett par" (as "to par", "tre like"); "et par"
    is also "a couple of". The catalogue said "ett par" in Mørkpoker's hand
    words but "et par sjuere" in deuce-to-seven and "et par knekter eller
    bedre" in the rules: one word now, wherever a pair is the hand."""
    import re

    from drawpoker.words.catalogue import read_catalogue

    said = [
        text
        for message in read_catalogue("nb")
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
    ]
    assert not [text for text in said if re.search(r"\b[Ee]t par\b", text)]
    assert any(text.startswith("ett par {ranks}") for text in said)


@pytest.mark.parametrize(
    ("cards", "ruleset", "said"),
    [
        ("7h 7d Ac Kh Qh", "deuce-to-seven-single-draw", "ett par sjuere, ess, konge, dame"),
        ("7h 7d Ac Kh Qh", "morkpoker", "ett par, sjuere, ess, konge, dame som sidekort"),
    ],
)
def test_a_pair_is_ett_par_in_every_game(capsys, cards, ruleset, said):
    from drawpoker.cli.main import main

    assert main(["hand", cards, "--rules", ruleset, "--lang", "nb"]) == 0
    assert capsys.readouterr().out.strip() == f"{cards}: {said}"


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_resumed_table_tells_the_last_deal_as_its_log_did(tmp_path, language):
    """Seen: after ``--resume`` the log of the deal played before the laptop
    died began with "Bjørn leaves the table with 39 chips.", said before that
    deal started; while it was played its log began at the deal's start (the
    deal before had said the leaving). Between deals, the leaving said after
    the last deal stays, as it stood."""
    from drawpoker.client.controller import Controller
    from drawpoker.client.launch import resume
    from drawpoker.client.lines import plain
    from drawpoker.client.log import deal_log
    from drawpoker.client.look import Look
    from drawpoker.words.i18n import translator

    def logged(s) -> list[str]:
        return [plain(x) for x in deal_log(s.game, s.chunks, translator(language), Look())]

    ctl = started(table(tmp_path, language))
    press(ctl, "tl2")  # Bjørn leaves after deal 1
    left = logged(ctl.session)
    assert ctl.session.state.deal == 1 and ("Bjørn" in left[-1]) and len(left) > 1

    def again_said() -> list[str]:
        ctl.session.close()
        resumed, _ = resume(str(tmp_path / "h.jsonl"), 3)
        try:
            return logged(resumed)
        finally:
            resumed.close()

    assert again_said() == left  # between deals: deal 1 and the leaving after it
    ctl = Controller(translator(language), Look(), session=resume(str(tmp_path / "h.jsonl"), 3)[0], pause=0)
    press(ctl, "\r")  # deal 2, the computer playing Anna and Cato to its end
    assert ctl.session.state.deal == 2
    played = logged(ctl.session)
    assert not any("Bjørn" in text for text in played), played
    assert again_said() == played
