"""drawpoker: Mørkpoker and Three Card Poker for home poker nights.

The package is a pure core (cards, hand evaluation, rules, the event-sourced
games) with edges that translate (YAML house rules, JSON-lines histories,
the command line and the hot-seat terminal client).
"""

__version__ = "0.1.0"
