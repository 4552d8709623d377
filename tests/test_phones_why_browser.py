"""The phone page says what the laptop says, in a real browser at a small
phone's size (360x640; Debian's chromium, loopback only), at the real table
(``drawpoker play --phones``' controller and link, tests/phones_laptop.py):
found playing jackpots and dealer's choice with phones (ph44).

- jackpots: a player who cannot open had Fold and Check and no word of why;
  the laptop's table says "Jacks or better to open", and B at the laptop is
  answered with the engine's reason. The phone says both, in en and nb;
- the draw coach showed only the chance to improve while its best was
  marked by the chance to win, so the marked choice could show less than
  another (two pair: "Keep A A 4 4, draw 1: 8.5% to improve (best)" under
  "Keep A A, draw 3: 12.7%"): it shows both numbers, as the laptop's H, and
  the laptop's best;
- dealer's choice before the first deal: "Deal 0 · Pot: 0" and a "What
  happened" heading over no lines; it says what the laptop's screen says
  then (who deals and picks the game), and no empty heading.

Every frame each page received is checked for another seat's hidden cards."""

from __future__ import annotations

import re

import pytest

from tests.test_phones_browser import CHROMIUM, LAYOUT, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")
pytest.importorskip("playwright.async_api", reason="playwright (pip install -e '.[test]')")

from drawpoker.client.controller import PHONE_LOOK  # noqa: E402
from drawpoker.errors import IllegalAction  # noqa: E402
from drawpoker.games.draw import commands as mc  # noqa: E402
from drawpoker.phones.words import page_words  # noqa: E402
from drawpoker.words.i18n import translator  # noqa: E402
from drawpoker.words.openers import to_open_text  # noqa: E402
from tests.phones_laptop import Laptop  # noqa: E402
from tests.phones_table import leaks, stacked  # noqa: E402

PHONE = (360, 640)


async def page_phone(b, table, seat, wait_cards=True):
    return await b.phone(table, seat, PHONE, wait_cards=wait_cards)


def _laptop_answer(table, command):
    """What the laptop says to the key for ``command`` (its refusal, as a phone is told it)."""
    try:
        table.session.game.decide(table.state, command)
    except IllegalAction as exc:
        return table.ctl._refusal(exc, PHONE_LOOK)
    raise AssertionError(f"{command} was allowed")


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("en", "Bjørn cannot open: jacks or better are needed, Bjørn has a pair of nines."),
        ("nb", "Bjørn kan ikke åpne: det kreves knekter eller bedre, og Bjørn har ett par niere."),
    ],
)
def test_jackpots_a_phone_without_openers_says_why_it_cannot_bet(tmp_path, language, reason):
    async def play(b):
        # Bjørn acts first (heads-up, Anna deals) with nines: no openers; Anna's aces open
        deck = stacked(["Ah Ad 7c 4s 2d", "9h 9s Kc 4d 2s"], "Ac Ks 9c 3d Qd 3c", button=0)
        async with Laptop(tmp_path, "jackpots", names=("Anna", "Bjørn"), decks=[deck], language=language) as table:
            anna, bjorn = [await page_phone(b, table, seat) for seat in (0, 1)]
            await bjorn.my_turn()
            labels = await bjorn.page.locator("#actions button").all_inner_texts()
            assert len(labels) == 2, labels  # fold and check: no bet
            reminder = to_open_text(11, translator(language))
            assert reminder == ("Jacks or better to open" if language == "en" else "Knekter eller bedre for å åpne")
            await bjorn.page.wait_for_selector(f"#help:has-text('{reminder}')", timeout=WAIT)
            assert await bjorn.text("#help") == reminder  # the laptop's table says it under the turn
            assert await bjorn.text("#why-not") == reason
            assert reason == _laptop_answer(table, mc.Bet(1))  # B at the laptop is answered so
            assert await bjorn.layout("no-openers", tmp_path) == []
            await bjorn.tap(page_words(language)["check"])
            await anna.my_turn()
            # Anna's aces open: her phone has the bet, the reminder and no reason against it
            assert await anna.text("#help") == reminder
            assert await anna.page.locator("#why-not p").count() == 0
            await anna.page.locator("#actions button.primary").click(timeout=WAIT)  # Bet 1
            await bjorn.my_turn()
            # the round is open: no reminder, and nothing is taken away (heads-up the raising is unlimited)
            assert await bjorn.page.locator("#help").inner_text() == ""
            assert await bjorn.page.locator("#why-not p").count() == 0
            for seat, phone in enumerate((anna, bjorn)):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))


