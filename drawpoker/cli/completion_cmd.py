"""``drawpoker completion bash|zsh``: a shell completion script.

The script asks ``drawpoker completion --candidates INDEX WORDS...`` for the
candidates, so both shells complete the same things, read from the same
argument parser: commands, actions and options, ruleset names (shipped ones
and ``*.yaml`` files), deal files for ``settle``, history files (in the
current folder and the histories folder), settings and their values.
"""

from __future__ import annotations

import argparse
import os

from drawpoker.notes import N_
from drawpoker.terminal import emit

BASH = r"""# drawpoker completion for bash. Load it now with
#     source <(drawpoker completion bash)
# or for every shell: drawpoker completion bash > ~/.local/share/bash-completion/completions/drawpoker
_drawpoker() {
    local IFS=$'\n'
    COMPREPLY=( $(drawpoker completion --candidates "$COMP_CWORD" "${COMP_WORDS[@]}" 2>/dev/null) )
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]]; then
        compopt -o nospace 2>/dev/null   # a folder: go on typing inside it
    fi
}
complete -o filenames -F _drawpoker drawpoker
"""

ZSH = r"""#compdef drawpoker
# drawpoker completion for zsh. Load it now with
#     source <(drawpoker completion zsh)
# or for every shell: drawpoker completion zsh > "${fpath[1]}/_drawpoker"
_drawpoker() {
    local -a found folders others
    found=("${(@f)$(drawpoker completion --candidates $((CURRENT - 1)) "${words[@]}" 2>/dev/null)}")
    found=(${found:#})
    folders=(${(M)found:#*/})
    others=(${found:#*/})
    (( ${#others} )) && compadd -Q -- "${others[@]}"
    (( ${#folders} )) && compadd -Q -S '' -- "${folders[@]}"
    return 0
}
if [[ ${zsh_eval_context[-1]-} == loadautofunc ]]; then
    _drawpoker "$@"
else
    compdef _drawpoker drawpoker
fi
"""

SCRIPTS = {"bash": BASH, "zsh": ZSH}


