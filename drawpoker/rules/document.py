"""The YAML layer: a user's YAML file -> plain data with the line of every key.

Every YAML file a user gives (a ruleset, what it ``extends:``, a deal for
``drawpoker settle``, the settings file) is read here, after
:mod:`drawpoker.boundary` has opened it. House rules need a small part of
YAML — mappings, lists, words, whole numbers, plain decimals, yes/no — so
that part is all this layer builds, and everything else is refused in one
sentence naming the file and line, by design rather than case by case:

* nesting deeper than :data:`MAX_DEPTH` and more than :data:`MAX_NODES`
  values (an alias counts as every value it repeats);
* explicit tags (``!!int x``, ``!foo``, ``!!python/object``), so a key can
  never carry one either; merge keys (``<<``);
* what YAML 1.1 reads as something else than it looks: dates
  (``2001-12-14``), sexagesimal numbers (``1:30`` is 90 there), octal,
  hexadecimal and binary numbers (``012`` is 10);
* numbers that are not finite (``.inf``, ``.nan``) or have more than
  :data:`MAX_DIGITS` digits;
* text with a control character or a lone surrogate (``"\\e[31m"``,
  ``"\\ud800"``): no house-rules text needs one, and it could not be
  shown safely or written to a history.

>>> doc = parse_yaml("game: morkpoker\\nbetting:\\n  ante: 2\\n", "house.yaml")
>>> doc.data, str(doc.where(("betting", "ante")))
({'game': 'morkpoker', 'betting': {'ante': 2}}, 'house.yaml:3')
>>> parse_yaml("session:\\n  deals: 1:30\\n", "house.yaml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
drawpoker.errors.RulesError: house.yaml:2: session.deals: '1:30' is a number in minutes and seconds in YAML 1.1 ...
"""

from __future__ import annotations

import math
import os
import re
from typing import Any, NoReturn

import attrs
import yaml

from drawpoker.boundary import read_text
from drawpoker.errors import DrawpokerError, RulesError
from drawpoker.notes import N_, Note, at

__all__ = [
    "Where",
    "YamlDocument",
    "parse_yaml",
    "read_yaml",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_DIGITS",
    "LARGEST",
    "text_problem",
]

#: A YAML file larger than this is refused unread.
MAX_BYTES = 256 * 1024
#: How deep mappings and lists may nest (a ruleset needs three levels).
MAX_DEPTH = 32
#: How many values a document may hold, aliases counted as what they repeat.
MAX_NODES = 20_000
#: The most digits a whole number may have; 15 keep every number exact
#: for any program that reads the JSON of a history (doubles hold 2**53).
MAX_DIGITS = 15
#: The largest whole number a file may hold.
LARGEST = 10**MAX_DIGITS - 1

_TAG = "tag:yaml.org,2002:"
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9_]*)")
_SEXAGESIMAL = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?")
_FLOAT = re.compile(r"[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+][0-9]+)?")
# C0 and C1 controls and DEL, lone surrogates: never in house-rules text
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_TEXT_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


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


def text_problem(text: str, *, one_line: bool = False) -> str | None:
    """Why ``text`` cannot be house-rules text (a control character, a lone
    surrogate; with ``one_line`` a newline or tab too), or None.

    >>> text_problem("Anna\\x1b[31m")
    'the text holds a control character (U+001B), which cannot be shown; remove it'
    >>> text_problem("Bjørn ♠") is None
    True
    """
    note = text_note(text, one_line=one_line)
    return None if note is None else str(note)


def text_note(text: str, *, one_line: bool = False) -> Note | None:
    """:func:`text_problem` as a note, to be said in the player's language."""
    found = (_TEXT_CONTROL if one_line else _CONTROL).search(text)
    if found is None:
        return None
    code = f"U+{ord(found.group()):04X}"
    if 0xD800 <= ord(found.group()) <= 0xDFFF:
        return Note(N_("the text holds a lone surrogate ({code}), which is not a character; remove it"), code=code)
    if found.group() in "\t\n\r":
        return Note(N_("the text must be one line (it holds a tab or a line break)"))
    return Note(N_("the text holds a control character ({code}), which cannot be shown; remove it"), code=code)


# ------------------------------------------------------------ the loader


class _Refused(Exception):
    """A structural refusal while composing: (line, reason)."""

    def __init__(self, line: int | None, reason: Note) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


