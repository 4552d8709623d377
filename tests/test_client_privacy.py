"""Privacy on one shared screen: for every state of played deals, no screen
shows a card the table has not seen, except the viewer's own after a hand-over.

The sessions are played through the controller (the same calls the keys
make) with random choices; every screen is rendered as it is shown, and
once more as a shared screen (nobody's cards).
"""

from __future__ import annotations

import random
import re

import pytest

from drawpoker.cards import DECK
from drawpoker.client.controller import AGAIN, DEAL_OVER, HANDOVER, PEEK, RESUMED, SESSION_OVER, TURN, WATCH, Controller
from drawpoker.client.draw import view as draw_view
from drawpoker.client.look import Look, card_text
from drawpoker.client.screens import screen_text
from drawpoker.client.session import Session
from drawpoker.client.three_card import view as three_card_view
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator


def _pattern(card, unicode: bool) -> re.Pattern[str]:
    text = re.escape(card_text(card, unicode))
    return re.compile(rf"(?<![0-9A-Za-z]){text}(?![A-Za-z])")


PATTERNS = {u: {card: _pattern(card, u) for card in DECK} for u in (True, False)}


def public(ctl: Controller) -> set:
    """The cards the whole table has seen in the current deal."""
    session = ctl.session
    state = session.state
    if session.kind == "morkpoker":
        seen = draw_view.public_cards(state)
        for _, events in session.chunks:
            seen.update(e.ace_shown for e in events if type(e).__name__ == "CardsExchanged" and e.ace_shown)
        return seen
    return three_card_view.public_cards(state, session.game.rules)


def own(ctl: Controller, seat: int | None) -> set:
    """The viewer's own cards."""
    if seat is None:
        return set()
    state = ctl.session.state
    if ctl.session.kind == "morkpoker":
        return set(state.hands[seat])
    return {card for box in state.boxes if box.seat == seat for card in box.cards}


def shown_cards(text: str, unicode: bool) -> set:
    return {card for card, pattern in PATTERNS[unicode].items() if pattern.search(text)}


def check(ctl: Controller) -> int:
    """Render the screen as shown and as a shared screen; return how many were checked."""
    unicode = ctl.look.unicode
    allowed = public(ctl) | own(ctl, ctl.viewer)
    text = screen_text(ctl, 80, 24) + "\n" + screen_text(ctl, 120, 40)
    leaked = shown_cards(text, unicode) - allowed
    assert not leaked, f"{ctl.screen} (viewer {ctl.viewer}) shows {leaked}:\n{text}"
    if ctl.screen == HANDOVER:
        assert not shown_cards(text, unicode), f"the hand-over shows cards:\n{text}"
    if ctl.viewer is not None and ctl.handover_needed():  # one player's cards are up: nobody else is marked
        pointer = "▶" if unicode else ">"
        marked = {line.split(pointer, 1)[1].split()[0] for line in text.splitlines() if pointer in line}
        marked = {name for name in marked if name in ctl.state.names}
        assert marked <= {ctl.state.names[ctl.viewer]}, f"{ctl.screen} marks {marked}:\n{text}"
    viewer, ctl.viewer = ctl.viewer, None
    try:
        shared = screen_text(ctl, 80, 24)
    finally:
        ctl.viewer = viewer
    leaked = shown_cards(shared, unicode) - public(ctl)
    assert not leaked, f"the shared {ctl.screen} screen shows {leaked}:\n{shared}"
    return 2


