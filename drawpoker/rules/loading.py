"""YAML house rules -> frozen rules objects, with errors a player can act on.

Only ``yaml.SafeLoader`` is used. Every problem names the file, the line
where YAML knows it, the key path, what was expected and what was found;
all problems of a document are reported together in one :class:`RulesError`.
A ruleset may ``extends:`` a shipped ruleset (by name) or another file (by a
path relative to the extending file) and override only what differs.
"""

from __future__ import annotations

import copy
import difflib
import functools
import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from drawpoker.boundary import read_text
from drawpoker.errors import RulesError
from drawpoker.notes import N_, Note, at
from drawpoker.rules.document import MAX_BYTES, Where, YamlDocument, parse_yaml, read_yaml, text_problem
from drawpoker.rules.kinds import Problem, found_note
from drawpoker.rules.model import GAMES, DrawRules, Rules, cross_check_notes, settings
from drawpoker.rules.shipped import shipped, shipped_folder

__all__ = [
    "load_rules",
    "rules_from_data",
    "rules_to_data",
    "fingerprint",
    "semicolons",
    "value_problems",
    "shipped_names",
    "shipped_path",
    "read_yaml",
    "YamlDocument",
    "Where",
    "MAX_BYTES",
]

_MAX_EXTENDS = 16


# ------------------------------------------------------------ files and names


_shipped_folder = shipped_folder
_shipped = shipped


#: a name that is no ruleset, and the names that are (``rules check`` lists them once for several such names)
SHIPPED_LISTED = N_("{problem}; shipped rulesets: {names}")


def shipped_names() -> list[str]:
    """Names of the shipped rulesets, sorted."""
    return list(_shipped())


def shipped_path(name: str) -> Path | None:
    """The file of a shipped ruleset, or None."""
    if name not in _shipped():
        return None
    return Path(str(_shipped_folder().joinpath(name + ".yaml")))


@functools.cache
def _shipped_yaml(path: Path, shown: str) -> YamlDocument:
    return read_yaml(path, shown)


def _shipped_doc(path: Path, shown: str) -> YamlDocument:
    """A shipped ruleset's document, parsed once per process (a fresh copy each time)."""
    doc = _shipped_yaml(path, shown)
    return YamlDocument(copy.deepcopy(doc.data), dict(doc.places), doc.origin)


def _dotted(path: tuple[str, ...]) -> str:
    """``("deck", "wild_ranks", "[0]")`` -> ``deck.wild_ranks[0]``."""
    return ".".join(path).replace(".[", "[")


def _meant(problem: Note, near: str) -> Note:
    """``problem (did you mean 'near'?)``."""
    return Note(N_("{problem} (did you mean '{name}'?)"), problem=problem, name=near)


def semicolons(notes: list[Note | str]) -> Note | str:
    """Several problems as one, joined by semicolons (each said in the language)."""
    return Note.joined(notes, "; ")


def _looks_like_path(text: str) -> bool:
    """An ``extends:`` or command-line reference that names a file, not a shipped ruleset."""
    return "/" in text or "\\" in text or text.endswith((".yaml", ".yml"))


def _resolve(source: str | os.PathLike[str], relative_to: Path | None) -> tuple[Path, str]:
    """A command-line or ``extends:`` reference -> (file, name shown in messages).

    A reference with a ``/`` or ending in ``.yaml`` is a file (relative to
    the extending file's folder, and named so: a problem in it is said at
    ``base/parent.yaml``, where the file is, not at ``parent.yaml`` as the
    child wrote it); any other word is a shipped ruleset's name, or, on the
    command line only, a file of that name.
    """
    text = os.fspath(source)
    if "\x00" in text:
        raise RulesError(at(text, Note(N_("the file name contains a NUL character"))))
    if not isinstance(source, str) or _looks_like_path(text):
        path = Path(text)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        return path, str(path)
    shipped = shipped_path(text)
    if shipped is not None:
        return shipped, f"rulesets/{text}.yaml"
    if relative_to is None and os.path.lexists(text):  # a file named like a ruleset, on the command line
        return Path(text), text
    names = shipped_names()
    near = difflib.get_close_matches(text, names, n=1)
    problem = Note(N_("no ruleset '{name}': not a file and not a shipped ruleset"), name=text)
    if relative_to is not None and os.path.lexists(relative_to / text):
        problem = Note(N_("{problem}; to extend the file of that name, write './{name}'"), problem=problem, name=text)
    elif near:
        problem = _meant(problem, near[0])
    else:
        problem = Note(SHIPPED_LISTED, problem=problem, names=", ".join(names))
    raise RulesError(problem)


def _not_a_game(game: Any) -> Note:
    return Note(N_("game: expected 'morkpoker' or 'three-card-poker', found {found}"), found=found_note(game))


