"""Loading a bot of your own: ``path/to/bot.py:Name`` or ``module:Name``.

The file is read through :mod:`drawpoker.boundary` (a regular UTF-8 file
of a bounded size) and run as a module of its own; a module name is
imported as Python imports it. ``Name`` is what makes the bot: a class
(or any callable) called once per seat with a ``random.Random`` of the
seat's own. Whatever goes wrong is one sentence naming the bot.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from drawpoker.errors import DrawpokerError
from drawpoker.notes import N_, Note

__all__ = ["BotError", "is_own_bot", "load_bot", "exception_text"]

#: the largest bot file read
_MOST_BYTES = 1_000_000


class BotError(DrawpokerError):
    """A bot that cannot be used: one that does not load, or does not play by the rules."""


def is_own_bot(name: str) -> bool:
    """``name`` names a bot of one's own (``file.py:Name``, ``module:Name``), not a level."""
    return ":" in name


def exception_text(exc: BaseException) -> str:
    """What an exception says, in one line: its kind and its message."""
    text = " ".join(str(exc).split())
    if isinstance(exc, SyntaxError) and exc.lineno:
        return f"{type(exc).__name__} on line {exc.lineno}: {exc.msg}"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def load_bot(spec: str) -> Callable[..., Any]:
    """The maker of the bot ``spec`` names (``path/to/bot.py:Name`` or
    ``module:Name``); :class:`BotError` saying what went wrong otherwise."""
    where, _, name = spec.rpartition(":")
    if not where or not name.isidentifier():
        raise BotError(
            Note(
                N_("{bot}: a bot of your own is named as path/to/bot.py:Name or module:Name"),
                bot=spec,
            )
        )
    if where.endswith(".py") or "/" in where or "\\" in where:
        module = _from_file(spec, where)
    else:
        try:
            module = importlib.import_module(where)
        except Exception as exc:
            raise BotError(
                Note(N_("the bot {bot} could not be loaded: {why}"), bot=spec, why=exception_text(exc))
            ) from None
    maker = getattr(module, name, None)
    if maker is None:
        raise BotError(
            Note(N_("the bot {bot} could not be loaded: {where} has no {name}"), bot=spec, where=where, name=name)
        )
    if not callable(maker):
        raise BotError(Note(N_("the bot {bot} could not be loaded: {name} is not a class"), bot=spec, name=name))
    return maker  # type: ignore[no-any-return]


def _from_file(spec: str, where: str) -> types.ModuleType:
    from drawpoker.boundary import read_text

    try:
        source = read_text(where, where, what="bot", limit=_MOST_BYTES, error=BotError)
    except BotError as exc:
        raise BotError(Note(N_("the bot {bot} could not be loaded: {why}"), bot=spec, why=exc.note)) from None
    path = Path(where)
    module = types.ModuleType(f"drawpoker_bot_{path.stem}")
    module.__file__ = str(path)
    try:
        code = compile(source, str(path), "exec", dont_inherit=True)
        sys.modules[module.__name__] = module  # (dataclasses and the like look their module up)
        exec(code, module.__dict__)
    except BaseException as exc:
        sys.modules.pop(module.__name__, None)
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise BotError(
            Note(N_("the bot {bot} could not be loaded: {why}"), bot=spec, why=exception_text(exc))
        ) from None
    return module