def configure(parser: argparse.ArgumentParser) -> None:
    """Add ``completion bash|zsh`` with ``--lang`` (and the hidden ``--candidates`` the scripts call)."""
    parser.add_argument("shell", choices=tuple(SCRIPTS), nargs="?", metavar="SHELL", help=N_("the shell: bash or zsh"))
    parser.add_argument("--candidates", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    from drawpoker.words.i18n import add_lang_option

    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    """Print the script, or (for the script) the candidates for one word."""
    from drawpoker.errors import DrawpokerError

    if args.candidates is not None:  # reached only when --candidates is not the first option
        return answer(args.candidates)
    if args.shell is None:
        from drawpoker.notes import N_, Note

        raise DrawpokerError(Note(N_("name the shell: 'drawpoker completion bash' or 'drawpoker completion zsh'")))
    emit(SCRIPTS[args.shell].rstrip("\n"))
    return 0


def answer(words: list[str]) -> int:
    """``--candidates INDEX WORDS...``: one candidate per line, nothing on any problem."""
    if not words or not words[0].isdigit():
        return 1
    try:
        for word in candidates(words[1:], int(words[0])):
            emit(word)
    except Exception:  # completing must never print a traceback into the prompt
        return 1
    return 0


# ---------------------------------------------------------------- what to offer


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _option(parser: argparse.ArgumentParser, word: str) -> argparse.Action | None:
    for action in parser._actions:
        if word in action.option_strings:
            return action
    return None


def _paths(prefix: str, suffixes: tuple[str, ...]) -> list[str]:
    """Folders and files with one of ``suffixes`` that start with ``prefix``."""
    folder, start = os.path.split(prefix)
    try:
        entries = sorted(os.scandir(folder or "."), key=lambda e: e.name)
    except OSError:
        return []
    out = []
    for entry in entries:
        if not entry.name.startswith(start) or (entry.name.startswith(".") and not start.startswith(".")):
            continue
        shown = os.path.join(folder, entry.name)
        try:
            if entry.is_dir():
                out.append(shown + "/")
            elif entry.name.endswith(suffixes):
                out.append(shown)
        except OSError:
            continue
    return out


def _rulesets(prefix: str) -> list[str]:
    from drawpoker.rules import shipped_names

    return [n for n in shipped_names() if n.startswith(prefix)] + _paths(prefix, (".yaml", ".yml"))


def _histories(prefix: str, bare: bool) -> list[str]:
    """History files here, and in the histories folder (by name for ``history``, else by path)."""
    found = _paths(prefix, (".jsonl",))
    try:
        from drawpoker.cli.sessions import histories_folder, history_files

        for path in history_files(histories_folder()):
            shown = path.name if bare else str(path)
            if shown.startswith(prefix) and shown not in found:
                found.append(shown)
    except Exception:  # a broken settings file: offer what is here
        pass
    return found


def _positional_kind(command: list[str], dest: str) -> str:
    """What a positional argument holds, from the command path and its name."""
    head = command[0] if command else ""
    if head == "settle":
        return "deal"
    if head in ("history", "replay", "verify", "export"):
        return "history-bare" if head == "history" else "history"
    if head == "completion":
        return "shell"
    if head == "config":
        return "setting" if dest == "key" else "setting-value"
    if head in ("play", "simulate", "analyze") or (head == "rules" and dest in ("files", "file", "first", "second")):
        return "ruleset"
    return "none"


def _values(kind: str, prefix: str, words: list[str]) -> list[str]:
    from drawpoker.settings import KEYS, LANGUAGES

    if kind == "ruleset":
        return _rulesets(prefix)
    if kind == "deal":
        return _paths(prefix, (".yaml", ".yml"))
    if kind in ("history", "history-bare"):
        return _histories(prefix, bare=kind == "history-bare")
    if kind == "folder":
        return [p for p in _paths(prefix, ()) if p.endswith("/")]
    if kind == "file":
        return _paths(prefix, ("",))
    if kind == "shell":
        return [s for s in SCRIPTS if s.startswith(prefix)]
    if kind == "setting":
        return [k for k in KEYS if k.startswith(prefix)]
    if kind == "setting-value":
        key = words[-1] if words else ""
        if key == "language":
            return [x for x in LANGUAGES if x.startswith(prefix)]
        if key == "ruleset":
            return _rulesets(prefix)
        if key == "histories":
            return _values("folder", prefix, words)
    return []


_OPTION_VALUES = {"resume": "history", "log": "file", "histories": "folder"}


def candidates(words: list[str], index: int) -> list[str]:
    """What may stand at ``words[index]`` (``words[0]`` is ``drawpoker``)."""
    from drawpoker.cli.main import build_parser

    current = words[index] if index < len(words) else ""
    parser = build_parser()
    command: list[str] = []
    positionals: list[str] = []
    pending: argparse.Action | None = None  # an option whose value comes next
    for word in words[1:index]:
        if pending is not None:
            pending = None
            continue
        sub = _subparsers(parser)
        if word in sub and not positionals:
            parser = sub[word]
            command.append(word)
            continue
        action = _option(parser, word)
        if action is not None:
            pending = action if action.nargs != 0 else None
        elif not word.startswith("-"):
            positionals.append(word)
    if pending is not None:  # the value of an option
        if pending.choices:
            return [str(c) for c in pending.choices if str(c).startswith(current)]
        return _values(_OPTION_VALUES.get(pending.dest, "none"), current, positionals)
    if current.startswith("-"):
        return sorted(
            o for a in parser._actions if a.help != argparse.SUPPRESS for o in a.option_strings if o.startswith(current)
        )
    sub = _subparsers(parser)
    if sub and not positionals:
        return [name for name in sub if name.startswith(current)]
    wanted = [a for a in parser._actions if not a.option_strings and not isinstance(a, argparse._SubParsersAction)]
    if not wanted:
        return []
    slot = wanted[min(len(positionals), len(wanted) - 1)]
    if slot.choices:
        return [str(c) for c in slot.choices if str(c).startswith(current)]
    return _values(_positional_kind(command, slot.dest), current, positionals)
