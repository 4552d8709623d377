"""A test double of the table for the phones' server: real engine deals,
every seat a phone.

It does what the hot-seat controller will do in phase 2, through the
engine's public API and the client's own session: it publishes each seat's
view (:func:`drawpoker.phones.interim.draw_view`) with the public log, tries
each decision from :attr:`PhoneServer.decisions` with the engine, answers it
(taken, or the engine's reason in the table's language), deals the next
deal when one ends, and answers a second device's request as told.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from drawpoker.cards import parse_cards
from drawpoker.client.lines import plain
from drawpoker.client.log import deal_log
from drawpoker.client.look import Look
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler, StackedShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import game_for
from drawpoker.games.draw.commands import ChooseGame
from drawpoker.games.draw.stacking import stacked_deck
from drawpoker.notes import Note
from drawpoker.phones.interim import command_of, draw_view
from drawpoker.phones.limits import Limits
from drawpoker.phones.protocol import Decision
from drawpoker.phones.server import PhoneServer
from drawpoker.rules.loading import load_rules
from drawpoker.words.i18n import Translator
from drawpoker.words.refusals import translate_refusal

NAMES = ("Anna", "Bjørn", "Cato", "Dina", "Emil", "Frida")


def stacked(hands: Sequence[str], stock: str = "", button: int = 0, jokers: int = 0):
    """A deck that deals ``hands`` (by seat) from a table with the button at ``button``."""
    dealt = {seat: parse_cards(hand, jokers=jokers) for seat, hand in enumerate(hands)}
    return stacked_deck(dealt, button, len(hands), parse_cards(stock, jokers=jokers), jokers)


class PhoneTable:
    """The table: a session of ``ruleset`` whose every seat plays from a phone."""

    def __init__(
        self,
        ruleset: str = "morkpoker",
        players: int = 3,
        *,
        decks: Sequence[tuple] = (),
        stacks: Sequence[int] | None = None,
        language: str = "en",
        limits: Limits | None = None,
        coach: bool = True,
        approve: bool | None = None,
        seed: int = 7,
    ) -> None:
        rules = load_rules(ruleset)
        game = game_for(rules)
        shuffler = StackedShuffler(*decks) if decks else RandomShuffler(seed)
        self.session = Session(game, game.new_state(), None, [False] * players, shuffler)
        names = NAMES[:players]
        self.session.sit_down(names, tuple(stacks or [rules.session.starting_stack] * players), 0)
        self.start_stacks = tuple(self.session.state.stacks)
        self.server = PhoneServer(dict(enumerate(names)), language=language, limits=limits)
        self.tr = Translator(language)
        self.look = Look()
        self.coach = coach
        self.approve = approve  # None: leave second devices waiting (in ``asked``, to answer by hand)
        self.asked: list = []
        self.taken: list[Decision] = []  # decisions the engine took
        self.refusals: list[tuple[Decision, str]] = []
        self.result: list[str] = []
        self.published = 0
        self.stopped = False
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def game(self):
        return self.session.game

    @property
    def state(self):
        return self.session.state

    async def start(self) -> None:
        await self.server.start()
        self.deal()
        self.publish()
        self._tasks = [asyncio.create_task(self._decisions()), asyncio.create_task(self._approvals())]

    def deal(self) -> None:
        """The next deal; in dealer's choice the laptop's dealer picks its games in turn (phase 2: from a phone)."""
        games = getattr(self.game, "games", None)
        if games is not None and games() and not self.state.game_chosen:
            names = list(games())
            chosen = self.state.game if self.state.carried and self.state.game else names[self.state.deal % len(names)]
            self.session.submit(ChooseGame(chosen))
        self.session.deal()

    async def stop(self) -> None:
        self.stopped = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.server.stop()

    def url(self, seat: int) -> str:
        return self.server.address(seat)

    # ------------------------------------------------------------ what the phones are shown

    @property
    def events_all(self):
        """Every event of the session."""
        return self.session.events

    def events(self):
        return [event for _, events in self.session.chunks for event in events]

    def views(self) -> dict[int, dict]:
        events = self.events()
        return {
            seat: draw_view(self.game, self.state, seat, events, coach=self.coach) for seat in range(self.state.seats)
        }

    def public(self) -> dict:
        log = [plain(line) for line in deal_log(self.game, self.session.chunks, self.tr, self.look)]
        standings = [
            {"name": name, "chips": chips, "net": chips - start}
            for name, chips, start in zip(self.state.names, self.state.stacks, self.start_stacks, strict=True)
        ]
        return {"log": log, "result": self.result, "standings": standings, "seal": None, "notice": None}

    def publish(self) -> None:
        self.published += 1
        self.server.publish(self.views(), self.public())

    # ------------------------------------------------------------ what the phones say

    def handle(self, decision: Decision) -> None:
        command = command_of(self.game, self.state, decision)
        if isinstance(command, Note):
            reason = self.tr.say(command)
            self.refusals.append((decision, reason))
            self.server.answer(decision, reason)
            return
        try:
            self.session.submit(command)
        except IllegalAction as exc:
            reason = translate_refusal(str(exc), self.tr)
            self.refusals.append((decision, reason))
            self.server.answer(decision, reason)
            return
        self.taken.append(decision)
        self.server.answer(decision, None)
        if self.session.deal_just_ended and not self.session.over:
            self.result = [plain(line) for line in deal_log(self.game, self.session.chunks[-1:], self.tr, self.look)]
            self.deal()
        self.publish()

    async def _decisions(self) -> None:
        while True:
            self.handle(await self.server.decisions.get())

    async def _approvals(self) -> None:
        while True:
            approval = await self.server.approvals.get()
            self.asked.append(approval)
            if self.approve is not None:
                approval.answer(self.approve)


def private_cards(events) -> dict[int, dict[int, set]]:
    """Deal number -> seat -> the cards that seat held that deal and never
    showed (what no other seat's phone may ever be sent)."""
    out: dict[int, dict[int, set]] = {}
    deal = 0
    for event in events:
        name = type(event).__name__
        if name == "DealStarted":
            deal += 1
            out[deal] = {}
        elif name == "CardsDealt":
            out[deal].setdefault(event.seat, set()).update(event.cards)
        elif name == "CardsExchanged":
            out[deal].setdefault(event.seat, set()).update(event.drawn)
    deal = 0
    for event in events:
        name = type(event).__name__
        if name == "DealStarted":
            deal += 1
        elif name in ("HandShown", "OpenersShown"):
            out[deal].get(event.seat, set()).difference_update(event.cards)
    return out


def card_forms(card) -> tuple[str, ...]:
    """The ways a card can be written in a frame: its text (``As``) and with a suit symbol (``A♠``, ``10♠``)."""
    from drawpoker.cards import format_cards

    forms = [str(card), format_cards([card], unicode=True)]
    forms += [form.replace("T", "10", 1) for form in forms if form.startswith("T")]
    return tuple(dict.fromkeys(forms))


def leaks(frames, seat: int, events) -> list[str]:
    """What the frames received by ``seat``'s phone hold of another seat's
    unshown cards: the view and the log against the deal they show, the
    last deal's result against that deal."""
    import json
    import re

    hidden = private_cards(events)
    found = []
    for frame in frames:
        message = json.loads(frame)
        if message.get("t") != "state":
            if message.get("t") in ("welcome", "wait", "answer", "bye"):
                parts = [(json.dumps(message, ensure_ascii=False), None)]
            else:
                raise AssertionError(f"an unknown frame: {frame[:200]}")
        else:
            deal = message["view"]["deal"]
            current = json.dumps([message["view"], message["log"], message["notice"]], ensure_ascii=False)
            parts = [(current, deal), (json.dumps(message["result"], ensure_ascii=False), deal - 1)]
            rest = {k: v for k, v in message.items() if k not in ("t", "view", "log", "notice", "result")}
            parts.append((json.dumps(rest, ensure_ascii=False), deal))
        for text, deal in parts:
            deals = [deal] if deal is not None else list(hidden)
            for d in deals:
                for other, cards in hidden.get(d, {}).items():
                    if other == seat:
                        continue
                    for card in cards:
                        for form in card_forms(card):
                            if re.search(rf"(?<![A-Za-z0-9]){re.escape(form)}(?![A-Za-z0-9])", text):
                                found.append(f"deal {d}: seat {seat} was sent seat {other}'s {form}")
    return found
