"""The project's error types: one per kind of failure.

Every error carries a message that is one clear sentence a player can act
on; the command-line edge prints it and exits 1, never a traceback.
"""

from __future__ import annotations


class DrawpokerError(Exception):
    """Base class of every error this package raises on purpose."""


class CardError(DrawpokerError, ValueError):
    """Text that is not a card, or a card given twice."""


class RulesError(DrawpokerError):
    """A house-rules file that cannot be used; may hold several problems."""

    def __init__(self, problems: list[str] | str) -> None:
        if isinstance(problems, str):
            problems = [problems]
        self.problems: list[str] = list(problems)
        super().__init__("\n".join(self.problems))


class IllegalAction(DrawpokerError):
    """A command the rules refuse in the current state; the state is unchanged."""


class HistoryError(DrawpokerError):
    """A hand-history file that cannot be read or does not verify."""


class SettleError(DrawpokerError):
    """A deal written for ``drawpoker settle`` that cannot be settled."""


class InputError(DrawpokerError):
    """A file or path given by the user that cannot be read as asked."""
