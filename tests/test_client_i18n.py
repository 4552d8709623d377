"""Languages: the Norwegian catalogue is complete and consistent, the engine's
refusals are translated, and both languages render the same state."""

from __future__ import annotations

import gettext
import io
import random
import re
import string

import pytest

from drawpoker.client.controller import Controller
from drawpoker.client.look import Look
from drawpoker.client.screens import screen_text
from drawpoker.client.session import Session
from drawpoker.engine.shuffle import RandomShuffler
from drawpoker.errors import IllegalAction
from drawpoker.games import game_for
from drawpoker.games.draw import commands as mc
from drawpoker.games.three_card import commands as tc
from drawpoker.rules import load_rules
from drawpoker.words.catalogue import compile_catalogue, missing, read_catalogue, used
from drawpoker.words.i18n import compiled_path, language_from_env, translator
from drawpoker.words.refusals import known, translate_refusal


class Entry:
    """One message of nb.po as Babel reads it: context, id, plural, translations, fuzzy, line."""

    def __init__(self, message) -> None:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        self.context, self.msgid = message.context, ids[0]
        self.plural = ids[1] if len(ids) > 1 else None
        self.translations = tuple(strings)
        self.fuzzy, self.line = message.fuzzy, message.lineno


NB = read_catalogue("nb")
ENTRIES = [Entry(m) for m in NB if m.id]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_text_the_client_marks_has_a_norwegian_translation():
    assert missing("nb") == []


def test_every_catalogue_entry_is_used_and_translated():
    marked = {(m.context, m.msgid) for m in used()}
    for entry in ENTRIES:
        assert (entry.context, entry.msgid) in marked, f"nb.po:{entry.line}: {entry.msgid!r} is not used any more"
        assert not entry.fuzzy, f"nb.po:{entry.line}: fuzzy"
        assert entry.translations and all(t.strip() for t in entry.translations), f"nb.po:{entry.line}: empty"
        assert len(entry.translations) == (2 if entry.plural else 1), f"nb.po:{entry.line}"


def _raw_msgids(text: str) -> list[tuple[str | None, str, int]]:
    """Every (context, msgid, line) of a .po file's text, read line by line as
    GNU msgfmt reads it (Babel keeps the last of two equal entries silently)."""
    found: list[tuple[str | None, str, int]] = []
    context: str | None = None
    key: str | None = None
    parts: list[str] = []
    start = 0

    def close() -> None:
        nonlocal context
        if key == "msgid":
            found.append((context, "".join(parts), start))
            context = None

    for number, line in enumerate(text.splitlines(), 1):
        head = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) "(.*)"$', line)
        if head:
            if key == "msgctxt":
                context = "".join(parts)
            else:
                close()
            key, parts, start = head.group(1), [head.group(2)], number
        elif line.startswith('"') and key is not None:
            parts.append(line[1:-1])
    close()
    return found


def test_no_message_is_in_nb_po_twice():
    """GNU msgfmt --check refuses a catalogue with one message twice; Babel
    takes the second silently, so a second translation would hide the first."""
    from drawpoker.words.catalogue import catalogue_path

    seen: dict[tuple[str | None, str], int] = {}
    for context, msgid, line in _raw_msgids(catalogue_path("nb").read_text(encoding="utf-8")):
        assert (context, msgid) not in seen, f"nb.po:{line}: {msgid!r} is also at line {seen[(context, msgid)]}"
        seen[(context, msgid)] = line
    assert len(seen) > 1000


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.msgid[:40])
def test_translations_keep_the_placeholders(entry):
    wanted = fields(entry.msgid) | (fields(entry.plural) if entry.plural else set())
    for translation in entry.translations:
        assert fields(translation) == wanted


