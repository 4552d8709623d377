"""The short setup before a session: how many, their names, which seats a
computer plays, who deals first (where the table chooses: docs/rules.md 6.1),
and the rules to agree.

A pure model driven by keys; the screen shows :meth:`SetupModel.lines`.

>>> from drawpoker.rules import load_rules
>>> from drawpoker.words.i18n import translator
>>> m = SetupModel(load_rules("morkpoker"), translator("en"))
>>> m.step, m.count
('count', 2)
>>> m.type("3"); m.enter(); m.step
'names'
>>> for name in ("Ada", "Bjørn", ""):
...     for ch in name: m.type(ch)
...     m.enter()
>>> m.names
['Ada', 'Bjørn', 'Player 3']
>>> m.toggle(3); m.toggle(3); m.computer, m.levels[2]
([False, False, True], 'sensible')
>>> m.enter(); m.step
'dealer'
>>> m.type("2"); m.first_dealer
'Bjørn'
>>> m.enter(); m.enter(); m.done
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drawpoker.boundary import player_name
from drawpoker.client.keys import digit
from drawpoker.client.lines import Line, ljust, styled, wrap
from drawpoker.client.look import Look
from drawpoker.rules.seating import seat_range
from drawpoker.words.evening_text import level_text
from drawpoker.words.i18n import Translator
from drawpoker.words.rules_text import rules_text

__all__ = ["SetupModel", "seat_range", "NAME_LENGTH", "LEVEL_CHOICES", "USUAL_LEVEL", "level_text"]

#: the longest name a player may take (it must fit a seat on the table)
NAME_LENGTH = 12

_STEPS = ("count", "names", "computers", "dealer", "rules")

#: the levels a computer seat is offered, from the weakest up (a seat's number steps through them in
#: this order, as `play`'s help, the README and `simulate --strategy` list them)
LEVEL_CHOICES = ("easy", "sensible", "strong")
#: the level the table menu offers first (Enter), the one most tables want
USUAL_LEVEL = "sensible"


class SetupModel:
    """The answers so far and the step being asked."""

    def __init__(
        self, rules: Any, tr: Translator, usual_names: Sequence[str] = (), own_bots: Sequence[str] = ()
    ) -> None:
        self.rules = rules
        self.tr = tr
        #: the names the settings offer, seat by seat, when a name is left empty
        self.usual_names = list(usual_names)
        self.low, self.high = seat_range(rules)
        self.step = "count"
        self.count = max(self.low, min(2, self.high))
        self.names: list[str] = []
        self.typing = ""
        self.computer: list[bool] = []
        #: the player (by place in ``names``) who deals first, where the table chooses (``first_dealer: chosen``)
        self.dealer = 0
        #: whether the setup asks who deals first: the table chooses, and the dealer's role goes round
        self.asks_dealer = rules.session.first_dealer == "chosen" and (
            rules.game != "three-card-poker" or rules.dealer.mode == "rotating"
        )
        #: what the computer plays each seat by, where it plays it: a level, or a bot of one's own
        self.levels: list[str] = []
        #: the choices for a computer seat, in the order a seat's number steps through them
        self.choices = (*LEVEL_CHOICES, *own_bots)
        self.scroll = 0
        self.scroll_end = 0  # how far the rules scroll (set as they are drawn)
        self.message: str | None = None
        #: letters of the name being typed were refused (too long): Enter asks before taking it
        self.cut = False
        self._cut_told = False
        self.done = False

    # ------------------------------------------------------------ keys

    def type(self, ch: str) -> None:
        """A printable key: a digit for the count, a letter of a name, a seat to toggle."""
        self.message = None
        if self.step == "count":
            if digit(ch):
                value = int(ch) if ch != "0" else 10
                if value == self.count:
                    self.message = self.tr.n(
                        "{n} player: press Enter to go on.", "{n} players: press Enter to go on.", value
                    ).format(n=value)
                elif self.low <= value <= self.high:
                    self.count = value
                else:
                    self.message = self._range_text()
            elif ch in "+-":
                self.change(1 if ch == "+" else -1)
            else:
                self.message = self.tr._("Type a number from {low} to {high}.").format(low=self.low, high=self.high)
        elif self.step == "names":
            if not ch.isprintable():
                self.refuse(ch)
            elif ch.isspace() and not self.typing:
                self.message = self.tr._("A name does not begin with a space.")
            elif len(self.typing) >= NAME_LENGTH:
                self.cut = True
                self.message = self.tr._("A name has at most {n} letters.").format(n=NAME_LENGTH)
            else:
                self.typing += ch
        elif self.step == "computers":
            if digit(ch) and int(ch) != 0:
                self.toggle(int(ch))
            else:
                self.refuse(ch)
        elif self.step == "dealer" and digit(ch) and 1 <= int(ch) <= self.count:
            if self.dealer == int(ch) - 1:  # already chosen: a key that changes nothing says so
                self.message = self.tr._("{name} deals first: press Enter to go on.").format(
                    name=self.names[self.dealer]
                )
            self.dealer = int(ch) - 1
        elif self.step == "dealer" and digit(ch):
            self.message = self.tr._("There is no seat {n}.").format(n=ch)
        else:
            self.refuse(ch)

    def refuse(self, key: str) -> None:
        """A key the question does not take: say what it does take."""
        tr = self.tr
        if self.step == "count":
            self.message = tr._("Type a number from {low} to {high}.").format(low=self.low, high=self.high)
        elif self.step == "names":
            self.message = tr._("Type the name; Enter takes it, Backspace corrects.")
        elif self.step == "computers":
            self.message = tr._(
                "Press a seat's number to switch it between a person and the computer; Enter to go on, "
                "Backspace to go back."
            )
        elif self.step == "dealer":
            self.message = tr._("Press the number of the player who deals first; Enter to go on, Backspace to go back.")
        else:
            self.message = tr._("Press Enter to start, or Backspace to go back.")

    def change(self, delta: int) -> None:
        """Arrows: one more or fewer players; scroll the rules."""
        self.message = None
        if self.step == "count":
            value = self.count + delta
            if self.low <= value <= self.high:
                self.count = value
            else:
                self.message = self._range_text()
        elif self.step == "dealer":  # the arrows go round the table; a page key to the first or the last
            target = (self.dealer + delta) % self.count if abs(delta) == 1 else (0 if delta < 0 else self.count - 1)
            if target == self.dealer:
                self.message = self.tr._("{name} deals first: press Enter to go on.").format(name=self.names[target])
            self.dealer = target
        elif self.step == "rules":
            if (delta < 0 and self.scroll <= 0) or (delta > 0 and self.scroll >= self.scroll_end):
                self.message = (
                    self.tr._("This is the top of the rules.")
                    if delta < 0
                    else self.tr._("This is the end of the rules.")
                )
                return
            self.scroll = max(0, min(self.scroll_end, self.scroll + delta))
        else:
            self.refuse("")

    def toggle(self, seat: int) -> None:
        """Switch seat ``seat`` (from 1) between a person and the computer."""
        if self.step != "computers":
            return
        if not 1 <= seat <= self.count:
            self.message = self.tr._("There is no seat {n}.").format(n=seat)
            return
        i = seat - 1
        if not self.computer[i]:  # a person: the computer takes the seat, at the first level offered
            self.computer[i], self.levels[i] = True, self.choices[0]
        elif self.levels[i] != self.choices[-1]:  # the next level
            self.levels[i] = self.choices[self.choices.index(self.levels[i]) + 1]
        else:  # after the last: a person again
            self.computer[i] = False

    def backspace(self) -> None:
        """Delete a letter of a name, or go back a step."""
        self.message = None
        self.cut = self._cut_told = False
        if self.step == "count":
            self.message = self.tr._("This is the first question: there is nothing to go back to.")
        elif self.step == "names" and self.typing:
            self.typing = self.typing[:-1]
        elif self.step == "names" and self.names:
            self.typing = self.names.pop()
        elif self.step == "names":
            self.step = "count"
        elif self.step == "computers":
            self.step = "names"
            self.typing = self.names.pop()
        elif self.step == "dealer":
            self.step = "computers"
        elif self.step == "rules":
            self.step = "dealer" if self.asks_dealer else "computers"

    def enter(self) -> None:
        """Accept the answer and go on."""
        self.message = None
        if self.step == "count":
            self.step = "names"
            self.names, self.typing = [], ""
        elif self.step == "names":
            name = player_name(self.typing) or self._default_name(len(self.names) + 1)
            seated = next((n for n in self.names if n.casefold() == name.casefold()), None)
            if seated is not None:  # (named as seated: "anna" typed beside Anna is Anna)
                self.message = self.tr._("{name} is already at the table; choose another name.").format(name=seated)
                return
            if self.cut and not self._cut_told:  # never cut a name without saying so
                self._cut_told = True
                self.message = self.tr._(
                    'Only {n} letters fit at the table: the name is "{name}". '
                    "Press Enter to take it, or Backspace to change it."
                ).format(n=NAME_LENGTH, name=name)
                return
            self.cut = self._cut_told = False
            self.names.append(name)
            self.typing = ""
            if len(self.names) == self.count:
                self.step = "computers"
                self.computer = [False] * self.count
                self.levels = [self.choices[0]] * self.count
                self.dealer = 0
        elif self.step == "computers" and self.asks_dealer:
            self.step = "dealer"
        elif self.step in ("computers", "dealer"):
            self.step = "rules"
            self.scroll = 0
        elif self.step == "rules":
            self.done = True

    @property
    def first_dealer(self) -> str | None:
        """The name of the player the table chose to deal first (None: the house draws for it, or deals)."""
        return self.names[self.dealer] if self.asks_dealer and self.dealer < len(self.names) else None

    def _default_name(self, number: int) -> str:
        taken = {n.casefold() for n in self.names}
        for usual in self.usual_names[number - 1 :]:
            if usual.casefold() not in taken:
                return usual
        while True:
            name = self.tr._("Player {n}").format(n=number)
            if name.casefold() not in taken:
                return name
            number += 1

    def _range_text(self) -> str:
        return self.tr._("These rules seat {low} to {high}.").format(low=self.low, high=self.high)

    # ------------------------------------------------------------ screen

    def lines(self, look: Look, columns: int, rows: int) -> list[Line]:
        """The setup screen's body."""
        tr = self.tr
        out: list[Line] = []
        dealer = self.rules.game == "three-card-poker" and self.rules.dealer.mode == "rotating"
        if self.step == "count":
            question = (
                tr._("How many take part, the dealer included? ({low}–{high})")
                if dealer
                else tr._("How many players? ({low}–{high})")
            ).format(low=self.low, high=self.high)
            out += [
                styled("class:title", question),
                [],
                [
                    ("", "   "),
                    ("class:key", "◀ " if look.unicode else "< "),
                    ("class:turn", str(self.count)),
                    ("class:key", " ▶" if look.unicode else " >"),
                ],
                [],
                styled("class:dim", tr._("Type the number or use the arrow keys; Enter to go on.")),
            ]
        elif self.step == "names":
            number = len(self.names) + 1
            out += [
                styled("class:title", tr._("Name of player {n} of {count}:").format(n=number, count=self.count)),
                [],
            ]
            for i, name in enumerate(self.names):
                out.append(styled("", f"  {i + 1}. {name}"))
            out.append([("", f"  {number}. "), ("class:turn", self.typing), ("class:key", "_")])
            out += [
                [],
                styled(
                    "class:dim",
                    tr._('Enter takes the name (empty: "{default}"); Backspace corrects.').format(
                        default=self._default_name(number)
                    ),
                ),
            ]
        elif self.step == "computers":
            out += [styled("class:title", tr._("Who does the computer play?")), []]
            for i, name in enumerate(self.names):
                who = (
                    tr._("computer: {level}").format(level=level_text(self.levels[i], tr))
                    if self.computer[i]
                    else tr._("person")
                )
                out.append(
                    [
                        ("class:key", f"  [{i + 1}] "),
                        ("", ljust(name, NAME_LENGTH + 2)),
                        ("class:turn" if self.computer[i] else "", who),
                    ]
                )
            out += [
                [],
                styled(
                    "class:dim", tr._("Press a seat's number to switch it: a person, or the computer at each level.")
                ),
                styled("class:dim", tr._("Enter to go on; Backspace goes back.")),
            ]
        elif self.step == "dealer":
            out += [styled("class:title", tr._("Who deals first?")), []]
            for i, name in enumerate(self.names):
                chosen = i == self.dealer
                out.append(
                    [
                        ("class:key", f"  [{i + 1}] "),
                        ("class:turn" if chosen else "", ljust(name, NAME_LENGTH + 2)),
                        ("class:turn", tr._("deals first") if chosen else ""),
                    ]
                )
            out += [
                [],
                styled(
                    "class:dim",
                    tr._("Press a player's number (or use the arrow keys); Enter to go on, Backspace to go back."),
                ),
                styled("class:dim", tr._("Then the dealer's role passes to the left, seat by seat.")),
            ]
        else:
            out += [styled("class:title", tr._("The rules of this session")), []]
            body = [styled("", line) for line in wrap(rules_text(self.rules, tr), columns - 2)]
            said = wrap(self.message, columns - 4) if self.message else []
            room = max(1, rows - 5 - (len(said) + 1 if said else 0))  # a message is never pushed off the screen
            self.scroll_end = max(0, len(body) - room)
            self.scroll = min(self.scroll, self.scroll_end)
            out += body[self.scroll : self.scroll + room]
            more = tr._("↑/↓ scroll · ") if len(body) > room else ""
            out += [[], styled("class:dim", more + tr._("Enter: agree and deal · Backspace: back"))]
        if self.message:
            out += [[]] + [styled("class:warn", line) for line in wrap(self.message, columns - 4)]
        return out
