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

__all__ = ["BotError", "is_own_bot", "load_bot", "load_failure", "source_of", "exception_text", "line_in", "shown"]

#: the largest bot file read
_MOST_BYTES = 1_000_000


class BotError(DrawpokerError):
    """A bot that cannot be used: one that does not load, or does not play by the rules."""


def is_own_bot(name: str) -> bool:
    """``name`` names a bot of one's own (``file.py:Name``, ``module:Name``), not a level."""
    return ":" in name


def exception_text(exc: BaseException) -> str:
    """What an exception says, in one line: its message where that says
    something alone (a few words: what the bot's author wrote, or Python's
    "division by zero"); else its kind before it, or its kind alone (a
    KeyError's ``'seat'``, a ValueError's ``boom``, a bare RuntimeError).

    >>> exception_text(ZeroDivisionError("division by zero")), exception_text(KeyError("seat"))
    ('division by zero', "KeyError: 'seat'")
    >>> exception_text(ValueError("boom")), exception_text(RuntimeError())
    ('ValueError: boom', 'RuntimeError')
    """
    text = " ".join(str(exc).split())
    if isinstance(exc, SyntaxError) and exc.lineno:
        return f"{type(exc).__name__} on line {exc.lineno}: {exc.msg}"
    if isinstance(exc, KeyError) or len(text.split()) < 2:  # (a KeyError says its key, quoted: nothing alone)
        return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text


def load_failure(exc: BaseException, source: str | None = None) -> Note:
    """Why a bot could not be loaded (or made), in plain words, no Python
    names: the line of its file that failed and what it said, a line that is
    not Python, a module it imports that is not installed. ``source``: the
    bot's file, whose line is looked for in the error's traceback.

    >>> str(load_failure(ModuleNotFoundError("No module named 'numpyy'", name="numpyy")))
    'it imports numpyy, which is not installed'
    >>> str(load_failure(RuntimeError("")))
    'it failed'
    """
    if isinstance(exc, SyntaxError):
        problem = " ".join(str(exc.msg or "").split()) or "?"
        file = shown(exc.filename or source or "?")
        if exc.lineno:
            return Note(
                N_("line {line} of {file} is not Python ({problem})"), line=exc.lineno, file=file, problem=problem
            )
        return Note(N_("{file} is not Python ({problem})"), file=file, problem=problem)
    if isinstance(exc, ModuleNotFoundError) and exc.name:
        return Note(N_("it imports {module}, which is not installed"), module=exc.name)
    message = exception_text(exc) if str(exc).strip() else ""  # (an empty one: "it failed")
    line = line_in(exc, source)
    if line is not None and source is not None:
        if message:
            return Note(N_("line {line} of {file} failed: {message}"), line=line, file=shown(source), message=message)
        return Note(N_("line {line} of {file} failed"), line=line, file=shown(source))
    return Note(N_("it failed: {message}"), message=message) if message else Note(N_("it failed"))


def line_in(exc: BaseException, source: str | None) -> int | None:
    """The line of ``source`` the error came through last (where the bot's own code failed), or None."""
    if source is None:
        return None
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == source:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def shown(path: str) -> str:
    """A file as the player knows it: from the current folder when it is below it."""
    import os

    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


def _origin(module: str) -> str | None:
    """The file of the module named ``module``, when it can be found without running it (or None)."""
    from importlib.util import find_spec

    try:
        spec = find_spec(module)
    except Exception:  # (a parent package that fails to import, a name that is no module's)
        return None
    return spec.origin if spec is not None else None


def source_of(maker: object) -> str | None:
    """The file a bot's class comes from (its line is looked for when making it fails), or None."""
    module = sys.modules.get(getattr(maker, "__module__", "") or "")
    return getattr(module, "__file__", None)


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
            if isinstance(exc, ModuleNotFoundError) and exc.name and (where + ".").startswith(exc.name + "."):
                why = Note(N_("there is no module {module} to import"), module=where)
            else:
                why = load_failure(exc, _origin(where))
            raise BotError(Note(N_("the bot {bot} could not be loaded: {why}"), bot=spec, why=why)) from None
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
        source = read_text(where, where, what=N_("a bot"), limit=_MOST_BYTES, error=BotError)
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
            Note(N_("the bot {bot} could not be loaded: {why}"), bot=spec, why=load_failure(exc, str(path)))
        ) from None
    return module
