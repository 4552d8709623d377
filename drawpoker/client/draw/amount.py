"""The amount a player bets or raises to, in pot and no limit: the entry's
model, with no screen and no keys of its own.

The entry holds a total for this round (what the player's bet becomes),
between the smallest and largest the rules allow
(:class:`~drawpoker.engine.betting.Choices`), and shows those and the pot.
The keys it understands: ``up``/``down`` step by one big blind (the round's
smallest bet), ``half``, ``pot`` and ``all_in`` jump to half a pot-sized
bet, a pot-sized bet and everything, digits type an amount (they replace an
amount a key chose), ``backspace`` deletes the last digit (of the amount
shown, too), ``enter`` confirms and ``escape`` cancels. A jump the limits
cut short lands on the nearest allowed amount; an amount typed beyond the
largest is explained at once with the betting module's sentence. An empty
field is the smallest amount, never all in. Enter on an amount the rules do
not allow takes nothing: it says why and puts the nearest allowed amount in
the field, for a second Enter to take. Whatever else a key cannot do is
said too (:attr:`AmountEntry.hint`), so no key goes unanswered.

>>> from drawpoker.engine.betting import Choices
>>> ch = Choices(0, "pot_limit", False, 2, False, "raise", 4, 7, 100, 3, 7, 4, 2, None)
>>> entry = AmountEntry(ch, "Anna")
>>> entry.value, entry.low, entry.high, entry.pot
(4, 4, 7, 3)
>>> entry.press("up"); entry.value
6
>>> entry.press("all_in"); entry.value, entry.message
(7, 'Anna may raise to between 4 and 7 (the pot)')
>>> entry.press("3"); entry.press("0"); entry.value, entry.message
(30, 'Anna may raise to between 4 and 7 (the pot)')
>>> entry.press("enter") is None, entry.value, entry.hint
(True, 7, ('nearest', 7))
>>> entry.press("backspace"); entry.typed, entry.value
('', 4)
>>> entry.press("enter")
('confirm', 4)
"""

from __future__ import annotations

from drawpoker.client.keys import digit
from drawpoker.engine.betting import Choices, amount_refusal

__all__ = ["AmountEntry", "KEYS"]

#: the keys :meth:`AmountEntry.press` understands (digits besides)
KEYS = ("up", "down", "half", "pot", "all_in", "backspace", "enter", "escape")


class AmountEntry:
    """The amount entry of ``name``, who may bet or raise (``choices.bet_word``)."""

    def __init__(self, choices: Choices, name: str) -> None:
        if choices.bet_word is None:
            raise ValueError("the player may not bet or raise: nothing to enter")
        self.choices = choices
        self.name = name
        self.amount = choices.min_to  # the total chosen with keys
        #: the digits typed, None while the amount shown is one a key chose ("" is an empty field)
        self.typed: str | None = None
        self.message: str | None = None  # why the amount shown is not allowed (the betting module's sentence)
        #: what else a key could not do, for the screen to say: ("zero", 0), ("nearest", total),
        #: ("empty", smallest), ("same", total), ("too_long", total)
        self.hint: tuple[str, int] | None = None
        self.cancelled = False

    # ---------------------------------------------------------- what it shows

    @property
    def word(self) -> str:
        """bet or raise."""
        return self.choices.bet_word or ""

    @property
    def low(self) -> int:
        """The smallest total allowed (the all-in when that is less)."""
        return self.choices.min_to

    @property
    def high(self) -> int:
        """The largest total allowed."""
        return self.choices.max_to

    @property
    def pot(self) -> int:
        """Every chip in the middle now, this round's bets included."""
        return self.choices.pot

    @property
    def value(self) -> int:
        """The total shown: what was typed (an empty field: the smallest), else what the keys chose."""
        if self.typed is None:
            return self.amount
        return int(self.typed) if self.typed else self.low

    @property
    def all_in(self) -> bool:
        """Does the amount shown take every chip the player has?"""
        return self.value == self.choices.all_in_to

    # ---------------------------------------------------------- keys

    def press(self, key: str) -> tuple[str, int | None] | None:
        """One key: a digit or one of :data:`KEYS`. Returns ("confirm",
        total) when Enter takes an allowed amount, ("cancel", None) on
        Escape, else None."""
        self.hint = None
        if digit(key):
            self._digit(key)
        elif key == "up":
            self._step(1)
        elif key == "down":
            self._step(-1)
        elif key == "half":
            self._jump(self.choices.half_pot_to)
        elif key == "pot":
            self._jump(self.choices.pot_to)
        elif key == "all_in":
            self._jump(self.choices.all_in_to)
        elif key == "backspace":
            self._backspace()
        elif key == "enter":
            return self._enter()
        elif key == "escape":
            self.cancelled = True
            return ("cancel", None)
        else:
            raise ValueError(f"the amount entry has no key {key!r}")
        return None

    def _why_not(self, to: int) -> str | None:
        return amount_refusal(self.choices, self.name, to)

    def _enter(self) -> tuple[str, int | None] | None:
        """Take the amount shown, or say why not and offer the nearest allowed one."""
        value = self.value
        why = self._why_not(value)
        if why is None:
            return ("confirm", value)
        self._settle(value)
        self.hint = ("nearest", self.amount)
        return None

    def _settle(self, to: int) -> None:
        """Choose ``to``, or the nearest allowed amount and say why."""
        self.typed = None
        self.amount = min(max(to, self.low), self.high)
        self.message = self._why_not(to)

    def _step(self, direction: int) -> None:
        value = self.value
        if direction > 0 and value < self.low:
            self._settle(self.low)
        elif direction < 0 and value > self.high:
            self._settle(self.high)
        else:
            self._settle(value + direction * self.choices.step)

    def _jump(self, to: int) -> None:
        shown = (self.typed, self.value)
        self._settle(to)
        if self.message is None and shown == (None, self.value):
            self.hint = ("same", self.value)  # the key chose the amount already shown

    def _backspace(self) -> None:
        if self.typed is None:  # the amount a key chose becomes digits to edit
            self.typed = str(self.amount)
        if not self.typed:
            self.hint = ("empty", self.low)
            return
        self.typed = self.typed[:-1]
        self.message = self._too_much()

    def _digit(self, digit: str) -> None:
        if self.typed is None:
            self.typed = ""  # digits replace an amount a key chose
        if not self.typed and digit == "0":
            self.hint = ("zero", 0)
            return
        if len(self.typed) > len(str(self.choices.all_in_to)):
            self.message = self._too_much()  # more digits than any stack: already too much
            self.hint = ("too_long", self.value)
            return
        self.typed += digit
        # Explain at once only what more digits cannot mend: already too much.
        self.message = self._too_much()

    def _too_much(self) -> str | None:
        return self._why_not(self.value) if self.value > self.high else None
