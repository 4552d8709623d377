"""The Three Card Poker bet slip: a player's bets before the deal.

The slip is filled with arrow keys within the limits the engine gives
(:class:`~drawpoker.games.three_card.legal.BetLimits`); whether the
player's stack and the bank can take the bets is the engine's to say when
the slip is placed. A player's last bets are offered again next round.

>>> from drawpoker.games.three_card.legal import BetLimits
>>> from drawpoker.words.i18n import translator
>>> limits = BetLimits(1, 10, 1, 10, True, 0, 0, 1, 40, None)
>>> slip = BetEditor()
>>> slip.start(0, limits)
>>> slip.fields(limits)
['ante', 'pair_plus']
>>> slip.change(limits, 1, translator("en")); slip.move(1); slip.change(limits, 2, translator("en"))
>>> slip.boxes(limits)
(BoxBet(ante=2, pair_plus=2, prime=0, six_card=0),)
"""

from __future__ import annotations

from typing import Any

from drawpoker.games.three_card.commands import BoxBet
from drawpoker.words.i18n import N_, Translator

__all__ = ["BetEditor", "FIELD_NAMES"]

#: the bet slip's lines and their names
FIELD_NAMES = {
    "ante": N_("Ante"),
    "pair_plus": N_("Pair Plus"),
    "prime": N_("Prime"),
    "six_card": N_("Six Card Bonus"),
    "boxes": N_("Boxes"),
}


class BetEditor:
    """The bet slip of the player to bet."""

    def __init__(self) -> None:
        self.values: dict[str, int] = {}
        self.line = 0
        self.seat: int | None = None
        self._last: dict[int, dict[str, int]] = {}

    def fields(self, limits: Any) -> list[str]:
        """The lines of the slip the rules offer."""
        out = ["ante"]
        if limits.pair_plus_max:
            out.append("pair_plus")
        if limits.prime_max:
            out.append("prime")
        if limits.six_card_max:
            out.append("six_card")
        if limits.boxes > 1:
            out.append("boxes")
        return out

    def start(self, seat: int, limits: Any) -> None:
        """A new player bets: their bets of last round, or the smallest ante."""
        if self.seat == seat and self.values:
            return
        self.seat = seat
        self.line = 0
        fresh = {"ante": limits.ante_min, "pair_plus": 0, "prime": 0, "six_card": 0, "boxes": 1}
        last = self._last.get(seat, {})
        self.values = {key: last.get(key, value) for key, value in fresh.items()}
        self._clamp(limits)

    def remember(self, seat: int) -> None:
        """The bets were placed: offer them again next round, and start afresh."""
        self._last[seat] = dict(self.values)
        self.seat = None
        self.values = {}

    def _range(self, key: str, limits: Any) -> tuple[int, int]:
        if key == "ante":
            return (0 if limits.pair_plus_alone else limits.ante_min), limits.ante_max
        if key == "boxes":
            return 1, max(1, limits.boxes)
        return 0, {"pair_plus": limits.pair_plus_max, "prime": limits.prime_max, "six_card": limits.six_card_max}[key]

    def _clamp(self, limits: Any) -> None:
        for key in self.values:
            if key == "boxes" or key in self.fields(limits):
                low, high = self._range(key, limits)
                self.values[key] = max(low, min(high, self.values[key]))
            else:
                self.values[key] = 0
        if 0 < self.values["ante"] < limits.ante_min:
            self.values["ante"] = limits.ante_min

    def move(self, delta: int) -> None:
        """Choose the next (or previous) line of the slip."""
        self.line += delta

    def current(self, limits: Any) -> str:
        """The line being changed."""
        fields = self.fields(limits)
        self.line %= len(fields)
        return fields[self.line]

    def change(self, limits: Any, delta: int, tr: Translator, name: str = "") -> str | None:
        """Change the chosen bet by ``delta``; the reason if the limit stops it
        (``name``: the player whose slip it is, named as every refusal names them)."""
        key = self.current(limits)
        low, high = self._range(key, limits)
        value = self.values[key] + delta
        if key == "ante" and 0 < value < limits.ante_min:
            value = 0 if delta < 0 and limits.pair_plus_alone else limits.ante_min
        if value < low or value > high:
            self.values[key] = max(low, min(high, value))
            if key == "boxes":
                return tr._("{name} may play 1 to {n} boxes now.").format(name=name, n=high)
            return tr._("{bet}: from {low} to {high}.").format(bet=tr._(FIELD_NAMES[key]), low=low, high=high)
        self.values[key] = value
        return None

    def boxes(self, limits: Any) -> tuple[BoxBet, ...]:
        """The slip as the engine's boxes."""
        v = self.values
        one = BoxBet(v["ante"], v["pair_plus"], v["prime"], v["six_card"])
        return (one,) * max(1, v["boxes"] if limits.boxes > 1 else 1)

    def total(self, limits: Any) -> int:
        """Chips the slip puts on the table now (Play bets come later)."""
        per_box = sum(self.values[k] for k in ("ante", "pair_plus", "prime", "six_card"))
        return per_box * len(self.boxes(limits))