def _game_problem(doc: YamlDocument, game: Any) -> Note:
    near = difflib.get_close_matches(game, list(GAMES), n=1) if isinstance(game, str) else []
    problem = _not_a_game(game)
    return at(doc.where(("game",)), _meant(problem, near[0]) if near else problem)


def _extending(where: str, exc: RulesError) -> RulesError:
    """A file that ``extends:`` (at ``where``) what cannot be read: said at its line."""
    notes: list[str | Note] = [at(where, Note(N_("extends: {problem}"), problem=problem)) for problem in exc.notes]
    return RulesError(notes)


def _load_doc(
    path: Path, shown: str, chain: tuple[str, ...], extended_at: str | None = None, written: str | None = None
) -> tuple[YamlDocument, str]:
    """Read one file and everything it extends, merged; returns (doc, game).
    ``extended_at``: where the file extending this one names it (a file that
    cannot be read is said there, by ``written``: the name as that file
    writes it; a problem in it is said where it is, at ``shown``)."""
    if len(chain) >= _MAX_EXTENDS:
        raise RulesError(at(shown, Note(N_("'extends' is nested more than {most} deep"), most=_MAX_EXTENDS)))
    if shown.startswith("rulesets/") and shipped_path(shown[9:-5]) == path:
        doc = _shipped_doc(path, shown)  # read once: the shipped files do not change
    else:
        try:  # the boundary refuses what is not a file, link loops included
            text = read_text(path, written or shown, what=N_("a ruleset"), limit=MAX_BYTES, error=RulesError)
        except RulesError as exc:
            if extended_at is None:
                raise
            raise _extending(extended_at, exc) from None
        doc = parse_yaml(text, shown)  # (what the file says wrong, said at its own lines)
    real = os.path.realpath(path)
    if real in chain:
        names = " -> ".join(os.path.basename(p) for p in chain + (real,))
        raise RulesError(at(shown, Note(N_("'extends' goes round in a circle: {names}"), names=names)))
    data = doc.data
    if "game" in data and (not isinstance(data["game"], str) or data["game"] not in GAMES):
        raise RulesError(_game_problem(doc, data["game"]))
    game = data.get("game")
    if "extends" in data:
        parent_ref = data.pop("extends")
        if not isinstance(parent_ref, str) or not parent_ref or text_problem(parent_ref, one_line=True):
            raise RulesError(
                at(
                    doc.where(("extends",)),
                    Note(
                        N_("extends: expected the name of a shipped ruleset or a file path, found {found}"),
                        found=found_note(parent_ref),
                    ),
                )
            )
        try:
            parent_path, parent_shown = _resolve(parent_ref, path.parent)
        except RulesError as exc:
            raise _extending(str(doc.where(("extends",))), exc) from None
        extends_at = str(doc.where(("extends",)))
        parent, parent_game = _load_doc(parent_path, parent_shown, chain + (real,), extends_at, parent_ref)
        if game is not None and game != parent_game:
            raise RulesError(
                at(
                    doc.where(("game",)),
                    Note(
                        N_("game: '{game}' cannot extend a '{parent}' ruleset ({file})"),
                        game=game,
                        parent=parent_game,
                        file=parent_shown,
                    ),
                )
            )
        doc = _merge(_deeper(parent), doc, _section_paths(GAMES[parent_game]))
        game = parent_game
    if game is None:
        raise RulesError(at(shown, Note(N_("missing key 'game': say 'game: morkpoker' or 'game: three-card-poker'"))))
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


def _homes(root: type, key: str) -> list[str]:
    """The sections of the rules ``root`` that have a setting called ``key`` (``session.chip_value``
    -> ``["session"]``)."""
    out = []
    for field in attrs.fields(root):
        section = field.metadata.get("section")
        if section is not None:
            out += [field.name] if any(f.name == key for f in attrs.fields(section) if "kind" in f.metadata) else []
    return out


