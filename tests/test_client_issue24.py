"""Issue 24's findings at the table, each through the real application
(prompt_toolkit's pipe input, the keys a player presses, as the other
client tests do) with stacked decks: no move by accident, a key that says
why, and a table that says what happened, in English and Norwegian."""

from __future__ import annotations

import attrs
import pytest

from drawpoker.cards import parse_cards
from drawpoker.client.controller import AGAIN, HANDOVER, TURN, Controller
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.setup import SetupModel
from drawpoker.games.draw import events as mev
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.games.three_card import events as tev
from drawpoker.rules import load_rules
from drawpoker.rules.loading import load_rules as load_file
from drawpoker.words.i18n import translator
from tests.test_client_flows import ENTER, QUIT, drive, starter

BACKSPACE = "\x7f"
LEFT, DOWN, RIGHT = "\x1b[D", "\x1b[B", "\x1b[C"
HANDS = {
    0: parse_cards("Ah Ad 7c 4s 2d"),
    1: parse_cards("3c 5d 9s 9h 6h"),
    2: parse_cards("Kh Ks Jc Jd 4c"),
}
DECK3 = stacked_deck(HANDS, button=0, seats=3)
DECK2 = stacked_deck({0: HANDS[0], 1: HANDS[1]}, button=0, seats=2)
NL = load_rules("no-limit-draw")


def table(rules, names, tmp_path, lang="en", stacks=None, deck=None):
    """A controller at the setup; the setup's keys for ``names`` (all people)."""
    tr = translator(lang)
    stacks = stacks or (rules.session.starting_stack,) * len(names)
    deck = deck or (DECK3 if len(names) == 3 else DECK2)
    start = starter(rules, tmp_path / "h.jsonl", stacks, *([deck] * 4))  # a few deals' worth
    ctl = Controller(tr, Look(), setup=SetupModel(rules, tr), start=start)
    keys = str(len(names)) + ENTER + "".join(n + ENTER for n in names) + ENTER + ENTER
    if ctl.setup.asks_dealer:  # (the first player named deals first)
        keys += ENTER
    return ctl, keys


def kinds(ctl, kind):
    return [e for e in ctl.session.events if isinstance(e, kind)]


# ------------------------------------------------------------------ a move nobody meant


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_c_closes_round_one_and_the_enter_of_habit_does_not_stand_pat(tmp_path, lang):
    """Bjørn checks, Cy bets, Ada folds, Bjørn calls: the betting is closed
    and Bjørn is first to exchange. The Enter he presses out of hand-over
    habit stops at "your turn again"; the exchange's Enter then asks, and
    only a second Enter stands pat."""
    ctl, setup = table(load_rules("morkpoker"), ["Ada", "Bjørn", "Cy"], tmp_path, lang)
    round_1 = ENTER + "k" + ENTER + "b" + ENTER + "f" + ENTER + "c"
    drive(ctl, setup + round_1 + QUIT)
    assert ctl.screen == AGAIN and ctl.to_act == 1 and ctl.phase == "exchange"
    again = screen_text(ctl)
    said = ctl.tr._("{name}, your turn again: {what}.").format(name="Bjørn", what=ctl.tr._("The exchange").lower())
    assert said in again and "♠" not in again and "♥" not in again  # no card on the step
    drive(ctl, ENTER + QUIT)  # the Enter of habit
    assert ctl.screen == TURN and ctl.phase == "exchange" and not kinds(ctl, mev.CardsExchanged)
    drive(ctl, ENTER + QUIT)  # Enter with no card chosen asks first
    assert not kinds(ctl, mev.CardsExchanged)
    assert ctl.message == ctl.tr._(
        "Stand pat and keep all five cards? Press Enter again to stand pat, or 1-5 to choose cards to throw."
    )
    assert ctl.tr._("yes, stand pat (exchange no cards)") in screen_text(ctl)
    drive(ctl, ENTER + QUIT)
    assert [(e.seat, e.discarded) for e in kinds(ctl, mev.CardsExchanged)] == [(1, ())]


