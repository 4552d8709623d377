"""Dealer's choice: a passed-out deal is redealt in the same game until its
pot is won (docs/rules.md 4.6) -- under the next dealer, who does not choose it.

Found at the table (issue 24): Ada picked jackpots, nobody could open, and
the redeal under Bo was logged "Dealer's choice: Jackpots", as if Bo had
picked it. The redeal is now recorded as what it is (``GameKept``: nobody
chose), said so on the screen's log, in replay and in the export, in both
languages; an older history that recorded the redeal as chosen again is
read the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.controller import CHOOSE, Controller
from drawpoker.client.lines import plain
from drawpoker.client.log import deal_log
from drawpoker.client.look import Look
from drawpoker.client.replay.viewer import ReplayModel
from drawpoker.client.screens import screen_lines
from drawpoker.client.setup import SetupModel
from drawpoker.games.draw import commands as cmd
from drawpoker.games.draw import events as ev
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator
from tests.test_client_flows import ENTER, QUIT, SETUP_3, drive, starter

#: nobody holds jacks or better: the jackpots deal is passed out
NO_OPENERS = stacked_deck(
    {0: parse_cards("9c 9s 5c 4d 2h"), 1: parse_cards("Kh Qd 8s 6c 3h"), 2: parse_cards("Tc Td 7h 4s 2c")},
    button=0,
    seats=3,
)
REDEAL = stacked_deck(
    {0: parse_cards("Ah Ad 7c 4s 2d"), 1: parse_cards("3c 5d 9s 9h 6h"), 2: parse_cards("Kc Ks Jc Jd 4c")},
    button=1,
    seats=3,
)
WORDS = {
    "en": ("Dealer's choice: Jackpots", "No new choice: the passed-out pot is redealt in Jackpots."),
    "nb": ("Giverens valg: Jackpots", "Intet nytt valg: potten fra utdelingen uten innsats gis på nytt i Jackpots."),
}


@pytest.fixture
def rules(tmp_path: Path):
    (tmp_path / "dc.yaml").write_text(
        "extends: morkpoker\nsession:\n  deals: 4\n  dealers_choice: [morkpoker, jackpots]\n", encoding="utf-8"
    )
    return load_rules(str(tmp_path / "dc.yaml"))


def _screen(ctl: Controller) -> str:
    return "\n".join(plain(line) for line in screen_lines(ctl, 80, 24))


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_redeal_under_the_next_dealer_is_not_logged_as_that_dealers_choice(tmp_path, rules, lang):
    tr = translator(lang)
    path = tmp_path / "dc.jsonl"
    ctl = Controller(tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, path, (40,) * 3, NO_OPENERS, REDEAL))
    drive(ctl, SETUP_3 + "2" + QUIT)  # Ada deals and picks jackpots
    chosen, redealt = WORDS[lang]
    # Bo, Cy and Ada check (nobody holds openers): the deal is passed out
    drive(ctl, (ENTER + "k") * 3 + QUIT)
    session = ctl.session
    assert any(isinstance(e, ev.DealCheckedThrough) for e in session.events)
    drive(ctl, ENTER + QUIT)  # past the deal's end: Bo deals the redeal, and is not asked to choose
    assert ctl.screen != CHOOSE
    started = [e for e in session.events if isinstance(e, ev.DealStarted)]
    assert [e.button for e in started] == [0, 1]
    assert [e.game for e in session.events if isinstance(e, ev.GameChosen)] == ["jackpots"]  # Ada's only
    assert [e.game for e in session.events if isinstance(e, ev.GameKept)] == ["jackpots"]
    log = "\n".join(plain(line) for line in deal_log(session.game, session.chunks, tr, Look()))
    assert redealt in log and chosen not in log
    session.close()
    assert verify_history(open_history(path)).deals == 2


def test_simulated_redeals_verify_replay_and_export_in_words(tmp_path, rules, capsys):
    from drawpoker.cli.main import main

    log = tmp_path / "h.jsonl"
    assert (
        main(
            ["simulate", str(tmp_path / "dc.yaml"), "--players", "3", "--hands", "40", "--seed", "2", "--log", str(log)]
        )
        == 0
    )
    events = [e for _, e in open_history(log).events()]
    kept = [i for i, e in enumerate(events) if isinstance(e, ev.GameKept)]
    assert kept, "no deal was passed out in 40 deals"
    for i in kept:  # each follows a passed-out deal's end and comes before the redeal's start
        assert isinstance(events[i + 1], ev.DealStarted) and isinstance(events[i - 1], (ev.DealEnded,))
    assert verify_history(open_history(log)).torn is None
    assert verify_history(open_history(log), parts=2).torn is None  # from a checkpoint too
    for lang in ("en", "nb"):
        assert main(["export", str(log), "--lang", lang]) == 0
        out = capsys.readouterr().out
        # the games as the table names them (ev47: the export said the files' names, "jackpots", "morkpoker")
        assert out.count(WORDS[lang][1][:-1]) + out.count(WORDS[lang][1][:-1].replace("Jackpots", "Mørkpoker")) == len(
            kept
        )
        assert "jackpots\n" not in out and "morkpoker\n" not in out
    model = ReplayModel(log, translator("en"), Look())
    for index, deal in enumerate(model.deals):  # every deal replays to its recorded end, redeals too
        model.index, model.step = index, 1
        model.to_end()
        assert model.state == deal.after


def test_an_older_history_that_chose_the_redeal_again_reads_as_a_redeal(rules):
    """Before GameKept, the redeal was recorded as the same game chosen again."""
    game = DrawGame(rules)
    state = game.new_state()
    chunks = []
    for command in (
        cmd.SitDown(("Ada", "Bo", "Cy"), (40, 40, 40), 0),
        cmd.ChooseGame("jackpots"),
        cmd.StartDeal(NO_OPENERS),
        cmd.Check(1),
        cmd.Check(2),
        cmd.Check(0),
        cmd.ChooseGame("jackpots"),  # what drawpoker recorded before
        cmd.StartDeal(REDEAL),
    ):
        before = state.copy()
        chunks.append((before, game.handle(state, command)))
    for lang, (chosen, redealt) in WORDS.items():
        log = "\n".join(plain(line) for line in deal_log(game, chunks, translator(lang), Look()))
        assert log.count(chosen) == 1 and log.count(redealt) == 1
