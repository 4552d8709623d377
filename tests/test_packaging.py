"""The package people pick up: the sdist holds everything to run the suite,
the wheel holds the game with its rulesets, translations and type marker,
the metadata says what the project is, and the shipped rulesets are found
both installed and from a checkout run in place.

Built offline and without isolation (``build`` and ``setuptools>=77`` come
with the test extra), from a copy of the checkout, so the checkout itself
is never touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from drawpoker import __version__

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".git", ".venv", "build", "dist", "__pycache__", ".hypothesis", ".pytest_cache", "histories", ".mypy_cache"}
SKIP_SUFFIXES = (".pyc", ".egg-info")
NAME = f"drawpoker-{__version__}"


def _source_files() -> list[str]:
    """The files of the project: what git tracks, or (in an unpacked sdist) what is there."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
            timeout=30,
        ).stdout.decode()
        return sorted(f for f in listed.split("\0") if f and (ROOT / f).is_file())
    except (OSError, subprocess.SubprocessError):
        files = []
        for folder, dirs, names in os.walk(ROOT):
            dirs[:] = [d for d in dirs if d not in SKIP and not d.endswith(SKIP_SUFFIXES)]
            for name in names:
                if not name.endswith(SKIP_SUFFIXES) and name != "PKG-INFO" and name != "setup.cfg":
                    files.append(str(Path(folder, name).relative_to(ROOT)))
        return sorted(files)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(source copy, sdist, wheel, build output): built once for the module."""
    src = tmp_path_factory.mktemp("src")
    for name in _source_files():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, src / name)
    dist = tmp_path_factory.mktemp("dist")
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(src)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return src, dist / f"{NAME}.tar.gz", dist / f"{NAME}-py3-none-any.whl", proc.stdout + proc.stderr


def test_the_build_has_no_deprecation_warnings(built):
    *_, output = built
    assert "deprecat" not in output.lower(), [line for line in output.splitlines() if "eprecat" in line]
    assert "is absent from the `packages` configuration" not in output


def test_the_sdist_holds_every_file_of_the_project(built):
    src, sdist, _, _ = built
    with tarfile.open(sdist) as tar:
        held = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    missing = [name for name in _source_files() if name not in held]
    assert not missing
    for needed in (
        "LICENSE",
        "README.md",
        ".ci/run",
        "pyproject.toml",
        "tests/changed_rules.py",
        "tests/mork_table.py",
        "tests/cli_fuzz.py",
        "examples/side-pot.yaml",
        "rulesets/morkpoker.yaml",
        "rulesets/schema.json",
        "docs/history-format.md",
        "docs/architecture.md",
        "bench/README.md",
        "drawpoker/words/locale/nb.po",
        "drawpoker/words/locale/nb/LC_MESSAGES/drawpoker.mo",
        "drawpoker/py.typed",
    ):
        assert needed in held, needed
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in held)


def test_the_wheel_holds_the_game_and_its_data_but_no_tests(built):
    _, _, wheel, _ = built
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        metadata = whl.read(f"{NAME}.dist-info/METADATA").decode()
    for needed in (
        "drawpoker/py.typed",
        "drawpoker/rulesets/morkpoker.yaml",
        "drawpoker/rulesets/three-card-poker-home.yaml",
        "drawpoker/rulesets/schema.json",
        "drawpoker/words/locale/nb.po",
        "drawpoker/phones/page/index.html",
        "drawpoker/phones/page/page.css",
        "drawpoker/phones/page/page.js",
        "drawpoker/words/locale/nb/LC_MESSAGES/drawpoker.mo",
        "drawpoker/cli/main.py",
        f"{NAME}.dist-info/licenses/LICENSE",
    ):
        assert needed in names, needed
    assert not any(name.startswith(("tests/", "bench/", "examples/")) for name in names)
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Typing :: Typed" in metadata
    assert "Classifier: Programming Language :: Python :: 3.11" in metadata
    assert "Project-URL: Issues, " in metadata
    assert "Requires-Python: >=3.11" in metadata
    assert "Provides-Extra: phones" in metadata  # optional: plain play never needs them
    assert 'Requires-Dist: aiohttp<4,>=3.9; extra == "phones"' in metadata
    assert 'Requires-Dist: segno<2,>=1.5; extra == "phones"' in metadata
    assert "Classifier: License ::" not in metadata  # the SPDX expression replaces it


def _run(argv, cwd, pythonpath=None):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, timeout=120, cwd=cwd, env=env)


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory):
    """The wheel installed (not editable) into a folder of its own."""
    _, _, wheel, _ = built
    target = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return target


def test_rulesets_are_found_installed_and_from_a_checkout(built, installed, tmp_path):
    src, *_ = built
    where = "import drawpoker, sys; print(drawpoker.__file__)"
    # installed, run anywhere: the package's own drawpoker.rulesets
    assert _run(["-c", where], tmp_path, installed).stdout.startswith(str(installed))
    proc = _run(["-m", "drawpoker", "rules", "list"], tmp_path, installed)
    assert proc.returncode == 0 and "three-card-poker-home" in proc.stdout, proc.stderr
    # installed, run inside a checkout: the checkout's drawpoker/ (without rulesets) comes first on the path
    assert _run(["-c", where], src, installed).stdout.startswith(str(src))
    proc = _run(["-m", "drawpoker", "rules", "show", "morkpoker"], src, installed)
    assert proc.returncode == 0 and "Fingerprint: sha256:16cec3482c55bbcd" in proc.stdout, proc.stderr


def test_the_installed_wheel_speaks_norwegian_from_the_compiled_catalogue(installed, tmp_path):
    """The wheel's .mo is what the game reads (nothing is compiled at start)."""
    proc = _run(["-m", "drawpoker", "hand", "Kh Kd 7s 7c As", "--lang", "nb"], tmp_path, installed)
    assert proc.returncode == 0 and "to par, konger og sjuere" in proc.stdout, proc.stderr


def test_the_suite_runs_from_the_unpacked_sdist(built, tmp_path):
    _, sdist, _, _ = built
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    unpacked = tmp_path / NAME
    proc = _run(
        [
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",  # two small files: no workers to start
            "tests/test_readme.py",
            "tests/test_rules.py",
            "-k",
            "readme or shipped",
        ],
        unpacked,
        unpacked,
    )
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert " passed" in proc.stdout and " failed" not in proc.stdout
