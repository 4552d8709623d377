"""A test double of the table for the phones' server: real engine deals,
every seat a phone.

It does what the hot-seat controller does with phones, through the
engine's public API and the client's own session: it publishes each seat's
view (:func:`drawpoker.games.view.phone_view`: the core's seat view in the
phones' shape) with the public log, turns each decision from
:attr:`PhoneServer.decisions` into the game's command
(:func:`drawpoker.games.view.command_for` on the seat's own view, with
:func:`drawpoker.phones.protocol.decision_of`), tries it with the engine,
answers it (taken, or the reason in the table's language), deals the next
deal when one ends (or, with ``hold``, when :meth:`PhoneTable.next_deal` is
called), and answers a second device's request as told. In dealer's choice
the dealer's phone picks the game (``dealer_chooses``), or the table picks
the games in turn.

Both games: Mørkpoker and the draw variants, and Three Card Poker.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from typing import Any

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
from drawpoker.games.view import command_for, phone_view, seat_view
from drawpoker.notes import Note
from drawpoker.phones.limits import Limits
from drawpoker.phones.protocol import Decision, decision_of
from drawpoker.phones.server import PhoneServer
from drawpoker.rules.loading import load_rules
from drawpoker.words.i18n import Translator
from drawpoker.words.refusals import as_sentence

NAMES = ("Anna", "Bjørn", "Cato", "Dina", "Emil", "Frida")
#: Anna's aces, Bjørn's kings and Cato's four hearts, and the stock they draw from
HANDS = ["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c", "5h 6h 7h 8h 2c"]
STOCK = "Ac Ks 9h 3d Qd 3c 4c 5c 6c"


def run(coro: Any, timeout: float = 180) -> Any:
    """Run one test's coroutine, bounded: a test never hangs."""

    async def bounded() -> Any:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


def stacked(hands: Sequence[str], stock: str = "", button: int = 0, jokers: int = 0):
    """A deck that deals ``hands`` (by seat) from a table with the button at ``button``."""
    dealt = {seat: parse_cards(hand, jokers=jokers) for seat, hand in enumerate(hands)}
    return stacked_deck(dealt, button, len(hands), parse_cards(stock, jokers=jokers), jokers)


