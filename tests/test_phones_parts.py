"""The phones' parts on their own: the messages a phone may send, the seat
view's shape and privacy (the core's view in the phones' shape, both
games), a phone's decision as the game's command, the page's words, the
QR code, the limits."""

from __future__ import annotations

import ipaddress
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawpoker.cards import parse_cards
from drawpoker.games.view import command_for, seat_view
from drawpoker.phones import protocol
from drawpoker.phones.limits import Bucket, Buckets
from drawpoker.phones.protocol import BadMessage, Decide, Decision, Hello, decision_of, parse, view_problems
from drawpoker.phones.words import WORDS, page_words
from tests.phones_table import PhoneTable, TcpSecrets, leaks, private_cards, stacked

segno = pytest.importorskip("segno", reason="the phones' QR codes need segno (pip install -e '.[test]')")


# ---------------------------------------------------------------- messages


def test_the_two_messages_a_phone_may_send():
    assert parse('{"t":"hello","device":null}') == Hello(None)
    assert parse('{"t":"hello","device":"abc-_XYZ09"}') == Hello("abc-_XYZ09")
    assert parse('{"t":"decide","id":1,"action":"exchange","amount":null,"cards":["7c","10h","Jk"]}') == Decide(
        1, "exchange", None, ("7c", "10h", "Jk")
    )
    assert parse('{"t":"decide","id":2,"action":"choose","amount":null,"cards":null,"game":"jackpots"}') == Decide(
        2, "choose", None, None, "jackpots", None
    )
    assert parse(
        '{"t":"decide","id":3,"action":"place","amount":null,"cards":null,"game":null,"boxes":[[2,1,0,0],[0,3,0,0]]}'
    ) == Decide(3, "place", None, None, None, ((2, 1, 0, 0), (0, 3, 0, 0)))
    assert parse('{"t":"decide","id":4,"action":"place","amount":null,"cards":null,"boxes":[]}').boxes == ()
    assert decision_of(Decision(0, 4, "place", None, None, 0, None, ())).boxes == ()
    assert (
        decision_of(Decision(0, 5, "choose", None, None, 0, "my games/friday.yaml", None)).game
        == "my games/friday.yaml"
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
        ('{"t":"decide","id":1,"action":"choose","amount":null,"cards":null}', "a choose names its game"),
        ('{"t":"decide","id":1,"action":"choose","amount":null,"cards":null,"game":""}', "game is not"),
        ('{"t":"decide","id":1,"action":"choose","amount":null,"cards":null,"game":"a\\nb"}', "game is not"),
        ('{"t":"decide","id":1,"action":"choose","amount":null,"cards":null,"game":["x"]}', "game is not"),
        ('{"t":"decide","id":1,"action":"place","amount":null,"cards":null}', "a place names its boxes"),
        ('{"t":"decide","id":1,"action":"place","amount":null,"cards":null,"boxes":null}', "a place names its boxes"),
        ('{"t":"decide","id":1,"action":"place","amount":null,"cards":null,"boxes":[[1,0,0]]}', "boxes is not"),
        (
            '{"t":"decide","id":1,"action":"place","amount":null,"cards":null,"boxes":[[1,0,0,-1]]}',
            "a bet in boxes is out",
        ),
        (
            '{"t":"decide","id":1,"action":"place","amount":null,"cards":null,"boxes":[[1,0,0,true]]}',
            "a bet in boxes is not",
        ),
        ('{"t":"decide","id":1,"action":"place","amount":null,"cards":null,"boxes":[1,0,0,0]}', "boxes is not"),
        (
            '{"t":"decide","id":1,"action":"place","amount":null,"cards":null,"boxes":'
            + json.dumps([[1, 0, 0, 0]] * 13)
            + "}",
            "boxes is not",
        ),
        (
            '{"t":"decide","id":1,"action":"place","amount":null,"cards":null,"boxes":[],"seat":1}',
            "a decide has the fields",
        ),
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
                st.sampled_from(["t", "id", "action", "amount", "cards", "device", "game", "boxes", "x"])
                | st.text(max_size=5),
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
        "standings_notes": None,
        "standings_before": None,
        "seal": None,
        "notice": None,
        "paused": None,
        "computers": None,
        "asking": None,
        "choosing": None,
    }