def test_the_shipped_mo_is_what_babel_compiles_from_nb_po():
    """The game loads the compiled catalogue; it cannot go stale: it says
    exactly what Babel's compiler makes of nb.po today (byte for byte with the
    Babel that wrote it; with another Babel, every message and header but
    Babel's own name)."""
    import babel
    from babel.messages.mofile import read_mo

    shipped = compiled_path("nb").read_bytes()
    fresh = compile_catalogue("nb")
    stale = "nb.po changed since the .mo was compiled: run python -m drawpoker.words.catalogue --compile"

    def said(data: bytes):
        catalogue = read_mo(io.BytesIO(data))
        messages = sorted((m.context or "", str(m.id), str(m.string)) for m in catalogue if m.id)
        headers = [(k, v) for k, v in catalogue.mime_headers if k != "Generated-By"]
        return messages, headers, dict(catalogue.mime_headers).get("Generated-By")

    messages, headers, made_by = said(shipped)
    assert (messages, headers) == said(fresh)[:2], stale
    if made_by == f"Babel {babel.__version__}":
        assert shipped == fresh, stale


def test_the_game_loads_the_compiled_catalogue_with_the_standard_loader():
    loaded = gettext.translation("drawpoker", str(compiled_path("nb").parents[2]), languages=["nb"])
    assert isinstance(loaded, gettext.GNUTranslations)
    assert translator("nb")._("Showdown") == loaded.gettext("Showdown") == "Visning"


def test_the_compiled_catalogue_reads_back_every_entry():
    catalogue = gettext.GNUTranslations(io.BytesIO(compiled_path("nb").read_bytes()))
    for entry in ENTRIES:
        if entry.plural:
            assert catalogue.ngettext(entry.msgid, entry.plural, 1) == entry.translations[0]
            assert catalogue.ngettext(entry.msgid, entry.plural, 5) == entry.translations[1]
        elif entry.context:
            assert catalogue.pgettext(entry.context, entry.msgid) == entry.translations[0]
        else:
            assert catalogue.gettext(entry.msgid) == entry.translations[0]


def test_glossary_words_are_used():
    tr = translator("nb")
    assert [tr.p("action", w) for w in ("check", "bet", "call", "raise", "fold")] == [
        "checke",
        "satse",
        "syne",
        "høyne",
        "kaste seg",
    ]
    assert tr._("main pot") == "hovedpotten" and tr._("side pot {n}").format(n=1) == "sidepott 1"
    assert tr._("Showdown") == "Visning" and tr._("the dealer qualifies") == "giveren kvalifiserer seg"


#: agreement slips found in nb.po: a singular subject with a plural word
#: ("bordet" is one neuter noun: not "enige"; "spilleren" and "ingen" are
#: one: not "deres", "de"), and the glossary's "checke" spelt "sjekke"
AGREEMENT_SLIPS = [
    re.compile(r"\b[Bb]ordet (?:blir|ble|er|var) enige\b"),
    re.compile(r"\bspilleren\b[^.;:]*\bderes\b"),
    re.compile(r"\b[Ii]ngen \w+[^.;:]*\bmens de\b"),
    re.compile(r"\bsjekke\b"),
]


def test_norwegian_words_agree_with_their_subject():
    for entry in ENTRIES:
        for translation in entry.translations:
            for slip in AGREEMENT_SLIPS:
                assert not slip.search(translation), f"nb.po:{entry.line}: {translation!r}"
    tr = translator("nb")
    assert tr._("The table agrees to end the evening after deal {n}.").format(n=9) == (
        "Spillerne blir enige om å avslutte kvelden etter utdeling 9."
    )


@pytest.mark.parametrize(
    "env, language",
    [
        ({"LANG": "nb_NO.UTF-8"}, "nb"),
        ({"LC_MESSAGES": "no_NO"}, "nb"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "nb_NO.UTF-8"}, "en"),
        ({"LANGUAGE": "de:nb"}, "nb"),
        ({"LANGUAGE": "nb", "LC_ALL": "en_US.UTF-8"}, "nb"),  # gettext reads LANGUAGE first
        ({"LANGUAGE": "en", "LANG": "nb_NO.UTF-8"}, "en"),
        ({"LANGUAGE": "nb", "LC_ALL": "C"}, "en"),  # ... unless the locale is C
        ({"LANGUAGE": "de", "LANG": "nb_NO.UTF-8"}, "nb"),  # nothing spoken in LANGUAGE: the locale
        ({}, "en"),
    ],
)
def test_language_from_the_locale(env, language):
    assert language_from_env(env) == language


# ------------------------------------------------------------------ the engine's refusals