def tcp_deck(boxes: Sequence[str], dealer: str):
    """A Three Card Poker deck dealing ``boxes`` (in the order the boxes are
    taken) and then the dealer's three cards; the rest of the deck after them."""
    from drawpoker.cards import DECK

    top = [card for hand in (*boxes, dealer) for card in parse_cards(hand)]
    return tuple(top) + tuple(card for card in DECK if card not in top)


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
        hold: bool = False,
        dealer_chooses: bool = False,
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
        self.hold = hold  # a finished deal stays on the phones until next_deal()
        self.dealer_chooses = dealer_chooses  # dealer's choice: the dealer's phone picks the game
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

    def choice_pending(self) -> bool:
        """Dealer's choice: the next deal waits for its dealer to pick the game."""
        rotation = getattr(self.game, "rotation", None)
        return rotation is not None and self.state.phase == "between_deals" and rotation(self.state) is not None

    def deal(self) -> None:
        """The next deal. In dealer's choice the dealer picks the game first:
        on the phone (``dealer_chooses``: the deal waits for it), or the
        table picks the games in turn."""
        if self.choice_pending():
            if self.dealer_chooses:
                return
            self.session.submit(ChooseGame(self.game.rotation(self.state)))
        self.session.deal()

    def next_deal(self) -> None:
        """With ``hold``: the finished deal is acknowledged; deal the next one."""
        if self.state.phase == "between_deals":
            self.deal()
            self.publish()

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

    def views(self) -> dict[int, dict]:
        return {
            seat: phone_view(self.game, self.state, seat, coach=self.coach, words=self.tr)
            for seat in range(self.state.seats)
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

    def _refuse(self, decision: Decision, reason: str) -> None:
        self.refusals.append((decision, reason))
        self.server.answer(decision, reason)

    def handle(self, decision: Decision) -> None:
        view = seat_view(self.game, self.state, decision.seat)
        try:
            command = command_for(self.game, view, decision_of(decision))
        except ValueError as exc:
            why = exc.args[0] if exc.args else ""
            self._refuse(decision, self.tr.say(why) if isinstance(why, Note) else str(why))
            return
        try:
            self.session.submit(command)
        except IllegalAction as exc:
            self._refuse(decision, as_sentence(exc.note, self.tr))
            return
        self.taken.append(decision)
        self.server.answer(decision, None)
        if self.session.deal_just_ended and not self.session.over:
            self.result = [plain(line) for line in deal_log(self.game, self.session.chunks[-1:], self.tr, self.look)]
            if not self.hold:
                self.deal()
        elif isinstance(command, ChooseGame):
            self.session.deal()
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


# ---------------------------------------------------------------- what no phone may be sent


def private_cards(events) -> dict[int, dict[int, set]]:
    """Deal number -> seat -> the cards that seat held that deal and never
    showed (what no other seat's phone may ever be sent). Draw games."""
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


class TcpSecrets:
    """Three Card Poker, round by round (the events replayed): each seat's
    boxes' cards and the dealer's. Before a round is settled every box's
    cards but one's own, and the dealer's, are secret; after it, the boxes
    the table never turned over (a box that folded with only its ante, or
    its Pair Plus forfeited) stay secret for good."""

    def __init__(self, game: Any, events: Sequence[Any]) -> None:
        from drawpoker.games.three_card.state import box_shown

        self.boxes: dict[int, dict[int, set]] = {}  # round -> seat -> every card of its boxes
        self.unshown: dict[int, dict[int, set]] = {}  # round -> seat -> cards of its boxes never turned over
        self.dealer: dict[int, set] = {}  # round -> the dealer's cards
        state = game.new_state()
        for event in events:
            game.apply(state, event)
            name = type(event).__name__
            if name == "BoxDealt":
                self.boxes.setdefault(state.round, {}).setdefault(event.seat, set()).update(event.cards)
            elif name == "DealerRevealed":
                self.dealer[state.round] = set(event.cards)
            elif name == "RoundClosed":
                unshown = self.unshown.setdefault(state.round, {})
                for box in state.boxes:
                    if box.cards and not box_shown(box, game.rules):
                        unshown.setdefault(box.seat, set()).update(box.cards)

    def secret(self, deal: int, seat: int, settled: bool) -> dict[str, set]:
        """What ``seat``'s phone may not be sent of round ``deal``: who holds it -> the cards."""
        out: dict[str, set] = {}
        holders = self.unshown.get(deal, {}) if settled else self.boxes.get(deal, {})
        for other, cards in holders.items():
            if other != seat:
                out[f"seat {other}'s"] = set(cards)
        if not settled and self.dealer.get(deal):
            out["the dealer's"] = set(self.dealer[deal])
        return out


def card_forms(card) -> tuple[str, ...]:
    """The ways a card can be written in a frame: its text (``As``) and with a suit symbol (``A♠``, ``10♠``)."""
    from drawpoker.cards import format_cards

    forms = [str(card), format_cards([card], unicode=True)]
    forms += [form.replace("T", "10", 1) for form in forms if form.startswith("T")]
    return tuple(dict.fromkeys(forms))


def _found(text: str, cards: set) -> list[str]:
    return [
        form
        for card in cards
        for form in card_forms(card)
        if re.search(rf"(?<![A-Za-z0-9]){re.escape(form)}(?![A-Za-z0-9])", text)
    ]


#: the phases in which a deal is over (the result the news carries is this deal's own)
_OVER = ("between_deals", "choose_game", "session_over")


def leaks(frames, seat: int, events, game: Any = None) -> list[str]:
    """What the frames received by ``seat``'s phone hold of another seat's
    unshown cards: the view and the log against the deal they show, the
    last deal's result against that deal. Three Card Poker (``game``
    given): before a round is settled no other box's cards and not the
    dealer's; after it, no box's the table did not turn over."""
    tcp = game is not None and game.rules.game == "three-card-poker"
    hidden = TcpSecrets(game, events) if tcp else private_cards(events)

    def secret(deal: int, settled: bool) -> dict[str, set]:
        if tcp:
            return hidden.secret(deal, seat, settled)
        return {f"seat {other}'s": cards for other, cards in hidden.get(deal, {}).items() if other != seat}

    found = []
    for frame in frames:
        message = json.loads(frame)
        kind = message.get("t")
        if kind in ("welcome", "wait", "answer", "bye"):
            deals = sorted(hidden.boxes if tcp else hidden)
            parts = [(json.dumps(message, ensure_ascii=False), d, False) for d in deals]
        elif kind == "state":
            view = message["view"]
            deal, phase = view["deal"], view["phase"]
            settled = phase in _OVER
            current = json.dumps([view, message["log"], message["notice"]], ensure_ascii=False)
            result_deal = deal if settled else deal - 1
            rest = {k: v for k, v in message.items() if k not in ("t", "view", "log", "notice", "result")}
            parts = [
                (current, deal, settled),
                (json.dumps(message["result"], ensure_ascii=False), result_deal, True),
                (json.dumps(rest, ensure_ascii=False), deal, settled),
            ]
        else:
            raise AssertionError(f"an unknown frame: {frame[:200]}")
        for text, deal, settled in parts:
            for whose, cards in secret(deal, settled).items():
                for form in _found(text, cards):
                    found.append(f"deal {deal}: seat {seat} was sent {whose} {form}")
    return sorted(set(found), key=found.index)
