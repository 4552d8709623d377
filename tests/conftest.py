"""The suite never touches the real home: the user's data and config
folders (histories, settings.yaml) point into a temporary folder for the
whole session, and every program the tests start inherits that."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# No time limit on a Hypothesis example: the suite asserts no timings (bench/ measures speed), and a
# deadline fails an example that a busy machine (two workers, a browser) happened to run slowly
# ("took 477 ms, which exceeds the deadline of 200 ms", seen on a loaded run). A test's own @settings
# still decides its number of examples.
settings.register_profile("drawpoker", deadline=None)
settings.load_profile("drawpoker")

_FOLDERS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "LOCALAPPDATA", "APPDATA")


@pytest.fixture(scope="session", autouse=True)
def _private_home(tmp_path_factory):
    """Session-wide (a function-scoped fixture would upset Hypothesis)."""
    base = tmp_path_factory.mktemp("home")
    before = {name: os.environ.get(name) for name in _FOLDERS}
    for name in _FOLDERS:
        os.environ[name] = str(base / name.lower())
    yield base
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture
def wide(monkeypatch):
    """A terminal wide enough that a command's line is the one line it is: for
    a test that reads a sentence whole (a command fits its text to the
    terminal's width, 80 columns where none is known: tests/test_cli_widths.py)."""
    monkeypatch.setenv("COLUMNS", "1000")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A command's own home for one test: settings and histories in
    ``tmp_path``, and no language from the environment (the setting, or
    ``--lang``, decides; English without either)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def pytest_terminal_summary(terminalreporter):
    """One line when the phone page's browser tests could not run (never a silent skip)."""
    import shutil

    if shutil.which("chromium") is None:
        terminalreporter.write_line(
            "phones: the browser tests were skipped: install Debian's chromium package (apt-get install chromium)"
        )
