"""The rules in plain words: ``drawpoker rules show`` and ``rules diff``.

Every sentence is written in English and passed through a
:class:`~drawpoker.rules.kinds.Words` (the client's translator fits), so
``rules show --lang nb`` reads the same rules in Norwegian from the
client's catalogue. A setting whose kind is a :class:`Choice` says each of
its meanings in one whole sentence (:func:`choice_sentences`), translated as
such.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from drawpoker.rules.kinds import ENGLISH, Choice, Words
from drawpoker.rules.model import Rules, settings

__all__ = [
    "explain",
    "setting_differences",
    "games_differ",
    "Difference",
    "sentence",
    "choice_sentences",
    "game_name",
    "table_name",
    "variant_names",
    "names_itself",
    "ruleset_description",
    "is_morkpoker",
    "section_title",
]


def section_title(name: str, tr: Words = ENGLISH) -> str:
    """A section's heading in ``rules show``."""
    titles = {
        "table": tr._("Table"),
        "betting": tr._("Ante and betting"),
        "deck": tr._("The deck"),
        "draw": tr._("The exchange"),
        "showdown": tr._("Showdown"),
        "session": tr._("Session"),
        "bets": tr._("Ante and Play"),
        "pair_plus": tr._("Pair Plus"),
        "prime": tr._("Prime"),
        "six_card_bonus": tr._("Six Card Bonus"),
        "dealer": tr._("Dealer and bank"),
    }
    return titles.get(name, name)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def choice_sentences(field: Any) -> dict[str, str]:
    """The whole English sentence a :class:`Choice` setting says for each of
    its values (the texts the catalogue translates), by value."""
    kind, say = field.metadata["kind"], field.metadata["say"]
    if not isinstance(kind, Choice) or not isinstance(say, str):
        return {}
    return {value: _capital(say.format(meaning)) for value, meaning in kind.meanings.items()}


def sentence(field: Any, value: Any, rules: Any = None, tr: Words = ENGLISH) -> str:
    """The sentence that explains one setting's value, in the language of
    ``tr`` (``rules``: the whole ruleset, for a setting whose sentence
    depends on others)."""
    say = field.metadata["say"]
    say_in = field.metadata.get("say_in")
    kind = field.metadata["kind"]
    if say_in is not None and rules is not None:
        text: str = say_in(value, rules, tr)
    elif callable(say):
        text = say(value, tr)
    elif isinstance(kind, Choice):
        text = tr._(choice_sentences(field)[value])
    else:  # a free text said as it is (a ruleset's description)
        text = say.format(kind.words(value, tr))
    return _capital(text)


def is_morkpoker(rules: Any) -> bool:
    """Do these draw rules play Mørkpoker itself (house settings aside), not another draw game?"""
    b = rules.betting
    return bool(
        b.structure == "fixed_limit"
        and b.blinds is None
        and rules.showdown.ranking == "high"
        and not rules.deck.jokers
        and not rules.deck.wild_ranks
        and b.opening == "any"
        and rules.draw.exchanges == 1
    )


def game_name(rules: Any, tr: Words = ENGLISH) -> str:
    """The game's name for titles: Three Card Poker, Dealer's choice, Mørkpoker, or what the draw variant is."""
    if rules.game != "morkpoker":
        return tr._("Three Card Poker")
    if getattr(rules, "variants", ()):
        return tr._("Dealer's choice")
    if is_morkpoker(rules):
        return tr._("Mørkpoker")
    ranking = rules.showdown.ranking
    exchanges = min(rules.draw.exchanges, 3)
    if ranking == "deuce_to_seven":  # single draw and triple draw are different games: named apart
        return (
            tr._("Deuce-to-seven single draw"),
            tr._("Deuce-to-seven double draw"),
            tr._("Deuce-to-seven triple draw"),
        )[exchanges - 1]
    if ranking == "ace_to_five":
        return (
            tr._("Ace-to-five single draw"),
            tr._("Ace-to-five double draw"),
            tr._("Ace-to-five triple draw"),
        )[exchanges - 1]
    if rules.betting.opening != "any":
        return tr._("Jackpots")
    return (tr._("Five-card draw"), tr._("Five-card double draw"), tr._("Five-card triple draw"))[exchanges - 1]


def table_name(rules: Any, tr: Words = ENGLISH) -> str:
    """The name a table's header gives the rules it plays: a ruleset of the
    table's own by its description ("Friday jokers wild"), a shipped one by
    its game ("Jackpots", "Three Card Poker")."""
    from drawpoker.rules.shipped import shipped_descriptions

    description = " ".join(str(rules.description).split())
    if description and description not in shipped_descriptions():
        return description
    return game_name(rules, tr)


def variant_names(rules: Any, tr: Words = ENGLISH) -> list[str]:
    """Dealer's choice: each game the dealer picks from, in words (never a
    file name): by :func:`table_name`, and where two games would read the
    same, by their descriptions."""
    names = [table_name(game, tr) for _, game in rules.variants]
    return [
        ruleset_description(game, tr) if names.count(name) > 1 else name
        for name, (_, game) in zip(names, rules.variants, strict=True)
    ]


#: the sections each game of a dealer's choice states for itself; the session
#: (stacks, length, going broke, the choice itself) is said once for all of them
_GAME_SECTIONS = ("table", "deck", "betting", "draw", "showdown")


