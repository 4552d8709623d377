"""A YAML file that cannot be read, said in plain words with its line.

PyYAML says what its scanner and parser expected ("expected <block end>,
but found '<block mapping start>'"); a player wants to know what is wrong
with the line they wrote ("this line's indentation matches no line above
it"). :func:`plain_problem` reads PyYAML's error together with the text and
names the line the player should look at, which is not always the line the
parser stopped on: a colon missing is found on the next line, a quote or a
bracket never closed at the end of the file, and both are told at the line
where the key, the quote or the bracket is.

The common problems are each said in one sentence (a note, so the player's
language says it); anything else keeps the parser's own words, after "not
valid YAML:".

>>> import yaml
>>> def said(text):
...     try:
...         yaml.compose(text, Loader=yaml.SafeLoader)
...     except yaml.MarkedYAMLError as exc:
...         line, note = plain_problem(exc, text)
...         return f"line {line}: {note}"
>>> said("betting:\\n  ante: 1\\n    small_bet: 2\\n")
'line 3: this line is indented more than the one above it'
>>> said("betting:\\n\\tante: 1\\n")
'line 2: a tab; use spaces (YAML indents with spaces only)'
>>> said("description Friday\\ngame: morkpoker\\n")
"line 1: this line has no colon: a setting is written 'key: value'"
"""

from __future__ import annotations

import re

import yaml

from drawpoker.notes import N_, Note

__all__ = ["plain_problem"]

_TOKEN = re.compile(r"found character '(.+)' that cannot start any token")
_FOUND = re.compile(r"expected <block end>, but found '(.+)'")
_FLOW = re.compile(r"expected ',' or '([\]}])', but got '(.+)'")
_NODE = re.compile(r"expected the node content, but found '(.+)'")
_ALIAS = re.compile(r"found undefined alias '(.+)'")
_ANCHOR = re.compile(r"found duplicate anchor '(.+)'")
_ESCAPE = re.compile(r"found unknown escape character '(.+)'")


def _line(mark: yaml.Mark | None) -> int | None:
    return mark.line + 1 if mark is not None else None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _content(line: str) -> bool:
    """Whether a line holds something (not blank, not only a comment)."""
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _above_at(lines: list[str], index: int) -> int | None:
    """The index of the nearest line above ``lines[index]`` that holds something."""
    for i in range(min(index, len(lines)) - 1, -1, -1):
        if _content(lines[i]):
            return i
    return None


def _above(lines: list[str], index: int) -> str | None:
    """The nearest line above ``lines[index]`` that holds something."""
    i = _above_at(lines, index)
    return None if i is None else lines[i]


def _indentation(lines: list[str], index: int) -> Note:
    """What is wrong with the indentation of ``lines[index]``."""
    here = lines[index] if index < len(lines) else ""
    above = _above(lines, index)
    if above is not None and _indent(here) > _indent(above):
        return Note(N_("this line is indented more than the one above it"))
    return Note(N_("this line's indentation matches no line above it: line it up with the settings it belongs with"))


