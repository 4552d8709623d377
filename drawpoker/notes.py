"""Sentences the core leaves for the player, kept as their parts.

A note is an English sentence with gaps (``template``, also the message id
of its translation) and what fills them (``values``: file names, line
numbers, nothing that needs translating). ``str(note)`` is the English
sentence; an edge that speaks the player's language says it with
:meth:`Note.say` and its translator. Templates are marked with :func:`N_`,
so the catalogue check (``drawpoker.client.words.catalogue``) finds them.

>>> note = Note(N_("{file}: the last line was cut off"), file="h.jsonl")
>>> str(note)
'h.jsonl: the last line was cut off'
>>> note.say(lambda text: text.replace("the last line was cut off", "siste linje ble kuttet"))
'h.jsonl: siste linje ble kuttet'
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Note", "N_"]


def N_(text: str) -> str:
    """Mark ``text`` for translation without translating it here."""
    return text


class Note:
    """A sentence for the player: its English ``template`` and its ``values``."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values

    def say(self, translate: Callable[[str], str]) -> str:
        """The sentence in the language of ``translate`` (a translator's ``_``)."""
        return translate(self.template).format(**self.values)

    def __str__(self) -> str:
        return self.template.format(**self.values)

    def __repr__(self) -> str:
        return f"Note({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Note):
            return NotImplemented
        return self.template == other.template and self.values == other.values

    def __hash__(self) -> int:
        return hash((self.template, tuple(sorted(self.values.items()))))
