"""Issue 33, another way for a stranded player, with real speech: the card's number ("Leo, number seven") said in
realistic tuning voices, decoded from the audio by Whisper base as the game sets it (the file-decode path: no sound
card), is the ask, played at once."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt
import pytest

import testspeech
from voicefish.cards import Rank
from voicefish.speech.grammar import TableContext
from voicefish.speech.intents import Ask

pytestmark = [pytest.mark.slow, pytest.mark.audio]


def say(text: str, voice: str) -> npt.NDArray[np.int16]:
    why = testspeech.available(voice)
    if why is not None:
        pytest.skip(why)
    return testspeech.synth(text, voice, seed=0)


@cache
def whisper() -> object:
    pytest.importorskip("faster_whisper")
    from voicefish.audio import models as m
    from voicefish.audio.whisper import DEFAULT_WHISPER_MODEL, WhisperRecognizer

    if m.whisper_installed(DEFAULT_WHISPER_MODEL) is None:
        pytest.skip(f"{DEFAULT_WHISPER_MODEL} is not installed")
    rec = WhisperRecognizer(DEFAULT_WHISPER_MODEL)
    rec.set_table(TableContext(("Priya", "Sam", "Leo"), me="Priya"), hand=[Rank.SEVEN, Rank.TEN, Rank.KING])
    return rec


@pytest.mark.parametrize(
    ("voice", "text", "meant"),
    [
        ("piper-joe", "Leo, number seven.", Ask("Leo", Rank.SEVEN)),
        ("flite-kal16", "Sam, number ten.", Ask("Sam", Rank.TEN)),
    ],
)
def test_the_cards_number_said_aloud_is_the_ask(voice: str, text: str, meant: Ask) -> None:
    from voicefish.audio.whisper import WhisperRecognizer

    rec = whisper()
    assert isinstance(rec, WhisperRecognizer)
    heard = rec.decode(say(text, voice))
    assert heard.intent == meant, (voice, text, heard.text)
    assert not heard.confirm, (voice, text, heard.text, heard.reason)  # no yes needed: as sure as the full ask
