"""``drawpoker hand CARDS --rules RULESET``: a hand named under a ruleset's
jokers, wild cards and ranking; bad input is one sentence and exit 1."""

from __future__ import annotations

import pytest

from drawpoker.cli.main import main

RULESETS = {
    "bug.yaml": "extends: morkpoker\ndeck:\n  jokers: 1\n  joker: bug\n",
    "deuces.yaml": "extends: morkpoker\ndeck:\n  wild_ranks: [2]\n",
    "a5.yaml": "extends: morkpoker\ndeck:\n  jokers: 1\n  joker: bug\nshowdown:\n  ranking: ace_to_five\n",
    "d27.yaml": "extends: morkpoker\nshowdown:\n  ranking: deuce_to_seven\n",
}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    for name, text in RULESETS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    "cards, ruleset, said",
    [
        ("Ks Kd 7c 4h Jk", "bug.yaml", "Ks Kd 7c 4h Jk: one pair, kings, ace, seven, four kickers"),
        ("As Ad Ac Ah 🃏", "bug.yaml", "As Ad Ac Ah Jk: five aces"),
        ("2s 2d 2c 2h Ah", "deuces.yaml", "2s 2d 2c 2h Ah: five aces"),
        ("Jk 7d 3c 4s 5h", "a5.yaml", "Jk 7d 3c 4s 5h: seven-five low, four, three, ace"),
        ("As 2d 3c 4s 5h", "a5.yaml", "As 2d 3c 4s 5h: the wheel"),
        ("As 2d 3c 4s 5h", "d27.yaml", "As 2d 3c 4s 5h: ace high, five, four, three, two"),
        ("7s 5d 4c 3s 2h", "d27.yaml", "7s 5d 4c 3s 2h: seven-five low, four, three, two"),
        ("Ks Kd 7c 4h 2s", "morkpoker", "Ks Kd 7c 4h 2s: one pair, kings, seven, four, two kickers"),
        (
            "Kh Ks 9d 7c 5h 4s 3d",
            "d27.yaml",
            "Kh Ks 9d 7c 5h 4s 3d: best five 9d 7c 5h 4s 3d, nine-seven low, five, four, three",
        ),
    ],
)
def test_hand_under_rules(folder, capsys, cards, ruleset, said):
    assert main(["hand", cards, "--rules", ruleset]) == 0
    assert capsys.readouterr().out.strip() == said