def play(ctl: Controller, rng: random.Random, steps: int = 4000) -> int:
    """Press the keys a table of people might press, checking every screen."""
    checked = 0
    for _ in range(steps):
        if ctl.finished:
            break
        checked += check(ctl)
        if ctl.screen == HANDOVER:
            ctl.reveal()
        elif ctl.screen in (PEEK, AGAIN, DEAL_OVER, RESUMED, SESSION_OVER):
            ctl.acknowledge()
        elif ctl.screen == WATCH:
            ctl.computer_step()
        elif ctl.screen == TURN and ctl.session.kind == "morkpoker":
            legal = ctl.session.legal()
            if legal.phase == "exchange":
                for i in rng.sample(range(5), rng.randint(0, 3)):
                    ctl.toggle_card(i)
                checked += check(ctl)
                ctl.confirm_exchange()
            else:
                actions = [o.action for o in legal.options]
                ctl.act(rng.choice([a for a in actions if a != "fold"] or actions) if rng.random() > 0.15 else "fold")
        elif ctl.screen == TURN:
            if ctl.phase == "betting":
                for _ in range(rng.randint(0, 3)):
                    ctl.bet_move(rng.choice((1, -1)))
                    ctl.bet_change(rng.randint(-1, 3))
                ctl.place_bets(sit_out=rng.random() < 0.1)
                if ctl.message and ctl.screen == TURN and ctl.phase == "betting":
                    ctl.place_bets(sit_out=True)  # the slip was refused: sit out instead
            else:
                ctl.toggle_hint()
                checked += check(ctl)
                ctl.decide(rng.random() < 0.6)
        else:
            raise AssertionError(f"stuck on {ctl.screen}: {ctl.message}")
    return checked


def _session(ruleset: str, names, stacks, computer, seed: int) -> Session:
    rules = load_rules(ruleset)
    game = game_for(rules)
    session = Session(game, game.new_state(), None, computer, RandomShuffler(seed), random.Random(seed))
    session.sit_down(names, stacks)
    return session


@pytest.mark.parametrize(
    "seed, computer, language, unicode",
    [
        (1, (False, False, False, False), "en", True),
        (2, (False, True, False, True), "nb", True),
        (3, (False, False, True, False), "en", False),
        (4, (True, False, True, True), "nb", False),  # one person among computers: always the viewer
    ],
)
def test_morkpoker_screens_show_no_unseen_card(seed, computer, language, unicode):
    session = _session("morkpoker", ("Ada", "Bo", "Cy", "Di"), (6, 14, 30, 9), computer, seed)
    ctl = Controller(translator(language), Look(unicode=unicode), session=session)
    checked = play(ctl, random.Random(seed))
    assert checked > 20
    assert any(type(e).__name__ == "CardsExchanged" for e in session.events)
    assert any(type(e).__name__ == "HandShown" for e in session.events)


@pytest.mark.parametrize(
    "ruleset, seed, computer",
    [
        ("three-card-poker", 5, (False, False, False)),
        ("three-card-poker-ru", 6, (False, True, False)),  # several boxes, a house bank
        ("three-card-poker-ro", 7, (False, False, True)),  # a fold forfeits Pair Plus
    ],
)
def test_three_card_screens_show_no_unseen_card(ruleset, seed, computer):
    session = _session(ruleset, ("Ada", "Bo", "Cy"), (30, 30, 30), computer, seed)
    ctl = Controller(translator("en" if seed % 2 else "nb"), Look(unicode=seed != 6), session=session)
    checked = play(ctl, random.Random(seed))
    assert checked > 30
    assert any(type(e).__name__ == "BoxFolded" for e in session.events)
    assert any(type(e).__name__ == "DealerRevealed" for e in session.events)


def test_a_folded_box_is_never_turned_over():
    from drawpoker.games.three_card.state import Box

    rules = load_rules("three-card-poker-ro")
    cards = tuple(DECK[:3])
    folded = Box(0, 1, 2, 0, 0, cards, 0, True, (-1, 0, 0, -2, 0, 0))
    assert not three_card_view.box_public(folded, rules)  # its Pair Plus is forfeited, not looked at
    assert three_card_view.box_public(folded, load_rules("three-card-poker"))  # paid after a fold: the dealer looks
    assert three_card_view.box_public(folded._replace(folded=False, play=1), rules)
    assert not three_card_view.box_public(folded._replace(result=None, folded=False, play=1), rules)