def _mork_refusals(seed: int) -> set[str]:
    """Every refusal of a command the client can send, along a random session."""
    rules = load_rules("morkpoker")
    game = game_for(rules)
    rng = random.Random(seed)
    state = game.new_state()
    game.handle(state, game.sit_down(("Ada", "Bo", "Cy"), (5, 12, 30)))
    shuffler = RandomShuffler(seed)
    out: set[str] = set()
    from drawpoker.games.draw.bots import random_bot

    for _ in range(400):
        if state.phase == "session_over":
            break
        if state.phase == "between_deals":
            game.handle(state, game.start_deal(*shuffler.shuffle()))
            continue
        seat = state.to_act
        tries = [kind(seat) for kind in (mc.Check, mc.Bet, mc.Call, mc.Raise, mc.Fold, mc.Show, mc.Muck)]
        tries.append(mc.Exchange(seat, tuple(state.hands[seat][:4])))
        for command in tries:
            try:
                game.decide(state, command)
            except IllegalAction as exc:
                out.add(str(exc))
        game.handle(state, random_bot(game, state, rng))
    return out


def _tcp_refusals(seed: int) -> set[str]:
    rules = load_rules("three-card-poker-ru")
    game = game_for(rules)
    rng = random.Random(seed)
    state = game.new_state()
    game.handle(state, game.sit_down(("Ada", "Bo", "Cy"), (20, 20, 20)))
    shuffler = RandomShuffler(seed)
    out: set[str] = set()
    from drawpoker.games.three_card.bots import random_bot

    for _ in range(200):
        if state.phase == "session_over":
            break
        if state.phase == "between_deals":
            game.handle(state, game.start_deal(*shuffler.shuffle()))
            continue
        seat = state.to_act
        box = state.box_to_act if state.box_to_act is not None else 0
        tries = [
            tc.Play(seat, box),
            tc.Fold(seat, box),
            tc.PlaceBets(seat, (tc.BoxBet(ante=rng.randint(0, 12), pair_plus=rng.randint(0, 12)),) * rng.randint(1, 7)),
        ]
        for command in tries:
            try:
                game.decide(state, command)
            except IllegalAction as exc:
                out.add(str(exc))
        game.handle(state, random_bot(game, state, rng))
    return out


@pytest.mark.parametrize("collect", [_mork_refusals, _tcp_refusals])
def test_every_refusal_the_client_can_meet_is_translated(collect):
    messages = collect(1) | collect(2)
    assert len(messages) >= 6
    nb = translator("nb")
    for message in messages:
        assert known(message), f"no pattern for the engine's refusal: {message!r}"
        translated = translate_refusal(message, nb)
        assert translated != message
        english_left = re.findall(r"\b(cannot|there is|nobody|you have|the betting|may exchange)\b", translated)
        assert not english_left, f"{message!r} -> {translated!r}"
        assert translate_refusal(message, translator("en")) == message


# ------------------------------------------------------------------ both languages, one state


def _mid_deal(language: str, kind: str) -> Controller:
    rules = load_rules("morkpoker" if kind == "mork" else "three-card-poker")
    game = game_for(rules)
    session = Session(game, game.new_state(), None, [False, False, False], RandomShuffler(3), random.Random(3))
    session.sit_down(("Ada", "Bo", "Cy"), (40, 40, 40))
    ctl = Controller(translator(language), Look(), session=session)
    ctl.acknowledge()
    if kind == "mork":
        ctl.reveal()
        ctl.act("bet")
    else:
        ctl.place_bets()
        ctl.place_bets()
    return ctl


@pytest.mark.parametrize("kind", ["mork", "tcp"])
def test_english_and_norwegian_screens_render_the_same_state(kind):
    en, nb = _mid_deal("en", kind), _mid_deal("nb", kind)
    assert en.session.state == nb.session.state
    assert en.screen == nb.screen == "handover"
    name = en.session.state.names[en.to_act]
    assert f"Pass to {name}" in screen_text(en) and f"Gi skjermen til {name}" in screen_text(nb)
    en.reveal()
    nb.reveal()
    text_en, text_nb = screen_text(en), screen_text(nb)
    assert text_en != text_nb
    for name in ("Ada", "Bo", "Cy"):
        assert name in text_en and name in text_nb
    assert "chips" in text_en and "sjetonger" in text_nb and " chips" not in text_nb


