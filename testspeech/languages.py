"""Test voices in the table languages (Italian, Polish, Spanish, Dutch, Portuguese), and which are for tuning.

Chosen on 2 December 2026, **before** anything was tuned on them (see docs/languages-speech.md):

- Italian has two realistic voices here, Debian's festival diphone voices ``festvox-italp16k`` (lp, female) and
  ``festvox-itapc16k`` (pc, male). The male speaker is for tuning, the female one is held out: a hold-out result is
  another speaker's.
- Polish, Spanish, Dutch and Portuguese have no realistic voice that installs here (see the docs for what was
  tried), only espeak-ng's formant voices, which Whisper hears poorly: their numbers are a floor, not a result, and
  are published marked as such.
- Every language keeps one espeak-ng voice on each side, at most a third of its voices where realistic ones exist.

The phrasings are the hand-written corpora ``testspeech/corpus_lang/<lang>.txt`` (written before the grammars):
:func:`split_rows` gives the even rows to tuning and the odd ones to the hold-out, so a phrasing tuned on is never
reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, TypeVar

from testspeech.voices import HoldoutError, VoiceSpec

__all__ = [
    "LANGUAGES",
    "LANG_HOLDOUT",
    "LANG_TUNING",
    "LANG_VOICES",
    "REALISTIC",
    "assert_lang_tuning",
    "festival_encoding",
    "language_of",
    "split_rows",
]

LANGUAGES: tuple[str, ...] = ("it", "pl", "es", "nl", "pt")

_ESPEAK = {  # (espeak-ng voice variant, words/min stretch, pitch): one for tuning, one held out, in each language
    "m3": ("+m3", 1.07, 40),
    "f2": ("+f2", 1.0, 62),
}

LANG_VOICES: dict[str, VoiceSpec] = {
    # festival 2.5 (Debian), Italian diphone voices: festvox-itapc16k (pc, male), festvox-italp16k (lp, female)
    "it-festival-pc": VoiceSpec("festival", "voice_pc_diphone"),
    "it-festival-pc-brisk": VoiceSpec("festival", "voice_pc_diphone", stretch=0.85),
    "it-festival-lp": VoiceSpec("festival", "voice_lp_diphone"),
    "it-festival-lp-slow": VoiceSpec("festival", "voice_lp_diphone", stretch=1.2),
    **{
        f"{lang}-espeak-{name}": VoiceSpec("espeak", lang + variant, stretch=stretch, pitch=pitch)
        for lang in LANGUAGES
        for name, (variant, stretch, pitch) in _ESPEAK.items()
    },
}
"""Every table-language test voice by name (``<lang>-<engine>-<voice>``): :func:`testspeech.synth` takes them."""

LANG_TUNING: dict[str, tuple[str, ...]] = {
    "it": ("it-festival-pc", "it-festival-pc-brisk", "it-espeak-m3"),
    **{lang: (f"{lang}-espeak-m3",) for lang in LANGUAGES if lang != "it"},
}
"""Per language, the voices you may tune on."""

LANG_HOLDOUT: dict[str, tuple[str, ...]] = {
    "it": ("it-festival-lp", "it-festival-lp-slow", "it-espeak-f2"),
    **{lang: (f"{lang}-espeak-f2",) for lang in LANGUAGES if lang != "it"},
}
"""Per language, the voices results are reported on (never tuned on): Italian's is another speaker."""

REALISTIC: dict[str, bool] = {
    lang: any(LANG_VOICES[v].engine != "espeak" for v in LANG_HOLDOUT[lang]) for lang in LANGUAGES
}
"""Whether a language has a realistic (not espeak-ng) voice here: without one its numbers are only a floor."""

_LATIN1_FESTIVAL = frozenset({"voice_pc_diphone", "voice_lp_diphone"})


def festival_encoding(voice: str) -> str:
    """The text encoding festival ``voice`` reads: the Italian voices' letter rules know ISO-8859-1 only (UTF-8
    "è" makes them fail with no audio)."""
    return "latin-1" if voice in _LATIN1_FESTIVAL else "utf-8"


def language_of(voice: str) -> str:
    """The language a table-language voice speaks (KeyError for a name that is not one)."""
    if voice not in LANG_VOICES:
        raise KeyError(f"unknown table-language voice {voice!r}; known: {', '.join(LANG_VOICES)}")
    return voice.split("-", maxsplit=1)[0]


def assert_lang_tuning(lang: str, voices: Iterable[str]) -> None:
    """Raise :class:`HoldoutError` if any of ``voices`` is not a tuning voice of ``lang``."""
    bad = [v for v in voices if v not in LANG_TUNING.get(lang, ())]
    if bad:
        raise HoldoutError(f"not tuning material for '{lang}' (held out or unknown): {', '.join(bad)}")


T = TypeVar("T")


def split_rows(rows: Sequence[T], split: Literal["tuning", "holdout"]) -> list[T]:
    """The rows of a phrasing corpus that belong to ``split``: even positions tune, odd ones are held out."""
    return [r for i, r in enumerate(rows) if (i % 2 == 0) == (split == "tuning")]
