"""Languages: the standard library's gettext, reading catalogues Babel compiled.

English is the language of the message ids; Norwegian bokmål is translated
in ``locale/nb.po`` next to this module, and compiled by Babel's catalogue
compiler into ``locale/nb/LC_MESSAGES/drawpoker.mo`` (shipped with the
package, so nothing is compiled when the game starts; after editing the
``.po`` file, ``python -m drawpoker.words.catalogue --compile`` or
``pybabel compile -D drawpoker -d drawpoker/words/locale -i
drawpoker/words/locale/nb.po -l nb`` writes it again, and the tests refuse a
``.mo`` that does not say what the ``.po`` says). :func:`gettext.translation`
finds and loads it.

Code marks its texts with a :class:`Translator`: ``tr._("Showdown")``,
``tr.n("{n} chip", "{n} chips", n)``, ``tr.p("rank", "ace")``, and lists
of texts to translate later with :func:`N_` and :func:`NP_`.

>>> tr = translator("nb")
>>> tr._("Showdown")
'Visning'
>>> tr.n("{n} chip", "{n} chips", 2).format(n=2)
'2 sjetonger'
>>> tr.p("rank", "ace")
'ess'
>>> translator("en")._("Showdown")
'Showdown'

The module is imported by every command that takes ``--lang``, so it keeps
its imports light: :mod:`gettext` and :mod:`pathlib` are loaded when a
catalogue is.
"""

from __future__ import annotations

import os
from functools import cache

TYPE_CHECKING = False  # not typing's: importing typing costs a few ms at every start
if TYPE_CHECKING:  # annotations only
    import gettext
    from collections.abc import Callable, Mapping
    from pathlib import Path

    from drawpoker.notes import Note

__all__ = [
    "LANGUAGES",
    "Translator",
    "translator",
    "language_from_env",
    "add_lang_option",
    "cli_translator",
    "cli_language",
    "cli_say",
    "N_",
    "NP_",
    "catalogue_path",
    "compiled_path",
    "DOMAIN",
]

#: The languages the client speaks: code -> the language's own name.
LANGUAGES: dict[str, str] = {"en": "English", "nb": "norsk bokmål"}


def N_(text: str) -> str:
    """Mark ``text`` for translation without translating it now (for tables)."""
    return text


def NP_(context: str, text: str) -> str:
    """Mark ``text`` in ``context`` for translation later (with :meth:`Translator.p`)."""
    return text


#: the gettext domain: the compiled catalogues are ``locale/LANG/LC_MESSAGES/drawpoker.mo``
DOMAIN = "drawpoker"


def catalogue_path(language: str) -> Path:
    """Where the ``.po`` file of ``language`` lives (the translators' source)."""
    from pathlib import Path

    return Path(__file__).with_name("locale") / f"{language}.po"


def compiled_path(language: str) -> Path:
    """Where the ``.mo`` file Babel compiled from :func:`catalogue_path` lives."""
    from pathlib import Path

    return Path(__file__).with_name("locale") / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def _translations(language: str) -> gettext.NullTranslations:
    import gettext

    if language == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, os.path.join(os.path.dirname(__file__), "locale"), languages=[language])


class Translator:
    """The texts of one language: ``_`` for a text, ``n`` for a counted
    text, ``p`` for a text with a context."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
        self.language = language
        self._t = _translations(language)

    def _(self, text: str) -> str:
        """``text`` in this language."""
        return self._t.gettext(text)

    def n(self, singular: str, plural: str, count: int) -> str:
        """The form of a counted text that suits ``count``."""
        return self._t.ngettext(singular, plural, count)

    def p(self, context: str, text: str) -> str:
        """``text`` in this language, where ``context`` tells two uses apart."""
        return self._t.pgettext(context, text)

    def decimals(self, number: str) -> str:
        """A number written with a point (``28.7``) as this language writes it
        (Norwegian ``28,7``): money, chances."""
        return number.replace(".", self.p("decimal separator", "."))

    def count(self, n: float, spec: str = ",") -> str:
        """A number formatted by ``spec`` (``format``'s: ``","`` groups the
        digits, ``"+.3f"``...) as this language writes it: ``1,234,567.5`` in
        English, ``1 234 567,5`` in Norwegian."""
        text = format(n, spec)
        if self.language == "en":
            return text
        return text.replace(",", "\0").replace(".", self.p("decimal separator", ".")).replace("\0", " ")

    def say(self, note: Note | str, cards: Callable[[str], str] | None = None) -> str:
        """A note the core left (:class:`drawpoker.notes.Note`) in this
        language; a plain text as it is. ``cards`` writes the cards an engine's
        refusal in it names as the table does (``10♣`` for ``Tc``)."""
        if isinstance(note, str):
            return note
        from drawpoker.words.refusals import translate_refusal

        return note.say(self._t.gettext, lambda text: translate_refusal(text, self, cards))


def translator(language: str) -> Translator:
    """The :class:`Translator` of ``language`` (``"en"`` or ``"nb"``)."""
    return Translator(language)


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for, in gettext's order: the LANGUAGE
    priority list first (unless the locale is C or POSIX, as gettext does),
    then LC_ALL, LC_MESSAGES, LANG; ``"en"`` when it names none the client speaks.

    >>> language_from_env({"LANG": "nb_NO.UTF-8"})
    'nb'
    >>> language_from_env({"LC_ALL": "C", "LANG": "nb_NO.UTF-8"})
    'en'
    >>> language_from_env({"LANGUAGE": "nb", "LANG": "en_US.UTF-8"})
    'nb'
    """
    env = os.environ if environ is None else environ
    locale_name = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)), "")
    language = env.get("LANGUAGE")
    if language and locale_name.split(".")[0] not in ("C", "POSIX"):
        for part in language.split(":"):
            found = _language_of(part)
            if found:
                return found
    return (_language_of(locale_name) or "en") if locale_name else "en"