def test_help_and_rules_in_both_languages():
    ctl = _mid_deal("nb", "mork")
    ctl.open_help()
    text = screen_text(ctl)
    assert "Hjelp" in text and "Reglene som gjelder" in text and "Ante 1; innsatser og høyninger" in text
    ctl = _mid_deal("en", "tcp")
    ctl.reveal()
    ctl.open_help()
    assert "The dealer qualifies with queen high or better" in screen_text(ctl)


# ------------------------------------------------------------------ --lang on the commands (issue 14)


def _run(capsys, monkeypatch, argv, env=None):
    from drawpoker.cli.main import main

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    assert main(argv) == 0
    return capsys.readouterr().out


def test_hand_in_norwegian(capsys, monkeypatch):
    assert "to par, konger og sjuere, ess som sidekort" in _run(
        capsys, monkeypatch, ["hand", "--lang", "nb", "KhKd7s7cAs"]
    )
    out = _run(capsys, monkeypatch, ["hand", "Qh 6d 4c"], env={"LANG": "nb_NO.UTF-8"})
    assert "høyeste kort dame, seks, fire" in out
    assert "one pair" in _run(capsys, monkeypatch, ["hand", "--lang", "en", "Kh Kd 7s 2c As"])


def test_rules_show_in_norwegian(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "2000")  # (each paragraph on one line)
    out = _run(capsys, monkeypatch, ["rules", "show", "three-card-poker", "--lang", "nb"])
    assert "alle røde eller alle svarte" in out and "Fingeravtrykk:" in out
    out = _run(capsys, monkeypatch, ["rules", "show", "morkpoker"], env={"LANGUAGE": "nb", "LANG": "en_US.UTF-8"})
    assert "Fingeravtrykk:" in out


def test_history_and_verify_count_rounds_and_speak_norwegian(capsys, monkeypatch, tmp_path, wide):
    log = tmp_path / "tcp.jsonl"
    from drawpoker.cli.main import main

    assert (
        main(["simulate", "three-card-poker", "--players", "3", "--hands", "2", "--seed", "3", "--log", str(log)]) == 0
    )
    capsys.readouterr()
    out = _run(capsys, monkeypatch, ["verify", str(log)])
    assert "ok: 2 rounds," in out and "deals" not in out.split("ok:")[1].split(",")[0]
    out = _run(capsys, monkeypatch, ["verify", "--lang", "nb", str(log)])
    assert "ok: 2 runder," in out
    out = _run(capsys, monkeypatch, ["history", str(log)])
    first = out.splitlines()[0]
    assert first.startswith("round    1  dealer") and "result" not in first and "bank" in first
    assert any(said in first for said in ("the bank wins ", "the bank loses ", "the bank breaks even"))
    assert " has " in first  # the stacks as words: no name followed by a bare number
    out = _run(capsys, monkeypatch, ["history", str(log)], env={"LANG": "nb_NO.UTF-8"})
    # simulate stopped after two rounds of a session that lasts a rotation: standings so far (issue 25)
    assert (
        out.splitlines()[0].startswith("runde    1  giver")
        and "Stillingen så langt:" in out
        and "Oppgjør så langt:" in out  # (2 rounds of many)
        and "Økten er uferdig etter runde 2: den har ingen slutt" in out
    )


