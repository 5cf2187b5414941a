"""The language of a table: ``--lang`` (or ``lang`` in the config), else the system locale's language when there is
a grammar for it, else English; and the regional rule preset suggested for it."""

from __future__ import annotations

import locale
import os

from voicefish.speech.grammar import available_languages

__all__ = ["PRESET_FOR", "LanguageError", "check_language", "default_language", "english_only", "preset_hint"]

PRESET_FOR = {"pl": "polish", "es": "spanish", "pt": "portuguese"}
"""The regional rule presets (:data:`voicefish.rules.PRESETS`) of a language's rule texts: suggested, not forced."""


class LanguageError(ValueError):
    """A language with no grammar: one line naming the ones there are."""


def _code(text: str) -> str:
    return text.strip().lower().replace("_", "-").split(".")[0].split("-")[0]


def check_language(text: str) -> str:
    """The language code of ``text`` (``pl``, ``pl_PL``, ``PL``); raises :class:`LanguageError` when there is no
    grammar for it."""
    code = _code(text)
    known = available_languages()
    if code not in known:
        raise LanguageError(f"unknown language {text!r}; choose one of {', '.join(known)}")
    return code


def default_language() -> str:
    """The system locale's language when the game has it (``locale.getlocale()``, then LC_ALL/LC_MESSAGES/LANG),
    else English."""
    candidates: list[str] = []
    try:
        found = locale.getlocale(locale.LC_MESSAGES)[0]
    except (ValueError, AttributeError):
        found = None
    if found:
        candidates.append(found)
    candidates += [os.environ.get(v, "") for v in ("LC_ALL", "LC_MESSAGES", "LANG")]
    known = available_languages()
    for c in candidates:
        code = _code(c)
        if code and code not in ("c", "posix"):
            return code if code in known else "en"
    return "en"


def preset_hint(lang: str, rules_text: str) -> str | None:
    """One line suggesting the language's regional rules, unless they (or other rules) were chosen; in ``lang``."""
    name = PRESET_FOR.get(lang)
    if name is None or rules_text.strip():
        return None
    from voicefish.table.phrases import command_phrases

    return f"voicefish: {command_phrases(lang).rules_hint(name)}"


def english_only(backend: str, lang: str) -> str | None:
    """Why ``backend`` cannot hear ``lang`` (pocketsphinx, alone or in the hybrid, has an English model only)."""
    if lang == "en" or backend not in ("pocketsphinx", "hybrid"):
        return None
    from voicefish.table.phrases import phrasebook

    try:
        return str(phrasebook(lang).SPHINX_ENGLISH_ONLY)  # said in the table's language
    except ValueError:  # a language with no phrasebook (refused on its own by check_language)
        return f"pocketsphinx understands English only; for '{lang}' use --backend whisper (the default) or vosk"
