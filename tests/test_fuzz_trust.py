"""Issue 25's fuzz at the command line, in the suite (tests/trust_fuzz.py;
a longer run from a shell: ``python -m tests.trust_fuzz --cases 2000``).

- forged histories with their chains recomputed (and files cut short, as a
  crash leaves them): every reader ends in one sentence or in success, never
  an internal error or Python's words, its output safe for a terminal; and
  what verify refuses, history and export refuse too;
- far-future and odd file times in the histories folder: the list holds;
- huge and odd numbers wherever a number goes;
- names with control characters, through a real pipe.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.trust_fuzz import forged_case, numbers_case, pipe_case, sources, times_case

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    return sources(tmp_path_factory.mktemp("trust-sources"))


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


@FUZZ
@given(seed=st.integers(0, 2**32), which=st.integers(0, 4))
def test_forged_histories_with_their_chains_recomputed(found, home, seed, which):
    tally, problems = forged_case(found[which], home, random.Random(seed))
    assert problems == [] and tally["commands"] == 6


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_far_future_and_odd_file_times(found, home, seed):
    tally, problems = times_case(found, home, random.Random(seed))
    assert problems == []


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), which=st.integers(0, 4))
def test_huge_numeric_arguments(found, home, seed, which):
    tally, problems = numbers_case(found[which], home, random.Random(seed))
    assert problems == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_names_with_control_characters_through_a_pipe(found, home, seed):
    drawpoker = str(Path(sys.executable).parent / "drawpoker")
    assert os.path.exists(drawpoker)
    tally, problems = pipe_case(found[seed % 4], home, random.Random(seed), drawpoker)
    assert problems == [] and tally["commands"] == 6
