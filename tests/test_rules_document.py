"""The rules document that ships with the project (issue 24): docs/rules.md
is the rulebook the shipped rulesets and the code cite, every citation
names a section it has, nothing cites the RULES.md or seeds/ that are not in
the repository, and the README lists every shipped ruleset."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from drawpoker.rules.shipped import shipped

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "docs" / "rules.md"

#: "docs/rules.md 4.3", "docs/rules.md sections 2 and 3", "docs/rules.md 4.2-4.5", "docs/rules.md 5.5, 5.7"
CITATION = re.compile(
    r"docs/rules\.md,?\s+(?:sections?\s+)?(\d+(?:\.\d+)?(?:(?:\s*(?:-|–|,|and)\s*)\d+(?:\.\d+)?)*)(?!\.?\d)"
)
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def sections() -> set[str]:
    """The numbers of the document's sections (## 2. ...) and subsections (### 2.6 ...)."""
    found = set()
    for line in DOCUMENT.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{2,3} (\d+(?:\.\d+)?)\.? ", line)
        if heading:
            found.add(heading.group(1))
    return found


def project_files() -> list[Path]:
    """Every text file of the project that may cite the rules (git's list, else a walk)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        ).stdout.split("\n")
        paths = [ROOT / name for name in listed if name]
    except (OSError, subprocess.SubprocessError):
        paths = [
            p
            for folder in ("drawpoker", "rulesets", "examples", "tests", "bench", "docs")
            for p in (ROOT / folder).rglob("*")
        ]
        paths.append(ROOT / "README.md")
    suffixes = (".py", ".yaml", ".md", ".po", ".json", ".toml")
    return sorted(p for p in paths if p.is_file() and p.suffix in suffixes and p != Path(__file__).resolve())


def citations(text: str) -> list[str]:
    """The section numbers ``text`` cites, a comment's line breaks joined."""
    joined = re.sub(r"\n\s*(?:#\s*)?", " ", text)
    return [number for match in CITATION.finditer(joined) for number in NUMBER.findall(match.group(1))]


def test_the_document_is_numbered_as_its_citations_expect():
    have = sections()
    assert {"1", "2", "2.6", "3", "4.1", "4.6", "5", "5.9", "6", "7", "8", "9"} <= have
    assert citations("see docs/rules.md 4.2 and 4.4, docs/rules.md sections 2 and 3,\n# docs/rules.md 5.5,\n# 5.7") == [
        "4.2",
        "4.4",
        "2",
        "3",
        "5.5",
        "5.7",
    ]


def test_every_citation_names_a_section_the_document_has():
    have = sections()
    cited = 0
    for path in project_files():
        text = path.read_text(encoding="utf-8")
        for number in citations(text):
            cited += 1
            assert number in have, f"{path.relative_to(ROOT)} cites docs/rules.md {number}, which has no such section"
    assert cited > 50


def test_nothing_cites_a_document_the_repository_lacks():
    for path in project_files():
        text = path.read_text(encoding="utf-8")
        assert "RULES.md" not in text, f"{path.relative_to(ROOT)} cites RULES.md, which is not in the repository"
        assert "seeds/" not in text, f"{path.relative_to(ROOT)} cites seeds/, which is not in the repository"


@pytest.mark.parametrize("name", shipped())
def test_every_shipped_ruleset_cites_the_rules_document(name):
    text = (ROOT / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8")
    assert citations(text), f"rulesets/{name}.yaml cites no section of docs/rules.md"


def test_the_readme_lists_every_shipped_ruleset_and_no_other():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("The shipped rulesets (`drawpoker rules list`):", 1)[1].split("\n\n", 2)[1]
    listed = set(re.findall(r"`([a-z0-9-]+)`", table))
    assert listed == set(shipped())


def test_the_side_pot_example_settles_with_a_side_pot(capsys):
    """examples/side-pot.yaml settled with one pot (Bjørn won everything
    unseen); now Bjørn, all-in, wins the main pot and Cato the side pot
    that only Anna and he contested."""
    import json

    from drawpoker.cli.main import main

    assert main(["settle", str(ROOT / "examples" / "side-pot.yaml"), "--json"]) == 0
    pots = json.loads(capsys.readouterr().out)["pots"]
    assert [(p["amount"], p["eligible"], p["shares"]) for p in pots] == [
        (9, ["Anna", "Bjørn", "Cato"], {"Bjørn": 9}),
        (4, ["Anna", "Cato"], {"Cato": 4}),
    ]
