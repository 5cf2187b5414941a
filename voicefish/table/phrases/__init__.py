"""The phrasebook in other languages: one module per language with every public function and constant of the
English :mod:`voicefish.table.phrasebook`, same names and signatures, and its own vocabulary and agreement rules
(articles, gender, plurals, Polish numeral agreement and cases) done by rule.

Each language is three files, split as the English one is: ``it.py`` (what is said during play: the narrator, private
news, the turn dialogue, computer players' reasons and the answers; the module :func:`phrasebook` returns, which also
exposes the other two), ``it_setup.py`` (the sentences around the game: the voice check, saves, devices, the terminal
reveal, the pages, links and the play command's questions; English's is ``en_setup.py`` here) and ``it_words.py``
(the vocabulary and agreement rules; English's is :mod:`voicefish.table.words`).

    >>> from voicefish.table.phrases import phrasebook
    >>> phrasebook("pl").everyone_gets(5)
    'Każdy dostaje pięć kart.'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType

LANGUAGES = ("en", "it", "pl", "es", "nl", "pt")


def phrasebook(lang: str) -> ModuleType:
    """The phrasebook module for ``lang`` (``en`` is :mod:`voicefish.table.phrasebook` itself)."""
    code = lang.lower().replace("_", "-").split("-")[0]
    if code not in LANGUAGES:
        raise ValueError(f"no phrasebook for language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    if code == "en":
        return importlib.import_module("voicefish.table.phrasebook")
    return importlib.import_module(f"voicefish.table.phrases.{code}")


def command_phrases(lang: str) -> ModuleType:
    """The play command's errors, notices and ``--help`` in ``lang``: the ``<code>_command`` module beside these."""
    code = lang.lower().replace("_", "-").split("-")[0]
    if code not in LANGUAGES:
        raise ValueError(f"no phrasebook for language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return importlib.import_module(f"voicefish.table.phrases.{code}_command")


def command_line(lang: str, kind: str, facts: Mapping[str, object]) -> str:
    """An error or notice of the play command worded in ``lang``: its ``kind`` is the name of a ``<code>_command``
    function, ``facts`` its arguments (a path, the system's own cause, an option, a limit)."""
    line: str = getattr(command_phrases(lang), kind)(**facts)
    return line