def add_lang_option(parser: object, inner: bool = False) -> None:
    """``--lang en|nb`` on a command (argparse). ``inner``: on a command's own
    command (``config show``) whose command takes it too (``config --lang nb``
    alone shows): given to neither, ``lang`` is the outer command's None, and
    given to the outer one, it is not undone by the inner one's."""
    import argparse  # (loaded already: the parser is argparse's)

    extra = {"default": argparse.SUPPRESS} if inner else {}
    parser.add_argument(  # type: ignore[attr-defined]
        "--lang",
        choices=tuple(LANGUAGES),
        help=N_("the language (default: your settings' language, else the locale's)"),
        **extra,
    )


def cli_language(lang: str | None, warn: bool = True) -> str:
    """The language a command speaks: ``--lang``, else the settings file's
    ``language`` (``drawpoker config set language nb``), else the locale's
    language -- the order ``drawpoker play`` follows. The setting is read
    without YAML when written on a plain line, so a quick command stays quick
    (and learning the language loads no catalogue)."""
    if lang:
        return lang
    from drawpoker.errors import InputError
    from drawpoker.places import settings_language

    try:
        return settings_language() or language_from_env()
    except InputError as exc:  # the setting cannot be read: a warning, and the locale's language
        fallback = language_from_env()
        if warn:
            _warn_once(exc, fallback)
        return fallback


_warned: list[str] = []
#: the warnings held while a command runs (None: none is held): each problem's English text and the warning
_held: list[tuple[str, str]] | None = None


def hold_warnings() -> None:
    """Hold the warnings from now on until :func:`release_warnings` (the
    command line's edge: a command that then fails on the same problem says
    it once, in its own sentence)."""
    global _held
    _held = []


def release_warnings(failure: list[str] | None = None) -> None:
    """Say the warnings held, but one whose problem the command's failure
    (its English texts) says already; hold no more."""
    global _held
    held, _held = _held or [], None
    for problem, warning in held:
        if any(problem in text for text in failure or ()):
            _warned.remove(problem)  # (never said: the failure said it)
        else:
            from drawpoker.terminal import complain

            complain(warning)  # (within the terminal's width; stderr gone: nobody is left to tell)


def say_warnings_now() -> list[str]:
    """Say the warnings held so far, and each one from now on as it comes;
    the warnings said. A command calls it once it has read all that could
    fail on the same problem, before what would hide a warning said later:
    ``play`` and ``replay`` before their screen opens (held until the
    command's end, it was said only after the game was over)."""
    said = [warning for _problem, warning in _held or []]
    release_warnings()
    return said


def _warn_once(problem: object, language: str) -> None:
    """Say once (on stderr) that the settings' language cannot be read, and
    what is spoken instead (or hold it: :func:`hold_warnings`)."""
    from drawpoker.terminal import complain, visible_lines

    text = str(problem)
    if text in _warned:
        return
    _warned.append(text)
    tr = Translator(language)
    said = tr.say(problem.note) if hasattr(problem, "note") else text
    warning = tr._(
        "drawpoker: warning: {problem}; the language is the locale's until 'drawpoker config set language en' "
        "(or nb) mends the settings"
    ).format(problem=said)
    if _held is not None:
        _held.append((text, visible_lines(warning)))
        return
    complain(warning)  # (control characters made visible, within the terminal's width; stderr gone: nothing)


def cli_translator(lang: str | None) -> Translator:
    """The translator a command speaks (the language of :func:`cli_language`)."""
    return Translator(cli_language(lang))


def cli_say(lang: str | None, note: Note | str) -> str:
    """A note the core left (an error's, say) in the language a command
    speaks (:func:`cli_language`); English when the language cannot be
    learned (the settings file itself may be what is wrong)."""
    if isinstance(note, str):
        return note
    from drawpoker.errors import DrawpokerError

    try:
        tr = Translator(cli_language(lang, warn=False))  # the error itself may be what is wrong with the settings
    except (DrawpokerError, OSError, ValueError):  # a broken settings file: what it says is still said
        return str(note)
    return tr.say(note)


def _language_of(locale_name: str) -> str | None:
    code = locale_name.split(".")[0].split("@")[0].split("_")[0].lower()
    if code in ("nb", "no", "nn"):
        return "nb"  # Norwegian: the bokmål catalogue serves nynorsk readers too
    if code == "en":
        return "en"
    return None
