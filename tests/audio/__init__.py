"""Helpers shared by the audio tests."""

from __future__ import annotations

import math

import numpy as np

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


class RecordingSink:
    """An utterance sink (``UtteranceDetector(sink=...)``) that records what it is told: the events, what was fed
    of the utterance in progress, and the audio of each utterance kept."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.fed: list[np.ndarray] = []
        self.kept: list[np.ndarray] = []  # what was fed of each utterance kept

    def begin(self) -> None:
        self.events.append("begin")
        self.fed = []

    def feed(self, samples: np.ndarray) -> None:
        self.fed.append(samples.copy())

    def end(self, keep: bool) -> None:
        self.events.append(f"end:{keep}")
        if keep:
            self.kept.append(np.concatenate(self.fed))