# ---------------------------------------------------------------- the seat view


def _random_decision(view: dict, rng: random.Random, ident: int) -> Decision:
    """A random decision among those the view offers (bets and amounts within its limits)."""
    seat, legal = view["seat"], view["legal"]
    if view["game"] == "three-card-poker":
        action = rng.choice(legal["actions"])
        if action == "sit_out":
            return Decision(seat, ident, "place", None, None, boxes=())
        if action in ("play", "fold"):
            return Decision(seat, ident, action, None, None)
        lim = legal["limits"]
        boxes = []
        for _ in range(rng.randint(1, max(1, lim["boxes"]))):
            ante = rng.randint(lim["ante_min"], lim["ante_max"])
            if lim["pair_plus_alone"] and rng.random() < 0.2:
                ante = 0
            boxes.append(
                (
                    ante,
                    rng.randint(0, lim["pair_plus_max"]) or (0 if ante else 1),
                    rng.randint(0, lim["prime_max"]) if ante else 0,
                    rng.randint(0, lim["six_card_max"]) if ante else 0,
                )
            )
        return Decision(seat, ident, "place", None, None, boxes=tuple(boxes))
    option = rng.choice(legal["actions"])
    if option["action"] == "choose":
        return Decision(seat, ident, "choose", None, None, game=rng.choice(legal["choose"])["name"])
    amount = option["to"] if option["action"] in ("bet", "raise") else None
    if legal["range"] and amount is not None:
        amount = rng.randint(legal["range"]["min_to"], legal["range"]["max_to"])
    cards = None
    if option["action"] == "exchange":
        cards = tuple(rng.sample(view["cards"], rng.randint(0, legal["exchange"]["max"])))
    return Decision(seat, ident, option["action"], amount, cards)


def _random_play(table: PhoneTable, rng: random.Random, decisions: int):
    """Random decisions from the views' own offers through the table's own
    handling (a refused one is followed by the seat's plainest move); the
    views at every step."""
    views = []
    for i in range(decisions):
        all_views = table.views()
        actor = next((seat for seat, v in all_views.items() if v["legal"] is not None), None)
        views.append(all_views)
        if actor is None:
            if table.state.phase == "between_deals":
                table.next_deal()
                continue
            break
        before = len(table.refusals)
        table.handle(_random_decision(all_views[actor], rng, i))
        if len(table.refusals) > before:
            plain = "place" if "place" in str(all_views[actor]["legal"]) else "fold"
            if all_views[actor]["phase"] == "choose_game":
                table.handle(
                    Decision(actor, i, "choose", None, None, game=all_views[actor]["legal"]["choose"][0]["name"])
                )
            elif plain == "place":
                table.handle(Decision(actor, i, "place", None, None, boxes=()))
            else:
                table.handle(Decision(actor, i, "fold", None, None))
            assert len(table.refusals) == before + 1, table.refusals[before:]
    return views