def _structure(
    cls: type,
    data: Any,
    path: tuple[str, ...],
    doc: YamlDocument,
    problems: list[Note | str],
    recorded: bool = False,
    root: type | None = None,
) -> Any:
    root = cls if root is None else root
    here = _dotted(path) or Note(N_("the top level"))
    if not isinstance(data, Mapping):
        problems.append(
            at(
                doc.where(path),
                Note(N_("{here}: expected a mapping of settings, found {found}"), here=here, found=found_note(data)),
            )
        )
        return cls()
    fields = {f.name: f for f in attrs.fields(cls) if "kind" in f.metadata or "section" in f.metadata}
    values: dict[str, Any] = {}
    for key, value in data.items():
        if path == () and key == "game":
            continue
        if key not in fields:
            near = difflib.get_close_matches(key, list(fields), n=1, cutoff=0.6)
            unknown = Note(N_("unknown key '{key}' at {place}"), key=key, place=here)
            homes = _homes(root, key) if isinstance(key, str) else []
            if len(homes) == 1 and homes[0] not in path:  # a setting written at the wrong level
                unknown = Note(N_("{problem}; it belongs under {section}:"), problem=unknown, section=homes[0])
            elif near:
                unknown = _meant(unknown, near[0])
            else:
                unknown = Note(N_("{problem}; expected one of: {keys}"), problem=unknown, keys=", ".join(fields))
            problems.append(at(doc.where(path + (key,)), unknown))
            continue
        field = fields[key]
        if "section" in field.metadata:
            values[key] = _structure(field.metadata["section"], value, path + (key,), doc, problems, recorded, root)
            continue
        kind = field.metadata["kind"]
        try:
            values[key] = kind.load_recorded(value) if recorded else kind.load(value)
        except Problem as p:
            place, found = path + (key,), value
            if p.item is not None and isinstance(value, list):  # the one item at fault, on its own line
                place, found = place + (f"[{p.item}]",), value[p.item]
            problems.append(
                at(
                    doc.where(place),
                    Note(
                        N_("{setting}: expected {expected}, found {found}"),
                        setting=_dotted(place),
                        expected=p.note,
                        found=found_note(found),
                    ),
                )
            )
    return cls(**values)


def rules_from_data(data: Any, shown: str = "rules", places: Mapping[tuple[str, ...], Any] | None = None) -> Rules:
    """Plain data (as from :func:`rules_to_data` or a history header) -> rules.

    Values are read as this program wrote them (see :meth:`Kind.load_recorded`),
    so every history written before still reads.
    """
    doc = YamlDocument(
        data, {k: v if isinstance(v, Where) else Where(shown, v) for k, v in (places or {}).items()}, Where(shown)
    )
    if not isinstance(data, Mapping):
        raise RulesError(
            at(shown, Note(N_("rules must be a mapping of settings, found {found}"), found=found_note(data)))
        )
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise RulesError(at(doc.where(("game",)), _not_a_game(game)))
    variants = data.get("variants")
    if variants is None:
        return _finish(GAMES[game], doc, recorded=True, table=False)
    # A dealer's choice session: its games recorded with it.
    rest = {k: v for k, v in data.items() if k != "variants"}
    rules = _finish(GAMES[game], YamlDocument(rest, doc.places, doc.origin), recorded=True, table=False)
    if not isinstance(variants, Mapping) or not isinstance(rules, DrawRules):
        raise RulesError(
            at(
                shown,
                Note(
                    N_("variants: expected the dealer's choice games by name, found {found}"),
                    found=found_note(variants),
                ),
            )
        )
    games: list[tuple[str, DrawRules]] = []
    for name, value in variants.items():
        one = rules_from_data(value, f"{shown}: variants: {name}")
        if not isinstance(one, DrawRules):
            raise RulesError(
                at(shown, Note(N_("variants: {name}: a dealer's choice game must be a draw game"), name=name))
            )
        games.append((str(name), one))
    return attrs.evolve(rules, variants=tuple(games))


def _finish(cls: type[Rules], doc: YamlDocument, *, recorded: bool = False, table: bool = True) -> Rules:
    """Structure ``doc`` into rules and check what involves several settings;
    with ``table``, also what the table would refuse for any number of players."""
    problems: list[Note | str] = []
    rules: Rules = _structure(cls, doc.data, (), doc, problems, recorded)
    if problems:
        raise RulesError(in_file_order(problems, doc))
    found_problems = cross_check_notes(rules)
    if not found_problems and table:
        from drawpoker.rules.seating import table_problems

        found_problems = table_problems(rules)
    for paths, message in found_problems:
        # point at the involved setting written closest to the file loaded
        path = min(paths, key=lambda p: doc.where(p).depth if p in doc.places else 99)
        problems.append(at(doc.where(path), Note(N_("{setting}: {problem}"), setting=_dotted(path), problem=message)))
    if problems:
        raise RulesError(in_file_order(problems, doc))
    return rules


def in_file_order(problems: list[Note | str], doc: YamlDocument) -> list[Note | str]:
    """``problems`` in the order of the files: the file loaded first, line by line, then what it
    extends, line by line (they were in the order of the settings' sections, the files mixed).
    A problem is placed by the ``file:line`` it begins with; one placed nowhere keeps its turn
    after those that are."""
    order = {str(where): (where.depth, where.line or 0) for where in (doc.origin, *doc.places.values())}

    def place(problem: Note | str) -> tuple[int, int]:
        if not isinstance(problem, Note) or problem.template != "{where}: {problem}":
            return (99, 0)
        return order.get(str(problem.values.get("where")), (99, 0))

    return sorted(problems, key=place)