def test_no_limit_heads_up_the_big_blind_closes_and_draws_first(tmp_path):
    ctl, setup = table(NL, ["Ada", "Bo"], tmp_path)
    drive(ctl, setup + ENTER + "c" + ENTER + "k" + QUIT)  # Ada (button, small blind) calls, Bo checks
    assert ctl.screen == AGAIN and ctl.to_act == 1
    drive(ctl, ENTER + ENTER + QUIT)  # the habit's Enter, then the exchange asks
    assert not kinds(ctl, mev.CardsExchanged) and ctl.screen == TURN
    drive(ctl, "z" + ENTER + QUIT)  # another key lets the question go: Enter asks again
    assert not kinds(ctl, mev.CardsExchanged)


def test_zero_chooses_none_and_enter_then_stands_pat_at_once(tmp_path):
    ctl, setup = table(NL, ["Ada", "Bo"], tmp_path)
    drive(ctl, setup + ENTER + "c" + ENTER + "k" + ENTER + "0" + QUIT)
    assert ctl.tr._("stand pat (exchange no cards)") in screen_text(ctl)
    drive(ctl, "0" + QUIT)  # 0 again: said, not silent
    assert ctl.message == "No card is chosen: Enter stands pat, 1-5 choose cards to throw."
    drive(ctl, ENTER + QUIT)
    assert [(e.seat, e.discarded) for e in kinds(ctl, mev.CardsExchanged)] == [(1, ())]


def test_cards_chosen_are_exchanged_by_one_enter(tmp_path):
    ctl, setup = table(NL, ["Ada", "Bo"], tmp_path)
    drive(ctl, setup + ENTER + "c" + ENTER + "k" + ENTER + "12" + ENTER + QUIT)
    assert [(e.seat, len(e.discarded)) for e in kinds(ctl, mev.CardsExchanged)] == [(1, 2)]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_fold_when_checking_is_free_asks_once(tmp_path, lang):
    ctl, setup = table(load_rules("morkpoker"), ["Ada", "Bo", "Cy"], tmp_path, lang)
    drive(ctl, setup + ENTER + "f" + QUIT)  # Bo may check: the fold asks
    assert not kinds(ctl, mev.Folded) and ctl.to_act == 1
    assert ctl.message == ctl.tr._("Fold? You could check for free. Press F again to fold, K to check.")
    drive(ctl, "F" + QUIT)
    assert [e.seat for e in kinds(ctl, mev.Folded)] == [1]
    # facing a bet, a fold is a fold at once
    drive(ctl, ENTER + "b" + ENTER + "f" + QUIT)
    assert [e.seat for e in kinds(ctl, mev.Folded)] == [1, 0]


def test_a_fold_asked_and_then_checked(tmp_path):
    ctl, setup = table(load_rules("morkpoker"), ["Ada", "Bo", "Cy"], tmp_path)
    drive(ctl, setup + ENTER + "f" + "k" + QUIT)
    assert not kinds(ctl, mev.Folded) and [e.seat for e in kinds(ctl, mev.Checked)] == [1]


# ------------------------------------------------------------------ the amount entry


def _raise_entry(tmp_path, lang="en"):
    ctl, setup = table(NL, ["Ada", "Bo"], tmp_path, lang, stacks=(100, 100))
    return ctl, setup + ENTER + "r"


def test_an_amount_too_large_says_the_range_and_offers_the_largest(tmp_path):
    ctl, keys = _raise_entry(tmp_path)
    drive(ctl, keys + "1000" + ENTER + QUIT)
    assert not kinds(ctl, mev.Raised)
    assert ctl.message == (
        "Ada may raise to between 4 and 100 (all in). "
        "Press Enter again to raise to 100, the nearest amount allowed, or type another."
    )
    assert "raise to 100 (all-in)" in screen_text(ctl)
    drive(ctl, ENTER + QUIT)
    assert [(e.seat, e.to) for e in kinds(ctl, mev.Raised)] == [(0, 100)]


