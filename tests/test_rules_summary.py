"""The short rules at the table say what the variant plays, never Mørkpoker's words by default."""

from __future__ import annotations

import pytest

from drawpoker.rules import load_rules, shipped_names
from drawpoker.words.i18n import translator
from drawpoker.words.rules_text import rules_summary


def _summary(name: str, lang: str = "en") -> str:
    return "\n".join(rules_summary(load_rules(name), translator(lang)))


def test_no_limit_deuce_to_seven_says_blinds_no_limit_and_lowest_wins():
    text = _summary("deuce-to-seven-single-draw")
    assert "Blinds 1 and 2; no limit: a bet is at least 2" in text
    assert "The lowest hand wins (deuce to seven)" in text
    assert text.startswith("Deuce-to-seven single draw: 2 to 6 players.")  # named as the title bar names it
    for wrong in ("Mørkpoker", "At most", "checks the first round", "checked through", "Best hand", "Ante"):
        assert wrong not in text, wrong


def test_ace_to_five_with_the_joker_and_fixed_limit_blinds():
    text = _summary("ace-to-five-lowball")
    assert "it counts as the lowest card the hand lacks" in text
    assert "the best hand is 5-4-3-2-A" in text
    assert "Blinds 1 and 2; bets and raises of 2 before the exchange and 4 after." in text


def test_jokers_wild_ranks_and_openers():
    assert "the bug: an ace, or any card that completes a straight or a flush" in _summary("california-draw")
    assert "Deuces are wild." in _summary("deuces-wild")
    jackpots = _summary("jackpots")
    assert "Only a pair of jacks or better may open" in jackpots and not jackpots.startswith("Mørkpoker")
    assert "If nobody opens the last deal" in jackpots and "checked through" not in jackpots
    assert "There are 3 exchanges" in _summary("deuce-to-seven-triple-draw")


def test_morkpoker_reads_as_before():
    assert _summary("morkpoker").startswith("Mørkpoker, five-card draw: 2 to 6 players.\nAnte 1; bets and raises")


@pytest.mark.parametrize("name", [n for n in shipped_names() if not n.startswith("three-card")])
def test_every_draw_summary_is_norwegian_in_norwegian(name):
    english = rules_summary(load_rules(name), translator("en"))
    norsk = rules_summary(load_rules(name), translator("nb"))
    assert len(english) == len(norsk)
    for en, nb in zip(english, norsk, strict=True):
        assert en != nb, en


def test_the_title_names_the_variant_not_morkpoker():
    from drawpoker.client.draw.view import title_text
    from drawpoker.games.draw.state import DrawState

    s = DrawState()
    s.deal = 1
    titles = {
        "morkpoker": "Mørkpoker · deal 1 of 12",
        "deuce-to-seven-single-draw": "Deuce-to-seven single draw · deal 1 of 12",
        "deuce-to-seven-triple-draw": "Deuce-to-seven triple draw · deal 1 of 12",
        "ace-to-five-lowball": "Ace-to-five single draw · deal 1 of 12",
        "jackpots": "Jackpots · deal 1 of 12",
        "deuces-wild": "Deuces wild · deal 1 of 12",  # (ev47: it was "Five-card draw", as the next two)
        "california-draw": "California draw · deal 1 of 12",
        "no-limit-draw": "No-limit five-card draw · deal 1 of 12",
        "jackpots-progressive": "Progressive jackpots · deal 1 of 12",
    }
    for name, title in titles.items():
        assert title_text(s, load_rules(name), translator("en")) == title
    assert title_text(s, load_rules("deuce-to-seven-single-draw"), translator("nb")) == (
        "Enkel toer-til-syver · utdeling 1 av 12"
    )
    assert title_text(s, load_rules("deuces-wild"), translator("nb")) == "Ville toere · utdeling 1 av 12"
    assert (
        title_text(s, load_rules("no-limit-draw"), translator("nb")) == "Femkorts draw med no limit · utdeling 1 av 12"
    )


# ---------------------------------------------------------------- issue 24: nothing a table changed is left out

