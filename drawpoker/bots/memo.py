"""Remembering what is worked out once per set of house rules (rules
objects are compared by identity: they are frozen, but hold mappings)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["per_rules"]

T = TypeVar("T")


def per_rules(work: Callable[[Any], T]) -> Callable[[Any], T]:
    """``work(rules)``, worked out once for each rules object (a few kept)."""
    known: dict[int, tuple[Any, T]] = {}

    def remembered(rules: Any) -> T:
        found = known.get(id(rules))
        if found is not None and found[0] is rules:
            return found[1]
        value = work(rules)
        if len(known) > 32:
            known.clear()
        known[id(rules)] = (rules, value)
        return value

    remembered.__doc__ = work.__doc__
    remembered.__name__ = getattr(work, "__name__", "remembered")
    return remembered
