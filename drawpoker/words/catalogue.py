"""Keeping the catalogue complete: every text the client marks for translation.

:func:`extract` reads the client's source and finds every literal passed
to ``tr._``, ``tr.n``, ``tr.p``, ``N_`` and ``NP_``; the rules model's
sentences are among them (its ``say`` functions take the translator as
``tr``), and :func:`rules_messages` adds the texts the rules model builds
from its kinds: each :class:`~drawpoker.rules.kinds.Choice` setting's
whole sentence for each value, its meanings and the words a ``Maybe``
says for none. :func:`used` is all of them. ``python -m
drawpoker.words.catalogue`` prints the ``.po`` entries that ``nb.po``
still lacks, ready to be translated and appended; ``--compile`` has Babel's
catalogue compiler write the ``.mo`` file the game loads
(:func:`compile_catalogue`).

This is a maintainer's tool: it needs Babel (in the test extra), which the
game itself never imports.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as BabelMessage
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po

from drawpoker.terminal import visible
from drawpoker.words.i18n import catalogue_path, compiled_path

__all__ = [
    "Message",
    "extract",
    "client_sources",
    "rules_messages",
    "used",
    "missing",
    "po_entry",
    "read_catalogue",
    "compile_catalogue",
]


class Message(NamedTuple):
    """One marked text: its context (or None), id, plural (or None) and where."""

    context: str | None
    msgid: str
    plural: str | None
    where: str


def client_sources() -> list[Path]:
    """The client's modules, the commands that speak its languages, and the text export."""
    client = Path(__file__).parent.parent
    cli = client.parent / "cli"
    commands = (
        "play_cmd",
        "replay_cmd",
        "hand_cmd",
        "verify_cmd",
        "history_cmd",
        "rules_cmd",
        "export_cmd",
        "settle_cmd",
        "config_cmd",
        "sessions",
    )
    rules = client.parent / "rules"
    history = client.parent / "history"
    core = client.parent
    others = (
        (
            [history / name for name in ("deals.py", "export.py", "reader.py", "resume.py", "verify.py", "writer.py")]
            + [core / name for name in ("boundary.py", "notes.py", "places.py", "settings.py")]
            + [rules / "document.py", rules / "yaml_errors.py"]
            + [core / "games" / game / "settle.py" for game in ("draw", "three_card")]
        )
        + [rules / f"{name}.py" for name in ("model", "kinds", "explain", "loading")]
        + [rules / "seating.py"]
    )
    return sorted(client.rglob("*.py")) + [cli / f"{name}.py" for name in commands] + others


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_tr(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "tr") or (isinstance(node, ast.Attribute) and node.attr == "tr")


def extract(paths: Iterable[Path]) -> list[Message]:
    """Every marked text in ``paths``, in order of appearance."""
    out: list[Message] = []
    for path in paths:
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            where = f"{path.name}:{node.lineno}"
            func = node.func
            args = [_literal(a) for a in node.args]
            if isinstance(func, ast.Name) and func.id == "N_" and args[0] is not None:
                out.append(Message(None, args[0], None, where))
            elif isinstance(func, ast.Name) and func.id == "NP_" and len(args) == 2:
                context, text = args
                if context is not None and text is not None:
                    out.append(Message(context, text, None, where))
            elif isinstance(func, ast.Attribute) and _is_tr(func.value):
                if func.attr == "_" and args[0] is not None:
                    out.append(Message(None, args[0], None, where))
                elif func.attr == "n" and len(args) >= 2 and args[0] is not None and args[1] is not None:
                    out.append(Message(None, args[0], args[1], where))
                elif func.attr == "p" and len(args) >= 2 and args[0] is not None and args[1] is not None:
                    out.append(Message(args[0], args[1], None, where))
    out.sort(key=lambda m: (m.where.split(":")[0], int(m.where.split(":")[1])))
    return out


