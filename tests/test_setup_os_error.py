"""The setup's last step, when a file the table writes fails with an
operating-system error that names no file (a full disk while the history's
first lines are written): the reason alone, a sentence, not 'None: the disk is full'."""

from __future__ import annotations

import errno
import os

import pytest

from drawpoker.client.controller import Controller
from drawpoker.client.look import Look
from drawpoker.client.setup import SetupModel
from drawpoker.rules import load_rules
from drawpoker.words.i18n import translator


@pytest.mark.parametrize(
    ("language", "said"), [("en", "the disk is full"), ("nb", translator("nb")._("the disk is full"))]
)
def test_an_error_that_names_no_file_is_said_without_one(language, said):
    tr = translator(language)

    def start(setup: SetupModel) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    setup = SetupModel(load_rules("morkpoker"), tr)
    ctl = Controller(tr, Look(unicode=False), setup=setup, start=start)
    ctl.setup_done()
    assert not setup.done and setup.message is not None
    assert setup.message == said[0].upper() + said[1:] + ".", setup.message


def test_an_error_that_names_its_file_still_names_it():
    tr = translator("en")

    def start(setup: SetupModel) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/x/h.jsonl")

    setup = SetupModel(load_rules("morkpoker"), tr)
    ctl = Controller(tr, Look(unicode=False), setup=setup, start=start)
    ctl.setup_done()
    assert setup.message is not None and setup.message.startswith("/x/h.jsonl: the disk is full"), setup.message
