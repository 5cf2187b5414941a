"""How a word sounds: ARPAbet phones for any word, for the pocketsphinx grammar's names and for snapping free text.

The CMU dictionary inside the pocketsphinx wheel has most words; a word it lacks (a player's name) is pronounced
from ``espeak-ng -q --ipa`` through an IPA → ARPAbet table or, without espeak-ng, from its spelling. Used by the
pocketsphinx backend (:mod:`voicefish.audio.sphinx`), its speaker adaptation, and the sound matcher
(:mod:`voicefish.speech.sounds`).
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
from pathlib import Path

__all__ = ["ARPABET", "default_model_dir", "espeak_ipa", "ipa_to_arpabet", "letters_to_arpabet", "pronounce"]

ARPABET = frozenset(
    [
        "AA",
        "AE",
        "AH",
        "AO",
        "AW",
        "AY",
        "B",
        "CH",
        "D",
        "DH",
        "EH",
        "ER",
        "EY",
        "F",
        "G",
        "HH",
        "IH",
        "IY",
        "JH",
        "K",
        "L",
        "M",
        "N",
        "NG",
        "OW",
        "OY",
        "P",
        "R",
        "S",
        "SH",
        "T",
        "TH",
        "UH",
        "UW",
        "V",
        "W",
        "Y",
        "Z",
        "ZH",
    ]
)
"""The phone set of the CMU dictionary and the pocketsphinx US English model."""

# Longest match first. Vowel length marks are part of the key where they change the phone.
_IPA: dict[str, tuple[str, ...]] = {
    "eɪ": ("EY",),
    "aɪ": ("AY",),
    "ɔɪ": ("OY",),
    "aʊ": ("AW",),
    "oʊ": ("OW",),
    "əʊ": ("OW",),
    "ɪə": ("IH", "R"),
    "eə": ("EH", "R"),
    "ʊə": ("UH", "R"),
    "ɛə": ("EH", "R"),
    "aɪə": ("AY", "ER"),
    "tʃ": ("CH",),
    "dʒ": ("JH",),
    "ɜː": ("ER",),
    "ɝ": ("ER",),
    "ɚ": ("ER",),
    "ɜ": ("ER",),
    "ɑː": ("AA",),
    "ɔː": ("AO",),
    "iː": ("IY",),
    "uː": ("UW",),
    "ɑ": ("AA",),
    "æ": ("AE",),
    "ʌ": ("AH",),
    "ə": ("AH",),
    "ɐ": ("AH",),
    "ɛ": ("EH",),
    "e": ("EH",),
    "ɪ": ("IH",),
    "ᵻ": ("IH",),
    "i": ("IY",),
    "ɒ": ("AA",),
    "ɔ": ("AO",),
    "ʊ": ("UH",),
    "u": ("UW",),
    "o": ("OW",),
    "a": ("AE",),
    "y": ("UW",),
    "ø": ("ER",),
    "œ": ("ER",),
    "ɨ": ("IH",),
    "ɯ": ("UW",),
    "ɤ": ("AH",),
    "p": ("P",),
    "b": ("B",),
    "t": ("T",),
    "d": ("D",),
    "k": ("K",),
    "ɡ": ("G",),
    "g": ("G",),
    "f": ("F",),
    "v": ("V",),
    "θ": ("TH",),
    "ð": ("DH",),
    "s": ("S",),
    "z": ("Z",),
    "ʃ": ("SH",),
    "ʒ": ("ZH",),
    "h": ("HH",),
    "m": ("M",),
    "n": ("N",),
    "ŋ": ("NG",),
    "l": ("L",),
    "ɫ": ("L",),
    "ɹ": ("R",),
    "r": ("R",),
    "ɾ": ("D",),
    "w": ("W",),
    "j": ("Y",),
    "x": ("HH",),
    "ç": ("HH",),
    "ɲ": ("N", "Y"),
    "ʎ": ("L", "Y"),
    "c": ("K",),
    "ɟ": ("G",),
    "q": ("K",),
    "ʔ": (),
}
_KEYS = sorted(_IPA, key=len, reverse=True)
_DROP = set("ˈˌ.ː‿ ̩̯̃-_'")

_LETTERS: dict[str, tuple[str, ...]] = {
    "tch": ("CH",),
    "sch": ("SH",),
    "igh": ("AY",),
    "ch": ("CH",),
    "sh": ("SH",),
    "th": ("TH",),
    "ph": ("F",),
    "ck": ("K",),
    "ng": ("NG",),
    "qu": ("K", "W"),
    "ee": ("IY",),
    "ea": ("IY",),
    "oo": ("UW",),
    "ou": ("AW",),
    "ow": ("OW",),
    "ai": ("EY",),
    "ay": ("EY",),
    "ie": ("IY",),
    "ei": ("EY",),
    "oa": ("OW",),
    "au": ("AO",),
    "aw": ("AO",),
    "oi": ("OY",),
    "oy": ("OY",),
    "a": ("AE",),
    "b": ("B",),
    "c": ("K",),
    "d": ("D",),
    "e": ("EH",),
    "f": ("F",),
    "g": ("G",),
    "h": ("HH",),
    "i": ("IH",),
    "j": ("JH",),
    "k": ("K",),
    "l": ("L",),
    "m": ("M",),
    "n": ("N",),
    "o": ("AA",),
    "p": ("P",),
    "q": ("K",),
    "r": ("R",),
    "s": ("S",),
    "t": ("T",),
    "u": ("AH",),
    "v": ("V",),
    "w": ("W",),
    "x": ("K", "S"),
    "y": ("Y",),
    "z": ("Z",),
}
_LKEYS = sorted(_LETTERS, key=len, reverse=True)


def ipa_to_arpabet(ipa: str) -> list[str]:
    """Map an IPA string (as ``espeak-ng --ipa`` prints it) to ARPAbet phones; unknown symbols are skipped."""
    text = "".join(ch for ch in ipa.strip() if ch not in _DROP or ch == "ː")
    phones: list[str] = []
    i = 0
    while i < len(text):
        if text[i] in _DROP:
            i += 1
            continue
        for key in _KEYS:
            if text.startswith(key, i):
                phones.extend(_IPA[key])
                i += len(key)
                break
        else:
            i += 1
    # collapse doubled consonants espeak sometimes writes across syllables ("nn")
    out: list[str] = []
    for p in phones:
        if out and out[-1] == p and p not in ("AH", "IH"):
            continue
        out.append(p)
    return out


def letters_to_arpabet(word: str) -> list[str]:
    """A rough pronunciation from the spelling alone (the fallback when espeak-ng is missing)."""
    w = re.sub(r"[^a-z]", "", word.lower())
    if len(w) > 2 and w.endswith("e") and w[-2] not in "aeiou":
        w = w[:-1]  # silent final e
    phones: list[str] = []
    i = 0
    while i < len(w):
        if i == len(w) - 1 and w[i] == "y" and i > 0:
            phones.append("IY")
            i += 1
            continue
        for key in _LKEYS:
            if w.startswith(key, i):
                phones.extend(_LETTERS[key])
                i += len(key)
                break
        else:
            i += 1
        if i < len(w) and w[i] == w[i - 1] and w[i] not in "aeiou":
            i += 1  # double consonant
    return phones or ["AH"]


@functools.cache
def espeak_ipa(word: str, voice: str = "en-us") -> str | None:
    """espeak-ng's IPA for ``word``, or ``None`` when espeak-ng is missing or fails."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        return None
    try:
        done = subprocess.run(
            [exe, "-q", "--ipa", "-v", voice, word], capture_output=True, text=True, timeout=10, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    out = done.stdout.strip()
    return out or None


def pronounce(word: str, *, use_espeak: bool = True) -> tuple[list[str], str]:
    """ARPAbet phones for ``word`` and where they came from (``"espeak-ng"`` or ``"spelling"``).

    A possessive (``priya's``) is the base word plus Z (or IH Z after a sibilant).
    """
    base, possessive = (word[:-2], True) if word.endswith("'s") else (word, False)
    phones: list[str] = []
    source = "spelling"
    if use_espeak:
        ipa = espeak_ipa(base.replace("'", ""))
        if ipa:
            phones = [p for p in ipa_to_arpabet(ipa) if p in ARPABET]
            source = "espeak-ng"
    if not phones:
        phones, source = letters_to_arpabet(base), "spelling"
    if possessive:
        phones = [*phones, *(("IH", "Z") if phones[-1] in ("S", "Z", "SH", "ZH", "CH", "JH") else ("Z",))]
    return phones, source


def default_model_dir() -> Path:
    """The US English model inside the pocketsphinx wheel (``.../pocketsphinx/model/en-us``)."""
    import pocketsphinx

    return Path(pocketsphinx.get_model_path()) / "en-us"
