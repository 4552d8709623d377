"""What the screen shows next and what a key does: the client's logic,
without a terminal.

The :class:`Controller` holds the screen being shown (setup, a hand-over,
a player's turn, a computer's turn, the end of a deal...) and who may see
private cards on it (``viewer``). Keys arrive as method calls; commands go
to the engine through the :class:`~drawpoker.client.session.Session`,
which writes the history before anything is shown. The prompt_toolkit
layer (:mod:`drawpoker.client.app`) only binds keys to these methods and
draws :func:`drawpoker.client.screens.screen`.

Privacy: a player's cards appear only on a turn that follows that
player's hand-over (or, with a single person among computers, to that
person). After the action the cards are hidden before the next hand-over.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from drawpoker.bots.loading import BotError
from drawpoker.client.draw.amount import AmountEntry
from drawpoker.client.draw.view import amount_message
from drawpoker.client.evening import EveningMenu
from drawpoker.client.keys import PASTE, digit, key_name
from drawpoker.client.look import Look
from drawpoker.client.phones import PhoneLink
from drawpoker.client.session import Session
from drawpoker.client.setup import SetupModel
from drawpoker.client.three_card.bets import BetEditor
from drawpoker.errors import HistoryError, IllegalAction
from drawpoker.games.draw.decide import DrawGame
from drawpoker.games.draw.in_play import game_in_play
from drawpoker.notes import N_, Note
from drawpoker.words.i18n import Translator
from drawpoker.words.refusals import as_sentence

__all__ = [
    "Controller",
    "CHOOSE",
    "SETUP",
    "RESUMED",
    "HANDOVER",
    "TURN",
    "AGAIN",
    "WATCH",
    "PEEK",
    "DEAL_OVER",
    "SESSION_OVER",
    "FAILED",
    "ASK",
    "DRAWN",
    "PHONE",
]

SETUP = "setup"
RESUMED = "resumed"  # a resumed session's notes, before play goes on
HANDOVER = "handover"  # "Pass to Bjørn": nobody's cards
TURN = "turn"  # a person acts (privately after a hand-over)
AGAIN = "again"  # the person who just acted acts again, in the next part of the deal: "your turn again"
WATCH = "watch"  # a computer is about to act
PEEK = "peek"  # a person sees the cards just drawn, then hides them
DEAL_OVER = "deal_over"  # the end of a deal: showdown, pots, standings
CHOOSE = "choose"  # dealer's choice: the dealer picks the next deal's game
SESSION_OVER = "session_over"
FAILED = "failed"  # the history could not be written (or an automatic move was refused)
ASK = "ask"  # a broke player is asked whether to buy again (when_broke: ask)
DRAWN = "drawn"  # the seats or the first dealer were drawn: the cards, for everyone to see
PHONE = "phone"  # the player to act decides on their own phone: the laptop shows the public table

Starter = Callable[[SetupModel], Session]

#: how a phone's page writes cards (with their suits' symbols, tens as 10): a refusal to a phone names them so
PHONE_LOOK = Look(unicode=True)

_Method = TypeVar("_Method", bound=Callable[..., Any])


def _key(method: _Method) -> _Method:
    """A key's method: the question the screen asked (fold? stand pat?) is
    answered by this key, for the method to read in ``self._answered``; any
    other key has let it go."""

    @functools.wraps(method)
    def heard(self: Controller, *args: Any, **kwargs: Any) -> Any:
        self._answered, self.question = self.question, None
        return method(self, *args, **kwargs)

    return heard  # type: ignore[return-value]


class Controller:
    """The client's state: the screen, the viewer, the message, the overlays."""

    def __init__(
        self,
        tr: Translator,
        look: Look,
        *,
        session: Session | None = None,
        setup: SetupModel | None = None,
        start: Starter | None = None,
        pause: float = 0.0,
        notes: Sequence[Note | str] | None = None,
    ) -> None:
        if session is None and (setup is None or start is None):
            raise ValueError("a controller needs a session, or a setup and a way to start one")
        self.tr = tr
        self.look = look
        self.session = session
        self.setup = setup
        self._start = start
        self.pause = pause
        self.notes = list(notes or [])
        self.screen = SETUP if session is None else RESUMED
        self.viewer: int | None = None
        self.revealed: int | None = None
        #: the person the laptop was last handed to (None once the whole table has looked, at a deal's end)
        self.holder: int | None = None
        #: Three Card Poker: a person handed the laptop only to look at a box that needs no decision
        self.looking: int | None = None
        #: Three Card Poker: the people who have looked at such boxes this round
        self.looked: set[int] = set()
        self.message: str | None = None
        #: why the game stopped (the FAILED screen says it; a key's message does not replace it)
        self.failure: str | None = None
        self.help_open = False
        self.help_scroll = 0
        self.quit_asked = False
        self.finished: str | None = None  # "quit" or "done" when the app should end
        self.selected: list[int] = []  # Mørkpoker: cards chosen to exchange
        self.hint_shown = False  # Three Card Poker: the strategy hint
        self.coach_shown = False  # Mørkpoker: the draw coach's odds
        self._coach_cache: tuple[Any, Any] | None = None
        self.bets = BetEditor()
        self.amount: AmountEntry | None = None  # Mørkpoker in pot and no limit: the amount being chosen
        #: the table menu (the T key): arrivals, leaving, sitting out, the computer, add-ons, the end
        self.menu: EveningMenu | None = None
        #: the broke player asked whether to buy again (the ASK screen)
        self.asking: int | None = None
        #: the broke have answered: the table pauses between deals as at a deal's end (Enter deals, T the menu)
        self.answered_broke = False
        #: the draws for the seats and the first dealer have been shown
        self.draws_shown = False
        #: a question on the screen that the same key again answers yes: "fold" (checking is free),
        #: "stand_pat" (Enter with no card chosen); any other key lets it go
        self.question: str | None = None
        self._answered: str | None = None
        #: Mørkpoker: 0 was pressed in the exchange (keep every card): Enter stands pat without asking
        self.pat_chosen = False
        #: the seat that acted last acts again, in the next part of the deal or on its next box (see AGAIN)
        self.again: int | None = None
        #: the players' phones (``play --phones``): None when the table plays hot-seat only
        self.phones: PhoneLink | None = None
        #: second devices asking for a seat a phone holds, waiting for a yes at the laptop
        self.approvals: list[Any] = []
        #: seats their players have played at the laptop: a phone takes one only with a yes at the laptop
        #: (anyone at the table can see its code)
        self.at_laptop: set[int] = set()
        #: the join addresses and QR codes on the screen (Q), and the seat shown
        self.phones_open = False
        self.phones_at = 0
        #: the seat of a newcomer the table was told "Q shows the code for Dina's phone." of: Q shows it first
        self.phones_newcomer: int | None = None
        #: the next deal cannot be dealt now (everyone but one sits out): the table menu mends it
        self.cannot_deal = False
        #: the help's last scroll position (the help sets it as it draws)
        self.help_end = 0
        #: what the help says at its foot after an arrow that could not scroll
        self.help_note: str | None = None
        #: the application asks the computers (their bots' decisions, and their looks at a deal's end) on a
        #: thread of its own, and the table answers keys meanwhile; False: the controller asks them itself,
        #: in line (a controller driven without the application running, as the tests do)
        self.aside = False

    # ------------------------------------------------------------ queries

    @property
    def game_kind(self) -> str:
        """``morkpoker`` or ``three-card-poker`` (the rules' game before the session starts)."""
        if self.session is not None:
            return self.session.kind
        assert self.setup is not None
        kind: str = self.setup.rules.game
        return kind

    @property
    def state(self) -> Any:
        """The session's state."""
        assert self.session is not None
        return self.session.state

    @property
    def to_act(self) -> int | None:
        """The seat the engine waits for."""
        return None if self.session is None else self.session.state.to_act

    @property
    def phase(self) -> str | None:
        """The engine's phase."""
        return None if self.session is None else self.session.state.phase

    def handover_needed(self) -> bool:
        """More than one person still plays: private cards need a hand-over."""
        assert self.session is not None
        return len(self.session.humans_remaining()) > 1

    def solo_viewer(self) -> int | None:
        """The only person among computers, who may always see their own cards
        (not one who holds them on a phone: the laptop is then the table)."""
        assert self.session is not None
        humans = self.session.humans_remaining()
        return humans[0] if len(humans) == 1 and not self.on_phone(humans[0]) else None

    def private_turn(self) -> bool:
        """The player to act needs to see private cards to decide."""
        if self.game_kind == "morkpoker":
            return self.to_act is not None
        return self.phase == "deciding"

    @property
    def overlay_open(self) -> bool:
        """Help, the quit question, the table menu, the phones' codes or a phone's request is on the screen."""
        return self.help_open or self.quit_asked or self.menu is not None or self.phones_open or bool(self.asked())

    # ------------------------------------------------------------ phones

    def on_phone(self, seat: int | None) -> bool:
        """A phone holds ``seat``: that player decides there, without a hand-over."""
        return seat is not None and self.phones is not None and self.phones.holds(seat)

    def waiting_seat(self) -> int | None:
        """The seat the table waits for: the player to act, or in dealer's choice the dealer picking."""
        if self.choosing():
            return self.dealer()
        return self.to_act

    def asked(self) -> Any:
        """The first second-device request still waiting for the laptop's answer (None: none)."""
        self.approvals = [a for a in self.approvals if not a.answered]
        return self.approvals[0] if self.approvals else None

    def answer_approval(self, yes: bool) -> None:
        """Y or N to "a second phone asks for Bjørn's seat"."""
        approval = self.asked()
        if approval is not None:
            approval.answer(yes)
            self.approvals.remove(approval)
            name = approval.name
            said = (
                self.tr._("{name}'s seat moves to the new phone.")
                if yes
                else self.tr._("The new phone was not let in.")
            )
            self.message = said.format(name=name)

    def phone_decision(self, decision: Any) -> str | None:
        """A decision from ``decision.seat``'s phone: taken (None) and the
        game goes on, or the reason it was refused, in the table's language.
        The engine decides, as for a key press at the laptop."""
        from drawpoker.games.view import command_for, seat_view
        from drawpoker.phones.protocol import decision_of

        tr = self.tr
        session = self.session
        self.follow_phones()  # a phone that just took the seat: the laptop may not have looked yet
        if self.screen == FAILED:
            return tr._("The game has stopped.")
        if decision.action in ("rebuy", "decline"):  # "out of chips: buy N more?" (when_broke: ask)
            return self._phone_rebuy(decision.seat, decision.action == "rebuy")
        if session is None or self.screen != PHONE or self.waiting_seat() != decision.seat:
            return tr._("It is not your turn.")
        if self.menu is not None:
            return tr._("The table menu is open at the laptop: decide again when it is closed.")
        try:
            view = seat_view(session.game, session.state, decision.seat)
            said = decision_of(decision)
            hand = [str(card) for card in getattr(view, "hand", ())]
            if said.act == "exchange" and all(card in hand for card in said.cards):
                said = said._replace(cards=tuple(sorted(said.cards, key=hand.index)))  # as the laptop writes them
            command = command_for(session.game, view, said)
        except ValueError as exc:
            what = exc.args[0] if exc.args else ""
            return tr._("The table cannot take {what}.").format(
                what=tr.say(what) if isinstance(what, Note) else str(what)
            )
        try:
            session.submit(command)
        except IllegalAction as exc:
            return self._refusal(exc, PHONE_LOOK)  # (the page draws its cards with their suits' symbols)
        except HistoryError as exc:
            self.failure = tr.say(exc.note)
            self.screen = FAILED
            self.viewer = None
            return self.failure
        self.again = None
        self.revealed = None
        self.message = None  # as a key at the laptop would: what the line said is over (a refused key, a request)
        self._advance()
        return None

    def _phone_rebuy(self, seat: int, yes: bool) -> str | None:
        """The broke player's yes or no from their phone, as Y or N at the laptop
        would be: only while the laptop asks that seat (None: taken)."""
        if self.screen != ASK or self.asking != seat:
            return self.tr._("It is not your turn.")
        self.message = None
        self.answer_rebuy(yes)
        if self.screen == FAILED:
            return self.failure
        if self.screen == ASK and self.asking == seat:  # refused: the question stays, the reason said
            return self.message or self.tr._("It is not your turn.")
        return None

    def follow_phones(self) -> bool:
        """A phone just took the seat the laptop is waiting for (at its
        hand-over, or even with its cards up): the laptop hides them and the
        player decides on the phone. True: the screen changed."""
        if self.session is None or self.screen not in (HANDOVER, TURN, AGAIN, CHOOSE) or self.menu is not None:
            return False
        seat = self.handover_seat if self.screen == HANDOVER else self.waiting_seat()
        if not self.on_phone(seat) or (self.screen == HANDOVER and self.looking is not None):
            return False
        self.amount = None
        self._advance()
        return True

    @_key
    def take_back(self, seat: int | None = None) -> None:
        """L: the seat waiting for its phone (or ``seat``) plays at the laptop
        again, with a hand-over; its phone is told."""
        if seat is None:
            seat = self.waiting_seat() if self.screen == PHONE else None
        if seat is None or self.phones is None or not self.phones.holds(seat):
            self.message = self.tr._("No phone holds a seat that the table is waiting for.")
            return
        self.phones.take_back(seat)
        self.at_laptop.add(seat)
        self.message = self.tr._("{name} plays at the laptop again.").format(name=self.state.names[seat])
        if self.screen == PHONE:
            self._advance()

    def open_phones(self) -> None:
        """Q: the seats' join addresses and QR codes."""
        if self.phones is None or self.session is None:
            self.message = self.tr._("This table plays without phones (drawpoker play --phones).")
            return
        self.phones.refresh(self)  # the seats as they are now
        seats = self.phones.seats()
        if not seats:
            self.message = self.tr._("No seat can be joined from a phone: every player here is a computer.")
            return
        self.phones_open = True
        self.phones_at = min(self.phones_at, len(seats) - 1)
        if self.phones_newcomer in seats:  # the code the line under the table named
            self.phones_at = seats.index(self.phones_newcomer)
        self.phones_newcomer = None
        self.message = None

    def phones_key(self, key: str) -> None:
        """A key while the join codes are on the screen."""
        assert self.phones is not None
        seats = self.phones.seats()
        if key in ("left", "up"):
            self.phones_at = (self.phones_at - 1) % max(1, len(seats))
        elif key in ("right", "down", "tab"):
            self.phones_at = (self.phones_at + 1) % max(1, len(seats))
        elif key in ("enter", "escape", "q", "Q"):
            self.phones_open = False
            self.message = None
        elif key in ("l", "L") and seats:
            seat = seats[self.phones_at % len(seats)]
            if self.phones.holds(seat):
                self.phones.take_back(seat)
                self.at_laptop.add(seat)
                self.message = self.tr._("{name} plays at the laptop again.").format(name=self.state.names[seat])
                if self.screen == PHONE:
                    self._advance()
            else:
                self.message = self.tr._("No phone holds {name}'s seat.").format(name=self.state.names[seat])
        elif digit(key) and int(key) - 1 in seats:  # the seat's number, as the table and the log number seats
            at = seats.index(int(key) - 1)
            if self.phones_at == at:  # the seat shown already: say so
                name = self.state.names[seats[at]]
                self.message = self.tr._("The code on the screen is {name}'s.").format(name=name)
            self.phones_at = at
        elif digit(key) and self.session is not None and 1 <= int(key) <= len(self.session.state.names):
            self.message = self.tr._("Seat {n} has no code: only a person's seat is joined from a phone.").format(
                n=int(key)
            )
        else:
            shown = key_name(key)
            said = self.tr._(
                "The key {key} does nothing here: ←→ another seat, L take a seat back to the laptop, Enter close."
            ).format(key=shown)
            if key == PASTE:
                said = self.tr._(
                    "Pasted text does nothing here: ←→ another seat, L take a seat back to the laptop, Enter close."
                )
            self.message = said

    # ------------------------------------------------------------ the flow

    def _advance(self) -> None:
        """Go on until a person must act or look: run forced steps and, with
        no pause, the computers' turns."""
        session = self.session
        assert session is not None
        while True:
            if session.unseen and not self.aside:  # the bots look at the deal's end (asked here, in line)
                session.looked(session.look())
            state = session.state
            if session.over:
                # the last deal's showdown and pots come first, then the standings
                self._show(DEAL_OVER if session.deal_just_ended else SESSION_OVER)
                return
            if session.between_deals:
                if session.deal_just_ended:
                    self._show(DEAL_OVER)
                    self._phone_codes_for_newcomers()
                    return
                drawn = self._draws()
                if drawn is not None:
                    if drawn:
                        continue
                    return
                asked = self._ask()
                if asked is not None:
                    if asked:
                        continue
                    return
                if self.answered_broke:  # every broke player has answered: a pause, as at a deal's end
                    self._show(DEAL_OVER)
                    return
                choice = self._game_choice()
                if choice == CHOOSE:
                    self._show(PHONE if self.on_phone(self.dealer()) else CHOOSE)
                    return
                if choice == WATCH:  # a computer deals and picks the game
                    self._show(WATCH)
                    if self.pause > 0 or self.aside or not self._computer_acts():
                        return
                    continue
                if not self._deal():
                    return
                continue
            seat = state.to_act
            if seat is None:  # cannot happen with a valid engine: it moves on by itself
                self._show(DEAL_OVER)
                return
            forced = self._forced_command()
            if forced is not None:
                if not self._try(functools.partial(session.submit, forced)):
                    return
                continue
            onlooker = self._waiting_onlooker()
            if onlooker is not None:
                self.looking = onlooker
                if self.holder == onlooker:
                    self._show(PEEK)
                    self.viewer = onlooker
                else:
                    self._show(HANDOVER)
                return
            if session.is_computer(seat):
                self._show(WATCH)
                if self.pause > 0 or self.aside or not self._computer_acts():
                    return
                continue
            if self.on_phone(seat):  # no hand-over: the player decides on the phone
                self._show(PHONE)
                return
            if self.private_turn() and self.handover_needed() and self.revealed != seat:
                if self.holder != seat:
                    self._show(HANDOVER)
                    return
                self.revealed = seat  # the laptop is already with this player: no hand-over to themselves
            if self.again == seat:
                self._show(AGAIN)  # "your turn again": the Enter of a hand-over habit stops here
                return
            self._show(TURN)
            if self.private_turn() and self.handover_needed():
                self.viewer = seat
            if self.game_kind != "morkpoker" and state.phase == "betting":
                self.bets.start(seat, session.legal().limits)
            return

    # ------------------------------------------------------------ the evening

    def _draws(self) -> bool | None:
        """Before the first deal: the first dealer drawn where the house draws
        for it, and the draws (seats, dealer) shown to everyone. None: nothing
        to do; True: go on; False: a screen is shown (or the game stopped)."""
        from drawpoker.games.evening import DrawDealer

        session = self.session
        assert session is not None
        state = session.state
        number = state.deal if hasattr(state, "deal") else state.round
        if number != 0 or self.draws_shown:
            return None
        rotating = session.kind == "morkpoker" or state.rotating
        drawing = session.game.rules.session.first_dealer == "drawn" and rotating and not state.dealer_drawn
        if drawing and not self._try(lambda: session.submit(DrawDealer(session.shuffler.shuffle(0)[0]))):
            return False
        if any(type(e).__name__ in ("SeatsDrawn", "DealerDrawn") for e in session.events):
            self._show(DRAWN)
            return False
        self.draws_shown = True
        return None

    def drawn_lines(self) -> list[str]:
        """What the draws were, for the DRAWN screen."""
        session = self.session
        assert session is not None
        drawn = [e for e in session.events if type(e).__name__ in ("SeatsDrawn", "DealerDrawn")]
        return [text for text in map(self._evening_text, drawn) if text is not None]

    def _evening_text(self, event: Any, names: Any = None, rebuy: bool = False) -> str | None:
        """What one of the evening's events says (None for any other event), the table as it is now
        (or as ``names`` seat it: the table just after the event)."""
        from drawpoker.client.look import plain_cards
        from drawpoker.rules.model import blinds_vary
        from drawpoker.words.evening_text import evening_event_text

        session = self.session
        assert session is not None
        return evening_event_text(
            event,
            session.state.names if names is None else names,
            self.tr,
            lambda cards: plain_cards(cards, self.look),
            rounds=session.kind != "morkpoker",
            blinds_vary=blinds_vary(session.game.rules),
            rebuy=rebuy,
        )

    def _refusal(self, exc: IllegalAction, look: Look | None = None) -> str:
        """The engine's refusal in the player's language (a note, or a sentence the patterns know),
        as the sentence on its own that the message line, a phone or the setup shows; the cards it
        names as the table writes them (``10♣``, ``10c`` in ASCII), in ``look`` or the laptop's."""
        return as_sentence(exc.note, self.tr, (look or self.look).written)

    def computers_broke(self, exc: Exception) -> None:
        """Something no bot's failure explains went wrong while the computers
        played (a bug in drawpoker): the game stops and says so, instead of a
        table that waits for ever. The history holds every move made."""
        self._stopped(
            self.tr._(
                "The computers' play stopped on an error ({error}); this is a bug in drawpoker. Everything played "
                "is saved: drawpoker play --resume goes on from there."
            ).format(error=type(exc).__name__)
        )

    def _stopped(self, why: str) -> bool:
        """The game stops (the FAILED screen says ``why``): False, for the caller to return."""
        self.failure = why
        self.screen = FAILED
        self.viewer = None
        return False

    def _ask(self) -> bool | None:
        """``when_broke: ask``: a broke player decides before the next deal
        (a computer buys again). None: nobody to ask; True: go on; False: the
        question is on the screen (or the game stopped)."""
        from drawpoker.games.evening import Rebuy

        session = self.session
        assert session is not None
        # one who stepped away as the deal that took their last chips ended is asked now, at the table,
        # not when coming back (docs/rules.md 6.3)
        asked = session.game.evening.asked(session.state, away=True)
        if not asked:
            return None
        seat = asked[0]
        if session.is_computer(seat):
            return self._try(lambda: session.submit(Rebuy(seat)))
        self.asking = seat
        self._show(ASK)
        return False

    def answer_rebuy(self, yes: bool) -> None:
        """Y or N on the question "out of chips: buy N more?"."""
        from drawpoker.games.evening import Decline, Rebuy

        if self.screen != ASK or self.asking is None:
            return
        seat = self.asking
        if self._submit_evening(Rebuy(seat) if yes else Decline(seat)):
            self.asking = None
            # a pause before the next deal, as at every deal's end (the table menu: someone leaves or
            # arrives, the end), not the deal at once; another broke player is asked first
            self.answered_broke = True
            self._advance()

    def menu_allowed(self) -> bool:
        """The table menu opens between deals (at a deal's end), at a hand-over (a request), and
        while a player decides on their phone: the laptop then shows only the public table, as at
        a hand-over, and with every person on a phone there is no hand-over to wait for. Not while
        the dealer picks the next deal's game, on the phone as at the laptop."""
        if self.session is None or self.session.over or self.choosing():
            return False
        return self.screen in (DEAL_OVER, HANDOVER, PHONE)

    def choosing(self) -> bool:
        """Dealer's choice: the dealer picks the next deal's game now (at the laptop, on the
        phone, or a computer dealer)."""
        return self.screen == CHOOSE or (self.screen in (PHONE, WATCH) and self.to_act is None)

    def open_menu(self) -> None:
        """T: the table menu."""
        assert self.session is not None
        if not self.menu_allowed():
            self.message = self._menu_closed()
            return
        self.message = None
        session = self.session
        # the computer players (set up so, or who joined as one): not a person's seat the computer plays a while
        computers = [seat for seat in range(len(session.state.names)) if not session.a_persons(seat)]
        self.menu = EveningMenu(session.game, session.state, self.tr, computers, session.ledger.named)

    def _menu_closed(self) -> str:
        """Why T does not open the table menu now."""
        if self.choosing():
            # (dealer's choice, between deals: the game first, then the deal; on a phone or a computer dealer too)
            return self.tr._(
                "The dealer is choosing the next deal's game; the table menu (T) opens again at a hand-over "
                "or at the end of that deal."
            )
        if self.game_kind == "morkpoker":
            return self.tr._("The table menu (T) opens at the end of a deal or at a hand-over.")
        return self.tr._("The table menu (T) opens at the end of a round or at a hand-over.")

    def menu_key(self, key: str) -> None:
        """A key in the table menu: an answer, or the change itself."""
        menu = self.menu
        if menu is None:
            return
        command = menu.key(key)
        self.message = menu.message
        if command is not None:
            self._submit_evening(command)
            self.menu = None
            if self.session is not None and self.session.over and self.screen in (HANDOVER, PHONE):
                self._advance()
        elif menu.done:
            self.menu = None

    def _phone_codes_for_newcomers(self) -> None:
        """At a deal's end that seated newcomers asked for during it, at a table with phones: how
        each gets their cards on a phone ("Q shows the code for Dina's phone.")."""
        session = self.session
        if self.phones is None or session is None or not session.chunks:
            return
        joined = [e for e in session.chunks[-1][1] if type(e).__name__ == "PlayerJoined" and not e.bot]
        if joined:
            self.message = " ".join(
                self.tr._("Q shows the code for {name}'s phone.").format(name=event.name) for event in joined
            )
            self.phones_newcomer = joined[0].seat

    def _submit_evening(self, command: Any) -> bool:
        """One of the evening's commands: done (the log says what happened) or refused in one sentence."""
        session = self.session
        assert session is not None
        before = session.state  # (submit makes a new state: this one stays as it was)
        try:
            events = session.submit(command)
        except IllegalAction as exc:
            self.message = self._refusal(exc)
            return False
        except HistoryError as exc:
            return self._stopped(self.tr.say(exc.note))
        # each event said with the table just after it, as the log says it: a player who declines to buy
        # again is named, though the same command then empties the seat
        from drawpoker.games.evening import joined_as_rebuy

        table = before.copy()
        said = []
        for event in events:
            rebuy = joined_as_rebuy(table, event)  # (the table before it)
            session.game.apply(table, event)
            text = self._evening_text(event, table.names, rebuy)
            if text is None and type(event).__name__ in ("PlayerRebought", "RebuyTaken"):  # Y to "buy more?"
                from drawpoker.words.evening_text import rebought_text

                text = rebought_text(table.names[event.seat], event.amount, self.tr)
            said.append(text)
            if self.phones is not None and type(event).__name__ == "PlayerJoined" and not event.bot:
                # a newcomer at a table with phones: how they get their own (the codes are behind Q)
                said.append(self.tr._("Q shows the code for {name}'s phone.").format(name=event.name))
                self.phones_newcomer = event.seat  # Q shows that code
        self.message = " ".join(text for text in said if text) or None
        self.cannot_deal = False  # the table changed: Enter tries the next deal again
        return True

    def games(self) -> tuple[str, ...]:
        """Dealer's choice: the games the dealer picks from (none otherwise)."""
        game = self.session.game if self.session is not None else None
        return game.games() if isinstance(game, DrawGame) else ()

    def dealer(self) -> int | None:
        """The seat that deals next (and picks the game); None where nobody picks (Three Card Poker)."""
        game = self.session.game if self.session is not None else None
        if self.session is None or not isinstance(game, DrawGame):
            return None
        return int(game.next_dealer(self.session.state))

    def _game_choice(self) -> str | None:
        """Before a deal in dealer's choice: CHOOSE when a person deals and may
        pick, WATCH when a computer deals (and picks: :meth:`computer_work`),
        None when nothing is chosen (chosen already, or a passed-out deal is
        redealt in its game)."""
        session = self.session
        game = session.game if session is not None else None
        if session is None or not isinstance(game, DrawGame) or not game.games():
            return None
        state = session.state
        if state.game_chosen or game.redeal(state):
            return None  # chosen, or a passed-out deal redealt in its game: nobody chooses
        dealer = self.dealer()
        return WATCH if dealer is not None and session.is_computer(dealer) else CHOOSE

    @_key
    def choose_game(self, index: int) -> None:
        """The dealer picks game ``index`` (from 0) of the session's games."""
        games = self.games()
        if self.screen != CHOOSE:
            return
        if not 0 <= index < len(games):
            self.message = self.tr.n(
                "There is {n} game to choose from: press 1.",
                "There are {n} games to choose from: press 1 to {n}.",
                len(games),
            ).format(n=len(games))
            return
        if self._submit(self.session.game.choose_game(games[index])):  # type: ignore[union-attr]
            self._advance()

    def _show(self, screen: str) -> None:
        self.screen = screen
        self.viewer = self.solo_viewer() if self.session is not None else None
        if screen != TURN:
            self.selected = []
            self.pat_chosen = False
            self.coach_shown = False  # never on a hand-over, a computer's turn or a shared screen
        if screen in (HANDOVER, DEAL_OVER, SESSION_OVER):
            self.revealed = None
            self.hint_shown = False
        if screen == PHONE:  # the laptop is the table while a phone decides: the next laptop player gets a hand-over
            self.revealed = None
            self.holder = None
            self.hint_shown = False
        if screen in (DEAL_OVER, SESSION_OVER):
            self.holder = None  # the whole table looks at the results
            self.looked = set()
            self.looking = None

    def _waiting_onlooker(self) -> int | None:
        """Three Card Poker: a person whose boxes need no decision (Pair Plus
        alone) and who has not seen their cards yet, while others decide."""
        session = self.session
        assert session is not None
        if self.game_kind == "morkpoker" or self.phase != "deciding" or not self.handover_needed():
            return None
        state = session.state
        for seat in session.humans_remaining():
            if seat in self.looked or seat == state.to_act or self.on_phone(seat):
                continue
            boxes = [state.boxes[i] for i in state.boxes_of(seat)]
            if boxes and all(b.cards and b.ante == 0 for b in boxes):
                return seat
        return None

    @property
    def handover_seat(self) -> int | None:
        """The seat the hand-over screen names."""
        return self.looking if self.looking is not None else self.to_act

    def _forced_command(self) -> Any:
        """A command with no choice in it: a Mørkpoker showdown where only showing is allowed."""
        if self.game_kind != "morkpoker" or self.phase != "showdown":
            return None
        legal = self.session.legal()  # type: ignore[union-attr]
        if [o.action for o in legal.options] == ["show"]:
            from drawpoker.games.draw.commands import Show

            return Show(legal.seat)
        return None

    def _try(self, step: Callable[[], Any]) -> bool:
        """Run an automatic step (a deal, a computer's move). A history that
        cannot be written, or a move the engine refuses, stops the game."""
        try:
            step()
        except IllegalAction as exc:
            return self._stopped(self._refusal(exc))
        except HistoryError as exc:
            return self._stopped(self.tr.say(exc.note))
        return True

    def _deal(self) -> bool:
        """Deal the next deal. A table that cannot deal now (everyone but one
        sits out) is no failure: the end of the deal stays on the screen with
        the reason, for the table menu (T) to change it (someone comes back or
        joins, or the evening ends). A history that cannot be written stops the game."""
        session = self.session
        assert session is not None
        try:
            session.deal()
        except IllegalAction as exc:
            self._show(DEAL_OVER)
            self.message = self._refusal(exc)  # the engine's note, a sentence on its own here
            self.cannot_deal = True
            return False
        except HistoryError as exc:
            return self._stopped(self.tr.say(exc.note))
        self.cannot_deal = False
        return True

    def _please_wait(self) -> str | None:
        """What a key says while the table waits for a computer: one about to
        act (or, dealing, to pick the game), or a bot looking back at the deal
        that ended (None: the table waits for no computer)."""
        session = self.session
        if session is None:
            return None
        seat = self.waiting_seat()
        if self.screen == WATCH and seat is not None:
            return self.tr._("Please wait: {name} (computer) is about to act.").format(name=self.state.names[seat])
        if self.screen in (DEAL_OVER, SESSION_OVER) and session.unseen:
            name = self.state.names[session.unseen[0][0]]
            return self.tr._("Please wait: {name} (computer) is looking back at the deal.").format(name=name)
        return None

    def computer_work(self) -> Callable[[], Any] | None:
        """What the table waits for a computer to work out, while the table is
        in view (not behind the help, the table menu or the question before
        leaving): the move of the computer to act, or a computer dealer's
        choice of game; None: nothing now. It asks the bot, and may take a bot
        of one's own up to its time limit: the application runs it on a thread
        of its own and hands the answer to :meth:`computer_step`."""
        session = self.session
        if session is None or self.screen != WATCH or self.overlay_open:
            return None
        return session.computer_command if self.to_act is not None else session.computer_choice

    def computer_due(self) -> bool:
        """A computer is to act (or to pick the game) and the table is in view."""
        return self.computer_work() is not None

    def computer_step(self, command: Any = None) -> None:
        """After the pause: the computer the table waits for acts (``command``:
        what :meth:`computer_work` answered, on the application's thread;
        None: its bot is asked here), and the game goes on."""
        if self._computer_acts(command):
            self._advance()

    def _computer_acts(self, command: Any = None) -> bool:
        """The computer the table waits for acts, or (dealing) picks the game:
        ``command``, or what its bot answers now. False: it could not (the
        table is not waiting for it, or the game stopped)."""
        work = self.computer_work()
        session = self.session
        if work is None or session is None:
            return False
        waited = self.message is not None and self.message == self._please_wait()
        if command is None:
            command = work()
        move = session.computer_move if self.to_act is not None else session.submit
        if not self._try(lambda: move(command)):
            return False
        if waited:  # "please wait" was said of the move just made: it would stay on the next screen
            self.message = None
        self._bot_said()
        return True

    def computer_looked(self, count: int) -> None:
        """The first ``count`` bots owed a look at the deal's end have had it
        (:meth:`Session.look`, run on the application's thread)."""
        session = self.session
        if session is None:
            return
        waited = self.message is not None and self.message == self._please_wait()
        session.looked(count)
        if waited:  # "please wait" was said of these looks: it goes with them
            self.message = self._please_wait()

    def _bot_said(self) -> None:
        """A computer seat's bot failed and the seat did the safe thing: say so."""
        note = self.session.bot_note if self.session is not None else None
        if note is not None:
            self.message = as_sentence(note, self.tr, self.look.written)

    def _submit(self, command: Any) -> bool:
        """A person's command: refused with the reason, or done and the screen hidden."""
        session = self.session
        assert session is not None
        seat = session.state.to_act
        # the part of the deal the command is made in: a betting round, an exchange, the showdown; in Three
        # Card Poker the box played or folded
        part = (
            session.state.phase,
            session.state.round if self.game_kind == "morkpoker" else _box_to_act(session.state),
        )
        try:
            session.submit(command)
        except IllegalAction as exc:
            self.message = self._refusal(exc)
            return False
        except HistoryError as exc:
            return self._stopped(self.tr.say(exc.note))
        self.message = None
        self.selected = []
        self.pat_chosen = False
        self.hint_shown = False
        self.amount = None
        state = session.state
        # the same person acting again (several boxes) may keep looking; anyone else gets a hand-over
        self.revealed = seat if state.to_act == seat and self.revealed == seat else None
        # the same person again, in the next part of the deal (Mørkpoker: the betting closed, and they
        # exchange first; Three Card Poker: their next box to play or fold): a step of its own, so an Enter
        # meant for a hand-over, or the same key pressed twice, does not act there
        if self.game_kind == "morkpoker":
            moved_on = (state.phase, state.round) != part
        else:
            moved_on = state.phase == "deciding" and part[0] == "deciding" and _box_to_act(state) != part[1]
        self.again = seat if state.to_act == seat and moved_on else None
        return True

    # ------------------------------------------------------------ keys: everywhere

    @_key
    def open_help(self) -> None:
        """Show the keys and the rules in force."""
        self.help_open = True
        self.help_scroll = 0
        self.help_note = None

    def scroll_help(self, delta: int) -> None:
        """Scroll the help by ``delta`` lines; at either end, say so (a help
        that fits the screen has nothing to scroll: the arrow closes it, as
        any other key does)."""
        if self.help_end == 0:
            self.close_help()
            return
        if (delta < 0 and self.help_scroll <= 0) or (delta > 0 and self.help_scroll >= self.help_end):
            self.help_note = (
                self.tr._("This is the top of the help.") if delta < 0 else self.tr._("This is the end of the help.")
            )
            return
        self.help_note = None
        self.help_scroll = max(0, min(self.help_end, self.help_scroll + delta))

    def close_help(self) -> None:
        """Back to the game (a message from before the help is stale)."""
        self.help_open = False
        self.help_note = None
        self.message = None

    def ask_quit(self) -> None:
        """Ctrl-C: ask before leaving."""
        self.quit_asked = True

    def cancel_quit(self) -> None:
        """Stay at the table."""
        self.quit_asked = False

    def confirm_quit(self) -> None:
        """Leave; the history keeps everything for ``--resume``."""
        self.quit_asked = False
        self.finished = "quit"

    @_key
    def refuse_key(self, key: str) -> None:
        """A key that does nothing here: say so, and what the screen waits for."""
        tr = self.tr
        if key in ("t", "T") and self.session is not None and not self.session.over and self.screen != ASK:
            self.message = self._menu_closed()  # the table menu's key, at a moment it cannot open: say when it does
            return
        waiting = self._please_wait()
        if waiting is not None:
            self.message = waiting
            return
        shown = key_name(key)
        said = tr._("The key {key} does nothing here.").format(key=shown)
        if key == PASTE:
            said = tr._("Pasted text does nothing here.")
        draw = self.session is not None and self.session.kind == "morkpoker"
        if self.screen == TURN and draw and self.phase == "exchange" and self.to_act is not None:
            legal = self.session.legal()  # type: ignore[union-attr]
            wanted = tr._(
                "{name} exchanges: 1-5 choose the cards to throw (at most {n}), 0 none, Enter exchanges."
            ).format(name=self.state.names[self.to_act], n=max(legal.max_exchange, legal.max_exchange_with_ace or 0))
        elif self.screen == TURN and draw and self.to_act is not None and key in tuple("012345"):
            wanted = tr._("{name} chooses cards to throw in the exchange, not in a betting round.").format(
                name=self.state.names[self.to_act]
            )
            if self.phase == "showdown":
                wanted = tr._("{name} chose the cards to throw in the exchange; now show or muck.").format(
                    name=self.state.names[self.to_act]
                )
        elif self.screen == PEEK and draw and self.viewer is not None and key in tuple("012345"):
            wanted = tr._("{name} has exchanged: press Enter to hide the cards.").format(
                name=self.state.names[self.viewer]
            )
        elif self.screen == HANDOVER and self.handover_seat is not None:
            wanted = tr._("Press Enter when only {name} is looking.").format(name=self.state.names[self.handover_seat])
        elif self.screen == ASK and self.asking is not None and self.session is not None:
            wanted = tr._("{name}: press {yes} to buy {n} more, or {no} to leave the table with nothing.").format(
                name=self.state.names[self.asking],
                yes=tr.p("key", "Y"),
                no=tr.p("key", "N"),
                n=self.session.game.rules.session.rebuy_amount,
            )
        elif self.screen == AGAIN and not draw and self.state.box_to_act is not None:
            # (Three Card Poker: the next box of the same player, not shown yet; P or F pressed twice lands here)
            wanted = tr._("Box {n} is not shown yet: press Enter to see it, then P plays it or F folds it.").format(
                n=self.state.box_to_act + 1
            )
        elif self.screen == AGAIN:
            wanted = tr._("Press Enter to go on.")
        elif self.screen in (FAILED, SESSION_OVER):
            wanted = tr._("Press Enter to leave.")
        elif self.screen == CHOOSE:
            count = len(self.games())
            wanted = tr.n(
                "There is {n} game to choose from: press 1.",
                "There are {n} games to choose from: press 1 to {n}.",
                count,
            ).format(n=count)
        elif self.screen in (PEEK, DEAL_OVER, RESUMED, DRAWN):
            wanted = tr._("Press Enter to go on, or ? for help.")
        else:
            wanted = tr._("Press ? for help.")
        self.message = f"{said} {wanted}"

    # ------------------------------------------------------------ keys: setup

    def setup_done(self) -> None:
        """The setup is complete: sit down and deal."""
        assert self.setup is not None and self._start is not None
        try:
            self.session = self._start(self.setup)
        except (HistoryError, IllegalAction) as exc:  # nothing was written
            self.setup.done = False
            self.setup.message = self._refusal(exc) if isinstance(exc, IllegalAction) else self.tr.say(exc.note)
            return
        except BotError as exc:  # a bot of one's own that cannot be made (made first: nothing was written)
            self.setup.done = False
            self.setup.message = as_sentence(exc.note, self.tr)
            return
        except OSError as exc:  # a file the table writes that nobody gave words to
            from drawpoker.boundary import os_words

            self.setup.done = False
            why = os_words(exc, writing=True)
            named = exc.filename is not None  # (a full disk while writing names no file: the reason alone)
            said = Note(N_("{file}: {why}"), file=str(exc.filename), why=why) if named else why
            self.setup.message = self.tr.say(said) if named else as_sentence(said, self.tr)
            return
        self._advance()
        if self.phones is not None:  # the codes first: each player scans their seat's
            self.open_phones()

    @_key
    def setup_enter(self) -> None:
        """Enter during the setup."""
        assert self.setup is not None
        self.setup.enter()
        if self.setup.done:
            self.setup_done()

    # ------------------------------------------------------------ keys: between turns

    @_key
    def reveal(self) -> None:
        """Enter at the hand-over: the named player is alone at the screen."""
        if self.screen != HANDOVER:
            return
        self.message = None
        if self.looking is not None:
            self.holder = self.looking
            self._show(PEEK)
            self.viewer = self.holder
            return
        self.revealed = self.holder = self.to_act
        if self.to_act is not None:
            self.at_laptop.add(self.to_act)
        self._advance()

    @_key
    def acknowledge(self) -> None:
        """Enter after a peek, "your turn again", at the end of a deal, on the resumed notes or the draws: go on."""
        waiting = self._please_wait()
        if waiting is not None:  # a bot still looks back at the deal: the next one waits for it
            self.message = waiting
            return
        if self.screen == SESSION_OVER:
            self.finished = "done"
            return
        if self.screen == DRAWN:
            self.draws_shown = True
            self.message = None
            self._advance()
            return
        if self.screen == AGAIN:
            self.again = None
            self.message = None
            self._advance()
            return
        if self.screen in (PEEK, DEAL_OVER, RESUMED):
            if self.screen == DEAL_OVER:
                assert self.session is not None
                self.session.deal_just_ended = False
                self.answered_broke = False
            if self.screen == PEEK and self.looking is not None:
                self.looked.add(self.looking)
                self.looking = None
            self.revealed = None
            self.message = None
            self._advance()

    # ------------------------------------------------------------ keys: Mørkpoker

    @_key
    def act(self, action: str) -> None:
        """A betting or showdown action (``check``, ``call``, ``raise``...).
        A fold when checking is free asks first; the same key again folds."""
        from drawpoker.games.draw import commands as mc

        seat = self.to_act
        if self.screen != TURN or seat is None:
            return
        if action == "fold" and self.phase == "betting" and self._answered != "fold":
            legal = self.session.legal()  # type: ignore[union-attr]
            if any(option.action == "check" for option in legal.options):
                self.question = "fold"
                self.message = self.tr._("Fold? You could check for free. Press F again to fold, K to check.")
                return
        kinds = {
            "check": mc.Check,
            "bet": mc.Bet,
            "call": mc.Call,
            "raise": mc.Raise,
            "fold": mc.Fold,
            "show": mc.Show,
            "muck": mc.Muck,
        }
        if action in ("bet", "raise") and self.phase == "betting":
            legal = self.session.legal()  # type: ignore[union-attr]
            ch = legal.amounts
            if legal.structure != "fixed_limit" and ch is not None and ch.bet_word == action:
                self.amount = AmountEntry(ch, self.state.names[seat])  # pot and no limit: how much?
                self.message = None
                return
        if self._submit(kinds[action](seat)):
            self._advance()

    @_key
    def amount_key(self, key: str) -> None:
        """A key in the amount entry: up/down a big blind, half pot, pot, all
        in, digits, backspace, Enter to bet or raise, Esc to go back."""
        from drawpoker.games.draw import commands as mc

        entry, seat = self.amount, self.to_act
        if entry is None or seat is None or self.screen != TURN:
            return
        done = entry.press(key)
        self.message = amount_message(entry, self.tr)
        if done is None:
            return
        if done[0] == "cancel":
            self.amount = None
            return
        command = mc.Bet(seat, done[1]) if entry.word == "bet" else mc.Raise(seat, done[1])
        if self._submit(command):
            self._advance()

    @_key
    def toggle_card(self, index: int) -> None:
        """Choose (or un-choose) card ``index`` (from 0) to throw in the exchange."""
        if self.screen != TURN or self.phase != "exchange":
            return
        legal = self.session.legal()  # type: ignore[union-attr]
        self.pat_chosen = False
        if index in self.selected:
            self.selected.remove(index)
            self.message = None
            return
        most = max(legal.max_exchange, legal.max_exchange_with_ace or 0)
        if len(self.selected) >= most:
            self.message = self.tr.n(
                "{name} may exchange at most {n} card.", "{name} may exchange at most {n} cards.", most
            ).format(name=self.state.names[self.to_act], n=most)
            return
        self.selected.append(index)
        self.message = None

    @_key
    def clear_exchange(self) -> None:
        """0: keep every card (choose none to throw); Enter then stands pat without asking."""
        if self.pat_chosen and not self.selected:
            self.message = self.tr._("No card is chosen: Enter stands pat, 1-5 choose cards to throw.")
            return
        self.selected = []
        self.pat_chosen = True
        self.message = None

    @_key
    def confirm_exchange(self) -> None:
        """Throw the chosen cards and draw as many. Standing pat by Enter
        alone asks first (0 has already said "none"): Enter again stands pat."""
        from drawpoker.games.draw.commands import Exchange

        seat = self.to_act
        if self.screen != TURN or self.phase != "exchange" or seat is None:
            return
        if not self.selected and not self.pat_chosen and self._answered != "stand_pat":
            self.question = "stand_pat"
            self.message = self.tr._(
                "Stand pat and keep all five cards? Press Enter again to stand pat, or 1-5 to choose cards to throw."
            )
            return
        hand = self.state.hands[seat]
        discards = tuple(hand[i] for i in sorted(self.selected))
        peek = self.viewer == seat and self.handover_needed()
        if self._submit(Exchange(seat, discards)):
            if peek and self.again != seat:  # the same player goes on: "your turn again" instead
                self.screen = PEEK
                self.viewer = seat
                return
            self._advance()

    # ------------------------------------------------------------ keys: Three Card Poker

    @_key
    def bet_move(self, delta: int) -> None:
        """Up/down: the next or previous bet in the bet slip."""
        if self.screen == TURN and self.phase == "betting":
            limits = self.session.legal().limits  # type: ignore[union-attr]
            if len(self.bets.fields(limits)) == 1:
                self.message = self.tr._("These rules have one bet on the slip, the ante: ← → change it.")
                return
            self.bets.move(delta)

    @_key
    def bet_change(self, delta: int) -> None:
        """Left/right, minus/plus: change the chosen bet within the rules' limits."""
        if self.screen == TURN and self.phase == "betting":
            legal = self.session.legal()  # type: ignore[union-attr]
            name = self.state.names[self.to_act] if self.to_act is not None else ""
            self.message = self.bets.change(legal.limits, delta, self.tr, name)

    @_key
    def place_bets(self, sit_out: bool = False) -> None:
        """Enter: place the bet slip (or, ``sit_out``, no bets this round)."""
        from drawpoker.games.three_card.commands import PlaceBets

        seat = self.to_act
        if self.screen != TURN or self.phase != "betting" or seat is None:
            return
        legal = self.session.legal()  # type: ignore[union-attr]
        boxes = () if sit_out else self.bets.boxes(legal.limits)
        if self._submit(PlaceBets(seat, boxes)):
            self.bets.remember(seat)
            self._advance()

    def slip_problem(self) -> str | None:
        """Three Card Poker: why the engine would refuse the bet slip as it
        stands (a Prime with no ante, more than the stack), said under the
        slip before Enter is pressed; None when it may be placed."""
        from drawpoker.games.three_card.commands import PlaceBets

        session, seat = self.session, self.to_act
        if session is None or seat is None or self.screen != TURN or self.phase != "betting":
            return None
        legal = session.legal()
        if "bet" not in legal.options:
            return None  # the slip says so itself: only sitting out is left
        try:
            session.game.decide(session.state, PlaceBets(seat, self.bets.boxes(legal.limits)))
        except IllegalAction as exc:
            return self._refusal(exc)
        return None

    @_key
    def decide(self, play: bool) -> None:
        """Play or fold the box to act."""
        from drawpoker.games.three_card.commands import Fold, Play

        seat = self.to_act
        if self.screen != TURN or self.phase != "deciding" or seat is None:
            return
        box = self.state.box_to_act
        if self._submit((Play if play else Fold)(seat, box)):
            self._advance()

    def coach_allowed(self) -> bool:
        """The draw coach may open: a person's own turn, their cards on screen,
        in the exchange or in a betting round with an exchange still to come."""
        session = self.session
        if session is None or self.game_kind != "morkpoker" or self.screen != TURN:
            return False
        seat = self.to_act
        if seat is None or session.is_computer(seat) or self.viewer != seat:
            return False
        state = session.state
        if state.phase == "exchange":
            return True
        exchanges = getattr(game_in_play(session.game, state).rules.draw, "exchanges", 1)
        return bool(state.phase == "betting" and state.round <= exchanges and state.hands[seat])

    @_key
    def toggle_coach(self) -> None:
        """H: show or hide the odds of each exchange for the player to act."""
        if self.coach_shown:
            self.coach_shown = False
        elif self.coach_allowed():
            self.coach_shown = True
            self.message = None
        else:
            self.message = self.tr._("The odds of the exchange are shown to the player to act, on their own turn.")

    def coach_odds(self) -> Any:
        """The odds for the player to act (computed once per hand)."""
        from drawpoker.client.draw.coach import coach_odds, opponents_of, seen_by
        from drawpoker.client.draw.view import public_cards

        session = self.session
        assert session is not None and self.to_act is not None
        state = session.state
        seat = self.to_act
        events = [event for _, events in session.chunks for event in events]
        seen = seen_by(state, seat, events, public_cards(state))
        opponents = opponents_of(state, seat)
        key = (seat, tuple(state.hands[seat]), seen, opponents)
        if self._coach_cache is None or self._coach_cache[0] != key:
            rules = game_in_play(session.game, state).rules
            self._coach_cache = (key, coach_odds(state.hands[seat], rules, seen, opponents))
        return self._coach_cache[1]

    @_key
    def toggle_hint(self) -> None:
        """Show or hide the strategy hint for the cards in view."""
        if self.screen == TURN and self.phase == "deciding" and self.viewer == self.to_act:
            self.hint_shown = not self.hint_shown
        elif self.screen == TURN and self.phase == "deciding":
            self.message = self.tr._("The hint is for the player to act, on their own turn.")


def _box_to_act(state: Any) -> int | None:
    """Three Card Poker: the box whose play or fold is waited for (None: no box)."""
    box: int | None = getattr(state, "box_to_act", None)
    return box