def load_rules(source: str | os.PathLike[str], relative_to: Path | None = None) -> Rules:
    """Load a ruleset by shipped name (``"morkpoker"``) or file path
    (relative to the folder ``relative_to`` when given).

    A ruleset that loads can be played: whatever the table would refuse for
    any number of players it allows is refused here, in the table's words.
    """
    path, shown = _resolve(source, relative_to)
    # (a file named relative to another's folder that cannot be read: said by the name that file gives it)
    doc, game = _load_doc(path, shown, (), written=None if relative_to is None else os.fspath(source))
    rules = _finish(GAMES[game], doc)
    if isinstance(rules, DrawRules) and rules.session.dealers_choice:
        rules = _with_variants(rules, doc, None if shipped_path(str(source)) == path else path.parent)
    return rules


def _with_variants(rules: DrawRules, doc: YamlDocument, folder: Path | None) -> DrawRules:
    """Dealer's choice: each game of ``session.dealers_choice`` loaded (shipped
    names, or paths relative to the ruleset's folder), played with this
    session's settings; a game that is itself a dealer's choice, not a draw
    game, or cannot seat this table is refused in one sentence."""
    where = doc.where(("session", "dealers_choice"))
    variants: list[tuple[str, DrawRules]] = []
    for name in rules.session.dealers_choice:
        try:
            game = load_rules(name, relative_to=folder)
        except RulesError as exc:
            raise RulesError(
                at(
                    where,
                    Note(
                        N_("session.dealers_choice: '{name}': {problems}"),
                        name=name,
                        problems=semicolons(exc.notes),
                    ),
                )
            ) from None
        why = _variant_problem(rules, game)
        if why is not None or not isinstance(game, DrawRules):
            raise RulesError(at(where, Note(N_("session.dealers_choice: '{name}' {why}"), name=name, why=why)))
        if name in dict(variants):
            raise RulesError(at(where, Note(N_("session.dealers_choice: '{name}' is named twice"), name=name)))
        variants.append((name, _as_variant(rules, game)))
    return attrs.evolve(rules, variants=tuple(variants))


def _variant_problem(rules: DrawRules, game: Rules) -> Note | None:
    if not isinstance(game, DrawRules):
        return Note(N_("is a {game} ruleset; dealer's choice picks among the draw games"), game=game.game)
    if game.session.dealers_choice:
        return Note(N_("is itself a dealer's choice; name the games it picks from instead"))
    t, v = rules.table, game.table
    if v.min_players > t.min_players or v.max_players < t.max_players:
        return Note(
            N_(
                "seats {low} to {high} players, this session {min_players} to {max_players}: "
                "set table.min_players and table.max_players to what every game can seat"
            ),
            low=v.min_players,
            high=v.max_players,
            min_players=t.min_players,
            max_players=t.max_players,
        )
    return None


def _as_variant(rules: DrawRules, game: DrawRules) -> DrawRules:
    """A game of a dealer's choice: its own rules, the session's session."""
    return attrs.evolve(game, session=attrs.evolve(rules.session, dealers_choice=()))


def value_problems(source: str | os.PathLike[str]) -> list[str]:
    """The problems of a ruleset's document and single values alone, leaving
    out what involves several settings (which JSON Schema cannot say).

    This is what ``rulesets/schema.json`` promises to agree with.
    """
    try:
        path, shown = _resolve(source, None)
        doc, game = _load_doc(path, shown, ())
        problems: list[Note | str] = []
        _structure(GAMES[game], doc.data, (), doc, problems)
    except RulesError as exc:
        return exc.problems
    return [str(problem) for problem in problems]


# ------------------------------------------------------------ back to data


def rules_to_data(rules: Rules) -> dict[str, Any]:
    """The effective rules as plain data (YAML/JSON), every setting spelled out."""
    out: dict[str, Any] = {"game": rules.game}
    for path, field, value, _section in settings(rules):
        node = out
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = field.metadata["kind"].dump(value)
    variants = getattr(rules, "variants", ())
    if variants:  # dealer's choice: every game travels with the session's rules
        out["variants"] = {name: rules_to_data(game) for name, game in variants}
    return out


def fingerprint(rules: Rules) -> str:
    """A stable hash of the effective rules (the description does not count).

    Two rulesets with the same fingerprint play exactly alike.
    """
    data: dict[str, Any] = {"game": rules.game}
    for path, field, value, _section in settings(rules):
        if field.metadata.get("added") and value == field.default:
            continue  # a setting newer than the first histories, at its default
        node = data
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = field.metadata["kind"].dump(value)
    data.pop("description", None)
    variants = getattr(rules, "variants", ())
    if variants:
        data["variants"] = {name: fingerprint(game) for name, game in variants}
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(canonical.encode("ascii")).hexdigest()[:16]
