"""How cards and the screen look: Unicode or ASCII, colour or none.

Cards are written with their suit symbol (``A♠``, ``10♥``) or in ASCII
(``As``, ``10h``); red suits get the style class ``card.red``. The
prompt_toolkit :class:`Style` maps the classes to colours, or only to
bold and reverse video when ``NO_COLOR`` is set.

>>> from drawpoker.cards import parse_cards
>>> Look(unicode=True).cards(parse_cards("Ah Tc"))
[('class:card.red', 'A♥'), ('', ' '), ('class:card.black', '10♣')]
>>> plain_cards(parse_cards("Ah Tc"), Look(unicode=False))
'Ah 10c'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from prompt_toolkit.styles import Style

from drawpoker.cards import Card, card_text
from drawpoker.client.lines import Line, plain

__all__ = [
    "Look",
    "card_text",
    "plain_cards",
    "build_style",
    "color_wanted",
    "asciify",
    "ASCII_FALLBACK",
    "STYLE_RULES",
]


@attrs.frozen
class Look:
    """The player's choice of card symbols."""

    unicode: bool = True

    def card(self, card: Card, style: str = "") -> Line:
        """One card as a fragment, red or black."""
        colour = "class:card.red" if card.is_red else "class:card.black"
        return [(f"{colour} {style}".strip(), card_text(card, self.unicode))]

    def written(self, text: str) -> str:
        """A card the engine names in its own text (``Tc``, ``Jk``) as this look
        writes it (``10♣``, ``10c``); a text that is no card as it is.

        >>> Look().written("Tc"), Look(unicode=False).written("Tc"), Look().written("?")
        ('10♣', '10c', '?')
        """
        from drawpoker.cards import parse_card
        from drawpoker.errors import DrawpokerError

        try:
            return card_text(parse_card(text), self.unicode)
        except (DrawpokerError, ValueError):
            return text

    def cards(self, cards: Sequence[Card]) -> Line:
        """Cards separated by spaces."""
        out: Line = []
        for i, card in enumerate(cards):
            if i:
                out.append(("", " "))
            out.extend(self.card(card))
        return out

    @property
    def bullet(self) -> str:
        """The separator between facts on one line."""
        return " · " if self.unicode else " - "

    @property
    def pointer(self) -> str:
        """The mark of the seat to act."""
        return "▶" if self.unicode else ">"


#: Symbols and punctuation swapped for ASCII ones of the same width in ``--ascii``
#: mode (letters such as ø and å stay: they are part of names and words).
ASCII_FALLBACK = str.maketrans(
    {
        "·": "-",
        "—": "-",
        "–": "-",
        "…": ".",
        "─": "-",
        "▶": ">",
        "◀": "<",
        "▸": ">",
        "×": "x",
        "←": "<",
        "→": ">",
        "↑": "^",
        "↓": "v",
        "▒": "#",
        "•": "*",
        "┤": "+",
        "│": "|",
        "«": '"',
        "»": '"',
        "♠": "s",
        "♥": "h",
        "♦": "d",
        "♣": "c",
        "∞": "-",
    }
)


def asciify(fragments: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Fragments with every symbol in :data:`ASCII_FALLBACK` replaced.

    >>> asciify([("", "Round 1 · bets of 1 — ▶Ada")])
    [('', 'Round 1 - bets of 1 - >Ada')]
    """
    return [(style, text.translate(ASCII_FALLBACK)) for style, text in fragments]


def plain_cards(cards: Sequence[Card], look: Look) -> str:
    """Cards as plain text, as :meth:`Look.cards` writes them."""
    return plain(look.cards(cards))


def color_wanted(environ: Mapping[str, str] | None = None) -> bool:
    """False when the ``NO_COLOR`` convention asks for no colour.

    >>> color_wanted({"NO_COLOR": "1"}), color_wanted({})
    (False, True)
    """
    env = os.environ if environ is None else environ
    return not env.get("NO_COLOR")


#: Style class -> (with colour, without colour).
STYLE_RULES: dict[str, tuple[str, str]] = {
    "card.red": ("fg:ansired bold bg:ansiwhite", "bold"),
    "card.black": ("fg:ansiblack bold bg:ansiwhite", "bold"),
    "card.selected": ("reverse", "reverse"),
    "title": ("bold fg:ansicyan", "bold"),
    "dim": ("fg:ansibrightblack", ""),
    "key": ("bold fg:ansiyellow", "bold"),
    "warn": ("bold fg:ansired", "bold"),
    "good": ("fg:ansigreen", ""),
    "turn": ("bold fg:ansigreen", "bold"),
    "button": ("reverse", "reverse"),
    "seat": ("", ""),
    "seat.folded": ("fg:ansibrightblack", ""),
    "seat.me": ("bold", "bold"),
    "pot": ("bold fg:ansiyellow", "bold"),
    "handover": ("bold", "bold"),
    "qr": ("fg:#000000 bg:#ffffff", ""),  # a QR code reads dark on light, whatever the terminal's colours
    "chart.0": ("fg:ansired", ""),
    "chart.1": ("fg:ansigreen", ""),
    "chart.2": ("fg:ansiblue", ""),
    "chart.3": ("fg:ansimagenta", ""),
    "chart.4": ("fg:ansicyan", ""),
    "chart.5": ("fg:ansiyellow", ""),
}


def build_style(color: bool) -> Style:
    """The prompt_toolkit style: colours, or only bold and reverse video."""
    from prompt_toolkit.styles import Style

    return Style([(name, rule[0] if color else rule[1]) for name, rule in STYLE_RULES.items()])
