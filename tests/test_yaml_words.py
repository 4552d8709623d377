"""A YAML file that cannot be read is said in plain words with the line to
look at, in English and in Norwegian (issue 24: "line 4: this line is
indented more than the one above it", "line 7: a tab; use spaces", never
"expected <block end>, but found '<block mapping start>'").

Each case is a common slip in a house-rules file; the English is asserted
word for word, the Norwegian by its words, and neither may carry the
parser's own vocabulary.
"""

from __future__ import annotations

import pytest

from tests.test_notes_language import _fail

#: what PyYAML says, which a player should never have to read
PARSER_WORDS = (
    "<block",
    "<stream",
    "token",
    "scalar",
    "expected ',' or",
    "mapping values",
    "simple key",
    "not valid YAML",
)

# (file text, the line named, the English after "FILE:LINE: ", Norwegian words)
CASES = [
    pytest.param(
        "extends: morkpoker\nbetting:\n  ante: 1\n    small_bet: 2\n",
        4,
        "this line is indented more than the one above it",
        "denne linjen er rykket lenger inn enn linjen over",
        id="indented-more",
    ),
    pytest.param(
        "extends: morkpoker\nbetting:\n  ante: 1\n small_bet: 2\n",
        4,
        "this line's indentation matches no line above it: line it up with the settings it belongs with",
        "innrykket på denne linjen passer ikke med noen linje over",
        id="indentation-matches-nothing",
    ),
    pytest.param(
        "extends: morkpoker\nbetting:\n\tante: 1\n",
        3,
        "a tab; use spaces (YAML indents with spaces only)",
        "et tabulatortegn; bruk mellomrom",
        id="tab-indent",
    ),
    pytest.param(
        "extends: morkpoker\ndescription:\tFriday\n",
        2,
        "a tab; use spaces",
        "et tabulatortegn; bruk mellomrom",
        id="tab-after-colon",
    ),
    pytest.param(
        "extends: morkpoker\ndescription: \"Friday at Anna's\nbetting:\n  ante: 2\n",
        2,
        'the quote (") opened on this line is never closed',
        'anførselstegnet (") som åpnes på denne linjen, blir aldri lukket',
        id="double-quote-unclosed",
    ),
    pytest.param(
        "extends: morkpoker\ndescription: 'Friday\n",
        2,
        "the quote (') opened on this line is never closed",
        "blir aldri lukket",
        id="single-quote-unclosed",
    ),
    pytest.param(
        "extends: morkpoker\ndeck:\n  wild_ranks: [2, 3\n",
        3,
        "the '[' on this line is never closed with ']'",
        "'[' på denne linjen blir aldri lukket med ']'",
        id="bracket-unclosed-at-end",
    ),
    pytest.param(
        "extends: morkpoker\ndeck:\n  wild_ranks: [2, 3\nbetting:\n  ante: 2\n",
        3,
        "the '[' on this line is not closed with ']' before line 4",
        "'[' på denne linjen er ikke lukket med ']' før linje 4",
        id="bracket-unclosed-before",
    ),
    pytest.param(
        "extends: morkpoker\nbetting: {ante: 2\n",
        2,
        "the '{' on this line is never closed with '}'",
        "'{' på denne linjen blir aldri lukket med '}'",
        id="brace-unclosed",
    ),
    pytest.param(
        "extends: morkpoker\ndeck:\n  wild_ranks: [2]]\n",
        3,
        "a ']' that closes nothing",
        "en ']' som ikke lukker noe",
        id="bracket-extra",
    ),
    pytest.param(
        "extends: morkpoker\ndeck:\n  wild_ranks: [2, , 3]\n",
        3,
        "a value is missing before this ','",
        "det mangler en verdi foran denne ','",
        id="value-missing-in-brackets",
    ),
    pytest.param(
        "extends: morkpoker\ndeck:\n  wild_ranks: [2,\n",
        3,
        "the '[' on this line is never closed with ']'",
        "blir aldri lukket med ']'",
        id="bracket-unclosed-after-comma",
    ),
    pytest.param(
        "extends: morkpoker\nsession:\n  dealers_choice: - morkpoker\n",
        3,
        "a list item ('- ') cannot follow a key on its line: put it on the next line, indented",
        "et listeelement ('- ') kan ikke stå etter en nøkkel på samme linje",
        id="list-item-after-key",
    ),
    pytest.param(
        "extends: morkpoker\ndescription Friday at Anna's\nbetting:\n  ante: 2\n",
        2,
        "this line has no colon: a setting is written 'key: value'",
        "denne linjen mangler kolon: en innstilling skrives 'nøkkel: verdi'",
        id="colon-missing",
    ),
    pytest.param(
        "extends: morkpoker\nbetting:\n  ante 2\n  small_bet: 1\n",
        3,
        "this line has no colon: a setting is written 'key: value'",
        "mangler kolon",
        id="colon-missing-before-a-setting",
    ),
    pytest.param(
        "game morkpoker\nbetting:\n  ante: 2\n",
        1,
        "this line has no colon: a setting is written 'key: value'",
        "mangler kolon",
        id="colon-missing-on-the-first-line",
    ),
    pytest.param(
        "extends: morkpoker\nbetting:\n  ante: 2\n  small_bet\n",
        4,
        "this line has no colon: a setting is written 'key: value'",
        "mangler kolon",
        id="key-without-value-or-colon",
    ),
    pytest.param(
        "extends: morkpoker\ndescription: Poker: Friday\n",
        2,
        "a second colon in one line: one setting to a line, and a value that holds ': ' in quotes",
        "et kolon til på samme linje",
        id="second-colon",
    ),
    pytest.param(
        "extends: morkpoker\nbetting:\n  ante: 2\n- small_bet: 1\n",
        4,
        "a list item ('- ') among settings ('key: value'): indent it under its setting",
        "et listeelement ('- ') blant innstillinger ('nøkkel: verdi')",
        id="list-item-among-settings",
    ),
    pytest.param(
        "extends: morkpoker\nsession:\n  dealers_choice:\n    - morkpoker\n    jackpots: 1\n",
        5,
        "a setting ('key: value') among the items of a list ('- ')",
        "en innstilling ('nøkkel: verdi') blant elementene i en liste ('- ')",
        id="setting-among-list-items",
    ),
    pytest.param(
        'extends: morkpoker\ndescription: "Friday" at Anna\'s\n',
        2,
        "text after the closing quote: put the whole value in quotes",
        "tekst etter det avsluttende anførselstegnet",
        id="text-after-quote",
    ),
    pytest.param(
        'extends: morkpoker\ndescription: "C:\\Games"\n',
        2,
        "'\\G' is not something YAML reads between double quotes; use single quotes instead",
        "bruk enkle anførselstegn i stedet",
        id="escape-unknown",
    ),
    pytest.param(
        "extends: morkpoker\ndescription: @home\n",
        2,
        "a value cannot begin with '@'; put it in quotes",
        "en verdi kan ikke begynne med '@'; sett den i anførselstegn",
        id="reserved-character",
    ),
    pytest.param(
        "extends: morkpoker\n---\ndescription: x\n",
        2,
        "a second document begins here ('---'); a drawpoker file holds one",
        "et nytt dokument begynner her ('---')",
        id="second-document",
    ),
    pytest.param(
        "extends: morkpoker\nbetting:\n  ante: *two\n",
        3,
        "'*two' repeats the value named '&two', but no value above has that name",
        "'*two' gjentar verdien som heter '&two', men ingen verdi over har det navnet",
        id="alias-undefined",
    ),
    pytest.param(
        "extends: morkpoker\nbetting:\n  ante: &a 2\n  small_bet: &a 1\n",
        4,
        "the name '&a' is given to two values (the first on line 3)",
        "navnet '&a' er gitt til to verdier (den første på linje 3)",
        id="anchor-twice",
    ),
    pytest.param(
        "extends: morkpoker\ndescription: |\nFriday\n",
        3,
        "this line has no colon: a setting is written 'key: value'",
        "mangler kolon",
        id="block-text-not-indented",
    ),
]


