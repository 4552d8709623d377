"""A script of ``bench/`` loaded as a module, for the tests of its arithmetic."""

from __future__ import annotations

import importlib.util
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
