"""The help screen: the keys of the game being played and the rules in force."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawpoker.client.lines import Line, styled, wrap
from drawpoker.words.i18n import N_
from drawpoker.words.rules_text import rules_summary

if TYPE_CHECKING:  # pragma: no cover - types only
    from drawpoker.client.controller import Controller

__all__ = ["help_lines", "MORK_KEYS", "TCP_KEYS", "COMMON_KEYS", "PHONE_KEYS", "SETUP_KEYS"]

#: (keys, what they do) for each game, and for every screen
MORK_KEYS = [
    ("K B C R F", N_("check, bet, call, raise, fold (betting)")),
    ("1-5, 0, Enter", N_("choose the cards to throw, none, exchange (the exchange)")),
    ("S M", N_("show, muck (the showdown)")),
    ("H", N_("the odds of each exchange, for the player to act")),
]
#: the amount entry, in pot and no limit
AMOUNT_KEYS = [
    ("↑ ↓ H P A", N_("a big blind more or less, half pot, pot, all in (the amount)")),
    ("0-9, Enter, Esc", N_("type an amount, bet or raise it, go back (the amount)")),
]
TCP_KEYS = [
    ("↑ ↓", N_("choose a bet on the bet slip")),
    ("← → - +", N_("change that bet")),
    ("Enter, S", N_("place the bets, sit this round out")),
    ("P F H", N_("play, fold, show the strategy hint")),
]
#: with phones at the table (``play --phones``)
PHONE_KEYS = [
    ("Q", N_("the phones: each seat's QR code and address")),
    ("L", N_("take back to the laptop the seat of a phone the table waits for")),
]
#: before the players sit down (the setup's questions)
SETUP_KEYS = [
    ("0-9, ← →", N_("answer the question: how many, a seat, who deals first")),
    ("Enter", N_("take the answer and go on to the next question")),
    ("Backspace", N_("correct a name, or go back a question")),
    ("? F1", N_("this help; any key closes it")),
    ("Ctrl-C", N_("leave; no game has started yet, nothing is saved")),
]
COMMON_KEYS = [
    ("Enter", N_("go on (at a hand-over, after a deal)")),
    ("T", N_("the table: who comes, goes or sits out; the computer; the end")),
    ("? F1", N_("this help; any key closes it")),
    ("Ctrl-C", N_("leave; the session is saved and can be resumed")),
]


def _amounts(ctl: Controller) -> bool:
    """Does any game of the session play pot or no limit?"""
    rules = ctl.session.game.rules if ctl.session is not None else ctl.setup.rules  # type: ignore[union-attr]
    games = [rules] + [game for _, game in getattr(rules, "variants", ())]
    return any(getattr(game.betting, "structure", "fixed_limit") != "fixed_limit" for game in games)


def help_lines(ctl: Controller, columns: int, rows: int) -> list[Line]:
    """The keys and a short summary of the rules, from line ``ctl.help_scroll``."""
    tr = ctl.tr
    keys = MORK_KEYS if ctl.game_kind == "morkpoker" else TCP_KEYS
    if ctl.game_kind == "morkpoker" and _amounts(ctl):
        keys = keys + AMOUNT_KEYS
    common = COMMON_KEYS
    if ctl.session is None:  # the setup: its own keys (the game's are not pressed yet)
        keys, common = SETUP_KEYS, []
    if not ctl.look.unicode:
        keys = [(k.replace("↑ ↓", "Up Down").replace("← →", "Left Right"), what) for k, what in keys]
    width = max(15, *(len(k) + 1 for k, _ in keys))
    out: list[Line] = [styled("class:title", " " + tr._("Help")), [], styled("class:title", tr._("Keys"))]
    if ctl.phones is not None:
        keys = keys + PHONE_KEYS
    for key, what in keys + common:  # what a key does wrapped under itself, never cut at the edge
        lead = f"  {key:<{width}}"
        said = wrap(tr._(what), max(10, columns - len(lead)))
        out.append([("class:key", lead), ("", said[0])])
        out += [[("", " " * len(lead) + more)] for more in said[1:]]
    out += [[], styled("class:title", tr._("The rules in force"))]
    rules = ctl.session.game.rules if ctl.session is not None else ctl.setup.rules  # type: ignore[union-attr]
    for sentence in rules_summary(rules, tr):
        for i, line in enumerate(wrap(sentence, columns - 4)):
            out.append(styled("", ("  • " if i == 0 else "    ") + line))
    room = rows - 1
    ctl.help_end = max(0, len(out) - room)  # how far the arrows may scroll (0: the help fits)
    ctl.help_scroll = max(0, min(ctl.help_scroll, ctl.help_end))
    shown = out[ctl.help_scroll : ctl.help_scroll + room]
    shown += [[] for _ in range(room - len(shown))]
    more = len(out) > room
    footer = tr._("↑/↓ scroll · any other key closes the help.") if more else tr._("Press any key to close the help.")
    if ctl.help_note:
        return shown + [[("class:warn", ctl.help_note + " "), ("class:dim", footer)]]
    return shown + [styled("class:dim", footer)]