def test_export_speaks_norwegian(capsys, monkeypatch, tmp_path):
    from drawpoker.cli.main import main

    mork, tcp = tmp_path / "mork.jsonl", tmp_path / "tcp.jsonl"
    assert main(["simulate", "morkpoker", "--players", "3", "--hands", "4", "--seed", "5", "--log", str(mork)]) == 0
    assert (
        main(["simulate", "three-card-poker", "--players", "3", "--hands", "2", "--seed", "3", "--log", str(tcp)]) == 0
    )
    capsys.readouterr()
    english = _run(capsys, monkeypatch, ["export", str(mork)])
    assert "Mørkpoker deal #1: ante " in english and "*** SUMMARY ***" in english
    norsk = _run(capsys, monkeypatch, ["export", "--lang", "nb", str(mork)])
    # the draw game's "ante" (docs/rules.md section 8; "startinnsats" is Three Card Poker's word)
    assert "Mørkpoker, utdeling nr. 1: ante 1, innsatser 1/2" in norsk and "*** OPPSUMMERING ***" in norsk
    assert ") er giver" in norsk and "Sjetonger: " in norsk
    assert "SUMMARY" not in norsk and " is the button" not in norsk and "Stacks:" not in norsk
    assert _run(capsys, monkeypatch, ["export", str(mork)], env={"LANG": "nb_NO.UTF-8"}) == norsk
    # every action line is in Norwegian: none of the English verbs is left
    for verb in (": checks", ": bets ", ": calls ", ": raises to ", ": folds", ": stands pat", ": exchanges "):
        assert verb not in norsk
    assert english.count("\n") == norsk.count("\n")
    tcp_nb = _run(capsys, monkeypatch, ["export", str(tcp), "--reveal"], env={"LANG": "nb_NO.UTF-8"})
    assert "Three Card Poker runde nr. 1, giver: " in tcp_nb and "Giveren viser [" in tcp_nb
    assert "(boks 1)" in tcp_nb and "Banken: " in tcp_nb and "Dealer shows" not in tcp_nb


def test_settle_speaks_norwegian_and_json_stays_english(wide, capsys, monkeypatch):
    english = _run(capsys, monkeypatch, ["settle", "examples/split-pot.yaml"])
    assert "Main pot: 5 chips, contested by Anna and Cato." in english or "Main pot: 5 chips" in english
    norsk = _run(capsys, monkeypatch, ["settle", "--lang", "nb", "examples/split-pot.yaml"])
    assert "Hovedpotten: 5 sjetonger, som Anna og Cato spiller om." in norsk
    assert "Delt på 2; den odde sjetongen går til Cato (første med klokken fra giveren)." in norsk
    assert "  Cato vinner 3 med straight, ti høyest." in norsk
    no_limit = _run(capsys, monkeypatch, ["settle", "--lang", "nb", "examples/no-limit.yaml"])
    assert "  Anna vinner 140 med to par, ess og sjuere, ni som sidekort." in no_limit
    assert norsk.rstrip().endswith("Sjetonger etter utdelingen: Anna 40, Bjørn 39, Cato 41.")
    assert _run(capsys, monkeypatch, ["settle", "examples/split-pot.yaml"], env={"LANG": "nb_NO.UTF-8"}) == norsk
    through = _run(capsys, monkeypatch, ["settle", "--lang", "nb", "examples/checked-through.yaml"])
    assert "Alle checket i første runde: ingen bytting; potten på 6 går videre til neste utdeling" in through
    tcp = _run(capsys, monkeypatch, ["settle", "examples/three-card-fold.yaml"], env={"LANG": "nb_NO.UTF-8"})
    assert "Giveren har K♣ K♦ 5♠, ett par, konger, fem som sidekort, og kvalifiserer seg" in tcp
    assert "  Pair Plus 3: vinner 18 (straight betaler 6:1)." in tcp and "Banken taper 26." in tcp
    assert "  Startinnsats 5: vinner 5 (slår giveren)." in tcp and "The bank" not in tcp and " wins " not in tcp
    assert "The bank loses 26." in _run(
        capsys, monkeypatch, ["settle", "--lang", "en", "examples/three-card-fold.yaml"]
    )
    as_json = _run(
        capsys, monkeypatch, ["settle", "--json", "examples/three-card-fold.yaml"], env={"LANG": "nb_NO.UTF-8"}
    )
    assert as_json == _run(capsys, monkeypatch, ["settle", "--json", "examples/three-card-fold.yaml"])
    assert '"bank_net": -26' in as_json
    round_nb = _run(capsys, monkeypatch, ["settle", "--lang", "nb", "examples/three-card-round.yaml"])
    assert (
        "  Pair Plus 2: vinner 2 (ett par betaler 1:1)." in round_nb
        and "  Prime 1: vinner 3 (alle svarte: 3:1)." in round_nb
    )