class _Loader(yaml.SafeLoader):
    """The safe loader, composing nodes only, with nesting, size and tags bounded."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0
        self.nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        """A node, after checking its tag, its depth and how many came before."""
        event = self.peek_event()  # type: ignore[no-untyped-call]
        line = event.start_mark.line + 1 if event.start_mark else None
        tag = getattr(event, "tag", None)
        if tag is not None:
            shown = tag.replace(_TAG, "!!")
            raise _Refused(
                line,
                Note(
                    N_(
                        "the tag '{tag}' is not used in drawpoker's files; write the value plainly (quotes make it a "
                        "text)"
                    ),
                    tag=shown,
                ),
            )
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(None, _TOO_MANY)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _Refused(line, _TOO_DEEP)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _compose(text: str, shown: str) -> yaml.Node | None:
    loader: _Loader | None = None
    try:
        loader = _Loader(text)  # the reader refuses unprintable characters here
        node: yaml.Node | None = loader.get_single_node()
        return node
    except _Refused as exc:
        raise RulesError(at(Where(shown, exc.line), exc.reason)) from None
    except yaml.MarkedYAMLError as exc:
        from drawpoker.rules.yaml_errors import plain_problem

        line, plain = plain_problem(exc, text)
        raise RulesError(at(Where(shown, line), plain)) from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        character = f"U+{exc.character:04X}" if isinstance(exc.character, int) else Note(N_("a byte"))
        raise RulesError(
            at(
                Where(shown, line),
                Note(N_("not valid YAML: the character {character} is not allowed in YAML"), character=character),
            )
        ) from None
    except yaml.YAMLError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else "cannot be read"
        raise RulesError(at(shown, Note(N_("not valid YAML: {reason}"), reason=reason))) from None
    finally:
        if loader is not None:
            loader.dispose()


# ------------------------------------------------------------ plain values


def _scalar(node: yaml.ScalarNode) -> Any:
    """The value of a plain or quoted scalar, or :class:`_Refused`'s reason as ValueError."""
    tag, text = node.tag, node.value
    if tag == _TAG + "str" or tag == _TAG + "value":
        problem = text_note(text)
        if problem is not None:
            raise ValueError(problem)
        return text
    if tag == _TAG + "null":
        return None
    if tag == _TAG + "bool":
        return text.lower() in ("yes", "true", "on")
    if tag == _TAG + "int":
        if _SEXAGESIMAL.fullmatch(text):
            _sexagesimal(text)
        if not _DECIMAL.fullmatch(text):
            raise ValueError(
                Note(
                    N_(
                        "'{text}' is not a plain decimal number (YAML 1.1 reads a leading 0 as octal, 0x as "
                        "hexadecimal); write the number in plain digits"
                    ),
                    text=text,
                )
            )
        digits = text.lstrip("+-").replace("_", "")
        if len(digits) > MAX_DIGITS:
            raise ValueError(
                Note(N_("a number of {n} digits is too big (at most {most} digits)"), n=len(digits), most=MAX_DIGITS)
            )
        return int(text.replace("_", ""))
    if tag == _TAG + "float":
        if _SEXAGESIMAL.fullmatch(text):
            _sexagesimal(text)
        if not _FLOAT.fullmatch(text):
            raise ValueError(Note(N_("'{text}' is not a finite number; write a plain number"), text=text))
        if len(text) > 3 * MAX_DIGITS:
            raise ValueError(Note(N_("'{text}...' has too many digits"), text=text[:20]))
        try:
            number = float(text.replace("_", ""))
        except ValueError:
            raise ValueError(Note(N_("'{text}' is not a number; write a plain number"), text=text)) from None
        if not math.isfinite(number):
            raise ValueError(Note(N_("'{text}' is too big to be a number"), text=text))
        return number
    if tag == _TAG + "timestamp":
        raise ValueError(
            Note(
                N_(
                    "'{text}' is a date in YAML, and drawpoker's files hold no dates; put it in quotes if you mean "
                    "the text"
                ),
                text=text,
            )
        )
    if tag == _TAG + "merge":
        raise ValueError(Note(N_("merge keys (<<) are not used in drawpoker's files; write the settings out")))
    raise ValueError(
        Note(N_("'{text}' is not a value drawpoker's files know"), text=text)
    )  # no other implicit tag exists


def _sexagesimal(text: str) -> NoReturn:
    parts = text.lstrip("+-").replace("_", "").split(":")
    value = 0.0
    for part in parts:
        value = value * 60 + float(part)
    shown = int(value) if value.is_integer() else value
    raise ValueError(
        Note(
            N_(
                "'{text}' is a number in minutes and seconds in YAML 1.1 ({value}); write a plain number, or put it "
                "in quotes if you mean the text"
            ),
            text=text,
            value=shown,
        )
    )


_TOO_MANY = Note(N_("too many values (more than {most}); this should be a few dozen lines"), most=MAX_NODES)
_TOO_DEEP = Note(N_("values nested more than {most} deep; drawpoker's files are a few levels deep"), most=MAX_DEPTH)


def _in(here: Note | str, problem: ValueError | Note | str) -> Note:
    """``PLACE: problem`` (a ValueError's note or text)."""
    if isinstance(problem, ValueError):
        problem = problem.args[0] if len(problem.args) == 1 and isinstance(problem.args[0], Note) else str(problem)
    return Note(N_("{here}: {problem}"), here=here, problem=problem)


