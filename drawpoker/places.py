"""Where this program keeps the player's things, with no third-party import
(the quick commands read the language setting through here without loading
YAML): the config folder and its ``settings.yaml``, the data folder and its
histories; :mod:`drawpoker.settings` documents the convention on each system.

:func:`settings_language` reads the ``language`` setting quickly when the
settings file says it on a plain line (``language: nb``, as ``drawpoker
config set language nb`` writes it); any other way of writing it is read by
the full settings loader, which also says what is wrong with a broken file.
"""

from __future__ import annotations

import os
import re
import sys

TYPE_CHECKING = False  # not typing's: the quick commands come through here
if TYPE_CHECKING:  # annotations only
    from pathlib import Path

__all__ = ["APP", "config_home", "data_home", "settings_path", "default_histories", "settings_language"]

APP = "drawpoker"

# The folders are worked out as text (os.path), and made Path objects only
# when asked for: a quick command that only looks for the settings file does
# not import pathlib.


def _env_folder(variable: str) -> str | None:
    value = os.environ.get(variable, "")
    return value if value and os.path.isabs(value) else None


def _user_folder(xdg: str, windows: str, windows_default: tuple[str, ...], elsewhere: tuple[str, ...]) -> str:
    """drawpoker's folder of one kind: the ``xdg`` variable's folder if set,
    else the system's usual place (on Windows the ``windows`` variable's, on
    macOS Application Support, elsewhere under the home folder)."""
    chosen = _env_folder(xdg)
    if chosen is None:
        home = os.path.expanduser("~")
        if sys.platform == "win32":
            chosen = _env_folder(windows) or os.path.join(home, *windows_default)
        elif sys.platform == "darwin":
            chosen = os.path.join(home, "Library", "Application Support")
        else:
            chosen = os.path.join(home, *elsewhere)
    return os.path.join(chosen, APP)


def _data_folder() -> str:
    return _user_folder("XDG_DATA_HOME", "LOCALAPPDATA", ("AppData", "Local"), (".local", "share"))


def _config_folder() -> str:
    return _user_folder("XDG_CONFIG_HOME", "APPDATA", ("AppData", "Roaming"), (".config",))


def data_home() -> Path:
    """The user's data folder for this program (histories live in it)."""
    from pathlib import Path

    return Path(_data_folder())


def config_home() -> Path:
    """The user's config folder for this program (settings.yaml lives in it)."""
    from pathlib import Path

    return Path(_config_folder())


def settings_path() -> Path:
    """The settings file (which may not exist yet)."""
    return config_home() / "settings.yaml"


def default_histories() -> Path:
    """Where histories go when the settings do not say."""
    return data_home() / "histories"


#: ``language: nb`` on a line of its own (a comment may follow)
_PLAIN_LANGUAGE = re.compile(r"^language:[ \t]+(en|nb)[ \t]*(?:#.*)?$", re.MULTILINE)


def settings_language() -> str | None:
    """The language the settings file names (``en`` or ``nb``), or None when
    there is no settings file or it names none; an InputError saying why
    when the file, or its language, cannot be read (any other setting's
    problem is for the commands that use it)."""
    path = os.path.join(_config_folder(), "settings.yaml")
    if not os.path.lexists(path):
        return None
    from drawpoker.boundary import read_text
    from drawpoker.errors import InputError
    from drawpoker.notes import N_

    text = read_text(path, path, what=N_("the settings file"), limit=1_000_000, error=InputError)
    if "language" not in text:
        return None
    found = _PLAIN_LANGUAGE.findall(text)
    if len(found) == 1 and text.count("language") == 1:
        return str(found[0])
    from drawpoker.settings import load_settings  # written some other way: the full reader

    settings = load_settings(settings_path(), need=())
    for key, problem in settings.problems:
        if key in ("", "language"):  # the language cannot be read: say why (the caller warns)
            raise InputError(problem)
    return settings.language
