"""The table's voice ears on a scripted microphone: real espeak speech, the real endpointer and recognizer."""

from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt
import pytest

from tests.audio.speechgen import TUNING_VOICES, espeak_available, synth
from voicefish.audio.recognizer import Recognition
from voicefish.cards import Rank
from voicefish.rules import RuleSet
from voicefish.speech import intents as it
from voicefish.table.ears import ListenRequest
from voicefish.table.voice import VoiceEars

pytestmark = [
    pytest.mark.skipif(not espeak_available(), reason="needs espeak-ng (scripts/system-deps.sh)"),
    pytest.mark.slow,
]

REQUEST = ListenRequest(
    speaker="Sam",
    players=("Sam", "Leo", "Ann"),
    hand=(Rank.SEVEN, Rank.KING),
    rules=RuleSet(),
)


def silence(seconds: float) -> np.ndarray:
    return np.random.default_rng(3).normal(0, 4, int(16000 * seconds)).astype(np.int16)


def ears_for(audio: np.ndarray) -> VoiceEars:
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer

    return VoiceEars(Listener(ArraySource(audio)), SphinxRecognizer(), timeout=1.0)


def test_an_ask_is_heard_and_silence_is_none() -> None:
    audio = np.concatenate([silence(0.5), synth("leo do you have any kings", TUNING_VOICES[0]), silence(2.0)])
    ears = ears_for(audio)
    heard = ears.listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.KING)
    assert ears.listen(REQUEST) is None  # nothing more was said: no answer


def test_a_name_then_a_pause_is_joined_to_the_rest() -> None:
    name = synth("leo", TUNING_VOICES[1], pad_s=0.0)
    rest = synth("do you have any sevens", TUNING_VOICES[1], pad_s=0.0)
    audio = np.concatenate([silence(0.5), name, silence(0.45), rest, silence(2.0)])
    heard = ears_for(audio).listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.SEVEN), heard.text


def test_the_ears_decode_while_the_player_speaks() -> None:
    from voicefish.audio.listen import ArraySource, Listener
    from voicefish.audio.sphinx import SphinxRecognizer

    class Counting(SphinxRecognizer):
        whole = 0

        def decode(self, audio: npt.NDArray[np.int16]) -> Recognition:
            Counting.whole += 1
            return super().decode(audio)

    ask = synth("leo do you have any kings", TUNING_VOICES[0])
    name = synth("leo", TUNING_VOICES[1], pad_s=0.0)
    rest = synth("do you have any sevens", TUNING_VOICES[1], pad_s=0.0)
    audio = np.concatenate([silence(0.5), ask, silence(1.0), name, silence(0.45), rest, silence(2.0)])
    listener = Listener(ArraySource(audio))
    ears = VoiceEars(listener, Counting(), timeout=1.0)
    assert listener.detector.sink is not None and listener.detector.sink is cast(object, ears.recognizer)
    heard = ears.listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.KING), heard.text
    assert Counting.whole == 0  # decoded as it came: nothing left to decode at the end
    heard = ears.listen(REQUEST)
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.SEVEN), heard.text
    assert Counting.whole == 1  # "leo ... do you have any sevens" was joined: that audio is decoded whole
    plain = VoiceEars(Listener(ArraySource(audio)), SphinxRecognizer(), timeout=1.0, stream=False)
    assert plain.listener.detector.sink is None


def test_while_confirming_the_ears_hear_only_answers() -> None:
    from dataclasses import replace

    confirm = replace(REQUEST, expecting="confirm", prompt="Leo, for kings?")
    yes = synth("yes", TUNING_VOICES[0], pad_s=0.0)
    ask = synth("leo do you have any kings", TUNING_VOICES[0], pad_s=0.0)
    ears = ears_for(np.concatenate([silence(0.5), yes, silence(1.5), ask, silence(2.0), ask, silence(2.0)]))
    heard = ears.listen(confirm)
    assert heard is not None and isinstance(heard.intent, it.Yes), heard
    heard = ears.listen(confirm)
    assert heard is None or not isinstance(heard.intent, it.Ask), heard  # an ask cannot be heard now
    heard = ears.listen(REQUEST)  # the turn again: everything can be said
    assert heard is not None
    assert heard.intent == it.Ask("Leo", Rank.KING), heard.text