def _dotted(path: tuple[str, ...]) -> str:
    """``("players", "[1]", "name")`` -> ``players[1].name``."""
    return ".".join(path).replace(".[", "[")


def _to_data(
    node: yaml.Node,
    shown: str,
    path: tuple[str, ...],
    places: dict[tuple[str, ...], Where],
    budget: list[int],
    problems: list[Note | str],
) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise RulesError(at(shown, _TOO_MANY))
    line = node.start_mark.line + 1
    if len(path) > MAX_DEPTH:  # reached through aliases of aliases
        raise RulesError(at(Where(shown, line), _TOO_DEEP))
    here = _dotted(path) or Note(N_("top level"))
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1
            key: Any = None
            if isinstance(key_node, yaml.ScalarNode):
                try:
                    key = _scalar(key_node)
                except ValueError as exc:
                    problems.append(at(Where(shown, key_line), _in(here, exc)))
                    continue
            if not isinstance(key, str):
                from drawpoker.rules.kinds import found_note

                shown_key = (
                    Note(N_("a list or mapping")) if not isinstance(key_node, yaml.ScalarNode) else found_note(key)
                )
                problems.append(
                    at(
                        Where(shown, key_line),
                        _in(here, Note(N_("keys must be words, found {found}"), found=shown_key)),
                    )
                )
                continue
            if key in out:
                problems.append(
                    at(
                        Where(shown, key_line),
                        Note(
                            N_("duplicate key '{key}' at {place}"),
                            key=key,
                            place=_dotted(path) or Note(N_("the top level")),
                        ),
                    )
                )
                continue
            places[path + (key,)] = Where(shown, key_line)
            out[key] = _to_data(value_node, shown, path + (key,), places, budget, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        items = []
        for i, item in enumerate(node.value):
            places[path + (f"[{i}]",)] = Where(shown, item.start_mark.line + 1)
            items.append(_to_data(item, shown, path + (f"[{i}]",), places, budget, problems))
        return items
    try:
        return _scalar(node) if isinstance(node, yaml.ScalarNode) else None
    except ValueError as exc:
        problems.append(at(Where(shown, line), _in(here, exc)))
        return None


def _is_history(text: str) -> bool:
    """Whether ``text`` is a drawpoker hand history (its first line the JSON header,
    docs/history-format.md), not YAML written by hand."""
    import json

    from drawpoker.history.format import MAGIC

    first = text.partition("\n")[0]
    if not first.startswith("{"):
        return False
    try:
        header = json.loads(first)
    except ValueError:
        return False
    return isinstance(header, dict) and header.get("drawpoker") == MAGIC


def parse_yaml(
    text: str,
    shown: str,
    *,
    what: str = N_("a ruleset"),
    empty_hint: str = N_("a ruleset needs at least 'game: morkpoker' or 'game: three-card-poker'"),
    contents: str = N_("settings"),
) -> YamlDocument:
    """YAML text -> a mapping with the line of every key; RulesError on any problem.

    ``what`` names the document in messages ("a ruleset", "a deal").
    """
    if _is_history(text):
        said = N_("this is a hand history, not {what}: 'drawpoker history {file}' shows its deals and who pays whom")
        raise RulesError(at(shown, Note(said, what=Note(what), file=shown)))
    node = _compose(text, shown)
    if node is None:
        raise RulesError(at(shown, Note(N_("the file is empty; {hint}"), hint=Note(empty_hint))))
    if not isinstance(node, yaml.MappingNode):
        kind = Note(N_("a list")) if isinstance(node, yaml.SequenceNode) else Note(N_("a single value"))
        raise RulesError(
            at(
                Where(shown, node.start_mark.line + 1),
                Note(
                    N_("{what} is a mapping of {contents} (key: value), found {kind}"),
                    what=Note(what),
                    contents=Note(contents),
                    kind=kind,
                ),
            )
        )
    places: dict[tuple[str, ...], Where] = {}
    problems: list[Note | str] = []
    data = _to_data(node, shown, (), places, [MAX_NODES], problems)
    if problems:
        raise RulesError(problems)
    return YamlDocument(data, places, Where(shown, None))


def read_yaml(
    path: str | os.PathLike[str],
    shown: str,
    what: str = N_("a ruleset"),
    empty_hint: str = N_("a ruleset needs at least 'game: morkpoker' or 'game: three-card-poker'"),
    contents: str = N_("settings"),
    *,
    error: type[DrawpokerError] = RulesError,
) -> YamlDocument:
    """Read a YAML file through the boundary and :func:`parse_yaml` it.

    Problems are raised as ``error`` (RulesError by default).
    """
    text = read_text(path, shown, what=what, limit=MAX_BYTES, error=error)
    try:
        return parse_yaml(text, shown, what=what, empty_hint=empty_hint, contents=contents)
    except RulesError as exc:
        if error is RulesError:
            raise
        raise error(Note.joined(exc.notes)) from None
