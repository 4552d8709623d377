"""Where things live, and the player's own settings.

Histories go to the user's data folder, the settings file to the user's
config folder, following each system's convention (no dependency needed):

========  ===========================================  ===========================================
system    data (histories)                             config (settings.yaml)
========  ===========================================  ===========================================
Linux     ``$XDG_DATA_HOME`` or ``~/.local/share``      ``$XDG_CONFIG_HOME`` or ``~/.config``
macOS     ``~/Library/Application Support``             ``~/Library/Application Support``
Windows   ``%LOCALAPPDATA%``                            ``%APPDATA%``
========  ===========================================  ===========================================

each followed by ``drawpoker/`` (histories in ``drawpoker/histories``). An
``XDG_*`` variable that is set (to an absolute path) wins on every system.

The settings file is YAML read through the same boundary and YAML layer as
a ruleset; every problem is one sentence naming the file and line:

.. code-block:: yaml

    ruleset: our-table.yaml      # what `drawpoker play` deals when no ruleset is named
    language: nb                 # en or nb
    histories: ~/poker/histories # where new histories go (and `drawpoker history` looks)
    names: [Anna, Bjørn, Cato]   # offered, seat by seat, when the setup asks for names
    aliases: {Bjorn: Bjørn}      # the same player under another spelling (drawpoker standings)
    bot_time_limit: 2            # seconds a bot of your own may take to decide
    phones: true                 # `drawpoker play` lets players hold their cards on their phones
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from drawpoker.boundary import name_note, player_name
from drawpoker.errors import InputError
from drawpoker.notes import N_, Note
from drawpoker.places import config_home, data_home, default_histories, settings_path

__all__ = [
    "Settings",
    "KEYS",
    "config_home",
    "data_home",
    "settings_path",
    "default_histories",
    "load_settings",
    "save_settings",
    "parse_value",
    "parse_aliases",
    "history_name",
    "checked_folder",
]

#: the longest name a player may take (the client's seats fit it)
NAME_LENGTH = 12
#: the most usual names kept
MOST_NAMES = 16
LANGUAGES = ("en", "nb")

#: key -> what it is, for ``drawpoker config`` and its messages
KEYS: dict[str, str] = {
    "ruleset": N_("the ruleset `drawpoker play` deals when none is named (a shipped name or a file)"),
    "language": N_("the language of the game: en or nb"),
    "histories": N_("the folder new histories go to, and where `drawpoker history` looks"),
    "names": N_("the usual players' names, offered seat by seat in the setup (comma-separated)"),
    "aliases": N_("the same player under another spelling, for the season's standings (alias OTHER=NAME)"),
    "bot_time_limit": N_("the seconds a bot of your own may take to decide (default 2)"),
    "phones": N_("whether `drawpoker play` lets the players hold their cards on their phones: true or false"),
}
#: the most aliases kept
MOST_ALIASES = 64
#: the longest name an alias may name (names in histories may be longer than a new player's)
ALIAS_LENGTH = 40


@attrs.frozen
class Settings:
    """The player's settings; None where the file says nothing."""

    ruleset: str | None = None
    language: str | None = None
    histories: str | None = None
    names: tuple[str, ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()  # (another spelling, the name it stands for)
    bot_time_limit: float | None = None  # seconds a bot of one's own may take to decide
    phones: bool | None = None  # play with phones unless --no-phones

    def alias_map(self) -> dict[str, str]:
        """The aliases as a mapping: another spelling -> the name."""
        return dict(self.aliases)

    #: what was wrong with the file, setting by setting ("" for the whole file): those settings are
    #: left at their defaults (see :func:`load_settings`)
    problems: tuple[tuple[str, Note | str], ...] = attrs.field(default=(), eq=False)

    def histories_folder(self) -> Path:
        """The histories folder: the setting (``~`` expanded), or the default."""
        return Path(os.path.expanduser(self.histories)) if self.histories else default_histories()

    def to_data(self) -> dict[str, Any]:
        """The settings given, as plain data for the YAML file."""
        out: dict[str, Any] = {}
        for key in KEYS:
            value = getattr(self, key)
            if value is not None and value != ():  # (phones: false is said)
                if key == "aliases":
                    out[key] = dict(value)
                else:
                    out[key] = list(value) if isinstance(value, tuple) else value
        return out


def _check(key: str, value: Any) -> Any:
    """``value`` as the setting ``key`` holds it, or a ValueError with what was expected (a note)."""
    from drawpoker.rules.document import text_problem
    from drawpoker.rules.kinds import found_note

    if key == "language":
        if value not in LANGUAGES:
            raise ValueError(Note(N_("expected 'en' or 'nb', found {found}"), found=found_note(value)))
        return value
    if key in ("ruleset", "histories"):
        if not isinstance(value, str) or not value.strip() or len(value) > 1000 or text_problem(value, one_line=True):
            if key == "ruleset":
                raise ValueError(
                    Note(
                        N_("expected a ruleset's name or a file path on one line, found {found}"),
                        found=found_note(value),
                    )
                )
            raise ValueError(Note(N_("expected a folder path on one line, found {found}"), found=found_note(value)))
        return value
    if key == "names":
        if isinstance(value, str):
            value = [n.strip() for n in value.split(",") if n.strip()]
        if not isinstance(value, list) or len(value) > MOST_NAMES:
            raise ValueError(
                Note(
                    N_("expected a list of at most {most} names, found {found}"),
                    most=MOST_NAMES,
                    found=found_note(value),
                )
            )
        names: list[str] = []
        for name in value:
            if (
                not isinstance(name, str)
                or not name.strip()
                or len(name) > NAME_LENGTH
                or text_problem(name, one_line=True)
                or name_note(name) is not None
            ):
                raise ValueError(
                    Note(
                        N_("each name is a word of 1 to {most} letters on one line, found {found}"),
                        most=NAME_LENGTH,
                        found=found_note(name),
                    )
                )
            name = player_name(name)
            if name.casefold() in {n.casefold() for n in names}:
                raise ValueError(Note(N_("{name} is listed twice"), name=name))
            names.append(name)
        return tuple(names)
    if key == "aliases":
        return _aliases(value)
    if key == "bot_time_limit":
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                value = float(value)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 600:
            raise ValueError(
                Note(N_("expected a number of seconds above 0 and at most 600, found {found}"), found=found_note(value))
            )
        return float(value)
    if key == "phones":
        if isinstance(value, str) and value.strip().casefold() in _YES_NO:
            value = _YES_NO[value.strip().casefold()]
        if not isinstance(value, bool):
            raise ValueError(Note(N_("expected true or false, found {found}"), found=found_note(value)))
        return value
    raise ValueError(_unknown(key))


#: what ``drawpoker config set phones ...`` may say
_YES_NO = {"true": True, "yes": True, "on": True, "ja": True, "false": False, "no": False, "off": False, "nei": False}


def _aliases(value: Any) -> tuple[tuple[str, str], ...]:
    """Aliases from a mapping (another spelling: the name), checked: each a
    name on one line, none standing for itself, and no loop."""
    from drawpoker.rules.document import text_problem
    from drawpoker.rules.kinds import found_note
    from drawpoker.season import alias_loop

    if not isinstance(value, Mapping) or len(value) > MOST_ALIASES:
        raise ValueError(
            Note(
                N_("expected a mapping of at most {most} aliases, like {{Bjorn: Bjørn}}, found {found}"),
                most=MOST_ALIASES,
                found=found_note(value),
            )
        )
    pairs: list[tuple[str, str]] = []
    for other, name in value.items():
        for word in (other, name):
            if (
                not isinstance(word, str)
                or not word.strip()
                or len(word) > ALIAS_LENGTH
                or text_problem(word, one_line=True)
            ):
                raise ValueError(
                    Note(
                        N_("each name is 1 to {most} letters on one line, found {found}"),
                        most=ALIAS_LENGTH,
                        found=found_note(word),
                    )
                )
        other, name = player_name(other), player_name(name)
        if other.casefold() == name.casefold():
            raise ValueError(Note(N_("{name} cannot be an alias of itself"), name=other))
        pairs.append((other, name))
    loop = alias_loop(dict(pairs))
    if loop is not None:
        raise ValueError(
            Note(N_("the aliases make a loop ({names}): a name must end somewhere"), names=" -> ".join(loop))
        )
    return tuple(pairs)


def parse_aliases(value: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """Aliases given on the command line (``config set alias``), checked as the settings file's are."""
    try:
        return _aliases(value)
    except ValueError as exc:
        raise InputError(Note(N_("{key}: {problem}"), key="alias", problem=_problem(exc))) from None


def _unknown(key: str) -> Note:
    import difflib

    near = difflib.get_close_matches(key, list(KEYS), n=1)
    if near:
        return Note(N_("unknown setting '{key}' (did you mean '{near}'?)"), key=key, near=near[0])
    return Note(N_("unknown setting '{key}'; the settings are: {keys}"), key=key, keys=", ".join(KEYS))


def _problem(exc: ValueError) -> Note | str:
    """What a ValueError of :func:`_check` says."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Note) else str(exc)


def history_name(path: str | os.PathLike[str], folder: Path | None = None) -> str:
    """How a history is named for the player to type back: its name alone
    when it is in the histories folder (``folder``; the settings' by
    default: every command finds it there by name), else its whole path."""
    from drawpoker.errors import DrawpokerError

    path = Path(path)
    try:
        home = folder if folder is not None else load_settings(need=("histories",)).histories_folder()
        if path.parent.resolve() == home.resolve():
            return path.name
    except (OSError, RuntimeError, DrawpokerError):  # the folder cannot be told: the whole path
        pass
    return str(path)


def checked_folder(folder: Path) -> Path:
    """``folder``, or an InputError naming it when something there is not a
    folder (a file, a FIFO): not taken for an empty folder. A folder not made
    yet passes (the first history written makes it)."""
    if os.path.lexists(folder) and not folder.is_dir():
        raise InputError(Note(N_("{folder} is not a folder"), folder=str(folder)))
    return folder


def parse_value(key: str, text: str) -> Any:
    """A value typed on the command line (``config set KEY VALUE``), checked."""
    if key not in KEYS:
        raise InputError(_unknown(key))
    try:
        value = _check(key, text)
    except ValueError as exc:
        raise InputError(Note(N_("{key}: {problem}"), key=key, problem=_problem(exc))) from None
    if key == "histories":
        try:
            checked_folder(Path(os.path.expanduser(value)))
        except InputError as exc:
            raise InputError(Note(N_("{key}: {problem}"), key=key, problem=exc.note)) from None
    return value


def settings_from_data(data: Mapping[str, Any], where: Any, need: Iterable[str] = KEYS) -> Settings:
    """Checked settings from a YAML mapping; ``where(key)`` names the line of
    a key. A problem with a setting in ``need`` (or an unknown key, a typing
    slip that may be one of them, when any is needed) is an InputError; any
    other is kept in the settings' ``problems`` and that setting left at
    its default."""
    needed = set(need)
    problems: list[tuple[str, Note | str]] = []
    values: dict[str, Any] = {}
    for key, value in data.items():
        try:
            values[key] = _check(key, value)
        except ValueError as exc:
            problem = _problem(exc)
            if key in KEYS:
                problem = Note(N_("{key}: {problem}"), key=key, problem=problem)
            problems.append((key, Note(N_("{where}: {problem}"), where=str(where(key)), problem=problem)))
    fatal = [said for key, said in problems if key in needed or (key not in KEYS and needed)]
    if fatal:
        raise InputError(Note.joined(fatal))
    return Settings(**values, problems=tuple(problems))


def load_settings(path: Path | None = None, *, need: Iterable[str] = KEYS) -> Settings:
    """The settings in ``path`` (the user's settings file by default); empty if there is none.

    Every problem is an InputError naming the file and line when ``need``
    names every setting (the default: ``play`` uses them all). A command
    that needs fewer (``need``: the settings it uses) gets the others'
    problems in :attr:`Settings.problems` instead, those settings at their
    defaults -- and, when the whole file cannot be read, none of them:
    ``config`` always shows and mends the file; a language it cannot read
    is a warning where the locale's will do."""
    from drawpoker.rules.document import read_yaml

    path = settings_path() if path is None else path
    if not os.path.lexists(path):
        return Settings()
    needed = set(need)
    try:
        doc = read_yaml(
            path,
            str(path),
            N_("the settings file"),
            N_("write settings such as 'language: nb', or remove the file"),
            N_("settings"),
            error=InputError,
        )
    except InputError as exc:
        if needed:
            raise
        return Settings(problems=(("", exc.note),))
    return settings_from_data(doc.data, lambda key: doc.where((key,)), needed)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write ``settings`` to ``path`` (the user's settings file by default),
    atomically; a failure says why in one sentence, and the file is as it was."""
    import yaml

    from drawpoker.boundary import cannot_write

    path = settings_path() if path is None else path
    text = (
        "# drawpoker settings: `drawpoker config show` reads them out, `drawpoker config set KEY VALUE` changes them.\n"
        + yaml.safe_dump(settings.to_data(), sort_keys=False, allow_unicode=True, default_flow_style=None)
    )
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".settings-", suffix=".yaml", dir=path.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        raise InputError(cannot_write(path, exc, N_("the settings"))) from None
    finally:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
    return path