def test_an_amount_too_small_offers_the_smallest(tmp_path):
    ctl, keys = _raise_entry(tmp_path)
    drive(ctl, keys + "1" + ENTER + QUIT)
    assert not kinds(ctl, mev.Raised) and "raise to 4 " in screen_text(ctl)
    assert "Press Enter again to raise to 4, the nearest amount allowed" in ctl.message
    drive(ctl, ENTER + QUIT)
    assert [(e.seat, e.to) for e in kinds(ctl, mev.Raised)] == [(0, 4)]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_an_empty_field_is_the_smallest_raise_never_all_in(tmp_path, lang):
    ctl, keys = _raise_entry(tmp_path, lang)
    drive(ctl, keys + "a" + "12" + BACKSPACE + BACKSPACE + QUIT)
    text = screen_text(ctl)
    assert "(all-in)" not in text.split("\n")[13] and ctl.amount.value == 4
    assert ctl.tr._("(empty: the smallest, {n})").format(n=4) in text
    drive(ctl, ENTER + QUIT)
    assert [(e.seat, e.to) for e in kinds(ctl, mev.Raised)] == [(0, 4)]


def test_typing_shows_the_digits_and_a_key_that_cannot_change_the_amount_says_so(tmp_path):
    ctl, keys = _raise_entry(tmp_path)
    drive(ctl, keys + "4" + QUIT)
    assert "raise to 4_" in screen_text(ctl)
    drive(ctl, "0" + QUIT)
    assert "raise to 40_" in screen_text(ctl) and ctl.message is None
    drive(ctl, BACKSPACE * 2 + "0" + QUIT)
    assert ctl.message == "An amount does not start with 0."


# ------------------------------------------------------------------ every key says why


def test_b_without_openers_in_jackpots_says_why(tmp_path):
    ctl, setup = table(load_rules("jackpots"), ["Ada", "Bo", "Cy"], tmp_path)
    drive(ctl, setup + ENTER + "b" + QUIT)  # Bo holds 9s: no openers
    assert not kinds(ctl, mev.BetPlaced) and ctl.message and "open" in ctl.message


def test_a_fourth_card_for_an_exchange_of_three_says_why(tmp_path):
    ctl, setup = table(load_rules("morkpoker"), ["Ada", "Bo", "Cy"], tmp_path, "nb")
    drive(ctl, setup + ENTER + "b" + ENTER + "c" + ENTER + "c" + ENTER + "1234" + QUIT)
    assert ctl.selected == [0, 1, 2] and ctl.message == f"{ctl.state.names[ctl.to_act]} kan bytte høyst 3 kort."


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_prime_without_an_ante_is_said_under_the_slip_and_enter_says_why(tmp_path, lang):
    rules = load_rules("three-card-poker")
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, deals=2))
    tr = translator(lang)
    from drawpoker.engine.shuffle import RandomShuffler

    deck = RandomShuffler(1).shuffle()[0]
    start = starter(rules, tmp_path / "t.jsonl", (40, 40), deck, deck)
    ctl = Controller(tr, Look(), setup=SetupModel(rules, tr), start=start)
    setup = "2" + ENTER + "Ada" + ENTER + "Bo" + ENTER + ENTER + ENTER + ENTER  # (Ada deals first)
    drive(ctl, setup + LEFT + DOWN + DOWN + RIGHT * 6 + QUIT)  # no ante, Prime 6: "[Enter] place 6"
    reason = "Bo cannot bet Prime without an ante: only Pair Plus may be played alone."
    if lang == "nb":
        reason = "Bo kan ikke satse Prime uten startinnsats: bare Pair Plus kan spilles alene."
    assert reason in screen_text(ctl) and ctl.message is None  # said before Enter is pressed
    drive(ctl, ENTER + QUIT)
    assert ctl.message == reason and not kinds(ctl, tev.BetsPlaced)


def test_digits_beyond_the_games_of_dealers_choice_say_how_many_there_are(tmp_path):
    rules = load_rules("dealers-choice")
    ctl, setup = table(rules, ["Ada", "Bo"], tmp_path)
    drive(ctl, setup + "7" + QUIT)
    assert ctl.message == "There are 3 games to choose from: press 1 to 3."


def test_the_rules_step_of_the_setup_shows_its_message(tmp_path):
    ctl, _ = table(load_rules("morkpoker"), ["Ada", "Bo"], tmp_path)
    drive(ctl, "2" + ENTER + "Ada" + ENTER + "Bo" + ENTER + ENTER + ENTER + "x" + QUIT)
    assert ctl.setup.step == "rules"
    assert "Press Enter to start, or Backspace to go back." in screen_text(ctl)  # it was pushed off the screen


