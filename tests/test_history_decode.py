"""Reading a line as the writer writes it, without JSON (drawpoker.history.decode).

Every event class with a parser reads the writer's text of any of its
events back to the same event the JSON reader gives; a line written any
other way (spaces, keys in another order, escapes, a byte changed) is left
to the JSON reader or read to the very same event; and a history holding
such lines verifies, or is refused, exactly as it was before the parsers.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import drawpoker.games.draw.events
import drawpoker.games.three_card.events  # noqa: F401 - registers its events
from drawpoker.cards import CARD_BY_TEXT
from drawpoker.engine.events import EVENT_TYPES, card_fields, event_from_json, field_kinds, version_of
from drawpoker.errors import HistoryError
from drawpoker.history.decode import event_of, line_parsers, parser_for
from drawpoker.history.encode import body_of, encoder_for, line_encoder_for
from drawpoker.history.reader import open_history
from drawpoker.history.verify import verify_history
from drawpoker.history.writer import SessionLogs
from drawpoker.rules import load_rules
from drawpoker.session.simulate import simulate
from tests.history_tools import content, file_lines, rechain, write_lines

CARDS = st.sampled_from(sorted(CARD_BY_TEXT.values()))
NUMBERS = st.integers(-(10**20), 10**20) | st.integers(-3, 60)
_FIELD: dict[str, st.SearchStrategy] = {
    "int": NUMBERS,
    "bool": st.booleans(),
    "str": st.text(max_size=12),
    "Card": CARDS,
    "Card | None": st.none() | CARDS,
    "tuple[Card, ...]": st.lists(CARDS, max_size=8).map(tuple),
    "int | None": st.none() | NUMBERS,
    "tuple[int, ...]": st.lists(NUMBERS, max_size=7).map(tuple),
    "tuple[bool, ...]": st.lists(st.booleans(), max_size=7).map(tuple),
    "tuple[str, ...]": st.lists(st.text(max_size=6), max_size=4).map(tuple),
    "tuple[tuple[int, int], ...]": st.lists(st.tuples(NUMBERS, NUMBERS), max_size=3).map(tuple),
    "tuple[tuple[int, int, int, int], ...]": st.lists(st.tuples(*[NUMBERS] * 4), max_size=3).map(tuple),
}
PARSED = {name: cls for name, cls in sorted(EVENT_TYPES.items()) if parser_for(cls) is not None}
PARSERS = line_parsers(PARSED)


def _events(cls):
    return st.tuples(*(_FIELD[kind] for kind in field_kinds(cls))).map(lambda values: cls(*values))


def _by_json(raw):
    """The event the JSON reader gives (as it reads formats 2 and 3: the version is the header's)."""
    data = json.loads(raw.decode("utf-8"))
    data.pop("h", None)
    data["v"] = version_of(EVENT_TYPES[data["e"]])
    return event_from_json(data)


def _line(event):
    return ("{" + encoder_for(type(event))(event) + "\n").encode("utf-8")


def test_every_event_class_with_cards_has_a_parser():
    with_cards = {name for name in EVENT_TYPES if any(card_fields(name))}
    assert with_cards and with_cards <= set(PARSED)
    assert {"DealStarted", "CardsExchanged", "HandShown", "Checked", "DealEnded"} <= set(PARSED)


@pytest.mark.parametrize("name", sorted(PARSED))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_writer_s_text_reads_back_to_the_json_reader_s_event(name, data):
    event = data.draw(_events(PARSED[name]))
    line = _line(event)
    parsed = event_of(PARSERS, line)
    if b"\\" in line:  # an escaped character (in a text): left to the JSON reader
        assert parsed is None or (parsed == _by_json(line) and type(parsed) is type(event))
        return
    assert parsed == event == _by_json(line) and type(parsed) is type(event)
    coded = b'{"h":"01234abcde",' + line[1:]
    assert event_of(PARSERS, coded) == event


@pytest.mark.parametrize("name", sorted(EVENT_TYPES))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_verify_s_line_encoder_gives_the_writer_s_bytes(name, data):
    event = data.draw(_events(EVENT_TYPES[name]))
    assert line_encoder_for(type(event))(event) == ("{" + body_of(event)).encode("utf-8") == _line(event)[:-1]


def _edits(text):
    """Ways of writing a line otherwise, most still valid JSON of the same event."""
    body = json.loads(text)
    keys = list(body)
    yield json.dumps(body, separators=(", ", ": "), ensure_ascii=False)  # spaces
    yield json.dumps(dict(reversed(body.items())), separators=(",", ":"), ensure_ascii=False)  # keys reordered
    yield json.dumps({k: body[k] for k in [keys[0], *keys[2:], keys[1]]}, separators=(",", ":"), ensure_ascii=False)
    yield json.dumps(body, separators=(",", ":"), ensure_ascii=True).replace('"e":"', '"e":"\\u00', 0)
    for k in range(2, len(text) - 1):
        if text[k].isalnum():
            yield text[:k] + f"\\u{ord(text[k]):04x}" + text[k + 1 :]  # an escape (valid inside a text only)
            break
    yield text.replace(":", " :", 1)
    yield text.rstrip("}") + ',"extra":1}'


@pytest.mark.parametrize("name", sorted(PARSED))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_other_text_is_left_to_json_or_read_the_same(name, data):
    event = data.draw(_events(PARSED[name]))
    line = _line(event).decode("utf-8").rstrip("\n")
    edited = list(_edits(line))
    k = data.draw(st.integers(0, len(line) - 1))
    edited += [line[:k] + line[k + 1 :], line[:k] + data.draw(st.characters()) + line[k + 1 :]]
    edited.append(line[:k] + data.draw(st.sampled_from(' "\\,:{}[]0-9tn')) + line[k:])
    for text in edited:
        raw = text.encode("utf-8", "surrogatepass")
        parsed = event_of(PARSERS, raw + b"\n")
        if parsed is None:
            continue
        assert parsed == _by_json(raw) and type(parsed) is type(_by_json(raw)), text


# ---------------------------------------------------------------- in a history


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    logs = SessionLogs(tmp_path_factory.mktemp("decode") / "sim.jsonl", load_rules("morkpoker"))
    simulate(load_rules("morkpoker"), 4, 6, 5, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    logs.close()
    return logs.paths[0]


@pytest.fixture(scope="module")
def simulated_3(tmp_path_factory):
    logs = SessionLogs(tmp_path_factory.mktemp("decode3") / "sim.jsonl", load_rules("morkpoker"), version=3)
    simulate(load_rules("morkpoker"), 4, 6, 5, ("sensible", "random"), sink=logs.write, on_session=logs.start)
    logs.close()
    return logs.paths[0]


def _rewritten(lines, i, write):
    """The history with line ``i`` (its code kept in place) written by ``write`` from its JSON, codes recomputed."""
    head = lines[i][: lines[i].index('",') + 2] if lines[i].startswith('{"h":"') else "{"
    lines = list(lines)
    lines[i] = head + write(json.loads("{" + content(lines[i])))[1:] + "\n"
    return rechain(lines)


@pytest.mark.parametrize("name", ["DealStarted", "CardsExchanged", "HandShown", "CardsDealt", "Called", "DealEnded"])
@pytest.mark.parametrize(
    "write",
    [
        lambda d: json.dumps(d, separators=(", ", ": ")),
        lambda d: json.dumps(dict(reversed(d.items())), separators=(",", ":")),
        lambda d: re.sub('"[^"]*"', lambda m: m[0].replace("s", "\\u0073"), json.dumps(d, separators=(",", ":"))),
    ],
    ids=["spaces", "reordered", "escaped"],
)
def test_a_line_written_otherwise_still_verifies_in_format_3(simulated_3, tmp_path, name, write):
    """Format 3 read a line by value: the same event written otherwise verified, and still does."""
    lines = file_lines(simulated_3)
    i = next(k for k in range(2, len(lines)) if f'"e":"{name}"' in lines[k])
    path = write_lines(tmp_path, _rewritten(lines, i, write))
    assert file_lines(path)[i] != lines[i]
    report, original = verify_history(open_history(path)), verify_history(open_history(simulated_3))
    assert (report.events, report.commands, report.deals) == (original.events, original.commands, original.deals)


@pytest.mark.parametrize("name", ["DealStarted", "CardsExchanged", "HandShown", "CardsDealt", "Called", "DealEnded"])
@pytest.mark.parametrize(
    "write",
    [
        lambda d: json.dumps(d, separators=(", ", ": ")),
        lambda d: json.dumps(dict(reversed(d.items())), separators=(",", ":")),
        lambda d: re.sub('"[^"]*"', lambda m: m[0].replace("s", "\\u0073"), json.dumps(d, separators=(",", ":"))),
    ],
    ids=["spaces", "reordered", "escaped"],
)
def test_a_line_written_otherwise_is_refused_in_format_4(simulated, tmp_path, name, write):
    """Issue 25: a line says one thing one way. The free variation of the
    encoding (spaces, key order, escapes) gave a forger room to search for a
    seal; format 4 accepts only the writer's text, at the line."""
    lines = file_lines(simulated)
    i = next(k for k in range(2, len(lines)) if f'"e":"{name}"' in lines[k])
    path = write_lines(tmp_path, _rewritten(lines, i, write))
    assert file_lines(path)[i] != lines[i]
    with pytest.raises(HistoryError) as err:
        verify_history(open_history(path))
    assert str(err.value).startswith(f"{path}:{i + 1}: the line is not written as drawpoker writes it"), err.value


@pytest.mark.parametrize(
    "name, field, value, shown",
    [
        ("HandShown", "seat", 0, "HandShown(seat=0"),
        ("CardsExchanged", "drawn", "", "CardsExchanged(seat="),
        ("DealStarted", "deal", 7, "DealStarted(deal=7"),
    ],
)
def test_a_line_written_otherwise_with_a_wrong_value_is_refused_at_its_line(
    simulated, tmp_path, name, field, value, shown
):
    lines = file_lines(simulated)
    i = next(
        k
        for k in range(2, len(lines))
        if f'"e":"{name}"' in lines[k] and json.loads("{" + content(lines[k]))[field] != value
    )

    def wrong(d):
        return json.dumps({**d, field: value}, separators=(", ", ": "))

    path = write_lines(tmp_path, _rewritten(lines, i, wrong))
    with pytest.raises(HistoryError) as err:
        verify_history(open_history(path))
    message = str(err.value)
    assert f"{path}:{i + 1}: " in message and "\n" not in message
    assert f"recorded {shown}" in message or "the engine refuses this decision" in message


def _joined_line(cls, seat, cards):
    """The line encoder's general way for a hand event: the cards' texts joined (or its exception's class)."""
    from drawpoker.history.encode import _CARD_BYTES, _NUMBER

    try:
        return b'{"e":"%s","seat":%b,"cards":"%b"}' % (
            cls.__name__.encode(),
            _NUMBER[seat],
            b" ".join(map(_CARD_BYTES.__getitem__, cards)),
        )
    except Exception as exc:  # compared by class
        return type(exc)


@pytest.mark.parametrize("name", ["CardsDealt", "HandShown"])
@settings(max_examples=150, deadline=None)
@given(
    seat=NUMBERS | st.just(True) | st.none(),
    cards=st.lists(CARDS | st.integers(-2, 2**40) | st.just([1]), min_size=3, max_size=7),
    as_tuple=st.booleans(),
)
def test_a_hand_of_five_is_encoded_as_the_joined_cards_are(name, seat, cards, as_tuple):
    """Verify's encoder of a hand event looks a hand of five's cards up one by one (a
    fast way): the same bytes as joining them, or the same exception, for any values."""
    cls = EVENT_TYPES[name]
    hand = tuple(cards) if as_tuple else cards
    expected = _joined_line(cls, seat, hand)
    event = cls(seat, hand)
    try:
        made = line_encoder_for(cls)(event)
    except Exception as exc:  # compared by class
        made = type(exc)
    assert made == expected
