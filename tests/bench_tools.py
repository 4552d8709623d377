"""A script of ``bench/`` loaded as a module, for the tests of its arithmetic."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_bench(script: str, name: str) -> ModuleType:
    """``bench/<script>`` as the module ``name`` (registered in ``sys.modules``:
    the dataclasses in it look their module up)."""
    spec = importlib.util.spec_from_file_location(name, BENCH / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def run_bench(script: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``bench/<script> arguments`` in a process of its own, its output captured."""
    return subprocess.run(
        [sys.executable, str(BENCH / script), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def refused_in_one_sentence(script: str, arguments: list[str], said: str) -> None:
    """The script refuses ``arguments`` before playing: exit 2, nothing on stdout, and its
    last line ``<script>: error: ...`` holds ``said``, with no traceback."""
    done = run_bench(script, *arguments)
    assert done.returncode == 2 and done.stdout == ""
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"{script}: error: ") and said in last
    assert "Traceback" not in done.stderr
