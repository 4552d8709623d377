"""Sentences the core leaves for the player, kept as their parts.

A note is an English sentence with gaps (``template``, also the message id
of its translation) and what fills them (``values``: file names, line
numbers; a value that is itself words is a note too). ``str(note)`` is the
English sentence; an edge that speaks the player's language says it with
:meth:`Note.say` and its translator. Templates are marked with :func:`N_`,
so the catalogue check (``drawpoker.words.catalogue``) finds them.
An error raised with a note (``HistoryError(Note(...))``) reads as its
English sentence and can be said in the player's language at the edge.

>>> note = Note(N_("{file}: the last line was cut off"), file="h.jsonl")
>>> str(note)
'h.jsonl: the last line was cut off'
>>> note.say(lambda text: text.replace("the last line was cut off", "siste linje ble kuttet"))
'h.jsonl: siste linje ble kuttet'
>>> str(Note(N_("{file}: {why}"), file="x.yaml", why=Note(N_("no such file"))))
'x.yaml: no such file'
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: every command imports this through the errors
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["Note", "Refusal", "N_", "at"]


def N_(text: str) -> str:
    """Mark ``text`` for translation without translating it here."""
    return text


class Note:
    """A sentence for the player: its English ``template`` and its ``values``."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values

    def say(self, translate: Callable[[str], str], refusal: Callable[[str], str] | None = None) -> str:
        """The sentence in the language of ``translate`` (a translator's ``_``);
        ``refusal`` says an engine's refusal (:class:`Refusal`) in it."""
        values = {
            key: value.say(translate, refusal) if isinstance(value, Note) else value
            for key, value in self.values.items()
        }
        return translate(self.template).format(**values)

    @classmethod
    def joined(cls, notes: Sequence[Note | str], separator: str = "\n") -> Note | str:
        """Several notes as one, a line each or ``separator`` between them
        (each said in the language; the joining template is no message id,
        so every catalogue gives it back; none at all is the empty text,
        never the empty message id, whose translation is a catalogue's header).

        >>> str(Note.joined([Note(N_("a {x}"), x=1), "b"], "; "))
        'a 1; b'
        >>> Note.joined([])
        ''
        """
        if len(notes) <= 1:
            return notes[0] if notes else ""
        return cls(separator.join(f"{{p{i}}}" for i in range(len(notes))), **{f"p{i}": n for i, n in enumerate(notes)})

    def __str__(self) -> str:
        return self.template.format(**{key: str(value) for key, value in self.values.items()})

    def __repr__(self) -> str:
        return f"Note({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Note):
            return NotImplemented
        return self.template == other.template and self.values == other.values

    def __hash__(self) -> int:
        return hash((self.template, tuple(sorted(self.values.items()))))


def at(where: object, problem: Note | str) -> Note:
    """``WHERE: problem`` (a file and line, a place in a file): the shape of
    most of the core's sentences about a user's file."""
    return Note(N_("{where}: {problem}"), where=str(where), problem=problem)


class Refusal(Note):
    """The engine's sentence refusing a command
    (:class:`~drawpoker.errors.IllegalAction`), as a part of a note: said in
    the player's language by the client's refusal patterns, not by a
    message id of its own."""

    __slots__ = ()

    def __init__(self, text: str) -> None:
        super().__init__("{text}", text=text)

    def say(self, translate: Callable[[str], str], refusal: Callable[[str], str] | None = None) -> str:
        text = str(self)
        return refusal(text) if refusal is not None else text