_BASES = ("morkpoker", "no-limit-draw", "jackpots", "deuce-to-seven-triple-draw", "three-card-poker-home")
#: a setting that matters only with others set: those first, in the ruleset and in its change
_CONTEXT = {
    ("session", "rebuy_amount"): ((("session", "when_broke"), "rebuy"),),
    ("session", "rebuy_limit"): ((("session", "when_broke"), "rebuy"),),
    ("session", "dealer_draw_ties"): ((("session", "first_dealer"), "drawn"),),
    ("deck", "joker"): ((("deck", "jokers"), 1), (("deck", "joker"), "wild")),
    ("dealer", "bank"): ((("dealer", "mode"), "house_bank"), (("session", "deals"), 12)),
    ("draw", "max_cards_with_ace"): ((("table", "max_players"), 4),),
    ("deck", "wild_may_duplicate"): ((("deck", "wild_ranks"), (2,)),),
    ("deck", "natural_beats_wild"): ((("deck", "wild_ranks"), (2,)),),
    ("dealer", "rounds_each"): ((("dealer", "mode"), "rotating"),),
    ("pair_plus", "paytable"): ((("pair_plus", "enabled"), True),),
    ("pair_plus", "max_bet"): ((("pair_plus", "enabled"), True),),
    ("pair_plus", "after_fold"): ((("pair_plus", "enabled"), True),),
    ("pair_plus", "without_ante"): ((("pair_plus", "enabled"), True),),
    ("prime", "pays"): ((("prime", "enabled"), True),),
    ("prime", "pays_with_dealer"): ((("prime", "enabled"), True),),
    ("prime", "dealer_colour"): ((("prime", "enabled"), True),),
    ("prime", "max_bet"): ((("prime", "enabled"), True),),
    ("six_card_bonus", "paytable"): ((("six_card_bonus", "enabled"), True),),
    ("six_card_bonus", "max_bet"): ((("six_card_bonus", "enabled"), True),),
}
#: where a setting matters, for one whose sentence in `rules show` is said by others (never on its own)
_MATTERS = {("betting", "big_bet_from_round"): lambda betting: betting.structure == "fixed_limit"}
#: a change that needs a second one to be valid
_TOGETHER = {("deck", "jokers"): (("deck", "joker"), "wild"), ("dealer", "mode"): (("session", "deals"), 12)}


def _evolve(obj, path, value):
    import attrs

    if len(path) == 1:
        return attrs.evolve(obj, **{path[0]: value})
    return attrs.evolve(obj, **{path[0]: _evolve(getattr(obj, path[0]), path[1:], value)})


def _alternatives(path, kind, value):
    from fractions import Fraction

    name = type(kind).__name__
    if path == ("betting", "blinds"):
        return [(1, 2), (2, 4)]
    if path == ("draw", "max_cards_with_ace"):
        return [4, 5, None]
    if name == "Whole":
        return [x for x in (value + 1, value - 1, value + 2) if kind.minimum <= x <= kind.largest]
    if name == "Choice":
        return [m for m in kind.meanings if m != value]
    if name == "Flag":
        return [not value]
    if name == "Maybe":
        inner = kind.inner
        if type(inner).__name__ == "Pair":
            others = [(20, 60), (40, 40)]
        elif type(inner).__name__ == "Money":
            others = [inner.load("0.50 NOK")]
        else:
            others = [x for x in (1, 2, 3, 6, 100) if inner.minimum <= x <= inner.largest]
        return ([None] if value is not None else []) + [x for x in others if x != value]
    if name == "Ratio":
        return [Fraction(1), Fraction(0), Fraction(1, 3)]
    if name == "Paytable":
        table = dict(value) or {"pair": 1}
        first = next(iter(table))
        return [{**table, first: table[first] + 1}]
    if name == "Ranks":
        return [(2,), (2, 3), ()]
    return []


