"""The README's two quick-start commands stay complete and agree with CI."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAY = "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/drawpoker play"
TEST = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest"


def test_readme_has_exactly_the_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in quick.splitlines() if line.startswith("    ")]
    assert commands == [PLAY, TEST]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert TEST in ci.splitlines()


def test_every_package_is_listed_for_installation():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for init in sorted((ROOT / "drawpoker").rglob("__init__.py")):
        package = ".".join(init.parent.relative_to(ROOT).parts)
        assert f'"{package}"' in pyproject, f"{package} is missing from [tool.setuptools] packages"