@pytest.mark.parametrize("text, line, english, norwegian", CASES)
def test_a_yaml_slip_is_said_in_plain_words_with_its_line(
    text, line, english, norwegian, tmp_path, capsys, monkeypatch
):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    said = _fail(capsys, monkeypatch, ["rules", "check", str(path)])
    assert said == f"{path}:{line}: {english}"
    norsk = _fail(capsys, monkeypatch, ["rules", "check", str(path)], env={"LANG": "nb_NO.UTF-8"})
    assert norsk.startswith(f"{path}:{line}: ") and norwegian in norsk, norsk
    for words in (said, norsk):
        assert not any(w in words for w in PARSER_WORDS), words
    assert _fail(capsys, monkeypatch, ["rules", "check", "--lang", "nb", str(path)]) == norsk


def test_every_command_that_reads_yaml_says_it_plainly(tmp_path, capsys, monkeypatch):
    """settle and play read YAML through the same layer."""
    path = tmp_path / "deal.yaml"
    path.write_text("rules: morkpoker\nplayers:\n\t- Anna\n", encoding="utf-8")
    said = _fail(capsys, monkeypatch, ["settle", str(path)])
    assert said == f"drawpoker settle: {path}:3: a tab; use spaces (YAML indents with spaces only)"
    said = _fail(capsys, monkeypatch, ["play", "--lang", "nb", str(path)])
    assert said.startswith(f"drawpoker play: {path}:3: et tabulatortegn; bruk mellomrom")