def test_issue_24_the_summary_says_every_setting_a_table_changed():
    """Each setting changed from the ruleset's value, where it is valid and
    matters given the rest, changes the short summary: `rebuy_limit: 1` was
    missing."""
    from drawpoker.rules.model import cross_check, settings

    tr = translator("en")
    changed_somewhere: set[tuple[str, ...]] = set()
    silent = []
    for name in _BASES:
        rules = load_rules(name)
        for path, field, _, _ in settings(rules):
            if path in (("description",), ("session", "dealers_choice")):
                continue  # the title says the description; the dealer's choice is its own summary
            base = rules
            for setting, value in _CONTEXT.get(path, ()):
                base = _evolve(base, setting, value)
            if cross_check(base):
                continue
            value = next(v for p, _, v, _ in settings(base) if p == path)
            for other in _alternatives(path, field.metadata["kind"], value):
                if other == value:
                    continue
                try:
                    change = _evolve(base, path, other)
                    if path in _TOGETHER:
                        change = _evolve(change, *_TOGETHER[path])
                except (TypeError, ValueError):
                    continue
                owner = next(o for p, _, _, o in settings(change) if p == path)
                relevant = _MATTERS.get(path, field.metadata.get("relevant"))
                if cross_check(change) or (relevant is not None and not relevant(owner)):
                    continue
                changed_somewhere.add(path)
                if rules_summary(change, tr) == rules_summary(base, tr):
                    silent.append(f"{name}: {'.'.join(path)} {value!r} -> {other!r}")
    assert not silent, "\n".join(silent)
    every = {p for name in ("morkpoker", "three-card-poker") for p, _, _, _ in settings(load_rules(name))}
    assert every - changed_somewhere == {("description",), ("session", "dealers_choice")}


def test_issue_24_rebuy_limit_is_in_the_summary_in_both_languages():
    rules = _evolve(_evolve(load_rules("morkpoker"), ("session", "when_broke"), "rebuy"), ("session", "rebuy_limit"), 1)
    assert "A player may rebuy at most 1 time." in rules_summary(rules, translator("en"))
    assert "En spiller kan kjøpe seg inn igjen høyst 1 gang." in rules_summary(rules, translator("nb"))


@pytest.mark.parametrize("name", shipped_names())
def test_issue_24_rules_show_of_a_high_game_says_nothing_of_lowball_or_wild_cards_it_lacks(name):
    from drawpoker.rules.explain import explain

    rules = load_rules(name)
    games = [rules, *(game for _, game in getattr(rules, "variants", ()))]
    if rules.game != "morkpoker" or len(games) > 1:
        return
    text = explain(rules).lower()
    if rules.showdown.ranking == "high":
        assert "lowball" not in text and "lowest" not in text
    if not rules.deck.jokers and not rules.deck.wild_ranks:
        assert "wild" not in text and "joker" not in text and "five of a kind" not in text


@pytest.mark.parametrize(
    ("language", "length", "add_on"),
    [
        ("en", "the session lasts 6 rounds.", "Between rounds a player who still has chips may buy more"),
        ("nb", "økten varer 6 runder.", "Mellom rundene kan en spiller som fortsatt har sjetonger, kjøpe flere"),
    ],
)
def test_three_card_poker_counts_its_session_and_its_add_ons_in_rounds(language, length, add_on):
    """A Three Card Poker evening is rounds everywhere on its table ('round 1 of 6'); the rules
    before the first round said 'the session lasts 6 deals' and 'Between deals a player ... may buy
    more', in both languages (seen at 80x24 before an evening against the house bank)."""
    import attrs

    from drawpoker.rules.explain import explain

    rules = load_rules("three-card-poker-sv")
    rules = attrs.evolve(rules, session=attrs.evolve(rules.session, deals=6, add_on_limit=15))
    tr = translator(language)
    summary = "\n".join(rules_summary(rules, tr))
    shown = explain(rules, tr)
    assert length in summary and add_on in summary, summary
    assert add_on in shown, shown
    for deals in ("6 deals", "Between deals", "6 utdelinger", "Mellom utdelingene"):
        assert deals not in summary and deals not in shown
    draw = "\n".join(rules_summary(attrs.evolve(load_rules("morkpoker"), session=rules.session), tr))
    assert ("the session lasts 6 deals" if language == "en" else "økten varer 6 utdelinger") in draw
