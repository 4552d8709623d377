"""The shipped rulesets, found without loading YAML or the rules model.

``drawpoker rules list`` names each shipped ruleset with its description;
a description written as a plain one-line scalar at the top level
(``description: ...``) is read from the file's text, anything else (a
quoted or folded text, a description inherited through ``extends:``) is
left to the loader. A test checks that the two agree on every shipped file.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import drawpoker

__all__ = ["shipped_folder", "shipped", "quick_description"]

# A plain scalar: not quoted, not a block, no comment, no flow or alias characters.
_PLAIN = re.compile(r"^description: ([^\s'\"|>&*!%@`{\[#-][^#\n]*?)\s*$", re.MULTILINE)


@functools.cache
def shipped_folder() -> Traversable:
    """The shipped rulesets: the installed ``drawpoker.rulesets`` package, or,
    in a checkout run in place whose package lacks it, the checkout's own
    top-level ``rulesets/`` folder."""
    try:
        return resources.files("drawpoker.rulesets")
    except ModuleNotFoundError:
        return Path(drawpoker.__file__).resolve().parent.parent / "rulesets"


@functools.cache
def shipped() -> tuple[str, ...]:
    """Names of the shipped rulesets, sorted."""
    folder = shipped_folder()
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml")))


def quick_description(name: str) -> str | None:
    """The description a shipped ruleset states as a plain line, or None
    (then ask the loader)."""
    text = shipped_folder().joinpath(name + ".yaml").read_text(encoding="utf-8")
    found = _PLAIN.findall(text)
    if len(found) != 1 or ": " in found[0] or " #" in found[0]:
        return None
    return str(found[0])
