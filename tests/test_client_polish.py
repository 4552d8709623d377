"""Rough edges found by play-testing (issue 14), each through the real
screens: the dealer's choice menu speaks the player's language, and a
jackpots deal won without a showdown shows the opener's proof at the end of
the deal rather than claiming no card was shown."""

from __future__ import annotations

import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.controller import DEAL_OVER, Controller
from drawpoker.client.lines import plain
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_lines
from drawpoker.client.setup import SetupModel
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.rules import load_rules
from drawpoker.rules.explain import game_name
from drawpoker.words.i18n import translator
from tests.test_client_flows import ENTER, QUIT, SETUP_3, drive, starter


def _screen(ctl: Controller) -> str:
    return "\n".join(plain(line) for line in screen_lines(ctl, 80, 24))


CHOICE = load_rules("dealers-choice")
HANDS = ("9c 9s 5c 4d 2h", "Jh Jd 8c 6s 3d", "Kh Qd 8s 6c 3h")
DECK = stacked_deck({seat: parse_cards(h) for seat, h in enumerate(HANDS)}, button=0, seats=3)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_game_menu_describes_each_game_in_the_players_language(tmp_path, lang):
    tr = translator(lang)
    ctl = Controller(
        tr, Look(), setup=SetupModel(CHOICE, tr), start=starter(CHOICE, tmp_path / "dc.jsonl", (40,) * 3, DECK)
    )
    drive(ctl, SETUP_3 + QUIT)
    screen = " ".join(_screen(ctl).split())
    from drawpoker.rules.explain import variant_names

    for (name, game), words in zip(CHOICE.variants, variant_names(CHOICE, tr), strict=True):
        # the game in words (issue 24: never its file name), then what it is (the name once where the
        # description begins with it: "[2] Jackpots (jacks or better ...)")
        described = tr.p("ruleset", game.description)
        shown = described if described.startswith(words) else f"{words} {described}"
        assert f"] {shown}" in screen and f"] {name} " not in screen, name
    if lang == "nb":
        assert "Jackpots (knekter eller bedre for å åpne" in screen and "jacks or better" not in screen


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_game_whose_description_says_its_name_further_on_is_named_once(tmp_path, lang):
    """A dealer's choice of no-limit draw and progressive jackpots: the menu
    said "[1] Five-card draw  No-limit five-card draw (...)" and "[2] Jackpots
    Progressive jackpots (...)", the game twice; the rules' heading too
    ("Five-card draw: No-limit five-card draw (...)"). The description alone now."""
    from drawpoker.rules.explain import explain

    path = tmp_path / "choice.yaml"
    path.write_text(
        "extends: morkpoker\nsession:\n  starting_stack: 100\n  dealers_choice:\n"
        "    - no-limit-draw\n    - jackpots-progressive\n",
        encoding="utf-8",
    )
    rules = load_rules(str(path))
    tr = translator(lang)
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, tmp_path / "dc.jsonl", (100,) * 3, DECK)
    )
    drive(ctl, SETUP_3 + QUIT)
    screen = " ".join(_screen(ctl).split())
    for number, (_, game) in enumerate(rules.variants, 1):
        described = tr.p("ruleset", game.description)
        name = game_name(game, tr)
        assert f"[{number}] {described}" in screen, screen
        assert screen.casefold().count(name.casefold()) == 1, (name, screen)
        assert explain(game, tr).splitlines()[0] == described


@pytest.mark.parametrize(
    "lang, proof, note, none",
    [
        ("en", "Bo shows the openers: J♥ J♦", "(Only the openers were shown.)", "(No cards shown.)"),
        ("nb", "Bo viser åpningskortene: J♥ J♦", "(Bare åpningskortene ble vist.)", "(Ingen kort ble vist.)"),
    ],
)
def test_a_jackpots_pot_won_without_a_showdown_shows_the_proof(tmp_path, lang, proof, note, none):
    rules = load_rules("jackpots")
    tr = translator(lang)
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, tmp_path / "jp.jsonl", (40,) * 3, DECK)
    )
    drive(ctl, SETUP_3 + ENTER + "b" + ENTER + "f" + ENTER + "f" + QUIT)  # Bo opens, Cy and Ada fold
    assert ctl.screen == DEAL_OVER
    screen = _screen(ctl)
    summary = screen.split("─")[0]  # above the log
    assert proof in summary and note in summary and none not in screen


