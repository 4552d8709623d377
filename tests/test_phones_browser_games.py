"""The phone page in a real browser for every game: Three Card Poker's bet
slips, play or fold and the result, and dealer's choice picked on the
dealer's phone (Debian's chromium, headless, Playwright; loopback only;
every wait bounded -- see tests/test_phones_browser.py).

Each page is checked at 320x568 and 390x844 for nothing cut off and every
button named for a screen reader, and every WebSocket frame each phone
received is captured: none holds another seat's cards before the table
has seen them (a box still in play, the dealer's hand before it is shown),
or ever, for a box the table never turned over.
"""

from __future__ import annotations

import pytest

from tests.test_phones_browser import CHROMIUM, LARGE, SMALL, WAIT, run, with_browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="the phone page's browser tests need Debian's chromium")

from tests.phones_table import PhoneTable, leaks, stacked, tcp_deck  # noqa: E402

#: Three Card Poker, the Russian rules (the house deals and banks; several boxes each; Pair Plus only
#: with an ante): Anna's two boxes, then Bjørn's one; the dealer's queen high qualifies
ANNA_PAIR, ANNA_JUNK, BJORN_ACE, DEALER = "9h 9c 4d", "7s 5d 2c", "Ah Kd 3s", "Qs 8d 4c"


async def values(phone, selector):
    return await phone.page.locator(selector).evaluate_all("ns => ns.map(n => n.textContent)")


async def labels(phone, selector):
    return await phone.page.locator(selector).evaluate_all("ns => ns.map(n => n.getAttribute('aria-label'))")


async def press(phone, name, times=1):
    """Press the button a screen reader calls ``name`` (exactly), ``times`` times."""
    for _ in range(times):
        await phone.page.get_by_role("button", name=name, exact=True).click(timeout=WAIT)


async def both_sizes(phone, name, folder):
    """The page at both phone sizes: nothing cut off, every button named; back to its own size."""
    problems = []
    own = phone.page.viewport_size
    for width, height in (SMALL, LARGE):
        await phone.page.set_viewport_size({"width": width, "height": height})
        problems += [f"{width}x{height}: {p}" for p in await phone.layout(f"{name}-{width}", folder)]
    await phone.page.set_viewport_size(own)
    return problems


