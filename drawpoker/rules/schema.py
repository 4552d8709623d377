"""A JSON Schema of the ruleset format, built from the rules model, so
editors (yaml-language-server) validate and complete house-rules files."""

from __future__ import annotations

from typing import Any

import attrs

from drawpoker.rules.model import GAMES

__all__ = ["json_schema"]


def _object(cls: type) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for field in attrs.fields(cls):
        if "section" in field.metadata:
            sub = field.metadata["section"]
            props[field.name] = {**_object(sub), "description": (sub.__doc__ or "").strip()}
        elif "kind" in field.metadata:
            schema = field.metadata["kind"].schema()
            say = field.metadata["say"]
            schema["description"] = say.replace("{}", "…") if isinstance(say, str) else field.name.replace("_", " ")
            props[field.name] = schema
    return {"type": "object", "additionalProperties": False, "properties": props}


def json_schema() -> dict[str, Any]:
    """The schema: a ruleset is one game's settings, or extends another ruleset."""
    variants = []
    for game, cls in GAMES.items():
        body = _object(cls)
        body["properties"] = {
            "game": {"const": game, "description": "which game these rules are for"},
            "extends": {"type": "string", "description": "a shipped ruleset name or a path relative to this file"},
            **body["properties"],
        }
        variants.append({"if": {"properties": {"game": {"const": game}}, "required": ["game"]}, "then": body})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://drawpoker.invalid/rules.schema.json",
        "title": "drawpoker house rules",
        "description": "House rules for Mørkpoker or Three Card Poker (see `drawpoker rules show`).",
        "type": "object",
        "properties": {
            "game": {"enum": list(GAMES)},
            "extends": {"type": "string"},
        },
        "anyOf": [{"required": ["game"]}, {"required": ["extends"]}],
        "allOf": variants,
    }