NOBODY = stacked_deck(
    {0: parse_cards("9c 9s 5c 4d 2h"), 1: parse_cards("Th Td 8c 6s 3d"), 2: parse_cards("Kh Qd 8s 6c 3h")},
    button=0,
    seats=3,
)


@pytest.mark.parametrize(
    "lang, said, not_said",
    [
        ("en", "Nobody opened: the pot of 3 stays for the next deal.", "Everyone checked"),
        ("nb", "Ingen åpnet: potten på 3 blir liggende til neste utdeling.", "Alle checket"),
    ],
)
def test_a_jackpots_deal_nobody_opens_says_so_at_the_end(tmp_path, lang, said, not_said):
    rules = load_rules("jackpots")
    tr = translator(lang)
    ctl = Controller(
        tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, tmp_path / "jp.jsonl", (40,) * 3, NOBODY)
    )
    drive(ctl, SETUP_3 + ENTER + "k" + ENTER + "k" + ENTER + "k" + QUIT)  # nobody holds jacks or better
    assert ctl.screen == DEAL_OVER
    summary = _screen(ctl).split("─")[0]
    assert said in summary and not_said not in summary


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_final_standings_keep_the_way_out_on_screen_under_the_chart(tmp_path, lang):
    from drawpoker.client.controller import SESSION_OVER
    from tests.changed_rules import changed_rules
    from tests.test_client_flows import EXCHANGE, MORK_DECK, ROUND_1, ROUND_2, SHOWDOWN

    rules = changed_rules("morkpoker", session__deals=1)
    tr = translator(lang)
    folder = tmp_path / ("a-folder-with-a-long-name-" * 2)
    folder.mkdir()
    path = folder / "2026-12-03_133854_morkpoker.jsonl"
    ctl = Controller(tr, Look(), setup=SetupModel(rules, tr), start=starter(rules, path, (4, 20, 20), MORK_DECK))
    drive(ctl, SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + SHOWDOWN + ENTER + QUIT)
    assert ctl.screen == SESSION_OVER
    lines = [plain(line) for line in screen_lines(ctl, 80, 24)]
    assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
    way_out = tr._("Press Enter to leave. Replay it with: drawpoker replay {path}").format(path=path)
    assert "".join(way_out.split()) in "".join("".join(lines).split())  # whole, however it is wrapped
    assert any("┤" in line for line in lines)  # the chart is still drawn, smaller


@pytest.mark.parametrize(
    "lang, raised, called",
    [
        ("en", "A raises to 20 (all-in).", "B calls 18 (all-in)."),
        ("nb", "A høyner til 20 (all-in).", "B syner 18 (all-in)."),
    ],
)
def test_the_log_says_all_in_inside_the_sentence(lang, raised, called):
    from drawpoker.client.log import deal_log
    from drawpoker.games.draw.state import DrawState
    from tests.mork_table import Table

    t = Table(["9c 9s 5c 4d 2h", "Kh Qd 8s 6c 3h"], stacks=[20, 20], rules_=load_rules("no-limit-draw"))
    t.do("A raise to 20", "B call")
    text = "\n".join(plain(line) for line in deal_log(t.game, [(DrawState(), t.events)], translator(lang), Look()))
    assert raised in text and called in text and ". (all-in)" not in text


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_replay_title_keeps_the_game_deal_and_step_at_80_columns(tmp_path, lang):
    from drawpoker.client.replay.viewer import ReplayModel
    from drawpoker.history.writer import SessionLogs
    from drawpoker.session.simulate import simulate
    from drawpoker.words.rules_text import draw_game_name

    logs = SessionLogs(tmp_path / "2026-12-03_133854_morkpoker.jsonl", CHOICE)
    try:
        simulate(CHOICE, 3, 3, 5, ("sensible",), sink=logs.write, on_session=logs.start)
    finally:
        logs.close()
    tr = translator(lang)
    model = ReplayModel(logs.paths[0], tr, Look())
    for index in range(len(list(model.deals))):
        model.index, model.step = index, 1
        title = plain(model.lines(80, 24)[0])
        assert len(title) <= 80 and not title.endswith("…"), title
        step = ("step 1 of {}" if lang == "en" else "steg 1 av {}").format(model.steps)
        assert title.endswith(step) and draw_game_name(model.deal_rules, tr) in title, title