def test_three_card_poker_two_phones_bet_with_pair_plus_play_one_box_fold_another(tmp_path):
    async def play(b):
        deck = tcp_deck([ANNA_PAIR, ANNA_JUNK, BJORN_ACE], DEALER)
        table = PhoneTable("three-card-poker-ru", 2, decks=[deck, deck], hold=True)
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL, wait_cards=False)
            bjorn = await b.phone(table, 1, LARGE, wait_cards=False)
            await anna.my_turn()
            assert await anna.text("#game-title") == "Three Card Poker"
            assert await anna.text("#pot") == "Round 1 · The house deals · bank unlimited"
            assert await bjorn.text("#turn") == "Waiting for Anna"
            assert await bjorn.page.locator("#slips fieldset").count() == 0
            # Anna's slip: one box at the smallest ante; Pair Plus only with an ante here, no Prime or Six Card
            assert await values(anna, "#slips .bet-name") == ["Ante", "Pair Plus"]
            assert await values(anna, "#slips output") == ["1", "0"]
            await press(anna, "More Ante, box 1", 2)
            await press(anna, "More Pair Plus, box 1", 3)
            await press(anna, "Less Pair Plus, box 1")
            await press(anna, "Less Ante, box 1", 5)  # not below the smallest ante
            await press(anna, "More Ante, box 1", 2)
            await press(anna, "Add a box")
            assert await values(anna, "#slips legend") == ["Box 1", "Box 2"]
            assert await values(anna, "#slips output") == ["3", "2", "1", "0"]
            assert await anna.text("#help") == "With the Play bets these bets may need 10 chips; you have 40."
            assert await both_sizes(anna, "tcp-slips", tmp_path) == []
            await anna.tap("Place bets: 6")
            await bjorn.my_turn()
            waiting = "The cards come once every bet is in."
            assert await values(anna, "#box-list .box p") == [waiting, "ante 3 · PP 2", waiting, "ante 1"]
            await press(bjorn, "More Ante, box 1")
            await press(bjorn, "More Pair Plus, box 1")
            await bjorn.tap("Place bets: 3")
            # the cards: each phone its own boxes, large; the other's boxes as bets only
            await anna.my_turn()
            assert await labels(anna, "#box-list .card") == [
                "nine of hearts",
                "nine of clubs",
                "four of diamonds",
                "seven of spades",
                "five of diamonds",
                "two of clubs",
            ]
            assert await labels(bjorn, "#box-list .card") == ["ace of hearts", "king of diamonds", "three of spades"]
            assert "9♥" not in await bjorn.text("#seats") and "ante 3 · PP 2" in await bjorn.text("#seats")
            assert await anna.text("#help") == "Box 1: play or fold."
            assert await anna.page.locator("#box-list .box.deciding h3").inner_text() == "Box 1"
            hint = anna.page.get_by_role("button", name="Hint", exact=True)
            assert (
                await hint.get_attribute("aria-pressed") == "false"
                and await anna.page.locator("#hint-text").is_hidden()
            )
            await hint.click()
            assert await anna.text("#hint-text") == "The best play with these cards is to play."
            assert await hint.get_attribute("aria-pressed") == "true"
            assert await both_sizes(anna, "tcp-decide", tmp_path) == []
            await anna.tap("Play (Play bet 3)")
            await anna.tap("Go on")  # her next box: "Your turn again" first (a second tap on Play lands there)
            await anna.page.wait_for_function(
                "() => document.getElementById('help').textContent === 'Box 2: play or fold.'", timeout=WAIT
            )
            assert await anna.page.locator("#hint-text").is_hidden()  # the hint is asked for again for each box
            await press(anna, "Hint")
            assert await anna.text("#hint-text") == "The best play with these cards is to fold."
            await anna.tap("Fold (lose the ante)")
            await bjorn.my_turn()
            await bjorn.tap("Play (Play bet 2)")
            # the result, on both phones: the dealer's hand, each box's, the boxes the table saw
            for phone in (anna, bjorn):
                await phone.page.wait_for_selector("#box-list .net", timeout=WAIT)
                assert await phone.text("#dealer-line") == "Dealer: Q♠ 8♦ 4♣ · qualifies"
                assert "Round over" in await phone.text("#result-lines")
                assert await phone.page.locator("#result-title").text_content() == "The last round"  # (not deal)
            assert await values(anna, "#box-list .net") == [
                "Result: +8 (Ante +3, Play +3, P.Plus +2)",
                "Result: -1 (Ante -1)",
            ]
            assert await values(anna, "#box-list .bets") == ["ante 3 · PP 2 · plays 3", "ante 1 · folded"]
            assert "Box 1: ante 3 · PP 2 · plays 3 · 9♥ 9♣ 4♦ · +8" in await bjorn.text("#seats")
            assert await values(bjorn, "#box-list .net") == ["Result: +3 (Ante +2, Play +2, P.Plus -1)"]
            seats = await bjorn.text("#seats")
            assert "9♥ 9♣ 4♦" in seats  # Anna's played box, turned over
            assert "7♠" not in seats and "5♦" not in seats  # her folded box, never shown
            assert await both_sizes(bjorn, "tcp-result", tmp_path) == []
            assert await both_sizes(anna, "tcp-result-anna", tmp_path) == []
            assert table.refusals == [] and [d.action for d in table.taken] == [
                "place",
                "place",
                "play",
                "fold",
                "play",
            ]
            for phone in (anna, bjorn):
                assert phone.errors == []
                assert leaks(phone.frames, phone.seat, table.events_all, table.game) == []
        finally:
            await table.stop()

    run(with_browser(play))