@pytest.mark.parametrize(
    "ruleset, players, options",
    [
        ("morkpoker", 2, {}),
        ("no-limit-draw", 5, {}),
        ("jackpots", 4, {}),
        ("deuce-to-seven-triple-draw", 3, {}),
        ("dealers-choice", 3, {}),
        ("dealers-choice", 4, {"dealer_chooses": True, "hold": True}),
        ("three-card-poker", 3, {}),
        ("three-card-poker-ru", 3, {"hold": True}),
        ("three-card-poker-ro", 2, {}),
    ],
)
def test_every_phone_view_has_the_documented_shape_and_only_its_seats_cards(ruleset, players, options):
    table = PhoneTable(ruleset, players, seed=players * 11, **options)
    table.deal()
    rng = random.Random(ruleset)
    views = _random_play(table, rng, 150)
    tcp = table.game.rules.game == "three-card-poker"
    assert len(views) > (8 if tcp else 40), ruleset  # a rotating dealer's session is a round per player
    assert table.state.deal > 2 if not tcp else table.state.round > 2
    secrets = TcpSecrets(table.game, table.events_all) if tcp else None
    hidden = private_cards(table.events_all)
    for by_seat in views:
        for seat, view in by_seat.items():
            assert view_problems(view) == [], (ruleset, view_problems(view))
            text = json.dumps(view, allow_nan=False)
            if tcp:
                settled = view["phase"] in ("between_deals", "session_over")
                for whose, cards in secrets.secret(view["deal"], seat, settled).items():
                    assert not re.search("|".join(f'"{c}"' for c in cards), text), (whose, view)
            else:
                mine = set(view["cards"])
                for other, cards in hidden.get(view["deal"], {}).items():
                    if other != seat:
                        assert not mine & {str(c) for c in cards}
            assert (view["legal"] is not None) == (view["to_act"] == seat and view["phase"] not in ("settling",))
            assert view.get("coach") is None or view["to_act"] == seat
    if options.get("dealer_chooses"):
        chosen = [d for d in table.taken if d.action == "choose"]
        assert len(chosen) >= 2  # the dealers chose on their phones, deal after deal


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
    assert view_problems({**view, "seat": 9}) == [
        "view.seat is not one of view.seats",
        "view.legal is given to a seat that is not to act",
    ]
    assert view_problems({**view, "game": "holdem"}) == ["view.game is 'holdem', not a game a phone plays"]
    assert view_problems({**view, "phase": "flop"}) == ["view.phase is 'flop'"]
    assert view_problems({**view, "to_act": 3}) == [
        "view.to_act is not one of view.seats",
        "view.legal is given to a seat that is not to act",
    ]
    assert view_problems({**view, "cards": ["As", "As"]}) == ["view.cards holds a card twice"]
    assert view_problems({**view, "legal": {**view["legal"], "choose": [{"name": "x", "title": "X"}]}}) == [
        "view.legal.choose is given outside the choice of a game, or missing in it"
    ]
    assert view_problems({**view, "legal": {**view["legal"], "structure": "spread"}}) == [
        "view.legal.structure is 'spread'"
    ]
    seats = [dict(seat) for seat in view["seats"]]
    seats[0]["stack"] = True
    assert view_problems({**view, "seats": seats}) == ["view.seats[0].stack is a bool"]


def test_view_problems_checks_three_card_pokers_shape():
    table = PhoneTable("three-card-poker", 3)
    table.deal()
    seat = table.state.to_act
    view = table.views()[seat]
    assert view_problems(view) == [] and view["legal"]["actions"] == ["place", "sit_out"]
    table.handle(Decision(seat, 1, "place", None, None, boxes=((2, 1, 0, 0),)))
    for _ in range(3):
        if table.state.phase == "betting":
            table.handle(Decision(table.state.to_act, 2, "place", None, None, boxes=((1, 0, 0, 0),)))
    assert table.state.phase == "deciding"
    view = table.views()[table.state.to_act]
    assert view_problems(view) == [] and view["legal"]["actions"] == ["play", "fold"]
    box = dict(view["boxes"][view["legal"]["box"]])
    for bad, said in (
        ({**view, "bank": -1}, ["view.bank is below 0"]),
        ({**view, "button": 0}, ["view has the keys"]),
        ({**view, "hint": "raise"}, ["view.hint is 'raise'"]),
        ({**view, "dealer_cards": ["As", "Kd"]}, ["view.qualifies is said without the dealer's cards, or missing"]),
        (
            {**view, "legal": {**view["legal"], "actions": ["play", "raise"]}},
            ["view.legal.actions is ['play', 'raise']"],
        ),
        ({**view, "legal": {**view["legal"], "box": None}}, ["view.legal.box is given outside a decision"]),
        ({**view, "legal": {**view["legal"], "box": 7}}, ["view.legal.box is not one of this seat's boxes"]),
        ({**view, "boxes": [{**box, "cards": ["As", "Kd"]}]}, ["view.boxes[0].cards is not three cards"]),
        ({**view, "boxes": [{**box, "result": [1, 2]}]}, ["view.boxes[0].result is not six numbers of chips"]),
        ({**view, "boxes": [{**box, "seat": 5}]}, ["view.boxes[0].seat is not one of view.seats"]),
        ({**view, "phase": "exchange"}, ["view.phase is 'exchange'"]),
    ):
        found = view_problems(bad)
        assert found and all(any(f.startswith(s) for f in found) for s in said), (said, found)


