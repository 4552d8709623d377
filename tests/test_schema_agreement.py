"""rulesets/schema.json and the loader agree on what a ruleset may say.

The schema describes every document the loader accepts — a whole ruleset
(``game:``) and the README's form (``extends:`` plus changes) — so an
editor flags exactly what ``drawpoker rules check`` would refuse. What
only the loader can judge is left out of the corpus on purpose: rules
that involve several settings (``min_players <= max_players``, a rotating
dealer's rounds; the schema cannot compare values) and whether a file an
``extends:`` names exists and is of the same game.

Every document goes through the same YAML layer first; what that layer
refuses (tags, dates, ...) is refused before either judge sees it.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import jsonschema
import pytest

from drawpoker.errors import RulesError
from drawpoker.rules import load_rules, shipped_names
from drawpoker.rules.document import parse_yaml
from drawpoker.rules.kinds import Choice, Flag, Maybe, Money, Names, Pair, Paytable, Ranks, Ratio, Text, Whole
from drawpoker.rules.loading import value_problems
from drawpoker.rules.model import GAMES, settings
from drawpoker.rules.schema import json_schema

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
NAMES = {game: [n for n in shipped_names() if load_rules(n).game == game] for game in GAMES}

#: values written into a setting, as YAML, whatever its kind: the judges must agree on each
ANY_VALUES = [
    "0",
    "1",
    "2",
    "-1",
    "7",
    "10",
    "11",
    "16",
    "17",
    "100",
    "100000",
    "100001",
    "999999999999999",
    "2.0",
    "2.5",
    "0.5",
    "0.25",
    "0.333",
    "0.3333333333333333",
    "1.0e+20",
    '"0.5"',
    '"1/2"',
    "1/2",
    "2/3",
    "3/2",
    "1/13",
    "01/2",
    '" 1/2"',
    "0/1",
    "12/12",
    "true",
    "false",
    "yes",
    "no",
    "null",
    "~",
    "''",
    "x",
    '"two"',
    "unlimited",
    "auto",
    "[1]",
    "{}",
    "{pair: 1}",
    "{pair: 2.0}",
    "{pair: -1}",
    "{pair: x}",
    "{two_pair: 1}",
    "{royal_flush: 1000, flush: 15}",
    "{straight_flush: 5}",
    '"a line"',
    '"two\\nlines"',
    '"tab\\there"',
    "x" * 301,
]


#: values written into every other setting
FEW_VALUES = ["0", "-1", "2.0", "2.5", '"1/2"', "true", "null", "x", "[1]", "{}", "unlimited", '"two\\nlines"']


def _kind_values(kind) -> list[str]:
    """Values aimed at one kind: its names, its edges."""
    if isinstance(kind, Maybe):
        return [kind.none_word, *_kind_values(kind.inner)]
    if isinstance(kind, Choice):
        return [*kind.meanings, kind.expected()[:8], '"' + next(iter(kind.meanings)) + ' "']
    if isinstance(kind, Whole):
        edges = {kind.minimum - 1, kind.minimum, kind.largest, kind.largest + 1}
        return [str(v) for v in sorted(edges)]
    if isinstance(kind, Ratio):
        return ['"5/12"', '"13/12"', "0.0", "1.0", "0.75", "0.7"]
    if isinstance(kind, Names):
        return ["[morkpoker]", "[]", '[""]', '[" "]', "[1]", "[[a]]", "[a, b, c, d, e, f, g, h, i]", "morkpoker"]
    if isinstance(kind, Pair):
        return ["[1, 2]", "[2, 1]", "[0, 2]", "[1, 2.0]", "[1, 2.5]", "[1]", "[1, 2, 3]", "[x, 2]", "[true, 2]", "[]"]
    if isinstance(kind, Ranks):
        return ["[2]", "[14, 2]", "[2, 2]", "[]", "[1]", "[15]", "[2.0]", "[2.5]", '["2"]', "[true]", "[[2]]", "2"]
    if isinstance(kind, Money):
        return [
            '"0.50 NOK"',
            '"0,5 nok"',
            '"0.333 NOK"',
            '"0.330 NOK"',
            '"-1 NOK"',
            '"0 NOK"',
            '"0.00 NOK"',
            '" 2  EUR "',
            '"NOK 2"',
            '"100 JPY"',
            '"100.0 jpy"',
            '"0.5 JPY"',
            '"0.125 KWD"',
            '"0.1255 KWD"',
            '"1234567 NOK"',
            '"999999.99 NOK"',
            '"1 NO"',
            '"1 NOKK"',
            '"1.5"',
            "1.5",
            '"1e3 NOK"',
            '"1. NOK"',
            '".5 NOK"',
        ]
    if isinstance(kind, (Flag, Text, Paytable)):
        return []
    raise AssertionError(kind)


def _nest(section: str | None, key: str, value: str) -> str:
    if section is None:
        return f"{key}: {value}\n"
    return f"{section}:\n  {key}: {value}\n"


def corpus() -> list[tuple[str, str]]:
    """(label, document): valid and mutated rulesets of both forms."""
    docs: list[tuple[str, str]] = []
    for name in shipped_names():
        text = (ROOT / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8")
        docs.append((f"{name}: whole", text))
        docs.append((f"{name}: extends", f"extends: {name}\n"))
        docs.append((f"{name}: whole and extends", text + f"extends: {name}\n"))
    for game, cls in GAMES.items():
        base = NAMES[game][0]
        heads = {"game": f"game: {game}\n", "extends": f"extends: {base}\n"}
        tried: set[str] = set()  # every value goes into the first setting of each kind of kind
        for path, field, _, _ in settings(cls()):
            section, key = (None, path[0]) if len(path) == 1 else path
            kind = field.metadata["kind"]
            sort = f"{type(kind).__name__}:{type(getattr(kind, 'inner', None)).__name__}"
            values = (FEW_VALUES if sort in tried else ANY_VALUES) + _kind_values(kind)
            tried.add(sort)
            for (form, head), value in itertools.product(heads.items(), values):
                docs.append((f"{game} {form} {'.'.join(path)}={value!r}", head + _nest(section, key, value)))
        other = NAMES["three-card-poker" if game == "morkpoker" else "morkpoker"][0]
        for form, head in heads.items():
            for label, body in [
                ("typo section", "beting:\n  ante: 1\n"),
                ("typo key", "session:\n  deels: 3\n"),
                ("section as number", "session: 3\n"),
                ("section empty", "session:\n"),
                ("section list", "session: [1]\n"),
                ("description list", "description: [a]\n"),
                ("game key in section", "session:\n  game: x\n"),
            ]:
                docs.append((f"{game} {form}: {label}", head + body))
        docs += [
            (f"{game}: game and its own extends", f"game: {game}\nextends: {base}\n"),
            (f"{game}: game and the other's extends", f"game: {game}\nextends: {other}\n"),
            (f"{game}: game null with extends", f"game: null\nextends: {base}\n"),
            (f"{game}: extends null", f"game: {game}\nextends: null\n"),
            (f"{game}: extends empty", f"game: {game}\nextends: ''\n"),
            (f"{game}: extends a number", "extends: 3\n"),
            (f"{game}: extends unknown name", "extends: nosuch\n"),
            (f"{game}: extends a near name", f"extends: {base}x\n"),
            (f"{game}: extends with spaces", f"extends: ' {base}'\n"),
            (f"{game}: extends a path", "extends: ./base.yaml\n"),
            (f"{game}: game, extends a path", f"game: {game}\nextends: ./base-{game}.yaml\n"),
            (f"{game}: game wrong", "game: poker\n"),
            (f"{game}: game a list", "game: [morkpoker]\n"),
        ]
    docs += [
        ("nothing", "description: hello\n"),
        ("empty", ""),
        ("a list", "- game: morkpoker\n"),
        ("a word", "morkpoker\n"),
        ("keys that are numbers", "game: morkpoker\n1: 2\n"),
    ]
    return docs


def _judges(folder: Path, text: str) -> tuple[bool, bool, list[str]] | None:
    """(schema accepts, loader accepts, loader's problems), or None when the YAML layer refuses."""
    path = folder / "house.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        data = parse_yaml(text, "house.yaml").data
    except RulesError:
        return None
    problems = value_problems(path)
    return VALIDATOR.is_valid(data), not problems, problems


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("agree")
    (folder / "base.yaml").write_text("extends: morkpoker\nbetting:\n  ante: 2\n", encoding="utf-8")
    for game, names in NAMES.items():
        (folder / f"base-{game}.yaml").write_text(f"extends: {names[0]}\n", encoding="utf-8")
    return folder


def test_schema_and_loader_agree_on_every_document(folder):
    disagreements = []
    judged = 0
    for label, text in corpus():
        verdict = _judges(folder, text)
        if verdict is None:
            continue
        judged += 1
        schema_ok, loader_ok, problems = verdict
        if schema_ok != loader_ok:
            disagreements.append(
                f"{label}: schema {'accepts' if schema_ok else 'refuses'}, loader {problems or 'accepts'}"
            )
    assert not disagreements, "\n".join(disagreements[:40]) + f"\n({len(disagreements)} in all)"
    assert judged > 1500  # the corpus is not silently empty


def test_the_schema_checks_the_readme_form():
    """The README's recommended file (extends: morkpoker plus changes) was not checked at all."""
    for data, ok in [
        ({"extends": "morkpoker", "betting": {"cap_lifted_heads_up": False}}, True),
        ({"extends": "morkpoker", "beting": {"ante": 2}}, False),
        ({"extends": "morkpoker", "betting": {"ante": "two"}}, False),
        ({"extends": "morkpoker", "betting": {"incomplete_raise_reopens": "0.5"}}, False),
        ({"extends": "morkpoker", "betting": {"incomplete_raise_reopens": "3/2"}}, False),
        ({"extends": "morkpoker", "betting": {"incomplete_raise_reopens": 0.5}}, True),
        ({"extends": "three-card-poker", "betting": {"ante": 1}}, False),
        ({"extends": "three-card-poker", "bets": {"ante_min": 2}}, True),
    ]:
        assert VALIDATOR.is_valid(data) is ok, data


def test_every_description_is_a_sentence():
    """No "…" placeholders and no bare field names: each says what the setting does."""

    def descriptions(node):
        if isinstance(node, dict):
            if isinstance(node.get("description"), str):
                yield node["description"]
            for value in node.values():
                yield from descriptions(value)
        elif isinstance(node, list):
            for value in node:
                yield from descriptions(value)

    texts = list(descriptions(SCHEMA))
    assert len(texts) > 60
    for text in texts:
        assert "…" not in text and "{}" not in text, text
        assert text[0].isupper() and text.rstrip().endswith("."), text
        assert len(text.split()) >= 4, text


def test_the_shipped_schema_file_is_the_generated_one():
    assert json.loads((ROOT / "rulesets" / "schema.json").read_text(encoding="utf-8")) == SCHEMA
