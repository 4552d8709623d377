"""One name for a game, wherever it is shown (ev47).

- Deuces wild, California draw and no-limit draw were all titled "Five-card
  draw" (the table's title, the rules' heading, the export's deal lines):
  each draw game is named by what sets it apart.
- `history` and `export` named a dealer's choice evening's games by their
  files' names ("morkpoker: ", "Dealer's choice: nl.yaml") where the table
  (its menu, its title, its log) says "Mørkpoker", or a house game's own
  description: one function (`deal_game_name`) names the game of a deal for
  all of them."""

from __future__ import annotations

import pytest

from drawpoker.rules import load_rules
from drawpoker.rules.explain import deal_game_name, game_name, variant_names
from drawpoker.words.i18n import translator

NAMES = {
    "deuces-wild": ("Deuces wild", "Ville toere"),
    "california-draw": ("California draw", "California draw"),
    "no-limit-draw": ("No-limit five-card draw", "Femkorts draw med no limit"),
    "jackpots-progressive": ("Progressive jackpots", "Progressive jackpots"),
    "jackpots": ("Jackpots", "Jackpots"),
    "morkpoker": ("Mørkpoker", "Mørkpoker"),
}


@pytest.mark.parametrize("name", sorted(NAMES))
def test_each_shipped_draw_game_is_named_by_what_it_is(name):
    rules = load_rules(name)
    for tr, said in zip((translator("en"), translator("nb")), NAMES[name], strict=True):
        assert game_name(rules, tr) == said


def test_house_variants_are_named_by_what_they_are(tmp_path):
    cases = {
        "deck:\n  wild_ranks: [J]\n": ("Jacks wild", "Ville knekter"),
        "deck:\n  jokers: 1\n  joker: wild\n": ("Wild-card draw", "Femkorts draw med ville kort"),
        "betting:\n  structure: pot_limit\n": ("Pot-limit five-card draw", "Femkorts draw med pot limit"),
        "draw:\n  exchanges: 2\n  stock_exhaustion: reshuffle_discards\n": (
            "Five-card double draw",
            "Dobbel femkorts draw",
        ),
    }
    for n, (body, (english, norwegian)) in enumerate(cases.items()):
        path = tmp_path / f"h{n}.yaml"
        path.write_text("extends: morkpoker\n" + body, encoding="utf-8")
        rules = load_rules(str(path))
        assert (game_name(rules, translator("en")), game_name(rules, translator("nb"))) == (english, norwegian)


def _dealers_choice(tmp_path):
    (tmp_path / "nl.yaml").write_text(
        "extends: morkpoker\ndescription: Friday no limit\nbetting:\n  structure: no_limit\n  ante: 0\n"
        "  blinds: [1, 2]\n",
        encoding="utf-8",
    )
    (tmp_path / "dc.yaml").write_text(
        "extends: morkpoker\nsession:\n  starting_stack: 100\n  deals: 6\n"
        "  dealers_choice: [morkpoker, nl.yaml, deuces-wild]\n",
        encoding="utf-8",
    )
    return tmp_path / "dc.yaml"


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_title_names_a_chosen_game_as_the_dealers_menu_does(tmp_path, language):
    from drawpoker.client.draw.view import title_text
    from drawpoker.games.draw.state import DrawState

    tr = translator(language)
    rules = load_rules(str(_dealers_choice(tmp_path)))
    menu = variant_names(rules, tr)
    assert menu[1] == "Friday no limit" and menu[2] == NAMES["deuces-wild"][language == "nb"]
    s = DrawState()
    s.deal = 2
    for (listed, _), name in zip(rules.variants, menu, strict=True):
        s.game = listed
        assert deal_game_name(rules, listed, tr) == name
        assert title_text(s, rules, tr).startswith(name + " · ")


@pytest.mark.parametrize("language", ["en", "nb"])
def test_history_and_export_name_each_deals_game_as_the_table_does(tmp_path, capsys, language):
    from drawpoker.cli.main import main
    from drawpoker.history.reader import open_history

    path = _dealers_choice(tmp_path)
    log = tmp_path / "h.jsonl"
    assert main(["simulate", str(path), "--players", "3", "--hands", "6", "--seed", "5", "--log", str(log)]) == 0
    capsys.readouterr()
    tr = translator(language)
    rules = load_rules(str(path))
    chosen = [e.game for _, e in open_history(log).events() if type(e).__name__ == "GameChosen"]
    assert chosen
    named = {deal_game_name(rules, game, tr) for game in chosen}
    assert main(["history", str(log), "--lang", language]) == 0
    listing = capsys.readouterr().out
    assert main(["export", str(log), "--lang", language]) == 0
    export = capsys.readouterr().out
    for name in named:
        assert f" {name}:" in listing, (name, listing)
        assert tr._("Dealer's choice: {game}").format(game=name) + "\n" in export, name
    for file in ("morkpoker", "nl.yaml", "deuces-wild"):
        assert f" {file}:" not in listing and f": {file}\n" not in export and f" {file}\n" not in export


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_phones_head_a_deal_as_the_laptops_title_does(tmp_path, language):
    """Two games of one name (Mørkpoker, and Mørkpoker with the cap kept
    heads-up): the laptop's title and the dealer's menu tell them apart by
    their descriptions; the phones were headed "Mørkpoker" for either."""
    from drawpoker.client import controller as c
    from drawpoker.client.screens import screen_text

    pytest.importorskip("aiohttp", reason="the phones' server (pip install -e '.[phones]')")
    from tests.phones_laptop import Laptop
    from tests.phones_table import run, stacked
    from tests.test_phones_play_games import say

    path = tmp_path / "two.yaml"
    path.write_text(
        "extends: morkpoker\nsession:\n  dealers_choice: [morkpoker, morkpoker-headsup-cap]\n", encoding="utf-8"
    )
    tr = translator(language)
    named = variant_names(load_rules(str(path)), tr)[1]
    assert named == tr.p("ruleset", load_rules("morkpoker-headsup-cap").description)

    async def play():
        decks = [stacked(["Ah Ad 7c 4s 2d", "Kh Kd Qs Js 9c"], "Ac Ks 9h", button=0)]
        async with Laptop(tmp_path, str(path), names=("Anna", "Bjørn"), decks=decks, language=language) as table:
            anna, bjorn = await table.phone(0), await table.phone(1)
            await anna.my_turn()
            assert (await say(anna, "choose", game="morkpoker-headsup-cap"))["ok"] is True
            await bjorn.my_turn()
            assert table.ctl.screen == c.PHONE and screen_text(table.ctl, 200, 24).startswith(f" {named} ")
            assert [phone.last("state")["view"]["title"] for phone in (anna, bjorn)] == [named, named]

    run(play())