def test_a_decision_becomes_the_games_command():
    table = PhoneTable()
    table.deal()
    game, state = table.game, table.state
    from drawpoker.games.draw import commands as cmd

    def command(decision):
        return command_for(game, seat_view(game, state, decision.seat), decision_of(decision))

    assert command(Decision(1, 1, "raise", 4, None)) == cmd.Raise(1, 4)
    assert command(Decision(1, 1, "bet", None, None)) == cmd.Bet(1, None)
    assert command(Decision(1, 1, "exchange", None, ("Kh", "10s"))) == cmd.Exchange(1, parse_cards("Kh Ts"))
    for decision, why in (
        (Decision(1, 1, "play", None, None), "'play', which is not something a player does in a draw game"),
        (Decision(1, 1, "exchange", None, ("Kh", "Zz")), "an exchange of 'Zz', which is not a card"),
        (
            Decision(1, 1, "choose", None, None, game="jackpots"),
            "a choice of the game, which is not Bjørn's to make now",
        ),
    ):
        with pytest.raises(ValueError) as refused:
            command(decision)
        assert table.tr.say(refused.value.args[0]) == why


def test_a_three_card_poker_decision_becomes_its_command():
    from drawpoker.games.three_card import commands as cmd

    table = PhoneTable("three-card-poker", 3)
    table.deal()
    game, state = table.game, table.state
    seat = state.to_act
    view = seat_view(game, state, seat)
    place = Decision(seat, 1, "place", None, None, boxes=((2, 1, 0, 3),))
    assert command_for(game, view, decision_of(place)) == cmd.PlaceBets(seat, (cmd.BoxBet(2, 1, 0, 3),))
    sit_out = Decision(seat, 2, "place", None, None, boxes=())
    assert command_for(game, view, decision_of(sit_out)) == cmd.PlaceBets(seat, ())
    with pytest.raises(ValueError) as refused:
        command_for(game, view, decision_of(Decision(seat, 3, "play", None, None)))
    assert table.tr.say(refused.value.args[0]) == "'play' when no box of this seat waits for a decision"


# ---------------------------------------------------------------- words


def test_the_page_has_every_word_in_both_languages():
    en, nb = page_words("en"), page_words("nb")
    assert set(en) == set(nb) == set(WORDS) | {f"rank_{r}" for r in "23456789TJQKA"}
    same = {k for k in en if en[k] == nb[k]}
    # the same word in Norwegian (Three Card Poker's side bets keep their English names in the source's tables)
    bets = {"pair_plus", "prime", "six_card", "box_ante", "box_pair_plus", "box_prime"}
    columns = {"col_ante", "col_ante_bonus", "col_pair_plus", "col_prime"}
    assert same <= {"check", "all_in", "joker", "coach_best"} | bets | columns, same
    assert nb["card"].format(rank=nb["rank_A"], suit=nb["spades"]) == "spar ess"
    assert en["card"].format(rank=en["rank_T"], suit=en["hearts"]) == "ten of hearts"
    for key, text in en.items():  # the gaps the page fills are the same in both
        assert sorted(re.findall(r"\{\w+\}", text)) == sorted(re.findall(r"\{\w+\}", nb[key])), key


def test_every_word_the_page_uses_is_one_the_server_sends():
    from importlib import resources

    from drawpoker.games.three_card.state import BET_NAMES

    bets = ("ante", "pair_plus", "prime", "six_card")
    result = BET_NAMES

    script = resources.files("drawpoker.phones").joinpath("page/page.js").read_text(encoding="utf-8")
    # a key made in the script: a prefix and what follows it
    made = {"rank_": "23456789TJQKA", "box_": (*bets, "plays", "folded"), "col_": result, "hint_": ("play", "fold")}
    used = set(re.findall(r"say\('([a-z_]+)'", script)) - set(made)
    used |= {prefix + str(rest) for prefix, rests in made.items() for rest in rests}
    used |= {"bye_" + r for r in protocol.BYE_REASONS} | {"spades", "hearts", "diamonds", "clubs"}
    used |= {"bet_choose", "raise_choose", "call_all_in"} | set(bets)  # say(act + '_choose'), say(bet)
    assert used <= set(page_words("en")), used - set(page_words("en"))
    # and no word the page never says: each key is in the script (as itself, or made from a prefix)
    quoted = set(re.findall(r"'([a-z_]+)'", script)) | used
    assert set(page_words("en")) <= quoted, set(page_words("en")) - quoted


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