@pytest.mark.parametrize("lang, said", [("en", "Dealer's choice: {}"), ("nb", "Giverens valg: {}")])
def test_the_deal_log_says_which_game_the_dealer_chose(tmp_path, lang, said):
    tr = translator(lang)
    second = stacked_deck({seat: parse_cards(h) for seat, h in enumerate(HANDS)}, button=1, seats=3)
    start = starter(CHOICE, tmp_path / "dc.jsonl", (40,) * 3, DECK, second)
    ctl = Controller(tr, Look(), setup=SetupModel(CHOICE, tr), start=start)
    drive(ctl, SETUP_3 + "3" + ENTER + QUIT)  # Ada deals deuce-to-seven triple draw and looks at her cards
    log = _screen(ctl).split("─" * 20)[-1].strip().splitlines()
    games = dict(CHOICE.variants)
    assert log[0] == said.format(game_name(games["deuce-to-seven-triple-draw"], tr)) and log[1].startswith("—")
    drive(ctl, "f" + ENTER + "f" + ENTER + QUIT)  # Ada and Bo fold; the next deal is Bo's choice
    drive(ctl, "2" + ENTER + QUIT)
    log = _screen(ctl).split("─" * 20)[-1].strip().splitlines()
    assert log[0] == said.format(game_name(games["jackpots"], tr))
    assert all("euce" not in line and "oer-til-syver" not in line for line in log)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_setup_says_backspace_goes_back_where_it_does(language):
    """Backspace goes back a step from the computers' and the first dealer's
    questions, but only the last step said so: a key those questions do not
    take now says it, and so do their hints."""
    tr = translator(language)
    back = "Backspace to go back" if language == "en" else "Backspace for å gå tilbake"
    setup = SetupModel(load_rules("jackpots"), tr)
    setup.enter()
    for name in ("Ada", "Bo"):
        for ch in name:
            setup.type(ch)
        setup.enter()
    assert setup.step == "computers"
    setup.type("x")
    assert setup.message is not None and back in setup.message
    assert "Backspace" in "\n".join(plain(line) for line in setup.lines(Look(), 80, 24))
    setup.enter()
    assert setup.step == "dealer"
    setup.type("x")
    assert setup.message is not None and back in setup.message
    assert back in "\n".join(plain(line) for line in setup.lines(Look(), 80, 24))
    setup.backspace()
    assert setup.step == "computers"


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_help_during_the_setup_tells_the_setups_keys(language):
    """? during the setup showed the table's keys (K B C R F, the exchange, T)
    and "the session is saved" for Ctrl-C, before anything was played: it
    tells the setup's keys and the rules in force."""
    from drawpoker.client.help import help_lines

    tr = translator(language)
    ctl = Controller(tr, Look(), setup=SetupModel(load_rules("jackpots"), tr), start=lambda *a: None)
    said = "\n".join(plain(line) for line in help_lines(ctl, 80, 60))
    assert "K B C R F" not in said and "\n  T " not in said
    for text in ("correct a name, or go back a question", "leave; no game has started yet, nothing is saved"):
        assert tr._(text) in said
    assert tr._("The rules in force") in said
