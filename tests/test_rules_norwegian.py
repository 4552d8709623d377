"""The full rules in Norwegian (issue 14): every setting's sentence and value
words of ``rules show --lang nb`` and of the client's setup screen come from
the catalogue, for every shipped ruleset and for every value each setting can
take; the title names the variant; the bet sizes name the right rounds."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import attrs
import pytest

from drawpoker.client.look import Look
from drawpoker.client.setup import SetupModel
from drawpoker.money import parse_chip_value
from drawpoker.rules import load_rules
from drawpoker.rules.explain import explain, sentence, setting_differences
from drawpoker.rules.kinds import Choice, Flag, Maybe, Money, Names, Pair, Paytable, Ranks, Ratio, Text, Whole
from drawpoker.rules.loading import shipped_names
from drawpoker.rules.model import settings
from drawpoker.words.i18n import translator

EN = translator("en")
NB = translator("nb")

#: words no Norwegian sentence holds, but almost every English one does
ENGLISH_WORDS = re.compile(
    r"\b(the|and|of|is|are|every|each|player|players|chip|chips|bet|bets|raise|raises|deal|deals|when|with|may|"
    r"round|rounds|exchange|cards|hand|wins|dealer|pays|none|nothing|yes|no|half|whole|unlimited|only|once)\b",
    re.IGNORECASE,
)
#: the card players' loanwords the Norwegian text keeps on purpose
LOANWORDS = re.compile(
    r"«the bug»|\((fixed|pot|no) limit\)|no limit|California lowball|Kansas City lowball|check-raise|Pair Plus"
    r"|Six Card Bonus|Three Card Poker|\(Play\)"
)


def english_in(text: str) -> list[str]:
    """The English words left in a Norwegian text (loanwords aside)."""
    return ENGLISH_WORDS.findall(LOANWORDS.sub("", text))


def values(kind: Any, default: Any) -> list[Any]:
    """Values of a kind that reach every branch of the sentences: bounds, one and
    more (singular and plural), each option, none."""
    if isinstance(kind, Choice):
        return list(kind.meanings)
    if isinstance(kind, Flag):
        return [True, False]
    if isinstance(kind, Maybe):
        return [None, *values(kind.inner, None)]
    if isinstance(kind, Whole):
        top = kind.maximum if kind.maximum is not None else 100
        return sorted({v for v in (kind.minimum, 1, 2, 3, 4, top) if kind.minimum <= v <= top})
    if isinstance(kind, Ratio):
        return [Fraction(0), Fraction(1, 2), Fraction(1), Fraction(2, 3)]
    if isinstance(kind, Paytable):
        return [default or {}, {}, {kind.hands[0]: 1}]
    if isinstance(kind, Pair):
        return [(1, 2), (1, 1)]
    if isinstance(kind, Ranks):
        return [(), (2,), (2, 11, 14)]
    if isinstance(kind, Names):
        return [(), ("morkpoker", "jackpots")]
    if isinstance(kind, Money):
        return [parse_chip_value("0.50 NOK"), parse_chip_value("100 JPY")]
    assert isinstance(kind, Text)
    return []


def changed(rules: Any, path: tuple[str, ...], value: Any) -> Any:
    """The rules with one setting changed (no cross-check: every value is said)."""
    if len(path) == 1:
        return attrs.evolve(rules, **{path[0]: value})
    return attrs.evolve(rules, **{path[0]: changed(getattr(rules, path[0]), path[1:], value)})


def draw_contexts() -> list[Any]:
    """Draw rules whose other settings reach every sentence that depends on them:
    bet sizes by round and exchanges, blinds, structures, openers."""
    base = load_rules("morkpoker")
    out = []
    for exchanges in (1, 2, 3):
        for big_from in range(1, exchanges + 2):
            for blinds in (None, (1, 1)):
                r = changed(
                    changed(base, ("draw", "exchanges"), exchanges), ("betting", "big_bet_from_round"), big_from
                )
                out.append(changed(r, ("betting", "blinds"), blinds))
    for structure in ("pot_limit", "no_limit"):
        for blinds in (None, (1, 2)):
            out.append(changed(changed(base, ("betting", "structure"), structure), ("betting", "blinds"), blinds))
    for opening in ("jacks_or_better", "progressive"):
        out.append(changed(base, ("betting", "opening"), opening))
    return out


CONTEXTS = [load_rules(name) for name in shipped_names()] + draw_contexts()


def every_sentence() -> list[tuple[str, str, str]]:
    """(where, English, Norwegian) for every setting, every value, every context."""
    out = []
    for rules in CONTEXTS:
        for path, field, _, _ in settings(rules):
            kind = field.metadata["kind"]
            for value in values(kind, field.default if not isinstance(field.default, attrs.Factory) else None):
                mutated = changed(rules, path, value)
                where = f"{rules.description[:30]} {'.'.join(path)}={value!r}"
                for context in (mutated, None):  # with the whole ruleset known, and alone (the schema's)
                    out.append((where, sentence(field, value, context, EN), sentence(field, value, context, NB)))
                out.append((where + " (words)", kind.words(value, EN), kind.words(value, NB)))
    return out


SENTENCES = every_sentence()


def test_every_sentence_of_every_setting_value_is_translated():
    untranslated = sorted({(where, en) for where, en, nb in SENTENCES if en and nb == en and english_in(en)})
    assert not untranslated, f"{len(untranslated)} still in English, e.g. {untranslated[:3]}"


def test_no_english_word_is_left_in_a_norwegian_sentence():
    leaks = sorted({(nb, tuple(english_in(nb))) for _, _, nb in SENTENCES if english_in(nb)})
    assert not leaks, leaks[:5]


def test_the_walk_reaches_every_setting_and_many_sentences():
    every = {".".join(path) for rules in CONTEXTS for path, _, _, _ in settings(rules) if path != ("description",)}
    reached = {re.search(r" ([a-z_.]+)=", where).group(1) for where, _, _ in SENTENCES}
    assert reached == every and len(every) >= 55
    assert len({en for _, en, _ in SENTENCES}) > 250


@pytest.mark.parametrize("name", shipped_names())
def test_rules_show_in_norwegian_has_no_english_sentence(name, capsys, monkeypatch):
    from drawpoker.cli.main import main

    monkeypatch.setenv("COLUMNS", "2000")  # (each paragraph on one line)

    assert main(["rules", "show", name, "--lang", "nb"]) == 0
    out = capsys.readouterr().out
    assert not english_in(out), (name, english_in(out))
    english = explain(load_rules(name))
    for line in english.splitlines()[1:]:
        for said in re.split(r"(?<=\.) (?=[A-Z])", line.strip()):
            if said and english_in(said):
                assert said not in out, said


@pytest.mark.parametrize(
    "name, english, norwegian",
    [
        ("morkpoker", "Mørkpoker", "Mørkpoker"),
        ("jackpots", "Jackpots", "Jackpots"),
        ("deuce-to-seven-triple-draw", "Deuce-to-seven triple draw", "Trippel toer-til-syver"),
        ("deuce-to-seven-single-draw", "Deuce-to-seven single draw", "Enkel toer-til-syver"),
        ("ace-to-five-lowball", "Ace-to-five single draw", "Enkel ess-til-fem"),
        ("no-limit-draw", "Five-card draw", "Femkorts draw"),
        ("three-card-poker", "Three Card Poker", "Three Card Poker"),
        ("dealers-choice", "Dealer's choice", "Giverens valg"),
    ],
)
def test_the_heading_names_the_variant_as_the_title_does(name, english, norwegian):
    rules = load_rules(name)
    for tr, title in ((EN, english), (NB, norwegian)):
        heading = explain(rules, tr).splitlines()[0]
        # the name once: "Jackpots (jacks or better to open; ...)", never "Jackpots: Jackpots (...)";
        # a description that says it further on stands alone ("No-limit five-card draw (...)")
        assert heading.casefold().count(title.casefold()) == 1, heading
        assert heading.startswith(title) or not heading.startswith(title.split()[0] + ":"), heading
        if heading.startswith(title):
            assert heading[len(title)] in ":, ", heading


@pytest.mark.parametrize("name", shipped_names())
def test_a_description_names_its_game_in_norwegian_wherever_it_does_in_english(name):
    """The heading and the dealer's-choice menu say the name once where the
    description begins with it; a Norwegian description that words the game
    otherwise ("Trippel toer-til-syver: Toer-til-syver med tre kortbytter (...)")
    said the game twice in two ways."""
    from drawpoker.rules.explain import game_name, names_itself

    rules = load_rules(name)
    for game in [rules, *(g for _, g in getattr(rules, "variants", ()))]:
        english, norwegian = (names_itself(game_name(game, tr), tr.p("ruleset", game.description)) for tr in (EN, NB))
        assert norwegian or not english, (name, game_name(game, NB), NB.p("ruleset", game.description))


def sentence_of(rules: Any, setting: str, tr: Any = EN) -> str:
    for path, field, value, _ in settings(rules):
        if ".".join(path) == setting:
            return sentence(field, value, rules, tr)
    raise AssertionError(setting)


def test_small_and_big_bets_name_their_rounds_in_every_game():
    mork = load_rules("morkpoker")
    assert sentence_of(mork, "betting.small_bet") == "Before the exchange every bet and raise is 1 chip."
    assert sentence_of(mork, "betting.big_bet") == "After the exchange every bet and raise is 2 chips."
    triple = load_rules("deuce-to-seven-triple-draw")  # three exchanges, big bet from round 3
    assert sentence_of(triple, "betting.small_bet") == (
        "In the first two betting rounds (before the second exchange) every bet and raise is 2 chips."
    )
    assert sentence_of(triple, "betting.big_bet") == (
        "From the third betting round on (after the second exchange) every bet and raise is 4 chips."
    )
    assert sentence_of(triple, "betting.big_bet", NB) == (
        "Fra og med den tredje innsatsrunden (etter det andre kortbyttet) er hver innsats og høyning 4 sjetonger."
    )
    two = changed(mork, ("draw", "exchanges"), 2)
    assert "before the first exchange" in sentence_of(two, "betting.small_bet")
    assert "after the first exchange" in sentence_of(two, "betting.big_bet")
    all_big = changed(two, ("betting", "big_bet_from_round"), 1)
    assert "not used" in sentence_of(all_big, "betting.small_bet")
    assert sentence_of(all_big, "betting.big_bet").startswith("Every bet and raise is 2 chips, from the first")
    for rules in draw_contexts():  # no game with several exchanges says "the exchange" as if there were one
        if rules.draw.exchanges > 1:
            for setting in ("betting.small_bet", "betting.big_bet"):
                assert "the exchange" not in sentence_of(rules, setting)
                assert "kortbyttet " not in sentence_of(rules, setting, NB)


def test_three_card_poker_counts_rounds_and_says_nothing_of_dealers_choice():
    text = explain(load_rules("three-card-poker-ro"), NB)
    assert "mellom rundene" in text and "utdeling" not in text


def test_the_setup_screen_shows_the_full_rules_in_norwegian():
    for name in ("deuce-to-seven-triple-draw", "three-card-poker"):
        m = SetupModel(load_rules(name), NB)
        m.enter()  # the number of players
        while m.step == "names":
            m.enter()  # each default name
        m.enter()  # nobody is a computer
        if m.step == "dealer":
            m.enter()  # the first player named deals first
        assert m.step == "rules"
        shown = "\n".join("".join(t for _, t in line) for line in m.lines(Look(), 80, 400))
        full = shown.split("Fullstendig:")[1]
        assert not english_in(full), english_in(full)
        assert "Fingeravtrykk" not in full and len(full) > 1000


def test_rules_diff_in_norwegian(capsys, monkeypatch):
    from drawpoker.cli.main import main

    monkeypatch.setenv("COLUMNS", "200")  # (a difference on three lines)
    assert main(["rules", "diff", "morkpoker", "jackpots", "--lang", "nb"]) == 0
    out = capsys.readouterr().out
    # only the setting that differs (issue 24), not the sentences of others that name it
    assert "1 innstilling er forskjellig mellom morkpoker (første) og jackpots (andre):" in out
    assert "betting.opening: alle hender kan åpne den første runden -> bare ett par knekter" in out
    rules = load_rules("morkpoker")
    found = setting_differences(rules, changed(rules, ("betting", "incomplete_raise_reopens"), Fraction(1)), NB)
    assert found is not None
    assert (found[0].setting, found[0].first, found[0].second) == (
        "betting.incomplete_raise_reopens",
        "halvparten",
        "et helt trinn",
    )
