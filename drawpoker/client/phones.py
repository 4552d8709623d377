"""The table's link to the players' phones (``drawpoker play --phones``).

The laptop shows the public table; a player who opened their seat's
address on a phone holds their own cards there. This module is the edge
between the hot-seat controller and :class:`drawpoker.phones.server.PhoneServer`:

- :meth:`PhoneLink.refresh` sends each human seat its own view
  (:func:`drawpoker.games.view.phone_view`, the same view a computer seat's
  bot is given, so nothing private to another seat can be in it) and the
  table's public news (the deal's log, the last deal's result, the
  standings, the seal, and what the laptop is waiting for). It is called
  after each phone decision and, for everything done at the laptop, by a
  short poll that sends only what changed.
- :meth:`PhoneLink.decide` turns a phone's decision into the seat's command
  through the controller (the engine decides, as for a key press) and
  answers the phone: taken, or the reason in the table's language.
- Approvals: a second device asking for a seat waits for a yes at the
  laptop (:attr:`Controller.approvals`).

The server's secrets live here only, in memory; the history is written
exactly as without phones.
"""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING, Any

from drawpoker.client.lines import plain
from drawpoker.client.log import deal_log

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from drawpoker.client.controller import Controller
    from drawpoker.phones.protocol import Decision as PhoneDecision
    from drawpoker.phones.server import Approval, PhoneServer

__all__ = ["PhoneLink", "POLL"]

#: seconds between looks at the table for changes made at the laptop
POLL = 0.05