def test_a_key_on_a_stopped_game_keeps_the_reason_it_stopped(tmp_path):
    from drawpoker.client.controller import FAILED
    from drawpoker.errors import HistoryError

    class Full:
        path = tmp_path / "full.jsonl"

        def append(self, events):
            raise HistoryError("full.jsonl: cannot write the history (No space left on device)")

        def close(self):
            pass

    ctl, setup = table(load_rules("morkpoker"), ["Ada", "Bo"], tmp_path)
    drive(ctl, setup + QUIT)
    ctl.session.writer = Full()
    drive(ctl, ENTER + "k" + "z" + QUIT)
    assert ctl.screen == FAILED and "No space left" in screen_text(ctl)
    assert ctl.message == "The key z does nothing here. Press Enter to leave."


# ------------------------------------------------------------------ the table says what happened


def test_checks_show_on_the_seats_as_bets_do(tmp_path):
    ctl, setup = table(load_rules("morkpoker"), ["Ada", "Bo", "Cy"], tmp_path)
    drive(ctl, setup + ENTER + "k" + ENTER + QUIT)
    top = screen_text(ctl).split("\n")[1:11]
    assert any("check" in line and "Bo" not in line for line in top)
    nb, setup = table(load_rules("morkpoker"), ["Ada", "Bo", "Cy"], tmp_path / "nb", "nb")
    (tmp_path / "nb").mkdir()
    drive(nb, setup + ENTER + "k" + ENTER + "b" + ENTER + QUIT)
    seats = "\n".join(screen_text(nb).split("\n")[1:11])
    assert "checket" in seats and "satset 1" in seats


def test_heads_up_seat_labels_are_not_cut_with_half_the_line_free(tmp_path):
    # Bo, the big blind, all in from the blind, stands pat: "BB · all-in · stood pat", whole
    ctl, setup = table(NL, ["Ada", "Bo"], tmp_path, stacks=(100, 2))
    drive(ctl, setup + ENTER + "c" + ENTER + ENTER + "0" + ENTER + QUIT)
    text = screen_text(ctl)
    assert "BB · all-in · stood pat" in text and "…" not in text.split("─")[0]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_round_one_of_a_blind_game_shows_the_pot_and_the_log_says_the_blinds(tmp_path, lang):
    ctl, setup = table(NL, ["Ada", "Player 2"], tmp_path, lang)
    drive(ctl, setup + ENTER + QUIT)
    text = screen_text(ctl)
    if lang == "en":
        assert "Pot 3 · blinds 1 and 2" in text
        assert "Ada posts the small blind, 1. Player 2 posts the big blind, 2." in text
    else:
        assert "Pott 3 · blinds 1 og 2" in text
        assert "Ada legger lille blind, 1. Player 2 legger store blind, 2." in text
    assert "Blinds:" not in text


def test_the_antes_are_sentences(tmp_path):
    ctl, setup = table(load_rules("morkpoker"), ["Øystein", "Spiller 2", "Spiller 3"], tmp_path, "nb")
    drive(ctl, setup + ENTER + QUIT)
    assert "Spiller 2, Spiller 3 og Øystein betaler 1 hver i ante." in screen_text(ctl)  # from the left of the dealer
    en, setup = table(load_rules("morkpoker"), ["Ada", "Bo", "Cy"], tmp_path / "en", stacks=(40, 1, 40))
    (tmp_path / "en").mkdir()
    drive(en, setup + ENTER + QUIT)
    assert "Bo antes 1 (all-in). Cy and Ada ante 1 each." in screen_text(en)


