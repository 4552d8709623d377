"""Verify's shortcuts give the verdict, and the sentence, that reading every line gives.

A hand shown at the showdown is a decision whose command is the seat alone
(``Show(seat)``): verify reads the first line of each seat's showing and
then gives a later one its command from its first fields, comparing the
cards as text with what the engine shows (drawpoker.history.verify
``_Tails``). These tests damage such a line in every way that matters and
check that verify says what it says with the shortcut turned off; and that
the commands really ignore the cards, for every game that has the event.
In a dealer's choice the recurring decisions (and these) are kept for each
game apart: a line can be another command in another game.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import drawpoker.history.verify as verify_module
from drawpoker.cards import CARD_BY_TEXT
from drawpoker.engine.events import EVENT_TYPES
from drawpoker.errors import HistoryError
from drawpoker.games import game_for
from drawpoker.history.decode import prefix_pattern
from drawpoker.history.encode import body_of, line_encoder_for
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from tests.history_tools import CODED, content, file_lines, rechain, write_lines

CARDS = st.lists(st.sampled_from(sorted(CARD_BY_TEXT.values())), min_size=0, max_size=7).map(tuple)


def _outcome(path, tails=True, monkeypatch=None):
    """What verify says of a file: its counts and seal, or its one sentence."""
    if not tails:
        assert monkeypatch is not None
        monkeypatch.setattr(verify_module, "_ENGINE_TAILS", {})
    try:
        report = verify_history(open_history(path), parts=1)
        return ("ok", report.events, report.commands, report.deals, report.last_seal)
    except HistoryError as exc:
        return ("refused", str(exc))
    finally:
        if not tails:
            monkeypatch.undo()


@pytest.fixture(scope="module", params=["morkpoker", "dealers-choice"])
def simulated(request, tmp_path_factory):
    """A simulated session (a deal a command) whose showdowns repeat a seat's first fields."""
    rules = load_rules(request.param)
    logs = SessionLogs(tmp_path_factory.mktemp("tails") / "sim.jsonl", rules)
    simulate(rules, 4, 30, 9, ("sensible", "sensible"), sink=logs.write, on_session=logs.start)
    logs.close()
    return max(logs.paths, key=lambda p: p.stat().st_size)


def _repeated_showings(lines):
    """Lines of a hand shown whose seat was shown before: those verify does not read."""
    seen, out = set(), []
    for k, line in enumerate(lines):
        if '"e":"HandShown"' in line:
            seat = json.loads("{" + content(line))["seat"]
            if seat in seen:
                out.append(k)
            seen.add(seat)
    return out


def test_the_shortcut_is_taken_in_these_histories(simulated, monkeypatch):
    lines = file_lines(simulated)
    assert len(_repeated_showings(lines)) >= 3
    unread: list[object] = []
    real = verify_module._alike

    def counting(known, card_kinds, encoders, lines, seen, made):
        unread.extend(m for s, m in zip(seen, made, strict=False) if s is None and type(m).__name__ == "HandShown")
        return real(known, card_kinds, encoders, lines, seen, made)

    monkeypatch.setattr(verify_module, "_alike", counting)
    verify_history(open_history(simulated), parts=1)
    assert len(unread) >= 3  # showings given their command without being read (compared as text)


def _replace(line, new_content):
    head = line[:18] if line.startswith(CODED) else "{"
    return head + new_content + "\n"


_DAMAGES = {
    "other cards": lambda c: re.sub(r'"cards":"[^"]*"', '"cards":"2c 3c 4c 5c 7d"', c),
    "fewer cards": lambda c: re.sub(r'"cards":"(\S\S)[^"]*"', r'"cards":"\1"', c),
    "not a card": lambda c: re.sub(r'"cards":"\S\S', '"cards":"Xx', c),
    "a card twice": lambda c: re.sub(r'"cards":"(\S\S) \S\S', r'"cards":"\1 \1', c),
    "no cards": lambda c: re.sub(r'"cards":"[^"]*"', '"cards":""', c),
    "cards as a list": lambda c: re.sub(r'"cards":"[^"]*"', '"cards":["2c"]', c),
    "seat again": lambda c: c[:-1] + f',"seat":{json.loads("{" + c)["seat"]}}}',
    "seat again, another": lambda c: c[:-1] + f',"seat":{(json.loads("{" + c)["seat"] + 1) % 4}}}',
    "event again": lambda c: c[:-1] + ',"e":"HandMucked"}',
    "extra field": lambda c: c[:-1] + ',"extra":1}',
    "spaces": lambda c: c.replace(",", ", "),
    "escaped": lambda c: c.replace('"cards"', '"c\\u0061rds"'),
    "escaped seat key": lambda c: c[:-1] + f',"s\\u0065at":{(json.loads("{" + c)["seat"] + 1) % 4}}}',
    "not JSON": lambda c: c[:-1],
    "newline in cards": lambda c: c.replace('"cards":"', '"cards":"\\n'),
}


