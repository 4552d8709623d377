"""The project's error types: one per kind of failure.

Every error carries a message that is one clear sentence a player can act
on; the command-line edge prints it and exits 1, never a traceback.
"""

from __future__ import annotations

from drawpoker.notes import Note, Refusal


class DrawpokerError(Exception):
    """Base class of every error this package raises on purpose.

    Raised with a :class:`drawpoker.notes.Note` (``HistoryError(Note(...))``),
    it reads as the note's English sentence and :attr:`note` lets an edge
    say it in the player's language."""

    @property
    def note(self) -> Note | str:
        """What to tell the player: the note it was raised with, else its text."""
        if len(self.args) == 1 and isinstance(self.args[0], Note):
            return self.args[0]
        return str(self)


def refusal_note(exc: BaseException) -> Note:
    """What a refused command says, to be told in the player's language: the
    note the engine raised it with, else its English sentence as a
    :class:`~drawpoker.notes.Refusal` (said through the refusal patterns)."""
    if isinstance(exc, DrawpokerError) and isinstance(exc.note, Note):
        return exc.note
    return Refusal(str(exc))


class CardError(DrawpokerError, ValueError):
    """Text that is not a card, or a card given twice."""


class RulesError(DrawpokerError):
    """A house-rules file that cannot be used; may hold several problems."""

    def __init__(self, problems: list[str | Note] | list[str] | str | Note) -> None:
        if isinstance(problems, (str, Note)):
            problems = [problems]
        #: each problem as raised: a note (said in the player's language at the edge) or a text
        self.notes: list[Note | str] = list(problems)
        #: each problem in English
        self.problems: list[str] = [str(problem) for problem in self.notes]
        super().__init__("\n".join(self.problems))


class IllegalAction(DrawpokerError):
    """A command the rules refuse in the current state; the state is unchanged."""


def refuse(template: str, **values: object) -> IllegalAction:
    """An engine refusal as a note (said in the player's language by the client):
    ``raise refuse(N_("..."), name=value)``."""
    return IllegalAction(Note(template, **values))


class HistoryError(DrawpokerError):
    """A hand-history file that cannot be read or does not verify."""


class SettleError(DrawpokerError):
    """A deal written for ``drawpoker settle`` that cannot be settled."""


class InputError(DrawpokerError):
    """A file or path given by the user that cannot be read as asked."""
