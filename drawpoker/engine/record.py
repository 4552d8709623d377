"""What every game's state shares: an independent copy, a plain snapshot
and equality by value. The fields themselves are each game's own."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar

__all__ = ["Record", "fold"]

R = TypeVar("R", bound="Record")


class Record:
    """Base class of a slotted, mutable game state.

    ``LIST_FIELDS`` are the slots holding lists (copied, so a copy is
    independent; their items are immutable); ``NOT_COMPARED`` are slots
    that are bookkeeping, not game facts (left out of equality).
    """

    __slots__ = ()
    LIST_FIELDS: ClassVar[frozenset[str]] = frozenset()
    NOT_COMPARED: ClassVar[frozenset[str]] = frozenset()

    def copy(self: R) -> R:
        """An independent snapshot."""
        cls = type(self)
        new = cls.__new__(cls)
        lists = self.LIST_FIELDS
        name: str
        for name in cls.__slots__:
            value = getattr(self, name)
            setattr(new, name, list(value) if name in lists else value)
        return new

    def snapshot(self) -> dict[str, Any]:
        """Every compared field as plain data (for comparing states)."""
        skip = self.NOT_COMPARED
        names: tuple[str, ...] = type(self).__slots__
        return {name: getattr(self, name) for name in names if name not in skip}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and type(other) is type(self) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]


def fold(handlers: dict[type, Callable[[Any, Any], None]], events: Iterable[Any], state: R) -> R:
    """Apply ``events`` in order to ``state`` with a game's reducer ``handlers``."""
    for event in events:
        handlers[type(event)](state, event)
    return state
