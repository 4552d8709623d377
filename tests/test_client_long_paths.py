"""A history's path longer than the window: broken after a folder's
separator and going on at the start of the next line (never an indent in
the middle of a file's name), and the command to go on later names the
history as `play --resume` takes it back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawpoker.client.controller import RESUMED, Controller
from drawpoker.client.lines import plain, width, wrap, wrap_line
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.games import game_for
from drawpoker.places import default_histories
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator

LONG = "anna/a-rather-long-home-directory-name-for-anna/and-another-level-of-folders-here"
NAME = "2026-12-07_014136_morkpoker.jsonl"


def _table(path: Path, language: str = "en") -> Controller:
    from drawpoker.history.writer import HistoryWriter

    rules = load_rules("morkpoker")
    game = game_for(rules)
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = HistoryWriter.create(path, rules, ["Ada", "Bo"], durable=False)
    s = Session(game, game.new_state(), writer, [False, False], RandomShuffler(2), random.Random(2))
    s.sit_down(("Ada", "Bo"), (40, 40))
    ctl = Controller(translator(language), Look(), session=s)
    ctl.acknowledge()
    return ctl


def _joined(text: str, start: str, end: str) -> str:
    """The screen's lines from the one holding ``start`` to the one holding
    ``end``, put back together as they were broken (no space added)."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if start in line)
    last = next(i for i in range(first, len(lines)) if end in lines[i])
    return "".join(line.rstrip() for line in lines[first : last + 1])


@pytest.mark.parametrize("language", ["en", "nb"])
def test_leaving_shows_the_whole_path_broken_at_folders_and_the_name_to_resume(language, tmp_path):
    path = tmp_path / LONG / NAME
    ctl = _table(path, language)
    ctl.quit_asked = True
    text = screen_text(ctl)
    assert max(width(line) for line in text.splitlines()) <= 80
    assert str(path) in _joined(text, str(tmp_path)[:20], ".jsonl.")
    broken = [line for line in text.splitlines() if "/" in line and ".jsonl" not in line]
    assert len(broken) >= 2 and all(line.rstrip().endswith("/") for line in broken), text
    assert not any(line.startswith(" ") and "/" in line for line in text.splitlines()), text


def test_the_command_to_go_on_names_a_history_of_the_folder_by_its_name(tmp_path):
    ctl = _table(default_histories() / f"{tmp_path.name}.jsonl")
    ctl.quit_asked = True
    assert f"drawpoker play --resume {tmp_path.name}.jsonl" in screen_text(ctl)


def test_the_resumed_screen_shows_the_path_whole(tmp_path):
    path = tmp_path / LONG / NAME
    ctl = _table(path)
    ctl.screen = RESUMED
    text = screen_text(ctl)
    assert "History:" + str(path) == _joined(text, "History:", ".jsonl").replace(" ", "")
    assert max(width(line) for line in text.splitlines()) <= 80


_PATHS = st.lists(st.text("abcæø😀-_.", min_size=1, max_size=30), min_size=1, max_size=8).map(
    lambda parts: "/" + "/".join(parts)
)


@given(_PATHS, st.integers(8, 80), st.sampled_from(["", "saved in ", "a b c d e f "]))
def test_a_long_word_is_wrapped_within_the_columns_and_comes_back_whole(path, columns, before):
    lines = wrap(before + path + ".", columns)
    assert all(width(line) <= columns for line in lines)
    assert path + "." in "".join(lines)
    styled_lines = wrap_line([("", before), ("x", path)], columns, indent=4)
    assert all(width(plain(line)) <= columns for line in styled_lines)
    assert path in "".join(plain(line).strip() for line in styled_lines)


@given(_PATHS, st.integers(1, 40))
def test_the_screen_and_the_plain_text_cut_a_long_word_at_the_same_places(path, columns):
    """One rule for where a word too long for its line is cut (drawpoker.wrapping.word_cut): the
    screen's styled lines took none of a character wider than the line, and never ended (a wide
    character in one column: the screen hung, the plain text took one character a line)."""
    assert [plain(line) for line in wrap_line([("", path)], columns, indent=0)] == wrap(path, columns)


def test_a_character_wider_than_the_line_does_not_stop_the_screen():
    assert [plain(line) for line in wrap_line([("", "漢字")], 1)] == ["漢", "字"]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_command_to_go_on_is_whole_on_a_line_of_its_own(language):
    # seen in Norwegian at 80x24: "For å fortsette senere: drawpoker play --resume" and on the next line
    # "2026-12-07_212319_three-card-poker.jsonl": copied, the command resumed without its name
    name = f"2026-12-07_212319_three-card-poker-{language}.jsonl"
    ctl = _table(default_histories() / name, language)
    ctl.quit_asked = True
    lines = screen_text(ctl).splitlines()
    assert f"  drawpoker play --resume {name}" in [line.rstrip() for line in lines], lines
    said = translator(language)._("To go on later:")
    assert any(line.strip() == said for line in lines), lines
