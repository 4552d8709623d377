"""House rules: the model, YAML loading, plain-words explanations, schema."""

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
