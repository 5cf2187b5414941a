"""Helpers shared by the audio tests."""

from __future__ import annotations

import math

from voicefish.audio.recognizer import Recognizer


def default_ear(lang: str = "en") -> tuple[Recognizer, str]:
    """The ear ``voicefish play`` listens with by default (``make_recognizer("auto")``, not timed first) and its
    notice, with its Whisper never resting as too slow: these tests are of what it hears, not how fast. On a loaded
    2-core CI (the suite's other tests beside them) a decode past its deadline let pocketsphinx answer instead ("pond
    count" for "Um, Wen, ..."); the fallback has its own tests (test_whisper.py: a computer too slow for Whisper)."""
    from voicefish.audio.whisper import HybridRecognizer
    from voicefish.table.voice import make_recognizer

    recognizer, notice = make_recognizer("auto", probe=False, lang=lang)
    if isinstance(recognizer, HybridRecognizer):
        recognizer.budget = math.inf
    return recognizer, notice