def rules_messages() -> list[Message]:
    """The texts the rules model builds from its kinds rather than writes
    out: each Choice setting's sentence for each value and its meanings (the
    value's words in ``rules diff``), what a Maybe says for none, and the
    shipped rulesets' descriptions (``rules show`` heads the rules with one)."""
    from drawpoker.rules.explain import choice_sentences
    from drawpoker.rules.kinds import Choice, Maybe
    from drawpoker.rules.model import GAMES

    out: list[Message] = []

    def walk(cls: type, prefix: str) -> None:
        import attrs

        for field in attrs.fields(cls):
            if "section" in field.metadata:
                walk(field.metadata["section"], f"{prefix}{field.name}.")
                continue
            kind = field.metadata.get("kind")
            where = f"model.py:{prefix}{field.name}"
            if isinstance(kind, Choice):
                out.extend(Message(None, text, None, where) for text in choice_sentences(field).values())
                out.extend(Message(None, meaning, None, where) for meaning in kind.meanings.values())
            elif isinstance(kind, Maybe):
                out.append(Message(None, kind.none_meaning, None, where))

    for cls in GAMES.values():
        walk(cls, "")
    from drawpoker.rules.loading import load_rules, shipped_names

    for name in shipped_names():
        out.append(Message("ruleset", load_rules(name).description, None, f"{name}.yaml"))
    return out


def used() -> list[Message]:
    """Every text the client and the rules say: marked in the source, or built by the rules model."""
    return extract(client_sources()) + rules_messages()


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def po_entry(message: Message) -> str:
    """An untranslated ``.po`` entry for ``message``."""
    lines = [f"#: {message.where}"]
    if message.context is not None:
        lines.append(f"msgctxt {_quote(message.context)}")
    lines.append(f"msgid {_quote(message.msgid)}")
    if message.plural is not None:
        lines += [f"msgid_plural {_quote(message.plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
    else:
        lines.append('msgstr ""')
    return "\n".join(lines) + "\n"


def read_catalogue(language: str = "nb") -> Catalog:
    """The ``.po`` file of ``language``, read by Babel."""
    with catalogue_path(language).open("rb") as po:
        return read_po(po, locale=language, domain="drawpoker", abort_invalid=True)


def compile_catalogue(language: str = "nb") -> bytes:
    """The ``.mo`` bytes Babel's compiler makes of the ``.po`` file of
    ``language`` (what ``pybabel compile`` writes): every translated entry
    that is not fuzzy, and the header."""
    import io

    out = io.BytesIO()
    write_mo(out, read_catalogue(language))
    return out.getvalue()


def _msgid(message: BabelMessage) -> str:
    """A Babel message's id (the singular of a counted text)."""
    return message.id[0] if isinstance(message.id, (tuple, list)) else message.id


def missing(language: str = "nb") -> list[Message]:
    """The marked texts the catalogue of ``language`` lacks."""
    known = {(m.context, _msgid(m)) for m in read_catalogue(language) if m.id}
    seen: set[tuple[str | None, str]] = set()
    out = []
    for message in used():
        key = (message.context, message.msgid)
        if key not in known and key not in seen:
            seen.add(key)
            out.append(message)
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m drawpoker.words.catalogue",
        description=(
            "Print the .po entries a language's catalogue still lacks, ready to be translated and appended;"
            " with --compile, write the .mo file the game loads."
        ),
    )
    parser.add_argument("language", nargs="?", default="nb", help="the catalogue's language (default: nb)")
    parser.add_argument("--compile", action="store_true", help="compile the .po file into the .mo file the game loads")
    return parser


def main(argv: list[str]) -> int:
    """``python -m drawpoker.words.catalogue [--compile] [LANGUAGE]``: 0 when done, 2 on a mistake (said in one
    sentence on standard error)."""
    args = _parser().parse_args(argv)
    language: str = args.language
    source = catalogue_path(language)
    if not source.is_file():
        known = sorted(path.stem for path in source.parent.glob("*.po"))
        print(
            f"python -m drawpoker.words.catalogue: no catalogue for the language {language!r}"
            f" ({visible(str(source))} does not exist); the catalogues are: {', '.join(known) or 'none'}.",
            file=sys.stderr,
        )
        return 2
    try:
        if args.compile:
            target = compiled_path(language)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(compile_catalogue(language))
            print(f"{target}: compiled from {source.name}")
            return 0
        entries = [po_entry(message) for message in missing(language)]
    except OSError as error:
        print(f"python -m drawpoker.words.catalogue: {error.filename or source}: {error.strerror}.", file=sys.stderr)
        return 2
    except PoFileError as error:  # Babel's reader refuses a line it cannot parse
        print(f"python -m drawpoker.words.catalogue: {source}: cannot be read ({error}).", file=sys.stderr)
        return 2
    for entry in entries:
        print(entry)
    return 0


if __name__ == "__main__":  # pragma: no cover - a maintenance tool
    sys.exit(main(sys.argv[1:]))
