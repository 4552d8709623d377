"""``drawpoker settle`` for a Three Card Poker round: the worked examples of
the sources, the shipped examples, and one clear line for every mistake."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

from drawpoker.cli import settle_cmd
from drawpoker.errors import DrawpokerError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ZERO = {"ante": 0, "play": 0, "ante_bonus": 0, "pair_plus": 0, "prime": 0, "six_card": 0, "net": 0}


def main(argv: list[str]) -> int:
    """``drawpoker settle`` with the command line's error edge: one line on stderr, exit 1."""
    parser = argparse.ArgumentParser(prog="drawpoker settle")
    settle_cmd.configure(parser)
    try:
        return settle_cmd.run(parser.parse_args(argv[1:]))
    except DrawpokerError as exc:
        print(f"drawpoker settle: {exc}", file=sys.stderr)
        return 1


def settle(tmp_path, text: str, capsys, *options: str):
    """Run ``drawpoker settle`` on a round; (exit code, JSON or text, stderr)."""
    path = tmp_path / "round.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["settle", str(path), *options])
    out, err = capsys.readouterr()
    if code == 0 and "--json" in options:
        return code, json.loads(out), err
    return code, out, err.strip().replace(str(path), "round.yaml")


def row(**nets) -> dict:
    return {**ZERO, **nets, "net": sum(nets.values())}


def round_text(dealer: str, *players: str, rules: str = "three-card-poker-no") -> str:
    lines = ["game: three-card-poker", f"rules: {rules}", f'dealer: "{dealer}"', "players:"]
    return "\n".join(lines + [f"  - {p}" for p in players]) + "\n"


# ---------------------------------------------------------------- worked examples


def test_seeds_000_pair_of_sevens_beats_ace_high(tmp_path, capsys):
    code, data, _ = settle(
        tmp_path, round_text("Ah Jc 8s", '{name: Du, cards: "7s 7d Kc", ante: 1, decision: play}'), capsys, "--json"
    )
    assert code == 0
    assert data == {"dealer_qualifies": True, "players": {"Du": row(ante=1, play=1)}, "bank_net": -2}
    _, text, _ = settle(
        tmp_path, round_text("Ah Jc 8s", '{name: Du, cards: "7s 7d Kc", ante: 1, decision: play}'), capsys
    )
    assert "Net: +2; 4 back for 2 staked." in text  # "you get back the two chips you bet, plus two"


def test_seeds_000_jack_eight_four_offsuit_does_not_qualify(tmp_path, capsys):
    _, data, _ = settle(
        tmp_path, round_text("Jd 8c 4h", '{name: Du, cards: "7s 7d Kc", ante: 1, decision: play}'), capsys, "--json"
    )
    assert data == {"dealer_qualifies": False, "players": {"Du": row(ante=1)}, "bank_net": -1}
    _, text, _ = settle(
        tmp_path, round_text("Jd 8c 4h", '{name: Du, cards: "7s 7d Kc", ante: 1, decision: play}'), capsys
    )
    assert "does not qualify (the dealer needs queen-high or better)" in text
    assert "Net: +1; 3 back for 2 staked." in text  # "three chips back in all"


@pytest.mark.parametrize(
    "dealer, qualifies, expected",
    [
        ("Jh 8h 3s", False, row(ante=1)),  # ante paid, play returned
        ("Qh 8h 3s", True, row(ante=1, play=1)),  # the dealer qualifies; king high wins both
    ],
)
def test_seeds_001_king_high(tmp_path, capsys, dealer, qualifies, expected):
    _, data, _ = settle(
        tmp_path,
        round_text(dealer, '{name: Du, cards: "Ks 9d 5c", ante: 1, decision: play}', rules="three-card-poker-sv"),
        capsys,
        "--json",
    )
    assert data == {"dealer_qualifies": qualifies, "players": {"Du": expected}, "bank_net": -expected["net"]}