class PhoneLink:
    """The phones of one table: its server and what was last sent."""

    def __init__(self, server: PhoneServer, host: str) -> None:
        self.server = server
        #: the address the join addresses name (the laptop's on the local network, or the one given)
        self.host = host
        self._sent: Any = None  # what the last refresh was made from
        self._result: list[str] = []  # the last finished deal's log, for the phones' "result"
        self._result_deal: Any = None
        #: the laptop found no network: only a browser on the laptop itself can open the addresses
        self.alone = False
        #: whether the laptop's window shows the table (the application says; too small, the table waits)
        self.shown: Callable[[], bool] = lambda: True
        self.decisions = 0  # decisions taken from phones (for the bench and the tests)
        self.refused = 0  # and refused

    async def start(self) -> None:
        """Listen; the port asked for when it is free, else any free port.
        An address the laptop cannot listen on is one sentence."""
        import errno

        from drawpoker.errors import DrawpokerError
        from drawpoker.notes import N_, Note

        try:
            await self.server.start()
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE and self.server.port:
                self.server.port = 0
                await self.start()
                return
            raise DrawpokerError(
                Note(
                    N_("cannot listen for phones on {host}: {reason}; choose another address with --listen"),
                    host=self.server.host,
                    reason=os.strerror(exc.errno) if exc.errno and exc.errno > 0 else exc.strerror or str(exc),
                )
            ) from None

    # ------------------------------------------------------------ seats

    def address(self, seat: int) -> str:
        """``seat``'s join address (holds its secret)."""
        return self.server.address(seat, self.host)

    def seats(self) -> tuple[int, ...]:
        """The seats that can be joined from a phone, in order."""
        return tuple(sorted(self.server.names))

    def holds(self, seat: int) -> bool:
        """A phone holds ``seat`` (it may be asleep; it comes back by itself)."""
        return seat in self.server.names and self.server.holds(seat)

    def connected(self, seat: int) -> bool:
        """``seat``'s phone is connected now."""
        return self.server.connected(seat)

    def presence(self) -> tuple[tuple[int, bool, bool], ...]:
        """Each joinable seat's phone as the laptop shows it: (seat, held, connected)."""
        return tuple((seat, self.holds(seat), self.connected(seat)) for seat in self.seats())

    def take_back(self, seat: int) -> None:
        """Take ``seat`` back to the laptop: its phone is told and let go, and
        the seat gets a fresh address (the old page cannot take it again by a
        reload; a phone joins again by the new code)."""
        self.server.release(seat)
        self.server.keys.add(seat)
        self._sent = None

    def _sync(
        self, ctl: Controller, news: Mapping[str, Any] | None = None, views: Mapping[int, Mapping[str, Any]] = {}
    ) -> None:
        """The joinable seats follow the table: every person seated now (a
        newcomer's seat gets a fresh address, a leaver's stops working, its
        phone told the table's ``news`` last, with the seat's view in ``views``);
        a seat a computer plays for its player a while keeps its address."""
        session = ctl.session
        if session is None:
            return
        names = session.state.names
        known = self.server.names
        for seat, name in enumerate(names):
            if known.get(seat) != name:  # another player in the seat (or none): their seat never played at the laptop
                ctl.at_laptop.discard(seat)
        self.server.seat_players(self._joinable(ctl), news, views)

    def _joinable(self, ctl: Controller) -> dict[int, str]:
        """The seats a phone may hold now, and their players' names."""
        session = ctl.session
        assert session is not None
        # a computer player's seat has none; a seat a computer plays for its player keeps (or, on a
        # resumed table, gets) one: whose it is is the session's to say, not what this server knew before
        return {seat: name for seat, name in enumerate(session.state.names) if name and session.a_persons(seat)}

    def _leaving(self, ctl: Controller) -> list[int]:
        """The seats a phone may hold now that stop being joinable (their players left)."""
        joinable = self._joinable(ctl)
        return [seat for seat, name in self.server.names.items() if joinable.get(seat) != name]

    def _last_views(self, ctl: Controller, seats: list[int]) -> dict[int, dict[str, Any]]:
        """The leavers' seats' views as the table is now (not the last one sent,
        which may be of a deal under way, the seat still to act in it), nothing
        left to decide: what the leaver's phone shows under "You have left"."""
        from drawpoker.games.view import phone_view

        session = ctl.session
        assert session is not None
        views = {}
        for seat in seats:
            if seat < len(session.state.names):
                # the leaver's own: their cards of the deal as they saw them, none a newcomer there was not dealt
                player = self.server.names.get(seat)
                views[seat] = phone_view(session.game, session.state, seat, coach=False, words=ctl.tr, player=player)
                views[seat]["legal"] = None
        return views

    # ------------------------------------------------------------ what the phones are sent

    def refresh(self, ctl: Controller, force: bool = False) -> bool:
        """Send every phone its seat's view and the public news, if anything
        changed since the last time (True: it was sent)."""
        session = ctl.session
        if session is None:
            return False
        notice = self.notice(ctl)
        leaving = self._leaving(ctl)
        if leaving:
            self._sync(ctl, self.public(ctl, notice), self._last_views(ctl, leaving))
        else:
            self._sync(ctl)
        key = (id(session.state), len(session.events), notice, session.seal, tuple(self.server.names.items()))
        if not force and key == self._sent:
            return False
        self._sent = key
        from drawpoker.client import controller as c
        from drawpoker.games.view import phone_view

        state = session.state
        # the seat the laptop waits for; none while the table menu is open (a decision would be refused)
        waited = ctl.waiting_seat() if ctl.screen == c.PHONE and ctl.menu is None else None
        views = {
            seat: phone_view(session.game, state, seat, coach=seat == waited, words=ctl.tr)
            for seat in self.server.names
        }
        for seat, view in views.items():
            if seat != waited:  # the engine's next seat, but the laptop does not wait for this phone now
                view["legal"] = None
        if session.between_deals:  # the deal just played was dealt by one who has left since
            _dealt_by_one_who_left(views, session)
        if ctl.choosing():  # the dealer picks the next game: the laptop shows no deal, nor do the phones
            dealer = ctl.dealer()
            for view in views.values():
                _before_the_deal(view, dealer)
        title = self._title(ctl, views)
        if title is not None:
            for view in views.values():
                view["title"] = title
        self.server.publish(views, self.public(ctl, notice))
        return True

    @staticmethod
    def _title(ctl: Controller, views: Mapping[int, Mapping[str, Any]]) -> str | None:
        """Dealer's choice: the game every phone is headed with, as the laptop's title says it
        (None: each view's own). The next dealer's view is the session's from the deal's end
        on (its games to pick), the others' the deal just played; the laptop shows that deal until
        it goes on, then "Dealer's choice" while the dealer picks (a computer dealer too)."""
        from drawpoker.rules.explain import deal_game_name

        session = ctl.session
        assert session is not None
        if ctl.choosing():
            return ctl.tr._("Dealer's choice")
        chosen = getattr(session.state, "game", "")
        if chosen or any(view.get("phase") == "choose_game" for view in views.values()):
            # the game of the deal (or of the deal just played) by the laptop's title's name, two games
            # of one name told apart as the dealer's menu tells them
            return deal_game_name(session.game.rules, chosen, ctl.tr)
        return None

    def public(self, ctl: Controller, notice: str | None) -> dict[str, Any]:
        """The table's public news, in the table's language."""
        session = ctl.session
        assert session is not None
        log = [plain(line) for line in deal_log(session.game, session.chunks, ctl.tr, ctl.look)]
        if self._result_deal is None and session.last_result:  # resumed: the last result, read back from the history
            self._result_deal = session.last_result[0][0]
            self._result = [plain(line) for line in deal_log(session.game, session.last_result, ctl.tr, ctl.look)]
        if session.between_deals or session.over:
            first = session.chunks[0][0] if session.chunks else None
            if first is not self._result_deal:
                self._result_deal, self._result = first, log
        result = self._result
        if session.over:  # the evening's end: the money and who pays whom, as on the laptop's last screen
            from drawpoker.client.lines import money_unbroken
            from drawpoker.client.screens import settle_up

            # (the page wraps its own lines: an amount and its currency stay together there too)
            result = result + [money_unbroken(plain(line)) for line in settle_up(ctl)]
        from drawpoker.client.screens import standing_notes, standing_rows

        # the laptop's standings, row for row (one who left with the chips they took away; one who came
        # back with both buy-ins), and the lines it says under them
        standings = [
            {"name": name, "chips": chips, "bought": bought, "net": net}
            for name, chips, bought, net in standing_rows(ctl)
        ]
        # the seats the computer plays now (one it plays for its player a while is still that player's phone's)
        computers = [seat for seat, name in enumerate(session.state.names) if name and session.is_computer(seat)]
        return {
            "log": log,
            "result": result,
            "standings": standings,
            "standings_notes": standing_notes(ctl),
            # a deal is being played: the standings are as it began (the ledger counts deals that
            # ended), not the stacks at the table now, and the page says so
            "standings_before": session.ledger.in_deal,
            "seal": session.seal,
            "notice": notice,
            # the laptop plays nothing now (the notice says why): the phones say so, not whose turn it is
            "paused": self.paused(ctl),
            "computers": computers,
            "asking": self.asking(ctl),
            # dealer's choice: the dealer picks the next deal's game now (the laptop went on from the deal before)
            "choosing": ctl.waiting_seat() if ctl.choosing() else None,
        }

    def asking(self, ctl: Controller) -> dict[str, int] | None:
        """The broke player the laptop asks whether to buy again (``when_broke: ask``),
        and how many chips: that seat's phone may answer (``rebuy`` or ``decline``)."""
        from drawpoker.client import controller as c

        session = ctl.session
        if session is None or ctl.screen != c.ASK or ctl.asking is None or ctl.menu is not None:
            return None
        return {"seat": ctl.asking, "amount": int(session.game.rules.session.rebuy_amount)}

    def paused(self, ctl: Controller) -> bool:
        """The laptop is paused: its computer seats wait and no key acts but the one
        that ends the pause (the question before leaving, the help, a window too small),
        or its table menu is open (nobody decides meanwhile)."""
        pause = ctl.quit_asked or ctl.help_open or ctl.menu is not None or not self.shown()
        return ctl.session is not None and pause

    def notice(self, ctl: Controller) -> str | None:
        """What the laptop is waiting for, said to every phone."""
        from drawpoker.client import controller as c

        session = ctl.session
        if session is None:
            return None
        tr, names = ctl.tr, session.state.names
        if ctl.quit_asked:
            return tr._("The laptop asks whether to leave the game; the table waits.")
        if not self.shown():
            return tr._("The laptop's window is too small to show the table; the table waits until it is made bigger.")
        if ctl.help_open:
            return tr._("The help is open at the laptop; the table waits.")
        seat = ctl.waiting_seat()
        name = names[seat] if seat is not None and seat < len(names) else ""
        screen = ctl.screen
        if ctl.menu is not None:
            return tr._("The table menu is open at the laptop.")
        if screen == c.PHONE and seat is not None:
            if self.connected(seat):
                return tr._("{name} decides on the phone.").format(name=name)
            return tr._("{name}'s phone is not connected.").format(name=name)
        if screen == c.HANDOVER:
            return tr._("The laptop goes to {name}.").format(name=names[ctl.handover_seat or 0])
        if screen == c.PEEK and ctl.viewer is not None:
            return tr._("{name} looks at the cards at the laptop.").format(name=names[ctl.viewer])
        if screen in (c.TURN, c.AGAIN, c.CHOOSE) and seat is not None:
            return tr._("{name} decides at the laptop.").format(name=name)
        if screen == c.WATCH and seat is not None:
            return tr._("{name} (computer) is thinking…").format(name=name)
        if screen == c.ASK and ctl.asking is not None:
            amount = session.game.rules.session.rebuy_amount
            if self.holds(ctl.asking):
                return tr._("{name} is out of chips: buy {n} more? {name} answers on the phone.").format(
                    name=names[ctl.asking], n=amount
                )
            return tr._("{name} is out of chips: the laptop asks.").format(name=names[ctl.asking])
        if screen == c.DEAL_OVER and ctl.cannot_deal and ctl.message:
            return ctl.message  # why the next deal waits (everyone but one sits out): the table menu mends it
        if screen == c.DEAL_OVER and session.over:  # the session's last deal (its number, or an agreed end)
            if session.kind == "morkpoker":
                return tr._("That was the last deal: Enter at the laptop shows the final standings.")
            return tr._("That was the last round: Enter at the laptop shows the final standings.")
        if screen == c.DEAL_OVER and session.kind == "morkpoker":
            return tr._("The deal is over: Enter at the laptop goes on.")
        if screen == c.DEAL_OVER:  # Three Card Poker plays rounds, as the laptop says
            return tr._("The round is over: Enter at the laptop goes on.")
        if screen == c.RESUMED:
            return tr._("The session goes on where it stopped: Enter at the laptop goes on.")
        if screen == c.SESSION_OVER:
            return tr._("The session is over.")
        if screen == c.FAILED:
            return tr._("The game has stopped.")
        return None

    # ------------------------------------------------------------ what the phones say

    def decide(self, ctl: Controller, decision: PhoneDecision) -> str | None:
        """A phone's decision, tried at the table; answered to the phone.
        None: taken; else the reason it was refused (the phone is told)."""
        reason = ctl.phone_decision(decision)
        self.server.answer(decision, reason)
        if reason is None:
            self.decisions += 1
        else:
            self.refused += 1
        self.refresh(ctl, force=True)
        return reason

    async def serve(self, ctl: Controller, redraw: Any, done: Any, shown: Callable[[], bool] | None = None) -> None:
        """The phones' side of the table until ``done()``: their decisions,
        second devices asking, and the table's changes sent on. ``shown()``:
        whether the laptop's window shows the table now."""
        if shown is not None:
            self.shown = shown
        self.server.ask_first = lambda seat: seat in ctl.at_laptop  # anyone at the table saw its code
        tasks = [
            asyncio.create_task(self._decisions(ctl, redraw)),
            asyncio.create_task(self._approvals(ctl, redraw)),
        ]
        seen: Any = None
        try:
            while not done():
                moved = ctl.follow_phones()
                here = self.presence()  # (the codes' screen shows each seat's phone: joined, asleep, gone)
                if self.refresh(ctl) or moved or here != seen:
                    seen = here
                    redraw()
                await asyncio.sleep(POLL)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _decisions(self, ctl: Controller, redraw: Any) -> None:
        while True:
            decision = await self.server.decisions.get()
            self.decide(ctl, decision)
            redraw()

    async def _approvals(self, ctl: Controller, redraw: Any) -> None:
        while True:
            approval: Approval = await self.server.approvals.get()
            ctl.approvals.append(approval)
            ctl.message = None  # the question is what the laptop says now (not the answer to the last one)
            redraw()


