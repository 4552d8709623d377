"""A JSON Schema of the ruleset format, built from the rules model, so
editors (yaml-language-server) validate and complete house-rules files.

It describes every document the loader accepts: a whole ruleset
(``game: ...``) and a file that ``extends:`` another and changes a few
settings, whose game is then told by the ruleset it extends (a shipped
name; for a file path either game's settings are allowed, and the loader
checks the rest). Each setting's description is the sentence ``drawpoker
rules show`` says for its default value, followed by what it accepts.

What the schema cannot say is what involves several settings (``min_players
<= max_players``, a rotating dealer's rounds, stacks that can make the
smallest bet) and whether a file named in ``extends`` exists; the loader
checks those.
"""

from __future__ import annotations

from typing import Any

import attrs

from drawpoker.rules.explain import sentence
from drawpoker.rules.kinds import ONE_LINE, Choice, Kind
from drawpoker.rules.model import GAMES

__all__ = ["json_schema", "PATH_PATTERN"]

#: an ``extends:`` value that names a file rather than a shipped ruleset
PATH_PATTERN = r"[/\\]|\.ya?ml$"

_GAME_WORDS = {"morkpoker": "Mørkpoker (five-card draw)", "three-card-poker": "Three Card Poker"}

_DESCRIPTION = (
    "A line that names these rules, shown by `drawpoker rules list` and at the top of `drawpoker rules show`; "
    "it does not change how the game plays."
)


_SECTION = "A setting left out keeps its default, or the value of the ruleset extended."


def _described(kind: Kind, said: str | None) -> str:
    """The sentence ``rules show`` says for the default, then what the setting accepts."""
    accepts = f"Accepts {kind.expected()}."
    if isinstance(kind, Choice):
        accepts = "Accepts " + "; ".join(f"'{name}': {meaning}" for name, meaning in kind.meanings.items()) + "."
    if said is None:
        return accepts
    if not said.endswith((".", "?", "!")):
        said += "."
    return f"{said} (This is the default.) {accepts}"


def _object(cls: type) -> dict[str, Any]:
    defaults = cls()
    props: dict[str, Any] = {}
    before = ""  # the previous setting's sentence, which a sentence starting "and ..." goes on from
    for field in attrs.fields(cls):
        if "section" in field.metadata:
            sub = field.metadata["section"]
            props[field.name] = {"description": f"{(sub.__doc__ or '').strip()} {_SECTION}", **_object(sub)}
        elif "kind" in field.metadata:
            kind: Kind = field.metadata["kind"]
            schema = kind.schema()
            if field.name == "description" and field.metadata["say"] == "{}":
                schema["description"] = _DESCRIPTION + " " + _described(kind, None)
            else:
                said = sentence(field, getattr(defaults, field.name))
                if said.startswith("And ") and before:
                    said = before + " " + said[:1].lower() + said[1:]
                before = said
                schema["description"] = _described(kind, said)
            props[field.name] = schema
    return {"type": "object", "additionalProperties": False, "properties": props}


def _variant(game: str, cls: type, names: list[str]) -> dict[str, Any]:
    """The documents of one game: ``game: <game>``, or ``extends:`` one of
    its shipped rulesets (or a file) without saying the game."""
    body = _object(cls)
    body["properties"] = {
        "game": {
            "const": game,
            "description": f"Which game these rules are for: {_GAME_WORDS.get(game, game)}.",
        },
        "extends": {
            "type": "string",
            "description": (
                "The ruleset these rules start from: a shipped ruleset's name, or a file path (with a / or ending in "
                ".yaml) relative to this file; only what differs is written here."
            ),
            **ONE_LINE,
            "anyOf": [{"enum": names}, {"pattern": PATH_PATTERN}],
        },
        **body["properties"],
    }
    return {
        "title": f"{_GAME_WORDS.get(game, game)} house rules",
        **body,
        "anyOf": [{"required": ["game"]}, {"required": ["extends"], "not": {"required": ["game"]}}],
    }


def json_schema() -> dict[str, Any]:
    """The schema: a ruleset is one game's settings, or extends another ruleset."""
    from drawpoker.rules.loading import load_rules, shipped_names

    by_game: dict[str, list[str]] = {game: [] for game in GAMES}
    for name in shipped_names():
        by_game[load_rules(name).game].append(name)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://drawpoker.invalid/rules.schema.json",
        "title": "drawpoker house rules",
        "description": (
            "House rules for Mørkpoker or Three Card Poker: a whole ruleset (game: ...) or one that extends another "
            "and changes a few settings. `drawpoker rules show FILE` reads them out; `drawpoker rules check FILE` "
            "also checks what involves several settings."
        ),
        "anyOf": [_variant(game, cls, by_game[game]) for game, cls in GAMES.items()],
    }
