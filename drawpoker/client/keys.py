"""What a key is, for the models the keys drive (the setup, the table menu,
the amount entry, the phones' codes).

A terminal sends a key as text: a letter, or a special key by its name.
``str.isdigit`` says yes to digits no keyboard's number row types as
numbers (², ٣, १), and ``int`` refuses some of them (``int("²")``) and reads
the others as other numbers: a number is typed with 0-9 only.

>>> [digit(key) for key in ("7", "0", "²", "٣", "12", "")]
[True, True, False, False, False, False]
"""

from __future__ import annotations

__all__ = ["digit", "PASTE"]

#: what a paste is called where a key is expected (the terminal sends pasted text as one "key")
PASTE = "<bracketed-paste>"


def digit(key: str) -> bool:
    """``key`` is one of the digits 0-9."""
    return len(key) == 1 and "0" <= key <= "9"