@pytest.mark.parametrize("damage", sorted(_DAMAGES))
def test_a_damaged_showing_read_by_its_first_fields_gets_the_same_sentence(simulated, tmp_path, monkeypatch, damage):
    lines = file_lines(simulated)
    for n, k in enumerate(_repeated_showings(lines)[:3]):
        changed = list(lines)
        changed[k] = _replace(lines[k], _DAMAGES[damage](content(lines[k])))
        path = write_lines(tmp_path, rechain(changed), f"h{n}.jsonl")
        with_tails = _outcome(path)
        assert with_tails == _outcome(path, tails=False, monkeypatch=monkeypatch)
        if damage not in ("spaces", "escaped", "newline in cards", "seat again"):  # the same event written otherwise
            assert with_tails[0] == "refused" and f":{k + 1}: " in with_tails[1], with_tails


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_byte_changed_in_a_showing_gets_the_same_outcome(simulated, tmp_path_factory, monkeypatch, data):
    lines = file_lines(simulated)
    k = data.draw(st.sampled_from(_repeated_showings(lines)))
    text = content(lines[k])
    at = data.draw(st.integers(0, len(text) - 1))
    byte = data.draw(st.sampled_from(list('0123456789 ",:{}[]\\cdhsAKQJT-ex')))
    how = data.draw(st.sampled_from(["replace", "insert", "delete"]))
    new = {
        "replace": text[:at] + byte + text[at + 1 :],
        "insert": text[:at] + byte + text[at:],
        "delete": text[:at] + text[at + 1 :],
    }[how]
    changed = list(lines)
    changed[k] = _replace(lines[k], new)
    path = write_lines(tmp_path_factory.mktemp("byte"), rechain(changed))
    assert _outcome(path) == _outcome(path, tails=False, monkeypatch=monkeypatch)


@pytest.mark.parametrize("ruleset", ["morkpoker", "dealers-choice", "california-draw", "no-limit-draw"])
@settings(max_examples=40, deadline=None)
@given(seat=st.integers(0, 9), shown=CARDS, other=CARDS)
def test_a_decision_s_command_ignores_the_fields_the_engine_makes(ruleset, seat, shown, other):
    """What the shortcut rests on: the command of a hand shown is the same
    whatever cards the line holds (in every game of a dealer's choice too)."""
    rules = load_rules(ruleset)
    game = game_for(rules)
    games = [game, *getattr(game, "_variants", {}).values()]
    for name, tail in verify_module._ENGINE_TAILS.items():
        cls = EVENT_TYPES[name]
        cut = cls._fields.index(tail)
        assert cls._fields[cut:] == ("cards",)  # the fields drawn below
        for one in games:
            assert one.command_of(cls(seat, shown)) == one.command_of(cls(seat, other)) is not None


def test_the_first_fields_pattern_matches_only_the_writer_s_text():
    hand_shown = EVENT_TYPES["HandShown"]
    pattern = prefix_pattern(hand_shown, "cards")
    assert pattern is not None
    match = re.compile(pattern).match
    line = b'{"e":"HandShown","seat":4,"cards":"9d Qd Ts 4c Ah"}'
    found = match(line)
    assert found is not None and found[0] == b'{"e":"HandShown","seat":4,'
    assert match(b'{"e":"HandShown","seat":12,"cards":""}')[0] == b'{"e":"HandShown","seat":12,'
    for other in (
        line + b"\n",
        line[:-1] + b',"seat":5}',
        line[:-1] + b',"cards":"2c"}',
        line.replace(b",", b", "),
        line.replace(b'"seat":4', b'"seat":04'),
        line.replace(b'"cards"', b'"c\\u0061rds"'),
        line.replace(b'"9d', b'"9d\\"'),
        b'{"e":"HandShown","cards":"9d Qd Ts 4c Ah","seat":4}',
        b'{"e":"HandMucked","seat":4}',
        b'{"e":"HandShownX","seat":4,"cards":""}',
        b'{"h":"0123456789","e":"HandShown","seat":4,"cards":""}',
    ):
        assert match(other) is None, other
    assert prefix_pattern(hand_shown, "seat") is None  # the first field: no decision is left
    assert prefix_pattern(hand_shown, "nothing") is None


def test_list_fields_of_equal_values_keep_their_own_kinds():
    """The texts of list fields are kept by value: flags and numbers apart."""
    ended = EVENT_TYPES["DealEnded"]
    for out, rebuys in (((False, True), (0, 1)), ((True, True), (1, 1)), ((), ())):
        event = ended(3, (40, 0), 1, 0, out, rebuys, rebuys, 0, False)
        assert line_encoder_for(ended)(event) == ("{" + body_of(event)).encode("utf-8")
    awarded = EVENT_TYPES["PotAwarded"]
    for shares in (((0, 1),), ((1, 0), (0, 1)), ()):
        event = awarded(0, 2, (0, 1), shares, (1, 0), True)
        assert line_encoder_for(awarded)(event) == ("{" + body_of(event)).encode("utf-8")


def test_a_dealer_s_choice_keeps_each_game_s_commands_apart(tmp_path):
    """The same line is another command in another game (a raise names where
    it goes in no limit, not in fixed limit): the recurring decisions kept
    for one game are never given in another, or these sessions would not
    verify (the engine refuses the fixed-limit reading of a no-limit raise)."""
    rules_path = tmp_path / "mixed.yaml"
    rules_path.write_text(
        "extends: morkpoker\n"
        "description: a fixed-limit and a no-limit game\n"
        "session:\n  starting_stack: 100\n  deals: 200\n  dealers_choice: [morkpoker, no-limit-draw]\n",
        encoding="utf-8",
    )
    rules = load_rules(str(rules_path))
    for seed in (3, 4):
        logs = SessionLogs(tmp_path / f"mixed-{seed}.jsonl", rules)
        simulate(rules, 4, 200, seed, ("random", "sensible"), sink=logs.write, on_session=logs.start)
        logs.close()
        lines = "".join(file_lines(logs.paths[0]))
        assert '"game":"morkpoker"' in lines and '"game":"no-limit-draw"' in lines
        report = verify_history(open_history(logs.paths[0]), parts=1)
        assert report.deals > 50
