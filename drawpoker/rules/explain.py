"""The rules in plain words: ``drawpoker rules show`` and ``rules diff``."""

from __future__ import annotations

from typing import Any

from drawpoker.rules.model import DrawRules, Rules, settings

__all__ = ["explain", "differences"]

_TITLES = {
    "table": "Table",
    "betting": "Ante and betting",
    "deck": "The deck",
    "draw": "The exchange",
    "showdown": "Showdown",
    "session": "Session",
    "bets": "Ante and Play",
    "pair_plus": "Pair Plus",
    "prime": "Prime",
    "six_card_bonus": "Six Card Bonus",
    "dealer": "Dealer and bank",
}


def sentence(field: Any, value: Any, section: Any = None) -> str:
    """The sentence that explains one setting's value (``section``: the rest
    of its section, for a setting whose sentence depends on it)."""
    say = field.metadata["say"]
    say_in = field.metadata.get("say_in")
    if say_in is not None and section is not None:
        text: str = say_in(value, section)
    else:
        text = say(value) if callable(say) else say.format(field.metadata["kind"].words(value))
    return text[:1].upper() + text[1:]


def explain(rules: Rules) -> str:
    """The effective rules as short paragraphs a player reads before dealing."""
    game = "Mørkpoker" if isinstance(rules, DrawRules) else "Three Card Poker"
    lines = [f"{game}: {rules.description}"]
    current: str | None = None
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            lines.append("")
            lines.append(f"{_TITLES.get(current or '', current)}:")
            lines.append("  " + " ".join(paragraph))
            paragraph.clear()

    for path, field, value, owner in settings(rules):
        if len(path) < 2:
            continue  # the description heads the text
        relevant = field.metadata.get("relevant")
        if relevant is not None and not relevant(owner):
            continue
        if path[0] != current:
            flush()
            current = path[0]
        paragraph.append(sentence(field, value, owner))
        if path == ("session", "deals") and value is not None:
            if isinstance(rules, DrawRules):
                paragraph.append("If the last deal is checked through, the session goes on until its pot is won.")
            else:  # a Three Card Poker session counts rounds
                paragraph[-1] = paragraph[-1].replace(" deals.", " rounds.").replace(" deal.", " round.")
    flush()
    return "\n".join(lines)


def differences(a: Rules, b: Rules) -> list[str]:
    """Each setting that differs, in plain words: ``path: A says ..., B says ...``."""
    if type(a) is not type(b):
        return [f"game: the first is {a.game}, the second is {b.game}; they share no settings"]
    out = []
    for (path, field, va, _), (_, _, vb, _) in zip(settings(a), settings(b), strict=False):
        if va != vb and path != ("description",):
            kind = field.metadata["kind"]
            out.append(
                f"{'.'.join(path)}: {kind.words(va)} -> {kind.words(vb)}\n"
                f"    first:  {sentence(field, va)}\n"
                f"    second: {sentence(field, vb)}"
            )
    return out
