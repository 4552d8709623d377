"""YAML house rules -> frozen rules objects, with errors a player can act on.

Only ``yaml.SafeLoader`` is used. Every problem names the file, the line
where YAML knows it, the key path, what was expected and what was found;
all problems of a document are reported together in one :class:`RulesError`.
A ruleset may ``extends:`` a shipped ruleset (by name) or another file (by a
path relative to the extending file) and override only what differs.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import yaml

from drawpoker.boundary import read_text
from drawpoker.errors import RulesError
from drawpoker.rules.kinds import Problem, found
from drawpoker.rules.model import GAMES, Rules, cross_check, settings

__all__ = [
    "load_rules",
    "rules_from_data",
    "rules_to_data",
    "fingerprint",
    "shipped_names",
    "shipped_path",
    "MAX_BYTES",
]

#: A ruleset file larger than this is refused unread.
MAX_BYTES = 256 * 1024
_MAX_NODES = 20_000
_MAX_EXTENDS = 16


# ------------------------------------------------------------ where things are


@attrs.frozen
class Where:
    """The file (as shown to the player) and 1-based line of a value."""

    file: str
    line: int | None = None
    depth: int = attrs.field(default=0, eq=False)  # 0: the file loaded, 1: what it extends, ...

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


class YamlDocument:
    """A YAML document as plain data plus the place of every key."""

    def __init__(self, data: Any, places: dict[tuple[str, ...], Where], origin: Where) -> None:
        self.data = data
        self.places = places
        self.origin = origin

    def where(self, path: tuple[str, ...]) -> Where:
        """The place of ``path``, or of its nearest known parent."""
        while path:
            if path in self.places:
                return self.places[path]
            path = path[:-1]
        return self.origin


class _LineLoader(yaml.SafeLoader):
    """The safe loader; used to compose nodes and to construct plain scalars."""


def _compose(text: str, shown: str) -> yaml.Node | None:
    try:
        return yaml.compose(text, Loader=_LineLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        reason = exc.problem or exc.context or "cannot be read"
        raise RulesError(f"{Where(shown, line)}: not valid YAML: {reason}") from None
    except yaml.YAMLError as exc:
        raise RulesError(f"{shown}: not valid YAML: {exc}") from None


def _to_data(
    node: yaml.Node,
    shown: str,
    path: tuple[str, ...],
    places: dict[tuple[str, ...], Where],
    budget: list[int],
    problems: list[str],
    ctor: yaml.SafeLoader,
) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise RulesError(f"{shown}: too many values (more than {_MAX_NODES}); this should be a few dozen lines")
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = ctor.construct_object(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            line = key_node.start_mark.line + 1
            if not isinstance(key, str):
                problems.append(
                    f"{Where(shown, line)}: {_dotted(path) or 'top level'}: keys must be words, found {found(key)}"
                )
                continue
            if key in out:
                problems.append(f"{Where(shown, line)}: duplicate key '{key}' at {_dotted(path) or 'the top level'}")
                continue
            places[path + (key,)] = Where(shown, line)
            out[key] = _to_data(value_node, shown, path + (key,), places, budget, problems, ctor)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            places[path + (f"[{i}]",)] = Where(shown, item.start_mark.line + 1)
            items.append(_to_data(item, shown, path + (f"[{i}]",), places, budget, problems, ctor))
        return items
    try:
        return ctor.construct_object(node)
    except yaml.constructor.ConstructorError as exc:
        problems.append(f"{Where(shown, node.start_mark.line + 1)}: {_dotted(path) or 'top level'}: {exc.problem}")
        return None


def _dotted(path: tuple[str, ...]) -> str:
    return ".".join(path)


# ------------------------------------------------------------ files and names


def shipped_names() -> list[str]:
    """Names of the shipped rulesets, sorted."""
    folder = resources.files("drawpoker.rulesets")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def shipped_path(name: str) -> Path | None:
    """The file of a shipped ruleset, or None."""
    if name not in shipped_names():
        return None
    return Path(str(resources.files("drawpoker.rulesets").joinpath(name + ".yaml")))


def _read(path: Path, shown: str, what: str = "a ruleset") -> str:
    return read_text(path, shown, what=what, limit=MAX_BYTES, error=RulesError)


def read_yaml(path: Path, shown: str, what: str, empty_hint: str, contents: str = "settings") -> YamlDocument:
    """Read a YAML mapping with the line of every key; RulesError on any problem.

    ``what`` names the document in messages ("a ruleset", "a deal").
    """
    text = _read(path, shown, what)
    node = _compose(text, shown)
    if node is None:
        raise RulesError(f"{shown}: the file is empty; {empty_hint}")
    if not isinstance(node, yaml.MappingNode):
        kind = "a list" if isinstance(node, yaml.SequenceNode) else "a single value"
        raise RulesError(
            f"{Where(shown, node.start_mark.line + 1)}: {what} is a mapping of {contents} (key: value), found {kind}"
        )
    places: dict[tuple[str, ...], Where] = {}
    problems: list[str] = []
    data = _to_data(node, shown, (), places, [_MAX_NODES], problems, _LineLoader(""))
    if problems:
        raise RulesError(problems)
    return YamlDocument(data, places, Where(shown, None))


def _resolve(source: str | Path, relative_to: Path | None) -> tuple[Path, str]:
    """A command-line or ``extends:`` reference -> (file, name shown in messages)."""
    text = str(source)
    looks_like_path = isinstance(source, Path) or "/" in text or text.endswith((".yaml", ".yml"))
    if looks_like_path:
        path = Path(text)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        return path, str(path) if relative_to is None else text
    shipped = shipped_path(text)
    if shipped is not None:
        return shipped, f"rulesets/{text}.yaml"
    if Path(text).exists():
        return Path(text), text
    names = shipped_names()
    near = difflib.get_close_matches(text, names, n=1)
    hint = f" (did you mean '{near[0]}'?)" if near else f"; shipped rulesets: {', '.join(names)}"
    raise RulesError(f"no ruleset '{text}': not a file and not a shipped ruleset{hint}")


def _load_doc(path: Path, shown: str, chain: tuple[Path, ...]) -> tuple[YamlDocument, str]:
    """Read one file and everything it extends, merged; returns (doc, game)."""
    real = path.resolve()
    if real in chain:
        names = " -> ".join(p.name for p in chain + (real,))
        raise RulesError(f"{shown}: 'extends' goes round in a circle: {names}")
    if len(chain) >= _MAX_EXTENDS:
        raise RulesError(f"{shown}: 'extends' is nested more than {_MAX_EXTENDS} deep")
    doc = read_yaml(
        path, shown, "a ruleset", "a ruleset needs at least 'game: morkpoker' or 'game: three-card-poker'", "settings"
    )
    data = doc.data

    game = data.get("game")
    parent_ref = data.pop("extends", None)
    if parent_ref is not None:
        if not isinstance(parent_ref, str) or not parent_ref.strip():
            raise RulesError(
                f"{doc.where(('extends',))}: extends: expected the name of a shipped ruleset or a file path, found "
                f"{found(parent_ref)}"
            )
        parent_path, parent_shown = _resolve(parent_ref.strip(), path.parent)
        parent, parent_game = _load_doc(parent_path, parent_shown, chain + (real,))
        if game is not None and game != parent_game:
            raise RulesError(
                f"{doc.where(('game',))}: game: '{game}' cannot extend a '{parent_game}' ruleset ({parent_shown})"
            )
        doc = _merge(_deeper(parent), doc, _section_paths(GAMES[parent_game]))
        game = parent_game
    if game is None:
        raise RulesError(f"{shown}: missing key 'game': say 'game: morkpoker' or 'game: three-card-poker'")
    if not isinstance(game, str) or game not in GAMES:
        near = difflib.get_close_matches(str(game), list(GAMES), n=1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        raise RulesError(
            f"{doc.where(('game',))}: game: expected 'morkpoker' or 'three-card-poker', found {found(game)}{hint}"
        )
    return doc, game


def _deeper(doc: YamlDocument) -> YamlDocument:
    """The same document, one level further from the file loaded."""
    return YamlDocument(doc.data, {k: attrs.evolve(w, depth=w.depth + 1) for k, w in doc.places.items()}, doc.origin)


def _section_paths(cls: type, prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """The key paths that are sections (groups of settings) of a rules class."""
    paths = {prefix}
    for field in attrs.fields(cls):
        if "section" in field.metadata:
            paths |= _section_paths(field.metadata["section"], prefix + (field.name,))
    return paths


def _merge(base: YamlDocument, over: YamlDocument, sections: set[tuple[str, ...]]) -> YamlDocument:
    """``over`` on top of ``base``: sections merge key by key; a setting,
    even a whole paytable, is replaced."""

    def merge(a: Any, b: Any, path: tuple[str, ...]) -> Any:
        if path in sections and isinstance(a, dict) and isinstance(b, dict):
            out = dict(a)
            for k, v in b.items():
                out[k] = merge(a[k], v, path + (k,)) if k in a else v
            return out
        return b

    places = {k: v for k, v in base.places.items() if not _replaced(k, over.places, sections)}
    places.update(over.places)
    return YamlDocument(merge(base.data, over.data, ()), places, over.origin)


def _replaced(path: tuple[str, ...], over: Mapping[tuple[str, ...], Where], sections: set[tuple[str, ...]]) -> bool:
    """True if a parent setting of ``path`` is given anew in ``over``."""
    return any(path[:i] in over and path[:i] not in sections for i in range(1, len(path)))


# ------------------------------------------------------------ structuring


def _structure(cls: type, data: Any, path: tuple[str, ...], doc: YamlDocument, problems: list[str]) -> Any:
    here = _dotted(path) or "the top level"
    if not isinstance(data, Mapping):
        problems.append(f"{doc.where(path)}: {here}: expected a mapping of settings, found {found(data)}")
        return cls()
    fields = {f.name: f for f in attrs.fields(cls) if "kind" in f.metadata or "section" in f.metadata}
    values: dict[str, Any] = {}
    for key, value in data.items():
        if path == () and key == "game":
            continue
        if key not in fields:
            near = difflib.get_close_matches(key, list(fields), n=1, cutoff=0.6)
            hint = f" (did you mean '{near[0]}'?)" if near else f"; expected one of: {', '.join(fields)}"
            problems.append(f"{doc.where(path + (key,))}: unknown key '{key}' at {here}{hint}")
            continue
        field = fields[key]
        if "section" in field.metadata:
            values[key] = _structure(field.metadata["section"], value, path + (key,), doc, problems)
            continue
        try:
            values[key] = field.metadata["kind"].load(value)
        except Problem as p:
            problems.append(
                f"{doc.where(path + (key,))}: {_dotted(path + (key,))}: expected {p.expected}, found {found(value)}"
            )
    return cls(**values)


def rules_from_data(data: Any, shown: str = "rules", places: Mapping[tuple[str, ...], Any] | None = None) -> Rules:
    """Plain data (as from :func:`rules_to_data` or a history header) -> rules."""
    doc = YamlDocument(
        data, {k: v if isinstance(v, Where) else Where(shown, v) for k, v in (places or {}).items()}, Where(shown)
    )
    if not isinstance(data, Mapping):
        raise RulesError(f"{shown}: rules must be a mapping of settings, found {found(data)}")
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise RulesError(
            f"{doc.where(('game',))}: game: expected 'morkpoker' or 'three-card-poker', found {found(game)}"
        )
    return _finish(GAMES[game], doc)


def _finish(cls: type[Rules], doc: YamlDocument) -> Rules:
    problems: list[str] = []
    rules: Rules = _structure(cls, doc.data, (), doc, problems)
    if not problems:
        for paths, message in cross_check(rules):
            # point at the involved setting written closest to the file loaded
            path = min(paths, key=lambda p: doc.where(p).depth if p in doc.places else 99)
            problems.append(f"{doc.where(path)}: {_dotted(path)}: {message}")
    if problems:
        raise RulesError(problems)
    return rules


def load_rules(source: str | Path, relative_to: Path | None = None) -> Rules:
    """Load a ruleset by shipped name (``"morkpoker"``) or file path
    (relative to the folder ``relative_to`` when given)."""
    path, shown = _resolve(source, relative_to)
    doc, game = _load_doc(path, shown, ())
    return _finish(GAMES[game], doc)


# ------------------------------------------------------------ back to data


def rules_to_data(rules: Rules) -> dict[str, Any]:
    """The effective rules as plain data (YAML/JSON), every setting spelled out."""
    out: dict[str, Any] = {"game": rules.game}
    for path, field, value, _section in settings(rules):
        node = out
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = field.metadata["kind"].dump(value)
    return out


def fingerprint(rules: Rules) -> str:
    """A stable hash of the effective rules (the description does not count).

    Two rulesets with the same fingerprint play exactly alike.
    """
    data = rules_to_data(rules)
    data.pop("description", None)
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(canonical.encode("ascii")).hexdigest()[:16]
