"""A forced show is said as one (ev47): the last hand left in a pot it can
win may not be mucked (docs/rules.md 2.4), and the table shows it by itself;
the log said only "Cy shows ...", as if Cy had chosen to, and so did the
export. The stacked deal of tests/test_no_muck.py: Bo mucks, Cy is then the
last hand in the side pot and must show; Ada, after Cy's shown hand, shows
by choice."""

from __future__ import annotations

import pytest

from drawpoker.client.log import deal_log
from drawpoker.client.look import Look, plain
from tests.test_no_muck import _table

SAID = {
    "en": ("Cy is the last hand left in a pot and must show ", "Ada shows ", "Bo mucks"),
    "nb": ("Cy er den siste hånden igjen i en pott og må vise ", "Ada viser ", "Bo legger"),
}
EXPORT = {
    "en": "; the last hand left in a pot must be shown",
    "nb": "; den siste hånden igjen i en pott må vises",
}


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_log_and_the_export_say_the_forced_show(tmp_path, capsys, lang, wide):
    from drawpoker.cli.main import main
    from drawpoker.words.i18n import translator
    from tests.test_client_flows import ENTER, EXCHANGE, QUIT, ROUND_1, ROUND_2, SETUP_3, drive

    ctl = _table(tmp_path, lang, "forced.jsonl")
    drive(ctl, SETUP_3 + ROUND_1 + EXCHANGE + ROUND_2 + ENTER + "m" + ENTER + "s" + QUIT)
    session = ctl.session
    log = [plain(line) for line in deal_log(session.game, session.chunks, translator(lang), Look())]
    forced, chosen, mucked = SAID[lang]
    assert sum(line.startswith(forced) for line in log) == 1, log
    assert sum(line.startswith(chosen) for line in log) == 1, log  # Ada's show is her choice: said plainly
    assert any(line.startswith(mucked) for line in log), log
    assert main(["export", str(tmp_path / "forced.jsonl"), "--lang", lang]) == 0
    shows = [line for line in capsys.readouterr().out.splitlines() if line.startswith(("Cy:", "Ada:"))]
    assert [line.endswith(EXPORT[lang]) for line in shows if "[" in line] == [True, False], shows
