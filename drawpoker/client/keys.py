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

__all__ = ["digit", "PASTE", "newline_is_enter", "key_name", "pressed"]

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


#: how a special key is named in a message
_KEY_NAMES = {
    "c-m": "Enter",
    "c-j": "Enter",
    "enter": "Enter",
    "c-i": "Tab",
    "tab": "Tab",
    "c-h": "Backspace",
    "backspace": "Backspace",
    "escape": "Esc",
    " ": "Space",
}


#: the rest of the special keys (prompt_toolkit's names), as their keycaps say them
_KEY_WORDS = {
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "pageup": "PageUp",
    "pagedown": "PageDown",
    "backtab": "Shift-Tab",
}
_MODIFIERS = {"c": "Ctrl", "s": "Shift"}


def key_name(key: str) -> str:
    """A key as a message names it: Enter, Esc, ←, Ctrl-A, F5, a letter as it is.

    >>> [key_name(k) for k in ("x", "escape", "left", "c-a", "s-tab", "c-s-left", "f5", "pageup", "c-@")]
    ['x', 'Esc', '←', 'Ctrl-A', 'Shift-Tab', 'Ctrl-Shift-←', 'F5', 'PageUp', 'Ctrl-@']
    """
    if key in _KEY_NAMES or len(key) == 1:
        return _KEY_NAMES.get(key, key)
    *held, last = key.split("-") if key.count("-") and not key.endswith("-") else [key]
    if not all(part in _MODIFIERS for part in held):
        held, last = [], key
    word = last.upper() if len(last) == 1 else _KEY_WORDS.get(last, _KEY_NAMES.get(last, last.capitalize()))
    return "-".join([*(_MODIFIERS[part] for part in held), word])


def pressed(event: KeyPressEvent) -> str:
    """The key of ``event`` as :func:`key_name` takes it: a character typed as it is (a space, or
    a character the terminal cannot show, by its key's name), a paste as :data:`PASTE`."""
    key = event.key_sequence[0].key
    if key == Keys.BracketedPaste:
        return PASTE
    return event.data if event.data.isprintable() and event.data.strip() else str(getattr(key, "value", key))
