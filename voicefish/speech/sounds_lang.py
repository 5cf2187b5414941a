"""How words sound in the table languages (Italian, Polish, Spanish, Dutch, Portuguese), for the sound matcher.

:mod:`voicefish.speech.sounds` compares sentences as phone strings. Its English phones come from the CMU
dictionary, which would read an Italian "re" or "tre" (or Whisper's run-together "untere") as English words. For
another language every word is read by espeak-ng's voice *of that language* (``espeak-ng -v it --ipa``) and its IPA
mapped to the same ARPAbet set, with the sounds English lacks folded onto their nearest ones (Polish ``ɕ`` onto
``ʃ``, Spanish ``β`` onto ``b``, Dutch ``ɣ`` onto ``ɡ``). Digits are read by the language too ("7" is "sette"), so
they are not spelled as English words first. Without espeak-ng a word falls back to its spelling.

The words of a table's sentences are read in one espeak-ng call (:func:`language_phones` primes them); a word
heard later costs one call, cached.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from collections.abc import Callable, Iterable

from voicefish.speech.pronounce import ARPABET, ipa_to_arpabet, letters_to_arpabet

__all__ = ["ESPEAK_VOICE", "fold_ipa", "language_phones", "word_phones"]

ESPEAK_VOICE = {"it": "it", "pl": "pl", "es": "es", "nl": "nl", "pt": "pt"}
"""espeak-ng's voice for each table language (Portuguese: European, as the grammar's "Vá pescar")."""

_FOLD = str.maketrans(
    {
        "ʂ": "ʃ", "ɕ": "ʃ", "ʐ": "ʒ", "ʑ": "ʒ",  # Polish sibilants
        "β": "b", "ð": "d", "ɣ": "ɡ", "ʝ": "j", "ɱ": "m",  # Spanish approximants
        "ʋ": "v", "ʏ": "ʊ", "ɵ": "ə", "ʁ": "r", "ʀ": "r", "ɦ": "h", "χ": "x",  # Dutch, Portuguese
        "ɨ": "ɪ", "ʲ": "", "ʷ": "",
    }
)  # fmt: skip

_cache: dict[tuple[str, str], tuple[str, ...]] = {}


def fold_ipa(ipa: str) -> str:
    """``ipa`` with the sounds English lacks folded onto the nearest ones :func:`ipa_to_arpabet` knows."""
    return ipa.translate(_FOLD)


def _to_phones(ipa: str) -> tuple[str, ...]:
    return tuple(p for p in ipa_to_arpabet(fold_ipa(ipa)) if p in ARPABET)


@functools.cache
def _espeak() -> str | None:
    return shutil.which("espeak-ng")


def _read(words: list[str], lang: str) -> list[str] | None:
    """espeak-ng's IPA for each of ``words`` (one line each) in ``lang``, or None when espeak-ng is missing,
    fails, or does not answer one line per word."""
    exe = _espeak()
    if exe is None or not words:
        return None
    try:
        done = subprocess.run(
            [exe, "-q", "--ipa", "-v", ESPEAK_VOICE.get(lang, lang)],
            input="\n".join(words) + "\n",
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    return lines if len(lines) == len(words) else None


def word_phones(word: str, lang: str) -> tuple[str, ...]:
    """ARPAbet phones of one word (matching form) as ``lang`` says it: espeak-ng's voice of the language, else the
    spelling."""
    word = word.lower()
    key = (lang, word)
    found = _cache.get(key)
    if found is None:
        read = _read([word], lang)
        found = _to_phones(read[0]) if read else ()
        if not found:
            found = tuple(p for p in letters_to_arpabet(word) if p in ARPABET)
        _cache[key] = found
    return found


def language_phones(lang: str, words: Iterable[str] = ()) -> Callable[[str], tuple[str, ...]]:
    """The phones function of ``lang`` for the sound matcher, with ``words`` read ahead in one espeak-ng call."""
    todo = sorted({w.lower() for w in words if w and (lang, w.lower()) not in _cache})
    for start in range(0, len(todo), 400):
        chunk = todo[start : start + 400]
        read = _read(chunk, lang)
        if read is None:
            break  # word by word, as they are needed
        for w, ipa in zip(chunk, read, strict=True):
            phones = _to_phones(ipa)
            if phones:
                _cache[(lang, w)] = phones
    return functools.partial(word_phones, lang=lang)
