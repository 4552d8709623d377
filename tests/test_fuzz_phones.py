"""Fuzzing the phones' server with the real table behind it
(tests/phones_fuzz.py says what is sent and what must hold): random and
mutated messages over real WebSockets on 127.0.0.1, out of turn, replayed,
second devices claiming a seat, reloads; each decision answered once with
one sentence, anything else closing only its own connection, nothing
refused changing the table, no other seat's cards in any frame, the
server still running, the history verifying.

A longer run from a shell: ``nice .venv/bin/python -m tests.phones_fuzz --examples 50``.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")

from drawpoker.phones.protocol import BadMessage, parse
from tests.phones_fuzz import RULESETS, fuzz_evening, run


@settings(max_examples=5, deadline=None)
@given(st.sampled_from(RULESETS), st.integers(0, 2**32 - 1))
def test_random_phone_messages_never_break_the_table(ruleset, seed):
    with tempfile.TemporaryDirectory(prefix="phones-") as folder:
        fuzz = run(fuzz_evening(Path(folder), ruleset, seed, 30))
    assert fuzz.sent


def test_a_message_with_a_key_twice_is_no_message():
    """Found by the fuzz: ``{"id": 1, "id": 2}`` was taken as a decision with
    id 2 (the JSON reader keeps the last); which one a message means is not
    for the server to guess."""
    good = {"t": "decide", "id": 1, "action": "call", "amount": None, "cards": None}
    assert parse(json.dumps(good)).id == 1
    twice = '{"t": "decide", "id": 1, "id": 2, "action": "call", "amount": null, "cards": null}'
    with pytest.raises(BadMessage):
        parse(twice)
    with pytest.raises(BadMessage):
        parse('{"t": "hello", "device": null, "device": "abc"}')
