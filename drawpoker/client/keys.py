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

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.key_processor import KeyPress
from prompt_toolkit.keys import Keys

__all__ = ["digit", "PASTE", "newline_is_enter"]

#: what a paste is called where a key is expected (the terminal sends pasted text as one "key")
PASTE = "<bracketed-paste>"


def digit(key: str) -> bool:
    """``key`` is one of the digits 0-9."""
    return len(key) == 1 and "0" <= key <= "9"


def newline_is_enter(kb: KeyBindings) -> None:
    """Add to ``kb``: a newline (Ctrl-J) is Enter, as prompt_toolkit's own prompts take it. Enter
    typed ahead while the program starts reaches it as a newline (the terminal still in its line
    mode), and some terminals send one for Enter; it said "The key Enter does nothing here"."""

    @kb.add("c-j")
    def _newline(event: KeyPressEvent) -> None:
        """A newline: the Enter key."""
        event.key_processor.feed(KeyPress(Keys.ControlM, "\r"), first=True)