def plain_problem(exc: yaml.MarkedYAMLError, text: str) -> tuple[int | None, Note]:
    """(the line to look at, what is wrong in plain words) for a YAML error
    PyYAML raised reading ``text``."""
    problem, context = exc.problem or "", exc.context or ""
    at, opened = _line(exc.problem_mark), _line(exc.context_mark)
    lines = text.splitlines()
    column = exc.problem_mark.column if exc.problem_mark is not None else 0
    index = at - 1 if at is not None else len(lines)
    here = lines[index] if index < len(lines) else ""

    found = _TOKEN.fullmatch(problem)
    if found is not None:
        char = found.group(1)
        if char == "\\t":
            if not here[:column].strip():
                return at, Note(N_("a tab; use spaces (YAML indents with spaces only)"))
            return at, Note(N_("a tab; use spaces"))
        return at, Note(N_("a value cannot begin with '{char}'; put it in quotes"), char=char)
    if problem == "mapping values are not allowed here":
        before = here[:column]
        if ": " in before or before.rstrip().endswith(":") or "," in before:
            return at, Note(
                N_("a second colon in one line: one setting to a line, and a value that holds ': ' in quotes")
            )
        above = _above_at(lines, index)
        if above is not None and ":" not in lines[above].split(" #")[0] and _indent(here) <= _indent(lines[above]):
            # "ante 2" above "small_bet: 1": YAML reads the two lines as one text, and stumbles on this colon
            return above + 1, Note(N_("this line has no colon: a setting is written 'key: value'"))
        return at, _indentation(lines, index)
    if problem == "could not find expected ':'" and context == "while scanning a simple key":
        return opened, Note(N_("this line has no colon: a setting is written 'key: value'"))
    if context == "while scanning a quoted scalar" or context.startswith("while scanning a double-quoted"):
        escape = _ESCAPE.fullmatch(problem)
        if escape is not None:
            return at, Note(
                N_("'\\{char}' is not something YAML reads between double quotes; use single quotes instead"),
                char=escape.group(1),
            )
        if "end of stream" in problem or "document separator" in problem:
            quote = _quote_at(lines, exc.context_mark)
            return opened, Note(N_("the quote ({quote}) opened on this line is never closed"), quote=quote)
    flow = _FLOW.fullmatch(problem)
    if flow is not None:
        closing = flow.group(1)
        opening = "[" if closing == "]" else "{"
        if flow.group(2) == "<stream end>":
            return opened, Note(
                N_("the '{opening}' on this line is never closed with '{closing}'"), opening=opening, closing=closing
            )
        if at != opened:
            return opened, Note(
                N_("the '{opening}' on this line is not closed with '{closing}' before line {line}"),
                opening=opening,
                closing=closing,
                line=at,
            )
        return at, Note(
            N_(
                "between '{opening}' and '{closing}' the values are separated by commas; "
                "put a value that holds ': ' in quotes"
            ),
            opening=opening,
            closing=closing,
        )
    node = _NODE.fullmatch(problem)
    if node is not None:
        what = node.group(1)
        if what == "<stream end>":
            unclosed = _unclosed(lines)
            if unclosed is not None:
                line, opening = unclosed
                closing = "]" if opening == "[" else "}"
                return line, Note(
                    N_("the '{opening}' on this line is never closed with '{closing}'"),
                    opening=opening,
                    closing=closing,
                )
        elif what in ("]", "}"):
            return at, Note(N_("a '{bracket}' that closes nothing"), bracket=what)
        elif what in (",", ":", "?"):
            return at, Note(N_("a value is missing before this '{char}'"), char=what)
        elif what == "-":
            return at, Note(N_("a list item ('- ') inside brackets: write [a, b], or one '- ' item to a line"))
        elif what == "<document start>":
            return at, Note(N_("a second document begins here ('---'); a drawpoker file holds one"))
    if problem == "sequence entries are not allowed here":
        return at, Note(N_("a list item ('- ') cannot follow a key on its line: put it on the next line, indented"))
    block = _FOUND.fullmatch(problem)
    if block is not None:
        what = block.group(1)
        if what in ("<block mapping start>", "<block sequence start>"):
            return at, _indentation(lines, index)
        if what == "-":
            return at, Note(N_("a list item ('- ') among settings ('key: value'): indent it under its setting"))
        if what == "?":
            return at, Note(N_("a setting ('key: value') among the items of a list ('- ')"))
        if what in ("]", "}"):
            return at, Note(N_("a '{bracket}' that closes nothing"), bracket=what)
        if what == "<scalar>" and here[:column].rstrip().endswith(("'", '"')):
            return at, Note(N_("text after the closing quote: put the whole value in quotes"))
        if what == ":":
            return at, Note(N_("a colon with no key before it"))
        return at, Note(
            N_("this does not fit the lines above it: each line is a setting ('key: value') or a list item ('- value')")
        )
    alias = _ALIAS.fullmatch(problem)
    if alias is not None:
        return at, Note(
            N_("'*{name}' repeats the value named '&{name}', but no value above has that name"), name=alias.group(1)
        )
    anchor = _ANCHOR.match(context)
    if anchor is not None:
        return at, Note(
            N_("the name '&{name}' is given to two values (the first on line {first})"),
            name=anchor.group(1),
            first=opened,
        )
    if problem == "but found another document":
        return at, Note(N_("a second document begins here ('---'); a drawpoker file holds one"))
    if context in ("while scanning an alias", "while scanning an anchor"):
        char = "*" if "alias" in context else "&"
        return opened, Note(
            N_("'{char}' must be followed by a name in YAML (it names or repeats a value); put the text in quotes"),
            char=char,
        )
    if problem.startswith("expected '<document start>'"):
        if any(line.rstrip() == "..." or line.startswith("%") for line in lines[:index]):
            return at, Note(N_("a drawpoker file is one plain document: remove the '...' or '%' line above this one"))
        # ('{...}' or a quoted text whole on the lines above, then more: JSON lines, two values run together)
        return at, Note(
            N_(
                "the file's value ended above (with its closing bracket or quote); "
                "a drawpoker file is one mapping of settings ('key: value')"
            )
        )
    if context == "while scanning a block scalar":
        return opened, Note(
            N_("'|' and '>' begin a text written on the lines below them; put a text on this line in quotes")
        )
    reason = problem or context or "cannot be read"
    return at or opened, Note(N_("not valid YAML: {reason}"), reason=reason)


def _unclosed(lines: list[str]) -> tuple[int, str] | None:
    """(line, bracket) of the last '[' or '{' left open, quotes and comments
    skipped; None if every bracket is closed."""
    open_: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        quote = None
        for i, char in enumerate(line):
            if quote is not None:
                if char == quote:
                    quote = None
            elif char in "'\"" and (i == 0 or line[i - 1] in " \t[{,:"):
                quote = char
            elif char == "#" and (i == 0 or line[i - 1] in " \t"):
                break
            elif char in "[{":
                open_.append((number, char))
            elif char in "]}" and open_:
                open_.pop()
    return open_[-1] if open_ else None


def _quote_at(lines: list[str], mark: yaml.Mark | None) -> str:
    """The quote character where a quoted text begins."""
    if mark is not None and mark.line < len(lines) and mark.column < len(lines[mark.line]):
        char = lines[mark.line][mark.column]
        if char in "'\"":
            return char
    return '"'
