"""The phones' parts on their own: the messages a phone may send, the seat
view's shape (and the interim view's privacy), the page's words, the QR
code, the limits."""

from __future__ import annotations

import ipaddress
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawpoker.cards import parse_cards
from drawpoker.phones import protocol
from drawpoker.phones.interim import command_of
from drawpoker.phones.limits import Bucket, Buckets
from drawpoker.phones.protocol import BadMessage, Decide, Decision, Hello, parse, view_problems
from drawpoker.phones.words import WORDS, page_words
from tests.phones_table import PhoneTable, leaks, private_cards, stacked

segno = pytest.importorskip("segno", reason="the phones' QR codes need segno (pip install -e '.[test]')")


# ---------------------------------------------------------------- messages


def test_the_two_messages_a_phone_may_send():
    assert parse('{"t":"hello","device":null}') == Hello(None)
    assert parse('{"t":"hello","device":"abc-_XYZ09"}') == Hello("abc-_XYZ09")
    assert parse('{"t":"decide","id":1,"action":"exchange","amount":null,"cards":["7c","10h","Jk"]}') == Decide(
        1, "exchange", None, ("7c", "10h", "Jk")
    )
    for bad, why in (
        ("[]", "not a hello or a decision"),
        ('{"t":"hello"}', "a hello has the fields device, t"),
        ('{"t":"hello","device":"a b"}', "device is not a device key"),
        ('{"t":"decide","id":1,"action":"bet","amount":null,"cards":null,"seat":0}', "a decide has the fields"),
        ('{"t":"decide","id":-1,"action":"bet","amount":null,"cards":null}', "id is out of range"),
        ('{"t":"decide","id":1,"action":"Bet!","amount":null,"cards":null}', "action is not a word"),
        ('{"t":"decide","id":1,"action":"bet","amount":"5","cards":null}', "amount is not a whole number"),
        ('{"t":"decide","id":1,"action":"bet","amount":5,"cards":["Xx"]}', "cards is not a list of cards"),
        (
            '{"t":"decide","id":1,"action":"bet","amount":5,"cards":["As","Ks","Qs","Js","Ts","9s","8s","7s"]}',
            "cards is not",
        ),
        ("[" * 5000, "not JSON"),
        ('{"t":"decide","id":1,"action":"bet","amount":1e400,"cards":null}', "amount is not a whole number"),
    ):
        with pytest.raises(BadMessage) as refused:
            parse(bad)
        assert str(refused.value).startswith(why), (bad, str(refused.value))


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(["t", "id", "action", "amount", "cards", "device", "x"]) | st.text(max_size=5),
                inner,
                max_size=6,
            )
        ),
        max_leaves=20,
    )
)
def test_any_json_is_a_message_or_refused_with_bad_message(value):
    text = json.dumps(value)
    try:
        said = parse(text)
    except BadMessage:
        return
    assert isinstance(said, Hello | Decide)


def test_the_frames_the_server_sends():
    assert json.loads(protocol.answer(4, None)) == {"t": "answer", "id": 4, "ok": True, "reason": None}
    assert json.loads(protocol.bye("moved")) == {"t": "bye", "reason": "moved"}
    with pytest.raises(ValueError):
        protocol.bye("because")
    frame = json.loads(protocol.state({"seat": 0}, {"log": ["a"], "secret": "x"}))
    assert frame == {
        "t": "state",
        "view": {"seat": 0},
        "log": ["a"],
        "result": None,
        "standings": None,
        "seal": None,
        "notice": None,
    }


# ---------------------------------------------------------------- the seat view


def _random_play(table: PhoneTable, rng: random.Random, decisions: int):
    """Random legal-looking decisions through the table's own handling; the views at every step."""
    views = []
    for i in range(decisions):
        seat = table.state.to_act
        if seat is None:
            break
        all_views = table.views()
        views.append((table.state.deal, all_views))
        legal = all_views[seat]["legal"]
        option = rng.choice(legal["actions"])
        amount = option["to"] if option["action"] in ("bet", "raise") else None
        if legal["range"] and amount is not None:
            amount = rng.randint(legal["range"]["min_to"], legal["range"]["max_to"])
        cards = None
        if option["action"] == "exchange":
            cards = tuple(rng.sample(all_views[seat]["cards"], rng.randint(0, legal["exchange"]["max"])))
        before = len(table.refusals)
        table.handle(Decision(seat, i, option["action"], amount, cards))
        if len(table.refusals) > before:
            table.handle(Decision(seat, i, "fold", None, None))
    return views


@pytest.mark.parametrize(
    "ruleset, players",
    [("morkpoker", 2), ("no-limit-draw", 5), ("jackpots", 4), ("deuce-to-seven-triple-draw", 3), ("dealers-choice", 3)],
)
def test_every_interim_view_has_the_documented_shape_and_only_its_seats_cards(ruleset, players):
    table = PhoneTable(ruleset, players, seed=players * 11)
    table.deal()
    rng = random.Random(ruleset)
    views = _random_play(table, rng, 150)
    assert views, ruleset
    hidden = private_cards(table.events_all)
    for deal, by_seat in views:
        for seat, view in by_seat.items():
            assert view_problems(view) == [], (ruleset, view_problems(view))
            json.dumps(view, allow_nan=False)
            mine = set(view["cards"])
            for other, cards in hidden.get(deal, {}).items():
                if other != seat:
                    assert not mine & {str(c) for c in cards}
            assert (view["legal"] is not None) == (view["to_act"] == seat)
            assert view["coach"] is None or view["to_act"] == seat