def _sections(rules: Any, tr: Words) -> list[tuple[str, str]]:
    """Each section of ``rules`` with its sentences as one paragraph, in order."""
    out: list[tuple[str, list[str]]] = []
    for path, field, value, owner in settings(rules):
        if len(path) < 2:
            continue  # the description heads the text
        relevant = field.metadata.get("relevant")
        if (relevant is not None and not relevant(owner)) or not field.metadata.get("shown", True):
            continue
        quiet = field.metadata.get("quiet")
        if quiet is not None and quiet(value):
            continue  # it would only say the game lacks what it does not play
        if not out or out[-1][0] != path[0]:
            out.append((path[0], []))
        said = sentence(field, value, rules, tr)
        if said:  # a setting of the other game (dealer's choice in Three Card Poker) says nothing
            out[-1][1].append(said)
    return [(name, " ".join(paragraph)) for name, paragraph in out if paragraph]


def _said(sections: list[tuple[str, str]], tr: Words, indent: str = "") -> list[str]:
    lines: list[str] = []
    for name, paragraph in sections:
        lines += ["", f"{indent}{section_title(name, tr)}:", f"{indent}  {paragraph}"]
    return lines


def ruleset_description(rules: Any, tr: Words = ENGLISH) -> str:
    """What the rules say they are, in the language: a shipped ruleset's
    description from the catalogue, a home-made one as written; where a
    house file kept a shipped ruleset's description but plays otherwise
    (it extends morkpoker and changes the ante: "Mørkpoker as the source
    describes it (ante 1, ...)" is not true of it), "Mørkpoker (house rules)"."""
    from drawpoker.rules.shipped import borrowed_description

    if borrowed_description(rules):
        return tr._("{game} (house rules)").format(game=game_name(rules, tr))
    return tr.p("ruleset", rules.description)


def names_itself(name: str, description: str) -> bool:
    """Whether ``description`` names the game ``name`` itself: begins with it
    ("Jackpots (jacks or better…)") or says it further on ("No-limit
    five-card draw (…)", "Progressive jackpots (…)"), so that the name need
    not be said before it."""
    return name.casefold() in description.casefold()


def _headed(name: str, description: str) -> str:
    """The rules' first line: the game's name and the description, the name
    once where the description begins with it."""
    return description if names_itself(name, description) else f"{name}: {description}"


def explain(rules: Rules, tr: Words = ENGLISH) -> str:
    """The effective rules as short paragraphs a player reads before dealing.

    A dealer's choice says its table and session once, then each game it
    picks from under its own heading with that game's own deck, betting,
    exchange and showdown (and its table where it differs), so no game's
    betting reads as every game's.
    """
    lines = [_headed(game_name(rules, tr), ruleset_description(rules, tr))]
    variants = getattr(rules, "variants", ())
    if not variants:
        return "\n".join(lines + _said(_sections(rules, tr), tr))
    lines += _said([(n, p) for n, p in _sections(rules, tr) if n in ("table", "session")], tr)
    lines += [
        "",
        tr._(
            "The games: each deal is played under the rules of the game the dealer picks, "
            "as each is set out below; only the table and the session above are shared."
        ),
    ]
    session_table = dict(_sections(rules, tr)).get("table")
    for number, (name, (_, game)) in enumerate(zip(variant_names(rules, tr), variants, strict=True), 1):
        own = [
            (n, p) for n, p in _sections(game, tr) if n in _GAME_SECTIONS and not (n == "table" and p == session_table)
        ]
        described = ruleset_description(game, tr)
        lines += [
            "",
            tr._("Game {number} of {count}: {name}").format(number=number, count=len(variants), name=described)
            if names_itself(name, described)
            else tr._("Game {number} of {count}: {name} — {description}").format(
                number=number, count=len(variants), name=name, description=described
            ),
        ]
        lines += _said(own, tr, indent="  ")
    return "\n".join(lines)


class Difference(NamedTuple):
    """One setting two rulesets give different values: its path
    (``betting.opening``), each value in words and each side's sentence."""

    setting: str
    first: str
    second: str
    first_said: str
    second_said: str


def setting_differences(a: Rules, b: Rules, tr: Words = ENGLISH) -> list[Difference] | None:
    """Each setting that differs between two rulesets of one game (None: two games, which share no settings)."""
    if type(a) is not type(b):
        return None
    out = []
    for (path, field, va, owner_a), (_, _, vb, owner_b) in zip(settings(a), settings(b), strict=False):
        if path == ("description",):
            continue
        relevant = field.metadata.get("relevant")
        in_a = relevant is None or relevant(owner_a)
        in_b = relevant is None or relevant(owner_b)
        if not (in_a or in_b):
            continue  # a setting neither game uses (the fixed bets in no limit, say)
        if va == vb:
            continue  # the same value: a sentence that reads differently because of another setting is that one's
        said_a = sentence(field, va, a, tr) if in_a else tr._("Does not apply in this game.")
        said_b = sentence(field, vb, b, tr) if in_b else tr._("Does not apply in this game.")
        kind = field.metadata["kind"]
        out.append(Difference(".".join(path), kind.words(va, tr), kind.words(vb, tr), said_a, said_b))
    return out


def games_differ(a: Rules, b: Rules, tr: Words = ENGLISH) -> str:
    """What two rulesets of two games have in common: nothing, in a sentence."""
    return tr._("game: the first is {first}, the second is {second}; they share no settings").format(
        first=a.game, second=b.game
    )
