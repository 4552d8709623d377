"""The amount a player bets or raises to, in pot and no limit: the entry's
model, with no screen and no keys of its own.

The entry holds a total for this round (what the player's bet becomes),
between the smallest and largest the rules allow
(:class:`~drawpoker.engine.betting.Choices`), and shows those and the pot.
The keys it understands: ``up``/``down`` step by one big blind (the round's
smallest bet), ``half``, ``pot`` and ``all_in`` jump to half a pot-sized
bet, a pot-sized bet and everything, digits type an amount, ``backspace``
deletes one, ``enter`` confirms and ``escape`` cancels. A jump the limits
cut short lands on the nearest allowed amount; an amount the rules do not
allow is explained on the spot with the betting module's sentence, and
Enter does not take it.

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
>>> entry.press("enter") is None
True
>>> entry.press("backspace"); entry.press("backspace"); entry.press("enter")
('confirm', 7)
"""

from __future__ import annotations

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
        self.typed = ""  # digits typed since the last key that chose an amount
        self.message: str | None = None  # why the amount shown is not allowed
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
        """The total shown: what was typed, else what the keys chose."""
        return int(self.typed) if self.typed else self.amount

    @property
    def all_in(self) -> bool:
        """Does the amount shown take every chip the player has?"""
        return self.value == self.choices.all_in_to

    # ---------------------------------------------------------- keys

    def press(self, key: str) -> tuple[str, int | None] | None:
        """One key: a digit or one of :data:`KEYS`. Returns ("confirm",
        total) when Enter takes an allowed amount, ("cancel", None) on
        Escape, else None."""
        if key.isdigit() and len(key) == 1:
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
            self.typed = self.typed[:-1]
            self.message = self._why_not(self.value) if self.typed else None
        elif key == "enter":
            why = self._why_not(self.value)
            if why is None:
                return ("confirm", self.value)
            self.message = why
        elif key == "escape":
            self.cancelled = True
            return ("cancel", None)
        else:
            raise ValueError(f"the amount entry has no key {key!r}")
        return None

    def _why_not(self, to: int) -> str | None:
        return amount_refusal(self.choices, self.name, to)

    def _settle(self, to: int) -> None:
        """Choose ``to``, or the nearest allowed amount and say why."""
        self.typed = ""
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
        self._settle(to)

    def _digit(self, digit: str) -> None:
        if len(self.typed) > len(str(self.choices.all_in_to)):
            return  # more digits than any stack: ignore
        self.typed = (self.typed + digit).lstrip("0")
        value = self.value
        # Explain at once only what more digits cannot mend: already too much.
        self.message = self._why_not(value) if value > self.high else None