def test_the_issue_example(wide, capsys):
    assert main(["settle", str(EXAMPLES / "three-card-round.yaml"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "dealer_qualifies": True,
        "players": {
            "Anna": row(ante=1, play=1, pair_plus=1),
            "Bjørn": row(ante=-2),
            "Cato": row(ante=1, play=1, ante_bonus=5, pair_plus=40, prime=3, six_card=-1),
            "Dina": row(pair_plus=2),
        },
        "bank_net": -52,
    }
    assert main(["settle", str(EXAMPLES / "three-card-round.yaml")]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0] == (
        "The dealer has A♥ J♣ 8♠, ace high, jack, eight, and qualifies (the dealer needs queen-high or better)."
    )
    assert "  Ante bonus: wins 5 (straight flush pays 5:1 on the ante)." in text
    assert (
        "  Six Card Bonus 1: loses 1 (best five of six: high card, ace, jack, eight, four, three, pays nothing)."
        in text
    )
    assert text.rstrip().endswith("The bank loses 52.")


def test_the_boxes_example_adds_up_a_players_boxes(capsys):
    assert main(["settle", str(EXAMPLES / "three-card-boxes.yaml"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "dealer_qualifies": False,
        "players": {"Olga": row(ante=2 - 2, pair_plus=40), "Ivan": row(ante=1)},
        "bank_net": -41,
    }


@pytest.mark.parametrize(
    "ruleset, mihai",
    [
        ("three-card-poker-ro", row(ante=-1, pair_plus=-1)),  # folding forfeits Pair Plus
        ("three-card-poker-no", row(ante=-1, pair_plus=4)),  # paid after a fold, flush 4:1
        ("three-card-poker-sv", None),  # Pair Plus alone is refused
    ],
)
def test_the_fold_example_under_each_source(tmp_path, capsys, ruleset, mihai):
    text = (
        (EXAMPLES / "three-card-fold.yaml")
        .read_text(encoding="utf-8")
        .replace("rules: three-card-poker-ro", f"rules: {ruleset}")
    )
    code, data, err = settle(tmp_path, text, capsys, "--json")
    if mihai is None:
        assert code == 1
        assert err == (
            "drawpoker settle: round.yaml:11: Ana cannot bet Pair Plus without an ante: "
            "these rules play Pair Plus only together with an ante"
        )
        return
    assert data["players"] == {"Mihai": mihai, "Ana": row(pair_plus=18), "Radu": row(ante=5, play=5)}


# ---------------------------------------------------------------- mistakes


ANNA = '{name: Anna, cards: "7s 7d Kc", ante: 1, decision: play}'


@pytest.mark.parametrize(
    "text, message",
    [
        (
            'game: three-card-poker\ndealer: "Ah Jc 8s"\nplayers: []\nbank: 10\n',
            "round.yaml:4: unknown key 'bank'; a Three Card Poker round has game, rules, dealer, players",
        ),
        (
            'game: three-card-poker\nrules: morkpoker\ndealer: "Ah Jc 8s"\nplayers: []\n',
            "round.yaml:2: rules: 'morkpoker' is a morkpoker ruleset, not Three Card Poker",
        ),
        (
            'game: three-card-poker\nrules: three-card-pokr\ndealer: "Ah Jc 8s"\nplayers: []\n',
            "round.yaml:2: rules: no ruleset 'three-card-pokr': not a file and not a shipped ruleset "
            "(did you mean 'three-card-poker'?)",
        ),
        (
            "game: three-card-poker\nplayers: []\n",
            "round.yaml: missing key 'dealer': the dealer's three cards, like \"Ah Jc 8s\"",
        ),
        (
            'game: three-card-poker\ndealer: "Ah Jc"\nplayers: []\n',
            "round.yaml:2: dealer: three cards are dealt, found 2",
        ),
        (
            'game: three-card-poker\ndealer: "Ah Jx 8s"\nplayers: []\n',
            "round.yaml:2: dealer: 'Jx' is not a card: unknown suit 'x'",
        ),
        (
            'game: three-card-poker\ndealer: "Ah Jc 8s"\nplayers: []\n',
            "round.yaml:3: players: expected a list of players, each {name, cards, ante, decision}",
        ),
        (
            round_text("Ah Jc 8s", "Anna"),
            "round.yaml:5: players[0]: expected {name: ..., cards: ..., ante: ..., decision: ...}",
        ),
        (round_text("Ah Jc 8s", '{cards: "7s 7d Kc", ante: 1}'), "round.yaml:5: players[0]: every player needs a name"),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", ante: 1, decision: play, tip: 1}'),
            "round.yaml:5: players[0] (Anna): unknown key 'tip'; a player has name, cards, ante, pair_plus, prime, "
            "six_card, decision, play",
        ),
        (
            round_text("Ah Jc 8s", "{name: Anna, ante: 1, decision: play}"),
            "round.yaml:5: players[0] (Anna): missing key 'cards' (the three cards dealt)",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d", ante: 1, decision: play}'),
            "round.yaml:5: players[0] (Anna): cards: three cards are dealt, found 2",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", ante: -1, decision: play}'),
            "round.yaml:5: players[0] (Anna): ante: expected a whole number of chips, 0 or more, found -1",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", ante: 1, decision: raise}'),
            "round.yaml:5: players[0] (Anna): decision: expected play or fold, found 'raise'",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", ante: 1}'),
            "round.yaml:5: players[0] (Anna): missing key 'decision': with an ante, say play or fold",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", pair_plus: 1, decision: fold}'),
            "round.yaml:5: players[0] (Anna): decision: without an ante there is nothing to play or fold",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", ante: 1, play: 2, decision: play}'),
            "round.yaml:5: Anna cannot bet 2 on Play: the Play bet is 1 (the ante times 1)",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", ante: 1, play: 1, decision: fold}'),
            "round.yaml:5: Anna cannot bet 1 on Play: there is no Play bet without playing",
        ),
        (
            round_text("Ah Jc 8s", ANNA, '{name: Bo, cards: "Kc 2d 3d", ante: 1, decision: fold}'),
            "round.yaml:6: Bo: cards: 'Kc' is dealt twice (also to Anna)",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s Jc Kc", ante: 1, decision: play}'),
            "round.yaml:5: Anna: cards: 'Jc' is dealt twice (also to the dealer)",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", ante: 1, prime: 1, decision: play}'),
            "round.yaml:5: Anna cannot bet Prime: these rules do not offer it",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc", ante: 20, decision: play}'),
            "round.yaml:5: Anna cannot bet an ante of 20: the ante is 1 to 10 chips",
        ),
        (
            round_text("Ah Jc 8s", '{name: Anna, cards: "7s 7d Kc"}'),
            "round.yaml:5: Anna cannot bet an empty box: a box needs an ante or a Pair Plus bet",
        ),
        (
            round_text("Ah Jc 8s", ANNA, '{name: Anna, cards: "Kh 9d 5c", ante: 1, decision: fold}'),
            "round.yaml:6: Anna cannot play 2 boxes: these rules allow one box per player",
        ),
        (
            round_text(
                "Ah Jc 8s",
                *[
                    f'{{name: P{i}, cards: "{c}", ante: 1, decision: fold}}'
                    for i, c in enumerate(["2c 2d 2h", "3c 3d 3h", "4c 4d 4h", "5c 5d 5h", "6c 6d 6h", "7c 7d 7h"])
                ],
            ),
            "round.yaml:4: players: these rules seat 1 to 5 players, not 6",
        ),
    ],
)
def test_every_mistake_is_one_clear_line(tmp_path, capsys, text, message):
    code, out, err = settle(tmp_path, text, capsys)
    assert (code, out) == (1, "")
    assert err == f"drawpoker settle: {message}"


def test_a_round_of_pair_plus_alone(tmp_path, capsys):
    code, data, _ = settle(
        tmp_path, round_text("Jd 8c 4h", '{name: Dina, cards: "9d 9s 2h", pair_plus: 2}'), capsys, "--json"
    )
    assert code == 0
    assert data == {"dealer_qualifies": False, "players": {"Dina": row(pair_plus=2)}, "bank_net": -2}