def test_three_card_poker_in_norwegian_a_dealer_every_side_bet_a_sit_out_and_a_fold_the_table_sees(tmp_path):
    """The dealer's role rotates (Anna deals and banks) and every side bet
    is offered: Bjørn bets all four and folds (his side bets are settled on
    his cards, so the table sees them once settled -- not before); Cato
    sits the round out."""

    async def play(b):
        deck = tcp_deck(["Kh Kd 3h"], "Qs 8d 4c")
        table = PhoneTable("three-card-poker", 3, decks=[deck], language="nb", hold=True)
        await table.start()
        try:
            anna = await b.phone(table, 0, LARGE, wait_cards=False)
            bjorn = await b.phone(table, 1, SMALL, wait_cards=False)
            cato = await b.phone(table, 2, SMALL, wait_cards=False)
            await bjorn.my_turn()
            assert await anna.text("#help") == "Du gir denne runden og har banken."
            assert await anna.text("#pot") == "Runde 1 · Giver Anna · bank 40"
            assert await values(bjorn, "#slips .bet-name") == ["Startinnsats", "Pair Plus", "Prime", "Six Card Bonus"]
            for bet in ("Pair Plus", "Prime", "Six Card Bonus"):
                await press(bjorn, f"Mer {bet}, boks 1")
            assert await bjorn.page.locator("#box-add").count() == 0  # one box each under these rules
            assert await both_sizes(bjorn, "nb-slips", tmp_path) == []
            await bjorn.tap("Sett innsatsene: 4")
            await cato.my_turn()
            await cato.tap("Stå over denne runden")
            await bjorn.my_turn()
            # before Bjørn decides, nobody else sees his cards
            assert await cato.page.locator("#box-list .card").count() == 0
            assert "K♥" not in await cato.text("#seats") + await anna.text("#seats")
            assert await bjorn.text("#help") == "Boks 1: fortsett eller gi deg."
            await press(bjorn, "Tips")
            assert await bjorn.text("#hint-text") == "Med disse kortene lønner det seg å fortsette."
            assert await both_sizes(bjorn, "nb-decide", tmp_path) == []
            await bjorn.tap("Gi deg (taper startinnsatsen)")
            await cato.page.wait_for_selector("#dealer-line:not([hidden])", timeout=WAIT)
            box = table.state.boxes[0]
            net = sum(box.result)
            # his side bets were settled on his cards: the table saw them
            for phone in (anna, cato):
                seats = await phone.text("#seats")
                # Three Card Poker's ante is "startinnsats" in Norwegian (docs/rules.md section 8)
                assert f"startinnsats 1 · PP 1 · Prime 1 · Seks 1 · ga seg · K♥ K♦ 3♥ · {net:+d}" in seats, seats
            assert (await values(bjorn, "#box-list .net"))[0].startswith(f"Resultat: {net:+d} (Start -1")
            assert await cato.text("#dealer-line") == "Giver: Q♠ 8♦ 4♣ · kvalifiserer seg"
            assert await values(cato, "#box-list p") == ["Ingen bokser denne runden."]
            assert await cato.page.locator("#result-title").text_content() == "Forrige runde"  # (not "utdeling")
            for phone in (anna, bjorn, cato):
                assert await both_sizes(phone, "nb-result", tmp_path) == []
                assert phone.errors == []
                assert leaks(phone.frames, phone.seat, table.events_all, table.game) == []
            assert [d.action for d in table.taken] == ["place", "place", "fold"] and table.refusals == []
        finally:
            await table.stop()

    run(with_browser(play))


#: dealer's choice, deal 1 (Anna deals, Bjørn opens jackpots with kings), then deal 2 (Bjørn deals)
HANDS = ["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c", "5h 6h 7h 8h 2c"]


