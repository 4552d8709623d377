"""House rules: the model, YAML loading, plain-words explanations, schema.

The names below are imported on first use, so that a command that only
lists the shipped rulesets does not load YAML or the rules model.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: importing typing costs a few ms at every start
if TYPE_CHECKING:  # annotations only
    from typing import Any

    from drawpoker.rules.loading import fingerprint, load_rules, rules_from_data, rules_to_data, shipped_names
    from drawpoker.rules.model import DrawRules, Rules, ThreeCardRules

__all__ = [
    "DrawRules",
    "ThreeCardRules",
    "Rules",
    "load_rules",
    "rules_from_data",
    "rules_to_data",
    "fingerprint",
    "shipped_names",
]

_WHERE = {
    "load_rules": "loading",
    "rules_from_data": "loading",
    "rules_to_data": "loading",
    "fingerprint": "loading",
    "shipped_names": "loading",
    "DrawRules": "model",
    "ThreeCardRules": "model",
    "Rules": "model",
}


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'drawpoker.rules' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"drawpoker.rules.{where}"), name)
    globals()[name] = value
    return value