def test_what_no_plain_sentence_covers_keeps_the_parser_s_words_after_not_valid_yaml():
    import yaml

    from drawpoker.rules.yaml_errors import plain_problem
    from drawpoker.words.i18n import translator

    mark = yaml.Mark("house.yaml", 0, 1, 4, "", 0)
    error = yaml.MarkedYAMLError("while doing something new", mark, "found something odd", mark)
    line, note = plain_problem(error, "a: 1\nb: 2\n")
    assert (line, str(note)) == (2, "not valid YAML: found something odd")
    assert translator("nb").say(note) == "ikke gyldig YAML: found something odd"


def test_any_text_the_parser_refuses_gets_a_sentence_and_a_line_of_the_file():
    """Whatever PyYAML refuses, the plain words name a line the file has (or
    the one after its end, where a file stops short) and never fail."""
    import yaml
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from drawpoker.rules.yaml_errors import plain_problem
    from drawpoker.words.i18n import translator

    pieces = st.sampled_from(
        [
            "a",
            "b: ",
            ":",
            " ",
            "  ",
            "\t",
            "\n",
            "- ",
            "[",
            "]",
            "{",
            "}",
            ",",
            "'",
            '"',
            "#",
            "&x",
            "*x",
            "|",
            "---",
            "@",
            "\\q",
            "1",
        ]
    )
    nb = translator("nb")

    @settings(max_examples=400, deadline=None)
    @given(st.lists(pieces, max_size=30).map("".join))
    def check(text):
        try:
            yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as exc:
            line, note = plain_problem(exc, text)
            assert line is None or 1 <= line <= text.count("\n") + 2, (text, line)
            assert str(note) and nb.say(note)
        except yaml.YAMLError:
            pass

    check()


# ---------------------------------------------------------------- wild ranks as a card names them


@pytest.mark.parametrize(
    "written, ranks",
    [
        ("[J]", (11,)),
        ("[j, q]", (11, 12)),
        ("[T, 10]", (10, 10)),  # named twice: the cross-check refuses it below
        ("[K, A, 2]", (13, 14, 2)),
        ("['10', 3]", (10, 3)),
        ("[11]", (11,)),
    ],
)
def test_wild_ranks_read_the_letters_a_card_is_written_with(written, ranks):
    import yaml

    from drawpoker.rules.kinds import Ranks

    assert Ranks().load(yaml.safe_load(written)) == ranks


def test_jacks_wild_written_j_plays_the_jacks_wild(tmp_path):
    """[J] and [11] are one ruleset (the same fingerprint), and under it a
    jack stands for any card: K K K J 7 is four kings."""
    from drawpoker.cards import parse_cards
    from drawpoker.hands import Category
    from drawpoker.ranking import ranking_for_deck
    from drawpoker.rules import fingerprint, load_rules

    letters, numbers = tmp_path / "letters.yaml", tmp_path / "numbers.yaml"
    letters.write_text("extends: morkpoker\ndeck:\n  wild_ranks: [J]\n", encoding="utf-8")
    numbers.write_text("extends: morkpoker\ndeck:\n  wild_ranks: [11]\n", encoding="utf-8")
    rules = load_rules(letters)
    assert rules.deck.wild_ranks == (11,) and fingerprint(rules) == fingerprint(load_rules(numbers))
    ranking = ranking_for_deck(rules.deck, rules.showdown.ranking)
    assert ranking.category(parse_cards("Kh Kd Ks Jc 7s")) is Category.FOUR_OF_A_KIND


@pytest.mark.parametrize(
    "text, line, english, norwegian",
    [
        (
            "extends: morkpoker\ndeck:\n  wild_ranks:\n    - 2\n    - B\n",
            5,
            "deck.wild_ranks[1]: expected a rank: 2 to 10, J, Q, K or A (or 11 to 14 for jack to ace), found 'B'",
            "deck.wild_ranks[1]: ventet en valør: 2 til 10, J, Q, K eller A (eller 11 til 14 for knekt til ess), fant 'B'",
        ),
        (
            "extends: morkpoker\ndeck:\n  wild_ranks: [J, 11]\n",
            3,
            "deck.wild_ranks: wild_ranks names the jacks twice: name each wild rank once",
            "wild_ranks nevner knekter to ganger",
        ),
    ],
)
def test_a_rank_that_is_none_is_named_where_it_is(text, line, english, norwegian, tmp_path, capsys, monkeypatch):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    assert _fail(capsys, monkeypatch, ["rules", "check", str(path)]) == f"{path}:{line}: {english}"
    norsk = _fail(capsys, monkeypatch, ["rules", "check", "--lang", "nb", str(path)])
    assert norsk.startswith(f"{path}:{line}: ") and norwegian in norsk, norsk