def test_the_privacy_check_finds_a_planted_card():
    table = PhoneTable(decks=[stacked(["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c", "5h 6h 7h 8h 2c"])])
    table.deal()
    view = table.views()[0]
    public = table.public()
    clean = protocol.state(view, public)
    assert leaks([clean], 0, table.events_all) == []
    planted = protocol.state(view, {**public, "log": [*public["log"], "Bjørn holds K♥"]})
    assert leaks([planted], 0, table.events_all) == ["deal 1: seat 0 was sent seat 1's K♥"]
    view["seats"][2]["shown"] = ["8h"]
    assert leaks([protocol.state(view, public)], 0, table.events_all) == ["deal 1: seat 0 was sent seat 2's 8h"]


def test_view_problems_names_what_is_wrong():
    table = PhoneTable()
    table.deal()
    view = table.views()[1]
    assert view_problems(view) == []
    assert view_problems({**view, "cards": ["As", "nope"]}) == ["view.cards is not a list of cards"]
    assert view_problems({**view, "pot": "3"}) == ["view.pot is a str"]
    extra = {**view, "deck": []}
    assert view_problems(extra)[0].startswith("view has the keys")
    assert view_problems({**view, "seat": 9}) == ["view.seat is not one of view.seats"]


def test_a_decision_becomes_the_games_command():
    table = PhoneTable()
    table.deal()
    game, state = table.game, table.state
    from drawpoker.games.draw import commands as cmd

    assert command_of(game, state, Decision(1, 1, "raise", 4, None)) == cmd.Raise(1, 4)
    assert command_of(game, state, Decision(1, 1, "bet", None, None)) == cmd.Bet(1, None)
    assert command_of(game, state, Decision(1, 1, "exchange", None, ("Kh", "10s"))) == cmd.Exchange(
        1, parse_cards("Kh Ts")
    )
    assert (
        str(command_of(game, state, Decision(1, 1, "play", None, None)))
        == "play is not something a player does in this game"
    )


# ---------------------------------------------------------------- words


def test_the_page_has_every_word_in_both_languages():
    en, nb = page_words("en"), page_words("nb")
    assert set(en) == set(nb) == set(WORDS) | {f"rank_{r}" for r in "23456789TJQKA"}
    same = {k for k in en if en[k] == nb[k]}
    assert same <= {"check", "all_in", "joker", "coach_best"}, same  # the same word in Norwegian
    assert nb["card"].format(rank=nb["rank_A"], suit=nb["spades"]) == "spar ess"
    assert en["card"].format(rank=en["rank_T"], suit=en["hearts"]) == "ten of hearts"
    for key, text in en.items():  # the gaps the page fills are the same in both
        assert sorted(re.findall(r"\{\w+\}", text)) == sorted(re.findall(r"\{\w+\}", nb[key])), key


def test_every_word_the_page_uses_is_one_the_server_sends():
    from importlib import resources

    script = resources.files("drawpoker.phones").joinpath("page/page.js").read_text(encoding="utf-8")
    used = set(re.findall(r"say\('([a-z_]+)'", script)) - {"rank_"}  # rank_ + the card's letter
    used |= {"bye_" + r for r in protocol.BYE_REASONS} | {"spades", "hearts", "diamonds", "clubs"}
    used |= {"bet_choose", "raise_choose", "call_all_in"}
    assert used <= set(page_words("en")), used - set(page_words("en"))


# ---------------------------------------------------------------- the address and its QR code


def _modules(lines):
    unhalf = {" ": (0, 0), "▀": (1, 0), "▄": (0, 1), "█": (1, 1)}
    rows = []
    for line in lines:
        pairs = [unhalf[ch] for ch in line]
        rows.append([top for top, _ in pairs])
        rows.append([bottom for _, bottom in pairs])
    return rows


def test_the_qr_code_is_the_address_drawn_in_half_blocks():
    from drawpoker.phones.address import QUIET, qr_lines

    address = "http://192.168.1.20:8765/s/Xy3_abcdefghijklmnopqr"
    lines = qr_lines(address)
    code = segno.make(address, error="m", micro=False)
    expected = [[int(bool(m)) for m in row] for row in code.matrix_iter(scale=1, border=QUIET)]
    assert _modules(lines)[: len(expected)] == expected
    assert len(lines[0]) <= 40 and len(lines) <= 20  # fits beside the table at 80x24
    assert code.designator.startswith("3") or code.designator.startswith("4")


def test_the_lan_address_is_an_address_of_this_machine():
    from drawpoker.phones.address import lan_address

    address = ipaddress.ip_address(lan_address())
    assert address.version == 4 and not address.is_multicast and not address.is_unspecified


# ---------------------------------------------------------------- limits


def test_buckets_remember_a_bounded_number_of_clients():
    now = [0.0]
    buckets = Buckets(capacity=2, rate=1.0, size=3, clock=lambda: now[0])
    assert [buckets.take("a"), buckets.take("a"), buckets.take("a")] == [True, True, False]
    for client in "bcd":
        buckets.take(client)
    assert len(buckets._buckets) == 3 and "a" not in buckets._buckets
    bucket = Bucket(1, 0.5, clock=lambda: now[0])
    assert bucket.take() and not bucket.take()
    now[0] = 2.0
    assert bucket.take()