def test_dealers_choice_the_dealer_picks_the_game_on_the_phone(tmp_path):
    async def play(b):
        decks = [stacked(HANDS, "Ac Ks 9h 3d Qd"), stacked(HANDS, "Ac Ks 9h 3d Qd", button=1)]
        table = PhoneTable("dealers-choice", 3, decks=decks, dealer_chooses=True)
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL, wait_cards=False)
            bjorn = await b.phone(table, 1, LARGE, wait_cards=False)
            cato = await b.phone(table, 2, SMALL, wait_cards=False)
            await anna.my_turn()
            assert table.state.deal == 0 and await anna.text("#game-title") == "Dealer's choice"
            assert await anna.text("#help") == "You deal next: choose the game."
            assert await labels(anna, "#actions button") == [
                "Deal Mørkpoker",
                "Deal Jackpots",
                "Deal Deuce-to-seven triple draw",
            ]
            for phone in (bjorn, cato):
                await phone.page.wait_for_function(
                    "() => document.getElementById('turn').textContent === 'Waiting for Anna to choose the game'",
                    timeout=WAIT,
                )
                assert await phone.page.locator("#actions button").count() == 0
            assert await both_sizes(anna, "choose", tmp_path) == []
            await anna.tap("Jackpots")
            # the deal is dealt in the dealer's game, on every phone
            for phone in (anna, bjorn, cato):
                await phone.page.wait_for_selector("#cards .card", timeout=WAIT)
                assert await phone.text("#game-title") == "Jackpots"
            await bjorn.my_turn()
            await bjorn.tap("Bet 1")
            await cato.my_turn()
            await cato.tap("Fold")
            await anna.my_turn()
            await anna.tap("Fold")
            # Bjørn won unopposed; he deals next and picks on his phone
            await bjorn.page.wait_for_function(
                "() => document.getElementById('help').textContent === 'You deal next: choose the game.'",
                timeout=WAIT,
            )
            await anna.page.wait_for_function(
                "() => document.getElementById('turn').textContent === 'Waiting for Bjørn to choose the game'",
                timeout=WAIT,
            )
            assert "Bjørn" in await anna.text("#result-lines")
            assert await both_sizes(bjorn, "choose-2", tmp_path) == []
            await bjorn.tap("Deuce-to-seven triple draw")
            for phone in (anna, bjorn, cato):
                await phone.page.wait_for_function(
                    "() => document.getElementById('game-title').textContent === 'Deuce-to-seven triple draw'",
                    timeout=WAIT,
                )
            assert table.state.deal == 2 and table.state.game == "deuce-to-seven-triple-draw"
            assert [d.action for d in table.taken] == ["choose", "bet", "fold", "fold", "choose"]
            assert [d.game for d in table.taken if d.action == "choose"] == ["jackpots", "deuce-to-seven-triple-draw"]
            assert table.refusals == []
            for phone in (anna, bjorn, cato):
                assert phone.errors == []
                assert leaks(phone.frames, phone.seat, table.events_all, table.game) == []
        finally:
            await table.stop()

    run(with_browser(play))


@pytest.mark.parametrize("why", ["taken_back", "closed"])
def test_a_three_card_poker_phone_the_table_let_go_shows_no_empty_cards_heading(tmp_path, why):
    """After the table said goodbye (the seat taken back to the laptop, the player gone, the
    address unknown), a Three Card Poker phone showed an empty "Your cards" heading: its boxes
    hold its cards, and with the seat's view gone the page fell back to the draw games' hand."""

    async def play(b):
        deck = tcp_deck([ANNA_PAIR, BJORN_ACE], DEALER)
        table = PhoneTable("three-card-poker-ru", 2, decks=[deck, deck], hold=True)
        await table.start()
        try:
            anna = await b.phone(table, 0, SMALL, wait_cards=False)
            await anna.my_turn()
            assert await anna.page.locator("#hand").is_hidden()
            if why == "taken_back":
                table.server.release(0)
            else:
                await table.server.stop()
            await anna.page.wait_for_function(
                "() => document.getElementById('status').textContent !== ''"
                " && !document.getElementById('status').textContent.startsWith('Connected')",
                timeout=WAIT,
            )
            await anna.page.wait_for_timeout(300)
            assert await anna.page.locator("#hand").is_hidden(), await anna.text("#status")
            assert anna.errors == []
        finally:
            await table.stop()

    run(with_browser(play))
