"""Openers and exchanges in the player's language: "Queens or better to
open", the proof, "the second exchange".

>>> from drawpoker.words.i18n import translator
>>> to_open_text(12, translator("en"))
'Queens or better to open'
>>> to_open_text(11, translator("nb"))
'Knekter eller bedre for å åpne'
>>> exchange_title(2, 3, translator("en"))
'The second exchange'
"""

from __future__ import annotations

from drawpoker.cards import Rank
from drawpoker.words.hands import rank_plural
from drawpoker.words.i18n import N_, Translator

__all__ = ["to_open_text", "needed_text", "exchange_title"]

_ORDINAL_EXCHANGES = (N_("The first exchange"), N_("The second exchange"), N_("The third exchange"))


def needed_text(need: int, tr: Translator) -> str:
    """'jacks or better', 'knekter eller bedre'."""
    return tr._("{ranks} or better").format(ranks=rank_plural(Rank(need), tr))


def to_open_text(need: int, tr: Translator) -> str:
    """The table's reminder: 'Queens or better to open'."""
    text = tr._("{needed} to open").format(needed=needed_text(need, tr))
    return text[:1].upper() + text[1:]


def exchange_title(number: int, exchanges: int, tr: Translator) -> str:
    """'The exchange' when there is one; 'The second exchange' of several."""
    if exchanges <= 1 or not 1 <= number <= len(_ORDINAL_EXCHANGES):
        return tr._("The exchange")
    return tr._(_ORDINAL_EXCHANGES[number - 1])