@pytest.mark.parametrize(
    "args, message",
    [
        (["Jk As Kd 7c 2s"], "a joker is only in some decks: name a ruleset with jokers, e.g. --rules RULESET"),
        (["Jk As Kd 7c 2s", "--rules", "morkpoker"], "'Jk' is a joker, and this deck has none (the deck of morkpoker)"),
        (["Jk Jk Kd 7c 2s", "--rules", "bug.yaml"], "too many jokers: this deck has 1 (the deck of bug.yaml)"),
        (["As Kd 7c", "--rules", "bug.yaml"], "give 5, 6 or 7 cards, found 3"),
        (["As As 7c 2s 3s", "--rules", "bug.yaml"], "duplicate card 'As'"),
        (["As Kx 7c 2s 3s", "--rules", "bug.yaml"], "'Kx' is not a card: unknown suit 'x'"),
        (
            ["As Kd 7c 2s 3s", "--rules", "three-card-poker"],
            "three-card-poker is Three Card Poker, where a hand is three cards: give three, found 5",
        ),
        (["As Kd 7c Jk", "--rules", "three-card-poker"], "'Jk' is a joker, and this deck has none"),
        (["As Kd 7c 2s"], "give 3, 5, 6 or 7 cards, found 4"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_1(folder, capsys, args, message):
    assert main(["hand", *args]) == 1
    err = capsys.readouterr().err
    assert err == f"drawpoker hand: {message}\n"


def test_a_ruleset_that_does_not_load_is_refused(folder, capsys):
    (folder / "broken.yaml").write_text("extends: morkpoker\ndeck:\n  joker: bug\n", encoding="utf-8")
    assert main(["hand", "As Kd 7c 2s 3s", "--rules", "broken.yaml"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deck.joker" in err and "no joker" in err


@pytest.mark.parametrize(
    "cards, ruleset, english, norwegian",
    [
        (
            "As Ks Qs",
            "three-card-poker",
            "As Ks Qs: straight flush, ace high (Three Card Poker)",
            "As Ks Qs: straight flush, ess høyest (Three Card Poker)",
        ),
        (
            "7s 7d Kc",
            "three-card-poker-sv",
            "7s 7d Kc: pair of sevens, king kicker (Three Card Poker)",
            "7s 7d Kc: ett par, sjuere, konge som sidekort (Three Card Poker)",
        ),
    ],
)
def test_a_three_card_poker_ruleset_names_the_three_card_hand(folder, capsys, cards, ruleset, english, norwegian):
    """Issue 24: ``hand 'As Ks Qs' --rules three-card-poker`` was refused."""
    assert main(["hand", cards, "--rules", ruleset]) == 0
    assert capsys.readouterr().out.strip() == english
    assert main(["hand", cards, "--rules", ruleset, "--lang", "nb"]) == 0
    assert capsys.readouterr().out.strip() == norwegian
    assert main(["hand", cards]) == 0  # the same words as without --rules
    assert capsys.readouterr().out.strip() == english


@pytest.mark.parametrize(
    "cards, ruleset, norwegian",
    [
        ("Ks Kd 7c 4h Jk", "bug.yaml", "Ks Kd 7c 4h Jk: ett par, konger, ess, sju, fire som sidekort"),
        ("2s 2d 2c 2h Ah", "deuces.yaml", "2s 2d 2c 2h Ah: fem ess"),
        ("As 2d 3c 4s 5h", "a5.yaml", "As 2d 3c 4s 5h: "),
        ("Ks Kd 7c 4h 2s", "morkpoker", "Ks Kd 7c 4h 2s: ett par, konger, sju, fire, to som sidekort"),
    ],
)
def test_hand_under_rules_speaks_norwegian(folder, capsys, cards, ruleset, norwegian):
    assert main(["hand", cards, "--rules", ruleset, "--lang", "nb"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(norwegian), out
    assert main(["hand", cards, "--rules", ruleset]) == 0
    assert capsys.readouterr().out.strip() != out  # English without --lang


def test_a_hand_refused_under_rules_is_said_in_norwegian(folder, capsys):
    assert main(["hand", "As Kd 7c 2s 3s", "--rules", "three-card-poker", "--lang", "nb"]) == 1
    assert capsys.readouterr().err == (
        "drawpoker hand: three-card-poker er Three Card Poker, der en hånd er tre kort: gi tre, fant 5\n"
    )


@pytest.mark.parametrize(
    "cards, english, norwegian",
    [
        ("As As Kd Qd Jd", "duplicate card 'As'", "kortet 'As' er gitt to ganger"),
        ("As Xx Kd Qd Jd", "'Xx' is not a card: unknown rank 'X'", "'Xx' er ikke et kort: ukjent verdi 'X'"),
        ("As K Kd Qd Jd", "'K' is not a card: missing suit", "'K' er ikke et kort: fargen mangler"),
        ("As Kz Kd Qd Jd", "'Kz' is not a card: unknown suit 'z'", "'Kz' er ikke et kort: ukjent farge 'z'"),
    ],
)
def test_a_card_mistake_is_said_in_the_players_language(cards, english, norwegian, capsys):
    """Card mistakes were English whatever the language (hand, settle)."""
    assert main(["hand", cards, "--lang", "en"]) == 1
    assert capsys.readouterr().err == f"drawpoker hand: {english}\n"
    assert main(["hand", cards, "--lang", "nb"]) == 1
    assert capsys.readouterr().err == f"drawpoker hand: {norwegian}\n"


def test_a_card_given_twice_in_a_settled_exchange_is_said_in_norwegian(tmp_path, capsys):
    deal = tmp_path / "deal.yaml"
    deal.write_text(
        'game: morkpoker\nbutton: Anna\nstock: "2c 3c"\nseats:\n  - {name: Anna, stack: 40, cards: "Ah Ad 7c 7d 2s"}\n'
        '  - {name: Bo, stack: 40, cards: "Kh Kd 9s 5c 3h"}\nactions:\n  - Bo: bet\n  - Anna: call\n'
        "  - Bo: exchange 9s 9s\n",
        encoding="utf-8",
    )
    assert main(["settle", "--lang", "nb", str(deal)]) == 1
    assert capsys.readouterr().err.endswith("(Bo: exchange 9s 9s): kortet '9s' er gitt to ganger\n")