def test_a_capped_round_says_why_there_is_no_raise(tmp_path):
    async def play(b):
        hands = ["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c", "5h 6h 7h 8h 2c"]
        async with Laptop(tmp_path, decks=[stacked(hands, "Ac Ks 9h 3d Qd 3c 4c 5c 6c", button=0)]) as table:
            phones = [await page_phone(b, table, seat) for seat in range(3)]
            anna, bjorn, cato = phones
            for phone, label in ((bjorn, "Bet 1"), (cato, "Raise to 2"), (anna, "Raise to 3"), (bjorn, "Raise to 4")):
                await phone.my_turn()
                await phone.tap(label)
            await cato.my_turn()
            await cato.tap("Raise to 5")  # the fourth raise: the cap (three at the table: it holds)
            await anna.my_turn()
            labels = await anna.page.locator("#actions button").all_inner_texts()
            assert [label.strip() for label in labels] == ["Fold", "Call 2"], labels
            said = "Anna cannot raise: the betting is capped: 4 raises have been made this round; call or fold."
            await anna.page.wait_for_selector("#why-not p", timeout=WAIT)
            assert await anna.text("#why-not") == said
            assert said == _laptop_answer(table, mc.Raise(0))
            assert await anna.layout("capped", tmp_path) == []
            for seat, phone in enumerate(phones):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_coach_shows_both_numbers_and_the_laptops_best(tmp_path, language):
    async def play(b):
        # Bjørn's two pair: keeping it wins most, keeping the aces alone improves more often
        deck = stacked(["Kh Kd Qs Js 9c", "4s Ad 8c 4h Ac"], "2c 3c 5c 6c 7c 9d", button=0)
        async with Laptop(tmp_path, names=("Anna", "Bjørn"), decks=[deck], language=language) as table:
            anna, bjorn = [await page_phone(b, table, seat) for seat in (0, 1)]
            await bjorn.my_turn()
            await bjorn.page.wait_for_selector("#coach:not([hidden]) li", timeout=WAIT)
            await table.settle()
            odds = table.ctl.coach_odds()  # the laptop's H
            rows = await bjorn.page.locator("#coach-list li").all_inner_texts()
            best = await bjorn.page.locator("#coach-list li.best").all_inner_texts()
            assert len(rows) == len(odds.choices) and len(best) == 1
            dot = "." if language == "en" else ","

            def pc(p):
                return f"{100 * p:.1f}".replace(".", dot)

            wins = "wins {p}%" if language == "en" else "vinner {p} %"
            better = "{p}% to improve" if language == "en" else "{p} % sjanse til å bli bedre"
            for row, choice in zip(rows, odds.choices, strict=True):
                assert wins.format(p=pc(choice.worth)) in row, row
                assert better.format(p=pc(choice.p_better)) in row, row
            marked = odds.choices.index(odds.best)
            assert rows[marked] == best[0]
            assert wins.format(p=pc(odds.best.worth)) in best[0]
            # the best improves less often than another choice, and says so beside the chance it wins
            assert odds.best.p_better < max(choice.p_better for choice in odds.choices)
            keep = "Keep 4♠ A♦ 4♥ A♣, draw 1" if language == "en" else "Behold 4♠ A♦ 4♥ A♣, trekk 1"
            assert best[0].startswith(keep), best
            note = (
                "Wins: against a sensible opponent, after the draw."
                if language == "en"
                else "Vinner: mot en fornuftig motspiller, etter byttet."
            )
            assert await bjorn.text("#coach-note") == note
            assert await bjorn.layout("coach-both", tmp_path) == []
            for seat, phone in enumerate((anna, bjorn)):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Anna deals: dealer's choice. Which game?"), ("nb", "Anna gir: giverens valg. Hvilket spill?")],
)
def test_dealers_choice_before_the_first_deal_says_what_the_table_waits_for(tmp_path, language, said):
    async def play(b):
        decks = [stacked(["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c"], "Ac Ks 9h", button=0)]
        async with Laptop(tmp_path, "dealers-choice", names=("Anna", "Bjørn"), decks=decks, language=language) as table:
            anna = await page_phone(b, table, 0, wait_cards=False)
            bjorn = await page_phone(b, table, 1, wait_cards=False)
            await anna.my_turn()
            await bjorn.page.wait_for_selector("#pot:not(:empty)", timeout=WAIT)
            for phone in (anna, bjorn):
                assert await phone.text("#pot") == said
                assert re.search(r"(?<!\d)0(?!\d)", await phone.text("#table")) is None  # no deal 0, no pot of 0
                assert await phone.page.locator("#log").is_hidden()  # nothing has happened: no heading
                assert await phone.page.evaluate(LAYOUT) == []
            await anna.layout("first-choice", tmp_path)
            await anna.page.locator("#actions button").nth(1).click(timeout=WAIT)  # Jackpots
            await bjorn.my_turn()
            for phone in (anna, bjorn):
                await phone.page.wait_for_selector("#log:not([hidden]) li", timeout=WAIT)
                deal = "Deal 1 · Pot: 2" if language == "en" else "Utdeling 1 · Pott: 2"
                assert await phone.text("#pot") == deal
            for seat, phone in enumerate((anna, bjorn)):
                assert phone.errors == []
                assert leaks(phone.frames, seat, table.session.events) == []

    run(with_browser(play))