def test_the_header_and_the_setup_name_the_tables_own_ruleset(tmp_path):
    (tmp_path / "friday.yaml").write_text(
        "extends: morkpoker\ndescription: Friday jokers wild\ndeck: {jokers: 1, joker: wild}\n", encoding="utf-8"
    )
    rules = load_file(str(tmp_path / "friday.yaml"))
    deck = stacked_deck({0: HANDS[0], 1: HANDS[1]}, button=0, seats=2, jokers=1)
    ctl, setup = table(rules, ["Ada", "Bo"], tmp_path, deck=deck)
    assert screen_text(ctl).startswith(" New session: Friday jokers wild")
    drive(ctl, setup + QUIT)
    assert screen_text(ctl).startswith(" Friday jokers wild · deal 1 of 12")
    assert ctl.screen == HANDOVER
    shipped, setup = table(load_rules("jackpots"), ["Ada", "Bo"], tmp_path / "j")
    (tmp_path / "j").mkdir()
    drive(shipped, setup + QUIT)
    assert screen_text(shipped).startswith(" Jackpots · deal 1 of 12")  # a shipped ruleset: its game


def test_a_long_name_is_not_cut_without_saying_so(tmp_path):
    ctl, _ = table(load_rules("morkpoker"), ["Ada", "Bo"], tmp_path)
    drive(ctl, "2" + ENTER + "Dorotea-Kristine" + ENTER + QUIT)
    assert ctl.setup.names == [] and ctl.setup.typing == "Dorotea-Kris"
    assert 'the name is "Dorotea-Kris"' in screen_text(ctl)
    drive(ctl, ENTER + QUIT)
    assert ctl.setup.names == ["Dorotea-Kris"]
    drive(ctl, "Bo" + ENTER + QUIT)  # a name that fits is taken at once
    assert ctl.setup.names == ["Dorotea-Kris", "Bo"]


def test_a_split_pot_and_the_bank_say_the_amount_before_the_name():
    from drawpoker.client.log import pot_award_text

    award = mev.PotAwarded(0, 12, (0, 1), ((0, 6), (1, 6)), (), True)
    text = pot_award_text(award, ("Player 2", "Player 3"), translator("en"), single=True)
    assert text == "The pot (12) is split: 6 to Player 2, 6 to Player 3."


@pytest.mark.parametrize("lang, words", [("en", "Deuce-to-seven triple draw"), ("nb", "Trippel toer-til-syver")])
def test_the_dealers_menu_and_the_summary_name_the_games_in_words(tmp_path, lang, words):
    from drawpoker.words.rules_text import rules_summary

    rules = load_rules("dealers-choice")
    ctl, setup = table(rules, ["Ada", "Bo"], tmp_path, lang)
    drive(ctl, setup + QUIT)
    menu = screen_text(ctl)
    assert f"[3] {words}" in menu and "deuce-to-seven-triple-draw" not in menu and "[1] morkpoker" not in menu
    drive(ctl, "?" + QUIT)  # the help's rules: the summary
    summary = " ".join(rules_summary(rules, ctl.tr))
    assert words in summary and "deuce-to-seven-triple-draw" not in summary and "morkpoker" not in summary


@pytest.mark.parametrize(
    ("lang", "won", "split", "main"),
    [
        (
            "en",
            "Player 3 wins side pot 1 (8).",
            "Side pot 2 (12) is split: 6 to Player 2, 6 to Player 3.",
            "Player 2 wins the main pot (9).",
        ),
        (
            "nb",
            "Player 3 vinner sidepott 1 (8).",
            "Delt pott – sidepott 2 (12): 6 til Player 2, 6 til Player 3.",
            "Player 2 vinner hovedpotten (9).",
        ),
    ],
)
def test_a_side_pot_is_named_as_a_numbered_pot(lang, won, split, main):
    """The log said "Player 3 wins the side pot 1 (8)."; a numbered pot takes no article."""
    from drawpoker.client.log import pot_award_text

    names = ("Player 2", "Player 3")
    tr = translator(lang)
    assert pot_award_text(mev.PotAwarded(1, 8, (1,), ((1, 8),), (), True), names, tr) == won
    assert pot_award_text(mev.PotAwarded(2, 12, (0, 1), ((0, 6), (1, 6)), (), True), names, tr) == split
    assert pot_award_text(mev.PotAwarded(0, 9, (0,), ((0, 9),), (), True), names, tr) == main
    lowest = pot_award_text(mev.PotAwarded(1, 8, (1,), ((1, 8),), (), True), names, tr, lowest=True)
    assert lowest.startswith(won[:-1]) and lowest != won
