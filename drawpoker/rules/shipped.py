"""The shipped rulesets, found without loading YAML or the rules model.

``drawpoker rules list`` names each shipped ruleset with its description;
a description written as a plain one-line scalar at the top level
(``description: ...``) is read from the file's text, anything else (a
quoted or folded text, a description inherited through ``extends:``) is
left to the loader. A test checks that the two agree on every shipped file.
"""

from __future__ import annotations

import functools
import os
import re

import drawpoker

TYPE_CHECKING = False  # not typing's: these names are for annotations only
if TYPE_CHECKING:
    from importlib.abc import Traversable
    from typing import Any

__all__ = [
    "shipped_folder",
    "shipped",
    "quick_description",
    "quick_list",
    "shipped_descriptions",
    "borrowed_description",
]

# A plain scalar: not quoted, not a block, no comment, no flow or alias characters.
_PLAIN = re.compile(r"^description: ([^\s'\"|>&*!%@`{\[#-][^#\n]*?)\s*$", re.MULTILINE)


@functools.cache
def shipped_folder() -> Traversable:
    """The shipped rulesets: the installed ``drawpoker.rulesets`` package, or,
    in a checkout run in place whose package lacks it, the checkout's own
    top-level ``rulesets/`` folder."""
    from importlib import resources
    from pathlib import Path

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
    return _plain_description(shipped_folder().joinpath(name + ".yaml").read_text(encoding="utf-8"))


def quick_list() -> list[tuple[str, str | None]] | None:
    """Every shipped ruleset's name and plain description (None where the
    loader must say it), read straight from the folder on disk without
    importlib.resources; None when the rulesets are not a plain folder."""
    folder = _folder_on_disk()
    if folder is None:
        return None
    out: list[tuple[str, str | None]] = []
    for file in sorted((f for f in os.listdir(folder) if f.endswith(".yaml")), key=lambda f: f[:-5]):
        with open(os.path.join(folder, file), encoding="utf-8") as handle:
            out.append((file[:-5], _plain_description(handle.read())))
    return out


def _folder_on_disk() -> str | None:
    import importlib

    try:
        package = importlib.import_module("drawpoker.rulesets")
    except ModuleNotFoundError:  # a checkout run in place
        folder = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(drawpoker.__file__))), "rulesets")
    else:
        where = getattr(package, "__file__", None)
        folder = os.path.dirname(where) if where else ""
    return folder if folder and os.path.isdir(folder) else None


def _plain_description(text: str) -> str | None:
    found = _PLAIN.findall(text)
    if len(found) != 1 or ": " in found[0] or " #" in found[0]:
        return None
    return str(found[0])


@functools.cache
def shipped_descriptions() -> frozenset[str]:
    """Every shipped ruleset's description, and the rules model's own (a
    ruleset that says none): what a table has not named for itself."""
    from drawpoker.rules.model import DrawRules, ThreeCardRules

    found = {DrawRules().description, ThreeCardRules().description}
    for name in shipped():
        description = quick_description(name)
        if description is None:
            from drawpoker.rules.loading import load_rules

            description = load_rules(name).description
        found.add(description)
    return frozenset(found)


@functools.cache
def _shipped_fingerprints() -> dict[str, frozenset[str]]:
    """Each shipped ruleset's description, and how the rulesets it describes play (their fingerprints)."""
    from drawpoker.rules.loading import load_rules

    found: dict[str, set[str]] = {}
    for name in shipped():
        rules = load_rules(name)
        found.setdefault(str(rules.description), set()).add(_as_played(rules))
        for _, game in getattr(rules, "variants", ()):
            found.setdefault(str(game.description), set()).add(_as_played(game))
    return {description: frozenset(prints) for description, prints in found.items()}


def _as_played(rules: Any) -> str:
    """The fingerprint of the game the rules play, the session's house
    settings aside (the stacks, the length, rebuys, money: a description
    does not speak of them), but for its dealer's choice."""
    import attrs

    from drawpoker.rules.loading import fingerprint

    choice = rules.session.dealers_choice if hasattr(rules.session, "dealers_choice") else None
    session = type(rules.session)() if choice is None else type(rules.session)(dealers_choice=choice)
    changes: dict[str, Any] = {"session": session}
    if getattr(rules, "variants", ()):
        changes["variants"] = tuple((name, attrs.evolve(game, session=session)) for name, game in rules.variants)
    return fingerprint(attrs.evolve(rules, **changes))


def borrowed_description(rules: Any) -> bool:
    """Whether ``rules`` say a shipped ruleset's description without playing
    the game it describes: a house file that ``extends: morkpoker`` and
    changes the ante inherits "Mørkpoker as the source describes it (ante 1,
    ...)" unless it writes its own. Such rules are not described by it (a
    file that changes only the stacks or the money still is)."""
    description = str(getattr(rules, "description", ""))
    prints = _shipped_fingerprints().get(description)
    return prints is not None and _as_played(rules) not in prints
