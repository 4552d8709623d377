"""The table menu (the T key): the evening around the deals, from the screen.

Someone arrives (a name, a buy-in, a person or the computer), someone
leaves, sits out or comes back, the computer takes a seat over or gives it
back, an add-on, "end the evening after this deal", "N more deals", and
during a deal a request made in it taken back (a slip forgiven). A
pure model driven by keys, like the setup: :meth:`EveningMenu.key` takes a
key and, when the answers are complete, gives back the engine command;
the controller submits it. Each answer is tried against the engine as it
is given (a name already at the table, a full table, a buy-in or an add-on
out of range, a count of deals that is not allowed): the engine's own
sentence is said at that question, which stays open for another answer,
and nothing changes. During a deal the same commands are requests the engine
writes down and carries out when the deal ends.

>>> from drawpoker.rules import load_rules
>>> from drawpoker.games import game_for
>>> from drawpoker.words.i18n import translator
>>> game = game_for(load_rules("morkpoker"))
>>> state = game.new_state()
>>> _ = game.handle(state, game.sit_down(("Anna", "Bjørn"), (40, 40), 0))
>>> menu = EveningMenu(game, state, translator("en"))
>>> [menu.key(k) for k in "aDag"] + [menu.key("enter"), menu.key("enter")]
[None, None, None, None, None, None]
>>> menu.key("p")
Join(seat=2, name='Dag', buy_in=40, bot='')
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from drawpoker.boundary import player_name
from drawpoker.client.keys import digit
from drawpoker.client.setup import LEVEL_CHOICES, USUAL_LEVEL, level_text
from drawpoker.errors import IllegalAction
from drawpoker.games import evening as ev
from drawpoker.games.evening_rules import MOST_MORE
from drawpoker.words.i18n import Translator
from drawpoker.words.refusals import as_sentence

__all__ = ["EveningMenu", "ACTIONS", "COMPUTER_STRATEGY"]

#: the strategy a computer plays a seat with when it takes one over or joins, unless another level is chosen
COMPUTER_STRATEGY = USUAL_LEVEL
#: menu key -> the action (the keys are the same in both languages; the words are translated)
ACTIONS = {
    "a": "join",
    "l": "leave",
    "s": "sit_out",
    "b": "come_back",
    "c": "take_over",
    "h": "hand_back",
    "d": "add_on",
    "e": "end",
    "n": "more",
    "w": "withdraw",
}
#: the most letters a newcomer's name may have (a seat on the table fits it)
NAME_LENGTH = 12


class EveningMenu:
    """The questions of one action of the table menu, and the answers so far."""

    def __init__(
        self,
        game: Any,
        state: Any,
        tr: Translator,
        computers: Collection[int] = (),
        named: Callable[[str], str] | None = None,
    ) -> None:
        self.game = game
        #: a name typed as the evening first met its player (the ledger's :meth:`~drawpoker.ledger.Ledger.named`:
        #: "anna" typed after Anna left sits down as "Anna", one name at her seat, in the log and the standings)
        self.named = named or (lambda name: name)
        #: the seats of the computer players, set up so or who joined as one (not a player's seat to take
        #: over or give back: "the computer plays for Cato" and "Cato plays in person again" would be false)
        self.computers = frozenset(computers)
        #: the levels the computer may play a newcomer or a seat taken over at, from the weakest up, as
        #: the setup steps through them (a bot of one's own plays only the seats it was given at the
        #: setup: the history names no files); Enter takes the usual one
        self.levels = LEVEL_CHOICES
        self.state = state
        self.tr = tr
        self.action: str | None = None
        self.step = "pick"
        self.typing = ""
        self.name = ""
        self.buy_in: int | None = None
        self.seat: int | None = None
        self.message: str | None = None
        self.done = False  # Esc: the menu closes
        #: Three Card Poker plays rounds, the draw games deals
        self.rounds = game.rules.game == "three-card-poker"

    # ------------------------------------------------------------ what may be chosen

    def _rules(self) -> Any:
        return self.game.rules.session

    def actions(self) -> list[tuple[str, str]]:
        """(key, action) offered now: those that make sense at this table."""
        out = []
        s = self.state
        seats = [k for k, name in enumerate(s.names) if name]
        for key, action in ACTIONS.items():
            if action == "add_on" and self._rules().add_on_limit is None:
                continue
            if action == "come_back" and not any(s.away[k] for k in seats):
                continue
            if action == "hand_back" and not self.seats_for(action):  # (a computer player is not given back)
                continue
            if action == "take_over" and not self.seats_for(action):  # the computer plays every seat already
                continue
            if action == "withdraw" and not s.requests:  # (only during a deal: between deals a change is made at once)
                continue
            out.append((key, action))
        return out

    def seats_for(self, action: str) -> list[int]:
        """The seats an action may name."""
        s = self.state
        seats = [k for k, name in enumerate(s.names) if name]
        if action == "sit_out":
            return [k for k in seats if not s.away[k] and not s.out[k]]
        if action == "come_back":
            return [k for k in seats if s.away[k]]
        if action == "take_over":
            return [k for k in seats if not s.bot[k] and k not in self.computers and not s.out[k]]
        if action == "hand_back":
            return [k for k in seats if s.bot[k] and k not in self.computers]
        if action == "add_on":  # (one with too few chips to play is broke to the engine: a rebuy, not an add-on)
            return [k for k in seats if not s.out[k] and not self.game.evening.broke(s, k)]
        if action == "withdraw":  # the requests made during the deal (a newcomer's by the seat promised)
            return sorted(r.seat for r in s.requests)
        return seats

    def _refused(self, command: Any) -> str | None:
        """The engine's sentence if it would refuse ``command`` now (nothing changes either way)."""
        try:
            self.game.decide(self.state, command)
        except IllegalAction as exc:
            return as_sentence(exc.note, self.tr)
        return None

    def _tried(self, command: Any) -> Any:
        """``command`` if the engine would take it; else None, its refusal the message, the question open."""
        why = self._refused(command)
        if why is not None:
            self.done = False
            self.message = why
            return None
        return command

    def _default_buy_in(self, name: str | None = None) -> int:
        least, _most = self._buy_in_range(name)
        return int(least)

    def _buy_in_range(self, name: str | None = None) -> tuple[int, int]:
        """What the newcomer (``name``, else the one named) may buy in for: a player who left
        without chips sits down again with a rebuy, its amount alone (docs/rules.md 6.3)."""
        least, most = self.game.evening.buy_in_range(self.state, self.name if name is None else name)
        return int(least), int(most)

    def _as_rebuy(self) -> bool:
        """The newcomer named left this table without chips: sitting down again is a rebuy."""
        return bool(self.game.evening.back_as_rebuy(self.state, self.name))

    def _only_buy_in(self) -> int | None:
        """The one buy-in the house allows (None: the newcomer chooses one in a range)."""
        least, most = self._buy_in_range()
        return int(least) if least == most else None

    # ------------------------------------------------------------ keys

    def key(self, key: str) -> Any:
        """A key: the command when the answers are complete, else None."""
        self.message = None
        if key in ("escape", "c-g"):
            if self.step == "pick":
                self.done = True
            elif self.step == "level":  # back one question: the name and buy-in (or the seat) kept
                self.step = "who" if self.action == "join" else "seat"
            else:
                self.step, self.action, self.typing = "pick", None, ""
            return None
        if self.step == "pick":
            return self._pick(key.lower())
        if self.step == "seat":
            return self._choose_seat(key)
        if self.step in ("name", "buy_in", "amount", "count"):
            return self._type(key)
        if self.step == "who":
            if key.lower() in ("p", self.tr.p("key", "P").lower()):
                return self._tried(ev.Join(self._new_seat(), self.name, self.buy_in or 0, ""))
            if key.lower() in ("c", self.tr.p("key", "C").lower()):
                self.step = "level"
                return None
            self.message = self.tr._("Press {person} for a person, {computer} for the computer.").format(
                person=self.tr.p("key", "P"), computer=self.tr.p("key", "C")
            )
            return None
        if self.step == "level":
            return self._level(key)
        if self.step == "end_now":
            return self._end_now(key)
        return None

    def _end_now(self, key: str) -> Any:
        """Between deals E ends the evening for everyone at once: asked first (a slip forgiven)."""
        if key.lower() in ("y", self.tr.p("key", "Y").lower()):
            self.done = True
            return self._tried(ev.end_after(self.state, 0))
        if key.lower() in ("n", self.tr.p("key", "N").lower()):
            self.step, self.action = "pick", None
            return None
        self.message = self.tr._("Press {yes} to end the evening now, or Esc to go back.").format(
            yes=self.tr.p("key", "Y")
        )
        return None

    def _level(self, key: str) -> Any:
        """The level the computer plays the newcomer or the seat taken over at (Enter: the usual)."""
        if key in ("enter", "c-m", "c-j"):
            level = COMPUTER_STRATEGY
        elif digit(key) and 1 <= int(key) <= len(self.levels):
            level = self.levels[int(key) - 1]
        else:
            self.message = self.tr._("Press the number of a level, or Enter for {level}.").format(
                level=level_text(COMPUTER_STRATEGY, self.tr)
            )
            return None
        if self.action == "join":
            return self._tried(ev.Join(self._new_seat(), self.name, self.buy_in or 0, level))
        self.done = True
        return self._tried(ev.TakeOver(self.seat if self.seat is not None else 0, level))

    def _pick(self, key: str) -> Any:
        offered = dict(self.actions())
        action = offered.get(key)
        if action is None:
            self.message = self.tr._("Press one of the letters shown, or Esc.")
            return None
        self.action = action
        if action == "end":
            if self.state.phase == "between_deals":  # at once, for everyone: asked first
                self.step = "end_now"
                return None
            self.done = True  # a request for the deal's end, taken back with W while it is played
            return self._tried(ev.end_after(self.state, 0))
        if action == "more":
            self.step = "count"
            return None
        if action == "join":
            self.step = "name"
            return None
        if action == "add_on" and self.state.phase != "between_deals":
            # said at the letter, not after a seat and an amount: chips are bought between deals
            seats = self.seats_for(action)
            if self._tried(ev.AddOn(seats[0] if seats else 0, 1)) is None:
                self.action = None
                return None
        self.step = "seat"
        return None

    def _choose_seat(self, key: str) -> Any:
        seats = self.seats_for(self.action or "")
        if not digit(key) or int(key) - 1 not in seats:
            self.message = self.tr._("Press the number of one of the seats shown, or Esc.")
            return None
        seat = int(key) - 1
        action = self.action
        if action == "add_on":  # the seat tried now (one who has added on all the house allows), the amount next
            if self._tried(ev.AddOn(seat, 1)) is None:
                return None
            self.seat, self.step = seat, "amount"
            return None
        self.done = True
        if action == "sit_out":
            return self._tried(ev.SitOut(seat))
        if action == "come_back":
            return self._tried(ev.ComeBack(seat))
        if action == "take_over":  # the seat tried now, the level asked next
            if self._tried(ev.TakeOver(seat, COMPUTER_STRATEGY)) is None:
                return None
            self.done = False
            self.seat, self.step = seat, "level"
            return None
        if action == "hand_back":
            return self._tried(ev.HandBack(seat))
        if action == "withdraw":
            return self._tried(ev.Withdraw(seat))
        return self._tried(ev.Leave(seat))

    def _type(self, key: str) -> Any:
        only = self._only_buy_in() if self.step == "buy_in" else None
        if only is not None and key not in ("enter", "c-m", "c-j"):  # nothing to type: the house allows one
            if self._as_rebuy():
                self.message = self.tr._("A rebuy is {n} chips here: Enter goes on, Esc goes back.").format(n=only)
            else:
                self.message = self.tr._("The buy-in is {n} chips here: Enter goes on, Esc goes back.").format(n=only)
            return None
        if key in ("backspace", "c-h"):
            if not self.typing:  # nothing to delete: say so (issue 24: no key goes unanswered)
                self.message = self.tr._("Nothing typed yet; Esc goes back.")
            self.typing = self.typing[:-1]
            return None
        if key in ("enter", "c-m", "c-j"):
            return self._enter()
        if len(key) != 1 or not key.isprintable():
            if self.step == "name":
                self.message = self.tr._("Type the newcomer's name, then Enter.")
            else:
                self.message = self.tr._("Type a number, then Enter.")
            return None
        if self.step == "name":
            if len(self.typing) >= NAME_LENGTH:
                self.message = self.tr._("A name has at most {n} letters.").format(n=NAME_LENGTH)
            elif key.strip() or self.typing:
                self.typing += key
            else:
                self.message = self.tr._("A name does not begin with a space.")
        elif digit(key) and len(self.typing) < 6:
            self.typing += key
        else:
            self.message = self.tr._("Type a number, then Enter.")
        return None

    def _enter(self) -> Any:
        text = player_name(self.typing)  # (a newcomer's name in one form, however typed)
        if self.step == "name":
            text = self.named(text)  # (a player back after leaving: named as first met, in any case typed)
            if not text:
                self.message = self.tr._("Type the newcomer's name, then Enter.")
                return None
            # the name tried with the smallest buy-in: a name already seated, a full table, said now
            if self._tried(ev.Join(self._new_seat(), text, self._default_buy_in(text), "")) is None:
                return None
            self.name, self.typing, self.step = text, "", "buy_in"
            return None
        if self.step == "buy_in":
            buy_in = int(text) if text else self._default_buy_in()
            if self._tried(ev.Join(self._new_seat(), self.name, buy_in, "")) is None:
                return None
            self.buy_in = buy_in
            self.typing, self.step = "", "who"
            return None
        if not text:
            self.message = self.tr._("Type a number, then Enter.")
            return None
        number = int(text)
        # (the engine would say the deal number it came to; and 0 would end the evening, what E does: a count
        # of more deals starts at 1)
        if self.step == "count" and not 1 <= number <= MOST_MORE:
            more = (
                self.tr._("The evening can go on for 1 to {n} more rounds (E in the table menu ends it).")
                if self.rounds
                else self.tr._("The evening can go on for 1 to {n} more deals (E in the table menu ends it).")
            )
            self.message = more.format(n=MOST_MORE)
            return None
        self.done = True
        if self.step == "amount":
            return self._tried(ev.AddOn(self.seat if self.seat is not None else 0, number))
        return self._tried(ev.end_after(self.state, number))

    def _new_seat(self) -> int:
        """The newcomer's seat: the first empty one not promised to another newcomer during the deal,
        else the next new one."""
        names = self.state.names
        promised = {r.seat for r in self.state.requests if r.what == "join"}
        empty = next((k for k, name in enumerate(names) if not name and k not in promised), None)
        return empty if empty is not None else len(names) + sum(1 for k in promised if k >= len(names))

    # ------------------------------------------------------------ words

    def _request_text(self, request: Any) -> str:
        """What a request made during the deal asks, by whom (a newcomer by name)."""
        tr = self.tr
        name = request.name if request.what == "join" else self.state.names[request.seat]
        said = {
            "join": tr._("{name} sits down (a newcomer)"),
            "leave": tr._("{name} leaves"),
            "sit_out": tr._("{name} sits out"),
            "come_back": tr._("{name} comes back"),
            "take_over": tr._("the computer plays for {name}"),
            "hand_back": tr._("{name} plays in person again"),
        }
        return said[request.what].format(name=name)

    def lines(self) -> list[str]:
        """What the menu asks now, a line each (the screen styles them)."""
        tr = self.tr
        words = {
            "join": tr._("someone arrives (takes a seat with a buy-in)"),
            "leave": tr._("someone leaves with their chips"),
            "sit_out": tr._("someone sits out (keeps their chips)"),
            "come_back": tr._("someone comes back"),
            "take_over": tr._("the computer takes over a seat (the chips stay the player's)"),
            "hand_back": tr._("the computer gives a seat back"),
            "add_on": tr._("someone buys more chips (an add-on)"),
            "end": (
                tr._("end the evening now")  # (between deals: the one just played is the last)
                if self.state.phase == "between_deals"
                else tr._("end the evening after this round")
                if self.rounds
                else tr._("end the evening after this deal")
            ),
            "more": (
                tr._("end the evening after N more rounds")
                if self.rounds
                else tr._("end the evening after N more deals")
            ),
            "withdraw": (
                tr._("take back a request made during this round")
                if self.rounds
                else tr._("take back a request made during this deal")
            ),
        }
        s = self.state
        if self.step == "pick":
            out = [tr._("The table: what happens?")]
            out += [f"[{key.upper()}] {words[action]}" for key, action in self.actions()]
            return out + ["[Esc] " + tr._("back")]
        if self.step == "seat" and self.action == "withdraw":
            out = [words["withdraw"].capitalize() + ": " + tr._("which?")]
            out += [f"[{r.seat + 1}] {self._request_text(r)}" for r in sorted(s.requests, key=lambda r: r.seat)]
            return out + ["[Esc] " + tr._("back")]
        if self.step == "seat":
            out = [words[self.action or "leave"].capitalize() + ": " + tr._("who?")]
            out += [f"[{k + 1}] {s.names[k]}" for k in self.seats_for(self.action or "")]
            return out + ["[Esc] " + tr._("back")]
        # a question typed into: what Enter and Esc do, said under it
        keys = "[Enter] " + tr._("go on") + "   [Esc] " + tr._("back")
        if self.step == "name":
            return [tr._("The newcomer's name: {typed}_").format(typed=self.typing), keys]
        if self.step == "buy_in":
            only = self._only_buy_in()
            if only is not None and self._as_rebuy():  # (version 5) back after leaving without chips
                said = tr.n(
                    "{name} left with no chips: sitting down again is a rebuy of {n} chip.",
                    "{name} left with no chips: sitting down again is a rebuy of {n} chips.",
                    only,
                )
                return [said.format(name=self.name, n=only), keys]
            if only is not None:  # nothing to choose: said, not asked
                return [tr._("{name} buys in for {n} chips, the buy-in here.").format(name=self.name, n=only), keys]
            least, most = self._buy_in_range()
            return [
                tr._("{name}'s buy-in ({allowed} chips; Enter: {default}): {typed}_").format(
                    name=self.name, allowed=f"{least}-{most}", default=self._default_buy_in(), typed=self.typing
                ),
                keys,
            ]
        if self.step == "who":
            return [
                tr._("Does a person or the computer play {name}?").format(name=self.name),
                f"[{tr.p('key', 'P')}] " + tr._("a person"),
                f"[{tr.p('key', 'C')}] " + tr._("the computer"),
                "[Esc] " + tr._("back"),  # (as under every other question)
            ]
        if self.step == "amount":
            seat = self.seat if self.seat is not None else 0
            most = (self._rules().add_on_limit or 0) - s.added[seat]
            return [
                tr._("How many chips does {name} buy (1-{most})? {typed}_").format(
                    name=s.names[seat], most=most, typed=self.typing
                ),
                keys,
            ]
        if self.step == "end_now":
            return [
                tr._("End the evening now, for everyone at the table?"),
                f"[{tr.p('key', 'Y')}] " + words["end"] + f"   [{tr.p('key', 'N')}] " + tr._("play on"),
                "[Esc] " + tr._("back"),
            ]
        if self.step == "level":
            name = self.name if self.action == "join" else s.names[self.seat] if self.seat is not None else ""
            out = [tr._("At what level does the computer play {name}?").format(name=name)]
            out += [f"[{k}] {level_text(level, tr)}" for k, level in enumerate(self.levels, 1)]
            return out + ["[Enter] " + level_text(COMPUTER_STRATEGY, tr) + "   [Esc] " + tr._("back")]
        more = tr._("How many more rounds? {typed}_") if self.rounds else tr._("How many more deals? {typed}_")
        return [more.format(typed=self.typing), keys]