def _dealt_by_one_who_left(views: Mapping[int, dict[str, Any]], session: Any) -> None:
    """Between deals, the dealer of the deal just played who has left the table since, as the
    laptop names them ("Deal 1: Anna deals", "Dealer Anna · bank 39"): no seat is marked the
    dealer (not a newcomer who sat down there since, who dealt nothing), and in Three Card
    Poker the bank is the one they took away, under their name (``dealer_left``)."""
    from drawpoker.games.view import sat_down_since_the_deal

    state = session.state
    dealer = getattr(state, "dealer", None) if session.kind != "morkpoker" else state.button
    if dealer is None or dealer >= len(state.dealt_to) or not state.dealt_to[dealer]:
        return
    if state.names[dealer] and not sat_down_since_the_deal(state, dealer):
        return
    if session.kind == "morkpoker":
        for view in views.values():
            view["button"] = None
        return
    from drawpoker.client.three_card.view import dealer_who_left

    left = dealer_who_left(state, (e for _, events in session.chunks for e in events))
    if left is not None:
        for view in views.values():
            view["dealer_left"], view["bank"] = left


def _before_the_deal(view: dict[str, Any], dealer: int | None) -> None:
    """A phone's view while the dealer picks the next deal's game (dealer's choice), as the
    laptop shows the table then: the dealer who picks marked as the dealer (the deal before
    had another), no cards in anyone's hand, none shown, and nothing of the deal before at
    the seats (its bets, folds, all-ins, exchanges); the stacks, who is away or out of
    chips, and a pot carried stay."""
    if dealer is not None:
        view["button"] = dealer
    view["cards"] = []
    view["coach"] = None
    for seat in view["seats"]:
        seat.update(bet=0, folded=False, all_in=False, drew=None, shown=None)
