"""``drawpoker settle`` for Mørkpoker deals written in YAML."""

import json
from pathlib import Path

import pytest

from drawpoker.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = (ROOT / "examples" / "side-pot.yaml").read_text(encoding="utf-8")
#: the example's last action, after which the showdown follows
ANNA = "  - Anna: call            # then the showdown: showing is the default ('NAME: muck' gives a hand up unseen)\n"


def settle(capsys, path, *extra):
    code = main(["settle", str(path), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_issue_example_settles(capsys):
    """The side-pot example has a side pot (issue 24: it settled with one pot)."""
    code, out, err = settle(capsys, ROOT / "examples" / "side-pot.yaml", "--json")
    assert code == 0, err
    assert json.loads(out) == {
        "pots": [
            {"amount": 9, "eligible": ["Anna", "Bjørn", "Cato"], "winners": ["Bjørn"], "shares": {"Bjørn": 9}},
            {"amount": 4, "eligible": ["Anna", "Cato"], "winners": ["Cato"], "shares": {"Cato": 4}},
        ],
        "stacks": {"Anna": 35, "Bjørn": 9, "Cato": 39},
        "hands": {
            "Anna": "two pair, aces and sevens, two kicker",
            "Bjørn": "full house, kings full of nines",
            "Cato": "flush, queen, jack, ten, eight, four",
        },
        "carried_pot": 0,
    }
    code, out, err = settle(capsys, ROOT / "examples" / "side-pot.yaml")
    assert out.splitlines() == [
        "Main pot: 9 chips, contested by Anna, Bjørn, Cato.",
        "  Bjørn wins 9 with full house, kings full of nines.",
        "Side pot 1: 4 chips, contested by Anna, Cato.",
        "  Cato wins 4 with flush, queen, jack, ten, eight, four.",
        "Stacks after the deal: Anna 35, Bjørn 9, Cato 39.",
    ]


def test_split_pot_example(capsys):
    code, out, err = settle(capsys, ROOT / "examples" / "split-pot.yaml", "--json")
    data = json.loads(out)
    assert data["pots"] == [
        {"amount": 5, "eligible": ["Anna", "Cato"], "winners": ["Cato", "Anna"], "shares": {"Cato": 3, "Anna": 2}}
    ]
    assert data["hands"] == {"Anna": "straight, ten high", "Cato": "straight, ten high"}
    code, out, err = settle(capsys, ROOT / "examples" / "split-pot.yaml")
    assert "odd chip to Cato (first clockwise from the button)" in out


def test_checked_through_example(capsys):
    code, out, err = settle(capsys, ROOT / "examples" / "checked-through.yaml", "--json")
    data = json.loads(out)
    assert data["pots"] == [] and data["carried_pot"] == 6
    assert data["stacks"] == {"Anna": 38, "Bjørn": 38, "Cato": 38}
    code, out, err = settle(capsys, ROOT / "examples" / "checked-through.yaml")
    assert "the pot of 6 carries to the next deal, dealt by Bjørn" in out


def test_a_muck_gives_up_the_side_pot_and_the_cards_speak(tmp_path, capsys):
    """Cato, the last to bet, shows first; if he mucks instead, Anna's two
    pair takes the side pot he gave up, and Bjørn's full house still the main pot."""
    text = EXAMPLE + "  - Cato: muck\n"
    path = tmp_path / "deal.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = settle(capsys, path, "--json")
    data = json.loads(out)
    assert code == 0, err
    assert data["hands"]["Anna"] == "two pair, aces and sevens, two kicker"  # As Ad 7c 7d + 2d drawn
    assert [p["shares"] for p in data["pots"]] == [{"Bjørn": 9}, {"Anna": 4}]
    code, out, err = settle(capsys, path)
    assert "Cato mucked and cannot win." in out and "  Anna wins 4 with two pair, aces and sevens, two kicker." in out


def _with(tmp_path, old, new, count=1):
    assert old in EXAMPLE, old
    path = tmp_path / "deal.yaml"
    path.write_text(EXAMPLE.replace(old, new, count), encoding="utf-8")
    return path


def _line_of(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("  - Cato: raise\n", "  - Anna: raise\n", "action 2 (Anna: raise): it is Cato's turn, not Anna's"),
        (
            "  - Cato: raise\n",
            "  - Cato: check\n",
            "action 2 (Cato: check): Cato cannot check: there is a bet of 1 to call; call, raise or fold",
        ),
        (
            "  - Cato: exchange 4d     # discards; replacements come from the stock in order\n",
            "  - Cato: exchange 4h\n",
            "action 6 (Cato: exchange 4h): Cato does not hold 4h",
        ),
        (
            "  - Cato: exchange 4d     # discards; replacements come from the stock in order\n",
            "  - Cato: exchange 4d 4s Ts Js\n",
            "action 6 (Cato: exchange 4d 4s Ts Js): Cato may exchange at most 3 cards, not 4",
        ),
        (
            ANNA,
            "  - Anna: call\n  - Cato: show\n  - Anna: show\n  - Bjørn: show\n  - Anna: fold\n",
            "action 13 (Anna: fold): the deal is already over",
        ),
        (
            ANNA,
            "  - Anna: dance\n",
            "action 9 (Anna: dance): not an action; use check, call, bet, bet N, raise, raise to N, all in, fold, "
            "stand pat, exchange CARDS, show or muck",
        ),
        (ANNA, "  - Dina: fold\n", "action 9 (Dina: fold): there is no seat called Dina"),
        (
            'stock: "9h 9c 8s 2d 8c 8h"',
            'stock: "9h 9c 8s"',
            "action 7 (Anna: exchange 2s): the stock lists 3 cards, 1 too few for this exchange; add them to 'stock'",
        ),
        ('stock: "9h 9c 8s 2d 8c 8h"', 'stock: "9h As"', "the cards: duplicate card 'As'"),
        (ANNA, "", "the deal is not finished: it is Anna's turn in betting round 2"),
        ('cards: "Kh Kd Ks 5c 3h"', 'cards: "Kh Kd Ks 5c"', "seats[1] (Bjørn): five cards are dealt, found 4"),
        (
            'cards: "Kh Kd Ks 5c 3h"',
            'cards: "Kh Kx Ks 5c 3h"',
            "seats[1] (Bjørn): 'Kx' is not a card: unknown suit 'x'",
        ),
        ("button: Anna ", "button: Dina ", "button: expected one of the seats (Anna, Bjørn, Cato), found 'Dina'"),
        ("stack: 3,", "stack: 0,", "seats[1] (Bjørn): stack must be a whole number of chips, at least 1"),
        (
            "rules: morkpoker ",
            "rules: three-card-poker ",
            "rules: 'three-card-poker' is a three-card-poker ruleset, not Mørkpoker",
        ),
        ("carried_pot: 0 ", "carried_pot: -2 ", "carried_pot: expected a whole number of chips, 0 or more"),
        (
            "actions:  ",
            "actoins:  ",
            "unknown key 'actoins'; a Mørkpoker deal has actions, button, carried_pot, game, rules, seats, stock, to_open",
        ),
    ],
)
def test_illegal_or_bad_deals_name_the_place(tmp_path, capsys, old, new, message):
    path = _with(tmp_path, old, new)
    code, out, err = settle(capsys, path)
    assert code == 1 and out == ""
    assert err.startswith(f"drawpoker settle: {path}:") and err.rstrip("\n").endswith(message), err
    assert err.count("\n") == 1


def test_raising_past_the_cap_is_refused(tmp_path, capsys):
    text = """game: morkpoker
button: A
seats:
  - {name: A, stack: 40, cards: "As Ad 7c 7d 2s"}
  - {name: B, stack: 40, cards: "Kh Kd 9s 5c 3h"}
  - {name: C, stack: 40, cards: "Qs Js Ts 4s 4d"}
actions:
  - B: bet
  - C: raise
  - A: raise
  - B: raise
  - C: raise
  - A: raise
"""
    path = tmp_path / "cap.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = settle(capsys, path)
    assert err.rstrip().endswith(
        "action 6 (A: raise): A cannot raise: the betting is capped: 4 raises have been made this round; call or fold"
    )
    assert f"{path}:13:" in err


def test_not_a_deal(tmp_path, capsys):
    path = tmp_path / "x.yaml"
    path.write_text("- 1\n", encoding="utf-8")
    code, out, err = settle(capsys, path)
    assert code == 1 and "a deal is a mapping of keys" in err
    path.write_text("game: chess\n", encoding="utf-8")
    code, out, err = settle(capsys, path)
    assert code == 1 and "game: expected 'morkpoker' or 'three-card-poker', found 'chess'" in err
    code, out, err = settle(capsys, tmp_path / "missing.yaml")
    assert code == 1 and "missing.yaml: no such file" in err


# ---------------------------------------------------------------- openers


def test_openers_are_proven_in_a_settled_deal_also_when_the_opener_wins_unseen(wide, capsys):
    code, out, err = settle(capsys, ROOT / "examples" / "jackpots-split-openers.yaml", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["pots"] == [{"amount": 11, "eligible": ["Bjørn"], "winners": ["Bjørn"], "shares": {"Bjørn": 11}}]
    assert data["to_open"] == "kings or better"
    assert data["openers"] == {"opener": "Bjørn", "cards": "Kh Kd", "kept_apart": "Kd"}
    code, out, err = settle(capsys, ROOT / "examples" / "jackpots-split-openers.yaml")
    assert "Bjørn opened and shows the openers: Kh Kd (Kd thrown in the exchange and kept apart)." in out


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "to_open: kings ",
            "to_open: aces ",
            "action 1 (Bjørn: bet): Bjørn cannot open: aces or better are needed, Bjørn has a pair of kings",
        ),
        ("to_open: kings ", "to_open: tens ", "to_open: expected jacks, queens, kings or aces, found 'tens'"),
        (
            "rules: jackpots-progressive",
            "rules: jackpots",
            "to_open: only a progressive opening has a requirement that changes",
        ),
        (
            "  - Bjørn: bet              # kings or better: Bjørn may open\n  - Cato: call ",
            "  - Bjørn: check\n  - Cato: check\n  - Anna: bet ",
            "action 3 (Anna: bet): Anna cannot open: kings or better are needed, Anna has a pair of sevens",
        ),
    ],
)
def test_an_opening_without_openers_is_refused_naming_the_action(tmp_path, capsys, old, new, message):
    text = (ROOT / "examples" / "jackpots-split-openers.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "deal.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    code, out, err = settle(capsys, path)
    assert code == 1
    assert err.startswith(f"drawpoker settle: {path}:") and err.endswith(f": {message}\n")


def test_a_passed_out_deal_under_openers_says_nobody_opened(wide, tmp_path, capsys):
    text = (ROOT / "examples" / "jackpots-split-openers.yaml").read_text(encoding="utf-8")
    head = text.split("actions:")[0].replace('stock: "Jh 2c"\n', "").replace("Kh Kd", "Kh Jd")
    path = tmp_path / "deal.yaml"
    path.write_text(head + "actions:\n  - Bjørn: check\n  - Cato: check\n  - Anna: check\n", encoding="utf-8")
    code, out, err = settle(capsys, path)
    assert code == 0, err
    assert out.startswith("Nobody opened: no exchange; the pot of 9 carries to the next deal, dealt by Anna.")


@pytest.mark.parametrize(
    "exchange, said",
    [
        ("exchange Ah", "Bo does not hold Ah"),
        ("exchange Kh Kd 9s 5c", "Bo may exchange at most 3 cards, not 4"),
        ("exchange 9s", "the stock lists 0 cards, 1 too few for this exchange; add them to 'stock'"),
    ],
)
def test_what_is_wrong_with_an_exchange_is_said_before_a_stock_too_short_for_it(exchange, said, tmp_path, capsys):
    """Without a stock, an exchange of a card the player does not hold (or of
    four) was told to add cards to the stock; adding them only led to the
    real problem."""
    from drawpoker.cli.main import main

    deal = tmp_path / "deal.yaml"
    deal.write_text(
        'game: morkpoker\nbutton: Anna\nseats:\n  - {name: Anna, stack: 40, cards: "Ah Ad 7c 7d 2s"}\n'
        '  - {name: Bo, stack: 40, cards: "Kh Kd 9s 5c 3h"}\nactions:\n  - Bo: bet\n  - Anna: call\n'
        f"  - Bo: {exchange}\n",
        encoding="utf-8",
    )
    assert main(["settle", str(deal)]) == 1
    assert capsys.readouterr().err.endswith(f"action 3 (Bo: {exchange}): {said}\n")
