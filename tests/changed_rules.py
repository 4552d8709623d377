"""Shipped rules with a few settings changed, for the rule tests."""

from __future__ import annotations

from typing import Any

import attrs

from drawpoker.rules import load_rules


def changed_rules(name: str, **changes: Any) -> Any:
    """The shipped ruleset ``name`` with settings changed, as ``section__key=value``
    (``betting__ante=2``, ``pair_plus__after_fold="forfeited"``)."""
    r = load_rules(name)
    by_section: dict[str, dict[str, Any]] = {}
    for key, value in changes.items():
        section, field = key.split("__")
        by_section.setdefault(section, {})[field] = value
    for section, values in by_section.items():
        r = attrs.evolve(r, **{section: attrs.evolve(getattr(r, section), **values)})
    return r
